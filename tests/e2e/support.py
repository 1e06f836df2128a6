"""Shared helpers of the browser tests: the app's own texts, storage access, colours, boot gate.

Texts come from the app's own catalogs (:mod:`etoile.ui.i18n`), so a test checks
exactly what a player reads, in every language, without copying strings.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Locator, Page, expect

from etoile.engine.registry import REGISTRY
from etoile.saved.settings import LANGUAGES
from etoile.ui.i18n import catalog, rules, strings

__all__ = ["GAMES", "LANGUAGES", "NAMESPACES", "rules", "strings", "t"]

GAMES = tuple(REGISTRY)
NAMESPACES = {game_id: game.DESCRIPTION.namespace for game_id, game in REGISTRY.items()}
SETTINGS_KEY = "etoile:settings"


def t(lang: str, key: str, **params: Any) -> str:
    """One visible text, filled in by the app's own catalog (a plural table picks its form by ``count``)."""
    return catalog(lang)(key, **params)


def page_errors(page: Page) -> list[str]:
    """A list that collects every uncaught error of the page from now on (it should stay empty)."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def local_storage(page: Page) -> dict[str, str]:
    """Every localStorage item of the page's origin."""
    return page.evaluate("() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]))")


def saved_settings(page: Page) -> dict[str, Any]:
    """The ``data`` of the saved settings record (fails if it is missing or not an envelope)."""
    envelope = json.loads(local_storage(page)[SETTINGS_KEY])
    assert envelope["schema"] == 1
    return envelope["data"]


def assert_settings_include(page: Page, expected: dict[str, Any]) -> None:
    """The saved settings have these values (settings added later by the app are not this test's business)."""
    saved = saved_settings(page)
    assert {key: saved.get(key, "<missing>") for key in expected} == expected


def luminance(css_colour: str) -> float:
    """Relative luminance (0 black .. 1 white) of a computed ``rgb(...)``/``rgba(...)`` colour."""
    inside = css_colour[css_colour.index("(") + 1 : css_colour.rindex(")")]
    r, g, b = (float(part) / 255 for part in inside.replace("/", " ").replace(",", " ").split()[:3])

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def body_luminance(page: Page) -> float:
    return luminance(page.evaluate("() => getComputedStyle(document.body).backgroundColor"))


def seed_once(page: Page, items: dict[str, str]) -> None:
    """Put ``items`` in localStorage before the app's first load only (not on reloads)."""
    page.add_init_script(SEED_SCRIPT % json.dumps(items))


SEED_SCRIPT = """
((items) => {
  if (!location.protocol.startsWith("http") || sessionStorage.getItem("e2e-seeded")) return;
  for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  sessionStorage.setItem("e2e-seeded", "1");
})(%s);
"""


GATE_SCRIPT = """
(() => {
  // Hold the download of the app's Python package until the test releases it,
  // so the loading screen can be checked while Python is certainly not ready.
  const realFetch = window.fetch;
  let release;
  const gate = new Promise((resolve) => { release = resolve; });
  window.__e2eReleaseBoot = () => release();
  window.fetch = function (input, init) {
    const url = String((input && input.url) || input);
    if (url.includes("etoile.tar.gz")) {
      window.__e2eBootHeld = true;
      return gate.then(() => realFetch.call(this, input, init));
    }
    return realFetch.call(this, input, init);
  };
})();
"""


def hold_boot(page: Page) -> None:
    """Make every load of ``page`` wait, before Python starts the app, until :func:`release_boot`."""
    page.add_init_script(GATE_SCRIPT)


def wait_boot_held(page: Page) -> None:
    """Wait until the page is blocked at the gate (the app cannot be ready yet)."""
    page.wait_for_function("() => window.__e2eBootHeld === true")


def release_boot(page: Page) -> None:
    page.evaluate("() => window.__e2eReleaseBoot()")
    page.wait_for_selector("html[data-ready='true']")


def at_instant_pace(page: Page) -> None:
    """Play with the animations off (the pace "instant"), so that a test that plays a whole game waits for no
    dice to land; the animations have tests of their own."""
    seed_once(page, {SETTINGS_KEY: json.dumps({"schema": 1, "data": {"speed": "off"}})})


def landed(page: Page) -> None:
    """Wait until the dice just thrown have landed: until then the table takes no click (``html[data-settling]``)."""
    expect(page.locator("html")).not_to_have_attribute("data-settling", "true")


def fill_box(page: Page, box: Locator) -> None:
    """Fill a Generala box: a box that would take 0 asks first, and its button says so (class ``zero``), so the
    dialog is waited for, never looked for at once (it opens only once the click is handled)."""
    zero = "zero" in (box.get_attribute("class") or "").split()
    box.click()
    if zero:
        page.get_by_role("button", name="Cross it out").click()
