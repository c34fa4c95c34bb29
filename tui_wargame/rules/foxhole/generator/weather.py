"""R24.C, R24.D.3, R24.D.5: a competitive scenario's prevailing weather, ground and weather bids.

- The mission names the prevailing weather and the starting ground moisture, or leaves them to
  chance ("random"): the prevailing weather is then a D10 on FOXHOLE-CHARTS.md §9's table
  [INV], and the moisture the R24.C conversion value of that weather plus a whole D5 less 3,
  kept within what the weather allows (0-12; a Desert's 0-4; Spring Thaw always 12).
- R24.D.3: each 150 points a side spends moves the weather one step along Desert, Dry Warm,
  Mixed Warm, Wet Warm: the Offensive side buys steps up the scale (towards Desert: dry ground
  speeds an attack), the Defensive side down (towards Wet Warm). Weather off that scale (cold,
  Spring Thaw) cannot be bought. The computer buyer's rule [INV]: a side buys one step for each
  full 750 points of its budget, as many as the scale lets it move, the Offensive side first.
"""

from __future__ import annotations

from collections.abc import Mapping

from tui_wargame.dice import Dice
from tui_wargame.frozen import frozen
from tui_wargame.rules.foxhole import arith, charts, conversion
from tui_wargame.rules.foxhole.missions import RANDOM, Mission

SCALE = ("desert", "dry-warm", "mixed-warm", "wet-warm")  # R24.D.3, top to bottom
STEP_PRICE = 150  # R24.D.3
POINTS_PER_STEP = 750  # [INV] the computer buyer: one step bought for each 750 points it has

#: FOXHOLE-CHARTS.md §9 [INV]: a D10 for a mission's random prevailing weather.
RANDOM_WEATHER: Mapping[int, str] = {
    1: "desert", 2: "dry-warm", 3: "dry-warm", 4: "mixed-warm", 5: "mixed-warm", 6: "wet-warm",
    7: "dry-cold", 8: "mixed-cold", 9: "wet-cold", 10: "spring-thaw",
}

#: R24.C: the conversion's starting ground for each Foxhole weather (its Above and Near Freezing
#: rows; Desert from the desert row), the base of a random starting moisture.
BASE_MOISTURE: Mapping[str, int] = {
    **{o.prevailing: o.moisture for key, o in conversion.WEATHER.items() if key[0] != "below-freezing"},
    "spring-thaw": charts.MAX_MOISTURE,
}


@frozen
class Weather:
    """The mission's weather before and after the bids, and what each side paid."""

    rolled: str  # the mission's prevailing weather (after a random roll)
    prevailing: str  # after the bids
    moisture: int
    bids: Mapping[str, int]  # "offensive"/"defensive" -> steps bought


def prevailing(mission: Mission, dice: Dice) -> str:
    """R24.D.5: the mission's prevailing weather, or a D10 on the random table."""
    return RANDOM_WEATHER[arith.d10(dice)] if mission.prevailing == RANDOM else mission.prevailing


def moisture(mission: Mission, weather: str, dice: Dice) -> int:
    """R24.D.5: the mission's starting ground, or the R24.C value of the weather + a D5 - 3 (the D5
    a whole 1-5: half a D10 rounded up), clamped to the weather's range."""
    if weather == "spring-thaw":
        return charts.MAX_MOISTURE  # R8.A: Spring Thaw is always at 12
    if mission.ground != RANDOM:
        value = int(mission.ground)
    else:
        value = BASE_MOISTURE[weather] + (arith.d10(dice) + 1) // 2 - 3
    top = charts.MAX_MOISTURE
    if weather == "desert":  # R8.A.1: a Desert's ground runs 0-4 (or 12, which no roll reaches)
        top = max(v for v in charts.DESERT_SCALE if v < charts.MAX_MOISTURE)
    return max(0, min(value, top))


def steps_wanted(weather: str, role: str, budget: int) -> int:
    """The computer buyer's bid [INV]: one step per full 750 points, no further than the scale's end."""
    if weather not in SCALE:
        return 0
    room = SCALE.index(weather) if role == "offensive" else len(SCALE) - 1 - SCALE.index(weather)
    return min(room, budget // POINTS_PER_STEP)


def bid(weather: str, budgets: Mapping[str, int]) -> tuple[str, dict[str, int]]:
    """R24.D.3: the weather after both sides' bids (Offensive up, then Defensive down) and the
    steps each bought (each costing STEP_PRICE points of its budget)."""
    off = steps_wanted(weather, "offensive", budgets["offensive"])
    moved = SCALE[SCALE.index(weather) - off] if off else weather
    de = steps_wanted(moved, "defensive", budgets["defensive"])
    final = SCALE[SCALE.index(moved) + de] if de else moved
    return final, {"offensive": off, "defensive": de}


def decide(mission: Mission, budgets: Mapping[str, int], dice: Dice, *, bidding: bool) -> Weather:
    """R24.D.1, R24.D.3: the weather rolled, then bid for (or not, with bidding off)."""
    rolled = prevailing(mission, dice)
    final, bids = bid(rolled, budgets) if bidding else (rolled, {"offensive": 0, "defensive": 0})
    return Weather(rolled, final, moisture(mission, final, dice), bids)
