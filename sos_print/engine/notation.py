"""Reads and writes cell and segment names in the two notations of the seeds.

- A1: column letters from the left (A, B, ... Z, AA, ...), row numbers from the BOTTOM.
- L1C1: "ligne" counted from the TOP, "colonne" from the left (the French seed's L2C3).
"""

from __future__ import annotations

import enum
import re

from sos_print.engine.errors import NotationError, quoted, typed
from sos_print.engine.grid import Cell, Segment

# Patterns are compiled on first use (re caches them): compiling costs more than importing this module.
_A1 = r"([A-Z]+)([0-9]+)"
_L1C1 = r"L([0-9]+)C([0-9]+)"
_SEGMENT = r"\s*([A-Z0-9]+)\s*[-\u2013]\s*([A-Z0-9]+)\s*"


class Notation(enum.Enum):
    """Names the two ways of writing a cell."""

    A1 = "A1"
    L1C1 = "L1C1"


_PATTERNS = {Notation.A1: _A1, Notation.L1C1: _L1C1}  # a cell's name, its two parts in groups


def column_letters(col: int) -> str:
    """Returns the A1 letters of column `col` (0 -> A, 25 -> Z, 26 -> AA)."""
    letters = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def parse_column(letters: str) -> int:
    """Returns the column index of A1 column letters (A -> 0)."""
    col = 0
    for letter in letters:
        col = col * 26 + ord(letter) - ord("A") + 1
    return col - 1


def cell_name(cell: Cell, size: int, notation: Notation = Notation.A1) -> str:
    """Returns the name of `cell` on a `size` board, e.g. B2 or L3C2."""
    if notation is Notation.A1:
        return f"{column_letters(cell.col)}{cell.row + 1}"
    return f"L{size - cell.row}C{cell.col + 1}"


def cell_pattern(notation: Notation) -> str:
    """Returns the pattern of a cell's name in `notation`, in capitals, without groups: to find names in a text."""
    return _PATTERNS[notation].replace("(", "(?:")


def parse_cell(text: str, size: int, notation: Notation = Notation.A1) -> Cell:
    """Returns the cell named by `text` on a `size` board; case and spaces do not matter ("d 4" is D4, as a tablet's
    keyboard types it: sweep ad66).

    Raises NotationError for a name that is not written in `notation` or lies off the board.
    """
    # Spaces between a name's parts only ("D 4", "L2 C3"): "D4 4" is no cell, not D44 (sweep ad68, 6).
    clean = re.sub(r"(?<=[A-Za-z])\s+(?=[0-9])|(?<=[0-9])\s+(?=[Cc][0-9\s])", "", text.strip()).upper()
    match = re.fullmatch(_PATTERNS[notation], clean)
    if match is None:
        example = "B2" if notation is Notation.A1 else "L2C3"
        # A record typed in L1C1 and read in A1 was told only what it is not (review nt62, 7).
        other = next(other for other in Notation if other is not notation)
        also = f", but one in {other.value} notation" if re.fullmatch(_PATTERNS[other], clean) else ""
        raise NotationError(f"{typed(text)} is not a cell name in {notation.value} notation (like {example}){also}")
    first, second = match.groups()
    if len(first) > 3 or len(second) > 3:  # far off any board; and int() refuses thousands of digits
        raise NotationError(f"cell {quoted(clean)} is not on the {size} × {size} board")
    if notation is Notation.A1:
        col, row = parse_column(first), int(second) - 1
    else:
        col, row = int(second) - 1, size - int(first)
    cell = Cell(col, row)
    if not cell.on_board(size):
        raise NotationError(f"cell {clean} is not on the {size} × {size} board")
    return cell


def segment_name(segment: Segment, size: int, notation: Notation = Notation.A1) -> str:
    """Returns the name of `segment`: its end cells in reading order, joined by a hyphen."""
    ends = sorted((segment.start, segment.end), key=lambda cell: _reading_key(cell, size, notation))
    return "-".join(cell_name(cell, size, notation) for cell in ends)


LINE_ADVICE = "write the cells at its two ends joined by a hyphen"  # how a line is named, in every message


def parse_segment(text: str, size: int, notation: Notation = Notation.A1) -> Segment:
    """Returns the segment named by its two end cells, in either order (B1-B3 or B3-B1)."""
    match = re.fullmatch(_SEGMENT, text.upper())
    if match is None:
        raise NotationError(f"{typed(text)} is not an S-O-S line: {LINE_ADVICE}")
    a, b = (parse_cell(name, size, notation) for name in match.groups())
    try:
        return Segment.between(a, b)
    except ValueError:
        raise NotationError(f"{quoted(text)} is not a straight line of three adjacent cells") from None


def segment_names(segments: tuple[Segment, ...] | list[Segment], size: int, notation: Notation) -> str:
    """Returns the names of `segments` in report order, joined by commas."""
    ordered = sorted(segments, key=Segment.report_key)
    return ", ".join(segment_name(segment, size, notation) for segment in ordered)


def _reading_key(cell: Cell, size: int, notation: Notation) -> tuple[int, int]:
    """Returns the order in which a reader meets cells: A1 by column then row, L1C1 by line then column."""
    if notation is Notation.A1:
        return (cell.col, cell.row)
    return (size - cell.row, cell.col)
