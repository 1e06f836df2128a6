"""What the effects and the worker's calls need of the page's runtime, as protocols: they are handed the
:class:`~etoile.ui.runtime.page.Runtime` that owns them, and import none of it, so every import goes one way."""

from __future__ import annotations

from collections import deque
from collections.abc import Coroutine
from typing import Any, Protocol

from etoile.app import effects as fx
from etoile.app.messages import Msg
from etoile.app.model import Model
from etoile.engine.slot import Slot
from etoile.saved.storage import Store


class Thinker(Protocol):
    """The computer players' worker, as the effects ask it (:class:`~etoile.ui.runtime.worker.Worker`)."""

    async def think(self, slot: Slot, ply: int, level: str) -> None: ...

    async def advise(self, slot: Slot, ply: int, request: str) -> None: ...

    async def prepare(self, slot: Slot) -> None: ...


class Connections(Protocol):
    """The data channels of the live tables (:class:`~etoile.ui.runtime.peers.Peers`)."""

    async def invite(self, table: str, device: int) -> None: ...

    async def accept(self, shake: Any) -> None: ...

    async def answer(self, shake: Any) -> None: ...

    def send(self, table: str, device: int, text: str) -> None: ...

    def close(self, table: str, device: int) -> None: ...

    async def scan(self, table: str) -> None: ...

    def stop_scan(self) -> None: ...


class Host(Protocol):
    """The runtime: the model it holds, its storage, its queue of messages still to run, and how it runs one, runs a
    task and moves the focus."""

    model: Model
    store: Store
    queue: deque[Msg]

    @property
    def worker(self) -> Thinker: ...

    @property
    def peers(self) -> Connections: ...

    def dispatch(self, msg: Msg | None) -> None: ...

    def spawn(self, coroutine: Coroutine[Any, Any, None], *, quiet: bool = False) -> None: ...

    def focus(self, effect: fx.Effect) -> None: ...
