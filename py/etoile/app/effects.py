"""The effects: what :func:`etoile.app.update.update` asks the runtime to do, one type per kind of thing.

An update never touches the page or storage itself: it returns these values, and the runtime
(:mod:`etoile.ui.runtime.effects`) carries each out by its type. The ``Focus*`` effects run once the page is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from etoile.engine.match import Match
from etoile.engine.slot import Slot

if TYPE_CHECKING:
    from etoile.app.messages import ReplayTick


@dataclass(frozen=True, slots=True)
class SaveSettings:
    """Write the settings the model holds."""


@dataclass(frozen=True, slots=True)
class SaveMatch:
    """Write the game in ``slot`` as the model holds it (or forget it, if the model holds none there)."""

    slot: Slot


@dataclass(frozen=True, slots=True)
class SaveRival:
    """Write the rival of the game in ``slot`` (or forget it, if the model holds none)."""

    slot: Slot


@dataclass(frozen=True, slots=True)
class SaveDraft:
    """Write the table's unfinished choice for the game in ``slot`` (the dice set aside since the last throw)."""

    slot: Slot


@dataclass(frozen=True, slots=True)
class Navigate:
    """Go to the page address ``hash``; with ``replace``, the model is there already: only the address changes."""

    hash: str
    replace: bool = False


@dataclass(frozen=True, slots=True)
class Think:
    """Ask the computer (at ``level``) for its move in the game in ``slot``, at the position after ``ply`` actions."""

    slot: Slot
    ply: int
    level: str


@dataclass(frozen=True, slots=True)
class Advise:
    """Ask the coach ``request`` about the position after ``ply`` actions of the game in ``slot`` (a table leaves
    ``slot`` empty: it knows only its game, and :func:`etoile.app.play.in_slot` names the slot)."""

    ply: int
    request: str
    slot: Slot | None = None


@dataclass(frozen=True, slots=True)
class PrepareAi:
    """Start the computer players' worker, ready for questions about the game in ``slot``."""

    slot: Slot


@dataclass(frozen=True, slots=True)
class ResetStorage:
    """Delete everything Étoile keeps on this device."""


@dataclass(frozen=True, slots=True)
class ExportAll:
    """Offer all the data as a file."""


@dataclass(frozen=True, slots=True)
class ExportGame:
    """Offer the game in ``slot`` as a file."""

    slot: Slot


@dataclass(frozen=True, slots=True)
class ImportAll:
    """Read an all-data export (``text``); with ``write``, import it."""

    text: str
    write: bool


@dataclass(frozen=True, slots=True)
class Archive:
    """Keep ``match`` in the history."""

    match: Match


@dataclass(frozen=True, slots=True)
class DeleteEntry:
    """Forget the game of the history with this ``id``."""

    id: str


@dataclass(frozen=True, slots=True)
class ResaveHistory:
    """Save the games of the history the page kept while storage was full (as many as fit)."""


@dataclass(frozen=True, slots=True)
class Copy:
    """Put ``text`` (the link to the game in ``slot``) on the clipboard, and say whether it went there."""

    slot: Slot
    text: str


@dataclass(frozen=True, slots=True)
class Send:
    """Open the system's share sheet with ``url``."""

    url: str


@dataclass(frozen=True, slots=True)
class Later:
    """Run ``msg`` after ``seconds`` (a replay's next step)."""

    seconds: float
    msg: ReplayTick


@dataclass(frozen=True, slots=True)
class OfferAside:
    """Offer the value set aside under the storage ``key`` as a file."""

    key: str


@dataclass(frozen=True, slots=True)
class DiscardAside:
    """Discard the value set aside under the storage ``key``."""

    key: str


@dataclass(frozen=True, slots=True)
class Sound:
    """Play the sound ``name`` (if the player has sound on)."""

    name: str


@dataclass(frozen=True, slots=True)
class Focus:
    """Once drawn, move the focus to the element ``selector`` finds."""

    selector: str


@dataclass(frozen=True, slots=True)
class FocusHeading:
    """Once drawn, move the focus to the screen's heading (so its name is read out)."""


@dataclass(frozen=True, slots=True)
class FocusNext:
    """Once drawn, move the focus to the control a player most likely wants next."""


@dataclass(frozen=True, slots=True)
class FocusDialog:
    """Once drawn, move the focus into the dialog just opened."""


Effect = (
    SaveSettings | SaveMatch | SaveRival | SaveDraft | Navigate | Think | Advise | PrepareAi | ResetStorage | ExportAll
    | ExportGame | ImportAll | Archive | DeleteEntry | ResaveHistory | Copy | Send | Later | OfferAside | DiscardAside
    | Sound | Focus | FocusHeading | FocusNext | FocusDialog
)  # fmt: skip
"""Everything the runtime knows how to do."""

AFTER_DRAWING = (Focus, FocusHeading, FocusNext, FocusDialog)
"""The effects that run once the page is drawn."""
