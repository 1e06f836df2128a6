"""The games the app knows: each game package declares one :class:`GameSpec`, and the registry finds them.

A game is a package of :mod:`etoile.games` whose ``__init__.py`` declares
``SPEC = GameSpec(...)``: its id, its place on the home screen, and the import
paths of its parts, each loaded on first use (the rules when a screen or a
saved game needs them, the table when a screen draws it, the computer players
only in their worker, the statistics when a game is kept or the statistics
screen is drawn): the home screen imports no game's rules. Nobody lists the
games: :func:`specs` imports the ``__init__`` of every subpackage of
``etoile.games`` once, the first time it is asked, and orders them by
:attr:`GameSpec.position`. A package elsewhere (a test's game) joins with
:func:`register_package` and leaves with :func:`unregister`.

The engine never imports a game by name: the packages are found and loaded with
:mod:`importlib`, so the layers stay engine below games.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import field
from pathlib import Path
from types import ModuleType
from typing import Any, overload

from etoile.engine.game import Description, Game
from etoile.engine.lazy import lazy_dataclass

GAMES_PACKAGE = "etoile.games"
"""The package whose subpackages are the games."""


@lazy_dataclass
class GameSpec:
    """Everything the app reads of one game, declared once in its package's ``__init__.py``.

    ``id`` is the game's id, in saves and URLs (its rules module's ``ID`` is this one); ``position`` is the game's
    place on the home screen, lowest first; ``rules``, ``table``, ``computer``, ``stats`` and ``section`` are import
    paths of the modules loaded on first use: the rules (:class:`~etoile.engine.game.Game`, :attr:`game`, whose
    :class:`~etoile.engine.game.Description` says the rest), the table (:class:`etoile.ui.table.Table`), the
    computer players (``choose``, ``advise``, optionally ``prepare``: imported
    only by :mod:`etoile.engine.computer`, the worker's entry), and the
    statistics hooks: ``facts(match)``, what a finished game gives the
    statistics (:func:`etoile.saved.history.facts`), and ``section(player, t)``,
    the game's section of the statistics screen (:mod:`etoile.ui.screens.past`).
    ``folder`` is the package's folder, which holds ``locales/<lang>/strings.json``
    (the game's strings) and ``locales/<lang>/rules.json`` (its rules page).
    """

    id: str
    rules: str
    position: int
    table: str
    computer: str
    stats: str
    section: str
    folder: Path
    daily: bool = False
    """Whether the game has a daily challenge, played alone (:mod:`etoile.engine.daily`): its rules module's
    ``daily_options(seed)`` gives the options of the day of ``seed``."""
    loaded: dict[str, ModuleType] = field(default_factory=dict, init=False, compare=False, repr=False)
    """The modules loaded so far, by import path."""

    @property
    def game(self) -> Game:
        """The rules module."""
        game: Game = self._module(self.rules)
        return game

    @property
    def description(self) -> Description:
        return self.game.DESCRIPTION

    @property
    def namespace(self) -> str:
        """The game's name in the code, its package's: the prefix of its locale keys (``<namespace>.*``)."""
        return self.folder.name

    def _module(self, path: str) -> Any:
        if path not in self.loaded:
            self.loaded[path] = importlib.import_module(path)
        return self.loaded[path]

    def load_table(self) -> Any:
        """The table module (imported on first use)."""
        return self._module(self.table)

    def load_computer(self) -> Any:
        """The computer players' module (imported on first use; only the worker asks)."""
        return self._module(self.computer)

    def load_stats(self) -> Any:
        """The module of the game's statistics facts (imported on first use)."""
        return self._module(self.stats)

    def load_section(self) -> Any:
        """The module of the game's section of the statistics screen (imported on first use)."""
        return self._module(self.section)

    def locale_file(self, lang: str) -> Path:
        """The game's strings in ``lang``: its ``<namespace>.*`` keys and its ``game.<id>.*`` name and line."""
        return self.folder / "locales" / lang / "strings.json"

    def rules_file(self, lang: str) -> Path:
        """The game's rules page in ``lang``: ``{title, summary, sections, options}``."""
        return self.folder / "locales" / lang / "rules.json"


class _Registry:
    """The specs found, by id, in home screen order (found on first use)."""

    def __init__(self) -> None:
        self.found: dict[str, GameSpec] | None = None

    def specs(self) -> dict[str, GameSpec]:
        if self.found is None:
            found: dict[str, GameSpec] = {}
            self.found = found  # a game module that asks the registry while it is imported sees the games so far
            try:
                for name in _subpackages(importlib.import_module(GAMES_PACKAGE).__path__):
                    spec = _spec_of(f"{GAMES_PACKAGE}.{name}")
                    found[spec.id] = spec
            except BaseException:
                self.found = None  # asked again, the registry looks again (and fails again, saying why)
                raise
            self.order()
        return self.found

    def order(self) -> None:
        assert self.found is not None
        ordered = sorted(self.found.values(), key=lambda s: (s.position, s.id))
        self.found = {spec.id: spec for spec in ordered}


_REGISTRY = _Registry()


def _subpackages(folders: Iterable[str]) -> list[str]:
    """The names of the packages in ``folders``: the subfolders with an ``__init__`` module, source or compiled.

    (:func:`pkgutil.iter_modules` says the same, but importing it costs the page's start-up about 20 ms.)
    """
    suffixes = importlib.machinery.all_suffixes()
    return sorted(
        entry.name
        for folder in folders
        for entry in os.scandir(folder)
        if entry.is_dir() and any(os.path.isfile(os.path.join(entry.path, f"__init__{s}")) for s in suffixes)
    )


def _spec_of(package: str) -> GameSpec:
    spec = getattr(importlib.import_module(package), "SPEC", None)
    if not isinstance(spec, GameSpec):
        raise TypeError(f"the game package {package} declares no SPEC = GameSpec(...)")
    return spec


def specs() -> tuple[GameSpec, ...]:
    """Every game's spec, in the home screen's order."""
    return tuple(_REGISTRY.specs().values())


def spec(game_id: str) -> GameSpec:
    """The spec of the game ``game_id``; ``KeyError`` if there is none."""
    return _REGISTRY.specs()[game_id]


def find(game_id: str) -> GameSpec | None:
    """The spec of the game ``game_id``, ``None`` if there is none."""
    return _REGISTRY.specs().get(game_id)


def register_package(package: str) -> GameSpec:
    """Add the game package ``package`` (an import path, e.g. a test's game outside :data:`GAMES_PACKAGE`)."""
    found = _REGISTRY.specs()
    new = _spec_of(package)
    found[new.id] = new
    _REGISTRY.order()
    return new


def unregister(game_id: str) -> None:
    """Take the game ``game_id`` out of the registry (a test's game, when the test is over)."""
    _REGISTRY.specs().pop(game_id, None)


class _Games(Mapping[str, Game]):
    """The rules modules of every game, by id, in the home screen's order: a live view of the registry."""

    def __getitem__(self, game_id: str) -> Game:
        return spec(game_id).game

    def __iter__(self) -> Iterator[str]:
        return iter(tuple(_REGISTRY.specs()))

    def __len__(self) -> int:
        return len(_REGISTRY.specs())

    def __contains__(self, game_id: object) -> bool:
        return game_id in _REGISTRY.specs()

    def __repr__(self) -> str:
        return f"REGISTRY{tuple(self)}"


class _Ids(Sequence[str]):
    """The ids of every game, in the home screen's order: a live view of the registry."""

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return tuple(_REGISTRY.specs())[index]

    def __len__(self) -> int:
        return len(_REGISTRY.specs())

    def __contains__(self, game_id: object) -> bool:
        return game_id in _REGISTRY.specs()

    def __iter__(self) -> Iterator[str]:
        return iter(tuple(_REGISTRY.specs()))

    def __repr__(self) -> str:
        return repr(tuple(self))


REGISTRY: Mapping[str, Game] = _Games()
"""Every game's rules module, by :attr:`~etoile.engine.game.Game.ID` (a live view of the registry)."""

IDS: Sequence[str] = _Ids()
"""Every game's id, in the home screen's order (a live view of the registry); each is also its URL path."""
