"""The rules pages: every section and every option of each game, in each language."""

import pytest
from playwright.sync_api import Page, expect

from etoile.games import REGISTRY, token
from tests.e2e.conftest import open_app
from tests.e2e.support import GAMES, NAMESPACES, rules, t

LANGUAGE_NAMES = {"en": "English", "fr": "Français", "ru": "Русский"}


def expect_rules_page(page: Page, lang: str, game: str) -> None:
    """The rules page of ``game`` shows, in ``lang``, its title, summary, every section and every option."""
    rules_page = rules(lang)[NAMESPACES[game]]
    article = page.locator("article.rules")
    expect(article.locator("h1")).to_have_text(t(lang, "rules.title", game=rules_page["title"]))
    expect(article.locator("> .lead")).to_have_text(rules_page["summary"])
    expect(article.locator("> section > h2")).to_have_text(
        [section["heading"] for section in rules_page["sections"]] + [t(lang, "rules.options")]
    )
    # Every paragraph and list item of every section, in order.
    for index, section in enumerate(rules_page["sections"]):
        blocks = article.locator("> section").nth(index).locator("> p, > ul > li")
        expected = [item for block in section["blocks"] for item in (block["list"] if isinstance(block, dict) else [block])]
        expect(blocks).to_have_text(expected)
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
