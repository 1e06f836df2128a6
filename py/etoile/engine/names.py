"""A player's name as it is kept: one short line of plain text, whoever typed it and wherever it came from.

Seats (:class:`etoile.engine.match.Seat`), the settings' own name and the names read from links and saved games
all hold a name only once :func:`clean_name` made it safe.
"""

from __future__ import annotations

import unicodedata

NAME_LENGTH = 32
"""The longest name kept, in characters (the name boxes accept no more)."""


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
