"""Foxhole R18: the Barrage Phase (participants, spotting, the alternation, computation, smoke,
hits), with R10.D.3, R23.B-C and R25.A.2/A.7 as they touch a barrage."""

from __future__ import annotations

import pytest

from tests.rules.foxhole.helpers import legal, load, position, run
from tui_wargame.model import Event, IllegalOrder
from tui_wargame.rules.foxhole.position import (
    EXPENDED,
    FIRED,
    OVERWATCH,
    PINNED,
    SUPPLIED,
    SUPPRESSED,
    TRACED,
)

SCENARIO = load()
READY = [TRACED, SUPPLIED]  # chose to Trace Supply and did (R18.A.1)
# X2 moved to A-0402 (Clear): 3 hexes from AART (A-0604), 2 from the mortar AMO (A-0603), next to A1.
AT = {"X2": "A-0402"}


def _state(**kw):
    kw.setdefault("at", AT)
    kw.setdefault("flags", {"AART": READY, "AMO": READY})
    return position(SCENARIO, phase="barrage", active="allied", **kw)


def _kinds(events, kind):
    return [e for e in events if e.kind == kind]


def test_r18_a_1_a_battery_that_traced_lists_its_barrage():
    assert "barrage A-0402 AART AMO" in legal(SCENARIO, _state())


def test_r18_a_1_a_battery_that_did_not_trace_may_not_fire():
    with pytest.raises(IllegalOrder) as err:
        run(SCENARIO, _state(flags={}), "barrage A-0402 AART", dice=[5])
    assert err.value.rule == "R18.A"


def test_r18_a_1a_artillery_needs_three_hexes():
    state = _state(at={"X2": "A-0503"})  # 2 hexes from AART
    with pytest.raises(IllegalOrder) as err:
        run(SCENARIO, state, "barrage A-0503 AART", dice=[5])
    assert err.value.rule == "R18.A.1a"


def test_r18_b_a_hex_nobody_spots_may_not_be_barraged():
    state = _state(at={"X2": "A-0402", "A1": "A-0707", "AE": "A-0707", "A2": "A-0707"})
    with pytest.raises(IllegalOrder) as err:
        run(SCENARIO, state, "barrage A-0402 AART", dice=[5])
    assert err.value.rule == "R18.B"


def test_r18_d_1a_quarter_and_three_quarters_make_two_hits_pin():
    # AART 8 soft x FVT 5 (x1) = 8: the owner lays 6 (2 x Defence 3), the firer 2: 8 is 2 hits.
    state, events = run(SCENARIO, _state(), "barrage A-0402 AART", dice=[5])
    assert state.units["X2"].has(PINNED) and state.units["AART"].has(FIRED)
    hits = _kinds(events, "barrage_hits")[0]
    assert hits["results"] == [{"unit": "X2", "applied": "8", "defence": "3", "hits": 2}]


def test_r18_d_1_each_firer_rolls_the_fvt():
    state, events = run(SCENARIO, _state(), "barrage A-0402 AART AMO", dice=[1, 10])
    report = _kinds(events, "barrage")[0]
    assert [(f["firer"], f["soft"]) for f in report["firers"]] == [("AART", "4"), ("AMO", "6")]
    assert report["soft"] == "10"


def test_r18_d_1a_the_owner_lays_his_share_then_the_firer_his():
    state = _state(at={"X2": "A-0402", "X1": "A-0402"})
    state, _ = run(SCENARIO, state, "barrage A-0402 AART AMO", dice=[5, 5])  # 8 + 4 = 12 soft
    assert state.pending.kind == "barrage:apply" and state.pending.side == "axis"
    assert legal(SCENARIO, state) == ["apply X1=9/2 X2=9/2", "apply X1=3 X2=6", "apply X1=6 X2=3"]
    with pytest.raises(IllegalOrder) as err:
        run(SCENARIO, state, "apply X1=9")  # more than 2 x Defence on one, unforced
    assert err.value.rule == "R18.D.1a"
    state, _ = run(SCENARIO, state, "apply X1=3 X2=6")
    assert state.pending.kind == "barrage:apply" and state.pending.side == "allied"
    state, events = run(SCENARIO, state, "apply X1=3")
    assert state.units["X1"].has(PINNED) and state.units["X2"].has(PINNED)  # 6 each: 2 hits


def test_r18_e_1_one_hit_suppresses():
    state, _ = run(SCENARIO, _state(), "barrage A-0402 AMO", dice=[5])  # 4 soft: 1 hit
    assert state.units["X2"].has(SUPPRESSED) and not state.units["X2"].has(PINNED)


def test_r18_c_the_reacting_player_replies_then_two_passes_end_it():
    flags = {"AART": READY, "AMO": READY}
    state, _ = run(SCENARIO, _state(flags=flags), "barrage A-0402 AMO", dice=[5])
    assert state.pending.kind == "barrage:reply" and state.pending.side == "axis"
    assert any(o.startswith("barrage A-0401 XART") for o in legal(SCENARIO, state))
    state, _ = run(SCENARIO, state, "pass")
    assert state.pending is None and "end" not in legal(SCENARIO, state)
    state, _ = run(SCENARIO, state, "pass")
    assert state.values["barrage.over"] is True and legal(SCENARIO, state) == ["end"]


def test_r18_c_a_hex_is_barraged_once_a_phase_by_a_player():
    state, _ = run(SCENARIO, _state(), "barrage A-0402 AMO", "pass", dice=[5])
    with pytest.raises(IllegalOrder) as err:
        run(SCENARIO, state, "barrage A-0402 AART", dice=[5])
    assert err.value.rule == "R18.C"


def test_r18_a_2c_unexpended_defensive_artillery_fires_at_half_and_is_expended():
    state, _ = run(SCENARIO, _state(), "pass")
    state, events = run(SCENARIO, state, "barrage A-0401 XART", dice=[5])
    report = _kinds(events, "barrage")[0]
    assert report["soft"] == "9/2"  # 9 halved (R18.A.2)
    assert state.units["XART"].has(EXPENDED) and state.units["XART"].has(FIRED)


def test_r18_a_2a_overwatching_offensive_artillery_loses_its_overwatch():
    state = position(SCENARIO, phase="barrage", active="axis", at={"X2": "A-0402"},
                     flags={"AART": [OVERWATCH], "XART": []})
    state, _ = run(SCENARIO, state, "pass")
    assert state.pending.side == "allied"
    state, _ = run(SCENARIO, state, "barrage A-0402 AART", dice=[5])
    assert not state.units["AART"].has(OVERWATCH) and not state.units["AART"].has(EXPENDED)


def test_r18_d_2_smoke_barrage_marker_and_reduced_batteries_in_pairs():
    state, events = run(SCENARIO, _state(), "barrage A-0402 smoke AART", dice=[])
    assert state.marker("A-0402", "smoke").value == 1 and not state.units["X2"].flags
    assert state.pending.kind == "barrage:reply"  # the reacting player's turn comes
    reduced = _state(steps={"AART": 1})
    with pytest.raises(IllegalOrder) as err:
        run(SCENARIO, reduced, "barrage A-0402 smoke AART")
    assert err.value.rule == "R18.D.2"
    both = _state(steps={"AART": 1, "AMO": 1})
    state, _ = run(SCENARIO, both, "barrage A-0402 smoke AART AMO")
    assert state.marker("A-0402", "smoke").value == 1


def test_r18_d_1_smoke_in_the_hex_weakens_one_firer():
    smoke = [Event.of("marker_placed", place="A-0402", marker="smoke", value=1)]
    _, events = run(SCENARIO, _state(events=smoke), "barrage A-0402 AART AMO", dice=[5, 5])
    report = _kinds(events, "barrage")[0]
    assert report["smoked"] == ["AART"] and report["soft"] == "10"  # (8 - 2) + 4


def test_r10_d_3_overstacked_units_are_reduced_and_pinned():
    crowd = {u: "A-0402" for u in ("X1", "X2", "XMG", "XE", "XHQ")}
    state = _state(at=crowd, options={"overstacking": "on"})
    state, _ = run(SCENARIO, state, "barrage A-0402 AMO", dice=[1])
    while state.pending is not None and state.pending.kind == "barrage:apply":
        state, _ = run(SCENARIO, state, legal(SCENARIO, state)[0])
    assert state.units["XMG"].steps == 1 and state.units["XMG"].has(PINNED)  # the fifth in id order


def test_r25_a_2_unspotted_barrage_hits_on_two_or_less():
    state = _state(at={"X2": "A-0402", "A1": "A-0707", "AE": "A-0707", "A2": "A-0707"},
                   options={"barrages": "on"})
    _, events = run(SCENARIO, state, "barrage A-0402 AART", dice=[3, 5])
    assert _kinds(events, "barrage")[0]["hit"] is False and not _kinds(events, "barrage_hits")
    state2, events = run(SCENARIO, state, "barrage A-0402 AART", dice=[2, 5])
    assert state2.units["X2"].has(PINNED)


def test_r25_a_7_thirty_soft_firepower_leaves_shellholes():
    available = [Event.of("value_set", key="dawn.available", value={"allied": [
        {"kind": "support", "id": "S1", "siege": False}, {"kind": "air", "id": "AIR1", "siege": False}]})]
    state = _state(events=available, options={"shellholes": "on"})
    state, _ = run(SCENARIO, state, "barrage A-0402 S1 AIR1", dice=[5, 5])
    while state.pending is not None and state.pending.kind == "barrage:apply":
        state, _ = run(SCENARIO, state, legal(SCENARIO, state)[0])
    assert state.marker("A-0402", "shellholes") is not None
    assert state.values["dawn.available"]["allied"] == ()


def _bridge_state(*units):
    bridge = [Event.of("marker_placed", place="A-0306", marker="bridge-foot")]
    return _state(at={"A1": "A-0305", **{u: "A-0306" for u in units}}, events=bridge,
                  options={"bridge-barrages": "on"})


def test_r18_f_2_a_foot_bridge_wrecked_scatters_rafts_and_its_units_leave():
    state, events = run(SCENARIO, _bridge_state("X2"), "barrage A-0306 AART", dice=[5, 2, 1, 1, 2, 3, 3])
    assert state.marker("A-0306", "bridge-foot") is None
    assert [state.marker(h, "rafts").value for h in ("A-0205", "A-0305", "A-0405")] == [2, 1, 2]
    assert state.units["X2"].location == "A-0205"  # the first land hex without enemy units
    assert _kinds(events, "bridge_barraged")[0]["wrecked"] is True


def test_r18_f_an_engineer_on_the_bridge_protects_it():
    state, events = run(SCENARIO, _bridge_state("X2", "XE"), "barrage A-0306 AART", dice=[5])
    while state.pending is not None and state.pending.kind == "barrage:apply":
        state, more = run(SCENARIO, state, legal(SCENARIO, state)[0])
        events += more
    assert state.marker("A-0306", "bridge-foot") is not None and not _kinds(events, "bridge_barraged")


def test_r18_f_an_empty_bridge_hex_is_listed_and_its_barrage_may_wreck_the_bridge():
    bridge = [Event.of("marker_placed", place="A-0306", marker="bridge-foot", side="axis")]
    plain = _state(at={"A1": "A-0305"}, events=bridge)
    assert not any(o.startswith("barrage A-0306 AART") for o in legal(SCENARIO, plain))  # R18.F not in play
    state = _state(at={"A1": "A-0305"}, events=bridge, options={"bridge-barrages": "on"})
    assert "barrage A-0306 AART" in legal(SCENARIO, state)
    state, events = run(SCENARIO, state, "barrage A-0306 AART", dice=[5, 2, 1, 1, 2, 3, 3])
    assert state.marker("A-0306", "bridge-foot") is None and _kinds(events, "bridge_barraged")[0]["wrecked"]
    own = _state(at={"A1": "A-0305"}, options={"bridge-barrages": "on"},
                 events=[Event.of("marker_placed", place="A-0306", marker="bridge-foot", side="allied")])
    assert "barrage A-0306 AART" not in legal(SCENARIO, own)  # one's own bridge is not a target
    bailey = _state(at={"A1": "A-0305"}, options={"bridge-barrages": "on"},
                    events=[Event.of("marker_placed", place="A-0305|A-0306", marker="bridge-bailey",
                                     side="axis")])
    assert "barrage A-0306 AART" in legal(SCENARIO, bailey)  # next to a Bailey Bridge (R18.F.1)


def test_r18_d_explain_shows_each_firers_firepower_the_fvt_and_the_defence():
    from tui_wargame.model import Order, Refusal
    from tui_wargame.rules.foxhole import SYSTEM

    found = SYSTEM.explain(SCENARIO, _state(), Order.parse("barrage A-0402 AART"))
    text = "\n".join(line.text for line in found.lines)
    assert "AART soft 8 -> 8" in text and "FVT x1/2 to x3/2" in text
    assert "X2 (Axis) Defence against a barrage 3 (printed 3); at most 6" in text  # the side by name
    trench = [Event.of("marker_placed", place="A-0402", marker="trenches", value=2)]
    found = SYSTEM.explain(SCENARIO, _state(events=trench), Order.parse("barrage A-0402 AART"))
    assert any("Defence against a barrage 5 (printed 3, Trenches level 2" in line.text
               for line in found.lines)
    refused = SYSTEM.explain(SCENARIO, _state(), Order.parse("barrage A-0503 AART"))
    assert isinstance(refused, Refusal) and refused.rule == "R18.A.1a"


def test_r18_d_words_say_what_the_barrage_did_and_cite_the_rule():
    from tui_wargame.rules.foxhole import SYSTEM

    state = _state()
    _, events = run(SCENARIO, state, "barrage A-0402 AART", dice=[5])
    said = [SYSTEM.describe(SCENARIO, state, e) for e in events if e.kind in ("barrage", "barrage_hits")]
    assert said[0] == ("Allies barrage A-0402 with AART (FVT 5: 2 hard, 8 soft): 2 hard, 8 soft in all "
                       "(R18.D.1)")
    assert said[1] == "barrage on A-0402: X2 took 8 against Defence 3: Pinned (R18.E)"


def test_r9_a_a_battery_firing_at_night_tires_first_and_fires_halved():
    state = position(SCENARIO, phase="barrage", active="allied", turn=2, at=AT,
                     flags={"AART": READY}, options={"night-turns": "on"})
    state, events = run(SCENARIO, state, "barrage A-0402 AART", dice=[5])
    assert state.units["AART"].has("fatigued")
    assert _kinds(events, "barrage")[0]["soft"] == "8/3"  # fatigued and night: halved twice (R2.F)


def test_r18_d_1b_both_players_in_the_hex_the_firer_hits_his_own_first():
    state = _state(at={"X2": "A-0402", "A2": "A-0402"})
    _, events = run(SCENARIO, state, "barrage A-0402 AMO", dice=[5])  # 4 soft
    results = {r["unit"]: r["applied"] for r in _kinds(events, "barrage_hits")[0]["results"]}
    assert results == {"A2": "2", "X2": "4"}  # half on his own; 3/4 + 1/4 of all on the enemy


def test_r18_c_nobody_able_to_fire_the_phase_is_idle():
    from tui_wargame.rules.foxhole import barrage
    from tui_wargame.rules.foxhole.position import Position

    quiet = position(SCENARIO, phase="barrage", active="axis", flags={"XART": [EXPENDED]})
    assert barrage.idle(Position(SCENARIO, quiet))
    assert not barrage.idle(Position(SCENARIO, _state()))


def test_r25_a_5_a_spotter_of_another_service_does_not_spot():
    scenario = load(edit={'traits = ["mortar", "smoke"]': 'traits = ["mortar", "smoke", "service:army"]'})
    state = position(scenario, phase="barrage", active="allied", at=AT, flags={"AMO": READY},
                     options={"inter-service": "on"})
    with pytest.raises(IllegalOrder) as err:
        run(scenario, state, "barrage A-0402 AMO", dice=[5])  # A1 next to it has no service:army
    assert err.value.rule == "R25.A.5"
    assert not any(o.startswith("barrage A-0402") for o in legal(scenario, state))


def test_r5_b_1_fog_weakens_no_barrage_in_an_arctic_winter_morning_r25_c_3():
    """R25.C.1a fog is Smoke, and Smoke does nothing in the dark, which an Arctic winter Morning is
    (R25.C.3): the barrage loses nothing to it, as a Fight or Assault would not."""
    fog = Event.of("value_set", key="weather", value={"fog": True})
    state = _state(events=[fog], options={"arctic": "on"})
    _, events = run(SCENARIO, state, "barrage A-0402 AART", dice=[5])
    assert _kinds(events, "barrage")[0]["smoked"] == []
    _, events = run(SCENARIO, _state(events=[fog]), "barrage A-0402 AART", dice=[5])
    assert _kinds(events, "barrage")[0]["smoked"] == ["AART"]


def test_r18_e_r5_a_4_words_say_why_a_hard_target_took_no_soft_firepower():
    """R5.A.4: only Hard Firepower hits a Hard Vehicle; a barrage of Soft alone says so."""
    from tui_wargame.rules.foxhole import resolve
    from tui_wargame.rules.foxhole.position import Position
    state = _state(at={"XAG": "B-0507", "X2": "B-0505"}, flags={"AMO": READY})
    state, events = run(SCENARIO, state, "barrage B-0507 AMO", dice=[6])
    hits = _kinds(events, "barrage_hits")[0]
    assert hits["untouched"] == {"XAG": "hard"} and hits["results"] == []
    text = resolve.WORDS["barrage_hits"](Position(SCENARIO, state), hits)
    assert "XAG took nothing (a Hard target: only Hard Firepower hits it, R5.A.4)" in text


def test_r18_d_2_smoke_into_an_empty_hex_next_to_the_units_is_offered_and_screens():
    orders = legal(SCENARIO, _state())
    assert "barrage A-0403 smoke AMO" in orders  # empty, next to X2 and to A1: a screen
    assert not [o for o in orders if o.startswith("barrage A-0303 ")]  # empty and unspotted (R18.B)
    unspotted = legal(SCENARIO, _state(options={"barrages": "on"}))  # R25.A.2: no spotting needed
    assert "barrage A-0303 smoke AART" in unspotted  # next to X2
    assert not [o for o in unspotted if o.startswith("barrage A-0204 ")]  # in range, next to no unit
    state, _ = run(SCENARIO, _state(), "barrage A-0403 smoke AMO", dice=[])
    assert state.marker("A-0403", "smoke").value == 1 and not state.units["X2"].flags
    assert "barrage A-0403 smoke AMO" not in legal(SCENARIO, state)  # once a phase (R18.C)
