"""Foxhole R19.B.10.a-c: an airfield's level (the Air Sorties it maintains), and R25.A.1's on-map
Air Sorties flying only as many as their built airfield maintains."""

from __future__ import annotations

from tests.rules.foxhole.helpers import load, position
from tui_wargame.model import Event
from tui_wargame.rules.foxhole import airfields, sorties
from tui_wargame.rules.foxhole.position import Position

SCENARIO = load()
RUNWAY = ("A-0804", "A-0705", "A-0605", "A-0506")  # A-0804 is printed Tarmac
CROSSING = ("A-0605", "A-0604", "A-0603", "A-0602")  # along another hexrow, through A-0605


def _built(hex: str, kind: str) -> Event:
    return Event.of("marker_placed", place=hex, marker="built", side="allied", value=kind)


def _field(*extra: Event, at: dict[str, str] | None = None, options=None) -> Position:
    tarmac = [_built(h, "tarmac") for h in dict.fromkeys(RUNWAY[1:])]
    state = position(SCENARIO, phase="barrage", active="allied", at=at or {"X2": "A-0402"},
                     events=[*tarmac, *extra], options=options)
    return Position(SCENARIO, state)


def test_r19_b_10_a_level_1_a_runway_of_four_and_a_building_with_its_maintenance_engineer():
    assert set(RUNWAY) in [set(r) for r in airfields.runways(_field(), "A-0804")]  # and one to A-0904
    assert airfields.level(_field(), "A-0804", "allied") == 0  # no Building beside the runway
    building = Event.of("marker_placed", place="A-0704", marker="building", side="allied")
    assert airfields.level(_field(building), "A-0804", "allied") == 0  # R19.B.10: no Maintenance Engineer
    assert airfields.level(_field(building, at={"AMN": "A-0704"}), "A-0804", "allied") == 1


def test_r19_b_10_b_level_3_the_building_become_a_buildings_hex():
    field = _field(_built("A-0704", "buildings"), at={"AMN": "A-0704"})
    assert airfields.level(field, "A-0705", "allied") == 3


def test_r19_b_10_c_level_6_a_second_runway_across_with_buildings_beside_it():
    cross = [_built(h, "tarmac") for h in CROSSING[1:]]
    # A-0704 is beside both runways; the crossing one also has A-0503's printed Buildings beside it
    field = _field(_built("A-0704", "buildings"), *cross, at={"AMN": "A-0704"})
    assert airfields.level(field, "A-0804", "allied") == 0  # R19.B.10: A-0503 has no Maintenance Engineer
    scenario = load(edit={'traits = ["infantry"]\nstart = "A-0401"':
                          'traits = ["infantry", "engineer-maintenance"]\nstart = "A-0401"'})
    state = position(scenario, phase="barrage", active="allied", at={"AMN": "A-0704", "A1": "A-0503"},
                     events=[*(_built(h, "tarmac") for h in RUNWAY[1:]), _built("A-0704", "buildings"),
                             *cross])
    assert airfields.level(Position(scenario, state), "A-0804", "allied") == 6


def test_r19_b_10_r25_a_1_a_built_airfield_flies_only_the_sorties_it_maintains():
    entries = [{"kind": "air", "id": f"AIR{n}", "siege": False, "airfield": "A-0804"} for n in (1, 2)]
    offer = Event.of("value_set", key="dawn.available", value={"allied": entries})
    building = Event.of("marker_placed", place="A-0704", marker="building", side="allied")
    field = _field(offer, building, at={"AMN": "A-0704"}, options={"on-map-air-sorties": "on"})
    assert [s["id"] for s in sorties.available(field, "allied")] == ["AIR1"]  # Level 1: one Sortie
    bare = _field(offer, building, options={"on-map-air-sorties": "on"})
    assert sorties.available(bare, "allied") == []  # no Maintenance Engineer: none fly
