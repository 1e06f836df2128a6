"""Generala written down: the position text, and the records of match format 1 as this version writes them.

They read and write the values of :mod:`etoile.games.generala.rules`, which exposes them as its own (its
``state_to_text``, ``state_from_text`` and ``upgrade_actions``).

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

>>> from etoile.games.generala.rules import DESCRIPTION, Fill, Roll, Throw, apply, start, to_move, totals
>>> state = apply(apply(apply(start({"players": 1}), Throw()), Roll((4, 4, 4, 2, 1))), Fill("4"))
>>> state_to_text(state).removeprefix(DESCRIPTION.text_head({"players": 1, **state.rules.to_json()}))
' play r2 s0 t0 dice - start - first 0 big - sheets -,-,-,12,-,-,-,-,-,-'
>>> state_from_text(state_to_text(state)) == state
True
>>> text = "generala players=2 play r3 s0 t2 dice 66/541 start 0:53321,1:65322 first 0 big - "
>>> state = state_from_text(text + "sheets -,-,3,-,-,-,0,-,-,-/-,6,-,0,-,-,-,-,-,-")  # the other options: defaults
>>> state.dice, state.kept, state.throw, totals(state), to_move(apply(state, Throw((6, 6, 5))))
((6, 6, 5, 4, 1), 2, 2, (3, 6), CHANCE)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from etoile.engine.dice import Roll, digits, from_digits
from etoile.engine.game import JSON
from etoile.engine.rng import Dice
from etoile.games.generala.rules import (
    BOXES,
    DESCRIPTION,
    DICE,
    Fill,
    Rules,
    StartRound,
    State,
    Throw,
    action_from_json,
    action_to_json,
    apply,
    checked,
    max_actions,
    start,
)


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
