"""Chinese checkers (dames chinoises): steps and jumps across a six-pointed star, for 2 to 6 players.

The rules are those of the game's rules page (``#/rules/chinese-checkers``). A
position is a :class:`State`; a move is a :class:`Move`, the path of the
moving piece (its start hole, then each hole it lands on), written
``"12-23-34"``. This module is the game's rules module; its
parts live in modules of their own: the board's geometry and tables in
:mod:`etoile.games.chinese_checkers.board`, the values in
:mod:`etoile.games.chinese_checkers.state`, the endings and the ranking in
:mod:`etoile.games.chinese_checkers.endings`, and the notation, the board
diagram, the position text and the JSON form in
:mod:`etoile.games.chinese_checkers.text`.

>>> state = new_game(2)
>>> pieces(state, 0)[-1], pieces(state, 1)[0]
(9, 111)
>>> moves = legal_moves(state)
>>> len(moves), action_to_text(moves[0])
(14, '3-14')
>>> state = apply(state, action_from_text("7-15"))
>>> state.to_move, piece(state, 15), piece(state, 7)
(1, 0, None)
>>> sorted(destinations(state, 113))
[104, 105]
>>> state_from_text(state_to_text(state)) == state, chance_outcomes(state)
(True, ())

For a board UI: :func:`neighbours`, :func:`branch`, :data:`BRANCH_HOLES`,
:func:`starts` / :func:`goals` and :func:`start_holes` / :func:`goal_holes`
of a seat, :func:`piece` and :func:`camp` (who stands on a hole), :func:`pieces`,
:func:`destinations` (where a piece can go, with the move); the seats
:func:`~etoile.games.chinese_checkers.state.in_play`; and with the endings, a
seat's :func:`~etoile.games.chinese_checkers.endings.distance` to its goal, the
:func:`~etoile.games.chinese_checkers.endings.quiet_rounds` and why the game
ended (:func:`~etoile.games.chinese_checkers.endings.ending`). The options are
in :data:`DESCRIPTION`, with the values :data:`CAMPS` and :data:`MOVE_LIMITS`
and the seatings :data:`SEATINGS`.

How the code reads the rules where the traditional texts are silent (the
endings add their own, in :mod:`etoile.games.chinese_checkers.endings`):

* Each piece belongs to a camp, named by the branch it started in (its
  *origin*); the camp's goal is the branch facing it. The board diagram
  writes a piece as its seat number when every seat has one camp, and as its
  camp's start branch letter (``A`` to ``F``) with several; the position text
  always as its camp's letter.
* A new game is of :data:`EDITION` 2. Games saved before the rules changed
  are replayed as edition 1 (:func:`upgrade_options`): blocked for good
  without looking at jump landings, no spoiling, no end after 30 quiet
  rounds; their pieces belong to the camps they started in.
* :func:`legal_moves` lists one move per reachable hole of each piece, with a
  shortest path (a step when the hole is a neighbour); :func:`apply` accepts
  any valid path. A player with no move gets ``[PASS]``, the move with an
  empty path, written ``"pass"``.
* The game has no chance: :func:`to_move` is always a seat (or ``None`` once
  the game is over) and :func:`chance_outcomes` is empty.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import pairwise
from typing import TYPE_CHECKING

from etoile.engine.game import JSON, IllegalAction, ToMove
from etoile.games.chinese_checkers.board import (
    BRANCH_HOLES,
    BRANCHES,
    NEIGHBOURS,
    SEATINGS,
    SEGMENTS,
    SIZE,
    TIPS,
    branch_of,
    piece_targets,
    shortest_paths,
)
from etoile.games.chinese_checkers.endings import distance, result, settle
from etoile.games.chinese_checkers.puzzles import home_puzzle
from etoile.games.chinese_checkers.state import (
    CAMPS,
    DESCRIPTION,
    EDITION,
    ID,
    MOVE_LIMITS,
    MOVES_PER_PLAYER,
    PASS,
    Move,
    State,
    check_options,
    in_play,
)
from etoile.games.chinese_checkers.text import (
    action_from_text,
    action_to_text,
    from_cells,
    state_from_json,
    state_from_text,
    state_to_json,
    state_to_text,
)

if TYPE_CHECKING:
    from fractions import Fraction  # the odds' type: the module itself is imported where odds are listed

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
    "SEATINGS",
    "TIPS",
    "IllegalAction",
    "Move",
    "State",
    "action_from_json",
    "action_from_text",
    "action_to_json",
    "action_to_text",
    "apply",
    "branch",
    "camp",
    "chance_outcomes",
    "destinations",
    "forced",
    "goal_holes",
    "goals",
    "legal_actions",
    "legal_moves",
    "max_actions",
    "neighbours",
    "new_game",
    "piece",
    "pieces",
    "result",
    "start",
    "start_holes",
    "starts",
    "state_from_json",
    "state_from_text",
    "state_to_json",
    "state_to_text",
    "to_move",
    "upgrade_options",
]

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
    return state.layout.starts[seat]


def goals(state: State, seat: int) -> tuple[str, ...]:
    """The goal branches of ``seat``, facing its start branches."""
    return state.layout.goals[seat]


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


def pieces(state: State, seat: int) -> tuple[int, ...]:
    """The holes of ``seat``'s pieces, in increasing order."""
    value = seat + 1
    return tuple(h for h, v in enumerate(state.board) if v == value)


# --- Positions and moves -----------------------------------------------------------------------


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
    check_options(players, camps, long_jumps, rank_all, move_limit, spoiling=spoiling, edition=edition)
    board, origin = bytearray(SIZE), bytearray(SIZE)
    for seat, branches in enumerate(SEATINGS[players, camps]):
        for b in branches:
            for h in BRANCH_HOLES[b]:
                board[h], origin[h] = seat + 1, BRANCHES.index(b) + 1
    state = State(
        players, camps, long_jumps, rank_all, move_limit, spoiling, edition, bytes(board), bytes(origin), 0,
        (0,) * players, 0, (0,) * players, 0, (), (), (None,) * players,
    )  # fmt: skip
    return replace(state, lowest=tuple(distance(state, seat) for seat in range(players)))


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
    allowed = state.layout.allowed[value - 1]
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
    allowed = state.layout.allowed[seat]
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
    etoile.engine.game.IllegalAction: 7-23 is neither a step nor a jump: hole 23 is not an even number of holes away on a line
    """
    seat = state.to_move
    if seat is None:
        raise IllegalAction("the game is over")
    if not isinstance(move, Move):
        raise IllegalAction(f"not a Chinese checkers move: {move!r}")
    board = bytearray(state.board)
    allowed = state.layout.allowed[seat]
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
    return settle(after, seat, played=True)


# --- The game protocol -------------------------------------------------------------------------


def start(options: Mapping[str, JSON], seed: int) -> State:
    """A new game from the options of :data:`DESCRIPTION`: ``players`` (1-6, default 2), ``camps``, ``long_jumps``,
    ``rank_all``, ``move_limit``, ``spoiling`` (default on), ``edition`` (default :data:`EDITION`) and ``puzzle``
    (one player alone: the puzzle of ``seed``, :func:`~etoile.games.chinese_checkers.puzzles.home_puzzle`).

    The seed is unused but by a puzzle: the game has no chance. ``ValueError`` on unknown keys, bad values or a
    seating not offered.

    >>> state = start({"players": 1, "puzzle": True}, seed=2181704916449021606)
    >>> len(pieces(state, 0)), sum(1 for h in pieces(state, 0) if branch(h) == "D")
    (10, 6)
    """
    resolved = DESCRIPTION.resolve(options)
    if resolved["puzzle"]:
        board, _ = home_puzzle(seed, resolved["long_jumps"])
        return from_cells("".join("0" if piece else "." for piece in board), 1, long_jumps=resolved["long_jumps"])
    return new_game(
        resolved["players"],
        resolved["camps"],
        resolved["long_jumps"],
        resolved["rank_all"],
        resolved["move_limit"],
        spoiling=resolved["spoiling"],
        edition=resolved["edition"],
    )


def daily_options(seed: int) -> dict[str, JSON]:
    """The options of a day's challenge (:mod:`etoile.engine.daily`): a puzzle alone, with long jumps on the days whose
    seed is odd (about one day in two, as the seed falls)."""
    return {"players": 1, "puzzle": True, "long_jumps": seed % 2 == 1}


def daily_par(seed: int) -> int:
    """The moves of the best solution of a day's puzzle, known from how it was made: one a piece out of its goal."""
    return len(home_puzzle(seed, bool(daily_options(seed)["long_jumps"]))[1])


def puzzle_solution(options: Mapping[str, JSON], seed: int) -> tuple[Move, ...]:
    """The best solution of the puzzle of ``options`` and ``seed`` (no moves for a game that is not a puzzle)."""
    if not options.get("puzzle"):
        return ()
    return tuple(Move(path) for path in home_puzzle(seed, bool(options.get("long_jumps")))[1])


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


def to_move(state: State) -> ToMove:
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
    return action_to_text(action)


def action_from_json(data: JSON) -> Move:
    return action_from_text(data)


def chance_outcomes(state: State) -> Sequence[tuple[Move, Fraction]]:
    """Nothing: the game has no chance."""
    return ()
