"""A game's rules page: its text, its figures, and its options as the setup names them."""

from __future__ import annotations

from typing import Any

from etoile.app.model import Model
from etoile.engine import registry
from etoile.engine.game import Description, Option, token
from etoile.ui.i18n import Catalog, rules
from etoile.ui.table import TABLES, Table
from etoile.ui.vdom import El, h


def _figure(block: dict[str, str], table: Table, t: Catalog) -> El:
    """A diagram the game's table draws (its ``figure(name, alt, t)``) over its caption."""
    drawn = table.figure(block["figure"], block["alt"], t)  # type: ignore[attr-defined]
    return h("figure", {"class": "rules-figure"}, drawn, h("figcaption", {}, block["caption"]))


def glance(page: dict[str, Any], table: Table, t: Catalog) -> El | None:
    """The page's summary drawn, before its full text: a few figures the game's table draws (a ranking of hands as
    dice, a box of each kind with an example, moves on a piece of a board), each over its line."""
    shown = page.get("glance")
    if not shown:
        return None
    return h(
        "section",
        {"class": "glance", "aria-labelledby": "glance-title"},
        h("h2", {"id": "glance-title"}, t("rules.glance")),
        h("div", {"class": "glance-grid"}, [_figure(block, table, t) for block in shown]),
    )


def _blocks(blocks: list[Any], table: Table, t: Catalog) -> list[El]:
    """A rules section's blocks: a paragraph, ``{"list": [...]}``, or ``{"figure": name, "alt": ..., "caption": ...}``,
    a diagram the game's table draws (:func:`_figure`)."""
    return [
        h("p", {}, b)
        if isinstance(b, str)
        else h("ul", {}, [h("li", {}, item) for item in b["list"]])
        if "list" in b
        else _figure(b, table, t)
        for b in blocks
    ]


def rules_option(spec: Description, option: Option, text: str, t: Catalog) -> list[El]:
    """An option on a rules page, named as the setup screen names it and its values: the default, the others, then
    what the rules page says of it."""
    ns = spec.namespace
    others = [t(f"{ns}.option.{option.id}.{token(v)}") for v in option.values if v != option.default]
    return [
        h("dt", {"data-option": option.id}, t(f"{ns}.option.{option.id}")),
        h(
            "dd",
            {},
            h("p", {}, h("strong", {}, t("rules.default")), " ", t(f"{ns}.option.{option.id}.{token(option.default)}")),
            h("p", {}, h("strong", {}, t("rules.alternative", count=len(others))), " ", " · ".join(others)),
            h("p", {}, text),
        ),
    ]


def rules_page(model: Model, t: Catalog) -> El:
    game_id = model.route.game or ""
    spec = registry.spec(game_id).description
    page = rules(t.lang)[spec.namespace]
    texts = {o["id"]: o["text"] for o in page["options"]}
    return h(
        "article",
        {"class": "rules"},
        h("h1", {"tabindex": "-1"}, t("rules.title", game=page["title"])),
        h("p", {"class": "lead"}, page["summary"]),
        glance(page, TABLES[game_id], t),
        [h("section", {}, h("h2", {}, s["heading"]), _blocks(s["blocks"], TABLES[game_id], t)) for s in page["sections"]],
        h(
            "section",
            {"class": "options"},
            h("h2", {}, t("rules.options")),
            h("p", {}, t("rules.options_lead")),
            h(
                "dl",
                {"class": "option-list"},
                [rules_option(spec, option, texts[option.id], t) for option in spec.offered],
            ),
        ),
        h(
            "p",
            {},
            h("a", {"class": "button primary", "href": f"#/{game_id}"}, t("home.play")),
            " ",
            h("a", {"class": "button", "href": "#/"}, t("nav.back_home")),
        ),
    )
