"""Describes the geometry of a square grid: cells, directions and three-cell segments."""

from __future__ import annotations

import enum
from functools import cache

from sos_print.engine.frozen import frozen

MIN_SIZE = 3
MAX_SIZE = 8  # the largest board sos_print prints


@frozen(order=True)
class Cell:
    """Names one square by column (0 = leftmost) and row (0 = bottom)."""

    col: int
    row: int

    def shifted(self, dcol: int, drow: int) -> Cell:
        """Returns the cell `dcol` columns right and `drow` rows up."""
        return Cell(self.col + dcol, self.row + drow)

    def on_board(self, size: int) -> bool:
        """Tells whether the cell lies on a board of `size` x `size`."""
        return 0 <= self.col < size and 0 <= self.row < size


class Direction(enum.Enum):
    """Lists the four lines through a cell; the order is the order segments are reported in."""

    VERTICAL = (0, 1)
    HORIZONTAL = (1, 0)
    RISING = (1, 1)
    FALLING = (1, -1)

    @property
    def step(self) -> tuple[int, int]:
        """Returns the column and row step from one cell of the line to the next."""
        return self.value


@frozen(order=True)
class Segment:
    """Holds three adjacent cells in a straight line, stored by its two end cells.

    A segment is a set of cells, so both readings of it are the same value:
    `Segment.between(a, b) == Segment.between(b, a)`.
    """

    start: Cell
    end: Cell

    @classmethod
    def between(cls, a: Cell, b: Cell) -> Segment:
        """Returns the segment with ends `a` and `b`, or raises ValueError if they are not two apart in a line."""
        lo, hi = sorted((a, b))
        direction = _direction_of(hi.col - lo.col, hi.row - lo.row)
        if direction is None:
            raise ValueError(f"{a} and {b} are not the ends of a three-cell line")
        return cls(lo, hi)

    @property
    def direction(self) -> Direction:
        """Returns the direction from the start cell to the end cell."""
        direction = _direction_of(self.end.col - self.start.col, self.end.row - self.start.row)
        assert direction is not None
        return direction

    @property
    def middle(self) -> Cell:
        """Returns the cell between the two ends."""
        return Cell((self.start.col + self.end.col) // 2, (self.start.row + self.end.row) // 2)

    @property
    def cells(self) -> tuple[Cell, Cell, Cell]:
        """Returns the three cells from start to end."""
        return (self.start, self.middle, self.end)

    def report_key(self) -> tuple[int, int, int]:
        """Returns the sort key of reports: direction first, then position."""
        return (list(Direction).index(self.direction), self.start.col, self.start.row)


def _direction_of(dcol: int, drow: int) -> Direction | None:
    """Returns the direction whose double step is (dcol, drow), for a start that sorts first."""
    for direction in Direction:
        step_col, step_row = direction.step
        if (2 * step_col, 2 * step_row) == (dcol, drow):
            return direction
    return None


def all_cells(size: int) -> tuple[Cell, ...]:
    """Returns every cell of a `size` x `size` board, row by row from the bottom."""
    return tuple(Cell(col, row) for row in range(size) for col in range(size))


@cache
def segments_through(size: int) -> dict[Cell, tuple[Segment, ...]]:
    """Maps each cell of a `size` board to the segments containing it, in report order."""
    through: dict[Cell, list[Segment]] = {cell: [] for cell in all_cells(size)}
    for segment in all_segments(size):
        for cell in segment.cells:
            through[cell].append(segment)
    return {cell: tuple(sorted(segs, key=Segment.report_key)) for cell, segs in through.items()}


@cache
def all_segments(size: int) -> tuple[Segment, ...]:
    """Returns every three-cell segment of a `size` x `size` board, in report order."""
    found = []
    for cell in all_cells(size):
        for direction in Direction:
            dcol, drow = direction.step
            end = cell.shifted(2 * dcol, 2 * drow)
            if end.on_board(size):
                found.append(Segment(cell, end))
    return tuple(sorted(found, key=Segment.report_key))
