"""Units entering from off the map (an `enter UNIT HEX...` order, as Fire & Movement gives them)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import TESTBED_DIR
from tests.testbed.system import Testbed
from tests.tui.helpers import press, sync
from tui_wargame import rules, scenario_file
from tui_wargame.dice import Dice
from tui_wargame.engine import Game
from tui_wargame.model import Event, Order, Scenario, State
from tui_wargame.rules import Resolution
from tui_wargame.tui.app import WargameApp


class EntryTestbed(Testbed):
    """The testbed, with Red's horse waiting off the map to enter at 0101 or 0102 from the start.
    It offers no reach or move order of its own: the defaults find the entry from the legal orders."""

    id = "testbed-entry"
    ENTRY = ("0101", "0102")

    def _waiting(self, state: State) -> bool:
        return state.units["r3"].location == "reinforcements" and state.phase == "movement"

    def legal_orders(self, scenario: Scenario, state: State) -> list[Order]:
        extra = [Order("enter", ("r3", h)) for h in self.ENTRY] if self._waiting(state) else []
        return extra + super().legal_orders(scenario, state)

    def resolve(self, scenario: Scenario, state: State, order: Order, dice: Dice) -> Resolution:
        if order.verb != "enter":
            return super().resolve(scenario, state, order, dice)
        return Resolution((Event.of("unit_placed", unit=order.args[0], to=order.args[-1]),
                           Event.of("unit_flagged", unit=order.args[0], flag="moved", scope="phase")))


rules.register(EntryTestbed.id, EntryTestbed())


@sync
async def test_tab_selects_a_waiting_unit_and_m_brings_it_on(tmp_path: Path) -> None:
    text = (TESTBED_DIR / "testbed.toml").read_text()
    text = text.replace('system = "testbed"', 'system = "testbed-entry"')
    (tmp_path / "testbed.toml").write_text(text)
    game = Game.new(scenario_file.load(tmp_path / "testbed.toml"), tmp_path / "e.toml", seed=1)
    async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
        await press(pilot, "tab", "tab", "tab")  # r1, r2, then r3 off the map
        screen = pilot.app.screen
        assert screen.selected == "r3" and screen.cursor == "0101"
        await press(pilot, "down", "m")
        assert game.records[-1].order == "enter r3 0102"
        assert game.state.units["r3"].location == "0102"
        await press(pilot, "e")  # r1 and r2 have not moved: the phase end is confirmed first
        assert "2 units could still act: r1, r2." in pilot.app.screen.query_one("Static").render().plain
    game.close()
