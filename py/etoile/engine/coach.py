"""What the coaches say, as values: one shape per game, with JSON in and out, and an explicit "pending".

The computer players' worker answers a coach's question with the JSON of one of
these values (:func:`etoile.engine.computer.advise`); the table turns it back into the
value with ``from_json`` and draws it. A table that has asked and not yet been
answered holds :data:`PENDING`.

>>> Four21Advice.from_json(Four21Advice((0, 2), False, 0.75, 0.25).to_json())
Four21Advice(keep=(0, 2), stop=False, escape=0.75, best=0.25, choices=())
>>> ChineseCheckersHint.from_json([3, 14]).path, PENDING
((3, 14), PENDING)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

JSON = Any


@dataclass(frozen=True, slots=True)
class Pending:
    """The coach has been asked and has not answered yet."""

    def __repr__(self) -> str:
        return "PENDING"


PENDING = Pending()


@dataclass(frozen=True, slots=True)
class Four21Advice:
    """421: the faces the expert would set aside before throwing (``()``: throw all, or stop), whether it
    would stop, and its chances from here of not being the turn's worst hand (``escape``) and of being its best;
    ``choices``, every choice the player has, ``(keep, worst, best)`` (``keep`` ``None`` to stand)."""

    keep: tuple[int, ...]
    stop: bool
    escape: float
    best: float
    choices: tuple[tuple[tuple[int, ...] | None, float, float], ...] = ()

    def to_json(self) -> JSON:
        told = [[None if keep is None else list(keep), worst, best] for keep, worst, best in self.choices]
        return {"keep": list(self.keep), "stop": self.stop, "escape": self.escape, "best": self.best, "choices": told}

    @classmethod
    def from_json(cls, data: JSON) -> Four21Advice:
        told = tuple(
            (None if keep is None else tuple(keep), float(worst), float(best)) for keep, worst, best in data.get("choices", ())
        )
        return cls(tuple(data["keep"]), bool(data["stop"]), float(data["escape"]), float(data["best"]), told)


@dataclass(frozen=True, slots=True)
class GeneralaChoice:
    """One choice of a Generala hint: the action (its JSON), the final score expected after it, and with other
    players the chance of winning after it."""

    action: JSON
    expected: float
    chance: float | None = None


@dataclass(frozen=True, slots=True)
class GeneralaHint:
    """The best choices now, best first."""

    choices: tuple[GeneralaChoice, ...]

    def to_json(self) -> JSON:
        return [{"action": c.action, "expected": c.expected, "chance": c.chance} for c in self.choices]

    @classmethod
    def from_json(cls, data: JSON) -> GeneralaHint:
        return cls(tuple(GeneralaChoice(c["action"], float(c["expected"]), _chance(c.get("chance"))) for c in data))


def _chance(value: JSON) -> float | None:
    return None if value is None else float(value)


@dataclass(frozen=True, slots=True)
class GeneralaMistake:
    """A decision of a finished Generala game that lost expected points (alone) or chances of winning: where,
    what was played, what was best, the points and (with other players) the chance of winning it cost."""

    round: int
    throw: int
    dice: tuple[int, ...]
    played: JSON
    best: JSON
    loss: float
    cost: float | None = None


@dataclass(frozen=True, slots=True)
class GeneralaPar:
    """Generala: the final score the optimal player averages alone under the game's rules (156.2 by default)."""

    expected: float

    def to_json(self) -> JSON:
        return {"expected": self.expected}

    @classmethod
    def from_json(cls, data: JSON) -> GeneralaPar:
        return cls(float(data["expected"]))


@dataclass(frozen=True, slots=True)
class GeneralaReport:
    """The mistakes of each person's seat in a finished game and, with other players, how many of their decisions
    cost no chance of winning, under 1 point in a hundred, 1 to 5 and more than 5 (``costs``)."""

    mistakes: Mapping[int, tuple[GeneralaMistake, ...]]
    costs: Mapping[int, tuple[int, int, int, int]] = field(default_factory=dict)

    def to_json(self) -> JSON:
        return {
            "mistakes": {
                str(seat): [
                    {"round": m.round, "throw": m.throw, "dice": list(m.dice), "played": m.played, "best": m.best}
                    | {"loss": m.loss, "cost": m.cost}
                    for m in found
                ]
                for seat, found in self.mistakes.items()
            },
            "costs": {str(seat): list(counts) for seat, counts in self.costs.items()},
        }

    @classmethod
    def from_json(cls, data: JSON) -> GeneralaReport:
        mistakes = {
            int(seat): tuple(
                GeneralaMistake(
                    m["round"], m["throw"], tuple(m["dice"]), m["played"], m["best"], float(m["loss"]), _chance(m.get("cost"))
                )
                for m in found
            )
            for seat, found in data["mistakes"].items()
        }
        costs = {int(seat): (int(a), int(b), int(c), int(d)) for seat, (a, b, c, d) in data.get("costs", {}).items()}
        return cls(mistakes, costs)


@dataclass(frozen=True, slots=True)
class ChineseCheckersHint:
    """The move the strongest level would play: the path of its piece."""

    path: tuple[int, ...]

    def to_json(self) -> JSON:
        return list(self.path)

    @classmethod
    def from_json(cls, data: JSON) -> ChineseCheckersHint:
        return cls(tuple(int(h) for h in data))
