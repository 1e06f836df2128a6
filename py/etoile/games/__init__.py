"""The rule modules, and the one protocol they all follow.

A game is a module (or any object) with the attributes of :class:`Game`. Its
state and actions are immutable values that turn into plain JSON and back;
chance comes from an :class:`etoile.rng.Dice` kept inside the state. Rules
never touch the page, the clock or a global random generator, so the same
code runs the page, the computer players and the tests.

The generic machinery (history with undo and redo, saving, replay, random
play in property tests) is written once against this protocol, in
:mod:`etoile.match`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

JSON = Any
"""A value made of dicts, lists, str, int, float, bool and None."""


class IllegalAction(ValueError):
    """An action the rules do not allow in this state; the message says why."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: tiers of seats, best first.

    ``Outcome(((0,), (1, 2)))`` means seat 0 won and seats 1 and 2 share the
    next place. Seats that share the first tier share the win.
    """

    ranking: tuple[tuple[int, ...], ...]

    @property
    def winners(self) -> tuple[int, ...]:
        return self.ranking[0] if self.ranking else ()

    def to_json(self) -> list[list[int]]:
        return [list(tier) for tier in self.ranking]


class Game(Protocol):
    """What every rule module provides (module-level names)."""

    ID: str
    """Stable id used in saves and URLs: ``"421"``, ``"generala"``, ..."""

    LEVELS: tuple[str, ...]
    """The computer players' levels, weakest first: the only values a seat's ``computer`` may hold."""

    def start(self, options: Mapping[str, JSON], seed: int) -> Any:
        """The state before the first action; raises ``ValueError`` on bad options."""

    def max_actions(self, options: Mapping[str, JSON]) -> int:
        """The most actions a game with ``options`` can hold: a saved record with more is refused before replay."""

    def to_move(self, state: Any) -> int | None:
        """The seat whose action it is, or ``None`` when the game is over."""

    def legal_actions(self, state: Any) -> Sequence[Any]:
        """Every action the seat to move may take (empty when the game is over)."""

    def apply(self, state: Any, action: Any) -> Any:
        """The state after ``action``; raises :class:`IllegalAction` if it is not legal."""

    def result(self, state: Any) -> Outcome | None:
        """The outcome once the game is over, else ``None``."""

    def state_to_json(self, state: Any) -> JSON: ...

    # A game whose rules changed may also provide ``upgrade_options(options, format) -> options``: the options of a
    # game saved in an older match format, as this version reads them (see :data:`etoile.match.FORMAT`).

    def state_from_json(self, data: JSON) -> Any: ...

    def action_to_json(self, action: Any) -> JSON: ...

    def action_from_json(self, data: JSON) -> Any: ...


REGISTRY: dict[str, Game] = {}
"""Every game the app knows, by :attr:`Game.ID`."""


def register(game: Game) -> Game:
    """Add a rule module to :data:`REGISTRY` (modules call this on import)."""
    REGISTRY[game.ID] = game
    return game
