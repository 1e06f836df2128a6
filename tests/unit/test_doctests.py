"""The examples in the docstrings of every module of the package (and of the build) are true.

The modules are found, not listed: a module added later has its examples run
too. Only the two that drive the page itself import the browser's ``js``
module, which CPython does not have; their code is exercised by the browser tests.
"""

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import etoile

PAGE_ONLY = {
    "etoile.ui.dom",
    "etoile.ui.runtime.effects",
    "etoile.ui.runtime.page",
    "etoile.ui.runtime.peers",
    "etoile.ui.runtime.sound",
    "etoile.ui.runtime.storage",
    "etoile.ui.runtime.worker",
}
"""The modules that import the browser's ``js`` and so load only in the page."""

MODULES = sorted(
    {module.name for module in pkgutil.walk_packages(etoile.__path__, "etoile.")} - PAGE_ONLY | {"etoile", "tools.build"}
)


def test_the_modules_are_found_not_listed() -> None:
    assert {
        "etoile.saved.history",
        "etoile.saved.stats",
        "etoile.sharing.by_link",
        "etoile.games.generala.ai.win",
        "etoile.ui.screens.past",
    } <= set(MODULES)


def test_every_file_of_the_package_is_found() -> None:
    """A folder of modules without its ``__init__.py`` would be skipped by the search: none is."""
    root = Path(etoile.__file__).parent
    files = {".".join(("etoile", *path.relative_to(root).with_suffix("").parts)) for path in root.rglob("*.py")}
    assert {name.removesuffix(".__init__") for name in files} == set(MODULES) - {"tools.build"} | PAGE_ONLY


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    failures, _ = doctest.testmod(importlib.import_module(name))
    assert failures == 0
