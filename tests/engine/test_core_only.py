"""A rule system with the required core only (the testbed) plays through the whole CLI: every
optional capability is the default of `rules.capabilities`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import TESTBED_DIR
from tests.testbed.system import SYSTEM
from tui_wargame.cli import main
from tui_wargame.engine import Game
from tui_wargame.model import Event, Order, Scenario
from tui_wargame.rules.capabilities import Capabilities

SC = ["--scenarios", str(TESTBED_DIR)]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main([*SC, *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_testbed_defines_no_capability() -> None:
    assert [name for name in Capabilities.NAMES if hasattr(SYSTEM, name)] == []


def test_a_core_only_system_plays_through_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = str(tmp_path / "core.toml")
    code, out, err = run(capsys, "new", "testbed", "--seed", "11", "--out", save)
    assert code == 0 and "seed 11" in out, err
    code, out, _ = run(capsys, "legal", save, "--json")
    assert code == 0 and "move r1 0201 0301 0401" in json.loads(out)["orders"]
    code, out, err = run(capsys, "order", save, "move r1 0201 0301 0401", "end", "attack r1 0402")
    assert code == 0, err
    assert "moves 0101 - 0201 - 0301 - 0401 (cost 3/2)" in out  # the narrative's own words
    assert "combat: attackers r1; defenders b1;" in out  # a report the system does not word: its facts
    code, out, _ = run(capsys, "show", save, "--json")
    assert code == 0 and json.loads(out)["phase"] == "combat"
    code, out, _ = run(capsys, "log", save)
    assert code == 0 and "[3] red order: attack r1 0402" in out
    code, out, _ = run(capsys, "replay", save, "--text")
    assert code == 0 and out.splitlines()[0] == "Testbed: the River Crossing: set-up (setup), seed 11"
    code, out, _ = run(capsys, "verify", save)
    assert code == 0 and "ok: 4 records" in out


def test_the_defaults_answer_from_the_core(tmp_path: Path, testbed: Scenario) -> None:
    game = Game.new(testbed, tmp_path / "g.toml", seed=3)
    caps, sc, state = game.capabilities, game.scenario, game.state
    assert caps.options(sc) == () and caps.help_pages(sc) == () and caps.order_menus(sc) == ()
    assert caps.layers(sc, state, "red", "r1") == () and caps.unit_notes(sc, state, "r1") == ()
    assert caps.concealed(sc, state, "red") == frozenset()
    assert caps.explain(sc, state, Order("end")) is None
    assert caps.describe(sc, state, Event.of("step_lost", unit="r1", steps=1)) is None
    assert caps.headline(sc, state, Event.of("step_lost", unit="r1", steps=1)) is None
    reach = caps.reach(sc, state, "r1")  # the ends of the legal move orders, at cost 1
    assert "0401" in reach and set(reach.values()) == {1}
    path = ["0201", "0301", "0401"]
    assert caps.move_order(sc, state, "r1", path) == Order("move", ("r1", *path))
    assert caps.move_order(sc, state, "r1", ["0909"]) is None
    game.close()
