"""What the tables tell and where the focus goes, as a player meets it: every deciding throw, the computer's turn at
a pace the player sets (and skips), the dice set aside surviving a reload, the keyboard never sent back to the top.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from playwright.sync_api import Page, expect

from etoile.engine.dice import Roll
from etoile.engine.match import Match, Seat
from etoile.games.chinese_checkers import ai
from etoile.games.chinese_checkers import rules as cc
from etoile.games.four21 import rules as four21
from etoile.games.generala import rules as generala
from tests.e2e.conftest import fix_seed, open_app, set_up
from tests.e2e.support import SETTINGS_KEY, landed, seed_once, t


def saved(match: Match) -> str:
    return json.dumps({"schema": 1, "data": match.to_json()})


def open_saved(page: Page, base_url: str, match: Match, settings: dict | None = None) -> None:
    """Open the table of ``match``, put in storage before the first load (with ``settings``, if any)."""
    items = {f"etoile:match:{match.game.ID}": saved(match)}
    if settings is not None:
        items[SETTINGS_KEY] = json.dumps({"schema": 1, "data": settings})
    seed_once(page, items)
    open_app(page, base_url, f"#/{match.game.ID}")


def test_a_421_tie_for_the_worst_hand_is_told_with_every_throw_in_the_summary_and_the_log(page: Page, base_url: str) -> None:
    match = Match.new(four21, {"players": 2}, 0, (Seat("Ann"), Seat("Bob")))
    match = match.play_all([four21.Throw(), Roll((5,)), four21.Throw(), Roll((5,))])  # a tie for who starts
    match = match.play_all([four21.Throw(), Roll((1,)), four21.Throw(), Roll((3,))])  # Ann leads
    match = match.play_all([four21.Throw(), Roll((6, 5, 3)), four21.Stop(), four21.Throw(), Roll((6, 5, 3)), four21.Stop()])
    match = match.play_all([four21.Throw(), Roll((6, 4, 2)), four21.Throw(), Roll((6, 5, 2))])  # the roll-off: Ann's worse
    open_saved(page, base_url, match)
    tie = "Tie for the worst hand, thrown off: Ann: 642, Bob: 652."
    expect(page.locator(".last-turn")).to_contain_text(tie)
    expect(page.locator(".last-turn")).to_contain_text("Ann, worst with 653, takes 1 token")
    page.locator(".turn-log summary").click()
    entries = page.locator(".log-entry")
    expect(entries.first).to_contain_text(tie)
    opening = "Who starts: Ann: 5, Bob: 5; tied, thrown again: Ann: 1, Bob: 3. Ann has the best die and leads."
    expect(entries.filter(has_text=opening)).to_have_count(1)


def test_generala_s_start_throws_and_their_tie_stay_on_the_table_all_the_first_round(page: Page, base_url: str) -> None:
    match = Match.new(generala, {"players": 2}, 0, (Seat("Ann"), Seat("Bob")))
    match = match.play_all([generala.Throw(), Roll((3, 3, 2, 2, 2)), generala.Throw(), Roll((4, 2, 2, 2, 2))])
    match = match.play_all([generala.Throw(), Roll((6, 5, 4, 3, 2)), generala.Throw(), Roll((2, 2, 2, 2, 2))])
    open_saved(page, base_url, match)
    told = "Who starts: Ann: 12, Bob: 12; tied, thrown again: Ann: 20, Bob: 10. Bob has the lowest total and starts."
    expect(page.locator(".last-turn")).to_have_text(told)
    page.get_by_role("button", name="Throw", exact=True).click()  # Bob plays his first turn: it stays
    page.locator(".sheet button.fill").first.click()
    confirm = page.get_by_role("button", name="Cross it out")
    if confirm.count():
        confirm.click()
    expect(page.locator(".status")).to_contain_text("Ann to play")
    expect(page.locator(".last-turn")).to_have_text(told)


def test_the_computer_s_turn_is_told_move_by_move_and_the_player_can_skip_to_its_end(page: Page, base_url: str) -> None:
    fix_seed(page, 11)
    seed_once(page, {SETTINGS_KEY: json.dumps({"schema": 1, "data": {"speed": "slow", "sound": False}})})
    set_up(page, base_url, "421", ["Ann", None])
    throw = page.locator("[data-action='421:throw']")
    panel = page.locator(".computer-turn")
    skip = panel.get_by_role("button", name=t("en", "table.skip"))
    expect(panel).to_have_count(0)  # Ann throws first for who starts: nothing to tell yet
    throw.click()
    expect(skip).to_be_visible()
    expect(panel.locator("li").first).to_contain_text("Computer 2 (expert)")
    skip.click()
    # The rest of its turn comes without pauses; what it did stays on the table, the skip goes, and the focus is on
    # Ann's next throw, never at the top of the page.
    expect(skip).to_have_count(0, timeout=60_000)
    expect(throw).to_be_focused()
    expect(panel.locator("li").first).to_contain_text("Computer 2 (expert): throw · roll ")


def test_the_pace_of_the_computer_is_a_setting_from_slow_to_instant(page: Page, base_url: str) -> None:
    open_app(page, base_url, "#/settings")
    group = page.get_by_role("group", name=t("en", "settings.speed"))
    for value in ("slow", "normal", "fast", "off"):
        expect(group.get_by_role("radio", name=t("en", f"settings.speed.{value}"), exact=True)).to_be_visible()
    group.get_by_role("radio", name="Instant", exact=True).check()
    expect(page.locator("html")).to_have_attribute("data-speed", "off")


@pytest.mark.parametrize("game", ["421", "generala"])
def test_dice_set_aside_since_the_last_throw_are_still_aside_after_a_reload(page: Page, base_url: str, game: str) -> None:
    fix_seed(page, 3)
    set_up(page, base_url, game, ["Ann"] if game == "generala" else ["Ann", "Bob"])
    throw = page.locator(f"[data-action='{game}:throw']")
    if game == "421":  # who starts: one die each, until someone has the best
        while page.locator(".status").inner_text().startswith(("Who starts", "Tie for the best die")):
            throw.click()
    throw.click()
    dice = page.locator(".dice-row .die")
    expect(dice.first).to_be_enabled()
    dice.nth(1).click()
    expect(dice.nth(1)).to_have_attribute("aria-pressed", "true")
    labels = dice.evaluate_all("(all) => all.map((d) => d.getAttribute('aria-label'))")
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    expect(dice.nth(1)).to_have_attribute("aria-pressed", "true")
    assert dice.evaluate_all("(all) => all.map((d) => d.getAttribute('aria-label'))") == labels


def test_the_keyboard_goes_from_the_throw_to_the_dice_and_on_to_the_next_control(page: Page, base_url: str) -> None:
    fix_seed(page, 8)
    set_up(page, base_url, "generala", ["Ann"])
    throw = page.get_by_role("button", name="Throw", exact=True)
    expect(throw).to_be_focused()  # "Start the game" leads to the first throw
    page.keyboard.press("Enter")
    expect(page.locator(".status")).to_contain_text("throw 1/3")
    expect(page.locator("[data-action='generala:throw']")).to_be_focused()  # the focus stays on the throw
    page.keyboard.press("Tab")  # the dice come right after it
    expect(page.locator(".dice-row .die").first).to_be_focused()
    for _ in range(2):
        page.locator("[data-action='generala:throw']").click()
    expect(page.locator(".status")).to_contain_text("throw 3/3")
    # No throw left: the focus moves on to the first open box of the sheet.
    expect(page.locator(".sheet button.fill").first).to_be_focused()
    landed(page)  # a key pressed while the dice land is not taken, as a click is not
    page.keyboard.press("Enter")
    confirm = page.get_by_role("button", name="Cross it out")
    if confirm.count():
        page.keyboard.press("Enter")
    expect(page.locator(".status")).to_contain_text("Round 2/10")
    expect(page.locator("[data-action='generala:throw']")).to_be_focused()  # after a fill, the next turn's throw


def test_the_board_cursor_steps_to_each_neighbour_in_one_key_shows_on_pieces_and_is_announced(page: Page, base_url: str) -> None:
    set_up(page, base_url, "chinese-checkers", ["Ann", "Bob"])
    board = page.locator(".cc-board")
    expect(board).to_be_focused()  # "Start the game" leads to the board
    page.keyboard.press("Enter")  # the cursor starts on one of Ann's pieces: Enter selects it
    start = board.get_attribute("aria-activedescendant")
    assert start is not None
    expect(page.locator(f"#{start} .piece")).to_have_count(1)
    expect(page.locator(f"#{start} .cursor-ring")).to_have_count(1)  # drawn over the piece, not hidden under it
    moved = []
    pairs = [("ArrowDown", "ArrowUp"), ("Shift+ArrowDown", "Shift+ArrowUp"), ("ArrowRight", "ArrowLeft")]
    pairs.append(("ArrowLeft", "ArrowRight"))
    for key, back in pairs:  # one press to a neighbour, one press back (at the edge of the board, a key stays put)
        page.keyboard.press(key)
        hole = board.get_attribute("aria-activedescendant")
        if hole != start:
            moved.append(hole)
            page.keyboard.press(back)
            expect(board).to_have_attribute("aria-activedescendant", start)
    assert len(set(moved)) == len(moved) >= 2
    for hole in moved:  # each hole the cursor visits says where it is and what stands there
        expect(page.locator(f"#{hole}")).to_have_attribute("aria-label", re.compile(r"\d"))


def test_chinese_checkers_says_who_came_home_and_draws_each_other_player_s_last_move(page: Page, base_url: str) -> None:
    rnd = random.Random(3)
    seats = (Seat("Ann"), Seat("Bob"), Seat("Cy"))
    match = Match.new(cc, {"players": 3, "rank_all": True}, 0, seats)
    while not match.state.finished:
        state = match.state
        move = ai.best_move(state, "easy") if rnd.random() < 0.9 else rnd.choice(cc.legal_moves(state))
        match = match.play(move).settled()
    open_saved(page, base_url, match)
    name = seats[match.state.finished[0]].name
    expect(page.locator(".cc-event")).to_have_text(f"{name} has brought every piece home!")
    expect(page.locator(".cc-seat").filter(has_text=name)).to_contain_text("home, place 1")
    # The player who just moved shows as the last move; each other player's last move stays as a trail in its colour.
    expect(page.locator("polyline.trail")).to_have_count(2)
    expect(page.locator("polyline.last-move")).to_have_count(1)


def test_the_chinese_checkers_status_counts_down_the_moves_before_the_move_limit(page: Page, base_url: str) -> None:
    match = Match.new(cc, {"players": 2, "move_limit": 20}, 0, (Seat("Ann"), Seat("Bob")))
    for _ in range(30):  # 15 moves each: 5 left
        match = match.play(ai.best_move(match.state, "easy")).settled()
    open_saved(page, base_url, match)
    expect(page.locator(".status")).to_contain_text("Move limit near: 5 moves left each.")
