"""Dice drawn in SVG, as buttons a player sets aside and takes back (click, Enter or Space)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any

from etoile.app.messages import whole_number
from etoile.engine.dice import Roll, faces_text
from etoile.engine.lazy import lazy_dataclass
from etoile.engine.match import Match
from etoile.ui.common import seat_name
from etoile.ui.i18n import Catalog
from etoile.ui.vdom import Attr, El, h

PIPS = {
    1: ((50, 50),),
    2: ((28, 28), (72, 72)),
    3: ((28, 28), (50, 50), (72, 72)),
    4: ((28, 28), (72, 28), (28, 72), (72, 72)),
    5: ((28, 28), (72, 28), (50, 50), (28, 72), (72, 72)),
    6: ((28, 26), (72, 26), (28, 50), (72, 50), (28, 74), (72, 74)),
}


def throws(match: Match) -> int:
    """How many throws of the dice ``match`` has played so far: the ``roll`` key of :func:`die` (it changes at each)."""
    return sum(isinstance(action, Roll) for action in match.played)


def places_from(data: object, count: int) -> tuple[int, ...] | None:
    """Places of dice read back from saved JSON: distinct whole numbers below ``count``, in order; else ``None``.

    >>> places_from([2, 0], 3), places_from([0, 0], 3), places_from([3], 3), places_from("0", 3)
    ((0, 2), None, None, None)
    """
    if not isinstance(data, list) or not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < count for i in data):
        return None
    return tuple(sorted(data)) if len(set(data)) == len(data) else None


def places(dice: Sequence[int], faces: Iterable[int]) -> tuple[int, ...]:
    """The places in ``dice`` (as drawn, left to right) of dice showing ``faces``, leftmost first for equal faces.

    >>> places((1, 4, 1), (4, 1))
    (0, 1)
    """
    free = list(range(len(dice)))
    for wanted in faces:
        free.remove(next(i for i in free if dice[i] == wanted))
    return tuple(i for i in range(len(dice)) if i not in free)


def face(value: int, *, tumbling: int = 0) -> El:
    """One die face as an SVG image (decorative: the button around it carries the label); ``tumbling`` (1 or 2)
    makes it one of the faces a thrown die shows in the air before it lands."""
    return h(
        "svg",
        {
            "viewBox": "0 0 100 100",
            "class": f"die-face tumble-{tumbling}" if tumbling else "die-face",
            "aria-hidden": "true",
            "focusable": "false",
        },
        h("rect", {"x": "4", "y": "4", "width": "92", "height": "92", "rx": "18", "class": "die-body"}),
        [h("circle", {"cx": str(x), "cy": str(y), "r": "9", "class": "pip"}) for x, y in PIPS[value]],
    )


def in_the_air(value: int, roll: int) -> tuple[int, int]:
    """The two faces a die that lands on ``value`` shows as it tumbles, at throw number ``roll``: neither is
    ``value`` nor the other, and they change from one throw to the next (the view stays a function of the match).

    >>> in_the_air(6, 0), in_the_air(6, 1), in_the_air(1, 3)
    ((1, 3), (2, 4), (5, 2))
    """
    return (value + roll % 5) % 6 + 1, (value + (roll + 2) % 5) % 6 + 1


def small_die(value: int, *, roll: int | None = None) -> El:
    """A small die that is only shown (a who-starts throw, a roll-off), tumbling and landing as a die of the table
    does when ``roll`` (as for :func:`die`) says it was just thrown."""
    if roll is None:
        return face(value)
    tumbling = [face(shown, tumbling=step) for step, shown in enumerate(in_the_air(value, roll), 1)]
    return h("span", {"class": f"die roll-{roll % 2}"}, face(value), tumbling)


def die(value: int, label: str, *, kept: bool, rolled: bool, roll: int, attrs: dict[str, Attr] | None = None) -> El:
    """A die button: ``kept`` dice are set aside (``aria-pressed``), in the tray; ``rolled`` ones tumble and land.

    ``roll`` is any number that changes at every throw: the animation's name
    alternates with it, which restarts the animation on a patched element, and
    the faces shown in the air change with it.
    """
    classes = ["die", "kept" if kept else "", f"roll-{roll % 2}" if rolled else ""]
    return h(
        "button",
        {
            "type": "button",
            "class": " ".join(c for c in classes if c),
            "aria-pressed": "true" if kept else "false",
            "aria-label": label,
            **(attrs or {}),
        },
        face(value),
        [face(shown, tumbling=step) for step, shown in enumerate(in_the_air(value, roll), 1)] if rolled else None,
    )


def rounds_told(
    match: Match, rounds: Iterable[Iterable[tuple[int, Sequence[int]]]], written: Callable[[Sequence[int]], str], t: Catalog
) -> str:
    """The throws of a tie-break, round by round, each as ``written`` gives it: "Ann: 3, Bob: 3; tied, thrown again:
    Ann: 1, Bob: 5" (who starts and roll-offs may write the dice, or a start throw's total)."""
    return t("dice.tied_again").join(
        ", ".join(t("dice.seat_threw", name=seat_name(match, seat, t), dice=written(dice)) for seat, dice in round_)
        for round_ in rounds
    )


def throw_told(match: Match, t: Catalog, number: Callable[[Any, Any], int | None]) -> El:
    """A live region that says what the last throw brought: "Ann, throw 2: 5 2 1" (the dice that were thrown).

    ``number(before, after)`` is the throw's number in its player's turn, from the states around it, or ``None``
    for a throw the table tells otherwise (who starts, a roll-off). The region is drawn, empty if need be, in the
    same place on the table at every redraw, so that a screen reader hears each new throw, the computer's too.
    """
    said = ""
    for ply in range(len(match.played) - 1, -1, -1):
        action = match.played[ply]
        if isinstance(action, Roll):
            before, after = match.states[ply], match.states[ply + 1]
            count = number(before, after)
            if count:
                name = seat_name(match, before.seat, t)
                said = t("dice.thrown", name=name, number=count, faces=faces_text(action.faces))
            break
    return h("p", {"class": "visually-hidden", "role": "status", "data-told": "throw"}, said)


def dice_row(
    game: str,
    values: tuple[int, ...],
    t: Catalog,
    *,
    kept: Collection[int],
    rolled: Collection[int],
    roll: int,
    enabled: bool,
    hinted: Collection[int] = (),
) -> El:
    """The dice on the table as a group of buttons sending ``"<game>:keep"`` with the die's index (``data-index``).

    ``kept`` are set aside, in the tray above the others; ``rolled`` tumble and
    land (they were just thrown); ``hinted`` are outlined (the coach would keep
    them); ``enabled`` lets the player click. The buttons stay in the order of
    the dice, whatever the row they are drawn in, so the focus stays on a die
    set aside or taken back.
    """
    return h(
        "div",
        {"class": "dice-row", "role": "group", "aria-label": t("dice.group")},
        h("span", {"class": "dice-tray", "aria-hidden": "true"}, t("dice.tray")),
        [
            die(
                value,
                t("dice.label", value=value, state=t("dice.kept" if i in kept else "dice.free")),
                kept=i in kept,
                rolled=i in rolled,
                roll=roll,
                attrs={
                    "data-action": f"{game}:keep",
                    "data-game": game,
                    "data-index": str(i),
                    # Set aside or taken back between two throws, it slides between the tray and the table (a throw
                    # draws the dice anew: the name changes with it).
                    "data-glide": f"die-{roll}-{i}",
                    "disabled": not enabled,
                    "data-hint": "keep" if i in hinted else None,
                },
            )
            for i, value in enumerate(values)
        ],
    )


@lazy_dataclass
class Keep:
    """Set the die at ``index`` aside for the next throw, or take it back."""

    index: int


@lazy_dataclass
class ThrowDice:
    """Throw the dice not set aside."""


def dice_message(name: str, data: Mapping[str, str]) -> Keep | ThrowDice | None:
    """The message of a dice game's table control named ``name`` that every dice table shares (set a die aside or
    take it back, throw), or ``None``: a table reads its other controls itself.

    >>> dice_message("keep", {"index": "2"}), dice_message("throw", {}), dice_message("keep", {"index": "x"})
    (Keep(index=2), ThrowDice(), None)
    """
    match name:
        case "keep":
            index = whole_number(data.get("index"))
            return None if index is None else Keep(index)
        case "throw":
            return ThrowDice()
    return None
