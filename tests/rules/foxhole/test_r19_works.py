"""Foxhole R19.B.3-5: Defensive Works, Fortifications and Traps."""

from __future__ import annotations

import pytest

from tests.rules.foxhole.activity_helpers import QUIET, SCENARIO, act, mark
from tests.rules.foxhole.helpers import legal, run
from tui_wargame.model import IllegalOrder


def _kinds(state, place=QUIET):
    return {m.kind: m.value for m in state.markers.get(place, ())}


def _refused(state, order, rule):
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, state, order)
    assert exc.value.rule == rule, exc.value


def _cost(events):
    return next(e for e in events if e.kind == "activity")["cost"]


def test_r19_b_3_engineers_halve_digging():
    _, events = run(SCENARIO, act({"AE": QUIET}), "dig AE scrapes")
    assert _cost(events) == "6"


def test_r19_b_3_c_trench_level_1_replaces_foxholes():
    state = act({"AE": QUIET, "A1": QUIET, "A2": QUIET}, markers=[mark(QUIET, "foxholes")])
    after, _ = run(SCENARIO, state, "dig AE trenches", "dig A1 trenches")  # 4/7 + 4/14 of the work
    assert _kinds(after) == {"foxholes": None}
    after, _ = run(SCENARIO, after, "dig A2 trenches")  # the last 1/7: 2 of A2's MPs
    assert _kinds(after) == {"trenches": 1} and after.units["A2"].spent == 2


def test_r19_b_3_d_trench_level_2_costs_5_from_level_1_and_14_from_scrapes():
    _, events = run(SCENARIO, act({"A1": QUIET}, markers=[mark(QUIET, "trenches", 1)]), "dig A1 trenches")
    assert _cost(events) == "5"
    _, events = run(SCENARIO, act({"A1": QUIET}, markers=[mark(QUIET, "scrapes")]), "dig A1 trenches")
    assert _cost(events) == "14"
    assert next(e for e in events if e.kind == "activity")["what"] == "Trench level 2"


def test_r19_b_3_f_trench_level_4_completes_and_no_fifth():
    state = act({"A1": QUIET}, markers=[mark(QUIET, "trenches", 3)])
    after, _ = run(SCENARIO, state, "dig A1 trenches 4")
    assert _kinds(after) == {"trenches": 3}
    state = act({"A1": QUIET, "A2": QUIET}, markers=[mark(QUIET, "trenches", 3)])
    after, _ = run(SCENARIO, state, "dig A1 trenches", "dig A2 trenches")
    assert _kinds(after) == {"trenches": 4}
    _refused(act({"A1": QUIET}, markers=[mark(QUIET, "trenches", 4)]), "dig A1 trenches", "R19.B.3.f")


def test_r19_b_3_one_defensive_work_per_hex():
    state = act({"A1": QUIET}, markers=[mark(QUIET, "foxholes")])
    _refused(state, "dig A1 scrapes", "R19.B.3")
    assert "dig A1 scrapes" not in legal(SCENARIO, state)
    _refused(act({"A1": QUIET}), "dig A1 trenches", "R19.B.3.c")


def test_r19_b_4_a_pillbox_from_scrapes_by_engineers_only():
    state = act({"AE": QUIET, "A1": QUIET}, markers=[mark(QUIET, "scrapes")])
    _refused(state, "build A1 pillbox", "R19.B.4.a")
    after, events = run(SCENARIO, state, "build AE pillbox")
    assert _cost(events) == "12" and _kinds(after) == {"scrapes": None}  # 4 of 12 MPs
    assert "assist A1 AE" not in legal(SCENARIO, after)  # only Engineers Assist Fortifications


def test_r19_b_4_b_errata_scrapes_dug_beside_a_pillbox_make_an_unimproved_fort():
    state = act({"AE": QUIET}, markers=[mark(QUIET, "pillbox")])
    assert "dig AE scrapes" in legal(SCENARIO, state)  # the prerequisite stands beside (errata)
    after, _ = run(SCENARIO, state, "dig AE scrapes 4")
    assert set(_kinds(after)) == {"pillbox"}
    both = act({"AE": QUIET}, markers=[mark(QUIET, "pillbox"), mark(QUIET, "scrapes")])
    progress = {"activities.progress": {f"{QUIET}/fort-unimproved": {
        "done": "2/3", "assisted": "0", "hex": QUIET, "units": ["AE"], "order": "build fort-unimproved"}}}
    both = both.replace(values={**both.values, **progress})
    after, _ = run(SCENARIO, both, "build AE fort-unimproved")
    assert _kinds(after) == {"fort-unimproved": None}


def test_r19_b_4_c_improved_fort_needs_the_fort_and_foxholes():
    state = act({"AE": QUIET}, markers=[mark(QUIET, "fort-unimproved")])
    _refused(state, "build AE fort-improved", "R19.B.4.c")
    assert "dig AE foxholes" in legal(SCENARIO, state)


def test_r19_b_5_c_any_company_lays_wire():
    after, _ = run(SCENARIO, act({"A1": QUIET}), "trap A1 wire")
    assert _kinds(after) == {"wire": None}
    _refused(act({"A1": QUIET}, markers=[mark(QUIET, "wire")]), "trap A1 wire", "R19.B.5.c")


def test_r19_b_5_mines_by_engineers_only_and_three_levels_at_most():
    _refused(act({"A1": QUIET}), "trap A1 mines", "R19.B.5")
    state = act({"AE": QUIET}, markers=[mark(QUIET, "mines", 1)])
    after, _ = run(SCENARIO, state, "trap AE tank-traps")
    assert _kinds(after) == {"mines": 1, "tank-traps": 1}
    full = act({"AE": QUIET}, markers=[mark(QUIET, "mines", 2), mark(QUIET, "wire")])
    _refused(full, "trap AE tank-traps", "R19.B.5")
    assert not [o for o in legal(SCENARIO, full) if o.startswith("trap AE")]


def test_r19_b_5_b_a_second_mine_level_raises_the_marker():
    state = act({"AE": QUIET, "A1": QUIET}, markers=[mark(QUIET, "mines", 1)])
    after, _ = run(SCENARIO, state, "trap AE mines")
    assert _kinds(after) == {"mines": 1}  # 4 of 6
    after, _ = run(SCENARIO, after, "assist A1 AE")  # the last 2, paid double
    assert _kinds(after) == {"mines": 2} and after.units["A1"].spent == 4
