"""Keyboard use, names for assistive technology, and a small phone screen."""

import re

import pytest
from playwright.sync_api import Page, expect

from etoile.engine.dice import Roll
from etoile.engine.match import Match
from etoile.games.chinese_checkers import rules as cc
from etoile.games.generala import rules as generala
from tests.e2e.conftest import open_app
from tests.e2e.positions import items, mid_game
from tests.e2e.support import GAMES, assert_settings_include, saved_settings, seed_once, t

PHONE = {"width": 360, "height": 740}
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "ru": "Русский"}


def active(page: Page) -> dict:
    return page.evaluate(
        "() => { const e = document.activeElement; return {tag: e.tagName, type: e.type || '', name: e.name || '',"
        " value: e.value || '', text: e.textContent.trim()}; }"
    )


def tab_until(page: Page, predicate, limit: int = 25) -> dict:
    for _ in range(limit):
        page.keyboard.press("Tab")
        element = active(page)
        if predicate(element):
            return element
    raise AssertionError(f"Tab never reached the control (last focused: {element})")


def test_the_settings_can_be_used_with_the_keyboard_alone(page: Page, base_url: str) -> None:
    open_app(page, base_url, "#/settings")
    html = page.locator("html")
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to content")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()

    # The name field, typed and left with Tab.
    tab_until(page, lambda e: e["tag"] == "INPUT" and e["type"] == "text")
    page.keyboard.type("Zoé")
    page.keyboard.press("Tab")
    expect(page.get_by_role("radio", name="English")).to_be_focused()  # the language group is the next stop
    assert saved_settings(page)["name"] == "Zoé"

    # The sound switch, with Space.
    sound = page.get_by_role("switch", name="Sound effects")
    tab_until(page, lambda e: e["type"] == "checkbox")
    expect(sound).to_be_focused()
    page.keyboard.press("Space")
    expect(sound).not_to_be_checked()
    assert saved_settings(page)["sound"] is False

    # The theme: one Tab stop for the group, arrows move the choice and apply it at once.
    element = tab_until(page, lambda e: e["name"] == "theme")
    assert element["value"] == "system"
    page.keyboard.press("ArrowDown")
    expect(page.get_by_role("radio", name="Light")).to_be_checked()
    expect(page.get_by_role("radio", name="Light")).to_be_focused()
    expect(html).to_have_attribute("data-theme", "light")
    page.keyboard.press("ArrowDown")
    expect(page.get_by_role("radio", name="Dark")).to_be_checked()
    expect(page.get_by_role("radio", name="Dark")).to_be_focused()
    expect(html).to_have_attribute("data-theme", "dark")
    assert saved_settings(page)["theme"] == "dark"

    # Back to the speed group with Shift+Tab.
    page.keyboard.press("Shift+Tab")
    expect(page.get_by_role("radio", name="Normal")).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(page.get_by_role("radio", name="Slow")).to_be_checked()
    expect(html).to_have_attribute("data-speed", "slow")

    # Back past the vibration and sound switches (the volume's slider rests while the sound is off), then arrows
    # into a language that is not checked yet, and Space on a focused radio keeps it.
    page.keyboard.press("Shift+Tab")
    expect(page.get_by_role("switch", name="Vibration")).to_be_focused()  # Chromium can vibrate
    page.keyboard.press("Shift+Tab")
    expect(sound).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(page.get_by_role("radio", name="English")).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(html).to_have_attribute("lang", "fr")
    expect(page.locator("#main h1")).to_have_text("Réglages")
    expect(page.get_by_role("radio", name="Français")).to_be_focused()
    page.keyboard.press("Space")
    expect(page.get_by_role("radio", name="Français")).to_be_checked()

    # The file chooser and the data buttons are reachable.
    tab_until(page, lambda e: e["type"] == "file")
    expect(page.locator("label.file")).to_have_css("outline-style", "solid")  # the visible focus ring of the label
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Effacer toutes les données")).to_be_focused()
    assert_settings_include(page, {"language": "fr", "name": "Zoé", "sound": False, "speed": "slow", "theme": "dark"})


def test_skip_to_content_moves_the_focus_to_the_screen_without_leaving_it(page: Page, base_url: str) -> None:
    open_app(page, base_url, "#/rules/421")
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Skip to content")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#main h1")).to_have_text("Rules of 421")
    expect(page.locator("#main:focus-within, #main:focus")).to_have_count(1)
    expect(page).to_have_title("Rules of 421 · Étoile")


def expect_fits_and_names_every_control(page: Page, where: str, names: bool) -> None:
    """No sideways scrolling at phone width, and (if ``names``) every control has a name a screen reader can say."""
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{where}: the page is {width} px wide on a {PHONE['width']} px screen"
    if not names:
        return
    controls = page.locator("#app").locator("a, button, input, select, textarea, summary, [role=button], [role=switch]")
    assert controls.count() > 0
    for control in controls.all():
        expect(control, f"{where}: {control.evaluate('(e) => e.outerHTML')[:120]}").to_have_accessible_name(re.compile(r"\S"))


def test_every_screen_fits_a_small_phone_and_every_control_has_a_name(page: Page, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    page.add_init_script(
        "if (!sessionStorage.getItem('e2e-seeded')) { sessionStorage.setItem('e2e-seeded', '1');"
        " localStorage.setItem('etoile:settings', '{not json'); }"
    )
    open_app(page, base_url)  # with a notice about the unreadable settings (more buttons to check)
    expect(page.locator(".notice")).to_have_count(1)
    heading = page.locator("#main h1")
    for lang in ("en", "fr", "ru"):
        names = lang == "en"  # the controls are the same in every language: their names are checked once
        page.goto(f"{base_url}#/settings")
        page.get_by_role("radio", name=LANGUAGE_NAMES[lang]).check()
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect_fits_and_names_every_control(page, f"settings ({lang})", names)
        page.goto(f"{base_url}#/")
        expect(heading).to_have_text("Étoile")
        expect_fits_and_names_every_control(page, f"home ({lang})", names)
        for game in GAMES:
            page.goto(f"{base_url}#/rules/{game}")
            expect(page.locator("article.rules")).to_be_visible()
            expect_fits_and_names_every_control(page, f"rules of {game} ({lang})", names)
            page.goto(f"{base_url}#/{game}")
            expect(page.locator("#main h1")).to_contain_text(t(lang, f"game.{game}.name"))
            expect_fits_and_names_every_control(page, f"{game} ({lang})", names)
        page.goto(f"{base_url}#/nowhere")
        expect(page.locator("#main a.button")).to_be_visible()
        expect_fits_and_names_every_control(page, f"page not found ({lang})", names)
    # The delete-all dialog (still in Russian).
    page.goto(f"{base_url}#/settings")
    page.get_by_role("button", name=t("ru", "settings.reset")).click()
    expect(page.get_by_role("alertdialog", name=t("ru", "reset.title"))).to_be_visible()
    expect_fits_and_names_every_control(page, "delete-all dialog (ru)", names=True)
    page.keyboard.press("Escape")
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    # The error notice's folded details, opened.
    page.locator(".notice summary").click()
    expect(page.locator(".notice pre")).to_be_visible()
    expect_fits_and_names_every_control(page, "notice details", names=True)


# What a screen reader says at the tables, read from the accessibility tree (roles, names, states, live regions).
# Each table is opened on Ann's turn against the computer, seeded from a game played by the rules engine.


def open_table(page: Page, base_url: str, game: str, match: Match) -> None:
    seed_once(page, items(match=match))
    open_app(page, base_url, f"#/{game}")


def thrown_faces(dice) -> str:
    """The faces of the dice not set aside, as a throw says them (highest first)."""
    labels = [dice.nth(i).get_attribute("aria-label") for i in range(dice.count())]
    faces = sorted((int(label.split(",")[0].split()[-1]) for label in labels if label.endswith("to throw")), reverse=True)
    return " ".join(map(str, faces))


@pytest.mark.parametrize("game", ["421", "generala"])
def test_each_die_says_its_face_and_whether_it_is_set_aside_and_each_throw_is_announced(
    page: Page, base_url: str, game: str
) -> None:
    match = mid_game(game)
    open_table(page, base_url, game, match)
    dice = page.get_by_role("group", name="Dice").get_by_role("button")
    faces = [int(face) for face in match.state.dice]
    expect(dice).to_have_count(len(faces))
    for index, face in enumerate(faces):
        expect(dice.nth(index)).to_have_accessible_name(f"Die showing {face}, to throw")
        expect(dice.nth(index)).to_have_attribute("aria-pressed", "false")
    # The throw that brought these dice is in a live region (a status), said as it changed.
    told = page.locator("[data-told='throw']")
    expect(told).to_have_attribute("role", "status")
    if game == "421":  # the leader's badge is a word of its own after the name
        expect(page.get_by_role("list", name="Players").get_by_role("listitem").first).to_contain_text("Ann, leader")
    roll = next(action for action in reversed(match.played) if isinstance(action, Roll))
    expect(told).to_have_text(f"Ann, throw 1: {' '.join(map(str, roll.faces))}")
    dice.first.click()
    expect(page.get_by_role("group", name="Dice")).to_match_aria_snapshot(
        f"""
        - group "Dice":
          - button "Die showing {faces[0]}, set aside" [pressed]
          - button /Die showing \\d, to throw/
        """
    )
    page.get_by_role("button", name="Throw again (2 left)").click()
    expect(told).to_have_text(re.compile(r"Ann, throw 2: [1-6]( [1-6])*"))
    expect(dice.first).to_have_accessible_name(f"Die showing {faces[0]}, set aside")
    assert told.inner_text() == f"Ann, throw 2: {thrown_faces(dice)}"


def test_the_score_sheet_is_a_table_with_a_column_per_player_a_row_per_box_and_what_each_box_would_score(
    page: Page, base_url: str
) -> None:
    match = mid_game("generala")
    open_table(page, base_url, "generala", match)
    sheet = page.get_by_role("region", name="Score sheet").get_by_role("table")
    preview = generala.preview(match.state)
    ones, full = preview["1"], preview["full"]
    expect(sheet).to_match_aria_snapshot(
        f"""
        - table:
          - rowgroup:
            - row "Box Ann Max":
              - columnheader "Box"
              - columnheader "Ann"
              - columnheader "Max"
          - rowgroup:
            - row:
              - rowheader "Ones"
              - cell "Write {ones} in ones":
                - button "Write {ones} in ones"
              - cell
            - row:
              - rowheader "Full house"
              - cell "Write {full} in full house":
                - button "Write {full} in full house"
              - cell
          - rowgroup:
            - row "Total 0 0":
              - rowheader "Total"
        """
    )
    # Every open box of Ann's column says what the dice would score there.
    for box in generala.BOXES:
        name = t("en", f"generala.box.{box}")
        row = sheet.get_by_role("row").filter(has=page.get_by_role("rowheader", name=name[:1].upper() + name[1:], exact=True))
        expect(row.get_by_role("button")).to_have_accessible_name(f"Write {preview[box]} in {name}")
    # A box crossed out says so in words; the mark is only drawn.
    page.get_by_role("button", name="Write 0 in sixes").click()
    page.get_by_role("button", name="Cross it out").click()
    expect(sheet.get_by_role("row").filter(has_text="Sixes").get_by_role("cell").first).to_have_accessible_name("crossed out")


def test_each_hole_says_what_stands_there_the_selected_piece_and_where_it_can_go_and_each_move_is_announced(
    page: Page, base_url: str
) -> None:
    match = mid_game("chinese-checkers")
    state = match.state
    open_table(page, base_url, "chinese-checkers", match)
    board = page.get_by_role("application", name="Board")
    holes = board.get_by_role("img")
    expect(holes).to_have_count(121)
    expect(board.get_by_role("img", name="hole 14, red piece of Ann", exact=True)).to_have_count(1)
    expect(board.get_by_role("img", name="hole 106, blue piece of Max", exact=True)).to_have_count(1)
    expect(board.get_by_role("img", name="hole 3, free", exact=True)).to_have_count(1)
    expect(board.get_by_role("img", name=re.compile(r"red piece of Ann$"))).to_have_count(10)
    told = page.locator("[data-told='move']")
    expect(told).to_have_attribute("role", "status")
    expect(told).to_have_text("Max moved from hole 117 to hole 106")

    # Selected, the piece says so, and every hole it can reach says "move here".
    page.locator(".spot[data-hole='14']").click()
    expect(board.get_by_role("img", name="hole 14, red piece of Ann, selected", exact=True)).to_have_count(1)
    reachable = sorted(cc.destinations(state, 14))
    expect(board.get_by_role("img", name=re.compile(r"move here$"))).to_have_count(len(reachable))
    for hole in reachable:
        expect(board.get_by_role("img", name=f"hole {hole}: move here", exact=True)).to_have_count(1)

    # The move, then the computer's reply, are each said by the live region.
    end = reachable[-1]
    page.locator(f".spot[data-hole='{end}']").click()
    expect(board.get_by_role("img", name=f"hole {end}, red piece of Ann", exact=True)).to_have_count(1)
    reply = re.compile(r"Max moved from hole (\d+) to hole (\d+)")
    expect(told).to_have_text(reply, timeout=60_000)
    start, landing = map(int, reply.fullmatch(told.inner_text()).groups())
    expect(board.get_by_role("img", name=f"hole {landing}, blue piece of Max", exact=True)).to_have_count(1)
    expect(board.get_by_role("img", name=f"hole {start}, free", exact=True)).to_have_count(1)

    # The arrows move a cursor whose hole is the board's active descendant: a screen reader says that hole.
    board.focus()
    page.keyboard.press("ArrowDown")
    expect(board).to_have_attribute("aria-activedescendant", re.compile(r"^cc-hole-\d+$"))
    cursor = page.locator("#" + board.get_attribute("aria-activedescendant"))
    expect(cursor).to_have_accessible_name(re.compile(r"^hole \d+, "))
    expect(cursor.locator("circle.cursor")).to_have_count(1)
