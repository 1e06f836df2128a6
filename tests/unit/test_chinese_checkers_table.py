"""The Chinese checkers board, without a browser."""

import json
import random

import pytest

from etoile.app import effects as fx
from etoile.app import messages as m
from etoile.app.effects import Effect
from etoile.app.model import Model
from etoile.app.routes import Route
from etoile.app.update import update
from etoile.engine.game import IllegalAction
from etoile.engine.match import Match, Seat
from etoile.engine.rng import Dice
from etoile.engine.slot import Slot
from etoile.games.chinese_checkers import ai, table
from etoile.games.chinese_checkers import rules as g
from etoile.games.chinese_checkers.text import from_cells
from etoile.ui.i18n import catalog, rules
from etoile.ui.runtime import events
from etoile.ui.vdom import El
from etoile.ui.views import view

GAME = "chinese-checkers"


def playing(seats: tuple[Seat, ...] = (Seat("Ann"), Seat("Bob"))) -> Model:
    match = Match.new(g, {"players": len(seats)}, 1, seats)
    return Model(route=Route("game", GAME), matches={Slot(GAME): match})


def send(model: Model, action: str, value: str | bool | None = None, **data: str) -> tuple[Model, list[Effect]]:
    msg = events.decode(action, value, {"game": GAME, **data})
    assert msg is not None, f"{action} {value} {data} makes no message"
    return update(model, msg)


def marked(model: Model, name: str) -> list[int]:
    """The holes whose circle carries the class ``name``."""
    spots = view(model).find_all(lambda el: el.attrs.get("class") == "spot")
    return [
        int(s.attrs["data-hole"])
        for s in spots
        if any(name in str(c.attrs.get("class", "")).split() for c in s.children if hasattr(c, "attrs"))
    ]


def test_selecting_a_piece_highlights_every_hole_it_can_reach() -> None:
    model, _ = send(playing(), f"{GAME}:hole", hole="7")
    assert model.tables[Slot(GAME)].selected == 7
    assert marked(model, "target") == sorted(g.destinations(model.matches[Slot(GAME)].state, 7))


def test_choosing_a_highlighted_hole_plays_the_move_and_marks_where_it_came_from() -> None:
    model, _ = send(playing(), f"{GAME}:hole", hole="7")
    model, effects = send(model, f"{GAME}:hole", hole="16")
    assert model.matches[Slot(GAME)].played == (g.Move((7, 16)),)
    assert fx.Sound("move") in effects
    page = view(model)
    assert page.find_all(lambda el: el.attrs.get("class") == "last-move")[0].attrs["points"] == " ".join(
        f"{x},{y}" for x, y in map(table.xy, (7, 16))
    )
    assert "@keyframes hop-1" in page.find_all(lambda el: el.tag == "style")[0].text()
    assert marked(model, "last-from") == [7]


def test_the_keyboard_moves_a_cursor_and_enter_selects() -> None:
    model, _ = send(playing(), f"{GAME}:key", "ArrowDown")
    cursor = model.tables[Slot(GAME)].cursor
    assert cursor is not None
    model, _ = send(model, f"{GAME}:key", "ArrowRight")
    assert model.tables[Slot(GAME)].cursor == table.neighbour_by_key(cursor, "ArrowRight")
    model, _ = send(playing(), f"{GAME}:hole", hole="7")
    model, _ = send(model, f"{GAME}:key", "Escape")
    assert model.tables[Slot(GAME)].selected is None
    model, _ = send(model, f"{GAME}:key", "Enter")  # the cursor stayed on the piece: Enter selects it again
    assert model.tables[Slot(GAME)].selected == 7


@pytest.mark.parametrize("hole", [60, 40, 7, 100])
def test_each_of_a_hole_s_six_neighbours_is_one_key_press_away_and_each_step_has_its_way_back(hole: int) -> None:
    keys = ("ArrowLeft", "ArrowRight", "ArrowUp", "Shift+ArrowUp", "ArrowDown", "Shift+ArrowDown")
    reached = {table.neighbour_by_key(hole, key) for key in keys} - {hole}
    assert reached == set(g.neighbours(hole))
    back = {"ArrowLeft": "ArrowRight", "ArrowUp": "ArrowDown", "Shift+ArrowUp": "Shift+ArrowDown"}
    for key, undo in back.items():
        step = table.neighbour_by_key(hole, key)
        assert step == hole or table.neighbour_by_key(step, undo) == hole
    diagonals = ("Home", "PageUp", "End", "PageDown")
    assert {table.neighbour_by_key(hole, key) for key in diagonals} - {hole} <= set(g.neighbours(hole))


def test_the_keyboard_cursor_is_drawn_over_a_piece_as_well_as_over_an_empty_hole() -> None:
    model, _ = send(playing(), f"{GAME}:hole", hole="7")  # a piece of the player to move: selected, cursor on it
    rings = view(model).find_all(lambda el: el.attrs.get("class") == "cursor-ring")
    assert len(rings) == 1 and (rings[0].attrs["cx"], rings[0].attrs["cy"]) == tuple(map(str, table.xy(7)))
    spot = view(model).find_all(lambda el: el.attrs.get("data-hole") == "7")[0]
    assert spot.children[-1] is not None and spot.children[-1].attrs.get("class") == "cursor-ring"  # on top


def test_the_computer_s_seat_cannot_be_moved_by_hand() -> None:
    model = playing((Seat("", "easy"), Seat("Bob")))
    after, _ = send(model, f"{GAME}:hole", hole="7")
    assert after.tables.get(Slot(GAME)) in (None, table.Local())


def test_a_foreign_file_is_refused_and_the_game_kept() -> None:
    model, _ = send(playing(), f"{GAME}:hole", hole="7")
    model, _ = send(model, f"{GAME}:hole", hole="16")
    refused, effects = send(model, "import-game", '{"hello": 1}')
    assert refused.matches == model.matches and effects == []
    assert [n.key for n in refused.notices] == ["table.import_refused"]
    assert "That file is not a Chinese checkers game this app can replay" in view(refused).text()


def test_an_exported_game_imports_back() -> None:
    model, _ = send(playing(), f"{GAME}:hole", hole="7")
    model, _ = send(model, f"{GAME}:hole", hole="16")
    _, effects = send(model, "export-game")
    assert effects == [fx.ExportGame(Slot(GAME))]
    fresh, _ = send(playing(), "import-game", json.dumps(model.matches[Slot(GAME)].to_json()))
    assert fresh.matches[Slot(GAME)].played == (g.Move((7, 16)),)
    assert [n.key for n in fresh.notices] == ["table.imported"]


def test_a_replay_steps_and_plays_through_the_moves() -> None:
    model, _ = send(playing(), f"{GAME}:hole", hole="7")
    model, _ = send(model, f"{GAME}:hole", hole="16")
    model, _ = send(model, f"{GAME}:hole", hole="113")
    model, _ = send(model, f"{GAME}:hole", hole="104")
    model, _ = send(model, "replay")
    assert model.replays[Slot(GAME)].ply == 0
    page = view(model)
    assert "Replay: move 0 of 2." in page.text()
    assert marked(model, "last-from") == []  # the position before the first move
    [body] = page.find_all(lambda el: el.attrs.get("class") == "table-body")
    assert body.attrs["inert"] is True  # a replay is only watched
    model, effects = send(model, "replay-play")
    assert effects == [fx.Later(1.0, m.ReplayTick(Slot(GAME), 0))]
    model, effects = update(model, m.ReplayTick(Slot(GAME), 0))
    assert model.replays[Slot(GAME)].ply == 1 and isinstance(effects[0], fx.Later)
    assert marked(model, "last-from") == [7]
    model, effects = update(model, m.ReplayTick(Slot(GAME), 1))
    assert model.replays[Slot(GAME)].ply == 2 and not model.replays[Slot(GAME)].playing and effects == []
    model, _ = send(model, "replay-step", by="-1")
    assert model.replays[Slot(GAME)].ply == 1
    unchanged, _ = send(model, f"{GAME}:hole", hole="113")  # the table takes no action during a replay
    assert unchanged.matches == model.matches and unchanged.tables == model.tables
    model, _ = send(model, "replay-exit")
    assert Slot(GAME) not in model.replays and marked(model, "last-from") == [113]


def test_undo_and_redo_go_through_the_moves() -> None:
    model, _ = send(playing(), f"{GAME}:hole", hole="7")
    model, _ = send(model, f"{GAME}:hole", hole="16")
    model, _ = send(model, "undo")
    assert model.matches[Slot(GAME)].cursor == 0
    model, _ = send(model, "redo")
    assert model.matches[Slot(GAME)].played == (g.Move((7, 16)),)


def test_the_setup_offers_only_the_camps_that_exist_for_the_number_of_players() -> None:
    model = Model(route=Route("setup", GAME))
    model, _ = send(model, "setup-option", "3", option="camps")  # two players: three camps each exist
    model, _ = send(model, "setup-players", "3")  # three players: only one or two camps; back to the default
    assert model.setups[GAME].options["camps"] == 1
    model, _ = send(model, "setup-option", "3", option="camps")
    assert model.setups[GAME].options["camps"] == 1
    camps = view(model).find_all(lambda el: el.tag == "input" and el.attrs.get("data-option") == "camps")
    assert {el.attrs["value"]: bool(el.attrs.get("disabled")) for el in camps} == {"1": False, "2": False, "3": True}
    model, _ = send(model, "setup-option", "2", option="camps")
    model, _ = send(model, "setup-start", seed="1")
    options = {"players": 3, "camps": 2, "long_jumps": False, "rank_all": False, "move_limit": None, "spoiling": True}
    assert model.matches[Slot(GAME)].options == options


def test_a_click_on_a_move_of_the_list_replays_the_game_up_to_it() -> None:
    model, _ = send(playing(), f"{GAME}:hole", hole="7")
    model, _ = send(model, f"{GAME}:hole", hole="16")
    model, _ = send(model, f"{GAME}:hole", hole="113")
    model, _ = send(model, f"{GAME}:hole", hole="104")
    entries = view(model).find_all(lambda el: el.attrs.get("class") == "log-entry")
    assert [(e.text(), e.attrs["data-value"]) for e in entries] == [("Bob: 113-104", "2"), ("Ann: 7-16", "1")]  # newest first
    model, _ = send(model, "replay-to", "1")
    assert model.replays[Slot(GAME)].ply == 1 and "Replay: move 1 of 2." in view(model).text()


def test_the_seat_list_says_who_is_eliminated_or_home_instead_of_a_distance_of_zero() -> None:
    def standings(state: g.State, seats: tuple[Seat, ...]) -> list[str]:
        match = Match(g, {"players": state.players}, 0, (), (state,), 0, seats, (Dice(0),))
        page = view(Model(route=Route("game", GAME), matches={Slot(GAME): match}))
        items = page.find_all(lambda el: "cc-seat" in str(el.attrs.get("class", "")).split())
        return [li.text().split(" — ")[1] for li in items]

    # Seats 2 and 3 have no piece left: eliminated together, while seats 0 and 1 play on.
    out = from_cells("0" + "." * 60 + "1" + "." * 59, players=4)
    seats = (Seat("Ann"), Seat("Bob"), Seat("Cy"), Seat("Di"))
    assert [line.split(":")[0] for line in standings(out, seats)] == ["distance to the goal"] * 2 + ["eliminated"] * 2
    home = from_cells("." * 60 + "1" + "." * 50 + "0" * 10, players=2)
    assert home.finished == (0,) and standings(home, seats[:2])[0] == "home, place 1"


def test_the_table_says_when_a_player_brings_every_piece_home_for_the_round_after() -> None:
    rnd = random.Random(3)
    seats = (Seat("Ann"), Seat("Bob"), Seat("Cy"))
    match = Match.new(g, {"players": 3, "rank_all": True}, 0, seats)
    while not match.state.finished:
        state = match.state
        move = ai.best_move(state, "easy") if rnd.random() < 0.9 else rnd.choice(g.legal_moves(state))
        match = match.play(move).settled()
    name = seats[match.state.finished[0]].name
    said = f"{name} has brought every piece home!"
    assert table.happenings(match, catalog("en")) == [said]
    page = view(Model(route=Route("game", GAME), matches={Slot(GAME): match}))
    assert [p.text() for p in page.find_all(lambda el: el.attrs.get("class") == "cc-event")] == [said]
    for _ in range(3):  # a round later, the news is old
        match = match.play(ai.best_move(match.state, "easy")).settled()
    assert table.happenings(match, catalog("en")) == []


def test_with_three_players_each_other_player_s_last_move_stays_drawn_in_its_colour() -> None:
    match = Match.new(g, {"players": 3}, 0, (Seat("Ann"), Seat("Bob"), Seat("Cy")))
    moves = [ai.best_move(match.state, "easy")]
    match = match.play(moves[-1])
    for _ in range(2):
        moves.append(ai.best_move(match.state, "easy"))
        match = match.play(moves[-1])

    def drawn(match: Match) -> list[tuple[str, str]]:
        page = view(Model(route=Route("game", GAME), matches={Slot(GAME): match}))
        lines = page.find_all(lambda el: el.tag == "polyline" and "trail" in str(el.attrs.get("class")).split())
        return [(line.attrs["class"], line.attrs["points"]) for line in lines]

    # Seat 2 has just moved (its move is the dashed last move); seats 0 and 1 keep a trail of theirs.
    trails = drawn(match)
    colours = [table.piece_colour(match.state, move.end) for move in moves[:2]]
    assert [kind for kind, _ in trails] == [f"trail colour-{c}" for c in colours]
    match = match.play(ai.best_move(match.state, "easy"))  # seat 0 moves again: its old trail goes
    assert [kind for kind, _ in drawn(match)] == [
        f"trail colour-{colours[1]}",
        f"trail colour-{table.piece_colour(match.state, moves[2].end)}",
    ]
    two = Match.new(g, {"players": 2}, 0, (Seat("Ann"), Seat("Bob")))
    two = two.play(ai.best_move(two.state, "easy"))
    assert drawn(two.play(ai.best_move(two.state, "easy"))) == []


def test_the_status_counts_down_the_last_moves_before_the_move_limit() -> None:
    match = Match.new(g, {"players": 2, "move_limit": 20}, 0, (Seat("Ann"), Seat("Bob")))
    said = []
    while match.state.to_move is not None:
        said.append(table.status(match, table.Local(), catalog("en")))
        match = match.play(ai.best_move(match.state, "easy")).settled()
    assert len(said) == 40  # 20 moves each, then the limit ends the game
    assert "Move limit" not in said[29]  # Bob has made 14 moves: 6 left
    assert said[30].endswith(" Move limit near: 5 moves left each.")  # Ann has made 15
    assert said[38].endswith(" Move limit near: 1 move left each.")


@pytest.mark.parametrize(
    ("players", "camps", "tints"),
    [
        # Each branch some camp must reach is tinted in that camp's colour (0 red, 1 yellow, 2 sky, 3 blue, 4 green,
        # 5 pink, the colours of the start branches A to F); a start branch no camp must reach keeps its camp's colour.
        (2, 1, {"A": 3, "D": 0}),
        (3, 1, {"A": 0, "B": 4, "C": 2, "D": 0, "E": 4, "F": 2}),
        (4, 1, {"A": 3, "B": 4, "D": 0, "E": 1}),
        (5, 1, {"A": 3, "B": 4, "C": 2, "D": 0, "E": 1, "F": 2}),
        (6, 1, {"A": 3, "B": 4, "C": 5, "D": 0, "E": 1, "F": 2}),
        (2, 2, {"A": 3, "B": 4, "D": 0, "E": 1}),
        (2, 3, {"A": 3, "B": 4, "C": 5, "D": 0, "E": 1, "F": 2}),
        (3, 2, {"A": 3, "B": 4, "C": 5, "D": 0, "E": 1, "F": 2}),
    ],
)
def test_each_goal_branch_is_tinted_in_the_colour_of_the_camp_bound_for_it(players: int, camps: int, tints: dict) -> None:
    seats = tuple(Seat(f"P{seat}") for seat in range(players))
    match = Match.new(g, {"players": players, "camps": camps}, 0, seats)
    spots = view(Model(route=Route("game", GAME), matches={Slot(GAME): match})).find_all(
        lambda el: el.attrs.get("class") == "spot"
    )
    drawn: dict[str, set[str]] = {}
    for spot in spots:
        hole = next(c for c in spot.children if "hole" in str(c.attrs.get("class", "")).split())
        tint = [c for c in str(hole.attrs["class"]).split() if c.startswith("tint-")]
        drawn.setdefault(g.branch(int(spot.attrs["data-hole"])) or "centre", set()).update(tint or ["none"])
    expected = {b: {f"tint-{tints[b]}" if b in tints else "none"} for b in g.BRANCHES}
    assert drawn == {**expected, "centre": {"none"}}
    for seat in range(players):  # the goal holes of every camp wear its pieces' colour
        for start, goal in zip(g.starts(match.state, seat), g.goals(match.state, seat), strict=True):
            assert tints[goal] == table.camp_colour(start)


def test_with_six_players_the_older_trails_fade_and_all_pass_under_the_pieces() -> None:
    seats = tuple(Seat(f"P{seat}", computer="easy") for seat in range(6))
    match = Match.new(g, {"players": 6}, 0, seats)
    for _ in range(8):  # a round and two moves: seats 0 and 1 have moved twice
        match = match.play(ai.best_move(match.state, "easy"))
    svg = view(Model(route=Route("game", GAME), matches={Slot(GAME): match})).find_all(lambda el: el.tag == "svg")[0]
    layers = [child for child in svg.children if hasattr(child, "attrs")]
    # The star, the holes with their pieces, the mask and the trails it masks, then the last move, dashed, on top.
    assert [child.tag for child in layers] == ["style", "g"] + ["g"] * 121 + ["defs", "g", "polyline"]
    mask, group, last = layers[-3].children[0], layers[-2], layers[-1]
    assert last.attrs["class"] == "last-move" and last.attrs["points"] == " ".join(
        f"{x},{y}" for x, y in map(table.xy, match.played[-1].path)
    )
    assert (mask.tag, mask.attrs["id"], group.attrs["mask"]) == ("mask", "cc-trail-mask", "url(#cc-trail-mask)")
    # The mask shows the whole board (white) but a disc over each of the 60 pieces (black), hiding the trails there.
    assert mask.children[0].attrs == {"x": "-74.5", "y": "-85.3", "width": "149", "height": "170.6", "fill": "white"}
    discs = {(float(c.attrs["cx"]), float(c.attrs["cy"]), c.attrs["r"], c.attrs["fill"]) for c in mask.children[1:]}
    assert discs == {(*table.xy(hole), "4.6", "black") for hole in range(121) if g.piece(match.state, hole) is not None}
    assert len(discs) == 60
    trails = group.children
    # Oldest first, so the newer is drawn over the older; each fainter and thinner with every move since.
    assert [line.attrs["class"] for line in trails] == [f"trail colour-{c}" for c in (2, 3, 4, 5, 0)]
    assert [line.attrs["style"] for line in trails] == [
        "stroke-opacity: 0.3; stroke-width: 0.8",  # seat 2, five moves ago
        "stroke-opacity: 0.45; stroke-width: 1",
        "stroke-opacity: 0.6; stroke-width: 1.2",
        "stroke-opacity: 0.75; stroke-width: 1.4",
        "stroke-opacity: 0.9; stroke-width: 1.6",  # seat 0, the move before the last
    ]
    points = [" ".join(f"{x},{y}" for x, y in map(table.xy, move.path)) for move in match.played[2:7]]
    assert [line.attrs["points"] for line in trails] == points


def figure_position(name: str, long_jumps: bool) -> g.State:
    """The position a rules figure draws, six players seated (a piece's colour is its seat), its mover to move; a
    piece on the tip of each start branch keeps every seat in play, far from the figure."""
    shown = table.FIGURES[name]
    pieces = {g.TIPS[b]: seat for seat, b in enumerate(g.BRANCHES)} | shown.pieces
    cells = "".join(str(pieces[hole]) if hole in pieces else "." for hole in range(121))
    return from_cells(cells, 6, shown.pieces[shown.path[0]], long_jumps)


def test_the_rules_figures_show_the_start_and_moves_the_rules_allow() -> None:
    start = g.new_game(6)
    assert table.FIGURES["board"].pieces == {hole: seat for hole in range(121) if (seat := g.piece(start, hole)) is not None}
    step = table.FIGURES["step"]
    assert step.path == (60, 51) and set(step.targets) == set(g.destinations(figure_position("step", False), 60))
    jumps = table.FIGURES["jumps"]
    position = figure_position("jumps", False)
    assert g.piece(g.apply(position, g.Move(jumps.path)), 50) == 0  # three jumps, the last one turning
    assert jumps.path == (91, 70, 52, 50) and jumps.targets == jumps.path[1:]
    long = table.FIGURES["long_jump"]
    assert long.path == (56, 62) and long.pieces == {56: 0, 59: 3}  # over the pivot 3 holes away, landing 3 beyond it
    assert g.piece(g.apply(figure_position("long_jump", True), g.Move(long.path)), 62) == 0
    with pytest.raises(IllegalAction, match="long jumps are off"):
        g.apply(figure_position("long_jump", False), g.Move(long.path))


@pytest.mark.parametrize("lang", ["en", "fr", "ru", "es"])
def test_the_rules_page_draws_each_figure_as_a_labelled_image_over_its_caption(lang: str) -> None:
    blocks = [b for s in rules(lang)["chinese_checkers"]["sections"] for b in s["blocks"] if "figure" in b]
    assert [b["figure"] for b in blocks] == ["board", "step", "jumps", "long_jump"]
    model = Model(route=Route("rules", GAME), browser_language=lang)
    page = view(model)
    glance = page.find_all(lambda el: el.attrs.get("class") == "glance")[0]
    sections = page.find_all(lambda el: el.tag == "section" and el is not glance)
    summary = [f.children[0].attrs["aria-label"] for f in glance.find_all(lambda el: el.tag == "figure")]
    assert summary == [b["alt"] for b in rules(lang)["chinese_checkers"]["glance"]]  # the moves drawn first, in brief
    figures = [f for section in sections for f in section.find_all(lambda el: el.tag == "figure")]
    drawn = [(f.children[0], f.children[1]) for f in figures]
    assert [(svg.attrs["role"], svg.attrs["aria-label"], caption.text()) for svg, caption in drawn] == [
        ("img", b["alt"], b["caption"]) for b in blocks
    ]
    board, step, jumps, long = (svg for svg, _ in drawn)

    def count(svg: El, kind: str) -> int:
        return len(svg.find_all(lambda el: kind in str(el.attrs.get("class", "")).split()))

    assert [count(board, "piece"), count(board, "hole"), count(board, "cc-letter")] == [60, 121, 6]
    assert [el.text() for el in board.find_all(lambda el: el.attrs.get("class") == "cc-letter")] == list("ABCDEF")
    assert [count(svg, "target") for svg in (step, jumps, long)] == [6, 3, 1]
    moves = [svg.find_all(lambda el: el.tag == "polyline")[0].attrs["points"] for svg in (step, jumps, long)]
    paths = [table.FIGURES[name].path for name in ("step", "jumps", "long_jump")]
    assert moves == [" ".join(f"{x},{y}" for x, y in map(table.xy, path)) for path in paths]


def test_seat_1_moves_first_with_the_camp_of_branch_a_and_play_goes_clockwise_in_every_seating() -> None:
    """What the rules page says of who moves first and of the order of play."""
    for (players, camps), seating in g.SEATINGS.items():
        state = g.new_game(players, camps)
        assert state.to_move == 0 and g.starts(state, 0)[0] == "A"
        order = []
        for _ in range(players):
            order.append(g.starts(state, state.to_move)[0])
            state = g.apply(state, g.legal_moves(state)[0])
        assert order == [branches[0] for branches in seating] == sorted(order)  # clockwise: A, B, C... in turn
