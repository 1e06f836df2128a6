"""An automated accessibility audit (axe-core) of every screen, in the light theme and in the dark theme.

Each screen of each theme is its own test, which fails when axe finds a
"serious" or "critical" violation. The screens are visited in groups, one page
per group and theme, and their results kept for the session: the shell's
screens (home, settings, each game's rules page), then for each game its setup
screen, its table on a person's turn against the computer (the dice thrown and
one set aside, or a piece selected) and the end screen of a finished game, its
game log open; then a Chinese checkers game by link, with its move to send and
with a parting link to settle, and the home screen's list of games by link.
The games are seeded into localStorage before the first load
(:mod:`tests.e2e.positions`), the finished one imported as a file. Motion is reduced so that no colour is measured
halfway through an animation.

axe-core (pinned in package.json, installed by ``npm ci``, never served) is
added to the page as an inline script, so the audit requests nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from etoile.engine.match import Match, Seat
from etoile.games.chinese_checkers import rules as cc
from etoile.saved.history import Entry
from etoile.saved.storage import MemoryBackend, Store
from tests.e2e.conftest import TIMEOUT_MS
from tests.e2e.positions import finished, items, mid_game
from tests.e2e.support import GAMES, seed_once

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
THEMES = ("light", "dark")
FAILING = ("serious", "critical")
SHELL_SCREENS = ("home", "settings", *(f"rules_{game}" for game in GAMES))
GAME_SCREENS = ("setup", "table", "end")
BY_LINK_SCREENS = ("by-link_send", "by-link_rival", "by-link_home")
PAST_SCREENS = ("past_history", "past_replay", "past_share", "past_stats")
REPLACE_SCREENS = ("chinese-checkers_replace",)
"""The question before an import replaces a game in progress (asked at the Chinese checkers table)."""
SCREENS = (
    SHELL_SCREENS
    + tuple(f"{game}_{screen}" for game in GAMES for screen in GAME_SCREENS)
    + REPLACE_SCREENS
    + BY_LINK_SCREENS
    + PAST_SCREENS
)

RUN_AXE = """async () => {
  const results = await axe.run(document, {resultTypes: ["violations"]});
  return results.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target.join(" "), summary: n.failureSummary || ""})),
  }));
}"""

Violations = list[dict[str, Any]]


def audit(page: Page) -> Violations:
    """axe's violations on the page as it is now (axe is added once per document)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        assert AXE.exists(), f"{AXE} is missing: run npm ci (python3 dev.py test does)"
        page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_AXE)


def ready(page: Page, base_url: str, route: str) -> None:
    page.goto(base_url + route)
    page.wait_for_selector("html[data-ready='true']")


def visit_shell(page: Page, base_url: str) -> Iterator[tuple[str, Violations]]:
    ready(page, base_url, "#/")
    expect(page.locator(".game-card, #main a.button").first).to_be_visible()
    yield "home", audit(page)
    ready(page, base_url, "#/settings")
    expect(page.get_by_role("radio", name="Dark")).to_be_visible()
    yield "settings", audit(page)
    for game in GAMES:
        ready(page, base_url, f"#/rules/{game}")
        expect(page.locator("article.rules")).to_be_visible()
        yield f"rules_{game}", audit(page)


def visit_game(game: str) -> Callable[[Page, str], Iterator[tuple[str, Violations]]]:
    def visit(page: Page, base_url: str) -> Iterator[tuple[str, Violations]]:
        ready(page, base_url, f"#/{game}/new")
        expect(page.locator("[data-action='setup-start']")).to_be_visible()
        yield f"{game}_setup", audit(page)
        ready(page, base_url, f"#/{game}")
        if game == "chinese-checkers":
            page.locator(".spot[data-hole='14']").click()  # Ann's piece, which has somewhere to go
            expect(page.locator(".spot:has(circle.target)").first).to_be_visible()
        else:
            die = page.locator(".dice-row .die").first
            die.click()
            expect(die).to_have_attribute("aria-pressed", "true")
        yield f"{game}_table", audit(page)
        record = json.dumps(finished(game).to_json()).encode()
        page.locator("input[type=file][data-action='import-game']").set_input_files(
            {"name": "game.json", "mimeType": "application/json", "buffer": record}
        )
        if game == "chinese-checkers":  # the finished game is not the one in progress: it is asked first
            expect(page.locator("[data-action='replace-confirm']")).to_be_visible()
            yield f"{game}_replace", audit(page)
            page.locator("[data-action='replace-confirm']").click()
        expect(page.locator(".result h2")).to_be_visible()
        page.locator(".turn-log summary").click()  # the whole game's log, open, is audited too
        expect(page.locator(".turn-log")).to_have_attribute("open", "")
        yield f"{game}_end", audit(page)

    return visit


def visit_by_link(page: Page, base_url: str) -> Iterator[tuple[str, Violations]]:
    """A game of Chinese checkers by link: the table with the move to send, with a parting link to settle, and the
    home screen's list of games by link."""
    seats = (Seat("Ann"), Seat("Bob", away=True))
    start = Match.new(cc, {"players": 2}, 3, seats)
    mine, theirs = (start.play(move) for move in list(cc.legal_actions(start.state))[:2])
    slot, route = f"chinese-checkers/{CODE}", f"#/chinese-checkers/by-link/{CODE}"
    store = Store(MemoryBackend())
    store.save_match(mine, slot)
    ready(page, base_url, "#/")
    page.evaluate("(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", store.backend.items)
    ready(page, base_url, route)
    page.reload()
    expect(page.locator(".send-move .qr")).to_be_visible()
    yield "by-link_send", audit(page)
    store.save_rival(slot, theirs)
    page.evaluate("(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", store.backend.items)
    page.reload()
    expect(page.locator(".rival")).to_be_visible()
    yield "by-link_rival", audit(page)
    ready(page, base_url, "#/")
    expect(page.locator(".by-link-game")).to_be_visible()
    yield "by-link_home", audit(page)


def visit_past(page: Page, base_url: str) -> Iterator[tuple[str, Violations]]:
    """The history of one finished game of each kind, the replay of one, and the statistics with every chart."""
    store = Store(MemoryBackend())
    entries = [Entry.of(finished(game), f"2026-11-0{day}T20:00") for day, game in enumerate(GAMES, start=1)]
    for entry in entries:
        store.save_entry(entry)
    ready(page, base_url, "#/")
    page.evaluate("(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", store.backend.items)
    ready(page, base_url, "#/history")
    page.reload()
    expect(page.locator(".history-game")).to_have_count(len(GAMES))
    yield "past_history", audit(page)
    page.locator(".history-game a").first.click()
    expect(page.locator(".replay-bar")).to_be_visible()
    yield "past_replay", audit(page)
    page.locator("[data-action='share-game']").click()  # a past game's link, with its QR code
    expect(page.locator(".share-box .share-link")).to_be_visible()
    yield "past_share", audit(page)
    ready(page, base_url, "#/stats")
    expect(page.locator("figure.chart").first).to_be_visible()
    page.locator(".chart-table summary").first.click()  # a chart's table, open, is audited too
    yield "past_stats", audit(page)


CODE = "audit123"
"""The id of the game by link audited."""

GROUPS: dict[str, Callable[[Page, str], Iterator[tuple[str, Violations]]]] = {
    "shell": visit_shell,
    **{game: visit_game(game) for game in GAMES},
    "by-link": visit_by_link,
    "past": visit_past,
}


def group_of(screen: str) -> str:
    return "shell" if screen in SHELL_SCREENS else screen.rsplit("_", 1)[0]


@pytest.fixture(scope="module")
def audited(browser: Browser, base_url: str) -> Iterator[Callable[[str, str], Violations]]:
    """The violations of a screen in a theme, each group of screens visited once per theme, on first demand."""
    found: dict[tuple[str, str], Violations] = {}
    done: set[tuple[str, str]] = set()

    def violations(screen: str, theme: str) -> Violations:
        group = group_of(screen)
        if (group, theme) not in done:  # marked only once visited: a visit cut short (a crash) is tried again
            found.update({(name, theme): result for name, result in run_group(browser, base_url, group, theme)})
            done.add((group, theme))
        return found[(screen, theme)]

    yield violations


def run_group(browser: Browser, base_url: str, group: str, theme: str) -> list[tuple[str, Violations]]:
    context = browser.new_context(locale="en-GB", reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    origin = urlsplit(base_url).netloc
    foreign: list[str] = []
    page.on(
        "request",
        lambda request: (
            foreign.append(request.url)
            if urlsplit(request.url).scheme in ("http", "https", "ws", "wss") and urlsplit(request.url).netloc != origin
            else None
        ),
    )
    try:
        seed_once(page, items(theme=theme, match=mid_game(group) if group in GAMES else None))
        results = list(GROUPS[group](page, base_url))
        expect(page.locator("html")).to_have_attribute("data-theme", theme)
    finally:
        context.close()
    assert foreign == [], f"requests to other origins: {foreign}"
    return results


def describe(violations: Violations) -> str:
    lines = []
    for violation in violations:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"][:8]:
            summary = " ".join(node["summary"].split())
            lines.append(f"    {node['target']}: {summary[:300]}")
        if len(violation["nodes"]) > 8:
            lines.append(f"    … and {len(violation['nodes']) - 8} more")
    return "\n".join(lines)


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("screen", SCREENS)
def test_no_serious_or_critical_violation(audited: Callable[[str, str], Violations], screen: str, theme: str) -> None:
    serious = [v for v in audited(screen, theme) if v["impact"] in FAILING]
    assert not serious, f"{screen}, {theme} theme:\n{describe(serious)}"
