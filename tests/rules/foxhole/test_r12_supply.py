"""Foxhole R12 (tracing supply) and R25.D (Advanced Supply)."""

from __future__ import annotations

import pytest

from tests.rules.foxhole.helpers import load, position
from tui_wargame.model import Event, fold
from tui_wargame.rules.foxhole import SYSTEM, supply
from tui_wargame.rules.foxhole.position import MOVED, SUPPLIED, SUPPLY_DEPLETED, SUPPLY_REDUCED, Position
from tui_wargame.scenario_file import ScenarioError

SCENARIO = load()
SM = "supply-movement"
ADVANCED = {"advanced-supply": "on"}


def pos_at(scenario=SCENARIO, active="allied", **kw) -> Position:
    return Position(scenario, position(scenario, phase=SM, active=active, **kw))


def points(place: str, count: int, side: str = "allied") -> Event:
    return Event.of("marker_placed", place=place, marker="supply-points", side=side, value=count)


def test_r12_a_1_2_unit_to_headquarters_then_off_map():
    found = supply.trace(pos_at(), "AE")
    assert found.ok and found.path == ("A-0502", "A-0503", "A-0504", "A-0505", "A-0506")


def test_r12_a_1_half_the_units_mps_reach_no_headquarters():
    pos = pos_at(at={"A2": "A-0302"})
    found = supply.trace(pos, "A2")
    assert not found.ok and "R12.A.1" in found.reason
    report = supply.trace_events(pos, "A2")[0]
    assert SYSTEM.describe(SCENARIO, pos.state, report).startswith("A2 traces supply and fails: no unmoved")


def test_r12_a_1_a_headquarters_that_moved_is_no_use():
    found = supply.trace(pos_at(flags={"AHQ": [MOVED]}), "AE")
    assert not found.ok


def test_r12_a_2_the_headquarters_may_not_trace_next_to_an_enemy():
    assert not supply.trace(pos_at(at={"X2": "A-0406"}), "AE").ok
    assert supply.trace(pos_at(at={"X2": "A-0307"}), "AE").ok  # Deep Sea: not next to the line


def test_r12_a_2_players_use_only_their_own_sources():
    found = supply.trace(pos_at(active="axis", at={"XHQ": "A-0504"}), "XHQ")
    assert not found.ok


def test_r12_a_2_check_names_a_bad_source():
    with pytest.raises(ScenarioError) as exc:
        load(edit={'allied = ["A-0506"]': 'allied = ["A-0402", "Z-9999"]'})
    assert "rules.supply_sources.allied: A-0402 is on no transportation line (R12.A.2)" in str(exc.value)
    assert "rules.supply_sources.allied: 'Z-9999' is not a hex of the map (R12.A.2)" in str(exc.value)


def test_r25_d_1_3_trace_to_supply_points_and_use_one():
    pos = pos_at(options=ADVANCED, events=[points("A-0402", 2)])
    found = supply.trace(pos, "A2")
    assert found.ok and found.path == ("A-0501", "A-0502", "A-0402") and found.supply_points == "A-0402"
    after = fold(pos.state, supply.trace_events(pos, "A2"))
    assert after.marker("A-0402", "supply-points").value == 1 and after.units["A2"].has(SUPPLIED)
    last = fold(after, supply.use_supply_point(Position(SCENARIO, after), "A-0402", "allied"))
    assert last.marker("A-0402", "supply-points") is None


def test_r25_d_1_never_into_or_next_to_an_enemy_nor_to_enemy_points():
    assert not supply.trace(pos_at(options=ADVANCED, events=[points("A-0403", 2, "axis")]), "A2").ok
    near = pos_at(options=ADVANCED, at={"X2": "A-0303"}, events=[points("A-0402", 2)])
    assert not supply.trace(near, "AE").ok


def test_r25_d_2_failing_reduces_then_depletes_and_success_restores():
    pos = pos_at(options=ADVANCED)
    after = fold(pos.state, supply.trace_events(pos, "A2"))
    assert after.units["A2"].has(SUPPLY_REDUCED)
    reduced = pos_at(options=ADVANCED, flags={"A2": [SUPPLY_REDUCED]})
    again = fold(reduced.state, supply.trace_events(reduced, "A2"))
    assert again.units["A2"].has(SUPPLY_DEPLETED)
    short = {"A2": [SUPPLY_REDUCED, SUPPLY_DEPLETED]}
    fed = pos_at(options=ADVANCED, flags=short, events=[points("A-0402", 1)])
    restored = fold(fed.state, supply.trace_events(fed, "A2"))
    assert not restored.units["A2"].has(SUPPLY_REDUCED) and not restored.units["A2"].has(SUPPLY_DEPLETED)


def test_r25_d_3_c_an_unmoved_headquarters_lends_its_full_mps():
    far = [points("A-0204", 1)]
    assert not supply.trace(pos_at(options=ADVANCED, at={"A2": "A-0402"}, events=far), "A2").ok
    lent = pos_at(options=ADVANCED, at={"A2": "A-0402", "AHQ": "A-0204"}, events=far)
    assert supply.trace(lent, "A2").ok and supply.trace(lent, "A2").lender == "AHQ"
    after = fold(lent.state, supply.trace_events(lent, "A2"))  # the Headquarters may not move now
    assert after.units["AHQ"].has(supply.ANCHOR)
    near = pos_at(options=ADVANCED, at={"AHQ": "A-0402"}, events=[points("A-0402", 1)])
    assert supply.trace(near, "A2").lender == ""  # within half its own MPs: no Headquarters needed


def test_r25_d_4_a_trace_picks_up_the_bridging_implements_lying_there():
    boats = Event.of("marker_placed", place="A-0402", marker="boats", side="allied", value=2)
    pos = pos_at(options=ADVANCED, events=[points("A-0402", 2), boats])
    after = fold(pos.state, supply.trace_events(pos, "A2"))
    assert after.marker("A-0402", "boats") is None and after.marker("A-0501", "boats").value == 2


def test_r12_a_1_r17_a_the_headquarters_traced_to_is_the_one_held_not_the_first_passed():
    """A1 made a slow Headquarters (1 MP: half of it takes it nowhere) stands on AE's way to AHQ: AE's
    trace passes A1 and goes on through AHQ, so AHQ is held for this phase (R17.A), not A1."""
    a1 = ('traits = ["infantry"]\nstart = "A-0401"\n'
          'factors = [{ defence = 3, heavy = 1, soft = 4, mp = 4 }, '
          '{ defence = 2, heavy = 0, soft = 2, mp = 4 }]')
    slow_hq = load(edit={a1: a1.replace('"infantry"', '"hq"').replace("mp = 4", "mp = 1")})
    pos = pos_at(slow_hq, at={"A1": "A-0503"})
    found = supply.trace(pos, "AE")
    assert found.ok and found.headquarters == "AHQ" and "A-0503" in found.path
    after = fold(pos.state, supply.trace_events(pos, "AE"))
    assert after.units["AHQ"].has(supply.ANCHOR) and not after.units["A1"].has(supply.ANCHOR)
