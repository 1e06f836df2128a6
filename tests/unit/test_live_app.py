"""A live table in the app, two devices' models in memory: the setup, the invitation and its answer, the channel,
the welcome, a game played from both devices through the host, a reload of either and the guest's rejoin. The
runtime's part (the data channels, storage) is played by :class:`Wire`, which carries each effect to its end."""

from __future__ import annotations

import json
from collections import deque
from dataclasses import replace

import pytest

from etoile.app import effects as fx
from etoile.app import messages as m
from etoile.app.effects import Effect
from etoile.app.live import AWAY_WAIT, LINK_WAIT, restore
from etoile.app.model import Model
from etoile.app.play import link_url
from etoile.app.update import update
from etoile.engine.dice import Roll
from etoile.engine.match import Match
from etoile.engine.slot import Slot
from etoile.saved.history import Entry
from etoile.saved.settings import Settings
from etoile.saved.storage import LIVE, PREFIX, MemoryBackend, Store
from etoile.sharing import handshake, link
from etoile.sharing.fair_dice import throws, verdict
from etoile.sharing.live import Kept
from etoile.ui.views import view

FINGERPRINT = bytes(range(32))


def shake(kind: str, table: str, invitation: int) -> str:
    """A handshake's text as the runtime would make it (the browser's description is not needed here)."""
    mdns = handshake.Candidate("1f0c4c0e-2a6b-4d3e-9f00-0123456789ab.local", 5000 + invitation)
    return handshake.encode(handshake.Handshake(kind, table, invitation, "ufra", "p" * 24, FINGERPRINT, (mdns,)))


class Wire:
    """Two devices, ``host`` and ``guest``, and what their runtimes would do with each effect: the connections
    (the invitation's channel opens once the host reads the guest's answer), the messages on them, storage."""

    def __init__(self) -> None:
        self.models = {"host": Model(settings=Settings(name="Ann")), "guest": Model(settings=Settings(name="Bob"))}
        self.stores = {name: Store(MemoryBackend()) for name in self.models}
        self.queue: deque[tuple[str, m.Msg]] = deque()
        self.open = False
        self.device = 0  # the guest's device number at the host: its invitation's
        self.archived: dict[str, list[Entry]] = {name: [] for name in self.models}
        self.later: list[fx.Later] = []  # the messages the runtime would send after a while (not sent here)

    def send(self, device: str, msg: m.Msg) -> None:
        self.queue.append((device, msg))
        while self.queue:
            name, message = self.queue.popleft()
            self.models[name], effects = update(self.models[name], message)
            for effect in effects:
                self.carry(name, effect)

    def carry(self, name: str, effect: Effect) -> None:
        model, store = self.models[name], self.stores[name]
        match effect:
            case fx.Later():
                self.later.append(effect)
            case fx.Invite(table, device):
                self.queue.append((name, m.Invited(table, device, shake("offer", table, device))))
            case fx.AnswerInvitation(text):
                offer = handshake.decode(text)
                self.queue.append(
                    (name, m.Answered(offer.table, offer.invitation, shake("answer", offer.table, offer.invitation)))
                )
            case fx.Accept(text):  # the device that reads the answer holds the table
                answer = handshake.decode(text)
                self.open, self.device = True, answer.invitation
                self.queue.append((name, m.PeerOpened(answer.table, answer.invitation)))
                self.queue.append((other(name), m.PeerOpened(answer.table, 0)))
            case fx.Transmit(table, device, text, close) if self.open:
                hosting = any(live.host is not None and live.table == table for live in model.live.values())
                self.queue.append((other(name), m.PeerSaid(table, 0 if hosting else self.device, text)))
                if close:  # sent, then the channel closes on both ends
                    self.open = False
                    self.queue += [(other(name), m.PeerClosed(table, 0)), (name, m.PeerClosed(table, self.device))]
            case fx.SaveMatch(slot) if slot in model.matches:
                store.save_match(model.matches[slot], slot)
            case fx.SaveMatch(slot):
                store.delete_match(slot)
            case fx.SaveLive(slot):
                live = model.live[slot]
                store.save_live(slot, (live.host or live.guest).kept())  # type: ignore[union-attr]
            case fx.Navigate(hash_):
                self.queue.append((name, m.RouteChanged(hash_)))
            case fx.Archive(match, fair):
                self.archived[name].append(Entry.of(match, "2026-12-06T21:00", fair))

    def cut(self, name: str) -> None:
        """The connection drops: the device ``name`` finds out (the other, when it is told)."""
        self.open = False
        self.send(name, m.PeerClosed(slot_of(self.models[name]).code or "", 0 if name == "guest" else self.device))

    def reload(self, name: str) -> None:
        """The device's page loaded again: its games and live tables from its storage, no connection."""
        store = self.stores[name]
        before = self.models[name]
        model = Model(route=before.route, settings=before.settings, matches=store.matches(), address=before.address)
        self.models[name] = restore(model, store.live_tables())
        self.open = False
        self.send(name, m.Resume())


def other(name: str) -> str:
    return "guest" if name == "host" else "host"


def slot_of(model: Model) -> Slot:
    return next(iter(model.live))


def set_up(wire: Wire, game: str = "generala") -> Slot:
    """Ann sets up ``game`` with Bob on his own device; Bob opens her invitation and joins; she reads his answer."""
    wire.send("host", m.RouteChanged(f"#/{game}/new"))
    wire.send("host", m.SetupPlayers(2, game))
    wire.send("host", m.SetupSeatKind(1, "device", game))
    wire.send("host", m.SetupSeatName(1, "Bob", game))
    wire.send("host", m.SetupStart(7, game, "ab" * 32))
    host = wire.models["host"]
    slot = slot_of(host)
    assert host.route.slot == slot and list(host.live[slot].invitations) == [1]
    wire.send("guest", m.RouteChanged("#/join/" + host.live[slot].invitations[1]))
    assert wire.models["guest"].joining is not None
    wire.send("guest", m.LiveJoin("cd" * 32))
    answer = wire.models["guest"].joining.answer  # type: ignore[union-attr]
    assert answer is not None
    wire.send("host", m.LiveAnswer(f"https://x.example/#/answer/{answer}"))
    return slot


def playing(game: str = "generala", actions: int | None = 0) -> tuple[Wire, Slot]:
    """A table of ``game`` set up and joined (:func:`set_up`), started, ``actions`` actions into its game."""
    wire = Wire()
    slot = set_up(wire, game)
    wire.send("host", m.LiveStart(game))
    play_some(wire, slot, actions)
    return wire, slot


def play_some(wire: Wire, slot: Slot, actions: int | None) -> None:
    """Play ``actions`` actions, each from the device of the seat to move (the first legal one)."""
    played = 0
    while actions is None or played < actions:
        played += 1
        host = wire.models["host"].live[slot].host
        assert host is not None and host.throw is None
        match = host.match
        if match.result is not None:
            return
        seat = match.game.to_move(match.state)
        device = "host" if seat == host.devices[0].seat else "guest"
        action = match.game.legal_actions(match.state)[0]
        wire.send(device, m.Play(match.game.action_to_json(action), slot.game))


def test_a_table_set_up_joined_and_played_from_both_devices_stays_the_same_on_each() -> None:
    wire = Wire()
    slot = set_up(wire)
    host, guest = wire.models["host"], wire.models["guest"]
    assert guest.route.slot == slot and guest.live[slot].guest is not None and guest.joining is None
    assert [s.name for s in host.matches[slot].seats] == ["Ann", "Bob"]
    assert [s.away for s in guest.matches[slot].seats] == [True, False]  # on Bob's device, Ann plays elsewhere
    wire.send("host", m.LiveStart("generala"))
    play_some(wire, slot, 14)
    host, guest = wire.models["host"], wire.models["guest"]
    assert host.matches[slot].played == guest.matches[slot].played and host.matches[slot].cursor > 14
    assert guest.live[slot].guest.unchecked is None  # type: ignore[union-attr]
    panel = view(guest).find_all(lambda e: e.attrs.get("class") == "live-seats")
    assert panel and "on this device" in panel[0].text()


@pytest.mark.parametrize("game", ["421", "generala", "chinese-checkers"])
def test_a_whole_game_of_each_kind_played_live_ends_the_same_on_both_devices(game: str) -> None:
    wire, slot = playing(game, None)
    host, guest = wire.models["host"], wire.models["guest"]
    assert host.matches[slot].result is not None and host.matches[slot].played == guest.matches[slot].played
    assert guest.live[slot].guest.unchecked is None  # type: ignore[union-attr]
    assert host.notices == guest.notices == ()


def test_a_guest_reloaded_rejoins_by_a_new_invitation_and_goes_on_from_the_host_s_record() -> None:
    wire, slot = playing(actions=6)
    wire.reload("guest")
    guest = wire.models["guest"]
    assert guest.live[slot].guest is not None and guest.matches[slot].played == wire.models["host"].matches[slot].played
    assert wire.stores["guest"].backend.get(PREFIX + LIVE + str(slot)) is not None
    wire.send("host", m.PeerClosed(slot.code or "", 1))  # the host sees Bob go: his seat away, a new invitation
    host = wire.models["host"]
    assert not host.live[slot].host.devices[1].present and list(host.live[slot].invitations) == [2]  # type: ignore[union-attr]
    wire.send("guest", m.RouteChanged("#/join/" + host.live[slot].invitations[2]))
    wire.send("guest", m.LiveJoin("ef" * 32))  # a fresh secret, but the chain Bob committed to goes on
    wire.send("host", m.LiveAnswer(wire.models["guest"].joining.answer or ""))  # type: ignore[union-attr]
    host, guest = wire.models["host"], wire.models["guest"]
    assert host.live[slot].host.devices[2].seat == 1  # type: ignore[union-attr]
    assert guest.joining is None and guest.live[slot].guest.device == 2  # type: ignore[union-attr]  # welcomed again
    segments = [(s.device, s.first) for s in host.live[slot].host.fair.segments]  # type: ignore[union-attr]
    assert segments[0] == (0, 0) and [d for d, _ in segments[1:]] == [1, 2]
    play_some(wire, slot, 8)
    host, guest = wire.models["host"], wire.models["guest"]
    assert host.matches[slot].played == guest.matches[slot].played
    assert guest.live[slot].guest.unchecked is None  # type: ignore[union-attr]


def test_a_host_reloaded_keeps_its_table_and_invites_again_and_its_saved_game_is_not_thrown_by_the_seed() -> None:
    wire = Wire()
    slot = set_up(wire)
    wire.send("host", m.LiveStart("generala"))
    wire.open = False
    play_some(wire, slot, 1)  # Ann throws: the dice are in the air until Bob's link comes, which it never does
    wire.reload("host")
    host = wire.models["host"]
    table = host.live[slot].host
    assert table is not None and table.started and not table.devices[1].present
    assert host.matches[slot].cursor == wire.stores["host"].match(slot).cursor  # type: ignore[union-attr]
    record = json.loads(wire.stores["host"].backend.get(PREFIX + LIVE + str(slot)) or "{}")["data"]
    assert Kept.from_json(record).role == "host" and "secret" in record
    wire.send("host", m.RouteChanged("#/generala/by-link/" + (slot.code or "")))
    assert wire.models["host"].live[slot].invitations  # an invitation for Bob, to come back
    assert "live:" not in wire.stores["host"].export_all()


def test_an_answer_that_is_not_one_or_not_for_this_table_is_told_and_changes_nothing() -> None:
    wire = Wire()
    wire.send("host", m.RouteChanged("#/generala/new"))
    wire.send("host", m.SetupSeatKind(1, "device", "generala"))
    wire.send("host", m.SetupStart(7, "generala", "ab" * 32))
    before = wire.models["host"]
    for text, key in (("hello", "live.answer_unreadable"), (shake("answer", "zzzzzzzz", 1), "live.answer_unknown")):
        after, effects = update(before, m.LiveAnswer(text))
        assert [n.key for n in after.notices][-1:] == [key] and effects == []
        assert after.live == before.live
    offer = before.live[slot_of(before)].invitations[1]
    after, effects = update(before, m.LiveAnswer(offer))  # the invitation itself pasted back
    assert after.notices[-1].key == "live.answer_unknown" and effects == []
    assert replace(after, notices=()) == replace(before, notices=(), next_notice=after.next_notice)


def test_a_match_saved_by_a_live_table_is_not_settled_from_its_seed() -> None:
    store = Store(MemoryBackend())
    wire = Wire()
    slot = set_up(wire)
    wire.send("host", m.LiveStart("generala"))
    wire.open = False  # Bob's link never comes: the dice stay in the air
    play_some(wire, slot, 1)
    match = wire.models["host"].matches[slot]
    assert wire.models["host"].live[slot].host.throw is not None  # type: ignore[union-attr]
    store.save_match(match, slot)
    assert isinstance(store.match(slot), Match) and store.match(slot).cursor > match.cursor  # type: ignore[union-attr]
    store.save_live(slot, wire.models["host"].live[slot].host.kept())  # type: ignore[union-attr]
    assert store.match(slot).cursor == match.cursor  # type: ignore[union-attr]


def test_one_invitation_is_made_at_a_time_however_often_the_table_is_shown_meanwhile() -> None:
    """Found by the random clicks: going back to the table while its first invitation was being made asked for a
    second under the same number, which closed the first connection under its own listeners."""
    model, _ = update(Model(settings=Settings(name="Ann")), m.RouteChanged("#/generala/new"))
    model, _ = update(model, m.SetupSeatKind(1, "device", "generala"))
    model, effects = update(model, m.SetupStart(7, "generala", "ab" * 32))
    slot = slot_of(model)
    assert [e for e in effects if isinstance(e, fx.Invite)] == [fx.Invite(slot.code or "", 1)]
    for hash_ in ("#/history", f"#/generala/by-link/{slot.code}"):
        model, effects = update(model, m.RouteChanged(hash_))
        assert not [e for e in effects if isinstance(e, fx.Invite)]
    panel = view(model).find_all(lambda e: e.attrs.get("class") == "live-panel")[0]
    assert "Making the next invitation" in panel.text()
    model, _ = update(model, m.Invited(slot.code or "", 1, shake("offer", slot.code or "", 1)))
    assert view(model).find_all(lambda e: e.attrs.get("id") == "live-invite-generala")


def watched(url: str) -> Model:
    """A device that opens ``url``, a link to watch a game."""
    return update(Model(), m.RouteChanged("#/link/" + url.partition("#/link/")[2]))[0]


@pytest.mark.parametrize("game", ["421", "generala"])
def test_a_live_game_s_record_carries_its_dice_and_every_throw_checks_wherever_it_is_opened(game: str) -> None:
    wire, slot = playing(game, None)
    for name in ("host", "guest"):
        (entry,) = wire.archived[name]
        shared = entry.opened()
        assert shared.fair == wire.models[name].live[slot].fair
        dice = verdict(shared.match, shared.fair)
        assert dice.unchecked is None
        assert dice.throws == len(list(throws(shared.match))) > 3
    viewer = watched(link_url(wire.models["guest"], slot, "watch"))
    assert viewer.watching is not None and viewer.watching.dice == dice
    assert f"Every throw checked: {dice.throws} throws" in view(viewer).text()
    shown = view(wire.models["guest"]).text()
    assert f"Every throw checked: {dice.throws} throws" in shown  # on the table itself, as the guest checked it


def test_a_throw_changed_in_a_live_game_s_record_is_named_where_it_is_watched() -> None:
    wire, slot = playing("421", 30)
    match, fair = wire.models["host"].matches[slot], wire.models["host"].live[slot].fair
    number, _, roll = list(throws(match))[-1]
    index = max(i for i, a in enumerate(match.played) if isinstance(a, Roll))
    changed = Roll(tuple(face % 6 + 1 for face in roll.faces))
    tampered = Match.new(match.game, match.options, match.seed, match.seats).play_all([*match.played[:index], changed])
    viewer = watched("#/link/" + link.encode(tampered, "watch", fair=fair))
    assert viewer.watching is not None and viewer.watching.dice is not None
    assert viewer.watching.dice.unchecked == number
    assert f"Throw {number + 1} does not check" in view(viewer).text()
    bad = link.pack({**tampered.to_json(), "fair": {"table": 3}}, "watch")  # fair dice that are not any
    assert watched("#/link/" + bad).watching.refused == "not_a_game"  # type: ignore[union-attr]


def test_a_seat_away_for_a_while_may_be_played_by_the_computer_until_its_device_is_back() -> None:
    wire, slot = playing(actions=4)
    wire.cut("guest")
    wire.later.clear()
    wire.send("host", m.PeerClosed(slot.code or "", 1))
    later = [e for e in wire.later if isinstance(e.msg, m.LiveAway)]
    assert [(e.seconds, e.msg) for e in later] == [(AWAY_WAIT, m.LiveAway(slot.code or "", 1))]
    assert "Let the computer play for Bob" not in view(wire.models["host"]).text()  # not before the wait
    wire.send("host", later[0].msg)
    shown = view(wire.models["host"]).text()
    assert "Let the computer play for Bob" in shown and "End the game for everyone" in shown
    wire.send("host", m.LiveTakeOver(1, "generala"))
    host = wire.models["host"]
    assert host.matches[slot].seats[1].computer == "win" and "Let the computer play" not in view(host).text()
    while host.matches[slot].computer_to_move is not None:  # the host's device plays Bob's turns meanwhile
        match = host.matches[slot]
        wire.send(
            "host", m.ComputerMove(match.cursor, match.game.action_to_json(match.game.legal_actions(match.state)[0]), "generala")
        )
        host = wire.models["host"]
    wire.send("guest", m.RouteChanged("#/join/" + host.live[slot].invitations[2]))  # Bob comes back: his seat again
    wire.send("guest", m.LiveJoin("ef" * 32))
    wire.send("host", m.LiveAnswer(wire.models["guest"].joining.answer or ""))  # type: ignore[union-attr]
    host, guest = wire.models["host"], wire.models["guest"]
    assert host.matches[slot].seats[1].computer is None and host.live[slot].overdue == frozenset()
    assert guest.matches[slot].seats[1].computer is None and guest.matches[slot].played == host.matches[slot].played
    play_some(wire, slot, 6)
    assert wire.models["guest"].matches[slot].played == wire.models["host"].matches[slot].played


def test_the_host_may_end_the_game_for_everyone_and_each_device_keeps_it_in_its_history() -> None:
    wire, slot = playing("421", 5)
    played = wire.models["host"].matches[slot].played
    wire.send("host", m.LiveEnd("421"))
    for name, notice in (("host", "live.ended_here"), ("guest", "live.ended")):
        model = wire.models[name]
        assert slot not in model.matches and slot not in model.live and model.route.screen == "home"
        assert [n.key for n in model.notices] == [notice]
        assert wire.stores[name].matches().get(slot) is None and wire.stores[name].live_tables() == {}
        (entry,) = wire.archived[name]
        assert entry.ended == "abandoned" and entry.opened().match.played == played
        assert entry.opened().fair == wire.archived["host"][0].opened().fair


def test_when_the_host_is_gone_the_game_goes_on_from_a_guest_s_device_as_a_new_table_every_throw_still_checked() -> None:
    wire, slot = playing(actions=9)
    wire.cut("guest")  # Ann's device is gone
    assert "Go on with this device as the table" in view(wire.models["guest"]).text()
    wire.send("guest", m.LiveGoOn(11, "98" * 32, "generala"))
    bob = wire.models["guest"]
    table = bob.live[slot].host
    assert table is not None and table.started and bob.route.slot == slot  # the same game, in the same slot
    assert table.fair.id != slot.code and table.fair.origin == slot.code and table.missing() == [0]
    assert [s.away for s in bob.matches[slot].seats] == [True, False] and "Invite Ann" in view(bob).text()
    wire.send("host", m.RouteChanged("#/join/" + bob.live[slot].invitations[1]))  # Ann's device, back, joins Bob's table
    wire.send("host", m.LiveJoin("76" * 32))
    wire.send("guest", m.LiveAnswer(wire.models["host"].joining.answer or ""))  # type: ignore[union-attr]
    ann, bob = wire.models["host"], wire.models["guest"]
    assert ann.live[slot].guest is not None and ann.live[slot].guest.seat == 0 and list(ann.live) == [slot]
    while (held := wire.models["guest"].live[slot].host) is not None and held.match.result is None:
        match = held.match
        seat = match.game.to_move(match.state)
        device = "guest" if seat == held.devices[0].seat else "host"
        wire.send(device, m.Play(match.game.action_to_json(match.game.legal_actions(match.state)[0]), slot.game))
    ann, bob = wire.models["host"], wire.models["guest"]
    assert ann.matches[slot].result is not None and ann.matches[slot].played == bob.matches[slot].played
    assert ann.live[slot].guest.unchecked is None  # type: ignore[union-attr]
    (entry,) = wire.archived["guest"]
    shared = entry.opened()
    assert shared.fair is not None and shared.fair.before is not None
    assert verdict(shared.match, shared.fair).unchecked is None and shared.fair.start > 2


def test_the_host_reads_the_answer_with_the_camera_where_the_browser_reads_qr_codes() -> None:
    wire = Wire()
    wire.models["host"] = replace(wire.models["host"], can_scan=True)
    wire.send("host", m.RouteChanged("#/generala/new"))
    wire.send("host", m.SetupSeatKind(1, "device", "generala"))
    wire.send("host", m.SetupStart(7, "generala", "ab" * 32))
    host = wire.models["host"]
    slot = slot_of(host)
    assert "Scan their answer with this device’s camera" in view(host).text()
    assert "Scan their answer" not in view(replace(host, can_scan=False)).text()
    host, effects = update(host, m.LiveScan(True, "generala"))
    assert effects == [fx.Scan(slot.code or "")] and host.live[slot].scanning
    assert view(host).find_all(lambda e: e.attrs.get("id") == "live-scanner")
    failed, _ = update(host, m.LiveScanned(slot.code or "", failed="denied"))
    assert not failed.live[slot].scanning and [n.key for n in failed.notices] == ["live.scan_failed.denied"]
    stopped, effects = update(host, m.LiveScan(False, "generala"))
    assert effects == [fx.StopScan()] and not stopped.live[slot].scanning
    wire.models["host"] = host
    wire.send("guest", m.RouteChanged("#/join/" + host.live[slot].invitations[1]))
    wire.send("guest", m.LiveJoin("cd" * 32))
    answer = wire.models["guest"].joining.answer  # type: ignore[union-attr]
    wire.send("host", m.LiveScanned(slot.code or "", f"https://x.example/#/answer/{answer}"))  # the code's text: a link
    host = wire.models["host"]
    assert not host.live[slot].scanning and host.live[slot].connected == {1}


def test_at_most_seven_seats_are_played_on_other_devices_eight_devices_in_all() -> None:
    model = update(Model(settings=Settings(name="Ann")), m.RouteChanged("#/generala/new"))[0]
    model = update(model, m.SetupPlayers(9, "generala"))[0]
    for seat in range(1, 9):
        model = update(model, m.SetupSeatKind(seat, "device", "generala"))[0]
    setup = model.setups["generala"]
    assert [s.kind for s in setup.seats] == ["person", *["device"] * 7, "computer"] and setup.guests_full
    options = view(model).find_all(lambda e: e.tag == "option" and e.attrs.get("value") == "device")
    assert [bool(o.attrs.get("disabled")) for o in options] == [True, *[False] * 7, True]


def test_a_message_the_host_refuses_is_told_on_both_devices_in_words() -> None:
    wire, slot = playing(actions=2)
    played = wire.models["host"].matches[slot].played
    wire.send("host", m.PeerSaid(slot.code or "", wire.device, '{"t":"act","at":0,"action":{"throw":[]}}'))
    host, guest = wire.models["host"], wire.models["guest"]
    assert [n.key for n in host.notices] == ["live.refused_guest"] and [n.key for n in guest.notices] == ["live.refused"]
    assert "Bob’s device sent what the table refused: not its turn." in view(host).text()
    assert "The table refused this device’s last message: not its turn." in view(guest).text()
    assert host.matches[slot].played == guest.matches[slot].played == played and guest.live[slot].guest.refused is None  # type: ignore[union-attr]


def test_the_table_s_rules_say_its_waits_as_the_table_keeps_them() -> None:
    text = view(playing()[0].models["guest"]).text()
    assert (LINK_WAIT, AWAY_WAIT) == (10.0, 60.0)  # the words below say so, in every language: change them together
    assert "A throw waits ten seconds for each device’s part." in text
    assert "When a seat’s device has been away for a minute" in text


def test_a_live_game_s_exported_file_says_on_import_whether_every_throw_checks() -> None:
    wire, slot = playing("421", None)
    match, fair = wire.models["host"].matches[slot], wire.models["host"].live[slot].fair
    record = match.to_json() | {"fair": fair.to_json()}  # what "Export the game" writes for a live game
    opener = update(Model(), m.RouteChanged("#/421"))[0]
    model = update(opener, m.ImportGame(json.dumps(record), "421"))[0]
    throws_ = len(list(throws(match)))
    assert [n.key for n in model.notices] == ["table.imported", "dice.checked"]
    assert not any(seat.away for seat in model.matches[Slot("421")].seats)  # every seat played here now
    assert f"Every throw checked: {throws_} throws" in view(model).text()
    number, _, roll = list(throws(match))[-1]
    index = max(i for i, a in enumerate(match.played) if isinstance(a, Roll))
    changed = Match.new(match.game, match.options, match.seed, match.seats).play_all(
        [*match.played[:index], Roll(tuple(face % 6 + 1 for face in roll.faces))]
    )
    model = update(opener, m.ImportGame(json.dumps(changed.to_json() | {"fair": fair.to_json()}), "421"))[0]
    assert f"Throw {number + 1} does not check" in view(model).text()
    plain = update(opener, m.ImportGame(json.dumps(match.to_json()), "421"))[0]
    assert [n.key for n in plain.notices] == ["table.imported"]  # a file of a game on one device says nothing of dice
