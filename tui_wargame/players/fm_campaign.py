"""The campaign of the side that must take the victory hexes (Suez/Gaza 12.3-12.4): the hexes it
goes for in the turns left, so that the planner (`players.fm`) marches its army on those that
reach the winning level rather than towards every point on the map."""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from tui_wargame.frozen import frozen
from tui_wargame.players.fm_points import places
from tui_wargame.players.fm_reach import field_of
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.victory import held_by, victory_points

if TYPE_CHECKING:
    from tui_wargame.players.view import SideView

# GROUP and FAR are read by the planner's pull and instant-win reckoning too (`fm.Assessor`, as
# `fm_campaign.GROUP`, `fm_campaign.FAR`): one value for both, which a --set changes for both.
GROUP = 3  # units whose distances to an enemy-held victory hex make its pull
FAR = 30  # hexes counted for each of those units a side has not got on the map
MARCH = 3  # hexes a force is reckoned to gain a turn on the way to an objective (sand, fights, nights)


@frozen
class Campaign:
    """The operational plan of the side that must take the victory hexes, over the turns left
    (Suez/Gaza 12.3-12.4): the total it goes for, the hexes it goes for to reach it, and whether it
    already holds the lowest winning total (then it goes for the next level up; the planner does
    not turn more cautious for it: a trial that did measured no better, docs/architecture.md)."""

    goal: int
    objectives: frozenset[str]
    holding: bool


def campaign(view: SideView) -> Campaign | None:
    """The `Campaign` of `view.side`, made once per decision from the position it is taken in
    (kept in `view.memo`): the victory hexes it does not hold, cheapest first by the turns its
    GROUP nearest units need to reach each (MARCH hexes a turn) per point, the nearer of equals
    first, those that cannot be reached in the turns left dropped, taken until the total reaches
    the lowest winning level (Suez/Gaza 12.3); once there, those that reach the next level up.
    None if the scenario has no level table or `view.side` does not score."""
    found = view.memo.get("campaign", False)
    if found is not False:
        assert found is None or isinstance(found, Campaign)
        return found
    pos = Position(view.scenario, view.state)
    v, side = pos.rules.victory, view.side
    wins = sorted(lv.min for lv in v.levels if lv.winner == side)
    result: Campaign | None = None
    if v.side == side and wins:
        total = victory_points(pos).get(side, 0)
        holding = total >= wins[0]
        goal = next((m for m in wins if m > total), wins[-1]) if holding else wins[0]
        mine = [pos.location(u) for u in pos.on_map_units(side) if pos.is_combat(u)]
        turns_left = len(pos.scenario.turns) - pos.state.turn
        ranked = []
        for label, vp in places(pos):
            if held_by(pos, label) == side:
                continue
            field = field_of(pos, label)
            group = heapq.nsmallest(GROUP, map(field.__getitem__, mine)) or [FAR]
            reach = sum(group) / len(group)
            if reach <= MARCH * turns_left:
                ranked.append((reach / vp, reach, label, vp))
        ranked.sort()
        chosen, more = [], total
        for _, _, label, vp in ranked:
            if more >= goal:
                break
            chosen.append(label)
            more += vp
        result = Campaign(goal, frozenset(chosen), holding)
    view.memo["campaign"] = result
    return result
