"""Live play across devices, each device a browser context in the tests' closed network: a table set up on one,
joined from another by its invitation link, the answer read back, and the game played turn by turn, each seat from
its own device, every device showing the same table."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import Devices, open_app
from tests.e2e.network import LiveNetwork
from tests.e2e.support import at_instant_pace, fill_box


def host_generala(page: Page, base_url: str) -> None:
    """Ann sets up Generala on her device, Bob's seat on his own device, and opens the table."""
    at_instant_pace(page)
    open_app(page, base_url, "#/generala/new")
    page.fill("#seat-0-detail", "Ann")
    page.press("#seat-0-detail", "Tab")
    page.select_option("#seat-1-kind", "device")
    page.fill("#seat-1-detail", "Bob")
    page.press("#seat-1-detail", "Tab")
    page.get_by_role("button", name="Start the game").click()


HANDSHAKE = "[A-Za-z0-9_-]{100,200}$"
"""A handshake's text at the end of a link: about 124 characters."""


def seat_guest(host: Page, guest: Page, base_url: str, name: str) -> None:
    """The guest opens the host's invitation, names themselves and joins; the host pastes the guest's answer."""
    invitation = host.locator("#live-invite-generala")
    expect(invitation).to_have_value(re.compile(re.escape(f"{base_url}#/join/") + HANDSHAKE))
    expect(host.get_by_role("img", name="The invitation, as a QR code")).to_be_visible()
    at_instant_pace(guest)
    open_app(guest, base_url, "#/join/" + invitation.input_value().rpartition("/")[2])
    expect(guest.get_by_role("heading", name="Join a live table")).to_be_visible()
    guest.fill("#live-name", name)
    guest.press("#live-name", "Tab")
    guest.get_by_role("button", name="Join").click()
    answer = guest.locator("#live-answer-link")
    expect(answer).to_have_value(re.compile(re.escape(f"{base_url}#/answer/") + HANDSHAKE))
    host.fill("#live-answer-generala", answer.input_value())
    host.press("#live-answer-generala", "Tab")
    expect(host.locator(".live-seats li").nth(1)).to_have_text(f"{name} · connected")


def play_turn(host: Page, guest: Page) -> None:
    """The player to move throws once and fills the first box offered, on their own device; the other device
    shows the same dice."""
    status = host.locator(".status").inner_text()
    expect(guest.locator(".status")).to_have_text(status)
    mover, watcher = (host, guest) if "Ann to play" in status else (guest, host)
    mover.get_by_role("button", name="Throw", exact=True).click()
    dice = mover.locator(".dice-row .die")
    expect(dice).to_have_count(5)
    for index, face in enumerate([dice.nth(i).get_attribute("aria-label") or "" for i in range(5)]):
        expect(watcher.locator(".dice-row .die").nth(index)).to_have_attribute("aria-label", face)
    fill_box(mover, mover.locator(".sheet button.fill:visible").first)
    expect(mover.locator(".status")).not_to_have_text(status)


def start(host: Page, guest: Page) -> None:
    """The host starts the game; the tables, inert till then, take clicks; each throws for who starts."""
    host.get_by_role("button", name="Start the game").click()
    for page in (host, guest):
        expect(page.locator(".table-body[inert]")).to_have_count(0)
    host.get_by_role("button", name="Throw the five dice").click()  # who starts: each throws on their own device
    guest.get_by_role("button", name="Throw the five dice").click()
    for page in (host, guest):
        expect(page.locator(".status")).to_contain_text("Round 1/10 · throw 0/3")


def test_two_devices_play_generala_live_each_seat_from_its_own_device(devices: Devices, live_network: LiveNetwork) -> None:
    base = live_network.base_url
    host, guest = devices(2)
    host_generala(host, base)
    seat_guest(host, guest, base, "Bob")
    expect(host.locator(".live-seats li")).to_have_text(["Ann · on this device", "Bob · connected"])
    expect(guest.locator(".live-seats li")).to_have_text(["Ann · on their own device", "Bob · on this device"])
    start(host, guest)
    while not host.locator(".result h2").is_visible():
        play_turn(host, guest)
    expect(guest.locator(".result h2")).to_have_text(host.locator(".result h2").inner_text())
    expect(guest.locator(".sheet tfoot td")).to_have_text([td.inner_text() for td in host.locator(".sheet tfoot td").all()])


def test_a_guest_who_reloads_rejoins_by_a_new_invitation_and_the_game_goes_on(
    devices: Devices, live_network: LiveNetwork
) -> None:
    base = live_network.base_url
    host, guest = devices(2)
    host_generala(host, base)
    seat_guest(host, guest, base, "Bob")
    start(host, guest)
    play_turn(host, guest)
    status = host.locator(".status").inner_text()
    guest.reload()
    guest.wait_for_selector("html[data-ready='true']")
    expect(guest.locator(".live-panel")).to_contain_text("The connection to the table was lost")
    expect(guest.locator(".status")).to_have_text(status)  # the game stayed on Bob's device
    expect(host.locator(".live-seats li").nth(1)).to_have_text("Bob · away (connection lost)")
    seat_guest(host, guest, base, "Bob")
    expect(guest.locator(".live-seats li")).to_have_text(["Ann · on their own device", "Bob · on this device"])
    for _ in range(3):
        play_turn(host, guest)
