"""Foxhole R24.D.5: the competitive missions as data, for the generator of issue 14.

Each mission: its D100 range (R2.C), prevailing weather and starting ground ("random": rolled by
the generator, R24.D.3), its length in Days, and the victory tests (`victory.TESTS`) its goals
are written with. Erratum (FOXHOLE-CHARTS.md §0): the text's ranges overlap at 26 (Flank Attack
21-26, Guerilla Strike 26-29) and at 91 (Total War 88-91, Vanguard 91-93); 26 is Flank Attack and
91 Total War, so the ranges tile 1-100.
"""

from __future__ import annotations

from tui_wargame.frozen import frozen

RANDOM = "random"


@frozen
class Mission:
    low: int
    high: int
    id: str
    name: str
    prevailing: str
    ground: int | str  # the starting moisture, or RANDOM
    days: int
    tests: tuple[str, ...]  # the victory tests its goals use; () where none fits yet


MISSIONS: tuple[Mission, ...] = (
    Mission(1, 3, "amphibious-assault", "Amphibious Assault", "dry-warm", 3, 3, ("sector",)),
    Mission(4, 5, "amphibious-invasion", "Amphibious Invasion", "dry-warm", 2, 5, ("sector",)),
    Mission(6, 9, "battle-of-attrition", "Battle of Attrition", RANDOM, 4, 8, ("fewer-losses",)),
    Mission(10, 12, "blitzkrieg", "Blitzkrieg", "dry-warm", 1, 5, ("exits",)),
    Mission(13, 16, "destroy-bridgehead", "Destroy Bridgehead", "mixed-warm", 4, 3, ("sector",)),
    Mission(17, 20, "encirclement", "Encirclement", "dry-warm", 4, 8, ("hexes",)),  # sources, when "any"
    Mission(21, 26, "flank-attack", "Flank Attack", "dry-warm", 3, 5, ("fewer-losses",)),  # times = 2
    Mission(27, 29, "guerilla-strike", "Guerilla Strike", "mixed-warm", 4, 3, ("losses", "eliminated")),
    Mission(30, 35, "hold-the-line", "Hold the Line", "mixed-warm", 5, 8, ("sector",)),
    Mission(36, 39, "holding-action", "Holding Action", "mixed-warm", 5, 3, ("sector",)),
    Mission(40, 42, "last-stand", "Last Stand", "mixed-warm", 5, 5, ("hexes",)),
    Mission(43, 48, "meeting-engagement", "Meeting Engagement", RANDOM, RANDOM, 5,
            ("control-points", "fewer-losses")),
    Mission(49, 52, "prepared-assault", "Prepared Assault", "mixed-warm", 5, 8, ("sector",)),  # one "any"
    Mission(53, 56, "pillage", "Pillage", "dry-warm", 0, 3, ("burnt-out",)),  # share = "all", types
    Mission(57, 60, "rearguard", "Rearguard", "mixed-warm", 4, 3, ("exits",)),
    Mission(61, 64, "reconnaissance-in-force", "Reconnaissance in Force", "dry-warm", 0, 5,
            ("sectors-ever",)),
    Mission(65, 68, "relieve-pocket", "Relieve Pocket", "mixed-warm", 0, 5, ()),  # the text breaks off
    Mission(69, 71, "scorched-earth", "Scorched Earth", "dry-warm", 0, 5, ("burnt-out",)),  # more-than-half
    Mission(72, 76, "secure-bridgehead", "Secure Bridgehead", "mixed-warm", 5, 5, ("sector",)),
    Mission(77, 79, "seize-and-hold", "Seize and Hold", RANDOM, RANDOM, 8, ("hexes",)),
    Mission(80, 84, "skirmish", "Skirmish", RANDOM, 2, 3, ("fewer-losses",)),
    Mission(85, 87, "trench-warfare", "Trench Warfare", RANDOM, RANDOM, 8, ("fewer-losses",)),
    Mission(88, 91, "total-war", "Total War", "dry-warm", 1, 5, ("score",)),  # burnt-out vs losses-inflicted
    Mission(92, 93, "vanguard", "Vanguard", "dry-warm", 6, 5, ("sector",)),
    Mission(94, 96, "vertical-envelopment", "Vertical Envelopment", "dry-warm", 3, 5,
            ("control-points", "fewer-losses")),
    Mission(97, 100, "wave-assault", "Wave Assault", "wet-warm", 0, 8, ("control-points", "fewer-losses")),
)


def mission(roll: int) -> Mission:
    """R24.D.5: the mission a D100 roll (1-100) selects."""
    return next(m for m in MISSIONS if m.low <= roll <= m.high)
