"""Suez 14.1 the canal and 14.2 trenches."""

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
    with pytest.raises(IllegalOrder) as refused:
        run(state, "attack 0138 0238")
    assert refused.value.rule == "Suez 14.1"


def test_14_1_refusals_cite_14_1() -> None:
    """The canal is an exclusive rule: a move across it is refused citing 14.1, not F&M 5.2."""
    cp = position({"31-1": "0239"}, clear=True, turn="4am")
    with pytest.raises(IllegalOrder) as refused:
        run(cp, "move 31-1 0139")
    assert refused.value.rule == "Suez 14.1"
    with pytest.raises(IllegalOrder) as refused:
        run(position({"31-1": "0238"}, clear=True, turn="4am"), "move 31-1 0138")
    assert refused.value.rule == "Suez 14.1"


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


def test_14_1_the_armoured_train_never_crosses_off_its_railway() -> None:
    """Suez 13.3 over 14.1: the crossing is no railway, so the train at 0239 may not take it
    (found by a long random game of the free set-up, where the train was deployed at 0239)."""
    state = position({"train": "0239"}, clear=True, turn="4am", active="british",
                     flags={"train": "activated"})
    assert not any(o.startswith("move train") and "0139" in o.split() for o in legal(state))
    with pytest.raises(IllegalOrder, match="Suez 13.3"):
        run(state, "move train 0139")
