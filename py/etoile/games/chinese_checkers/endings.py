"""How a Chinese checkers game ends: camps home, pieces blocked for good, the move limit, quiet rounds, the ranking.

After every move (and in a set-up position) :func:`settle` removes the
players walled in for good, records who has finished, counts the quiet turns
and says who moves next, or that the game is over; :func:`ending` then says
why, and :func:`result` ranks the seats.

How the code reads the rules where the traditional texts are silent:

* A camp is home when all its pieces stand in its goal branch, or, with
  ``spoiling`` (default on), when its goal branch is full and every piece
  there is either the camp's own (at least one) or an opponent's: the
  player's other camps never fill a camp's goal for it (:func:`camp_home`).
* The "move limit" counts turns: a pass is a move. The game ends once every
  player still in play has had ``move_limit`` turns.
* If every player still in play passes in a row (nobody can move), the game
  ends as with the move limit.
* A *round* of the 30-round rule is one turn of each player still in play: the
  game ends once ``30 × players in play`` turns in a row bring nobody a new
  lowest distance (:data:`QUIET_ROUNDS`, :func:`quiet_rounds`; edition 2 only).
* The distance of a player to their goal (:func:`distance`) is, for each of
  their camps that is not home, the total hex distance of its pieces to the
  tip hole of its goal branch, less what the same number of pieces count when
  they fill the goal from the tip: 0 once every camp is home; lower is better.
* Ranking (:func:`result`): players who brought all their pieces home, in the
  order they did; then the players still in play: ranked by distance if the
  move limit was reached (or nobody could move, or the rounds were quiet),
  else sharing one tier; then the eliminated players, the last eliminated
  first (players eliminated by the same move share a tier).

>>> from etoile.games.chinese_checkers.rules import new_game
>>> state = new_game(2)
>>> distance(state, 0), quiet_rounds(state), ending(state), result(state)
(120, (0, 30), None, None)
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from etoile.engine.game import Outcome
from etoile.games.chinese_checkers.board import BRANCH_HOLES, BRANCHES, DISTANCE, OPPOSITE, SIZE, TIPS, blocked_holes
from etoile.games.chinese_checkers.state import State, in_play

QUIET_ROUNDS = 30
"""After this many rounds in which nobody reaches a new lowest distance, the game ends (edition 2)."""


def camp_home(state: State, branch: str) -> bool:
    """Whether the camp that starts in ``branch`` is home (all its pieces in its goal, or a spoiled goal).

    With ``spoiling``, a full goal branch holding at least one piece of the camp
    and otherwise only opponents' pieces counts as home.

    >>> from etoile.games.chinese_checkers.text import from_cells
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


def _home(board: bytes | bytearray, origin: bytes | bytearray, branches: tuple[str, ...], spoiling: bool) -> bool:
    """Whether every camp of the seat that starts in ``branches`` is home."""
    return all(_camp_home(board, origin, BRANCHES.index(b) + 1, spoiling) for b in branches)


def blocked_for_good(state: State) -> tuple[int, ...]:
    """The holes of the pieces blocked for good, in increasing order (see the rules page).

    A piece in one of its player's start branches is blocked for good when it
    has no legal move, and every neighbouring hole and every hole it could
    jump to over a neighbour is off the board or holds a piece that cannot
    move away: an opponent's piece standing in its camp's goal branch, or
    another piece blocked for good. A piece of its own player that can still
    move does not wall it in.

    >>> from etoile.games.chinese_checkers.rules import new_game
    >>> blocked_for_good(new_game(2))
    ()
    """
    return _blocked(state, bytearray(state.board))


def _blocked(state: State, board: bytearray) -> tuple[int, ...]:
    return blocked_holes(board, state.origin, state.layout, state.long_jumps, landings=state.edition >= 2)


def settle(state: State, seat: int, played: bool) -> State:
    """The position once eliminations, finishing, the 30-round count and the end of the game are applied after
    ``seat`` played (``played``), or in a set-up position where ``seat`` is to move; ``to_move`` is the next seat in
    play, or ``None`` if the game is over."""
    starts = state.layout.starts
    board, origin = bytearray(state.board), bytearray(state.origin)
    eliminated = state.eliminated
    # A player home is out of play: its pieces stay where they are even when they are walled in for good.
    out = tuple(sorted({board[h] - 1 for h in _blocked(state, board)} - set(state.finished)))
    if out:
        for h in range(SIZE):
            if board[h] and board[h] - 1 in out:
                board[h] = origin[h] = 0
        eliminated = (*eliminated, out)
    gone = {s for group in eliminated for s in group}
    finished = list(state.finished)
    for s in range(state.players):
        if s not in gone and s not in finished and s + 1 in board and _home(board, origin, starts[s], state.spoiling):
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
    alone = state.players == 1  # the crossing: the player goes on until home (or the game stalls)
    over = (
        len(remaining) <= (0 if alone else 1)
        or (bool(finished) and not state.rank_all)
        or _by_distance(state, remaining) is not None
    )
    following = ((seat + i + played) % state.players for i in range(state.players))
    return replace(state, to_move=None if over else next(s for s in following if s in remaining))


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

    >>> from etoile.games.chinese_checkers.rules import new_game
    >>> quiet_rounds(new_game(2, edition=1))
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

    >>> from etoile.games.chinese_checkers.rules import new_game
    >>> distance(new_game(2), 0), distance(new_game(2, camps=2), 1)
    (120, 240)
    """
    total = 0
    for b in state.layout.starts[seat]:
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

    >>> from etoile.games.chinese_checkers.text import from_cells
    >>> ending(from_cells("." * 111 + "0" * 10, players=2))
    'home'
    """
    if state.to_move is not None:
        return None
    return _by_distance(state, in_play(state)) or ("home" if state.finished else "alone")


def result(state: State) -> Outcome | None:
    """The ranking once the game is over (see the module's decisions), else ``None``.

    >>> from etoile.games.chinese_checkers.text import from_cells
    >>> result(from_cells("." * 111 + "0" * 10, players=2))
    Outcome(ranking=((0,), (1,)))
    """
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
