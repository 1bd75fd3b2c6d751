"""Tests cell and segment names in the A1 and L1C1 notations."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sos_print.engine.errors import NotationError
from sos_print.engine.grid import Cell, Direction, Segment, all_segments, segments_through
from sos_print.engine.notation import (
    Notation,
    cell_name,
    column_letters,
    parse_cell,
    parse_column,
    parse_segment,
    segment_name,
)

A1, L1C1 = Notation.A1, Notation.L1C1


@pytest.mark.parametrize(
    ("text", "size", "notation", "cell"),
    [
        ("A1", 4, A1, Cell(0, 0)),  # bottom left: rows count from the bottom
        ("B2", 4, A1, Cell(1, 1)),
        ("D4", 4, A1, Cell(3, 3)),
        ("b3", 4, A1, Cell(1, 2)),  # case does not matter
        (" C1 ", 3, A1, Cell(2, 0)),
        ("H8", 8, A1, Cell(7, 7)),
        ("L1C1", 5, L1C1, Cell(0, 4)),  # top left: lines count from the top
        ("L2C3", 5, L1C1, Cell(2, 3)),  # the French seed's example cell
        ("L5C5", 5, L1C1, Cell(4, 0)),
        ("l3c3", 5, L1C1, Cell(2, 2)),
        ("D 4", 4, A1, Cell(3, 3)),  # spaces inside, as a tablet's keyboard types them, do not matter either
        ("L2 C3", 5, L1C1, Cell(2, 3)),
        ("l 2 c\t3", 5, L1C1, Cell(2, 3)),
        ("L 2 C 3", 5, L1C1, Cell(2, 3)),
    ],
)
def test_parse_cell_reads_both_notations(text, size, notation, cell):
    assert parse_cell(text, size, notation) == cell


@pytest.mark.parametrize(
    ("cell", "size", "notation", "name"),
    [
        (Cell(1, 1), 4, A1, "B2"),
        (Cell(0, 3), 4, A1, "A4"),
        (Cell(2, 3), 5, L1C1, "L2C3"),
        (Cell(0, 0), 5, L1C1, "L5C1"),
        (Cell(26, 0), 30, A1, "AA1"),
    ],
)
def test_cell_name_writes_both_notations(cell, size, notation, name):
    assert cell_name(cell, size, notation) == name


@pytest.mark.parametrize(
    ("text", "size", "notation", "message"),
    [
        ("E1", 4, A1, "cell E1 is not on the 4 × 4 board"),
        ("A5", 4, A1, "cell A5 is not on the 4 × 4 board"),
        ("A0", 4, A1, "cell A0 is not on the 4 × 4 board"),
        ("L6C1", 5, L1C1, "cell L6C1 is not on the 5 × 5 board"),
        ("L0C1", 5, L1C1, "cell L0C1 is not on the 5 × 5 board"),
        ("1A", 4, A1, "'1A' is not a cell name in A1 notation (like B2)"),
        ("1 A", 4, A1, "'1 A' is not a cell name in A1 notation (like B2)"),
        ("E 1", 4, A1, "cell E1 is not on the 4 × 4 board"),
        ("D4 4", 4, A1, "'D4 4' is not a cell name in A1 notation (like B2)"),  # not D44 (sweep ad68, 6)
        ("B2", 4, L1C1, "'B2' is not a cell name in L1C1 notation (like L2C3), but one in A1 notation"),
        ("L2C3", 4, A1, "'L2C3' is not a cell name in A1 notation (like B2), but one in L1C1 notation"),
        ("", 4, A1, "'' is not a cell name in A1 notation (like B2)"),
    ],
)
def test_parse_cell_rejects_bad_names_and_says_why(text, size, notation, message):
    with pytest.raises(NotationError) as raised:
        parse_cell(text, size, notation)
    assert str(raised.value) == message


@given(st.integers(3, 30), st.data())
def test_parse_cell_inverts_cell_name(size, data):
    cell = Cell(data.draw(st.integers(0, size - 1)), data.draw(st.integers(0, size - 1)))
    for notation in Notation:
        assert parse_cell(cell_name(cell, size, notation), size, notation) == cell


@pytest.mark.parametrize(("col", "letters"), [(0, "A"), (7, "H"), (25, "Z"), (26, "AA"), (27, "AB"), (52, "BA")])
def test_column_letters_go_on_past_z(col, letters):
    assert column_letters(col) == letters
    assert parse_column(letters) == col


@pytest.mark.parametrize(
    ("text", "size", "notation", "ends", "name"),
    [
        ("B1-B3", 4, A1, (Cell(1, 0), Cell(1, 2)), "B1-B3"),
        ("B3-B1", 4, A1, (Cell(1, 0), Cell(1, 2)), "B1-B3"),  # either order: the same segment
        ("A2-C2", 4, A1, (Cell(0, 1), Cell(2, 1)), "A2-C2"),
        ("C1-A3", 4, A1, (Cell(0, 2), Cell(2, 0)), "A3-C1"),
        ("a1 \u2013 c3", 4, A1, (Cell(0, 0), Cell(2, 2)), "A1-C3"),
        ("L3C4-L3C2", 5, L1C1, (Cell(1, 2), Cell(3, 2)), "L3C2-L3C4"),
        ("L4C3-L2C3", 5, L1C1, (Cell(2, 1), Cell(2, 3)), "L2C3-L4C3"),  # reading order: top line first
    ],
)
def test_segments_are_read_in_either_direction(text, size, notation, ends, name):
    segment = parse_segment(text, size, notation)
    assert segment == Segment.between(*ends) == Segment.between(*reversed(ends))
    assert segment_name(segment, size, notation) == name


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("B1-B4", "'B1-B4' is not a straight line of three adjacent cells"),
        ("B1-B2", "'B1-B2' is not a straight line of three adjacent cells"),
        ("A1-B3", "'A1-B3' is not a straight line of three adjacent cells"),
        ("B1", "'B1' is not an S-O-S line: write the cells at its two ends joined by a hyphen"),
        ("B1-B3-B5", "'B1-B3-B5' is not an S-O-S line: write the cells at its two ends joined by a hyphen"),
        ("B1-Z3", "cell Z3 is not on the 4 × 4 board"),
    ],
)
def test_parse_segment_rejects_what_is_not_a_segment(text, message):
    with pytest.raises(NotationError) as raised:
        parse_segment(text, 4, A1)
    assert str(raised.value) == message


def test_only_two_cells_two_apart_in_a_line_make_a_segment():
    message = "Cell(col=0, row=0) and Cell(col=1, row=2) are not the ends of a three-cell line"
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        Segment.between(Cell(0, 0), Cell(1, 2))


@pytest.mark.parametrize(
    ("size", "count"),
    # rows and columns: 2 * n * (n - 2); each diagonal direction: (n - 2) ** 2
    [(3, 8), (4, 24), (5, 48), (8, 168)],
)
def test_a_board_has_the_right_number_of_segments(size, count):
    assert len(all_segments(size)) == count
    assert len(set(all_segments(size))) == count


def test_middle_cells_lie_in_at_most_four_segments_and_any_cell_in_at_most_twelve():
    through = segments_through(8)
    centre = Cell(3, 3)
    as_middle = [seg for seg in through[centre] if seg.middle == centre]
    assert len(as_middle) == 4
    assert len(through[centre]) == 12
    assert {seg.direction for seg in as_middle} == set(Direction)
