"""What every coach shares: the explicit "pending" of a question asked and not yet answered.

Each game's coach answers with a value of its own type (in the game's package, e.g. its ``coach`` module), with JSON
in and out: the computer players' worker answers a coach's question with the JSON of one of these values
(:func:`etoile.engine.computer.advise`); the table turns it back into the value with ``from_json`` and draws it. A
table that has asked and not yet been answered holds :data:`PENDING`.

>>> PENDING
PENDING
"""

from __future__ import annotations

from etoile.engine.lazy import lazy_dataclass


@lazy_dataclass
class Pending:
    """The coach has been asked and has not answered yet."""

    def __repr__(self) -> str:
        return "PENDING"


PENDING = Pending()
