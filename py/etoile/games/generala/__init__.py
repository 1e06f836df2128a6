"""Generala, five dice and a score sheet: rules, notation, computer players, table, statistics, texts."""

from pathlib import Path

from etoile.engine.registry import GameSpec

SPEC = GameSpec(
    id="generala",
    rules="etoile.games.generala.rules",
    position=2,
    table="etoile.games.generala.table",
    computer="etoile.games.generala.ai",
    stats="etoile.games.generala.stats",
    section="etoile.games.generala.stats_view",
    folder=Path(__file__).parent,
    daily=True,
)
"""What the app reads of Generala."""
