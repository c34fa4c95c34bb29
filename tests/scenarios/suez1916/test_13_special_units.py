"""Suez 13.1 Kress, 13.2 reduction counters, 13.3 the armoured train."""

from __future__ import annotations

import pytest

from tests.scenarios.suez1916.helpers import legal, position, run, suez
from tui_wargame.model import IllegalOrder
from tui_wargame.rules.fm.combat import odds
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
    with pytest.raises(IllegalOrder) as refused:
        run(position({"train": "0936"}, clear=True, turn="4am", active="british",
                     flags={"train": "activated"}), "move train 0937")
    assert refused.value.rule == "Suez 13.3"  # not F&M 5.2: the exclusive rule is the reason
