"""The Chinese checkers star: holes, branches, lines, seatings, and the fast kernels of the rules engine.

The 121 holes are numbered 0 to 120 row by row from the top tip, left to right,
in 17 rows of 1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2 and 1
holes. Hole ``h`` sits at :data:`GRID` ``[h] = (X, row)`` on a "doubled"
triangular grid: neighbours in a row are 2 apart in ``X``, neighbours in the
rows above and below 1 apart, and ``X = 0`` is the vertical axis through the
top and bottom tips. (The board drawing puts these points on a unit triangular
lattice: see :data:`etoile.games.chinese_checkers.table.HOLES`.)

The six branches of 10 holes are named A to F clockwise from the top; every
other hole belongs to the centre hexagon of 61 holes.

>>> len(GRID), [len(BRANCH_HOLES[b]) for b in BRANCHES], len(CENTRE)
(121, [10, 10, 10, 10, 10, 10], 61)
>>> BRANCH_HOLES["B"]
(19, 20, 21, 22, 32, 33, 34, 44, 45, 55)
>>> branch_of(55), branch_of(60), TIPS["C"], OPPOSITE["C"]
('B', None, 110, 'F')
>>> NEIGHBOURS[60]
(50, 51, 59, 61, 69, 70)
>>> hex_distance(0, 120), hex_distance(60, 61)
(16, 1)
"""

from __future__ import annotations

from functools import cache

from etoile.engine.lazy import lazy_dataclass

ROW_LENGTHS = (1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1)
"""The number of holes in each of the 17 rows, from the top."""

SIZE = 121
"""The number of holes."""

CENTRE_HOLE = 60

BRANCHES = ("A", "B", "C", "D", "E", "F")
"""The branches clockwise from the top: A top, B upper right, C lower right, D bottom, E lower left, F upper left."""

OPPOSITE = {"A": "D", "B": "E", "C": "F", "D": "A", "E": "B", "F": "C"}
"""The branch facing each branch: a camp starting in one goes to the other."""

DIRECTIONS = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))
"""The six directions on :data:`GRID`, clockwise from "right": right, down right, down left, left, up left, up right."""


def _grid() -> tuple[tuple[int, int], ...]:
    points: list[tuple[int, int]] = []
    for row, length in enumerate(ROW_LENGTHS):
        points.extend((2 * i - (length - 1), row) for i in range(length))
    return tuple(points)


GRID: tuple[tuple[int, int], ...] = _grid()
"""``GRID[h] = (X, row)``: the column of hole ``h`` in half-hole units (0 on the axis) and its row (0 at the top)."""

INDEX: dict[tuple[int, int], int] = {point: hole for hole, point in enumerate(GRID)}
"""The hole at a grid point."""


def cube(hole: int) -> tuple[int, int, int]:
    """Cube coordinates ``(q, r, s)`` of a hole on the hexagonal lattice (``q + r + s == 0``, centre at 0).

    >>> cube(60), cube(0)
    ((0, 0, 0), (4, -8, 4))
    """
    x, row = GRID[hole]
    r = row - 8
    q = (x - r) // 2
    return q, r, -q - r


def _distance(a: int, b: int) -> int:
    qa, ra, sa = cube(a)
    qb, rb, sb = cube(b)
    return max(abs(qa - qb), abs(ra - rb), abs(sa - sb))


def _branch_letter(hole: int) -> str | None:
    q, r, s = cube(hole)
    if max(abs(q), abs(r), abs(s)) <= 4:
        return None
    x, row = GRID[hole]
    if row < 4:
        return "A"
    if row > 12:
        return "D"
    if x > 0:
        return "B" if row < 8 else "C"
    return "F" if row < 8 else "E"


BRANCH_OF: tuple[int, ...] = tuple(-1 if (b := _branch_letter(h)) is None else BRANCHES.index(b) for h in range(SIZE))
"""The branch index (0 for A .. 5 for F) of every hole, ``-1`` in the centre hexagon."""

BRANCH_HOLES: dict[str, tuple[int, ...]] = {b: tuple(h for h in range(SIZE) if BRANCH_OF[h] == i) for i, b in enumerate(BRANCHES)}
"""The 10 holes of each branch, in increasing order."""

CENTRE: tuple[int, ...] = tuple(h for h in range(SIZE) if BRANCH_OF[h] < 0)
"""The 61 holes of the centre hexagon."""

TIPS: dict[str, int] = {b: max(holes, key=lambda h: _distance(h, CENTRE_HOLE)) for b, holes in BRANCH_HOLES.items()}
"""The tip hole of each branch (the hole farthest from the centre): A 0, B 22, C 110, D 120, E 98, F 10."""


def branch_of(hole: int) -> str | None:
    """The branch letter of ``hole``, or ``None`` for a hole of the centre hexagon."""
    index = BRANCH_OF[hole]
    return None if index < 0 else BRANCHES[index]


def hex_distance(a: int, b: int) -> int:
    """The number of steps from hole ``a`` to hole ``b`` on the unbounded lattice (the star's shape ignored)."""
    return DISTANCE[a][b]


def _neighbours() -> tuple[tuple[int, ...], ...]:
    table = []
    for x, row in GRID:
        found = (INDEX.get((x + dx, row + dy)) for dx, dy in DIRECTIONS)
        table.append(tuple(sorted(h for h in found if h is not None)))
    return tuple(table)


def _rays() -> tuple[tuple[tuple[int, ...], ...], ...]:
    table = []
    for x, row in GRID:
        rays = []
        for dx, dy in DIRECTIONS:
            ray = []
            k = 1
            while (x + k * dx, row + k * dy) in INDEX:
                ray.append(INDEX[x + k * dx, row + k * dy])
                k += 1
            if ray:
                rays.append(tuple(ray))
        table.append(tuple(rays))
    return tuple(table)


NEIGHBOURS: tuple[tuple[int, ...], ...] = _neighbours()
"""The neighbouring holes of every hole (2 to 6 of them), in increasing order."""

RAYS: tuple[tuple[tuple[int, ...], ...], ...] = _rays()
"""``RAYS[h]``: for each direction with at least one hole, the holes in a line from ``h`` (excluded) to the edge."""

DISTANCE: tuple[tuple[int, ...], ...] = tuple(tuple(_distance(a, b) for b in range(SIZE)) for a in range(SIZE))
"""``DISTANCE[a][b]``: :func:`hex_distance`, precomputed."""

JUMPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(tuple((ray[0], ray[1]) for ray in rays if len(ray) >= 2) for rays in RAYS)
"""``JUMPS[h]``: the ordinary jumps from ``h`` as ``(over, landing)`` pairs."""

LONG_JUMPS: tuple[tuple[tuple[tuple[int, tuple[int, ...], int], ...], ...], ...] = tuple(
    tuple(
        tuple((ray[i], ray[i + 1 : 2 * i + 2], ray[2 * i + 1]) for i in range((len(ray) - 2) // 2 + 1))
        for ray in rays
        if len(ray) >= 2
    )
    for rays in RAYS
)
"""``LONG_JUMPS[h]``: per direction, the jumps from ``h`` as ``(pivot, clear, landing)`` by increasing pivot distance.

A jump over the pivot at distance ``k`` lands at distance ``2k``; ``clear`` is
every hole after the pivot up to and including the landing hole. The holes
before the pivot are those of the earlier entries' pivots, which must be free.
"""

SEGMENTS: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {
    (hole, ray[2 * i + 1]): (ray[i], (*ray[:i], *ray[i + 1 : 2 * i + 1]))
    for hole, rays in enumerate(RAYS)
    for ray in rays
    for i in range((len(ray) - 2) // 2 + 1)
    if len(ray) >= 2
}
"""``SEGMENTS[a, b]``: for every jump ``a`` to ``b`` on a line (ordinary or long) its ``(pivot, holes that must be free)``."""


# --- Seatings -----------------------------------------------------------------------------------

PIECES = 10
"""Pieces per camp, and holes per branch."""

SEATINGS: dict[tuple[int, int], tuple[tuple[str, ...], ...]] = {
    (1, 1): (("A",),),
    (2, 1): (("A",), ("D",)),
    (3, 1): (("A",), ("C",), ("E",)),
    (4, 1): (("A",), ("B",), ("D",), ("E",)),
    (5, 1): (("A",), ("B",), ("C",), ("D",), ("E",)),
    (6, 1): tuple((b,) for b in BRANCHES),
    (2, 2): (("A", "B"), ("D", "E")),
    (2, 3): (("A", "B", "C"), ("D", "E", "F")),
    (3, 2): (("A", "B"), ("C", "D"), ("E", "F")),
}
"""The start branches of each seat, by ``(players, camps)``; seat 0 plays first, then clockwise. One player alone
crosses the board: the crossing challenge, and the daily puzzles."""


@lazy_dataclass
class Layout:
    """What a seating fixes for each seat: start and goal branches, and the holes where its moves may end.

    The masks have one byte per hole, 1 inside: ``start_mask[seat]`` the start
    branches, ``goal_mask[seat]`` the goal branches, ``allowed[seat]`` where a
    move of ``seat`` may end (the centre and its start and goal branches).
    """

    starts: tuple[tuple[str, ...], ...]
    goals: tuple[tuple[str, ...], ...]
    start_mask: tuple[bytes, ...]
    goal_mask: tuple[bytes, ...]
    allowed: tuple[bytes, ...]


@cache
def layout(players: int, camps: int = 1) -> Layout:
    """The :class:`Layout` of a seating; ``ValueError`` for a seating the app does not offer.

    >>> layout(3, 2).starts, layout(3, 2).goals
    ((('A', 'B'), ('C', 'D'), ('E', 'F')), (('D', 'E'), ('F', 'A'), ('B', 'C')))
    >>> layout(2, 4)
    Traceback (most recent call last):
    ...
    ValueError: no seating for 2 players with 4 camp(s) each
    """
    if (players, camps) not in SEATINGS:
        raise ValueError(f"no seating for {players} players with {camps} camp(s) each")
    starts = SEATINGS[players, camps]
    goals = tuple(tuple(OPPOSITE[b] for b in seat) for seat in starts)

    def mask(branches: tuple[str, ...], centre: bool = False) -> bytes:
        return bytes(int((BRANCH_OF[h] < 0 and centre) or branch_of(h) in branches) for h in range(SIZE))

    return Layout(
        starts,
        goals,
        tuple(mask(s) for s in starts),
        tuple(mask(g) for g in goals),
        tuple(mask(s + g, centre=True) for s, g in zip(starts, goals, strict=True)),
    )


# --- Move generation kernels ------------------------------------------------------------------
# They work on a mutable board: a bytearray of 121 cells, 0 for a free hole, seat + 1 for a piece.


def reach(board: bytearray, hole: int, long_jumps: bool) -> dict[int, int]:
    """Every hole where the piece on ``hole`` can end a move, mapped to the hole its last hop left from.

    The owner's :attr:`Layout.allowed` mask is not applied: callers filter by
    it. The steps come first (mapped to ``hole``), then the chains of jumps in
    breadth-first order, so following the map back to ``hole`` gives a
    shortest path. A chain never comes back to a hole, so the holes it reaches
    are those of a breadth-first search over single jumps, with the moving
    piece lifted off ``hole``. ``board`` is left as it was. This is the hot
    loop of move generation and of the computer's search.
    """
    value = board[hole]
    board[hole] = 0
    parent = {hole: -1}
    for n in NEIGHBOURS[hole]:
        if not board[n]:
            parent[n] = hole
    found = [hole]
    if long_jumps:
        for h in found:  # the list grows while it is read
            for ray in LONG_JUMPS[h]:
                for pivot, clear, land in ray:
                    if board[pivot]:
                        if land not in parent:
                            for c in clear:
                                if board[c]:
                                    break
                            else:
                                parent[land] = h
                                found.append(land)
                        break
    else:
        for h in found:
            for over, land in JUMPS[h]:
                if board[over] and not board[land] and land not in parent:
                    parent[land] = h
                    found.append(land)
    board[hole] = value
    del parent[hole]
    return parent


def piece_targets(board: bytearray, hole: int, long_jumps: bool, allowed: bytes) -> set[int]:
    """The holes where the piece on ``hole`` may end a move; ``allowed`` is its owner's :attr:`Layout.allowed` mask."""
    return {h for h in reach(board, hole, long_jumps) if allowed[h]}


def shortest_paths(board: bytearray, hole: int, long_jumps: bool, allowed: bytes) -> dict[int, tuple[int, ...]]:
    """A shortest path (a step if it can) to every hole where the piece on ``hole`` may end a move, by end hole."""
    chains: dict[int, tuple[int, ...]] = {hole: (hole,)}
    for end, before in reach(board, hole, long_jumps).items():  # each hole comes after the one its hop left from
        chains[end] = (*chains[before], end)
    return {end: chains[end] for end in sorted(chains) if end != hole and allowed[end]}


LANDINGS: tuple[tuple[int, ...], ...] = tuple(tuple(ray[1] for ray in rays if len(ray) >= 2) for rays in RAYS)
"""``LANDINGS[h]``: the holes two away from ``h`` on a line, where a jump over a neighbour lands."""

GOAL_INDEX: tuple[int, ...] = tuple(BRANCHES.index(OPPOSITE[b]) for b in BRANCHES)
"""For each branch index, the index of the branch facing it: a camp that starts in one has its goal in the other."""


def blocked_holes(
    board: bytearray, origin: bytes | bytearray, lay: Layout, long_jumps: bool, landings: bool = True
) -> tuple[int, ...]:
    """The holes of the pieces blocked for good (see the rules page), in increasing order.

    ``origin[h]`` is the start branch index plus one of the camp of the piece on
    ``h``. A piece in one of its player's start branches is blocked for good
    when it has no legal move, every neighbouring hole holds a *fixed* piece
    (an opponent's piece standing in its camp's goal branch, or another piece
    blocked for good) and so does every hole it could jump to over one of
    them, unless that hole is off the board. A hole held by one of the
    player's own pieces that can still move does not wall it in. This is the
    largest set of pieces with that property: a group of pieces that only wall
    each other in is blocked for good as a whole.

    ``landings=False`` is the first edition of the rule, kept for games saved
    before it changed: the jump landings are not looked at, and a piece
    standing in any goal branch of its owner counts as fixed.
    """
    goal = lay.goal_mask

    def fixed(n: int, owner: int, inside: set[int]) -> bool:
        if n in inside:
            return True
        if not landings:
            return bool(board[n]) and bool(goal[board[n] - 1][n])
        return bool(board[n]) and board[n] != owner and BRANCH_OF[n] == GOAL_INDEX[origin[n] - 1]

    def walled(h: int, inside: set[int]) -> bool:
        owner = board[h]
        around = NEIGHBOURS[h] + LANDINGS[h] if landings else NEIGHBOURS[h]
        return all(fixed(n, owner, inside) for n in around)

    start = lay.start_mask
    inside = {h for h in range(SIZE) if board[h] and start[board[h] - 1][h] and all(board[n] for n in NEIGHBOURS[h])}
    inside = {h for h in inside if walled(h, inside) and not piece_targets(board, h, long_jumps, lay.allowed[board[h] - 1])}
    changed = True
    while changed:
        keep = {h for h in inside if walled(h, inside)}
        changed = keep != inside
        inside = keep
    return tuple(sorted(inside))
