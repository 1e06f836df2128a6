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
from etoile.saved.stats import Player, Record


def facts(match: Match) -> tuple[dict[str, JSON], ...]:
    """Each seat's moves to bring every piece home (``None`` for a seat that did not finish)."""
    state = match.state
    return tuple({"moves": state.turns[seat] if seat in state.finished else None} for seat in range(state.players))


def moves(player: Player) -> float | None:
    """The moves it took to bring every piece home, on average over the games finished against others (a crossing
    or a puzzle alone is another exercise)."""
    found = [seat["moves"] for r in against_others(player) for seat in r.facts if seat.get("moves") is not None]
    return mean(found) if found else None


def against_others(player: Player) -> list[Record]:
    """The player's finished games with other players on the board."""
    return [r for r in player.games.get(ID, ()) if r.options.get("players", 2) != 1]


def daily_gap(record: Record) -> float | None:
    """How many moves fewer (negative: more) than the best solution a day's puzzle took."""
    if record.daily is None or record.daily.par is None or not record.facts or record.facts[0].get("moves") is None:
        return None
    return float(record.daily.par - int(record.facts[0]["moves"]))


def seating(options: Mapping[str, JSON]) -> str:
    """How a game was seated: ``"3"`` for three players, ``"2x3"`` for two with three camps each."""
    players, camps = options.get("players", 2), options.get("camps", 1)
    return f"{players}x{camps}" if camps not in (None, 1) else f"{players}"


def seatings(player: Player) -> dict[str, tuple[int, int]]:
    """The player's finished games ``(played, won)`` by :func:`seating`."""
    counted: dict[str, tuple[int, int]] = {}
    for record in against_others(player):
        played, won = counted.get(seating(record.options), (0, 0))
        counted[seating(record.options)] = (played + 1, won + record.won)
    return counted
