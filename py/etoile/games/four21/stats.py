"""What a 421 game gives the statistics: each player's stars, tokens taken and hands shown, added up.

>>> from etoile.engine.match import Match
>>> from etoile.games.four21 import rules as four21
>>> facts(Match.new(four21, {"players": 2}, 3))
({'stars': 0, 'tokens': 0, 'hands': {}}, {'stars': 0, 'tokens': 0, 'hands': {}})
"""

from __future__ import annotations

from collections import Counter
from statistics import mean

from etoile.engine.game import JSON
from etoile.engine.match import Match
from etoile.games.four21.rules import ID, rank
from etoile.saved.stats import Player


def facts(match: Match) -> tuple[dict[str, JSON], ...]:
    """Each seat's stars revealed (unloads it left), tokens taken, and hands shown by rank (``"0"`` for 421)."""
    turns = match.state.turns
    found: tuple[dict[str, JSON], ...] = ()
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


def stars(player: Player) -> int:
    return sum(int(n) for n in player.values(ID, "stars"))


def tokens(player: Player) -> float | None:
    """The tokens taken per game, on average."""
    taken = player.values(ID, "tokens")
    return mean(taken) if taken else None


def hands(player: Player) -> Counter[int]:
    """How many times each hand was shown, by rank (0 for 421 ... 55 for 221)."""
    counts: Counter[int] = Counter()
    for shown in player.values(ID, "hands"):
        for hand_rank, count in shown.items():
            counts[int(hand_rank)] += int(count)
    return counts
