"""The player's preferences, as one validated value."""

from __future__ import annotations

import unicodedata
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

LANGUAGES = ("en", "fr", "ru", "es")
THEMES = ("system", "light", "dark")
SPEEDS = ("slow", "normal", "fast", "off")
NAME_LENGTH = 32


def _joins(ch: str) -> bool:
    """Whether ``ch`` belongs to the character before it, in one grapheme cluster: a combining mark, a zero-width
    joiner or non-joiner, a variation selector, an emoji skin tone, a tag (the letters of a flag such as Scotland's)."""
    return (
        unicodedata.category(ch) in ("Mn", "Me", "Mc")
        or ch in "\u200c\u200d"
        or "\ufe00" <= ch <= "\ufe0f"
        or "\U0001f3fb" <= ch <= "\U0001f3ff"
        or "\U000e0020" <= ch <= "\U000e007f"
        or "\U000e0100" <= ch <= "\U000e01ef"
    )


def _regional(ch: str) -> bool:
    """Whether ``ch`` is a regional indicator: two of them make a flag."""
    return "\U0001f1e6" <= ch <= "\U0001f1ff"


def _cluster_start(text: str, end: int) -> int:
    """The last grapheme-cluster boundary at or before ``end`` in ``text``: where ``text`` may be cut."""
    cut = end
    while 0 < cut < len(text):
        before, after = text[cut - 1], text[cut]
        if _joins(after) or before == "\u200d":
            cut -= 1
        elif _regional(before) and _regional(after):
            run = cut - 1
            while run > 0 and _regional(text[run - 1]):
                run -= 1
            if (cut - run) % 2 == 0:
                break
            cut -= 1
        else:
            break
    return cut


def clean_name(text: str) -> str:
    r"""A player name as typed, made safe to keep: control characters dropped, spaces folded, cut to length.

    Control and separator characters become spaces; the invisible format characters go, those that can reorder
    the text around them above all (bidi embeddings, overrides, isolates and marks), except those that hold an
    emoji or a letter together (:func:`_joins`), kept where they follow a character. The cut to length falls
    between grapheme clusters. It stays plain text: the page shows it with text nodes, never as HTML.

    >>> clean_name("  <img src=x onerror=alert(1)>\t ")
    '<img src=x onerror=alert(1)>'
    >>> clean_name("Ann \u202eEva\u202c \U0001f469\u200d\U0001f467") == "Ann Eva \U0001f469\u200d\U0001f467"
    True
    """
    kept: list[str] = []
    for ch in text:
        if _joins(ch):
            if kept and not kept[-1].isspace():
                kept.append(ch)
        elif ch.isprintable():
            kept.append(ch)
        elif unicodedata.category(ch) in ("Cc", "Zs", "Zl", "Zp"):
            kept.append(" ")
    folded = " ".join("".join(kept).split())
    if len(folded) <= NAME_LENGTH:
        return folded
    return folded[: _cluster_start(folded, NAME_LENGTH) or NAME_LENGTH].rstrip()


@dataclass(frozen=True, slots=True)
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
