"""Patch the page's DOM to match a new :class:`~etoile.ui.vdom.El` tree.

Only what changed is touched, so focus, scroll and text selection survive a
re-render. Text is always set with text nodes, never parsed as HTML.
"""

from __future__ import annotations

from typing import Any

from js import Object, document
from pyodide.ffi import jsnull, to_js

from etoile.ui.vdom import Attr, El

SVG_NS = "http://www.w3.org/2000/svg"


def absent(value: Any) -> bool:
    """JavaScript's ``null`` (``jsnull``) and ``undefined`` (``None``) both mean "nothing"."""
    return value is None or value is jsnull


def create(node: El | str, ns: str | None = None) -> Any:
    if isinstance(node, str):
        return document.createTextNode(node)
    if node.tag == "svg":
        ns = SVG_NS
    element = document.createElementNS(ns, node.tag) if ns else document.createElement(node.tag)
    _set_attributes(element, node.tag, {}, node.attrs)
    for child in node.children:
        element.appendChild(create(child, ns))
    return element


def _set_attributes(element: Any, tag: str, old: dict[str, Attr], new: dict[str, Attr]) -> None:
    if tag == "input" and not new.get("checked"):
        # Unchecked before it takes its new name: a radio reused from another group (another screen's) that was
        # checked there would otherwise join its new group checked, and uncheck the one the model checks.
        element.checked = False
    for name in old:
        if name not in new:
            element.removeAttribute(name)
    for name, value in new.items():
        if old.get(name) != value:
            element.setAttribute(name, "" if value is True else str(value))
    if tag == "input":
        # A click changes `checked` on the page: keep it equal to the model. A typed value is
        # left alone until the model's value changes, so a re-render never eats what is typed.
        element.checked = bool(new.get("checked"))
        if "value" in new and old.get("value") != new["value"]:
            element.value = str(new["value"])


def patch(parent: Any, index: int, old: El | str | None, new: El | str | None, ns: str | None = None) -> None:
    """Make child ``index`` of ``parent`` (drawn from ``old``) show ``new``."""
    current = parent.childNodes.item(index)
    if new is None:
        if not absent(current):
            parent.removeChild(current)
        return
    if old is None or absent(current):
        parent.appendChild(create(new, ns))
        return
    if isinstance(new, str) or isinstance(old, str) or old.tag != new.tag:
        if isinstance(new, str) and isinstance(old, str):
            if new != old:
                current.data = new
            return
        parent.replaceChild(create(new, ns), current)
        return
    if new.tag == "svg":
        ns = SVG_NS
    _set_attributes(current, new.tag, old.attrs, new.attrs)
    old_children, new_children = old.children, new.children
    for i in range(len(new_children)):
        patch(current, i, old_children[i] if i < len(old_children) else None, new_children[i], ns)
    for i in range(len(old_children) - 1, len(new_children) - 1, -1):
        patch(current, i, old_children[i], None, ns)


SCROLLERS = "[data-scroll-cue]"
"""The areas that scroll sideways inside the page (a score sheet): the runtime shades their hidden sides."""


SETTLING = '.die[class*="roll-"]'
"""What comes to rest before the table takes the player's next click: the dice just thrown, as they land."""


def moving(root: Any) -> list[Any]:
    """The animations running under ``root`` in what must settle first (:data:`SETTLING`)."""
    subtree = to_js({"subtree": True}, dict_converter=Object.fromEntries)
    return [
        animation
        for area in root.querySelectorAll(SETTLING)
        for animation in area.getAnimations(subtree)
        if animation.playState == "running"
    ]


GLIDERS = "[data-glide]"
"""What slides to its new place when a redraw moves it (a die set aside into the tray, or taken back): its
``data-glide`` names it among the others."""

GLIDE_MS = 250
"""How long a slide takes at the normal pace, in milliseconds."""


def places_of(root: Any) -> dict[str, tuple[float, float]]:
    """Where each element of :data:`GLIDERS` under ``root`` is, by name, before a redraw."""
    found = {}
    for element in root.querySelectorAll(GLIDERS):
        box = element.getBoundingClientRect()
        found[str(element.dataset.glide)] = (box.left, box.top)
    return found


def glide(root: Any, before: dict[str, tuple[float, float]], pace: float) -> None:
    """Slide each element of :data:`GLIDERS` that the redraw moved from where it was ``before`` to its new place, in
    :data:`GLIDE_MS` times ``pace`` (none at 0: no motion wanted)."""
    if not before or not pace:
        return
    for element in root.querySelectorAll(GLIDERS):
        was = before.get(str(element.dataset.glide))
        if was is None:
            continue
        box = element.getBoundingClientRect()
        dx, dy = was[0] - box.left, was[1] - box.top
        if abs(dx) > 1 or abs(dy) > 1:
            frames = [{"transform": f"translate({dx:.0f}px, {dy:.0f}px)"}, {"transform": "none"}]
            options = {"duration": GLIDE_MS * pace, "easing": "ease-out"}
            element.animate(to_js(frames, dict_converter=Object.fromEntries), to_js(options, dict_converter=Object.fromEntries))


FLIGHTS = "[data-fly-from]"
"""What flies in from elsewhere on the page (a token from the pot to a player): ``data-fly-from`` names, as a
selector, the element it comes from."""


def aim_flights(root: Any) -> None:
    """Give each element of :data:`FLIGHTS` under ``root`` its way in, ``--fly-x`` and ``--fly-y``: from the middle
    of the element it flies from to its own place, read untransformed (its offset in its parent), for the
    stylesheet's animation to start there."""
    for element in root.querySelectorAll(FLIGHTS):
        source, parent = root.querySelector(element.dataset.flyFrom), element.offsetParent
        if absent(source) or absent(parent):
            continue
        there, here = source.getBoundingClientRect(), parent.getBoundingClientRect()
        element.style.setProperty("--fly-x", f"{there.left + there.width / 2 - here.left - element.offsetLeft:.0f}px")
        element.style.setProperty("--fly-y", f"{there.top + there.height / 2 - here.top - element.offsetTop:.0f}px")


def show_overflow(box: Any) -> None:
    """Mark on a sideways scroll area which of its sides hide content, ``data-overflow="start end"``, for the
    stylesheet to shade them (the attribute is absent when everything is in view)."""
    left, width, full = float(box.scrollLeft), float(box.clientWidth), float(box.scrollWidth)
    hidden = [side for side, more in (("start", left > 1), ("end", left + width < full - 1)) if more]
    if hidden:
        box.setAttribute("data-overflow", " ".join(hidden))
    else:
        box.removeAttribute("data-overflow")


def follow_current(box: Any) -> None:
    """Scroll ``box`` sideways to its ``aria-current`` cell when that cell changes (a new player's turn), clear of
    the sticky first cell of its row; a player's own scrolling is left alone until then."""
    current = box.querySelector("[aria-current='true']")
    if absent(current):
        return
    key = str(current.cellIndex) if hasattr(current, "cellIndex") else str(current.textContent)
    if box.getAttribute("data-followed") == key:
        return
    box.setAttribute("data-followed", key)
    first = current.parentElement.firstElementChild
    inset = 0.0 if absent(first) or first == current else float(first.getBoundingClientRect().width)
    edge, cell = float(box.getBoundingClientRect().left) + float(box.clientLeft), current.getBoundingClientRect()
    start, end = edge + inset, edge + float(box.clientWidth)
    if float(cell.left) < start:
        box.scrollLeft = float(box.scrollLeft) - (start - float(cell.left))
    elif float(cell.right) > end:
        box.scrollLeft = float(box.scrollLeft) + min(float(cell.right) - end, float(cell.left) - start)


def fit_scrollers(root: Any) -> None:
    """After a redraw or a resize: bring each scroll area's current cell into view and mark its hidden sides."""
    boxes = root.querySelectorAll(SCROLLERS)
    for i in range(boxes.length):
        box = boxes.item(i)
        follow_current(box)
        show_overflow(box)
