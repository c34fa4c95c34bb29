"""Foxhole on the screen through the capabilities (issue 14): counters drawn with the system's face,
the markers layer and every marker in the hex panel, the maphex and sector named, coasts and sea
drawn (with colour, in ASCII and without colour)."""

from __future__ import annotations

from pathlib import Path

from tests.rules.foxhole.helpers import load
from tests.tui.helpers import screen_text, sync
from tui_wargame.engine import Game
from tui_wargame.rules.capabilities import Capabilities
from tui_wargame.rules.foxhole.system import SYSTEM
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.game import GameScreen
from tui_wargame.tui.glyphs import ASCII, UNICODE
from tui_wargame.tui.mapdraw import COAST, COMPACT, DETAILED, WATER, Overlay, Painter

SCENARIO = load()
CAPS = Capabilities(SYSTEM)


def proving(tmp_path: Path) -> Game:
    return Game.new(SCENARIO, tmp_path / "proving.toml", seed=1)


def face(state, uid: str) -> str:  # noqa: ANN001
    return CAPS.unit_face(SCENARIO, state, uid)


def panel(shown: str) -> str:
    """The side panel's lines of a screen's text (right of the map's border)."""
    return "\n".join(line.split("|", 1)[1] for line in shown.splitlines() if "|" in line)


def text(rows) -> list[str]:  # noqa: ANN001
    return ["".join(ch for ch, _ in row) for row in rows]


def counter(painter: Painter, state, label: str) -> str:  # noqa: ANN001
    """The counter's line of hex `label`: its first interior line (compact), else its second."""
    x, y = painter.origin[label]
    k = 0 if painter.shape is COMPACT else 1
    x0, width = painter._interior(x)[k]
    return text(painter.paint(state, Overlay()))[y + k][x0:x0 + width].strip()


def test_a_counter_shows_type_and_defence_compact_and_its_whole_face_detailed(tmp_path: Path) -> None:
    state = proving(tmp_path).state
    compact, detailed = (Painter(SCENARIO, ASCII, COMPACT, face=face),
                         Painter(SCENARIO, ASCII, DETAILED, face=face))
    assert counter(compact, state, "A-0702") == "AT6"  # side, Tank, Defence 6 (R5.A.5)
    assert counter(detailed, state, "A-0702").startswith("AT6-5/4-8")
    assert counter(detailed, state, "A-0505") == "AI3-10"  # too long whole: Defence and MP


def test_coasts_are_bold_and_the_sea_between_sea_hexes_is_waves(tmp_path: Path) -> None:
    state = proving(tmp_path).state
    for glyphs, palette in ((UNICODE, "full"), (ASCII, "basic"), (ASCII, "mono")):
        painter = Painter(SCENARIO, glyphs, COMPACT, palette=palette)
        rows = painter.paint(state, Overlay())
        x, y = painter.origin["A-0406"]  # shallow sea: Flooded A-0405 north, Shallow Sea A-0306 north-west
        coast = rows[y - 1][x + 1]  # its top edge's first cell
        wave = rows[y][x]  # its north-west edge
        assert coast[0] == "_" and coast[1].bold
        assert wave[0] == glyphs.water
        if palette != "mono":
            assert coast[1].color == COAST.color and wave[1].color == WATER.color
        else:
            assert coast[1].color is None and wave[1].color is None


@sync
async def test_the_hex_panel_lists_every_marker_and_names_the_maphex(tmp_path: Path) -> None:
    app = WargameApp(start="play", game=proving(tmp_path), ascii_only=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.move_cursor("B-0506")
        await pilot.pause()
        await pilot.pause()
        shown = screen_text(app)
        assert "!M1+" in shown  # the map: Mines first, more markers below (R5.B)
        assert "maphex B, sector S" in shown
        told = " ".join(panel(shown).split())
        assert "M1 Mines, level 1 (Axis): Assaulting in, Pinned 2 in 10" in told
        assert "K1 Tank Traps, level 1 (Axis)" in told


@sync
async def test_the_unit_panel_shows_the_card_in_words(tmp_path: Path) -> None:
    app = WargameApp(start="play", game=proving(tmp_path), ascii_only=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.control.selected = "AART"
        screen.move_cursor("A-0604")
        await pilot.pause()
        await pilot.pause()
        shown = screen_text(app)
        assert ">AART Field Artillery A1-2/8-1" in shown  # the stack list: the face
        assert "Artillery Battery: range 8,\n" in panel(shown) and "defence 1, hard firepower 2," in shown
        assert "no condition markers: fit to" in shown


def test_sides_whose_names_begin_alike_get_letters_apart() -> None:
    # "Al" and "Ax": without colour the counters would be one side's; Axis takes its next capital
    painter = Painter(SCENARIO, ASCII, COMPACT, palette="mono")
    assert (painter.side_char("allied"), painter.side_char("axis")) == ("A", "X")
