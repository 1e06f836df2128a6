"""The app as data: a :class:`Model`, the messages that change it, and :func:`update`.

This is the Elm architecture. A page event becomes a message (:mod:`etoile.app.messages`);
``update(model, msg)`` returns the next model and a list of effects (:mod:`etoile.app.effects`:
saving, downloading, focusing...) that the browser runtime carries out. The
views in :mod:`etoile.ui.views` draw a model. Nothing here touches the page,
so every screen and every transition is tested on plain CPython.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from etoile.app import effects as fx
from etoile.app import messages as m
from etoile.app import play
from etoile.app.daily import open_daily
from etoile.app.effects import Effect
from etoile.app.messages import Msg
from etoile.app.model import HISTORY_PAGE, Model
from etoile.app.routes import parse
from etoile.app.table import TABLES, tips_of
from etoile.engine.names import clean_name
from etoile.engine.slot import Slot
from etoile.saved.history import newest_first, with_entry
from etoile.saved.settings import LANGUAGES, RELAY, SPEEDS, THEMES, VOLUMES, Settings
from etoile.saved.storage import Problem


def record_terms(record: str, about: Mapping[str, str] | None = None) -> dict[str, str]:
    """The ``terms`` of a notice that names a storage record as ``{record}``, as a player would: a game of the
    history by its game and the date it ended when ``about`` (:func:`etoile.saved.storage.about`) has them (the date's
    parts are :func:`record_params`)."""
    if record.startswith(("match:", "rival:", "draft:")):
        return {"game": "game." + Slot.parse(record.partition(":")[2]).game + ".name", "record": "record.match"}
    if record.startswith("history:"):
        if about and "game" in about and "when" in about:
            return {"game": f"game.{about['game']}.name", "date": "history.date", "record": "record.history_game"}
        return {"record": "record.history"}
    return {"record": "record." + record}


def record_params(about: Mapping[str, str]) -> dict[str, str]:
    """The parameters :func:`record_terms`' terms take: the year, month and day a game of the history ended."""
    if "when" not in about:
        return {}
    year, month, day = about["when"].partition("T")[0].split("-")
    return {"year": year, "month": month, "day": day}


def with_problems(model: Model, problems: list[Problem]) -> Model:
    """Turn storage problems into notices (``storage.<kind>``, or ``storage.<kind>_in_place`` for a value that stayed put)."""
    for problem in problems:
        fields = {
            "terms": record_terms(problem.record, problem.about),
            "params": record_params(problem.about),
            "details": problem.detail,
        }
        if problem.kind == "full":
            model = model.notify("storage.full", "warning", **fields)
        elif problem.kind == "history_full":
            model = replace(model, history_full=True).notify("storage.history_full", "warning")
        else:
            key = f"storage.{problem.kind}" + ("_in_place" if problem.in_place else "")
            model = model.notify(key, "warning", aside_key=problem.aside_key, **fields)
    return model


def failed(model: Model, details: str) -> Model:
    """The model after an unexpected error: what was open when it happened (a dialog, a link shown) goes, so that
    the notice saying so can be drawn."""
    return replace(model, dialog=None, sharing=None).notify("error.unexpected", "error", details=details)


def _remove_by_link(model: Model, slot: Slot) -> tuple[Model, list[Effect]]:
    """Take a game by link that is over off this device (one still in play stays: its friends wait for it)."""
    match = model.matches.get(slot)
    if not slot.by_link or match is None or match.result is None:
        return model, []
    matches = {s: m for s, m in model.matches.items() if s != slot}
    model = replace(model, matches=matches, rivals={s: m for s, m in model.rivals.items() if s != slot})
    return model, [fx.SaveMatch(slot), fx.SaveRival(slot), fx.FocusHeading()]


def _opener(model: Model) -> str:
    """The control that opened the dialog shown, which the focus goes back to when it closes."""
    if model.dialog == "replace" and model.replacing is not None:
        return model.replacing.opener
    if model.dialog == "discard":
        return f'[data-action=discard-ask][data-value="{model.discarding}"]'
    return "[data-action=setup-start]" if model.dialog == "abandon" else "[data-action=reset-ask]"


def _save(model: Model, settings: Settings) -> tuple[Model, list[Effect]]:
    return replace(model, settings=settings), [fx.SaveSettings()]


def _settings(model: Model, msg: m.Setting) -> tuple[Model, list[Effect]]:
    """The player's preferences, saved as they change; a first game's pointer dismissed, or a game's pointers shown
    again ("Show me how to play")."""
    settings = model.settings
    match msg:
        case m.SetLanguage(language) if language in LANGUAGES:
            return _save(model, settings.with_(language=language))
        case m.SetName(name):
            return _save(model, settings.with_(name=clean_name(name)))
        case m.SetRelay(relay) if not (relay := relay.strip()) or RELAY.fullmatch(relay):
            return _save(model, settings.with_(relay=relay))
        case m.SetRelay():  # kept as it was: the field shows it again, and says what it takes
            return model.notify("settings.relay_invalid", "warning"), [fx.Focus("#relay")]
        case m.SetSound(on):
            model, effects = _save(model, settings.with_(sound=on))
            return model, effects + ([fx.Sound("toggle")] if on else [])
        case m.SetVolume(volume) if volume in VOLUMES:  # heard at once, so the player hears what was chosen
            model, effects = _save(model, settings.with_(volume=volume))
            return model, effects + ([fx.Sound("toggle")] if settings.sound else [])
        case m.SetVibrate(on):
            return _save(model, settings.with_(vibrate=on))
        case m.LearnTip(key):
            return _save(model, settings.learned_tip(key))
        case m.ShowTips(game) if game is not None and game in TABLES:
            keys = {tip.key for tip in tips_of(TABLES[game])}
            return _save(model, settings.with_(learned=tuple(key for key in settings.learned if key not in keys)))
        case m.SetCoach(on):
            model, effects = _save(model, settings.with_(coach=on))
            return model, effects + play.follow(model, Slot(model.route.game) if model.route.game else None)
        case m.SetSpeed(speed) if speed in SPEEDS:
            return _save(model, settings.with_(speed=speed))
        case m.SetTheme(theme) if theme in THEMES:
            return _save(model, settings.with_(theme=theme))
    return model, []


def _past(model: Model, msg: m.Past) -> tuple[Model, list[Effect]]:
    """The messages of the history and the statistics: a game kept, the filters, a game removed, a player chosen."""
    match msg:
        case m.Archived(entry):
            return replace(model, history=with_entry(model.history, entry)), []
        case m.HistoryGame(game):
            return replace(model, history_game=game, history_shown=HISTORY_PAGE), []
        case m.HistoryPlayer(player):
            return replace(model, history_player=player, history_shown=HISTORY_PAGE), []
        case m.HistoryMore():
            return replace(model, history_shown=model.history_shown + HISTORY_PAGE), []
        case m.ForgetEntry(entry_id) if any(e.id == entry_id for e in model.history):
            remaining = tuple(e for e in model.history if e.id != entry_id)
            effects: list[Effect] = [fx.DeleteEntry(entry_id), fx.FocusHeading()]
            return replace(model, history=remaining).notify("history.removed"), effects
        case m.ForgetOldest() if model.history:
            gone = model.history[-HISTORY_PAGE:]
            model = replace(model, history=model.history[: -len(gone)], history_full=False)
            effects = [*(fx.DeleteEntry(e.id) for e in gone), fx.ResaveHistory(), fx.FocusHeading()]
            return model.notify("history.removed_oldest", params={"count": len(gone)}), effects
        case m.StatsPlayer(player):
            return replace(model, stats_player=player), []
    return model, []


def _import(model: Model, msg: m.Importing) -> tuple[Model, list[Effect]]:
    """The messages of an all-data import: a file chosen is read first; it is written once nothing in progress would
    be replaced, or the player said so (and each game in progress it replaces then goes to the history)."""
    match msg:
        case m.ImportFile(text, confirmed):
            return model, [fx.ImportAll(text, write=confirmed)]
        case m.ImportRead(text, matches):
            lost = tuple(g for slot, g in model.matches.items() if play.replaces(g, matches.get(slot, g)))
            if lost:
                return play.ask_to_replace(model, lost, m.ImportFile(text), "[data-action=import-file]")
            return model, [fx.ImportAll(text, write=True)]
        case m.Imported():
            replaced = [g for slot, g in model.matches.items() if play.replaces(g, msg.matches.get(slot))]
            model = replace(
                model,
                settings=msg.settings,
                matches=dict(msg.matches),
                rivals=dict(msg.rivals),
                tables={},
                history=newest_first(msg.history),
            )
            kept: list[Effect] = [fx.Archive(g) for g in replaced]
            return model.notify("import.done", params={"count": msg.count}), [*kept, *play.resume(model)]
        case m.ImportRefusal(reason, record, detail):
            terms = {"reason": "import.why." + reason}
            if record:
                terms = record_terms(record) | terms
            return model.notify("import.refused", "warning", terms=terms, details=detail), []
    return model, []


def live_resume(model: Model) -> tuple[Model, list[Effect]]:
    """On showing a live table held here, an invitation for a guest who is not there (:func:`etoile.app.live.resume`)."""
    if not model.live:
        return model, []
    from etoile.app import live  # noqa: PLC0415 - loaded with the first live table (hashlib, the fair dice)

    return live.resume(model)


def live_setup(model: Model, game: str) -> bool:
    """Whether ``game``'s setup opens a live table (a person sits at a seat on their own device)."""
    return game in TABLES and play.setup_of(model, game).live


def arrive(model: Model) -> tuple[Model, list[Effect]]:
    """The model on reaching its route: an invitation's or an answer's (:func:`etoile.app.live.arrive`), today's
    challenge (:func:`etoile.app.daily.open_daily`), or any other (:func:`etoile.app.play.arrive`)."""
    if model.route.screen == "daily":
        return open_daily(replace(model, watching=None))
    if model.route.screen in ("join", "answer"):
        from etoile.app import live  # noqa: PLC0415 - loaded with the first live table (hashlib, the fair dice)

        return live.arrive(replace(model, watching=None))
    return play.arrive(model)


def update(model: Model, msg: Msg) -> tuple[Model, list[Effect]]:
    """The next model and the effects to run, for one message."""
    match msg:
        case m.RouteChanged(hash_, today):
            model = replace(model, today=today or model.today)
            route = parse(hash_)
            if route != model.route:  # another screen: what was said about the last one's actions goes with it
                model = replace(model, notices=tuple(n for n in model.notices if n.lasting))
            model, effects = arrive(replace(model, route=route, dialog=None, replacing=None, sharing=None))
            # At a table, the player's next move; elsewhere the screen's heading, so its name is read out.
            at_table = model.route.screen == "game" and model.route.slot in model.matches
            focus: Effect = fx.FocusNext() if at_table else fx.FocusHeading()
            model, invited = live_resume(model)
            return model, [*effects, focus, *play.resume(model), *invited]
        case m.Resume():
            model, effects = arrive(model)
            model, invited = live_resume(model)
            return model, [*effects, *play.resume(model), *invited]
        case (
            m.SetLanguage() | m.SetName() | m.SetSound() | m.SetVolume() | m.SetVibrate() | m.SetCoach() | m.SetSpeed()
            | m.SetTheme() | m.LearnTip() | m.ShowTips() | m.SetRelay()
        ):  # fmt: skip
            return _settings(model, msg)
        case (
            m.Invited() | m.Answered() | m.PeerOpened() | m.PeerSaid() | m.PeerClosed() | m.PeerFailed() | m.LiveAnswer()
            | m.LiveJoin() | m.LiveCopy() | m.LiveStart() | m.LiveThrowLate() | m.LiveAway() | m.LiveTakeOver()
            | m.LiveEnd() | m.LiveGoOn() | m.LiveScan() | m.LiveScanned()
        ):  # fmt: skip
            from etoile.app import live  # noqa: PLC0415 - loaded with the first live table (hashlib, the fair dice)

            return live.update(model, msg)
        case m.SetupStart(seed, secret=secret) if (slot := play.slot_of_msg(model, msg)) and live_setup(model, slot.game):
            from etoile.app import live  # noqa: PLC0415 - loaded with the first live table (hashlib, the fair dice)

            return live.host_setup(model, slot.game, seed, secret)
        case m.Play() | m.ComputerMove() | m.AtTable() | m.CoachAnswer() | m.Undo() | m.Redo() | m.Rematch() if (
            play.slot_of_msg(model, msg) in model.live
        ):
            from etoile.app import live  # noqa: PLC0415 - loaded with the first live table (hashlib, the fair dice)

            return live.at_table(model, msg)
        case m.Copied(slot=slot, ok=ok) if not slot.game:  # a live table's invitation or answer
            return model.notify("link.copied" if ok else "link.copy_failed"), []
        case m.SkipToMain():
            return model, [fx.Focus("#main")]
        case m.ResetAsk():
            return replace(model, dialog="reset"), [fx.FocusDialog()]
        case m.DialogCancel():
            closed = replace(model, dialog=None, discarding=None, replacing=None)
            return closed, [fx.Focus(_opener(model))]
        case m.ReplaceConfirm() if model.replacing is not None:
            return update(replace(model, dialog=None, replacing=None), model.replacing.then)
        case m.HistoryContinue():
            return play.continue_entry(model, msg)
        case m.ResetConfirm():
            fresh = Model(route=model.route, browser_language=model.browser_language, offline_ready=model.offline_ready)
            return fresh.notify("reset.done"), [fx.ResetStorage()]
        case m.Export():
            return model, [fx.ExportAll()]
        case m.ImportFile() | m.ImportRead() | m.Imported() | m.ImportRefusal():
            return _import(model, msg)
        case m.DownloadAside(key):
            return model, [fx.OfferAside(key)]
        case m.DiscardAsk(key) if key:
            return replace(model, dialog="discard", discarding=key), [fx.FocusDialog()]
        case m.DiscardConfirm() if model.discarding:
            key = model.discarding
            kept = tuple(n for n in model.notices if n.aside_key != key)
            model = replace(model, notices=kept, dialog=None, discarding=None)
            return model, [fx.DiscardAside(key), fx.Focus("#main")]
        case m.AsideGone(key):
            kept = tuple(n for n in model.notices if n.aside_key != key)
            return replace(model, notices=kept).notify("storage.gone", "warning"), []
        case m.Dismiss(notice):
            kept = tuple(n for n in model.notices if n.id != notice)
            return replace(model, notices=kept), []
        case m.ByLinkRemove(slot):
            return _remove_by_link(model, slot)
        case (
            m.Archived() | m.HistoryGame() | m.HistoryPlayer() | m.HistoryMore() | m.ForgetEntry() | m.ForgetOldest()
            | m.StatsPlayer()
        ):  # fmt: skip
            return _past(model, msg)
        case m.OfflineReady():
            return replace(model, offline_ready=True), []
        case m.Failed(details):
            return failed(model, details), []
        case m.ComputerFailed(details):
            return model.notify("error.computer", "error", details=details), []
        case (
            m.SetupPlayers() | m.SetupSeatKind() | m.SetupSeatLevel() | m.SetupSeatName() | m.SetupOption()
            | m.SetupStart() | m.AbandonConfirm() | m.ReplayOpen() | m.ReplayStep() | m.ReplayTo() | m.ReplayPlay()
            | m.ReplayTick() | m.ReplaySpeed() | m.ReplayExit() | m.ShareGame() | m.ShareCopy() | m.ShareSend()
            | m.ShareClose() | m.Copied() | m.ExportGame() | m.RivalKeep() | m.RivalTake() | m.ImportGame()
            | m.Rematch() | m.Play() | m.ComputerSkip() | m.ComputerMove() | m.Undo() | m.Redo() | m.CoachAnswer()
            | m.AtTable()
        ):  # fmt: skip
            if model.route.screen == "link" or model.route.entry:  # a watched game takes its replay's controls only
                return play.watch_update(model, msg)
            return play.update(model, msg)
    return model, []
