"""Live play across devices, each device a browser context in the tests' closed network (:mod:`tests.e2e.network`,
WebRTC really connecting): a whole game of each kind, Generala on two devices, 421 on three, Chinese checkers on
four, each seat played from its own device, every device showing the same table and checking every throw."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.conftest import Devices
from tests.e2e.live_play import (
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
