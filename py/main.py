"""Boot the page: everything runs inside :func:`etoile.ui.runtime.page.start`."""

import traceback

from js import document, performance, window

performance.mark("python")  # where Python's take-over of the page starts (bench/startup.py measures from here)
try:
    from etoile.ui.runtime.page import start

    runtime = start()
except Exception:  # noqa: BLE001 - the page must say something human, never a traceback
    window.console.error(traceback.format_exc())
    document.documentElement.dataset.ready = "failed"  # boot.js shows the failure screen and its ways out
