"""Chinese checkers alone: the crossing, the day's puzzle, their best solutions."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from etoile.app import messages as m
from etoile.app.model import Model
from etoile.app.routes import Route
from etoile.app.update import update
from etoile.engine.daily import Daily, day_seed
from etoile.engine.game import Outcome
from etoile.engine.match import Match, Seat
from etoile.engine.slot import Slot
from etoile.games.chinese_checkers import ai, table
from etoile.games.chinese_checkers import rules as g
from etoile.games.chinese_checkers.puzzles import crossing, home_puzzle
from etoile.ui.i18n import catalog
from etoile.ui.views import view

T = catalog("en")
DAY = "2026-12-07"


def home(state: g.State) -> int:
    return sum(1 for h in g.goal_holes(state, 0) if g.piece(state, h) == 0)


@pytest.mark.parametrize("long_jumps", [False, True])
def test_the_best_crossing_is_at_most_27_moves_and_every_move_is_legal(long_jumps: bool) -> None:
    state = g.start({"players": 1, "long_jumps": long_jumps}, 0)
    moves = crossing()[long_jumps]
    assert len(moves) <= 27
    for path in moves:
        move = g.Move(path)
        assert move in g.legal_moves(state) or g.destinations(state, path[0]).get(path[-1]) is not None
        state = g.apply(state, move)  # the rules check the whole path
    assert g.result(state) == Outcome(((0,),)) and state.turns == (len(moves),)


def test_alone_the_game_goes_on_until_every_piece_is_home() -> None:
    state = g.start({"players": 1}, 0)
    assert g.to_move(state) == 0 and g.legal_moves(state)[0] == g.action_from_text("3-14")
    state = g.apply(state, g.action_from_text("3-14"))
    assert g.to_move(state) == 0 and g.result(state) is None


@given(st.integers(0, 2**64 - 1), st.booleans())
@settings(max_examples=40, deadline=None)
def test_a_puzzle_s_solution_brings_a_piece_home_a_move_and_none_is_shorter(seed: int, long_jumps: bool) -> None:
    options = {"players": 1, "puzzle": True, "long_jumps": long_jumps}
    state = g.start(options, seed)
    solution = g.puzzle_solution(options, seed)
    out = 10 - home(state)
    assert len(solution) == out and out in (3, 4, 5)  # a move brings one piece home at most: no shorter solution
    for move in solution:
        before = home(state)
        state = g.apply(state, move)
        assert home(state) == before + 1
    assert g.result(state) is not None and state.finished == (0,)


def test_the_day_s_puzzle_is_the_same_on_every_run_and_differs_from_the_next_day_s() -> None:
    seed = day_seed(DAY)
    assert g.daily_options(seed) == {"players": 1, "puzzle": True, "long_jumps": False}
    assert home_puzzle(seed, False) == home_puzzle(seed, False)
    assert g.daily_par(seed) == 4
    assert [g.action_to_text(mv) for mv in g.puzzle_solution(g.daily_options(seed), seed)] == [
        "89-91-111",
        "79-102-115",
        "90-112-114",
        "103-112",
    ]
    nxt = day_seed("2026-12-09")
    assert g.daily_options(nxt)["long_jumps"] is True
    assert home_puzzle(nxt, True)[0] != home_puzzle(seed, False)[0]


def test_the_computer_plays_alone_and_brings_its_pieces_home() -> None:
    state = g.start({"players": 1, "long_jumps": True}, 0)
    plies = 0
    while state.to_move is not None and plies < 80:
        state = g.apply(state, ai.best_move(state, "easy"))
        plies += 1
    assert state.finished == (0,)


def test_opening_the_day_s_puzzle_knows_its_par_and_the_end_shows_the_best_solution_and_the_result() -> None:
    model, _ = update(Model(today=DAY), m.RouteChanged("#/daily/chinese-checkers", DAY))
    slot = Slot("chinese-checkers")
    match = model.matches[slot]
    assert match.daily == Daily(DAY, 1, 4) and match.options["puzzle"] is True
    banner = view(model).find_all(lambda el: el.attrs.get("class") == "daily-banner")[0].text()
    assert banner == (
        "Today's puzzle, 2026-12-07. Bring every piece home in as few moves as you can: it can be done in 4 moves. "
        "Your first game of the day counts."
    )
    # One wasted move, then the solution.
    wasted = next(mv for mv in g.legal_moves(match.state) if mv.end not in g.goal_holes(match.state, 0))
    back = g.Move(tuple(reversed(wasted.path)))
    over = match.play_all([wasted, back, *g.puzzle_solution(match.options, match.seed)])
    text = table.solo_share(Model(address="https://example.org/"), over, T)
    assert text is not None
    title, score, marks, link = text.split("\n")
    assert (title, score) == ("Étoile · Chinese checkers puzzle of 2026-12-07", "6 moves · best solution 4 (+2)")
    assert marks == "🟥🟥🟩🟩🟩🟩"
    assert link.startswith("https://example.org/#/link/1.watch.")
    panel = table.solo_panel(Model(), over, T)
    assert panel is not None
    assert "The best solution the app knows takes 4 moves: 2 moves fewer than you." in panel.text()
    assert table.solo_title(over, T) == "Home in 6 moves"


def test_the_crossing_set_up_for_one_player_says_how_few_moves_the_app_needs() -> None:
    match = Match.new(g, {"players": 1}, 5, (Seat("Ann"),))
    banner = table.solo_banner(match, T)
    assert banner is not None
    assert f"The best the app knows takes {len(crossing()[False])} moves." in banner.text()


def test_a_game_alone_is_set_up_for_a_player_here_or_the_computer() -> None:
    model = Model(route=Route("setup", "chinese-checkers"))
    model, _ = update(model, m.SetupSeatKind(0, "friend", "chinese-checkers"))
    assert model.setups["chinese-checkers"].seats[0].away
    model, _ = update(model, m.SetupPlayers(1, "chinese-checkers"))
    setup = model.setups["chinese-checkers"]
    assert setup.kinds == ("person", "computer") and not setup.seats[0].away
    model, _ = update(model, m.SetupSeatKind(0, "device", "chinese-checkers"))
    assert not model.setups["chinese-checkers"].seats[0].device
    offered = view(model).find_all(lambda el: el.tag == "option" and el.attrs.get("value") in ("device", "friend"))
    assert offered == []
    model, _ = update(model, m.SetupStart(5, "chinese-checkers"))
    assert model.matches[Slot("chinese-checkers")].options["players"] == 1
