"""Where a game sits on a device: a :class:`Slot`.

A device holds one game of each kind in its game's own slot (the game id), and any number of games by link, each in
one of its own (the game id and the game by link's id: ``<game>/<code>``). The text form names the slot in storage
keys (``match:<game>``, ``match:<game>/<code>``) and in the routes.

>>> Slot.parse("some-game/k3j9x2ab")
Slot(game='some-game', code='k3j9x2ab')
>>> str(Slot("some-game")), str(Slot("some-game", "k3j9x2ab")), Slot.parse("some-game").by_link
('some-game', 'some-game/k3j9x2ab', False)
"""

from __future__ import annotations

from etoile.engine.lazy import lazy_dataclass


@lazy_dataclass(order=True)
class Slot:
    """The slot of a game: its ``game`` id, and for a game by link its ``code`` (the id drawn when it was set up,
    the same on every device)."""

    game: str
    code: str | None = None

    @classmethod
    def parse(cls, text: str) -> Slot:
        """The slot a text names (``"<game>"``, ``"<game>/<code>"``); what follows a second ``/`` stays in the code,
        for the caller to refuse."""
        game, sep, code = text.partition("/")
        return cls(game, code if sep else None)

    @property
    def by_link(self) -> bool:
        """Whether this is a game by link's slot, not its game's own."""
        return self.code is not None

    def __str__(self) -> str:
        return self.game if self.code is None else f"{self.game}/{self.code}"
