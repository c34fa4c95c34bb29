"""R24.D.1, R24.D.4-5: the computer buyer: a side's counters within its points and the average cap.

A sensible force, not an optimal one [INV]: each posture shares its points among roles (rifle
infantry the core, then support weapons, headquarters, engineers, artillery and vehicles), and
the buyer repeatedly adds, to the role furthest below its share, a random type of that role it
can afford without the force's average value reaching the mission's cap (R24.D.5: "less than
30"). It stops when nothing more fits, or when the side has as many counters as its set-up area
holds well (`room`). Markers are bought apart, by `deploy`, from the points set aside for them.
"""

from __future__ import annotations

from collections.abc import Mapping

from tui_wargame.dice import Dice
from tui_wargame.rules.foxhole.generator import catalogue
from tui_wargame.rules.foxhole.generator.catalogue import UnitType

ATTACK, DEFEND, IRREGULAR = "attack", "defend", "irregular"

#: Posture -> role -> its share of the unit points, in percent [INV].
SHARES: Mapping[str, Mapping[str, int]] = {
    ATTACK: {catalogue.INFANTRY: 40, catalogue.SUPPORT: 14, catalogue.HQ: 6, catalogue.ENGINEER: 10,
             catalogue.ARTILLERY: 10, catalogue.VEHICLE: 20},
    DEFEND: {catalogue.INFANTRY: 42, catalogue.SUPPORT: 22, catalogue.HQ: 6, catalogue.ENGINEER: 8,
             catalogue.ARTILLERY: 12, catalogue.VEHICLE: 10},
    IRREGULAR: {catalogue.IRREGULAR: 100},
}
WORKS_SHARE = 10  # [INV] percent of a Defensive side's points set aside for Defensive Works and Traps


def fits(spent: int, count: int, price: int, cap: int, reached: bool = False) -> bool:
    """R24.D.5: with this counter added, the force's average value stays below `cap` (or, with
    `reached`, does not exceed it); 0 is no cap."""
    total, most = spent + price, cap * (count + 1)
    return cap == 0 or total < most or (reached and total == most)


def buy(dice: Dice, posture: str, points: int, cap: int = 0, room: int = 10**6, reached: bool = False
        ) -> list[UnitType]:
    """The counters bought with `points` (R24.D.4a values), in the order bought; `cap` and
    `reached` as `fits` takes them."""
    shares = SHARES[posture]
    roles = [r for r in catalogue.ROLES if r in shares]
    bought: list[UnitType] = []
    spent = 0
    by_role = dict.fromkeys(roles, 0)
    while len(bought) < room:
        options = {r: [t for t in catalogue.of_role(r) if t.points <= points - spent
                       and fits(spent, len(bought), t.points, cap, reached)] for r in roles}
        open_roles = [r for r in roles if options[r]]
        if not open_roles:
            break
        role = max(open_roles, key=lambda r: shares[r] * points - 100 * by_role[r])
        pick = dice.choice(options[role])
        bought.append(pick)
        spent += pick.points
        by_role[role] += pick.points
    return bought


def total(units: list[UnitType]) -> int:
    return sum(t.points for t in units)
