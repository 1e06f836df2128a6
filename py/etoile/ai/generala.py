"""Computer players and coach for Generala.

Three levels, all pure functions of the state:

* ``"optimal"`` maximises the player's expected final score exactly
  (:mod:`etoile.ai.generala_dp`); it plays its own column and ignores the
  opponents' scores.
* ``"medium"`` maximises the expected score of the current turn alone; between
  equal scores it fills the cheaper box (ones before twos ... before general).
* ``"easy"`` is a rule of thumb: keep the most frequent face, take a
  combination as soon as it shows, else score the best box.

The odds of every expectation are the rules' own: the chance outcomes of a
throw (:func:`etoile.games.dice.outcomes`, what
:func:`etoile.games.generala.chance_outcomes` returns). The players are asked
only at a seat's decision, never while dice are in the air; the throws they
choose keep dice by face.

The coach: :func:`hint` values every legal action by the expected final score
of the seat to move under optimal play afterwards; :func:`report` lists the
decisions of one seat that lost expected points.

>>> from etoile.games import generala as g
>>> from etoile.games.dice import Roll
>>> state = g.apply(g.apply(g.start({"players": 1}), g.Throw()), Roll((5, 3, 4, 1, 2)))
>>> choose(state, "optimal"), choose(state, "medium"), choose(state, "easy")
(Fill(box='straight'), Fill(box='straight'), Fill(box='straight'))
>>> [(a, round(v, 2)) for a, v in hint(state)[:2]]
[(Fill(box='straight'), 161.68), (Throw(keep=(5, 4, 3, 1)), 154.53)]
>>> round(expected_score(), 2)
156.19
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from etoile.ai import generala_dp as dp
from etoile.coach import GeneralaChoice, GeneralaHint, GeneralaMistake, GeneralaPar, GeneralaReport
from etoile.games import CHANCE
from etoile.games import generala as g
from etoile.games.dice import draw
from etoile.games.generala import BOXES, DESCRIPTION, Action, Fill, Rules, State, Throw
from etoile.match import Match
from etoile.rng import Dice

Column = tuple[int | None, ...]
"""One seat's column of the score sheet, in :data:`BOXES` order."""
Decision = Throw | Fill
"""What a seat decides (the rolls are chance's)."""


def expected_score(rules: Rules | None = None) -> float:
    """The optimal expected final score of a solitaire game (a big general counted as 60).

    >>> round(expected_score(Rules(circular_straights=True)), 2)
    162.33
    """
    return dp.expected_score(rules or Rules())


def table_ready(rules: Rules | None = None) -> bool:
    """Whether the optimal player's table for ``rules`` is at hand; else the first use computes it (about 1 s)."""
    return dp.has_table(rules or Rules())


def _mask(column: Column) -> int:
    return sum(1 << b for b, value in enumerate(column) if value is not None)


def _turn(rules: Rules, column: Column, level: str) -> dp.Turn:
    if level == "optimal":
        return dp.optimal_turn(dp.dp_key(rules), _mask(column))
    return dp.greedy_turn(dp.dp_key(rules), _mask(column))


def _values(rules: Rules, column: Column, dice: tuple[int, ...], throw: int, level: str) -> list[tuple[Decision, float]]:
    """Every legal action with its value (future score, this turn included), in legal-action order."""
    turn = _turn(rules, column, level)
    if throw == 0:
        return [(Throw(), turn.value)]
    hand = dp.hand_index(dice)
    values: list[tuple[Decision, float]] = []
    if throw < g.THROWS:
        after = turn.throw_second if throw == 1 else turn.throw_third
        for keep in g.keeps(dice):
            values.append((Throw(keep), after[dp.hand_index(keep)]))
    for b, box in enumerate(BOXES):
        if column[b] is None:
            values.append((Fill(box), turn.fill_value(hand, b, throw)))
    return values


def _best(values: list[tuple[Decision, float]]) -> Decision:
    return max(values, key=lambda item: item[1])[0]


def _easy(rules: Rules, column: Column, dice: tuple[int, ...], throw: int) -> Decision:
    """Keep the most frequent face (the higher on ties); take any combination at once; else the best box."""
    if throw == 0:
        return Throw()
    scores = {box: g.score(dice, box, throw, rules) for b, box in enumerate(BOXES) if column[b] is None}
    combination = max((box for box in BOXES[6:] if scores.get(box)), key=scores.__getitem__, default=None)
    if combination:
        return Fill(combination)
    counts = Counter(dice)
    face = max(counts, key=lambda f: (counts[f], f))
    if throw < g.THROWS and counts[face] < len(dice):
        return Throw((face,) * counts[face])
    return Fill(max(scores, key=lambda box: (scores[box], -BOXES.index(box))))


def decide(rules: Rules, column: Column, dice: tuple[int, ...], throw: int, level: str) -> Decision:
    """The action of ``level`` for a column, the dice on the table and the throws made (the core of :func:`choose`)."""
    if level == "easy":
        return _easy(rules, column, dice, throw)
    if level not in DESCRIPTION.levels:
        raise ValueError(f"unknown level {level!r}; the levels are {', '.join(DESCRIPTION.levels)}")
    return _best(_values(rules, column, dice, throw, level))


def choose(state: State, level: str) -> Decision:
    """The action the computer at ``level`` ("optimal", "medium" or "easy") plays for the seat to move."""
    if g.to_move(state) is None:
        raise ValueError("the game is over: nobody is to move")
    if g.to_move(state) is CHANCE:
        raise ValueError("the dice are in the air: chance, not a seat, is to move")
    if level not in DESCRIPTION.levels:
        raise ValueError(f"unknown level {level!r}; the levels are {', '.join(DESCRIPTION.levels)}")
    if state.phase == "start":
        return Throw()
    return decide(state.rules, state.sheets[state.seat], state.dice, state.throw, level)


def hint(state: State, rules: Rules | None = None) -> list[tuple[Decision, float]]:
    """Every legal action of the seat to move with its expected final score under optimal play, best first.

    ``rules`` defaults to the rules of ``state``. Ties keep the order of
    :func:`etoile.games.generala.legal_actions`. During the start phase the
    one action is valued with the whole game still to play. Nothing is to
    choose (``[]``) once the game is over or while dice are in the air.
    """
    if g.to_move(state) in (None, CHANCE):
        return []
    rules = rules or state.rules
    column = state.sheets[state.seat]
    total = g.totals(state)[state.seat]
    throw = 0 if state.phase == "start" else state.throw
    values = _values(rules, column, state.dice, throw, "optimal")
    return sorted(((action, total + value) for action, value in values), key=lambda item: -item[1])


@dataclass(frozen=True, slots=True)
class Mistake:
    """A decision that lost expected points: ``index`` is its position in the actions of the game."""

    index: int
    round: int
    throw: int
    """Throws made before the decision (1 or 2 before a throw, 1 to 3 before a fill)."""
    dice: tuple[int, ...]
    played: Decision
    best: Decision
    expected_played: float
    expected_best: float

    @property
    def loss(self) -> float:
        """Expected final points lost by ``played`` against ``best``."""
        return self.expected_best - self.expected_played


def report(start: State, actions: Sequence[Action], seat: int, threshold: float = 0.01) -> list[Mistake]:
    """The decisions of ``seat`` in a game that lost more than ``threshold`` expected points.

    ``start`` is the state before the first action (``match.states[0]``) and
    ``actions`` the actions played (``match.played``, the rolls of the dice
    among them); the game is replayed through the rules. Decisions are valued
    as :func:`hint` values them.

    >>> from etoile.games import generala as g
    >>> from etoile.games.dice import Roll
    >>> state = g.start({"players": 1})
    >>> [m.played for m in report(state, [g.Throw(), Roll((6, 5, 4, 3, 2)), g.Fill("general")], seat=0)]
    [Fill(box='general')]
    """
    mistakes: list[Mistake] = []
    state = start
    for index, action in enumerate(actions):
        if state.phase == "play" and g.to_move(state) == seat and state.throw:
            values = hint(state)
            chosen = next(((candidate, value) for candidate, value in values if candidate == action), None)
            if chosen is None:
                raise g.IllegalAction(f"action {index} ({action!r}) is not legal")
            (played, played_value), (best, best_value) = chosen, values[0]
            if best_value - played_value > threshold:
                mistakes.append(Mistake(index, state.round, state.throw, state.dice, played, best, played_value, best_value))
        state = g.apply(state, action)
    return mistakes


def solitaire(level: str, seed: int, rules: Rules | None = None) -> int:
    """The final score of a solitaire game played by ``level`` with seeded dice.

    The dice are drawn as a match of that seed draws them (:func:`etoile.games.dice.draw`).
    A big general counts as a hand like any other (60 in the general box, a
    first-throw hand elsewhere), as in :func:`expected_score`: the game is not
    cut short, so the average over many seeds estimates that expectation.

    >>> solitaire("optimal", seed=1)
    153
    """
    rules = rules or Rules()
    column: list[int | None] = [None] * len(BOXES)
    rng = Dice(seed)
    for _ in range(g.ROUNDS):
        dice: tuple[int, ...] = ()
        throw = 0
        while True:
            action = decide(rules, tuple(column), dice, throw, level)
            if isinstance(action, Fill):
                column[BOXES.index(action.box)] = g.score(dice, action.box, throw, rules)
                break
            roll, rng = draw(rng, g.DICE - len(action.keep))
            dice = action.keep + roll.faces
            throw += 1
    return sum(v for v in column if v is not None)


def prepare(match: Match) -> None:
    """Load the optimal player's table for the game's rules (shipped, or computed once), before the first question."""
    dp.table(match.state.rules)


def advise(match: Match, request: str) -> GeneralaHint | GeneralaReport | GeneralaPar:
    """What the page's coach asks for: ``"hint"`` (the six best choices now), ``"report"`` (each person's mistakes)
    or ``"par"`` (the optimal player's average final score alone, under the game's rules)."""
    if request == "par":
        return GeneralaPar(expected_score(match.state.rules))
    if request == "hint":
        return GeneralaHint(tuple(GeneralaChoice(g.action_to_json(a), value) for a, value in hint(match.state)[:6]))
    if request == "report":
        people = [seat for seat, who in enumerate(match.seats) if who.computer is None] or [0]
        return GeneralaReport(
            {
                seat: tuple(
                    GeneralaMistake(m.round, m.throw, tuple(m.dice), g.action_to_json(m.played), g.action_to_json(m.best), m.loss)
                    for m in report(match.states[0], match.played, seat)
                )
                for seat in people
            }
        )
    raise ValueError(f"unknown request {request!r}")
