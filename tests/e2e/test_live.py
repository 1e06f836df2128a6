"""Live play across devices, each device a browser context in the tests' closed network (:mod:`tests.e2e.network`,
WebRTC really connecting): a whole game of each kind, Generala on two devices (its answer read with the page's own
camera, every live screen through the accessibility audit, light and dark), 421 on three, Chinese checkers on four,
each seat played from its own device, every device showing the same table and checking every throw."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import Devices, open_app
from tests.e2e.live_play import (
    CAMERA,
    HANDSHAKE,
    host_game,
    host_generala,
    in_step,
    play_421_to_the_end,
    play_cc_to_the_end,
    play_turn,
    seat_guest,
    start,
)
from tests.e2e.network import LiveNetwork
from tests.e2e.support import at_instant_pace


def test_two_devices_play_a_whole_game_of_generala_live_the_answer_read_by_the_camera_every_screen_audited(
    devices: Devices, live_network: LiveNetwork
) -> None:
    """The host reads the guest's answer with the page's camera (a stand-in camera and QR reader: Chromium on Linux
    has neither); axe checks every screen on the way, light then dark: the host's invitation and its camera, the
    guest's join form and answer, both tables once the game is under way; then they play the whole game, each seat
    from its own device."""
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
    expect(host.locator(".live-seats li")).to_have_text(["Ann · on this device", "Bob · connected"])
    expect(guest.locator(".live-seats li")).to_have_text(["Ann · on their own device", "Bob · on this device"])
    while not host.locator(".result h2").is_visible():
        play_turn(host, guest)
    expect(guest.locator(".result h2")).to_have_text(host.locator(".result h2").inner_text())
    expect(guest.locator(".sheet tfoot td")).to_have_text([td.inner_text() for td in host.locator(".sheet tfoot td").all()])
    expect(guest.locator(".dice-note")).to_contain_text("Every throw checked")


def test_three_devices_play_a_whole_game_of_421_live(devices: Devices, live_network: LiveNetwork) -> None:
    base = live_network.base_url
    ann, bob, cy = devices(3)
    host_game(ann, base, "421", ["Bob", "Cy"])
    seat_guest(ann, bob, base, "Bob", game="421", seat=1, invited="Invite one of them: Bob, Cy")
    seat_guest(ann, cy, base, "Cy", game="421", seat=2)
    seats = ["Ann · on their own device", "Bob · on their own device", "Cy · on this device"]
    expect(cy.locator(".live-seats li")).to_have_text(seats)
    ann.get_by_role("button", name="Start the game").click()
    play_421_to_the_end([ann, bob, cy])
    winner = ann.locator(".result h2").inner_text()
    for page in (bob, cy):
        expect(page.locator(".result h2")).to_have_text(winner)
        expect(page.locator(".dice-note")).to_contain_text("Every throw checked")


def test_four_devices_play_a_whole_game_of_chinese_checkers_live(devices: Devices, live_network: LiveNetwork) -> None:
    base = live_network.base_url
    ann, bob, cy, dee = devices(4)
    host_game(ann, base, "chinese-checkers", ["Bob", "Cy", "Dee"], options=("20 moves each",))
    for seat, (page, name) in enumerate(((bob, "Bob"), (cy, "Cy"), (dee, "Dee")), start=1):
        waiting = ", ".join(["Bob", "Cy", "Dee"][seat - 1 :])
        invited = f"Invite {name}" if name == "Dee" else f"Invite one of them: {waiting}"
        seat_guest(ann, page, base, name, game="chinese-checkers", seat=seat, invited=invited)
    ann.get_by_role("button", name="Start the game").click()
    players = {"Ann": ann, "Bob": bob, "Cy": cy, "Dee": dee}
    play_cc_to_the_end(players)
    assert 0 < in_step(list(players.values())) <= 80  # twenty moves each at most: the game may end before
    board = "(svg) => [...svg.querySelectorAll('.spot')].map((spot) => spot.getAttribute('aria-label')).join('|')"
    assert len({page.locator(".cc-board").evaluate(board) for page in players.values()}) == 1  # the same board
    for page in (bob, cy, dee):
        expect(page.locator(".result h2")).to_have_text(ann.locator(".result h2").inner_text())
