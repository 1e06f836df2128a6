"""Generala played to win: the chance of finishing first, and the turn that makes it largest.

A player who maximises the expected score (:mod:`etoile.games.generala.ai.dp`) plays
the same dice whatever the others have: 20 points behind in the last round it
still takes the safe 30 rather than try for the 60 it needs. This module plays
for the first place instead.

**The points still to come.** ``futures(rules)[mask]`` is the distribution of
the points a player still scores from a column whose filled boxes are
``mask``, when they play the optimal expected-score policy: entry ``x`` is
the chance of exactly ``x`` more points. It is exact, computed from the last
turn back (:func:`compute_futures`): the turn of ``mask`` under that policy
ends in box ``b`` with score ``s`` with a chance ``P(b, s)`` (the throws
followed through the rules' odds, :func:`turn_outcomes`), and the points to
come are ``s`` plus those of ``mask | b``. The table for the default rules is
shipped (``futures.bin``, written by ``tools/generala_tables.py``);
other rules are computed on first use.

**The chance of winning** at the end of this turn, filling box ``b`` with ``s``
points (:class:`Race`): the player's final score is its total plus ``s`` plus
the points to come from its new column; every other player's is its total plus
its own points to come; all of them independent. A shared first place counts
as its share (two players level at the top: half a win each). A big general
(five equal dice on a turn's first throw) wins at once: each turn left gives
each player the chance ``1/1296`` of one, the first to throw it winning; the
distributions count it as a hand like any other.

The turn is then solved exactly for those values (:func:`etoile.games.generala.ai.dp.solve_fills`):
every keep and every box is worth the chance of winning it leads to, when the
player plays to win this turn and for the best expected score afterwards, and
plans again at each turn. Between equal chances (a race already won or lost),
the expected score decides.

Alone, the player can be given a target: it then maximises the chance of
reaching it (a big general counts as reaching it).

>>> from etoile.games.generala.rules import Rules
>>> pmf = futures(Rules())[0]
>>> round(sum(x * p for x, p in enumerate(pmf)), 1), round(sum(pmf), 9)  # the expected score, shipped to 1/65535
(156.2, 1.0)
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from etoile.engine.lazy import lazy_dataclass
from etoile.games.generala.ai import dp
from etoile.games.generala.rules import BOXES, Rules

Pmf = Sequence[float]
"""A distribution of points: entry ``x`` is the chance of ``x``."""
Column = tuple[int | None, ...]
GENERAL = BOXES.index("general")
BIG_GENERAL = sum(p for hand, p in zip(dp.KEEPS, dp.ROLL_PROBABILITY, strict=False) if len(set(hand)) == 1)
"""The chance of a big general on a turn's first throw: 6 of the 7776 throws of five dice."""
TIE_BREAK = 1e-7
"""The weight of the expected score beside the chance of winning: it decides between equal chances only."""


def turn_outcomes(key: tuple[bool, bool, bool], mask: int) -> dict[tuple[int, int], float]:
    """``P(b, s)``: the chance that the optimal player's turn from ``mask`` ends filling box ``b`` with ``s`` points."""
    turn = dp.optimal_turn(key, mask)
    first, later = dp.box_scores(key)
    odds = dp.throw_odds()
    ended: dict[tuple[int, int], float] = {}
    chances = list(dp.ROLL_PROBABILITY)
    for throw in (1, 2, 3):
        scores = first if throw == 1 else later
        after = {1: turn.throw_second, 2: turn.throw_third}.get(throw)
        kept = [0.0] * (len(dp.KEEPS) - dp.ROLLS)
        for hand, p in enumerate(chances):
            if not p:
                continue
            box = turn.best_box(hand, throw)
            if after is not None:
                keep = max(dp.SUB_KEEPS[hand], key=after.__getitem__)
                if after[keep] > turn.fill_value(hand, box, throw):
                    kept[keep - dp.ROLLS] += p
                    continue
            outcome = (box, scores[box][hand])
            ended[outcome] = ended.get(outcome, 0.0) + p
        chances = [0.0] * dp.ROLLS
        for k, p in enumerate(kept):
            if p:
                for hand, q in odds[k].items():
                    chances[hand] += p * q
    return ended


def compute_futures(rules: Rules) -> list[array[float]]:
    """The distribution of the points to come from every mask (1024 of them), from scratch."""
    key = dp.dp_key(rules)
    table: list[array[float]] = [array("d")] * (dp.FULL + 1)
    table[dp.FULL] = array("d", [1.0])
    for mask in range(dp.FULL - 1, -1, -1):
        ends = turn_outcomes(key, mask)
        size = max(s + len(table[mask | 1 << b]) for b, s in ends)
        pmf = [0.0] * size
        for (b, s), p in ends.items():
            for x, q in enumerate(table[mask | 1 << b], start=s):
                pmf[x] += p * q
        table[mask] = array("d", pmf)
    return table


FUTURES_FILE = Path(__file__).with_name("futures.bin")
"""The shipped distributions for the default rules (:func:`encode`)."""
SCALE = 65535
"""The unit of a shipped chance: 1/65535."""
_FUTURES: dict[tuple[bool, bool, bool], list[array[float]]] = {}


def encode(table: Sequence[Pmf]) -> bytes:
    """A table of distributions as bytes: for each mask, the first and the number of points that have a chance
    (2 bytes each), then each chance in units of :data:`SCALE` (2 bytes), little-endian."""
    out = bytearray()
    for pmf in table:
        units = [round(p * SCALE) for p in pmf]
        seen = [x for x, u in enumerate(units) if u]
        low, high = seen[0], seen[-1] + 1
        out += low.to_bytes(2, "little") + (high - low).to_bytes(2, "little") + array("H", units[low:high]).tobytes()
    return bytes(out)


def decode(data: bytes) -> list[array[float]]:
    """The table of :func:`encode`'s bytes, each distribution scaled to sum to 1; :class:`ValueError` if they are not one."""
    table: list[array[float]] = []
    at = 0
    while at + 4 <= len(data) and len(table) <= dp.FULL:
        low, size = int.from_bytes(data[at : at + 2], "little"), int.from_bytes(data[at + 2 : at + 4], "little")
        chunk = data[at + 4 : at + 4 + 2 * size]
        if len(chunk) != 2 * size:
            break
        units = array("H")
        units.frombytes(chunk)
        total = sum(units)
        if not total:
            break
        table.append(array("d", [0.0] * low + [u / total for u in units]))
        at += 4 + 2 * size
    if len(table) != dp.FULL + 1 or at != len(data):
        raise ValueError(f"not a table of the points to come: {dp.FULL + 1} distributions expected")
    return table


def has_futures(rules: Rules) -> bool:
    """Whether :func:`futures` answers at once (shipped or already computed)."""
    key = dp.dp_key(rules)
    return key in _FUTURES or (key == dp.dp_key(Rules()) and FUTURES_FILE.exists())


def futures(rules: Rules) -> list[array[float]]:
    """The distributions of the points to come for ``rules``: shipped, or computed on first use and kept in memory."""
    key = dp.dp_key(rules)
    if key not in _FUTURES:
        shipped = key == dp.dp_key(Rules()) and FUTURES_FILE.exists()
        _FUTURES[key] = decode(FUTURES_FILE.read_bytes()) if shipped else compute_futures(rules)
    return _FUTURES[key]


def remember(rules: Rules, table: list[array[float]]) -> None:
    """Keep a table computed elsewhere (a previous page load's) for ``rules``."""
    _FUTURES[dp.dp_key(rules)] = table


def _mask(column: Column) -> int:
    return sum(1 << b for b, value in enumerate(column) if value is not None)


@lazy_dataclass
class Race:
    """Where a game stands for the seat deciding: its column and total, the other players' columns and totals,
    or a ``target`` when it plays alone (then ``others`` is empty)."""

    rules: Rules
    column: Column
    total: int
    others: tuple[tuple[Column, int], ...]
    target: int | None = None


def _big_general_turns(rules: Rules, column: Column) -> int:
    """The turns left to a player in which a big general would win at once."""
    open_ = sum(value is None for value in column)
    return open_ if not rules.big_general_open_box or column[GENERAL] is None else 0


@lru_cache(maxsize=256)
def _first_place(race: Race) -> tuple[float, ...]:
    """``w[y]``: the chance that a final score of ``y`` wins on points (a shared first place counting as its share)."""
    if not race.others:
        top = 1 + sum(max(column) for column in dp.box_scores(dp.dp_key(race.rules))[0])
        target = race.target if race.target is not None else top
        return tuple(1.0 if y >= target else 0.0 for y in range(race.total + top + 1))
    table = futures(race.rules)
    finals = [(total, table[_mask(column)]) for column, total in race.others]
    top = max(total + len(pmf) for total, pmf in finals)
    cumulative = []
    for total, pmf in finals:
        below, running = [0.0] * (top + 1), 0.0
        for y in range(top + 1):
            below[y] = running
            if 0 <= y - total < len(pmf):
                running += pmf[y - total]
        cumulative.append((total, pmf, below))
    wins = []
    for y in range(top + 1):
        # The chance that each other player is below y or level with it: the coefficient of z^k is the chance of k level.
        poly = [1.0]
        for total, pmf, below in cumulative:
            level = pmf[y - total] if 0 <= y - total < len(pmf) else 0.0
            poly = [a * below[y] + (poly[i - 1] * level if i else 0.0) for i, a in enumerate([*poly, 0.0])]
        wins.append(sum(c / (k + 1) for k, c in enumerate(poly)))
    return tuple(wins)


def win_chance(race: Race, box: int, points: int) -> float:
    """The chance of winning the game when this turn fills box ``box`` with ``points`` (this turn's big general aside)."""
    wins = _first_place(race)
    column = tuple(points if b == box else value for b, value in enumerate(race.column))
    pmf = futures(race.rules)[_mask(column)]
    start = race.total + points
    on_points = sum(p * wins[min(start + x, len(wins) - 1)] for x, p in enumerate(pmf))
    mine = _big_general_turns(race.rules, column)
    theirs = sum(_big_general_turns(race.rules, other) for other, _ in race.others)
    nobody = (1 - BIG_GENERAL) ** (mine + theirs)
    first = (1 - nobody) * mine / (mine + theirs) if mine + theirs else 0.0
    return first + nobody * on_points


@lru_cache(maxsize=64)
def win_turn(race: Race) -> dp.Turn:
    """The turn solved for the chance of winning (plus :data:`TIE_BREAK` times the expected final score)."""
    key = dp.dp_key(race.rules)
    first, later = dp.box_scores(key)
    values = dp.table(race.rules)
    mask = _mask(race.column)
    fills = tuple(
        None
        if race.column[b] is not None
        else {s: win_chance(race, b, s) + TIE_BREAK * (s + values[mask | 1 << b]) for s in sorted({0, *first[b], *later[b]})}
        for b in range(len(BOXES))
    )
    return dp.solve_fills(key, fills)
