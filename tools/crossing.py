"""Search the shortest crossing it can find: one player's ten pieces, alone on the board, from A to D.

A beam search: from the start, every position one move further is made from each position kept, and the ``width``
positions whose pieces stand farthest down the board (the sum of their rows; the goal's is 140) are kept for the
next move, until the goal comes up. The moves are the rules' own (a step, or a chain of jumps that may pass through a
side branch but ends in the centre or the player's branches; with ``--long-jumps``, the long jumps too). It runs
once, offline; the page reads its result from ``py/etoile/games/chinese_checkers/crossing.json``, and the unit tests
replay each move through the rules.

    python3 tools/crossing.py --width 20000            # without long jumps (about 4 min here), then
    python3 tools/crossing.py --width 20000 --long-jumps --write

``--write`` puts the crossings found in the JSON file (each kept only if shorter than the one there).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from etoile.games.chinese_checkers.board import BRANCH_HOLES, GRID, SIZE, layout, reach, shortest_paths  # noqa: E402
from etoile.games.chinese_checkers.puzzles import CROSSING_FILE  # noqa: E402

ROW = tuple(GRID[hole][1] for hole in range(SIZE))
ALLOWED = layout(1).allowed[0]
START = frozenset(BRANCH_HOLES["A"])
GOAL = frozenset(BRANCH_HOLES["D"])

Position = frozenset[int]


def board_of(position: Position) -> bytearray:
    board = bytearray(SIZE)
    for hole in position:
        board[hole] = 1
    return board


def search(width: int, long_jumps: bool, most: int = 40) -> list[tuple[int, ...]]:
    """The moves (paths) of the shortest crossing the beam finds, or ``[]`` if it finds none in ``most`` moves."""
    layers: list[dict[Position, tuple[Position, int, int]]] = []
    beam = [START]
    started = time.perf_counter()
    for depth in range(1, most + 1):
        found: dict[Position, tuple[Position, int, int]] = {}
        for position in beam:
            board = board_of(position)
            for hole in position:
                for end in reach(board, hole, long_jumps):
                    if ALLOWED[end]:
                        child = (position - {hole}) | {end}
                        found.setdefault(child, (position, hole, end))
        layers.append(found)
        if GOAL in found:
            print(f"  the goal at move {depth}, {time.perf_counter() - started:.0f} s", flush=True)
            return moves(layers, long_jumps)
        beam = sorted(found, key=lambda p: -sum(ROW[h] for h in p))[:width]
        print(f"  move {depth}: {len(found):,} positions, the farthest {sum(ROW[h] for h in beam[0])}/140", flush=True)
    return []


def moves(layers: list[dict[Position, tuple[Position, int, int]]], long_jumps: bool) -> list[tuple[int, ...]]:
    """The paths that lead from the start to the goal through the layers of the search."""
    paths = []
    position = GOAL
    for layer in reversed(layers):
        before, hole, end = layer[position]
        paths.append(shortest_paths(board_of(before), hole, long_jumps, ALLOWED)[end])
        position = before
    return list(reversed(paths))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=20_000, help="positions kept at each move (default 20,000)")
    parser.add_argument("--long-jumps", action="store_true")
    parser.add_argument("--write", action="store_true", help=f"keep a shorter crossing in {CROSSING_FILE.name}")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    found = search(args.width, args.long_jumps)
    key = "on" if args.long_jumps else "off"
    print(f"long jumps {key}, width {args.width:,}: {len(found)} moves in {time.perf_counter() - started:.0f} s")
    print(" ".join("-".join(map(str, path)) for path in found))
    if args.write and found:
        kept = json.loads(CROSSING_FILE.read_text(encoding="utf-8")) if CROSSING_FILE.exists() else {}
        if key not in kept or len(found) < len(kept[key]):
            kept[key] = ["-".join(map(str, path)) for path in found]
            CROSSING_FILE.write_text(json.dumps(kept, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
