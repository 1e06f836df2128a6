"""The computer players' worker, as the page asks it: a computer's move, a coach's answer, getting it ready.

The worker (``py/worker.py`` → :mod:`etoile.engine.computer`) runs in a second interpreter, started on first need
so the first screen is not delayed. Its answers come back to the page as messages
(:class:`~etoile.app.messages.ComputerMove`, :class:`~etoile.app.messages.CoachAnswer`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import traceback
from typing import Any

from js import Object, document, window
from pyodide.ffi import create_proxy, to_js
from pyscript import create_named_worker

from etoile.app import messages as m
from etoile.engine.slot import Slot
from etoile.ui.runtime.host import Host

COMPUTER_PACE = {"slow": 2.0, "normal": 1.1, "fast": 0.5, "off": 0.0}
"""How long each computer move stays on the table before the next, in seconds, by the pace setting: long enough
to read the dice it set aside, the throw it made, the box it filled or the path of its piece."""


START_LIMIT = 60.0
"""Seconds the computer players' worker may take to start (a few, cold, on a slow phone) before it counts as failed."""


class Worker:
    """The page's side of the computer players' worker: the questions asked, and the answers sent on as messages."""

    def __init__(self, runtime: Host) -> None:
        self.runtime = runtime
        self.started: asyncio.Future[Any] | None = None  # the worker, once asked for
        self.asked: set[tuple[str, ...]] = set()  # the questions still waiting for an answer

    async def ai(self) -> Any:
        """The computer players' worker, started once, on first need (so the first screen is not delayed).

        A worker that cannot start (its files do not load, its Python fails) does not say so: it never becomes
        ready. One that is not ready after :data:`START_LIMIT` seconds counts as failed (``TimeoutError``)."""
        if self.started is None:
            starting = create_named_worker("./py/worker.py", "ai", config="./worker.toml")
            self.started = asyncio.ensure_future(asyncio.wait_for(starting, START_LIMIT))
        return await self.started

    async def prepare(self, slot: Slot) -> None:
        """Once the page is idle, start the worker and get it ready for questions about the game in ``slot``, ahead
        of the first one, with the tables kept from earlier loads; keep those it computed for the next loads.
        ``html[data-ai="ready"]`` tells it is. A failure shows when a question gets no answer."""
        await page_idle()
        record = self.record(slot)
        if record is None:
            return
        store = self.runtime.store
        with contextlib.suppress(Exception):
            computed = json.loads(await (await self.ai()).prepare(slot.game, record, json.dumps(store.cached())))
            for name, text in computed.items():
                store.cache(name, text)
            document.documentElement.dataset.ai = "ready"

    def record(self, slot: Slot) -> str | None:
        """The game in ``slot`` now, as the worker reads it (its JSON), or ``None`` if there is none."""
        match = self.runtime.model.matches.get(slot)
        return None if match is None else json.dumps(match.to_json())

    async def ask(self, slot: Slot, record: str | None, question: str, *args: str) -> str | None:
        """The worker's answer to ``question`` about ``record`` (the game now), or ``None`` if the game has moved on since.

        The same question about the same position is asked once, however many
        times it comes (a route change, a reload, a second click): the answer
        goes to the first. Without a worker (an old browser, a failed start) there
        is no answer, and the player is told (:class:`~etoile.app.messages.ComputerFailed`).
        """
        key, game = (question, str(slot), record or "", *args), slot.game
        if record is None or key in self.asked:
            return None
        self.asked.add(key)
        try:
            answer = await getattr(await self.ai(), question)(game, record, *args)
        except Exception:  # noqa: BLE001 - no worker: the player is told; the page never thinks for the computer
            details = traceback.format_exc()
            window.console.error(details)
            self.runtime.dispatch(m.ComputerFailed(details))
            return None
        finally:
            self.asked.discard(key)
        return str(answer) if self.record(slot) == record else None

    async def think(self, slot: Slot, ply: int, level: str) -> None:
        """Ask the worker for the computer's move, then play it after a short pause."""
        runtime = self.runtime
        started, record = time.monotonic(), self.record(slot)
        action = await self.ask(slot, record, "choose", level)
        if action is None:
            return
        deadline = started + COMPUTER_PACE[runtime.model.settings.speed]
        while time.monotonic() < deadline and slot not in runtime.model.hurry:  # a skip cuts the pause short
            await asyncio.sleep(min(0.05, deadline - time.monotonic()))
        if self.record(slot) != record:  # undone or replaced during the pause
            return
        runtime.dispatch(m.ComputerMove(slot, ply, json.loads(action)))

    async def advise(self, slot: Slot, ply: int, request: str) -> None:
        """Ask the worker for the coach's answer; the table shows it if the game has not moved on."""
        answer = await self.ask(slot, self.record(slot), "advise", request)
        if answer is not None:
            self.runtime.dispatch(m.CoachAnswer(slot, ply, request, json.loads(answer)))


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
