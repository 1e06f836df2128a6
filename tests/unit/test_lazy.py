"""A :func:`~etoile.engine.lazy.lazy_dataclass` is the dataclass ``@dataclass`` makes, made on first use; and every
one the app declares is a valid dataclass (an error in a declaration shows at first use, so this test makes them all).
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from dataclasses import FrozenInstanceError, dataclass, field, fields, replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import etoile
from etoile.engine.lazy import is_pending, lazy_dataclass, make

BROWSER_ONLY = ("etoile.ui.runtime", "etoile.ui.dom")
"""Modules that import the browser's (``js``): their dataclasses are made in the browser tests."""


def twins(names: list[str], defaults: int, frozen: bool, order: bool) -> tuple[type, type]:
    """The same class declared twice: as a dataclass and as a lazy one (the last ``defaults`` fields have one)."""
    annotations = dict.fromkeys(names, "int")
    body = {name: index for index, name in enumerate(names) if index >= len(names) - defaults}
    plain = dataclass(frozen=frozen, order=order)(type("Twin", (), {"__annotations__": annotations, **body}))
    lazy = lazy_dataclass(frozen=frozen, order=order)(type("Twin", (), {"__annotations__": annotations, **body}))
    return plain, lazy


@given(
    names=st.lists(st.sampled_from(["a", "b", "c", "d"]), unique=True, max_size=4),
    defaults=st.integers(0, 4),
    frozen=st.booleans(),
    order=st.booleans(),
    values=st.lists(st.integers(-3, 3), min_size=8, max_size=8),
)
def test_a_lazy_dataclass_behaves_as_the_dataclass(
    names: list[str], defaults: int, frozen: bool, order: bool, values: list[int]
) -> None:
    plain, lazy = twins(names, defaults, frozen, order)
    needed = len(names) - min(defaults, len(names))
    args, other = values[:needed], values[4 : 4 + len(names)]
    p, q = plain(*args), lazy(*args)
    assert not is_pending(lazy)
    assert repr(p) == repr(q)
    assert [f.name for f in fields(p)] == [f.name for f in fields(q)] == names
    assert dataclasses.astuple(p) == dataclasses.astuple(q)
    assert (p == plain(*other[:needed])) == (q == lazy(*other[:needed]))
    assert q == lazy(*args) and q != p
    if frozen:
        assert hash(q) == hash(lazy(*args))
        if names:
            with pytest.raises(FrozenInstanceError):
                setattr(q, names[0], 9)
    if names:
        assert getattr(replace(q, **{names[-1]: 7}), names[-1]) == 7
    if order and names:
        assert (p < plain(*other[:needed])) == (q < lazy(*other[:needed]))
    with pytest.raises(TypeError):
        lazy(*values[: len(names) + 1])


def test_asking_for_its_fields_makes_it() -> None:
    @lazy_dataclass
    class Point:
        x: int
        tags: list[str] = field(default_factory=list)

    assert is_pending(Point)
    assert [f.name for f in fields(Point)] == ["x", "tags"]
    assert not is_pending(Point) and dataclasses.is_dataclass(Point)
    assert Point(1).tags == [] and Point(1).tags is not Point(1).tags


def test_a_lazy_dataclass_may_derive_from_a_pending_one() -> None:
    @lazy_dataclass
    class Base:
        x: int

    @lazy_dataclass
    class Derived(Base):
        y: int = 0

    assert Derived(1, 2) == Derived(x=1, y=2) and is_pending(Derived) is is_pending(Base) is False
    assert Base(1) != Derived(1)


def test_post_init_runs_once_made() -> None:
    @lazy_dataclass
    class Sorted:
        items: tuple[int, ...]

        def __post_init__(self) -> None:
            object.__setattr__(self, "items", tuple(sorted(self.items)))

    assert Sorted((3, 1, 2)).items == (1, 2, 3)


def test_a_lazy_dataclass_declares_no_init() -> None:
    with pytest.raises(TypeError, match="declares __init__"):

        @lazy_dataclass
        class Odd:
            x: int

            def __init__(self) -> None:
                pass


def declared() -> list[type]:
    """Every lazy dataclass of the app's modules (not those only the browser imports)."""
    found: dict[str, type] = {}
    for module in pkgutil.walk_packages(etoile.__path__, "etoile."):
        if module.name.startswith(BROWSER_ONLY):
            continue
        for value in vars(importlib.import_module(module.name)).values():
            ours = isinstance(value, type) and value.__module__ == module.name
            if ours and ("__lazy_dataclass__" in vars(value) or "__dataclass_params__" in vars(value)):  # pending or made
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return [found[name] for name in sorted(found)]


def test_every_lazy_dataclass_of_the_app_is_a_valid_dataclass() -> None:
    classes = declared()
    assert len(classes) > 100
    for cls in classes:
        made: Any = make(cls)
        assert dataclasses.is_dataclass(made), cls
