"""Offline play: after one visit the service worker has cached the whole app."""

import json
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import open_app, set_up
from tests.e2e.support import hold_boot, release_boot, t, wait_boot_held
from tools.build import SITE

pytestmark = pytest.mark.browser_context_args(service_workers="allow")  # working offline is the service worker's


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

    # Offline too, the home screen is there before Python has started, then Python takes it over.
    hold_boot(page)
    page.reload(wait_until="domcontentloaded")
    wait_boot_held(page)
    cards = page.locator(".game-card")
    expect(cards.locator("h2")).to_have_text(["421", "Generala", "Chinese checkers"])
    expect(page.locator("html")).not_to_have_attribute("data-ready", "true")
    release_boot(page)
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
    page.reload(wait_until="domcontentloaded")
    wait_boot_held(page)
    expect(page.locator("#main h1")).to_have_text("Rules of Chinese checkers")
    release_boot(page)
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
    # Today's challenge, whose dice come from the date alone, is there offline too.
    page.goto(f"{base_url}#/daily")
    expect(page.locator(".daily-banner")).to_contain_text("Your first game of the day counts.")
    page.get_by_role("button", name="Throw", exact=True).click()
    expect(page.locator(".dice-row .die")).to_have_count(5)
    assert [text for text in problems if "Traceback" in text] == []
    # Chromium fetches the tab's icon outside service workers, so only that request may fail offline.
    assert [url for url in failed if not url.endswith("/icons/icon.svg")] == []


def test_the_site_serves_exactly_the_files_a_whole_session_loads(page: Page, base_url: str) -> None:
    """Home, a game of each kind against the computer (its worker, its coach), then an offline reload: every file of
    the built tree is asked for by the page or its worker, and every file asked for is in the tree."""
    asked: set[str] = set()

    def note(request) -> None:
        parts = urlsplit(request.url)
        if parts.netloc == urlsplit(base_url).netloc and request.service_worker is None:  # not the cache filling up
            asked.add(parts.path.lstrip("/") or "index.html")

    page.context.on("request", note)
    open_app(page, base_url)
    page.wait_for_selector("html[data-offline='ready']")
    for game in ("421", "generala", "chinese-checkers"):
        set_up(page, base_url, game, ["Ann", None])
        page.wait_for_selector("html[data-ai='ready']")
        page.evaluate("() => document.documentElement.removeAttribute('data-ai')")
    page.get_by_role("button", name="Hint").click()
    expect(page.locator("polyline.hint-move")).to_have_count(1)
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("html[data-ready='true']")

    served = {p.relative_to(SITE).as_posix() for p in SITE.rglob("*") if p.is_file()} - {".nojekyll"}
    manifest = json.loads((SITE / "manifest.webmanifest").read_text())
    installing = {"sw.js", "manifest.webmanifest"} | {icon["src"] for icon in manifest["icons"]}  # the browser's own
    # boot.js asks for a screen drawn before Python (all but home) only when its route opens before Python has started
    # (test_before_python.py opens each); test_build.py holds each to its template.
    before_python = {name for name in served if name.startswith("predrawn/")}
    assert asked - served == set()
    assert served - asked - installing - before_python == set()
