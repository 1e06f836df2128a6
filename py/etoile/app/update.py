"""The app as data: a :class:`Model`, the messages that change it, and :func:`update`.

This is the Elm architecture. A page event becomes a :class:`Msg`;
``update(model, msg)`` returns the next model and a list of :class:`Effect`
(saving, downloading, focusing...) that the browser runtime carries out. The
views in :mod:`etoile.ui.views` draw a model. Nothing here touches the page,
so every screen and every transition is tested on plain CPython.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from etoile.app import play
from etoile.app.model import HISTORY_PAGE, Effect, Imported, ImportFile, ImportRefusal, Model, Msg, Notice
from etoile.app.routes import game_of, parse
from etoile.engine.names import clean_name
from etoile.saved.history import Entry, newest_first, with_entry
from etoile.saved.settings import LANGUAGES, SPEEDS, THEMES, Settings
from etoile.saved.storage import Problem

__all__ = ["Effect", "Model", "Msg", "Notice", "update", "with_problems"]


def record_terms(record: str, about: Mapping[str, str] | None = None) -> dict[str, str]:
    """The ``terms`` of a notice that names a storage record as ``{record}``, as a player would: a game of the
    history by its game and the date it ended when ``about`` (:func:`etoile.saved.storage.about`) has them (the date's
    parts are :func:`record_params`)."""
    if record.startswith(("match:", "rival:", "draft:")):
        return {"game": "game." + game_of(record.partition(":")[2]) + ".name", "record": "record.match"}
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


def _remove_by_link(model: Model, slot: str) -> tuple[Model, list[Effect]]:
    """Take a game by link that is over off this device (one still in play stays: its friends wait for it)."""
    match = model.matches.get(slot)
    if "/" not in slot or match is None or match.result is None:
        return model, []
    matches = {s: m for s, m in model.matches.items() if s != slot}
    model = replace(model, matches=matches, rivals={s: m for s, m in model.rivals.items() if s != slot})
    return model, [Effect("save-match", {"slot": slot}), Effect("save-rival", {"slot": slot}), Effect("focus-heading")]


def _opener(model: Model) -> str:
    """The control that opened the dialog shown, which the focus goes back to when it closes."""
    if model.dialog == "replace" and model.replacing is not None:
        return model.replacing.opener
    if model.dialog == "discard":
        return f'[data-action=discard-ask][data-value="{model.discarding}"]'
    return "[data-action=setup-start]" if model.dialog == "abandon" else "[data-action=reset-ask]"


def _save(model: Model, settings: Settings) -> tuple[Model, list[Effect]]:
    return replace(model, settings=settings), [Effect("save-settings")]


def _past(model: Model, msg: Msg) -> tuple[Model, list[Effect]]:
    """The messages of the history and the statistics: a game kept, the filters, a game removed, a player chosen."""
    value = msg.value
    match msg.action:
        case "archived" if isinstance(value, Entry):
            return replace(model, history=with_entry(model.history, value)), []
        case "history-game":
            return replace(model, history_game=str(value or ""), history_shown=HISTORY_PAGE), []
        case "history-player":
            return replace(model, history_player=str(value or ""), history_shown=HISTORY_PAGE), []
        case "history-more":
            return replace(model, history_shown=model.history_shown + HISTORY_PAGE), []
        case "forget-entry" if any(e.id == value for e in model.history):
            remaining = tuple(e for e in model.history if e.id != value)
            effects = [Effect("forget-entry", {"id": value}), Effect("focus-heading")]
            return replace(model, history=remaining).notify("history.removed"), effects
        case "forget-oldest" if model.history:
            gone = model.history[-HISTORY_PAGE:]
            model = replace(model, history=model.history[: -len(gone)], history_full=False)
            effects = [*(Effect("forget-entry", {"id": e.id}) for e in gone), Effect("resave-history"), Effect("focus-heading")]
            return model.notify("history.removed_oldest", params={"count": len(gone)}), effects
        case "stats-player":
            return replace(model, stats_player=str(value or "")), []
    return model, []


def _import(model: Model, msg: Msg) -> tuple[Model, list[Effect]]:
    """The messages of an all-data import: a file chosen is read first; it is written once nothing in progress would
    be replaced, or the player said so (and each game in progress it replaces then goes to the history)."""
    value = msg.value
    match msg.action:
        case "import-file":
            return model, [Effect("import", {"text": value, "write": bool(msg.data.get("confirmed"))})]
        case "import-read" if isinstance(value, ImportFile):
            lost = tuple(m for slot, m in model.matches.items() if play.replaces(m, value.matches.get(slot, m)))
            if lost:
                return play.ask_to_replace(model, lost, Msg("import-file", value.text), "[data-action=import-file]")
            return model, [Effect("import", {"text": value.text, "write": True})]
        case "imported" if isinstance(value, Imported):
            replaced = [m for slot, m in model.matches.items() if play.replaces(m, value.matches.get(slot))]
            model = replace(
                model,
                settings=value.settings,
                matches=dict(value.matches),
                rivals=dict(value.rivals),
                tables={},
                history=newest_first(value.history),
            )
            kept = [Effect("archive", {"match": m}) for m in replaced]
            return model.notify("import.done", params={"count": value.count}), [*kept, *play.resume(model)]
        case "import-refused" if isinstance(value, ImportRefusal):
            terms = {"reason": "import.why." + value.reason}
            if value.record:
                terms = record_terms(value.record) | terms
            return model.notify("import.refused", "warning", terms=terms, details=value.detail), []
    return model, []


def update(model: Model, msg: Msg) -> tuple[Model, list[Effect]]:
    """The next model and the effects to run, for one message."""
    action, value = msg.action, msg.value
    settings = model.settings
    match action:
        case "route":
            route = parse(str(value or ""))
            if route != model.route:  # another screen: what was said about the last one's actions goes with it
                model = replace(model, notices=tuple(n for n in model.notices if n.lasting))
            model, effects = play.arrive(replace(model, route=route, dialog=None, replacing=None, sharing=None))
            # At a table, the player's next move; elsewhere the screen's heading, so its name is read out.
            at_table = model.route.screen == "game" and model.route.slot in model.matches
            return model, [*effects, Effect("focus-next" if at_table else "focus-heading"), *play.resume(model)]
        case "resume":
            model, effects = play.arrive(model)
            return model, [*effects, *play.resume(model)]
        case "set-language" if value in LANGUAGES:
            return _save(model, settings.with_(language=value))
        case "set-name":
            return _save(model, settings.with_(name=clean_name(str(value or ""))))
        case "set-sound":
            model, effects = _save(model, settings.with_(sound=bool(value)))
            return model, effects + ([Effect("sound", {"name": "toggle"})] if value else [])
        case "set-coach":
            model, effects = _save(model, settings.with_(coach=bool(value)))
            return model, effects + play.follow(model, model.route.game)
        case "set-speed" if value in SPEEDS:
            return _save(model, settings.with_(speed=value))
        case "set-theme" if value in THEMES:
            return _save(model, settings.with_(theme=value))
        case "notify":
            return model.notify(value["key"], "info", details=value.get("details", "")), []
        case "skip":
            return model, [Effect("focus", {"selector": "#main"})]
        case "reset-ask":
            return replace(model, dialog="reset"), [Effect("focus-dialog")]
        case "dialog-cancel":
            closed = replace(model, dialog=None, discarding=None, replacing=None)
            return closed, [Effect("focus", {"selector": _opener(model)})]
        case "replace-confirm" if model.replacing is not None:
            return update(replace(model, dialog=None, replacing=None), model.replacing.then)
        case "history-continue":
            return play.continue_entry(model, msg)
        case "reset-confirm":
            fresh = Model(route=model.route, browser_language=model.browser_language, offline_ready=model.offline_ready)
            return fresh.notify("reset.done"), [Effect("reset")]
        case "export":
            return model, [Effect("export")]
        case "import-file" | "import-read" | "imported" | "import-refused":
            return _import(model, msg)
        case "problems":
            return with_problems(model, value), []
        case "download-aside":
            return model, [Effect("download-aside", {"key": value})]
        case "discard-ask" if value:
            return replace(model, dialog="discard", discarding=str(value)), [Effect("focus-dialog")]
        case "discard-confirm" if model.discarding:
            key = model.discarding
            kept = tuple(n for n in model.notices if n.aside_key != key)
            model = replace(model, notices=kept, dialog=None, discarding=None)
            return model, [Effect("discard-aside", {"key": key}), Effect("focus", {"selector": "#main"})]
        case "aside-gone":
            kept = tuple(n for n in model.notices if n.aside_key != value)
            return replace(model, notices=kept).notify("storage.gone", "warning"), []
        case "dismiss":
            kept = tuple(n for n in model.notices if str(n.id) != str(value))
            return replace(model, notices=kept), []
        case "bylink-remove":
            return _remove_by_link(model, str(value))
        case "archived" | "history-game" | "history-player" | "history-more" | "forget-entry" | "forget-oldest" | "stats-player":
            return _past(model, msg)
        case "offline-ready":
            return replace(model, offline_ready=True), []
        case "error":
            return failed(model, str(value)), []
    if model.route.screen == "link" or model.route.entry:  # a watched game takes its replay's controls, nothing else
        return play.watch_update(model, msg)
    return play.update(model, msg)
