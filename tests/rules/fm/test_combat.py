"""F&M 7.1-7.6 Combat: declaring attacks, totals, differential, terrain rows, column shifts,
the table's ends, one die."""

from __future__ import annotations

import pytest

from tests.rules.fm.helpers import legal, load, of_kind, position, run
from tui_wargame.model import IllegalOrder, Order, Scenario
from tui_wargame.rules.fm import SYSTEM


def die_for(scenario: Scenario, column: str, key: str) -> int:
    """The die face that reads `key` in `column` of the scenario's CRT."""
    crt = scenario.rules["crt"]
    index = crt["columns"].index(column)
    return next(face for face, line in enumerate(crt["results"], 1) if line[index] == key)


def combat(scenario: Scenario, at: dict[str, str], **kw: object):
    return position(scenario, at, phase="combat", **kw)


def test_7_1_declare_stacks_from_several_hexes_against_one_hex() -> None:
    scenario = load()
    state = combat(scenario, {"r1": "0402", "r2": "0402", "r3": "0403", "b1": "0503"})
    assert {"attack 0503 0402", "attack 0503 0403", "end"} <= set(legal(scenario, state))
    state, events = run(scenario, state, "attack 0503 0402", "attack 0503 0403")
    assert {e["unit"] for e in of_kind(events, "unit_flagged")} == {"r1", "r2", "r3"}  # the stack together
    odds = SYSTEM.odds(scenario, state.replace(values={**state.values, "fm.combat": "resolve"}),
                          Order("resolve", ("0503",)))
    assert odds is not None and odds["attack"] == 5 + 4 + 3 and odds["defence"] == 4


def test_7_1_each_unit_attacks_once_and_each_hex_once() -> None:
    scenario = load()
    state = combat(scenario, {"r1": "0402", "b1": "0503", "b2": "0403"})
    state, _ = run(scenario, state, "attack 0503 0402")
    with pytest.raises(IllegalOrder, match="already attacking"):
        run(scenario, state, "attack 0403 0402")
    die = die_for(scenario, "7", "-")  # r1 5 - b1 4 = +1, clear: column 7
    state, _ = run(scenario, state, "end", "resolve 0503", dice=[die])
    assert "resolve 0503" not in legal(scenario, state)
    with pytest.raises(IllegalOrder):
        run(scenario, state, "resolve 0503")


def test_7_1_only_adjacent_enemies_and_not_across_a_canal() -> None:
    scenario = load()
    state = combat(scenario, {"r1": "0401", "b1": "0503", "r2": "0103", "b2": "0203"})
    with pytest.raises(IllegalOrder, match="not adjacent"):
        run(scenario, state, "attack 0503 0401")
    with pytest.raises(IllegalOrder) as exc:
        run(scenario, state, "attack 0203 0103")
    assert exc.value.rule == "F&M 7.1"
    assert not any(o.startswith("attack") for o in legal(scenario, state))


def test_7_1_declared_attacks_must_all_be_resolved() -> None:
    scenario = load()
    state = combat(scenario, {"r1": "0402", "b1": "0503"})
    state, _ = run(scenario, state, "attack 0503 0402", "end")
    assert legal(scenario, state) == ["resolve 0503"]
    with pytest.raises(IllegalOrder, match="resolved first"):
        run(scenario, state, "end")


def resolve_one(scenario: Scenario, at: dict[str, str], sources: list[str], target: str, die: int, **kw):
    state = combat(scenario, at, **kw)
    state, _ = run(scenario, state, *[f"attack {target} {s}" for s in sources], "end")
    state, events = run(scenario, state, f"resolve {target}", dice=[die])
    return state, events, of_kind(events, "combat")[0]


def test_7_3_totals_differential_and_the_full_explanation() -> None:
    scenario = load()
    die = die_for(scenario, "7", "-")
    _, events, fight = resolve_one(scenario, {"r1": "0402", "b1": "0503"}, ["0402"], "0503", die)
    assert fight["attackers"] == ["r1"] and fight["defenders"] == ["b1"]
    assert (fight["attack"], fight["defence"], fight["differential"]) == (5, 4, 1)
    assert (fight["row"], fight["column"], fight["die"], fight["result"]) == ("clear", "7", die, "-")
    assert fight["shifts"] == []


def test_7_3_a_differential_beyond_the_left_end_uses_the_end_column() -> None:
    scenario = load()
    at = {"r3": "0302", "b1": "0303", "b2": "0303"}  # 3 - 7 = -4, beyond the town row's -3
    die = die_for(scenario, "1", "(A)")
    _, _, fight = resolve_one(scenario, at, ["0302"], "0303", die)
    assert fight["differential"] == -4 and fight["row"] == "town" and fight["column"] == "1"


def test_7_3_a_differential_beyond_the_right_end_uses_the_end_column() -> None:
    scenario = load()
    at = {"r1": "0302", "r2": "0402", "r3": "0304", "b3": "0303"}
    _, _, fight = resolve_one(scenario, at, ["0302", "0402", "0304"], "0303", 5,
                              steps={"b3": 1})
    assert fight["differential"] == 12 - 1 and fight["row"] == "town"
    assert fight["column"] == "10"  # the town row ends at +10 in column 10


def test_7_6_shifts_are_applied_after_the_column_and_stop_at_the_last_column() -> None:
    surprise = ('[[rules.shift]]\nby = 2\nside = "red"\nturns = ["1am"]\n'
                'reason = "surprise"\nrule = "test surprise"\n')
    scenario = load(edit={'[[rules.shift]]\nby = -1': surprise + '\n[[rules.shift]]\nby = -1'})
    at = {"r1": "0402", "r2": "0403", "r3": "0504", "b3": "0503"}
    _, _, fight = resolve_one(scenario, at, ["0402", "0403", "0504"], "0503", 1, steps={"b3": 1})
    assert fight["differential"] == 11 and fight["base_column"] == "12"
    assert fight["shifts"] == [{"by": 2, "reason": "surprise (test surprise)"}]
    assert fight["column"] == "12"


def test_7_6_night_shift_for_one_side_with_its_reason() -> None:
    scenario = load()
    at = {"b1": "0402", "r2": "0503"}
    die = die_for(scenario, "5", "(A)")
    _, _, fight = resolve_one(scenario, at, ["0402"], "0503", die, turn=0, active="blue")
    assert fight["base_column"] == "6" and fight["column"] == "5"  # 4 - 4 = 0: column 6, night -1
    assert fight["shifts"] == [{"by": -1, "reason": "blue attacks at night (test night)"}]


def test_7_4_trench_row_only_when_every_attacker_crosses_a_trench_hexside() -> None:
    """Suez 14.2: the trench line when all attack across trench hexsides, else the hex's terrain."""
    scenario = load()
    die = die_for(scenario, "4", "(A)")
    _, _, fight = resolve_one(scenario, {"r1": "0604", "b2": "0605"}, ["0604"], "0605", die)
    assert fight["row"] == "town"
    die = die_for(scenario, "8", "Ex")
    _, _, fight = resolve_one(scenario, {"r1": "0604", "r2": "0606", "b2": "0605"}, ["0604", "0606"], "0605",
                              die)
    assert fight["row"] == "clear"


def test_7_4_trenches_benefit_only_their_own_side() -> None:
    scenario = load()
    die = die_for(scenario, "6", "(A)")
    _, _, fight = resolve_one(scenario, {"b1": "0604", "r2": "0605"}, ["0604"], "0605", die, active="blue")
    assert fight["row"] == "clear"  # red defends behind a blue trench line: no benefit


def test_7_4_rows_that_depend_on_the_defenders_side() -> None:
    """Gaza CRT: CP in trench uses the trench row, British in trench treat it as clear."""
    scenario = load(edit={'town = { move = "1", row = "town" }':
                          'town = { move = "1", row = "town", row_by_side = { red = "clear" } }'})
    die = die_for(scenario, "6", "(A)")
    _, _, fight = resolve_one(scenario, {"b1": "0302", "r2": "0303"}, ["0302"], "0303", die, active="blue")
    assert fight["row"] == "clear"
    die = die_for(scenario, "4", "(A)")
    _, _, fight = resolve_one(scenario, {"r2": "0302", "b1": "0303"}, ["0302"], "0303", die)
    assert fight["row"] == "town"
