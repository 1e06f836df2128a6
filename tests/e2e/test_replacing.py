"""A game in progress is never replaced without asking: an import asks first, and the game it replaces goes to the
history, where "Continue this game" puts it back in its slot (asking first in turn)."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from etoile.engine.match import Match, Seat
from etoile.games.chinese_checkers import rules as cc
from etoile.games.four21 import rules as four21
from etoile.saved.settings import Settings
from etoile.saved.storage import MemoryBackend, Store
from tests.e2e import positions
from tests.e2e.conftest import open_app
from tests.e2e.support import local_storage, seed_once, t


def stored(page: Page, game: str) -> Match:
    return Match.from_json(json.loads(local_storage(page)[f"etoile:match:{game}"])["data"])


def moves(match: Match) -> int:
    """The moves of a game as the player counts them (those of a replay: dice in the air left out)."""
    return len(match.positions) - 1


def dialog_text(game: str, match: Match) -> str:
    listed = t("en", "replace.game", game=t("en", f"game.{game}.name"), count=moves(match))
    return t("en", "replace.text", count=1, games=listed)


def continue_from_history(page: Page, game: str, replaced: Match, in_place: Match) -> None:
    """Open the history's game left unfinished and continue it over the game in its slot (asked first when that one
    would be lost: another game, not the same one with fewer moves), and check both are kept."""
    page.get_by_role("link", name=t("en", "nav.history")).click()
    entry = page.locator(".history-game[data-ended='abandoned']")
    expect(entry.locator(".history-result")).to_have_text(t("en", "history.abandoned", count=replaced.cursor))
    entry.locator("a").first.click()
    page.get_by_role("button", name=t("en", "history.continue")).click()
    lost = in_place.played != replaced.played[: in_place.cursor]
    if lost:
        dialog = page.get_by_role("alertdialog", name=t("en", "replace.title"))
        expect(dialog.locator("#dialog-text")).to_have_text(dialog_text(game, in_place))
        dialog.get_by_role("button", name=t("en", "replace.confirm")).click()
    page.wait_for_url(f"**/#/{game}")
    expect(page.locator("#main h1")).to_have_text(t("en", f"game.{game}.name"))
    assert stored(page, game).played == replaced.played
    page.get_by_role("link", name=t("en", "nav.history")).click()
    # The game it replaced goes to the history in turn, unless its moves are all in the one continued.
    expect(page.locator(".history-game[data-ended='abandoned']")).to_have_count(2 if lost else 1)


def test_import_a_game_over_one_in_progress_asks_and_the_replaced_game_continues_from_the_history(
    page: Page, base_url: str
) -> None:
    playing = positions.mid_game("421")
    seed_once(page, positions.items(match=playing))
    other = Match.new(four21, {"players": 2}, positions.SEED + 1, positions.PERSON_AND_COMPUTER)
    other = positions._play(
        other, positions._four21_move, lambda m: m.state.rolloff is None and m.state.seat == 0 and m.state.throws == 1
    )
    file = {"name": "421.json", "mimeType": "application/json", "buffer": json.dumps(other.to_json()).encode()}
    open_app(page, base_url, "#/421")
    importer = page.locator("input[type=file][data-action='import-game']")
    importer.set_input_files(file)
    dialog = page.get_by_role("alertdialog", name=t("en", "replace.title"))
    expect(dialog.locator("#dialog-text")).to_have_text(dialog_text("421", playing))
    dialog.get_by_role("button", name=t("en", "replace.cancel")).click()
    expect(dialog).to_have_count(0)
    assert stored(page, "421").played == playing.played
    importer.set_input_files(file)
    dialog.get_by_role("button", name=t("en", "replace.confirm")).click()
    expect(page.locator(".notice > p")).to_have_text([t("en", "table.imported")])
    assert stored(page, "421").played == other.played
    continue_from_history(page, "421", playing, other)


def test_import_a_file_in_the_settings_asks_before_it_rolls_a_game_back_and_keeps_the_later_one(
    page: Page, base_url: str
) -> None:
    start = Match.new(cc, {"players": 2}, positions.SEED, (Seat("Ann"), Seat("Bob")))
    backup = start.play_all(cc.action_from_text(move) for move in ("3-14", "117-106"))
    later = backup.play_all(cc.action_from_text(move) for move in ("0-3", "106-93", "1-0"))  # 3 more moves
    store = Store(MemoryBackend())
    store.save_settings(Settings(language="en"))
    store.save_match(backup)
    exported = store.export_all()
    seed_once(page, positions.items(match=later))
    open_app(page, base_url, "#/settings")
    page.locator("input[type=file][data-action='import-file']").set_input_files(
        {"name": "etoile.json", "mimeType": "application/json", "buffer": exported.encode()}
    )
    dialog = page.get_by_role("alertdialog", name=t("en", "replace.title"))
    expect(dialog.locator("#dialog-text")).to_have_text(dialog_text("chinese-checkers", later))
    assert "your Chinese checkers game in progress (5 moves)" in dialog_text("chinese-checkers", later)
    dialog.get_by_role("button", name=t("en", "replace.confirm")).click()
    expect(page.locator(".notice > p")).to_have_text([t("en", "import.done", count=2)])
    assert stored(page, "chinese-checkers").played == backup.played
    continue_from_history(page, "chinese-checkers", later, backup)
