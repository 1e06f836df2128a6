"""Dice nobody can fake: the throws of a table across devices, drawn by every device together.

At a live table each device draws a secret at random and makes a *chain* of it: the secret is the chain's last link,
and each link before it is the SHA-256 of the next one. The device shows the others only the first link, its *tip*:
that is its commitment, given before any throw. For each throw, every device then reveals its next link; the others
check that its hash is the link before, so a device can reveal nothing but the value it committed to, and the
faces come from all the revealed links together (:func:`faces`). No device can choose the faces, since its links
were fixed before; none can foresee them, since an honest device's next link is the one value its tip does not
give away (finding it means inverting SHA-256). The only choice left to a device is to reveal nothing, which the
table treats as leaving it.

Whoever decides which dice to keep says so in an action before the links of the throw are revealed: the throw is a
chance node of the rules (:data:`etoile.engine.game.CHANCE`), and only where its faces come from differs from a
game on one device.

A chain serves the table's throws from the one it joined at, one link each, for as long as its device is there. A
device that leaves and comes back opens a new *segment*: its tip is the last link it revealed (already public), so
it goes on with the same chain, or with a new one if it lost its secret. The record of a table keeps one
:class:`Segment` per stretch of a device's presence, two links each however long the game: the last link revealed
gives every earlier one by hashing, and hashing it as many times as it served throws must give the tip.
:func:`check` replays that for every throw of a record.

>>> ann, bob = Chain.new(b"a" * 32, 10), Chain.new(b"b" * 32, 10)
>>> table = Table("k3j9x2ab").joined(Segment(0, 0, ann.tip)).joined(Segment(1, 0, bob.tip))
>>> table = table.revealed(0, [(0, ann.link(1)), (1, bob.link(1))])
>>> faces(table.id, 0, table.links_of(0), 3)
(4, 6, 4)
>>> check_faces(table, 0, 3, (6, 4, 4)), check_faces(table, 0, 3, (6, 6, 4))
(True, False)
>>> table.revealed(1, [(1, bob.link(3))])
Traceback (most recent call last):
ValueError: device 1's link for throw 1 is not the one it committed to
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

from etoile.engine.dice import Outcomes, Roll
from etoile.engine.game import CHANCE, JSON
from etoile.engine.match import Match

DIGEST = 32
"""Bytes of a link: a SHA-256 digest."""
DOMAIN = b"etoile dice 1\x00"
"""What the hash of a throw's faces starts with: this version of the derivation, and nothing else can collide."""
MAX_TABLES = 16
"""The most tables a game's fair dice go on through (a host gone, a guest's device the table from then on)."""
FACE_BYTES = 252
"""The largest multiple of six below 256: a byte under it gives a face (its value mod 6, plus one), exactly
uniform; a byte from 252 up is skipped."""


def hashed(link: bytes) -> bytes:
    """The link before ``link`` in its chain."""
    return hashlib.sha256(link).digest()


@dataclass(frozen=True)
class Chain:
    """A device's own chain, secret: ``links[0]`` is its tip, published; ``links[i]`` is revealed for its ``i``-th
    throw. Kept in the device's storage for its table, so a reload goes on with it."""

    links: tuple[bytes, ...]

    @classmethod
    def new(cls, secret: bytes, length: int) -> Chain:
        """A chain of ``length`` links after its tip, its last the ``secret`` (32 random bytes from the browser's
        ``crypto.getRandomValues``)."""
        if len(secret) != DIGEST or length < 1:
            raise ValueError(f"a chain is made of a {DIGEST}-byte secret and at least one link")
        links = [secret]
        for _ in range(length):
            links.append(hashed(links[-1]))
        return cls(tuple(reversed(links)))

    @property
    def tip(self) -> bytes:
        return self.links[0]

    def link(self, index: int) -> bytes:
        """The link revealed at this chain's ``index``-th throw (from 1); ``IndexError`` once it is spent."""
        if not 0 < index < len(self.links):
            raise IndexError(f"a chain of {len(self.links) - 1} links has no link {index}")
        return self.links[index]


@dataclass(frozen=True)
class Segment:
    """A stretch of one device's presence at a table: from its throw ``first`` on (the table's throws counted from
    0), it committed to ``tip`` and has revealed ``count`` links, the latest ``last``."""

    device: int
    first: int
    tip: bytes
    last: bytes = b""
    count: int = 0

    def serves(self, throw: int) -> bool:
        return self.first <= throw < self.first + self.count

    def accepts(self, link: bytes) -> bool:
        """Whether ``link`` is this segment's next one: its hash is the latest link revealed (the tip at first)."""
        return len(link) == DIGEST and hashed(link) == (self.last if self.count else self.tip)

    def links(self) -> list[bytes]:
        """Every link revealed, in order, recomputed from the last; ``ValueError`` if hashing it ``count`` times
        does not give the tip (the record was tampered with)."""
        found = [self.last] if self.count else []
        while len(found) < self.count:
            found.append(hashed(found[-1]))
        if (hashed(found[-1]) if found else self.tip) != self.tip:
            raise ValueError(f"device {self.device}'s links from throw {self.first} do not lead back to its tip")
        return found[::-1]

    def to_json(self) -> JSON:
        return [self.device, self.first, self.tip.hex(), self.last.hex(), self.count]

    @classmethod
    def from_json(cls, data: JSON) -> Segment:
        """The segment of :meth:`to_json`'s output; ``ValueError`` if ``data`` is not one."""
        if not (isinstance(data, list) and len(data) == 5):
            raise ValueError("a segment is [device, first throw, tip, last link, count]")
        device, first, tip, last, count = data
        if not all(type(n) is int and n >= 0 for n in (device, first, count)):
            raise ValueError("a segment's device, first throw and count are whole numbers")
        if not (isinstance(tip, str) and isinstance(last, str)):
            raise ValueError("a segment's links are hexadecimal text")
        segment = cls(device, first, bytes.fromhex(tip), bytes.fromhex(last), count)
        if len(segment.tip) != DIGEST or len(segment.last) != (DIGEST if count else 0):
            raise ValueError(f"a segment's links are {DIGEST} bytes")
        return segment


@dataclass(frozen=True)
class Table:
    """The fair dice of one table across devices: its id (in every throw's hash, so no link serves another table)
    and the segments of its devices, in the order they were opened; and the table it goes on from (``before``),
    if the game went on from a guest's device once its host was gone: the throws before :attr:`start` are that
    table's."""

    id: str
    segments: tuple[Segment, ...] = ()
    before: Table | None = None

    @property
    def start(self) -> int:
        """The first throw drawn at this table (the tables before it drew the others)."""
        return 0 if self.before is None else self.before.throws

    @property
    def throws(self) -> int:
        """How many throws the game has had: its host (device 0) reveals a link for every one of its table's."""
        return self.start + self.served(0)

    @property
    def origin(self) -> str:
        """The id of the table the game began at."""
        return self.id if self.before is None else self.before.origin

    def at(self, throw: int) -> Table:
        """The table that drew ``throw``: this one, or one it goes on from."""
        return self.before.at(throw) if self.before is not None and throw < self.start else self

    def joined(self, segment: Segment) -> Table:
        """The table with ``segment`` opened, before any of its links is revealed (a device arriving, or coming
        back); ``ValueError`` if it would serve a throw its device's previous segment served, or one drawn before."""
        previous = [s for s in self.segments if s.device == segment.device]
        if segment.count or segment.first < self.start or (previous and previous[-1].first + previous[-1].count > segment.first):
            raise ValueError(f"device {segment.device} cannot open a chain at throw {segment.first}")
        return replace(self, segments=(*self.segments, segment))

    def revealed(self, throw: int, links: Iterable[tuple[int, bytes]]) -> Table:
        """The table once the devices' ``links`` of ``throw`` are revealed, each device's ``(device, link)``;
        ``ValueError`` if a link is not the one its device committed to, or comes from a device with no open
        segment at ``throw``."""
        segments = list(self.segments)
        for device, link in links:
            at = self.open_segment(device, throw)
            if at is None:
                raise ValueError(f"device {device} has no chain open at throw {throw}")
            if not segments[at].accepts(link):
                raise ValueError(f"device {device}'s link for throw {throw} is not the one it committed to")
            segments[at] = replace(segments[at], last=link, count=segments[at].count + 1)
        return replace(self, segments=tuple(segments))

    def open_segment(self, device: int, throw: int) -> int | None:
        """The index of ``device``'s segment whose next link serves ``throw``, if it has one."""
        for index in range(len(self.segments) - 1, -1, -1):
            segment = self.segments[index]
            if segment.device == device:
                return index if segment.first + segment.count == throw else None
        return None

    def served(self, device: int) -> int:
        """How many throws ``device`` revealed a link for (the host's count is the table's: it serves every one)."""
        return sum(s.count for s in self.segments if s.device == device)

    def links_of(self, throw: int) -> list[bytes]:
        """The links that drew ``throw``, one per device that served it, in the order of the devices."""
        if (where := self.at(throw)) is not self:
            return where.links_of(throw)
        serving = sorted((s for s in self.segments if s.serves(throw)), key=lambda s: s.device)
        return [s.links()[throw - s.first] for s in serving]

    def draws(self) -> dict[int, tuple[str, list[bytes]]]:
        """Every throw's table id and links (as :meth:`links_of` gives one throw's), each segment's recomputed once;
        a throw served by a segment whose links do not lead back to its tip has none."""
        drawn = {} if self.before is None else {n: d for n, d in self.before.draws().items() if n < self.start}
        found: dict[int, list[tuple[int, bytes]]] = {}
        broken: set[int] = set()
        for segment in self.segments:
            try:
                links = segment.links()
            except ValueError:
                broken.update(range(segment.first, segment.first + segment.count))
                continue
            for offset, link in enumerate(links):
                found.setdefault(segment.first + offset, []).append((segment.device, link))
        for n, pairs in found.items():
            if n not in broken and n >= self.start:
                drawn[n] = (self.id, [link for _, link in sorted(pairs)])
        return drawn

    def to_json(self) -> JSON:
        data: dict[str, JSON] = {"table": self.id, "segments": [s.to_json() for s in self.segments]}
        return data if self.before is None else {**data, "before": self.before.to_json()}

    @classmethod
    def from_json(cls, data: JSON, depth: int = 0) -> Table:
        """The table of :meth:`to_json`'s output; ``ValueError`` if ``data`` is not one."""
        if not (
            isinstance(data, dict) and set(data) - {"before"} == {"table", "segments"} and isinstance(data["segments"], list)
        ):
            raise ValueError("fair dice are {'table': id, 'segments': [...]} (and the table they go on from)")
        if not isinstance(data["table"], str) or depth > MAX_TABLES:
            raise ValueError(f"a table's id is text, and a game goes on from at most {MAX_TABLES} tables")
        before = cls.from_json(data["before"], depth + 1) if "before" in data else None
        return cls(data["table"], tuple(Segment.from_json(s) for s in data["segments"]), before)


def faces(table: str, throw: int, links: Sequence[bytes], count: int) -> tuple[int, ...]:
    """The ``count`` faces of the table's ``throw``, drawn from every device's revealed link (in the order of the
    devices): SHA-256 of :data:`DOMAIN`, the table's id, the throw's number and the links, read a byte a face (bytes
    from :data:`FACE_BYTES` up skipped), more blocks hashed from it with a counter when one runs short.

    >>> faces("t", 0, [bytes(32)], 5), faces("t", 1, [bytes(32)], 5)
    ((4, 5, 3, 2, 2), (4, 2, 1, 6, 6))
    """
    if not links:
        raise ValueError("a throw is drawn from at least one device's link")
    seed = hashlib.sha256(DOMAIN + table.encode("utf-8") + b"\x00" + throw.to_bytes(8, "big") + b"".join(links)).digest()
    found: list[int] = []
    block = 0
    while len(found) < count:
        data = seed if block == 0 else hashlib.sha256(seed + block.to_bytes(4, "big")).digest()
        found += [byte % 6 + 1 for byte in data if byte < FACE_BYTES]
        block += 1
    return tuple(found[:count])


def check_faces(table: Table, throw: int, count: int, shown: Sequence[int]) -> bool:
    """Whether the faces ``shown`` for ``throw`` (in any order) are those its revealed links draw."""
    try:
        links = table.links_of(throw)
        return bool(links) and sorted(faces(table.at(throw).id, throw, links, count)) == sorted(shown)
    except ValueError:
        return False


def throws(match: Match) -> Iterator[tuple[int, int, Roll]]:
    """Each throw of the dice ``match`` has played: its number (from 0), how many dice flew, and what came up."""
    number = 0
    for index, action in enumerate(match.played):
        state = match.states[index]
        if match.game.to_move(state) is CHANCE:
            outcomes = match.game.chance_outcomes(state)
            if not (isinstance(outcomes, Outcomes) and isinstance(action, Roll)):
                raise ValueError(f"{match.game.ID}'s chance is not a throw of dice")
            yield number, outcomes.dice, action
            number += 1


def first_unchecked(match: Match, table: Table) -> int | None:
    """The number (from 0) of the first throw of ``match`` that its table's links do not draw, or ``None`` when
    every throw checks."""
    drawn = table.draws()
    for number, count, roll in throws(match):
        at, links = drawn.get(number, ("", []))
        if not links or sorted(faces(at, number, links, count)) != sorted(roll.faces):
            return number
    return None


@dataclass(frozen=True)
class Verdict:
    """What the record of a live table says of its dice, as a replay, the history or the table shows it: how many
    ``throws`` the game had, and the first that does not check (``None`` when every one does: "every throw
    checked")."""

    throws: int
    unchecked: int | None


def verdict(match: Match, table: Table) -> Verdict:
    """Every throw of ``match`` checked against its table's links.

    >>> from etoile.games.generala import rules as generala
    >>> ann, bob = Chain.new(b"a" * 32, 10), Chain.new(b"b" * 32, 10)
    >>> table = Table("k3j9x2ab").joined(Segment(0, 0, ann.tip)).joined(Segment(1, 0, bob.tip))
    >>> table = table.revealed(0, [(0, ann.link(1)), (1, bob.link(1))])
    >>> first = Match.new(generala, {"players": 2}, 1).play(generala.legal_actions(generala.start({"players": 2}, 1))[0])
    >>> verdict(first.play(Roll(faces("k3j9x2ab", 0, table.links_of(0), 5))), table)
    Verdict(throws=1, unchecked=None)
    >>> verdict(first.play(Roll((6, 6, 6, 6, 6))), table)
    Verdict(throws=1, unchecked=0)
    """
    return Verdict(sum(1 for _ in throws(match)), first_unchecked(match, table))
