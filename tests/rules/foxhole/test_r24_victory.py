"""Foxhole R24: sector control, losses, the scenario's victory conditions, control points."""

from __future__ import annotations

import pytest

from tests.rules.foxhole.helpers import HERE, FixedDice, load, position, run
from tui_wargame import scenario_file
from tui_wargame.dice import Dice
from tui_wargame.model import Event, Order, fold
from tui_wargame.rules.foxhole import SYSTEM, effects, standing, victory
from tui_wargame.rules.foxhole.position import Position
from tui_wargame.scenario_file import ScenarioError

SCENARIO = load()
AWAY = "reinforcements"  # a box, to clear units off the map without counting losses
CLEAR_S = {"X1": AWAY, "X2": AWAY, "XMG": AWAY, "XE": AWAY, "XAT": AWAY, "XAG": AWAY}


def with_victory(table: str, edit: dict[str, str] | None = None):
    """The proving ground with `table` as its `[rules.victory]` (in place of its own block)."""
    text = (HERE / "proving.toml").read_text().split("# --- fx-victory ---")[0]
    for old, new in (edit or {}).items():
        text = text.replace(old, new)
    return scenario_file.parse(text + "\n" + table, HERE / "proving.toml")


def _pos(scenario=SCENARIO, **kw) -> Position:
    return Position(scenario, position(scenario, phase="combat", active="allied", **kw))


def test_r24_a_1_the_status_from_the_counts():
    assert standing.classify(0, 0) == "" and standing.classify(1, 0) == "secure"
    assert standing.classify(10, 1) == "control" and standing.classify(9, 1) == "contest"
    assert standing.classify(1, 11) == "contest" and standing.classify(1, 12) == ""


def test_r24_a_1_a_secure_needs_no_enemy_in_the_sector():
    pos = _pos(at={**CLEAR_S, "A1": "B-0606"})
    assert standing.status(pos, "allied", "B", "S") == "secure"
    assert standing.status(pos, "axis", "B", "S") == ""
    assert standing.has_status(pos, "allied", "B", "S", "contest")


def test_r24_a_1_c_a_few_units_among_many_contest():
    pos = _pos(at={"A1": "B-0606"})
    assert standing.status(pos, "allied", "B", "S") == "contest"
    assert standing.status(pos, "axis", "B", "S") == "contest"
    assert not standing.has_status(pos, "allied", "B", "S", "control")


def test_r24_a_1_partisans_do_not_count():
    scenario = with_victory("", edit={'traits = ["infantry"]\nstart = "A-0401"':
                                      'traits = ["partisan"]\nstart = "A-0401"'})
    pos = _pos(scenario, at={**CLEAR_S, "A1": "B-0606"})
    assert standing.status(pos, "allied", "B", "S") == ""


def test_r24_a_2_reduced_counts_one_eliminated_two_reduced_again_two():
    state = position(SCENARIO, phase="combat", active="axis")
    state = fold(state, effects.reduce(Position(SCENARIO, state), "A1"))
    state = fold(state, effects.eliminate(Position(SCENARIO, state), "A2"))
    pos = Position(SCENARIO, state)
    assert standing.unit_losses(pos, "A1") == 1 and standing.unit_losses(pos, "A2") == 2
    assert standing.losses(pos, "allied") == 3 and standing.losses(pos, "axis") == 0
    healed = fold(state, [Event.of("step_lost", unit="A1", steps=2)])  # a Hospital restores it (R7.A.7)
    again = fold(healed, effects.reduce(Position(SCENARIO, healed), "A1"))
    assert standing.unit_losses(Position(SCENARIO, again), "A1") == 2


GOAL = """
[rules.victory]
otherwise = "axis"
otherwise_level = "marginal"

[[rules.victory.goal]]
winner = "allied"
level = "decisive"
tests = [{ test = "sector", status = "control", maphex = "B", sectors = ["S"] },
         { test = "losses", at_most = 1 }]
"""


def test_r24_b_the_goal_met_at_the_end_wins():
    scenario = with_victory(GOAL)
    events = victory.at_end(_pos(scenario, at={**CLEAR_S, "A1": "B-0606"}), FixedDice([]))
    ended = next(e for e in events if e.kind == "game_ended")
    assert ended["winner"] == "allied" and ended["level"] == "decisive" and "R24" in ended["reason"]
    assert events[-1].kind == "carry-over"


def test_r24_b_no_goal_met_the_otherwise_side_wins():
    scenario = with_victory(GOAL)
    pos = _pos(scenario, at={**CLEAR_S, "A1": "B-0606", "A2": "eliminated"}, steps={"A2": 0})
    ended = next(e for e in victory.at_end(pos, FixedDice([])) if e.kind == "game_ended")
    assert ended["winner"] == "axis" and ended["level"] == "marginal"
    # a sentence of its own after "Axis wins (marginal).", not "...: Axis win" again
    assert ended["reason"] == "No goal was met by the last Full Turn (R24.B)"


def test_r24_b_without_conditions_a_draw():
    scenario = with_victory("")
    ended = next(e for e in victory.at_end(_pos(scenario), FixedDice([])) if e.kind == "game_ended")
    assert (ended["winner"] == "" and ended["level"] == "draw"
            and ended["reason"].startswith("The last Full Turn"))


def test_r24_d_5_a_goal_met_at_any_time_ends_the_game_at_a_player_turns_end():
    table = """
[rules.victory]
[[rules.victory.goal]]
winner = "allied"
when = "any"
tests = [{ test = "hexes", hexes = ["B-0404"] }]
"""
    scenario = with_victory(table)
    state = position(scenario, phase="vehicle-assault", active="allied", at={"A1": "B-0404"})
    state, events = run(scenario, state, "end")
    assert state.result is not None and state.result.winner == "allied"
    assert any(e.kind == "carry-over" for e in events)
    early = position(scenario, phase="vehicle-assault", active="allied")
    events = SYSTEM.resolve(scenario, early, Order("end"), Dice(3, 1)).events  # on to the next weather
    assert not any(e.kind == "game_ended" for e in events)


def test_r24_b_a_verdict_cites_its_rule_once():
    table = GOAL.replace('tests = [{ test = "sector", status = "control", maphex = "B", sectors = ["S"] },\n'
                         '         { test = "losses", at_most = 1 }]',
                         'tests = [{ test = "hexes", hexes = ["B-0606"] }]')
    ended = next(e for e in victory.at_end(_pos(with_victory(table), at={"A1": "B-0606"}), FixedDice([]))
                 if e.kind == "game_ended")
    assert ended["winner"] == "allied" and ended["reason"].endswith("B-0606 (R24.B)")
    assert ended["reason"].count("(R24.B)") == 1


def test_r24_d_5_the_mission_tests():
    pos = _pos(at={**CLEAR_S, "A1": "B-0606", "A2": "off-map", "X1": "eliminated"}, steps={"X1": 0},
               events=[Event.of("marker_placed", place="B-0403", marker="burnt-out", value="scrub")])
    assert victory.holds(pos, "allied", {"test": "hexes", "hexes": ["B-0606", "B-0404"], "at_least": 1})
    assert not victory.holds(pos, "allied", {"test": "hexes", "hexes": ["B-0606", "B-0404"]})
    assert victory.holds(pos, "allied", {"test": "exits", "box": "off-map", "at_least": 1})
    assert not victory.holds(pos, "allied", {"test": "exits", "box": "off-map", "all": True})
    assert victory.holds(pos, "allied", {"test": "fewer-losses"})
    assert victory.holds(pos, "allied", {"test": "fewer-losses", "times": 2})
    assert victory.holds(pos, "allied", {"test": "eliminated", "at_most": 0})
    assert victory.holds(pos, "axis", {"test": "losses", "at_least": 2})
    assert victory.holds(pos, "allied", {"test": "burnt-out", "maphex": "B", "at_least": 1})
    assert not victory.holds(pos, "allied", {"test": "burnt-out", "maphex": "B", "share": "more-than-half"})


def test_r24_d_5_pillage_counts_building_features_and_scorched_earth_a_building_on_rough():
    """R24.D.5 Pillage: the Building feature on Clear B-0503 is one of the hexes to burn; Scorched
    Earth: a Building on Rough (which cannot burn) makes that hex one that can (Chart 2)."""
    burnt = [Event.of("marker_placed", place=h, marker="burnt-out", value="rough")
             for h in ("B-0504", "B-0404")]
    pillage = {"test": "burnt-out", "maphex": "B", "share": "all",
               "types": ["building", "tall-building", "buildings", "tall-buildings"]}
    assert not victory.holds(_pos(events=burnt), "axis", pillage)
    also = Event.of("marker_placed", place="B-0503", marker="burnt-out", value="clear")
    assert victory.holds(_pos(events=[*burnt, also]), "axis", pillage)
    building = [Event.of("marker_placed", place="B-0302", marker="building")]
    assert victory._can_burn(_pos(events=building), "B-0302") and not victory._can_burn(_pos(), "B-0302")


def test_r24_d_5_total_war_burnt_out_markers_set_against_losses_inflicted():
    fires = [Event.of("marker_placed", place=h, marker="burnt-out", value="clear", side="axis")
             for h in ("A-0401", "A-0402")]
    total_war = {"test": "score", "own": "burnt-out", "enemy": "losses-inflicted"}
    pos = _pos(events=fires, at={"X1": "eliminated"}, steps={"X1": 0})  # 2 markers against 2 losses
    assert not victory.holds(pos, "axis", total_war)
    pos = _pos(events=fires, steps={"X1": 1}, flags={"X1": [effects.ONCE_REDUCED]})  # against 1 loss
    assert victory.holds(pos, "axis", total_war)
    assert victory.score(pos, "allied", "losses-inflicted") == 1


def test_r24_c_control_points_and_the_tie_to_the_defensive_side():
    pos = _pos(at={**CLEAR_S, "A1": "B-0606"})
    assert standing.control_points(pos, "allied", ["B"]) == 7  # Secure S
    empty = _pos(at={**{u.id: AWAY for u in SCENARIO.units}})
    assert standing.control_points(empty, "allied") == standing.control_points(empty, "axis") == 0
    assert victory.holds(empty, "axis", {"test": "control-points"})  # a tie: the Offensive retreats
    assert not victory.holds(empty, "allied", {"test": "control-points"})
    assert not victory.holds(empty, "axis", {"test": "control-points", "ties": "none"})


def test_r24_d_5_sectors_contested_at_some_time_are_remembered():
    table = """
[rules.victory]
[[rules.victory.goal]]
winner = "allied"
tests = [{ test = "sectors-ever", status = "secure", maphex = "B", sectors = ["S", "N"], at_least = 2 }]
"""
    scenario = with_victory(table)
    first = _pos(scenario, at={**CLEAR_S, "A1": "B-0606"})
    state = fold(first.state, victory.remember(first))
    assert victory.ever(Position(scenario, state)) == {"allied": {"secure": ["B:S"]}}
    assert victory.remember(Position(scenario, state)) == []
    north = set(standing.sector_hexes(first, "B", "N"))
    clear_n = [Event.of("unit_placed", unit=u, to=AWAY) for u in first.units_of("axis")
               if first.location(u) in north]
    later = fold(state, [Event.of("unit_placed", unit="A1", to="A-0401"), *clear_n,
                         Event.of("unit_placed", unit="A2", to="B-0401")])
    assert victory.holds(Position(scenario, later), "allied", table_test(scenario))


def table_test(scenario):
    return scenario.rules["victory"]["goal"][0]["tests"][0]


def test_r24_points_are_losses_inflicted_or_control_points():
    pos = _pos(at={"X1": "eliminated"}, steps={"X1": 0})
    assert victory.points(pos) == {"allied": 2, "axis": 0}
    scenario = with_victory('[rules.victory]\npoints = "control"\nmaphexes = ["B"]\n')
    state = _pos(scenario, at={**CLEAR_S, "A1": "B-0606"}).state
    assert SYSTEM.victory_points(scenario, state)["allied"] == 7


def test_r24_b_bad_conditions_are_named():
    bad = """
[rules.victory]
otherwise = "nobody"
colour = 1
[[rules.victory.goal]]
winner = "allied"
when = "later"
tests = [{ test = "sector", status = "own", maphex = "Z", sectors = ["X"] }, { test = "hexes" },
         { test = "fly" }, { test = "exits", box = "moon", at_least = -1 }]
"""
    with pytest.raises(ScenarioError) as caught:
        with_victory(bad)
    text = str(caught.value)
    for part in ("rules.victory.colour", "rules.victory.otherwise", "goal[0].when", "tests[0].status",
                 "tests[0].maphex", "tests[0].sectors", "tests[1]: hexes needs hexes", "tests[2].test",
                 "tests[3].box", "tests[3].at_least"):
        assert part in text, part
    assert SYSTEM.check_scenario(SCENARIO) == []

