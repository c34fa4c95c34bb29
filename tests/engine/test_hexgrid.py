"""Hex geometry and boards: printed CCRR labels, staggered columns, distance, rings and lines;
maphex boards (Foxhole R2.I, R3.A) with their labels, sectors, joins and compass steps."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tui_wargame.hexgrid import (
    DIRECTION_NAMES,
    DIRECTIONS,
    Board,
    Grid,
    Hex,
    Maphex,
    MaphexBoard,
    attached,
    direction,
    distance,
    edge_between,
    hexside,
    line,
    maphex_hexes,
    neighbours,
    placement_problems,
    ring,
    within,
)


@pytest.mark.parametrize("stagger", ["even", "odd"])
def test_labels_round_trip(stagger: str) -> None:
    grid = Grid((1, 12), (1, 9), stagger)  # type: ignore[arg-type]
    labels = [grid.label(h) for h in grid.hexes()]
    assert len(labels) == len(set(labels)) == 12 * 9
    assert all(grid.label(grid.parse(label)) == label for label in labels)


def test_even_stagger_lowers_even_columns() -> None:
    # Column 02 sits half a hex lower, so 0201 touches 0101 and 0102 on its west side.
    grid = Grid((1, 5), (1, 5), "even")
    west = {grid.label(n) for n in grid.neighbours(grid.parse("0201")) if n.q == 1}
    assert west == {"0101", "0102"}
    west_of_odd = {grid.label(n) for n in grid.neighbours(grid.parse("0302")) if n.q == 2}
    assert west_of_odd == {"0201", "0202"}


def test_odd_stagger_lowers_odd_columns() -> None:
    # Column 01 sits lower than column 02, so 0202 touches 0101 and 0102 on its west side.
    grid = Grid((1, 5), (1, 5), "odd")
    west = {grid.label(n) for n in grid.neighbours(grid.parse("0202")) if n.q == 1}
    assert west == {"0101", "0102"}
    west_of_odd = {grid.label(n) for n in grid.neighbours(grid.parse("0302")) if n.q == 2}
    assert west_of_odd == {"0202", "0203"}


def test_same_column_neighbours_are_the_rows_above_and_below() -> None:
    grid = Grid((1, 5), (1, 5))
    labels = {grid.label(n) for n in grid.neighbours(grid.parse("0303"))}
    assert {"0302", "0304"} <= labels and len(labels) == 6


def test_edges_have_fewer_neighbours() -> None:
    grid = Grid((1, 5), (1, 5), "even")
    assert len(grid.neighbours(grid.parse("0101"))) == 2  # the top-left corner of a raised column
    assert len(grid.neighbours(grid.parse("0303"))) == 6


@pytest.mark.parametrize("bad", ["", "123", "ab12", "0000", "0106", "0601", "01 1", "１２３４"])
def test_bad_labels_are_refused(bad: str) -> None:
    grid = Grid((1, 5), (1, 5))
    with pytest.raises(ValueError):
        grid.parse(bad)


def test_distance_and_rings() -> None:
    center = Hex(0, 0)
    for radius in range(5):
        cells = ring(center, radius)
        assert len(cells) == max(1, 6 * radius)
        assert all(distance(center, h) == radius for h in cells)
    assert len(list(within(center, 3))) == 1 + 6 + 12 + 18


def test_direction_and_hexside() -> None:
    a = Hex(2, 3)
    for i, n in enumerate(neighbours(a)):
        assert direction(a, n) == i
        assert hexside(a, n) == hexside(n, a)
    assert direction(a, Hex(5, 5)) is None


hexes = st.builds(Hex, st.integers(-30, 30), st.integers(-30, 30))


@given(hexes, hexes)
def test_lines_step_to_adjacent_hexes(a: Hex, b: Hex) -> None:
    cells = line(a, b)
    assert cells[0] == a and cells[-1] == b
    assert len(cells) == distance(a, b) + 1
    assert all(distance(x, y) == 1 for x, y in zip(cells, cells[1:]))


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, b) == distance(b, a)
    assert distance(a, c) <= distance(a, b) + distance(b, c)
    assert (distance(a, b) == 0) == (a == b)


@given(st.integers(0, 99), st.integers(0, 99), st.sampled_from(["odd", "even"]))
def test_offset_round_trip(col: int, row: int, stagger: str) -> None:
    grid = Grid((0, 99), (0, 99), stagger)  # type: ignore[arg-type]
    assert grid.to_offset(grid.from_offset(col, row)) == (col, row)


# --- compass steps and layout on the rectangle ---


def test_compass_steps_on_the_rectangle() -> None:
    # Foxhole R2.I: six directions, clockwise from north; column 02 is lowered (even stagger).
    grid = Grid((1, 5), (1, 5), "even")
    steps = {name: grid.step("0303", name) for name in DIRECTION_NAMES}
    assert steps == {"N": "0302", "NE": "0402", "SE": "0403", "S": "0304", "SW": "0203", "NW": "0202"}
    assert all(grid.direction_name("0303", there) == name for name, there in steps.items())
    assert grid.step("0101", "N") is None and grid.step("0101", 0) is None
    assert grid.direction_name("0101", "0303") is None
    with pytest.raises(ValueError, match="compass"):
        grid.step("0303", "E")


def test_the_rectangle_lays_out_as_printed() -> None:
    grid = Grid((1, 4), (2, 4), "even")
    assert grid.layout("0102") == (0, 0) and grid.layout("0202") == (1, 1)  # column 02 half a hex lower
    assert grid.layout("0404") == (3, 5) and grid.layout_size() == (4, 7)
    assert (grid.column("0304"), grid.row("0304")) == (3, 4) == grid.offset("0304")


def test_the_rectangle_decides_what_is_on_the_map() -> None:
    grid = Grid((1, 5), (1, 5))
    assert grid.on_map("0101") and grid.on_map("0505")
    assert not any(map(grid.on_map, ["0106", "0000", "eliminated", "", "A-0101"]))
    assert grid.sectors("0303") == frozenset()  # a rectangle has no maphexes


def test_the_cursor_keys_stay_on_the_rectangle() -> None:
    grid = Grid((1, 5), (1, 5))
    assert grid.nudge("0303", 1, 0) == "0403" and grid.nudge("0303", 0, -1) == "0302"
    assert grid.nudge("0101", -1, -1) == "0101" and grid.nudge("0505", 3, 0) == "0505"


# --- maphexes (Foxhole R3.A) ---


def two_maphexes() -> MaphexBoard:
    """Maphex B joined to the north-east edge of maphex A, C to the south edge of A."""
    a = Maphex("A", 2, Hex(0, 0))
    b = Maphex("B", 2, attached(a, 2, "NE"))
    c = Maphex("C", 3, attached(a, 3, "S"))
    return MaphexBoard([a, b, c])


def test_a_maphex_has_a_hexagons_worth_of_hexes() -> None:
    assert [len(maphex_hexes(r)) for r in (1, 2, 3, 4)] == [7, 19, 43, 73]
    for radius in range(1, 7):
        cells = set(maphex_hexes(radius))
        # `radius` hexes from the centre to the middle of each edge, and no further that way
        for d in DIRECTIONS:
            assert Hex(d.q * radius, d.r * radius) in cells
            assert Hex(d.q * (radius + 1), d.r * (radius + 1)) not in cells
        assert all(Hex(-h.q, -h.r) in cells for h in cells)  # symmetric through the centre


def test_maphex_labels_round_trip() -> None:
    board = two_maphexes()
    labels = list(board.labels())
    assert len(labels) == len(set(labels)) == 19 + 19 + 43
    assert all(board.label(board.parse(label)) == label for label in labels)
    assert board.label(Hex(0, 0)) == "A-0303"  # the centre of a radius-2 maphex
    assert {label.split("-")[0] for label in labels} == {"A", "B", "C"}
    assert all(board.on_map(label) for label in labels) and not board.on_map("eliminated")
    assert board.short_label("B-0203") == "0203" and board.offset("B-0203") == (2, 3)


def test_a_maphex_keeps_its_labels_wherever_it_is_placed() -> None:
    alone = MaphexBoard([Maphex("B", 2, Hex(0, 0))])
    joined = two_maphexes()
    assert {joined.offset(label) for label in joined.labels() if label.startswith("B-")} == {
        alone.offset(label) for label in alone.labels()}


@pytest.mark.parametrize("bad", ["A0303", "C-0303x", "D-0303", "A-0101", "A-9999", "A-03 3", "-0303", ""])
def test_bad_maphex_labels_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        two_maphexes().parse(bad)


def test_neighbours_and_distance_run_across_a_join() -> None:
    board = two_maphexes()
    assert board.step("A-0502", "NE") == "B-0103" and board.step("A-0502", "SE") == "B-0104"
    assert board.direction_name("B-0103", "A-0502") == "SW"
    assert set(board.adjacent("A-0502")) >= {"B-0103", "B-0104"}
    assert "A-0502" in board.adjacent("B-0103")
    assert board.step("A-0305", "S") is not None and board.step("A-0305", "S").startswith("C-")
    assert board.distance("A-0303", "B-0303") == 5 == distance(board.parse("A-0303"), board.parse("B-0303"))
    path = board.line("A-0303", "B-0303")
    assert path[0] == "A-0303" and path[-1] == "B-0303" and len(path) == 6
    assert all(board.distance(x, y) == 1 for x, y in zip(path, path[1:]))


def test_every_hex_of_a_board_steps_back_the_way_it_came() -> None:
    board = two_maphexes()
    for label in board.labels():
        for d, name in enumerate(DIRECTION_NAMES):
            there = board.step(label, name)
            if there is not None:
                assert board.step(there, DIRECTION_NAMES[(d + 3) % 6]) == label
                assert board.direction_name(label, there) == name


def _rotated(h: Hex) -> Hex:
    """`h` turned a sixth of a turn clockwise about Hex(0, 0): N becomes NE."""
    return Hex(-h.r, h.q + h.r)


@pytest.mark.parametrize("radius", [1, 2, 3, 4, 5, 6])
def test_the_six_sectors_of_every_hex_of_a_maphex(radius: int) -> None:
    # Foxhole R3.A: six triangles from the centre to each edge, named for the direction the edge faces
    # (R2.I); a hex on the line between two borders both and is in both; the centre borders all six.
    board = MaphexBoard([Maphex("A", radius, Hex(0, 0))])
    of = {h: board.sectors(board.label(h)) for h in maphex_hexes(radius)}
    assert of[Hex(0, 0)] == frozenset(DIRECTION_NAMES)
    assert all(1 <= len(names) <= 2 for h, names in of.items() if h != Hex(0, 0))  # the six cover the rest
    for h, names in of.items():  # each sector is the last one turned a sixth clockwise
        assert of[_rotated(h)] == {DIRECTION_NAMES[(DIRECTION_NAMES.index(n) + 1) % 6] for n in names}
    for d, name in enumerate(DIRECTION_NAMES):
        straight = [Hex(DIRECTIONS[d].q * k, DIRECTIONS[d].r * k) for k in range(1, radius + 1)]
        assert all(of[h] == {name} for h in straight)  # the way to the middle of its edge is its alone
    for h, names in of.items():  # two sectors only where they meet, on the line between them
        if len(names) == 2:
            a, b = sorted(DIRECTION_NAMES.index(n) for n in names)
            assert (b - a) in (1, 5)
            between = DIRECTIONS[a] + DIRECTIONS[b] if b - a == 1 else DIRECTIONS[0] + DIRECTIONS[5]
            k = distance(Hex(0, 0), h) // 2
            assert h == Hex(between.q * k, between.r * k)


def test_maphex_sectors_hold_as_many_hexes_each() -> None:
    board = MaphexBoard([Maphex("A", 3, Hex(0, 0))])
    counts = {name: sum(name in board.sectors(label) for label in board.labels()) for name in DIRECTION_NAMES}
    assert set(counts.values()) == {10}  # 43 hexes: the centre in all six, 6 hexes on two lines each


@pytest.mark.parametrize("edge", DIRECTION_NAMES)
@pytest.mark.parametrize("radii", [(2, 2), (3, 2), (1, 4)])
def test_attached_maphexes_meet_edge_to_edge(edge: str, radii: tuple[int, int]) -> None:
    a = Maphex("A", radii[0], Hex(3, -1))
    b = Maphex("B", radii[1], attached(a, radii[1], edge))
    assert edge_between(a, b) == edge
    assert edge_between(b, a) == DIRECTION_NAMES[(DIRECTION_NAMES.index(edge) + 3) % 6]
    assert list(placement_problems([a, b])) == []
    board = MaphexBoard([a, b])
    assert any(other.startswith("B-") for label in board.labels() if label.startswith("A-")
               for other in board.adjacent(label))


def test_maphexes_that_overlap_or_do_not_meet_are_refused() -> None:
    a = Maphex("A", 2, Hex(0, 0))
    assert list(placement_problems([a, Maphex("B", 2, Hex(3, 0))])) == [(1, "maphex 'B' overlaps maphex 'A'")]
    apart = Maphex("B", 2, Hex(12, 0))
    assert list(placement_problems([a, apart])) == [
        (1, "maphex 'B' is not joined edge to edge to any maphex before it")]
    corner = Maphex("B", 2, Hex(5, -5))  # touching only where two edges meet, not along an edge
    assert edge_between(a, corner) is None


def test_a_maphex_board_lays_out_for_drawing() -> None:
    board = two_maphexes()
    columns, half_rows = board.layout_size()
    spots = {board.layout(label) for label in board.labels()}
    assert len(spots) == len(list(board.labels()))  # no two hexes drawn in one place
    assert min(x for x, _ in spots) == 0 == min(y for _, y in spots)
    assert max(x for x, _ in spots) == columns - 1 and max(y for _, y in spots) == half_rows - 2
    for label in board.labels():
        x, y = board.layout(label)
        for name, (dx, dy) in zip(DIRECTION_NAMES, [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)]):
            there = board.step(label, name)
            if there is not None:
                assert board.layout(there) == (x + dx, y + dy)


def test_the_cursor_keys_stay_on_a_maphex_board() -> None:
    board = two_maphexes()
    assert board.nudge("A-0303", 0, -1) == "A-0302" and board.nudge("A-0303", 1, 0) == "A-0403"
    assert board.nudge("A-0301", 0, -1) == "A-0301"  # nothing north of the top hex
    assert board.nudge("A-0502", 1, 0) == "B-0104"  # across the join, to its south-east


def test_both_shapes_are_boards() -> None:
    assert isinstance(Grid((1, 2), (1, 2)), Board) and isinstance(two_maphexes(), Board)


@st.composite
def boards(draw: st.DrawFn) -> list[Maphex]:
    """Up to four maphexes, each joined to a random edge of a random earlier one."""
    placed = [Maphex("A", draw(st.integers(1, 4)), Hex(0, 0))]
    for name in "BCD"[: draw(st.integers(0, 3))]:
        base = draw(st.sampled_from(placed))
        radius = draw(st.integers(1, 4))
        placed.append(Maphex(name, radius, attached(base, radius, draw(st.sampled_from(DIRECTION_NAMES)))))
    return placed


@given(boards())
def test_any_board_of_joined_maphexes_is_consistent(maphexes: list[Maphex]) -> None:
    problems = list(placement_problems(maphexes))
    assert all("overlaps" in p for _, p in problems)  # an attached maphex is always edge to edge
    if problems:
        return
    board = MaphexBoard(maphexes)
    labels = list(board.labels())
    assert len(labels) == len(set(labels)) == sum(len(maphex_hexes(m.radius)) for m in maphexes)
    for label in labels:
        assert board.label(board.parse(label)) == label
        for other in board.adjacent(label):
            assert label in board.adjacent(other) and board.distance(label, other) == 1
