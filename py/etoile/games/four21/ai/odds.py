"""Exact odds of 421 hands, for the computer players (:mod:`etoile.games.four21.ai`).

Hands are numbered by their rank (:func:`etoile.games.four21.rules.rank`: 0 is 421,
55 is 221). A *keep* is the multiset of dice set aside before a throw (0 to 2
dice, highest first); :data:`OUTCOMES` gives, for each keep, the exact
distribution of the hand after throwing the other dice, from the outcomes the
rules give that throw (:func:`etoile.engine.dice.outcomes`, what
:func:`etoile.games.four21.rules.chance_outcomes` answers while they roll). Those
tables (28 keeps) are built once, at import, in a few milliseconds.

A player's throws are solved by dynamic programming over "throws used" (1 to
``last``): :func:`solve` takes, for each number of throws, the value of stopping
there with each hand (or ``None`` when stopping is not allowed), and returns
the value of every position under the best play. Values are :data:`Values`:
three arrays by hand rank, the objective being maximised and, under the same
play, the chance of being the turn's worst and best hand.

>>> len(KEEPS), round(sum(OUTCOMES[KEEP_INDEX[(4, 1)]][1]), 12), ONE_THROW[0] * 216
(28, 1.0, 6.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb
from operator import itemgetter, mul

from etoile.engine import dice
from etoile.games.four21.rules import HANDS, TOKENS, rank

N = len(HANDS)
Values = tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...]]
"""``(objective, chance of worst, chance of best)``, each indexed by hand rank."""

KEEPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(reversed(k)) for size in range(3) for k in combinations_with_replacement(range(1, 7), size)
)
"""Every multiset of 0, 1 or 2 dice, highest first; ``KEEPS[0] == ()``."""
KEEP_INDEX = {k: i for i, k in enumerate(KEEPS)}


def _outcomes(keep: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[float, ...]]:
    odds: dict[int, float] = {}
    for roll, probability in dice.outcomes(3 - len(keep)):
        r = rank(keep + roll.faces)
        odds[r] = odds.get(r, 0.0) + float(probability)
    ranks = tuple(sorted(odds))
    return ranks, tuple(odds[r] for r in ranks)


OUTCOMES = tuple(_outcomes(k) for k in KEEPS)
"""``OUTCOMES[i] = (ranks, probabilities)`` of the hand after keeping ``KEEPS[i]`` and throwing the rest."""
SUBKEEPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({KEEP_INDEX[k] for size in range(3) for k in combinations(h, size)})) for h in HANDS
)
"""For each hand rank, the indices of the keeps it holds (each distinct multiset once)."""
ONE_THROW: tuple[float, ...] = tuple(dict(zip(*OUTCOMES[0], strict=True)).get(r, 0.0) for r in range(N))
"""The distribution of a hand thrown once."""


def chances(dist: Sequence[float], m: int, shown: Sequence[int]) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """For each hand rank ``r`` of mine: the chance of being the worst and of being the best hand.

    ``shown`` are the ranks of hands already shown, ``m`` the number of hands
    still to come, each drawn independently from ``dist`` (over ranks, lower is
    better). Ties are settled by symmetric roll-offs: a tie among ``k`` is
    lost (or won) with chance ``1/k``. ``dist`` may have any length (6 for the
    who-starts die).

    >>> worst, best = chances(ONE_THROW, 1, [])
    >>> round(best[0], 4), round(worst[N - 1], 9) == round(1 - ONE_THROW[N - 1] / 2, 9)
    (0.9861, True)
    """
    size = len(dist)
    better = [0.0] * size
    for r in range(1, size):
        better[r] = better[r - 1] + dist[r - 1]
    worse = [max(0.0, 1.0 - better[r] - dist[r]) for r in range(size)]
    weights = [comb(m, j) for j in range(m + 1)]
    worst_of, best_of = [], []
    for r in range(size):
        equal = sum(1 for s in shown if s == r)
        p_worst = p_best = 0.0
        if all(s <= r for s in shown):
            p_worst = sum(weights[j] * dist[r] ** j * better[r] ** (m - j) / (1 + equal + j) for j in range(m + 1))
        if all(s >= r for s in shown):
            p_best = sum(weights[j] * dist[r] ** j * worse[r] ** (m - j) / (1 + equal + j) for j in range(m + 1))
        worst_of.append(p_worst)
        best_of.append(p_best)
    return tuple(worst_of), tuple(best_of)


AMOUNTS = (1, 2, 3, 4, 5, 6, 7, 10)
"""What a hand can be worth, in tokens; ``AMOUNT_INDEX[v]`` is the position of ``v``."""
AMOUNT_INDEX = {v: i for i, v in enumerate(AMOUNTS)}
Split = tuple[tuple[float, ...], ...]
"""``split[r][i]``: the chance of an outcome with ``AMOUNTS[i]`` tokens moving, when my hand has rank ``r``."""


_SEGMENTS = (0, 1, 2, 4, 6, 8, 10, 16)
"""The ranks where the worth of a hand changes: 421, 111, 611-666, 511-555, 411-444, 311-333, 211-321, the rest."""


@lru_cache(maxsize=2048)
def outcomes(dist: tuple[float, ...], m: int, shown: tuple[int, ...]) -> tuple[tuple[float, ...], Split, Split]:
    """For each hand rank of mine: the chance I am the best; as the worst, and as neither, by tokens moved.

    The tokens moved are what the turn's best hand is worth. The other hands
    are as in :func:`chances` (``dist`` over the 56 ranks). ``best[r]``
    plus the sums of ``worst[r]`` and ``neither[r]`` make 1.

    >>> best, worst, neither = outcomes(ONE_THROW, 1, ())
    >>> round(sum(worst[N - 1]), 4), round(best[N - 1], 4), round(sum(neither[N - 1]), 9)  # 221 against one throw
    (0.9931, 0.0069, 0.0)
    """
    better = [0.0] * (N + 1)
    for r in range(N):
        better[r + 1] = better[r] + dist[r]
    weights = [comb(m, j) for j in range(m + 1)]
    low, high = min(shown, default=N), max(shown, default=-1)
    best_of, worst_split, neither_split = [], [], []
    for r in range(N):
        equal = shown.count(r)
        # P(j of the m hands to come tie mine, the others are in a given range) / (ties + 1), as a polynomial
        # in the chance x of that range: sum of coefficients[j] * x ** (m - j), evaluated by Horner's rule.
        coefficients = [weights[j] * dist[r] ** j / (1 + equal + j) for j in range(m + 1)]

        def tied_share(x: float, coefficients: list[float] = coefficients) -> float:
            total = 0.0
            for c in coefficients:
                total = total * x + c
            return total

        best = tied_share(max(0.0, 1.0 - better[r + 1])) if low >= r else 0.0
        bounds = [s for s in _SEGMENTS if s <= min(r, low)] + [r + 1]
        # at bound s: I am the worst with every other hand ranked s or worse; or neither best nor worst
        at_least = []
        for s in bounds:
            if s > r:
                at_least.append((0.0, 0.0))
                continue
            worst = tied_share(better[r] - better[s]) if high <= r else 0.0
            everyone = max(0.0, 1.0 - better[s]) ** m
            at_least.append((worst, max(0.0, everyone - worst - best)))
        w, n = [0.0] * len(AMOUNTS), [0.0] * len(AMOUNTS)
        for i in range(len(bounds) - 1):
            amount = AMOUNT_INDEX[TOKENS[bounds[i]]]
            w[amount] += at_least[i][0] - at_least[i + 1][0]
            n[amount] += at_least[i][1] - at_least[i + 1][1]
        best_of.append(best)
        worst_split.append(tuple(w))
        neither_split.append(tuple(n))
    return tuple(best_of), tuple(worst_split), tuple(neither_split)


_PICKS = tuple((itemgetter(*ranks) if len(ranks) > 1 else (lambda v, r=ranks[0]: (v[r],)), probs) for ranks, probs in OUTCOMES)


def expect(values: Values) -> tuple[tuple[float, float, float], ...]:
    """For each keep, the expected :data:`Values` after throwing the other dice."""
    objective, worst, best = values
    return tuple(
        (sum(map(mul, pick(objective), probs)), sum(map(mul, pick(worst), probs)), sum(map(mul, pick(best), probs)))
        for pick, probs in _PICKS
    )


Plan = dict[int, tuple[tuple[float, float, float], ...]]
"""``plan[k][i]``: the values of making throw ``k`` after keeping ``KEEPS[i]``, then playing best."""


def solve(stops: Sequence[Values | None], last: int) -> Plan:
    """Best play over throws ``1..last``; ``stops[k]`` is the value of stopping after ``k`` throws (index 0 unused).

    Stopping after throw ``last`` is forced, so ``stops[last]`` is required.
    """
    plan: Plan = {}
    after = stops[last]
    assert after is not None
    for k in range(last, 0, -1):
        plan[k] = expect(after)
        if k == 1:
            break
        before = stops[k - 1]
        objective, worst, best = [], [], []
        for r in range(N):
            choice = max((plan[k][i] for i in SUBKEEPS[r]), key=lambda v: v[0])
            if before is not None and before[0][r] >= choice[0]:
                choice = (before[0][r], before[1][r], before[2][r])
            objective.append(choice[0])
            worst.append(choice[1])
            best.append(choice[2])
        after = (tuple(objective), tuple(worst), tuple(best))
    return plan


def decide(
    stops: Sequence[Values | None], last: int, plan: Plan, used: int, dice: Sequence[int]
) -> tuple[tuple[int, ...] | None, tuple[float, float, float]]:
    """The best move after ``used`` throws with ``dice`` on the table: ``(keep, values)``, keep ``None`` to stop.

    Ties go to stopping, then to keeping more dice.
    """
    choice: tuple[tuple[int, ...] | None, tuple[float, float, float]] | None = None
    for keep, values in options(stops, last, plan, used, dice):
        if choice is None or values[0] > choice[1][0]:
            choice = keep, values
    assert choice is not None
    return choice


def options(
    stops: Sequence[Values | None], last: int, plan: Plan, used: int, dice: Sequence[int]
) -> list[tuple[tuple[int, ...] | None, tuple[float, float, float]]]:
    """Every move after ``used`` throws with ``dice`` on the table, with its ``(objective, worst, best)`` chances
    playing best from then on: stopping (``None``) where the player may, then each set of dice to keep, the most
    dice first (before the first throw, the one throw of all three)."""
    if used == 0:
        return [((), plan[1][0])]
    r = rank(dice)
    stop = stops[used]
    found: list[tuple[tuple[int, ...] | None, tuple[float, float, float]]] = []
    if stop is not None:
        found.append((None, (stop[0][r], stop[1][r], stop[2][r])))
    if used < last:
        found.extend((KEEPS[i], plan[used + 1][i]) for i in sorted(SUBKEEPS[r], key=lambda i: -len(KEEPS[i])))
    return found


def final_by_throws(stops: Sequence[Values | None], last: int) -> tuple[tuple[float, ...], ...]:
    """For a player who follows :func:`solve`'s best play from its first throw: the chance of ending with
    each hand after exactly ``k`` throws, as ``result[k - 1][rank]``."""
    plan = solve(stops, last)
    finals = []
    current = list(ONE_THROW)
    for used in range(1, last + 1):
        final, following = [0.0] * N, [0.0] * N
        for r, p in enumerate(current):
            if p == 0.0:
                continue
            keep = decide(stops, last, plan, used, HANDS[r])[0] if used < last else None
            if keep is None:
                final[r] += p
                continue
            ranks, probs = OUTCOMES[KEEP_INDEX[keep]]
            for r2, p2 in zip(ranks, probs, strict=True):
                following[r2] += p * p2
        finals.append(tuple(final))
        current = following
    return tuple(finals)


def _standing(dist: Sequence[float]) -> Values:
    """A hand's standing against one hand drawn from ``dist``: chance to beat it, ties counting half."""
    worse = [sum(dist[r + 1 :]) for r in range(N)]
    objective = tuple(w + dist[r] / 2 for r, w in enumerate(worse))
    return objective, tuple(1.0 - v for v in objective), objective


@cache
def reference(throw_limit: str, limit: int) -> tuple[float, ...]:
    """The final-hand distribution of a good player allowed ``limit`` throws under ``throw_limit``.

    The reference player maximises its standing against a hand of the same
    distribution (ties count half); the distribution is found by a few rounds
    of fixed-point iteration, starting from the one-throw distribution.

    >>> round(sum(reference("at_most", 3)), 12), reference("exactly", 1) == ONE_THROW
    (1.0, True)
    """
    return tuple(map(sum, zip(*_reference_by_throws(throw_limit, limit), strict=True)))


@cache
def _reference_by_throws(throw_limit: str, limit: int) -> tuple[tuple[float, ...], ...]:
    dist = ONE_THROW
    by_throws: tuple[tuple[float, ...], ...] = (ONE_THROW,)
    for _ in range(4 if limit > 1 else 0):
        value = _standing(dist)
        stops = [value if throw_limit == "at_most" or k == limit else None for k in range(limit + 1)]
        by_throws = final_by_throws(stops, limit)
        dist = tuple(map(sum, zip(*by_throws, strict=True)))
    return by_throws


def reference_leader() -> tuple[tuple[float, ...], ...]:
    """The reference player as leader (free to stop after 1, 2 or 3 throws): ``result[k - 1][rank]`` is the
    chance of stopping after ``k`` throws with that hand."""
    return _reference_by_throws("at_most", 3)
