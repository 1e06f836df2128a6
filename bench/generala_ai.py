"""Speed and strength of the Generala computer players, on CPython.

    PYTHONPATH=py:. python3 -m bench.generala_ai [--games N] [--positions P]

Prints:

* the time of one hint (:func:`etoile.ai.generala.hint`), median and 90th
  percentile over ``P`` positions met in seeded games: cold (the turn is solved
  from the table, as for the first hint of a turn) and warm (already solved);
* the time to compute one whole between-turns table from scratch (what a rule
  combination that is not shipped costs on first use);
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
from multiprocessing import Pool

from etoile.ai import generala as ai
from etoile.ai import generala_dp as dp
from etoile.games import generala as g
from etoile.games.generala import Rules

PROCESSES = 2


def positions(count: int) -> list[g.State]:
    """``count`` positions of seeded two-player games (optimal against easy), every kind of decision."""
    found: list[g.State] = []
    seed = 0
    while len(found) < count:
        state = g.start({"players": 2}, seed)
        while g.to_move(state) is not None:
            if state.phase == "play":
                found.append(state)
            state = g.apply(state, ai.choose(state, "optimal" if g.to_move(state) == 0 else "easy"))
        seed += 1
    return found[:: max(1, len(found) // count)][:count]


def hint_times(states: list[g.State], cold: bool) -> list[float]:
    times = []
    for state in states:
        if cold:
            dp.optimal_turn.cache_clear()
        began = time.perf_counter()
        ai.hint(state)
        times.append(time.perf_counter() - began)
    return times


def play(job: tuple[str, list[int]]) -> list[int]:
    level, seeds = job
    return [ai.solitaire(level, seed) for seed in seeds]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="solitaire games per level (default 2000)")
    parser.add_argument("--positions", type=int, default=500, help="positions for the hint timing (default 500)")
    args = parser.parse_args(argv)

    ai.expected_score()  # load the shipped table
    states = positions(args.positions)
    for label, cold in (("cold", True), ("warm", False)):
        times = sorted(hint_times(states, cold))
        median, p90 = statistics.median(times), times[int(0.9 * (len(times) - 1))]
        print(f"hint ({label}, {len(times)} positions): median {median * 1000:.2f} ms, 90th percentile {p90 * 1000:.2f} ms")

    runs = []
    for _ in range(3):
        began = time.perf_counter()
        dp.compute_table(Rules())
        runs.append(time.perf_counter() - began)
    print(f"one full table from scratch: {min(runs):.2f} s (best of 3)")

    print(f"optimal expected score (default rules): {ai.expected_score():.3f}")
    seeds = list(range(args.games))
    with Pool(PROCESSES) as pool:
        for level in ai.LEVELS:
            began = time.perf_counter()
            parts = pool.map(play, [(level, seeds[i::PROCESSES]) for i in range(PROCESSES)])
            scores = [s for part in parts for s in part]
            mean, error = statistics.mean(scores), statistics.stdev(scores) / len(scores) ** 0.5
            took = time.perf_counter() - began
            print(f"{level:>8}: {mean:7.2f} ± {error:.2f} over {len(scores)} games ({took:.1f} s)")


if __name__ == "__main__":
    main()
