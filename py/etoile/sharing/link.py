"""A game in a link: its record, compressed into the part of a URL after ``#/link/``, and checked when it is opened.

A link carries what a saved game carries (the game, its options, its seed, its seats and every action, the throws
of the dice included) and nothing about the devices or the people beyond the names at the table. Its text is
``<version>.<purpose>.<data>``: ``purpose`` says what the link is for (``play``: the next player's turn, a game
by correspondence; ``watch``: a replay to look at), ``data`` is the record's compact JSON, deflated (with its
checksum), in unpadded URL-safe base64. Opening a link measures it, inflates it within bounds, and replays the
record through the rules (:meth:`etoile.engine.match.Match.from_json`): a link that is not one, too long, damaged on
the way, made by a newer version, or holding a game the rules refuse is refused with its own reason, and
nothing else is touched. The record of a game played live across devices also carries its fair dice (``fair``:
:meth:`etoile.sharing.fair_dice.Table.to_json`), so whoever opens it can check every throw.

>>> from etoile.games.chinese_checkers import rules as chinese_checkers
>>> from etoile.engine.match import Seat
>>> match = Match.new(chinese_checkers, {"players": 2}, 5, (Seat("Ann"), Seat("Bob")))
>>> text = encode(match.play(chinese_checkers.action_from_text("3-14")), "play", "k3j9x2ab")
>>> text[:7], decode(text).match.cursor, decode(text).by_link
('1.play.', 1, 'k3j9x2ab')
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import TYPE_CHECKING, Any

from etoile.engine import safe_json
from etoile.engine.lazy import lazy_dataclass
from etoile.engine.match import FORMAT, InvalidMatch, Match
from etoile.sharing.by_link import BY_LINK_ID

if TYPE_CHECKING:  # the fair dice (and hashlib) are loaded with the first record of a live table
    from etoile.sharing.fair_dice import Table

VERSION = 1
"""The layout of a link's text; a later version still reads every earlier one."""
RECORD_FORMATS = {1: 2}
"""The saved-game format (:data:`etoile.engine.match.FORMAT`) of the record each link version carries."""
PURPOSES = ("play", "watch")
MAX_LINK_CHARS = 30_000
"""The longest link text opened: ten times the longest game we measured (a long dice game), far below what any
messenger carries."""
MAX_RECORD_CHARS = safe_json.MAX_CHARS
"""The most a link inflates to, like a saved record (a link cannot unfold into more than that)."""
DATA = re.compile(r"[A-Za-z0-9_-]+")
REASONS = ("too_long", "not_a_link", "damaged", "newer", "not_a_game")
"""Why a link is refused, each with its own message (``link.refused.<reason>``)."""


class LinkRefused(ValueError):
    """A link that is not opened; ``reason`` is one of :data:`REASONS`, the message says more for the details."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(detail or reason)
        self.reason = reason


@lazy_dataclass
class Shared:
    """What a link opens: a game, at the position it was sent at, and what it was sent for; a ``play`` link also
    names its game by link (``by_link``, the id of :func:`etoile.sharing.by_link.new_id`)."""

    purpose: str
    match: Match
    by_link: str | None = None
    fair: Table | None = None
    """The fair dice of a game played live across devices, by which its throws are checked."""


def _text(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def pack(record: dict[str, Any], purpose: str) -> str:
    """The link text of a game record (:meth:`Match.to_json`'s output), unchecked: :func:`encode` is the way for a
    game; this is the way to write any record, a tampered one too (the tests do)."""
    if purpose not in PURPOSES:
        raise ValueError(f"a link is for one of {', '.join(PURPOSES)}, not {purpose!r}")
    body = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return f"{VERSION}.{purpose}.{_text(zlib.compress(body, 9))}"


def encode(match: Match, purpose: str, by_link: str | None = None, *, fair: Table | None = None) -> str:
    """The link text that opens ``match`` at its position, for ``purpose``; a ``play`` link names its game by link,
    a game played live carries its ``fair`` dice.

    Who plays on which device is not in a link (each device knows its own seats), nor are the moves undone.
    """
    if (purpose == "play") != (by_link is not None) or (by_link is not None and not BY_LINK_ID.fullmatch(by_link)):
        raise ValueError("a play link, and only a play link, names its game by link")
    if purpose == "play" and not match.game.DESCRIPTION.by_link:
        raise ValueError(f"{match.game.ID} is not played by link: its link is to watch")
    record = match.to_json()
    if record.pop("format") != RECORD_FORMATS[VERSION]:
        raise ValueError(f"saved games are now of format {FORMAT}: give links a new version that carries it")
    record["seats"] = [{"name": seat.name, "computer": seat.computer} for seat in match.seats]
    if purpose == "play":
        record["actions"] = record["actions"][: match.cursor]
        record["by_link"] = by_link
    if fair is not None:
        record["fair"] = fair.to_json()
    return pack(record, purpose)


def read_fair(data: Any) -> Table:
    """The fair dice a record carries (:meth:`Table.from_json <etoile.sharing.fair_dice.Table.from_json>`): a
    ``ValueError`` if they cannot be read."""
    from etoile.sharing.fair_dice import Table  # noqa: PLC0415 - see the imports

    return Table.from_json(data)


def decode(text: str) -> Shared:
    """The game a link text opens; :class:`LinkRefused` with its reason if it opens none."""
    if not isinstance(text, str):
        raise LinkRefused("not_a_link", "a link is text")
    if len(text) > MAX_LINK_CHARS:
        raise LinkRefused("too_long", f"{len(text):,} characters; a link has at most {MAX_LINK_CHARS:,}")
    version, purpose, data = [*text.split(".", 2), "", ""][:3]
    if not version.isdigit() or not version.isascii():
        raise LinkRefused("not_a_link", "no version at the start")
    if int(version) > VERSION:
        raise LinkRefused("newer", f"a link of version {int(version)}; this version of Étoile reads up to {VERSION}")
    if int(version) < 1 or purpose not in PURPOSES or not DATA.fullmatch(data):
        raise LinkRefused("not_a_link", "not the parts of a link")
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError) as error:
        raise LinkRefused("damaged", f"not base64: {error}") from error
    if _text(packed) != data:  # a changed character that base64 alone would not notice
        raise LinkRefused("damaged", "the text is not the one its bytes give")
    inflater = zlib.decompressobj()
    try:
        body = inflater.decompress(packed, 4 * MAX_RECORD_CHARS + 1)
    except zlib.error as error:
        raise LinkRefused("damaged", f"does not inflate: {error}") from error
    if len(body) > 4 * MAX_RECORD_CHARS or inflater.unconsumed_tail:
        raise LinkRefused("too_long", "inflates to more than a game can be")
    if not inflater.eof or inflater.unused_data:
        raise LinkRefused("damaged", "cut short" if not inflater.eof else "something follows its end")
    try:
        record = safe_json.loads(body.decode("utf-8"), max_chars=MAX_RECORD_CHARS)
    except (UnicodeDecodeError, safe_json.Unreadable) as error:
        raise LinkRefused("damaged", f"not a record: {error}") from error
    if not isinstance(record, dict):
        raise LinkRefused("not_a_game", "the record is not an object")
    code = record.pop("by_link", None)
    if (purpose == "play") != (code is not None) or (
        code is not None and not (isinstance(code, str) and BY_LINK_ID.fullmatch(code))
    ):
        raise LinkRefused("not_a_game", "a play link names its game by link, and only a play link does")
    try:
        fair = read_fair(record.pop("fair")) if "fair" in record else None
        match = Match.from_json({**record, "format": RECORD_FORMATS[int(version)]})
    except (InvalidMatch, ValueError) as error:
        raise LinkRefused("not_a_game", str(error)) from error
    if purpose == "play" and not match.game.DESCRIPTION.by_link:
        raise LinkRefused("not_a_game", f"{match.game.ID} is not played by link")
    return Shared(purpose, match, code, fair)
