"""Draws the children's rule sheet: a scoring move pictured, the rules, how cells are named, and a checked example.

Body text is set at the children's size; at normal size the sheet has two columns, in large
print one. It takes a sheet, front and back, per language.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from sos_print.documents.common import Rendered, finished, joined, new_document
from sos_print.documents.figures import DiagramStyle, diagram_margins, draw_diagram, draw_figure, layout_figure
from sos_print.engine.check import CheckedExample
from sos_print.engine.frozen import replace
from sos_print.engine.notation import Notation
from sos_print.engine.rules import Variant
from sos_print.pdf.document import Document
from sos_print.pdf.draw import draw_label, draw_strip, layout_strip, set_label
from sos_print.pdf.flow import Flow
from sos_print.pdf.fonts import BOLD
from sos_print.pdf.grids import label_gutters
from sos_print.pdf.textflow import width_of
from sos_print.plans.grids import GridPlan
from sos_print.plans.layout import (
    BESIDE_TEXT,
    BODY_PT,
    COORDINATE_CELL,
    COORDINATE_SIDE,
    HEADING_PT,
    MARGIN,
    MM,
    NOTES_PT,
    RULES_DIAGRAM_CELL,
    SMALL_PT,
    TITLE_PT,
    Box,
    LayoutError,
    scale_of,
)
from sos_print.plans.options import PrintOptions
from sos_print.plans.rulesheet import RulesPlan, rules_plan
from sos_print.plans.words import Block, Run

COLUMN_GAP = 8.0
GAP = 5.0
DIAGRAMS = DiagramStyle(RULES_DIAGRAM_CELL, HEADING_PT, NOTES_PT, SMALL_PT, SMALL_PT)
NAME_PT = SMALL_PT  # the cell name written inside the naming grid


def render_rules(document: Document, plan: RulesPlan, *, large_print: bool = False) -> None:
    """Adds the rule sheet in one language to `document`, starting on a new page."""
    scale = scale_of(large_print)
    width, height = document.paper.size_mm
    box = Box(0, 0, width, height).inset(MARGIN)
    strip = layout_strip(plan.strip, box.width, (0.0, 0.0), scale) if plan.strip.shown else None
    columns = 1 if large_print else 2
    pages = [0]

    def start_page() -> list[Box]:
        canvas = document.canvas
        top = draw_strip(canvas, plan.strip, strip, box, scale) if strip else box.top
        if not pages[0]:
            top = draw_label(canvas, plan.title, box.x, top, TITLE_PT * scale, width=box.width, bold=True) - 1.5
            top = _draw_lead(document, plan, box, top, scale)
        pages[0] += 1
        column = (box.width - (columns - 1) * COLUMN_GAP) / columns
        return [Box(box.x + k * (column + COLUMN_GAP), box.y, column, top - box.y) for k in range(columns)]

    flow = Flow(document, scale, start_page, BODY_PT)
    document.bookmark(plan.bookmark)
    for section in (*plan.rules, *plan.more):
        flow.blocks(section)
    _naming(flow, plan, scale)
    _example(flow, plan, scale)
    document.end_page()


def _lead_height(plan: RulesPlan, width: float, scale: float) -> tuple[float, float]:
    """Returns the height (mm) of the sheet's lead (intro and a pictured scoring move) and the picture's width."""
    style = DIAGRAMS.scaled(scale)
    margins = diagram_margins(plan.lead, style)
    diagram_w = margins.left + plan.lead.size * style.cell + margins.right
    diagram_h = margins.top + plan.lead.size * style.cell + margins.bottom
    text_w = width - diagram_w - GAP
    text = sum(set_label((block.text,), BODY_PT * scale, text_w).height + 1.5 for block in plan.intro)
    text += set_label((plan.lead_caption,), BODY_PT * scale, text_w, bold=True).height
    return max(diagram_h, text) + GAP, diagram_w


def _draw_lead(document: Document, plan: RulesPlan, box: Box, top: float, scale: float) -> float:
    """Draws the intro beside a picture of a scoring move; returns the bottom."""
    style = DIAGRAMS.scaled(scale)
    height, diagram_w = _lead_height(plan, box.width, scale)
    margins = diagram_margins(plan.lead, style)
    side = plan.lead.size * style.cell
    draw_diagram(document, plan.lead, box.right - diagram_w + margins.left, top - margins.top - side, style)
    text_w = box.width - diagram_w - GAP
    below = top
    for block in plan.intro:
        below = draw_label(document.canvas, (block.text,), box.x, below, BODY_PT * scale, width=text_w) - 1.5
    draw_label(document.canvas, (plan.lead_caption,), box.x, below, BODY_PT * scale, width=text_w, bold=True)
    return top - height


def _naming(flow: Flow, plan: RulesPlan, scale: float) -> None:
    """Places how cells are named: the text, then a grid of the kit's board with one cell named in it."""
    grid = plan.coordinates
    side_gutter, end_gutter = label_gutters(grid, NOTES_PT * scale)
    cell = min(COORDINATE_CELL, COORDINATE_SIDE / grid.size, (flow.width - 2 * side_gutter - 2.0) / grid.size)
    grid = _named_or_ringed(grid, cell, scale)
    diagram_w, diagram_h = grid.size * cell + 2 * side_gutter, grid.size * cell + 2 * end_gutter + 2.0
    draw = partial(_coordinates, grid=grid, cell=cell, scale=scale)
    if flow.width - diagram_w - GAP >= BESIDE_TEXT:
        # A frame as wide as the page (large print): the text beside the grid, as the lead sets its picture.
        flow.beside(plan.cells[:1], plan.cells[1:], (diagram_w, diagram_h), draw, GAP)
        return
    flow.keep(flow.measure(plan.cells) + diagram_h)
    flow.blocks(plan.cells)
    flow.figure(diagram_h, draw)


def _named_or_ringed(grid: GridPlan, cell: float, scale: float) -> GridPlan:
    """Returns the naming grid with the cell's name written in it, or, if the name is wider than the cell
    (large print), the cell ringed instead: the text beside the grid names it."""
    name = max(grid.letters, key=len)
    if width_of(name, BOLD, NAME_PT * scale) / MM <= cell * 0.9:
        return grid
    place = divmod(grid.letters.index(name), grid.size)[::-1]  # (column, row from the top)
    return replace(grid, letters=(), marked=(place,))


def _coordinates(document: Document, x: float, top: float, *, grid: GridPlan, cell: float, scale: float) -> None:
    """Draws a small labelled grid with one cell named in it."""
    side_gutter, end_gutter = label_gutters(grid, NOTES_PT * scale)
    style = DiagramStyle(cell, NAME_PT * scale, NOTES_PT * scale, SMALL_PT * scale, SMALL_PT * scale)
    draw_diagram(document, grid, x + side_gutter, top - end_gutter - grid.size * cell, style)


def _example(flow: Flow, plan: RulesPlan, scale: float) -> None:
    """Places the worked example, its heading kept with it, its text under its diagram."""
    body = BODY_PT * scale
    layout = layout_figure(plan.example, flow.width, body, DIAGRAMS.scaled(scale))
    heading = [Block("h2", (Run(plan.example_heading),)), Block("p", (Run(plan.legend),))]
    flow.keep(flow.measure(heading) + layout.height)
    flow.blocks(heading)
    flow.figure(layout.height, partial(draw_figure, figure=plan.example, layout=layout, body=body))


def example_fits(options: PrintOptions, example: CheckedExample, lang: str) -> bool:
    """Tells whether `example` fits one column of the rule sheet printed with `options`."""
    scale = scale_of(options.large_print)
    width, height = options.paper.size_mm
    box = Box(0, 0, width, height).inset(MARGIN)
    columns = 1 if options.large_print else 2
    column = (box.width - (columns - 1) * COLUMN_GAP) / columns
    plan = rules_plan(options, lang, example)
    style = DIAGRAMS.scaled(scale)
    margins = diagram_margins(plan.example.grid, style)
    if margins.left + plan.example.grid.size * style.cell + margins.right > column:
        return False
    layout = layout_figure(plan.example, column, BODY_PT * scale, style)
    heading = set_label((plan.example_heading,), HEADING_PT * scale, column, bold=True).height + 4.0
    heading += set_label((plan.legend,), BODY_PT * scale, column).height + 2.0
    return layout.height + heading <= box.height - 25.0 * scale


def rule_example(
    examples: tuple[CheckedExample, ...],
    notation: Notation,
    variant: Variant,
    fits: Callable[[CheckedExample], bool] = lambda _: True,
) -> CheckedExample:
    """Returns the example a rule sheet shows: the first that fits, preferring those of the kit's variant, then
    those written in the sheet's notation.

    Raises LayoutError naming the examples and the limit when none fits.
    """
    ordered = sorted(
        examples,
        key=lambda checked: (checked.example.variant != variant, checked.example.notation is not notation),
    )
    for checked in ordered:
        if fits(checked):
            return checked
    names = ", ".join(checked.example.path for checked in examples)
    raise LayoutError(
        f"no worked example fits the rule sheet ({names}): its diagram and text must fit one column of a page"
    )


def add_rules(document: Document, options: PrintOptions, examples: tuple[CheckedExample, ...]) -> None:
    """Adds the rule sheet in each language of the document, one after the other, with an example that fits."""
    for lang in options.language.codes:
        example = rule_example(examples, options.notation, options.variant, partial(example_fits, options, lang=lang))
        render_rules(document, rules_plan(options, lang, example), large_print=options.large_print)


def rules_document(options: PrintOptions, examples: tuple[CheckedExample, ...]) -> Rendered:
    """Returns the rule sheet, one language after the other for en+fr."""
    document = new_document(options, joined(options, "rules.document_title"), joined(options, "rules.subject"))
    add_rules(document, options, examples)
    return finished(document)
