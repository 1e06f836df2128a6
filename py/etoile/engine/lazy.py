"""Dataclasses made on first use: :func:`lazy_dataclass`.

``@dataclass`` writes the source of a class's methods and compiles it when the class is defined. Under Pyodide that
costs about a millisecond a class, and the app declares about 160 of them (its messages, effects and model, the
games' states and moves): defined eagerly, the 130 that the page's first screen imports took more than half of
Python's take-over of the page, for classes most of which a visit never makes one instance of. A ``@lazy_dataclass``
class becomes the dataclass that ``@dataclass`` would have made at its first use: when its first instance is made,
or when its fields are asked for (:func:`dataclasses.fields`, :func:`dataclasses.is_dataclass`). It is frozen unless
told otherwise, and has no ``__slots__`` (they would need a new class object, and the class must stay the one its
module defined). Type checkers read it as a dataclass.

>>> from dataclasses import fields, replace
>>> @lazy_dataclass
... class Point:
...     x: int
...     y: int = 0
>>> is_pending(Point)
True
>>> Point(1), Point(1) == Point(1, 0), is_pending(Point)
(Point(x=1, y=0), True, False)
>>> replace(Point(1), y=2)
Point(x=1, y=2)
>>> Point(1).x = 3
Traceback (most recent call last):
dataclasses.FrozenInstanceError: cannot assign to field 'x'
>>> @lazy_dataclass(frozen=False, order=True)
... class Score:
...     points: int
>>> [field.name for field in fields(Score)], Score(2) < Score(3)
(['points'], True)

A page made idle can make them ahead of their first use, one at a time (:func:`pending`, :func:`make`), so that no
player's action pays for them: the page's runtime does, once a screen is drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import Field, dataclass, field
from typing import Any, TypeVar, dataclass_transform, overload

T = TypeVar("T")

_FIELDS = "__dataclass_fields__"
_OPTIONS = "__lazy_dataclass__"
_DECLARED: list[type] = []
"""The classes declared lazy that may still be pending, in the order declared (:func:`pending` sweeps it)."""


class _PendingFields:
    """A pending class's ``__dataclass_fields__``: reading it makes the class a dataclass and gives its fields."""

    def __get__(self, instance: object, owner: type) -> dict[str, Field[Any]]:
        fields: dict[str, Field[Any]] = getattr(make(owner), _FIELDS)
        return fields


def is_pending(cls: type) -> bool:
    """Whether ``cls`` is a :func:`lazy_dataclass` not made a dataclass yet."""
    return _OPTIONS in cls.__dict__


def pending() -> list[type]:
    """The classes declared so far that are not made yet (the modules imported since declare more).

    >>> @lazy_dataclass
    ... class Later:
    ...     x: int
    >>> Later in pending(), make(Later) is Later, Later in pending()
    (True, True, False)
    """
    _DECLARED[:] = [cls for cls in _DECLARED if is_pending(cls)]
    return list(_DECLARED)


def make(cls: type[T]) -> type[T]:
    """Make ``cls`` (and first any pending class it derives from) the dataclass it declares, unless it is one."""
    options = cls.__dict__.get(_OPTIONS)
    if options is None:
        return cls
    for base in cls.__mro__[-1:0:-1]:
        make(base)
    for name in (_OPTIONS, _FIELDS, "__init__"):
        delattr(cls, name)
    return dataclass(cls, **options)


@overload
def lazy_dataclass(cls: type[T], /) -> type[T]: ...


@overload
def lazy_dataclass(*, frozen: bool = True, order: bool = False) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def lazy_dataclass(cls: type[T] | None = None, /, *, frozen: bool = True, order: bool = False) -> Any:
    """Declare ``cls`` a dataclass (``frozen`` unless told otherwise, ordered if ``order``), made on first use."""

    def declare(cls: type[T]) -> type[T]:
        if "__init__" in cls.__dict__:
            raise TypeError(f"{cls.__qualname__} declares __init__: a dataclass's is made from its fields")

        def __init__(self: T, *args: Any, **kwargs: Any) -> None:
            make(cls).__init__(self, *args, **kwargs)  # the dataclass's own, now in place

        __init__.__qualname__ = f"{cls.__qualname__}.__init__"
        type.__setattr__(cls, "__init__", __init__)
        type.__setattr__(cls, _FIELDS, _PendingFields())
        type.__setattr__(cls, _OPTIONS, {"frozen": frozen, "order": order})
        _DECLARED.append(cls)
        return cls

    return declare if cls is None else declare(cls)
