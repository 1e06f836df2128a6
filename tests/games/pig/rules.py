"""A tiny dice game on the shared protocol, for testing the machinery written once for every game.

Pig to 20: on their turn a player rolls a die as often as they like, adding it
to the turn total; a 1 loses the turn total and passes the turn; "hold" banks
the turn total (only when it is not zero). The first to 20 wins. A ``"roll"``
leaves the die to chance (:data:`~etoile.engine.game.CHANCE` is to move); the
outcome is a :class:`~etoile.engine.dice.Roll` of one die.

Its position text is ``scores/turn total/seat/target``, with ``*`` after the
seat while the die is in the air: ``3,0/4/1*/20``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction

from etoile.engine.dice import Roll, outcomes, roll_from_json, roll_from_text, roll_to_text
from etoile.engine.game import CHANCE, JSON, Description, IllegalAction, Option, Outcome, ToMove
from etoile.engine.lazy import lazy_dataclass
from tests.games.pig import SPEC

ID = SPEC.id
CHOICES = ("roll", "hold")
DESCRIPTION = Description(
    ID,
    SPEC.namespace,
    min_players=2,
    max_players=4,
    levels=("easy", "expert"),
    options=(Option("target", (10, 20), 20),),
    undo=True,
)
MAX_ACTIONS = 50_000
Action = str | Roll


@lazy_dataclass
class State:
    scores: tuple[int, ...]
    turn_total: int
    to_move: int
    rolling: bool
    target: int


def start(options: Mapping[str, JSON], seed: int) -> State:
    players = options.get("players", 2)
    target = options.get("target", 20)
    if not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError("players must be 2 to 4")
    if not isinstance(target, int) or target < 1:
        raise ValueError("target must be a positive int")
    return State((0,) * players, 0, 0, False, target)


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


def to_move(state: State) -> ToMove:
    if result(state):
        return None
    return CHANCE if state.rolling else state.to_move


def chance_outcomes(state: State) -> Sequence[tuple[Roll, Fraction]]:
    return outcomes(1) if state.rolling and not result(state) else ()


def legal_actions(state: State) -> list[Action]:
    if result(state):
        return []
    if state.rolling:
        return [roll for roll, _ in outcomes(1)]
    return ["roll", "hold"] if state.turn_total else ["roll"]


def apply(state: State, action: Action) -> State:
    if action not in legal_actions(state):
        raise IllegalAction(f"{action!r} is not legal now")
    nxt = (state.to_move + 1) % len(state.scores)
    if action == "hold":
        scores = list(state.scores)
        scores[state.to_move] += state.turn_total
        return replace(state, scores=tuple(scores), turn_total=0, to_move=nxt)
    if action == "roll":
        return replace(state, rolling=True)
    assert isinstance(action, Roll)
    (face,) = action.faces
    if face == 1:
        return replace(state, turn_total=0, to_move=nxt, rolling=False)
    return replace(state, turn_total=state.turn_total + face, rolling=False)


def state_to_json(state: State) -> JSON:
    return {
        "scores": list(state.scores),
        "turn_total": state.turn_total,
        "to_move": state.to_move,
        "rolling": state.rolling,
        "target": state.target,
    }


def state_from_json(data: JSON) -> State:
    return State(tuple(data["scores"]), data["turn_total"], data["to_move"], data["rolling"], data["target"])


def action_to_json(action: Action) -> JSON:
    return action.to_json() if isinstance(action, Roll) else action


def action_from_json(data: JSON) -> Action:
    if data in CHOICES:
        return data  # type: ignore[no-any-return]
    return roll_from_json(data)


def action_to_text(action: Action) -> str:
    return roll_to_text(action) if isinstance(action, Roll) else action


def action_from_text(text: str) -> Action:
    return text if text in CHOICES else roll_from_text(text)


def state_to_text(state: State) -> str:
    scores = ",".join(map(str, state.scores))
    return f"{scores}/{state.turn_total}/{state.to_move}{'*' if state.rolling else ''}/{state.target}"


def state_from_text(text: str) -> State:
    try:
        scores, total, seat, target = text.split("/")
        return State(tuple(map(int, scores.split(","))), int(total), int(seat.rstrip("*")), seat.endswith("*"), int(target))
    except ValueError as error:
        raise ValueError(f"not a pig position: {text!r}") from error
