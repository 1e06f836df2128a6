"""The page's connections to the other devices of a live table: WebRTC data channels, with no server.

The host makes one connection per guest: an offer (:meth:`Peers.invite`), shown as an invitation, then the guest's
answer read back (:meth:`Peers.accept`). A guest makes its answer to an invitation (:meth:`Peers.answer`). A
description is complete once ICE gathering is (no trickle: the handshake is carried by hand, once), and travels as
the short text of :mod:`etoile.sharing.handshake`. No ICE server is named unless the player set one
(:attr:`~etoile.saved.settings.Settings.relay`), so nothing leaves for another origin. What arrives on a channel,
and every change of a connection, comes back to the app as messages; what the app says goes out with
:meth:`Peers.send`.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from js import Object, RTCPeerConnection, document, window
from pyodide.ffi import create_proxy, to_js

from etoile.app import messages as m
from etoile.saved.settings import ice_server
from etoile.sharing import handshake
from etoile.sharing.live import MAX_MESSAGE
from etoile.ui.runtime.host import Host

GATHERING = 5.0
"""Seconds a description's ICE gathering may take before it is sent with the candidates found so far."""
CONNECTING = 15.0
"""Seconds from an answer read to an open channel before the connection counts as failed (the player is told)."""
CHANNEL = "etoile"
CLOSING = 2.0
"""Seconds a connection the host closes stays up after its channel closed, so that its last message arrives."""
SCANNER = "live-scanner"
"""The id of the ``<video>`` the view shows while the camera reads an answer's QR code."""
SCAN_EVERY = 0.25
"""Seconds between two looks for a QR code in the camera's picture."""


def _options(relay: str) -> Any:
    server = ice_server(relay)
    return to_js({"iceServers": [server] if server else []}, dict_converter=Object.fromEntries)


class Connection:
    """One data channel to another device, and the proxies its callbacks hold (released when it closes)."""

    def __init__(self, peers: Peers, table: str, device: int) -> None:
        self.peers, self.table, self.device = peers, table, device
        self.pc = RTCPeerConnection.new(_options(peers.relay))
        self.channel: Any = None
        self.opened = asyncio.get_running_loop().create_future()
        self.listening: list[tuple[Any, str, Any]] = []  # (target, event, proxy): removed before the proxy goes

    def on(self, target: Any, event: str, handler: Any) -> None:
        proxy = create_proxy(handler)
        self.listening.append((target, event, proxy))
        target.addEventListener(event, proxy)

    def attach(self, channel: Any) -> None:
        """Listen to ``channel``: its opening, its messages, its closing."""
        self.channel = channel
        dispatch = self.peers.runtime.dispatch

        def opened(_: Any) -> None:  # told here, not when a coroutine awaiting it wakes: before any message
            if not self.opened.done():
                self.opened.set_result(None)
                dispatch(m.PeerOpened(self.table, self.device))

        self.on(channel, "open", opened)
        self.on(
            channel, "message", lambda event: dispatch(m.PeerSaid(self.table, self.device, str(event.data)[: MAX_MESSAGE + 1]))
        )
        self.on(channel, "close", lambda _: self.peers.closed(self))

    async def described(self) -> str:
        """This side's description once ICE gathering is complete (or :data:`GATHERING` seconds have passed)."""
        done = asyncio.get_running_loop().create_future()

        def check(*_: Any) -> None:
            if self.pc.iceGatheringState == "complete" and not done.done():
                done.set_result(None)

        self.on(self.pc, "icegatheringstatechange", check)
        check()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done, GATHERING)
        return str(self.pc.localDescription.sdp)

    def close(self) -> None:
        """Close the connection; its listeners go first, so that no event of the closing calls a destroyed proxy."""
        for target, event, proxy in self.listening:
            target.removeEventListener(event, proxy)
        with contextlib.suppress(Exception):
            self.pc.close()
        for _, _, proxy in self.listening:
            proxy.destroy()
        self.listening.clear()


class Peers:
    """Every connection of this page, by table and device (a guest's only one is to the host, device 0)."""

    def __init__(self, runtime: Host) -> None:
        self.runtime = runtime
        self.connections: dict[tuple[str, int], Connection] = {}
        self.camera: Any = None  # the camera's stream while an answer is being scanned

    async def scan(self, table: str) -> None:
        """Read QR codes with the camera (the one facing away, where there are two) until one is read: its text
        goes to the app as ``table``'s answer. The browser asks the player first; a refusal, or no camera, is told."""
        dispatch = self.runtime.dispatch
        constraints = to_js({"video": {"facingMode": "environment"}, "audio": False}, dict_converter=Object.fromEntries)
        try:
            self.camera = await window.navigator.mediaDevices.getUserMedia(constraints)
        except Exception as error:  # noqa: BLE001 - the browser's refusal, whatever its kind
            name = str(getattr(error, "name", ""))
            dispatch(m.LiveScanned(table, failed="denied" if name == "NotAllowedError" else "no_camera"))
            return
        video = document.getElementById(SCANNER)
        if video is None:  # the scan was stopped meanwhile
            self.stop_scan()
            return
        video.srcObject = self.camera
        await video.play()
        detector = window.BarcodeDetector.new(to_js({"formats": ["qr_code"]}, dict_converter=Object.fromEntries))
        while self.camera is not None:
            with contextlib.suppress(Exception):  # a frame not ready yet: the next look will do
                for code in await detector.detect(video):
                    self.stop_scan()
                    dispatch(m.LiveScanned(table, str(code.rawValue)))
                    return
            await asyncio.sleep(SCAN_EVERY)

    def stop_scan(self) -> None:
        """Let the camera go."""
        camera, self.camera = self.camera, None
        if camera is not None:
            for track in camera.getTracks():
                track.stop()

    @property
    def relay(self) -> str:
        return self.runtime.model.settings.relay

    def _new(self, table: str, device: int) -> Connection:
        old = self.connections.pop((table, device), None)
        if old is not None:
            old.close()
        connection = Connection(self, table, device)
        self.connections[table, device] = connection
        return connection

    async def invite(self, table: str, device: int) -> None:
        """The host's offer to the guest who will be ``device``: made, then handed to the app as an invitation."""
        connection = self._new(table, device)
        connection.attach(connection.pc.createDataChannel(CHANNEL))
        await connection.pc.setLocalDescription(await connection.pc.createOffer())
        try:
            text = handshake.encode(handshake.from_description(await connection.described(), "offer", table, device))
        except handshake.Unreadable as error:
            self.runtime.dispatch(m.PeerFailed(table, device, "no_address", str(error)))
            return
        self.runtime.dispatch(m.Invited(table, device, text))

    async def accept(self, shake: handshake.Handshake) -> None:
        """The host reads a guest's answer: the connection of its invitation opens, or fails in time."""
        connection = self.connections.get((shake.table, shake.invitation))
        if connection is None:
            self.runtime.dispatch(m.PeerFailed(shake.table, shake.invitation, "unknown", "no such invitation open"))
            return
        description = to_js({"type": "answer", "sdp": handshake.to_description(shake)}, dict_converter=Object.fromEntries)
        await connection.pc.setRemoteDescription(description)
        await self._opened(connection)

    async def answer(self, shake: handshake.Handshake) -> None:
        """A guest answers the invitation ``shake``: its answer handed to the app, then its channel to the host."""
        connection = self._new(shake.table, 0)
        self.connections[shake.table, 0] = connection
        connection.on(connection.pc, "datachannel", lambda event: connection.attach(event.channel))
        description = to_js({"type": "offer", "sdp": handshake.to_description(shake)}, dict_converter=Object.fromEntries)
        await connection.pc.setRemoteDescription(description)
        await connection.pc.setLocalDescription(await connection.pc.createAnswer())
        try:
            mine = handshake.from_description(await connection.described(), "answer", shake.table, shake.invitation)
        except handshake.Unreadable as error:
            self.runtime.dispatch(m.PeerFailed(shake.table, 0, "no_address", str(error)))
            return
        self.runtime.dispatch(m.Answered(shake.table, shake.invitation, handshake.encode(mine)))
        await self._opened(connection, CONNECTING * 8)  # the host reads the answer when it can: a minute or two

    async def _opened(self, connection: Connection, limit: float = CONNECTING) -> None:
        """Tell the app if ``connection``'s channel has not opened within ``limit`` seconds (its opening is told
        by the channel's own event, in order with the messages that follow it)."""
        try:
            await asyncio.wait_for(asyncio.shield(connection.opened), limit)
        except TimeoutError:
            self.runtime.dispatch(m.PeerFailed(connection.table, connection.device, "timeout", f"no channel after {limit:.0f} s"))

    def send(self, table: str, device: int, text: str) -> None:
        """Send ``text`` to ``device`` of ``table``, if its channel is open (a device away misses it, and catches
        up from the record when it comes back)."""
        connection = self.connections.get((table, device))
        if connection is not None and connection.channel is not None and connection.channel.readyState == "open":
            connection.channel.send(text)

    def close(self, table: str, device: int) -> None:
        """Close the connection to ``device`` (a guest disconnected by the host, a table left), once what was sent
        on it is delivered: its channel closes first (sending what it holds), the connection a moment later."""
        connection = self.connections.pop((table, device), None)
        if connection is None:
            return
        if connection.channel is not None and connection.channel.readyState == "open":
            connection.channel.close()
            asyncio.get_running_loop().call_later(CLOSING, connection.close)
        else:
            connection.close()

    def close_all(self) -> None:
        """Close every connection (the page is going)."""
        while self.connections:
            self.connections.popitem()[1].close()

    def closed(self, connection: Connection) -> None:
        if self.connections.get((connection.table, connection.device)) is connection:
            del self.connections[connection.table, connection.device]
            connection.close()
            self.runtime.dispatch(m.PeerClosed(connection.table, connection.device))


def hand_off(text: str) -> None:
    """Hand an answer opened in this tab (the host's camera app opened the guest's answer link) to the tab that
    holds the table, over a ``BroadcastChannel``."""
    if hasattr(window, "BroadcastChannel"):
        channel = window.BroadcastChannel.new("etoile-live")
        channel.postMessage(text)
        channel.close()
