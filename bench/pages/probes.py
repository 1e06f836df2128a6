"""Timed probes shared by the CPython benchmarks and the browser worker (bench/browser.py).

Only the standard library and ``etoile`` are imported, so the same code runs
in a PyScript worker of the benchmark page and in CPython.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any


def run(name: str, args_json: str) -> str:
    """Run probe ``name`` with JSON arguments; return its result as JSON text (what the worker exports)."""
    return json.dumps(PROBES[name](*json.loads(args_json)))


def generala_positions(count: int) -> list:
    """``count`` positions of seeded two-player games (optimal against easy), every kind of decision."""
    from etoile.engine.match import Match  # noqa: PLC0415
    from etoile.games.generala import ai  # noqa: PLC0415 - each probe loads only its own game
    from etoile.games.generala import rules as g  # noqa: PLC0415

    found = []
    seed = 0
    while len(found) < count:
        match = Match.new(g, {"players": 2}, seed).settled()  # the match throws the dice
        while (seat := g.to_move(match.state)) is not None:
            if match.state.phase == "play":
                found.append(match.state)
            match = match.play(ai.choose(match.state, "optimal" if seat == 0 else "easy")).settled()
        seed += 1
    return found[:: max(1, len(found) // count)][:count]


def generala_hint_ms(count: int, cold: bool = True) -> list[float]:
    """Milliseconds of one coach hint (every choice with its expected score and chance of winning) at each of
    ``count`` positions; ``cold`` solves each turn afresh, as for the first question of a turn."""
    from etoile.games.generala import ai  # noqa: PLC0415

    return _generala_ms(count, cold, ai.choices)


def generala_decision_ms(count: int, cold: bool = True) -> list[float]:
    """Milliseconds of one decision of the "win" level at each of ``count`` positions (as :func:`generala_hint_ms`)."""
    from etoile.games.generala import ai  # noqa: PLC0415

    return _generala_ms(count, cold, lambda state: ai.choose(state, "win"))


def _generala_ms(count: int, cold: bool, ask: Callable[[Any], object]) -> list[float]:
    from etoile.games.generala import ai  # noqa: PLC0415
    from etoile.games.generala.ai import dp, win  # noqa: PLC0415
    from etoile.games.generala.rules import Rules  # noqa: PLC0415

    ai.expected_score()  # load the shipped tables first, as the app's worker does
    win.futures(Rules())
    times = []
    for state in generala_positions(count):
        if cold:
            dp.optimal_turn.cache_clear()
            win.win_turn.cache_clear()
        began = time.perf_counter()
        ask(state)
        times.append((time.perf_counter() - began) * 1000)
    return times


def generala_table_ms() -> float:
    """Milliseconds to compute one whole between-turns table from scratch (a rule combination not shipped)."""
    from etoile.games.generala.ai import dp  # noqa: PLC0415
    from etoile.games.generala.rules import Rules  # noqa: PLC0415

    began = time.perf_counter()
    dp.compute_table(Rules(circular_straights=True, five_as_full=True))
    return (time.perf_counter() - began) * 1000


def generala_futures_ms(shipped: bool) -> float:
    """Milliseconds to read the shipped distributions of the points to come (``shipped``), or to compute them from
    scratch for a rule combination that is not shipped."""
    from etoile.games.generala.ai import win  # noqa: PLC0415
    from etoile.games.generala.rules import Rules  # noqa: PLC0415

    began = time.perf_counter()
    if shipped:
        win.decode(win.FUTURES_FILE.read_bytes())
    else:
        win.compute_futures(Rules(circular_straights=True, five_as_full=True))
    return (time.perf_counter() - began) * 1000


def chinese_checkers_positions(count: int, players: int = 2, camps: int = 1, long_jumps: bool = False) -> list:
    """``count`` positions from seeded games of easy players (every stage of a game), ``camps`` camps each."""
    import random  # noqa: PLC0415

    from etoile.games.chinese_checkers import ai  # noqa: PLC0415
    from etoile.games.chinese_checkers import rules as g  # noqa: PLC0415

    rng = random.Random(421)
    found = []
    while len(found) < count:
        state = g.new_game(players, camps=camps, long_jumps=long_jumps)
        for _ in range(rng.randrange(10, 120)):
            if state.to_move is None:
                break
            moves = g.legal_moves(state)
            state = g.apply(state, ai.best_move(state, "easy") if rng.random() < 0.8 else rng.choice(moves))
        if state.to_move is not None:
            found.append(state)
    return found


def chinese_checkers_movegen_per_second(count: int = 200) -> float:
    """Positions per second for which every legal move is generated."""
    from etoile.games.chinese_checkers import rules as g  # noqa: PLC0415

    states = chinese_checkers_positions(count)
    began = time.perf_counter()
    for state in states:
        g.legal_moves(state)
    return len(states) / (time.perf_counter() - began)


def chinese_checkers_think(
    level: str = "hard", count: int = 30, players: int = 2, camps: int = 1, long_jumps: bool = False
) -> list[list[float]]:
    """At each of ``count`` positions of ``players``-player games (``camps`` camps each, with or without long jumps),
    ``[milliseconds, nodes, search milliseconds]`` of one move at ``level`` with its default time budget.

    The milliseconds are those of the app's entry point (``choose``); the nodes,
    those a search with the same budget reaches, run once more at the same
    position, in the search milliseconds (less than the budget when the search
    ends before it).
    """
    from etoile.games.chinese_checkers import ai  # noqa: PLC0415

    found = []
    for state in chinese_checkers_positions(count, players, camps, long_jumps):
        began = time.perf_counter()
        ai.choose(state, level)
        ms = (time.perf_counter() - began) * 1000
        began = time.perf_counter()
        search = ai.Search(state, ai.SETTINGS[level], ai.SETTINGS[level].seconds, None)
        search.root(state.last[state.to_move])
        found.append([ms, search.nodes, (time.perf_counter() - began) * 1000])
    return found


PROBES = {
    "generala_hint_ms": generala_hint_ms,
    "generala_decision_ms": generala_decision_ms,
    "generala_table_ms": generala_table_ms,
    "generala_futures_ms": generala_futures_ms,
    "chinese_checkers_movegen_per_second": chinese_checkers_movegen_per_second,
    "chinese_checkers_think": chinese_checkers_think,
}
