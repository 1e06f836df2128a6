"""The benchmark's textbook searches (max-n, paranoid, Best-Reply Search, MCTS): legal, exact about wins, and they
leave the position as they found it."""

import doctest

import pytest

from bench import chinese_checkers_field as field
from etoile.games.chinese_checkers import rules as cc
from etoile.games.chinese_checkers.text import from_cells

SEATINGS = [(2, 1), (3, 1), (4, 1), (6, 1), (2, 3)]


@pytest.mark.parametrize(("players", "camps"), SEATINGS)
@pytest.mark.parametrize("long_jumps", [False, True])
@pytest.mark.parametrize("name", list(field.FIELD))
def test_each_search_plays_legal_moves_and_restores_the_position(name: str, players: int, camps: int, long_jumps: bool) -> None:
    state = cc.new_game(players, camps=camps, long_jumps=long_jumps)
    for _ in range(players + 1):
        search = field.Field(state, 300)
        board, cost = bytes(search.board), dict(search.cost)
        f, t = field.FIELD[name](search)
        assert (bytes(search.board), search.cost) == (board, cost)
        move = cc.destinations(state, f)[t]
        assert move in cc.legal_moves(state)
        state = cc.apply(state, move)


@pytest.mark.parametrize("name", list(field.FIELD))
def test_each_search_takes_a_win_in_one(name: str) -> None:
    # Seat 0 has nine pieces home (112-120) and its tenth on 102, a step from 111: the only winning move.
    cells = ["."] * 121
    for hole in (*range(112, 121), 102):
        cells[hole] = "0"
    for hole in range(40, 50):
        cells[hole] = "1"
    state = from_cells("".join(cells), players=2)
    assert field.move(state, name, 2_000).path == (102, 111)


def test_the_docstring_examples_hold() -> None:
    assert doctest.testmod(field).failed == 0
