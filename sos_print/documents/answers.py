"""Draws the teacher's answer key of the puzzle sheets, and writes the puzzles as data (puzzles.json).

The key is a teacher's document, like the teacher's notes: adults' type size. In two languages, as the puzzle
sheets are, it is printed once: each heading and paragraph in the first language with the second under it, one
step down in grey, its marking grid and diagrams once.
It starts with the marking grid, a row per sheet and a column per puzzle holding every right
answer, to mark a class set from a page or two. Then each sheet has a heading with its number and
code, then its puzzles, each a small diagram of the position with its answers marked and the
lines they complete, and beside it the answers with their points, and why.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from functools import partial

from sos_print.documents.common import Progress, Rendered, finished, joined, new_document, notes_flow
from sos_print.documents.figures import DiagramStyle, draw_figure, layout_figure, widest_margins
from sos_print.documents.tables import place_table
from sos_print.documents.worksheets import sheet_pages
from sos_print.engine.puzzles import Sheet
from sos_print.pdf.document import Document
from sos_print.pdf.table import layout_table
from sos_print.plans.answers import MARKING_COLUMNS, KeyPlan, key_plan, puzzle_records
from sos_print.plans.layout import KEY_CELL, NOTES_PT, SMALL_PT, scale_of
from sos_print.plans.options import PrintOptions
from sos_print.plans.tables import Table
from sos_print.plans.words import Block, Label, Run, interleaved

ROW_GAP = 4.0
MARKING_SHEET_COLUMN = 14.0  # the marking grid's first column, the sheet's number (mm, times the scale)
MARKING_CHILD_COLUMN = 30.0  # the same, holding a child's name and the sheet's number
MARKING_ROW = 6.5  # the marking grid's shortest row: thirty sheets on a page (mm, times the scale)
# Under a sheet's heading in the key, at the least, but the first's: three, as under a list's heading, made a class
# set's key 4 pages longer (43, not 39); two, one page longer. The first sheet's heading keeps one, as before, under
# the marking grid: two sent a single sheet's answers onto a third page.
KEPT_PUZZLES = 2
EXPLAINED_ROOM = 0.5  # the share of a page the explanations need under the grid to start there (divided by the scale)
DIAGRAMS = DiagramStyle(cell=KEY_CELL)


def render_key(document: Document, plan: KeyPlan, *, large_print: bool = False) -> None:
    """Adds the answer key in one language to `document`, starting on a new page: laid out once, then again with a
    puzzle moved on where a page would hold one puzzle alone (the 6 x 6 key's last page held puzzle 6 alone)."""
    # The sentence naming the grid's pages is set from a trial of the grid alone with it: it may move the grid's end
    # (tried again then).
    through = 1
    for _ in range(3):
        _, found = _render_key(Document.trial(document.paper), plan, large_print, frozenset(), through, grid_only=True)
        if found == through:
            break
        through = found
    trial = Document.trial(document.paper)
    pages, _ = _render_key(trial, plan, large_print, frozenset(), through)
    breaks, through = _balanced(pages), (through if trial.pages > through else 0)
    # A page's running head names the sheets on it, which its layout finds; a head naming several may take more room
    # than one naming a sheet, which a further trial checks.
    shared: dict[int, tuple[int, int]] = {}
    for _ in range(3):
        pages, _ = _render_key(Document.trial(document.paper), plan, large_print, breaks, through, shared)
        if _shared_pages(pages) == shared:
            break
        shared = _shared_pages(pages)
    _render_key(document, plan, large_print, breaks, through, shared)


def _shared_pages(pages: tuple[tuple[int, ...], ...]) -> dict[int, tuple[int, int]]:
    """Returns the pages (from 0) holding puzzles of several sheets, each with its first and last sheet (from 0).
    `pages` gives each puzzle's page."""
    sheets: dict[int, list[int]] = {}
    for sheet, on in enumerate(pages):
        for page in on:
            sheets.setdefault(page, []).append(sheet)
    return {page: (min(held), max(held)) for page, held in sheets.items() if min(held) != max(held)}


def _balanced(pages: tuple[tuple[int, ...], ...]) -> frozenset[tuple[int, int]]:
    """Returns the puzzles, as (sheet, entry), that start a new page so that no page holds one puzzle alone: the one
    before a lone last puzzle of its sheet, where its page keeps two or more. `pages` gives each puzzle's page."""
    held = Counter(page for sheet in pages for page in sheet)
    breaks = set()
    for number, sheet in enumerate(pages):
        if len(sheet) >= 2 and held[sheet[-1]] == 1 and sheet[-2] != sheet[-1] and held[sheet[-2]] >= 3:
            breaks.add((number, len(sheet) - 2))
    return frozenset(breaks)


def _render_key(
    document: Document,
    plan: KeyPlan,
    large_print: bool,
    breaks: frozenset[tuple[int, int]],
    through: int = 0,
    shared: dict[int, tuple[int, int]] | None = None,
    *,
    grid_only: bool = False,
) -> tuple[tuple[tuple[int, ...], ...], int]:
    """Adds the key to `document` (its marking grid alone if `grid_only`), a new page started before each puzzle
    `breaks` names (sheet, entry), and under its title, where `through` is given, the sentence saying that pages 1 to
    `through` are the marking grid's; the running head of each page `shared` names (from 0) names its first and last
    sheet; returns the page (from 0) each sheet's puzzles were placed on, and the grid's last page (from 1)."""
    scale = scale_of(large_print)
    # The sheet whose answers a new page carries on: its running head names it, with its code, in each language.
    current: list[Label] = [("",) * len(plan.title)]

    def running() -> Label:
        span = (shared or {}).get(document.pages)
        return _sheets_head(plan, *span) if span else current[0]

    flow = notes_flow(document, plan.strip, plan.title, scale, running, numbered=plan.page)
    document.bookmark(plan.bookmark)
    flow.blocks(_blocks("p", plan.keep_apart), grey=True)
    if through:
        told = plan.print_marking[min(through, 3) - 1]
        flow.blocks(_blocks("p", tuple(text.replace("{through}", str(through)) for text in told)))
    flow.blocks(_blocks("p", plan.sides))
    # The marking grid first, a class set on a page or two; the illustrated explanations follow on a page of their
    # own, but under a grid's last rows that leave room for as much of them as half a page holds in normal print (no
    # near-empty page): a third of the page in large print, whose grid of 12 puzzles stood alone on 30 % of its page
    # (issue 23, review 34 H11).
    flow.blocks([*_blocks("h2", plan.marking_heading), *plan.marking_intro])
    if plan.marking_legend:
        flow.blocks(_blocks("p", plan.marking_legend))
    for table in plan.marking:
        # More than six puzzles a sheet are set a size down, every sheet's row on one page: split into tables of six,
        # twelve took three pages for 30 sheets (issue 23, review des38 A7).
        size = (NOTES_PT if len(table.columns) - 1 <= MARKING_COLUMNS else SMALL_PT) * scale
        columns = _marking_columns(table, flow.width, scale)
        laid = layout_table(table, columns, flow.width, (size,) * 2, MARKING_ROW * scale)
        place_table(flow, table, laid, continued=_blocks("h3", plan.marking_continued))
    grid = document.pages + 1
    if grid_only:
        return (), grid
    if flow.room < flow.box.height * EXPLAINED_ROOM / scale:
        flow.new_page()
    flow.blocks([*_blocks("h2", plan.explained_heading), *plan.intro])
    style = DIAGRAMS.scaled(scale)
    body = NOTES_PT * scale
    # One left edge for every board of the key and one for every text, whatever names a board has on its left.
    least = widest_margins([entry.grid for sheet in plan.sheets for entry in sheet.entries], style)
    placed: list[tuple[int, ...]] = []
    for number, sheet in enumerate(plan.sheets):
        # In two languages too, a puzzle's text keeps its column beside the diagram, the next puzzle pushed down: its
        # last lines run back under the diagram read as the diagram's, or the next puzzle's; the class set's key is as
        # long, the large-print Letter one a page longer in 96 (issue 23, review 37 H3).
        layouts = [layout_figure(entry, flow.width, body, style, least) for entry in sheet.entries]
        # A class list's child heads their sheet's answers, the sheet's number and code under the name.
        heading = [Block("h2", (Run(sheet.child),)), *_blocks("p", sheet.heading)] if sheet.child else []
        heading = heading or _blocks("h2", sheet.heading)
        current[0] = tuple(
            " \u00b7 ".join(part for part in (sheet.child if k == 0 else "", text) if part)
            for k, text in enumerate(sheet.head)
        )
        # Kept with its first KEPT_PUZZLES: with one under it at a page's foot, sheet 29's answers read as one
        # (designer's review dz86, 2).
        kept = layouts[: KEPT_PUZZLES if number else 1]  # the first sheet's, under the marking grid, as before
        flow.keep(flow.measure(heading) + sum(ROW_GAP + layout.height for layout in kept))
        document.bookmark(sheet.bookmark, level=1)
        flow.blocks(heading)
        on: list[int] = []
        for k, (entry, layout) in enumerate(zip(sheet.entries, layouts, strict=True)):
            if (number, k) in breaks:
                flow.new_page()
            flow.space(ROW_GAP)
            flow.figure(layout.height, partial(draw_figure, figure=entry, layout=layout, body=body))
            on.append(document.pages)
        placed.append(tuple(on))
    document.end_page()
    return tuple(placed), grid


def _sheets_head(plan: KeyPlan, first: int, last: int) -> Label:
    """Returns the running head of a page holding the answers of sheets `first` to `last` (from 0), in each language:
    their numbers, after their children's names (a class list's), first and last. The names stand in the first
    language's line only: in two languages a long name made the head four lines (review rv55, C3)."""
    pair = last == first + 1
    children = {"first": plan.sheets[first].child, "last": plan.sheets[last].child}
    named = ""
    if all(children.values()):
        # The names go in after the words are made: a name is printed as written, never read as a field.
        named = re.sub(r"\{(first|last)\}", lambda found: children[found[1]], plan.children_head[0 if pair else 1][0])
    return tuple(
        " \u00b7 ".join(part for part in (named if k == 0 else "", text.format(first=first + 1, last=last + 1)) if part)
        for k, text in enumerate(plan.sheets_head[0 if pair else 1])
    )


def _blocks(kind: str, label: Label) -> list[Block]:
    """Returns a label as blocks of `kind`: its first language's, then its second's under it (`words.SECOND`)."""
    first = [Block(kind, (Run(label[0]),))]
    return interleaved(first, [Block(kind, (Run(text),)) for text in label[1:]] if len(label) > 1 else None)


def _marking_columns(table: Table, width: float, scale: float) -> tuple[float, ...]:
    """Returns the marking grid's columns: the sheet's number, then the puzzles in equal shares of the rest."""
    puzzles = len(table.columns) - 1
    named = any(len(row[0]) > 1 for row in table.rows)  # a child's name, not a sheet's number alone
    first = (MARKING_CHILD_COLUMN if named else MARKING_SHEET_COLUMN) * scale
    return (first, *[(width - first) / puzzles] * puzzles)


def answers_document(options: PrintOptions, sheets: Sequence[Sheet], progress: Progress | None = None) -> Rendered:
    """Returns the answer key of `sheets`: in two languages, its words in both and its tables and diagrams once."""
    document = new_document(
        options, joined(options, "puzzles.key_document_title"), joined(options, "puzzles.key_subject"), kind="answers"
    )
    # Large print is for the children's sheets: the teacher's key keeps its size, as the kit's notes do; in large print
    # its grid for 30 sheets of 12 puzzles took five pages, answers wrapping in its columns (issue 23, review des38 A7).
    pages, working = sheet_pages(options, sheets)  # whether puzzles.pdf may be printed two-sided
    render_key(document, key_plan(options, tuple(sheets), pages, working))
    if progress:
        progress("answer key", 1, 1)
    return finished(document)


def puzzles_json(options: PrintOptions, sheets: Sequence[Sheet]) -> Rendered:
    """Returns puzzles.json: every puzzle as printed, with its answers named in the sheets' notation."""
    records = puzzle_records(tuple(sheets), options.notation)
    # One puzzle a line: a JSON list that reads well in a text editor, and diffs line by line.
    text = "[\n" + ",\n".join(json.dumps(record, ensure_ascii=False) for record in records) + "\n]\n"
    return Rendered(text.encode("utf-8"), 0)
