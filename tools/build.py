"""Build the served tree `site/`: the app, its Python package as one archive, and the vendored runtime.

The runtime comes from the npm packages pinned in package-lock.json (`npm ci`
installs them when node_modules does not match the lock); the lock's
development packages (axe-core, for the browser tests' audit) are installed
with them but never copied. `site/` is exactly what GitHub Pages serves; it is
not committed.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import venv
import zipfile
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from etoile.ui.predrawn import Screen

ROOT = Path(__file__).resolve().parent.parent
SITE = Path(os.environ.get("ETOILE_SITE", ROOT / "site"))
"""The served tree; ``ETOILE_SITE`` moves it (two checkouts' test runs on one machine, each its own)."""
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PYSCRIPT_FILES = (
    "core.js",
    "core.css",
    "core-C9KDLldu.js",
    "deprecations-manager-UpAPKqCb.js",
    "donkey-4Hrqd7WZ.js",
    "error-D2315lOB.js",
    "py-editor-C4XsZtn7.js",
    "py-game-DWiCrr7a.js",
    "py-terminal-CwQ6kcjg.js",
    "toml-V4Savzlc.js",
)
"""What PyScript loads for this app, on the page and in the worker: its core and the plugins it imports at start.
The rest of its ``dist/`` (the code editor's CodeMirror, the terminal's xterm, MicroPython, about 700 KB) is never
requested, so it is neither served nor cached. The names carry PyScript's build hashes, pinned with its version;
tests/e2e/test_offline.py checks this list against what a whole session requests."""
STDLIB_LEFT_OUT = frozenset(
    (
        # Debugging, testing and profiling, and the interactive console: never run in the page.
        *("_pyrepl", "bdb", "cProfile", "cmd", "code", "doctest", "pdb", "profile", "pstats", "pydoc", "rlcompleter"),
        *("timeit", "trace", "tracemalloc", "unittest"),
        # Other processes, terminals, servers and network protocols: a browser page has none of them.
        *("ftplib", "getpass", "imaplib", "mailbox", "multiprocessing", "poplib", "pty", "smtplib"),
        *("socketserver", "tty", "wsgiref", "xmlrpc"),
        # File formats, tools and command lines the app never reads or writes (its saves are JSON).
        *("argparse", "compileall", "configparser", "fileinput", "filecmp", "getopt", "graphlib"),
        *("modulefinder", "netrc", "optparse", "pickletools", "plistlib", "py_compile", "pyclbr", "sched", "shelve"),
        *("sqlite3", "symtable", "tabnanny", "tomllib", "wave", "zipapp", "zoneinfo"),
        *("__hello__", "__phello__", "antigravity", "this"),
    )
)
"""The top-level modules of Pyodide's standard library left out of the served ``python_stdlib.zip``: families no
code of the app, of segno, of PyScript or of Pyodide's start-up imports (a whole session imports about 80 top-level
modules of the 180), a quarter of its bytes (2.55 MB, served 1.86). Anything not named here is kept, so a newer
Pyodide's own modules are too."""
CODECS_SERVED = frozenset(
    (
        # The package's machinery, and the codecs Python itself and the page's code name: Unicode, ASCII, Latin-1,
        # the escapes, the names of the web (idna).
        *("__init__", "aliases", "ascii", "charmap", "latin_1", "raw_unicode_escape", "undefined", "unicode_escape"),
        *("utf_7", "utf_8", "utf_8_sig", "utf_16", "utf_16_be", "utf_16_le", "utf_32", "utf_32_be", "utf_32_le"),
        *("idna", "punycode"),
        # segno's: Shift JIS for kanji, and every character set a QR code's ECI can name (segno.consts).
        *("shift_jis", "cp437", "cp1250", "cp1251", "cp1252", "cp1256", "big5", "gb18030", "gbk", "euc_kr"),
        *(f"iso8859_{n}" for n in (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16)),
    )
)
"""The modules of the standard library's ``encodings`` package that are served: 43 of its 124, 82 KB of its 313
(compressed). The others are code pages of old systems (DOS, the Mac, EBCDIC, KOI8) that nothing in the page can
meet: a look-up of one of them fails with ``LookupError`` like any unknown encoding. A page's session imports only
``utf_8`` (and ``shift_jis`` when segno meets a link that Latin-1 cannot hold)."""
PACKAGE = "py/etoile.tar.gz"
"""The app's Python package as served (:func:`write_package`), relative to the site."""
APP_FILES = ("boot.js", "unpack.js", "pyscript.toml", "py/main.py", "py/worker.py")
APP_DIRS = ("icons",)
RUNTIME = ("pyodide", "@pyscript/core")
sys.path.insert(0, str(ROOT / "py"))


def locked_version(package: str) -> str:
    lock = json.loads((ROOT / "package-lock.json").read_text())
    version: str = lock["packages"][f"node_modules/{package}"]["version"]
    return version


def installed_version(package: str) -> str | None:
    manifest = ROOT / "node_modules" / package / "package.json"
    return json.loads(manifest.read_text())["version"] if manifest.exists() else None


def node_modules_match(root: Path = ROOT) -> bool:
    """Whether node_modules holds exactly what package-lock.json pins (the runtime and the test tools).

    npm writes what it installed to ``node_modules/.package-lock.json``; any
    package added, removed or moved to another version in the lock makes it differ.
    """
    installed = root / "node_modules" / ".package-lock.json"
    if not installed.exists():
        return False
    wanted = dict(json.loads((root / "package-lock.json").read_text())["packages"])
    wanted.pop("", None)  # the project itself, which npm does not list among what it installed
    return bool(json.loads(installed.read_text()).get("packages") == wanted)


def ensure_runtime() -> None:
    """Install the pinned npm packages with `npm ci` unless node_modules already holds them."""
    if node_modules_match() and all(installed_version(p) == locked_version(p) for p in RUNTIME):
        return
    print("Installing the pinned Pyodide, PyScript and axe-core (npm ci)…", flush=True)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)


VENDOR_REQUIREMENTS = ROOT / "vendor-requirements.txt"
VENDORED = {"segno": ("__init__.py", "consts.py", "encoder.py", "utils.py", "writers.py", "LICENSE")}
"""The Python packages the page runs besides its own, and the files of each it serves (segno draws the QR codes of
the links; its command line and type stubs stay out)."""


def pip() -> list[str]:
    """A pip to download with: this Python's, or, where it has none (Debian's python3), one in a venv of its own."""
    if subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True, check=False).returncode == 0:
        return [sys.executable, "-m", "pip"]
    home = ROOT / "node_modules" / ".cache" / "etoile-pip"
    python = home / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if not python.exists():
        venv.create(home, with_pip=True, clear=True)
    return [str(python), "-m", "pip"]


def vendored() -> Path:
    """The folder holding the packages of ``vendor-requirements.txt``, downloaded once (``pip download``, the pinned
    wheels) into ``node_modules/.cache``."""
    key = hashlib.sha256(VENDOR_REQUIREMENTS.read_bytes() + repr(VENDORED).encode()).hexdigest()[:16]
    folder = ROOT / "node_modules" / ".cache" / "etoile-vendor" / key
    if not folder.exists():
        print("Downloading the pinned Python packages the page runs (pip download)…", flush=True)
        wheels = folder.with_suffix(".wheels")
        download = [*pip(), "download", "--quiet", "--disable-pip-version-check", "--no-deps", "--only-binary=:all:"]
        subprocess.run([*download, "-r", str(VENDOR_REQUIREMENTS), "-d", str(wheels)], check=True)
        staging = folder.with_suffix(".tmp")
        shutil.rmtree(staging, ignore_errors=True)
        for wheel in sorted(wheels.glob("*.whl")):
            with zipfile.ZipFile(wheel) as archive:
                names = archive.namelist()
                for package, files in VENDORED.items():
                    (staging / package).mkdir(parents=True, exist_ok=True)
                    for name in files:
                        # a module sits in its package, the license in the wheel's metadata
                        member = next(n for n in names if n == f"{package}/{name}" or n.endswith(f".dist-info/licenses/{name}"))
                        (staging / package / name).write_bytes(archive.read(member))
        staging.replace(folder)
        shutil.rmtree(wheels, ignore_errors=True)
    return folder


def worker_data(source: Path = ROOT / "py" / "etoile") -> list[str]:
    """The data files only the computer players' worker reads, relative to the ``etoile`` package: every file of a
    game's ``ai`` package but its modules (tables of expected scores, say). The page never imports a computer
    player, so they stay out of its package and are served beside it, to the worker alone
    (:func:`write_worker_config`)."""
    found = (p for p in source.glob("games/*/ai/**/*") if p.is_file() and "__pycache__" not in p.parts)
    return sorted(p.relative_to(source).as_posix() for p in found if p.suffix != ".py")


def zip_package(source: Path, target: Path) -> None:
    """Zip the `etoile` package and the vendored ones reproducibly (sorted names, fixed dates, no caches): the
    package's modules and the page's ``.json`` data, without the worker's (:func:`worker_data`)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    worker_only = set(worker_data(source))
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for root in (source, *(vendored() / package for package in VENDORED)):
            for path in sorted(root.rglob("*")):
                page = path.suffix in (".py", ".json") and path.relative_to(root).as_posix() not in worker_only
                if path.is_file() and "__pycache__" not in path.parts and (page or root != source):
                    info = zipfile.ZipInfo(str(path.relative_to(root.parent)), date_time=(2020, 1, 1, 0, 0, 0))
                    info.compress_type = zipfile.ZIP_DEFLATED
                    archive.writestr(info, path.read_bytes())


def compile_package(package: Path) -> None:
    """Replace each module of the package zip by its bytecode, compiled by the vendored Pyodide itself (``tools/pyc.mjs``,
    in Node): the page imports the app without compiling it, about 100 ms sooner on every start, for 170 KB more than
    the sources on the first visit. Kept in ``node_modules/.cache`` for the same sources."""
    key = hashlib.sha256(package.read_bytes() + locked_version("pyodide").encode() + (ROOT / "tools/pyc.mjs").read_bytes())
    cached = ROOT / "node_modules" / ".cache" / "etoile-pyc" / f"{key.hexdigest()[:16]}.zip"
    if not cached.exists():
        cached.parent.mkdir(parents=True, exist_ok=True)
        script, runtime = ROOT / "tools" / "pyc.mjs", ROOT / "node_modules" / "pyodide"
        subprocess.run(["node", str(script), str(runtime), str(package), str(cached.with_suffix(".tmp"))], check=True)
        cached.with_suffix(".tmp").replace(cached)
    shutil.copyfile(cached, package)


def write_package(target: Path) -> None:
    """Write the app's package as the page and the worker load it: zipped (:func:`zip_package`), compiled
    (:func:`compile_package`), then as one gzipped tar (:func:`tar_package`)."""
    with tempfile.TemporaryDirectory() as folder:
        zipped = Path(folder) / "etoile.zip"
        zip_package(ROOT / "py" / "etoile", zipped)
        compile_package(zipped)
        tar_package(zipped, target)


def tar_package(source: Path, target: Path) -> None:
    """Copy the zip ``source`` into a gzipped tar, reproducibly (its order, no dates, no owners): a tar of regular
    files in the ustar format, which ``unpack.js`` reads on the page and Pyodide's ``unpackArchive`` in the worker.
    Compressed as one stream, it is smaller than the zip (567 against 642 KB), and the browser inflates it in one
    go (``DecompressionStream``) instead of once a file."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tar = io.BytesIO()
    with zipfile.ZipFile(source) as archive, tarfile.open(fileobj=tar, mode="w", format=tarfile.USTAR_FORMAT) as out:
        for info in archive.infolist():
            member = tarfile.TarInfo(info.filename)
            member.size, member.mode, member.mtime = info.file_size, 0o644, 0
            out.addfile(member, io.BytesIO(archive.read(info)))
    target.write_bytes(gzip.compress(tar.getvalue(), compresslevel=9, mtime=0))


LOCALISED = re.compile(r'<(?P<tag>\w+)(?P<attrs>[^>]*) data-i18n="(?P<key>[\w.]+)"></(?P=tag)>')


def localise_page(html: str) -> str:
    """Fill each ``<tag data-i18n="key"></tag>`` with one copy per language (``lang``; all but English ``hidden``).

    These are the texts shown before Python runs (loading, failure); ``boot.js``
    shows the copies in the player's language.

    >>> localise_page('<p data-i18n="loading.title"></p>').count("<p lang=")
    4
    """
    from etoile.saved.settings import LANGUAGES  # noqa: PLC0415 - the app's package, on the path once built
    from etoile.ui.i18n import strings  # noqa: PLC0415

    def expand(found: re.Match[str]) -> str:
        tag, attrs, key = found["tag"], found["attrs"], found["key"]
        copies = []
        for lang in LANGUAGES:
            hidden = "" if lang == LANGUAGES[0] else " hidden"
            copies.append(f'<{tag}{attrs} lang="{lang}" data-i18n="{key}"{hidden}>{escape(strings(lang)[key])}</{tag}>')
        return "".join(copies)

    return LOCALISED.sub(expand, html)


PREDRAWN = "<!-- the screens drawn before Python (python3 dev.py build puts them here) -->"
COUNTS = {1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine"}


def game_names() -> list[str]:
    """The English names of the registered games, in the home screen's order: the words of ``{games}`` and
    ``{count}`` in index.html's description and in the manifest."""
    from etoile.engine.registry import specs  # noqa: PLC0415 - the app's package, on the path once built
    from etoile.ui.i18n import strings  # noqa: PLC0415

    return [strings("en")[f"game.{game.id}.name"] for game in specs()]


def write_manifest(site: Path) -> None:
    """Serve ``manifest.webmanifest`` with its ``{games}`` (their names) and ``{count}`` (in words) filled in."""
    names = game_names()
    text = (ROOT / "manifest.webmanifest").read_text(encoding="utf-8")
    text = text.replace("{games}", ", ".join(names)).replace("{count}", COUNTS.get(len(names), str(len(names))))
    (site / "manifest.webmanifest").write_text(text, encoding="utf-8")


def page(drawn: Sequence[Screen]) -> str:
    """The served ``index.html``: the shell's before-Python texts in every language, and the screens drawn before
    Python (:mod:`etoile.ui.predrawn`): the home screen for ``boot.js`` to show at once, the others' files named."""
    from etoile.ui import predrawn  # noqa: PLC0415 - the app's package, on the path once built

    *others, last = game_names()
    games = f"{', '.join(others)} and {last}" if others else last
    shell = localise_page((ROOT / "index.html").read_text(encoding="utf-8")).replace("{games}", games, 1)
    if PREDRAWN not in shell:
        raise ValueError(f"index.html has lost its mark {PREDRAWN!r}")
    return shell.replace(PREDRAWN, predrawn.templates(drawn), 1)


def write_fetched_screens(site: Path, drawn: Sequence[Screen]) -> None:
    """Write the pre-drawn screens that ``boot.js`` fetches when their route opens (:func:`etoile.ui.predrawn.pages`)."""
    from etoile.ui import predrawn  # noqa: PLC0415 - the app's package, on the path once built

    for name, html in predrawn.pages(drawn).items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(html, encoding="utf-8")


def served(filename: str) -> bool:
    """Whether a file of Pyodide's standard library zip is served: not in :data:`STDLIB_LEFT_OUT`, and, in
    ``encodings``, one of :data:`CODECS_SERVED`."""
    top, _, rest = filename.partition("/")
    if top == "encodings" and rest:
        return rest.removesuffix(".py") in CODECS_SERVED
    return top.removesuffix(".py") not in STDLIB_LEFT_OUT


def write_stdlib(source: Path, target: Path) -> None:
    """Copy Pyodide's standard library zip with only the files it :func:`served` (same names, dates, order)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(source) as original, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as lean:
        for info in original.infolist():
            if served(info.filename):
                lean.writestr(info, original.read(info), compress_type=info.compress_type, compresslevel=9)


def write_lock(source: Path, target: Path) -> None:
    """Copy Pyodide's package lock without its list of packages: the app loads none (no ``packages`` in
    pyscript.toml), so the interpreter needs only the lock's ``info`` (its Python and platform), 27 KB less."""
    lock = json.loads(source.read_text(encoding="utf-8"))
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps({**lock, "packages": {}}, separators=(",", ":")), encoding="utf-8")


STYLES = "table.css"
"""The file of a game's package holding its table's own styles (if it has any), appended to the served stylesheet."""


def write_stylesheet(site: Path) -> None:
    """Serve one stylesheet, ``css/app.css``: the shared one, then each registered game's :data:`STYLES`, in the
    home screen's order."""
    from etoile.engine.registry import specs  # noqa: PLC0415 - the app's package, on the path once built

    parts = [(ROOT / "css" / "app.css").read_text(encoding="utf-8")]
    parts += [(game.folder / STYLES).read_text(encoding="utf-8") for game in specs() if (game.folder / STYLES).exists()]
    (site / "css").mkdir(parents=True, exist_ok=True)
    (site / "css" / "app.css").write_text("\n".join(part.rstrip("\n") + "\n" for part in parts), encoding="utf-8")


PICTURE = "picture.svg"
"""The file of each game's package holding its picture on the home screen, served as ``img/<id>.svg``."""


def write_pictures(site: Path) -> None:
    """Serve each registered game's picture (its package's :data:`PICTURE`) as ``img/<id>.svg``, where the home
    screen's card points."""
    from etoile.engine.registry import specs  # noqa: PLC0415 - the app's package, on the path once built

    for game in specs():
        copy(game.folder / PICTURE, site / "img" / f"{game.id}.svg")


def write_worker_config(site: Path) -> None:
    """Serve the worker's data (:func:`worker_data`) under ``py/etoile/`` and write the served ``worker.toml``: the
    source one (the worker's runtime and the package), its ``[files]`` (its last table) naming each of them, put
    where its module looks for it."""
    source = (ROOT / "worker.toml").read_text(encoding="utf-8")
    if not source.rstrip().endswith(f'"./{PACKAGE}" = "./*"'):
        raise ValueError(f"worker.toml must end with its [files] table, mapping {PACKAGE}")
    lines = []
    for name in worker_data():
        copy(ROOT / "py" / "etoile" / name, site / "py" / "etoile" / name)
        lines.append(f'"./py/etoile/{name}" = "./etoile/{name}"\n')
    (site / "worker.toml").write_text(source.rstrip() + "\n" + "".join(lines), encoding="utf-8")


def copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


def write_service_worker(site: Path) -> str:
    """Fill in sw.js's asset list and version (a hash of every served file); return the version.

    The page is cached once, as ``./`` (what a visit asks for; the service worker answers every navigation with
    it), not a second time as ``./index.html``.
    """
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    files = [name for name in files if name not in {".nojekyll", "sw.js"}]
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (site / name).read_bytes())
    version = digest.hexdigest()[:12]
    assets = ["./"] + [f"./{name}" for name in files if name != "index.html"]
    source = (ROOT / "sw.js").read_text()
    source = source.replace('const VERSION = "dev";', f'const VERSION = "{version}";', 1)
    source = source.replace("const ASSETS = [];", f"const ASSETS = {json.dumps(assets, indent=2)};", 1)
    (site / "sw.js").write_text(source)
    return version


def build(site: Path = SITE) -> str:
    """Write the served tree into `site`; return its version."""
    ensure_runtime()
    if site.exists():
        shutil.rmtree(site)
    for name in APP_FILES:
        copy(ROOT / name, site / name)
    from etoile.ui.predrawn import screens  # noqa: PLC0415 - the app's package, on the path once built

    drawn = list(screens())
    (site / "index.html").write_text(page(drawn), encoding="utf-8")
    write_fetched_screens(site, drawn)
    for folder in APP_DIRS:
        shutil.copytree(ROOT / folder, site / folder)
    write_package(site / PACKAGE)
    write_stylesheet(site)
    write_manifest(site)
    write_pictures(site)
    write_worker_config(site)
    modules = ROOT / "node_modules"
    for name in PYODIDE_FILES:
        writer = {"python_stdlib.zip": write_stdlib, "pyodide-lock.json": write_lock}.get(name, copy)
        writer(modules / "pyodide" / name, site / "vendor" / "pyodide" / name)
    dist = modules / "@pyscript" / "core" / "dist"
    for name in PYSCRIPT_FILES:
        if not (dist / name).exists():
            raise FileNotFoundError(f"@pyscript/core {locked_version('@pyscript/core')} has no {name}: update PYSCRIPT_FILES")
        copy(dist / name, site / "vendor" / "pyscript" / name)
    version = write_service_worker(site)
    (site / ".nojekyll").write_text("")
    return version


if __name__ == "__main__":
    print(f"Built {SITE}/ (version {build()})")
