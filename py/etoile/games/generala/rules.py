"""Generala (Генерал): five dice, ten boxes, ten rounds; a big general wins at once.

The rules are those of its rules page (``#/rules/generala``). A game has two phases
before it is ``"over"``:

* ``"start"``: every player throws the five dice once (``Throw()``); the
  lowest total starts, players tied for the lowest total throw again among
  themselves. A game of one player has no start phase.
* ``"play"``: 10 rounds; in each round every player, clockwise (by increasing
  seat, wrapping round) from the starter, throws up to three times, keeping
  any dice between throws, then fills one open box of their column.

A :class:`Throw` sets aside the dice showing the faces it keeps and throws the
others; then the dice decide: :data:`~etoile.engine.game.CHANCE` is to move until a
:class:`~etoile.engine.dice.Roll` of the dice thrown says what came up (a match
draws it from its seed, a test states it). The kept dice stay on the left of
the table: ``state.dice`` is the kept faces, then the faces just thrown.

>>> state = start({"players": 1})
>>> state.phase, to_move(state), legal_actions(state)
('play', 0, [Throw(keep=())])
>>> state = apply(state, Throw())
>>> to_move(state), len(chance_outcomes(state))
(CHANCE, 252)
>>> state = apply(state, Roll((5, 3, 4, 1, 2)))
>>> state.dice, state.throw, preview(state)["straight"]
((5, 4, 3, 2, 1), 1, 25)
>>> state = apply(apply(state, Throw((4, 5))), Roll((4, 4, 1)))
>>> state.dice, state.kept, preview(state)["4"]
((5, 4, 4, 4, 1), 2, 12)
>>> state = apply(state, Fill("4"))
>>> totals(state), state.round
((12,), 2)

The notation
------------
A player's actions are written ``throw`` (the first throw of a turn, or a
re-throw of all five), ``keep 5 4`` (set a 5 and a 4 aside, throw the other
three) and ``fill full`` (the box names of :data:`BOXES`: ``fill 1`` ...
``fill 6``, ``fill straight``, ``fill full``, ``fill four``, ``fill general``);
what the dice showed is ``roll 4 4 1``.

>>> action_from_text("keep 4 5"), action_to_text(Fill("full")), action_to_text(Roll((1, 4, 4)))
(Throw(keep=(5, 4)), 'fill full', 'roll 4 4 1')
>>> action_to_json(Throw((4, 5))), action_from_json({"fill": "full"})
({'throw': [5, 4]}, Fill(box='full'))

A position is one line (:func:`state_to_text`): ``generala`` and the options
(``players=2 big_general_open_box=false ...``, as every game's position text
opens), the phase, the round (``r3``), the seat to move (``s1``), the throws made
this turn (``t2``), then ``dice`` and the dice on the table (``66/541``: a 6
and a 6 kept at the last throw, then the 5, 4 and 1 it brought; ``65431`` when
nothing was kept; ``66+3`` while three dice are in the air; ``-`` before the
first throw), ``start`` and the start throws (each round of them ``seat:dice``
joined by ``,``, rounds joined by ``/``, ``seat:-`` for a throw still to come),
``first`` and the seat that started, ``big`` and the seat that threw a big
general (``-`` for nobody), and ``sheets``: each column's ten boxes in
:data:`BOXES` order, joined by ``,`` (``-`` for an open box), columns joined by ``/``.

>>> state = apply(apply(apply(start({"players": 1}), Throw()), Roll((4, 4, 4, 2, 1))), Fill("4"))
>>> state_to_text(state).removeprefix(DESCRIPTION.text_head({"players": 1, **state.rules.to_json()}))
' play r2 s0 t0 dice - start - first 0 big - sheets -,-,-,12,-,-,-,-,-,-'
>>> state_from_text(state_to_text(state)) == state
True
>>> text = "generala players=2 play r3 s0 t2 dice 66/541 start 0:53321,1:65322 first 0 big - "
>>> state = state_from_text(text + "sheets -,-,3,-,-,-,0,-,-,-/-,6,-,0,-,-,-,-,-,-")  # the other options: defaults
>>> state.dice, state.kept, state.throw, totals(state), to_move(apply(state, Throw((6, 6, 5))))
((6, 6, 5, 4, 1), 2, 2, (3, 6), CHANCE)

Saved matches of format 1 kept other actions: :func:`upgrade_actions` writes them as this version's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields, replace
from typing import TYPE_CHECKING

from etoile.engine.dice import (
    Roll,
    dice_count,
    digits,
    faces_of,
    faces_text,
    from_digits,
    in_the_air,
    keeps,
    outcomes,
    roll_from_json,
    roll_from_text,
    roll_to_text,
    throw_from_text,
    throw_to_text,
    within,
)
from etoile.engine.game import CHANCE, JSON, Description, IllegalAction, Option, Outcome, ToMove
from etoile.engine.lazy import lazy_dataclass
from etoile.engine.rng import Dice
from etoile.games.generala import SPEC

if TYPE_CHECKING:
    from fractions import Fraction  # the odds' type: the module itself is imported where odds are listed

ID = SPEC.id
DESCRIPTION = Description(
    ID,
    SPEC.namespace,
    min_players=1,
    max_players=None,
    levels=("easy", "medium", "optimal", "win"),
    options=(
        Option("big_general_open_box", (False, True), False),
        Option("circular_straights", (False, True), False),
        Option("five_as_four", (True, False), True),
        Option("five_as_full", (False, True), False),
    ),
)
"""Generala for 1 or more players (the rules set no limit): the options of its rules page, four computer levels, no undo."""
_DEFAULT = DESCRIPTION.defaults()
BOXES = ("1", "2", "3", "4", "5", "6", "straight", "full", "four", "general")
"""The ten boxes of a column, in the order of the score sheet."""
ROUNDS = 10
THROWS = 3
DICE = 5
PHASES = ("start", "play", "over")

_LINE_STRAIGHTS = (frozenset({1, 2, 3, 4, 5}), frozenset({2, 3, 4, 5, 6}))
_CIRCLE_STRAIGHTS = (*_LINE_STRAIGHTS, *(frozenset((v + i - 1) % 6 + 1 for i in range(5)) for v in (3, 4, 5, 6)))
_JOKER_VALUES = frozenset({1, 2, 6})
"""What a 1 may stand for in a straight: itself, a 2 or a 6."""


@lazy_dataclass
class Rules:
    """The rule options of the rules page; the defaults are the game the app plays out of the box.

    >>> Rules()
    Rules(big_general_open_box=False, circular_straights=False, five_as_four=True, five_as_full=False)
    >>> Rules.from_options({"players": 3, "circular_straights": True}).circular_straights
    True
    """

    big_general_open_box: bool = _DEFAULT["big_general_open_box"]
    """A big general wins only while the player's general box is open."""
    circular_straights: bool = _DEFAULT["circular_straights"]
    """Straights also go round the circle 1-2-3-4-5-6-1 (3-4-5-6-1, ...)."""
    five_as_four: bool = _DEFAULT["five_as_four"]
    """Five equal dice may be scored in the four box."""
    five_as_full: bool = _DEFAULT["five_as_full"]
    """Five equal dice count as a full house."""

    @classmethod
    def from_options(cls, options: Mapping[str, JSON]) -> Rules:
        """The rules named in a start-options dict (``"players"`` is read elsewhere); ``ValueError`` if bad."""
        resolved = DESCRIPTION.resolve({"players": 1, **options})
        return cls(**{f.name: resolved[f.name] for f in fields(cls)})

    def to_json(self) -> dict[str, bool]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def _check_dice(dice: Sequence[int]) -> None:
    if len(dice) != DICE or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice):
        raise ValueError(f"Generala needs five dice of 1 to 6, not {tuple(dice)!r}")


def is_straight(dice: Sequence[int], circular: bool = False) -> bool:
    """Whether five dice make a straight; a 1 may stand in for a 2 or a 6.

    >>> is_straight((1, 1, 3, 4, 5)), is_straight((6, 1, 3, 4, 5)), is_straight((1, 2, 3, 4, 6))
    (True, True, False)
    >>> is_straight((1, 2, 3, 4, 6), circular=True)
    True
    """
    _check_dice(dice)
    others = [d for d in dice if d != 1]
    if len(set(others)) != len(others):
        return False
    jokers = DICE - len(others)
    for straight in _CIRCLE_STRAIGHTS if circular else _LINE_STRAIGHTS:
        missing = straight.difference(others)
        if straight.issuperset(others) and len(missing) == jokers and missing <= _JOKER_VALUES:
            return True
    return False


def score(dice: Sequence[int], box: str, throw: int, rules: Rules | None = None) -> int:
    """What ``dice`` (five, any order) score in ``box`` when made on throw ``throw`` (1 to 3).

    >>> [score((4, 1, 5, 2, 2), box, 2) for box in ("2", "5", "6")]
    [4, 5, 0]
    >>> score((3, 3, 3, 5, 5), "full", 1), score((3, 3, 3, 5, 5), "full", 3)
    (35, 30)
    >>> score((2, 2, 2, 2, 2), "four", 1), score((2, 2, 2, 2, 2), "four", 1, Rules(five_as_four=False))
    (45, 0)
    >>> score((2, 2, 2, 2, 2), "general", 1), score((1, 3, 4, 5, 6), "straight", 3)
    (60, 20)
    """
    _check_dice(dice)
    if throw not in (1, 2, 3):
        raise ValueError(f"throw must be 1, 2 or 3, not {throw!r}")
    rules = rules or Rules()
    first = throw == 1
    counts = sorted(Counter(dice).values())
    if box in BOXES[:6]:
        return int(box) * dice.count(int(box))
    if box == "straight":
        return (25 if first else 20) if is_straight(dice, rules.circular_straights) else 0
    if box == "full":
        full = counts == [2, 3] or (counts == [5] and rules.five_as_full)
        return (35 if first else 30) if full else 0
    if box == "four":
        four = counts[-1] == 4 or (counts[-1] == 5 and rules.five_as_four)
        return (45 if first else 40) if four else 0
    if box == "general":
        return 60 if counts == [5] else 0
    raise ValueError(f"unknown box {box!r}; the boxes are {', '.join(BOXES)}")


def is_big_general(dice: Sequence[int], throw: int, rules: Rules | None = None, filled: Iterable[str] = ()) -> bool:
    """Whether ``dice`` thrown on throw ``throw`` are a big general that wins the game at once.

    ``filled`` names the boxes the player has filled; it matters only with
    :attr:`Rules.big_general_open_box`.

    >>> is_big_general((4, 4, 4, 4, 4), 1), is_big_general((4, 4, 4, 4, 4), 2)
    (True, False)
    >>> is_big_general((4, 4, 4, 4, 4), 1, Rules(big_general_open_box=True), filled=["general"])
    False
    """
    _check_dice(dice)
    if throw != 1 or len(set(dice)) != 1:
        return False
    return not (rules and rules.big_general_open_box and "general" in filled)


@lazy_dataclass
class Throw:
    """Throw the dice, setting aside dice that show the faces ``keep`` (given in any order, stored highest first).

    The first throw of a turn, and every start throw, keeps nothing; a throw
    throws at least one die, so it keeps at most four. The kept faces must be
    on the table (:func:`etoile.engine.dice.within`). JSON: ``{"throw": [5, 4]}``.
    """

    keep: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "keep", tuple(sorted(self.keep, reverse=True)))


@lazy_dataclass
class Fill:
    """Fill the open box ``box`` of the player's column with the dice on the table. JSON: ``{"fill": "full"}``."""

    box: str


Action = Throw | Fill | Roll

StartRound = tuple[tuple[int, tuple[int, ...]], ...]
"""One round of start throws: ``(seat, dice)`` in seat order; ``dice`` is ``()`` until thrown."""


@lazy_dataclass
class State:
    """A Generala position, as plain values.

    ``sheets[seat][i]`` is the score in box ``BOXES[i]`` or ``None`` while open.
    ``start_throws`` holds every round of start throws (the first with every
    seat, then the roll-offs among the tied). ``first`` is the seat that
    started (``None`` during the start phase). ``dice`` are the dice on the
    table (``()`` before the first throw of a turn): the ``kept`` first, the
    faces set aside at the last throw, then the faces it brought, each part
    highest first. ``throwing`` is how many dice are in the air (then chance
    is to move and ``dice`` holds the kept faces alone); ``throw`` is the
    number of throws made in this turn, the one in the air included.
    ``big_general`` is the seat that threw one.
    """

    rules: Rules
    phase: str
    start_throws: tuple[StartRound, ...]
    first: int | None
    round: int
    seat: int
    dice: tuple[int, ...]
    kept: int
    throwing: int
    throw: int
    sheets: tuple[tuple[int | None, ...], ...]
    big_general: int | None

    @property
    def players(self) -> int:
        return len(self.sheets)


def start(options: Mapping[str, JSON], seed: int = 0) -> State:
    """A new game: ``{"players": n}`` (1 or more, default 2) and the rule options of :class:`Rules`.

    The rules throw no dice themselves (the match draws them), so the seed plays no part.
    """
    players = DESCRIPTION.resolve(options)["players"]
    rules = Rules.from_options(options)
    sheets = ((None,) * len(BOXES),) * players
    rounds: tuple[StartRound, ...] = () if players == 1 else (tuple((seat, ()) for seat in range(players)),)
    return State(
        rules=rules,
        phase="play" if players == 1 else "start",
        start_throws=rounds,
        first=0 if players == 1 else None,
        round=1,
        seat=0,
        dice=(),
        kept=0,
        throwing=0,
        throw=0,
        sheets=sheets,
        big_general=None,
    )


def to_move(state: State) -> ToMove:
    """The seat to move, :data:`~etoile.engine.game.CHANCE` while dice are in the air, ``None`` once the game is over."""
    if state.phase == "over":
        return None
    return CHANCE if state.throwing else state.seat


def chance_outcomes(state: State) -> Sequence[tuple[Roll, Fraction]]:
    """What the dice in the air can show, with their exact odds (:func:`etoile.engine.dice.outcomes`); else ``()``.

    >>> state = apply(apply(apply(start({"players": 1}), Throw()), Roll((6, 6, 5, 2, 1))), Throw((6, 6)))
    >>> len(chance_outcomes(state)), sum(p for _, p in chance_outcomes(state))
    (56, Fraction(1, 1))
    """
    return outcomes(state.throwing) if state.throwing else ()


def daily_options(seed: int) -> dict[str, JSON]:
    """The options of a day's challenge (:mod:`etoile.engine.daily`): the default rules, alone, every day."""
    return {"players": 1}


def duplicate_key(state: State) -> tuple[int, int, int]:
    """Where the dice in the air are thrown, for duplicate dice (:mod:`etoile.engine.daily`): the round, the seat
    and the throw of the turn (1 to 3); in the start phase, round 0, the seat and the round of start throws. The
    dice of one place are the same for everyone, whatever came before.

    >>> duplicate_key(apply(start({"players": 1}), Throw()))
    (1, 0, 1)
    """
    if state.phase == "start":
        return 0, state.seat, len(state.start_throws)
    return state.round, state.seat, state.throw


def max_actions(options: Mapping[str, JSON]) -> int:
    """The most actions a saved game may hold: seven a turn (three throws, their rolls, a fill), and room for start roll-offs.

    >>> max_actions({"players": 2})
    340
    """
    players = options.get("players", 1)
    return (ROUNDS * (2 * THROWS + 1) + 100) * players if isinstance(players, int) and players > 0 else 0


def filled(state: State, seat: int) -> tuple[str, ...]:
    """The boxes ``seat`` has filled."""
    return tuple(box for box, value in zip(BOXES, state.sheets[seat], strict=True) if value is not None)


def open_boxes(state: State, seat: int | None = None) -> tuple[str, ...]:
    """The open boxes of ``seat`` (default: the seat to move), in sheet order."""
    column = state.sheets[state.seat if seat is None else seat]
    return tuple(box for box, value in zip(BOXES, column, strict=True) if value is None)


def sheet(state: State, seat: int) -> dict[str, int | None]:
    """The column of ``seat``: box name to score, ``None`` while open."""
    return dict(zip(BOXES, state.sheets[seat], strict=True))


def total(column: Sequence[int | None]) -> int:
    """The total of one column so far (its filled boxes)."""
    return sum(v for v in column if v is not None)


def totals(state: State) -> tuple[int, ...]:
    """Each seat's total so far."""
    return tuple(total(column) for column in state.sheets)


def preview(state: State) -> dict[str, int]:
    """What each open box of the seat to move would score with the dice on the table (``{}`` before they land)."""
    if state.phase != "play" or not state.throw or state.throwing:
        return {}
    return {box: score(state.dice, box, state.throw, state.rules) for box in open_boxes(state)}


def forced(state: State) -> Action | None:
    """Nothing is forced in Generala: after the last throw the player still chooses the box."""
    return None


def legal_actions(state: State) -> list[Action]:
    """Every legal action: throws (in :func:`keeps` order), then fills (in sheet order); at chance, every :class:`Roll`."""
    if state.phase == "over":
        return []
    if state.throwing:
        return [roll for roll, _ in outcomes(state.throwing)]
    if state.phase == "start" or state.throw == 0:
        return [Throw()]
    throws: list[Action] = [Throw(keep) for keep in keeps(state.dice)] if state.throw < THROWS else []
    return throws + [Fill(box) for box in open_boxes(state)]


def _check_keep(state: State, keep: tuple[int, ...]) -> None:
    if state.phase == "start" and keep:
        raise IllegalAction("the start throw throws all five dice: keep nothing")
    if state.throw >= THROWS:
        raise IllegalAction("no throw left: three throws were made this turn, fill a box")
    if state.throw == 0 and keep:
        raise IllegalAction("the first throw of a turn throws all five dice: keep nothing")
    if len(keep) >= DICE:
        raise IllegalAction("a throw must throw at least one die: keep at most four (to stop, fill a box)")
    if not within(keep, state.dice):
        raise IllegalAction(f"cannot keep {faces_text(keep)}: the dice on the table are {faces_text(faces_of(state.dice))}")


def apply(state: State, action: Action) -> State:
    """The state after ``action``; :class:`IllegalAction` says why an action is refused."""
    if state.phase == "over":
        raise IllegalAction("the game is over")
    if state.throwing:
        if not isinstance(action, Roll) or len(action.faces) != state.throwing:
            raise IllegalAction(f"{in_the_air(state.throwing)}: only a roll of {dice_count(state.throwing)} can come next")
        return _land(state, action.faces)
    if isinstance(action, Throw):
        _check_keep(state, action.keep)
        keep = action.keep
        throw = state.throw + (state.phase == "play")
        return replace(state, dice=keep, kept=len(keep), throwing=DICE - len(keep), throw=throw)
    if isinstance(action, Roll):
        raise IllegalAction("no dice are in the air: throw them first")
    if isinstance(action, Fill):
        if state.phase == "start":
            raise IllegalAction("the start phase only throws the dice")
        if state.throw == 0:
            raise IllegalAction("throw the dice before filling a box")
        if action.box not in BOXES:
            raise IllegalAction(f"unknown box {action.box!r}; the boxes are {', '.join(BOXES)}")
        column = list(state.sheets[state.seat])
        index = BOXES.index(action.box)
        if column[index] is not None:
            raise IllegalAction(f"the {action.box} box is already filled")
        column[index] = score(state.dice, action.box, state.throw, state.rules)
        sheets = (*state.sheets[: state.seat], tuple(column), *state.sheets[state.seat + 1 :])
        seat = (state.seat + 1) % state.players
        round_ = state.round + (seat == state.first)
        if round_ > ROUNDS:
            return replace(state, phase="over", sheets=sheets)
        return replace(state, sheets=sheets, seat=seat, round=round_, dice=(), kept=0, throw=0)
    raise IllegalAction(f"not a Generala action: {action!r}")


def _land(state: State, faces: tuple[int, ...]) -> State:
    """The dice in the air came down showing ``faces``: a start throw is counted, a big general wins."""
    dice = state.dice + faces
    if state.phase == "start":
        return _start_throw(replace(state, throwing=0), dice)
    state = replace(state, dice=dice, throwing=0)
    if is_big_general(dice, state.throw, state.rules, filled(state, state.seat)):
        return replace(state, phase="over", big_general=state.seat)
    return state


def _start_throw(state: State, dice: tuple[int, ...]) -> State:
    current = tuple((seat, dice if seat == state.seat else thrown) for seat, thrown in state.start_throws[-1])
    waiting = [seat for seat, thrown in current if not thrown]
    rounds = (*state.start_throws[:-1], current)
    if waiting:
        return replace(state, start_throws=rounds, seat=waiting[0], dice=dice)
    low = min(sum(thrown) for _, thrown in current)
    tied = [seat for seat, thrown in current if sum(thrown) == low]
    if len(tied) > 1:
        rounds = (*rounds, tuple((seat, ()) for seat in tied))
        return replace(state, start_throws=rounds, seat=tied[0], dice=dice)
    return replace(state, phase="play", start_throws=rounds, first=tied[0], seat=tied[0], dice=())


def result(state: State) -> Outcome | None:
    """Seats ranked by total, equal totals sharing a tier; a big general is alone in the first tier."""
    if state.phase != "over":
        return None
    scores = totals(state)
    rest = [seat for seat in range(state.players) if seat != state.big_general]
    tiers = [tuple(s for s in rest if scores[s] == value) for value in sorted({scores[s] for s in rest}, reverse=True)]
    if state.big_general is not None:
        tiers.insert(0, (state.big_general,))
    return Outcome(tuple(tiers))


# ----------------------------------------------------------------------------- actions: JSON and notation


def action_to_json(action: Action) -> JSON:
    """``{"throw": [5, 4]}``, ``{"fill": "full"}`` or ``{"roll": [4, 4, 1]}``."""
    if isinstance(action, Roll):
        return action.to_json()
    if isinstance(action, Throw):
        return {"throw": list(action.keep)}
    if isinstance(action, Fill):
        return {"fill": action.box}
    raise ValueError(f"not a Generala action: {action!r}")


def _keep(faces: tuple[int, ...]) -> Throw:
    if len(faces) >= DICE:
        raise ValueError(f"a throw keeps at most four dice, not {faces_text(faces)}")
    return Throw(faces)


def _box(box: object) -> Fill:
    if box not in BOXES:
        raise ValueError(f"unknown box {box!r}; the boxes are {', '.join(BOXES)}")
    return Fill(str(box))


def action_from_json(data: JSON) -> Action:
    """The action of :func:`action_to_json`'s output; ``ValueError`` if it is not one."""
    if isinstance(data, dict) and set(data) == {"throw"} and isinstance(data["throw"], list):
        return _keep(faces_of(data["throw"]))
    if isinstance(data, dict) and set(data) == {"fill"}:
        return _box(data["fill"])
    if isinstance(data, dict) and set(data) == {"roll"}:
        return roll_from_json(data)
    raise ValueError(f"not a Generala action: {data!r}")


def action_to_text(action: Action) -> str:
    """``throw``, ``keep 5 4``, ``fill full`` or ``roll 4 4 1``."""
    if isinstance(action, Roll):
        return roll_to_text(action)
    return f"fill {action.box}" if isinstance(action, Fill) else throw_to_text(action.keep)


def action_from_text(text: str) -> Action:
    """The action written ``text`` (see :func:`action_to_text`); ``ValueError`` says what is expected."""
    keep = throw_from_text(text)
    if keep is not None:
        return _keep(keep)
    word, _, rest = text.strip().partition(" ")
    if word == "fill" and rest.strip():
        return _box(rest.strip())
    if word == "roll":
        return roll_from_text(text)
    raise ValueError(f"a Generala action is 'throw', 'keep 5 4', 'fill full' or 'roll 4 4 1', not {text!r}")


# ----------------------------------------------------------------------------- states: JSON and position text


def state_to_json(state: State) -> JSON:
    return {
        "rules": state.rules.to_json(),
        "phase": state.phase,
        "start_throws": [[{"seat": seat, "dice": list(dice)} for seat, dice in rnd] for rnd in state.start_throws],
        "first": state.first,
        "round": state.round,
        "seat": state.seat,
        "dice": list(state.dice),
        "kept": state.kept,
        "throwing": state.throwing,
        "throw": state.throw,
        "sheets": [dict(zip(BOXES, column, strict=True)) for column in state.sheets],
        "big_general": state.big_general,
    }


def state_from_json(data: JSON) -> State:
    """The state of :func:`state_to_json`; ``ValueError`` (or ``KeyError``/``TypeError``) if malformed."""
    if not isinstance(data, dict):
        raise ValueError("a Generala state must be an object")
    sheets = []
    for column in data["sheets"]:
        if not isinstance(column, dict) or set(column) != set(BOXES):
            raise ValueError("a score sheet maps each box to a score or null")
        sheets.append(tuple(column[box] for box in BOXES))
    return checked(
        State(
            rules=Rules.from_options(data["rules"]),
            phase=data["phase"],
            start_throws=tuple(tuple((int(t["seat"]), tuple(t["dice"])) for t in rnd) for rnd in data["start_throws"]),
            first=data["first"],
            round=int(data["round"]),
            seat=int(data["seat"]),
            dice=tuple(data["dice"]),
            kept=int(data["kept"]),
            throwing=int(data["throwing"]),
            throw=int(data["throw"]),
            sheets=tuple(sheets),
            big_general=data["big_general"],
        )
    )


def checked(state: State) -> State:
    """``state`` if its parts hold together; ``ValueError`` says which does not."""
    seats = range(state.players)
    if state.phase not in PHASES:
        raise ValueError(f"unknown phase {state.phase!r}; the phases are {', '.join(PHASES)}")
    if not seats or state.seat not in seats or any(s is not None and s not in seats for s in (state.first, state.big_general)):
        raise ValueError("the seat to move, the first seat and the big general's must be seats of the game")
    if (state.first is None) != (state.phase == "start"):
        raise ValueError("the first seat is known once the start throws are over, and only then")
    if not (1 <= state.round <= ROUNDS and 0 <= state.throw <= THROWS):
        raise ValueError(f"the round is 1 to {ROUNDS} and the throw 0 to {THROWS}")
    for column in state.sheets:
        if len(column) != len(BOXES) or not all(v is None or (type(v) is int and v >= 0) for v in column):
            raise ValueError("a score sheet has a score or nothing in each of its ten boxes")
    for rnd in state.start_throws:
        for seat, dice in rnd:
            if seat not in seats or (dice and len(faces_of(dice)) != DICE):
                raise ValueError("a start throw is a seat of the game and five dice (or none yet)")
    faces_of(state.dice)
    if state.throwing:
        dice_hold = (
            state.phase != "over" and 0 < state.throwing <= DICE and len(state.dice) == state.kept == DICE - state.throwing
        )
    else:
        dice_hold = len(state.dice) in (0, DICE) and 0 <= state.kept < DICE and state.kept <= len(state.dice)
    if not dice_hold:
        raise ValueError(f"{len(state.dice)} dice on the table, {state.kept} of them kept and {state.throwing} in the air")
    return state


# ----------------------------------------------------------------------------- position text


def _number(text: str, what: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise ValueError(f"{what} must be a number, not {text!r}")
    return int(text)


def _prefixed(word: str, prefix: str, what: str) -> int:
    if not word.startswith(prefix):
        raise ValueError(f"{what} is written {prefix}<number>, not {word!r}")
    return _number(word[len(prefix) :], what)


def _seat_or_none(text: str, what: str) -> int | None:
    return None if text == "-" else _number(text, what)


def _table_text(state: State) -> str:
    kept, thrown = digits(state.dice[: state.kept]), digits(state.dice[state.kept :])
    if state.throwing:
        return f"{kept}+{state.throwing}"
    if not state.dice:
        return "-"
    return f"{kept}/{thrown}" if kept else thrown


def _table_of(text: str) -> tuple[tuple[int, ...], int, int]:
    """``(dice, kept, throwing)`` of the dice written ``text`` (see :func:`_table_text`)."""
    if text == "-":
        return (), 0, 0
    if "+" in text:
        kept, _, air = text.partition("+")
        dice = from_digits(kept) if kept else ()
        return dice, len(dice), _number(air, "the dice in the air")
    kept, slash, thrown = text.rpartition("/")
    dice = from_digits(kept) if slash else ()
    return dice + from_digits(thrown), len(dice), 0


def state_to_text(state: State) -> str:
    """The whole position on one line, in the format of the module's docstring; :func:`state_from_text` reads it back."""
    starts = "/".join(",".join(f"{seat}:{digits(dice) or '-'}" for seat, dice in rnd) for rnd in state.start_throws)
    sheets = "/".join(",".join("-" if v is None else str(v) for v in column) for column in state.sheets)
    return " ".join(
        (
            DESCRIPTION.text_head({"players": state.players, **state.rules.to_json()}),
            state.phase,
            f"r{state.round}",
            f"s{state.seat}",
            f"t{state.throw}",
            f"dice {_table_text(state)}",
            f"start {starts or '-'}",
            f"first {'-' if state.first is None else state.first}",
            f"big {'-' if state.big_general is None else state.big_general}",
            f"sheets {sheets}",
        )
    )


_LABELS = {4: "dice", 6: "start", 8: "first", 10: "big", 12: "sheets"}
"""The words of a position text after its options that name the word after them, by place."""


def state_from_text(text: str) -> State:
    """The position written ``text`` by :func:`state_to_text`; ``ValueError`` says what is wrong with it.

    >>> state_from_text("generala players=1 play r11 s0 t0 dice - start - first 0 big - sheets -,-,-,-,-,-,-,-,-,-")
    Traceback (most recent call last):
    ...
    ValueError: not a Generala position (the round is 1 to 10 and the throw 0 to 3): 'generala players=1 play r11 s0 ...'
    """
    words = text.split()
    try:
        options, rest = DESCRIPTION.read_head(text)
        if len(rest) != 14 or any(rest[i] != label for i, label in _LABELS.items()):
            raise ValueError("after the options come the phase, round, seat, throw, dice, start, first, big and sheets")
        state = _parse(options, rest)
    except ValueError as error:
        shown = text if len(text) <= 40 else f"{' '.join(words[:5])} ..."
        raise ValueError(f"not a Generala position ({error}): {shown!r}") from error
    return state


def _parse(given: Mapping[str, JSON], words: list[str]) -> State:
    options = DESCRIPTION.resolve(given)
    players = options["players"]
    dice, kept, throwing = _table_of(words[5])
    starts = () if words[7] == "-" else tuple(_start_round(part) for part in words[7].split("/"))
    columns = tuple(_column(part) for part in words[13].split("/"))
    if len(columns) != players:
        raise ValueError(f"{len(columns)} score sheets for {players} players")
    return checked(
        State(
            rules=Rules.from_options(options),
            phase=words[0],
            start_throws=starts,
            first=_seat_or_none(words[9], "the first seat"),
            round=_prefixed(words[1], "r", "the round"),
            seat=_prefixed(words[2], "s", "the seat to move"),
            dice=dice,
            kept=kept,
            throwing=throwing,
            throw=_prefixed(words[3], "t", "the throw"),
            sheets=columns,
            big_general=_seat_or_none(words[11], "the big general's seat"),
        )
    )


def _start_round(text: str) -> StartRound:
    throws = []
    for part in text.split(","):
        seat, colon, dice = part.partition(":")
        if not colon:
            raise ValueError(f"a start throw is written seat:dice (0:53321, or 0:- before it), not {part!r}")
        throws.append((_number(seat, "a start throw's seat"), () if dice == "-" else from_digits(dice)))
    return tuple(throws)


def _column(text: str) -> tuple[int | None, ...]:
    boxes = text.split(",")
    if len(boxes) != len(BOXES):
        raise ValueError(f"a score sheet has {len(BOXES)} boxes joined by ',', not {text!r}")
    return tuple(None if box == "-" else _number(box, "a score") for box in boxes)


# ----------------------------------------------------------------------------- format-1 records


def upgrade_actions(options: Mapping[str, JSON], seed: int, actions: Sequence[JSON]) -> list[list[JSON]]:
    """For each action of a format-1 record, the actions of this version that do the same.

    In format 1 a throw kept dice by their places on the table and the rules
    drew the other faces themselves, from one :class:`~etoile.engine.rng.Dice` of the
    match's seed, one die per die thrown, the new faces taking the places of
    the dice thrown in the order they came. The record is replayed that way:
    each old throw becomes the throw keeping the same faces and the roll those
    dice drew, so the converted record leaves the match's generator where the
    old rules left theirs, and the game goes on with the same dice. A fill
    stays as it was. ``ValueError`` if the record does not replay.

    >>> upgrade_actions({"players": 1}, 2, [{"throw": []}, {"throw": [0, 2]}])
    [[{'throw': []}, {'roll': [5, 4, 3, 2, 1]}], [{'throw': [5, 4]}, {'roll': [6, 4, 3]}]]
    """
    if len(actions) > max_actions(options):
        raise ValueError(f"{len(actions)} actions: more than a Generala game can have")
    state, rng = start(options), Dice(seed)
    table: tuple[int, ...] = ()  # the dice on the table in their places, as format 1 laid them out
    converted: list[list[JSON]] = []
    for raw in actions:
        if isinstance(raw, dict) and set(raw) == {"throw"} and isinstance(raw["throw"], list):
            places = raw["throw"]
            if not all(type(i) is int and 0 <= i < len(table) for i in places) or len(set(places)) != len(places):
                raise ValueError(f"a format-1 throw keeps distinct places of the dice on the table, not {places!r}")
            faces, rng = rng.roll(DICE - len(places))
            thrown = iter(faces)
            kept = tuple(table[i] for i in places)
            table = tuple(table[i] if i in places else next(thrown) for i in range(DICE))
            group = [action_to_json(Throw(kept)), Roll(faces).to_json()]
        elif isinstance(action_from_json(raw), Fill):
            group = [raw]
        else:
            raise ValueError(f"a format-1 action is a throw or a fill, not {raw!r}")
        for item in group:
            state = apply(state, action_from_json(item))
        converted.append(group)
    return converted
