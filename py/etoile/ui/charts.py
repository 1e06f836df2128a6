"""Charts as SVG drawn by the app itself: bars, a histogram against a reference, a line over time.

Each chart is a ``<figure>``: a caption, the drawing (an image to the eye, hidden from screen readers) and the
same numbers as a table, which screen readers read and anyone can unfold. Colours come from the page's theme
(CSS classes), so a chart reads in the light and the dark theme alike; the drawing scales to the width it is
given, a phone's included.

>>> chart = bars("Boxes crossed out", [("ones", 2), ("general", 5)], ("Box", "Games"))
>>> chart.tag, [c.tag for c in chart.children if hasattr(c, "tag")]
('figure', ['figcaption', 'svg', 'details'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from etoile.ui.vdom import El, h

WIDTH = 480
"""The width of a drawing in its own units (it is scaled to the page)."""
ROW = 40
"""The height of one bar of a bar chart with its label, written above it (so a label of any length in any
script is never cut: it has the whole width)."""
LINE = 16
"""The height of a line of labels above a plot (the drawing's text is 14 px high)."""
FIGURE = 10
"""The width of one character of a value written by a bar, at most (the drawing's text is 14 px high)."""


def _number(value: float) -> str:
    return f"{value:g}" if float(value).is_integer() else f"{value:.1f}"


def _figure(caption: str, drawing: El, head: Sequence[str], rows: Sequence[Sequence[str]], table_label: str) -> El:
    return h(
        "figure",
        {"class": "chart"},
        h("figcaption", {}, caption),
        drawing,
        h(
            "details",
            {"class": "chart-table"},
            h("summary", {}, table_label),
            h(
                "table",
                {},
                h("thead", {}, h("tr", {}, [h("th", {"scope": "col"}, cell) for cell in head])),
                h("tbody", {}, [h("tr", {}, [h("td", {}, cell) for cell in row]) for row in rows]),
            ),
        ),
    )


def bars(
    caption: str,
    items: Sequence[tuple[str, float]],
    head: tuple[str, str],
    *,
    shown: Callable[[float], str] = _number,
    table_label: str = "Table",
) -> El:
    """Horizontal bars, one per ``(label, value)``, each under its label, the longest as wide as the drawing leaves
    room for; ``shown`` writes a value."""
    top = max((value for _, value in items), default=0) or 1
    height = ROW * max(1, len(items))
    room = WIDTH - (FIGURE * max((len(shown(value)) for _, value in items), default=0)) - 8
    drawn: list[object] = []
    for i, (label, value) in enumerate(items):
        y = i * ROW
        width = round(room * value / top, 1)
        drawn += [
            h("text", {"class": "chart-label", "x": "0", "y": str(y + 14)}, label),
            h("rect", {"class": "chart-bar", "x": "0", "y": str(y + 19), "width": str(width), "height": str(ROW - 24)}),
            h("text", {"class": "chart-value", "x": str(width + 4), "y": str(y + 32)}, shown(value)),
        ]
    drawing = h("svg", {"class": "chart-drawing", "viewBox": f"0 0 {WIDTH} {height}", "aria-hidden": "true"}, drawn)
    return _figure(caption, drawing, head, [(label, shown(value)) for label, value in items], table_label)


def histogram(
    caption: str,
    counts: dict[int, int],
    *,
    width: int,
    reference: dict[int, float],
    marks: Sequence[tuple[str, float, str]],
    head: tuple[str, str, str],
    shown: Callable[[float], str] = _number,
    table_label: str = "Table",
) -> El:
    """The share of ``counts`` in each bin of ``width`` (bars), against the ``reference`` shares (a line of dots),
    with vertical ``marks`` ``(label, value, class)`` (an average...), each labelled on a line of its own above the
    plot, beside its mark on the side with more room. Bins are keyed by their lowest value; ``shown`` writes a share
    in the table."""
    total = sum(counts.values()) or 1
    shares = {low: n / total for low, n in counts.items()}
    low = min([*shares, *(k for k, v in reference.items() if v >= 0.001)], default=0)
    high = max([*shares, *(k for k, v in reference.items() if v >= 0.001)], default=0) + width
    top = max([*shares.values(), *reference.values(), 0.01])
    plot_w, plot_h = WIDTH - 28, 120
    base = LINE * len(marks) + 6 + plot_h
    scale_x = plot_w / max(width, high - low)

    def x(value: float) -> float:
        return round(14 + (value - low) * scale_x, 1)

    def y(share: float) -> float:
        return round(base - plot_h * share / top, 1)

    drawn: list[object] = [
        h("line", {"class": "chart-axis", "x1": "14", "x2": str(14 + plot_w), "y1": str(base), "y2": str(base)})
    ]
    for start, share in shares.items():
        drawn.append(
            h(
                "rect",
                {
                    "class": "chart-bar",
                    "x": str(x(start) + 0.5),
                    "y": str(y(share)),
                    "width": str(max(1.0, round(width * scale_x - 1, 1))),
                    "height": str(round(base - y(share), 1)),
                },
            )
        )
    points = " ".join(f"{x(start + width / 2)},{y(share)}" for start, share in sorted(reference.items()) if low <= start < high)
    drawn.append(points and h("polyline", {"class": "chart-reference", "points": points}))
    top_y = LINE * len(marks) + 2
    for line_no, (label, value, kind) in enumerate(marks):
        right = x(value) > WIDTH / 2  # the label goes on the side with more room: never out of the drawing
        drawn += [
            h(
                "line",
                {"class": f"chart-mark {kind}", "x1": str(x(value)), "x2": str(x(value)), "y1": str(top_y), "y2": str(base)},
            ),
            h(
                "text",
                {
                    "class": f"chart-mark-label {kind}",
                    "x": str(x(value) - 4 if right else x(value) + 4),
                    "y": str(LINE * line_no + 13),
                    "text-anchor": "end" if right else "start",
                },
                label,
            ),
        ]
    for tick in range(low, high + 1, width * max(1, round((high - low) / width / 5))):
        drawn.append(
            h("text", {"class": "chart-tick", "x": str(x(tick)), "y": str(base + 14), "text-anchor": "middle"}, str(tick))
        )
    drawing = h("svg", {"class": "chart-drawing", "viewBox": f"0 0 {WIDTH} {base + 20}", "aria-hidden": "true"}, drawn)
    bins = sorted(set(shares) | {k for k, v in reference.items() if v >= 0.0005})
    rows = [(f"{b}–{b + width - 1}", shown(shares.get(b, 0)), shown(reference.get(b, 0))) for b in bins]
    return _figure(caption, drawing, head, rows, table_label)


def line(
    caption: str,
    points: Sequence[tuple[str, float]],
    head: tuple[str, str],
    *,
    shown: Callable[[float], str] = _number,
    table_label: str = "Table",
    floor: float | None = None,
    ceiling: float | None = None,
) -> El:
    """A line through ``points`` ``(label, value)`` in order (the games of a player, oldest first), between
    ``floor`` and ``ceiling`` (by default the lowest and highest value)."""
    values = [value for _, value in points]
    low = min(values, default=0) if floor is None else floor
    high = max(values, default=1) if ceiling is None else ceiling
    span = (high - low) or 1
    plot_w, plot_h, base = WIDTH - 76, 100, 110
    step = plot_w / max(1, len(points) - 1)
    coords = [(round(66 + i * step, 1), round(base - plot_h * (v - low) / span, 1)) for i, v in enumerate(values)]
    drawn: list[object] = [
        h("line", {"class": "chart-axis", "x1": "66", "x2": str(66 + plot_w), "y1": str(base), "y2": str(base)}),
        h("text", {"class": "chart-tick", "x": "60", "y": str(base), "text-anchor": "end"}, shown(low)),
        h("text", {"class": "chart-tick", "x": "60", "y": str(base - plot_h + 8), "text-anchor": "end"}, shown(high)),
        len(coords) > 1 and h("polyline", {"class": "chart-line", "points": " ".join(f"{a},{b}" for a, b in coords)}),
        [h("circle", {"class": "chart-dot", "cx": str(a), "cy": str(b), "r": "2.5"}) for a, b in coords],
    ]
    drawing = h("svg", {"class": "chart-drawing", "viewBox": f"0 0 {WIDTH} {base + 10}", "aria-hidden": "true"}, drawn)
    return _figure(caption, drawing, head, [(label, shown(value)) for label, value in points], table_label)
