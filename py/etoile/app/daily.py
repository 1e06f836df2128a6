"""Today's challenge on this device: opening it, its attempts, and what the home screen says of it.

``#/daily/<game>`` (``#/daily``: the first game that has one) opens the day's challenge of a game whose spec
declares one (:attr:`etoile.engine.registry.GameSpec.daily`) in that game's own slot: today's game there, if it is
under way, else a new attempt. The first attempt of a day counts; the others are replays
(:class:`etoile.engine.daily.Daily`). A game in progress in the slot goes to the history, to be continued from there.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from etoile.app import effects as fx
from etoile.app.effects import Effect
from etoile.app.model import Model
from etoile.app.play import in_progress, with_match
from etoile.app.routes import Route, href
from etoile.app.table import TABLES
from etoile.engine.daily import Daily, day_seed, valid_day
from etoile.engine.match import Match, Seat
from etoile.engine.registry import GameSpec, specs
from etoile.engine.slot import Slot
from etoile.saved.history import Entry


def daily_games() -> tuple[GameSpec, ...]:
    """The games that have a daily challenge, in the home screen's order."""
    return tuple(spec for spec in specs() if spec.daily)


def attempts(model: Model, game: str, day: str) -> tuple[Daily, ...]:
    """The attempts at ``game``'s challenge of ``day`` on this device: those of the history, and the one in the
    game's slot if it is not kept there yet."""
    found = {e.daily.attempt: e.daily for e in model.history if e.game == game and e.daily and e.daily.day == day}
    match = model.matches.get(Slot(game))
    if match is not None and match.daily is not None and match.daily.day == day:
        found.setdefault(match.daily.attempt, match.daily)
    return tuple(found[attempt] for attempt in sorted(found))


def counted(model: Model, game: str) -> dict[str, Entry]:
    """The games of the history that counted for ``game``'s challenge (the first attempt of each day), by day."""
    return {e.daily.day: e for e in model.history if e.game == game and e.daily is not None and e.daily.counts}


def today_match(model: Model, game: str) -> Match | None:
    """Today's challenge of ``game`` in its slot, if that is what the slot holds."""
    match = model.matches.get(Slot(game))
    return match if match is not None and match.daily is not None and match.daily.day == model.today else None


def open_daily(model: Model) -> tuple[Model, list[Effect]]:
    """The model at ``#/daily``: today's challenge of the route's game in its slot (going on with one under way, else
    a new attempt), the table shown in place of the route."""
    games = daily_games()
    spec = next((s for s in games if s.id == model.route.game), None) if model.route.game else next(iter(games), None)
    if spec is None or not valid_day(model.today):
        return replace(model, route=Route("missing")), []
    slot, table_route = Slot(spec.id), Route("game", spec.id)
    model = replace(model, route=table_route)
    show = fx.Navigate(href(table_route), replace=True)
    under_way = today_match(model, spec.id)
    if under_way is not None and under_way.result is None:
        return model, [show]
    before = model.matches.get(slot)
    game: Any = TABLES[spec.id].GAME
    attempt = 1 + max((a.attempt for a in attempts(model, spec.id, model.today)), default=0)
    seed = day_seed(model.today)
    # A game that knows its challenge's par from the seed gives it; else its computer players find it.
    par = game.daily_par(seed) if hasattr(game, "daily_par") else None
    daily = Daily(model.today, attempt, par)
    match = Match.new(game, game.daily_options(seed), seed, (Seat(model.settings.name),), daily)
    model, effects = with_match(model, slot, match, fresh=True, replacing=True)
    if before is not None and in_progress(before) and before.daily is None:  # kept in the history: say where
        model = model.notify("daily.kept", "info", terms={"game": f"game.{spec.id}.name"})
    return model, [*effects, show, fx.Sound("start")]
