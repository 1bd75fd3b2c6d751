"""Draws a worked example as a figure: the board diagram with its scored lines, and the text beside or under it."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from sos_print.draw import (
    draw_grid,
    draw_label,
    draw_letters,
    draw_segments,
    draw_tags,
    label_gutters,
    segment_tags,
    set_label,
    tag_size,
)
from sos_print.layout import DIAGRAM_CELL, DIAGRAM_LETTER_PT, LEADING, MM, SMALL_PT
from sos_print.plans import ExampleFigure, GridPlan
from sos_print.textflow import draw_lines, set_lines

GAP = 5.0
MIN_TEXT_COLUMN = 75.0  # narrower than this, an example's text goes under its diagram (mm)
TAG_PT = 6.5
TAG_GAP = 1.2


@dataclass(frozen=True)
class FigureLayout:
    """Holds where a figure's diagram and text go, relative to its top-left corner (mm)."""

    cell: float
    side: float
    end: float
    text_x: float
    text_y: float
    text_width: float
    height: float


def _diagram_size(grid: GridPlan, cell: float, scale: float) -> tuple[float, float, float]:
    """Returns the diagram's side and top margins (room for labels and line names) and its width (mm)."""
    side_gutter, end_gutter = label_gutters(grid, SMALL_PT * scale)
    tag_w, tag_h = tag_size(grid, TAG_PT * scale)
    side = side_gutter + (TAG_GAP + tag_w if tag_w else 0.0)
    end = end_gutter + (TAG_GAP + tag_h if tag_h else 0.0)
    return side, end, grid.size * cell + 2 * side


def layout_figure(figure: ExampleFigure, width: float, scale: float, body: float) -> FigureLayout:
    """Puts the text beside the diagram when the column is wide enough, otherwise under it."""
    cell = DIAGRAM_CELL * scale
    side, end, diagram_width = _diagram_size(figure.grid, cell, scale)
    diagram_height = figure.grid.size * cell + 2 * end
    beside = width - diagram_width - GAP
    if beside >= MIN_TEXT_COLUMN:
        text = _text_height(figure, beside, scale, body)
        return FigureLayout(cell, side, end, diagram_width + GAP, 0.0, beside, max(diagram_height, text) + 2.0)
    text = _text_height(figure, width, scale, body)
    return FigureLayout(cell, side, end, 0.0, diagram_height + GAP / 2, width, diagram_height + GAP / 2 + text + 2.0)


def _text_height(figure: ExampleFigure, width: float, scale: float, body: float) -> float:
    height = set_label((figure.title,), body * scale * 1.1, width, bold=True).height + 1.5
    for block in (*figure.text, *figure.results):
        height += len(set_lines(block.runs, width, body * scale)) * body * scale * LEADING / MM + 1.2
    return height


def draw_diagram(canvas: Canvas, grid: GridPlan, x: float, y: float, cell: float, scale: float) -> None:
    """Draws a board diagram with its lower-left corner at (x, y) mm: lines, grid, letters, line names."""
    draw_segments(canvas, grid, x, y, cell)
    draw_grid(canvas, grid, x, y, cell, SMALL_PT * scale, sides=grid.label_sides)
    draw_letters(canvas, grid, x, y, cell, DIAGRAM_LETTER_PT * scale * cell / (DIAGRAM_CELL * scale))
    draw_tags(canvas, segment_tags(grid, x, y, cell, TAG_PT * scale, TAG_GAP, SMALL_PT * scale), TAG_PT * scale)


def draw_figure(
    canvas: Canvas, x: float, top: float, *, figure: ExampleFigure, layout: FigureLayout, scale: float, body: float
) -> None:
    """Draws a worked example with its top-left corner at (x, top) mm."""
    grid, cell = figure.grid, layout.cell
    draw_diagram(canvas, grid, x + layout.side, top - layout.end - grid.size * cell, cell, scale)
    text_x, width = x + layout.text_x, layout.text_width
    below = top - layout.text_y
    below = draw_label(canvas, (figure.title,), text_x, below, body * scale * 1.1, width=width, bold=True) - 1.5
    size = body * scale
    for block in (*figure.text, *figure.results):
        lines = set_lines(block.runs, width, size)
        below = draw_lines(canvas, lines, text_x, below, size, size * LEADING) - 1.2
