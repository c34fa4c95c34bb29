"""F&M 7.7 How to retreat, and displacement of an overstacked hex (Suez 17.1, Gaza 16.1).

House rules (RULES-NOTES, "Retreat"): the owner picks the path; each hex is
one hex farther from the hex the unit started in; no enemy unit, no enemy ZOC
(a friendly unit there does not help), no prohibited terrain or hexside, not
off the map. A unit with no full-length path is eliminated.
"""

from __future__ import annotations

from tui_wargame.rules.fm.data import fraction
from tui_wargame.rules.fm.movement import route_only
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import overstack
from tui_wargame.rules.fm.zoc import in_enemy_zoc


def may_retreat_into(pos: Position, uid: str, a: str, b: str) -> bool:
    """F&M 7.7 / 6.2 (house rule): whether a retreating (or displaced) unit may step from a to b."""
    side = pos.side_of(uid)
    if pos.occupant(b) not in (None, side):
        return False
    only = route_only(pos, uid)
    if only is not None and only not in pos.scenario.routes_between(a, b):
        return False  # a unit that moves only along a route retreats and advances along it too
    if fraction(pos.terrain(b).move) is None:
        return False
    if any(fraction(pos.rules.hexside[f.feature].move) is None for f in pos.scenario.features_between(a, b)):
        return False
    return pos.hooks.ignores_zoc(pos, uid) or not in_enemy_zoc(pos, side, b)


def retreat_paths(pos: Position, uid: str, hexes: int) -> list[list[str]]:
    """F&M 7.7: every full-length retreat path for `uid` from where it stands."""
    start = pos.location(uid)
    paths: list[list[str]] = []

    def extend(path: list[str]) -> None:
        if len(path) == hexes:
            paths.append(path)
            return
        here = path[-1] if path else start
        for n in pos.neighbours(here):
            if pos.distance(start, n) == len(path) + 1 and may_retreat_into(pos, uid, here, n):
                extend([*path, n])

    extend([])
    return paths


def displacements(pos: Position, label: str) -> list[tuple[str, str]]:
    """Suez 17.1 / Gaza 16.1 (house rule: one hex): (unit, hex) moves that take one unit out of an
    overstacked hex to an adjacent hex it may retreat into without overstacking that hex."""
    options = []
    for uid in pos.units_in(label):
        for n in pos.neighbours(label):
            if may_retreat_into(pos, uid, label, n) and overstack(pos, n, [*pos.units_in(n), uid]) is None:
                options.append((uid, n))
    return options
