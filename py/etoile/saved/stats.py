"""The statistics of the history: what each player did, counted from the games kept (:mod:`etoile.saved.history`).

Each game's record gives, once, when it is kept, a few *facts* per seat (its
statistics hooks' ``facts(match)``, see :func:`etoile.saved.history.facts`):
a score, the tokens taken, the moves to finish... :func:`statistics` gathers
them per player and game; each game's hooks add them up as its statistics
screen's section shows them (``section(player, t)``).

A player is a name, matched exactly, or a computer level of one game (each
level is a player of its own: a game's expert computer is not another game's);
people who left their name blank count as one
player, the unnamed. A game counts once for each of its players once it is
finished, however many seats they held (two expert computers at one table play
one game, won if either won), and each seat's facts count (two scores); a game
left before its end counts as left, nothing more. A shared first place counts
as a win for each who shares it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import field
from typing import Any

from etoile.engine.daily import Daily
from etoile.engine.game import JSON
from etoile.engine.lazy import lazy_dataclass
from etoile.engine.match import Seat
from etoile.saved.history import Entry

Who = tuple[str, str]
"""A player: ``("person", name)`` (``""`` for the unnamed) or ``("computer", "<game>/<level>")``."""


def who(game: str, seat: Seat) -> Who:
    """The player who sat at ``seat`` in a game of ``game``."""
    return ("computer", f"{game}/{seat.computer}") if seat.computer is not None else ("person", seat.name)


@lazy_dataclass(frozen=False)
class Record:
    """What one player did in one finished game of the history: whether one of their seats won, the facts of
    each seat they held (one, or more when the same player sat twice), the game's options, and the day's challenge
    it was, if it was one."""

    when: str
    won: bool
    facts: tuple[Mapping[str, JSON], ...]
    options: Mapping[str, JSON] = field(default_factory=dict)
    daily: Daily | None = None


@lazy_dataclass(frozen=False)
class Player:
    """Everything counted of one player, by game: their finished games (oldest first) and the games they left."""

    who: Who
    games: dict[str, list[Record]] = field(default_factory=dict)
    left: Counter[str] = field(default_factory=Counter)

    def played(self, game: str) -> int:
        return len(self.games.get(game, ()))

    def won(self, game: str) -> int:
        return sum(record.won for record in self.games.get(game, ()))

    def dailies(self, game: str) -> list[Record]:
        """The finished games of ``game`` that counted for their day's challenge (the first attempts), oldest first."""
        return [r for r in self.games.get(game, ()) if r.daily is not None and r.daily.counts]

    def values(self, game: str, fact: str) -> list[Any]:
        """The fact ``fact`` of every seat of every finished game of ``game`` that has it, oldest first."""
        return [seat[fact] for r in self.games.get(game, ()) for seat in r.facts if seat.get(fact) is not None]


def statistics(entries: Iterable[Entry]) -> dict[Who, Player]:
    """Every player of ``entries`` and what they did, oldest game first (see the module's text)."""
    players: dict[Who, Player] = {}
    for entry in sorted(entries, key=lambda e: (e.when, e.id)):
        seats: dict[Who, list[int]] = {}
        for seat, sat in enumerate(entry.players):
            seats.setdefault(who(entry.game, sat), []).append(seat)
        for person, held in seats.items():
            player = players.setdefault(person, Player(person))
            if entry.ended != "finished":
                player.left[entry.game] += 1
                continue
            won = any(seat in entry.winners for seat in held)
            record = Record(entry.when, won, tuple(entry.facts[s] for s in held), dict(entry.options), entry.daily)
            player.games.setdefault(entry.game, []).append(record)
    return players


def histogram(values: Iterable[int], width: int) -> dict[int, int]:
    """How many of ``values`` fall in each bin of ``width``, by the bin's lowest value.

    >>> histogram([3, 12, 17, 40], 10)
    {0: 1, 10: 2, 40: 1}
    """
    return dict(sorted(Counter(v // width * width for v in values).items()))
