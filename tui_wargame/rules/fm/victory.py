"""Victory: hex control on entry or passage, victory points, the level table, instant wins
(Suez 12.0, Gaza 12.0; the scenario's `[rules.victory]` and its hooks)."""

from __future__ import annotations

from collections.abc import Sequence

from tui_wargame.model import Event, Verdict
from tui_wargame.rules.fm.position import Position


def control_events(pos: Position, side: str, path: Sequence[str]) -> list[Event]:
    """Suez 12.4: a side gains a place by moving a unit into or through it."""
    events = []
    held = dict(pos.state.control)
    for label in path:
        place = pos.scenario.places.get(label)
        if place and (place.vp or place.side) and held.get(label) != side:
            held[label] = side
            events.append(Event.of("control_changed", hex=label, side=side))
    return events


def held_by(pos: Position, label: str) -> str | None:
    """Who the victory hex `label` counts for now: Suez 12.4 (control) or Gaza 12.4 (a unit on it)."""
    if pos.rules.victory.by == "occupation":
        return pos.occupant(label)
    return pos.state.control.get(label)


def victory_points(pos: Position) -> dict[str, int]:
    """Suez 12.4 (control) or Gaza 12.4 (a unit on the hex): the VP each side scores now."""
    v = pos.rules.victory
    scores = {s.id: 0 for s in pos.scenario.sides}
    for place in pos.scenario.map.place:
        if not place.vp:
            continue
        holder = held_by(pos, place.hex)
        if holder and (not v.side or holder == v.side):
            scores[holder] += place.vp
    return scores


def final_verdict(pos: Position) -> Verdict:
    """Suez 12.3 / Gaza 12.3: the level table read at the scoring side's total."""
    v = pos.rules.victory
    scores = victory_points(pos)
    if v.side and v.levels:
        total = scores[v.side]
        for lv in sorted(v.levels, key=lambda x: -x.min):
            if total >= lv.min:
                return Verdict(lv.winner, lv.level, f"{total} VP for {v.side} ({v.rule})")
    ranked = sorted(scores.items(), key=lambda kv: -kv[1])
    if ranked[0][1] == ranked[1][1]:
        return Verdict("", "draw", f"{ranked[0][1]} VP each ({v.rule})")
    return Verdict(ranked[0][0], "victory", f"{ranked[0][1]} VP to {ranked[1][1]} ({v.rule})")


def verdict_event(verdict: Verdict) -> Event:
    return Event.of("game_ended", winner=verdict.winner, level=verdict.level, reason=verdict.reason)
