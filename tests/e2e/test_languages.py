"""English, French, Russian and Spanish: the browser's language first, then the player's choice, remembered."""

import re

import pytest
from playwright.sync_api import Page, expect

from etoile.engine.match import Match
from etoile.games.generala import rules as generala
from tests.e2e.conftest import fix_seed, open_app, open_in_language
from tests.e2e.support import GAMES, NAMESPACES, hold_boot, release_boot, rules, saved_settings, t, wait_boot_held


def expect_home_in(page: Page, lang: str) -> None:
    """Every text of the home screen is the one of ``lang``."""
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator(".skip-link")).to_have_text(t(lang, "nav.skip"))
    nav = page.get_by_role("navigation", name=t(lang, "nav.label"))
    expect(nav.get_by_role("link")).to_have_text([t(lang, "nav.home"), t(lang, "nav.history"), t(lang, "nav.settings")])
    expect(page.locator(".home .lead")).to_have_text(t(lang, "home.lead"))
    cards = page.locator(".game-card")
    expect(cards.locator("h2")).to_have_text([t(lang, f"game.{g}.name") for g in GAMES])
    expect(cards.locator(".game-card-body > p")).to_have_text([t(lang, f"game.{g}.line") for g in GAMES])
    expect(cards.locator(".game-card-actions a")).to_have_text(
        [t(lang, key) for _ in GAMES for key in ("home.play", "home.rules")]
    )
    expect(page.get_by_role("region", name=t(lang, "notices.label"))).to_be_attached()


def expect_chosen_and_loaded_in(page: Page, lang: str, loading: str) -> None:
    """No English text is left, ``lang`` is saved, and after a reload the screen drawn before Python already speaks
    it, as does the loading screen (``loading``) of a route that waits for Python, then the whole app does."""
    for english in ("Settings", "Language", "Colour theme", "Delete all data", "Games", "Skip to content"):
        expect(page.locator("body")).not_to_contain_text(english)
    assert saved_settings(page)["language"] == lang
    hold_boot(page)
    page.reload(wait_until="domcontentloaded")
    wait_boot_held(page)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#main h1")).to_have_text(t(lang, "settings.title"))
    expect(page).to_have_title(f"{t(lang, 'settings.title')} · Étoile")
    page.goto(page.url.split("#")[0] + "#/nowhere", wait_until="domcontentloaded")
    wait_boot_held(page)
    expect(page.locator("#loading p:visible")).to_have_text([t(lang, "loading.title"), t(lang, "loading.detail")])
    expect(page.locator("#loading p:visible").first).to_have_text(loading)
    release_boot(page)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#main h1")).to_have_text(t(lang, "missing.title"))
    page.get_by_role("navigation", name=t(lang, "nav.label")).get_by_role("link", name=t(lang, "nav.settings")).click()
    expect(page.locator("#main h1")).to_have_text(t(lang, "settings.title"))


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
    expect(nav.get_by_role("link")).to_have_text([t("ru", "nav.home"), t("ru", "nav.history"), t("ru", "nav.settings")])
    expect_chosen_and_loaded_in(page, "ru", "Загрузка «Этуаль»…")
    expect(page.locator("#main h1")).to_have_text(t("ru", "settings.title"))
    page.get_by_role("link", name=t("ru", "nav.home"), exact=True).click()
    expect_home_in(page, "ru")


@pytest.mark.browser_context_args(locale="es-AR")
def test_an_argentine_browser_gets_the_games_in_spanish(page: Page, base_url: str) -> None:
    open_app(page, base_url)
    expect_home_in(page, "es")
    expect(page.locator(".game-card h2")).to_have_text(["421", "Generala", "Damas chinas"])
    expect(page.locator(".game-card").first.get_by_role("link", name="Reglas", exact=True)).to_be_visible()
    page.get_by_role("link", name="Ajustes").click()
    expect(page.locator("#main h1")).to_have_text(t("es", "settings.title"))
    # The browser's language is the current choice, but nothing is saved until the player picks.
    expect(page.get_by_role("radio", name="Español")).to_be_checked()
    assert "etoile:settings" not in page.evaluate("() => Object.keys(localStorage)")


def test_choosing_spanish_switches_every_text_at_once_and_is_remembered(page: Page, base_url: str) -> None:
    open_app(page, base_url, "#/settings")
    expect(page.get_by_role("radio", name="English")).to_be_checked()
    page.get_by_text("Español", exact=True).click()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_role("radio", name="Español")).to_be_checked()
    expect(page.locator("#main h1")).to_have_text("Ajustes")
    expect(page).to_have_title(f"{t('es', 'settings.title')} · Étoile")
    expect(page.locator(".settings legend")).to_have_text(
        [t("es", k) for k in ("settings.language", "settings.sound", "settings.speed", "settings.theme")]
    )
    expect(page.locator("input[name=theme] + span")).to_have_text(
        [t("es", f"settings.theme.{v}") for v in ("system", "light", "dark")]
    )
    expect(page.locator(".settings .data .row > *")).to_have_text(
        [t("es", "settings.export"), t("es", "settings.import"), t("es", "settings.reset")]
    )
    expect(page.locator(".settings .data .row > *").last).to_have_text("Borrar todos los datos")
    expect_chosen_and_loaded_in(page, "es", "Cargando Étoile…")
    page.get_by_role("link", name=t("es", "nav.home"), exact=True).click()
    expect_home_in(page, "es")


def test_a_generala_table_in_spanish_names_its_boxes_and_moves_in_spanish(page: Page, base_url: str) -> None:
    seed = 9
    fix_seed(page, seed)
    open_in_language(page, base_url, "Español", "#/generala/new")
    expect(page.locator("h1")).to_have_text("Nueva partida: Generala")
    page.fill("#setup-players", "1")
    page.press("#setup-players", "Tab")
    page.get_by_role("button", name=t("es", "setup.start")).click()
    player = t("es", "seat.person", number=1)
    expect(page.locator(".status")).to_have_text(
        t("es", "generala.status.play", round=1, rounds=10, throw=0, throws=3, name=player)
    )
    page.get_by_role("button", name=t("es", "generala.throw_first"), exact=True).click()
    names = [t("es", f"generala.box.{box}") for box in generala.BOXES]
    expect(page.locator(".sheet tbody th")).to_have_text([name[:1].upper() + name[1:] for name in names])
    expect(page.locator(".sheet tbody th")).to_contain_text(["Unos", "Escalera", "Full", "Póker", "Generala"])
    expect(page.locator(".sheet thead th").first).to_have_text("Casilla")

    # This seed's first throw is no straight: crossing the straight out asks, in Spanish, and the log says it.
    match = Match.new(generala, {"players": 1}, seed).play(generala.Throw()).settled()
    assert generala.preview(match.state)["straight"] == 0
    page.get_by_role("button", name=t("es", "generala.fill_label", box="escalera", points=0)).click()
    expect(page.locator(".confirm-zero p")).to_have_text(t("es", "generala.confirm_zero", box="escalera"))
    page.get_by_role("button", name="Tachar", exact=True).click()
    expect(page.locator(".status")).to_have_text(
        t("es", "generala.status.play", round=2, rounds=10, throw=0, throws=3, name=player)
    )
    roll = generala.action_to_text(match.actions[-1]).removeprefix("roll ")
    line = t("es", "table.log_line_noted", name=player, moves=f"tira · saca {roll} · anota escalera", note="0 puntos")
    expect(page.locator(".turn-log li")).to_have_text([line])


def test_the_rules_of_every_game_in_spanish(page: Page, base_url: str) -> None:
    open_in_language(page, base_url, "Español", "#/rules/421")
    titles = {"421": "Reglas de 421", "generala": "Reglas de Generala", "chinese-checkers": "Reglas de Damas chinas"}
    for game in GAMES:
        page.goto(f"{base_url}#/rules/{game}")
        page_rules = rules("es")[NAMESPACES[game]]
        article = page.locator("article.rules")
        expect(article.locator("h1")).to_have_text(t("es", "rules.title", game=page_rules["title"]))
        expect(article.locator("h1")).to_have_text(titles[game])
        expect(page).to_have_title(f"{titles[game]} · Étoile")
        expect(article.locator("> .lead")).to_have_text(page_rules["summary"])
        expect(article.locator("> section > h2")).to_have_text(
            ["De un vistazo", *(section["heading"] for section in page_rules["sections"]), "Opciones"]
        )
        expect(article.locator(".option-list dt")).to_have_text(
            [t("es", f"{NAMESPACES[game]}.option.{option['id']}") for option in page_rules["options"]]
        )


def test_a_french_game_against_the_computer_elides_de_before_its_name(page: Page, base_url: str) -> None:
    fix_seed(page, 4)
    open_in_language(page, base_url, "Français", "#/chinese-checkers/new")
    page.select_option("#seat-1-kind", "computer")
    page.locator("[data-action='setup-start']").click()
    computer = t("fr", "seat.computer", number=2, level=t("fr", "chinese_checkers.level.hard"))
    assert computer == "Ordinateur 2 (difficile)"
    # Every hole holding one of the computer's ten pieces says whose it is: "case …, pion … d’Ordinateur 2 (difficile)".
    expect(page.locator(f'.chinese-checkers [role=img][aria-label$=" d’{computer}"]')).to_have_count(10)
    expect(page.locator('.chinese-checkers [aria-label*="de Ordinateur"]')).to_have_count(0)
    label = t("fr", "chinese_checkers.hole_piece", hole=0, colour=t("fr", "chinese_checkers.colour.red"), name="Ana")
    assert label == "case 0, pion rouge d’Ana"


def test_a_french_generala_hint_writes_its_expected_scores_with_a_decimal_comma(page: Page, base_url: str) -> None:
    fix_seed(page, 77)
    open_in_language(page, base_url, "Français", "#/generala/new")
    page.fill("#setup-players", "1")
    page.press("#setup-players", "Tab")
    page.get_by_role("button", name=t("fr", "setup.start")).click()
    page.get_by_role("button", name=t("fr", "generala.throw_first"), exact=True).click()
    page.get_by_role("button", name=t("fr", "generala.hint")).click()
    choices = page.locator(".coach li")
    expect(choices).to_have_count(6)
    expect(choices.first).to_contain_text("score final espéré")
    lines = choices.all_inner_texts()
    boxes = "|".join(t("fr", f"generala.box.{box}") for box in generala.BOXES)
    sentence = re.compile(
        rf"(Garder [1-6 ]+|Relancer les cinq dés|Inscrire \d+ dans ({boxes}))\u00a0: score final espéré \d+,\d\."
    )
    assert all(sentence.fullmatch(line) for line in lines), lines


def test_a_russian_generala_sheet_names_its_boxes_as_players_do_and_the_status_keeps_the_name_as_it_is(
    page: Page, base_url: str
) -> None:
    fix_seed(page, 9)
    open_in_language(page, base_url, "Русский", "#/generala/new")
    page.fill("#setup-players", "1")
    page.press("#setup-players", "Tab")
    page.fill("#seat-0-detail", "Маша")
    page.press("#seat-0-detail", "Tab")
    page.get_by_role("button", name=t("ru", "setup.start")).click()
    status = page.locator(".status")
    expect(status).to_have_text("Раунд 1/10 · бросок 0/3 · ходит Маша")
    page.get_by_role("button", name=t("ru", "generala.throw_first"), exact=True).click()
    expect(status).to_have_text("Раунд 1/10 · бросок 1/3 · ходит Маша")
    names = [t("ru", f"generala.box.{box}") for box in generala.BOXES]
    expect(page.locator(".sheet tbody th")).to_have_text([name[:1].upper() + name[1:] for name in names])
    expect(page.locator(".sheet tbody th")).to_contain_text(["Стрит", "Фул", "Каре", "Генерал"])
    for wrong in ("Полный дом", "попытка", "у игрока"):
        expect(page.locator("body")).not_to_contain_text(wrong)
