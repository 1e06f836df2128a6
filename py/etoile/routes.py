"""The screens of the app and their hash URLs.

>>> parse("#/rules/generala")
Route(screen='rules', game='generala', link=None)
>>> parse("#/link/1.watch.eJw").link
'1.watch.eJw'
>>> href(Route("game", "chinese-checkers"))
'#/chinese-checkers'
"""

from __future__ import annotations

from dataclasses import dataclass

from etoile.games import REGISTRY

GAMES = tuple(REGISTRY)
"""Game ids, in the order the home screen lists them; each is also its URL path."""


@dataclass(frozen=True, slots=True)
class Route:
    """``screen`` is ``home``, ``game`` (the table, or its setup if no game is under way),
    ``setup`` (a new game), ``rules``, ``settings``, ``link`` (a game opened from a link, whose text is ``link``)
    or ``missing``."""

    screen: str
    game: str | None = None
    link: str | None = None


HOME = Route("home")


def parse(hash_: str) -> Route:
    """The route of a location hash (``""``, ``"#/"``, ``"#/421"``, ...)."""
    parts = [part for part in hash_.lstrip("#").split("/") if part]
    match parts:
        case []:
            return HOME
        case ["settings"]:
            return Route("settings")
        case [game] if game in GAMES:
            return Route("game", game)
        case [game, "new"] if game in GAMES:
            return Route("setup", game)
        case ["rules", game] if game in GAMES:
            return Route("rules", game)
        case ["link", text]:
            return Route("link", link=text)
    return Route("missing")


def href(route: Route) -> str:
    """The hash of a route; ``parse(href(r)) == r`` for every real route."""
    match route.screen:
        case "home":
            return "#/"
        case "settings":
            return "#/settings"
        case "game":
            return f"#/{route.game}"
        case "setup":
            return f"#/{route.game}/new"
        case "rules":
            return f"#/rules/{route.game}"
        case "link":
            return f"#/link/{route.link}"
    return "#/missing"
