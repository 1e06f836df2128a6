"""The rule modules, the one protocol they all follow, and the description each gives of itself.

A game is a module (or any object) with the attributes of :class:`Game`. Its
state and actions are immutable values that turn into plain JSON and into a
short text (the game's notation) and back. Chance is part of the game, not
hidden in it: when dice must be thrown, :meth:`Game.to_move` answers
:data:`CHANCE` and :meth:`Game.chance_outcomes` lists what can come up with its
exact probability; the match draws one (:mod:`etoile.engine.match`) and applies it
like any action, so a game's record holds the faces that came up. Rules never
touch the page, the clock or a random generator, so the same code runs the
page, the computer players and the tests, and a test states the dice it wants.

Each rules module declares once, in its :class:`Description`, what the rest
of the app needs to know: its id, the player counts it accepts, its options
with their values and defaults, its computer levels and whether moves may be
taken back. The setup screens, the routes, the computer players' entry point,
the rules pages and the page runtime all read it. :mod:`etoile.engine.registry`
finds every game.

The generic machinery (history with undo and redo, saving, replay, random
play in property tests) is written once against this protocol, in
:mod:`etoile.engine.match`.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping, Sequence
from dataclasses import field
from typing import TYPE_CHECKING, Any, Final, Literal, Protocol

from etoile.engine.lazy import lazy_dataclass

if TYPE_CHECKING:
    from fractions import Fraction

JSON = Any
"""A value made of dicts, lists, str, int, float, bool and None."""


class Chance(enum.Enum):
    """The type of :data:`CHANCE`."""

    CHANCE = "chance"

    def __repr__(self) -> str:
        return "CHANCE"


CHANCE: Final = Chance.CHANCE
"""What :meth:`Game.to_move` answers when the dice, not a seat, decide what happens next."""

ToMove = int | Literal[Chance.CHANCE] | None
"""Whose move it is: a seat, :data:`CHANCE`, or ``None`` once the game is over."""


class IllegalAction(ValueError):
    """An action the rules do not allow in this state; the message says why."""


def token(value: JSON) -> str:
    """How an option value is written in the page and in locale keys: ``11``, ``true``, ``null``, ``at_most``.

    >>> [token(v) for v in (11, True, None, "at_most")]
    ['11', 'true', 'null', 'at_most']
    """
    return value if isinstance(value, str) else json.dumps(value)


@lazy_dataclass
class Option:
    """A rule option: its values, in the order the setup offers them, and its default.

    ``players`` limits some values to some numbers of players (three camps
    each, say, for two players only). The option is named
    ``<namespace>.option.<id>`` in the locale files, each value
    ``<namespace>.option.<id>.<token>``.
    """

    id: str
    values: tuple[JSON, ...]
    default: JSON
    players: Mapping[JSON, tuple[int, ...]] = field(default_factory=dict, hash=False)
    offered: bool = True
    """``False`` for an option no setup screen offers (the edition of the rules an old game was saved with)."""

    def allows(self, value: JSON, players: int) -> bool:
        """Whether ``value`` (one of :attr:`values`, of the same type: ``1`` is not ``True``) fits a game of ``players``."""
        known = any(value == v and type(value) is type(v) for v in self.values)
        return known and players in self.players.get(value, (players,))

    def value_of(self, text: str) -> JSON:
        """The value whose :func:`token` is ``text``; ``KeyError`` if none."""
        for value in self.values:
            if token(value) == text:
                return value
        raise KeyError(text)


@lazy_dataclass
class Description:
    """What the app needs to know about a game, declared once by its rules module.

    ``namespace`` names the game in the code: its modules (``etoile.engine.game.<ns>``,
    ``etoile.games.<ns>.ai``, ``etoile.games.<ns>.table``), its rules page and its locale
    keys (``<ns>.*``). ``max_players`` is ``None`` when the rules set no limit.
    ``levels`` are the computer players' levels, weakest first. ``undo`` says
    whether players may take moves back (not in dice games: an undo would be a
    new throw). ``by_link`` says whether a seat may be played on another device,
    its moves sent in links (not in dice games: a throw made on one device
    cannot be checked on the other).
    """

    id: str
    namespace: str
    min_players: int
    max_players: int | None
    levels: tuple[str, ...]
    options: tuple[Option, ...] = ()
    default_players: int = 2
    undo: bool = False
    by_link: bool = False

    def option(self, option_id: str) -> Option | None:
        return next((o for o in self.options if o.id == option_id), None)

    def accepts(self, players: int) -> bool:
        """Whether the game is played by ``players`` players.

        >>> Description("pig", "pig", 2, None, ()).accepts(40), Description("pig", "pig", 2, 4, ()).accepts(5)
        (True, False)
        """
        return self.min_players <= players and (self.max_players is None or players <= self.max_players)

    @property
    def offered(self) -> tuple[Option, ...]:
        """The options a setup screen offers and a rules page lists (not ``edition``-like ones kept for old games)."""
        return tuple(o for o in self.options if o.offered)

    def defaults(self) -> dict[str, JSON]:
        """Every option's default, by id."""
        return {o.id: o.default for o in self.options}

    def resolve(self, options: Mapping[str, JSON]) -> dict[str, JSON]:
        """The complete options of a game: ``players`` and every option, defaults filled in.

        ``ValueError`` for an unknown option, a value the game does not offer
        (or not for that many players), or a player count it does not accept.

        >>> pig = Description("pig", "pig", 2, 4, (), (Option("target", (10, 20), 20),))
        >>> pig.resolve({"players": 3})
        {'players': 3, 'target': 20}
        >>> pig.resolve({"target": 15})
        Traceback (most recent call last):
        ...
        ValueError: pig option target must be 10 or 20, not 15
        """
        if not isinstance(options, Mapping):
            raise ValueError(f"{self.id} options must be an object, not {options!r}")
        unknown = sorted(set(map(str, options)) - {"players"} - {o.id for o in self.options})
        if unknown:
            raise ValueError(f"unknown {self.id} option(s): {', '.join(map(repr, unknown))}")
        players = options.get("players", self.default_players)
        if type(players) is not int or not self.accepts(players):
            span = f"{self.min_players} or more" if self.max_players is None else f"{self.min_players} to {self.max_players}"
            raise ValueError(f"{self.id} is for {span} players, not {players!r}")
        resolved: dict[str, JSON] = {"players": players}
        for option in self.options:
            value = options.get(option.id, option.default)
            if not option.allows(value, players):
                allowed = " or ".join(token(v) for v in option.values if option.allows(v, players))
                raise ValueError(f"{self.id} option {option.id} must be {allowed}, not {token(value)}")
            resolved[option.id] = value
        return resolved

    def text_head(self, options: Mapping[str, JSON]) -> str:
        """How every position text of the game opens: its id, then ``players`` and each option as name=value.

        >>> pig = Description("pig", "pig", 2, 4, (), (Option("target", (10, 20), 20), Option("fast", (False, True), False)))
        >>> pig.text_head({"players": 3, "target": 10, "fast": True})
        'pig players=3 target=10 fast=true'
        >>> pig.read_head("pig players=3 target=15 fast=true 4,0,9/2")
        ({'players': 3, 'target': 15, 'fast': True}, ['4,0,9/2'])
        """
        names = ("players", *(o.id for o in self.options))
        return " ".join([self.id, *(f"{name}={token(options[name])}" for name in names if name in options)])

    def read_head(self, text: str) -> tuple[dict[str, JSON], list[str]]:
        """The options a position text opens with (see :meth:`text_head`) and the words after them.

        The values are read as :func:`token` writes them, not checked (the game checks them with its state; a
        position set up by hand may use values no setup offers); ``ValueError`` if the text does not open with the
        game's id, or names an option twice or one the game does not have.
        """
        words = text.split()
        if not words or words[0] != self.id:
            raise ValueError(f"a {self.id} position opens with {self.id!r}, not {words[0] if words else 'nothing'!r}")
        end = next((i for i, word in enumerate(words) if i and "=" not in word), len(words))
        options: dict[str, JSON] = {}
        for word in words[1:end]:
            key, _, value = word.partition("=")
            option = self.option(key)
            if (option is None and key != "players") or key in options:
                raise ValueError(f"{word!r} is not one of the {self.id} options, given once each")
            try:
                options[key] = (
                    option.value_of(value) if option is not None and value in map(token, option.values) else json.loads(value)
                )
            except json.JSONDecodeError:
                raise ValueError(f"{self.id} option {key} cannot be {value!r}") from None
        return options, words[end:]

    @property
    def strongest(self) -> str:
        """The strongest computer level: the one a new computer seat plays."""
        return self.levels[-1]


@lazy_dataclass
class Outcome:
    """How a finished game ended: tiers of seats, best first.

    ``Outcome(((0,), (1, 2)))`` means seat 0 won and seats 1 and 2 share the
    next place. Seats that share the first tier share the win.
    """

    ranking: tuple[tuple[int, ...], ...]

    @property
    def winners(self) -> tuple[int, ...]:
        return self.ranking[0] if self.ranking else ()

    def to_json(self) -> list[list[int]]:
        return [list(tier) for tier in self.ranking]


class Game(Protocol):
    """What every rule module provides (module-level names)."""

    ID: str
    """Stable id used in saves and URLs: ``"pig"``, ... (the same as ``DESCRIPTION.id``)."""

    DESCRIPTION: Description
    """What the rest of the app knows of the game: players, options, computer levels, undo."""

    def start(self, options: Mapping[str, JSON], seed: int) -> Any:
        """The state before the first action; raises ``ValueError`` on bad options."""

    def max_actions(self, options: Mapping[str, JSON]) -> int:
        """The most actions a game with ``options`` can hold: a saved record with more is refused before replay."""

    def to_move(self, state: Any) -> ToMove:
        """The seat whose action it is, :data:`CHANCE` when dice are to be thrown, or ``None`` when the game is over."""

    def legal_actions(self, state: Any) -> Sequence[Any]:
        """Every action the seat to move may take; at a chance node, every outcome; empty when the game is over."""

    def chance_outcomes(self, state: Any) -> Sequence[tuple[Any, Fraction]]:
        """At a chance node, every outcome with its exact probability (they sum to 1); elsewhere empty."""

    def apply(self, state: Any, action: Any) -> Any:
        """The state after ``action``; raises :class:`IllegalAction` if it is not legal."""

    def forced(self, state: Any) -> Any | None:
        """The action the seat to move has no choice about and need not be asked for (a lone stop, a pass), if any."""

    def result(self, state: Any) -> Outcome | None:
        """The outcome once the game is over, else ``None``."""

    def state_to_json(self, state: Any) -> JSON: ...

    # A game whose rules changed may also provide ``upgrade_options(options, format) -> options``: the options of a
    # game saved in an older match format, as this version reads them (see :data:`etoile.engine.match.FORMAT`). A game
    # whose actions changed provides ``upgrade_actions(options, seed, actions) -> list[list[JSON]]``: for each action
    # of a format-1 record, the actions of this version that do the same (a throw became a throw and its roll).

    def state_from_json(self, data: JSON) -> Any: ...

    def action_to_json(self, action: Any) -> JSON: ...

    def action_from_json(self, data: JSON) -> Any: ...

    def action_to_text(self, action: Any) -> str:
        """The action in the game's notation: ``keep 1 2``, ``fill full``, ``12-23-34``, ``roll 4 2 1``."""

    def action_from_text(self, text: str) -> Any:
        """The action written ``text``; ``ValueError`` with what was expected if it is not one."""

    def state_to_text(self, state: Any) -> str:
        """The whole position on one line (options, seat to move, everything): ``state_from_text`` reads it back equal."""

    def state_from_text(self, text: str) -> Any:
        """The position written ``text``; ``ValueError`` if it is not one."""
