"""Suez 11.1-11.4 the free set-up option: the British deploy first, then the Central Powers,
each placement checked against the rules' areas, the terrain and the stacking limits."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenarios.suez1916.helpers import legal, run, suez
from tui_wargame.engine import Game
from tui_wargame.model import EMPTY, IllegalOrder, State, fold
from tui_wargame.rules.fm import SYSTEM
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.stacking import overstacked_hexes

SUEZ = suez()


def free() -> State:
    return fold(EMPTY, SYSTEM.setup(SUEZ, {"setup": "free"}))


def test_11_1_the_british_deploy_first_every_counter_waits() -> None:
    state = free()
    assert (state.phase, state.active, state.turn) == ("setup", "british", 0)
    assert not any(SUEZ.grid.on_map(u.location) for u in state.units.values())
    assert state.result is None  # 12.2 does not apply before the game begins
    assert SYSTEM.prompt(SUEZ, state) == ("British, Zero Hour, 4 August: Set-up - deploy each unit in its "
                                          "area (deploy UNIT HEX) (Suez 11.2)")
    assert all(o.startswith("deploy ") for o in legal(state))
    assert {o.split()[1] for o in legal(state)} == {
        u.id for u in SUEZ.units if u.side == "british" and u.start[:1].isdigit()}
    with pytest.raises(IllegalOrder):
        run(state, "end")


def test_11_2_each_placement_is_checked_against_its_area() -> None:
    state = free()
    for order, rule in (("deploy 155a 2031", "Suez 11.2"),   # not beside a trench
                        ("deploy 125a 0637", "Suez 11.2"),   # not on or next to Kantara
                        ("deploy yeo 0638", "Suez 11.2"),    # Hill 40 only
                        ("deploy 31-1 2630", "Suez 11.2"),   # not a British unit
                        ("deploy train 0238", "Suez 13.3")):  # next to Kantara but off the railway
        with pytest.raises(IllegalOrder) as refused:
            run(state, order)
        assert refused.value.rule == rule, order
    for order in ("deploy 155a 0434", "deploy 155a 2228", "deploy 125a 0340", "deploy train 0339",
                  "deploy 1lh 1932", "deploy 158a 2031"):
        run(state, order)


def test_17_1_placements_respect_the_stacking_limits() -> None:
    state, _ = run(free(), "deploy 155a 2128", "deploy 155b 2128")
    with pytest.raises(IllegalOrder) as refused:
        run(state, "deploy 156a 2128")
    assert refused.value.rule == "Suez 17.1"
    state, _ = run(state, "deploy 125a 0239")
    with pytest.raises(IllegalOrder):
        run(state, "deploy train 0239")  # the Reserve's train may not join the 42nd Division


def deploy_all(state: State) -> State:
    while state.phase == "setup":
        state, _ = run(state, legal(state)[0])
    return state


def test_11_4_the_central_powers_deploy_on_or_east_of_26xx_then_the_game_begins() -> None:
    state = free()
    side = state.active
    while state.active == side and state.phase == "setup":
        state, _ = run(state, legal(state)[0])
    assert (state.phase, state.active) == ("setup", "cp")
    assert {o.split()[1] for o in legal(state)} == {
        u.id for u in SUEZ.units if u.side == "cp" and u.start[:1].isdigit()}
    assert all(int(o.split()[2][:2]) >= 26 for o in legal(state))
    with pytest.raises(IllegalOrder) as refused:
        run(state, "deploy 31-1 2530")
    assert refused.value.rule == "Suez 11.4"
    state = deploy_all(state)
    assert (state.phase, state.active, state.turn) == ("movement", "cp", 0)
    pos = Position(SUEZ, state)
    assert len(pos.on_map_units("cp")) == 19 and len(pos.on_map_units("british")) == 26
    assert overstacked_hexes(pos, "cp") == [] and overstacked_hexes(pos, "british") == []


def test_11_3_after_a_free_set_up_units_deployed_west_of_pelusium_wait() -> None:
    state, _ = run(free(), "deploy 155a 0434", "deploy 155b 2128")
    assert state.units["155a"].has("waits-activation") and not state.units["155b"].has("waits-activation")
    state = deploy_all(state)
    hooks = Position(SUEZ, state).hooks
    pos = Position(SUEZ, state)
    assert hooks.awaits_activation(pos, "155a") and not hooks.awaits_activation(pos, "155b")


def test_11_1_a_free_set_up_game_saves_and_verifies(tmp_path: Path) -> None:
    with Game.new(SUEZ, tmp_path / "free.toml", seed=11, options={"setup": "free"}) as game:
        while game.state.phase == "setup":
            game.submit(next(o for o in game.legal_orders() if o.verb == "deploy"))
        game.submit("end")
        assert game.verify() == []
        assert game.records[0].order == "setup free"


def test_11_2_a_placement_may_not_leave_another_unit_nowhere_to_go() -> None:
    """The armoured train can only go on the railway beside Kantara (0239, 0339), and it may not
    stack with the 42nd Division (17.1)."""
    state, _ = run(free(), "deploy 125a 0239", "deploy 125b 0239")
    with pytest.raises(IllegalOrder) as refused:
        run(state, "deploy 126a 0339")
    assert "would leave train nowhere" in str(refused.value) and refused.value.rule == "Suez 11.2"
    assert "deploy 126a 0339" not in legal(state) and "deploy train 0339" in legal(state)
    assert "deploy 126a 0340" in legal(state)
