"""A whole scripted game of Utah Beach, 6 June 1944 (Foxhole, seed 12): played through the CLI
from the Morning landing to the Allied decisive victory at the end of the Night (R24.B),
reloaded, replayed and verified. The orders were recorded by record_utah1944.py. The default run
plays the script and reads the story (about a second); the slow run also verifies the save and
replays it from several records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tui_wargame.cli import main
from tui_wargame.engine import Game
from tui_wargame.rules.foxhole.position import Position

HERE = Path(__file__).parent
SCENARIOS = HERE.parents[1] / "scenarios"


def script(name: str) -> list[str]:
    lines = (HERE / name).read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def played(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The scripted game played through the CLI; its save."""
    save = tmp_path / "utah.toml"
    sc = ["--scenarios", str(SCENARIOS)]
    assert main([*sc, "new", "utah1944", "--seed", "12", "--out", str(save)]) == 0
    assert main([*sc, "order", str(save), *script("utah1944.txt")]) == 0
    capsys.readouterr()
    return save


def test_utah1944_plays_to_an_allied_decisive_victory_at_the_end_of_the_night(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = played(tmp_path, capsys)
    sc = ["--scenarios", str(SCENARIOS)]
    assert main([*sc, "show", str(save), "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["over"] and view["result"]["winner"] == "allied" and view["result"]["level"] == "decisive"
    assert main([*sc, "replay", str(save), "--text"]) == 0
    story = capsys.readouterr().out
    morning, afternoon = story.split("== 6 June Afternoon ==")
    # R16.B: the first waves come ashore in the Morning, the follow-up battalions in the Afternoon
    assert "A Co, 1/8th Infantry comes ashore in A-1106" in morning
    assert "I Co, 3/8th Infantry comes ashore" in afternoon
    # R18: the B-26s and the Nevada on WN5; R20.C: WN5 and the Exit 3 strongpoint seized that Morning
    assert "Allies barrage A-1006 with B-26 Marauders" in morning
    assert "A-1006: assaulters' Defence 9 against 5: the hex is seized (R20.C)" in morning
    assert "Exit 3 strongpoint, 3./GR 919 (WNN) is eliminated" in morning
    # the Afternoon: WN5's men caught in the floods, the Exit 1 strongpoint taken, the tanks up
    # the causeways to Houdienville and Pouppeville, the Fallschirmjäger thrown back
    assert "WN5 platoon, 3./GR 919 (Lt Jahnke) (WN5) is eliminated" in afternoon
    assert "Exit 1 strongpoint, 3./GR 919 (WNS) is eliminated" in afternoon
    assert "(DDA) goes A-0806 - Houdienville (Exit 2) (A-0706)" in afternoon  # seized: no MP spent
    assert "A-0710: assaulters' Defence 6 against 3: the hex is seized (R22.C)" in afternoon
    assert "FJR 6 company (Fallschirmjäger) (FJ6) is eliminated" in afternoon
    assert "== 6 June Night (night) ==" in story
    assert "The game ends: Allies wins (decisive). Allies met their goal" in story


@pytest.mark.slow
def test_utah1944_game_reloads_verifies_and_replays_to_the_same_end(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = played(tmp_path, capsys)
    orders = script("utah1944.txt")
    assert main(["--scenarios", str(SCENARIOS), "verify", str(save)]) == 0
    with Game.open(save, scenario_dirs=[SCENARIOS]) as game:
        assert [r.order for r in game.records[1:]] == orders
        assert game.scenario.turns[game.state.turn].id == "1nt"
        pos = Position(game.scenario, game.state)
        assert {pos.location(u) for u in ("DDA", "DZC")} == {"A-0706", "A-0710"}
        assert game.verify() == []
        final = game.state
        for seq in range(0, game.seq + 1, 37):  # re-playing the orders from any point reaches the same end
            branch = game.branch(seq)
            for record in game.records[seq + 1:]:
                branch.submit(record.order, record.side)
            assert branch.state == final
