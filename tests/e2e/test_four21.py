"""421 as a player sees it: who starts, throwing and setting dice aside, charge, décharge, a winner."""

import re

from playwright.sync_api import Page, expect

from etoile.engine.match import Match
from etoile.games.four21 import rules as g
from tests.e2e.conftest import fix_seed, open_in_language, set_up
from tests.e2e.support import at_instant_pace, t

THROUGH_DECHARGE_SEED = 2  # two players standing after one throw: charge 10, charge 1, then a décharge


def start_game(page: Page, base_url: str, players: list[str | None], options: list[str] = ()) -> None:
    set_up(page, base_url, "421", players, options)
    expect(page.locator(".four21 .status")).to_be_visible()


def play_standing_after_one_throw(page: Page) -> None:
    """Throw once each, stand as soon as allowed, until the game is over (computers play their own turns)."""
    while not page.locator(".result").count():
        stand = page.get_by_role("button", name="Stand")
        throw = page.locator("[data-action='421:throw']")
        expect(stand.or_(throw).or_(page.locator(".result")).first).to_be_visible()
        if stand.count():
            stand.click()
        elif throw.count():
            throw.click()


def test_a_seeded_two_player_game_through_charge_and_decharge_to_a_winner(page: Page, base_url: str) -> None:
    at_instant_pace(page)
    fix_seed(page, THROUGH_DECHARGE_SEED)
    start_game(page, base_url, ["Ann", "Bob"])
    expect(page.locator(".status")).to_have_text(
        "Who starts? Everyone throws one die: 1 is best, then 6, 5, 4, 3, 2. Ann throws."
    )
    play_standing_after_one_throw(page)

    # A match of the rules engine, playing the same way with the same seed, says what the table must show.
    match = Match.new(g, {"players": 2}, THROUGH_DECHARGE_SEED).settled()
    while (state := match.state).seat is not None:
        stand = state.rolloff is None and state.throws and g.Stop() in g.legal_actions(state)
        match = match.play(g.Stop() if stand else g.Throw()).settled()
    assert [turn.phase for turn in state.turns] == ["charge", "charge", "decharge"]
    names = ["Ann", "Bob"]
    [winner] = g.result(state).winners
    expect(page.locator(".result h2")).to_have_text(f"{names[winner]} wins!")
    expect(page.locator(f".player[data-seat='{winner}'] .star")).to_be_visible()
    # The end screen ranks every player with their tokens.
    ranking = [
        f"{names[seat]}: {t('en', 'four21.result_tokens', count=state.held[seat])}"
        for tier in g.result(state).ranking
        for seat in tier
    ]
    expect(page.locator(".result .ranking li")).to_have_text(ranking)
    for seat in (0, 1):
        expect(page.locator(f".player[data-seat='{seat}'] .token:not(.leaving)")).to_have_count(state.held[seat])
    expect(page.locator(".pot .token")).to_have_count(0)
    last = state.turns[-1]
    # The tokens of the last turn fly from the best hand to the worst; the ones that left are hidden.
    expect(page.locator(f".player[data-seat='{last.worst}'] .token.arriving")).to_have_count(last.amount)
    expect(page.locator(f".player[data-seat='{last.best}'] .token.leaving")).to_have_count(last.amount)
    expect(page.locator(f".player[data-seat='{last.best}'] .token.leaving").first).to_have_css("opacity", "0")
    expect(page.locator(".last-turn")).to_contain_text(
        re.compile(
            f"^{names[last.best]} has the best hand, .* gives {last.amount} token{'s' if last.amount > 1 else ''}"
            f" to {names[last.worst]}, worst with"
        )
    )
    expect(page.locator(".last-turn")).to_contain_text(f"{names[winner]} has no token left and reveals their star!")
    # The game log: a line per player's run of throws, in the game's notation, the three turns' summaries noted.
    # An arrow shows that it opens, and turns when it does.
    summary = page.locator(".turn-log summary")
    arrow = "(e) => [getComputedStyle(e, '::before').content, getComputedStyle(e, '::before').transform]"
    assert summary.evaluate(arrow) == ['"▸"', "none"]
    summary.click()
    expect(page.locator(".turn-log")).to_have_attribute("open", "")
    assert summary.evaluate(arrow)[1] != "none"
    expect(page.locator(".turn-log li").filter(has_text=" — ")).to_have_count(4)  # who starts, then the 3 turns
    expect(page.locator(".turn-log li").filter(has_text="Who starts:")).to_have_count(1)
    expect(page.locator(".turn-log li").last).to_contain_text(f"{names[state.opening.seats[0]]}: throw · roll ")


def test_a_game_against_the_computer(page: Page, base_url: str) -> None:
    at_instant_pace(page)
    fix_seed(page, 11)
    start_game(page, base_url, ["Ann", None])
    play_standing_after_one_throw(page)
    expect(page.locator(".result h2")).to_contain_text("wins!")
    expect(page.locator(".turn-log summary")).to_contain_text("Game log")
    expect(page.get_by_role("button", name="Play again")).to_be_visible()


def test_a_reload_mid_turn_resumes_with_the_same_dice(page: Page, base_url: str) -> None:
    fix_seed(page, 4)
    start_game(page, base_url, ["Ann", "Bob"])
    while "leads" not in page.locator(".status").inner_text():  # who starts: one die each, until one leads
        page.locator("[data-action='421:throw']").click()
    page.locator("[data-action='421:throw']").click()
    dice = page.locator(".dice-row .die")
    expect(dice).to_have_count(3)
    dice.first.click()
    expect(dice.first).to_have_attribute("aria-pressed", "true")
    labels = [dice.nth(i).get_attribute("aria-label") for i in range(3)]  # the die set aside stays aside too
    status = page.locator(".status").inner_text()
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    expect(page.locator(".status")).to_have_text(status)
    assert [page.locator(".dice-row .die").nth(i).get_attribute("aria-label") for i in range(3)] == labels


def test_the_exactly_option_makes_the_others_use_every_throw(page: Page, base_url: str) -> None:
    fix_seed(page, 4)
    start_game(page, base_url, ["Ann", "Bob"], ["exactly as many as the leader"])
    while "leads" not in page.locator(".status").inner_text():
        page.locator("[data-action='421:throw']").click()
    page.locator("[data-action='421:throw']").click()
    page.get_by_role("button", name="Throw again (2 left)").click()
    page.get_by_role("button", name="Stand").click()
    expect(page.locator(".status")).to_contain_text("to play: exactly 2 throws (0 so far).")
    page.locator("[data-action='421:throw']").click()
    expect(page.get_by_role("button", name="Throw again (1 left)")).to_be_visible()
    expect(page.get_by_role("button", name="Stand")).to_have_count(0)
    page.locator(".dice-row .die").first.click()
    page.get_by_role("button", name="Throw again (1 left)").click()
    # The second throw was the last one allowed: the hand stands by itself and the turn is over.
    expect(page.locator(".last-turn")).to_be_visible()


def test_the_game_in_french_and_in_russian(page: Page, base_url: str) -> None:
    fix_seed(page, 3)
    open_in_language(page, base_url, "Français", "#/421/new")
    expect(page.locator("h1")).to_have_text("Nouvelle partie : 421")
    expect(page.get_by_label("exactement autant que le meneur")).to_be_visible()
    page.get_by_role("button", name="Commencer la partie").click()
    expect(page.locator(".status")).to_have_text(
        "Qui commence ? Chacun lance un dé : le 1 est le meilleur, puis 6, 5, 4, 3, 2. À Joueur 1 de lancer."
    )
    page.goto(base_url + "#/settings")
    page.get_by_label("Русский").check()
    page.goto(base_url + "#/421")
    expect(page.locator(".status")).to_have_text(
        "Кто начинает? Каждый бросает один кубик: лучше всех 1, затем 6, 5, 4, 3, 2. Бросает Игрок 1."
    )
    expect(page.get_by_role("button", name="Бросить")).to_be_visible()
    expect(page.locator(".pot-label")).to_have_text("Банк")


def test_with_all_three_dice_set_aside_the_throw_becomes_stand(page: Page, base_url: str) -> None:
    fix_seed(page, 4)
    start_game(page, base_url, ["Ann", "Bob"])
    while "leads" not in page.locator(".status").inner_text():  # who starts: one die each, until one leads
        page.locator("[data-action='421:throw']").click()
    # The throws that decided who starts stay on the table, and say why.
    expect(page.locator(".last-turn")).to_contain_text("has the best die and leads.")
    page.locator("[data-action='421:throw']").click()
    dice = page.locator(".dice-row .die")
    for index in range(3):
        dice.nth(index).click()
        expect(dice.nth(index)).to_have_attribute("aria-pressed", "true")
    # Nothing is left to throw: no dead "Throw again", the one button left stands.
    expect(page.get_by_role("button", name=re.compile("Throw again"))).to_have_count(0)
    stand = page.get_by_role("button", name="Stand")
    expect(stand).to_have_count(1)
    dice.nth(2).click()
    expect(page.get_by_role("button", name="Throw again (2 left)")).to_be_enabled()
    dice.nth(2).click()
    stand.click()
    expect(page.locator(".status")).to_contain_text("at most 1 throw (0 so far)")  # the leader stood after one


def test_the_coach_switch_stays_in_its_place_during_the_computer_s_turn(page: Page, base_url: str) -> None:
    fix_seed(page, 11)
    start_game(page, base_url, ["Ann", None])
    computer_turn = page.locator(".table-screen[data-computer-turn]")
    moves = page.locator("[data-action='421:throw'], [data-action='421:stop']")
    while not computer_turn.count():  # the person plays until it is the computer's turn (its first waits for the worker)
        expect(computer_turn.or_(moves).first).to_be_visible()
        if not computer_turn.count():
            moves.first.click()
    expect(computer_turn.locator("[data-action='set-coach']")).to_be_visible()


def test_the_coach_gives_the_chances_of_every_choice_after_a_throw(page: Page, base_url: str) -> None:
    fix_seed(page, 11)
    start_game(page, base_url, ["Ann", None])
    page.get_by_role("switch", name="Coach").check()
    throw = page.locator("[data-action='421:throw']")
    choices = page.locator(".coach-choices")
    for _ in range(20):  # Ann throws (the computer plays its turns) until she has a choice to make
        expect(choices.or_(throw.locator("visible=true")).first).to_be_visible()
        if choices.count():
            break
        if throw.is_enabled():
            throw.click()
        page.wait_for_function("() => !document.documentElement.dataset.busy")
    choices.locator("summary").click()
    lines = choices.locator("li")
    expect(lines.first).to_contain_text(re.compile(r"\d+(\.\d)?% chance of (ending the turn with the worst hand|giving tokens)"))
    assert lines.count() >= 2
    expect(choices.locator("li.expert")).to_have_count(1)
