"""One entry point for every computer player, with JSON in and out (what the AI worker exposes).

Each game's computer players live in ``etoile.ai.<namespace>`` and provide
``choose(state, level) -> action`` and ``advise(match, request) -> JSON`` (the coach).
"""

from __future__ import annotations

import importlib
import json
from typing import Any

from etoile.match import Match
from etoile.routes import NAMESPACES


def _load(game_id: str, match_json: str) -> tuple[Any, Match]:
    namespace = NAMESPACES[game_id]
    importlib.import_module(f"etoile.games.{namespace}")  # registers the rules
    return importlib.import_module(f"etoile.ai.{namespace}"), Match.from_json(json.loads(match_json))


def choose(game_id: str, match_json: str, level: str) -> str:
    """The action (as JSON text) the computer at ``level`` plays in the saved match ``match_json``."""
    brain, match = _load(game_id, match_json)
    return json.dumps(match.game.action_to_json(brain.choose(match.state, level)))


def advise(game_id: str, match_json: str, request: str) -> str:
    """The coach's answer (as JSON text) to ``request`` ("hint", "report"...) about the saved match."""
    brain, match = _load(game_id, match_json)
    return json.dumps(brain.advise(match, request))
