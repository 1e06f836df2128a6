"""A live table in the app: the host's table and its invitations, a guest joining, and the game played across
devices, every message of :mod:`etoile.sharing.live` carried by the runtime's data channels.

The host sets up a game with seats played "on their own device"; its table opens with an invitation for the first
of them (a QR code and a link, ``#/join/<offer>``). A guest who opens it names themselves and joins: the page
shows its answer (a QR code and a link, ``#/answer/<answer>``), which the host reads back (pasted, or opened by the
host's camera app in another tab, which hands it over). The channel opens; the guest says hello and is welcomed
with the game. Each device then keeps its copy in the game's slot (the table's id as its code, like a game by
link), and every action goes through the host. A throw waits :data:`LINK_WAIT` seconds for the devices' links.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache

from etoile.app import effects as fx
from etoile.app import messages as m
from etoile.app.effects import Effect
from etoile.app.model import Joining, Live, Model
from etoile.app.play import setup_of, slot_of_msg, table_step, with_live_match
from etoile.app.routes import HOME, Route, href
from etoile.app.table import TABLES
from etoile.engine.game import IllegalAction
from etoile.engine.match import Match
from etoile.engine.slot import Slot
from etoile.sharing import by_link, handshake
from etoile.sharing.fair_dice import Chain
from etoile.sharing.live import GuestTable, HostTable, Kept, Out, Refused, read

AWAY_WAIT = 60.0
"""Seconds a guest's seat stays without its device before the host may let the computer play it, or end the game."""
LINK_WAIT = 10.0
"""Seconds a throw waits for the devices' links before it goes on without those missing (their devices are away)."""
SCAN_FAILURES = ("denied", "no_camera")
"""Why the camera could not read an answer (:class:`~etoile.app.messages.LiveScanned`), each told in its own words."""
FAILURES = ("timeout", "no_address", "unknown")
"""Why a connection could not be made (:class:`~etoile.app.messages.PeerFailed`), each told in its own words."""


GUEST_CHAIN = 10_001
"""The links of a guest's chain: one per throw of the longest game of any kind (a guest commits before it knows
which game it joins)."""


def chain_of(secret: str, match: Match) -> Chain:
    """The chain the host commits to at ``match``'s table: ``secret`` (64 hexadecimal digits, drawn by the page)
    as its last link, one link per throw the longest game could have."""
    return made(secret, match.game.max_actions(match.options) + 1)


@cache
def made(secret: str, length: int) -> Chain:
    """The chain of ``secret`` (made once: ten thousand hashes take a few tens of milliseconds in the page)."""
    return Chain.new(bytes.fromhex(secret), length)


def slot_of(model: Model, table: str) -> Slot | None:
    """The slot of the live table ``table`` on this device, if it has one."""
    return next((slot for slot, live in model.live.items() if live.table == table), None)


def host(model: Model, game: str, match: Match, *, guests: set[int], seed: int, secret: str) -> tuple[Model, list[Effect]]:
    """Open a live table for ``match``, whose seats ``guests`` are played on other devices: its slot, its table,
    and the invitation of the first guest."""
    code = by_link.new_id(seed)
    slot = Slot(game, code)
    table, _ = HostTable.open(match, code, chain_of(secret, match), guests)
    live = Live(host=table, invitations={1: ""})  # the first guest's invitation, being made
    tables = {**model.tables, slot: TABLES[game].start(match)}
    model = replace(model, live={**model.live, slot: live}, matches={**model.matches, slot: match}, tables=tables)
    navigate = fx.Navigate(href(Route("game", game, by_link=code)))
    return model, [fx.SaveMatch(slot), fx.SaveLive(slot), navigate, fx.Invite(code, 1)]


def go_on(model: Model, slot: Slot, seed: int, secret: str) -> tuple[Model, list[Effect]]:
    """The game of the table joined in ``slot``, whose host is gone, going on from this device as a new table (its
    fair dice going on from the old table's): this device's seat played here, the other people's by invitation."""
    live = model.live[slot]
    guest = live.guest
    if guest is None or not live.can_go_on:
        return model, []
    match = guest.match
    guests = {i for i, s in enumerate(match.seats) if s.computer is None and i != guest.seat}
    seats = tuple(replace(s, away=i in guests) for i, s in enumerate(match.seats))
    match = replace(match, seats=seats)
    code = by_link.new_id(seed)
    table, _ = HostTable.open(match, code, chain_of(secret, match), guests, before=guest.fair)
    table, _ = table.start()
    model = replace(model, live={**model.live, slot: Live(host=table, invitations={1: ""})})
    model, effects = with_live_match(model, slot, table.match)
    later = [fx.Later(AWAY_WAIT, m.LiveAway(code, seat)) for seat in table.missing()]
    return model.notify("live.went_on", "info"), [*effects, fx.SaveLive(slot), fx.Invite(code, 1), *later]


def host_setup(model: Model, game: str, seed: int, secret: str) -> tuple[Model, list[Effect]]:
    """Start the game set up with seats on other devices: its live table, held here."""
    setup = setup_of(model, game)
    if not secret:
        return model, []
    try:
        match = Match.new(TABLES[game].GAME, setup.options_json(), seed, setup.match_seats())
    except ValueError as error:  # a combination of options the game does not offer
        return model.notify("setup.invalid", "warning", details=str(error)), []
    model = replace(model, setups={**model.setups, game: setup})
    model, effects = host(model, game, match, guests=setup.guests(), seed=seed, secret=secret)
    return model, [*effects, fx.Sound("start")]


def at_table(model: Model, msg: m.GameMsg) -> tuple[Model, list[Effect]]:
    """An action at a live table (a person's here, a computer's the host plays, a table's own message): played
    through the table; nothing is taken back or played again, since the table's moves are everyone's."""
    slot = slot_of_msg(model, msg)
    match_ = model.matches.get(slot) if slot is not None else None
    if slot is None or match_ is None:
        return model, []
    game = match_.game
    match msg:
        case m.Play(action) if match_.person_to_move is not None:
            return _played(model, slot, match_, game.action_from_json(action))
        case m.ComputerMove(ply=ply, action=action) if ply == match_.cursor and model.live[slot].host is not None:
            return _played(model, slot, match_, game.action_from_json(action))
        case m.AtTable(msg=own) | (m.CoachAnswer() as own):

            def keep(model: Model, after: Match, local: object) -> tuple[Model, list[Effect]]:
                return play_here(replace(model, tables={**model.tables, slot: local}), slot, match_, after)

            return table_step(model, slot, match_, own, keep)
    return model, []


def _played(model: Model, slot: Slot, match: Match, action: object) -> tuple[Model, list[Effect]]:
    try:
        after = match.play(action)
    except IllegalAction as error:
        return model.notify("play.illegal", "warning", details=str(error)), []
    return play_here(model, slot, match, after)


def next_device(live: Live) -> int:
    """The number of the next guest device (never one used before at this table)."""
    assert live.host is not None
    return max([*live.host.devices, *live.invitations]) + 1


def wants_guest(live: Live) -> bool:
    """Whether a seat waits for a guest: one of the guests' seats has no device present."""
    return live.host is not None and bool(live.host.missing())


def _send(table: str, out: list[Out], devices: list[int]) -> list[Effect]:
    """The effects that carry ``out`` (each to its device, or to every guest in ``devices``)."""
    effects: list[Effect] = []
    for item in out:
        for device in [item.device] if item.device is not None else devices:
            effects.append(fx.Transmit(table, device, item.text(), close=item.close))
    return effects


def _held(model: Model, slot: Slot, table: HostTable, out: list[Out]) -> tuple[Model, list[Effect]]:
    """The model with the host's table after a message, and what it sends; the game in the slot follows. A seat
    its device just left is timed (:data:`AWAY_WAIT`); one whose device came back is no longer overdue."""
    before = model.live[slot]
    missing = set(table.missing())
    live = replace(before, host=table, overdue=before.overdue & missing)
    model = replace(model, live={**model.live, slot: live})
    effects = [*_send(table.fair.id, out, table.present()), fx.SaveLive(slot)]
    if table.started and table.match.result is None:
        known = set(before.host.missing()) if before.host is not None and before.host.started else set()
        effects += [fx.Later(AWAY_WAIT, m.LiveAway(table.fair.id, seat)) for seat in sorted(missing - known)]
    if table.throw is not None:
        effects.append(fx.Later(LINK_WAIT, m.LiveThrowLate(table.fair.id, table.throw.n)))
    if table.match is not model.matches.get(slot):
        model, more = with_live_match(model, slot, table.match)
        effects += more
    return model, effects


def play_here(model: Model, slot: Slot, match: Match, after: Match) -> tuple[Model, list[Effect]]:
    """The actions played at this device's table (``match`` became ``after``: a person here, or the host's
    computer), sent through the table: the host applies them, a guest asks the host to."""
    live = model.live[slot]
    actions = after.played[match.cursor :] if after.played[: match.cursor] == match.played else ()
    if live.host is not None:
        table, effects = live.host, list[Effect]()
        for action in actions:
            try:
                table, out = table.act(0, {"t": "act", "at": table.match.cursor, "action": match.game.action_to_json(action)})
            except Refused:
                break
            model, more = _held(model, slot, table, out)
            effects += more
        return model, effects
    if live.guest is not None and actions:
        text = Out(0, live.guest.act(actions[0])).text()
        return model, [fx.Transmit(live.table, 0, text)]
    return model, []


def update(model: Model, msg: m.Live) -> tuple[Model, list[Effect]]:
    """A live table's message."""
    match msg:
        case m.Invited(table, device, text) if (slot := slot_of(model, table)) is not None:
            live = model.live[slot]
            invitations = {**live.invitations, device: text}
            return replace(model, live={**model.live, slot: replace(live, invitations=invitations)}), []
        case m.LiveAnswer(text):
            return _answer(model, text)
        case m.LiveCopy(text):
            return model, [fx.Copy(Slot(""), text)]
        case m.PeerOpened(table, device):
            return _opened(model, table, device)
        case m.PeerSaid(table, device, text):
            return _said(model, table, device, text)
        case m.PeerClosed(table, device) if (slot := slot_of(model, table)) is not None:
            live = model.live[slot]
            model = replace(model, live={**model.live, slot: replace(live, connected=live.connected - {device})})
            if live.host is not None:
                model, effects = _held(model, slot, *live.host.left(device))
                model, more = invite(model, slot)
                return model, [*effects, *more]
            return model.notify("live.host_gone", "warning"), []
        case m.PeerFailed(table, device, reason, detail):
            if model.joining is not None and model.joining.table == table:
                return replace(model, joining=replace(model.joining, failed=reason)), []
            if (slot := slot_of(model, table)) is not None:
                live = replace(model.live[slot], failed=reason)
                return replace(model, live={**model.live, slot: live}).notify(
                    f"live.failed.{reason}", "warning", details=detail
                ), []
        case m.LiveJoin(secret) if model.joining is not None and model.joining.answer is None:
            if not model.settings.name:
                return model.notify("live.name_needed", "warning"), [fx.Focus("#live-name")]
            known = joined_before(model, model.joining.table)
            if known is not None:  # this device joined the table before: its chain goes on, after the links it sent
                secret = known.chain.links[-1].hex()
            joining = replace(model.joining, name=model.settings.name, secret=secret, failed=None)
            return replace(model, joining=joining), [fx.AnswerInvitation(joining.offer)]
        case m.Answered(table, _, text) if model.joining is not None and model.joining.table == table:
            return replace(model, joining=replace(model.joining, answer=text)), []
        case m.LiveStart(game) if (slot := model.route.slot) and game in (None, slot.game) and slot in model.live:
            live = model.live[slot]
            if live.host is None or live.host.started:
                return model, []
            return _held(model, slot, *live.host.start())
        case m.LiveAway(table, seat) if (slot := slot_of(model, table)) is not None:
            live = model.live[slot]
            if live.host is None or seat not in live.host.missing() or live.host.match.result is not None:
                return model, []
            return replace(model, live={**model.live, slot: replace(live, overdue=live.overdue | {seat})}), []
        case m.LiveTakeOver(seat, game) if (slot := model.route.slot) and game in (None, slot.game) and slot in model.live:
            held = model.live[slot].host
            if held is None or seat not in model.live[slot].overdue:
                return model, []
            return _held(model, slot, *held.computer_plays(seat, held.match.game.DESCRIPTION.strongest))
        case m.LiveEnd(game) if (slot := model.route.slot) and game in (None, slot.game) and slot in model.live:
            held = model.live[slot].host
            if held is None:
                return model, []
            _, out = held.end()
            return _ended(model, slot, "live.ended_here", _send(held.fair.id, out, held.present()))
        case m.LiveScan(on, game) if (slot := model.route.slot) and game in (None, slot.game) and slot in model.live:
            live = model.live[slot]
            if live.host is None or live.scanning == on:
                return model, []
            model = replace(model, live={**model.live, slot: replace(live, scanning=on)})
            return model, [fx.Scan(live.table) if on else fx.StopScan()]
        case m.LiveScanned(table, text, failed) if (slot := slot_of(model, table)) is not None:
            model = replace(model, live={**model.live, slot: replace(model.live[slot], scanning=False)})
            if failed is not None:
                return model.notify(f"live.scan_failed.{failed}", "warning"), []
            return _answer(model, text)
        case m.LiveGoOn(seed, secret, game) if (slot := model.route.slot) and game in (None, slot.game) and slot in model.live:
            return go_on(model, slot, seed, secret)
        case m.LiveThrowLate(table, n) if (slot := slot_of(model, table)) is not None:
            held = model.live[slot].host
            if held is None or held.throw is None or held.throw.n != n:
                return model, []
            return _held(model, slot, *held.timed_out())
    return model, []


def arrive(model: Model) -> tuple[Model, list[Effect]]:
    """On an invitation's route, what it invites to (the same invitation opened again keeps how far it got); on an
    answer's, the answer read into this tab's table, or handed to the tab that holds it."""
    text = model.route.link or ""
    if model.route.screen == "answer":
        try:
            table = handshake.decode(text).table
        except handshake.Unreadable:
            return model, []  # its screen says the answer cannot be read
        if (slot := slot_of(model, table)) is not None:
            model, effects = _answer(model, text)
            return model, [*effects, fx.Navigate(href(Route("game", slot.game, by_link=slot.code)), replace=True)]
        return model, [fx.HandOff(text)]
    if model.joining is not None and model.joining.offer == text:
        return model, []
    try:
        shake = handshake.decode(text)
    except handshake.Unreadable:
        return replace(model, joining=None), []
    if shake.kind != "offer":
        return replace(model, joining=None), []
    return replace(model, joining=Joining(text, shake.table, shake.invitation, name=model.settings.name)), []


def answer_text(text: str) -> str:
    """The handshake text in what the host pasted: the answer link's tail, or the text itself."""
    text = text.strip()
    answer = href(Route("answer", link=""))
    return text.rpartition(answer)[2] if answer in text else text


def _answer(model: Model, pasted: str) -> tuple[Model, list[Effect]]:
    """An answer pasted, scanned or handed over: read into its invitation's connection, if it is one."""
    try:
        shake = handshake.decode(answer_text(pasted))
    except handshake.Unreadable as error:
        return model.notify("live.answer_unreadable", "warning", details=str(error)), []
    slot = slot_of(model, shake.table)
    if shake.kind != "answer" or slot is None or not model.live[slot].invitations.get(shake.invitation):
        return model.notify("live.answer_unknown", "warning"), []
    if model.live[slot].scanning:  # read otherwise meanwhile: the camera goes
        model = replace(model, live={**model.live, slot: replace(model.live[slot], scanning=False)})
        return model, [fx.StopScan(), fx.Accept(handshake.encode(shake))]
    return model, [fx.Accept(handshake.encode(shake))]


def _opened(model: Model, table: str, device: int) -> tuple[Model, list[Effect]]:
    joining = model.joining
    if joining is not None and joining.table == table and device == 0:  # the guest's channel to the host
        chain = made(joining.secret, GUEST_CHAIN)
        hello = GuestTable.hello(joining.name, chain, spent_before(model, table))
        return replace(model, joining=replace(joining, connected=True)), [fx.Transmit(table, 0, Out(0, hello).text())]
    slot = slot_of(model, table)
    if slot is None:
        return model, []
    live = model.live[slot]
    invitations = {n: text for n, text in live.invitations.items() if n != device}
    live = replace(live, connected=live.connected | {device}, invitations=invitations, failed=None)
    model = replace(model, live={**model.live, slot: live})
    return model, []


def _said(model: Model, table: str, device: int, text: str) -> tuple[Model, list[Effect]]:
    joining = model.joining
    if joining is not None and joining.table == table and device == 0:  # joining, or joining again: the welcome
        return _welcomed(model, joining, text)
    slot = slot_of(model, table)
    if slot is not None and (held := model.live[slot].host) is not None:
        after, out = held.receive(device, text)
        for refusal in (o.message for o in out if o.message["t"] == "refused" and device in held.devices):
            name = held.devices[device].name or "?"
            reason = {"reason": f"live.reason.{refusal['reason']}"}
            model = model.notify("live.refused_guest", "warning", params={"name": name}, terms=reason)
        model, effects = _held(model, slot, after, out)
        model, more = invite(model, slot)
        return model, [*effects, *more]
    if slot is not None and (guest := model.live[slot].guest) is not None:
        try:
            guest, answers = guest.receive(text)
        except Refused as refused:
            return model.notify("live.out_of_step", "warning", details=str(refused)), []
        if guest.refused is not None:  # told once: a message of this device's, refused by the host
            model = model.notify("live.refused", "warning", terms={"reason": f"live.reason.{guest.refused}"})
            guest = replace(guest, refused=None)
        model = replace(model, live={**model.live, slot: replace(model.live[slot], guest=guest)})
        if guest.ended:
            return _ended(model, slot, "live.ended", [])
        model, effects = with_live_match(model, slot, guest_view(guest))
        return model, [*effects, fx.SaveLive(slot), *(fx.Transmit(table, 0, Out(0, a).text()) for a in answers)]
    return model, []


def _ended(model: Model, slot: Slot, notice: str, effects: list[Effect]) -> tuple[Model, list[Effect]]:
    """The live game in ``slot`` ended by its host: kept in the history as it stands, with its fair dice (a game
    left before its end), and gone from its slot and from the home screen; ``notice`` says so."""
    match, live = model.matches[slot], model.live[slot]
    tables = {s: t for s, t in model.tables.items() if s != slot}
    model = replace(
        model,
        route=HOME if model.route.slot == slot else model.route,
        matches={s: g for s, g in model.matches.items() if s != slot},
        live={s: t for s, t in model.live.items() if s != slot},
        tables=tables,
    )
    kept = [fx.Archive(match, live.fair)] if match.cursor else []
    home: list[Effect] = [fx.Navigate(href(HOME), replace=True), fx.FocusHeading()] if model.route == HOME else []
    return model.notify(notice, "info"), [*effects, *kept, fx.SaveMatch(slot), *home]


def guest_view(guest: GuestTable) -> Match:
    """A guest's copy as its table shows it: its own seat played here, every other person's away."""
    seats = tuple(replace(s, away=s.computer is None and i != guest.seat) for i, s in enumerate(guest.match.seats))
    return replace(guest.match, seats=seats)


def _welcomed(model: Model, joining: Joining, text: str) -> tuple[Model, list[Effect]]:
    try:
        message = read(text)
        if message["t"] != "welcome":
            return model, []
        guest = GuestTable.welcomed(message, made(joining.secret, GUEST_CHAIN), spent_before(model, joining.table))
    except Refused as refused:
        return model.notify("live.out_of_step", "warning", details=str(refused)), []
    game = guest.match.game.ID
    slot = Slot(game, guest.fair.origin)  # a game gone on at a new table stays in the slot of the one it began at
    match = guest_view(guest)
    tables = {**model.tables, slot: TABLES[game].start(match)}
    model = replace(
        model,
        joining=None,
        live={**model.live, slot: Live(guest=guest, connected=frozenset({0}))},
        matches={**model.matches, slot: match},
        tables=tables,
    )
    return model, [fx.SaveMatch(slot), fx.SaveLive(slot), fx.Navigate(href(Route("game", game, by_link=slot.code)))]


def joined_before(model: Model, table: str) -> GuestTable | None:
    """This device's copy of the live table ``table``, if it joined it before (a reload, a lost connection)."""
    return next((live.guest for live in model.live.values() if live.guest is not None and live.table == table), None)


def spent_before(model: Model, table: str) -> int:
    """How many links of its chain this device sent at ``table`` before: a new segment starts after them all (a
    link sent is known to the host, so it never serves again)."""
    known = joined_before(model, table)
    return 0 if known is None else known.spent


def restore(model: Model, kept: Mapping[Slot, Kept]) -> Model:
    """The model with the live tables this device kept (:class:`~etoile.sharing.live.Kept`), beside their games,
    none of them connected: the host invites its guests again, a guest joins again by a new invitation."""
    live = dict(model.live)
    for slot, record in kept.items():
        match = model.matches.get(slot)
        if match is None or record.fair.origin != slot.code:
            continue
        chain = made(record.secret, record.length)
        if record.role == "host":
            live[slot] = Live(host=HostTable.restored(match, record, chain))
        else:
            live[slot] = Live(guest=GuestTable.restored(match, record, chain))
    return replace(model, live=live)


def resume(model: Model) -> tuple[Model, list[Effect]]:
    """On showing a live table held here (after a load): an invitation for a seat whose guest is not there, and the
    wait before the computer may play the seats of a game under way."""
    slot = model.route.slot if model.route.screen == "game" else None
    if slot is None or slot not in model.live:
        return model, []
    model, effects = invite(model, slot)
    held = model.live[slot].host
    if held is not None and held.started and held.match.result is None and not model.live[slot].overdue:
        effects += [fx.Later(AWAY_WAIT, m.LiveAway(held.fair.id, seat)) for seat in held.missing()]
    return model, effects


def invite(model: Model, slot: Slot) -> tuple[Model, list[Effect]]:
    """An invitation for the next guest of the live table in ``slot``, if a seat waits for one and none is open or
    being made (one at a time: a description is answered once, and a second made meanwhile would only replace it)."""
    live = model.live[slot]
    if live.host is None or live.invitations or not wants_guest(live):
        return model, []
    device = next_device(live)
    live = replace(live, invitations={device: ""})  # being made: its text comes with Invited
    return replace(model, live={**model.live, slot: live}), [fx.Invite(live.table, device)]
