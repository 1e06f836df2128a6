"""The page drawn from the :class:`~etoile.app.model.Model` as :class:`~etoile.ui.vdom.El` trees: the frame (header,
notices, dialog) around the route's screen, which a module of :mod:`etoile.ui.screens` draws.

Controls carry ``data-action`` (and ``data-value``, ``data-game``...): the runtime reads an event on them into a
typed message (:mod:`etoile.ui.runtime.events`). Views are pure and run on CPython.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from etoile.app.model import Model, Notice
from etoile.app.routes import Route, href
from etoile.engine import registry
from etoile.ui.i18n import Catalog, catalog, rules
from etoile.ui.vdom import Attr, El, h

SCREENS: dict[str, tuple[str, str]] = {
    "home": ("home", "home"),
    "game": ("table", "game"),
    "setup": ("setup", "setup_screen"),
    "rules": ("rules", "rules_page"),
    "settings": ("settings", "settings"),
    "link": ("watch", "link_screen"),
    "history": ("watch", "past_screen"),
    "stats": ("past", "stats_screen"),
    "missing": ("missing", "missing"),
    "join": ("live", "join_screen"),
    "answer": ("live", "answer_screen"),
}
"""Each route's screen: the module of :mod:`etoile.ui.screens` that draws it and the function, ``(model, t) -> El``."""


def screen(name: str) -> Callable[[Model, Catalog], El]:
    """The function that draws the screen ``name``; its module is imported when a route first shows it, so that
    opening the page imports the screen of its route and no other."""
    module, function = SCREENS[name]
    draw: Callable[[Model, Catalog], El] = getattr(importlib.import_module(f"etoile.ui.screens.{module}"), function)
    return draw


def title(model: Model) -> str:
    """The document title of the current screen."""
    t = catalog(model.language)
    route = model.route
    match route.screen:
        case "game":
            screen = t(f"game.{route.game}.name")
        case "setup":
            screen = t("setup.title", game=t(f"game.{route.game}.name"))
        case "rules":
            screen = t("rules.title", game=rules(t.lang)[registry.spec(route.game or "").namespace]["title"])
        case "settings":
            screen = t("settings.title")
        case "history":
            screen = t("history.title")
        case "stats":
            screen = t("stats.title")
        case "missing":
            screen = t("missing.title")
        case "join":
            screen = t("join.title")
        case "answer":
            screen = t("answer.title")
        case "link":
            watch = model.watching
            screen = t("link.title") if watch is not None and watch.match is not None else t("link.refused.title")
        case _:
            return "Étoile"
    return f"{screen} · Étoile"


def view(model: Model) -> El:
    """The whole app below ``#app``."""
    t = catalog(model.language)
    return h(
        "div",
        {"class": "shell"},
        h("a", {"class": "skip-link", "href": "#main", "data-action": "skip"}, t("nav.skip")),
        header(model, t),
        notices(model, t),
        h("main", {"id": "main", "tabindex": "-1"}, screen(model.route.screen)(model, t)),
        h("footer", {"class": "footer"}, h("p", {}, t("footer.offline") if model.offline_ready else t("footer.tagline"))),
        dialog(model, t),
    )


def header(model: Model, t: Catalog) -> El:
    current = model.route.screen

    def link(target: Route, label: str) -> El:
        here = current == target.screen or (target.screen == "history" and current == "stats")
        return h("a", {"href": href(target), "aria-current": "page" if here else None}, label)

    return h(
        "header",
        {"class": "topbar"},
        h("a", {"class": "brand", "href": "#/"}, h("span", {"class": "brand-star", "aria-hidden": "true"}, "✦"), "Étoile"),
        h(
            "nav",
            {"aria-label": t("nav.label")},
            link(Route("home"), t("nav.home")),
            link(Route("history"), t("nav.history")),
            link(Route("settings"), t("nav.settings")),
        ),
    )


def notices(model: Model, t: Catalog) -> El:
    return h(
        "section",
        {"class": "notices", "aria-live": "polite", "aria-label": t("notices.label")},
        [notice(n, t) for n in model.notices],
    )


def notice_text(n: Notice, t: Catalog) -> str:
    params = dict(n.params)
    for name, key in n.terms.items():
        params[name] = t(key, **params)
    return t(n.key, **params)


def notice(n: Notice, t: Catalog) -> El:
    aside = n.aside_key
    return h(
        "div",
        {"class": f"notice notice-{n.level}", "role": "alert" if n.level == "error" else "status", "data-notice": n.key},
        h(
            "p",
            {},
            notice_text(n, t),
            n.count > 1 and h("span", {"class": "notice-count"}, " ", t("notice.repeated", count=n.count)),
        ),
        n.details and h("details", {}, h("summary", {}, t("notice.details")), h("pre", {}, n.details)),
        h(
            "div",
            {"class": "notice-actions"},
            aside and h("button", {"type": "button", "data-action": "download-aside", "data-value": aside}, t("notice.download")),
            aside and h("button", {"type": "button", "data-action": "discard-ask", "data-value": aside}, t("notice.discard")),
            h("button", {"type": "button", "data-action": "dismiss", "data-value": str(n.id)}, t("notice.dismiss")),
        ),
    )


DIALOGS = {"reset": "reset-confirm", "discard": "discard-confirm", "abandon": "abandon-confirm", "replace": "replace-confirm"}
"""The confirmation dialogs, with the action of their confirm button; ``<dialog>.title`` ... ``.confirm`` word them.
``abandon`` asks before a new game replaces one in progress: its confirm button starts the game of the setup shown;
``replace``, before an import or a game continued does, names the games it replaces."""


def dialog_text(model: Model, t: Catalog) -> str:
    """What the dialog shown says: for ``replace``, each game in progress it replaces, with its moves."""
    if model.dialog != "replace" or model.replacing is None:
        return t(f"{model.dialog}.text")
    games = model.replacing.games
    named = [t("replace.game", game=t(f"game.{m.game.ID}.name"), count=len(m.positions) - 1) for m in games]
    return t("replace.text", count=len(games), games=", ".join(named))


def dialog(model: Model, t: Catalog) -> El | None:
    if model.dialog not in DIALOGS:
        return None
    name = model.dialog
    starts: dict[str, Attr] = {"data-game": model.route.game, "data-seed": True} if name == "abandon" else {}
    return h(
        "div",
        {"class": "backdrop"},
        h(
            "div",
            {
                "class": "dialog",
                "role": "alertdialog",
                "aria-modal": "true",
                "aria-labelledby": "dialog-title",
                "aria-describedby": "dialog-text",
            },
            h("h2", {"id": "dialog-title"}, t(f"{name}.title")),
            h("p", {"id": "dialog-text"}, dialog_text(model, t)),
            h(
                "div",
                {"class": "row"},
                h("button", {"type": "button", "data-action": "dialog-cancel", "autofocus": True}, t(f"{name}.cancel")),
                h("button", {"type": "button", "class": "danger", "data-action": DIALOGS[name], **starts}, t(f"{name}.confirm")),
            ),
        ),
    )
