"""Pig's computer players: the easy one holds at the first points, the expert once the turn holds 20 (or the win)."""

from __future__ import annotations

from etoile.engine.match import Match
from tests.games.pig.coach import PigHint
from tests.games.pig.rules import Action, State


def choose(state: State, level: str) -> Action:
    """The action of the computer at ``level`` (the seat to move is a computer's)."""
    enough = 1 if level == "easy" else min(20, state.target - state.scores[state.to_move])
    return "hold" if state.turn_total >= enough else "roll"


def advise(match: Match, request: str) -> PigHint:
    """The coach's hint: what the expert would do now."""
    return PigHint(choose(match.state, "expert") == "hold")
