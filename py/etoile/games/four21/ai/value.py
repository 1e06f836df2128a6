"""What a 421 position is worth to one player, for the expert (:mod:`etoile.games.four21.ai`).

The expert values each way a turn can end (its hand is the best, the worst or
neither, and so many tokens move) by the chance of winning the game from the
position that follows, as if every player then played the reference policy of
:func:`etoile.games.four21.ai.odds.reference` (a good player who does not plan beyond
the turn). Tokens moved are capped by the pot or by the giver's tokens, as in
the rules. Three models:

* **Two players in play** (:func:`duel`): exact. A position is the pot, each
  player's tokens and who leads; a turn under reference play ends with the
  leader or the follower worst and an amount drawn from the exact reference
  distribution. The décharge positions (a linear system) and then the charge
  positions (the pot only shrinks) are solved exactly.
* **Three or more in the charge** (:func:`field`): me against the field. A
  position is the pot, whether I am clean (took no token yet) and how many
  others are clean; each turn the worst hand is anyone's with equal chance,
  and the amount is what the best of the reference hands is worth. When the
  pot is empty a clean player shares the win with the other clean players;
  if nobody is clean, everyone has the same chance.
* **Three or more in the décharge**: tokens, linearly: a token given away is
  worth as much as a token not received.

>>> lead = duel(11, "at_most", "taker")
>>> round(lead[(11, 0, True)] + lead[(11, 0, False)], 9)  # the two seats of a new game, leader or not
1.0
"""

from __future__ import annotations

from functools import cache

from etoile.games.four21.ai import odds
from etoile.games.four21.rules import TOKENS

Amounts = tuple[float, ...]
"""A value for each of :data:`etoile.games.four21.ai.odds.AMOUNTS`."""


@cache
def duel_turns(throw_limit: str) -> tuple[Amounts, Amounts]:
    """Two players under reference play: the chances that the leader, or the follower, is the worst hand, by amount."""
    leader_worst, follower_worst = [0.0] * len(odds.AMOUNTS), [0.0] * len(odds.AMOUNTS)
    for k, lead in enumerate(odds.reference_leader(), start=1):
        follow = odds.reference(throw_limit, k)
        for a, pa in enumerate(lead):
            if pa == 0.0:
                continue
            for b, pb in enumerate(follow):
                p = pa * pb
                if a < b:
                    follower_worst[odds.AMOUNT_INDEX[TOKENS[a]]] += p
                elif a > b:
                    leader_worst[odds.AMOUNT_INDEX[TOKENS[b]]] += p
                else:
                    leader_worst[odds.AMOUNT_INDEX[TOKENS[a]]] += p / 2
                    follower_worst[odds.AMOUNT_INDEX[TOKENS[a]]] += p / 2
    return tuple(leader_worst), tuple(follower_worst)


Position = tuple[int, int, bool]
"""``(pot, my tokens, I lead)``; the other player holds the rest."""


def after(total: int, position: Position, i_am_worst: bool, amount: int, next_leader: str) -> Position:
    """The position after a turn of two players that I end as the worst hand, or as the best, with ``amount``."""
    pot, mine, lead = position
    theirs = total - pot - mine
    if pot:  # the worst takes from the pot
        moved = min(amount, pot)
        pot -= moved
        mine += moved if i_am_worst else 0
    else:  # the best gives to the worst
        moved = min(amount, theirs if i_am_worst else mine)
        mine += moved if i_am_worst else -moved
    return pot, mine, (i_am_worst if next_leader == "taker" else not lead)


def value(table: dict[Position, float], total: int, position: Position) -> float:
    """My chance of winning from ``position`` in a :func:`duel` table (1 or 0 once the game is decided)."""
    pot, mine, _ = position
    if pot == 0 and mine in (0, total):
        return 1.0 if mine == 0 else 0.0
    return table[position]


@cache
def duel(total: int, throw_limit: str, next_leader: str) -> dict[Position, float]:
    """My chance of winning every undecided position of a two-player game with ``total`` tokens."""
    leader_worst, follower_worst = duel_turns(throw_limit)

    def moves(position: Position) -> list[tuple[float, Position]]:
        lead = position[2]
        return [
            (p, after(total, position, worst_is_leader == lead, amount, next_leader))
            for worst_is_leader, split in ((True, leader_worst), (False, follower_worst))
            for amount, p in zip(odds.AMOUNTS, split, strict=True)
            if p
        ]

    # The décharge: V = sum p V(next) over the undecided positions, a small linear system.
    unknown = [(0, mine, lead) for mine in range(1, total) for lead in (True, False)]
    index = {pos: i for i, pos in enumerate(unknown)}
    size = len(unknown)
    rows = []
    for pos in unknown:
        row = [0.0] * (size + 1)
        row[index[pos]] += 1.0
        for p, nxt in moves(pos):
            if nxt in index:
                row[index[nxt]] -= p
            else:
                row[size] += p * value({}, total, nxt)
        rows.append(row)
    table = dict(zip(unknown, _solve_linear(rows), strict=True))
    # The charge: each turn empties the pot a little, so smaller pots are known first.
    for pot in range(1, total + 1):
        for mine in range(total - pot + 1):
            for lead in (True, False):
                pos = (pot, mine, lead)
                table[pos] = sum(p * value(table, total, nxt) for p, nxt in moves(pos))
    return table


def _solve_linear(rows: list[list[float]]) -> list[float]:
    """Solve the augmented system ``rows`` (Gauss-Jordan with partial pivoting)."""
    size = len(rows)
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col]
        for r in range(size):
            if r != col and rows[r][col]:
                factor = rows[r][col] / head[col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], head, strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


@cache
def field_amounts(throw_limit: str, players: int) -> Amounts:
    """The chance that the best of ``players`` reference hands (one leader, the others following) is worth each amount."""
    split = [0.0] * len(odds.AMOUNTS)
    for k, lead in enumerate(odds.reference_leader(), start=1):
        follow = odds.reference(throw_limit, k)
        lead_worse, follow_worse = sum(lead), 1.0  # chance that a hand ranks s or worse (the leader's with k throws)
        for s in range(odds.N):
            nxt_lead, nxt_follow = lead_worse - lead[s], follow_worse - follow[s]
            p = lead_worse * follow_worse ** (players - 1) - nxt_lead * max(0.0, nxt_follow) ** (players - 1)
            split[odds.AMOUNT_INDEX[TOKENS[s]]] += p
            lead_worse, follow_worse = nxt_lead, max(0.0, nxt_follow)
    return tuple(split)


@cache
def field(total: int, throw_limit: str, players: int) -> dict[tuple[int, bool, int], float]:
    """Me against the field in the charge: my chance of winning at ``(pot, I am clean, clean others)``."""
    amounts = field_amounts(throw_limit, players)
    table: dict[tuple[int, bool, int], float] = {}
    for clean in (True, False):
        for others in range(players):
            table[(0, clean, others)] = 1 / (1 + others) if clean else (0.0 if others else 1 / players)
    for pot in range(1, total + 1):
        for clean in (True, False):
            for others in range(players):
                v = 0.0
                for amount, p in zip(odds.AMOUNTS, amounts, strict=True):
                    rest = pot - min(amount, pot)
                    v += p * table[(rest, False, others)] / players
                    if others:
                        v += p * table[(rest, clean, others - 1)] * others / players
                    v += p * table[(rest, clean, others)] * (players - 1 - others) / players
                table[(pot, clean, others)] = v
    return table
