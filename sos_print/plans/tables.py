"""Holds tables as printed: headings, and cells of short entries (a value, a claim struck through, a correction)."""

from __future__ import annotations

from sos_print.engine.frozen import frozen


@frozen
class Entry:
    """Holds one unbreakable piece of a table cell: a value, a claim struck through, or the right value after it."""

    text: str
    bold: bool = False
    struck: bool = False
    joined: bool = False  # kept on the line of the entry before it (a letter and its cells in the key's marking grid)
    apart: bool = False  # starts a line of its own (the key's marking grid: each letter with its cells on its line)


TableCell = tuple[Entry, ...]


@frozen
class Table:
    """Holds a table's headings and rows; a row with fewer cells than columns ends in one cell spanning the rest.

    The `stretch` column takes the width the others leave. Cells are centred, but the stretch column's and those of
    the `left` columns (names, which read as a list); a `centred` table (a grid of like columns, as the key's marking
    grid) centres its stretch column and every heading too, but those of the `left` columns. A `framed` cell is marked
    by a heavy frame, which a cheap photocopy keeps (a light shading it loses).
    """

    columns: tuple[str, ...]
    rows: tuple[tuple[TableCell, ...], ...]
    stretch: int
    framed: tuple[tuple[int, int], ...] = ()  # (row, column) of each cell that holds an error of its own: framed
    left: tuple[int, ...] = ()
    centred: bool = False
    # Each heading in the document's second language, set under it (none: one language; "" for a heading that needs
    # no translation, such as a number).
    others: tuple[str, ...] = ()
    starred: tuple[int, ...] = ()  # the columns whose heading a drawn star opens: the sheets' challenge puzzles
    # The columns as wide as each of their cells on one line (up to their `most`): a number and its correction, "1 → 0",
    # broke into two lines in large print, each wrong point or total a row of double height (review dz97, C2).
    whole: tuple[int, ...] = ()
