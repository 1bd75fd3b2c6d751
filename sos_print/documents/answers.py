"""Draws the teacher's answer key of the puzzle sheets, and writes the puzzles as data (puzzles.json).

The key is a teacher's document, like the teacher's notes: adults' type size, once per language.
Each sheet has a heading with its number and code, then its puzzles, each a small diagram of the
position with its answers written in grey cells and the lines they complete, and beside it the
answers with their points, and why.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import partial

from sos_print.documents.common import Progress, Rendered, finished, joined, new_document, notes_flow
from sos_print.documents.figures import DiagramStyle, draw_figure, layout_figure
from sos_print.engine.puzzles import Sheet
from sos_print.pdf.document import Document
from sos_print.plans.answers import KeyPlan, key_plan, puzzle_records
from sos_print.plans.layout import KEY_CELL, NOTES_PT, scale_of
from sos_print.plans.options import PrintOptions
from sos_print.plans.words import Block, Run

ROW_GAP = 4.0
DIAGRAMS = DiagramStyle(cell=KEY_CELL)


def render_key(document: Document, plan: KeyPlan, *, large_print: bool = False) -> None:
    """Adds the answer key in one language to `document`, starting on a new page."""
    scale = scale_of(large_print)
    flow = notes_flow(document, plan.strip, plan.title, scale)
    document.bookmark(plan.bookmark)
    flow.blocks([Block("p", (Run(plan.keep_apart[0]),))], grey=True)
    flow.blocks(plan.intro)
    style = DIAGRAMS.scaled(scale)
    body = NOTES_PT * scale
    for sheet in plan.sheets:
        layouts = [layout_figure(entry, flow.width, body, style) for entry in sheet.entries]
        heading = [Block("h2", (Run(sheet.heading),))]
        flow.keep(flow.measure(heading) + ROW_GAP + layouts[0].height)
        document.bookmark(sheet.bookmark, level=1)
        flow.blocks(heading)
        for entry, layout in zip(sheet.entries, layouts, strict=True):
            flow.space(ROW_GAP)
            flow.figure(layout.height, partial(draw_figure, figure=entry, layout=layout, body=body))
    document.end_page()


def answers_document(options: PrintOptions, sheets: Sequence[Sheet], progress: Progress | None = None) -> Rendered:
    """Returns the answer key of `sheets`, once per language."""
    document = new_document(
        options, joined(options, "puzzles.key_document_title"), joined(options, "puzzles.key_subject")
    )
    codes = options.language.codes
    for done, lang in enumerate(codes, start=1):
        render_key(document, key_plan(options, lang, tuple(sheets)), large_print=options.large_print)
        if progress:
            progress("answer key", done, len(codes))
    return finished(document)


def puzzles_json(options: PrintOptions, sheets: Sequence[Sheet]) -> Rendered:
    """Returns puzzles.json: every puzzle as printed, with its answers named in the sheets' notation."""
    records = puzzle_records(tuple(sheets), options.notation)
    # One puzzle a line: a JSON list that reads well in a text editor, and diffs line by line.
    text = "[\n" + ",\n".join(json.dumps(record, ensure_ascii=False) for record in records) + "\n]\n"
    return Rendered(text.encode("utf-8"), 0)
