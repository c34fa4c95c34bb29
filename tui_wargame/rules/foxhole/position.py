"""A Position: one State of a Foxhole game seen through its scenario, with the questions every
rule asks (whose unit, which hex, what terrain, what markers, which sides act and react).

Rule functions take a Position so that each reads like the rulebook. Unit conditions that the
rulebook gives as markers on a unit (R5.B: Suppressed, Pinned, Fatigued, Exhausted, Supply
Reduced/Depleted, Overwatch, Expended) are unit flags, so they move with the unit; markers on
a hex or a hexside are `State.markers`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, cast

from tui_wargame.model import Marker, Scenario, State, Turn, UnitSpec
from tui_wargame.rules.foxhole import charts, counters

# Unit conditions (R5.B pairs), kept as game flags on the unit.
SUPPRESSED, PINNED = "suppressed", "pinned"
FATIGUED, EXHAUSTED = "fatigued", "exhausted"
SUPPLY_REDUCED, SUPPLY_DEPLETED = "supply-reduced", "supply-depleted"
OVERWATCH, EXPENDED = "overwatch", "expended"
CONDITIONS = (SUPPRESSED, PINNED, FATIGUED, EXHAUSTED, SUPPLY_REDUCED, SUPPLY_DEPLETED, OVERWATCH, EXPENDED)

#: What a unit did this player turn: game flags the sequence clears when a player turn ends (R15),
#: as they matter across the turn's phases (R17.B, R18.A.1, R19.A-B, R20.A, R21.C).
TRACED = "traced"  # traced supply in the Supply-Movement Phase (R17.B), successfully or not
TRACED_FORCED = "traced-forced"  # had to (R17.A-B: began adjacent to an enemy)
SUPPLIED = "supplied"  # its trace succeeded (R12)
MOVED = "moved"  # moved or spent MPs this player turn
FIRED = "fired"  # fired a Barrage this player turn (R18.A.1)
ACTED = "acted"  # did anything this player turn (R9.A: Night Fatigue)
AMBUSHED = "ambushed"  # is to be Ambushed in the next Combat or Vehicle Assault Phase (R11.C.2)
TURN_FLAGS = frozenset({TRACED, TRACED_FORCED, SUPPLIED, MOVED, FIRED, ACTED, AMBUSHED})


#: The memos of the last States asked about, by the ids of their scenario and State (the objects
#: are kept with them, so the ids stay theirs): see `Position.memo`.
MEMOS_KEPT = 4
_MEMOS: dict[tuple[int, int], tuple[Scenario, State, dict[object, object]]] = {}


class Position:
    def __init__(self, scenario: Scenario, state: State) -> None:
        self.scenario = scenario
        self.state = state

    def at(self, state: State) -> Position:
        """The same scenario at another State (after events folded locally)."""
        return Position(self.scenario, state)

    @cached_property
    def memo(self) -> dict[object, object]:
        """Answers a rule module works out once for this State and asks again many times while
        listing orders (key: a tuple starting with the module's name). A State never changes,
        so nothing here goes stale; a Position of another State starts afresh, and Positions of
        the same State and scenario objects share one (the screen asks one State the orders, the
        prompt and the explanation of each order, each through a Position of its own)."""
        key = (id(self.scenario), id(self.state))
        found = _MEMOS.get(key)
        if found is not None and found[0] is self.scenario and found[1] is self.state:
            return found[2]
        memo: dict[object, object] = {}
        _MEMOS[key] = (self.scenario, self.state, memo)
        for old in list(_MEMOS)[:-MEMOS_KEPT]:  # a copy of the keys: another thread may ask too
            _MEMOS.pop(old, None)
        return memo

    # --- sides (R2.H) ---

    @cached_property
    def offensive(self) -> str:
        """R2.H.1: the side with the first player turn of each Full Turn."""
        return str(self.scenario.rules.get("offensive") or self.scenario.sides[0].id)

    @cached_property
    def defensive(self) -> str:
        return next(s.id for s in self.scenario.sides if s.id != self.offensive)

    def enemy(self, side: str) -> str:
        return self.defensive if side == self.offensive else self.offensive

    @property
    def acting(self) -> str:
        """R2.H.3: the player whose player turn it is."""
        return self.state.active

    @property
    def reacting(self) -> str:
        return self.enemy(self.state.active)

    # --- time (R13) ---

    @property
    def turn(self) -> Turn:
        return self.scenario.turns[self.state.turn]

    @property
    def night(self) -> bool:
        return self.turn.night

    def option(self, name: str) -> bool:
        """Whether the optional rule `name` (R25, R2.K) is in play in this game."""
        return bool(self.state.values.get(f"option.{name}", False))

    def table(self, key: str) -> Mapping[str, Any]:
        """The State value `key` as the table its rule keeps there, empty when unset (the rule
        knows the shape; this only tells the type checker)."""
        return cast("Mapping[str, Any]", self.state.values.get(key, {}))

    # --- units ---

    def spec(self, uid: str) -> UnitSpec:
        return self.scenario.unit[uid]

    def side_of(self, uid: str) -> str:
        return self.scenario.unit[uid].side

    def value(self, uid: str, name: str) -> int:
        """The printed value `name` on the side the unit shows now (R5.A.8)."""
        return counters.value(self.spec(uid), self.state.units[uid].steps, name)

    def reduced(self, uid: str) -> bool:
        """On its Cadre side (R5.A.8)."""
        return self.state.units[uid].steps < self.spec(uid).steps

    def has(self, uid: str, flag: str) -> bool:
        return self.state.units[uid].has(flag)

    def location(self, uid: str) -> str:
        return self.state.units[uid].location

    def on_map(self, uid: str) -> bool:
        return self.scenario.grid.on_map(self.state.units[uid].location)

    @cached_property
    def _by_hex(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        on_map = self.scenario.grid.on_map
        for uid, u in sorted(self.state.units.items()):
            if on_map(u.location):
                found.setdefault(u.location, []).append(uid)
        return found

    @cached_property
    def _by_hex_side(self) -> dict[tuple[str, str], list[str]]:
        found: dict[tuple[str, str], list[str]] = {}
        for label, units in self._by_hex.items():
            for uid in units:
                found.setdefault((label, self.side_of(uid)), []).append(uid)
        return found

    def units_in(self, label: str, side: str | None = None) -> list[str]:
        """The units in a hex (of `side` only, if given), in id order (a new list each time)."""
        if side is None:
            return list(self._by_hex.get(label, ()))
        return list(self._by_hex_side.get((label, side), ()))

    def occupied(self) -> dict[str, list[str]]:
        return self._by_hex

    def units_of(self, side: str) -> list[str]:
        """`side`'s units on the map, in id order."""
        return [u for units in self._by_hex.values() for u in units if self.side_of(u) == side]

    def enemy_adjacent(self, label: str, side: str) -> bool:
        """Whether a unit of `side`'s enemy is in a hex next to `label` (kept for the State)."""
        key = ("position.enemy_adjacent", label, side)
        found = self.memo.get(key)
        if found is None:
            enemy = self.enemy(side)
            found = self.memo[key] = any(self._by_hex_side.get((n, enemy)) for n in self.neighbours(label))
        return found  # type: ignore[return-value]

    # --- the map ---

    def neighbours(self, label: str) -> tuple[str, ...]:
        return self.scenario.grid.adjacent(label)

    def distance(self, a: str, b: str) -> int:
        return self.scenario.grid.distance(a, b)

    def hex_type(self, label: str) -> charts.HexType:
        """The chart row of the hex now: a Burnt Out hex is what it burnt to (R5.B.12)."""
        found = self._hex_types.get(label)
        if found is None:
            found = self._hex_types[label] = self._changed(label) or \
                charts.HEX_TYPES[self.scenario.terrain_at(label).id]
        return found

    @cached_property
    def _hex_types(self) -> dict[str, charts.HexType]:
        return {}

    def _changed(self, label: str) -> charts.HexType | None:
        for kind in ("burnt-out", "built"):  # built: R19.B.9-10, what Engineers made of the hex
            changed = self.marker(label, kind)
            if changed is not None and isinstance(changed.value, str) and changed.value:
                return charts.HEX_TYPES[changed.value]
        return None

    def hexside_types(self, a: str, b: str) -> list[charts.HexsideType]:
        return [charts.HEXSIDE_TYPES[f.feature] for f in self.scenario.features_between(a, b)]

    def lines_between(self, a: str, b: str) -> frozenset[str]:
        """The transportation lines joining two adjacent hexes (R11.C.1)."""
        return self.scenario.routes_between(a, b)

    @staticmethod
    def hexside_place(grid_label_a: str, grid_label_b: str) -> str:
        """The place name of the hexside between two hexes, for markers on it (bridges, Rail
        Breaks): the two labels in order, joined by '|'."""
        a, b = sorted((grid_label_a, grid_label_b))
        return f"{a}|{b}"

    def markers(self, place: str) -> tuple[Marker, ...]:
        return self.state.markers.get(place, ())

    def marker(self, place: str, kind: str, id: str = "") -> Marker | None:
        return self.state.marker(place, kind, id)

    def level(self, place: str, kind: str) -> int:
        """The level of a levelled marker (Trenches, Mines, Tank Traps: R5.B), 0 if absent."""
        m = self.marker(place, kind)
        if m is None:
            return 0
        return m.value if isinstance(m.value, int) and not isinstance(m.value, bool) else 1
