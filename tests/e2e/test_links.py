"""A game sent as a link, opened on another device (a second browser context) as a replay."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e import positions
from tests.e2e.conftest import open_app
from tests.e2e.support import local_storage, seed_once, t


def shared_link(page: Page, base_url: str, game: str) -> str:
    """Open ``game``'s saved table on ``page`` and take the link its "Share a link" gives."""
    open_app(page, base_url, f"#/{game}")
    page.get_by_role("button", name="Share a link").click()
    field = page.get_by_label(t("en", "table.share_label"))
    expect(field).to_be_focused()
    url = field.input_value()
    assert url.startswith(base_url + "#/link/1.watch.")
    code = page.get_by_role("img", name=t("en", "table.share_qr"))  # the same link, for a phone's camera
    expect(code).to_be_visible()
    assert code.evaluate("(svg) => svg.getBoundingClientRect().width") >= 200
    return url


def test_a_finished_generala_game_sent_as_a_link_replays_on_another_device_in_its_language(
    page: Page, base_url: str, browser: Browser
) -> None:
    seed_once(page, positions.items(match=positions.finished("generala")))
    url = shared_link(page, base_url, "generala")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.get_by_role("button", name="Copy the link").click()
    expect(page.locator(".notice")).to_have_text(t("en", "link.copied") + t("en", "notice.dismiss"))
    assert page.evaluate("() => navigator.clipboard.readText()") == url

    friend = browser.new_context(locale="fr-FR").new_page()  # another device, in French, with games of its own
    own_game = positions.items(match=positions.mid_game("generala"))
    seed_once(friend, {key: value for key, value in own_game.items() if key != "etoile:settings"})  # French: the browser's
    friend.goto(url)
    friend.wait_for_selector("html[data-ready='true']")
    expect(friend.locator(".watch-note")).to_have_text(t("fr", "link.watching"))
    expect(friend).to_have_title(f"{t('fr', 'link.title')} · Étoile")
    status = friend.locator(".replay-status")
    expect(status).to_contain_text("coup 0 sur")
    friend.get_by_role("button", name=t("fr", "table.replay_forward")).click()
    friend.get_by_role("button", name=t("fr", "table.replay_forward")).click()
    expect(status).to_contain_text("coup 2 sur")
    expect(friend.locator(".sheet thead")).to_contain_text("Ann")
    own = local_storage(friend)["etoile:match:generala"]
    friend.reload()
    friend.wait_for_selector("html[data-ready='true']")
    expect(friend.locator(".watch-note")).to_be_visible()  # the link is the page's address: a reload opens it again
    friend.get_by_role("button", name=t("fr", "link.leave")).click()
    expect(friend.locator(".game-card").nth(1).get_by_role("link", name=t("fr", "home.continue"))).to_be_visible()
    assert local_storage(friend)["etoile:match:generala"] == own  # the friend's own game is untouched
    friend.context.close()


def test_a_damaged_link_says_so_and_changes_nothing(page: Page, base_url: str) -> None:
    seed_once(page, positions.items(match=positions.mid_game("chinese-checkers")))
    url = shared_link(page, base_url, "chinese-checkers")
    before = local_storage(page)
    page.goto(url[:-12])
    expect(page.locator("#main h1")).to_have_text(t("en", "link.refused.title"))
    expect(page.locator(".link-refused .lead")).to_have_text(t("en", "link.refused.damaged"))
    page.goto(url.replace("1.watch.", "7.watch."))
    expect(page.locator(".link-refused .lead")).to_have_text(t("en", "link.refused.newer"))
    page.get_by_role("link", name=t("en", "nav.back_home")).click()
    expect(page.locator(".game-card")).to_have_count(3)
    assert local_storage(page) == before


@pytest.mark.browser_context_args(service_workers="allow")  # offline, the service worker serves the page
def test_a_link_opens_offline_after_one_visit(page: Page, base_url: str) -> None:
    seed_once(page, positions.items(match=positions.finished("421")))
    url = shared_link(page, base_url, "421")
    page.wait_for_selector("html[data-offline='ready']")
    page.context.set_offline(True)
    page.goto(base_url + "#/")
    page.goto(url)
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    expect(page.locator(".watch-note")).to_have_text(t("en", "link.watching"))
    expect(page.locator(".replay-status")).to_contain_text("move 0 of")
