"""What the Generala coach says, as values with JSON in and out (the worker answers with their JSON, the table reads
it back): the best choices now, the optimal player's average, a finished game's mistakes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field

from etoile.engine.game import JSON
from etoile.engine.lazy import lazy_dataclass


@lazy_dataclass
class GeneralaChoice:
    """One choice of a Generala hint: the action (its JSON), the final score expected after it, and with other
    players the chance of winning after it."""

    action: JSON
    expected: float
    chance: float | None = None


@lazy_dataclass
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


@lazy_dataclass
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


@lazy_dataclass
class GeneralaPar:
    """Generala: the final score the optimal player averages alone under the game's rules (156.2 by default) and,
    at a day's challenge, the score it makes on the same duplicate dice (``perfect``)."""

    expected: float
    perfect: int | None = None

    def to_json(self) -> JSON:
        return {"expected": self.expected, **({"perfect": self.perfect} if self.perfect is not None else {})}

    @classmethod
    def from_json(cls, data: JSON) -> GeneralaPar:
        perfect = data.get("perfect")
        return cls(float(data["expected"]), perfect if type(perfect) is int else None)


@lazy_dataclass
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
