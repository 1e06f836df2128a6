"""The one owner of saved data (the browser's localStorage, or any key-value backend).

Every record is stored as ``{"schema": SCHEMA, "data": ...}`` under a key that
starts with :data:`PREFIX`, and every value is validated when it is read:

* a value that is not JSON, has the wrong shape, or comes from a newer schema is
  *set aside*: copied unchanged under :data:`ASIDE_PREFIX` (so the player can
  download it), removed from its slot, and reported as a :class:`Problem`;
* a write that does not fit (quota exceeded) is reported, and the caller keeps
  its value in memory;
* one action is one ``set`` of one key, so a reload at any moment finds either
  the previous or the next complete record.

The module never imports ``js``: the page passes a backend that wraps
``window.localStorage`` (see :mod:`etoile.ui.browser`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from etoile.games import REGISTRY, Game
from etoile.match import InvalidMatch, Match
from etoile.settings import Settings

SCHEMA = 1
PREFIX = "etoile:"
ASIDE_PREFIX = "etoile-aside:"
SETTINGS = "settings"
MATCH = "match:"
EXPORT_KIND = "etoile-export"


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


@dataclass(frozen=True, slots=True)
class Problem:
    """Something the player must be told about their saved data.

    ``kind`` is ``"unreadable"`` (set aside, see ``aside_key``), ``"newer"``
    (written by a newer version, set aside too), ``"full"`` (a write did not
    fit) or ``"import"`` (an import file was refused).
    """

    kind: str
    record: str
    detail: str = ""
    aside_key: str | None = None


class ImportRefused(ValueError):
    """An import file that does not validate; nothing was changed.

    ``reason`` names the message shown to the player (``"not_json"``,
    ``"not_export"``, ``"schema"``, ``"bad_record"``, ``"full"``); ``record``
    is the record at fault, if any; ``str(error)`` is the technical detail.
    """

    def __init__(self, reason: str, detail: str = "", record: str = "") -> None:
        super().__init__(detail or reason)
        self.reason = reason
        self.record = record


def _decode_settings(data: Any, games: Mapping[str, Game]) -> Settings:
    return Settings.from_json(data)


def _decode_match(data: Any, games: Mapping[str, Game]) -> Match:
    return Match.from_json(data, games)


def _decoder(record: str) -> Callable[[Any, Mapping[str, Game]], Any] | None:
    if record == SETTINGS:
        return _decode_settings
    if record.startswith(MATCH):
        return _decode_match
    return None


@dataclass
class Store:
    """Reads and writes the app's records through a :class:`Backend`."""

    backend: Backend
    games: Mapping[str, Game] = field(default_factory=lambda: REGISTRY)
    problems: list[Problem] = field(default_factory=list)

    # -- reading -----------------------------------------------------------

    def _read(self, record: str) -> Any | None:
        raw = self.backend.get(PREFIX + record)
        if raw is None:
            return None
        decode = _decoder(record)
        try:
            envelope = json.loads(raw)
            if not isinstance(envelope, dict) or "schema" not in envelope or "data" not in envelope:
                raise ValueError("not an Étoile record")
            if envelope["schema"] != SCHEMA:
                if isinstance(envelope["schema"], int) and envelope["schema"] > SCHEMA:
                    self._set_aside(record, raw, "newer", f"schema {envelope['schema']}")
                    return None
                raise ValueError(f"unknown schema {envelope['schema']!r}")
            if decode is None:
                raise ValueError("unknown record")
            return decode(envelope["data"], self.games)
        except (ValueError, TypeError, KeyError, InvalidMatch) as error:
            self._set_aside(record, raw, "unreadable", str(error))
            return None

    def _set_aside(self, record: str, raw: str, kind: str, detail: str) -> None:
        aside = self._free_aside_key(record)
        try:
            self.backend.set(aside, raw)
        except StorageFull:
            # No room for the copy: leave the original where it is, untouched.
            self.problems.append(Problem(kind, record, detail, PREFIX + record))
            return
        self.backend.remove(PREFIX + record)
        self.problems.append(Problem(kind, record, detail, aside))

    def _free_aside_key(self, record: str) -> str:
        taken = set(self.backend.keys())
        number = 1
        while f"{ASIDE_PREFIX}{record}:{number}" in taken:
            number += 1
        return f"{ASIDE_PREFIX}{record}:{number}"

    def settings(self) -> Settings:
        """The saved settings, or the defaults."""
        return self._read(SETTINGS) or Settings()

    def match(self, game_id: str) -> Match | None:
        """The saved game in progress of ``game_id``, if any."""
        return self._read(MATCH + game_id)

    def matches(self) -> dict[str, Match]:
        """Every readable saved match, by game id (unreadable ones are set aside)."""
        found = {game_id: self.match(game_id) for game_id in self.games}
        return {game_id: match for game_id, match in found.items() if match is not None}

    def set_aside(self) -> dict[str, str]:
        """Every value set aside so far, by key, exactly as it was stored."""
        return {key: self.backend.get(key) or "" for key in sorted(self.backend.keys()) if key.startswith(ASIDE_PREFIX)}

    # -- writing -----------------------------------------------------------

    def _write(self, record: str, data: Any) -> bool:
        text = json.dumps({"schema": SCHEMA, "data": data}, ensure_ascii=False, separators=(",", ":"))
        try:
            self.backend.set(PREFIX + record, text)
        except StorageFull:
            self.problems.append(Problem("full", record))
            return False
        return True

    def save_settings(self, settings: Settings) -> bool:
        """Save; ``False`` (and a ``"full"`` problem) when storage is full."""
        return self._write(SETTINGS, settings.to_json())

    def save_match(self, match: Match) -> bool:
        return self._write(MATCH + match.game.ID, match.to_json())

    def delete_match(self, game_id: str) -> None:
        self.backend.remove(PREFIX + MATCH + game_id)

    def discard(self, aside_key: str) -> None:
        """Delete one value that was set aside (after the player downloaded or dismissed it)."""
        if aside_key.startswith(ASIDE_PREFIX):
            self.backend.remove(aside_key)

    def reset(self) -> None:
        """Delete every Étoile value, including those set aside."""
        for key in self.backend.keys():  # noqa: SIM118 - a Backend, not a dict
            if key.startswith((PREFIX, ASIDE_PREFIX)):
                self.backend.remove(key)

    # -- export and import -------------------------------------------------

    def export_all(self) -> str:
        """All readable records as one JSON document (unreadable ones are set aside first)."""
        records: dict[str, Any] = {}
        for key in sorted(self.backend.keys()):
            if not key.startswith(PREFIX):
                continue
            record = key[len(PREFIX) :]
            value = self._read(record)
            if value is not None:
                records[record] = value.to_json()
        return json.dumps(
            {"kind": EXPORT_KIND, "schema": SCHEMA, "records": records},
            ensure_ascii=False,
            indent=1,
        )

    def import_all(self, text: str) -> int:
        """Write every record of an export; return how many.

        Raises :class:`ImportRefused`, changing nothing, if the file is not an
        Étoile export, if any record does not validate, or if it does not fit.
        """
        decoded = _validate_export(text, self.games)
        before = {PREFIX + record: self.backend.get(PREFIX + record) for record in decoded}
        try:
            for record, value in decoded.items():
                self.backend.set(
                    PREFIX + record,
                    json.dumps({"schema": SCHEMA, "data": value.to_json()}, ensure_ascii=False, separators=(",", ":")),
                )
        except StorageFull as error:
            _restore(self.backend, before.items())
            raise ImportRefused("full") from error
        return len(decoded)


def _validate_export(text: str, games: Mapping[str, Game]) -> dict[str, Any]:
    try:
        document = json.loads(text)
    except ValueError as error:
        raise ImportRefused("not_json", str(error)) from error
    if not isinstance(document, dict) or document.get("kind") != EXPORT_KIND:
        raise ImportRefused("not_export")
    if document.get("schema") != SCHEMA:
        raise ImportRefused("schema", f"schema {document.get('schema')!r}")
    records = document.get("records")
    if not isinstance(records, dict):
        raise ImportRefused("not_export", "no records")
    decoded = {}
    for record, data in records.items():
        decode = _decoder(record)
        if decode is None:
            raise ImportRefused("bad_record", "unknown record", record)
        try:
            decoded[record] = decode(data, games)
        except (ValueError, TypeError, KeyError, InvalidMatch) as error:
            raise ImportRefused("bad_record", str(error), record) from error
    return decoded


def _restore(backend: Backend, values: Iterable[tuple[str, str | None]]) -> None:
    for key, value in values:
        if value is None:
            backend.remove(key)
        else:
            backend.set(key, value)
