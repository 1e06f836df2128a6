"""Generala as a player sees it: set up, throw, set dice aside, fill the sheet, ask the coach."""

import re

from playwright.sync_api import Page, expect

from etoile.engine.match import Match, Seat
from etoile.games.generala import rules as g
from tests.e2e import positions
from tests.e2e.conftest import fix_seed, open_app, open_in_language, set_up
from tests.e2e.support import at_instant_pace, fill_box, landed, seed_once

BIG_GENERAL_SEED = 1667  # a solitaire game whose first throw is five ones


def start_game(page: Page, base_url: str, players: list[str | None]) -> None:
    set_up(page, base_url, "generala", players)
    expect(page.locator(".sheet")).to_be_visible()


def best_box(state: g.State) -> str:
    """The box this test's player fills: the most points, the first such box in sheet order."""
    preview = g.preview(state)
    return max(g.open_boxes(state), key=lambda box: (preview[box], -g.BOXES.index(box)))


def test_a_full_two_player_game_to_the_result(page: Page, base_url: str) -> None:
    at_instant_pace(page)
    seed = 20261129
    fix_seed(page, seed)
    start_game(page, base_url, ["Ann", "Bob"])
    # The same game, played by a match of the same seed with the same policy, tells what the page must show.
    match = Match.new(g, {"players": 2}, seed).settled()
    while match.state.phase == "start":
        page.get_by_role("button", name="Throw the five dice").click()
        match = match.play(g.Throw()).settled()
    names = ["Ann", "Bob"]
    while g.to_move(match.state) is not None:
        state = match.state
        expect(page.locator(".status")).to_contain_text(f"Round {state.round}/10 · throw 0/3 · {names[state.seat]} to play")
        page.get_by_role("button", name="Throw", exact=True).click()
        match = match.play(g.Throw()).settled()
        state = match.state
        dice = page.locator(".dice-row .die")
        expect(dice).to_have_count(5)
        for index, value in enumerate(state.dice):
            expect(dice.nth(index)).to_have_attribute("aria-label", f"Die showing {value}, to throw")
        box = best_box(state)
        page.locator(f".sheet button[data-box='{box}']").click()
        if g.preview(state)[box] == 0:
            page.get_by_role("button", name="Cross it out").click()
        match = match.play(g.Fill(box)).settled()
    state = match.state
    totals = g.totals(state)
    expect(page.locator(".sheet tfoot td")).to_have_text([str(total) for total in totals])
    winners = [names[seat] for seat in g.result(state).winners]
    expected = f"{winners[0]} wins!" if len(winners) == 1 else f"{', '.join(winners)} share the win!"
    expect(page.locator(".result h2")).to_have_text(expected)
    expect(page.get_by_role("button", name="Play again")).to_be_visible()


def test_a_big_general_on_the_first_throw_ends_the_game_at_once(page: Page, base_url: str) -> None:
    fix_seed(page, BIG_GENERAL_SEED)
    start_game(page, base_url, ["Zoé"])
    page.get_by_role("button", name="Throw", exact=True).click()
    expect(page.locator(".celebration")).to_have_text(
        "Big general!Five equal dice on the first throw: Zoé wins the game at once!"
    )
    expect(page.locator(".result h2")).to_have_text("Zoé wins!")
    expect(page.locator(".dice-row .die")).to_have_count(5)
    expect(page.get_by_role("button", name="Throw", exact=True)).to_have_count(0)


def test_setting_dice_aside_the_hint_and_a_reload_mid_turn(page: Page, base_url: str) -> None:
    fix_seed(page, 77)
    start_game(page, base_url, ["Ann"])
    # No computer at this table, and yet its worker gets ready while Ann looks at it: the first hint waits for no boot.
    page.wait_for_selector("html[data-ai='ready']", state="attached")
    page.get_by_role("button", name="Throw", exact=True).click()
    first = page.locator(".dice-row .die").first
    first.focus()
    landed(page)
    page.keyboard.press("Enter")  # the keyboard sets a die aside
    expect(first).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Hint").click()
    choices = page.locator(".coach li")
    expect(choices).to_have_count(6)
    expect(choices.first).to_contain_text("expected final score")
    # Each choice is a sentence of its own, said once; a box says its points.
    lines = choices.all_inner_texts()
    assert len(set(lines)) == 6 and all(line[0].isupper() and line.endswith(".") for line in lines), lines
    choice = re.compile(r"(Keep [1-6 ]+|Throw all five again|Write \d+ in .+): expected final score \d+\.\d\.")
    assert all(choice.fullmatch(line) for line in lines), lines
    labels = [page.locator(".dice-row .die").nth(i).get_attribute("aria-label") for i in range(5)]
    page.get_by_role("button", name="Throw again (2 left)").click()
    expect(page.locator(".status")).to_contain_text("throw 2/3")
    after = [page.locator(".dice-row .die").nth(i).get_attribute("aria-label") for i in range(5)]
    assert after[0] == labels[0]  # the die kept stays on the left, set aside until taken back
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    expect(page.locator(".status")).to_contain_text("throw 2/3")
    assert [page.locator(".dice-row .die").nth(i).get_attribute("aria-label") for i in range(5)] == after


def test_against_the_computer_the_computer_plays_its_own_turns(page: Page, base_url: str) -> None:
    fix_seed(page, 5)
    start_game(page, base_url, ["Ann", None])
    # Whoever starts, Ann gets to play round 1 after at most the computer's turn and start throw.
    throw_start = page.get_by_role("button", name="Throw the five dice")
    if throw_start.count():
        throw_start.click()
    expect(page.locator(".status")).to_contain_text("Round 1/10 · throw 0/3 · Ann to play", timeout=60_000)
    page.get_by_role("button", name="Throw", exact=True).click()
    # Against the computer (at its strongest level, "competitive"), the coach says each choice's chance of winning.
    page.get_by_role("button", name="Hint").click()
    choice = re.compile(r".+: chance of winning \d+(\.\d)?%, expected final score \d+\.\d\.")
    expect(page.locator(".coach li").first).to_have_text(choice)
    fill_box(page, page.locator(".sheet button.fill").first)
    expect(page.locator(".status")).to_contain_text("Ann to play", timeout=60_000)
    filled = page.locator(".sheet tbody td:not(.empty):not(.open)")
    expect(filled).to_have_count(2)


def test_a_twelve_player_sheet_fits_a_360_pixel_screen(page: Page, base_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    start_game(page, base_url, [f"P{i}" for i in range(1, 13)])
    expect(page.locator(".sheet thead th")).to_have_count(13)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    region = page.locator(".sheet-wrap")
    assert region.evaluate("el => el.scrollWidth > el.clientWidth")
    region.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    expect(page.locator(".sheet thead th").last).to_be_in_viewport()


def test_the_game_in_russian(page: Page, base_url: str) -> None:
    fix_seed(page, 9)
    open_in_language(page, base_url, "Русский", "#/generala/new")
    expect(page.locator("h1")).to_have_text("Новая партия: Генерал")
    page.fill("#setup-players", "1")
    page.press("#setup-players", "Tab")
    page.get_by_role("button", name="Начать партию").click()
    expect(page.locator(".status")).to_have_text("Раунд 1/10 · бросок 0/3 · ходит Игрок 1")
    page.get_by_role("button", name="Бросить", exact=True).click()
    expect(page.locator(".sheet tbody th").first).to_have_text("Единицы")


def test_a_dice_game_replays_from_the_start_and_the_table_waits_meanwhile(page: Page, base_url: str) -> None:
    fix_seed(page, 77)
    start_game(page, base_url, ["Ann"])
    # No computer at this table, and yet its worker gets ready while Ann looks at it: the first hint waits for no boot.
    page.wait_for_selector("html[data-ai='ready']", state="attached")
    page.get_by_role("button", name="Throw", exact=True).click()
    state = Match.new(g, {"players": 1}, 77).play(g.Throw()).settled().state
    box = best_box(state)
    page.locator(f".sheet button[data-box='{box}']").click()
    if g.preview(state)[box] == 0:
        page.get_by_role("button", name="Cross it out").click()
    expect(page.locator(".status")).to_contain_text("Round 2/10 · throw 0/3")
    page.get_by_role("button", name="Throw", exact=True).click()
    expect(page.locator(".status")).to_contain_text("Round 2/10 · throw 1/3")

    page.get_by_role("button", name="Replay").click()
    status = page.locator(".replay-status")
    expect(status).to_have_text("Replay: move 0 of 3.")
    expect(page.locator(".status")).to_contain_text("Round 1/10 · throw 0/3")
    expect(page.locator(".table-body")).to_have_attribute("inert", "")
    page.get_by_role("button", name="Step forward ▶").click()
    expect(status).to_have_text("Replay: move 1 of 3.")
    dice = page.locator(".dice-row .die")
    for index, value in enumerate(state.dice):
        expect(dice.nth(index)).to_have_attribute("aria-label", f"Die showing {value}, to throw")
    page.get_by_role("button", name="Back to the game").click()
    expect(page.locator(".replay-status")).to_have_count(0)
    expect(page.locator(".status")).to_contain_text("Round 2/10 · throw 1/3")


def test_a_solo_game_ends_with_the_score_against_the_optimal_player(page: Page, base_url: str) -> None:
    at_instant_pace(page)
    seed = 20261201
    fix_seed(page, seed)
    start_game(page, base_url, ["Ann"])
    match = Match.new(g, {"players": 1}, seed).settled()
    while g.to_move(match.state) is not None:
        page.get_by_role("button", name="Throw", exact=True).click()
        match = match.play(g.Throw()).settled()
        box = best_box(match.state)
        page.locator(f".sheet button[data-box='{box}']").click()
        if g.preview(match.state)[box] == 0:
            page.get_by_role("button", name="Cross it out").click()
        match = match.play(g.Fill(box)).settled()
    score = g.totals(match.state)[0]
    expect(page.locator(".result h2")).to_have_text(f"Ann finishes with {score} points")
    # The coach's worker answers with the optimal player's average under the default rules.
    expect(page.locator(".result .par")).to_have_text(
        f"Your score is {156.19 - score:.1f} points below the optimal player's average under these rules (156.2)."
    )


def test_escape_keeps_a_box_open_that_would_be_crossed_out_and_the_focus_goes_back_to_it(page: Page, base_url: str) -> None:
    seed = 77
    fix_seed(page, seed)
    start_game(page, base_url, ["Ann"])
    page.get_by_role("button", name="Throw", exact=True).click()
    state = Match.new(g, {"players": 1}, seed).play(g.Throw()).settled().state
    zero = next(box for box, points in g.preview(state).items() if points == 0)
    page.locator(f".sheet button[data-box='{zero}']").click()
    question = page.get_by_role("alertdialog")
    expect(question.get_by_role("button", name="Cross it out")).to_be_focused()
    page.keyboard.press("Escape")
    expect(question).to_have_count(0)
    expect(page.locator(f".sheet button[data-box='{zero}']")).to_be_focused()
    expect(page.locator(".status")).to_contain_text("throw 1/3")  # nothing was filled


def test_a_solo_game_s_end_says_the_score_against_the_optimal_player_and_its_buttons_stand_apart(
    page: Page, base_url: str
) -> None:
    alone = Match.new(g, {"players": 1}, 7, (Seat("Zoé"),))
    match = positions._play(alone, positions._generala_move, lambda m: g.to_move(m.state) is None)
    assert g.totals(match.state) == (61,)
    seed_once(page, positions.items(match=match))
    open_app(page, base_url, "#/generala")
    result = page.locator(".result")
    # Alone at the table, nobody wins: the end says the score, then how it compares with the optimal player's.
    expect(result.locator("h2")).to_have_text("Zoé finishes with 61 points")
    expect(result.locator(".ranking")).to_have_count(0)
    expect(result.locator(".par")).to_have_text(
        "Your score is 95.2 points below the optimal player's average under these rules (156.2)."
    )
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        report = result.get_by_role("button", name="Coach's report").bounding_box()
        again = result.get_by_role("button", name="Play again").bounding_box()
        assert report is not None and again is not None
        assert again["y"] - (report["y"] + report["height"]) >= 8, (width, report, again)


def test_after_the_last_throw_the_throw_button_leaves_and_the_focus_goes_to_the_first_open_box(page: Page, base_url: str) -> None:
    fix_seed(page, 77)
    start_game(page, base_url, ["Ann"])
    throw = page.locator("[data-action='generala:throw']")
    throw.focus()
    for left in (2, 1):
        page.keyboard.press("Enter")
        expect(throw).to_have_text(f"Throw again ({left} left)")
        expect(throw).to_be_focused()
        landed(page)
    page.keyboard.press("Enter")
    expect(page.locator(".status")).to_have_text("Round 1/10 · throw 3/3 · Ann to play")
    expect(throw).to_have_count(0)  # no throw is left: no dead button
    expect(page.locator(".sheet button[data-box]").first).to_be_focused()


IN_MOTION = """() => [...document.querySelectorAll('.dice-row .die')]
  .flatMap((die) => die.getAnimations({subtree: true}))
  .filter((animation) => animation.playState === 'running')
  .map((animation) => animation.animationName)"""


def test_thrown_dice_tumble_and_land_before_the_table_takes_a_click_and_stay_still_with_reduced_motion(
    page: Page, base_url: str
) -> None:
    start_game(page, base_url, ["Ann"])
    page.get_by_role("button", name="Throw", exact=True).click()
    assert {"land", "in-the-air-1", "in-the-air-2"} <= set(page.evaluate(IN_MOTION))
    assert {"tumble-0", "tumble-1"} & set(page.evaluate(IN_MOTION))
    expect(page.locator("html")).to_have_attribute("data-settling", "true")
    first = page.locator(".dice-row .die").first
    first.dispatch_event("click")  # while the dice are in the air: not taken (a player's click goes through them)
    landed(page)
    assert page.evaluate(IN_MOTION) == []
    expect(first).to_have_attribute("aria-pressed", "false")
    first.click()
    expect(first).to_have_attribute("aria-pressed", "true")
    # Set aside, it slides up into the tray (the runtime's glide, a script animation), and comes to rest.
    page.wait_for_function(f"() => ({IN_MOTION})().length === 0")

    page.emulate_media(reduced_motion="reduce")
    page.locator("[data-action='generala:throw']").click()
    expect(page.locator(".status")).to_contain_text("throw 2/3")
    assert page.evaluate(IN_MOTION) == []
    expect(page.locator("html")).not_to_have_attribute("data-settling", "true")


def test_a_first_game_points_the_way_till_the_player_dismisses_or_does_it_and_show_me_brings_it_back(
    page: Page, base_url: str
) -> None:
    start_game(page, base_url, ["Ann"])
    tip = page.get_by_role("note")
    expect(tip).to_have_text(re.compile(r"^Throw the five dice\. .*Got it$"))
    page.get_by_role("button", name="Throw", exact=True).click()  # done: the next pointer, by the dice
    expect(tip).to_contain_text("Click the dice you want to keep")
    landed(page)
    tip.get_by_role("button", name="Got it").click()  # dismissed: the next one, over the sheet
    expect(tip).to_contain_text("Fill a box of your column")
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    expect(tip).to_contain_text("Fill a box of your column")  # what was learned stays learned
    tip.get_by_role("button", name="Got it").click()
    expect(tip).to_have_count(0)
    page.get_by_role("button", name="Show me how to play").click()
    expect(tip).to_contain_text("Click the dice you want to keep")


def test_a_device_that_vibrates_does_so_as_the_dice_land_and_when_the_computer_hands_the_turn_back(
    page: Page, base_url: str
) -> None:
    page.add_init_script("window.__buzzed = []; navigator.vibrate = (ms) => { window.__buzzed.push(ms); return true; };")
    start_game(page, base_url, ["Ann", None])
    throw, fill = page.locator("[data-action='generala:throw']"), page.locator(".sheet button.fill")
    for _ in range(8):  # Ann plays (the who-starts throw, her throws, a box) till the computer hands the turn back
        expect(throw.or_(fill).first).to_be_visible()
        if page.evaluate("window.__buzzed.includes(60)"):
            break
        if throw.count():
            throw.click()
            landed(page)
            page.wait_for_function("() => window.__buzzed.includes(30)")  # the dice have landed
        else:
            fill_box(page, fill.first)
    assert page.evaluate("window.__buzzed.includes(60)")
