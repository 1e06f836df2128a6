"""How fast a live table is across two devices: from the host reading a guest's answer to the guest seated, and
from a player's throw on one device to its dice on the other.

    python3 dev.py bench live [--throws 10]

Two browser contexts are the devices, in a network namespace of their own (:mod:`tests.e2e.network`: WebRTC
really connects, over a veth pair, no server). Ann hosts Generala, Bob joins by her invitation, and Ann's page
reads his answer as a pasted link (what the camera's reader hands over): *connect* is the time from that to Bob's
seat shown "connected" on her device (the description written back, ICE, DTLS, the data channel, Bob's hello and
her welcome). Then each throws once and fills a box, in turn. For each of Bob's throws, *own* is the time from
his click to the dice shown on his device, *other* the time to the same dice on Ann's. Both go through the host
and the fair dice (Bob's action to Ann, her call for links, his link back, the throw drawn and sent), so their
ratio says what the other device waits beyond the thrower. Times come from each page's own clock
(``performance.timeOrigin + now()``: one machine, one clock). Nothing is asserted: the figures go to
docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics

from playwright.sync_api import Page, expect, sync_playwright

from bench.browser import ARGS
from tests.e2e.network import closed_network
from tests.e2e.support import fill_box
from tools.build import SITE

WATCH = """() => {
  const now = () => performance.timeOrigin + performance.now();
  window.__plies = [];
  window.__clicks = [];
  document.addEventListener("click", () => window.__clicks.push(now()), true);
  document.addEventListener("change", () => window.__clicks.push(now()), true);
  let last = null;
  new MutationObserver(() => {
    const table = document.querySelector(".table-screen");
    const ply = table && table.getAttribute("data-ply");
    if (ply !== null && ply !== last) { last = ply; window.__plies.push([Number(ply), now()]); }
    const seat = document.querySelectorAll(".live-seats li")[1];
    if (seat && !window.__seated && seat.textContent.includes("connected")) window.__seated = now();
  }).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
}"""
SETTINGS = json.dumps({"schema": 1, "data": {"speed": "off"}})
SEED = f"""if (!sessionStorage.getItem("bench-seeded")) {{
  localStorage.setItem("etoile:settings", {json.dumps(SETTINGS)});
  sessionStorage.setItem("bench-seeded", "1");
}}"""


def shown_at(page: Page, ply: int) -> float:
    """When ``page`` first showed its table at ``ply`` actions or more."""
    return min(t for p, t in page.evaluate("() => window.__plies") if p >= ply)


def ply_of(page: Page) -> int:
    return int(page.locator(".table-screen").get_attribute("data-ply") or 0)


def seat_bob(ann: Page, bob: Page, base: str) -> float:
    """Ann hosts Generala, Bob joins by her invitation; the time (ms) from her reading his answer to his seat shown
    connected on her device."""
    ann.goto(base + "#/generala/new")
    ann.wait_for_selector("html[data-ready='true']")
    ann.fill("#seat-0-detail", "Ann")
    ann.select_option("#seat-1-kind", "device")
    ann.fill("#seat-1-detail", "Bob")
    ann.press("#seat-1-detail", "Tab")
    ann.locator("[data-action='setup-start']").click()
    invitation = ann.locator("#live-invite-generala")
    expect(invitation).to_have_value(re.compile("#/join/"))
    bob.goto(base + "#/join/" + invitation.input_value().rpartition("/")[2])
    bob.wait_for_selector("html[data-ready='true']")
    bob.fill("#live-name", "Bob")
    bob.press("#live-name", "Tab")
    bob.locator("[data-action='live-join']").click()
    answer = bob.locator("#live-answer-link")
    expect(answer).to_have_value(re.compile("#/answer/"))
    ann.evaluate(WATCH)
    ann.fill("#live-answer-generala", answer.input_value())
    ann.press("#live-answer-generala", "Tab")  # the change: the answer read, as the camera's reader hands it over
    expect(ann.locator(".live-seats li").nth(1)).to_contain_text("connected")
    return float(ann.evaluate("() => window.__seated - window.__clicks[window.__clicks.length - 1]"))


def time_throws(ann: Page, bob: Page, count: int) -> tuple[list[float], list[float]]:
    """Play turn by turn (a throw and a box each) until Bob has thrown ``count`` times: for each of his throws, the
    time (ms) from his click to the dice on his device and on Ann's."""
    ann.locator("[data-action='live-start']").click()
    bob.wait_for_selector(".table-screen:not(:has(.table-body[inert]))")
    bob.evaluate(WATCH)
    for page in (ann, bob):  # who starts: each throws on their own device
        page.get_by_role("button", name="Throw the five dice").click()
    expect(ann.locator(".status")).to_contain_text("Round 1/10")
    own: list[float] = []
    other: list[float] = []
    while len(own) < count and not ann.locator(".result h2").count():
        ply = ply_of(ann)
        expect(bob.locator(".table-screen")).to_have_attribute("data-ply", str(ply))
        mover = bob if "Bob to play" in ann.locator(".status").inner_text() else ann
        mover.get_by_role("button", name="Throw", exact=True).click()
        expect(ann.locator(".table-screen")).not_to_have_attribute("data-ply", str(ply))
        after = max(ply_of(ann), ply_of(bob))
        for page in (ann, bob):
            expect(page.locator(".table-screen")).to_have_attribute("data-ply", str(after))
        if mover is bob:
            clicked = bob.evaluate("() => window.__clicks[window.__clicks.length - 1]")
            own.append(shown_at(bob, after) - clicked)
            other.append(shown_at(ann, after) - clicked)
        fill_box(mover, mover.locator(".sheet button.fill:visible").first)
        expect(ann.locator(".table-screen")).not_to_have_attribute("data-ply", str(after))
    return own, other


def spread(times: list[float]) -> str:
    return f"median {statistics.median(times):.0f} ms, spread {min(times):.0f}-{max(times):.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--throws", type=int, default=10, help="throws of Bob's to time (at most one a round)")
    args = parser.parse_args()
    with closed_network(SITE, os.environ.get("CHROMIUM", "/usr/bin/chromium")) as network, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(network.chromium), args=ARGS)
        ann, bob = (browser.new_context(base_url=network.base_url).new_page() for _ in range(2))
        for page in (ann, bob):
            page.add_init_script(SEED)
            page.set_default_timeout(30_000)
        connect = seat_bob(ann, bob, network.base_url)
        own, other = time_throws(ann, bob, args.throws)
        browser.close()
    print(f"connect (answer read → guest seated, on the host): {connect:.0f} ms")
    print(f"Bob's throws timed: {len(own)}")
    print(f"own device   (click → dice shown): {spread(own)}")
    print(f"other device (click → dice shown): {spread(other)}")
    ratios = [o / max(s, 1) for o, s in zip(other, own, strict=True)]
    print(f"other / own: median {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
