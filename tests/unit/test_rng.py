"""The seeded dice: exact, replayable, fair."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from etoile.engine.rng import Dice, seed_from, splitmix64


def test_splitmix64_matches_the_reference_outputs() -> None:
    # Reference values of SplitMix64 seeded with 0 (first three outputs).
    assert [splitmix64(0, i) for i in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_a_seed_always_throws_the_same_dice() -> None:
    faces, dice = Dice(421).roll(5)
    assert faces == (3, 3, 3, 6, 5)
    assert dice == Dice(421, 5)
    assert Dice(421).roll(5)[0] == faces


@given(st.integers(0, 2**64 - 1), st.integers(0, 20), st.integers(0, 20))
def test_two_throws_equal_one_throw_of_all_the_dice(seed: int, first: int, second: int) -> None:
    a, after_a = Dice(seed).roll(first)
    b, after_b = after_a.roll(second)
    together, after = Dice(seed).roll(first + second)
    assert a + b == together
    assert after_b == after


@given(st.integers(0, 2**64 - 1), st.integers(0, 1000))
def test_dice_round_trip_through_json(seed: int, draws: int) -> None:
    dice = Dice(seed, draws)
    assert Dice.from_json(dice.to_json()) == dice


def test_every_face_comes_up_about_equally_often() -> None:
    faces, _ = Dice(seed_from(7)).roll(60_000)
    counts = Counter(faces)
    assert sorted(counts) == [1, 2, 3, 4, 5, 6]
    # Chi-square with 5 degrees of freedom: 20.5 is the 0.1% critical value.
    chi2 = sum((n - 10_000) ** 2 / 10_000 for n in counts.values())
    assert chi2 < 20.5


@pytest.mark.parametrize("bad", [-1, 2**64, 1.5, "1", True])
def test_a_bad_seed_is_refused(bad: object) -> None:
    with pytest.raises((TypeError, ValueError)):
        Dice(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [None, [], {"seed": 1}, {"seed": 1, "draws": -1}, {"seed": 1, "draws": 0, "x": 1}])
def test_bad_dice_json_is_refused(bad: object) -> None:
    with pytest.raises((TypeError, ValueError)):
        Dice.from_json(bad)
