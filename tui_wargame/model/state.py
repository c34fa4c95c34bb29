"""The changing side of a game: where every counter is and what the game waits for.

A State is immutable. `tui_wargame.model.events.apply` makes a new one from an
old one and an event, sharing everything that did not change, so the engine
can keep many of them (snapshots for replay) cheaply.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Any, Union

from attrs import field, fields

from tui_wargame.frozen import frozen

#: A single value: what TOML holds as one item (no floats: a game's numbers are exact), or a fraction.
Scalar = int | bool | str | Fraction

#: A value the rule systems keep in `State.values`: a scalar, or a list (a tuple) or a table (a
#: `Table`) of values, so that a weather record or a forecast is one value, immutable once in State.
Value = Union[Scalar, tuple["Value", ...], "Table"]


class Table(Mapping[str, "Value"]):
    """An immutable table of values: a structured `State.values` entry (weather, a forecast).

    Equal to any mapping with the same items, and hashable, so States holding one
    compare and snapshot like any other. `events.freeze` makes them from event facts.
    """

    __slots__ = ("_items", "_hash")

    def __init__(self, items: Mapping[str, Value] | Iterable[tuple[str, Value]] = ()) -> None:
        self._items: dict[str, Value] = dict(items)
        self._hash: int | None = None

    def __getitem__(self, key: str) -> Value:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Table):
            return self._items == other._items
        return self._items == other if isinstance(other, Mapping) else NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._items.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"Table({self._items!r})"


#: The one zero that a unit's `spent` starts from and returns to, so the fold can test it by identity.
ZERO = Fraction(0)


@frozen
class UnitState:
    """One counter's position and condition.

    `location` is a hex label ("0239") or an off-map box ("eliminated"); which, the scenario's
    board says (`scenario.grid.on_map`).
    `spent` is movement used this phase, exact. `phase_flags` are cleared
    when a phase begins ("moved", "attacked"); `flags` last ("activated").
    """

    location: str
    steps: int
    spent: Fraction = ZERO
    flags: frozenset[str] = frozenset()
    phase_flags: frozenset[str] = frozenset()

    def has(self, flag: str) -> bool:
        return flag in self.flags or flag in self.phase_flags


@frozen
class Marker:
    """A counter on a place that is not a unit: a work, smoke, mines, a bridge, a supply level.

    Foxhole (R5.B) stacks several in a hex, some owned, some with a level or a
    number, some face down. `kind` says what it is ("trenches", "smoke"); `id`
    tells apart markers of one kind in one place ("" when one is enough);
    `side` owns it ("" for nobody); `value` is its level or number; a `hidden`
    marker lies face down, its kind and value known to its side only. A unit's
    own condition (pinned, fatigued, out of supply) is a unit flag instead, so
    that it moves with the unit.
    """

    kind: str
    id: str = ""
    side: str = ""
    value: int | bool | str | None = None
    hidden: bool = False


@frozen
class Decision:
    """A question the game waits on, owed by `side`: a retreat path, a step loss, ..."""

    side: str
    kind: str
    prompt: str
    data: Mapping[str, Any] = field(factory=dict)


@frozen
class Verdict:
    winner: str  # a side id, or "" for a draw
    level: str  # "decisive", "marginal", "draw", ...
    reason: str


@frozen(eq=True, hash=False)
class State:
    turn: int  # index into Scenario.turns
    phase: str
    active: str  # the side whose player turn it is
    units: Mapping[str, UnitState]
    values: Mapping[str, Value] = field(factory=dict)
    control: Mapping[str, str] = field(factory=dict)  # hex label -> side id
    pending: Decision | None = None
    result: Verdict | None = None
    #: Place (a hex, a hexside or a box) -> its markers, bottom first; a place without any is absent.
    markers: Mapping[str, tuple[Marker, ...]] = field(factory=dict)

    @property
    def to_act(self) -> str:
        """The side whose player must act now: the one owing a decision, else the active side."""
        return self.pending.side if self.pending else self.active

    @property
    def over(self) -> bool:
        return self.result is not None

    def units_at(self, label: str) -> list[str]:
        return [uid for uid, u in self.units.items() if u.location == label]

    def markers_at(self, place: str) -> tuple[Marker, ...]:
        return self.markers.get(place, ())

    def marker(self, place: str, kind: str, id: str = "") -> Marker | None:
        """The `kind` marker `id` at `place`, if there is one."""
        return next((m for m in self.markers.get(place, ()) if m.kind == kind and m.id == id), None)

    def replace(self, **changes: Any) -> State:
        """A copy with `changes`; written out rather than `attrs.evolve`, which is slower on the
        hot path of every load (each event makes a new State)."""
        if not changes.keys() <= _STATE_FIELDS:
            raise TypeError(f"State has no field {sorted(changes.keys() - _STATE_FIELDS)[0]!r}")
        get = changes.get
        return State(get("turn", self.turn), get("phase", self.phase), get("active", self.active),
                     get("units", self.units), get("values", self.values), get("control", self.control),
                     get("pending", self.pending), get("result", self.result), get("markers", self.markers))


_STATE_FIELDS = frozenset(f.name for f in fields(State))


#: The state before the setup record: nothing placed, nothing begun.
EMPTY = State(turn=0, phase="", active="", units={})
