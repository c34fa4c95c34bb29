"""Foxhole R19.B.6.g-h: sapping under enemy Defensive Works, and tunnels."""

from __future__ import annotations

import pytest

from tests.rules.foxhole.activity_helpers import QUIET, SCENARIO, act, mark
from tests.rules.foxhole.helpers import FixedDice, legal, run
from tui_wargame.model import Event, IllegalOrder, State, fold
from tui_wargame.rules.foxhole import sapping, seizure
from tui_wargame.rules.foxhole.position import Position

TARGET = "A-0502"  # two hexes from QUIET (A-0504), beyond A-0503
WORKS = mark(TARGET, "trenches", 2, side="axis")


def _refused(state, order, rule):
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, state, order)
    assert exc.value.rule == rule, exc.value


def _with(state: State, **values: object) -> State:
    return state.replace(values={**state.values, **values})


def _nearly(state: State, order: str, units: list[str]) -> State:
    key = f"{QUIET}/{order.split()[0]}"
    rec = {"done": "199/200", "assisted": "0", "hex": QUIET, "units": units, "order": order, "helpers": []}
    return _with(state, **{"activities.progress": {key: rec}})


def test_r19_b_6_g_a_sap_costs_100_mps_a_hex_one_sapper_and_one_assistant_a_hex():
    state = act({"AE": QUIET, "AMN": QUIET, "A1": QUIET, "X1": TARGET}, markers=[WORKS])
    assert f"sap AE {TARGET}" in legal(SCENARIO, state)
    _refused(state, f"sap A1 {TARGET}", "R19.B.6.g")  # only Combat and Construction Engineers
    after, events = run(SCENARIO, state, f"sap AE {TARGET}", "assist AMN AE")
    assert [e["cost"] for e in events if e.kind == "activity"] == ["200", "400"]  # Assisting MPs count double
    _refused(act({"AE": QUIET, "X1": TARGET}, markers=[WORKS]), "sap AE A-0503", "R19.B.6.g")  # no work there


def test_r19_b_6_g_no_cooperation_on_a_sap():
    state = act({"AE": QUIET, "AMN": QUIET}, markers=[WORKS])
    state = _with(state, **{"activities.progress": {f"{QUIET}/sap": {
        "done": "1/50", "assisted": "0", "hex": QUIET, "units": ["AMN"], "order": f"sap {TARGET}",
        "helpers": []}}})
    _refused(state, f"sap AE {TARGET}", "R19.B.6.g")


def test_r19_b_6_g_the_finished_line_and_5_supply_points_spring_the_sap():
    state = _nearly(act({"AE": QUIET, "X1": TARGET}, markers=[WORKS]), f"sap {TARGET}", ["AE"])
    after, _ = run(SCENARIO, state, f"sap AE {TARGET}")
    assert after.values[sapping.SAPS] == {QUIET: {"side": "allied", "target": TARGET}}
    assert after.marker(QUIET, "sapping") is not None
    ready = act({"AE": QUIET, "X1": TARGET}, markers=[WORKS, mark(QUIET, "sapping"),
                                                      mark(QUIET, "supply-points", 4)])
    ready = _with(ready, **{sapping.SAPS: {QUIET: {"side": "allied", "target": TARGET}}})
    _refused(ready, "spring AE", "R19.B.6.g")  # four Supply Points are not enough
    ready = act({"AE": QUIET, "X1": TARGET}, markers=[WORKS, mark(QUIET, "sapping"),
                                                      mark(QUIET, "supply-points", 5)])
    ready = _with(ready, **{sapping.SAPS: {QUIET: {"side": "allied", "target": TARGET}}})
    assert "spring AE" in legal(SCENARIO, ready)
    after, _ = run(SCENARIO, ready, "spring AE")
    assert after.marker(TARGET, "trenches") is None and after.marker(QUIET, "supply-points") is None
    assert after.units["X1"].steps == 1 and sapping.saps(Position(SCENARIO, after)) == {}


def test_r19_b_6_h_a_tunnel_into_a_sap_line_undoes_it_and_goes_when_the_enemy_takes_its_end():
    sap = {"A-0504": {"side": "allied", "target": TARGET}}  # its line runs through A-0503
    state = act({"XE": "A-0403"}, active="axis", markers=[WORKS])
    state = _with(state, **{sapping.SAPS: sap})
    state = _with(state, **{"activities.progress": {"A-0403/tunnel": {
        "done": "99/100", "assisted": "0", "hex": "A-0403", "units": ["XE"], "order": "tunnel A-0503",
        "helpers": []}}})
    assert Position(SCENARIO, state).distance("A-0403", "A-0503") == 1
    after, events = run(SCENARIO, state, "tunnel XE A-0503")
    assert sapping.saps(Position(SCENARIO, after)) == {} and any(e.kind == "sap_lost" for e in events)
    assert sapping.tunnels(Position(SCENARIO, after)) == [("A-0403", "A-0503", "axis")]
    pos = Position(SCENARIO, after)
    assert sapping.exits(pos, "X1", "A-0403") == ["A-0503"]  # a non-Motorized Company of the diggers'
    gone = sapping.kept(Position(SCENARIO, _occupy(after, "A1", "A-0503")))
    assert any(e.kind == "value_set" and e["key"] == sapping.TUNNELS and not e["value"] for e in gone)


def _occupy(state: State, uid: str, hex: str) -> State:
    return fold(state, [Event.of("unit_placed", unit=uid, to=hex)])


def test_r19_b_a_unit_that_traced_no_supply_is_told_so_before_anything_about_the_sap():
    state = act({"AE": QUIET, "X1": TARGET}, markers=[WORKS], untraced=["AE"])
    _refused(state, f"sap AE {QUIET}", "R19.B")


def test_r19_b_6_h_a_company_retreats_through_its_tunnel_and_is_lost_into_an_enemy_held_exit():
    exit_ = "A-0104"  # four hexes from QUIET
    state = _with(act({"A1": QUIET}), **{sapping.TUNNELS: [[QUIET, exit_, "allied"]]})
    pos = Position(SCENARIO, state)
    assert pos.distance(QUIET, exit_) > 2
    assert exit_ in seizure.retreat_hexes(pos, "A1", QUIET, [])
    events = seizure.move_back(pos, "A1", QUIET, exit_, FixedDice([]))
    after = fold(state, events)
    assert after.units["A1"].location == exit_ and events[0]["rule"] == "R19.B.6.h"  # the retreat ends there
    held = _occupy(state, "X1", exit_)
    pos = Position(SCENARIO, held)
    assert exit_ in seizure.retreat_hexes(pos, "A1", QUIET, [])
    events = seizure.move_back(pos, "A1", QUIET, exit_, FixedDice([]))
    assert fold(held, events).units["A1"].location == "eliminated"
    enemy = _with(act({"X1": QUIET}, active="axis"), **{sapping.TUNNELS: [[QUIET, exit_, "allied"]]})
    assert exit_ not in seizure.retreat_hexes(Position(SCENARIO, enemy), "X1", QUIET, [])  # not its side's
