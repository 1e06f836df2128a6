"""Seeded random clicks through each game (100 per game): no error notice, no console error, no uncaught error.

Each test opens a game's setup screen and clicks, at random, what a player could
click there: buttons, the app's own links, radios and checkboxes, selects (a
random option, so computers get seated too), the seat names and the player count,
dice, board holes, score-sheet boxes, the game log and its lines, the replay bar,
dialog buttons, notices; and it presses the board's keys. Like a mouse, a click
only reaches what is visible, enabled and on top (not under a dialog's backdrop
nor inside an inert part). The clicks go on through setup, play, the end screen
and a new game, with a reload every :data:`RELOAD_EVERY` clicks: the app resumes
from localStorage, and must not set aside what it saved itself. A click that
leaves the game's own screens (home, settings, another game) is followed by a
return to the game's table.

Left out: the import controls (they open the browser's file chooser) and the
settings screen's "clear all data" (the test never plays on the settings screen);
exports are clicked, and their downloads accepted.

The clicks run in batches inside the page, drawn by a seeded generator (the
test's id is its seed), and between batches the test waits, for a bounded time,
until the page is idle (``html[data-busy]`` gone: no computer thinking, no
coach, no replay step pending). A failure names the seed, the index of the
click and the clicks before it, so it replays (up to when the computers' replies
come in). ``ETOILE_CLICKS_RUN=<n>`` runs other seeds (``<game>-<n>``), ``ETOILE_CLICKS=<n>``
more clicks per game than the 100 of a normal run.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import time
from typing import Any

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import fix_seed, open_app, set_up
from tests.e2e.support import GAMES, SETTINGS_KEY, seed_once

CLICKS = int(os.environ.get("ETOILE_CLICKS", "100"))
BATCH = 50
RELOAD_EVERY = 50
IDLE_WAIT_MS = 1_000
"""How long the test waits for the page to be idle between batches; a table of computers only is never idle."""
FAILING = ", ".join(
    [
        "[data-notice='error.unexpected']",  # the runtime caught an exception (its details hold the traceback)
        "[data-notice^='storage.']",  # a reload found a record the app saved itself unreadable, or storage full
        "[data-notice='play.illegal']",  # the table offered a move the rules refuse
        "[data-notice='setup.invalid']",  # the setup form let through options that do not go together
    ]
)
"""The notices that say something went wrong: a random click must never bring one."""

CAPTURE_SCRIPT = """
(() => {
  // Every error the page reports, with the click it came after, for the batches to stop at.
  window.__clickErrors = [];
  const note = (text) => window.__clickErrors.push({click: window.__clickIndex ?? -1, text: String(text)});
  const error = console.error.bind(console);
  console.error = (...args) => { note(args.join(" ")); error(...args); };
  window.addEventListener("error", (event) => note(event.message));
  window.addEventListener("unhandledrejection", (event) => note(event.reason));
})();
"""

BATCH_SCRIPT = """
async ({seed, count, first, game, failing}) => {
  const TABLE_WEIGHT = 8;
  let state = seed >>> 0;
  const random = () => {  // mulberry32
    state = (state + 0x6D2B79F5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const choose = (list) => list[Math.floor(random() * list.length)];
  // The table's own controls (actions named "<game>:...") are drawn more often than the tools around it.
  const weight = (key) => key.includes(":") ? TABLE_WEIGHT : 1;
  const weighted = (keys) => {
    let r = random() * keys.reduce((sum, key) => sum + weight(key), 0);
    for (const key of keys) if ((r -= weight(key)) < 0) return key;
    return keys[keys.length - 1];
  };
  const ours = [`#/${game}`, `#/${game}/new`, `#/rules/${game}`];
  const NAMES = ["", "Ann", "Bob", "  Zoë  ", "<b>x</b>", "Игорь", "a".repeat(40)];
  const KEYS = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " ", "Escape"];
  const SELECTOR = "button, a[href], input, select, summary, [data-action], [data-keys]";
  const LEFT_OUT = "input[type=file], label.file, [data-action=import-file], [data-action=reset-ask]";
  const channel = new MessageChannel();
  const pause = () => new Promise((resolve) => { channel.port1.onmessage = resolve; channel.port2.postMessage(0); });
  const log = [];
  let ends = 0;
  const failed = () => window.__clickErrors.length || document.querySelector(failing);
  if (failed()) return {done: 0, log, ends, failed: true};  // already on arrival (a reload's notice)

  const describe = (el) => {
    const parts = [el.tagName.toLowerCase()];
    for (const name of ["data-action", "data-value", "data-index", "data-hole", "data-box", "href", "type"]) {
      const value = el.getAttribute(name);
      if (value !== null) parts.push(`${name}=${value}`);
    }
    const text = (el.getAttribute("aria-label") || el.textContent || "").trim().replace(/\\s+/g, " ").slice(0, 30);
    if (text) parts.push(JSON.stringify(text));
    return parts.join(" ");
  };
  // Cheap tests first, for every control; whether it is visible and on top only for the one drawn.
  const enabled = (el) => {
    if (el.matches(LEFT_OUT) || el.closest("[inert], [disabled], fieldset:disabled")) return false;
    if (el.getAttribute("aria-disabled") === "true") return false;
    if (el.tagName === "A" && !el.getAttribute("href").startsWith("#")) return false;  // never leave the app
    return el.tagName !== "INPUT" || ["checkbox", "radio", "text", "number"].includes(el.type);
  };
  // What kind of thing a click does: the candidates are drawn by kind first, so the many holes of a board
  // or the lines of a long log do not drown the few buttons.
  const kind = (el) => {
    if (el.tagName === "A") return "link";
    if (!el.dataset.action) return el.dataset.keys ? "keys" : el.tagName.toLowerCase();
    const key = el.dataset.action;
    if (!key.endsWith(":hole")) return key;
    return key + (el.querySelector(".target") ? "-target" : el.querySelector(".piece") ? "-piece" : "");
  };
  // Like a mouse: only what is visible and on top at the control's centre gets the click.
  const onTop = (el) => {
    if (!el.getClientRects().length || getComputedStyle(el).visibility === "hidden") return false;
    el.scrollIntoView({block: "center", inline: "center"});
    const box = el.getBoundingClientRect();
    if (!(box.width > 0 && box.height > 0)) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (!hit) return false;
    return el.contains(hit) || hit.contains(el) && hit.tagName === "LABEL" || hit.closest("label")?.control === el;
  };
  const act = (el) => {
    if (el.tagName === "SELECT") {
      const options = [...el.options].filter((o) => !o.disabled);
      el.value = choose(options).value;
      el.dispatchEvent(new Event("change", {bubbles: true}));
      return `select ${el.value}`;
    }
    if (el.tagName === "INPUT" && (el.type === "text" || el.type === "number")) {
      el.focus();
      const low = Number(el.min || 0), high = Number(el.max || low + 4);
      const numbers = [low, low + 1, low + 2, low + 3, low + 4, low - 1, high + 1, "", "2.5", "1e3"];
      el.value = String(choose(el.type === "text" ? NAMES : numbers));
      el.dispatchEvent(new Event("input", {bubbles: true}));
      el.dispatchEvent(new Event("change", {bubbles: true}));
      return `type ${JSON.stringify(el.value)}`;
    }
    if (el.dataset.keys && el.dataset.action === undefined && el.tagName !== "BUTTON") {
      const key = choose(KEYS);
      el.focus();
      el.dispatchEvent(new KeyboardEvent("keydown", {key, bubbles: true, cancelable: true}));
      return `press ${JSON.stringify(key)}`;
    }
    if (typeof el.click === "function") el.click();
    else el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window}));
    return "click";
  };

  for (let done = 0; done < count; ) {
    const index = first + done;
    window.__clickIndex = index;
    if (!ours.includes(location.hash)) {  // left the game's screens: back to its table
      const back = new Promise((resolve) => window.addEventListener("hashchange", resolve, {once: true}));
      log.push(`${index}: back from ${location.hash}`);
      location.hash = ours[0];
      await back;
      await pause();
    }
    const scope = document.querySelector("#app .backdrop .dialog") || document.getElementById("app");
    const groups = new Map();
    for (const el of scope.querySelectorAll(SELECTOR)) {
      if (!enabled(el)) continue;
      const key = kind(el);
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(el);
    }
    let target = null;
    while (groups.size && !target) {
      const key = weighted([...groups.keys()].sort());
      const list = groups.get(key);
      const el = choose(list);
      if (onTop(el)) target = el;
      else {
        list.splice(list.indexOf(el), 1);
        if (!list.length) groups.delete(key);
      }
    }
    if (!target) {
      log.push(`${index}: nothing to click on ${location.hash}`);
      return {done, log, ends, stuck: true};
    }
    const what = describe(target);
    const over = document.querySelector(".result");
    const how = act(target);
    log.push(`${index}: ${how} ${what}`);
    done++;
    await pause();
    if (!over && document.querySelector(".result")) ends++;
    if (failed()) return {done, log, ends, failed: true};
  }
  return {done: count, log, ends};
}
"""


def settle(page: Page) -> None:
    """Wait a little for the page to be idle (computers done, coach answered), not forever: all-computer tables play on."""
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function("() => !document.documentElement.dataset.busy", timeout=IDLE_WAIT_MS)


def problems(page: Page, console: list[str], uncaught: list[str]) -> list[str]:
    """What went wrong so far: console errors, uncaught errors, and the notices that say something did."""
    found = [f"console error: {text}" for text in console] + [f"uncaught: {text}" for text in uncaught]
    for notice in page.locator(FAILING).all():
        found.append(f"notice {notice.get_attribute('data-notice')}: {notice.inner_text()}")
    return found


RUN = os.environ.get("ETOILE_CLICKS_RUN", "1")
"""The seeds are ``<game>-<RUN>``: set ``ETOILE_CLICKS_RUN`` to click through other paths."""


@pytest.mark.parametrize("seed", [f"{game}-{RUN}" for game in GAMES])
def test_random_clicks_never_meet_an_error(page: Page, base_url: str, seed: str) -> None:
    game = seed.rsplit("-", 1)[0]
    rng = random.Random(seed)
    console: list[str] = []
    uncaught: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            console.append(message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda error: uncaught.append(str(error)))
    page.add_init_script(CAPTURE_SCRIPT)
    fix_seed(page, rng.getrandbits(63))
    # No pause for the computers, no animations, no sound: the clicks only wait for what they must.
    seed_once(page, {SETTINGS_KEY: json.dumps({"schema": 1, "data": {"speed": "off", "sound": False}})})

    started = time.monotonic()
    open_app(page, base_url, f"#/{game}/new")
    history: list[str] = []
    clicks = loads = ends = 0
    while clicks < CLICKS:
        if clicks and clicks % RELOAD_EVERY == 0:
            page.reload()
            page.wait_for_selector("html[data-ready='true']")
            loads += 1
        batch = {"seed": rng.getrandbits(32), "count": min(BATCH, CLICKS - clicks), "first": clicks, "game": game}
        outcome: dict[str, Any] = page.evaluate(BATCH_SCRIPT, {**batch, "failing": FAILING})
        history += outcome["log"]
        clicks += outcome["done"]
        ends += outcome["ends"]
        settle(page)
        found = problems(page, console, uncaught)
        if outcome.get("stuck"):
            found.append("nothing left to click")
        errors_at = page.evaluate("() => window.__clickErrors.map((e) => e.click)")
        assert not found, (
            f"seed {seed!r}, at click {min(errors_at, default=clicks - 1)} (of {clicks} since the start):\n"
            + "\n".join(found)
            + "\nthe last clicks:\n"
            + "\n".join(history[-12:])
        )
    print(f"\n{seed}: {clicks} clicks, {loads} reloads, {ends} games ended, {time.monotonic() - started:.0f} s")


def test_the_page_is_marked_busy_while_a_computer_plays_and_idle_after(page: Page, base_url: str) -> None:
    """``html[data-busy]``, which the clicks wait on, is there while computers play and gone once the game is over."""
    seed_once(page, {SETTINGS_KEY: json.dumps({"schema": 1, "data": {"speed": "off", "sound": False}})})
    fix_seed(page, 7)
    set_up(page, base_url, "421", [None, None])
    html = page.locator("html")
    expect(html).to_have_attribute("data-busy", "true")
    expect(page.locator(".result")).to_be_visible(timeout=120_000)
    expect(html).not_to_have_attribute("data-busy", re.compile(".*"))
