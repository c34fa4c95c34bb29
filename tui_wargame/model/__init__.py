"""The game's values: Scenario (static), State (changing), Event, Order."""

from tui_wargame.model.events import Event, EventError, apply, fold
from tui_wargame.model.order import IllegalOrder, Order, Refusal
from tui_wargame.model.scenario import Hexside as HexsideFeature
from tui_wargame.model.scenario import (
    MapSpec,
    Place,
    Route,
    Scenario,
    Side,
    Terrain,
    Turn,
    UnitSpec,
)
from tui_wargame.model.state import EMPTY, Decision, State, UnitState, Verdict

__all__ = [
    "EMPTY",
    "Decision",
    "Event",
    "EventError",
    "HexsideFeature",
    "IllegalOrder",
    "MapSpec",
    "Order",
    "Place",
    "Refusal",
    "Route",
    "Scenario",
    "Side",
    "State",
    "Terrain",
    "Turn",
    "UnitSpec",
    "UnitState",
    "Verdict",
    "apply",
    "fold",
]
