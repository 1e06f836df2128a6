"""Today's challenges as a player meets them (the clock is the test's): Generala from the home screen to the result
beside the perfect player's, the result shared, a second attempt counted as a replay, and the streak the next day;
the Chinese checkers puzzle solved, its result, and its best solution watched."""

from datetime import datetime

from playwright.sync_api import Page, expect

from etoile.engine.daily import Daily, day_seed
from etoile.engine.match import Match, Seat
from etoile.games.chinese_checkers import rules as cc
from etoile.games.generala import ai
from etoile.games.generala import rules as g
from tests.e2e.conftest import open_app
from tests.e2e.support import at_instant_pace, fill_box, landed, t


def play_the_day(page: Page, day: str) -> tuple[int, int]:
    """Play today's game on the page as the test's player does (one throw a round, the best box for it), the same game
    on a match of the day; return the score and the perfect player's."""
    match = Match.new(g, {"players": 1}, day_seed(day), (Seat(""),), Daily(day)).settled()
    while match.result is None:
        page.get_by_role("button", name="Throw", exact=True).click()
        landed(page)
        match = match.play(g.Throw()).settled()
        preview = g.preview(match.state)
        box = max(g.open_boxes(match.state), key=lambda b: (preview[b], -g.BOXES.index(b)))
        fill_box(page, page.locator(f".sheet button[data-box='{box}']"))
        match = match.play(g.Fill(box)).settled()
    return g.totals(match.state)[0], ai.perfect(match)


def test_today_s_generala_from_the_home_screen_to_the_streak_the_next_day(page: Page, base_url: str) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.clock.set_fixed_time(datetime(2026, 12, 7, 10, 0))
    at_instant_pace(page)
    open_app(page, base_url)
    card = page.locator(".daily-card[data-game='generala']")
    expect(card.locator("h2")).to_have_text("Today's Generala")
    card.get_by_role("link", name="Play today's challenge").click()
    expect(page.locator(".daily-banner")).to_have_text("Today's Generala, 2026-12-07. Your first game of the day counts.")

    points, perfect = play_the_day(page, "2026-12-07")
    expect(page.locator(".result h2")).to_have_text(f"Player 1 finishes with {points} points")
    gap = perfect - points
    assert gap > 0  # a throw a round is far from perfect
    expect(page.locator(".daily-result .par")).to_have_text(
        f"The perfect player scored {perfect} on the same dice: {gap} point{'s' * (gap != 1)} more than you."
    )
    shared = page.locator("#daily-share")
    expect(shared).to_be_visible()
    text = shared.input_value()
    title, score, marks, link = text.split("\n")
    assert (title, score) == ("Étoile · Generala of 2026-12-07", f"{points} points · perfect player {perfect} (−{gap})")
    assert len(marks) == 10 and set(marks) <= {"🟩", "🟨", "🟥"}
    assert link.startswith(base_url + "#/link/1.watch.")
    expect(page.locator(".report li").first).to_be_visible()  # the decisions that lost points, asked for by themselves
    page.get_by_role("button", name="Copy the result").click()
    expect(page.locator(".notice")).to_have_text(t("en", "link.copied") + t("en", "notice.dismiss"))
    assert page.evaluate("() => navigator.clipboard.readText()") == text

    # The link replays the game.
    page.goto(link)
    expect(page.locator(".watch-note")).to_have_text(t("en", "link.watching"))
    expect(page.locator(".daily-banner")).to_contain_text("Today's Generala, 2026-12-07.")

    # The home screen has the result; playing again the same day is a replay.
    page.goto(base_url + "#/")
    expect(card.locator("p").first).to_have_text(f"Done: {points} points, and the perfect player {perfect} on the same dice.")
    expect(card.locator(".streak")).to_have_text("1 day in a row")
    card.get_by_role("link", name="Replay (does not count)").click()
    expect(page.locator(".daily-banner")).to_have_text(
        "Today's Generala, 2026-12-07. A replay: only your first game of the day counts."
    )

    # The next day: a new challenge, and two days in a row once it is played.
    page.clock.set_fixed_time(datetime(2026, 12, 8, 9, 0))
    page.goto(base_url + "#/")
    expect(card.locator(".streak")).to_have_text("1 day in a row")
    card.get_by_role("link", name="Play today's challenge").click()
    expect(page.locator(".daily-banner")).to_have_text("Today's Generala, 2026-12-08. Your first game of the day counts.")
    second, second_perfect = play_the_day(page, "2026-12-08")
    expect(page.locator("#daily-share")).to_be_visible()
    page.goto(base_url + "#/stats")
    average = ((points - perfect) + (second - second_perfect)) / 2
    expect(page.locator(".stats-daily dd")).to_have_text(["2 days", "2", f"{average:.1f}"])


def test_today_s_chinese_checkers_puzzle_solved_its_result_and_the_best_solution(page: Page, base_url: str) -> None:
    page.clock.set_fixed_time(datetime(2026, 12, 7, 10, 0))
    at_instant_pace(page)
    open_app(page, base_url)
    page.locator(".daily-card[data-game='chinese-checkers']").get_by_role("link", name="Play today's challenge").click()
    expect(page.locator(".daily-banner")).to_contain_text("it can be done in 4 moves. Your first game of the day counts.")
    seed = day_seed("2026-12-07")
    solution = cc.puzzle_solution(cc.daily_options(seed), seed)
    for number, move in enumerate(solution, start=1):
        expect(page.locator("#cc-status")).to_contain_text(f"Move {number}.")
        page.locator(f".spot[data-hole='{move.start}']").click()
        page.locator(f".spot[data-hole='{move.end}']").click()
    expect(page.locator(".result h2")).to_have_text("Home in 4 moves")
    expect(page.locator(".daily-result .par")).to_have_text("The best solution the app knows takes 4 moves: you did as well!")
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()  # one attempt: no taking back
    title, score, marks, link = page.locator("#daily-share").input_value().split("\n")
    assert (title, score, marks) == ("Étoile · Chinese checkers puzzle of 2026-12-07", "4 moves · best solution 4 (±0)", "🟩" * 4)
    assert link.startswith(base_url + "#/link/1.watch.")
    page.get_by_role("link", name="Watch the best solution").click()
    expect(page.locator(".watch-note")).to_have_text(t("en", "link.watching"))
    expect(page.locator(".replay-status")).to_contain_text("move 0 of 4")
