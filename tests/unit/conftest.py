import sys

import pytest

from tests.unit import pig


@pytest.fixture
def games() -> dict:
    """A registry holding only the test game."""
    return {pig.ID: sys.modules[pig.__name__]}
