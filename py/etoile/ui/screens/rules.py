"""A game's rules page: its text, its figures, and its options as the setup names them."""

from __future__ import annotations

from typing import Any

from etoile.app.model import Model
from etoile.engine import registry
from etoile.engine.game import Description, Option, token
from etoile.ui.i18n import Catalog, rules
from etoile.ui.table import TABLES, Table
from etoile.ui.vdom import El, h


def _blocks(blocks: list[Any], table: Table) -> list[El]:
    """A rules section's blocks: a paragraph, ``{"list": [...]}``, or ``{"figure": name, "alt": ..., "caption": ...}``,
    a diagram the game's table draws (its ``figure(name, alt)``) over its caption."""
    return [
        h("p", {}, b)
        if isinstance(b, str)
        else h("ul", {}, [h("li", {}, item) for item in b["list"]])
        if "list" in b
        else h(
            "figure",
            {"class": "rules-figure"},
            table.figure(b["figure"], b["alt"]),  # type: ignore[attr-defined]
            h("figcaption", {}, b["caption"]),
        )
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
        [h("section", {}, h("h2", {}, s["heading"]), _blocks(s["blocks"], TABLES[game_id])) for s in page["sections"]],
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
