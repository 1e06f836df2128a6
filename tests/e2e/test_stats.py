"""The statistics and a past game as a player sees them: opened at once, drawn whole and readable in every
language and on a phone, every player told apart, and a past game shared by its link."""

import json

from playwright.sync_api import Page, expect

from etoile.engine.match import Match, Seat
from etoile.games.four21 import rules as four21
from etoile.games.generala import rules as generala
from etoile.saved.history import Entry
from etoile.saved.storage import MemoryBackend, Store
from tests.e2e import positions
from tests.e2e.conftest import open_app
from tests.e2e.support import seed_once, t
from tests.e2e.test_history import history_items


def _settings(lang: str = "en", name: str = "Ann") -> dict[str, str]:
    return {"etoile:settings": json.dumps({"schema": 1, "data": {"language": lang, "name": name}})}


def _generala_games(count: int) -> list[tuple[Match, str]]:
    """``count`` finished Generala games of Ann against the computer, one a day."""
    games = []
    for day in range(1, count + 1):
        match = Match.new(generala, {"players": 2}, day, positions.PERSON_AND_COMPUTER)
        over = positions._play(match, positions._generala_move, lambda m: generala.to_move(m.state) is None)
        games.append((over, f"2026-11-{day:02d}T20:00"))
    return games


def test_the_statistics_load_while_the_page_is_idle_and_open_drawn(page: Page, base_url: str) -> None:
    # What opening them then imports (nothing) is tested in tests/unit/test_startup.py, without a clock.
    seed_once(page, {**_entries(*_generala_games(3)), **_settings()})
    open_app(page, base_url, "#/history")
    page.reload()  # a fresh page, as the player's next visit: nothing of the statistics loaded yet
    page.wait_for_selector("html[data-ready='true']")
    expect(page.locator(".history-game")).to_have_count(3)
    page.wait_for_selector("html[data-statistics='ready']", state="attached")
    page.get_by_role("link", name="Statistics").click()
    expect(page.locator(".stats-game[data-game='generala'] figure svg").first).to_be_visible()


INSIDE = """
(figure) => {
  const box = figure.querySelector("svg").getBoundingClientRect();
  const out = (r) => r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5;
  return [...figure.querySelectorAll("svg text")]
    .map((text) => [text.textContent, text.getBoundingClientRect()])
    .filter(([, r]) => out(r))
    .map(([label, r]) => `${label} at ${r.left | 0}..${r.right | 0} of ${box.left | 0}..${box.right | 0}`);
}
"""


def test_chart_labels_stay_inside_their_drawing_in_russian_on_desktop_and_phone(page: Page, base_url: str) -> None:
    seed_once(page, {**history_items("421", "generala", "chinese-checkers"), **_settings("ru")})
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        open_app(page, base_url, "#/stats")
        other = t("ru", "four21.stats.group.other")
        expect(page.locator("figure.chart text", has_text=other)).to_have_count(1)
        figures = page.locator("figure.chart")
        expect(figures).to_have_count(6)
        for index in range(figures.count()):
            assert figures.nth(index).evaluate(INSIDE) == [], f"at {width} px"


CUE = "(side) => getComputedStyle(document.querySelector('.stats-scroll'), side).opacity === '1'"


def test_the_summary_table_shows_it_scrolls_on_a_phone_in_russian(page: Page, base_url: str) -> None:
    seed_once(page, {**history_items("421", "generala", "chinese-checkers"), **_settings("ru")})
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, base_url, "#/stats")
    scroller = page.locator(".stats .scroll-x")
    expect(scroller).to_have_attribute("data-overflow", "end")
    page.wait_for_function(CUE, arg="::after")  # the shade on the side with more columns
    last = page.locator(".stats-summary thead th").last
    expect(last).to_have_text(t("ru", "stats.left"))
    last.scroll_into_view_if_needed()
    expect(scroller).to_have_attribute("data-overflow", "start")
    page.wait_for_function(CUE, arg="::before")
    right = last.evaluate("(th) => th.getBoundingClientRect().right")
    assert right <= 390


BOXES = """
(svg, selector) => [...svg.querySelectorAll(selector)].map((e) => {
  const r = e.getBoundingClientRect();
  return [e.textContent, r.left, r.top, r.right, r.bottom];
})
"""


def test_the_histogram_marks_are_not_written_over_its_bars(page: Page, base_url: str) -> None:
    seed_once(page, {**history_items("generala", "generala"), **_settings()})
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        open_app(page, base_url, "#/stats")
        svg = page.locator(".stats-game[data-game='generala'] figure svg").first
        labels = svg.evaluate(BOXES, ".chart-mark-label")
        bars = svg.evaluate(BOXES, ".chart-bar")
        assert [label[0] for label in labels] == ["you 65.0", "optimal 156.2"]
        assert bars
        for label, left, top, right, bottom in labels:
            for _, b_left, b_top, b_right, b_bottom in bars:
                apart = right <= b_left or b_right <= left or bottom <= b_top or b_bottom <= top
                assert apart, f"{label!r} lies on a bar at {width} px"


def _two_experts() -> Match:
    """A finished 421 game of Ann against two computers at the expert level."""
    seats = (Seat("Ann"), Seat("", "expert"), Seat("", "expert"))
    match = Match.new(four21, {"players": 3}, positions.SEED, seats)
    return positions._play(match, positions._four21_move, lambda m: four21.to_move(m.state) is None)


def _entries(*matches: tuple[Match, str]) -> dict[str, str]:
    backend = MemoryBackend()
    store = Store(backend)
    for match, when in matches:
        store.save_entry(Entry.of(match, when))
    return dict(backend.items)


def test_computer_seats_are_told_apart_and_the_statistics_open_on_this_devices_player(page: Page, base_url: str) -> None:
    match = _two_experts()
    unnamed = Match.new(four21, {"players": 2}, 3, (Seat(""), Seat("", "expert")))
    unnamed = positions._play(unnamed, positions._four21_move, lambda m: four21.to_move(m.state) is None)
    seed_once(page, {**_entries((match, "2026-12-01T20:00"), (unnamed, "2026-12-02T20:00")), **_settings(name="")})
    open_app(page, base_url, "#/history")
    players = page.locator(".history-game[data-game='421'] .history-players")
    expect(players).to_have_text(["Player 1, Computer 2 (expert)", "Ann, Computer 2 (expert), Computer 3 (expert)"])
    winner = match.result.ranking[0][0]
    names = {0: "Ann", 1: "Computer 2 (expert)", 2: "Computer 3 (expert)"}
    expect(page.locator(".history-game .history-result").last).to_have_text(f"{names[winner]} won")

    page.get_by_role("link", name="Statistics").click()
    expect(page.locator("#stats-player")).to_have_value("person:")  # this device's unnamed player, not a computer
    page.select_option("#stats-player", "computer:421/expert")
    expect(page.locator(".stats-summary tr[data-game='421'] td").first).to_have_text("2")  # two games, not three seats


def test_a_past_game_is_shared_by_its_link(page: Page, base_url: str) -> None:
    entry = Entry.of(positions.finished("generala"), "2026-11-01T20:00")
    seed_once(page, {**history_items("generala"), **_settings()})
    open_app(page, base_url, f"#/history/{entry.id}")
    expect(page.locator(".replay-bar")).to_be_visible()
    page.get_by_role("button", name="Share a link").click()
    field = page.get_by_label(t("en", "table.share_label"))
    expect(field).to_be_focused()
    expect(field).to_have_value(f"{base_url}#/link/{entry.record}")
    expect(page.locator(".share-box svg")).to_be_visible()  # the QR code
    page.get_by_role("button", name=t("en", "table.share_close")).click()
    expect(page.locator(".share-box")).to_have_count(0)
    expect(page.get_by_role("button", name="Share a link")).to_be_focused()
