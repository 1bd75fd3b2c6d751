"""Builds grid plans: what a board diagram shows (coordinates, letters, marked cells, named lines), not how."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sos_print.engine.frozen import frozen
from sos_print.engine.grid import Cell, Segment
from sos_print.engine.notation import Notation, column_letters, segment_name
from sos_print.engine.rules import Board

if TYPE_CHECKING:
    from sos_print.engine.puzzles import Choice


@frozen
class SegmentMark:
    """Holds a scored line to draw: its end cells as (column, row from the top) and its name."""

    start: tuple[int, int]
    end: tuple[int, int]
    name: str

    @property
    def diagonal(self) -> bool:
        """Tells whether the line runs along a diagonal."""
        return self.start[0] != self.end[0] and self.start[1] != self.end[1]


@frozen
class LineExit:
    """Holds where a line, drawn on past one of its end cells, leaves the grid: the end cell, the direction out
    (columns to the right, rows down), the sides it leaves by (two at a corner) and the cells it crosses first."""

    cell: tuple[int, int]
    direction: tuple[int, int]
    sides: frozenset[str]
    crossed: int


def line_exits(mark: SegmentMark, size: int) -> tuple[LineExit, LineExit]:
    """Returns where a line leaves the grid past each of its two ends, its start's first."""
    found = []
    for cell, other in ((mark.start, mark.end), (mark.end, mark.start)):
        dc, dr = (cell[0] > other[0]) - (cell[0] < other[0]), (cell[1] > other[1]) - (cell[1] < other[1])
        across = (size - 1 - cell[0] if dc > 0 else cell[0]) if dc else size
        down = (size - 1 - cell[1] if dr > 0 else cell[1]) if dr else size
        sides = set()
        if dc and across <= down:
            sides.add("right" if dc > 0 else "left")
        if dr and down <= across:
            sides.add("bottom" if dr > 0 else "top")
        found.append(LineExit(cell, (dc, dr), frozenset(sides), min(across, down)))
    return found[0], found[1]


@frozen
class GridPlan:
    """Holds a grid ready to draw: labels, letters row by row from the top, marks."""

    size: int
    col_labels: tuple[str, ...]
    row_labels: tuple[str, ...]
    letters: tuple[str, ...] = ()
    marked: tuple[tuple[int, int], ...] = ()
    segments: tuple[SegmentMark, ...] = ()
    numbers: tuple[int, ...] = ()
    from_top: bool = False  # rows are counted from the top (L1C1)
    last: tuple[int, int] | None = None  # the last letter written, when it scored nothing
    answers: tuple[tuple[tuple[int, int], str], ...] = ()  # answer cells of a puzzle and the letters to write there
    faint: tuple[SegmentMark, ...] = ()  # lines scored earlier: drawn lighter, not named
    scorers: tuple[str, ...] = ()  # one seat per line: each line labelled beside itself with who scored it, not named
    named: bool = True  # each line's name beside the grid; off for a board too dense for them (its text names them)
    # Each answer cell's number in the key's list of answers ("1", or "1,2" for two answers there), where a puzzle has
    # several: blacked together they read as one position (three in a column read "O S O", issue 23, review 34 P4).
    answer_numbers: tuple[tuple[tuple[int, int], str], ...] = ()
    # Coordinates on two sides (see `label_sides`); none on the rule sheet's front, whose pictures name no cell: there
    # column A read as player A, whose badge stood over it (issue 23, design review des38, B1).
    labelled: bool = True
    # The sides past which the board runs on, where the diagram shows a corner of it: drawn open, no frame there (a
    # corner of a 6 x 6 board, framed all round, read as a 4 x 4 board: des38, B8).
    open_sides: tuple[str, ...] = ()

    @property
    def label_sides(self) -> tuple[str, ...]:
        """Returns the two sides a small diagram labels, one across and one up: the left, and where counting starts
        (the bottom in A1, the top in L1C1), on every diagram, whatever lines it names: column letters that moved
        above one board sat under the letters of the board over it. A line's name finds its place around them (see
        `segment_tags`). The board labels all four sides, so any two of them read alike: a corner of a board is
        labelled on its own edges, not on the sides it runs on past (`open_sides`). None for an unlabelled diagram.
        """
        if not self.labelled:
            return ()
        across = "top" if self.from_top else "bottom"
        opposite = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}
        up, across = (opposite[side] if side in self.open_sides else side for side in ("left", across))
        return (up, across)

    def letter(self, col: int, row: int) -> str:
        """Returns the letter at column `col`, row `row` from the top ("" if empty)."""
        return self.letters[row * self.size + col] if self.letters else ""

    def number(self, col: int, row: int) -> int:
        """Returns the move number written in the cell's corner (0 for none)."""
        return self.numbers[row * self.size + col] if self.numbers else 0


def grid_plan(
    board: Board,
    notation: Notation,
    marked: tuple[Cell, ...] = (),
    segments: tuple[Segment, ...] = (),
    numbers: dict[Cell, int] | None = None,
    last: Cell | None = None,
    answers: dict[Cell, str] | None = None,
    faint: tuple[Segment, ...] = (),
    scorers: tuple[str, ...] = (),
    answer_numbers: dict[Cell, str] | None = None,
    named: bool = True,
) -> GridPlan:
    """Returns what a diagram of `board` shows: coordinates, ringed cells, lines, move numbers, the last letter.

    `answers` are a puzzle's answer cells and the letters to write there (`answer_numbers`, their numbers in the
    key's list, where it lists several); `faint` lines (scored
    before) are drawn lighter and not named; with `scorers` (one seat per line of `segments`)
    each line carries its scorer's seat instead of its name; with `named` off, no line is named beside the grid.
    """
    if scorers and len(scorers) != len(segments):
        raise ValueError(f"{len(scorers)} scorers for {len(segments)} lines")
    n = board.size

    def at(cell: Cell) -> tuple[int, int]:
        return (cell.col, n - 1 - cell.row)

    if notation is Notation.A1:
        cols = tuple(column_letters(col) for col in range(n))
        rows = tuple(str(n - row) for row in range(n))
    else:
        cols = tuple(f"C{col + 1}" for col in range(n))
        rows = tuple(f"L{row + 1}" for row in range(n))
    letters = tuple(letter.value if letter else "" for row in board.rows() for letter in row)

    def mark(seg: Segment) -> SegmentMark:
        return SegmentMark(at(seg.start), at(seg.end), segment_name(seg, n, notation))

    marks = tuple(map(mark, segments))
    order: tuple[int, ...] = ()
    if numbers:
        by_place = {at(cell): number for cell, number in numbers.items()}
        order = tuple(by_place.get((col, row), 0) for row in range(n) for col in range(n))
    places = tuple(at(cell) for cell in marked)
    shown = tuple(sorted((at(cell), text) for cell, text in (answers or {}).items()))
    return GridPlan(
        n,
        cols,
        rows,
        letters,
        places,
        marks,
        order,
        notation is Notation.L1C1,
        at(last) if last is not None else None,
        shown,
        tuple(map(mark, faint)),
        scorers,
        answer_numbers=tuple(sorted((at(cell), text) for cell, text in (answer_numbers or {}).items())),
        named=named,
    )


def answer_letters(answers: tuple[Choice, ...]) -> dict[Cell, str]:
    """Returns the letters to write in each answer cell: "S", "O", or "S/O" when both are answers there."""
    letters: dict[Cell, list[str]] = {}
    for answer in answers:
        letters.setdefault(answer.move.cell, []).append(answer.move.letter.value)
    return {cell: "/".join(sorted(found, key="SO".index)) for cell, found in letters.items()}
