"""Gaza 1917 exclusive rules (10.0-18.0) as hooks into the Fire & Movement system.

Most exclusive rules are data in `scenarios/gaza1917.toml` (the terrain effects chart and the
CRT, 10.3's A3/D3 losses and one-hex advances, 14.0's trench rows and disengagement, 16.1's
stacking limits, 13.2's rail-only armoured train, 11.3's entry edges, 12.3-12.4's VP table).
What needs a decision or a die is here, each method naming its section.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui_wargame.model import Event, Verdict
from tui_wargame.rules.fm.hooks import Hooks

if TYPE_CHECKING:
    from tui_wargame.dice import Dice
    from tui_wargame.rules.fm.position import Position

BRITISH, CENTRAL_POWERS = "br", "cp"
GAZA = ("0913", "0914")  # 12.1: Gaza east and Gaza west
DIR_EL_BELAH = "1821"
BRITISH_RAILWAY = "the Sinai Military Railway (railhead beyond Deir el Belah)"
GERMAN_FORMATIONS = frozenset({"ak"})  # 12.2 speaks of Ottoman units: the Asienkorps is German
BRITISH_DIVISIONS = frozenset({"52div", "53div", "54div", "74div", "anzmd", "imd"})  # 17.0
ARRIVED = "arrived"  # the F&M system's flag for a reinforcement that may enter now
REINFORCEMENTS, POOL = "reinforcements", "pool"


def railway_on_or_south_of_dir_el_belah(pos: Position) -> frozenset[str]:
    """Gaza 12.2: the railway hexes from Dir el Belah (1821) to the south edge.

    The British railway is listed from its railhead towards Egypt, so these are Dir el Belah
    and every hex after it."""
    route = next(r for r in pos.scenario.map.route if r.name == BRITISH_RAILWAY)
    return frozenset(route.hexes[route.hexes.index(DIR_EL_BELAH):])


class Gaza1917(Hooks):
    """The exclusive rules of Gaza 1917 (Decision Games, 2014)."""

    # --- 11.3 Central Powers reinforcements ---

    def start_of_turn(self, pos: Position, dice: Dice) -> list[Event]:
        """Gaza 11.3: at the start of each Central Powers turn, one die for each unit or marker in
        the reinforcements box not yet received; on 1-2 it is received: a unit may enter this
        movement phase (F&M `arrived`), the fire support marker joins the pool."""
        if pos.state.active != CENTRAL_POWERS:
            return []
        events = []
        for uid in sorted(pos.state.units):
            u = pos.state.units[uid]
            if pos.side_of(uid) != CENTRAL_POWERS or u.location != REINFORCEMENTS or u.has(ARRIVED):
                continue
            die = dice.roll()
            received = die <= 2
            events.append(Event.of("reinforcement_rolled", unit=uid, die=die, received=received,
                                   rule="Gaza 11.3"))
            if not received:
                continue
            if pos.is_combat(uid):
                events.append(Event.of("unit_flagged", unit=uid, flag=ARRIVED))
            else:
                events.append(Event.of("unit_placed", unit=uid, to=POOL))
        return events

    # --- 12.0 Victory ---

    def instant_victory(self, pos: Position, moment: str) -> Verdict | None:
        """Gaza 12.1 (British units in both Gaza hexes, at once) and 12.2 (an Ottoman unit on a
        railway hex on or south of Dir el Belah at the end of a game turn)."""
        if moment == "order" and all(pos.occupant(h) == BRITISH for h in GAZA):
            return Verdict(BRITISH, "instant", "British units hold both hexes of Gaza (Gaza 12.1)")
        if moment == "end-of-turn":
            for label in sorted(railway_on_or_south_of_dir_el_belah(pos)):
                if any(pos.side_of(u) == CENTRAL_POWERS and pos.spec(u).formation not in GERMAN_FORMATIONS
                       for u in pos.units_in(label)):
                    return Verdict(CENTRAL_POWERS, "instant",
                                   f"an Ottoman unit holds the railway at {label} (Gaza 12.2)")
        return None

    # --- 17.0 Coordination ---

    def column_shifts(self, pos: Position, attackers: list[str], defenders: list[str],
                      hex_label: str) -> list[tuple[int, str]]:
        """Gaza 17.0: British units of more than one infantry or mounted division in one attack
        shift it one column left; Reserve units join any attack without it."""
        shifts: list[tuple[int, str]] = []
        if pos.state.active == BRITISH:
            divisions = {pos.spec(u).formation for u in attackers} & BRITISH_DIVISIONS
            if len(divisions) > 1:
                shifts.append((-1, f"units of {len(divisions)} divisions attack together (Gaza 17.0)"))
        return shifts
