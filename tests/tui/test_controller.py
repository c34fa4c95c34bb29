"""The map controller without Textual: cursor, selection, the path being built, the order a key gives."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.players.helpers import game_at
from tests.rules.fm.helpers import load as fm_load
from tests.rules.fm.helpers import position as fm_position
from tests.rules.fm.helpers import run as fm_run
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.savefile import Record
from tui_wargame.tui.answers import Choose, Confirm, Give, Note
from tui_wargame.tui.controller import MapController


def to_combat(game: Game) -> None:
    """Red's r1 next to Blue's b1 on Ford Hill (0402), in Red's combat phase."""
    for order in ("move r1 0201 0301 0401", "end"):
        game.submit(order)


def test_the_controller_imports_no_textual() -> None:
    code = "import sys, tui_wargame.tui.controller; print(any(m.startswith('textual') for m in sys.modules))"
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == "False"


def test_the_cursor_starts_on_a_unit_of_the_side_to_act_and_stops_at_the_edges(game: Game) -> None:
    control = MapController(game)
    assert control.viewer == "red" and control.cursor == "0101"  # r1's hex
    control.step(-1, 0)
    control.step(0, -1)
    assert control.cursor == "0101"  # the map's first column and row
    control.step(1, 0)
    control.step(0, 1)
    assert control.cursor == "0202"
    for _ in range(9):
        control.step(1, 1)
    assert control.cursor == "0605"  # the testbed is six columns by five rows


def test_enter_selects_an_own_unit_and_cycles_through_a_stack(game: Game) -> None:
    control = MapController(game)
    control.cursor = "0402"  # Blue's b1: not Red's to select
    assert not control.select_here() and control.selected is None
    game.submit("move r2 0101")  # r2 joins r1
    control.cursor = "0101"
    assert control.act() is None and control.selected == "r1"
    control.path = ("0201",)
    assert control.act() is None and control.selected == "r2" and control.path == ()
    assert control.act() is None and control.selected == "r1"


def test_enter_moves_onto_a_friend_it_can_reach_and_s_selects(game: Game) -> None:
    control = MapController(game)
    assert control.select() is None and control.selected == "r1"
    control.cursor = "0102"  # r2's hex, one step away: Enter stacks r1 there
    assert control.act() == Give("move r1 0102")
    assert control.select() is None and control.selected == "r2"  # s takes r2 instead
    control.cursor = "0505"
    assert control.select() == Note("No unit of yours to select in 0505")


def test_the_orders_menu_is_the_side_to_acts_only(game: Game) -> None:
    control = MapController(game, viewer="blue")
    assert control.orders() == Note("It is for Red to give orders now")


def test_tab_selects_the_next_unit_with_an_order_left_and_moves_the_cursor_to_it(game: Game) -> None:
    control = MapController(game)
    assert control.next_unit() is None and (control.selected, control.cursor) == ("r1", "0101")
    assert control.next_unit() is None and (control.selected, control.cursor) == ("r2", "0102")
    assert control.next_unit() is None and control.selected == "r1"  # round again
    game.submit("move r1 0201")
    game.submit("move r2 0202")
    assert control.next_unit() == Note("No unit has an order left to give; e ends the phase")


def test_a_path_built_hex_by_hex_gives_the_move_along_it(game: Game) -> None:
    control = MapController(game)
    assert control.waypoint() is None and control.path == ()  # nothing selected: no path
    control.select_here()
    control.cursor = "0301"
    assert control.waypoint() == Note("0301 is not next to 0101; step the path hex by hex")
    for label in ("0201", "0301"):
        control.cursor = label
        assert isinstance(control.waypoint(), Note)
    assert control.path == ("0201", "0301")
    assert control.move() == Give("move r1 0201 0301")


def test_a_move_without_a_path_takes_the_legal_orders_own_path(game: Game) -> None:
    control = MapController(game)
    assert control.move() == Note("Select a unit first (Enter on it, or Tab)")
    control.select_here()
    control.cursor = "0401"
    assert control.move() == Give("move r1 0201 0301 0401")
    control.cursor = "0505"  # the lake: no move goes there
    assert control.move() == Note("1st Red Rifles cannot reach 0505 now")
    control.cursor = "0201"
    assert control.act() == Give("move r1 0201")  # Enter on a hex the selected unit can reach moves it


def test_the_orders_for_the_target_hex(game: Game) -> None:
    to_combat(game)
    control = MapController(game)
    control.cursor = "0402"
    answer = control.act()  # Enter on an enemy: the orders against it
    assert isinstance(answer, Choose) and answer.title == "Orders against 0402"
    assert {o.text for o in answer.orders} == {"attack r1 0402", "scout r1 0402"}
    control.cursor = "0101"  # an empty hex
    assert control.attack() == Note("Orders against 0101: no legal orders here now")


def test_a_decision_owed_is_offered_as_the_choice(game: Game) -> None:
    to_combat(game)
    game.submit("attack r1 0402")  # seed 7: D1, Blue must retreat or lose a step
    control = MapController(game)
    answer = control.act()
    assert isinstance(answer, Choose) and answer.title == game.state.pending.prompt
    assert "retreat b1 0502" in {o.text for o in answer.orders}
    assert answer.finish is None and answer.picks == ()  # the default: every legal order, listed
    assert control.end_phase() == Note("Answer the decision first (Enter shows its answers)")


def test_ending_a_phase_with_units_still_able_to_act_asks_first(game: Game) -> None:
    control = MapController(game)
    answer = control.end_phase()
    assert answer == Confirm("End the movement phase.\n\n2 units could still act: r1, r2.\n\nEnd it anyway?",
                             "end")
    game.submit("move r1 0201")
    game.submit("move r2 0202")
    assert control.end_phase() == Give("end")


def test_the_units_still_able_to_act_are_named_eight_at_most_and_the_step_ending_is_named(
        tmp_path: Path) -> None:
    """Suez zero hour (F&M 4.0): the Central Powers' movement phase ends, its units counted."""
    with Game.new(scenario_file.find("suez1916"), tmp_path / "g.toml", seed=1) as game:
        answer = MapController(game).end_phase()
    assert isinstance(answer, Confirm)
    ending, units, question = answer.question.split("\n\n")  # a paragraph each in the dialog
    assert ending == "End the Central Powers movement phase; the combat phase follows (F&M 4.0)."
    assert units.startswith("19 units could still act: ") and units.endswith(" and 11 more.")
    assert units.count(", ") == 7 and question == "End it anyway?"


def test_ending_the_declaration_names_it_and_the_units_beside_targets(tmp_path: Path) -> None:
    """Suez zero hour, combat (F&M 7.1): with an attack declared, e ends the declaring, not the
    phase, and names the units in the hexes attacks could still come from."""
    with Game.new(scenario_file.find("suez1916"), tmp_path / "g.toml", seed=3) as game:
        for order in ("move 31-2 2228", "move 31-1 2229", "end", "attack 2128 2228"):
            game.submit(order)
        answer = MapController(game).end_phase()
    assert isinstance(answer, Confirm)
    assert answer.question.startswith("End the declaration of Central Powers attacks")
    assert "\n\n1 unit could still act: 31-1.\n\n" in answer.question


def test_a_refused_order_comes_back_as_a_note_and_changes_nothing(game: Game) -> None:
    control = MapController(game)
    refused = control.give("move r1 0505")
    assert isinstance(refused, Note) and refused.refused
    assert refused.text.startswith("Refused: ") and refused.text.endswith("(Testbed 2)")
    assert len(game.records) == 1
    given = control.give("move r1 0201")
    assert isinstance(given, Record) and given.order == "move r1 0201" and len(game.records) == 2


def test_after_new_records_the_path_is_dropped_and_a_unit_gone_from_the_map_deselected(game: Game) -> None:
    control = MapController(game)
    control.select_here()
    control.cursor = "0201"
    control.waypoint()
    game.submit("move r1 0201")
    control.records_appended()
    assert control.path == () and control.selected == "r1"  # still on the map
    control.selected = "gone"
    control.records_appended()
    assert control.selected is None


def test_the_rule_system_is_asked_once_per_record(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def counting(name: str) -> Callable[..., Any]:
        real = getattr(game.capabilities, name)

        def ask(*args: Any) -> Any:  # noqa: ANN401 - the rule system's own types
            asked.append(name)
            return real(*args)

        return ask

    for name in ("reach", "layers"):
        monkeypatch.setattr(game.capabilities, name, counting(name))
    control = MapController(game)
    control.select_here()
    control.show_toggled = True
    for _ in range(3):
        control.overlay()
        control.reach()
    assert sorted(asked) == ["layers", "reach"]
    game.submit("move r2 0202")
    control.overlay()
    control.reach()
    assert len(asked) == 4  # a new record: each asked again, once


def test_ending_a_phase_with_orders_but_no_unit_left_counts_them_and_names_the_step(tmp_path: Path) -> None:
    """The Foxhole proving ground's Dawn Briefing (R23): the end names the step by the rulebook
    (the rule system's `order_note`) and counts the orders still open in plain English."""
    from tests.rules.foxhole.helpers import load

    with Game.new(load(), tmp_path / "g.toml", seed=1) as game:
        answer = MapController(game).end_phase()
    assert isinstance(answer, Confirm)
    ending, what, _ = answer.question.split("\n\n")
    assert ending == "End the Axis Dawn Briefing."
    assert what == "1 order could still be given (e.g. sortie rail-gun 1pm)."


def test_a_hex_in_reach_that_the_stacking_rule_refuses_is_told_with_the_reason(tmp_path: Path) -> None:
    """F&M 5.3 (house rule): b4's move to 0706 would leave b1 and b2 no room to leave 0806, which
    b3 has overfilled; the map does not mark 0706, and m or Enter there says why, with the rule,
    where before it said only that b4 cannot reach it."""
    scenario = fm_load(edit={'formation = "B"\ntraits = ["mobile"]': 'formation = "A"\ntraits = ["mobile"]'})
    state = fm_position(scenario, {"r1": "0605", "r2": "0705", "b1": "0806", "b2": "0806", "b3": "0706",
                                   "b4": "0606"}, active="blue")
    state, _ = fm_run(scenario, state, "move b3 0806")
    control = MapController(game_at(scenario, state, tmp_path))
    control.cursor = "0606"
    assert control.select_here() and control.selected == "b4"
    control.cursor = "0706"
    why = Note("Not to 0706: b4 in 0706 would leave 0806 overstacked: b1 and b2 could not both find room "
               "elsewhere (3 units in 0806, the limit is 2) (F&M 5.3)")
    assert control.move() == why and control.act() == why
    control.cursor = "0506"
    assert control.move() == Give("move b4 0506")
