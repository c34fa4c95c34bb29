"""Foxhole R16.A-B (R7.A.1, R7.A.10, R7.A.13, R7.C.1.a): Air Drops and Amphibious Landings."""

from __future__ import annotations

import pytest

from tests.rules.foxhole.helpers import FixedDice, legal, load, position, run
from tui_wargame.model import Event, IllegalOrder, fold
from tui_wargame.rules.foxhole import SYSTEM, landings, transport
from tui_wargame.rules.foxhole.arith import Term
from tui_wargame.rules.foxhole.position import PINNED, Position
from tui_wargame.scenario_file import ScenarioError

SCENARIO = load()
ASHORE = load(edit={"[[rules.drops]]": "[[rules.unused_drops]]"})  # the landings alone
AT_NIGHT = load(edit={"[[rules.drops]]": "[[rules.unused_drops]]",
                      'target = "A-0506"': 'target = "A-0506"\nturn = "1nt"'})


def _at(scenario=SCENARIO, turn=0, events=(), **kw):
    return position(scenario, phase="transport", active="allied", turn=turn, events=events, **kw)


def _drop(state, faces, target="A-0303", scenario=SCENARIO):
    dice = FixedDice(faces)
    events = landings.drop(Position(scenario, state), "APA", target, dice)
    assert not dice.faces
    return fold(state, events), events


def test_r16_a_2a_a_low_roll_lands_on_target_at_zero_strength():
    state, events = _drop(_at(), [2])
    assert state.units["APA"].location == "A-0303" and state.units["APA"].steps == 1
    assert state.units["APA"].has(landings.ZERO)
    assert "on target" in SYSTEM.describe(SCENARIO, state, events[0])


def test_r16_a_2a_drift_picks_a_hex_of_the_ring_that_far_off():
    state, events = _drop(_at(), [3, 4])  # 3: one hex off; the fourth hex of the ring
    here = state.units["APA"].location
    assert SCENARIO.grid.distance(here, "A-0303") == 1 and events[0]["off"] == 1


def test_r16_a_2a_night_storm_and_fog_push_the_drop_off_the_map():
    weather = Event.of("value_set", key="weather", value={"atmosphere": "storm", "fog": True})
    state = _at(turn=2, events=[weather])  # Night +3, Storm +4, Fog +2: a 1 reads 10, four hexes off
    after, events = _drop(state, [1, 1], target="A-0104")
    assert events[0]["roll"] == 10 and events[0]["off"] == 4
    assert after.units["APA"].location == "eliminated" and events[0]["lost"] == "off the map"


def test_r16_a_2a_friendly_units_in_the_target_steady_the_drop():
    state, events = _drop(_at(at={"A1": "A-0303"}), [7])  # 7 - 5 = 2: on target
    assert events[0]["roll"] == 2 and state.units["APA"].location == "A-0303"


def test_r16_a_2a_a_glider_lands_on_an_airfield_on_target():
    scenario = load(edit={'traits = ["infantry", "parachute"]': 'traits = ["infantry", "air-landing"]'})
    state, events = _drop(_at(scenario), [], target="A-0904", scenario=scenario)
    assert state.units["APA"].location == "A-0904" and events[0]["off"] == 0


def test_r16_a_2b_an_air_dropped_unit_improves_twice_by_spending_mps():
    state, _ = _drop(_at(), [2])
    assert "improve APA" in legal(SCENARIO, state)
    state, events = run(SCENARIO, state, "improve APA", dice=[4])  # D5 2, less 1: 1 MP
    assert not state.units["APA"].has(landings.ZERO) and state.units["APA"].steps == 1
    state, events = run(SCENARIO, state, "improve APA", dice=[10])  # D5 5, less 1: 4 MPs of 4 left
    assert state.units["APA"].steps == 2 and events[0]["cost"] == 4
    assert "improve APA" not in legal(SCENARIO, state)


def test_r16_a_2b_enemies_make_improving_dearer_and_a_failure_is_final():
    state, _ = _drop(_at(at={"X1": "A-0403"}), [2])
    assert landings.improve_cost(Position(SCENARIO, state), "APA", 10) == 4 + 2  # next to an enemy
    state, events = run(SCENARIO, state, "improve APA", dice=[10])
    assert events[0]["ok"] is False and "improve APA" not in legal(SCENARIO, state)
    with pytest.raises(IllegalOrder) as err:
        run(SCENARIO, state, "improve APA", dice=[1])
    assert err.value.rule == "R16.A.2b"


def test_r16_a_2b_antiaircraft_and_terrain_add_to_the_cost():
    scenario = load(edit={'traits = ["antitank"]': 'traits = ["antitank", "heavy-aa"]'})
    state, _ = _drop(_at(scenario, at={"XAT": "A-0502"}), [2], scenario=scenario, target="A-0403")
    # D5 1/2 less 1 rounds to 0; Woods +1 against Barrages; Heavy AA three hexes away +1
    assert landings.improve_cost(Position(scenario, state), "APA", 1) == 2


def test_r16_a_2b_a_unit_still_at_zero_strength_is_eliminated_when_the_phase_ends():
    state, _ = _drop(_at(), [2])
    events = landings.finish(Position(SCENARIO, state))
    after = fold(state, events)
    assert after.units["APA"].location == "eliminated" and not after.units["APA"].has(landings.ZERO)
    failed = next(e for e in events if e.kind == "landing_failed")
    assert "R16.A.2b" in SYSTEM.describe(SCENARIO, after, failed)


def _land(state, faces, scenario=ASHORE):
    dice = FixedDice(faces)
    events = landings.land(Position(scenario, state), dice)
    assert not dice.faces
    return fold(state, events), events


def test_r16_b_2a_landings_come_ashore_on_target_or_along_the_shore():
    # the way: 3 (the first), Marines 1 (on target), the tank 4 (one hex off), its D5 2 (1: no effect)
    state, events = _land(_at(ASHORE), [3, 1, 4, 2])
    assert state.units["AMA"].location == "A-0506" and state.units["AAT"].location == "A-0405"
    assert state.units["AAT"].steps == 2 and not state.units["AAT"].has(PINNED)


def test_r16_b_2a_the_other_way_along_the_shore():
    state, _ = _land(_at(ASHORE), [8, 6, 8, 2])  # the second way; 6 and 8: two and three hexes off
    assert state.units["AMA"].location == "A-0705" and state.units["AAT"].location == "A-0805"


def test_r16_b_2c_a_motorized_unit_rolls_on_the_d5_table():
    state, events = _land(_at(ASHORE), [3, 1, 1, 8])  # the tank's D5 4: Pinned
    assert state.units["AAT"].has(PINNED)
    state, _ = _land(_at(AT_NIGHT, turn=2), [3, 1, 1, 10], AT_NIGHT)  # D5 5 at Night (+1): 6, Reduced
    assert state.units["AAT"].steps == 1


def test_r16_b_2c_r7_a_10_landed_companies_fight_at_half_marines_at_less_one():
    state, _ = _land(_at(ASHORE), [3, 1, 1, 2])
    pos = Position(ASHORE, state)
    assert landings.landing_terms(pos, "AMA") == [Term("landed (Marine)", "R7.A.10", add=-1)]
    moved = fold(state, [Event.of("unit_placed", unit="AMA", to="A-0505")])
    assert landings.landing_terms(Position(ASHORE, moved), "AMA") == []
    later = fold(moved, landings.land(Position(ASHORE, moved), FixedDice([])))  # the next Transport Phase
    back = fold(later, [Event.of("unit_placed", unit="AMA", to="A-0506")])
    assert landings.landing_terms(Position(ASHORE, back), "AMA") == []  # left once: gone for good


def test_r16_b_2b_a_unit_landing_on_enemies_must_assault_them():
    state, _ = _land(_at(ASHORE, at={"X1": "A-0506"}), [3, 1, 1, 2])
    assert state.units["AMA"].has(landings.ON_ENEMY)


def test_r16_a_b_drops_and_landings_come_down_when_the_transport_phase_begins():
    state = _at()
    events = transport.begin(Position(SCENARIO, state), FixedDice([2, 3, 1, 1, 2]))
    after = fold(state, events)
    assert {after.units[u].location for u in ("APA", "AMA", "AAT")} == {"A-0303", "A-0506"}
    assert "improve APA" in legal(SCENARIO, after)


def test_r16_b_1_only_units_that_may_land_are_in_the_landings():
    with pytest.raises(ScenarioError) as err:
        load(edit={'traits = ["hard", "amphibious"]': 'traits = ["hard"]'})
    assert "rules.landings[0].units: AAT may not land" in str(err.value)
    load(edit={'traits = ["hard", "amphibious"]': 'traits = ["hard"]',
               'units = ["AMA", "AAT"]': 'units = ["AMA", "AAT"]\nlvts = 1'})
    with pytest.raises(ScenarioError) as err:
        load(edit={'units = ["APA"]': 'units = ["AMA"]'})
    assert "rules.drops[0].units: AMA has neither" in str(err.value)


def _windy(strength, direction="N", options=None, turn=0):
    weather = Event.of("value_set", key="weather", value={"wind": strength, "direction": direction})
    return _at(turn=turn, events=[weather], options=options)


def test_r16_a_2a_a_breeze_drifts_the_drop_downwind_a_gale_straight_downwind():
    cells = lambda state: landings.leeward(Position(SCENARIO, state), "A-0303",  # noqa: E731
                                           landings.ring(SCENARIO.grid.parse("A-0303"), 2))
    assert len(cells(_windy("calm"))) == 12
    breeze, gale = cells(_windy("breeze", "S")), cells(_windy("gale", "S"))
    assert len(gale) < len(breeze) < 12 and set(gale) <= set(breeze)
    state, events = _drop(_windy("gale", "S"), [5, 1])  # two hexes off, the first hex due south
    first_step = SCENARIO.grid.line("A-0303", events[1]["to"])[1]
    assert SCENARIO.grid.direction_name("A-0303", first_step) in ("S", "SE", "SW")


def test_r16_a_2a_wind_modifies_the_drop_only_with_the_optional_wind_rules():
    plain = Position(SCENARIO, _windy("gale"))
    windy = Position(SCENARIO, _windy("gale", options={"environment": "on"}))
    assert landings._drop_modifier(plain, "APA", "A-0303") == 0
    assert landings._drop_modifier(windy, "APA", "A-0303") == 3


def test_r16_b_2c_a_gale_makes_a_motorized_landing_worse_with_the_wind_rules():
    weather = Event.of("value_set", key="weather", value={"wind": "gale", "direction": "N"})
    state = _at(ASHORE, events=[weather], options={"environment": "on"})
    after, events = _land(state, [3, 1, 1, 2])  # the tank's D5 1 + Gale 3: 4, Pinned
    assert after.units["AAT"].has(PINNED)


def _briefed(*orders):
    state = position(SCENARIO, phase="dawn-briefing", active="allied")
    state, _ = run(SCENARIO, state, *orders)
    return state


def _then(briefed, turn=0, faces=()):
    from tui_wargame.rules.foxhole import dawn

    plan = dawn.plain(briefed.values["dawn.plan.allied"])
    state = _at(turn=turn, events=[Event.of("value_set", key="dawn.plan.allied", value=plan)])
    dice = FixedDice(list(faces))
    after = fold(state, landings.land(Position(SCENARIO, state), dice))
    assert not dice.faces
    return after


def test_r16_a_r3_b_3b_the_player_writes_down_where_his_units_drop_and_land():
    briefed = _briefed("aim APA A-0404", "aim AMA A-0305")
    assert "aim APA A-0404" in legal(SCENARIO, position(SCENARIO, phase="dawn-briefing", active="allied"))
    after = _then(briefed, faces=[2, 3, 1, 1, 2])
    assert after.units["APA"].location == "A-0404" and after.units["AMA"].location == "A-0305"


def test_r16_b_a_landing_is_aimed_at_the_shore():
    with pytest.raises(IllegalOrder) as err:
        _briefed("aim AMA A-0303")
    assert err.value.rule == "R16.B"


def test_r16_a_1_an_air_sortie_drops_supplies_instead_of_its_barrage():
    briefed = _briefed("aim APA A-0404", "airlift jabo mixed A-0303")
    from tui_wargame.rules.foxhole import dawn

    assert "jabo" not in dawn.plan(Position(SCENARIO, briefed), "allied")["sorties"]
    # the drop, the landings, then the airlift's two loads: on target (1), one hex off (3, fifth hex)
    after = _then(briefed, faces=[2, 3, 1, 1, 2, 1, 3, 5])
    assert after.marker("A-0303", "supply-points", "allied").value == 5
    rafts = [p for p, ms in after.markers.items() if any(m.kind == "rafts" for m in ms)]
    assert len(rafts) == 1 and SCENARIO.grid.distance(rafts[0], "A-0303") == 1


def test_r16_a_1_r8_c_4_a_storm_grounds_the_airlift_with_its_sortie():
    from tui_wargame.rules.foxhole import dawn

    briefed = _briefed("aim APA A-0404", "airlift jabo mixed A-0303")
    plan = Event.of("value_set", key="dawn.plan.allied", value=dawn.plain(briefed.values["dawn.plan.allied"]))
    for atmosphere, grounded in (("storm", True), ("precipitation", False)):
        state = _at(events=[plan, Event.of("value_set", key="weather", value={"atmosphere": atmosphere})])
        events = landings.land(Position(SCENARIO, state), FixedDice([1] * 12))
        assert [e["sortie"] for e in events if e.kind == "sortie_grounded"] == (["jabo"] if grounded else [])
        assert ([e["load"] for e in events if e.kind == "airlift"]
                == ([] if grounded else ["supply-points", "rafts"]))
        assert any(e.kind == "unit_placed" and e["unit"] == "APA" for e in events)  # the drop goes ahead


def test_r16_b_2_a_landed_unit_moves_on_half_its_mps_that_turn_none_beside_enemies():
    state, _ = _land(_at(ASHORE, at={"X1": "A-0405"}), [3, 1, 1, 2])  # the tank comes ashore next to X1
    pos = Position(ASHORE, fold(state, [Event.of("phase_began", turn=0, phase="activities-movement",
                                                 side="allied")]))
    assert landings.landing_mp_terms(pos, "AMA")[0].times == 0  # X1 is next to A-0506 too
    quiet, _ = _land(_at(ASHORE), [3, 1, 1, 2])
    assert landings.landing_mp_terms(Position(ASHORE, quiet), "AAT") == [Term("just landed", "R16.B.2",
                                                                              steps=-1)]
    later = fold(quiet, [Event.of("phase_began", turn=1, phase="activities-movement", side="allied")])
    assert landings.landing_mp_terms(Position(ASHORE, later), "AAT") == []


def _breeze(direction, strength="breeze"):
    weather = Event.of("value_set", key="weather", value={"wind": strength, "direction": direction})
    return _at(ASHORE, events=[weather], options={"environment": "on"})


def test_r16_b_2a_with_the_wind_rules_landings_drift_leeward_or_windward_along_the_shore():
    # a Breeze blowing north-west along the shore: A-0405 is leeward of the target, A-0605 windward
    state, events = _land(_breeze("NW"), [3, 8, 1, 2])  # the Marines 8: 1 leeward; the tank 1: 2 windward
    assert state.units["AMA"].location == "A-0405" and state.units["AAT"].location == "A-0705"


def test_r16_b_2a_a_gale_adds_three_and_a_wind_across_the_shore_uses_the_standard_table():
    state, _ = _land(_breeze("NW", "gale"), [3, 5, 4, 1])  # 5 + 3: 1 leeward; 4 + 3: on target; D5 1/2 + 3
    assert state.units["AMA"].location == "A-0405" and state.units["AAT"].location == "A-0506"
    across, _ = _land(_breeze("N"), [3, 4, 1, 2])  # the wind blows off the shore: 4 is one hex off, first way
    assert across.units["AMA"].location == "A-0405" and across.units["AAT"].location == "A-0506"


def test_r16_a_a_drop_aims_at_land():
    with pytest.raises(ScenarioError) as err:
        load(edit={'target = "A-0303"': 'target = "A-0307"'})
    assert "rules.drops[0].target: A-0307 is water" in str(err.value)


def test_r16_b_1_d_an_lvt_landing_with_them_carries_one_motorized_unit():
    lvt = ('[[unit]]\nid = "ALV"\nname = "LVT Platoon"\nside = "allied"\nkind = "vehicle"\n'
           'traits = ["lvt"]\nstart = "reinforcements"\nfactors = [{ defence = 2, mp = 6 }]\n\n'
           '[[unit]]\nid = "AR1"')
    edit = {'traits = ["hard", "amphibious"]': 'traits = ["hard"]', '[[unit]]\nid = "AR1"': lvt}
    with pytest.raises(ScenarioError):
        load(edit=edit)
    load(edit={**edit, 'units = ["AMA", "AAT"]': 'units = ["AMA", "AAT", "ALV"]'})


def test_r16_b_2b_the_obligation_to_assault_lasts_the_landing_player_turn():
    state, _ = _land(_at(ASHORE, at={"X1": "A-0506"}), [3, 1, 1, 2])
    next_turn = fold(state, [Event.of("phase_began", turn=1, phase="transport", side="allied")])
    after = fold(next_turn, landings.land(Position(ASHORE, next_turn), FixedDice([])))
    assert not after.units["AMA"].has(landings.ON_ENEMY)


def test_r25_c_3_an_arctic_winter_morning_is_a_night_turn_for_the_drop_table():
    state, events = _drop(_at(options={"arctic": "on"}), [2, 1])  # 2 +3 for Night: two hexes off
    assert events[0]["roll"] == 5 and events[0]["off"] == 2


def test_r25_c_3_an_arctic_winter_morning_is_a_night_turn_for_the_landing_tables():
    state, _ = _land(_at(ASHORE, options={"arctic": "on"}), [3, 1, 1, 8])  # the tank's D5 4 +1: Reduced
    assert state.units["AAT"].location == "A-0506" and state.units["AAT"].steps == 1


def test_r16_a_2a_r16_b_2a_a_drop_and_a_landing_each_cite_their_own_table():
    state, events = _drop(_at(), [2])
    assert SYSTEM.describe(SCENARIO, state, events[0]).endswith("on target; R16.A.2a)")
    state, events = _land(_at(ASHORE), [3, 1, 4, 2])
    said = SYSTEM.describe(ASHORE, state, next(e for e in events if e.kind == "landing"))
    assert "comes ashore" in said and said.endswith("R16.B.2a)") and "R16.A.2a" not in said


def test_r16_a_2b_a_failed_attempt_says_the_unit_may_not_try_again_and_will_be_eliminated():
    state, _ = _drop(_at(at={"X1": "A-0403"}), [2])
    state, events = run(SCENARIO, state, "improve APA", dice=[10])  # 6 MPs needed, 5 left
    said = SYSTEM.describe(SCENARIO, state, events[0])
    assert "may not try again" in said and "eliminated when the phase ends" in said
