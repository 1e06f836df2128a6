"""What a notice about an action says belongs to that action's screen: it goes when the player goes elsewhere."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e import positions
from tests.e2e.conftest import open_app
from tests.e2e.support import seed_once, t


def test_link_copied_does_not_follow_the_player_to_a_damaged_link(page: Page, base_url: str) -> None:
    seed_once(page, positions.items(match=positions.finished("generala")))
    open_app(page, base_url, "#/generala")
    page.get_by_role("button", name=t("en", "table.share")).click()
    url = page.get_by_label(t("en", "table.share_label")).input_value()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.get_by_role("button", name=t("en", "table.share_copy")).click()
    expect(page.locator(".notice > p")).to_have_text([t("en", "link.copied")])
    page.goto(url[:-12])
    expect(page.locator("#main h1")).to_have_text(t("en", "link.refused.title"))
    expect(page.locator(".notice")).to_have_count(0)


def test_the_game_was_imported_stays_at_its_table_not_on_the_history(page: Page, base_url: str) -> None:
    seed_once(page, positions.items(match=positions.finished("chinese-checkers")))
    open_app(page, base_url, "#/chinese-checkers")
    with page.expect_download() as download_info:
        page.get_by_role("button", name=t("en", "table.export")).click()
    exported = Path(download_info.value.path()).read_bytes()
    page.locator("input[type=file][data-action='import-game']").set_input_files(
        {"name": "game.json", "mimeType": "application/json", "buffer": exported}
    )
    expect(page.locator(".notice > p")).to_have_text([t("en", "table.imported")])
    page.get_by_role("link", name=t("en", "nav.history")).click()
    expect(page.locator("#main h1")).to_have_text(t("en", "history.title"))
    expect(page.locator(".notice")).to_have_count(0)
