"""Computer players and coach for Generala.

Four levels, all pure functions of the state:

* ``"win"`` plays for the first place: it maximises its chance of finishing
  ahead of every other player, given every sheet so far, the rounds left and
  the big-general rule (:mod:`etoile.games.generala.ai.win`). Alone, it maximises
  the chance of reaching a target when given one (:func:`choose`), else it
  plays as ``"optimal"``.
* ``"optimal"`` maximises the player's expected final score exactly
  (:mod:`etoile.games.generala.ai.dp`); it plays its own column and ignores the
  opponents' scores.
* ``"medium"`` maximises the expected score of the current turn alone; between
  equal scores it fills the cheaper box (ones before twos ... before general).
* ``"easy"`` is a rule of thumb: keep the most frequent face, take a
  combination as soon as it shows, else score the best box.

The odds of every expectation are the rules' own: the chance outcomes of a
throw (:func:`etoile.engine.dice.outcomes`, what
:func:`etoile.games.generala.rules.chance_outcomes` returns). The players are asked
only at a seat's decision, never while dice are in the air; the throws they
choose keep dice by face.

The coach: :func:`hint` values every legal action by the expected final score
of the seat to move under optimal play afterwards and, with other players, by
its chance of winning when it plays to win afterwards; :func:`report` lists the
decisions of one seat that lost expected points or chances of winning.

>>> from etoile.games.generala import rules as g
>>> from etoile.engine.dice import Roll
>>> state = g.apply(g.apply(g.start({"players": 1}), g.Throw()), Roll((5, 3, 4, 1, 2)))
>>> choose(state, "optimal"), choose(state, "medium"), choose(state, "easy")
(Fill(box='straight'), Fill(box='straight'), Fill(box='straight'))
>>> [(a, round(v, 2)) for a, v in hint(state)[:2]]
[(Fill(box='straight'), 161.68), (Throw(keep=(5, 4, 3, 1)), 154.53)]
>>> round(expected_score(), 2)
156.19
"""

from __future__ import annotations

import base64
from array import array
from collections import Counter
from collections.abc import Mapping, Sequence

from etoile.engine.dice import draw, keeps
from etoile.engine.game import CHANCE, IllegalAction
from etoile.engine.lazy import lazy_dataclass
from etoile.engine.match import Match, Seat
from etoile.engine.rng import Dice
from etoile.games.generala import rules as g
from etoile.games.generala.ai import dp, win
from etoile.games.generala.coach import GeneralaChoice, GeneralaHint, GeneralaMistake, GeneralaPar, GeneralaReport
from etoile.games.generala.rules import BOXES, DESCRIPTION, Action, Fill, Rules, State, Throw

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


def race(state: State, target: int | None = None) -> win.Race:
    """The race of the seat to move: its column and total, every other player's, or ``target`` alone."""
    return _race(state.rules, state.sheets, state.seat, target)


def _race(rules: Rules, columns: Sequence[Column], seat: int, target: int | None = None) -> win.Race:
    """The race of ``seat`` given every column (``target`` counts only alone)."""
    others = tuple((column, g.total(column)) for s, column in enumerate(columns) if s != seat)
    return win.Race(rules, columns[seat], g.total(columns[seat]), others, None if others else target)


def _values(turn: dp.Turn, column: Column, dice: tuple[int, ...], throw: int) -> list[tuple[Decision, float]]:
    """Every legal action with its value in ``turn`` (this turn included), in legal-action order."""
    if throw == 0:
        return [(Throw(), turn.value)]
    hand = dp.hand_index(dice)
    values: list[tuple[Decision, float]] = []
    if throw < g.THROWS:
        after = turn.throw_second if throw == 1 else turn.throw_third
        for keep in keeps(dice):
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
    """The action of ``level`` for a column alone, the dice on the table and the throws made ("win" alone and
    with no target plays as "optimal")."""
    if level == "easy":
        return _easy(rules, column, dice, throw)
    if level not in DESCRIPTION.levels:
        raise ValueError(f"unknown level {level!r}; the levels are {', '.join(DESCRIPTION.levels)}")
    return _best(_values(_turn(rules, column, "optimal" if level == "win" else level), column, dice, throw))


def decide_to_win(race: win.Race, dice: tuple[int, ...], throw: int) -> Decision:
    """The action of ``"win"`` in ``race``, with the dice on the table and the throws made."""
    return _best(_values(win.win_turn(race), race.column, dice, throw))


def choose(state: State, level: str, target: int | None = None) -> Decision:
    """The action the computer at ``level`` ("win", "optimal", "medium" or "easy") plays for the seat to move;
    ``target`` is the score "win" tries to reach alone."""
    if g.to_move(state) is None:
        raise ValueError("the game is over: nobody is to move")
    if g.to_move(state) is CHANCE:
        raise ValueError("the dice are in the air: chance, not a seat, is to move")
    if level not in DESCRIPTION.levels:
        raise ValueError(f"unknown level {level!r}; the levels are {', '.join(DESCRIPTION.levels)}")
    if state.phase == "start":
        return Throw()
    if level == "win":
        return decide_to_win(race(state, target), state.dice, state.throw)
    return decide(state.rules, state.sheets[state.seat], state.dice, state.throw, level)


def hint(state: State, rules: Rules | None = None) -> list[tuple[Decision, float]]:
    """Every legal action of the seat to move with its expected final score under optimal play, best first.

    ``rules`` defaults to the rules of ``state``. Ties keep the order of
    :func:`etoile.games.generala.rules.legal_actions`. During the start phase the
    one action is valued with the whole game still to play. Nothing is to
    choose (``[]``) once the game is over or while dice are in the air.
    """
    if g.to_move(state) in (None, CHANCE):
        return []
    rules = rules or state.rules
    column = state.sheets[state.seat]
    total = g.totals(state)[state.seat]
    throw = 0 if state.phase == "start" else state.throw
    values = _values(_turn(rules, column, "optimal"), column, state.dice, throw)
    return sorted(((action, total + value) for action, value in values), key=lambda item: -item[1])


def win_chances(state: State) -> dict[Decision, float]:
    """The chance of winning the game after each legal action of the seat to move, when it plays to win from
    there (``{}`` alone, once the game is over or while dice are in the air)."""
    if g.to_move(state) in (None, CHANCE) or state.players == 1:
        return {}
    played = race(state)
    throw = 0 if state.phase == "start" else state.throw
    return {action: min(1.0, value) for action, value in _values(win.win_turn(played), played.column, state.dice, throw)}


@lazy_dataclass
class Valued:
    """One choice of the coach: the action, the expected final score after it, and the chance of winning after it
    (``None`` alone)."""

    action: Decision
    expected: float
    chance: float | None


def choices(state: State) -> list[Valued]:
    """Every legal action valued, best first: by the chance of winning with other players (then the expected
    score), by the expected score alone."""
    chances = win_chances(state)
    valued = [Valued(action, expected, chances.get(action)) for action, expected in hint(state)]
    if chances:
        valued.sort(key=lambda v: (-round(v.chance or 0.0, 9), -v.expected))
    return valued


COSTS = (0.01, 0.05)
"""The chances of winning that part a report's decisions: under 1 point in a hundred, 1 to 5, above 5."""


@lazy_dataclass
class Mistake:
    """A decision that lost expected points or chances of winning: ``index`` is its position in the actions of the
    game. With other players the best decision is the one with the best chance of winning, and ``chance_played``
    and ``chance_best`` are the chances after the decision played and after it."""

    index: int
    round: int
    throw: int
    """Throws made before the decision (1 or 2 before a throw, 1 to 3 before a fill)."""
    dice: tuple[int, ...]
    played: Decision
    best: Decision
    expected_played: float
    expected_best: float
    chance_played: float | None = None
    chance_best: float | None = None

    @property
    def loss(self) -> float:
        """Expected final points lost by ``played`` against ``best``."""
        return self.expected_best - self.expected_played

    @property
    def cost(self) -> float:
        """The chance of winning lost by ``played`` against ``best`` (0 alone)."""
        return 0.0 if self.chance_best is None or self.chance_played is None else self.chance_best - self.chance_played


@lazy_dataclass
class Review:
    """One seat's decisions in a game: the mistakes, and how many decisions cost no chance of winning, under 1 point
    in a hundred, 1 to 5, more than 5 (:data:`COSTS`; all zero alone)."""

    mistakes: tuple[Mistake, ...]
    costs: tuple[int, int, int, int]


def review(
    start: State, actions: Sequence[Action], seat: int, threshold: float = 0.01, chance_threshold: float = 0.001
) -> Review:
    """The decisions of ``seat`` in a game, replayed through the rules and valued as :func:`choices` values them.

    ``start`` is the state before the first action (``match.states[0]``) and
    ``actions`` the actions played (``match.played``, the rolls of the dice
    among them). Alone, a mistake loses more than ``threshold`` expected
    points; with other players, more than ``chance_threshold`` of the chance of
    winning (a tenth of a point in a hundred).
    """
    mistakes: list[Mistake] = []
    costs = [0, 0, 0, 0]
    state = start
    for index, action in enumerate(actions):
        if state.phase == "play" and g.to_move(state) == seat and state.throw:
            valued = choices(state)
            chosen = next((v for v in valued if v.action == action), None)
            if chosen is None:
                raise IllegalAction(f"action {index} ({action!r}) is not legal")
            best = valued[0]
            if chosen.chance is not None and best.chance is not None:
                cost = best.chance - chosen.chance
                costs[0 if cost <= 1e-6 else 1 + sum(cost > c for c in COSTS)] += 1
                lost = cost > chance_threshold
            else:
                lost = best.expected - chosen.expected > threshold
            if lost:
                where = (index, state.round, state.throw, state.dice)
                mistakes.append(
                    Mistake(*where, chosen.action, best.action, chosen.expected, best.expected, chosen.chance, best.chance)
                )
        state = g.apply(state, action)
    return Review(tuple(mistakes), (costs[0], costs[1], costs[2], costs[3]))


def report(start: State, actions: Sequence[Action], seat: int, threshold: float = 0.01) -> list[Mistake]:
    """The mistakes of ``seat`` in a game (:func:`review`).

    >>> from etoile.games.generala import rules as g
    >>> from etoile.engine.dice import Roll
    >>> state = g.start({"players": 1})
    >>> [m.played for m in report(state, [g.Throw(), Roll((6, 5, 4, 3, 2)), g.Fill("general")], seat=0)]
    [Fill(box='general')]
    """
    return list(review(start, actions, seat, threshold).mistakes)


def solitaire(level: str, seed: int, rules: Rules | None = None) -> int:
    """The final score of a solitaire game played by ``level`` with seeded dice.

    The dice are drawn as a match of that seed draws them (:func:`etoile.engine.dice.draw`).
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
    return g.total(column)


def perfect(match: Match) -> int:
    """The final score of the optimal player on the dice of ``match``, a day's challenge alone: its duplicate
    dice are the same for every player who keeps the same dice (:mod:`etoile.engine.daily`).

    >>> from etoile.engine.daily import Daily
    >>> perfect(Match.new(g, {"players": 1}, Daily("2026-12-07").seed, daily=Daily("2026-12-07")))
    154
    """
    if match.daily is None or match.state.players != 1:
        raise ValueError("the perfect player plays a day's challenge alone")
    played = Match.new(g, match.options, match.seed, (Seat("", "optimal"),), match.daily).settled()
    while played.result is None:
        played = played.play(choose(played.state, "optimal")).settled()
    return g.totals(played.state)[0]


def game(levels: Sequence[str], seed: int, rules: Rules | None = None) -> tuple[float, ...]:
    """The share of the win of each seat in a game played by ``levels`` (one a seat, seat 0 first) with seeded dice.

    A big general wins at once as in the rules; otherwise the highest total
    wins, equal totals sharing it (two level at the top: 0.5 each). The start
    throws are left out: seat 0 starts.

    >>> game(("win", "optimal"), seed=3), game(("optimal", "win"), seed=3)
    ((0.0, 1.0), (0.0, 1.0))
    """
    rules = rules or Rules()
    columns: list[Column] = [(None,) * len(BOXES) for _ in levels]
    rng = Dice(seed)
    for _ in range(g.ROUNDS):
        for seat, level in enumerate(levels):
            state = _Seat(rules, columns, seat)
            dice: tuple[int, ...] = ()
            throw = 0
            while True:
                action = state.decide(dice, throw, level)
                if isinstance(action, Fill):
                    box = BOXES.index(action.box)
                    columns[seat] = tuple(
                        g.score(dice, action.box, throw, rules) if b == box else v for b, v in enumerate(columns[seat])
                    )
                    break
                roll, rng = draw(rng, g.DICE - len(action.keep))
                dice, throw = action.keep + roll.faces, throw + 1
                if g.is_big_general(
                    dice, throw, rules, [box for box, v in zip(BOXES, columns[seat], strict=True) if v is not None]
                ):
                    return tuple(float(s == seat) for s in range(len(levels)))
    totals = [g.total(column) for column in columns]
    top = [s for s, total in enumerate(totals) if total == max(totals)]
    return tuple(1 / len(top) if s in top else 0.0 for s in range(len(levels)))


@lazy_dataclass
class _Seat:
    """A seat of :func:`game` deciding: its rules, every column, its own number."""

    rules: Rules
    columns: list[Column]
    seat: int

    def decide(self, dice: tuple[int, ...], throw: int, level: str) -> Decision:
        if level != "win" or throw == 0 or len(self.columns) == 1:
            return decide(self.rules, self.columns[self.seat], dice, throw, level)
        return decide_to_win(_race(self.rules, self.columns, self.seat), dice, throw)


def prepare(match: Match, cached: Mapping[str, str] | None = None) -> dict[str, str]:
    """Load the tables for the game's rules before the first question: the optimal player's, and with other players
    the distributions of the points to come. Those not shipped come from ``cached`` (the page's copy of an earlier
    load's, by :func:`cache_name`) or are computed (about 2 s and 8 s in the browser); the ones computed are
    returned, by name, for the page to keep."""
    rules, cached = match.state.rules, cached or {}
    computed: dict[str, str] = {}
    if not dp.has_table(rules):
        values = _read_values(cached.get(cache_name("values", rules), ""))
        if values is None:
            computed[cache_name("values", rules)] = base64.b64encode(array("d", dp.table(rules)).tobytes()).decode()
        else:
            dp.remember(rules, values)
    if match.state.players > 1 and not win.has_futures(rules):
        try:
            win.remember(rules, win.decode(base64.b64decode(cached.get(cache_name("futures", rules), ""), validate=True)))
        except ValueError:
            computed[cache_name("futures", rules)] = base64.b64encode(win.encode(win.futures(rules))).decode()
    return computed


def cache_name(table: str, rules: Rules) -> str:
    """The name a computed table (``"values"`` or ``"futures"``) of ``rules`` is kept under: ``generala:values:100``."""
    return f"generala:{table}:{''.join('1' if option else '0' for option in dp.dp_key(rules))}"


def _read_values(text: str) -> list[float] | None:
    """A table of values kept by the page, or ``None`` if it is not one (then it is computed again)."""
    try:
        values = array("d", base64.b64decode(text, validate=True))
    except ValueError:
        return None
    if len(values) != dp.FULL + 1 or values[dp.FULL] != 0.0 or not all(0.0 <= v < 1000.0 for v in values):
        return None
    return list(values)


def _choice(valued: Valued) -> GeneralaChoice:
    return GeneralaChoice(g.action_to_json(valued.action), valued.expected, valued.chance)


def _mistake(m: Mistake) -> GeneralaMistake:
    played, best = g.action_to_json(m.played), g.action_to_json(m.best)
    return GeneralaMistake(m.round, m.throw, tuple(m.dice), played, best, m.loss, None if m.chance_best is None else m.cost)


def advise(match: Match, request: str) -> GeneralaHint | GeneralaReport | GeneralaPar:
    """What the page's coach asks for: ``"hint"`` (the six best choices now), ``"report"`` (each person's mistakes
    and decisions by the chance of winning they cost) or ``"par"`` (the optimal player's average final score
    alone, under the game's rules)."""
    if request == "par":
        return GeneralaPar(expected_score(match.state.rules), None if match.daily is None else perfect(match))
    if request == "hint":
        return GeneralaHint(tuple(_choice(v) for v in choices(match.state)[:6]))
    if request == "report":
        people = [seat for seat, who in enumerate(match.seats) if who.computer is None] or [0]
        reviews = {seat: review(match.states[0], match.played, seat) for seat in people}
        mistakes = {seat: tuple(_mistake(m) for m in r.mistakes) for seat, r in reviews.items()}
        return GeneralaReport(mistakes, {seat: r.costs for seat, r in reviews.items()} if match.state.players > 1 else {})
    raise ValueError(f"unknown request {request!r}")
