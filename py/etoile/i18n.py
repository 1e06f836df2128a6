"""User-visible text in English, French, Russian and Spanish.

Strings live in ``locales/<lang>/*.json``: flat keys with ``{name}``
placeholders, one file per part of the app (``app.json`` for the shell, one per
game), all merged into one table; key prefixes keep them apart. The rules
pages are ``locales/<lang>/rules.json``. A value may be a plural
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


RULES_FILE = "rules.json"


def _load(path: Path) -> Any:
    with open(path, encoding="utf-8") as file:
        return json.load(file)


@cache
def string_files(lang: str) -> dict[str, dict[str, Any]]:
    """Each string file of ``lang`` by name (``app.json``, ``four21.json``, ...)."""
    folder = _DIR / lang
    return {p.name: _load(p) for p in sorted(folder.glob("*.json")) if p.name != RULES_FILE}


@cache
def strings(lang: str) -> dict[str, Any]:
    """The whole string table of ``lang``."""
    table: dict[str, Any] = {}
    for part in string_files(lang).values():
        table.update(part)
    return table


@cache
def rules(lang: str) -> dict[str, Any]:
    """The rules pages of ``lang``: ``{game: {title, summary, sections, options}}``."""
    return _load(_DIR / lang / RULES_FILE)


DECIMAL_COMMA = frozenset({"fr", "ru", "es"})
"""The languages that write a decimal comma."""


class Catalog:
    """Translate keys for one language, falling back to English, then to the key."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self._table = strings(lang)
        self._fallback = strings(DEFAULT)

    def decimal(self, value: float, places: int = 1) -> str:
        """``value`` with ``places`` decimals, as the language writes it: ``154.4`` in English, ``154,4`` in French.

        >>> catalog("en").decimal(154.36), catalog("fr").decimal(154.36), catalog("ru").decimal(2, 2)
        ('154.4', '154,4', '2,00')
        """
        text = f"{value:.{places}f}"
        return text.replace(".", ",") if self.lang in DECIMAL_COMMA else text

    def find(self, key: str) -> str | None:
        """The plain text of ``key`` in this language (else in English), ``None`` if neither has one."""
        value = self._table.get(key, self._fallback.get(key))
        return value if isinstance(value, str) else None

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
