"""The sounds, played with the Web Audio API, and the vibration of a device that can vibrate.

Every sound is made as it is played, from a recipe of :mod:`etoile.ui.runtime.sound_recipes`: there is no sound
file to download or to cache. The page has one ``AudioContext``, made with its first sound, a second of white
noise that every noise voice plays a stretch of, and a master gain, the volume. Before the player's first gesture
(a click, a key) a browser keeps a page silent and still: nothing is played then, and no context is made.
"""

from __future__ import annotations

import os
from random import Random
from typing import Any

from js import Float32Array, window
from pyodide.ffi import to_js

from etoile.saved.settings import Settings
from etoile.ui.runtime.sound_recipes import PACES, Noise, Voice, voices

NOISE_SECONDS = 1.0
"""The length of the noise the noise voices play stretches of, at random (no voice is longer)."""

LEAD = 0.01
"""Seconds between asking for a sound and its start, so that no voice is due before it is set up."""

NOISE_SCALE = 1 / 32768
"""The noise is whole numbers of 16 bits (drawn and turned into samples by the browser at once, not one by one in
Python, which would hold the page up at the first sound); each noise voice's gain brings them to -1..1."""

SILENT = 0.0001
"""The gain a voice fades out to (a gain falls exponentially, so never to 0)."""


def has_been_active() -> bool:
    """Whether the player has touched the page since it opened (a browser that cannot tell: yes)."""
    activation = getattr(window.navigator, "userActivation", None)
    return activation is None or bool(activation.hasBeenActive)


def animation_pace(speed: str) -> float:
    """The factor of the page's animations at the animation ``speed``; 0 when the system asks for reduced motion,
    as the stylesheet does."""
    return 0.0 if window.matchMedia("(prefers-reduced-motion: reduce)").matches else PACES[speed]


def loudness(volume: int) -> float:
    """The master gain of a volume in percent: its square, as the ear hears a gain's steps at the top smaller than
    at the bottom."""
    return (volume / 100) ** 2


class Mixer:
    """The page's audio: its context, its master gain, its noise, and the chance that varies every sound."""

    def __init__(self, context: Any, rng: Random) -> None:
        self.context = context
        self.rng = rng
        self.master = context.createGain()
        self.master.connect(context.destination)
        frames = int(context.sampleRate * NOISE_SECONDS)
        self.noise = context.createBuffer(1, frames, context.sampleRate)
        drawn = to_js(memoryview(os.urandom(2 * frames)).cast("h"))  # an Int16Array
        self.noise.copyToChannel(getattr(Float32Array, "from")(drawn), 0)

    def play(self, sound: list[Voice], volume: int) -> None:
        """Play the voices of ``sound`` from now on, at ``volume`` percent."""
        context = self.context
        if context.state == "suspended":  # a browser suspends a page's audio when it has been left unused
            context.resume()
        now = context.currentTime
        self.master.gain.setValueAtTime(loudness(volume), now)
        for voice in sound:
            start = now + LEAD + voice.at
            if isinstance(voice, Noise):
                self.noise_voice(voice, start)
            else:
                tone = context.createOscillator()
                tone.type = voice.wave
                tone.frequency.setValueAtTime(voice.frequency, start)
                if voice.end is not None:  # falling fast, then slower and slower
                    tone.frequency.setTargetAtTime(voice.end, start, voice.length / 4)
                tone.connect(self.envelope(start, voice.length, voice.attack, voice.gain))
                tone.start(start)
                tone.stop(start + voice.length)

    def noise_voice(self, voice: Noise, start: float) -> None:
        source, band = self.context.createBufferSource(), self.context.createBiquadFilter()
        source.buffer = self.noise
        band.type = voice.filter
        band.frequency.value = voice.frequency
        if voice.filter == "bandpass":
            band.Q.value = voice.q
        source.connect(band)
        band.connect(self.envelope(start, voice.length, voice.attack, voice.gain * voice.boost * NOISE_SCALE))
        source.start(start, self.rng.uniform(0, NOISE_SECONDS - voice.length), voice.length)

    def envelope(self, start: float, length: float, attack: float, peak: float) -> Any:
        """A gain into the master that rises to ``peak`` in ``attack`` seconds and fades out by ``length``."""
        gain = self.context.createGain()
        gain.gain.setValueAtTime(0, start)
        gain.gain.linearRampToValueAtTime(peak, start + attack)
        gain.gain.exponentialRampToValueAtTime(SILENT, start + length)
        gain.connect(self.master)
        return gain


_mixer: Mixer | None = None


def mixer() -> Mixer | None:
    """The page's audio, made the first time it is asked for once the player has touched the page; ``None`` before
    that, or in a browser without the Web Audio API."""
    global _mixer
    if _mixer is None and has_been_active():
        context = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
        if context is not None:
            _mixer = Mixer(context.new(), Random())
    return _mixer


def play_sound(name: str, *, volume: int, pace: float, count: int = 1) -> None:
    """Play the sound ``name`` (:data:`~etoile.ui.runtime.sound_recipes.RECIPES`; another name plays
    ``"toggle"``) at ``volume`` percent, timed for the animations' ``pace`` (:func:`animation_pace`), made by ``count``
    things (the tokens dropped)."""
    audio = mixer() if volume else None
    if audio is not None:
        audio.play(voices(name, audio.rng, pace, count), volume)


def buzz(ms: int, settings: Settings) -> None:
    """Vibrate the device for ``ms`` milliseconds, if it can, the player lets it and has touched the page."""
    if settings.vibrate and hasattr(window.navigator, "vibrate") and has_been_active():
        window.navigator.vibrate(ms)
