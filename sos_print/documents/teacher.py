"""Draws the teacher's notes: printing and the calibration bar, the kit, adaptations, and the checked examples."""

from __future__ import annotations

from functools import partial

from sos_print.documents.common import Progress, Rendered, finished, joined, new_document
from sos_print.documents.figures import draw_figure, layout_figure
from sos_print.engine.check import CheckedExample
from sos_print.pages.layout import CALIBRATION_MM, MARGIN, NOTES_PT, SMALL_PT, SUBTITLE_PT, TITLE_PT, Box, scale_of
from sos_print.pages.options import PrintOptions
from sos_print.pages.teaching import TeacherPlan, teacher_plan
from sos_print.pages.words import Block, Run
from sos_print.pdf.document import Document
from sos_print.pdf.draw import draw_calibration, draw_header, draw_label, set_label
from sos_print.pdf.flow import Flow

EXAMPLE_PT = NOTES_PT


def render_teacher(document: Document, plan: TeacherPlan, *, large_print: bool = False) -> None:
    """Adds the teacher's notes in one language to `document`, starting on a new page."""
    scale = scale_of(large_print)
    width, height = document.paper.size_mm
    box = Box(0, 0, width, height).inset(MARGIN)

    def start_page() -> list[Box]:
        top = draw_header(document.canvas, plan.title, TITLE_PT * scale, box, plan.class_name, SUBTITLE_PT * scale)
        return [Box(box.x, box.y, box.width, top - 3.0 - box.y)]

    flow = Flow(document, scale, start_page, NOTES_PT)
    document.bookmark(plan.bookmark)
    flow.blocks([Block("p", (Run(plan.keep_apart[0]),))], grey=True)
    flow.blocks(plan.printing)
    caption = set_label(plan.calibration, SMALL_PT * scale, box.width)
    flow.figure(14.0 + caption.height, partial(_calibration, plan=plan, scale=scale))
    for section in (plan.kit, plan.adapt, plan.watch, plan.talk):
        flow.blocks(section)
    flow.new_page()
    document.bookmark(plan.examples_bookmark, level=1)
    flow.blocks([Block("h2", (Run(plan.examples_heading[0]),))])
    flow.blocks(plan.examples_intro)
    for figure in plan.examples:
        layout = layout_figure(figure, flow.width, scale, EXAMPLE_PT)
        flow.space(3.0)
        flow.figure(layout.height, partial(draw_figure, figure=figure, layout=layout, scale=scale, body=EXAMPLE_PT))
    document.end_page()


def _calibration(document: Document, x: float, top: float, *, plan: TeacherPlan, scale: float) -> None:
    draw_calibration(document.canvas, x, top - 4.0, CALIBRATION_MM, SMALL_PT * scale)
    draw_label(document.canvas, plan.calibration, x, top - 12.0, SMALL_PT * scale)


def teacher_document(
    options: PrintOptions, examples: tuple[CheckedExample, ...], progress: Progress | None = None
) -> Rendered:
    """Returns the teacher's notes with the checked `examples`, one section per language."""
    document = new_document(options, joined(options, "teacher.document_title"), joined(options, "teacher.subject"))
    codes = options.language.codes
    for done, lang in enumerate(codes, start=1):
        render_teacher(document, teacher_plan(options, lang, examples), large_print=options.large_print)
        if progress:
            progress("teacher notes", done, len(codes))
    return finished(document)
