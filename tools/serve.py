"""A static server for the built tree, with the MIME types Pyodide needs.

`.wasm` goes out as application/wasm (streaming compilation and code caching)
and `.mjs` as JavaScript. `mounts` serves extra folders under a URL prefix (the
benchmark's bare page).
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path
from typing import Any, ClassVar

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    mounts: ClassVar[dict[str, Path]] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.extensions_map = {**self.extensions_map, **TYPES}
        super().__init__(*args, **kwargs)

    def translate_path(self, path: str) -> str:
        for prefix, folder in self.mounts.items():
            if path.startswith(prefix):
                return str(folder / path[len(prefix) :].split("?", maxsplit=1)[0].lstrip("/"))
        return super().translate_path(path)

    def end_headers(self) -> None:
        # Always revalidate: a rebuilt tree is seen at once (the service worker does the offline caching).
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that closes a connection mid-response (a reload, a closed tab) is not an error.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(
    directory: Path,
    host: str = "127.0.0.1",
    port: int = 0,
    mounts: dict[str, Path] | None = None,
    handler: type[Handler] = Handler,
) -> Server:
    """A server of ``directory``; ``handler`` may be a subclass of :class:`Handler` that notes what it serves."""
    mounted = type("MountedHandler", (handler,), {"mounts": dict(mounts or {})})
    return Server((host, port), functools.partial(mounted, directory=str(directory)))


def serve_in_background(
    directory: Path, mounts: dict[str, Path] | None = None, handler: type[Handler] = Handler
) -> tuple[Server, str]:
    """Start a server on a free port of 127.0.0.1 in a daemon thread; return it and its base URL."""
    server = make_server(directory, mounts=mounts, handler=handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    return server, f"http://127.0.0.1:{port}/"
