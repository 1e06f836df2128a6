"""English, French, Russian and Spanish are complete, consistent, and used everywhere."""

import json
import re
import string
from html.parser import HTMLParser
from pathlib import Path

import pytest

from etoile.games import REGISTRY
from etoile.i18n import Catalog, catalog, pick_language, plural_form, rules, string_files, strings
from etoile.routes import GAMES
from etoile.settings import LANGUAGES
from tools.build import localise_page

ROOT = Path(__file__).resolve().parents[2]
PLURAL_FORMS = {"en": {"one", "other"}, "fr": {"one", "other"}, "ru": {"one", "few", "many"}, "es": {"one", "other"}}


def placeholders(value: str | dict) -> set[str]:
    texts = value.values() if isinstance(value, dict) else [value]
    return {name for text in texts for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_exactly_the_english_keys_in_the_same_files(lang: str) -> None:
    assert {name: set(part) for name, part in string_files(lang).items()} == {
        name: set(part) for name, part in string_files("en").items()
    }


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_key_is_defined_in_two_files(lang: str) -> None:
    sizes = [len(part) for part in string_files(lang).values()]
    assert sum(sizes) == len(strings(lang))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_has_the_same_placeholders_in_every_language(lang: str) -> None:
    for key, value in strings("en").items():
        assert placeholders(strings(lang)[key]) == placeholders(value), key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_tables_have_the_forms_of_their_language(lang: str) -> None:
    for key, value in strings(lang).items():
        if isinstance(value, dict):
            assert set(value) == PLURAL_FORMS[lang], key


@pytest.mark.parametrize(
    ("lang", "counts"),
    [
        ("en", {"one": [1], "other": [0, 2, 5, 11, 21]}),
        ("fr", {"one": [0, 1], "other": [2, 5, 11, 21]}),
        ("ru", {"one": [1, 21, 101], "few": [2, 3, 4, 22, 34], "many": [0, 5, 11, 12, 14, 25, 111]}),
    ],
)
def test_plural_forms(lang: str, counts: dict[str, list[int]]) -> None:
    for form, numbers in counts.items():
        assert [plural_form(lang, n) for n in numbers] == [form] * len(numbers)


def test_plurals_and_placeholders_are_filled_in() -> None:
    assert catalog("ru")("import.done", count=3) == "Импортировано 3 элемента."
    assert catalog("ru")("import.done", count=21) == "Импортирован 21 элемент."
    assert catalog("fr")("import.done", count=0) == "0 élément importé."
    assert catalog("en")("home.greeting", name="<b>") == "Welcome back, <b>."


def test_an_unknown_key_falls_back_to_the_key_itself() -> None:
    assert Catalog("fr")("no.such.key") == "no.such.key"


@pytest.mark.parametrize(
    ("preferred", "expected"),
    [
        (["fr-CA", "en"], "fr"),
        (["de-DE", "ru"], "ru"),
        (["de", "es"], "es"),
        (["de", "it"], "en"),
        (["es-AR"], "es"),
        ([], "en"),
        (["RU"], "ru"),
    ],
)
def test_the_browser_language_picks_the_first_supported_one(preferred: list[str], expected: str) -> None:
    assert pick_language(preferred) == expected


def keys_used_in_code() -> set[str]:
    """Every literal locale key in the app's Python code (f-string keys are expanded per game and value)."""
    used: set[str] = set()
    for path in (ROOT / "py" / "etoile").rglob("*.py"):
        used |= set(re.findall(r"""\bt\(\s*"([a-z_]+(?:[.-][a-z0-9_]+)+)"[,)]""", path.read_text()))
        used |= set(re.findall(r"""(?:notify|Msg|catalog\([^)]*\))\(\s*"([a-z_]+\.[a-z0-9_.]+)\"""", path.read_text()))
    return used


def test_every_key_the_code_uses_exists() -> None:
    used = keys_used_in_code()
    assert len(used) > 40
    assert used - set(strings("en")) == set()


def test_every_game_has_a_name_and_a_line() -> None:
    for game in GAMES:
        assert {f"game.{game}.name", f"game.{game}.line"} <= set(strings("en"))


def shape(node: object) -> object:
    """The structure of a rules page, with the words taken out."""
    if isinstance(node, dict):
        return {k: (v if k == "id" else shape(v)) for k, v in node.items()}
    if isinstance(node, list):
        return [shape(item) for item in node]
    return type(node).__name__


def test_the_rules_pages_have_the_same_shape_in_every_language() -> None:
    assert shape(rules("fr")) == shape(rules("en"))
    assert shape(rules("ru")) == shape(rules("en"))
    assert sorted(rules("en")) == sorted(game.DESCRIPTION.namespace for game in REGISTRY.values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rules_page_names_every_option_the_game_offers(lang: str) -> None:
    for game in REGISTRY.values():
        spec = game.DESCRIPTION
        page = rules(lang)[spec.namespace]
        assert [o["id"] for o in page["options"]] == [o.id for o in spec.offered]
        for option in page["options"]:
            assert all(option[field].strip() for field in ("default", "alternative", "text"))


def test_the_421_rules_page_lists_all_sixteen_named_hands_in_order() -> None:
    text = json.dumps(rules("en")["four21"], ensure_ascii=False)
    positions = [
        text.index(hand)
        for hand in [
            "421",
            "111",
            "611",
            "666",
            "511",
            "555",
            "411",
            "444",
            "311",
            "333",
            "211",
            "222",
            "654",
            "543",
            "432",
            "321",
        ]
    ]
    assert positions == sorted(positions)
    assert "221" in text


class LoadingText(HTMLParser):
    """Collects the ``<tag lang=.. data-i18n=..>`` texts of the served index.html (its loading and failure screens)."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: dict[tuple[str, str], str] = {}
        self._open: tuple[str, str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if "data-i18n" in found:
            self._open = (found["lang"] or "", found["data-i18n"] or "")

    def handle_data(self, data: str) -> None:
        if self._open:
            self.texts[self._open] = self.texts.get(self._open, "") + data

    def handle_endtag(self, tag: str) -> None:
        self._open = None


def test_the_loading_and_failure_screens_say_the_locale_texts_in_every_language() -> None:
    source = (ROOT / "index.html").read_text(encoding="utf-8")
    keys = re.findall(r'data-i18n="([\w.]+)"', source)
    assert {"loading.title", "loading.detail", "boot.failed", "boot.download", "boot.clear", "boot.clear_confirm"} <= set(keys)
    parser = LoadingText()
    parser.feed(localise_page(source))
    assert parser.texts == {(lang, key): strings(lang)[key] for lang in LANGUAGES for key in keys}
