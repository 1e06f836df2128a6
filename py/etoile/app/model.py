"""The app's data: the :class:`Model` (what changes it: :mod:`etoile.app.messages`; what it asks for:
:mod:`etoile.app.effects`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field, replace
from typing import TYPE_CHECKING, Any

from etoile.app.messages import Confirmable
from etoile.app.routes import HOME, Route
from etoile.app.setup import Setup
from etoile.engine.lazy import lazy_dataclass
from etoile.engine.match import Match
from etoile.engine.slot import Slot
from etoile.saved.history import Entry
from etoile.saved.settings import Settings

if TYPE_CHECKING:  # a live table's modules are loaded with the first one (hashlib and all)
    from etoile.sharing.fair_dice import Table, Verdict
    from etoile.sharing.live import GuestTable, HostTable


@lazy_dataclass
class Replacing:
    """What the ``"replace"`` dialog asks about: ``games``, the games in progress that ``then`` (the message run
    once the player confirms) puts other games in place of (each goes to the history, where it can be continued);
    ``opener``, the control the focus goes back to if the player keeps them."""

    games: tuple[Match, ...]
    then: Confirmable
    opener: str


@lazy_dataclass
class Notice:
    """A message for the player. ``key`` is a locale key, ``params`` fill it in.

    ``terms`` are parameters that are locale keys themselves: they are
    translated in order, each seeing the ones before (so ``{"game":
    "game.<id>.name", "record": "record.match"}`` reads "your <game> game").

    ``details`` is technical text shown folded away; ``aside_key`` offers
    download and discard buttons for a value that was set aside.

    A notice says what came of an action on its screen (a link copied, a game
    imported, a link's game taken, a file refused), and goes when the player
    goes to another screen; or it is :attr:`lasting`, and stays until
    dismissed: one about the saved data (``storage.*``: a value set aside,
    storage or the history full), or an unexpected error.
    """

    id: int
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    terms: dict[str, str] = field(default_factory=dict)
    level: str = "info"
    details: str = ""
    aside_key: str | None = None
    count: int = 1
    """How many times this very notice was given while shown: a repeat is counted, not stacked."""

    @property
    def lasting(self) -> bool:
        """Whether this notice stays on every screen until dismissed (see the class's text)."""
        return self.level == "error" or self.key.startswith("storage.")

    def same(self, other: Notice) -> bool:
        """Whether ``other`` says the same thing (all but its id and count)."""
        return (self.key, self.params, self.terms, self.level, self.details, self.aside_key) == (
            other.key, other.params, other.terms, other.level, other.details, other.aside_key
        )  # fmt: skip


HISTORY_PAGE = 50
"""The games the history screen shows at first, and how many more each "more" shows."""

REPLAY_SPEEDS = (2.0, 1.0, 0.5)
"""Seconds per action in a replay that plays by itself: slow, normal, fast."""


@lazy_dataclass
class Replay:
    """A game watched again from its start: the position after ``ply`` actions; ``playing`` steps on every ``speed`` s."""

    ply: int = 0
    playing: bool = False
    speed: float = REPLAY_SPEEDS[1]


@lazy_dataclass
class Watch:
    """What a link (``link``, its text) opened: a game watched as a replay, never saved, never the player's own; or,
    when it opens none, why (``refused``, one of :data:`etoile.sharing.link.REASONS`, and the ``detail``)."""

    link: str
    match: Match | None = None
    replay: Replay = Replay()
    refused: str | None = None
    detail: str = ""
    fair: Table | None = None
    """The fair dice of a game played live across devices, and what they say of its throws (``dice``)."""
    dice: Verdict | None = None


@lazy_dataclass
class Live:
    """A live table on this device (:mod:`etoile.app.live`): held here (``host``) or joined (``guest``).

    The host keeps its open invitations by the device number each is for (their handshake texts, shown as a QR
    code and a link) and the devices whose channel is open (``connected``)."""

    host: HostTable | None = None
    guest: GuestTable | None = None
    invitations: Mapping[int, str] = field(default_factory=dict)
    connected: frozenset[int] = frozenset()
    failed: str | None = None
    """Why the last connection could not be made (a :class:`~etoile.app.messages.PeerFailed` reason), until the next."""
    scanning: bool = False
    """At the host's, whether the camera is reading the guest's answer."""
    overdue: frozenset[int] = frozenset()
    """At the host's, the guests' seats whose device has been away for a while: the computer may play them, or the
    game may end."""

    @property
    def held(self) -> HostTable | GuestTable:
        """The table, as this device holds it or joined it."""
        held = self.host or self.guest
        if held is None:
            raise ValueError("a live table is held or joined")
        return held

    @property
    def can_go_on(self) -> bool:
        """Whether the game of a table joined here can go on from this device: its host is gone, it is not over."""
        guest = self.guest
        return guest is not None and 0 not in self.connected and guest.started and guest.match.result is None

    @property
    def started(self) -> bool:
        """Whether the host started the game (till then the table waits, and takes no action)."""
        return self.held.started

    @property
    def table(self) -> str:
        return self.held.fair.id

    @property
    def fair(self) -> Table:
        """The table's fair dice, as far as this device knows them."""
        return self.held.fair

    @property
    def dice(self) -> Verdict:
        """What the table's record says of its throws so far."""
        return self.held.dice


@lazy_dataclass
class Joining:
    """An invitation to a live table opened on this device (``#/join/<offer>``): the guest's name and, once it
    joins, the secret its chain is made of, its answer (the handshake text to show the host), and how it went."""

    offer: str
    table: str
    invitation: int
    name: str = ""
    secret: str = ""
    answer: str | None = None
    failed: str | None = None
    connected: bool = False


@lazy_dataclass
class Model:
    route: Route = HOME
    settings: Settings = field(default_factory=Settings)
    browser_language: str = "en"
    matches: Mapping[Slot, Match] = field(default_factory=dict)
    """The games on this device, by slot: one per game, and each game by link."""
    rivals: Mapping[Slot, Match] = field(default_factory=dict)
    """Games by link that came in a link parting from the game in their slot, by slot: kept until the player
    chooses which of the two goes on."""
    setups: Mapping[str, Setup] = field(default_factory=dict)
    tables: Mapping[Slot, Any] = field(default_factory=dict)
    """Each table's own view state (:meth:`etoile.app.table.TableLogic.start`), by slot."""
    replays: Mapping[Slot, Replay] = field(default_factory=dict)
    """The games being watched again, by slot (the table shows that position and takes no action meanwhile)."""
    notices: tuple[Notice, ...] = ()
    dialog: str | None = None
    """The confirmation dialog open: ``"reset"`` (delete all data), ``"discard"`` (one value set aside),
    ``"abandon"`` (a new game in place of the one in progress) or ``"replace"`` (an import, or a game of the history
    continued, in place of games in progress: :attr:`replacing`)."""
    replacing: Replacing | None = None
    """What the ``"replace"`` dialog is about, while it is open."""
    discarding: str | None = None
    """The storage key of the value the ``"discard"`` dialog is about."""
    offline_ready: bool = False
    next_notice: int = 1
    watching: Watch | None = None
    """The game the last link opened, while its screen is shown."""
    sharing: Slot | None = None
    """The slot of the game whose link is shown, to be copied or sent."""
    address: str = ""
    """The page's address without its hash, which links to a game start with."""
    can_send: bool = False
    can_scan: bool = False
    """Whether the browser reads QR codes with the camera (``BarcodeDetector``), for a live table's answers."""
    """Whether the browser has a share sheet (``navigator.share``) to send a link with."""
    can_vibrate: bool = False
    """Whether the browser can make the device vibrate (``navigator.vibrate``): the settings offer it then."""
    history: tuple[Entry, ...] = ()
    """The games kept in the history, the last ended first (:mod:`etoile.saved.history`)."""
    history_full: bool = False
    """Whether a game could not be kept in storage for want of room (it is kept on the page until it closes)."""
    history_shown: int = HISTORY_PAGE
    """How many of the games the history screen lists it shows (:data:`HISTORY_PAGE` more at each "more")."""
    history_game: str = ""
    """The game the history screen lists (``""``: every game)."""
    history_player: str = ""
    """The player whose games the history screen lists (``""``: everyone), by name as the statistics know them."""
    stats_player: str | None = None
    """The player the statistics screen shows (``None``: the player named in the settings, else the one who played most)."""
    live: Mapping[Slot, Live] = field(default_factory=dict)
    """The live tables on this device, by slot (a game's slot by its table's id)."""
    joining: Joining | None = None
    """The invitation being answered, while its screen is shown."""
    today: str = ""
    """The device's calendar day (``YYYY-MM-DD``) when the page opened or last changed screen: the day whose
    challenge ``#/daily`` opens (:mod:`etoile.engine.daily`)."""
    hurry: frozenset[Slot] = frozenset()
    """The games whose computer turn the player asked to skip to its end: their computer moves come without a
    pause, until a person is to move."""

    @property
    def language(self) -> str:
        return self.settings.language or self.browser_language

    @property
    def animation_speed(self) -> str:
        """The pace the page animates at (one of :data:`~etoile.saved.settings.SPEEDS`): the player's, but
        ``"off"`` while a computer's turn is skipped to its end (its moves are not animated either).

        >>> Model().animation_speed, Model(hurry=frozenset({Slot("g")})).animation_speed
        ('normal', 'off')
        """
        return "off" if self.hurry else self.settings.speed

    @property
    def in_progress(self) -> tuple[Slot, ...]:
        """Games with a match that is not over in their own slot (the games by link are listed on their own)."""
        return tuple(slot for slot, match in self.matches.items() if match.result is None and not slot.by_link)

    def notify(self, key: str, level: str = "info", **fields: Any) -> Model:
        """The model with one more notice; one that says what a shown notice says counts as a repeat of it.

        >>> model = Model().notify("storage.full", "warning").notify("storage.full", "warning")
        >>> [(n.key, n.count) for n in model.notices]
        [('storage.full', 2)]
        """
        notice = Notice(self.next_notice, key, level=level, **fields)
        shown = next((n for n in self.notices if n.same(notice)), None)
        if shown is not None:
            repeated = replace(shown, count=shown.count + 1)
            return replace(self, notices=tuple(repeated if n is shown else n for n in self.notices))
        return replace(self, notices=(*self.notices, notice), next_notice=self.next_notice + 1)
