"""Saved data: deleting it, hostile and corrupt values, a full or failing storage, export and import."""

import json
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.conftest import open_app
from tests.e2e.support import (
    SETTINGS_KEY,
    assert_settings_include,
    body_luminance,
    local_storage,
    page_errors,
    saved_settings,
    seed_once,
    t,
)

HOSTILE = "<img src=x onerror=alert(1)>"
DEFAULTS = {"language": None, "name": "", "sound": True, "speed": "normal", "theme": "system"}


def expect_default_settings_on_screen(page: Page) -> None:
    expect(page.locator("html")).to_have_attribute("data-theme", "system")
    expect(page.locator("html")).to_have_attribute("data-speed", "normal")
    expect(page.get_by_role("radio", name="Same as the system")).to_be_checked()
    expect(page.get_by_role("radio", name="Normal")).to_be_checked()
    expect(page.get_by_role("switch", name="Sound effects")).to_be_checked()
    expect(page.get_by_role("textbox", name="Your name")).to_have_value("")


def delete_everything(page: Page) -> None:
    page.get_by_role("button", name="Delete all data").click()
    page.get_by_role("alertdialog", name="Delete all data?").get_by_role("button", name="Delete everything").click()
    expect(page.get_by_role("alertdialog")).to_have_count(0)


def test_delete_all_data_asks_first_escape_keeps_it_then_everything_is_deleted(page: Page, base_url: str) -> None:
    errors = page_errors(page)
    open_app(page, base_url, "#/settings")
    page.get_by_role("radio", name="Dark").check()
    name = page.get_by_role("textbox", name="Your name")
    name.fill("Ada")
    name.press("Tab")  # the name is saved when the field is left
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    page.evaluate(
        """() => {
          localStorage.setItem("etoile-aside:settings:1", "old unreadable value");
          localStorage.setItem("another-app", "not ours");
        }"""
    )
    before = local_storage(page)
    assert_settings_include(page, DEFAULTS | {"name": "Ada", "theme": "dark"})

    ask = page.get_by_role("button", name="Delete all data")
    ask.click()
    dialog = page.get_by_role("alertdialog", name="Delete all data?")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("aria-modal", "true")
    expect(dialog).to_have_accessible_description(t("en", "reset.text"))
    keep = dialog.get_by_role("button", name="Keep my data")
    confirm = dialog.get_by_role("button", name="Delete everything")
    expect(keep).to_be_focused()
    # The focus stays inside the dialog.
    page.keyboard.press("Tab")
    expect(confirm).to_be_focused()
    page.keyboard.press("Tab")
    expect(keep).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(confirm).to_be_focused()

    page.keyboard.press("Escape")
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    expect(ask).to_be_focused()
    assert local_storage(page) == before
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(name).to_have_value("Ada")

    ask.click()
    expect(keep).to_be_focused()
    confirm.click()
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    expect(page.locator(".notice > p")).to_have_text(["All data was deleted."])
    expect(page.locator("[data-notice='reset.done']")).to_have_attribute("role", "status")
    assert [key for key in local_storage(page) if key.startswith("etoile")] == []
    assert local_storage(page) == {"another-app": "not ours"}  # other sites' data on this origin is left alone
    expect_default_settings_on_screen(page)
    assert body_luminance(page) > 0.6

    page.get_by_role("button", name="Close").click()
    expect(page.locator(".notice")).to_have_count(0)
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    expect_default_settings_on_screen(page)
    expect(page.locator(".notice")).to_have_count(0)
    page.get_by_role("link", name="Games").click()
    expect(page.locator(".greeting")).to_have_count(0)
    assert errors == []


def test_a_name_that_looks_like_html_is_shown_as_plain_text(page: Page, base_url: str) -> None:
    dialogs: list[str] = []

    def on_dialog(dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    open_app(page, base_url, "#/settings")
    field = page.get_by_role("textbox", name="Your name")
    field.fill(HOSTILE)
    field.press("Enter")
    expect(field).to_have_value(HOSTILE)
    assert saved_settings(page)["name"] == HOSTILE

    page.get_by_role("navigation", name="Main").get_by_role("link", name="Games").click()
    greeting = page.locator(".greeting")
    expect(greeting).to_have_text(f"Welcome back, {HOSTILE}.")
    expect(greeting).to_have_text("Welcome back, <img src=x onerror=alert(1)>.")
    expect(greeting.locator("*")).to_have_count(0)
    expect(page.locator("img[src='x']")).to_have_count(0)
    expect(page.locator("#app img")).to_have_count(3)  # only the three game pictures

    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    expect(greeting).to_have_text(f"Welcome back, {HOSTILE}.")
    expect(page.locator("img[src='x']")).to_have_count(0)
    page.get_by_role("link", name="Settings").click()
    expect(field).to_have_value(HOSTILE)
    assert dialogs == []


def test_unreadable_or_newer_settings_are_set_aside_to_download_or_discard(page: Page, base_url: str) -> None:
    seed_once(page, {SETTINGS_KEY: "{not json"})
    open_app(page, base_url)
    expect(page.locator(".game-card")).to_have_count(3)
    notice = page.locator("[data-notice='storage.unreadable']")
    expect(notice.locator("> p")).to_have_text(t("en", "storage.unreadable", record=t("en", "record.settings")))
    expect(notice.locator("> p")).to_have_text(re.compile(r"^Some saved data \(your settings\) could not be read"))
    expect(notice).to_have_attribute("role", "status")
    expect(notice.locator("details")).to_have_js_property("open", False)
    storage = local_storage(page)
    assert storage.get("etoile-aside:settings:1") == "{not json"
    assert SETTINGS_KEY not in storage
    expect(page.locator("html")).to_have_attribute("data-theme", "system")

    with page.expect_download() as download_info:
        notice.get_by_role("button", name="Download it").click()
    download = download_info.value
    assert download.suggested_filename == "etoile-aside-settings-1.json"
    assert Path(download.path()).read_bytes() == b"{not json"
    assert local_storage(page).get("etoile-aside:settings:1") == "{not json"  # downloading keeps it

    notice.get_by_role("button", name="Discard it").click()
    page.get_by_role("alertdialog", name="Discard this data?").get_by_role("button", name="Discard it").click()
    expect(notice).to_have_count(0)
    assert "etoile-aside:settings:1" not in local_storage(page)

    # Settings written by a newer version of Étoile are set aside too, untouched.
    newer = json.dumps({"schema": 99, "data": {}})
    page.evaluate("(value) => localStorage.setItem('etoile:settings', value)", newer)
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    notice = page.locator("[data-notice='storage.newer']")
    expect(notice.locator("> p")).to_have_text(t("en", "storage.newer", record=t("en", "record.settings")))
    expect(notice.locator("> p")).to_contain_text("was written by a newer version of Étoile")
    expect(page.locator(".notice")).to_have_count(1)
    storage = local_storage(page)
    assert storage.get("etoile-aside:settings:1") == newer
    assert SETTINGS_KEY not in storage
    notice.get_by_role("button", name="Close").click()
    expect(page.locator(".notice")).to_have_count(0)
    assert local_storage(page).get("etoile-aside:settings:1") == newer  # closing the message keeps the data


def test_a_full_storage_keeps_the_chosen_theme_on_screen_and_says_so(page: Page, base_url: str) -> None:
    page.add_init_script("Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };")
    open_app(page, base_url, "#/settings")
    page.get_by_role("radio", name="Dark").check()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert body_luminance(page) < 0.05
    notice = page.locator("[data-notice='storage.full']")
    expect(notice.locator("> p")).to_have_text(t("en", "storage.full", record=t("en", "record.settings")))
    expect(notice.locator("> p")).to_have_text(re.compile(r"^This browser's storage is full"))
    expect(page.locator(".notice")).to_have_count(1)
    expect(page.locator("body")).not_to_contain_text("Traceback", use_inner_text=True)
    expect(page.locator("body")).not_to_contain_text("Traceback")  # not even folded away
    assert local_storage(page) == {}

    # Choosing again gives the same notice again: it is counted, not stacked.
    page.get_by_role("radio", name="Light").check()
    page.get_by_role("radio", name="Dark").check()
    expect(page.locator(".notice")).to_have_count(1)
    expect(notice.locator(".notice-count")).to_have_text(" " + t("en", "notice.repeated", count=3))

    # The choice holds for the rest of the visit.
    page.get_by_role("link", name="Games").click()
    expect(page.locator(".game-card")).to_have_count(3)
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    page.get_by_role("link", name="Settings").click()
    expect(page.get_by_role("radio", name="Dark")).to_be_checked()


def test_an_unexpected_error_shows_a_friendly_message_with_details_folded_away(page: Page, base_url: str) -> None:
    page.add_init_script("Storage.prototype.setItem = function () { throw new TypeError('storage exploded'); };")
    open_app(page, base_url, "#/settings")
    page.get_by_role("radio", name="Dark").click()
    notice = page.locator(".notice-error")
    expect(notice).to_have_count(1)
    expect(notice).to_have_attribute("role", "alert")
    expect(notice.locator("> p")).to_have_text(t("en", "error.unexpected"))
    expect(notice.locator("> p")).to_have_text(re.compile(r"^Something went wrong, sorry"))
    details = notice.locator("details")
    expect(details).to_have_js_property("open", False)
    expect(details.locator("summary")).to_have_text("Technical details")
    expect(details.locator("pre")).to_be_hidden()
    expect(page.locator("body")).not_to_contain_text("Traceback", use_inner_text=True)

    details.locator("summary").click()
    expect(details).to_have_js_property("open", True)
    expect(details.locator("pre")).to_be_visible()
    expect(details.locator("pre")).to_contain_text("Traceback")
    expect(details.locator("pre")).to_contain_text("storage exploded")

    # The page still works.
    page.get_by_role("link", name="Games").click()
    expect(page.locator("#main h1")).to_have_text("Étoile")
    expect(page.locator(".game-card")).to_have_count(3)
    page.locator(".game-card[data-game='generala']").get_by_role("link", name="Rules").click()
    expect(page.locator("#main h1")).to_have_text("Rules of Generala")
    notice.get_by_role("button", name="Close").click()
    expect(page.locator(".notice")).to_have_count(0)


def export_document(settings: dict) -> str:
    return json.dumps({"kind": "etoile-export", "schema": 1, "records": {"settings": settings}}, ensure_ascii=False, indent=1)


def test_importing_an_export_file_brings_its_settings_and_other_files_change_nothing(page: Page, base_url: str) -> None:
    errors = page_errors(page)
    open_app(page, base_url, "#/settings")
    expect(page.locator("html")).to_have_attribute("data-theme", "system")
    name = page.get_by_role("textbox", name="Your name")
    file_input = page.locator("input[type=file]")
    exported = DEFAULTS | {"theme": "dark", "name": "Ada Lovelace", "speed": "fast"}
    file_input.set_input_files(
        {"name": "etoile-2026-01-01.json", "mimeType": "application/json", "buffer": export_document(exported).encode()}
    )
    expect(page.locator(".notice > p")).to_have_text(["1 item imported."])
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(page.locator("html")).to_have_attribute("data-speed", "fast")
    expect(page.get_by_role("radio", name="Dark")).to_be_checked()
    expect(name).to_have_value("Ada Lovelace")
    assert_settings_include(page, exported)
    page.get_by_role("button", name="Close").click()
    expect(page.locator(".notice")).to_have_count(0)
    before = local_storage(page)

    file_input.set_input_files({"name": "hello.json", "mimeType": "application/json", "buffer": b'{"hello": 1}'})
    expect(page.locator(".notice > p")).to_have_text(
        ["The file was not imported and nothing changed: it is not an Étoile export."]
    )
    file_input.set_input_files({"name": "notes.json", "mimeType": "application/json", "buffer": b"these are my notes"})
    expect(page.locator(".notice > p")).to_have_text(
        [
            "The file was not imported and nothing changed: it is not an Étoile export.",
            "The file was not imported and nothing changed: it is not a JSON file.",
        ]
    )
    # An export whose settings do not validate is refused as a whole.
    broken = export_document(DEFAULTS | {"theme": "purple"})
    file_input.set_input_files({"name": "broken.json", "mimeType": "application/json", "buffer": broken.encode()})
    expect(page.locator(".notice > p").nth(2)).to_have_text(
        "The file was not imported and nothing changed: the data for your settings in it is not valid."
    )
    expect(page.locator(".notice-warning")).to_have_count(3)
    assert local_storage(page) == before
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(name).to_have_value("Ada Lovelace")

    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(name).to_have_value("Ada Lovelace")
    assert errors == []


def test_export_to_a_file_then_delete_everything_then_import_it_back(page: Page, base_url: str) -> None:
    open_app(page, base_url, "#/settings")
    page.get_by_role("radio", name="Dark").check()
    name = page.get_by_role("textbox", name="Your name")
    name.fill("Ada Lovelace")
    name.press("Enter")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")

    with page.expect_download(timeout=10_000) as download_info:
        page.get_by_role("button", name="Export to a file").click()
    download = download_info.value
    assert re.fullmatch(r"etoile-\d{4}-\d{2}-\d{2}\.json", download.suggested_filename)
    exported = Path(download.path()).read_text(encoding="utf-8")
    document = json.loads(exported)
    assert document["kind"] == "etoile-export"
    assert document["schema"] == 1
    assert document["records"]["settings"]["theme"] == "dark"
    assert document["records"]["settings"]["name"] == "Ada Lovelace"

    delete_everything(page)
    expect(page.locator("html")).to_have_attribute("data-theme", "system")
    expect(name).to_have_value("")
    assert [key for key in local_storage(page) if key.startswith("etoile")] == []
    page.get_by_role("button", name="Close").click()

    page.locator("input[type=file]").set_input_files(download.path())
    expect(page.locator(".notice > p")).to_have_text(["1 item imported."])
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(page.get_by_role("radio", name="Dark")).to_be_checked()
    expect(name).to_have_value("Ada Lovelace")
    assert_settings_include(page, document["records"]["settings"])
