"""The games played on this device: each finished game, and each game left after at least one action, kept whole.

An :class:`Entry` is what the history holds of one game: which game, when it
ended, how (``finished`` or ``abandoned``), who sat where, the ranking, the
facts the statistics count (:func:`facts`) and the whole record,
as the text of a link to watch it (:mod:`etoile.sharing.link`: deflated, so a thousand
games fit in a browser's storage), from which the game replays.

A game has one entry whatever becomes of it: its id is drawn from what makes
it that game (the game, its options, its seed, its seats), so the same game
kept again (taken back and ended otherwise, or met again in a friend's export)
takes the place of the copy with fewer actions instead of standing twice.

>>> from etoile.games.chinese_checkers import rules as chinese_checkers
>>> from etoile.engine.match import Match, Seat
>>> ann_and_bob = (Seat("Ann"), Seat("Bob"))
>>> match = Match.new(chinese_checkers, {"players": 2}, 5, ann_and_bob).play(chinese_checkers.action_from_text("3-14"))
>>> entry = Entry.of(match, "2026-12-02T18:05")
>>> entry.game, entry.ended, entry.actions, [p.name for p in entry.players], entry.replayed().cursor
('chinese-checkers', 'abandoned', 1, ['Ann', 'Bob'], 1)
>>> Entry.from_json(entry.to_json()) == entry
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Literal, get_args

from etoile.engine.daily import Daily
from etoile.engine.game import JSON
from etoile.engine.lazy import lazy_dataclass
from etoile.engine.match import Match, Seat
from etoile.engine.registry import find
from etoile.sharing import link

if TYPE_CHECKING:
    from etoile.sharing.fair_dice import Table

Ending = Literal["finished", "abandoned"]
ENDINGS = get_args(Ending)
WHEN = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d")
"""When a game ended, in the device's local time, to the minute: ``2026-12-02T18:05``."""
HISTORY_ID = re.compile(r"[0-9a-f]{16}")
"""The id of a game in the history (:func:`game_id`)."""


Facts = tuple[dict[str, JSON], ...]
"""What the statistics count of each seat's play in a game (:mod:`etoile.saved.stats`)."""


def facts(match: Match) -> Facts:
    """What the statistics count of each seat's play in ``match``, as its game's statistics hooks find it
    (:attr:`etoile.engine.registry.GameSpec.stats`); nothing for a game the registry does not know."""
    spec = find(match.game.ID)
    found: Facts = spec.load_stats().facts(match) if spec is not None else tuple({} for _ in match.seats)
    return found


def game_id(match: Match) -> str:
    """The id of ``match`` in the history: the same on every device that has the game, different for every other.

    >>> from etoile.games.chinese_checkers import rules as chinese_checkers
    >>> a, b = (Match.new(chinese_checkers, {"players": 2}, seed) for seed in (1, 2))
    >>> game_id(a) == game_id(a.play(chinese_checkers.action_from_text("3-14"))), game_id(a) == game_id(b)
    (True, False)
    """
    names = [[seat.name, seat.computer] for seat in match.seats]
    daily = [[match.daily.day, match.daily.attempt]] if match.daily is not None else []  # each attempt its own game
    identity = json.dumps([match.game.ID, dict(sorted(match.options.items())), match.seed, names, *daily], ensure_ascii=False)
    import hashlib  # noqa: PLC0415 - imported on first use: it costs the page's start-up 10 ms

    return hashlib.sha256(identity.encode("utf-8")).hexdigest()[:16]


@lazy_dataclass
class Entry:
    """One game of the history (see the module's text). ``ranking`` is empty for a game left before its end;
    ``facts`` holds, for each seat, what :func:`facts` found in its play."""

    id: str
    game: str
    when: str
    ended: Ending
    options: Mapping[str, JSON]
    players: tuple[Seat, ...]
    ranking: tuple[tuple[int, ...], ...]
    facts: tuple[Mapping[str, JSON], ...]
    actions: int
    record: str
    daily: Daily | None = None
    """The day's challenge the game was (its day, its attempt, the perfect player's result once known)."""

    @classmethod
    def of(cls, match: Match, when: str, fair: Table | None = None) -> Entry:
        """The entry of ``match`` as it stands (the actions undone at its end are not kept), at ``when``: finished
        if it is over, else abandoned (left before its end); a game played live keeps its ``fair`` dice."""
        kept = match.play_all(())  # the same position, without the actions undone
        outcome = kept.result
        players = match.game.DESCRIPTION.resolve(match.options)["players"]
        seats = kept.seats or (Seat(""),) * players  # a record without names: unnamed people
        return cls(
            game_id(kept),
            kept.game.ID,
            when,
            "abandoned" if outcome is None else "finished",
            dict(kept.options),
            tuple(Seat(seat.name, seat.computer) for seat in seats),
            () if outcome is None else outcome.ranking,
            facts(kept),
            kept.cursor,
            link.encode(kept, "watch", fair=fair),
            kept.daily,
        )

    @property
    def par(self) -> int | None:
        """The perfect player's result, at a day's challenge once known."""
        return None if self.daily is None else self.daily.par

    @property
    def winners(self) -> tuple[int, ...]:
        return self.ranking[0] if self.ranking else ()

    def replayed(self) -> Match:
        """The game itself, replayed from its record; :class:`etoile.sharing.link.LinkRefused` if the record is not one."""
        return self.opened().match

    def opened(self) -> link.Shared:
        """The game replayed from its record, with its fair dice if it was played live; :class:`LinkRefused
        <etoile.sharing.link.LinkRefused>` if the record is not the game the entry names."""
        shared = link.decode(self.record)
        if self.game != shared.match.game.ID or game_id(shared.match) != self.id:
            raise link.LinkRefused("not_a_game", "the record is not the game its entry names")
        return shared

    def to_json(self) -> dict[str, JSON]:
        return {
            "id": self.id,
            "game": self.game,
            "when": self.when,
            "ended": self.ended,
            "options": dict(self.options),
            "players": [seat.to_json() for seat in self.players],
            "ranking": [list(tier) for tier in self.ranking],
            "facts": [dict(f) for f in self.facts],
            "actions": self.actions,
            "record": self.record,
            **({"daily": self.daily.to_json()} if self.daily is not None else {}),
        }

    @classmethod
    def from_json(cls, data: JSON) -> Entry:
        """The entry of :meth:`to_json`'s output, its shape checked (its record is replayed only when it is
        watched); ``ValueError`` if it is not one."""
        if not isinstance(data, dict):
            raise ValueError("a history entry is an object")
        players = tuple(Seat.from_json(seat) for seat in _list(data, "players"))
        ranking = tuple(tuple(_seat(s, len(players)) for s in _list({"tier": tier}, "tier")) for tier in _list(data, "ranking"))
        facts = tuple(f if isinstance(f, dict) else {} for f in _list(data, "facts"))
        options = data.get("options")
        entry = cls(
            _text(data, "id", HISTORY_ID),
            _text(data, "game"),
            _text(data, "when", WHEN),
            # The ending and the count of actions are checked below, on the entry.
            data.get("ended"),  # type: ignore[arg-type]
            options if isinstance(options, dict) else {},
            players,
            ranking,
            facts if len(facts) == len(players) else tuple({} for _ in players),
            data.get("actions"),  # type: ignore[arg-type]
            _text(data, "record"),
            Daily.from_json(data["daily"]) if "daily" in data else None,
        )
        if entry.ended not in ENDINGS or (entry.ended == "finished") != bool(ranking):
            raise ValueError("a history entry is finished, with a ranking, or abandoned, without one")
        if not isinstance(entry.actions, int) or isinstance(entry.actions, bool) or entry.actions < 0:
            raise ValueError("a history entry counts its actions")
        if len(entry.record) > link.MAX_LINK_CHARS:
            raise ValueError("the record of a history entry is too long")
        return entry


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise ValueError(f"a history entry's {key} is a list")
    return value


def _seat(value: Any, players: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise ValueError("a ranking names the seats of the game")
    return value


def _text(data: dict[str, Any], key: str, pattern: re.Pattern[str] | None = None) -> str:
    value = data.get(key)
    if not isinstance(value, str) or (pattern is not None and not pattern.fullmatch(value)):
        raise ValueError(f"a history entry's {key} is not one")
    return value


def better(kept: Entry | None, new: Entry) -> bool:
    """Whether ``new`` should take the place of ``kept`` (the same game): it goes further, or it is the same length
    and newer, or it knows a day's challenge's par that ``kept`` did not."""
    return kept is None or (new.actions, new.when, new.par is not None) > (kept.actions, kept.when, kept.par is not None)


def newest_first(entries: Iterable[Entry]) -> tuple[Entry, ...]:
    """The entries, the game that ended last first (then by id, so the order is the same everywhere)."""
    return tuple(sorted(entries, key=lambda e: (e.when, e.id), reverse=True))


def with_entry(history: Iterable[Entry], entry: Entry) -> tuple[Entry, ...]:
    """The history with ``entry`` kept in it: in place of the same game's entry if it goes further, else added.

    >>> from etoile.games.chinese_checkers import rules as chinese_checkers
    >>> start = Match.new(chinese_checkers, {"players": 2}, 5)
    >>> one = Entry.of(start.play(chinese_checkers.action_from_text("3-14")), "2026-12-02T18:05")
    >>> moves = [chinese_checkers.action_from_text(m) for m in ("3-14", "111-102")]
    >>> two = Entry.of(start.play_all(moves), "2026-12-02T18:04")
    >>> [e.actions for e in with_entry(with_entry((), one), two)], [e.actions for e in with_entry((two,), one)]
    ([2], [2])
    """
    entries = {e.id: e for e in history}
    if better(entries.get(entry.id), entry):
        entries[entry.id] = entry
    return newest_first(entries.values())
