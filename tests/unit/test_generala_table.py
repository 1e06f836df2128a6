"""The Generala score sheet, without a browser."""

from dataclasses import replace

import pytest

from etoile.app import effects as fx
from etoile.app import messages as m
from etoile.app.effects import Effect
from etoile.app.model import Model
from etoile.app.routes import Route
from etoile.app.update import update
from etoile.engine.coach import PENDING
from etoile.engine.dice import Roll
from etoile.engine.game import CHANCE
from etoile.engine.match import Match, Seat
from etoile.engine.rng import Dice
from etoile.engine.slot import Slot
from etoile.games.generala import rules as g
from etoile.games.generala import table
from etoile.games.generala.coach import GeneralaChoice, GeneralaHint, GeneralaPar
from etoile.ui.i18n import catalog
from etoile.ui.runtime import events
from etoile.ui.views import view


def playing(players: int = 2, seed: int = 3, computers: tuple[int, ...] = ()) -> Model:
    """A game after the start throws, with seat 0 to play: it threw five 1s, everyone else five 6s."""
    seats = tuple(Seat("", "optimal") if i in computers else Seat(f"P{i + 1}") for i in range(players))
    match = Match.new(g, {"players": players}, seed, seats)
    for seat in range(players if players > 1 else 0):
        match = match.play_all([g.Throw(), Roll((1, 1, 1, 1, 1) if seat == 0 else (6, 6, 6, 6, 6))])
    assert (match.state.phase, match.state.seat) == ("play", 0)
    return Model(route=Route("game", "generala"), matches={Slot("generala"): match})


def with_dice(model: Model, *throws: tuple[tuple[int, ...], tuple[int, ...]]) -> Model:
    """``model`` after seat 0's throws, each the faces it keeps and the faces that come up."""
    match = model.matches[Slot("generala")]
    for keep, faces in throws:
        match = match.play_all([g.Throw(keep), Roll(faces)])
    return Model(route=model.route, matches={Slot("generala"): match})


def dice_shown(model: Model) -> list[tuple[str, str, str]]:
    """Each die of the table: its label, whether it is set aside (``aria-pressed``) and its classes."""
    dice = view(model).find_all(by_class("die"))
    return [(d.attrs["aria-label"], d.attrs["aria-pressed"], d.attrs["class"]) for d in dice]


def send(model: Model, action: str, value: str | bool | None = None, **data: str) -> tuple[Model, list[Effect]]:
    msg = events.decode(action, value, {"game": "generala", **data})
    assert msg is not None, f"{action} {value} {data} makes no message"
    return update(model, msg)


def by_class(name: str):
    return lambda el: name in str(el.attrs.get("class", "")).split()


def test_dice_can_be_set_aside_only_between_throws() -> None:
    model = playing()
    model, _ = send(model, "generala:keep", index="0")
    assert model.tables.get(Slot("generala")) in (None, table.Local())
    model, effects = send(model, "generala:throw")
    assert fx.Sound("dice") in effects and model.matches[Slot("generala")].state.throw == 1
    model, _ = send(model, "generala:keep", index="2")
    model, _ = send(model, "generala:keep", index="0")
    model, _ = send(model, "generala:keep", index="2")
    assert model.tables[Slot("generala")].keep == (0,)


def test_a_throw_rethrows_every_die_not_set_aside() -> None:
    model, _ = send(playing(), "generala:throw")
    match = model.matches[Slot("generala")]
    assert g.to_move(match.state) == 0 and match.played[-2:] == (g.Throw(), Roll(match.state.dice))  # the dice landed
    before = match.state.dice
    model, _ = send(model, "generala:keep", index="1")
    model, _ = send(model, "generala:throw")
    match = model.matches[Slot("generala")]
    assert match.state.throw == 2 and match.state.dice[0] == before[1] and match.state.kept == 1
    assert match.played[-2] == g.Throw((before[1],)) and g.to_move(match.state) is not CHANCE
    assert model.tables[Slot("generala")] == table.Local()


def test_the_throw_keeps_the_faces_of_the_dice_set_aside_and_they_move_to_the_left() -> None:
    model = with_dice(playing(), ((), (6, 5, 4, 2, 1)))
    model, _ = send(model, "generala:keep", index="3")
    model, _ = send(model, "generala:keep", index="1")
    assert model.tables[Slot("generala")].keep == (1, 3)
    assert [pressed for _, pressed, _ in dice_shown(model)] == ["false", "true", "false", "true", "false"]
    model, _ = send(model, "generala:throw")
    match = model.matches[Slot("generala")]
    assert match.played[-2] == g.Throw((5, 2))
    assert match.state.dice[:2] == (5, 2) and match.state.kept == 2


def test_the_dice_kept_at_the_last_throw_stay_set_aside_until_taken_back() -> None:
    model = with_dice(playing(), ((), (6, 6, 4, 2, 1)), ((6, 6), (4, 3, 3)))
    shown = dice_shown(model)
    assert [label for label, _, _ in shown] == [
        "Die showing 6, set aside",
        "Die showing 6, set aside",
        "Die showing 4, to throw",
        "Die showing 3, to throw",
        "Die showing 3, to throw",
    ]
    assert [pressed for _, pressed, _ in shown] == ["true", "true", "false", "false", "false"]
    assert ["roll-" in classes for _, _, classes in shown] == [False, False, True, True, True]  # the thrown ones shake
    model, _ = send(model, "generala:keep", index="0")
    assert model.tables[Slot("generala")].keep == (1,)
    model, _ = send(model, "generala:throw")
    assert model.matches[Slot("generala")].played[-2] == g.Throw((6,))


def test_the_dice_shake_anew_at_every_throw() -> None:
    model = with_dice(playing(), ((), (6, 5, 4, 2, 1)))
    first = {classes for _, _, classes in dice_shown(model)}
    second = {classes for _, _, classes in dice_shown(with_dice(model, ((), (3, 3, 2, 2, 1))))}
    assert first == {"die roll-1"} and second == {"die roll-0"}  # one more throw in the match: the other animation


def test_the_coach_outlines_the_dice_it_would_keep_where_they_lie() -> None:
    model = with_dice(playing(), ((), (6, 5, 4, 2, 1)), ((6,), (6, 2, 2, 3)))
    hint = GeneralaHint((GeneralaChoice({"throw": [6, 6, 2]}, 150.0),))
    cursor = model.matches[Slot("generala")].cursor
    model, _ = send(model, "generala:hint")
    model, _ = update(model, m.CoachAnswer(Slot("generala"), cursor, "hint", hint.to_json()))
    dice = view(model).find_all(by_class("die"))
    assert model.matches[Slot("generala")].state.dice == (6, 6, 3, 2, 2)
    assert [d.attrs.get("data-hint") for d in dice] == ["keep", "keep", None, "keep", None]
    assert "Keep 6 6 2: expected final score 150.0." in view(model).text()


def test_a_box_that_scores_zero_asks_first() -> None:
    model, _ = send(playing(), "generala:throw")
    state = model.matches[Slot("generala")].state
    zero = next(box for box, points in g.preview(state).items() if points == 0)
    asked, effects = send(model, "generala:fill", box=zero)
    assert asked.tables[Slot("generala")].confirm == zero and asked.matches == model.matches
    assert effects == [fx.Focus(".confirm-zero .danger")]
    assert "cross it out for 0?" in view(asked).text()
    kept, _ = send(asked, "generala:cancel")
    assert kept.tables[Slot("generala")].confirm is None
    filled, _ = send(asked, "generala:fill", box=zero)
    assert g.sheet(filled.matches[Slot("generala")].state, 0)[zero] == 0


def test_a_box_with_points_is_filled_at_once() -> None:
    model, _ = send(playing(), "generala:throw")
    state = model.matches[Slot("generala")].state
    box, points = max(g.preview(state).items(), key=lambda item: item[1])
    model, effects = send(model, "generala:fill", box=box)
    assert g.sheet(model.matches[Slot("generala")].state, 0)[box] == points
    assert fx.Sound("fill") in effects


def test_every_open_box_of_the_player_to_move_shows_its_score() -> None:
    model, _ = send(playing(), "generala:throw")
    state = model.matches[Slot("generala")].state
    page = view(model)
    buttons = {b.attrs["data-box"]: b.text() for b in page.find_all(by_class("fill"))}
    assert buttons == {box: str(points) for box, points in g.preview(state).items()}


def test_the_hint_asks_the_coach_and_shows_its_answer_for_this_position_only() -> None:
    model, _ = send(playing(), "generala:throw")
    ply = model.matches[Slot("generala")].cursor
    model, effects = send(model, "generala:hint")
    assert effects == [fx.Advise(ply, "hint", Slot("generala"))]
    assert "The coach is thinking" in view(model).text()
    answer = [{"action": {"fill": "general"}, "expected": 150.25}]
    stale, _ = update(model, m.CoachAnswer(Slot("generala"), ply - 1, "hint", answer))
    assert stale.tables[Slot("generala")].hint is PENDING
    model, _ = update(model, m.CoachAnswer(Slot("generala"), ply, "hint", answer))
    points = g.preview(model.matches[Slot("generala")].state)["general"]
    assert f"Write {points} in general: expected final score 150.2." in view(model).text()
    french = replace(model, settings=replace(model.settings, language="fr"))
    assert f"Inscrire {points} dans la générala\u00a0: score final espéré 150,2." in view(french).text()


def test_computer_seats_cannot_be_played_by_hand() -> None:
    model = playing(computers=(0,))
    after, effects = send(model, "generala:throw")
    assert after.matches == model.matches and effects == []
    assert not view(model).find_all(lambda el: el.attrs.get("data-action") == "generala:throw")


def test_a_twelve_player_sheet_has_a_column_per_player_in_a_scrolling_region() -> None:
    page = view(playing(players=12))
    [region] = page.find_all(by_class("sheet-wrap"))
    assert region.attrs["role"] == "region"
    headers = region.find_all(lambda el: el.tag == "th" and el.attrs.get("scope") == "col")
    assert [h.text() for h in headers] == ["Box"] + [f"P{i}" for i in range(1, 13)]


BIG_GENERAL_SEED = 1667
"""A match of this seed throws five 1s first: a big general on the first throw of the first turn."""


def test_a_big_general_ends_the_game_with_a_celebration() -> None:
    assert Dice(BIG_GENERAL_SEED).roll(5)[0] == (1, 1, 1, 1, 1)
    model = playing(players=1, seed=BIG_GENERAL_SEED)
    model, effects = send(model, "generala:throw")
    state = model.matches[Slot("generala")].state
    assert len(set(state.dice)) == 1 and state.big_general == 0
    assert fx.Sound("fanfare") in effects and fx.Sound("dice") in effects
    page = view(model)
    assert (
        page.find_all(by_class("celebration"))[0].text()
        == "Big general!Five equal dice on the first throw: P1 wins the game at once!"
    )
    assert "P1 wins!" in page.text()


def test_the_setup_seats_as_many_players_as_the_rules_accept_with_no_hidden_cap() -> None:
    model = Model(route=Route("game", "generala"))  # no game yet: the setup
    [field] = view(model).find_all(lambda el: el.attrs.get("id") == "setup-players")
    assert (field.tag, field.attrs["type"], field.attrs["min"]) == ("input", "number", "1")
    model, _ = update(model, m.SetupPlayers(20, "generala"))
    model, _ = update(model, m.SetupStart(5, "generala"))
    match = model.matches[Slot("generala")]
    assert match.options["players"] == 20 and len(match.seats) == 20 and match.state.players == 20
    columns = view(model).find_all(lambda el: el.tag == "th" and el.attrs.get("scope") == "col")
    assert len(columns) >= 20


def test_the_log_notes_every_box_filled_and_a_click_replays_up_to_it() -> None:
    model = with_dice(playing(), ((), (6, 6, 4, 2, 1)), ((6, 6), (6, 3, 3)))
    model, _ = send(model, "generala:fill", box="6")
    match = model.matches[Slot("generala")]
    newest, *older = view(model).find_all(lambda el: el.attrs.get("class") == "log-entry")
    t = catalog("en")
    note = "18 points"  # the notation names the box: the note gives its points
    assert newest.text() == f"P1: throw · roll 6 6 4 2 1 · keep 6 6 · roll 6 3 3 · fill 6 — {note}"
    assert table.log_note(match, match.cursor, t) == note and table.log_note(match, match.cursor - 1, t) is None
    assert [entry.text() for entry in older] == [
        "P2: throw · roll 6 6 6 6 6 — Who starts: P1: 5, P2: 30. P1 has the lowest total and starts.",
        "P1: throw · roll 1 1 1 1 1",
    ]
    assert newest.attrs["data-value"] == str(match.cursor)
    model, _ = send(model, "replay-to", newest.attrs["data-value"])
    assert model.replays[Slot("generala")].ply == match.cursor


def test_the_start_throws_and_their_ties_stay_told_all_the_first_round() -> None:
    def told(match: Match) -> list[str]:
        model = Model(route=Route("game", "generala"), matches={Slot("generala"): match})
        return [p.text() for p in view(model).find_all(by_class("last-turn"))]

    match = Match.new(g, {"players": 3}, 0, (Seat("Ann"), Seat("Bob"), Seat("Zoé")))
    match = match.play_all([g.Throw(), Roll((3, 3, 2, 2, 2)), g.Throw(), Roll((4, 2, 2, 2, 2)), g.Throw(), Roll((6,) * 5)])
    assert match.state.phase == "start" and told(match) == []  # Ann and Bob tie on 12: they throw again
    match = match.play_all([g.Throw(), Roll((6, 5, 4, 3, 2)), g.Throw(), Roll((2, 2, 2, 2, 2))])
    line = "Who starts: Ann: 12, Bob: 12, Zoé: 30; tied, thrown again: Ann: 20, Bob: 10. Bob has the lowest total and starts."
    assert (match.state.seat, told(match)) == (1, [line])
    assert table.log_note(match, match.cursor, catalog("en")) == line
    match = match.play_all([g.Throw(), Roll((6, 6, 4, 2, 1)), g.Fill("6")])  # Bob's turn is over: Zoé plays
    assert told(match) == [line]
    for _ in range(2):  # Zoé and Ann end the first round
        match = match.play_all([g.Throw(), Roll((6, 6, 4, 2, 1)), g.Fill("6")])
    assert match.state.round == 2 and told(match) == []


def test_a_big_general_is_worth_a_word_in_the_log() -> None:
    match = with_dice(playing(players=1), ((), (4, 4, 4, 4, 4))).matches[Slot("generala")]
    assert table.log_note(match, match.cursor, catalog("en")) == "Big general!"


def test_with_all_five_dice_set_aside_the_throw_button_is_disabled_and_says_to_take_one_back() -> None:
    model = with_dice(playing(), ((), (6, 6, 4, 2, 1)))
    for index in range(5):
        model, _ = send(model, "generala:keep", index=str(index))
    [button] = view(model).find_all(lambda el: el.attrs.get("data-action") == "generala:throw")
    assert (button.text(), button.attrs["disabled"]) == ("Take a die back to throw again", True)
    after, effects = send(model, "generala:throw")
    assert after.matches == model.matches and effects == []
    model, _ = send(model, "generala:keep", index="4")
    [button] = view(model).find_all(lambda el: el.attrs.get("data-action") == "generala:throw")
    assert (button.text(), button.attrs.get("disabled", False)) == ("Throw again (2 left)", False)


def test_a_solo_game_ends_with_its_score_against_the_optimal_player_s_average() -> None:
    from etoile.games.generala import ai  # noqa: PLC0415 - the coach's own answer, as the worker gives it

    match = Match.new(g, {"players": 1}, 5, (Seat("Ann"),)).settled()
    while match.result is None:
        match = match.play(ai.choose(match.state, "easy")).settled()
    model = Model(route=Route("game", "generala"), matches={Slot("generala"): match})
    assert table.follow(model, match) == [fx.Advise(match.cursor, "par")]
    answer = ai.advise(match, "par").to_json()
    assert answer == {"expected": pytest.approx(156.19, abs=0.01)}
    model, _ = update(model, m.CoachAnswer(Slot("generala"), match.cursor, "par", answer))
    score = g.totals(match.state)[0]
    page = view(model)
    [title] = page.find_all(lambda el: el.attrs.get("id") == "result-title")
    assert title.text() == f"Ann finishes with {score} points" and not page.find_all(by_class("ranking"))
    [par] = page.find_all(by_class("par"))
    assert (
        par.text() == f"Your score is {156.19 - score:.1f} points below the optimal player's average under these rules (156.2)."
    )
    assert table.follow(model, match) == []  # asked once
    two = playing()
    assert table.follow(two, two.matches[Slot("generala")]) == []  # a game under way, or of several players: nothing to ask


@pytest.mark.parametrize(
    ("par", "said"),
    [
        (60.74, "Your score is 0.3 points above the optimal player's average under these rules (60.7)."),
        (61.04, "Your score equals the optimal player's average under these rules (61.0)."),
        (156.19, "Your score is 95.2 points below the optimal player's average under these rules (156.2)."),
    ],
)
def test_a_solo_score_is_said_above_below_or_level_with_the_optimal_player_s_average(par: float, said: str) -> None:
    match = Match.new(g, {"players": 1}, 7, (Seat("Zoé"),)).settled()
    while match.result is None:  # throw once, then fill the box worth most
        match = match.play(g.Throw()).settled()
        points = g.preview(match.state)
        match = match.play(g.Fill(max(g.open_boxes(match.state), key=lambda box: (points[box], -g.BOXES.index(box)))))
        match = match.settled()
    assert g.totals(match.state) == (61,)
    page = view(
        Model(
            route=Route("game", "generala"),
            matches={Slot("generala"): match},
            tables={Slot("generala"): table.Local(par=GeneralaPar(par))},
        )
    )
    [title] = page.find_all(lambda el: el.attrs.get("id") == "result-title")
    assert title.text() == "Zoé finishes with 61 points"
    assert [p.text() for p in page.find_all(by_class("par"))] == [said]


def test_the_dice_set_aside_since_the_last_throw_are_saved_and_read_back_at_that_position_only() -> None:
    model = with_dice(playing(), ((), (6, 6, 4, 2, 1)))
    model, effects = send(model, "generala:keep", index="1")
    assert effects == [fx.SaveSettings(), fx.SaveDraft(Slot("generala"))]  # the first die set aside: a pointer learned
    assert table.draft(model.tables[Slot("generala")]) == [1]
    match = model.matches[Slot("generala")]
    assert table.restore(match, [4, 1]) == table.Local(keep=(1, 4))
    assert [table.restore(match, bad) for bad in ([5], [0, 0], {}, [-1])] == [None] * 4
    assert table.restore(playing().matches[Slot("generala")], [0]) is None  # before the first throw of the turn


def test_with_other_players_the_coach_says_each_choice_s_chance_of_winning() -> None:
    model = with_dice(playing(), ((), (6, 6, 4, 2, 1)))
    ply = model.matches[Slot("generala")].cursor
    model, _ = send(model, "generala:hint")
    answer = [{"action": {"throw": [6, 6]}, "expected": 150.25, "chance": 0.4567}, {"action": {"throw": []}, "expected": 151.0}]
    model, _ = update(model, m.CoachAnswer(Slot("generala"), ply, "hint", answer))
    text = view(model).text()
    assert "Keep 6 6: chance of winning 45.7%, expected final score 150.2." in text
    assert "Throw all five again: expected final score 151.0." in text
    french = view(replace(model, settings=replace(model.settings, language="fr"))).text()
    assert "Garder 6 6\u00a0: chances de gagner 45,7\u00a0%, score final espéré 150,2." in french


def test_the_report_of_a_game_with_others_counts_decisions_by_the_chance_of_winning_they_cost() -> None:
    from etoile.games.generala import ai  # noqa: PLC0415 - the coach's own answer, as the worker gives it

    match = Match.new(g, {"players": 2}, 5, (Seat("Ann"), Seat("", "win"))).settled()
    while match.result is None:
        match = match.play(ai.choose(match.state, "easy" if match.state.seat == 0 else "win")).settled()
    model = Model(route=Route("game", "generala"), matches={Slot("generala"): match})
    model, effects = send(model, "generala:report")
    assert effects[-1] == fx.Advise(match.cursor, "report", Slot("generala"))
    answer = ai.advise(match, "report").to_json()
    model, _ = update(model, m.CoachAnswer(Slot("generala"), match.cursor, "report", answer))
    [counts] = answer["costs"].values()
    [section] = view(model).find_all(by_class("report"))
    text = section.text()
    none, small, medium, large = counts
    assert f"none {none}, under 1% {small}, 1 to 5% {medium}, over 5% {large}." in text
    assert "less chance of winning." in text and "expected points lost" not in text


@pytest.mark.parametrize(
    ("throws", "named"),
    [
        ((((), (3, 3, 3, 5, 5)),), "Full house!first throw"),
        ((((), (1, 2, 4, 5, 6)), ((1, 2, 4, 5), (3,))), "Straight!"),
        ((((), (2, 2, 2, 2, 6)),), "Four of a kind!first throw"),
        ((((), (2, 2, 2, 4, 6)), ((2, 2, 2), (2, 2))), "General!"),  # the rules count a general as a four, too
        ((((), (2, 2, 3, 4, 6)),), None),
    ],
)
def test_a_combination_made_is_named_on_the_table_as_the_dice_land(throws: tuple, named: str | None) -> None:
    page = view(with_dice(playing(), *throws))
    found = page.find_all(by_class("combination"))
    assert [el.text() for el in found] == ([] if named is None else [named])


def test_the_combination_s_name_leaves_with_the_throw_and_the_box_filled_is_written_with_a_stroke() -> None:
    model = with_dice(playing(), ((), (3, 3, 3, 5, 5)))
    model, _ = send(model, "generala:fill", box="full")
    page = view(model)
    assert page.find_all(by_class("combination")) == []
    written = page.find_all(by_class("written"))
    assert [el.text() for el in written] == ["35"]
    full = page.find_all(lambda el: el.attrs.get("data-box") == "full" and el.tag == "tr")[0]
    assert full.find_all(by_class("written")) == written  # in the full house's row, in the column of the player
    model, _ = send(model, "generala:throw")  # the next player's throw: nothing written any more
    assert view(model).find_all(by_class("written")) == []


def test_a_big_general_is_celebrated_with_a_burst_of_stars_hidden_from_screen_readers() -> None:
    page = view(with_dice(playing(), ((), (4, 4, 4, 4, 4))))
    celebration = page.find_all(by_class("celebration"))[0]
    burst = celebration.find_all(by_class("burst"))[0]
    assert burst.attrs["aria-hidden"] == "true" and len(burst.children) == 12
    assert page.find_all(by_class("combination")) == []  # the celebration says it


def test_the_rules_page_opens_with_a_box_of_each_kind_and_dice_that_score_in_it() -> None:
    page = view(Model(route=Route("rules", "generala"), browser_language="en"))
    boxes = page.find_all(lambda el: "glance-boxes" in str(el.attrs.get("class", "")))[0]
    rows = [[el.text() for el in row.children] for row in boxes.children]
    assert [(row[0], row[2]) for row in rows] == [
        ("Sixes", "18 points"),
        ("Straight", "20 points, 25 on the first throw"),
        ("Full house", "30 points, 35 on the first throw"),
        ("Four", "40 points, 45 on the first throw"),
        ("General", "60 points"),
    ]


def test_a_die_slides_between_the_tray_and_the_table_under_one_name_till_the_next_throw_names_them_anew() -> None:
    model = with_dice(playing(), ((), (6, 6, 4, 2, 1)))

    def names(model: Model) -> list[str]:
        return [d.attrs["data-glide"] for d in view(model).find_all(by_class("die"))]

    before = names(model)
    model, _ = send(model, "generala:keep", index="1")  # set aside: the same die, to slide up into the tray
    assert names(model) == before and len(set(before)) == 5
    model, _ = send(model, "generala:throw")  # a throw draws the dice anew: nothing slides
    assert set(names(model)).isdisjoint(before)
