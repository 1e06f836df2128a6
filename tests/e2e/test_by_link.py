"""Chinese checkers by link between devices (browser contexts): each move carried in the link the table offers,
clicked on the board like a player, each device keeping its own copy; stale, tampered and parting links."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from etoile.engine.match import Match, Seat
from etoile.games.chinese_checkers import rules as cc
from etoile.saved.settings import Settings
from etoile.saved.storage import MemoryBackend, Store
from etoile.sharing import by_link, link
from tests.e2e import positions
from tests.e2e.conftest import TIMEOUT_MS, fix_seed, open_app
from tests.e2e.support import local_storage, seed_once, t

GAME = "chinese-checkers"
CODE = by_link.new_id(positions.SEED)
SLOT = f"{GAME}/{CODE}"


def device(browser: Browser, base_url: str) -> Page:
    """Another device: a browser context of its own, with its own storage; like the test's own page, it fails the
    test if the app asks anything of another origin (a link names a game, not a server)."""
    page = browser.new_context(locale="en-GB").new_page()
    page.set_default_timeout(TIMEOUT_MS)
    origin = urlsplit(base_url).netloc
    page.on("request", lambda request: _same_origin(request.url, origin))
    return page


def _same_origin(url: str, origin: str) -> None:
    parts = urlsplit(url)
    assert parts.scheme not in ("http", "https", "ws", "wss") or parts.netloc == origin, f"a request to {url}"


def stored(page: Page, slot: str = SLOT) -> Match:
    """The copy of the game by link this device keeps."""
    return Match.from_json(json.loads(local_storage(page)[f"etoile:match:{slot}"])["data"])


def click_move(page: Page, action: cc.Move) -> None:
    """Play ``action`` by clicking its piece, then each hole it lands on, as a player does."""
    for hole in action.path:
        page.locator(f".spot[data-hole='{hole}']").click()
    expect(page.locator(f".spot[data-hole='{action.path[-1]}'] .piece")).to_be_visible()


def link_to_send(page: Page, base_url: str) -> str:
    """The link the table offers once a friend is to move (what the player copies or shows as a QR code)."""
    box = page.locator(".send-move")
    expect(box).to_be_visible()
    expect(box.get_by_role("img", name=t("en", "table.share_qr"))).to_be_visible()
    url = box.get_by_label(t("en", "bylink.link_label")).input_value()
    assert url.startswith(base_url + "#/link/1.play.")
    return url


def arrive(page: Page, url: str, told: str) -> None:
    """Open a link on a device (a first visit, or a link opened in the app already there) and see what it says."""
    page.goto(url)
    page.wait_for_selector("html[data-ready='true']")
    expect(page.locator(f'.notice[data-notice="{told}"]')).to_be_visible()
    page.wait_for_url(lambda u: "#/chinese-checkers/by-link/" in u)


def by_link_items(seats: tuple[Seat, ...], match: Match) -> dict[str, str]:
    backend = MemoryBackend()
    store = Store(backend)
    store.save_settings(Settings(language="en"))
    store.save_match(by_link.replace_seats(match, seats), SLOT)
    return dict(backend.items)


def test_a_two_player_game_by_link_is_played_to_its_end_between_two_devices(page: Page, base_url: str, browser: Browser) -> None:
    whole = positions.finished(GAME)
    near_end = by_link.sent(whole.at(whole.cursor - 3))  # three moves from its end, the rest to be clicked
    seed_once(page, by_link_items((Seat("Ann"), Seat("Bob", away=True)), near_end))
    open_app(page, base_url, f"#/{GAME}/by-link/{CODE}")
    expect(page.locator(".by-link-note")).to_have_text(t("en", "bylink.with", names="Bob"))
    friend = device(browser, base_url)
    pages, holds = (page, friend), [True, False]
    latest = page
    if stored(page).friend_to_move is not None:  # Bob moves first: Ann's device offers his link at once
        arrive(friend, link_to_send(page, base_url), "bylink.arrived.new")
        latest, holds[1] = friend, True
    while True:
        # Whoever is to move clicks the move on their own device, and sends the link it offers to the other one.
        match = stored(latest)
        seat = match.person_to_move
        assert seat is not None and pages[seat] is latest
        expect(latest.locator(".send-move")).to_have_count(0)  # nothing to send on this device's own turn
        click_move(latest, whole.played[match.cursor])
        url = link_to_send(latest, base_url)
        over = stored(latest).result is not None
        other = 1 - seat
        told = ("moved" if holds[other] else "new") + ("_over" if over else "")
        arrive(pages[other], url, f"bylink.arrived.{told}")
        latest, holds[other] = pages[other], True
        if over:
            break
    expect(latest.locator(".send-move")).to_have_count(0)  # the last move came from the other device
    for each in pages:
        assert stored(each).played == whole.played and stored(each).result is not None
        expect(each.locator("#cc-status")).to_have_text(t("en", "chinese_checkers.status.over"))
        each.goto(base_url + "#/")
        expect(each.locator(".by-link-game")).to_have_attribute("data-status", "over")
    friend.context.close()


def first_move(page: Page, slot: str) -> cc.Move:
    """The first legal move of the seat to move on this device."""
    match = stored(page, slot)
    assert match.person_to_move is not None
    return next(iter(cc.legal_actions(match.state)))


def test_three_players_set_up_by_link_each_link_goes_to_the_next_player(page: Page, base_url: str, browser: Browser) -> None:
    seed = 4242
    fix_seed(page, seed)
    slot = f"{GAME}/{by_link.new_id(seed)}"
    open_app(page, base_url, f"#/{GAME}/new")
    page.locator("#setup-players").select_option("3")
    for index, (kind, name) in enumerate((("person", "Ann"), ("friend", "Bob"), ("friend", "Cleo"))):
        page.select_option(f"#seat-{index}-kind", kind)
        page.fill(f"#seat-{index}-detail", name)
        page.press(f"#seat-{index}-detail", "Tab")
    expect(page.locator(".seats .hint")).to_have_text(t("en", "setup.by_link_note"))
    page.locator("[data-action='setup-start']").click()
    page.wait_for_url(f"**#/{GAME}/by-link/{by_link.new_id(seed)}")
    expect(page.locator(".by-link-note")).to_have_text(t("en", "bylink.with", names="Bob, Cleo"))
    click_move(page, first_move(page, slot))
    expect(page.locator(".send-move h2")).to_have_text(t("en", "bylink.send_title", name="Bob"))
    to_bob = link_to_send(page, base_url)

    bob, cleo = device(browser, base_url), device(browser, base_url)
    arrive(bob, to_bob, "bylink.arrived.new")
    expect(bob.locator(".by-link-note")).to_have_text(t("en", "bylink.with", names="Ann, Cleo"))
    click_move(bob, first_move(bob, slot))
    expect(bob.locator(".send-move h2")).to_have_text(t("en", "bylink.send_title", name="Cleo"))
    arrive(cleo, link_to_send(bob, base_url), "bylink.arrived.new")
    click_move(cleo, first_move(cleo, slot))
    expect(cleo.locator(".send-move h2")).to_have_text(t("en", "bylink.send_title", name="Ann"))
    arrive(page, link_to_send(cleo, base_url), "bylink.arrived.moved")
    assert stored(page, slot).cursor == 3 and stored(page, slot).person_to_move == 0
    assert stored(page, slot).played == stored(cleo, slot).played
    assert [s.away for s in stored(page, slot).seats] == [False, True, True]
    assert [s.away for s in stored(bob, slot).seats] == [True, False, True]
    expect(page.locator("#cc-status")).to_contain_text("Ann")
    page.goto(base_url + "#/")
    expect(page.locator(".by-link-game")).to_have_attribute("data-status", "your_turn")
    expect(bob.locator(".notice").last).to_be_visible()
    bob.goto(base_url + "#/")
    expect(bob.locator(".by-link-game .by-link-status")).to_have_text(t("en", "bylink.status.waiting", name="Cleo"))
    for other in (bob, cleo):
        other.context.close()


@pytest.mark.browser_context_args(service_workers="allow")  # it opens a link offline
def test_a_stale_a_tampered_and_a_parting_link_change_nothing_until_the_player_chooses(page: Page, base_url: str) -> None:
    seats = (Seat("Ann"), Seat("Bob", away=True))
    start = Match.new(cc, {"players": 2}, positions.SEED, seats)
    ann_move = next(iter(cc.legal_actions(start.state)))
    after_ann = start.play(ann_move)
    bob_moves = list(cc.legal_actions(after_ann.state))
    game = after_ann.play(bob_moves[0])  # Ann's device has Bob's first reply; her turn
    seed_once(page, by_link_items(seats, game))
    open_app(page, base_url, f"#/{GAME}/by-link/{CODE}")
    before = local_storage(page)

    def url(match: Match) -> str:
        return f"{base_url}#/link/{link.encode(match, 'play', CODE)}"

    arrive(page, url(after_ann), "bylink.arrived.stale")  # Ann's own link to Bob, opened again
    assert local_storage(page) == before
    page.goto(base_url + "#/")  # what the link did is said at its table, not on the next screens
    expect(page.locator(".game-card")).to_have_count(3)
    expect(page.locator(".notice")).to_have_count(0)
    good = url(game)
    for bad, reason in ((good[:-10], "damaged"), (good[:-4] + ("x" if good[-4] != "x" else "y") + good[-3:], "damaged")):
        page.goto(bad)
        expect(page.locator(".link-refused .lead")).to_have_text(t("en", f"link.refused.{reason}"))
        assert local_storage(page) == before

    other = after_ann.play(bob_moves[1])  # a reply Bob took back and changed: it parts from Ann's copy at move 2
    page.goto(base_url + "#/")
    page.wait_for_selector("html[data-offline='ready']")
    page.context.set_offline(True)  # a link opens offline too, once Étoile has been visited
    arrive(page, url(other), "bylink.arrived.rival")
    rival = page.locator(".rival")
    expect(rival.locator("h2")).to_have_text(t("en", "bylink.rival_title"))
    here, there = cc.action_to_text(bob_moves[0]), cc.action_to_text(bob_moves[1])
    expect(rival.locator("p")).to_have_text(t("en", "bylink.rival_lead", move=2, here=here, there=there))
    assert (
        f"etoile:rival:{SLOT}" in local_storage(page)
        and local_storage(page)[f"etoile:match:{SLOT}"] == before[f"etoile:match:{SLOT}"]
    )
    page.reload()
    page.wait_for_selector("html[data-ready='true']")
    expect(page.locator(".rival")).to_be_visible()  # both kept, across a reload, until the choice
    page.goto(base_url + "#/")
    expect(page.locator(".by-link-game")).to_have_attribute("data-status", "rival")
    page.locator(".by-link-game a").click()
    page.get_by_role("button", name=t("en", "bylink.rival_take")).click()
    expect(page.locator(".rival")).to_have_count(0)
    expect(page.locator(".notice").last).to_contain_text(t("en", "bylink.took_link"))
    assert f"etoile:rival:{SLOT}" not in local_storage(page)
    assert stored(page).played == other.played and stored(page).person_to_move == 0
    page.goto(good[:-10])  # a damaged link after the choice: it replaced nothing, and is not said to have
    expect(page.locator(".link-refused .lead")).to_have_text(t("en", "link.refused.damaged"))
    expect(page.locator(".notice")).to_have_count(0)
    page.context.set_offline(False)
