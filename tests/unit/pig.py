"""A tiny dice game on the shared protocol, for testing the machinery written once for every game.

Pig to 20: on their turn a player rolls a die as often as they like, adding it
to the turn total; a 1 loses the turn total and passes the turn; "hold" banks
the turn total (only when it is not zero). The first to 20 wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from etoile.games import JSON, Description, IllegalAction, Option, Outcome
from etoile.rng import Dice

ID = "pig"
ACTIONS = ("roll", "hold")
DESCRIPTION = Description(
    ID, "pig", min_players=2, max_players=4, levels=("easy", "expert"), options=(Option("target", (10, 20), 20),), undo=True
)
MAX_ACTIONS = 50_000


@dataclass(frozen=True, slots=True)
class State:
    scores: tuple[int, ...]
    turn_total: int
    to_move: int
    dice: Dice
    last_roll: int | None
    target: int


def start(options: Mapping[str, JSON], seed: int) -> State:
    players = options.get("players", 2)
    target = options.get("target", 20)
    if not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError("players must be 2 to 4")
    if not isinstance(target, int) or target < 1:
        raise ValueError("target must be a positive int")
    return State((0,) * players, 0, 0, Dice(seed), None, target)


def forced(state: State) -> str | None:
    return None


def max_actions(options: Mapping[str, JSON]) -> int:
    return MAX_ACTIONS


def result(state: State) -> Outcome | None:
    best = max(state.scores)
    if best < state.target:
        return None
    winner = state.scores.index(best)
    return Outcome(((winner,), tuple(i for i in range(len(state.scores)) if i != winner)))


def to_move(state: State) -> int | None:
    return None if result(state) else state.to_move


def legal_actions(state: State) -> list[str]:
    if result(state):
        return []
    return ["roll", "hold"] if state.turn_total else ["roll"]


def apply(state: State, action: str) -> State:
    if action not in legal_actions(state):
        raise IllegalAction(f"{action!r} is not legal now")
    nxt = (state.to_move + 1) % len(state.scores)
    if action == "hold":
        scores = list(state.scores)
        scores[state.to_move] += state.turn_total
        return replace(state, scores=tuple(scores), turn_total=0, to_move=nxt, last_roll=None)
    (face,), dice = state.dice.roll(1)
    if face == 1:
        return replace(state, turn_total=0, to_move=nxt, dice=dice, last_roll=1)
    return replace(state, turn_total=state.turn_total + face, dice=dice, last_roll=face)


def state_to_json(state: State) -> JSON:
    return {
        "scores": list(state.scores),
        "turn_total": state.turn_total,
        "to_move": state.to_move,
        "dice": state.dice.to_json(),
        "last_roll": state.last_roll,
        "target": state.target,
    }


def state_from_json(data: JSON) -> State:
    return State(
        tuple(data["scores"]),
        data["turn_total"],
        data["to_move"],
        Dice.from_json(data["dice"]),
        data["last_roll"],
        data["target"],
    )


def action_to_json(action: str) -> JSON:
    return action


def action_from_json(data: JSON) -> str:
    if data not in ACTIONS:
        raise ValueError(f"unknown action {data!r}")
    return data
