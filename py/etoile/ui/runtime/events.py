"""Page events read into messages: the one place a control's text is parsed and checked.

A control says what it does with ``data-action`` (or a board's ``data-keys``, a dialog's ``data-escape``) and
carries its other input as ``data-*`` attributes (``data-game``, ``data-index``, ``data-value``...) and its value (a
field's text, a checkbox's state, a key, a file's text). :func:`decode` turns that into one typed message
(:mod:`etoile.app.messages`), or ``None`` for input that makes none (an unknown action, a missing or non-numeric
index): the runtime drops that, and logs it, so the updates never see it.

A table's controls are named ``"<game id>:<name>"``: the game's registered table reads them (its ``decode``),
so this module names no game. Everything here is pure, and tested on CPython.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from etoile.app import messages as m
from etoile.app.messages import Msg, whole_number
from etoile.app.model import REPLAY_SPEEDS
from etoile.engine.slot import Slot
from etoile.saved.settings import VOLUMES
from etoile.ui.table import TABLES

Value = str | bool | None
"""A control's input: a field's text (a key pressed, a file read), a checkbox's state, or nothing (a button)."""

Reader = Callable[[Value, Mapping[str, str]], Msg | None]
"""How one action's message is read from a control's value and ``data-*`` attributes (``None``: it makes none)."""

BOARD_KEYS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown", "Enter", " ", "Escape")
"""The keys a board (an element with ``data-keys``) receives as messages; with Shift held, an arrow comes as
``"Shift+ArrowUp"``."""


def _text(value: Value) -> str | None:
    return value if isinstance(value, str) else None


def _game(data: Mapping[str, str]) -> str | None:
    """The game a control names (``data-game``), or ``None``: the game shown."""
    return data.get("game") or None


def _index(data: Mapping[str, str]) -> int | None:
    return whole_number(data.get("index"))


def _with_text(make: Callable[[str], Msg]) -> Reader:
    """The reader of a message that takes the control's text."""
    return lambda value, data: None if (text := _text(value)) is None else make(text)


def _with_choice(make: Callable[[str], Msg]) -> Reader:
    """The reader of a message that takes the control's text, or ``""`` (a button without one: every choice)."""
    return lambda value, data: make(_text(value) or "")


def _with_key(make: Callable[[str], Msg]) -> Reader:
    """The reader of a message that takes a non-empty text (a storage key, an id)."""
    return lambda value, data: make(text) if (text := _text(value)) else None


def _with_switch(make: Callable[[bool], Msg]) -> Reader:
    """The reader of a checkbox's message."""
    return lambda value, data: make(value) if isinstance(value, bool) else None


def _plain(make: Callable[[], Msg]) -> Reader:
    """The reader of a message that takes nothing (a button)."""
    return lambda value, data: make()


def _of_game(make: Callable[[str | None], Msg]) -> Reader:
    """The reader of a game's message that takes nothing but the game it is about."""
    return lambda value, data: make(_game(data))


def _seeded(make: Callable[[int, str | None], Msg]) -> Reader:
    """The reader of a message that starts a game with the control's fresh ``seed``."""
    return lambda value, data: None if (seed := whole_number(data.get("seed"))) is None else make(seed, _game(data))


SECRET = re.compile(r"[0-9a-f]{64}")
"""A secret drawn for a live table's chain: 32 random bytes in hexadecimal (:func:`seeded`)."""


def _start(value: Value, data: Mapping[str, str]) -> Msg | None:
    seed, secret = whole_number(data.get("seed")), data.get("secret", "")
    return None if seed is None or not (secret == "" or SECRET.fullmatch(secret)) else m.SetupStart(seed, _game(data), secret)


def _join(value: Value, data: Mapping[str, str]) -> Msg | None:
    secret = data.get("secret", "")
    return m.LiveJoin(secret) if SECRET.fullmatch(secret) else None


def _go_on(value: Value, data: Mapping[str, str]) -> Msg | None:
    seed, secret = whole_number(data.get("seed")), data.get("secret", "")
    return None if seed is None or not SECRET.fullmatch(secret) else m.LiveGoOn(seed, secret, _game(data))


def _players(value: Value, data: Mapping[str, str]) -> Msg | None:
    count = whole_number((_text(value) or "").strip())
    return None if count is None or count < 0 else m.SetupPlayers(count, _game(data))


def _seat(make: Callable[[int, str, str | None], Msg]) -> Reader:
    """The reader of a message about one seat of the setup (``data-index``), with the control's text."""

    def read(value: Value, data: Mapping[str, str]) -> Msg | None:
        index, text = _index(data), _text(value)
        return None if index is None or text is None else make(index, text, _game(data))

    return read


def _option(value: Value, data: Mapping[str, str]) -> Msg | None:
    text, option = _text(value), data.get("option")
    return None if text is None or not option else m.SetupOption(option, text, _game(data))


def _step(value: Value, data: Mapping[str, str]) -> Msg | None:
    by = whole_number(data.get("by", "1"))
    return None if by is None else m.ReplayStep(by, _game(data))


def _replay_to(value: Value, data: Mapping[str, str]) -> Msg | None:
    ply = whole_number(_text(value) or data.get("value"))
    return None if ply is None or ply < 0 else m.ReplayTo(ply, _game(data))


def _speed(value: Value, data: Mapping[str, str]) -> Msg | None:
    speed = next((s for s in REPLAY_SPEEDS if str(s) == value), None)
    return None if speed is None else m.ReplaySpeed(speed, _game(data))


def _purpose(make: Callable[[str, str | None, str], Msg]) -> Reader:
    """The reader of a link's copy or send: to ``play``, to ``watch``, or a day's challenge's result (its text)."""

    def read(value: Value, data: Mapping[str, str]) -> Msg | None:
        purpose = data.get("purpose")
        if purpose == "daily":
            return make("daily", _game(data), data.get("text", "")[:4000])
        return make("play" if purpose == "play" else "watch", _game(data), "")

    return read


def _import_game(value: Value, data: Mapping[str, str]) -> Msg | None:
    text = _text(value)
    return None if text is None else m.ImportGame(text, _game(data))


def _volume(value: Value, data: Mapping[str, str]) -> Msg | None:
    volume = whole_number(_text(value))
    return None if volume is None or volume not in VOLUMES else m.SetVolume(volume)


def _dismiss(value: Value, data: Mapping[str, str]) -> Msg | None:
    notice = whole_number(_text(value))
    return None if notice is None else m.Dismiss(notice)


READERS: Mapping[str, Reader] = {
    "set-language": _with_text(m.SetLanguage),
    "set-name": _with_text(m.SetName),
    "set-relay": _with_text(m.SetRelay),
    "set-sound": _with_switch(m.SetSound),
    "set-volume": _volume,
    "set-vibrate": _with_switch(m.SetVibrate),
    "learn-tip": lambda value, data: m.LearnTip(data["tip"]) if data.get("tip") else None,
    "show-tips": _of_game(m.ShowTips),
    "set-coach": _with_switch(m.SetCoach),
    "set-speed": _with_text(m.SetSpeed),
    "set-theme": _with_text(m.SetTheme),
    "skip": _plain(m.SkipToMain),
    "reset-ask": _plain(m.ResetAsk),
    "reset-confirm": _plain(m.ResetConfirm),
    "dialog-cancel": _plain(m.DialogCancel),
    "replace-confirm": _plain(m.ReplaceConfirm),
    "export": _plain(m.Export),
    "import-file": _with_text(m.ImportFile),
    "download-aside": _with_key(m.DownloadAside),
    "discard-ask": _with_key(m.DiscardAsk),
    "discard-confirm": _plain(m.DiscardConfirm),
    "dismiss": _dismiss,
    "bylink-remove": _with_key(lambda text: m.ByLinkRemove(Slot.parse(text))),
    "history-game": _with_choice(m.HistoryGame),
    "history-player": _with_choice(m.HistoryPlayer),
    "history-more": _plain(m.HistoryMore),
    "history-continue": _with_key(m.HistoryContinue),
    "forget-entry": _with_key(m.ForgetEntry),
    "forget-oldest": _plain(m.ForgetOldest),
    "stats-player": _with_choice(m.StatsPlayer),
    "setup-players": _players,
    "setup-seat-kind": _seat(m.SetupSeatKind),
    "setup-seat-level": _seat(m.SetupSeatLevel),
    "setup-seat-name": _seat(m.SetupSeatName),
    "setup-option": _option,
    "setup-start": _start,
    "live-join": _join,
    "live-answer": _with_text(m.LiveAnswer),
    "live-copy": _with_text(m.LiveCopy),
    "live-start": _of_game(m.LiveStart),
    "live-take-over": lambda value, data: None if (seat := _index(data)) is None else m.LiveTakeOver(seat, _game(data)),
    "live-end": _of_game(m.LiveEnd),
    "live-scan": lambda value, data: m.LiveScan(True, _game(data)),
    "live-scan-stop": lambda value, data: m.LiveScan(False, _game(data)),
    "live-go-on": _go_on,
    "abandon-confirm": _seeded(m.AbandonConfirm),
    "replay": _of_game(m.ReplayOpen),
    "replay-step": _step,
    "replay-to": _replay_to,
    "replay-play": _of_game(m.ReplayPlay),
    "replay-speed": _speed,
    "replay-exit": _of_game(m.ReplayExit),
    "export-game": _of_game(m.ExportGame),
    "share-game": _of_game(m.ShareGame),
    "share-copy": _purpose(m.ShareCopy),
    "share-send": _purpose(m.ShareSend),
    "share-close": _of_game(m.ShareClose),
    "rival-keep": _of_game(m.RivalKeep),
    "rival-take": _of_game(m.RivalTake),
    "import-game": _import_game,
    "rematch": _seeded(m.Rematch),
    "computer-skip": _of_game(m.ComputerSkip),
    "undo": _of_game(m.Undo),
    "redo": _of_game(m.Redo),
}
"""How each of the app's own controls is read, by its action."""


def decode(action: str, value: Value, data: Mapping[str, str]) -> Msg | None:
    """The message of an event on a control whose action is ``action``, with its ``value`` and ``data-*``
    attributes (``data-game`` → ``game``); ``None`` for an event that makes no message.

    A table's control (``"<game id>:<name>"``) is read by that game's table, and its message goes to it:

    >>> decode("setup-seat-kind", "computer", {"game": "g", "index": "1"})
    SetupSeatKind(index=1, kind='computer', game='g')
    >>> decode("setup-seat-kind", "computer", {"index": "one"}) is None, decode("teleport", None, {}) is None
    (True, True)
    """
    game, colon, name = action.partition(":")
    if colon:
        table = TABLES.get(game)
        own = None if table is None else table.decode(name, _text(value), data)
        return None if own is None else m.AtTable(game, own)
    reader = READERS.get(action)
    return None if reader is None else reader(value, data)


def click(data: Mapping[str, str]) -> Msg | None:
    """The message of a click on a control with these ``data-*`` attributes (its ``value`` among them)."""
    rest = {k: v for k, v in data.items() if k not in ("action", "value")}
    return decode(data.get("action", ""), data.get("value"), rest)


def change(data: Mapping[str, str], value: Value) -> Msg | None:
    """The message of a field, a list or a checkbox whose value changed to ``value``."""
    return decode(data.get("action", ""), value, {k: v for k, v in data.items() if k != "action"})


def key(data: Mapping[str, str], pressed: str, *, shift: bool) -> Msg | None:
    """The message of a key pressed on a board (a control with ``data-keys``), or ``None`` for a key it ignores."""
    if pressed not in BOARD_KEYS:
        return None
    named = f"Shift+{pressed}" if shift and pressed.startswith("Arrow") else pressed
    return decode(data.get("keys", ""), named, {k: v for k, v in data.items() if k != "keys"})


def escape(data: Mapping[str, str]) -> Msg | None:
    """The message of Escape in a table's own dialog (a control with ``data-escape``): its cancel."""
    return decode(data.get("escape", ""), None, {k: v for k, v in data.items() if k != "escape"})


def control_data(control: Any, seed: Callable[[], int]) -> dict[str, str]:
    """The ``data-*`` attributes of a control (``data-game`` → ``game``), with a fresh ``seed()`` if it is marked
    ``data-seed`` (the mark of a control that starts a game)."""
    attributes = control.attributes
    data = {}
    for i in range(attributes.length):
        attribute = attributes.item(i)
        if attribute.name.startswith("data-"):
            data[attribute.name.removeprefix("data-")] = str(attribute.value)
    return seeded(data, seed)


def seeded(data: dict[str, str], seed: Callable[[], int]) -> dict[str, str]:
    """A control's data, its ``seed`` drawn afresh, and its ``secret`` (four seeds, 256 bits, in hexadecimal)."""
    if "seed" in data:
        data = {**data, "seed": str(seed())}
    if "secret" in data:
        data = {**data, "secret": "".join(f"{seed():016x}" for _ in range(4))}
    return data
