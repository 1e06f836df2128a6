"""The game tables: each game's screen, its own messages, and its setup spec.

A game's spec names its table module (:attr:`etoile.engine.registry.GameSpec.table`), loaded on first use. A
table module provides:

* ``GAME``: the rule module (its :class:`~etoile.engine.game.Description` says the rest: players, options,
  levels, undo);
* ``board(model, match, local, t) -> El``: the table below the common frame;
* ``start(match) -> local``: the table's own view state for a new or loaded match
  (selected dice, a highlighted piece...), not saved but for its draft (below);
* ``decode(name, value, data) -> message | None``: the table's own message (a type its module declares) for an
  event on one of its controls, whose ``data-action`` is ``"<game id>:<name>"`` (or its ``data-keys``, or its
  ``data-escape``), ``value`` its input (a key pressed on a board) and ``data`` its other ``data-*`` attributes;
  ``None`` for input it does not read (the runtime drops it);
* ``on(match, local, msg) -> (match, local, effects)``: those messages, and the coach's answers
  (:class:`~etoile.app.messages.CoachAnswer`), that only this table understands;
* ``log_note(match, ply, t) -> str | None``: what the game made of the action
  that led to the position after ``ply`` actions, if it is worth a word in the
  game's log (the tokens a finished turn moved, the points of a box filled);
  the log itself (one line per seat's run of actions, in the game's notation)
  is drawn by the frame, the same for every game;
* optionally ``follow(model, match) -> effects``: what to ask for after every
  change of the match (a coach asks for advice);
* optionally ``draft(local) -> JSON | None`` and ``restore(match, data) -> local | None``:
  the player's unfinished choice at this position (the dice set aside since the
  last throw) as JSON the page saves, and back, so a reload loses nothing;
  ``restore`` returns ``None`` for data that makes no sense at ``match``;
* optionally ``heard(before, after) -> effects``: the sounds (:class:`~etoile.app.effects.Sound`) of what was
  played between two positions of a match, whoever played it (a person, a computer, a friend by link);
* optionally ``TIPS``: the pointers of a first game (:class:`~etoile.app.table.Tip`), which the board draws where
  they point with :func:`etoile.ui.common.pointer`; "Show me how to play" brings them back;
* optionally ``figure(name, label) -> El``: a diagram of the game's rules page, where its text has a
  ``{"figure": name}`` block, as an image labelled ``label`` (a board, a step, jumps).

Tables are pure, like every view: they build elements and return effects.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from etoile.app.model import Model
from etoile.app.table import TableLogic, Tables
from etoile.engine.match import Match
from etoile.ui.i18n import Catalog
from etoile.ui.vdom import El


class Table(TableLogic, Protocol):
    """A game's table: the logic the update drives (:class:`~etoile.app.table.TableLogic`), how the page reads its
    controls, and how it is drawn."""

    def board(self, model: Model, match: Match, local: Any, t: Catalog) -> El: ...

    def decode(self, name: str, value: str | None, data: Mapping[str, str]) -> object | None: ...

    def log_note(self, match: Match, ply: int, t: Catalog) -> str | None: ...


TABLES: Mapping[str, Table] = Tables[Table]()
"""Every playable table, by game id (a live view of :mod:`etoile.engine.registry`)."""
