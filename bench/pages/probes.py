"""Timed probes shared by the CPython benchmarks and the browser worker (bench/browser.py).

Only the standard library and ``etoile`` are imported, so the same code runs
in a PyScript worker of the benchmark page and in CPython.
"""

from __future__ import annotations

import json
import time


def run(name: str, args_json: str) -> str:
    """Run probe ``name`` with JSON arguments; return its result as JSON text (what the worker exports)."""
    return json.dumps(PROBES[name](*json.loads(args_json)))


def generala_positions(count: int) -> list:
    """``count`` positions of seeded two-player games (optimal against easy), every kind of decision."""
    from etoile.ai import generala as ai  # noqa: PLC0415 - each probe loads only its own game
    from etoile.games import generala as g  # noqa: PLC0415

    found = []
    seed = 0
    while len(found) < count:
        state = g.start({"players": 2}, seed)
        while g.to_move(state) is not None:
            if state.phase == "play":
                found.append(state)
            state = g.apply(state, ai.choose(state, "optimal" if g.to_move(state) == 0 else "easy"))
        seed += 1
    return found[:: max(1, len(found) // count)][:count]


def generala_hint_ms(count: int, cold: bool = True) -> list[float]:
    """Milliseconds of one hint at each of ``count`` positions; ``cold`` solves each turn from the table."""
    from etoile.ai import generala as ai  # noqa: PLC0415
    from etoile.ai import generala_dp as dp  # noqa: PLC0415

    ai.expected_score()  # load the shipped table first, as the app's worker does
    times = []
    for state in generala_positions(count):
        if cold:
            dp.optimal_turn.cache_clear()
        began = time.perf_counter()
        ai.hint(state)
        times.append((time.perf_counter() - began) * 1000)
    return times


def generala_table_ms() -> float:
    """Milliseconds to compute one whole between-turns table from scratch (a rule combination not shipped)."""
    from etoile.ai import generala_dp as dp  # noqa: PLC0415
    from etoile.games.generala import Rules  # noqa: PLC0415

    began = time.perf_counter()
    dp.compute_table(Rules(circular_straights=True, five_as_full=True))
    return (time.perf_counter() - began) * 1000


PROBES = {"generala_hint_ms": generala_hint_ms, "generala_table_ms": generala_table_ms}
