"""Help pages built from the scenario's own data: the key map, tables (the CRT) and the terrain chart."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from attrs import evolve

from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.tui.glyphs import ASCII
from tui_wargame.tui.help import keys_text, tables_text, terrain_text
from tui_wargame.tui.info import Namer


def test_key_map_lists_every_binding_with_its_id() -> None:
    from tui_wargame.tui.game import GameScreen

    text = keys_text([("Game", GameScreen.BINDINGS)]).plain
    for binding in GameScreen.BINDINGS:
        assert binding.id in text
    assert "[ ]" not in text and "leftsquarebracket" not in text


def test_tables_show_grids_under_their_column_headers(game: Game) -> None:
    text = tables_text(game, Namer(game, ASCII)).plain
    assert "     -2 -1  0  1  2\n  1  A1 A1 A1 NE NE\n" in text
    assert "crt_columns" not in text  # shown as the CRT's header instead


def test_nested_tables_as_a_system_may_keep_them(game: Game) -> None:
    rules = {"crt": {"columns": ["1", "2"], "results": [["A1", "D1"], ["D1", "De"]],
                     "key": {"De": {"defender": {"eliminate": True}}}}}
    fake = SimpleNamespace(scenario=evolve(game.scenario, rules=rules), side_name=game.side_name)
    text = tables_text(fake, Namer(fake, ASCII)).plain  # type: ignore[arg-type]
    assert "crt\n  results\n        1  2\n    1  A1 D1\n    2  D1 De\n" in text
    assert "  key\n    De\n      defender\n        eliminate: True" in text


def test_terrain_chart_joins_the_rule_tables_to_each_terrain(game: Game) -> None:
    text = terrain_text(game, Namer(game, ASCII), ASCII).plain
    assert "%%  Woods            move_cost 3/2" in text
    assert "~   river            hexside_cost 1" in text
    assert "=   road             route_cost 1/2" in text


def test_the_unit_panel_gives_the_rules_that_matter_now(game: Game) -> None:
    from tui_wargame.tui.info import unit_panel

    names = Namer(game, ASCII)
    before = unit_panel(game, game.state, "r1", names, concealed=frozenset(), reach={}).plain
    assert "Testbed 2" not in before
    game.submit("move r1 0201")
    after = unit_panel(game, game.state, "r1", names, concealed=frozenset(), reach={}).plain
    assert "has moved this phase (Testbed 2)" in after


def test_the_panel_shows_the_movement_allowance_the_rules_give(tmp_path) -> None:  # noqa: ANN001
    """Suez 15.1 doubles Central Powers movement on the Zero Hour turn: the panel says so."""
    from tui_wargame import scenario_file
    from tui_wargame.tui.info import unit_panel

    game = Game.new(scenario_file.find("suez1916"), tmp_path / "s.toml", seed=1)
    uid = next(u for u, s in game.state.units.items()
               if game.scenario.grid.on_map(s.location) and game.scenario.unit[u].side == "cp"
               and u.startswith("31-"))
    printed = game.scenario.unit[uid].factors[0]["move"]
    text = unit_panel(game, game.state, uid, Namer(game, ASCII), concealed=frozenset(), reach={}).plain
    assert f"MP left {2 * printed} of {2 * printed}" in text
    game.close()


@pytest.mark.parametrize("scenario_id", ["suez1916", "gaza1917"])
def test_the_tables_page_opens_on_the_crt_and_shows_no_python_repr(scenario_id: str, tmp_path: Path) -> None:
    with Game.new(scenario_file.find(scenario_id), tmp_path / "g.toml", seed=1) as game:
        told = tables_text(game, Namer(game, ASCII)).plain
    assert told.startswith("crt\n")
    assert "['" not in told and "{'" not in told and "[{" not in told
