"""How fast the app opens, against a bare PyScript page on the same vendored runtime, and what a first visit costs.

    python3 dev.py bench startup [--runs 7] [--site PATH]

Both pages are served from one local server; each run loads the app's home screen and the bare page (in
alternating order) in a fresh browser context (cold: no HTTP cache, no compiled-code cache), then reloads each
once (warm). Service workers are blocked so that both pages load the same way. For each load it takes:

- *first paint*: ``performance.now()`` at the first animation frame in which the home screen's game links are
  on screen (drawn before Python, from the build's templates);
- *ready*: when ``<html data-ready="true">`` appears (Python has taken the page over; the bare page sets it
  after its one ``print``);
- *Python*: the app's time from its ``performance.mark("python")`` (the first line of ``py/main.py``, when the
  interpreter and the app's files are there) to ready: the app's own share of the wait.

The bare page's time to ready swings by a few hundred milliseconds from one load to the next on a busy machine,
more than the app adds to it, so each run loads the two pages back to back and the ratio is taken per run: it
prints the medians, the median of the per-run ratios of the app's times to the bare page's ready (targets:
first paint at most 0.2, ready at most 1.05, cold and warm) with their spread, the Python share, and the bytes of
a first visit with the service worker on (the page, its worker and the offline cache filling up), each file
counted as gzip would send it; ``--site`` measures the bytes of another built tree too (an older version's, for a
comparison).
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import tempfile
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Playwright, sync_playwright

from tools.build import SITE
from tools.serve import Handler, serve_in_background

HERE = Path(__file__).resolve().parent
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
MARKS = """
(() => {
  new MutationObserver((_, observer) => {
    if (document.documentElement.dataset.ready === "true") {
      window.__readyAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
  const look = () => {
    const link = document.querySelector("#app .game-card a[href='#/421']");
    if (link && link.getClientRects().length) window.__paintAt = performance.now();
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();
"""
PYTHON = "window.__readyAt - (performance.getEntriesByName('python')[0]?.startTime ?? window.__readyAt)"
TARGETS = {"paint": 0.2, "ready": 1.05}


def timings(browser: Browser, url: str) -> dict[str, tuple[float, float]]:
    """Cold then warm milliseconds to the first paint of the home screen, to the ready marker, and from the Python
    mark to it, in a fresh context."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(MARKS)
    page = context.new_page()
    page.set_default_timeout(60_000)
    found: dict[str, list[float]] = {"paint": [], "ready": [], "python": []}
    for load in (page.goto, lambda _: page.reload()):
        load(url)
        page.wait_for_function("window.__readyAt !== undefined")
        found["ready"].append(page.evaluate("window.__readyAt"))
        found["paint"].append(page.evaluate("window.__paintAt ?? window.__readyAt"))
        found["python"].append(page.evaluate(PYTHON))
    context.close()
    return {kind: (times[0], times[1]) for kind, times in found.items()}


def gzip_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=6))


class Counting(Handler):
    """The static server, noting each response: its path and status (a 304 sends no body)."""

    sent: ClassVar[list[tuple[str, int]]] = []

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.sent.append((urlsplit(self.path).path, int(code)))


def first_visit_bytes(playwright: Playwright, site: Path) -> tuple[int, int, int]:
    """A first visit to ``site`` until its offline cache is full, in a new browser profile (its HTTP cache on disk,
    as a player's is): the gzip bytes of every response the server sent with a body, how many, and the gzip bytes
    of the whole tree."""
    handler = type("SiteCounting", (Counting,), {"sent": []})
    server, base = serve_in_background(site, handler=handler)
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(profile, executable_path=chromium(), args=ARGS)
        page = context.new_page()
        page.set_default_timeout(120_000)
        page.goto(base)
        page.wait_for_selector("html[data-offline='ready']")
        context.close()
    server.shutdown()
    bodies = [site / (path.lstrip("/") or "index.html") for path, code in handler.sent if code == 200]
    tree = sum(gzip_size(p) for p in site.rglob("*") if p.is_file())
    return sum(gzip_size(p) for p in bodies if p.is_file()), len(bodies), tree


def chromium() -> str:
    return os.environ.get("CHROMIUM", "/usr/bin/chromium")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--site", type=Path, action="append", default=[], help="another built tree to weigh")
    options = parser.parse_args()
    runs = options.runs
    server, base = serve_in_background(SITE, mounts={"/bare/": HERE / "bare"})
    pages = {"app": base, "bare": base + "bare/"}
    kinds = ("paint", "ready", "python")
    results = {name: {(kind, load): [] for kind in kinds for load in ("cold", "warm")} for name in pages}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=ARGS)
        timings(browser, pages["bare"])  # let the OS file cache settle before measuring
        for run in range(runs):
            for name in ["app", "bare"] if run % 2 == 0 else ["bare", "app"]:
                for kind, (cold, warm) in timings(browser, pages[name]).items():
                    results[name][kind, "cold"].append(cold)
                    results[name][kind, "warm"].append(warm)
        server.shutdown()
        browser.close()
        weights = {str(site): first_visit_bytes(playwright, site) for site in [SITE, *options.site]}

    def median(name: str, kind: str, load: str) -> float:
        return statistics.median(results[name][kind, load])

    def ratios(kind: str, load: str) -> list[float]:
        """The app's ``kind`` time over the bare page's ready, run by run."""
        return sorted(a / b for a, b in zip(results["app"][kind, load], results["bare"]["ready", load], strict=True))

    print(f"Median of {runs} runs (ms); ratios to the bare page's time to ready (median of the runs' ratios):")
    print(f"{'':6}{'paint':>8}{'ready':>8}{'bare':>8}{'paint/bare':>12}{'ready/bare':>12}{'spread':>14}{'Python':>8}")
    for load in ("cold", "warm"):
        paint, ready, bare = median("app", "paint", load), median("app", "ready", load), median("bare", "ready", load)
        spread = ratios("ready", load)
        print(
            f"{load:6}{paint:8.0f}{ready:8.0f}{bare:8.0f}{statistics.median(ratios('paint', load)):12.2f}"
            f"{statistics.median(spread):12.2f}{f'{spread[0]:.2f}-{spread[-1]:.2f}':>14}{median('app', 'python', load):8.0f}"
        )
    for kind, target in TARGETS.items():
        found = [statistics.median(ratios(kind, load)) for load in ("cold", "warm")]
        verdict = "met" if max(found) <= target else "NOT met"
        print(f"target: {kind}/bare <= {target} cold and warm: {verdict} ({found[0]:.2f}, {found[1]:.2f})")
    for load in ("cold", "warm"):
        share = median("app", "python", load) / median("bare", "ready", load)
        print(f"Python's take-over ({load}): {median('app', 'python', load):.0f} ms, {share:.1%} of the bare page's ready")
    print("First visit, until the offline cache is full (gzip bytes as a static host sends them):")
    for site, (sent, requests, tree) in weights.items():
        print(f"  {site}: {sent:,} bytes in {requests} responses with a body; the whole tree {tree:,} bytes")


if __name__ == "__main__":
    main()
