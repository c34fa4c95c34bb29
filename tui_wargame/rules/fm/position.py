"""A Position: one State seen through one scenario's rules, with the questions every rule asks.

Rules functions take a Position rather than (scenario, state, data, hooks)
so that each reads like the rulebook: whose unit, which hex, what terrain.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cached_property
from typing import Any

from tui_wargame.hexgrid import distance
from tui_wargame.model import Scenario, State, Turn, UnitSpec
from tui_wargame.rules.fm.data import FmRules, TerrainEffect, rules_of
from tui_wargame.rules.fm.hooks import Hooks, hooks_named
from tui_wargame.rules.kept import PerScenario


class Position:
    def __init__(self, scenario: Scenario, state: State) -> None:
        self.scenario = scenario
        self.state = state
        self.rules: FmRules = rules_of(scenario)
        self.hooks: Hooks = hooks_named(self.rules.hooks)
        self.zoc_cache: dict[str, frozenset[str]] = {}  # side -> hexes in its ZOC (zoc.zoc_of_side)
        self.observed_cache: dict[str, frozenset[str]] = {}  # side -> hexes it observes (fire_support)
        # (unit, start, entry hexes) -> hex -> (cost, path): where its movement reaches (movement.paths)
        self.paths_cache: dict[tuple[str, str | None, tuple[str, ...]],
                               dict[str, tuple[Fraction, list[str]]]] = {}
        self.ending_cache: dict[str, Any] = {}  # side -> its hexes beyond the limit (ending.Repair)
        self._held: dict[str, frozenset[str]] = {}

    def at(self, state: State) -> Position:
        """The same scenario at another State (after events folded locally)."""
        return Position(self.scenario, state)

    # --- sides and turns ---

    @property
    def first(self) -> str:
        return self.rules.first or self.scenario.sides[0].id

    @property
    def second(self) -> str:
        return next(s.id for s in self.scenario.sides if s.id != self.first)

    def enemy(self, side: str) -> str:
        return self.second if side == self.first else self.first

    @property
    def turn(self) -> Turn:
        return self.scenario.turns[self.state.turn]

    @property
    def night(self) -> bool:
        return self.turn.night

    # --- units ---

    def spec(self, uid: str) -> UnitSpec:
        return self.scenario.unit[uid]

    def side_of(self, uid: str) -> str:
        return self.scenario.unit[uid].side

    def factor(self, uid: str, name: str) -> int:
        """The unit's printed factor on its current side (F&M: steps lost turn the counter)."""
        spec = self.spec(uid)
        lost = spec.steps - self.state.units[uid].steps
        return int(spec.factors[min(lost, spec.steps - 1)][name])

    def is_combat(self, uid: str) -> bool:
        """Markers and air units are not combat units: no ZOC, no stacking, no attacks."""
        return self.spec(uid).kind not in self.rules.non_combat_kinds

    def location(self, uid: str) -> str:
        return self.state.units[uid].location

    @cached_property
    def _by_hex(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        hexes, combat = _STANDING(self.scenario)
        # on_map and is_combat as set lookups: every look at a position
        for uid, u in self.state.units.items():
            if uid in combat and u.location in hexes:
                found.setdefault(u.location, []).append(uid)
        return found

    def units_in(self, label: str) -> list[str]:
        """The combat units in a hex."""
        return list(self._by_hex.get(label, ()))

    def occupied_hexes(self) -> dict[str, list[str]]:
        return self._by_hex

    def occupant(self, label: str) -> str | None:
        """The side holding a hex with combat units, if any."""
        units = self._by_hex.get(label)
        return self.scenario.unit[units[0]].side if units else None

    def held_by(self, side: str) -> frozenset[str]:
        """The hexes `side`'s combat units stand in."""
        found = self._held.get(side)
        if found is None:
            found = self._held[side] = frozenset(h for h, units in self._by_hex.items()
                                                 if self.scenario.unit[units[0]].side == side)
        return found

    def on_map(self, uid: str) -> bool:
        """Whether the unit is on a hex of the map, not in a box."""
        return self.scenario.grid.on_map(self.state.units[uid].location)

    def on_map_units(self, side: str) -> list[str]:
        on_map = self.scenario.grid.on_map
        return [uid for uid, u in self.state.units.items()
                if on_map(u.location) and self.side_of(uid) == side and self.is_combat(uid)]

    # --- the map ---

    def neighbours(self, label: str) -> list[str]:
        return list(self.scenario.grid.adjacent(label))

    def distance(self, a: str, b: str) -> int:
        grid = self.scenario.grid
        return distance(grid.parse(a), grid.parse(b))

    def terrain(self, label: str) -> TerrainEffect:
        return self.rules.terrain[self.scenario.terrain_at(label).id]

    def terrain_id(self, label: str) -> str:
        return self.scenario.terrain_at(label).id


def _standing_of(scenario: Scenario) -> tuple[frozenset[str], frozenset[str]]:
    """The labels of the map's hexes and the ids of the combat units (not markers or air units)."""
    non_combat = rules_of(scenario).non_combat_kinds
    return (frozenset(scenario.grid.labels()),
            frozenset(uid for uid, spec in scenario.unit.items() if spec.kind not in non_combat))


_STANDING: PerScenario[tuple[frozenset[str], frozenset[str]]] = PerScenario(_standing_of)
