"""A live table across devices: what the host and its guests say to each other, and what each does with it.

One device, the *host*, holds the table: it connects to each guest (device 1, 2, …; itself is device 0), and every
action goes through it, checked by the rules like an action loaded from a save. Each guest keeps its own copy of
the game, which the host's messages move on; a guest checks them too (the rules replay every action, and every
throw must be the one its devices' links draw, :mod:`etoile.sharing.fair_dice`), so a host that lies is found out.

Everything here is pure: :class:`HostTable` and :class:`GuestTable` are values, and each of their methods returns
the table after a message with the messages to send (:class:`Out`), which the page's runtime carries over the data
channels. The messages are JSON objects, each with its kind ``t``:

============  ==========  ==========================================================================================
kind          from        what it says
============  ==========  ==========================================================================================
``hello``     guest       ``name`` to sit under (the seat it held, or a free one), ``tip`` (its chain's
                          commitment); a guest back after a reload catches up from the whole record it is sent
``welcome``   host        the guest's ``device`` and ``seat``, the game's ``record`` and its fair dice (``fair``)
``joined``    host        another device's new ``segment`` (its commitment), to the guests already there
``start``     host        the game begins (the host starts it once its guests are seated)
``act``       both ways   an ``action`` at the position after ``at`` actions (a guest's move; the host's when
                          passed on); a throw's outcome comes only in ``rolled``
``throw``     host        "reveal your link for throw ``n``" (sent once the throw is due: its keep is in the record)
``link``      guest       its ``link`` for throw ``n``
``rolled``    host        throw ``n``'s ``links`` (``[device, link]`` each) and the ``action`` they drew, at ``at``
``seats``     host        who sits where: ``[[seat, name, device or null, present, computer level or null]…]``
``end``       host        the host ended the game: each device keeps it as it stands
``refused``   host        why the guest's last message was not applied (``reason``, one of :data:`REASONS`)
============  ==========  ==========================================================================================

>>> from etoile.games.generala import rules as generala
>>> from etoile.engine.match import Match, Seat
>>> match = Match.new(generala, {"players": 2}, 7, (Seat("Ann"), Seat("Bob")))
>>> host, out = HostTable.open(match, "k3j9x2ab", Chain.new(b"h" * 32, 500), guests={1})
>>> host, out = host.hello(1, {"t": "hello", "name": "Bob", "tip": Chain.new(b"g" * 32, 500).tip.hex()})
>>> [(o.device, o.message["t"]) for o in out]
[(1, 'welcome'), (None, 'seats')]
>>> host, out = host.start()
>>> [(o.device, o.message["t"]) for o in out]
[(None, 'start')]
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from etoile.engine.dice import Roll
from etoile.engine.game import CHANCE, JSON, IllegalAction
from etoile.engine.match import InvalidMatch, Match
from etoile.engine.names import clean_name
from etoile.sharing import fair_dice
from etoile.sharing.fair_dice import Chain, Segment, Verdict

MAX_MESSAGE = 262_144
"""The longest message read, in characters: the data channel's own limit (``max-message-size``); a whole record
of a long game is a few tens of kilobytes."""
STRIKES = 3
"""Refused messages after which a guest is disconnected."""
REASONS = ("malformed", "too_large", "out_of_turn", "illegal", "bad_link", "no_seat", "late")
"""Why a message is refused: not a message of the protocol, over :data:`MAX_MESSAGE`, not the sender's turn (or not
the position the table is at), not a legal action, not the link the device committed to, no free seat; or why a
device is cut off: its link did not come in time (``late``)."""


@dataclass(frozen=True)
class Out:
    """A message to send: to ``device``, or to every guest (``None``); ``close`` disconnects the device after."""

    device: int | None
    message: dict[str, JSON]
    close: bool = False

    def text(self) -> str:
        return json.dumps(self.message, separators=(",", ":"), ensure_ascii=False)


class Refused(ValueError):
    """A message not applied, for one of :data:`REASONS`."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(detail or reason)
        self.reason = reason


def read(text: str) -> dict[str, Any]:
    """A message's JSON object, with its kind ``t``; :class:`Refused` if the text is not one."""
    if not isinstance(text, str) or len(text) > MAX_MESSAGE:
        raise Refused("too_large", f"{len(text):,} characters")
    try:
        message = json.loads(text)
    except ValueError as error:
        raise Refused("malformed", str(error)) from error
    if not (isinstance(message, dict) and isinstance(message.get("t"), str)):
        raise Refused("malformed", "a message is an object with its kind 't'")
    return message


def _field(message: Mapping[str, Any], name: str, kind: type) -> Any:
    value = message.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise Refused("malformed", f"{message.get('t')} needs {name!r}")
    return value


def _link(message: Mapping[str, Any], name: str = "link") -> bytes:
    try:
        link = bytes.fromhex(_field(message, name, str))
    except ValueError as error:
        raise Refused("malformed", f"{name} is not hexadecimal") from error
    if len(link) != fair_dice.DIGEST:
        raise Refused("malformed", f"{name} is not {fair_dice.DIGEST} bytes")
    return link


@dataclass(frozen=True)
class Device:
    """A device at the table: its ``seat`` (``None`` once it has none), the ``name`` it sat under, whether it is
    ``present`` (connected), and how many of its messages were refused (``strikes``)."""

    seat: int | None
    name: str
    present: bool = True
    strikes: int = 0


@dataclass(frozen=True)
class Throw:
    """A throw under way: its number ``n``, the links revealed so far by device, and the devices still awaited."""

    n: int
    links: Mapping[int, bytes]
    waiting: frozenset[int]


@dataclass(frozen=True)
class Kept:
    """What a device keeps of its live table between loads, beside the game in its slot: its ``role`` (``host`` or
    ``guest``), its chain's ``secret`` and ``length`` (so the chain is made again), the table's fair dice, and, at
    the host's, the guests' seats, each device's seat and name, and whether the game started; at a guest's, its
    device number and seat. No connection survives a load: the host invites again, a guest joins again. The chain is
    made again from its ``secret`` (its last link) and ``length`` by whoever restores the table (a guest's chain has
    ten thousand links: the app makes each once)."""

    role: str
    secret: str
    length: int
    fair: fair_dice.Table
    guests: tuple[int, ...] = ()
    devices: tuple[tuple[int, int | None, str], ...] = ()
    started: bool = False
    device: int = 0
    seat: int | None = None
    spent: int = 0
    """How many links of its chain the guest sent (revealed or not: a link sent never serves again)."""

    def to_json(self) -> dict[str, JSON]:
        devices: JSON = [list(d) for d in self.devices]
        return {
            "role": self.role, "secret": self.secret, "length": self.length, "fair": self.fair.to_json(),
            "guests": list(self.guests), "devices": devices, "started": self.started, "device": self.device,
            "seat": self.seat, "spent": self.spent,
        }  # fmt: skip

    @classmethod
    def from_json(cls, data: JSON) -> Kept:
        """The record of :meth:`to_json`'s output; ``ValueError`` if ``data`` is not one."""
        if not isinstance(data, dict) or data.get("role") not in ("host", "guest"):
            raise ValueError("a live table's record names its role, host or guest")
        secret, length = data.get("secret"), data.get("length")
        if not (
            isinstance(secret, str) and len(secret) == 2 * fair_dice.DIGEST and isinstance(length, int) and 0 < length <= 100_000
        ):
            raise ValueError("a live table's record holds its chain's secret and length")
        bytes.fromhex(secret)
        guests, devices, seat = data.get("guests"), data.get("devices"), data.get("seat")
        if not (isinstance(guests, list) and all(type(g) is int for g in guests) and isinstance(devices, list)):
            raise ValueError("a live table's record lists its guests' seats and its devices")
        rows = []
        for row in devices:
            if not (isinstance(row, list) and len(row) == 3 and type(row[0]) is int and isinstance(row[2], str)):
                raise ValueError("a device is [number, seat, name]")
            rows.append((row[0], row[1] if type(row[1]) is int else None, row[2]))
        device, spent = data.get("device", 0), data.get("spent", 0)
        if not (type(spent) is int and 0 <= spent <= length):
            raise ValueError("a live table's record counts the links its device sent")
        return cls(
            str(data["role"]), secret, length, fair_dice.Table.from_json(data.get("fair")), tuple(guests), tuple(rows),
            data.get("started") is True, device if type(device) is int else 0, seat if type(seat) is int else None, spent,
        )  # fmt: skip


@dataclass(frozen=True)
class HostTable:
    """The host's table: the game, the seats its guests play (``guests``), its fair dice, the host's own chain (and
    how many links of it are spent), the devices by number (the host is 0), and the throw under way, if one is."""

    match: Match
    guests: frozenset[int]
    fair: fair_dice.Table
    chain: Chain
    spent: int = 0
    devices: Mapping[int, Device] = field(default_factory=dict)
    throw: Throw | None = None
    started: bool = False

    @classmethod
    def open(
        cls, match: Match, table: str, chain: Chain, guests: Iterable[int], before: fair_dice.Table | None = None
    ) -> tuple[HostTable, list[Out]]:
        """The table of ``match`` whose seats ``guests`` are played on other devices, named ``table``, the host
        committed to ``chain``; the host plays the first other person's seat, if there is one. A game going on
        from a table whose host is gone goes on with its fair dice (``before``)."""
        guests = frozenset(guests)
        seat = next((i for i, s in enumerate(match.seats) if i not in guests and s.computer is None), None)
        fair = fair_dice.Table(table, before=before)
        fair = fair.joined(Segment(0, fair.start, chain.tip))
        return cls(match, guests, fair, chain, devices={0: Device(seat, "")}), []

    def start(self) -> tuple[HostTable, list[Out]]:
        """Begin the game (the host's choice, once its guests are seated): from now on actions are taken."""
        table, out = replace(self, started=True).advance()
        return table, [Out(None, {"t": "start"}), *out]

    def kept(self) -> Kept:
        """What this table keeps between loads."""
        devices = tuple((n, d.seat, d.name) for n, d in sorted(self.devices.items()))
        return Kept(
            "host",
            self.chain.links[-1].hex(),
            len(self.chain.links) - 1,
            self.fair,
            tuple(sorted(self.guests)),
            devices,
            self.started,
        )

    @classmethod
    def restored(cls, match: Match, kept: Kept, chain: Chain) -> HostTable:
        """The table again after a load (``chain`` made again from ``kept``): every guest away until it joins again;
        a throw that was waiting is called again (its links were not revealed: the host's next link is still the one
        after its last)."""
        devices = {n: Device(seat, name, present=n == 0) for n, seat, name in kept.devices}
        spent = kept.fair.served(0)  # the links of its chain it revealed at its own table
        table = cls(match, frozenset(kept.guests), kept.fair, chain, spent, devices, None, kept.started)
        return table.advance()[0] if kept.started else table

    @property
    def throws(self) -> int:
        """How many throws the game has had (the host reveals a link for each of its table's)."""
        return self.fair.throws

    @property
    def dice(self) -> Verdict:
        """What the table's record says of its throws: the host drew each from the links it checked."""
        return Verdict(self.throws, None)

    def seats_message(self) -> Out:
        taken = {d.seat: (n, d.present) for n, d in self.devices.items() if d.seat is not None}
        rows: list[JSON] = []
        for index, seat in enumerate(self.match.seats):
            device, present = taken.get(index, (None, False))
            rows.append([index, seat.name, device, present, seat.computer])
        return Out(None, {"t": "seats", "seats": rows})

    def missing(self) -> list[int]:
        """The guests' seats with no device there (none joined yet, or it went away), in order."""
        seated = {d.seat for n, d in self.devices.items() if n and d.present}
        return sorted(self.guests - seated)

    def computer_plays(self, seat: int, level: str) -> tuple[HostTable, list[Out]]:
        """The computer (of ``level``) plays ``seat``, a guest's whose device is not there, on the host's device
        until a device takes the seat again; nothing changes for a seat that is not such a one."""
        if seat not in self.missing() or level not in self.match.game.DESCRIPTION.levels:
            return self, []
        seats = tuple(replace(s, computer=level, away=False) if i == seat else s for i, s in enumerate(self.match.seats))
        table = replace(self, match=replace(self.match, seats=seats))
        return table, [table.seats_message()]

    def end(self) -> tuple[HostTable, list[Out]]:
        """The host ends the game where it stands: every guest is told, and disconnected."""
        return replace(self, throw=None), [Out(None, {"t": "end"}, close=True)]

    def welcome(self, device: int) -> Out:
        seat = self.devices[device].seat
        record: JSON = self.match.to_json()
        return Out(
            device,
            {
                "t": "welcome",
                "device": device,
                "seat": seat,
                "record": record,
                "fair": self.fair.to_json(),
                "started": self.started,
            },
        )

    def hello(self, device: int, message: Mapping[str, Any]) -> tuple[HostTable, list[Out]]:
        """A guest's ``hello`` on a new connection: it takes the seat it held (a device back after a reload asks
        under the same name) or a free person's seat, and commits to its chain from the next throw on."""
        name, tip = clean_name(_field(message, "name", str)), _link(message, "tip")
        held = next((d.seat for n, d in self.devices.items() if n != 0 and d.name == name and not d.present), None)
        taken = {d.seat for d in self.devices.values() if d.present and d.seat is not None}
        free = [i for i in sorted(self.guests) if i not in taken]
        named = [i for i in free if self.match.seats[i].name == name]  # the seat set up under this name, if free
        seat = held if held is not None else next(iter(named or free), None)
        if seat is None:
            return self, [Out(device, {"t": "refused", "reason": "no_seat"}, close=True)]
        seats = tuple(  # a person's seat (again, if the computer played it meanwhile), played on another device
            replace(s, name=name, computer=None, away=True) if i == seat else s for i, s in enumerate(self.match.seats)
        )
        devices = {n: d for n, d in self.devices.items() if not (n != device and d.seat == seat)}
        devices[device] = Device(seat, name)
        match = replace(self.match, seats=seats)
        segment = Segment(device, self.throws, tip)
        table = replace(self, match=match, devices=devices, fair=self.fair.joined(segment))
        others = [Out(d, {"t": "joined", "segment": segment.to_json()}) for d in table.present() if d != device]
        out = [table.welcome(device), *others, table.seats_message()]
        if table.throw is not None:  # a throw waits for a guest's link: this one's too
            out.append(Out(device, {"t": "throw", "n": table.throw.n}))
            table = replace(table, throw=replace(table.throw, waiting=table.throw.waiting | {device}))
        return table, out

    def left(self, device: int) -> tuple[HostTable, list[Out]]:
        """A guest's connection closed: it is away; a throw waiting on it goes on without it."""
        if device not in self.devices or device == 0:
            return self, []
        devices = {**self.devices, device: replace(self.devices[device], present=False)}
        table = replace(self, devices=devices)
        out = [table.seats_message()]
        if table.throw is not None and device in table.throw.waiting:
            table, more = table._finish_if_ready(replace(table.throw, waiting=table.throw.waiting - {device}))
            out += more
        return table, out

    def receive(self, device: int, text: str) -> tuple[HostTable, list[Out]]:
        """A guest's message: applied if the rules and the table take it, else refused (and, at the
        :data:`STRIKES`-th refusal, the guest disconnected)."""
        try:
            message = read(text)
            match message["t"]:
                case "hello":
                    return self.hello(device, message)
                case "act" if device in self.devices:
                    return self.act(device, message)
                case "link" if device in self.devices:
                    return self.link(device, message)
                case _:
                    raise Refused("malformed", f"no message {message['t']!r} from a guest")
        except Refused as refused:
            guest = self.devices.get(device, Device(None, "", present=False))
            strikes = guest.strikes + 1
            devices = {**self.devices, device: replace(guest, strikes=strikes)} if device in self.devices else self.devices
            out = Out(device, {"t": "refused", "reason": refused.reason, "detail": str(refused)}, close=strikes >= STRIKES)
            table = replace(self, devices=devices)
            if strikes < STRIKES or device not in devices:
                return table, [out]
            table, more = table.left(device)  # disconnected: away, like a device whose connection dropped
            return table, [out, *more]

    def act(self, device: int, message: Mapping[str, Any]) -> tuple[HostTable, list[Out]]:
        """An action from ``device``'s seat (0: the host's, or a computer's it plays): applied, passed on."""
        at = _field(message, "at", int)
        seat = self.match.game.to_move(self.match.state)
        mine = self.devices[device].seat
        allowed = seat == mine or (device == 0 and seat is not CHANCE and self._computer(seat))
        due = self.started and at == self.match.cursor and self.throw is None and self.match.result is None
        if not due or seat is CHANCE or not allowed:
            raise Refused("out_of_turn", f"not device {device}'s turn at {at}")
        try:
            action = self.match.game.action_from_json(message.get("action"))
            match = self.match.play(action)
        except (IllegalAction, ValueError, TypeError, KeyError) as error:
            raise Refused("illegal", str(error)) from error
        table = replace(self, match=match)
        out = [Out(None, {"t": "act", "at": at, "action": match.game.action_to_json(action)})]
        table, more = table.advance()
        return table, out + more

    def _computer(self, seat: Any) -> bool:
        return isinstance(seat, int) and self.match.seats[seat].computer is not None

    def present(self) -> list[int]:
        """The guests connected, in order."""
        return sorted(d for d, guest in self.devices.items() if d and guest.present)

    def advance(self) -> tuple[HostTable, list[Out]]:
        """After an action: play what the rules leave no choice about, and call the next throw when it is due."""
        table, out = self, list[Out]()
        while table.match.result is None and table.throw is None:
            if table.match.game.to_move(table.match.state) is CHANCE:
                return table._call_throw(out)
            forced = table.match.game.forced(table.match.state)
            if forced is None:
                break
            out.append(Out(None, {"t": "act", "at": table.match.cursor, "action": table.match.game.action_to_json(forced)}))
            table = replace(table, match=table.match.play(forced))
        return table, out

    def _call_throw(self, out: list[Out]) -> tuple[HostTable, list[Out]]:
        n = self.throws
        waiting = frozenset(d for d in self.present() if self.fair.open_segment(d, n) is not None)
        throw = Throw(n, {0: self.chain.link(self.spent + 1)}, waiting)
        table = replace(self, spent=self.spent + 1)
        out += [Out(d, {"t": "throw", "n": n}) for d in sorted(waiting)]
        return table._finish_if_ready(throw, out)

    def link(self, device: int, message: Mapping[str, Any]) -> tuple[HostTable, list[Out]]:
        """A guest's link for the throw under way."""
        n, link = _field(message, "n", int), _link(message)
        if self.throw is None or n != self.throw.n or device not in self.throw.waiting:
            raise Refused("out_of_turn", f"no link awaited from device {device} for throw {n}")
        at = self.fair.open_segment(device, n)
        if at is None or not self.fair.segments[at].accepts(link):
            raise Refused("bad_link", f"device {device}'s link for throw {n} is not the one it committed to")
        throw = replace(self.throw, links={**self.throw.links, device: link}, waiting=self.throw.waiting - {device})
        return self._finish_if_ready(throw)

    def timed_out(self) -> tuple[HostTable, list[Out]]:
        """The throw's time is up: the devices that did not reveal their link are away, and the throw is drawn
        from the links revealed, if a guest's is among them (else it waits for a guest to come back: the host's
        link alone would let the host foresee the faces)."""
        if self.throw is None:
            return self, []
        late = self.throw.waiting
        devices = {n: replace(d, present=False) if n in late else d for n, d in self.devices.items()}
        table, out = replace(self, devices=devices)._finish_if_ready(replace(self.throw, waiting=frozenset()))
        told = [Out(d, {"t": "refused", "reason": "late", "detail": "no link in time"}, close=True) for d in sorted(late)]
        return table, [*told, *out, table.seats_message()]

    def _finish_if_ready(self, throw: Throw, out: list[Out] | None = None) -> tuple[HostTable, list[Out]]:
        out = list(out or [])
        if throw.waiting or (self.guests and len(throw.links) < 2):  # never drawn from the host's link alone
            return replace(self, throw=throw), out
        revealed = sorted(throw.links.items())
        fair = self.fair.revealed(throw.n, revealed)
        count = self.match.game.chance_outcomes(self.match.state).dice  # type: ignore[attr-defined]
        roll = Roll(fair_dice.faces(fair.id, throw.n, [link for _, link in revealed], count))
        at = self.match.cursor
        table = replace(self, fair=fair, match=self.match.play(roll), throw=None)
        links: JSON = [[d, link.hex()] for d, link in revealed]
        out.append(Out(None, {"t": "rolled", "n": throw.n, "at": at, "links": links, "action": roll.to_json()}))
        table, more = table.advance()
        return table, out + more


@dataclass(frozen=True)
class GuestTable:
    """A guest's copy of the table: its device number and seat, the game and its fair dice as the host sent them
    and the guest checked them, its own chain (and how many links are spent), and ``unchecked``: the first throw
    that did not check, if one did not (the copy stops there)."""

    device: int
    seat: int | None
    match: Match
    fair: fair_dice.Table
    chain: Chain
    spent: int = 0
    unchecked: int | None = None
    sent_for: int | None = None
    """The throw this guest last sent its link for: a throw drawn without it does not check."""
    started: bool = False
    """Whether the host started the game."""
    ended: bool = False
    """Whether the host ended it (the copy stays as it stands)."""
    refused: str | None = None
    """Why the host refused this device's last message (one of :data:`REASONS`), for the page to tell once."""
    away: frozenset[int] = frozenset()
    """The seats whose device has left the table, as the host last said."""

    @staticmethod
    def hello(name: str, chain: Chain, spent: int = 0) -> dict[str, JSON]:
        """A guest's first message: the link it will reveal next is the tip of its new segment."""
        return {"t": "hello", "name": name, "tip": chain.links[spent].hex()}

    @classmethod
    def welcomed(cls, message: Mapping[str, Any], chain: Chain, spent: int = 0) -> GuestTable:
        """The guest's copy from the host's ``welcome``; :class:`Refused` if it is not a game the rules replay."""
        try:
            match = Match.from_json(message.get("record"))
            fair = fair_dice.Table.from_json(message.get("fair"))
        except (InvalidMatch, ValueError) as error:
            raise Refused("malformed", str(error)) from error
        seat = message.get("seat")
        table = cls(_field(message, "device", int), seat if isinstance(seat, int) else None, match, fair, chain, spent)
        return replace(table, unchecked=fair_dice.first_unchecked(match, fair), started=message.get("started") is True)

    @property
    def dice(self) -> Verdict:
        """What this copy's record says of the throws so far, each checked as it came."""
        return Verdict(self.fair.throws, self.unchecked)

    def kept(self) -> Kept:
        """What this copy keeps between loads."""
        chain = self.chain
        secret, length = chain.links[-1].hex(), len(chain.links) - 1
        return Kept(
            "guest", secret, length, self.fair, started=self.started, device=self.device, seat=self.seat, spent=self.spent
        )

    @classmethod
    def restored(cls, match: Match, kept: Kept, chain: Chain) -> GuestTable:
        """The copy again after a load (``chain`` made again from ``kept``), spent as far as it sent links."""
        unchecked = fair_dice.first_unchecked(match, kept.fair)
        return cls(kept.device, kept.seat, match, kept.fair, chain, kept.spent, unchecked, started=kept.started)

    def receive(self, text: str) -> tuple[GuestTable, list[dict[str, JSON]]]:
        """The host's message: the copy after it, and what to answer (the link of a throw). :class:`Refused` if it
        does not apply: the copy is then out of step, and asks the host for the game again."""
        message = read(text)
        match message["t"]:
            case "act":
                return self.acted(message), []
            case "throw":
                n = _field(message, "n", int)
                answer: dict[str, JSON] = {"t": "link", "n": n, "link": self.chain.link(self.spent + 1).hex()}
                return replace(self, spent=self.spent + 1, sent_for=n), [answer]
            case "rolled":
                return self.rolled(message), []
            case "joined":
                try:
                    return replace(self, fair=self.fair.joined(Segment.from_json(message.get("segment")))), []
                except ValueError as error:
                    raise Refused("malformed", str(error)) from error
            case "start":
                return replace(self, started=True), []
            case "seats":
                return self.seated(message), []
            case "end":
                return replace(self, ended=True), []
            case "refused":
                reason = message.get("reason")
                return replace(self, refused=reason if reason in REASONS else "malformed"), []
            case _:
                raise Refused("malformed", f"no message {message['t']!r} from the host")

    def seated(self, message: Mapping[str, Any]) -> GuestTable:
        """The copy with the seats the host says: who sits where under which name, which the computer plays, and
        whose device has left."""
        seats = list(self.match.seats)
        gone: set[int] = set()
        levels = self.match.game.DESCRIPTION.levels
        for row in _field(message, "seats", list):
            if not (isinstance(row, list) and len(row) == 5 and type(row[0]) is int and 0 <= row[0] < len(seats)):
                raise Refused("malformed", "a seat is [seat, name, device, present, computer]")
            index, name, device, present, computer = row
            if device is not None and present is not True and computer is None:
                gone.add(index)
            if not isinstance(name, str) or name != clean_name(name) or (computer is not None and computer not in levels):
                raise Refused("malformed", f"seat {index}'s name or computer level")
            was = seats[index]  # a seat the computer played goes back to its device (away from the host's)
            seats[index] = replace(
                was, name=name, computer=computer, away=computer is None and (was.away or was.computer is not None)
            )
        return replace(self, match=replace(self.match, seats=tuple(seats)), away=frozenset(gone))

    def acted(self, message: Mapping[str, Any]) -> GuestTable:
        if _field(message, "at", int) != self.match.cursor or self.match.game.to_move(self.match.state) is CHANCE:
            raise Refused("out_of_turn", "an action for another position")
        try:
            return replace(self, match=self.match.play(self.match.game.action_from_json(message.get("action"))))
        except (IllegalAction, ValueError, TypeError, KeyError) as error:
            raise Refused("illegal", str(error)) from error

    def rolled(self, message: Mapping[str, Any]) -> GuestTable:
        n, at = _field(message, "n", int), _field(message, "at", int)
        if at != self.match.cursor or self.match.game.to_move(self.match.state) is not CHANCE:
            raise Refused("out_of_turn", "a throw for another position")
        rows = _field(message, "links", list)
        try:
            links = [(int(d), bytes.fromhex(h)) for d, h in rows]
            fair = self.fair.revealed(n, links)
            roll = self.match.game.action_from_json(message.get("action"))
            match = self.match.play(roll)
        except (ValueError, TypeError, IllegalAction) as error:
            raise Refused("bad_link", str(error)) from error
        count = self.match.game.chance_outcomes(self.match.state).dice  # type: ignore[attr-defined]
        mine = any(d == self.device for d, _ in links) or n != self.sent_for  # a link it sent is among them
        checked = mine and fair_dice.check_faces(fair, n, count, roll.faces)
        unchecked = self.unchecked if checked or self.unchecked is not None else n
        return replace(self, match=match, fair=fair, unchecked=unchecked)

    def act(self, action: Any) -> dict[str, JSON]:
        """The message asking the host to play ``action`` for this guest's seat (the copy moves on when the host
        passes it back)."""
        return {"t": "act", "at": self.match.cursor, "action": self.match.game.action_to_json(action)}
