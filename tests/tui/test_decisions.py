"""Pilot tests on real Suez positions: every decision answered from menus that open by themselves,
retreats picked on the map, e finishing a decision, the resolve-all key, the order menu scoped to
the selection and Enter moving onto friends (F&M 7.6-7.9, Suez 10.3, 18.1)."""

from __future__ import annotations

from pathlib import Path

from tests.tui.helpers import press, screen_text, suez, suez_defensive_fire, sync
from tui_wargame.engine import Game
from tui_wargame.tui.answers import Pick
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.dialogs import ConfirmScreen, HandOverScreen, OrderChooser
from tui_wargame.tui.game import GameScreen

#: Seed 4, zero hour: two Central Powers battalions attack the machine guns in 2129 (D2 on the die).
DECLARED = ("move 31-1 2228", "move 31-2 2229", "move 31-3 2230", "end", "attack 2129 2228",
            "attack 2129 2229", "end")



def app_for(game: Game) -> WargameApp:
    return WargameApp(start="play", game=game, ascii_only=True)


@sync
async def test_a_retreat_is_picked_on_the_map_then_the_advance_menu_opens_and_e_stops(tmp_path: Path) -> None:
    with suez(tmp_path, *DECLARED) as game:
        async with app_for(game).run_test(size=(80, 24)) as pilot:
            await press(pilot, "R")
            assert isinstance(pilot.app.screen, ConfirmScreen)
            assert "Resolve every declared attack in turn (2129), stopping at any" in screen_text(pilot.app)
            await press(pilot, "y")
            assert game.records[-1].order == "resolve 2129" and game.state.pending.kind == "retreat"
            assert isinstance(pilot.app.screen, HandOverScreen)
            await press(pilot, "enter")  # the British take the keyboard: the answers open by themselves
            chooser = pilot.app.screen
            assert isinstance(chooser, OrderChooser)
            assert [p.text for p in chooser.picks] == [
                "retreat 52nd Division Machine-Gun Companies: choose on the map (5 hexes marked)"]
            assert [o.text for o in chooser.orders] == ["deplete 52mg"]
            assert ("deplete 52mg  52nd Division Machine-Gun Companies (52mg) loses a"
                    in screen_text(pilot.app))
            await press(pilot, "enter")  # the retreat, first: its hexes are marked on the map
            screen = pilot.app.screen
            assert isinstance(screen, GameScreen) and isinstance(screen.picking, Pick)
            assert screen.cursor == "2129"
            assert "o   " in screen_text(pilot.app) and "Answers on the map" in screen_text(pilot.app)
            screen.move_cursor("2128")
            await press(pilot, "enter")
            assert "Not a marked hex: choose one of 1928, 1929, 1930, 2027, 2030" in screen_text(pilot.app)
            screen.move_cursor("2030")
            await pilot.pause()
            assert "2030 via 2029 (F&M 7.7)" in screen_text(pilot.app)  # the hex panel says it
            await press(pilot, "x")  # back to the answers, and again to the map
            assert isinstance(pilot.app.screen, OrderChooser) and screen.picking is None
            await press(pilot, "enter")
            screen.move_cursor("1929")  # by 2029 or by 2028: which way is asked
            await press(pilot, "enter")
            chooser = pilot.app.screen
            assert isinstance(chooser, OrderChooser)
            assert [o.text for o in chooser.orders] == ["retreat 52mg 2029 1929", "retreat 52mg 2028 1929"]
            await press(pilot, "enter")
            assert game.records[-1].order == "retreat 52mg 2029 1929"
            await press(pilot, "enter")  # the Central Powers take the keyboard back: advance or stop
            chooser = pilot.app.screen
            assert isinstance(chooser, OrderChooser)
            assert [o.text for o in chooser.orders] == ["advance 31-1 2129", "advance 31-2 2129", "stop"]
            await press(pilot, "escape", "e")  # closed, the end key finishes the decision
            assert game.records[-1].order == "stop" and game.state.pending is None


@sync
async def test_defensive_fire_opens_by_itself_and_f_offers_done(tmp_path: Path) -> None:
    """Suez 18.1: on the morning turn the British may place fire support against the attackers."""
    with suez_defensive_fire(tmp_path) as game:
        async with app_for(game).run_test(size=(80, 24)) as pilot:
            await pilot.pause()  # opened on the British, who owe it: their answers open by themselves
            await pilot.pause()
            chooser = pilot.app.screen
            assert (isinstance(chooser, OrderChooser)
                    and [o.text for o in chooser.orders] == ["bombard 2228", "done"])
            assert "no more defensive fire support" in screen_text(pilot.app)
            await press(pilot, "escape", "f")
            chooser = pilot.app.screen
            assert isinstance(chooser, OrderChooser) and "done" in [o.text for o in chooser.orders]
            await press(pilot, "escape", "e")
            assert game.records[-1].order == "done"


@sync
async def test_the_order_menu_concerns_the_selected_unit_and_says_what_each_order_does(
        tmp_path: Path) -> None:
    with suez(tmp_path, "move 31-1 2228", "move 31-2 2229", "end") as game:
        async with app_for(game).run_test(size=(80, 24)) as pilot:
            screen = pilot.app.screen
            screen.move_cursor("2228")
            await press(pilot, "s", "o")
            chooser = pilot.app.screen
            assert (isinstance(chooser, OrderChooser)
                    and chooser.title_text == "Orders for 1/31st Infantry Regiment")
            assert [o.text for o in chooser.orders] == ["attack 2128 2228", "attack 2129 2228"]
            assert "the units in 2228 join the attack on 2128" in screen_text(pilot.app)
            await press(pilot, "escape", "x", "o")
            chooser = pilot.app.screen
            assert chooser.title_text == "Orders for the Central Powers"
            assert "end the Central Powers combat phase" in screen_text(pilot.app)


@sync
async def test_enter_moves_onto_a_friend_and_s_selects(tmp_path: Path) -> None:
    """F&M 5.0: Enter on a hex the selected unit can reach moves it, friends there or not."""
    with suez(tmp_path) as game:
        async with app_for(game).run_test(size=(80, 24)) as pilot:
            screen = pilot.app.screen
            screen.move_cursor("2627")
            await press(pilot, "s")
            assert screen.selected == "31-1"
            screen.move_cursor("2628")  # 2/31st is there
            await press(pilot, "enter")
            assert game.records[-1].order == "move 31-1 2628"
            assert set(game.state.units_at("2628")) == {"31-1", "31-2"}
            await press(pilot, "s")
            assert screen.selected in {"31-1", "31-2"}


@sync
async def test_a_retreat_that_the_step_loss_after_it_ends_is_warned_of(tmp_path: Path) -> None:
    """Suez 10.3, F&M 7.6: the Arab Cavalry (one step) attacks at zero hour and rolls A3: retreat
    three hexes, then lose a step. The warning shows in the answers and while picking the hex."""
    with suez(tmp_path, "move arab-cav 1436", "end", "attack 1336 1436", "end", "resolve 1336",
              seed=3) as game:
        assert game.state.pending is not None and game.state.pending.kind == "retreat"
        async with app_for(game).run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.pause()
            chooser = pilot.app.screen
            assert isinstance(chooser, OrderChooser)
            warning = ("the step loss that follows eliminates Arab Cavalry (arab-cav): it has 1 step left "
                       "(F&M 7.6)")
            assert [p.warning for p in chooser.picks] == [warning]
            assert "! the step loss that follows eliminates Arab Cavalry" in screen_text(pilot.app)
            await press(pilot, "enter")
            assert f"Warning: {warning}." in " ".join(screen_text(pilot.app).splitlines()[-3:-1])


def test_a_reply_worded_as_its_own_order_is_said_once() -> None:
    """The default `decision` capability words each reply as its order: the menu line says it once
    (a rule system without words of its own showed "pass  pass")."""
    from rich.text import Text

    from tui_wargame.model import Order

    chooser = OrderChooser("Reply", [Order("pass"), Order("fire", ("x",))], lambda o: Text(""),
                           notes=["pass", "fire at x"])
    assert chooser._line(0).plain == "pass"
    assert chooser._line(1).plain == "fire x  fire at x"


@sync
async def test_keys_typed_before_a_menu_opened_by_itself_do_not_answer_it(tmp_path: Path) -> None:
    """A key typed ahead (parsed, then waiting while the screen was busy) was meant for the map:
    the advance menu that pops up by itself ignores it (`e` there would stop the advance); a key
    pressed once the menu is up answers it. A dialog the player opens keeps keys typed after the
    key that opened it."""
    from textual import events

    with suez(tmp_path, *DECLARED) as game:
        async with app_for(game).run_test(size=(80, 24)) as pilot:
            ahead = events.Key("y", "y")  # typed after R, before its question was up
            await press(pilot, "R")
            pilot.app.post_message(ahead)
            await pilot.pause()
            await pilot.pause()
            assert game.records[-1].order == "resolve 2129"
            assert isinstance(pilot.app.screen, HandOverScreen)
            await press(pilot, "enter")  # the British take the keyboard
            await press(pilot, "enter")  # the retreat: picked on the map
            pilot.app.screen.move_cursor("2030")
            await press(pilot, "enter")
            assert isinstance(pilot.app.screen, HandOverScreen)
            ahead = events.Key("e", "e")
            await press(pilot, "enter")  # the Central Powers take it back: the advance menu pops up
            chooser = pilot.app.screen
            assert isinstance(chooser, OrderChooser) and chooser.finish is not None
            pilot.app.post_message(ahead)
            await press(pilot, "down")
            assert pilot.app.screen is chooser and game.state.pending is not None
            await press(pilot, "e")
            assert game.records[-1].order == "stop" and game.state.pending is None
