"""Tables kept per scenario: what depends only on a scenario's map and rules (step costs, ZOC
neighbours, a unit's reach before the enemy moves), worked out once and shared by every Position,
game and load of it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from tui_wargame.model import Scenario

T = TypeVar("T")
SCENARIOS_KEPT = 16  # scenarios a table holds before it starts again: a process plays one or two


class PerScenario(Generic[T]):
    """One `T` per scenario, made by `make` on first use. A scenario read from a file is found by its
    file's hash, so that every load of the file shares it; one built in code (no hash) by its id,
    and held, so that the id is not reused while kept."""

    def __init__(self, make: Callable[[Scenario], T]) -> None:
        self._make = make
        self._kept: dict[object, tuple[Scenario, T]] = {}

    def __call__(self, scenario: Scenario) -> T:
        key = scenario.content_hash or id(scenario)
        hit = self._kept.get(key)
        if hit is None or (not scenario.content_hash and hit[0] is not scenario):
            hit = self.put(scenario, self._make(scenario))
        return hit[1]

    def put(self, scenario: Scenario, value: T) -> tuple[Scenario, T]:
        """Keep `value` for `scenario` (made elsewhere: the rules structured while checking it)."""
        if len(self._kept) >= SCENARIOS_KEPT:
            self._kept.clear()
        hit = self._kept[scenario.content_hash or id(scenario)] = (scenario, value)
        return hit
