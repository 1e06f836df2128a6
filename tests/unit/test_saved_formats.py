"""Games saved by earlier versions still load, and go on exactly where they were: the same position, the same dice to come.

``tests/data/format1/`` holds real saves of the version deployed before match
format 2, taken mid-turn (written by that version's code, never edited), and
``next.json`` what that version did with each dice game's next action.
"""

import json
from pathlib import Path

import pytest

from etoile.games import REGISTRY, chinese_checkers
from etoile.match import Match

DATA = Path(__file__).parent.parent / "data" / "format1"
NEXT = json.loads((DATA / "next.json").read_text(encoding="utf-8"))


def saved(game: str) -> dict:
    return json.loads((DATA / f"{game}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", ["421", "generala"])
def test_a_dice_game_saved_mid_turn_in_format_1_goes_on_with_the_same_dice(game: str) -> None:
    data = saved(game)
    assert data["format"] == 1
    match = Match.from_json(data)
    assert match.cursor == len(data["actions"]) == 17
    rules = REGISTRY[game]
    after = match.play(rules.action_from_json(NEXT[game]["action"]))
    assert rules.state_to_json(after.state) == NEXT[game]["state"]


def test_a_two_camp_chinese_checkers_game_saved_in_format_1_loads_as_edition_1() -> None:
    match = Match.from_json(saved("chinese-checkers"))
    assert match.cursor == 20 and match.state.edition == 1 and not match.state.spoiling
    assert chinese_checkers.to_cells(match.state).count(".") == 121 - 40
    resaved = match.to_json()
    assert resaved["format"] == 2 and resaved["options"]["edition"] == 1
    assert Match.from_json(resaved).state == match.state
