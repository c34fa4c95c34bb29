"""Markers and structured values as `show` prints them and as the narrative tells them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tui_wargame.cli import main
from tui_wargame.engine import Game
from tui_wargame.model import EMPTY, Event, Scenario, apply
from tui_wargame.narrative import describe
from tui_wargame.savefile import Record, create
from tui_wargame.views import state_view

MARKED = (
    Event.of("marker_placed", place="0402", marker="trenches", value=2, side="blue"),
    Event.of("marker_placed", place="0402", marker="smoke"),
    Event.of("marker_placed", place="0501", marker="mines", id="a", side="red", value=1, hidden=True),
    Event.of("value_set", key="weather", value={"sky": "storm", "forecast": ["clear", "overcast"]}),
)


def marked_save(testbed: Scenario, tmp_path: Path) -> Path:
    """A testbed save whose set-up record also places markers and sets the weather."""
    game = Game.new(testbed, tmp_path / "g.toml", seed=3)
    game.close()
    setup = game.records[0]
    path = tmp_path / "marked.toml"
    create(path, game.header, [Record(0, "", "setup", setup.order, (*setup.events, *MARKED))])
    return path


def test_show_json_lists_markers_by_place_and_values_as_plain_data(
        testbed: Scenario, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = marked_save(testbed, tmp_path)
    with Game.open(path, scenario_dirs=[TESTBED_DIR]) as game:
        view = state_view(game)
    assert view["markers"] == {
        "0402": [{"kind": "trenches", "id": "", "side": "blue", "value": 2, "hidden": False},
                 {"kind": "smoke", "id": "", "side": "", "value": None, "hidden": False}],
        "0501": [{"kind": "mines", "id": "a", "side": "red", "value": 1, "hidden": True}],
    }
    assert view["values"] == {"weather": {"sky": "storm", "forecast": ["clear", "overcast"]}}
    assert main(["--scenarios", str(TESTBED_DIR), "show", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["markers"] == view["markers"]
    assert main(["--scenarios", str(TESTBED_DIR), "show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "0402       trenches (2) of Blue, smoke" in out
    assert "0501       mines a (1) of Red (face down)" in out


def test_each_marker_event_is_one_sentence_and_a_face_down_marker_stays_untold(game: Game) -> None:
    state = EMPTY
    told = []
    for e in (
        *MARKED,
        Event.of("marker_changed", place="0402", marker="trenches", value=3),
        Event.of("marker_changed", place="0402", marker="smoke", becomes="burnt_out"),
        Event.of("marker_changed", place="0501", marker="mines", id="a", value=2),
        Event.of("marker_changed", place="0501", marker="mines", id="a", hidden=False),
        Event.of("marker_changed", place="0501", marker="mines", id="a", hidden=True),
        Event.of("marker_removed", place="0501", marker="mines", id="a"),
        Event.of("marker_removed", place="0402", marker="burnt_out"),
    ):
        told.append(describe(game, state, e))
        state = apply(state, e)
    assert told == [
        "A trenches marker (2) of Blue is placed in Ford Hill (0402)",
        "A smoke marker is placed in Ford Hill (0402)",
        "A face-down marker is placed in Village (0501)",
        None,
        "The trenches marker (2) of Blue in Ford Hill (0402) becomes a trenches marker (3) of Blue",
        "The smoke marker in Ford Hill (0402) becomes a burnt out marker",
        "A face-down marker in Village (0501) changes",
        "A face-down marker in Village (0501) is turned face up: a mines marker (2) of Red",
        "The mines marker (2) of Red in Village (0501) is turned face down",
        "A face-down marker in Village (0501) is removed",
        "The burnt out marker in Ford Hill (0402) is removed",
    ]
