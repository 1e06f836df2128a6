"""Live play when things go wrong, and what a host sees: a guest that sends what is not a move (refused, never
applied, disconnected the third time), reloads and joins again; a host that closes its page, and a guest's device
that takes the game on as a new table; the answer read with the page's own camera; and every live screen through
the accessibility audit, light and dark."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import Devices, open_app
from tests.e2e.live_play import CAMERA, CHANNEL, HANDSHAKE, host_generala, in_step, play_turn, seat_guest, start
from tests.e2e.network import LiveNetwork
from tests.e2e.support import at_instant_pace


def test_a_misbehaving_guest_is_cut_off_joins_again_and_the_game_goes_on_even_when_the_host_goes(
    devices: Devices, live_network: LiveNetwork
) -> None:
    base = live_network.base_url
    host, guest = devices(2)
    guest.add_init_script(CHANNEL)
    host_generala(host, base)
    seat_guest(host, guest, base, "Bob")
    start(host, guest)
    ply = in_step([host, guest])
    for message in ('{"t":"act","at":0,"action":{"throw":[]}}', f'{{"t":"act","at":{ply},"action":"fly"}}', "not json"):
        guest.evaluate("(text) => window.__channel.send(text)", message)  # out of turn, illegal, malformed
    expect(host.locator(".live-seats li").nth(1)).to_have_text("Bob · away (connection lost)")
    expect(guest.locator(".live-panel")).to_contain_text("The connection to the table was lost")
    assert in_step([host, guest]) == ply  # nothing was applied, on either device
    for reason in ("not its turn", "not a legal move", "not a message of the game"):  # each told, in words
        expect(host.get_by_text(f"Bob’s device sent what the table refused: {reason}.")).to_be_visible()
    expect(guest.get_by_text("The table refused this device’s last message: not its turn.")).to_be_visible()
    guest.reload()  # Bob's page loads again: the game stayed on his device, and he joins by a new invitation
    guest.wait_for_selector("html[data-ready='true']")
    expect(guest.locator(".table-screen")).to_have_attribute("data-ply", str(ply))
    seat_guest(host, guest, base, "Bob")
    expect(guest.locator(".live-seats li")).to_have_text(["Ann · on their own device", "Bob · on this device"])
    for _ in range(2):
        play_turn(host, guest)
    ply = in_step([host, guest])
    host.close()  # the host closes its page: Bob's device takes the game on
    expect(guest.locator(".live-panel")).to_contain_text("The connection to the table was lost")
    guest.get_by_role("button", name="Go on with this device as the table").click()
    expect(guest.locator(".live-invite summary")).to_have_text("Invite Ann")
    expect(guest.locator(".table-screen")).to_have_attribute("data-ply", str(ply))
    expect(guest.locator(".live-seats li")).to_have_text(["Ann · not here yet", "Bob · on this device"])


def test_the_answer_read_by_the_camera_and_every_live_screen_pass_the_accessibility_audit(
    devices: Devices, live_network: LiveNetwork
) -> None:
    """The host reads the guest's answer with the page's camera (a stand-in camera and QR reader: Chromium on Linux
    has neither); axe checks every screen on the way, light then dark: the host's invitation and its camera, the
    guest's join form and answer, both tables once the game is under way."""
    from tests.e2e.test_audit import FAILING, audit  # noqa: PLC0415 - the audit's own helpers, axe inlined

    base = live_network.base_url
    host, guest = devices(2)
    found: dict[str, list[str]] = {}

    def check(page: Page, screen: str) -> None:
        theme = page.evaluate("() => document.documentElement.dataset.theme || 'light'")
        found[f"{screen} ({theme})"] = [v["id"] for v in audit(page) if v["impact"] in FAILING]

    host.add_init_script(CAMERA)
    host_generala(host, base)
    expect(host.locator("#live-invite-generala")).to_have_value(re.compile(HANDSHAKE))
    check(host, "invitation")
    at_instant_pace(guest)
    open_app(guest, base, "#/join/" + host.locator("#live-invite-generala").input_value().rpartition("/")[2])
    check(guest, "join")
    guest.fill("#live-name", "Bob")
    guest.press("#live-name", "Tab")
    guest.get_by_role("button", name="Join").click()
    expect(guest.locator("#live-answer-link")).to_have_value(re.compile(HANDSHAKE))
    check(guest, "answer")
    host.get_by_role("button", name="Scan their answer with this device’s camera").click()
    expect(host.locator("video#live-scanner")).to_be_visible()
    expect(host.get_by_text("Hold the answer’s QR code in front of the camera.")).to_be_visible()
    check(host, "camera")
    host.evaluate("(text) => { window.__qr = text; }", guest.locator("#live-answer-link").input_value())
    expect(host.locator(".live-seats li").nth(1)).to_have_text("Bob · connected")
    expect(host.locator("video")).to_have_count(0)  # the camera let go once the code is read
    start(host, guest)
    for theme in ("Light", "Dark"):
        for page in (host, guest):
            if theme == "Dark":
                table = page.url
                open_app(page, base, "#/settings")
                page.get_by_role("radio", name="Dark").check()
                page.goto(table)
                page.wait_for_selector("html[data-ready='true'], .table-screen")
            expect(page.locator(".live-panel")).to_be_visible()
            check(page, "host's table" if page is host else "guest's table")
    assert len(found) == 8 and sum(screen.endswith("(dark)") for screen in found) == 2
    assert {screen: ids for screen, ids in found.items() if ids} == {}
