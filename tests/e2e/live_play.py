"""What the live tables' browser tests do as players: host a game, seat a guest by its invitation and answer,
play a turn on the mover's device, and wait for every device to show the same table."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import open_app
from tests.e2e.support import at_instant_pace, fill_box


def host_game(page: Page, base_url: str, game: str, guests: list[str], options: tuple[str, ...] = ()) -> None:
    """Ann sets up ``game`` on her device, a seat on its own device for each of ``guests``, ticks ``options`` by
    their labels, and opens the table."""
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
    for label in options:
        page.get_by_label(label, exact=True).check()
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


DICE = "() => [...document.querySelectorAll('.dice-row .die')].map((die) => die.getAttribute('aria-label')).join('|')"
"""The dice a page shows, as one text."""


def play_turn(host: Page, guest: Page) -> None:
    """The player to move throws once and fills the first box offered, on their own device; the other device
    shows the same dice. Read, and left, once both devices show the same table: the host draws after it sends, so
    the guest may show a move (the last one, the game over) before the host does."""
    in_step([host, guest])
    status = host.locator(".status").inner_text()
    expect(guest.locator(".status")).to_have_text(status)
    mover, watcher = (host, guest) if "Ann to play" in status else (guest, host)
    mover.get_by_role("button", name="Throw", exact=True).click()
    expect(mover.locator(".dice-row .die")).to_have_count(5)
    faces = mover.evaluate(DICE)
    watcher.wait_for_function(f"(faces) => ({DICE})() === faces", arg=faces)  # the same dice on the other device
    fill_box(mover, mover.locator(".sheet button.fill:visible").first)
    expect(mover.locator(".status")).not_to_have_text(status)
    in_step([host, guest])


def start(host: Page, guest: Page) -> None:
    """The host starts the game; the tables, inert till then, take clicks; each throws for who starts, on their own
    device (Ann's the host, Bob's the guest), again after a tie."""
    host.get_by_role("button", name="Start the game").click()
    for page in (host, guest):
        expect(page.locator(".table-body[inert]")).to_have_count(0)
    while "Who starts?" in host.locator(".status").inner_text():
        ply = in_step([host, guest])  # read once both show the same: the host draws after it sends
        mover = host if "Ann throws" in host.locator(".status").inner_text() else guest
        mover.get_by_role("button", name="Throw the five dice").click()
        expect(host.locator(".table-screen")).not_to_have_attribute("data-ply", str(ply))
    for page in (host, guest):
        expect(page.locator(".status")).to_contain_text("Round 1/10 · throw 0/3")


def ply_of(page: Page) -> int:
    """How many actions the table on ``page`` shows."""
    return int(page.locator(".table-screen").get_attribute("data-ply") or 0)


def in_step(pages: list[Page]) -> int:
    """How many actions every device's table shows, once they all show as many, twice running (a device may draw a
    message before the host draws the action it sent: the host sends first, then draws)."""
    seen: tuple[int, ...] = ()
    for _ in range(600):
        plies = tuple(ply_of(page) for page in pages)
        if len(set(plies)) == 1 and plies == seen:
            return plies[0]
        seen = plies
        pages[0].wait_for_timeout(25)
    raise AssertionError(f"the devices never showed the same table: {seen}")


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


def play_cc_to_the_end(players: dict[str, Page]) -> None:
    """Each player moves on their own device (the first of their pieces that can go, to its first hole) till the
    game ends on every one."""
    pages = list(players.values())
    host = pages[0]
    while not host.locator(".result h2").is_visible():
        ply = in_step([host])  # the host holds the table: the mover's device waits to show what it shows
        status = host.locator(".status").inner_text()
        name = next(name for name in players if status.startswith(f"{name} to play"))
        expect(players[name].locator(".table-screen")).to_have_attribute("data-ply", str(ply))
        my_move(players[name], name)
        expect(host.locator(".table-screen")).not_to_have_attribute("data-ply", str(ply))
    in_step(pages)


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


CHANNEL = """
const send = RTCDataChannel.prototype.send;
RTCDataChannel.prototype.send = function (data) {
  window.__channel = this;
  if (window.__silent && String(data).includes('"t":"link"')) return;  // a device that never reveals its link
  return send.call(this, data);
};
"""
"""Keeps the page's data channel in ``window.__channel``, so the test can send what the page never would; and
drops the page's dice links once ``window.__silent`` is set."""
