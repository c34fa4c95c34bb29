"""A maphex board (Foxhole R3.A) drawn and played: two maphexes joined edge to edge, the testbed rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.helpers import press, screen_text, sync
from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.model import Scenario
from tui_wargame.tui.app import WargameApp
from tui_wargame.tui.game import GameScreen
from tui_wargame.tui.glyphs import ASCII
from tui_wargame.tui.info import Namer, hex_panel, unit_panel
from tui_wargame.tui.mapdraw import COMPACT, DETAILED, Overlay, Painter

MAPHEXES = Path(__file__).parents[1] / "engine" / "two_maphexes.toml"


@pytest.fixture
def board() -> Scenario:
    return scenario_file.load(MAPHEXES)


@pytest.fixture
def board_game(board: Scenario, tmp_path: Path) -> Game:
    g = Game.new(board, tmp_path / "maphex.toml", seed=5)
    yield g
    g.close()


def text(rows) -> list[str]:  # noqa: ANN001
    return ["".join(ch for ch, _ in row) for row in rows]


def test_every_hex_of_both_maphexes_is_drawn_and_found_again(board: Scenario, board_game: Game) -> None:
    for shape, shown in ((DETAILED, lambda label: label), (COMPACT, board.grid.short_label)):
        painter = Painter(board, ASCII, shape)
        lines = text(painter.paint(board_game.state.replace(units={}), Overlay()))  # units cover labels
        assert set(painter.origin) == set(board.grid.labels())
        for label, (x, y) in painter.origin.items():
            first_x = x + shape.s
            assert lines[y][first_x:first_x + len(shown(label))] == shown(label)
            assert painter.hex_at(first_x, y) == label


def test_where_the_board_has_no_hex_nothing_is_drawn(board: Scenario, board_game: Game) -> None:
    painter = Painter(board, ASCII, DETAILED)
    lines = text(painter.paint(board_game.state, Overlay()))
    # A's top hex is in column 2; north-east of A, above B's south-west edge, the board is empty
    ax, ay = painter.origin["A-0301"]
    assert lines[0][: ax + 1].strip() == "" and lines[ay - 1][: ax].strip() == ""
    assert painter.hex_at(0, 0) is None
    assert len(lines) == painter.height and all(len(line) == painter.width for line in lines)


def test_units_on_both_maphexes_are_drawn(board: Scenario, board_game: Game) -> None:
    joined = "\n".join(text(Painter(board, ASCII, DETAILED).paint(board_game.state, Overlay())))
    assert "R 4-3-4" in joined and "B 3-4-3" in joined  # r1 on A, b1 on B; b2 in its depot box is not
    assert "B 1-2-3" not in joined


@sync
async def test_the_game_screen_plays_on_a_maphex_board(board_game: Game) -> None:
    app = WargameApp(start="play", game=board_game, ascii_only=True)
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(pilot.app.screen, GameScreen)
        assert "0303" in screen_text(pilot.app)
        start = pilot.app.screen.cursor
        await press(pilot, "down")
        assert pilot.app.screen.cursor == board_game.scenario.grid.nudge(start, 0, 1) != start
        await press(pilot, "tab", "right", "m")  # r1 selected, moved one column east
    moved = [r for r in board_game.records if r.order and r.order.startswith("move r1")]
    assert moved and board_game.state.units["r1"].location == "A-0403"
    with Game.open(board_game.path, scenario_dirs=[MAPHEXES.parent]) as again:  # labels and boxes re-checked
        assert again.state.units["b2"].location == "depot"


def test_the_unit_panel_says_what_a_declared_box_is(board_game: Game) -> None:
    names = Namer(board_game, ASCII)
    panel = unit_panel(board_game, board_game.state, "b2", names, concealed=frozenset(), reach={})
    assert "at depot: units resting behind the lines" in panel.plain
    panel = unit_panel(board_game, board_game.state, "r1", names, concealed=frozenset(), reach={})
    assert "at A-0303\n" in panel.plain


def test_the_hex_panel_names_the_maphex_and_sectors_of_a_maphex_hex(board_game: Game) -> None:
    # Foxhole R3.A, R2.I: the maphex by name; the centre borders all six sectors; a hex on the way to the
    # north edge is in N alone
    names = Namer(board_game, ASCII)

    def panel(label: str) -> str:
        return hex_panel(board_game, board_game.state, label, names, selected=None, concealed=frozenset(),
                         reach={}).plain

    assert "maphex A, sectors N, NE, SE, S, SW, NW (N is up)\n" in panel("A-0303")
    assert "maphex A, sector N (N is up)\n" in panel("A-0301")
    assert "maphex B, sectors N, NE (N is up)\n" in panel("B-0401")  # on the line between the two
