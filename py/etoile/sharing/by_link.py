"""Games by link: correspondence play between devices, with no server.

A game by link is set up on one device with some seats played by friends on theirs (:attr:`Seat.away`). Each
device keeps its own copy of the game, in a slot of its own (:class:`etoile.engine.slot.Slot`, the game's id drawn at
the setup naming it on every device). When a friend is to move, the device offers a ``play`` link
(:mod:`etoile.sharing.link`) holding the whole record; the friend's device replays it through the rules and, by
:func:`receive`, takes it as a new game, a continuation of its copy, an older link, or a rival to its copy that the
player settles. Computer seats play on the device that has the game when their turn comes: the one of the person
who moved before them.

>>> from etoile.games.chinese_checkers import rules as chinese_checkers
>>> ann_bob = (Seat("Ann"), Seat("Bob", away=True))
>>> mine = Match.new(chinese_checkers, {"players": 2}, 5, ann_bob).play(chinese_checkers.action_from_text("3-14"))
>>> arrival = receive(mine, None)
>>> arrival.outcome, [seat.away for seat in arrival.match.seats], arrival.match.person_to_move
('new', [True, False], 1)
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Literal

from etoile.engine.lazy import lazy_dataclass
from etoile.engine.match import Match, Seat
from etoile.engine.rng import splitmix64

ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789"
ID_LENGTH = 8
BY_LINK_ID = re.compile(r"[a-z0-9]{8}")
"""The id of a game by link (:func:`new_id`): eight letters and digits drawn when it is set up, the same on every device."""

Outcome = Literal["new", "moved", "same", "stale", "rival"]
"""What a ``play`` link did to this device's copy of its game (each told by ``bylink.arrived.<outcome>``): none
yet (``new``), moves added (``moved``), nothing new (``same``), older than the copy (``stale``), or a game that
parts from the copy (``rival``), kept beside it until the player chooses."""


def new_id(seed: int) -> str:
    """The id of a new game by link, from the setup's fresh seed: 8 letters and digits (36⁸, 2.8 × 10¹²).

    >>> new_id(7), len(new_id(2**64 - 1))
    ('d3i710us', 8)
    """
    number = splitmix64(seed, 0)
    return "".join(ALPHABET[(number // len(ALPHABET) ** i) % len(ALPHABET)] for i in range(ID_LENGTH))


def sent(match: Match) -> Match:
    """The match as a link sends it: the moves played, not those undone."""
    return match if match.cursor == len(match.actions) else Match.new(
        match.game, match.options, match.seed, match.seats
    ).play_all(match.played)  # fmt: skip


def claimed(match: Match) -> Match:
    """A game that comes in a link, as the receiving device plays it: the person to move is here, every other
    person away (their device sent it, or will get it next)."""
    seat = match.game.to_move(match.state)
    seats = tuple(s if s.computer is not None else replace(s, away=index != seat) for index, s in enumerate(match.seats))
    return replace_seats(match, seats)


def replace_seats(match: Match, seats: tuple[Seat, ...]) -> Match:
    """``match`` with other people at its seats (who plays here and who away): the same moves, the same states."""
    return Match(match.game, match.options, match.seed, match.actions, match.states, match.cursor, seats, match.dice)


Difference = Literal["game", "players"]
"""What sets two copies of a game apart besides their moves: the game itself (its rules, options or seed: another
game under the same id), or its players (who sits at each seat, by name or computer level)."""


def differences(a: Match, b: Match) -> tuple[Difference, ...]:
    """What sets two copies of a game apart besides their moves (wherever each seat plays), in that order.

    >>> from etoile.games.chinese_checkers import rules as chinese_checkers
    >>> mine = Match.new(chinese_checkers, {"players": 2}, 5, (Seat("Ann"), Seat("Bob")))
    >>> differences(mine, mine), differences(mine, replace_seats(mine, (Seat("Ann"), Seat("Robert"))))
    ((), ('players',))
    """

    def people(match: Match) -> tuple[tuple[str, str | None], ...]:
        return tuple((s.name, s.computer) for s in match.seats)

    game = (a.game.ID, dict(a.options), a.seed) != (b.game.ID, dict(b.options), b.seed)
    return (*(("game",) if game else ()), *(("players",) if people(a) != people(b) else ()))


def parting(a: Match, b: Match) -> int:
    """How many moves two copies of a game share from the start (the moves played, not undone)."""
    common = 0
    for x, y in zip(a.played, b.played, strict=False):
        if x != y:
            break
        common += 1
    return common


@lazy_dataclass
class Arrival:
    """What a ``play`` link leaves on this device: ``match``, the game its slot holds now; ``rival``, for the
    outcome ``rival``, the link's game, kept beside it until the player chooses; ``common``, the moves they share;
    ``differs``, what else sets the link's game apart (:func:`differences`)."""

    outcome: Outcome
    match: Match
    rival: Match | None = None
    common: int = 0
    differs: tuple[Difference, ...] = ()


def receive(incoming: Match, stored: Match | None) -> Arrival:
    """Take the game of a ``play`` link on a device that holds ``stored`` in its slot (or nothing).

    The copy goes on only with a link that extends it, the same opening moves and more; who plays here stays as
    this device has it. A link with fewer moves is older (the copy stays); one that parts from the copy, or holds
    another game or other players under the same id, is a rival: both are kept until the player chooses.
    """
    if stored is None:
        return Arrival("new", claimed(incoming), common=incoming.cursor)
    common = parting(stored, incoming)
    if differs := differences(stored, incoming):  # another game, or other players: kept beside it, whatever its moves
        return Arrival("rival", stored, claimed(incoming), common, differs)
    if common == stored.cursor == incoming.cursor:
        return Arrival("same", stored, common=common)
    if common == stored.cursor:
        moved = sent(stored).play_all(incoming.played[common:])
        return Arrival("moved", moved, common=common)
    if common == incoming.cursor:
        return Arrival("stale", stored, common=common)
    return Arrival("rival", stored, replace_seats(incoming, stored.seats), common)


def made_here(match: Match, ply: int) -> bool:
    """Whether the action that led to the position after ``ply`` actions was made on this device: by a person here,
    the computer or the rules, not by a friend away."""
    seat = match.game.to_move(match.states[ply - 1])
    return not (isinstance(seat, int) and match.seats and match.seats[seat].away)
