"""The games: one package each, holding everything that is that game's.

Importing this package registers every game in :data:`REGISTRY` (see :mod:`etoile.engine.game`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from etoile.engine.game import REGISTRY, Game

__all__ = ["REGISTRY"]

# Every game registers itself on import; importing them here fills REGISTRY for whoever imports the package.
from etoile.games.four21 import rules as four21  # noqa: I001 - in the home screen's order
from etoile.games.generala import rules as generala
from etoile.games.chinese_checkers import rules as chinese_checkers

if TYPE_CHECKING:  # the type checker holds every rules module to the protocol
    _GAMES: tuple[Game, ...] = (four21, generala, chinese_checkers)
