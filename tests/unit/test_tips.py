"""A first game: pointers shown to the person to move till dismissed or done, brought back on demand; and what is heard."""

from __future__ import annotations

from etoile.app import effects as fx
from etoile.app import messages as m
from etoile.app.effects import Effect
from etoile.app.model import Model
from etoile.app.routes import Route
from etoile.app.update import update
from etoile.engine.dice import Roll
from etoile.engine.match import Match, Seat
from etoile.engine.slot import Slot
from etoile.games.chinese_checkers import rules as cc
from etoile.games.four21 import rules as four21
from etoile.games.generala import rules as generala
from etoile.saved.settings import Settings
from etoile.ui.runtime import events
from etoile.ui.views import view


def tips(model: Model) -> list[str]:
    """The pointers the table shows, by their "Got it" button's key."""
    return [el.attrs["data-tip"] for el in view(model).find_all(lambda el: el.attrs.get("data-action") == "learn-tip")]


def send(model: Model, game: str, action: str, **data: str) -> tuple[Model, list[Effect]]:
    msg = events.decode(action, None, {"game": game, **data})
    assert msg is not None, f"{action} {data} makes no message"
    return update(model, msg)


def generala_game(**settings: object) -> Model:
    match = Match.new(generala, {"players": 2}, 3, (Seat("Ann"), Seat("Bob")))
    match = match.play_all([generala.Throw(), Roll((1, 1, 1, 1, 2)), generala.Throw(), Roll((6, 6, 6, 6, 5))])
    return Model(route=Route("game", "generala"), matches={Slot("generala"): match}, settings=Settings(**settings))


def test_a_first_generala_turn_points_at_the_throw_then_the_dice_then_the_sheet() -> None:
    model = generala_game()
    assert tips(model) == ["generala.tip.throw"]
    model, _ = send(model, "generala", "generala:throw")
    assert model.settings.learned == ("generala.tip.throw",)  # done: never shown again
    assert tips(model) == ["generala.tip.keep"]
    model, effects = send(model, "generala", "generala:keep", index="0")
    assert model.settings.learned == ("generala.tip.throw", "generala.tip.keep") and fx.SaveSettings() in effects
    assert tips(model) == ["generala.tip.fill"]


def test_a_pointer_dismissed_is_never_shown_again_and_show_me_how_to_play_brings_the_game_s_back() -> None:
    model = generala_game(learned=("four21.tip.keep",))
    model, effects = send(model, "generala", "learn-tip", tip="generala.tip.throw")
    assert fx.SaveSettings() in effects and tips(model) == []
    model, _ = send(model, "generala", "generala:throw")
    assert tips(model) == ["generala.tip.keep"]
    model, _ = send(model, "generala", "learn-tip", tip="generala.tip.keep")
    model, _ = send(model, "generala", "learn-tip", tip="generala.tip.fill")
    assert tips(model) == []
    model, effects = send(model, "generala", "show-tips")
    assert model.settings.learned == ("four21.tip.keep",)  # another game's stay learned
    assert fx.SaveSettings() in effects and tips(model) == ["generala.tip.keep"]


def test_no_pointer_for_a_computer_s_turn_nor_in_a_replay() -> None:
    match = Match.new(generala, {"players": 2}, 3, (Seat("", "optimal"), Seat("Bob")))
    match = match.play_all([generala.Throw(), Roll((1, 1, 1, 1, 2)), generala.Throw(), Roll((6, 6, 6, 6, 5))])
    assert tips(Model(route=Route("game", "generala"), matches={Slot("generala"): match})) == []
    model, _ = send(generala_game(), "generala", "replay")
    assert tips(model) == []


def test_the_421_pointers_say_what_a_hand_is_worth() -> None:
    match = Match.new(four21, {"players": 2}, 0, (Seat("Ann"), Seat("Bob")))
    match = match.play_all([four21.Throw(), Roll((1,)), four21.Throw(), Roll((3,)), four21.Throw(), Roll((6, 1, 1))])
    learned = ("four21.tip.lead", "four21.tip.keep")
    model = Model(route=Route("game", "421"), matches={Slot("421"): match}, settings=Settings(learned=learned))
    found = view(model).find_all(lambda el: el.attrs.get("class") == "tip")
    assert [el.text() for el in found] == [
        "Your hand, 611, is worth 6 tokens. At the end of the turn, the worst hand takes as many tokens as the best hand"
        " is worth.Got it"
    ]


def test_chinese_checkers_points_at_picking_a_piece_up_then_at_a_ringed_hole() -> None:
    match = Match.new(cc, {"players": 2}, 0, (Seat("Ann"), Seat("Bob")))
    model = Model(route=Route("game", "chinese-checkers"), matches={Slot("chinese-checkers"): match})
    assert tips(model) == ["chinese_checkers.tip.pick"]
    piece = next(hole for hole in cc.pieces(match.state, 0) if cc.destinations(match.state, hole))
    model, _ = send(model, "chinese-checkers", "chinese-checkers:hole", hole=str(piece))
    assert tips(model) == ["chinese_checkers.tip.move"]


def test_what_anyone_plays_is_heard_a_computer_s_throw_too_and_tokens_moved_and_a_win() -> None:
    match = Match.new(four21, {"players": 2}, 0, (Seat("Ann"), Seat("", "expert")))
    match = match.play_all([four21.Throw(), Roll((1,)), four21.Throw(), Roll((3,)), four21.Throw(), Roll((4, 2, 1))])
    model = Model(route=Route("game", "421"), matches={Slot("421"): match})
    model, effects = send(model, "421", "421:stop")
    assert [e for e in effects if isinstance(e, fx.Sound)] == [fx.Sound("stop")]
    ply = model.matches[Slot("421")].cursor
    model, effects = update(model, m.ComputerMove(Slot("421"), ply, {"throw": []}))  # the computer throws 653
    sounds = [e for e in effects if isinstance(e, fx.Sound)]
    assert sounds[0] == fx.Sound("dice")
