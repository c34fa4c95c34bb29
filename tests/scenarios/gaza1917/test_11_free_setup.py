"""Gaza 11.1-11.4 free deployment (the "free" set-up option): the Central Powers deploy first
north-east of Wadi el Ghuzze, then the British on or south of it, the armored train on a railway
hex south of Dir el Belah; the stacking limits hold; then Zero Hour begins."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenarios.gaza1917.helpers import SCENARIO, legal, run, where
from tui_wargame.engine import Game
from tui_wargame.model import EMPTY, IllegalOrder, fold
from tui_wargame.rules.fm import SYSTEM


def free() -> object:
    return fold(EMPTY, SYSTEM.setup(SCENARIO, {"setup": "free"}))


def test_gaza_11_1_the_central_powers_deploy_first() -> None:
    state = free()
    assert (state.phase, state.active, state.turn) == ("deployment", "cp", 0)
    assert "Gaza 11.2" in SYSTEM.prompt(SCENARIO, state)
    orders = legal(SCENARIO, state)
    assert "deploy 31R 0607" in orders and "deployed" in orders
    assert not any(o.startswith(("move ", "end", "deploy 155Bde")) for o in orders)


def test_gaza_11_2_central_powers_north_east_of_the_wadi_only() -> None:
    state = free()
    orders = legal(SCENARIO, state)
    assert "deploy 31R 1818" not in orders and "deploy 31R 1616" not in orders  # south of / in the wadi
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, state, "deploy 31R 1818")
    assert exc.value.rule == "Gaza 11.2"
    state, _ = run(SCENARIO, state, "deploy 31R 0607")
    assert where(state, "31R") == "0607"


def test_gaza_16_1_a_deployment_ends_within_the_stacking_limits() -> None:
    state, _ = run(SCENARIO, free(), "deploy 32R 1015")  # 31R is there already
    assert "deployed" not in legal(SCENARIO, state)
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, state, "deployed")
    assert exc.value.rule == "Gaza 16.1"


def test_gaza_11_4_british_on_or_south_of_the_wadi_and_the_train_south_of_dir_el_belah() -> None:
    state, _ = run(SCENARIO, free(), "deployed")
    assert (state.phase, state.active) == ("deployment", "br")
    orders = legal(SCENARIO, state)
    assert "deploy 155Bde 1818" in orders and "deploy 155Bde 1616" in orders  # on the wadi is allowed
    assert "deploy 155Bde 1012" not in orders
    assert "deploy ArmTrain 2122" in orders
    assert "deploy ArmTrain 1821" not in orders and "deploy ArmTrain 1620" not in orders
    with pytest.raises(IllegalOrder) as exc:
        run(SCENARIO, state, "deploy 155Bde 1012")
    assert exc.value.rule == "Gaza 11.4"
    state, _ = run(SCENARIO, state, "deploy ArmTrain 2122", "deployed")
    assert (state.phase, state.active, state.turn) == ("movement", "br", 0)


def test_gaza_11_free_set_up_game_saves_and_verifies(tmp_path: Path) -> None:
    path = tmp_path / "free.toml"
    with Game.new(SCENARIO, path, seed=7, options={"setup": "free"}) as game:
        for text in ("deploy 31R 0607", "deployed", "deploy 155Bde 1818", "deployed", "end"):
            game.submit(text)
        final = game.state
    with Game.open(path, scenario_dirs=[SCENARIO_DIR]) as reopened:
        assert reopened.state == final and reopened.verify() == []


SCENARIO_DIR = Path(__file__).resolve().parents[3] / "scenarios"
