"""Games saved by earlier versions still load, and go on exactly where they were: the same position, the same dice to come.

``tests/data/format1/`` holds real saves of the version deployed before match
format 2, taken mid-turn (written by that version's code, never edited), and
``next.json`` what that version did with each dice game's next action.
"""

import json
from pathlib import Path

import pytest

from etoile.engine.match import Match
from etoile.engine.registry import REGISTRY
from etoile.engine.rng import Dice

DATA = Path(__file__).parent.parent / "data" / "format1"
NEXT = json.loads((DATA / "next.json").read_text(encoding="utf-8"))


def saved(game: str) -> dict:
    return json.loads((DATA / f"{game}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", ["421", "generala"])
def test_a_dice_game_saved_mid_turn_in_format_1_goes_on_with_the_same_dice(game: str) -> None:
    data = saved(game)
    assert data["format"] == 1 and len(data["actions"]) == data["cursor"] == 17
    match = Match.from_json(data)
    # Each format-1 throw is now a throw and the roll that came up: the record says what the dice showed.
    assert match.cursor == len(match.actions) > 17
    assert Match.from_json(match.to_json()).state == match.state
    rules, old = REGISTRY[game], NEXT[game]
    # Format 1 kept dice by their place on the table, and kept dice stayed in place: the faces at those places.
    keep = [old["state"]["dice"][i] for i in old["action"]["throw"]]
    thrown = match.play(rules.action_from_json({"throw": keep}))
    landed = thrown.settled().at(thrown.cursor + 1)  # the throw's roll, before any forced stop
    assert sorted(landed.state.dice) == sorted(old["state"]["dice"])
    assert landed.dice[landed.cursor] == Dice.from_json(old["state"]["rng"])
    new = rules.state_to_json(landed.state)
    # Every part of the state both versions hold is the same, dice in the order they are kept in (a roll is sorted).
    same = set(old["state"]) & set(new) - {"dice", "kept", "rng"}
    assert same and {key: _sorted(new[key]) for key in same} == {key: _sorted(old["state"][key]) for key in same}


def _sorted(value: object) -> object:
    """``value`` with the faces of every throw in it sorted, highest first."""
    if isinstance(value, dict):
        return {key: sorted(item, reverse=True) if key == "dice" else _sorted(item) for key, item in value.items()}
    return [_sorted(item) for item in value] if isinstance(value, list) else value


def test_a_two_camp_chinese_checkers_game_saved_in_format_1_loads_as_edition_1() -> None:
    match = Match.from_json(saved("chinese-checkers"))
    assert match.cursor == 20 and match.state.edition == 1 and not match.state.spoiling
    assert match.state.board.count(0) == 121 - 40
    resaved = match.to_json()
    assert resaved["format"] == 2 and resaved["options"]["edition"] == 1
    assert Match.from_json(resaved).state == match.state
