"""Carrying out the effects an update asks for (:mod:`etoile.app.effects`), each by its type, on the page."""

from __future__ import annotations

import asyncio
import contextlib
import json
from datetime import date
from typing import Any, assert_never

from js import URL, Blob, Object, document, window
from pyodide.ffi import create_proxy, to_js

from etoile.app import effects as fx
from etoile.app import messages as m
from etoile.app.play import fair_of
from etoile.engine.slot import Slot
from etoile.saved.history import Entry
from etoile.saved.storage import MATCH, SETTINGS, Draft, ImportRefused
from etoile.ui.runtime.host import Host
from etoile.ui.runtime.sound import animation_pace, play_sound
from etoile.ui.table import TABLES


def run(runtime: Host, effect: fx.Effect) -> None:
    """Carry out ``effect`` (the focus moves once the page is drawn: :meth:`Host.focus`)."""
    store, model = runtime.store, runtime.model
    match effect:
        case fx.SaveSettings() | fx.SaveMatch() | fx.SaveRival() | fx.SaveDraft():
            save(runtime, effect)
        case fx.Archive() | fx.DeleteEntry() | fx.ResaveHistory():
            keep(runtime, effect)
        case fx.Navigate(hash_, replace=True):  # the model is there already: only the address changes
            window.history.replaceState(None, "", hash_)
        case fx.Navigate(hash_):
            if window.location.hash != hash_:
                window.history.pushState(None, "", hash_)
                runtime.queue.append(m.RouteChanged(hash_, local_day()))
        case fx.Think() | fx.Advise() | fx.PrepareAi():
            ask(runtime, effect)
        case fx.ResetStorage():
            store.reset()
        case fx.ExportGame(slot):
            fair = fair_of(model, slot)
            record = model.matches[slot].to_json() | ({} if fair is None else {"fair": fair.to_json()})
            text = json.dumps(record, ensure_ascii=False, indent=1)
            download(f"etoile-{slot.game}-{date.today().isoformat()}.json", text)
        case fx.ExportAll():
            download(f"etoile-{date.today().isoformat()}.json", store.export_all())
        case fx.ImportAll(text, write):
            import_all(runtime, text, write=write)
        case fx.Copy(slot, text):
            runtime.spawn(copy(runtime, slot, text), quiet=True)
        case fx.Send(url, text):
            runtime.spawn(send(url, text), quiet=True)
        case fx.Later(seconds, msg):
            runtime.spawn(later(runtime, seconds, msg))
        case fx.OfferAside(key):
            raw = store.aside(key)
            if raw is None:  # gone since (another tab, a reset): say so rather than give an empty file
                runtime.queue.append(m.AsideGone(key))
            else:
                download(key.replace(":", "-") + ".json", raw)
        case fx.DiscardAside(key):
            discard_aside(runtime, key)
        case fx.Sound(name, count):
            if model.settings.sound:
                pace = animation_pace(model.animation_speed)
                runtime.spawn(sound_soon(name, model.settings.volume, pace, count), quiet=True)
        case fx.Focus() | fx.FocusHeading() | fx.FocusNext() | fx.FocusDialog():
            runtime.focus(effect)
        case (
            fx.Invite() | fx.Accept() | fx.AnswerInvitation() | fx.Transmit() | fx.HandOff() | fx.SaveLive() | fx.Scan()
            | fx.StopScan()
        ):  # fmt: skip
            connect(runtime, effect)
        case _:
            assert_never(effect)


def connect(
    runtime: Host,
    effect: fx.Invite | fx.Accept | fx.AnswerInvitation | fx.Transmit | fx.HandOff | fx.SaveLive | fx.Scan | fx.StopScan,
) -> None:
    """Carry out an effect of a live table: on its data channels (:mod:`etoile.ui.runtime.peers`), in storage, or
    with the camera."""
    from etoile.sharing import handshake  # noqa: PLC0415 - a live table's modules load with the first one
    from etoile.ui.runtime.peers import hand_off  # noqa: PLC0415

    peers = runtime.peers
    match effect:
        case fx.Invite(table, device):
            runtime.spawn(peers.invite(table, device))
        case fx.Accept(text):
            runtime.spawn(peers.accept(handshake.decode(text)))
        case fx.AnswerInvitation(text):
            runtime.spawn(peers.answer(handshake.decode(text)))
        case fx.Transmit(table, device, text, close):
            peers.send(table, device, text)
            if close:
                peers.close(table, device)
        case fx.HandOff(text):
            hand_off(text)
        case fx.Scan(table):
            runtime.spawn(peers.scan(table))
        case fx.StopScan():
            peers.stop_scan()
        case fx.SaveLive(slot):
            live = runtime.model.live.get(slot)
            held = None if live is None else live.host or live.guest
            if held is not None:
                runtime.store.save_live(slot, held.kept())


async def sound_soon(name: str, volume: int, pace: float, count: int) -> None:
    """Play a sound in a task of its own, a moment after the page is drawn: the task of a throw stays short (its
    Web Audio nodes take a few milliseconds to make, the first time its noise too), and what is heard is not late."""
    play_sound(name, volume=volume, pace=pace, count=count)


def ask(runtime: Host, effect: fx.Think | fx.Advise | fx.PrepareAi) -> None:
    """Ask the computer players' worker for a move or advice, or get it ready."""
    worker = runtime.worker
    match effect:
        case fx.Think(slot, ply, level):
            runtime.spawn(worker.think(slot, ply, level))
        case fx.Advise(ply, request, slot):
            if slot is None:  # a table's advice is named in its slot by the update: one that is not is a bug
                raise ValueError(f"advice asked about no game: {effect}")
            runtime.spawn(worker.advise(slot, ply, request))
        case fx.PrepareAi(slot):
            runtime.spawn(worker.prepare(slot), quiet=True)


def save(runtime: Host, effect: fx.SaveSettings | fx.SaveMatch | fx.SaveRival | fx.SaveDraft) -> None:
    """Write what the model holds now: the settings, or the game, the rival or the draft of a slot (a game no
    longer in the model is forgotten)."""
    store, model = runtime.store, runtime.model
    match effect:
        case fx.SaveSettings():
            store.save_settings(model.settings)
        case fx.SaveMatch(slot):
            match = model.matches.get(slot)
            store.save_match(match, slot) if match is not None else store.delete_match(slot)
        case fx.SaveRival(slot):
            store.save_rival(slot, model.rivals.get(slot))
        case fx.SaveDraft(slot):
            data = TABLES[slot.game].draft(model.tables[slot])  # type: ignore[attr-defined]  # asked only by a table with drafts
            store.save_draft(slot, None if data is None else Draft(model.matches[slot].cursor, data))


def keep(runtime: Host, effect: fx.Archive | fx.DeleteEntry | fx.ResaveHistory) -> None:
    """Keep a game in the history, stamped with the device's local time (the page keeps it even if storage is
    full: the player is told, and can export or remove old games); forget one; or, once room was made, save the
    games the page kept meanwhile (as many as fit)."""
    store = runtime.store
    match effect:
        case fx.Archive(match, fair):
            entry = Entry.of(match, local_time(), fair)
            store.save_entry(entry)
            runtime.queue.append(m.Archived(entry))
        case fx.DeleteEntry(entry_id):
            store.forget_entry(entry_id)
        case fx.ResaveHistory():
            for entry in runtime.model.history:
                if not store.has_entry(entry.id) and not store.save_entry(entry):
                    break


def import_all(runtime: Host, text: str, *, write: bool) -> None:
    """Read an all-data export and tell the app which games it holds (``write`` false: the app asks first if
    they replace games in progress), or import it and tell the app what came in; or why nothing did."""
    store = runtime.store
    try:
        if not write:
            runtime.queue.append(m.ImportRead(text, store.exported_matches(text)))
            return
        count = store.import_all(text)
    except ImportRefused as refused:
        runtime.queue.append(m.ImportRefusal(refused.reason, refused.record, str(refused)))
    else:
        imported = m.Imported(count, store.settings(), store.matches(), store.rivals(), tuple(store.history()))
        runtime.queue.append(imported)


def discard_aside(runtime: Host, key: str) -> None:
    """Discard a value set aside; if it held its slot, save there what the page holds for it."""
    store, model = runtime.store, runtime.model
    record = store.discard(key)
    if record == SETTINGS:
        store.save_settings(model.settings)
    elif record and record.startswith(MATCH) and (slot := Slot.parse(record.removeprefix(MATCH))) in model.matches:
        store.save_match(model.matches[slot], slot)


async def copy(runtime: Host, slot: Slot, text: str) -> None:
    """Put ``text`` on the clipboard, and say whether it went there."""
    try:
        await window.navigator.clipboard.writeText(text)
    except Exception:  # noqa: BLE001 - no clipboard, or no permission: the player copies it from the field
        runtime.dispatch(m.Copied(slot, ok=False))
    else:
        runtime.dispatch(m.Copied(slot, ok=True))


async def send(url: str, text: str = "") -> None:
    """Open the system's share sheet with ``url`` (or ``text``); a player who closes it has sent nothing, and that is
    fine."""
    shared = {"title": document.title, **({"text": text} if text else {"url": url})}
    with contextlib.suppress(Exception):
        await window.navigator.share(to_js(shared, dict_converter=Object.fromEntries))


async def later(runtime: Host, seconds: float, msg: m.Msg) -> None:
    await asyncio.sleep(seconds)
    runtime.dispatch(msg)


def download(filename: str, text: str) -> None:
    """Offer ``text`` to the player as a file."""
    blob = Blob.new([text], to_js({"type": "application/json"}, dict_converter=Object.fromEntries))
    url = URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_proxy(lambda: URL.revokeObjectURL(url)), 1000)


def local_time() -> str:
    """The device's date and time, to the minute: ``2026-12-02T18:05``."""
    now = window.Date.new()
    return f"{local_day(now)}T{int(now.getHours()):02d}:{int(now.getMinutes()):02d}"


def local_day(now: Any = None) -> str:
    """The device's calendar day: ``2026-12-02``."""
    now = now or window.Date.new()
    return f"{int(now.getFullYear()):04d}-{int(now.getMonth()) + 1:02d}-{int(now.getDate()):02d}"
