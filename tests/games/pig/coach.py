"""What pig's coach says: hold or roll, as a value with JSON in and out."""

from __future__ import annotations

from dataclasses import dataclass

from etoile.engine.game import JSON


@dataclass(frozen=True, slots=True)
class PigHint:
    """Whether the expert would hold now."""

    hold: bool

    def to_json(self) -> JSON:
        return {"hold": self.hold}

    @classmethod
    def from_json(cls, data: JSON) -> PigHint:
        return cls(bool(data["hold"]))
