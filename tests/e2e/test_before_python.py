"""Before Python: the real screens at once, links and forms that work, clicks kept, and a take-over nobody sees.

The app's Python package is held back (``hold_boot``), so Python certainly has not started the app while the test
plays on the screens ``boot.js`` drew from the build's templates.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from etoile.app.routes import href
from etoile.saved.storage import SCHEMA
from etoile.ui.i18n import LANGUAGES
from etoile.ui.predrawn import ROUTES
from tests.e2e import positions
from tests.e2e.support import hold_boot, release_boot, seed_once, t, wait_boot_held

SNAPSHOT = """
(root) => {
  // The elements below #app as data: tag, attributes sorted by name, children (text as text), nothing else.
  const walk = (node) => node.nodeType === Node.TEXT_NODE ? node.data : [
    node.tagName.toLowerCase(),
    Array.from(node.attributes).map((a) => [a.name, a.value]).sort(),
    Array.from(node.childNodes).filter((c) => c.nodeType !== Node.COMMENT_NODE).map(walk),
  ];
  return JSON.stringify(Array.from(document.querySelector(root).childNodes).map(walk));
}
"""


def open_held(page: Page, base_url: str, route: str = "#/") -> None:
    hold_boot(page)
    page.goto(base_url + route, wait_until="domcontentloaded")
    wait_boot_held(page)
    expect(page.locator("html")).not_to_have_attribute("data-ready", "true")


def test_home_rules_and_setup_are_there_and_work_before_python(page: Page, base_url: str) -> None:
    open_held(page, base_url)
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator(".game-card h2")).to_have_text(["421", "Generala", "Chinese checkers"])
    expect(page).to_have_title("Étoile")
    page.locator(".game-card").first.get_by_role("link", name="Rules").click()
    expect(page).to_have_url(re.compile("#/rules/421$"))
    expect(page.locator("#main h1")).to_have_text("Rules of 421")
    expect(page.locator("#main h1")).to_be_focused()  # as Python does on a route change
    expect(page).to_have_title("Rules of 421 · Étoile")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Games").click()
    page.locator(".game-card").nth(1).get_by_role("link", name="Play").click()
    expect(page.locator("#main h1")).to_have_text(t("en", "setup.title", game="Generala"))
    page.locator("#seat-0-detail").fill("Zoé")
    expect(page.locator("html")).not_to_have_attribute("data-ready", "true")

    release_boot(page)
    # Python took the screen over with what was typed, and starts the game with it.
    expect(page.locator("#seat-0-detail")).to_have_value("Zoé")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".sheet thead")).to_contain_text("Zoé")


def test_a_click_before_python_waits_marked_and_is_carried_out_once(page: Page, base_url: str) -> None:
    open_held(page, base_url, "#/421/new")
    page.locator("#seat-0-detail").fill("Zoé")
    page.locator("#seat-1-kind").select_option("computer")  # the row changes once Python carries it out
    page.get_by_role("radio", name="21", exact=True).check()
    start = page.get_by_role("button", name="Start the game")
    start.click()
    expect(start).to_have_attribute("data-pending", "starting…")
    expect(start).to_have_attribute("aria-busy", "true")
    expect(start).to_have_text("Start the game")  # the mark is drawn by the stylesheet, the name stays
    start.click()  # a second click adds nothing
    expect(page).to_have_url(re.compile("#/421/new$"))

    release_boot(page)
    expect(page).to_have_url(re.compile("#/421$"))
    expect(page.locator(".dialog")).to_have_count(0)  # one start: no "abandon the game in progress?"
    players = page.get_by_role("list", name=t("en", "four21.players"))
    expect(players).to_contain_text("Zoé")
    expect(players).to_contain_text(t("en", "seat.computer", number=2, level=t("en", "four21.level.expert")))
    expect(page.locator(".pot")).to_contain_text("21")
    expect(page.locator("[data-pending]")).to_have_count(0)


def test_the_take_over_keeps_the_very_elements_what_is_typed_and_the_focus(page: Page, base_url: str) -> None:
    open_held(page, base_url, "#/chinese-checkers/new")
    field = page.locator("#seat-0-detail")
    field.click()
    page.keyboard.type("Lou")  # not left yet: no change event has been sent
    page.evaluate("() => { document.querySelector('#seat-0-detail').etoileMark = 'drawn before Python'; }")
    page.evaluate("() => window.scrollTo(0, 120)")
    scrolled = page.evaluate("() => window.scrollY")

    release_boot(page)
    expect(field).to_have_value("Lou")
    expect(field).to_be_focused()
    assert page.evaluate("() => document.querySelector('#seat-0-detail').etoileMark") == "drawn before Python"
    assert page.evaluate("() => window.scrollY") == scrolled
    page.keyboard.type("ise")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".status")).to_contain_text("to play")
    expect(page.locator("main")).to_contain_text("Louise")


def test_every_screen_drawn_before_python_is_the_one_python_draws(page: Page, base_url: str) -> None:
    """Each route in each language, as boot.js draws it from the build's templates, and as Python draws it."""
    routes = [href(route) for route in ROUTES]
    drawn_before: dict[tuple[str, str], tuple[str, str]] = {}
    # Drawn by the build, the settings offer no vibration: Python adds its switch where the browser can vibrate.
    page.add_init_script("delete Navigator.prototype.vibrate")
    page.route("**/vendor/pyscript/core.js", lambda route: route.abort())  # no Python at all on this page
    page.goto(base_url, wait_until="commit")
    for lang in LANGUAGES:
        settings = json.dumps({"schema": SCHEMA, "data": {"language": lang}})
        page.evaluate("(value) => localStorage.setItem('etoile:settings', value)", settings)
        page.reload(wait_until="commit")
        page.wait_for_selector("#app .shell")
        for route in routes:
            page.evaluate("(hash) => { location.hash = hash; }", route)
            expect(page.locator("#app")).to_have_attribute("data-predrawn", f"{lang}:{route.strip('#/')}")
            drawn_before[lang, route] = (page.evaluate(SNAPSHOT, "#app"), page.title())
    page.unroute("**/vendor/pyscript/core.js")

    # The same page without the templates: Python draws every screen itself.
    def without_templates(route) -> None:
        response = route.fetch()
        body = re.sub(r"<template data-lang=.*?</template>", "", response.text(), flags=re.S)
        route.fulfill(response=response, body=body)

    page.route(re.compile(r"/(index\.html)?(\?.*)?$"), without_templates)
    page.evaluate("() => localStorage.clear()")
    page.goto("about:blank")
    page.goto(base_url + "#/settings")
    page.wait_for_selector("html[data-ready='true']")
    assert page.locator("template[data-lang]").count() == 0
    for lang in LANGUAGES:
        page.locator(f"input[data-action=set-language][value={lang}]").check()
        expect(page.locator("html")).to_have_attribute("lang", lang)
        for route in routes:
            page.evaluate("(hash) => { location.hash = hash; }", route)
            expect(page.locator("#main h1")).to_be_focused()
            assert (page.evaluate(SNAPSHOT, "#app"), page.title()) == drawn_before[lang, route], (lang, route)
        page.evaluate("() => { location.hash = '#/settings'; }")


@pytest.mark.browser_context_args(locale="fr-CA")
def test_the_browsers_language_is_the_one_drawn_before_python(page: Page, base_url: str) -> None:
    open_held(page, base_url, "#/rules/generala")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#main h1")).to_have_text("Règles du jeu : Générala")
    expect(page).to_have_title("Règles du jeu : Générala · Étoile")


def test_a_saved_game_is_announced_on_the_home_screen_once_python_has_read_it(page: Page, base_url: str) -> None:
    seed_once(page, positions.items(match=positions.mid_game("421")))
    open_held(page, base_url)
    card = page.locator(".game-card").first
    expect(card.get_by_role("link")).to_have_text(["Play", "Rules"])
    page.evaluate("() => { document.querySelector('.game-card h2').etoileMark = 'drawn before Python'; }")

    release_boot(page)
    expect(card.get_by_role("link")).to_have_text(["Continue", "New game", "Rules"])
    assert page.evaluate("() => document.querySelector('.game-card h2').etoileMark") == "drawn before Python"
