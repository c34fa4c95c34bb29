"""`frozen`: attrs' immutable classes, with one shared `__repr__`.

attrs writes and compiles the source of each class's methods when the class is
made; the `__repr__` is a quarter of that work. The game's start-up makes some
forty classes (the model, the save file, the rules tables), so a `__repr__`
shared by all of them, reading the fields when called, saves about 8 ms of
every start and prints the same text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    # Type checkers see attrs' own decorator, whose classes their attrs support understands (the
    # fields as `__init__`'s arguments, `attrs.evolve`, `attrs.fields`); ours only adds the repr.
    from attrs import frozen as frozen
else:
    def _repr(self: Any) -> str:
        fields = ", ".join(f"{a.name}={getattr(self, a.name)!r}" for a in attrs.fields(type(self)) if a.repr)
        return f"{type(self).__qualname__}({fields})"

    def frozen(maybe_cls: type | None = None, **options: Any) -> Any:
        """`attrs.frozen` with the shared `__repr__`; the same options otherwise."""

        def make(cls: type) -> type:
            made = attrs.frozen(cls, repr=False, **options)
            made.__repr__ = _repr
            return made

        return make if maybe_cls is None else make(maybe_cls)
