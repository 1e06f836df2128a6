"""The home screen: what a player sees first."""

from playwright.sync_api import Page, expect

from tests.e2e.conftest import open_app


def test_home_lists_the_three_games_with_a_picture_and_a_line(page: Page, base_url: str) -> None:
    open_app(page, base_url)
    cards = page.locator(".game-card")
    expect(cards).to_have_count(3)
    expect(cards.locator("h2")).to_have_text(["421", "Generala", "Chinese checkers"])
    for index in range(3):
        card = cards.nth(index)
        expect(card.locator("img")).to_be_visible()
        expect(card.locator("p").first).not_to_be_empty()
    expect(page.locator("#loading")).to_be_hidden()
