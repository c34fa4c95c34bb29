"""The victory points side of the computer player of Fire & Movement: each victory hex's points
(Suez/Gaza 12.4) and what a total is worth by the level table (Suez/Gaza 12.3), in the planner's
currency (`fm_worth`), so that the point that crosses a level is worth more than its VP."""

from __future__ import annotations

from tui_wargame.players.fm_worth import scenario_key
from tui_wargame.rules.fm.position import Position

W_LEVEL = 12.0  # one step of the victory level table (Suez/Gaza 12.3) on the first turn ...
TEMPO = 2.0  # ... and this many times more on the last, when the points held are nearly final


def places(pos: Position) -> list[tuple[str, int]]:
    """The victory hexes and their points (Suez/Gaza 12.4), in the map's order: what the planner
    pulls its units towards and guards."""
    return [(p.hex, p.vp) for p in pos.scenario.map.place if p.vp]


def vp_at(pos: Position, label: str) -> int:
    """The victory points of hex `label` (Suez/Gaza 12.4), 0 for any other."""
    place = pos.scenario.places.get(label)
    return place.vp if place is not None else 0


_LEVEL_WORTH: dict[tuple[str, str, str, int, int], float] = {}


def level_worth(pos: Position, side: str, total: int) -> float:
    """What the scoring side's `total` is worth to `side` by the level table (Suez/Gaza 12.3): one
    W_LEVEL a level away from the draw, more as the last turn nears. Points alone are linear, so a
    side one point short of the next level would never know the step is worth more than its VP.
    Kept per scenario, side, total and turn: every look at a position asks it."""
    key = (*scenario_key(pos), side, total, pos.state.turn)
    found = _LEVEL_WORTH.get(key)
    if found is None:
        found = _LEVEL_WORTH[key] = _level_worth(pos, side, total)
    return found


def _level_worth(pos: Position, side: str, total: int) -> float:
    v = pos.rules.victory
    if not v.side or not v.levels:
        return 0.0
    levels = sorted(v.levels, key=lambda lv: lv.min)
    draw = next((i for i, lv in enumerate(levels) if not lv.winner), len(levels) // 2)
    rank = max((i for i, lv in enumerate(levels) if total >= lv.min), default=0) - draw
    progress = pos.state.turn / max(1, len(pos.scenario.turns) - 1)
    return W_LEVEL * (1.0 + TEMPO * progress) * rank * (1 if side == v.side else -1)
