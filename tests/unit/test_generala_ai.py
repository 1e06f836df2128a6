"""The Generala computer players and coach: exact values, consistency with play, and strength."""

from __future__ import annotations

import doctest
import json
import statistics
from dataclasses import replace
from fractions import Fraction
from itertools import combinations, product

import pytest

from etoile.engine.dice import Roll, outcomes
from etoile.engine.game import CHANCE
from etoile.engine.match import Match
from etoile.games.generala import ai
from etoile.games.generala import rules as g
from etoile.games.generala.ai import dp
from etoile.games.generala.rules import BOXES, Fill, Rules, Throw
from tools import generala_tables

DEFAULT_EXPECTED = 156.18854809531632


def only_open(*boxes: str) -> int:
    """The mask of a column where only ``boxes`` are open."""
    return dp.FULL & ~sum(1 << BOXES.index(box) for box in boxes)


def test_the_optimal_expected_score_under_the_default_rules() -> None:
    assert ai.expected_score() == pytest.approx(DEFAULT_EXPECTED, abs=1e-9)
    assert ai.expected_score(Rules()) == ai.expected_score(Rules(big_general_open_box=True))


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        (Rules(circular_straights=True), 162.3259467800403),
        (Rules(five_as_four=False), 156.00404520040794),
        (Rules(five_as_full=True), 156.20766163826318),
    ],
)
def test_each_option_moves_the_expected_score_the_way_it_should(rules: Rules, expected: float) -> None:
    assert ai.expected_score(rules) == pytest.approx(expected, abs=1e-9)


def test_the_last_box_alone_has_its_textbook_value() -> None:
    values = dp.table(Rules())
    # Five equal dice within three throws, keeping the most frequent face: 2783176 / 6**10.
    assert values[only_open("general")] == pytest.approx(60 * 2783176 / 6**10, abs=1e-12)
    # Sixes alone: each die becomes a 6 within three throws with chance 91/216.
    assert values[only_open("6")] == pytest.approx(float(6 * 5 * Fraction(91, 216)), abs=1e-12)
    assert values[dp.FULL] == 0.0


def reference_turn_value(rules: Rules, mask: int) -> float:
    """The value of a turn by brute force: every ordered throw of the dice not kept, no shared recursion."""
    values = dp.table(rules)
    boxes = [b for b in range(len(BOXES)) if not mask >> b & 1]
    hands = sorted({tuple(sorted(p)) for p in product(range(1, 7), repeat=5)})
    keeps = {h: {tuple(h[i] for i in idx) for n in range(5) for idx in combinations(range(5), n)} for h in hands}

    def fill(hand: tuple[int, ...], throw: int) -> float:
        return max(g.score(hand, BOXES[b], throw, rules) + values[mask | 1 << b] for b in boxes)

    def expect(keep: tuple[int, ...], after: dict[tuple[int, ...], float]) -> float:
        rolls = list(product(range(1, 7), repeat=5 - len(keep)))
        return sum(after[tuple(sorted(keep + roll))] for roll in rolls) / len(rolls)

    third = {h: fill(h, 3) for h in hands}
    every_keep = {k for h in hands for k in keeps[h]}
    throw_third = {k: expect(k, third) for k in every_keep}
    second = {h: max(fill(h, 2), *(throw_third[k] for k in keeps[h])) for h in hands}
    throw_second = {k: expect(k, second) for k in every_keep}
    first = {h: max(fill(h, 1), *(throw_second[k] for k in keeps[h])) for h in hands}
    return expect((), first)


@pytest.mark.parametrize(
    ("rules", "mask"),
    [
        (Rules(), only_open("straight")),
        (Rules(), 0),
        (Rules(circular_straights=True), only_open("straight", "full", "4")),
        (Rules(five_as_four=False), only_open("four", "full", "general", "1")),
        (Rules(five_as_full=True), only_open("four", "full", "general")),
    ],
)
def test_the_turn_recursion_agrees_with_brute_force(rules: Rules, mask: int) -> None:
    assert dp.table(rules)[mask] == pytest.approx(reference_turn_value(rules, mask), abs=1e-9)


@pytest.mark.parametrize("mask", [0, only_open("straight", "full", "general"), only_open("6")])
def test_the_turn_takes_its_odds_from_the_rules_chance_outcomes(mask: int) -> None:
    turn = dp.optimal_turn(dp.dp_key(Rules()), mask)
    boxes = [b for b in range(len(BOXES)) if not mask >> b & 1]

    def fill(hand: tuple[int, ...], throw: int) -> float:
        return max(turn.fill_value(dp.hand_index(hand), b, throw) for b in boxes)

    def best(hand: tuple[int, ...], throw: int) -> float:
        """The best of filling a box and throwing again (the values of the throw after this one)."""
        after = {1: turn.throw_second, 2: turn.throw_third}.get(throw)
        again = [after[k] for k in dp.SUB_KEEPS[dp.hand_index(hand)]] if after else []
        return max([fill(hand, throw), *again])

    # The value of each keep is the expectation, over the rules' outcomes of the dice thrown, of the best afterwards.
    for keep in dp.KEEPS[dp.ROLLS :]:
        thrown = outcomes(5 - len(keep))
        for values, throw in ((turn.throw_third, 3), (turn.throw_second, 2)):
            expected = sum(p * best((*keep, *roll.faces), throw) for roll, p in thrown)
            assert values[dp.KEEP_INDEX[keep]] == pytest.approx(float(expected), abs=1e-9)
    assert turn.value == pytest.approx(float(sum(p * best(roll.faces, 1) for roll, p in outcomes(5))), abs=1e-9)


def test_the_shipped_tables_are_the_computed_ones() -> None:
    data = json.loads(dp.TABLES_FILE.read_text(encoding="utf-8"))
    shipped = {json.dumps(entry["rules"], sort_keys=True): entry["values"] for entry in data["tables"]}
    sets = generala_tables.rule_sets()
    assert [json.dumps(r.to_json(), sort_keys=True) for r in sets] == list(shipped)
    assert len(sets) == 5
    assert shipped[json.dumps(Rules().to_json(), sort_keys=True)] == dp.compute_table(Rules())
    assert shipped[json.dumps(Rules().to_json(), sort_keys=True)] == shipped[json.dumps(sets[1].to_json(), sort_keys=True)]


def test_other_rule_combinations_are_computed_on_first_use() -> None:
    rules = Rules(circular_straights=True, five_as_full=True)
    dp._TABLES.pop(dp.dp_key(rules), None)  # as on a new page load (another test may have computed it)
    assert not ai.table_ready(rules)
    value = ai.expected_score(rules)
    assert ai.table_ready(rules)
    assert ai.expected_score(Rules(circular_straights=True)) < value < ai.expected_score(Rules(circular_straights=True)) + 1


def test_the_simulated_optimal_policy_scores_the_expected_score_within_three_standard_errors() -> None:
    scores = [ai.solitaire("optimal", seed) for seed in range(600)]
    mean, error = statistics.mean(scores), statistics.stdev(scores) / len(scores) ** 0.5
    assert abs(mean - ai.expected_score()) < 3 * error
    assert 1.0 < error < 2.0


def test_optimal_beats_medium_beats_easy_on_the_same_seeded_games() -> None:
    seeds = range(200)  # the seeds of the simulation above: the optimal turns are cached
    means = {level: statistics.mean(ai.solitaire(level, seed) for seed in seeds) for level in ai.DESCRIPTION.levels}
    assert means["optimal"] > means["medium"] > means["easy"]


def positions(count: int) -> list[g.State]:
    """Positions met in seeded optimal play, at every kind of decision (the match throws the dice)."""
    found = []
    for seed in range(count):
        match = Match.new(g, {"players": 2}, seed).settled()
        while g.to_move(match.state) is not None and len(found) < count * 8:
            found.append(match.state)
            match = match.play(ai.choose(match.state, "optimal" if seed % 2 else "easy")).settled()
    return found[::7]


def test_hints_are_every_legal_action_sorted_best_first() -> None:
    for state in positions(12):
        hints = ai.hint(state)
        values = [value for _, value in hints]
        assert values == sorted(values, reverse=True)
        assert sorted(map(repr, (a for a, _ in hints))) == sorted(map(repr, g.legal_actions(state)))
        assert hints[0][0] == ai.choose(state, "optimal")


def test_a_hint_values_a_fill_as_its_score_plus_the_value_of_the_boxes_left() -> None:
    column = (3, None, 9, None, None, None, 20, None, None, None)
    state = replace(g.start({"players": 1}), sheets=(column,), dice=(4, 4, 4, 2, 2), throw=2)
    hints = dict(ai.hint(state))
    values = dp.table(Rules())
    mask = sum(1 << b for b, v in enumerate(column) if v is not None)
    for box, points in [("full", 30), ("4", 12), ("general", 0)]:
        after = values[mask | 1 << BOXES.index(box)]
        assert hints[Fill(box)] == pytest.approx(32 + points + after, abs=1e-9)
    # The value of a throw is the mean over the dice thrown of the best value after it.
    keep = Throw((4, 4, 4))
    turn = dp.optimal_turn(dp.dp_key(Rules()), mask)
    mean = (
        sum(max(v for a, v in ai.hint(replace(state, dice=(4, 4, 4, x, y), throw=3))) for x in range(1, 7) for y in range(1, 7))
        / 36
    )
    assert hints[keep] == pytest.approx(mean, abs=1e-9)
    assert turn.value == pytest.approx(values[mask], abs=1e-12)


def test_the_last_fill_of_the_game_is_valued_at_its_score() -> None:
    column = (1, 2, 3, 4, 5, 6, 20, 30, 40, None)
    state = replace(g.start({"players": 1}), round=10, sheets=(column,), dice=(5, 5, 5, 5, 2), throw=3)
    assert ai.hint(state) == [(Fill("general"), 111.0)]


def test_the_optimal_player_follows_the_texts_advice_and_the_medium_player_does_not() -> None:
    # The text: with two 2s, a 4 and a 6, do not take the 6 for its bigger sum; the pair of 2s is better.
    state = replace(g.start({"players": 1}), dice=(2, 2, 4, 6, 5), throw=3)
    assert ai.choose(state, "optimal") == Fill("2")
    assert ai.choose(state, "medium") == Fill("6")
    hints = dict(ai.hint(state))
    assert hints[Fill("2")] - hints[Fill("6")] == pytest.approx(7.945, abs=1e-3)


def test_the_medium_player_values_this_turn_only() -> None:
    # Four 6s after the second throw, sixes and general open: throwing the odd die is worth
    # 60/6 + 24*5/6 = 30 this turn against 24 now, so medium throws; on the third throw it takes the 24.
    column = (0, 0, 0, 0, 0, None, 0, 0, 0, None)
    state = replace(g.start({"players": 1}), sheets=(column,), dice=(6, 6, 6, 6, 1), throw=2, round=9)
    assert ai.choose(state, "medium") == Throw((6, 6, 6, 6))
    assert ai.choose(replace(state, throw=3), "medium") == Fill("6")
    assert ai.choose(replace(state, throw=3, dice=(6, 6, 6, 6, 6)), "medium") == Fill("general")


def test_the_easy_player_keeps_its_most_frequent_face_and_takes_combinations() -> None:
    state = replace(g.start({"players": 1}), dice=(2, 5, 2, 6, 5), throw=1)
    assert ai.choose(state, "easy") == Throw((5, 5))
    assert ai.choose(replace(state, dice=(2, 5, 2, 5, 5)), "easy") == Fill("full")
    assert ai.choose(replace(state, dice=(2, 5, 3, 6, 1), throw=3), "easy") == Fill("6")


def test_every_level_plays_legal_games_against_the_others() -> None:
    match = Match.new(g, {"players": 3}, seed=11).settled()
    levels = {0: "optimal", 1: "medium", 2: "easy"}
    while (seat := g.to_move(match.state)) is not None:
        assert isinstance(seat, int)
        action = ai.choose(match.state, levels[seat])
        assert action in g.legal_actions(match.state)
        match = match.play(action).settled()
    assert g.result(match.state) is not None
    with pytest.raises(ValueError, match="the game is over"):
        ai.choose(match.state, "easy")
    assert ai.hint(match.state) == []
    with pytest.raises(ValueError, match="unknown level 'hard'"):
        ai.choose(g.start({}), "hard")


def test_the_computer_is_never_asked_while_the_dice_are_in_the_air() -> None:
    state = g.apply(g.start({"players": 1}), Throw())
    with pytest.raises(ValueError, match="the dice are in the air"):
        ai.choose(state, "optimal")
    assert ai.hint(state) == []


def test_the_report_lists_the_decisions_that_lost_expected_points_alone() -> None:
    match = Match.new(g, {"players": 1}, seed=27).settled()
    while g.to_move(match.state) is not None and match.state.round < 5:
        match = match.play(ai.choose(match.state, "easy")).settled()
    start, actions = match.states[0], list(match.played)
    assert any(isinstance(action, Roll) for action in actions)
    mistakes = ai.report(start, actions, seat=0)
    assert mistakes
    for mistake in mistakes:
        assert mistake.loss > 0.01
        assert mistake.chance_played is mistake.chance_best is None
        assert actions[mistake.index] == mistake.played != mistake.best
        hints = dict(ai.hint(replay(start, actions[: mistake.index])))
        assert hints[mistake.played] == mistake.expected_played
        assert max(hints.values()) == mistake.expected_best
    assert ai.review(start, actions, seat=0).costs == (0, 0, 0, 0)


def test_with_other_players_the_report_counts_decisions_by_the_chance_of_winning_they_cost() -> None:
    match = Match.new(g, {"players": 2}, seed=27).settled()
    while (seat := g.to_move(match.state)) is not None:
        match = match.play(ai.choose(match.state, "win" if seat == 0 else "easy")).settled()
    start, actions = match.states[0], list(match.played)
    decisions = [
        seat
        for state, action in zip(match.states, match.played, strict=False)
        if state.phase == "play" and (seat := g.to_move(state)) is not None and seat != CHANCE and state.throw
    ]
    best, easy = ai.review(start, actions, seat=0), ai.review(start, actions, seat=1)
    assert best.mistakes == () and best.costs == (decisions.count(0), 0, 0, 0)  # "win" plays its own best
    assert sum(easy.costs) == decisions.count(1) and easy.costs[0] < decisions.count(1)
    assert easy.mistakes
    for mistake in easy.mistakes:
        assert mistake.cost > 1e-3
        chances = ai.win_chances(replay(start, actions[: mistake.index]))
        assert chances[mistake.played] == mistake.chance_played
        assert max(chances.values()) == mistake.chance_best


def test_a_solitaire_game_keeps_by_face_and_draws_as_a_match_would() -> None:
    # The easy player with the dice of seed 2: a straight at once (5 3 4 1 2, as Dice(2) throws them).
    match = Match.new(g, {"players": 1}, seed=2).settled()
    while g.to_move(match.state) is not None:
        match = match.play(ai.choose(match.state, "easy")).settled()
    assert g.totals(match.state)[0] == ai.solitaire("easy", seed=2)
    assert match.played[:3] == (Throw(), Roll((5, 4, 3, 2, 1)), Fill("straight"))


def replay(state: g.State, actions: list[g.Action]) -> g.State:
    for action in actions:
        state = g.apply(state, action)
    return state


def test_the_doctests_hold() -> None:
    for module in (ai, dp):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0
