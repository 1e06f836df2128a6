"""The Generala score sheet, without a browser."""

from etoile.app import update
from etoile.coach import PENDING
from etoile.games import generala as g
from etoile.i18n import catalog
from etoile.match import Match, Seat
from etoile.model import CoachAnswer, Effect, Model, Msg
from etoile.routes import Route
from etoile.ui.common import seat_name
from etoile.ui.tables import generala as table
from etoile.ui.views import view


def playing(players: int = 2, seed: int = 3, computers: tuple[int, ...] = ()) -> Model:
    """A game after the start throws, with seat 0 to play (the first seed from ``seed`` that gives that)."""
    seats = tuple(Seat("", "optimal") if i in computers else Seat(f"P{i + 1}") for i in range(players))
    while True:
        match = Match.new(g, {"players": players}, seed, seats)
        while match.state.phase == "start":
            match = match.play(g.Throw(()))
        if match.state.seat == 0:
            return Model(route=Route("game", "generala"), matches={"generala": match})
        seed += 1


def send(model: Model, action: str, value: object = None, **data: str) -> tuple[Model, list[Effect]]:
    return update(model, Msg(action, value, {"game": "generala", **data}))


def by_class(name: str):
    return lambda el: name in str(el.attrs.get("class", "")).split()


def test_dice_can_be_set_aside_only_between_throws() -> None:
    model = playing()
    model, _ = send(model, "generala:keep", index="0")
    assert model.tables.get("generala") in (None, table.Local())
    model, effects = send(model, "generala:throw")
    assert effects[0] == Effect("sound", {"name": "dice"}) and model.matches["generala"].state.throw == 1
    model, _ = send(model, "generala:keep", index="2")
    model, _ = send(model, "generala:keep", index="0")
    model, _ = send(model, "generala:keep", index="2")
    assert model.tables["generala"].keep == (0,)


def test_a_throw_rethrows_every_die_not_set_aside() -> None:
    model, _ = send(playing(), "generala:throw")
    before = model.matches["generala"].state.dice
    model, _ = send(model, "generala:keep", index="1")
    model, _ = send(model, "generala:throw")
    after = model.matches["generala"].state
    assert after.throw == 2 and after.dice[1] == before[1]
    assert model.tables["generala"] == table.Local()


def test_a_box_that_scores_zero_asks_first() -> None:
    model, _ = send(playing(), "generala:throw")
    state = model.matches["generala"].state
    zero = next(box for box, points in g.preview(state).items() if points == 0)
    asked, effects = send(model, "generala:fill", box=zero)
    assert asked.tables["generala"].confirm == zero and asked.matches == model.matches
    assert effects == [Effect("focus", {"selector": ".confirm-zero .danger"})]
    assert "cross it out for 0?" in view(asked).text()
    kept, _ = send(asked, "generala:cancel")
    assert kept.tables["generala"].confirm is None
    filled, _ = send(asked, "generala:fill", box=zero)
    assert g.sheet(filled.matches["generala"].state, 0)[zero] == 0


def test_a_box_with_points_is_filled_at_once() -> None:
    model, _ = send(playing(), "generala:throw")
    state = model.matches["generala"].state
    box, points = max(g.preview(state).items(), key=lambda item: item[1])
    model, effects = send(model, "generala:fill", box=box)
    assert g.sheet(model.matches["generala"].state, 0)[box] == points
    assert Effect("sound", {"name": "fill"}) in effects


def test_every_open_box_of_the_player_to_move_shows_its_score() -> None:
    model, _ = send(playing(), "generala:throw")
    state = model.matches["generala"].state
    page = view(model)
    buttons = {b.attrs["data-box"]: b.text() for b in page.find_all(by_class("fill"))}
    assert buttons == {box: str(points) for box, points in g.preview(state).items()}


def test_the_hint_asks_the_coach_and_shows_its_answer_for_this_position_only() -> None:
    model, _ = send(playing(), "generala:throw")
    ply = model.matches["generala"].cursor
    model, effects = send(model, "generala:hint")
    assert effects == [Effect("advise", {"game": "generala", "ply": ply, "request": "hint"})]
    assert "The coach is thinking" in view(model).text()
    answer = [{"action": {"fill": "general"}, "expected": 150.25}]
    stale, _ = send(model, "generala:advice", CoachAnswer(ply - 1, "hint", answer))
    assert stale.tables["generala"].hint is PENDING
    model, _ = send(model, "generala:advice", CoachAnswer(ply, "hint", answer))
    assert "write in general — expected final score 150.2" in view(model).text()


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


def big_general_seed() -> int:
    """A seed whose first player throws five equal dice on the first throw of the first turn."""
    return 1667


def test_a_big_general_ends_the_game_with_a_celebration() -> None:
    model = playing(players=1, seed=big_general_seed())
    model, effects = send(model, "generala:throw")
    state = model.matches["generala"].state
    assert len(set(state.dice)) == 1 and state.big_general == 0
    assert effects[0] == Effect("sound", {"name": "fanfare"})
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
    model, _ = update(model, Msg("setup-players", "20", {"game": "generala"}))
    model, _ = update(model, Msg("setup-start", None, {"game": "generala", "seed": "5"}))
    match = model.matches["generala"]
    assert match.options["players"] == 20 and len(match.seats) == 20 and match.state.players == 20
    columns = view(model).find_all(lambda el: el.tag == "th" and el.attrs.get("scope") == "col")
    assert len(columns) >= 20


def test_the_score_log_lists_every_box_filled_and_a_click_replays_up_to_it() -> None:
    model, _ = send(playing(), "generala:throw")
    state = model.matches["generala"].state
    box = max(g.open_boxes(state), key=lambda b: (g.preview(state)[b], -g.BOXES.index(b)))
    model, _ = send(model, "generala:fill", box=box)
    if model.tables["generala"].confirm:
        model, _ = send(model, "generala:fill", box=box)
    match = model.matches["generala"]
    [entry] = view(model).find_all(lambda el: el.attrs.get("class") == "log-entry")
    t = catalog("en")
    name = seat_name(match, state.seat, t)
    dice = " ".join(map(str, state.dice))
    assert entry.text() == f"Round 1, {name}: {dice}, {t(f'generala.box.{box}')} {g.preview(state)[box]}"
    assert entry.attrs["data-value"] == str(match.cursor)
    model, _ = send(model, "replay-to", entry.attrs["data-value"])
    assert model.replays["generala"].ply == match.cursor
