"""Foxhole R24.C: TSWW conversion scenarios, as far as the rulebook gives them: eight Days, the
TSWW weather read as Foxhole's prevailing weather and starting moisture, and who retreats from a
maphex at the end (the side with fewer control points; the Offensive side on a tie). The order of
battle and the losses' effects come from the Conversion Booklet, which we do not have.
"""

from __future__ import annotations

from collections.abc import Mapping

from tui_wargame.frozen import frozen
from tui_wargame.rules.foxhole import standing
from tui_wargame.rules.foxhole.position import Position

DAYS = 8  # R24.C


@frozen
class Opening:
    """A Foxhole game's opening weather: its prevailing weather (R8.A), the starting moisture
    (0-12, R8.D) and whether the ground is Frozen (R8.D.6)."""

    prevailing: str
    moisture: int
    frozen: bool = False


#: R24.C: (TSWW temperature band, TSWW weather) -> the Foxhole opening. Erratum: the text gives
#: Near Freezing Heavy Storms as "Wet Warm 8"; a Near Freezing row is cold, so Wet Cold 8.
WEATHER: Mapping[tuple[str, str], Opening] = {
    ("desert", "calm"): Opening("desert", 1),
    ("above-freezing", "calm"): Opening("dry-warm", 1),
    ("above-freezing", "light-storms"): Opening("mixed-warm", 4),
    ("above-freezing", "heavy-storms"): Opening("wet-warm", 7),
    ("near-freezing", "calm"): Opening("dry-cold", 0),
    ("near-freezing", "light-storms"): Opening("mixed-cold", 3),
    ("near-freezing", "heavy-storms"): Opening("wet-cold", 8),
    ("below-freezing", "calm"): Opening("dry-cold", 4, True),
    ("below-freezing", "light-storms"): Opening("mixed-cold", 6, True),
    ("below-freezing", "heavy-storms"): Opening("wet-cold", 8, True),
}


def retreats(pos: Position, maphex: str) -> str:
    """R24.C: the side that retreats from `maphex`: the one with fewer control points on it (Secure
    7, Control 5, Contest 1 a sector); on a tie, the Offensive side."""
    off = standing.control_points(pos, pos.offensive, (maphex,))
    de = standing.control_points(pos, pos.defensive, (maphex,))
    return pos.defensive if de < off else pos.offensive
