"""One entry point for every computer player, with JSON in and out (what the AI worker exposes).

Each game's computer players live in ``etoile.ai.<namespace>`` and provide
``choose(state, level) -> action``.
"""

from __future__ import annotations

import importlib
import json

from etoile.match import Match
from etoile.routes import NAMESPACES


def choose(game_id: str, match_json: str, level: str) -> str:
    """The action (as JSON text) the computer at ``level`` plays in the saved match ``match_json``."""
    namespace = NAMESPACES[game_id]
    game = importlib.import_module(f"etoile.games.{namespace}")  # registers the rules
    brain = importlib.import_module(f"etoile.ai.{namespace}")
    match = Match.from_json(json.loads(match_json))
    return json.dumps(game.action_to_json(brain.choose(match.state, level)))
