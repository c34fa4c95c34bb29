"""F&M 5.3 Stacking as changed by Suez 17.1 / Gaza 16.1: limits by count, formation and kind,
terrain without stacking, checked when a phase ends."""

from __future__ import annotations

import pytest

from tests.rules.fm.helpers import legal, load, position, run
from tui_wargame.model import IllegalOrder
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import overstack


def test_5_3_the_phase_cannot_end_overstacked() -> None:
    scenario = load(edit={"[rules.stacking.red]\nunits = 3": "[rules.stacking.red]\nunits = 2"})
    state = position(scenario, {"r1": "0401", "r2": "0401", "r3": "0402"})
    assert "end" in legal(scenario, state)
    state2, _ = run(scenario, state, "move r3 0401")  # passing and stopping is allowed...
    assert "end" not in legal(scenario, state2)
    with pytest.raises(IllegalOrder) as exc:
        run(scenario, state2, "end")  # ...but not ending the phase so
    assert exc.value.rule == "F&M 5.3"


def test_17_1_same_formation_only() -> None:
    """Suez 17.1 (British): two units, of the same formation."""
    scenario = load()
    pos = Position(scenario, position(scenario, {"b1": "0401", "b2": "0401", "b3": "0402", "b4": "0402"}))
    assert overstack(pos, "0401") is None  # b1, b2: formation A
    assert overstack(pos, "0402") is None  # b3, b4: formation B
    mixed = Position(scenario, position(scenario, {"b1": "0401", "b3": "0401"}))
    assert "different formations" in str(overstack(mixed, "0401") or "")
    three = Position(scenario, position(scenario, {"b1": "0401", "b2": "0401", "b3": "0401"}))
    assert "limit is 2" in str(overstack(three, "0401") or "")


def test_5_3_no_stacking_in_marsh() -> None:
    scenario = load()
    pos = Position(scenario, position(scenario, {"r1": "0204", "r2": "0204"}))
    assert "no stacking in marsh" in str(overstack(pos, "0204") or "")


def test_16_1_extra_kinds_and_kind_limits() -> None:
    """Gaza 16.1: one unit plus a tank; two units of which one regiment at most."""
    scenario = load(edit={
        "[rules.stacking.red]\nunits = 3": "[rules.stacking.red]\nunits = 2\nkind_max = { infantry = 1 }",
        "[rules.stacking.blue]\nunits = 2\nsame_formation = true":
            "[rules.stacking.blue]\nunits = 1\nextra = 1\nextra_kinds = [\"machinegun\"]",
    })
    ok = Position(scenario, position(scenario, {"b1": "0401", "b3": "0401", "r1": "0601", "r3": "0601"}))
    assert overstack(ok, "0401") is None and overstack(ok, "0601") is None
    two_inf = Position(scenario, position(scenario, {"b1": "0401", "b2": "0401", "r1": "0601", "r2": "0601"}))
    assert overstack(two_inf, "0401") and "infantry" in str(overstack(two_inf, "0601") or "")


def test_5_3_no_move_ends_overstacked_with_units_that_cannot_move_away() -> None:
    """House rule (F&M 5.3): with r1 and r2 moved into 0401, r3 may not join them there, or the phase
    could never end; found by random play."""
    scenario = load(edit={"[rules.stacking.red]\nunits = 3": "[rules.stacking.red]\nunits = 2"})
    state = position(scenario, {"r1": "0402", "r2": "0402", "r3": "0402"})
    state, _ = run(scenario, state, "move r1 0401")
    assert "move r3 0401" in legal(scenario, state)  # r2 may still move away...
    state, _ = run(scenario, state, "move r2 0401")
    assert "move r3 0401" not in legal(scenario, state)  # ...but once it has moved, no
    with pytest.raises(IllegalOrder) as exc:
        run(scenario, state, "move r3 0401")
    assert exc.value.rule == "F&M 5.3"
    assert "end" in legal(scenario, state)


def test_5_3_the_units_that_must_leave_a_hex_share_the_room_they_can_reach() -> None:
    """House rule (F&M 5.3) with Suez 17.1's one formation a hex: b3 (B) joins b1 and b2 (A) in
    0806, so both must leave, and the red units' zones of control let them reach only 0706. Once
    b4 (A here) stands in 0706 it has room for one of them, not both: its move there is refused,
    where each unit's way out checked alone let it pass and the phase could never end (found by
    the computer player's benchmark in Suez, 3 December 2026)."""
    scenario = load(edit={'formation = "B"\ntraits = ["mobile"]': 'formation = "A"\ntraits = ["mobile"]'})
    state = position(scenario, {"r1": "0605", "r2": "0705", "b1": "0806", "b2": "0806", "b3": "0706",
                                "b4": "0606"}, active="blue")
    state, _ = run(scenario, state, "move b3 0806")  # 0706 left empty: b1 and b2 can both go there
    assert {"move b1 0706", "move b2 0706"} <= set(legal(scenario, state))
    assert "move b4 0706" not in legal(scenario, state)
    with pytest.raises(IllegalOrder) as exc:
        run(scenario, state, "move b4 0706")
    assert exc.value.rule == "F&M 5.3"
    assert "b1 and b2 could not both find room elsewhere" in str(exc.value)
    state, _ = run(scenario, state, "move b1 0706")  # the way the phase can end
    state, _ = run(scenario, state, "move b2 0706")
    assert "end" in legal(scenario, state)
