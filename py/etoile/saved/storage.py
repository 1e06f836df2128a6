"""The one owner of saved data (the browser's localStorage, or any key-value backend).

Every record is stored as ``{"schema": SCHEMA, "data": ...}`` under a key that
starts with :data:`PREFIX`. Whatever a key holds, reading it never fails and
never hangs: the text is bounded in size and nesting before it is parsed
(:mod:`etoile.engine.safe_json`), then validated against the slot it sits in (a game
of its slot's game, replayed under the rules, see :class:`etoile.engine.match.Match`).

* A value that fails is *set aside*: copied unchanged under
  :data:`ASIDE_PREFIX` (so the player can download it), removed from its slot,
  and reported as a :class:`Problem`. When there is no room for the copy, it
  stays where it is (the problem says so, and the slot is not written over
  until the player downloads or discards it).
* A write that does not fit (quota exceeded) is reported, and the caller keeps
  its value in memory.
* A write never leaves a half-written record: the new text goes first to a
  *pending* key, then to its slot, then the pending key is removed. A write
  interrupted at any point leaves the previous record, or the next one
  complete in the pending key, which the next read finishes moving into place.

* Tables the computer players computed for rules they do not ship (a dice
  game's, for a combination of options) are *cached* under :data:`CACHE_PREFIX`: not
  the player's data (never exported, never set aside: the computer players
  check what they read and compute again what fails), at most
  :data:`MAX_CACHED` of them, and the first to go when a record does not fit.

The module never imports ``js``: the page passes a backend that wraps
``window.localStorage`` (see :mod:`etoile.ui.runtime.storage`).

>>> store = Store(MemoryBackend({"etoile:settings": "{broken"}))
>>> store.settings() == Settings(), [p.kind for p in store.problems], store.set_aside()
(True, ['unreadable'], {'etoile-aside:settings:1': '{broken'})
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import field
from typing import TYPE_CHECKING, Any, Literal, Protocol

from etoile.engine import safe_json
from etoile.engine.game import Game
from etoile.engine.lazy import lazy_dataclass
from etoile.engine.match import InvalidMatch, Match
from etoile.engine.registry import REGISTRY
from etoile.engine.slot import Slot
from etoile.saved.history import WHEN, Entry, better
from etoile.saved.settings import Settings
from etoile.sharing import link
from etoile.sharing.by_link import BY_LINK_ID

if TYPE_CHECKING:  # loaded with the first record of a live table
    from etoile.sharing.fair_dice import Table

SCHEMA = 1
PREFIX = "etoile:"
ASIDE_PREFIX = "etoile-aside:"
PENDING_PREFIX = "etoile-pending:"
CACHE_PREFIX = "etoile-cache:"
MAX_CACHED = 4
"""Cached tables kept at most: two rule combinations of a dice game's tables (about 360,000 characters each)."""
MAX_CACHED_CHARS = 1_000_000
SETTINGS = "settings"
MATCH = "match:"
"""A game on this device, in its slot: ``match:<game>``, or ``match:<game>/<id>`` for a game by link."""
RIVAL = "rival:"
"""A game by link that came in a link parting from the one in its slot (``rival:<slot>``), kept until the player
chooses which goes on."""
HISTORY = "history:"
"""A game kept in the history, by its id (:func:`etoile.saved.history.game_id`): ``history:<id>``."""
DRAFT = "draft:"
"""A table's unfinished choice at one position (the dice set aside since the last throw): page state, kept so a
reload loses nothing, never exported."""
LIVE = "live:"
"""What a device keeps of a live table beside the game in its slot (:class:`etoile.sharing.live.Kept`: its role,
its chain's secret, the fair dice): ``live:<slot>``; never exported, since its secret is this device's alone."""
EXPORT_KIND = "etoile-export"
MAX_RECORD_CHARS = safe_json.MAX_CHARS
"""The longest stored record read (1,000,000 characters); a longer one is set aside unread."""
MAX_IMPORT_CHARS = 4 * safe_json.MAX_CHARS
"""The longest import file read: room for every record at its longest."""


class StorageFull(Exception):
    """The backend refused a write because it is out of space."""


class Backend(Protocol):
    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None:
        """Store ``value``; raise :class:`StorageFull` when it does not fit."""

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class MemoryBackend:
    """A dict-backed :class:`Backend`; ``quota`` (in characters) simulates a full store."""

    def __init__(self, items: Mapping[str, str] | None = None, quota: int | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})
        self.quota = quota

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise StorageFull(key)
        self.items[key] = value

    def remove(self, key: str) -> None:
        self.items.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.items)


ProblemKind = Literal["unreadable", "newer", "full", "history_full"]
"""What a :class:`Problem` is about; each is said by the notice ``storage.<kind>`` (or ``storage.<kind>_in_place``)."""

ImportReason = Literal[safe_json.Reason, "not_export", "schema", "bad_record", "full"]
"""Why an import is refused; each is said by ``import.why.<reason>``."""


@lazy_dataclass
class Problem:
    """Something the player must be told about their saved data.

    ``kind`` is ``"unreadable"`` (set aside, see ``aside_key``), ``"newer"``
    (written by a newer version, set aside too) or ``"full"`` (a write did not
    fit). ``in_place`` says that a value could not be set aside for want of
    room: ``aside_key`` is then its own key, where it stays.
    """

    kind: ProblemKind
    record: str
    detail: str = ""
    aside_key: str | None = None
    in_place: bool = False
    about: Mapping[str, str] = field(default_factory=dict)
    """What an unreadable value still tells of itself, for the player to know it: a game of the history's
    ``game`` and ``when`` it ended (:func:`about`)."""


class Newer(ValueError):
    """A record written by a newer version of Étoile."""


class ImportRefused(ValueError):
    """An import file that does not validate; nothing was changed.

    ``reason`` names the message shown to the player (``"not_json"``,
    ``"too_large"``, ``"too_deep"``, ``"not_export"``, ``"schema"``,
    ``"bad_record"``, ``"full"``); ``record``
    is the record at fault, if any; ``str(error)`` is the technical detail.
    """

    def __init__(self, reason: ImportReason, detail: str = "", record: str = "") -> None:
        super().__init__(detail or reason)
        self.reason = reason
        self.record = record


def _decode_settings(record: str, data: Any, games: Mapping[str, Game]) -> Settings:
    return Settings.from_json(data)


def slot_game(text: str, games: Mapping[str, Game]) -> str | None:
    """The game of the slot ``text`` names, if this version has it (its game's own, or a game by link's), else ``None``."""
    slot = Slot.parse(text)
    valid = slot.game in games and (not slot.code or BY_LINK_ID.fullmatch(slot.code)) and text.count("/") <= 1
    return slot.game if valid else None


def _decode_match(record: str, data: Any, games: Mapping[str, Game]) -> Match:
    slot = record.partition(":")[2]
    game = slot_game(slot, games)
    if game is None:
        raise InvalidMatch(f"no game slot {slot!r} in this version")
    if not isinstance(data, dict) or data.get("game") != game:
        claimed = data.get("game") if isinstance(data, dict) else None
        raise InvalidMatch(f"the {slot} slot holds a record of {claimed!r}, not a {game} game")
    return Match.from_json(data, {game: games[game]})


@lazy_dataclass
class Draft:
    """What a player chose at a table and has not played yet, at the position after ``cursor`` actions.

    ``data`` is the table's own JSON: the table reads it back, and drops it if it makes no sense there.
    """

    cursor: int
    data: Any

    def to_json(self) -> dict[str, Any]:
        return {"cursor": self.cursor, "data": self.data}


def _decode_draft(record: str, data: Any, games: Mapping[str, Game]) -> Draft:
    if slot_game(record.removeprefix(DRAFT), games) is None:
        raise ValueError(f"no game slot {record.removeprefix(DRAFT)!r} in this version")
    cursor = data.get("cursor") if isinstance(data, dict) else None
    if not isinstance(cursor, int) or isinstance(cursor, bool) or cursor < 0 or "data" not in data:
        raise ValueError("a draft is {cursor, data}")
    return Draft(cursor, data["data"])


def _decode_live(record: str, data: Any, games: Mapping[str, Game]) -> Any:
    from etoile.sharing.live import Kept  # noqa: PLC0415 - a live table's modules load with the first one

    if slot_game(record.removeprefix(LIVE), games) is None or Slot.parse(record.removeprefix(LIVE)).code is None:
        raise ValueError(f"no live table's slot {record.removeprefix(LIVE)!r} in this version")
    return Kept.from_json(data)


def _decode_entry(record: str, data: Any, games: Mapping[str, Game]) -> Entry:
    entry = Entry.from_json(data)
    if entry.id != record.removeprefix(HISTORY):
        raise ValueError(f"the {record} record holds the game {entry.id}")
    if entry.game not in games:
        raise ValueError(f"no game {entry.game!r} in this version")
    return entry


def about(record: str, raw: str, games: Mapping[str, Game] = REGISTRY) -> dict[str, str]:
    """What the text ``raw`` of an unreadable ``record`` still tells the player of it: for a game of the history,
    its ``game`` and ``when`` it ended, each if it can be read; nothing otherwise.

    >>> about("history:0123456789abcdef", '{"schema": 1, "data": {"game": "421", "when": "2026-12-05T20:00", "id": 4}}')
    {'game': '421', 'when': '2026-12-05T20:00'}
    >>> about("history:0123456789abcdef", '{"schema": 1, "data": {"game": "421"')
    {}
    """
    if not record.startswith(HISTORY):
        return {}
    try:
        data = safe_json.loads(raw, max_chars=MAX_RECORD_CHARS)["data"]
        game, when = data.get("game"), data.get("when")
    except Exception:  # noqa: BLE001 - whatever the text is, it tells nothing more
        return {}
    known = {"game": game} if isinstance(game, str) and game in games else {}
    return known | ({"when": when} if isinstance(when, str) and WHEN.fullmatch(when) else {})


def _decoder(record: str) -> Callable[[str, Any, Mapping[str, Game]], Any] | None:
    if record.startswith(HISTORY):
        return _decode_entry
    if record == SETTINGS:
        return _decode_settings
    if record.startswith((MATCH, RIVAL)):
        return _decode_match
    if record.startswith(DRAFT):
        return _decode_draft
    if record.startswith(LIVE):
        return _decode_live
    return None


def decode(record: str, text: str, games: Mapping[str, Game] = REGISTRY) -> Any:
    """The value of a stored record's text; ``Newer`` or another ``ValueError`` (or worse) if it is not one."""
    envelope = safe_json.loads(text, max_chars=MAX_RECORD_CHARS)
    if not isinstance(envelope, dict) or "schema" not in envelope or "data" not in envelope:
        raise ValueError("not an Étoile record")
    schema = envelope["schema"]
    if schema != SCHEMA:
        if isinstance(schema, int) and not isinstance(schema, bool) and schema > SCHEMA:
            raise Newer(f"schema {schema}")
        raise ValueError(f"unknown schema {schema!r}")
    decoder = _decoder(record)
    if decoder is None:
        raise ValueError(f"unknown record {record!r}")
    return decoder(record, envelope["data"], games)


def _encode(value: Any) -> str:
    return json.dumps({"schema": SCHEMA, "data": value.to_json()}, ensure_ascii=False, separators=(",", ":"))


@lazy_dataclass(frozen=False)
class Store:
    """Reads and writes the app's records through a :class:`Backend`.

    ``stuck`` holds the records whose unreadable value could not be set aside:
    their slot keeps it, and is not written until the value is discarded.
    """

    backend: Backend
    games: Mapping[str, Game] = field(default_factory=lambda: REGISTRY)
    problems: list[Problem] = field(default_factory=list)
    stuck: set[str] = field(default_factory=set)

    # -- reading -----------------------------------------------------------

    def _read(self, record: str) -> Any | None:
        self._finish_write(record)
        raw = self.backend.get(PREFIX + record)
        if raw is None:
            return None
        try:
            return decode(record, raw, self.games)
        except Newer as error:
            self._set_aside(record, raw, "newer", str(error))
        except Exception as error:  # noqa: BLE001 - whatever a key holds, the app starts and the value is kept
            self._set_aside(record, raw, "unreadable", _describe(error))
        return None

    def _finish_write(self, record: str) -> None:
        """Complete a write that was interrupted after its pending copy was written, or drop a torn pending copy."""
        text = self.backend.get(PENDING_PREFIX + record)
        if text is None:
            return
        try:
            decode(record, text, self.games)
        except Exception:  # noqa: BLE001 - a torn pending copy: the slot still holds the previous record
            self.backend.remove(PENDING_PREFIX + record)
            return
        try:
            self.backend.set(PREFIX + record, text)
        except StorageFull:
            return  # no room to finish now: the slot keeps the previous record, the pending copy waits
        self.backend.remove(PENDING_PREFIX + record)

    def _set_aside(self, record: str, raw: str, kind: ProblemKind, detail: str) -> None:
        aside = self._free_aside_key(record)
        known = about(record, raw, self.games)
        try:
            self.backend.set(aside, raw)
        except StorageFull:
            # No room for the copy: the original stays where it is, untouched, and its slot is not written over.
            self.backend.remove(aside)
            self.stuck.add(record)
            self.problems.append(Problem(kind, record, detail, PREFIX + record, in_place=True, about=known))
            return
        self.backend.remove(PREFIX + record)
        self.stuck.discard(record)
        self.problems.append(Problem(kind, record, detail, aside, about=known))

    def _free_aside_key(self, record: str) -> str:
        taken = set(self.backend.keys())
        number = 1
        while f"{ASIDE_PREFIX}{record}:{number}" in taken:
            number += 1
        return f"{ASIDE_PREFIX}{record}:{number}"

    def settings(self) -> Settings:
        """The saved settings, or the defaults."""
        return self._read(SETTINGS) or Settings()

    def match(self, slot: Slot) -> Match | None:
        """The saved game in ``slot`` (a game id, or a game by link's slot), if any, settled: a record that stops
        with dice in the air (cut short, or written by hand) goes on with the throw its seed gives, as the table
        would have played it; but not a live table's, whose throws come from its devices' links."""
        match = self._read(MATCH + str(slot))
        if not isinstance(match, Match):
            return None
        return match if self.backend.get(PREFIX + LIVE + str(slot)) is not None else match.settled()

    def _names(self, prefix: str) -> list[str]:
        """What follows ``prefix`` in the name of every ``prefix`` record (or of a write of one still pending)."""
        keys = [key.removeprefix(PENDING_PREFIX).removeprefix(PREFIX) for key in self.backend.keys()]  # noqa: SIM118
        return sorted({key.removeprefix(prefix) for key in keys if key.startswith(prefix)})

    def _slots(self, prefix: str) -> list[Slot]:
        """The slots of this version's games that hold a ``prefix`` record (or a write of one still pending)."""
        return [Slot.parse(text) for text in self._names(prefix) if slot_game(text, self.games) is not None]

    def matches(self) -> dict[Slot, Match]:
        """Every readable saved match, by slot (unreadable ones are set aside)."""
        found = {slot: self.match(slot) for slot in self._slots(MATCH)}
        return {slot: match for slot, match in found.items() if match is not None}

    def rivals(self) -> dict[Slot, Match]:
        """Every game by link kept beside the one in its slot until the player chooses, by slot."""
        found = {slot: self._read(RIVAL + str(slot)) for slot in self._slots(RIVAL)}
        return {slot: match for slot, match in found.items() if isinstance(match, Match)}

    def history(self) -> list[Entry]:
        """Every readable game of the history (unreadable ones are set aside), in no particular order."""
        found = [self._read(HISTORY + entry_id) for entry_id in self._names(HISTORY)]
        return [entry for entry in found if isinstance(entry, Entry)]

    def _kept_entries(self) -> dict[str, Entry]:
        return {entry.id: entry for entry in self.history()}

    def live_tables(self) -> dict[Slot, Any]:
        """What this device keeps of each of its live tables (:class:`etoile.sharing.live.Kept`), by slot."""
        found = {slot: self._read(LIVE + str(slot)) for slot in self._slots(LIVE)}
        return {slot: kept for slot, kept in found.items() if kept is not None}

    def save_live(self, slot: Slot, kept: Any) -> bool:
        """Keep what this device knows of the live table in ``slot``, or forget it (``None``)."""
        if kept is None:
            self._forget(LIVE + str(slot))
            return True
        return self._write(LIVE + str(slot), kept)

    def draft(self, slot: Slot) -> Draft | None:
        """The unfinished choice saved at the table of the game in ``slot``, if any (an unreadable one is set aside)."""
        value = self._read(DRAFT + str(slot))
        return value if isinstance(value, Draft) else None

    def set_aside(self) -> dict[str, str]:
        """Every value set aside so far, by key, exactly as it was stored (those stuck in place included)."""
        keys = [key for key in sorted(self.backend.keys()) if self._kept_aside(key)]
        return {key: self.backend.get(key) or "" for key in keys}

    def _kept_aside(self, key: str) -> bool:
        return key.startswith(ASIDE_PREFIX) or (key.startswith(PREFIX) and key.removeprefix(PREFIX) in self.stuck)

    def aside(self, key: str) -> str | None:
        """The text of one value set aside (or stuck in place), exactly as it was stored; ``None`` if there is none."""
        return self.backend.get(key) if self._kept_aside(key) else None

    # -- writing -----------------------------------------------------------

    def _put(self, record: str, text: str) -> None:
        """Write ``text`` as ``record``, never leaving it half written; :class:`StorageFull` if it does not fit even
        once the cached tables are gone."""
        pending = PENDING_PREFIX + record
        try:
            try:
                self.backend.set(pending, text)
                self.backend.set(PREFIX + record, text)
            except StorageFull:
                if not self._cache_keys():
                    raise
                self.drop_cache()
                self.backend.set(pending, text)
                self.backend.set(PREFIX + record, text)
        finally:
            self.backend.remove(pending)

    # -- cached tables -------------------------------------------------------

    def _cache_keys(self) -> list[str]:
        return [key for key in self.backend.keys() if key.startswith(CACHE_PREFIX)]  # noqa: SIM118 - a Backend

    def cached(self) -> dict[str, str]:
        """Every cached table, by name (those too long to be one are dropped)."""
        found = {key.removeprefix(CACHE_PREFIX): self.backend.get(key) or "" for key in sorted(self._cache_keys())}
        for name, text in found.items():
            if len(text) > MAX_CACHED_CHARS:
                self.backend.remove(CACHE_PREFIX + name)
        return {name: text for name, text in found.items() if len(text) <= MAX_CACHED_CHARS}

    def cache(self, name: str, text: str) -> bool:
        """Keep a computed table for later page loads; when :data:`MAX_CACHED` others are kept, they go first.
        ``False`` when it does not fit (no record is given up for it)."""
        others = [key for key in self._cache_keys() if key != CACHE_PREFIX + name]
        if len(others) >= MAX_CACHED:
            for key in others:
                self.backend.remove(key)
        try:
            self.backend.set(CACHE_PREFIX + name, text)
        except StorageFull:
            self.backend.remove(CACHE_PREFIX + name)
            return False
        return True

    def drop_cache(self) -> None:
        """Forget every cached table (they are computed again when needed)."""
        for key in self._cache_keys():
            self.backend.remove(key)

    def _write(self, record: str, value: Any) -> bool:
        if record in self.stuck:
            # Writing would destroy the unreadable value that could not be set aside: keep the new one in memory.
            self.problems.append(Problem("full", record, "unreadable saved data that could not be set aside holds the slot"))
            return False
        try:
            self._put(record, _encode(value))
        except StorageFull:
            self.problems.append(Problem("full", record))
            return False
        return True

    def save_settings(self, settings: Settings) -> bool:
        """Save; ``False`` (and a ``"full"`` problem) when storage is full."""
        return self._write(SETTINGS, settings)

    def save_match(self, match: Match, slot: Slot | None = None) -> bool:
        """Save ``match`` in ``slot`` (by default its game's own)."""
        return self._write(MATCH + str(slot or Slot(match.game.ID)), match)

    def save_rival(self, slot: Slot, match: Match | None) -> bool:
        """Keep the game by link that parts from the one in ``slot``, or forget it once the player chose (``None``)."""
        if match is None:
            self._forget(RIVAL + str(slot))
            return True
        return self._write(RIVAL + str(slot), match)

    def save_draft(self, slot: Slot, draft: Draft | None) -> bool:
        """Save the table's unfinished choice, or forget it (``None``)."""
        if draft is None:
            self._forget(DRAFT + str(slot))
            return True
        return self._write(DRAFT + str(slot), draft)

    def save_entry(self, entry: Entry) -> bool:
        """Keep a game in the history; ``False`` (and a ``"history_full"`` problem) when it does not fit."""
        if HISTORY + entry.id in self.stuck:
            return False
        try:
            self._put(HISTORY + entry.id, _encode(entry))
        except StorageFull:
            self.problems.append(Problem("history_full", HISTORY + entry.id))
            return False
        return True

    def has_entry(self, entry_id: str) -> bool:
        """Whether storage holds the history's game ``entry_id``."""
        return self.backend.get(PREFIX + HISTORY + entry_id) is not None

    def forget_entry(self, entry_id: str) -> None:
        """Remove a game from the history, after the player asked to."""
        self._forget(HISTORY + entry_id)

    def delete_match(self, slot: Slot) -> None:
        """Forget the game in ``slot``, and what this device kept of its live table, if it was one."""
        self._forget(MATCH + str(slot))
        self._forget(LIVE + str(slot))

    def _forget(self, record: str) -> None:
        if record not in self.stuck:
            self.backend.remove(PREFIX + record)

    def discard(self, aside_key: str) -> str | None:
        """Delete one value set aside (or stuck in place), after the player asked to; return its record, if any."""
        if not self._kept_aside(aside_key):
            return None
        self.backend.remove(aside_key)
        record = aside_key.removeprefix(PREFIX) if aside_key.startswith(PREFIX) else None
        self.stuck.discard(record or "")
        return record

    def reset(self) -> None:
        """Delete every Étoile value, including those set aside."""
        for key in self.backend.keys():  # noqa: SIM118 - a Backend, not a dict
            if key.startswith((PREFIX, ASIDE_PREFIX, PENDING_PREFIX, CACHE_PREFIX)):
                self.backend.remove(key)
        self.stuck.clear()

    # -- export and import -------------------------------------------------

    def export_all(self) -> str:
        """All readable records as one JSON document (unreadable ones are set aside first)."""
        records: dict[str, Any] = {}
        for key in sorted(self.backend.keys()):
            if not key.startswith(PREFIX):
                continue
            record = key[len(PREFIX) :]
            if record.startswith((DRAFT, LIVE)):  # page state, and a live table's secret: not a player's data
                continue
            value = self._read(record)
            if value is not None:
                records[record] = value.to_json()
        return json.dumps(
            {"kind": EXPORT_KIND, "schema": SCHEMA, "records": records},
            ensure_ascii=False,
            indent=1,
        )

    def exported_matches(self, text: str) -> dict[Slot, Match]:
        """The games an export would put in their slots, by slot, settled; :class:`ImportRefused` when
        :meth:`import_all` would refuse it. Nothing is written."""
        decoded = _validate_export(text, self.games, self._kept_entries())
        return {
            Slot.parse(record.removeprefix(MATCH)): value.settled()
            for record, value in decoded.items()
            if record.startswith(MATCH)
        }

    def import_all(self, text: str) -> int:
        """Write every record of an export; return how many.

        Raises :class:`ImportRefused`, changing nothing, if the file is not an
        Étoile export, if any record does not validate, or if it does not fit.
        Records this version does not know are left out. The history merges: a game already kept stays, unless
        the file's goes further (:func:`etoile.saved.history.better`); only what is written is counted.
        """
        decoded = _validate_export(text, self.games, self._kept_entries())
        if any(record in self.stuck for record in decoded):
            raise ImportRefused("full", "unreadable saved data that could not be set aside holds a slot")
        before = {record: self.backend.get(PREFIX + record) for record in decoded}
        try:
            for record, value in decoded.items():
                self._put(record, _encode(value))
        except StorageFull as error:
            _restore(self.backend, ((PREFIX + record, value) for record, value in before.items()))
            raise ImportRefused("full") from error
        return len(decoded)


def _describe(error: Exception) -> str:
    """The technical detail shown folded away under a notice: the kind of error and its message, cut short."""
    return f"{type(error).__name__}: {error}"[:2000]


def _read_file(text: str, max_chars: int) -> Any:
    """The JSON of an imported file; :class:`ImportRefused` (too large, too deep, not JSON) before anything is parsed."""
    try:
        return safe_json.loads(text, max_chars=max_chars)
    except safe_json.Unreadable as error:
        raise ImportRefused(error.reason, str(error)) from error


@lazy_dataclass
class ImportedGame:
    """A game read from the file its table exported, with the fair dice of its throws if it was played live."""

    match: Match
    fair: Table | None = None


def import_match(text: str, game_id: str, games: Mapping[str, Game] = REGISTRY) -> ImportedGame:
    """One game of ``game_id`` from the text of a file its table exported (:meth:`Match.to_json`, and the ``fair``
    dice of a game played live).

    Raises :class:`ImportRefused` if the text is too long or too deep to read,
    is not JSON, or is not a game of ``game_id`` that replays under the rules
    (nor fair dice that can be read, if it carries some: whether they check is
    the reader's to say).
    """
    data = _read_file(text, MAX_RECORD_CHARS)
    try:
        fair = data.pop("fair") if isinstance(data, dict) and "fair" in data else None
        match = _decode_match(MATCH + game_id, data, games)
        return ImportedGame(match, None if fair is None else link.read_fair(fair))
    except Exception as error:
        raise ImportRefused("bad_record", _describe(error), MATCH + game_id) from error


def _validate_export(text: str, games: Mapping[str, Game], kept: Mapping[str, Entry]) -> dict[str, Any]:
    document = _read_file(text, MAX_IMPORT_CHARS)
    if not isinstance(document, dict) or document.get("kind") != EXPORT_KIND:
        raise ImportRefused("not_export")
    if document.get("schema") != SCHEMA:
        raise ImportRefused("schema", f"schema {document.get('schema')!r}")
    records = document.get("records")
    if not isinstance(records, dict):
        raise ImportRefused("not_export", "no records")
    decoded = {}
    if records and not any(_decoder(record) for record in records):
        raise ImportRefused("schema", f"no record this version knows: {', '.join(sorted(records))[:200]}")
    for record, data in records.items():
        decoder = _decoder(record)
        if decoder is None or record.startswith(DRAFT):
            continue  # a record of another version, or a page's unfinished choice: left out, not carried
        try:
            value = decoder(record, data, games)
            if isinstance(value, Entry):
                shared = value.opened()
                value = Entry.of(shared.match, value.when, shared.fair)  # what the record holds, not what it claims
                if not better(kept.get(value.id), value):
                    continue  # the history has this game already, as far
        except Exception as error:
            raise ImportRefused("bad_record", _describe(error), record) from error
        decoded[record] = value
    return decoded


def _restore(backend: Backend, values: Iterable[tuple[str, str | None]]) -> None:
    for key, value in values:
        if value is None:
            backend.remove(key)
        else:
            backend.set(key, value)
