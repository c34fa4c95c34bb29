"""Suez 17.0 stacking: the limits of each side, units moving one by one, stacks attacking together."""

from __future__ import annotations

import pytest

from tests.scenarios.suez1916.helpers import legal, position, run, start, suez
from tui_wargame.model import IllegalOrder
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import overstack

SUEZ = suez()


def test_17_1_central_powers_three_units_of_any_formation() -> None:
    pos = Position(SUEZ, start())
    assert overstack(pos, "2842", ["31-1", "ak-1", "scc"]) is None
    assert "Suez 17.1" in str(overstack(pos, "2842", ["31-1", "ak-1", "scc", "31-2"]))


def test_17_1_british_two_units_of_one_division_or_the_reserve() -> None:
    pos = Position(SUEZ, start())
    assert overstack(pos, "0842", ["155a", "155b"]) is None
    assert overstack(pos, "0842", ["icc", "mobc"]) is None
    assert "Suez 17.1" in str(overstack(pos, "0842", ["155a", "125a"]))
    assert "Suez 17.1" in str(overstack(pos, "0842", ["155a", "155b", "157a"]))


def test_17_1_no_stacking_in_marsh() -> None:
    pos = Position(SUEZ, start())
    assert SUEZ.terrain_at("0825").id == "marsh"
    assert "marsh" in str(overstack(pos, "0825", ["31-1", "31-2"]))


def test_17_2_stacked_units_move_one_by_one() -> None:
    state = position({"31-1": "2842", "31-2": "2842", "155a": "2128"}, clear=True, turn="4am")
    state, _ = run(state, "move 31-1 2742")
    assert state.units["31-2"].location == "2842"


def test_17_3_a_stack_attacks_together() -> None:
    state = position({"31-1": "0842", "31-2": "0842", "yeo": "0843"}, clear=True, turn="4am",
                     phase="combat")
    state, _ = run(state, "attack 0843 0842")
    assert all(state.units[u].has("attacks:0843") for u in ("31-1", "31-2"))


def test_17_1_an_overstacked_phase_ends_refused_under_17_1() -> None:
    """The refusal cites the exclusive rule that replaces F&M 5.3's limits."""
    state = position({"31-1": "2842", "31-2": "2842", "31-3": "2842", "32-1": "2843"}, clear=True, turn="4am")
    state, _ = run(state, "move 32-1 2842")
    with pytest.raises(IllegalOrder) as refused:
        run(state, "end")
    assert refused.value.rule == "Suez 17.1" and "2842" in str(refused.value)


# F&M 5.3 (house rule) with 17.1: no move ends where the units that can no longer leave are too
# many. The armoured train moves only along the railway (13.3), so where it may go depends on who
# holds the line; found by benchmarks/ai.py (greedy British): both halves of the 126th Brigade
# joined the train at Romani, the train had no move, and the phase could never end.

ACTIVE = {"train": "activated", "126a": "activated", "126b": "activated"}


def test_5_3_no_unit_joins_the_armoured_train_where_its_railway_is_cut() -> None:
    """The train at Romani (2031) with an enemy on the line's next hex has no move at all (13.3),
    so no unit of another formation may end beside it."""
    state = position({"train": "2031", "31-1": "1932", "126a": "2131", "126b": "2130"}, clear=True,
                     turn="4pm", active="british", flags=ACTIVE)
    assert not any(o.startswith("move train") for o in legal(state))
    assert not any(o.split()[-1] == "2031" for o in legal(state))
    with pytest.raises(IllegalOrder) as refused:
        run(state, "move 126a 2031")
    assert refused.value.rule == "Suez 17.1" and "may not move away" in str(refused.value)
    assert "end" in legal(state)


def test_5_3_a_unit_whose_every_hex_is_refused_stays() -> None:
    """With the line cut at 1732, the train reaches only 1932 and 1831; once units of the 52nd
    Division have moved into both, neither takes it (17.1), so it stays and 126a may not join it."""
    state = position({"train": "2031", "31-1": "1732", "126a": "2131", "155a": "2032", "157a": "1931"},
                     clear=True, turn="4pm", active="british", flags=ACTIVE)
    assert "move 126a 2031" in legal(state)  # the train may still leave
    state, _ = run(state, "move 155a 1932", "move 157a 1831")
    assert not any(o.startswith("move train") for o in legal(state))
    assert "move 126a 2031" not in legal(state)
    with pytest.raises(IllegalOrder) as refused:
        run(state, "move 126a 2031")
    assert refused.value.rule == "Suez 17.1"


def test_5_3_no_move_takes_the_last_way_out_of_an_overstacked_hex() -> None:
    """126a has joined the train at Romani (overstacked: the train must leave). The train may go
    to 1932 or 1831; 155a may take one, but 157a may not then take the other."""
    state = position({"train": "2031", "31-1": "1732", "126a": "2131", "155a": "2032", "157a": "1931"},
                     clear=True, turn="4pm", active="british", flags=ACTIVE)
    state, _ = run(state, "move 126a 2031", "move 155a 1932")
    assert "move 157a 1831" not in legal(state) and "move 157a 1830" in legal(state)
    with pytest.raises(IllegalOrder) as refused:
        run(state, "move 157a 1831")
    assert (refused.value.rule == "Suez 17.1" and "train" in str(refused.value)
            and "2031" in str(refused.value))
    state, _ = run(state, "move train 1932 1831")
    assert "end" in legal(state)


def test_16_0_no_rail_move_ends_beside_a_train_that_cannot_leave() -> None:
    """Suez 16.0 with the house rule: 155b may not go by rail from 1932 to Romani, where the train
    can go nowhere (its two hexes hold units of the 52nd Division that have moved)."""
    state = position({"train": "2031", "31-1": "1732", "155a": "1931", "155b": "1932", "157a": "2032"},
                     clear=True, turn="4pm", active="british", flags=ACTIVE)
    state, _ = run(state, "move 155a 1831", "move 157a 1932")
    assert "rail 155b 2031" not in legal(state)
    with pytest.raises(IllegalOrder) as refused:
        run(state, "rail 155b 2031")
    assert refused.value.rule == "Suez 17.1"
