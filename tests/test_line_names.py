"""Tests where a diagram names its lines: outside the grid, clear of the coordinates, and a diagonal's name joined
to the point where its line leaves the grid, never level with one row's or column's label."""

from __future__ import annotations

from itertools import product

import pytest

from sos_print.engine.grid import Cell, Segment
from sos_print.engine.notation import Notation
from sos_print.engine.rules import Board
from sos_print.pdf.grids import label_gutters, segment_tags
from sos_print.plans.grids import grid_plan

CELL = 10.0
TAG_PT = 8.0
LABEL_PT = 8.0


def diagonals(size: int) -> list[Segment]:
    """Returns every three-cell diagonal of a board, in both directions."""
    found = []
    for col, row in product(range(size - 2), range(size - 2)):
        found.append(Segment.between(Cell(col, row), Cell(col + 2, row + 2)))
        found.append(Segment.between(Cell(col, row + 2), Cell(col + 2, row)))
    return found


def edge_point(start: Cell, end: Cell, side: float) -> tuple[float, float]:
    """Returns where the line from `start` to `end`, drawn on past `end`, crosses the grid's edge (mm)."""
    x, y = (end.col + 0.5) * CELL, (end.row + 0.5) * CELL
    dx, dy = (end.col - start.col) / 2 * CELL / 10, (end.row - start.row) / 2 * CELL / 10
    while 0 < x < side and 0 < y < side:
        x, y = x + dx, y + dy
    return x, y


def distance(box, point: tuple[float, float]) -> float:
    """Returns how far a point is from a box (0 inside it)."""
    x, y = point
    return max(box.x - x, x - box.right, 0.0) + max(box.y - y, y - box.top, 0.0)


CASES = [(size, notation, line) for size in range(3, 9) for notation in Notation for line in diagonals(size)]


@pytest.mark.parametrize(("size", "notation", "line"), CASES, ids=lambda v: str(v))
def test_a_diagonals_name_is_joined_to_its_line_and_beside_no_label(size, notation, line):
    grid = grid_plan(Board.empty(size), notation, segments=(line,))
    (tag,) = segment_tags(grid, 0.0, 0.0, CELL, TAG_PT, LABEL_PT)
    side, box = size * CELL, tag.box
    picture = f"{line} on {size} × {size} ({notation.value}): name at {box}, leader {tag.leader}"
    assert box.right <= 0 or box.x >= side or box.top <= 0 or box.y >= side, f"inside the grid: {picture}"
    # Joined: the name is at one of the two points where the line, drawn on, leaves the grid, or a leader joins
    # it there.
    exits = [edge_point(line.start, line.end, side), edge_point(line.end, line.start, side)]
    if tag.leader is None:
        assert min(distance(box, point) for point in exits) <= 1.5, f"name apart from its line: {picture}"
    else:
        assert min(abs(tag.leader[0] - x) + abs(tag.leader[1] - y) for x, y in exits) < 1e-6, picture
        side_gutter, end_gutter = label_gutters(grid, LABEL_PT)
        assert distance(box, tag.leader) <= max(side_gutter, end_gutter) + 3.0, f"name far from its line: {picture}"
    # Beside a labelled side, the name is never level with a row's (or column's) label.
    centre_x, centre_y = box.x + box.width / 2, box.y + box.height / 2
    sides = grid.label_sides
    if ("left" in sides and box.right <= 0) or ("right" in sides and box.x >= side):
        assert min(abs(centre_y - (k + 0.5) * CELL) for k in range(size)) >= CELL / 4, f"level with a row: {picture}"
    if ("bottom" in sides and box.top <= 0) or ("top" in sides and box.y >= side):
        assert min(abs(centre_x - (k + 0.5) * CELL) for k in range(size)) >= CELL / 4, f"level with a column: {picture}"
