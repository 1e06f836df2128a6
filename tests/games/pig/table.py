"""Pig's table: the scores, and two messages of its own (``pig:peek`` and ``pig:roll``)."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from etoile.app import effects as fx
from etoile.app.effects import Effect
from etoile.app.model import Model
from etoile.engine.lazy import lazy_dataclass
from etoile.engine.match import Match
from etoile.ui.i18n import Catalog
from etoile.ui.vdom import El, h
from tests.games.pig import rules

GAME = rules


def start(match: Match) -> dict[str, Any]:
    return {"peek": False}


def board(model: Model, match: Match, local: Any, t: Catalog) -> El:
    return h("p", {"class": "pig"}, f"scores {list(match.state.scores)} peek {local['peek']}")


@lazy_dataclass
class Peek:
    pass


@lazy_dataclass
class Roll:
    pass


def decode(name: str, value: str | None, data: Mapping[str, str]) -> Peek | Roll | None:
    return {"peek": Peek(), "roll": Roll()}.get(name)


def on(match: Match, local: Any, msg: object) -> tuple[Match, Any, list[Effect]]:
    if isinstance(msg, Peek):
        return match, {"peek": True}, []
    if isinstance(msg, Roll):
        return match.play("roll"), local, []
    return match, local, []


def heard(before: Match, after: Match) -> list[Effect]:
    """A roll is heard as dice, whoever rolled."""
    return [fx.Sound("dice")] if "roll" in after.played[before.cursor :] else []


def log_note(match: Match, ply: int, t: Catalog) -> str | None:
    """A banked turn total is worth a word in the log."""
    before, after = match.states[ply - 1], match.states[ply]
    return f"banks {after.scores[before.to_move] - before.scores[before.to_move]}" if after.scores != before.scores else None


TABLE = sys.modules[__name__]
