"""Browser tests: one server per test process, Debian's Chromium, a fresh context per test.

Every test's page records the requests it makes and fails if any leaves the
app's own origin. ``open_app(page, route)`` loads a screen and waits for the
app's ready marker (never a sleep). A test whose page's renderer crashed runs
again (:data:`CRASHES`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, expect

from tests.e2e.network import LiveNetwork, NetworkUnavailable, closed_network
from tools.build import SITE, build
from tools.serve import serve_in_background

Devices = Callable[[int], list[Page]]
"""What the ``devices`` fixture gives: ``devices(count)`` makes that many devices (pages) of live play."""

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Shared memory in /tmp, not /dev/shm: a container's /dev/shm is often 64 MB, and renderers that outgrow it crash.
    "--disable-dev-shm-usage",
]
TIMEOUT_MS = 30_000
# Assertions wait as long as actions: the first computer move or hint starts a second interpreter.
expect.set_options(timeout=TIMEOUT_MS)


def pytest_configure(config: pytest.Config) -> None:
    """Build the app once, before any test process starts (each then serves it on its own port)."""
    if not hasattr(config, "workerinput") and not (SITE / "sw.js").exists():
        build()


CRASHES = ["Target crashed", "Page crashed"]
"""Chromium's words when a page's renderer process dies under it (seen on CI, spread over unrelated tests while
pages loaded; an error of the app shows its failure screen instead). A test whose page crashed runs again, at most
twice, in a fresh page; any other failure fails at once."""


LONGEST = ("test_live.py", "test_audit.py", "test_generala.py", "test_random_clicks.py", "test_live_faults.py")
"""The test files that take longest (``--durations``), run first: each runs whole in one process, and one of them
left for the end would keep that process busy while the other has finished."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.e2e)
            item.add_marker(pytest.mark.flaky(reruns=2, only_rerun=CRASHES))
    first = {here / name: rank for rank, name in enumerate(LONGEST)}
    items.sort(key=lambda item: first.get(Path(item.fspath), len(LONGEST)))  # stable: the rest keep their order


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    """The built app, served on a free localhost port for the whole session (of this test process)."""
    server, url = serve_in_background(SITE)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {
        **browser_type_launch_args,
        "executable_path": os.environ.get("CHROMIUM", "/usr/bin/chromium"),
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """Every test's context: English, downloads accepted, and no service worker, whose install fetches the whole site
    again in the background of each new context (half a second of a test's start on this machine, and the other
    process's CPU). The tests of working offline allow it: ``@pytest.mark.browser_context_args(service_workers="allow")``."""
    return {**browser_context_args, "locale": "en-GB", "accept_downloads": True, "service_workers": "block"}


def guard(page: Page, base_url: str) -> list[str]:
    """Give ``page`` a 30 s timeout, and a list that collects every request it makes outside ``base_url``'s origin."""
    origin = urlsplit(base_url).netloc
    foreign: list[str] = []

    def check(request: Request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.netloc != origin:
            foreign.append(request.url)

    page.on("request", check)
    page.set_default_timeout(TIMEOUT_MS)
    return foreign


@pytest.fixture
def page(page: Page, base_url: str) -> Iterator[Page]:
    """pytest-playwright's page, with a 30 s timeout and a same-origin guard."""
    foreign = guard(page, base_url)
    yield page
    assert foreign == [], f"requests to other origins: {foreign}"


def open_app(page: Page, base_url: str, route: str = "#/") -> Page:
    """Load the app at ``route`` and wait until it has drawn its first screen."""
    page.goto(base_url + route)
    page.wait_for_selector("html[data-ready='true']")
    return page


def fix_seed(page: Page, seed: int) -> None:
    """Make every new game on this page use ``seed`` (the app draws seeds from crypto.getRandomValues)."""
    page.add_init_script(
        f"""
        (() => {{
          const real = crypto.getRandomValues.bind(crypto);
          crypto.getRandomValues = (array) => {{
            if (array instanceof Uint32Array && array.length === 2) {{
              array[0] = {seed >> 32}; array[1] = {seed & 0xFFFFFFFF};
              return array;
            }}
            return real(array);
          }};
        }})();
        """
    )


def open_in_language(page: Page, base_url: str, language: str, route: str) -> None:
    """Choose ``language`` (its name in itself, as the settings list it) and open ``route``."""
    open_app(page, base_url, "#/settings")
    page.get_by_label(language).check()
    page.goto(base_url + route)
    page.wait_for_selector("html[data-ready='true']")


def set_up(page: Page, base_url: str, game: str, players: list[str | None], options: list[str] = ()) -> None:
    """Open ``game``'s setup, seat people (names) and computers (``None``), tick ``options`` by label, start."""
    open_app(page, base_url, f"#/{game}/new")
    count = page.locator("#setup-players")
    if count.evaluate("(e) => e.tagName") == "SELECT":
        count.select_option(str(len(players)))
    else:  # a game whose rules set no limit asks for a number
        count.fill(str(len(players)))
        count.press("Tab")
    for index, name in enumerate(players):
        page.select_option(f"#seat-{index}-kind", "person" if name is not None else "computer")
        if name is not None:
            page.fill(f"#seat-{index}-detail", name)
            page.press(f"#seat-{index}-detail", "Tab")
    for label in options:
        page.get_by_label(label, exact=True).check()
    page.locator("[data-action='setup-start']").click()


@pytest.fixture(scope="session")
def live_network() -> Iterator[LiveNetwork]:
    """A closed network for live play (:mod:`tests.e2e.network`), one per test process: the app served inside it at
    ``base_url`` and a ``chromium`` that runs inside it. Skips the test where this machine cannot make one."""
    try:
        with closed_network(SITE, os.environ.get("CHROMIUM", "/usr/bin/chromium")) as network:
            yield network
    except NetworkUnavailable as why:
        pytest.skip(f"live play needs a network namespace: {why}")


@pytest.fixture(scope="session")
def live_browser(live_network: LiveNetwork, launch_browser: Callable[..., Browser]) -> Iterator[Browser]:
    """A Chromium inside :func:`live_network`, launched like the other tests' (same arguments and options)."""
    browser = launch_browser(executable_path=str(live_network.chromium), args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture
def devices(live_browser: Browser, live_network: LiveNetwork) -> Iterator[Devices]:
    """Makes ``count`` devices: pages of :func:`live_browser`, each in a fresh context of its own (its own storage,
    like another phone), each guarded like ``page``. All are closed, and their guards checked, after the test."""
    made: list[tuple[BrowserContext, list[str]]] = []

    def make(count: int) -> list[Page]:
        pages = []
        for _ in range(count):
            context = live_browser.new_context(locale="en-GB", base_url=live_network.base_url)
            page = context.new_page()
            made.append((context, guard(page, live_network.base_url)))
            pages.append(page)
        return pages

    yield make
    for context, _ in made:
        context.close()
    foreign = [url for _, urls in made for url in urls]
    assert foreign == [], f"requests to other origins: {foreign}"
