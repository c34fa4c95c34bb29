"""The changing side of a game: where every counter is and what the game waits for.

A State is immutable. `tui_wargame.model.events.apply` makes a new one from an
old one and an event, sharing everything that did not change, so the engine
can keep many of them (snapshots for replay) cheaply.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from attrs import field, fields

from tui_wargame.frozen import frozen

#: A value the rule systems keep in `State.values`: what TOML can hold, plus exact fractions.
Value = int | bool | str | Fraction


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
    spent: Fraction = Fraction(0)
    flags: frozenset[str] = frozenset()
    phase_flags: frozenset[str] = frozenset()

    def has(self, flag: str) -> bool:
        return flag in self.flags or flag in self.phase_flags


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

    @property
    def to_act(self) -> str:
        """The side whose player must act now: the one owing a decision, else the active side."""
        return self.pending.side if self.pending else self.active

    @property
    def over(self) -> bool:
        return self.result is not None

    def units_at(self, label: str) -> list[str]:
        return [uid for uid, u in self.units.items() if u.location == label]

    def replace(self, **changes: Any) -> State:
        """A copy with `changes`; written out rather than `attrs.evolve`, which is slower on the
        hot path of every load (each event makes a new State)."""
        if not changes.keys() <= _STATE_FIELDS:
            raise TypeError(f"State has no field {sorted(changes.keys() - _STATE_FIELDS)[0]!r}")
        get = changes.get
        return State(get("turn", self.turn), get("phase", self.phase), get("active", self.active),
                     get("units", self.units), get("values", self.values), get("control", self.control),
                     get("pending", self.pending), get("result", self.result))


_STATE_FIELDS = frozenset(f.name for f in fields(State))


#: The state before the setup record: nothing placed, nothing begun.
EMPTY = State(turn=0, phase="", active="", units={})
