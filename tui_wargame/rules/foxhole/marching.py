"""What the Activities-Movement Phase does to a unit's movement points: a Forced March (R19.D,
optional) doubles them, and a Company on requisitioned Bicycles, Vehicles or Skis (R25.C.4,
optional) moves on their rating for the rest of the player turn. The movement engine asks here.
"""

from __future__ import annotations

from collections.abc import Mapping

from tui_wargame.rules.foxhole.arith import DOUBLE, Term
from tui_wargame.rules.foxhole.position import Position

FORCED_MARCH = "activities:forced-march"  # a phase flag: the unit Force Marches (R19.D)
EQUIPPED = "activities.equipped"  # unit -> [turn, side, item]: requisitioned transport (R25.C.4)
#: R25.C.4.a-c: the MP rating a requisitioned item gives a non-Mounted Company.
ITEM_MP: Mapping[str, int] = {"bicycles": 6, "vehicles": 10, "skis": 6}
#: R25.C.4.a-c: what the Company counts as while it has the item (a counter trait).
ITEM_TRAIT: Mapping[str, str] = {"bicycles": "bicycle", "vehicles": "mounted", "skis": "ski"}


def forced_march(pos: Position, uid: str) -> bool:
    """R19.D: the unit Force Marches this phase."""
    return FORCED_MARCH in pos.state.units[uid].phase_flags


def equipped(pos: Position, uid: str) -> str | None:
    """R25.C.4: the requisitioned item the unit uses this player turn, if any."""
    table: object = pos.state.values.get(EQUIPPED, {})
    rec = table.get(uid) if isinstance(table, Mapping) else None
    if isinstance(rec, tuple | list) and len(rec) == 3 and list(rec[:2]) == [pos.state.turn, pos.acting]:
        return str(rec[2])
    return None


def item_traits(pos: Position, uid: str) -> frozenset[str]:
    """R25.C.4.a-c: what a requisitioned item makes the Company count as (Bicycle, Mounted, Ski)."""
    item = equipped(pos, uid)
    return frozenset({ITEM_TRAIT[item]}) if item is not None else frozenset()


def base_mp(pos: Position, uid: str) -> int:
    """The MP rating the unit moves on now: printed, or its requisitioned item's (R25.C.4)."""
    item = equipped(pos, uid)
    return ITEM_MP[item] if item is not None else pos.value(uid, "mp")


def mp_terms(pos: Position, uid: str) -> list[Term]:
    """R19.D: a Force Marching unit doubles its MPs."""
    return [Term("forced march", "R19.D", steps=DOUBLE)] if forced_march(pos, uid) else []
