"""User-visible text in English, French, Russian and Spanish.

Strings live in JSON files of flat keys with ``{name}`` placeholders: the
shell's in ``locales/<lang>/app.json`` beside this module, each game's in its
own package (:meth:`etoile.engine.registry.GameSpec.locale_file`: its
``<namespace>.*`` keys and its ``game.<id>.*`` name and line), all merged into
one table; key prefixes keep them apart. Each game's rules page is in its
package too (:meth:`etoile.engine.registry.GameSpec.rules_file`). A value may be a plural
table ``{"one": ..., "few": ..., "many": ..., "other": ...}`` chosen by
:func:`plural_form` from the ``count`` parameter. French fills its
placeholders as French is written: a word before a value that opens with a
vowel sound is elided (:func:`french_fill`); its texts are set with the
no-break spaces of French typography as they are read (:func:`french_spaces`).

>>> t = catalog("ru")
>>> t("settings.title")
'Настройки'
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from etoile.engine.registry import GameSpec, specs
from etoile.saved.settings import LANGUAGES

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


def _load(path: Path) -> Any:
    with open(path, encoding="utf-8") as file:
        return json.load(file)


_FRENCH_SPACES = (
    (re.compile(r"[ \u00a0\u202f]+([;!?])"), "\u202f\\1"),
    (re.compile(r"[ \u00a0\u202f]+([:%»])"), "\u00a0\\1"),
    (re.compile(r"«[ \u00a0\u202f]+"), "«\u00a0"),
)


def french_spaces(text: str) -> str:
    """``text`` with French typography's no-break spaces: a thin one before ``;``, ``!`` and ``?``, a full one before
    ``:``, ``%`` and ``»`` and after ``«`` (so that no line ever starts with one of them).

    >>> french_spaces("Qui commence ? « Ann » : 90 %") == "Qui commence\u202f? «\u00a0Ann\u00a0»\u00a0: 90\u00a0%"
    True
    """
    for pattern, space in _FRENCH_SPACES:
        text = pattern.sub(space, text)
    return text


def _typeset(lang: str, value: Any) -> Any:
    """A value of ``lang``'s files (text, plural table, rules page) with its typography applied to every text."""
    if lang != "fr":
        return value
    if isinstance(value, str):
        return french_spaces(value)
    if isinstance(value, dict):
        return {key: _typeset(lang, item) for key, item in value.items()}
    if isinstance(value, list):
        return [_typeset(lang, item) for item in value]
    return value


@cache
def _shell_files(lang: str) -> dict[str, dict[str, Any]]:
    return {p.name: _typeset(lang, _load(p)) for p in sorted((_DIR / lang).glob("*.json"))}


@cache
def _game_file(spec: GameSpec, lang: str) -> dict[str, Any]:
    return dict(_typeset(lang, _load(spec.locale_file(lang))))


@cache
def _rules_page(spec: GameSpec, lang: str) -> dict[str, Any]:
    return dict(_typeset(lang, _load(spec.rules_file(lang))))


def string_files(lang: str) -> dict[str, dict[str, Any]]:
    """Each string file of ``lang``, typeset as the language writes: the shell's by its name (``app.json``), each
    registered game's by its namespace."""
    return _shell_files(lang) | {spec.namespace: _game_file(spec, lang) for spec in specs()}


def strings(lang: str) -> dict[str, Any]:
    """The whole string table of ``lang``: the shell's and every registered game's."""
    return _strings(lang, specs())


@cache
def _strings(lang: str, games: tuple[GameSpec, ...]) -> dict[str, Any]:
    table: dict[str, Any] = {}
    for part in string_files(lang).values():
        table.update(part)
    return table


def rules(lang: str) -> dict[str, Any]:
    """The rules pages of ``lang``, by game namespace: ``{namespace: {title, summary, sections, options}}``."""
    return {spec.namespace: _rules_page(spec, lang) for spec in specs()}


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

    def percent(self, fraction: float, places: int = 1) -> str:
        """``fraction`` as a percentage with at most ``places`` decimals, as the language writes it (the template
        writes the sign, with the space French puts before it): ``99.5`` and ``90`` in English, ``99,5`` in French.

        >>> catalog("en").percent(0.995), catalog("fr").percent(0.995), catalog("ru").percent(0.9), catalog("fr").percent(1 / 3)
        ('99.5', '99,5', '90', '33,3')
        """
        text = self.decimal(100 * fraction, places)
        return text.rstrip("0").rstrip(".,") if places else text

    def find(self, key: str) -> str | None:
        """The plain text of ``key`` in this language (else in English), ``None`` if neither has one."""
        value = self._table.get(key, self._fallback.get(key))
        return value if isinstance(value, str) else None

    def __call__(self, key: str, **params: Any) -> str:
        value = self._table.get(key, self._fallback.get(key, key))
        if isinstance(value, dict):
            value = value.get(plural_form(self.lang, int(params.get("count", 0))), value.get("other", key))
        if not params:
            return str(value)
        return french_fill(value, params) if self.lang == "fr" else value.format(**params)


_ELIDED = re.compile(r"(?<![\w’'])(de|que|le|la|je|ne|se) $", re.IGNORECASE)
"""The French words that lose their vowel before a vowel sound, when a template puts one right before a placeholder."""

_CONTRACTED = re.compile(r"(?<![\w’'])(de|à) $", re.IGNORECASE)
_ARTICLE = re.compile(r"(les?) ")
"""An article opening a value (lower case: a name such as "Le Gall" keeps its "de")."""
_CONTRACTIONS = {("de", "le"): "du", ("de", "les"): "des", ("à", "le"): "au", ("à", "les"): "aux"}

APOSTROPHE = "’"
"""The apostrophe of the French texts (typographic, as every French file writes it)."""


def starts_with_vowel_sound(text: str) -> bool:
    """Whether a French word is elided before ``text``: a vowel (accented or not), a mute h, a y before a consonant.

    >>> [starts_with_vowel_sound(w) for w in ("Ordinateur 2", "Étoile", "hôte", "Yves", "Yann", "Bob", "421", "")]
    [True, True, True, True, False, False, False, False]
    """
    first, second = text[:1].lower(), text[1:2].lower()
    if first == "y":
        return second != "" and second not in _VOWELS
    return first != "" and (first in _VOWELS or first == "h")


_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüÿæœ")


def french_fill(template: str, params: dict[str, Any]) -> str:
    """``template.format(**params)`` as French writes it where a value meets the word before it.

    Before a value with a vowel sound, *de*, *que*, *le*, *la*, *je*, *ne*, *se* are elided,
    and *de*/*à* before a value that opens with *le*/*les* contract to *du*, *des*, *au*, *aux*:

    >>> french_fill("le tour de {name}", {"name": "Ordinateur 2"})
    'le tour d’Ordinateur 2'
    >>> french_fill("Le {hand} de {name}, plus fort que {other}", {"hand": "421", "name": "Bob", "other": "Ana"})
    'Le 421 de Bob, plus fort qu’Ana'
    >>> french_fill("De {a} à {b}", {"a": "Hélène", "b": "le centre"})
    'D’Hélène au centre'
    >>> french_fill("le tour de {name}", {"name": "Le Gall"})
    'le tour de Le Gall'
    """
    out: list[str] = []
    formatter = string.Formatter()
    for literal, field, spec, conversion in formatter.parse(template):
        out.append(literal)
        if field is None:
            continue
        value = formatter.convert_field(formatter.get_field(field, (), params)[0], conversion)
        text = formatter.format_field(value, formatter.vformat(spec or "", (), params))
        before = "".join(out)
        if (word := _ELIDED.search(before)) and starts_with_vowel_sound(text):
            before = before[: word.start()] + word.group(1)[:-1] + APOSTROPHE
        elif (word := _CONTRACTED.search(before)) and (article := _ARTICLE.match(text)):
            merged = _CONTRACTIONS[(word.group(1).lower(), article.group(1).lower())]
            before = before[: word.start()] + (merged.capitalize() if word.group(1)[0].isupper() else merged) + " "
            text = text[article.end() :]
        out = [before, text]
    return "".join(out)


def catalog(lang: str) -> Catalog:
    """The catalogue of ``lang`` (English for a language the app does not speak), with every registered game's
    strings."""
    return _catalog(lang if lang in LANGUAGES else DEFAULT, specs())


@cache
def _catalog(lang: str, games: tuple[GameSpec, ...]) -> Catalog:
    return Catalog(lang)


def pick_language(preferred: Iterable[str]) -> str:
    """The first supported language among the browser's (``"fr-CA"`` counts as ``"fr"``)."""
    for tag in preferred:
        base = str(tag).split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return DEFAULT
