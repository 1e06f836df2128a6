"""Hash routes: every screen has an address, and an address opens its screen."""

import pytest

from etoile.app.routes import GAMES, HOME, Route, href, parse

REAL_ROUTES = [HOME, Route("settings")] + [Route(screen, g) for screen in ("game", "setup", "rules") for g in GAMES]


@pytest.mark.parametrize("route", REAL_ROUTES)
def test_every_route_round_trips_through_its_hash(route: Route) -> None:
    assert parse(href(route)) == route


@pytest.mark.parametrize(
    ("hash_", "route"),
    [
        ("", HOME),
        ("#", HOME),
        ("#/", HOME),
        ("#/421", Route("game", "421")),
        ("#/chinese-checkers/", Route("game", "chinese-checkers")),
        ("#/rules/generala", Route("rules", "generala")),
        ("#/settings", Route("settings")),
        ("#/chess", Route("missing")),
        ("#/rules/chess", Route("missing")),
        ("#/rules", Route("missing")),
        ("#/421/new", Route("setup", "421")),
        ("#/421/extra", Route("missing")),
    ],
)
def test_parse(hash_: str, route: Route) -> None:
    assert parse(hash_) == route
