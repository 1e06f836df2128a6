"""The home screen: what a player sees first."""

from playwright.sync_api import Page, expect

from tests.e2e import positions
from tests.e2e.conftest import open_app
from tests.e2e.support import GAMES, hold_boot, release_boot, seed_once, t, wait_boot_held


def test_home_lists_the_three_games_with_a_picture_and_a_line(page: Page, base_url: str) -> None:
    open_app(page, base_url)
    expect(page.locator("#main h1")).to_have_text("Étoile")
    expect(page.locator(".home .lead")).to_have_text(t("en", "home.lead"))
    cards = page.locator(".game-card")
    expect(cards).to_have_count(3)
    expect(cards.locator("h2")).to_have_text(["421", "Generala", "Chinese checkers"])
    for index, game in enumerate(GAMES):
        card = cards.nth(index)
        expect(card).to_have_attribute("data-game", game)
        picture = card.locator("img")
        expect(picture).to_be_visible()
        expect(picture).to_have_attribute("src", f"img/{game}.svg")
        # The picture really arrived (a broken image has no natural size).
        page.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=picture.element_handle())
        expect(card.locator(".game-card-body > p")).to_have_text(t("en", f"game.{game}.line"))
        expect(card.get_by_role("link", name="Play", exact=True)).to_have_attribute("href", f"#/{game}")
        expect(card.get_by_role("link", name="Rules", exact=True)).to_have_attribute("href", f"#/rules/{game}")
    expect(page.locator("#loading")).to_be_hidden()
    expect(page).to_have_title("Étoile")


def test_a_saved_games_table_shows_the_loading_screen_until_python_is_ready(page: Page, base_url: str) -> None:
    # A table cannot be drawn before Python has read the game: that route alone shows the loading screen.
    seed_once(page, positions.items(match=positions.mid_game("421")))
    hold_boot(page)
    page.goto(base_url + "#/421", wait_until="domcontentloaded")
    wait_boot_held(page)  # Python cannot have started the app: its package has not arrived
    loading = page.locator("#loading")
    expect(loading).to_be_visible()
    expect(loading.locator("p:visible")).to_have_text([t("en", "loading.title"), t("en", "loading.detail")])
    expect(loading.locator("p:visible").first).to_have_text("Loading Étoile…")
    expect(loading).to_have_attribute("role", "status")
    expect(page.locator("html")).not_to_have_attribute("data-ready", "true")
    expect(page.locator("#app")).to_be_empty()

    release_boot(page)
    expect(loading).to_be_hidden()
    expect(page.locator("#fatal")).to_be_hidden()
    expect(page.locator(".table-head h1")).to_have_text("421")
