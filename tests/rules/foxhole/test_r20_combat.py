"""Foxhole R20 (the Combat Phase), R22 (the Vehicle Assault Phase), R7 combat effects and the
optional R25.A.3-6, played on the proving ground."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from tests.rules.foxhole.helpers import legal, load, position, run
from tui_wargame.model import Event, IllegalOrder, Order
from tui_wargame.rules.capabilities import Explanation
from tui_wargame.rules.foxhole import SYSTEM, benefits, combat, engagement, firepower, participants, seizure
from tui_wargame.rules.foxhole.position import (
    AMBUSHED,
    EXPENDED,
    FATIGUED,
    OVERWATCH,
    PINNED,
    SUPPRESSED,
    Position,
)

EXTRA = '''
[[unit]]
id = "XPP"
name = "Political Police Company"
side = "axis"
kind = "company"
traits = ["political-police"]
start = "reinforcements"
factors = [{ defence = 1, soft = 1, mp = 4 }]

[rules]
offensive = "allied"'''

SCENARIO = load(edit={'[rules]\noffensive = "allied"': EXTRA})


def _state(**kw):
    """A position with the fx-combat block's units (proving.toml) off the map unless placed."""
    kw["at"] = {"AAE": "reinforcements", "XAG": "reinforcements", "XH": "reinforcements", **kw.get("at", {})}
    kw.setdefault("phase", "combat")
    kw.setdefault("active", "allied")
    return position(SCENARIO, **kw)


def _kinds(events, kind):
    return [e for e in events if e.kind == kind]


def _refused(state, order):
    with pytest.raises(IllegalOrder) as info:
        SYSTEM.resolve(SCENARIO, state, Order.parse(order), None)
    return info.value.refusal


# --- R20.A participants, R20.B sequence ---

def test_r20_a_1_b_batteries_never_assault_artillery_never_fights():
    state = _state(active="axis", at={"XAT": "A-0402"})
    assert _refused(state, "assault A-0401 XAT").rule == "R20.A.1.b"
    allied = _state(at={"AART": "A-0402"})
    refusal = _refused(allied, "fight B-0307 AART")
    assert refusal.rule == "R20.A.1.b" and "Artillery" in refusal.message


def test_r20_a_1_a_pinned_company_may_fight_but_not_assault():
    state = _state(flags={"A1": [PINNED]})
    assert _refused(state, "assault B-0307 A1").rule == "R20.A.1"
    assert combat.refusal(Position(SCENARIO, state), "fight", "B-0307", ["A1"]) is None


def test_r20_b_lists_one_assault_and_one_fight_per_hex_then_end():
    assert legal(SCENARIO, _state()) == ["assault B-0307 A1 A2", "fight B-0307 A1 A2", "end"]


def test_r20_b_a_hex_is_attacked_once_per_phase():
    state, events = run(SCENARIO, _state(), "fight B-0307 A1", dice=[5, 5])
    assert state.units["X1"].has(PINNED) and state.units["A1"].has(PINNED)  # 4 on Defence 3: one hit
    assert _refused(state, "fight B-0307 A2").rule == "R20.B"
    assert "B-0307" not in " ".join(legal(SCENARIO, state))


def test_r20_b_ambushed_unit_must_assault_before_the_phase_ends():
    state = _state(flags={"A1": [AMBUSHED]})
    assert "end" not in legal(SCENARIO, state)
    assert _refused(state, "end").rule == "R20.B"


def test_r20_e_2_units_sharing_a_hex_must_assault_it_together():
    state = _state(at={"A1": "B-0307"})
    assert "end" not in legal(SCENARIO, state)
    refusal = _refused(state, "assault B-0307 A2")
    assert refusal.rule == "R20.E.2" and "A1" in refusal.message


# --- R20.C assaults ---

def test_r20_c_5_assault_lays_three_quarters_and_seizes_r20_c_8():
    state, _ = run(SCENARIO, _state(), "assault B-0307 A1 A2", dice=[5, 5, 5])
    assert state.pending.kind == engagement.APPLY and state.pending.side == "allied"  # owner first
    assert legal(SCENARIO, state) == ["apply A1=1/2 A2=1/2", "apply A1=1"]  # 1/4 of the Axis 4
    state, _ = run(SCENARIO, state, "apply A1=1")
    assert state.pending.side == "axis"
    assert _refused(state, "apply A1=3/2 A2=1").rule == "R20.C.5"  # 5/2, not all 3
    state, events = run(SCENARIO, state, "apply A1=3")
    assert state.units["A1"].steps == 1  # 4 on Defence 3: reduced
    assert state.units["X1"].location == "eliminated"  # 8 on Defence 3: two hits, removed
    assert state.units["A2"].location == "B-0307" and state.units["A1"].location == "B-0307"
    assert _kinds(events, "seizure")[0]["result"] == "seized" and state.pending is None
    assault = _kinds(events, "assault")[0]
    assert assault["hits"] == {"A1": 1, "A2": 0, "X1": 2} and assault["fvt"] == {"A1": 5, "A2": 5, "X1": 5}


def test_r20_c_1_mines_pin_an_assaulter_and_call_the_assault_off():
    state = _state(at={"A1": "B-0507"})
    state, events = run(SCENARIO, state, "assault B-0506 A1", dice=[1])
    pin = _kinds(events, "assault_pin")[0]
    assert (pin["what"], pin["chance"], pin["pinned"]) == ("mines", 2, True)
    assert state.units["A1"].has(PINNED) and _kinds(events, "assault_called_off")
    assert "B-0506" not in engagement.done(Position(SCENARIO, state))  # another unit may try


def test_r20_c_1_a_vehicle_rolls_tank_traps_on_entering_then_mines():
    state = _state(at={"AT1": "B-0507", "A1": "A-0301"})
    state, events = run(SCENARIO, state, "assault B-0506 AT1", dice=[4, 1])
    assert [(p["what"], p["chance"], p["pinned"]) for p in _kinds(events, "assault_pin")] == [
        ("entering", 3, False), ("mines", 2, True)]


def test_r20_c_2_covering_fire_reduces_an_assaulter_and_expends_the_firer():
    state = _state(at={"XMG": "A-0402"})
    state, _ = run(SCENARIO, state, "assault B-0307 A1")
    assert state.pending.kind == engagement.COVER and state.pending.side == "axis"
    assert legal(SCENARIO, state) == ["cover", "cover XMG@A-0401"]
    state, events = run(SCENARIO, state, "cover XMG@A-0401", dice=[5, 5])
    assert _kinds(events, "covering_fire")[0]["hits"] == {"A1": 2}  # 6 on Defence 3: Reduced
    assert state.units["XMG"].has(EXPENDED)
    assert state.units["A1"].location == "eliminated"  # the Cadre then took X1's 4 on Defence 2
    assert _kinds(events, "seizure")[0]["result"] == "held"


def test_r20_c_2_offensive_covering_fire_needs_overwatch_and_spends_it():
    state = _state(active="axis", at={"X1": "A-0302", "A2": "A-0402"}, flags={"A2": [OVERWATCH]})
    state, _ = run(SCENARIO, state, "assault A-0401 X1")
    assert "cover A2@A-0302" in legal(SCENARIO, state)
    state, _ = run(SCENARIO, state, "cover A2@A-0302", dice=[5, 5])
    assert not state.units["A2"].has(OVERWATCH)


def test_r20_e_1_ambush_reacting_fires_first_and_adds_d5_minus_1():
    state = _state(flags={"A1": [AMBUSHED]})
    state, events = run(SCENARIO, state, "assault B-0307 A1", dice=[5, 4, 5])
    report = _kinds(events, "assault")[0]
    assert report["ambush"] and report["fvt"] == {"X1": 5, "A1": 5}
    assert report["firepower"]["allied"] == {"soft": 2}  # A1 fired as a Cadre: hit first
    assert report["hits"]["A1"] == 1  # 4 laid + D5-1 = 1 on Defence 3
    assert not state.units["A1"].has(AMBUSHED)
    assert state.pending.kind == seizure.RETREAT  # 2 against 3: thrown back


def test_r20_c_9_retreat_is_two_hexes_or_more_and_optionally_tires():
    state = _state(flags={"A1": [AMBUSHED]}, options={"retreat-fatigue": "on"})
    state, _ = run(SCENARIO, state, "assault B-0307 A1", dice=[5, 4, 5])
    choices = legal(SCENARIO, state)
    assert choices and all(o.startswith("retreat A1 ") for o in choices)
    away = {SCENARIO.grid.distance(o.split()[-1], "A-0401") for o in choices}
    assert min(away) == 2 and max(away) == 5  # 4 MPs, the road's hexes 1/2 MP each
    dest = choices[0].split()[-1]
    refusal = _refused(state, "retreat A1 A-0501")  # next to the hex left
    assert refusal.rule == "R20.C.9" and "within its 4 MPs" in refusal.message
    state, events = run(SCENARIO, state, choices[0])
    assert state.units["A1"].location == dest and state.units["A1"].has(FATIGUED)
    assert state.pending is None and _kinds(events, "retreat")


def test_r20_c_9_a_unit_with_nowhere_to_go_is_eliminated():
    state = _state(active="axis", phase="vehicle-assault", at={"XV": "A-0402"})
    state, events = run(SCENARIO, state, "assault A-0401 XV", dice=[5, 5])
    assert [e["effects"] for e in _kinds(events, "heavy_weapons")] == [["pinned"]]  # R20.C.7 a
    assert _kinds(events, "seizure")[0]["result"] == "repulsed"
    assert state.units["XV"].location == "eliminated"  # Pinned Cadre reduced to retreat


def test_r22_c_6_a_tie_leaves_everyone_in_place():
    state = _state(active="axis", phase="vehicle-assault", at={"XV": "A-0402"})
    state, events = run(SCENARIO, state, "assault A-0401 XV", dice=[1, 1])
    assert _kinds(events, "seizure")[0]["result"] == "held"
    assert state.units["XV"].location == "A-0402" and state.units["XV"].has(PINNED)


def test_r20_c_8_a_tie_in_the_combat_phase_shares_the_hex():
    state, events = run(SCENARIO, _state(), "assault B-0307 A1", dice=[1, 1])
    assert _kinds(events, "seizure")[0]["result"] == "shared"
    assert state.units["A1"].location == state.units["X1"].location == "B-0307"
    assert state.values["benefits.first.B-0307"] == "axis"  # R20.F.1: the Axis were there first


def test_r22_a_only_vehicles_assault_in_the_vehicle_assault_phase():
    state = _state(phase="vehicle-assault", at={"AT1": "A-0402"})
    assert _refused(state, "assault B-0307 A1").rule == "R22.A"
    assert legal(SCENARIO, state) == ["end"]


def test_r7_a_7_a_hospital_attacked_is_eliminated():
    state = _state(at={"XH": "B-0307"})
    state, events = run(SCENARIO, state, "fight B-0307 A1", dice=[5, 5])
    assert state.units["XH"].location == "eliminated" and _kinds(events, "hospital_lost")


def test_r7_a_16_political_police_double_seizure_defence():
    state = _state(at={"XPP": "B-0307"}, options={"refugees": "on"})
    pos = Position(SCENARIO, state)
    assert seizure.strength(pos, ["X1", "XPP"], True) == 8
    off = Position(SCENARIO, _state(at={"XPP": "B-0307"}))
    assert seizure.strength(off, ["X1", "XPP"], True) == 4


def test_r7_a_5_a_assault_engineers_ignore_works():
    state = _state(at={"AAE": "B-0406"})
    pos = Position(SCENARIO, state)
    eng = {"kind": "assault", "target": "B-0405", "attackers": ["AAE"], "reacting": "axis"}
    assert participants.specialist(pos, "AAE", "B-0405")
    assert engagement.defence_calc(pos, eng, "XMG", "soft").value == 6  # Pillbox +3
    assert engagement.defence_calc(pos, eng, "XMG", "soft", special=True).value == 3


# --- firepower (R5.A, R7, R9.D, R20.C.4, R20.D.1, Chart 2 statuses) ---

def test_r9_d_night_halves_firepower():
    pos = Position(SCENARIO, _state(turn=2, options={"night-turns": "on"}))
    assert firepower.unit(pos, "A1", "soft", firepower.FIGHTING, "B-0307").value == 2


def test_r5_b_6_suppressed_and_pinned_quarter_a_company_not_a_vehicle():
    pos = Position(SCENARIO, _state(flags={"A1": [SUPPRESSED, PINNED], "AT1": [SUPPRESSED]}))
    assert firepower.unit(pos, "A1", "soft", firepower.FIGHTING, "B-0307").value == 1  # R2.F: /4
    assert firepower.unit(pos, "AT1", "hard", firepower.FIGHTING, "B-0307").value == 5


def test_r7_b_2_artillery_fights_with_one_soft_and_no_hard():
    pos = Position(SCENARIO, _state())
    assert firepower.base(pos, "AART", "soft") == 1 and firepower.base(pos, "AART", "hard") == 0


def test_r7_c_4_assault_gun_halves_in_an_assault_r20_c_4_b_hard_vehicle_alone_halves():
    pos = Position(SCENARIO, _state())
    assert firepower.unit(pos, "XAG", "hard", firepower.DEFENDING, "B-0103", ["X1"]).value == 2
    assert firepower.unit(pos, "AT1", "hard", firepower.ASSAULTING, "B-0307", ["AT1"]).value == F(5, 2)
    assert firepower.unit(pos, "AT1", "hard", firepower.ASSAULTING, "B-0307", ["AT1", "A1"]).value == 5


def test_r20_d_1_crossfire_and_arcing_fire():
    pos = Position(SCENARIO, _state())
    cross = firepower.overlap_terms(pos, "A-0401", "B-0307", ["A-0401", "B-0306"])
    assert [(t.what, t.add) for t in cross] == [("Crossfire", 2)]
    arcing = firepower.overlap_terms(pos, "A-0401", "B-0307", ["A-0401", "B-0406"])
    assert [(t.what, t.add) for t in arcing] == [("Arcing Fire", 1)]
    assert firepower.overlap_terms(pos, "A-0401", "B-0307", ["A-0401", "A-0501"]) == []  # adjacent firers


# --- R20.G, Chart 5 ---

def test_r20_g_overwatch_and_smoke_go_at_the_end_of_the_phase():
    smoke = Event.of("marker_placed", place="B-0307", marker="smoke")
    state = _state(active="axis", flags={"A2": [OVERWATCH]}, events=[smoke])
    events = combat.finish(Position(SCENARIO, state), None)
    assert Event.of("unit_flagged", unit="A2", flag=OVERWATCH, on=False) in events
    assert Event.of("marker_removed", place="B-0307", marker="smoke", id="") in events


# --- R25.A optional combat rules ---

def test_r25_a_3_long_range_fight_at_two_hexes_is_halved():
    state = _state(at={"A1": "A-0502"}, options={"long-range-fights": "on"})
    pos = Position(SCENARIO, state)
    assert combat.refusal(pos, "fight", "B-0307", ["A1"]) is None
    assert firepower.unit(pos, "A1", "soft", firepower.FIGHTING, "B-0307").value == 2
    assert _refused(_state(at={"A1": "A-0502"}), "fight B-0307 A1").rule == "R20.A.1"


def test_r25_a_5_different_services_may_not_attack_together():
    baker = 'name = "Baker Company, 1st Bn"\nside = "allied"\nkind = "company"\nformation = "1bn"\n'
    edited = load(edit={'[rules]\noffensive = "allied"': EXTRA,
                        baker + 'traits = ["infantry"]': baker + 'traits = ["infantry", "service:marines"]'})
    state = position(edited, phase="combat", active="allied", options={"inter-service": "on"})
    with pytest.raises(IllegalOrder) as info:
        SYSTEM.resolve(edited, state, Order.parse("assault B-0307 A1 A2"), None)
    assert info.value.refusal.rule == "R25.A.5"
    assert "assault B-0307 A1" in legal(edited, state)


def test_r25_a_6_less_random_combat_rolls_no_fvt():
    state = _state(options={"less-random-combat": "on"})
    state, events = run(SCENARIO, state, "fight B-0307 A1")  # no dice at all
    assert _kinds(events, "fight")[0]["fvt"] == {}


# --- EXPLAIN and WORDS ---

def test_r20_explain_shows_firepower_defence_and_hits():
    found = SYSTEM.explain(SCENARIO, _state(), Order.parse("assault B-0307 A1"))
    assert isinstance(found, Explanation)
    text = "\n".join(line.text for line in found.lines)
    assert "A1 soft firepower: 4" in text and "X1 Defence against soft" in text and "1: reduced" in text
    assert SYSTEM.explain(SCENARIO, _state(), Order.parse("assault B-0307 AART")).rule == "R20.A.1.b"


def test_r20_words_describe_the_reports():
    state = _state()
    _, events = run(SCENARIO, state, "assault B-0307 A1 A2", "apply A1=1", "apply A1=3", dice=[5, 5, 5])
    words = [SYSTEM.describe(SCENARIO, state, e) for e in events if e.kind in ("assault", "seizure")]
    assert words == ["A1, A2 assaulted B-0307: A1 1 hit; X1 2 hits (R20.C)",
                     "B-0307: assaulters' Defence 5 against 0: the hex is seized (R20.C)"]


def test_r5_b_1_smoke_costs_the_first_fighter_and_shelters_the_first_assaulter():
    smoke = Event.of("marker_placed", place="B-0307", marker="smoke")
    state, events = run(SCENARIO, _state(events=[smoke]), "fight B-0307 A1 A2", dice=[5, 5, 5])
    assert state.pending is not None  # the Axis 4 to lay on A1 and A2
    assert engagement.current(Position(SCENARIO, state))["firepower"]["allied"] == {"soft": 6}  # 4 - 2 + 4
    pos = Position(SCENARIO, _state(events=[smoke]))
    eng = {"kind": "assault", "target": "B-0307", "attackers": ["A1", "A2"], "reacting": "axis"}
    assert engagement.defence_calc(pos, eng, "A1", "soft").value == 4
    assert engagement.defence_calc(pos, eng, "A2", "soft").value == 3


def test_r20_c_7_heavy_weapons_on_several_vehicles_are_the_defenders_choice():
    state = _state(phase="vehicle-assault", active="axis", at={"XV": "A-0402", "XAG": "A-0301"})
    state, _ = run(SCENARIO, state, "assault A-0401 XV XAG", dice=[1, 1, 5])
    assert state.pending.kind == engagement.HEAVY and state.pending.side == "allied"
    assert legal(SCENARIO, state) == ["heavy XAG=1", "heavy XV=1"]
    assert _refused(state, "heavy XV=2").rule == "R20.C.7"
    state, events = run(SCENARIO, state, "heavy XAG=1")
    assert state.units["XAG"].has(PINNED)  # Defence 5: one rating Pins (R20.C.7.a)
    assert state.units["XV"].steps == 1  # A1's 4 Soft on the Open-Top's Defence 3
    assert _kinds(events, "seizure")[0]["result"] == "seized"


def test_r20_a_1_c_a_vehicle_that_fired_a_barrage_does_not_fight():
    state = _state(at={"AT1": "A-0301"}, flags={"AT1": ["fired"]})
    assert _refused(state, "fight B-0307 AT1").rule == "R20.A.1.c"
    assert _refused(state, "assault B-0307 AT1").rule == "R20.A.1.c"


def test_r7_a_16_political_police_forced_out_take_the_rest_with_them():
    state = _state(at={"XPP": "B-0307", "AE": "A-0301", "AMC": "B-0306"}, options={"refugees": "on"})
    pos = Position(SCENARIO, state)
    eng = {"target": "B-0307", "acting": "allied", "reacting": "axis", "attackers": ["A1", "A2", "AE", "AMC"],
           "defenders": ["X1", "XPP"], "rule": "R20", "retreat": []}
    events = seizure.seize(pos, eng, eng["attackers"], eng["defenders"])
    report = _kinds(events, "seizure")[0]
    assert report["reacting"] == 8 and report["result"] == "seized"
    assert Event.of("unit_placed", unit="X1", to="eliminated") in events
    assert eng["retreat"] == [["XPP", "B-0307"]]


def test_r25_a_4_cohesion_adds_soft_firepower_and_heavy_weapons():
    state = _state(at={"A2": "A-0401"}, options={"formation-cohesion": "on"})
    pos = Position(SCENARIO, state)
    assert firepower.unit(pos, "A1", "soft", firepower.FIGHTING, "B-0307").value == 5
    assert firepower.heavy(pos, "A1") == 2


def test_r20_c_1_another_unit_may_take_a_pinned_assaulters_place():
    state = _state(at={"A1": "B-0507", "A2": "B-0406"})
    state, _ = run(SCENARIO, state, "assault B-0506 A1", dice=[1])
    assert state.pending.kind == engagement.JOIN and legal(SCENARIO, state) == ["join", "join A2"]
    assert "B-0506" not in engagement.done(Position(SCENARIO, state))
    state, events = run(SCENARIO, state, "join A2", dice=[5])  # Mines 2 in 10: not Pinned
    eng = engagement.current(Position(SCENARIO, state))
    assert eng["attackers"] == ["A2"] and state.pending.kind == engagement.COVER
    assert "B-0506" in engagement.done(Position(SCENARIO, state))


def test_r20_c_1_a_replacement_joins_the_assaulters_still_going():
    state = _state(at={"A1": "B-0507", "AE": "B-0507", "A2": "B-0406"})
    state, _ = run(SCENARIO, state, "assault B-0506 A1 AE", dice=[1, 5])  # A1 Pinned, AE not
    assert legal(SCENARIO, state) == ["join", "join A2"]


def test_r25_c_1a_fog_is_smoke_for_every_assaulter_and_none_counts_in_the_dark():
    fog = Event.of("value_set", key="weather", value={"fog": True})
    pos = Position(SCENARIO, _state(events=[fog]))
    assert benefits.smoke(pos, "B-0307") == 8
    smoke = Event.of("marker_placed", place="B-0307", marker="smoke")
    night = Position(SCENARIO, _state(turn=2, events=[smoke], options={"night-turns": "on"}))
    assert benefits.smoke(night, "B-0307") == 0


# --- review (rev-fire) ---

def test_r7_c_4_sp_artillery_is_an_artillery_battery_in_combat_r20_a_1_b():
    """R7.C.4: SP Artillery is an Artillery Battery for all but movement: it neither Fights nor
    Assaults (R20.A.1.b) nor gives Covering Fire (R20.A.2.b)."""
    pos = Position(SCENARIO, _state(at={"ASP": "A-0401", "A1": "A-0501"}))
    assert combat.refusal(pos, "fight", "B-0307", ["ASP"]).rule == "R20.A.1.b"
    assert combat.refusal(pos, "assault", "B-0307", ["ASP"]).rule == "R20.A.1.b"
    assert "ASP" not in " ".join(legal(SCENARIO, pos.state))
    eng = {"reacting": "allied", "target": "B-0307", "attackers": ["X1"]}
    ready = {"ASP": [OVERWATCH], "A1": [OVERWATCH]}
    cover = engagement.cover_candidates(
        Position(SCENARIO, _state(active="axis", at={"ASP": "A-0401"}, flags=ready)), eng)
    assert "ASP" not in cover and "A1" in cover


def test_r7_c_2_assault_gun_halving_cites_its_own_rule():
    pos = Position(SCENARIO, _state())
    calc = firepower.unit(pos, "XAG", "hard", firepower.DEFENDING, "B-0103", ["X1"])
    assert [t.rule for t in calc.terms if "Assault Gun" in t.what] == ["R7.C.2"]


def test_r20_c_9_r5_a_7_a_unit_of_0_mp_forced_to_retreat_is_lost():
    """R5.A.7: a unit that cannot move but must (a Retreat) is Reduced; a Cadre that cannot move
    either is removed: no retreat is offered."""
    fixed = load(edit={'{ defence = 2, heavy = 0, soft = 2, mp = 4 }]\n\n[[unit]]\nid = "A2"':
                       '{ defence = 2, heavy = 0, soft = 2, mp = 0 }]\n\n[[unit]]\nid = "A2"',
                       '[rules]\noffensive = "allied"': EXTRA})
    state = position(fixed, phase="combat", active="allied", flags={"A1": [AMBUSHED]},
                     at={"AAE": "reinforcements", "XAG": "reinforcements", "XH": "reinforcements"})
    state, events = run(fixed, state, "assault B-0307 A1", dice=[5, 4, 5])
    assert state.units["A1"].location == "eliminated" and state.pending is None
    assert not _kinds(events, "retreat")


def test_r20_a_1_r10_b_a_unit_on_a_foot_bridge_may_be_assaulted_by_as_many_as_it_holds():
    """R5.B.8: a Foot Bridge carries units over water, so its hex can be entered and Assaulted
    (R20.A.1) by no more units than it holds (R10.B.a: one Company), never by a Vehicle."""
    pos = Position(SCENARIO, _state(at={"X1": "B-0204", "A1": "B-0304", "A2": "B-0305", "AT1": "B-0205"}))
    assert combat.refusal(pos, "assault", "B-0204", ["A1"]) is None
    assert combat.refusal(pos, "assault", "B-0204", ["A1", "A2"]).rule == "R10.B.a"
    assert combat.refusal(pos, "fight", "B-0204", ["A1", "A2"]).rule == "R10.B"
    assert combat.refusal(pos, "assault", "B-0204", ["AT1"]).rule == "R20.A.1"
    assert "assault B-0204 A1" in legal(SCENARIO, pos.state)


def test_r7_c_1_b_an_engineer_tank_rolls_no_mines_pin():
    """R7.C.1.b: Engineer Tanks ignore Mines: assaulting a mined hex they roll only the Tank Traps."""
    tanks = load(edit={'traits = ["hard"]\nstart = "A-0702"':
                           'traits = ["hard", "engineer-tank"]\nstart = "A-0702"',
                       '[rules]\noffensive = "allied"': EXTRA})
    state = position(tanks, phase="combat", active="allied", at={
        "AT1": "B-0507", "A1": "A-0301", "AAE": "reinforcements", "XAG": "reinforcements",
        "XH": "reinforcements"})
    state, events = run(tanks, state, "assault B-0506 AT1", dice=[4, 5, 5])
    assert [(p["what"], p["pinned"]) for p in _kinds(events, "assault_pin")] == [("entering", False)]
    assert not state.units["AT1"].has(PINNED)


def test_r10_d_4_a_unit_in_overstack_neither_fights_nor_covers():
    """R10.D.4 (optional overstacking): units past the fourth in a hex do not use their firepower
    in combat: they may not Assault or Fight, nor give Covering Fire."""
    crowd = {u: "A-0401" for u in ("A1", "A2", "AE", "AHQ", "AMC")}
    pos = Position(SCENARIO, _state(at=crowd, options={"overstacking": "on"}))
    assert combat.refusal(pos, "fight", "B-0307", ["AMC"]).rule == "R20.A"
    assert combat.refusal(pos, "fight", "B-0307", ["A1"]) is None
    axis = Position(SCENARIO, _state(active="axis", at=crowd, options={"overstacking": "on"},
                                     flags={u: [OVERWATCH] for u in crowd}))
    eng = {"reacting": "allied", "target": "B-0307", "attackers": ["X1"]}
    assert ("AMC" not in engagement.cover_candidates(axis, eng)
            and "A1" in engagement.cover_candidates(axis, eng))


def test_r20_g_overwatch_placed_this_turn_survives_the_offensive_players_own_combat_phase():
    """R17.D, R20.G: Overwatch is put on in the Offensive player's Supply-Movement Phase to fire in
    the Defensive player's turn; only the Defensive player's Combat Phase takes what is left off."""
    own = combat.finish(Position(SCENARIO, _state(active="allied", flags={"A2": [OVERWATCH]})), None)
    assert not [e for e in own if e.kind == "unit_flagged"]
    theirs = combat.finish(Position(SCENARIO, _state(active="axis", flags={"A2": [OVERWATCH]})), None)
    assert [(e["unit"], e["flag"]) for e in theirs if e.kind == "unit_flagged"] == [("A2", OVERWATCH)]


def test_r22_c_5_heavy_weapons_in_the_vehicle_assault_phase_cite_r22():
    state = _state(active="axis", phase="vehicle-assault", at={"XV": "A-0402"})
    state, events = run(SCENARIO, state, "assault A-0401 XV", dice=[5, 5])
    heavy = _kinds(events, "heavy_weapons")[0]
    assert heavy["rule"] == "R22.C.5"
    assert "(R22.C.5)" in combat.WORDS["heavy_weapons"](Position(SCENARIO, state), heavy)


def test_r20_e_1_an_ambush_d5_of_one_half_adds_nothing_never_less():
    """R20.E.1 with R2.C and R5.A.1: a D5 is a D10 halved, so D5-1 may come to -1/2; the ambush adds
    firepower, and firepower below zero is zero: 6 laid on Defence 3 stays two hits (Removed)."""
    state = _state(flags={"A1": [AMBUSHED]})
    state, events = run(SCENARIO, state, "assault B-0307 A1", dice=[10, 1])
    assert _kinds(events, "assault")[0]["hits"]["A1"] == 2
    assert state.units["A1"].location == "eliminated"
