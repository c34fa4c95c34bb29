"""Suez 13.1 Kress, 13.2 reduction counters, 13.3 the armoured train, 14.1 the canal,
14.2 trenches."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.scenarios.suez1916.helpers import legal, of_kind, position, run, suez
from tui_wargame.model import IllegalOrder
from tui_wargame.rules.fm.combat import odds
from tui_wargame.rules.fm.movement import path_cost
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.zoc import in_enemy_zoc

SUEZ = suez()


def cp_declared():
    state = position({"31-1": "0842", "31-2": "0941", "yeo": "0843", "nzmr": "0940"}, clear=True,
                     turn="4am", phase="combat")
    state, _ = run(state, "attack 0843 0842", "attack 0940 0941")
    return state


def test_13_1_kress_shifts_the_one_attack_he_assists_one_column_right() -> None:
    state = cp_declared()
    assert {"kress 0843", "kress 0940"} <= set(legal(state))
    before = odds(Position(SUEZ, state), "0843", ["31-1"])
    state, _ = run(state, "kress 0843")
    after = odds(Position(SUEZ, state), "0843", ["31-1"])
    assert after["column_index"] == before["column_index"] + 1
    assert after["shifts"] == [{"by": 1, "reason": "Kress von Kressenstein (Suez 13.1)"}]
    assert odds(Position(SUEZ, state), "0940", ["31-2"])["shifts"] == []
    assert not any(o.startswith("kress") for o in legal(state))
    with pytest.raises(IllegalOrder) as refused:
        run(state, "kress 0940")
    assert refused.value.rule == "Suez 13.1"


def test_13_1_kress_is_reused_each_turn_and_never_on_the_defensive() -> None:
    state, _ = run(cp_declared(), "kress 0843")
    later = state.replace(turn=2)  # the same phase a turn later: Kress is free again
    assert "kress 0843" in legal(later)
    british = position({"31-1": "0842", "yeo": "0843"}, clear=True, turn="4am", active="british",
                       phase="combat", flags={"yeo": "activated"})
    british, _ = run(british, "attack 0842 0843")
    assert not any(o.startswith("kress") for o in legal(british))
    with pytest.raises(IllegalOrder):
        run(british, "kress 0842")


def test_13_1_kress_stays_off_the_map_and_out_of_combat() -> None:
    state = cp_declared()
    assert state.units["kress"].location == "set-aside"
    assert "kress" not in Position(SUEZ, state).on_map_units("cp")


def test_13_2_a_brigade_group_has_three_steps_then_is_removed() -> None:
    spec = SUEZ.unit["155a"]
    assert [f["attack"] for f in spec.factors] == [4, 3, 1]
    state = position({"155a": "2128"}, clear=True, turn="4am")
    pos = Position(SUEZ, state)
    for steps, attack in ((3, 4), (2, 3), (1, 1)):
        pos = pos.at(pos.state.replace(units={**pos.state.units,
                                               "155a": pos.state.units["155a"].__class__("2128", steps)}))
        assert pos.factor("155a", "attack") == attack


def test_13_3_the_armoured_train_moves_only_along_the_railway_and_ignores_zocs() -> None:
    state = position({"train": "0936", "31-1": "1034", "31-2": "0837"}, clear=True, turn="4am",
                     active="british", flags={"train": "activated"})
    moves = [o.split()[1:] for o in legal(state) if o.startswith("move train")]
    rail = next(r for r in SUEZ.map.route if r.kind == "railway").hexes
    assert moves and all(set(m[1:]) <= set(rail) for m in moves)
    pos = Position(SUEZ, state)
    assert in_enemy_zoc(pos, "british", "1035") and in_enemy_zoc(pos, "british", "0836")
    state, _ = run(state, "move train 1035 1135 1134 1233")  # through the ZOC of 31-1
    assert state.units["train"].location == "1233"
    with pytest.raises(IllegalOrder):
        run(position({"train": "0936"}, clear=True, turn="4am", active="british",
                     flags={"train": "activated"}), "move train 0937")


def test_14_1_a_british_unit_crosses_at_0139_0239_with_its_whole_allowance() -> None:
    state = position({"3lh": "0139"}, clear=True, turn="4am", active="british",
                     flags={"3lh": "activated"})
    state_pos = Position(SUEZ, state)
    assert path_cost(state_pos, "3lh", ["0239"], "0139") == Fraction(8)
    assert [o for o in legal(state) if o.startswith("move 3lh") and "0239" in o] == ["move 3lh 0239"]
    state, _ = run(state, "move 3lh 0239")
    assert state.units["3lh"].location == "0239"


def test_14_1_no_crossing_elsewhere_nor_after_moving_nor_for_the_central_powers() -> None:
    state = position({"3lh": "0138", "31-1": "0240"}, clear=True, turn="4am", active="british",
                     flags={"3lh": "activated"})
    with pytest.raises(IllegalOrder):
        run(state, "move 3lh 0238")
    with pytest.raises(IllegalOrder):
        run(state, "move 3lh 0139 0239")  # must start in 0139 or 0239
    cp = position({"31-1": "0239"}, clear=True, turn="4am")
    assert not any(o.startswith("move 31-1") and "0139" in o.split() for o in legal(cp))


def test_14_1_no_zoc_and_no_combat_across_the_canal() -> None:
    state = position({"31-1": "0238", "3lh": "0138"}, clear=True, turn="4am", phase="combat")
    pos = Position(SUEZ, state)
    assert not in_enemy_zoc(pos, "cp", "0238") and not in_enemy_zoc(pos, "british", "0138")
    assert legal(state) == ["end"]
    crossing = position({"31-1": "0239", "3lh": "0139"}, clear=True, turn="4am", phase="combat")
    assert legal(crossing) == ["end"]


def test_14_2_a_trench_hexside_costs_one_more_mp_either_way() -> None:
    state = position({"155a": "2128"}, clear=True, turn="4am", active="british")
    pos = Position(SUEZ, state)
    assert SUEZ.terrain_at("2228").id == "sand"
    assert path_cost(pos, "155a", ["2228"], "2128") == Fraction(3)
    cp = position({"31-1": "2228"}, clear=True, turn="4am")
    assert SUEZ.terrain_at("2128").id == "sand"
    assert path_cost(Position(SUEZ, cp), "31-1", ["2128"], "2228") == Fraction(3)


def test_14_2_the_trench_line_when_every_attacker_crosses_a_trench_hexside() -> None:
    state = position({"155a": "2128", "31-1": "2228", "31-2": "2227", "31-3": "2028"}, clear=True,
                     turn="4am", phase="combat")
    pos = Position(SUEZ, state)
    assert odds(pos, "2128", ["31-1", "31-2"])["row"] == "town"
    assert odds(pos, "2128", ["31-1", "31-2", "31-3"])["row"] == "sand"  # one attacker not across


def test_14_2_trenches_benefit_only_the_british() -> None:
    state = position({"31-1": "2128", "155a": "2228"}, clear=True, turn="4am", active="british",
                     phase="combat")
    assert odds(Position(SUEZ, state), "2128", ["155a"])["row"] == "sand"


def test_14_2_a_trench_serves_only_the_defender_behind_it() -> None:
    """The trench line 2128|2228 faces east: a British unit in 2228, in front of it, attacked
    from 2128 behind it, gets no trench row."""
    state = position({"155a": "2228", "31-1": "2128"}, clear=True, turn="4am", phase="combat")
    assert odds(Position(SUEZ, state), "2228", ["31-1"])["row"] == "sand"


def test_14_2_trenches_do_not_hinder_a_retreat_or_an_advance() -> None:
    state = position({"31-1": "2228", "31-2": "2228", "31-3": "2227", "155a": "2128"}, clear=True,
                     turn="4am", phase="combat")
    # 9 against 5 on the trench line: +4, column 7; die 1: D2
    state, events = run(state, "attack 2128 2228", "attack 2128 2227", "end", "resolve 2128", dice=[1])
    fight = of_kind(events, "combat")[0]
    assert (fight["row"], fight["result"]) == ("town", "D2")
    retreat = next(o for o in legal(state) if o.startswith("retreat 155a "))
    state, _ = run(state, retreat)
    assert state.units["155a"].location == retreat.split()[-1]
    assert "advance 31-3 2128" in legal(state)
    state, _ = run(state, "advance 31-3 2128")
    assert state.units["31-3"].location == "2128"
