"""421: every rule of its rules page as the rules engine plays it."""

from __future__ import annotations

import doctest
import json
import random
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from etoile.games import REGISTRY, IllegalAction, Outcome
from etoile.games import four21 as g
from etoile.games.four21 import Options, RollOff, Stop, Throw, Turn
from etoile.i18n import catalog
from etoile.match import Match
from etoile.rng import Dice
from etoile.ui.tables.four21 import hand_name

RANKING = (
    421, 111, 611, 666, 511, 555, 411, 444, 311, 333, 211, 222, 654, 543, 432, 321,
    665, 664, 663, 662, 661, 655, 653, 652, 651, 644, 643, 642, 641, 633, 632, 631, 622, 621,
    554, 553, 552, 551, 544, 542, 541, 533, 532, 531, 522, 521, 443, 442, 441, 433, 431, 422, 332, 331, 322, 221,
)  # fmt: skip


def exactly(message: str) -> str:
    """A ``pytest.raises`` pattern matching ``message`` and nothing else."""
    return f"^{re.escape(message)}$"


def dice(text: str) -> tuple[int, ...]:
    return tuple(int(c) for c in text)


def begin(players: int, seed: int, leader: int = 0, phase: str = "charge", options: dict | None = None, **changes) -> g.State:
    """A state at the start of a turn, the who-starts throws done, with the dice of ``seed``."""
    state = g.start({"players": players, **(options or {})}, 0)
    opening = replace(state.opening, decided=leader)
    return replace(state, phase=phase, seat=leader, leader=leader, opening=opening, rng=Dice(seed), **changes)


def play(state: g.State, *actions: g.Action) -> g.State:
    for action in actions:
        state = g.apply(state, action)
    return state


def everyone_throws_once(state: g.State) -> g.State:
    """Each player throws once and stops, until the turn ends or a roll-off starts."""
    turns = len(state.turns)
    while state.phase != "over" and len(state.turns) == turns and state.rolloff is None:
        state = play(state, Throw(), Stop())
    return state


def roll_off(state: g.State) -> g.State:
    while state.rolloff is not None:
        state = g.apply(state, Throw())
    return state


# ----------------------------------------------------------------------------- hands


def test_the_module_is_registered_and_its_examples_hold() -> None:
    assert REGISTRY["421"] is g
    assert doctest.testmod(g).failed == 0


def test_the_56_hands_rank_in_the_order_of_the_rules() -> None:
    assert [int("".join(map(str, h))) for h in g.HANDS] == list(RANKING)
    assert len(set(RANKING)) == 56
    for index, number in enumerate(RANKING):
        a, b, c = dice(str(number))
        assert {g.rank(p) for p in [(a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)]} == {index}
    assert g.rank((2, 1, 2)) == 55  # la nénette is always the worst


@pytest.mark.parametrize(
    ("hands", "worth"),
    [
        ("421", 10),
        ("111", 7),
        ("611 666", 6),
        ("511 555", 5),
        ("411 444", 4),
        ("311 333", 3),
        ("211 222", 2),
        ("654 543 432 321", 2),
        (" ".join(map(str, RANKING[16:])), 1),
    ],
)
def test_the_token_scale(hands: str, worth: int) -> None:
    assert [g.tokens(dice(h)[::-1]) for h in hands.split()] == [worth] * len(hands.split())


def test_the_token_scale_covers_every_hand() -> None:
    assert sum(g.TOKENS) == 10 + 7 + 2 * (6 + 5 + 4 + 3 + 2) + 4 * 2 + 40 * 1


@pytest.mark.parametrize(
    ("hand", "en", "fr", "ru"),
    [
        ("421", "four-two-one", "quatre cent vingt et un", "четыреста двадцать один"),
        ("111", "three aces", "trois as", "три единицы"),
        ("611", "two aces and a 6", "fiche de 6", "две единицы и 6"),
        ("555", "three 5s", "brelan de 5", "три пятёрки"),
        ("432", "straight 432", "suite 432", "стрит 432"),
        ("221", "nénette", "nénette", "ненетт"),
        ("643", "643", "643", "643"),
    ],
)
def test_hand_names_in_three_languages(hand: str, en: str, fr: str, ru: str) -> None:
    shuffled = dice(hand)[::-1]
    assert tuple(hand_name(shuffled, catalog(lang)) for lang in ("en", "fr", "ru")) == (en, fr, ru)


@pytest.mark.parametrize("bad", [(4, 2), (4, 2, 1, 1), (0, 1, 2), (7, 1, 1), (1.0, 2, 4), (True, 2, 4)])
def test_a_hand_is_three_dice_from_1_to_6(bad: tuple) -> None:
    with pytest.raises(ValueError, match="three dice from 1 to 6"):
        g.rank(bad)


# ----------------------------------------------------------------------------- options


def test_the_default_options_are_those_of_the_rules() -> None:
    state = g.start({}, 1)
    assert state.options == Options(players=2, pot=11, throw_limit="at_most", next_leader="taker", play_to_loser=False)
    assert (state.pot, state.held, state.took, state.out) == (11, (0, 0), (False, False), ())
    assert state.options.to_json() == {
        "players": 2,
        "pot": 11,
        "throw_limit": "at_most",
        "next_leader": "taker",
        "play_to_loser": False,
    }


@pytest.mark.parametrize(("players", "pot"), [(2, 11), (8, 21), (5, 21)])
def test_2_to_8_players_and_a_pot_of_11_or_21(players: int, pot: int) -> None:
    state = g.start({"players": players, "pot": pot}, 3)
    assert (state.pot, len(state.held), state.opening.seats) == (pot, players, tuple(range(players)))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 1}, "421 is for 2 to 8 players, not 1"),
        ({"players": 9}, "421 is for 2 to 8 players, not 9"),
        ({"players": True}, "421 is for 2 to 8 players, not True"),
        ({"players": "4"}, "421 is for 2 to 8 players, not '4'"),
        ({"pot": 12}, "421 option pot must be 11 or 21, not 12"),
        ({"throw_limit": "at_least"}, "421 option throw_limit must be at_most or exactly, not at_least"),
        ({"next_leader": "loser"}, "421 option next_leader must be taker or clockwise, not loser"),
        ({"play_to_loser": 1}, "421 option play_to_loser must be false or true, not 1"),
        ({"players": 3, "colour": "red", "bet": 2}, "unknown 421 option(s): 'bet', 'colour'"),
    ],
)
def test_bad_options_are_refused_with_a_reason(options: dict, message: str) -> None:
    with pytest.raises(ValueError, match=exactly(message)):
        g.start(options, 1)


# ----------------------------------------------------------------------------- who starts


def test_who_starts_one_die_each_tied_highest_throw_again_and_1_beats_every_other_face() -> None:
    state = g.start({"players": 3}, 4)
    assert g.legal_actions(state) == [Throw()]
    state = play(state, Throw(), Throw(), Throw())
    # 5, 5, 4: seats 0 and 1 tie for the highest and throw again, seat 0 first.
    assert state.phase == "start" and state.seat == 0
    assert state.opening == RollOff("start", (0, 1), (((0, (5,)), (1, (5,)), (2, (4,))), ()))
    state = play(state, Throw(), Throw())
    # 1 against 2: the 1 wins; seat 0 leads the first turn of the charge.
    assert state.opening.rounds[1] == ((0, (1,)), (1, (2,)))
    assert (state.opening.decided, state.phase, state.leader, state.seat, state.throws) == (0, "charge", 0, 0, 0)


@pytest.mark.parametrize(("seed", "faces", "leader"), [(79, ((6,), (1,)), 1), (32, ((2,), (3,)), 1)])
def test_the_start_order_is_1_6_5_4_3_2(seed: int, faces: tuple, leader: int) -> None:
    state = play(g.start({"players": 2}, seed), Throw(), Throw())
    assert tuple(dice for _, dice in state.opening.rounds[0]) == faces
    assert (state.leader, state.seat, state.phase) == (leader, leader, "charge")


def test_play_goes_clockwise_from_the_leader() -> None:
    state = begin(4, 5, leader=2)
    seats = []
    for _ in range(4):
        seats.append(state.seat)
        state = play(state, Throw(), Stop())
    assert seats == [2, 3, 0, 1]


# ----------------------------------------------------------------------------- a turn


def test_the_leader_throws_up_to_three_times_setting_aside_any_dice_and_taking_them_back() -> None:
    state = play(begin(2, 11), Throw())
    assert (state.dice, state.kept, state.throws) == ((4, 2, 4), (), 1)
    state = g.apply(state, Throw((0, 2)))  # keep both 4s, throw the 2
    assert (state.dice, state.kept, state.throws) == ((4, 3, 4), (0, 2), 2)
    state = g.apply(state, Throw((1,)))  # take the 4s back: keep the 3, throw the others
    assert (state.dice, state.kept, state.throws) == ((3, 3, 5), (1,), 3)
    assert g.legal_actions(state) == [Stop()]
    with pytest.raises(IllegalAction, match=exactly("the leader has already used the 3 throws allowed this turn: stop")):
        g.apply(state, Throw())
    state = g.apply(state, Stop())
    assert (state.limit, state.seat, state.hands, state.throws, state.dice) == (3, 1, ((5, 3, 3), ()), 0, ())


def test_at_most_the_others_may_stop_before_the_leaders_number_of_throws() -> None:
    state = play(begin(2, 11), Throw(), Throw(), Stop(), Throw())
    assert (state.limit, state.seat, state.throws) == (2, 1, 1)
    assert g.legal_actions(state) == [Throw(k) for k in g.KEEPS] + [Stop()]
    state = g.apply(state, Throw((0,)))
    assert g.legal_actions(state) == [Stop()]
    with pytest.raises(IllegalAction, match=exactly("seat 1 has already used the 2 throws allowed this turn: stop")):
        g.apply(state, Throw())


def test_exactly_the_others_use_the_leaders_number_of_throws_each_rethrowing_a_die() -> None:
    state = play(begin(2, 11, options={"throw_limit": "exactly"}), Throw(), Throw(), Stop(), Throw())
    assert g.legal_actions(state) == [Throw(k) for k in g.KEEPS]
    assert all(len(action.keep) <= 2 for action in g.legal_actions(state))
    with pytest.raises(IllegalAction, match=exactly("with the 'exactly' throw limit, seat 1 must throw 2 times, not 1")):
        g.apply(state, Stop())
    with pytest.raises(IllegalAction, match=exactly("a throw throws at least one die: keep at most two")):
        g.apply(state, Throw((0, 1, 2)))
    state = g.apply(state, Throw((0, 1)))
    assert g.legal_actions(state) == [Stop()]


def test_a_leader_who_stops_after_one_throw_limits_the_others_to_one() -> None:
    state = play(begin(3, 2), Throw(), Stop(), Throw())
    assert state.limit == 1 and g.legal_actions(state) == [Stop()]


@pytest.mark.parametrize(
    ("actions", "action", "message"),
    [
        ([], Stop(), "cannot stop before the first throw"),
        ([], Throw((1,)), "cannot keep dice before the first throw of the turn"),
        ([Throw()], Throw((3,)), "cannot keep die 3: the dice on the table are at positions 0, 1 and 2"),
        ([Throw()], Throw((-1,)), "cannot keep die -1: the dice on the table are at positions 0, 1 and 2"),
        ([Throw()], Throw((1, 1)), "cannot keep the same die twice"),
        ([Throw()], Throw(("0",)), "cannot keep die '0': the dice on the table are at positions 0, 1 and 2"),
        ([Throw()], Throw(3), "keep must be a list of dice positions, not 3"),
        ([Throw()], "roll", "unknown 421 action 'roll'"),
    ],
)
def test_illegal_actions_are_refused_with_their_reason(actions: list, action: object, message: str) -> None:
    state = play(begin(2, 11), *actions)
    with pytest.raises(IllegalAction, match=exactly(message)):
        g.apply(state, action)  # type: ignore[arg-type]


def test_who_starts_and_roll_off_throws_keep_nothing_and_cannot_stop() -> None:
    state = g.start({}, 4)
    with pytest.raises(IllegalAction, match=exactly("a who-starts throw keeps no dice")):
        g.apply(state, Throw((0,)))
    with pytest.raises(IllegalAction, match=exactly("no stopping in a who-starts or roll-off throw: throw")):
        g.apply(state, Stop())
    rolling = everyone_throws_once(begin(3, 13))
    assert rolling.rolloff is not None
    with pytest.raises(IllegalAction, match=exactly("a roll-off throw keeps no dice")):
        g.apply(rolling, Throw((0,)))
    assert g.legal_actions(rolling) == [Throw()]


def test_nothing_is_legal_once_the_game_is_over() -> None:
    over = everyone_throws_once(begin(3, 6, pot=2, held=(0, 9, 0), took=(False, True, False)))
    assert over.phase == "over" and g.to_move(over) is None and g.legal_actions(over) == []
    with pytest.raises(IllegalAction, match=exactly("the game is over")):
        g.apply(over, Throw())


# ----------------------------------------------------------------------------- the charge


def test_the_worst_hand_takes_from_the_pot_what_the_best_hand_is_worth_and_leads_next() -> None:
    state = everyone_throws_once(begin(3, 1))
    assert state.turns == (
        Turn("charge", 0, 1, (dice("621"), dice("643"), dice("441")), 1, dice("643"), 2, dice("441"), 1, 1, True, (), ()),
    )
    assert (state.pot, state.held, state.took) == (10, (0, 0, 1), (False, False, True))
    assert (state.leader, state.seat, state.limit, state.hands) == (2, 2, None, ((), (), ()))


def test_next_leader_option_clockwise() -> None:
    state = everyone_throws_once(begin(3, 1, options={"next_leader": "clockwise"}))
    assert state.turns[0].worst == 2
    assert (state.leader, state.seat) == (1, 1)


def test_tied_worst_hands_throw_again_and_the_best_hand_of_the_turn_sets_the_amount() -> None:
    state = everyone_throws_once(begin(3, 13))
    # 421 for seat 0; 432 for seats 1 and 2: they throw once more each.
    assert state.hands == (dice("421"), dice("432"), dice("432"))
    assert state.rolloff == RollOff("worst", (1, 2))
    assert state.seat == 1
    state = roll_off(state)
    # 652 against 554: seat 2 is the worst and takes what 421 is worth, not what the roll-off hands are worth.
    assert state.turns[0].rolloffs == (RollOff("worst", (1, 2), (((1, dice("652")), (2, dice("554"))),), 2),)
    assert (state.turns[0].worst, state.turns[0].value, state.turns[0].amount) == (2, 10, 10)
    assert (state.pot, state.held, state.leader) == (1, (0, 0, 10), 2)


def test_a_pot_holding_fewer_tokens_than_the_hand_is_worth_gives_what_is_left_and_clean_players_win() -> None:
    state = everyone_throws_once(begin(3, 6, pot=2, held=(0, 9, 0), took=(False, True, False)))
    turn = state.turns[-1]
    assert (turn.best_hand, turn.worst, turn.value, turn.amount, turn.out) == (dice("611"), 1, 6, 2, (0, 2))
    assert (state.pot, state.held, state.phase, state.out) == (0, (0, 11, 0), "over", ((0, 2),))
    assert g.result(state) == Outcome(((0, 2), (1,)))


def test_play_to_the_loser_clean_players_drop_out_and_the_others_play_the_decharge() -> None:
    state = everyone_throws_once(begin(3, 6, pot=2, held=(0, 5, 4), took=(False, True, True), options={"play_to_loser": True}))
    assert (state.phase, state.out, state.active, state.held) == ("decharge", ((0,),), (1, 2), (0, 7, 4))
    assert g.result(state) is None
    assert (state.leader, state.seat) == (1, 1)  # the taker leads, among the players left


def test_with_play_to_the_loser_a_lone_player_left_loses_at_once() -> None:
    state = everyone_throws_once(begin(3, 6, pot=2, held=(0, 9, 0), took=(False, True, False), options={"play_to_loser": True}))
    assert state.phase == "over" and g.result(state) == Outcome(((0, 2), (1,)))


def test_when_everyone_took_tokens_the_decharge_starts_and_nobody_has_won() -> None:
    state = everyone_throws_once(begin(2, 0, pot=1, held=(4, 6), took=(True, True)))
    assert state.turns[-1].worst_hand == dice("221")
    assert (state.phase, state.pot, state.held, state.out, g.result(state)) == ("decharge", 0, (5, 6), (), None)
    assert (state.leader, state.seat) == (0, 0)


# ----------------------------------------------------------------------------- the décharge


def test_in_the_decharge_tied_best_hands_throw_again_and_the_winner_gives_to_the_worst() -> None:
    state = everyone_throws_once(begin(3, 21, phase="decharge", pot=0, held=(4, 4, 3), took=(True,) * 3))
    assert state.hands == (dice("662"), dice("662"), dice("631"))
    assert state.rolloff == RollOff("best", (0, 1))
    state = roll_off(state)
    turn = state.turns[-1]
    # 632 against 222: seat 1 gives what 662 is worth (1) to seat 2.
    assert turn.rolloffs == (RollOff("best", (0, 1), (((0, dice("632")), (1, dice("222"))),), 1),)
    assert (turn.best, turn.worst, turn.value, turn.amount, turn.from_pot) == (1, 2, 1, 1, False)
    assert (state.held, state.leader) == ((4, 3, 4), 2)


def test_the_best_hand_gives_all_it_has_if_fewer_and_wins_on_zero_tokens() -> None:
    state = everyone_throws_once(begin(3, 3, phase="decharge", pot=0, held=(1, 6, 4), took=(True,) * 3))
    turn = state.turns[-1]
    assert (turn.best_hand, turn.value, turn.amount, turn.worst, turn.out) == (dice("444"), 4, 1, 2, (0,))
    assert (state.phase, state.held, state.seat) == ("over", (0, 6, 5), None)
    assert g.result(state) == Outcome(((0,), (1, 2)))


def test_play_to_the_loser_goes_on_until_one_player_holds_every_token() -> None:
    options = {"play_to_loser": True}
    state = everyone_throws_once(begin(3, 3, phase="decharge", pot=0, held=(1, 6, 4), took=(True,) * 3, options=options))
    assert (state.phase, state.out, state.active, state.held, state.leader) == ("decharge", ((0,),), (1, 2), (0, 6, 5), 2)
    state = roll_off(everyone_throws_once(replace(state, rng=Dice(3))))
    assert (state.turns[-1].best, state.turns[-1].worst, state.turns[-1].amount, state.held) == (2, 1, 4, (0, 10, 1))
    state = roll_off(everyone_throws_once(state))
    # Seat 2 gives its last token: it drops out, and seat 1, alone with all 11 tokens, has lost.
    assert (state.turns[-1].best, state.turns[-1].amount, state.turns[-1].out) == (2, 1, (2,))
    assert (state.phase, state.held, state.out) == ("over", (0, 11, 0), ((0,), (2,)))
    assert g.result(state) == Outcome(((0,), (2,), (1,)))


# ----------------------------------------------------------------------------- JSON and whole games


def test_the_json_forms_of_actions() -> None:
    assert [g.action_to_json(a) for a in (Throw(), Throw((0, 2)), Stop())] == [{"throw": []}, {"throw": [0, 2]}, "stop"]
    assert g.action_from_json({"throw": [2, 0]}) == Throw((0, 2))
    for bad in ("Stop", {"throw": [0, 0]}, {"throw": "0"}, {"throw": [0], "stop": True}, {"throw": [True]}, None):
        with pytest.raises(ValueError, match="not a 421 action"):
            g.action_from_json(bad)


def test_the_json_form_of_a_state() -> None:
    state = roll_off(everyone_throws_once(begin(3, 13)))
    data = g.state_to_json(play(state, Throw(), Throw((1,))))
    assert data["turns"][0]["rolloffs"] == [
        {
            "kind": "worst",
            "seats": [1, 2],
            "rounds": [[{"seat": 1, "dice": [6, 5, 2]}, {"seat": 2, "dice": [5, 5, 4]}]],
            "decided": 2,
        }
    ]
    assert {k: data[k] for k in ("phase", "seat", "throws", "kept", "leader", "limit", "pot", "held", "took", "out")} == {
        "phase": "charge",
        "seat": 2,
        "throws": 2,
        "kept": [1],
        "leader": 2,
        "limit": None,
        "pot": 1,
        "held": [0, 0, 10],
        "took": [False, False, True],
        "out": [],
    }
    assert g.state_from_json(json.loads(json.dumps(data))) == play(state, Throw(), Throw((1,)))


def test_a_state_that_does_not_add_up_is_refused() -> None:
    data = g.state_to_json(begin(2, 1))
    with pytest.raises(ValueError, match="do not add up"):
        g.state_from_json(data | {"pot": 10})
    with pytest.raises(ValueError, match="not a 421 state"):
        g.state_from_json({"phase": "charge"})


def simple_game(options: dict, seed: int) -> g.State:
    """A whole game where every player throws once and stops."""
    state = g.start(options, seed)
    while g.result(state) is None:
        state = g.apply(state, Throw()) if state.rolloff is not None else play(state, Throw(), Stop())
    return state


def test_a_seeded_game_replays_exactly() -> None:
    state = simple_game({"players": 2}, 421)
    assert (len(state.turns), state.held, state.took, g.result(state)) == SEEDED_421
    assert simple_game({"players": 2}, 421) == state


SEEDED_421 = (18, (0, 11), (True, True), Outcome(((0,), (1,))))
"""Seed 421, two players throwing once each turn: 18 turns, a décharge, seat 0 reveals its star."""

OPTIONS = st.fixed_dictionaries(
    {
        "players": st.integers(2, 8),
        "pot": st.sampled_from([11, 21]),
        "throw_limit": st.sampled_from(g.THROW_LIMITS),
        "next_leader": st.sampled_from(g.NEXT_LEADERS),
        "play_to_loser": st.booleans(),
    }
)


@settings(max_examples=60, deadline=None)
@given(OPTIONS, st.integers(0, 2**64 - 1), st.integers(0, 2**32))
def test_random_legal_games_keep_the_tokens_and_end(options: dict, seed: int, choices: int) -> None:
    rnd = random.Random(choices)
    match = Match.new(g, options, seed)
    while g.result(match.state) is None:
        actions = g.legal_actions(match.state)
        assert actions and g.to_move(match.state) == match.state.seat
        match = match.play(rnd.choice(actions))
        state = match.state
        assert state.pot + sum(state.held) == options["pot"]
        assert state.pot >= 0 and min(state.held) >= 0
        assert state.phase != "decharge" or state.pot == 0
        if match.cursor % 25 == 0:
            assert g.state_from_json(json.loads(json.dumps(g.state_to_json(state)))) == state
        assert match.cursor < 20_000
    state, outcome = match.state, match.result
    assert outcome is not None and g.to_move(state) is None
    assert sorted(s for tier in outcome.ranking for s in tier) == list(range(options["players"]))
    assert g.state_from_json(json.loads(json.dumps(g.state_to_json(state)))) == state
    assert Match.from_json(json.loads(json.dumps(match.to_json())), {"421": g}).state == state
