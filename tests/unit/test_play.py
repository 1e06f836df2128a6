"""Setting up, playing, computer turns, undo and rematch, on the test game's table."""

from dataclasses import replace

import pytest

from etoile.app import effects as fx
from etoile.app import messages as m
from etoile.app.effects import Effect
from etoile.app.model import Model
from etoile.app.routes import Route
from etoile.app.setup import SeatChoice
from etoile.app.update import update
from etoile.engine.match import Seat
from etoile.engine.slot import Slot
from etoile.saved.settings import Settings
from etoile.ui.runtime import events
from etoile.ui.views import view

pytestmark = pytest.mark.usefixtures("pig_table")


def send(model: Model, action: str, value: str | bool | None = None, **data: str) -> tuple[Model, list[Effect]]:
    msg = events.decode(action, value, {"game": "pig", **data})
    assert msg is not None, f"{action} {value} {data} makes no message"
    return update(model, msg)


def started(seats: tuple[SeatChoice, ...] = (SeatChoice("Ann"), SeatChoice("Bob"))) -> Model:
    model = Model(route=Route("setup", "pig"))
    model, _ = send(model, "setup-players", str(len(seats)))
    for index, seat in enumerate(seats):
        model, _ = send(model, "setup-seat-kind", "person" if seat.computer is None else "computer", index=str(index))
        if seat.computer:
            model, _ = send(model, "setup-seat-level", seat.computer, index=str(index))
        else:
            model, _ = send(model, "setup-seat-name", seat.name, index=str(index))
    model, _ = send(model, "setup-start", seed="421")
    return model


def test_the_default_setup_seats_the_player_against_the_best_computer() -> None:
    page = view(Model(route=Route("setup", "pig"), settings=Settings(name="Zoé")))
    rows = page.find_all(lambda el: el.attrs.get("class") == "seat-row")
    assert len(rows) == 2
    assert rows[0].find_all(lambda el: el.tag == "input")[0].attrs["value"] == "Zoé"
    levels = rows[1].find_all(lambda el: el.tag == "option" and el.attrs.get("selected"))
    assert [o.attrs["value"] for o in levels] == ["computer", "expert"]
    target = page.find_all(lambda el: el.tag == "input" and el.attrs.get("checked") and el.attrs.get("data-option") == "target")
    assert [el.attrs["value"] for el in target] == ["20"]


def test_the_setup_keeps_players_within_the_game_s_range() -> None:
    model, _ = send(Model(), "setup-players", "9")
    assert len(model.setups["pig"].seats) == 4
    model, _ = send(model, "setup-players", "1")
    assert len(model.setups["pig"].seats) == 2


def test_setup_refuses_unknown_levels_and_option_values() -> None:
    model, _ = send(Model(), "setup-seat-level", "godlike", index="1")
    model, _ = send(model, "setup-option", "30", option="target")
    model, _ = send(model, "setup-option", "10", option="colour")
    setup = model.setups["pig"]
    assert setup.seats[1].computer == "expert" and setup.options == {"target": 20}


def test_starting_saves_the_match_and_opens_the_table() -> None:
    model, _ = send(Model(), "setup-option", "10", option="target")
    model, _ = send(model, "setup-seat-kind", "person", index="1")
    model, effects = send(model, "setup-start", seed="7")
    match = model.matches[Slot("pig")]
    assert (match.seed, match.options, match.seats) == (7, {"players": 2, "target": 10}, (Seat(""), Seat("")))
    assert effects == [
        fx.SaveMatch(Slot("pig")),
        fx.Navigate("#/pig"),
        fx.Sound("start"),
    ]


def test_a_computer_to_move_is_asked_to_think_at_that_ply() -> None:
    model = started((SeatChoice(computer="easy"), SeatChoice("Bob")))
    model, effects = send(model, "rematch", seed="5")
    assert fx.Think(Slot("pig"), 0, "easy") in effects


def test_a_computer_to_move_plays_on_when_its_table_is_shown_again() -> None:
    """After a reload (the page sends "resume"), a return to the table, or an import, the computer is asked again."""
    model = started((SeatChoice(computer="easy"), SeatChoice("Bob")))
    think = [fx.PrepareAi(Slot("pig")), fx.Think(Slot("pig"), 0, "easy")]
    elsewhere, effects = update(model, m.RouteChanged("#/settings"))
    assert effects == [fx.FocusHeading()]
    back, effects = update(elsewhere, m.RouteChanged("#/pig"))
    assert effects == [fx.FocusNext(), *think]  # at a table the focus goes to the player's next move
    assert update(back, m.Resume())[1] == think
    assert update(elsewhere, m.Resume())[1] == []
    assert update(back, m.Imported(1, back.settings, back.matches))[1] == think


def test_the_worker_is_made_ready_at_a_table_with_a_computer_the_coach_on_or_a_person_alone() -> None:
    prepare = [fx.PrepareAi(Slot("pig"))]
    against, _ = update(started((SeatChoice("Ann"), SeatChoice(computer="easy"))), m.RouteChanged("#/pig"))
    assert update(against, m.Resume())[1] == prepare
    alone, _ = update(started((SeatChoice("Ann"),)), m.RouteChanged("#/pig"))
    assert update(alone, m.Resume())[1] == prepare
    friends, _ = update(started(), m.RouteChanged("#/pig"))
    assert update(friends, m.Resume())[1] == []  # a game of friends on one device runs one interpreter
    coached = replace(friends, settings=friends.settings.with_(coach=True))
    assert update(coached, m.Resume())[1] == prepare
    assert update(replace(against, route=Route("settings")), m.Resume())[1] == []


def test_a_late_computer_move_for_an_older_position_is_ignored() -> None:
    model = started((SeatChoice(computer="easy"), SeatChoice("Bob")))
    moved, _ = update(model, m.ComputerMove(Slot("pig"), 0, "roll"))
    assert moved.matches[Slot("pig")].cursor == 2  # the roll, and the die the match threw for it
    again, effects = update(moved, m.ComputerMove(Slot("pig"), 0, "roll"))
    assert again is moved and effects == []


def test_playing_applies_the_action_and_saves() -> None:
    model, effects = update(started(), m.Play("roll", "pig"))
    assert model.matches[Slot("pig")].state.turn_total == 3
    assert effects == [fx.SaveMatch(Slot("pig")), fx.Sound("dice")]  # a friend's roll is heard as a person's


def test_an_illegal_action_leaves_the_game_and_says_so() -> None:
    model = started()
    after, effects = update(model, m.Play("hold", "pig"))
    assert after.matches == model.matches and effects == []
    assert [n.key for n in after.notices] == ["play.illegal"]


def test_undo_against_the_computer_goes_back_to_the_person_s_turn_and_redo_brings_all_of_it_back() -> None:
    model = started((SeatChoice("Ann"), SeatChoice(computer="easy")))
    for action in ("roll", "hold"):
        model, _ = update(model, m.Play(action, "pig"))
    model, _ = update(model, m.ComputerMove(Slot("pig"), 3, "roll"))
    assert model.matches[Slot("pig")].cursor == 5
    model, _ = send(model, "undo")  # past the computer's die and its roll, to Ann's choice after her first die
    assert model.matches[Slot("pig")].cursor == 2
    undone = model.matches[Slot("pig")]
    model, effects = send(model, "redo")  # the whole undone sequence comes back, the computer's reply included
    assert model.matches[Slot("pig")].cursor == 5 and model.matches[Slot("pig")].actions == undone.actions
    assert fx.Think(Slot("pig"), 5, "easy") in effects  # and the computer plays on


def computer_turn_shown(model: Model) -> tuple[list[str], list[tuple[str, bool]]]:
    """The lines of the computer-turn panel, and its buttons (text, pressed)."""
    panels = view(model).find_all(lambda el: el.attrs.get("class") == "computer-turn")
    if not panels:
        return [], []
    lines = [li.text() for li in panels[0].find_all(lambda el: el.tag == "li")]
    buttons = [(b.text(), bool(b.attrs.get("aria-pressed"))) for b in panels[0].find_all(lambda el: el.tag == "button")]
    return lines, buttons


def test_the_computer_s_turn_is_told_as_it_plays_and_can_be_skipped_to_its_end() -> None:
    model = replace(started((SeatChoice("Ann"), SeatChoice(computer="easy"))), route=Route("game", "pig"))
    assert computer_turn_shown(model) == ([], [])  # Ann's turn: nothing to tell
    model, _ = update(model, m.Play("roll", "pig"))
    model, _ = update(model, m.Play("hold", "pig"))
    cursor = model.matches[Slot("pig")].cursor
    assert computer_turn_shown(model) == (["Computer 2 (easy) is playing…"], [("Skip to the end of its turn", False)])
    model, _ = update(model, m.ComputerMove(Slot("pig"), cursor, "roll"))
    computer = model.matches[Slot("pig")]
    assert computer.computer_to_move == 1
    [line], skip = computer_turn_shown(model)
    assert line.startswith("Computer 2 (easy): roll · roll ") and skip == [("Skip to the end of its turn", False)]
    model, effects = send(model, "computer-skip")
    assert model.hurry == {Slot("pig")} and effects == []
    assert computer_turn_shown(model)[1] == [("Skip to the end of its turn", True)]
    model, _ = update(model, m.ComputerMove(Slot("pig"), computer.cursor, "hold"))  # Ann is to move again
    assert model.matches[Slot("pig")].person_to_move == 0 and model.hurry == frozenset()
    [line], buttons = computer_turn_shown(model)  # what it did stays until Ann moves on, without the skip
    assert line.endswith(" · hold — banks 3") and buttons == []
    model, _ = update(model, m.Play("roll", "pig"))
    assert computer_turn_shown(model) == ([], [])


def test_table_messages_change_the_view_state_or_the_match() -> None:
    model, effects = send(started(), "pig:peek")
    assert model.tables[Slot("pig")] == {"peek": True} and effects == []
    model, effects = send(model, "pig:roll")
    assert model.matches[Slot("pig")].cursor == 2
    assert effects == [fx.SaveMatch(Slot("pig")), fx.Sound("dice")]  # the table's heard(): what was played


def test_the_table_frame_shows_the_board_and_the_tools() -> None:
    model = started()
    page = view(Model(route=Route("game", "pig"), matches=model.matches))
    assert page.find_all(lambda el: el.attrs.get("class") == "pig")[0].text() == "scores [0, 0] peek False"
    buttons = {b.attrs["data-action"]: b.attrs.get("disabled", False) for b in page.find_all(lambda el: el.tag == "button")}
    assert buttons == {"undo": True, "redo": True, "share-game": False, "export-game": False}  # replay: with the first action
    [file] = page.find_all(lambda el: el.tag == "input" and el.attrs.get("type") == "file")
    assert file.attrs["data-action"] == "import-game"


def test_a_finished_game_offers_a_rematch_with_the_same_players_and_options() -> None:
    model, _ = send(Model(), "setup-option", "10", option="target")
    model, _ = send(model, "setup-seat-kind", "person", index="1")
    model, _ = send(model, "setup-start", seed="421")
    for action in ("roll", "roll", "roll", "roll", "hold"):
        model, _ = update(model, m.Play(action, "pig"))
    match = model.matches[Slot("pig")]
    assert match.result is not None
    model, _ = send(model, "rematch", seed="8")
    assert (model.matches[Slot("pig")].seed, model.matches[Slot("pig")].options, model.matches[Slot("pig")].cursor) == (
        8,
        match.options,
        0,
    )


def test_every_table_replays_its_game_from_the_start_and_takes_no_action_meanwhile() -> None:
    model = started()
    for action in ("roll", "roll", "hold"):
        model, _ = update(model, m.Play(action, "pig"))
    model = replace(model, route=Route("game", "pig"))
    live = model.matches[Slot("pig")]
    model, _ = send(model, "replay")
    # Five plies (roll, its die, roll, its die, hold), three moves: a replay never stops with a die in the air.
    assert "scores [0, 0]" in view(model).text() and "Replay: move 0 of 3." in view(model).text()
    model, _ = send(model, "replay-to", "1")
    assert model.replays[Slot("pig")].ply == 0
    model, _ = send(model, "replay-step")
    assert model.replays[Slot("pig")].ply == 2 and "Replay: move 1 of 3." in view(model).text()
    model, _ = send(model, "replay-to", "5")
    assert view(model).text().count(f"scores {list(live.state.scores)}") == 1
    same, _ = update(model, m.Play("roll", "pig"))
    assert same.matches[Slot("pig")] is live
    model, _ = send(model, "replay-exit")
    assert Slot("pig") not in model.replays and "Replay: move" not in view(model).text()


def log_of(model: Model) -> list[tuple[str, str, str | None]]:
    """The game log as the player sees it: each line's text, the ply it replays to, and whether it is marked."""
    page = view(replace(model, route=Route("game", "pig")))
    [log] = page.find_all(lambda el: el.attrs.get("class") == "turn-log")
    entries = log.find_all(lambda el: el.tag == "li")
    return [(li.text(), li.children[0].attrs["data-value"], li.attrs.get("aria-current")) for li in entries]


def test_every_table_has_a_log_in_the_game_s_notation_newest_first_with_the_table_s_notes() -> None:
    model = started()
    for action in ("roll", "roll", "hold", "roll"):
        model, _ = update(model, m.Play(action, "pig"))
    # Seed 421 throws 3, 3, then Bob's 3: Ann's run ends where she banks, Bob's is under way.
    assert log_of(model) == [
        ("Bob: roll · roll 3", "7", None),
        ("Ann: roll · roll 3 · roll · roll 3 · hold — banks 6", "5", None),
    ]
    page = view(replace(model, route=Route("game", "pig")))
    assert page.find_all(lambda el: el.tag == "summary")[-1].text() == "Game log (2 lines)"
    model, _ = send(model, "replay-to", "5")
    assert [marked for _, _, marked in log_of(model)] == [None, "step"]


def test_a_new_game_in_place_of_one_in_progress_is_asked_for_first() -> None:
    model, _ = update(started(), m.Play("roll", "pig"))
    playing = model.matches[Slot("pig")]
    asked, effects = send(replace(model, route=Route("setup", "pig")), "setup-start", seed="9")
    assert asked.dialog == "abandon" and asked.matches[Slot("pig")] is playing and effects == [fx.FocusDialog()]
    confirm = view(asked).find_all(lambda el: el.attrs.get("data-action") == "abandon-confirm")
    assert [(b.attrs["data-game"], b.attrs["data-seed"]) for b in confirm] == [("pig", True)]
    kept, effects = update(asked, m.DialogCancel())
    assert kept.dialog is None and kept.matches[Slot("pig")] is playing
    assert effects == [fx.Focus("[data-action=setup-start]")]
    fresh, _ = send(asked, "abandon-confirm", seed="9")
    assert fresh.dialog is None and fresh.matches[Slot("pig")].seed == 9 and fresh.matches[Slot("pig")].cursor == 0
    # Nothing to lose: a game not begun, or over, is replaced without asking.
    again, _ = send(fresh, "setup-start", seed="10")
    assert again.dialog is None and again.matches[Slot("pig")].seed == 10
