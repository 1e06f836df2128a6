"""The Chinese checkers computer players: legal, greedy when easy, sharp when hard, and they always finish."""

import doctest
from dataclasses import replace

import pytest

from etoile.games.chinese_checkers import ai
from etoile.games.chinese_checkers import rules as cc
from etoile.games.chinese_checkers.text import from_cells

SEATINGS = [(2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (2, 2), (2, 3), (3, 2)]


def position(pieces: dict[int, int], players: int = 2, to_move: int = 0, **options: object) -> cc.State:
    text = ["."] * 121
    for hole, seat in pieces.items():
        text[hole] = str(seat)
    return from_cells("".join(text), players, to_move, **options)  # type: ignore[arg-type]


@pytest.mark.parametrize(("players", "camps"), SEATINGS)
@pytest.mark.parametrize("long_jumps", [False, True])
def test_every_level_plays_a_legal_move_in_every_seating(players: int, camps: int, long_jumps: bool) -> None:
    state = cc.new_game(players, camps=camps, long_jumps=long_jumps)
    for ply in range(2 * players):
        level = ai.DESCRIPTION.levels[ply % len(ai.DESCRIPTION.levels)]
        move = ai.best_move(state, level, nodes=150)
        assert move in cc.legal_moves(state)
        state = cc.apply(state, move)


def test_choose_uses_the_level_budget_and_plays_a_legal_move() -> None:
    state = cc.new_game(2)
    for level in ai.DESCRIPTION.levels:
        assert ai.choose(state, level) in cc.legal_moves(state)


def test_easy_takes_the_largest_gain() -> None:
    # 40 can jump 40-61-82 (4 holes nearer the goal tip) over 51 and 71; 60 can only step (1 nearer).
    state = position({40: 0, 60: 0, 51: 1, 71: 1, 118: 1})
    assert ai.best_move(state, "easy") == cc.Move((40, 61, 82))


def test_beginner_hops_forward_and_overlooks_a_chain_of_jumps() -> None:
    # The chain 40-61-82 gains 4 holes, the single jump 40-61 two: the beginner sees hops only (a step or one jump).
    state = position({40: 0, 60: 0, 51: 1, 71: 1, 118: 1})
    move = ai.best_move(state, "beginner")
    assert len(move.path) == 2 and ai.STEPS["D"][move.end] < ai.STEPS["D"][move.start]
    assert move == ai.best_move(state, "beginner")  # a draw from the position: the same position, the same move


def test_beginner_plays_its_best_hop_most_often_and_sometimes_a_lesser_one() -> None:
    def gain(move: cc.Move) -> int:
        return ai.STEPS["D"][move.start] - ai.STEPS["D"][move.end]

    best_taken = []
    state = cc.new_game(2)
    for _ in range(30):
        best = max(gain(m) for m in cc.legal_moves(state) if len(m.path) == 2)
        move = ai.best_move(state, "beginner")
        best_taken.append(gain(move) == best)
        state = cc.apply(cc.apply(state, move), ai.best_move(cc.apply(state, move), "easy"))
    assert 12 <= sum(best_taken) < 30


def test_easy_does_not_play_back_its_last_move_when_another_is_as_good() -> None:
    # A lone piece on 60 that can only go sideways (59 or 61) or back: 69, 70, 79 and 81 are taken.
    state = position({60: 0, 69: 1, 70: 1, 79: 1, 81: 1, 118: 1})
    assert ai.best_move(state, "easy") == cc.Move((60, 59))
    came_from_59 = replace(state, last=(cc.Move((59, 60)), None))
    assert ai.best_move(came_from_59, "easy") == cc.Move((60, 61))


@pytest.mark.parametrize(
    ("players", "camps", "medium_races"),
    [(2, 1, False), (3, 1, True), (4, 1, True), (5, 1, True), (6, 1, True), (2, 3, False), (3, 2, True)],
)
def test_medium_plans_its_own_moves_only_from_three_players_and_hard_never(players: int, camps: int, medium_races: bool) -> None:
    # Without long jumps, from five players, hard predicts the others instead (the next tests).
    state = cc.new_game(players, camps=camps)
    medium = ai.Search(state, ai.SETTINGS["medium"], None, 100)
    hard = ai.Search(state, ai.SETTINGS["hard"], None, 100)
    assert (medium.race, medium.plans_ahead) == (medium_races, medium_races)
    assert not hard.race and not hard.plans_ahead


def test_a_plan_counts_a_later_gain_at_the_discount() -> None:
    # A lone piece on 60 costs 192 (16 x 8 holes from D's tip + 8 squared); a step nearer costs 161, then 132,
    # then 105: gains of 31, 29 and 27. At the discount of 1/2: 31, 31 + 29/2, 31 + (29 + 27/2)/2, rounded.
    state = position({60: 0, 118: 1})
    search = ai.Search(state, replace(ai.SETTINGS["hard"], own_moves_from=2), None, 10_000)
    assert search.plans_ahead and search.level.discount == 0.5
    assert [search.plan(depth) for depth in range(4)] == [0, 31, 45, 53]
    assert bytes(search.board) == state.board and bytes(search.origin) == state.origin
    undiscounted = ai.Search(state, replace(ai.SETTINGS["hard"], own_moves_from=2, discount=1.0), None, 10_000)
    assert undiscounted.race and not undiscounted.plans_ahead


def test_a_plan_that_brings_every_piece_home_is_worth_a_win() -> None:
    home = dict.fromkeys(range(112, 121), 0)
    state = position({**home, 89: 0, 102: 1, 60: 1})
    search = ai.Search(state, replace(ai.SETTINGS["hard"], own_moves_from=2), None, 10_000)
    assert search.plan(1) == ai.WIN


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("long_jumps", [False, True])
def test_with_long_jumps_hard_predicts_the_others_from_three_players_medium_from_four_hard_from_five_without(
    players: int, long_jumps: bool
) -> None:
    state = cc.new_game(players, long_jumps=long_jumps)
    assert ai.Search(state, ai.SETTINGS["medium"], None, 100).predicts is (long_jumps and players >= 4)
    assert ai.Search(state, ai.SETTINGS["hard"], None, 100).predicts is (players >= (3 if long_jumps else 5))


def test_the_predicting_search_scores_an_opponents_predicted_win_as_a_loss_and_restores_the_board() -> None:
    # Seat 1 has nine pieces home in A; its greediest move, 18-9, brings the tenth home.
    state = position({**dict.fromkeys(range(9), 1), 18: 1, 60: 0}, long_jumps=True)
    search = ai.Search(state, replace(ai.SETTINGS["hard"], predicts_from=2), None, 10_000)
    assert search.predicts and search.others == (1,)
    assert search.moves(1)[0][2:] == (18, 9)
    assert search.predict(1, 1) == 1 - ai.WIN
    assert bytes(search.board) == state.board and bytes(search.origin) == state.origin


def test_the_predicting_search_does_not_count_on_a_jump_the_opponents_greediest_move_takes_away() -> None:
    # From 51, seat 0 could long-jump 51-94 over 71; looking at its own moves only, it steps back 60-51 for it.
    # Predicting seat 1's greediest move, 71-62, it knows the jump will be gone, and steps forward.
    state = position({60: 0, 71: 1, 0: 1, 1: 1}, long_jumps=True)
    racing = ai.Search(state, replace(ai.SETTINGS["hard"], own_moves_from=2), None, 3_000)
    assert racing.root(None) == (60, 51)
    predicting = ai.Search(state, replace(ai.SETTINGS["hard"], predicts_from=2), None, 100_000)
    assert predicting.moves(1)[0][2:] == (71, 62)
    assert predicting.root(None) == (60, 69)
    assert predicting.depth > ai.PREDICTED_MOVES  # after its first two moves, it plans to the end of its budget


def test_the_predicting_search_expects_a_player_whose_last_move_went_farthest_to_go_farthest_again() -> None:
    # A round of four players with long jumps: seats 1 and 3 play easy's move (their farthest), seat 2 a step that
    # gains less; seat 0 then expects its farthest move of seat 1 and 3 only, the move that lowers its cost most of 2.
    state = cc.apply(cc.new_game(4, long_jumps=True), ai.best_move(cc.new_game(4, long_jumps=True), "easy"))
    for seat in (1, 2, 3):
        easy = ai.best_move(state, "easy")
        move = easy if seat != 2 else min(cc.legal_moves(state), key=lambda m: (len(m.path), m.path))
        assert (move == easy) is (seat != 2)
        state = cc.apply(state, move)
    search = ai.Search(state, ai.SETTINGS["hard"], None, 1_000)
    assert search.predicts and search.greedy == {1, 3}
    pieces = sorted(h for h in range(121) if state.board[h] == 2)
    assert search.predicted(1) == ai.farthest(bytearray(state.board), state.origin, pieces, search.allowed[1], True)
    assert search.predicted(2) == search.moves(2)[0][2:]


def test_the_predicting_search_counts_a_later_gain_at_the_discount() -> None:
    # As in the plan above: gains of 31, 29 and 27 for the lone piece on 60, each move after the first at half the
    # one before; seat 1's predicted moves between them, far from seat 0's piece, change none of them.
    state = position({60: 0, 118: 1}, long_jumps=True)
    search = ai.Search(state, replace(ai.SETTINGS["medium"], predicts_from=2), None, 10_000)
    assert search.predicts and search.level.discount == 0.5 and search.level.rivalry == 0
    assert [search.predict(depth, 1) for depth in range(4)] == [0, 31, 45, 53]
    assert bytes(search.board) == state.board and bytes(search.origin) == state.origin


def test_hard_counts_the_others_predicted_progress_against_its_own() -> None:
    # The same position for hard (rivalry 1): seat 1's predicted move, 118-116, gains 45, which counts against seat 0
    # at once; one move later, each move of seat 0 costs what seat 1's next predicted move gains after it, at half.
    state = position({60: 0, 118: 1}, long_jumps=True)
    search = ai.Search(state, replace(ai.SETTINGS["hard"], predicts_from=2), None, 10_000)
    assert search.level.rivalry == 1 and search.predicted(1) == (118, 116) and search.moves(1)[0][0] == 45
    assert [search.predict(depth, 1) for depth in range(4)] == [-45, -48, -33, -26]
    assert bytes(search.board) == state.board and bytes(search.origin) == state.origin


def test_hard_finds_the_one_winning_move() -> None:
    # Nine pieces home in D; the tenth wins only by jumping 89-111 over 102.
    home = dict.fromkeys(range(112, 121), 0)
    state = position({**home, 89: 0, 102: 1, 60: 1})
    assert ai.best_move(state, "hard", nodes=500) == cc.Move((89, 111))
    assert ai.best_move(state, "medium", nodes=500) == cc.Move((89, 111))


def test_searching_levels_get_out_before_being_blocked_for_good() -> None:
    # Seat 0's piece on 0, the tip of its start branch, can only jump 0-5 over 2; if it stays,
    # seat 1 steps 9-5 and walls it in for good. The greedy jump 40-61-82 is a blunder.
    state = position({0: 0, 40: 0, 1: 1, 2: 1, 3: 1, 9: 1, 16: 1, 18: 1, 51: 1, 71: 1, 119: 1})
    assert cc.apply(cc.apply(state, cc.action_from_text("40-61-82")), cc.action_from_text("9-5")).eliminated == ((0,),)
    assert ai.best_move(state, "easy") == cc.Move((40, 61, 82))
    for level in ("medium", "hard"):
        assert ai.best_move(state, level, nodes=3000) == cc.Move((0, 5))


def test_a_player_with_no_move_passes() -> None:
    ring = dict.fromkeys((50, 51, 59, 61, 69, 70, 39, 41, 58, 62, 79, 81), 1)
    state = position({60: 0, **ring, 118: 1})
    for level in ai.DESCRIPTION.levels:
        assert ai.best_move(state, level, nodes=100) == cc.PASS


def test_a_node_budget_makes_the_move_depend_only_on_the_position() -> None:
    state = cc.new_game(3, long_jumps=True)
    for _ in range(9):
        state = cc.apply(state, ai.best_move(state, "easy"))
    assert len({ai.best_move(state, "hard", nodes=800) for _ in range(3)}) == 1


def test_bad_requests_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        ai.best_move(cc.new_game(2), "expert")
    won = position(dict.fromkeys(range(111, 121), 0) | {60: 1})
    with pytest.raises(ValueError, match="the game is over"):
        ai.best_move(won, "easy")


def assert_plays_to_the_end(state: cc.State, level: str, nodes: int | None) -> None:
    """A game of computers all at ``level`` from ``state`` ends within 1,500 moves, every seat ranked."""
    for _ in range(1500):
        if state.to_move is None:
            break
        state = cc.apply(state, ai.best_move(state, level, nodes=nodes))
    outcome = cc.result(state)
    assert outcome is not None, f"{level} stalled"
    assert sorted(s for tier in outcome.ranking for s in tier) == list(range(state.players))


@pytest.mark.parametrize(("players", "camps"), SEATINGS)
@pytest.mark.parametrize("long_jumps", [False, True])
def test_computer_only_games_always_finish(players: int, camps: int, long_jumps: bool) -> None:
    for level, nodes in (("beginner", None), ("easy", None), ("medium", 60)):
        assert_plays_to_the_end(cc.new_game(players, camps=camps, long_jumps=long_jumps), level, nodes)


@pytest.mark.parametrize("players", [4, 5, 6])
def test_games_of_predicting_players_always_finish(players: int) -> None:
    assert_plays_to_the_end(cc.new_game(players, long_jumps=True), "hard", 300)


def test_the_docstring_examples_hold() -> None:
    assert doctest.testmod(ai).failed == 0
