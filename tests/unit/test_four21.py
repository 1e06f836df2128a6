"""421: every rule of its rules page as the rules engine plays it, with the dice each test states."""

from __future__ import annotations

import doctest
import json
import random
import re
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
from etoile.games.four21 import rules as g
from etoile.games.four21.rules import Options, RollOff, Stop, Throw, Turn
from etoile.games.four21.table import hand_name
from etoile.ui.i18n import catalog

RANKING = (
    421, 111, 611, 666, 511, 555, 411, 444, 311, 333, 211, 222, 654, 543, 432, 321,
    665, 664, 663, 662, 661, 655, 653, 652, 651, 644, 643, 642, 641, 633, 632, 631, 622, 621,
    554, 553, 552, 551, 544, 542, 541, 533, 532, 531, 522, 521, 443, 442, 441, 433, 431, 422, 332, 331, 322, 221,
)  # fmt: skip

FORMAT1 = Path(__file__).parent.parent / "data" / "format1" / "421.json"


def exactly(message: str) -> str:
    """A ``pytest.raises`` pattern matching ``message`` and nothing else."""
    return f"^{re.escape(message)}$"


def dice(text: str) -> tuple[int, ...]:
    """The faces written ``text`` (``"421"``), in that order; ``""`` is no dice."""
    return tuple(int(c) for c in text)


def begin(players: int, leader: int = 0, phase: str = "charge", options: dict | None = None, **changes) -> g.State:
    """A state at the start of a turn, the who-starts throws done, ``leader`` to throw first."""
    state = g.start({"players": players, **(options or {})})
    opening = replace(state.opening, decided=leader)
    return replace(state, phase=phase, seat=leader, leader=leader, opening=opening, **changes)


def throw(state: g.State, roll: str, keep: str = "") -> g.State:
    """The seat to move sets aside dice showing ``keep`` and throws the others, which come down showing ``roll``."""
    return g.apply(g.apply(state, Throw(dice(keep))), Roll(dice(roll)))


def everyone_throws_once(state: g.State, *hands: str) -> g.State:
    """Each player in turn throws once, the dice showing the next of ``hands``, and stops."""
    for faces in hands:
        state = g.apply(throw(state, faces), Stop())
    return state


def rolls_off(state: g.State, *rolls: str) -> g.State:
    """The seats of the roll-off under way throw in turn, the dice showing the next of ``rolls``."""
    for faces in rolls:
        assert state.rolloff is not None
        state = throw(state, faces)
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
    state = g.start({})
    assert state.options == Options(players=2, pot=11, throw_limit="at_most", next_leader="taker", play_to_loser=False)
    assert (state.pot, state.held, state.took, state.out) == (11, (0, 0), (False, False), ())
    assert state.options.to_json() == {
        "players": 2,
        "pot": 11,
        "throw_limit": "at_most",
        "next_leader": "taker",
        "play_to_loser": False,
    }


def test_a_seed_changes_nothing_in_the_first_state() -> None:
    assert g.start({"players": 3}, 421) == g.start({"players": 3}, 0) == g.start({"players": 3})


@pytest.mark.parametrize(("players", "pot"), [(2, 11), (8, 21), (5, 21)])
def test_2_to_8_players_and_a_pot_of_11_or_21(players: int, pot: int) -> None:
    state = g.start({"players": players, "pot": pot})
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
        g.start(options)


# ----------------------------------------------------------------------------- chance


def test_a_throw_leaves_the_dice_to_chance_until_a_roll_lands_them() -> None:
    state = throw(begin(2), "421")
    assert (g.to_move(state), g.chance_outcomes(state), state.rolling) == (0, (), 0)
    state = g.apply(state, Throw((4, 1)))
    assert (g.to_move(state), state.dice, state.kept, state.rolling, state.throws) == (CHANCE, (4, 1), (4, 1), 1, 2)
    assert g.throws_left(state) == 0 and g.forced(state) is None
    state = g.apply(state, Roll((3,)))
    assert (g.to_move(state), state.dice, state.kept, state.rolling, state.throws) == (0, (4, 1, 3), (4, 1), 0, 2)


@pytest.mark.parametrize(("keep", "count"), [("42", 6), ("4", 21), ("", 56)])
def test_the_chance_outcomes_of_one_two_and_three_dice_sum_to_one(keep: str, count: int) -> None:
    state = g.apply(throw(begin(2), "421"), Throw(dice(keep)))
    outcomes = g.chance_outcomes(state)
    assert len(outcomes) == count and sum(p for _, p in outcomes) == 1
    assert all(type(p) is Fraction and p > 0 for _, p in outcomes)
    assert g.legal_actions(state) == [roll for roll, _ in outcomes]
    assert len({roll for roll, _ in outcomes}) == count
    assert all(len(roll.faces) == 3 - len(keep) for roll, _ in outcomes)


def test_the_exact_odds_of_the_dice() -> None:
    one = g.chance_outcomes(g.apply(g.start({}), Throw()))  # who starts: one die each
    assert tuple(one) == tuple((Roll((face,)), Fraction(1, 6)) for face in (6, 5, 4, 3, 2, 1))
    two = dict(g.chance_outcomes(g.apply(throw(begin(2), "421"), Throw((4,)))))
    assert (two[Roll((6, 6))], two[Roll((2, 1))], two[Roll((1, 1))]) == (Fraction(1, 36), Fraction(1, 18), Fraction(1, 36))
    listed = g.chance_outcomes(g.apply(begin(2), Throw()))
    three = dict(listed)
    assert (three[Roll((6, 6, 6))], three[Roll((4, 2, 1))], three[Roll((6, 6, 1))]) == (
        Fraction(1, 216),
        Fraction(1, 36),
        Fraction(1, 72),
    )
    assert (listed[0][0], listed[-1][0]) == (Roll((6, 6, 6)), Roll((1, 1, 1)))  # highest faces first


def test_a_roll_off_throw_is_three_dice_and_a_who_starts_throw_one() -> None:
    rolling = everyone_throws_once(begin(3), "421", "432", "432")
    assert len(g.chance_outcomes(g.apply(rolling, Throw()))) == 56
    assert len(g.chance_outcomes(g.apply(g.start({"players": 3}), Throw()))) == 6


@pytest.mark.parametrize("action", [Throw(), Throw((4,)), Stop(), Roll((3,)), Roll((3, 3, 3))])
def test_while_dice_are_in_the_air_only_their_roll_can_come_next(action: g.Action) -> None:
    state = g.apply(throw(begin(2), "442"), Throw((4,)))
    with pytest.raises(IllegalAction, match=exactly("2 dice are in the air: only a roll of 2 dice can come next")):
        g.apply(state, action)


# ----------------------------------------------------------------------------- who starts


def test_who_starts_one_die_each_tied_highest_throw_again_and_1_beats_every_other_face() -> None:
    state = g.start({"players": 3})
    assert g.legal_actions(state) == [Throw()] and g.throws_left(state) == 1
    state = rolls_off(state, "5", "5", "4")
    # 5, 5, 4: seats 0 and 1 tie for the highest and throw again, seat 0 first.
    assert state.phase == "start" and state.seat == 0
    assert state.opening == RollOff("start", (0, 1), (((0, (5,)), (1, (5,)), (2, (4,))), ()))
    state = rolls_off(state, "1", "2")
    # 1 against 2: the 1 wins; seat 0 leads the first turn of the charge.
    assert state.opening.rounds[1] == ((0, (1,)), (1, (2,)))
    assert (state.opening.decided, state.phase, state.leader, state.seat, state.throws) == (0, "charge", 0, 0, 0)


@pytest.mark.parametrize(
    ("faces", "leader"), [(("6", "1"), 1), (("2", "3"), 1), (("1", "6"), 0), (("6", "5"), 0), (("4", "5"), 1)]
)
def test_the_start_order_is_1_6_5_4_3_2(faces: tuple[str, str], leader: int) -> None:
    state = rolls_off(g.start({"players": 2}), *faces)
    assert tuple(thrown for _, thrown in state.opening.rounds[0]) == tuple(map(dice, faces))
    assert (state.leader, state.seat, state.phase) == (leader, leader, "charge")


def test_play_goes_clockwise_from_the_leader() -> None:
    state = begin(4, leader=2)
    seats = []
    for hand in ("653", "652", "544", "654"):
        seats.append(state.seat)
        state = everyone_throws_once(state, hand)
    assert seats == [2, 3, 0, 1]


# ----------------------------------------------------------------------------- a turn


def test_the_leader_throws_up_to_three_times_setting_aside_any_dice_and_taking_them_back() -> None:
    state = throw(begin(2), "442")
    assert (state.dice, state.kept, state.throws, g.throws_left(state)) == ((4, 4, 2), (), 1, 2)
    state = throw(state, "3", keep="44")  # keep both 4s, throw the 2
    assert (state.dice, state.kept, state.throws, g.throws_left(state)) == ((4, 4, 3), (4, 4), 2, 1)
    state = throw(state, "53", keep="3")  # take the 4s back: keep the 3, throw the others
    assert (state.dice, state.kept, state.throws, g.throws_left(state)) == ((3, 5, 3), (3,), 3, 0)
    assert g.legal_actions(state) == [Stop()] and g.forced(state) == Stop()
    with pytest.raises(IllegalAction, match=exactly("the leader has already used the 3 throws allowed this turn: stop")):
        g.apply(state, Throw())
    state = g.apply(state, Stop())
    assert (state.limit, state.seat, state.hands, state.throws, state.dice) == (3, 1, ((5, 3, 3), ()), 0, ())


def test_the_legal_keeps_are_each_multiset_of_faces_once_keeping_nothing_first() -> None:
    assert g.keeps((4, 4, 1)) == ((), (4,), (1,), (4, 4), (4, 1))
    assert g.keeps((2, 2, 2)) == ((), (2,), (2, 2))
    assert g.keeps((6, 5, 4)) == ((), (6,), (5,), (4,), (6, 5), (6, 4), (5, 4))
    state = throw(begin(2), "441")
    assert g.legal_actions(state) == [Throw(()), Throw((4,)), Throw((1,)), Throw((4, 4)), Throw((4, 1)), Stop()]


def test_a_throw_keeps_faces_in_any_order_stored_highest_first() -> None:
    assert Throw((1, 4)) == Throw((4, 1)) and Throw((1, 4)).keep == (4, 1)
    state = throw(throw(begin(2), "421"), "6", keep="14")
    assert (state.dice, state.kept) == ((4, 1, 6), (4, 1))


def test_at_most_the_others_may_stop_before_the_leaders_number_of_throws() -> None:
    state = throw(everyone_throws_once(throw(begin(2), "442"), "533"), "331")
    assert (state.limit, state.seat, state.throws, g.max_throws(state), g.throws_left(state)) == (2, 1, 1, 2, 1)
    assert g.legal_actions(state) == [Throw(k) for k in ((), (3,), (1,), (3, 3), (3, 1))] + [Stop()]
    state = throw(state, "55", keep="1")
    assert state.dice == (1, 5, 5) and g.legal_actions(state) == [Stop()]
    with pytest.raises(IllegalAction, match=exactly("seat 1 has already used the 2 throws allowed this turn: stop")):
        g.apply(state, Throw())


def test_exactly_the_others_use_the_leaders_number_of_throws_each_rethrowing_a_die() -> None:
    state = throw(everyone_throws_once(throw(begin(2, options={"throw_limit": "exactly"}), "442"), "533"), "331")
    assert g.legal_actions(state) == [Throw(k) for k in ((), (3,), (1,), (3, 3), (3, 1))]
    assert all(len(action.keep) <= 2 for action in g.legal_actions(state))
    with pytest.raises(IllegalAction, match=exactly("with the 'exactly' throw limit, seat 1 must throw 2 times, not 1")):
        g.apply(state, Stop())
    with pytest.raises(IllegalAction, match=exactly("a throw throws at least one die: keep at most two")):
        g.apply(state, Throw((3, 3, 1)))
    state = throw(state, "5", keep="31")
    assert state.dice == (3, 1, 5) and g.legal_actions(state) == [Stop()]


def test_a_leader_who_stops_after_one_throw_limits_the_others_to_one() -> None:
    state = throw(everyone_throws_once(begin(3), "543"), "421")
    assert state.limit == 1 and g.legal_actions(state) == [Stop()] and g.forced(state) == Stop()


def test_the_throws_left_and_allowed() -> None:
    state = begin(3)
    assert (g.max_throws(state), g.throws_left(state), g.forced(state)) == (3, 3, None)
    state = throw(state, "542")
    assert (g.max_throws(state), g.throws_left(state)) == (3, 2)
    state = throw(g.apply(throw(state, "1", keep="54"), Stop()), "631")  # the leader stopped after 2 throws
    assert (state.seat, g.max_throws(state), g.throws_left(state), g.forced(state)) == (1, 2, 1, None)


@pytest.mark.parametrize(
    ("thrown", "action", "message"),
    [
        ("", Stop(), "cannot stop before the first throw"),
        ("", Throw((1,)), "cannot keep dice before the first throw of the turn"),
        ("542", Throw((5, 5)), "cannot keep 5 5: the dice on the table are 5 4 2"),
        ("442", Throw((1,)), "cannot keep 1: the dice on the table are 4 4 2"),
        ("442", Throw((2, 2)), "cannot keep 2 2: the dice on the table are 4 4 2"),
        ("442", Throw((7,)), "cannot keep 7: the dice on the table are 4 4 2"),
        ("442", Throw((4, 4, 2)), "a throw throws at least one die: keep at most two"),
        ("442", Roll((3,)), "not a 421 action now: Roll(faces=(3,))"),
        ("442", "roll", "not a 421 action now: 'roll'"),
    ],
)
def test_illegal_actions_are_refused_with_their_reason(thrown: str, action: object, message: str) -> None:
    state = throw(begin(2), thrown) if thrown else begin(2)
    with pytest.raises(IllegalAction, match=exactly(message)):
        g.apply(state, action)  # type: ignore[arg-type]


def test_who_starts_and_roll_off_throws_keep_nothing_and_cannot_stop() -> None:
    state = g.start({})
    with pytest.raises(IllegalAction, match=exactly("a who-starts throw keeps no dice")):
        g.apply(state, Throw((4,)))
    with pytest.raises(IllegalAction, match=exactly("no stopping in a who-starts or roll-off throw: throw")):
        g.apply(state, Stop())
    rolling = everyone_throws_once(begin(3), "421", "432", "432")
    assert rolling.rolloff is not None
    with pytest.raises(IllegalAction, match=exactly("a roll-off throw keeps no dice")):
        g.apply(rolling, Throw((4,)))
    with pytest.raises(IllegalAction, match=exactly("no stopping in a who-starts or roll-off throw: throw")):
        g.apply(rolling, Stop())
    assert g.legal_actions(rolling) == [Throw()] and g.throws_left(rolling) == 1


def test_nothing_is_legal_once_the_game_is_over() -> None:
    over = everyone_throws_once(begin(3, pot=2, held=(0, 9, 0), took=(False, True, False)), "631", "431", "611")
    assert over.phase == "over" and g.to_move(over) is None and g.legal_actions(over) == []
    assert (g.chance_outcomes(over), g.throws_left(over), g.forced(over)) == ((), 0, None)
    with pytest.raises(IllegalAction, match=exactly("the game is over")):
        g.apply(over, Throw())


# ----------------------------------------------------------------------------- the charge


def test_the_worst_hand_takes_from_the_pot_what_the_best_hand_is_worth_and_leads_next() -> None:
    state = everyone_throws_once(begin(3), "621", "643", "441")
    assert state.turns == (
        Turn("charge", 0, 1, (dice("621"), dice("643"), dice("441")), 1, dice("643"), 2, dice("441"), 1, 1, True, (), ()),
    )
    assert (state.pot, state.held, state.took) == (10, (0, 0, 1), (False, False, True))
    assert (state.leader, state.seat, state.limit, state.hands) == (2, 2, None, ((), (), ()))


def test_next_leader_option_clockwise() -> None:
    state = everyone_throws_once(begin(3, options={"next_leader": "clockwise"}), "621", "643", "441")
    assert state.turns[0].worst == 2
    assert (state.leader, state.seat) == (1, 1)


def test_tied_worst_hands_throw_again_and_the_best_hand_of_the_turn_sets_the_amount() -> None:
    state = everyone_throws_once(begin(3), "421", "432", "432")
    # 421 for seat 0; 432 for seats 1 and 2: they throw once more each.
    assert state.hands == (dice("421"), dice("432"), dice("432"))
    assert state.rolloff == RollOff("worst", (1, 2))
    assert state.seat == 1
    state = rolls_off(state, "652", "554")
    # 652 against 554: seat 2 is the worst and takes what 421 is worth, not what the roll-off hands are worth.
    assert state.turns[0].rolloffs == (RollOff("worst", (1, 2), (((1, dice("652")), (2, dice("554"))),), 2),)
    assert (state.turns[0].worst, state.turns[0].value, state.turns[0].amount) == (2, 10, 10)
    assert (state.pot, state.held, state.leader) == (1, (0, 0, 10), 2)


def test_a_tied_roll_off_is_thrown_again_by_the_tied_seats() -> None:
    state = rolls_off(everyone_throws_once(begin(3), "421", "432", "432"), "652", "652")
    assert state.rolloff == RollOff("worst", (1, 2), (((1, dice("652")), (2, dice("652"))), ()))
    assert state.seat == 1
    state = rolls_off(state, "554", "652")
    assert state.turns[0].rolloffs[0].decided == 1 and state.turns[0].worst == 1
    assert (state.held, state.leader, state.seat) == ((0, 10, 0), 1, 1)


def test_a_pot_holding_fewer_tokens_than_the_hand_is_worth_gives_what_is_left_and_clean_players_win() -> None:
    state = everyone_throws_once(begin(3, pot=2, held=(0, 9, 0), took=(False, True, False)), "631", "431", "611")
    turn = state.turns[-1]
    assert (turn.best_hand, turn.worst, turn.value, turn.amount, turn.out) == (dice("611"), 1, 6, 2, (0, 2))
    assert (state.pot, state.held, state.phase, state.out) == (0, (0, 11, 0), "over", ((0, 2),))
    assert g.result(state) == Outcome(((0, 2), (1,)))


def test_play_to_the_loser_clean_players_drop_out_and_the_others_play_the_decharge() -> None:
    start = begin(3, pot=2, held=(0, 5, 4), took=(False, True, True), options={"play_to_loser": True})
    state = everyone_throws_once(start, "631", "431", "611")
    assert (state.phase, state.out, state.active, state.held) == ("decharge", ((0,),), (1, 2), (0, 7, 4))
    assert g.result(state) is None
    assert (state.leader, state.seat) == (1, 1)  # the taker leads, among the players left


def test_with_play_to_the_loser_a_lone_player_left_loses_at_once() -> None:
    start = begin(3, pot=2, held=(0, 9, 0), took=(False, True, False), options={"play_to_loser": True})
    state = everyone_throws_once(start, "631", "431", "611")
    assert state.phase == "over" and g.result(state) == Outcome(((0, 2), (1,)))


def test_when_everyone_took_tokens_the_decharge_starts_and_nobody_has_won() -> None:
    state = everyone_throws_once(begin(2, pot=1, held=(4, 6), took=(True, True)), "221", "521")
    assert state.turns[-1].worst_hand == dice("221")
    assert (state.phase, state.pot, state.held, state.out, g.result(state)) == ("decharge", 0, (5, 6), (), None)
    assert (state.leader, state.seat) == (0, 0)


# ----------------------------------------------------------------------------- the décharge


def test_in_the_decharge_tied_best_hands_throw_again_and_the_winner_gives_to_the_worst() -> None:
    state = everyone_throws_once(begin(3, phase="decharge", pot=0, held=(4, 4, 3), took=(True,) * 3), "662", "662", "631")
    assert state.hands == (dice("662"), dice("662"), dice("631"))
    assert state.rolloff == RollOff("best", (0, 1))
    state = rolls_off(state, "632", "222")
    turn = state.turns[-1]
    # 632 against 222: seat 1 gives what 662 is worth (1) to seat 2.
    assert turn.rolloffs == (RollOff("best", (0, 1), (((0, dice("632")), (1, dice("222"))),), 1),)
    assert (turn.best, turn.worst, turn.value, turn.amount, turn.from_pot) == (1, 2, 1, 1, False)
    assert (state.held, state.leader) == ((4, 3, 4), 2)


def test_the_best_hand_gives_all_it_has_if_fewer_and_wins_on_zero_tokens() -> None:
    state = everyone_throws_once(begin(3, phase="decharge", pot=0, held=(1, 6, 4), took=(True,) * 3), "444", "621", "531")
    turn = state.turns[-1]
    assert (turn.best_hand, turn.value, turn.amount, turn.worst, turn.out) == (dice("444"), 4, 1, 2, (0,))
    assert (state.phase, state.held, state.seat) == ("over", (0, 6, 5), None)
    assert g.result(state) == Outcome(((0,), (2,), (1,)))  # the others by the tokens they hold, fewest first


def test_the_players_who_did_not_win_are_ranked_by_their_tokens_and_equal_counts_share_a_place() -> None:
    state = replace(g.start({"players": 5}), phase="over", seat=None, pot=0, held=(8, 0, 3, 8, 2), out=((1,),))
    assert g.result(state) == Outcome(((1,), (4,), (2,), (0, 3)))
    charged = replace(state, held=(0, 9, 0, 2, 0), out=((0, 2, 4),))  # the load ends with three clean players
    assert g.result(charged) == Outcome(((0, 2, 4), (3,), (1,)))


def test_play_to_the_loser_goes_on_until_one_player_holds_every_token() -> None:
    options = {"play_to_loser": True}
    start = begin(3, phase="decharge", pot=0, held=(1, 6, 4), took=(True,) * 3, options=options)
    state = everyone_throws_once(start, "444", "621", "531")
    assert (state.phase, state.out, state.active, state.held, state.leader) == ("decharge", ((0,),), (1, 2), (0, 6, 5), 2)
    state = everyone_throws_once(state, "444", "621")  # seat 2 leads, then seat 1
    assert (state.turns[-1].best, state.turns[-1].worst, state.turns[-1].amount, state.held) == (2, 1, 4, (0, 10, 1))
    state = everyone_throws_once(state, "531", "411")  # seat 1 leads, then seat 2
    # Seat 2 gives its last token: it drops out, and seat 1, alone with all 11 tokens, has lost.
    assert (state.turns[-1].best, state.turns[-1].amount, state.turns[-1].out) == (2, 1, (2,))
    assert (state.phase, state.held, state.out) == ("over", (0, 11, 0), ((0,), (2,)))
    assert g.result(state) == Outcome(((0,), (2,), (1,)))


# ----------------------------------------------------------------------------- JSON


def test_the_json_forms_of_actions() -> None:
    actions = (Throw(), Throw((1, 4)), Stop(), Roll((1, 2, 4)), Roll((6,)))
    assert [g.action_to_json(a) for a in actions] == [
        {"throw": []},
        {"throw": [4, 1]},
        "stop",
        {"roll": [4, 2, 1]},
        {"roll": [6]},
    ]
    assert [g.action_from_json(g.action_to_json(a)) for a in actions] == list(actions)
    assert g.action_from_json({"throw": [1, 4]}) == Throw((4, 1))
    assert g.action_from_json({"roll": [1, 4, 2]}) == Roll((4, 2, 1))


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("Stop", "not a 421 action: 'Stop'"),
        ({"throw": "4"}, "not a 421 action: {'throw': '4'}"),
        ({"throw": [4], "stop": True}, "not a 421 action: {'throw': [4], 'stop': True}"),
        ({"throw": [4, 4, 4]}, "not a 421 action: {'throw': [4, 4, 4]}"),
        (None, "not a 421 action: None"),
        ({"throw": [0]}, "dice faces are whole numbers 1 to 6, not 0"),
        ({"throw": [True]}, "dice faces are whole numbers 1 to 6, not True"),
        ({"roll": []}, "not a roll of the dice: {'roll': []}"),
        ({"roll": [7]}, "dice faces are whole numbers 1 to 6, not 7"),
    ],
)
def test_bad_json_actions_are_refused(bad: object, message: str) -> None:
    with pytest.raises(ValueError, match=exactly(message)):
        g.action_from_json(bad)


def test_the_json_form_of_a_state() -> None:
    state = rolls_off(everyone_throws_once(begin(3), "421", "432", "432"), "652", "554")
    played = throw(throw(state, "551"), "41", keep="5")
    data = g.state_to_json(played)
    assert data["turns"][0]["rolloffs"] == [
        {
            "kind": "worst",
            "seats": [1, 2],
            "rounds": [[{"seat": 1, "dice": [6, 5, 2]}, {"seat": 2, "dice": [5, 5, 4]}]],
            "decided": 2,
        }
    ]
    fields = ("phase", "seat", "throws", "dice", "kept", "rolling", "leader", "limit", "pot", "held", "took", "out")
    assert {k: data[k] for k in fields} == {
        "phase": "charge",
        "seat": 2,
        "throws": 2,
        "dice": [5, 4, 1],
        "kept": [5],
        "rolling": 0,
        "leader": 2,
        "limit": None,
        "pot": 1,
        "held": [0, 0, 10],
        "took": [False, False, True],
        "out": [],
    }
    assert "rng" not in data
    assert g.state_from_json(json.loads(json.dumps(data))) == played
    in_the_air = g.apply(played, Throw((5, 4)))
    assert {k: g.state_to_json(in_the_air)[k] for k in ("dice", "kept", "rolling")} == {
        "dice": [5, 4],
        "kept": [5, 4],
        "rolling": 1,
    }
    assert g.state_from_json(json.loads(json.dumps(g.state_to_json(in_the_air)))) == in_the_air


def test_a_state_that_does_not_add_up_is_refused() -> None:
    data = g.state_to_json(begin(2))
    with pytest.raises(ValueError, match=exactly("not a 421 state: the tokens do not add up to the pot")):
        g.state_from_json(data | {"pot": 10})
    with pytest.raises(ValueError, match=exactly("not a 421 state: bad dice")):
        g.state_from_json(data | {"dice": [4, 2, 1], "kept": [1]})
    with pytest.raises(ValueError, match=exactly("not a 421 state: bad dice")):
        g.state_from_json(data | {"rolling": 4})
    with pytest.raises(ValueError, match=exactly("not a 421 state: KeyError('options')")):
        g.state_from_json({"phase": "charge"})


# ----------------------------------------------------------------------------- the notation


@pytest.mark.parametrize(
    ("action", "text"),
    [(Throw(), "throw"), (Throw((1, 4)), "keep 4 1"), (Throw((6, 6)), "keep 6 6"), (Throw((3,)), "keep 3"), (Stop(), "stop"),
     (Roll((1, 2, 4)), "roll 4 2 1"), (Roll((5, 5)), "roll 5 5"), (Roll((6,)), "roll 6")],
)  # fmt: skip
def test_the_action_notation(action: g.Action, text: str) -> None:
    assert g.action_to_text(action) == text
    assert g.action_from_text(text) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [("keep 1 4", Throw((4, 1))), ("keep 14", Throw((4, 1))), ("  stop ", Stop()), ("throw", Throw()),
     ("roll 1 2 4", Roll((4, 2, 1))), ("roll 421", Roll((4, 2, 1)))],
)  # fmt: skip
def test_the_notation_reads_faces_in_any_order_with_or_without_spaces(text: str, action: g.Action) -> None:
    assert g.action_from_text(text) == action


ANY_ACTION = "a 421 action is 'throw', 'keep 4 1', 'stop' or 'roll 4 2 1', not "


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("keep", ANY_ACTION + "'keep'"),
        ("keep 1 2 3", ANY_ACTION + "'keep 1 2 3'"),
        ("keep 123", ANY_ACTION + "'keep 123'"),
        ("keep 7", "dice faces are whole numbers 1 to 6, not 7"),
        ("keep x", "dice faces are written 4 2 1, not 'x'"),
        ("roll", "a throw's outcome is written 'roll 4 2 1', not 'roll'"),
        ("roll 0", "dice faces are whole numbers 1 to 6, not 0"),
        ("hop", ANY_ACTION + "'hop'"),
        ("throw 4", ANY_ACTION + "'throw 4'"),
        ("stop now", ANY_ACTION + "'stop now'"),
        ("", ANY_ACTION + "''"),
    ],
)
def test_bad_notation_is_refused_with_what_is_expected(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=exactly(message)):
        g.action_from_text(text)


def positions() -> dict[str, g.State]:
    """A few positions of every kind, reached by play with the dice stated."""
    tied_start = rolls_off(g.start({"players": 3}), "5", "5", "4")
    led = rolls_off(g.start({"players": 2}), "1", "3")
    worst_rolloff = everyone_throws_once(begin(3), "421", "432", "432")
    last_tokens = everyone_throws_once(begin(3, pot=2, held=(0, 9, 0), took=(False, True, False)), "421", "432", "432")
    decharge = begin(3, phase="decharge", pot=0, held=(4, 4, 3), took=(True,) * 3)
    big = {"pot": 21, "throw_limit": "exactly", "next_leader": "clockwise", "play_to_loser": True}
    return {
        "start": g.start({"players": 3}),
        "who starts, tied, a die in the air": g.apply(tied_start, Throw()),
        "a leader's dice in the air": g.apply(throw(led, "442"), Throw((4, 4))),
        "a leader's dice on the table": throw(throw(led, "442"), "1", keep="44"),
        "a roll-off under way": rolls_off(worst_rolloff, "652"),
        "a roll-off's dice in the air": g.apply(rolls_off(worst_rolloff, "652"), Throw()),
        "after a turn": rolls_off(worst_rolloff, "652", "554"),
        "a finished game": rolls_off(last_tokens, "652", "554"),
        "eight players, every option changed": throw(begin(8, leader=5, options=big), "665"),
        "a décharge roll-off": everyone_throws_once(decharge, "662", "662", "631"),
    }


@pytest.mark.parametrize("name", list(positions()))
def test_a_position_reads_back_from_its_text(name: str) -> None:
    state = positions()[name]
    text = g.state_to_text(state)
    assert "\n" not in text and text.startswith("421 ")
    assert g.state_from_text(text) == state
    assert g.state_to_text(g.state_from_text(text)) == text


def test_the_text_of_a_finished_game() -> None:
    assert g.state_to_text(positions()["a finished game"]) == (
        "421 players=3 pot=11 throw_limit=at_most next_leader=taker play_to_loser=false over seat=- leader=0 limit=-"
        " dice=- kept=- throws=0 rolling=0 hands=-.-.- pot=0 held=0.9.2 took=0.1.1 out=0 opening=start:0.1.2::0"
        " rolloffs=- turns=charge/0/1/421.432.432/0/2/10/2/0/worst:1.2:1=652,2=554:2"
    )


def test_the_text_of_a_position_with_dice_in_the_air() -> None:
    assert g.state_to_text(positions()["a leader's dice in the air"]) == (
        "421 players=2 pot=11 throw_limit=at_most next_leader=taker play_to_loser=false charge seat=0 leader=0 limit=-"
        " dice=44 kept=44 throws=2 rolling=1 hands=-.- pot=11 held=0.0 took=0.0 out=- opening=start:0.1:0=1,1=3:0"
        " rolloffs=- turns=-"
    )


def test_a_text_that_is_not_a_position_is_refused() -> None:
    text = g.state_to_text(g.start({"players": 2}))
    truncated = text.rsplit(" ", 3)[0]
    order = (
        "seat=, leader=, limit=, dice=, kept=, throws=, rolling=, hands=, pot=, held=, took=, out=, opening=, rolloffs=, turns="
    )
    with pytest.raises(
        ValueError,
        match=exactly(f"not a 421 position (after the phase come {order}, once each and in that order): {truncated!r}"),
    ):
        g.state_from_text(truncated)
    other = "422" + text[3:]
    with pytest.raises(
        ValueError, match=exactly(f"not a 421 position (a 421 position opens with '421', not '422'): {other[:200]!r}")
    ):
        g.state_from_text(other)
    with pytest.raises(ValueError, match=exactly("not a 421 position (a 421 position opens with '421', not 'nothing'): ''")):
        g.state_from_text("")
    with pytest.raises(ValueError, match=exactly("not a 421 state: the tokens do not add up to the pot")):
        g.state_from_text(text.replace("held=0.0", "held=0.1"))
    with pytest.raises(ValueError, match=exactly("not a 421 state: bad phase or seats")):
        g.state_from_text(text.replace(" start ", " middle "))


# ----------------------------------------------------------------------------- saves of match format 1


def test_a_format_1_record_becomes_throws_and_their_rolls() -> None:
    data = json.loads(FORMAT1.read_text(encoding="utf-8"))
    upgraded = g.upgrade_actions(data["options"], data["seed"], data["actions"])
    assert len(upgraded) == len(data["actions"]) == 17 and sum(map(len, upgraded)) == 28
    kinds = [[next(iter(a)) if isinstance(a, dict) else a for a in new] for new in upgraded]
    assert kinds == [["stop"] if old == "stop" else ["throw", "roll"] for old in data["actions"]]
    assert upgraded[:4] == [
        [{"throw": []}, {"roll": [2]}],  # who starts: 2, 5, 2; seat 1 leads
        [{"throw": []}, {"roll": [5]}],
        [{"throw": []}, {"roll": [2]}],
        [{"throw": []}, {"roll": [2, 1, 1]}],  # seat 1 throws 211
    ]
    # Format 1 kept the dice at places 0 and 1 of 1 5 3: the 1 and the 5; the third die came down a 6.
    assert upgraded[-1] == [{"throw": [5, 1]}, {"roll": [6]}]
    state = g.start(data["options"])
    for raw in (a for group in upgraded for a in group):
        state = g.apply(state, g.action_from_json(raw))
    assert [turn.hands for turn in state.turns] == [
        (dice("433"), dice("211"), dice("431")),
        (dice("662"), dice("542"), dice("632")),
    ]
    assert (state.seat, state.dice, state.kept, state.throws, state.held) == (1, (5, 1, 6), (5, 1), 2, (0, 1, 2))


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        ([{"throw": []}, {"throw": []}, {"throw": []}, {"throw": []}, {"throw": [3]}],
         "a format-1 throw keeps places 0 to 2 of the dice on the table, not [3]"),
        ([{"throw": []}, {"throw": []}, {"throw": []}, {"throw": []}, {"throw": [0, 0]}],
         "a format-1 throw keeps places 0 to 2 of the dice on the table, not [0, 0]"),
        (["hop"], "not a format-1 421 action: 'hop'"),
    ],
)  # fmt: skip
def test_a_format_1_record_that_does_not_replay_is_refused(actions: list, message: str) -> None:
    data = json.loads(FORMAT1.read_text(encoding="utf-8"))
    with pytest.raises(ValueError, match=exactly(message)):
        g.upgrade_actions(data["options"], data["seed"], actions)


# ----------------------------------------------------------------------------- whole games


def simple_game(options: dict, seed: int) -> Match:
    """A whole game drawn by the match from ``seed``, where every player throws once and stops."""
    match = Match.new(g, options, seed).settled()
    while match.result is None:
        state = match.state
        action = Throw() if state.rolloff is not None or state.throws == 0 else Stop()
        match = match.play(action).settled()
    return match


def test_a_seeded_game_replays_exactly() -> None:
    match = simple_game({"players": 2}, 421)
    state = match.state
    assert (len(state.turns), state.held, state.took, g.result(state)) == SEEDED_421
    assert simple_game({"players": 2}, 421).state == state
    # The record holds what the dice showed: it replays without drawing anything.
    assert any(isinstance(action, Roll) for action in match.actions)
    assert Match.from_json(json.loads(json.dumps(match.to_json())), {"421": g}).state == state


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


def check_position(state: g.State, pot: int, checked: set[g.Action]) -> None:
    """The tokens add up, and the state and its legal actions read back from their JSON and their text.

    ``checked`` are the actions already read back in this game (the rolls of the same number of dice come up
    again and again): they are skipped.
    """
    assert state.pot + sum(state.held) == pot
    assert state.pot >= 0 and min(state.held) >= 0
    assert state.phase != "decharge" or state.pot == 0
    assert g.state_from_json(json.loads(json.dumps(g.state_to_json(state)))) == state
    assert g.state_from_text(g.state_to_text(state)) == state
    actions = g.legal_actions(state)
    if g.to_move(state) is CHANCE:
        outcomes = g.chance_outcomes(state)
        assert actions == [roll for roll, _ in outcomes] and sum(p for _, p in outcomes) == 1
    else:
        assert g.chance_outcomes(state) == ()
    for action in set(actions) - checked:
        assert g.action_from_text(g.action_to_text(action)) == action
        assert g.action_from_json(json.loads(json.dumps(g.action_to_json(action)))) == action
    checked.update(actions)


@settings(max_examples=30, deadline=None)  # each ply is read back from JSON and from text: about 5 s in all
@given(OPTIONS, st.integers(0, 2**64 - 1), st.integers(0, 2**32))
def test_random_legal_games_keep_the_tokens_and_end(options: dict, seed: int, choices: int) -> None:
    rnd = random.Random(choices)
    match, checked = Match.new(g, options, seed), set()
    check_position(match.state, options["pot"], checked)
    while g.result(match.state) is None:
        before = match.cursor
        if g.to_move(match.state) is CHANCE:
            match = match.settled()  # the match draws the dice from its seed, and plays any forced stop
        else:
            actions = g.legal_actions(match.state)
            assert actions and g.to_move(match.state) == match.state.seat
            match = match.play(rnd.choice(actions))
        assert match.cursor > before
        for state in match.states[before + 1 : match.cursor + 1]:
            check_position(state, options["pot"], checked)
        assert match.cursor < 40_000
    state, outcome = match.state, match.result
    assert outcome is not None and g.to_move(state) is None
    assert sorted(s for tier in outcome.ranking for s in tier) == list(range(options["players"]))
    assert Match.from_json(json.loads(json.dumps(match.to_json())), {"421": g}).state == state
