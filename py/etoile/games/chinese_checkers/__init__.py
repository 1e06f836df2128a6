"""Chinese checkers, with the long-jump variant: board, rules, notation, computer players, table, statistics, texts."""

from pathlib import Path

from etoile.engine.registry import GameSpec

SPEC = GameSpec(
    id="chinese-checkers",
    rules="etoile.games.chinese_checkers.rules",
    position=3,
    table="etoile.games.chinese_checkers.table",
    computer="etoile.games.chinese_checkers.ai",
    stats="etoile.games.chinese_checkers.stats",
    section="etoile.games.chinese_checkers.stats_view",
    folder=Path(__file__).parent,
    daily=True,
)
"""What the app reads of Chinese checkers."""
