"""Chinese checkers (dames chinoises): steps and jumps across a six-pointed star, for 2 to 6 players.

The rules are those of the game's rules page (``#/rules/chinese-checkers``); the board's
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

For a board UI: :func:`neighbours`, :func:`branch`, :data:`BRANCH_HOLES`,
:func:`starts` / :func:`goals` and :func:`start_holes` / :func:`goal_holes`
of a seat, :func:`piece` and :func:`camp` (who stands on a hole), :func:`pieces`, :func:`in_play`,
:func:`destinations` (where a piece can go, with the move), :func:`distance`
and :func:`blocked_for_good`. The options are in :data:`DESCRIPTION`, with the
values :data:`CAMPS` and :data:`MOVE_LIMITS` and the seatings :data:`SEATINGS`.

How the code reads the rules where the traditional texts are silent:

* Each piece belongs to a camp, named by the branch it started in (its
  *origin*); the camp's goal is the branch facing it. The position text
  (:func:`to_cells`) writes a piece as its seat number when every seat has one
  camp, and as its camp's start branch letter (``A`` to ``F``) with several.
* A camp is home when all its pieces stand in its goal branch, or, with
  ``spoiling`` (default on), when its goal branch is full and every piece
  there is either the camp's own (at least one) or an opponent's: the
  player's other camps never fill a camp's goal for it.
* A new game is of :data:`EDITION` 2. Games saved before the rules changed
  are replayed as edition 1 (:func:`upgrade_options`): blocked for good
  without looking at jump landings, no spoiling, no end after 30 quiet
  rounds; their pieces belong to the camps they started in.
* :func:`legal_moves` lists one move per reachable hole of each piece, with a
  shortest path (a step when the hole is a neighbour); :func:`apply` accepts
  any valid path. A player with no move gets ``[PASS]``, the move with an
  empty path, written ``"pass"``.
* The "move limit" counts turns: a pass is a move. The game ends once every
  player still in play has had ``move_limit`` turns.
* If every player still in play passes in a row (nobody can move), the game
  ends as with the move limit.
* A *round* of the 30-round rule is one turn of each player still in play: the
  game ends once ``30 × players in play`` turns in a row bring nobody a new
  lowest distance (:data:`QUIET_ROUNDS`, :func:`quiet_rounds`).
* The distance of a player to their goal (:func:`distance`) is, for each of
  their camps that is not home, the total hex distance of its pieces to the
  tip hole of its goal branch, less what the same number of pieces count when
  they fill the goal from the tip: 0 once every camp is home; lower is better.
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

from etoile.games import JSON, Description, IllegalAction, Option, Outcome, register
from etoile.games.chinese_checkers_board import (
    BRANCH_HOLES,
    BRANCHES,
    DISTANCE,
    NEIGHBOURS,
    OPPOSITE,
    SEATINGS,
    SEGMENTS,
    SIZE,
    TIPS,
    Layout,
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
    "DESCRIPTION",
    "EDITION",
    "ID",
    "MOVES_PER_PLAYER",
    "MOVE_LIMITS",
    "PASS",
    "QUIET_ROUNDS",
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
    "camp",
    "camp_home",
    "destinations",
    "distance",
    "ending",
    "forced",
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
    "quiet_rounds",
    "result",
    "start",
    "start_holes",
    "starts",
    "state_from_json",
    "state_to_json",
    "to_cells",
    "to_move",
    "upgrade_options",
]

ID = "chinese-checkers"
MOVES_PER_PLAYER = 2_000
"""More moves than any real game gives a player (a two-player game takes about 50 each)."""
EDITION = 2
"""The edition of the rules new games are played with (1: the rules of games saved before spoiling and the 30-round end)."""
QUIET_ROUNDS = 30
"""After this many rounds in which nobody reaches a new lowest distance, the game ends (edition 2)."""
CAMPS = (1, 2, 3)
"""The values of the ``camps`` option; 2 and 3 need a seating of :data:`SEATINGS` (2 or 3 players)."""
MOVE_LIMITS = (None, 20, 30, 40, 60)
"""The values of the ``move_limit`` option (``chinese_checkers.option.move_limit.<value>``); :func:`new_game` and
:func:`from_cells` also take any whole number from 1 up."""

DESCRIPTION = Description(
    ID,
    "chinese_checkers",
    min_players=2,
    max_players=6,
    levels=("easy", "medium", "hard"),
    options=(
        Option("camps", CAMPS, 1, players={c: tuple(p for p, k in SEATINGS if k == c) for c in CAMPS}),
        Option("long_jumps", (False, True), False),
        Option("rank_all", (False, True), False),
        Option("move_limit", MOVE_LIMITS, None),
        Option("spoiling", (True, False), True),
        Option("edition", (EDITION, 1), EDITION, offered=False),
    ),
    undo=True,
)
"""Chinese checkers for 2 to 6 players, with the seatings of :data:`SEATINGS`, three computer levels, and undo."""


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
    ``seat + 1`` for a piece of ``seat`` (:func:`piece` reads it);
    ``origin`` the index in :data:`BRANCHES` plus one of the start branch of
    each piece's camp (:func:`camp` reads it). ``to_move`` is ``None`` once
    the game is over. ``turns[seat]`` counts the turns (moves and passes) each
    seat has played, ``passes`` the passes in a row just played. ``lowest[seat]``
    is the lowest :func:`distance` the seat has had, ``quiet`` the turns in a row
    that brought nobody below their lowest. ``finished`` lists the seats that
    brought all their camps home, in order; ``eliminated`` the groups of seats
    eliminated by one move, in order. ``last[seat]`` is the seat's last move
    (``None`` before its first).
    """

    players: int
    camps: int
    long_jumps: bool
    rank_all: bool
    move_limit: int | None
    spoiling: bool
    edition: int
    board: bytes
    origin: bytes
    to_move: int | None
    turns: tuple[int, ...]
    passes: int
    lowest: tuple[int, ...]
    quiet: int
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


def piece(state: State, hole: int) -> int | None:
    """The seat whose piece stands on ``hole``, or ``None`` if it is free."""
    value = state.board[hole]
    return value - 1 if value else None


def camp(state: State, hole: int) -> str | None:
    """The camp of the piece on ``hole``, named by its start branch; ``None`` if the hole is free.

    >>> state = new_game(2, camps=2)
    >>> camp(state, 0), camp(state, 22), camp(state, 120), camp(state, 60)
    ('A', 'B', 'D', None)
    """
    value = state.origin[hole]
    return BRANCHES[value - 1] if value else None


def camp_home(state: State, branch: str) -> bool:
    """Whether the camp that starts in ``branch`` is home (all its pieces in its goal, or a spoiled goal).

    With ``spoiling``, a full goal branch holding at least one piece of the camp
    and otherwise only opponents' pieces counts as home.

    >>> cells = "1" + "." * 59 + "0" + "." * 50 + "1" + "0" * 9  # seat 1 keeps hole 111 of D, seat 0 fills the rest
    >>> camp_home(from_cells(cells, players=2), "A"), camp_home(from_cells(cells, players=2, spoiling=False), "A")
    (True, False)
    """
    return _camp_home(state.board, state.origin, BRANCHES.index(branch) + 1, state.spoiling)


def _camp_home(board: bytes | bytearray, origin: bytes | bytearray, value: int, spoiling: bool) -> bool:
    goal = BRANCH_HOLES[OPPOSITE[BRANCHES[value - 1]]]
    mine = sum(origin[h] == value for h in goal)
    if mine == origin.count(value):
        return True
    if not spoiling or not mine or not all(board[h] for h in goal):
        return False
    owner = next(board[h] for h in goal if origin[h] == value)
    return all(origin[h] == value or board[h] != owner for h in goal)


def pieces(state: State, seat: int) -> tuple[int, ...]:
    """The holes of ``seat``'s pieces, in increasing order."""
    value = seat + 1
    return tuple(h for h, v in enumerate(state.board) if v == value)


def in_play(state: State) -> tuple[int, ...]:
    """The seats still playing: neither eliminated nor finished (with ``rank_all``, finished seats are skipped)."""
    out = {s for group in state.eliminated for s in group} | set(state.finished)
    return tuple(s for s in range(state.players) if s not in out)


# --- Positions ---------------------------------------------------------------------------------


def _check_options(
    players: object,
    camps: object,
    long_jumps: object,
    rank_all: object,
    move_limit: object,
    *,
    spoiling: object = True,
    edition: object = EDITION,
) -> None:
    for name, value in (("players", players), ("camps", camps)):
        if type(value) is not int:
            raise ValueError(f"{name} must be a whole number, not {value!r}")
    for name, value in (("long_jumps", long_jumps), ("rank_all", rank_all), ("spoiling", spoiling)):
        if not isinstance(value, bool):
            raise ValueError(f"option {name} must be true or false, not {value!r}")
    if move_limit is not None and (type(move_limit) is not int or move_limit < 1):
        raise ValueError(f"move_limit must be null or a whole number from 1 up, not {move_limit!r}")
    if edition not in (1, EDITION) or type(edition) is not int:
        raise ValueError(f"edition must be 1 or {EDITION}, not {edition!r}")
    if not 2 <= players <= 6:  # type: ignore[operator]
        raise ValueError(f"Chinese checkers is for 2 to 6 players, not {players!r}")
    layout(players, camps)


def new_game(
    players: int,
    camps: int = 1,
    long_jumps: bool = False,
    rank_all: bool = False,
    move_limit: int | None = None,
    *,
    spoiling: bool = True,
    edition: int = EDITION,
) -> State:
    """The starting position: each camp's 10 pieces fill its start branch; seat 0 moves first.

    >>> state = new_game(2, camps=2)
    >>> starts(state, 0), goals(state, 0), len(pieces(state, 1))
    (('A', 'B'), ('D', 'E'), 20)
    """
    _check_options(players, camps, long_jumps, rank_all, move_limit, spoiling=spoiling, edition=edition)
    board, origin = bytearray(SIZE), bytearray(SIZE)
    for seat, branches in enumerate(layout(players, camps).starts):
        for b in branches:
            for h in BRANCH_HOLES[b]:
                board[h], origin[h] = seat + 1, BRANCHES.index(b) + 1
    state = State(
        players, camps, long_jumps, rank_all, move_limit, spoiling, edition, bytes(board), bytes(origin), 0,
        (0,) * players, 0, (0,) * players, 0, (), (), (None,) * players,
    )  # fmt: skip
    return replace(state, lowest=tuple(distance(state, seat) for seat in range(players)))


def from_cells(
    cells: str,
    players: int,
    to_move: int = 0,
    long_jumps: bool = False,
    camps: int = 1,
    *,
    rank_all: bool = False,
    move_limit: int | None = None,
    spoiling: bool = True,
    edition: int = EDITION,
) -> State:
    """A position from its :func:`to_cells` text, ``seat`` ``to_move`` to play; any number of pieces per camp.

    With one camp per seat a piece is written as its seat number; with several,
    as the start branch letter of its camp (``"A"`` for a piece of the camp
    that started in A). The position is settled as after a move: seats with no
    piece count as eliminated, a piece blocked for good eliminates its player,
    a seat with all its camps home has finished (and may end the game). If
    ``to_move`` is out of play the next seat in play moves. ``ValueError`` if
    malformed.

    >>> state = from_cells("0" + "." * 119 + "1", players=2)
    >>> legal_moves(state)
    [Move(path=(0, 1)), Move(path=(0, 2))]
    >>> result(from_cells("." * 111 + "0" * 10, players=2))
    Outcome(ranking=((0,), (1,)))
    >>> two_camps = from_cells("B" + "." * 119 + "D", players=2, camps=2)
    >>> piece(two_camps, 0), camp(two_camps, 0), camp(two_camps, 120)
    (0, 'B', 'D')
    """
    _check_options(players, camps, long_jumps, rank_all, move_limit, spoiling=spoiling, edition=edition)
    board, origin = _parse_cells(cells, layout(players, camps))
    if type(to_move) is not int or not 0 <= to_move < players:
        raise ValueError(f"to_move must be a seat 0 to {players - 1}, not {to_move!r}")
    empty = tuple(s for s in range(players) if s + 1 not in board)
    state = State(
        players, camps, long_jumps, rank_all, move_limit, spoiling, edition, board, origin, to_move,
        (0,) * players, 0, (0,) * players, 0, (), (empty,) if empty else (), (None,) * players,
    )  # fmt: skip
    state = replace(state, lowest=tuple(distance(state, seat) for seat in range(players)))
    return _settle(state, to_move, played=False)


def _parse_cells(cells: object, lay: Layout) -> tuple[bytes, bytes]:
    """The ``board`` and ``origin`` of a :func:`to_cells` text for the seating ``lay``."""
    if not isinstance(cells, str) or len(cells) != SIZE:
        raise ValueError(f"cells must be a text of {SIZE} characters")
    if all(len(branches) == 1 for branches in lay.starts):
        pieces_of = {str(seat): (seat + 1, BRANCHES.index(branches[0]) + 1) for seat, branches in enumerate(lay.starts)}
    else:
        pieces_of = {b: (seat + 1, BRANCHES.index(b) + 1) for seat, branches in enumerate(lay.starts) for b in branches}
    bad = {c for c in cells if c != "." and c not in pieces_of}
    if bad:
        raise ValueError(f"cells may hold '.' and {', '.join(sorted(pieces_of))}, not {''.join(sorted(bad))!r}")
    board = bytes(pieces_of[c][0] if c != "." else 0 for c in cells)
    origin = bytes(pieces_of[c][1] if c != "." else 0 for c in cells)
    return board, origin


def to_cells(state: State) -> str:
    """The board as 121 characters in hole order: ``'.'`` for a free hole, else the piece.

    A piece is its seat number when every seat has one camp, else its camp's start branch letter.

    >>> to_cells(new_game(2, camps=2))[:4], to_cells(new_game(2))[:4]
    ('AAAA', '0000')
    """
    if state.camps == 1:
        return "".join("." if v == 0 else str(v - 1) for v in state.board)
    return "".join("." if v == 0 else BRANCHES[v - 1] for v in state.origin)


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
    origin = bytearray(state.origin)
    if not move.is_pass:
        origin[move.end], origin[move.start] = origin[move.start], 0
    turns = tuple(t + (s == seat) for s, t in enumerate(state.turns))
    last = tuple(move if s == seat else m for s, m in enumerate(state.last))
    after = replace(state, board=bytes(board), origin=bytes(origin), to_move=seat, turns=turns, passes=passes, last=last)
    return _settle(after, seat, played=True)


# --- After a move: eliminations, finishing, the end, the next seat ------------------------------


def blocked_for_good(state: State) -> tuple[int, ...]:
    """The holes of the pieces blocked for good, in increasing order (see the rules page).

    A piece in one of its player's start branches is blocked for good when it
    has no legal move, and every neighbouring hole and every hole it could
    jump to over a neighbour is off the board or holds a piece that cannot
    move away: an opponent's piece standing in its camp's goal branch, or
    another piece blocked for good. A piece of its own player that can still
    move does not wall it in.
    """
    return _blocked(state, bytearray(state.board))


def _blocked(state: State, board: bytearray) -> tuple[int, ...]:
    return blocked_holes(board, state.origin, _layout(state), state.long_jumps, landings=state.edition >= 2)


def _settle(state: State, seat: int, played: bool) -> State:
    """Apply eliminations, finishing, the 30-round count and the end of the game after ``seat`` played (or in a set-up
    position)."""
    lay = _layout(state)
    board, origin = bytearray(state.board), bytearray(state.origin)
    eliminated = state.eliminated
    blocked = _blocked(state, board)
    if blocked:
        out = tuple(sorted({board[h] - 1 for h in blocked}))
        for h in range(SIZE):
            if board[h] and board[h] - 1 in out:
                board[h] = origin[h] = 0
        eliminated = (*eliminated, out)
    gone = {s for group in eliminated for s in group}
    finished = list(state.finished)
    for s in range(state.players):
        if s not in gone and s not in finished and s + 1 in board and _home(board, origin, lay.starts[s], state.spoiling):
            finished.append(s)
    state = replace(state, board=bytes(board), origin=bytes(origin), finished=tuple(finished), eliminated=eliminated)
    if played and seat not in gone:
        now = distance(state, seat)
        if now < state.lowest[seat]:
            lowest = tuple(now if s == seat else low for s, low in enumerate(state.lowest))
            state = replace(state, lowest=lowest, quiet=0)
        else:
            state = replace(state, quiet=state.quiet + 1)
    remaining = in_play(state)
    over = len(remaining) <= 1 or (bool(finished) and not state.rank_all) or _by_distance(state, remaining) is not None
    following = ((seat + i + played) % state.players for i in range(state.players))
    return replace(state, to_move=None if over else next(s for s in following if s in remaining))


def _home(board: bytes | bytearray, origin: bytes | bytearray, branches: tuple[str, ...], spoiling: bool) -> bool:
    """Whether every camp of the seat that starts in ``branches`` is home."""
    return all(_camp_home(board, origin, BRANCHES.index(b) + 1, spoiling) for b in branches)


def _limit_reached(state: State, remaining: tuple[int, ...]) -> bool:
    return state.move_limit is not None and all(state.turns[s] >= state.move_limit for s in remaining)


def _stalled(state: State, remaining: tuple[int, ...]) -> bool:
    return state.edition >= 2 and state.quiet >= QUIET_ROUNDS * len(remaining)


def _by_distance(state: State, remaining: tuple[int, ...]) -> str | None:
    """The ending (of :func:`ending`) that ranks ``remaining`` by distance, if one has come: the move limit, nobody
    able to move, or 30 quiet rounds."""
    if not remaining:
        return None
    if _limit_reached(state, remaining):
        return "move_limit"
    if state.passes >= len(remaining):
        return "no_moves"
    return "quiet" if _stalled(state, remaining) else None


def quiet_rounds(state: State) -> tuple[int, int]:
    """``(rounds, left)``: the whole rounds in a row that brought nobody a new lowest distance, and how many remain
    before the game ends for that (:data:`QUIET_ROUNDS`); ``(0, QUIET_ROUNDS)`` in edition 1 or once the game is over.

    >>> quiet_rounds(new_game(2))
    (0, 30)
    """
    remaining = in_play(state)
    if state.edition < 2 or state.to_move is None or not remaining:
        return 0, QUIET_ROUNDS
    rounds = state.quiet // len(remaining)
    return rounds, QUIET_ROUNDS - rounds


@cache
def _tip_costs(goal: str) -> tuple[int, ...]:
    return tuple(DISTANCE[h][TIPS[goal]] for h in range(SIZE))


@cache
def _home_cost(count: int) -> int:
    """The least total tip distance of ``count`` pieces in one branch: what they count when all stand home (20 for 10)."""
    return sum(sorted(DISTANCE[h][TIPS["D"]] for h in BRANCH_HOLES["D"])[:count])


def distance(state: State, seat: int) -> int:
    """How far ``seat`` is from having every camp home: 0 once they all are.

    For each camp not yet home, the total hex distance of its pieces to the
    tip hole of its goal branch, less what the same number of pieces count
    when they fill the goal from the tip.

    >>> distance(new_game(2), 0), distance(new_game(2, camps=2), 1)
    (120, 240)
    """
    total = 0
    for b in starts(state, seat):
        value = BRANCHES.index(b) + 1
        if value not in state.origin:
            continue
        holes = [h for h, v in enumerate(state.origin) if v == value]
        if not _camp_home(state.board, state.origin, value, state.spoiling):
            costs = _tip_costs(OPPOSITE[b])
            total += sum(costs[h] for h in holes) - _home_cost(len(holes))
    return total


def ending(state: State) -> str | None:
    """Why the game ended: ``"home"`` (a player brought every camp home; with ``rank_all``, all but one did),
    ``"alone"`` (the others were eliminated), ``"move_limit"``, ``"no_moves"`` (nobody can move) or ``"quiet"``
    (:data:`QUIET_ROUNDS` rounds without a new lowest distance); ``None`` while it goes on.

    >>> ending(new_game(2)), ending(from_cells("." * 111 + "0" * 10, players=2))
    (None, 'home')
    """
    if state.to_move is not None:
        return None
    return _by_distance(state, in_play(state)) or ("home" if state.finished else "alone")


def result(state: State) -> Outcome | None:
    """The ranking once the game is over (see the module's decisions), else ``None``."""
    if state.to_move is not None:
        return None
    tiers: list[tuple[int, ...]] = [(s,) for s in state.finished]
    remaining = in_play(state)
    if remaining:
        if _by_distance(state, remaining) is not None:
            scores = {s: distance(state, s) for s in remaining}
            tiers += [tuple(s for s in remaining if scores[s] == v) for v in sorted(set(scores.values()))]
        else:
            tiers.append(remaining)
    tiers += reversed(state.eliminated)
    return Outcome(tuple(tiers))


# --- The game protocol -------------------------------------------------------------------------


def start(options: Mapping[str, JSON], seed: int) -> State:
    """A new game from the options of :data:`DESCRIPTION`: ``players`` (2-6, default 2), ``camps``, ``long_jumps``,
    ``rank_all``, ``move_limit``, ``spoiling`` (default on) and ``edition`` (default :data:`EDITION`).

    The seed is unused: the game has no chance. ``ValueError`` on unknown keys, bad values or a seating not offered.
    """
    resolved = DESCRIPTION.resolve(options)
    return new_game(
        resolved["players"],
        resolved["camps"],
        resolved["long_jumps"],
        resolved["rank_all"],
        resolved["move_limit"],
        spoiling=resolved["spoiling"],
        edition=resolved["edition"],
    )


def upgrade_options(options: Mapping[str, JSON], saved_format: int) -> dict[str, JSON]:
    """The options of a game saved in match format ``saved_format``, as this version reads them.

    Games saved before format 2 were played before spoiling, the 30-round end
    and the jump landings of "blocked for good": they replay as edition 1.

    >>> upgrade_options({"players": 2}, 1)
    {'players': 2, 'edition': 1, 'spoiling': False}
    """
    if saved_format >= 2:
        return dict(options)
    return {**options, "edition": 1, "spoiling": False}


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


def forced(state: State) -> Move | None:
    """:data:`PASS` for a seat that cannot move: nobody has to click to pass."""
    return PASS if state.to_move is not None and legal_moves(state) == [PASS] else None


def action_to_json(action: Move) -> JSON:
    return move_to_text(action)


def action_from_json(data: JSON) -> Move:
    return move_from_text(data)


def state_to_json(state: State) -> JSON:
    """The state as JSON: the options, ``cells`` (:func:`to_cells`, which names each piece's camp), and the other fields."""
    return {
        "players": state.players,
        "camps": state.camps,
        "long_jumps": state.long_jumps,
        "rank_all": state.rank_all,
        "move_limit": state.move_limit,
        "spoiling": state.spoiling,
        "edition": state.edition,
        "cells": to_cells(state),
        "to_move": state.to_move,
        "turns": list(state.turns),
        "passes": state.passes,
        "lowest": list(state.lowest),
        "quiet": state.quiet,
        "finished": list(state.finished),
        "eliminated": [list(group) for group in state.eliminated],
        "last": [None if m is None else move_to_text(m) for m in state.last],
    }


def _int(value: object, name: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number {low} to {high}, not {value!r}")
    return value


STATE_KEYS = frozenset(
    {"players", "camps", "long_jumps", "rank_all", "move_limit", "spoiling", "edition", "cells", "to_move", "turns"}
    | {"passes", "lowest", "quiet", "finished", "eliminated", "last"}
)


def state_from_json(data: JSON) -> State:
    """The state of :func:`state_to_json`; ``ValueError`` if malformed or inconsistent."""
    if not isinstance(data, dict) or set(data) != STATE_KEYS:
        raise ValueError(f"a Chinese checkers state is an object with the keys {', '.join(sorted(STATE_KEYS))}")
    players = data["players"]
    camps, long_jumps, rank_all, move_limit, spoiling, edition = (
        data[key] for key in ("camps", "long_jumps", "rank_all", "move_limit", "spoiling", "edition")
    )
    _check_options(players, camps, long_jumps, rank_all, move_limit, spoiling=spoiling, edition=edition)
    board, origin = _parse_cells(data["cells"], layout(players, camps))
    turns, lowest, finished, eliminated, last = (data[key] for key in ("turns", "lowest", "finished", "eliminated", "last"))
    for name, value in (("turns", turns), ("lowest", lowest), ("finished", finished), ("eliminated", eliminated), ("last", last)):
        if not isinstance(value, list):
            raise ValueError(f"{name} must be a list")
    if len(turns) != players or len(last) != players or len(lowest) != players:
        raise ValueError("turns, lowest and last need one entry per seat")
    seats_out = [_int(s, "a seat", 0, players - 1) for s in finished]
    for group in eliminated:
        if not isinstance(group, list) or not group:
            raise ValueError("eliminated lists groups of seats")
        seats_out += [_int(s, "a seat", 0, players - 1) for s in group]
    if len(set(seats_out)) != len(seats_out):
        raise ValueError("a seat is finished or eliminated twice")
    state = State(
        players, camps, long_jumps, rank_all, move_limit, spoiling, edition, board, origin,
        None if data["to_move"] is None else _int(data["to_move"], "to_move", 0, players - 1),
        tuple(_int(t, "a turn count", 0, 10**9) for t in turns),
        _int(data["passes"], "passes", 0, 10**9),
        tuple(_int(d, "a distance", 0, 10**4) for d in lowest),
        _int(data["quiet"], "quiet", 0, 10**9),
        tuple(finished),
        tuple(tuple(group) for group in eliminated),
        tuple(None if m is None else move_from_text(m) for m in last),
    )  # fmt: skip
    if any(state.board[h] - 1 in {s for g in state.eliminated for s in g} for h in range(SIZE) if state.board[h]):
        raise ValueError("an eliminated seat still has pieces on the board")
    if state.to_move is not None and state.to_move not in in_play(state):
        raise ValueError(f"seat {state.to_move} is not in play and cannot be to move")
    return state


register(sys.modules[__name__])
