"""How Chinese checkers is written down: the notation of moves, the board diagram, the position text, the JSON state.

A move is written as its holes joined by ``-``, ``12-23-34``, and a pass as
``pass`` (:func:`action_to_text`). The board diagram (:func:`to_cells`) is
the 121 holes in hole order, for tests and fixtures: :func:`from_cells` sets
up a position from one.

The position text (:func:`state_to_text`) holds the whole state on one line,
in the spirit of chess's FEN: fields separated by spaces, opening as every
game's position text does, with the game's id and its options as
``name=value`` (``players``, ``camps``, ``long_jumps``, ``rank_all``,
``move_limit``, ``spoiling`` and ``edition``, their values written as the setup
writes them: ``true``, ``null``, ``40``), then the board, then ``name=value``
for each counter, the seat to move last:

* the board: its 17 rows from the top tip, separated by ``/``. In a row, a
  piece is the letter of its camp, the branch it started in (``A`` to ``F``;
  the seat it belongs to follows from the seating), and a run of free holes
  is its length;
* the counters of :class:`~etoile.games.chinese_checkers.state.State`:
  ``turns`` and ``lowest``, one number per seat; ``passes``; ``quiet``;
  ``finished``, seats in the order they finished; ``eliminated``, the groups
  in order, the seats of a group joined by ``+``; ``last``, each seat's last
  move (``null`` before its first). A list is written with commas, ``-`` when
  empty;
* ``to_move``: the seat to move, ``null`` once the game is over. Coming last,
  it makes a text cut short fail to read.

>>> from etoile.games.chinese_checkers.rules import apply, new_game
>>> state = apply(new_game(2), action_from_text("7-15"))
>>> text = state_to_text(state)
>>> print(*text.split(), sep="\\n")
chinese-checkers
players=2
camps=1
long_jumps=false
rank_all=false
move_limit=null
spoiling=true
edition=2
A/AA/AAA/A1AA/5A7/12/11/10/9/10/11/12/13/DDDD/DDD/DD/D
turns=1,0
passes=0
lowest=119,120
quiet=0
finished=-
eliminated=-
last=7-15,null
to_move=1
>>> state_from_text(text) == state
True
>>> state_from_text(text.replace("players=2", "players=3"))
Traceback (most recent call last):
...
ValueError: row 14 of the board holds a piece of camp D, which nobody plays with 3 players and 1 camp(s) each
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from etoile.engine.game import JSON, token
from etoile.games.chinese_checkers.board import BRANCHES, ROW_LENGTHS, SIZE, Layout, layout
from etoile.games.chinese_checkers.endings import distance, settle
from etoile.games.chinese_checkers.state import DESCRIPTION, EDITION, PASS, Move, State, check_options, in_play

OPTIONS = ("players", "camps", "long_jumps", "rank_all", "move_limit", "spoiling", "edition")
"""The options of a state, in the order of :class:`~etoile.games.chinese_checkers.state.State`."""
COUNTERS = ("turns", "passes", "lowest", "quiet", "finished", "eliminated", "last")
"""The other fields of a state but its board and seat to move, in its order."""

# --- Moves -------------------------------------------------------------------------------------


def action_to_text(move: Move) -> str:
    """The notation of a move: its holes joined by ``-``; ``"pass"`` for :data:`~etoile.games.chinese_checkers.rules.PASS`.

    >>> action_to_text(Move((12, 23, 34))), action_to_text(PASS)
    ('12-23-34', 'pass')
    """
    return "-".join(map(str, move.path)) if move.path else "pass"


def action_from_text(text: str) -> Move:
    """The move written ``text`` (:func:`action_to_text`); ``ValueError`` if it is not a move's notation.

    >>> action_from_text("7-15"), action_from_text("pass")
    (Move(path=(7, 15)), Move(path=()))
    >>> action_from_text("7 15")
    Traceback (most recent call last):
    ...
    ValueError: not a move: '7 15' (write holes joined by '-', like '12-23-34', or 'pass')
    """
    if not isinstance(text, str):
        raise ValueError(f"a move's notation is a text, not {text!r}")
    if text == "pass":
        return PASS
    parts = text.split("-")
    if not all(p.isascii() and p.isdigit() and (p == "0" or not p.startswith("0")) for p in parts):
        raise ValueError(f"not a move: {text!r} (write holes joined by '-', like '12-23-34', or 'pass')")
    return Move(tuple(int(p) for p in parts))


# --- The board diagram -------------------------------------------------------------------------


def to_cells(state: State) -> str:
    """The board as 121 characters in hole order: ``'.'`` for a free hole, else the piece.

    A piece is its seat number when every seat has one camp, else its camp's start branch letter.

    >>> from etoile.games.chinese_checkers.rules import new_game
    >>> to_cells(new_game(2, camps=2))[:4], to_cells(new_game(2))[:4]
    ('AAAA', '0000')
    """
    if state.camps == 1:
        return "".join("." if v == 0 else str(v - 1) for v in state.board)
    return "".join("." if v == 0 else BRANCHES[v - 1] for v in state.origin)


def _parse_cells(cells: object, lay: Layout) -> tuple[bytes, bytes]:
    """The ``board`` and ``origin`` of a :func:`to_cells` text for the seating ``lay``."""
    if not isinstance(cells, str) or len(cells) != SIZE:
        raise ValueError(f"cells must be a text of {SIZE} characters")
    if all(len(branches) == 1 for branches in lay.starts):
        pieces_of = {str(seat): (seat + 1, BRANCHES.index(branches[0]) + 1) for seat, branches in enumerate(lay.starts)}
    else:
        pieces_of = {b: (seat + 1, BRANCHES.index(b) + 1) for seat, branches in enumerate(lay.starts) for b in branches}
    bad = {c for c in cells if c != "." and c not in pieces_of}
    if bad:
        raise ValueError(f"cells may hold '.' and {', '.join(sorted(pieces_of))}, not {''.join(sorted(bad))!r}")
    board = bytes(pieces_of[c][0] if c != "." else 0 for c in cells)
    origin = bytes(pieces_of[c][1] if c != "." else 0 for c in cells)
    return board, origin


def from_cells(
    cells: str,
    players: int,
    to_move: int = 0,
    long_jumps: bool = False,
    camps: int = 1,
    *,
    rank_all: bool = False,
    move_limit: int | None = None,
    spoiling: bool = True,
    edition: int = EDITION,
) -> State:
    """A position from its :func:`to_cells` text, ``seat`` ``to_move`` to play; any number of pieces per camp.

    With one camp per seat a piece is written as its seat number; with several,
    as the start branch letter of its camp (``"A"`` for a piece of the camp
    that started in A). The position is settled as after a move: seats with no
    piece count as eliminated, a piece blocked for good eliminates its player,
    a seat with all its camps home has finished (and may end the game). If
    ``to_move`` is out of play the next seat in play moves. ``ValueError`` if
    malformed.

    >>> from etoile.games.chinese_checkers.rules import camp, legal_moves, piece
    >>> legal_moves(from_cells("0" + "." * 119 + "1", players=2))
    [Move(path=(0, 1)), Move(path=(0, 2))]
    >>> two_camps = from_cells("B" + "." * 119 + "D", players=2, camps=2)
    >>> piece(two_camps, 0), camp(two_camps, 0), camp(two_camps, 120)
    (0, 'B', 'D')
    """
    check_options(players, camps, long_jumps, rank_all, move_limit, spoiling=spoiling, edition=edition)
    board, origin = _parse_cells(cells, layout(players, camps))
    if type(to_move) is not int or not 0 <= to_move < players:
        raise ValueError(f"to_move must be a seat 0 to {players - 1}, not {to_move!r}")
    empty = tuple(s for s in range(players) if s + 1 not in board)
    state = State(
        players, camps, long_jumps, rank_all, move_limit, spoiling, edition, board, origin, to_move,
        (0,) * players, 0, (0,) * players, 0, (), (empty,) if empty else (), (None,) * players,
    )  # fmt: skip
    state = replace(state, lowest=tuple(distance(state, seat) for seat in range(players)))
    return settle(state, to_move, played=False)


# --- JSON --------------------------------------------------------------------------------------

STATE_KEYS = frozenset({*OPTIONS, "cells", "to_move", *COUNTERS})


def state_to_json(state: State) -> JSON:
    """The state as JSON: the options, ``cells`` (:func:`to_cells`, which names each piece's camp), and the other fields."""
    return {
        **{name: getattr(state, name) for name in OPTIONS},
        "cells": to_cells(state),
        "to_move": state.to_move,
        "turns": list(state.turns),
        "passes": state.passes,
        "lowest": list(state.lowest),
        "quiet": state.quiet,
        "finished": list(state.finished),
        "eliminated": [list(group) for group in state.eliminated],
        "last": [None if m is None else action_to_text(m) for m in state.last],
    }


def state_from_json(data: JSON) -> State:
    """The state of :func:`state_to_json`; ``ValueError`` if malformed or inconsistent."""
    if not isinstance(data, dict) or set(data) != STATE_KEYS:
        raise ValueError(f"a Chinese checkers state is an object with the keys {', '.join(sorted(STATE_KEYS))}")
    players, camps, long_jumps, rank_all, move_limit, spoiling, edition = (data[key] for key in OPTIONS)
    check_options(players, camps, long_jumps, rank_all, move_limit, spoiling=spoiling, edition=edition)
    return _state(data, *_parse_cells(data["cells"], layout(players, camps)))


def _int(value: object, name: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number {low} to {high}, not {value!r}")
    return value


def _state(data: Mapping[str, Any], board: bytes, origin: bytes) -> State:
    """The state of ``board`` and ``origin`` and the other fields of ``data`` in their JSON form, its options checked.

    ``ValueError`` if the fields are malformed or disagree: a list without one entry per seat, a seat finished or
    eliminated twice, an eliminated seat with pieces, a seat to move that is not in play.
    """
    players, camps, long_jumps, rank_all, move_limit, spoiling, edition = (data[key] for key in OPTIONS)
    turns, lowest, finished, eliminated, last = (data[key] for key in ("turns", "lowest", "finished", "eliminated", "last"))
    for name, value in (("turns", turns), ("lowest", lowest), ("finished", finished), ("eliminated", eliminated), ("last", last)):
        if not isinstance(value, list):
            raise ValueError(f"{name} must be a list")
    if len(turns) != players or len(last) != players or len(lowest) != players:
        raise ValueError("turns, lowest and last need one entry per seat")
    seats_out = [_int(s, "a seat", 0, players - 1) for s in finished]
    for group in eliminated:
        if not isinstance(group, list) or not group:
            raise ValueError("eliminated lists groups of seats")
        seats_out += [_int(s, "a seat", 0, players - 1) for s in group]
    if len(set(seats_out)) != len(seats_out):
        raise ValueError("a seat is finished or eliminated twice")
    state = State(
        players, camps, long_jumps, rank_all, move_limit, spoiling, edition, board, origin,
        None if data["to_move"] is None else _int(data["to_move"], "to_move", 0, players - 1),
        tuple(_int(t, "a turn count", 0, 10**9) for t in turns),
        _int(data["passes"], "passes", 0, 10**9),
        tuple(_int(d, "a distance", 0, 10**4) for d in lowest),
        _int(data["quiet"], "quiet", 0, 10**9),
        tuple(finished),
        tuple(tuple(group) for group in eliminated),
        tuple(None if m is None else action_from_text(m) for m in last),
    )  # fmt: skip
    if any(state.board[h] - 1 in {s for g in state.eliminated for s in g} for h in range(SIZE) if state.board[h]):
        raise ValueError("an eliminated seat still has pieces on the board")
    if state.to_move is not None and state.to_move not in in_play(state):
        raise ValueError(f"seat {state.to_move} is not in play and cannot be to move")
    return state


# --- The position text -------------------------------------------------------------------------

FIELDS = (*COUNTERS, "to_move")
"""The fields of the position text after its board, in their order."""


def _board_text(state: State) -> str:
    rows, hole = [], 0
    for length in ROW_LENGTHS:
        row = "".join("." if v == 0 else BRANCHES[v - 1] for v in state.origin[hole : hole + length])
        rows.append(re.sub(r"\.+", lambda free: str(len(free[0])), row))
        hole += length
    return "/".join(rows)


def _list(values: Iterable[Any], write: Callable[[Any], str] = str) -> str:
    return ",".join(map(write, values)) or "-"


def state_to_text(state: State) -> str:
    """The whole state on one line, in the format of the module's docstring; :func:`state_from_text` reads it back.

    >>> from etoile.games.chinese_checkers.rules import new_game
    >>> words = state_to_text(new_game(3, move_limit=40)).split()
    >>> words[8]
    'A/AA/AAA/AAAA/13/12/11/10/9/E8C/EE7CC/EEE6CCC/EEEE5CCCC/4/3/2/1'
    >>> words[5], words[-1]
    ('move_limit=40', 'to_move=0')
    """
    head = DESCRIPTION.text_head({name: getattr(state, name) for name in OPTIONS})
    fields = {
        "turns": _list(state.turns),
        "passes": str(state.passes),
        "lowest": _list(state.lowest),
        "quiet": str(state.quiet),
        "finished": _list(state.finished),
        "eliminated": _list(state.eliminated, lambda group: "+".join(map(str, group))),
        "last": _list(state.last, lambda move: "null" if move is None else action_to_text(move)),
        "to_move": token(state.to_move),
    }
    return " ".join([head, _board_text(state), *(f"{name}={fields[name]}" for name in FIELDS)])


def _whole(text: str, name: str) -> int:
    if not (text.isascii() and text.isdigit() and (text == "0" or not text.startswith("0")) and len(text) < 20):
        raise ValueError(f"{name} must be a whole number, not {text!r}")
    return int(text)


def _nullable(text: str, name: str) -> int | None:
    return None if text == "null" else _whole(text, name)


def _items(text: str) -> list[str]:
    return [] if text == "-" else text.split(",")


READERS: dict[str, Callable[[str, str], JSON]] = {
    "turns": lambda text, name: [_whole(t, "a turn count") for t in _items(text)],
    "passes": _whole,
    "lowest": lambda text, name: [_whole(d, "a distance") for d in _items(text)],
    "quiet": _whole,
    "finished": lambda text, name: [_whole(s, "a seat") for s in _items(text)],
    "eliminated": lambda text, name: [[_whole(s, "a seat") for s in group.split("+")] for group in _items(text)],
    "last": lambda text, name: [None if m == "null" else m for m in _items(text)],
    "to_move": _nullable,
}
"""How each field after the board is read, into its JSON form (a move stays in its notation)."""


def _parse_board(text: str, players: int, camps: int) -> tuple[bytes, bytes]:
    """The ``board`` and ``origin`` of the board field of a position text, for a seating the options were checked to offer."""
    rows = text.split("/")
    if len(rows) != len(ROW_LENGTHS):
        raise ValueError(f"the board has {len(rows)} row(s), not {len(ROW_LENGTHS)}: write its rows joined by '/'")
    owner = {b: seat + 1 for seat, branches in enumerate(layout(players, camps).starts) for b in branches}
    board, origin = bytearray(), bytearray()
    for number, (row, length) in enumerate(zip(rows, ROW_LENGTHS, strict=True), 1):
        end = len(board) + length
        for run, letter in re.findall(r"([1-9][0-9]?)|(.)", row):
            if letter and letter not in BRANCHES:
                raise ValueError(
                    f"row {number} of the board holds {letter!r}: write a piece as its camp A to F, free holes as a number"
                )
            if letter and letter not in owner:
                raise ValueError(
                    f"row {number} of the board holds a piece of camp {letter}, which nobody plays with {players} players and"
                    f" {camps} camp(s) each"
                )
            free = int(run or 0)
            if len(board) + (free or 1) > end:
                raise ValueError(f"row {number} of the board has more than {length} holes")
            board += bytes(free) if free else bytes((owner[letter],))
            origin += bytes(free) if free else bytes((BRANCHES.index(letter) + 1,))
        if len(board) != end:
            raise ValueError(f"row {number} of the board has {length - (end - len(board))} holes, not {length}")
    return bytes(board), bytes(origin)


def state_from_text(text: str) -> State:
    """The state written ``text`` by :func:`state_to_text`; ``ValueError`` if it is not one.

    Besides what :func:`state_from_json` checks, a field must be known and given once, and the board must hold only
    pieces of the camps in play.

    >>> state_from_text("chinese-checkers players=2 A/AA/AAA/AAAA colour=red")
    Traceback (most recent call last):
    ...
    ValueError: unknown field(s) 'colour' in a Chinese checkers position
    """
    if not isinstance(text, str):
        raise ValueError(f"a Chinese checkers position is a text, not {text!r}")
    options, rest = DESCRIPTION.read_head(text)
    if not rest or "=" in rest[0]:
        raise ValueError(f"a Chinese checkers position opens with {DESCRIPTION.id}, its options and its board")
    board, *rest = rest
    fields: dict[str, str] = {}
    for item in rest:
        name, equals, value = item.partition("=")
        if not equals:
            raise ValueError(f"{item!r} is not a field of a Chinese checkers position: write name=value")
        if name in fields:
            raise ValueError(f"the field {name} is given twice")
        fields[name] = value
    unknown = [name for name in fields if name not in READERS]
    if unknown:
        raise ValueError(f"unknown field(s) {', '.join(map(repr, unknown))} in a Chinese checkers position")
    missing = [name for name in (*OPTIONS, *FIELDS) if name not in {**options, **fields}]
    if missing:
        needs = f"{', '.join(OPTIONS)}, a board and {', '.join(FIELDS)}"
        raise ValueError(f"the position has no {', '.join(missing)}: it needs {needs}")
    data = options | {name: READERS[name](fields[name], name) for name in FIELDS}
    players, camps, long_jumps, rank_all, move_limit, spoiling, edition = (data[key] for key in OPTIONS)
    check_options(players, camps, long_jumps, rank_all, move_limit, spoiling=spoiling, edition=edition)
    return _state(data, *_parse_board(board, players, camps))
