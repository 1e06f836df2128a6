"""What the 421 coach says, as a value with JSON in and out (the worker answers with its JSON, the table reads it back).

>>> Four21Advice.from_json(Four21Advice((0, 2), False, 0.75, 0.25).to_json())
Four21Advice(keep=(0, 2), stop=False, escape=0.75, best=0.25, choices=())
"""

from __future__ import annotations

from etoile.engine.game import JSON
from etoile.engine.lazy import lazy_dataclass


@lazy_dataclass
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
