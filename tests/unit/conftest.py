import sys
from collections.abc import Iterator

import pytest

from etoile.engine.registry import register_package, unregister
from tests.games.pig import rules as pig


@pytest.fixture
def games() -> dict[str, object]:
    """A registry holding only the test game."""
    return {pig.ID: sys.modules[pig.__name__]}


@pytest.fixture
def pig_table() -> Iterator[object]:
    """The test game registered as the app's games are, a playable table at ``#/pig`` (for the test only)."""
    spec = register_package("tests.games.pig")
    yield spec.load_table()
    unregister(spec.id)
