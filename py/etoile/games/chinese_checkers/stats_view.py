"""Chinese checkers' section of the statistics screen: wins, moves to finish, wins by seating."""

from __future__ import annotations

from etoile.games.chinese_checkers.rules import ID
from etoile.games.chinese_checkers.stats import daily_gap, moves, seatings
from etoile.saved.stats import Player
from etoile.ui import charts
from etoile.ui.i18n import Catalog
from etoile.ui.screens.past import fact_list
from etoile.ui.vdom import El, h

__all__ = ["daily_gap", "section"]  # the hooks the statistics screen reads: the days' puzzles' gap is the stats'


def section(stats: Player, t: Catalog) -> list[El]:
    """The player's wins and moves to finish, and their wins by seating."""
    average = moves(stats)
    label = t("stats.table")
    seated = sorted(seatings(stats).items(), key=lambda item: (len(item[0]), item[0]))
    return [
        fact_list(
            [
                (t("chinese_checkers.stats.wins"), str(stats.won(ID))),
                (t("chinese_checkers.stats.moves"), t.decimal(average) if average is not None else "–"),
            ]
        ),
        charts.bars(
            t("chinese_checkers.stats.by_seating"),
            [(seating_label(s, t), won) for s, (_, won) in seated],
            (t("chinese_checkers.stats.seating"), t("stats.won")),
            table_label=label,
        ),
        h(
            "p",
            {"class": "stats-note"},
            "; ".join(t("chinese_checkers.stats.seating_played", seating=seating_label(s, t), count=n) for s, (n, _) in seated),
        ),
    ]


def seating_label(seating: str, t: Catalog) -> str:
    players, _, camps = seating.partition("x")
    return (
        t("chinese_checkers.stats.camps", players=players, count=int(camps))
        if camps
        else t("chinese_checkers.stats.players", count=int(players))
    )
