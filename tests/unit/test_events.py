"""Page events read into typed messages: good input gives the exact message, malformed input none."""

from __future__ import annotations

import pytest

from etoile.app import messages as m
from etoile.app.messages import Msg
from etoile.engine.slot import Slot
from etoile.games.chinese_checkers import table as cc_table
from etoile.games.four21 import table as four21_table
from etoile.games.generala import table as generala_table
from etoile.ui.runtime import events
from etoile.ui.runtime.events import Value


@pytest.mark.parametrize(
    ("action", "value", "data", "msg"),
    [
        ("set-language", "fr", {}, m.SetLanguage("fr")),
        ("set-name", " Zoé ", {}, m.SetName(" Zoé ")),
        ("set-sound", True, {}, m.SetSound(True)),
        ("set-volume", "30", {}, m.SetVolume(30)),
        ("set-volume", "0", {}, m.SetVolume(0)),
        ("set-volume", "100", {}, m.SetVolume(100)),
        ("set-vibrate", False, {}, m.SetVibrate(False)),
        ("set-coach", False, {}, m.SetCoach(False)),
        ("set-speed", "fast", {}, m.SetSpeed("fast")),
        ("set-theme", "dark", {}, m.SetTheme("dark")),
        ("skip", None, {}, m.SkipToMain()),
        ("reset-ask", None, {}, m.ResetAsk()),
        ("reset-confirm", None, {}, m.ResetConfirm()),
        ("dialog-cancel", None, {}, m.DialogCancel()),
        ("replace-confirm", None, {}, m.ReplaceConfirm()),
        ("export", None, {}, m.Export()),
        ("import-file", "{...}", {}, m.ImportFile("{...}")),
        ("download-aside", "aside:match:421", {}, m.DownloadAside("aside:match:421")),
        ("discard-ask", "aside:settings", {}, m.DiscardAsk("aside:settings")),
        ("discard-confirm", None, {}, m.DiscardConfirm()),
        ("dismiss", "3", {}, m.Dismiss(3)),
        ("bylink-remove", "421/k3j9x2ab", {}, m.ByLinkRemove(Slot("421", "k3j9x2ab"))),
        ("history-game", "generala", {}, m.HistoryGame("generala")),
        ("history-game", "", {}, m.HistoryGame("")),
        ("history-player", "person:Ann", {}, m.HistoryPlayer("person:Ann")),
        ("history-more", None, {}, m.HistoryMore()),
        ("history-continue", "0123456789abcdef", {}, m.HistoryContinue("0123456789abcdef")),
        ("forget-entry", "0123456789abcdef", {}, m.ForgetEntry("0123456789abcdef")),
        ("forget-oldest", None, {}, m.ForgetOldest()),
        ("stats-player", "person:Bob", {}, m.StatsPlayer("person:Bob")),
        ("setup-players", "3", {"game": "g"}, m.SetupPlayers(3, "g")),
        ("setup-players", " 4 ", {}, m.SetupPlayers(4)),
        ("setup-seat-kind", "computer", {"game": "g", "index": "1"}, m.SetupSeatKind(1, "computer", "g")),
        ("setup-seat-level", "expert", {"index": "0"}, m.SetupSeatLevel(0, "expert")),
        ("setup-seat-name", "Ann", {"index": "2"}, m.SetupSeatName(2, "Ann")),
        ("setup-option", "20", {"option": "target"}, m.SetupOption("target", "20")),
        ("setup-start", None, {"game": "g", "seed": "42"}, m.SetupStart(42, "g")),
        ("abandon-confirm", None, {"seed": "7"}, m.AbandonConfirm(7)),
        ("replay", None, {"game": "g"}, m.ReplayOpen("g")),
        ("replay-step", None, {"by": "-1"}, m.ReplayStep(-1)),
        ("replay-step", None, {}, m.ReplayStep(1)),
        ("replay-to", "5", {}, m.ReplayTo(5)),
        ("replay-play", None, {}, m.ReplayPlay()),
        ("replay-speed", "0.5", {}, m.ReplaySpeed(0.5)),
        ("replay-exit", None, {}, m.ReplayExit()),
        ("export-game", None, {"game": "g"}, m.ExportGame("g")),
        ("share-game", None, {}, m.ShareGame()),
        ("share-copy", None, {"purpose": "play"}, m.ShareCopy("play")),
        ("share-send", None, {}, m.ShareSend("watch")),
        ("share-close", None, {}, m.ShareClose()),
        ("rival-keep", None, {}, m.RivalKeep()),
        ("rival-take", None, {}, m.RivalTake()),
        ("import-game", "{...}", {"game": "g"}, m.ImportGame("{...}", "g")),
        ("rematch", None, {"seed": "9"}, m.Rematch(9)),
        ("computer-skip", None, {}, m.ComputerSkip()),
        ("undo", None, {}, m.Undo()),
        ("redo", None, {"game": "g"}, m.Redo("g")),
    ],
)
def test_each_control_is_read_into_its_message(action: str, value: Value, data: dict[str, str], msg: Msg) -> None:
    assert events.decode(action, value, data) == msg


@pytest.mark.parametrize(
    ("action", "value", "data"),
    [
        ("teleport", None, {}),  # an unknown action
        ("", None, {}),
        ("set-sound", "yes", {}),  # a checkbox's state is a bool
        ("set-vibrate", "on", {}),
        ("set-volume", "110", {}),  # a slider's value, in percent
        ("set-volume", "-10", {}),
        ("set-volume", "50.5", {}),
        ("set-volume", "loud", {}),
        ("set-volume", True, {}),
        ("set-volume", None, {}),
        ("set-language", None, {}),
        ("dismiss", "one", {}),
        ("dismiss", None, {}),
        ("discard-ask", "", {}),
        ("setup-players", "many", {}),
        ("setup-players", "-2", {}),
        ("setup-seat-kind", "computer", {}),  # no index
        ("setup-seat-kind", "computer", {"index": "first"}),
        ("setup-seat-name", "Ann", {"index": "1.5"}),
        ("setup-option", "20", {}),  # no option
        ("setup-start", None, {"game": "g"}),  # no seed
        ("rematch", None, {"seed": "0x10"}),
        ("replay-step", None, {"by": "two"}),
        ("replay-to", "-1", {}),
        ("replay-to", "end", {}),
        ("replay-speed", "3", {}),
        ("import-game", None, {}),
        ("history-continue", None, {}),
    ],
)
def test_malformed_input_makes_no_message(action: str, value: Value, data: dict[str, str]) -> None:
    assert events.decode(action, value, data) is None


def test_a_table_s_controls_are_read_by_its_table() -> None:
    assert events.decode("421:keep", None, {"game": "421", "index": "2"}) == m.AtTable("421", four21_table.Keep(2))
    assert events.decode("421:throw", None, {}) == m.AtTable("421", four21_table.ThrowDice())
    assert events.decode("421:stop", None, {}) == m.AtTable("421", four21_table.StopTurn())
    assert events.decode("generala:fill", None, {"box": "full"}) == m.AtTable("generala", generala_table.Fill("full"))
    assert events.decode("generala:cancel", None, {}) == m.AtTable("generala", generala_table.CancelFill())
    assert events.decode("generala:hint", None, {}) == m.AtTable("generala", generala_table.AskHint())
    assert events.decode("generala:report", None, {}) == m.AtTable("generala", generala_table.AskReport())
    hole = m.AtTable("chinese-checkers", cc_table.ChooseHole(60))
    assert events.decode("chinese-checkers:hole", None, {"hole": "60"}) == hole
    assert events.decode("chinese-checkers:hint", None, {}) == m.AtTable("chinese-checkers", cc_table.AskHint())


@pytest.mark.parametrize(
    ("action", "data"),
    [
        ("421:keep", {}),  # no index
        ("421:keep", {"index": "left"}),
        ("421:juggle", {}),  # a name the table does not know
        ("generala:fill", {}),  # no box
        ("chinese-checkers:hole", {"hole": "?"}),
        ("chess:move", {}),  # no such game
        ("421:", {}),
    ],
)
def test_malformed_table_input_makes_no_message(action: str, data: dict[str, str]) -> None:
    assert events.decode(action, None, data) is None


def test_a_click_reads_the_control_s_value_among_its_data() -> None:
    assert events.click({"action": "dismiss", "value": "4"}) == m.Dismiss(4)
    assert events.click({"action": "replay-to", "value": "3", "game": "g"}) == m.ReplayTo(3, "g")
    assert events.click({"action": "421:keep", "game": "421", "index": "0"}) == m.AtTable("421", four21_table.Keep(0))
    assert events.click({"game": "421"}) is None  # no action


def test_a_change_reads_the_field_s_value() -> None:
    assert events.change({"action": "set-coach"}, True) == m.SetCoach(True)
    assert events.change({"action": "setup-seat-name", "game": "g", "index": "1"}, "Bob") == m.SetupSeatName(1, "Bob", "g")


def test_a_board_reads_its_keys_and_shift_turns_the_arrows() -> None:
    board = {"keys": "chinese-checkers:key", "game": "chinese-checkers"}
    assert events.key(board, "ArrowUp", shift=False) == m.AtTable("chinese-checkers", cc_table.BoardKey("ArrowUp"))
    assert events.key(board, "ArrowUp", shift=True) == m.AtTable("chinese-checkers", cc_table.BoardKey("Shift+ArrowUp"))
    assert events.key(board, "Enter", shift=True) == m.AtTable("chinese-checkers", cc_table.BoardKey("Enter"))
    assert events.key(board, "q", shift=False) is None  # not a board key


def test_escape_in_a_table_s_dialog_is_its_cancel() -> None:
    assert events.escape({"escape": "generala:cancel", "game": "generala"}) == m.AtTable("generala", generala_table.CancelFill())
    assert events.escape({"escape": "nowhere"}) is None


def test_a_control_that_starts_a_game_gets_a_fresh_seed() -> None:
    assert events.seeded({"action": "rematch", "seed": "True"}, lambda: 99) == {"action": "rematch", "seed": "99"}
    assert events.seeded({"action": "undo"}, lambda: 99) == {"action": "undo"}
    assert events.click(events.seeded({"action": "setup-start", "seed": "True", "game": "g"}, lambda: 5)) == m.SetupStart(5, "g")
