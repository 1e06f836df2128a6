"""The :class:`Runtime`: the page's message loop, its drawing, its focus and its listeners, and :func:`start`.

It owns the only mutable things: the current model, the DOM and the store. A page event becomes a message
(:mod:`etoile.ui.runtime.events`); :func:`~etoile.app.update.update` returns the next model and effects; the
runtime runs the effects (:mod:`etoile.ui.runtime.effects`), patches the DOM from :func:`~etoile.ui.views.view`,
then moves the focus if asked. Any exception on the way is caught and shown as a friendly notice with the details
folded away: the page never shows a raw traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import traceback
from collections import deque
from collections.abc import Callable, Coroutine
from typing import Any

from js import document, window
from pyodide.ffi import JsException, create_proxy

from etoile.app import effects as fx
from etoile.app import messages as m
from etoile.app.messages import Msg
from etoile.app.model import Model
from etoile.app.routes import parse
from etoile.app.update import update, with_problems
from etoile.engine import lazy
from etoile.engine.match import Match
from etoile.engine.registry import specs
from etoile.engine.slot import Slot
from etoile.saved.history import newest_first
from etoile.saved.storage import MAX_IMPORT_CHARS, Store
from etoile.ui import dom, predrawn, views
from etoile.ui.dom import absent
from etoile.ui.i18n import pick_language
from etoile.ui.runtime import effects, events, sound
from etoile.ui.runtime.effects import local_day
from etoile.ui.runtime.storage import LocalStorage
from etoile.ui.runtime.worker import Worker, page_idle
from etoile.ui.table import TABLES
from etoile.ui.vdom import El

NEXT = "[data-next]:not([disabled])"
"""The controls a player most likely wants next (the throw, the first open box, the board, a rematch), in page order."""

MAX_FILE_BYTES = 4 * MAX_IMPORT_CHARS
"""The largest file read for an import (the longest text read, in the widest UTF-8): 16 MB."""


SETTLING_AT_MOST = 3.0
"""Seconds the table waits at most for thrown dice to land (twice the slowest pace's throw), whatever happens."""

LANDED_BUZZ_MS = 30
"""How long a device that vibrates does so when thrown dice have landed, in milliseconds."""

TURN_BUZZ_MS = 60
"""How long a device that vibrates does so when the table becomes a person's to play, in milliseconds."""


def fresh_seed() -> int:
    """64 random bits from the browser's cryptographic generator (seeds of new games)."""
    words = window.crypto.getRandomValues(window.Uint32Array.new(2))
    return (int(words[0]) << 32) | int(words[1])


class Runtime:
    def __init__(self, root: Any, store: Store, model: Model) -> None:
        self.root = root
        self.store = store
        self.model = model
        self.tree: El | None = None
        self.queue: deque[Msg] = deque()
        self.worker = Worker(self)
        self._peers: Any = None  # the live tables' connections, made with the first (see peers)
        self._proxies: list[Any] = []
        self.tasks: set[asyncio.Future[Any]] = set()  # keeps running tasks referenced until they end
        self.working: set[asyncio.Future[Any]] = set()  # the tasks that mark the page busy (see spawn)
        self.busy = False  # a message is being run or drawn: the next ones wait in the queue
        self.settling = 0  # how many throws' dice are still landing (see settle)
        self.making = False  # the lazy dataclasses are being made while the page is idle (see make_dataclasses)
        self.turn: tuple[Any, int | None] | None = None  # the table shown last and the person it was to (see feel_turn)
        self.shown: tuple[Any, bool] | None = None  # the screen drawn last: its route, and whether a game is under way

    # -- the loop ----------------------------------------------------------

    def dispatch(self, msg: Msg | None) -> None:
        """Run ``msg`` and every message its effects produce, then draw once (``None``, an event that made no
        message, is dropped).

        A message that comes while another is being run or drawn waits its turn: drawing can itself fire events
        (a field with a changed value that the patch takes out of the page reports its change as it goes), and
        those are run, and drawn, after the patch, never inside it.
        """
        if msg is None:
            return
        self.queue.append(msg)
        if self.busy:
            return
        self.busy = True
        active = document.activeElement
        had_focus = not absent(active) and active != document.body and self.root.contains(active)
        try:
            while self.queue:
                after_render: list[fx.Effect] = []
                while self.queue:
                    self.model, asked = update(self.model, self.queue.popleft())
                    for effect in asked:
                        if isinstance(effect, fx.AFTER_DRAWING):
                            after_render.append(effect)
                        else:
                            effects.run(self, effect)
                    self._drain_problems()
                self.render()
                for effect in after_render:
                    self.focus(effect)
                if had_focus and not after_render and self.focus_lost():
                    # What had the focus is gone (a throw button during the computer's turn, a box just filled):
                    # it goes on to the next sensible control, never back to the top of the page.
                    self.focus(fx.FocusNext())
        except Exception:  # noqa: BLE001 - the error boundary of the whole page
            self.fail(traceback.format_exc())
        finally:
            self.busy = False

    def fail(self, details: str) -> None:
        window.console.error(details)
        self.queue.clear()
        try:
            self.model, _ = update(self.model, m.Failed(details))
            self.render()
        except Exception:  # noqa: BLE001 - even drawing failed: say so in plain text
            show_fatal()

    def _drain_problems(self) -> None:
        if self.store.problems:
            problems, self.store.problems = self.store.problems, []
            self.model = with_problems(self.model, problems)

    def render(self) -> None:
        tree = views.view(self.model)
        if self.tree is None:
            self.root.replaceChildren()
        pace = sound.animation_pace(self.model.animation_speed)
        places = dom.places_of(self.root) if pace else {}  # measured only for a slide to come
        dom.patch(self.root, 0, self.tree, tree)
        self.tree = tree
        shown = (self.model.route, self.model.route.slot in self.model.matches)
        if self.shown is not None and shown != self.shown:
            window.scrollTo(0, 0)  # a new screen (a page, a table that opens) starts at its top, its status in view
        self.shown = shown
        html = document.documentElement
        settings = self.model.settings
        html.lang = self.model.language
        html.dataset.theme = settings.theme
        html.dataset.speed = self.model.animation_speed
        document.title = views.title(self.model)
        dom.fit_scrollers(self.root)
        dom.aim_flights(self.root)
        dom.glide(self.root, places, pace)
        self.feel_turn()
        moving = dom.moving(self.root)
        if moving:
            self.spawn(self.settle(moving))
        if not self.making and lazy.pending():
            self.making = True
            self.spawn(self.make_dataclasses(), quiet=True)

    async def make_dataclasses(self) -> None:
        """Make the dataclasses of the modules imported so far (a screen's, a game's) while the page is idle, one at
        a time, so that a player's first throw or move does not pay for them (:mod:`etoile.engine.lazy`)."""
        try:
            while found := lazy.pending():
                await page_idle()
                lazy.make(found[0])
        finally:
            self.making = False

    def feel_turn(self) -> None:
        """Vibrate a device that can when the table shown becomes a person's to play after it was someone else's
        (the computer's, a friend's by link, another person's on this device); never when a table opens."""
        model = self.model
        slot = model.route.slot if model.route.screen == "game" else None
        match = model.matches.get(slot) if slot is not None and slot not in model.replays else None
        turn = None if match is None else (slot, match.person_to_move)
        if turn is not None and turn[1] is not None and self.turn is not None and self.turn[0] == slot and self.turn != turn:
            sound.buzz(TURN_BUZZ_MS, model.settings)
        self.turn = turn

    async def settle(self, animations: list[Any]) -> None:
        """Mark the page ``html[data-settling]`` until ``animations`` (dice landing from a throw) have ended: the
        table takes no click meanwhile (the stylesheet says so), as no hand goes in the way of thrown dice. Dice
        that landed (not taken off the page meanwhile) are felt too, on a device that vibrates."""
        html = document.documentElement
        landed = [animation.finished for animation in animations]  # now: a cancelled one gets a new, idle promise
        self.settling += 1
        html.dataset.settling = "true"
        for promise in landed:
            with contextlib.suppress(JsException, TimeoutError):  # cancelled: its die changed or left the page
                await asyncio.wait_for(promise, SETTLING_AT_MOST)
        self.settling -= 1
        if not self.settling:
            html.removeAttribute("data-settling")
            if any(animation.playState == "finished" for animation in animations):
                sound.buzz(LANDED_BUZZ_MS, self.model.settings)

    def spawn(self, coroutine: Coroutine[Any, Any, None], *, quiet: bool = False) -> None:
        """Run ``coroutine`` as a task, referenced until it ends.

        While a task that is not ``quiet`` runs (a computer thinking, a coach, a replay's next step, a file being
        read), the page carries ``html[data-busy]``: a page without it has nothing more coming by itself.
        """
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        if not quiet:
            self.working.add(task)
            task.add_done_callback(self._done_working)
            document.documentElement.dataset.busy = "true"

    def _done_working(self, task: asyncio.Future[Any]) -> None:
        self.working.discard(task)
        if not self.working:
            document.documentElement.removeAttribute("data-busy")

    # -- the focus ---------------------------------------------------------

    def focus(self, effect: fx.Effect) -> None:
        """Move the focus as a ``Focus*`` effect asks, once the page is drawn."""
        match effect:
            case fx.FocusNext():
                element = next((e for e in document.querySelectorAll(NEXT) if e.getClientRects().length), None)
                element = element or document.querySelector("#main h1")
            case fx.FocusHeading():
                element = document.querySelector("#main h1")
            case fx.FocusDialog():
                element = document.querySelector(".dialog [autofocus]")
            case fx.Focus(selector):
                element = document.querySelector(selector)
            case _:
                return
        if element is not None and not absent(element):
            element.focus()

    def focus_lost(self) -> bool:
        """Whether the focus is nowhere (on the page itself): the control that had it has left the page or been
        disabled by the last change."""
        active = document.activeElement
        if absent(active) or active == document.body or not active.isConnected:
            return True
        return bool(active.matches(":disabled"))  # a disabled control keeps the focus in name only: no key reaches it

    # -- events ------------------------------------------------------------

    def on_handoff(self, event: Any) -> None:
        """An answer handed over by another tab: read into this tab's table, if it holds one."""
        if any(live.host is not None for live in self.model.live.values()):
            self.dispatch(m.LiveAnswer(str(event.data)))

    @property
    def peers(self) -> Any:
        """The data channels of the live tables, made on first need (their module loads with them)."""
        if self._peers is None:
            from etoile.ui.runtime.peers import Peers  # noqa: PLC0415 - a live table's modules load with the first one

            self._peers = Peers(self)
        return self._peers

    def listen(self, target: Any, event: str, handler: Callable[[Any], None], capture: bool = False) -> None:
        proxy = create_proxy(self.guarded(handler))
        self._proxies.append(proxy)
        target.addEventListener(event, proxy, capture)

    def bind(self) -> None:
        self.listen(self.root, "click", self.on_click)
        self.listen(self.root, "change", self.on_change)
        self.listen(document, "keydown", self.on_key)
        self.listen(self.root, "scroll", self.on_scroll, capture=True)  # scroll events do not bubble
        self.listen(window, "resize", lambda event: dom.fit_scrollers(self.root))
        self.listen(window, "hashchange", lambda event: self.dispatch(m.RouteChanged(str(window.location.hash), local_day())))
        if hasattr(window, "BroadcastChannel"):  # a guest's answer opened in another tab, handed to this one
            self.listen(window.BroadcastChannel.new("etoile-live"), "message", self.on_handoff)
        # A page closed, reloaded or left says so to the devices of its live tables at once (else they find out
        # when the connection times out, some thirty seconds later).
        self.listen(window, "pagehide", self.on_leave)

    def on_leave(self, event: Any) -> None:
        if self._peers is not None:
            self._peers.close_all()

    def guarded(self, handler: Callable[[Any], None]) -> Callable[[Any], None]:
        """Run an event handler inside the page's error boundary."""

        def run(event: Any) -> None:
            try:
                handler(event)
            except Exception:  # noqa: BLE001 - the error boundary of the whole page
                self.fail(traceback.format_exc())

        return run

    def read(self, msg: Msg | None, data: dict[str, str]) -> Msg | None:
        """``msg``, the message :mod:`~etoile.ui.runtime.events` read from a control with ``data``; an event that
        made none is logged to the console, never run."""
        if msg is None:
            window.console.warn(f"an event that makes no message was dropped: {data}")
        return msg

    def data(self, control: Any) -> dict[str, str]:
        return events.control_data(control, fresh_seed)

    def on_click(self, event: Any) -> None:
        control = event.target.closest("[data-action]")
        if absent(control) or control.tagName in ("INPUT", "SELECT", "TEXTAREA"):
            return
        event.preventDefault()
        if self.settling and not absent(control.closest("#main")):
            return  # the dice are in the air: the table takes no click until they have landed
        data = self.data(control)
        self.dispatch(self.read(events.click(data), data))

    def on_scroll(self, event: Any) -> None:
        box = event.target
        if hasattr(box, "matches") and box.matches(dom.SCROLLERS):
            dom.show_overflow(box)

    def on_change(self, event: Any) -> None:
        control = event.target
        # Not ``dataset.action``: on a field without one (the link shown to be copied) that is no attribute at all.
        action = control.getAttribute("data-action") if hasattr(control, "getAttribute") else None
        if absent(action) or not action:
            return
        data = self.data(control)
        if control.type == "file":
            files = control.files
            if files.length:
                self.spawn(self.read_file(data, files.item(0)))
            control.value = ""
        elif control.type == "checkbox":
            self.dispatch(self.read(events.change(data, bool(control.checked)), data))
        else:
            self.dispatch(self.read(events.change(data, str(control.value)), data))

    async def read_file(self, data: dict[str, str], file: Any) -> None:
        """Read a chosen file and send its text as the control's message; a file too large to be Étoile's is
        refused unread."""
        if int(file.size) > MAX_FILE_BYTES:
            self.dispatch(m.ImportRefusal("too_large"))
            return
        try:
            text = str(await file.text())
        except Exception:  # noqa: BLE001 - an unreadable file is the same as a foreign one
            text = ""
        self.dispatch(self.read(events.change(data, text), data))

    def on_key(self, event: Any) -> None:
        closable = event.target.closest("[data-escape]") if hasattr(event.target, "closest") else None
        if event.key == "Escape" and not absent(closable):  # a table's own dialog: Escape is its cancel
            event.preventDefault()
            data = self.data(closable)
            self.dispatch(self.read(events.escape(data), data))
            return
        keys = event.target.getAttribute("data-keys") if hasattr(event.target, "getAttribute") else None
        if self.model.dialog is None and not absent(keys) and event.key in events.BOARD_KEYS:
            event.preventDefault()
            data = self.data(event.target)
            self.dispatch(self.read(events.key(data, str(event.key), shift=bool(event.shiftKey)), data))
            return
        if self.model.dialog is None:
            return
        if event.key == "Escape":
            event.preventDefault()
            self.dispatch(m.DialogCancel())
        elif event.key == "Tab":
            # Keep the focus inside the open dialog.
            buttons = document.querySelectorAll(".dialog button")
            first, last = buttons.item(0), buttons.item(buttons.length - 1)
            if event.shiftKey and document.activeElement == first:
                event.preventDefault()
                last.focus()
            elif not event.shiftKey and document.activeElement == last:
                event.preventDefault()
                first.focus()


def show_fatal() -> None:
    """Replace the page by the failure screen of ``boot.js`` (used only when even the error notice cannot be drawn)."""
    document.documentElement.dataset.ready = "failed"


async def register_service_worker(runtime: Runtime) -> None:
    """Install the offline cache; tell the app when it is complete."""
    workers = getattr(window.navigator, "serviceWorker", None)
    if workers is None:
        return
    try:
        await workers.register("./sw.js")
        await workers.ready
    except JsException as error:
        window.console.warn(f"offline cache unavailable: {error}")
        return
    runtime.dispatch(m.OfflineReady())
    document.documentElement.dataset.offline = "ready"


def restored_drafts(store: Store, matches: dict[Slot, Match]) -> dict[Slot, Any]:
    """The tables' unfinished choices saved at the positions their games are at (the dice set aside since the last
    throw); a draft of another position, or one its table cannot read, is dropped."""
    tables: dict[Slot, Any] = {}
    for slot, match in matches.items():
        restore = getattr(TABLES.get(slot.game), "restore", None)
        if restore is None or (draft := store.draft(slot)) is None or draft.cursor != match.cursor:
            continue
        local = restore(match, draft.data)
        if local is not None:
            tables[slot] = local
    return tables


def take_over(runtime: Runtime) -> None:
    """Take over the screen ``boot.js`` drew before Python, and carry out what the player did meanwhile.

    The page already shows, for this route, the tree :mod:`etoile.ui.predrawn` gives: the runtime starts from it,
    so its first draw patches only what storage changes, keeping the elements, what is typed in them and the
    focus. The clicks and changes ``boot.js`` kept come next, in order, before that first draw.
    """
    root, boot = runtime.root, getattr(window, "etoileBoot", None)
    mark = root.getAttribute("data-predrawn")
    runtime.tree = predrawn.taken_over(None if absent(mark) else str(mark), runtime.model.route)
    root.removeAttribute("data-predrawn")
    for entry in [] if boot is None else boot.handOver():
        kind = str(entry.kind)
        data = events.seeded({str(k): str(v) for k, v in entry.data.to_py().items()}, fresh_seed)
        if kind == "file":
            runtime.spawn(runtime.read_file(data, entry.file))
            continue
        msg = runtime.read(events.click(data) if kind == "click" else events.change(data, entry.value), data)
        if msg is not None:
            runtime.queue.append(msg)


async def prefetch_statistics() -> None:
    """While the page is idle, load each game's statistics and its section of the statistics screen, a game at a
    time, so that the statistics screen opens without importing them (the route that opens first never waits);
    ``html[data-statistics="ready"]`` tells they are loaded."""
    for found in specs():
        await page_idle()
        found.load_stats()
        found.load_section()
    document.documentElement.dataset.statistics = "ready"


def start() -> Runtime:
    """Build the model from storage and the URL, take over the page, and mark it ready."""
    store = Store(LocalStorage())
    languages = [str(lang) for lang in (window.navigator.languages or [window.navigator.language])]
    matches = store.matches()
    model = Model(
        route=parse(window.location.hash),
        settings=store.settings(),
        browser_language=pick_language(languages),
        matches=matches,
        rivals=store.rivals(),
        history=newest_first(store.history()),
        tables=restored_drafts(store, matches),
        can_send=hasattr(window.navigator, "share"),
        can_scan=hasattr(window, "BarcodeDetector") and hasattr(window.navigator, "mediaDevices"),
        can_vibrate=hasattr(window.navigator, "vibrate"),
        address=str(window.location.href).split("#", 1)[0],
        today=local_day(),
    )
    if kept := store.live_tables():  # the live tables this device holds or joined, their connections to be made again
        from etoile.app.live import restore  # noqa: PLC0415 - a live table's modules load with the first one

        model = restore(model, kept)
    runtime = Runtime(document.getElementById("app"), store, model)
    runtime._drain_problems()
    take_over(runtime)
    runtime.bind()
    # One draw: the queued messages, then "resume" (a computer whose turn it was when the page was left plays on).
    runtime.dispatch(m.Resume())
    document.getElementById("loading").hidden = True
    document.documentElement.dataset.ready = "true"
    runtime.spawn(register_service_worker(runtime), quiet=True)
    runtime.spawn(prefetch_statistics(), quiet=True)
    return runtime
