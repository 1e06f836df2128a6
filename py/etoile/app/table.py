"""A game's table as the app's update drives it: the part of the table protocol that is logic, not drawing.

Each game's table module (named by its :class:`~etoile.engine.registry.GameSpec`, loaded on first use) provides
this and the drawing that :class:`etoile.ui.table.Table` adds; the protocol as a whole is described there.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Generic, Protocol, TypeVar

from etoile.app.effects import Effect
from etoile.engine.game import Game
from etoile.engine.match import Match
from etoile.engine.registry import IDS, spec


class TableLogic(Protocol):
    """What the update asks of a table: its game, its view state for a match, and its own messages."""

    GAME: Game

    def start(self, match: Match) -> Any: ...

    def on(self, match: Match, local: Any, msg: Any) -> tuple[Match, Any, list[Effect]]: ...


T_co = TypeVar("T_co", covariant=True)


class Tables(Mapping[str, T_co], Generic[T_co]):
    """Every game's table, by game id: each loaded from the module its spec names, on first use (a live view of
    :mod:`etoile.engine.registry`, so a game registered later is there too)."""

    def __getitem__(self, game_id: str) -> T_co:
        table: T_co = spec(game_id).load_table()
        return table

    def __iter__(self) -> Iterator[str]:
        return iter(IDS)

    def __len__(self) -> int:
        return len(IDS)

    def __contains__(self, game_id: object) -> bool:
        return game_id in IDS


TABLES: Mapping[str, TableLogic] = Tables[TableLogic]()
"""Every playable table, by game id, as the update drives it."""
