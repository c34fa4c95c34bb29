"""Foxhole R20.A, R22.A, R5.A.4, R7, R25.A.5: who may take part in an Assault or Fight, and what
firepower hits whom. Shared by the Combat and Vehicle Assault phases and engagement.py.
"""

from __future__ import annotations

from collections.abc import Sequence

from tui_wargame.rules.foxhole import benefits, charts, counters, stacking
from tui_wargame.rules.foxhole.benefits import HARD, SOFT
from tui_wargame.rules.foxhole.counters import VEHICLE, is_motorized
from tui_wargame.rules.foxhole.position import EXHAUSTED, EXPENDED, OVERWATCH, Position

ENGAGED = "combat:engaged"  # a phase flag: the unit has Assaulted or Fought this phase
STACK = 4  # R10.A
SPECIALISTS = frozenset({"engineer-assault", "flame"})  # R7.A.5.a, R7.C.1.c
ASSAULT, FIGHT = charts.ASSAULT, charts.FIGHT


def services(pos: Position, uid: str) -> frozenset[str]:
    """R25.A.5: a unit's service and language, its `service:` and `language:` traits."""
    return frozenset(t for t in pos.spec(uid).traits if t.startswith(("service:", "language:")))


def mixed_services(pos: Position, units: Sequence[str]) -> bool:
    """R25.A.5 (optional): units of different services or languages may not fight together."""
    return pos.option("inter-service") and len({services(pos, u) for u in units}) > 1


def artillery_or_mortar(pos: Position, uid: str) -> bool:
    spec = pos.spec(uid)
    return counters.is_artillery(spec) or "mortar" in spec.traits


def may_act(pos: Position, uid: str) -> bool:
    """R20.A.1: a unit that may act this player turn (not Exhausted, Expended or on Overwatch,
    R5.B.2, R5.B.10), not a Hospital (no firepower, R7.A.7), not yet engaged this phase, not in
    Overstack (R10.D.4: it does not fire in combat)."""
    return (pos.on_map(uid) and not any(pos.has(uid, f) for f in (EXHAUSTED, EXPENDED, OVERWATCH))
            and "hospital" not in pos.spec(uid).traits and ENGAGED not in pos.state.units[uid].phase_flags
            and not in_overstack(pos, uid))


def in_overstack(pos: Position, uid: str) -> bool:
    """R10.D (optional overstacking): the unit is one of its hex's units in Overstack."""
    return stacking.is_overstacked(pos, uid)


def target_types(pos: Position, uid: str, attack: str) -> tuple[str, ...]:
    """R5.A.1, R5.A.4: which firepower hits the unit: Hard Vehicles (and Self-Propelled Artillery,
    R7.C.4) Hard only; Open-Top Vehicles Hard in a Fight, both (tracked apart) in an Assault."""
    spec = pos.spec(uid)
    if spec.kind != VEHICLE:
        return (SOFT,)
    if counters.hardness(spec) == counters.HARD:
        return (HARD,)
    if "open-top" in spec.traits:
        return (HARD,) if attack == FIGHT else (SOFT, HARD)
    return (SOFT,)


def enterable(pos: Position, uid: str, frm: str, target: str) -> bool:
    """R20.A.1: a unit may Assault only a hex it could move into: land it may enter, or water a
    Foot or Vehicle Bridge spans (R5.B.8: no Motorized unit on a Foot Bridge), across a hexside
    it may cross (a Bailey Bridge crosses any, R5.B.9)."""
    if frm == target:
        return True
    ht = pos.hex_type(target)
    motorized = is_motorized(pos.spec(uid))
    spanned = stacking.bridge(pos, target) if ht.water else None
    if spanned is not None and not spanned.motorized and motorized:
        return False
    if (ht.mp is None and spanned is None) or (ht.motorized_prohibited and motorized):
        return False
    bridged = pos.marker(Position.hexside_place(frm, target), "bridge-bailey") is not None
    return bridged or not any(t.prohibited for t in pos.hexside_types(frm, target))


def specialist(pos: Position, uid: str, target: str) -> bool:
    """R7.A.5.a, R7.C.1.c: an Assault Engineer or Flame Tank assaulting Buildings or Works."""
    if not SPECIALISTS & set(pos.spec(uid).traits):
        return False
    structures = pos.hex_type(target).id in benefits.STRUCTURE_HEXES or any(
        m.kind in benefits.FEATURE_KINDS or m.kind == "trenches"
        or (m.kind in charts.WORKS and not charts.WORKS[m.kind].trap) for m in pos.markers(target))
    return structures
