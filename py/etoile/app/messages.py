"""The messages: what happened, one frozen type per kind of event, as :func:`etoile.app.update.update` receives it.

A control's event is read into one of these once, where it arrives (:mod:`etoile.ui.runtime.events`), and checked
there: the updates receive typed values and never read text. The runtime makes the others itself (a computer's
move, a coach's answer, what an import found).

The messages of a game's screen name the game they are about (``game``, a control's ``data-game``; ``None``: the
game shown), or, when the runtime makes them, its ``slot``. What only one table understands is that table's own
message type (declared in its module), carried to it in an :class:`AtTable`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import Any

from etoile.engine.lazy import lazy_dataclass
from etoile.engine.match import Match
from etoile.engine.slot import Slot
from etoile.saved.history import Entry
from etoile.saved.settings import Settings

# --- the whole app ---------------------------------------------------------------------------------


@lazy_dataclass
class RouteChanged:
    """The page's address changed to ``hash``, on the device's calendar day ``today`` (``YYYY-MM-DD``)."""

    hash: str
    today: str = ""


@lazy_dataclass
class Resume:
    """The page opened (or came back): let a computer whose turn it was play on."""


@lazy_dataclass
class SetLanguage:
    language: str


@lazy_dataclass
class SetName:
    name: str


@lazy_dataclass
class SetRelay:
    """The server that helps live tables connect across networks, as typed (empty: none)."""

    relay: str


@lazy_dataclass
class SetSound:
    on: bool


@lazy_dataclass
class SetVolume:
    """The sounds' volume, in percent (:data:`~etoile.saved.settings.VOLUMES`)."""

    volume: int


@lazy_dataclass
class SetVibrate:
    on: bool


@lazy_dataclass
class LearnTip:
    """A first game's pointer dismissed ("Got it"): its key, never shown again."""

    key: str


@lazy_dataclass
class ShowTips:
    """ "Show me how to play": the pointers of ``game``'s first games, shown again."""

    game: str | None = None


@lazy_dataclass
class SetCoach:
    on: bool


@lazy_dataclass
class SetSpeed:
    speed: str


@lazy_dataclass
class SetTheme:
    theme: str


@lazy_dataclass
class SkipToMain:
    """The "skip to the content" link."""


@lazy_dataclass
class ResetAsk:
    """ "Delete all data": open its dialog."""


@lazy_dataclass
class ResetConfirm:
    """The reset dialog confirmed."""


@lazy_dataclass
class DialogCancel:
    """The dialog open is cancelled (its button, or Escape)."""


@lazy_dataclass
class ReplaceConfirm:
    """The ``"replace"`` dialog confirmed: its message runs."""


@lazy_dataclass
class Export:
    """ "Export all data"."""


@lazy_dataclass
class ImportFile:
    """An all-data export chosen to import (its ``text``); ``confirmed`` once the player said it may replace games
    in progress."""

    text: str
    confirmed: bool = False


@lazy_dataclass
class ImportRead:
    """An all-data export that validates, not written yet (its ``text``), and the games it would put in their
    slots (by slot), to ask first if one of them replaces a game in progress."""

    text: str
    matches: Mapping[Slot, Match] = field(default_factory=dict)


@lazy_dataclass
class Imported:
    """How many records an all-data import wrote, and what storage now holds."""

    count: int
    settings: Settings
    matches: Mapping[Slot, Match]
    rivals: Mapping[Slot, Match] = field(default_factory=dict)
    history: tuple[Entry, ...] = ()


@lazy_dataclass
class ImportRefusal:
    """Why a file was not imported (``import.why.<reason>``), and where."""

    reason: str
    record: str = ""
    detail: str = ""


@lazy_dataclass
class DownloadAside:
    """Download the value set aside under the storage ``key``."""

    key: str


@lazy_dataclass
class DiscardAsk:
    """Discarding the value set aside under the storage ``key``: open its dialog."""

    key: str


@lazy_dataclass
class DiscardConfirm:
    """The discard dialog confirmed."""


@lazy_dataclass
class AsideGone:
    """The value set aside under ``key`` was gone when it was to be downloaded."""

    key: str


@lazy_dataclass
class Dismiss:
    """A notice closed, by its id."""

    notice: int


@lazy_dataclass
class ByLinkRemove:
    """A game by link that is over taken off this device, by its slot."""

    slot: Slot


@lazy_dataclass
class OfflineReady:
    """The offline cache is complete."""


@lazy_dataclass
class Failed:
    """An unexpected error, and its ``details``."""

    details: str


@lazy_dataclass
class ComputerFailed:
    """The computer players' worker could not start or answer (``details``): nobody plays or advises for the
    computer until the page is reloaded; the page never works their moves out itself."""

    details: str


# --- the history and the statistics --------------------------------------------------------------


@lazy_dataclass
class Archived:
    """``entry`` was kept in the history."""

    entry: Entry


@lazy_dataclass
class HistoryGame:
    """The game the history lists (``""``: every game)."""

    game: str


@lazy_dataclass
class HistoryPlayer:
    """The player whose games the history lists (``""``: everyone)."""

    player: str


@lazy_dataclass
class HistoryMore:
    """Show more games of the history."""


@lazy_dataclass
class ForgetEntry:
    """Remove the game of the history with this id."""

    entry: str


@lazy_dataclass
class ForgetOldest:
    """Remove the oldest games of the history, to make room."""


@lazy_dataclass
class StatsPlayer:
    """The player the statistics show."""

    player: str


@lazy_dataclass
class HistoryContinue:
    """Continue a game of the history left unfinished (``confirmed``: the player said it may replace one)."""

    entry: str
    confirmed: bool = False


# --- the game screens: setup --------------------------------------------------------------------------


@lazy_dataclass
class SetupPlayers:
    count: int
    game: str | None = None


@lazy_dataclass
class SetupSeatKind:
    index: int
    kind: str
    game: str | None = None


@lazy_dataclass
class SetupSeatLevel:
    index: int
    level: str
    game: str | None = None


@lazy_dataclass
class SetupSeatName:
    index: int
    name: str
    game: str | None = None


@lazy_dataclass
class SetupOption:
    option: str
    value: str
    game: str | None = None


@lazy_dataclass
class SetupStart:
    """Start the game set up, with a fresh ``seed`` (it asks first before it replaces a game in progress); a live
    table's also with a fresh ``secret``, its host's chain's (64 hexadecimal digits)."""

    seed: int
    game: str | None = None
    secret: str = ""


@lazy_dataclass
class AbandonConfirm:
    """Start the game set up, in place of the one in progress (the ``"abandon"`` dialog confirmed)."""

    seed: int
    game: str | None = None


# --- the game screens: a table's shared tools ---------------------------------------------------------


@lazy_dataclass
class ReplayOpen:
    game: str | None = None


@lazy_dataclass
class ReplayStep:
    by: int
    game: str | None = None


@lazy_dataclass
class ReplayTo:
    """A click on a line of the game's log: the replay at the position after ``ply`` actions."""

    ply: int
    game: str | None = None


@lazy_dataclass
class ReplayPlay:
    """Play or pause the replay."""

    game: str | None = None


@lazy_dataclass
class ReplayTick:
    """The replay of the game in ``slot`` playing by itself takes its next step, if it is still at ``ply``."""

    slot: Slot
    ply: int


@lazy_dataclass
class ReplaySpeed:
    speed: float
    game: str | None = None


@lazy_dataclass
class ReplayExit:
    game: str | None = None


@lazy_dataclass
class ExportGame:
    game: str | None = None


@lazy_dataclass
class ShareGame:
    """Show the link to the game (to watch)."""

    game: str | None = None


@lazy_dataclass
class ShareCopy:
    """Copy the link to the game, to ``watch`` it or, for a game by link, to ``play`` the next turn; or a day's
    challenge's result, ``text`` (purpose ``daily``: its lines and the link, as the table wrote them)."""

    purpose: str
    game: str | None = None
    text: str = ""


@lazy_dataclass
class ShareSend:
    """Send the link to the game with the system's share sheet (or, purpose ``daily``, the result ``text``)."""

    purpose: str
    game: str | None = None
    text: str = ""


@lazy_dataclass
class ShareClose:
    game: str | None = None


@lazy_dataclass
class Copied:
    """Whether the link to the game in ``slot`` went to the clipboard."""

    slot: Slot
    ok: bool


@lazy_dataclass
class RivalKeep:
    """Keep the game on this device rather than the link's that parts from it."""

    game: str | None = None


@lazy_dataclass
class RivalTake:
    """Take the link's game rather than the one on this device."""

    game: str | None = None


@lazy_dataclass
class ImportGame:
    """A file (its ``text``) chosen to import as the game of its table (``confirmed``: it may replace the game in
    progress)."""

    text: str
    game: str | None = None
    confirmed: bool = False


@lazy_dataclass
class Rematch:
    seed: int
    game: str | None = None


@lazy_dataclass
class Play:
    """Play ``action`` (its JSON) in the game."""

    action: Any
    game: str | None = None


@lazy_dataclass
class ComputerSkip:
    """Skip the computer's turn to its end."""

    game: str | None = None


@lazy_dataclass
class ComputerMove:
    """The computer's action (its JSON) in the game in ``slot``, for the position after ``ply`` actions."""

    slot: Slot
    ply: int
    action: Any


@lazy_dataclass
class Undo:
    game: str | None = None


@lazy_dataclass
class Redo:
    game: str | None = None


@lazy_dataclass
class CoachAnswer:
    """The coach's answer (JSON of :mod:`etoile.engine.coach`) to ``request`` at ``ply``, about the game in ``slot``:
    it goes to that game's table."""

    slot: Slot
    ply: int
    request: str
    result: Any


@lazy_dataclass
class AtTable:
    """A message only the table of ``game`` understands: ``msg``, of the type its module declares."""

    game: str
    msg: object


# --- a live table across devices (:mod:`etoile.app.live`) ----------------------------------------------------------


@lazy_dataclass
class Invited:
    """The host's offer to the guest who will be ``device`` of ``table`` is made: ``text``, its handshake."""

    table: str
    device: int
    text: str


@lazy_dataclass
class Answered:
    """This guest's answer to invitation ``invitation`` of ``table`` is made: ``text``, its handshake."""

    table: str
    invitation: int
    text: str


@lazy_dataclass
class PeerOpened:
    """The channel to ``device`` of ``table`` is open."""

    table: str
    device: int


@lazy_dataclass
class PeerSaid:
    """``device`` of ``table`` sent ``text`` (a message of :mod:`etoile.sharing.live`, unchecked)."""

    table: str
    device: int
    text: str


@lazy_dataclass
class PeerClosed:
    """The channel to ``device`` of ``table`` closed."""

    table: str
    device: int


@lazy_dataclass
class PeerFailed:
    """The connection to ``device`` of ``table`` could not be made, for ``reason`` (``timeout``, ``no_address``,
    ``unknown``), ``detail`` saying more."""

    table: str
    device: int
    reason: str
    detail: str = ""


@lazy_dataclass
class LiveAnswer:
    """An answer's text pasted or scanned by the host, or handed over by another tab; ``text`` may be the whole
    answer link."""

    text: str


@lazy_dataclass
class LiveJoin:
    """The guest joins the table it was invited to, under the player's name, committed to a chain made of ``secret``."""

    secret: str


@lazy_dataclass
class LiveCopy:
    """Copy a live table's invitation or answer link, ``text``."""

    text: str


@lazy_dataclass
class LiveStart:
    """The host starts the live game of ``game`` (its guests are seated)."""

    game: str | None = None


@lazy_dataclass
class LiveThrowLate:
    """The time for the devices' links of throw ``n`` at ``table`` is up."""

    table: str
    n: int


@lazy_dataclass
class LiveAway:
    """Seat ``seat`` of ``table`` has had no device for a while (:data:`etoile.app.live.AWAY_WAIT`)."""

    table: str
    seat: int


@lazy_dataclass
class LiveTakeOver:
    """The host lets the computer play ``seat``, whose device is away, until it comes back."""

    seat: int
    game: str | None = None


@lazy_dataclass
class LiveEnd:
    """The host ends the live game of ``game`` for every device."""

    game: str | None = None


@lazy_dataclass
class LiveGoOn:
    """The game of a live table whose host is gone goes on from this device, as a new table named from ``seed``,
    its chain made of ``secret``."""

    seed: int
    secret: str
    game: str | None = None


@lazy_dataclass
class LiveScan:
    """The host reads the guest's answer with this device's camera (``on``), or stops (``on`` false)."""

    on: bool
    game: str | None = None


@lazy_dataclass
class LiveScanned:
    """The camera read a QR code, ``text``, for ``table``'s answer; or could not read (``failed``: ``denied``,
    ``no_camera``)."""

    table: str
    text: str = ""
    failed: str | None = None


Live = (
    Invited | Answered | PeerOpened | PeerSaid | PeerClosed | PeerFailed | LiveAnswer | LiveJoin | LiveCopy
    | LiveStart | LiveThrowLate | LiveAway | LiveTakeOver | LiveEnd | LiveGoOn | LiveScan | LiveScanned
)  # fmt: skip
"""The messages of a live table (:mod:`etoile.app.live`)."""


Setup = SetupPlayers | SetupSeatKind | SetupSeatLevel | SetupSeatName | SetupOption | SetupStart | AbandonConfirm
"""The setup form's messages."""

Replaying = ReplayOpen | ReplayStep | ReplayTo | ReplayPlay | ReplayTick | ReplaySpeed | ReplayExit
"""The replay's messages."""

Sharing = ShareGame | ShareCopy | ShareSend | ShareClose | Copied
"""The messages of a table's "Share a link", which a past game's screen has too."""

GameMsg = (
    Setup | Replaying | Sharing | ExportGame | RivalKeep | RivalTake | ImportGame | Rematch | Play | ComputerSkip
    | ComputerMove | Undo | Redo | CoachAnswer | AtTable
)  # fmt: skip
"""The messages of a game's screen (:mod:`etoile.app.play`)."""

Past = Archived | HistoryGame | HistoryPlayer | HistoryMore | ForgetEntry | ForgetOldest | StatsPlayer
"""The messages of the history and the statistics."""

Importing = ImportFile | ImportRead | Imported | ImportRefusal
"""The messages of an all-data import."""

Setting = (
    SetLanguage | SetName | SetSound | SetVolume | SetVibrate | SetCoach | SetSpeed | SetTheme | LearnTip | ShowTips
    | SetRelay
)  # fmt: skip
"""The messages that change the player's settings."""

AppMsg = (
    RouteChanged | Resume | Setting | SkipToMain | ResetAsk | ResetConfirm | DialogCancel | ReplaceConfirm | Export
    | DownloadAside | DiscardAsk | DiscardConfirm | AsideGone | Dismiss | ByLinkRemove | OfflineReady | Failed
    | ComputerFailed | HistoryContinue
)  # fmt: skip
"""The messages about the whole app."""

Msg = AppMsg | Past | Importing | GameMsg | Live
"""Every message :func:`etoile.app.update.update` takes."""

Confirmable = ImportFile | ImportGame | HistoryContinue
"""The messages the ``"replace"`` dialog asks about first; they run again ``confirmed``."""


def whole_number(text: str | None) -> int | None:
    """``text`` read as a whole number, or ``None`` if it is not one (how controls' numbers are checked).

    >>> whole_number("12"), whole_number("-1"), whole_number("1.5"), whole_number(""), whole_number(None)
    (12, -1, None, None, None)
    """
    if text is None or not text.removeprefix("-").isdigit() or not text.isascii():
        return None
    return int(text)
