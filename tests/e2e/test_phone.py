"""The three games on a phone: 360 px wide (and 390 px where it costs little), every seat taken.

What a phone player needs: the Chinese checkers status line and the whole board
seen together; the Generala sheet scrolling in its own box, its box names and
player names in place, a shade saying there is more of it, the current player's
column brought into view; every tap target 44 px at least; nothing wider than
the screen.

Games at a chosen moment (a turn under way, a finished game) are built with the
rules engine and opened through the table's own import, or saved in
localStorage before the app loads; the rest is reached by clicking, as a player
would.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from etoile.engine.match import Match, Seat
from etoile.games.chinese_checkers import ai as cc_ai
from etoile.games.chinese_checkers import rules as cc
from etoile.games.four21 import rules as four21
from etoile.games.generala import rules as generala
from etoile.saved.settings import Settings
from etoile.saved.storage import MemoryBackend, Store
from tests.e2e.conftest import open_app, set_up
from tests.e2e.support import landed, seed_once, t

PHONE = {"width": 360, "height": 740}
PHONE_390 = {"width": 390, "height": 844}
MOST_SEATS = {"421": 8, "generala": 8, "chinese-checkers": 6}
SEED = 11
# Names as long as people type them; one without a break, which must wrap rather than widen the page.
NAMES = ("Alexandrine", "Maximilianbartholomew", "Jo", "Guillaume", "Anastasia", "Bob", "Élisabeth", "Konstantin")


def seats(game: str) -> tuple[Seat, ...]:
    return tuple(Seat(name) for name in NAMES[: MOST_SEATS[game]])


def seed_match(page: Page, match: Match) -> None:
    """Make ``match`` the saved game of its table (English settings), before the app's first load."""
    backend = MemoryBackend()
    store = Store(backend)
    store.save_settings(Settings(language="en"))
    store.save_match(match)
    seed_once(page, dict(backend.items))


def four21_finished() -> Match:
    """A whole 421 game of 8: everyone stands as soon as allowed."""
    match = Match.new(four21, {"players": 8}, SEED, seats("421")).settled()
    while match.result is None:
        actions = four21.legal_actions(match.state)
        match = match.play(four21.Stop() if four21.Stop() in actions else actions[0]).settled()
    return match


def four21_first_throw() -> Match:
    """421 for 8, who starts decided, the first player's dice thrown once: dice to set aside."""
    match = Match.new(four21, {"players": 8}, SEED, seats("421")).settled()
    while match.state.rolloff is not None or match.state.throws == 0:
        match = match.play(four21.Throw()).settled()
    return match


def generala_first_throw() -> Match:
    """Generala for 8, who starts decided, the first player's dice thrown once: every open box has its button."""
    match = Match.new(generala, {"players": 8}, SEED, seats("generala")).settled()
    while match.state.phase == "start" or match.state.throw == 0:
        match = match.play(generala.Throw()).settled()
    return match


def generala_started() -> Match:
    """Generala for 8, who starts decided, nobody has thrown yet."""
    match = Match.new(generala, {"players": 8}, SEED, seats("generala")).settled()
    while match.state.phase == "start":
        match = match.play(generala.Throw()).settled()
    return match


def generala_finished() -> Match:
    """A whole Generala game of 8: one throw, then the first open box."""
    match = Match.new(generala, {"players": 8}, SEED, seats("generala")).settled()
    while match.result is None:
        actions = generala.legal_actions(match.state)
        fills = [a for a in actions if isinstance(a, generala.Fill)]
        match = match.play(fills[0] if fills else actions[0]).settled()
    return match


def chinese_checkers_finished() -> Match:
    """A whole Chinese checkers game of 6, every move the easy computer's."""
    match = Match.new(cc, {"players": 6}, SEED, seats("chinese-checkers")).settled()
    while match.result is None:
        match = match.play(cc_ai.best_move(match.state, "easy")).settled()
    return match


def set_up_most(page: Page, base_url: str, game: str) -> None:
    """The setup of ``game`` with its most seats (Generala: 8), every seat a person with a long name; not started."""
    open_app(page, base_url, f"#/{game}/new")
    count = page.locator("#setup-players")
    if count.evaluate("(e) => e.tagName") == "SELECT":
        count.select_option(str(MOST_SEATS[game]))
    else:
        count.fill(str(MOST_SEATS[game]))
        count.press("Tab")
    for index, name in enumerate(NAMES[: MOST_SEATS[game]]):
        page.select_option(f"#seat-{index}-kind", "person")
        page.fill(f"#seat-{index}-detail", name)
        page.press(f"#seat-{index}-detail", "Tab")


def start(page: Page) -> None:
    page.locator("[data-action='setup-start']").click()
    expect(page.locator(".table-screen")).to_be_visible()


def import_game(page: Page, match: Match, *, replacing: bool = False) -> None:
    """Open ``match`` at its table through the table's own import (the table of its game must be shown), saying yes
    to the question first when it ``replaces`` a game in progress."""
    page.locator("input[type=file][data-action='import-game']").set_input_files(
        {"name": "game.json", "mimeType": "application/json", "buffer": json.dumps(match.to_json()).encode()}
    )
    if replacing:
        page.get_by_role("button", name=t("en", "replace.confirm")).click()
    expect(page.locator(".notice").last).to_contain_text(t("en", "table.imported"))


def visit(page: Page, base_url: str, check: Callable[[str], None]) -> None:
    """Every screen of the app at 360 px, in one page: the pages, then each game's setup with its most seats, its
    table, a turn under way and its end, then the history and the statistics; ``check(name)`` on each."""
    visit_games(page, base_url, check)
    visit_past(page, check)


def visit_games(page: Page, base_url: str, check: Callable[[str], None]) -> None:
    page.set_viewport_size(PHONE)
    for route, name in (
        ("#/", "home"),
        ("#/settings", "settings"),
        ("#/rules/421", "rules of 421"),
        ("#/rules/generala", "rules of Generala"),
        ("#/rules/chinese-checkers", "rules of Chinese checkers"),
    ):
        open_app(page, base_url, route)
        check(name)

    set_up_most(page, base_url, "421")
    check("421 setup")
    start(page)
    check("421 table")
    page.get_by_role("button", name="Throw", exact=True).click()
    expect(page.locator(".rolloff-throws li").first).to_be_visible()
    check("421 table, who starts being thrown")
    import_game(page, four21_first_throw(), replacing=True)  # who starts was being thrown: a game under way
    expect(page.locator(".dice-row .die:not([disabled])").first).to_be_visible()
    check("421 table, the dice thrown")
    finished = four21_finished()
    page.locator(".table-tools a[href='#/421/new']").click()
    page.locator("[data-action='setup-start']").click()
    expect(page.locator(".dialog")).to_be_visible()
    check("421, the question before a game under way is dropped")
    page.keyboard.press("Escape")
    expect(page.locator(".dialog")).to_have_count(0)
    page.goto(base_url + "#/421")
    import_game(page, finished)
    expect(page.locator(".result")).to_be_visible()
    check("421 end")

    set_up_most(page, base_url, "generala")
    check("Generala setup")
    start(page)
    check("Generala table")
    import_game(page, generala_first_throw())
    expect(page.locator(".sheet button.fill").first).to_be_visible()
    check("Generala table, the dice thrown")
    page.locator(".turn-log summary").click()
    page.get_by_role("button", name="Replay").click()
    expect(page.locator(".replay-bar")).to_be_visible()
    check("Generala replay, the log open")
    page.get_by_role("button", name="Back to the game").click()
    import_game(page, generala_finished())
    expect(page.locator(".result")).to_be_visible()
    check("Generala end")

    set_up_most(page, base_url, "chinese-checkers")
    check("Chinese checkers setup")
    start(page)
    check("Chinese checkers table")
    page.locator(".spot[data-hole='3']").click()
    expect(page.locator(".hole.target").first).to_be_visible()
    check("Chinese checkers table, a piece selected")
    import_game(page, chinese_checkers_finished())
    expect(page.locator(".result")).to_be_visible()
    check("Chinese checkers end")


def visit_past(page: Page, check: Callable[[str], None]) -> None:
    """The history, where the games just finished are, and their statistics."""
    page.get_by_role("link", name="History").click()
    expect(page.locator(".history-game").first).to_be_visible()
    check("history")
    page.get_by_role("link", name="Statistics").click()
    expect(page.locator("figure.chart").first).to_be_visible()
    check("statistics")


TAP_TARGETS = """
() => {
  // Every control a finger can hit: what is clickable, focusable or carries an action. A radio or a checkbox is hit
  // through its whole label, and a file field hidden inside its label-button through that label.
  const controls = 'button, a[href], input, select, textarea, summary, [role=button], [tabindex]:not([tabindex="-1"]),'
    + ' [data-action]';
  const seen = new Set(), found = [];
  for (const element of document.querySelectorAll(controls)) {
    const label = element.closest('label');
    const target = element.matches('input[type=radio], input[type=checkbox], input.visually-hidden') && label
      ? label : element;
    if (seen.has(target) || target.closest('[inert]')) continue;
    seen.add(target);
    const box = target.getBoundingClientRect();
    const shown = box.width > 0 && box.height > 0 && getComputedStyle(target).visibility !== 'hidden'
      && box.bottom + scrollY > 0 && box.right + scrollX > 0;  // the skip link waits above the page until focused
    if (!shown) continue;
    const name = (target.getAttribute('aria-label') || target.textContent || '').trim().replace(/\\s+/g, ' ');
    const kind = target.tagName.toLowerCase() + '.' + (target.getAttribute('class') || '').replace(/ /g, '.');
    found.push({what: kind + ' "' + name.slice(0, 30) + '"', width: box.width, height: box.height,
                hole: target.matches('.spot')});
  }
  return found;
}
"""

OVERFLOW = """
() => {
  // Every element whose box reaches past either side of the screen, unless a box that scrolls or clips it holds it.
  const width = window.innerWidth, beyond = [];
  for (const element of document.querySelectorAll('body *')) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || (box.left >= -0.5 && box.right <= width + 0.5)) continue;
    let holder = element.parentElement, held = false;
    for (; holder && holder !== document.body; holder = holder.parentElement) {
      if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(holder).overflowX)) { held = true; break; }
    }
    if (!held && !element.closest('.visually-hidden')) {
      beyond.push(element.tagName.toLowerCase() + '.' + (element.getAttribute('class') || '') + ' '
                  + Math.round(box.left) + '..' + Math.round(box.right));
    }
  }
  return {scrollWidth: document.documentElement.scrollWidth, width, beyond: beyond.slice(0, 10)};
}
"""


def test_every_tap_target_is_44_px_at_least(page: Page, base_url: str) -> None:
    """Every visible control of every screen is 44 x 44 CSS px at least at 360 px wide (WCAG 2.5.5, target size).

    Decision on the Chinese checkers holes: the board is the control, and they are exempt. 121 holes across a
    360 px screen cannot be 44 px apart, and a hit area larger than a hole's own cell would overlap its neighbours'
    (WCAG 2.5.5 and 2.5.8 except targets whose size and spacing are essential to what they show, as a game board's
    are). Instead each hole's invisible hit area is its whole cell, a disc as wide as the spacing of the holes, so a
    tap anywhere on the star lands on the nearest hole; the board spans the phone's width, which makes each cell
    24 px at least at 360 px (WCAG 2.5.8's minimum), and the keyboard reaches every hole too.
    """
    small: dict[str, list] = {}

    def check(screen: str) -> None:
        targets = page.evaluate(TAP_TARGETS)
        assert targets, f"{screen}: no control found"
        holes = [t for t in targets if t["hole"]]
        under = [t for t in targets if not t["hole"] and (t["width"] < 44 - 0.01 or t["height"] < 44 - 0.01)]
        least = min((t for t in targets if not t["hole"]), key=lambda t: min(t["width"], t["height"]))
        print(f"{screen}: smallest target {least['width']:.1f} x {least['height']:.1f} {least['what']}")
        if under:
            small[screen] = under[:6]
        if screen.startswith("Chinese checkers table"):
            assert len(holes) == cc.SIZE
            assert min(min(t["width"], t["height"]) for t in holes) >= 24, holes[:3]
        if screen == "home":  # the skip link, once the keyboard brings it into view
            page.keyboard.press("Tab")
            box = page.locator(".skip-link").bounding_box()
            assert box is not None and box["width"] >= 44 and box["height"] >= 44, box

    visit(page, base_url, check)
    assert small == {}, f"targets under 44 px: {small}"


def test_nothing_is_wider_than_a_phone_screen(page: Page, base_url: str) -> None:
    """At 360 px, with the most seats and long names: no sideways scrolling of the page, and no element reaching
    past the screen's edge except inside a box that scrolls itself (the Generala sheet)."""
    wide: dict[str, dict] = {}

    def check(screen: str) -> None:
        found = page.evaluate(OVERFLOW)
        if found["scrollWidth"] > found["width"] or found["beyond"]:
            wide[screen] = found

    visit(page, base_url, check)
    assert wide == {}, wide


@pytest.mark.parametrize("size", [PHONE, PHONE_390], ids=["360x740", "390x844"])
@pytest.mark.parametrize("players", [2, 6])
def test_the_chinese_checkers_status_and_the_whole_board_are_seen_together(
    page: Page, base_url: str, players: int, size: dict[str, int]
) -> None:
    """Once the table opens (Start pressed at the foot of a long setup), the status line and the whole board are in
    the screen at once, without scrolling."""
    page.set_viewport_size(size)
    set_up(page, base_url, "chinese-checkers", [f"P{i}" for i in range(1, players + 1)])
    expect(page.locator(".status")).to_have_text("P1 to play (red). Choose a piece to move.")
    for selector in (".status", ".cc-board"):
        box = page.locator(selector).bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (selector, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], (selector, box)


def sheet_boxes(page: Page) -> dict[str, dict[str, float]]:
    """Where the sheet's box names, its corner, a player's name and a body cell are, and the sheet's box."""
    return page.evaluate(
        """() => {
          const at = (selector) => { const b = document.querySelector(selector).getBoundingClientRect();
                                     return {x: b.x, y: b.y, width: b.width, height: b.height}; };
          return {wrap: at('.sheet-wrap'), corner: at('.sheet thead th:first-child'),
                  box: at('.sheet tbody tr:last-child th'), name: at('.sheet thead th:nth-child(3)'),
                  cell: at('.sheet tbody tr:last-child td:nth-child(3)')};
        }"""
    )


STILL = """() => new Promise((resolve) => {
  const wrap = document.querySelector('.sheet-wrap'), left = wrap.scrollLeft;
  requestAnimationFrame(() => requestAnimationFrame(() => resolve(wrap.scrollLeft === left)));
})"""
"""Whether the sheet's box has stopped scrolling sideways (the same place two frames apart)."""


def scroll_sheet(page: Page, left: int | None = None, top: int | None = None) -> None:
    page.locator(".sheet-wrap").evaluate(
        "(el, [left, top]) => el.scrollTo({left: left ?? el.scrollLeft, top: top ?? el.scrollTop, behavior: 'instant'})",
        [left, top],
    )


def test_a_generala_sheet_of_eight_scrolls_in_its_own_box_with_its_names_in_place(page: Page, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    seed_match(page, generala_first_throw())
    open_app(page, base_url, "#/generala")
    wrap = page.locator(".sheet-wrap")
    expect(wrap).to_be_visible()
    page.wait_for_function(CURRENT_IN_VIEW)  # the app has brought the current player's column into view, and stopped
    page.wait_for_function(STILL)
    scroll_sheet(page, left=0)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # the page does not scroll sideways
    assert wrap.evaluate("el => el.scrollWidth > el.clientWidth")  # the sheet does, in its box
    scrolled = "el => el.scrollLeft"
    start, before = wrap.evaluate(scrolled), sheet_boxes(page)
    scroll_sheet(page, left=150)
    moved, after = wrap.evaluate(scrolled) - start, sheet_boxes(page)  # what the box scrolled (the app may nudge it)
    assert moved >= 100
    # Sideways: the box names and the corner stay at the left of the box, the players' columns move under them.
    for key in ("corner", "box"):
        assert after[key]["x"] == pytest.approx(before[key]["x"], abs=0.5), (key, before[key], after[key])
    for key in ("name", "cell"):
        assert after[key]["x"] == pytest.approx(before[key]["x"] - moved, abs=0.5), (key, before[key], after[key])
    assert after["name"]["y"] == pytest.approx(before["name"]["y"], abs=0.5)
    # On a screen too short for the whole sheet, it scrolls up and down in its box too, the players' names on top.
    page.set_viewport_size({"width": 360, "height": 480})
    assert wrap.evaluate("el => el.scrollHeight > el.clientHeight")
    page.evaluate("window.scrollTo(0, 0)")
    scroll_sheet(page, left=150, top=0)
    before = sheet_boxes(page)
    scroll_sheet(page, top=120)
    after = sheet_boxes(page)
    for key in ("corner", "name"):
        assert after[key]["y"] == pytest.approx(before[key]["y"], abs=0.5), (key, before[key], after[key])
    for key in ("box", "cell"):
        assert after[key]["y"] == pytest.approx(before[key]["y"] - 120, abs=0.5), (key, before[key], after[key])
    assert after["box"]["x"] == pytest.approx(before["box"]["x"], abs=0.5)
    assert after["corner"]["y"] == pytest.approx(after["wrap"]["y"] + 1, abs=1)  # at the top of the box, in its border


SHADE = "el => getComputedStyle(el, '::after').opacity"
LEFT_SHADE = "() => getComputedStyle(document.querySelector('.sheet tbody th')).boxShadow"


def test_the_sheet_shows_that_it_scrolls_only_when_it_does(page: Page, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    set_up(page, base_url, "generala", [f"P{i}" for i in range(1, 9)])
    wrap, box = page.locator(".sheet-wrap"), page.locator(".sheet-box")
    # More columns to the right: the right edge is shaded.
    expect(wrap).to_have_attribute("data-overflow", "end")
    page.wait_for_function(f"() => ({SHADE})(document.querySelector('.sheet-box')) === '1'")
    assert page.evaluate(LEFT_SHADE) == "none"
    # Scrolled to the far right: the shade moves to the left edge, beside the box names.
    scroll_sheet(page, left=10_000)
    expect(wrap).to_have_attribute("data-overflow", "start")
    page.wait_for_function(f"() => ({SHADE})(document.querySelector('.sheet-box')) === '0'")
    assert page.evaluate(LEFT_SHADE) != "none"
    # In between, both.
    scroll_sheet(page, left=60)
    expect(wrap).to_have_attribute("data-overflow", "start end")
    # A sheet that fits has no shade at all.
    for size, players in ((PHONE, 2), ({"width": 1280, "height": 800}, 8)):
        page.set_viewport_size(size)
        set_up(page, base_url, "generala", [f"P{i}" for i in range(1, players + 1)])
        expect(page.locator(".sheet thead th")).to_have_count(players + 1)
        assert wrap.evaluate("el => el.scrollWidth <= el.clientWidth")
        expect(wrap).not_to_have_attribute("data-overflow", "end")
        expect(wrap).not_to_have_attribute("data-overflow", "start")
        assert wrap.get_attribute("data-overflow") is None
        assert box.evaluate(SHADE) == "0" and page.evaluate(LEFT_SHADE) == "none"


CURRENT_IN_VIEW = """() => {
  const wrap = document.querySelector('.sheet-wrap'), current = wrap.querySelector('thead th[aria-current]');
  const pinned = wrap.querySelector('thead th:first-child').getBoundingClientRect();
  const area = wrap.getBoundingClientRect(), cell = current.getBoundingClientRect();
  const end = area.left + wrap.clientLeft + wrap.clientWidth;
  // The whole column, clear of the box names; a column wider than the view (a long name), from its start.
  const whole = cell.right <= end + 1 || (cell.width > end - pinned.right && cell.left <= pinned.right + 1);
  return cell.left >= pinned.right - 1 && whole;
}"""


def test_the_current_players_column_comes_into_view_when_their_turn_comes(page: Page, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    match = generala_started()
    seed_match(page, match)
    open_app(page, base_url, "#/generala")
    wrap = page.locator(".sheet-wrap")
    expect(wrap).to_be_visible()
    page.wait_for_function(CURRENT_IN_VIEW)
    names = [NAMES[(match.state.seat + turn) % 8] for turn in range(6)]
    moved = set()
    for turn in range(1, 6):
        page.get_by_role("button", name="Throw", exact=True).click()
        landed(page)
        # The box is pressed as a finger would, without the test scrolling the sheet to it; a box that would take 0
        # asks first (its button says so by its class: the dialog is waited for, not looked for at once).
        box = page.locator(".sheet button.fill").first
        zero = "zero" in (box.get_attribute("class") or "").split()
        box.evaluate("button => button.click()")
        if zero:
            page.get_by_role("button", name="Cross it out").evaluate("button => button.click()")
        expect(page.locator(".sheet thead th[aria-current]")).to_have_text(names[turn])
        page.wait_for_function(CURRENT_IN_VIEW)
        moved.add(wrap.evaluate("el => Math.round(el.scrollLeft)"))
    assert len(moved) > 1, moved  # the sheet did scroll to follow the turns
