"""The screens of a live table across devices: the panel above the table (who sits where, the invitation and its
answer, the start), an invitation opened by a guest (``#/join/…``), and an answer opened on the host's device
(``#/answer/…``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from etoile.app.model import Live, Model
from etoile.app.routes import Route, href
from etoile.engine.match import Match
from etoile.engine.slot import Slot
from etoile.ui.common import seat_name
from etoile.ui.i18n import Catalog
from etoile.ui.qr import share_box
from etoile.ui.vdom import Attr, El, h

if TYPE_CHECKING:
    from etoile.sharing.fair_dice import Verdict


def link_field(field_id: str, label: str, url: str, qr_label: str, t: Catalog, *, next_: bool = False) -> El:
    """A handshake's link to carry to the other device (:func:`etoile.ui.qr.share_box`), copied by its own button."""
    copy: dict[str, Attr] = {"type": "button", "class": "primary", "data-action": "live-copy", "data-value": url}
    button = h("button", {**copy, "data-next": next_}, t("table.share_copy"))
    return share_box(field_id, label, url, qr_label=qr_label, no_qr=t("table.share_no_qr"), buttons=[button])


def dice_note(dice: Verdict | None, t: Catalog) -> El | None:
    """What the record of a game played live says of its dice: every throw checked, or the first that is not
    (nothing for a game with no throw, or not played live)."""
    if dice is None or not dice.throws:
        return None
    if dice.unchecked is None:
        return h("p", {"class": "dice-note checked", "role": "note"}, t("dice.checked", count=dice.throws))
    return h("p", {"class": "dice-note warning", "role": "alert"}, t("dice.unchecked", n=dice.unchecked + 1))


def seat_state(live: Live, match: Match, seat: int, t: Catalog) -> str:
    """How a seat is played at a live table, as its host or a guest sees it."""
    if match.seats[seat].computer is not None:
        return t("live.seat.computer")
    if live.host is not None:
        device = next((n for n, d in live.host.devices.items() if d.seat == seat), None)
        if device == 0:
            return t("live.seat.here")
        if device is None:
            return t("live.seat.waiting")
        return t("live.seat.connected") if live.host.devices[device].present else t("live.seat.away")
    if live.guest is not None and live.guest.seat == seat:
        return t("live.seat.here")
    if live.guest is not None and seat in live.guest.away:
        return t("live.seat.away")
    return t("live.seat.other")


def live_panel(model: Model, slot: Slot, match: Match, t: Catalog) -> El:
    """Above a live table: who plays where and how they are; at the host's, the open invitation with the field
    where the guest's answer goes, and the start once everyone is seated."""
    live = model.live[slot]
    game_id = slot.game
    seats = h(
        "ul",
        {"class": "live-seats", "aria-live": "polite"},
        [
            h("li", {}, h("strong", {}, seat_name(match, i, t)), " · ", seat_state(live, match, i, t))
            for i in range(len(match.seats))
        ],
    )
    parts: list[El | None] = [h("h2", {"id": f"live-title-{game_id}"}, t("live.title")), seats, dice_note(live.dice, t)]
    host = live.host
    if host is not None:
        waiting = host.missing()
        text = next(iter(live.invitations.values()), "")
        if waiting and text:
            names = [seat_name(match, seat, t) for seat in waiting]
            title = t("live.invite_title", name=names[0]) if len(names) == 1 else t("live.invite_any", names=", ".join(names))
            answer_id = f"live-answer-{game_id}"
            invitation = [
                h("p", {}, t("live.invite_lead")),
                link_field(
                    f"live-invite-{game_id}",
                    t("live.invite_label"),
                    model.address + href(Route("join", link=text)),
                    t("live.invite_qr"),
                    t,
                ),
                scanner(model, live, game_id, t),
                h(
                    "div",
                    {"class": "field"},
                    h("label", {"for": answer_id}, t("live.answer_label")),
                    h("textarea", {"id": answer_id, "rows": "3", "data-action": "live-answer", "spellcheck": "false"}),
                ),
                h("div", {"class": "row"}, h("button", {"type": "button"}, t("live.connect"))),  # leaving the field reads it
            ]
            parts.append(away_choice(live, match, game_id, t))
            if host.started:  # a game under way: the table first, the invitation to come back folded above it
                parts.append(h("details", {"class": "live-invite"}, h("summary", {}, title), invitation))
            else:
                parts += [h("h3", {}, title), *invitation]
        elif waiting:
            parts.append(h("p", {"class": "hint", "aria-live": "polite"}, t("live.making")))
        if not host.started:
            start: dict[str, Attr] = {"type": "button", "class": "primary", "data-action": "live-start", "data-game": game_id}
            parts += [
                h("p", {"class": "hint"}, t("live.start_wait")) if waiting else None,
                h("button", {**start, "disabled": bool(waiting), "data-next": not waiting}, t("live.start")),
            ]
    if live.guest is not None and not live.started:
        parts.append(h("p", {"class": "hint", "aria-live": "polite"}, t("live.wait_start")))
    if live.guest is not None and 0 not in live.connected:
        parts.append(h("p", {"class": "warning", "role": "status"}, t("live.guest_lost")))
    if live.can_go_on:
        go_on: dict[str, Attr] = {
            "type": "button",
            "data-action": "live-go-on",
            "data-game": game_id,
            "data-seed": True,
            "data-secret": True,
        }
        parts += [h("p", {}, t("live.go_on_lead")), h("button", go_on, t("live.go_on"))]
    if live.failed:
        parts.append(h("p", {"class": "warning", "role": "alert"}, t(f"live.failed.{live.failed}")))
    parts.append(table_rules(t))
    return h("section", {"class": "live-panel", "aria-labelledby": f"live-title-{game_id}"}, parts)


def table_rules(t: Catalog) -> El:
    """How a live table works, folded under the panel: the dice thrown by every device, a device that does not
    answer in time, a seat whose device stays away, a host that goes."""
    return h(
        "details",
        {"class": "live-rules"},
        h("summary", {}, t("live.rules.title")),
        h("ul", {}, [h("li", {}, t(f"live.rules.{key}")) for key in ("dice", "late", "away", "host")]),
    )


def scanner(model: Model, live: Live, game_id: str, t: Catalog) -> El | None:
    """Where the browser reads QR codes: the button that reads the guest's answer with the camera, and while it
    does, the camera's picture and the button that stops it."""
    if not model.can_scan:
        return None
    button: dict[str, Attr] = {"type": "button", "data-game": game_id}
    if not live.scanning:
        return h("div", {"class": "row"}, h("button", {**button, "data-action": "live-scan"}, t("live.scan")))
    video: dict[str, Attr] = {"id": "live-scanner", "playsinline": True, "muted": True, "aria-label": t("live.scan_video")}
    return h(
        "div",
        {"class": "scanner"},
        h("video", video),
        h("p", {"class": "hint", "aria-live": "polite"}, t("live.scan_hint")),
        h("button", {**button, "data-action": "live-scan-stop"}, t("live.scan_stop")),
    )


def away_choice(live: Live, match: Match, game_id: str, t: Catalog) -> El | None:
    """At the host's, once a guest's seat has been without its device for a while: the computer may play it (until
    the guest is back), or the game may end for everyone."""
    host = live.host
    if host is None or not host.started or match.result is not None:
        return None
    away = [i for i in host.missing() if i in live.overdue and match.seats[i].computer is None]
    if not away:
        return None
    button: dict[str, Attr] = {"type": "button", "data-game": game_id}
    take_over = [
        h(
            "button",
            {**button, "data-action": "live-take-over", "data-index": i},
            t("live.take_over", name=seat_name(match, i, t)),
        )
        for i in away
    ]
    return h(
        "div",
        {"class": "live-away", "role": "group", "aria-label": t("live.end")},
        h("p", {}, t("live.away_lead")),
        h("div", {"class": "row"}, take_over, h("button", {**button, "data-action": "live-end"}, t("live.end"))),
    )


def join_screen(model: Model, t: Catalog) -> El:
    """An invitation opened: the guest's name and the join; then the answer to show the host, till the table opens."""
    joining = model.joining
    if joining is None:
        return h(
            "div",
            {"class": "link-refused"},
            h("h1", {"tabindex": "-1"}, t("join.title")),
            h("p", {"class": "lead"}, t("join.unreadable")),
            h("p", {}, h("a", {"class": "button primary", "href": "#/"}, t("link.leave"))),
        )
    if joining.answer is None:
        return h(
            "div",
            {"class": "join"},
            h("h1", {"tabindex": "-1"}, t("join.title")),
            h("p", {"class": "lead"}, t("join.lead")),
            h("label", {"for": "live-name"}, t("join.name")),
            h(
                "input",
                {
                    "id": "live-name",
                    "type": "text",
                    "value": model.settings.name,
                    "data-action": "set-name",
                    "autocomplete": "nickname",
                },
            ),
            h(
                "div",
                {"class": "row"},
                h(
                    "button",
                    {"type": "button", "class": "primary", "data-action": "live-join", "data-secret": True, "data-next": True},
                    t("join.button"),
                ),
            ),
            joining.failed and h("p", {"class": "warning", "role": "alert"}, t(f"live.failed.{joining.failed}")),
        )
    return h(
        "div",
        {"class": "join"},
        h("h1", {"tabindex": "-1"}, t("join.answer_title")),
        h("p", {"class": "lead"}, t("join.answer_lead")),
        link_field(
            "live-answer-link",
            t("join.answer_label"),
            model.address + href(Route("answer", link=joining.answer)),
            t("join.answer_qr"),
            t,
            next_=True,
        ),
        h("p", {"class": "hint", "aria-live": "polite"}, t("join.connected" if joining.connected else "join.waiting")),
        joining.failed and h("p", {"class": "warning", "role": "alert"}, t(f"live.failed.{joining.failed}")),
    )


def answer_screen(model: Model, t: Catalog) -> El:
    """A guest's answer opened on the host's device, in a tab that does not hold the table: handed over."""
    from etoile.sharing import handshake  # noqa: PLC0415 - loaded with the screen

    try:
        handshake.decode(model.route.link or "")
    except handshake.Unreadable:
        lead = t("answer.unreadable")
    else:
        lead = t("answer.handed")
    return h(
        "div",
        {"class": "join"},
        h("h1", {"tabindex": "-1"}, t("answer.title")),
        h("p", {"class": "lead"}, lead),
        h("p", {}, h("a", {"class": "button", "href": "#/"}, t("link.leave"))),
    )
