"""Live play across devices, each device a browser context in the tests' closed network: a table set up on one,
joined from another by its invitation link, the answer read back, and the game played turn by turn, each seat from
its own device, every device showing the same table."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import Devices, open_app
from tests.e2e.network import LiveNetwork
from tests.e2e.support import at_instant_pace, fill_box


def host_game(page: Page, base_url: str, game: str, guests: list[str]) -> None:
    """Ann sets up ``game`` on her device, a seat on its own device for each of ``guests``, and opens the table."""
    at_instant_pace(page)
    open_app(page, base_url, f"#/{game}/new")
    count = page.locator("#setup-players")
    if count.evaluate("(e) => e.tagName") == "SELECT":
        count.select_option(str(len(guests) + 1))
    else:  # a game whose rules set no limit asks for a number
        count.fill(str(len(guests) + 1))
        count.press("Tab")
    page.fill("#seat-0-detail", "Ann")
    page.press("#seat-0-detail", "Tab")
    for index, name in enumerate(guests, start=1):
        page.select_option(f"#seat-{index}-kind", "device")
        page.fill(f"#seat-{index}-detail", name)
        page.press(f"#seat-{index}-detail", "Tab")
    page.get_by_role("button", name="Start the game").click()


def host_generala(page: Page, base_url: str) -> None:
    """Ann sets up Generala on her device, Bob's seat on his own device, and opens the table."""
    host_game(page, base_url, "generala", ["Bob"])


HANDSHAKE = "[A-Za-z0-9_-]{100,200}$"
"""A handshake's text at the end of a link: about 124 characters."""


def seat_guest(
    host: Page, guest: Page, base_url: str, name: str, *, game: str = "generala", seat: int = 1, invited: str = ""
) -> None:
    """The guest opens the host's invitation (its heading, ``invited``: "Invite <name>" unless said), names
    themselves and joins; the host pastes the guest's answer."""
    title = invited or f"Invite {name}"
    folded = host.locator(".live-invite summary", has_text=title)  # a game under way folds its invitation
    expect(host.get_by_role("heading", name=title).or_(folded)).to_be_visible()
    if folded.count() and host.locator(".live-invite[open]").count() == 0:
        folded.click()
    invitation = host.locator(f"#live-invite-{game}")
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
    host.fill(f"#live-answer-{game}", answer.input_value())
    host.press(f"#live-answer-{game}", "Tab")
    expect(host.locator(".live-seats li").nth(seat)).to_have_text(f"{name} · connected")


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


def in_step(pages: list[Page]) -> int:
    """How many actions the first device's table shows, once every device shows as many."""
    ply = pages[0].locator(".table-screen").get_attribute("data-ply") or ""
    for page in pages[1:]:
        expect(page.locator(".table-screen")).to_have_attribute("data-ply", ply)
    return int(ply)


def play_421_to_the_end(pages: list[Page]) -> None:
    """Each player throws once and stands when allowed, on their own device, till the game ends on every one."""
    while not pages[0].locator(".result h2").is_visible():
        ply = in_step(pages)  # drawn on every device: the mover's buttons with it
        buttons = "[data-action='421:stop'], [data-action='421:throw']"
        mover = next((page for page in pages if page.locator(buttons).count()), None)
        if mover is not None:
            stand = mover.locator("[data-action='421:stop']")
            (stand if stand.count() else mover.locator("[data-action='421:throw']")).first.click()
        if not pages[0].locator(".result h2").is_visible():  # else the dice are in the air: the devices' links come
            expect(pages[0].locator(".table-screen")).not_to_have_attribute("data-ply", str(ply))


def test_three_devices_play_a_whole_game_of_421_live(devices: Devices, live_network: LiveNetwork) -> None:
    base = live_network.base_url
    ann, bob, cy = devices(3)
    host_game(ann, base, "421", ["Bob", "Cy"])
    seat_guest(ann, bob, base, "Bob", game="421", seat=1, invited="Invite one of them: Bob, Cy")
    seat_guest(ann, cy, base, "Cy", game="421", seat=2)
    expect(cy.locator(".live-seats li")).to_have_text(
        ["Ann · on their own device", "Bob · on their own device", "Cy · on this device"]
    )
    ann.get_by_role("button", name="Start the game").click()
    play_421_to_the_end([ann, bob, cy])
    winner = ann.locator(".result h2").inner_text()
    for page in (bob, cy):
        expect(page.locator(".result h2")).to_have_text(winner)
        expect(page.locator(".dice-note")).to_contain_text("Every throw checked")


def my_move(page: Page, name: str) -> None:
    """``name``, whose turn it is on ``page``, moves the first of their pieces that can go, to its first hole."""
    pieces = page.locator(f".spot[aria-label$=' piece of {name}']")
    for index in range(pieces.count()):
        pieces.nth(index).click()
        targets = page.locator(".spot:has(circle.target)")
        if targets.count():
            targets.first.click()
            return
    raise AssertionError("no piece of the player to move can go")


def test_four_devices_play_chinese_checkers_live_and_a_guest_goes_on_when_the_host_is_gone(
    devices: Devices, live_network: LiveNetwork
) -> None:
    base = live_network.base_url
    ann, bob, cy, dee = devices(4)
    host_game(ann, base, "chinese-checkers", ["Bob", "Cy", "Dee"])
    for seat, (page, name) in enumerate(((bob, "Bob"), (cy, "Cy"), (dee, "Dee")), start=1):
        waiting = ", ".join(["Bob", "Cy", "Dee"][seat - 1 :])
        invited = f"Invite {name}" if name == "Dee" else f"Invite one of them: {waiting}"
        seat_guest(ann, page, base, name, game="chinese-checkers", seat=seat, invited=invited)
    ann.get_by_role("button", name="Start the game").click()
    players = {"Ann": ann, "Bob": bob, "Cy": cy, "Dee": dee}
    pages = list(players.values())
    for _ in range(8):  # two rounds, each player moving on their own device
        ply = in_step(pages)
        name, mover = next((n, p) for n, p in players.items() if "Choose a piece to move." in p.locator(".status").inner_text())
        my_move(mover, name)
        expect(ann.locator(".table-screen")).not_to_have_attribute("data-ply", str(ply))
    ply = in_step(pages)
    board = "(svg) => [...svg.querySelectorAll('.spot')].map((spot) => spot.getAttribute('aria-label')).join('|')"
    assert len({page.locator(".cc-board").evaluate(board) for page in pages}) == 1  # every device shows the same board
    ann.close()  # the host closes its page
    expect(bob.locator(".live-panel")).to_contain_text("The connection to the table was lost")
    bob.get_by_role("button", name="Go on with this device as the table").click()
    expect(bob.locator(".live-invite summary")).to_have_text("Invite one of them: Ann, Cy, Dee")  # Bob's table now
    expect(bob.locator(".table-screen")).to_have_attribute("data-ply", str(ply))
    seat_guest(
        bob, cy, base, "Cy", game="chinese-checkers", seat=2, invited="Invite one of them: Ann, Cy, Dee"
    )  # Cy joins Bob's table: the same game goes on
    expect(cy.locator(".table-screen")).to_have_attribute("data-ply", str(ply))


CAMERA = """
window.__qr = null;  // what the stand-in camera shows: the test sets it to the QR code's text
navigator.mediaDevices.getUserMedia = async () => {
  const canvas = Object.assign(document.createElement("canvas"), {width: 64, height: 48});
  canvas.getContext("2d").fillRect(0, 0, 64, 48);
  return canvas.captureStream(5);
};
window.BarcodeDetector = class {
  async detect() { return window.__qr ? [{rawValue: window.__qr, format: "qr_code"}] : []; }
};
"""
"""A camera and a QR code reader for the page (Chromium on Linux has neither): the picture is a grey canvas, and
the reader reads ``window.__qr`` once the test puts the guest's answer there."""


def test_the_host_reads_the_guest_s_answer_with_the_page_s_own_camera(devices: Devices, live_network: LiveNetwork) -> None:
    base = live_network.base_url
    host, guest = devices(2)
    host.add_init_script(CAMERA)
    host_generala(host, base)
    at_instant_pace(guest)
    open_app(guest, base, "#/join/" + host.locator("#live-invite-generala").input_value().rpartition("/")[2])
    guest.fill("#live-name", "Bob")
    guest.press("#live-name", "Tab")
    guest.get_by_role("button", name="Join").click()
    answer = guest.locator("#live-answer-link")
    expect(answer).to_have_value(re.compile(HANDSHAKE))
    host.get_by_role("button", name="Scan their answer with this device’s camera").click()
    expect(host.locator("video#live-scanner")).to_be_visible()
    expect(host.get_by_text("Hold the answer’s QR code in front of the camera.")).to_be_visible()
    host.evaluate("(text) => { window.__qr = text; }", answer.input_value())
    expect(host.locator(".live-seats li").nth(1)).to_have_text("Bob · connected")
    expect(host.locator("video#live-scanner")).to_have_count(0)  # the camera let go once the code is read
    assert host.evaluate("() => document.querySelectorAll('video').length") == 0


CHANNEL = """
const send = RTCDataChannel.prototype.send;
RTCDataChannel.prototype.send = function (data) { window.__channel = this; return send.call(this, data); };
"""
"""Keeps the page's data channel in ``window.__channel``, so the test can send what the page never would."""


def test_a_guest_that_sends_what_is_not_a_move_is_refused_and_the_third_time_disconnected(
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


def test_the_live_screens_pass_the_accessibility_audit_in_both_themes(devices: Devices, live_network: LiveNetwork) -> None:
    """axe on every screen of a live table, light then dark: the host's invitation, the guest's join form and its
    answer, both tables once the game is under way, and the host's folded invitation while the guest is away."""
    from tests.e2e.test_audit import FAILING, audit  # noqa: PLC0415 - the audit's own helpers, axe inlined

    base = live_network.base_url
    host, guest = devices(2)
    found: dict[str, list[str]] = {}

    def check(page: Page, screen: str) -> None:
        theme = page.evaluate("() => document.documentElement.dataset.theme || 'light'")
        found[f"{screen} ({theme})"] = [v["id"] for v in audit(page) if v["impact"] in FAILING]

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
    host.fill("#live-answer-generala", guest.locator("#live-answer-link").input_value())
    host.press("#live-answer-generala", "Tab")
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
    assert len(found) == 7 and sum(screen.endswith("(dark)") for screen in found) == 2
    assert {screen: ids for screen, ids in found.items() if ids} == {}
