"""Draws a worked example as a figure: the board diagram with its scored lines, and the text beside or under it."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from sos_print.engine.frozen import frozen
from sos_print.pages.grids import GridPlan
from sos_print.pages.layout import DIAGRAM_CELL, DIAGRAM_LETTER_PT, LEADING, MM, SMALL_PT, Box
from sos_print.pages.teaching import ExampleFigure
from sos_print.pdf.document import Document
from sos_print.pdf.draw import (
    draw_grid,
    draw_label,
    draw_letters,
    draw_segments,
    draw_tags,
    label_gutters,
    segment_tags,
    set_label,
)
from sos_print.pdf.textflow import draw_lines, set_lines

GAP = 5.0
MIN_TEXT_COLUMN = 60.0  # narrower than this, an example's text goes under its diagram (mm)
TAG_PT = 6.5
TAG_GAP = 1.2


@frozen
class FigureLayout:
    """Holds where a figure's diagram and text go, relative to its top-left corner (mm)."""

    cell: float
    left: float  # from the figure's left edge to the grid's
    above: float  # from the figure's top to the grid's top
    text_x: float
    text_y: float
    text_width: float
    height: float


@frozen
class Margins:
    """Holds the room a diagram needs around its grid for coordinates and line names (mm)."""

    left: float
    right: float
    top: float
    bottom: float


def diagram_margins(grid: GridPlan, cell: float, scale: float) -> Margins:
    """Measures the room around the grid: coordinate labels on their two sides, and wherever line names fall."""
    side_gutter, end_gutter = label_gutters(grid, SMALL_PT * scale)
    labelled = grid.label_sides
    side = grid.size * cell
    left = side_gutter if "left" in labelled else 1.0
    right = side_gutter if "right" in labelled else 1.0
    top = end_gutter if "top" in labelled else 1.0
    bottom = end_gutter if "bottom" in labelled else 1.0
    for _, box in segment_tags(grid, 0.0, 0.0, cell, TAG_PT * scale, TAG_GAP, SMALL_PT * scale):
        left, right = max(left, -box.x), max(right, box.right - side)
        bottom, top = max(bottom, -box.y), max(top, box.top - side)
    return Margins(left, right, top, bottom)


def layout_figure(
    figure: ExampleFigure, width: float, scale: float, body: float, cell: float = DIAGRAM_CELL
) -> FigureLayout:
    """Puts the text beside the diagram when the column is wide enough, otherwise under it."""
    cell *= scale
    margins = diagram_margins(figure.grid, cell, scale)
    diagram_width = margins.left + figure.grid.size * cell + margins.right
    diagram_height = margins.top + figure.grid.size * cell + margins.bottom
    beside = width - diagram_width - GAP
    if beside >= MIN_TEXT_COLUMN:
        text = _text_height(figure, beside, scale, body)
        return FigureLayout(
            cell, margins.left, margins.top, diagram_width + GAP, 0.0, beside, max(diagram_height, text) + 2.0
        )
    text = _text_height(figure, width, scale, body)
    height = diagram_height + GAP / 2 + text + 2.0
    return FigureLayout(cell, margins.left, margins.top, 0.0, diagram_height + GAP / 2, width, height)


def _text_height(figure: ExampleFigure, width: float, scale: float, body: float) -> float:
    height = set_label((figure.title,), body * scale * 1.1, width, bold=True).height + 1.5
    for block in (*figure.text, *figure.results):
        height += len(set_lines(block.runs, width, body * scale)) * body * scale * LEADING / MM + 1.2
    return height


def draw_diagram(
    document: Document, grid: GridPlan, x: float, y: float, cell: float, scale: float, letter_pt: float = 0.0
) -> None:
    """Draws a board diagram with its grid's lower-left corner at (x, y) mm: lines, grid, letters, line names.

    The same diagram drawn again in the same document (in its other language) is a reference.
    """
    letter_pt = letter_pt or DIAGRAM_LETTER_PT * cell / DIAGRAM_CELL
    margins = diagram_margins(grid, cell, scale)
    side = grid.size * cell
    area = Box(-margins.left, -margins.bottom, side + margins.left + margins.right, side + margins.bottom + margins.top)

    def draw(canvas: Canvas) -> None:
        draw_segments(canvas, grid, 0.0, 0.0, cell)
        draw_grid(canvas, grid, 0.0, 0.0, cell, SMALL_PT * scale, sides=grid.label_sides)
        draw_letters(canvas, grid, 0.0, 0.0, cell, letter_pt)
        tags = segment_tags(grid, 0.0, 0.0, cell, TAG_PT * scale, TAG_GAP, SMALL_PT * scale)
        draw_tags(canvas, tags, TAG_PT * scale)

    document.reuse(("diagram", grid, cell, scale, letter_pt), area, draw, x, y)


def draw_figure(
    document: Document, x: float, top: float, *, figure: ExampleFigure, layout: FigureLayout, scale: float, body: float
) -> None:
    """Draws a worked example with its top-left corner at (x, top) mm."""
    grid, cell = figure.grid, layout.cell
    canvas = document.canvas
    draw_diagram(document, grid, x + layout.left, top - layout.above - grid.size * cell, cell, scale)
    text_x, width = x + layout.text_x, layout.text_width
    below = top - layout.text_y
    below = draw_label(canvas, (figure.title,), text_x, below, body * scale * 1.1, width=width, bold=True) - 1.5
    size = body * scale
    for block in (*figure.text, *figure.results):
        lines = set_lines(block.runs, width, size)
        below = draw_lines(canvas, lines, text_x, below, size, size * LEADING) - 1.2
