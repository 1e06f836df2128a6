"""The screen of an address that leads nowhere."""

from __future__ import annotations

from etoile.app.model import Model
from etoile.ui.i18n import Catalog
from etoile.ui.vdom import El, h


def missing(model: Model, t: Catalog) -> El:
    return h(
        "div",
        {},
        h("h1", {"tabindex": "-1"}, t("missing.title")),
        h("p", {}, t("missing.text")),
        h("p", {}, h("a", {"class": "button primary", "href": "#/"}, t("nav.back_home"))),
    )
