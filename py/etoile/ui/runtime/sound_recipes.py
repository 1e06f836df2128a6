"""What each sound plays, as data: the recipes :mod:`etoile.ui.runtime.sound` plays with the Web Audio API.

A sound is a handful of voices on a timeline, each one of two kinds: a :class:`Noise`, a burst of white noise
through a filter (the click of a die, the knock of wood, the scratch of a pen), or a :class:`Tone`, a note that
may drop in pitch (the ring of a bell, the "tock" of a marble). Each rises to its ``gain`` in ``attack`` seconds
and dies away by the end of its ``length``. A recipe composes them, with a little chance in its timing and pitch so
that no two throws sound alike, and follows the page's pace (:data:`PACES`), so that the dice are heard landing
when they are seen landing. Nothing here touches the page: every recipe is tested on CPython.

>>> [(type(voice).__name__, voice.at, voice.length) for voice in toggle(Random(1), 1.0, 1)]
[('Noise', 0, 0.012), ('Tone', 0, 0.03)]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from random import Random

from etoile.engine.lazy import lazy_dataclass

PACES = {"slow": 2.0, "normal": 1.0, "fast": 0.5, "off": 0.0}
"""The factor of every animation's length at each animation speed (the stylesheet's ``--speed``)."""

THROW = 0.7
"""Seconds thrown dice take to land at the normal pace (the stylesheet's tumble)."""

TOUCHDOWN = 0.62
"""The part of :data:`THROW` after which a thrown die lies on the table, its face shown (it then bounces once, and
is down again at the end of the throw)."""

NYQUIST = 24_000.0
"""The highest frequency a sound holds, in hertz (half of the usual 48 kHz rate)."""


@lazy_dataclass
class Noise:
    """White noise from ``at`` seconds for ``length``, through a ``filter`` (a Web Audio filter type:
    ``"bandpass"``, ``"highpass"`` or ``"lowpass"``) at ``frequency`` hertz, a band pass ``q`` times narrower
    than its frequency; its ``gain`` is how loud the noise left by the filter sounds (:attr:`boost`)."""

    at: float
    length: float
    gain: float
    filter: str
    frequency: float
    q: float = 1.0
    attack: float = 0.002

    @property
    def boost(self) -> float:
        """What the filtered noise is multiplied by to sound at :attr:`gain`: a filter keeps its band's share of
        white noise's power, so a narrow band needs more (the square root of the share's inverse).

        >>> Noise(0, 0.1, 0.5, "highpass", 18_000).boost, Noise(0, 0.1, 0.5, "bandpass", 240, q=4).boost
        (2.0, 20.0)
        """
        band = {"bandpass": self.frequency / self.q, "lowpass": self.frequency}.get(self.filter, NYQUIST - self.frequency)
        return math.sqrt(NYQUIST / band)


@lazy_dataclass
class Tone:
    """A ``wave`` (``"sine"`` or ``"triangle"``) at ``frequency`` hertz, from ``at`` seconds for ``length``,
    falling quickly to ``end`` hertz if there is one (the pitch of a knock, of a "tock")."""

    at: float
    length: float
    gain: float
    frequency: float
    wave: str = "sine"
    end: float | None = None
    attack: float = 0.004


Voice = Noise | Tone

Recipe = Callable[[Random, float, int], list[Voice]]
"""A sound's voices, given the chance that varies them, the pace (a factor of :data:`PACES`) and how many things
make it."""


# -- the pieces the recipes share ----------------------------------------------------------------------------


def click(at: float, frequency: float, gain: float) -> Noise:
    """A tiny click: a hundredth of a second of noise around ``frequency``."""
    return Noise(at, 0.012, gain, "bandpass", frequency, q=1.5)


def knock(at: float, gain: float, pitch: float, bright: float) -> list[Voice]:
    """Something hard meeting a wooden table: a low thud of noise with a little pitch falling from ``pitch``, and
    the click of the touch, around ``bright`` hertz (a die's corner is brighter than a knuckle)."""
    return [
        Noise(at, 0.08, gain, "bandpass", pitch * 1.5, q=2.0),
        Tone(at, 0.07, gain * 0.6, pitch, end=pitch * 0.7, attack=0.002),
        click(at, bright, gain * 0.4),
    ]


def bell(at: float, frequency: float, gain: float, length: float) -> list[Voice]:
    """A soft bell: a sine and two fainter, shorter overtones."""
    return [
        Tone(at, length, gain, frequency, attack=0.003),
        Tone(at, length * 0.6, gain * 0.3, frequency * 2.0, attack=0.003),
        Tone(at, length * 0.3, gain * 0.12, frequency * 3.0, attack=0.003),
    ]


def chime(at: float, frequency: float, gain: float) -> list[Voice]:
    """A soft, round note: a triangle wave with a faint octave above it."""
    return [Tone(at, 0.45, gain, frequency, "triangle"), Tone(at, 0.2, gain * 0.25, frequency * 2.0)]


G4, C5, E5, G5, A5, C6, CS6 = 392.0, 523.25, 659.26, 783.99, 880.0, 1046.5, 1108.73
"""Notes, in hertz (``CS6``: C sharp)."""


# -- the recipes ---------------------------------------------------------------------------------------------


def dice(rng: Random, pace: float, count: int) -> list[Voice]:
    """Dice rattled in a cupped hand, then landing on a wooden table as the thrown dice do on the page: a rattle of
    tiny clicks while they fly, then two to five knocks from when they lie face up (:data:`TOUCHDOWN` of the
    throw), the last and softest as they come to rest (:data:`THROW` × ``pace``). With no animation (pace 0) the
    dice are down at once: a quick clatter.

    >>> landing = [v.at for v in dice(Random(3), 1.0, 1) if isinstance(v, Tone)]
    >>> round(landing[0], 3), round(landing[-1], 3), len(landing)
    (0.434, 0.7, 3)
    """
    sound: list[Voice] = []
    if pace:
        shaking = min(max(0.3 * pace, 0.1), 0.35)
        sound += [
            click(rng.uniform(0, shaking), rng.uniform(1800, 3400), rng.uniform(0.08, 0.18)) for _ in range(rng.randint(6, 9))
        ]
    at, knocks = THROW * TOUCHDOWN * pace, rng.randint(2, 5)
    for _ in range(knocks - 1):
        sound += knock(at, rng.uniform(0.28, 0.4), rng.uniform(170, 260), 3000)
        at += rng.uniform(0.02, 0.05)
    return sound + knock(max(at, THROW * pace), 0.2, rng.uniform(170, 260), 3000)


def tokens(rng: Random, pace: float, count: int) -> list[Voice]:
    """``count`` tokens (1 to 5) dropped on a pile one after the other, about 70 ms apart at the normal pace: each
    a bright short click and a tiny low thud."""
    gap = max(0.07 * pace, 0.03)
    sound: list[Voice] = []
    for n in range(min(max(count, 1), 5)):
        at = n * gap + rng.uniform(0, 0.008)
        sound += [
            Noise(at, 0.02, rng.uniform(0.25, 0.35), "bandpass", rng.uniform(4200, 5600), q=2.0),
            Tone(at, 0.03, 0.05, rng.uniform(2900, 3400), "triangle", attack=0.001),
            Noise(at + 0.004, 0.05, 0.2, "lowpass", 280),
        ]
    return sound


def move(rng: Random, pace: float, count: int) -> list[Voice]:
    """A marble's hop on a wooden board: a "tock", a sine falling fast in pitch, on a click of noise."""
    pitch = rng.uniform(820, 960)
    return [Tone(0, 0.09, 0.4, pitch, end=pitch * 0.35, attack=0.001), click(0, 2400, 0.15)]


def fill(rng: Random, pace: float, count: int) -> list[Voice]:
    """A pen stroke filling a box: some 180 ms of scratches, grains of noise in the pen's band, louder mid-stroke."""
    grains = 8
    return [
        Noise(
            n * 0.018 + rng.uniform(0, 0.006),
            0.045,
            0.18 * math.sin(math.pi * (n + 0.5) / grains) * rng.uniform(0.7, 1.0),
            "bandpass",
            rng.uniform(2600, 4400),
            q=1.8,
            attack=0.012,
        )
        for n in range(grains)
    ]


def stop(rng: Random, pace: float, count: int) -> list[Voice]:
    """A knuckle's knock on the table: one soft, low knock."""
    return knock(0, 0.4, rng.uniform(130, 150), 1100)


def start(rng: Random, pace: float, count: int) -> list[Voice]:
    """A game begins: a short rising chime of three soft notes."""
    return [*chime(0, E5, 0.16), *chime(0.1, A5, 0.14), *chime(0.2, CS6, 0.12)]


def win(rng: Random, pace: float, count: int) -> list[Voice]:
    """A happy win, under a second: an arpeggio of soft bells, the last one left ringing."""
    notes = (C5, E5, G5, C6)
    return [voice for n, note in enumerate(notes) for voice in bell(n * 0.1, note, 0.16, 0.65 if note == C6 else 0.4)]


def fanfare(rng: Random, pace: float, count: int) -> list[Voice]:
    """A bigger celebration, under a second and a half: a quick run up to a chord of bells, with sparkles and a
    shimmer of air over it."""
    run = [voice for n, note in enumerate((G4, C5, E5, G5)) for voice in chime(n * 0.08, note, 0.12)]
    chord = [voice for note in (C5, E5, G5, C6) for voice in bell(0.36, note, 0.09, 1.0)]
    sparkles = [
        voice for _ in range(4) for voice in bell(rng.uniform(0.5, 0.9), rng.choice((2093.0, 2637.0, 3136.0)), 0.03, 0.25)
    ]
    return [*run, *chord, *sparkles, Noise(0.36, 0.6, 0.03, "highpass", 7000, attack=0.05)]


def toggle(rng: Random, pace: float, count: int) -> list[Voice]:
    """A soft click of the interface (a switch, the volume)."""
    return [click(0, 2200, 0.2), Tone(0, 0.03, 0.06, 1300, end=900, attack=0.001)]


RECIPES: Mapping[str, Recipe] = {
    "dice": dice,
    "tokens": tokens,
    "move": move,
    "fill": fill,
    "stop": stop,
    "start": start,
    "win": win,
    "fanfare": fanfare,
    "toggle": toggle,
}
"""Each sound the app plays, by the name its :class:`~etoile.app.effects.Sound` effect gives (any other name plays
``"toggle"``)."""


def voices(name: str, rng: Random, pace: float, count: int = 1) -> list[Voice]:
    """The voices of the sound ``name`` (``"toggle"``'s for a name no recipe has).

    >>> voices("beep", Random(1), 1.0) == toggle(Random(1), 1.0, 1)
    True
    """
    return RECIPES.get(name, toggle)(rng, pace, count)
