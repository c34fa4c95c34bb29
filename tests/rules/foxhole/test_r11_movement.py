"""Foxhole R11 (movement) with the R7 movers, R8.D and R9.A-B as they touch a move."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.rules.foxhole.helpers import legal, load, position, run
from tui_wargame.model import Event, IllegalOrder, Order
from tui_wargame.rules.foxhole import SYSTEM, movement
from tui_wargame.rules.foxhole.position import AMBUSHED, EXHAUSTED, FATIGUED, MOVED, PINNED, Position

SCENARIO = load()
SM, MM, AM = "supply-movement", "motorized-movement", "activities-movement"
NIGHT = 2  # "1nt"


def weather(**facts: object) -> list[Event]:
    return [Event.of("value_set", key="weather", value=dict(facts))]


def pos_at(scenario=SCENARIO, phase=SM, active="allied", **kw) -> Position:
    return Position(scenario, position(scenario, phase=phase, active=active, **kw))


def test_r11_a_chart_2_costs_clear_one_woods_two_buildings_two():
    pos = pos_at()
    assert movement.step_cost(pos, "A2", "A-0402", "A-0303", False) == 1
    assert movement.step_cost(pos, "A2", "A-0402", "A-0403", False) == 2
    assert movement.step_cost(pos, "A2", "A-0402", "A-0503", False) == 2


def test_r11_a_1_motorized_pay_double_in_d_hexes():
    pos = pos_at()
    assert movement.step_cost(pos, "AT1", "A-0402", "A-0403", False) == 4
    assert movement.step_cost(pos, "AT1", "A-0402", "A-0303", False) == 1


def test_r11_a_4_prohibited_sea_and_flooded_area_for_motorized():
    pos = pos_at()
    assert movement.step_cost(pos, "A2", "A-0505", "A-0406", False) is None  # Shallow Sea
    assert movement.step_cost(pos, "A2", "A-0505", "A-0405", False) == 3
    assert movement.step_cost(pos, "AT1", "A-0505", "A-0405", False) is None


def test_r11_a_3_hexsides_add_their_cost_and_gully_more_for_motorized():
    pos = pos_at()
    assert movement.step_cost(pos, "A2", "A-0402", "A-0302", False) == 2
    assert movement.step_cost(pos, "AT1", "A-0402", "A-0302", False) == 3


def test_r11_c_along_a_line_its_own_cost():
    pos = pos_at()
    assert movement.step_cost(pos, "A2", "A-0504", "A-0505", True) == Fraction(1, 3)
    assert movement.step_cost(pos, "A2", "A-0503", "A-0504", True) == Fraction(1, 2)
    assert movement.step_cost(pos, "A2", "A-0402", "A-0303", True) is None  # no line there


def test_r8_d_2_wet_adds_one_to_a_hex_and_a_half_to_a_road():
    pos = pos_at(events=weather(ground="wet"))
    assert movement.step_cost(pos, "A2", "A-0402", "A-0303", False) == 2
    assert movement.step_cost(pos, "A2", "A-0503", "A-0504", True) == 1
    assert movement.step_cost(pos, "A2", "A-0504", "A-0505", True) == Fraction(1, 3)


def test_r9_b_night_doubles_hexes_not_lines_and_hexsides_cost_one_more():
    pos = pos_at(turn=NIGHT)
    assert movement.step_cost(pos, "A2", "A-0402", "A-0303", False) == 2
    assert movement.step_cost(pos, "A2", "A-0504", "A-0505", True) == Fraction(1, 3)
    assert movement.step_cost(pos, "A2", "A-0402", "A-0302", False) == 4  # 1 x2, gully +1, +1 at Night
    # R2.F: Motorized in Woods at Night is doubled twice: x3, not x4
    assert movement.step_cost(pos, "AT1", "A-0402", "A-0403", False) == 6


def test_r8_d_6_frozen_ground_makes_water_clear_and_ignores_water_hexsides():
    pos = pos_at(events=weather(ground="frost", frozen=True))
    assert movement.step_cost(pos, "A2", "A-0505", "A-0406", False) == 1
    assert movement.step_cost(pos, "A2", "A-0402", "A-0302", False) == 1


def test_r8_c_3_r5_b_movement_points_precipitation_fatigue_exhaustion():
    pos = pos_at(events=weather(atmosphere="precipitation"), flags={"A2": [FATIGUED], "A1": [EXHAUSTED]})
    assert movement.mp_of(pos, "A2") == 2  # 4 - 1 - 1
    assert movement.mp_of(pos, "A1") == Fraction(3, 2)  # (4 - 1) / 2
    assert movement.mp_of(pos, "AE") == 3


def test_r7_a_8_light_infantry_pay_one_less_in_woods():
    scenario = load(edit={'traits = ["engineer-combat"]': 'traits = ["engineer-combat", "light-infantry"]'})
    pos = pos_at(scenario)
    assert movement.step_cost(pos, "AE", "A-0402", "A-0403", False) == 1
    assert movement.step_cost(pos, "AE", "A-0402", "A-0503", False) == 2


def test_r7_a_12_mountain_cross_cliffs_as_embankments_without_the_penalty():
    scenario = load(edit={'traits = ["engineer-combat"]': 'traits = ["engineer-combat", "mountain"]'})
    pos = pos_at(scenario)
    assert movement.step_cost(pos, "A2", "B-0704", "B-0803", False) is None
    assert movement.step_cost(pos, "AE", "B-0704", "B-0803", False) == 1
    assert movement.step_cost(pos, "AE", "A-0602", "A-0702", False) == 1


def test_r11_a_a_unit_stops_on_moving_next_to_an_enemy():
    pos = pos_at(at={"A2": "A-0602"})
    reach = movement.reach(pos, "A2")
    assert reach["A-0501"] == (Fraction(3, 2), ("A-0502", "A-0501"))  # next to X1 in B-0307
    assert all("A-0501" not in path[:-1] for _, path in reach.values())
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, pos.state, "move A2 A-0502 A-0501 B-0507")
    assert exc.value.rule == "R11.A"


def test_r11_c_a_unit_may_not_stop_mid_line_without_a_reason():
    reach = movement.reach(pos_at(at={"AMC": "A-0504", "AHQ": "A-0404"}), "AMC")
    assert reach["A-0503"] == (4, ("A-0503",))  # along the road 1/2, but no stop there: Buildings 2D
    assert reach["A-0505"] == (1, ("A-0505",))  # the highway goes on: Clear instead
    assert reach["A-0506"] == (Fraction(2, 3), ("A-0505", "A-0506"))  # the highway ends
    assert reach["A-0502"] == (1, ("A-0503", "A-0502"))  # a friendly unit (AE) is there


def test_r11_a_2_motorized_pin_keeps_the_unit_where_it_was():
    state = position(SCENARIO, phase=MM, active="allied", at={"AT1": "A-0403"})
    state, events = run(SCENARIO, state, "move AT1 A-0402", dice=[2])
    assert state.units["AT1"].location == "A-0403" and state.units["AT1"].has(PINNED)
    roll = next(e for e in events if e.kind == "pin_roll")
    assert roll["chance"] == 2 and roll["pinned"]
    assert "Pinned" in SYSTEM.describe(SCENARIO, state, roll)


def test_r11_a_2_no_pin_and_the_move_is_made():
    state = position(SCENARIO, phase=MM, active="allied", at={"AT1": "A-0403"})
    state, events = run(SCENARIO, state, "move AT1 A-0402", dice=[3])
    assert state.units["AT1"].location == "A-0402" and state.units["AT1"].has(MOVED)
    assert next(e for e in events if e.kind == "unit_moved")["cost"] == 1


def test_r8_d_2_wet_gives_every_hex_a_pin_chance_but_not_highways():
    pos = pos_at(events=weather(ground="wet"))
    assert movement.pin_chances(pos, "AT1", "A-0402", "A-0303", False) == [("leaving Clear A-0402", 1)]
    assert movement.pin_chances(pos, "AT1", "A-0504", "A-0505", True) == []
    assert movement.pin_chances(pos, "AT1", "A-0503", "A-0504", True)[0][1] == 1
    assert movement.pin_chances(pos, "AT1", "A-0503", "A-0504", True, road_rolls=False) == []


def test_r11_a_2_b_the_pin_of_a_step_into_an_ambush_is_ignored():
    at = {"AT1": "A-0502", "AE": "A-0402", "A2": "A-0302"}
    state = position(SCENARIO, phase=MM, active="allied", at=at, events=weather(ground="wet"))
    state, events = run(SCENARIO, state, "move AT1 A-0501")  # no die: the Road's Wet Pin is not rolled
    assert state.units["AT1"].location == "A-0501" and state.units["AT1"].has(AMBUSHED)
    assert not any(e.kind == "pin_roll" for e in events)
    clear = position(SCENARIO, phase=MM, active="allied", at={"AT1": "A-0502"}, events=weather(ground="wet"))
    _, events = run(SCENARIO, clear, "move AT1 A-0501", dice=[5])  # no Ambush ahead: rolled
    assert next(e for e in events if e.kind == "pin_roll")["chance"] == 1


def test_r11_c_police_or_security_may_stop_along_a_line_at_supply_points_with_refugees():
    security = 'traits = ["infantry", "security"]\nstart = "A-0501"'
    railroad = 'kind = "railroad"\nhexes = ["A-0504"'  # refugees close no Railroad (R25.C.2.b)
    police = load(edit={'traits = ["infantry"]\nstart = "A-0501"': security,
                        'kind = "road"\nhexes = ["A-0504"': railroad})
    marks = [Event.of("marker_placed", place="A-0502", marker=kind) for kind in ("refugees", "supply-points")]
    on = pos_at(police, events=marks, options={"refugees": "on"}, at={"AE": "A-0303"})
    cost_of = movement.coster(on, "A2")
    assert movement._other_stop(on, "A2", "A-0503", "A-0502", Fraction(9), cost_of)
    assert not movement._other_stop(on, "A1", "A-0503", "A-0502", Fraction(9), movement.coster(on, "A1"))
    off = pos_at(police, events=marks, at={"AE": "A-0303"})  # the optional Refugees rule not in play
    assert not movement._other_stop(off, "A2", "A-0503", "A-0502", Fraction(9), movement.coster(off, "A2"))


def test_r7_a_2_bicycles_never_pin_leaving_a_hex():
    scenario = load(edit={'traits = ["infantry", "mounted"]': 'traits = ["infantry", "bicycle"]'})
    pos = pos_at(scenario, events=weather(ground="wet"))
    assert movement.pin_chances(pos, "AMC", "A-0403", "A-0402", False) == []
    assert movement.pin_chances(pos, "AT1", "A-0403", "A-0402", False)[0][1] == 3


def test_r11_c_2_ending_along_a_line_next_to_an_enemy_is_an_ambush():
    state = position(SCENARIO, phase=SM, active="allied", at={"A2": "A-0503", "AE": "A-0402", "A1": "A-0302"})
    state, _ = run(SCENARIO, state, "move A2 A-0502 A-0501")
    assert state.units["A2"].has(AMBUSHED)


def test_r11_c_2_no_ambush_where_a_friendly_unit_gave_a_reason_to_stop():
    at = {"A2": "A-0503", "AE": "A-0501", "A1": "A-0302"}
    state = position(SCENARIO, phase=SM, active="allied", at=at)
    state, events = run(SCENARIO, state, "move A2 A-0502 A-0501")
    assert state.units["A2"].location == "A-0501" and not state.units["A2"].has(AMBUSHED)


def test_r7_c_3_recon_vehicles_are_not_ambushed():
    scenario = load(edit={'traits = ["hard"]': 'traits = ["hard", "recon"]'})
    at = {"AT1": "A-0503", "AE": "A-0402", "A2": "A-0302"}
    state = position(scenario, phase=MM, active="allied", at=at)
    state, _ = run(scenario, state, "move AT1 A-0502 A-0501")
    assert state.units["AT1"].location == "A-0501" and not state.units["AT1"].has(AMBUSHED)


COMMANDO = {'traits = ["infantry"]\nstart = "A-0501"': 'traits = ["infantry", "commando"]\nstart = "A-0501"'}


def test_r7_a_4_commando_goes_on_past_an_enemy_when_it_rolls_under_its_experience():
    scenario = load(edit=COMMANDO)
    state = position(scenario, phase=SM, active="allied", at={"A2": "A-0402", "A1": "A-0302", "AE": "A-0303"})
    after, events = run(scenario, state, "move A2 A-0401 A-0501", dice=[1])  # 1 + 6 - 0 = 7, not < 5
    assert after.units["A2"].location == "A-0401"
    assert next(e for e in events if e.kind == "commando_roll")["ok"] is False
    veteran = load(edit={**COMMANDO, "soft = 4, mp = 4 }": "soft = 4, mp = 4, experience = 8 }"})
    state = position(veteran, phase=SM, active="allied", at={"A2": "A-0402", "A1": "A-0302", "AE": "A-0303"})
    after, events = run(veteran, state, "move A2 A-0401 A-0501", dice=[1])  # 7 < 8
    assert after.units["A2"].location == "A-0501" and after.units["A2"].spent == 3  # 1 + 1 to go on + 1
    assert "goes on" in SYSTEM.describe(veteran, after, events[0])


def test_r7_a_4_r25_c_3_commando_subtracts_three_in_an_arctic_winter_morning_not_a_summer_night():
    from tests.rules.foxhole.helpers import FixedDice

    winter = load(edit=COMMANDO)
    morning = pos_at(winter, turn=3, options={"arctic": "on"})  # "2am": dark in an Arctic winter
    ok, report = movement._commando_roll(morning, "A2", "A-0401", FixedDice([1]))
    assert report["total"] == 4 and ok  # 1 + 6 - 0 - 3 < 5
    summer = load(edit={**COMMANDO, 'arctic = "winter"': 'arctic = "summer"'})
    night = pos_at(summer, turn=NIGHT, options={"arctic": "on", "night-turns": "on"})
    ok, report = movement._commando_roll(night, "A2", "A-0401", FixedDice([1]))
    assert report["total"] == 7 and not ok  # the summer's twilight: no Night penalty


def test_r7_a_6_headquarters_move_only_in_the_supply_movement_phase():
    pos = pos_at(phase=AM)
    refusal = movement.may_move(pos, "AHQ")
    assert refusal is not None and refusal.rule == "R7.A.6"
    assert movement.may_move(pos_at(), "AHQ") is None


def test_r11_b_a_unit_moves_once_a_phase():
    state = position(SCENARIO, phase=SM, active="allied", at={"A2": "A-0402"})
    state, _ = run(SCENARIO, state, "move A2 A-0303")
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, state, "move A2 A-0304")
    assert "R17.A" in str(exc.value) or "R11.B" in str(exc.value)


def test_r11_a_refuses_a_path_it_cannot_afford_and_names_the_rule():
    state = position(SCENARIO, phase=SM, active="allied", at={"A2": "A-0402"})
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, state, "move A2 A-0403 A-0404 A-0405")
    assert exc.value.rule == "R11.A"


def test_r9_a_moving_at_night_fatigues_first_and_costs_the_mp():
    options = {"night-turns": "on"}
    state = position(SCENARIO, phase=SM, active="allied", turn=NIGHT, at={"A2": "A-0402"}, options=options)
    pos = Position(SCENARIO, state)
    assert max(c for c, _ in movement.reach(movement.acting(pos, "A2"), "A2").values()) <= 3
    state, _ = run(SCENARIO, state, "move A2 A-0303")
    assert state.units["A2"].has(FATIGUED)


def test_r9_a_a_fatigued_unit_at_night_would_be_exhausted_so_it_may_not_move():
    state = position(SCENARIO, phase=SM, active="allied", turn=NIGHT, flags={"A2": [FATIGUED]})
    assert not [o for o in legal(SCENARIO, state) if o.startswith("move A2 ")]


def test_r8_d_4_frost_fatigues_the_units_that_moved_when_the_phase_ends():
    state = position(SCENARIO, phase=SM, active="allied", at={"A2": "A-0402"}, events=weather(ground="frost"))
    state, _ = run(SCENARIO, state, "move A2 A-0303")
    pos = Position(SCENARIO, state)
    assert [e["unit"] for e in movement.frost_fatigue(pos)] == ["A2"]


def test_r11_explain_gives_each_step_and_the_total():
    pos = pos_at(at={"AT1": "A-0403"})
    explained = SYSTEM.explain(SCENARIO, pos.state, Order.parse("move AT1 A-0402"))
    assert explained.summary == "move AT1 to A-0402 for 1 MP"
    assert any("Pin chance" in ln.text for ln in explained.lines)
    refused = SYSTEM.explain(SCENARIO, pos.state, Order.parse("move AT1 A-0406"))
    assert refused.rule == "R11.A"


def test_r11_d_1_an_engineer_removes_foxholes_for_two_mps_another_company_for_three():
    scenario = load(edit={'kind = "foxholes"\nside = "axis"': 'kind = "foxholes"\nside = "axis"\n\n'
                          '[[rules.markers]]\nplace = "A-0402"\nkind = "foxholes"\nside = "axis"'})
    state = position(scenario, phase=SM, active="allied", at={"AE": "A-0402", "A2": "A-0402"})
    orders = legal(scenario, state)
    assert "remove AE foxholes" in orders and "remove A2 foxholes" in orders
    after, _ = run(scenario, state, "remove AE foxholes")
    assert after.marker("A-0402", "foxholes") is None and after.units["AE"].spent == 2
    assert not [o for o in legal(scenario, after) if o.startswith("move AE ")]  # R11.B


def test_r11_d_4_a_combat_engineer_lifts_one_level_of_mines_for_five_mps():
    at = {"AE": "B-0506", "XAT": "B-0202"}
    short = position(load(), phase=SM, active="allied", at=at)
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, short, "remove AE mines")  # 4 MPs
    assert exc.value.rule == "R11.D.4"
    scenario = load(edit={'kind = "mines"\nvalue = 1': 'kind = "mines"\nvalue = 2',
                          "heavy = 2, soft = 3, mp = 4 }": "heavy = 2, soft = 3, mp = 6 }"})
    state = position(scenario, phase=SM, active="allied", at=at)
    assert "remove AE mines" in legal(scenario, state) and "remove A2 mines" not in legal(scenario, state)
    after, _ = run(scenario, state, "remove AE mines")
    assert after.marker("B-0506", "mines").value == 1 and after.units["AE"].spent == 5


def test_r8_d_5_snow_adds_its_own_mp_and_makes_ski_companies_motorized():
    scenario = load(edit={'traits = ["engineer-combat"]': 'traits = ["engineer-combat", "ski"]'})
    pos = pos_at(scenario, events=weather(ground="snow"))
    assert movement.step_cost(pos, "A2", "A-0402", "A-0303", False) == 3  # 1, Wet +1, Snow +1
    assert movement.motorized(pos, "AE") and not movement.motorized(pos_at(scenario), "AE")
    assert movement.pin_chances(pos, "AE", "A-0403", "A-0402", False) == []  # R7.A.19


def test_r8_d_3_flooding_makes_a_ford_a_small_river():
    away = {"XAG": "B-0202"}
    assert movement.step_cost(pos_at(at=away), "A2", "A-0601", "B-0507", False) == 2
    flooded = pos_at(at=away, events=weather(ground="flooding"))
    assert movement.step_cost(flooded, "A2", "A-0601", "B-0507", False) is None


def test_r11_d_5_a_bridge_marker_next_door_comes_off_for_two_engineer_mps():
    bridge = Event.of("marker_placed", place="A-0403", marker="bridge-vehicle", id="b1")
    state = position(SCENARIO, phase=SM, active="allied", at={"AE": "A-0402"}, events=[bridge])
    assert "remove AE bridge-vehicle A-0403" in legal(SCENARIO, state)
    after, _ = run(SCENARIO, state, "remove AE bridge-vehicle A-0403")
    assert "A-0403" not in after.markers and after.units["AE"].spent == 2


def test_r8_d_2_explain_tells_the_road_pins_the_move_rolls_every_second_step():
    """R8.D.2: on a Road in Wet the Pin is rolled on the first Road step and every second one after;
    the explanation lists the chances the move will roll, not one per Road step."""
    state = position(SCENARIO, phase=MM, active="allied", at={"AT1": "A-0501"}, events=weather(ground="wet"))
    pos = Position(SCENARIO, state)
    told = movement.explain_move(pos, Order.parse("move AT1 A-0502 A-0503 A-0504"))
    assert [line.text for line in told.lines if "Pin chance" in line.text] == [
        "  Pin chance leaving A-0501 along the Road in Wet: 1 in 10",
        "  Pin chance leaving A-0503 along the Road in Wet: 1 in 10"]
    _, events = run(SCENARIO, state, "move AT1 A-0502 A-0503 A-0504", dice=[5, 5])
    assert [e["hex"] for e in events if e.kind == "pin_roll"] == ["A-0501", "A-0503"]  # as rolled
