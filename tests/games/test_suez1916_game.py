"""A whole scripted game of Suez 1916 (seed 5): played through the CLI from the Zero Hour to the
British instant victory of 5 August Night (12.2: no Central Powers unit left on the map), reloaded,
replayed and verified. The orders were recorded by record_suez1916.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.plain_english import untold
from tui_wargame.cli import main
from tui_wargame.engine import Game
from tui_wargame.model import Verdict

HERE = Path(__file__).parent
SCENARIOS = HERE.parents[1] / "scenarios"
VERDICT = Verdict("british", "instant", "no Central Powers unit is on the map (Suez 12.2)")


def script(name: str) -> list[str]:
    lines = (HERE / name).read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def test_suez1916_plays_to_a_british_instant_victory_on_5_august_night(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "suez.toml"
    sc = ["--scenarios", str(SCENARIOS)]
    assert main([*sc, "new", "suez1916", "--seed", "5", "--out", str(save)]) == 0
    orders = script("suez1916.txt")
    assert main([*sc, "order", str(save), *orders]) == 0
    capsys.readouterr()
    assert main([*sc, "show", str(save), "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["over"] and view["result"] == {"winner": "british", "level": "instant",
                                               "reason": "no Central Powers unit is on the map (Suez 12.2)"}
    assert view["control"]["2031"] == "british" and view["control"]["0239"] == "british"
    assert main([*sc, "verify", str(save)]) == 0
    capsys.readouterr()
    assert main([*sc, "replay", str(save), "--text"]) == 0
    story = capsys.readouterr().out
    assert "== 5 August Night (night) ==" in story and "== 6 August Morning ==" not in story
    assert "== Zero Hour, 4 August (night) ==" in story
    assert "The 80th Regiment may enter on the east edge (Suez 11.5)" in story
    assert "activates (Suez 11.3)" in story and "Kress von Kressenstein assists the attack on" in story
    # told once, by its roll
    assert "activates: rolled" not in story and "is activated (Suez 11.3)" not in story
    assert story.rstrip().endswith(
        "The game ends in an instant victory for the British: no Central Powers unit is on the map "
        "(Suez 12.2)")
    with Game.open(save, scenario_dirs=[SCENARIOS]) as game:
        assert [r.order for r in game.records[1:]] == orders
        assert game.state.result == VERDICT and game.scenario.turns[game.state.turn].id == "5nt"
        assert game.verify() == []
        assert untold(game) == []  # issue 17: every event in plain English
        final = game.state
        for seq in range(0, game.seq + 1, 97):  # re-playing the orders from any point reaches the same end
            branch = game.branch(seq)
            for record in game.records[seq + 1:]:
                branch.submit(record.order, record.side)
            assert branch.state == final
