"""Chinese checkers alone: the day's puzzle ("bring your last pieces home") and the best crossing the app knows.

**The day's puzzle.** One player's ten pieces, alone on the board, all home in the goal branch D but for three to
five of them, which stand in the centre: bring them home in as few moves as possible. It is made from the day's
seed backwards (:func:`home_puzzle`): from the ten pieces home, a piece after another leaves D by a move taken back
(a move read from its end to its start is a move too: a jump goes back over the same piece, and a step back to the
same hole), one of the few that end farthest from the goal, as the seed picks. Played forwards in the other order,
those moves bring every piece home, one move a piece; no solution is shorter, since a move brings one piece home at
most. So the puzzle's best solution is known, and proved the shortest, before anyone plays it.

**The crossing.** The ten pieces from A to D in as few moves as possible (:func:`crossing`, found by
``tools/crossing.py``, a search run once; the page only reads its result).

>>> board, solution = home_puzzle(2181704916449021606, long_jumps=False)
>>> len(solution), sum(board[h] for h in BRANCH_HOLES["D"]), sum(board)
(4, 6, 10)
"""

from __future__ import annotations

import json
from functools import cache, lru_cache
from pathlib import Path

from etoile.engine.rng import Dice
from etoile.games.chinese_checkers.board import BRANCH_HOLES, DISTANCE, SIZE, TIPS, branch_of, layout, shortest_paths

PIECES_OUT = (3, 4, 5)
"""How many pieces a day's puzzle leaves out of their goal, as the seed draws it."""
CHOICES = 3
"""Each piece leaves by one of this many moves, the farthest from the goal's tip (chains of jumps first among equals),
as the seed draws it."""
CROSSING_FILE = Path(__file__).with_name("crossing.json")


@lru_cache(maxsize=8)
def home_puzzle(seed: int, long_jumps: bool) -> tuple[bytes, tuple[tuple[int, ...], ...]]:
    """The board of the puzzle of ``seed`` (``1`` on each hole with a piece) and its best solution, the path of
    each of its moves, in order (see the module's text). Kept for the next asking: the table shows the solution's
    length at every draw."""
    rng = Dice(seed)
    draw, rng = rng.roll(1, len(PIECES_OUT))
    out = PIECES_OUT[draw[0] - 1]
    allowed = layout(1).allowed[0]
    board = bytearray(SIZE)
    for hole in BRANCH_HOLES["D"]:
        board[hole] = 1
    taken_back: list[tuple[int, ...]] = []
    tip = TIPS["D"]
    for _ in range(out):
        paths = sorted(
            (path for hole in BRANCH_HOLES["D"] if board[hole] for path in _leaving(board, hole, long_jumps, allowed)),
            key=lambda path: (-DISTANCE[path[-1]][tip], len(path) <= 2, path),
        )
        pick, rng = rng.roll(1, min(CHOICES, len(paths)))
        path = paths[pick[0] - 1]
        board[path[0]], board[path[-1]] = 0, 1
        taken_back.append(path)
    return bytes(board), tuple(tuple(reversed(path)) for path in reversed(taken_back))


def _leaving(board: bytearray, hole: int, long_jumps: bool, allowed: bytes) -> list[tuple[int, ...]]:
    """The moves that take the piece on ``hole`` back out to the centre."""
    return [path for end, path in shortest_paths(board, hole, long_jumps, allowed).items() if branch_of(end) is None]


@cache
def crossing() -> dict[bool, tuple[tuple[int, ...], ...]]:
    """The best crossing the app knows, without and with long jumps: the path of each move."""
    data = json.loads(CROSSING_FILE.read_text(encoding="utf-8"))
    paths = {key: tuple(tuple(int(h) for h in move.split("-")) for move in data[key]) for key in ("off", "on")}
    return {False: paths["off"], True: paths["on"]}
