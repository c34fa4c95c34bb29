"""F&M 5.3 Stacking, as changed by Suez 17.1 and Gaza 16.1: limits checked when a phase ends
and after each retreat or advance; terrain that allows no stacking (marsh)."""

from __future__ import annotations

from collections import Counter

from tui_wargame.model import Refusal
from tui_wargame.rules.fm.data import StackLimit
from tui_wargame.rules.fm.position import Position

NO_LIMIT_GIVEN = StackLimit()  # F&M 5.3's own: one unit a hex


def limit_of(pos: Position, side: str) -> StackLimit:
    return pos.rules.stacking.get(side, NO_LIMIT_GIVEN)


def overstack(pos: Position, label: str, units: list[str] | None = None) -> Refusal | None:
    """Why the combat units in `label` (or `units` there) break the limit, with the rule; else None."""
    units = pos.units_in(label) if units is None else units
    if len(units) <= 1:
        return None
    side = pos.side_of(units[0])
    lim = limit_of(pos, side)
    if not pos.terrain(label).stacking:
        return Refusal(f"no stacking in {pos.terrain_id(label)}", lim.rule)
    kinds = Counter(pos.spec(u).kind for u in units) if lim.extra_kinds or lim.kind_max else Counter()
    extras = sum(n for k, n in kinds.items() if k in lim.extra_kinds)
    main = len(units) - min(extras, lim.extra)
    if main > lim.units:
        return Refusal(f"{len(units)} units in {label}, the limit is {lim.units}", lim.rule)
    for kind, most in lim.kind_max.items():
        if kinds[kind] > most:
            return Refusal(f"{kinds[kind]} {kind} units in {label}, at most {most}", lim.rule)
    if lim.same_formation and len({pos.spec(u).formation for u in units}) > 1:
        return Refusal(f"units in {label} are from different formations", lim.rule)
    return None


def overstacked_hexes(pos: Position, side: str) -> list[str]:
    """Every hex where `side` breaks its stacking limit."""
    return sorted(label for label in pos.held_by(side) if overstack(pos, label))
