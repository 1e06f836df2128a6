#!/usr/bin/env python3
"""Étoile's developer commands (Python 3.11+, Node/npm, and Chromium for tests).

python3 dev.py serve [--port 8000]   build the app and serve it on localhost
python3 dev.py test [PYTEST ARGS]    set everything up and run every check and test
python3 dev.py build                 write the served tree site/ (what GitHub Pages publishes)
python3 dev.py bench NAME [ARGS]     run bench/NAME.py (startup, throws, four21_ai, generala_ai, chinese_checkers_ai)
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import shutil
import subprocess
import sys
import venv
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
REQUIREMENTS = ROOT / "requirements-test.txt"
sys.path.insert(0, str(ROOT))

from tools.build import SITE, build  # noqa: E402
from tools.serve import make_server  # noqa: E402


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv() -> Path:
    """Create .venv with the pinned test dependencies (again only when the pins change)."""
    stamp = VENV / ".requirements-sha256"
    wanted = hashlib.sha256(REQUIREMENTS.read_bytes() + (ROOT / "vendor-requirements.txt").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == wanted and venv_python().exists():
        return venv_python()
    print("Creating .venv with the pinned test dependencies…", flush=True)
    venv.create(VENV, with_pip=True, clear=True)
    pip = [str(venv_python()), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run([*pip, "-r", str(REQUIREMENTS)], check=True)
    stamp.write_text(wanted)
    return venv_python()


def find_chromium() -> str:
    for candidate in (
        os.environ.get("CHROMIUM"),
        "/usr/bin/chromium",
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
    ):
        if candidate and Path(candidate).exists():
            return candidate
    sys.exit("Chromium not found: install it (Debian: apt-get install chromium) or set CHROMIUM=/path/to/chromium.")


def cmd_serve(args: argparse.Namespace) -> int:
    version = build()
    server = make_server(SITE, host=args.host, port=args.port)
    host, port = server.server_address[:2]
    name = "localhost" if host == "127.0.0.1" else str(host)
    print(
        f"Étoile {version} is served at http://{name}:{port}/  (Ctrl+C to stop)",
        flush=True,
    )
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


def cmd_test(args: argparse.Namespace) -> int:
    python = ensure_venv()
    build()
    # The import contracts (pyproject.toml's [tool.importlinter]) are checked on the package itself: py/ on the path.
    env = {**os.environ, "CHROMIUM": find_chromium(), "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": "py"}
    # Two processes each: the unit tests share nothing; each browser-test process serves the app and runs its own
    # Chromium, and keeps a test file's tests together (an audit or a by-link file shares its pages). The slowest
    # browser tests are listed at the end, where the suite's time goes.
    whole = [["pytest", "tests/unit", "-n", "2"], ["pytest", "tests/e2e", "-n", "2", "--dist", "loadscope", "--durations=15"]]
    tests = [["pytest", *args.pytest_args]] if args.pytest_args else whole
    lint_imports = python.with_name("lint-imports.exe" if os.name == "nt" else "lint-imports")
    checks = [
        [python, "-m", "ruff", "check", "."],
        [python, "-m", "ruff", "format", "--check", "."],
        [python, "-m", "mypy"],
        [lint_imports, "--no-logo"],
        *([python, "-m", *test] for test in tests),
    ]
    codes = [subprocess.run(check, cwd=ROOT, env=env, check=False).returncode for check in checks]
    return next((code for code in codes if code), 0)


def cmd_build(args: argparse.Namespace) -> int:
    print(f"Built {SITE}/ (version {build()})")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    python = ensure_venv()
    build()
    env = {**os.environ, "CHROMIUM": find_chromium(), "PYTHONPATH": os.pathsep.join(["py", "."])}
    return subprocess.run([str(python), "-m", f"bench.{args.name}", *args.bench_args], cwd=ROOT, env=env, check=False).returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="build and serve the app on localhost")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.set_defaults(run=cmd_serve)
    test = commands.add_parser("test", help="set up and run every check and test (other arguments go to pytest)")
    test.set_defaults(run=cmd_test, pytest_args=[])
    commands.add_parser("build", help="write site/").set_defaults(run=cmd_build)
    bench = commands.add_parser("bench", help="run a benchmark from bench/")
    bench.add_argument("name", choices=sorted(p.stem for p in (ROOT / "bench").glob("[a-z]*.py")))
    bench.add_argument("bench_args", nargs=argparse.REMAINDER)
    bench.set_defaults(run=cmd_bench)
    args, extra = parser.parse_known_args()
    if args.command == "test":
        args.pytest_args = extra  # pytest's own options too: python3 dev.py test -x -k storage
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    run: Callable[[argparse.Namespace], int] = args.run
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
