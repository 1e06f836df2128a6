"""Generala as its rules page states it: one test per rule, with exact values."""

from __future__ import annotations

import doctest
import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from etoile.games import REGISTRY, IllegalAction, Outcome
from etoile.games import generala as g
from etoile.games.generala import BOXES, Fill, Rules, Throw
from etoile.match import Match
from etoile.rng import Dice

DEFAULT = Rules()
FIVE_ACES_SEED = 1667
"""``Dice(1667).roll(5)`` is 1-1-1-1-1: a big general on the first throw."""


def play_state(column: tuple[int | None, ...] = (None,) * 10, rules: Rules = DEFAULT, **changes: object) -> g.State:
    """A solitaire state in play with the given column (and any field changed)."""
    state = replace(g.start({"players": 1}, seed=0), rules=rules, sheets=(column,))
    return replace(state, **changes)


def all_scores(dice: tuple[int, ...], throw: int, rules: Rules = DEFAULT) -> dict[str, int]:
    return {box: g.score(dice, box, throw, rules) for box in BOXES}


# --- Straights -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "line", "circular"),
    [
        ((1, 2, 3, 4, 5), True, True),
        ((2, 3, 4, 5, 6), True, True),
        ((5, 4, 3, 2, 1), True, True),
        ((1, 1, 3, 4, 5), True, True),  # the second 1 stands in for the 2
        ((1, 3, 4, 5, 6), True, True),  # the 1 stands in for the 2
        ((3, 4, 5, 6, 1), True, True),  # the same dice as 1-3-4-5-6: a straight without the option
        ((4, 5, 6, 1, 2), False, True),
        ((5, 6, 1, 2, 3), False, True),
        ((6, 1, 2, 3, 4), False, True),
        ((1, 1, 2, 4, 5), False, True),  # 4-5-6-1-2 with a 1 standing in for the 6
        ((1, 1, 1, 3, 4), False, True),  # 6-1-2-3-4 with 1s standing in for the 6 and the 2
        ((1, 1, 1, 4, 5), False, True),  # 4-5-6-1-2 likewise
        ((2, 2, 3, 4, 5), False, False),  # only a 1 is a joker
        ((2, 3, 4, 5, 5), False, False),
        ((1, 3, 3, 4, 5), False, False),
        ((3, 3, 4, 5, 6), False, False),
        ((1, 2, 3, 4, 4), False, False),
        ((1, 1, 1, 1, 2), False, False),
        ((1, 1, 1, 1, 1), False, False),
        ((2, 2, 2, 2, 2), False, False),
        ((1, 4, 4, 5, 6), False, False),
    ],
)
def test_straights_with_the_joker_and_the_circular_option(dice: tuple[int, ...], line: bool, circular: bool) -> None:
    assert g.is_straight(dice) is line
    assert g.is_straight(dice, circular=True) is circular
    assert g.score(dice, "straight", 1) == (25 if line else 0)
    assert g.score(dice, "straight", 3) == (20 if line else 0)
    assert g.score(dice, "straight", 1, Rules(circular_straights=True)) == (25 if circular else 0)
    assert g.score(dice, "straight", 2, Rules(circular_straights=True)) == (20 if circular else 0)


# --- Every box on edge hands ---------------------------------------------------------------------------

ZERO = dict.fromkeys(BOXES, 0)


@pytest.mark.parametrize(
    ("dice", "throw", "rules", "expected"),
    [
        ((1, 1, 3, 4, 5), 1, Rules(), ZERO | {"1": 2, "3": 3, "4": 4, "5": 5, "straight": 25}),
        ((1, 1, 3, 4, 5), 3, Rules(), ZERO | {"1": 2, "3": 3, "4": 4, "5": 5, "straight": 20}),
        ((1, 3, 4, 5, 6), 1, Rules(), ZERO | {"1": 1, "3": 3, "4": 4, "5": 5, "6": 6, "straight": 25}),
        ((1, 3, 4, 5, 6), 3, Rules(circular_straights=True), ZERO | {"1": 1, "3": 3, "4": 4, "5": 5, "6": 6, "straight": 20}),
        ((2, 2, 2, 2, 2), 1, Rules(), ZERO | {"2": 10, "four": 45, "general": 60}),
        ((2, 2, 2, 2, 2), 3, Rules(), ZERO | {"2": 10, "four": 40, "general": 60}),
        ((2, 2, 2, 2, 2), 1, Rules(five_as_four=False), ZERO | {"2": 10, "general": 60}),
        ((2, 2, 2, 2, 2), 3, Rules(five_as_four=False), ZERO | {"2": 10, "general": 60}),
        ((2, 2, 2, 2, 2), 1, Rules(five_as_full=True), ZERO | {"2": 10, "full": 35, "four": 45, "general": 60}),
        ((2, 2, 2, 2, 2), 3, Rules(five_as_full=True), ZERO | {"2": 10, "full": 30, "four": 40, "general": 60}),
        ((2, 2, 2, 2, 2), 2, Rules(five_as_four=False, five_as_full=True), ZERO | {"2": 10, "full": 30, "general": 60}),
        ((2, 2, 2, 2, 2), 1, Rules(big_general_open_box=True), ZERO | {"2": 10, "four": 45, "general": 60}),
        ((3, 3, 3, 5, 5), 1, Rules(), ZERO | {"3": 9, "5": 10, "full": 35}),
        ((3, 3, 3, 5, 5), 3, Rules(), ZERO | {"3": 9, "5": 10, "full": 30}),
        ((3, 3, 3, 5, 5), 3, Rules(five_as_full=True), ZERO | {"3": 9, "5": 10, "full": 30}),
        ((6, 2, 6, 6, 6), 1, Rules(), ZERO | {"2": 2, "6": 24, "four": 45}),
        ((6, 2, 6, 6, 6), 2, Rules(five_as_four=False), ZERO | {"2": 2, "6": 24, "four": 40}),
        ((4, 1, 5, 2, 2), 2, Rules(), ZERO | {"1": 1, "2": 4, "4": 4, "5": 5}),
    ],
)
def test_every_box_on_edge_hands(dice: tuple[int, ...], throw: int, rules: Rules, expected: dict[str, int]) -> None:
    assert all_scores(dice, throw, rules) == expected


def test_number_boxes_count_face_times_dice_on_any_throw() -> None:
    # The text's example: 4-1-5-2-2 gives 4 in twos or 5 in fives.
    assert [g.score((4, 1, 5, 2, 2), box, throw) for throw in (1, 3) for box in ("2", "5")] == [4, 5, 4, 5]
    assert g.score((3, 3, 3, 3, 3), "3", 1) == 15


def test_throws_two_and_three_score_the_same() -> None:
    for dice in [(1, 2, 3, 4, 5), (3, 3, 3, 5, 5), (6, 6, 6, 6, 1), (4, 4, 4, 4, 4)]:
        assert all_scores(dice, 2) == all_scores(dice, 3)


@pytest.mark.parametrize(
    ("dice", "box", "throw", "message"),
    [
        ((1, 2, 3, 4), "1", 1, "five dice"),
        ((1, 2, 3, 4, 7), "1", 1, "five dice"),
        ((1, 2, 3, 4, 5), "1", 4, "throw must be 1, 2 or 3"),
        ((1, 2, 3, 4, 5), "yahtzee", 1, "unknown box 'yahtzee'"),
    ],
)
def test_score_refuses_what_is_not_a_hand(dice: tuple[int, ...], box: str, throw: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        g.score(dice, box, throw)


def test_a_big_general_is_five_equal_dice_on_the_first_throw() -> None:
    assert g.is_big_general((5, 5, 5, 5, 5), 1)
    assert not g.is_big_general((5, 5, 5, 5, 5), 2)
    assert not g.is_big_general((5, 5, 5, 5, 4), 1)
    option = Rules(big_general_open_box=True)
    assert g.is_big_general((5, 5, 5, 5, 5), 1, option, filled=["four"])
    assert not g.is_big_general((5, 5, 5, 5, 5), 1, option, filled=["general"])
    assert g.is_big_general((5, 5, 5, 5, 5), 1, Rules(), filled=["general"])


# --- Options -------------------------------------------------------------------------------------------


def test_missing_options_take_the_defaults() -> None:
    state = g.start({}, seed=1)
    assert state.rules == Rules(big_general_open_box=False, circular_straights=False, five_as_four=True, five_as_full=False)
    assert state.players == 2
    assert g.start({"players": 2, "five_as_full": True}, seed=1).rules == Rules(five_as_full=True)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 0}, "generala is for 1 or more players, not 0"),
        ({"players": True}, "generala is for 1 or more players, not True"),
        ({"players": "2"}, "generala is for 1 or more players, not '2'"),
        ({"jokers": True}, "unknown generala option"),
        ({"circular_straights": 1}, "option circular_straights must be false or true, not 1"),
        ({"five_as_four": None}, "option five_as_four must be true or false, not null"),
    ],
)
def test_bad_options_are_refused(options: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        g.start(options, seed=1)


# --- Who starts ----------------------------------------------------------------------------------------


def test_everyone_throws_once_and_the_lowest_total_starts_then_clockwise() -> None:
    state = g.start({"players": 3}, seed=7)
    assert state.phase == "start" and state.first is None
    movers = []
    for _ in range(3):
        movers.append(g.to_move(state))
        assert g.legal_actions(state) == [Throw(())]
        state = g.apply(state, Throw(()))
    assert movers == [0, 1, 2]
    assert state.start_throws == (((0, (4, 1, 1, 4, 5)), (1, (4, 5, 1, 6, 6)), (2, (2, 5, 1, 5, 1))),)
    # Totals 15, 22 and 14: seat 2 starts, then seats 0 and 1, then round 2 begins with seat 2.
    assert (state.phase, state.first, state.round, g.to_move(state), state.dice, state.throw) == ("play", 2, 1, 2, (), 0)
    order = []
    for _ in range(4):
        order.append((state.round, g.to_move(state)))
        state = g.apply(g.apply(state, Throw(())), Fill(g.open_boxes(state)[0]))
    assert order == [(1, 2), (1, 0), (1, 1), (2, 2)]


def test_players_tied_for_the_lowest_total_throw_again_among_themselves() -> None:
    state = g.start({"players": 3}, seed=27)
    movers = []
    while state.phase == "start":
        movers.append(g.to_move(state))
        state = g.apply(state, Throw(()))
    # Totals 22, 14, 14: seats 1 and 2 throw again (19, 19), and again (19, 24): seat 1 starts.
    assert movers == [0, 1, 2, 1, 2, 1, 2]
    assert [[sum(dice) for _, dice in rnd] for rnd in state.start_throws] == [[22, 14, 14], [19, 19], [19, 24]]
    assert [[seat for seat, _ in rnd] for rnd in state.start_throws] == [[0, 1, 2], [1, 2], [1, 2]]
    assert (state.phase, state.first, g.to_move(state)) == ("play", 1, 1)


def test_a_single_player_has_no_start_throw() -> None:
    state = g.start({"players": 1}, seed=3)
    assert (state.phase, state.start_throws, state.first, g.to_move(state)) == ("play", (), 0, 0)


# --- A turn --------------------------------------------------------------------------------------------


def test_a_turn_offers_up_to_three_throws_keeping_any_dice_then_a_fill() -> None:
    state = g.start({"players": 1}, seed=5)
    assert g.legal_actions(state) == [Throw(())]
    state = g.apply(state, Throw(()))
    actions = g.legal_actions(state)
    assert len(actions) == 31 + 10
    assert {a.keep for a in actions if isinstance(a, Throw)} == set(g.KEEP_POSITIONS)
    assert [a.box for a in actions if isinstance(a, Fill)] == list(BOXES)
    state = g.apply(g.apply(state, Throw((0, 1))), Throw((2, 3, 4)))
    assert state.throw == 3
    assert g.legal_actions(state) == [Fill(box) for box in BOXES]


def test_kept_dice_stay_in_place_and_may_be_taken_back() -> None:
    state = g.apply(g.start({"players": 1}, seed=5), Throw(()))
    first = state.dice
    second = g.apply(state, Throw((1, 3)))
    assert (second.dice[1], second.dice[3]) == (first[1], first[3])
    # The keep is chosen afresh: die 1 kept before may be thrown again now.
    third = g.apply(second, Throw((0,)))
    assert third.dice[0] == second.dice[0]
    assert third.rng.draws > second.rng.draws


def test_a_box_whose_figure_is_missing_is_crossed_out_with_zero() -> None:
    state = play_state(dice=(1, 2, 3, 3, 5), throw=2)
    state = g.apply(state, Fill("general"))
    assert g.sheet(state, 0)["general"] == 0
    assert "general" not in g.open_boxes(state)
    assert g.totals(state) == (0,)


def test_the_preview_shows_what_each_open_box_would_score() -> None:
    column = (None, 4, None, None, None, None, None, 30, None, None)
    state = play_state(column, dice=(3, 3, 3, 5, 5), throw=1)
    assert g.preview(state) == {"1": 0, "3": 9, "4": 0, "5": 10, "6": 0, "straight": 0, "four": 0, "general": 0}
    assert g.preview(play_state()) == {}


def test_a_filled_combination_scores_the_throw_it_was_made_on() -> None:
    state = g.apply(play_state(dice=(3, 3, 3, 5, 5), throw=1), Fill("full"))
    assert g.sheet(state, 0)["full"] == 35
    state = g.apply(play_state(dice=(3, 3, 3, 5, 5), throw=3), Fill("full"))
    assert g.sheet(state, 0)["full"] == 30


# --- The general ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("round_", [1, 4, 10])
def test_a_big_general_wins_at_once_in_any_round(round_: int) -> None:
    state = g.start({"players": 3}, seed=1)
    sheets = ((5, None, None, None, None, None, None, None, None, None), (1,) + (None,) * 9, (2,) + (None,) * 9)
    state = replace(state, phase="play", first=0, seat=1, round=round_, sheets=sheets, rng=Dice(FIVE_ACES_SEED))
    state = g.apply(state, Throw(()))
    assert state.dice == (1, 1, 1, 1, 1)
    assert (state.phase, state.big_general, g.to_move(state), g.legal_actions(state)) == ("over", 1, None, [])
    assert g.result(state) == Outcome(((1,), (0,), (2,)))


def test_a_big_general_wins_even_with_the_general_box_filled_by_default() -> None:
    column = (None,) * 9 + (60,)
    state = g.apply(play_state(column, rng=Dice(FIVE_ACES_SEED)), Throw(()))
    assert (state.phase, state.big_general) == ("over", 0)


def test_with_the_option_a_big_general_wins_only_while_the_general_box_is_open() -> None:
    option = Rules(big_general_open_box=True)
    state = g.apply(play_state(rules=option, rng=Dice(FIVE_ACES_SEED)), Throw(()))
    assert (state.phase, state.big_general) == ("over", 0)
    column = (None,) * 9 + (0,)
    state = g.apply(play_state(column, rules=option, rng=Dice(FIVE_ACES_SEED)), Throw(()))
    assert (state.phase, state.big_general, state.throw) == ("play", None, 1)
    # Then it scores like any first-throw hand: 45 as a four, 5 in ones.
    assert g.preview(state) == {"1": 5, "2": 0, "3": 0, "4": 0, "5": 0, "6": 0, "straight": 0, "full": 0, "four": 45}
    assert g.sheet(g.apply(state, Fill("four")), 0)["four"] == 45


def test_five_equal_dice_on_a_later_throw_are_a_small_general_worth_60() -> None:
    state = g.apply(play_state(dice=(6, 6, 6, 6, 6), throw=2), Fill("general"))
    assert (state.phase, g.sheet(state, 0)["general"], state.round) == ("play", 60, 2)


# --- The end -------------------------------------------------------------------------------------------


def test_after_ten_rounds_the_highest_total_wins() -> None:
    last = (1, 2, 3, 4, 5, 6, 20, 30, 40, None)
    state = replace(g.start({"players": 3}, seed=1), phase="play", first=1, seat=0, round=10)
    state = replace(state, sheets=(last, (*last[:9], 0), (*last[:9], 60)), dice=(2, 2, 2, 2, 3), throw=3)
    assert g.result(state) is None
    state = g.apply(state, Fill("general"))
    assert (state.phase, g.totals(state), g.to_move(state)) == ("over", (111, 111, 171), None)
    assert g.result(state) == Outcome(((2,), (0, 1)))


def test_equal_totals_share_the_win() -> None:
    last = (1, 2, 3, 4, 5, 6, 20, 30, 40, None)
    state = replace(g.start({"players": 2}, seed=1), phase="play", first=0, seat=1, round=10)
    state = replace(state, sheets=((*last[:9], 0), last), dice=(1, 2, 2, 4, 4), throw=2)
    state = g.apply(state, Fill("general"))
    assert g.result(state) == Outcome(((0, 1),))
    assert g.result(state).winners == (0, 1)


@pytest.mark.parametrize("players", [1, 12])
def test_one_and_twelve_players_play_ten_rounds(players: int) -> None:
    state = g.start({"players": players}, seed=99)
    fills = 0
    rnd = random.Random(players)
    while g.to_move(state) is not None:
        # One throw, then a random open box (this seed throws no big general).
        action = Throw(()) if state.phase == "start" or not state.throw else Fill(rnd.choice(g.open_boxes(state)))
        fills += isinstance(action, Fill)
        state = g.apply(state, action)
    assert state.big_general is None
    assert fills == 10 * players
    assert all(None not in column for column in state.sheets)
    assert len(g.result(state).ranking[0]) >= 1
    assert sorted(s for tier in g.result(state).ranking for s in tier) == list(range(players))


# --- Illegal actions -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("state", "action", "message"),
    [
        (play_state(), Fill("1"), "throw the dice before filling a box"),
        (play_state(), Throw((0,)), "the first throw of a turn throws all five dice"),
        (play_state(dice=(1, 2, 3, 4, 5), throw=3), Throw(()), "no throw left"),
        (play_state(dice=(1, 2, 3, 4, 5), throw=1), Throw((0, 1, 2, 3, 4)), "at least one die"),
        (play_state(dice=(1, 2, 3, 4, 5), throw=1), Throw((5,)), "distinct dice positions 0 to 4"),
        (play_state(dice=(1, 2, 3, 4, 5), throw=1), Throw((1, 1)), "distinct dice positions 0 to 4"),
        (play_state(dice=(1, 2, 3, 4, 5), throw=1), Throw(("a",)), "dice positions 0 to 4"),
        (play_state(dice=(1, 2, 3, 4, 5), throw=1), Fill("chance"), "unknown box 'chance'"),
        (play_state((3,) + (None,) * 9, dice=(1, 2, 3, 4, 5), throw=1), Fill("1"), "the 1 box is already filled"),
        (play_state(dice=(1, 2, 3, 4, 5), throw=1), "roll", "not a Generala action"),
        (g.start({"players": 2}, seed=1), Fill("1"), "the start phase only throws"),
        (g.start({"players": 2}, seed=1), Throw((0,)), "the start throw throws all five dice"),
        (play_state(phase="over"), Throw(()), "the game is over"),
    ],
)
def test_illegal_actions_are_refused_with_a_reason(state: g.State, action: object, message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        g.apply(state, action)  # type: ignore[arg-type]


# --- JSON, saves and the protocol ----------------------------------------------------------------------


def test_the_game_is_registered() -> None:
    assert REGISTRY["generala"] is g


def test_actions_have_a_small_json_form() -> None:
    assert g.action_to_json(Throw((3, 0))) == {"throw": [0, 3]}
    assert g.action_to_json(Fill("full")) == {"fill": "full"}
    assert g.action_from_json({"throw": []}) == Throw(())
    for bad in [{"throw": "0"}, {"fill": 3}, {"throw": [True]}, ["fill", "1"], {"fill": "1", "throw": []}]:
        with pytest.raises(ValueError, match=r"not a Generala action|a throw keeps"):
            g.action_from_json(bad)


def test_the_state_json_is_plain_and_named() -> None:
    data = g.state_to_json(g.apply(g.start({"players": 2}, seed=7), Throw(())))
    assert json.loads(json.dumps(data)) == data
    assert data["phase"] == "start" and data["start_throws"] == [[{"seat": 0, "dice": [4, 1, 1, 4, 5]}, {"seat": 1, "dice": []}]]
    assert data["sheets"][0] == dict.fromkeys(BOXES)
    assert data["rules"] == {
        "big_general_open_box": False,
        "circular_straights": False,
        "five_as_four": True,
        "five_as_full": False,
    }


def test_the_doctests_hold() -> None:
    assert doctest.testmod(g).failed == 0


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(1, 4), st.integers(0, 2**32), st.booleans())
def test_random_legal_games_end_and_every_state_round_trips(seed: int, players: int, choices: int, option: bool) -> None:
    options = {"players": players, "big_general_open_box": option}
    state = g.start(options, seed)
    rnd = random.Random(choices)
    actions = []
    while g.to_move(state) is not None:
        assert g.state_from_json(json.loads(json.dumps(g.state_to_json(state)))) == state
        action = rnd.choice(g.legal_actions(state))
        assert g.action_from_json(json.loads(json.dumps(g.action_to_json(action)))) == action
        actions.append(action)
        state = g.apply(state, action)
    assert g.state_from_json(json.loads(json.dumps(g.state_to_json(state)))) == state
    outcome = g.result(state)
    assert isinstance(outcome, Outcome)
    if state.big_general is None:
        assert state.round == 10
        assert all(None not in column for column in state.sheets)
        assert sum(isinstance(a, Fill) for a in actions) == 10 * players
        best = max(g.totals(state))
        assert outcome.winners == tuple(s for s in range(players) if g.totals(state)[s] == best)
    else:
        assert outcome.winners == (state.big_general,)
    match = Match.new(g, options, seed)
    for action in actions:
        match = match.play(action)
    again = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert again.state == state and again.actions == tuple(actions)
