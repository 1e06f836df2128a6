"""Dice as chance: a throw's outcomes with their exact odds, its text, and how a match draws one.

A throw of ``n`` six-sided dice is a chance node of the game: its outcomes are
the :class:`Roll` values of :func:`outcomes`, the faces that can come up
(sorted, highest first, since the order in which dice land means nothing),
each with its exact probability. The rules modules of the dice games return
them from ``chance_outcomes``; the computer players read their odds from the
same place.

>>> [len(outcomes(n)) for n in (1, 2, 3, 5)]
[6, 21, 56, 252]
>>> dict(outcomes(2))[Roll((6, 6))], dict(outcomes(2))[Roll((2, 1))]
(Fraction(1, 36), Fraction(1, 18))
>>> Roll((1, 4, 2)), roll_to_text(Roll((4, 2, 1))), roll_from_text("roll 6 6 1")
(Roll(faces=(4, 2, 1)), 'roll 4 2 1', Roll(faces=(6, 6, 1)))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import factorial, prod
from typing import TYPE_CHECKING, overload

from etoile.engine.game import JSON
from etoile.engine.lazy import lazy_dataclass
from etoile.engine.rng import Dice

if TYPE_CHECKING:
    from fractions import Fraction

FACES = (1, 2, 3, 4, 5, 6)


@lazy_dataclass
class Roll:
    """The faces that came up in a throw, highest first (given in any order, stored sorted). JSON: ``{"roll": [4, 2, 1]}``."""

    faces: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "faces", faces_of(self.faces))

    def to_json(self) -> JSON:
        return {"roll": list(self.faces)}


def faces_of(values: Iterable[object]) -> tuple[int, ...]:
    """Dice faces, highest first; ``ValueError`` unless each is a face 1 to 6.

    >>> faces_of([1, 6, 3])
    (6, 3, 1)
    """
    faces = tuple(values)
    if not all(type(f) is int and 1 <= f <= 6 for f in faces):
        raise ValueError(f"dice faces are whole numbers 1 to 6, not {' '.join(map(str, faces))}")
    return tuple(sorted(faces, reverse=True))  # type: ignore[arg-type]  # the check above found each face an int


class Outcomes(Sequence["tuple[Roll, Fraction]"]):
    """Every outcome of a throw of ``count`` dice with its probability, best faces first; they sum to 1.

    Listed on first use: a match that draws a throw needs only how many dice fly (:func:`draw`), and listing them
    imports ``fractions`` (30 ms of the page's first throw under Pyodide) for 252 exact odds with five dice.
    """

    def __init__(self, count: int) -> None:
        self.dice = count

    def __len__(self) -> int:
        return len(_listed(self.dice))

    @overload
    def __getitem__(self, index: int) -> tuple[Roll, Fraction]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[Roll, Fraction]]: ...

    def __getitem__(self, index: int | slice) -> tuple[Roll, Fraction] | Sequence[tuple[Roll, Fraction]]:
        return _listed(self.dice)[index]

    def __repr__(self) -> str:
        return f"outcomes({self.dice})"


@cache
def outcomes(count: int) -> Outcomes:
    """Every outcome of a throw of ``count`` dice with its probability (:class:`Outcomes`)."""
    return Outcomes(count)


@cache
def _listed(count: int) -> tuple[tuple[Roll, Fraction], ...]:
    from fractions import Fraction  # noqa: PLC0415 - imported on first use: it costs the page's start-up 30 ms

    total = 6**count
    rolls = (tuple(reversed(faces)) for faces in combinations_with_replacement(FACES, count))
    pairs = [(Roll(r), Fraction(factorial(count), prod(factorial(n) for n in Counter(r).values()) * total)) for r in rolls]
    return tuple(sorted(pairs, key=lambda pair: pair[0].faces, reverse=True))


def draw(rng: Dice, count: int) -> tuple[Roll, Dice]:
    """Throw ``count`` dice with ``rng``: the outcome and the generator after it (one draw per die, as always)."""
    faces, rng = rng.roll(count)
    return Roll(faces), rng


def keeps(dice: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Every way to keep some of ``dice`` for a re-throw (not all: a throw throws a die at least), each multiset of
    faces once: fewest dice first, then highest (what three dice or five may keep).

    >>> keeps((4, 4, 1))
    ((), (4,), (1,), (4, 4), (4, 1))
    >>> keeps((4, 1, 4, 4, 4))
    ((), (4,), (1,), (4, 4), (4, 1), (4, 4, 4), (4, 4, 1), (4, 4, 4, 4), (4, 4, 4, 1))
    >>> len(keeps((6, 5, 4, 3, 1)))
    31
    """
    ordered = faces_of(dice)
    found = (
        tuple(ordered[i] for i in chosen) for size in range(len(ordered)) for chosen in combinations(range(len(ordered)), size)
    )
    return tuple(dict.fromkeys(found))


def within(kept: Sequence[int], dice: Sequence[int]) -> bool:
    """Whether the faces ``kept`` can be set aside from ``dice`` (each kept face is on a die of its own).

    >>> within((4, 4), (4, 2, 4)), within((4, 4), (4, 2, 1))
    (True, False)
    """
    return not Counter(kept) - Counter(dice)


def without(dice: Sequence[int], kept: Sequence[int]) -> tuple[int, ...]:
    """The dice left when ``kept`` (a part of ``dice``, see :func:`within`) is set aside, highest first.

    >>> without((6, 4, 4, 1), (4,))
    (6, 4, 1)
    """
    return faces_of((Counter(dice) - Counter(kept)).elements())


def dice_count(count: int) -> str:
    """``count`` dice in words, for the English messages of refused actions: "1 die", "3 dice"."""
    return f"{count} {'die' if count == 1 else 'dice'}"


def in_the_air(count: int) -> str:
    """Why only a roll may come next, in the English of refused actions.

    >>> in_the_air(1), in_the_air(3)
    ('1 die is in the air', '3 dice are in the air')
    """
    return f"{dice_count(count)} {'is' if count == 1 else 'are'} in the air"


def digits(faces: Iterable[int]) -> str:
    """``541``: dice written together in the order they lie, as the position texts write them.

    >>> digits((5, 4, 1)), from_digits("154")
    ('541', (1, 5, 4))
    """
    return "".join(map(str, faces))


def from_digits(text: str) -> tuple[int, ...]:
    """The dice of ``541``, in their order; ``ValueError`` unless ``text`` is digits 1 to 6."""
    if not text or any(c not in "123456" for c in text):
        raise ValueError(f"dice are written as digits 1 to 6 (541), not {text!r}")
    return tuple(map(int, text))


def faces_text(faces: Iterable[int]) -> str:
    """``4 2 1``: faces as the notation writes them."""
    return " ".join(map(str, faces))


def faces_from_text(text: str) -> tuple[int, ...]:
    """The faces of ``6 5 1`` (or ``651``), highest first; ``ValueError`` if they are not dice faces."""
    words = text.split()
    digits = list(words[0]) if len(words) == 1 else words
    if not all(d.isdigit() and len(d) == 1 for d in digits):
        raise ValueError(f"dice faces are written 4 2 1, not {text!r}")
    return faces_of(int(d) for d in digits)


def throw_to_text(keep: Sequence[int]) -> str:
    """A player's throw in the notation: ``throw`` when it keeps nothing, else ``keep`` and the faces kept.

    >>> throw_to_text(()), throw_to_text((6, 6))
    ('throw', 'keep 6 6')
    """
    return f"keep {faces_text(keep)}" if keep else "throw"


def throw_from_text(text: str) -> tuple[int, ...] | None:
    """The faces kept by the throw written ``text`` (:func:`throw_to_text`), ``None`` if ``text`` is not a throw.

    >>> throw_from_text("throw"), throw_from_text("keep 1 4"), throw_from_text("stop")
    ((), (4, 1), None)
    """
    word, _, rest = text.strip().partition(" ")
    if word == "throw" and not rest.strip():
        return ()
    return faces_from_text(rest) if word == "keep" and rest.strip() else None


def roll_to_text(roll: Roll) -> str:
    """``roll 4 2 1``."""
    return f"roll {faces_text(roll.faces)}"


def roll_from_text(text: str) -> Roll:
    """The roll of ``roll 4 2 1``; ``ValueError`` if ``text`` is not one."""
    word, _, rest = text.strip().partition(" ")
    if word != "roll" or not rest.strip():
        raise ValueError(f"a throw's outcome is written 'roll 4 2 1', not {text!r}")
    return Roll(faces_from_text(rest))


def roll_from_json(data: JSON) -> Roll:
    """The roll of :meth:`Roll.to_json`'s output; ``ValueError`` if ``data`` is not one."""
    if not (isinstance(data, dict) and set(data) == {"roll"} and isinstance(data["roll"], list) and data["roll"]):
        raise ValueError(f"not a roll of the dice: {data!r}")
    return Roll(tuple(data["roll"]))
