"""The generic history (undo, redo, replay) and save path, on the test game."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from etoile.games import IllegalAction, Outcome
from etoile.match import InvalidMatch, Match, Seat
from tests.unit import pig


def play(match: Match, actions: list[str]) -> Match:
    for action in actions:
        match = match.play(action)
    return match


def test_a_new_match_starts_from_the_rules_start_state() -> None:
    match = Match.new(pig, {"players": 3}, seed=5)
    assert match.state == pig.start({"players": 3}, 5)
    assert match.cursor == 0
    assert not match.can_undo and not match.can_redo


def test_playing_records_the_actions_and_the_dice_in_the_state() -> None:
    match = play(Match.new(pig, {}, seed=421), ["roll", "roll", "roll"])
    # Seed 421 throws 3, 3, 3: the first player has 9 on the table.
    assert match.state.turn_total == 9
    assert match.state.dice.draws == 3
    assert match.played == ("roll", "roll", "roll")


def test_undo_and_redo_move_through_the_same_states() -> None:
    match = play(Match.new(pig, {}, seed=421), ["roll", "roll", "hold"])
    after = match.state
    back = match.undo(2)
    assert back.state.turn_total == 3 and back.cursor == 1
    assert back.can_redo
    assert back.redo(2).state == after


def test_a_new_action_after_undo_drops_the_undone_ones() -> None:
    match = play(Match.new(pig, {}, seed=421), ["roll", "roll"]).undo()
    match = match.play("hold")
    assert match.actions == ("roll", "hold")
    assert not match.can_redo
    assert match.state.scores == (3, 0)


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
    match = play(Match.new(pig, {}, seed=421), ["roll", "hold"])
    steps = list(match.replay())
    assert [a for a, _ in steps] == [None, "roll", "hold"]
    assert [s for _, s in steps] == list(match.states)


def test_a_saved_match_reloads_to_the_same_state_and_cursor() -> None:
    seats = (Seat("Zoé"), Seat("Computer", "expert"))
    match = play(Match.new(pig, {"players": 2, "target": 10}, seed=421, seats=seats), ["roll", "roll", "hold", "roll"]).undo()
    text = json.dumps(match.to_json())
    again = Match.from_json(json.loads(text), {"pig": pig})
    assert again.state == match.state
    assert again.actions == match.actions
    assert again.cursor == 3
    assert again.options == {"players": 2, "target": 10}
    assert again.seats == seats


def test_the_match_says_whether_a_person_or_the_computer_is_to_move() -> None:
    match = Match.new(pig, {"players": 2}, seed=5, seats=(Seat("Ann"), Seat("", "easy")))
    assert (match.person_to_move, match.computer_to_move) == (0, None)
    while match.person_to_move == 0:
        match = match.play("hold" if "hold" in pig.legal_actions(match.state) else "roll")
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
        match = match.play(rnd.choice(actions))
    outcome = match.result
    assert isinstance(outcome, Outcome)
    assert max(match.state.scores) >= 20 and match.state.scores[outcome.winners[0]] == max(match.state.scores)
    assert Match.from_json(json.loads(json.dumps(match.to_json())), {"pig": pig}).state == match.state
