"""The statistics of the Chinese checkers ladder (the benchmark's section 7)."""

from bench.chinese_checkers_ai import LOOK_EVERY, Design, look_z, wilson


def test_a_look_spends_its_share_of_five_percent() -> None:
    assert round(look_z(1), 3) == 1.96
    assert round(look_z(6), 2) == 2.64


def test_a_line_plays_as_many_games_as_its_bar_needs() -> None:
    assert Design(96).against(0.5) == Design(96, LOOK_EVERY)
    assert round(Design(192, 64).z, 2) == 2.39  # three looks


def test_a_bar_only_a_perfect_score_clears_is_looked_at_once_after_the_fewest_batches_that_could_clear_it() -> None:
    once = Design(96, first=96).against(0.95)
    assert once == Design(80, 80, first=96)
    assert round(once.z, 2) == 1.96
    assert wilson(80, 80, once.z)[0] > 0.95  # every game won clears the bar
    assert wilson(79, 80, once.z)[0] <= 0.95  # one lost does not
    assert wilson(64, 64, once.z)[0] <= 0.95  # nor would a batch fewer
    assert wilson(96, 96, Design(96).z)[0] <= 0.95  # nor 96 of 96 over six looks
