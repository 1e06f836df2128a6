"""Live play when things go wrong: a guest that sends what is not a move (refused, never applied, told, and
disconnected the third time), reloads and joins again; a guest that never reveals its dice link (cut off after ten
seconds, the throw waiting); a host that closes its page, and a guest's device that takes the game on as a new
table."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.conftest import Devices
from tests.e2e.live_play import CHANNEL, host_generala, in_step, play_turn, seat_guest, start
from tests.e2e.network import LiveNetwork


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
    for reason in ("not its turn", "not a message of the game"):  # each told, in words (the second message is not
        expect(host.get_by_text(f"Bob’s device sent what the table refused: {reason}.")).to_be_visible()  # a move:
    expect(host.locator(".notice-warning")).to_have_count(3 if "Bob to play" in host.locator(".status").inner_text() else 2)
    expect(guest.get_by_text("The table refused this device’s last message: not its turn.")).to_be_visible()
    guest.reload()  # Bob's page loads again: the game stayed on his device, and he joins by a new invitation
    guest.wait_for_selector("html[data-ready='true']")
    expect(guest.locator(".table-screen")).to_have_attribute("data-ply", str(ply))
    seat_guest(host, guest, base, "Bob")
    expect(guest.locator(".live-seats li")).to_have_text(["Ann · on their own device", "Bob · on this device"])
    play_turn(host, guest)
    guest.evaluate("() => { window.__silent = true; }")  # from now on Bob's device never reveals its link
    mover = host if "Ann to play" in host.locator(".status").inner_text() else guest
    mover.get_by_role("button", name="Throw", exact=True).click()  # the throw waits for Bob's link: ten seconds
    expect(host.locator(".live-seats li").nth(1)).to_have_text("Bob · away (connection lost)")
    expect(guest.get_by_text("The table refused this device’s last message: its dice link did not come in time.")).to_be_visible()
    ply = in_step([host, guest])  # the dice stay in the air: the host's link alone draws nothing
    host.close()  # the host closes its page: Bob's device takes the game on
    expect(guest.locator(".live-panel")).to_contain_text("The connection to the table was lost")
    guest.get_by_role("button", name="Go on with this device as the table").click()
    expect(guest.locator(".live-invite summary")).to_have_text("Invite Ann")
    expect(guest.locator(".table-screen")).to_have_attribute("data-ply", str(ply))
    expect(guest.locator(".live-seats li")).to_have_text(["Ann · not here yet", "Bob · on this device"])
