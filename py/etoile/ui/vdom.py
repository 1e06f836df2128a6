"""A tiny virtual DOM: views return :class:`El` trees, :mod:`etoile.ui.dom` patches the page.

Text children are always set as text, never parsed as HTML, so a player's name
such as ``<img src=x onerror=alert(1)>`` is shown literally.

>>> h("p", {"class": "hint"}, "Hello ", None, ["wor", "ld"], "", h("b", {}, "!"))
El(tag='p', attrs={'class': 'hint'}, children=['Hello world', El(tag='b', attrs={}, children=['!'])])

Text that follows text is one text node, and empty text is none, as when a browser parses the page's HTML: a
tree and the page drawn from its :func:`to_html` have the same children.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import field
from html import escape

from etoile.engine.lazy import lazy_dataclass

Attr = str | bool | int | None


@lazy_dataclass(frozen=False)
class El:
    tag: str
    attrs: dict[str, Attr] = field(default_factory=dict)
    children: list[El | str] = field(default_factory=list)

    def text(self) -> str:
        """All the text inside, as a player would read it (for tests)."""
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def find_all(self, predicate: Callable[[El], bool]) -> list[El]:
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
        if isinstance(child, str | int | float):
            text = str(child)
            if not text:
                continue
            if out and isinstance(out[-1], str):
                out[-1] += text
            else:
                out.append(text)
        elif isinstance(child, El):
            out.append(child)
        elif isinstance(child, Iterable):
            _flatten(child, out)
        else:
            raise TypeError(f"a child is text, a number, an element or a list of them, not {child!r}")


def h(tag: str, attrs: dict[str, Attr] | None = None, *children: object) -> El:
    """Build an element; ``None``/``False`` children and attributes are dropped."""
    clean: dict[str, Attr] = {k: v for k, v in (attrs or {}).items() if v is not None and v is not False}
    out: list[El | str] = []
    _flatten(children, out)
    return El(tag, clean, out)


VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})
"""The HTML elements that have no end tag (and no children)."""


def to_html(node: El | str) -> str:
    """``node`` as HTML text that a browser parses back into the very elements :mod:`etoile.ui.dom` would create.

    Text and attribute values are escaped, so a hostile name stays text:

    >>> to_html(h("p", {"class": "x", "hidden": True}, "<img src=x onerror=alert(1)> & co"))
    '<p class="x" hidden="">&lt;img src=x onerror=alert(1)&gt; &amp; co</p>'
    >>> to_html(h("input", {"value": 'say "hi"'}))
    '<input value="say &quot;hi&quot;">'
    """
    if isinstance(node, str):
        return escape(node, quote=False)
    attrs = "".join(f' {name}="{escape("" if value is True else str(value))}"' for name, value in node.attrs.items())
    if node.tag in VOID:
        return f"<{node.tag}{attrs}>"
    return f"<{node.tag}{attrs}>{''.join(to_html(child) for child in node.children)}</{node.tag}>"
