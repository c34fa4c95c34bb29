"""The system's [rules] tables are checked when a scenario loads; problems name table and key."""

from __future__ import annotations

import pytest

from tests.rules.fm.helpers import HERE, load
from tui_wargame import scenario_file
from tui_wargame.rules.fm import data
from tui_wargame.scenario_file import ScenarioError

SAND = 'sand = { move = "2", row = "sand" }'


@pytest.mark.parametrize("old, new, problem", [
    (SAND, SAND.replace('"2"', '"two"'), "rules.terrain.sand.move"),
    (SAND, SAND.replace('row = "sand"', 'row = "dunes"'), "rules.terrain.sand.row"),
    (SAND + "\n", "", "rules.terrain: no entry for terrain 'sand'"),
    ('Ae = { attacker', 'AE = { attacker', "rules.crt.results[4]: no rules.crt.key entry for 'Ae'"),
    ('cost = "1/2"\nspecial', 'cost = 0.5\nspecial', "rules.route.track.cost"),
    ('first = "red"', 'first = "green"', "rules.first: no side 'green'"),
    ('first = "red"', 'first = "red"\nhooks = "nowhere"', "rules.hooks: no hooks named 'nowhere'"),
    ('units = ["r4"]', 'units = ["r9"]', "rules.reinforcement[0].units: no unit 'r9'"),
    ('"+8,+9", "+10"]\nsand', '"+8,+9", "+11"]\nsand', "rules.crt.rows.clear: the differentials"),
    ('first = "red"', 'first = "red"\ncommander = { name = "K", side = "green", rule = "X 1" }',
     "rules.commander.side: no side 'green'"),
    ('B = "B Group"\n', "", "rules.formations: no name for formation 'B'"),
])
def test_rules_tables_are_checked(old: str, new: str, problem: str) -> None:
    with pytest.raises(ScenarioError) as exc:
        load(edit={old: new})
    assert any(p.startswith(problem) for p in exc.value.problems), exc.value.problems


def test_the_test_scenario_is_clean() -> None:
    assert load().system == "fm"


def test_the_tables_the_check_structured_serve_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Start-up: loading a scenario structures its rules tables once, for the check and the game
    (a fresh parse: `load` keeps its scenarios, and the tables kept for an old one may be gone)."""
    scenario = scenario_file.parse((HERE / "fm_test.toml").read_text(), HERE / "fm_test.toml")
    monkeypatch.setattr(data, "structure", lambda raw: pytest.fail("structured a second time"))
    assert data.rules_of(scenario).crt.columns
