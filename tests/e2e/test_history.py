"""The history and the statistics as a player sees them: a game ends, it is in the history, it replays, it counts."""

import json

import pytest
from playwright.sync_api import Page, expect

from etoile.saved.history import Entry
from etoile.saved.storage import MemoryBackend, Store
from tests.e2e import positions
from tests.e2e.conftest import open_app
from tests.e2e.support import LANGUAGES, local_storage, seed_once, t
from tests.e2e.test_four21 import play_standing_after_one_throw


def seeded(match) -> dict[str, str]:
    return {**positions.items(match=match), **_fast()}


def _fast() -> dict[str, str]:
    """Settings with the computer's pace off, so its turns come at once."""
    return {"etoile:settings": json.dumps({"schema": 1, "data": {"language": "en", "name": "Ann", "speed": "off"}})}


def finish(page: Page, game: str) -> None:
    """Make the person's last choices of the seeded game, as a player clicks them, until its result shows."""
    if game == "generala":
        box = page.locator(".sheet button[data-box]:not([disabled])").first
        box.click()
        cross = page.get_by_role("button", name="Cross it out")
        if cross.count():
            cross.click()
    elif game == "421":
        play_standing_after_one_throw(page)
    else:
        match = positions.last_move(game)
        whole = positions._cc_won_by_ann()
        move = whole.actions[match.cursor]
        page.locator(f".spot[data-hole='{move.start}']").click()
        page.locator(f".spot[data-hole='{move.end}']").click()
    expect(page.locator(".result")).to_be_visible()


@pytest.mark.parametrize("game", ["421", "generala", "chinese-checkers"])
def test_a_finished_game_is_in_the_history_replays_and_counts(page: Page, base_url: str, game: str) -> None:
    seed_once(page, seeded(positions.last_move(game)))
    open_app(page, base_url, f"#/{game}")
    finish(page, game)
    # Generala's seeded game is Ann's alone: its end says her score, the history too, and she is ranked first.
    alone = game == "generala"
    winner = "Ann" if alone else page.locator(".result h2").inner_text().removesuffix(" wins!")
    score = page.locator(".result h2").inner_text().removeprefix("Ann finishes with ").removesuffix(" points")

    page.get_by_role("link", name="History").click()
    expect(page.locator("h1")).to_have_text("History")
    entry = page.locator(".history-game")
    expect(entry).to_have_count(1)
    expect(entry).to_have_attribute("data-game", game)
    expect(entry.locator(".history-result")).to_have_text(f"Ann, alone: {score} points" if alone else f"{winner} won")
    expect(entry.locator(".history-players")).to_contain_text("Ann")
    stored = [key for key in local_storage(page) if key.startswith("etoile:history:")]
    assert len(stored) == 1

    entry.locator("a").click()  # its replay, from the start
    expect(page.locator(".replay-bar")).to_be_visible()
    expect(page.locator(".replay-status")).to_contain_text("Replay: move 0 of")
    page.get_by_role("button", name="Back to the history").click()
    expect(page.locator("h1")).to_have_text("History")

    page.get_by_role("link", name="Statistics").click()
    row = page.locator(f".stats-summary tr[data-game='{game}']")
    expect(row.locator("td")).to_have_text(["1", "1" if winner == "Ann" else "0", "100%" if winner == "Ann" else "0%", "0"])
    expect(page.locator(f".stats-game[data-game='{game}'] figure svg").first).to_be_visible()


def test_a_game_left_for_a_new_one_is_kept_as_unfinished(page: Page, base_url: str) -> None:
    match = positions.mid_game("421")
    seed_once(page, seeded(match))
    open_app(page, base_url, "#/421/new")
    page.get_by_role("button", name="Start the game").click()
    page.locator(".dialog [data-action='abandon-confirm']").click()
    expect(page.locator(".four21 .status")).to_be_visible()
    page.get_by_role("link", name="History").click()
    expect(page.locator(".history-game .history-result")).to_have_text(f"Left unfinished after {match.cursor} actions")
    expect(page.locator(".history-game")).to_have_attribute("data-ended", "abandoned")


def history_items(*games: str) -> dict[str, str]:
    backend = MemoryBackend()
    store = Store(backend)
    for day, game in enumerate(games, start=1):
        store.save_entry(Entry.of(positions.finished(game), f"2026-11-{day:02d}T20:00"))
    return dict(backend.items)


def test_filters_removal_and_an_unreadable_entry(page: Page, base_url: str) -> None:
    items = history_items("421", "generala", "chinese-checkers")
    items["etoile:history:0123456789abcdef"] = '{"schema": 1, "data": {"id": "0123456789abcdef"'  # cut short
    seed_once(page, {**items, **_fast()})
    open_app(page, base_url, "#/history")
    expect(page.locator(".notice[data-notice='storage.unreadable']")).to_be_visible()
    expect(page.locator(".history-game")).to_have_count(3)
    page.select_option("#history-game", "generala")
    expect(page.locator(".history-game")).to_have_count(1)
    expect(page.locator(".history-count")).to_have_text("1 game shown")
    page.select_option("#history-game", "")
    page.select_option("#history-player", "computer:421/easy")
    expect(page.locator(".history-game")).to_have_attribute("data-game", "421")
    page.select_option("#history-player", "")
    page.locator(".history-game[data-game='chinese-checkers'] [data-action='forget-entry']").click()
    expect(page.locator(".history-game")).to_have_count(2)
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    expect(page.locator(".history-game")).to_have_count(2)
    aside = [key for key in local_storage(page) if key.startswith("etoile-aside:history:")]
    assert aside == ["etoile-aside:history:0123456789abcdef:1"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_statistics_and_their_charts_in_every_language(page: Page, base_url: str, lang: str) -> None:
    settings = {"schema": 1, "data": {"language": lang, "name": "Ann"}}
    seed_once(page, {**history_items("421", "generala", "chinese-checkers"), "etoile:settings": json.dumps(settings)})
    open_app(page, base_url, "#/stats")
    expect(page.locator("h1")).to_have_text(t(lang, "stats.title"))
    expect(page.locator(".stats-summary tbody tr")).to_have_count(3)
    figures = page.locator("figure.chart")
    expect(figures).to_have_count(6)  # 421: 2, Generala: 3, Chinese checkers: 1
    for index in range(figures.count()):
        figure = figures.nth(index)
        expect(figure.locator("svg")).to_be_visible()
        assert figure.locator("tbody tr").count() > 0
    captions = figures.locator("figcaption").all_inner_texts()
    assert t(lang, "generala.stats.crossed") in captions
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


FULL_FOR_NEW_GAMES = """
(() => {
  const real = Storage.prototype.setItem;
  window.__e2eFull = true;
  Storage.prototype.setItem = function (key, value) {
    if (window.__e2eFull && key.includes("history:") && localStorage.getItem(key) === null) {
      throw new DOMException("full", "QuotaExceededError");
    }
    return real.call(this, key, value);
  };
})();
"""


def test_a_full_storage_keeps_the_game_on_the_page_and_offers_to_make_room(page: Page, base_url: str) -> None:
    seed_once(page, {**seeded(positions.last_move("generala")), **history_items("421", "chinese-checkers")})
    page.add_init_script(FULL_FOR_NEW_GAMES)
    open_app(page, base_url, "#/generala")
    finish(page, "generala")
    expect(page.locator("[data-notice='storage.history_full']")).to_be_visible()
    page.get_by_role("link", name="History").click()
    expect(page.locator(".history-game")).to_have_count(3)  # the new game too, kept on the page
    panel = page.locator(".history-full")
    expect(panel.get_by_role("button", name="Export to a file")).to_be_visible()
    page.evaluate("window.__e2eFull = false")  # the export made room elsewhere, say
    panel.get_by_role("button", name="Remove the 3 oldest games").click()
    expect(page.locator(".history-game")).to_have_count(0)
    expect(page.locator("[data-notice='history.removed_oldest']")).to_be_visible()
    expect(page.locator(".history-full")).to_have_count(0)
