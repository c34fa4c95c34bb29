"""How a Foxhole game tells the changes of a unit's condition (R5.B): each condition marker in
the rulebook's own words with what it does, and nothing for the bookkeeping a player never sees
(what a unit did this player turn, a module's own flags)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from tui_wargame.model import Event
from tui_wargame.rules.foxhole.position import (EXHAUSTED, EXPENDED, FATIGUED, OVERWATCH, PINNED,
                                                 SUPPLY_DEPLETED, SUPPLY_REDUCED, SUPPRESSED, Position)
from tui_wargame.text import unit_name

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


WORDS: Mapping[str, Callable[[Position, Event], str]] = {"unit_flagged": unit_flagged}
