"""The QR code of a link: segno's modules, every one of them, drawn dark on light with the quiet zone around."""

from __future__ import annotations

import re

import segno

from etoile.sharing import link
from etoile.ui.qr import QUIET, dark_runs, qr_code
from tests.unit.test_link import random_game


def drawn_modules(path: str) -> set[tuple[int, int]]:
    cells = set()
    for x, y, n in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\3z", path):
        cells |= {(int(y) - QUIET, int(x) - QUIET + i) for i in range(int(n))}
    return cells


def test_the_code_draws_exactly_segnos_dark_modules_inside_its_quiet_zone() -> None:
    url = "https://example.github.io/etoile/#/link/" + link.encode(random_game("chinese-checkers", 2, 3, 150), "watch")
    code = qr_code(url, "QR")
    assert code is not None
    matrix = segno.make(url, error="m", micro=False, boost_error=False).matrix
    dark = {(y, x) for y, row in enumerate(matrix) for x, on in enumerate(row) if on}
    rect, path = code.children
    assert drawn_modules(path.attrs["d"]) == dark  # type: ignore[union-attr]
    size = len(matrix) + 2 * QUIET
    assert code.attrs["viewBox"] == f"0 0 {size} {size}"
    assert rect.attrs == {"width": str(size), "height": str(size), "fill": "#fff"}  # type: ignore[union-attr]
    assert code.attrs["aria-label"] == "QR" and code.attrs["role"] == "img"


def test_runs_follow_the_rows() -> None:
    rows = [bytearray([1, 1, 0, 1]), bytearray([0, 0, 0, 0]), bytearray([0, 1, 1, 1])]
    assert dark_runs(rows) == [(0, 0, 2), (0, 3, 1), (2, 1, 3)]


def test_a_link_too_long_for_any_qr_code_gets_none() -> None:
    assert qr_code("https://example.org/#/link/1.watch." + "A" * 5_000, "QR") is None
