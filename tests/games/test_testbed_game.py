"""Whole scripted games: played through the CLI to the end, reloaded, replayed and verified."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tui_wargame.cli import main
from tui_wargame.engine import Game

HERE = Path(__file__).parent


def script(name: str) -> list[str]:
    lines = (HERE / name).read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def test_the_river_crossing_plays_to_its_verdict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "river.toml"
    sc = ["--scenarios", str(TESTBED_DIR)]
    assert main([*sc, "new", "testbed", "--seed", "2024", "--out", str(save)]) == 0
    orders = script("testbed_river.txt")
    for order in orders:
        assert main([*sc, "order", str(save), order]) == 0, order
    capsys.readouterr()
    assert main([*sc, "show", str(save), "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["over"] and view["result"] == {"winner": "blue", "level": "victory",
                                               "reason": "2 VP to 1 (Testbed 6)"}
    assert view["control"] == {"0402": "blue", "0501": "red"}
    eliminated = [u["id"] for u in view["units"] if u["where"] == "eliminated"]
    assert eliminated == ["r2"]
    assert main([*sc, "verify", str(save)]) == 0
    capsys.readouterr()
    assert main([*sc, "replay", str(save), "--text"]) == 0
    story = capsys.readouterr().out
    assert "2nd Red Rifles (r2) is eliminated" in story
    assert story.rstrip().endswith("The game ends: Blue wins (victory). 2 VP to 1 (Testbed 6)")
    with Game.open(save, scenario_dirs=[TESTBED_DIR]) as game:
        assert [r.order for r in game.records[1:]] == orders
        final = game.state
        # Re-playing the orders from any point onward reaches the same end.
        for seq in range(0, game.seq + 1, 7):
            branch = game.branch(seq)
            for record in game.records[seq + 1:]:
                branch.submit(record.order, record.side)
            assert branch.state == final
