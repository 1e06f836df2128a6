"""Today's challenge: the same game for everyone on the same day, with no server.

A game that offers a daily challenge (:attr:`etoile.engine.registry.GameSpec.daily`) plays it from a seed that
the day alone decides (:func:`day_seed`), so every device computes the same one, offline too. Its chance is
*duplicate*: what the dice show at a throw depends on where the throw stands in the game (the game's
``duplicate_key``: say the round, the seat and the throw of the turn) and on the day, never on what was thrown
before (:func:`duplicate_roll`). Two players who keep the same dice at the same throw see the same faces, so
their results compare on equal luck, and so does the perfect player's.

The day is the player's local calendar date, ``YYYY-MM-DD``. The first game of a day on a device counts
(attempt 1); the next ones that day are replays (:class:`Daily`).

>>> day_seed("2026-12-07") == day_seed("2026-12-07"), day_seed("2026-12-07") == day_seed("2026-12-08")
(True, False)
>>> duplicate_roll(day_seed("2026-12-07"), (1, 0, 1), 5)
(1, 3, 4, 4, 6)
>>> duplicate_roll(day_seed("2026-12-07"), (1, 0, 1), 2)  # the first two of the same five
(1, 3)
>>> streak(["2026-12-05", "2026-12-06", "2026-12-07"], "2026-12-07"), streak(["2026-12-05"], "2026-12-07")
(3, 0)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date, timedelta

from etoile.engine.game import JSON
from etoile.engine.lazy import lazy_dataclass
from etoile.engine.rng import Dice, splitmix64

DAY = re.compile(r"\d{4}-\d\d-\d\d")
"""A day as the challenge names it: the local calendar date, ``2026-12-07``."""
SALT = 0x45544F494C45
"""The seed of the days' seeds: ``ETOILE`` in ASCII."""
MOST_ATTEMPTS = 999


def valid_day(text: object) -> bool:
    """Whether ``text`` is a real calendar day written ``YYYY-MM-DD``.

    >>> valid_day("2026-12-07"), valid_day("2026-02-30"), valid_day("7/12/2026")
    (True, False, False)
    """
    if not isinstance(text, str) or not DAY.fullmatch(text):
        return False
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


def day_seed(day: str) -> int:
    """The seed of ``day``'s challenge: SplitMix64's output number ``YYYYMMDD`` from the seed :data:`SALT`
    (:func:`etoile.engine.rng.splitmix64`), so anyone can compute it again.

    >>> day_seed("2026-12-07")
    2181704916449021606
    """
    if not valid_day(day):
        raise ValueError(f"a day is written YYYY-MM-DD, not {day!r}")
    return splitmix64(SALT, int(day.replace("-", "")))


def duplicate_roll(seed: int, key: tuple[int, ...], count: int) -> tuple[int, ...]:
    """The faces of ``count`` dice thrown at the place ``key`` of a game of ``seed``: the first ``count`` of the
    five faces that place holds, in order (each die as :class:`etoile.engine.rng.Dice` throws it, from the seed
    folded with each number of the key by SplitMix64)."""
    for part in key:
        seed = splitmix64(seed, part)
    faces, _ = Dice(seed).roll(count)
    return faces


def day_before(day: str) -> str:
    """The calendar day before ``day``.

    >>> day_before("2027-01-01")
    '2026-12-31'
    """
    return (date.fromisoformat(day) - timedelta(days=1)).isoformat()


def streak(days: Iterable[str], today: str) -> int:
    """How many days in a row end today, or yesterday when today's is not played yet, among ``days`` (those with a
    counted game)."""
    played = set(days)
    day = today if today in played else day_before(today)
    count = 0
    while day in played:
        count, day = count + 1, day_before(day)
    return count


@lazy_dataclass
class Daily:
    """A match that is ``day``'s challenge: its ``attempt`` that day on this device (the first counts, the others
    are replays) and, once known, ``par``: the perfect player's result on the same chance (its score, or the
    length of the best solution). JSON: ``{"day": "2026-12-07", "attempt": 1, "par": 231}``."""

    day: str
    attempt: int = 1
    par: int | None = None

    def __post_init__(self) -> None:
        if not valid_day(self.day):
            raise ValueError(f"a day is written YYYY-MM-DD, not {self.day!r}")
        if type(self.attempt) is not int or not 1 <= self.attempt <= MOST_ATTEMPTS:
            raise ValueError(f"an attempt is a number 1 to {MOST_ATTEMPTS}")
        if self.par is not None and (type(self.par) is not int or not 0 <= self.par <= 100_000):
            raise ValueError("a challenge's par is a whole number")

    @property
    def counts(self) -> bool:
        """Whether this is the game that counts for its day (the first), not a replay."""
        return self.attempt == 1

    @property
    def seed(self) -> int:
        return day_seed(self.day)

    def to_json(self) -> dict[str, JSON]:
        return {"day": self.day, "attempt": self.attempt, **({"par": self.par} if self.par is not None else {})}

    @classmethod
    def from_json(cls, data: JSON) -> Daily:
        """The challenge of :meth:`to_json`'s output; ``ValueError`` if it is not one."""
        if not isinstance(data, dict) or not set(data) <= {"day", "attempt", "par"}:
            raise ValueError("a daily challenge is an object with a 'day', an 'attempt' and maybe a 'par'")
        return cls(data.get("day"), data.get("attempt", 1), data.get("par"))  # type: ignore[arg-type]  # checked above
