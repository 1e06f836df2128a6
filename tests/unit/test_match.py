"""The generic history (undo, redo, replay), the drawing of chance and the save path, on the test game."""

import json
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from etoile.engine.dice import Roll
from etoile.engine.game import CHANCE, IllegalAction, Outcome
from etoile.engine.match import InvalidMatch, Match, Seat, _draw
from etoile.engine.rng import Dice
from tests.games.pig import rules as pig

ROLL, HOLD = "roll", "hold"


def play(match: Match, actions: list[str]) -> Match:
    """Play each choice, then what the dice show (drawn by the match, as in the app)."""
    for action in actions:
        match = match.play(action).settled()
    return match


def test_a_new_match_starts_from_the_rules_start_state() -> None:
    match = Match.new(pig, {"players": 3}, seed=5)
    assert match.state == pig.start({"players": 3}, 5)
    assert match.cursor == 0
    assert not match.can_undo and not match.can_redo


def test_a_choice_that_leaves_the_die_to_chance_waits_for_the_match_to_draw_it() -> None:
    match = Match.new(pig, {}, seed=421).play(ROLL)
    assert pig.to_move(match.state) is CHANCE and (match.person_to_move, match.computer_to_move) == (None, None)
    drawn = match.settled()
    # Seed 421 throws a 3 first: the record holds what came up, and the generator has made one draw.
    assert drawn.played == (ROLL, Roll((3,))) and drawn.state.turn_total == 3
    assert (drawn.dice[1], drawn.dice[2]) == (Dice(421, 0), Dice(421, 1))


def test_playing_records_the_choices_and_the_faces_that_came_up() -> None:
    match = play(Match.new(pig, {}, seed=421), [ROLL, ROLL, ROLL])
    # Seed 421 throws 3, 3, 3: the first player has 9 on the table.
    assert match.state.turn_total == 9 and match.dice[match.cursor] == Dice(421, 3)
    assert match.played == (ROLL, Roll((3,))) * 3


def test_a_record_replays_from_itself_whatever_the_seed_would_throw() -> None:
    record = Match.new(pig, {}, seed=421).play_all([ROLL, Roll((6,)), ROLL, Roll((5,)), HOLD]).to_json()
    again = Match.from_json(record | {"seed": 7}, {"pig": pig})
    assert again.state.scores == (11, 0) and again.played[1] == Roll((6,))


def test_settling_redoes_the_faces_the_record_holds_after_an_undo() -> None:
    match = Match.new(pig, {}, seed=421).play_all([ROLL, Roll((6,))]).undo()
    assert match.settled().state.turn_total == 6  # no new throw by undoing: the 6 stands
    assert match.play(Roll((2,))).state.turn_total == 2 and not match.play(Roll((2,))).can_redo


def test_undo_and_redo_move_through_the_same_states() -> None:
    match = play(Match.new(pig, {}, seed=421), [ROLL, ROLL, HOLD])
    after = match.state
    back = match.undo(3)
    assert back.state.turn_total == 3 and back.cursor == 2
    assert back.can_redo
    assert back.redo(3).state == after


def test_a_new_action_after_undo_drops_the_undone_ones() -> None:
    match = play(Match.new(pig, {}, seed=421), [ROLL, ROLL]).undo(2)
    match = match.play(HOLD)
    assert match.actions == (ROLL, Roll((3,)), HOLD)
    assert not match.can_redo
    assert match.state.scores == (3, 0)


def test_chance_other_than_dice_is_drawn_by_its_odds_with_one_draw() -> None:
    outcomes = [("heads", Fraction(1, 2)), ("tails", Fraction(1, 2))]
    drawn = [_draw(outcomes, Dice(5, n)) for n in range(200)]
    assert set(drawn) == {"heads", "tails"} and 70 < drawn.count("heads") < 130
    assert _draw([(Roll((1, 1)), Fraction(1))], Dice(421)) == Roll((3, 3))  # a throw of dice: one draw per die


def test_undo_beyond_the_start_is_refused() -> None:
    with pytest.raises(IllegalAction):
        Match.new(pig, {}, seed=1).undo()
    with pytest.raises(IllegalAction):
        Match.new(pig, {}, seed=1).redo()


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    match = Match.new(pig, {}, seed=1)
    with pytest.raises(IllegalAction, match="'hold' is not legal"):
        match.play("hold")
    assert match.actions == ()


def test_replay_yields_every_state_from_the_start() -> None:
    match = play(Match.new(pig, {}, seed=421), [ROLL, HOLD])
    steps = list(match.replay())
    assert [a for a, _ in steps] == [None, ROLL, Roll((3,)), HOLD]
    assert [s for _, s in steps] == list(match.states)


def test_a_saved_match_reloads_to_the_same_state_and_cursor() -> None:
    seats = (Seat("Zoé"), Seat("Computer", "expert"))
    match = play(Match.new(pig, {"players": 2, "target": 10}, seed=421, seats=seats), [ROLL, ROLL, HOLD, ROLL]).undo()
    text = json.dumps(match.to_json())
    again = Match.from_json(json.loads(text), {"pig": pig})
    assert again.state == match.state
    assert again.actions == match.actions and again.dice == match.dice
    assert again.cursor == 6
    assert again.options == {"players": 2, "target": 10}
    assert again.seats == seats


def test_the_match_says_whether_a_person_or_the_computer_is_to_move() -> None:
    match = Match.new(pig, {"players": 2}, seed=5, seats=(Seat("Ann"), Seat("", "easy")))
    assert (match.person_to_move, match.computer_to_move) == (0, None)
    while match.person_to_move == 0:
        match = match.play(HOLD if HOLD in pig.legal_actions(match.state) else ROLL).settled()
    assert (match.person_to_move, match.computer_to_move) == (None, 1)
    unseated = Match.new(pig, {"players": 2}, seed=5)
    assert (unseated.person_to_move, unseated.computer_to_move) == (0, None)


def test_seats_must_match_the_number_of_players() -> None:
    with pytest.raises(ValueError, match="3 seats for 2 players"):
        Match.new(pig, {"players": 2}, seed=1, seats=(Seat("a"), Seat("b"), Seat("c")))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": 3}, "unknown saved game format"),
        ({"game": "chess"}, "unknown game"),
        ({"options": []}, "options must be an object"),
        ({"seed": "x"}, "seed must be an integer"),
        ({"actions": "roll"}, "actions must be a list"),
        ({"cursor": 5}, "cursor must be an integer within"),
        ({"actions": ["hold"], "cursor": 1}, "do not replay"),
        ({"actions": ["roll", "roll"], "cursor": 2}, "do not replay"),
        ({"actions": ["roll", {"roll": [7]}], "cursor": 2}, "do not replay"),
        ({"actions": ["jump"], "cursor": 1}, "do not replay"),
        ({"options": {"players": 9}}, "not a pig game this version offers: players must be 2 to 4"),
        ({"options": {"players": 2}, "seats": [{"name": "x", "computer": "godlike"}] * 2}, "no computer level 'godlike'"),
        ({"actions": ["roll"] * (pig.MAX_ACTIONS + 1)}, "50001 actions: more than a pig game can have"),
        ({"seats": {}}, "seats must be a list"),
        ({"options": {"players": 2}, "seats": [{"name": "a", "computer": None}]}, "1 seats for 2 players"),
        ({"options": {"players": 2}, "seats": [{"name": "<b>\n", "computer": None}] * 2}, "a seat's name must be"),
        ({"options": {"players": 2}, "seats": [{"name": "x", "computer": "1; alert()"}] * 2}, "needs a level name"),
    ],
)
def test_a_tampered_save_is_refused_with_a_reason(change: dict, message: str) -> None:
    data = Match.new(pig, {}, seed=1).to_json() | change
    with pytest.raises(InvalidMatch, match=message):
        Match.from_json(data, {"pig": pig})


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(2, 4), st.integers(0, 2**32))
def test_random_legal_play_always_ends_and_always_reloads(seed: int, players: int, choices: int) -> None:
    rnd = random.Random(choices)
    match = Match.new(pig, {"players": players}, seed)
    for _ in range(2_000):
        actions = pig.legal_actions(match.state)
        if not actions:
            break
        match = match.play(rnd.choice(actions)).settled()
    outcome = match.result
    assert isinstance(outcome, Outcome)
    assert max(match.state.scores) >= 20 and match.state.scores[outcome.winners[0]] == max(match.state.scores)
    assert Match.from_json(json.loads(json.dumps(match.to_json())), {"pig": pig}).state == match.state
