"""What the Chinese checkers coach says, as a value with JSON in and out.

>>> ChineseCheckersHint.from_json([3, 14]).path
(3, 14)
"""

from __future__ import annotations

from etoile.engine.game import JSON
from etoile.engine.lazy import lazy_dataclass


@lazy_dataclass
class ChineseCheckersHint:
    """The move the strongest level would play: the path of its piece."""

    path: tuple[int, ...]

    def to_json(self) -> JSON:
        return list(self.path)

    @classmethod
    def from_json(cls, data: JSON) -> ChineseCheckersHint:
        return cls(tuple(int(h) for h in data))
