"""Foxhole R6: Companies, Batteries and Vehicle platoons, their Cadre sides, Mounted and
Motorized units."""

from __future__ import annotations

from tests.rules.foxhole.helpers import load, position
from tests.rules.foxhole.test_r05_counters import unit
from tui_wargame.model import fold
from tui_wargame.rules.foxhole import counters, effects
from tui_wargame.rules.foxhole.position import Position

SCENARIO = load()


def test_r6_a_a_unit_is_a_company_battery_or_vehicle():
    assert {u.kind for u in SCENARIO.units} == set(counters.KINDS)
    assert any("not a Foxhole unit type" in p for p in counters.problems(unit("platoon")))


def test_r6_a_a_counter_has_a_full_and_a_cadre_side():
    spec = unit("company", "infantry")
    three = type(spec)(spec.id, spec.name, spec.side, spec.kind, spec.factors * 2, spec.start)
    assert any("Cadre side" in p for p in counters.problems(three))


def test_r6_a_the_cadre_side_shows_its_own_values():
    state = position(SCENARIO, phase="combat", active="allied", steps={"AT1": 1})
    pos = Position(SCENARIO, state)
    assert (pos.value("AT1", "defence"), pos.value("AT1", "hard")) == (4, 3)
    assert (pos.value("A1", "defence"), pos.value("A1", "soft")) == (3, 4)


def test_r6_a_flipped_twice_is_removed():
    state = position(SCENARIO, phase="combat", active="allied")
    for _ in range(2):
        state = fold(state, effects.reduce(Position(SCENARIO, state), "AT1"))
    assert state.units["AT1"].location == counters.ELIMINATED


def test_r6_a_2_battery_layout_hard_soft_and_smoke():
    spec = SCENARIO.unit["XAT"]
    assert (counters.value(spec, 2, "hard"), counters.value(spec, 2, "soft")) == (4, 1)
    assert counters.kind_of(spec) == counters.BATTERY


def test_r6_a_4_mounted_companies_and_batteries_not_vehicles():
    assert counters.is_mounted(SCENARIO.unit["AMC"]) and not counters.is_mounted(SCENARIO.unit["A1"])
    gun = {"defence": 2, "hard": 3, "soft": 1, "mp": 8}
    assert counters.is_mounted(unit("battery", "antitank", "mounted", full=gun))
    assert any("R6.A.4" in p for p in counters.problems(unit("vehicle", "hard", "mounted")))


def test_r6_a_5_motorized_is_vehicles_and_mounted_units():
    assert all(counters.is_motorized(SCENARIO.unit[u]) for u in ("AMC", "AT1", "XV"))
    assert not any(counters.is_motorized(SCENARIO.unit[u]) for u in ("A1", "AMO", "AART", "XHQ"))
