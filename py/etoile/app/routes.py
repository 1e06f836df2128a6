"""The screens of the app and their hash URLs.

>>> parse("#/rules/generala")
Route(screen='rules', game='generala', link=None, by_link=None, entry=None)
>>> parse("#/link/1.watch.eJw").link
'1.watch.eJw'
>>> href(Route("game", "chinese-checkers"))
'#/chinese-checkers'
>>> parse("#/chinese-checkers/by-link/k3j9x2ab").slot
Slot(game='chinese-checkers', code='k3j9x2ab')
>>> parse("#/history/0123456789abcdef").entry, href(Route("stats"))
('0123456789abcdef', '#/stats')
>>> parse("#/daily"), href(Route("daily", "generala"))
(Route(screen='daily', game=None, link=None, by_link=None, entry=None), '#/daily/generala')
"""

from __future__ import annotations

from etoile.engine.lazy import lazy_dataclass
from etoile.engine.registry import IDS
from etoile.engine.slot import Slot
from etoile.saved.history import HISTORY_ID
from etoile.sharing.by_link import BY_LINK_ID

GAMES = IDS
"""Game ids, in the order the home screen lists them; each is also its URL path (a live view of the registry)."""


@lazy_dataclass
class Route:
    """``screen`` is ``home``, ``game`` (the table, or its setup if no game is under way),
    ``setup`` (a new game), ``rules``, ``settings``, ``link`` (a game opened from a link, whose text is ``link``),
    ``history`` (the games played; with ``entry``, the replay of one), ``stats``, ``daily`` (today's challenge of
    ``game``, or of the first game that has one: opened in its game's slot, then the table shown), ``join`` (an
    invitation to a live table, its handshake text in ``link``), ``answer`` (a guest's answer to one, opened on the
    host's device) or ``missing``. At a ``game``,
    ``by_link`` is the id of the game by link shown, if it is one."""

    screen: str
    game: str | None = None
    link: str | None = None
    by_link: str | None = None
    entry: str | None = None

    @property
    def slot(self) -> Slot | None:
        """The slot of the game shown, on a game's screen."""
        return Slot(self.game, self.by_link or None) if self.game else None


HOME = Route("home")


def parse(hash_: str) -> Route:
    """The route of a location hash (``""``, ``"#/"``, ``"#/<game>"``, ...)."""
    parts = [part for part in hash_.lstrip("#").split("/") if part]
    match parts:
        case []:
            return HOME
        case ["settings"]:
            return Route("settings")
        case ["history"]:
            return Route("history")
        case ["history", entry] if HISTORY_ID.fullmatch(entry):
            return Route("history", entry=entry)
        case ["stats"]:
            return Route("stats")
        case ["daily"]:
            return Route("daily")
        case ["daily", game] if game in GAMES:
            return Route("daily", game)
        case [game] if game in GAMES:
            return Route("game", game)
        case [game, "by-link", code] if game in GAMES and BY_LINK_ID.fullmatch(code):
            return Route("game", game, by_link=code)
        case [game, "new"] if game in GAMES:
            return Route("setup", game)
        case ["rules", game] if game in GAMES:
            return Route("rules", game)
        case ["link", text]:
            return Route("link", link=text)
        case ["join" | "answer" as screen, text]:
            return Route(screen, link=text)
    return Route("missing")


def href(route: Route) -> str:
    """The hash of a route; ``parse(href(r)) == r`` for every real route."""
    match route.screen:
        case "home":
            return "#/"
        case "settings":
            return "#/settings"
        case "history" if route.entry:
            return f"#/history/{route.entry}"
        case "history" | "stats":
            return f"#/{route.screen}"
        case "daily":
            return f"#/daily/{route.game}" if route.game else "#/daily"
        case "game" if route.by_link:
            return f"#/{route.game}/by-link/{route.by_link}"
        case "game":
            return f"#/{route.game}"
        case "setup":
            return f"#/{route.game}/new"
        case "rules":
            return f"#/rules/{route.game}"
        case "link" | "join" | "answer":
            return f"#/{route.screen}/{route.link}"
    return "#/missing"
