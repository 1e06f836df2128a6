"""The closed network of live play's tests (:mod:`tests.e2e.network`): devices connect, and reach nothing else.

Two devices on the served app's origin open a WebRTC data channel with no ICE server, the offer and answer carried
by hand as the app's players carry them, and talk both ways (on a plain file of the origin: the connection is the
browser's, and the app's own start would only cost each test an interpreter's). Inside the namespace the browser
gathers host candidates only, and no address outside answers it: not this machine's own loopback, not a private or a
public address.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.request import urlopen

import pytest
from playwright.sync_api import Browser

from tests.e2e.conftest import Devices
from tests.e2e.network import LiveNetwork

GATHERED = """
() => new Promise((resolve) => {
  if (pc.iceGatheringState === "complete") resolve();
  pc.addEventListener("icegatheringstatechange", () => pc.iceGatheringState === "complete" && resolve());
})
"""
"""Waits until ``pc`` has gathered every candidate it will, so its description carries them all."""

OFFER = f"""
async () => {{
  window.pc = new RTCPeerConnection({{iceServers: []}});
  window.channel = pc.createDataChannel("table");
  window.heard = [];
  channel.addEventListener("message", (event) => heard.push(event.data));
  await pc.setLocalDescription(await pc.createOffer());
  await ({GATHERED})();
  return pc.localDescription.sdp;
}}
"""
"""The host's side: a connection with a data channel; returns the offer once its candidates are gathered."""

ANSWER = f"""
async (offer) => {{
  window.pc = new RTCPeerConnection({{iceServers: []}});
  window.heard = [];
  pc.addEventListener("datachannel", (event) => {{
    window.channel = event.channel;
    channel.addEventListener("message", (message) => heard.push(message.data));
  }});
  await pc.setRemoteDescription({{type: "offer", sdp: offer}});
  await pc.setLocalDescription(await pc.createAnswer());
  await ({GATHERED})();
  return pc.localDescription.sdp;
}}
"""
"""The guest's side: takes the offer; returns the answer once its candidates are gathered."""

FETCH = """
async (url) => {
  try {
    await fetch(url, {mode: "no-cors", cache: "no-store", signal: AbortSignal.timeout(1000)});
    return "answered";
  } catch (error) {
    return error.name;
  }
}
"""
"""Whether ``url`` answers within a second (``"answered"``), or the error that stopped the request. ``no-cors``:
another origin's answer arrives opaque instead of failing as a refused cross-origin read."""


def candidates(sdp: str) -> list[str]:
    """The ICE candidate lines of a session description."""
    return re.findall(r"^a=candidate:.*$", sdp, flags=re.MULTILINE)


@pytest.fixture
def outside(live_network: LiveNetwork) -> Iterator[str]:
    """A server on this machine's loopback, outside the namespace: the test process reaches it, the browser must not.
    Its port differs from the app's (inside the namespace, the app's server would answer on it)."""

    class Hello(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(204)
            self.end_headers()

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Hello)
    while live_network.base_url.endswith(f":{server.server_address[1]}/"):
        server.server_close()
        server = ThreadingHTTPServer(("127.0.0.1", 0), Hello)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    with urlopen(url, timeout=5) as response:
        assert response.status == 204
    yield url
    server.shutdown()
    server.server_close()


def test_two_devices_talk_over_a_data_channel(devices: Devices, live_network: LiveNetwork) -> None:
    host, guest = devices(2)
    for page in (host, guest):
        page.goto(live_network.base_url + "manifest.webmanifest")
    offer = host.evaluate(OFFER)
    answer = guest.evaluate(ANSWER, offer)
    assert candidates(offer) and candidates(answer)
    host.evaluate("async (answer) => { await pc.setRemoteDescription({type: 'answer', sdp: answer}); }", answer)
    host.wait_for_function("channel.readyState === 'open'")
    host.evaluate("channel.send('roll 3 dice')")
    guest.wait_for_function("heard.length === 1")
    guest.evaluate("channel.send('rolled 2 5 6')")
    host.wait_for_function("heard.length === 1")
    assert guest.evaluate("heard") == ["roll 3 dice"]
    assert host.evaluate("heard") == ["rolled 2 5 6"]


def test_nothing_outside_the_namespace_answers(
    devices: Devices, live_browser: Browser, live_network: LiveNetwork, outside: str
) -> None:
    (device,) = devices(1)
    device.goto(live_network.base_url + "manifest.webmanifest")
    offer = device.evaluate(OFFER)
    assert candidates(offer)
    assert all(" typ host" in line for line in candidates(offer)), candidates(offer)

    # A page of the app's origin, unguarded (its requests leave the origin on purpose); a plain file loads at once.
    context = live_browser.new_context()
    try:
        page = context.new_page()
        page.goto(live_network.base_url + "manifest.webmanifest")
        port = live_network.base_url.rsplit(":", 1)[1].strip("/")
        # The check itself works: another origin inside the namespace (the app's server by another name) answers.
        assert page.evaluate(FETCH, f"http://localhost:{port}/") == "answered"
        # Refused (the loopback is the namespace's own) or unanswered (the route leads nowhere); port 80, as Chromium
        # refuses some ports itself.
        elsewhere = [outside, "http://10.0.0.1/", "http://1.1.1.1/"]
        results = page.evaluate("(urls) => Promise.all(urls.map(FETCH))".replace("FETCH", f"({FETCH})"), elsewhere)
        assert "answered" not in results, dict(zip(elsewhere, results, strict=True))
    finally:
        context.close()
