"""The exact dynamic programme behind the Generala players: one turn, and the table over turns.

Between turns a solitaire player's position is only the set of boxes already
filled (there is no bonus), a 10-bit ``mask`` (bit ``i`` is ``BOXES[i]``).
``table(rules)[mask]`` is the optimal expected score still to come from that
position; ``table(rules)[0]`` is the expected final score of a whole game.

Within a turn everything is computed over dice *multisets*: the 252 results of
five dice and the 462 keeps of 0 to 5 dice (the 252 five-dice ones first, so a
five-dice result has the same index as a result and as a keep). The odds are
the rules' own: the chance outcomes of a throw (:func:`etoile.engine.dice.outcomes`,
what :func:`etoile.games.generala.rules.chance_outcomes` returns) give the chance of
each result of the first throw, and the outcomes of one die those of a re-throw.
The value of throwing the dice not kept, from keep ``K``, is the expectation
over one more die ``f`` of the value of ``K + f`` (the dice are thrown
independently, so this is the expectation over every outcome of the dice
thrown): a recursion from the full hands down to the empty keep, 210 small sums
per throw instead of a sum over every outcome.

A big general counts as a small general (60 in the general box, or a
first-throw hand in the others): the expectation ignores the instant win.
The rule option ``big_general_open_box`` therefore does not change any value.

>>> from etoile.games.generala.rules import Rules
>>> values = table(Rules())
>>> round(values[0], 3), values[FULL]
(156.189, 0.0)
>>> turn = optimal_turn(dp_key(Rules()), 0)  # the first turn of a game
>>> round(turn.throw_second[hand_index((6, 6, 6, 6))], 3)  # keep four 6s, throw one die
171.633
"""

from __future__ import annotations

import json
from array import array
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from operator import itemgetter, mul
from pathlib import Path

from etoile.engine.dice import FACES, outcomes
from etoile.engine.lazy import lazy_dataclass
from etoile.games.generala.rules import BOXES, Rules, score

FULL = (1 << len(BOXES)) - 1
"""The mask of a complete column."""
KEEPS: tuple[tuple[int, ...], ...] = tuple(m for size in range(5, -1, -1) for m in combinations_with_replacement(FACES, size))
"""Every multiset of 0 to 5 dice, sorted; the first 252 are the results of five dice."""
ROLLS = 252
KEEP_INDEX: dict[tuple[int, ...], int] = {keep: i for i, keep in enumerate(KEEPS)}
EMPTY = KEEP_INDEX[()]
_ONE_DIE = sorted(roll.faces for roll, _ in outcomes(1))
"""What one die can show, lowest first (the order the shipped tables were summed in)."""
_CHILDREN = tuple(tuple(KEEP_INDEX[tuple(sorted((*keep, *face)))] for face in _ONE_DIE) for keep in KEEPS[ROLLS:])
"""For each keep of fewer than five dice, the keeps it becomes with one more die."""
_FIVE_DICE = {tuple(sorted(roll.faces)): float(p) for roll, p in outcomes(5)}
ROLL_PROBABILITY: tuple[float, ...] = tuple(_FIVE_DICE[hand] for hand in KEEPS[:ROLLS])
"""The chance of each five-dice result (the rules' chance outcomes of a throw of five dice)."""


def _sub_keeps(hand: tuple[int, ...]) -> tuple[int, ...]:
    keeps = {tuple(hand[i] for i in idx) for size in range(5) for idx in combinations(range(5), size)}
    return tuple(sorted(KEEP_INDEX[k] for k in keeps))


SUB_KEEPS: tuple[tuple[int, ...], ...] = tuple(_sub_keeps(hand) for hand in KEEPS[:ROLLS])
"""For each five-dice result, the distinct keeps that throw at least one die."""
_SUB_GET = tuple(itemgetter(*keeps) for keeps in SUB_KEEPS)


def hand_index(dice: tuple[int, ...] | list[int]) -> int:
    """The index of five dice (any order) among the 252 results, or of a keep among the 462."""
    return KEEP_INDEX[tuple(sorted(dice))]


def dp_key(rules: Rules) -> tuple[bool, bool, bool]:
    """The options that change a value: every option but ``big_general_open_box``."""
    return (rules.circular_straights, rules.five_as_four, rules.five_as_full)


@lru_cache(maxsize=16)
def box_scores(key: tuple[bool, bool, bool]) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """``(first, later)``: for each box, the score of each of the 252 results on throw 1 and on throws 2-3."""
    rules = Rules(circular_straights=key[0], five_as_four=key[1], five_as_full=key[2])
    hands = KEEPS[:ROLLS]
    first = tuple(tuple(score(h, box, 1, rules) for h in hands) for box in BOXES)
    later = tuple(tuple(score(h, box, 2, rules) for h in hands) for box in BOXES)
    return first, later


Scoring = tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]


@lru_cache(maxsize=16)
def _scoring(key: tuple[bool, bool, bool]) -> tuple[Scoring, Scoring]:
    """:func:`box_scores` kept sparse: for each box, the results that score and what they score."""
    first, later = (
        tuple((tuple(h for h, s in enumerate(col) if s), tuple(s for s in col if s)) for col in columns)
        for columns in box_scores(key)
    )
    return first, later


Fills = tuple[dict[int, float] | None, ...]
"""For each box, the value of filling it with each score it can take (``None`` once filled). Within a box the value
must not fall as the score grows (more points are never worse), so that a box's 0 needs no look-up per result."""


def box_values(key: tuple[bool, bool, bool], futures: tuple[float | None, ...]) -> Fills:
    """The :data:`Fills` of the expected score: a score plus the box's future."""
    first, later = box_scores(key)
    return tuple(
        None if future is None else {s: s + future for s in {0, *first[b], *later[b]}} for b, future in enumerate(futures)
    )


@lazy_dataclass
class Turn:
    """One turn solved for one column, with ``fills[b]`` the value of filling box ``b`` with each score.

    The values are what is still to come, this turn's box included (points, or
    a chance of winning: :mod:`etoile.games.generala.ai.win`):
    ``throw_second[k]``/``throw_third[k]`` the expected value of throwing all
    but keep ``k`` (an index of :data:`KEEPS`) for the second / third throw,
    ``value`` the expected value before the first throw, and
    :meth:`fill_value` the value of filling a box. The arrays hold 8 bytes a
    value, so that every turn of a table can be kept (about 7 KB each).
    """

    key: tuple[bool, bool, bool]
    fills: Fills
    throw_second: array[float]
    throw_third: array[float]
    value: float
    boxes: tuple[bytes, bytes]
    """The best box to fill with each result, made on the first throw and on a later one."""

    def fill_value(self, hand: int, box: int, throw: int) -> float:
        """The value of filling box number ``box`` with result ``hand`` made on throw ``throw``."""
        first, later = box_scores(self.key)
        values = self.fills[box]
        if values is None:
            raise ValueError(f"the {BOXES[box]} box is filled")
        return values[(first if throw == 1 else later)[box][hand]]

    def best_box(self, hand: int, throw: int) -> int:
        """The open box with the best value for ``hand`` made on throw ``throw`` (the first of equals)."""
        return self.boxes[throw != 1][hand]


def _best_fill(scoring: Scoring, fills: Fills) -> tuple[list[float], bytes]:
    """For each result, the best value of filling an open box with it, and that box (the first of equals)."""
    zero = max((values[0], -b) for b, values in enumerate(fills) if values is not None)
    best, boxes = [zero[0]] * ROLLS, bytearray([-zero[1]]) * ROLLS  # any open box takes a 0
    for b, ((hands, scores), values) in enumerate(zip(scoring, fills, strict=True)):
        if values is not None:
            for h, s in zip(hands, scores, strict=True):
                value = values[s]
                if value > best[h]:
                    best[h], boxes[h] = value, b
    return best, bytes(boxes)


def _expect(top: list[float]) -> list[float]:
    """Extend the values of the 252 results to all 462 keeps: the expectation over the dice thrown.

    The faces of one die are equally likely (``outcomes(1)``), so the expectation over one more die is a plain mean.
    """
    values = [*top, *[0.0] * (len(KEEPS) - ROLLS)]
    for k, (a, b, c, d, e, f) in enumerate(_CHILDREN, start=ROLLS):
        values[k] = (values[a] + values[b] + values[c] + values[d] + values[e] + values[f]) / len(_ONE_DIE)
    return values


def solve_fills(key: tuple[bool, bool, bool], fills: Fills) -> Turn:
    """Solve one turn exactly for the values of its fills (about 2 ms); at least one box must be open."""
    first, later = _scoring(key)
    (fill_first, box_first), (fill_later, box_later) = _best_fill(first, fills), _best_fill(later, fills)
    throw_third = _expect(fill_later)
    after_second = [max(f, *get(throw_third)) for f, get in zip(fill_later, _SUB_GET, strict=True)]
    throw_second = _expect(after_second)
    after_first = [max(f, *get(throw_second)) for f, get in zip(fill_first, _SUB_GET, strict=True)]
    value = sum(map(mul, ROLL_PROBABILITY, after_first))
    return Turn(key, fills, array("d", throw_second), array("d", throw_third), value, (box_first, box_later))


def solve_turn(key: tuple[bool, bool, bool], futures: tuple[float | None, ...]) -> Turn:
    """Solve one turn for the expected score, ``futures[b]`` the points to come after filling box ``b``."""
    return solve_fills(key, box_values(key, futures))


@lru_cache(maxsize=1)
def throw_odds() -> tuple[dict[int, float], ...]:
    """For each keep of fewer than five dice (index ``k - ROLLS``), the chance of each result the throw makes of it."""
    odds: list[dict[int, float]] = [{h: 1.0} for h in range(ROLLS)]
    for children in _CHILDREN:
        spread: dict[int, float] = {}
        for child in children:
            for hand, p in odds[child].items():
                spread[hand] = spread.get(hand, 0.0) + p / len(_ONE_DIE)
        odds.append(spread)
    return tuple(odds[ROLLS:])


def compute_table(rules: Rules) -> list[float]:
    """The optimal expected score to come from every mask (1024 values), from scratch: about 1 s on CPython."""
    key = dp_key(rules)
    values = [0.0] * (FULL + 1)
    for mask in range(FULL - 1, -1, -1):
        futures = tuple(None if mask >> b & 1 else values[mask | 1 << b] for b in range(len(BOXES)))
        values[mask] = solve_turn(key, futures).value
    return values


TABLES_FILE = Path(__file__).with_name("tables.json")
_TABLES: dict[tuple[bool, bool, bool], list[float]] = {}


def _load_shipped() -> None:
    if _TABLES or not TABLES_FILE.exists():
        return
    data = json.loads(TABLES_FILE.read_text(encoding="utf-8"))
    if data.get("format") != 1:
        return
    for entry in data["tables"]:
        _TABLES.setdefault(dp_key(Rules(**entry["rules"])), entry["values"])


def has_table(rules: Rules) -> bool:
    """Whether :func:`table` answers at once (shipped or already computed) rather than computing for a second."""
    _load_shipped()
    return dp_key(rules) in _TABLES


def table(rules: Rules) -> list[float]:
    """The between-turns values for ``rules``: shipped, or computed on first use and kept in memory."""
    _load_shipped()
    key = dp_key(rules)
    if key not in _TABLES:
        _TABLES[key] = compute_table(rules)
    return _TABLES[key]


def remember(rules: Rules, values: list[float]) -> None:
    """Keep a table computed elsewhere (a previous page load's) for ``rules``."""
    _TABLES[dp_key(rules)] = values


def expected_score(rules: Rules) -> float:
    """The optimal expected final score of a solitaire game."""
    return table(rules)[0]


@lru_cache(maxsize=FULL + 1)
def optimal_turn(key: tuple[bool, bool, bool], mask: int) -> Turn:
    """The turn of a column ``mask`` valued with the optimal future (the table)."""
    values = table(Rules(circular_straights=key[0], five_as_four=key[1], five_as_full=key[2]))
    return solve_turn(key, tuple(None if mask >> b & 1 else values[mask | 1 << b] for b in range(len(BOXES))))


SACRIFICE = tuple(1e-3 * (len(BOXES) - b) for b in range(len(BOXES)))
"""A tie-break for the turn-only player: between equal scores, fill the cheaper box (ones first)."""


@lru_cache(maxsize=FULL + 1)
def greedy_turn(key: tuple[bool, bool, bool], mask: int) -> Turn:
    """The turn of a column ``mask`` valued by this turn's score alone (plus :data:`SACRIFICE`)."""
    return solve_turn(key, tuple(None if mask >> b & 1 else SACRIFICE[b] for b in range(len(BOXES))))
