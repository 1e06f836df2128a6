"""English, French, Russian and Spanish are complete, consistent, and used everywhere."""

import ast
import json
import re
import string
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import get_args

import pytest

from etoile.app import live
from etoile.app import update as app
from etoile.app.daily import daily_games
from etoile.app.model import REPLAY_SPEEDS, Model
from etoile.app.routes import GAMES
from etoile.app.setup import KINDS
from etoile.app.table import tips_of
from etoile.engine.dice import Roll
from etoile.engine.game import token
from etoile.engine.registry import REGISTRY
from etoile.games.chinese_checkers import rules as cc
from etoile.games.chinese_checkers import table as cc_table
from etoile.games.four21 import rules as four21
from etoile.games.four21 import stats_view as four21_stats_view
from etoile.games.generala import rules as generala
from etoile.games.generala import table as generala_table
from etoile.saved.settings import LANGUAGES, SPEEDS, THEMES
from etoile.saved.storage import MATCH, SETTINGS, ImportReason, Problem, ProblemKind
from etoile.sharing import by_link, link
from etoile.sharing.live import REASONS
from etoile.ui import views
from etoile.ui.i18n import APOSTROPHE, Catalog, catalog, french_fill, pick_language, plural_form, rules, string_files, strings
from etoile.ui.screens import home as home_screen
from etoile.ui.table import TABLES
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


@pytest.mark.parametrize(
    ("template", "params", "expected"),
    [
        ("le tour de {name}", {"name": "Ordinateur 2 (expert)"}, "le tour d’Ordinateur 2 (expert)"),
        ("plus fort que {name}", {"name": "Ana"}, "plus fort qu’Ana"),
        ("Le {hand} de {name}", {"hand": "as", "name": "Hugo"}, "L’as d’Hugo"),
        (
            "la {thing}, je {verb}, ne {verb}, se {verb}",
            {"thing": "étoile", "verb": "oublie"},
            "l’étoile, j’oublie, n’oublie, s’oublie",
        ),
        ("De {name} à {other}", {"name": "Élise", "other": "Yves"}, "D’Élise à Yves"),
        ("de {name}", {"name": "Yann"}, "de Yann"),
        ("de {name}", {"name": "Bob"}, "de Bob"),
        ("de {hand}", {"hand": "421"}, "de 421"),
        ("de {name}", {"name": ""}, "de "),
        ("inde {name}, grande {name}", {"name": "Ana"}, "inde Ana, grande Ana"),
        ("au lieu de {best}", {"best": "inscrire 25 en suite"}, "au lieu d’inscrire 25 en suite"),
        ("de {place} à {other}", {"place": "le centre", "other": "les branches"}, "du centre aux branches"),
        ("À {place}, de {places}", {"place": "le bout", "places": "les pointes"}, "Au bout, des pointes"),
        ("de {place}", {"place": "la branche"}, "de la branche"),
        ("le tour de {name}", {"name": "Le Gall"}, "le tour de Le Gall"),
        ("{count} jeton de {name}", {"count": 1, "name": "Iris"}, "1 jeton d’Iris"),
    ],
)
def test_french_elides_a_word_before_a_vowel_sound_and_contracts_de_le(template: str, params: dict, expected: str) -> None:
    assert french_fill(template, params) == expected


def test_french_texts_use_the_typographic_apostrophe_and_elision_writes_it_too() -> None:
    texts = [text for value in strings("fr").values() for text in (value.values() if isinstance(value, dict) else [value])]
    texts += re.findall(r'"((?:[^"\\]|\\.)*)"', json.dumps(rules("fr"), ensure_ascii=False))
    assert not [text for text in texts if "'" in text]
    assert sum("’" in text for text in texts) > 50
    assert APOSTROPHE == "’"


def test_only_french_elides() -> None:
    assert catalog("en")("chinese_checkers.winner", name="Ana") == "Ana wins!"
    assert catalog("fr")("chinese_checkers.winner", name="Ana") == "Ana a gagné\u202f!"
    assert catalog("en")("rules.title", game="Ordinateur") == "Rules of Ordinateur"


def test_no_french_text_writes_de_le_or_a_le() -> None:
    """A French template never puts *de*/*à* before an article it should merge with (*du*, *au*, *des*, *aux*)."""
    texts = [text for value in strings("fr").values() for text in (value.values() if isinstance(value, dict) else [value])]
    texts.append(json.dumps(rules("fr"), ensure_ascii=False))
    assert [m.group(0) for text in texts for m in re.finditer(r"(?i)(?<!\w)(de|à) les? (?!\{)", text)] == []


def test_french_tables_elide_before_a_name_that_opens_with_a_vowel() -> None:
    t = catalog("fr")
    computer = t("seat.computer", number=2, level=t("chinese_checkers.level.easy"))
    assert computer == "Ordinateur 2 (facile)"
    assert (
        t("chinese_checkers.hole_piece", hole=60, colour="rouge", name=computer) == "case 60, pion rouge d’Ordinateur 2 (facile)"
    )
    assert t("chinese_checkers.hole_piece", hole=60, colour="vert", name="Bob") == "case 60, pion vert de Bob"
    params = {"best": "Ana", "best_hand": "421", "value": 10, "worst": "Bob", "worst_hand": "532", "count": 10}
    assert t("four21.summary.charge", **params) == "Le 421 d’Ana vaut 10\u00a0: Bob, dernier avec 532, prend 10 jetons."
    mistake = t("generala.mistake", round=3, throw=2, played="garder 6 6", best="inscrire 25 dans la suite", loss="2,3")
    assert mistake == "Manche 3, lancer 2\u00a0: garder 6 6 au lieu d’inscrire 25 dans la suite, 2,3 points espérés perdus."
    assert t("table.import_refused", game="Étoile").startswith("Ce fichier n’est pas une partie d’Étoile que")


RUSSIAN_CASES = re.compile(r"(?i)(\bигрок(а|у|ом|е|ов|ам|ами|ах)|\b(у|от|к|для|с|со|без)) \{(name|names|best|worst)\}")


def test_russian_never_declines_a_player_s_name() -> None:
    """A name is not declined in Russian, so no template puts it where another case is due ("у игрока {name}")."""
    found = [
        (key, text)
        for key, value in strings("ru").items()
        for text in (value.values() if isinstance(value, dict) else [value])
        if RUSSIAN_CASES.search(text) or "у игрока" in text
    ]
    assert found == []
    t = catalog("ru")
    assert (
        t("generala.status.play", round=1, rounds=10, throw=0, throws=3, name="Игрок 1")
        == "Раунд 1/10 · бросок 0/3 · ходит Игрок 1"
    )
    assert t("four21.tokens_of", name="Игрок 2", count=3) == "Игрок 2: 3 фишки"
    assert t("result.winner", names="Игрок 1", count=1) == "Победитель — Игрок 1!"


def test_russian_says_the_generala_combinations_and_a_throw_as_players_do_on_the_table_and_the_rules_page() -> None:
    t = catalog("ru")
    assert [t(f"generala.box.{box}") for box in ("straight", "full", "four", "general")] == ["стрит", "фул", "каре", "генерал"]
    assert [t(f"notation.{word}") for word in ("straight", "full", "four", "general")] == ["стрит", "фул", "каре", "генерал"]
    page = json.dumps(rules("ru")["generala"], ensure_ascii=False)
    assert all(word in page for word in ("Стрит:", "Фул (", "Каре (", "Генерал (", "«каре»", "«фул»"))
    texts = json.dumps(strings("ru"), ensure_ascii=False) + json.dumps(rules("ru"), ensure_ascii=False)
    assert re.findall(r"(?i)попытк\w*|полн\w+ дом\w*(?! засчитывается)|«четыре»|\bкон[аеу]?\b", texts) == []


def test_every_rules_page_names_its_options_as_the_setup_screen_does() -> None:
    """Where a rules page quotes an option, it quotes the setup screen's name of it."""
    quoting = {
        "en": r"“([^”]+)” option",
        "fr": r"option «([^«»]+)»",
        "ru": r"настройк\w+ «([^«»]+)»",
        "es": r"opción [«“]([^«»“”]+)[»”]",
    }
    for lang, pattern in quoting.items():
        for game in REGISTRY.values():
            spec = game.DESCRIPTION
            names = {strings(lang)[f"{spec.namespace}.option.{o.id}"] for o in spec.offered}
            page = json.dumps(rules(lang)[spec.namespace]["sections"], ensure_ascii=False)
            # a quote inside a Russian quote is written „…“
            quoted = {q.strip().replace("„", "«").replace("“", "»") for q in re.findall(pattern, page)}
            assert quoted <= names, (lang, spec.namespace, quoted - names)
            if lang == "en":
                assert quoted, spec.namespace  # the pattern finds the quotes it is meant to check


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


SOURCES = sorted((ROOT / "py" / "etoile").rglob("*.py"))
KEY = re.compile(r"[a-z0-9_-]+(\.[a-z0-9_-]+)+")


def _template(node: ast.expr) -> str | None:
    """The text an f-string or a ``+`` of strings builds, each computed part written ``{}``; ``None`` if not one."""
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) else None
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _template(node.left), _template(node.right)
        if left is None and right is None:
            return None
        return (left if left is not None else "{}") + (right if right is not None else "{}")
    return None


def _is_lookup(call: ast.Call) -> bool:
    """A call whose first argument is a locale key: ``t(...)``, ``t.find(...)``, ``....notify(...)``, ``catalog(..)(...)``."""
    f = call.func
    return (
        (isinstance(f, ast.Name) and f.id == "t")
        or (isinstance(f, ast.Attribute) and f.attr == "find" and isinstance(f.value, ast.Name) and f.value.id == "t")
        or (isinstance(f, ast.Attribute) and f.attr == "notify")
        or (isinstance(f, ast.Call) and isinstance(f.func, ast.Name) and f.func.id == "catalog")
    )


def _literals(node: ast.expr) -> set[str] | None:
    """The keys a literal or a choice of literals (``"a" if x else "b"``) names; ``None`` if the key is computed."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        body, orelse = _literals(node.body), _literals(node.orelse)
        return None if body is None or orelse is None else body | orelse
    return None


@cache
def scan() -> tuple[set[str], set[str]]:
    """The app's locale keys written as literals, and its keys built at run time, each as ``file: template``.

    A key built at run time is an f-string or a ``+`` of strings shaped like a key (``game.{}.name``), or a
    lookup whose key comes from a variable (``t(ENDINGS[why])``), written as the code writes it.
    """
    literal: set[str] = set()
    built: set[str] = set()
    for path, tree in zip(SOURCES, _trees(), strict=True):
        where = path.relative_to(ROOT / "py" / "etoile").as_posix()
        # the parts of a longer concatenation are read with it ("storage.{}" + "_in_place" is "storage.{}{}")
        inner = {id(part) for n in ast.walk(tree) if isinstance(n, ast.BinOp) for part in (n.left, n.right)}
        for node in ast.walk(tree):
            if isinstance(node, (ast.JoinedStr, ast.BinOp)) and id(node) not in inner:
                text = _template(node)
                if text is not None and "{}" in text and KEY.fullmatch(text.replace("{}", "x")):
                    built.add(f"{where}: {text}")
        for function in [tree, *(n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))]:
            for node in _own_nodes(function):
                if isinstance(node, ast.Call) and _is_lookup(node) and node.args:
                    first = node.args[0]
                    keys = _literals(first)
                    if keys is None and isinstance(first, ast.Name):
                        keys = _assigned_literals(function, first.id)
                    if keys is not None:
                        literal |= keys
                    elif _template(first) is None:
                        built.add(f"{where}: {ast.unparse(first)}")
    return literal, built


def _own_nodes(scope: ast.AST) -> list[ast.AST]:
    """The nodes of a module or function, not those of the functions defined inside it."""
    nodes, todo = [], list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            nodes.append(node)
            todo.extend(ast.iter_child_nodes(node))
    return nodes


def _assigned_literals(scope: ast.AST, name: str) -> set[str] | None:
    """The keys a local variable can hold when each assignment to it in ``scope`` is a literal or a choice of them
    (``key = "a" if x else "b"``); ``None`` if any is computed."""
    values = [
        node.value
        for node in _own_nodes(scope)
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
    ]
    found = [_literals(value) for value in values]
    if not found or any(keys is None for keys in found):
        return None
    return {key for keys in found if keys is not None for key in keys}


def _notation_words() -> set[str]:
    """Every word of every game's action notation (numbers and holes aside), from the games' own actions."""
    actions = [
        (four21, [four21.Throw(()), four21.Throw((4, 1)), four21.Stop(), Roll((4, 2, 1))]),
        (
            generala,
            [generala.Throw(()), generala.Throw((5, 5)), Roll((6, 5, 4, 3, 2))] + [generala.Fill(b) for b in generala.BOXES],
        ),
        (cc, [cc.PASS, cc.Move((12, 23, 34))]),
    ]
    texts = [game.action_to_text(action) for game, moves in actions for action in moves]
    return {word for text in texts for word in text.split() if re.search("[a-z]", word)}


@cache
def _trees() -> list[ast.Module]:
    return [ast.parse(path.read_text(encoding="utf-8")) for path in SOURCES]


def _calls(name: str) -> list[ast.Call]:
    """Every call of a function or method called ``name`` in the app's code."""
    calls = []
    for tree in _trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                f = node.func
                if (isinstance(f, ast.Name) and f.id == name) or (isinstance(f, ast.Attribute) and f.attr == name):
                    calls.append(node)
    return calls


def runtime_keys() -> dict[str, set[str]]:
    """Every key each run-time lookup that :func:`scan` finds can build, enumerated from the code's own data."""
    specs = [game.DESCRIPTION for game in REGISTRY.values()]
    names = {f"game.{g}.name" for g in GAMES}
    levels = {f"{s.namespace}.level.{lv}" for s in specs for lv in s.levels}
    throw_limit = four21.DESCRIPTION.option("throw_limit")
    assert throw_limit is not None
    records = [SETTINGS, *(MATCH + g for g in GAMES)]
    # every notice the storage's problems give, for every record, set aside or left in place
    problems = [Problem(kind, r, in_place=stays) for kind in get_args(ProblemKind) for r in records for stays in (False, True)]
    storage = {n.key for n in app.with_problems(Model(), problems).notices}
    reasons = {f"import.why.{r}" for r in get_args(ImportReason)}
    terms = {key for r in records for key in app.record_terms(r).values()} | reasons | names
    notified = {k for call in _calls("notify") if call.args for k in (_literals(call.args[0]) or set())}
    dialogs = {part: {f"{d}.{part}" for d in views.DIALOGS} for part in ("title", "text", "cancel", "confirm")}
    return {
        "app/update.py: record.{}": {k for k in terms if k.startswith("record.")},
        "app/update.py: game.{}.name": names,
        "app/update.py: storage.{}{}": storage - {"storage.full"},
        "app/update.py: key": storage - {"storage.full"},
        "app/update.py: import.why.{}": reasons,
        "app/play.py: game.{}.name": names,
        "app/daily.py: game.{}.name": names,
        "ui/screens/home.py: game.{}.daily": {f"game.{s.id}.daily" for s in daily_games()},
        "ui/screens/home.py: game.{}.daily_done": {f"game.{s.id}.daily_done" for s in daily_games()},
        "ui/common.py: {}.level.{}": levels,
        "games/chinese_checkers/table.py: chinese_checkers.colour.{}": {
            f"chinese_checkers.colour.{c}" for c, _ in cc_table.PALETTE
        },
        "games/chinese_checkers/table.py: ENDINGS[why]": set(cc_table.ENDINGS.values()),
        "games/four21/table.py: four21.hand.{}": {
            f"four21.hand.{four21.named(h)}" for h in four21.HANDS if four21.named(h) not in (None, "straight")
        },
        "games/four21/table.py: four21.phase.{}": {f"four21.phase.{p}" for p in four21.PHASES},
        "games/four21/table.py: four21.status.follow_{}": {f"four21.status.follow_{v}" for v in throw_limit.values},
        # a "start" roll-off has lines of its own (four21.status.start, four21.status.start_tie)
        "games/four21/table.py: four21.status.rolloff_{}": {
            f"four21.status.rolloff_{k}" for k in four21.ROLLOFF_KINDS if k != "start"
        },
        # a turn's ties (State.rolloffs) are of the worst or the best hand; who starts is the opening's
        "games/four21/table.py: four21.summary.rolloff_{}": {
            f"four21.summary.rolloff_{k}" for k in four21.ROLLOFF_KINDS if k != "start"
        },
        "games/generala/table.py: generala.box.{}": {f"generala.box.{b}" for b in generala.BOXES},
        "games/generala/table.py: generala.made.{}": {f"generala.made.{b}" for b in generala_table.MADE},
        "ui/common.py: tip.key": {tip.key for game in TABLES for tip in tips_of(TABLES[game])},
        "ui/views.py: game.{}.name": names,
        **{f"ui/screens/{screen}.py: game.{{}}.name": names for screen in ("home", "setup", "table")},
        **{f"ui/screens/{screen}.py: game.{{}}.line": {f"game.{g}.line" for g in GAMES} for screen in ("home", "setup")},
        "ui/screens/table.py: notation.{}": {f"notation.{w}" for w in _notation_words()},
        "ui/screens/table.py: table.speed.{}": {f"table.speed.{i}" for i in range(len(REPLAY_SPEEDS))},
        "ui/screens/setup.py: setup.kind.{}": {f"setup.kind.{k}" for k in KINDS},
        **{
            f"{where}: live.failed.{{}}": {f"live.failed.{r}" for r in live.FAILURES}
            for where in ("app/live.py", "ui/screens/live.py")
        },
        "app/live.py: notice": {"live.ended", "live.ended_here"},  # a live game ended, by its host or here
        "app/live.py: live.scan_failed.{}": {f"live.scan_failed.{r}" for r in live.SCAN_FAILURES},
        "app/live.py: live.reason.{}": {f"live.reason.{r}" for r in REASONS},
        "ui/screens/live.py: live.rules.{}": {f"live.rules.{k}" for k in ("dice", "late", "away", "host")},
        "ui/screens/settings.py: settings.speed.{}": {f"settings.speed.{v}" for v in SPEEDS},
        "ui/screens/settings.py: settings.theme.{}": {f"settings.theme.{v}" for v in THEMES},
        **{
            f"ui/screens/{screen}.py: {{}}.option.{{}}": {f"{s.namespace}.option.{o.id}" for s in specs for o in s.offered}
            for screen in ("setup", "rules")
        },
        **{
            f"ui/screens/{screen}.py: {{}}.option.{{}}.{{}}": {
                f"{s.namespace}.option.{o.id}.{token(v)}" for s in specs for o in s.offered for v in o.values
            }
            for screen in ("setup", "rules")
        },
        "ui/screens/setup.py: {}.level.{}": levels,
        "ui/screens/setup.py: {}.level.{}.about": {f"{level}.about" for level in levels},
        "ui/screens/watch.py: link.refused.{}": {f"link.refused.{r}" for r in link.REASONS},
        "app/play.py: bylink.arrived.{}": {
            f"bylink.arrived.{o}"
            for o in (*get_args(by_link.Outcome), "new_over", "moved_over", *(f"rival_{d}" for d in get_args(by_link.Difference)))
        },
        "ui/screens/table.py: bylink.rival_title_{}": {f"bylink.rival_title_{d}" for d in get_args(by_link.Difference)},
        "ui/screens/table.py: heading": {
            "bylink.rival_title",
            *(f"bylink.rival_title_{d}" for d in get_args(by_link.Difference)),
        },
        "ui/screens/home.py: bylink.status.{}": {f"bylink.status.{s}" for s in home_screen.BY_LINK_STATUSES},
        "ui/screens/table.py: leave": {"table.replay_exit", "link.leave", "history.back"},
        "ui/screens/past.py: {}.level.{}": levels,
        "ui/screens/past.py: game.{}.name": names,
        "games/generala/stats_view.py: generala.box.{}": {f"generala.box.{b}" for b in generala.BOXES},
        "games/four21/stats_view.py: four21.stats.group.{}": {f"four21.stats.group.{g}" for g in four21_stats_view.HAND_GROUPS},
        "ui/screens/past.py: key": {f"stats.{c}" for c in ("game", "played", "won", "win_rate", "left")},
        **{f"ui/views.py: {{}}.{part}": keys for part, keys in dialogs.items()},
        "ui/views.py: key": terms,  # a notice's terms, each a key
        "ui/views.py: n.key": notified | storage,  # a notice's own key
    }


LIVE_SCREEN = "ui/screens/live.py"

NOT_KEYS = {
    "engine/lazy.py: {}.__init__",
    "engine/registry.py: {}.{}",
    "sharing/link.py: {}.{}.{}",
    "sharing/handshake.py: {}.local",
    "ui/runtime/effects.py: etoile-{}-{}.json",
    "ui/runtime/effects.py: etoile-{}.json",
    "ui/runtime/effects.py: {}.json",
    "ui/views.py: etoile.ui.screens.{}",
}
"""Texts built at run time that are shaped like a key but are not one (a module's, a function's or a file's name)."""


def test_every_key_built_at_run_time_is_enumerated() -> None:
    """A new f-string key, or a key passed through a variable, fails here until :func:`runtime_keys` lists its values."""
    _, built = scan()
    assert built - NOT_KEYS == set(runtime_keys())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_the_code_uses_or_builds_exists(lang: str) -> None:
    literal, _ = scan()
    built = runtime_keys()
    assert len(literal) > 100
    assert [where for where, keys in built.items() if not keys] == []
    assert literal - set(strings(lang)) == set()
    for where, keys in built.items():
        assert keys - set(strings(lang)) == set(), where


def test_every_game_has_a_name_and_a_line() -> None:
    for game in GAMES:
        assert {f"game.{game}.name", f"game.{game}.line"} <= set(strings("en"))


def shape(node: object) -> object:
    """The structure of a rules page, with the words taken out."""
    if isinstance(node, dict):
        return {k: (v if k in ("id", "figure") else shape(v)) for k, v in node.items()}
    if isinstance(node, list):
        return [shape(item) for item in node]
    return type(node).__name__


def test_the_rules_pages_have_the_same_shape_in_every_language() -> None:
    assert shape(rules("fr")) == shape(rules("en"))
    assert shape(rules("ru")) == shape(rules("en"))
    assert shape(rules("es")) == shape(rules("en"))
    assert sorted(rules("en")) == sorted(game.DESCRIPTION.namespace for game in REGISTRY.values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rules_page_names_every_option_the_game_offers(lang: str) -> None:
    for game in REGISTRY.values():
        spec = game.DESCRIPTION
        page = rules(lang)[spec.namespace]
        assert [o["id"] for o in page["options"]] == [o.id for o in spec.offered]
        for option in page["options"]:
            assert set(option) == {"id", "text"} and option["text"].strip()  # the values: the setup's words


def test_the_421_rules_page_lists_all_sixteen_named_hands_in_order() -> None:
    text = json.dumps(rules("en")["four21"]["sections"], ensure_ascii=False)
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
