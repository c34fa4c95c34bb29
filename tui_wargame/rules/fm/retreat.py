"""F&M 7.7 How to retreat, and displacement of an overstacked hex (Suez 17.1, Gaza 16.1).

House rules (RULES-NOTES, "Retreat"): the owner picks the path; each hex is
one hex farther from the hex the unit started in; no enemy unit, no enemy ZOC
(a friendly unit there does not help), no prohibited terrain or hexside, not
off the map. A unit with no full-length path is eliminated.
"""

from __future__ import annotations

from tui_wargame.rules.fm.advance import may_advance_into
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import overstack
from tui_wargame.rules.fm.zoc import in_enemy_zoc
from tui_wargame.rules.kept import PerScenario


def may_retreat_into(pos: Position, uid: str, a: str, b: str) -> bool:
    """F&M 7.7 / 6.2 (house rule): whether a retreating (or displaced) unit may step from a to b:
    where an advance could go (7.9), and never into an enemy ZOC unless the unit ignores ZOCs."""
    if not may_advance_into(pos, uid, a, b):
        return False
    return pos.hooks.ignores_zoc(pos, uid) or not in_enemy_zoc(pos, pos.side_of(uid), b)


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


def can_retreat(pos: Position, uid: str, hexes: int) -> bool:
    """F&M 7.7: whether `uid` has any full-length retreat path (`retreat_paths` not empty). Each
    step goes one hex farther from the start, so the hexes a path can reach at each step are found
    layer by layer, never path by path. A retreat depends on the map and the enemy's placement
    alone (friendly units neither help nor hinder), so the answer is kept across Positions: the
    computer asks it of every unit of every attack it weighs, and its own moves leave it as it was."""
    start = pos.location(uid)
    kept = _ANSWERS(pos.scenario)
    key = (uid, start, hexes, pos.held_by(pos.enemy(pos.side_of(uid))))
    found = kept.get(key)
    if found is None:
        if len(kept) >= ANSWERS_KEPT:
            kept.clear()
        found = kept[key] = _can_retreat(pos, uid, start, hexes)
    return found


ANSWERS_KEPT = 20_000  # retreats kept before starting again: a few turns of the computer's looks
_ANSWERS: PerScenario[dict[tuple[object, ...], bool]] = PerScenario(lambda _: {})


def _can_retreat(pos: Position, uid: str, start: str, hexes: int) -> bool:
    layer = {start}
    for _ in range(hexes):
        layer = {n for here in layer for n in _outward(pos, start, here)
                 if may_retreat_into(pos, uid, here, n)}
        if not layer:
            return False
    return True


def _outward(pos: Position, start: str, here: str) -> tuple[str, ...]:
    """The neighbours of `here` one hex farther from `start` than it is (kept per scenario)."""
    kept = _OUTWARD(pos.scenario)
    found = kept.get((start, here))
    if found is None:
        step = pos.distance(start, here) + 1
        found = kept[(start, here)] = tuple(n for n in pos.neighbours(here) if pos.distance(start, n) == step)
    return found


_OUTWARD: PerScenario[dict[tuple[str, str], tuple[str, ...]]] = PerScenario(lambda _: {})


def displacements(pos: Position, label: str) -> list[tuple[str, str]]:
    """Suez 17.1 / Gaza 16.1 (house rule: one hex): (unit, hex) moves that take one unit out of an
    overstacked hex to an adjacent hex it may retreat into without overstacking that hex."""
    options = []
    for uid in pos.units_in(label):
        for n in pos.neighbours(label):
            if may_retreat_into(pos, uid, label, n) and overstack(pos, n, [*pos.units_in(n), uid]) is None:
                options.append((uid, n))
    return options
