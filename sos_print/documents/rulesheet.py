"""Draws the rule sheet: the rules in two columns, the variants, how cells are named, and a checked example."""

from __future__ import annotations

from functools import partial

from sos_print.documents.common import Rendered, finished, joined, new_document
from sos_print.documents.figures import FigureLayout, draw_diagram, draw_figure, layout_figure
from sos_print.engine.check import CheckedExample
from sos_print.engine.notation import Notation
from sos_print.pages.grids import GridPlan
from sos_print.pages.layout import MARGIN, MM, NOTES_PT, SMALL_PT, SUBTITLE_PT, TITLE_PT, Box, scale_of
from sos_print.pages.options import PrintOptions
from sos_print.pages.teaching import RulesPlan, rules_plan
from sos_print.pages.words import Block, Run
from sos_print.pdf.document import Document
from sos_print.pdf.draw import draw_header, label_gutters
from sos_print.pdf.flow import Flow
from sos_print.pdf.fonts import BOLD
from sos_print.pdf.textflow import draw_lines, set_lines, width_of

COLUMN_GAP = 7.0
RULES_PT = NOTES_PT * 0.96
COORDINATE_CELL = 6.0  # mm
EXAMPLE_CELL = 7.5  # mm
NAME_SHARE = 0.75  # of a cell's width, for the cell name written in it
BAND_GAP = 4.0
MIN_BESIDE = 40.0  # narrowest text beside the naming diagram (mm)


def render_rules(document: Document, plan: RulesPlan, *, large_print: bool = False) -> None:
    """Adds the rule sheet in one language to `document`, starting on a new page.

    Two columns of rules; the worked example runs across the foot of the last page.
    """
    scale = scale_of(large_print)
    width, height = document.paper.size_mm
    box = Box(0, 0, width, height).inset(MARGIN)
    example = layout_figure(plan.example, box.width, scale, RULES_PT, EXAMPLE_CELL)
    band = set_lines([Run(plan.example_heading, True)], box.width, RULES_PT * scale * 1.18)
    band_height = len(band) * RULES_PT * scale * 1.18 * 1.28 / MM + 1.5 + example.height
    pages = [0]
    # The example runs across the foot of the sheet's last page: the first, or the second in large print.
    band_page = 1 if large_print else 0

    def start_page() -> list[Box]:
        canvas = document.canvas
        top = draw_header(canvas, plan.title, TITLE_PT * scale, box, plan.class_name, SUBTITLE_PT * scale) - 1.5
        bottom = box.y
        if not pages[0]:
            size = RULES_PT * scale * 1.1
            for block in plan.intro:
                top = draw_lines(canvas, set_lines(block.runs, box.width, size), box.x, top, size, size * 1.28) - 1.0
        if pages[0] == band_page:
            _draw_example(document, plan, box, band_height, example, scale)
            bottom += band_height + BAND_GAP
        pages[0] += 1
        column = (box.width - COLUMN_GAP) / 2
        return [Box(box.x + k * (column + COLUMN_GAP), bottom, column, top - 2.5 - bottom) for k in range(2)]

    flow = Flow(document, scale, start_page, RULES_PT)
    document.bookmark(plan.bookmark)
    for section in (plan.basics, plan.argued, plan.variants):
        flow.blocks(section)
    _naming(flow, plan, scale)
    document.end_page()


def _naming(flow: Flow, plan: RulesPlan, scale: float) -> None:
    """Places how cells are named: the text beside a small labelled grid, or above it in a narrow column."""
    heading, text = plan.cells[:1], plan.cells[1:]
    cell = COORDINATE_CELL * scale
    side, end = label_gutters(plan.coordinates, SMALL_PT * scale)
    diagram_w = plan.coordinates.size * cell + 2 * side + 3.0
    diagram_h = plan.coordinates.size * cell + 2 * end
    beside = flow.width - diagram_w
    if beside < MIN_BESIDE:
        flow.keep(flow.measure(plan.cells) + diagram_h)
        flow.blocks(plan.cells)
        flow.figure(diagram_h, partial(_coordinates, plan=plan, cell=cell, scale=scale, text=[], width=flow.width))
        return
    size = RULES_PT * scale
    text_h = sum(len(set_lines(block.runs, beside, size)) for block in text) * size * 1.28 / MM + 2.0
    figure_h = max(diagram_h, text_h)
    flow.keep(flow.measure(heading) + figure_h)
    flow.blocks(heading)
    flow.figure(figure_h, partial(_coordinates, plan=plan, cell=cell, scale=scale, text=text, width=flow.width))


def _draw_example(
    document: Document, plan: RulesPlan, box: Box, height: float, layout: FigureLayout, scale: float
) -> None:
    """Draws the worked example across the foot of the page, under a rule."""
    canvas = document.canvas
    top = box.y + height
    canvas.setLineWidth(0.6)
    canvas.line(box.x * MM, (top + BAND_GAP / 2) * MM, box.right * MM, (top + BAND_GAP / 2) * MM)
    size = RULES_PT * scale * 1.18
    lines = set_lines([Run(plan.example_heading, True)], box.width, size)
    top = draw_lines(canvas, lines, box.x, top, size, size * 1.28) - 1.5
    draw_figure(document, box.x, top, figure=plan.example, layout=layout, scale=scale, body=RULES_PT)


def _coordinates(
    document: Document,
    x: float,
    top: float,
    *,
    plan: RulesPlan,
    cell: float,
    scale: float,
    text: list[Block],
    width: float,
) -> None:
    """Draws a small labelled grid with one cell named in it, and `text` beside it."""
    grid: GridPlan = plan.coordinates
    side, end = label_gutters(grid, SMALL_PT * scale)
    name = max(grid.letters, key=len)
    letter_pt = min(RULES_PT * scale, cell * NAME_SHARE * MM / width_of(name, BOLD, 1.0))
    draw_diagram(document, grid, x + side, top - end - grid.size * cell, cell, scale, letter_pt)
    canvas = document.canvas
    text_x = x + 2 * side + grid.size * cell + 3.0
    size = RULES_PT * scale
    below = top
    for block in text:
        lines = set_lines(block.runs, x + width - text_x, size)
        below = draw_lines(canvas, lines, text_x, below, size, size * 1.28) - 1.0


def rule_example(examples: tuple[CheckedExample, ...], notation: Notation) -> CheckedExample:
    """Returns the example a rule sheet shows: the first written in the sheet's notation, else the first."""
    return next((checked for checked in examples if checked.example.notation is notation), examples[0])


def add_rules(document: Document, options: PrintOptions, example: CheckedExample) -> None:
    """Adds the rule sheet in each language of the document, one after the other."""
    for lang in options.language.codes:
        render_rules(document, rules_plan(options, lang, example), large_print=options.large_print)


def rules_document(options: PrintOptions, example: CheckedExample) -> Rendered:
    """Returns the rule sheet, one language after the other for en+fr."""
    document = new_document(options, joined(options, "rules.document_title"), joined(options, "rules.subject"))
    add_rules(document, options, example)
    return finished(document)
