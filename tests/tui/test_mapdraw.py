"""The map painter: geometry, what each hex shows, and the ASCII glyph set."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from tui_wargame import scenario_file
from tui_wargame.engine import Game
from tui_wargame.model import Scenario
from tui_wargame.rules.capabilities import Layer
from tui_wargame.tui.glyphs import ASCII, UNICODE
from tui_wargame.tui.mapdraw import COMPACT, DETAILED, LAYER_STYLES, Overlay, Painter, squeeze


def reach(marks: dict[str, str]) -> Layer:
    return Layer("reach", "Reach", "the selected unit can go here", marks, "*", style="reach",
                 shown="selected")


def threat(hexes: list[str]) -> Layer:
    return Layer("zoc", "Zones", "the enemy holds it", dict.fromkeys(hexes, ""), "z", style="threat")


def markers(marks: dict[str, str]) -> Layer:
    return Layer("markers", "Markers", "placed face down", marks, "!", style="marker")


def text(rows) -> list[str]:  # noqa: ANN001
    return ["".join(ch for ch, _ in row) for row in rows]


def test_every_hex_is_drawn_with_its_label_and_found_again_by_position(testbed: Scenario, game: Game) -> None:
    empty = game.state.replace(units={})  # a unit covers the label in compact zoom
    for shape in (COMPACT, DETAILED):
        painter = Painter(testbed, ASCII, shape)
        lines = text(painter.paint(empty, Overlay()))
        for label, (x, y) in painter.origin.items():
            first_x = x + shape.s
            assert lines[y][first_x:first_x + 4] == label
            assert painter.hex_at(first_x, y) == label
            assert painter.hex_at(x + shape.s, y + 2 * shape.s - 1) == label


def test_compact_map_matches_the_printed_layout(testbed: Scenario, game: Game) -> None:
    lines = text(Painter(testbed, ASCII, COMPACT).paint(game.state, Overlay()))
    assert lines[0] == " ____      ____      ____      "
    assert lines[1] == "/R4-4\\____/0301\\____/B1-3\\____ "  # a counter covers its hex's label
    assert lines[2] == "\\=..=/0201\\=..=/0401\\VilB/0601\\"  # under the units: road, village held
    assert "~B3-3" in lines[4]  # the river between 0302 and 0402 on 0402's upper-left edge (b2 in 0402)


def test_reach_and_path_and_concealment_are_drawn(testbed: Scenario, game: Game) -> None:
    painter = Painter(testbed, ASCII, COMPACT)
    layer = reach({"0201": "0.5", "0202": "1.5"})
    lines = text(painter.paint(game.state, Overlay(layers=(layer,), path=("0202",),
                                                   concealed=frozenset({"b1"}))))
    joined = "\n".join(lines)
    assert "*0.5" in joined and "+__" in joined  # the path covers the reach
    assert "B??" in joined  # b1 hidden from this viewer
    assert "B1-3" in joined  # b2 not hidden


def test_reduced_units_are_lower_case_and_stacks_counted(testbed: Scenario, game: Game) -> None:
    state = game.state
    r1 = state.units["r1"]
    units = dict(state.units)
    units["r1"] = type(r1)(location="0102", steps=1)
    painter = Painter(testbed, ASCII, COMPACT)
    joined = "\n".join(text(painter.paint(state.replace(units=units), Overlay())))
    assert "R*2" in joined  # "x" would spell a side's short name ("Ax": an Allied stack read as Axis)
    units["r2"] = type(r1)(location="0103", steps=2)
    joined = "\n".join(text(painter.paint(state.replace(units=units), Overlay())))
    assert "r2-4" in joined  # r1 reduced: attack 2, lower-case side letter


def test_ascii_set_draws_only_ascii_and_unicode_set_differs(testbed: Scenario, game: Game) -> None:
    own = Layer("own", "Own", "a glyph of the system's own", {"0302": "7"}, "\N{BLACK STAR}")
    layers = (reach({"0201": "1"}), threat(["0303"]), markers({"0301": "2"}), own)
    for shape in (COMPACT, DETAILED):
        rows = Painter(testbed, ASCII, shape).paint(game.state, Overlay(layers=layers))
        assert all(ch.isascii() for row in rows for ch, _ in row)
    rows = Painter(testbed, UNICODE, COMPACT).paint(game.state, Overlay(layers=layers))
    joined = "\n".join(text(rows))
    assert "\N{BULLET}1" in joined and "\N{BLACK STAR}7" in joined  # the set's bullet; the system's star


def test_each_layer_style_is_drawn_in_its_place_and_palette_role(testbed: Scenario, game: Game) -> None:
    """Reach on the free bottom line, a threat on the ends of it, info where a marker would be."""
    painter = Painter(testbed, ASCII, COMPACT)
    info = Layer("supply", "Supply", "in supply", {"0303": "S"}, "s", style="info")
    rows = painter.paint(game.state, Overlay(layers=(reach({"0302": "2"}), threat(["0303"]), info)))
    for label, cells, style in (("0302", (1, "*2__"), "reach"), ("0303", (1, "z%%z"), "threat"),
                                ("0303", (0, "sS  "), "info")):
        x, y = painter.origin[label]
        line, want = cells
        row = rows[y + line][x + 1:x + 5]
        assert "".join(ch for ch, _ in row) == want
        ends = [row[0], row[-1]] if style == "threat" else [row[0]]
        assert all(LAYER_STYLES[style].color == st.color for _, st in ends)


def test_detailed_zoom_shows_names_and_victory_holders(testbed: Scenario, game: Game) -> None:
    joined = "\n".join(text(Painter(testbed, ASCII, DETAILED).paint(game.state, Overlay())))
    assert "R 4-3-4" in joined and "1st Red " in joined and "1st Red R" not in joined  # whole words
    assert "0402 $B" in joined  # Ford Hill: a victory hex held by Blue


def test_placed_markers_cover_the_label_in_compact_and_sit_on_the_bottom_edge_in_detailed(
        testbed: Scenario, game: Game) -> None:
    overlay = Overlay(layers=(markers({"0301": "2"}),))
    compact = Painter(testbed, ASCII, COMPACT)
    lines = text(compact.paint(game.state, overlay))
    x, y = compact.origin["0301"]
    assert lines[y][x + 1:x + 5] == "!2  "  # a counter on the board hides the printed label too
    assert "0301" not in "\n".join(lines) and "R4-4" in lines[y]
    under = text(compact.paint(game.state, Overlay(layers=(markers({"0101": "2"}),))))
    x, y = compact.origin["0101"]  # r1's hex: the unit on the label line, the marker on the bottom edge
    assert (under[y][x + 1:x + 5], under[y + 1][x + 1:x + 5]) == ("R4-4", "!2__")
    detailed = Painter(testbed, UNICODE, DETAILED)
    lines = text(detailed.paint(game.state, overlay))
    x, y = detailed.origin["0301"]
    assert lines[y][x + 2:x + 6] == "0301"  # room for both: the label stays
    assert "✸2" in lines[y + 3][x:x + 11]
    many = text(compact.paint(game.state, Overlay(layers=(markers({"0301": "12"}),))))
    assert "!12 " in "\n".join(many)


@pytest.mark.parametrize("orders", [1, pytest.param(12, marks=pytest.mark.slow)])
@pytest.mark.parametrize("scenario_id", ["suez1916", "gaza1917"])
def test_drawing_only_the_changing_hexes_equals_drawing_every_hex(scenario_id: str, orders: int,
                                                                  tmp_path: Path) -> None:
    """`paint` redraws over its background only the hexes a state or an overlay can change;
    drawing every hex over that background must give the same picture, through a game."""
    scenario = scenario_file.find(scenario_id, scenario_file.search_path())
    game = Game.new(scenario, tmp_path / "g.toml", seed=11)
    rng = random.Random(scenario_id)
    painters = [Painter(scenario, glyphs, shape, palette=palette)
                for glyphs in (ASCII, UNICODE) for shape in (COMPACT, DETAILED)
                for palette in ("full", "basic", "mono")]
    labels = sorted(painters[0].origin)
    for _ in range(orders):
        game.submit(rng.choice(game.legal_orders()))
        units = sorted(game.state.units)
        layers = (reach({label: str(Fraction(rng.randint(1, 9), 2)) for label in rng.sample(labels, 6)}),
                  threat(rng.sample(labels, 8)), markers({label: str(rng.randint(1, 12))
                                                          for label in rng.sample(labels, 2)}),
                  Layer("info", "Info", "", {label: "i" for label in rng.sample(labels, 3)}, "i"))
        overlay = Overlay(cursor=rng.choice(labels), selected=rng.choice(units), layers=layers,
                          path=tuple(rng.sample(labels, 3)), concealed=frozenset(rng.sample(units, 3)),
                          marks=frozenset(rng.sample(labels, 4)))
        stacks: dict[str, list[str]] = {}
        for uid, u in game.state.units.items():
            if game.scenario.grid.on_map(u.location):
                stacks.setdefault(u.location, []).append(uid)
        for painter in painters:
            every = [list(row) for row in painter._background]
            for label in painter.origin:
                painter._draw_hex(every, label, game.state, overlay, stacks.get(label, []))
            assert painter.paint(game.state, overlay) == [tuple(row) for row in every]
    game.close()


def test_a_long_name_is_cut_at_a_word_or_shortened_with_a_full_stop() -> None:
    """Issue 17: the detailed zoom's 9 cells never show "157th Bri"."""
    assert squeeze("157th Brigade (1st half)", 9) == "157th Br."
    assert squeeze("1st Light Horse Brigade", 9) == "1st Light"
    assert squeeze("160th & 161st Machine-Gun Companies", 9) == "160th"
    assert squeeze("Machinegunners", 9) == "Machineg." and squeeze("Romani", 9) == "Romani"
    assert squeeze("Hod el Romani", 9) == "Hod el R." and squeeze("2nd Red Rifles", 9) == "2nd Red"
    for scenario in ("suez1916", "gaza1917"):
        for spec in scenario_file.find(scenario).unit.values():
            short = squeeze(spec.name, 9)
            assert len(short) <= 9 and (short == spec.name or short.endswith(".")
                                        or spec.name.startswith(short + " ")), (spec.name, short)
