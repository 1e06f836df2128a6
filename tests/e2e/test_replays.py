"""Replays as a player watches them, in the three ways a game is replayed: the table's Replay button, a game of the
history (``#/history/<id>``), a link opened on another device (``#/link/...``)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from etoile.saved.history import Entry
from etoile.saved.storage import MemoryBackend, Store
from etoile.sharing import link
from tests.e2e import positions
from tests.e2e.conftest import open_app
from tests.e2e.support import seed_once

REPLAYED = {
    # The dice each of the first positions of the seeded finished game shows (none: who starts, a stand).
    "421": ["", "", "", "5 4 1", "", "5 4 1"],
    "generala": ["", "5 4 4 1 1", "", "5 5 2 1 1", "", "6 6 5 2 1"],
}
"""For each dice game, the faces of the dice on the table at each of the first positions of its replay."""


def history_item(entry: Entry) -> dict[str, str]:
    backend = MemoryBackend()
    Store(backend).save_entry(entry)
    return dict(backend.items)


def step_through(page: Page, faces: list[str]) -> None:
    """From the replay's first position, step forward position by position: at each, the dice of the game at that
    position are on the table, drawn at full size and not to be clicked."""
    for position, shown in enumerate(faces):
        if position:
            page.get_by_role("button", name="Step forward ▶").click()
        expect(page.locator(".replay-status")).to_contain_text(f"Replay: move {position} of")
        dice = page.locator(".table-body .dice-row .die")
        expect(dice).to_have_count(len(shown.split()))
        for index, value in enumerate(shown.split()):
            die = dice.nth(index)
            expect(die).to_be_visible()
            expect(die).to_be_disabled()
            expect(die).to_have_css("opacity", "1")  # drawn plainly, not faded like a control out of use
            expect(die).to_have_attribute("aria-label", f"Die showing {value}, to throw")
            box = die.bounding_box()
            assert box is not None and box["width"] >= 50 and box["height"] >= 50, box


@pytest.mark.parametrize("game", ["421", "generala"])
def test_the_dice_show_at_every_throw_of_a_replay_whichever_way_it_is_replayed(page: Page, base_url: str, game: str) -> None:
    match = positions.finished(game)
    entry = Entry.of(match, "2026-11-01T20:00")
    seed_once(page, {**positions.items(match=match), **history_item(entry)})
    open_app(page, base_url, f"#/{game}")
    page.get_by_role("button", name="Replay").click()
    step_through(page, REPLAYED[game])

    page.goto(f"{base_url}#/history/{entry.id}")
    expect(page.locator(".watch-note")).to_be_visible()
    step_through(page, REPLAYED[game])

    page.goto(f"{base_url}#/link/{link.encode(match, 'watch')}")
    expect(page.locator(".watch-note")).to_have_text(
        "A game sent as a link: you watch it as a replay, move by move. Your own games are not touched."
    )
    step_through(page, REPLAYED[game])


STATUSES = {
    # Each game's status line at the first positions of its replay: whose turn it shows, never what to do.
    "421": [
        "Who starts? Everyone throws one die: 1 is best, then 6, 5, 4, 3, 2. Ann throws.",
        "Who starts? Everyone throws one die: 1 is best, then 6, 5, 4, 3, 2. Max throws.",
        "Load · Max leads: throw 1 to 3 times (0 so far).",
        "Load · Max leads: throw 1 to 3 times (1 so far).",
        "Load · Ann to play: at most 1 throw (0 so far).",
    ],
    "generala": [
        "Who starts? Everyone throws the five dice once; the lowest total starts. Ann throws.",
        "Who starts? Everyone throws the five dice once; the lowest total starts. Max throws.",
        "Round 1/10 · throw 0/3 · Ann to play",
        "Round 1/10 · throw 1/3 · Ann to play",
    ],
    "chinese-checkers": ["Ann to play (red).", "Max to play (blue).", "Ann to play (red)."],
}


@pytest.mark.parametrize("game", ["421", "generala", "chinese-checkers"])
def test_a_replay_s_status_says_whose_turn_it_shows_and_never_what_to_do(page: Page, base_url: str, game: str) -> None:
    match = positions.mid_game(game)
    seed_once(page, positions.items(match=match))
    open_app(page, base_url, f"#/{game}")
    page.get_by_role("button", name="Replay").click()
    status = page.locator(".table-body .status")
    for position, said in enumerate(STATUSES[game]):
        if position:
            page.get_by_role("button", name="Step forward ▶").click()
        expect(page.locator(".replay-status")).to_contain_text(f"Replay: move {position} of")
        expect(status).to_have_text(said)

    page.goto(f"{base_url}#/link/{link.encode(match, 'watch')}")  # the same in a game watched from a link
    expect(page.locator(".table-body .status")).to_have_text(STATUSES[game][0])
