"""The setup screen of a game, as data: who sits where, and the rule options.

Each game declares a :class:`GameSpec` (seat range, computer levels, options
with their values and defaults); a :class:`Setup` is the form the player edits,
and :meth:`Setup.options_json` / :meth:`Setup.seats` are what start a
:class:`~etoile.match.Match`. Labels come from the locale files:
``<game>.option.<id>`` names an option and ``<game>.option.<id>.<value>`` each
of its values; ``<game>.level.<level>`` names a computer level.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from etoile.games import JSON
from etoile.match import Seat
from etoile.settings import clean_name


def token(value: JSON) -> str:
    """How an option value is written in the page and in locale keys: ``11``, ``true``, ``at_most``."""
    return value if isinstance(value, str) else json.dumps(value)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A rule option: its values and default; ``players`` limits some values to some numbers of players."""

    id: str
    values: tuple[JSON, ...]
    default: JSON
    players: Mapping[JSON, tuple[int, ...]] = field(default_factory=dict, hash=False)

    def allows(self, value: JSON, players: int) -> bool:
        """Whether ``value`` can be chosen for a game of ``players``."""
        return players in self.players.get(value, (players,))

    def value_of(self, text: str) -> JSON:
        """The value whose :func:`token` is ``text``; ``KeyError`` if none."""
        for value in self.values:
            if token(value) == text:
                return value
        raise KeyError(text)


@dataclass(frozen=True, slots=True)
class GameSpec:
    id: str
    min_players: int
    max_players: int
    levels: tuple[str, ...]
    options: tuple[OptionSpec, ...] = ()
    default_players: int = 2

    def option(self, option_id: str) -> OptionSpec | None:
        return next((o for o in self.options if o.id == option_id), None)


@dataclass(frozen=True, slots=True)
class SeatChoice:
    """One row of the setup form: ``computer`` is a level, or ``None`` for a person called ``name``."""

    name: str = ""
    computer: str | None = None


@dataclass(frozen=True, slots=True)
class Setup:
    spec: GameSpec
    seats: tuple[SeatChoice, ...]
    options: dict[str, JSON] = field(default_factory=dict)

    @classmethod
    def new(cls, spec: GameSpec, own_name: str = "") -> Setup:
        """The default form: the player in the first seat, the computer's best level in the others."""
        best = spec.levels[-1] if spec.levels else None
        seats = (SeatChoice(own_name), *(SeatChoice("", best) for _ in range(spec.default_players - 1)))
        return cls(spec, seats, {o.id: o.default for o in spec.options})

    def with_players(self, count: int) -> Setup:
        count = max(self.spec.min_players, min(self.spec.max_players, count))
        best = self.spec.levels[-1] if self.spec.levels else None
        seats = self.seats[:count] + tuple(SeatChoice("", best) for _ in range(count - len(self.seats)))
        # An option value that does not fit the new number of players goes back to its default.
        options = {o.id: self.options[o.id] if o.allows(self.options[o.id], count) else o.default for o in self.spec.options}
        return replace(self, seats=seats, options=options)

    def with_seat(self, index: int, **changes: Any) -> Setup:
        if not 0 <= index < len(self.seats):
            return self
        if "name" in changes:
            changes["name"] = clean_name(str(changes["name"]))
        if "computer" in changes and changes["computer"] not in (None, *self.spec.levels):
            return self
        seats = list(self.seats)
        seats[index] = replace(seats[index], **changes)
        return replace(self, seats=tuple(seats))

    def with_option(self, option_id: str, text: str) -> Setup:
        """Set an option from its :func:`token`; an unknown option or value, or one not for this many players, changes nothing."""
        option = self.spec.option(option_id)
        if option is None:
            return self
        try:
            value = option.value_of(text)
        except KeyError:
            return self
        if not option.allows(value, len(self.seats)):
            return self
        return replace(self, options={**self.options, option_id: value})

    def options_json(self) -> dict[str, JSON]:
        return {"players": len(self.seats), **self.options}

    def match_seats(self) -> tuple[Seat, ...]:
        """The seats of the match (a blank name is shown as "Player 2", "Computer"... in the player's language)."""
        return tuple(Seat(s.name, s.computer) for s in self.seats)
