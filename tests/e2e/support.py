"""Shared helpers of the browser tests: the app's own texts, storage access, colours, boot gate.

Texts come from the locale files the app ships (``py/etoile/locales``), so a test
checks exactly what a player reads, in every language, without copying strings.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

LOCALES = Path(__file__).resolve().parents[2] / "py" / "etoile" / "locales"
LANGUAGES = ("en", "fr", "ru")
GAMES = ("421", "generala", "chinese-checkers")
RULES_KEYS = {"421": "four21", "generala": "generala", "chinese-checkers": "chinese_checkers"}
SETTINGS_KEY = "etoile:settings"


@cache
def texts(lang: str) -> dict[str, Any]:
    """The string table of ``lang``: every ``locales/<lang>/*.json`` but the rules, merged (as the app does)."""
    folder = LOCALES / lang
    if not folder.is_dir():  # the older layout: one locales/<lang>.json
        return json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
    table: dict[str, Any] = {}
    for path in sorted(folder.glob("*.json")):
        if path.name != "rules.json":
            table.update(json.loads(path.read_text(encoding="utf-8")))
    return table


def plural_form(lang: str, count: int) -> str:
    """CLDR plural category of an integer ``count`` in ``lang``."""
    if lang == "ru":
        if count % 10 == 1 and count % 100 != 11:
            return "one"
        return "few" if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14 else "many"
    if lang == "fr":
        return "one" if count in (0, 1) else "other"
    return "one" if count == 1 else "other"


def t(lang: str, key: str, **params: Any) -> str:
    """One visible text, filled in like the app does (a plural table picks its form by ``count``)."""
    value = texts(lang)[key]
    if isinstance(value, dict):
        value = value[plural_form(lang, params["count"])]
    return value.format(**params) if params else value


@cache
def rules(lang: str) -> dict[str, Any]:
    """The rules pages of ``lang`` (``locales/<lang>/rules.json``)."""
    path = LOCALES / lang / "rules.json"
    if not path.exists():  # the older layout: locales/rules.<lang>.json
        path = LOCALES / f"rules.{lang}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def local_storage(page: Page) -> dict[str, str]:
    """Every localStorage item of the page's origin."""
    return page.evaluate("() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]))")


def saved_settings(page: Page) -> dict[str, Any]:
    """The ``data`` of the saved settings record (fails if it is missing or not an envelope)."""
    envelope = json.loads(local_storage(page)[SETTINGS_KEY])
    assert envelope["schema"] == 1
    return envelope["data"]


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
    if (url.includes("etoile.zip")) {
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
