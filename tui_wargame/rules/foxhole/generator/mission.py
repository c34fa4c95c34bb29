"""R24.D.1 and R24.D.5: the sides and the mission, and what each mission asks of the generator.

The D100 table itself (ranges, weather, ground, days) is `missions.MISSIONS`; here each mission
gets its `Plan`: the maphexes it is played on, each side's points (R24.D.5), the cap on the
average unit value, where each side sets up or enters, and its victory conditions written as the
`[rules.victory]` goals `victory.py` decides. Missions the engine cannot yet play are rolled
again (`UNSUPPORTED`, each with the reason) and the rerolls are told in the scenario.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tui_wargame.dice import Dice
from tui_wargame.frozen import frozen
from tui_wargame.rules.foxhole import arith, missions
from tui_wargame.rules.foxhole.missions import Mission

OFFENSIVE, DEFENSIVE = "offensive", "defensive"
ROLES = (OFFENSIVE, DEFENSIVE)

#: Missions rolled again, with why (R24.D.5; docs/generator.md "Missions left out").
UNSUPPORTED: Mapping[str, str] = {
    "amphibious-assault": "its landing from the sea needs landing craft the generator does not buy",
    "amphibious-invasion": "its landing from the sea needs landing craft the generator does not buy",
    "blitzkrieg": "units cannot leave the map, and no victory test counts every unit off the far edge",
    "relieve-pocket": "the rulebook's text breaks off, and it needs three maphexes",
    "secure-bridgehead": "a river three hexes wide between the maphexes is no library maphex",
    "vertical-envelopment": "every Offensive unit air-drops, which needs Parachute counters and targets",
}


@frozen
class Plan:
    """What one mission asks of the generator.

    `deploy` per role: `own` (anywhere on its maphex), `front` (only the sector facing the enemy),
    `not-front` (not that sector), `enter` (arrives on the first Day at its far edge, R23.A),
    `three-sectors` and `empty-sector` (Guerilla Strike), `coast-sector` (Destroy Bridgehead).
    `waves`: (day, points) of the Offensive side's budget bought as reinforcements arriving
    on that Day (Wave Assault: 750 points at the start, 500 on Days 2 and 5)."""

    mission: Mission
    maphexes: int  # 1 or 2
    needs: str  # what the defensive (or only) maphex needs: a key of `board.NEEDS`
    budgets: Mapping[str, int]
    cap: Mapping[str, int]  # role -> the average unit value must be less than this (0: no cap)
    deploy: Mapping[str, str]
    works: int = 0  # the least the Defensive side spends on markers (Prepared Assault)
    no_works: bool = False
    trenches: int = 0  # free Trench levels each side places (Trench Warfare)
    irregular: bool = False  # the Offensive side buys Commandos and Partisans (Guerilla Strike)
    waves: tuple[tuple[int, int], ...] = ()
    cap_reached: bool = False  # the average may equal the cap (Guerilla Strike: "may not exceed")


def _plan(m: Mission, off: int, de: int, *, cap: int = 0, maphexes: int = 2, needs: str = "",
          deploy: tuple[str, str] = ("own", "own"), **more: Any) -> Plan:
    return Plan(m, maphexes, needs, {OFFENSIVE: off, DEFENSIVE: de}, {OFFENSIVE: cap, DEFENSIVE: cap},
                {OFFENSIVE: deploy[0], DEFENSIVE: deploy[1]}, **more)


def plan(m: Mission) -> Plan:
    """R24.D.5: the mission's budgets, maphexes and set-up as data."""
    plans = {
        "battle-of-attrition": lambda: _plan(m, 1000, 1000, cap=30),
        "destroy-bridgehead": lambda: _plan(m, 1500, 500, maphexes=1, needs="coast",
                                            deploy=("enter", "coast-sector")),
        "encirclement": lambda: _plan(m, 1500, 750, deploy=("own", "front")),
        "flank-attack": lambda: _plan(m, 1000, 1000, cap=30),
        "guerilla-strike": lambda: Plan(m, 1, "any", {OFFENSIVE: 100, DEFENSIVE: 500},
                                        {OFFENSIVE: 0, DEFENSIVE: 30},
                                        {OFFENSIVE: "empty-sector", DEFENSIVE: "three-sectors"},
                                        irregular=True, cap_reached=True),
        "hold-the-line": lambda: _plan(m, 1500, 1000),
        "holding-action": lambda: _plan(m, 1500, 500),
        "last-stand": lambda: _plan(m, 750, 250, needs="buildings"),
        "meeting-engagement": lambda: _plan(m, 1000, 1000, deploy=("enter", "enter")),
        "prepared-assault": lambda: _plan(m, 1500, 1000, works=250),
        "pillage": lambda: _plan(m, 750, 750, needs="town-front", deploy=("own", "not-front")),
        "rearguard": lambda: _plan(m, 1250, 500),
        "reconnaissance-in-force": lambda: _plan(m, 750, 500),
        "scorched-earth": lambda: _plan(m, 1500, 750, needs="not-desert"),
        "seize-and-hold": lambda: _plan(m, 750, 750, maphexes=1, needs="town-between",
                                         deploy=("enter", "enter")),
        "skirmish": lambda: _plan(m, 500, 500, cap=30),
        "total-war": lambda: _plan(m, 1500, 500),
        "trench-warfare": lambda: _plan(m, 750, 750, cap=25, trenches=30),
        "vanguard": lambda: _plan(m, 1250, 750),
        "wave-assault": lambda: _plan(m, 1750, 1000, waves=((2, 500), (5, 500))),
    }
    return plans[m.id]()


@frozen
class Roll:
    """R24.D.1: which side is Offensive, and the mission with the rolls that chose it."""

    offensive: str  # "allied" or "axis"
    rolls: tuple[int, ...]  # every D100 rolled, the last one the mission's
    plan: Plan


def offensive_side(dice: Dice) -> str:
    """R24.D.1: which of Allied and Axis is the Offensive side, a D10 (odd: Allied). The rule's
    second roll, which player is Allied, is the players' own when they start the game (each
    takes a side of the file), so a scenario file needs only this one."""
    return "allied" if arith.d10(dice) % 2 == 1 else "axis"


def roll(dice: Dice, playable: Callable[[Plan], bool] = lambda p: True) -> Roll:
    """R24.D.1, R24.D.5: the Offensive side, then D100 for the mission, rolled again while it is
    one the generator leaves out (`UNSUPPORTED`) or one no library maphex can serve (`playable`)."""
    offensive = offensive_side(dice)
    rolls = []
    while True:
        rolls.append(arith.d100(dice))
        found = missions.mission(rolls[-1])
        if found.id not in UNSUPPORTED and playable(plan(found)):
            return Roll(offensive, tuple(rolls), plan(found))


def why_not(roll: int) -> str:
    """Why a rolled mission was rolled again."""
    return UNSUPPORTED.get(missions.mission(roll).id, "no library maphex has what it needs")


@frozen
class Ground:
    """What the victory conditions name on the board: the maphexes (`own`: the Defensive side's, or
    the only one), the sector facing the Offensive side, the Defensive side's supply sources, the
    objective hex (Last Stand, Seize and Hold) and the far edge's land hexes (Rearguard)."""

    maphex: str
    front: str
    sources: tuple[str, ...] = ()
    objective: str = ""
    far_edge: tuple[str, ...] = ()


BUILDING_TYPES = ("buildings", "tall-buildings", "building", "tall-building")


def victory(p: Plan, off: str, de: str, g: Ground) -> dict[str, Any]:
    """R24.D.5: the mission's victory conditions as `[rules.victory]` (victory.py decides them).
    Where the text names no winner when the goal fails, the other side wins (`otherwise`)."""
    def goal(winner: str, *tests: dict[str, Any], when: str = "end") -> dict[str, Any]:
        return {"winner": winner, "level": "decisive", **({"when": when} if when != "end" else {}),
                "tests": list(tests)}

    losses = [goal(off, {"test": "fewer-losses"}), goal(de, {"test": "fewer-losses"})]
    control = [goal(off, {"test": "control-points", "ties": "none"}),
               goal(de, {"test": "control-points", "ties": "none"}), *losses]
    m, front = g.maphex, g.front
    goals: dict[str, tuple[str, list[dict[str, Any]]]] = {
        "battle-of-attrition": ("", losses),
        "skirmish": ("", losses),
        "trench-warfare": ("", losses),
        "flank-attack": (de, [goal(off, {"test": "fewer-losses", "times": 2})]),
        "destroy-bridgehead": (de, [goal(off, {"test": "sector", "status": "control", "maphex": m,
                                               "sectors": [front]})]),
        "encirclement": (de, [goal(off, {"test": "hexes", "hexes": list(g.sources)}, when="any")]),
        "guerilla-strike": (de, [goal(off, {"test": "losses", "of": "enemy", "at_least": 6},
                                      {"test": "eliminated", "at_most": 0})]),
        "hold-the-line": (off, [goal(de, {"test": "sector", "status": "control", "maphex": m})]),
        "holding-action": (off, [goal(de, {"test": "sector", "status": "control", "maphex": m})]),
        "last-stand": (off, [goal(de, {"test": "hexes", "hexes": [g.objective]})]),
        "meeting-engagement": ("", control),
        "wave-assault": ("", control),
        "prepared-assault": (de, [goal(off, {"test": "sector", "status": "secure", "maphex": m,
                                             "at_least": 1}, when="any"),
                                  goal(off, {"test": "sector", "status": "contest", "maphex": m})]),
        "pillage": (de, [goal(off, {"test": "burnt-out", "maphex": m, "sectors": [front],
                                    "types": list(BUILDING_TYPES), "share": "all"})]),
        "rearguard": (de, [goal(off, {"test": "hexes", "hexes": list(g.far_edge), "at_least": 3})]),
        "reconnaissance-in-force": (de, [goal(off, {"test": "sectors-ever", "status": "contest", "maphex": m,
                                                    "at_least": 5})]),
        "scorched-earth": (off, [goal(de, {"test": "burnt-out", "maphex": m, "share": "more-than-half"})]),
        "seize-and-hold": (de, [goal(off, {"test": "hexes", "hexes": [g.objective]})]),
        "total-war": ("", [goal(de, {"test": "score", "own": "burnt-out", "enemy": "losses-inflicted"}),
                           goal(off, {"test": "score", "own": "losses-inflicted", "enemy": "burnt-out"})]),
        "vanguard": (de, [goal(off, {"test": "sector", "status": "control", "maphex": m,
                                     "sectors": [front]})]),
    }
    otherwise, found = goals[p.mission.id]
    points = "control" if p.mission.id in ("meeting-engagement", "wave-assault") else "losses"
    return {**({"otherwise": otherwise, "otherwise_level": "marginal"} if otherwise else {}),
            "points": points, "goal": found}
