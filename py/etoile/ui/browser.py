"""The runtime that connects the pure app to the page.

It owns the only mutable things: the current model, the DOM and the store. A
page event becomes a :class:`~etoile.app.update.Msg`; :func:`~etoile.app.update.update`
returns the next model and effects; the runtime runs the effects, patches the
DOM from :func:`~etoile.ui.views.view`, then moves the focus if asked. Any
exception on the way is caught and shown as a friendly notice with the details
folded away: the page never shows a raw traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import traceback
from collections import deque
from datetime import date
from typing import Any

from js import URL, Blob, Object, document, window
from pyodide.ffi import JsException, create_proxy, to_js
from pyscript import create_named_worker

from etoile.app.model import CoachAnswer, ComputerMove, Imported, ImportFile, ImportRefusal
from etoile.app.routes import game_of, parse
from etoile.app.update import Effect, Model, Msg, update, with_problems
from etoile.engine.match import Match
from etoile.saved.history import Entry, newest_first
from etoile.saved.storage import MATCH, MAX_IMPORT_CHARS, SETTINGS, Draft, ImportRefused, StorageFull, Store
from etoile.ui import dom, predrawn, views
from etoile.ui.dom import absent
from etoile.ui.i18n import pick_language
from etoile.ui.table import TABLES
from etoile.ui.vdom import El


class LocalStorage:
    """``window.localStorage`` as a :class:`etoile.saved.storage.Backend`."""

    def __init__(self) -> None:
        self._storage = window.localStorage

    def get(self, key: str) -> str | None:
        value = self._storage.getItem(key)
        return None if absent(value) else str(value)

    def set(self, key: str, value: str) -> None:
        try:
            self._storage.setItem(key, value)
        except JsException as error:
            if "quota" in f"{getattr(error, 'name', '')} {error}".lower():
                raise StorageFull(key) from error
            raise

    def remove(self, key: str) -> None:
        self._storage.removeItem(key)

    def keys(self) -> list[str]:
        return [str(self._storage.key(i)) for i in range(self._storage.length)]


def download(filename: str, text: str) -> None:
    """Offer ``text`` to the player as a file."""
    blob = Blob.new([text], to_js({"type": "application/json"}, dict_converter=Object.fromEntries))
    url = URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_proxy(lambda: URL.revokeObjectURL(url)), 1000)


_audio: Any = None

# Each sound is a few short tones (hertz, start and length in seconds): synthesised, so
# there is no sound file to download and nothing to cache.
SOUNDS = {
    "dice": ((420, 0.0, 0.03), (560, 0.05, 0.03), (380, 0.1, 0.03), (610, 0.15, 0.04)),
    "stop": ((520, 0.0, 0.06),),
    "fill": ((660, 0.0, 0.05), (880, 0.06, 0.07)),
    "start": ((523, 0.0, 0.08), (659, 0.09, 0.08), (784, 0.18, 0.12)),
    "fanfare": ((523, 0.0, 0.1), (659, 0.11, 0.1), (784, 0.22, 0.1), (1047, 0.33, 0.3)),
    "move": ((740, 0.0, 0.04),),
    "toggle": ((660, 0.0, 0.08),),
}


def play_sound(name: str) -> None:
    """Play one of :data:`SOUNDS` with the Web Audio API."""
    global _audio
    if _audio is None:
        _audio = window.AudioContext.new()
    now = _audio.currentTime
    for frequency, start, length in SOUNDS.get(name, SOUNDS["toggle"]):
        oscillator, gain = _audio.createOscillator(), _audio.createGain()
        oscillator.frequency.value = frequency
        gain.gain.setValueAtTime(0.12, now + start)
        gain.gain.exponentialRampToValueAtTime(0.001, now + start + length)
        oscillator.connect(gain)
        gain.connect(_audio.destination)
        oscillator.start(now + start)
        oscillator.stop(now + start + length)


def local_time() -> str:
    """The device's date and time, to the minute: ``2026-12-02T18:05``."""
    now = window.Date.new()
    day = f"{int(now.getFullYear()):04d}-{int(now.getMonth()) + 1:02d}-{int(now.getDate()):02d}"
    return f"{day}T{int(now.getHours()):02d}:{int(now.getMinutes()):02d}"


def fresh_seed() -> int:
    """64 random bits from the browser's cryptographic generator (seeds of new games)."""
    words = window.crypto.getRandomValues(window.Uint32Array.new(2))
    return (int(words[0]) << 32) | int(words[1])


def control_data(control: Any) -> dict[str, str]:
    """The ``data-*`` attributes of a control (``data-game`` → ``game``), with a fresh ``seed`` if it is marked ``data-seed``."""
    attributes = control.attributes
    data = {}
    for i in range(attributes.length):
        attribute = attributes.item(i)
        if attribute.name.startswith("data-"):
            data[attribute.name.removeprefix("data-")] = str(attribute.value)
    return seeded(data)


def seeded(data: dict[str, str]) -> dict[str, str]:
    """A control's data, its ``seed`` (the mark of a control that starts a game) drawn afresh."""
    return {**data, "seed": str(fresh_seed())} if "seed" in data else data


NEXT = "[data-next]:not([disabled])"
"""The controls a player most likely wants next (the throw, the first open box, the board, a rematch), in page order."""

BOARD_KEYS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown", "Enter", " ", "Escape")
"""The keys a board (an element with ``data-keys``) receives as messages; with Shift held, an arrow comes as
``"Shift+ArrowUp"``."""

MAX_FILE_BYTES = 4 * MAX_IMPORT_CHARS
"""The largest file read for an import (the longest text read, in the widest UTF-8): 16 MB."""

COMPUTER_PACE = {"slow": 2.0, "normal": 1.1, "fast": 0.5, "off": 0.0}
"""How long each computer move stays on the table before the next, in seconds, by the pace setting: long enough
to read the dice it set aside, the throw it made, the box it filled or the path of its piece."""


class Runtime:
    def __init__(self, root: Any, store: Store, model: Model) -> None:
        self.root = root
        self.store = store
        self.model = model
        self.tree: El | None = None
        self.queue: deque[Msg] = deque()
        self.worker: asyncio.Future[Any] | None = None  # the computer players' worker, once asked for
        self._proxies: list[Any] = []
        self.tasks: set[asyncio.Future[Any]] = set()  # keeps running tasks referenced until they end
        self.working: set[asyncio.Future[Any]] = set()  # the tasks that mark the page busy (see spawn)
        self.asked: set[tuple[str, ...]] = set()  # the questions to the worker still waiting for an answer
        self.busy = False  # a message is being run or drawn: the next ones wait in the queue
        self.shown: tuple[Any, bool] | None = None  # the screen drawn last: its route, and whether a game is under way

    # -- the loop ----------------------------------------------------------

    def dispatch(self, msg: Msg) -> None:
        """Run ``msg`` and every message its effects produce, then draw once.

        A message that comes while another is being run or drawn waits its turn: drawing can itself fire events
        (a field with a changed value that the patch takes out of the page reports its change as it goes), and
        those are run, and drawn, after the patch, never inside it.
        """
        self.queue.append(msg)
        if self.busy:
            return
        self.busy = True
        active = document.activeElement
        had_focus = not absent(active) and active != document.body and self.root.contains(active)
        try:
            while self.queue:
                after_render: list[Effect] = []
                while self.queue:
                    self.model, effects = update(self.model, self.queue.popleft())
                    for effect in effects:
                        if effect.kind.startswith("focus"):
                            after_render.append(effect)
                        else:
                            self.run(effect)
                    self._drain_problems()
                self.render()
                for effect in after_render:
                    self.focus(effect)
                if had_focus and not after_render and self.focus_lost():
                    # What had the focus is gone (a throw button during the computer's turn, a box just filled):
                    # it goes on to the next sensible control, never back to the top of the page.
                    self.focus(Effect("focus-next"))
        except Exception:  # noqa: BLE001 - the error boundary of the whole page
            self.fail(traceback.format_exc())
        finally:
            self.busy = False

    def fail(self, details: str) -> None:
        window.console.error(details)
        self.queue.clear()
        try:
            self.model, _ = update(self.model, Msg("error", details))
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
        html.dataset.speed = "off" if self.model.hurry else settings.speed  # a skipped turn is not animated either
        document.title = views.title(self.model)
        dom.fit_scrollers(self.root)

    # -- effects -----------------------------------------------------------

    def run(self, effect: Effect) -> None:
        store, args = self.store, effect.args
        match effect.kind:
            case "save-settings" | "save-match" | "save-rival" | "save-draft":
                self.save(effect.kind, args.get("slot", ""))
            case "navigate" if args.get("replace"):  # the model is there already: only the address changes
                window.history.replaceState(None, "", args["hash"])
            case "navigate":
                if window.location.hash != args["hash"]:
                    window.history.pushState(None, "", args["hash"])
                    self.queue.append(Msg("route", args["hash"]))
            case "think":
                self.spawn(self.think(args["slot"], args["ply"], args["level"]))
            case "advise":
                self.spawn(self.advise(args["slot"], args["ply"], args["request"]))
            case "prepare-ai":
                self.spawn(self.prepare_ai(args["slot"]), quiet=True)
            case "archive" | "forget-entry" | "resave-history":
                self.history(effect)
            case "reset":
                store.reset()
            case "export-game":
                slot = args["slot"]
                text = json.dumps(self.model.matches[slot].to_json(), ensure_ascii=False, indent=1)
                download(f"etoile-{game_of(slot)}-{date.today().isoformat()}.json", text)
            case "export":
                download(f"etoile-{date.today().isoformat()}.json", store.export_all())
            case "import":
                self.import_all(args["text"], write=args["write"])
            case "download":
                download(args["filename"], args["text"])
            case "copy":
                self.spawn(self.copy(args["slot"], args["text"]), quiet=True)
            case "send":
                self.spawn(self.send(args["url"]), quiet=True)
            case "later":
                self.spawn(self.later(args["seconds"], Msg(**args["msg"])))
            case "notify":
                self.queue.append(Msg("notify", args))
            case "download-aside":
                self.download_aside(args["key"])
            case "discard-aside":
                self.discard_aside(args["key"])
            case "sound":
                if self.model.settings.sound:
                    play_sound(args["name"])
            case _:  # an effect this runtime cannot carry out is a bug: say so, never drop it
                raise ValueError(f"the runtime has no way to carry out the effect {effect.kind!r}")

    def save(self, kind: str, slot: str) -> None:
        """Write what the model holds now: the settings, or the game, the rival or the draft of ``slot`` (a game no
        longer in the model is forgotten)."""
        store, model = self.store, self.model
        match kind:
            case "save-settings":
                store.save_settings(model.settings)
            case "save-match":
                match = model.matches.get(slot)
                store.save_match(match, slot) if match is not None else store.delete_match(slot)
            case "save-rival":
                store.save_rival(slot, model.rivals.get(slot))
            case _:
                data = TABLES[game_of(slot)].draft(model.tables[slot])  # type: ignore[attr-defined]
                store.save_draft(slot, None if data is None else Draft(model.matches[slot].cursor, data))

    def history(self, effect: Effect) -> None:
        """Keep a game in the history, stamped with the device's local time (the page keeps it even if storage is
        full: the player is told, and can export or remove old games); forget one; or, once room was made, save
        the games the page kept meanwhile (as many as fit)."""
        store = self.store
        if effect.kind == "archive":
            entry = Entry.of(effect.args["match"], local_time())
            store.save_entry(entry)
            self.queue.append(Msg("archived", entry))
        elif effect.kind == "forget-entry":
            store.forget_entry(effect.args["id"])
        else:
            for entry in self.model.history:
                if not store.has_entry(entry.id) and not store.save_entry(entry):
                    break

    def import_all(self, text: str, *, write: bool) -> None:
        """Read an all-data export and tell the app which games it holds (``write`` false: the app asks first if
        they replace games in progress), or import it and tell the app what came in; or why nothing did."""
        try:
            if not write:
                self.queue.append(Msg("import-read", ImportFile(text, self.store.exported_matches(text))))
                return
            count = self.store.import_all(text)
        except ImportRefused as refused:
            self.queue.append(Msg("import-refused", ImportRefusal(refused.reason, refused.record, str(refused))))
        else:
            store = self.store
            imported = Imported(count, store.settings(), store.matches(), store.rivals(), tuple(store.history()))
            self.queue.append(Msg("imported", imported))

    def download_aside(self, key: str) -> None:
        """Offer a value set aside as a file; if it is gone since (another tab, a reset), say so rather than give an
        empty file."""
        raw = self.store.aside(key)
        if raw is None:
            self.queue.append(Msg("aside-gone", key))
        else:
            download(key.replace(":", "-") + ".json", raw)

    def discard_aside(self, key: str) -> None:
        """Discard a value set aside; if it held its slot, save there what the page holds for it."""
        record = self.store.discard(key)
        if record == SETTINGS:
            self.store.save_settings(self.model.settings)
        elif record and record.startswith(MATCH) and record.removeprefix(MATCH) in self.model.matches:
            slot = record.removeprefix(MATCH)
            self.store.save_match(self.model.matches[slot], slot)

    def spawn(self, coroutine: Any, *, quiet: bool = False) -> None:
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

    async def ai(self) -> Any:
        """The computer players' worker, started once, on first need (so the first screen is not delayed)."""
        if self.worker is None:
            self.worker = asyncio.ensure_future(create_named_worker("./py/worker.py", "ai", config="./worker.toml"))
        return await self.worker

    async def prepare_ai(self, slot: str) -> None:
        """Once the page is idle, start the worker and get it ready for questions about the game in ``slot``, ahead
        of the first one, with the tables kept from earlier loads; keep those it computed for the next loads.
        ``html[data-ai="ready"]`` tells it is. A failure shows when a question falls back to this thread."""
        await page_idle()
        record = self._record(slot)
        if record is None:
            return
        with contextlib.suppress(Exception):
            computed = json.loads(await (await self.ai()).prepare(game_of(slot), record, json.dumps(self.store.cached())))
            for name, text in computed.items():
                self.store.cache(name, text)
            document.documentElement.dataset.ai = "ready"

    def _record(self, slot: str) -> str | None:
        match = self.model.matches.get(slot)
        return None if match is None else json.dumps(match.to_json())

    async def _ask(self, slot: str, record: str | None, question: str, *args: str) -> str | None:
        """The worker's answer to ``question`` about ``record`` (the game now), or ``None`` if the game has moved on since.

        The same question about the same position is asked once, however many
        times it comes (a route change, a reload, a second click): the answer
        goes to the first. Without a worker (an old browser, a failed start) the
        answer is worked out here instead.
        """
        key, game = (question, slot, record or "", *args), game_of(slot)
        if record is None or key in self.asked:
            return None
        self.asked.add(key)
        try:
            try:
                answer = await getattr(await self.ai(), question)(game, record, *args)
            except Exception:  # noqa: BLE001 - no worker: answer here instead
                window.console.warn(traceback.format_exc())
                from etoile.engine import computer as run  # noqa: PLC0415 - loads the games' AI only when needed

                answer = getattr(run, question)(game, record, *args)
        finally:
            self.asked.discard(key)
        return str(answer) if self._record(slot) == record else None

    async def think(self, slot: str, ply: int, level: str) -> None:
        """Ask the worker for the computer's move, then play it after a short pause."""
        started, record = time.monotonic(), self._record(slot)
        action = await self._ask(slot, record, "choose", level)
        if action is None:
            return
        deadline = started + COMPUTER_PACE[self.model.settings.speed]
        while time.monotonic() < deadline and slot not in self.model.hurry:  # a skip cuts the pause short
            await asyncio.sleep(min(0.05, deadline - time.monotonic()))
        if self._record(slot) != record:  # undone or replaced during the pause
            return
        self.dispatch(Msg("computer-move", ComputerMove(ply, json.loads(action)), about(slot)))

    async def copy(self, slot: str, text: str) -> None:
        """Put ``text`` on the clipboard, and say whether it went there."""
        try:
            await window.navigator.clipboard.writeText(text)
        except Exception:  # noqa: BLE001 - no clipboard, or no permission: the player copies it from the field
            self.dispatch(Msg("copied", False, about(slot)))
        else:
            self.dispatch(Msg("copied", True, about(slot)))

    async def send(self, url: str) -> None:
        """Open the system's share sheet with ``url``; a player who closes it has sent nothing, and that is fine."""
        with contextlib.suppress(Exception):
            await window.navigator.share(to_js({"title": document.title, "url": url}, dict_converter=Object.fromEntries))

    async def later(self, seconds: float, msg: Msg) -> None:
        await asyncio.sleep(seconds)
        self.dispatch(msg)

    async def advise(self, slot: str, ply: int, request: str) -> None:
        """Ask the worker for the coach's answer; the table shows it if the game has not moved on."""
        answer = await self._ask(slot, self._record(slot), "advise", request)
        if answer is not None:
            self.dispatch(Msg(f"{game_of(slot)}:advice", CoachAnswer(ply, request, json.loads(answer)), about(slot)))

    def focus(self, effect: Effect) -> None:
        selector = {
            "focus-heading": "#main h1",
            "focus-dialog": ".dialog [autofocus]",
        }.get(effect.kind, effect.args.get("selector"))
        if effect.kind == "focus-next":
            element = next((e for e in document.querySelectorAll(NEXT) if e.getClientRects().length), None)
            element = element or document.querySelector("#main h1")
        else:
            element = document.querySelector(selector) if selector else None
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

    def listen(self, target: Any, event: str, handler: Any, capture: bool = False) -> None:
        proxy = create_proxy(self.guarded(handler))
        self._proxies.append(proxy)
        target.addEventListener(event, proxy, capture)

    def bind(self) -> None:
        self.listen(self.root, "click", self.on_click)
        self.listen(self.root, "change", self.on_change)
        self.listen(document, "keydown", self.on_key)
        self.listen(self.root, "scroll", self.on_scroll, capture=True)  # scroll events do not bubble
        self.listen(window, "resize", lambda event: dom.fit_scrollers(self.root))
        self.listen(window, "hashchange", lambda event: self.dispatch(Msg("route", window.location.hash)))

    def guarded(self, handler: Any) -> Any:
        """Run an event handler inside the page's error boundary."""

        def run(event: Any) -> None:
            try:
                handler(event)
            except Exception:  # noqa: BLE001 - the error boundary of the whole page
                self.fail(traceback.format_exc())

        return run

    def on_click(self, event: Any) -> None:
        control = event.target.closest("[data-action]")
        if absent(control) or control.tagName in ("INPUT", "SELECT", "TEXTAREA"):
            return
        event.preventDefault()
        self.dispatch(click_message(control_data(control)))

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
        data = control_data(control)
        del data["action"]
        if control.type == "file":
            files = control.files
            if files.length:
                self.spawn(self._read_file(action, files.item(0)))
            control.value = ""
        elif control.type == "checkbox":
            self.dispatch(Msg(action, bool(control.checked), data))
        else:
            self.dispatch(Msg(action, str(control.value), data))

    async def _read_file(self, action: str, file: Any) -> None:
        """Read a chosen file and send its text as ``action``; a file too large to be Étoile's is refused unread."""
        if int(file.size) > MAX_FILE_BYTES:
            self.dispatch(Msg("import-refused", ImportRefusal("too_large")))
            return
        try:
            text = str(await file.text())
        except Exception:  # noqa: BLE001 - an unreadable file is the same as a foreign one
            text = ""
        self.dispatch(Msg(action, text))

    def on_key(self, event: Any) -> None:
        closable = event.target.closest("[data-escape]") if hasattr(event.target, "closest") else None
        if event.key == "Escape" and not absent(closable):  # a table's own dialog: Escape is its cancel
            event.preventDefault()
            data = control_data(closable)
            self.dispatch(Msg(data.pop("escape"), None, data))
            return
        keys = event.target.getAttribute("data-keys") if hasattr(event.target, "getAttribute") else None
        if self.model.dialog is None and not absent(keys) and event.key in BOARD_KEYS:
            event.preventDefault()
            key = f"Shift+{event.key}" if event.shiftKey and str(event.key).startswith("Arrow") else str(event.key)
            self.dispatch(Msg(str(keys), key, control_data(event.target)))
            return
        if self.model.dialog is None:
            return
        if event.key == "Escape":
            event.preventDefault()
            self.dispatch(Msg("dialog-cancel"))
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


async def page_idle() -> None:
    """Wait until the browser has nothing more urgent to do (``requestIdleCallback``; at most a second)."""
    done = asyncio.get_running_loop().create_future()

    def wake_up(*_: Any) -> None:
        if not done.done():
            done.set_result(None)

    wake = create_proxy(wake_up)
    if hasattr(window, "requestIdleCallback"):
        window.requestIdleCallback(wake, to_js({"timeout": 1000}, dict_converter=Object.fromEntries))
    else:
        window.setTimeout(wake, 0)
    try:
        await done
    finally:
        wake.destroy()


def click_message(data: dict[str, str]) -> Msg:
    """The message of a click on a control with these ``data-*`` attributes."""
    data = dict(data)
    return Msg(data.pop("action"), data.pop("value", None), data)


def about(slot: str) -> dict[str, str]:
    """The ``data`` of a message the runtime makes about the game in ``slot`` (a computer's move, an answer)."""
    return {"game": game_of(slot), "slot": slot}


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
    runtime.dispatch(Msg("offline-ready"))
    document.documentElement.dataset.offline = "ready"


def restored_drafts(store: Store, matches: dict[str, Match]) -> dict[str, Any]:
    """The tables' unfinished choices saved at the positions their games are at (the dice set aside since the last
    throw); a draft of another position, or one its table cannot read, is dropped."""
    tables: dict[str, Any] = {}
    for slot, match in matches.items():
        restore = getattr(TABLES.get(game_of(slot)), "restore", None)
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
        kind, data = str(entry.kind), seeded({str(k): str(v) for k, v in entry.data.to_py().items()})
        if kind == "file":
            runtime.spawn(runtime._read_file(data.pop("action"), entry.file))
        elif kind == "click":
            runtime.queue.append(click_message(data))
        else:
            runtime.queue.append(Msg(data.pop("action"), entry.value, data))


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
        address=str(window.location.href).split("#", 1)[0],
    )
    runtime = Runtime(document.getElementById("app"), store, model)
    runtime._drain_problems()
    take_over(runtime)
    runtime.bind()
    # One draw: the queued messages, then "resume" (a computer whose turn it was when the page was left plays on).
    runtime.dispatch(Msg("resume"))
    document.getElementById("loading").hidden = True
    document.documentElement.dataset.ready = "true"
    runtime.spawn(register_service_worker(runtime), quiet=True)
    return runtime
