"""F&M 7.9 Advance after combat, as changed by Suez/Gaza 10.3 and RULES-NOTES.

When the defender's hex is emptied, attackers may advance into it, ignoring
ZOCs. Leg units stop there (or may not advance: `rules.advance.leg_advance`); mobile units (trait
`rules.advance.mobile_trait`) may go on along a defender's retreat path up to
its length; `Hooks.advance_extra` adds hexes in any direction (Gaza 13.1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tui_wargame.rules.fm.data import fraction
from tui_wargame.rules.fm.movement import route_only
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import overstack
from tui_wargame.rules.kept import PerScenario


def may_advance_into(pos: Position, uid: str, a: str, b: str) -> bool:
    """F&M 7.9: no enemy unit, no prohibited terrain or hexside; ZOCs are ignored."""
    if pos.occupant(b) not in (None, pos.side_of(uid)):
        return False
    kept = _OPEN(pos.scenario)
    key = (pos.spec(uid).traits, a, b)
    found = kept.get(key)
    if found is None:
        found = kept[key] = _open_step(pos, uid, a, b)
    return found


# (traits, a, b) -> whether the map lets a unit with those traits step from a to b: the part of 7.9
# that never changes, asked for every retreat the computer weighs.
_OPEN: PerScenario[dict[tuple[Any, ...], bool]] = PerScenario(lambda _: {})


def _open_step(pos: Position, uid: str, a: str, b: str) -> bool:
    only = route_only(pos, uid)
    if only is not None and only not in pos.scenario.routes_between(a, b):
        return False  # a unit that moves only along a route retreats and advances along it too
    if fraction(pos.terrain(b).move) is None:
        return False
    return all(fraction(pos.rules.hexside[f.feature].move) is not None
               for f in pos.scenario.features_between(a, b))


def advance_paths(pos: Position, uid: str, target: str, retreat_paths: Mapping[str, Sequence[str]],
                  attackers: Sequence[str]) -> list[list[str]]:
    """Every path `uid` may advance along, ending where stacking allows (F&M 7.9, 5.3)."""
    here = pos.location(uid)
    if not may_advance_into(pos, uid, here, target):
        return []
    bases: list[list[str]] = [[target]]
    if pos.rules.advance.mobile_trait in pos.spec(uid).traits:
        for path in retreat_paths.values():
            for k in range(1, len(path) + 1):
                candidate = [target, *path[:k]]
                if candidate not in bases and all(
                        may_advance_into(pos, uid, a, b) for a, b in zip(candidate, candidate[1:])):
                    bases.append(candidate)
    elif not pos.rules.advance.leg_advance:
        bases = []
    found = list(bases)
    frontier = bases
    for _ in range(pos.hooks.advance_extra(pos, uid, attackers)):
        grown = []
        for path in frontier:
            for n in pos.neighbours(path[-1]):
                if n != here and n not in path and may_advance_into(pos, uid, path[-1], n):
                    candidate = [*path, n]
                    if candidate not in found:
                        grown.append(candidate)
                        found.append(candidate)
        frontier = grown
    return [p for p in found if overstack(pos, p[-1], [*pos.units_in(p[-1]), uid]) is None]
