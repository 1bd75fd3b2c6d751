"""Places a table in a flow of pages: its heading row at its top and again on each new page (under a line saying
which table goes on, where given), and no break that leaves fewer than MIN_ROWS rows on either side of it."""

from __future__ import annotations

from functools import partial

from sos_print.pdf.document import Document
from sos_print.pdf.flow import Flow
from sos_print.pdf.table import TableLayout, draw_head, draw_row
from sos_print.plans.tables import Table
from sos_print.plans.words import Block

MIN_ROWS = 3  # rows a table keeps together at the foot of a page and at the top of the next


def place_table(flow: Flow, table: Table, layout: TableLayout, continued: list[Block] | None = None) -> None:
    """Places `table` row by row, moving to a new page (heading repeated, under the blocks `continued`) where the
    rows do not fit."""
    rows = layout.rows
    flow.space(2.0)
    # A table too short to break with MIN_ROWS on each side stays whole.
    flow.keep(layout.head + sum(rows if len(rows) < 2 * MIN_ROWS else rows[:MIN_ROWS]))
    flow.figure(layout.head, partial(_head, table=table, layout=layout))
    for index, height in enumerate(rows):
        left = len(rows) - index
        # The last MIN_ROWS rows go over together: a break after them would leave fewer on the new page.
        needed = sum(rows[index:]) if left == MIN_ROWS else height if left > MIN_ROWS else 0.0
        if index >= MIN_ROWS and needed > flow.room:
            flow.next_frame()
            flow.blocks(continued or [])
            flow.figure(layout.head, partial(_head, table=table, layout=layout))
        flow.figure(height, partial(_row, table=table, layout=layout, index=index))
    flow.space(3.0)


def _head(document: Document, x: float, top: float, *, table: Table, layout: TableLayout) -> None:
    draw_head(document.canvas, table, layout, x, top)


def _row(document: Document, x: float, top: float, *, table: Table, layout: TableLayout, index: int) -> None:
    draw_row(document.canvas, table, layout, index, x, top)
