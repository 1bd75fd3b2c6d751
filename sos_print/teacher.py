"""Draws the teacher's notes: printing and the calibration bar, the kit, adaptations, and the checked examples."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from reportlab.pdfgen.canvas import Canvas

from sos_print.boards import scale_of
from sos_print.draw import (
    draw_calibration,
    draw_grid,
    draw_header,
    draw_label,
    draw_letters,
    draw_segments,
    draw_tags,
    label_gutters,
    segment_tags,
    set_label,
    tag_size,
)
from sos_print.flow import Flow
from sos_print.layout import (
    BODY_PT,
    CALIBRATION_MM,
    DIAGRAM_CELL,
    DIAGRAM_LETTER_PT,
    LEADING,
    MARGIN,
    MM,
    NOTES_PT,
    SMALL_PT,
    SUBTITLE_PT,
    TITLE_PT,
    Box,
)
from sos_print.pdf import Document
from sos_print.plans import ExampleFigure, TeacherPlan
from sos_print.text import Block, Run
from sos_print.textflow import draw_lines, set_lines

GAP = 5.0
MIN_TEXT_COLUMN = 75.0  # narrower than this, an example's text goes under its diagram (mm)
TEXT_SHARE = 0.95  # of the body size, for an example's text
TAG_PT = 6.5
TAG_GAP = 1.2


def render_teacher(document: Document, plan: TeacherPlan, *, large_print: bool = False) -> None:
    """Adds the teacher's notes in one language to `document`, starting on a new page."""
    scale = scale_of(large_print)
    width, height = document.paper.size_mm
    box = Box(0, 0, width, height).inset(MARGIN)

    def start_page() -> float:
        return draw_header(document.canvas, plan.title, TITLE_PT * scale, box, plan.class_name, SUBTITLE_PT * scale) - 3

    flow = Flow(document, box, scale, start_page, NOTES_PT)
    document.bookmark(plan.bookmark)
    flow.blocks([Block("p", (Run(plan.keep_apart[0]),))], grey=True)
    flow.blocks(plan.printing)
    caption = set_label(plan.calibration, SMALL_PT * scale, box.width)
    flow.figure(14.0 + caption.height, lambda canvas, x, top: _calibration(canvas, plan, x, top, scale))
    for section in (plan.kit, plan.adapt, plan.watch, plan.talk):
        flow.blocks(section)
    flow.new_page()
    document.bookmark(plan.examples_bookmark, level=1)
    flow.blocks([Block("h2", (Run(plan.examples_heading[0]),))])
    flow.blocks(plan.examples_intro)
    for figure in plan.examples:
        layout = _layout(figure, box.width, scale)
        flow.space(3.0)
        flow.figure(layout.height, partial(_example, figure=figure, layout=layout, scale=scale))
    document.end_page()


def _calibration(canvas: Canvas, plan: TeacherPlan, x: float, top: float, scale: float) -> None:
    draw_calibration(canvas, x, top - 4.0, CALIBRATION_MM, SMALL_PT * scale)
    draw_label(canvas, plan.calibration, x, top - 12.0, SMALL_PT * scale)


def _diagram_size(figure: ExampleFigure, scale: float) -> tuple[float, float, float, float]:
    """Returns the diagram's cell, its side and top margins (room for labels and line names), and its width (mm)."""
    cell = DIAGRAM_CELL * scale
    side_gutter, end_gutter = label_gutters(figure.grid, SMALL_PT * scale)
    tag_w, tag_h = tag_size(figure.grid, TAG_PT * scale)
    side = side_gutter + (TAG_GAP + tag_w if tag_w else 0.0)
    end = end_gutter + (TAG_GAP + tag_h if tag_h else 0.0)
    return cell, side, end, figure.grid.size * cell + 2 * side


@dataclass(frozen=True)
class FigureLayout:
    """Holds where an example's diagram and text go, relative to the figure's top-left corner (mm)."""

    cell: float
    side: float
    end: float
    text_x: float
    text_y: float
    text_width: float
    height: float


def _layout(figure: ExampleFigure, width: float, scale: float) -> FigureLayout:
    """Puts the text beside the diagram when the column is wide enough, otherwise under it."""
    cell, side, end, diagram_width = _diagram_size(figure, scale)
    diagram_height = figure.grid.size * cell + 2 * end
    beside = width - diagram_width - GAP
    if beside >= MIN_TEXT_COLUMN:
        text = _text_height(figure, beside, scale)
        return FigureLayout(cell, side, end, diagram_width + GAP, 0.0, beside, max(diagram_height, text) + 2.0)
    text = _text_height(figure, width, scale)
    return FigureLayout(cell, side, end, 0.0, diagram_height + GAP / 2, width, diagram_height + GAP / 2 + text + 2.0)


def _text_height(figure: ExampleFigure, width: float, scale: float) -> float:
    height = set_label((figure.title,), BODY_PT * scale * 1.1, width, bold=True).height + 1.5
    size = BODY_PT * scale * TEXT_SHARE
    for block in (*figure.text, *figure.results):
        height += len(set_lines(block.runs, width, size)) * size * LEADING / MM + 1.2
    return height


def _example(
    canvas: Canvas, x: float, top: float, *, figure: ExampleFigure, layout: FigureLayout, scale: float
) -> None:
    grid, cell = figure.grid, layout.cell
    gx, gy = x + layout.side, top - layout.end - grid.size * cell
    draw_segments(canvas, grid, gx, gy, cell)
    draw_grid(canvas, grid, gx, gy, cell, SMALL_PT * scale, sides=grid.label_sides)
    draw_letters(canvas, grid, gx, gy, cell, DIAGRAM_LETTER_PT * scale)
    draw_tags(canvas, segment_tags(grid, gx, gy, cell, TAG_PT * scale, TAG_GAP, SMALL_PT * scale), TAG_PT * scale)
    text_x, width = x + layout.text_x, layout.text_width
    below = top - layout.text_y
    below = draw_label(canvas, (figure.title,), text_x, below, BODY_PT * scale * 1.1, width=width, bold=True) - 1.5
    size = BODY_PT * scale * TEXT_SHARE
    for block in (*figure.text, *figure.results):
        lines = set_lines(block.runs, width, size)
        below = draw_lines(canvas, lines, text_x, below, size, size * LEADING) - 1.2
