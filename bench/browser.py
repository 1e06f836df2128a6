"""Run the probes of bench/pages/probes.py inside a PyScript worker in Chromium, as the app runs its AI.

with worker_probes() as call:
    times = call("generala_hint_ms", 200)
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from tools.build import SITE
from tools.serve import serve_in_background

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PAGES = Path(__file__).resolve().parent / "pages"


@contextmanager
def worker_probes() -> Iterator[Callable[..., Any]]:
    """Serve the built site with the benchmark page, open it, and yield ``call(name, *args)``."""
    server, base = serve_in_background(SITE, mounts={"/bench/": PAGES})
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=ARGS)
            page = browser.new_page()
            page.set_default_timeout(600_000)
            page.goto(base + "bench/")
            page.wait_for_selector("html[data-ready='true']")

            def call(name: str, *args: Any) -> Any:
                text = page.evaluate("([name, args]) => window.probes.run(name, args)", [name, json.dumps(args)])
                return json.loads(text)

            yield call
            browser.close()
    finally:
        server.shutdown()
