"""A link as a QR code, to hold up to a phone across the table: encoded by segno, drawn as one SVG path.

>>> code = qr_code("https://example.org/#/link/1.watch.eJw", "QR code")
>>> code.tag, code.attrs["viewBox"], code.attrs["role"]
('svg', '0 0 37 37', 'img')
"""

from __future__ import annotations

from functools import lru_cache

from etoile.ui.vdom import El, h

QUIET = 4
"""The light margin around the code, in modules, that readers need (the standard's quiet zone)."""


def dark_runs(matrix: tuple[bytearray, ...] | list[bytearray]) -> list[tuple[int, int, int]]:
    """The dark modules of a QR matrix as runs along its rows: ``(row, first column, length)``."""
    runs = []
    for y, row in enumerate(matrix):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                runs.append((y, start, x - start))
            else:
                x += 1
    return runs


@lru_cache(maxsize=8)
def qr_code(text: str, label: str) -> El | None:
    """``text`` as a QR code (error correction M), dark on light whatever the page's theme; ``None`` when it is too
    long for one (a QR code holds about 2,300 characters)."""
    import segno  # noqa: PLC0415 - loaded with the first code drawn, not with the page

    try:
        code = segno.make(text, error="m", micro=False, boost_error=False)
    except segno.DataOverflowError:
        return None
    size = len(code.matrix) + 2 * QUIET
    path = "".join(f"M{x + QUIET} {y + QUIET}h{n}v1h-{n}z" for y, x, n in dark_runs(code.matrix))
    return h(
        "svg",
        {"class": "qr", "viewBox": f"0 0 {size} {size}", "role": "img", "aria-label": label, "shape-rendering": "crispEdges"},
        h("rect", {"width": str(size), "height": str(size), "fill": "#fff"}),
        h("path", {"d": path, "fill": "#000"}),
    )


def share_box(field_id: str, label: str, url: str, *, qr_label: str, no_qr: str, buttons: list[object]) -> El:
    """A link to carry to another device: read from its QR code (``no_qr`` says why there is none), copied or sent by
    the ``buttons``, or selected in its field."""
    return h(
        "div",
        {"class": "share-box"},
        h("label", {"for": field_id}, label),
        h("input", {"id": field_id, "type": "text", "readonly": True, "value": url, "class": "share-link"}),
        qr_code(url, qr_label) or h("p", {"class": "hint"}, no_qr),
        h("div", {"class": "row"}, buttons),
    )
