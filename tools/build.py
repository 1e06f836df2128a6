"""Build the served tree `site/`: the app, its Python package as one zip, and the vendored runtime.

The runtime comes from the npm packages pinned in package-lock.json (`npm ci`
installs them when node_modules does not match the lock); the lock's
development packages (axe-core, for the browser tests' audit) are installed
with them but never copied. `site/` is exactly what GitHub Pages serves; it is
not committed.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = Path(os.environ.get("ETOILE_SITE", ROOT / "site"))
"""The served tree; ``ETOILE_SITE`` moves it (two checkouts' test runs on one machine, each its own)."""
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
APP_FILES = ("boot.js", "pyscript.toml", "manifest.webmanifest", "py/main.py", "py/worker.py")
APP_DIRS = ("css", "img", "icons")
RUNTIME = ("pyodide", "@pyscript/core")
sys.path.insert(0, str(ROOT / "py"))


def locked_version(package: str) -> str:
    lock = json.loads((ROOT / "package-lock.json").read_text())
    return lock["packages"][f"node_modules/{package}"]["version"]


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


def zip_package(source: Path, target: Path) -> None:
    """Zip the `etoile` package reproducibly (sorted names, fixed dates, no caches)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(source.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix in (".py", ".json"):
                info = zipfile.ZipInfo(str(path.relative_to(source.parent)), date_time=(2020, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, path.read_bytes())


LOCALISED = re.compile(r'<(?P<tag>\w+)(?P<attrs>[^>]*) data-i18n="(?P<key>[\w.]+)"></(?P=tag)>')


def localise_page(html: str) -> str:
    """Fill each ``<tag data-i18n="key"></tag>`` with one copy per language (``lang``; all but English ``hidden``).

    These are the texts shown before Python runs (loading, failure); ``boot.js``
    shows the copies in the player's language.

    >>> localise_page('<p data-i18n="loading.title"></p>').count("<p lang=")
    4
    """
    from etoile.i18n import LANGUAGES, strings  # noqa: PLC0415 - the app's package, on the path once built

    def expand(found: re.Match[str]) -> str:
        tag, attrs, key = found["tag"], found["attrs"], found["key"]
        copies = []
        for lang in LANGUAGES:
            hidden = "" if lang == LANGUAGES[0] else " hidden"
            copies.append(f'<{tag}{attrs} lang="{lang}" data-i18n="{key}"{hidden}>{escape(strings(lang)[key])}</{tag}>')
        return "".join(copies)

    return LOCALISED.sub(expand, html)


def copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


def write_service_worker(site: Path) -> str:
    """Fill in sw.js's asset list and version (a hash of every served file); return the version."""
    skip = {".nojekyll", "sw.js"}
    files = sorted(
        p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file() and p.relative_to(site).as_posix() not in skip
    )
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (site / name).read_bytes())
    version = digest.hexdigest()[:12]
    assets = ["./"] + [f"./{name}" for name in files]
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
    (site / "index.html").write_text(localise_page((ROOT / "index.html").read_text(encoding="utf-8")), encoding="utf-8")
    for folder in APP_DIRS:
        shutil.copytree(ROOT / folder, site / folder)
    zip_package(ROOT / "py" / "etoile", site / "py" / "etoile.zip")
    modules = ROOT / "node_modules"
    for name in PYODIDE_FILES:
        copy(modules / "pyodide" / name, site / "vendor" / "pyodide" / name)
    for path in sorted((modules / "@pyscript" / "core" / "dist").iterdir()):
        if path.suffix in (".js", ".css"):
            copy(path, site / "vendor" / "pyscript" / path.name)
    version = write_service_worker(site)
    (site / ".nojekyll").write_text("")
    return version


if __name__ == "__main__":
    print(f"Built {SITE}/ (version {build()})")
