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
from tui_wargame.model.state import EMPTY, Decision, Marker, State, Table, UnitState, Value, Verdict

__all__ = [
    "EMPTY",
    "Decision",
    "Event",
    "EventError",
    "HexsideFeature",
    "IllegalOrder",
    "MapSpec",
    "Marker",
    "Order",
    "Place",
    "Refusal",
    "Route",
    "Scenario",
    "Side",
    "State",
    "Table",
    "Terrain",
    "Turn",
    "UnitSpec",
    "UnitState",
    "Value",
    "Verdict",
    "apply",
    "fold",
]
