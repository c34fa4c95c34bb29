"""How a Foxhole game tells the changes of a unit's condition (R5.B): each condition marker in
the rulebook's own words with what it does, and nothing for the bookkeeping a player never sees
(what a unit did this player turn, a module's own flags); and a move's cost in movement points as
a player counts them ("4 5/6 MP"), while the save keeps the exact fraction ("29/6")."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from tui_wargame.model import Event
from tui_wargame.model.events import fraction
from tui_wargame.rules.foxhole.position import (
    EXHAUSTED,
    EXPENDED,
    FATIGUED,
    OVERWATCH,
    PINNED,
    SUPPLY_DEPLETED,
    SUPPLY_REDUCED,
    SUPPRESSED,
    Position,
)
from tui_wargame.text import hex_name, unit_name

#: condition -> (its marker's name, what it does, its rule).
CONDITION_WORDS: Mapping[str, tuple[str, str, str]] = {
    SUPPRESSED: ("Suppressed", "its firepower is halved", "R5.B.6"),
    PINNED: ("Pinned", "it may not move and its firepower is cut to a third", "R5.B.6"),
    FATIGUED: ("Fatigued", "its firepower is halved and it has a movement point less", "R5.B.10"),
    EXHAUSTED: ("Exhausted", "it may not act; its firepower is a third, its movement halved", "R5.B.10"),
    SUPPLY_REDUCED: ("Supply Reduced", "its firepower is halved", "R5.B.14"),
    SUPPLY_DEPLETED: ("Supply Depleted", "it has no firepower; a Motorized unit may not move", "R5.B.14"),
    OVERWATCH: ("on Overwatch", "it waits to act in the other player's turn", "R17.D"),
    EXPENDED: ("Expended", "it has fired in the other player's turn", "R5.B.2"),
}


def unit_flagged(pos: Position, event: Event) -> str:
    """A condition put on or taken off, in words; "" (untold) for any other flag."""
    words = CONDITION_WORDS.get(str(event["flag"]))
    if words is None or event.get("scope") == "phase":
        return ""
    name, effect, rule = words
    unit = unit_name(pos.scenario, event["unit"])
    if event.get("on", True):
        return f"{unit} is {name}: {effect} ({rule})"
    return f"{unit} is no longer {name} ({rule})"


def movement_points(cost: Fraction) -> str:
    """A cost as a whole number and a fraction: "3", "1/2", "4 5/6" (R11.A: fractions kept, R2.E)."""
    whole, part = divmod(cost, 1)
    if not part:
        return str(int(whole))
    return f"{int(whole)} {part}" if whole else str(part)


def unit_moved(pos: Position, event: Event) -> str:
    """A move: its hexes, from where the unit stood, and what it cost (R11.A)."""
    uid = event["unit"]
    start = pos.state.units[uid].location if uid in pos.state.units else "?"
    if event.get("activity") and list(event["path"]) == [start]:
        return ""  # MP spent where it stands: the activity's own line tells it (R19.B.1)
    route = " - ".join(hex_name(pos.scenario, h) for h in (start, *event["path"]))
    cost = fraction(event["cost"], "unit_moved: cost")
    if not cost:  # a retreat or a flight, told by its own event with its rule: only the way it went
        return f"{unit_name(pos.scenario, uid)} goes {route}"
    return f"{unit_name(pos.scenario, uid)} moves {route} ({movement_points(cost)} MP, R11.A)"


WORDS: Mapping[str, Callable[[Position, Event], str]] = {"unit_flagged": unit_flagged,
                                                         "unit_moved": unit_moved}
