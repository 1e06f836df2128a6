"""Speed and strength of the Generala computer players, in CPython and in the browser.

    python3 dev.py bench generala_ai [--games N] [--positions P] [--no-browser]

Prints:

* the time of one hint (:func:`etoile.ai.generala.hint`), median and 90th
  percentile over ``P`` positions met in seeded games, each turn solved from
  the table as for the first hint of a turn: in CPython and in a PyScript
  worker in Chromium (the app's AI runs in one; ``--no-browser`` skips it);
* the time to compute one whole between-turns table from scratch (what a rule
  combination that is not shipped costs on first use), in both;
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

from bench.browser import worker_probes
from bench.pages import probes
from etoile.ai import generala as ai

PROCESSES = 2


def play(job: tuple[str, list[int]]) -> list[int]:
    level, seeds = job
    return [ai.solitaire(level, seed) for seed in seeds]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="solitaire games per level (default 2000)")
    parser.add_argument("--positions", type=int, default=500, help="positions for the hint timing (default 500)")
    parser.add_argument("--no-browser", action="store_true", help="skip the timings in Chromium's PyScript worker")
    args = parser.parse_args(argv)

    hint_ms = {"CPython": probes.generala_hint_ms(args.positions)}
    table_ms = {"CPython": min(probes.generala_table_ms() for _ in range(3))}
    if not args.no_browser:
        with worker_probes() as call:
            hint_ms["browser"] = call("generala_hint_ms", args.positions)
            table_ms["browser"] = min(call("generala_table_ms") for _ in range(3))
    for where, times in hint_ms.items():
        ordered = sorted(times)
        p90 = ordered[int(0.9 * (len(ordered) - 1))]
        median = statistics.median(ordered)
        print(f"one hint, {where}: median {median:.2f} ms, 90th percentile {p90:.2f} ms ({len(ordered)} positions)")
    for where, ms in table_ms.items():
        print(f"one full table from scratch, {where}: {ms / 1000:.2f} s (best of 3)")
    if "browser" in hint_ms:
        print(f"target: a hint under 50 ms in the browser: {'met' if statistics.median(hint_ms['browser']) < 50 else 'NOT met'}")

    print(f"optimal expected score (default rules): {ai.expected_score():.3f}")
    seeds = list(range(args.games))
    with Pool(PROCESSES) as pool:
        for level in ai.DESCRIPTION.levels:
            began = time.perf_counter()
            parts = pool.map(play, [(level, seeds[i::PROCESSES]) for i in range(PROCESSES)])
            scores = [s for part in parts for s in part]
            mean, error = statistics.mean(scores), statistics.stdev(scores) / len(scores) ** 0.5
            took = time.perf_counter() - began
            print(f"{level:>8}: {mean:7.2f} ± {error:.2f} over {len(scores)} games ({took:.1f} s)")


if __name__ == "__main__":
    main()
