"""The rules pages: every section and every option of each game, in each language."""

import pytest
from playwright.sync_api import Page, expect

from etoile.engine.game import token
from etoile.engine.registry import REGISTRY
from tests.e2e.conftest import open_app
from tests.e2e.support import GAMES, NAMESPACES, rules, t

LANGUAGE_NAMES = {"en": "English", "fr": "Français", "ru": "Русский", "es": "Español"}


def expect_rules_page(page: Page, lang: str, game: str) -> None:
    """The rules page of ``game`` shows, in ``lang``, its title, summary, every section and every option."""
    rules_page = rules(lang)[NAMESPACES[game]]
    article = page.locator("article.rules")
    expect(article.locator("h1")).to_have_text(t(lang, "rules.title", game=rules_page["title"]))
    expect(article.locator("> .lead")).to_have_text(rules_page["summary"])
    expect(article.locator("> section > h2")).to_have_text(
        [t(lang, "rules.glance"), *(section["heading"] for section in rules_page["sections"]), t(lang, "rules.options")]
    )
    # First the game at a glance: its figures, each over its line.
    expect(article.locator(".glance figcaption")).to_have_text([block["caption"] for block in rules_page["glance"]])
    # Every paragraph and list item of every section, in order, and every diagram's caption.
    for index, section in enumerate(rules_page["sections"]):
        blocks = article.locator("> section:not(.glance)").nth(index).locator("> p, > ul > li")
        texts = [block for block in section["blocks"] if isinstance(block, str) or "list" in block]
        expected = [item for block in texts for item in (block["list"] if isinstance(block, dict) else [block])]
        expect(blocks).to_have_text(expected)
        captions = [block["caption"] for block in section["blocks"] if isinstance(block, dict) and "figure" in block]
        expect(article.locator("> section:not(.glance)").nth(index).locator("> figure > figcaption")).to_have_text(captions)
    expect(article.locator(".options > p")).to_have_text(t(lang, "rules.options_lead"))
    options = article.locator(".option-list")
    # Each option goes by the name the setup screen gives it.
    names = [t(lang, f"{NAMESPACES[game]}.option.{option['id']}") for option in rules_page["options"]]
    expect(options.locator("dt")).to_have_text(names)
    spec = REGISTRY[game].DESCRIPTION
    for index, (option, offered) in enumerate(zip(rules_page["options"], spec.offered, strict=True)):
        expect(options.locator("dt").nth(index)).to_have_attribute("data-option", option["id"])
        # The values go by the setup screen's words: the default, then the others.
        label = [t(lang, f"{spec.namespace}.option.{offered.id}.{token(v)}") for v in offered.values]
        others = [text for v, text in zip(offered.values, label, strict=True) if v != offered.default]
        expect(options.locator("dd").nth(index).locator("p")).to_have_text(
            [
                f"{t(lang, 'rules.default')} {label[offered.values.index(offered.default)]}",
                f"{t(lang, 'rules.alternative', count=len(others))} {' · '.join(others)}",
                option["text"],
            ]
        )
    expect(article.get_by_role("link", name=t(lang, "home.play"), exact=True)).to_have_attribute("href", f"#/{game}")


def test_rules_pages_show_every_section_and_option_in_each_language(page: Page, base_url: str) -> None:
    open_app(page, base_url, "#/settings")  # the only page load: everything else is a hash change
    for lang in ("en", "fr", "ru"):
        page.goto(f"{base_url}#/settings")
        page.get_by_role("radio", name=LANGUAGE_NAMES[lang]).check()
        expect(page.locator("html")).to_have_attribute("lang", lang)
        for game in GAMES:
            page.goto(f"{base_url}#/rules/{game}")
            expect_rules_page(page, lang, game)


@pytest.mark.browser_context_args(locale="fr-FR")
def test_rules_page_title_in_the_tab_matches_its_heading_in_french(page: Page, base_url: str) -> None:
    open_app(page, base_url, "#/rules/421")
    heading = page.locator("#main h1")
    for game in GAMES:
        page.goto(f"{base_url}#/rules/{game}")
        expect(heading).to_have_text(t("fr", "rules.title", game=rules("fr")[NAMESPACES[game]]["title"]))
        expect(page).to_have_title(f"{heading.text_content()} · Étoile")


def test_the_chinese_checkers_rules_say_who_moves_first_and_draw_the_board_a_step_and_jumps(page: Page, base_url: str) -> None:
    open_app(page, base_url, "#/settings")
    for lang in ("en", "fr", "ru", "es"):
        page.goto(f"{base_url}#/settings")
        page.get_by_role("radio", name=LANGUAGE_NAMES[lang]).check()
        expect(page.locator("html")).to_have_attribute("lang", lang)
        page.goto(f"{base_url}#/rules/chinese-checkers")
        sections = rules(lang)["chinese_checkers"]["sections"]
        article = page.locator("article.rules")
        first = sections[1]["blocks"][-1]  # Players and seats: who moves first, and the order of play
        expect(article.locator("> section:not(.glance)").nth(1).locator("> p").last).to_have_text(first)
        figures = [block for section in sections for block in section["blocks"] if isinstance(block, dict) and "figure" in block]
        assert [figure["figure"] for figure in figures] == ["board", "step", "jumps", "long_jump"]
        expect(article.locator("> section:not(.glance) figure")).to_have_count(4)
        for index, figure in enumerate(figures):
            drawn = article.locator("> section:not(.glance) figure").nth(index)
            # The diagram is an image named by its description, seen on the page, with its caption under it.
            expect(drawn.get_by_role("img", name=figure["alt"], exact=True)).to_be_visible()
            expect(drawn.locator("figcaption")).to_have_text(figure["caption"])
        for figure in figures:  # a figure is named by its caption
            expect(article.get_by_role("figure", name=figure["caption"], exact=True)).to_be_visible()
        expect(article.locator("> section:not(.glance) figure").nth(0).locator(".piece")).to_have_count(60)
        expect(article.locator("> section:not(.glance) figure").nth(0).locator(".cc-letter")).to_have_text(list("ABCDEF"))
        expect(article.locator("> section:not(.glance) figure").nth(2).locator(".hole.target")).to_have_count(3)
