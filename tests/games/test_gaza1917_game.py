"""A complete game of Gaza 1917 (orders in gaza1917_game.txt): played from its seed to the end of
19 April Evening, saved, reopened, replayed record by record and verified."""

from __future__ import annotations

from pathlib import Path

from tui_wargame import scenario_file
from tui_wargame.engine import Game

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
ORDERS = HERE / "gaza1917_game.txt"


def script() -> tuple[dict[str, str], list[str]]:
    header: dict[str, str] = {}
    orders: list[str] = []
    for line in ORDERS.read_text().splitlines():
        if line.startswith("#"):
            key, sep, value = line[1:].partition(":")
            if sep and key.strip() in ("seed", "verdict", "turn"):
                header[key.strip()] = value.strip()
        elif line.strip():
            orders.append(line.strip())
    return header, orders


def test_gaza1917_complete_game_plays_saves_reloads_replays_and_verifies(tmp_path: Path) -> None:
    header, orders = script()
    scenario = scenario_file.load(ROOT / "scenarios" / "gaza1917.toml")
    path = tmp_path / "gaza1917.toml"
    game = Game.new(scenario, path, seed=int(header["seed"]))
    for i, text in enumerate(orders):
        assert not game.state.over, f"the game ended before order {i}: {text}"
        game.submit(text)
    assert game.state.over
    verdict = game.state.result
    assert verdict is not None
    assert f"{verdict.winner or 'draw'} {verdict.level}" == header["verdict"]
    assert scenario.turns[game.state.turn].id == header["turn"] == "19e"  # Gaza 12.3: after 19 April Evening
    assert "Gaza 12.3" in verdict.reason
    final = game.state
    records = len(game.records)
    game.close()

    with Game.open(path, scenario_dirs=[ROOT / "scenarios"]) as reopened:
        assert reopened.state == final
        assert reopened.verify() == []
        assert reopened.state_at(records - 1) == final
        turns = [reopened.state_at(seq).turn for seq in range(records)]
        assert turns == sorted(turns) and turns[-1] == len(scenario.turns) - 1
        events = [e.kind for r in reopened.records for e in r.events]
    # the exclusive rules the game went through
    assert "reinforcement_rolled" in events  # Gaza 11.3
    assert "charge_declared" in events  # Gaza 13.1
    assert "bombardment" in events  # Gaza 18.4
    assert any(o.startswith("rail ") for o in orders)  # Gaza 15.0
    assert any(o.startswith("enter ") for o in orders)  # Gaza 11.3
