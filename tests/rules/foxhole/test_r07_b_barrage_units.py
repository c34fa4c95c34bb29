"""Foxhole R7.A.9, R7.B, R7.C.4 in the Barrage Phase, and Support and Sorties (R5.D, R8.C, R23.B-C)."""

from __future__ import annotations

import attrs
import pytest

from tests.rules.foxhole.helpers import legal, load, position, run
from tui_wargame.model import Event, IllegalOrder
from tui_wargame.rules.foxhole.position import PINNED, SUPPLIED, TRACED

READY = [TRACED, SUPPLIED]
ART = 'traits = ["artillery", "smoke"]'


def _state(scenario, *, at=None, events=(), flags=None, options=None, active="allied"):
    return position(scenario, phase="barrage", active=active, at=at or {"X2": "A-0402"},
                    flags=flags or {"AART": READY, "AMO": READY}, events=events, options=options)


def _report(events):
    return next(e for e in events if e.kind == "barrage")


def _lay(scenario, state):
    """Let each player lay his share the first listed way."""
    while state.pending is not None and state.pending.kind == "barrage:apply":
        state, _ = run(scenario, state, legal(scenario, state)[0])
    return state


def _available(*entries):
    return Event.of("value_set", key="dawn.available", value={"allied": list(entries)})


def test_r7_b_2c_siege_artillery_takes_a_trench_level():
    scenario = load(edit={ART: 'traits = ["siege-artillery"]'})
    trench = Event.of("marker_placed", place="A-0402", marker="trenches", value=2)
    state, _ = run(scenario, _state(scenario, events=[trench]), "barrage A-0402 AART", dice=[5])
    assert state.marker("A-0402", "trenches").value == 1


def test_r7_b_2c_the_player_who_did_not_fire_chooses_the_work():
    scenario = load(edit={ART: 'traits = ["siege-artillery"]'})
    works = [Event.of("marker_placed", place="A-0402", marker="trenches", value=1),
             Event.of("marker_placed", place="A-0402", marker="foxholes")]
    state, _ = run(scenario, _state(scenario, events=works), "barrage A-0402 AART", dice=[5])
    assert state.pending.kind == "barrage:works" and state.pending.side == "axis"
    assert legal(scenario, state) == ["reduce trenches", "reduce foxholes"]
    state, _ = run(scenario, state, "reduce foxholes")
    assert state.marker("A-0402", "foxholes") is None and state.marker("A-0402", "trenches").value == 1


def test_r7_b_2b_the_owner_lays_all_of_a_rocket_barrage():
    scenario = load(edit={ART: 'traits = ["rocket-artillery"]'})
    state = _state(scenario, at={"X2": "A-0402", "X1": "A-0402"})
    state, _ = run(scenario, state, "barrage A-0402 AART", dice=[5])
    assert state.pending.side == "axis"
    assert "apply X1=4 X2=4" in legal(scenario, state)  # all 8, none left for the firer
    state, _ = run(scenario, state, "apply X1=4 X2=4")
    assert state.pending is None or state.pending.kind != "barrage:apply"


def test_r7_b_2a_railroad_artillery_fires_only_from_a_rail_circle():
    scenario = load(edit={ART: 'traits = ["railroad-artillery"]'})
    with pytest.raises(IllegalOrder) as err:
        run(scenario, _state(scenario), "barrage A-0402 AART", dice=[5])
    assert err.value.rule == "R18.A"
    circle = Event.of("marker_placed", place="A-0604", marker="rail-circle")
    state, _ = run(scenario, _state(scenario, events=[circle]), "barrage A-0402 AART", dice=[5])
    assert state.units["X2"].has(PINNED)


def test_r7_b_3_a_mortar_fires_next_door_at_half():
    scenario = load()
    _, events = run(scenario, _state(scenario, at={"X2": "A-0503"}), "barrage A-0503 AMO", dice=[5])
    assert _report(events)["soft"] == "2"


def test_r7_c_4_sp_artillery_barrages_as_artillery():
    scenario = load(edit={'traits = ["hard"]': 'traits = ["sp-artillery"]',
                          "{ defence = 6, hard = 5, soft = 4, mp = 8 }":
                              "{ defence = 6, range = 5, hard = 5, soft = 4, mp = 8 }"})
    state = _state(scenario, flags={"AT1": READY})
    assert "barrage A-0402 AT1" in legal(scenario, state)  # 3 hexes away, not the adjacent hex only


def test_r7_a_9_a_machinegun_next_to_the_hex_adds_one_soft():
    scenario = load(edit={'traits = ["engineer-combat"]': 'traits = ["machinegun"]'})
    _, events = run(scenario, _state(scenario), "barrage A-0402 AMO", dice=[5])
    report = _report(events)
    assert report["machineguns"] == ["AE"] and report["soft"] == "5"


def test_r23_b_support_is_twenty_and_fires_once():
    scenario = load()
    state = _state(scenario, events=[_available({"kind": "support", "id": "S1", "siege": False})])
    state, events = run(scenario, state, "barrage A-0402 S1", dice=[5])
    assert _report(events)["soft"] == "20" and state.values["dawn.available"]["allied"] == ()


def test_r23_b_a_siege_support_reduces_works():
    scenario = load()
    works = [_available({"kind": "support", "id": "S1", "siege": True}),
             Event.of("marker_placed", place="A-0402", marker="pillbox")]
    state, _ = run(scenario, _state(scenario, events=works), "barrage A-0402 S1", dice=[5])
    state = _lay(scenario, state)
    assert state.marker("A-0402", "pillbox") is None


def test_r5_d_2_the_second_gun_sortie_into_a_hex_reduces_its_works():
    scenario = load()
    works = [_available({"kind": "gun", "id": "G1", "siege": False},
                        {"kind": "gun", "id": "G2", "siege": False}),
             Event.of("marker_placed", place="A-0402", marker="fort-improved")]
    state, _ = run(scenario, _state(scenario, events=works), "barrage A-0402 G1", dice=[5])
    state = _lay(scenario, state)
    assert state.marker("A-0402", "fort-improved") is not None and state.values["barrage.guns"]["A-0402"] == 1
    state, _ = run(scenario, state.replace(values={**state.values, "barrage.hexes": {}}), "pass",
                   "barrage A-0402 G2", dice=[5])
    state = _lay(scenario, state)
    assert state.marker("A-0402", "fort-unimproved") is not None


def test_r8_c_2_overcast_takes_a_third_off_an_air_sortie():
    scenario = load()
    sky = Event.of("value_set", key="weather", value={"atmosphere": "overcast"})
    state = _state(scenario, events=[sky, _available({"kind": "air", "id": "AIR1", "siege": False})])
    _, events = run(scenario, state, "barrage A-0402 AIR1", dice=[5])
    assert _report(events)["soft"] == "40/3"


def test_r8_c_4_a_storm_grounds_air_sorties():
    scenario = load()
    sky = Event.of("value_set", key="weather", value={"atmosphere": "storm"})
    state = _state(scenario, events=[sky, _available({"kind": "air", "id": "AIR1", "siege": False})])
    with pytest.raises(IllegalOrder) as err:
        run(scenario, state, "barrage A-0402 AIR1", dice=[5])
    assert err.value.rule == "R18.A.1e"


def test_r7_b_1b_heavy_aa_up_divides_an_air_sortie_by_three_in_its_hex():
    scenario = load(edit={'traits = ["antitank"]': 'traits = ["heavy-aa"]'})
    events = [_available({"kind": "air", "id": "AIR1", "siege": False}),
              Event.of("value_set", key="barrage.aa", value={"XAT": "up"})]
    state = _state(scenario, at={"X2": "A-0402", "XAT": "A-0402"}, events=events,
                   options={"on-map-air-sorties": "on"})
    _, events = run(scenario, state, "barrage A-0402 AIR1", dice=[5])
    assert _report(events)["soft"] == "20/3"


def test_r7_b_1_aa_modes_are_orders_and_a_reduced_light_aa_has_none():
    scenario = load(edit={'traits = ["antitank"]': 'traits = ["light-aa"]'})
    state = position(scenario, phase="barrage", active="axis", flags={"XAT": READY},
                     at={"XAT": "B-0307"}, options={"on-map-air-sorties": "on"})
    assert "aa XAT up" in legal(scenario, state)
    state2, _ = run(scenario, state, "aa XAT mixed")
    assert state2.values["barrage.aa"]["XAT"] == "mixed"
    reduced = position(scenario, phase="barrage", active="axis", flags={"XAT": READY}, steps={"XAT": 1},
                       at={"XAT": "B-0307"}, options={"on-map-air-sorties": "on"})
    with pytest.raises(IllegalOrder) as err:
        run(scenario, reduced, "aa XAT up")
    assert err.value.rule == "R7.B.1"


def test_r5_d_2_a_gun_sortie_reaches_its_range_from_the_supply_sources():
    base = load()  # the supply sources as R12.A.2's `[rules.supply_sources]` table gives them: side -> hexes
    scenario = attrs.evolve(base, rules={**base.rules, "supply_sources": {"allied": ["A-0604"]}})
    gun = _available({"kind": "gun", "id": "G1", "siege": False, "range": 2})
    state = _state(scenario, events=[gun])
    with pytest.raises(IllegalOrder) as err:
        run(scenario, state, "barrage A-0402 G1", dice=[5])  # 3 hexes from A-0604
    assert err.value.rule == "R5.D.2"
    near = _state(scenario, at={"X2": "A-0503"}, events=[gun])
    assert "barrage A-0503 G1" in legal(scenario, near)


def test_r25_a_1_an_on_map_air_sortie_needs_two_tarmac_hexes_and_flies_twice():
    scenario = load()
    field = _available({"kind": "air", "id": "AIR1", "siege": False, "airfield": "A-0904"})
    state = _state(scenario, at={"X2": "A-0402", "X1": "A-0502"}, events=[field],
                   options={"on-map-air-sorties": "on"})
    state, _ = run(scenario, state, "barrage A-0402 AIR1", dice=[5])
    state = _lay(scenario, state)
    assert [e["id"] for e in state.values["dawn.available"]["allied"]] == ["AIR1"]  # one flight left
    state, _ = run(scenario, state, "pass", "barrage A-0502 AIR1", dice=[5])
    state = _lay(scenario, state)
    assert state.values["dawn.available"]["allied"] == ()
    no_runway = _available({"kind": "air", "id": "AIR2", "siege": False, "airfield": "A-0402"})
    bare = _state(scenario, events=[no_runway], options={"on-map-air-sorties": "on"})
    with pytest.raises(IllegalOrder) as err:
        run(scenario, bare, "barrage A-0402 AIR2", dice=[5])
    assert err.value.rule == "R18.A.1e"
