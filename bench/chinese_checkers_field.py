"""The field's textbook searches for Chinese checkers with several players, written plainly from the papers.

They are the benchmark's yardsticks for the app's own levels (section 8 of
``bench/chinese_checkers_ai.py``), not players the app offers. Each plays the
position of :class:`etoile.games.chinese_checkers.ai.Search` (the same moves,
the same incremental costs, the same evaluation and the same node count: one
node a position visited or a playout move made), so that at an equal number of
nodes they differ only in how they search:

* ``maxn``: max-n (Luckhardt and Irani 1986). Every player in turn picks the
  child best for itself; a leaf is a vector, each seat's lead over its nearest
  rival (:meth:`Search.evaluate` from that seat). Full width, iterative
  deepening in plies, no pruning.
* ``paranoid``: the paranoid search (Sturtevant and Korf 2000). The other
  players, each in its turn, are a coalition that minimises the searching
  seat's lead: alpha-beta over the turn order, full width, moves ordered by
  gain, iterative deepening.
* ``brs``: Best-Reply Search (Schadd and Winands 2011). The searching seat's
  moves alternate with a layer of every other seat's moves, of which only the
  one worst for the searching seat is played: alpha-beta, full width.
* ``mcts``: Monte-Carlo tree search with the max-n policy (Nijssen and Winands
  2011, 2013). UCT selection by the mover's own share (C = 0.2), one node added
  an iteration, playouts where each seat plays its largest gain but for a
  random move once in ten (greedy-biased), cut off after :data:`PLAYOUT_ROUNDS`
  rounds and scored by rank (the seat nearest its goal 0.75, the farthest
  0.25), a win 1 to its seat and 0 to the others; the most visited move is played.

>>> from etoile.games.chinese_checkers import rules as cc
>>> state = cc.new_game(3)
>>> all(move(state, name, 400) in cc.legal_moves(state) for name in FIELD)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from etoile.games.chinese_checkers import ai
from etoile.games.chinese_checkers import rules as cc

WIN = ai.WIN
INF = 10 * WIN
PLAIN = ai.Level(seconds=0.0, width=10_000, reply_width=10_000)
"""Full width: the textbook searches keep every move."""
UCT_C = 0.2
PLAYOUT_ROUNDS = 4
EPSILON = 0.1


class Field(ai.Search):
    """A position prepared for the textbook searches, seen from the seat to move."""

    def __init__(self, state: cc.State, nodes: int) -> None:
        super().__init__(state, PLAIN, None, nodes)
        self.race = False
        self.order = (self.me, *self.others)  # the turn order from the seat to move

    def lead(self, seat: int) -> int:
        cost = self.cost
        return min(cost[s] for s in self.seats if s != seat) - cost[seat]

    def next_seat(self, seat: int) -> int:
        return self.order[(self.order.index(seat) + 1) % len(self.order)]

    # --- max-n ---

    def maxn(self, seat: int, depth: int) -> dict[int, int]:
        self.tick()
        if depth <= 0:
            return {s: self.lead(s) for s in self.seats}
        best: dict[int, int] | None = None
        for _, _, f, t in self.moves(seat):
            self.make(seat, f, t)
            try:
                if self.won(seat):
                    value = {s: WIN if s == seat else -WIN for s in self.seats}
                else:
                    value = self.maxn(self.next_seat(seat), depth - 1)
            finally:
                self.unmake(seat, f, t)
            if best is None or value[seat] > best[seat]:
                best = value
        return best if best is not None else self.maxn(self.next_seat(seat), depth - 1)

    # --- paranoid ---

    def paranoid(self, seat: int, depth: int, alpha: int, beta: int) -> int:
        self.tick()
        if depth <= 0:
            return self.evaluate()
        maxing = seat == self.me
        best = -INF if maxing else INF
        moves = self.moves(seat)
        if not moves:
            return self.paranoid(self.next_seat(seat), depth - 1, alpha, beta)
        for _, _, f, t in moves:
            self.make(seat, f, t)
            try:
                if self.won(seat):
                    value = WIN if maxing else -WIN
                else:
                    value = self.paranoid(self.next_seat(seat), depth - 1, alpha, beta)
            finally:
                self.unmake(seat, f, t)
            if maxing:
                best, alpha = max(best, value), max(alpha, value)
            else:
                best, beta = min(best, value), min(beta, value)
            if alpha >= beta:
                break
        return best

    # --- iterative deepening at the root ---

    def deepen(self, value: Callable[[int], int]) -> tuple[int, int]:
        """The root move of the deepest search completed (``value(depth)`` scores the position after my move)."""
        moves = self.moves(self.me)
        best = moves[0]
        depth = 0
        try:
            while depth < 40:
                scores = {}
                for move in moves:
                    _, _, f, t = move
                    self.make(self.me, f, t)
                    try:
                        scores[move] = WIN if self.won(self.me) else value(depth)
                    finally:
                        self.unmake(self.me, f, t)
                moves.sort(key=lambda m: scores[m], reverse=True)
                best = moves[0]
                if scores[best] >= WIN:
                    break
                depth += 1
        except ai._Stop:
            pass
        return best[2], best[3]


def _maxn(field: Field) -> tuple[int, int]:
    return field.deepen(lambda depth: field.maxn(field.next_seat(field.me), depth)[field.me])


def _paranoid(field: Field) -> tuple[int, int]:
    return field.deepen(lambda depth: field.paranoid(field.next_seat(field.me), depth, -INF, INF))


def _brs(field: Field) -> tuple[int, int]:
    field.opponents = field.others  # every other seat's moves make the layer of replies
    return field.deepen(lambda depth: field.alphabeta(depth, -INF, INF, False, 1))


class _Node:
    __slots__ = ("children", "move", "seat", "total", "untried", "visits")

    def __init__(self, seat: int, move: tuple[int, int] | None, untried: list[tuple[int, int]]) -> None:
        self.seat = seat  # the seat to move here
        self.move = move  # the move that led here (by the seat of the parent)
        self.untried = untried
        self.children: list[_Node] = []
        self.visits = 0
        self.total: dict[int, float] = {}


class _Tree:
    """One MCTS search: the tree grows from ``field``'s position; ``made`` is the path of the iteration under way."""

    def __init__(self, field: Field, rnd: random.Random) -> None:
        self.field, self.rnd = field, rnd
        self.root = _Node(field.me, None, self.moves_of(field.me))
        self.made: list[tuple[int, int, int]] = []

    def moves_of(self, seat: int) -> list[tuple[int, int]]:
        return [(f, t) for _, _, f, t in self.field.moves(seat)]

    def play(self, seat: int, f: int, t: int) -> bool:
        """Make one move of ``seat`` (a node); whether it wins."""
        self.field.tick()
        self.field.make(seat, f, t)
        self.made.append((seat, f, t))
        return self.field.won(seat)

    def undo(self) -> None:
        for seat, f, t in reversed(self.made):
            self.field.unmake(seat, f, t)
        self.made = []

    def select(self) -> tuple[list[_Node], int | None]:
        """Down the tree by UCT on each mover's own share, then one new node: the path, and the seat that won on it."""
        node, path = self.root, [self.root]
        while not node.untried and node.children:
            parent, log_n = node, math.log(node.visits)
            node = max(
                parent.children,
                key=lambda c: c.total.get(parent.seat, 0.0) / c.visits + UCT_C * math.sqrt(log_n / c.visits),
            )
            path.append(node)
            if self.play(parent.seat, *node.move):  # type: ignore[misc]  # a child has its move
                return path, parent.seat
        if not node.untried:
            return path, None
        f, t = node.untried.pop(self.rnd.randrange(len(node.untried)))
        won = self.play(node.seat, f, t)
        seat = self.field.next_seat(node.seat)
        child = _Node(seat, (f, t), [] if won else self.moves_of(seat))
        node.children.append(child)
        path.append(child)
        return path, node.seat if won else None

    def playout(self, seat: int) -> int | None:
        """Greedy-biased moves from ``seat`` on for :data:`PLAYOUT_ROUNDS` rounds: the seat that won, if one did."""
        field = self.field
        for _ in range(PLAYOUT_ROUNDS * len(field.seats)):
            options = field.moves(seat)
            if options:
                _, _, f, t = self.rnd.choice(options) if self.rnd.random() < EPSILON else options[0]
                if self.play(seat, f, t):
                    return seat
            else:
                field.tick()
            seat = field.next_seat(seat)
        return None

    def scores(self, winner: int | None) -> dict[int, float]:
        """Each seat's share: 1 to a winner and 0 to the others; a game cut off, by rank of cost (the seat nearest its
        goal 0.75, the farthest 0.25: an unfinished game is worth less than a win and more than a loss)."""
        seats = self.field.seats
        if winner is not None:
            return {s: float(s == winner) for s in seats}
        ranked = sorted(seats, key=lambda s: self.field.cost[s])
        top = max(1, len(ranked) - 1)
        return {s: 0.75 - 0.5 * i / top for i, s in enumerate(ranked)}

    def search(self) -> tuple[int, int]:
        try:
            while True:
                path, winner = self.select()
                if winner is None:
                    winner = self.playout(path[-1].seat)
                result = self.scores(winner)
                self.undo()
                for node in path:
                    node.visits += 1
                    for s, value in result.items():
                        node.total[s] = node.total.get(s, 0.0) + value
        except ai._Stop:
            self.undo()
        if not self.root.children:
            return self.root.untried[0]
        return max(self.root.children, key=lambda c: c.visits).move  # type: ignore[return-value]  # it has its move


FIELD: dict[str, Callable[[Field], tuple[int, int]]] = {"maxn": _maxn, "paranoid": _paranoid, "brs": _brs}
FIELD["mcts"] = lambda field: _Tree(field, random.Random(field.key)).search()


def move(state: cc.State, name: str, nodes: int) -> cc.Move:
    """The move of the textbook search ``name`` (one of :data:`FIELD`) in ``state``, in ``nodes`` nodes."""
    assert state.to_move is not None
    moves = cc.legal_moves(state)
    if moves == [cc.PASS]:
        return cc.PASS
    f, t = FIELD[name](Field(state, nodes))
    return cc.destinations(state, f)[t]
