"""Which seating a game screen gets (tui/seating.py), and that only a game against the computer
loads the computer."""

from __future__ import annotations

import subprocess
import sys
from types import SimpleNamespace
from typing import cast

from tui_wargame import opponent
from tui_wargame.engine import Game
from tui_wargame.tui.computer import PACE_S, AgainstComputer
from tui_wargame.tui.game import GameScreen
from tui_wargame.tui.seating import HotSeat, Live, seating_for


def test_a_game_screen_loads_no_computer_player_until_one_plays() -> None:
    code = ("import sys, tui_wargame.tui.game, tui_wargame.tui.seating; print(any(m.startswith("
            "('tui_wargame.players', 'tui_wargame.tui.computer')) for m in sys.modules))")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == "False"


def test_live_for_a_side_else_against_the_computer_else_hot_seat(game: Game) -> None:
    screen = cast(GameScreen, SimpleNamespace(game=game))  # the seatings only keep it until asked
    rival = opponent.against(game.scenario, "blue", "easy")
    assert type(seating_for(screen, hotseat=True, side="red", opponent=rival, pace=None)) is Live
    computer = seating_for(screen, hotseat=True, side=None, opponent=rival, pace=None)
    assert isinstance(computer, AgainstComputer) and computer.autopilot.pace == PACE_S
    for hotseat in (True, False):
        hot = seating_for(screen, hotseat=hotseat, side=None, opponent=None, pace=None)
        assert isinstance(hot, HotSeat) and hot.hand_over is hotseat
