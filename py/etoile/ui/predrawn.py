"""The screens drawn before Python has started: drawn by the build, on CPython, with the app's own views.

The screens that need nothing from storage (home, each game's setup form, each rules page, the settings) are
drawn for a model holding nothing saved, in every language. The home screen, where most visits start, is written
into ``index.html`` as a ``<template>`` per language; every other one is a file of its own (:func:`source`), named
by an empty template, which ``boot.js`` fetches when its route opens, so that no visit parses the screens it does
not open before the interpreter starts. ``boot.js`` shows the one for the route being opened at once, and swaps
them as the player follows links; when Python starts, :func:`model` gives it the model that screen was drawn from,
so it patches only what storage changes (a saved game to continue, the player's name) and never draws the screen
again.

>>> key("#/rules/421"), key(""), key("#/generala/")
('rules/421', '', 'generala')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

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


IN_PAGE = frozenset({HOME.screen})
"""The screens written into ``index.html``; every other one is a file that ``boot.js`` fetches (:func:`source`)."""


def source(screen: Screen) -> str | None:
    """The served file of ``screen``'s page, relative to ``index.html``, or ``None`` if it is in the page
    (:data:`IN_PAGE`). A game's own route, with no game of it saved, shows its setup form: it shares that file.

    >>> [source(Screen(route, "fr", h("div"), "", None)) for route in (Route("rules", "421"), Route("game", "421"), HOME)]
    ['predrawn/fr/rules-421.html', 'predrawn/fr/421-new.html', None]
    """
    if screen.route.screen in IN_PAGE:
        return None
    route = Route("setup", screen.route.game) if screen.route.screen == "game" else screen.route
    return f"predrawn/{screen.language}/{key(href(route)).replace('/', '-')}.html"


def templates(drawn: Iterable[Screen]) -> str:
    """The ``<template>`` of each screen of ``drawn`` for ``index.html``, keyed by language and route: its content,
    or for one in a file of its own (:func:`source`) the file to fetch it from (``data-src``)."""
    return "\n".join(
        to_html(
            h(
                "template",
                {
                    "data-lang": screen.language,
                    "data-route": key(href(screen.route)),
                    "data-title": screen.title,
                    "data-unless": screen.unless,
                    "data-src": path,
                },
                None if path else screen.tree,
            )
        )
        for screen in drawn
        for path in (source(screen),)
    )


def pages(drawn: Iterable[Screen]) -> dict[str, str]:
    """The files of the screens of ``drawn`` not in the page: each one's path (:func:`source`) and its HTML. Two
    routes share a file only when they show the same screen."""
    found: dict[str, str] = {}
    for screen in drawn:
        if (path := source(screen)) is not None:
            html = to_html(screen.tree)
            if found.setdefault(path, html) != html:
                raise ValueError(f"two different screens would be served as {path}")
    return found


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
