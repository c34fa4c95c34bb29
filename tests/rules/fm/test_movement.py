"""F&M 5.0-5.2 Movement: terrain and hexside costs, routes, exact fractions, prohibited terrain,
the one-hex minimum, map edges, reinforcements."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.rules.fm.helpers import legal, load, of_kind, position, run, where
from tui_wargame.dice import Dice
from tui_wargame.model import IllegalOrder, Order
from tui_wargame.rules.fm import SYSTEM, movement


def test_5_2_terrain_costs_come_from_the_chart() -> None:
    scenario = load()
    state = position(scenario, {"r1": "0402"})
    reach = SYSTEM.reach(scenario, state, "r1")
    assert reach["0502"] == 2  # sand
    assert reach["0403"] == 1  # clear
    state, events = run(scenario, state, "move r1 0502 0503")
    assert of_kind(events, "unit_moved")[0]["cost"] == "3"
    assert state.units["r1"].spent == 3


def test_5_2_one_third_route_costs_add_up_exactly() -> None:
    """Suez TEC: 1/3 MP along tracks for infantry of one side; six hexes cost exactly 2."""
    scenario = load()
    state = position(scenario, {"r1": "0101", "r3": "0101"})
    path = "0201 0301 0401 0501 0601 0701"
    state2, events = run(scenario, state, f"move r1 {path}")
    assert of_kind(events, "unit_moved")[0]["cost"] == "2"
    assert state2.units["r1"].spent == Fraction(2)
    assert SYSTEM.reach(scenario, state, "r1")["0801"] == Fraction(7, 3)
    assert SYSTEM.reach(scenario, state, "r3")["0801"] == Fraction(7, 2)  # cavalry: the ordinary 1/2


def test_5_2_costs_the_integer_search_cannot_hold_are_searched_in_fractions() -> None:
    """F&M 5.2: a route cost of 1/11 (not a whole number of 1/2520) is still added exactly."""
    scenario = load(edit={'kinds = ["infantry"], cost = "1/3"': 'kinds = ["infantry"], cost = "1/11"'})
    state = position(scenario, {"r1": "0101"})
    assert movement.UNIT_DENOMINATOR % 11
    assert SYSTEM.reach(scenario, state, "r1")["0801"] == Fraction(7, 11)


def test_5_2_hexside_feature_adds_its_cost() -> None:
    scenario = load()
    state = position(scenario, {"r1": "0604"})
    assert SYSTEM.reach(scenario, state, "r1")["0605"] == 2  # clear 1 + trench 1


@pytest.mark.parametrize("start, path", [("0803", "0804"), ("0703", "0803 0804"), ("0103", "0203")])
def test_5_2_prohibited_terrain_and_hexsides_refused(start: str, path: str) -> None:
    scenario = load()
    state = position(scenario, {"r1": start})
    with pytest.raises(IllegalOrder) as exc:
        run(scenario, state, f"move r1 {path}")
    assert exc.value.rule == "F&M 5.2"
    assert all(not o.startswith("move r1 0804") for o in legal(scenario, state))


def test_5_1_a_path_beyond_the_allowance_is_refused() -> None:
    scenario = load()
    state = position(scenario, {"r1": "0401"})
    with pytest.raises(IllegalOrder) as exc:
        run(scenario, state, "move r1 0402 0403 0404 0405 0406")
    assert exc.value.rule == "F&M 5.1"


def test_5_1_one_hex_minimum_with_the_full_allowance() -> None:
    """House rule: a unit with its whole allowance may always move one hex not prohibited."""
    scenario = load(edit={"{ attack = 4, defence = 4, move = 4 }, { attack = 2, defence = 2, move = 4 }]\n"
                          "start = \"0202\"": "{ attack = 4, defence = 4, move = 1 }]\nstart = \"0202\""})
    state = position(scenario, {"r2": "0402"})
    assert "move r2 0502" in legal(scenario, state)
    state2, events = run(scenario, state, "move r2 0502")
    assert where(state2, "r2") == "0502" and of_kind(events, "unit_moved")[0]["cost"] == "2"
    with pytest.raises(IllegalOrder):
        run(scenario, state, "move r2 0403 0404")  # 1 + 1 > 1: only the first hex is free


def test_5_0_each_unit_moves_once_and_never_into_an_enemy_or_off_the_map() -> None:
    scenario = load()
    state = position(scenario, {"r1": "0401", "b1": "0603"})
    state2, _ = run(scenario, state, "move r1 0402")
    with pytest.raises(IllegalOrder, match="moved already"):
        run(scenario, state2, "move r1 0403")
    with pytest.raises(IllegalOrder, match="off the map"):
        run(scenario, state, "move r1 0400")
    state3 = position(scenario, {"r1": "0502", "b1": "0503"})
    with pytest.raises(IllegalOrder) as exc:
        run(scenario, state3, "move r1 0503")
    assert exc.value.rule == "F&M 5.2"
    with pytest.raises(IllegalOrder, match="not next to"):
        run(scenario, state, "move r1 0402 0404")  # a path names every hex


def test_5_0_a_move_to_one_hex_not_next_to_the_unit_takes_the_cheapest_path() -> None:
    """`move UNIT HEX` beyond the next hex goes the way `reach` found, the same every time; an
    explicit path is kept as given, and a hex out of reach is refused as before."""
    scenario = load()
    state = position(scenario, {"r1": "0401", "b1": "0603"})
    cheapest = SYSTEM.move_order(scenario, state, "r1", ["0403"])
    assert cheapest is not None and len(cheapest.args) > 2
    _, events = run(scenario, state, "move r1 0403")
    assert events[0].kind == "unit_moved" and tuple(events[0]["path"]) == cheapest.args[1:]
    assert run(scenario, state, "move r1 0403")[1] == events  # ties broken the same way each time
    _, own = run(scenario, state, "move r1 0402 0403")
    assert own[0]["path"] == ["0402", "0403"]
    with pytest.raises(IllegalOrder,
                       match="r1 cannot reach 0406 this phase: no legal path with its 4 MP left"):
        run(scenario, state, "move r1 0406")  # out of reach: told so, not "0406 is not next to 0401"
    with pytest.raises(IllegalOrder, match="off the map"):
        run(scenario, state, "move r1 0408")


def test_5_0_only_the_active_side_moves_in_its_movement_phase() -> None:
    scenario = load()
    state = position(scenario, {"r1": "0401", "b1": "0603"})
    with pytest.raises(IllegalOrder, match="not a unit of the moving side"):
        run(scenario, state, "move b1 0602")
    combat = position(scenario, {"r1": "0401", "b1": "0603"}, phase="combat")
    with pytest.raises(IllegalOrder, match="movement phase"):
        run(scenario, combat, "move r1 0402")


def test_reinforcements_enter_on_their_turn_paying_the_entry_hex() -> None:
    scenario = load()
    early = position(scenario, {"r4": "reinforcements"}, turn=0)
    assert not any(o.startswith("enter") for o in legal(scenario, early))
    with pytest.raises(IllegalOrder, match="not due"):
        run(scenario, early, "enter r4 0101")
    state = position(scenario, {"r4": "reinforcements"}, turn=1)
    assert SYSTEM.reach(scenario, state, "r4")["0101"] == 1
    assert SYSTEM.reach(scenario, state, "r4")["0401"] == 2  # 1 to enter, then 3 x 1/3 on the track
    state2, events = run(scenario, state, "enter r4 0101 0201 0301 0401")
    assert where(state2, "r4") == "0401" and state2.units["r4"].spent == 2
    with pytest.raises(IllegalOrder, match="entry hex"):
        run(scenario, state, "enter r4 0104")


def test_5_0_the_listed_moves_are_the_cheapest_paths_and_all_legal() -> None:
    scenario = load()
    state = position(scenario)
    orders = SYSTEM.legal_orders(scenario, state)
    moves = [o for o in orders if o.verb == "move"]
    for order in moves:
        res = SYSTEM.resolve(scenario, state, order, Dice(0, 0))
        cost = Fraction(of_kind(list(res.events), "unit_moved")[0]["cost"])
        assert cost == SYSTEM.reach(scenario, state, order.args[0])[order.args[-1]]
    assert len({(o.args[0], o.args[-1]) for o in moves}) == len(moves)  # one per destination
    assert {(o.args[0], o.args[-1]) for o in moves} == {
        (uid, label) for uid in ("r1", "r2", "r3") for label in SYSTEM.reach(scenario, state, uid)}
    assert Order("end") in orders
