"""Foxhole R7: the catalogue of special unit types, what each may be, and the predicates the
phases ask."""

from __future__ import annotations

import pytest

from tests.rules.foxhole.helpers import load, position
from tests.rules.foxhole.test_r05_counters import unit
from tui_wargame.model import fold
from tui_wargame.rules.foxhole import counters, effects, firepower, participants
from tui_wargame.rules.foxhole.position import PINNED, Position

SCENARIO = load()
FULL = {
    "company": {"defence": 3, "heavy": 1, "soft": 4, "mp": 4},
    "battery": {"defence": 2, "hard": 2, "soft": 4, "mp": 2},
    "vehicle": {"defence": 5, "hard": 3, "soft": 3, "mp": 8},
}
ARTILLERY = {"range": 8, "hard": 2, "soft": 8, "mp": 1}

#: R7.A, R7.B, R7.C: every special type the rules name.
R7_A = ("air-landing", "bicycle", "cavalry", "commando", "engineer-assault", "engineer-combat",
        "engineer-construction", "engineer-maintenance", "engineer-port", "engineer-railroad", "hq",
        "hospital", "infantry", "light-infantry", "machinegun", "marine", "motorcycle", "mountain",
        "parachute", "partisan", "police", "political-police", "replacement", "security", "signal", "ski")
R7_B = ("light-aa", "heavy-aa", "artillery", "railroad-artillery", "rocket-artillery", "siege-artillery",
        "mortar", "antitank")
R7_C = ("amphibious", "engineer-tank", "flame", "assault-gun", "recon", "sp-artillery", "lvt")


def typed(kind: str, trait: str) -> counters.UnitSpec:
    full = dict(FULL[kind])
    if trait in counters.ARTILLERY_TYPES:
        full = {**ARTILLERY, "mp": 8} if kind == "vehicle" else ARTILLERY
    if trait == "hospital":
        full = {"mp": 4}
    return unit(kind, trait, full=full)


def test_r7_the_catalogue_is_exactly_the_types_the_rules_name():
    assert set(counters.SPECIALS) == {*R7_A, *R7_B, *R7_C}
    assert all(s.rule.startswith("R") and s.means for s in counters.SPECIALS.values())


@pytest.mark.parametrize(("kind", "types"), [("company", R7_A), ("battery", R7_B), ("vehicle", R7_C)])
def test_r7_every_type_is_recognised_on_its_kind(kind, types):
    for trait in types:
        assert counters.problems(typed(kind, trait)) == [], trait


@pytest.mark.parametrize(("kind", "types"), [("vehicle", R7_A), ("company", R7_B), ("battery", R7_C)])
def test_r7_a_type_on_the_wrong_kind_is_refused(kind, types):
    for trait in types:
        if kind in counters.SPECIALS[trait].kinds:
            continue  # Air Landing and Parachute units may be of more than one kind (R16.A)
        found = counters.problems(typed(kind, trait))
        assert any(f"{trait!r}" in p and f"not a {kind}" in p for p in found), (trait, found)


def test_r7_an_unknown_type_is_refused_naming_it():
    found = counters.problems(unit("company", "ninja"))
    assert found == ["unit (id 'U').traits: 'ninja' is not a Foxhole special type or mark (R7; see "
                     "docs/rules/foxhole.md)"]


def test_r7_a_several_types_together_marine_commando():
    spec = unit("company", "marine", "commando", full={"defence": 3, "soft": 4, "mp": 4, "experience": 7})
    assert counters.problems(spec) == [] and counters.experience(spec, 2) == 7


def test_r7_a_2_3_11_19_mounted_types_never_pin_leaving():
    for trait in ("bicycle", "cavalry", "motorcycle"):
        spec = typed("company", trait)
        assert counters.is_motorized(spec) and counters.never_pins_leaving(spec)
    ski = typed("company", "ski")
    assert counters.never_pins_leaving(ski) and not counters.is_motorized(ski)
    assert counters.is_motorized(ski, snow=True)
    assert not counters.never_pins_leaving(SCENARIO.unit["AMC"])


def test_r7_a_4_commando_experience_printed_or_five():
    assert counters.experience(typed("company", "commando"), 2) == counters.DEFAULT_EXPERIENCE == 5
    assert counters.experience(SCENARIO.unit["A1"], 2) == 0
    veteran = unit("company", "infantry", full={"defence": 3, "soft": 4, "mp": 4, "experience": 6})
    assert counters.problems(veteran) == [] and counters.experience(veteran, 2) == 6  # R4.E


def test_r7_a_5_engineers_and_their_activities():
    combat, construction = SCENARIO.unit["AE"], SCENARIO.unit["XE"]
    assert counters.is_engineer(combat) and counters.is_engineer(combat, "combat", "assault")
    assert not counters.is_engineer(combat, "construction") and not counters.is_engineer(SCENARIO.unit["A1"])
    assert all(counters.may_conduct(combat, a) for a in ("bridging", "construction", "maintenance"))
    assert counters.may_conduct(construction, "construction")
    assert not counters.may_conduct(construction, "bridging")
    assert counters.may_conduct(typed("company", "engineer-port"), "port-repair")
    assert counters.may_conduct(typed("company", "engineer-railroad"), "railroad-repair")
    assert not counters.is_engineer(typed("vehicle", "engineer-tank"))


def test_r7_a_6_18_signals_are_hqs_except_for_replacements():
    hq, signal = SCENARIO.unit["AHQ"], typed("company", "signal")
    assert counters.is_hq(hq) and counters.is_hq(hq, for_replacement=True)
    assert counters.is_hq(signal) and not counters.is_hq(signal, for_replacement=True)
    assert not counters.is_hq(SCENARIO.unit["A1"])


def test_r7_a_7_a_hospital_has_no_firepower_nor_defence_whatever_it_prints():
    hospital = typed("company", "hospital")
    assert counters.problems(hospital) == [] and counters.value(hospital, 2, "defence") == 0
    printed = unit("company", "hospital", full={"defence": 2, "soft": 1, "heavy": 1, "mp": 4})
    assert [counters.value(printed, 2, n) for n in ("defence", "soft", "heavy", "mp")] == [0, 0, 0, 4]


def test_r7_b_2_artillery_defend_one_fight_with_one_soft():
    art = SCENARIO.unit["XART"]
    assert counters.is_artillery(art) and counters.value(art, 2, "defence") == 1
    assert (counters.combat_value(art, 2, "soft"), counters.combat_value(art, 2, "hard")) == (1, 0)
    assert counters.combat_value(SCENARIO.unit["XAT"], 2, "hard") == 4
    for trait in ("railroad-artillery", "rocket-artillery", "siege-artillery"):
        assert counters.is_artillery(typed("battery", trait))
    assert not counters.is_artillery(SCENARIO.unit["AMO"])


def test_r7_c_4_sp_artillery_hard_defence_two_vehicle_only_to_move():
    sp = unit("vehicle", "sp-artillery", "rocket-artillery", "smoke", full={**ARTILLERY, "mp": 8})
    assert counters.problems(sp) == []
    assert counters.value(sp, 2, "defence") == 2 and counters.hardness(sp) == counters.HARD
    assert counters.kind_of(sp, movement=True) == counters.VEHICLE
    assert counters.kind_of(sp) == counters.BATTERY
    assert counters.is_motorized(sp) and counters.is_artillery(sp) and counters.fires_smoke(sp)
    printed = unit("vehicle", "sp-artillery", full={**ARTILLERY, "defence": 6}, cadre={"soft": 3, "mp": 8})
    assert counters.problems(printed) == [] and counters.value(printed, 2, "defence") == 2
    assert counters.artillery_range(printed, 1) == (3, 8)  # the Cadre keeps the full side's Range
    open_top = unit("vehicle", "sp-artillery", "open-top", full=ARTILLERY)
    assert any("R7.C.4" in p for p in counters.problems(open_top))
    rockets = unit("vehicle", "rocket-artillery", full=ARTILLERY)  # Artillery only as SP Artillery
    assert any("'rocket-artillery'" in p for p in counters.problems(rockets))


def test_r25_a_3_5_and_b_attributes_service_language_nation_echelon():
    ss = unit("company", "infantry", "service:ss", "language:german", "nation:german")
    army = unit("company", "infantry", "service:army", "language:german")
    assert counters.problems(ss) == [] and counters.attribute(ss, "nation") == "german"
    assert not counters.compatible(ss, army) and counters.compatible(ss, ss)
    assert counters.echelon(unit("company", "hq", "echelon:regiment")) == "regiment"
    assert counters.echelon(SCENARIO.unit["AHQ"]) == "battalion"
    assert counters.echelon(SCENARIO.unit["A1"]) == ""
    assert any("R25.B" in p for p in counters.problems(unit("company", "infantry", "echelon:division")))
    assert any("R25.B" in p for p in counters.problems(unit("company", "hq", "echelon:corps-of-cooks")))
    assert any("no attribute 'rank'" in p for p in counters.problems(unit("company", "rank:major")))
    twice = unit("company", "service:a", "service:b")
    assert any("more than one 'service'" in p for p in counters.problems(twice))


def test_r25_a_4_cohesion_is_one_battalion_or_one_vehicle_company():
    a1, a2, at1 = SCENARIO.unit["A1"], SCENARIO.unit["A2"], SCENARIO.unit["AT1"]
    assert counters.cohesive(a1, a2) and not counters.cohesive(a1, a1)
    assert not counters.cohesive(a1, SCENARIO.unit["X1"]) and not counters.cohesive(a1, at1)


def test_r7_the_proving_grounds_special_units_read_from_the_file():
    sp, commando, signal = SCENARIO.unit["ASP"], SCENARIO.unit["ACO"], SCENARIO.unit["XSIG"]
    assert counters.kind_of(sp) == counters.BATTERY and counters.fires_smoke(sp)
    assert counters.experience(commando, 1) == 7 and counters.attribute(commando, "service") == "marines"
    assert counters.is_hq(signal) and counters.echelon(signal) == "regiment"
    assert counters.value(SCENARIO.unit["XHOS"], 1, "defence") == 0


def test_r7_c_4_sp_artillery_is_suppressed_as_a_battery_and_not_reduced_when_pinned_again():
    state = position(SCENARIO, phase="barrage", active="axis", flags={"ASP": [PINNED]})
    pos = Position(SCENARIO, state)
    assert fold(state, effects.suppress(pos, "ASP")).units["ASP"].has("suppressed")
    assert effects.pin(pos, "ASP") == []


def test_r7_c_4_combat_reads_sp_artillery_as_hard_artillery_through_the_catalogue():
    pos = Position(SCENARIO, position(SCENARIO, phase="combat", active="allied"))
    assert firepower.is_artillery(pos, "ASP") and participants.artillery_or_mortar(pos, "ASP")
    assert participants.target_types(pos, "ASP", "assault") == ("hard",)
    assert not firepower.is_artillery(pos, "AT1")
