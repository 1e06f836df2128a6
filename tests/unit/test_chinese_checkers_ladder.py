"""The statistics of the Chinese checkers ladder (the benchmark's section 7)."""

import math

from bench.chinese_checkers_ai import LOOK_EVERY, line_games, look_z, wilson


def test_a_look_spends_its_share_of_five_percent() -> None:
    assert round(look_z(1), 3) == 1.96
    assert round(look_z(6), 2) == 2.64


def test_a_line_plays_as_many_games_as_its_bar_needs() -> None:
    assert line_games(0.5, 96) == 96
    games = line_games(0.95, 96)
    assert games == 160
    assert wilson(games, games, look_z(games // LOOK_EVERY))[0] > 0.95  # every game won clears the bar
    fewer = games - LOOK_EVERY
    assert wilson(fewer, fewer, look_z(math.ceil(fewer / LOOK_EVERY)))[0] <= 0.95
