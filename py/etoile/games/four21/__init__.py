"""421, the French bar dice game: rules, notation, computer players, table, statistics, texts."""

from pathlib import Path

from etoile.engine.registry import GameSpec

SPEC = GameSpec(
    id="421",
    rules="etoile.games.four21.rules",
    position=1,
    table="etoile.games.four21.table",
    computer="etoile.games.four21.ai",
    stats="etoile.games.four21.stats",
    section="etoile.games.four21.stats_view",
    folder=Path(__file__).parent,
)
"""What the app reads of 421."""
