"""Chinese checkers as a player sees it: select, see where a piece can go, move, undo, hints, replay, export."""

import json
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.conftest import set_up


def start_game(page: Page, base_url: str, players: list[str | None], options: list[str] = ()) -> None:
    set_up(page, base_url, "chinese-checkers", players, options)
    expect(page.locator(".cc-board")).to_be_visible()


def hole(page: Page, number: int):
    return page.locator(f".spot[data-hole='{number}']")


def targets(page: Page) -> list[int]:
    spots = page.locator(".spot:has(circle.target)")
    return sorted(int(spots.nth(i).get_attribute("data-hole")) for i in range(spots.count()))


def test_a_selected_piece_shows_where_it_can_go_and_travels_hop_by_hop(page: Page, base_url: str) -> None:
    start_game(page, base_url, ["Ann", "Bob"])
    expect(page.locator(".status")).to_have_text("Ann to play (red). Choose a piece to move.")
    hole(page, 3).click()
    expect(page.locator(".spot:has(circle.target)")).to_have_count(2)
    assert targets(page) == [14, 16]
    hole(page, 16).click()
    expect(hole(page, 16)).to_have_attribute("aria-label", "hole 16, red piece of Ann")
    expect(hole(page, 3)).to_have_attribute("aria-label", "hole 3, free")
    expect(page.locator(".spot[data-hole='16'] .piece")).to_have_attribute(
        "style", "animation: hop-1 calc(0.22s * var(--speed)) ease-in-out"
    )
    expect(page.locator("polyline.last-move")).to_have_count(1)
    expect(page.locator(".status")).to_have_text("Bob to play (blue). Choose a piece to move.")
    expect(page.locator(".turn-log summary")).to_have_text("Game log (1 line)")


def test_undo_and_redo_then_a_reload_resumes(page: Page, base_url: str) -> None:
    start_game(page, base_url, ["Ann", "Bob"])
    hole(page, 3).click()
    hole(page, 16).click()
    page.get_by_role("button", name="Undo").click()
    expect(hole(page, 3)).to_have_attribute("aria-label", "hole 3, red piece of Ann")
    page.get_by_role("button", name="Redo").click()
    expect(hole(page, 16)).to_have_attribute("aria-label", "hole 16, red piece of Ann")
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    expect(hole(page, 16)).to_have_attribute("aria-label", "hole 16, red piece of Ann")
    expect(page.locator(".status")).to_have_text("Bob to play (blue). Choose a piece to move.")


def test_the_keyboard_selects_and_moves_a_piece(page: Page, base_url: str) -> None:
    start_game(page, base_url, ["Ann", "Bob"])
    board = page.locator(".cc-board")
    board.focus()
    for _ in range(3):  # from the tip of Ann's branch, down-right to a piece of its front row
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(page.locator(".piece.selected")).to_have_count(1)
    expect(page.locator(".spot:has(circle.target)").first).to_be_visible()


def test_long_jumps_reach_farther(page: Page, base_url: str) -> None:
    start_game(page, base_url, ["Ann", "Bob"], ["on: jump over a single piece at any distance"])
    hole(page, 3).click()
    hole(page, 16).click()
    hole(page, 111).click()
    hole(page, 102).click()
    hole(page, 0).click()
    # Over the piece on 16, as far beyond it as the piece on 0 was before it: 0 → 18 is a long jump.
    expect(page.locator(".spot:has(circle.target)")).to_have_count(3)
    assert targets(page) == [3, 14, 18]


def test_against_the_computer_the_page_stays_responsive_and_undo_goes_back_to_the_person(page: Page, base_url: str) -> None:
    start_game(page, base_url, ["Ann", None])
    hole(page, 3).click()
    hole(page, 16).click()
    # The status shows that the computer is thinking; meanwhile the menu still works.
    expect(page.locator(".table-screen[data-computer-turn]")).to_have_count(1)
    page.get_by_role("link", name="Rules").click()
    expect(page.locator("h1")).to_have_text("Rules of Chinese checkers")
    page.go_back()
    expect(page.locator(".status")).to_have_text("Ann to play (red). Choose a piece to move.")
    expect(page.locator(".turn-log summary")).to_have_text("Game log (2 lines)")
    expect(page.locator(".table-screen[data-computer-turn]")).to_have_count(0)
    # Undo takes back the computer's move and Ann's: it is Ann's turn again, at the start.
    page.get_by_role("button", name="Undo").click()
    expect(hole(page, 3)).to_have_attribute("aria-label", "hole 3, red piece of Ann")
    expect(page.locator(".turn-log")).to_have_count(0)
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()
    # Redo brings the whole of it back, the computer's reply included, without the computer thinking again.
    page.get_by_role("button", name="Redo").click()
    expect(page.locator(".turn-log summary")).to_have_text("Game log (2 lines)")
    expect(page.locator(".status")).to_have_text("Ann to play (red). Choose a piece to move.")
    expect(page.get_by_role("button", name="Redo")).to_be_disabled()


def test_a_reload_during_the_computer_s_turn_lets_it_play_on(page: Page, base_url: str) -> None:
    start_game(page, base_url, ["Ann", None])
    play(page, (3, 16))
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    expect(page.locator(".turn-log summary")).to_have_text("Game log (2 lines)")
    expect(page.locator(".status")).to_have_text("Ann to play (red). Choose a piece to move.")


def test_a_six_player_game_is_set_up(page: Page, base_url: str) -> None:
    start_game(page, base_url, [f"P{i}" for i in range(1, 7)])
    expect(page.locator(".cc-seat")).to_have_count(6)
    expect(page.locator(".piece")).to_have_count(60)
    expect(page.locator(".status")).to_have_text("P1 to play (red). Choose a piece to move.")


def play(page: Page, *moves: tuple[int, int]) -> None:
    for start, end in moves:
        hole(page, start).click()
        hole(page, end).click()


def test_the_hint_is_drawn_on_the_board(page: Page, base_url: str) -> None:
    start_game(page, base_url, ["Ann", "Bob"])
    page.get_by_role("button", name="Hint").click()
    expect(page.locator(".coach")).to_have_text(re.compile(r"^Hint: \d+(-\d+)+ \(drawn on the board\)\.$"))
    expect(page.locator("polyline.hint-move")).to_have_count(1)
    start = int(page.locator(".coach").inner_text().split()[1].split("-")[0])
    expect(hole(page, start)).to_have_attribute("aria-label", f"hole {start}, red piece of Ann")


def test_a_replay_steps_and_plays_through_the_game(page: Page, base_url: str) -> None:
    start_game(page, base_url, ["Ann", "Bob"])
    play(page, (3, 16), (111, 102))
    page.get_by_role("button", name="Replay").click()
    status = page.locator(".replay-status")
    expect(status).to_have_text("Replay: move 0 of 2.")
    expect(hole(page, 3)).to_have_attribute("aria-label", "hole 3, red piece of Ann")
    page.get_by_role("button", name="Step forward ▶").click()
    expect(status).to_have_text("Replay: move 1 of 2.")
    expect(hole(page, 16)).to_have_attribute("aria-label", "hole 16, red piece of Ann")
    expect(hole(page, 111)).to_have_attribute("aria-label", "hole 111, blue piece of Bob")
    page.get_by_role("button", name="◀ Step back").click()
    expect(status).to_have_text("Replay: move 0 of 2.")
    page.get_by_label("Speed").select_option(label="fast")
    page.get_by_role("button", name="Play").click()
    expect(page.get_by_role("button", name="Pause")).to_be_visible()
    expect(status).to_have_text("Replay: move 2 of 2.")
    expect(page.get_by_role("button", name="Play")).to_be_visible()
    expect(hole(page, 102)).to_have_attribute("aria-label", "hole 102, blue piece of Bob")
    page.get_by_role("button", name="Back to the game").click()
    expect(status).to_have_count(0)
    expect(page.locator(".status")).to_have_text("Ann to play (red). Choose a piece to move.")
    # A click on a move of the list replays the game up to it.
    page.locator(".turn-log summary").click()
    page.get_by_role("button", name="Ann: 3-16").click()
    expect(status).to_have_text("Replay: move 1 of 2.")
    expect(hole(page, 16)).to_have_attribute("aria-label", "hole 16, red piece of Ann")


def test_a_game_is_exported_and_imported_and_a_foreign_file_changes_nothing(page: Page, base_url: str) -> None:
    start_game(page, base_url, ["Ann", "Bob"])
    play(page, (3, 16))
    with page.expect_download() as download_info:
        page.get_by_role("button", name="Export the game").click()
    download = download_info.value
    assert re.fullmatch(r"etoile-chinese-checkers-\d{4}-\d{2}-\d{2}\.json", download.suggested_filename)
    exported = Path(download.path()).read_bytes()
    assert json.loads(exported)["game"] == "chinese-checkers"

    play(page, (111, 102))
    expect(page.locator(".turn-log summary")).to_have_text("Game log (2 lines)")
    file_input = page.locator("input[type=file][data-action='import-game']")
    file_input.set_input_files({"name": "game.json", "mimeType": "application/json", "buffer": exported})
    dialog = page.get_by_role("alertdialog", name="Replace the game in progress?")  # its second move would be lost
    expect(dialog).to_contain_text("your Chinese checkers game in progress (2 moves)")
    dialog.get_by_role("button", name="Replace it").click()
    expect(page.locator(".notice")).to_contain_text("The game was imported.")
    expect(page.locator(".turn-log summary")).to_have_text("Game log (1 line)")
    expect(hole(page, 111)).to_have_attribute("aria-label", "hole 111, blue piece of Bob")
    expect(page.locator(".status")).to_have_text("Bob to play (blue). Choose a piece to move.")

    file_input.set_input_files({"name": "notes.json", "mimeType": "application/json", "buffer": b'{"hello": 1}'})
    expect(page.locator(".notice").last).to_contain_text("the game on the table is unchanged")
    expect(page.locator(".turn-log summary")).to_have_text("Game log (1 line)")
