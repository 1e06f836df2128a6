"""The Chinese checkers board: an SVG star, pieces to select, reachable holes, hop-by-hop moves, a move list, a hint."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from etoile.app import effects as fx
from etoile.app.effects import Effect
from etoile.app.messages import CoachAnswer, whole_number
from etoile.app.model import Model
from etoile.app.table import Tip, ended, played
from etoile.engine.coach import PENDING, Pending
from etoile.engine.lazy import lazy_dataclass
from etoile.engine.match import Match
from etoile.games.chinese_checkers import rules as g
from etoile.games.chinese_checkers.board import BRANCH_HOLES, GRID, OPPOSITE, SIZE
from etoile.games.chinese_checkers.coach import ChineseCheckersHint
from etoile.games.chinese_checkers.endings import distance, ending, quiet_rounds
from etoile.games.chinese_checkers.puzzles import crossing
from etoile.sharing import link
from etoile.ui.common import day_text, pointer, replaying, result_panel, seat_name, share_result, signed
from etoile.ui.i18n import Catalog
from etoile.ui.vdom import El, h

GAME = g
ACTION = "chinese-checkers"
SCALE = 10  # board units (the distance between two neighbouring holes) to SVG units
PALETTE: tuple[tuple[str, str], ...] = (
    ("red", "#D55E00"),
    ("yellow", "#F0E442"),
    ("sky", "#56B4E9"),
    ("blue", "#0072B2"),
    ("green", "#009E73"),
    ("pink", "#CC79A7"),
)
"""The colour of each branch A to F, as ``(name, hex)``, from the Okabe–Ito colour-blind-safe palette.

Every seating gets well-separated colours: red and blue for two players; red,
sky and green for three; red, yellow, blue and green for four.

Each camp's pieces take the colour of its start branch (:func:`camp_colour`);
``chinese_checkers.colour.<name>`` names it in the locale files.
"""


def camp_colour(branch: str) -> int:
    """The index in :data:`PALETTE` (and the shape) of the pieces of the camp that starts in ``branch``.

    >>> [PALETTE[camp_colour(b)][0] for b in "AB"]
    ['red', 'yellow']
    """
    return g.BRANCHES.index(branch)


def piece_colour(state: g.State, hole: int) -> int:
    """The colour (index in :data:`PALETTE`) of the piece on ``hole``: that of its camp."""
    branch = g.camp(state, hole)
    assert branch is not None, f"no piece on hole {hole}"
    return camp_colour(branch)


def colour_name(colour: int, t: Catalog) -> str:
    """A colour of :data:`PALETTE` in the player's language."""
    return t(f"chinese_checkers.colour.{PALETTE[colour][0]}")


HOLES: tuple[tuple[float, float], ...] = tuple((x / 2, (row - 8) * math.sqrt(3) / 2) for x, row in GRID)
"""Where each hole is drawn: neighbouring holes 1 apart, hole 60 at ``(0, 0)``, ``y`` downwards."""

MARKS = ("●", "▲", "■", "◆", "★", "✚")
"""Each colour also has its own mark, so no player depends on telling colours apart."""


@lazy_dataclass
class Local:
    """What only the page knows: the selected piece, the keyboard cursor, the coach's hint."""

    selected: int | None = None
    cursor: int | None = None
    hint: ChineseCheckersHint | Pending | None = None


def start(match: Match) -> Local:
    return Local()


TIPS = (
    Tip(
        "chinese_checkers.tip.pick",
        "side",
        lambda match, local: local.selected is None,
        lambda b, a, local: local.selected is not None,
    ),
    Tip("chinese_checkers.tip.move", "side", lambda match, local: local.selected is not None, played),
)
"""The pointers of a first game: pick a piece up, then put it down in a ringed hole."""


def xy(hole: int) -> tuple[float, float]:
    x, y = HOLES[hole]
    return round(x * SCALE, 2), round(y * SCALE, 2)


AT = {place: hole for hole, place in enumerate(GRID)}
"""The hole at each ``(X, row)`` place of the board's grid."""

STEPS = {
    "ArrowLeft": ((-2, 0),),
    "ArrowRight": ((2, 0),),
    "ArrowUp": ((-1, -1), (1, -1)),
    "Shift+ArrowUp": ((1, -1), (-1, -1)),
    "ArrowDown": ((1, 1), (-1, 1)),
    "Shift+ArrowDown": ((-1, 1), (1, 1)),
    "Home": ((-1, -1),),
    "PageUp": ((1, -1),),
    "End": ((-1, 1),),
    "PageDown": ((1, 1),),
}
"""Where each key moves the keyboard cursor: to one of the hole's six neighbours, in one press. Left and right go
along the row; up goes up-left and down goes down-right (so one undoes the other), with Shift the other way; Home,
Page Up, End and Page Down go up-left, up-right, down-left, down-right. At the edge, up and down take the other
neighbour above or below if there is one; else the cursor stays."""


def neighbour_by_key(hole: int, key: str) -> int:
    """The hole ``key`` moves the keyboard cursor to from ``hole`` (``hole`` itself at the edge of the board).

    >>> neighbour_by_key(60, "ArrowLeft"), neighbour_by_key(60, "ArrowRight"), neighbour_by_key(60, "ArrowUp")
    (59, 61, 50)
    >>> neighbour_by_key(60, "Shift+ArrowUp"), neighbour_by_key(60, "ArrowDown"), neighbour_by_key(60, "End")
    (51, 70, 69)
    >>> neighbour_by_key(0, "ArrowUp"), neighbour_by_key(1, "ArrowUp"), neighbour_by_key(0, "ArrowLeft")
    (0, 0, 0)
    """
    x, row = GRID[hole]
    for dx, drow in STEPS.get(key, ()):
        if (x + dx, row + drow) in AT:
            return AT[x + dx, row + drow]
    return hole


@lazy_dataclass
class ChooseHole:
    """A click on the board's ``hole``: pick up the piece there, or move the piece picked up to it."""

    hole: int


@lazy_dataclass
class BoardKey:
    """A key pressed on the board (one of the runtime's board keys: ``"ArrowUp"``, ``"Shift+ArrowUp"``, ``"Enter"``...)."""

    key: str


@lazy_dataclass
class AskHint:
    """Ask the coach what to do."""


Message = ChooseHole | BoardKey | AskHint
"""What the Chinese checkers table's own controls say."""


def decode(name: str, value: str | None, data: Mapping[str, str]) -> Message | None:
    """The message of an event on one of the table's controls (``data-action="<game>:<name>"``, the board's
    ``data-keys``), or ``None``.

    >>> decode("hole", None, {"hole": "60"}), decode("key", "ArrowUp", {}), decode("hole", None, {})
    (ChooseHole(hole=60), BoardKey(key='ArrowUp'), None)
    """
    match name:
        case "hole":
            hole = whole_number(data.get("hole"))
            return None if hole is None else ChooseHole(hole)
        case "key" if value:
            return BoardKey(value)
        case "hint":
            return AskHint()
    return None


def on(match: Match, local: Local, msg: Message | CoachAnswer) -> tuple[Match, Local, list[Effect]]:
    state = match.state
    mine = match.person_to_move is not None
    match msg:
        case ChooseHole(hole) if mine:
            return _choose_hole(match, local, hole)
        case BoardKey(key):
            cursor = local.cursor if local.cursor is not None else (local.selected or g.pieces(state, state.to_move or 0)[0])
            if key in STEPS:
                return match, replace(local, cursor=neighbour_by_key(cursor, key)), []
            if key in ("Enter", " ") and mine:
                return _choose_hole(match, replace(local, cursor=cursor), cursor)
            if key == "Escape":
                return match, replace(local, selected=None), []
        case AskHint() if mine and match.daily is None:
            return match, replace(local, hint=PENDING), [fx.Advise(match.cursor, "hint")]
        case CoachAnswer(ply=ply, result=result) if ply == match.cursor:
            return match, replace(local, hint=ChineseCheckersHint.from_json(result)), []
    return match, local, []


def heard(before: Match, after: Match) -> list[Effect]:
    """The sounds of the moves from ``before`` to ``after``: a marble's hop, and a win."""
    sounds: list[Effect] = [fx.Sound("move")] if any(not m.is_pass for m in after.played[before.cursor :]) else []
    if ended(before, after):
        sounds.append(fx.Sound("win"))
    return sounds


def _choose_hole(match: Match, local: Local, hole: int) -> tuple[Match, Local, list[Effect]]:
    state = match.state
    if not 0 <= hole < SIZE:
        return match, local, []
    if local.selected is not None:
        target = g.destinations(state, local.selected).get(hole)
        if target is not None:
            return match.play(target), Local(cursor=hole), []
    if g.piece(state, hole) == state.to_move and g.destinations(state, hole):
        return match, replace(local, selected=None if local.selected == hole else hole, cursor=hole, hint=None), []
    return match, replace(local, selected=None, cursor=hole), []


# --- drawing -------------------------------------------------------------------------------------


def _star_corners() -> tuple[tuple[tuple[float, float], ...], ...]:
    """The corners of the wooden star's two big triangles, a little beyond the six branch tips, in SVG units."""
    triangles = []
    for branches in ("A", "C", "E"), ("D", "F", "B"):
        corners = []
        for b in branches:
            x, y = HOLES[max(BRANCH_HOLES[b], key=lambda hole: math.hypot(*HOLES[hole]))]
            stretch = (math.hypot(x, y) + STAR_MARGIN) / math.hypot(x, y) * SCALE
            corners.append((round(x * stretch, 1), round(y * stretch, 1)))
        triangles.append(tuple(corners))
    return tuple(triangles)


STAR_MARGIN = 1.1
"""How far the star's wood reaches beyond the tip holes, in board units."""
STAR = _star_corners()
_HALF_WIDTH = max(abs(x) for triangle in STAR for x, _ in triangle) + SCALE / 2
_HALF_HEIGHT = max(abs(y) for triangle in STAR for _, y in triangle) + SCALE / 2
VIEW_BOX = f"{-_HALF_WIDTH:g} {-_HALF_HEIGHT:g} {2 * _HALF_WIDTH:g} {2 * _HALF_HEIGHT:g}"
"""The whole star with a margin of half a hole's spacing (stroke and selected pieces included)."""


def star() -> El:
    """The wooden star: the two big triangles through the six branch tips."""
    return h(
        "g",
        {},
        [h("polygon", {"points": " ".join(f"{x},{y}" for x, y in triangle), "class": "star-wood"}) for triangle in STAR],
    )


def board_svg(model: Model, match: Match, local: Local, t: Catalog) -> El:
    shown = state = match.state
    selected = local.selected
    targets = g.destinations(state, selected) if selected is not None else {}
    owners = _branch_owners(shown)
    hint_path = local.hint.path if isinstance(local.hint, ChineseCheckersHint) else ()
    last = _last_move(match)
    holes = []
    for hole in range(SIZE):
        x, y = xy(hole)
        seat = g.piece(shown, hole)
        branch = g.branch(hole)
        classes = ["hole"]
        if branch is not None and branch in owners:
            classes.append(f"tint-{owners[branch]}")
        if hole in targets:
            classes.append("target")
        if hole == local.cursor:
            classes.append("cursor")
        if last is not None and hole == last.start:
            classes.append("last-from")
        label = _hole_label(match, shown, hole, hole in targets, t, selected=hole == selected)
        parts = [
            h("circle", {"cx": str(x), "cy": str(y), "r": str(SCALE / 2), "class": "hit"}),  # the whole cell takes a tap
            h("circle", {"cx": str(x), "cy": str(y), "r": "3.1", "class": " ".join(classes)}),
            h("circle", {"cx": str(x), "cy": f"{y + 0.9:g}", "r": "2.1", "class": "hole-floor"}),  # lit below the rim
        ]
        if seat is not None:
            moved = last is not None and hole == last.end
            style = _hop_style(last, match.cursor) if moved else None
            parts.append(piece_el(hole, piece_colour(shown, hole), selected=hole == selected, style=style))
        if hole == local.cursor:  # drawn over the piece, so the cursor shows on a piece as on an empty hole
            parts.append(h("circle", {"cx": str(x), "cy": str(y), "r": "5.6", "class": "cursor-ring"}))
        holes.append(
            h(
                "g",
                {
                    "class": "spot",
                    "data-action": f"{ACTION}:hole",
                    "data-game": ACTION,
                    "data-hole": str(hole),
                    "id": f"cc-hole-{hole}",
                    "role": "img",
                    "aria-label": label,
                },
                parts,
            )
        )
    return h(
        "svg",
        {
            "class": "cc-board",
            "viewBox": VIEW_BOX,
            "role": "application",
            "aria-label": t("chinese_checkers.board"),
            "aria-describedby": "cc-status cc-keys",
            # The hole under the keyboard cursor is the one a screen reader says as the arrows move it.
            "aria-activedescendant": None if local.cursor is None else f"cc-hole-{local.cursor}",
            "tabindex": "0",
            "data-keys": f"{ACTION}:key",
            "data-game": ACTION,
            "data-next": True,
        },
        _hop_keyframes(last, match.cursor) if last is not None else None,
        star(),
        holes,
        trails(match, last),
        last is not None and _path(last.path, "last-move"),
        hint_path and _path(hint_path, "hint-move"),
    )


def piece_el(hole: int, colour: int, *, selected: bool = False, style: str | None = None) -> El:
    """A piece on ``hole``: a marble of its colour (an index in :data:`PALETTE`) with the colour's mark, its shadow
    on the board under it and the light's glint on it."""
    x, y = xy(hole)
    return h(
        "g",
        {"class": f"piece colour-{colour}" + (" selected" if selected else ""), "style": style},
        h("circle", {"cx": f"{x + 0.5:g}", "cy": f"{y + 0.8:g}", "r": "4.2", "class": "shadow"}),
        h("circle", {"cx": str(x), "cy": str(y), "r": "4.2", "class": "marble"}),
        h("circle", {"cx": f"{x - 1.5:g}", "cy": f"{y - 1.6:g}", "r": "1.3", "class": "glint"}),
        h("text", {"x": str(x), "y": str(y + 1.6), "class": "mark"}, MARKS[colour]),
    )


def trails(match: Match, last: g.Move | None) -> list[El]:
    """With three players or more, each other player's last move in its colour, until that player moves again.

    They are drawn oldest first over the holes but masked by every piece (:data:`TRAIL_MASK`), so they pass under
    the pieces, and they fade with age (:func:`trail_style`): the move just before the last (which is drawn dashed
    over the pieces) is the strongest, and the six-player board stays readable.
    """
    state = match.state
    if state.players < 3:
        return []
    seen: set[int | None] = set()
    found = []
    for age in range(1, min(state.players, match.cursor)):  # each seat's latest turn in the last round
        ply = match.cursor - 1 - age
        seat, move = match.states[ply].to_move, match.actions[ply]
        if seat in seen or seat == match.states[match.cursor - 1].to_move:
            continue
        seen.add(seat)
        if not move.is_pass and move is not last and g.piece(state, move.end) is not None:
            found.append((age, move))
    if not found:
        return []
    left, top, width, height = VIEW_BOX.split()
    pieces = [xy(hole) for hole in range(SIZE) if state.board[hole]]
    mask = h(
        "mask",
        {"id": TRAIL_MASK},
        h("rect", {"x": left, "y": top, "width": width, "height": height, "fill": "white"}),
        [h("circle", {"cx": str(x), "cy": str(y), "r": "4.6", "fill": "black"}) for x, y in pieces],
    )
    lines = [
        _path(move.path, f"trail colour-{piece_colour(state, move.end)}", style=trail_style(age)) for age, move in reversed(found)
    ]
    return [h("defs", {}, mask), h("g", {"class": "trails", "mask": f"url(#{TRAIL_MASK})"}, lines)]


TRAIL_MASK = "cc-trail-mask"
"""The id of the mask that hides the trails under the pieces: the whole board but a disc (a piece and its outline)
on every hole that holds one."""


def trail_style(age: int) -> str:
    """How a trail is drawn ``age`` moves after it was played (1 for the move before the last): fainter and thinner
    with every move since.

    >>> trail_style(1), trail_style(5)
    ('stroke-opacity: 0.9; stroke-width: 1.6', 'stroke-opacity: 0.3; stroke-width: 0.8')
    """
    return f"stroke-opacity: {0.9 - 0.15 * (age - 1):.3g}; stroke-width: {1.6 - 0.2 * (age - 1):.3g}"


def _last_move(match: Match) -> g.Move | None:
    """The move that led to the position shown (skipping passes)."""
    move: g.Move
    for move in reversed(match.played):
        if isinstance(move, g.Move) and not move.is_pass:
            return move
    return None


def _path(path: tuple[int, ...], kind: str, style: str | None = None) -> El:
    points = " ".join(f"{x},{y}" for x, y in map(xy, path))
    return h("polyline", {"points": points, "class": kind, "style": style, "aria-hidden": "true"})


def _hop_keyframes(move: g.Move, ply: int) -> El:
    """CSS keyframes that carry the moved piece from its start hole to its end, hop by hop."""
    end_x, end_y = xy(move.end)
    hops = len(move.path) - 1
    frames = []
    for index, hole in enumerate(move.path):
        x, y = xy(hole)
        frames.append(f"{100 * index / hops:.1f}% {{ transform: translate({x - end_x}px, {y - end_y}px); }}")
    return h("style", {}, f"@keyframes hop-{ply} {{ {' '.join(frames)} }}")


def _hop_style(move: g.Move | None, ply: int) -> str | None:
    if move is None:
        return None
    hops = len(move.path) - 1
    return f"animation: hop-{ply} calc({0.22 * hops}s * var(--speed)) ease-in-out"


def _branch_owners(state: g.State) -> dict[str, int]:
    """The tint of each branch that is some camp's start or goal: the colour of the camp bound for it, else (a start
    branch no camp must reach) of the camp that starts there.

    >>> _branch_owners(g.new_game(2)), _branch_owners(g.new_game(3))
    ({'A': 3, 'D': 0}, {'A': 0, 'C': 2, 'E': 4, 'D': 0, 'F': 2, 'B': 4})
    """
    starts = [b for seat in range(state.players) for b in g.starts(state, seat)]
    owners = {b: camp_colour(b) for b in starts}
    owners.update({OPPOSITE[b]: camp_colour(b) for b in starts})
    return owners


# --- the rules page's diagrams ----------------------------------------------------------------------


@lazy_dataclass
class Figure:
    """A diagram of the rules page: pieces on the star, and a move drawn with the holes it may reach.

    ``pieces`` maps a hole to the colour of its piece (an index in :data:`PALETTE`); ``path`` is the move of the
    piece on ``path[0]`` (empty for none), each hole it lands on numbered; ``targets`` are the holes ringed as
    reachable; ``letters`` names the six branches beyond their tips. The figure shows the part of the board that
    holds its pieces and targets with a margin of :data:`FIGURE_MARGIN`, the whole board when it has letters.
    """

    pieces: dict[int, int]
    path: tuple[int, ...] = ()
    targets: tuple[int, ...] = ()
    letters: bool = False


FIGURES = {
    "board": Figure({hole: camp_colour(b) for b in g.BRANCHES for hole in BRANCH_HOLES[b]}, letters=True),
    "step": Figure({60: 0}, (60, 51), g.neighbours(60)),
    "jumps": Figure({91: 0, 80: 3, 61: 0, 51: 4}, (91, 70, 52, 50), (70, 52, 50)),
    "long_jump": Figure({56: 0, 59: 3}, (56, 62), (62,)),
}
"""The diagrams a rules page may name in a ``{"figure": name}`` block: the board with its six camps, a step, a
chain of jumps (over pieces of any colour, turning between jumps) and a long jump (over the pivot three holes away,
landing as far beyond it). The unit tests play each move through the rules."""

FIGURE_MARGIN = 1.6
"""How far around the pieces and targets a figure shows the board, in board units."""

FIGURE_PX = 4
BOARD_FIGURE_PX = 2.6
"""The width of an SVG unit in CSS pixels, at most, in a figure of part of the board (the holes a move lands on
numbered), and in the figure of the whole board (455 px wide with its letters)."""

LETTER_GAP = 1.5
"""How far beyond the star's tip a branch letter stands, in board units."""


def _letters() -> dict[str, tuple[float, float]]:
    """Where each branch's letter stands: beyond the tip of the branch, in SVG units."""
    places = {}
    for b in g.BRANCHES:
        x, y = HOLES[max(BRANCH_HOLES[b], key=lambda hole: math.hypot(*HOLES[hole]))]
        stretch = (math.hypot(x, y) + STAR_MARGIN + LETTER_GAP) / math.hypot(x, y) * SCALE
        places[b] = (round(x * stretch, 1), round(y * stretch, 1))
    return places


LETTERS = _letters()
_LETTERS_HALF_WIDTH = max(_HALF_WIDTH, max(abs(x) for x, _ in LETTERS.values()) + SCALE / 2)
_LETTERS_HALF_HEIGHT = max(abs(y) for _, y in LETTERS.values()) + SCALE / 2
VIEW_BOX_LETTERED = f"{-_LETTERS_HALF_WIDTH:g} {-_LETTERS_HALF_HEIGHT:g} {2 * _LETTERS_HALF_WIDTH:g} {2 * _LETTERS_HALF_HEIGHT:g}"
"""The whole star with room beyond its tips for the branch letters."""


def figure(name: str, label: str, t: Catalog | None = None) -> El:
    """The rules page's diagram ``name`` (a key of :data:`FIGURES`), an image labelled ``label`` (its words are all
    in the label: ``t`` is not needed)."""
    shown = FIGURES[name]
    seen = (*shown.pieces, *shown.targets)
    if shown.letters:
        box = VIEW_BOX_LETTERED
    else:
        xs, ys = [xy(hole)[0] for hole in seen], [xy(hole)[1] for hole in seen]
        margin = FIGURE_MARGIN * SCALE
        left, top = min(xs) - margin, min(ys) - margin
        box = f"{left:g} {top:g} {max(xs) + margin - left:g} {max(ys) + margin - top:g}"
    left, top, width, height = map(float, box.split())
    holes = [
        h("circle", {"cx": str(x), "cy": str(y), "r": "3.1", "class": "hole target" if hole in shown.targets else "hole"})
        for hole in range(SIZE)
        for x, y in [xy(hole)]
        if left < x < left + width and top < y < top + height
    ]
    numbers = [
        h("text", {"x": str(x), "y": str(round(y + 1.1, 2)), "class": "hole-number"}, str(hole))
        for hole in shown.path[1:]
        for x, y in [xy(hole)]
    ]
    scale = BOARD_FIGURE_PX if shown.letters else FIGURE_PX
    return h(
        "svg",
        {"class": "cc-figure", "viewBox": box, "width": f"{scale * width:g}", "role": "img", "aria-label": label},
        star(),
        holes,
        shown.path and _path(shown.path, "figure-move"),  # under the pieces, whose marks stay readable
        numbers,
        [piece_el(hole, colour) for hole, colour in shown.pieces.items()],
        shown.letters and [_letter(b) for b in g.BRANCHES],
    )


def _letter(branch: str) -> El:
    x, y = LETTERS[branch]
    return h("text", {"x": str(x), "y": str(round(y + 2.5, 1)), "class": "cc-letter", "aria-hidden": "true"}, branch)


def colours(state: g.State, seat: int, t: Catalog) -> str:
    """The colours of ``seat``'s camps in words: "red", or "red and yellow"."""
    names = [colour_name(camp_colour(b), t) for b in g.starts(state, seat)]
    if len(names) == 1:
        return names[0]
    return t("chinese_checkers.colours", first=", ".join(names[:-1]), last=names[-1])


def _hole_label(match: Match, state: g.State, hole: int, target: bool, t: Catalog, *, selected: bool = False) -> str:
    if target:
        return t("chinese_checkers.hole_target", hole=hole)
    seat = g.piece(state, hole)
    if seat is None:
        return t("chinese_checkers.hole_free", hole=hole)
    colour = colour_name(piece_colour(state, hole), t)
    name = seat_name(match, seat, t)
    return t("chinese_checkers.hole_selected" if selected else "chinese_checkers.hole_piece", hole=hole, colour=colour, name=name)


def move_told(match: Match, t: Catalog) -> El:
    """A live region that says the last move: "Ann moved from hole 3 to hole 14" (or that a player passed).

    It is drawn, empty before the first move, in the same place at every redraw, so that a screen reader hears
    each move as it is made, by a person or by the computer.
    """
    said = ""
    if match.played:
        move, seat = match.played[-1], match.states[len(match.played) - 1].to_move
        name = seat_name(match, seat, t) if seat is not None else ""
        if move.is_pass:
            said = t("chinese_checkers.passed", name=name)
        else:
            said = t("chinese_checkers.moved", name=name, start=move.start, end=move.end)
    return h("p", {"class": "visually-hidden", "role": "status", "data-told": "move"}, said)


def status(match: Match, local: Local, t: Catalog, *, replay: bool = False) -> str:
    """Whose turn it is and what they are to do; in a ``replay``, whose turn the position shows, and nothing to do."""
    state = match.state
    seat = state.to_move
    if seat is None:
        return t("chinese_checkers.status.over")
    line = t("chinese_checkers.status.play", name=seat_name(match, seat, t), colour=colours(state, seat, t))
    if match.person_to_move is not None and not replay:
        line += " " + t("chinese_checkers.status.target" if local.selected is not None else "chinese_checkers.status.select")
    if state.players == 1:
        line += " " + t("chinese_checkers.solo.move", number=state.turns[seat] + 1)
    rounds, left = quiet_rounds(state)
    if left <= QUIET_WARNING:
        line += " " + t("chinese_checkers.quiet_soon", rounds=rounds, count=left)
    if state.move_limit is not None and (moves := state.move_limit - state.turns[seat]) <= QUIET_WARNING:
        line += " " + t("chinese_checkers.moves_left", count=moves)
    return line


QUIET_WARNING = 5
"""The status line warns once this few rounds are left before the game ends for want of progress, or this few
moves before the move limit."""

ENDINGS = {
    "move_limit": "chinese_checkers.limit_reached",
    "no_moves": "chinese_checkers.no_moves",
    "quiet": "chinese_checkers.quiet_end",
}
"""The endings that rank the players by distance, and the sentence that says so."""


def standing(state: g.State, seat: int, t: Catalog) -> str:
    """Where a seat stands: eliminated, home (and in which place), or its distance to the goal."""
    if any(seat in group for group in state.eliminated):
        return t("chinese_checkers.seat_eliminated")
    if seat in state.finished:
        return t("chinese_checkers.seat_home", place=state.finished.index(seat) + 1)
    return t("chinese_checkers.distance", distance=distance(state, seat))


def seats_list(match: Match, t: Catalog) -> El:
    state = match.state
    items = []
    for seat in range(state.players):
        swatches = [camp_colour(b) for b in g.starts(state, seat)]
        items.append(
            h(
                "li",
                {"class": "cc-seat" + (" to-move" if seat == state.to_move else "")},
                [h("span", {"class": f"swatch colour-{c}", "aria-hidden": "true"}, MARKS[c]) for c in swatches],
                " ",
                seat_name(match, seat, t),
                " — ",
                standing(state, seat, t),
            )
        )
    return h("ul", {"class": "cc-seats"}, items)


def tools(match: Match, local: Local, t: Catalog) -> El | None:
    """The hint (not at a day's puzzle: its solution would be the hint)."""
    if match.person_to_move is None or match.daily is not None:
        return None
    return h(
        "div",
        {"class": "row cc-tools"},
        h("button", {"type": "button", "data-action": f"{ACTION}:hint", "data-game": ACTION}, t("chinese_checkers.hint")),
    )


def ending_line(state: g.State, t: Catalog) -> El | None:
    """Why the players are ranked as they are, when the game ended without a winner home (move limit, 30 quiet rounds)."""
    why = ending(state)
    return h("p", {}, t(ENDINGS[why])) if why in ENDINGS else None


def alone(match: Match) -> bool:
    """Whether one player is alone on the board: the crossing, or a puzzle."""
    return bool(match.state.players == 1)


def best_solution(match: Match) -> tuple[g.Move, ...]:
    """The best solution the app knows of a game played alone: the puzzle's, proved the shortest, or the best
    crossing found (:mod:`etoile.games.chinese_checkers.puzzles`)."""
    if match.options.get("puzzle"):
        return g.puzzle_solution(match.options, match.seed)
    return tuple(g.Move(path) for path in crossing()[match.state.long_jumps])


def solo_banner(match: Match, t: Catalog) -> El | None:
    """Above a game played alone: what to do, and in how few moves it can be done (at a day's puzzle, which day's,
    and whether it counts)."""
    if not alone(match):
        return None
    best, jumps = len(best_solution(match)), t("chinese_checkers.solo.long_jumps") if match.state.long_jumps else ""
    if not match.options.get("puzzle"):
        return h("p", {"class": "daily-banner"}, t("chinese_checkers.crossing.goal", count=best), jumps and f" {jumps}")
    daily = match.daily
    return h(
        "p",
        {"class": "daily-banner"},
        daily and h("strong", {}, t("chinese_checkers.daily.title", day=day_text(daily.day, t))),
        daily and " ",
        t("chinese_checkers.puzzle.goal", count=best),
        jumps and f" {jumps}",
        daily and " ",
        daily and t("daily.counts" if daily.counts else "daily.replay"),
    )


def solo_title(match: Match, t: Catalog) -> str | None:
    """The end's heading of a game played alone and brought home: in how many moves."""
    state = match.state
    return t("chinese_checkers.solo.home", count=state.turns[0]) if alone(match) and state.finished else None


def solo_marks(match: Match) -> str:
    """A mark a move of a game played alone: 🟩 for a move that brought a piece into its goal, 🟥 for another."""
    marks = []
    for before, after in zip(match.states, match.states[1 : match.cursor + 1], strict=False):
        home_before = sum(1 for h in g.goal_holes(before, 0) if before.board[h])
        home_after = sum(1 for h in g.goal_holes(after, 0) if after.board[h])
        marks.append("🟩" if home_after > home_before else "🟥")
    return "".join(marks)


def solo_share(model: Model, match: Match, t: Catalog) -> str | None:
    """The result of a day's puzzle to share: the day, the moves beside the best solution's, a mark a move, and the
    link that replays the game."""
    if match.daily is None or match.daily.par is None or match.result is None:
        return None
    moves, par = match.state.turns[0], match.daily.par
    lines = (
        t("chinese_checkers.daily.share_title", day=day_text(match.daily.day, t)),
        t("chinese_checkers.daily.share_score", count=moves, best=par, gap=signed(moves - par)),
        solo_marks(match),
        f"{model.address}#/link/{link.encode(match, 'watch')}",
    )
    return "\n".join(lines)


def solo_panel(model: Model, match: Match, t: Catalog) -> El | None:
    """The end of a game played alone: its moves beside the best solution's, a link that replays that solution and,
    at a day's puzzle, the result to share and a replay of the puzzle."""
    if not alone(match) or match.result is None or not match.state.finished:
        return None
    solution = best_solution(match)
    moves, best = match.state.turns[0], len(solution)
    shown = Match.new(g, match.options, match.seed, match.seats).play_all(solution)
    key = "chinese_checkers.solo.found" if moves <= best else "chinese_checkers.solo.more"
    text = solo_share(model, match, t)
    return h(
        "section",
        {"class": "daily-result"},
        h("p", {"class": "par"}, t(key, count=best, gap=t("chinese_checkers.solo.moves", count=moves - best))),
        text and share_result(model, ACTION, text, t),
        h(
            "div",
            {"class": "row"},
            h("a", {"class": "button", "href": f"#/link/{link.encode(shown, 'watch')}"}, t("chinese_checkers.solo.watch")),
            match.daily and h("a", {"class": "button", "href": f"#/daily/{ACTION}"}, t("chinese_checkers.daily.again")),
        ),
    )


def board(model: Model, match: Match, local: Any, t: Catalog) -> El:
    local = local if isinstance(local, Local) else Local()
    hint = local.hint
    return h(
        "section",
        {"class": "chinese-checkers"},
        solo_banner(match, t),
        h("p", {"class": "status", "role": "status", "id": "cc-status"}, status(match, local, t, replay=replaying(model))),
        move_told(match, t),
        [h("p", {"class": "cc-event"}, line) for line in happenings(match, t)],
        result_panel(
            match,
            t,
            lambda seat: standing(match.state, seat, t),
            [ending_line(match.state, t), solo_panel(model, match, t)],
            solo_title(match, t),
        ),
        h(
            "div",
            {"class": "cc-layout"},
            board_svg(model, match, local, t),
            h(
                "div",
                {"class": "cc-side"},
                pointer(model, match, local, t, tips=TIPS, at="side"),
                seats_list(match, t),
                h("p", {"class": "cc-keys", "id": "cc-keys"}, t("chinese_checkers.keys")),
            ),
        ),
        hint is PENDING and h("p", {"class": "coach", "role": "status"}, t("chinese_checkers.hint_thinking")),
        isinstance(hint, ChineseCheckersHint)
        and h(
            "p", {"class": "coach", "role": "status"}, t("chinese_checkers.hint_move", move=g.action_to_text(g.Move(hint.path)))
        ),
        tools(match, local, t),
    )


def happenings(match: Match, t: Catalog) -> list[str]:
    """What the last round brought that a move does not show: a pass, an elimination, a player home."""
    state = match.state
    lines: list[str] = []
    for ply in range(max(1, match.cursor - state.players + 1), match.cursor + 1):
        before, after, action = match.states[ply - 1], match.states[ply], match.actions[ply - 1]
        if action.is_pass and before.to_move is not None:
            lines.append(t("chinese_checkers.passed", name=seat_name(match, before.to_move, t)))
        for group in after.eliminated[len(before.eliminated) :]:
            lines += [t("chinese_checkers.eliminated", name=seat_name(match, seat, t)) for seat in group]
        for seat in after.finished[len(before.finished) :]:
            lines.append(t("chinese_checkers.finished", name=seat_name(match, seat, t)))
    return lines


def log_note(match: Match, ply: int, t: Catalog) -> str | None:
    """For the game's log: "home" when the move brought the last of its player's pieces home."""
    before, after = match.states[ply - 1], match.states[ply]
    return t("chinese_checkers.log_home") if len(after.finished) > len(before.finished) else None
