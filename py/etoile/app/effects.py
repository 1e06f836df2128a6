"""The effects: what :func:`etoile.app.update.update` asks the runtime to do, one type per kind of thing.

An update never touches the page or storage itself: it returns these values, and the runtime
(:mod:`etoile.ui.runtime.effects`) carries each out by its type. The ``Focus*`` effects run once the page is drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from etoile.engine.lazy import lazy_dataclass
from etoile.engine.match import Match
from etoile.engine.slot import Slot

if TYPE_CHECKING:
    from etoile.app.messages import LiveAway, LiveThrowLate, ReplayTick
    from etoile.sharing.fair_dice import Table


@lazy_dataclass
class SaveSettings:
    """Write the settings the model holds."""


@lazy_dataclass
class SaveMatch:
    """Write the game in ``slot`` as the model holds it (or forget it, if the model holds none there)."""

    slot: Slot


@lazy_dataclass
class SaveRival:
    """Write the rival of the game in ``slot`` (or forget it, if the model holds none)."""

    slot: Slot


@lazy_dataclass
class SaveDraft:
    """Write the table's unfinished choice for the game in ``slot`` (the dice set aside since the last throw)."""

    slot: Slot


@lazy_dataclass
class Navigate:
    """Go to the page address ``hash``; with ``replace``, the model is there already: only the address changes."""

    hash: str
    replace: bool = False


@lazy_dataclass
class Think:
    """Ask the computer (at ``level``) for its move in the game in ``slot``, at the position after ``ply`` actions."""

    slot: Slot
    ply: int
    level: str


@lazy_dataclass
class Advise:
    """Ask the coach ``request`` about the position after ``ply`` actions of the game in ``slot`` (a table leaves
    ``slot`` empty: it knows only its game, and :func:`etoile.app.play.in_slot` names the slot)."""

    ply: int
    request: str
    slot: Slot | None = None


@lazy_dataclass
class PrepareAi:
    """Start the computer players' worker, ready for questions about the game in ``slot``."""

    slot: Slot


@lazy_dataclass
class ResetStorage:
    """Delete everything Étoile keeps on this device."""


@lazy_dataclass
class ExportAll:
    """Offer all the data as a file."""


@lazy_dataclass
class ExportGame:
    """Offer the game in ``slot`` as a file."""

    slot: Slot


@lazy_dataclass
class ImportAll:
    """Read an all-data export (``text``); with ``write``, import it."""

    text: str
    write: bool


@lazy_dataclass
class Archive:
    """Keep ``match`` in the history (with its ``fair`` dice, if it was played live)."""

    match: Match
    fair: Table | None = None


@lazy_dataclass
class DeleteEntry:
    """Forget the game of the history with this ``id``."""

    id: str


@lazy_dataclass
class ResaveHistory:
    """Save the games of the history the page kept while storage was full (as many as fit)."""


@lazy_dataclass
class Copy:
    """Put ``text`` (the link to the game in ``slot``) on the clipboard, and say whether it went there."""

    slot: Slot
    text: str


@lazy_dataclass
class Send:
    """Open the system's share sheet with ``url``, or with ``text`` (which holds its link) when there is one."""

    url: str
    text: str = ""


@lazy_dataclass
class Later:
    """Run ``msg`` after ``seconds`` (a replay's next step, a throw's time for the devices' links, a seat's time
    without its device)."""

    seconds: float
    msg: ReplayTick | LiveThrowLate | LiveAway


@lazy_dataclass
class OfferAside:
    """Offer the value set aside under the storage ``key`` as a file."""

    key: str


@lazy_dataclass
class DiscardAside:
    """Discard the value set aside under the storage ``key``."""

    key: str


@lazy_dataclass
class Sound:
    """Play the sound ``name`` (if the player has sound on); ``count`` says how many things make it (the tokens
    dropped on a pile)."""

    name: str
    count: int = 1


@lazy_dataclass
class Focus:
    """Once drawn, move the focus to the element ``selector`` finds."""

    selector: str


@lazy_dataclass
class FocusHeading:
    """Once drawn, move the focus to the screen's heading (so its name is read out)."""


@lazy_dataclass
class FocusNext:
    """Once drawn, move the focus to the control a player most likely wants next."""


@lazy_dataclass
class FocusDialog:
    """Once drawn, move the focus into the dialog just opened."""


@lazy_dataclass
class SaveLive:
    """Write what this device keeps of the live table in ``slot`` (:class:`etoile.sharing.live.Kept`)."""

    slot: Slot


@lazy_dataclass
class Invite:
    """Make the host's offer to the guest who will be ``device`` of ``table`` (:class:`~etoile.app.messages.Invited`)."""

    table: str
    device: int


@lazy_dataclass
class Accept:
    """Read a guest's answer (a handshake's ``text``) into the connection of its invitation."""

    text: str


@lazy_dataclass
class AnswerInvitation:
    """Make this guest's answer to the invitation ``text`` (:class:`~etoile.app.messages.Answered`), then connect."""

    text: str


@lazy_dataclass
class Transmit:
    """Send ``text`` to ``device`` of ``table``; with ``close``, disconnect it after."""

    table: str
    device: int
    text: str
    close: bool = False


@lazy_dataclass
class HandOff:
    """Hand a guest's answer (its handshake ``text``), opened in this tab, to the tab that holds the table."""

    text: str


@lazy_dataclass
class Scan:
    """Read QR codes with the camera into ``#live-scanner`` (the host's, reading a guest's answer for ``table``),
    until one is read (:class:`~etoile.app.messages.LiveScanned`) or :class:`StopScan`."""

    table: str


@lazy_dataclass
class StopScan:
    """Stop reading QR codes, and let the camera go."""


Effect = (
    SaveSettings | SaveMatch | SaveRival | SaveDraft | Navigate | Think | Advise | PrepareAi | ResetStorage | ExportAll
    | ExportGame | ImportAll | Archive | DeleteEntry | ResaveHistory | Copy | Send | Later | OfferAside | DiscardAside
    | Sound | Focus | FocusHeading | FocusNext | FocusDialog | Invite | Accept | AnswerInvitation | Transmit
    | HandOff | SaveLive | Scan | StopScan
)  # fmt: skip
"""Everything the runtime knows how to do."""

AFTER_DRAWING = (Focus, FocusHeading, FocusNext, FocusDialog)
"""The effects that run once the page is drawn."""
