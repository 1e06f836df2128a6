"""The values of a Chinese checkers game: its :data:`DESCRIPTION`, a :class:`Move`, a :class:`State`, their checks.

They live apart from the rules (:mod:`etoile.games.chinese_checkers.rules`) so that
the modules the rules use, the endings
(:mod:`etoile.games.chinese_checkers.endings`) and the texts
(:mod:`etoile.games.chinese_checkers.text`), can build and read them too.

>>> Move((12, 23)).start, Move((3, 14, 27)).end, PASS.is_pass
(12, 27, True)
>>> check_options(2, 4, False, False, None)
Traceback (most recent call last):
...
ValueError: no seating for 2 players with 4 camp(s) each
"""

from __future__ import annotations

from etoile.engine.game import Description, Option
from etoile.engine.lazy import lazy_dataclass
from etoile.games.chinese_checkers import SPEC
from etoile.games.chinese_checkers.board import SEATINGS, SIZE, Layout, layout

EDITION = 2
"""The edition of the rules new games are played with (1: the rules of games saved before spoiling and the 30-round end)."""

ID = SPEC.id
MOVES_PER_PLAYER = 2_000
"""More moves than any real game gives a player (a two-player game takes about 50 each)."""
CAMPS = (1, 2, 3)
"""The values of the ``camps`` option; 2 and 3 need a seating of :data:`SEATINGS` (2 or 3 players)."""
MOVE_LIMITS = (None, 20, 30, 40, 60)
"""The values of the ``move_limit`` option (``chinese_checkers.option.move_limit.<value>``); :func:`new_game` and
the board diagram's :func:`~etoile.games.chinese_checkers.text.from_cells` also take any whole number from 1 up."""

DESCRIPTION = Description(
    ID,
    SPEC.namespace,
    min_players=1,
    max_players=6,
    levels=("beginner", "easy", "medium", "hard"),
    options=(
        Option("camps", CAMPS, 1, players={c: tuple(p for p, k in SEATINGS if k == c) for c in CAMPS}),
        Option("long_jumps", (False, True), False),
        Option("rank_all", (False, True), False, players={True: (2, 3, 4, 5, 6)}),
        Option("move_limit", MOVE_LIMITS, None),
        Option("spoiling", (True, False), True),
        Option("edition", (EDITION, 1), EDITION, offered=False),
        Option("puzzle", (False, True), False, players={True: (1,)}, offered=False),
    ),
    undo=True,
    by_link=True,
)


@lazy_dataclass
class Move:
    """One move: the path of the moving piece, its start hole then each landing hole.

    A step is a path of two neighbouring holes; a chain of jumps lands on each
    hole in turn. :data:`PASS` (the empty path) is the move of a player who
    cannot move.

    >>> Move((7,))
    Traceback (most recent call last):
    ...
    ValueError: a move is a path of at least two holes, not (7,)
    """

    path: tuple[int, ...]

    def __post_init__(self) -> None:
        path = self.path
        if not isinstance(path, tuple) or len(path) == 1:
            raise ValueError(f"a move is a path of at least two holes, not {path!r}")
        if not all(type(h) is int and 0 <= h < SIZE for h in path):
            raise ValueError(f"a move's holes are numbers 0 to 120, not {path!r}")

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]

    @property
    def is_pass(self) -> bool:
        return not self.path


PASS = Move(())
"""The move of a player who has no legal move."""


@lazy_dataclass
class State:
    """A position, as plain values.

    ``board`` holds the 121 holes in hole order: ``0`` for a free hole,
    ``seat + 1`` for a piece of ``seat``; ``origin`` the index in
    :data:`~etoile.games.chinese_checkers.board.BRANCHES` plus one of the start
    branch of each piece's camp. ``to_move`` is ``None`` once the game is over.
    ``turns[seat]`` counts the turns (moves and passes) each seat has played,
    ``passes`` the passes in a row just played. ``lowest[seat]`` is the lowest
    distance to its goal the seat has had, ``quiet`` the turns in a row that
    brought nobody below their lowest. ``finished`` lists the seats that
    brought all their camps home, in order; ``eliminated`` the groups of seats
    eliminated by one move, in order. ``last[seat]`` is the seat's last move
    (``None`` before its first).
    """

    players: int
    camps: int
    long_jumps: bool
    rank_all: bool
    move_limit: int | None
    spoiling: bool
    edition: int
    board: bytes
    origin: bytes
    to_move: int | None
    turns: tuple[int, ...]
    passes: int
    lowest: tuple[int, ...]
    quiet: int
    finished: tuple[int, ...]
    eliminated: tuple[tuple[int, ...], ...]
    last: tuple[Move | None, ...]

    @property
    def layout(self) -> Layout:
        """The seating: each seat's start and goal branches, and where its moves may end."""
        return layout(self.players, self.camps)


def check_options(
    players: object,
    camps: object,
    long_jumps: object,
    rank_all: object,
    move_limit: object,
    *,
    spoiling: object = True,
    edition: object = EDITION,
) -> None:
    """``ValueError`` unless the options make a game: 1 to 6 players, an offered seating, flags true or false, a
    move limit from 1 up (or none) and a known edition. Any whole move limit is accepted, not only the offered ones."""
    for name, value in (("players", players), ("camps", camps)):
        if type(value) is not int:
            raise ValueError(f"{name} must be a whole number, not {value!r}")
    for name, value in (("long_jumps", long_jumps), ("rank_all", rank_all), ("spoiling", spoiling)):
        if not isinstance(value, bool):
            raise ValueError(f"option {name} must be true or false, not {value!r}")
    if move_limit is not None and (type(move_limit) is not int or move_limit < 1):
        raise ValueError(f"move_limit must be null or a whole number from 1 up, not {move_limit!r}")
    if edition not in (1, EDITION) or type(edition) is not int:
        raise ValueError(f"edition must be 1 or {EDITION}, not {edition!r}")
    if type(players) is not int or not 1 <= players <= 6:
        raise ValueError(f"Chinese checkers is for 1 to 6 players, not {players!r}")
    layout(players, camps)


def in_play(state: State) -> tuple[int, ...]:
    """The seats still playing: neither eliminated nor finished (with ``rank_all``, finished seats are skipped)."""
    out = {s for group in state.eliminated for s in group} | set(state.finished)
    return tuple(s for s in range(state.players) if s not in out)
