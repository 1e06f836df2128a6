"""Speed and strength of the Chinese checkers computer players, in CPython and in the browser.

    python3 dev.py bench chinese_checkers_ai [--games 100] [--no-browser] [--endings]

Prints:

1. legal-move generation (every legal move, with its path), in positions per
   second over 200 positions of seeded games: in CPython and in a PyScript
   worker in Chromium, where the app's computer players run (``--no-browser``
   skips the browser);
2. the time of one "medium" and one "hard" move with their default budgets
   (0.2 s and 0.8 s), median and 95th percentile over 30 positions, with the
   number of search nodes each reaches in that time, in both;
3. win rates over ``--games`` two-player games, the first player alternating:
   hard against easy, hard against medium and medium against easy (the
   :data:`PAIRINGS`), with 95% Wilson intervals.
   Each pair of games starts from its own random opening (``--opening``
   plies of random moves that do not go backwards, seeded by the pair's
   number), played once with each player first. The searching players get a
   fixed number of nodes per move, the median they reach in the browser in
   section 2 (CPython's, with ``--no-browser``; or ``--hard-nodes`` and
   ``--medium-nodes``): they play as strongly as in the app, and the results
   do not depend on the machine's speed;
4. with ``--endings``, how computer-only games end: in every seating (2 to
   6 players, the camps layouts), with and without long jumps, a game at each
   level and one with the levels mixed, from the start and from random
   openings; for each seating, the longest game in plies and how the games
   ended (a player home, the others eliminated, 30 quiet rounds...). The
   unit tests hold a shorter check with fewer nodes;
5. with ``--beginner``, "easy" against players who pick a random forward move
   (a move that does not take the piece farther from its goal, any move when
   there is none, drawn from the game's seed), one "easy" in every seating, its
   seat rotated: its share of first places against its fair share
   (``1/players``), with 95% Wilson intervals.

6. with ``--seatings``, "hard" against "easy" and against "medium" players,
   and "medium" against "easy" ones, in the seatings of :data:`MANY` (3 to 6
   players; 2 players with 2 and 3 camps), with and without long jumps: one
   player of the stronger level, its seat rotated, ``--seating-games`` games
   each from their own random opening (two forward plies a camp). Its share of the first places
   (``1/k`` when ``k`` share one) against its fair share ``1/players``, with
   95% Wilson intervals, how many games ended (a game that reaches
   :data:`MAX_PLIES` has not) and the median length. The searching players
   get, at each move, one of the node counts a move reaches in the browser in
   that seating (with or without long jumps; a search that ends early counts
   what it would reach in its whole budget), drawn at random from those
   measured first over ``--seating-moves`` positions of games of that seating
   (one fixed count would tie every game to one depth of the search), with
   the time of a move against its budget
   (``--no-browser``: CPython's). ``--seating 2x3``, ``--against medium`` and
   ``--seating-long-jumps on`` (each repeatable) play only those seatings,
   opponents and rules.

7. with ``--ladder``, the ladder of the levels in every seating of :data:`LADDER` (2 to 6 players with one
   camp, two players with two and three camps), with and without long jumps: each level against the one
   below it (:data:`RUNGS`: easy against beginner, medium against easy, hard against medium) and hard
   against easy, one player of the stronger level, its seat rotated, the others of the weaker, the
   searching levels at the nodes a move reaches in the browser in that seating (as in section 6). A line
   is a sequential test: its games are played :data:`LOOK_EVERY` at a time, and after each batch the
   Wilson interval at the level :func:`look_z` gives (95 % over all the looks of a line, Bonferroni) is
   compared with the bar, the seat's share (twice the share for hard against easy, at most 0.95): the
   line stops as soon as the interval is wholly above the bar (**ahead**) or wholly below it (below),
   or at ``--ladder-games`` games (not clear). Where even that many wins in a row would not clear the bar
   (hard's 0.95 against easy with two players), the line is looked at once, after the fewest games whose every
   one won would clear it (:meth:`Design.against`: 80, z = 1.96). ``--look-every`` sets the games between two
   looks (fewer looks, each at a lower z: for a line close to its bar) and ``--ladder-from`` the first opening
   (a line played again on openings it has not seen). ``--seating``, ``--seating-long-jumps`` and ``--rung``
   (``hard-easy``, repeatable) play only those lines.

8. with ``--field``, "hard" against the field's textbook searches (:mod:`bench.chinese_checkers_field`: max-n,
   paranoid, Best-Reply Search, MCTS with the max-n policy) in the seatings of :data:`FIELD_SEATINGS` (3, 4
   and 6 players, ``--seating`` for others), with and without long jumps: one hard player, its seat
   rotated, the others the textbook search, each line a sequential test as in section 7 against the seat's
   share. Hard plays at the nodes it reaches in the browser; a textbook search at as many nodes, or more
   where its nodes cost less time in CPython (measured in the same run over ``--seating-moves`` positions):
   never less than hard's budget by nodes or by time. ``--baseline mcts`` (repeatable) plays only those.

``--level medium`` plays only medium's lines in sections 3 and 6 (``hard``
only hard's), ``--against easy`` only the lines against easy.

The games run in at most two processes (``--jobs``).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from itertools import product
from typing import Any

from bench import chinese_checkers_field as field
from bench.browser import worker_probes
from bench.pages import probes
from etoile.games.chinese_checkers import ai, endings
from etoile.games.chinese_checkers import rules as cc
from etoile.games.chinese_checkers.board import DISTANCE

SEATINGS = ((2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (2, 2), (2, 3), (3, 2))
MANY = ((3, 1), (4, 1), (5, 1), (6, 1), (2, 2), (2, 3))
"""The seatings of section 6: 3 to 6 players, and two players with 2 and 3 camps each (section 3 has 2 with 1)."""
MAX_PLIES = 3000
LADDER = ((2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (2, 2), (2, 3))
"""The seatings of the ladder (section 7)."""
RUNGS = (("easy", "beginner", 1.0), ("medium", "easy", 1.0), ("hard", "medium", 1.0), ("hard", "easy", 2.0))
"""The ladder's lines: ``(level, its opponents, the bar as a multiple of the seat's share)``."""
FIELD_SEATINGS = ((3, 1), (4, 1), (6, 1))
"""The seatings of section 8."""
LOOK_EVERY = 16
"""Games between two looks at a ladder line's interval."""
PAIRINGS = (("hard", "easy"), ("hard", "medium"), ("medium", "easy"))
"""Each searching level against each weaker one: ``(level, its opponents)``."""


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def forward(state: cc.State, rnd: random.Random) -> cc.Move:
    """A random move that does not take its piece farther from the tip of its goal (any move if there is none)."""
    seat = state.to_move
    assert seat is not None
    tip = cc.TIPS[cc.goals(state, seat)[0]]
    moves = list(cc.legal_moves(state))
    ahead = [m for m in moves if not m.path or DISTANCE[m.end][tip] <= DISTANCE[m.start][tip]]
    return rnd.choice(ahead or moves)


def opening(players: int, camps: int, long_jumps: bool, seed: int, plies: int) -> cc.State:
    """The position after ``plies`` random moves that do not go backwards, drawn from ``seed``; it stops before a
    move that would end the game (with long jumps, a piece can spoil a goal its owner has just begun to leave)."""
    rnd = random.Random(seed)
    state = cc.new_game(players, camps=camps, long_jumps=long_jumps)
    for _ in range(plies):
        after = cc.apply(state, forward(state, rnd))
        if after.to_move is None:
            break
        state = after
    return state


Nodes = int | tuple[int, ...] | None
"""A level's nodes per move: one count, counts to draw one from at each move (the spread a browser's moves reach), or
``None`` (the level's clock; easy, which does not search)."""


def play(
    players: int,
    camps: int,
    long_jumps: bool,
    levels: tuple[str, ...],
    nodes: dict[str, Nodes],
    *,
    seed: int = 0,
    opening_plies: int = 0,
) -> tuple[cc.State, int]:
    """A computer-only game from a random opening; returns the final state and the number of plies."""
    state = opening(players, camps, long_jumps, seed, opening_plies)
    plies, rnd, draws = opening_plies, random.Random(seed), random.Random(f"nodes {seed}")
    while state.to_move is not None and plies < MAX_PLIES:
        level = levels[state.to_move]
        cap = nodes.get(level)
        if isinstance(cap, tuple):
            cap = draws.choice(cap)
        if level == "forward":
            move = forward(state, rnd)
        elif level in field.FIELD:
            assert isinstance(cap, int), f"{level} plays at a number of nodes"
            move = field.move(state, level, cap)
        else:
            move = ai.best_move(state, level, nodes=cap)
        state = cc.apply(state, move)
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


def ending(args: tuple[int, int, bool, str, dict[str, int | None], int]) -> tuple[tuple[int, int], str, int, str, str]:
    """A computer-only game from opening ``seed`` (none for seed 0), at one level or (``"mixed"``) every level in turn.

    Returns the seating, the game's name, its plies, how it ended (:func:`etoile.games.chinese_checkers.endings.ending`,
    ``"unfinished"`` past :data:`MAX_PLIES`) and the time it took.
    """
    players, camps, long_jumps, level, nodes, seed = args
    start = time.perf_counter()
    every = ai.DESCRIPTION.levels
    levels = tuple(every[s % len(every)] for s in range(players)) if level == "mixed" else (level,) * players
    state, plies = play(players, camps, long_jumps, levels, nodes, seed=seed, opening_plies=2 * players if seed else 0)
    name = f"{players} players, {camps} camp(s), long jumps {'on ' if long_jumps else 'off'}, {level:6} opening {seed}"
    return (players, camps), name, plies, endings.ending(state) or "unfinished", f"{time.perf_counter() - start:.1f} s"


def beginner(args: tuple[int, int, bool, int]) -> tuple[tuple[int, int], float, int]:
    """Game ``index`` of one "easy" player (in seat ``index % seats``) against random forward players: the
    seating, easy's share of the first place (``1/k`` when ``k`` share it), and the plies."""
    players, camps, long_jumps, index = args
    seats = players
    seat = index % seats
    levels = tuple("easy" if s == seat else "forward" for s in range(seats))
    state, plies = play(players, camps, long_jumps, levels, {}, seed=index)
    outcome = cc.result(state)
    winners = outcome.winners if outcome is not None else ()
    return (players, camps), (1 / len(winners) if seat in winners else 0.0), plies


def against(args: tuple[int, int, bool, str, str, dict[str, Nodes], int]) -> tuple[float, int, bool]:
    """Game ``index`` of one ``level`` player (seat ``index % players``) against ``other`` players: its share of the
    first place, the plies, and whether the game ended."""
    players, camps, long_jumps, level, other, nodes, index = args
    seat = index % players
    levels = tuple(level if s == seat else other for s in range(players))
    state, plies = play(players, camps, long_jumps, levels, nodes, seed=index, opening_plies=2 * players * camps)
    outcome = cc.result(state)
    winners = outcome.winners if outcome is not None else ()
    return (1 / len(winners) if seat in winners else 0.0), plies, outcome is not None


def look_z(looks: int) -> float:
    """The z of a two-sided interval at 95 % over ``looks`` looks (Bonferroni: each look at 5 % / ``looks``)."""
    return statistics.NormalDist().inv_cdf(1 - 0.025 / looks)


@dataclass(frozen=True)
class Design:
    """How a ladder line is played as a sequential test: at most ``most`` games, on the openings from ``first`` on,
    the interval looked at after every ``every`` (each look at z = :func:`look_z` of the looks it may take)."""

    most: int = 96
    every: int = LOOK_EVERY
    first: int = 0

    @property
    def z(self) -> float:
        return look_z(math.ceil(self.most / self.every))

    def against(self, bar: float) -> Design:
        """This design, or, when even its ``most`` wins in a row would not clear a bar so high, a single look after
        the fewest batches whose every game won would (two players, where hard must score 0.95 against easy: one
        look, at 80 games)."""
        if self.most / (self.most + self.z**2) > bar:
            return self
        games = self.every
        while games / (games + look_z(1) ** 2) <= bar:
            games += self.every
        return replace(self, most=games, every=games)


def median_p95(values: list[float]) -> tuple[float, float]:
    """The median and the 95th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def think(call: Callable[..., Any], level: str, moves: int, *seating: int) -> tuple[float, float, tuple[int, ...]]:
    """A searching level's move over ``moves`` positions (of a ``players, camps, long_jumps`` seating, if given): its median
    and 95th percentile milliseconds, and the nodes it reaches in its whole budget at each position, in order.

    A search that ends before its budget (it found a win, or looked as deep as it goes) counts the nodes it would have
    reached at its speed in that position: a cap of the nodes it did reach would cut the searches that need more.
    """
    found = call("chinese_checkers_think", level, moves, *seating)
    ms, p95 = median_p95([m for m, _, _ in found])
    budget = ai.SETTINGS[level].seconds * 1000
    return ms, p95, tuple(sorted(round(n * max(1.0, budget / max(spent, 1e-3))) for _, n, spent in found))


def measure(call: Callable[..., Any], where: str, positions: int, moves: int) -> dict[str, int]:
    """Print section 1 and 2 for one interpreter; return the median nodes per move of each searching level."""
    print(f"   {where}: move generation {call('chinese_checkers_movegen_per_second', positions):,.0f} positions/s")
    nodes = {}
    for level in ("medium", "hard"):
        ms, p95, counts = think(call, level, moves)
        nodes[level] = round(statistics.median(counts))
        print(
            f"   {where}: {level:6} move median {ms:4.0f} ms, 95th percentile {p95:4.0f} ms, "
            f"median {nodes[level]:,} nodes ({moves} positions)"
        )
    return nodes


def in_cpython(name: str, *args: Any) -> Any:
    return probes.PROBES[name](*args)


def command_line() -> argparse.ArgumentParser:
    """The benchmark's options."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per pairing (default 100)")
    parser.add_argument("--positions", type=int, default=200, help="positions for move generation (default 200)")
    parser.add_argument("--moves", type=int, default=30, help="positions for the time per move (default 30)")
    parser.add_argument("--no-browser", action="store_true", help="skip the timings in Chromium's PyScript worker")
    parser.add_argument("--hard-nodes", type=int, help="nodes per hard move in the duels (default: measured)")
    parser.add_argument("--medium-nodes", type=int, help="nodes per medium move in the duels (default: measured)")
    parser.add_argument("--opening", type=int, default=4, help="random plies before each pair of duels (default 4)")
    parser.add_argument("--long-jumps", action="store_true", help="play the duels with long jumps")
    parser.add_argument("--endings", action="store_true", help="also play computer-only games in every seating")
    parser.add_argument("--endings-nodes", type=int, default=2_000, help="nodes per move of the searching players there")
    parser.add_argument("--endings-openings", type=int, default=2, help="openings per seating there (the first is the start)")
    parser.add_argument("--no-duels", action="store_true", help="skip the win rates (section 3)")
    parser.add_argument("--beginner", action="store_true", help="also play easy against random forward players")
    parser.add_argument("--beginner-games", type=int, default=60, help="games per seating there (default 60)")
    parser.add_argument(
        "--seatings", action="store_true", help="also play each level against the weaker ones in every other seating"
    )
    parser.add_argument("--seating", action="append", help="only this seating there, players x camps (e.g. 2x3); repeatable")
    parser.add_argument("--level", action="append", choices=tuple(ai.SETTINGS), help="only this level's lines (3 and 6)")
    parser.add_argument("--against", action="append", choices=("easy", "medium"), help="only these opponents (3 and 6)")
    parser.add_argument("--seating-long-jumps", action="append", choices=("off", "on"), help="only with or without long jumps")
    parser.add_argument("--seating-games", type=int, default=20, help="games per line there (default 20; 0: time the moves only)")
    parser.add_argument("--seating-moves", type=int, default=10, help="positions to measure a move's nodes there (default 10)")
    parser.add_argument("--ladder", action="store_true", help="also play the ladder of the levels in every seating (7)")
    ladder = Design()
    parser.add_argument(
        "--ladder-games", type=int, default=ladder.most, help=f"the most games of a ladder line (default {ladder.most})"
    )
    parser.add_argument("--look-every", type=int, default=ladder.every, help=f"games between two looks (default {ladder.every})")
    parser.add_argument(
        "--ladder-from", type=int, default=ladder.first, help=f"the first opening of a ladder line (default {ladder.first})"
    )
    parser.add_argument("--rung", action="append", help="only this ladder line, level-opponents (e.g. hard-easy); repeatable")
    parser.add_argument("--field", action="store_true", help="also play hard against the field's textbook searches (8)")
    parser.add_argument("--baseline", action="append", choices=tuple(field.FIELD), help="only this textbook search (8)")
    parser.add_argument("--no-timings", action="store_true", help="skip sections 1-2 (give --hard-nodes, --medium-nodes)")
    parser.add_argument("--verbose", action="store_true", help="list every game of the endings")
    parser.add_argument("--jobs", type=int, default=2, choices=(1, 2))
    return parser


def main(argv: list[str] | None = None) -> None:
    args = command_line().parse_args(argv)

    measured = {"medium": 0, "hard": 0}
    if not args.no_timings:
        print("1-2. Move generation and time per move (default budgets: medium 0.2 s, hard 0.8 s)")
        measured = measure(in_cpython, "CPython", args.positions, args.moves)
    if not args.no_browser and not args.no_timings:
        with worker_probes() as call:
            measured = measure(call, "browser", args.positions, args.moves)
    nodes: dict[str, int | None] = {
        "easy": None,
        "medium": args.medium_nodes or measured["medium"],
        "hard": args.hard_nodes or measured["hard"],
    }

    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        if not args.no_duels:
            print(
                f"3. Win rates over {args.games} two-player games each, first player alternating "
                f"(hard {nodes['hard']:,} nodes, medium {nodes['medium']:,} nodes per move"
                f"{', long jumps' if args.long_jumps else ''})"
            )
        for level, other in () if args.no_duels else pairings(args):
            start = time.perf_counter()
            tasks = [(level, other, i, nodes, args.long_jumps, args.opening) for i in range(args.games)]
            results = list(pool.map(duel, tasks))
            score = sum(s for s, _ in results)
            low, high = wilson(score, args.games)
            plies = statistics.median(p for _, p in results)
            print(
                f"   {level} vs {other}: {score:g}/{args.games} = {score / args.games:.1%} "
                f"(95% CI {low:.1%}-{high:.1%}), median game {plies:g} plies, {time.perf_counter() - start:.0f} s",
                flush=True,
            )

        report_sections(pool, args)


def report_sections(pool: ProcessPoolExecutor, args: argparse.Namespace) -> None:
    """Sections 4 to 7, those asked for."""
    if args.endings:
        report_endings(pool, args)
    if args.beginner:
        report_beginner(pool, args)
    if args.seatings:
        report_seatings(pool, args, seating_nodes(args))
    if args.ladder:
        report_ladder(pool, args)
    if args.field:
        report_field(pool, args)


def report_endings(pool: ProcessPoolExecutor, args: argparse.Namespace) -> None:
    """Section 4: how computer-only games end in every seating."""
    print(
        f"4. Endings: computer-only games in every seating, {args.endings_openings} opening(s) each "
        f"(the start, then random openings; searching players at {args.endings_nodes:,} nodes per move)"
    )
    budget = {"easy": None, "medium": args.endings_nodes, "hard": args.endings_nodes}
    configs = product(SEATINGS, (False, True), (*ai.DESCRIPTION.levels, "mixed"), range(args.endings_openings))
    tasks = [(p, c, lj, level, budget, seed) for (p, c), lj, level, seed in configs]
    longest: dict[tuple[int, int], int] = {}
    endings: dict[tuple[int, int], dict[str, int]] = {}
    for seating, name, plies, how, took in pool.map(ending, tasks):
        longest[seating] = max(longest.get(seating, 0), plies)
        counts = endings.setdefault(seating, {})
        counts[how] = counts.get(how, 0) + 1
        if args.verbose:
            print(f"   {name}: {how} after {plies} plies ({took})", flush=True)
    for seating in SEATINGS:
        how = ", ".join(f"{count} {kind}" for kind, count in sorted(endings[seating].items()))
        print(f"   {seating[0]} players, {seating[1]} camp(s): longest game {longest[seating]} plies; endings: {how}")


def report_beginner(pool: ProcessPoolExecutor, args: argparse.Namespace) -> None:
    """Section 5: easy against random forward players in every seating."""
    print(f"5. Easy against random forward players, {args.beginner_games} games per seating, easy's seat rotated")
    tasks = [(p, c, False, i) for p, c in SEATINGS for i in range(args.beginner_games)]
    shares: dict[tuple[int, int], list[float]] = {}
    lengths: dict[tuple[int, int], list[int]] = {}
    for seating, share, plies in pool.map(beginner, tasks):
        shares.setdefault(seating, []).append(share)
        lengths.setdefault(seating, []).append(plies)
    for seating in SEATINGS:
        won, games = sum(shares[seating]), len(shares[seating])
        low, high = wilson(won, games)
        print(
            f"   {seating[0]} players, {seating[1]} camp(s): easy first {won:g}/{games} = {won / games:.1%} "
            f"(95% CI {low:.1%}-{high:.1%}; fair share {1 / seating[0]:.1%}), "
            f"median game {statistics.median(lengths[seating]):g} plies",
            flush=True,
        )


def _seatings(
    args: argparse.Namespace, among: tuple[tuple[int, int], ...] = MANY, default: tuple[tuple[int, int], ...] | None = None
) -> tuple[tuple[int, int], ...]:
    """A section's seatings: the ``--seating`` ones (``2x3``: two players with three camps each) ``among`` its own
    (section 6's: :data:`MANY`), or without ``--seating`` all of them (or ``default``)."""
    chosen = [tuple(int(n) for n in text.split("x")) for text in args.seating or ()]
    return tuple(s for s in among if s in chosen) if chosen else (default or among)


Budgets = dict[tuple[int, int, bool], dict[str, Nodes]]
"""By seating and long jumps, the nodes of a move at each level: the counts measured, drawn from move by move."""


def _jumps(args: argparse.Namespace) -> tuple[bool, ...]:
    """Whether section 6 plays with long jumps: both (off, then on), or the ``--seating-long-jumps`` ones."""
    return tuple(text == "on" for text in args.seating_long_jumps or ("off", "on"))


def seating_nodes(
    args: argparse.Namespace, seatings: tuple[tuple[int, int], ...] | None = None, lines: tuple[tuple[str, str], ...] = ()
) -> Budgets:
    """Section 6's budgets (7's with its ``seatings`` and ``lines``): by seating and long jumps, the nodes a move of each
    searching level of the lines reaches in the browser."""
    playing = {level for pairing in (lines or pairings(args)) for level in pairing}
    searching = [level for level in ai.SETTINGS if level in playing]
    if seatings is None:
        seatings = _seatings(args)
        moves = args.seating_moves
        print(f"6. Each level against the weaker ones in the other seatings; a move's nodes by seating ({moves} positions)")
    budgets: Budgets = {}

    def probe(call: Callable[..., Any], where: str) -> None:
        for (players, camps), long_jumps in product(seatings, _jumps(args)):
            nodes: dict[str, Nodes] = {"easy": None}
            budgets[players, camps, long_jumps] = nodes
            for level in searching:
                ms, p95, counts = think(call, level, args.seating_moves, players, camps, long_jumps)
                nodes[level] = counts
                budget = ai.SETTINGS[level].seconds * 1000
                print(
                    f"   {where}, {players} x {camps} camp(s), long jumps {'on ' if long_jumps else 'off'}: {level:6} move"
                    f" median {ms:4.0f} ms, 95th percentile {p95:4.0f} ms (budget {budget:.0f} ms),"
                    f" nodes {counts[0]:,}-{counts[-1]:,} (median {statistics.median(counts):,.0f})",
                    flush=True,
                )

    if args.no_browser:
        probe(in_cpython, "CPython")
    else:
        with worker_probes() as call:
            probe(call, "browser")
    return budgets


def pairings(args: argparse.Namespace) -> tuple[tuple[str, str], ...]:
    """The lines of sections 3 and 6 (for each seating): ``(level, opponents)``, chosen by ``--level`` and ``--against``."""
    return tuple(
        (level, other)
        for level, other in PAIRINGS
        if (not args.level or level in args.level) and (not args.against or other in args.against)
    )


def report_seatings(pool: ProcessPoolExecutor, args: argparse.Namespace, budgets: Budgets) -> None:
    """Section 6: each level's share of first places against weaker players in every other seating.

    With ``--seating-games 0`` it only measures the moves in the browser (done before this is called).
    """
    if not args.seating_games:
        return
    for (players, camps), long_jumps, (level, other) in product(_seatings(args), _jumps(args), pairings(args)):
        start = time.perf_counter()
        nodes = budgets[players, camps, long_jumps]
        tasks = [(players, camps, long_jumps, level, other, nodes, i) for i in range(args.seating_games)]
        results = list(pool.map(against, tasks))
        won, games = sum(r[0] for r in results), len(results)
        low, high = wilson(won, games)
        ended = sum(r[2] for r in results)
        verdict = "ahead" if low > 1 / players else "NOT clearly ahead"
        print(
            f"   {players} players, {camps} camp(s), long jumps {'on ' if long_jumps else 'off'}, against {other:6}:"
            f" {level} first {won:g}/{games} = {won / games:.1%} (95% CI {low:.1%}-{high:.1%}; fair share {1 / players:.1%},"
            f" {verdict}); {ended}/{games} ended, median {statistics.median(r[1] for r in results):g} plies,"
            f" {time.perf_counter() - start:.0f} s",
            flush=True,
        )


def rungs(args: argparse.Namespace) -> tuple[tuple[str, str, float], ...]:
    """The ladder's lines: :data:`RUNGS`, or the ``--rung`` ones."""
    return tuple(r for r in RUNGS if not args.rung or f"{r[0]}-{r[1]}" in args.rung)


Line = tuple[int, int, bool, str, str]
"""A ladder line: the seating (players, camps, long jumps), the level and its opponents' level."""


def ladder_line(
    pool: ProcessPoolExecutor, line: Line, bar: float, nodes: dict[str, Nodes], design: Design
) -> tuple[str, tuple[float, float], list[tuple[float, int, bool]]]:
    """One ladder line played as a sequential test, ``design`` as it stands against ``bar``
    (:meth:`Design.against`): its verdict, the interval of its last look, its games."""
    players, camps, long_jumps, level, other = line
    results: list[tuple[float, int, bool]] = []
    verdict, interval = "not clear", (0.0, 1.0)
    while len(results) < design.most:
        first = design.first + len(results)
        last = design.first + min(design.most, len(results) + design.every)
        results += pool.map(against, [(players, camps, long_jumps, level, other, nodes, i) for i in range(first, last)])
        interval = wilson(sum(r[0] for r in results), len(results), design.z)
        if interval[0] > bar:
            verdict = "ahead"
            break
        if interval[1] < bar:
            verdict = "below"
            break
    return verdict, interval, results


def run_ladder_line(pool: ProcessPoolExecutor, line: Line, bar: float, nodes: dict[str, Nodes], design: Design) -> int:
    """Play one line (:func:`ladder_line`), print it, return its games."""
    players, camps, long_jumps, level, other = line
    start = time.perf_counter()
    design = design.against(bar)
    verdict, (low, high), results = ladder_line(pool, line, bar, nodes, design)
    won, games = sum(r[0] for r in results), len(results)
    print(
        f"   {players} x {camps}, long jumps {'on ' if long_jumps else 'off'}: {level} against {other:8}"
        f" {won:g}/{games} = {won / games:.1%} (interval {low:.1%}-{high:.1%}, z = {design.z:.2f};"
        f" bar {bar:.1%}, **{verdict}**); {sum(r[2] for r in results)}/{games} ended,"
        f" median {statistics.median(r[1] for r in results):g} plies, {time.perf_counter() - start:.0f} s",
        flush=True,
    )
    return games


def design_of(args: argparse.Namespace) -> Design:
    """The ladder's design from the command line, told once."""
    design = Design(args.ladder_games, args.look_every, args.ladder_from)
    print(
        f"   at most {design.most} games a line, on the openings from {design.first} on, looked at every"
        f" {design.every} (z = {design.z:.2f} at each look)"
    )
    return design


def report_ladder(pool: ProcessPoolExecutor, args: argparse.Namespace) -> None:
    """Section 7: the ladder of the levels in every seating, each line a sequential test."""
    seatings = _seatings(args, LADDER)
    lines = rungs(args)
    print("7. The ladder: each level against the one below it, and hard against easy")
    design = design_of(args)
    budgets = seating_nodes(args, seatings, tuple((level, other) for level, other, _ in lines))
    total = 0
    for (players, camps), long_jumps, (level, other, times) in product(seatings, _jumps(args), lines):
        nodes = budgets[players, camps, long_jumps]
        bar = min(0.95, times / players)
        total += run_ladder_line(pool, (players, camps, long_jumps, level, other), bar, nodes, design)
    print(f"   {total} games in all")


def field_speed(seating: tuple[int, int, bool], names: tuple[str, ...], moves: int) -> dict[str, float]:
    """Nodes a second in CPython of hard and of each textbook search ``names``, over ``moves`` positions of games of
    ``seating`` (each searching 4,000 nodes)."""
    players, camps, long_jumps = seating
    spent = dict.fromkeys(("hard", *names), 0.0)
    for index in range(moves):
        state = opening(players, camps, long_jumps, 1000 + index, 2 * players * camps + 3 * index)
        if state.to_move is None:
            continue
        for name in spent:
            start = time.perf_counter()
            if name == "hard":
                ai.best_move(state, "hard", nodes=4_000)
            else:
                field.move(state, name, 4_000)
            spent[name] += time.perf_counter() - start
    return {name: 4_000 * moves / max(seconds, 1e-9) for name, seconds in spent.items()}


def report_field(pool: ProcessPoolExecutor, args: argparse.Namespace) -> None:
    """Section 8: hard against the field's textbook searches."""
    seatings = _seatings(args, LADDER, FIELD_SEATINGS)
    names = tuple(n for n in field.FIELD if not args.baseline or n in args.baseline)
    print("8. Hard against the field's textbook searches")
    design = design_of(args)
    budgets = seating_nodes(args, seatings, (("hard", "easy"),))
    total = 0
    for (players, camps), long_jumps in product(seatings, _jumps(args)):
        speed = field_speed((players, camps, long_jumps), names, args.seating_moves)
        hard = budgets[players, camps, long_jumps]["hard"]
        assert isinstance(hard, tuple)
        for name in names:
            scale = max(1.0, speed[name] / speed["hard"])
            nodes: dict[str, Nodes] = {"hard": hard, name: tuple(round(n * scale) for n in hard)}
            print(
                f"   {players} x {camps}, long jumps {'on ' if long_jumps else 'off'}: {name} {speed[name]:,.0f} nodes/s"
                f" against hard's {speed['hard']:,.0f} in CPython: {name} plays {scale:.2f} times hard's nodes",
                flush=True,
            )
            total += run_ladder_line(pool, (players, camps, long_jumps, "hard", name), 1 / players, nodes, design)
    print(f"   {total} games in all")


if __name__ == "__main__":
    main()
