"""The handshake of a live table, small enough for a QR code: what two browsers must tell each other to connect.

Two browsers open a WebRTC data channel once each has read the other's *session description* (SDP): about 700
characters of text, most of it the same for every connection of a data channel. What differs is the ICE username
fragment and password, the DTLS certificate's SHA-256 fingerprint, and the candidate addresses (with no STUN
server, the device's own: an mDNS name ``<uuid>.local`` or an IP address, and a UDP port; with a server named in
the settings, also its public address as the server saw it, ``srflx``, or the relay's, ``relay``). :func:`pack` keeps only
those, in bytes, and :func:`unpack` writes them back into a description the browser accepts; a description is
about 100 bytes this way, 140 characters of URL-safe base64.

A handshake is one of two: the host's ``offer`` for one seat (an invitation, one per guest: a description is
answered once), and the guest's ``answer``. Both name the table (its id, the same on every device), and the number
of the invitation answered, so a host with several open at once knows which connection an answer is for.

>>> mdns = Candidate("1f0c4c0e-2a6b-4d3e-9f00-0123456789ab.local", 53412)
>>> shake = Handshake("offer", "k3j9x2ab", 1, "aB3d", "x" * 24, bytes(range(32)), (mdns,))
>>> text = encode(shake)
>>> len(text), decode(text) == shake
(124, True)
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import re
import uuid
from dataclasses import dataclass

VERSION = 1
KINDS = ("offer", "answer")
SETUP = {"offer": "actpass", "answer": "active"}
"""Each side's DTLS role in the descriptions written back: the host's offer leaves it open, the guest's answer
takes the client's."""
ICE_TEXT = re.compile(r"[A-Za-z0-9+/]{4,256}")
"""The characters and lengths of an ICE username fragment and password (RFC 8839)."""
MDNS = re.compile(r"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.local")
MAX_CANDIDATES = 8
MAX_CHARS = 600
"""The longest handshake text read: several times a real one."""
TABLE_ID = re.compile(r"[a-z0-9]{8}")
CANDIDATE_KINDS = ("host", "srflx", "relay")
"""The kinds of candidate a handshake carries, each with its ICE type preference (RFC 8445) when written back."""
PREFERENCE = {"host": 126, "srflx": 100, "relay": 0}


class Unreadable(ValueError):
    """A handshake text or a description that is not one."""


@dataclass(frozen=True)
class Candidate:
    """Where a device may be reached: its ``address`` (an mDNS name or an IP address) and UDP ``port``, and how it
    was found (``kind``: the device's own, ``host``; its public address as a STUN server saw it, ``srflx``; a TURN
    server's relay, ``relay``)."""

    address: str
    port: int
    kind: str = "host"


@dataclass(frozen=True)
class Handshake:
    """One side's half of a connection: ``kind`` (``offer`` or ``answer``), the ``table`` and ``invitation`` it
    belongs to, and what its description says of this device."""

    kind: str
    table: str
    invitation: int
    ufrag: str
    pwd: str
    fingerprint: bytes
    candidates: tuple[Candidate, ...]


def _address(data: bytearray, candidate: Candidate) -> None:
    """The candidate's address, after a byte that says its kind (high four bits) and its address's (low four)."""
    kind = CANDIDATE_KINDS.index(candidate.kind) << 4
    if found := MDNS.fullmatch(candidate.address):
        data += bytes([kind]) + uuid.UUID(found.group(1)).bytes
        return
    ip = ipaddress.ip_address(candidate.address)
    data += bytes([kind | (1 if ip.version == 4 else 2)]) + ip.packed


def _text(data: bytearray, text: str) -> None:
    raw = text.encode("ascii")
    data += bytes([len(raw)]) + raw


def encode(shake: Handshake) -> str:
    """The handshake as text for a link (``#/join/…`` or ``#/answer/…``): unpadded URL-safe base64 of its bytes."""
    if shake.kind not in KINDS or not TABLE_ID.fullmatch(shake.table) or not 0 <= shake.invitation < 256:
        raise ValueError("a handshake is an offer or an answer, of a table, for an invitation 0 to 255")
    if not (ICE_TEXT.fullmatch(shake.ufrag) and ICE_TEXT.fullmatch(shake.pwd) and len(shake.fingerprint) == 32):
        raise ValueError("a handshake needs its ICE username fragment and password and a SHA-256 fingerprint")
    if not 0 < len(shake.candidates) <= MAX_CANDIDATES:
        raise ValueError(f"a handshake names 1 to {MAX_CANDIDATES} candidates")
    data = bytearray([VERSION, KINDS.index(shake.kind), shake.invitation])
    data += shake.table.encode("ascii")
    _text(data, shake.ufrag)
    _text(data, shake.pwd)
    data += shake.fingerprint + bytes([len(shake.candidates)])
    for candidate in shake.candidates:
        _address(data, candidate)
        data += candidate.port.to_bytes(2, "big")
    return base64.urlsafe_b64encode(bytes(data)).decode("ascii").rstrip("=")


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, count: int) -> bytes:
        if self.at + count > len(self.data):
            raise Unreadable("the handshake is cut short")
        self.at += count
        return self.data[self.at - count : self.at]

    def byte(self) -> int:
        return self.take(1)[0]

    def text(self) -> str:
        raw = self.take(self.byte())
        text = raw.decode("ascii", "replace")
        if not ICE_TEXT.fullmatch(text):
            raise Unreadable("the handshake's ICE credentials are not ICE text")
        return text

    def candidate(self) -> Candidate:
        byte = self.byte()
        kind, address = byte >> 4, byte & 0x0F
        if kind >= len(CANDIDATE_KINDS):
            raise Unreadable(f"no candidate of kind {kind}")
        if address == 0:
            found = f"{uuid.UUID(bytes=self.take(16))}.local"
        elif address in (1, 2):
            found = str(ipaddress.ip_address(self.take(4 if address == 1 else 16)))
        else:
            raise Unreadable(f"no address of kind {address}")
        return Candidate(found, int.from_bytes(self.take(2), "big"), CANDIDATE_KINDS[kind])


def decode(text: str) -> Handshake:
    """The handshake of :func:`encode`'s text; :class:`Unreadable` if ``text`` is not one, whole."""
    if not isinstance(text, str) or not 0 < len(text) <= MAX_CHARS or not re.fullmatch(r"[A-Za-z0-9_-]+", text):
        raise Unreadable("not the text of a handshake")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as error:
        raise Unreadable(f"not base64: {error}") from error
    reader = _Reader(data)
    version, kind = reader.byte(), reader.byte()
    if version != VERSION or kind >= len(KINDS):
        raise Unreadable(f"a handshake of version {version}, kind {kind}; this version reads {VERSION}")
    invitation = reader.byte()
    table = reader.take(8).decode("ascii", "replace")
    if not TABLE_ID.fullmatch(table):
        raise Unreadable("the handshake names no table")
    ufrag, pwd, fingerprint = reader.text(), reader.text(), reader.take(32)
    count = reader.byte()
    if not 0 < count <= MAX_CANDIDATES:
        raise Unreadable(f"{count} candidates")
    candidates = tuple(reader.candidate() for _ in range(count))
    if reader.at != len(data):
        raise Unreadable("something follows the handshake's end")
    return Handshake(KINDS[kind], table, invitation, ufrag, pwd, fingerprint, candidates)


def from_description(sdp: str, kind: str, table: str, invitation: int) -> Handshake:
    """What :func:`encode` keeps of a browser's description ``sdp`` (once its ICE gathering is complete): its UDP
    candidates of the kinds of :data:`CANDIDATE_KINDS` (TCP ones are left out). :class:`Unreadable` if it lacks
    what a connection needs."""
    lines = [line.strip() for line in sdp.splitlines()]

    def value(prefix: str) -> str:
        found = [line.removeprefix(prefix) for line in lines if line.startswith(prefix)]
        if not found:
            raise Unreadable(f"the description has no {prefix!r}")
        return found[0]

    fingerprint = value("a=fingerprint:sha-256 ").replace(":", "")
    candidates: list[Candidate] = []
    for line in lines:
        parts = line.removeprefix("a=candidate:").split()
        found = parts[7] if line.startswith("a=candidate:") and len(parts) >= 8 else ""
        if found in CANDIDATE_KINDS and parts[1] == "1" and parts[2].lower() == "udp" and len(candidates) < MAX_CANDIDATES:
            candidates.append(Candidate(parts[4], int(parts[5]), found))
    if not candidates:
        raise Unreadable("the description has no address to reach (no UDP candidate)")
    try:
        return Handshake(
            kind, table, invitation, value("a=ice-ufrag:"), value("a=ice-pwd:"), bytes.fromhex(fingerprint), tuple(candidates)
        )
    except ValueError as error:
        raise Unreadable(f"the description's fingerprint is not SHA-256: {error}") from error


def to_description(shake: Handshake) -> str:
    """A description the browser accepts for ``shake``'s side (``setRemoteDescription``): a data channel over
    SCTP, with the handshake's credentials, fingerprint and candidates."""
    fingerprint = ":".join(f"{byte:02X}" for byte in shake.fingerprint)
    candidates = [
        f"a=candidate:{index + 1} 1 udp {(PREFERENCE[c.kind] << 24) | ((65535 - index) << 8) | 255} {c.address} {c.port}"
        f" typ {c.kind}{'' if c.kind == 'host' else ' raddr 0.0.0.0 rport 0'} generation 0"
        for index, c in enumerate(shake.candidates)
    ]
    lines = [
        "v=0",
        "o=- 1 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        f"m=application {shake.candidates[0].port} UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        *candidates,
        f"a=ice-ufrag:{shake.ufrag}",
        f"a=ice-pwd:{shake.pwd}",
        "a=ice-options:trickle",
        f"a=fingerprint:sha-256 {fingerprint}",
        f"a=setup:{SETUP[shake.kind]}",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]
    return "\r\n".join(lines) + "\r\n"
