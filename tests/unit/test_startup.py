"""Opening the page imports what its route needs: the page's own modules, the screen of the route, and a game's
package only when a screen of that game opens (the page's start-up under Pyodide pays for each import).

Each case runs in a fresh interpreter, with the browser's modules (``js``, ``pyodide``, ``pyscript``) stood in for,
imports the page's runtime as ``py/main.py`` does, and draws the route's screen as the page's first draw does.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from etoile.saved.history import Entry
from etoile.saved.storage import MemoryBackend, Store
from tests.e2e import positions

ROOT = Path(__file__).resolve().parents[2]
PAGE = """
import json, sys, types

class Anything:
    def __getattr__(self, name): return Anything()
    def __call__(self, *args, **kwargs): return Anything()

for name in ("js", "pyodide", "pyodide.ffi", "pyscript"):
    module = types.ModuleType(name)
    module.__getattr__ = lambda attr: Anything()
    sys.modules[name] = module

import etoile.ui.runtime.page
"""
"""The start of a script run as the page runs: the browser's modules stood in for, the page's runtime imported."""
OPEN = (
    PAGE
    + """from etoile.app.model import Model
from etoile.app.routes import parse
from etoile.ui.views import view

view(Model(route=parse(sys.argv[1])))
print(json.dumps(sorted(sys.modules)))
"""
)
PREFETCHED = (
    PAGE
    + """from etoile.app.model import Model
from etoile.app.routes import parse
from etoile.engine.registry import specs
from etoile.saved.history import newest_first
from etoile.saved.storage import MemoryBackend, Store
from etoile.ui.views import view

history = newest_first(Store(MemoryBackend(json.loads(sys.stdin.read()))).history())
view(Model(route=parse("#/history"), history=history))
for found in specs():  # as the page's prefetch_statistics does while the page is idle
    found.load_stats()
    found.load_section()
before = set(sys.modules)
view(Model(route=parse("#/stats"), history=history))
print(json.dumps(sorted(set(sys.modules) - before)))
"""
)
GAMES = {"421": "four21", "generala": "generala", "chinese-checkers": "chinese_checkers"}
COSTLY = {"fractions", "hashlib", "pkgutil", "segno", "decimal", "statistics"}
"""Modules of the standard library (and the QR code one) that the page's first screens do without."""


def run(script: str, *args: str, given: str = "") -> str:
    """What ``script`` prints, run in a fresh interpreter with the app's package on its path and ``given`` as input."""
    found = subprocess.run(
        [sys.executable, "-c", script, *args],
        input=given,
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "py"), "PATH": ""},
    )
    return found.stdout


def opened(route: str) -> set[str]:
    """The modules imported once the page has opened ``route``."""
    return set(json.loads(run(OPEN, route)))


def games_parts(modules: set[str]) -> set[str]:
    """The modules of game packages among ``modules``, beyond the packages themselves (their ``SPEC``)."""
    return {m for m in modules if m.startswith("etoile.games.") and m.count(".") > 2}


def test_home_imports_no_game_and_no_other_screen() -> None:
    modules = opened("#/")
    assert games_parts(modules) == set()
    assert {f"etoile.games.{ns}" for ns in GAMES.values()} <= modules  # each game's SPEC: the cards name them
    assert modules & COSTLY == set()
    assert {m for m in modules if m.startswith("etoile.ui.screens.")} == {"etoile.ui.screens.home"}
    assert "etoile.ui.qr" not in modules


@pytest.mark.parametrize("game", GAMES)
def test_a_games_setup_imports_that_game_only(game: str) -> None:
    modules = opened(f"#/{game}")
    assert f"etoile.games.{GAMES[game]}.rules" in modules
    others = {m for m in games_parts(modules) if not m.startswith(f"etoile.games.{GAMES[game]}.")}
    assert others == set()
    assert modules & COSTLY == set()


def test_the_statistics_screen_imports_nothing_once_the_statistics_are_prefetched() -> None:
    """The page loads every game's statistics while it is idle: opening the screen then, with a finished game of
    each kind in the history, imports no module (an import under Pyodide would hold the page)."""
    backend = MemoryBackend()
    for day, game in enumerate(GAMES, start=1):
        Store(backend).save_entry(Entry.of(positions.finished(game), f"2026-11-{day:02d}T20:00"))
    assert json.loads(run(PREFETCHED, given=json.dumps(backend.items))) == []


THROWN = """
import sys
from etoile.engine.match import Match, Seat
from etoile.games.generala import rules

match = Match.new(rules, {"players": 1}, 7, (Seat("Ann"),)).play(rules.Throw()).settled()
assert match.state.dice, "the dice were thrown"
print(sorted(sys.modules))
"""


def test_a_throw_is_drawn_without_listing_its_odds() -> None:
    """Drawing a throw needs how many dice fly, not the 252 exact odds of five dice, which import ``fractions``
    (about 30 ms of a player's first throw under Pyodide)."""
    assert "'fractions'" not in run(THROWN)
