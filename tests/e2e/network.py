"""A closed network for browser tests of live play: a Linux network namespace holding a browser and the app's server.

Devices of a live table talk over WebRTC. Tests run them as contexts of one Chromium, and that Chromium runs in a
network namespace of its own, so their traffic stays on this machine and nothing outside can answer or be reached
(no STUN server, no other host, not even this machine's own loopback). Chromium gathers no candidate at all
without a default route, so the namespace gets a pair of virtual Ethernet ends and a default route through them;
the packets that take it go nowhere.

Playwright drives Chromium over pipes, so a small script that starts Chromium inside the namespace (``nsenter``)
serves as its executable and everything else stays outside. The browser reaches only servers inside the namespace,
so the app's static server runs there too, as a child process.

As root ``unshare -n`` makes the namespace; otherwise ``unshare -rn`` makes it inside a user namespace where this
user is root. Where neither works :class:`NetworkUnavailable` says why (the fixtures skip their tests on it).
Every process started here quits when the test process closes its end of their stdin, even if it dies.
"""

from __future__ import annotations

import os
import select
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from tools.build import ROOT

SUBNET = "10.77.0"
"""The virtual link's addresses: the browser's end is .1, the other end (the route's gateway, which forwards
nothing) .2. Each namespace has its own, so test processes running side by side don't collide."""

SETUP = f"""
set -e
for off in /proc/sys/net/ipv6/conf/default/disable_ipv6 /proc/sys/net/ipv6/conf/all/disable_ipv6; do
  if [ -e "$off" ]; then echo 1 > "$off"; fi
done
ip link set lo up
ip link add v0 type veth peer name v1
ip addr add {SUBNET}.1/24 dev v0
ip addr add {SUBNET}.2/24 dev v1
ip link set v0 up
ip link set v1 up
ip route add default via {SUBNET}.2 dev v0
echo ready
read -r _ || true
"""
"""The namespace's holder: it sets up the link and route, says ``ready``, and keeps the namespace alive until its
stdin closes."""

SERVER = """
import sys, threading
from pathlib import Path
from tools.serve import make_server
server = make_server(Path(sys.argv[1]), host="127.0.0.1", port=0)
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
sys.stdin.read()
"""
"""The app's server inside the namespace: it prints its port and serves until its stdin closes."""

STARTUP_SECONDS = 30.0


class NetworkUnavailable(RuntimeError):
    """This machine or user cannot make a network namespace (no ``unshare``, ``nsenter`` or ``ip``, or no right)."""


@dataclass(frozen=True)
class LiveNetwork:
    """A running namespace: where its app is served, and the Chromium that runs inside it."""

    base_url: str
    """The app, served inside the namespace (``http://127.0.0.1:<port>/``); only a browser inside can load it."""
    chromium: Path
    """A script that runs Chromium inside the namespace, for Playwright's ``executable_path``."""
    enter: tuple[str, ...]
    """The command that runs a program inside the namespace: put the program and its arguments after it."""
    holder: int
    """The process id that holds the namespace (``/proc/<holder>/ns/net`` is it)."""


@contextmanager
def closed_network(site: Path, chromium: str = "/usr/bin/chromium") -> Iterator[LiveNetwork]:
    """Make a namespace, serve ``site`` inside it and write the wrapper of ``chromium``; undo it all on exit.

    Raises :class:`NetworkUnavailable` when no namespace can be made here.
    """
    missing = [tool for tool in ("unshare", "nsenter", "ip") if shutil.which(tool) is None]
    if missing:
        raise NetworkUnavailable(f"no {', '.join(missing)} on this machine (util-linux and iproute2 make the namespace)")
    with tempfile.TemporaryDirectory(prefix="etoile-network-") as temporary, ExitStack() as stack:
        folder = Path(temporary)
        holder, enter = _make_namespace(folder, stack)
        server = _start(
            [*enter, sys.executable, "-c", SERVER, str(site)],
            folder / "server.log",
            stack,
            env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "py")])},
        )
        port = _first_line(server, folder / "server.log")
        if not port.isdigit():
            raise RuntimeError(f"the app's server did not start inside the namespace: {_log(folder / 'server.log')}")
        wrapper = folder / "chromium"
        wrapper.write_text(f'#!/bin/sh\nexec {shlex.join([*enter, chromium])} "$@"\n')
        wrapper.chmod(0o755)
        yield LiveNetwork(f"http://127.0.0.1:{port}/", wrapper, tuple(enter), holder.pid)


def _make_namespace(folder: Path, stack: ExitStack) -> tuple[subprocess.Popen[str], list[str]]:
    """Start the namespace's holder, as root or else as root of a user namespace; return it and how to enter it."""
    ways = [(["unshare", "-n"], []), (["unshare", "-rn"], ["-U", "--preserve-credentials"])]
    if os.geteuid() != 0:
        ways = ways[1:]
    failures = []
    for unshare, user in ways:
        log = folder / "holder.log"
        holder = _start([*unshare, "sh", "-c", SETUP], log, stack)
        if _first_line(holder, log) == "ready":
            return holder, ["nsenter", "-t", str(holder.pid), *user, "-n", "--"]
        _stop(holder)
        failures.append(f"{shlex.join(unshare)}: {_log(log) or 'failed'}")
    raise NetworkUnavailable("cannot make a network namespace here; " + "; ".join(failures))


def _start(command: list[str], log: Path, stack: ExitStack, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    """Start ``command`` with its stdin and stdout on pipes and its stderr in ``log``; stop it when ``stack`` closes."""
    with log.open("w") as errors:
        process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
            cwd=ROOT,
            env=env,
        )
    stack.callback(_stop, process)
    return process


def _first_line(process: subprocess.Popen[str], log: Path) -> str:
    """The first line ``process`` writes, or ``""`` if it quits or stays silent for :data:`STARTUP_SECONDS`."""
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], STARTUP_SECONDS)
    if not ready:
        raise RuntimeError(f"{process.args!r} said nothing in {STARTUP_SECONDS} s: {_log(log)}")
    return process.stdout.readline().strip()


def _stop(process: subprocess.Popen[str]) -> None:
    """Close ``process``'s stdin (its signal to quit), then kill it if it is still there after a moment."""
    if process.stdin is not None and not process.stdin.closed:
        with suppress(BrokenPipeError):
            process.stdin.close()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    if process.stdout is not None:
        process.stdout.close()


def _log(log: Path) -> str:
    """What a process wrote to its error log, on one line."""
    return " ".join(log.read_text(errors="replace").split()) if log.exists() else ""
