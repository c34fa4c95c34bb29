"""Hot-seat secrecy: units a side may not see are drawn and described as hidden while it has the keyboard."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import TESTBED_DIR
from tests.testbed.system import Testbed
from tests.tui.helpers import press, screen_text, sync
from tui_wargame import rules, scenario_file
from tui_wargame.engine import Game
from tui_wargame.model import Scenario, State
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.dialogs import HandOverScreen, OrderChooser
from tui_wargame.tui.replay import ReplayScreen
from tui_wargame.views import hidden_units


class FogTestbed(Testbed):
    """The testbed, with every enemy unit face down until a scout reveals it (Testbed 5)."""

    id = "testbed-fog"

    def concealed(self, scenario: Scenario, state: State, viewer: str) -> frozenset[str]:
        return frozenset(uid for uid, u in state.units.items()
                         if scenario.unit[uid].side != viewer and not u.has("revealed"))


rules.register(FogTestbed.id, FogTestbed())


def fog_game(tmp_path: Path) -> Game:
    text = (TESTBED_DIR / "testbed.toml").read_text().replace('system = "testbed"', 'system = "testbed-fog"')
    (tmp_path / "testbed.toml").write_text(text)
    return Game.new(scenario_file.load(tmp_path / "testbed.toml"), tmp_path / "fog.toml", seed=7)


@sync
async def test_each_side_sees_only_what_it_may(tmp_path: Path) -> None:
    game = fog_game(tmp_path)
    async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
        shown = screen_text(pilot.app)
        assert "B??" in shown and "B1-3" not in shown and "R4-4" in shown
        await press(pilot, "right", "right", "right", "right")  # to 0501, Blue's militia
        shown = screen_text(pilot.app)
        assert "Blue ?" in shown and "Blue Militia" not in shown  # the panel hides it too
        await press(pilot, "e", "y", "e")
        assert isinstance(pilot.app.screen, HandOverScreen)
        await press(pilot, "enter")
        shown = screen_text(pilot.app)
        assert "R??" in shown and "B1-3" in shown  # now Blue is at the keyboard
    game.close()


@sync
async def test_a_scout_reveals_the_hex(tmp_path: Path) -> None:
    game = fog_game(tmp_path)
    game.submit("move r1 0201 0301 0401")
    game.submit("end")
    game.submit("scout r1 0402")
    async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
        shown = screen_text(pilot.app)
        assert "B3-3" in shown and "B??" in shown  # b1 revealed, b2 still face down
    game.close()


@sync
async def test_the_log_does_not_name_units_the_viewer_may_not_see(tmp_path: Path) -> None:
    game = fog_game(tmp_path)
    async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(100, 50)) as pilot:
        log = "\n".join(pilot.app.screen.log_lines)
        assert "1st Red Rifles (r1) is placed at 0101" in log
        assert "Blue Guards" not in log and "a hidden unit acts" in log
        await press(pilot, "e", "y", "e", "enter")  # Blue takes the keyboard
        log = "\n".join(pilot.app.screen.log_lines)
        assert "Blue Guards (b1) is placed at Ford Hill" in log and "1st Red Rifles" not in log
    game.close()


def red_attacks_a_hidden_unit(tmp_path: Path) -> Game:
    """Red attacks Blue's face-down b1 on Ford Hill (0402); Blue owes the D1 decision (Testbed 4)."""
    game = fog_game(tmp_path)
    game.submit("move r1 0201 0301 0401")
    game.submit("end")
    game.submit("attack r1 0402")
    return game


def test_each_side_a_spectator_and_the_finished_game_hide_what_they_must(tmp_path: Path) -> None:
    game = red_attacks_a_hidden_unit(tmp_path)
    state = game.state
    assert hidden_units(game, state, "red") == {"b1", "b2"}
    assert hidden_units(game, state, "blue") == {"r1", "r2", "r3"}
    assert hidden_units(game, state, None) == {"b1", "b2", "r1", "r2", "r3"}  # a spectator: what all may
    game.submit("lose b1", "blue")
    while not game.state.over:
        game.submit("end")
    assert hidden_units(game, game.state_at(3), "red") == frozenset()  # over: nothing is secret now
    game.close()


@sync
async def test_the_replay_shows_only_what_the_viewer_may_see(tmp_path: Path) -> None:
    game = red_attacks_a_hidden_unit(tmp_path)
    async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(pilot.app.screen, OrderChooser)  # the decision's answers opened by themselves
        await press(pilot, "escape")
        assert pilot.app.screen.viewer == "blue"  # Blue owes the decision and has the keyboard
        await press(pilot, "r")
        assert isinstance(pilot.app.screen, ReplayScreen)
        shown = screen_text(pilot.app)
        assert "Record 3 of 3" in shown
        assert "R??" in shown and "B??" not in shown  # Blue sees its own units, not the attacker
        assert "1st Red Rifles" not in shown and "a hidden unit acts" in shown
    async with WargameApp(start="replay", game=game, ascii_only=True).run_test(size=(100, 40)) as pilot:
        shown = screen_text(pilot.app)  # a spectator: neither side's face-down units
        assert "R??" in shown and "B??" in shown and "1st Red Rifles" not in shown
    game.close()
