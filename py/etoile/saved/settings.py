"""The player's preferences, as one validated value."""

from __future__ import annotations

from dataclasses import asdict, fields, replace
from typing import Any

from etoile.engine.lazy import lazy_dataclass
from etoile.engine.names import clean_name

LANGUAGES = ("en", "fr", "ru", "es")
THEMES = ("system", "light", "dark")
SPEEDS = ("slow", "normal", "fast", "off")


@lazy_dataclass
class Settings:
    """``language`` is ``None`` until the player picks one: the browser's language is used.

    ``name`` is the player's own name, offered for the person seats of new games;
    ``coach`` shows the computer's advice to people at the tables that have a coach.
    """

    language: str | None = None
    name: str = ""
    sound: bool = True
    speed: str = "normal"
    theme: str = "system"
    coach: bool = False

    def __post_init__(self) -> None:
        if self.language is not None and self.language not in LANGUAGES:
            raise ValueError(f"unknown language {self.language!r}")
        if not isinstance(self.name, str) or self.name != clean_name(self.name):
            raise ValueError("name must be a short line of text")
        if not isinstance(self.sound, bool) or not isinstance(self.coach, bool):
            raise ValueError("sound and coach must be true or false")
        if self.speed not in SPEEDS:
            raise ValueError(f"unknown animation speed {self.speed!r}")
        if self.theme not in THEMES:
            raise ValueError(f"unknown theme {self.theme!r}")

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """The settings of :meth:`to_json`'s output; fields this version does not know are dropped, but an object
        with fields and none of the settings' is another record (a saved game...), not settings.

        >>> Settings.from_json({"theme": "dark", "confetti": True}).theme
        'dark'
        >>> Settings.from_json({"game": "421", "seed": 7})
        Traceback (most recent call last):
        ...
        ValueError: settings hold none of the fields game, seed
        """
        if not isinstance(data, dict):
            raise ValueError("settings must be an object")
        if data and not any(f.name in data for f in fields(cls)):
            raise ValueError(f"settings hold none of the fields {', '.join(sorted(map(str, data)))[:200]}")
        return cls(**{f.name: data[f.name] for f in fields(cls) if f.name in data})

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **changes)
