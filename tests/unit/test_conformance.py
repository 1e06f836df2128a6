"""One protocol, checked the same way for every game: random legal play from every seating and every option value.

At every ply, over each game of :data:`etoile.engine.registry.REGISTRY` and the small
test game: whose turn it is, the legal actions and the result agree; at a
chance node the legal actions are the chance outcomes, whose exact odds sum to
one, and nowhere else are there chance outcomes; the state and every legal
action turn into JSON and into the game's notation and back unchanged, on one
line; a forced action is a legal one; the saved match reloads to the same
state; and undo gives back the state before the action. The dice are drawn by
the match from its seed, as in the app.
"""

from __future__ import annotations

import json
import random
import sys
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from etoile.engine.game import CHANCE, Game, IllegalAction, Outcome
from etoile.engine.match import Match, Seat
from etoile.engine.registry import REGISTRY
from tests.games.pig import rules as pig

GAMES: dict[str, Game] = {**REGISTRY, pig.ID: sys.modules[pig.__name__]}  # type: ignore[dict-item]


def seatings(game: Game) -> list[int]:
    spec = game.DESCRIPTION
    return list(range(spec.min_players, min(spec.max_players or 5, 6) + 1))


def option_sets(game: Game, players: int) -> list[dict]:
    """The defaults, then each offered value of each option on its own (where it fits ``players``)."""
    spec = game.DESCRIPTION
    sets = [{"players": players}]
    for option in spec.options:
        for value in option.values:
            if value != option.default and option.allows(value, players):
                sets.append({"players": players, option.id: value})
    return sets


CASES = [(gid, options) for gid, game in GAMES.items() for n in seatings(game) for options in option_sets(game, n)]


def check_ply(game: Game, state: object) -> list:
    """The protocol's promises about one state; its legal actions."""
    seat = game.to_move(state)
    actions = list(game.legal_actions(state))
    outcome = game.result(state)
    assert (seat is None) == (actions == []) == (outcome is not None)
    chances = list(game.chance_outcomes(state))
    if seat is CHANCE:
        assert [action for action, _ in chances] == actions and sum(p for _, p in chances) == 1
        assert all(p > 0 for _, p in chances) and game.forced(state) is None
    else:
        assert chances == [] and (seat is None or (type(seat) is int and seat >= 0))
    text = game.state_to_text(state)
    assert "\n" not in text and game.state_from_text(text) == state
    if outcome is not None:
        assert isinstance(outcome, Outcome) and outcome.winners
        with pytest.raises(IllegalAction):
            game.apply(state, any_action(game))
    data = json.loads(json.dumps(game.state_to_json(state)))
    assert game.state_from_json(data) == state
    for action in actions:
        assert game.action_from_json(json.loads(json.dumps(game.action_to_json(action)))) == action
        written = game.action_to_text(action)
        assert written.strip() == written and "\n" not in written and game.action_from_text(written) == action
    forced = game.forced(state)
    assert forced is None or forced in actions
    return actions


def any_action(game: Game) -> object:
    """Some action of the game, to try on a finished one: the first legal action of its start."""
    return game.legal_actions(game.start({"players": game.DESCRIPTION.min_players}, 1))[0]


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=[f"{g}-{'-'.join(map(str, o.values()))}" for g, o in CASES])
def test_random_legal_play_keeps_every_promise_of_the_protocol(game_id: str, options: dict) -> None:
    play(GAMES[game_id], options, seed=len(CASES), choices=zlib.crc32(json.dumps(options, sort_keys=True).encode()))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CASES), st.integers(0, 2**64 - 1), st.integers(0, 2**32))
def test_random_legal_play_from_random_seeds(case: tuple[str, dict], seed: int, choices: int) -> None:
    play(GAMES[case[0]], case[1], seed, choices)


def play(game: Game, options: dict, seed: int, choices: int) -> None:
    rnd = random.Random(choices)
    seats = tuple(Seat(f"P{i}") for i in range(options["players"]))
    match = Match.new(game, options, seed, seats)
    for _ in range(min(game.max_actions(match.options), 400)):
        actions = check_ply(game, match.state)
        if not actions:
            break
        before = match.state
        if game.to_move(before) is CHANCE:
            ply, match = match.cursor, match.settled()  # the match draws the dice, and plays what no one chooses
            assert match.actions[ply] in actions and game.to_move(match.state) is not CHANCE
            continue
        match = match.play(rnd.choice(actions))
        assert match.undo().state == before
    check_ply(game, match.state)
    again = Match.from_json(json.loads(json.dumps(match.to_json())), GAMES)
    assert again.state == match.state and again.cursor == match.cursor
