"""A game's setup screen: the number of players, each seat (a person, a friend by link, the computer), the options."""

from __future__ import annotations

from etoile.app.model import Model
from etoile.app.play import setup_of
from etoile.app.setup import KINDS, MAX_SEATS, SeatChoice
from etoile.engine import registry
from etoile.engine.game import Description, token
from etoile.engine.names import NAME_LENGTH
from etoile.ui.common import choices
from etoile.ui.i18n import Catalog
from etoile.ui.table import TABLES
from etoile.ui.vdom import Attr, El, h


def coming_soon(game_id: str, t: Catalog) -> El:
    return h(
        "div",
        {"class": "game-screen"},
        h("h1", {"tabindex": "-1"}, t(f"game.{game_id}.name")),
        h("p", {"class": "lead"}, t(f"game.{game_id}.line")),
        h("p", {"class": "soon"}, t("game.soon")),
        h(
            "p",
            {},
            h("a", {"class": "button primary", "href": f"#/rules/{game_id}"}, t("home.rules")),
            " ",
            h("a", {"class": "button", "href": "#/"}, t("nav.back_home")),
        ),
    )


def setup_screen(model: Model, t: Catalog) -> El:
    game_id = model.route.game or ""
    if game_id not in TABLES:
        return coming_soon(game_id, t)
    spec = registry.spec(game_id).description
    setup = setup_of(model, game_id)
    data: dict[str, Attr] = {"data-game": game_id}
    ns = spec.namespace
    return h(
        "div",
        {"class": "setup", "data-game": game_id},
        h("h1", {"tabindex": "-1"}, t("setup.title", game=t(f"game.{game_id}.name"))),
        spec.max_players != spec.min_players
        and h(
            "div",
            {"class": "field"},
            h("label", {"for": "setup-players"}, t("setup.players")),
            players_control(spec, len(setup.seats), data),
        ),
        h(
            "fieldset",
            {"class": "seats"},
            h("legend", {}, t("setup.seats")),
            [seat_row(spec, index, seat, t, full=setup.guests_full, kinds=setup.kinds) for index, seat in enumerate(setup.seats)],
            setup.by_link and h("p", {"class": "hint"}, t("setup.by_link_note")),
            any(seat.computer is not None for seat in setup.seats) and levels_list(spec, t),
        ),
        [
            choices(
                f"option-{o.id}",
                t(f"{ns}.option.{o.id}"),
                [(token(v), t(f"{ns}.option.{o.id}.{token(v)}")) for v in o.values],
                token(setup.options[o.id]),
                "setup-option",
                data={**data, "data-option": o.id},
                disabled={token(v) for v in o.values if not o.allows(v, len(setup.seats))},
            )
            for o in spec.offered
        ],
        h(
            "div",
            {"class": "row"},
            h(
                "button",
                {
                    "type": "button",
                    "class": "primary",
                    "data-action": "setup-start",
                    "data-seed": True,
                    "data-secret": setup.live,
                    **data,
                },
                t("setup.start"),
            ),
            h("a", {"class": "button", "href": f"#/rules/{game_id}"}, t("home.rules")),
        ),
    )


def levels_list(spec: Description, t: Catalog) -> El:
    """The computer's levels, weakest first, each with what it does in one line."""
    ns = spec.namespace
    return h(
        "div",
        {"class": "levels"},
        h("p", {"class": "hint", "id": "setup-levels"}, t("setup.levels")),
        h(
            "dl",
            {"aria-labelledby": "setup-levels"},
            [[h("dt", {}, t(f"{ns}.level.{level}")), h("dd", {}, t(f"{ns}.level.{level}.about"))] for level in spec.levels],
        ),
    )


def players_control(spec: Description, count: int, data: dict[str, Attr]) -> El:
    """The number of players: a list of the counts the game accepts, or a number field when its rules set no limit."""
    attrs: dict[str, Attr] = {"id": "setup-players", "data-action": "setup-players", **data}
    if spec.max_players is None:
        return h("input", {**attrs, "type": "number", "min": str(spec.min_players), "max": str(MAX_SEATS), "value": str(count)})
    counts = range(spec.min_players, spec.max_players + 1)
    return h("select", attrs, [h("option", {"value": str(n), "selected": n == count}, str(n)) for n in counts])


def seat_row(
    spec: Description, index: int, seat: SeatChoice, t: Catalog, *, full: bool = False, kinds: tuple[str, ...] = KINDS
) -> El:
    """One seat of the setup: who plays it, and their name or the computer's level (``full``: no other seat may be
    played on its own device); ``kinds``, who may play it (``setup.kind.<kind>``)."""
    data = {"data-game": spec.id, "data-index": str(index)}
    kind_id, detail_id = f"seat-{index}-kind", f"seat-{index}-detail"
    kind = seat.kind
    return h(
        "div",
        {"class": "seat-row"},
        h("span", {"class": "seat-number"}, t("setup.seat", number=index + 1)),
        h("label", {"class": "visually-hidden", "for": kind_id}, t("setup.seat_kind", number=index + 1)),
        h(
            "select",
            {"id": kind_id, "data-action": "setup-seat-kind", **data},
            [
                h("option", {"value": k, "selected": k == kind, "disabled": k == "device" != kind and full}, t(f"setup.kind.{k}"))
                for k in kinds
            ],
        ),
        h(
            "label",
            {"class": "visually-hidden", "for": detail_id},
            t("setup.seat_name" if seat.computer is None else "setup.seat_level", number=index + 1),
        ),
        h(
            "input",
            {
                "id": detail_id,
                "type": "text",
                "maxlength": str(NAME_LENGTH),
                "value": seat.name,
                "placeholder": t("seat.person", number=index + 1),
                "data-action": "setup-seat-name",
                **data,
            },
        )
        if seat.computer is None
        else h(
            "select",
            {"id": detail_id, "data-action": "setup-seat-level", **data},
            [
                h("option", {"value": lv, "selected": lv == seat.computer}, t(f"{spec.namespace}.level.{lv}"))
                for lv in spec.levels
            ],
        ),
    )
