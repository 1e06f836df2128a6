"""English, French and Russian: the browser's language first, then the player's choice, remembered."""

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import open_app
from tests.e2e.support import GAMES, hold_boot, release_boot, saved_settings, t, wait_boot_held


def expect_home_in(page: Page, lang: str) -> None:
    """Every text of the home screen is the one of ``lang``."""
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator(".skip-link")).to_have_text(t(lang, "nav.skip"))
    nav = page.get_by_role("navigation", name=t(lang, "nav.label"))
    expect(nav.get_by_role("link")).to_have_text([t(lang, "nav.home"), t(lang, "nav.settings")])
    expect(page.locator(".home .lead")).to_have_text(t(lang, "home.lead"))
    cards = page.locator(".game-card")
    expect(cards.locator("h2")).to_have_text([t(lang, f"game.{g}.name") for g in GAMES])
    expect(cards.locator(".game-card-body > p")).to_have_text([t(lang, f"game.{g}.line") for g in GAMES])
    expect(cards.locator(".game-card-actions a")).to_have_text(
        [t(lang, key) for _ in GAMES for key in ("home.play", "home.rules")]
    )
    expect(page.get_by_role("region", name=t(lang, "notices.label"))).to_be_attached()


@pytest.mark.browser_context_args(locale="fr-FR")
def test_a_french_browser_gets_the_games_in_french(page: Page, base_url: str) -> None:
    open_app(page, base_url)
    expect_home_in(page, "fr")
    expect(page.locator(".game-card h2").nth(2)).to_have_text("Dames chinoises")
    expect(page.locator(".game-card").first.get_by_role("link", name="Règles")).to_be_visible()


@pytest.mark.browser_context_args(locale="ru-RU")
def test_a_russian_browser_gets_the_games_in_russian(page: Page, base_url: str) -> None:
    open_app(page, base_url, "#/settings")
    expect(page.locator("#main h1")).to_have_text("Настройки")
    expect(page).to_have_title("Настройки · Étoile")
    # The browser's language is shown as the current choice, but nothing is saved until the player picks.
    expect(page.get_by_role("radio", name="Русский")).to_be_checked()
    assert "etoile:settings" not in page.evaluate("() => Object.keys(localStorage)")
    page.get_by_role("link", name="Игры").click()
    expect_home_in(page, "ru")
    expect(page.locator(".game-card h2").nth(1)).to_have_text("Генерал")


def test_choosing_russian_switches_every_text_at_once_and_is_remembered(page: Page, base_url: str) -> None:
    open_app(page, base_url, "#/settings")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("radio", name="English")).to_be_checked()

    page.get_by_text("Русский", exact=True).click()
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.get_by_role("radio", name="Русский")).to_be_checked()
    expect(page.locator("#main h1")).to_have_text(t("ru", "settings.title"))
    expect(page).to_have_title(f"{t('ru', 'settings.title')} · Étoile")
    expect(page.locator(".settings legend")).to_have_text(
        [t("ru", k) for k in ("settings.language", "settings.sound", "settings.speed", "settings.theme")]
    )
    expect(page.locator("label[for=player-name]")).to_have_text(t("ru", "settings.name"))
    expect(page.locator("#player-name-hint")).to_have_text(t("ru", "settings.name_hint"))
    expect(page.locator("input[name=speed] + span")).to_have_text(
        [t("ru", f"settings.speed.{v}") for v in ("slow", "normal", "fast", "off")]
    )
    expect(page.locator("input[name=theme] + span")).to_have_text(
        [t("ru", f"settings.theme.{v}") for v in ("system", "light", "dark")]
    )
    expect(page.locator(".settings .data h2")).to_have_text(t("ru", "settings.data"))
    expect(page.locator(".settings .data .row > *")).to_have_text(
        [t("ru", "settings.export"), t("ru", "settings.import"), t("ru", "settings.reset")]
    )
    expect(page.locator(".skip-link")).to_have_text(t("ru", "nav.skip"))
    nav = page.get_by_role("navigation", name=t("ru", "nav.label"))
    expect(nav.get_by_role("link")).to_have_text([t("ru", "nav.home"), t("ru", "nav.settings")])
    # No English text is left anywhere on the page.
    for english in ("Settings", "Language", "Colour theme", "Delete all data", "Games", "Skip to content"):
        expect(page.locator("body")).not_to_contain_text(english)
    assert saved_settings(page)["language"] == "ru"

    # After a reload, the loading screen already speaks Russian, then the whole app does.
    hold_boot(page)
    page.reload(wait_until="domcontentloaded")
    wait_boot_held(page)
    expect(page.locator("#loading p:visible")).to_have_text([t("ru", "loading.title"), t("ru", "loading.detail")])
    expect(page.locator("#loading p:visible").first).to_have_text("Загрузка «Этуаль»…")
    release_boot(page)
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator("#main h1")).to_have_text(t("ru", "settings.title"))
    page.get_by_role("link", name=t("ru", "nav.home")).click()
    expect_home_in(page, "ru")
