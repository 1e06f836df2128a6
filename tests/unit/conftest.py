import sys

import pytest

from etoile.app import routes
from etoile.ui import views
from etoile.ui.table import TABLES
from tests.unit import pig
from tests.unit.pig_table import TABLE as PIG_TABLE


@pytest.fixture
def games() -> dict:
    """A registry holding only the test game."""
    return {pig.ID: sys.modules[pig.__name__]}


@pytest.fixture
def pig_table(monkeypatch: pytest.MonkeyPatch) -> object:
    """The test game as a playable table at ``#/pig``."""
    monkeypatch.setitem(TABLES, "pig", PIG_TABLE)
    for module in (routes, views):
        monkeypatch.setattr(module, "GAMES", (*routes.GAMES, "pig"))
    return PIG_TABLE
