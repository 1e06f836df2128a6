"""A setup screen as a player fills it in: whatever order they click in, the page keeps up."""

import pytest
from playwright.sync_api import Page, expect

from etoile.engine.registry import REGISTRY
from tests.e2e.conftest import open_app, set_up
from tests.e2e.support import GAMES, NAMESPACES, page_errors, t


@pytest.mark.parametrize("game", GAMES)
def test_a_name_typed_and_left_by_changing_the_seat_or_the_players_is_kept_without_an_error(
    page: Page, base_url: str, game: str
) -> None:
    errors = page_errors(page)
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text) if message.type == "error" else None)
    open_app(page, base_url, f"#/{game}/new")
    page.select_option("#seat-0-kind", "person")
    page.select_option("#seat-1-kind", "person")
    # The name field still has the focus (its change comes with the blur) when the seat becomes a computer's:
    # the page is redrawn while the field that fires the change is taken out of it.
    page.locator("#seat-1-detail").fill("Zoé")
    expect(page.locator(".levels")).to_have_count(0)  # the computer's levels are listed once a seat is its
    page.select_option("#seat-1-kind", "computer")
    levels = REGISTRY[game].DESCRIPTION.levels  # weakest first, each with its line
    expect(page.locator(".levels dt")).to_have_text([t("en", f"{NAMESPACES[game]}.level.{level}") for level in levels])
    expect(page.locator(".levels dd")).to_have_text([t("en", f"{NAMESPACES[game]}.level.{level}.about") for level in levels])
    page.locator("#seat-0-detail").fill("Ann")
    count = page.locator("#setup-players")
    if count.evaluate("(e) => e.tagName") == "SELECT":
        count.select_option("3")
    else:
        count.fill("3")
        count.press("Enter")
    expect(page.locator("#seat-2-kind")).to_be_visible()
    expect(page.locator("#seat-0-detail")).to_have_value("Ann")
    expect(page.locator(".notice-error, .notice.error, [data-kind='error']")).to_have_count(0)
    assert errors == [] and console == []


def test_starting_a_new_game_while_one_is_in_progress_asks_first_and_escape_keeps_it(page: Page, base_url: str) -> None:
    set_up(page, base_url, "chinese-checkers", ["Ann", "Bob"])
    page.locator(".spot[data-hole='3']").click()
    page.locator(".spot[data-hole='16']").click()
    expect(page.locator(".turn-log summary")).to_have_text("Game log (1 line)")
    page.get_by_role("link", name="New game").first.click()
    page.locator("[data-action='setup-start']").click()
    dialog = page.get_by_role("alertdialog", name="Abandon the game in progress?")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("button", name="Keep the game")).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(page.locator("[data-action='setup-start']")).to_be_focused()
    page.goto(base_url + "#/chinese-checkers")
    expect(page.locator(".turn-log summary")).to_have_text("Game log (1 line)")  # the game is still there

    page.get_by_role("link", name="New game").first.click()
    page.locator("[data-action='setup-start']").click()
    page.get_by_role("button", name="Start a new game").click()
    expect(page.locator(".status")).to_have_text("Ann to play (red). Choose a piece to move.")
    expect(page.locator(".turn-log")).to_have_count(0)


@pytest.mark.parametrize("game", GAMES)
def test_every_option_has_its_choice_checked_after_going_back_from_the_settings(page: Page, base_url: str, game: str) -> None:
    # The settings' radios, reused by the page patch for the setup's, must not carry their checked state into
    # the setup's radio groups (which unchecked Generala's "Straights" choice).
    open_app(page, base_url, f"#/{game}/new")
    groups = "() => [...new Set([...document.querySelectorAll('#main input[type=radio]')].map((e) => e.name))]"
    checked = "() => [...document.querySelectorAll('#main input[type=radio]:checked')].map((e) => e.name)"
    names = page.evaluate(groups)
    assert page.evaluate(checked) == names
    page.get_by_role("link", name="Settings").first.click()
    expect(page.get_by_role("heading", name="Settings")).to_be_visible()
    page.go_back()
    expect(page.locator("[data-action='setup-start']")).to_be_visible()
    assert page.evaluate(groups) == names
    assert page.evaluate(checked) == names
