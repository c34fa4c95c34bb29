"""Foxhole R7.A.14-18 (optional "partisans"): Partisans do not spot; Police and Security find them."""

from __future__ import annotations

from tests.rules.foxhole.helpers import FixedDice, load, position
from tui_wargame.model import fold
from tui_wargame.rules.foxhole import firing, partisans
from tui_wargame.rules.foxhole.position import Position

ON = {"partisans": "on"}
#: A1 a Partisan company (Allies), XHQ turned into an Axis Police company.
SCENARIO = load(edit={'traits = ["infantry"]\nstart = "A-0401"': 'traits = ["partisan"]\nstart = "A-0401"',
                      'traits = ["hq"]\nstart = "B-0403"': 'traits = ["police"]\nstart = "B-0403"'})


def _pos(options=ON, **kw) -> Position:
    state = position(SCENARIO, phase="activities-movement", active="allied", options=options, **kw)
    return Position(SCENARIO, state)


def test_r7_a_14_a_partisan_never_spots():
    """R7.A.14: the barrage rules' spotting leaves Partisans out (one rule, `firing.spotted`)."""
    pos = _pos(at={"A1": "B-0402", "A2": "A-0401"})
    assert not firing.spotted(pos, "allied", "B-0403")
    assert firing.spotted(_pos(at={"A2": "B-0402"}), "allied", "B-0403")


def test_r7_a_14_a_partisan_spots_like_any_company_when_the_italic_rule_is_not_in_play():
    pos = _pos(options={}, at={"A1": "B-0402", "A2": "A-0401"})
    assert firing.spotted(pos, "allied", "B-0403")


def test_r7_a_15_a_partisan_next_to_police_is_found_on_3_in_10_and_reduced():
    pos = _pos(at={"A1": "B-0402"})  # next to the Police in B-0403
    events = partisans.on_enter(pos, "A1", "B-0402", FixedDice([3]))
    after = fold(pos.state, events)
    assert events[0]["chance"] == 3 and events[0]["discovered"]
    assert after.units["A1"].steps == 1 and after.units["A1"].has(partisans.DISCOVERED)
    assert partisans.on_enter(pos, "A1", "B-0402", FixedDice([4]))[0]["discovered"] is False


def test_r7_a_15_police_entering_a_partisans_hex_find_it_on_7_in_10():
    pos = _pos(at={"A1": "B-0302", "XHQ": "B-0302"})
    events = partisans.on_enter(pos, "XHQ", "B-0302", FixedDice([7]))
    assert events[0]["unit"] == "A1" and events[0]["chance"] == 7 and events[0]["discovered"]


def test_r7_a_18_no_roll_away_from_hunters_or_for_other_units():
    pos = _pos(at={"A1": "A-0401"})
    assert partisans.on_enter(pos, "A1", "A-0401", FixedDice([])) == []
    assert partisans.on_enter(pos, "A2", "A-0501", FixedDice([])) == []
    assert partisans.on_enter(_pos(options={}, at={"A1": "B-0402"}), "A1", "B-0402", FixedDice([])) == []
