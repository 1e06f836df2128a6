"""Generala (Генерал): five dice, ten boxes, ten rounds; a big general wins at once.

The rules are those of its rules page (``#/rules/generala``). A game has two phases
before it is ``"over"``:

* ``"start"``: every player throws the five dice once (``Throw(())``); the
  lowest total starts, players tied for the lowest total throw again among
  themselves. A game of one player has no start phase.
* ``"play"``: 10 rounds; in each round every player, clockwise (by increasing
  seat, wrapping round) from the starter, throws up to three times, keeping
  any dice between throws, then fills one open box of their column.

>>> state = start({"players": 1}, seed=2)
>>> state.phase, to_move(state), legal_actions(state)
('play', 0, [Throw(keep=())])
>>> state = apply(state, Throw(()))
>>> state.dice, state.throw
((5, 3, 4, 1, 2), 1)
>>> preview(state)["straight"]
25
>>> state = apply(state, Fill("straight"))
>>> totals(state), state.round
((25,), 2)
>>> action_to_json(Throw((0, 3))), action_from_json({"fill": "full"})
({'throw': [0, 3]}, Fill(box='full'))
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from itertools import combinations

from etoile.games import JSON, Description, IllegalAction, Option, Outcome, register
from etoile.rng import Dice

ID = "generala"
DESCRIPTION = Description(
    ID,
    "generala",
    min_players=1,
    max_players=None,
    levels=("easy", "medium", "optimal"),
    options=(
        Option("big_general_open_box", (False, True), False),
        Option("circular_straights", (False, True), False),
        Option("five_as_four", (True, False), True),
        Option("five_as_full", (False, True), False),
    ),
)
"""Generala for 1 or more players (the rules set no limit): the options of its rules page, three computer levels, no undo."""
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


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class Throw:
    """Throw the dice, keeping the dice at the indices ``keep`` (0 to 4) of the dice on the table.

    The first throw of a turn, and every start throw, keeps nothing. Kept dice
    stay in place; the others are thrown again. ``keep`` is stored sorted.
    """

    keep: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "keep", tuple(sorted(self.keep)))


@dataclass(frozen=True, slots=True)
class Fill:
    """Fill the open box ``box`` of the player's column with the dice on the table."""

    box: str


Action = Throw | Fill

StartRound = tuple[tuple[int, tuple[int, ...]], ...]
"""One round of start throws: ``(seat, dice)`` in seat order; ``dice`` is ``()`` until thrown."""


@dataclass(frozen=True, slots=True)
class State:
    """A Generala position, as plain values.

    ``sheets[seat][i]`` is the score in box ``BOXES[i]`` or ``None`` while open.
    ``start_throws`` holds every round of start throws (the first with every
    seat, then the roll-offs among the tied). ``first`` is the seat that
    started (``None`` during the start phase). ``dice`` are the dice on the
    table (``()`` before the first throw of a turn) and ``throw`` the number of
    throws made in this turn. ``big_general`` is the seat that threw one.
    """

    rules: Rules
    phase: str
    start_throws: tuple[StartRound, ...]
    first: int | None
    round: int
    seat: int
    dice: tuple[int, ...]
    throw: int
    sheets: tuple[tuple[int | None, ...], ...]
    big_general: int | None
    rng: Dice

    @property
    def players(self) -> int:
        return len(self.sheets)


def start(options: Mapping[str, JSON], seed: int) -> State:
    """A new game: ``{"players": n}`` (1 or more, default 2) and the rule options of :class:`Rules`."""
    players = DESCRIPTION.resolve(options)["players"]
    rules = Rules.from_options(options)
    sheets = ((None,) * len(BOXES),) * players
    if players == 1:
        return State(rules, "play", (), 0, 1, 0, (), 0, sheets, None, Dice(seed))
    first_round = tuple((seat, ()) for seat in range(players))
    return State(rules, "start", (first_round,), None, 1, 0, (), 0, sheets, None, Dice(seed))


def to_move(state: State) -> int | None:
    return None if state.phase == "over" else state.seat


def max_actions(options: Mapping[str, JSON]) -> int:
    """The most actions a saved game may hold: four a turn (three throws and a fill), and room for start roll-offs.

    >>> max_actions({"players": 2})
    180
    """
    players = options.get("players", 1)
    return (ROUNDS * (THROWS + 1) + 50) * players if isinstance(players, int) and players > 0 else 0


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


def totals(state: State) -> tuple[int, ...]:
    """Each seat's total so far."""
    return tuple(sum(v for v in column if v is not None) for column in state.sheets)


def preview(state: State) -> dict[str, int]:
    """What each open box of the seat to move would score with the dice on the table (``{}`` before a throw)."""
    if state.phase != "play" or not state.throw:
        return {}
    return {box: score(state.dice, box, state.throw, state.rules) for box in open_boxes(state)}


KEEP_POSITIONS = tuple(keep for size in range(DICE) for keep in combinations(range(DICE), size))
"""Every keep that throws at least one die: the 31 subsets of 0..4 but the whole."""


def forced(state: State) -> Action | None:
    """Nothing is forced in Generala: after the last throw the player still chooses the box."""
    return None


def legal_actions(state: State) -> list[Action]:
    if state.phase == "start" or (state.phase == "play" and state.throw == 0):
        return [Throw(())]
    if state.phase != "play":
        return []
    throws: list[Action] = [Throw(keep) for keep in KEEP_POSITIONS] if state.throw < THROWS else []
    return throws + [Fill(box) for box in open_boxes(state)]


def throw_dice(dice: tuple[int, ...], keep: tuple[int, ...], rng: Dice) -> tuple[tuple[int, ...], Dice]:
    """Throw the dice not in ``keep`` again (all five if ``dice`` is empty); kept dice stay in place."""
    faces, rng = rng.roll(DICE - len(keep))
    thrown = iter(faces)
    return tuple(dice[i] if i in keep else next(thrown) for i in range(DICE)), rng


def _check_keep(state: State, keep: tuple[int, ...]) -> None:
    if not all(isinstance(i, int) and not isinstance(i, bool) for i in keep):
        raise IllegalAction(f"keep must list dice positions 0 to 4, not {keep!r}")
    if state.phase == "start" and keep:
        raise IllegalAction("the start throw throws all five dice: keep nothing")
    if state.throw >= THROWS:
        raise IllegalAction("no throw left: three throws were made this turn, fill a box")
    if state.throw == 0 and keep:
        raise IllegalAction("the first throw of a turn throws all five dice: keep nothing")
    if len(set(keep)) != len(keep) or not all(0 <= i < DICE for i in keep):
        raise IllegalAction(f"keep must list distinct dice positions 0 to 4, not {keep!r}")
    if len(keep) == DICE:
        raise IllegalAction("a throw must throw at least one die: to stop, fill a box")


def apply(state: State, action: Action) -> State:
    """The state after ``action``; :class:`IllegalAction` says why an action is refused."""
    if state.phase == "over":
        raise IllegalAction("the game is over")
    if isinstance(action, Throw):
        _check_keep(state, action.keep)
        dice, rng = throw_dice(state.dice, action.keep, state.rng)
        if state.phase == "start":
            return _start_throw(state, dice, rng)
        state = replace(state, dice=dice, throw=state.throw + 1, rng=rng)
        if is_big_general(dice, state.throw, state.rules, filled(state, state.seat)):
            return replace(state, phase="over", big_general=state.seat)
        return state
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
        return replace(state, sheets=sheets, seat=seat, round=round_, dice=(), throw=0)
    raise IllegalAction(f"not a Generala action: {action!r}")


def _start_throw(state: State, dice: tuple[int, ...], rng: Dice) -> State:
    current = tuple((seat, dice if seat == state.seat else thrown) for seat, thrown in state.start_throws[-1])
    waiting = [seat for seat, thrown in current if not thrown]
    rounds = (*state.start_throws[:-1], current)
    if waiting:
        return replace(state, start_throws=rounds, seat=waiting[0], dice=dice, rng=rng)
    low = min(sum(thrown) for _, thrown in current)
    tied = [seat for seat, thrown in current if sum(thrown) == low]
    if len(tied) > 1:
        rounds = (*rounds, tuple((seat, ()) for seat in tied))
        return replace(state, start_throws=rounds, seat=tied[0], dice=dice, rng=rng)
    return replace(state, phase="play", start_throws=rounds, first=tied[0], seat=tied[0], dice=(), rng=rng)


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


def action_to_json(action: Action) -> JSON:
    if isinstance(action, Throw):
        return {"throw": list(action.keep)}
    if isinstance(action, Fill):
        return {"fill": action.box}
    raise ValueError(f"not a Generala action: {action!r}")


def action_from_json(data: JSON) -> Action:
    if isinstance(data, dict) and set(data) == {"throw"} and isinstance(data["throw"], list):
        if not all(isinstance(i, int) and not isinstance(i, bool) for i in data["throw"]):
            raise ValueError(f"a throw keeps dice positions, not {data['throw']!r}")
        return Throw(tuple(data["throw"]))
    if isinstance(data, dict) and set(data) == {"fill"} and isinstance(data["fill"], str):
        return Fill(data["fill"])
    raise ValueError(f"not a Generala action: {data!r}")


def state_to_json(state: State) -> JSON:
    return {
        "rules": state.rules.to_json(),
        "phase": state.phase,
        "start_throws": [[{"seat": seat, "dice": list(dice)} for seat, dice in rnd] for rnd in state.start_throws],
        "first": state.first,
        "round": state.round,
        "seat": state.seat,
        "dice": list(state.dice),
        "throw": state.throw,
        "sheets": [dict(zip(BOXES, column, strict=True)) for column in state.sheets],
        "big_general": state.big_general,
        "rng": state.rng.to_json(),
    }


def state_from_json(data: JSON) -> State:
    """The state of :func:`state_to_json`; ``ValueError`` (or ``KeyError``/``TypeError``) if malformed."""
    if not isinstance(data, dict):
        raise ValueError("a Generala state must be an object")
    if data["phase"] not in PHASES:
        raise ValueError(f"unknown phase {data['phase']!r}")
    sheets = []
    for column in data["sheets"]:
        if set(column) != set(BOXES) or not all(v is None or isinstance(v, int) for v in column.values()):
            raise ValueError("a score sheet maps each box to a score or null")
        sheets.append(tuple(column[box] for box in BOXES))
    dice = tuple(data["dice"])
    if dice:
        _check_dice(dice)
    return State(
        rules=Rules.from_options(data["rules"]),
        phase=data["phase"],
        start_throws=tuple(tuple((int(t["seat"]), tuple(t["dice"])) for t in rnd) for rnd in data["start_throws"]),
        first=data["first"],
        round=int(data["round"]),
        seat=int(data["seat"]),
        dice=dice,
        throw=int(data["throw"]),
        sheets=tuple(sheets),
        big_general=data["big_general"],
        rng=Dice.from_json(data["rng"]),
    )


register(sys.modules[__name__])
