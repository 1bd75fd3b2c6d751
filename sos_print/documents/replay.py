"""Draws the replay of a recorded game: who played and the result, the game in diagrams, every S-O-S with its
scorer, the audit checked row by row, and every move weighed with best play, the turning point pictured.

The text is set at the children's size (the teacher reads it with the class); captions under
diagrams and table headings one step down. Each language comes whole, one after the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from sos_print.documents.common import Progress, Rendered, finished, joined, new_document
from sos_print.documents.figures import (
    GAP,
    DiagramStyle,
    FigureLayout,
    diagram_margins,
    draw_diagram,
    draw_figure,
    layout_figure,
)
from sos_print.engine.analysis import MoveAnalysis
from sos_print.engine.check import CheckedExample
from sos_print.engine.frozen import replace
from sos_print.pdf.document import Document
from sos_print.pdf.draw import draw_group, draw_label, draw_strip, group_room, layout_strip
from sos_print.pdf.flow import Flow
from sos_print.pdf.table import TableLayout, draw_head, draw_row, layout_table
from sos_print.plans.grids import GridPlan
from sos_print.plans.layout import (
    AUDIT_COLUMNS,
    AUDIT_LINES_MIN,
    AUDIT_POINTS_COLUMN,
    AUDIT_TOTAL_COLUMN,
    BODY_PT,
    FINAL_CELL,
    HEADING_PT,
    MARGIN,
    NOTES_PT,
    SMALL_PT,
    TITLE_PT,
    Box,
    scale_of,
)
from sos_print.plans.options import PrintOptions
from sos_print.plans.replay import ReplayPlan, TurningPoint, replay_plan
from sos_print.plans.tables import Table
from sos_print.plans.words import Block, Run
from sos_print.plans.worked import ExampleFigure

DIAGRAMS = DiagramStyle()  # the game's diagrams: as the teacher's worked examples
FINAL = DiagramStyle(FINAL_CELL, HEADING_PT, NOTES_PT, SMALL_PT, BODY_PT)  # tag_pt: the scorers' seats
MIN_CAPTION = 52.0  # the narrowest caption under a diagram (mm)
KEPT_ROWS = 3  # a table starts only where its heading row and this many rows fit
ANALYSIS_COLUMNS = (*AUDIT_COLUMNS[:2], 22.0, 16.0, 16.0, 0.0)  # move, player, the move played, value, best, comment
LOOKED_COLUMNS = (*AUDIT_COLUMNS[:2], 22.0, 0.0)  # no move weighed: move, player, the move played, comment


def render_replay(document: Document, plan: ReplayPlan, *, large_print: bool = False) -> None:
    """Adds the replay in one language to `document`, starting on a new page."""
    scale = scale_of(large_print)
    width, height = document.paper.size_mm
    box = Box(0, 0, width, height).inset(MARGIN)
    group = (plan.group,) if plan.group else ()
    strip = layout_strip(plan.strip, box.width, group_room([group], scale), scale)
    first = [True]

    def start_page() -> list[Box]:
        top = draw_strip(document.canvas, plan.strip, strip, box, scale)
        draw_group(document.canvas, group, box, strip, scale)
        if first[0]:
            top = draw_label(document.canvas, (plan.title,), box.x, top, TITLE_PT * scale, width=box.width, bold=True)
            first[0] = False
        return [Box(box.x, box.y, box.width, top - 2.0 - box.y)]

    flow = Flow(document, scale, start_page, BODY_PT)
    document.bookmark(plan.bookmark)
    flow.blocks(plan.header)
    _section(flow, plan.steps_heading, plan.steps_intro, 60.0 * scale)
    _gallery(flow, plan.steps, scale)
    _final(flow, plan, scale)
    audit = _layout(plan.audit, _audit_columns(plan.audit), flow.width, scale)
    _section(flow, plan.audit_heading, plan.audit_intro, _opening(audit, flow.box.height))
    _table(flow, plan.audit, audit)
    if plan.analysis is None:  # no move could be weighed: the notes say why, and nothing else is needed
        _section(flow, plan.analysis_heading, plan.notes, 0.0)
    else:
        bases = ANALYSIS_COLUMNS if len(plan.analysis.columns) == len(ANALYSIS_COLUMNS) else LOOKED_COLUMNS
        analysis = _layout(plan.analysis, bases, flow.width, scale)
        unweighed = flow.measure(plan.unweighed)
        _section(
            flow,
            plan.analysis_heading,
            plan.analysis_intro,
            flow.measure(plan.adult_note) + unweighed + _opening(analysis, flow.box.height),
        )
        flow.blocks(plan.adult_note, grey=True)
        flow.blocks(plan.unweighed)
        _table(flow, plan.analysis, analysis)
        flow.blocks(plan.notes)
    if plan.turning is not None:
        _turning(flow, plan, plan.turning, scale)
    document.end_page()


def _heading(text: str) -> list[Block]:
    return [Block("h2", (Run(text),))]


def _section(flow: Flow, heading: str, intro: list[Block], following: float) -> None:
    """Starts a section: its heading and intro kept with `following` mm of what comes after, and a bookmark."""
    blocks = _heading(heading)
    flow.keep(flow.measure(blocks) + flow.measure(intro) + following)
    flow.document.bookmark(heading, level=1)
    flow.blocks([*blocks, *intro])


def _gallery(flow: Flow, figures: Sequence[ExampleFigure], scale: float) -> None:
    """Places the game's diagrams in rows, as many side by side as the width takes, each caption under its
    diagram; a diagram alone in its row has its caption beside it when there is room."""
    body = NOTES_PT * scale
    style = DIAGRAMS.scaled(scale)
    needs = [max(_diagram_width(figure.grid, style), MIN_CAPTION * scale) for figure in figures]
    for row in _rows(needs, flow.width):
        flow.space(3.0)
        spare = (flow.width - sum(needs[k] for k in row) - GAP * (len(row) - 1)) / len(row)
        slots = [needs[k] + spare for k in row]
        shown = [figures[k] for k in row]
        layouts = _aligned(
            [layout_figure(figure, slot, body, style) for figure, slot in zip(shown, slots, strict=True)]
        )
        height = max(layout.height for layout in layouts)
        if len(row) > 1 and height <= flow.box.height:
            flow.figure(height, partial(_draw_row, figures=shown, layouts=layouts, slots=slots, body=body))
            continue
        for figure in shown:
            _alone(flow, figure, style, body)


def _alone(flow: Flow, figure: ExampleFigure, style: DiagramStyle, body: float) -> None:
    """Places one diagram across the width, its caption beside or under it; a caption too long for the page
    under its diagram (many moves in one picture, in large print) flows on after it, as in the teacher's notes."""
    layout = layout_figure(figure, flow.width, body, style)
    if layout.height <= flow.box.height:
        flow.figure(layout.height, partial(draw_figure, figure=figure, layout=layout, body=body))
        return
    side = figure.grid.size * style.cell
    flow.figure(
        layout.diagram_height + 2.0,
        lambda document, x, top: draw_diagram(document, figure.grid, x + layout.left, top - layout.above - side, style),
    )
    flow.blocks([Block("h3", (Run(figure.title),)), *figure.text])


def _rows(needs: Sequence[float], width: float) -> list[list[int]]:
    """Returns the figures (by index) of each row: as many as fit side by side, in order."""
    rows: list[list[int]] = []
    used = 0.0
    for k, need in enumerate(needs):
        if rows and used + GAP + need <= width:
            rows[-1].append(k)
            used += GAP + need
        else:
            rows.append([k])
            used = need
    return rows


def _aligned(layouts: list[FigureLayout]) -> list[FigureLayout]:
    """Returns the layouts with their grids at one height (a line name above one grid moves them all down)."""
    above = max(layout.above for layout in layouts)
    shifted = []
    for layout in layouts:
        lower = above - layout.above  # text under the diagram moves down with it; text beside it stays
        shifted.append(
            replace(
                layout,
                above=above,
                text_y=layout.text_y + (0.0 if layout.text_x else lower),
                height=layout.height + lower,
            )
        )
    return shifted


def _draw_row(
    document: Document,
    x: float,
    top: float,
    *,
    figures: Sequence[ExampleFigure],
    layouts: Sequence[FigureLayout],
    slots: Sequence[float],
    body: float,
) -> None:
    for figure, layout, slot in zip(figures, layouts, slots, strict=True):
        draw_figure(document, x, top, figure=figure, layout=layout, body=body)
        x += slot + GAP


def _diagram_width(grid: GridPlan, style: DiagramStyle) -> float:
    margins = diagram_margins(grid, style)
    return margins.left + grid.size * style.cell + margins.right


def _final(flow: Flow, plan: ReplayPlan, scale: float) -> None:
    """Places the last board with every S-O-S and its scorer, as large as the width allows up to FINAL_CELL."""
    grid = plan.final
    if not grid.segments:  # nobody scored: the intro says so, and the last diagram shows the board
        _section(flow, plan.final_heading, plan.final_intro, 0.0)
        return
    style = FINAL.scaled(scale)
    margins = diagram_margins(grid, style)
    cell = min(style.cell, (flow.width - margins.left - margins.right) / grid.size)
    style = replace(style, cell=cell)
    side = grid.size * cell
    height = margins.top + side + margins.bottom + 2.0
    _section(flow, plan.final_heading, plan.final_intro, height)
    flow.space(2.0)
    flow.figure(
        height,
        lambda document, x, top: draw_diagram(document, grid, x + margins.left, top - margins.top - side, style),
    )


def _audit_columns(table: Table) -> tuple[float, ...]:
    """Returns the narrowest widths of the checked audit's columns: the scoring audit's own."""
    sides = len(table.columns) - 6
    return (*AUDIT_COLUMNS, 0.0, AUDIT_POINTS_COLUMN, *[AUDIT_TOTAL_COLUMN.get(sides, 15.0)] * sides)


def _opening(layout: TableLayout | None, page: float) -> float:
    """Returns the height (mm) of a table's heading row and first rows, which its section's heading keeps: up to
    KEPT_ROWS rows, fewer if they are tall (a third of a `page` mm tall at most, but always the first)."""
    if layout is None:
        return 0.0
    height = 2.0 + layout.head + (layout.rows[0] if layout.rows else 0.0)
    for row in layout.rows[1:KEPT_ROWS]:
        if height + row > page / 3:
            break
        height += row
    return height


def _table(flow: Flow, table: Table, layout: TableLayout) -> None:
    """Places a table row by row, its heading row at its top and again at the top of each new page.

    The last row never goes over to a page alone.
    """
    flow.space(2.0)
    flow.keep(_opening(layout, flow.box.height))
    flow.figure(layout.head, partial(_draw_head, table=table, layout=layout))
    rows = layout.rows
    for index, height in enumerate(rows):
        needed = height + rows[index + 1] if index == len(rows) - 2 and index > 0 else height
        if needed > flow.room and not flow.page_started:
            flow.next_frame()
            flow.figure(layout.head, partial(_draw_head, table=table, layout=layout))
        flow.figure(height, partial(_draw_row_of, table=table, layout=layout, index=index))
    flow.space(3.0)


def _layout(table: Table, bases: Sequence[float], width: float, scale: float) -> TableLayout:
    """Sets a table with its headings at NOTES_PT, or SMALL_PT when that leaves the stretching column too little."""
    for head in (NOTES_PT, SMALL_PT):
        layout = layout_table(table, bases, width, (head * scale, BODY_PT * scale))
        if layout.widths[table.stretch] >= AUDIT_LINES_MIN:
            break
    return layout


def _draw_head(document: Document, x: float, top: float, *, table: Table, layout: TableLayout) -> None:
    draw_head(document.canvas, table, layout, x, top)


def _draw_row_of(document: Document, x: float, top: float, *, table: Table, layout: TableLayout, index: int) -> None:
    draw_row(document.canvas, table, layout, index, x, top)


def _turning(flow: Flow, plan: ReplayPlan, turning: TurningPoint, scale: float) -> None:
    """Places the turning point: the board the move left beside the board the best move would have left, then why."""
    body = NOTES_PT * scale
    style = DIAGRAMS.scaled(scale)
    pair = (turning.played, turning.better)
    widest = max(_diagram_width(figure.grid, style) for figure in pair)
    slot = (flow.width - GAP) / 2
    side_by_side = max(widest, MIN_CAPTION * scale) <= slot
    if side_by_side:
        layouts = _aligned([layout_figure(figure, slot, body, style) for figure in pair])
        height = max(layout.height for layout in layouts)
    else:
        layouts = [layout_figure(figure, flow.width, body, style) for figure in pair]
        height = layouts[0].height
        # One above the other (big boards, large print): both on one page whenever a page holds them, so the
        # class can compare them; else the second goes over, after the sentence that says what to look for.
        both = 2.0 + sum(layout.height for layout in layouts)
        if flow.measure([*_heading(plan.turning_heading), *turning.why]) + both <= flow.box.height:
            height = both
    _section(flow, plan.turning_heading, turning.why, height)
    flow.space(2.0)
    if side_by_side:
        flow.figure(height, partial(_draw_row, figures=pair, layouts=layouts, slots=(slot, slot), body=body))
    else:
        for figure, layout in zip(pair, layouts, strict=True):
            flow.figure(layout.height, partial(draw_figure, figure=figure, layout=layout, body=body))


def replay_document(
    options: PrintOptions,
    game: CheckedExample,
    moves: tuple[MoveAnalysis, ...],
    every: int = 0,
    progress: Progress | None = None,
) -> Rendered:
    """Returns the replay of `game` with the solver's `moves`, one part per language of the options."""
    document = new_document(
        options,
        joined(options, "replay.document_title", size=game.example.size),
        joined(options, "replay.subject"),
    )
    codes = options.language.codes
    for done, lang in enumerate(codes, start=1):
        plan = replay_plan(options, lang, game, moves, every)
        render_replay(document, plan, large_print=options.large_print)
        if progress:
            progress("replay", done, len(codes))
    return finished(document)
