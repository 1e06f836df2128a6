"""A game in progress: rules, options, seed and the actions played so far.

A :class:`Match` is the one thing the app saves for a game. Its JSON form is
the options, the seed and the list of actions, so loading a save replays every
action through the rules: a tampered or foreign save cannot produce a state the
rules would not reach. The actions include the outcomes of chance (the faces
each throw of the dice showed), so a record replays from itself alone; the
seed only decides the throws still to come, drawn by :meth:`Match.settled`. Loading checks, before replaying anything, that the
options are the game's, that there is one seat per player, that every computer
seat plays one of the game's levels and that the record is no longer than a
game can be; replaying is linear in the record's length. The intermediate
states are kept in memory, which makes undo, redo and replay immediate.

>>> from etoile.games.chinese_checkers import rules as chinese_checkers
>>> match = Match.new(chinese_checkers, {"players": 2}, seed=0).play(chinese_checkers.action_from_text("3-14"))
>>> match.cursor, match.undo().cursor, Match.from_json(match.to_json()).state == match.state
(1, 0, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from typing import Any

from etoile.engine.daily import Daily, duplicate_roll
from etoile.engine.dice import Outcomes, Roll, draw
from etoile.engine.game import CHANCE, JSON, Game, IllegalAction, Outcome
from etoile.engine.lazy import lazy_dataclass
from etoile.engine.names import clean_name
from etoile.engine.registry import REGISTRY
from etoile.engine.rng import Dice, splitmix64

FORMAT = 2
"""Version of :meth:`Match.to_json`'s layout. Format 1 records load too: a game whose rules changed since reads
their options with its ``upgrade_options(options, format)`` (the edition of its rules, say)."""


class InvalidMatch(ValueError):
    """Saved match data that does not describe a game the rules can replay."""


@lazy_dataclass
class Seat:
    """Who plays a seat: a person's ``name``, or the computer at ``level`` (``computer`` is ``None`` for a person).

    ``away`` marks a person who plays on another device, by link (:mod:`etoile.sharing.by_link`) or live
    (:mod:`etoile.sharing.live`): on this device nobody moves for them; their moves come in a link, or from the table.
    """

    name: str
    computer: str | None = None
    away: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or self.name != clean_name(self.name):
            raise ValueError("a seat's name must be a short line of text")
        if self.computer is not None and not (isinstance(self.computer, str) and self.computer.isidentifier()):
            raise ValueError("a computer seat needs a level name")
        if self.away is not False and (self.away is not True or self.computer is not None):
            raise ValueError("only a person's seat can be played away, by link")

    def to_json(self) -> dict[str, JSON]:
        return {"name": self.name, "computer": self.computer, **({"away": True} if self.away else {})}

    @classmethod
    def from_json(cls, data: JSON) -> Seat:
        """The seat of :meth:`to_json`'s output (other fields are dropped); ``ValueError`` if it is not one."""
        if not isinstance(data, dict) or "name" not in data:
            raise ValueError("a seat must be an object with a 'name'")
        return cls(data["name"], data.get("computer"), data.get("away", False))


@lazy_dataclass
class Match:
    """An immutable game record with a cursor for undo and redo.

    ``states[i]`` is the state after the first ``i`` actions and ``dice[i]``
    the generator that draws the next outcome of chance there; ``cursor`` is
    how many actions are currently applied (less than ``len(actions)`` after an
    undo, until the next new action drops the undone ones).
    """

    game: Game
    options: Mapping[str, JSON]
    seed: int
    actions: tuple[Any, ...]
    states: tuple[Any, ...]
    cursor: int
    seats: tuple[Seat, ...] = ()
    dice: tuple[Dice, ...] = ()
    daily: Daily | None = None
    """The day's challenge this match is, if it is one: its seed is the day's, and its chance is duplicate."""

    @classmethod
    def new(
        cls, game: Game, options: Mapping[str, JSON], seed: int, seats: tuple[Seat, ...] = (), daily: Daily | None = None
    ) -> Match:
        """A match before its first action; ``seats``, if given, name one player per seat; ``daily``, the day's
        challenge it is (whose seed ``seed`` must be).

        ``ValueError`` if the options are not the game's, the seats do not fit them, or the seed is not the day's.
        """
        if daily is not None and seed != daily.seed:
            raise ValueError(f"the seed of {daily.day}'s challenge is {daily.seed}, not {seed}")
        start = game.start(options, seed)
        if seats and len(seats) != options.get("players"):
            raise ValueError(f"{len(seats)} seats for {options.get('players')} players")
        for seat in seats:
            levels = game.DESCRIPTION.levels
            if seat.computer is not None and seat.computer not in levels:
                raise ValueError(f"no computer level {seat.computer!r} in {game.ID}: the levels are {', '.join(levels)}")
        return cls(game, dict(options), seed, (), (start,), 0, tuple(seats), (Dice(seed),), daily)

    @property
    def state(self) -> Any:
        return self.states[self.cursor]

    @property
    def played(self) -> tuple[Any, ...]:
        """The actions that lead to :attr:`state`."""
        return self.actions[: self.cursor]

    @property
    def result(self) -> Outcome | None:
        return self.game.result(self.state)

    @property
    def person_to_move(self) -> int | None:
        """The seat to move when a person plays it here; ``None`` once over, on the computer's turn, or on the turn
        of a friend who plays on another device."""
        return self._to_move("person")

    @property
    def computer_to_move(self) -> int | None:
        """The seat to move when the computer plays it; ``None`` once over, or on a person's turn."""
        return self._to_move("computer")

    @property
    def friend_to_move(self) -> int | None:
        """The seat to move when a person plays it on another device (:attr:`Seat.away`); else ``None``."""
        return self._to_move("away")

    @property
    def by_link(self) -> bool:
        """Whether some seats are played on other devices: a game by link."""
        return any(seat.away for seat in self.seats)

    def _to_move(self, kind: str) -> int | None:
        seat = self.game.to_move(self.state)
        if seat is None or seat is CHANCE:
            return None
        who = self.seats[seat] if self.seats else Seat("")
        return seat if kind == ("computer" if who.computer is not None else "away" if who.away else "person") else None

    @property
    def can_undo(self) -> bool:
        return self.cursor > 0

    @property
    def can_redo(self) -> bool:
        return self.cursor < len(self.actions)

    def play(self, action: Any) -> Match:
        """Apply ``action`` at the cursor; undone actions are dropped."""
        return self.play_all((action,))

    def play_all(self, actions: Iterable[Any]) -> Match:
        """Apply ``actions`` in order at the cursor (undone actions are dropped), in time linear in their number.

        Raises :class:`~etoile.engine.game.IllegalAction` at the first action the rules refuse.
        """
        played, states = list(self.played), list(self.states[: self.cursor + 1])
        dice = list(self.dice[: self.cursor + 1])
        for action in actions:
            chance = self.game.to_move(states[-1]) is CHANCE
            states.append(self.game.apply(states[-1], action))
            played.append(action)
            dice.append(_advance(dice[-1], action) if chance else dice[-1])
        return Match(
            self.game, self.options, self.seed, tuple(played), tuple(states), len(played), self.seats, tuple(dice), self.daily
        )

    def settled(self) -> Match:
        """The match after what no player chooses: the throws of the dice, drawn from the seed, and the actions the
        rules leave no choice about (:meth:`Game.forced`); either is redone instead when the record holds it next."""
        match = self
        while True:
            if match.game.to_move(match.state) is CHANCE:
                if match.can_redo:  # what came up is what the record says came up
                    match = match.redo()
                    continue
                action = match.drawn()
            elif (action := match.game.forced(match.state)) is None:
                return match
            match = match.redo() if match.can_redo and match.actions[match.cursor] == action else match.play(action)

    def drawn(self) -> Any:
        """What chance brings at the position (dice in the air): drawn from the seed, or at a day's challenge the
        duplicate faces of the place the game's ``duplicate_key(state)`` names (:mod:`etoile.engine.daily`)."""
        outcomes = self.game.chance_outcomes(self.state)
        if self.daily is None:
            return _draw(outcomes, self.dice[self.cursor])
        count = outcomes.dice if isinstance(outcomes, Outcomes) else len(outcomes[0][0].faces)
        return Roll(duplicate_roll(self.seed, self.game.duplicate_key(self.state), count))  # type: ignore[attr-defined]

    def undo(self, count: int = 1) -> Match:
        if not 0 <= count <= self.cursor:
            raise IllegalAction(f"cannot undo {count} action(s): {self.cursor} played")
        return self.at(self.cursor - count)

    def redo(self, count: int = 1) -> Match:
        if not 0 <= count <= len(self.actions) - self.cursor:
            raise IllegalAction(f"cannot redo {count} action(s)")
        return self.at(self.cursor + count)

    def at(self, cursor: int) -> Match:
        """The same record with ``cursor`` actions applied (what a replay shows); ``IllegalAction`` beyond the record."""
        if not 0 <= cursor <= len(self.actions):
            raise IllegalAction(f"no position after {cursor} action(s): the record holds {len(self.actions)}")
        return Match(self.game, self.options, self.seed, self.actions, self.states, cursor, self.seats, self.dice, self.daily)

    def with_daily(self, daily: Daily) -> Match:
        """The same record as another attempt or with the par found (the day and the seed stay)."""
        if self.daily is None or daily.day != self.daily.day:
            raise ValueError("only a day's challenge takes another attempt or its par")
        return replace(self, daily=daily)

    @property
    def positions(self) -> tuple[int, ...]:
        """The plies up to the cursor that a replay shows: those where a seat is to move or the game is over, not
        the instants with dice in the air. ``0`` is always one (a game never starts with a throw of its own)."""
        return tuple(ply for ply in range(self.cursor + 1) if self.game.to_move(self.states[ply]) is not CHANCE)

    def replay(self) -> Iterator[tuple[Any | None, Any]]:
        """Yield ``(action, state)`` from the start (action ``None``) to the cursor."""
        yield None, self.states[0]
        for index, action in enumerate(self.played, start=1):
            yield action, self.states[index]

    def to_json(self) -> dict[str, JSON]:
        return {
            "format": FORMAT,
            "game": self.game.ID,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [self.game.action_to_json(a) for a in self.actions],
            "cursor": self.cursor,
            "seats": [seat.to_json() for seat in self.seats],
            **({"daily": self.daily.to_json()} if self.daily is not None else {}),
        }

    @classmethod
    def from_json(cls, data: JSON, games: Mapping[str, Game] = REGISTRY) -> Match:
        """Rebuild a match by replaying its actions; raise :class:`InvalidMatch` if it cannot be."""
        if not isinstance(data, dict):
            raise InvalidMatch("a saved game must be an object")
        saved_format = data.get("format")
        if saved_format not in (1, FORMAT) or isinstance(saved_format, bool):
            raise InvalidMatch(f"unknown saved game format {saved_format!r}")
        game_id = data.get("game")
        game = games.get(game_id) if isinstance(game_id, str) else None
        if game is None:
            raise InvalidMatch(f"unknown game {data.get('game')!r}")
        options, seed = data.get("options"), data.get("seed")
        actions, cursor, seats = data.get("actions"), data.get("cursor"), data.get("seats", [])
        if not isinstance(options, dict):
            raise InvalidMatch("options must be an object")
        upgrade = getattr(game, "upgrade_options", None)
        if upgrade is not None:
            options = upgrade(options, saved_format)
        upgrade_actions = getattr(game, "upgrade_actions", None)
        if saved_format == 1 and upgrade_actions is not None and isinstance(actions, list) and isinstance(seed, int):
            try:
                converted = upgrade_actions(options, seed, actions)
            except (ValueError, TypeError, KeyError) as error:
                raise InvalidMatch(f"the saved actions do not replay: {error}") from error
            if isinstance(cursor, int) and not isinstance(cursor, bool) and 0 <= cursor <= len(actions):
                cursor = sum(map(len, converted[:cursor]))
            actions = [action for group in converted for action in group]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidMatch("seed must be an integer")
        if not isinstance(actions, list):
            raise InvalidMatch("actions must be a list")
        if not isinstance(cursor, int) or isinstance(cursor, bool) or not 0 <= cursor <= len(actions):
            raise InvalidMatch("cursor must be an integer within the actions")
        if not isinstance(seats, list):
            raise InvalidMatch("seats must be a list")
        try:
            daily = Daily.from_json(data["daily"]) if "daily" in data else None
            match = cls.new(game, options, seed, tuple(Seat.from_json(seat) for seat in seats), daily)
        except (ValueError, TypeError, KeyError) as error:
            raise InvalidMatch(f"not a {game.ID} game this version offers: {error}") from error
        most = game.max_actions(options)
        if len(actions) > most:
            raise InvalidMatch(f"{len(actions)} actions: more than a {game.ID} game can have ({most})")
        try:
            match = match.play_all(game.action_from_json(raw) for raw in actions)
        except (ValueError, TypeError, KeyError) as error:
            raise InvalidMatch(f"the saved actions do not replay: {error}") from error
        return match.at(cursor)


def _advance(rng: Dice, outcome: Any) -> Dice:
    """The generator after ``outcome`` came up: as many draws as :func:`_draw` takes to draw it."""
    return draw(rng, len(outcome.faces))[1] if isinstance(outcome, Roll) else Dice(rng.seed, rng.draws + 1)


def _draw(outcomes: Any, rng: Dice) -> Any:
    """One of a chance node's ``outcomes``, drawn with ``rng``.

    A throw of dice is thrown die by die (:func:`etoile.engine.dice.draw`), so a game's throws are the same whatever
    the order of its outcomes; any other chance takes one draw and picks by the outcomes' probabilities.
    """
    if isinstance(outcomes, Outcomes):  # a throw: how many dice fly is all it takes, not their odds
        return draw(rng, outcomes.dice)[0]
    first = outcomes[0][0]
    if isinstance(first, Roll):
        return draw(rng, len(first.faces))[0]
    point = splitmix64(rng.seed, rng.draws)  # a point of [0, 2**64): the outcome whose share of it holds the point
    for outcome, probability in outcomes:
        point -= probability * (1 << 64)
        if point < 0:
            return outcome
    return outcomes[-1][0]
