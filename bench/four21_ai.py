"""The 421 expert against the easy player, the blind expert and the one-throw player.

    python3 -m bench.four21_ai [--games N] [--processes P]     (from the repo root, PYTHONPATH=py:.)
    python3 dev.py bench four21_ai [--games N] [--only 4:blind,8:blind] [--turns N]

For each pairing (one expert against ``players - 1`` copies of the opponent, in
2-, 4- and 8-player games), N seeded games (default 2,000)
under the default rules. Game ``i`` uses seed ``seed_from(i)`` and
puts the expert in seat ``i % players``, so every seat gets its share and the
who-starts throws decide the first leader as in a real game.

The expert's score in a game is its share of the win: 1 if it wins alone,
``1/k`` if it is one of ``k`` players who took no token during the charge, 0
otherwise; an equal player would score ``1/players`` on average. The table
gives the mean score with a 95% Wilson interval (for a score in [0, 1] this
interval is conservative: a shared win varies less than a win or a loss).
The expert is clearly ahead when the whole interval lies above ``1/players``.

Against ``blind`` players each game is also played a second time on the same
seed with a blind player in the expert's seat (a throw takes the dice of its
place in the game's record, so the two games differ only after a decision
does, and nine games in ten end the same). The paired gain is the mean of the
expert's share minus that blind copy's, with a 95% normal interval; as the
blind copy's mean share is ``1/players`` (the shares of a game add up to 1,
and with N a multiple of the players every seat gets as many games),
``1/players`` plus the gain estimates the expert's score with a narrower
interval than the Wilson one (half as wide with four players, a seventh with
eight), for the price of twice the games. Against blind players the verdict is
the paired one: clearly ahead when the gain's whole interval lies above zero.

The opponents: ``easy`` (the table habit offered in the app), ``blind`` (the
expert's exact odds without the hands already shown in the turn: what reading
the table is worth) and ``first_throw`` (always stands on its first throw).

``--turns N`` measures what reading the table is worth in one turn, where it
can be seen: the first turn of N seeded games of 4 and of 8 players (``--turn-players``), everyone
blind but the player at one place in the turn's order, who plays it once as the
expert and once blind on the same dice (a throw takes the dice of its place in
the game's record, so the two differ only after a decision does). For each
place after the leader it gives how often that player ends the turn as its
worst hand either way, and the paired difference with its 95% interval.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "py") not in sys.path:
    sys.path.insert(0, str(ROOT / "py"))

from etoile.engine.match import Match  # noqa: E402
from etoile.engine.rng import seed_from  # noqa: E402
from etoile.games.four21 import rules as four21  # noqa: E402
from etoile.games.four21.ai import choose  # noqa: E402

PAIRINGS = (
    (2, "easy"),
    (2, "blind"),
    (2, "first_throw"),
    (4, "easy"),
    (4, "blind"),
    (4, "first_throw"),
    (8, "easy"),
    (8, "blind"),
)
CHUNK = 100
Z = 1.959964


def expert_share(players: int, opponent: str, game: int, level: str = "expert") -> tuple[float, int]:
    """The share of the win of the player of ``level`` (the expert) in game number ``game``, against ``opponent``
    players, and the number of actions played."""
    expert = game % players
    match = Match.new(four21, {"players": players}, seed_from(game))
    actions = 0
    while (outcome := match.result) is None:
        state = match.state
        match = match.play(choose(state, level if state.seat == expert else opponent)).settled()
        actions += 1
    winners = outcome.winners
    return (1 / len(winners) if expert in winners else 0.0), actions


def first_turn(task: tuple[int, int, int]) -> tuple[int, int, int, int]:
    """Game ``game``'s first turn among blind players, the player at place ``place`` of the turn's order playing it
    as the expert and then blind: ``(players, place, 1 if the expert ended it worst, 1 if the blind copy did)``."""
    players, place, game = task
    start = Match.new(four21, {"players": players}, seed_from(game)).settled()
    while start.state.phase == "start":  # who starts: one throw each, nothing to choose
        start = start.play(choose(start.state, "blind")).settled()
    me = start.state.order()[place]
    worst = []
    for level in ("expert", "blind"):
        match = start
        while not match.state.turns:
            state = match.state
            match = match.play(choose(state, level if state.seat == me else "blind")).settled()
        worst.append(int(match.state.turns[0].worst == me))
    return players, place, worst[0], worst[1]


def report_turns(pool: Pool, turns: int, counts: list[int]) -> None:
    """What the hands shown are worth in one turn, by place in the turn's order (see ``--turns``)."""
    print(f"\nThe first turn of {turns} games, the player at each place after the leader as the expert, then blind:")
    print(
        f"{'players':>7}  {'place':>5}  {'worst (expert)':>14}  {'worst (blind)':>13}  {'difference':>10}  {'95% interval':>17}"
    )
    for players in counts:
        tasks = [(players, place, game) for place in range(1, players) for game in range(turns)]
        found: dict[int, list[tuple[int, int]]] = {}
        for _, place, expert, blind in pool.imap_unordered(first_turn, tasks, chunksize=CHUNK):
            found.setdefault(place, []).append((expert, blind))
        for place in sorted(found):
            pairs = found[place]
            n = len(pairs)
            diffs = [e - b for e, b in pairs]
            mean, half = mean_interval(sum(diffs), sum(d * d for d in diffs), n)
            expert, blind = sum(e for e, _ in pairs) / n, sum(b for _, b in pairs) / n
            print(
                f"{players:>7}  {place + 1:>5}  {expert:>14.4f}  {blind:>13.4f}  {mean:>+10.4f}"
                f"  [{mean - half:+.4f}, {mean + half:+.4f}]"
            )


def play_chunk(task: tuple[int, str, int, int]) -> tuple[int, str, list[float]]:
    """Games ``first`` to ``first + count - 1`` of a pairing: ``[score, games, actions, gain, gain squared]``, the
    gain over the blind copy counted against ``blind`` players only (see above)."""
    players, opponent, first, count = task
    total = [0.0, float(count), 0.0, 0.0, 0.0]
    for game in range(first, first + count):
        share, played = expert_share(players, opponent, game)
        total[0] += share
        total[2] += played
        if opponent == "blind":
            copy, played = expert_share(players, opponent, game, level="blind")
            total[2] += played
            total[3] += share - copy
            total[4] += (share - copy) ** 2
    return players, opponent, total


def mean_interval(total: float, squares: float, n: int) -> tuple[float, float]:
    """The mean of ``n`` paired differences from their sum and their sum of squares, and the half width of its 95%
    normal interval.

    >>> [round(x, 4) for x in mean_interval(2.0, 4.0, 8)]
    [0.25, 0.49]
    """
    mean = total / n
    return mean, Z * math.sqrt(max(0.0, squares / n - mean * mean) / max(1, n - 1))


def wilson(score: float, n: int, z: float = Z) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``score / n``.

    >>> [round(x, 4) for x in wilson(60, 100)]
    [0.502, 0.6906]
    """
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pairing (default 2000; 0: none)")
    parser.add_argument(
        "--only", help="the pairings to play, as players:opponent separated by commas (e.g. 4:blind,8:blind; default all)"
    )
    parser.add_argument("--turns", type=int, default=0, help="also measure the first turn of N games (see above)")
    parser.add_argument("--turn-players", default="4,8", help="the games measured there, by players (default 4,8)")
    parser.add_argument("--processes", type=int, default=min(2, os.cpu_count() or 1), help="worker processes (at most 2)")
    args = parser.parse_args(argv)
    pairings = PAIRINGS
    if args.only:
        wanted = {(int(players), opponent) for players, opponent in (p.split(":") for p in args.only.split(","))}
        pairings = tuple(p for p in PAIRINGS if p in wanted)
    if not args.games:
        pairings = ()
    tasks = [
        (players, opponent, first, min(CHUNK, args.games - first))
        for players, opponent in pairings
        for first in range(0, args.games, CHUNK)
    ]
    totals: dict[tuple[int, str], list[float]] = {pairing: [0.0] * 5 for pairing in pairings}
    began = time.perf_counter()
    with Pool(max(1, min(2, args.processes))) as pool:
        for players, opponent, chunk in pool.imap_unordered(play_chunk, tasks):
            totals[(players, opponent)] = [a + b for a, b in zip(totals[(players, opponent)], chunk, strict=True)]
        elapsed = time.perf_counter() - began
        ahead = report(pairings, totals, args, elapsed) if pairings else True
        if args.turns:
            report_turns(pool, args.turns, [int(n) for n in args.turn_players.split(",")])
    return 0 if ahead else 1


def report(
    pairings: tuple[tuple[int, str], ...], totals: dict[tuple[int, str], list[float]], args: argparse.Namespace, elapsed: float
) -> bool:
    """Print the table of the pairings (the expert's mean share of the win, its interval and the verdict; against
    blind players the paired gain too); whether the expert is clearly ahead in every one, by the paired gain where
    there is one."""
    print(f"421: expert against other players, {args.games} games per pairing, default rules")
    print(f"{'players':>7}  {'opponents':<22} {'expert score':>12}  {'95% interval':>15}  {'equal':>6}  verdict")
    ahead = True
    gains = []
    for players, opponent in pairings:
        score, n, _, gain, square = totals[(players, opponent)]
        low, high = wilson(score, int(n))
        equal = 1 / players
        clear = low > equal
        if opponent == "blind":
            mean, half = mean_interval(gain, square, int(n))
            gains.append((players, mean, half))
            clear = mean - half > 0
        verdict = ("ahead" if clear else "NOT clearly ahead") + (" (paired)" if opponent == "blind" else "")
        ahead &= clear
        who = f"{players - 1} x {opponent}"
        print(f"{players:>7}  {who:<22} {score / n:>12.3f}  [{low:.3f}, {high:.3f}]  {equal:>6.3f}  {verdict}")
    if gains:
        print("Against blind players, the expert's share minus a blind copy's in its seat on the same seeds:")
        print(f"{'players':>7}  {'paired gain':>11}  {'95% interval':>19}  {'estimated score':>15}  {'95% interval':>15}")
        for players, mean, half in gains:
            equal = 1 / players
            print(
                f"{players:>7}  {mean:>+11.4f}  [{mean - half:+.4f}, {mean + half:+.4f}]  {equal + mean:>15.4f}"
                f"  [{equal + mean - half:.4f}, {equal + mean + half:.4f}]"
            )
    actions = sum(int(t[2]) for t in totals.values())
    games = sum(int(t[1]) for t in totals.values())
    copies = sum(int(totals[p][1]) for p in pairings if p[1] == "blind")
    print(f"{games} games and {copies} blind copies, {actions} actions in {elapsed:.1f} s with {args.processes} process(es)")
    return ahead


if __name__ == "__main__":
    sys.exit(main())
