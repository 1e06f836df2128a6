"""A live table's protocol, played in memory: a host and its guests passing the messages a data channel would carry,
whole games of each dice game, and every fault the issue names (an illegal or out-of-turn action, a message that is
not one, a guest that never reveals its link, one that reloads and rejoins, a host that lies about a throw)."""

from __future__ import annotations

import json
import random
from collections import deque
from typing import Any

import pytest

from etoile.engine.dice import Roll
from etoile.engine.game import CHANCE
from etoile.engine.match import Match, Seat
from etoile.games.four21 import rules as four21
from etoile.games.generala import rules as generala
from etoile.sharing import fair_dice
from etoile.sharing.fair_dice import Chain
from etoile.sharing.live import MAX_MESSAGE, STRIKES, GuestTable, HostTable, Out, Refused


def chain(name: str) -> Chain:
    return Chain.new(name.encode().ljust(32, b"."), 800)


class Room:
    """A host and its guests on one machine: :meth:`deliver` carries each message to its device and each answer
    back, until nothing is left to send; a guest that is :attr:`asleep` receives nothing and answers nothing."""

    def __init__(self, match: Match, guests: dict[int, str]) -> None:
        seats = {i for i, seat in enumerate(match.seats) if seat.name in guests.values()}
        self.host, out = HostTable.open(match, "k3j9x2ab", chain("host"), guests=seats)
        self.guests: dict[int, GuestTable] = {}
        self.chains = {device: chain(name) for device, name in guests.items()}
        self.asleep: set[int] = set()
        self.closed: set[int] = set()
        self.refusals: list[tuple[int, str]] = []
        self.deliver(out)
        for device, name in guests.items():
            self.join(device, name)
        self.host, out = self.host.start()
        self.deliver(out)

    def join(self, device: int, name: str, spent: int = 0) -> None:
        self.closed.discard(device)
        hello = GuestTable.hello(name, self.chains[device], spent)
        self.host, out = self.host.receive(device, json.dumps(hello))
        welcome = next(o for o in out if o.message["t"] == "welcome")
        self.guests[device] = GuestTable.welcomed(json.loads(welcome.text()), self.chains[device], spent)
        self.deliver([o for o in out if o is not welcome])

    def deliver(self, out: list[Out]) -> None:
        queue = deque(out)
        while queue:
            item = queue.popleft()
            targets = [item.device] if item.device is not None else sorted(self.guests)
            for device in targets:
                if device in self.asleep or device in self.closed or device not in self.guests:
                    continue
                if item.message["t"] == "refused":
                    self.refusals.append((device, item.message["reason"]))
                if item.close:
                    self.closed.add(device)
                    continue
                self.guests[device], answers = self.guests[device].receive(item.text())
                for answer in answers:
                    self.host, more = self.host.receive(device, json.dumps(answer))
                    queue.extend(more)

    def send(self, device: int, message: dict[str, Any] | str) -> None:
        """A message from a guest (``device`` ≥ 1) or the host's own action (0)."""
        text = message if isinstance(message, str) else json.dumps(message)
        if device == 0:
            self.host, out = self.host.act(0, json.loads(text))
        else:
            self.host, out = self.host.receive(device, text)
        self.deliver(out)

    def play_on(self, rng: random.Random, until: int | None = None) -> None:
        """Play at random, each seat from its own device (the host for its seat and the computer's), to the end
        or until ``until`` actions are played."""
        while self.host.match.result is None and (until is None or self.host.match.cursor < until):
            match = self.host.match
            seat = match.game.to_move(match.state)
            assert seat is not CHANCE, "a throw waits for nothing but links"
            action = rng.choice(list(match.game.legal_actions(match.state)))
            device = next((d for d, g in self.host.devices.items() if g.seat == seat), 0)
            if match.seats[seat].computer is not None:
                device = 0  # the computer's seats, played on the host's device
            if device and not self.host.devices[device].present:
                return  # the table waits for the player who is away
            if device:
                self.send(device, self.guests[device].act(action))
            else:
                self.send(0, {"t": "act", "at": match.cursor, "action": match.game.action_to_json(action)})


def test_a_whole_generala_game_across_three_devices_ends_the_same_on_each_with_every_throw_checked() -> None:
    match = Match.new(generala, {"players": 3}, 11, (Seat("Ann"), Seat("Bob"), Seat("Cy")))
    room = Room(match, {1: "Bob", 2: "Cy"})
    assert [g.seat for g in room.guests.values()] == [1, 2]
    room.play_on(random.Random(3))
    host = room.host.match
    assert host.result is not None and room.refusals == []
    for guest in room.guests.values():
        assert guest.match.played == host.played and guest.unchecked is None
        assert guest.fair == room.host.fair
    assert fair_dice.first_unchecked(host, room.host.fair) is None
    counts = [s.count for s in room.host.fair.segments]
    assert counts[0] == counts[1] == counts[2] == sum(1 for _ in fair_dice.throws(host)) > 39  # 3 × 13 turns at least


def test_a_421_game_with_a_computer_seat_played_by_the_host_ends_the_same_on_the_guests_device() -> None:
    match = Match.new(four21, {"players": 3}, 5, (Seat("Ann"), Seat("Bob"), Seat("CPU", computer="easy")))
    room = Room(match, {1: "Bob"})
    room.play_on(random.Random(8))
    assert room.host.match.result is not None and room.guests[1].match.played == room.host.match.played
    assert room.guests[1].unchecked is None and room.refusals == []


def generala_room() -> Room:
    return Room(Match.new(generala, {"players": 2}, 4, (Seat("Ann"), Seat("Bob"))), {1: "Bob"})


def test_an_action_out_of_turn_illegal_or_malformed_is_refused_never_applied_and_repeated_disconnects() -> None:
    room = generala_room()
    match = room.host.match
    assert match.game.to_move(match.state) == 0  # Ann, on the host, throws first
    action = match.game.legal_actions(match.state)[0]
    room.send(1, {"t": "act", "at": match.cursor, "action": match.game.action_to_json(action)})
    assert room.refusals == [(1, "out_of_turn")] and room.host.match is match
    room.send(1, "{not json")
    assert room.refusals[-1] == (1, "malformed") and 1 not in room.closed
    room.send(1, json.dumps({"t": "act", "pad": "x" * MAX_MESSAGE}))
    assert room.refusals[-1] == (1, "too_large")
    assert room.host.devices[1].strikes == STRIKES and 1 in room.closed and not room.host.devices[1].present
    assert room.host.match is match and room.guests[1].match.played == match.played


def test_an_illegal_action_on_the_guests_own_turn_is_refused() -> None:
    room = generala_room()
    rng = random.Random(2)
    while room.host.match.game.to_move(room.host.match.state) != 1:
        room.play_on(rng, until=room.host.match.cursor + 1)
    match = room.host.match
    room.send(1, {"t": "act", "at": match.cursor, "action": {"fill": "no-such-box"}})
    room.send(
        1, {"t": "act", "at": match.cursor - 1, "action": match.game.action_to_json(match.game.legal_actions(match.state)[0])}
    )
    assert room.refusals == [(1, "illegal"), (1, "out_of_turn")] and room.host.match is match


def test_a_guest_that_never_reveals_is_dropped_from_the_throw_and_the_others_still_check_it() -> None:
    match = Match.new(generala, {"players": 3}, 2, (Seat("Ann"), Seat("Bob"), Seat("Cy")))
    room = Room(match, {1: "Bob", 2: "Cy"})
    room.asleep.add(2)
    first = room.host.match
    room.send(0, {"t": "act", "at": first.cursor, "action": first.game.action_to_json(first.game.legal_actions(first.state)[0])})
    assert room.host.throw is not None and room.host.throw.waiting == {2}
    room.host, out = room.host.timed_out()
    assert [(o.device, o.message["reason"], o.close) for o in out if o.message["t"] == "refused"] == [(2, "late", True)]
    room.deliver(out)
    assert not room.host.devices[2].present and room.host.throw is None
    assert room.guests[1].match.played == room.host.match.played and room.guests[1].unchecked is None
    throw = room.host.fair.links_of(0)
    assert len(throw) == 2  # the host's and Bob's: Cy's link never came


def test_a_guest_that_reloads_rejoins_under_its_name_catches_up_and_plays_on_to_the_end() -> None:
    room = generala_room()
    rng = random.Random(9)
    room.play_on(rng, until=12)
    room.host, out = room.host.left(1)
    room.deliver(out)
    del room.guests[1]
    room.play_on(rng, until=14)  # Bob's turn comes: the table waits for him
    spent = sum(1 for s in room.host.fair.segments if s.device == 1 for _ in range(s.count))
    room.join(1, "Bob", spent)  # the same chain, from the link after its last revealed
    assert room.guests[1].match.played == room.host.match.played and room.guests[1].unchecked is None
    room.play_on(rng)
    assert room.host.match.result is not None and room.guests[1].match.played == room.host.match.played
    assert [s.device for s in room.host.fair.segments] == [0, 1, 1]
    assert fair_dice.first_unchecked(room.host.match, room.host.fair) is None


def test_a_link_that_is_not_the_one_committed_to_is_refused_and_the_throw_still_waits_for_the_right_one() -> None:
    room = generala_room()
    first = room.host.match
    keep = {"t": "act", "at": first.cursor, "action": first.game.action_to_json(first.game.legal_actions(first.state)[0])}
    room.host, out = room.host.act(0, keep)
    room.deliver([o for o in out if o.message["t"] != "throw"])  # Bob hears of the keep; his own answer is sent by hand
    room.send(1, {"t": "link", "n": 0, "link": room.chains[1].link(2).hex()})
    assert room.refusals == [(1, "bad_link")] and room.host.throw is not None
    room.send(1, {"t": "link", "n": 0, "link": room.chains[1].link(1).hex()})
    assert room.host.throw is None and room.host.fair.links_of(0)[1] == room.chains[1].link(1)


def test_a_guest_finds_out_a_host_that_shows_other_faces_than_the_links_draw() -> None:
    room = generala_room()
    guest = room.guests[1]
    first = guest.match
    n, at = 0, first.cursor + 1
    links = [[0, room.host.chain.link(1).hex()], [1, room.chains[1].link(1).hex()]]
    honest = fair_dice.faces("k3j9x2ab", 0, [room.host.chain.link(1), room.chains[1].link(1)], 5)
    lie = Roll((6, 6, 6, 6, 6)) if sorted(honest) != [6] * 5 else Roll((1, 1, 1, 1, 1))
    after_keep = guest.acted(
        {"t": "act", "at": first.cursor, "action": first.game.action_to_json(first.game.legal_actions(first.state)[0])}
    )
    told = after_keep.rolled({"t": "rolled", "n": n, "at": at, "links": links, "action": lie.to_json()})
    assert told.unchecked == 0
    honest_copy = after_keep.rolled({"t": "rolled", "n": n, "at": at, "links": links, "action": Roll(honest).to_json()})
    assert honest_copy.unchecked is None


def test_a_guest_arriving_when_every_seat_is_taken_is_refused() -> None:
    room = generala_room()
    room.host, out = room.host.receive(5, json.dumps(GuestTable.hello("Dee", chain("Dee"))))
    assert [(o.device, o.message["t"], o.message.get("reason"), o.close) for o in out] == [(5, "refused", "no_seat", True)]
    assert room.host.devices[1].seat == 1 and 5 not in room.host.devices


def test_a_throw_is_never_drawn_from_the_host_s_link_alone_it_waits_for_a_guest_to_come_back() -> None:
    room = generala_room()
    first = room.host.match
    room.host, out = room.host.left(1)  # Bob's phone goes to sleep
    room.deliver(out)
    keep = {"t": "act", "at": first.cursor, "action": first.game.action_to_json(first.game.legal_actions(first.state)[0])}
    room.send(0, keep)
    assert room.host.throw is not None and room.host.throw.waiting == frozenset()
    room.host, out = room.host.timed_out()
    assert room.host.throw is not None and room.host.match.game.to_move(room.host.match.state) is CHANCE
    spent = room.guests[1].spent
    del room.guests[1]
    room.join(1, "Bob", spent)  # back: asked for its link at once, and the throw is drawn
    assert room.host.throw is None and room.guests[1].match.played == room.host.match.played
    assert len(room.host.fair.links_of(0)) == 2 and room.guests[1].unchecked is None


def test_a_guest_finds_out_a_throw_drawn_without_the_link_it_sent() -> None:
    room = generala_room()
    first = room.host.match
    keep = {"t": "act", "at": first.cursor, "action": first.game.action_to_json(first.game.legal_actions(first.state)[0])}
    room.host, out = room.host.act(0, keep)
    guest = room.guests[1]
    for item in out:
        guest, _ = guest.receive(item.text())  # the keep, then "throw 0": Bob sends his link
    assert guest.sent_for == 0
    alone = [room.host.chain.link(1)]
    faces = fair_dice.faces("k3j9x2ab", 0, alone, 5)
    links = [[0, alone[0].hex()]]
    told = guest.rolled({"t": "rolled", "n": 0, "at": first.cursor + 1, "links": links, "action": Roll(faces).to_json()})
    assert told.unchecked == 0


def test_a_seat_whose_device_is_away_is_played_by_the_host_s_computer_and_every_device_sees_it() -> None:
    match = Match.new(four21, {"players": 3}, 5, (Seat("Ann"), Seat("Bob"), Seat("Cy")))
    room = Room(match, {1: "Bob", 2: "Cy"})
    room.play_on(random.Random(2), until=6)
    assert room.host.computer_plays(1, "easy") == (room.host, [])  # Bob is there: nothing changes
    room.host, out = room.host.left(1)
    room.deliver(out)
    assert room.host.missing() == [1] and room.host.computer_plays(1, "nobody") == (room.host, [])
    room.host, out = room.host.computer_plays(1, "easy")
    room.deliver(out)
    assert room.host.match.seats[1] == Seat("Bob", "easy") and room.guests[2].match.seats[1].computer == "easy"
    room.play_on(random.Random(4))  # the host plays Bob's seat with Ann's and the computer's
    assert room.host.match.result is not None and room.guests[2].match.played == room.host.match.played
    assert room.refusals == [] and room.guests[2].unchecked is None


def test_a_device_back_takes_its_seat_from_the_computer() -> None:
    room = generala_room()
    room.host, out = room.host.left(1)
    room.deliver(out)
    room.host, out = room.host.computer_plays(1, "win")
    room.deliver(out)
    room.chains[2] = room.chains[1]  # Bob's device, back on a new connection
    room.join(2, "Bob", room.guests[1].spent)
    assert room.host.match.seats[1] == Seat("Bob", away=True) and room.host.devices[2].seat == 1
    assert room.guests[2].match.seats[1].computer is None


def test_seats_that_are_not_the_game_s_are_refused_by_a_guest() -> None:
    room = generala_room()
    guest = room.guests[1]
    for rows in ([[5, "Ann", 0, True, None]], [[0, "Ann", 0, True, "nobody"]], [[0, " <b>x ", 0, True, None]], [[0]]):
        with pytest.raises(Refused):
            guest.receive(json.dumps({"t": "seats", "seats": rows}))


def test_the_host_ends_the_game_for_every_guest_each_keeping_its_copy() -> None:
    room = generala_room()
    room.play_on(random.Random(1), until=5)
    room.host, out = room.host.end()
    assert [(o.device, o.message, o.close) for o in out] == [(None, {"t": "end"}, True)]
    guest, answers = room.guests[1].receive(out[0].text())
    assert guest.ended and answers == [] and guest.match.played == room.host.match.played


def test_every_guest_sees_which_devices_have_left_the_table() -> None:
    match = Match.new(four21, {"players": 3}, 5, (Seat("Ann"), Seat("Bob"), Seat("Cy")))
    room = Room(match, {1: "Bob", 2: "Cy"})
    assert room.guests[1].away == frozenset()
    room.host, out = room.host.left(2)
    room.deliver(out)
    assert room.guests[1].away == {2}
    room.host, out = room.host.computer_plays(2, "easy")
    room.deliver(out)
    assert room.guests[1].away == frozenset()  # the computer plays Cy's seat meanwhile
