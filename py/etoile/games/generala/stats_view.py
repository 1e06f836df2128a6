"""Generala's section of the statistics screen: scores against the optimal player's, generals, boxes crossed out."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from statistics import mean

from etoile.games.generala.rules import BOXES, ID
from etoile.games.generala.stats import big_generals, crossed, generals, scores
from etoile.saved.stats import Player, Record, histogram
from etoile.ui import charts
from etoile.ui.i18n import Catalog
from etoile.ui.screens.past import fact_list, pct
from etoile.ui.vdom import El

SCORE_BIN = 20
"""The width of a bin of the score histogram, in points."""

SCORES_FILE = Path(__file__).with_name("scores.json")
"""The optimal expected-score player's final score, default rules (written by ``tools/generala_tables.py`` from the
computer players' table, which the page does not load)."""


def optimal_scores() -> list[float]:
    """The chance of each final score of the optimal expected-score player (default rules): entry ``x`` is the chance
    of ``x`` points, as the computer players' :func:`etoile.games.generala.ai.win.futures` has it."""
    shipped = json.loads(SCORES_FILE.read_text(encoding="utf-8"))
    total = sum(shipped["units"])
    return [0.0] * shipped["first"] + [u / total for u in shipped["units"]]


@lru_cache(maxsize=1)
def optimal_shares() -> tuple[dict[int, float], float]:
    """The optimal expected-score player's final score, as shares by bin of :data:`SCORE_BIN`, and its mean
    (default rules)."""
    pmf = optimal_scores()
    shares: dict[int, float] = {}
    for points, p in enumerate(pmf):
        shares[points // SCORE_BIN * SCORE_BIN] = shares.get(points // SCORE_BIN * SCORE_BIN, 0.0) + p
    return shares, sum(points * p for points, p in enumerate(pmf))


def daily_gap(record: Record) -> float | None:
    """How many points a day's challenge ended above (or below, negative) the perfect player on the same dice."""
    if record.daily is None or record.daily.par is None or not record.facts:
        return None
    return float(record.facts[0]["score"]) - record.daily.par


def section(stats: Player, t: Catalog) -> list[El]:
    """The player's scores, generals and crossed boxes, over the games they finished."""
    found = scores(stats)
    played = len(found)
    reference, optimal = optimal_shares()
    boxes = crossed(stats)
    label = t("stats.table")
    return [
        fact_list(
            [
                (t("generala.stats.average"), t.decimal(mean(found))),
                (t("generala.stats.best"), str(max(found))),
                (t("generala.stats.generals"), str(generals(stats))),
                (t("generala.stats.big_generals"), str(big_generals(stats))),
            ]
        ),
        charts.histogram(
            t("generala.stats.scores"),
            histogram(found, SCORE_BIN),
            width=SCORE_BIN,
            reference=reference,
            marks=[
                (t("generala.stats.your_average", points=t.decimal(mean(found))), mean(found), "mark-1"),
                (t("generala.stats.optimal", points=t.decimal(optimal)), optimal, "mark-2"),
            ],
            head=(t("generala.stats.points"), t("generala.stats.share"), t("generala.stats.optimal_share")),
            shown=lambda share: pct(share, t),
            table_label=label,
        ),
        charts.bars(
            t("generala.stats.crossed"),
            [(t(f"generala.box.{box}"), boxes[box] / played) for box in BOXES],
            (t("generala.stats.box"), t("generala.stats.crossed_share")),
            shown=lambda share: pct(share, t),
            table_label=label,
        ),
        charts.line(
            t("generala.stats.over_time"),
            [
                (r.when.replace("T", " "), float(seat["score"]))
                for r in stats.games[ID]
                for seat in r.facts
                if seat.get("score") is not None
            ],
            (t("stats.when"), t("generala.stats.points")),
            table_label=label,
        ),
    ]
