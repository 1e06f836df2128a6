"""The statistics of the history: what each player did, counted from the games kept (:mod:`etoile.saved.history`).

Each game's record gives, once, when it is kept, a few *facts* per seat
(:func:`facts`): a Generala column's score, its generals and crossed boxes; a
421 player's stars, tokens taken and hands thrown; a Chinese checkers
player's moves to finish. :func:`statistics` adds them up per player.

A player is a name, matched exactly, or a computer level of one game (each
level is a player of its own: "Computer (expert)" at 421 is not "Computer
(hard)" at Chinese checkers); people who left their name blank count as one
player, the unnamed. A game counts once for each of its players once it is
finished, however many seats they held (two expert computers at one table play
one game, won if either won), and each seat's facts count (two scores); a game
left before its end counts as left, nothing more. A shared first place counts
as a win for each who shares it.

>>> from etoile.saved.history import Entry
>>> from etoile.games.generala import rules as generala
>>> from etoile.engine.match import Match, Seat
>>> match = Match.new(generala, {"players": 1}, 3, (Seat("Ann"),)).settled()
>>> facts(match)
({'score': 0, 'generals': 0, 'big_general': False, 'crossed': []},)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from statistics import mean
from typing import TYPE_CHECKING, Any

from etoile.engine.game import JSON
from etoile.engine.match import Match, Seat

if TYPE_CHECKING:
    from etoile.saved.history import Entry

Facts = tuple[dict[str, JSON], ...]

Who = tuple[str, str]
"""A player: ``("person", name)`` (``""`` for the unnamed) or ``("computer", "<game>/<level>")``."""


def who(game: str, seat: Seat) -> Who:
    """The player who sat at ``seat`` in a game of ``game``."""
    return ("computer", f"{game}/{seat.computer}") if seat.computer is not None else ("person", seat.name)


def _generala(match: Match) -> Facts:
    from etoile.games.generala.rules import BOXES, total  # noqa: PLC0415 - each game's facts import their game alone

    state = match.state
    return tuple(
        {
            "score": total(column),
            "generals": int(column[BOXES.index("general")] == 60),
            "big_general": state.big_general == seat,
            "crossed": [box for box, points in zip(BOXES, column, strict=True) if points == 0],
        }
        for seat, column in enumerate(state.sheets)
    )


def _four21(match: Match) -> Facts:
    from etoile.games.four21.rules import rank  # noqa: PLC0415

    turns = match.state.turns
    found: Facts = ()
    for seat in range(len(match.state.held)):
        hands = Counter(str(rank(turn.hands[seat])) for turn in turns if len(turn.hands[seat]) == 3)
        found += (
            {
                "stars": sum(1 for turn in turns if turn.phase == "decharge" and seat in turn.out),
                "tokens": sum(turn.amount for turn in turns if turn.worst == seat),
                "hands": dict(sorted(hands.items(), key=lambda item: int(item[0]))),
            },
        )
    return found


def _chinese_checkers(match: Match) -> Facts:
    state = match.state
    return tuple({"moves": state.turns[seat] if seat in state.finished else None} for seat in range(state.players))


FACTS: dict[str, Callable[[Match], Facts]] = {"generala": _generala, "421": _four21, "chinese-checkers": _chinese_checkers}


def facts(match: Match) -> Facts:
    """What the statistics count of each seat's play in ``match`` (nothing for a game they do not know)."""
    found = FACTS.get(match.game.ID)
    return found(match) if found is not None else tuple({} for _ in match.seats)


def seating(options: Mapping[str, JSON]) -> str:
    """How a Chinese checkers game was seated: ``"3"`` for three players, ``"2x3"`` for two with three camps each."""
    players, camps = options.get("players", 2), options.get("camps", 1)
    return f"{players}x{camps}" if camps not in (None, 1) else f"{players}"


@dataclass
class Record:
    """What one player did in one finished game of the history: whether one of their seats won, and the facts of
    each seat they held (one, or more when the same player sat twice)."""

    when: str
    won: bool
    facts: tuple[Mapping[str, JSON], ...]


@dataclass
class Player:
    """Everything counted of one player, by game: their finished games (oldest first) and the games they left."""

    who: Who
    games: dict[str, list[Record]] = field(default_factory=dict)
    left: Counter[str] = field(default_factory=Counter)
    seatings: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Chinese checkers: ``(played, won)`` by :func:`seating`."""

    def played(self, game: str) -> int:
        return len(self.games.get(game, ()))

    def won(self, game: str) -> int:
        return sum(record.won for record in self.games.get(game, ()))

    def values(self, game: str, fact: str) -> list[Any]:
        """The fact ``fact`` of every seat of every finished game of ``game`` that has it, oldest first."""
        return [seat[fact] for r in self.games.get(game, ()) for seat in r.facts if seat.get(fact) is not None]

    # -- Generala --

    def scores(self) -> list[int]:
        return [int(s) for s in self.values("generala", "score")]

    def generals(self) -> int:
        return sum(int(n) for n in self.values("generala", "generals"))

    def big_generals(self) -> int:
        return sum(bool(b) for b in self.values("generala", "big_general"))

    def crossed(self) -> Counter[str]:
        """How many columns (a game's seats) each box was crossed out in (filled with 0)."""
        return Counter(box for boxes in self.values("generala", "crossed") for box in boxes)

    # -- 421 --

    def stars(self) -> int:
        return sum(int(n) for n in self.values("421", "stars"))

    def tokens(self) -> float | None:
        """The tokens taken per game, on average."""
        taken = self.values("421", "tokens")
        return mean(taken) if taken else None

    def hands(self) -> Counter[int]:
        """How many times each hand was thrown, by rank (0 for 421 ... 55 for 221)."""
        counts: Counter[int] = Counter()
        for hands in self.values("421", "hands"):
            for rank, count in hands.items():
                counts[int(rank)] += int(count)
        return counts

    # -- Chinese checkers --

    def moves(self) -> float | None:
        """The moves it took to bring every piece home, on average over the games finished."""
        moves = self.values("chinese-checkers", "moves")
        return mean(moves) if moves else None


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
            player.games.setdefault(entry.game, []).append(Record(entry.when, won, tuple(entry.facts[s] for s in held)))
            if entry.game == "chinese-checkers":
                played, wins = player.seatings.get(seating(entry.options), (0, 0))
                player.seatings[seating(entry.options)] = (played + 1, wins + won)
    return players


def histogram(values: Iterable[int], width: int) -> dict[int, int]:
    """How many of ``values`` fall in each bin of ``width``, by the bin's lowest value.

    >>> histogram([3, 12, 17, 40], 10)
    {0: 1, 10: 2, 40: 1}
    """
    return dict(sorted(Counter(v // width * width for v in values).items()))
