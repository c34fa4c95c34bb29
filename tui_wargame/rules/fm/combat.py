"""F&M 7.1-7.6 Combat: declaring attacks, totals, differential, terrain row, column shifts.

Attacks are declared hex by hex (`attack TARGET FROM` adds the whole stack in
FROM to the attack on TARGET: stacked units attack together, Suez 17.3) and
then resolved one by one in the attacker's order (`resolve TARGET`).
"""

from __future__ import annotations

from typing import Any

from tui_wargame.model import HexsideFeature, IllegalOrder, Refusal
from tui_wargame.rules.capabilities import Explanation, Line
from tui_wargame.rules.fm.data import differential_range
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.words import explain_odds, row_label
from tui_wargame.rules.kept import PerScenario

ATTACKS = "attacks:"  # phase flag on a declared attacker: "attacks:0405"
RESOLVED = "fm.resolved"  # value: hexes whose attack was resolved this combat phase, comma-separated
STEP = "fm.combat"  # value: "declare" or "resolve"
ASSISTED = "fm.commander"  # value "turn:hex": the attack the commander assists (Suez 13.1, Gaza 13.4)


def target_of(pos: Position, uid: str) -> str | None:
    for flag in pos.state.units[uid].phase_flags:
        if flag.startswith(ATTACKS):
            return flag.removeprefix(ATTACKS)
    return None


def resolved(pos: Position) -> list[str]:
    text = str(pos.state.values.get(RESOLVED, ""))
    return text.split(",") if text else []


def combat_blocked(pos: Position, a: str, b: str) -> bool:
    """F&M 7.1 / Suez 14.1: no combat across a hexside whose feature forbids it. Kept per scenario
    (the hexsides never change): the computer asks it for every stack on every look."""
    kept = _BLOCKED(pos.scenario)
    found = kept.get((a, b))
    if found is None:
        found = kept[(a, b)] = bool(_blocking(pos, a, b))
    return found


_BLOCKED: PerScenario[dict[tuple[str, str], bool]] = PerScenario(lambda _: {})


def _blocking(pos: Position, a: str, b: str) -> list[str]:
    """The rules of the hexside features between a and b that forbid combat ("" for the F&M's)."""
    return [pos.rules.hexside[f.feature].rule for f in pos.scenario.features_between(a, b)
            if pos.rules.hexside[f.feature].blocks_combat]


def assisted(pos: Position) -> str | None:
    """The hex of the attack the commander assists this turn, if any (commander.py)."""
    turn, _, target = str(pos.state.values.get(ASSISTED, "")).partition(":")
    return target if target and turn == str(pos.state.turn) else None


def declared(pos: Position) -> dict[str, list[str]]:
    """Target hex -> its declared attackers, for the attacks not yet resolved."""
    done = set(resolved(pos))
    found: dict[str, list[str]] = {}
    for uid in pos.on_map_units(pos.state.active):
        target = target_of(pos, uid)
        if target and target not in done:
            found.setdefault(target, []).append(uid)
    return found


def why_not_declare(pos: Position, target: str, source: str) -> Refusal | None:
    """F&M 7.1 (house rule): why the stack in `source` may not join an attack on `target`."""
    side = pos.state.active
    if pos.state.phase != "combat" or pos.state.values.get(STEP) != "declare":
        return Refusal("attacks are declared at the start of the combat phase", "F&M 7.1")
    units = pos.units_in(source)
    if not units or pos.side_of(units[0]) != side:
        return Refusal(f"{source} holds none of your units", "F&M 7.1")
    if any(target_of(pos, u) for u in units):
        return Refusal(f"the units in {source} are already attacking: each unit attacks once", "F&M 7.1")
    if pos.occupant(target) != pos.enemy(side):
        return Refusal(f"{target} holds no enemy unit", "F&M 7.1")
    if pos.distance(source, target) != 1:
        return Refusal(f"{source} is not adjacent to {target}", "F&M 7.1")
    blocking = _blocking(pos, source, target)
    if blocking:
        return Refusal(f"no combat across the hexside {source}-{target}", blocking[0] or "F&M 7.1")
    return None


def declarable(pos: Position) -> list[tuple[str, str]]:
    """Every (target, source) pair that may be declared now."""
    side = pos.state.active
    pairs = []
    for source, units in sorted(pos.occupied_hexes().items()):
        if pos.side_of(units[0]) != side:
            continue
        for target in pos.neighbours(source):
            if why_not_declare(pos, target, source) is None:
                pairs.append((target, source))
    return sorted(pairs)


def terrain_row(pos: Position, target: str, attacker_hexes: list[str],
                defender_side: str) -> tuple[str, Line, str]:
    """F&M 7.4: the defender's CRT row, why (the words the combat event keeps), and the hexside
    feature that gives it, if one does: a hexside row (trench line, Suez 14.2) when every attacking
    hex attacks across such a feature that serves the defender."""
    rows = []
    for source in attacker_hexes:
        found = [(pos.rules.hexside[f.feature].row, f.feature)
                 for f in pos.scenario.features_between(source, target)
                 if pos.rules.hexside[f.feature].row and _serves(pos, f, target, defender_side)]
        rows.append(found[0] if found else ("", ""))
    if rows and all(row for row, _ in rows):
        return rows[0][0], Line("every attacker attacks across the hexside", "F&M 7.4"), rows[0][1]
    eff = pos.terrain(target)
    if defender_side in eff.row_by_side:
        row = eff.row_by_side[defender_side]
        return row, Line(f"{pos.terrain_id(target)}, defended by {defender_side}", "F&M 7.4"), ""
    return eff.row, Line(pos.terrain_id(target), "F&M 7.4"), ""


def _serves(pos: Position, feature: HexsideFeature, target: str, defender_side: str) -> bool:
    """Suez 14.2: an owned trench line serves a defender of its side standing behind it, in the
    first of its two hexes (the owner's side); one without an owner serves anyone."""
    if not feature.side:
        return True
    if pos.rules.hexside[feature.feature].owner_only and feature.side != defender_side:
        return False
    return feature.hexes[0] == target


def column_index(labels: tuple[str, ...], differential: int) -> int:
    """F&M 7.3: the column of `differential` on a row; beyond either end, the end column."""
    for i, label in enumerate(labels):
        low, high = differential_range(label)
        if low <= differential <= high:
            return i
    return 0 if differential < differential_range(labels[0])[0] else len(labels) - 1


def shifted(labels: tuple[str, ...], base: int, by: int) -> int:
    """F&M 7.6 (house rule): shifts stop at the row's own ends. A short row (the CRT's rows are
    left-aligned) has blank cells past its last heading; a shift beyond it reads its last result."""
    return min(max(base + by, 0), len(labels) - 1)


def shifts_for(pos: Position, attackers: list[str], defenders: list[str],
               target: str) -> list[tuple[int, Line]]:
    """F&M 7.6: column shifts from the scenario's data (night, surprise, the commander) and its
    hooks, each (by, why with its rule)."""
    side = pos.state.active
    found = []
    for s in pos.rules.shift:
        if s.side and s.side != side:
            continue
        if s.night is not None and s.night != pos.night:
            continue
        if s.turns and pos.turn.id not in s.turns:
            continue
        found.append((s.by, Line(s.reason, s.rule)))
    cmd = pos.rules.commander
    if cmd is not None and cmd.side == side and assisted(pos) == target:  # never on the defensive
        found.append((cmd.shift, Line(cmd.name, cmd.rule)))
    found += pos.hooks.column_shifts(pos, attackers, defenders, target)
    return found


def shift_fact(by: int, why: Line) -> dict[str, Any]:
    """A shift as the combat event records it: {"by", "reason": "why (rule)"} (the save format)."""
    return {"by": by, "reason": f"{why.text} ({why.rule})" if why.rule else why.text}


def _assess(pos: Position, target: str,
            attackers: list[str]) -> tuple[dict[str, Any], list[tuple[int, Line]], Line, str]:
    """An attack before the die (F&M 7.2-7.6): the combat event's facts, its shifts, why the row,
    and the hexside feature that gives the row ("" for the defender's terrain)."""
    defenders = pos.units_in(target)
    if not defenders:
        raise IllegalOrder(f"{target} holds no defender", "F&M 7.1")
    defender_side = pos.side_of(defenders[0])
    attack = sum(pos.factor(u, "attack") for u in attackers)
    defence = sum(pos.factor(u, "defence") for u in defenders)
    differential = attack - defence
    sources = sorted({pos.location(u) for u in attackers})
    row, why, feature = terrain_row(pos, target, sources, defender_side)
    crt = pos.rules.crt
    base = column_index(crt.rows[row], differential)
    shifts = shifts_for(pos, attackers, defenders, target)
    final = shifted(crt.rows[row], base, sum(by for by, _ in shifts))
    return {
        "attackers": sorted(attackers), "defenders": sorted(defenders), "hex": target,
        "attack": attack, "defence": defence, "differential": differential,
        "row": row, "row_reason": f"{why.text} ({why.rule})", "base_column": crt.columns[base],
        "shifts": [shift_fact(by, line) for by, line in shifts],
        "column": crt.columns[final], "column_index": final,
    }, shifts, why, feature


def odds(pos: Position, target: str, attackers: list[str]) -> dict[str, Any]:
    """The full explanation of an attack before the die (F&M 7.2-7.6), as the combat event's facts."""
    return _assess(pos, target, attackers)[0]


def explained(pos: Position, target: str, attackers: list[str]) -> Explanation:
    """The same, told to a reader line by line, each line with its rule: the row named as on the
    CRT with the terrain or hexside that gives it, and the results the final column can give."""
    facts, shifts, why, feature = _assess(pos, target, attackers)
    if feature:
        because = f"every attacker attacks across a {feature} hexside"
    else:
        because = f"the defender is in {pos.scenario.terrain_at(target).name}"
        side = pos.side_of(facts["defenders"][0])
        if side in pos.terrain(target).row_by_side:
            because += f", defended by the {pos.scenario.side[side].name}"
    results = [line[facts["column_index"]] for line in pos.rules.crt.results]
    return explain_odds(facts, shifts, Line(f"{row_label(facts['row'])} row: {because}", why.rule), results)
