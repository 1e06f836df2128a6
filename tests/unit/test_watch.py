"""A game sent as a link, watched as a replay on another device; and a table's "Share a link"."""

from __future__ import annotations

from dataclasses import replace

from etoile.app import effects as fx
from etoile.app import messages as m
from etoile.app.model import Model
from etoile.app.routes import Route, parse
from etoile.app.update import update
from etoile.engine.match import Match, Seat
from etoile.engine.slot import Slot
from etoile.games.chinese_checkers.table import ChooseHole
from etoile.games.generala import rules as generala
from etoile.sharing import link
from etoile.ui.views import title, view
from tests.unit.test_link import random_game


def watching(text: str, model: Model | None = None) -> Model:
    model, effects = update(model or Model(), m.RouteChanged(f"#/link/{text}"))
    assert not [e for e in effects if isinstance(e, fx.SaveMatch | fx.SaveRival | fx.SaveDraft | fx.SaveSettings)]
    return model


def test_a_link_opens_its_game_as_a_replay_from_the_start_and_touches_nothing_of_the_players() -> None:
    mine = Match.new(generala, {"players": 1}, 4, (Seat("Me"),))
    sent = random_game("generala", 2, 9, 40)
    model = watching(link.encode(sent, "watch"), Model(matches={Slot("generala"): mine}))
    assert model.watching is not None and model.watching.match is not None
    assert model.watching.match.to_json() == sent.to_json() and model.watching.replay.ply == 0
    assert model.matches == {Slot("generala"): mine}
    page = view(model)
    assert page.find_all(lambda e: e.attrs.get("class") == "watch-note")
    assert page.find_all(lambda e: e.attrs.get("data-action") == "replay-step")
    for absent in ("undo", "import-game", "export-game", "share-game"):
        assert not page.find_all(lambda e, a=absent: e.attrs.get("data-action") == a), absent
    assert page.find_all(lambda e: e.attrs.get("class") == "table-body" and e.attrs.get("inert") is True)  # watched only
    assert title(model) == "A shared game · Étoile"


def test_the_replay_of_a_watched_game_steps_and_plays_and_only_it_moves() -> None:
    sent = random_game("chinese-checkers", 2, 5, 30)
    model = watching(link.encode(sent, "watch"))
    model, effects = update(model, m.ReplayStep(1, "chinese-checkers"))
    assert model.watching is not None and model.watching.replay.ply == 1 and effects == []
    model, effects = update(model, m.ReplayPlay(game="chinese-checkers"))
    assert model.watching.replay.playing and [type(e) for e in effects] == [fx.Later]
    model, _ = update(model, m.ReplayTick(Slot("chinese-checkers"), 1))
    assert model.watching.replay.ply == 2 and model.replays == {} and model.matches == {}
    assert update(model, m.AtTable("chinese-checkers", ChooseHole(3)))[0] == model  # watch only
    model, effects = update(model, m.ReplayExit(game="chinese-checkers"))
    assert effects == [fx.Navigate("#/")]


def test_the_same_link_again_keeps_its_place_and_leaving_forgets_it() -> None:
    text = link.encode(random_game("421", 2, 3, 30), "watch")
    model = watching(text)
    model, _ = update(model, m.ReplayStep(2, "421"))
    ply = model.watching.replay.ply  # type: ignore[union-attr]
    assert ply > 0 and watching(text, model).watching.replay.ply == ply  # type: ignore[union-attr]
    assert update(model, m.RouteChanged("#/"))[0].watching is None


def test_a_link_that_opens_no_game_says_why_and_offers_the_way_home() -> None:
    for text, reason in (
        ("hello", "not_a_link"),
        ("9.watch.AAAA", "newer"),
        (link.encode(random_game("421", 2, 1, 9), "watch")[:-5], "damaged"),
    ):
        model = watching(text)
        assert model.watching is not None and model.watching.refused == reason and model.watching.match is None
        page = view(model)
        assert page.find_all(lambda e: e.attrs.get("class") == "link-refused")
        assert page.find_all(lambda e: e.attrs.get("href") == "#/")
        assert title(model) == "This link does not open a game · Étoile"


def test_a_table_shares_its_game_as_a_link_to_copy_or_send_which_follows_the_game() -> None:
    match = random_game("generala", 2, 2, 10)
    model = Model(route=Route("game", "generala"), matches={Slot("generala"): match}, address="http://localhost:8000/")
    model, effects = update(model, m.ShareGame(game="generala"))
    assert model.sharing == Slot("generala") and effects == [fx.Focus("#share-generala")]
    url = "http://localhost:8000/#/link/" + link.encode(match, "watch")
    field = view(model).find_all(lambda e: e.attrs.get("id") == "share-generala")
    assert field and field[0].attrs["value"] == url and field[0].attrs["readonly"] is True
    assert not view(model).find_all(lambda e: e.attrs.get("data-action") == "share-send")  # no share sheet here
    assert view(replace(model, can_send=True)).find_all(lambda e: e.attrs.get("data-action") == "share-send")
    copy = m.ShareCopy("watch", "generala")
    assert update(model, copy)[1] == [fx.Copy(Slot("generala"), url)]
    copied, _ = update(model, m.Copied(Slot("generala"), ok=True))
    assert [n.key for n in copied.notices] == ["link.copied"]
    closed, effects = update(model, m.ShareClose(game="generala"))
    assert closed.sharing is None
    assert effects == [fx.Focus('[data-action=share-game][data-game="generala"]')]  # back to the button
    assert update(model, m.RouteChanged("#/"))[0].sharing is None
    assert parse(url.split("#", 1)[1]).link == link.encode(match, "watch")
    # A move made while the link is shown is in it: the link is drawn from the game as it is now.
    later = random_game("generala", 2, 2, 14)
    model = replace(model, matches={Slot("generala"): later})
    field = view(model).find_all(lambda e: e.attrs.get("id") == "share-generala")
    assert field[0].attrs["value"] == "http://localhost:8000/#/link/" + link.encode(later, "watch") != url


def test_an_error_closes_the_link_shown_so_that_its_notice_can_be_drawn() -> None:
    model = Model(route=Route("game", "generala"), sharing="generala", dialog="reset")
    model, _ = update(model, m.Failed("Traceback (most recent call last): ..."))
    assert model.sharing is None and model.dialog is None and [n.key for n in model.notices] == ["error.unexpected"]
