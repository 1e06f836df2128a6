"""Keyboard use, names for assistive technology, and a small phone screen."""

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import open_app
from tests.e2e.support import GAMES, assert_settings_include, saved_settings, t

PHONE = {"width": 360, "height": 740}
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "ru": "Русский"}


def active(page: Page) -> dict:
    return page.evaluate(
        "() => { const e = document.activeElement; return {tag: e.tagName, type: e.type || '', name: e.name || '',"
        " value: e.value || '', text: e.textContent.trim()}; }"
    )


def tab_until(page: Page, predicate, limit: int = 25) -> dict:
    for _ in range(limit):
        page.keyboard.press("Tab")
        element = active(page)
        if predicate(element):
            return element
    raise AssertionError(f"Tab never reached the control (last focused: {element})")


def test_the_settings_can_be_used_with_the_keyboard_alone(page: Page, base_url: str) -> None:
    open_app(page, base_url, "#/settings")
    html = page.locator("html")
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to content")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()

    # The name field, typed and left with Tab.
    tab_until(page, lambda e: e["tag"] == "INPUT" and e["type"] == "text")
    page.keyboard.type("Zoé")
    page.keyboard.press("Tab")
    expect(page.get_by_role("radio", name="English")).to_be_focused()  # the language group is the next stop
    assert saved_settings(page)["name"] == "Zoé"

    # The sound switch, with Space.
    sound = page.get_by_role("switch", name="Sound effects")
    tab_until(page, lambda e: e["type"] == "checkbox")
    expect(sound).to_be_focused()
    page.keyboard.press("Space")
    expect(sound).not_to_be_checked()
    assert saved_settings(page)["sound"] is False

    # The theme: one Tab stop for the group, arrows move the choice and apply it at once.
    element = tab_until(page, lambda e: e["name"] == "theme")
    assert element["value"] == "system"
    page.keyboard.press("ArrowDown")
    expect(page.get_by_role("radio", name="Light")).to_be_checked()
    expect(page.get_by_role("radio", name="Light")).to_be_focused()
    expect(html).to_have_attribute("data-theme", "light")
    page.keyboard.press("ArrowDown")
    expect(page.get_by_role("radio", name="Dark")).to_be_checked()
    expect(page.get_by_role("radio", name="Dark")).to_be_focused()
    expect(html).to_have_attribute("data-theme", "dark")
    assert saved_settings(page)["theme"] == "dark"

    # Back to the speed group with Shift+Tab.
    page.keyboard.press("Shift+Tab")
    expect(page.get_by_role("radio", name="Normal")).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(page.get_by_role("radio", name="Slow")).to_be_checked()
    expect(html).to_have_attribute("data-speed", "slow")

    # Arrows into a language that is not checked yet, then Space on a focused radio keeps it.
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    expect(page.get_by_role("radio", name="English")).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(html).to_have_attribute("lang", "fr")
    expect(page.locator("#main h1")).to_have_text("Réglages")
    expect(page.get_by_role("radio", name="Français")).to_be_focused()
    page.keyboard.press("Space")
    expect(page.get_by_role("radio", name="Français")).to_be_checked()

    # The file chooser and the data buttons are reachable.
    tab_until(page, lambda e: e["type"] == "file")
    expect(page.locator("label.file")).to_have_css("outline-style", "solid")  # the visible focus ring of the label
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Effacer toutes les données")).to_be_focused()
    assert_settings_include(page, {"language": "fr", "name": "Zoé", "sound": False, "speed": "slow", "theme": "dark"})


def test_skip_to_content_moves_the_focus_to_the_screen_without_leaving_it(page: Page, base_url: str) -> None:
    open_app(page, base_url, "#/rules/421")
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Skip to content")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#main h1")).to_have_text("Rules of 421")
    expect(page.locator("#main:focus-within, #main:focus")).to_have_count(1)
    expect(page).to_have_title("Rules of 421 · Étoile")


def expect_fits_and_names_every_control(page: Page, where: str, names: bool) -> None:
    """No sideways scrolling at phone width, and (if ``names``) every control has a name a screen reader can say."""
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{where}: the page is {width} px wide on a {PHONE['width']} px screen"
    if not names:
        return
    controls = page.locator("#app").locator("a, button, input, select, textarea, summary, [role=button], [role=switch]")
    assert controls.count() > 0
    for control in controls.all():
        expect(control, f"{where}: {control.evaluate('(e) => e.outerHTML')[:120]}").to_have_accessible_name(re.compile(r"\S"))


def test_every_screen_fits_a_small_phone_and_every_control_has_a_name(page: Page, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    page.add_init_script(
        "if (!sessionStorage.getItem('e2e-seeded')) { sessionStorage.setItem('e2e-seeded', '1');"
        " localStorage.setItem('etoile:settings', '{not json'); }"
    )
    open_app(page, base_url)  # with a notice about the unreadable settings (more buttons to check)
    expect(page.locator(".notice")).to_have_count(1)
    heading = page.locator("#main h1")
    for lang in ("en", "fr", "ru"):
        names = lang == "en"  # the controls are the same in every language: their names are checked once
        page.goto(f"{base_url}#/settings")
        page.get_by_role("radio", name=LANGUAGE_NAMES[lang]).check()
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect_fits_and_names_every_control(page, f"settings ({lang})", names)
        page.goto(f"{base_url}#/")
        expect(heading).to_have_text("Étoile")
        expect_fits_and_names_every_control(page, f"home ({lang})", names)
        for game in GAMES:
            page.goto(f"{base_url}#/rules/{game}")
            expect(page.locator("article.rules")).to_be_visible()
            expect_fits_and_names_every_control(page, f"rules of {game} ({lang})", names)
            page.goto(f"{base_url}#/{game}")
            expect(page.locator("#main h1")).to_contain_text(t(lang, f"game.{game}.name"))
            expect_fits_and_names_every_control(page, f"{game} ({lang})", names)
        page.goto(f"{base_url}#/nowhere")
        expect(page.locator("#main a.button")).to_be_visible()
        expect_fits_and_names_every_control(page, f"page not found ({lang})", names)
    # The delete-all dialog (still in Russian).
    page.goto(f"{base_url}#/settings")
    page.get_by_role("button", name=t("ru", "settings.reset")).click()
    expect(page.get_by_role("alertdialog", name=t("ru", "reset.title"))).to_be_visible()
    expect_fits_and_names_every_control(page, "delete-all dialog (ru)", names=True)
    page.keyboard.press("Escape")
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    # The error notice's folded details, opened.
    page.locator(".notice summary").click()
    expect(page.locator(".notice pre")).to_be_visible()
    expect_fits_and_names_every_control(page, "notice details", names=True)
