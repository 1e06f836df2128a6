"""The computer players of Chinese checkers: a "beginner", a greedy "easy" player and a searching "medium" and "hard".

* ``beginner`` moves one hop forward (a step or a single jump: it never sees
  a chain of jumps), most often one of the largest gain in hex distance to its
  goal, sometimes one of the next largest or the third (:data:`BEGINNER_CHOICES`,
  drawn from the position, so the same position gets the same move).
* ``easy`` plays the move that brings its moving piece closest to its goal
  (the largest gain in hex distance to the goal branch's tip), preferring to
  move its rearmost piece among equal gains.
* ``medium`` and ``hard`` search: iterative-deepening alpha-beta with a
  transposition table and move ordering by gain. With two players it is
  plain minimax; with more it is a *best-reply search* (the levels of the
  tree alternate between the computer's moves and the single best reply of
  its leading opponents). Once the two players of a two-player game have
  passed each other, the search drops the opponent's moves (a pure race) and
  looks deeper at its own; ``medium`` always does so with three players or
  more (except when it predicts), counting each later move's progress at half the
  one before (:meth:`Search.plan`: with others moving in between, a long plan
  rarely survives; see :data:`SETTINGS`). The search prunes each inner node to its most
  promising moves. ``medium`` thinks for about 0.2 s, ``hard`` 0.8 s, or a
  fixed number of nodes (``nodes=``), which makes the move independent of the
  machine's speed.
* With long jumps, ``hard`` *predicts* instead from three players and
  ``medium`` from four; without them, ``hard`` from five players
  (:meth:`Search.predict`): each expects every other player, in turn, to play as
  it played its last move: a player whose last move was the one that went
  farthest (the largest fall in hex distance to its goal, what a greedy player
  sees; :func:`farthest`) to go farthest again, any other to play its greediest
  move (the largest fall of its cost). It looks at every move of its own, then
  at its :data:`PREDICTED_WIDTH` greediest next moves, the others' predicted
  moves between them, then plans its later moves as in the discounted race, to
  the end of its budget; each move's progress counts half the one before.
  ``hard`` also counts against its own progress the others' average progress in
  their predicted moves (:attr:`Level.rivalry`): a move that opens a ladder of
  jumps for the others costs what it gives them.

The evaluation is the difference of the players' *costs*: for each piece,
``16 × d + 3 × detour + d²`` where ``d`` is its hex distance to its goal tip
and ``detour`` how far it stands off the straight band between its start and
goal tips. The square makes rear pieces count more (no straggler is left
behind) and pieces deep in the goal count less (the goal fills from the tip).
Each piece goes to its own camp's goal branch. The search knows when a camp
is home, spoiled goals included: it fills a goal an opponent's piece blocks.

A piece left on one of the six inner holes of its start branch costs a little
more (it could be blocked for good there), and the search sees eliminations:
a move that walls in a piece for good scores as a loss for its owner (a win
when it leaves one player).

Against shuffling, the computer never plays back the move it just played if
it has another choice with the same score, and among equal scores prefers the
larger gain and the rearmost piece. After :data:`PATIENCE` turns per camp (far
longer than a normal game), or once :data:`RESTLESS` rounds in a row have
brought nobody nearer their goal, it only plays moves that bring a piece
nearer its goal, counted in steps round the other players' pieces when no
move is nearer as the crow flies: two players who wait for each other (each
refusing to give the other a ladder) cannot make a game last for ever, and the
30-round end of the rules is a last resort.

>>> from etoile.games.chinese_checkers.rules import new_game, legal_moves
>>> state = new_game(2)
>>> best_move(state, "easy")
Move(path=(3, 14))
>>> best_move(state, "hard", nodes=300) in legal_moves(state)
True
"""

from __future__ import annotations

import time
from functools import cache
from itertools import accumulate

from etoile.engine.lazy import lazy_dataclass
from etoile.engine.match import Match
from etoile.engine.rng import splitmix64
from etoile.games.chinese_checkers.board import (
    BRANCH_HOLES,
    BRANCH_OF,
    BRANCHES,
    DISTANCE,
    GOAL_INDEX,
    NEIGHBOURS,
    OPPOSITE,
    RAYS,
    SIZE,
    TIPS,
    blocked_holes,
    layout,
    piece_targets,
    reach,
)
from etoile.games.chinese_checkers.coach import ChineseCheckersHint
from etoile.games.chinese_checkers.endings import quiet_rounds
from etoile.games.chinese_checkers.rules import DESCRIPTION, PASS, Move, State, apply, destinations, legal_moves
from etoile.games.chinese_checkers.state import in_play


@lazy_dataclass
class Level:
    """How a level searches: a time budget, how many moves each inner node keeps, from how many players on it
    looks at its own moves only, and from how many on it predicts the others' moves, with long jumps and without
    (``None``: never; predicting comes first); looking at its own moves only, what a hole of progress one move
    later is worth against one now (below 1: the others may spoil a plan, the sooner progress is surer);
    predicting, how much the others' predicted progress counts against its own (``rivalry`` times their average
    gain: 0 ignores it)."""

    seconds: float
    width: int
    reply_width: int
    own_moves_from: int | None = None
    predicts_from: int | None = None
    short_predicts_from: int | None = None
    discount: float = 1.0
    rivalry: float = 0.0


SETTINGS = {
    "medium": Level(0.2, 8, 6, own_moves_from=3, predicts_from=4, discount=0.5),
    "hard": Level(0.8, 12, 8, predicts_from=3, short_predicts_from=5, discount=0.5, rivalry=1.0),
}
"""Per seating (docs/benchmarks.md has the games behind each choice):

* two players: both search the opponent's replies (plain alpha-beta), racing once the two have passed each other;
* three and four players without long jumps: hard searches the best replies of the two leading others; medium
  plans its own moves only (from three players), each later move's progress worth half the one before (a plan of
  several moves rarely survives the others' moves, and a racing field does not gang up on whoever leads);
* with long jumps from three players (four for medium), and from five without: hard *predicts* the others (every
  other player's move changes which jumps are open, so a plan of its own moves or of one best reply rarely
  survives) and counts what their predicted moves gain them against its own progress (rivalry 1: with four players
  and long jumps against medium, at the browser's nodes, it finished first in 27 games of 64, 18 without it on the
  same openings; with five players without long jumps 16 of 32, where racing as medium does it finished first as
  often as a seat's share; with three players and long jumps 42 of 64, 14 of the first 32 searching best replies);
  medium predicts with long jumps and races without, and ignores the others' progress."""

WIN = 1_000_000
PREDICTED_MOVES = 2
"""How many of its own moves the predicting search looks at with the others' predicted moves between them (it plans
the later ones with the others standing still)."""
PREDICTED_WIDTH = 8
"""How many of its own moves (the largest gains) the predicting search keeps after its first."""
FINISH = 0.02
"""Seconds of a move's budget kept for what follows the search (its last nodes, the safety check, the path)."""
CLOCK_EVERY = 16
"""The search reads the clock every this many nodes: with two players of three camps and long jumps a node takes
about 0.3 ms in the browser, and reading it every 64 let a medium move overrun its 0.2 s by up to 9 ms."""
REVERSE_PENALTY = 40
"""What playing back one's last move costs at the root (about 2.5 holes of progress)."""
_INF = 10 * WIN
PATIENCE = 60
"""After this many turns per camp, the computer only plays moves that bring a piece nearer its goal (if it has any):
two cautious players could otherwise wait for each other for ever."""
RESTLESS = 10
"""After this many rounds in a row that brought nobody a new lowest distance, the computer plays forward too."""


TRAPPED = 24
"""The extra cost of a piece on a hole of its start branch where it could be blocked for good (about 1.5 holes)."""

TRAPS: dict[str, frozenset[int]] = {
    b: frozenset(h for h in holes if all(n in holes for n in NEIGHBOURS[h])) for b, holes in BRANCH_HOLES.items()
}
"""The six inner holes of each branch: the only ones where a piece can be blocked for good."""
INNER = frozenset().union(*TRAPS.values())


def _influence(long_jumps: bool) -> tuple[tuple[int, ...], ...]:
    """For each hole, the inner holes whose piece a piece put there may block for good.

    A block takes the last free neighbour or the last jump landing: the
    neighbours and the holes two away on a line (any hole on a line with long jumps).
    """
    table: list[list[int]] = [[] for _ in range(SIZE)]
    for h in sorted(INNER):
        near = set(NEIGHBOURS[h]).union(*(ray if long_jumps else ray[:2] for ray in RAYS[h]))
        for t in near:
            table[t].append(h)
    return tuple(tuple(holes) for holes in table)


INFLUENCE = {False: _influence(False), True: _influence(True)}


def _cost_table(goal: str, starts: tuple[str, ...]) -> tuple[int, ...]:
    tip, back = TIPS[goal], TIPS[OPPOSITE[goal]]
    traps = frozenset().union(*(TRAPS[b] for b in starts))
    table = []
    for h in range(SIZE):
        d = DISTANCE[h][tip]
        detour = d + DISTANCE[h][back] - 16
        table.append(16 * d + 3 * detour + d * d + TRAPPED * (h in traps))
    return tuple(table)


@cache
def cost_tables(starts: tuple[str, ...]) -> dict[str, tuple[int, ...]]:
    """The cost of a piece on each hole, by goal branch, for a seat starting in ``starts``."""
    return {OPPOSITE[b]: _cost_table(OPPOSITE[b], starts) for b in starts}


STEPS: dict[str, tuple[int, ...]] = {goal: tuple(DISTANCE[h][TIPS[goal]] for h in range(SIZE)) for goal in TIPS}
"""The hex distance to the goal tip of each hole, by goal branch (what ``easy`` looks at)."""

_ZOBRIST = tuple(tuple(splitmix64(7 + seat, h) for h in range(SIZE)) for seat in range(6))


class _Stop(Exception):
    """The search ran out of time or nodes."""


class Search:
    """A position prepared for search from the point of view of the seat to move (``me``)."""

    def __init__(self, state: State, level: Level, seconds: float | None, nodes: int | None) -> None:
        assert state.to_move is not None
        self.me = me = state.to_move
        self.level = level
        self.long = state.long_jumps
        lay = layout(state.players, state.camps)
        self.allowed = lay.allowed
        self.goal_mask = lay.goal_mask
        self.lay = lay
        self.landings = state.edition >= 2
        self.spoiling = state.spoiling
        self.influence = INFLUENCE[state.long_jumps]
        self.traps = tuple(bytes(mask[h] and h in INNER for h in range(SIZE)) for mask in lay.start_mask)
        self.board = bytearray(state.board)
        self.origin = bytearray(state.origin)
        self.seats = in_play(state)
        self.pos: dict[int, list[int]] = {}
        self.table: list[tuple[int, ...] | None] = [None] * SIZE
        self.cost: dict[int, int] = {}
        self.key = 0
        self.camps = {seat: tuple(BRANCHES.index(b) + 1 for b in lay.starts[seat]) for seat in self.seats}
        self.count, self.in_goal, self.filled = self._count_pieces()
        self.goal_of: dict[int, str] = {}
        for seat in self.seats:
            holes = [h for h in range(SIZE) if self.board[h] == seat + 1]
            self.pos[seat] = holes
            tables = cost_tables(lay.starts[seat])
            cost = 0
            for h in holes:
                goal = OPPOSITE[BRANCHES[self.origin[h] - 1]]
                if seat == me:
                    self.goal_of[h] = goal
                self.table[h] = table = tables[goal]
                cost += table[h]
                self.key ^= _ZOBRIST[seat][h]
            self.cost[seat] = cost
        opponents = sorted((s for s in self.seats if s != me), key=lambda s: (self.cost[s], s))
        self.opponents = tuple(opponents[:2])
        own = level.own_moves_from is not None and len(self.seats) >= level.own_moves_from
        alone = len(self.seats) == 1  # the crossing, a puzzle: only its own moves count
        self.race = own or alone or (len(self.seats) == 2 and state.camps == 1 and self._passed(lay.goals[me][0]))
        self.plans_ahead = self.race and level.discount < 1
        self.plans: dict[tuple[int, int], int] = {}
        predicts_from = level.predicts_from if state.long_jumps else level.short_predicts_from
        self.predicts = predicts_from is not None and len(self.seats) >= predicts_from
        self.others = tuple(sorted((s for s in self.seats if s != me), key=lambda s: (s < me, s)))  # in turn order
        self.greedy = self._greedy(state) if self.predicts else frozenset()
        self.nodes = 0
        self.depth = 0  # the depth of the last iteration of the search: plies, or own moves when predicting
        self.node_limit = nodes
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.tt: dict[tuple[int, bool], tuple[int, int, int, tuple[int, int, int] | None]] = {}

    def _count_pieces(self) -> tuple[list[int], list[int], list[int]]:
        """For each camp (by origin value), its pieces and those standing in its goal; the pieces in each branch."""
        count, in_goal, filled = [0] * 7, [0] * 7, [0] * 6
        for h in range(SIZE):
            if self.board[h]:
                o = self.origin[h]
                count[o] += 1
                in_goal[o] += BRANCH_OF[h] == GOAL_INDEX[o - 1]
                if BRANCH_OF[h] >= 0:
                    filled[BRANCH_OF[h]] += 1
        return count, in_goal, filled

    def _passed(self, goal: str) -> bool:
        """Whether every piece of mine is nearer my goal ``goal`` than every piece of the opponent: no more contact."""
        tip = TIPS[goal]
        other = next(s for s in self.seats if s != self.me)
        mine = max(DISTANCE[h][tip] for h in self.pos[self.me])
        theirs = min(DISTANCE[h][tip] for h in self.pos[other])
        return mine < theirs - 1

    # --- making moves ---

    def make(self, seat: int, f: int, t: int) -> None:
        board, origin = self.board, self.origin
        board[f] = 0
        board[t] = seat + 1
        o = origin[f]
        origin[f], origin[t] = 0, o
        goal = GOAL_INDEX[o - 1]
        bf, bt = BRANCH_OF[f], BRANCH_OF[t]
        self.in_goal[o] += (bt == goal) - (bf == goal)
        if bf >= 0:
            self.filled[bf] -= 1
        if bt >= 0:
            self.filled[bt] += 1
        table = self.table[f]
        self.table[t] = table
        self.table[f] = None
        self.cost[seat] += table[t] - table[f]  # type: ignore[index]  # a peg stands on f: its cell has its table
        pos = self.pos[seat]
        pos[pos.index(f)] = t
        zob = _ZOBRIST[seat]
        self.key ^= zob[f] ^ zob[t]

    def unmake(self, seat: int, f: int, t: int) -> None:
        self.make(seat, t, f)

    def moves(self, seat: int) -> list[tuple[int, int, int, int]]:
        """``(gain, seat, from, to)`` for every move of ``seat``, the largest gain first."""
        board, table, allowed, long_jumps = self.board, self.table, self.allowed[seat], self.long
        out = []
        for f in self.pos[seat]:
            values: tuple[int, ...] = table[f]  # type: ignore[assignment]  # a peg stands on f: its cell has its table
            here = values[f]
            for t in reach(board, f, long_jumps):
                if allowed[t]:
                    out.append((here - values[t], seat, f, t))
        out.sort(reverse=True)
        return out

    def predicted(self, seat: int) -> tuple[int, int] | None:
        """The move the predicting search expects of ``seat``: its farthest move if the seat's last move was its
        farthest (:attr:`greedy`), else its greediest (the largest fall of its cost); ``None`` if it has none."""
        if seat in self.greedy:
            return farthest(self.board, self.origin, self.pos[seat], self.allowed[seat], self.long)
        moves = self.moves(seat)
        return (moves[0][2], moves[0][3]) if moves else None

    def _greedy(self, state: State) -> frozenset[int]:
        """The other seats whose last move was their farthest in the position they played it in (the moves played
        since mine taken back, latest first)."""
        board, origin = bytearray(state.board), bytearray(state.origin)
        greedy = set()
        for seat in reversed(self.others):
            move = state.last[seat]
            if move is None:
                break
            if move.is_pass:
                continue
            f, t = move.start, move.end
            if board[t] != seat + 1:  # not played since mine
                break
            board[f], board[t], origin[f], origin[t] = board[t], 0, origin[t], 0
            holes = [f if h == t else h for h in self.pos[seat]]  # only its own move moved its pieces
            if farthest(board, origin, holes, self.allowed[seat], self.long) == (f, t):
                greedy.add(seat)
        return frozenset(greedy)

    def won(self, seat: int) -> bool:
        """Whether every camp of ``seat`` is home (a spoiled goal counts, as in the rules)."""
        for o in self.camps[seat]:
            if self.in_goal[o] == self.count[o]:
                continue
            goal = GOAL_INDEX[o - 1]
            if not (self.spoiling and self.in_goal[o] and self.filled[goal] == 10):
                return False
            holes = BRANCH_HOLES[BRANCHES[goal]]
            if any(self.board[h] == seat + 1 and self.origin[h] != o for h in holes):
                return False
        return True

    def evaluate(self) -> int:
        cost = self.cost
        if self.race:
            return -cost[self.me]
        return min(cost[s] for s in self.seats if s != self.me) - cost[self.me]

    def blocks(self, t: int) -> bool:
        """Whether the piece just put on ``t`` may have blocked a piece for good (a cheap first test).

        It may if a piece on an inner hole of its start branch within reach of
        ``t`` has every neighbouring hole taken, one of them by a piece in its goal.
        """
        board, traps, goal = self.board, self.traps, self.goal_mask
        for h in self.influence[t]:
            owner = board[h]
            if owner and traps[owner - 1][h]:
                walled = False
                for n in NEIGHBOURS[h]:
                    other = board[n]
                    if not other:
                        break
                    if goal[other - 1][n]:
                        walled = True
                else:
                    if walled:
                        return True
        return False

    def eliminations(self, ply: int) -> int | None:
        """The score if pieces are blocked for good now: a loss if one is mine, a win if it ends a two-player game."""
        out = {self.board[h] - 1 for h in blocked_holes(self.board, self.origin, self.lay, self.long, self.landings)}
        if self.me in out:
            return ply - WIN // 2
        if out and len(self.seats) - len(out) <= 1:
            return WIN // 2 - ply
        return None

    # --- searching ---

    def tick(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise _Stop
        if self.deadline is not None and not self.nodes % CLOCK_EVERY and time.perf_counter() > self.deadline:
            raise _Stop

    def children(self, maxing: bool) -> list[tuple[int, int, int, int]]:
        if maxing:
            return self.moves(self.me)[: self.level.width]
        replies: list[tuple[int, int, int, int]] = []
        for seat in self.opponents:
            replies += self.moves(seat)[: self.level.reply_width]
        replies.sort(reverse=True)
        return replies

    def alphabeta(self, depth: int, alpha: int, beta: int, maxing: bool, ply: int) -> int:
        self.tick()
        if depth <= 0:
            return self.evaluate()
        key = (self.key, maxing)
        entry = self.tt.get(key)
        first = None
        if entry is not None:
            tdepth, value, flag, first = entry
            if tdepth >= depth and (flag == 0 or (flag < 0 and value <= alpha) or (flag > 0 and value >= beta)):
                return value
        moves = self.children(maxing)
        if first is not None:
            for i, move in enumerate(moves):
                if move[1:] == first:
                    moves.insert(0, moves.pop(i))
                    break
        nxt = True if self.race else not maxing
        if not moves:
            return self.alphabeta(depth - 1, alpha, beta, nxt, ply + 1)
        low, high = alpha, beta
        best = -_INF if maxing else _INF
        best_move = None
        for _, seat, f, t in moves:
            self.make(seat, f, t)
            try:
                if self.won(seat):
                    value = WIN - ply if seat == self.me else ply - WIN
                else:
                    ended = self.eliminations(ply) if self.influence[t] and self.blocks(t) else None
                    value = self.alphabeta(depth - 1, alpha, beta, nxt, ply + 1) if ended is None else ended
            finally:
                self.unmake(seat, f, t)
            if maxing and value > best:
                best, best_move = value, (seat, f, t)
                alpha = max(alpha, value)
            elif not maxing and value < best:
                best, best_move = value, (seat, f, t)
                beta = min(beta, value)
            if alpha >= beta:
                break
        flag = 1 if best >= high else -1 if best <= low else 0
        self.tt[key] = (depth, best, flag, best_move)
        return best

    def plan(self, depth: int) -> int:
        """The best discounted progress of ``depth`` more moves of mine, the others standing still: over my
        :attr:`Level.width` largest gains, the gain plus the level's discount times the best plan after it
        (rounded: gains are in cost units, about 16 a hole). A win is worth :data:`WIN`, blocking a piece of mine
        for good a loss.
        """
        if depth <= 0:
            return 0
        known = self.plans.get((self.key, depth))
        if known is not None:
            return known
        me, discount = self.me, self.level.discount
        best = -_INF
        for gain, _, f, t in self.moves(me)[: self.level.width]:
            self.tick()
            self.make(me, f, t)
            try:
                if self.won(me):
                    value = WIN
                else:
                    ended = self.eliminations(0) if self.influence[t] and self.blocks(t) else None
                    value = ended if ended is not None else gain + round(discount * self.plan(depth - 1))
            finally:
                self.unmake(me, f, t)
            best = max(best, value)
        if best == -_INF:  # no move: the plan stands still
            best = 0
        self.plans[self.key, depth] = best
        return best

    def predict(self, depth: int, ply: int) -> int:
        """My discounted progress of ``depth`` more moves of mine once every other seat has played its predicted move
        (:meth:`predicted`) in turn: before my :data:`PREDICTED_MOVES`-th move (``ply`` is how many I have made),
        the best over my :data:`PREDICTED_WIDTH` greediest moves of the gain plus the level's discount times the same
        value after it; from then on, the others standing still, :meth:`plan`.

        A seat that wins on its predicted move scores as a loss, my own win as a win. The others' gains in their
        predicted moves, averaged over them, count against mine times :attr:`Level.rivalry`.
        """
        made: list[tuple[int, int, int]] = []
        given = 0  # what the others' predicted moves gained
        try:
            for seat in self.others:
                self.tick()
                reply = self.predicted(seat)
                if reply is not None:
                    f, t = reply
                    before = self.cost[seat]
                    self.make(seat, f, t)
                    given += before - self.cost[seat]
                    made.append((seat, f, t))
                    if self.won(seat):
                        return ply - WIN
            return self.own_moves(depth, ply) - round(self.level.rivalry * given / len(self.others))
        finally:
            for seat, f, t in reversed(made):
                self.unmake(seat, f, t)

    def own_moves(self, depth: int, ply: int) -> int:
        """The part of :meth:`predict` after the others' predicted moves: my discounted progress of ``depth`` more
        moves of mine, over my :data:`PREDICTED_WIDTH` greediest moves before my :data:`PREDICTED_MOVES`-th, then
        :meth:`plan`; my win is a win."""
        if depth <= 0:
            return 0
        if ply >= PREDICTED_MOVES:
            return self.plan(depth)
        me, discount = self.me, self.level.discount
        best = -_INF
        for gain, _, f, t in self.moves(me)[:PREDICTED_WIDTH]:
            self.tick()
            self.make(me, f, t)
            try:
                value = WIN - ply - 1 if self.won(me) else gain + round(discount * self.predict(depth - 1, ply + 1))
            finally:
                self.unmake(me, f, t)
            best = max(best, value)
        return best if best > -_INF else 0

    def root(self, last: Move | None, eager: bool = False) -> tuple[int, int]:
        """The best ``(from, to)`` of the seat to move, by iterative deepening until the budget runs out.

        ``eager`` keeps only the moves that bring a piece nearer its goal, if there are any.
        """
        me = self.me
        moves = self.moves(me)
        if eager:
            routes = {goal: route(self.board, me, goal, self.allowed[me]) for goal in set(self.goal_of.values())}
            forward = [m for m in moves if m[0] > 0 or routes[self.goal_of[m[2]]][m[2]] > routes[self.goal_of[m[2]]][m[3]]]
            moves = forward or moves
        reverse = (last.end, last.start) if last is not None and not last.is_pass else None
        order = [(seat, f, t) for _, seat, f, t in moves]
        gains = {(f, t): gain for gain, _, f, t in moves}
        back = {(f, t): self.table[f][f] for _, _, f, t in moves}  # type: ignore[index]  # a peg stands on each f

        def rank(move: tuple[int, int, int], value: int) -> tuple[int, int, int, int, int]:
            _, f, t = move
            penalty = REVERSE_PENALTY if (f, t) == reverse else 0
            return (value - penalty, gains[f, t], back[f, t], -f, -t)

        for _, f, t in order:  # a move that wins at once
            self.make(me, f, t)
            won = self.won(me)
            self.unmake(me, f, t)
            if won:
                return f, t
        best = max(order, key=lambda m: rank(m, 0))
        depth = 1
        try:
            while depth <= 40:
                scores: dict[tuple[int, int, int], int] = {}
                alpha = -_INF
                nxt = self.race
                for move in order:
                    _, f, t = move
                    self.make(me, f, t)
                    try:
                        value = self.eliminations(1) if self.influence[t] and self.blocks(t) else None
                        if value is None and (self.predicts or self.plans_ahead):
                            later = self.predict(depth - 1, 1) if self.predicts else self.plan(depth - 1)
                            value = gains[f, t] + round(self.level.discount * later)
                        elif value is None:
                            value = self.alphabeta(depth - 1, alpha - REVERSE_PENALTY - 1, _INF, nxt, 1)
                    finally:
                        self.unmake(me, f, t)
                    scores[move] = value
                    alpha = max(alpha, value)
                order.sort(key=lambda m: rank(m, scores[m]), reverse=True)
                best = order[0]
                if abs(scores[best]) >= WIN - 100:
                    break
                depth += 1
        except _Stop:
            if scores:  # the previous best was searched first: the best of this partial iteration is at least as good
                best = max(scores, key=lambda m: rank(m, scores[m]))
        self.depth = depth
        return best[1], best[2]


def farthest(
    board: bytearray, origin: bytes | bytearray, holes: list[int], allowed: bytes, long_jumps: bool
) -> tuple[int, int] | None:
    """The move of the pieces on ``holes`` that brings one farthest toward its goal's tip (``easy``'s choice but for
    its last resorts): the largest fall in hex distance, the rearmost piece among equal falls; ``None`` if none."""
    best = None
    for f in holes:
        steps = STEPS[OPPOSITE[BRANCHES[origin[f] - 1]]]
        for t in piece_targets(board, f, long_jumps, allowed):
            key = (steps[f] - steps[t], steps[f], -f, -t)
            if best is None or key > best:
                best = key
    return None if best is None else (-best[2], -best[3])


def route(board: bytes | bytearray, seat: int, goal: str, allowed: bytes) -> list[int]:
    """For each hole, the number of steps to the tip of ``goal`` for a piece of ``seat``, going round the others' pieces.

    The steps stay on holes where the seat may stop (``allowed``); a hole of
    the goal branch starts at its distance to the tip. Unreachable holes get 1000.

    >>> from etoile.games.chinese_checkers.text import from_cells
    >>> state = from_cells("." * 60 + "0" + "." * 59 + "1", players=2)  # seat 1 holds D's tip
    >>> distances = route(state.board, 0, "D", layout(2).allowed[0])
    >>> distances[119], distances[60], distances[120]
    (1, 8, 1000)
    """
    mine, tip = seat + 1, TIPS[goal]
    dist = [1000] * SIZE
    queue = sorted((h for h in BRANCH_HOLES[goal] if board[h] in (0, mine)), key=lambda h: DISTANCE[h][tip])
    for h in queue:
        dist[h] = DISTANCE[h][tip]
    for h in queue:  # the list grows while it is read; a shorter way found later is queued again
        d = dist[h] + 1
        for n in NEIGHBOURS[h]:
            if d < dist[n] and allowed[n] and board[n] in (0, mine):
                dist[n] = d
                queue.append(n)
    return dist


def _easy(state: State) -> tuple[int, int]:
    me = state.to_move
    assert me is not None
    lay = layout(state.players, state.camps)
    board = bytearray(state.board)
    holes = [h for h in range(SIZE) if board[h] == me + 1]
    goal_of = {h: OPPOSITE[BRANCHES[state.origin[h] - 1]] for h in holes}
    last = state.last[me]
    reverse = (last.end, last.start) if last is not None and not last.is_pass else None
    moves = [
        (STEPS[goal_of[f]][f] - STEPS[goal_of[f]][t], f, t)
        for f in holes
        for t in piece_targets(board, f, state.long_jumps, lay.allowed[me])
    ]
    around = {}
    if _restless(state) and max(moves)[0] <= 0:  # stuck: go round the others' pieces
        around = {g: route(board, me, g, lay.allowed[me]) for g in lay.goals[me]}
    best = max(
        moves,
        key=lambda m: (
            m[0],
            around[goal_of[m[1]]][m[1]] - around[goal_of[m[1]]][m[2]] if around else 0,
            (m[1], m[2]) != reverse,
            STEPS[goal_of[m[1]]][m[1]],
            -m[1],
            -m[2],
        ),
    )
    return best[1], best[2]


BEGINNER_CHOICES = (60, 25, 15)
"""How often, in a hundred, ``beginner`` plays a hop of its largest gain, of the next largest, of the third."""


def _beginner(state: State) -> tuple[int, int]:
    """One hop forward (a step or a single jump: a chain of jumps is overlooked), most often one of the largest gain,
    sometimes of a lesser one (a draw from the position, so the same position gets the same move), the rearmost
    piece first among equal gains; :func:`_easy`'s move when no hop goes forward."""
    me = state.to_move
    assert me is not None
    allowed = layout(state.players, state.camps).allowed[me]
    board = bytearray(state.board)
    hops = []
    key = sum(state.turns)
    for f in (h for h in range(SIZE) if board[h] == me + 1):
        steps = STEPS[OPPOSITE[BRANCHES[state.origin[f] - 1]]]
        key ^= _ZOBRIST[me][f]
        hops += [
            (steps[f] - steps[t], steps[f], -f, -t)
            for t, parent in reach(board, f, state.long_jumps).items()
            if parent == f and allowed[t]
        ]
    gains = sorted({hop[0] for hop in hops if hop[0] > 0}, reverse=True)
    if not gains:
        return _easy(state)
    draw = splitmix64(key, me) % sum(BEGINNER_CHOICES)
    bounds = accumulate(BEGINNER_CHOICES[: len(gains) - 1])  # past the last gain's share, the last gain
    chosen = next((rank for rank, bound in enumerate(bounds) if draw < bound), len(gains) - 1)
    _, _, f, t = max(hop for hop in hops if hop[0] == gains[chosen])
    return -f, -t


def _safe(state: State, f: int, t: int) -> bool:
    """Whether moving ``f`` to ``t`` keeps the mover in the game (does not block one of its own pieces for good)."""
    board = bytearray(state.board)
    board[t], board[f] = board[f], 0
    lay = layout(state.players, state.camps)
    me = state.to_move
    assert me is not None
    origin = bytearray(state.origin)
    origin[t], origin[f] = origin[f], 0
    return not any(board[h] == me + 1 for h in blocked_holes(board, origin, lay, state.long_jumps, state.edition >= 2))


def _winning(state: State, moves: list[Move]) -> Move | None:
    """A move that brings every camp of the seat to move home at once (a spoiled goal included), if there is one."""
    me = state.to_move
    assert me is not None
    goals = layout(state.players, state.camps).goal_mask[me]
    for move in moves:  # only a move that ends in a goal branch can bring a camp home
        if goals[move.end] and me in apply(state, move).finished:
            return move
    return None


def _restless(state: State) -> bool:
    """Whether the seat to move has waited long enough to play only forward moves (see :data:`PATIENCE`)."""
    me = state.to_move
    assert me is not None
    return state.turns[me] >= PATIENCE * state.camps or quiet_rounds(state)[0] >= RESTLESS


def best_move(state: State, level: str = "hard", seconds: float | None = None, nodes: int | None = None) -> Move:
    """The move the computer at ``level`` plays in ``state``: always one of ``legal_moves(state)``.

    ``seconds`` overrides the level's time budget; ``nodes`` caps the search
    at that many nodes (and, without ``seconds``, drops the clock: the move
    then depends only on the position). ``ValueError`` for an unknown level
    or a finished game.
    """
    if level not in DESCRIPTION.levels:
        raise ValueError(f"unknown level {level!r}; the levels are {', '.join(DESCRIPTION.levels)}")
    return play_as(state, SETTINGS.get(level, level), seconds, nodes)


def play_as(state: State, player: str | Level, seconds: float | None = None, nodes: int | None = None) -> Move:
    """The move of ``player`` in ``state``: ``"beginner"``, ``"easy"``, or a search with those settings (a level's
    :data:`SETTINGS`, or settings being tried); ``seconds`` and ``nodes`` as for :func:`best_move`."""
    began = time.perf_counter()
    if state.to_move is None:
        raise ValueError("the game is over")
    moves = legal_moves(state)
    if moves == [PASS]:
        return PASS
    winning = _winning(state, moves)
    if winning is not None:
        return winning
    if player == "beginner":
        f, t = _beginner(state)
    elif player == "easy":
        f, t = _easy(state)
    else:
        assert isinstance(player, Level)
        budget = seconds if seconds is not None else (None if nodes is not None else player.seconds)
        if budget is not None:  # the whole move, the checks before and after the search included, fits the budget
            budget = max(0.0, budget - FINISH - (time.perf_counter() - began))
        f, t = Search(state, player, budget, nodes).root(state.last[state.to_move], _restless(state))
    if not _safe(state, f, t):
        safe = [m for m in moves if _safe(state, m.start, m.end)]
        if safe:
            f, t = safe[0].start, safe[0].end
    return destinations(state, f)[t]


def choose(state: State, level: str) -> Move:
    """The move of the computer at ``level`` with the level's default budget (the app's AI runner calls this)."""
    return best_move(state, level)


def advise(match: Match, request: str) -> ChineseCheckersHint:
    """The coach's answer: for ``"hint"``, the path of the move "hard" would play."""
    if request != "hint":
        raise ValueError(f"unknown request {request!r}")
    return ChineseCheckersHint(best_move(match.state, "hard").path)
