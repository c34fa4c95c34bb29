"""What still stood in a newcomer's way playing Foxhole at 80x24 from the README alone: Utah Beach
(`utah1944`) and a generated scenario, by keys."""

from __future__ import annotations

from pathlib import Path

from tests.rules.foxhole.helpers import load
from tests.tui.helpers import screen_text, sync
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.model import Order
from tui_wargame.rules.foxhole import arrivals
from tui_wargame.tui.answers import Confirm
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.controller import MapController
from tui_wargame.tui.glyphs import ASCII, UNICODE
from tui_wargame.tui.info import Namer, unit_panel
from tui_wargame.tui.mapdraw import COMPACT, Overlay, Painter
from tui_wargame.tui.status import cut, header_line


def utah(path: Path, seed: int = 1) -> Game:
    return Game.new(scenario_file.find("utah1944"), path, seed=seed)


@sync
async def test_newcomer_the_key_bar_names_o_beside_the_barrage_menu(tmp_path: Path) -> None:
    """R18 and every order in words: at 80 columns the key bar shows `o Orders` as well as Foxhole's
    `f Barrage`, and every other key it shows, whole."""
    with utah(tmp_path / "u.toml") as game:
        async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            bar = screen_text(pilot.app).splitlines()[-1]
    for key in ("o Orders", "f Barrage", ": Order", "e End", "q Quit", "? Help"):
        assert key in bar, bar


def test_newcomer_the_dawn_briefings_end_question_leaves_out_an_arrival_already_timed(tmp_path: Path) -> None:
    """R23.A, R16.B: the Axis times FJ6, its one reinforcement, for the Afternoon; ending the
    Briefing then no longer says FJ6 could still act (its orders to time it again stay legal). So
    with a landing the Allies aim."""
    with utah(tmp_path / "u.toml") as game:
        control = MapController(game)
        before = control.end_phase()
        game.submit("reinforce FJ6 1pm")
        control = MapController(game)
        after = control.end_phase()
        assert "reinforce FJ6 1am" in {o.text for o in game.legal_orders()}
        game.submit("end")  # R16.B: the Allies aim one landing of the 21 units due today
        unaimed = MapController(game).end_phase()
        game.submit("aim B8 A-1104")
        aimed = MapController(game).end_phase()
    assert isinstance(before, Confirm) and "1 unit could still act: FJ6" in before.question
    assert isinstance(after, Confirm) and "FJ6" not in after.question
    assert "1 order could still be given (e.g. support azeville 1pm)" in after.question
    assert isinstance(unaimed, Confirm) and "21 units could still act: A8, B8," in unaimed.question
    assert isinstance(aimed, Confirm) and "20 units could still act: A8, C8," in aimed.question


def test_newcomer_the_track_cuts_a_step_with_a_full_stop_and_names_the_sides_in_full_where_they_fit(
        tmp_path: Path) -> None:
    """R15: from 60 to 120 columns the Dawn Briefing's track never shows "Weathe" (a name cut
    short ends "."), and the sides' full names, in the label and the track alike, wherever they fit
    (at 80: "Axis: [Dawn] > Weather > Allies turn > Axis turn", not "Ge: ... US turn Ge turn")."""
    with utah(tmp_path / "utah1944-1.toml") as game:
        names = Namer(game, ASCII)
        heads = {w: header_line(game, game.state, names, width=w).plain for w in range(60, 121)}
    for width, head in heads.items():
        track = head.split(" | ")[-2]
        assert len(head) <= width and "Weathe " not in track and "Weat " not in track, head
        assert track.startswith("Axis: ") != ("US" in track), head  # one form of the names throughout
    assert cut("Weather", 6) == "Weath." and cut("Allies turn", 6) == "Allies"
    assert cut("V.Assault", 4) == "V.A."
    assert heads[80] == "T1/3 | Axis: [Dawn] > Weather > Allies turn > Axis turn | utah1944-1.toml"
    assert "Axis: [Dawn] Weath. Allies Axis" in heads[64]
    assert "Ge: [Dawn] Weather US turn Ge turn" in heads[60]


def test_newcomer_sorties_support_and_full_turns_are_told_by_the_names_a_player_reads(tmp_path: Path) -> None:
    """R23.B-C: Utah's Sorties and Support by their names ("B-26 Marauders", not "b26"), each
    Full Turn by its part of the Day ("the Afternoon", not "1pm", which reads like a clock time);
    the ids stay the orders' words."""
    with utah(tmp_path / "u.toml") as game:
        sc = game.scenario
        axis = game.prompt()
        support = game.capabilities.order_note(sc, game.state, Order.parse("support azeville 1pm"))
        game.submit("end")
        allies = game.prompt()
        sortie = game.capabilities.order_note(sc, game.state, Order.parse("sortie b26 1pm"))
    assert "Today: Morning, Afternoon (in orders 1am, 1pm); untimed arrivals come in the Morning." in axis
    assert "Support Azeville battery Morning" in axis and "azeville" not in axis
    assert support == "Support Azeville battery may fire its barrage in the Afternoon (R23.B)"
    assert sortie == "Sortie B-26 Marauders flies in the Afternoon (R23.C)"
    assert "Sorties B-26 Marauders Morning, USS Nevada Morning, Force U cruisers Morning" in allies
    assert arrivals.element_name(sc, "b26") == "B-26 Marauders" and arrivals.element_name(sc, "WN5") == "WN5"


def test_newcomer_the_unit_panel_says_a_move_once_and_the_traits_once(tmp_path: Path) -> None:
    """R11.B, R7, R25.A.5: after A8 moves in the Supply-Movement Phase the panel says once that it
    has moved and may not again this phase (not a card line and a note both), and tells its
    special types and attributes once each, with no "traits:" line repeating the card."""
    with utah(tmp_path / "u.toml") as game:
        while not any(o.verb == "move" and o.args[0] == "A8" for o in game.legal_orders()):
            game.submit(next(o.text for o in game.legal_orders() if o.verb in ("end", "pass")))
        game.submit(next(o.text for o in game.legal_orders() if o.verb == "move" and o.args[0] == "A8"))
        panel = unit_panel(game, game.state, "A8", Namer(game, ASCII), concealed=frozenset(), reach={},
                           orders=game.legal_orders()).plain
        para = unit_panel(game, game.state, "P501", Namer(game, ASCII), concealed=frozenset(), reach={}).plain
    assert panel.count("moved") == 1 and "has moved this phase: it may not move again in it (R11.B)" in panel
    assert "traits:" not in panel and panel.count("english") == 1
    assert "service army, language english (R25.A.5)" in panel
    assert "traits:" not in para and para.count("Parachute:") == 1 and "parachute" not in para


def test_newcomer_an_allied_stack_no_longer_reads_as_the_axis_short_name(tmp_path: Path) -> None:
    """R10 stacks on a generated scenario's sides, Allies ("Al") and Axis ("Ax"): the compact map
    counted an Allied stack "Ax4", the Axis' short name; now "A*4" (ASCII) or "A×4", the Axis' "X*2"."""
    scenario = load()  # the proving ground: sides Allies "Al" and Axis "Ax", as a generated scenario's
    with Game.new(scenario, tmp_path / "p.toml", seed=1) as game:
        state = game.state
    allied = [u for u, s in state.units.items() if scenario.unit[u].side == "allied"][:3]
    axis = [u for u, s in state.units.items() if scenario.unit[u].side == "axis"][:2]
    units = dict(state.units)
    for uid, where in [*((u, "A-0303") for u in allied), *((u, "A-0305") for u in axis)]:
        units[uid] = type(units[uid])(location=where, steps=units[uid].steps)
    shown = state.replace(units=units)
    ascii_map = "\n".join("".join(ch for ch, _ in row) for row in Painter(scenario, ASCII, COMPACT).paint(
        shown, Overlay()))
    unicode_map = "\n".join("".join(ch for ch, _ in row) for row in Painter(scenario, UNICODE, COMPACT).paint(
        shown, Overlay()))
    assert "A*3" in ascii_map and "X*2" in ascii_map and "Ax3" not in ascii_map
    assert "A×3" in unicode_map and "X×2" in unicode_map


@sync
async def test_newcomer_with_two_order_menus_the_typed_order_gives_way_on_the_key_bar(tmp_path: Path) -> None:
    """F&M's `f Fire` and `R Resolve` beside `o Orders` at 80 columns: `: Order` gives way (the help
    lists it) so that no key is cut at the edge."""
    with Game.new(scenario_file.find("suez1916"), tmp_path / "s.toml", seed=1) as game:
        async with WargameApp(start="play", game=game, ascii_only=True).run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            bar = screen_text(pilot.app).splitlines()[-1]
    assert bar.rstrip().endswith("f Fire R Resolve") and "o Orders" in bar and "q Quit" in bar, bar
    assert ": Order" not in bar



def test_newcomer_three_firers_are_told_as_a_list_not_joined_by_and_twice(tmp_path: Path) -> None:
    """R18.D: Utah's three Sorties on WN5 read "B-26 Marauders, Force U cruisers and USS Nevada"."""
    with utah(tmp_path / "u.toml") as game:
        note = game.capabilities.order_note(game.scenario, game.state,
                                            Order.parse("barrage A-1006 b26 cruisers nevada"))
    assert note.startswith("B-26 Marauders, Force U cruisers and USS Nevada fire into A-1006"), note
