"""The sounds as data: every recipe makes voices the Web Audio API can play, as long as it should, in time with the
animations."""

from __future__ import annotations

from itertools import pairwise
from random import Random

import pytest

from etoile.ui.runtime.sound_recipes import PACES, RECIPES, THROW, TOUCHDOWN, Noise, Tone, Voice, voices

NAMES = ("dice", "tokens", "move", "fill", "stop", "start", "win", "fanfare", "toggle")
"""Every sound the games and the app ask for."""


def end(sound: list[Voice]) -> float:
    return max(voice.at + voice.length for voice in sound)


def test_every_sound_asked_for_has_its_recipe() -> None:
    assert set(RECIPES) == set(NAMES)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("pace", sorted(PACES.values()))
def test_every_voice_can_be_played(name: str, pace: float) -> None:
    for seed in range(20):
        for count in (1, 3, 5):
            sound = voices(name, Random(seed), pace, count)
            assert sound
            for voice in sound:
                assert voice.at >= 0 and 0 < voice.attack < voice.length <= 1.0, voice
                assert 0 < voice.gain <= 1, voice
                assert 20 < voice.frequency < 20_000, voice
                if isinstance(voice, Noise):
                    assert voice.filter in ("bandpass", "highpass", "lowpass") and voice.q > 0, voice
                else:
                    assert voice.wave in ("sine", "triangle") and (voice.end is None or 20 < voice.end < 20_000), voice


@pytest.mark.parametrize(("name", "longest"), [("win", 1.0), ("fanfare", 1.5), ("fill", 0.25), ("toggle", 0.1)])
def test_each_sound_is_over_in_time(name: str, longest: float) -> None:
    assert all(end(voices(name, Random(seed), 2.0)) <= longest for seed in range(20))


def test_the_fanfare_is_bigger_than_the_win() -> None:
    win, fanfare = voices("win", Random(1), 1.0), voices("fanfare", Random(1), 1.0)
    assert end(fanfare) > end(win) and len(fanfare) > len(win)


def landing(sound: list[Voice]) -> list[float]:
    """When the dice knock on the table: each knock has its pitch, a tone."""
    return [voice.at for voice in sound if isinstance(voice, Tone)]


@pytest.mark.parametrize("pace", [2.0, 1.0, 0.5])
def test_the_dice_rattle_then_land_as_the_thrown_dice_are_seen_to(pace: float) -> None:
    for seed in range(20):
        sound = voices("dice", Random(seed), pace)
        knocks = landing(sound)
        assert 2 <= len(knocks) <= 5
        assert knocks[0] == pytest.approx(THROW * TOUCHDOWN * pace)  # the dice are on the table
        assert knocks[-1] >= THROW * pace and knocks[-1] <= THROW * pace + 0.2  # at rest
        rattle = [voice.at for voice in sound if isinstance(voice, Noise) and voice.at < knocks[0]]
        assert len(rattle) >= 6 and max(rattle) <= min(0.35, knocks[0])


def test_dice_thrown_with_no_animation_land_at_once_in_a_quick_clatter() -> None:
    for seed in range(20):
        knocks = landing(voices("dice", Random(seed), 0.0))
        assert knocks[0] == 0 and knocks[-1] < 0.2


@pytest.mark.parametrize(("count", "clicks"), [(1, 1), (3, 3), (5, 5), (9, 5), (0, 1)])
def test_tokens_click_once_each_70_ms_apart_at_the_normal_pace(count: int, clicks: int) -> None:
    bright = [voice.at for voice in voices("tokens", Random(4), 1.0, count) if isinstance(voice, Tone)]
    assert len(bright) == clicks
    assert all(0.06 <= b - a <= 0.08 for a, b in pairwise(bright))


def test_an_unknown_sound_is_the_interface_s_click() -> None:
    assert voices("trumpet", Random(2), 1.0) == voices("toggle", Random(2), 1.0)


def test_the_same_chance_makes_the_same_sound_and_another_another() -> None:
    assert voices("dice", Random(7), 1.0) == voices("dice", Random(7), 1.0)
    assert voices("dice", Random(7), 1.0) != voices("dice", Random(8), 1.0)
