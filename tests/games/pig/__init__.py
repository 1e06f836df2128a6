"""Pig, a tiny dice game: a complete game package outside the app, registered by the tests that play it.

It has every part a game of :mod:`etoile.games` has (rules, table, computer players and coach, statistics, strings
and rules page in every language), so the tests show that a new game touches only its own package.
"""

from pathlib import Path

from etoile.engine.registry import GameSpec

SPEC = GameSpec(
    id="pig",
    rules="tests.games.pig.rules",
    position=99,
    table="tests.games.pig.table",
    computer="tests.games.pig.ai",
    stats="tests.games.pig.stats",
    section="tests.games.pig.stats_view",
    folder=Path(__file__).parent,
)
"""What the app reads of pig."""
