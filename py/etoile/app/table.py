"""A game's table as the app's update drives it: the part of the table protocol that is logic, not drawing.

Each game's table module (named by its :class:`~etoile.engine.registry.GameSpec`, loaded on first use) provides
this and the drawing that :class:`etoile.ui.table.Table` adds; the protocol as a whole is described there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
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


@dataclass(frozen=True, slots=True)
class Tip:
    """A pointer a table shows a person at their first games, till they dismiss it or do what it says.

    ``key`` is its text's key in the game's strings, and its id in the player's
    settings once learned; ``place`` names where the table draws it (by the
    dice, the sheet...); ``shows(match, local)`` says whether it applies to the
    person to move; ``done(before, after, local)`` whether what the person just
    did (``before`` the match then, ``after`` and ``local`` now) is what it says
    to do; ``words(match, local)`` fills its text's blanks.
    """

    key: str
    place: str
    shows: Callable[[Match, Any], bool]
    done: Callable[[Match, Match, Any], bool]
    words: Callable[[Match, Any], Mapping[str, str | int]] = lambda match, local: {}


def played(before: Match, after: Match, local: Any) -> bool:
    """A :attr:`Tip.done` for a tip that says to play: the person has played an action."""
    return after.cursor > before.cursor


def ended(before: Match, after: Match) -> bool:
    """Whether the game ended between ``before`` and ``after``, a later position of it (what a table's ``heard``
    greets with a win)."""
    return after.result is not None and before.result is None


def tips_of(table: object) -> Sequence[Tip]:
    """A table's pointers for first games (its optional ``TIPS``)."""
    tips: Sequence[Tip] = getattr(table, "TIPS", ())
    return tips


def showing(tips: Sequence[Tip], learned: Sequence[str], match: Match, local: Any) -> Tip | None:
    """The tip to show the person to move at ``match``: the first of ``tips`` that applies and is not ``learned``.

    >>> showing((), (), None, None) is None
    True
    """
    if not tips or match.person_to_move is None:
        return None
    return next((tip for tip in tips if tip.key not in learned and tip.shows(match, local)), None)


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
