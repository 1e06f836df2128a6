"""Speed of the Chinese checkers rules and strength of its computer players, in CPython.

    PYTHONPATH=py:. python3 -m bench.chinese_checkers_ai [--games 100] [--hard-nodes 40000] [--medium-nodes 10000]

Reports:

1. legal-move generation, in positions per second, for the start of a
   two-player game and a mid-game position (the rules' ``legal_moves`` with
   paths, and the computer's own generator of ``(from, to)`` pairs);
2. the time the "hard" player takes per move with its default 0.8 s budget
   (median and 95th percentile over the moves of one game against "easy"),
   with the depth it reaches;
3. win rates over ``--games`` two-player games, the first player alternating:
   hard against easy, and hard against medium, with 95% Wilson intervals.
   Each pair of games starts from its own random opening (``--opening``
   plies of random moves that do not go backwards, seeded by the pair's
   number), played once with each player first: the players themselves are
   deterministic.
   Both searching players use fixed node budgets (``--hard-nodes``,
   ``--medium-nodes``; the defaults match their time budgets on a laptop
   core) so that the results do not depend on the machine;
4. a stall check: computer-only games at each level in every seating (2 to 6
   players, the camps layouts), with and without long jumps, from the start
   and from random openings, all finish (within 3000 plies).

At most two worker processes (``--jobs``).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import product

from etoile.ai import chinese_checkers as ai
from etoile.games import chinese_checkers as cc
from etoile.games.chinese_checkers_board import DISTANCE, SIZE

SEATINGS = ((2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (2, 2), (2, 3), (3, 2))
MAX_PLIES = 3000


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def mid_game() -> cc.State:
    """A fixed mid-game position: 15 moves each of "easy" against itself."""
    state = cc.new_game(2)
    for _ in range(30):
        state = cc.apply(state, ai.best_move(state, "easy"))
    return state


def generation_speed(state: cc.State, seconds: float = 1.0) -> tuple[float, float]:
    """Positions per second of ``legal_moves`` (with paths) and of the computer's ``(from, to)`` generator."""
    runs, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        cc.legal_moves(state)
        runs += 1
    rules = runs / (time.perf_counter() - start)
    seat = state.to_move
    assert seat is not None
    allowed = cc.layout(state.players, state.camps).allowed[seat]
    board = bytearray(state.board)
    holes = [h for h in range(SIZE) if board[h] == seat + 1]
    runs, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for h in holes:
            cc.piece_targets(board, h, state.long_jumps, allowed)
        runs += 1
    return rules, runs / (time.perf_counter() - start)


def opening(players: int, camps: int, long_jumps: bool, seed: int, plies: int) -> cc.State:
    """The position after ``plies`` random moves that do not go backwards, drawn from ``seed``."""
    rnd = random.Random(seed)
    state = cc.new_game(players, camps=camps, long_jumps=long_jumps)
    for _ in range(plies):
        seat = state.to_move
        assert seat is not None
        tip = cc.TIPS[cc.goals(state, seat)[0]]
        moves = [m for m in cc.legal_moves(state) if DISTANCE[m.end][tip] <= DISTANCE[m.start][tip]]
        state = cc.apply(state, rnd.choice(moves))
    return state


def play(
    players: int,
    camps: int,
    long_jumps: bool,
    levels: tuple[str, ...],
    nodes: dict[str, int | None],
    *,
    seed: int = 0,
    opening_plies: int = 0,
) -> tuple[cc.State, int]:
    """A computer-only game from a random opening; returns the final state and the number of plies."""
    state = opening(players, camps, long_jumps, seed, opening_plies)
    plies = opening_plies
    while state.to_move is not None and plies < MAX_PLIES:
        level = levels[state.to_move]
        state = cc.apply(state, ai.best_move(state, level, nodes=nodes.get(level)))
        plies += 1
    return state, plies


def duel(args: tuple[str, str, int, dict[str, int | None], bool, int]) -> tuple[float, int]:
    """One two-player game of ``level`` against ``other``; ``level`` plays first on even ``index``.

    Games ``2k`` and ``2k + 1`` start from the same random opening of ``opening_plies`` plies.
    Returns ``level``'s score (1 win, 0 loss, 0.5 if both share the win or the game stalls) and the plies.
    """
    level, other, index, nodes, long_jumps, opening_plies = args
    levels = (level, other) if index % 2 == 0 else (other, level)
    seat = 0 if index % 2 == 0 else 1
    state, plies = play(2, 1, long_jumps, levels, nodes, seed=index // 2, opening_plies=opening_plies)
    outcome = cc.result(state)
    if outcome is None:
        return 0.5, plies
    return (1.0 if outcome.winners == (seat,) else 0.5 if seat in outcome.winners else 0.0), plies


def stall(args: tuple[int, int, bool, str, dict[str, int | None], int]) -> tuple[str, int, bool, str]:
    """A computer-only game at one level from opening ``seed`` (none for seed 0); whether it finished."""
    players, camps, long_jumps, level, nodes, seed = args
    start = time.perf_counter()
    state, plies = play(
        players, camps, long_jumps, (level,) * players, nodes, seed=seed, opening_plies=2 * players if seed else 0
    )
    name = f"{players} players, {camps} camp(s), long jumps {'on ' if long_jumps else 'off'}, {level:6} opening {seed}"
    return name, plies, cc.result(state) is not None, f"{time.perf_counter() - start:.1f} s"


def hard_times(moves: int = 40) -> tuple[list[float], list[int]]:
    """Seconds and depth of "hard" moves with the default time budget, in a game against "easy"."""
    state, seconds, depths = cc.new_game(2), [], []
    while state.to_move is not None and len(seconds) < moves:
        if state.to_move == 0:
            start = time.perf_counter()
            move = ai.best_move(state, "hard")
            seconds.append(time.perf_counter() - start)
            search = ai.Search(state, ai.SETTINGS["hard"], ai.SETTINGS["hard"].seconds, None)
            search.root(state.last[0])
            depths.append(search.depth)
        else:
            move = ai.best_move(state, "easy")
        state = cc.apply(state, move)
    return seconds, depths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per pairing (default 100)")
    parser.add_argument("--hard-nodes", type=int, default=40_000)
    parser.add_argument("--medium-nodes", type=int, default=10_000)
    parser.add_argument("--stall-nodes", type=int, default=2_000, help="node budget of the searching players in the stall check")
    parser.add_argument("--opening", type=int, default=4, help="random plies before each duel (default 4)")
    parser.add_argument("--stall-openings", type=int, default=3, help="openings per seating in the stall check")
    parser.add_argument("--verbose", action="store_true", help="list every game of the stall check")
    parser.add_argument("--jobs", type=int, default=2, choices=(1, 2))
    parser.add_argument("--long-jumps", action="store_true", help="play the duels with long jumps")
    parser.add_argument("--skip", default="", help="comma-separated sections to skip: speed,time,duels,stall")
    args = parser.parse_args()
    skip = set(args.skip.split(","))
    nodes: dict[str, int | None] = {"easy": None, "medium": args.medium_nodes, "hard": args.hard_nodes}

    if "speed" not in skip:
        print("1. Legal-move generation (positions per second, CPython)")
        for name, state in (("start", cc.new_game(2)), ("mid-game", mid_game())):
            for long_jumps in (False, True):
                position = cc.from_cells(cc.to_cells(state), 2, state.to_move or 0, long_jumps=long_jumps)
                rules, fast = generation_speed(position)
                moves = len(cc.legal_moves(position))
                print(
                    f"   {name:9} long jumps {'on ' if long_jumps else 'off'}: {moves:3} moves, "
                    f"legal_moves {rules:7.0f}/s, (from, to) generator {fast:7.0f}/s"
                )

    if "time" not in skip:
        print("2. 'hard' with its default budget (0.8 s), 40 moves of a game against 'easy'")
        seconds, depths = hard_times()
        p95 = statistics.quantiles(seconds, n=20)[-1]
        print(
            f"   median {statistics.median(seconds):.3f} s, 95th percentile {p95:.3f} s, "
            f"depth (plies) median {statistics.median(depths)}, min {min(depths)}, max {max(depths)}"
        )

    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        if "duels" not in skip:
            print(
                f"3. Win rates over {args.games} two-player games each, first player alternating "
                f"(hard {args.hard_nodes} nodes, medium {args.medium_nodes} nodes per move"
                f"{', long jumps' if args.long_jumps else ''})"
            )
            for level, other in (("hard", "easy"), ("hard", "medium")):
                start = time.perf_counter()
                tasks = [(level, other, i, nodes, args.long_jumps, args.opening) for i in range(args.games)]
                results = list(pool.map(duel, tasks))
                score = sum(s for s, _ in results)
                low, high = wilson(score, args.games)
                plies = statistics.median(p for _, p in results)
                print(
                    f"   {level} vs {other}: {score:g}/{args.games} = {score / args.games:.0%} "
                    f"(95% CI {low:.0%}-{high:.0%}), median game {plies:g} plies, {time.perf_counter() - start:.0f} s"
                )

        if "stall" not in skip:
            print(
                f"4. Stall check: computer-only games in every seating, {args.stall_openings} opening(s) each "
                f"(the start, then random openings; searching players at {args.stall_nodes} nodes)"
            )
            budget = {"easy": None, "medium": args.stall_nodes, "hard": args.stall_nodes}
            configs = product(SEATINGS, (False, True), ai.LEVELS, range(args.stall_openings))
            tasks = [(p, c, lj, level, budget, seed) for (p, c), lj, level, seed in configs]
            finished, lengths = 0, []
            for name, plies, done, took in pool.map(stall, tasks):
                finished += done
                lengths.append(plies)
                if args.verbose or not done:
                    print(f"   {name}: {'finished' if done else 'STALLED'} in {plies} plies ({took})")
            print(f"   {finished}/{len(tasks)} games finished; plies median {statistics.median(lengths):g}, max {max(lengths)}")


if __name__ == "__main__":
    main()
