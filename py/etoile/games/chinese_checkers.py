"""Chinese checkers (dames chinoises): steps and jumps across a six-pointed star, for 2 to 6 players.

The rules are those of ``RULES.md`` (Chinese checkers section); the board's
geometry and tables are in :mod:`etoile.games.chinese_checkers_board`. A
position is a :class:`State`; a move is a :class:`Move`, the path of the
moving piece (its start hole, then each hole it lands on), written
``"12-23-34"``.

>>> state = new_game(2)
>>> to_cells(state)[:10], to_cells(state)[-10:]
('0000000000', '1111111111')
>>> moves = legal_moves(state)
>>> len(moves), move_to_text(moves[0])
(14, '3-14')
>>> state = apply(state, move_from_text("7-15"))
>>> state.to_move, piece(state, 15), piece(state, 7)
(1, 0, None)
>>> sorted(destinations(state, 113))
[104, 105]

For a board UI: :data:`HOLES` (drawing coordinates), :func:`neighbours`,
:func:`branch`, :data:`BRANCH_HOLES`, :func:`starts` / :func:`goals` and
:func:`start_holes` / :func:`goal_holes` of a seat, :func:`colour` (an index
in :data:`PALETTE`), :func:`piece`, :func:`pieces`, :func:`in_play`,
:func:`destinations` (where a piece can go, with the move), :func:`distance`
and :func:`blocked_for_good`. The setup options are :data:`OPTIONS`, with the
values :data:`CAMPS` and :data:`MOVE_LIMITS` and the seatings :data:`SEATINGS`.

Decisions where ``RULES.md`` is silent:

* The pieces of a player are interchangeable, also with several camps: a
  player has one colour, and wins when all their pieces stand in their goal
  branches (with 10 pieces per camp, every goal hole is then filled).
* :func:`legal_moves` lists one move per reachable hole of each piece, with a
  shortest path (a step when the hole is a neighbour); :func:`apply` accepts
  any valid path. A player with no move gets ``[PASS]``, the move with an
  empty path, written ``"pass"``.
* The "move limit" counts turns: a pass is a move. The game ends once every
  player still in play has had ``move_limit`` turns.
* If every player still in play passes in a row (nobody can move), the game
  ends as with the move limit.
* The distance of a player to their goal (:func:`distance`) is the total hex
  distance of their pieces to the tip hole of a goal branch, each goal branch
  taking 10 pieces (the cheapest such assignment), counted from a full goal:
  0 once every piece is home; lower is better.
* Ranking (:func:`result`): players who brought all their pieces home, in the
  order they did; then the players still in play: ranked by distance if the
  move limit was reached (or nobody could move), else sharing one tier; then
  the eliminated players, the last eliminated first (players eliminated by the
  same move share a tier).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from itertools import pairwise

from etoile.games import JSON, IllegalAction, Outcome, register
from etoile.games.chinese_checkers_board import (
    BRANCH_HOLES,
    BRANCHES,
    DISTANCE,
    HOLES,
    NEIGHBOURS,
    SEATINGS,
    SEGMENTS,
    SIZE,
    TIPS,
    Layout,
    assign,
    blocked_holes,
    branch_of,
    layout,
    piece_targets,
    shortest_paths,
)

__all__ = [
    "BRANCHES",
    "BRANCH_HOLES",
    "CAMPS",
    "HOLES",
    "ID",
    "LEVELS",
    "MOVES_PER_PLAYER",
    "MOVE_LIMITS",
    "OPTIONS",
    "PALETTE",
    "PASS",
    "SEATINGS",
    "TIPS",
    "IllegalAction",
    "Layout",
    "Move",
    "State",
    "action_from_json",
    "action_to_json",
    "apply",
    "blocked_for_good",
    "branch",
    "colour",
    "destinations",
    "distance",
    "from_cells",
    "goal_holes",
    "goals",
    "in_play",
    "layout",
    "legal_actions",
    "legal_moves",
    "max_actions",
    "move_from_text",
    "move_to_text",
    "neighbours",
    "new_game",
    "piece",
    "pieces",
    "result",
    "start",
    "start_holes",
    "starts",
    "state_from_json",
    "state_to_json",
    "to_cells",
    "to_move",
]

ID = "chinese-checkers"
LEVELS = ("easy", "medium", "hard")
"""The computer players' levels, weakest first (:mod:`etoile.ai.chinese_checkers` plays them)."""
MOVES_PER_PLAYER = 2_000
"""More moves than any real game gives a player (a two-player game takes about 50 each)."""
PALETTE: tuple[tuple[str, str], ...] = (
    ("red", "#D55E00"),
    ("yellow", "#F0E442"),
    ("sky", "#56B4E9"),
    ("blue", "#0072B2"),
    ("green", "#009E73"),
    ("pink", "#CC79A7"),
)
"""The colour of each branch A to F, as ``(name, hex)``, from the Okabe–Ito colour-blind-safe palette.

Every seating gets well-separated colours: red and blue for two players; red,
sky and green for three; red, yellow, blue and green for four.

A seat's pieces take the colour of its first start branch (:func:`colour`);
``chinese_checkers.colour.<name>`` names it in the locale files.
"""

OPTIONS = ("players", "camps", "long_jumps", "rank_all", "move_limit")
"""The keys of :func:`start`'s options."""
CAMPS = (1, 2, 3)
"""The values of the ``camps`` option; 2 and 3 need a seating of :data:`SEATINGS` (2 or 3 players)."""
MOVE_LIMITS = (None, 20, 30, 40, 60)
"""The values of the ``move_limit`` option the setup screen offers (``chinese_checkers.option.move_limit.<value>``);
any whole number from 1 up is valid."""


@dataclass(frozen=True, slots=True)
class Move:
    """One move: the path of the moving piece, its start hole then each landing hole.

    A step is a path of two neighbouring holes; a chain of jumps lands on each
    hole in turn. :data:`PASS` (the empty path) is the move of a player who
    cannot move.

    >>> Move((12, 23)).start, Move((3, 14, 27)).end, PASS.is_pass
    (12, 27, True)
    """

    path: tuple[int, ...]

    def __post_init__(self) -> None:
        path = self.path
        if not isinstance(path, tuple) or len(path) == 1:
            raise ValueError(f"a move is a path of at least two holes, not {path!r}")
        if not all(type(h) is int and 0 <= h < SIZE for h in path):
            raise ValueError(f"a move's holes are numbers 0 to 120, not {path!r}")

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]

    @property
    def is_pass(self) -> bool:
        return not self.path

    def __str__(self) -> str:
        return move_to_text(self)


PASS = Move(())
"""The move of a player who has no legal move."""


@dataclass(frozen=True, slots=True)
class State:
    """A position, as plain values.

    ``board`` holds the 121 holes in hole order: ``0`` for a free hole,
    ``seat + 1`` for a piece of ``seat`` (:func:`piece` reads it). ``to_move``
    is ``None`` once the game is over. ``turns[seat]`` counts the turns (moves
    and passes) each seat has played, ``passes`` the passes in a row just
    played. ``finished`` lists the seats that brought all their pieces home,
    in order; ``eliminated`` the groups of seats eliminated by one move, in
    order. ``last[seat]`` is the seat's last move (``None`` before its first).
    """

    players: int
    camps: int
    long_jumps: bool
    rank_all: bool
    move_limit: int | None
    board: bytes
    to_move: int | None
    turns: tuple[int, ...]
    passes: int
    finished: tuple[int, ...]
    eliminated: tuple[tuple[int, ...], ...]
    last: tuple[Move | None, ...]


def _layout(state: State) -> Layout:
    return layout(state.players, state.camps)


# --- Geometry helpers for the UI ---------------------------------------------------------------


def neighbours(hole: int) -> tuple[int, ...]:
    """The holes next to ``hole``, in increasing order.

    >>> neighbours(0), neighbours(60)
    ((1, 2), (50, 51, 59, 61, 69, 70))
    """
    return NEIGHBOURS[hole]


def branch(hole: int) -> str | None:
    """The branch letter (``"A"`` to ``"F"``) of ``hole``, ``None`` in the centre hexagon.

    >>> branch(0), branch(22), branch(60), branch(98)
    ('A', 'B', None, 'E')
    """
    return branch_of(hole)


def starts(state: State, seat: int) -> tuple[str, ...]:
    """The start branches of ``seat`` (one per camp)."""
    return _layout(state).starts[seat]


def goals(state: State, seat: int) -> tuple[str, ...]:
    """The goal branches of ``seat``, facing its start branches."""
    return _layout(state).goals[seat]


def start_holes(state: State, seat: int) -> tuple[int, ...]:
    """The holes of the start branches of ``seat``, in increasing order."""
    return tuple(sorted(h for b in starts(state, seat) for h in BRANCH_HOLES[b]))


def goal_holes(state: State, seat: int) -> tuple[int, ...]:
    """The holes of the goal branches of ``seat``, in increasing order.

    >>> goal_holes(new_game(2), 0) == tuple(range(111, 121))
    True
    """
    return tuple(sorted(h for b in goals(state, seat) for h in BRANCH_HOLES[b]))


def colour(state: State, seat: int) -> int:
    """The index in :data:`PALETTE` of the colour of ``seat``'s pieces: that of its first start branch.

    >>> [PALETTE[colour(new_game(3), seat)][0] for seat in range(3)]
    ['red', 'sky', 'green']
    """
    return BRANCHES.index(starts(state, seat)[0])


def piece(state: State, hole: int) -> int | None:
    """The seat whose piece stands on ``hole``, or ``None`` if it is free."""
    value = state.board[hole]
    return value - 1 if value else None


def pieces(state: State, seat: int) -> tuple[int, ...]:
    """The holes of ``seat``'s pieces, in increasing order."""
    value = seat + 1
    return tuple(h for h, v in enumerate(state.board) if v == value)


def in_play(state: State) -> tuple[int, ...]:
    """The seats still playing: neither eliminated nor finished (with ``rank_all``, finished seats are skipped)."""
    out = {s for group in state.eliminated for s in group} | set(state.finished)
    return tuple(s for s in range(state.players) if s not in out)


# --- Positions ---------------------------------------------------------------------------------


def _check_options(players: object, camps: object, long_jumps: object, rank_all: object, move_limit: object) -> None:
    for name, value in (("players", players), ("camps", camps)):
        if type(value) is not int:
            raise ValueError(f"{name} must be a whole number, not {value!r}")
    for name, value in (("long_jumps", long_jumps), ("rank_all", rank_all)):
        if not isinstance(value, bool):
            raise ValueError(f"option {name} must be true or false, not {value!r}")
    if move_limit is not None and (type(move_limit) is not int or move_limit < 1):
        raise ValueError(f"move_limit must be null or a whole number from 1 up, not {move_limit!r}")
    if not 2 <= players <= 6:  # type: ignore[operator]
        raise ValueError(f"Chinese checkers is for 2 to 6 players, not {players!r}")
    layout(players, camps)  # type: ignore[arg-type]


def new_game(
    players: int, camps: int = 1, long_jumps: bool = False, rank_all: bool = False, move_limit: int | None = None
) -> State:
    """The starting position: each camp's 10 pieces fill its start branch; seat 0 moves first.

    >>> state = new_game(2, camps=2)
    >>> starts(state, 0), goals(state, 0), len(pieces(state, 1))
    (('A', 'B'), ('D', 'E'), 20)
    """
    _check_options(players, camps, long_jumps, rank_all, move_limit)
    board = bytearray(SIZE)
    for seat, branches in enumerate(layout(players, camps).starts):
        for b in branches:
            for h in BRANCH_HOLES[b]:
                board[h] = seat + 1
    return State(players, camps, long_jumps, rank_all, move_limit, bytes(board), 0, (0,) * players, 0, (), (), (None,) * players)


def from_cells(
    cells: str,
    players: int,
    to_move: int = 0,
    long_jumps: bool = False,
    camps: int = 1,
    *,
    rank_all: bool = False,
    move_limit: int | None = None,
) -> State:
    """A position from its :func:`to_cells` text, ``seat`` ``to_move`` to play; any number of pieces per seat.

    The position is settled as after a move: seats with no piece count as
    eliminated, a piece blocked for good eliminates its player, a seat with
    all its pieces home has finished (and may end the game). If ``to_move``
    is out of play the next seat in play moves. ``ValueError`` if malformed.

    >>> state = from_cells("0" + "." * 119 + "1", players=2)
    >>> legal_moves(state)
    [Move(path=(0, 1)), Move(path=(0, 2))]
    >>> result(from_cells("." * 111 + "0" * 10, players=2))
    Outcome(ranking=((0,), (1,)))
    """
    _check_options(players, camps, long_jumps, rank_all, move_limit)
    board = _parse_cells(cells, players)
    if type(to_move) is not int or not 0 <= to_move < players:
        raise ValueError(f"to_move must be a seat 0 to {players - 1}, not {to_move!r}")
    empty = tuple(s for s in range(players) if s + 1 not in board)
    state = State(
        players,
        camps,
        long_jumps,
        rank_all,
        move_limit,
        board,
        to_move,
        (0,) * players,
        0,
        (),
        (empty,) if empty else (),
        (None,) * players,
    )
    return _settle(state, to_move, played=False)


def _parse_cells(cells: object, players: int) -> bytes:
    if not isinstance(cells, str) or len(cells) != SIZE:
        raise ValueError(f"cells must be a text of {SIZE} characters")
    seats = "012345"[:players]
    bad = {c for c in cells if c != "." and c not in seats}
    if bad:
        raise ValueError(f"cells may hold '.' and the seats {', '.join(seats)}, not {''.join(sorted(bad))!r}")
    return bytes(0 if c == "." else int(c) + 1 for c in cells)


def to_cells(state: State) -> str:
    """The board as 121 characters in hole order: ``'.'`` for a free hole, the seat number for a piece."""
    return "".join("." if v == 0 else str(v - 1) for v in state.board)


# --- Moves -------------------------------------------------------------------------------------


def move_to_text(move: Move) -> str:
    """The notation of a move: its holes joined by ``-``; ``"pass"`` for :data:`PASS`.

    >>> move_to_text(Move((12, 23, 34))), move_to_text(PASS)
    ('12-23-34', 'pass')
    """
    return "-".join(map(str, move.path)) if move.path else "pass"


def move_from_text(text: str) -> Move:
    """The move written ``text`` (:func:`move_to_text`); ``ValueError`` if it is not a move's notation.

    >>> move_from_text("7-15"), move_from_text("pass")
    (Move(path=(7, 15)), Move(path=()))
    """
    if not isinstance(text, str):
        raise ValueError(f"a move's notation is a text, not {text!r}")
    if text == "pass":
        return PASS
    parts = text.split("-")
    if not all(p.isascii() and p.isdigit() and (p == "0" or not p.startswith("0")) for p in parts):
        raise ValueError(f"not a move: {text!r} (write holes joined by '-', like '12-23-34')")
    return Move(tuple(int(p) for p in parts))


def destinations(state: State, hole: int) -> dict[int, Move]:
    """Every hole the piece on ``hole`` can reach in one move, with the move (a shortest path), by hole.

    This holds for any piece of a seat in play, whoever is to move; ``{}`` for a
    free hole, or once the game is over.

    >>> destinations(new_game(2), 3)
    {14: Move(path=(3, 14)), 16: Move(path=(3, 16))}
    """
    value = state.board[hole]
    if not value or state.to_move is None or value - 1 not in in_play(state):
        return {}
    allowed = _layout(state).allowed[value - 1]
    paths = shortest_paths(bytearray(state.board), hole, state.long_jumps, allowed)
    return {end: Move(path) for end, path in paths.items()}


def legal_moves(state: State) -> list[Move]:
    """Every move of the seat to move: one per reachable hole of each piece, by start then end hole.

    ``[PASS]`` when the seat to move has no move; ``[]`` once the game is over.
    """
    seat = state.to_move
    if seat is None:
        return []
    board = bytearray(state.board)
    allowed = _layout(state).allowed[seat]
    value = seat + 1
    moves = [
        Move(path)
        for hole in range(SIZE)
        if board[hole] == value
        for path in shortest_paths(board, hole, state.long_jumps, allowed).values()
    ]
    return moves or [PASS]


def _has_move(board: bytearray, seat: int, long_jumps: bool, allowed: bytes) -> bool:
    value = seat + 1
    return any(board[h] == value and piece_targets(board, h, long_jumps, allowed) for h in range(SIZE))


def _check_path(board: bytearray, seat: int, path: tuple[int, ...], long_jumps: bool, allowed: bytes) -> None:
    """Raise :class:`IllegalAction` unless ``path`` is a legal move of ``seat`` on ``board`` (left unchanged)."""
    start, end = path[0], path[-1]
    if board[start] != seat + 1:
        owner = "it is free" if not board[start] else f"it holds a piece of seat {board[start] - 1}"
        raise IllegalAction(f"seat {seat} has no piece on hole {start}: {owner}")
    if len(path) == 2 and end in NEIGHBOURS[start]:
        if board[end]:
            raise IllegalAction(f"{start}-{end} steps onto hole {end}, which is taken")
    else:
        board[start] = 0
        try:
            _check_jumps(board, path, long_jumps)
        finally:
            board[start] = seat + 1
    if not allowed[end]:
        raise IllegalAction(
            f"a move may not end in branch {branch_of(end)} (hole {end}): it is neither a start nor a goal branch of seat {seat}"
        )


def _check_jumps(board: bytearray, path: tuple[int, ...], long_jumps: bool) -> None:
    seen = {path[0]}
    for a, b in pairwise(path):
        if b in seen:
            raise IllegalAction(f"the move visits hole {b} twice: a chain of jumps never comes back to a hole")
        seen.add(b)
        if b in NEIGHBOURS[a]:
            raise IllegalAction(f"{a}-{b} is a step: a step is a whole move, it cannot be part of a chain of jumps")
        segment = SEGMENTS.get((a, b))
        if segment is None:
            raise IllegalAction(f"{a}-{b} is neither a step nor a jump: hole {b} is not an even number of holes away on a line")
        pivot, between = segment
        if not board[pivot]:
            raise IllegalAction(f"{a}-{b} jumps over hole {pivot}, which is free: a jump needs a piece to jump over")
        if between and not long_jumps:
            raise IllegalAction(f"{a}-{b} is a long jump (over hole {pivot}), and long jumps are off")
        taken = [h for h in between if board[h]]
        if taken:
            raise IllegalAction(
                f"{a}-{b} jumps over more than one piece (holes {', '.join(map(str, sorted([pivot, *taken])))}): never allowed"
            )
        if board[b]:
            raise IllegalAction(f"{a}-{b} lands on hole {b}, which is taken")


def apply(state: State, move: Move) -> State:
    """The position after ``move`` by the seat to move; :class:`IllegalAction` says why a move is refused.

    >>> apply(new_game(2), Move((7, 23)))
    Traceback (most recent call last):
    ...
    etoile.games.IllegalAction: 7-23 is neither a step nor a jump: hole 23 is not an even number of holes away on a line
    """
    seat = state.to_move
    if seat is None:
        raise IllegalAction("the game is over")
    if not isinstance(move, Move):
        raise IllegalAction(f"not a Chinese checkers move: {move!r}")
    board = bytearray(state.board)
    allowed = _layout(state).allowed[seat]
    if move.is_pass:
        if _has_move(board, seat, state.long_jumps, allowed):
            raise IllegalAction(f"seat {seat} can move, so may not pass")
        passes = state.passes + 1
    else:
        _check_path(board, seat, move.path, state.long_jumps, allowed)
        board[move.start] = 0
        board[move.end] = seat + 1
        passes = 0
    turns = tuple(t + (s == seat) for s, t in enumerate(state.turns))
    last = tuple(move if s == seat else m for s, m in enumerate(state.last))
    after = replace(state, board=bytes(board), to_move=seat, turns=turns, passes=passes, last=last)
    return _settle(after, seat, played=True)


# --- After a move: eliminations, finishing, the end, the next seat ------------------------------


def blocked_for_good(state: State) -> tuple[int, ...]:
    """The holes of the pieces blocked for good, in increasing order (see ``RULES.md``).

    A piece in one of its player's start branches is blocked for good when it
    has no legal move and every neighbouring hole holds a piece standing in
    one of its own player's goal branches, or another piece blocked for good.
    """
    return blocked_holes(bytearray(state.board), _layout(state), state.long_jumps)


def _settle(state: State, seat: int, played: bool) -> State:
    """Apply eliminations, finishing and the end of the game after ``seat`` played (or in a set-up position)."""
    lay = _layout(state)
    board = bytearray(state.board)
    eliminated = state.eliminated
    blocked = blocked_holes(board, lay, state.long_jumps)
    if blocked:
        out = tuple(sorted({board[h] - 1 for h in blocked}))
        for h in range(SIZE):
            if board[h] and board[h] - 1 in out:
                board[h] = 0
        eliminated = (*eliminated, out)
    gone = {s for group in eliminated for s in group}
    finished = list(state.finished)
    for s in range(state.players):
        mine = [h for h in range(SIZE) if board[h] == s + 1]
        if s not in gone and s not in finished and mine and all(lay.goal_mask[s][h] for h in mine):
            finished.append(s)
    state = replace(state, board=bytes(board), finished=tuple(finished), eliminated=eliminated)
    remaining = in_play(state)
    over = (
        len(remaining) <= 1
        or (bool(finished) and not state.rank_all)
        or _limit_reached(state, remaining)
        or state.passes >= len(remaining)
    )
    following = ((seat + i + played) % state.players for i in range(state.players))
    return replace(state, to_move=None if over else next(s for s in following if s in remaining))


def _limit_reached(state: State, remaining: tuple[int, ...]) -> bool:
    return state.move_limit is not None and all(state.turns[s] >= state.move_limit for s in remaining)


@cache
def _tip_costs(goal_branches: tuple[str, ...]) -> dict[str, tuple[int, ...]]:
    return {g: tuple(DISTANCE[h][TIPS[g]] for h in range(SIZE)) for g in goal_branches}


@cache
def _home_cost(goal_branches: tuple[str, ...], count: int) -> int:
    """The least total tip distance of ``count`` pieces: what they count when all stand home (20 for a full branch)."""
    return sum(sorted(DISTANCE[h][TIPS[g]] for g in goal_branches for h in BRANCH_HOLES[g])[:count])


def distance(state: State, seat: int) -> int:
    """How far ``seat`` is from having every piece home: 0 once they all stand in its goal branches.

    The total hex distance of its pieces to the tip hole of their goal branch,
    less what the same pieces count when they fill the goal from the tip. With
    several camps each goal branch takes 10 pieces, sent the cheapest way.

    >>> distance(new_game(2), 0), distance(new_game(2, camps=2), 1)
    (120, 180)
    """
    goal_branches = goals(state, seat)
    costs = _tip_costs(goal_branches)
    holes = pieces(state, seat)
    return sum(costs[g][h] for h, g in assign(holes, costs).items()) - _home_cost(goal_branches, len(holes))


def result(state: State) -> Outcome | None:
    """The ranking once the game is over (see the module's decisions), else ``None``."""
    if state.to_move is not None:
        return None
    tiers: list[tuple[int, ...]] = [(s,) for s in state.finished]
    remaining = in_play(state)
    if remaining:
        if _limit_reached(state, remaining) or state.passes >= len(remaining):
            scores = {s: distance(state, s) for s in remaining}
            tiers += [tuple(s for s in remaining if scores[s] == v) for v in sorted(set(scores.values()))]
        else:
            tiers.append(remaining)
    tiers += reversed(state.eliminated)
    return Outcome(tuple(tiers))


# --- The game protocol -------------------------------------------------------------------------


def start(options: Mapping[str, JSON], seed: int) -> State:
    """A new game from setup options ``players`` (2-6, default 2), ``camps``, ``long_jumps``, ``rank_all``, ``move_limit``.

    The seed is unused: the game has no chance. ``ValueError`` on unknown keys, bad values or a seating not offered.
    """
    unknown = set(options) - set(OPTIONS)
    if unknown:
        raise ValueError(f"unknown Chinese checkers option(s): {', '.join(sorted(map(str, unknown)))}")
    return new_game(
        options.get("players", 2),
        options.get("camps", 1),
        options.get("long_jumps", False),
        options.get("rank_all", False),
        options.get("move_limit"),
    )


def to_move(state: State) -> int | None:
    return state.to_move


def max_actions(options: Mapping[str, JSON]) -> int:
    """The most moves a saved game may hold: the move limit's, or :data:`MOVES_PER_PLAYER` for each player.

    >>> max_actions({"players": 3}), max_actions({"players": 2, "move_limit": 30})
    (6000, 60)
    """
    players, limit = options.get("players", 2), options.get("move_limit")
    if type(players) is not int or players < 1:
        return 0
    return players * (limit if type(limit) is int and 0 < limit < MOVES_PER_PLAYER else MOVES_PER_PLAYER)


def legal_actions(state: State) -> list[Move]:
    return legal_moves(state)


def action_to_json(action: Move) -> JSON:
    return move_to_text(action)


def action_from_json(data: JSON) -> Move:
    return move_from_text(data)


def state_to_json(state: State) -> JSON:
    """The state as JSON: the options, ``cells`` (:func:`to_cells`), and the fields of :class:`State`."""
    return {
        "players": state.players,
        "camps": state.camps,
        "long_jumps": state.long_jumps,
        "rank_all": state.rank_all,
        "move_limit": state.move_limit,
        "cells": to_cells(state),
        "to_move": state.to_move,
        "turns": list(state.turns),
        "passes": state.passes,
        "finished": list(state.finished),
        "eliminated": [list(group) for group in state.eliminated],
        "last": [None if m is None else move_to_text(m) for m in state.last],
    }


def _int(value: object, name: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number {low} to {high}, not {value!r}")
    return value


def state_from_json(data: JSON) -> State:
    """The state of :func:`state_to_json`; ``ValueError`` if malformed or inconsistent."""
    keys = {"players", "camps", "long_jumps", "rank_all", "move_limit", "cells", "to_move", "turns", "passes"}
    keys |= {"finished", "eliminated", "last"}
    if not isinstance(data, dict) or set(data) != keys:
        raise ValueError(f"a Chinese checkers state is an object with the keys {', '.join(sorted(keys))}")
    players = data["players"]
    _check_options(players, data["camps"], data["long_jumps"], data["rank_all"], data["move_limit"])
    board = _parse_cells(data["cells"], players)
    turns, finished, eliminated, last = data["turns"], data["finished"], data["eliminated"], data["last"]
    for name, value in (("turns", turns), ("finished", finished), ("eliminated", eliminated), ("last", last)):
        if not isinstance(value, list):
            raise ValueError(f"{name} must be a list")
    if len(turns) != players or len(last) != players:
        raise ValueError("turns and last need one entry per seat")
    seats_out = [_int(s, "a seat", 0, players - 1) for s in finished]
    for group in eliminated:
        if not isinstance(group, list) or not group:
            raise ValueError("eliminated lists groups of seats")
        seats_out += [_int(s, "a seat", 0, players - 1) for s in group]
    if len(set(seats_out)) != len(seats_out):
        raise ValueError("a seat is finished or eliminated twice")
    state = State(
        players,
        data["camps"],
        data["long_jumps"],
        data["rank_all"],
        data["move_limit"],
        board,
        None if data["to_move"] is None else _int(data["to_move"], "to_move", 0, players - 1),
        tuple(_int(t, "a turn count", 0, 10**9) for t in turns),
        _int(data["passes"], "passes", 0, 10**9),
        tuple(finished),
        tuple(tuple(group) for group in eliminated),
        tuple(None if m is None else move_from_text(m) for m in last),
    )
    if any(state.board[h] - 1 in {s for g in state.eliminated for s in g} for h in range(SIZE) if state.board[h]):
        raise ValueError("an eliminated seat still has pieces on the board")
    if state.to_move is not None and state.to_move not in in_play(state):
        raise ValueError(f"seat {state.to_move} is not in play and cannot be to move")
    return state


register(sys.modules[__name__])
