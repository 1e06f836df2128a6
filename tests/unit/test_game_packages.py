"""Every game is one package, and the code every game shares names none of them.

The shared code (the engine, the app, the saved data, the sharing, the page, the boot scripts) reads the games
through :mod:`etoile.engine.registry` only. A mention of a game's id, namespace or module path in its code, its
strings, its comments or its docstrings fails here; only a docstring's examples (a doctest, from ``>>>`` to the next
blank line) may play a real game.
"""

import io
import re
import tokenize
from pathlib import Path

import pytest

from etoile.engine.registry import IDS, REGISTRY, GameSpec, specs

ROOT = Path(__file__).resolve().parents[2]
PY = ROOT / "py"
GAMES = PY / "etoile" / "games"


def shared_modules() -> list[Path]:
    """Every module outside the game packages: the engine, app, saved, sharing and ui, the games' own
    ``__init__.py``, and the page's and the worker's entry points."""
    game_folders = [p for p in GAMES.iterdir() if p.is_dir() and (p / "__init__.py").exists()]
    return sorted(
        p for p in PY.rglob("*.py") if "__pycache__" not in p.parts and not any(folder in p.parents for folder in game_folders)
    )


def game_words() -> list[str]:
    """What names a game: its id, its namespace (each also written with spaces), its package's module path."""
    words = set()
    for spec in specs():
        words |= {spec.id, spec.namespace, spec.id.replace("-", " "), spec.namespace.replace("_", " ")}
        words.add(spec.rules.rpartition(".")[0])
    return sorted(words, key=len, reverse=True)


def without_examples(text: str) -> str:
    """A string without its doctests: each from a ``>>>`` line to the next blank line."""
    kept, example = [], False
    for line in text.splitlines():
        example = line.strip().startswith(">>>") or (example and bool(line.strip()))
        kept.append("" if example else line)
    return "\n".join(kept)


def mentions(path: Path, words: list[str]) -> list[str]:
    """Each mention of one of ``words`` in the code, strings, comments and docstrings (but their examples) of
    ``path``."""
    source = path.read_text(encoding="utf-8")
    pattern = re.compile("|".join(rf"(?<![\w-]){re.escape(w)}(?![\w-])" for w in words), re.IGNORECASE)
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in (tokenize.NAME, tokenize.STRING, tokenize.COMMENT, tokenize.NUMBER):
            text = without_examples(token.string) if token.type == tokenize.STRING else token.string
            if (match := pattern.search(text)) is not None:
                found.append(f"{path.relative_to(ROOT)}:{token.start[0]}: {match.group(0)!r} in {token.string[:60]!r}")
    return found


def test_the_games_are_found_in_the_home_screen_s_order() -> None:
    assert list(IDS) == ["421", "generala", "chinese-checkers"]
    assert list(REGISTRY) == list(IDS)


def test_the_shared_code_names_no_game() -> None:
    words = game_words()
    assert "421" in words and "chinese_checkers" in words and "etoile.games.generala" in words
    modules = shared_modules()
    assert PY / "main.py" in modules and PY / "worker.py" in modules and GAMES / "__init__.py" in modules
    assert [m for path in modules for m in mentions(path, words)] == []


@pytest.mark.parametrize("spec", specs(), ids=lambda s: s.id)
def test_each_game_package_holds_its_parts(spec: GameSpec) -> None:
    for part in (spec.table, spec.computer, spec.stats, spec.section, spec.rules):
        assert part.startswith(f"etoile.games.{spec.namespace}.")
    for lang in ("en", "fr", "ru", "es"):
        assert spec.locale_file(lang).exists() and spec.rules_file(lang).exists()


def test_each_games_rules_take_their_id_and_namespace_from_its_spec(pig_table: object) -> None:
    """The registry reads a game's id from its SPEC without importing its rules; the rules must say the same."""
    assert "pig" in IDS
    for spec in specs():
        assert (spec.game.ID, spec.description.id, spec.description.namespace) == (spec.id, spec.id, spec.namespace)
