"""421 computer players: legal, exact where it can be checked by hand, fast."""

from __future__ import annotations

import doctest
import itertools
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from etoile.engine.game import CHANCE
from etoile.engine.match import Match
from etoile.games.four21 import ai
from etoile.games.four21 import rules as g
from etoile.games.four21.ai import odds, value
from etoile.games.four21.rules import RollOff, Stop, Throw
from tests.unit.test_four21 import OPTIONS, begin, dice, throw


def follower(players: int, shown: dict[int, str], *, seat: int, limit: int, thrown: str = "", options=None, **changes) -> g.State:
    """Seat ``seat`` to play after the leader (seat 0) and the seats of ``shown`` showed those hands, its first
    throw (if ``thrown``) showing ``thrown``."""
    hands = tuple(dice(shown.get(s, "")) for s in range(players))
    state = replace(begin(players, options=options, **changes), seat=seat, limit=limit, hands=hands)
    return throw(state, thrown) if thrown else state


def play_out(match: Match, choose, until=lambda match: False) -> Match:
    """Play ``match`` on: the dice drawn by the match from its seed, every decision ``choose(match)``'s."""
    for _ in range(20_000):
        match = match.settled()  # the dice, and any stop the rules leave no choice about
        if match.result is not None or until(match):
            return match
        assert g.to_move(match.state) is not CHANCE
        match = match.play(choose(match))
    raise AssertionError("the game did not end")


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
    as_leader = throw(begin(4), "421")
    assert ai.choose(as_leader) == Stop()
    # three one-throw players would all need 421 and then win the roll-off against it
    assert ai.advice(as_leader).escape == pytest.approx(1 - (1 / 36) ** 3 / 4, abs=1e-12)
    in_the_decharge = replace(as_leader, phase="decharge", pot=0, held=(3, 3, 3, 2), took=(True,) * 4)
    assert ai.choose(in_the_decharge) == Stop()
    as_follower = follower(3, {0: "654"}, seat=1, limit=3, thrown="421")
    assert ai.advice(as_follower) == ai.Advice(Stop(), (), True, 1.0, ai.advice(as_follower).best)


def test_against_a_shown_421_the_expert_keeps_4_and_2_and_has_11_chances_in_72() -> None:
    # Only another 421 avoids the worst hand (then a fair roll-off): keep 4 and 2, two throws to find a 1.
    state = follower(2, {0: "421"}, seat=1, limit=3, thrown="642")
    advice = ai.advice(state)
    assert (advice.action, advice.keep, advice.stop) == (Throw((4, 2)), (4, 2), False)
    assert advice.escape == pytest.approx(11 / 72, abs=1e-12)
    # The advice is a legal throw: the 4 and the 2 stay on the table, the 6 is thrown again.
    assert advice.action in g.legal_actions(state)
    assert g.apply(state, advice.action).kept == (4, 2)


def test_the_coach_before_a_single_throw_against_221() -> None:
    # One throw against 221: only another 221 ties (3 chances in 216), and the roll-off is lost half the time.
    state = follower(2, {0: "221"}, seat=1, limit=1)
    advice = ai.advice(state)
    assert (advice.action, advice.keep, advice.stop) == (Throw(), (), False)
    assert advice.escape == pytest.approx(1 - 1 / 144, abs=1e-12)


def test_with_exactly_the_expert_rethrows_a_die_without_risking_221() -> None:
    # 421 against 221 with one more throw to make: keeping 2 and 1 would risk 221; keeping 4 and 1 risks nothing.
    state = follower(2, {0: "221"}, seat=1, limit=2, thrown="421", options={"throw_limit": "exactly"})
    advice = ai.advice(state)
    assert advice.action == Throw((4, 1)) and advice.keep == (4, 1) and advice.escape == 1.0


def test_with_exactly_against_421_the_expert_rethrows_a_die_of_its_own_421() -> None:
    # Any die of 421 rethrown finds 421 again 1 time in 6, then a fair roll-off: the three keeps are worth the same
    # (the expert's pick among them is a tie-break, not part of the rules of play).
    state = follower(2, {0: "421"}, seat=1, limit=2, thrown="421", options={"throw_limit": "exactly"})
    advice = ai.advice(state)
    assert advice.keep in {(4, 2), (4, 1), (2, 1)} and advice.action == Throw(advice.keep)
    assert advice.escape == pytest.approx(1 / 12, abs=1e-12)


def test_roll_off_and_who_starts_advice() -> None:
    rolling = g.apply(follower(2, {0: "532"}, seat=1, limit=1, thrown="532"), Stop())
    # 532 against 532: a roll-off for the worst hand, seat 0 throws first
    assert rolling.rolloff == RollOff("worst", (0, 1)) and rolling.seat == 0
    assert ai.advice(rolling) == ai.Advice(Throw(), (), False, pytest.approx(0.5), 0.0)
    starting = g.start({"players": 3})
    assert ai.advice(starting) == ai.Advice(Throw(), (), False, 1.0, pytest.approx(1 / 3))
    # Seat 0 threw a 1 (the best face): seat 1 leads only with another 1, then wins the roll-off against seat 0,
    # and seat 2 if it threw a 1 too: 1/6 * (1/6 * 1/3 + 5/6 * 1/2) = 17/216.
    after_a_1 = throw(starting, "1")
    assert after_a_1.seat == 1 and after_a_1.opening == RollOff("start", (0, 1, 2), (((0, (1,)),),))
    assert ai.advice(after_a_1).best == pytest.approx(17 / 216, abs=1e-12)


@pytest.mark.parametrize(
    ("thrown", "easy"),
    [
        ("611", Stop()),  # 611 is worth 6
        ("543", Stop()),  # a straight is worth 2
        ("541", Throw((4, 1))),  # keep the 1 and the 4
        ("642", Throw((4, 2))),  # keep the 4 and the 2
        ("311", Stop()),  # 311 is worth 3
        ("653", Throw()),
    ],
)
def test_the_easy_player(thrown: str, easy: g.Action) -> None:
    state = throw(begin(2), thrown)
    assert ai.choose(state, "easy") == easy
    assert ai.choose(state, "first_throw") == Stop()


def test_the_easy_player_reads_the_kept_dice_with_the_thrown_ones() -> None:
    state = throw(throw(begin(2), "651"), "31", keep="1")  # the 1 kept, then 3 and 1: 311, worth 3
    assert state.dice == (1, 3, 1)
    assert ai.choose(state, "easy") == Stop()


def test_easy_keeps_two_aces_and_throws_when_it_must() -> None:
    state = follower(2, {0: "665"}, seat=1, limit=2, thrown="511", options={"throw_limit": "exactly"})
    assert ai.choose(state, "easy") == Throw((1, 1))
    assert (
        ai.choose(follower(2, {0: "665"}, seat=1, limit=2, thrown="653", options={"throw_limit": "exactly"}), "first_throw")
        == Throw()
    )


def test_unknown_levels_and_finished_games_are_refused() -> None:
    state = begin(2)
    with pytest.raises(ValueError, match="unknown 421 level 'hard'"):
        ai.choose(state, "hard")
    over = replace(state, phase="over", seat=None)
    with pytest.raises(ValueError, match="the game is over"):
        ai.choose(over)
    with pytest.raises(ValueError, match="the game is over"):
        ai.advice(over)


def test_the_coach_answers_with_faces() -> None:
    match = Match.new(g, {"players": 2}, 0).play_all([Throw(), g.Roll((1,)), Throw(), g.Roll((3,))])
    match = match.play_all([Throw(), g.Roll((6, 4, 2)), Throw((4, 2)), g.Roll((1,)), Stop(), Throw(), g.Roll((6, 4, 2))])
    # Seat 0 stood on 421 after two throws; seat 1 threw 642 and has one throw left to tie: keep the 4 and the 2.
    advice = ai.advise(match, "advice")
    assert (advice.keep, advice.stop) == ((4, 2), False)
    assert (advice.escape, advice.best) == (pytest.approx(1 / 12, abs=1e-12), pytest.approx(1 / 12, abs=1e-12))
    with pytest.raises(ValueError, match="unknown request 'hint'"):
        ai.advise(match, "hint")


# ----------------------------------------------------------------------------- whole games


@settings(max_examples=12, deadline=None)
@given(OPTIONS, st.integers(0, 2**64 - 1), st.randoms(use_true_random=False))
def test_computer_players_only_play_legal_actions(options: dict, seed: int, rnd: random.Random) -> None:
    levels = [rnd.choice(["expert", "easy", "first_throw"]) for _ in range(options["players"])]

    def choose(match: Match) -> g.Action:
        state = match.state
        assert state.seat is not None
        action = ai.choose(state, levels[state.seat])
        assert action in g.legal_actions(state)
        if levels[state.seat] == "expert":
            advice = ai.advice(state)
            assert advice.action == action and advice.keep == (() if advice.stop else action.keep)
            assert 0.0 <= advice.escape <= 1.0 and 0.0 <= advice.best <= 1.0
        return action

    assert play_out(Match.new(g, options, seed), choose).result is not None


def test_the_expert_plays_legal_actions_in_a_six_player_game_with_the_big_pot() -> None:
    # How long a decision takes is the benchmark's business (python3 dev.py bench four21_ai), not a test's.
    match = Match.new(g, {"players": 6, "pot": 21}, 7)
    ai.prepare(match)

    def choose(match: Match) -> g.Action:
        action = ai.choose(match.state)
        assert action in g.legal_actions(match.state)
        return action

    match = play_out(match, choose, until=lambda match: len(match.state.turns) >= 12)
    assert len(match.state.turns) >= 12 or match.result is not None


def test_the_blind_baseline_plays_the_expert_s_odds_without_the_hands_shown() -> None:
    # Behind the leader's 421, the best hand there is, 111 is still the worst of the two: the expert keeps an ace
    # and throws for a 421 of its own; the blind baseline, which does not read the table, stands on its 111.
    state = follower(2, {0: "421"}, seat=1, limit=2, thrown="111")
    assert ai.choose(state, "expert") == Throw((1,))
    assert ai.choose(state, "blind") == Stop()
    first = g.start({"players": 3}, seed=1)  # with nothing shown yet, the two play alike
    assert ai.choose(first, "blind") == ai.choose(first, "expert")


def test_the_coach_gives_every_choice_with_its_exact_chances() -> None:
    # Behind the leader's 421 with 111 and one throw left: standing is the worst hand for sure; an ace kept
    # makes a 421 with 2/36, a tie then lost half the time; three dice make it with 6/216.
    state = follower(2, {0: "421"}, seat=1, limit=2, thrown="111")
    found = {c.keep: (round(c.worst, 9), round(c.best, 9)) for c in ai.choices(state)}
    assert found == {
        None: (1.0, 0.0),
        (1, 1): (1.0, 0.0),
        (1,): (round(35 / 36, 9), round(1 / 36, 9)),
        (): (round(71 / 72, 9), round(1 / 72, 9)),
    }
    assert ai.choices(g.start({"players": 2}, seed=1)) == ()  # before a throw there is nothing to choose
    answer = ai.advise(Match.new(g, {"players": 2}, 1).settled(), "advice")
    assert answer.choices == ()
