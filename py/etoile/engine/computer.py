"""One entry point for every computer player, with JSON in and out (what the AI worker exposes).

Each game's computer players live in the module its spec names (:attr:`etoile.engine.registry.GameSpec.computer`)
and provide ``choose(state, level) -> action`` and ``advise(match, request) -> value`` (the coach's answer, a value
with ``to_json()``). This module is the only one that loads them.
"""

from __future__ import annotations

import json
from typing import Any

from etoile.engine.match import Match
from etoile.engine.registry import spec


def _load(game_id: str, match_json: str) -> tuple[Any, Match]:
    """The computer players of ``game_id`` (imported on first use) and the match."""
    return spec(game_id).load_computer(), Match.from_json(json.loads(match_json))


def prepare(game_id: str, match_json: str, cached_json: str = "{}") -> str:
    """Get ready to answer about ``match_json`` at once: import its game's computer players and let them load what
    they keep between questions (a module's optional ``prepare(match, cached)``, e.g. tables computed for its
    rules). ``cached_json`` holds the tables the page kept from earlier loads, by name; the answer (JSON text)
    holds those computed now, for the page to keep."""
    brain, match = _load(game_id, match_json)
    ready = getattr(brain, "prepare", None)
    cached = json.loads(cached_json)
    return json.dumps(ready(match, cached if isinstance(cached, dict) else {}) if ready is not None else {})


def choose(game_id: str, match_json: str, level: str) -> str:
    """The action (as JSON text) the computer at ``level`` plays in the saved match ``match_json``."""
    brain, match = _load(game_id, match_json)
    return json.dumps(match.game.action_to_json(brain.choose(match.state, level)))


def advise(game_id: str, match_json: str, request: str) -> str:
    """The coach's answer (as JSON text, the game's own coach type) to ``request`` ("hint", "report"...) about the match."""
    brain, match = _load(game_id, match_json)
    return json.dumps(brain.advise(match, request).to_json())
