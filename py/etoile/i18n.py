"""User-visible text in English, French and Russian.

Strings live in ``locales/<lang>.json`` (flat keys, ``{name}`` placeholders) and
the rules pages in ``locales/rules.<lang>.json``. A value may be a plural
table ``{"one": ..., "few": ..., "many": ..., "other": ...}`` chosen by
:func:`plural_form` from the ``count`` parameter.

>>> t = catalog("ru")
>>> t("settings.title")
'Настройки'
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from etoile.settings import LANGUAGES

DEFAULT = "en"
_DIR = Path(__file__).with_name("locales")


def plural_form(lang: str, count: int) -> str:
    """The CLDR plural category of ``count`` in ``lang`` (integers only)."""
    n = abs(count)
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    if lang == "fr":
        return "one" if n in (0, 1) else "other"
    return "one" if n == 1 else "other"


@cache
def strings(lang: str) -> dict[str, Any]:
    """The raw string table of ``lang``."""
    with open(_DIR / f"{lang}.json", encoding="utf-8") as file:
        return json.load(file)


@cache
def rules(lang: str) -> dict[str, Any]:
    """The rules pages of ``lang``: ``{game: {title, summary, sections, options}}``."""
    with open(_DIR / f"rules.{lang}.json", encoding="utf-8") as file:
        return json.load(file)


class Catalog:
    """Translate keys for one language, falling back to English, then to the key."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self._table = strings(lang)
        self._fallback = strings(DEFAULT)

    def __call__(self, key: str, **params: Any) -> str:
        value = self._table.get(key, self._fallback.get(key, key))
        if isinstance(value, dict):
            value = value.get(plural_form(self.lang, int(params.get("count", 0))), value.get("other", key))
        return value.format(**params) if params else value


@cache
def catalog(lang: str) -> Catalog:
    return Catalog(lang if lang in LANGUAGES else DEFAULT)


def pick_language(preferred: Iterable[str]) -> str:
    """The first supported language among the browser's (``"fr-CA"`` counts as ``"fr"``)."""
    for tag in preferred:
        base = str(tag).split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return DEFAULT
