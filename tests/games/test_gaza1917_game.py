"""Complete games of Gaza 1917 (orders in gaza1917_*game.txt): each played from its seed to its
verdict (after 19 April Evening, or an instant victory), saved, reopened, replayed record by record
and verified."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.plain_english import untold
from tui_wargame import scenario_file
from tui_wargame.engine import Game

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
FULL, COUNTERATTACK = HERE / "gaza1917_game.txt", HERE / "gaza1917_counterattack_game.txt"


def script(path: Path) -> tuple[dict[str, str], list[str]]:
    header: dict[str, str] = {}
    orders: list[str] = []
    for line in path.read_text().splitlines():
        if line.startswith("#"):
            key, sep, value = line[1:].partition(":")
            if sep and key.strip() in ("seed", "verdict", "turn"):
                header[key.strip()] = value.strip()
        elif line.strip():
            orders.append(line.strip())
    return header, orders


def play(path: Path, save: Path) -> tuple[Game, dict[str, str], list[str]]:
    header, orders = script(path)
    scenario = scenario_file.load(ROOT / "scenarios" / "gaza1917.toml")
    game = Game.new(scenario, save, seed=int(header["seed"]))
    for i, text in enumerate(orders):
        assert not game.state.over, f"the game ended before order {i}: {text}"
        game.submit(text)
    return game, header, orders


@pytest.mark.parametrize("path", [FULL, COUNTERATTACK], ids=["full", "counterattack"])
def test_gaza1917_complete_game_plays_saves_reloads_replays_and_verifies(path: Path, tmp_path: Path) -> None:
    save = tmp_path / "gaza1917.toml"
    game, header, orders = play(path, save)
    scenario = game.scenario
    verdict = game.state.result
    assert verdict is not None
    assert f"{verdict.winner or 'draw'} {verdict.level}" == header["verdict"]
    assert scenario.turns[game.state.turn].id == header["turn"]
    final, records = game.state, len(game.records)
    game.close()
    with Game.open(save, scenario_dirs=[ROOT / "scenarios"]) as reopened:
        assert reopened.state == final
        assert reopened.verify() == []
        turns = [reopened.state_at(seq).turn for seq in range(records)]
        assert turns == sorted(turns) and reopened.state_at(records - 1) == final


def kinds(game: Game) -> set[str]:
    return {e.kind for r in game.records for e in r.events}


def test_gaza1917_full_game_runs_to_19_april_evening(tmp_path: Path) -> None:
    game, _, orders = play(FULL, tmp_path / "g.toml")
    assert game.scenario.turns[game.state.turn].name == "19 April Evening"
    assert game.state.result is not None and "Gaza 12.3" in game.state.result.reason
    seen = kinds(game)
    assert {"reinforcement_rolled", "charge_declared", "regiment_replaced", "bombardment"} <= seen
    assert any(o.startswith("rail ") for o in orders) and any(o.startswith("enter ") for o in orders)
    assert untold(game) == []  # issue 17: every event in plain English
    game.close()


def test_gaza1917_counterattack_game_holds_gaza_to_a_draw(tmp_path: Path) -> None:
    """The Central Powers counterattack with Kress; Gaza holds to 19 April Evening: 7 British VP, a
    draw (12.3). (Before issue 18 the markers the British used at Zero Hour came back on 17 April
    Morning, and with them the British took both Gaza hexes on 18 April Afternoon.)"""
    game, _, orders = play(COUNTERATTACK, tmp_path / "g.toml")
    assert game.scenario.turns[game.state.turn].name == "19 April Evening"
    assert game.state.result is not None and game.state.result.level == "draw"
    assert game.state.result.reason == "7 VP for br (Gaza 12.3)"
    assert any(o.startswith("kress ") for o in orders)
    assert any(s["reason"] == "Kress von Kressenstein (Gaza 13.4)" for r in game.records for e in r.events
               if e.kind == "combat" for s in e.get("shifts", []))
    assert untold(game) == []  # issue 17: every event in plain English
    game.close()
