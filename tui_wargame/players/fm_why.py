"""Why the computer moves a unit, in a player's words: the part of the position's worth
(`Assessor.parts`) the move adds most to, named with the hex it concerns, so that a hint says
more than a number (issue 15: a suggestion "with its reason")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui_wargame.players.fm_points import places
from tui_wargame.players.fm_reach import hex_distance
from tui_wargame.rules.fm.victory import held_by
from tui_wargame.text import hex_name

if TYPE_CHECKING:
    from tui_wargame.players.fm import Assessor


def why_moved(before: Assessor, after: Assessor, dest: str, least: float) -> str:
    """What a move to `dest` (from the position `before` to `after`) gains most, as a clause
    ("it guards Romani (2031), a victory hex the enemy could walk into"); "" when no part gains
    `least` (the planner's own least gain for a move)."""
    was, now = before.parts(), after.parts()
    part, gain = max(((k, now[k] - was[k]) for k in was), key=lambda kv: kv[1])
    if gain < least:
        return ""
    pos = after.pos
    if part == "points":
        taken = [hex_name(pos.scenario, h) for h, _ in places(pos)
                 if held_by(pos, h) == after.side and held_by(before.pos, h) != after.side]
        return f"it takes {' and '.join(taken)} and the victory points there" if taken \
            else "it gains victory points"
    if part == "pull":
        plan = after.campaign.objectives if after.campaign is not None else frozenset()
        aims = [h for h, _ in places(pos) if (h in plan if plan else pos.occupant(h) != after.side)]
        goal = min(aims or [h for h, _ in places(pos)], key=lambda h: (hex_distance(pos, dest, h), h))
        if after.taker:
            return f"it marches on {hex_name(pos.scenario, goal)}, a victory hex to take"
        aim = "take back" if held_by(pos, goal) == after.enemy else "hold"
        return f"it comes nearer {hex_name(pos.scenario, goal)}, a victory hex to {aim}"
    if part == "open":
        goal = min((h for h, _ in places(pos)), key=lambda h: (hex_distance(pos, dest, h), h))
        return f"it guards {hex_name(pos.scenario, goal)}, a victory hex the enemy could walk into"
    if part == "instant":
        return "it bars the enemy's way to a hex that would win it the game at once"
    if part == "exposure":
        return "it stands where the enemy's next attacks can do less harm"
    targets = sorted(n for n in pos.neighbours(dest) if pos.occupant(n) == after.enemy)
    return f"it stands ready to attack {', '.join(targets) or 'the enemy'} in the combat phase"
