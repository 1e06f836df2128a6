"""What a Chinese checkers game gives the statistics: the moves each player took to finish, and how they sat.

>>> from etoile.engine.match import Match
>>> from etoile.games.chinese_checkers import rules as chinese_checkers
>>> facts(Match.new(chinese_checkers, {"players": 2}, 5))
({'moves': None}, {'moves': None})
"""

from __future__ import annotations

from collections.abc import Mapping
from statistics import mean

from etoile.engine.game import JSON
from etoile.engine.match import Match
from etoile.games.chinese_checkers.rules import ID
from etoile.saved.stats import Player


def facts(match: Match) -> tuple[dict[str, JSON], ...]:
    """Each seat's moves to bring every piece home (``None`` for a seat that did not finish)."""
    state = match.state
    return tuple({"moves": state.turns[seat] if seat in state.finished else None} for seat in range(state.players))


def moves(player: Player) -> float | None:
    """The moves it took to bring every piece home, on average over the games finished."""
    found = player.values(ID, "moves")
    return mean(found) if found else None


def seating(options: Mapping[str, JSON]) -> str:
    """How a game was seated: ``"3"`` for three players, ``"2x3"`` for two with three camps each."""
    players, camps = options.get("players", 2), options.get("camps", 1)
    return f"{players}x{camps}" if camps not in (None, 1) else f"{players}"


def seatings(player: Player) -> dict[str, tuple[int, int]]:
    """The player's finished games ``(played, won)`` by :func:`seating`."""
    counted: dict[str, tuple[int, int]] = {}
    for record in player.games.get(ID, ()):
        played, won = counted.get(seating(record.options), (0, 0))
        counted[seating(record.options)] = (played + 1, won + record.won)
    return counted
