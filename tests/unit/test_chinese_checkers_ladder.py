"""The statistics of the Chinese checkers ladder (the benchmark's section 7)."""

import math

from bench.chinese_checkers_ai import LOOK_EVERY, line_plan, look_z, wilson


def test_a_look_spends_its_share_of_five_percent() -> None:
    assert round(look_z(1), 3) == 1.96
    assert round(look_z(6), 2) == 2.64


def test_a_line_plays_as_many_games_as_its_bar_needs() -> None:
    assert line_plan(0.5, 96) == (96, LOOK_EVERY)


def test_a_bar_only_a_perfect_score_clears_is_looked_at_once_after_the_fewest_batches_that_could_clear_it() -> None:
    games, every = line_plan(0.95, 96)
    assert (games, every) == (80, 80)
    assert wilson(games, games, look_z(1))[0] > 0.95  # every game won clears the bar
    assert wilson(games - 1, games, look_z(1))[0] <= 0.95  # one lost does not
    fewer = games - LOOK_EVERY
    assert wilson(fewer, fewer, look_z(1))[0] <= 0.95
    assert wilson(96, 96, look_z(math.ceil(96 / LOOK_EVERY)))[0] <= 0.95  # nor would 96 of 96 over six looks
