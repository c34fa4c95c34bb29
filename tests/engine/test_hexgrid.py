"""Hex geometry: printed CCRR labels, staggered columns, distance, rings and lines."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tui_wargame.hexgrid import Grid, Hex, direction, distance, hexside, line, neighbours, ring, within


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
