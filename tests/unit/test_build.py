"""The served tree: complete, self-contained, and versioned for the offline cache."""

import ast
import encodings
import encodings.aliases
import json
import re
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

from etoile.app.routes import href
from etoile.engine.registry import IDS
from etoile.saved.settings import LANGUAGES
from etoile.ui.predrawn import ROUTES, key
from tools.build import (
    CODECS_SERVED,
    PACKAGE,
    PICTURE,
    PYODIDE_FILES,
    PYSCRIPT_FILES,
    ROOT,
    SITE,
    STDLIB_LEFT_OUT,
    STYLES,
    VENDORED,
    build,
    locked_version,
    node_modules_match,
    vendored,
    worker_data,
    write_package,
    write_service_worker,
)


@pytest.fixture(scope="module")
def site() -> Path:
    build()
    return SITE


def test_the_runtime_is_pinned_to_exact_versions() -> None:
    package = json.loads((ROOT / "package.json").read_text())
    for name, version in package["dependencies"].items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), name
        assert locked_version(name) == version


def test_the_test_tools_are_pinned_too_and_never_served(site: Path) -> None:
    package = json.loads((ROOT / "package.json").read_text())
    assert package["devDependencies"] == {"axe-core": "4.14.1"}
    assert locked_version("axe-core") == "4.14.1"
    assert not [p for p in site.rglob("*") if "axe" in p.name.lower()]


def test_node_modules_must_match_the_lock_to_be_kept(tmp_path: Path) -> None:
    """A package the lock gains (a clone's first run after axe-core came in) makes the build run npm ci."""
    lock = {"packages": {"": {"name": "etoile"}, "node_modules/pyodide": {"version": "1.0.0"}}}
    (tmp_path / "package-lock.json").write_text(json.dumps(lock))
    assert not node_modules_match(tmp_path)  # nothing installed
    (tmp_path / "node_modules").mkdir()
    installed = {"packages": {"node_modules/pyodide": {"version": "1.0.0"}}}
    (tmp_path / "node_modules" / ".package-lock.json").write_text(json.dumps(installed))
    assert node_modules_match(tmp_path)
    lock["packages"]["node_modules/axe-core"] = {"version": "4.14.1", "dev": True}
    (tmp_path / "package-lock.json").write_text(json.dumps(lock))
    assert not node_modules_match(tmp_path)
    assert node_modules_match()  # this checkout's node_modules is what its lock pins


def test_pyscript_toml_loads_the_vendored_pyodide_and_unpack_js_the_package_zip(site: Path) -> None:
    config = tomllib.loads((site / "pyscript.toml").read_text())
    assert config["interpreter"] == "./vendor/pyodide/pyodide.mjs"
    assert "files" not in config and "packages" not in config
    page = (site / "index.html").read_text()
    assert '<script type="module" src="unpack.js"></script>' in page
    assert f'<link rel="preload" href="{PACKAGE}" as="fetch" crossorigin>' in page
    assert f'const PACKAGE = "{PACKAGE}";' in (site / "unpack.js").read_text()
    for name in PYODIDE_FILES:
        assert (site / "vendor" / "pyodide" / name).is_file()
    assert (site / "vendor" / "pyscript" / "core.js").is_file()


def package(site: Path) -> dict[str, bytes]:
    """Each file of the served package and its contents."""
    with tarfile.open(site / PACKAGE) as archive:
        return {member.name: archive.extractfile(member).read() for member in archive}  # type: ignore[union-attr]


def test_the_package_holds_every_module_compiled_and_every_page_json_and_nothing_else(site: Path) -> None:
    files = package(site)
    names = set(files)
    headers = [data[:16] for name, data in files.items() if name.endswith(".pyc")]
    source = ROOT / "py"
    files = {p.relative_to(source).as_posix() for p in (source / "etoile").rglob("*") if p.suffix in (".py", ".json")}
    files -= {f"etoile/{name}" for name in worker_data()}
    vendored = {f"{package}/{name}" for package, names_ in VENDORED.items() for name in names_}
    assert names == {name + "c" if name.endswith(".py") else name for name in files | vendored}
    assert {"etoile/__init__.pyc", "etoile/ui/views.pyc", "etoile/ui/locales/ru/app.json"} <= names
    assert all(int.from_bytes(header[4:16], "little") == 0 for header in headers)  # no source to be checked against


def test_the_package_is_one_that_unpack_js_reads_and_the_same_for_the_same_sources(site: Path, tmp_path: Path) -> None:
    """unpack.js reads a gzipped ustar tar of regular files; two builds of the same sources write the same bytes."""
    data = (site / PACKAGE).read_bytes()
    assert data[:2] == b"\x1f\x8b" and int.from_bytes(data[4:8], "little") == 0  # gzip, no date
    with tarfile.open(site / PACKAGE) as archive:
        for member in archive:
            assert member.isreg() and member.mtime == 0 and member.uid == 0 and not member.pax_headers, member
    write_package(tmp_path / "again.tar.gz")
    assert (tmp_path / "again.tar.gz").read_bytes() == data


def test_the_worker_alone_gets_each_games_computer_data_by_convention(site: Path) -> None:
    """Every file of a game's ``ai`` package but its modules is served beside the zip and mapped, in the served
    worker.toml, to where its module looks for it; no list of them is kept by hand."""
    assert worker_data() == ["games/generala/ai/futures.bin", "games/generala/ai/tables.json"]
    config = tomllib.loads((site / "worker.toml").read_text())
    assert config["interpreter"] == "./vendor/pyodide/pyodide.mjs"
    assert config["files"] == {f"./{PACKAGE}": "./*"} | {f"./py/etoile/{n}": f"./etoile/{n}" for n in worker_data()}
    for name in worker_data():
        assert (site / "py" / "etoile" / name).read_bytes() == (ROOT / "py" / "etoile" / name).read_bytes()
    from etoile.games.generala.ai import dp, win  # noqa: PLC0415

    read = {Path(f).relative_to(ROOT / "py" / "etoile").as_posix() for f in (dp.TABLES_FILE, win.FUTURES_FILE)}
    assert read == set(worker_data())  # where the worker's modules look for them


def test_each_games_picture_comes_from_its_package(site: Path) -> None:
    """The home card's ``img/<id>.svg`` is the game package's ``picture.svg``, one per registered game."""
    from etoile.engine.registry import specs  # noqa: PLC0415

    served = {p.name: p.read_bytes() for p in (site / "img").iterdir()}
    assert served == {f"{game.id}.svg": (game.folder / PICTURE).read_bytes() for game in specs()}
    assert not (ROOT / "img").exists()


def test_the_one_stylesheet_is_the_shared_one_then_each_games_own(site: Path) -> None:
    from etoile.engine.registry import specs  # noqa: PLC0415

    own = [(game.folder / STYLES).read_text() for game in specs() if (game.folder / STYLES).exists()]
    assert len(own) == 3
    parts = [(ROOT / "css" / "app.css").read_text(), *own]
    assert (site / "css" / "app.css").read_text() == "\n".join(part.rstrip("\n") + "\n" for part in parts)


def test_the_page_and_the_manifest_name_the_registered_games(site: Path) -> None:
    page = (site / "index.html").read_text()
    assert '<meta name="description" content="421, Generala and Chinese checkers: play with friends' in page
    manifest = json.loads((site / "manifest.webmanifest").read_text())
    assert manifest["name"] == "Étoile: 421, Generala, Chinese checkers"
    assert manifest["description"].startswith("Three traditional games with friends")


def test_the_build_and_the_shared_files_name_no_game() -> None:
    """What a game's package holds (its picture, styles, the worker's data, its name) reaches the site by convention:
    no file the build serves from outside the packages, nor the build itself, names a game by its id or package."""
    from etoile.engine.registry import specs  # noqa: PLC0415

    names = {name for game in specs() for name in (game.id, game.namespace, game.folder.name)} - {"421"}
    shared = ["tools/build.py", "worker.toml", "pyscript.toml", "css/app.css", "boot.js", "unpack.js", "sw.js"]
    shared.append("index.html")
    shared.append("manifest.webmanifest")
    for path in shared:
        text = (ROOT / path).read_text(encoding="utf-8").lower()
        assert not [name for name in names if re.search(rf"\b{re.escape(name)}\b", text)], path
        assert not re.search(r"\b421\b|four21", text), path


def test_the_service_worker_caches_every_served_file(site: Path) -> None:
    source = (site / "sw.js").read_text()
    assets = json.loads(re.search(r"const ASSETS = (\[.*?\]);", source, re.S).group(1))
    served = {"./" + p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert set(assets) == served - {"./.nojekyll", "./sw.js", "./index.html"} | {"./"}  # the page once, as "./"
    assert re.search(r'const VERSION = "[0-9a-f]{12}";', source)


def test_the_cache_version_changes_when_any_file_changes(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("one")
    first = write_service_worker(tmp_path)
    assert write_service_worker(tmp_path) == first
    (tmp_path / "a.txt").write_text("two")
    assert write_service_worker(tmp_path) != first


def test_github_pages_gets_a_nojekyll_file(site: Path) -> None:
    assert (site / ".nojekyll").exists()


def test_the_page_names_no_other_origin(site: Path) -> None:
    for name in ("index.html", "manifest.webmanifest", "css/app.css", "sw.js", "pyscript.toml"):
        text = (site / name).read_text()
        assert not re.search(r"""(src|href|url)\s*[=(]\s*["']?(https?:)?//""", text), name
        assert "cdn" not in text.lower(), name


def test_the_manifest_makes_an_installable_app(site: Path) -> None:
    manifest = json.loads((site / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert (site / icon["src"]).is_file()


def test_the_repository_stands_alone() -> None:
    """No tracked file points at a document outside the repository (the rules and the design are written here)."""
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    outside = re.compile(r"\.\./shared|\b(RULES|DESIGN|PYSCRIPT)\.md\b")
    found = []
    for name in tracked:
        path = ROOT / name
        if path.suffix in (".py", ".md", ".json", ".toml", ".yml", ".html", ".js", ".css", "") and path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace")
            found += [f"{name}: {m.group()}" for m in outside.finditer(text)]
    assert found == []


MODULE_IMPORT = re.compile(r"^(?:import\s+([\w.]+(?:\s*,\s*[\w.]+)*)|from\s+(\.*)([\w.]*)\s+import)", re.M)
"""An import at a module's top level, read as text (the standard library is Python 3.14's, newer than this one)."""


def stdlib_closure(roots: set[str]) -> set[str]:
    """Every standard library module that importing ``roots`` imports in turn at its top level."""
    with zipfile.ZipFile(ROOT / "node_modules/pyodide/python_stdlib.zip") as archive:
        sources = {
            name.removesuffix(".py").replace("/", "."): archive.read(name) for name in archive.namelist() if name.endswith(".py")
        }
    packages = {name.removesuffix(".__init__") for name in sources if name.endswith(".__init__")}
    sources = {name.removesuffix(".__init__"): text.decode("utf-8", "replace") for name, text in sources.items()}
    seen, todo = set(), list(roots)
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        parts = module.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]
        for names, dots, name in MODULE_IMPORT.findall(sources.get(module, "")):
            if names:
                todo += [n.strip() for n in names.split(",")]
            elif dots:
                base = parts if module in packages else parts[:-1]
                todo.append(".".join([*base[: len(base) - len(dots) + 1], *([name] if name else [])]))
            else:
                todo.append(name)
    return seen


def test_the_served_standard_library_leaves_out_only_what_no_code_of_the_app_imports(site: Path) -> None:
    def tops(archive: Path) -> set[str]:
        with zipfile.ZipFile(archive) as opened:
            return {name.split("/")[0].removesuffix(".py") for name in opened.namelist()}

    original, served = tops(ROOT / "node_modules/pyodide/python_stdlib.zip"), tops(site / "vendor/pyodide/python_stdlib.zip")
    assert served == original - STDLIB_LEFT_OUT
    assert {"asyncio", "json", "dataclasses", "encodings", "traceback", "pyodide", "_pyodide"} <= served
    imported = set()  # by the app's code and the vendored packages, anywhere in them
    for source in [*(ROOT / "py").rglob("*.py"), *vendored().rglob("*.py")]:
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module)
    reached = {name.split(".")[0] for name in stdlib_closure(imported)}
    assert reached & STDLIB_LEFT_OUT == set()
    assert {"email", "http", "urllib"} <= reached  # segno's writers: xml.sax.saxutils, then urllib.request


def codec_module(name: str) -> str:
    """The module of ``encodings`` that Python's look-up of the codec ``name`` imports (its alias, else its name)."""
    normal = encodings.normalize_encoding(name.lower())
    return encodings.aliases.aliases.get(normal) or encodings.aliases.aliases.get(normal.replace(".", "_")) or normal


def test_the_served_codecs_are_every_one_the_page_or_segno_can_name(site: Path) -> None:
    with zipfile.ZipFile(site / "vendor/pyodide/python_stdlib.zip") as archive:
        names = [name.removeprefix("encodings/") for name in archive.namelist() if name.startswith("encodings/")]
    codecs = {name.removesuffix(".py") for name in names if name}
    assert codecs == CODECS_SERVED
    sys.path.insert(0, str(vendored()))
    try:
        from segno import consts  # noqa: PLC0415 - the served copy, not an installed one
    finally:
        sys.path.remove(str(vendored()))
    named = {*consts.ECI_ASSIGNMENT_NUM, consts.DEFAULT_BYTE_ENCODING, consts.KANJI_ENCODING, "shift-jis"}
    named |= {"utf-8", "utf8", "UTF-8", "ascii", "latin-1", "idna", "unicode_escape", "raw_unicode_escape"}
    assert {name: codec_module(name) for name in named if codec_module(name) not in codecs} == {}
    assert len(codecs) < 50  # of 124: the code pages of DOS, the Mac, EBCDIC and KOI8 are left out


def test_the_served_runtime_is_only_what_the_app_loads(site: Path) -> None:
    assert sorted(p.name for p in (site / "vendor/pyscript").iterdir()) == sorted(PYSCRIPT_FILES)
    lock = json.loads((site / "vendor/pyodide/pyodide-lock.json").read_text())
    original = json.loads((ROOT / "node_modules/pyodide/pyodide-lock.json").read_text())
    assert lock["packages"] == {} and lock["info"] == original["info"]


def test_only_the_home_screen_drawn_before_python_is_in_the_page_the_others_are_fetched_files(site: Path) -> None:
    """index.html stays light (every visit parses it before PyScript starts): the home screen is a template of it in
    each language; every other screen drawn by the build is a file of its own, named by an empty template, which
    boot.js fetches when its route opens; a game's own route and its setup form share theirs."""
    page = (site / "index.html").read_text()
    found = re.findall(r'<template data-lang="(\w+)" data-route="([\w/-]*)"([^>]*)>(.*?)</template>', page, re.S)
    assert {(lang, route) for lang, route, _, _ in found} == {(lang, key(href(route))) for lang in LANGUAGES for route in ROUTES}
    for lang, route, attributes, content in found:
        if route == "":
            assert content.startswith('<div class="shell">') and "data-src" not in attributes
            continue
        assert content == ""
        source = re.search(r'data-src="([^"]+)"', attributes)
        assert source, route
        shown = f"{route}/new" if route in IDS else route  # a game's route shows its setup form
        assert source[1] == f"predrawn/{lang}/{shown.replace('/', '-')}.html"
        assert (site / source[1]).read_text().startswith('<div class="shell">')
    assert len(page.encode()) < 30_000  # 378 KB with every screen inside, 157 KB with all but the rules pages
