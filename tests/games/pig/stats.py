"""What a pig game gives the statistics: each seat's final score."""

from __future__ import annotations

from statistics import mean

from etoile.engine.game import JSON
from etoile.engine.match import Match
from etoile.saved.stats import Player
from tests.games.pig.rules import ID


def facts(match: Match) -> tuple[dict[str, JSON], ...]:
    """Each seat's score."""
    return tuple({"score": score} for score in match.state.scores)


def average(player: Player) -> float | None:
    """The player's score per game, on average."""
    scores = player.values(ID, "score")
    return mean(scores) if scores else None
