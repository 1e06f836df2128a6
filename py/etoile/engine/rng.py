"""Seeded, replayable dice.

A :class:`Dice` value is the whole state of a generator: a seed and the number
of draws already taken. It lives inside a game's state, so a saved game
replays exactly and a test can fix every throw. Draw ``n`` of a seed is
SplitMix64's ``n``-th output, so any draw can be computed directly and the
results are the same on CPython and on Pyodide.

>>> dice = Dice(seed=421)
>>> faces, dice = dice.roll(3)
>>> faces
(3, 3, 3)
>>> dice.draws
3
"""

from __future__ import annotations

from etoile.engine.lazy import lazy_dataclass

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def splitmix64(seed: int, index: int) -> int:
    """Return the ``index``-th 64-bit output of SplitMix64 seeded with ``seed``."""
    z = (seed + (index + 1) * _GAMMA) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@lazy_dataclass
class Dice:
    """A dice generator as plain data: ``seed`` and ``draws`` taken so far."""

    seed: int
    draws: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise TypeError("seed must be an int")
        if not 0 <= self.seed <= _MASK:
            raise ValueError("seed must be in 0 .. 2**64 - 1")
        if not isinstance(self.draws, int) or isinstance(self.draws, bool) or self.draws < 0:
            raise ValueError("draws must be a non-negative int")

    def roll(self, count: int, sides: int = 6) -> tuple[tuple[int, ...], Dice]:
        """Throw ``count`` dice of ``sides`` faces; return the faces and the next state."""
        if count < 0:
            raise ValueError("count must be >= 0")
        if sides < 1:
            raise ValueError("sides must be >= 1")
        # Draws at or above the largest multiple of ``sides`` below 2**64 are
        # thrown away, so that every face has exactly the same chance.
        limit = (1 << 64) - (1 << 64) % sides
        faces: list[int] = []
        index = self.draws
        while len(faces) < count:
            value = splitmix64(self.seed, index)
            index += 1
            if value < limit:
                faces.append(value % sides + 1)
        return tuple(faces), Dice(self.seed, index)

    def to_json(self) -> dict[str, int]:
        return {"seed": self.seed, "draws": self.draws}

    @classmethod
    def from_json(cls, data: object) -> Dice:
        if not isinstance(data, dict) or set(data) != {"seed", "draws"}:
            raise ValueError("dice must be an object with 'seed' and 'draws'")
        return cls(data["seed"], data["draws"])


def seed_from(value: int) -> int:
    """Fold any int (a timestamp, a test number) into a valid seed."""
    return splitmix64(value & _MASK, 0)
