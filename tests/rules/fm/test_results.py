"""F&M 7.6 Combat results: every key of the CRT, 7.8 deplete instead of retreating, step losses
with the owner choosing (one-, two- and three-step units)."""

from __future__ import annotations

import pytest

from tests.rules.fm.helpers import legal, load, of_kind, position, run, where
from tests.rules.fm.test_combat import die_for
from tui_wargame.model import IllegalOrder, Scenario, State

# Red attacks 0503 from 0402 (r1, 5), 0403 (r2, 4) and 0504 (r3, 3, mobile): 12 in all.
ALL = {"r1": "0402", "r2": "0403", "r3": "0504"}


def fight(scenario: Scenario, at: dict[str, str], sources: list[str], column: str, key: str,
          target: str = "0503", **kw: object) -> tuple[State, dict]:
    state = position(scenario, at, phase="combat", **kw)
    state, _ = run(scenario, state, *[f"attack {target} {s}" for s in sources], "end")
    state, events = run(scenario, state, f"resolve {target}", dice=[die_for(scenario, column, key)])
    combat = of_kind(events, "combat")[0]
    assert (combat["column"], combat["result"]) == (column, key)
    return state, combat


def test_7_6_De_eliminates_every_defender_and_the_attackers_may_advance() -> None:
    scenario = load()
    state, _ = fight(scenario, {**ALL, "b2": "0503"}, ["0402", "0403", "0504"], "11", "De")
    assert where(state, "b2") == "eliminated" and state.units["b2"].steps == 0
    assert state.pending and state.pending.kind == "advance" and state.pending.side == "red"
    assert {"advance r1 0503", "advance r2 0503", "advance r3 0503", "stop"} <= set(legal(scenario, state))


def test_7_6_D3_retreats_three_hexes_then_loses_one_step() -> None:
    scenario = load()
    state, _ = fight(scenario, {**ALL, "b1": "0503"}, ["0402", "0403", "0504"], "11", "D3")
    assert state.pending and state.pending.kind == "retreat" and state.pending.side == "blue"
    options = legal(scenario, state)
    assert options and all(o.startswith("retreat b1 0602 ") and len(o.split()) == 5 for o in options)
    assert not any(o.startswith("deplete") for o in options)  # D3 offers no 7.8 choice
    assert "retreat b1 0602 0702 0802" in options
    state, _ = run(scenario, state, "retreat b1 0602 0702 0802")
    assert where(state, "b1") == "0802" and state.units["b1"].steps == 1  # the one step after retreating
    assert state.pending and state.pending.kind == "advance"


def test_7_6_D2_retreats_two_hexes() -> None:
    scenario = load()
    state, _ = fight(scenario, {**ALL, "b2": "0503"}, ["0402", "0403"], "10", "D2")  # 9 - 3 = +6
    options = legal(scenario, state)
    assert set(options) == {"retreat b2 0602 0601", "retreat b2 0602 0702", "retreat b2 0602 0703",
                            "deplete b2"}
    state, _ = run(scenario, state, "retreat b2 0602 0703")
    assert where(state, "b2") == "0703" and state.units["b2"].steps == 1


def test_7_8_deplete_one_unit_instead_of_retreating_the_stack() -> None:
    scenario = load()
    state, _ = fight(scenario, {**ALL, "b1": "0503", "b2": "0503"}, ["0402", "0403", "0504"], "9", "D2")
    assert {"deplete b1", "deplete b2"} <= set(legal(scenario, state))
    state, events = run(scenario, state, "deplete b1")
    assert where(state, "b1") == where(state, "b2") == "0503"
    assert state.units["b1"].steps == 1 and state.units["b2"].steps == 1
    assert state.pending is None and of_kind(events, "decision_made")


def test_7_8_once_one_unit_retreated_the_stack_may_no_longer_deplete_instead() -> None:
    scenario = load()
    state, _ = fight(scenario, {**ALL, "b1": "0503", "b2": "0503"}, ["0402", "0403", "0504"], "9", "D2")
    state, _ = run(scenario, state, "retreat b1 0602 0601")
    assert not any(o.startswith("deplete") for o in legal(scenario, state))
    with pytest.raises(IllegalOrder) as exc:
        run(scenario, state, "deplete b2")
    assert exc.value.rule == "F&M 7.7"


def test_7_6_Ex_one_attacker_and_one_defender_each_chosen_by_its_owner() -> None:
    scenario = load()
    at = {"r1": "0402", "r2": "0403", "b1": "0503", "b2": "0503"}
    state, _ = fight(scenario, at, ["0402", "0403"], "8", "Ex")  # 9 - 7 = +2
    assert state.pending and state.pending.side == "blue"
    assert set(legal(scenario, state)) == {"lose b1", "lose b2"}
    state, _ = run(scenario, state, "lose b2")
    assert where(state, "b2") == "eliminated"
    assert state.pending and state.pending.side == "red"
    assert set(legal(scenario, state)) == {"lose r1", "lose r2"}
    state, events = run(scenario, state, "lose r1")
    assert state.units["r1"].steps == 2 and state.pending is None  # b1 holds the hex: no advance


@pytest.mark.parametrize("key", ["(A)", "Ae"])
def test_7_6_attacker_losses(key: str) -> None:
    scenario = load()
    if key == "(A)":  # 3 - 4 = -1: column 5
        state, _ = fight(scenario, {"r3": "0504", "b1": "0503"}, ["0504"], "5", key)
    else:  # 3 - 7 = -4: column 2
        state, _ = fight(scenario, {"r3": "0504", "b1": "0503", "b2": "0503"}, ["0504"], "2", key)
    assert where(state, "r3") == "eliminated" and state.pending is None


def test_7_6_Ae_eliminates_every_attacker() -> None:
    scenario = load()
    at = {"r1": "0302", "r2": "0402", "b1": "0303", "b2": "0303"}
    # r1 and r2 at their last step: 2 + 2 - 7 = -3 on the town row, column 1
    state, combat = fight(scenario, at, ["0302", "0402"], "1", "Ae", target="0303", steps={"r1": 1, "r2": 1})
    assert combat["attack"] == 4
    assert where(state, "r1") == where(state, "r2") == "eliminated"


def test_7_6_A1_attacker_retreats_one_hex_or_depletes() -> None:
    scenario = load()
    state, _ = fight(scenario, {"r1": "0402", "b2": "0503"}, ["0402"], "8", "A1")
    assert state.pending and state.pending.side == "red"
    assert set(legal(scenario, state)) == {"retreat r1 0401", "retreat r1 0303", "retreat r1 0302",
                                           "deplete r1"}
    retreated, _ = run(scenario, state, "retreat r1 0302")
    assert where(retreated, "r1") == "0302" and retreated.units["r1"].steps == 3
    depleted, _ = run(scenario, state, "deplete r1")
    assert where(depleted, "r1") == "0402" and depleted.units["r1"].steps == 2


def test_7_6_A2_attacker_retreats_two_hexes() -> None:
    scenario = load()
    state, _ = fight(scenario, {"r3": "0504", "b1": "0503"}, ["0504"], "5", "A2")
    paths = [o for o in legal(scenario, state) if o.startswith("retreat")]
    assert paths and all(len(o.split()) == 4 for o in paths)


def test_7_6_A3_attacker_retreats_three_hexes_then_loses_a_step() -> None:
    scenario = load()
    state, _ = fight(scenario, {"r2": "0402", "b1": "0503"}, ["0402"], "6", "A3")  # 4 - 4 = 0
    assert not any(o.startswith("deplete") for o in legal(scenario, state))
    assert "retreat r2 0302 0202 0102" in legal(scenario, state)
    state, _ = run(scenario, state, "retreat r2 0302 0202 0102")
    assert where(state, "r2") == "0102" and state.units["r2"].steps == 1 and state.pending is None


def test_7_6_no_effect() -> None:
    scenario = load()
    state, _ = fight(scenario, {"r1": "0402", "b1": "0503"}, ["0402"], "7", "-")
    assert state.pending is None and where(state, "r1") == "0402" and where(state, "b1") == "0503"
    assert state.units["r1"].steps == 3 and state.units["b1"].steps == 2


def test_13_2_a_three_step_unit_takes_its_third_loss() -> None:
    """Suez 13.2: full, reduced, replacement counter, then eliminated."""
    scenario = load()
    state, combat = fight(scenario, {"r1": "0504", "b1": "0503"}, ["0504"], "4", "(A)", steps={"r1": 1})
    assert combat["attack"] == 2  # the replacement counter's factor
    assert where(state, "r1") == "eliminated" and state.units["r1"].steps == 0
    state2, combat2 = fight(scenario, {"r1": "0504", "b1": "0503"}, ["0504"], "5", "-", steps={"r1": 2})
    assert combat2["attack"] == 3 and state2.units["r1"].steps == 2
