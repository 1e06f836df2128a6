"""Saved data that nothing can break: a game in another game's slot, deep and huge values, a full storage, no Python."""

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from etoile.engine.match import Match, Seat
from etoile.games.chinese_checkers import rules as chinese_checkers
from etoile.games.four21 import rules as four21
from tests.e2e.conftest import TIMEOUT_MS, open_app, set_up
from tests.e2e.support import local_storage, page_errors, seed_once, t

DEEP = "[" * 20_000 + "]" * 20_000
SEATS = (Seat("Ann"), Seat("Bob"))


def envelope(data: object) -> str:
    return json.dumps({"schema": 1, "data": data}, ensure_ascii=False, separators=(",", ":"))


def a_421_record() -> dict:
    return Match.new(four21, {"players": 2}, 7, SEATS).play(four21.Throw()).to_json()


def a_chinese_checkers_record() -> dict:
    return Match.new(chinese_checkers, {"players": 2}, 1, SEATS).play(chinese_checkers.action_from_text("3-16")).to_json()


def refused(reason: str, **terms: str) -> str:
    return t("en", "import.refused", reason=t("en", f"import.why.{reason}", **terms))


def test_an_export_with_a_421_game_in_the_chinese_checkers_slot_is_refused_and_the_game_on_the_board_kept(
    page: Page, base_url: str
) -> None:
    errors = page_errors(page)
    set_up(page, base_url, "chinese-checkers", ["Ann", "Bob"])
    page.locator(".spot[data-hole='3']").click()
    page.locator(".spot[data-hole='16']").click()
    expect(page.locator(".turn-log summary")).to_have_text("Game log (1 line)")
    before = local_storage(page)

    page.get_by_role("link", name="Settings").click()
    document = {"kind": "etoile-export", "schema": 1, "records": {"match:chinese-checkers": a_421_record()}}
    page.locator("input[type=file][data-action='import-file']").set_input_files(
        {"name": "etoile.json", "mimeType": "application/json", "buffer": json.dumps(document).encode()}
    )
    record = t("en", "record.match", game=t("en", "game.chinese-checkers.name"))
    expect(page.locator(".notice > p")).to_have_text([refused("bad_record", record=record)])
    assert local_storage(page) == before

    page.goto(base_url + "#/chinese-checkers")
    expect(page.locator(".turn-log summary")).to_have_text("Game log (1 line)")
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    expect(page.locator(".spot[data-hole='16']")).to_have_attribute("aria-label", "hole 16, red piece of Ann")
    assert errors == []


def test_a_chinese_checkers_game_in_the_generala_slot_is_set_aside_and_the_other_games_go_on(page: Page, base_url: str) -> None:
    errors = page_errors(page)
    stray = envelope(a_chinese_checkers_record())
    seed_once(page, {"etoile:match:generala": stray, "etoile:match:421": envelope(a_421_record())})
    open_app(page, base_url)
    notice = page.locator("[data-notice='storage.unreadable']")
    record = t("en", "record.match", game=t("en", "game.generala.name"))
    expect(notice.locator("> p")).to_have_text(t("en", "storage.unreadable", record=record))
    storage = local_storage(page)
    assert storage["etoile-aside:match:generala:1"] == stray
    assert "etoile:match:generala" not in storage
    # Generala has no game to continue; 421's game is still there.
    expect(page.locator(".game-card[data-game='generala']").get_by_role("link", name="Continue")).to_have_count(0)
    page.locator(".game-card[data-game='421']").get_by_role("link", name="Continue").click()
    expect(page.locator(".four21 .status")).to_be_visible()
    page.goto(base_url + "#/generala")
    expect(page.locator("#setup-players")).to_be_visible()
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    expect(page.locator(".notice")).to_have_count(0)
    assert errors == []


def test_a_value_nested_20000_levels_deep_neither_stops_the_app_nor_a_table_import(page: Page, base_url: str) -> None:
    errors = page_errors(page)
    seed_once(page, {"etoile:settings": DEEP, "etoile:match:chinese-checkers": DEEP})
    open_app(page, base_url)
    expect(page.locator("[data-notice='storage.unreadable']")).to_have_count(2)
    assert local_storage(page)["etoile-aside:settings:1"] == DEEP
    expect(page.locator(".game-card")).to_have_count(3)

    set_up(page, base_url, "chinese-checkers", ["Ann", "Bob"])
    page.locator("input[type=file][data-action='import-game']").set_input_files(
        {"name": "deep.json", "mimeType": "application/json", "buffer": DEEP.encode()}
    )
    expect(page.locator("[data-notice='table.import_refused']")).to_have_count(1)
    expect(page.locator(".status")).to_have_text("Ann to play (red). Choose a piece to move.")

    page.get_by_role("link", name="Settings").click()
    page.locator("input[type=file][data-action='import-file']").set_input_files(
        {"name": "deep.json", "mimeType": "application/json", "buffer": DEEP.encode()}
    )
    expect(page.locator(".notice > p").last).to_have_text(refused("too_deep"))
    assert errors == []


def test_a_20_mb_import_is_refused_before_it_is_read(page: Page, base_url: str) -> None:
    open_app(page, base_url, "#/settings")
    before = local_storage(page)
    huge = b'{"kind": "etoile-export", "schema": 1, "records": {"settings": {"name": "' + b"x" * 20_000_000 + b'"}}}'
    page.locator("input[type=file][data-action='import-file']").set_input_files(
        {"name": "huge.json", "mimeType": "application/json", "buffer": huge}
    )
    expect(page.locator(".notice > p")).to_have_text([refused("too_large")])
    assert local_storage(page) == before


FILL_STORAGE = """
(bad) => {
  // Put a bad value in the 421 slot, then fill the rest of the origin's storage with another site's data.
  localStorage.setItem("etoile:match:421", bad);
  let low = 0, high = 16 * 1024 * 1024;
  while (low < high) {
    const size = Math.ceil((low + high) / 2);
    try { localStorage.setItem("another-app", "x".repeat(size)); low = size; }
    catch (e) { high = size - 1; }
  }
  localStorage.setItem("another-app", "x".repeat(low));
  return low;
}
"""


def test_with_a_full_storage_a_bad_value_stays_in_place_is_downloadable_and_discarded_only_after_asking(
    page: Page, base_url: str
) -> None:
    errors = page_errors(page)
    bad = '{"schema": 1, "data": {"game": "421", "broken": ' + "7" * 5000 + "}"
    open_app(page, base_url, "#/settings")
    page.evaluate("() => localStorage.clear()")
    filled = page.evaluate(FILL_STORAGE, bad)
    assert filled > 1_000_000
    page.reload()
    page.wait_for_selector("html[data-ready='true']")

    notice = page.locator("[data-notice='storage.unreadable_in_place']")
    record = t("en", "record.match", game="421")
    expect(notice.locator("> p")).to_have_text(t("en", "storage.unreadable_in_place", record=record))
    assert local_storage(page)["etoile:match:421"] == bad
    with page.expect_download() as download_info:
        notice.get_by_role("button", name="Download it").click()
    assert Path(download_info.value.path()).read_text() == bad

    notice.get_by_role("button", name="Discard it").click()
    dialog = page.get_by_role("alertdialog", name=t("en", "discard.title"))
    expect(dialog).to_have_accessible_description(t("en", "discard.text"))
    dialog.get_by_role("button", name=t("en", "discard.cancel")).click()
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    assert local_storage(page)["etoile:match:421"] == bad

    notice.get_by_role("button", name="Discard it").click()
    page.get_by_role("alertdialog").get_by_role("button", name=t("en", "discard.confirm")).click()
    expect(notice).to_have_count(0)
    assert "etoile:match:421" not in local_storage(page)
    assert errors == []


def test_when_python_cannot_start_the_page_offers_to_download_then_clear_the_saved_data(page: Page, base_url: str) -> None:
    seed_once(page, {"etoile:settings": envelope({"theme": "dark"}), "another-app": "not ours"})
    page.route("**/etoile.tar.gz", lambda route: route.fulfill(status=200, body=b"this is not an archive"))
    page.goto(base_url)
    page.wait_for_selector("html[data-ready='failed']", timeout=TIMEOUT_MS)
    fatal = page.get_by_role("alert")
    expect(fatal.locator("p:visible").first).to_have_text(t("en", "boot.failed"))
    expect(page.locator("#loading")).to_be_hidden()

    with page.expect_download() as download_info:
        fatal.get_by_role("button", name=t("en", "boot.download")).click()
    saved = json.loads(Path(download_info.value.path()).read_text())
    assert saved == {"kind": "etoile-saved-data", "items": {"etoile:settings": envelope({"theme": "dark"})}}

    fatal.get_by_role("button", name=t("en", "boot.clear")).click()
    expect(fatal.get_by_text(t("en", "boot.clear_text"))).to_be_visible()
    fatal.get_by_role("button", name=t("en", "boot.clear_cancel")).click()
    expect(fatal.get_by_text(t("en", "boot.clear_text"))).to_be_hidden()
    assert "etoile:settings" in local_storage(page)

    fatal.get_by_role("button", name=t("en", "boot.clear")).click()
    with page.expect_navigation():
        fatal.get_by_role("button", name=t("en", "boot.clear_confirm")).click()
    page.wait_for_selector("html[data-ready='failed']", timeout=TIMEOUT_MS)
    assert local_storage(page) == {"another-app": "not ours"}


def test_a_game_file_the_game_does_not_allow_is_refused_and_the_game_on_the_table_kept(page: Page, base_url: str) -> None:
    errors = page_errors(page)
    set_up(page, base_url, "421", ["Ann", "Bob"])
    status = page.locator(".status").inner_text()
    good = a_421_record()
    files = {
        "godlike.json": good | {"seats": [{"name": "Ann", "computer": None}, {"name": "", "computer": "godlike"}]},
        "nine.json": good | {"options": {**good["options"], "players": 9}, "seats": []},
        "seats.json": good | {"seats": [{"name": "Ann", "computer": None}]},
        "pot.json": good | {"options": {**good["options"], "pot": 12}},
    }
    for name, record in files.items():
        page.locator("input[type=file][data-action='import-game']").set_input_files(
            {"name": name, "mimeType": "application/json", "buffer": json.dumps(record).encode()}
        )
        notice = page.locator("[data-notice='table.import_refused']")
        expect(notice).to_have_count(1)
        expect(notice.locator("> p")).to_contain_text("the game on the table is unchanged")
        expect(page.locator(".status")).to_have_text(status)
        notice.get_by_role("button", name="Close").click()
    assert errors == []
