"""The setup screen of a game, as data: who sits where, and the rule options.

A :class:`Setup` is the form the player edits, for a game's
:class:`~etoile.engine.game.Description` (seat range, computer levels, options with
their values and defaults); :meth:`Setup.options_json` and
:meth:`Setup.match_seats` are what start a :class:`~etoile.engine.match.Match`.
Labels come from the locale files: ``<namespace>.option.<id>`` names an option
and ``<namespace>.option.<id>.<value>`` each of its values;
``<namespace>.level.<level>`` names a computer level.
"""

from __future__ import annotations

from dataclasses import field, replace
from typing import Any

from etoile.engine.game import JSON, Description
from etoile.engine.lazy import lazy_dataclass
from etoile.engine.match import Seat
from etoile.engine.names import clean_name

KINDS = ("person", "device", "friend", "computer")
"""Who may sit at a seat, in the order the form lists them."""
MAX_SEATS = 99
MAX_GUESTS = 7
"""The most seats played on other devices at a live table: eight devices in all, the host's with them (every
action goes through the host, which holds a connection to each)."""
"""The most seats a form holds for a game whose rules set no limit: only to keep a page drawable."""


@lazy_dataclass
class SeatChoice:
    """One row of the setup form: ``computer`` is a level, or ``None`` for a person called ``name``, who plays on
    this device, ``away`` on a friend's, by link, or on their own ``device``, live."""

    name: str = ""
    computer: str | None = None
    away: bool = False
    device: bool = False

    @property
    def kind(self) -> str:
        """``"person"``, ``"friend"`` (a person by link), ``"device"`` (a person on their own device, live) or
        ``"computer"``: the choice of the seat's kind."""
        if self.computer is not None:
            return "computer"
        return "friend" if self.away else "device" if self.device else "person"


@lazy_dataclass
class Setup:
    spec: Description
    seats: tuple[SeatChoice, ...]
    options: dict[str, JSON] = field(default_factory=dict)

    @classmethod
    def new(cls, spec: Description, own_name: str = "") -> Setup:
        """The default form: the player in the first seat, the computer's best level in the others."""
        seats = (SeatChoice(own_name), *(SeatChoice("", spec.strongest) for _ in range(spec.default_players - 1)))
        return cls(spec, seats, {o.id: o.default for o in spec.offered})

    def with_players(self, count: int) -> Setup:
        """The form for ``count`` seats (kept within what the game accepts): new seats go to the strongest computer."""
        most = self.spec.max_players if self.spec.max_players is not None else MAX_SEATS
        count = max(self.spec.min_players, min(most, count))
        seats = self.seats[:count] + tuple(SeatChoice("", self.spec.strongest) for _ in range(count - len(self.seats)))
        if count == 1:  # a game alone is played here: a seat that was to be played elsewhere is the player's
            seats = tuple(replace(s, away=False, device=False) for s in seats)
        # An option value that does not fit the new number of players goes back to its default.
        options = {o.id: self.options[o.id] if o.allows(self.options[o.id], count) else o.default for o in self.spec.offered}
        return replace(self, seats=seats, options=options)

    def with_seat(self, index: int, **changes: Any) -> Setup:
        if not 0 <= index < len(self.seats):
            return self
        if "name" in changes:
            changes["name"] = clean_name(str(changes["name"]))
        if "computer" in changes and changes["computer"] not in (None, *self.spec.levels):
            return self
        if changes.get("away") and not self.spec.by_link:
            return self
        seats = list(self.seats)
        seats[index] = replace(seats[index], **changes)
        return replace(self, seats=tuple(seats))

    def with_option(self, option_id: str, text: str) -> Setup:
        """Set an option from its :func:`token`; an unknown option or value, or one not for this many players, changes nothing."""
        option = self.spec.option(option_id)
        if option is None or not option.offered:
            return self
        try:
            value = option.value_of(text)
        except KeyError:
            return self
        if not option.allows(value, len(self.seats)):
            return self
        return replace(self, options={**self.options, option_id: value})

    @property
    def kinds(self) -> tuple[str, ...]:
        """Who may play a seat (:data:`KINDS`): a person here, a person on their own device (live), a friend by link
        where the game is played so, the computer; a game of one seat is played here, by its player or the computer."""
        alone = len(self.seats) == 1
        return tuple(k for k in KINDS if not (alone and k in ("device", "friend")) and (k != "friend" or self.spec.by_link))

    def with_kind(self, index: int, kind: str) -> Setup:
        """Seat ``index`` played by a person here, a friend by link (where the game allows it), a person on their
        own device, live, or the computer. A game is played by link or live, not both: the other kind's seats
        follow."""
        if kind not in self.kinds or not 0 <= index < len(self.seats):
            return self
        if kind == "device" and not self.seats[index].device and len(self.guests()) >= MAX_GUESTS:
            return self
        other = {"friend": "device", "device": "friend"}.get(kind)
        seats = tuple(replace(s, away=kind == "friend", device=kind == "device") if s.kind == other else s for s in self.seats)
        computer = self.spec.strongest if kind == "computer" else None
        return replace(self, seats=seats).with_seat(index, computer=computer, away=kind == "friend", device=kind == "device")

    @property
    def by_link(self) -> bool:
        """Whether the game will be played by link: a friend sits at one seat at least."""
        return any(seat.away for seat in self.seats)

    @property
    def live(self) -> bool:
        """Whether the game will be played live across devices: a person sits at one on their own."""
        return any(seat.device for seat in self.seats)

    @property
    def guests_full(self) -> bool:
        """Whether no other seat may be played on its own device (:data:`MAX_GUESTS` are)."""
        return len(self.guests()) >= MAX_GUESTS

    def guests(self) -> set[int]:
        """The seats played on other devices, live."""
        return {i for i, seat in enumerate(self.seats) if seat.device}

    def options_json(self) -> dict[str, JSON]:
        return {"players": len(self.seats), **self.options}

    def match_seats(self) -> tuple[Seat, ...]:
        """The seats of the match (a blank name is shown as "Player 2", "Computer"... in the player's language)."""
        return tuple(Seat(s.name, s.computer, s.away or s.device) for s in self.seats)
