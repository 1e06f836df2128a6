"""What pig's coach says: hold or roll, as a value with JSON in and out."""

from __future__ import annotations

from etoile.engine.game import JSON
from etoile.engine.lazy import lazy_dataclass


@lazy_dataclass
class PigHint:
    """Whether the expert would hold now."""

    hold: bool

    def to_json(self) -> JSON:
        return {"hold": self.hold}

    @classmethod
    def from_json(cls, data: JSON) -> PigHint:
        return cls(bool(data["hold"]))
