"""F&M 7.7 How to retreat (house rules), displacement after a retreat (Suez 17.1, Gaza 16.1),
and 7.9 advance after combat (Suez/Gaza 10.3, Gaza 13.1)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tests.rules.fm.helpers import legal, load, run, where
from tests.rules.fm.test_results import ALL, fight
from tui_wargame.model import IllegalOrder
from tui_wargame.rules.fm import Hooks, register_hooks
from tui_wargame.rules.fm.position import Position


def test_7_7_no_retreat_into_an_enemy_zoc_even_with_a_friend_there() -> None:
    scenario = load()
    # b1 at 0603 sits in r3's ZOC: a retreat through 0603 is still refused
    state, _ = fight(scenario, {**ALL, "b2": "0503", "b1": "0603"}, ["0402", "0403"], "10", "D2")
    options = legal(scenario, state)
    assert not any(o.startswith(("retreat b2 0502", "retreat b2 0603")) for o in options)
    with pytest.raises(IllegalOrder) as exc:
        run(scenario, state, "retreat b2 0502 0501")
    assert exc.value.rule == "F&M 7.7"


def test_7_7_each_hex_must_be_farther_from_the_start() -> None:
    scenario = load()
    state, _ = fight(scenario, {**ALL, "b2": "0503"}, ["0402", "0403"], "10", "D2")
    with pytest.raises(IllegalOrder):
        run(scenario, state, "retreat b2 0602 0603")  # 0603 is next to 0503 again


def test_7_7_a_blocked_retreat_eliminates_the_unit() -> None:
    scenario = load()
    # the only hex out of r1/r2/r3's ZOC, 0602, is held by r4
    state, _ = fight(scenario, {**ALL, "r4": "0602", "b1": "0503"}, ["0402", "0403", "0504"], "11", "D3")
    assert where(state, "b1") == "eliminated"
    assert state.pending and state.pending.kind == "advance"  # the hex is empty: red may advance


def test_7_7_a_stack_with_no_retreat_may_still_deplete_instead() -> None:
    scenario = load()
    at = {**ALL, "r4": "0602", "b1": "0503", "b2": "0503"}
    state, _ = fight(scenario, at, ["0402", "0403", "0504"], "9", "D2")  # 12 - 7 = +5
    assert set(legal(scenario, state)) == {"retreat b1", "retreat b2", "deplete b1", "deplete b2"}
    state2, _ = run(scenario, state, "retreat b1")
    assert where(state2, "b1") == "eliminated" and where(state2, "b2") == "eliminated"


def test_17_1_an_overstack_after_a_retreat_is_displaced_one_hex() -> None:
    scenario = load()
    at = {**ALL, "b3": "0503", "b1": "0601", "b2": "0601"}
    state, _ = fight(scenario, at, ["0402", "0403", "0504"], "11", "D2")  # 12 - 3 = +9, die 3
    state, _ = run(scenario, state, "retreat b3 0602 0601")
    assert state.pending and state.pending.kind == "displace" and state.pending.side == "blue"
    options = legal(scenario, state)
    assert "displace b3 0701" in options and all(o.split()[2] != "0503" for o in options)
    state, _ = run(scenario, state, "displace b3 0701")
    pos = Position(scenario, state)
    assert sorted(pos.units_in("0601")) == ["b1", "b2"] and where(state, "b3") == "0701"
    assert state.pending and state.pending.kind == "advance"


def test_7_9_leg_units_advance_one_hex_mobile_units_along_the_retreat_path() -> None:
    scenario = load()
    state, _ = fight(scenario, {**ALL, "b1": "0503"}, ["0402", "0403", "0504"], "11", "D3")
    state, _ = run(scenario, state, "retreat b1 0602 0702 0802")
    options = set(legal(scenario, state))
    assert {"advance r1 0503", "advance r3 0503", "advance r3 0503 0602",
            "advance r3 0503 0602 0702"} <= options
    assert "advance r3 0503 0602 0702 0802" not in options  # b1 stands in 0802
    assert not any(o.startswith("advance r1 0503 ") for o in options)
    state, _ = run(scenario, state, "advance r3 0503 0602 0702")
    assert where(state, "r3") == "0702"  # into b1's ZOC and beyond: advances ignore ZOCs
    state, _ = run(scenario, state, "advance r1 0503", "stop")
    assert where(state, "r1") == "0503" and state.pending is None


def test_7_9_the_defender_never_advances_after_the_attacker_retreats() -> None:
    scenario = load()
    state, _ = fight(scenario, {"r1": "0402", "b2": "0503"}, ["0402"], "8", "A1")
    state, _ = run(scenario, state, "retreat r1 0302")
    assert state.pending is None


class ChargeHooks(Hooks):
    """Gaza 13.1 in miniature: r1 may advance one hex farther, in any direction."""

    def advance_extra(self, pos: Position, unit: str, attackers: Sequence[str]) -> int:
        return 1 if unit == "r1" else 0


def test_7_9_a_hook_adds_hexes_in_any_direction() -> None:
    register_hooks("test-charge", ChargeHooks)
    scenario = load(edit={'first = "red"': 'first = "red"\nhooks = "test-charge"'})
    state, _ = fight(scenario, {**ALL, "b2": "0503"}, ["0402", "0403", "0504"], "11", "De")
    options = set(legal(scenario, state))
    assert {"advance r1 0503", "advance r1 0503 0603", "advance r1 0503 0502"} <= options
    assert not any(o.startswith("advance r2 0503 ") for o in options)
    state, _ = run(scenario, state, "advance r1 0503 0603")
    assert where(state, "r1") == "0603"


def test_17_1_with_nowhere_to_displace_the_retreating_unit_is_eliminated() -> None:
    """House rule: when no unit of the overstacked hex can be displaced, the unit that retreated
    into it is eliminated."""
    scenario = load(edit={"[rules.stacking.red]\nunits = 3": "[rules.stacking.red]\nunits = 1",
                          'sea = ["0804", "0805"]': 'sea = ["0804", "0805", "0301", "0201", "0203", "0202"]'})
    at = {"r1": "0402", "r2": "0302", "r3": "0401", "r4": "0303", "b2": "0503"}
    state, _ = fight(scenario, at, ["0402"], "8", "A1")
    assert "retreat r1 0302" in legal(scenario, state)
    state, _ = run(scenario, state, "retreat r1 0302")
    assert where(state, "r1") == "eliminated" and where(state, "r2") == "0302"
    assert state.pending is None


def test_7_9_no_advance_ends_beyond_the_stacking_limit() -> None:
    """F&M 7.9 with 5.3: once two red units have advanced into 0503 (red's limit made 2), the third
    may not follow, so the combat phase can still end; nothing in it could move the extra unit away."""
    scenario = load(edit={"[rules.stacking.red]\nunits = 3": "[rules.stacking.red]\nunits = 2"})
    state, _ = fight(scenario, {**ALL, "b2": "0503"}, ["0402", "0403", "0504"], "11", "De")
    state, _ = run(scenario, state, "advance r1 0503")
    assert "advance r3 0503" in legal(scenario, state)
    state, _ = run(scenario, state, "advance r2 0503")
    assert not any(o.startswith("advance") for o in legal(scenario, state))
    assert state.pending is None and "end" in legal(scenario, state)
