"""421 (quatre cent vingt et un), as Étoile plays it (its rules page, ``#/rules/421``).

The hands
---------
A hand is three dice, read highest die first. :data:`HANDS` lists the 56 hands
best first; :func:`rank` is a hand's place in that list, :func:`tokens` what it
is worth, :func:`named` which name players give it (the table says the name in
the player's language).

>>> rank((1, 2, 4)), rank((1, 1, 1)), rank((6, 6, 5)), rank([2, 1, 2])
(0, 1, 16, 55)
>>> [tokens(d) for d in [(4, 2, 1), (1, 1, 1), (1, 6, 1), (5, 5, 5), (3, 4, 5), (6, 6, 5)]]
[10, 7, 6, 5, 2, 1]
>>> named((2, 2, 1)), named((1, 1, 6)), named((6, 5, 4)), named((5, 3, 2))
('221', '611', 'straight', None)

The game
--------
The module follows :class:`etoile.engine.game.Game`. A player's actions are
:class:`Throw` (set the dice showing the faces ``keep`` aside, throw the
others) and :class:`Stop` (end one's throws; the leader's stop fixes the
turn's throw limit). A throw leaves the dice to chance: :data:`~etoile.engine.game.CHANCE`
is to move until a :class:`~etoile.engine.dice.Roll` says what came up. The
state is a :class:`State`; every finished turn leaves a :class:`Turn` summary
in ``state.turns``; ties are settled by :class:`RollOff` throws.

>>> state = start({"players": 2})
>>> state.phase, to_move(state), legal_actions(state)
('start', 0, [Throw(keep=())])
>>> state = apply(state, Throw())
>>> to_move(state), len(chance_outcomes(state))
(CHANCE, 6)
>>> to_move(apply(state, Roll((3,))))
1

The notation
------------
A player's actions are written ``throw``, ``keep 4 1`` (keep a 4 and a 1,
throw the third die) and ``stop``; what the dice showed, ``roll 4 2 1``.
A position is written on one line (:func:`state_to_text`), options first.

>>> action_from_text("keep 1 4"), action_to_text(Throw((6, 6))), action_to_text(Roll((1, 2, 4)))
(Throw(keep=(4, 1)), 'keep 6 6', 'roll 4 2 1')
>>> action_to_json(Throw((4, 1))), action_from_json("stop")
({'throw': [4, 1]}, Stop())
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields, replace
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

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
from etoile.games.four21 import SPEC

if TYPE_CHECKING:
    from fractions import Fraction  # the odds' type: the module itself is imported where odds are listed

ID = SPEC.id
MAX_ACTIONS = 10_000
"""More actions than any real game takes (two players need about 200): a longer record is refused unread."""

Hand = tuple[int, int, int]
"""Three dice, highest first: ``(4, 2, 1)``."""

_NAMED: tuple[Hand, ...] = (
    *((4, 2, 1), (1, 1, 1), (6, 1, 1), (6, 6, 6), (5, 1, 1), (5, 5, 5), (4, 1, 1), (4, 4, 4)),
    *((3, 1, 1), (3, 3, 3), (2, 1, 1), (2, 2, 2), (6, 5, 4), (5, 4, 3), (4, 3, 2), (3, 2, 1)),
)
HANDS: tuple[Hand, ...] = _NAMED + tuple(
    sorted((h for h in combinations_with_replacement(range(6, 0, -1), 3) if h not in _NAMED), reverse=True)
)
"""The 56 hands, best first: 421, 111, 611, ..., 321, then 665 down to 221."""
_RANK = {h: i for i, h in enumerate(HANDS)}
STRAIGHTS: tuple[Hand, ...] = ((6, 5, 4), (5, 4, 3), (4, 3, 2), (3, 2, 1))
PHASES = ("start", "charge", "decharge", "over")
"""The phases of a game, in order (see :class:`State`)."""
ROLLOFF_KINDS = ("start", "worst", "best")
"""The kinds of :class:`RollOff`."""


def hand(dice: Iterable[int]) -> Hand:
    """The three dice as a hand, highest first; ``ValueError`` unless they are three faces 1 to 6.

    >>> hand([1, 4, 2])
    (4, 2, 1)
    """
    values = tuple(dice)
    if len(values) != 3 or not all(type(v) is int and 1 <= v <= 6 for v in values):
        raise ValueError(f"a 421 hand is three dice from 1 to 6, not {values!r}")
    return tuple(sorted(values, reverse=True))  # type: ignore[return-value]  # the check above found three ints


def rank(dice: Iterable[int]) -> int:
    """The hand's place in the ranking: 0 for 421 (the best), ..., 55 for 221 (the worst), dice in any order."""
    return _RANK[hand(dice)]


def _tokens(h: Hand) -> int:
    if h == (4, 2, 1):
        return 10
    if h == (1, 1, 1):
        return 7
    high, middle, low = h
    if middle == low == 1 or high == middle == low:
        return high
    return 2 if h in STRAIGHTS else 1


TOKENS: tuple[int, ...] = tuple(_tokens(h) for h in HANDS)
"""``TOKENS[rank(dice)] == tokens(dice)``."""


def tokens(dice: Iterable[int]) -> int:
    """What the hand is worth: 421 → 10, 111 → 7, x11 and xxx → x, a straight → 2, any other hand → 1.

    >>> tokens((2, 2, 2)), tokens((1, 2, 1)), tokens((2, 3, 1)), tokens((2, 2, 1))
    (2, 2, 2, 1)
    """
    return TOKENS[rank(dice)]


def named(dice: Iterable[int]) -> str | None:
    """Which name players give the hand: ``"straight"``, the digits of a hand with a name of its own (421, 111,
    the aces and triples down to 222, and 221, la nénette), or ``None`` for a hand they call by its digits.

    >>> named((1, 2, 4)), named((3, 4, 5)), named((6, 4, 3))
    ('421', 'straight', None)
    """
    h = hand(dice)
    if h in STRAIGHTS:
        return "straight"
    if rank(h) < 12 or h == (2, 2, 1):
        return "".join(map(str, h))
    return None


# ----------------------------------------------------------------------------- options

THROW_LIMITS = ("at_most", "exactly")
NEXT_LEADERS = ("taker", "clockwise")

DESCRIPTION = Description(
    ID,
    SPEC.namespace,
    min_players=2,
    max_players=8,
    levels=("easy", "expert"),
    options=(
        Option("pot", (11, 21), 11),
        Option("throw_limit", THROW_LIMITS, "at_most"),
        Option("next_leader", NEXT_LEADERS, "taker"),
        Option("play_to_loser", (False, True), False),
    ),
)
"""421 for 2 to 8 players: the options of its rules page, an easy and an expert computer player, no undo."""
_DEFAULT = DESCRIPTION.defaults()


@lazy_dataclass
class Options:
    """A game's settings; the defaults are those of :data:`DESCRIPTION` (the rules page's).

    ``throw_limit``: the others use ``"at_most"`` or ``"exactly"`` the leader's
    number of throws. ``next_leader``: ``"taker"`` (who took or received tokens
    in the last turn) or ``"clockwise"``. ``play_to_loser``: winners drop out
    and play goes on until one player holds every token.

    >>> Options.from_json({"players": 4, "pot": 21}).to_json()["pot"]
    21
    """

    players: int = DESCRIPTION.default_players
    pot: int = _DEFAULT["pot"]
    throw_limit: str = _DEFAULT["throw_limit"]
    next_leader: str = _DEFAULT["next_leader"]
    play_to_loser: bool = _DEFAULT["play_to_loser"]

    def __post_init__(self) -> None:
        DESCRIPTION.resolve(self.to_json())

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Options:
        """Options from a setup dict; missing keys take the defaults; ``ValueError`` for what :data:`DESCRIPTION` refuses."""
        return cls(**DESCRIPTION.resolve(data))

    def to_json(self) -> dict[str, JSON]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


# ----------------------------------------------------------------------------- actions


@lazy_dataclass
class Throw:
    """Throw the dice, setting aside dice that show the faces ``keep`` (given in any order, stored highest first).

    The first throw of a player's turn, who-starts throws and roll-off throws
    keep nothing. Every throw throws at least one die. JSON: ``{"throw": [4, 1]}``.
    """

    keep: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "keep", tuple(sorted(self.keep, reverse=True)))


@lazy_dataclass
class Stop:
    """End one's throws, showing the dice on the table as one's hand. JSON: ``"stop"``."""


Action = Throw | Stop | Roll


# ----------------------------------------------------------------------------- state

Shown = tuple[int, tuple[int, ...]]
"""A seat and the dice it threw: ``(2, (5, 3, 1))``."""


@lazy_dataclass
class RollOff:
    """Tie-break throws, one throw each, repeated among the tied until one seat is ``decided``.

    ``kind`` is ``"start"`` (who starts: one die each, 1 > 6 > 5 > 4 > 3 > 2;
    decides the first leader), ``"worst"`` (three dice; the worst takes or
    receives) or ``"best"`` (décharge: three dice; the best gives). ``rounds``
    holds the throws of each round in throwing order (the last round may be
    incomplete); ``seats`` are the seats that throw in the last round.
    """

    kind: str
    seats: tuple[int, ...]
    rounds: tuple[tuple[Shown, ...], ...] = ((),)
    decided: int | None = None

    def to_json(self) -> JSON:
        return {
            "kind": self.kind,
            "seats": list(self.seats),
            "rounds": [[{"seat": seat, "dice": list(dice)} for seat, dice in round_] for round_ in self.rounds],
            "decided": self.decided,
        }

    @classmethod
    def from_json(cls, data: JSON) -> RollOff:
        rounds = tuple(tuple((s["seat"], tuple(s["dice"])) for s in round_) for round_ in data["rounds"])
        return cls(data["kind"], tuple(data["seats"]), rounds, data["decided"])


@lazy_dataclass
class Turn:
    """What a finished turn did: ``worst`` took (charge, from the pot) or received (décharge, from ``best``) ``amount``.

    ``value`` is what the turn's best hand is worth; ``amount`` is less when the
    pot (charge) or the best player (décharge) had fewer tokens. ``hands`` are
    the hands shown, by seat (``()`` for seats out of play). ``best`` is the seat
    with the best hand (in the charge, the first to show it if several did).
    ``out`` are the seats that left play at the end of the turn as winners.
    """

    phase: str
    leader: int
    limit: int
    hands: tuple[tuple[int, ...], ...]
    best: int
    best_hand: tuple[int, ...]
    worst: int
    worst_hand: tuple[int, ...]
    value: int
    amount: int
    from_pot: bool
    rolloffs: tuple[RollOff, ...] = ()
    out: tuple[int, ...] = ()

    def to_json(self) -> JSON:
        data = _plain(self)
        data["rolloffs"] = [r.to_json() for r in self.rolloffs]
        return data

    @classmethod
    def from_json(cls, data: JSON) -> Turn:
        return cls(**_untuple(data, rolloffs=tuple(RollOff.from_json(r) for r in data["rolloffs"])))


@lazy_dataclass
class State:
    """Everything about a 421 game, as plain values.

    ``phase``: ``"start"`` (who-starts throws), ``"charge"``, ``"decharge"`` or
    ``"over"``. ``seat`` is to move (``None`` when over). ``dice`` are the dice
    on the table of the seat to move (``()`` before its first throw): first the
    faces ``kept`` it set aside at its last throw, then those the throw brought,
    each part highest first; ``throws`` is how many throws it has used, and
    ``rolling`` how many dice are in the air (then chance is to move: the
    dice of a who-starts or roll-off throw go straight to the roll-off, not to
    ``dice``). ``limit`` is the leader's number of throws once the
    leader has stopped. ``hands`` are the hands shown this turn, by seat (``()``
    for not yet). ``held`` are the tokens held by seat; ``took`` whether each seat
    took tokens during the charge; ``out`` the seats that left play as winners,
    tier by tier. ``opening`` is the who-starts roll-off, ``rolloffs`` the tie
    roll-offs of this turn, ``turns`` the finished turns.
    """

    options: Options
    phase: str
    seat: int | None
    dice: tuple[int, ...]
    kept: tuple[int, ...]
    throws: int
    rolling: int
    leader: int | None
    limit: int | None
    hands: tuple[tuple[int, ...], ...]
    pot: int
    held: tuple[int, ...]
    took: tuple[bool, ...]
    out: tuple[tuple[int, ...], ...]
    opening: RollOff
    rolloffs: tuple[RollOff, ...]
    turns: tuple[Turn, ...]

    @property
    def active(self) -> tuple[int, ...]:
        """The seats still in play, in seat order."""
        gone = {seat for tier in self.out for seat in tier}
        return tuple(s for s in range(self.options.players) if s not in gone)

    @property
    def rolloff(self) -> RollOff | None:
        """The roll-off under way (who starts, or a tie of this turn), if any."""
        if self.phase == "start":
            return self.opening
        if self.rolloffs and self.rolloffs[-1].decided is None:
            return self.rolloffs[-1]
        return None

    def order(self) -> tuple[int, ...]:
        """The seats in play in this turn's playing order, leader first."""
        active = self.active
        if self.leader is None:
            return active
        first = next((i for i, s in enumerate(active) if s >= self.leader), 0)
        return active[first:] + active[:first]


def _plain(obj: Any) -> dict[str, JSON]:
    def plain(value: Any) -> Any:
        return [plain(v) for v in value] if isinstance(value, tuple) else value

    return {f.name: plain(getattr(obj, f.name)) for f in fields(obj)}


def _untuple(data: Mapping[str, Any], **overrides: Any) -> dict[str, Any]:
    def tup(value: Any) -> Any:
        return tuple(tup(v) for v in value) if isinstance(value, list) else value

    return {key: overrides[key] if key in overrides else tup(value) for key, value in data.items()}


# ----------------------------------------------------------------------------- protocol


def start(options: Mapping[str, JSON], seed: int = 0) -> State:
    """A new game: every seat is to throw one die to decide who starts (seat 0 first); no seed is needed."""
    opts = Options.from_json(options)
    n = opts.players
    return State(
        opts, "start", 0, (), (), 0, 0, None, None, ((),) * n, opts.pot, (0,) * n, (False,) * n, (),
        RollOff("start", tuple(range(n))), (), (),
    )  # fmt: skip


def to_move(state: State) -> ToMove:
    """The seat to move; :data:`~etoile.engine.game.CHANCE` while dice are in the air; ``None`` once over."""
    return CHANCE if state.rolling else state.seat


def chance_outcomes(state: State) -> Sequence[tuple[Roll, Fraction]]:
    """What the dice in the air can show, with their odds: 6 outcomes for one die, 21 for two, 56 for three."""
    return outcomes(state.rolling) if state.rolling else ()


def throws_left(state: State) -> int:
    """How many more throws the seat to move may make this turn (0 in a roll-off once thrown, or when over)."""
    if state.phase == "over" or state.rolling:
        return 0
    if state.rolloff is not None:
        return 1
    return max_throws(state) - state.throws


def max_actions(options: Mapping[str, JSON]) -> int:
    """The most actions a saved game may hold (:data:`MAX_ACTIONS`, whatever the options)."""
    return MAX_ACTIONS


def max_throws(state: State) -> int:
    """The throws the seat to move may use this turn: 3 for the leader (and while the leader's limit is not set)."""
    return 3 if state.seat == state.leader or state.limit is None else state.limit


def _may_stop(state: State) -> bool:
    if state.rolloff is not None or state.throws == 0:
        return False
    exact = state.options.throw_limit == "exactly" and state.seat != state.leader
    return not exact or state.throws == state.limit


def forced(state: State) -> Action | None:
    """:class:`Stop` when it is the only legal action (no throw left): the hand stands without asking."""
    return Stop() if legal_actions(state) == [Stop()] else None


def legal_actions(state: State) -> list[Action]:
    """Every legal action: throws first (in :func:`~etoile.engine.dice.keeps` order), then :class:`Stop`; at chance,
    every :class:`Roll`."""
    if state.phase == "over":
        return []
    if state.rolling:
        return [roll for roll, _ in outcomes(state.rolling)]
    if state.rolloff is not None or state.throws == 0:
        return [Throw()]
    actions: list[Action] = [Throw(k) for k in keeps(state.dice)] if state.throws < max_throws(state) else []
    return [*actions, Stop()] if _may_stop(state) else actions


def apply(state: State, action: Action) -> State:
    """The state after ``action``; :class:`IllegalAction` says why an action is refused."""
    if state.phase == "over":
        raise IllegalAction("the game is over")
    if state.rolling:
        if not isinstance(action, Roll) or len(action.faces) != state.rolling:
            raise IllegalAction(f"{in_the_air(state.rolling)}: only a roll of {dice_count(state.rolling)} can come next")
        return _land(state, action.faces)
    if isinstance(action, Stop):
        return _stop(state)
    if not isinstance(action, Throw):
        raise IllegalAction(f"not a 421 action now: {action!r}")
    keep = action.keep
    if state.rolloff is not None:
        if keep:
            raise IllegalAction(
                "a who-starts throw keeps no dice" if state.phase == "start" else "a roll-off throw keeps no dice"
            )
        return replace(state, rolling=1 if state.rolloff.kind == "start" else 3)
    if state.throws >= max_throws(state):
        who = "the leader" if state.seat == state.leader else f"seat {state.seat}"
        allowed = "1 throw" if state.throws == 1 else f"{state.throws} throws"
        raise IllegalAction(f"{who} has already used the {allowed} allowed this turn: stop")
    _check_keep(keep, state.dice)
    return replace(state, dice=keep, kept=keep, throws=state.throws + 1, rolling=3 - len(keep))


def _check_keep(keep: tuple[int, ...], dice: tuple[int, ...]) -> None:
    if not keep:
        return
    if not dice:
        raise IllegalAction("cannot keep dice before the first throw of the turn")
    if len(keep) == 3:
        raise IllegalAction("a throw throws at least one die: keep at most two")
    if not within(keep, dice):
        raise IllegalAction(f"cannot keep {faces_text(keep)}: the dice on the table are {faces_text(dice)}")


def _land(state: State, faces: tuple[int, ...]) -> State:
    """The dice in the air came down showing ``faces``."""
    rolloff = state.rolloff
    if rolloff is not None:
        return _rolloff_throw(replace(state, rolling=0), rolloff, faces)
    return replace(state, dice=state.kept + faces, rolling=0)


def _stop(state: State) -> State:
    if state.rolloff is not None:
        raise IllegalAction("no stopping in a who-starts or roll-off throw: throw")
    if state.throws == 0:
        raise IllegalAction("cannot stop before the first throw")
    if not _may_stop(state):
        raise IllegalAction(
            f"with the 'exactly' throw limit, seat {state.seat} must throw {state.limit} times, not {state.throws}"
        )
    seat = state.seat
    assert seat is not None
    hands = list(state.hands)
    hands[seat] = hand(state.dice)
    limit = state.throws if seat == state.leader else state.limit
    state = replace(state, hands=tuple(hands), limit=limit, dice=(), kept=(), throws=0)
    order = state.order()
    if order.index(seat) + 1 < len(order):
        return replace(state, seat=order[order.index(seat) + 1])
    worst = _tied(state, order, worst=True)
    return _begin_rolloff(state, "worst", worst) if len(worst) > 1 else _after_worst(state, worst[0])


def _tied(state: State, seats: Iterable[int], worst: bool) -> list[int]:
    ranks = {s: rank(state.hands[s]) for s in seats}
    extreme = max(ranks.values()) if worst else min(ranks.values())
    return [s for s, r in ranks.items() if r == extreme]


def _begin_rolloff(state: State, kind: str, seats: list[int]) -> State:
    return replace(state, seat=seats[0], rolloffs=(*state.rolloffs, RollOff(kind, tuple(seats))))


def _after_worst(state: State, worst: int) -> State:
    best = [s for s in _tied(state, state.order(), worst=False) if s != worst]
    if state.phase == "decharge" and len(best) > 1:
        return _begin_rolloff(state, "best", best)
    return _settle(state, worst, best[0])


def _rolloff_throw(state: State, rolloff: RollOff, faces: tuple[int, ...]) -> State:
    seat = state.seat
    assert seat is not None
    round_ = (*rolloff.rounds[-1], (seat, faces))
    rolloff = replace(rolloff, rounds=(*rolloff.rounds[:-1], round_))
    if len(round_) < len(rolloff.seats):
        return _with_rolloff(replace(state, seat=rolloff.seats[len(round_)]), rolloff)
    if rolloff.kind == "start":
        keys = {s: (dice[0] - 2) % 6 for s, dice in round_}  # 1 → 5, 6 → 4, ..., 2 → 0: higher is better
        top = max(keys.values())
    else:
        keys = {s: rank(dice) for s, dice in round_}
        top = max(keys.values()) if rolloff.kind == "worst" else min(keys.values())
    tied = tuple(s for s, k in keys.items() if k == top)
    if len(tied) > 1:
        return _with_rolloff(replace(state, seat=tied[0]), replace(rolloff, seats=tied, rounds=(*rolloff.rounds, ())))
    state = _with_rolloff(state, replace(rolloff, decided=tied[0]))
    if rolloff.kind == "start":
        return replace(state, phase="charge", seat=tied[0], leader=tied[0])
    if rolloff.kind == "worst":
        return _after_worst(state, tied[0])
    return _settle(state, _turn_worst(state), tied[0])


def _turn_worst(state: State) -> int:
    """The seat that takes or receives this turn, once known (by the hands or by the roll-off for worst)."""
    decided = [r.decided for r in state.rolloffs if r.kind == "worst" and r.decided is not None]
    return decided[0] if decided else _tied(state, state.order(), worst=True)[0]


def _with_rolloff(state: State, rolloff: RollOff) -> State:
    if rolloff.kind == "start":
        return replace(state, opening=rolloff)
    return replace(state, rolloffs=(*state.rolloffs[:-1], rolloff))


def _settle(state: State, worst: int, best: int) -> State:
    """Move the tokens of a finished turn, record it, and set up the next turn or end the game."""
    opts, active = state.options, state.active
    held, took, out = list(state.held), list(state.took), list(state.out)
    value = TOKENS[rank(state.hands[best])]
    pot, phase = state.pot, state.phase
    gone: tuple[int, ...] = ()
    if phase == "charge":
        amount = min(value, pot)
        pot -= amount
        took[worst] = True
        if pot == 0:
            phase = "decharge"
            gone = tuple(s for s in active if not took[s])
    else:
        amount = min(value, held[best])
        held[best] -= amount
        gone = (best,) if held[best] == 0 else ()
    held[worst] += amount
    if gone:
        out.append(gone)
    over = bool(gone) and (not opts.play_to_loser or len(active) - len(gone) <= 1)
    assert state.leader is not None and state.limit is not None
    turn = Turn(
        state.phase, state.leader, state.limit, state.hands, best, state.hands[best], worst, state.hands[worst],
        value, amount, state.phase == "charge", state.rolloffs, gone,
    )  # fmt: skip
    state = replace(
        state, pot=pot, held=tuple(held), took=tuple(took), out=tuple(out), turns=(*state.turns, turn),
        hands=((),) * opts.players, rolloffs=(), limit=None,
    )  # fmt: skip
    if over:
        return replace(state, phase="over", seat=None)
    if opts.next_leader == "taker":
        leader = worst
    else:
        active = state.active
        leader = next((s for s in active if s > turn.leader), active[0])
    return replace(state, phase=phase, seat=leader, leader=leader)


def result(state: State) -> Outcome | None:
    """Tiers of seats, best first: the winners (in the order they left play), then the others by the tokens they
    hold, fewest first, equal counts sharing a tier; ``None`` until over.

    With "play to the loser" the one player left, who holds every token, is the last tier.
    """
    if state.phase != "over":
        return None
    counts = sorted({state.held[seat] for seat in state.active})
    rest = tuple(tuple(seat for seat in state.active if state.held[seat] == count) for count in counts)
    return Outcome((*state.out, *rest))


# ----------------------------------------------------------------------------- JSON


def state_to_json(state: State) -> JSON:
    """The state as plain JSON (lists for tuples); :func:`state_from_json` gives back an equal state."""
    data = _plain(state)
    data.update(
        options=state.options.to_json(),
        opening=state.opening.to_json(),
        rolloffs=[r.to_json() for r in state.rolloffs],
        turns=[t.to_json() for t in state.turns],
    )
    return data


def state_from_json(data: JSON) -> State:
    """The state of :func:`state_to_json`'s output; ``ValueError`` if it is not one."""
    try:
        state = State(
            **_untuple(
                data,
                options=Options.from_json(data["options"]),
                opening=RollOff.from_json(data["opening"]),
                rolloffs=tuple(RollOff.from_json(r) for r in data["rolloffs"]),
                turns=tuple(Turn.from_json(t) for t in data["turns"]),
            )
        )
    except (KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"not a 421 state: {error!r}") from error
    return checked(state)


def checked(state: State) -> State:
    """``state`` if its parts hold together (read from JSON or text); ``ValueError`` says which does not."""
    if state.phase not in PHASES or len(state.held) != state.options.players:
        raise ValueError("not a 421 state: bad phase or seats")
    if min(state.held) < 0 or state.pot < 0 or state.pot + sum(state.held) != state.options.pot:
        raise ValueError("not a 421 state: the tokens do not add up to the pot")
    if state.rolling not in range(4) or state.kept != state.dice[: len(state.kept)] or len(state.dice) > 3:
        raise ValueError("not a 421 state: bad dice")
    faces_of(state.dice)
    return state


def action_to_json(action: Action) -> JSON:
    """``{"throw": [4, 1]}`` for :class:`Throw`, ``"stop"`` for :class:`Stop`, ``{"roll": [4, 2, 1]}`` for a roll."""
    if isinstance(action, Roll):
        return action.to_json()
    return "stop" if isinstance(action, Stop) else {"throw": list(action.keep)}


def action_from_json(data: JSON) -> Action:
    """The action of :func:`action_to_json`'s output; ``ValueError`` if it is not one."""
    if data == "stop":
        return Stop()
    if isinstance(data, dict) and set(data) == {"throw"} and isinstance(data["throw"], list) and len(data["throw"]) < 3:
        return Throw(faces_of(data["throw"]))
    if isinstance(data, dict) and set(data) == {"roll"}:
        return roll_from_json(data)
    raise ValueError(f"not a 421 action: {data!r}")


def action_to_text(action: Action) -> str:
    """``throw``, ``keep 4 1``, ``stop`` or ``roll 4 2 1``."""
    if isinstance(action, Roll):
        return roll_to_text(action)
    return "stop" if isinstance(action, Stop) else throw_to_text(action.keep)


def action_from_text(text: str) -> Action:
    """The action written ``text`` (see :func:`action_to_text`); ``ValueError`` says what is expected."""
    keep = throw_from_text(text)
    if keep is not None and len(keep) < 3:
        return Throw(keep)
    if text.strip() == "stop":
        return Stop()
    if text.strip().startswith("roll"):
        return roll_from_text(text)
    raise ValueError(f"a 421 action is 'throw', 'keep 4 1', 'stop' or 'roll 4 2 1', not {text!r}")


# ----------------------------------------------------------------------------- position text
#
# One line of fields separated by spaces: "421", the options (name=value), then the phase, the seat to move and
# every other part of the state as name=value. Seats are numbers; dice are written as digits ("541"); "-" is
# nothing. A list of seats or of hands joins its items with "."; a roll-off is kind:seats:rounds:decided, its
# rounds joined by ";", each throw seat=dice; a finished turn is
# phase/leader/limit/hands/best/worst/value/amount/out/roll-offs, its roll-offs joined by "+"; turns join by "|".


def _dice_text(dice: Sequence[int]) -> str:
    return digits(dice) or "-"


def _dice(text: str) -> tuple[int, ...]:
    return () if text == "-" else from_digits(text)


def _seats_text(seats: Sequence[int]) -> str:
    return ".".join(map(str, seats)) or "-"


def _seats(text: str) -> tuple[int, ...]:
    return () if text == "-" else tuple(int(s) for s in text.split("."))


def _number_text(value: int | None) -> str:
    return "-" if value is None else str(value)


def _number(text: str) -> int | None:
    return None if text == "-" else int(text)


def _hands_text(hands: Sequence[Sequence[int]]) -> str:
    return ".".join(map(_dice_text, hands))


def _hands(text: str) -> tuple[tuple[int, ...], ...]:
    return tuple(_dice(part) for part in text.split("."))


def _rolloff_text(rolloff: RollOff) -> str:
    rounds = ";".join(",".join(f"{seat}={_dice_text(dice)}" for seat, dice in round_) for round_ in rolloff.rounds)
    return f"{rolloff.kind}:{_seats_text(rolloff.seats)}:{rounds}:{_number_text(rolloff.decided)}"


def _rolloff(text: str) -> RollOff:
    kind, seats, rounds, decided = text.split(":")
    if kind not in ROLLOFF_KINDS:
        raise ValueError(f"unknown roll-off {kind!r}")
    throws = tuple(
        tuple((int(seat), _dice(dice)) for seat, dice in (throw.split("=") for throw in filter(None, round_.split(","))))
        for round_ in rounds.split(";")
    )
    return RollOff(kind, _seats(seats), throws, _number(decided))


def _turn_text(turn: Turn) -> str:
    rolloffs = "+".join(map(_rolloff_text, turn.rolloffs)) or "-"
    return "/".join(
        (turn.phase, str(turn.leader), str(turn.limit), _hands_text(turn.hands), str(turn.best), str(turn.worst),
         str(turn.value), str(turn.amount), _seats_text(turn.out), rolloffs)
    )  # fmt: skip


def _turn(text: str) -> Turn:
    phase, leader, limit, hands_, best, worst, value, amount, out, rolloffs = text.split("/")
    hands = _hands(hands_)
    b, w = int(best), int(worst)
    return Turn(
        phase, int(leader), int(limit), hands, b, hands[b], w, hands[w], int(value), int(amount), phase == "charge",
        () if rolloffs == "-" else tuple(map(_rolloff, rolloffs.split("+"))), _seats(out),
    )  # fmt: skip


_FIELDS = ("seat", "leader", "limit", "dice", "kept", "throws", "rolling", "hands", "pot", "held", "took", "out",
           "opening", "rolloffs", "turns")  # fmt: skip
"""The fields of a position text after the phase, in their order."""


def state_to_text(state: State) -> str:
    """The whole position on one line; :func:`state_from_text` reads it back.

    >>> state = apply(apply(apply(start({"players": 2}), Throw()), Roll((1,))), Throw())
    >>> state_to_text(state)  # doctest: +NORMALIZE_WHITESPACE
    '421 players=2 pot=11 throw_limit=at_most next_leader=taker play_to_loser=false start seat=1 leader=- limit=-
     dice=- kept=- throws=0 rolling=1 hands=-.- pot=11 held=0.0 took=0.0 out=- opening=start:0.1:0=1:- rolloffs=- turns=-'
    >>> state_from_text(state_to_text(state)) == state
    True
    """
    fields_ = {
        "seat": _number_text(state.seat),
        "leader": _number_text(state.leader),
        "limit": _number_text(state.limit),
        "dice": _dice_text(state.dice),
        "kept": _dice_text(state.kept),
        "throws": str(state.throws),
        "rolling": str(state.rolling),
        "hands": _hands_text(state.hands),
        "pot": str(state.pot),
        "held": _seats_text(state.held),
        "took": _seats_text([int(t) for t in state.took]),
        "out": "|".join(map(_seats_text, state.out)) or "-",
        "opening": _rolloff_text(state.opening),
        "rolloffs": "+".join(map(_rolloff_text, state.rolloffs)) or "-",
        "turns": "|".join(map(_turn_text, state.turns)) or "-",
    }
    return " ".join([DESCRIPTION.text_head(state.options.to_json()), state.phase, *(f"{k}={v}" for k, v in fields_.items())])


def state_from_text(text: str) -> State:
    """The position :func:`state_to_text` wrote; ``ValueError`` if ``text`` is not one."""
    try:
        options, (phase, *words) = DESCRIPTION.read_head(text)
        fields_ = dict(w.split("=", 1) for w in words)
        if list(fields_) != list(_FIELDS) or len(words) != len(_FIELDS):
            raise ValueError(f"after the phase come {'=, '.join(_FIELDS)}=, once each and in that order")
        state = State(
            options=Options.from_json(options),
            phase=phase,
            seat=_number(fields_["seat"]),
            dice=_dice(fields_["dice"]),
            kept=_dice(fields_["kept"]),
            throws=int(fields_["throws"]),
            rolling=int(fields_["rolling"]),
            leader=_number(fields_["leader"]),
            limit=_number(fields_["limit"]),
            hands=_hands(fields_["hands"]),
            pot=int(fields_["pot"]),
            held=_seats(fields_["held"]),
            took=tuple(bool(t) for t in _seats(fields_["took"])),
            out=() if fields_["out"] == "-" else tuple(map(_seats, fields_["out"].split("|"))),
            opening=_rolloff(fields_["opening"]),
            rolloffs=() if fields_["rolloffs"] == "-" else tuple(map(_rolloff, fields_["rolloffs"].split("+"))),
            turns=() if fields_["turns"] == "-" else tuple(map(_turn, fields_["turns"].split("|"))),
        )
    except (ValueError, KeyError, IndexError) as error:
        raise ValueError(f"not a 421 position ({error}): {text[:200]!r}") from error
    return checked(state)


# ----------------------------------------------------------------------------- saves of match format 1


def upgrade_actions(options: Mapping[str, JSON], seed: int, actions: Sequence[JSON]) -> list[list[JSON]]:
    """The actions of a format-1 record, as this version writes them: for each old action, the new ones.

    Format 1 kept dice by their place on the table and threw them inside the rules with ``Dice(seed)``; a throw
    becomes the throw keeping the faces that stood at those places and the roll that generator gave, drawn the same
    way (one draw per die), so the game goes on with the dice it would have had. ``ValueError`` if it does not replay.

    >>> upgrade_actions({"players": 2}, 7, [{"throw": []}, {"throw": []}])  # who starts: a 4, then a 1
    [[{'throw': []}, {'roll': [4]}], [{'throw': []}, {'roll': [1]}]]
    """
    state, rng = start(options), Dice(seed)
    table: tuple[int, ...] = ()  # the dice in format 1's order: kept dice stayed at their places
    upgraded: list[list[JSON]] = []
    for raw in actions:
        if raw == "stop":
            new: list[Action] = [Stop()]
        elif isinstance(raw, dict) and isinstance(raw.get("throw"), list):
            places = raw["throw"]
            if not all(type(i) is int and 0 <= i < len(table) for i in places) or len(set(places)) != len(places):
                raise ValueError(f"a format-1 throw keeps places 0 to 2 of the dice on the table, not {places!r}")
            count = 1 if state.rolloff is not None and state.rolloff.kind == "start" else 3 - len(places)
            faces, rng = rng.roll(count)
            if state.rolloff is None:
                fresh = iter(faces)
                table = tuple(table[i] if i in places else next(fresh) for i in range(3))
            new = [Throw(tuple(table[i] for i in places) if state.rolloff is None else ()), Roll(faces)]
        else:
            raise ValueError(f"not a format-1 421 action: {raw!r}")
        for action in new:
            state = apply(state, action)
        if isinstance(new[0], Stop):
            table = ()
        upgraded.append([action_to_json(a) for a in new])
    return upgraded
