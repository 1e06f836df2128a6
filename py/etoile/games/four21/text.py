"""421 written down: the position text, and the records of match format 1 as this version writes them.

They read and write the values of :mod:`etoile.games.four21.rules`, which exposes them as its own (its
``state_to_text``, ``state_from_text`` and ``upgrade_actions``).

>>> upgrade_actions({"players": 2}, 7, [{"throw": []}, {"throw": []}])  # who starts: a 4, then a 1
[[{'throw': []}, {'roll': [4]}], [{'throw': []}, {'roll': [1]}]]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from etoile.engine.dice import Roll, digits, from_digits
from etoile.engine.game import JSON
from etoile.engine.rng import Dice
from etoile.games.four21.rules import (
    DESCRIPTION,
    ROLLOFF_KINDS,
    Action,
    Options,
    RollOff,
    State,
    Stop,
    Throw,
    Turn,
    action_to_json,
    apply,
    checked,
    start,
)

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
