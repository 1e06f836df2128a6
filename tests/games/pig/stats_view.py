"""Pig's section of the statistics screen: the average score."""

from __future__ import annotations

from etoile.saved.stats import Player
from etoile.ui.i18n import Catalog
from etoile.ui.screens.past import fact_list
from etoile.ui.vdom import El
from tests.games.pig.stats import average


def section(stats: Player, t: Catalog) -> list[El]:
    found = average(stats)
    return [fact_list([(t("pig.stats.average"), t.decimal(found) if found is not None else "–")])]
