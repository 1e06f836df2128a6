"""The computer players think in their own worker, never on the page: when the worker cannot start, the player is
told, and the page goes on answering."""

from playwright.sync_api import Page, expect

from tests.e2e.conftest import set_up
from tests.e2e.support import t


def test_a_computer_whose_worker_cannot_start_is_reported_and_the_page_stays_usable(page: Page, base_url: str) -> None:
    page.clock.install()
    page.route("**/py/worker.py", lambda route: route.abort())  # a worker that never becomes ready
    set_up(page, base_url, "chinese-checkers", ["Ann", None])
    page.locator(".spot[data-hole='3']").click()
    page.locator(".spot[data-hole='16']").click()
    expect(page.locator(".computer-turn")).to_be_visible()
    page.clock.fast_forward("05:00")  # well past the worker's start limit (a minute)
    alert = page.locator(".notice[role='alert']")
    expect(alert).to_contain_text(t("en", "error.computer"))
    # Nothing was worked out on the page instead: the computer has not moved, and the page still answers.
    expect(page.locator(".turn-log summary")).to_have_text("Game log (1 line)")
    alert.get_by_role("button", name=t("en", "notice.dismiss")).click()
    expect(alert).to_have_count(0)
    page.get_by_role("link", name="Settings").click()
    expect(page.locator("#main h1")).to_have_text("Settings")
