"""Gaza 12.0 victory: 12.1 British instant victory in both Gaza hexes, 12.2 Central Powers
instant victory on the railway on or south of Dir el Belah, 12.3-12.4 the VP table."""

from __future__ import annotations

from tests.scenarios.gaza1917.helpers import SCENARIO, of_kind, position, run
from tui_wargame.rules.fm import SYSTEM
from tui_wargame.rules.fm.position import Position
from tui_wargame.rules.fm.victory import final_verdict

LAST_TURN = len(SCENARIO.turns) - 1


def test_gaza_12_1_british_units_in_both_gaza_hexes_win_at_once() -> None:
    state = position({"155Bde": "0914", "156Bde": "1013"})
    state, events = run(SCENARIO, state, "move 156Bde 0913")
    assert state.result is not None and state.result.winner == "br"
    assert "Gaza 12.1" in state.result.reason


def test_gaza_12_1_one_gaza_hex_is_not_enough() -> None:
    state = position({"155Bde": "0914", "156Bde": "1013", "163R": "0913"})
    state, _ = run(SCENARIO, state, "move 156Bde 1012")
    assert state.result is None


def test_gaza_12_1_both_gaza_hexes_as_the_planners_hold() -> None:
    """`instant_holds` states 12.1 as data: the British win holding both Gaza hexes."""
    pos = Position(SCENARIO, position({}))
    (hold,) = pos.hooks.instant_holds(pos)
    assert hold.side == "br" and hold.hexes == {"0913", "0914"}


def test_gaza_12_2_an_ottoman_unit_on_the_railway_at_dir_el_belah_wins_at_the_end_of_the_turn() -> None:
    state = position({"3Cav1": "1821"}, phase="combat", active="cp")
    state, events = run(SCENARIO, state, "end")
    assert state.result is not None and state.result.winner == "cp"
    assert "Gaza 12.2" in state.result.reason


def test_gaza_12_2_not_before_the_end_of_the_game_turn_and_not_north_of_dir_el_belah() -> None:
    on_rail_north = position({"3Cav1": "1820"}, phase="combat", active="cp")
    state, _ = run(SCENARIO, on_rail_north, "end")
    assert state.result is None
    mid_turn = position({"3Cav1": "1922"})  # the British player turn is not the end of a game turn
    state, _ = run(SCENARIO, mid_turn, "end", "end")
    assert state.result is None and state.active == "cp"


def test_gaza_12_2_german_units_do_not_count() -> None:
    state = position({"1AK": "2021"}, phase="combat", active="cp")
    state, _ = run(SCENARIO, state, "end")
    assert state.result is None


def test_gaza_12_2_the_ottoman_units_and_the_railway_as_the_planners_goal() -> None:
    """`instant_goals` states 12.2 as data: Ottoman units (not German) and the railway from Dir el
    Belah south."""
    pos = Position(SCENARIO, position({"3Cav1": "1922", "1AK": "2021"}))
    (goal,) = pos.hooks.instant_goals(pos)
    assert goal.side == "cp" and "3Cav1" in goal.units and "1AK" not in goal.units
    assert "1821" in goal.hexes and "1820" not in goal.hexes


def test_gaza_12_4_a_british_unit_on_the_hex_scores_its_vp() -> None:
    state = position({"155Bde": "0702", "156Bde": "1210", "3Cav1": "0107"})
    assert SYSTEM.victory_points(SCENARIO, state)["br"] == 3


def test_gaza_12_3_the_vp_table() -> None:
    cases = [({}, "cp", "decisive"),
             ({"155Bde": "0712"}, "cp", "operational"),
             ({"155Bde": "0107", "156Bde": "1310"}, "cp", "tactical"),
             ({"155Bde": "0107", "156Bde": "2101", "157Bde": "1310"}, "", "draw"),
             ({"155Bde": "0107", "156Bde": "2101", "157Bde": "2103", "158Bde": "1310"}, "br", "tactical"),
             ({"155Bde": "0107", "156Bde": "2101", "157Bde": "2103", "158Bde": "0702", "159Bde": "0712",
               "160Bde": "1210", "161Bde": "1310"}, "br", "operational"),
             ({"155Bde": "0107", "156Bde": "2101", "157Bde": "2103", "158Bde": "0702", "159Bde": "0913",
               "160Bde": "0712", "161Bde": "1210", "162Bde": "1310", "163Bde": "1607"}, "br", "decisive")]
    for at, winner, level in cases:
        verdict = final_verdict(Position(SCENARIO, position(at)))
        assert (verdict.winner, verdict.level) == (winner, level), at


def test_gaza_12_3_the_game_ends_after_19_april_evening() -> None:
    assert SCENARIO.turns[LAST_TURN].name == "19 April Evening"
    state = position({"155Bde": "0712"}, phase="combat", active="cp", turn=LAST_TURN)
    state, events = run(SCENARIO, state, "end")
    ended = of_kind(events, "game_ended")
    assert ended and (ended[0]["winner"], ended[0]["level"]) == ("cp", "operational")
