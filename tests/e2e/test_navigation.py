"""Moving between screens: hash addresses, the browser's back and forward buttons, page titles."""

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import open_app
from tests.e2e.support import strings, t


def expect_game_screen(page: Page, game: str, name: str) -> None:
    """The screen of ``game``: its "coming soon" page or its new-game setup, named in the heading and the tab."""
    heading = page.locator("#main h1")
    names = (name, t("en", "setup.title", game=name)) if "setup.title" in strings("en") else (name,)
    expect(heading).to_have_text(re.compile("^(" + "|".join(re.escape(n) for n in names) + ")$"))
    expect(heading).to_be_focused()
    expect(page).to_have_title(re.compile(f"(^|: ){re.escape(name)} · Étoile$"))
    expect(page.locator("#main").get_by_role("link", name="Rules", exact=True)).to_have_attribute("href", f"#/rules/{game}")
    if heading.text_content() == name:  # not playable yet: says so, with the game's line
        expect(page.locator(".game-screen .lead")).to_have_text(t("en", f"game.{game}.line"))
        expect(page.locator(".game-screen .soon")).to_have_text(t("en", "game.soon"))


def test_rules_link_opens_the_rules_and_back_and_forward_follow(page: Page, base_url: str) -> None:
    open_app(page, base_url)
    heading = page.locator("#main h1")
    page.locator(".game-card[data-game='421']").get_by_role("link", name="Rules", exact=True).click()
    expect(page).to_have_url(re.compile(r"#/rules/421$"))
    expect(heading).to_have_text("Rules of 421")
    expect(heading).to_be_focused()
    expect(page).to_have_title("Rules of 421 · Étoile")

    page.go_back()
    expect(page).to_have_url(re.compile(r"/(#/?)?$"))
    expect(heading).to_have_text("Étoile")
    expect(page.locator(".game-card")).to_have_count(3)
    expect(page).to_have_title("Étoile")
    expect(page.get_by_role("navigation", name="Main").get_by_role("link", name="Games")).to_have_attribute(
        "aria-current", "page"
    )

    page.go_forward()
    expect(page).to_have_url(re.compile(r"#/rules/421$"))
    expect(heading).to_have_text("Rules of 421")
    expect(page).to_have_title("Rules of 421 · Étoile")

    # The "Play" button of the rules page leads to the game's screen; the top bar leads home.
    page.locator("article.rules").get_by_role("link", name="Play", exact=True).click()
    expect(page).to_have_url(re.compile(r"#/421$"))
    expect_game_screen(page, "421", "421")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Games").click()
    expect(heading).to_have_text("Étoile")
    expect(page).to_have_title("Étoile")


def test_settings_address_opens_settings_and_each_game_has_its_address(page: Page, base_url: str) -> None:
    open_app(page, base_url, "#/settings")
    heading = page.locator("#main h1")
    expect(heading).to_have_text("Settings")
    expect(page).to_have_title("Settings · Étoile")
    nav = page.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link", name="Settings")).to_have_attribute("aria-current", "page")
    expect(nav.get_by_role("link", name="Games")).not_to_have_attribute("aria-current", "page")

    for game, name in (("generala", "Generala"), ("chinese-checkers", "Chinese checkers"), ("421", "421")):
        page.goto(f"{base_url}#/{game}")
        expect_game_screen(page, game, name)

    nav.get_by_role("link", name="Settings").click()
    expect(heading).to_have_text("Settings")
    expect(page).to_have_title("Settings · Étoile")


def test_unknown_address_says_page_not_found_with_a_link_home(page: Page, base_url: str) -> None:
    open_app(page, base_url, "#/no-such-game")
    heading = page.locator("#main h1")
    expect(heading).to_have_text("Page not found")
    expect(page.locator("#main p").first).to_have_text(t("en", "missing.text"))
    expect(page).to_have_title("Page not found · Étoile")

    # A hash change to another unknown place, and to a rules page of an unknown game, too.
    page.goto(f"{base_url}#/rules/chess")
    expect(heading).to_have_text("Page not found")
    page.goto(f"{base_url}#/settings/extra")
    expect(heading).to_have_text("Page not found")

    page.locator("#main").get_by_role("link", name="Back to the games").click()
    expect(page).to_have_url(re.compile(r"#/$"))
    expect(heading).to_have_text("Étoile")
    expect(page.locator(".game-card")).to_have_count(3)
    expect(page).to_have_title("Étoile")
