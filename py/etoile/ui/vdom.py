"""A tiny virtual DOM: views return :class:`El` trees, :mod:`etoile.ui.dom` patches the page.

Text children are always set as text, never parsed as HTML, so a player's name
such as ``<img src=x onerror=alert(1)>`` is shown literally.

>>> h("p", {"class": "hint"}, "Hello ", None, ["wor", "ld"])
El(tag='p', attrs={'class': 'hint'}, children=['Hello ', 'wor', 'ld'])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

Attr = str | bool | int | None


@dataclass(slots=True)
class El:
    tag: str
    attrs: dict[str, Attr] = field(default_factory=dict)
    children: list[El | str] = field(default_factory=list)

    def text(self) -> str:
        """All the text inside, as a player would read it (for tests)."""
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def find_all(self, predicate) -> list[El]:
        """Every element below (and including) this one that matches ``predicate``."""
        found = [self] if predicate(self) else []
        for child in self.children:
            if isinstance(child, El):
                found.extend(child.find_all(predicate))
        return found


def _flatten(children: Iterable[object], out: list[El | str]) -> None:
    for child in children:
        if child is None or child is False or child is True:
            continue
        if isinstance(child, El | str):
            out.append(child)
        elif isinstance(child, int | float):
            out.append(str(child))
        else:
            _flatten(child, out)  # type: ignore[arg-type]


def h(tag: str, attrs: dict[str, Attr] | None = None, *children: object) -> El:
    """Build an element; ``None``/``False`` children and attributes are dropped."""
    clean: dict[str, Attr] = {k: v for k, v in (attrs or {}).items() if v is not None and v is not False}
    out: list[El | str] = []
    _flatten(children, out)
    return El(tag, clean, out)
