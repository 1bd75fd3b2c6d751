"""Draws the teacher's notes: printing, the calibration bar, the kit, timing, adaptations, the checked examples."""

from __future__ import annotations

from functools import partial

from sos_print.documents.classsheet import render_class_sheet
from sos_print.documents.common import (
    Progress,
    Rendered,
    joined,
    new_document,
    notes_flow,
    pointed,
)
from sos_print.documents.figures import DiagramStyle, draw_diagram, draw_figure, fitted, layout_figure
from sos_print.engine.check import CheckedExample
from sos_print.engine.frozen import replace
from sos_print.pdf.document import Document
from sos_print.pdf.draw import draw_calibration, draw_inch_calibration, draw_label, set_label
from sos_print.pdf.flow import Flow
from sos_print.plans.classsheet import class_sheet_plan
from sos_print.plans.layout import CALIBRATION_INCHES, CALIBRATION_MM, LEADING, MM, NOTES_PT, SMALL_PT, Box, scale_of
from sos_print.plans.options import PrintOptions
from sos_print.plans.teacher import TeacherPlan, teacher_plan
from sos_print.plans.words import Block, Run
from sos_print.plans.worked import ExampleFigure

DIAGRAMS = DiagramStyle()
TICK = 4.0  # the ruler's longest tick, under its bar (mm)
GOALS_PAD = 3.0  # inside the frame of what the children practise (mm), as lesson sheets set their goals apart
GOALS_LINE = 0.8  # its frame (pt)
EXAMPLE_GAP = 3.0  # above each worked example (mm)
RULER_PAD = 3.0  # around a ruler's bar, ticks and numbers, in the form that holds it (mm, and a type size)


def render_teacher(document: Document, plan: TeacherPlan, *, large_print: bool = False) -> None:
    """Adds the teacher's notes in one language to `document`, starting on a new page."""
    scale = scale_of(large_print)
    flow = notes_flow(document, plan.strip, plan.title, scale, numbered=plan.page)
    document.bookmark(plan.bookmark)
    # Where the other language lies ends the note's last line, which it leaves short: a line of its own pushed the
    # goals' box to the next page, page 1 half empty
    flow.blocks([Block("p", (Run(plan.keep_apart[0]), *(Run(f" {line}") for line in plan.elsewhere)))], grey=True)
    flow.blocks(plan.printing)
    caption = set_label(plan.calibration, SMALL_PT * scale, flow.width)
    rulers = 2 if plan.inch_bar else 1
    flow.figure(rulers * _ruler_height(scale) + caption.height + 2.0, partial(_calibration, plan=plan, scale=scale))
    flow.blocks(plan.kit)
    flow.framed(plan.goals, GOALS_PAD * scale, GOALS_LINE)
    for section in (plan.lesson, plan.timing, plan.adapt, plan.watch, plan.talk):
        flow.blocks(section)
    _strategy(flow, plan, scale)
    # The examples follow on, under their own heading, which keeps its introduction and the first example with it:
    # a heading left at a page's foot heads nothing.
    heading = [Block("h2", (Run(plan.examples_heading[0]),))]
    first = _example_start(flow, plan.examples[0], scale) if plan.examples else 0.0
    flow.keep(flow.measure(heading) + flow.measure(plan.examples_intro) + first)
    document.bookmark(plan.examples_bookmark, level=1)
    flow.blocks(heading)
    flow.blocks(plan.examples_intro)
    for figure in plan.examples:
        _example(flow, figure, scale)
    document.end_page()


def _example_start(flow: Flow, figure: ExampleFigure, scale: float) -> float:
    """Returns the height (mm) of what a worked example places first: the whole figure, or the diagram of a figure
    too long for a page, after the space above it."""
    figure, style = fitted(figure, DIAGRAMS.scaled(scale), flow.width)
    layout = layout_figure(figure, flow.width, NOTES_PT * scale, style)
    first = layout.height if layout.height <= flow.box.height else layout.diagram_height + 2.0
    return EXAMPLE_GAP + first


def _example(flow: Flow, figure: ExampleFigure, scale: float) -> None:
    """Places one worked example: its text beside the diagram, or, for a long one, after it, across pages."""
    body = NOTES_PT * scale
    figure, style = fitted(figure, DIAGRAMS.scaled(scale), flow.width)
    layout = layout_figure(figure, flow.width, body, style)
    flow.space(EXAMPLE_GAP)
    if layout.height <= flow.box.height:
        flow.figure(layout.height, partial(draw_figure, figure=figure, layout=layout, body=body))
        return
    # Too long for a page beside its diagram: the diagram first, then the words flow on.
    side = figure.grid.size * style.cell
    flow.figure(
        layout.diagram_height + 2.0,
        lambda document, x, top: draw_diagram(document, figure.grid, x + layout.left, top - layout.above - side, style),
    )
    flow.blocks([Block("h3", (Run(figure.title),)), *figure.text, *figure.results])


def _strategy(flow: Flow, plan: TeacherPlan, scale: float) -> None:
    """Places the strategy section: its introduction, a worked position per idea, the solved 4 x 4 board."""
    strategy = plan.strategy
    if strategy is None:
        flow.blocks(plan.strategy_left_out)
        return
    first = layout_figure(strategy.lessons[0], flow.width, NOTES_PT * scale, DIAGRAMS.scaled(scale))
    flow.keep(flow.measure(strategy.intro[:1]) + flow.measure(strategy.intro[1:2]) + first.height)
    flow.document.bookmark(strategy.bookmark, level=1)
    flow.blocks(strategy.intro)
    for figure in strategy.lessons:
        flow.space(2.0)  # with the 3 mm every figure gets: a line's name under a diagram stays clear of the next
        _example(flow, figure, scale)
    flow.blocks(strategy.opening)


def _ruler_height(scale: float) -> float:
    """Returns the height (mm) of the ruler: its bar, its ticks, the numbers under them and a gap."""
    return 4.0 + TICK + SMALL_PT * scale * LEADING / MM + 2.0


def _calibration(document: Document, x: float, top: float, *, plan: TeacherPlan, scale: float) -> None:
    size = SMALL_PT * scale
    # The rulers are the same in every language: a bilingual document writes each once (a hundred ticks, 1 KB).
    pad = RULER_PAD + size / MM  # a number centred on the bar's end ("100") reaches past it by half its width
    area = Box(-pad, -(4.0 + 2 * size / MM + pad), CALIBRATION_MM + 2 * pad, 2.5 + 4.0 + 2 * size / MM + 2 * pad)
    document.reuse(
        ("ruler", size), area, partial(draw_calibration, x=0.0, y=0.0, length=CALIBRATION_MM, size=size), x, top - 4.0
    )
    if plan.inch_bar:
        top -= _ruler_height(scale)
        inches = partial(draw_inch_calibration, x=0.0, y=0.0, inches=CALIBRATION_INCHES, size=size)
        document.reuse(("inch ruler", size), area, inches, x, top - 4.0)
    draw_label(document.canvas, plan.calibration, x, top - _ruler_height(scale), size)


def teacher_document(
    options: PrintOptions, examples: tuple[CheckedExample, ...], progress: Progress | None = None
) -> Rendered:
    """Returns the teacher's notes with the checked `examples`, one section per language, each opened by the class
    sheet when the kit is printed from a class list."""
    codes = options.language.codes
    plans = [teacher_plan(options, lang, examples) for lang in codes]

    def add(document: Document, pointers: list[tuple[str, ...]], told: Progress | None) -> list[int]:
        starts = []
        for done, (lang, plan, lines) in enumerate(zip(codes, plans, pointers, strict=True), start=1):
            starts.append(document.pages + 1)
            sheet = class_sheet_plan(options, lang)
            if sheet is not None:
                render_class_sheet(document, sheet, large_print=options.large_print)
            render_teacher(document, replace(plan, elsewhere=lines), large_print=options.large_print)
            if told:
                told("teacher notes", done, len(codes))
        return starts

    title, subject = joined(options, "teacher.document_title"), joined(options, "teacher.subject")
    return pointed(options, partial(new_document, options, title, subject, kind="teacher"), add, progress)
