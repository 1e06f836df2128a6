"""Generala as its rules page states it: one test per rule, with exact values, and its notation."""

from __future__ import annotations

import doctest
import json
import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from etoile.engine.dice import Roll
from etoile.engine.game import CHANCE, IllegalAction, Outcome
from etoile.engine.match import Match
from etoile.engine.registry import REGISTRY
from etoile.engine.rng import Dice
from etoile.games.generala import rules as g
from etoile.games.generala.rules import BOXES, Fill, Rules, Throw

FORMAT_1 = Path(__file__).parent.parent / "data" / "format1"

DEFAULT = Rules()


def play_state(column: tuple[int | None, ...] = (None,) * 10, rules: Rules = DEFAULT, **changes: object) -> g.State:
    """A solitaire state in play with the given column (and any field changed)."""
    state = replace(g.start({"players": 1}), rules=rules, sheets=(column,))
    return replace(state, **changes)


def throw(state: g.State, keep: tuple[int, ...], faces: tuple[int, ...]) -> g.State:
    """The state after a throw that keeps the faces ``keep`` and whose dice come down showing ``faces``."""
    return g.apply(g.apply(state, Throw(keep)), Roll(faces))


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
    state = g.start({"players": 3})
    assert state.phase == "start" and state.first is None
    movers = []
    for faces in [(4, 1, 1, 4, 5), (4, 5, 1, 6, 6), (2, 5, 1, 5, 1)]:
        movers.append(g.to_move(state))
        assert g.legal_actions(state) == [Throw()]
        state = g.apply(state, Throw())
        assert g.to_move(state) is CHANCE
        state = g.apply(state, Roll(faces))
        if state.phase == "start":
            assert state.dice == tuple(sorted(faces, reverse=True))  # the table shows the last start throw
    assert movers == [0, 1, 2]
    assert state.start_throws == (((0, (5, 4, 4, 1, 1)), (1, (6, 6, 5, 4, 1)), (2, (5, 5, 2, 1, 1))),)
    # Totals 15, 22 and 14: seat 2 starts, then seats 0 and 1, then round 2 begins with seat 2.
    assert (state.phase, state.first, state.round, g.to_move(state), state.dice, state.throw) == ("play", 2, 1, 2, (), 0)
    order = []
    for _ in range(4):
        order.append((state.round, g.to_move(state)))
        state = g.apply(throw(state, (), (6, 5, 4, 3, 2)), Fill(g.open_boxes(state)[0]))
    assert order == [(1, 2), (1, 0), (1, 1), (2, 2)]


def test_players_tied_for_the_lowest_total_throw_again_among_themselves() -> None:
    state = g.start({"players": 3})
    movers = []
    throws = [
        (6, 6, 5, 4, 1),
        (5, 5, 2, 1, 1),
        (5, 5, 2, 1, 1),
        (6, 5, 4, 2, 2),
        (6, 5, 4, 2, 2),
        (6, 5, 4, 2, 2),
        (6, 6, 6, 5, 1),
    ]
    for faces in throws:
        movers.append(g.to_move(state))
        state = throw(state, (), faces)
    # Totals 22, 14, 14: seats 1 and 2 throw again (19, 19), and again (19, 24): seat 1 starts.
    assert movers == [0, 1, 2, 1, 2, 1, 2]
    assert [[sum(dice) for _, dice in rnd] for rnd in state.start_throws] == [[22, 14, 14], [19, 19], [19, 24]]
    assert [[seat for seat, _ in rnd] for rnd in state.start_throws] == [[0, 1, 2], [1, 2], [1, 2]]
    assert (state.phase, state.first, g.to_move(state)) == ("play", 1, 1)


def test_a_single_player_has_no_start_throw() -> None:
    state = g.start({"players": 1})
    assert (state.phase, state.start_throws, state.first, g.to_move(state)) == ("play", (), 0, 0)


# --- A turn --------------------------------------------------------------------------------------------


def test_a_turn_offers_up_to_three_throws_keeping_any_dice_then_a_fill() -> None:
    state = play_state()
    assert g.legal_actions(state) == [Throw()]
    state = throw(state, (), (6, 5, 4, 3, 1))
    actions = g.legal_actions(state)
    assert len(actions) == 31 + 10
    throws = [a.keep for a in actions if isinstance(a, Throw)]
    assert throws == list(g.keeps(state.dice)) and throws[:3] == [(), (6,), (5,)] and throws[-1] == (5, 4, 3, 1)
    assert [a.box for a in actions if isinstance(a, Fill)] == list(BOXES)
    state = throw(throw(state, (6, 5), (6, 6, 1)), (6, 6, 6), (6, 2))
    assert (state.throw, state.dice) == (3, (6, 6, 6, 6, 2))
    assert g.legal_actions(state) == [Fill(box) for box in BOXES]


def test_equal_dice_are_kept_by_face_so_each_keep_is_offered_once() -> None:
    state = throw(play_state(), (), (4, 1, 4, 4, 4))
    throws = [a.keep for a in g.legal_actions(state) if isinstance(a, Throw)]
    assert throws == [(), (4,), (1,), (4, 4), (4, 1), (4, 4, 4), (4, 4, 1), (4, 4, 4, 4), (4, 4, 4, 1)]


def test_kept_dice_stay_on_the_left_and_may_be_thrown_again_later() -> None:
    state = throw(play_state(), (), (1, 3, 6, 4, 5))
    assert (state.dice, state.kept) == ((6, 5, 4, 3, 1), 0)
    second = throw(state, (3, 5), (5, 2, 5))
    assert (second.dice, second.kept, second.throw) == ((5, 3, 5, 5, 2), 2, 2)
    # The keep is chosen afresh: the 3 kept before is thrown again now, the 5s just thrown are kept.
    third = throw(second, (5, 5, 5), (3, 3))
    assert (third.dice, third.kept, third.throw) == ((5, 5, 5, 3, 3), 3, 3)
    assert g.preview(third)["full"] == 30


def test_a_throw_leaves_the_dice_to_chance_with_their_exact_odds() -> None:
    state = g.apply(play_state(), Throw())
    assert (g.to_move(state), state.dice, state.throwing, state.throw, g.preview(state)) == (CHANCE, (), 5, 1, {})
    outcomes = g.chance_outcomes(state)
    assert len(outcomes) == 252 and sum(p for _, p in outcomes) == Fraction(1)
    assert dict(outcomes)[Roll((6, 6, 6, 6, 6))] == Fraction(1, 6**5)
    assert dict(outcomes)[Roll((6, 5, 4, 3, 2))] == Fraction(120, 6**5)
    assert g.legal_actions(state) == [roll for roll, _ in outcomes]
    kept = g.apply(g.apply(state, Roll((6, 6, 3, 2, 1))), Throw((6, 6)))
    assert (g.to_move(kept), kept.dice, kept.kept, kept.throwing) == (CHANCE, (6, 6), 2, 3)
    outcomes = g.chance_outcomes(kept)
    assert len(outcomes) == 56 and sum(p for _, p in outcomes) == Fraction(1)
    assert dict(outcomes)[Roll((6, 6, 6))] == Fraction(1, 216)
    assert g.chance_outcomes(play_state()) == () and g.chance_outcomes(g.apply(kept, Roll((6, 6, 6)))) == ()


def test_a_match_draws_the_dice_from_its_seed() -> None:
    match = Match.new(g, {"players": 1}, seed=2).play(Throw()).settled()
    assert match.state.dice == (5, 4, 3, 2, 1) and match.played[-1] == Roll((5, 3, 4, 1, 2))
    assert match.dice[match.cursor] == Dice(2).roll(5)[1]


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
    state = g.apply(throw(play_state(), (), (3, 5, 3, 5, 3)), Fill("full"))
    assert g.sheet(state, 0)["full"] == 35
    state = throw(throw(throw(play_state(), (), (3, 5, 3, 2, 1)), (5, 3, 3), (5, 1)), (5, 5, 3, 3), (3,))
    assert g.sheet(g.apply(state, Fill("full")), 0)["full"] == 30


# --- The general ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("round_", [1, 4, 10])
def test_a_big_general_wins_at_once_in_any_round(round_: int) -> None:
    sheets = ((5, None, None, None, None, None, None, None, None, None), (1,) + (None,) * 9, (2,) + (None,) * 9)
    state = replace(g.start({"players": 3}), phase="play", first=0, seat=1, round=round_, sheets=sheets)
    state = throw(state, (), (1, 1, 1, 1, 1))
    assert state.dice == (1, 1, 1, 1, 1)
    assert (state.phase, state.big_general, g.to_move(state), g.legal_actions(state)) == ("over", 1, None, [])
    assert g.result(state) == Outcome(((1,), (0,), (2,)))


def test_a_big_general_wins_even_with_the_general_box_filled_by_default() -> None:
    column = (None,) * 9 + (60,)
    state = throw(play_state(column), (), (3, 3, 3, 3, 3))
    assert (state.phase, state.big_general) == ("over", 0)


def test_with_the_option_a_big_general_wins_only_while_the_general_box_is_open() -> None:
    option = Rules(big_general_open_box=True)
    state = throw(play_state(rules=option), (), (1, 1, 1, 1, 1))
    assert (state.phase, state.big_general) == ("over", 0)
    column = (None,) * 9 + (0,)
    state = throw(play_state(column, rules=option), (), (1, 1, 1, 1, 1))
    assert (state.phase, state.big_general, state.throw) == ("play", None, 1)
    # Then it scores like any first-throw hand: 45 as a four, 5 in ones.
    assert g.preview(state) == {"1": 5, "2": 0, "3": 0, "4": 0, "5": 0, "6": 0, "straight": 0, "full": 0, "four": 45}
    assert g.sheet(g.apply(state, Fill("four")), 0)["four"] == 45


def test_five_equal_dice_on_a_later_throw_are_a_small_general_worth_60() -> None:
    state = throw(throw(play_state(), (), (6, 6, 6, 6, 2)), (6, 6, 6, 6), (6,))
    assert (state.phase, state.big_general, state.dice, g.preview(state)["general"]) == ("play", None, (6,) * 5, 60)
    state = g.apply(state, Fill("general"))
    assert (state.phase, g.sheet(state, 0)["general"], state.round) == ("play", 60, 2)


# --- The end -------------------------------------------------------------------------------------------


def test_after_ten_rounds_the_highest_total_wins() -> None:
    last = (1, 2, 3, 4, 5, 6, 20, 30, 40, None)
    state = replace(g.start({"players": 3}), phase="play", first=1, seat=0, round=10)
    state = replace(state, sheets=(last, (*last[:9], 0), (*last[:9], 60)), dice=(2, 2, 2, 2, 3), throw=3)
    assert g.result(state) is None
    state = g.apply(state, Fill("general"))
    assert (state.phase, g.totals(state), g.to_move(state)) == ("over", (111, 111, 171), None)
    assert g.result(state) == Outcome(((2,), (0, 1)))


def test_equal_totals_share_the_win() -> None:
    last = (1, 2, 3, 4, 5, 6, 20, 30, 40, None)
    state = replace(g.start({"players": 2}), phase="play", first=0, seat=1, round=10)
    state = replace(state, sheets=((*last[:9], 0), last), dice=(1, 2, 2, 4, 4), throw=2)
    state = g.apply(state, Fill("general"))
    assert g.result(state) == Outcome(((0, 1),))
    assert g.result(state).winners == (0, 1)


def any_but_five_equal(rnd: random.Random) -> Roll:
    """Five random faces that are not all equal: no big general cuts the game short."""
    faces = rnd.choices(range(1, 7), k=4)
    return Roll((*faces, faces[0] % 6 + 1))


@pytest.mark.parametrize("players", [1, 12])
def test_one_and_twelve_players_play_ten_rounds(players: int) -> None:
    state = g.start({"players": players})
    fills = 0
    rnd = random.Random(players)
    while g.to_move(state) is not None:
        # One throw, then a random open box.
        if g.to_move(state) is CHANCE:
            action: g.Action = any_but_five_equal(rnd)
        else:
            action = Throw() if state.phase == "start" or not state.throw else Fill(rnd.choice(g.open_boxes(state)))
        fills += isinstance(action, Fill)
        state = g.apply(state, action)
    assert state.big_general is None
    assert fills == 10 * players
    assert all(None not in column for column in state.sheets)
    assert len(g.result(state).ranking[0]) >= 1
    assert sorted(s for tier in g.result(state).ranking for s in tier) == list(range(players))


# --- Illegal actions -----------------------------------------------------------------------------------

IN_THE_AIR = play_state(dice=(6, 6), kept=2, throwing=3, throw=2)
"""Two 6s kept at the second throw, three dice in the air."""


@pytest.mark.parametrize(
    ("state", "action", "message"),
    [
        (play_state(), Fill("1"), "throw the dice before filling a box"),
        (play_state(), Throw((1,)), "the first throw of a turn throws all five dice"),
        (play_state(dice=(5, 4, 3, 2, 1), throw=3), Throw(), "no throw left"),
        (play_state(dice=(6, 5, 4, 3, 1), throw=1), Throw((6, 5, 4, 3, 1)), "at least one die: keep at most four"),
        (play_state(dice=(6, 5, 4, 3, 1), throw=1), Throw((5, 5)), "^cannot keep 5 5: the dice on the table are 6 5 4 3 1$"),
        (play_state(dice=(5, 3, 5, 5, 2), kept=2, throw=2), Throw((6,)), "^cannot keep 6: the dice on the table are 5 5 5 3 2$"),
        (play_state(dice=(5, 3, 5, 5, 2), kept=2, throw=2), Throw((5, 5, 5, 5)), "^cannot keep 5 5 5 5: the dice on"),
        (play_state(dice=(6, 5, 4, 3, 1), throw=1), Throw((7,)), "^cannot keep 7: the dice on the table"),
        (play_state(dice=(1, 2, 3, 4, 5), throw=1), Fill("chance"), "unknown box 'chance'"),
        (play_state((3,) + (None,) * 9, dice=(1, 2, 3, 4, 5), throw=1), Fill("1"), "the 1 box is already filled"),
        (play_state(dice=(1, 2, 3, 4, 5), throw=1), "roll", "not a Generala action"),
        (play_state(dice=(1, 2, 3, 4, 5), throw=1), Roll((6,)), "no dice are in the air: throw them first"),
        (IN_THE_AIR, Fill("6"), "^3 dice are in the air: only a roll of 3 dice can come next$"),
        (IN_THE_AIR, Throw(), "only a roll of 3 dice can come next"),
        (IN_THE_AIR, Roll((6, 6)), "only a roll of 3 dice can come next"),
        (g.start({"players": 2}), Fill("1"), "the start phase only throws"),
        (g.start({"players": 2}), Throw((4,)), "the start throw throws all five dice"),
        (play_state(phase="over"), Throw(), "the game is over"),
    ],
)
def test_illegal_actions_are_refused_with_a_reason(state: g.State, action: object, message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        g.apply(state, action)  # type: ignore[arg-type]


# --- JSON, saves and the protocol ----------------------------------------------------------------------


def test_the_game_is_registered() -> None:
    assert REGISTRY["generala"] is g


def test_actions_have_a_small_json_form() -> None:
    assert g.action_to_json(Throw((4, 6, 4))) == {"throw": [6, 4, 4]}
    assert g.action_to_json(Fill("full")) == {"fill": "full"}
    assert g.action_to_json(Roll((1, 6, 3))) == {"roll": [6, 3, 1]}
    assert g.action_from_json({"throw": []}) == Throw()
    assert g.action_from_json({"throw": [1, 6]}) == Throw((6, 1))
    assert g.action_from_json({"roll": [1, 6, 3, 3, 2]}) == Roll((6, 3, 3, 2, 1))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"throw": "0"}, "not a Generala action"),
        ({"throw": [True]}, "dice faces are whole numbers 1 to 6"),
        ({"throw": [0, 3]}, "dice faces are whole numbers 1 to 6"),
        ({"throw": [2, 2, 2, 2, 2]}, "a throw keeps at most four dice, not 2 2 2 2 2"),
        ({"fill": 3}, "unknown box 3"),
        ({"fill": "chance"}, "unknown box 'chance'"),
        (["fill", "1"], "not a Generala action"),
        ({"fill": "1", "throw": []}, "not a Generala action"),
        ({"roll": []}, "not a roll of the dice"),
        ({"roll": [7]}, "dice faces are whole numbers 1 to 6"),
    ],
)
def test_bad_action_json_is_refused_with_a_reason(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        g.action_from_json(data)


def test_the_state_json_is_plain_and_named() -> None:
    data = g.state_to_json(throw(g.start({"players": 2}), (), (4, 1, 1, 4, 5)))
    assert json.loads(json.dumps(data)) == data
    assert data["phase"] == "start" and data["start_throws"] == [[{"seat": 0, "dice": [5, 4, 4, 1, 1]}, {"seat": 1, "dice": []}]]
    assert (data["dice"], data["kept"], data["throwing"], data["throw"], data["seat"]) == ([5, 4, 4, 1, 1], 0, 0, 0, 1)
    assert data["sheets"][0] == dict.fromkeys(BOXES)
    assert "rng" not in data
    assert data["rules"] == {
        "big_general_open_box": False,
        "circular_straights": False,
        "five_as_four": True,
        "five_as_full": False,
    }


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"phase": "middle"}, "unknown phase 'middle'"),
        ({"seat": 2}, "must be seats of the game"),
        ({"first": None}, "the first seat is known once the start throws are over"),
        ({"round": 11}, "the round is 1 to 10"),
        ({"dice": [6, 6, 6]}, "3 dice on the table, 0 of them kept and 0 in the air"),
        ({"dice": [6, 6], "kept": 2, "throwing": 2}, "2 dice on the table, 2 of them kept and 2 in the air"),
        ({"dice": [6, 6, 6, 6, 7]}, "dice faces are whole numbers 1 to 6"),
        ({"sheets": [dict.fromkeys(BOXES, -1)]}, "a score sheet has a score or nothing in each of its ten boxes"),
    ],
)
def test_a_state_json_whose_parts_do_not_hold_together_is_refused(change: dict, message: str) -> None:
    data = g.state_to_json(throw(play_state(), (), (6, 5, 4, 3, 1)))
    with pytest.raises(ValueError, match=message):
        g.state_from_json({**data, **change})


# --- The notation --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Throw(), "throw"),
        (Throw((4, 4, 4)), "keep 4 4 4"),
        (Throw((1, 6)), "keep 6 1"),
        (Fill("1"), "fill 1"),
        (Fill("straight"), "fill straight"),
        (Fill("full"), "fill full"),
        (Fill("four"), "fill four"),
        (Fill("general"), "fill general"),
        (Roll((1, 2, 5, 5, 6)), "roll 6 5 5 2 1"),
        (Roll((3,)), "roll 3"),
    ],
)
def test_actions_are_written_in_the_notation_and_read_back(action: g.Action, text: str) -> None:
    assert g.action_to_text(action) == text
    assert g.action_from_text(text) == action
    assert g.action_from_text(f"  {text} ") == action


def test_the_notation_reads_faces_in_any_order() -> None:
    assert g.action_from_text("keep 4 6 4") == g.action_from_text("keep 464") == Throw((6, 4, 4))
    assert g.action_from_text("roll 1 2 3 4 5") == Roll((5, 4, 3, 2, 1))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "a Generala action is 'throw', 'keep 5 4', 'fill full' or 'roll 4 4 1', not ''"),
        ("keep", "a Generala action is"),
        ("throw 6", "a Generala action is"),
        ("stop", "a Generala action is"),
        ("fill", "a Generala action is"),
        ("keep 6 6 6 6 6", "a throw keeps at most four dice, not 6 6 6 6 6"),
        ("keep 7", "dice faces are whole numbers 1 to 6"),
        ("keep six", "dice faces are written 4 2 1"),
        ("fill chance", "unknown box 'chance'; the boxes are 1, 2, 3, 4, 5, 6, straight, full, four, general"),
        ("roll", "a throw's outcome is written 'roll 4 2 1'"),
    ],
)
def test_text_that_is_not_an_action_is_refused_with_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        g.action_from_text(text)


def a_game_in_round_three() -> list[g.Action]:
    """Two players: seat 0 starts (14 against 18); in round 3 it keeps two 6s at its second throw."""
    turns = [((6, 4, 3, 2, 2), "3"), ((2, 2, 2, 6, 5), "2"), ((6, 6, 4, 2, 1), "straight"), ((6, 6, 5, 5, 1), "4")]
    actions: list[g.Action] = [Throw(), Roll((5, 3, 3, 2, 1)), Throw(), Roll((6, 5, 3, 2, 2))]
    for faces, box in turns:
        actions += [Throw(), Roll(faces), Fill(box)]
    return [*actions, Throw(), Roll((6, 6, 4, 2, 1)), Throw((6, 6)), Roll((5, 4, 1))]


HEAD = "generala players={players} big_general_open_box=false circular_straights=false five_as_four=true five_as_full=false"
"""How a position text opens, with the default options."""
ROUND_THREE = (
    HEAD.format(players=2) + " play r3 s0 t2 dice 66/541 start 0:53321,1:65322 first 0 big - "
    "sheets -,-,3,-,-,-,0,-,-,-/-,6,-,0,-,-,-,-,-,-"
)


def test_a_position_is_written_on_one_line_and_read_back_equal() -> None:
    states = [g.start({"players": 2})]
    for action in a_game_in_round_three():
        states.append(g.apply(states[-1], action))
    assert g.state_to_text(states[-1]) == ROUND_THREE
    assert g.state_from_text(ROUND_THREE) == states[-1]
    texts = [g.state_to_text(state) for state in states]
    assert texts[0] == HEAD.format(players=2) + " start r1 s0 t0 dice - start 0:-,1:- first - big - sheets " + "/".join(
        [",".join("-" * 10)] * 2
    )
    assert texts[1].split()[10:13] == ["dice", "+5", "start"]  # five dice in the air
    assert texts[2].split()[8:14] == ["s1", "t0", "dice", "53321", "start", "0:53321,1:-"]
    assert texts[-2].split()[9:12] == ["t2", "dice", "66+3"]
    assert all(g.state_from_text(text) == state for text, state in zip(texts, states, strict=True))


def test_a_position_text_carries_the_options_roll_offs_and_a_big_general() -> None:
    options = {"players": 3, "big_general_open_box": True, "five_as_four": False, "five_as_full": True}
    state = g.start(options)
    for faces in [(6, 6, 5, 4, 1), (5, 5, 2, 1, 1), (5, 5, 2, 1, 1), (6, 5, 4, 2, 2)]:
        state = throw(state, (), faces)
    text = g.state_to_text(state)
    assert text.split()[:8] == [
        "generala", "players=3", "big_general_open_box=true", "circular_straights=false", "five_as_four=false",
        "five_as_full=true", "start", "r1",
    ]  # fmt: skip
    assert "start 0:66541,1:55211,2:55211/1:65422,2:-" in text
    assert g.state_from_text(text) == state
    state = throw(throw(state, (), (6, 6, 6, 5, 1)), (), (2, 2, 2, 2, 2))
    assert " big 1 " in g.state_to_text(state) and g.state_from_text(g.state_to_text(state)) == state
    plain = g.start({"players": 1, "five_as_four": False})
    assert g.state_to_text(plain).startswith(
        "generala players=1 big_general_open_box=false circular_straights=false five_as_four=false five_as_full=false play"
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ((0, "chess"), "a generala position opens with 'generala', not 'chess'"),
        ((10, "faces"), "after the options come the phase, round, seat, throw"),
        ((1, "players=0"), "generala is for 1 or more players, not 0"),
        ((1, "players=3"), "2 score sheets for 3 players"),
        ((2, "jokers=true"), "'jokers=true' is not one of the generala options, given once each"),
        ((2, "five_as_four=false"), "'five_as_four=true' is not one of the generala options, given once each"),
        ((2, "big_general_open_box=maybe"), "generala option big_general_open_box cannot be 'maybe'"),
        ((6, "middle"), "unknown phase 'middle'"),
        ((7, "3"), "the round is written r<number>, not '3'"),
        ((7, "r0"), "the round is 1 to 10"),
        ((8, "s2"), "must be seats of the game"),
        ((8, "s-1"), "the seat to move must be a number, not '-1'"),
        ((9, "t4"), "the throw 0 to 3"),
        ((11, "66/547"), "dice are written as digits 1 to 6"),
        ((11, "66+2"), "2 dice on the table, 2 of them kept and 2 in the air"),
        ((11, "6/5"), "2 dice on the table, 1 of them kept and 0 in the air"),
        ((11, "66+x"), "the dice in the air must be a number"),
        ((13, "0:5332,1:65322"), "a start throw is a seat of the game and five dice"),
        ((13, "0-53321"), "a start throw is written seat:dice"),
        ((15, "-"), "the first seat is known once the start throws are over"),
        ((15, "x"), "the first seat must be a number"),
        ((17, "2"), "must be seats of the game"),
        ((19, "-,-,3/-,6"), "a score sheet has 10 boxes joined by ','"),
        ((19, "-,-,3,-,-,-,0,-,-,-/-,6,-,0,-,-,-,-,-,x"), "a score must be a number, not 'x'"),
    ],
)
def test_text_that_is_not_a_position_is_refused_with_a_reason(change: tuple[int, str], message: str) -> None:
    words = ROUND_THREE.split()
    words[change[0]] = change[1]
    with pytest.raises(ValueError, match=r"^not a Generala position \(") as error:
        g.state_from_text(" ".join(words))
    assert message in str(error.value)


def test_doctests_hold() -> None:
    assert doctest.testmod(g).failed == 0


# --- Saves of format 1 ---------------------------------------------------------------------------------


def format_1(name: str) -> dict:
    return json.loads((FORMAT_1 / name).read_text(encoding="utf-8"))


def test_a_format_1_record_becomes_throws_by_face_and_the_rolls_its_seed_drew() -> None:
    data = format_1("generala.json")
    upgraded = g.upgrade_actions(data["options"], data["seed"], data["actions"])
    assert [len(group) for group in upgraded] == [2, 2, 2, 2, 2, 1, 2, 1, 2, 2, 2, 1, 2, 2, 1, 2, 2]
    assert upgraded[:6] == [
        [{"throw": []}, {"roll": [5, 3, 3, 2, 1]}],  # the start throws: 14 against 18, seat 0 starts
        [{"throw": []}, {"roll": [6, 5, 3, 2, 2]}],
        [{"throw": []}, {"roll": [5, 4, 3, 3, 2]}],
        [{"throw": [3, 2]}, {"roll": [6, 3, 1]}],  # the dice at places 0 and 1 showed 3 and 2
        [{"throw": [6, 3, 2]}, {"roll": [6, 1]}],
        [{"fill": "3"}],
    ]
    match = Match.from_json(data)
    assert [g.action_to_json(a) for a in match.actions] == [action for group in upgraded for action in group]
    assert g.state_to_text(match.state) == (
        HEAD.format(players=2) + " play r3 s0 t2 dice 65531 start 0:53321,1:65322 first 0 big - "
        "sheets -,-,3,-,-,-,0,-,-,-/-,6,-,0,-,-,-,-,-,-"
    )
    # Format 1 went on with {"throw": [0, 1]}: the 6 and the 5 at places 0 and 1, then three dice of the same generator.
    old = format_1("next.json")["generala"]
    assert old["action"] == {"throw": [0, 1]} and old["state"]["dice"][:2] == [6, 5]
    assert match.dice[match.cursor] == Dice(data["seed"], old["state"]["rng"]["draws"] - 3)
    after = match.play(Throw((6, 5))).settled()
    assert after.state.dice[:2] == (6, 5) and sorted(after.state.dice[2:]) == sorted(old["state"]["dice"][2:])
    assert after.dice[after.cursor] == Dice.from_json(old["state"]["rng"])


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        ([{"throw": [0]}], "a format-1 throw keeps distinct places of the dice on the table, not [0]"),
        ([{"throw": []}, {"throw": [1, 1]}], "distinct places"),
        ([{"throw": []}, {"throw": [5]}], "distinct places"),
        ([{"throw": []}, {"throw": ["0"]}], "distinct places"),
        ([{"throw": []}, {"throw": [0, 1, 2, 3, 4]}], "a throw keeps at most four dice"),
        ([{"throw": []}, {"fill": "1"}, {"throw": [0]}], "the first throw of a turn throws all five dice"),
        ([{"throw": []}] * 4, "no throw left"),
        ([{"fill": "1"}], "throw the dice before filling a box"),
        ([{"throw": []}, {"roll": [6]}], "a format-1 action is a throw or a fill"),
        ([{"stop": True}], "not a Generala action"),
        ([{"throw": []}] * 171, "171 actions: more than a Generala game can have"),
    ],
)
def test_a_format_1_record_that_does_not_replay_is_refused(actions: list, message: str) -> None:
    with pytest.raises(ValueError, match=None) as error:
        g.upgrade_actions({"players": 1}, 2, actions)
    assert message in str(error.value)


# --- Random games --------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(1, 4), st.integers(0, 2**32), st.booleans())
def test_random_legal_games_end_and_every_state_round_trips(seed: int, players: int, choices: int, option: bool) -> None:
    options = {"players": players, "big_general_open_box": option}
    state = g.start(options)
    rnd = random.Random(choices)
    actions = []
    while g.to_move(state) is not None:
        assert g.state_from_json(json.loads(json.dumps(g.state_to_json(state)))) == state
        assert g.state_from_text(g.state_to_text(state)) == state
        if g.to_move(state) is CHANCE:  # the dice come up with their odds
            outcomes = g.chance_outcomes(state)
            action: g.Action = rnd.choices([roll for roll, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            action = rnd.choice(g.legal_actions(state))
        assert g.action_from_json(json.loads(json.dumps(g.action_to_json(action)))) == action
        assert g.action_from_text(g.action_to_text(action)) == action
        actions.append(action)
        state = g.apply(state, action)
    assert g.state_from_json(json.loads(json.dumps(g.state_to_json(state)))) == state
    assert g.state_from_text(g.state_to_text(state)) == state
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
    assert len(actions) <= g.max_actions(options)
    match = Match.new(g, options, seed).play_all(actions)
    again = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert again.state == state and again.actions == tuple(actions)
