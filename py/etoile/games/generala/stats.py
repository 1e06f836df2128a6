"""What a Generala game gives the statistics: each column's score, its generals and crossed boxes, added up.

>>> from etoile.engine.match import Match, Seat
>>> from etoile.games.generala import rules as generala
>>> facts(Match.new(generala, {"players": 1}, 3, (Seat("Ann"),)).settled())
({'score': 0, 'generals': 0, 'big_general': False, 'crossed': []},)
"""

from __future__ import annotations

from collections import Counter

from etoile.engine.game import JSON
from etoile.engine.match import Match
from etoile.games.generala.rules import BOXES, ID, total
from etoile.saved.stats import Player


def facts(match: Match) -> tuple[dict[str, JSON], ...]:
    """Each column's final score, its generals (0 or 1), whether it made the big general, the boxes it crossed out."""
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


def scores(player: Player) -> list[int]:
    """Every final score of the player's columns, oldest first."""
    return [int(s) for s in player.values(ID, "score")]


def generals(player: Player) -> int:
    return sum(int(n) for n in player.values(ID, "generals"))


def big_generals(player: Player) -> int:
    return sum(bool(b) for b in player.values(ID, "big_general"))


def crossed(player: Player) -> Counter[str]:
    """How many columns (a game's seats) each box was crossed out in (filled with 0)."""
    return Counter(box for boxes in player.values(ID, "crossed") for box in boxes)
