"""The 421 table, without a browser."""

from etoile.app import update
from etoile.games import four21 as g
from etoile.i18n import Catalog, catalog
from etoile.match import Match, Seat
from etoile.model import CoachAnswer, Effect, Model, Msg
from etoile.routes import Route
from etoile.settings import Settings
from etoile.ui.tables import four21 as table
from etoile.ui.views import view

SEED = 2  # Ann (seat 0) leads the first turn and throws 4-1-2, then Bob throws 4-3-6


def led(seats: tuple[Seat, ...] = (Seat("Ann"), Seat("Bob")), **settings: object) -> Model:
    """A two-player game after the who-starts throws, Ann to lead."""
    match = Match.new(g, {"players": len(seats)}, SEED, seats)
    while match.state.phase == "start":
        match = match.play(g.Throw())
    assert match.state.leader == 0
    return Model(route=Route("game", "421"), matches={"421": match}, settings=Settings(**settings))


def send(model: Model, action: str, value: object = None, **data: str) -> tuple[Model, list[Effect]]:
    return update(model, Msg(action, value, {"game": "421", **data}))


def state(model: Model) -> g.State:
    return model.matches["421"].state


def test_dice_are_set_aside_between_throws_and_stay_in_place() -> None:
    model, _ = send(led(), "421:keep", index="0")
    assert model.tables.get("421") in (None, table.Local())
    model, effects = send(model, "421:throw")
    assert state(model).dice == (4, 1, 2) and effects[0] == Effect("sound", {"name": "dice"})
    model, _ = send(model, "421:keep", index="0")
    model, _ = send(model, "421:keep", index="2")
    assert model.tables["421"].keep == (0, 2)
    model, _ = send(model, "421:throw")
    assert state(model).dice[0] == 4 and state(model).dice[2] == 2 and state(model).throws == 2


def test_the_leader_may_stand_and_fixes_the_others_throws() -> None:
    model, _ = send(led(), "421:throw")
    assert "Stand" in view(model).text()
    model, _ = send(model, "421:stop")
    assert state(model).seat == 1 and state(model).limit == 1
    assert state(model).hands[0] == (4, 2, 1)


def test_a_hand_stands_by_itself_after_the_last_allowed_throw() -> None:
    model, _ = send(led(), "421:throw")
    model, _ = send(model, "421:stop")
    model, _ = send(model, "421:throw")  # Bob's one and only throw ends the turn
    [turn] = state(model).turns
    assert (turn.best, turn.worst, turn.amount) == (0, 1, 10)
    assert view(model).find_all(lambda el: el.attrs.get("class") == "last-turn")[0].text() == (
        "Ann's 421 (four-two-one) is worth 10: Bob, worst with 643, takes 10 tokens."
    )


def test_the_table_shows_the_pot_the_tokens_and_the_hands() -> None:
    model, _ = send(led(), "421:throw")
    model, _ = send(model, "421:stop")
    model, _ = send(model, "421:throw")
    page = view(model)
    pot = page.find_all(lambda el: el.attrs.get("class") == "pot")[0]
    assert (
        pot.find_all(lambda el: el.attrs.get("aria-label", "").startswith("The pot"))[0].attrs["aria-label"]
        == "The pot holds 1 token"
    )
    bob = page.find_all(lambda el: el.attrs.get("data-seat") == "1")[0]
    assert discs(bob) == {"token arriving": 10}  # the 10 tokens Bob took fly in
    assert discs(pot) == {"token": 1, "token leaving": 10}  # and fly off the pot
    assert "643" in bob.text()

    model, _ = send(model, "421:throw")  # the next turn: the tokens of the last one stay put
    page = view(model)
    assert discs(page.find_all(lambda el: el.attrs.get("data-seat") == "1")[0]) == {"token": 10}
    assert discs(page.find_all(lambda el: el.attrs.get("class") == "pot")[0]) == {"token": 1}


def discs(el) -> dict[str, int]:
    """How many token discs of each kind ``el`` shows."""
    found: dict[str, int] = {}
    for disc in el.find_all(lambda e: str(e.attrs.get("class", "")).startswith("token") and e.tag == "span"):
        if disc.attrs["class"] in ("token", "token arriving", "token leaving"):
            found[disc.attrs["class"]] = found.get(disc.attrs["class"], 0) + 1
    return found


def test_computer_seats_are_not_played_by_hand() -> None:
    model = led((Seat("", "expert"), Seat("Bob")))
    after, effects = send(model, "421:throw")
    assert after.matches == model.matches and effects == []


def test_the_coach_asks_for_advice_and_shows_it_for_this_position_only() -> None:
    model, effects = send(led(coach=True), "421:throw")
    ply = model.matches["421"].cursor
    assert Effect("advise", {"game": "421", "ply": ply, "request": "advice"}) in effects
    advice = {"keep": [0, 1, 2], "stop": True, "escape": 0.995, "best": 0.9}
    stale, _ = send(model, "421:advice", CoachAnswer(ply - 1, "advice", advice))
    assert stale.tables["421"].advice is None
    model, _ = send(model, "421:advice", CoachAnswer(ply, "advice", advice))
    assert "The expert would stand. Chance of escaping the worst hand: 100% · of the best hand: 90%." in view(model).text()


def test_switching_the_coach_on_is_saved_and_asks_at_once() -> None:
    model, _ = send(led(), "421:throw")
    model, effects = update(model, Msg("set-coach", True))
    assert model.settings.coach
    assert effects == [
        Effect("save-settings"),
        Effect("advise", {"game": "421", "ply": model.matches["421"].cursor, "request": "advice"}),
    ]


def test_the_status_says_who_plays_and_how_many_throws_are_left() -> None:
    model = led()
    assert table.status(model.matches["421"], _catalog()) == "Load · Ann leads: throw 1 to 3 times (0 so far)."
    model, _ = send(model, "421:throw")
    model, _ = send(model, "421:stop")
    assert table.status(model.matches["421"], _catalog()) == "Load · Bob to play: at most 1 throw (0 so far)."


def _catalog() -> Catalog:
    return catalog("en")


def test_a_click_on_a_turn_of_the_log_replays_the_game_to_the_end_of_that_turn() -> None:
    model = Model(route=Route("game", "421"), matches={"421": Match.new(g, {"players": 2}, 11, (Seat("Ann"), Seat("Bob")))})
    while len(model.matches["421"].state.turns) < 2:
        state = model.matches["421"].state
        action = g.Stop() if g.Stop() in g.legal_actions(state) else g.legal_actions(state)[0]
        model, _ = update(model, Msg("play", g.action_to_json(action), {"game": "421"}))
    match = model.matches["421"]
    entries = view(model).find_all(lambda el: el.attrs.get("class") == "log-entry")
    ends = [int(e.attrs["data-value"]) for e in entries]
    assert len(ends) == 2 and ends[0] > ends[1]  # newest first
    assert [len(match.states[end].turns) for end in ends] == [2, 1] and len(match.states[ends[1] - 1].turns) == 0
    model, _ = update(model, Msg("replay-to", str(ends[1]), {"game": "421"}))
    assert model.replays["421"].ply == ends[1]
