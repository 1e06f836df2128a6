"""Names as people type them: an emoji sequence stays one picture at the table and in a link."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import fix_seed, set_up
from tests.e2e.support import t

FAMILY = "\U0001f469\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"
"""👩‍👩‍👧‍👦: four people joined by three zero-width joiners."""


def test_a_name_with_an_emoji_sequence_shows_whole_at_the_table_and_in_its_watch_link(
    page: Page, base_url: str, browser: Browser
) -> None:
    fix_seed(page, 421)
    set_up(page, base_url, "421", ["Ann " + FAMILY, None])
    first = page.locator(".players .player-name").first
    expect(first).to_contain_text("Ann " + FAMILY)
    assert first.evaluate("(e) => e.firstChild.textContent") == "Ann " + FAMILY
    page.get_by_role("button", name=t("en", "table.share")).click()
    url = page.get_by_label(t("en", "table.share_label")).input_value()
    assert url.startswith(base_url + "#/link/1.watch.")

    friend = browser.new_context(locale="en-GB").new_page()
    friend.goto(url)
    friend.wait_for_selector("html[data-ready='true']")
    expect(friend.locator(".watch-note")).to_have_text(t("en", "link.watching"))
    expect(friend.locator(".players .player-name").first).to_contain_text("Ann " + FAMILY)
    friend.context.close()
