"""How long a throw holds the page: the longest task during each of the first throws of a Generala solo game.

    python3 dev.py bench throws [--runs 8] [--throws 3] [--site PATH]

Each run opens a fresh page (a new browser context: nothing made, imported or cached by an earlier throw) at
390 px and starts a solo game as a first-time player does (the normal pace, the sound on, the pointers shown),
then throws the dice ``--throws`` times, each click a moment after the table is idle and the last dice landed. A
``longtask`` observer, started before each click, gives the longest task until the dice have landed: a task
above 50 ms is a frame the page may miss. ``--site`` measures another built tree in the same runs, alternating
(an older version's, for a comparison); the machine's load moves both alike. Nothing here is asserted: the
figures go to docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from bench.browser import ARGS
from tools.build import SITE
from tools.serve import serve_in_background

LONG_MS = 50
WATCH = """() => {
  window.__longest = 0;
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) window.__longest = Math.max(window.__longest, task.duration);
  }).observe({type: "longtask"});
}"""
SETTINGS = json.dumps({"schema": 1, "data": {"sound": True, "speed": "normal"}})
"""A first game's: a sound to make, dice to animate, and the first game's pointers to show."""
SEED = f"""if (!sessionStorage.getItem("bench-seeded")) {{
  localStorage.setItem("etoile:settings", {json.dumps(SETTINGS)});
  sessionStorage.setItem("bench-seeded", "1");
}}"""


def start_solo_game(page: Page, base: str) -> None:
    page.goto(base + "#/generala/new")
    page.wait_for_selector("html[data-ready='true']")
    page.fill("#setup-players", "1")
    page.press("#setup-players", "Tab")
    page.fill("#seat-0-detail", "Ann")
    page.locator("[data-action='setup-start']").click()
    page.wait_for_selector("button[data-action='generala:throw']")


def throws(page: Page, count: int) -> list[float]:
    """The longest task (ms, 0 for none) of each of ``count`` throws."""
    found = []
    for _ in range(count):
        page.wait_for_selector("html:not([data-settling])")
        page.wait_for_timeout(600)  # the table idle, as a player's click comes
        page.evaluate(WATCH)
        page.locator("button[data-action='generala:throw']").click()
        page.wait_for_selector("html:not([data-settling])")
        page.wait_for_timeout(300)  # the tasks after the landing (the sound's, the idle work) are seen too
        found.append(page.evaluate("window.__longest"))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=8)
    parser.add_argument("--throws", type=int, default=3)
    parser.add_argument("--site", type=Path, help="another built tree to measure in the same runs")
    args = parser.parse_args()
    sites = {"this": SITE, **({"other": args.site} if args.site else {})}
    served = {name: serve_in_background(path) for name, path in sites.items()}
    measured: dict[str, list[list[float]]] = {name: [] for name in sites}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=ARGS)
        for run in range(args.runs):
            order = list(sites) if run % 2 == 0 else list(reversed(sites))
            for name in order:
                context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
                page = context.new_page()
                page.add_init_script(SEED)
                start_solo_game(page, served[name][1])
                measured[name].append(throws(page, args.throws))
                context.close()
        browser.close()
    for server, _ in served.values():
        server.shutdown()
    for name, rows in measured.items():
        first = sorted(round(row[0]) for row in rows)
        later = [round(ms) for row in rows for ms in row[1:]]
        over = sum(ms > LONG_MS for row in rows for ms in row)
        print(f"{name} ({sites[name]}): first throw's longest task, ms: {first}; later throws' longest: {max(later, default=0)};")
        print(f"  throws with a task above {LONG_MS} ms: {over} of {sum(len(row) for row in rows)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
