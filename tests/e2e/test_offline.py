"""Offline play: after one visit the service worker has cached the whole app."""

from playwright.sync_api import Page, expect

from tests.e2e.conftest import open_app, set_up
from tests.e2e.support import t


def test_the_app_starts_and_plays_against_the_computer_offline_after_the_first_visit(page: Page, base_url: str) -> None:
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    open_app(page, base_url)
    page.wait_for_selector("html[data-offline='ready']")
    expect(page.locator(".footer")).to_have_text(t("en", "footer.offline"))
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")

    page.context.set_offline(True)
    # The network really is off, for the page and for its service worker.
    assert page.evaluate("() => fetch('./no-such-file.txt').then(() => 'answered', () => 'failed')") == "failed"
    failed.clear()

    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    cards = page.locator(".game-card")
    expect(cards.locator("h2")).to_have_text(["421", "Generala", "Chinese checkers"])
    for index in range(3):
        page.wait_for_function(
            "(img) => img.complete && img.naturalWidth > 0", arg=cards.nth(index).locator("img").element_handle()
        )

    page.goto(f"{base_url}#/settings")
    expect(page.locator("#main h1")).to_have_text("Settings")
    status = page.locator(".offline-status")
    expect(status).to_have_text("Étoile is installed for offline play.")
    expect(status).to_have_attribute("data-offline", "ready")

    # A deep address opened while offline works too.
    page.goto(f"{base_url}#/rules/chinese-checkers")
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    expect(page.locator("#main h1")).to_have_text("Rules of Chinese checkers")
    page.wait_for_selector("html[data-offline='ready']")
    expect(page.locator(".footer")).to_have_text(t("en", "footer.offline"))
    # A game against the computer, whose worker loads offline too (no fallback to thinking on the page).
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type in ("warning", "error") else None)
    set_up(page, base_url, "chinese-checkers", ["Ann", None])
    page.locator(".spot[data-hole='3']").click()
    page.locator(".spot[data-hole='16']").click()
    expect(page.locator(".turn-log summary")).to_have_text("Game log (2 lines)")
    expect(page.locator(".status")).to_have_text("Ann to play (red). Choose a piece to move.")
    assert [text for text in problems if "Traceback" in text] == []
    # Chromium fetches the tab's icon outside service workers, so only that request may fail offline.
    assert [url for url in failed if not url.endswith("/icons/icon.svg")] == []
