"""Time to ready of the app against a bare PyScript page on the same vendored runtime.

    python3 dev.py bench startup [--runs 7]

Both pages are served from one local server; each run loads the app and the
bare page (in alternating order) in a fresh browser context (cold: no HTTP
cache, no compiled-code cache), then reloads each once (warm). The time is
``performance.now()`` when ``<html data-ready="true">`` appears. Service
workers are blocked so that both pages load the same way. Prints the medians
and the ratio app/bare; the target is a cold ratio of at most 1.15.
"""

from __future__ import annotations

import argparse
import os
import statistics
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

from tools.build import SITE
from tools.serve import serve_in_background

HERE = Path(__file__).resolve().parent
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
MARK_READY = """
new MutationObserver((_, observer) => {
  if (document.documentElement.dataset.ready === "true") {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
"""


def time_to_ready(browser: Browser, url: str) -> tuple[float, float]:
    """Cold then warm milliseconds to the ready marker, in a fresh context."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(MARK_READY)
    page = context.new_page()
    page.set_default_timeout(60_000)
    times = []
    for load in (page.goto, lambda _: page.reload()):
        load(url)
        page.wait_for_function("window.__readyAt !== undefined")
        times.append(page.evaluate("window.__readyAt"))
    context.close()
    return times[0], times[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    server, base = serve_in_background(SITE, mounts={"/bare/": HERE / "bare"})
    pages = {"app": base, "bare": base + "bare/"}
    results: dict[str, dict[str, list[float]]] = {name: {"cold": [], "warm": []} for name in pages}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=ARGS)
        time_to_ready(browser, pages["bare"])  # let the OS file cache settle before measuring
        for run in range(runs):
            order = ["app", "bare"] if run % 2 == 0 else ["bare", "app"]
            for name in order:
                cold, warm = time_to_ready(browser, pages[name])
                results[name]["cold"].append(cold)
                results[name]["warm"].append(warm)
        browser.close()
    server.shutdown()

    print(f"Time to ready, median of {runs} runs (ms):")
    print(f"{'':6}{'app':>9}{'bare':>9}{'app/bare':>10}")
    for kind in ("cold", "warm"):
        app, bare = (statistics.median(results[n][kind]) for n in ("app", "bare"))
        print(f"{kind:6}{app:9.0f}{bare:9.0f}{app / bare:10.2f}")
    cold_ratio = statistics.median(results["app"]["cold"]) / statistics.median(results["bare"]["cold"])
    print(f"target: cold app/bare <= 1.15: {'met' if cold_ratio <= 1.15 else 'NOT met'} ({cold_ratio:.2f})")


if __name__ == "__main__":
    main()
