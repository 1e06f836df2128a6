"""Today's challenge: the day's seed, duplicate dice, the perfect player's score, attempts, streaks, the result."""

import json
from dataclasses import replace
from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from etoile.app import effects as fx
from etoile.app import messages as m
from etoile.app.daily import attempts
from etoile.app.model import Model
from etoile.app.routes import parse
from etoile.app.update import update
from etoile.engine import computer
from etoile.engine.daily import Daily, day_seed, duplicate_roll, streak
from etoile.engine.dice import Roll
from etoile.engine.match import InvalidMatch, Match, Seat
from etoile.engine.slot import Slot
from etoile.games.generala import ai
from etoile.games.generala import rules as g
from etoile.games.generala import table as generala_table
from etoile.games.generala.coach import GeneralaMistake, GeneralaReport
from etoile.saved.history import Entry, game_id, with_entry
from etoile.saved.stats import statistics
from etoile.ui.i18n import catalog
from etoile.ui.views import view

DAY = "2026-12-07"
SLOT = Slot("generala")
T = catalog("en")


def daily_match(day: str = DAY, attempt: int = 1) -> Match:
    return Match.new(g, {"players": 1}, day_seed(day), (Seat("Ann"),), Daily(day, attempt))


def first_box(match: Match) -> g.Fill:
    return g.Fill(g.open_boxes(match.state)[0])


def played_out(match: Match) -> Match:
    """The game to its end, throwing once a round and filling the first open box."""
    match = match.settled()
    while match.result is None:
        match = match.play(g.Throw()).settled().play(first_box(match.play(g.Throw()).settled())).settled()
    return match


days = st.dates(date(2000, 1, 1), date(2099, 12, 31)).map(date.isoformat)


def test_the_day_s_seed_is_a_documented_function_of_the_date() -> None:
    assert day_seed(DAY) == 2181704916449021606
    assert day_seed("2026-12-08") == 3006016338912962328
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        day_seed("2026-02-30")


@given(days, days)
def test_two_days_have_two_seeds(a: str, b: str) -> None:
    assert (day_seed(a) == day_seed(b)) == (a == b)


def test_the_first_throw_of_every_round_is_the_same_for_every_player() -> None:
    # Two players who fill different boxes in round 1 still see the same five dice at round 2's first throw.
    one = daily_match().play(g.Throw()).settled()
    two = one.play(g.Fill("1")).play(g.Throw()).settled()
    other = one.play(g.Fill("6")).play(g.Throw()).settled()
    assert one.state.dice == (6, 4, 4, 3, 1)
    assert two.state.dice == other.state.dice == (3, 2, 1, 1, 1)


@given(st.integers(0, 2**64 - 1), st.integers(1, 10), st.integers(1, 3), st.integers(1, 5))
def test_the_dice_thrown_at_a_place_are_the_first_of_its_five(seed: int, round_: int, throw: int, count: int) -> None:
    five = duplicate_roll(seed, (round_, 0, throw), 5)
    assert duplicate_roll(seed, (round_, 0, throw), count) == five[:count]


def test_keeping_the_same_dice_brings_the_same_faces() -> None:
    start = daily_match().play(g.Throw()).settled()  # 6 4 4 3 1
    keep = g.Throw((4, 4))
    a = start.play(keep).settled()
    b = start.play(keep).settled()
    assert a.state.dice == b.state.dice == (4, 4, 6, 5, 3)
    # Keeping two other dice throws three dice at the same place: the same three faces come up.
    c = start.play(g.Throw((6, 4))).settled()
    assert c.state.dice[2:] == a.state.dice[2:]


def test_a_day_s_record_keeps_its_day_and_replays_its_dice() -> None:
    match = played_out(daily_match())
    loaded = Match.from_json(match.to_json())
    assert loaded.daily == Daily(DAY, 1)
    assert loaded.state == match.state
    assert loaded.settled().state == match.state


def test_a_day_s_record_with_another_seed_or_day_is_refused() -> None:
    data = daily_match().to_json()
    with pytest.raises(InvalidMatch, match="seed"):
        Match.from_json({**data, "seed": 1})
    with pytest.raises(InvalidMatch, match="YYYY-MM-DD"):
        Match.from_json({**data, "daily": {"day": "2026-13-01", "attempt": 1}})
    with pytest.raises(InvalidMatch, match="attempt"):
        Match.from_json({**data, "daily": {"day": DAY, "attempt": 0}})


def test_the_perfect_player_s_score_of_a_day_is_the_same_on_every_run() -> None:
    assert ai.perfect(daily_match()) == 154
    assert ai.perfect(daily_match("2026-12-08")) == 107
    # ... and the worker's answer gives it beside the optimal player's average.
    answer = computer.advise("generala", json.dumps(daily_match().to_json()), "par")
    assert '"perfect": 154' in answer


def test_the_perfect_player_plays_the_player_s_dice_when_it_keeps_what_the_player_kept() -> None:
    # The perfect player's first decision, played by the player, leads to the same dice as in the perfect game.
    match = daily_match().settled()
    mine = match.play(g.Throw()).settled()
    best = ai.choose(mine.state, "optimal")
    assert mine.play(best).settled().state.dice == match.play(g.Throw()).settled().play(best).settled().state.dice


def test_each_attempt_is_its_own_game_in_the_history() -> None:
    first, second = daily_match(), daily_match(attempt=2)
    assert game_id(first) != game_id(second)
    assert game_id(first) == game_id(first.with_daily(Daily(DAY, 1, par=154)))


def test_the_history_keeps_the_par_that_came_after_the_end() -> None:
    over = played_out(daily_match())
    entry = Entry.of(over, "2026-12-07T10:00")
    known = Entry.of(over.with_daily(Daily(DAY, 1, 154)), "2026-12-07T10:00")
    history = with_entry(with_entry((), entry), known)
    assert [e.par for e in history] == [154]
    assert Entry.from_json(known.to_json()) == known


def test_opening_today_s_challenge_starts_it_and_asks_for_the_perfect_score() -> None:
    model, effects = update(Model(today=DAY), m.RouteChanged("#/daily", DAY))
    match = model.matches[SLOT]
    assert model.route.screen == "game"
    assert match.daily == Daily(DAY, 1)
    assert fx.Navigate("#/generala", replace=True) in effects
    assert fx.Advise(0, "par", SLOT) in effects


def test_a_second_attempt_the_same_day_is_a_replay() -> None:
    model, _ = update(Model(today=DAY), m.RouteChanged("#/daily/generala", DAY))
    over = played_out(model.matches[SLOT])
    model = replace(model, matches={SLOT: over}, history=(Entry.of(over, "2026-12-07T10:00"),))
    model, _ = update(replace(model, route=model.route), m.RouteChanged("#/", DAY))
    model, _ = update(model, m.RouteChanged("#/daily", DAY))
    assert model.matches[SLOT].daily == Daily(DAY, 2)
    assert [a.attempt for a in attempts(model, "generala", DAY)] == [1, 2]
    banner = view(model).find_all(lambda el: el.attrs.get("class") == "daily-banner")
    assert "only your first game of the day counts" in banner[0].text()


def test_today_s_game_under_way_is_taken_up_again() -> None:
    model, _ = update(Model(today=DAY), m.RouteChanged("#/daily", DAY))
    model, _ = update(model, m.AtTable("generala", generala_table.ThrowDice()))
    cursor = model.matches[SLOT].cursor
    model, _ = update(model, m.RouteChanged("#/", DAY))
    model, _ = update(model, m.RouteChanged("#/daily", DAY))
    assert model.matches[SLOT].cursor == cursor > 0
    assert model.matches[SLOT].daily == Daily(DAY, 1)


def test_a_game_in_progress_goes_to_the_history_when_the_challenge_opens() -> None:
    other = Match.new(g, {"players": 2}, 5, (Seat("Ann"), Seat("Bob"))).settled().play(g.Throw()).settled()
    model, effects = update(Model(today=DAY, matches={SLOT: other}), m.RouteChanged("#/daily", DAY))
    assert fx.Archive(other) in effects
    assert [n.key for n in model.notices] == ["daily.kept"]


def test_the_perfect_score_is_kept_in_the_record_when_the_coach_answers() -> None:
    model, _ = update(Model(today=DAY), m.RouteChanged("#/daily", DAY))
    answer = m.CoachAnswer(SLOT, 0, "par", {"expected": 156.19, "perfect": 154})
    model, effects = update(model, answer)
    assert model.matches[SLOT].daily == Daily(DAY, 1, 154)
    assert fx.SaveMatch(SLOT) in effects


def test_the_result_to_share_has_the_score_the_perfect_score_a_mark_a_round_and_the_link() -> None:
    over = played_out(daily_match()).with_daily(Daily(DAY, 1, 154))
    mistakes = (GeneralaMistake(1, 1, (6, 4, 4, 3, 1), {}, {}, 6.7), GeneralaMistake(3, 1, (1,) * 5, {}, {}, 2.0))
    local = generala_table.Local(report=GeneralaReport({0: mistakes}))
    text = generala_table.daily_share(Model(address="https://example.org/etoile/"), over, local, T)
    assert text is not None
    title, score, marks, link = text.split("\n")
    assert title == "Étoile · Generala of 2026-12-07"
    assert score == f"{g.totals(over.state)[0]} points · perfect player 154 (−{154 - g.totals(over.state)[0]})"
    assert marks == "🟥🟩🟨🟩🟩🟩🟩🟩🟩🟩"
    assert link.startswith("https://example.org/etoile/#/link/1.watch.")


def test_the_streak_counts_the_days_in_a_row_up_to_today_or_yesterday() -> None:
    assert streak([], DAY) == 0
    assert streak(["2026-12-06"], DAY) == 1  # today's not played yet: the streak still stands
    assert streak(["2026-12-04", "2026-12-06", "2026-12-07"], DAY) == 2
    assert streak(["2026-12-31", "2027-01-01"], "2027-01-01") == 2


@given(st.sets(st.integers(0, 60)), st.integers(0, 60))
def test_the_streak_is_the_run_of_days_played_that_ends_today_or_yesterday(offsets: set[int], today: int) -> None:
    start = date(2026, 11, 1)
    played = [(start + timedelta(days=d)).isoformat() for d in offsets]
    end = today if today in offsets else today - 1
    run = 0
    while end - run in offsets:
        run += 1
    assert streak(played, (start + timedelta(days=today)).isoformat()) == run


def test_the_statistics_show_the_streak_and_the_difference_to_the_perfect_player_day_after_day() -> None:
    entries = []
    for day, attempt in (("2026-12-06", 1), (DAY, 1), (DAY, 2)):
        over = played_out(daily_match(day, attempt))
        entries.append(Entry.of(over.with_daily(Daily(day, attempt, 154)), f"{day}T10:00"))
    player = statistics(entries)[("person", "Ann")]
    assert [r.daily.day for r in player.dailies("generala") if r.daily] == ["2026-12-06", DAY]
    page = view(Model(route=parse("#/stats"), history=tuple(entries), today=DAY))
    daily = page.find_all(lambda el: el.attrs.get("class") == "stats-daily")[0]
    assert "Days in a row2 days" in daily.text()
    assert "Days played2" in daily.text()


def test_the_home_screen_offers_today_s_challenge_then_its_result() -> None:
    model = Model(today=DAY)
    card = view(model).find_all(lambda el: el.attrs.get("class") == "daily-card")[0]
    assert "Today's Generala" in card.text()
    assert "Play today's challenge" in card.text()
    over = played_out(daily_match()).with_daily(Daily(DAY, 1, 154))
    model = replace(model, history=(Entry.of(over, "2026-12-07T10:00"),))
    card = view(model).find_all(lambda el: el.attrs.get("class") == "daily-card")[0]
    points = g.totals(over.state)[0]
    assert f"Done: {points} points, and the perfect player 154 on the same dice." in card.text()
    assert "1 day in a row" in card.text()
    assert "Replay (does not count)" in card.text()


def test_a_round_s_mark_says_what_its_decisions_lost() -> None:
    over = played_out(daily_match())
    assert generala_table.round_marks(over, GeneralaReport({0: ()})) == "🟩" * 10
    big = daily_match().play_all([g.Throw(), Roll((6, 6, 6, 6, 6))])
    assert generala_table.round_marks(big, GeneralaReport({0: ()})) == "⭐"


def test_today_s_challenges_give_no_hint() -> None:
    model, _ = update(Model(today=DAY), m.RouteChanged("#/daily/generala", DAY))
    model, _ = update(model, m.AtTable("generala", generala_table.ThrowDice()))
    assert not view(model).find_all(lambda el: el.attrs.get("data-action") == "generala:hint")
    model, effects = update(model, m.AtTable("generala", generala_table.AskHint()))
    assert not [e for e in effects if isinstance(e, fx.Advise) and e.request == "hint"]


def test_the_history_says_which_day_s_challenge_a_game_was_and_whether_it_counted() -> None:
    entries = [Entry.of(played_out(daily_match(attempt=a)), f"2026-12-07T1{a}:00") for a in (1, 2)]
    page = view(Model(route=parse("#/history"), history=tuple(reversed(entries)), today=DAY))
    said = [el.text() for el in page.find_all(lambda el: el.attrs.get("class") == "history-daily")]
    assert said == ["Today's challenge of 2026-12-07, replayed (not counted)", "Today's challenge of 2026-12-07"]
