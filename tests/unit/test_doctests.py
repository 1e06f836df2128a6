"""The examples in the docstrings of the pure modules are true."""

import doctest
import importlib

import pytest

PURE_MODULES = [
    "etoile.rng",
    "etoile.routes",
    "etoile.settings",
    "etoile.i18n",
    "etoile.ui.vdom",
    "etoile.storage",
    "etoile.match",
]


@pytest.mark.parametrize("name", PURE_MODULES)
def test_docstring_examples(name: str) -> None:
    failures, _ = doctest.testmod(importlib.import_module(name))
    assert failures == 0
