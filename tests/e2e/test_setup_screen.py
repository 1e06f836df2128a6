"""A setup screen as a player fills it in: whatever order they click in, the page keeps up."""

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import open_app
from tests.e2e.support import GAMES, page_errors


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
    page.select_option("#seat-1-kind", "computer")
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
