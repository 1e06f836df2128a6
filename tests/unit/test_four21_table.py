"""The 421 table, without a browser, with the dice each test states."""

from __future__ import annotations

from dataclasses import dataclass, replace

from etoile.app import effects as fx
from etoile.app import messages as m
from etoile.app.effects import Effect
from etoile.app.model import Model
from etoile.app.routes import Route
from etoile.app.update import update
from etoile.engine.dice import Roll
from etoile.engine.match import Match, Seat
from etoile.engine.rng import Dice
from etoile.engine.slot import Slot
from etoile.games.four21 import rules as g
from etoile.games.four21 import table
from etoile.games.four21.coach import Four21Advice
from etoile.saved.settings import Settings
from etoile.ui.dice import throws
from etoile.ui.i18n import Catalog, catalog
from etoile.ui.runtime import events
from etoile.ui.vdom import El
from etoile.ui.views import view


@dataclass(frozen=True, slots=True)
class Loaded:
    """Dice that come down showing the faces a test states, throw after throw: they stand in for the generator a
    match draws its throws from (its seed's), and like it, answer ``roll(count)`` with the faces and what is left."""

    throws: tuple[str, ...]

    def roll(self, count: int) -> tuple[tuple[int, ...], Loaded]:
        assert self.throws, "the test stated no more throws"
        faces = tuple(int(c) for c in self.throws[0])
        assert len(faces) == count, f"a throw of {count} dice cannot show {self.throws[0]}"
        return faces, Loaded(self.throws[1:])


def led(*throws: str, seats: tuple[Seat, ...] = (Seat("Ann"), Seat("Bob")), **settings: object) -> Model:
    """A two-player game after the who-starts throws (Ann a 1, Bob a 3: Ann leads); the next throws show ``throws``."""
    match = Match.new(g, {"players": len(seats)}, 0, seats)
    match = match.play_all([g.Throw(), Roll((1,)), g.Throw(), Roll((3,))])
    assert match.state.leader == 0 and match.state.phase == "charge"
    match = replace(match, dice=(*match.dice[:-1], Loaded(throws)))
    return Model(route=Route("game", "421"), matches={Slot("421"): match}, settings=Settings(**settings))


def send(model: Model, action: str, value: str | bool | None = None, **data: str) -> tuple[Model, list[Effect]]:
    msg = events.decode(action, value, {"game": "421", **data})
    assert msg is not None, f"{action} {value} {data} makes no message"
    return update(model, msg)


def state(model: Model) -> g.State:
    return model.matches[Slot("421")].state


def dice_buttons(model: Model) -> list[El]:
    """The dice on the table, as drawn, left to right."""
    return view(model).find_all(lambda el: el.attrs.get("data-action") == "421:keep")


def test_dice_are_set_aside_between_throws_and_the_kept_ones_are_drawn_first() -> None:
    model, _ = send(led("412", "6"), "421:keep", index="0")
    assert model.tables.get(Slot("421")) in (None, table.Local())  # nothing to set aside before the first throw
    model, effects = send(model, "421:throw")
    assert state(model).dice == (4, 2, 1) and fx.Sound("dice") in effects
    model, _ = send(model, "421:keep", index="0")
    model, _ = send(model, "421:keep", index="2")
    assert model.tables[Slot("421")].keep == (0, 2)  # places: the 4 and the 1
    assert [b.attrs["aria-pressed"] for b in dice_buttons(model)] == ["true", "false", "true"]
    model, _ = send(model, "421:throw")
    assert (state(model).dice, state(model).kept, state(model).throws) == ((4, 1, 6), (4, 1), 2)
    # The kept 4 and 1 are drawn first, set aside; the 6 that was just thrown shakes.
    buttons = dice_buttons(model)
    assert [b.attrs["aria-label"] for b in buttons] == [
        "Die showing 4, set aside",
        "Die showing 1, set aside",
        "Die showing 6, to throw",
    ]
    assert [b.attrs["class"] for b in buttons] == ["die kept", "die kept", f"die roll-{throws(model.matches[Slot('421')]) % 2}"]


def test_the_dice_thrown_again_shake_again() -> None:
    model, _ = send(led("421", "6"), "421:throw")
    first = dice_buttons(model)[2].attrs["class"]
    model, _ = send(model, "421:keep", index="0")
    model, _ = send(model, "421:keep", index="1")
    model, _ = send(model, "421:throw")  # the 1 thrown again
    second = dice_buttons(model)[2].attrs["class"]
    assert first.startswith("die roll-") and second.startswith("die roll-")
    assert first != second  # a new animation name restarts the shake on the patched button


def test_a_die_set_aside_can_be_taken_back_before_the_next_throw() -> None:
    model, _ = send(led("441", "6", "5"), "421:throw")
    model, _ = send(model, "421:keep", index="0")
    model, _ = send(model, "421:keep", index="1")
    model, _ = send(model, "421:throw")  # both 4s kept, the 1 thrown again: a 6
    assert (state(model).dice, state(model).kept, model.tables[Slot("421")].keep) == ((4, 4, 6), (4, 4), None)
    assert [b.attrs["aria-pressed"] for b in dice_buttons(model)] == ["true", "true", "false"]
    model, _ = send(model, "421:keep", index="0")  # take the first 4 back, keep the 6
    model, _ = send(model, "421:keep", index="2")
    assert model.tables[Slot("421")].keep == (1, 2)
    model, _ = send(model, "421:throw")  # keep the 4 and the 6, throw the other 4: a 5, and the third throw stands
    assert g.Throw((6, 4)) in model.matches[Slot("421")].actions
    assert (state(model).hands[0], state(model).seat, state(model).limit) == ((6, 5, 4), 1, 3)


def test_the_leader_may_stand_and_fixes_the_others_throws() -> None:
    model, _ = send(led("421"), "421:throw")
    assert "Stand" in view(model).text()
    model, _ = send(model, "421:stop")
    assert state(model).seat == 1 and state(model).limit == 1
    assert state(model).hands[0] == (4, 2, 1)


def test_a_hand_stands_by_itself_after_the_last_allowed_throw() -> None:
    model, _ = send(led("421", "643"), "421:throw")
    model, _ = send(model, "421:stop")
    model, _ = send(model, "421:throw")  # Bob's one and only throw ends the turn
    [turn] = state(model).turns
    assert (turn.best, turn.worst, turn.amount) == (0, 1, 10)
    assert view(model).find_all(lambda el: el.attrs.get("class") == "last-turn")[0].text() == (
        "Ann has the best hand, 421 (four-two-one), worth 10: Bob, worst with 643, takes 10 tokens."
    )


def first_turn_played() -> Model:
    """Ann throws 421 and stands, Bob throws 643 and his one throw ends the turn; 555 comes next."""
    model, _ = send(led("421", "643", "555", "221", "421", "643"), "421:throw")
    model, _ = send(model, "421:stop")
    model, _ = send(model, "421:throw")
    return model


def test_the_table_shows_the_pot_the_tokens_and_the_hands() -> None:
    model = first_turn_played()
    page = view(model)
    pot = page.find_all(lambda el: el.attrs.get("class") == "pot")[0]
    assert (
        pot.find_all(lambda el: el.attrs.get("aria-label", "").startswith("The pot"))[0].attrs["aria-label"]
        == "The pot holds 1 token"
    )
    bob = page.find_all(lambda el: el.attrs.get("data-seat") == "1")[0]
    assert discs(bob) == {"token arriving": 10}  # the 10 tokens Bob took fly in
    assert discs(pot) == {"token": 1, "token leaving": 10}  # and fly off the pot
    assert "Last turn: 643" in bob.text()

    model, _ = send(model, "421:throw")  # the next turn: the tokens of the last one stay put
    page = view(model)
    assert state(model).dice == (5, 5, 5)
    assert discs(page.find_all(lambda el: el.attrs.get("data-seat") == "1")[0]) == {"token": 10}
    assert discs(page.find_all(lambda el: el.attrs.get("class") == "pot")[0]) == {"token": 1}


def test_the_seats_go_round_the_pot_clockwise_and_each_player_s_tokens_lie_on_their_star() -> None:
    seats = tuple(Seat(name) for name in ("Ann", "Bob", "Chloé", "Dan", "Eve"))
    match = Match.new(g, {"players": 5}, 0, seats)
    page = view(Model(route=Route("game", "421"), matches={Slot("421"): match}))
    felt = page.find_all(lambda el: el.attrs.get("class") == "felt")[0]
    assert felt.attrs["style"] == "--across: 3"
    places = {row.attrs["data-seat"]: row.attrs["style"] for row in felt.find_all(lambda el: el.tag == "li")}
    # Along the top from left to right, back along the bottom from right to left.
    assert places == {
        "0": "grid-area: 1 / 1",
        "1": "grid-area: 1 / 2",
        "2": "grid-area: 1 / 3",
        "3": "grid-area: 3 / 3",
        "4": "grid-area: 3 / 2",
    }
    stars = felt.find_all(lambda el: el.attrs.get("class") == "star-under")
    assert len(stars) == 5  # one under each player's tokens, none under the pot's
    pot = felt.find_all(lambda el: el.attrs.get("class") == "pot")[0]
    assert pot.find_all(lambda el: el.attrs.get("class") == "star-under") == []
    assert discs(pot) == {"token": 11}


def test_tokens_fly_from_the_pot_to_the_taker_and_from_the_giver_to_the_taker() -> None:
    model = first_turn_played()
    bob = view(model).find_all(lambda el: el.attrs.get("data-seat") == "1")[0]
    flying = {el.attrs.get("data-fly-from") for el in bob.find_all(lambda el: "arriving" in str(el.attrs.get("class")))}
    assert flying == {".pot .pile"}
    model, _ = send(model, "421:throw")  # Bob, who took the tokens, leads: he stands on 555
    model, _ = send(model, "421:stop")
    model, _ = send(model, "421:throw")  # Ann's 221 takes the last token: the unload begins, Ann leads
    assert state(model).phase == "decharge" and state(model).held == (1, 10)
    model, _ = send(model, "421:throw")  # Ann's 421
    model, _ = send(model, "421:stop")
    model, _ = send(model, "421:throw")  # Bob's 643: Ann gives her last token to Bob
    assert state(model).held == (0, 11)
    page = view(model)
    bob = page.find_all(lambda el: el.attrs.get("data-seat") == "1")[0]
    flying = {el.attrs.get("data-fly-from") for el in bob.find_all(lambda el: "arriving" in str(el.attrs.get("class")))}
    assert flying == {".player[data-seat='0'] .pile"}
    ann = page.find_all(lambda el: el.attrs.get("data-seat") == "0")[0]
    assert discs(ann) == {"token leaving": 1}  # over a star now all shown: Ann won
    assert "won" in ann.attrs["class"]


def discs(el: El) -> dict[str, int]:
    """How many token discs of each kind ``el`` shows."""
    found: dict[str, int] = {}
    for disc in el.find_all(lambda e: str(e.attrs.get("class", "")).startswith("token") and e.tag == "span"):
        if disc.attrs["class"] in ("token", "token arriving", "token leaving"):
            found[disc.attrs["class"]] = found.get(disc.attrs["class"], 0) + 1
    return found


def test_computer_seats_are_not_played_by_hand() -> None:
    model = led(seats=(Seat("", "expert"), Seat("Bob")))
    after, effects = send(model, "421:throw")
    assert after.matches == model.matches and effects == []


def test_the_coach_asks_for_advice_and_shows_it_for_this_position_only() -> None:
    model, effects = send(led("421", coach=True), "421:throw")
    ply = model.matches[Slot("421")].cursor
    assert fx.Advise(ply, "advice", Slot("421")) in effects
    advice = {"keep": [], "stop": True, "escape": 0.995, "best": 0.9}
    stale, _ = update(model, m.CoachAnswer(Slot("421"), ply - 1, "advice", advice))
    assert stale.tables[Slot("421")].advice is None
    model, _ = update(model, m.CoachAnswer(Slot("421"), ply, "advice", advice))
    chances = "If you follow it: 99.5% chance of not ending the turn with the worst hand, 90% chance of ending with the best."
    assert "The expert would stand. " + chances in view(model).text()
    assert [b.attrs.get("data-hint") for b in dice_buttons(model)] == [None, None, None]


def test_the_coach_names_the_faces_to_keep_and_outlines_the_dice_showing_them() -> None:
    model, _ = send(led("141", coach=True), "421:throw")
    assert state(model).dice == (4, 1, 1)
    ply = model.matches[Slot("421")].cursor
    advice = {"keep": [1, 1], "stop": False, "escape": 0.5, "best": 0.25}
    model, _ = update(model, m.CoachAnswer(Slot("421"), ply, "advice", advice))
    assert "The expert would keep 1 1." in view(model).text()
    # The faces of the advice, mapped to the places of the dice drawn: the two 1s, not the 4.
    assert [b.attrs.get("data-hint") for b in dice_buttons(model)] == [None, "keep", "keep"]


def test_switching_the_coach_on_is_saved_and_asks_at_once() -> None:
    model, _ = send(led("421"), "421:throw")
    model, effects = update(model, m.SetCoach(True))
    assert model.settings.coach
    assert effects == [
        fx.SaveSettings(),
        fx.Advise(model.matches[Slot("421")].cursor, "advice", Slot("421")),
    ]


def test_the_status_says_who_plays_and_how_many_throws_are_left() -> None:
    model = led("421")
    assert table.status(model.matches[Slot("421")], _catalog()) == "Load · Ann leads: throw 1 to 3 times (0 so far)."
    model, _ = send(model, "421:throw")
    throw_again = view(model).find_all(lambda el: el.attrs.get("data-action") == "421:throw")[0]
    assert throw_again.text() == "Throw again (2 left)"
    model, _ = send(model, "421:stop")
    assert table.status(model.matches[Slot("421")], _catalog()) == "Load · Bob to play: at most 1 throw (0 so far)."


def _catalog() -> Catalog:
    return catalog("en")


def test_a_click_on_a_turn_of_the_log_replays_the_game_to_the_end_of_that_turn() -> None:
    match = Match.new(g, {"players": 2}, 0, (Seat("Ann"), Seat("Bob")))
    match = replace(match, dice=(Loaded(("1", "3", "421", "643", "421", "643")),))
    model = Model(route=Route("game", "421"), matches={Slot("421"): match})
    while len(model.matches[Slot("421")].state.turns) < 2:
        state_ = model.matches[Slot("421")].state
        action = g.Stop() if g.Stop() in g.legal_actions(state_) else g.legal_actions(state_)[0]
        model, _ = update(model, m.Play(g.action_to_json(action), "421"))
    match = model.matches[Slot("421")]
    assert [(turn.best, turn.worst) for turn in match.state.turns] == [(0, 1), (1, 0)]
    summaries = [
        "Bob has the best hand, 421 (four-two-one), worth 10: Ann, worst with 643, takes 1 token.",
        "Ann has the best hand, 421 (four-two-one), worth 10: Bob, worst with 643, takes 10 tokens.",
    ]
    entries = view(model).find_all(lambda el: el.attrs.get("class") == "log-entry")
    # The log's lines that end a turn say what it did, newest first.
    turn_lines = [e for e in entries if e.text().endswith(tuple(summaries))]
    assert [e.text().endswith(line) for e, line in zip(turn_lines, summaries, strict=True)] == [True, True]
    ends = [int(e.attrs["data-value"]) for e in turn_lines]
    assert len(ends) == 2 and ends[0] > ends[1]  # newest first
    assert [len(match.states[end].turns) for end in ends] == [2, 1] and len(match.states[ends[1] - 1].turns) == 0
    model, _ = update(model, m.ReplayTo(ends[1], "421"))
    assert model.replays[Slot("421")].ply == ends[1]


def test_the_log_reads_like_a_score_sheet_in_the_player_s_language() -> None:
    match = Match.new(g, {"players": 2}, 0, (Seat("Ann"), Seat("Bob")))
    match = match.play_all([g.Throw(), Roll((1,)), g.Throw(), Roll((3,))])  # Ann leads
    match = match.play_all([g.Throw(), Roll((6, 4, 1)), g.Throw((4, 1)), Roll((2,)), g.Stop()])
    match = match.play_all([g.Throw(), Roll((6, 5, 3)), g.Stop()])
    lines = {
        "en": [
            "Bob: throw · roll 6 5 3 · stop — "
            "Ann has the best hand, 421 (four-two-one), worth 10: Bob, worst with 653, takes 10 tokens.",
            "Ann: throw · roll 6 4 1 · keep 4 1 · roll 2 · stop",
            "Bob: throw · roll 3 — Who starts: Ann: 1, Bob: 3. Ann has the best die and leads.",
            "Ann: throw · roll 1",
        ],
        "fr": [
            "Bob\u00a0: lance · obtient 6 5 3 · s’arrête — "
            + catalog("fr")(
                "four21.summary.charge",
                best="Ann",
                best_hand="421 (quatre cent vingt et un)",
                value=10,
                worst="Bob",
                worst_hand="653",
                count=10,
            ),
            "Ann\u00a0: lance · obtient 6 4 1 · garde 4 1 · obtient 2 · s’arrête",
            "Bob\u00a0: lance · obtient 3 — Qui commence\u00a0: Ann\u00a0: 1, Bob\u00a0: 3. Ann a le meilleur dé et mène.",
            "Ann\u00a0: lance · obtient 1",
        ],
    }
    for lang, expected in lines.items():
        model = Model(route=Route("game", "421"), matches={Slot("421"): match}, settings=Settings(language=lang))
        entries = view(model).find_all(lambda el: el.attrs.get("class") == "log-entry")
        assert [e.text() for e in entries] == expected


def controls_of(model: Model) -> list[tuple[str | None, str, bool]]:
    """The table's buttons under the dice: their action, their text, and whether they are disabled."""
    buttons = view(model).find_all(lambda el: el.tag == "button" and el.attrs.get("data-game") == "421")
    ours = [b for b in buttons if b.attrs.get("data-action") in (None, "421:throw", "421:stop")]
    return [(b.attrs.get("data-action"), b.text(), bool(b.attrs.get("disabled"))) for b in ours]


def test_with_all_three_dice_set_aside_the_throw_button_becomes_stand_or_says_to_take_one_back() -> None:
    model, _ = send(led("421"), "421:throw")
    for index in ("0", "1", "2"):
        model, _ = send(model, "421:keep", index=index)
    assert controls_of(model) == [("421:stop", "Stand", False)]
    model, _ = send(model, "421:keep", index="2")
    assert controls_of(model) == [("421:throw", "Throw again (2 left)", False), ("421:stop", "Stand", False)]
    # With "exactly", a follower may not stand before the leader's number of throws: the button says why it waits.
    exactly = Match.new(g, {"players": 2, "throw_limit": "exactly"}, 0, (Seat("Ann"), Seat("Bob")))
    exactly = exactly.play_all([g.Throw(), Roll((1,)), g.Throw(), Roll((3,))])
    exactly = exactly.play_all([g.Throw(), Roll((6, 4, 1)), g.Throw(), Roll((5, 3, 2)), g.Stop()])
    exactly = exactly.play_all([g.Throw(), Roll((6, 6, 6))])
    model = Model(route=Route("game", "421"), matches={Slot("421"): exactly})
    for index in ("0", "1", "2"):
        model, _ = send(model, "421:keep", index=index)
    assert controls_of(model) == [(None, "Take a die back to throw again", True)]


def test_the_coach_switch_stays_in_its_place_during_the_computer_s_turn() -> None:
    def switches(model: Model) -> list[El]:
        return view(model).find_all(lambda el: el.attrs.get("data-action") == "set-coach")

    model = led(seats=(Seat("Ann"), Seat("", "expert")), coach=True)
    assert len(switches(model)) == 1
    computer = Match.new(g, {"players": 2}, 0, (Seat("", "expert"), Seat("Bob")))
    computer = computer.play_all([g.Throw(), Roll((1,)), g.Throw(), Roll((3,))])  # the computer leads
    during = Model(route=Route("game", "421"), matches={Slot("421"): computer}, settings=Settings(coach=True))
    assert computer.computer_to_move == 0 and len(switches(during)) == 1
    assert not view(during).find_all(lambda el: el.attrs.get("class") == "coach")  # no advice for the computer


def test_the_throws_that_decided_who_starts_stay_on_the_table_until_the_first_turn_ends() -> None:
    def last_turn(model: Model) -> list[str]:
        return [p.text() for p in view(model).find_all(lambda el: el.attrs.get("class") == "last-turn")]

    match = Match.new(g, {"players": 3}, 0, (Seat("Ann"), Seat("Bob"), Seat("Zoé")))
    match = match.play_all([g.Throw(), Roll((5,)), g.Throw(), Roll((5,)), g.Throw(), Roll((2,))])  # Ann and Bob tie
    assert last_turn(Model(route=Route("game", "421"), matches={Slot("421"): match})) == []
    match = match.play_all([g.Throw(), Roll((4,)), g.Throw(), Roll((1,))])  # Bob's 1 beats Ann's 4
    model = Model(route=Route("game", "421"), matches={Slot("421"): match})
    assert last_turn(model) == [
        "Who starts: Ann: 5, Bob: 5, Zoé: 2; tied, thrown again: Ann: 4, Bob: 1. Bob has the best die and leads."
    ]
    match = match.play_all([g.Throw(), Roll((4, 2, 1)), g.Stop()])
    assert last_turn(Model(route=Route("game", "421"), matches={Slot("421"): match})) == last_turn(model)  # until the turn ends


def test_a_tie_for_the_worst_hand_is_told_with_every_throw_that_settled_it() -> None:
    match = Match.new(g, {"players": 2}, 0, (Seat("Ann"), Seat("Bob")))
    match = match.play_all([g.Throw(), Roll((1,)), g.Throw(), Roll((3,))])  # Ann leads
    match = match.play_all([g.Throw(), Roll((6, 5, 3)), g.Stop(), g.Throw(), Roll((6, 5, 3)), g.Stop()])  # tied
    assert "Tie for the worst hand" in table.status(match, catalog("en"))
    match = match.play_all([g.Throw(), Roll((6, 4, 2)), g.Throw(), Roll((6, 5, 2))])  # Ann's 642 is the worse
    [line] = [
        p.text()
        for p in view(Model(route=Route("game", "421"), matches={Slot("421"): match})).find_all(
            lambda el: el.attrs.get("class") == "last-turn"
        )
    ]
    assert line == (
        "Tie for the worst hand, thrown off: Ann: 642, Bob: 652. "
        + catalog("en")("four21.summary.charge", best="Bob", best_hand="653", value=1, worst="Ann", worst_hand="653", count=1)
    )


def test_the_end_of_a_game_ranks_every_player_by_their_tokens() -> None:
    state = g.start({"players": 3})
    over = replace(state, phase="over", seat=None, pot=0, held=(0, 9, 2), out=((0,),))
    match = Match(g, {"players": 3}, 0, (), (over,), 0, (Seat("Ann"), Seat("Bob"), Seat("Zoé")), (Dice(0),))
    page = view(Model(route=Route("game", "421"), matches={Slot("421"): match}))
    [ranking] = page.find_all(lambda el: el.attrs.get("class") == "ranking")
    places = [(li.attrs["value"], li.text()) for li in ranking.children if isinstance(li, El)]
    # Ann won; the others follow by the tokens they hold, fewest first.
    assert places == [("1", "Ann: 0 tokens"), ("2", "Zoé: 2 tokens"), ("3", "Bob: 9 tokens")]


def test_the_dice_set_aside_since_the_last_throw_are_saved_and_read_back_at_that_position_only() -> None:
    model, _ = send(led("641"), "421:throw")
    model, effects = send(model, "421:keep", index="2")
    assert effects == [fx.SaveSettings(), fx.SaveDraft(Slot("421"))]  # the first die set aside: a pointer learned
    local = model.tables[Slot("421")]
    assert table.draft(local) == [2] and table.draft(table.start(model.matches[Slot("421")])) is None
    match = model.matches[Slot("421")]
    assert table.restore(match, [2]) == table.Local(keep=(2,))
    assert [table.restore(match, bad) for bad in ([3], [1, 1], "2", [True], None)] == [None] * 5
    before_throw = Match.new(g, {"players": 2}, 0, (Seat("Ann"), Seat("Bob")))
    assert table.restore(before_throw, [0]) is None  # nothing to set aside before the first throw


def test_the_coach_gives_the_chances_of_each_choice_the_expert_s_own_marked() -> None:
    model, _ = send(led("141", coach=True), "421:throw")
    ply = model.matches[Slot("421")].cursor
    choices = [[None, 0.25, 0.5], [[1, 1], 0.125, 0.375], [[1], 0.5, 0.125], [[], 0.75, 0.0625]]
    advice = {"keep": [1, 1], "stop": False, "escape": 0.875, "best": 0.375, "choices": choices}
    model, _ = update(model, m.CoachAnswer(Slot("421"), ply, "advice", advice))
    folded = view(model).find_all(lambda el: el.attrs.get("class") == "coach-choices")
    assert len(folded) == 1 and folded[0].find_all(lambda el: el.tag == "summary")[0].text() == "Your chances with each choice"
    lines = [(li.text(), li.attrs.get("class")) for li in folded[0].find_all(lambda el: el.tag == "li")]
    assert lines == [
        ("Stand: 25% chance of ending the turn with the worst hand", None),
        ("Keep 1 1: 12.5% chance of ending the turn with the worst hand", "expert"),
        ("Keep 1: 50% chance of ending the turn with the worst hand", None),
        ("Throw all three: 75% chance of ending the turn with the worst hand", None),
    ]
    decharge = table.coach_choices(Four21Advice.from_json(advice), True, _catalog())  # in the décharge
    assert decharge is not None
    texts = [li.text() for li in decharge.find_all(lambda el: el.tag == "li" and el.attrs.get("class") == "expert")]
    assert texts == ["Keep 1 1: 37.5% chance of giving tokens, 12.5% chance of taking them"]


def tip(model: Model) -> list[str]:
    """The first game's pointer the table shows, if any."""
    return [
        el.find_all(lambda e: e.tag == "p")[0].text() for el in view(model).find_all(lambda el: el.attrs.get("class") == "tip")
    ]


def test_a_first_game_points_at_the_throw_then_at_setting_a_die_aside_then_at_what_a_hand_is_worth() -> None:
    model = led("412", "62")
    assert tip(model) == [
        "You lead this turn: throw the three dice. You may throw up to three times, and the number of throws you use"
        " binds the other players."
    ]
    model, _ = send(model, "421:throw")
    assert tip(model) == [
        "Click a die to set it aside, then throw the others again, or stand on your hand. Click a die set aside to take it back."
    ]
    model, effects = send(model, "421:keep", index="0")
    assert fx.SaveSettings() in effects and model.settings.learned == ("four21.tip.lead", "four21.tip.keep")
    assert tip(model) == [
        "Your hand, 421, is worth 10 tokens. At the end of the turn, the worst hand takes as many tokens as the best hand is"
        " worth."
    ]
    fr = replace(led("412", coach=False), settings=Settings(language="fr", learned=("four21.tip.lead",)))
    fr, _ = send(fr, "421:throw")
    assert tip(fr) == [
        "Cliquez sur un dé pour le mettre de côté, puis relancez les autres, ou arrêtez-vous sur votre combinaison. Cliquez"
        " sur un dé mis de côté pour le reprendre."
    ]


def test_each_player_row_labels_its_tokens_and_its_hand() -> None:
    model = first_turn_played()
    page = view(model)
    rows = {
        row.attrs["data-seat"]: [
            el.text()
            for el in row.find_all(lambda el: el.attrs.get("class") in ("token-count", "token-unit", "hand", "hand previous"))
        ]
        for row in page.find_all(lambda el: el.attrs.get("class", "").startswith("player") and el.tag == "li")
    }
    # The turn is over: each row shows the hand it ended with, till the next throw.
    assert rows == {"0": ["0", "tokens", "Last turn: 421 (four-two-one)"], "1": ["10", "tokens", "Last turn: 643"]}
    pot = page.find_all(lambda el: el.attrs.get("class") == "pot")[0]
    assert [el.text() for el in pot.find_all(lambda el: el.attrs.get("class") in ("token-count", "token-unit"))] == [
        "1",
        "token",
    ]
    model, _ = send(model, "421:throw")
    model, _ = send(model, "421:stop")  # Bob, who took the tokens, leads the next turn and stands on 555
    hands = view(model).find_all(lambda el: el.attrs.get("class") in ("hand", "hand previous"))
    assert [el.text() for el in hands] == ["This turn: —", "This turn: 555 (three 5s)"]


def test_the_coach_s_chances_say_what_they_are_the_chances_of() -> None:
    model, _ = send(led("421", coach=True), "421:throw")
    ply = model.matches[Slot("421")].cursor
    advice = {"keep": [], "stop": True, "escape": 0.904, "best": 0.0}
    model, _ = update(model, m.CoachAnswer(Slot("421"), ply, "advice", advice))
    assert (
        "If you follow it: 90.4% chance of not ending the turn with the worst hand, 0% chance of ending with the best."
        in view(model).text()
    )


def test_the_rules_page_opens_with_the_hands_drawn_as_dice_and_the_star_under_the_tokens() -> None:
    page = view(Model(route=Route("rules", "421"), browser_language="en"))
    glance = page.find_all(lambda el: el.attrs.get("class") == "glance")[0]
    ranking = glance.find_all(lambda el: el.attrs.get("class") == "glance-ranking")[0]
    rows = ranking.find_all(lambda el: el.attrs.get("class") == "glance-row")
    worth = [row.find_all(lambda el: el.attrs.get("class") == "glance-worth")[0].text() for row in rows]
    tokens = ["10 tokens", "7 tokens", "6 tokens", "5 tokens", "4 tokens", "3 tokens", "2 tokens", "2 tokens", "1 token"]
    assert worth == [*tokens, "the worst"]
    faces = [len(row.find_all(lambda el: el.attrs.get("class") == "die-face")) for row in rows]
    assert faces == [3, 3, 6, 6, 6, 6, 6, 6, 6, 3]
    star = glance.find_all(lambda el: el.attrs.get("class") == "glance-star")[0]
    assert [len(pile.find_all(lambda el: el.attrs.get("class") == "token")) for pile in star.children if pile.tag == "span"][
        ::2
    ] == [5, 0]


def test_the_newest_who_starts_throw_tumbles_in_and_the_earlier_ones_lie_still() -> None:
    match = Match.new(g, {"players": 3}, 0, (Seat("Ann"), Seat("Bob"), Seat("Chloé")))
    match = match.play_all([g.Throw(), Roll((4,)), g.Throw(), Roll((2,))])
    model = Model(route=Route("game", "421"), matches={Slot("421"): match})
    rows = view(model).find_all(lambda el: el.attrs.get("class") == "mini-dice")
    tumbling = [[d.attrs["class"] for d in row.children if d.tag == "span"] for row in rows]
    assert tumbling == [[], [f"die roll-{throws(match) % 2}"]]  # Bob's die, thrown just now
    assert [row.attrs["aria-label"] for row in rows] == ["4", "2"]
