"""The app as data: a :class:`Model`, the messages that change it, and :func:`update`.

This is the Elm architecture. A page event becomes a :class:`Msg`;
``update(model, msg)`` returns the next model and a list of :class:`Effect`
(saving, downloading, focusing...) that the browser runtime carries out. The
views in :mod:`etoile.ui.views` draw a model. Nothing here touches the page,
so every screen and every transition is tested on plain CPython.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from etoile.routes import HOME, Route, parse
from etoile.settings import LANGUAGES, SPEEDS, THEMES, Settings, clean_name
from etoile.storage import Problem


@dataclass(frozen=True, slots=True)
class Msg:
    """What happened: ``action`` names it (the ``data-action`` of a control), ``value`` carries its input."""

    action: str
    value: Any = None


@dataclass(frozen=True, slots=True)
class Effect:
    """Something for the runtime to do: ``kind`` plus its arguments."""

    kind: str
    args: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Notice:
    """A message for the player. ``key`` is a locale key, ``params`` fill it in.

    ``terms`` are parameters that are locale keys themselves: they are
    translated in order, each seeing the ones before (so ``{"game":
    "game.421.name", "record": "record.match"}`` reads "your 421 game").

    ``details`` is technical text shown folded away; ``aside_key`` offers
    download and discard buttons for a value that was set aside.
    """

    id: int
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    terms: dict[str, str] = field(default_factory=dict)
    level: str = "info"
    details: str = ""
    aside_key: str | None = None


@dataclass(frozen=True, slots=True)
class Model:
    route: Route = HOME
    settings: Settings = field(default_factory=Settings)
    browser_language: str = "en"
    saved_games: tuple[str, ...] = ()
    notices: tuple[Notice, ...] = ()
    dialog: str | None = None
    offline_ready: bool = False
    next_notice: int = 1

    @property
    def language(self) -> str:
        return self.settings.language or self.browser_language

    def notify(self, key: str, level: str = "info", **fields: Any) -> Model:
        notice = Notice(self.next_notice, key, level=level, **fields)
        return replace(self, notices=(*self.notices, notice), next_notice=self.next_notice + 1)


def record_terms(record: str) -> dict[str, str]:
    """The ``terms`` of a notice that names a storage record as ``{record}``."""
    if record.startswith("match:"):
        return {"game": "game." + record.removeprefix("match:") + ".name", "record": "record.match"}
    return {"record": "record." + record}


def with_problems(model: Model, problems: list[Problem]) -> Model:
    """Turn storage problems into notices."""
    for problem in problems:
        fields = {"terms": record_terms(problem.record), "details": problem.detail}
        if problem.kind == "full":
            model = model.notify("storage.full", "warning", **fields)
        else:
            model = model.notify(f"storage.{problem.kind}", "warning", aside_key=problem.aside_key, **fields)
    return model


def _save(model: Model, settings: Settings) -> tuple[Model, list[Effect]]:
    return replace(model, settings=settings), [Effect("save-settings")]


def update(model: Model, msg: Msg) -> tuple[Model, list[Effect]]:
    """The next model and the effects to run, for one message."""
    action, value = msg.action, msg.value
    settings = model.settings
    match action:
        case "route":
            route = parse(str(value or ""))
            return replace(model, route=route, dialog=None), [Effect("focus-heading")]
        case "set-language" if value in LANGUAGES:
            return _save(model, settings.with_(language=value))
        case "set-name":
            return _save(model, settings.with_(name=clean_name(str(value or ""))))
        case "set-sound":
            model, effects = _save(model, settings.with_(sound=bool(value)))
            return model, effects + ([Effect("sound", {"name": "toggle"})] if value else [])
        case "set-speed" if value in SPEEDS:
            return _save(model, settings.with_(speed=value))
        case "set-theme" if value in THEMES:
            return _save(model, settings.with_(theme=value))
        case "reset-ask":
            return replace(model, dialog="reset"), [Effect("focus-dialog")]
        case "dialog-cancel":
            return replace(model, dialog=None), [Effect("focus", {"selector": "[data-action=reset-ask]"})]
        case "reset-confirm":
            fresh = Model(route=model.route, browser_language=model.browser_language, offline_ready=model.offline_ready)
            return fresh.notify("reset.done"), [Effect("reset")]
        case "export":
            return model, [Effect("export")]
        case "import-file":
            return model, [Effect("import", {"text": value})]
        case "imported":
            return replace(model, settings=value["settings"], saved_games=tuple(value["saved_games"])).notify(
                "import.done", params={"count": value["count"]}
            ), []
        case "import-refused":
            terms = {"reason": "import.why." + value["reason"]}
            if value.get("record"):
                terms = record_terms(value["record"]) | terms
            return model.notify("import.refused", "warning", terms=terms, details=value.get("detail", "")), []
        case "problems":
            return with_problems(model, value), []
        case "saved-games":
            return replace(model, saved_games=tuple(value)), []
        case "download-aside":
            return model, [Effect("download-aside", {"key": value})]
        case "discard-aside":
            kept = tuple(n for n in model.notices if n.aside_key != value)
            return replace(model, notices=kept), [Effect("discard-aside", {"key": value})]
        case "dismiss":
            kept = tuple(n for n in model.notices if str(n.id) != str(value))
            return replace(model, notices=kept), []
        case "offline-ready":
            return replace(model, offline_ready=True), []
        case "error":
            return model.notify("error.unexpected", "error", details=str(value)), []
    return model, []
