"""The screens drawn before Python has started: drawn by the build, on CPython, with the app's own views.

The screens that need nothing from storage (home, each game's setup form, each rules page, the settings) are
drawn for a model holding nothing saved, in every language, and written into ``index.html`` as ``<template>``
elements (the rules pages, the heaviest, into files of their own that ``boot.js`` fetches when their route opens,
so that parsing them does not delay the interpreter's start). ``boot.js`` shows the one for the route being opened
at once, and swaps them as the player follows links; when Python starts, :func:`model` gives it the model that
screen was drawn from, so it patches only what storage changes (a saved game to continue, the player's name) and
never draws the screen again.

>>> key("#/rules/421"), key(""), key("#/generala/")
('rules/421', '', 'generala')
"""

from __future__ import annotations

from collections.abc import Iterator

from etoile.app.model import Model
from etoile.app.routes import GAMES, HOME, Route, href
from etoile.engine.lazy import lazy_dataclass
from etoile.saved.settings import LANGUAGES
from etoile.saved.storage import MATCH, PREFIX
from etoile.ui import views
from etoile.ui.vdom import El, h, to_html

ROUTES: tuple[Route, ...] = (
    HOME,
    Route("settings"),
    *(Route(screen, game) for game in GAMES for screen in ("game", "setup", "rules")),
)
"""The routes drawn before Python. A game's own route shows its setup form only while no game of it is saved."""


def key(hash_: str) -> str:
    """The route part of a location hash, as ``boot.js`` reads it: its non-empty parts joined by ``/``."""
    return "/".join(part for part in hash_.lstrip("#").split("/") if part)


def model(route: Route, language: str) -> Model:
    """The model a screen is drawn from before Python: nothing saved, the player's language."""
    return Model(route=route, browser_language=language)


@lazy_dataclass
class Screen:
    route: Route
    language: str
    tree: El
    title: str
    unless: str | None
    """The storage key whose presence means Python draws something else on this route (a game's saved match)."""


def screens() -> Iterator[Screen]:
    for language in LANGUAGES:
        for route in ROUTES:
            shown = model(route, language)
            unless = PREFIX + MATCH + route.game if route.screen == "game" and route.game else None
            yield Screen(route, language, views.view(shown), views.title(shown), unless)


FETCHED = frozenset({"rules"})
"""The screens whose pre-drawn page is a file of its own, which ``boot.js`` fetches when their route opens, instead
of a template in ``index.html``: the rules pages, 60 % of the pre-drawn screens' weight (223 of 378 KB), which every
visit would otherwise parse before PyScript starts the interpreter."""


def source(screen: Screen) -> str | None:
    """The served file of ``screen``'s page, if it is fetched (:data:`FETCHED`), relative to ``index.html``.

    >>> source(Screen(Route("rules", "421"), "fr", h("div"), "", None)), source(Screen(HOME, "fr", h("div"), "", None))
    ('predrawn/fr/rules-421.html', None)
    """
    if screen.route.screen not in FETCHED:
        return None
    return f"predrawn/{screen.language}/{key(href(screen.route)).replace('/', '-')}.html"


def templates() -> str:
    """Every pre-drawn screen as a ``<template>``, keyed by language and route, for ``index.html``: its content, or
    for a fetched one (:func:`source`) the file to fetch it from (``data-src``)."""
    return "\n".join(
        to_html(
            h(
                "template",
                {
                    "data-lang": screen.language,
                    "data-route": key(href(screen.route)),
                    "data-title": screen.title,
                    "data-unless": screen.unless,
                    "data-src": source(screen),
                },
                None if source(screen) else screen.tree,
            )
        )
        for screen in screens()
    )


def pages() -> dict[str, str]:
    """The fetched pre-drawn screens: each one's served file (:func:`source`) and its HTML."""
    return {path: to_html(screen.tree) for screen in screens() if (path := source(screen)) is not None}


def taken_over(mark: str | None, route: Route) -> El | None:
    """The tree of the screen ``boot.js`` drew before Python, from the mark it left on ``#app``
    (``"<language>:<route key>"``), if that screen is of ``route``; ``None`` when it drew none.

    >>> taken_over("en:rules/421", Route("rules", "421")).tag, taken_over("en:rules/421", HOME)
    ('div', None)
    """
    language, _, route_key = (mark or "").partition(":")
    if mark is None or language not in LANGUAGES or route not in ROUTES or key(href(route)) != route_key:
        return None
    return views.view(model(route, language))
