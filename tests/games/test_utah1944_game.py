"""A whole scripted game of Utah Beach, 6 June 1944 (Foxhole, seed 26): played through the CLI
from the Morning landing to the Allied decisive victory at the end of the Night (R24.B): WN5
taken, its men and guns falling back up the Exit 2 causeway together (R20.C.9) and destroyed
there, the Exit 1 strongpoint thrown off the beach, Houdienville seized by the tanks and the
Fallschirmjäger's counterattack thrown back. Reloaded, replayed and verified. The orders were
recorded by record_utah1944.py. The default run plays the script and reads the story (about a
second); the slow run also verifies the save and replays it from several records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tui_wargame.cli import main
from tui_wargame.engine import Game
from tui_wargame.rules.foxhole.position import Position

HERE = Path(__file__).parent
SCENARIOS = HERE.parents[1] / "scenarios"
SEED = 26  # as record_utah1944.SEED


def script(name: str) -> list[str]:
    lines = (HERE / name).read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def played(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The scripted game played through the CLI; its save."""
    save = tmp_path / "utah.toml"
    sc = ["--scenarios", str(SCENARIOS)]
    assert main([*sc, "new", "utah1944", "--seed", str(SEED), "--out", str(save)]) == 0
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
    assert "A Co, 1/8th Infantry comes ashore in A-1104" in morning
    assert "I Co, 3/8th Infantry comes ashore" in afternoon
    # R18: the B-26s and the Nevada on WN5; R20.C: WN5 and the Exit 3 strongpoint seized that Morning
    assert "Allies barrage A-1006 with B-26 Marauders" in morning
    assert "A-1006: assaulters' Defence 12 against 3: the hex is seized (R20.C)" in morning
    assert "WNN cannot retreat from A-1003 and is eliminated (R20.C.9)" in morning
    # R20.C.9: WN5's men and guns fall back together two road hexes up the causeway (the guns have 1 MP)
    assert "WN5 retreats from A-1006 to A-0806 (R20.C.9)" in morning
    assert "(WN5G) goes La Madeleine (WN5) (A-1006) - A-0906 - A-0806" in morning
    # the Afternoon: Brécourt Manor taken, WN5 destroyed on the causeway, the Exit 1 strongpoint thrown
    # off the beach, the tanks into Houdienville, the Fallschirmjäger thrown back
    assert "A-0405: assaulters' Defence 6 against 1: the hex is seized (R20.C)" in afternoon
    assert "WN5 guns (Pak 43, Pak 181, 5 cm KwK) (WN5G) is eliminated" in afternoon
    assert "A-0806: assaulters' Defence 9 against 0: the hex is seized (R20.C)" in afternoon
    assert "A-1009: assaulters' Defence 12 against 2: the hex is seized (R20.C)" in afternoon
    assert "WNS retreats from A-1009 to A-0809 (R20.C.9)" in afternoon
    assert "A-0706: assaulters' Defence 3 against 2: the hex is seized (R22.C)" in afternoon
    assert "(DDA) goes A-0605 - Houdienville (Exit 2) (A-0706)" in afternoon  # seized: no MP spent
    assert "A-0706: assaulters' Defence 2 against 3: the assault is thrown back (R20.C)" in afternoon
    assert "FJ6 retreats from A-0606 to A-0407 (R20.C.9)" in afternoon
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
        assert [pos.location(u) for u in ("DDA", "E299", "WNS")] == ["A-0706", "A-0703", "A-0809"]
        assert game.verify() == []
        final = game.state
        for seq in range(0, game.seq + 1, 37):  # re-playing the orders from any point reaches the same end
            branch = game.branch(seq)
            for record in game.records[seq + 1:]:
                branch.submit(record.order, record.side)
            assert branch.state == final
