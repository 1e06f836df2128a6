"""Chinese checkers by correspondence: a game set up with friends' seats, each move carried to the next device in a
``play`` link, every device keeping its own copy; links that extend, repeat, trail or part from that copy."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from etoile.app import effects as fx
from etoile.app import messages as m
from etoile.app.effects import Effect
from etoile.app.model import Model
from etoile.app.routes import Route, href, parse
from etoile.app.setup import Setup
from etoile.app.update import update
from etoile.engine.match import Match, Seat
from etoile.engine.slot import Slot
from etoile.games.chinese_checkers import rules as cc
from etoile.saved.storage import MemoryBackend, Store
from etoile.sharing import by_link, link
from etoile.ui.i18n import catalog
from etoile.ui.views import notice_text, view
from tests.e2e.positions import finished

GAME = "chinese-checkers"
ADDRESS = "https://friends.example/etoile/"


def device(**fields) -> Model:
    """A device's model with nothing on it, at the home screen."""
    return Model(address=ADDRESS, **fields)


def set_up(model: Model, kinds: tuple[str, ...], seed: int = 77) -> tuple[Model, list[Effect]]:
    """Set up a game of Chinese checkers on ``model``'s device with these seat kinds, and start it."""
    model, _ = update(model, m.RouteChanged(f"#/{GAME}/new"))
    model, _ = update(model, m.SetupPlayers(len(kinds), GAME))
    for index, kind in enumerate(kinds):
        model, _ = update(model, m.SetupSeatKind(index, kind, GAME))
        if kind != "computer":
            model, _ = update(model, m.SetupSeatName(index, f"P{index + 1}", GAME))
    model, effects = update(model, m.SetupStart(int(str(seed)), GAME))
    for effect in effects:  # the runtime goes where the game is
        if isinstance(effect, fx.Navigate):
            model, _ = update(model, m.RouteChanged(effect.hash))
    return model, effects


def shown(model: Model) -> Match:
    """The game of the table shown."""
    return model.matches[model.route.slot]


def move(model: Model, rng: random.Random | None = None) -> Model:
    """The person to move here plays a legal move (the first, or a random one), as the table's "play" would."""
    match = shown(model)
    assert match.person_to_move is not None, "not this device's turn"
    actions = list(cc.legal_actions(match.state))
    action = rng.choice(actions) if rng else actions[0]
    model, _ = update(model, m.Play(cc.action_to_json(action), GAME))
    return model


def computer_plays(model: Model, effects: list[Effect]) -> tuple[Model, list[Effect]]:
    """Carry out the computer's turns the effects ask for, with the first legal move (what the worker would answer)."""
    while think := next((e for e in effects if isinstance(e, fx.Think)), None):
        match = model.matches[think.slot]
        action = cc.action_to_json(next(iter(cc.legal_actions(match.state))))
        model, effects = update(model, m.ComputerMove(think.slot, think.ply, action))
    return model, effects


def sent_link(model: Model) -> str:
    """The link the table offers to send: what the player copies from its field."""
    fields = view(model).find_all(lambda e: e.attrs.get("id") == f"send-{GAME}")
    assert len(fields) == 1, "no link to send on the table"
    url = str(fields[0].attrs["value"])
    assert url.startswith(ADDRESS + "#/link/1.play.")
    return url.removeprefix(ADDRESS)


def open_link(model: Model, hash_: str) -> tuple[Model, list[Effect]]:
    return update(model, m.RouteChanged(hash_))


def test_a_friend_s_seat_is_offered_only_where_the_game_is_played_by_link() -> None:
    model, _ = update(device(), m.RouteChanged(f"#/{GAME}/new"))
    kinds = view(model).find_all(lambda e: e.tag == "option" and e.attrs.get("value") == "friend")
    assert len(kinds) == 2  # one per seat
    dice, _ = update(device(), m.RouteChanged("#/421/new"))
    assert not view(dice).find_all(lambda e: e.tag == "option" and e.attrs.get("value") == "friend")
    assert Setup.new(cc.DESCRIPTION).with_kind(1, "friend").by_link
    from etoile.games.four21 import rules as four21  # noqa: PLC0415

    assert not Setup.new(four21.DESCRIPTION).with_kind(1, "friend").by_link
    live = Setup.new(four21.DESCRIPTION).with_kind(1, "device")
    assert live.live and not live.by_link  # a 421 player elsewhere plays live, never by link
    both = Setup.new(cc.DESCRIPTION, "Ann").with_players(3).with_kind(1, "friend").with_kind(2, "device")
    assert [seat.kind for seat in both.seats] == ["person", "device", "device"]  # by link or live, not both


def test_a_game_with_a_friend_starts_in_a_slot_of_its_own_and_leaves_the_game_in_progress_alone() -> None:
    local = Match.new(cc, {"players": 2}, 3).play(cc.action_from_text("3-14"))
    model, effects = set_up(device(matches={Slot(GAME): local}), ("person", "friend"))
    code = by_link.new_id(77)
    slot = Slot(GAME, code)
    assert model.dialog is None and model.matches[Slot(GAME)] is local  # no "abandon the game in progress?"
    assert fx.SaveMatch(slot) in effects
    assert fx.Navigate(f"#/{GAME}/by-link/{code}") in effects
    match = model.matches[slot]
    assert [(s.name, s.away) for s in match.seats] == [("P1", False), ("P2", True)]
    assert parse(f"#/{GAME}/by-link/{code}") == Route("game", GAME, by_link=code)


def test_two_players_by_link_each_device_keeps_its_copy_and_the_moves_come_and_go_in_links() -> None:
    ann, _ = set_up(device(), ("person", "friend"))
    assert ann.route == Route("game", GAME, by_link=by_link.new_id(77))
    ann = move(ann)
    assert shown(ann).friend_to_move == 1 and shown(ann).person_to_move is None
    page = view(ann)
    assert page.find_all(lambda e: e.attrs.get("class") == "send-move")
    first = sent_link(ann)

    bob, effects = open_link(device(), first)
    slot = Slot(GAME, by_link.new_id(77))
    assert bob.route == Route("game", GAME, by_link=by_link.new_id(77)) and bob.watching is None
    assert effects[:2] == [fx.SaveMatch(slot), fx.Navigate(href(bob.route), replace=True)]
    assert [(s.name, s.away) for s in shown(bob).seats] == [("P1", True), ("P2", False)]
    assert shown(bob).person_to_move == 1 and [n.key for n in bob.notices] == ["bylink.arrived.new"]
    assert not view(bob).find_all(lambda e: e.attrs.get("class") == "send-move")  # Bob's turn: nothing to send
    bob = move(bob)
    back = sent_link(bob)

    ann, effects = open_link(ann, back)
    assert [n.key for n in ann.notices][-1] == "bylink.arrived.moved"
    assert shown(ann).cursor == 2 and shown(ann).person_to_move == 0
    assert [s.away for s in shown(ann).seats] == [False, True]  # who plays here stays as this device has it
    assert fx.SaveMatch(slot) in effects

    # The same link again, and the older one: nothing changes, and the player is told so.
    again, effects = open_link(replace(ann, notices=()), back)
    assert shown(again) == shown(ann) and [n.key for n in again.notices] == ["bylink.arrived.same"]
    older, _ = open_link(replace(ann, notices=()), first)
    assert shown(older).cursor == 2 and [n.key for n in older.notices] == ["bylink.arrived.stale"]


def test_a_friend_s_move_cannot_be_played_or_taken_back_here() -> None:
    ann, _ = set_up(device(), ("person", "friend"))
    ann = move(ann)
    before = shown(ann)
    played, effects = update(ann, m.Play(cc.action_to_json(next(iter(cc.legal_actions(before.state)))), GAME))
    assert shown(played) is before and effects == []
    bob, _ = open_link(device(), sent_link(ann))
    assert bob.route.slot is not None and not by_link.made_here(shown(bob), 1)
    undone, effects = update(bob, m.Undo(game=GAME))
    assert shown(undone) is shown(bob) and effects == []  # Ann's move is hers to take back
    undo = view(bob).find_all(lambda e: e.attrs.get("data-action") == "undo")
    assert undo[0].attrs["disabled"] is True
    bob = move(bob)
    undone, _ = update(bob, m.Undo(game=GAME))
    assert shown(undone).cursor == 1  # his own move he can, before sending it


def test_three_players_by_link_each_link_goes_to_the_next_player() -> None:
    ann, _ = set_up(device(), ("person", "friend", "friend"), seed=5)
    ann = move(ann)
    bob, _ = open_link(device(), sent_link(ann))
    assert shown(bob).person_to_move == 1 and [s.away for s in shown(bob).seats] == [True, False, True]
    bob = move(bob)
    assert shown(bob).friend_to_move == 2  # the link goes on to Cleo
    cleo, _ = open_link(device(), sent_link(bob))
    assert shown(cleo).person_to_move == 2 and [s.away for s in shown(cleo).seats] == [True, True, False]
    cleo = move(cleo)
    ann, _ = open_link(ann, sent_link(cleo))
    assert shown(ann).cursor == 3 and shown(ann).person_to_move == 0
    assert shown(ann).played == shown(cleo).played


def test_computer_seats_play_on_the_device_of_the_person_who_moved_before_them() -> None:
    ann, effects = set_up(device(), ("person", "computer", "friend"), seed=8)
    ann = move(ann)
    slot = ann.route.slot
    effects = update(ann, m.Resume())[1]
    assert any(isinstance(e, fx.Think) and e.slot == slot for e in effects)  # the computer plays on Ann's device
    ann, _ = computer_plays(ann, effects)
    assert shown(ann).cursor == 2 and shown(ann).friend_to_move == 2
    bob, effects = open_link(device(), sent_link(ann))
    assert shown(bob).person_to_move == 2 and not [e for e in effects if isinstance(e, fx.Think)]
    bob = move(bob)
    assert shown(bob).friend_to_move == 0  # Ann next: no computer plays on Bob's device here
    ann, _ = open_link(ann, sent_link(bob))
    assert shown(ann).cursor == 3 and shown(ann).person_to_move == 0


def test_a_link_that_parts_from_the_game_here_is_kept_beside_it_until_the_player_chooses() -> None:
    ann, _ = set_up(device(), ("person", "friend"))
    ann = move(ann)
    bob, _ = open_link(device(), sent_link(ann))
    bob = move(bob)
    reply = sent_link(bob)
    # Meanwhile Ann took her move back and played another one: Bob's reply parts from her game at move 1.
    ann, _ = update(ann, m.Undo(game=GAME))
    ann = move(ann, random.Random(3))
    mine = shown(ann)
    assert mine.played[0] != shown(bob).played[0]
    ann, effects = open_link(replace(ann, notices=()), reply)
    slot = ann.route.slot
    assert shown(ann) is mine and ann.rivals[slot].played == shown(bob).played
    assert fx.SaveRival(slot) in effects
    notice = ann.notices[-1]
    assert (notice.key, notice.params, notice.level) == ("bylink.arrived.rival", {"move": 1}, "warning")
    page = view(ann)
    assert page.find_all(lambda e: e.attrs.get("class") == "rival")
    assert page.find_all(lambda e: e.attrs.get("class") == "table-body" and e.attrs.get("inert") is True)
    frozen, effects = update(ann, m.Play(cc.action_to_json(next(iter(cc.legal_actions(mine.state)))), GAME))
    assert effects == [] and shown(frozen) is mine  # no move until the choice

    kept, effects = update(ann, m.RivalKeep(game=GAME))
    assert shown(kept) is mine and slot not in kept.rivals and fx.SaveRival(slot) in effects
    took, effects = update(ann, m.RivalTake(game=GAME))
    assert shown(took).played == shown(bob).played and slot not in took.rivals
    assert [s.away for s in shown(took).seats] == [False, True]  # still Ann's seat here
    assert fx.SaveMatch(slot) in effects


def test_a_tampered_or_truncated_play_link_is_refused_and_nothing_is_stored() -> None:
    ann, _ = set_up(device(), ("person", "friend"))
    ann = move(ann)
    good = sent_link(ann)
    for bad in (good[:-9], good[:-3] + ("A" if good[-3] != "A" else "B") + good[-2:]):
        model, effects = open_link(device(), bad)
        assert model.watching is not None and model.watching.refused in link.REASONS
        assert model.matches == {} and not [
            e for e in effects if isinstance(e, fx.SaveMatch | fx.SaveRival | fx.SaveDraft | fx.SaveSettings)
        ]


def test_the_home_screen_lists_the_games_by_link_and_what_each_waits_for() -> None:
    ann, _ = set_up(device(), ("person", "friend"))
    waiting = move(ann)
    bob, _ = open_link(device(), sent_link(waiting))
    home = replace(waiting, route=Route("home"))
    rows = view(home).find_all(lambda e: e.attrs.get("class") == "by-link-game")
    assert [r.attrs["data-status"] for r in rows] == ["waiting"]
    assert "waiting for P2" in rows[0].text()
    rows = view(replace(bob, route=Route("home"))).find_all(lambda e: e.attrs.get("class") == "by-link-game")
    assert [r.attrs["data-status"] for r in rows] == ["your_turn"]
    assert not view(replace(bob, route=Route("home"))).find_all(lambda e: e.attrs.get("data-action") == "bylink-remove")


def test_a_game_by_link_that_is_over_can_be_taken_off_the_device() -> None:
    over = by_link.replace_seats(finished(GAME), (Seat("Ann"), Seat("Bob", away=True)))
    slot = Slot(GAME, by_link.new_id(1))
    model = device(matches={slot: over})
    remove = view(model).find_all(lambda e: e.attrs.get("data-action") == "bylink-remove")
    assert [r.attrs["data-value"] for r in remove] == [str(slot)]
    model, effects = update(model, m.ByLinkRemove(slot))
    assert slot not in model.matches and fx.SaveMatch(slot) in effects
    playing = device(matches={slot: over.undo()})
    assert update(playing, m.ByLinkRemove(slot))[0] is playing  # a game still in play stays


def test_games_by_link_and_their_rivals_are_stored_in_slots_of_their_own() -> None:
    store = Store(MemoryBackend())
    seats = (Seat("Ann"), Seat("Bob", away=True))
    mine = Match.new(cc, {"players": 2}, 4, seats).play(cc.action_from_text("3-14"))
    rival = Match.new(cc, {"players": 2}, 4, seats).play(cc.action_from_text("4-15"))
    slot = Slot(GAME, by_link.new_id(4))
    assert store.save_match(mine, slot) and store.save_rival(slot, rival)
    assert store.save_match(Match.new(cc, {"players": 2}, 9))
    store.backend.set("etoile:match:chinese-checkers/NOT_AN_ID", "{}")  # not a slot of this version: left alone
    again = Store(store.backend)
    assert set(again.matches()) == {Slot(GAME), slot}
    assert again.matches()[slot].seats == seats and again.rivals() == {slot: rival}
    assert again.problems == []
    assert "match:chinese-checkers/" in again.export_all()
    store.save_rival(slot, None)
    assert Store(store.backend).rivals() == {}


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from((2, 3)), turns=st.integers(1, 40))
def test_random_play_by_link_keeps_every_device_s_copy_a_prefix_of_the_game(seed: int, players: int, turns: int) -> None:
    rng = random.Random(seed)
    first, _ = set_up(device(), ("person", *("friend",) * (players - 1)), seed=seed)
    devices: dict[int, Model] = {0: first}
    for _ in range(turns):
        holder = next(d for d, m in devices.items() if m.route.slot and shown(m).person_to_move == d)
        model = move(devices[holder], rng)
        devices[holder] = model
        if shown(model).result is not None:
            break
        to = shown(model).friend_to_move
        assert to is not None
        devices[to], _ = open_link(devices.get(to, device()), sent_link(model))
        assert not devices[to].rivals
        assert shown(devices[to]).played == shown(model).played
    longest = max((shown(m) for m in devices.values()), key=lambda m: m.cursor)
    for model in devices.values():
        assert shown(model).played == longest.played[: shown(model).cursor]


def test_the_table_says_what_there_is_to_send_at_the_start_after_a_move_and_at_the_end() -> None:
    def heading(model: Model) -> str | None:
        found = view(model).find_all(lambda e: e.tag == "h2" and str(e.attrs.get("id", "")).startswith("send-title"))
        return found[0].text() if found else None

    starts, _ = set_up(device(), ("friend", "person"))  # the friend has the first move: the game goes to them first
    assert heading(starts) == "Send the game to P1, who starts"
    moved, _ = set_up(device(), ("person", "friend"))
    assert heading(moved) is None  # this device's turn
    assert heading(move(moved)) == "Send your move to P2"
    whole = finished(GAME)
    last = whole.game.to_move(whole.states[-2])
    slot = Slot(GAME, by_link.new_id(1))
    for away, said in ((1 - last, "The game is over"), (last, None)):
        seats = tuple(Seat(name, away=index == away) for index, name in enumerate(("Ann", "Bob")))
        model = device(matches={slot: by_link.replace_seats(whole, seats)}, route=Route("game", GAME, by_link=by_link.new_id(1)))
        assert heading(model) == said  # the end goes out from the device whose move ended the game


def test_a_link_that_differs_only_in_a_player_s_name_says_so_and_not_that_the_moves_part() -> None:
    ann, _ = set_up(device(), ("person", "friend"))
    ann = move(ann)
    bob, _ = open_link(device(), sent_link(ann))
    bob = move(bob)
    ann, _ = open_link(ann, sent_link(bob))
    mine, slot = shown(ann), ann.route.slot
    assert mine.cursor == 2
    renamed = by_link.replace_seats(mine, (mine.seats[0], replace(mine.seats[1], name="Robert")))
    ann, _ = open_link(replace(ann, notices=()), f"#/link/{link.encode(renamed, 'play', slot.code)}")
    assert shown(ann) is mine and ann.rivals[slot].played == mine.played
    [notice] = ann.notices
    assert (notice.key, notice.params, notice.level) == ("bylink.arrived.rival_players", {}, "warning")
    told = notice_text(notice, catalog("en"))
    assert told == "The players in this link are not those of the game on this device: choose the one that goes on."
    [panel] = view(ann).find_all(lambda e: e.attrs.get("class") == "rival")
    assert [e.text() for e in panel.find_all(lambda e: e.tag in ("h2", "p"))] == [
        "The players in this link are not those of the game on this device",
        "On this device: P1, P2. In the link: P1, Robert.",
        "The moves are the same in both. Both games are kept until you choose the one that goes on.",
    ]


def test_a_link_of_another_game_under_the_same_id_says_so() -> None:
    ann, _ = set_up(device(), ("person", "friend"))
    ann = move(ann)
    mine, slot = shown(ann), ann.route.slot
    other = Match.new(cc, {"players": 2}, mine.seed + 1, mine.seats).play_all(mine.played)
    ann, _ = open_link(replace(ann, notices=()), f"#/link/{link.encode(other, 'play', slot.code)}")
    [notice] = ann.notices
    assert (notice.key, notice.params) == ("bylink.arrived.rival_game", {})
    [panel] = view(ann).find_all(lambda e: e.attrs.get("class") == "rival")
    assert [e.text() for e in panel.find_all(lambda e: e.tag in ("h2", "p"))] == [
        "This link holds another game under the same id",
        "It was set up otherwise (other options, or another start) than the game on this device.",
        "The moves are the same in both. Both games are kept until you choose the one that goes on.",
    ]
