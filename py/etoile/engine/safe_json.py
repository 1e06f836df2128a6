"""JSON text read from outside (storage, an imported file) with bounds checked before parsing.

Python's JSON parser recurses once per level of nesting. In the browser the
interpreter's stack is far smaller than its recursion limit, so a value nested
a few thousand levels deep does not raise ``RecursionError``: it kills the
interpreter. :func:`loads` therefore measures the text's size and its deepest
nesting first, in one loop that cannot overflow, and parses only text within
both bounds.

>>> loads('{"a": [1, 2, {"b": "[[["}]}')
{'a': [1, 2, {'b': '[[['}]}
>>> loads("[" * 100 + "]" * 100)
Traceback (most recent call last):
...
etoile.engine.safe_json.TooDeep: the text is nested 100 levels deep; at most 32 are read
>>> depth('{"a": [1, "]]]]", {"b": []}]}')  # the brackets inside the string do not count
4
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any, Literal

MAX_CHARS = 1_000_000
"""The longest text read: far above the largest real record (a long game is a few tens of kilobytes)."""

MAX_DEPTH = 32
"""The deepest nesting read: real records nest at most 8 levels (an export of a dice game's turns)."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


Reason = Literal["not_json", "too_large", "too_deep"]
"""Why a text is not read."""


class Unreadable(ValueError):
    """Text that is not read; ``reason`` names why (``"too_large"``, ``"too_deep"``, ``"not_json"``)."""

    reason: Reason = "not_json"


class TooLarge(Unreadable):
    reason = "too_large"


class TooDeep(Unreadable):
    reason = "too_deep"


def depth(text: str) -> int:
    """The deepest nesting of brackets in ``text``, outside JSON strings (an unclosed string is counted as outside)."""
    outside = _STRING.sub('""', text)
    steps = (_STEP[m.group()] for m in _BRACKET.finditer(outside))
    return max(accumulate(steps, initial=0))


def loads(text: object, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """Parse ``text`` as JSON; :class:`Unreadable` (a ``ValueError``) if it is not text, too long, too deep or not JSON."""
    if not isinstance(text, str):
        raise Unreadable(f"expected text, not {type(text).__name__}")
    if len(text) > max_chars:
        raise TooLarge(f"the text is {len(text):,} characters long; at most {max_chars:,} are read")
    levels = depth(text)
    if levels > max_depth:
        raise TooDeep(f"the text is nested {levels} levels deep; at most {max_depth} are read")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise Unreadable(f"not JSON: {error}") from error
