"""Strength and speed of the Generala computer players, in CPython and in the browser.

    python3 dev.py bench generala_ai [--games N] [--duels D] [--positions P] [--no-browser]

Prints:

* the time of one coach hint (every choice with its expected final score and
  its chance of winning: :func:`etoile.games.generala.ai.choices`) and of one
  decision of the "win" level, median and 90th percentile over ``P`` positions
  of seeded two-player games, each turn solved afresh as for the first
  question of a turn: in CPython and in a PyScript worker in Chromium (the
  app's AI runs in one; ``--no-browser`` skips it);
* the time to compute the tables of a rule combination that is not shipped
  (the between-turns values, and the distributions of the points to come), and
  to read the shipped distributions, in both; the size of the shipped files;
* the win rate of "win" against "optimal" over at least ``D`` seeded
  two-player games (default 10,000), and in as many three-player games against
  two "optimal" players (its share of the wins, against the third that would
  be its share), each with its 95% interval. Each seed is played once in every
  seating (the dice of a seed are the same whoever sits where), so the seats'
  order cancels out; a shared first place counts as its share;
* the average final score of each level over ``N`` seeded solitaire games
  (default 2000; the same seeds for every level), with its standard error, next
  to the optimal expected score. As in that expectation, a big general counts
  as a hand worth 60 and does not end the game.

The games run in at most two processes.
"""

from __future__ import annotations

import argparse
import statistics
import time
from itertools import permutations
from multiprocessing import Pool

from bench.browser import worker_probes
from bench.pages import probes
from etoile.games.generala import ai
from etoile.games.generala.ai import dp, win

PROCESSES = 2


def play(job: tuple[str, list[int]]) -> list[int]:
    level, seeds = job
    return [ai.solitaire(level, seed) for seed in seeds]


def duel(job: tuple[int, list[int]]) -> list[float]:
    """The share of the wins of "win" in each seeded game against ``players - 1`` optimal players, every seating."""
    players, seeds = job
    shares = []
    for seed in seeds:
        for levels in sorted(set(permutations(["win"] + ["optimal"] * (players - 1)))):
            result = ai.game(levels, seed)
            shares.append(result[levels.index("win")])
    return shares


def interval(shares: list[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation)."""
    mean = statistics.mean(shares)
    half = 1.96 * statistics.stdev(shares) / len(shares) ** 0.5
    return mean, mean - half, mean + half


def timings(positions: int, browser: bool) -> None:
    ms = {"CPython": {"hint": probes.generala_hint_ms(positions), "decision": probes.generala_decision_ms(positions)}}
    tables = {
        "CPython": (
            min(probes.generala_table_ms() for _ in range(3)),
            probes.generala_futures_ms(False),
            probes.generala_futures_ms(True),
        )
    }
    if browser:
        with worker_probes() as call:
            ms["browser"] = {"hint": call("generala_hint_ms", positions), "decision": call("generala_decision_ms", positions)}
            tables["browser"] = (
                min(call("generala_table_ms") for _ in range(3)),
                call("generala_futures_ms", False),
                call("generala_futures_ms", True),
            )
    for where, kinds in ms.items():
        for kind, times in kinds.items():
            ordered = sorted(times)
            p90 = ordered[int(0.9 * (len(ordered) - 1))]
            median = statistics.median(ordered)
            print(f"one {kind}, {where}: median {median:.2f} ms, 90th percentile {p90:.2f} ms ({len(ordered)} positions)")
    for where, (values, futures, read) in tables.items():
        print(f"rules not shipped, {where}: values {values / 1000:.2f} s, points to come {futures / 1000:.2f} s")
        print(f"reading the shipped points to come, {where}: {read:.0f} ms")
    if "browser" in ms:
        slowest = max(statistics.median(times) for times in ms["browser"].values())
        print(f"target: a hint and a decision under 50 ms in the browser: {'met' if slowest < 50 else 'NOT met'}")
    for path in (dp.TABLES_FILE, win.FUTURES_FILE):
        print(f"shipped: {path.name} {path.stat().st_size // 1024} KB")


def duels(games: int) -> None:
    with Pool(PROCESSES) as pool:
        for players in (2, 3):
            seeds = list(range(-(-games // players)))  # every seed in each of the ``players`` seatings
            began = time.perf_counter()
            parts = pool.map(duel, [(players, seeds[i::PROCESSES]) for i in range(PROCESSES)])
            shares = [s for part in parts for s in part]
            mean, low, high = interval(shares)
            took = time.perf_counter() - began
            print(
                f"win against {players - 1} optimal: {mean:.4f} [{low:.4f}, {high:.4f}] of the wins"
                f" (its share {1 / players:.4f}),"
                f" {len(shares)} games ({len(seeds)} seeds x {players} seatings, {took:.0f} s)"
            )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="solitaire games per level (default 2000)")
    parser.add_argument("--duels", type=int, default=10_000, help="games against optimal players, at least (default 10,000)")
    parser.add_argument("--positions", type=int, default=300, help="positions for the timings (default 300)")
    parser.add_argument("--no-browser", action="store_true", help="skip the timings in Chromium's PyScript worker")
    args = parser.parse_args(argv)

    timings(args.positions, not args.no_browser)
    duels(args.duels)
    print(f"optimal expected score (default rules): {ai.expected_score():.3f}")
    seeds = list(range(args.games))
    with Pool(PROCESSES) as pool:
        for level in ("optimal", "medium", "easy"):
            began = time.perf_counter()
            parts = pool.map(play, [(level, seeds[i::PROCESSES]) for i in range(PROCESSES)])
            scores = [s for part in parts for s in part]
            mean, error = statistics.mean(scores), statistics.stdev(scores) / len(scores) ** 0.5
            took = time.perf_counter() - began
            print(f"{level:>8}: {mean:7.2f} ± {error:.2f} over {len(scores)} games ({took:.1f} s)")


if __name__ == "__main__":
    main()
