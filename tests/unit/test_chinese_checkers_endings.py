"""Chinese checkers rules that always finish: camps that keep their own pieces, blocked for good, spoiling, 30 quiet rounds.

Each of these rules of the rules page on a hand-built position, with its
near misses; then random and computer games from every seating, which must all
end and never call a camp home with another camp's pieces.
"""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from etoile.engine.game import Outcome
from etoile.engine.match import Match, Seat
from etoile.games.chinese_checkers import ai
from etoile.games.chinese_checkers import rules as cc
from etoile.games.chinese_checkers.board import BRANCH_HOLES, DISTANCE, OPPOSITE, SEATINGS
from etoile.games.chinese_checkers.endings import QUIET_ROUNDS, blocked_for_good, camp_home, distance, ending, quiet_rounds
from etoile.games.chinese_checkers.state import in_play
from etoile.games.chinese_checkers.text import from_cells, to_cells

A, D, E = BRANCH_HOLES["A"], BRANCH_HOLES["D"], BRANCH_HOLES["E"]


def cells(pieces: dict[int, int | str]) -> str:
    text = ["."] * 121
    for hole, who in pieces.items():
        text[hole] = str(who)
    return "".join(text)


def play(state: cc.State, *moves: str) -> cc.State:
    for move in moves:
        state = cc.apply(state, cc.action_from_text(move))
    return state


# --- Several camps: each camp keeps its own pieces -------------------------------------------------


def test_each_camps_pieces_start_in_its_branch_and_keep_its_name_as_they_move() -> None:
    state = cc.new_game(2, camps=2)
    assert {b: {cc.camp(state, h) for h in BRANCH_HOLES[b]} for b in "ABDE"} == {b: {b} for b in "ABDE"}
    assert to_cells(state) == cells({h: b for b in "ABDE" for h in BRANCH_HOLES[b]})
    assert from_cells(to_cells(state), 2, camps=2) == state
    move = next(m for m in cc.legal_moves(state) if cc.camp(state, m.start) == "B")
    after = cc.apply(state, move)
    assert (cc.camp(after, move.start), cc.camp(after, move.end)) == (None, "B")
    assert cc.state_from_json(json.loads(json.dumps(cc.state_to_json(after)))) == after


def test_with_several_camps_the_position_text_names_camps_not_seats() -> None:
    with pytest.raises(ValueError, match=r"may hold '\.' and A, B, D, E, not '01'"):
        from_cells(cells({0: 0, 120: 1}), 2, camps=2)
    with pytest.raises(ValueError, match="not 'A'"):
        from_cells(cells({0: "A", 120: 1}), 2)


def test_a_player_with_two_camps_wins_only_with_each_camps_pieces_in_that_camps_goal() -> None:
    # A's pieces in E and B's in D fill both goals: home under the old interchangeable reading, not under the rules.
    crossed = from_cells(cells(dict.fromkeys(E, "A") | dict.fromkeys(D, "B") | {60: "D"}), 2, camps=2)
    assert crossed.finished == () and crossed.to_move == 0
    assert not camp_home(crossed, "A") and not camp_home(crossed, "B")
    assert distance(crossed, 0) == 2 * (sum(DISTANCE[h][120] for h in E) - 20)
    # Near miss: B's pieces are all home, and A's but one, which stands in the centre.
    near = from_cells(cells(dict.fromkeys(D[1:], "A") | dict.fromkeys(E, "B") | {60: "A", 61: "D"}), 2, camps=2)
    assert camp_home(near, "B") and not camp_home(near, "A") and near.finished == ()
    # The right pieces in the right goals: the player has won.
    home = from_cells(cells(dict.fromkeys(D, "A") | dict.fromkeys(E, "B") | {60: "D"}), 2, camps=2)
    assert home.finished == (0,) and cc.result(home) == Outcome(((0,), (1,)))


def test_a_two_camp_game_saved_before_camps_kept_their_pieces_still_loads_as_edition_1() -> None:
    seats = (Seat("Ann"), Seat("Bob"))
    match = Match.new(cc, {"players": 2, "camps": 2}, 1, seats)
    for _ in range(12):
        match = match.play(cc.legal_moves(match.state)[-1])
    old = match.to_json() | {"format": 1}
    old["options"] = {"players": 2, "camps": 2}  # the options a game of the deployed version saved
    loaded = Match.from_json(json.loads(json.dumps(old)))
    assert loaded.options == {"players": 2, "camps": 2, "edition": 1, "spoiling": False}
    assert loaded.state.edition == 1 and not loaded.state.spoiling
    assert loaded.state.board == match.state.board and loaded.cursor == 12
    assert cc.camp(loaded.state, loaded.actions[-1].end) in ("D", "E")  # pieces belong to the camps they started in
    assert Match.from_json(loaded.to_json()).state == loaded.state  # saved again as format 2, with its edition


# --- Blocked for good ---------------------------------------------------------------------------------

ISSUE_POSITION = (
    "0.....0.01.....1............0.1.........00........0..........0.......1..........10......................1..........1110.1"
)


def test_own_movable_pieces_on_the_jump_landings_do_not_wall_a_piece_in() -> None:
    # Seat 1's tip piece on 120: its neighbours 118 and 119 end up held by seat 0 in its goal, but its
    # jump landings 115 and 117 hold seat 1's own pieces, which can move away: nobody is eliminated.
    after = play(from_cells(ISSUE_POSITION, 2), "28-51-71-92-112-119")
    assert after.eliminated == () and after.to_move == 1
    assert blocked_for_good(after) == ()
    # The first edition of the rule (games saved before it changed) did eliminate seat 1.
    legacy = play(from_cells(ISSUE_POSITION, 2, edition=1, spoiling=False), "28-51-71-92-112-119")
    assert legacy.eliminated == ((1,),)


def test_a_piece_walled_in_and_with_every_landing_held_by_settled_opponents_is_blocked_for_good() -> None:
    # Seat 1's last piece at home is on the tip 120; seat 0 holds its neighbours 118, 119 and its landings 115, 117.
    walled = {120: 1, 61: 1, 118: 0, 119: 0, 115: 0, 114: 0, 60: 0}
    state = from_cells(cells(walled), 2)
    assert blocked_for_good(state) == ()  # 117 is still free: 120 can jump there
    after = play(state, "114-117")
    assert blocked_for_good(after) == ()  # eliminated at once: its pieces have left the board
    assert after.eliminated == ((1,),) and cc.result(after) == Outcome(((0,), (1,)))


@pytest.mark.parametrize(
    ("landing", "why"),
    [
        ({117: 1}, "its own piece on a landing can still move away"),
        ({117: 0, 60: 0}, "the opponent's piece on the landing 117 is home, but 115 is its own movable piece"),
    ],
)
def test_near_misses_of_blocked_for_good(landing: dict[int, int], why: str) -> None:
    base = {120: 1, 118: 0, 119: 0, 115: 1 if 60 in landing else 0, 61: 1}
    state = from_cells(cells(base | landing), 2, to_move=1)
    assert blocked_for_good(state) == (), why
    assert state.eliminated == ()


# --- Spoiling ------------------------------------------------------------------------------------------


def spoiled(spoiling: bool) -> cc.State:
    """Seat 1 keeps a piece on 111 in its start branch D; seat 0 has 8 pieces in D and one step to go (103-112)."""
    pieces = dict.fromkeys(D[2:], 0) | {103: 0, 60: 0, D[0]: 1} | dict.fromkeys(A[:9], 1)
    return from_cells(cells(pieces), 2, spoiling=spoiling)


def test_a_full_goal_with_one_of_the_camps_own_pieces_is_home_when_spoiling() -> None:
    after = play(spoiled(True), "103-112")
    assert after.finished == (0,) and cc.result(after) == Outcome(((0,), (1,)))
    assert distance(after, 0) == 0


def test_without_spoiling_the_same_goal_is_not_home() -> None:
    after = play(spoiled(False), "103-112")
    assert after.finished == () and after.to_move == 1
    assert distance(after, 0) == DISTANCE[60][120] - 3  # the piece left outside, one hole short of home


@pytest.mark.parametrize("level", cc.DESCRIPTION.levels)
def test_every_computer_level_fills_a_spoiled_goal_to_win(level: str) -> None:
    state = spoiled(True)
    assert 0 in cc.apply(state, ai.best_move(state, level, nodes=200)).finished


def test_a_player_s_own_move_never_walls_in_its_own_piece() -> None:
    # Seat 1 fills the last landing of its own tip piece: its own pieces can move away, so nothing is blocked.
    state = from_cells(cells({120: 1, 118: 0, 119: 0, 115: 0, 113: 1, 61: 1, 60: 0}), 2, to_move=1)
    after = play(state, "113-117")
    assert after.eliminated == () and blocked_for_good(after) == ()


def test_near_misses_of_spoiling() -> None:
    # A full goal holding none of the camp's pieces is not its home.
    theirs = from_cells(cells(dict.fromkeys(D, 1) | {60: 0}), 2)
    assert not camp_home(theirs, "A")
    # One hole of the goal still free: not home.
    gap = from_cells(cells(dict.fromkeys(D[2:], 0) | {D[0]: 1, 60: 0, 61: 1}), 2)
    assert not camp_home(gap, "A")
    # With two camps, the player's own other camp never fills a camp's goal for it.
    mixed = from_cells(cells(dict.fromkeys(D[1:], "A") | {D[0]: "B", 60: "A", 61: "D"}), 2, camps=2)
    assert not camp_home(mixed, "A")


# --- Every game ends --------------------------------------------------------------------------------

SHUFFLE = ("14-3", "106-117", "3-14", "117-106")


def shuffled(plies: int, edition: int = cc.EDITION) -> cc.State:
    """Both players make one step forward (a new lowest distance each), then step back and forth."""
    state = play(cc.new_game(2, edition=edition, spoiling=edition > 1), "3-14", "117-106")
    for ply in range(plies):
        state = play(state, SHUFFLE[ply % 4])
    return state


def test_thirty_rounds_without_a_new_lowest_distance_end_the_game_ranked_by_distance() -> None:
    assert quiet_rounds(shuffled(0)) == (0, 30)
    almost = shuffled(59)
    assert almost.to_move == 1 and almost.quiet == 59 and quiet_rounds(almost) == (29, 1)
    over = shuffled(60)
    assert over.to_move is None and cc.result(over) == Outcome(((0, 1),))  # equal distances share the place
    assert cc.legal_moves(over) == []


def test_a_new_lowest_distance_starts_the_count_again() -> None:
    state = play(shuffled(40), "4-15")  # seat 0 comes nearer than ever
    assert state.quiet == 0 and state.lowest[0] < 119 and quiet_rounds(state) == (0, 30)
    for ply in range(59):
        state = play(state, ("106-117", "15-4", "117-106", "4-15")[ply % 4])
    assert state.to_move is not None


def test_games_of_the_first_edition_do_not_end_for_quiet_rounds() -> None:
    state = shuffled(200, edition=1)
    assert state.to_move is not None and quiet_rounds(state) == (0, 30)


# --- Every game ends, and no camp is ever home with another camp's pieces ---------------------------------


def check_homes(state: cc.State) -> None:
    """Every finished seat's camps are home by the rules' own definition, counted here afresh."""
    for seat in state.finished:
        for branch in cc.starts(state, seat):
            goal = BRANCH_HOLES[OPPOSITE[branch]]
            own = [h for h in range(121) if cc.camp(state, h) == branch]
            in_goal = [h for h in goal if cc.camp(state, h) == branch]
            spoilt = all(cc.piece(state, h) is not None for h in goal) and all(
                cc.camp(state, h) == branch or cc.piece(state, h) != seat for h in goal
            )
            assert len(in_goal) == len(own) or (state.spoiling and in_goal and spoilt), (seat, branch, to_cells(state))


def finish(state: cc.State, choose) -> int:
    """Play ``state`` to its end with ``choose(state) -> move``, checking the invariants; the number of plies."""
    plies = 0
    while state.to_move is not None:
        state = cc.apply(state, choose(state))
        plies += 1
        check_homes(state)
        # While it goes on (an elimination that ends it may leave more quiet turns than the fewer players' bound).
        assert state.to_move is None or state.quiet <= QUIET_ROUNDS * max(1, len(in_play(state)))
        assert plies <= cc.max_actions({"players": state.players})
    assert cc.result(state) is not None
    return plies


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(SEATINGS)), st.booleans(), st.booleans(), st.integers(0, 2**32))
def test_random_games_from_every_seating_end_and_never_call_a_camp_home_with_another_camps_pieces(
    seating: tuple[int, int], long_jumps: bool, spoiling: bool, seed: int
) -> None:
    rnd = random.Random(seed)
    players, camps = seating
    finish(cc.new_game(players, camps, long_jumps, spoiling=spoiling), lambda state: rnd.choice(cc.legal_moves(state)))


@pytest.mark.parametrize("long_jumps", [False, True])
@pytest.mark.parametrize("seating", sorted(SEATINGS))
def test_computer_games_of_every_level_from_every_seating_end(seating: tuple[int, int], long_jumps: bool) -> None:
    players, camps = seating
    levels = [cc.DESCRIPTION.levels[(seat + players) % 3] for seat in range(players)]

    def computer(state: cc.State) -> cc.Move:
        return ai.best_move(state, levels[state.to_move], nodes=120)

    assert finish(cc.new_game(players, camps, long_jumps), computer) > 0


def keeper(state: cc.State) -> cc.Move:
    """A player that never moves its piece on 111 (in its start branch, the other's goal) and runs the rest home."""
    moves = [m for m in cc.legal_moves(state) if m.start != 111] or cc.legal_moves(state)
    return max(moves, key=lambda m: (DISTANCE[m.start][0] - DISTANCE[m.end][0], -DISTANCE[m.start][0], -m.start, -m.end))


@pytest.mark.parametrize("level", cc.DESCRIPTION.levels)
def test_a_computer_facing_an_opponent_who_keeps_a_piece_in_its_goal_still_wins(level: str) -> None:
    state, plies = cc.new_game(2), 0
    while state.to_move is not None:
        state = cc.apply(state, ai.best_move(state, level, nodes=300) if state.to_move == 0 else keeper(state))
        plies += 1
    assert cc.result(state).winners == (0,) and ending(state) in ("home", "alone")
    assert plies < 300


def test_a_player_home_is_never_eliminated_though_its_pieces_are_walled_in_for_good() -> None:
    """Found by random play (6 players, ranking all): seat 0, home at ply 126's turn, had its goal pieces walled in by
    the others; it was eliminated too and its pieces taken off the board. Now a seat home stays home, pieces and all."""
    rnd, greedy = random.Random(46630), 0.40625
    state = cc.new_game(6, 1, long_jumps=True, rank_all=True, move_limit=None, spoiling=True, edition=2)
    for _ in range(250):
        if state.to_move is None:
            break
        before = state
        moves = cc.legal_moves(state)
        state = cc.apply(state, ai.best_move(state, "easy") if rnd.random() < greedy else rnd.choice(moves))
        gone = {seat for group in state.eliminated for seat in group}
        assert not gone & set(state.finished)
        for seat in before.finished:  # a seat home keeps every piece on the board
            assert sum(cell == seat + 1 for cell in state.board) == sum(cell == seat + 1 for cell in before.board)
    assert 0 in state.finished
