"""421 computer players: legal, exact where it can be checked by hand, fast."""

from __future__ import annotations

import doctest
import itertools
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from etoile.ai import four21 as ai
from etoile.ai import four21_odds as odds
from etoile.ai import four21_value as value
from etoile.games import four21 as g
from etoile.games.four21 import RollOff, Stop, Throw
from etoile.rng import Dice
from tests.unit.test_four21 import OPTIONS


def begin(players: int, seed: int = 0, leader: int = 0, phase: str = "charge", options: dict | None = None, **changes) -> g.State:
    """A state at the start of a turn, the who-starts throws done."""
    state = g.start({"players": players, **(options or {})}, 0)
    opening = replace(state.opening, decided=leader)
    return replace(state, phase=phase, seat=leader, leader=leader, opening=opening, rng=Dice(seed), **changes)


def follower(
    players: int, shown: dict[int, tuple[int, ...]], *, seat: int, limit: int, dice=(), options=None, **changes
) -> g.State:
    """Seat ``seat`` to play after the leader (seat 0) and the seats of ``shown`` showed their hands."""
    hands = tuple(shown.get(s, ()) for s in range(players))
    state = begin(players, options=options, **changes)
    return replace(state, seat=seat, limit=limit, hands=hands, dice=dice, throws=1 if dice else 0)


@pytest.mark.parametrize("module", [ai, odds, value])
def test_the_examples_in_the_docstrings_hold(module: object) -> None:
    assert doctest.testmod(module).failed == 0  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- the odds tables


def test_the_one_throw_distribution_is_exact() -> None:
    assert sum(odds.ONE_THROW) == pytest.approx(1.0, abs=1e-12)
    assert [round(odds.ONE_THROW[g.rank(h)] * 216) for h in [(4, 2, 1), (1, 1, 1), (6, 1, 1), (6, 5, 4), (2, 2, 1)]] == [
        6,
        1,
        3,
        6,
        3,
    ]


def test_every_keep_leads_to_a_distribution() -> None:
    assert len(odds.KEEPS) == 28 and odds.KEEPS[0] == ()
    for keep, (ranks, probs) in zip(odds.KEEPS, odds.OUTCOMES, strict=True):
        assert sum(probs) == pytest.approx(1.0, abs=1e-12)
        assert all(all(g.HANDS[r].count(f) >= keep.count(f) for f in keep) for r in ranks)
    # keeping 4 and 2, one die is thrown: 421 with chance 1/6
    ranks, probs = odds.OUTCOMES[odds.KEEP_INDEX[(4, 2)]]
    assert dict(zip(ranks, probs, strict=True))[0] == pytest.approx(1 / 6)


@pytest.mark.parametrize(("limit", "mode"), [(1, "at_most"), (2, "at_most"), (3, "at_most"), (2, "exactly"), (3, "exactly")])
def test_reference_players_improve_with_more_throws(limit: int, mode: str) -> None:
    dist = odds.reference(mode, limit)
    assert sum(dist) == pytest.approx(1.0, abs=1e-12)
    mean_rank = sum(r * p for r, p in enumerate(dist))
    one_throw = sum(r * p for r, p in enumerate(odds.ONE_THROW))
    assert mean_rank < one_throw or limit == 1


def brute_outcomes(dist, m, shown, r):
    """Enumerate every future hand to get I-am-best, worst-by-amount and neither-by-amount."""
    best, worst, neither = 0.0, [0.0] * 8, [0.0] * 8
    support = [x for x in range(odds.N) if dist[x] > 0]
    for future in itertools.product(support, repeat=m):
        p = 1.0
        for x in future:
            p *= dist[x]
        others = [*shown, *future]
        amount = odds.AMOUNT_INDEX[g.TOKENS[min(*others, r)]]
        tie = 1 / (1 + others.count(r))
        p_worst = 1.0 if max(others) < r else (tie if max(others) == r else 0.0)
        p_best = 1.0 if min(others) > r else (tie if min(others) == r else 0.0)
        best += p * p_best
        worst[amount] += p * p_worst
        neither[amount] += p * (1 - p_worst - p_best)
    return best, worst, neither


@settings(max_examples=15, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 3), st.lists(st.integers(0, 55), max_size=2))
def test_turn_outcomes_match_an_enumeration(rnd: random.Random, m: int, shown: list[int]) -> None:
    if m == 0 and not shown:
        m = 1
    dist = [0.0] * odds.N
    for x in rnd.sample(range(odds.N), 5):
        dist[x] = rnd.random() + 0.1
    dist = tuple(d / sum(dist) for d in dist)
    best, worst, neither = odds.outcomes(dist, m, tuple(sorted(shown)))
    for r in range(odds.N):
        b, w, n = brute_outcomes(dist, m, shown, r)
        assert best[r] == pytest.approx(b, abs=1e-9)
        assert worst[r] == pytest.approx(w, abs=1e-9)
        assert neither[r] == pytest.approx(n, abs=1e-9)


def test_the_two_player_values_are_symmetric_and_decided_positions_are_certain() -> None:
    table = value.duel(11, "at_most", "taker")
    for position in [(11, 0, True), (5, 3, True), (0, 4, False)]:
        pot, mine, lead = position
        theirs = 11 - pot - mine
        assert table[position] + table[(pot, theirs, not lead)] == pytest.approx(1.0, abs=1e-9)
    assert value.value(table, 11, (0, 0, True)) == 1.0 and value.value(table, 11, (0, 11, False)) == 0.0
    # fewer tokens in the décharge is better
    assert table[(0, 2, True)] > table[(0, 5, True)] > table[(0, 9, True)]


# ----------------------------------------------------------------------------- exact decisions


def test_the_expert_keeps_421() -> None:
    as_leader = replace(begin(4), dice=(1, 4, 2), throws=1)
    assert ai.choose(as_leader) == Stop()
    # three one-throw players would all need 421 and then win the roll-off against it
    assert ai.advice(as_leader).escape == pytest.approx(1 - (1 / 36) ** 3 / 4, abs=1e-12)
    in_the_decharge = replace(as_leader, phase="decharge", pot=0, held=(3, 3, 3, 2), took=(True,) * 4)
    assert ai.choose(in_the_decharge) == Stop()
    as_follower = follower(3, {0: (6, 5, 4)}, seat=1, limit=3, dice=(2, 1, 4))
    assert ai.advice(as_follower) == ai.Advice(Stop(), (), True, 1.0, ai.advice(as_follower).best)


def test_against_a_shown_421_the_expert_keeps_4_and_2_and_has_11_chances_in_72() -> None:
    # Only another 421 avoids the worst hand (then a fair roll-off): keep 4 and 2, two throws to find a 1.
    state = follower(2, {0: (4, 2, 1)}, seat=1, limit=3, dice=(4, 2, 6))
    advice = ai.advice(state)
    assert (advice.action, advice.keep, advice.stop) == (Throw((0, 1)), (0, 1), False)
    assert advice.escape == pytest.approx(11 / 72, abs=1e-12)


def test_the_coach_before_a_single_throw_against_221() -> None:
    # One throw against 221: only another 221 ties (3 chances in 216), and the roll-off is lost half the time.
    state = follower(2, {0: (2, 2, 1)}, seat=1, limit=1)
    advice = ai.advice(state)
    assert (advice.action, advice.keep, advice.stop) == (Throw(), (), False)
    assert advice.escape == pytest.approx(1 - 1 / 144, abs=1e-12)


def test_with_exactly_the_expert_rethrows_a_die_without_risking_221() -> None:
    # 421 against 221 with one more throw to make: keeping 2 and 1 would risk 221; keeping 4 and 1 risks nothing.
    state = follower(2, {0: (2, 2, 1)}, seat=1, limit=2, dice=(2, 1, 4), options={"throw_limit": "exactly"})
    advice = ai.advice(state)
    assert advice.action == Throw((1, 2)) and advice.escape == 1.0


def test_roll_off_and_who_starts_advice() -> None:
    rolling = replace(follower(2, {0: (5, 3, 2), 1: (5, 3, 2)}, seat=0, limit=1), rolloffs=(RollOff("worst", (0, 1)),))
    assert ai.advice(rolling) == ai.Advice(Throw(), (), False, pytest.approx(0.5), 0.0)
    starting = g.start({"players": 3}, 1)
    assert ai.advice(starting) == ai.Advice(Throw(), (), False, 1.0, pytest.approx(1 / 3))
    # Seat 0 threw a 1 (the best face): seat 1 leads only with another 1, then wins the roll-off against seat 0,
    # and seat 2 if it threw a 1 too: 1/6 * (1/6 * 1/3 + 5/6 * 1/2) = 17/216.
    after_a_1 = replace(starting, seat=1, opening=RollOff("start", (0, 1, 2), (((0, (1,)),),)))
    assert ai.advice(after_a_1).best == pytest.approx(17 / 216, abs=1e-12)


@pytest.mark.parametrize(
    ("dice", "easy"),
    [
        ((1, 6, 1), Stop()),  # 611 is worth 6
        ((5, 4, 3), Stop()),  # a straight is worth 2
        ((1, 5, 4), Throw((0, 2))),  # keep the 1 and the 4
        ((4, 6, 2), Throw((0, 2))),  # keep the 4 and the 2
        ((3, 1, 1), Stop()),
        ((1, 3, 1), Stop()),  # 311 is worth 3
        ((6, 5, 3), Throw()),
    ],
)
def test_the_easy_player(dice: tuple[int, ...], easy: g.Action) -> None:
    state = replace(begin(2), dice=dice, throws=1)
    assert ai.choose(state, "easy") == easy
    assert ai.choose(state, "first_throw") == Stop()


def test_easy_keeps_two_aces_and_throws_when_it_must() -> None:
    state = follower(2, {0: (6, 6, 5)}, seat=1, limit=2, dice=(1, 5, 1), options={"throw_limit": "exactly"})
    assert ai.choose(state, "easy") == Throw((0, 2))
    assert ai.choose(replace(state, dice=(6, 5, 3)), "first_throw") == Throw()


def test_unknown_levels_and_finished_games_are_refused() -> None:
    state = begin(2)
    with pytest.raises(ValueError, match="unknown 421 level 'hard'"):
        ai.choose(state, "hard")
    over = replace(state, phase="over", seat=None)
    with pytest.raises(ValueError, match="the game is over"):
        ai.choose(over)
    with pytest.raises(ValueError, match="the game is over"):
        ai.advice(over)


# ----------------------------------------------------------------------------- whole games


@settings(max_examples=12, deadline=None)
@given(OPTIONS, st.integers(0, 2**64 - 1), st.randoms(use_true_random=False))
def test_computer_players_only_play_legal_actions(options: dict, seed: int, rnd: random.Random) -> None:
    levels = [rnd.choice(["expert", "easy", "first_throw"]) for _ in range(options["players"])]
    state = g.start(options, seed)
    for _ in range(20_000):
        if g.result(state) is not None:
            break
        assert state.seat is not None
        action = ai.choose(state, levels[state.seat])
        assert action in g.legal_actions(state)
        if levels[state.seat] == "expert":
            advice = ai.advice(state)
            assert advice.action == action
            assert 0.0 <= advice.escape <= 1.0 and 0.0 <= advice.best <= 1.0
        state = g.apply(state, action)
    assert g.result(state) is not None


def test_the_expert_plays_legal_actions_in_a_six_player_game_with_the_big_pot() -> None:
    # How long a decision takes is the benchmark's business (python3 dev.py bench four21_ai), not a test's.
    state = g.start({"players": 6, "pot": 21}, 7)
    ai.prepare(state.options)
    while g.result(state) is None and len(state.turns) < 12:
        action = ai.choose(state)
        assert action in g.legal_actions(state)
        state = g.apply(state, action)
