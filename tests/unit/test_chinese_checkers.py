"""Chinese checkers: every rule of its rules page on hand-built positions, and random play."""

import doctest
import json
import random
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from etoile.engine.game import IllegalAction, Outcome, token
from etoile.engine.match import Match
from etoile.engine.registry import REGISTRY
from etoile.games.chinese_checkers import board
from etoile.games.chinese_checkers import rules as cc
from etoile.games.chinese_checkers.endings import blocked_for_good, distance
from etoile.games.chinese_checkers.state import in_play
from etoile.games.chinese_checkers.table import HOLES, PALETTE, camp_colour
from etoile.games.chinese_checkers.text import from_cells, to_cells
from etoile.ui.i18n import strings

SEATINGS = [(2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (2, 2), (2, 3), (3, 2)]


def cells(pieces: dict[int, int | str]) -> str:
    """A position's cells from ``{hole: seat}`` (or ``{hole: camp letter}`` with several camps)."""
    text = ["."] * 121
    for hole, seat in pieces.items():
        text[hole] = str(seat)
    return "".join(text)


def position(pieces: dict[int, int | str], players: int = 2, to_move: int = 0, **options: object) -> cc.State:
    return from_cells(cells(pieces), players, to_move, **options)  # type: ignore[arg-type]


def paths(state: cc.State, hole: int) -> dict[int, tuple[int, ...]]:
    return {end: move.path for end, move in cc.destinations(state, hole).items()}


# Seat 1 pieces parked in its own start branch D, so that it has pieces and moves.
PARKED = {118: 1, 119: 1, 120: 1}


# --- The board ----------------------------------------------------------------------------------


def test_the_board_has_121_holes_in_rows_of_the_star() -> None:
    assert len(HOLES) == 121 == len(board.GRID)
    rows = [sum(1 for _, row in board.GRID if row == r) for r in range(17)]
    assert rows == [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
    # Numbered row by row from the top, left to right.
    assert tuple(sorted(board.GRID, key=lambda p: (p[1], p[0]))) == board.GRID


def test_six_branches_of_ten_holes_and_a_centre_of_61() -> None:
    assert {b: len(h) for b, h in cc.BRANCH_HOLES.items()} == dict.fromkeys("ABCDEF", 10)
    assert len(board.CENTRE) == 61
    assert {
        "A": tuple(range(10)),
        "B": (19, 20, 21, 22, 32, 33, 34, 44, 45, 55),
        "C": (74, 84, 85, 95, 96, 97, 107, 108, 109, 110),
        "D": tuple(range(111, 121)),
        "E": (65, 75, 76, 86, 87, 88, 98, 99, 100, 101),
        "F": (10, 11, 12, 13, 23, 24, 25, 35, 36, 46),
    } == cc.BRANCH_HOLES
    assert cc.TIPS == {"A": 0, "B": 22, "C": 110, "D": 120, "E": 98, "F": 10}
    assert [cc.branch(h) for h in (0, 22, 60, 110, 98, 46)] == ["A", "B", None, "C", "E", "F"]


def test_neighbours_are_mutual_and_one_apart_on_the_lattice() -> None:
    for hole in range(121):
        for other in cc.neighbours(hole):
            assert hole in cc.neighbours(other)
            (x1, y1), (x2, y2) = HOLES[hole], HOLES[other]
            assert abs((x1 - x2) ** 2 + (y1 - y2) ** 2 - 1) < 1e-9
    assert len(cc.neighbours(60)) == 6 and cc.neighbours(0) == (1, 2)


def test_each_branch_faces_its_opposite_through_the_centre() -> None:
    assert board.OPPOSITE == {"A": "D", "B": "E", "C": "F", "D": "A", "E": "B", "F": "C"}
    for b, o in board.OPPOSITE.items():
        (x1, y1), (x2, y2) = HOLES[cc.TIPS[b]], HOLES[cc.TIPS[o]]
        assert abs(x1 + x2) < 1e-9 and abs(y1 + y2) < 1e-9


# --- Seats and camps ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "camps", "starts"),
    [
        (2, 1, ["A", "D"]),
        (3, 1, ["A", "C", "E"]),
        (4, 1, ["A", "B", "D", "E"]),
        (5, 1, ["A", "B", "C", "D", "E"]),
        (6, 1, ["A", "B", "C", "D", "E", "F"]),
        (2, 2, ["AB", "DE"]),
        (2, 3, ["ABC", "DEF"]),
        (3, 2, ["AB", "CD", "EF"]),
    ],
)
def test_each_seating_fills_its_start_branches_and_aims_at_the_opposite_ones(players: int, camps: int, starts: list[str]) -> None:
    state = cc.new_game(players, camps=camps)
    goals = ["".join(board.OPPOSITE[b] for b in seat) for seat in starts]
    assert ["".join(cc.starts(state, s)) for s in range(players)] == starts
    assert ["".join(cc.goals(state, s)) for s in range(players)] == goals
    for seat in range(players):
        assert cc.pieces(state, seat) == cc.start_holes(state, seat)
        assert len(cc.pieces(state, seat)) == 10 * camps
        assert len(cc.goal_holes(state, seat)) == 10 * camps
    assert cc.to_move(state) == 0
    assert state.board.count(0) == 121 - 10 * camps * players


def test_seats_have_the_colour_of_their_first_branch() -> None:
    def first_camp_colour(state: cc.State, seat: int) -> int:
        return camp_colour(cc.starts(state, seat)[0])

    assert [PALETTE[first_camp_colour(cc.new_game(2), s)][0] for s in range(2)] == ["red", "blue"]
    assert [first_camp_colour(cc.new_game(6), s) for s in range(6)] == [0, 1, 2, 3, 4, 5]
    assert [first_camp_colour(cc.new_game(3, camps=2), s) for s in range(3)] == [0, 2, 4]


def test_play_goes_round_the_seats_in_order() -> None:
    state = cc.new_game(3)
    seen = []
    for _ in range(6):
        seen.append(state.to_move)
        state = cc.apply(state, cc.legal_moves(state)[0])
    assert seen == [0, 1, 2, 0, 1, 2]


def test_with_several_camps_a_turn_moves_one_piece_of_any_camp() -> None:
    moves = cc.legal_moves(cc.new_game(2, camps=2))
    assert {cc.branch(m.start) for m in moves} == {"A", "B"}


# --- Moves --------------------------------------------------------------------------------------


@pytest.mark.parametrize("long_jumps", [False, True])
def test_the_first_player_has_exactly_14_moves_at_the_start_of_a_two_player_game(long_jumps: bool) -> None:
    moves = cc.legal_moves(cc.new_game(2, long_jumps=long_jumps))
    assert [cc.action_to_text(m) for m in moves] == [
        "3-14", "3-16", "4-15", "4-17", "5-16", "5-18",
        "6-14", "6-15", "7-15", "7-16", "8-16", "8-17", "9-17", "9-18",
    ]  # fmt: skip


def test_a_lone_piece_steps_to_its_six_neighbours() -> None:
    assert paths(position({60: 0, **PARKED}), 60) == {n: (60, n) for n in (50, 51, 59, 61, 69, 70)}


def test_jumps_chain_and_change_direction_and_may_stop_anywhere() -> None:
    # 60 jumps right over 61 to 62, then down-right over 72 to 83.
    state = position({60: 0, 61: 1, 72: 1, **PARKED})
    found = paths(state, 60)
    assert found[62] == (60, 62)
    assert found[83] == (60, 62, 83)
    assert set(found) == {50, 51, 59, 69, 70, 62, 83}
    after = cc.apply(state, cc.action_from_text("60-62-83"))
    assert cc.piece(after, 83) == 0 and cc.piece(after, 60) is None
    assert cc.piece(after, 61) == 1 and cc.piece(after, 72) == 1  # nothing is captured


def test_a_step_ends_the_move() -> None:
    state = position({60: 0, 58: 1, **PARKED})
    with pytest.raises(IllegalAction, match="59 is a step: a step is a whole move"):
        cc.apply(state, cc.Move((60, 59, 57)))


def test_a_chain_never_visits_a_hole_twice_and_never_ends_where_it_started() -> None:
    # A ring of jumps 60-62-81-79-60 round the pieces on 61, 71, 80 and 69.
    state = position({60: 0, 61: 1, 71: 1, 80: 1, 69: 1, **PARKED})
    found = paths(state, 60)
    assert 60 not in found
    assert found[79] == (60, 79)  # the shortest path wins
    assert found[81] == (60, 62, 81)
    with pytest.raises(IllegalAction, match="visits hole 60 twice"):
        cc.apply(state, cc.Move((60, 62, 81, 79, 60)))
    with pytest.raises(IllegalAction, match="visits hole 62 twice"):
        cc.apply(state, cc.Move((60, 62, 81, 62)))
    assert cc.apply(state, cc.Move((60, 62, 81, 79))).board[79] == 1


def test_a_chain_may_pass_through_a_foreign_branch_but_never_stop_there() -> None:
    # 53 jumps over 54 into branch B (55), foreign to seat 0 (A to D), then over 64 out to 73.
    state = position({53: 0, 54: 1, 64: 1, **PARKED})
    found = paths(state, 53)
    assert found[73] == (53, 55, 73)
    assert 55 not in found
    with pytest.raises(IllegalAction, match=r"may not end in branch B \(hole 55\)"):
        cc.apply(state, cc.Move((53, 55)))


def test_a_piece_may_end_in_its_start_and_goal_branches() -> None:
    state = position({16: 0, 104: 0, **PARKED})
    assert {7, 8} <= set(paths(state, 16))  # back into A, its start
    assert {112, 113} <= set(paths(state, 104))  # into D, its goal


def test_several_camps_allow_every_start_and_goal_branch() -> None:
    # Two players with three camps: seat 0 (A+B+C to D+E+F) may stop everywhere.
    state = position({53: "A", 54: "D"}, camps=3)
    assert 55 in paths(state, 53)
    # Three players with two camps: seat 0 (A+B to D+E) may not stop in C or F.
    state = position({73: "A", 63: "E"}, players=3, camps=2)
    assert set(cc.destinations(state, 73)) == {53, 64, 72, 83}  # not 74 nor 84, in C


def test_long_jumps_go_over_one_distant_piece_to_the_same_distance_beyond() -> None:
    # 60 and a pivot on 62: without long jumps nothing; with them, land on 64.
    pieces = {60: 0, 62: 1, **PARKED}
    assert 64 not in paths(position(pieces), 60)
    assert paths(position(pieces, long_jumps=True), 60)[64] == (60, 64)
    with pytest.raises(IllegalAction, match=r"long jump \(over hole 62\), and long jumps are off"):
        cc.apply(position(pieces), cc.Move((60, 64)))


def test_long_jumps_need_every_other_hole_on_the_way_free() -> None:
    assert 64 not in paths(position({60: 0, 62: 1, 63: 1, **PARKED}, long_jumps=True), 60)
    assert 64 not in paths(position({60: 0, 61: 1, 62: 1, **PARKED}, long_jumps=True), 60)
    with pytest.raises(IllegalAction, match=r"jumps over more than one piece \(holes 62, 63\): never allowed"):
        cc.apply(position({60: 0, 62: 1, 63: 1, **PARKED}, long_jumps=True), cc.Move((60, 64)))
    with pytest.raises(IllegalAction, match="lands on hole 64, which is taken"):
        cc.apply(position({60: 0, 62: 1, 64: 1, **PARKED}, long_jumps=True), cc.Move((60, 64)))


def test_long_and_ordinary_jumps_mix_in_one_chain() -> None:
    # A long jump 60-64 over 62, then an ordinary jump 64-83 over 73.
    state = position({60: 0, 62: 1, 73: 1, **PARKED}, long_jumps=True)
    assert paths(state, 60)[83] == (60, 64, 83)


def test_long_jumps_do_not_change_ordinary_jumps() -> None:
    pieces = {60: 0, 61: 1, 72: 1, **PARKED}
    short, long = paths(position(pieces), 60), paths(position(pieces, long_jumps=True), 60)
    assert all(long[end] == path for end, path in short.items())


@pytest.mark.parametrize(
    ("pieces", "move", "message"),
    [
        ({60: 0}, "59-58", "seat 0 has no piece on hole 59: it is free"),
        ({60: 0, 61: 1}, "61-62", "seat 0 has no piece on hole 61: it holds a piece of seat 1"),
        ({60: 0, 61: 1}, "60-61", "60-61 steps onto hole 61, which is taken"),
        ({60: 0}, "60-71", "60-71 is neither a step nor a jump"),
        ({60: 0}, "60-63", "60-63 is neither a step nor a jump"),
        ({60: 0}, "60-62", "60-62 jumps over hole 61, which is free"),
        ({60: 0, 61: 1, 62: 1}, "60-62", "60-62 lands on hole 62, which is taken"),
        ({60: 0, 61: 1}, "60-62-60", "visits hole 60 twice"),
        ({60: 0}, "pass", "seat 0 can move, so may not pass"),
    ],
)
def test_illegal_moves_are_refused_with_the_reason(pieces: dict[int, int], move: str, message: str) -> None:
    state = position({**pieces, **PARKED})
    with pytest.raises(IllegalAction, match=message):
        cc.apply(state, cc.action_from_text(move))


def test_only_moves_are_moves() -> None:
    with pytest.raises(IllegalAction, match="not a Chinese checkers move"):
        cc.apply(cc.new_game(2), "7-15")  # type: ignore[arg-type]
    for bad in [(5,), (1, 121), (1, -1), [7, 15], (True, 2)]:
        with pytest.raises(ValueError, match="a move"):
            cc.Move(bad)  # type: ignore[arg-type]


def test_move_notation() -> None:
    assert cc.action_to_text(cc.Move((12, 23, 34))) == "12-23-34"
    assert cc.action_from_text("12-23-34") == cc.Move((12, 23, 34))
    assert cc.action_from_text("pass") == cc.PASS and cc.action_to_text(cc.PASS) == "pass"
    for bad in ["", "7", "7-", "7--15", "07-15", "7-15a", "7 - 15", "-1-2", "7-121", "٣-14"]:
        with pytest.raises(ValueError):
            cc.action_from_text(bad)


def test_destinations_match_the_legal_moves() -> None:
    state = cc.new_game(2)
    for _ in range(6):
        state = cc.apply(state, cc.legal_moves(state)[-1])
    seat = state.to_move
    assert seat is not None
    by_destinations = {m for h in cc.pieces(state, seat) for m in cc.destinations(state, h).values()}
    assert by_destinations == set(cc.legal_moves(state))
    assert cc.destinations(state, 60) == {}  # a free hole


# --- Blocked for good, passing, the end --------------------------------------------------------


def test_a_piece_blocked_for_good_in_its_start_branch_eliminates_its_player() -> None:
    # Seat 0's last piece in A sits on the tip 0; seat 1's pieces in A (their goal) hold 1, 2 and 3.
    # It can still jump over 2 to 5, until seat 1 steps 9-5: then it is blocked for good.
    state = position({0: 0, 60: 0, 1: 1, 2: 1, 3: 1, 9: 1, **PARKED}, to_move=1)
    assert blocked_for_good(state) == ()
    after = cc.apply(state, cc.action_from_text("9-5"))
    assert after.eliminated == ((0,),)
    assert cc.pieces(after, 0) == ()  # all their pieces leave the board
    assert cc.to_move(after) is None  # one player remains: the winner
    assert cc.result(after) == Outcome(((1,), (0,)))


def test_pieces_that_only_wall_each_other_in_are_blocked_for_good_together() -> None:
    # Seat 0 on 0 and 1, walled in by seat 1 in A; the last gap (8, where 1 could jump) closes.
    pieces = {0: 0, 1: 0, 60: 0, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 17: 1, **PARKED}
    state = position(pieces, to_move=1)
    assert blocked_for_good(state) == ()
    after = cc.apply(state, cc.action_from_text("17-8"))
    assert after.eliminated == ((0,),)


def test_a_stuck_piece_outside_its_start_branch_or_next_to_a_free_path_is_not_blocked() -> None:
    ring = {n: 1 for n in (50, 51, 59, 61, 69, 70, 39, 41, 58, 62, 79, 81)}
    assert blocked_for_good(position({60: 0, **ring, **PARKED})) == ()
    # In its start branch but next to a piece that is not in its goal.
    assert blocked_for_good(position({0: 0, 1: 1, 2: 0, 3: 1, 5: 1, 60: 0, **PARKED})) == ()


def test_elimination_in_a_bigger_game_lets_the_others_play_on() -> None:
    # Three players A, C, E (goals D, F, B): seat 1 (C to F) fills F round seat 0? No: build it in
    # four players A, B, D, E, where seat 2 (D) goes to A and can wall in a piece of seat 0.
    pieces = {0: 0, 60: 0, 1: 2, 2: 2, 3: 2, 9: 2, 22: 1, 98: 3, 118: 2}
    state = position(pieces, players=4, to_move=2)
    after = cc.apply(state, cc.action_from_text("9-5"))
    assert after.eliminated == ((0,),)
    assert cc.to_move(after) == 3
    assert in_play(after) == (1, 2, 3)


def test_a_player_with_no_move_passes() -> None:
    ring = {n: 1 for n in (50, 51, 59, 61, 69, 70, 39, 41, 58, 62, 79, 81)}
    state = position({60: 0, **ring, **PARKED})
    assert cc.legal_moves(state) == [cc.PASS]
    after = cc.apply(state, cc.PASS)
    assert after.to_move == 1 and after.turns == (1, 0) and after.passes == 1
    assert after.last == (cc.PASS, None)
    assert cc.result(after) is None


def test_the_first_player_with_every_piece_home_wins() -> None:
    home = {h: 0 for h in range(112, 121)}
    state = position({**home, 102: 0, 60: 1})
    assert state.to_move == 0
    after = cc.apply(state, cc.action_from_text("102-111"))
    assert after.finished == (0,)
    assert cc.to_move(after) is None and cc.legal_moves(after) == []
    assert cc.result(after) == Outcome(((0,), (1,)))
    with pytest.raises(IllegalAction, match="the game is over"):
        cc.apply(after, cc.PASS)


def near_finish(rank_all: bool) -> cc.State:
    """Three players: seat 0 one step from home (102-111), seat 1 too (47-46), seat 2 at its start."""
    pieces = {h: 0 for h in range(112, 121)} | {102: 0}
    pieces |= {h: 1 for h in (10, 11, 12, 13, 23, 24, 25, 35, 36, 47)}
    pieces |= {h: 2 for h in cc.BRANCH_HOLES["E"]}
    return position(pieces, players=3, rank_all=rank_all)


def test_without_rank_all_the_game_ends_with_the_first_winner() -> None:
    after = cc.apply(near_finish(False), cc.action_from_text("102-111"))
    assert cc.result(after) == Outcome(((0,), (1, 2)))


def test_rank_all_plays_on_and_skips_finished_players() -> None:
    state = cc.apply(near_finish(True), cc.action_from_text("102-111"))
    assert cc.result(state) is None and state.to_move == 1
    state = cc.apply(state, cc.action_from_text("13-26"))  # seat 1 does not finish yet
    state = cc.apply(state, cc.legal_moves(state)[0])
    assert state.to_move == 1  # seat 0, finished, is skipped
    state = cc.apply(state, cc.action_from_text("26-13"))
    state = cc.apply(state, cc.legal_moves(state)[0])
    state = cc.apply(state, cc.action_from_text("47-46"))
    assert cc.result(state) == Outcome(((0,), (1,), (2,)))


def test_the_move_limit_ranks_by_distance_to_the_goal() -> None:
    state = cc.new_game(2, move_limit=1)
    state = cc.apply(state, cc.action_from_text("3-16"))  # a jump: 2 nearer
    assert cc.result(state) is None
    state = cc.apply(state, cc.action_from_text("113-105"))  # a step: 1 nearer
    assert (distance(state, 0), distance(state, 1)) == (118, 119)
    assert cc.to_move(state) is None
    assert cc.result(state) == Outcome(((0,), (1,)))


def test_equal_distances_share_a_place_at_the_move_limit() -> None:
    state = cc.new_game(2, move_limit=1)
    state = cc.apply(cc.apply(state, cc.action_from_text("7-15")), cc.action_from_text("113-105"))
    assert cc.result(state) == Outcome(((0, 1),))


def test_distance_counts_hex_steps_to_each_camps_goal_tip_from_a_full_goal() -> None:
    assert distance(cc.new_game(2), 0) == 140 - 20  # 20 is a full goal: 0 + 2 * 1 + 3 * 2 + 4 * 3
    home = from_cells(cells(dict.fromkeys(range(111, 121), 0) | {0: 1}), 2)
    assert distance(home, 0) == 0
    near = from_cells(cells(dict.fromkeys(range(112, 121), 0) | {104: 0, 0: 1}), 2)
    assert distance(near, 0) == 4 - 3  # the piece on 104 is one step from 111, the last free hole of D
    # With two camps, each piece goes to its own camp's goal: camp A is home in D (0), the camp B piece next
    # to D counts its distance to E's tip (6 from hole 104), not to D's; a camp A piece in E counts to D's tip.
    two = from_cells(cells(dict.fromkeys(range(111, 121), "A") | {104: "B", 0: "D"}), 2, camps=2)
    assert distance(two, 0) == 6
    wrong = from_cells(cells(dict.fromkeys(range(111, 120), "A") | {98: "A", 120: "B", 0: "D"}), 2, camps=2)
    assert distance(wrong, 0) == (sum(board.DISTANCE[h][120] for h in (*range(111, 120), 98)) - 20) + board.DISTANCE[120][98]


# --- Positions and JSON -------------------------------------------------------------------------


def test_cells_round_trip_and_say_who_stands_where() -> None:
    state = cc.new_game(3)
    text = to_cells(state)
    assert text[:10] == "0" * 10 and text.count("1") == 10 and text.count(".") == 91
    assert to_cells(from_cells(text, 3)) == text
    assert from_cells(text, 3) == state


@pytest.mark.parametrize(
    ("text", "players", "to_move", "message"),
    [
        ("." * 120, 2, 0, "121 characters"),
        ("2" + "." * 119 + "1", 2, 0, "not '2'"),
        ("x" + "." * 119 + "1", 2, 0, "not 'x'"),
        ("0" + "." * 119 + "1", 2, 2, "to_move must be a seat"),
        ("0" + "." * 119 + "1", 7, 0, "1 to 6 players"),
    ],
)
def test_bad_cells_are_refused(text: str, players: int, to_move: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        from_cells(text, players, to_move)


def test_a_seat_without_pieces_is_out_and_the_turn_passes_on() -> None:
    state = from_cells(cells({60: 0, 20: 1, 100: 2}), 4, to_move=3)
    assert state.eliminated == ((3,),)
    assert state.to_move == 0


def test_start_reads_the_setup_options() -> None:
    state = cc.start({"players": 3, "camps": 2, "long_jumps": True, "rank_all": True, "move_limit": 40}, seed=7)
    assert (state.players, state.camps, state.long_jumps, state.rank_all, state.move_limit) == (3, 2, True, True, 40)
    assert cc.start({}, seed=1) == cc.new_game(2)
    assert REGISTRY["chinese-checkers"] is cc


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 7}, "1 to 6 players"),
        ({"players": 0}, "1 to 6 players"),
        ({"players": "2"}, "for 1 to 6 players, not '2'"),
        ({"players": True}, "for 1 to 6 players, not True"),
        ({"players": 4, "camps": 2}, "option camps must be 1, not 2"),
        ({"players": 3, "camps": 3}, "option camps must be 1 or 2, not 3"),
        ({"camps": 0}, "option camps must be 1 or 2 or 3, not 0"),
        ({"long_jumps": "yes"}, "option long_jumps must be false or true, not yes"),
        ({"rank_all": 1}, "option rank_all must be false or true, not 1"),
        ({"move_limit": 0}, "option move_limit must be null or 20 or 30 or 40 or 60, not 0"),
        ({"move_limit": 25}, "option move_limit must be null or 20 or 30 or 40 or 60, not 25"),
        ({"colour": "red"}, "unknown chinese-checkers option"),
    ],
)
def test_bad_options_are_refused(options: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        cc.start(options, seed=0)


def test_state_json_is_plain_and_round_trips() -> None:
    state = cc.new_game(2, long_jumps=True, move_limit=30)
    state = cc.apply(cc.apply(state, cc.action_from_text("7-15")), cc.action_from_text("113-105"))
    data = cc.state_to_json(state)
    assert data == {
        "players": 2,
        "camps": 1,
        "long_jumps": True,
        "rank_all": False,
        "move_limit": 30,
        "spoiling": True,
        "edition": 2,
        "cells": to_cells(state),
        "to_move": 0,
        "turns": [1, 1],
        "passes": 0,
        "lowest": [119, 119],
        "quiet": 0,
        "finished": [],
        "eliminated": [],
        "last": ["7-15", "113-105"],
    }
    assert cc.state_from_json(json.loads(json.dumps(data))) == state


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"cells": "."}, "121 characters"),
        ({"to_move": 5}, "to_move must be"),
        ({"turns": [1]}, "one entry per seat"),
        ({"eliminated": [[0]]}, "eliminated seat still has pieces"),
        ({"finished": [1, 1]}, "twice"),
        ({"last": ["7-15", "x"]}, "not a move"),
        ({"camps": 5}, "no seating"),
    ],
)
def test_a_bad_state_is_refused(change: dict, message: str) -> None:
    data = cc.state_to_json(cc.apply(cc.new_game(2), cc.action_from_text("7-15"))) | change
    with pytest.raises(ValueError, match=message):
        cc.state_from_json(data)
    with pytest.raises(ValueError, match="keys"):
        cc.state_from_json({"players": 2})


def test_actions_are_their_notation_in_json() -> None:
    move = cc.Move((3, 14))
    assert cc.action_to_json(move) == "3-14"
    assert cc.action_from_json("3-14") == move
    assert cc.action_from_json("pass") == cc.PASS


def test_a_saved_match_replays() -> None:
    match = Match.new(cc, {"players": 2, "long_jumps": True}, seed=0)
    for _ in range(8):
        match = match.play(cc.legal_moves(match.state)[-1])
    again = Match.from_json(json.loads(json.dumps(match.to_json())), {cc.ID: cc})
    assert again.state == match.state


def test_the_docstring_examples_hold() -> None:
    for module in (cc, board):
        assert doctest.testmod(module).failed == 0


# --- Random play --------------------------------------------------------------------------------

DIRECTIONS = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))


def check_path(state: cc.State, move: cc.Move) -> None:
    """Check a move step by step from the grid coordinates alone (independently of the engine's tables)."""
    seat = state.to_move
    assert seat is not None
    free = set(range(121)) - {h for h in range(121) if state.board[h]}
    path = move.path
    assert state.board[path[0]] == seat + 1
    free.add(path[0])
    assert len(set(path)) == len(path)
    for a, b in pairwise(path):
        (xa, ya), (xb, yb) = board.GRID[a], board.GRID[b]
        (dx, dy), k = next((d, k) for d in DIRECTIONS for k in range(1, 17) if (xa + k * d[0], ya + k * d[1]) == (xb, yb))
        line = [board.INDEX[xa + i * dx, ya + i * dy] for i in range(1, k)]
        if k == 1:
            assert len(path) == 2 and b in free
            continue
        assert k % 2 == 0 and b in free
        assert k == 2 or state.long_jumps
        occupied = [h for h in line if h not in free]
        assert occupied == [line[k // 2 - 1]]
    branch = cc.branch(path[-1])
    assert branch is None or branch in cc.starts(state, seat) + cc.goals(state, seat)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(SEATINGS), st.booleans(), st.integers(0, 2**32))
def test_random_legal_play_keeps_the_pieces_and_the_json(seating: tuple[int, int], long_jumps: bool, seed: int) -> None:
    players, camps = seating
    rnd = random.Random(seed)
    state = cc.new_game(players, camps=camps, long_jumps=long_jumps)
    for _ in range(60):
        if state.to_move is None:
            break
        moves = cc.legal_moves(state)
        assert moves
        move = rnd.choice(moves)
        if move.path:
            check_path(state, move)
        state = cc.apply(state, move)
        out = {s for group in state.eliminated for s in group}
        for seat in range(players):
            assert len(cc.pieces(state, seat)) == (0 if seat in out else 10 * camps)
    assert sum(1 for v in state.board if v) == sum(len(cc.pieces(state, s)) for s in range(players))
    assert cc.state_from_json(json.loads(json.dumps(cc.state_to_json(state)))) == state
    again = from_cells(to_cells(state), players, state.to_move or 0, long_jumps=long_jumps, camps=camps)
    assert again.board == state.board


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_every_colour_branch_level_and_option_value_has_a_name(lang: str) -> None:
    table = strings(lang)
    keys = [f"chinese_checkers.colour.{name}" for name, _ in PALETTE]
    keys += [f"chinese_checkers.branch.{b.lower()}" for b in cc.BRANCHES]
    keys += [f"chinese_checkers.level.{level}" for level in cc.DESCRIPTION.levels]
    keys += [f"chinese_checkers.option.camps.{c}" for c in cc.CAMPS]
    keys += [f"chinese_checkers.option.move_limit.{token(n)}" for n in cc.MOVE_LIMITS]
    keys += [f"chinese_checkers.option.{o}.{token(v)}" for o in ("long_jumps", "rank_all", "spoiling") for v in (False, True)]
    assert [k for k in keys if not str(table.get(k, "")).strip()] == []


def test_when_nobody_can_move_the_game_ends_ranked_by_distance() -> None:
    # A full board: seat 0 in A and the centre, seat 1 everywhere else. Nobody can move.
    full = {h: 0 if cc.branch(h) in ("A", None) else 1 for h in range(121)}
    state = position(full)
    assert cc.legal_moves(state) == [cc.PASS]
    state = cc.apply(state, cc.PASS)
    assert state.to_move == 1 and cc.result(state) is None
    state = cc.apply(state, cc.PASS)
    assert state.to_move is None
    assert distance(state, 1) < distance(state, 0)
    assert cc.result(state) == Outcome(((1,), (0,)))
