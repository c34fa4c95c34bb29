"""F&M 6.0 Zones of control, as completed by RULES-NOTES (house rules marked).

Every combat unit on the map exerts a ZOC into its six neighbours, except
across hexsides that block it (Suez 14.1 canal). Friendly units do not cancel
an enemy ZOC. Markers and air units have none.
"""

from __future__ import annotations

from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.kept import PerScenario


def zoc_blocked(pos: Position, a: str, b: str) -> bool:
    """F&M 6.1: no ZOC across a hexside whose feature blocks it."""
    return any(pos.rules.hexside[f.feature].blocks_zoc for f in pos.scenario.features_between(a, b))


def zoc_into(pos: Position, label: str) -> tuple[str, ...]:
    """F&M 6.1: the neighbours of `label` a unit there exerts its ZOC into. Kept per scenario (the
    hexsides never change): every look at a position asks it of every stack."""
    kept = _INTO(pos.scenario)
    found = kept.get(label)
    if found is None:
        found = kept[label] = tuple(n for n in pos.neighbours(label) if not zoc_blocked(pos, label, n))
    return found


_INTO: PerScenario[dict[str, tuple[str, ...]]] = PerScenario(lambda _: {})


def zoc_of_side(pos: Position, side: str) -> frozenset[str]:
    """F&M 6.1: every hex in the ZOC of `side`'s combat units."""
    cached = pos.zoc_cache.get(side)
    if cached is not None:
        return cached
    found = pos.zoc_cache[side] = frozenset(n for label in pos.held_by(side) for n in zoc_into(pos, label))
    return found


def in_enemy_zoc(pos: Position, side: str, label: str) -> bool:
    """F&M 6.1 (house rule): a friendly unit in the hex does not cancel the enemy ZOC."""
    return label in zoc_of_side(pos, pos.enemy(side))


def free_exit_rule(pos: Position, uid: str, label: str) -> str | None:
    """The rule that lets `uid` leave an enemy ZOC at `label` without the exit cost, if any
    (Suez 19.0 night disengagement, Gaza 14.0 trench disengagement: rules.zoc.free_exit)."""
    side = pos.side_of(uid)
    for fe in pos.rules.zoc.free_exit:
        if fe.side and fe.side != side:
            continue
        if fe.night is not None and fe.night != pos.night:
            continue
        if fe.terrain and fe.terrain != pos.terrain_id(label):
            continue
        return fe.rule
    return None
