"""Chinese checkers endings as a player sees them: two camps in their own colours, a spoiled goal, a game that stalls."""

import json

from playwright.sync_api import Page, expect

from etoile.engine.match import Match, Seat
from etoile.games.chinese_checkers import ai
from etoile.games.chinese_checkers import rules as cc
from etoile.games.chinese_checkers.board import DISTANCE
from etoile.games.chinese_checkers.endings import ending
from tests.e2e.conftest import set_up
from tests.e2e.support import t

SEATS = (Seat("Ann"), Seat("Bob"))


def hole(page: Page, number: int):
    return page.locator(f".spot[data-hole='{number}']")


def import_game(page: Page, match: Match) -> None:
    page.locator("input[type=file][data-action='import-game']").set_input_files(
        {"name": "game.json", "mimeType": "application/json", "buffer": json.dumps(match.to_json()).encode()}
    )
    expect(page.locator(".notice").last).to_contain_text(t("en", "table.imported"))


def test_each_camp_of_a_two_camp_game_has_its_own_colour_and_shape(page: Page, base_url: str) -> None:
    set_up(page, base_url, "chinese-checkers", ["Ann", "Bob"], ["two camps per player"])
    expect(page.locator(".status")).to_have_text("Ann to play (red and yellow). Choose a piece to move.")
    for number, colour, mark, name in ((0, 0, "●", "red"), (22, 1, "▲", "yellow"), (120, 3, "◆", "blue"), (98, 4, "★", "green")):
        piece = hole(page, number).locator(".piece")
        expect(piece).to_have_class(f"piece colour-{colour}")
        expect(piece.locator(".mark")).to_have_text(mark)
        owner = "Ann" if number in (0, 22) else "Bob"
        expect(hole(page, number)).to_have_attribute("aria-label", f"hole {number}, {name} piece of {owner}")
    seats = page.locator(".cc-seat")
    expect(seats.nth(0).locator(".swatch")).to_have_text(["●", "▲"])
    expect(seats.nth(1).locator(".swatch")).to_have_text(["◆", "★"])
    # A piece of B keeps its camp's colour wherever it goes.
    hole(page, 44).click()
    hole(page, 43).click()
    expect(hole(page, 43).locator(".piece")).to_have_class("piece colour-1")
    page.screenshot(path="test-results/two-camps.png")


def spoiled_game() -> Match:
    """A game in which Bob keeps pieces in D; Ann (the computer's moves) fills D around them: one move from a spoiled win."""

    def keeper(state: cc.State) -> cc.Move:  # Bob never moves the piece on 111, and runs the others to A
        moves = [m for m in cc.legal_moves(state) if m.start != 111] or cc.legal_moves(state)
        return max(moves, key=lambda m: (DISTANCE[m.start][0] - DISTANCE[m.end][0], -DISTANCE[m.start][0], -m.start, -m.end))

    match = Match.new(cc, {"players": 2, "spoiling": True}, 1, SEATS)
    while match.state.to_move is not None:
        state = match.state
        match = match.play(ai.best_move(state, "hard", nodes=300) if state.to_move == 0 else keeper(state))
    assert ending(match.state) == "home" and cc.piece(match.state, 111) == 1  # won with Bob's piece still in D
    return match.undo()


def test_a_full_goal_with_an_opponent_s_piece_in_it_is_a_win(page: Page, base_url: str) -> None:
    match = spoiled_game()
    last = match.actions[match.cursor]
    set_up(page, base_url, "chinese-checkers", ["Ann", "Bob"])
    import_game(page, match)
    expect(page.locator(".status")).to_have_text("Ann to play (red). Choose a piece to move.")
    expect(hole(page, 111)).to_have_attribute("aria-label", "hole 111, blue piece of Bob")
    hole(page, last.start).click()
    hole(page, last.end).click()
    expect(page.locator(".result h2")).to_have_text("Ann wins!")
    expect(page.locator(".status")).to_have_text(t("en", "chinese_checkers.status.over"))
    expect(hole(page, 111)).to_have_attribute("aria-label", "hole 111, blue piece of Bob")


def stalled_game(quiet_plies: int) -> Match:
    """Both players take one step forward, then step back and forth for ``quiet_plies`` plies."""
    match = Match.new(cc, {"players": 2}, 1, SEATS)
    moves = ["3-14", "117-106"] + [("14-3", "106-117", "3-14", "117-106")[i % 4] for i in range(quiet_plies)]
    return match.play_all(cc.action_from_text(move) for move in moves)


def test_a_game_in_which_nobody_gets_nearer_is_announced_to_end_then_ends_ranked_by_distance(page: Page, base_url: str) -> None:
    set_up(page, base_url, "chinese-checkers", ["Ann", "Bob"])
    import_game(page, stalled_game(55))
    warning = t("en", "chinese_checkers.quiet_soon", rounds=27, count=3)
    expect(page.locator(".status")).to_have_text(f"Bob to play (blue). Choose a piece to move. {warning}")
    for start, end in ((117, 106), (14, 3), (106, 117), (3, 14)):
        hole(page, start).click()
        hole(page, end).click()
    expect(page.locator(".status")).to_contain_text(t("en", "chinese_checkers.quiet_soon", rounds=29, count=1))
    hole(page, 117).click()
    hole(page, 106).click()
    expect(page.locator(".result h2")).to_have_text("Ann, Bob share the win!")
    expect(page.locator(".result p")).to_have_text(t("en", "chinese_checkers.quiet_end"))
    # The rules page says so too.
    page.goto(base_url + "#/rules/chinese-checkers")
    expect(page.locator("#main")).to_contain_text("Every game ends: when 30 rounds go by")
    expect(page.locator("#main")).to_contain_text("Full goal counts")
