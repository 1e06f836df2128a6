"""421's section of the statistics screen: stars, tokens, the hands shown, the share of games won over time."""

from __future__ import annotations

from etoile.games.four21.rules import HANDS, ID, named
from etoile.games.four21.stats import hands, stars, tokens
from etoile.saved.stats import Player
from etoile.ui import charts
from etoile.ui.i18n import Catalog
from etoile.ui.screens.past import fact_list, pct, running_wins
from etoile.ui.vdom import El

HAND_GROUPS = ("421", "111", "aces", "triples", "straight", "other", "221")
"""How the hands are grouped in the chart of hands shown."""


def hand_group(rank: int) -> str:
    """The group of :data:`HAND_GROUPS` of the hand of rank ``rank``."""
    hand = HANDS[rank]
    name = named(hand)
    if name in ("421", "111", "221", "straight"):
        return name
    if hand[1] == hand[2] == 1:
        return "aces"
    return "triples" if hand[0] == hand[2] else "other"


def section(stats: Player, t: Catalog) -> list[El]:
    """The player's stars, tokens and hands, and their share of games won game after game."""
    shown = hands(stats)
    groups = {group: 0 for group in HAND_GROUPS}
    for rank, count in shown.items():
        groups[hand_group(rank)] += count
    taken = tokens(stats)
    label = t("stats.table")
    return [
        fact_list(
            [
                (t("four21.stats.stars"), str(stars(stats))),
                (t("four21.stats.tokens"), t.decimal(taken) if taken is not None else "–"),
                (t("four21.stats.hands_thrown"), str(sum(shown.values()))),
            ]
        ),
        charts.bars(
            t("four21.stats.hands"),
            [(t(f"four21.stats.group.{group}"), count) for group, count in groups.items()],
            (t("four21.stats.hand"), t("four21.stats.times")),
            table_label=label,
        ),
        charts.line(
            t("stats.win_rate_over_time"),
            running_wins(stats, ID),
            (t("stats.when"), t("stats.win_rate")),
            shown=lambda share: pct(share, t),
            table_label=label,
            floor=0.0,
            ceiling=1.0,
        ),
    ]
