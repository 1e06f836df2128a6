"""The home screen: today's challenges, a card per game, and the games by link under way."""

from __future__ import annotations

from etoile.app.daily import counted, daily_games, today_match
from etoile.app.model import Model
from etoile.app.routes import GAMES, Route, href
from etoile.engine.daily import streak, valid_day
from etoile.engine.match import Match
from etoile.engine.slot import Slot
from etoile.ui.common import friends, seat_name
from etoile.ui.i18n import Catalog
from etoile.ui.vdom import El, h


def home(model: Model, t: Catalog) -> El:
    return h(
        "div",
        {"class": "home"},
        h("h1", {"tabindex": "-1"}, "Étoile"),
        h("p", {"class": "lead"}, t("home.lead")),
        model.settings.name and h("p", {"class": "greeting"}, t("home.greeting", name=model.settings.name)),
        daily_cards(model, t),
        h("ul", {"class": "game-list"}, [game_card(g, Slot(g) in model.in_progress, t) for g in GAMES]),
        by_link_games(model, t),
    )


def by_link_games(model: Model, t: Catalog) -> El | None:
    """The games by link on this device: those waiting for a choice or for a move here first, then those waiting
    for a friend, then those over (which can be removed)."""
    rows = sorted((by_link_status(model, slot, match), slot) for slot, match in model.matches.items() if slot.by_link)
    if not rows:
        return None
    items = []
    for status, slot in rows:
        match, game_id, code = model.matches[slot], slot.game, slot.code
        name = seat_name(match, seat, t) if (seat := match.friend_to_move) is not None else ""
        items.append(
            h(
                "li",
                {"class": "by-link-game", "data-status": BY_LINK_STATUSES[status]},
                h(
                    "a",
                    {"href": href(Route("game", game_id, by_link=code))},
                    h("strong", {}, t(f"game.{game_id}.name")),
                    " · ",
                    t("bylink.with", names=friends(match, t)),
                ),
                " ",
                h("span", {"class": "by-link-status"}, t(f"bylink.status.{BY_LINK_STATUSES[status]}", name=name)),
                status == BY_LINK_STATUSES.index("over")
                and h(
                    "button",
                    {"type": "button", "data-action": "bylink-remove", "data-value": str(slot)},
                    t("bylink.remove"),
                ),
            )
        )
    return h("section", {"class": "by-link-games"}, h("h2", {}, t("home.by_link")), h("ul", {}, items))


BY_LINK_STATUSES = ("rival", "your_turn", "waiting", "over")
"""Where a game by link stands, in the order the home screen lists them (``bylink.status.<status>``)."""


def by_link_status(model: Model, slot: Slot, match: Match) -> int:
    """The index in :data:`BY_LINK_STATUSES` of where the game by link in ``slot`` stands."""
    if slot in model.rivals:
        return 0
    if match.result is not None:
        return 3
    return 2 if match.friend_to_move is not None else 1


def game_card(game_id: str, in_progress: bool, t: Catalog) -> El:
    name = t(f"game.{game_id}.name")
    return h(
        "li",
        {"class": "game-card", "data-game": game_id},
        h("img", {"src": f"img/{game_id}.svg", "alt": "", "width": "96", "height": "96"}),
        h(
            "div",
            {"class": "game-card-body"},
            h("h2", {}, name),
            h("p", {}, t(f"game.{game_id}.line")),
            h(
                "div",
                {"class": "game-card-actions"},
                in_progress and h("a", {"class": "button primary", "href": f"#/{game_id}"}, t("home.continue")),
                h(
                    "a",
                    {
                        "class": "button" if in_progress else "button primary",
                        "href": f"#/{game_id}/new" if in_progress else f"#/{game_id}",
                    },
                    t("home.new") if in_progress else t("home.play"),
                ),
                h("a", {"class": "button", "href": f"#/rules/{game_id}"}, t("home.rules")),
            ),
        ),
    )


def daily_cards(model: Model, t: Catalog) -> El | None:
    """Today's challenge of each game that has one: to play, to go on with, or its result beside the perfect
    player's, with the days in a row the player has played it. The card names no date, so that the screen drawn
    before Python (which knows none) is the one Python draws for a first visit."""
    dated = valid_day(model.today)
    cards = []
    for spec in daily_games():
        game_id = spec.id
        days = counted(model, game_id)
        done, under_way = days.get(model.today), today_match(model, game_id)
        in_a_row = streak(days, model.today) if dated else 0
        if done is not None:
            # The game's line says it with the facts its statistics keep of the player (a score, a count of moves).
            facts = {k: v for k, v in (done.facts[0] if done.facts else {}).items() if isinstance(v, int | str)}
            known = done.par is not None and facts
            said = t(f"game.{game_id}.daily_done", perfect=done.par, **facts) if known else t("home.daily.done")
            shown = under_way is not None and under_way.daily == done.daily  # still on its table
            actions = [
                h(
                    "a",
                    {"class": "button primary", "href": f"#/{game_id}" if shown else f"#/history/{done.id}"},
                    t("home.daily.see"),
                ),
                h("a", {"class": "button", "href": f"#/daily/{game_id}"}, t("home.daily.again")),
            ]
        elif under_way is not None and under_way.result is None:
            said = t(f"game.{game_id}.daily")
            actions = [h("a", {"class": "button primary", "href": f"#/daily/{game_id}"}, t("home.continue"))]
        else:
            said = t(f"game.{game_id}.daily")
            actions = [h("a", {"class": "button primary", "href": f"#/daily/{game_id}"}, t("home.daily.play"))]
        cards.append(
            h(
                "li",
                {"class": "daily-card", "data-game": game_id},
                h("h2", {}, t("home.daily.title", game=t(f"game.{game_id}.name"))),
                h("p", {}, said),
                in_a_row > 0 and h("p", {"class": "streak"}, t("home.daily.streak", count=in_a_row)),
                h("div", {"class": "game-card-actions"}, actions),
            )
        )
    return h("ul", {"class": "daily-list"}, cards) if cards else None
