"""The system's `[rules]` tables: attrs classes structured by cattrs, then checked for meaning.

Every table of the terrain effects chart, the CRT and every house rule is data
here, so that a scenario (or a correction to a reconstruction) changes a
number in a file, not an `if` in the code. Problems are reported as
"rules.table.key: what is wrong".
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from attrs import field

from tui_wargame.frozen import frozen
from tui_wargame.model import Scenario
from tui_wargame.rules.kept import PerScenario
from tui_wargame.scenario_file import strict_converter, structure_problems

PROHIBITED = "P"
USED = "used"  # game flag on a fire support marker drawn this day (Suez/Gaza 18.3)


@frozen
class TerrainEffect:
    """One in-hex line of the terrain effects chart (F&M 5.2, 7.4)."""

    move: str  # MP to enter, "a/b", or "P"
    row: str = ""  # the CRT row a defender here uses
    row_by_side: Mapping[str, str] = field(factory=dict)  # the row when the defender is of this side
    stacking: bool = True  # False: one unit only (marsh, Suez 17.1)
    hill: bool = False  # observers here see farther (Suez 18.2)


@frozen
class HexsideEffect:
    """One hexside line of the chart: canal, trench line, river (F&M 5.2, 6.1, 7.4)."""

    move: str = "0"  # MP added to cross, or "P"
    blocks_zoc: bool = False
    blocks_combat: bool = False
    row: str = ""  # the CRT row when every attacker attacks across this feature (Suez 14.2)
    owner_only: bool = True  # the row helps only defenders of the hexside's own side
    rule: str = ""  # cited when it stops a move or an attack (Suez 14.1); else the F&M section


@frozen
class RouteSpecial:
    """A cheaper (or dearer) route cost for some units (Suez TEC: British infantry on tracks)."""

    cost: str
    side: str = ""
    kinds: tuple[str, ...] = ()


@frozen
class RouteEffect:
    """Moving along a route from a hex into a connected hex costs this instead of the terrain."""

    cost: str
    special: tuple[RouteSpecial, ...] = ()
    only_rule: str = ""  # cited when a unit that moves only along this route leaves it (Suez 13.3)


@frozen
class FreeExit:
    """When leaving an enemy ZOC costs nothing (Suez 19.0 night disengagement, Gaza 14.0 trenches)."""

    rule: str
    side: str = ""
    night: bool | None = None
    terrain: str = ""


@frozen
class Zoc:
    exit_cost: str = "1"  # F&M 5.1.1 (house rule: +1 MP)
    free_exit: tuple[FreeExit, ...] = ()


@frozen
class StackLimit:
    """How many units of one side may end a phase in a hex (F&M 5.3 as changed by Suez 17.1, Gaza 16.1)."""

    units: int = 1
    same_formation: bool = False
    kind_max: Mapping[str, int] = field(factory=dict)  # at most this many of a kind among them
    extra: int = 0  # units of `extra_kinds` allowed beyond `units`
    extra_kinds: tuple[str, ...] = ()
    rule: str = "F&M 5.3"


@frozen
class ResultEffect:
    """What one CRT key does to one side's units in the combat."""

    eliminate: bool = False
    retreat: int = 0
    loss: int = 0  # steps lost (owner choosing the unit) after any retreat
    deplete_instead: bool = False  # F&M 7.8: one step lost instead of the whole stack retreating


@frozen
class ResultKey:
    attacker: ResultEffect = ResultEffect()
    defender: ResultEffect = ResultEffect()
    bombard: bool = False  # in a bombardment, each unit hit loses one step (Suez 18.4)


@frozen
class Crt:
    """The combat results table: terrain rows of differentials, one die, result keys (F&M 7.3-7.6)."""

    columns: tuple[str, ...]
    rows: Mapping[str, tuple[str, ...]]  # row id -> differential label of each column, from the left
    results: tuple[tuple[str, ...], ...]  # one line per die face, one key per column
    key: Mapping[str, ResultKey]
    row_names: Mapping[str, str] = field(factory=dict)


@frozen
class Shift:
    """A column shift applied when its conditions hold (Suez 19.0 night, Suez 15.1 surprise)."""

    by: int
    reason: str
    rule: str
    side: str = ""  # the attacking side it applies to
    night: bool | None = None
    turns: tuple[str, ...] = ()  # turn ids; empty: every turn


@frozen
class Advance:
    mobile_trait: str = "mobile"  # F&M 7.9: circled movement factor
    leg_advance: bool = True  # Suez/Gaza 10.3: other units advance into the vacated hex only
    rule: str = "F&M 7.9"  # cited by the advance prompt and its refusals (Suez/Gaza 10.3 change 7.9)


@frozen
class Reinforcement:
    """Units that may enter at `hexes` from turn `turn` on (or once a hook flags them "arrived")."""

    units: tuple[str, ...]
    hexes: tuple[str, ...]
    turn: str = ""


@frozen
class VictoryLevel:
    min: int
    winner: str  # side id, "" for a draw
    level: str


@frozen
class Victory:
    side: str = ""  # the side that scores the victory hexes
    by: str = "control"  # "control" (Suez 12.4) or "occupation" (Gaza 12.4)
    levels: tuple[VictoryLevel, ...] = ()
    rule: str = "F&M victory"


@frozen
class Observation:
    """Suez 18.2: a side's observation range, farther from a hill."""

    range: int
    hill_range: int


@frozen
class FireSupport:
    """F&M 8.0 as changed by Suez/Gaza 18.0: bombardment only, into observed hexes."""

    limits: Mapping[str, int]  # markers per bombarded hex, per side (18.1)
    observation: Mapping[str, Observation]
    at_night: bool = True  # Suez 19.0: false, no bombardment (nor air) at night
    reuse_time: str = "morning"  # 18.3: used markers return at the first turn of this time of day
    rule: str = "Suez 18.0"
    night_rule: str = ""  # the section that forbids bombardment at night (Suez 19.0)


@frozen
class Commander:
    """Suez 13.1 / Gaza 13.4: a commander who shifts one attack of his side per combat phase."""

    name: str
    side: str
    rule: str
    order: str = "kress"  # the order's verb: `kress HEX`
    shift: int = 1


@frozen
class FmRules:
    """The whole `[rules]` table of a Fire & Movement scenario."""

    terrain: Mapping[str, TerrainEffect]
    crt: Crt
    hexside: Mapping[str, HexsideEffect] = field(factory=dict)
    route: Mapping[str, RouteEffect] = field(factory=dict)
    zoc: Zoc = Zoc()
    stacking: Mapping[str, StackLimit] = field(factory=dict)
    shift: tuple[Shift, ...] = ()
    advance: Advance = Advance()
    reinforcement: tuple[Reinforcement, ...] = ()
    victory: Victory = Victory()
    fire_support: FireSupport | None = None
    commander: Commander | None = None
    hooks: str = ""  # the scenario's exclusive-rules hook class, by registered name
    first: str = ""  # the first player; default: the first side listed
    non_combat_kinds: tuple[str, ...] = ("marker", "air")
    formations: Mapping[str, str] = field(factory=dict)  # a formation's id -> its name for players


@functools.cache
def fraction(text: str) -> Fraction | None:
    """A cost from the chart: "1/3" -> Fraction(1, 3); "P" (prohibited) -> None. Cached: the
    chart has a handful of distinct costs and movement asks for them thousands of times."""
    if text == PROHIBITED:
        return None
    return Fraction(text)


def _fraction_problem(text: str) -> str | None:
    if text == PROHIBITED:
        return None
    if not re.fullmatch(r"\d+(/[1-9]\d*)?", text):
        return f"{text!r} is not a cost (a whole number, a fraction such as \"1/3\", or \"P\")"
    return None


def structure(raw: Mapping[str, Any]) -> tuple[FmRules | None, list[str]]:
    """The rules tables, or None and every structural problem as "rules.key: problem"."""
    try:
        return strict_converter().structure(dict(raw), FmRules), []
    except Exception as exc:  # cattrs groups every problem it found into one exception
        problems = []
        for line in structure_problems(exc):
            what, _, where = line.rpartition(" @ ")
            where = re.sub(r"\['([^']*)'\]", r".\1", where.removeprefix("$"))
            problems.append(f"rules{where}: {what}")
        return None, problems


def rules_of(scenario: Scenario) -> FmRules:
    """The structured rules of a scenario already checked by `check`, kept per scenario."""
    return _RULES(scenario)


def _structured(scenario: Scenario) -> FmRules:
    data, problems = structure(scenario.rules)
    if data is None:
        raise ValueError("; ".join(problems))
    return data


def remember(scenario: Scenario, data: FmRules) -> None:
    """Keep `data` as the structured rules of `scenario` for `rules_of`."""
    _RULES.put(scenario, data)


_RULES: PerScenario[FmRules] = PerScenario(_structured)


def differential_range(label: str) -> tuple[int, int]:
    """A CRT heading: "-3" -> (-3, -3); "+2,+3" -> (2, 3)."""
    parts = [int(p) for p in label.split(",")]
    return min(parts), max(parts)


def check(scenario: Scenario) -> list[str]:
    """Problems of meaning in the rules tables: every id they use must exist, every cost parse.

    The structured tables are kept for `rules_of`, so a game started straight after loading
    its scenario does not structure them a second time."""
    data, problems = structure(scenario.rules)
    if data is None:
        return problems
    remember(scenario, data)
    sides = set(scenario.side)
    for formation in sorted({u.formation for u in scenario.units if u.formation} - set(data.formations)):
        problems.append(f"rules.formations: no name for formation {formation!r}")
    for t in scenario.terrain:
        if t.id not in data.terrain:
            problems.append(f"rules.terrain: no entry for terrain {t.id!r}")
    for tid, eff in data.terrain.items():
        if tid not in scenario.terrain_type:
            problems.append(f"rules.terrain.{tid}: no terrain {tid!r} in the scenario")
        if err := _fraction_problem(eff.move):
            problems.append(f"rules.terrain.{tid}.move: {err}")
        for row in (eff.row, *eff.row_by_side.values()):
            if row and row not in data.crt.rows:
                problems.append(f"rules.terrain.{tid}.row: no CRT row {row!r}")
        if not eff.row and eff.move != PROHIBITED:
            problems.append(f"rules.terrain.{tid}.row: a terrain that can be entered needs a CRT row")
        for side in eff.row_by_side:
            if side not in sides:
                problems.append(f"rules.terrain.{tid}.row_by_side: no side {side!r}")
    for hs in scenario.map.hexside:
        if hs.feature not in data.hexside:
            problems.append(f"rules.hexside: no entry for hexside feature {hs.feature!r}")
    for fid, hx in data.hexside.items():
        if err := _fraction_problem(hx.move):
            problems.append(f"rules.hexside.{fid}.move: {err}")
        if hx.row and hx.row not in data.crt.rows:
            problems.append(f"rules.hexside.{fid}.row: no CRT row {hx.row!r}")
    for route in scenario.map.route:
        if route.kind not in data.route:
            problems.append(f"rules.route: no entry for route kind {route.kind!r}")
    for kind, effect in data.route.items():
        for i, text in enumerate((effect.cost, *(s.cost for s in effect.special))):
            if (err := _fraction_problem(text)) or text == PROHIBITED:
                where = "cost" if i == 0 else f"special[{i - 1}].cost"
                problems.append(f"rules.route.{kind}.{where}: {err or 'a route cannot be prohibited'}")
    if err := _fraction_problem(data.zoc.exit_cost):
        problems.append(f"rules.zoc.exit_cost: {err}")
    for side in data.stacking:
        if side not in sides:
            problems.append(f"rules.stacking.{side}: no side {side!r}")
    crt = data.crt
    n = len(crt.columns)
    for row, labels in crt.rows.items():
        if not 0 < len(labels) <= n:
            problems.append(f"rules.crt.rows.{row}: has {len(labels)} headings for {n} columns")
        try:
            ranges = [differential_range(x) for x in labels]
        except ValueError:
            problems.append(f"rules.crt.rows.{row}: headings are differentials such as \"-3\" or \"+2,+3\"")
            continue
        if any(b[0] != a[1] + 1 for a, b in zip(ranges, ranges[1:])):
            problems.append(f"rules.crt.rows.{row}: the differentials must follow on without gaps")
    if len(crt.results) != 6:
        problems.append(f"rules.crt.results: one line per die face (6), not {len(crt.results)}")
    for i, line in enumerate(crt.results):
        if len(line) != n:
            problems.append(f"rules.crt.results[{i}]: {len(line)} results for {n} columns")
        for key in line:
            if key not in crt.key:
                problems.append(f"rules.crt.results[{i}]: no rules.crt.key entry for {key!r}")
    for s in data.shift:
        if s.side and s.side not in sides:
            problems.append(f"rules.shift: no side {s.side!r}")
        for turn in s.turns:
            if turn not in {x.id for x in scenario.turns}:
                problems.append(f"rules.shift.turns: no turn {turn!r}")
    for i, r in enumerate(data.reinforcement):
        for uid in r.units:
            if uid not in scenario.unit:
                problems.append(f"rules.reinforcement[{i}].units: no unit {uid!r}")
        if r.turn and r.turn not in {x.id for x in scenario.turns}:
            problems.append(f"rules.reinforcement[{i}].turn: no turn {r.turn!r}")
        for label in r.hexes:
            try:
                scenario.grid.parse(label)
            except ValueError as exc:
                problems.append(f"rules.reinforcement[{i}].hexes: {exc}")
    v = data.victory
    if v.side and v.side not in sides:
        problems.append(f"rules.victory.side: no side {v.side!r}")
    if v.by not in ("control", "occupation"):
        problems.append(f"rules.victory.by: 'control' or 'occupation', not {v.by!r}")
    for lv in v.levels:
        if lv.winner and lv.winner not in sides:
            problems.append(f"rules.victory.levels: no side {lv.winner!r}")
    if data.fire_support is not None:
        for table in ("limits", "observation"):
            for side in getattr(data.fire_support, table):
                if side not in sides:
                    problems.append(f"rules.fire_support.{table}.{side}: no side {side!r}")
    if data.commander is not None and data.commander.side not in sides:
        problems.append(f"rules.commander.side: no side {data.commander.side!r}")
    if data.first and data.first not in sides:
        problems.append(f"rules.first: no side {data.first!r}")
    for u in scenario.units:
        for k, f in enumerate(u.factors):
            missing = {"attack", "defence", "move"} - set(f)
            if missing:
                problems.append(f"unit (id {u.id!r}).factors[{k}]: missing {', '.join(sorted(missing))}")
    return problems
