"""The Generala player that plays to win: the points to come, the chance of winning, and the turns it plays."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from etoile.engine.match import Match
from etoile.games.generala import ai
from etoile.games.generala import rules as g
from etoile.games.generala.ai import dp, win
from etoile.games.generala.coach import GeneralaChoice, GeneralaHint, GeneralaMistake, GeneralaReport
from etoile.games.generala.rules import BOXES, Fill, Rules, Throw

DONE = (0,) * len(BOXES)
"""A column with every box filled (with 0s: only the totals count)."""


def column(*open_boxes: str) -> tuple[int | None, ...]:
    """A column with ``open_boxes`` open and 0 in every other box."""
    return tuple(None if box in open_boxes else 0 for box in BOXES)


def mask(*open_boxes: str) -> int:
    return dp.FULL & ~sum(1 << BOXES.index(box) for box in open_boxes)


def test_the_general_alone_comes_in_three_throws_with_the_known_chance() -> None:
    # Five equal dice within three throws, keeping the most frequent face: 2,783,176 of 6^10 ways (about 4.60%).
    ends = win.turn_outcomes(dp.dp_key(Rules()), mask("general"))
    assert set(ends) == {(BOXES.index("general"), 0), (BOXES.index("general"), 60)}
    assert ends[BOXES.index("general"), 60] == pytest.approx(2_783_176 / 6**10, abs=1e-12)
    shipped = win.futures(Rules())[mask("general")]
    assert len(shipped) == 61 and shipped[60] == pytest.approx(2_783_176 / 6**10, abs=2e-5)
    assert shipped[0] == pytest.approx(1 - shipped[60]) and not any(shipped[1:60])


def test_the_points_to_come_average_the_optimal_expected_score_from_every_position() -> None:
    values = dp.table(Rules())
    shipped = win.futures(Rules())
    assert len(shipped) == dp.FULL + 1 and list(shipped[dp.FULL]) == [1.0]
    for m, pmf in enumerate(shipped):
        assert sum(pmf) == pytest.approx(1.0, abs=1e-12)
        assert sum(x * p for x, p in enumerate(pmf)) == pytest.approx(values[m], abs=0.02)


def test_the_shipped_points_to_come_are_the_computed_ones() -> None:
    computed = win.compute_futures(Rules())
    assert win.encode(computed) == win.FUTURES_FILE.read_bytes()
    values = dp.table(Rules())
    for m in (0, mask("1", "general"), mask("straight", "full", "four")):
        assert sum(x * p for x, p in enumerate(computed[m])) == pytest.approx(values[m], abs=1e-9)


def test_a_corrupt_table_of_points_to_come_is_refused() -> None:
    data = win.FUTURES_FILE.read_bytes()
    for broken in (b"", data[:-1], data[:1000], data + b"\0\0", b"\xff" * 64):
        with pytest.raises(ValueError, match="not a table of the points to come"):
            win.decode(broken)
    assert [list(p) for p in win.decode(data)] == [list(p) for p in win.futures(Rules())]


def test_rules_not_shipped_compute_their_points_to_come_on_first_use() -> None:
    rules = Rules(circular_straights=True, five_as_full=True)
    win._FUTURES.pop(dp.dp_key(rules), None)  # as on a new page load (another test may have computed it)
    assert win.has_futures(Rules()) and not win.has_futures(rules)
    table = win.futures(rules)
    assert win.has_futures(rules)
    assert sum(x * p for x, p in enumerate(table[0])) == pytest.approx(dp.table(rules)[0], abs=1e-9)
    win.remember(rules, table)
    assert win.futures(rules) is table


def test_a_shared_first_place_counts_as_its_share() -> None:
    # The last box of the game: level with the leader at 160 shares the win; with two others level, a third.
    race = win.Race(Rules(), column("general"), 100, ((DONE, 160),))
    assert win.win_chance(race, BOXES.index("general"), 60) == 0.5
    assert win.win_chance(race, BOXES.index("general"), 0) == 0.0
    three = replace(race, others=((DONE, 160), (DONE, 160)))
    assert win.win_chance(three, BOXES.index("general"), 60) == pytest.approx(1 / 3)
    ahead = replace(race, others=((DONE, 159), (DONE, 20)))
    assert win.win_chance(ahead, BOXES.index("general"), 60) == 1.0


def test_a_big_general_to_come_can_still_win_the_game() -> None:
    # 61 ahead of a player who has the general box alone to fill: only a big general (6 in 7776) beats us.
    race = win.Race(Rules(), column("1"), 150, ((column("general"), 90),))
    assert win.win_chance(race, 0, 1) == pytest.approx(1295 / 1296, abs=1e-12)
    closed = win.Race(Rules(big_general_open_box=True), column("1"), 150, ((column("general"), 90),))
    assert win.win_chance(closed, 0, 1) == pytest.approx(1295 / 1296, abs=1e-12)
    filled = win.Race(Rules(big_general_open_box=True), column("1"), 150, ((column("6"), 90),))
    assert win.win_chance(filled, 0, 1) == 1.0  # its general box is filled: no big general wins any more


def test_forty_two_behind_with_two_rounds_left_it_gambles_for_the_general() -> None:
    # Straight and general open, a straight on the first throw, 42 points behind a player who has finished:
    # the optimal player takes its 25 points; the one that plays to win throws all five again, for two chances at
    # the general (and crosses the straight out if the first fails).
    race = win.Race(Rules(), column("straight", "general"), 100, ((DONE, 142),))
    dice = (6, 5, 4, 3, 2)
    assert ai.decide(Rules(), race.column, dice, 1, "optimal") == Fill("straight")
    assert ai.decide_to_win(race, dice, 1) == Throw()
    state = two_player_state(race, dice)
    chances, expected = ai.win_chances(state), dict(ai.hint(state))
    assert chances[Throw()] > chances[Fill("straight")] > 0.04
    assert expected[Throw()] < expected[Fill("straight")]
    assert ai.choose(state, "win") == Throw() and ai.choose(state, "optimal") == Fill("straight")


def test_alone_it_reaches_for_a_target_and_otherwise_plays_for_the_score() -> None:
    state = replace(g.start({"players": 1}), sheets=(column("straight", "general"),), dice=(6, 5, 4, 3, 2), throw=1)
    assert ai.choose(state, "win") == ai.choose(state, "optimal") == Fill("straight")
    assert ai.choose(state, "win", target=60) == Throw()  # 60 more points: the general alone
    assert ai.win_chances(state) == {}
    race = ai.race(state, target=60)
    assert win.win_chance(race, BOXES.index("general"), 60) == 1.0
    assert win.win_chance(race, BOXES.index("general"), 0) == pytest.approx(1 / 1296)  # a big general in the last turn


def sheet(total: int, *open_boxes: str) -> tuple[int | None, ...]:
    """A column with ``open_boxes`` open that adds up to ``total`` (all of it in the first filled box)."""
    first = next(b for b, box in enumerate(BOXES) if box not in open_boxes)
    return tuple(None if box in open_boxes else total if b == first else 0 for b, box in enumerate(BOXES))


def two_player_state(race: win.Race, dice: tuple[int, ...], throw: int = 1) -> g.State:
    """A two-player state with seat 0 to move in ``race`` (one other player), on throw ``throw`` with ``dice``."""
    ((other, total),) = race.others
    mine = sheet(race.total, *(box for box, v in zip(BOXES, race.column, strict=True) if v is None))
    theirs = sheet(total, *(box for box, v in zip(BOXES, other, strict=True) if v is None))
    base = replace(g.start({"players": 2}), phase="play", first=0, seat=0, round=1 + sum(v is not None for v in race.column))
    return replace(base, sheets=(mine, theirs), dice=dice, throw=throw)


def test_the_coach_gives_each_choice_its_chance_of_winning_best_first() -> None:
    race = win.Race(Rules(), column("straight", "general"), 100, ((DONE, 142),))
    match = Match.new(g, {"players": 2}, seed=1)
    match = replace(match, states=(*match.states[:-1], two_player_state(race, (6, 5, 4, 3, 2))))
    answer = ai.advise(match, "hint")
    assert isinstance(answer, GeneralaHint)
    assert GeneralaHint.from_json(answer.to_json()) == answer
    first = answer.choices[0]
    assert first.action == g.action_to_json(Throw()) and first.chance is not None and first.chance > 0.04
    chances = [round(c.chance or 0.0, 9) for c in answer.choices]
    assert chances == sorted(chances, reverse=True)


def test_the_coach_answers_keep_their_shape_in_json() -> None:
    choice = GeneralaChoice({"fill": "general"}, 160.0, 0.25)
    assert GeneralaHint.from_json(GeneralaHint((choice, GeneralaChoice({"throw": []}, 150.0))).to_json()).choices[0] == choice
    report = GeneralaReport({0: (GeneralaMistake(3, 1, (6, 6), {"throw": [6]}, {"fill": "6"}, -2.5, 0.04),)}, {0: (12, 3, 1, 1)})
    assert GeneralaReport.from_json(report.to_json()) == report
    alone = GeneralaReport({0: ()})
    assert GeneralaReport.from_json(alone.to_json()) == alone


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), stop=st.integers(0, 120))
def test_random_positions_give_chances_between_0_and_1_and_the_player_takes_the_best(seed: int, players: int, stop: int) -> None:
    match = Match.new(g, {"players": players}, seed).settled()
    for _ in range(stop):
        if g.to_move(match.state) is None:
            break
        match = match.play(ai.choose(match.state, "easy")).settled()
    state = match.state
    if g.to_move(state) is None or state.phase != "play":
        return
    chances = ai.win_chances(state)
    assert set(chances) == set(g.legal_actions(state))
    assert all(0.0 <= c <= 1.0 for c in chances.values())
    best = max(chances.values())
    assert chances[ai.choose(state, "win")] == pytest.approx(best, abs=1e-4)
    assert chances[ai.choose(state, "optimal")] <= best + 1e-12


def test_a_game_shares_one_win_between_its_seats() -> None:
    for seed in range(6):
        shares = ai.game(("win", "optimal", "easy"), seed)
        assert sum(shares) == pytest.approx(1.0) and all(s in (0.0, 1 / 3, 0.5, 1.0) for s in shares)
