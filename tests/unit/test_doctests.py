"""The examples in the docstrings of the pure modules are true, and every module listed here has some."""

import doctest
import importlib

import pytest

DOCUMENTED = [
    "etoile.rng",
    "etoile.routes",
    "etoile.settings",
    "etoile.i18n",
    "etoile.safe_json",
    "etoile.storage",
    "etoile.match",
    "etoile.link",
    "etoile.model",
    "etoile.coach",
    "etoile.games",
    "etoile.games.dice",
    "etoile.games.four21",
    "etoile.games.four21_text",
    "etoile.games.generala",
    "etoile.games.generala_text",
    "etoile.games.chinese_checkers",
    "etoile.games.chinese_checkers_board",
    "etoile.games.chinese_checkers_state",
    "etoile.games.chinese_checkers_endings",
    "etoile.games.chinese_checkers_text",
    "etoile.ai.chinese_checkers",
    "etoile.ui.dice",
    "etoile.ui.vdom",
    "etoile.ui.qr",
    "etoile.ui.predrawn",
    "etoile.ui.views",
    "etoile.ui.tables.chinese_checkers",
    "tools.build",
]


@pytest.mark.parametrize("name", DOCUMENTED)
def test_docstring_examples(name: str) -> None:
    failures, attempted = doctest.testmod(importlib.import_module(name))
    assert attempted > 0, f"{name} is listed for doctests but has no example"
    assert failures == 0
