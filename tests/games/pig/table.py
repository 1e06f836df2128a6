"""Pig's table: the scores, and two messages of its own (``pig:peek`` and ``pig:roll``)."""

from __future__ import annotations

import sys
from typing import Any

from etoile.app.model import Effect, Model, Msg
from etoile.engine.match import Match
from etoile.ui.i18n import Catalog
from etoile.ui.vdom import El, h
from tests.games.pig import rules

GAME = rules


def start(match: Match) -> dict[str, Any]:
    return {"peek": False}


def board(model: Model, match: Match, local: Any, t: Catalog) -> El:
    return h("p", {"class": "pig"}, f"scores {list(match.state.scores)} peek {local['peek']}")


def on(match: Match, local: Any, msg: Msg) -> tuple[Match, Any, list[Effect]]:
    if msg.action == "pig:peek":
        return match, {"peek": True}, []
    if msg.action == "pig:roll":
        return match.play("roll"), local, [Effect("sound", {"name": "dice"})]
    return match, local, []


def log_note(match: Match, ply: int, t: Catalog) -> str | None:
    """A banked turn total is worth a word in the log."""
    before, after = match.states[ply - 1], match.states[ply]
    return f"banks {after.scores[before.to_move] - before.scores[before.to_move]}" if after.scores != before.scores else None


TABLE = sys.modules[__name__]
