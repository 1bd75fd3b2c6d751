"""Draws the replay of a recorded game in one order in every format and language: who played and the result, who made
each S-O-S, the game in diagrams, the turning point pictured, then the adult's tables, the audit checked row by row
and every move weighed with best play.

The replay is set for children, on paper or on a board: every word at their size (12 pt, captions' titles one step
up, table headings one step down), the diagrams in one layout for the whole document (`Gallery`): two a row where
two fit at a cell a class reads, every grid of a column at one place on every page, every caption under its
diagram; in large print one a row, its caption beside it, two rows a page, where a page held one row. Each language
comes whole, one after the other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache, partial

from reportlab.pdfgen.canvas import Canvas

from sos_print.documents.common import (
    Progress,
    Rendered,
    draw_folio,
    finished,
    joined,
    language_parts,
    new_document,
)
from sos_print.documents.figures import (
    GAP,
    MIN_TEXT_COLUMN,
    DiagramStyle,
    FigureLayout,
    Margins,
    blocks_height,
    diagram_margins,
    draw_diagram,
    draw_figure,
    tagged,
    text_height,
)
from sos_print.engine.analysis import MoveAnalysis
from sos_print.engine.check import CheckedExample
from sos_print.engine.examples import GameHeader
from sos_print.engine.frozen import frozen, replace
from sos_print.engine.notation import Notation
from sos_print.pdf.document import Document
from sos_print.pdf.draw import draw_group, draw_label, draw_strip, group_room, layout_strip, set_label
from sos_print.pdf.flow import Flow
from sos_print.pdf.fonts import BOLD, REGULAR
from sos_print.pdf.grids import frame_room, numbers_clear_middle
from sos_print.pdf.table import SLACK, TableLayout, draw_head, draw_row, layout_table, page_rows
from sos_print.pdf.textflow import width_of
from sos_print.plans.common import part_pointers
from sos_print.plans.grids import GridPlan
from sos_print.plans.layout import (
    ANALYSIS_PLAYED_COLUMN,
    ANALYSIS_RUN_IN,
    AUDIT_COLUMNS,
    AUDIT_HEAD_PAD,
    AUDIT_LINES_MIN,
    AUDIT_POINTS_COLUMN,
    AUDIT_TOTAL_COLUMN,
    BODY_PT,
    ELSEWHERE_GAP,
    FOLIO_DEPTH,
    HEADING_PT,
    LEADING,
    MARGIN,
    MM,
    NOTES_PT,
    REPLAY_ALONE_CELL,
    REPLAY_CELL,
    REPLAY_FOLIO_BASELINE,
    REPLAY_LEAST_CELL,
    REPLAY_LETTER_CELL,
    REPLAY_PLAYER_MOST,
    SMALL_PT,
    TITLE_PT,
    Box,
    StripTextError,
    scale_of,
    step_up,
)
from sos_print.plans.options import PrintOptions
from sos_print.plans.replay import ReplayPlan, TurningPoint, replay_group, replay_plan, replay_strip
from sos_print.plans.tables import Table
from sos_print.plans.words import Block, Run, Words
from sos_print.plans.worked import ExampleFigure

KEPT_ROWS = 3  # a table never has fewer rows than this on a page (unless it has fewer in all)
TABLE_GAP, TABLE_LEAST_GAP = 2.0, 0.5  # over a table's heading row, under its section's words (mm)
SHORT_TABLE = 12  # rows: a table this short goes whole on one page with its heading wherever a page holds them
ANALYSIS_COLUMNS = (*AUDIT_COLUMNS[:2], 0.0, 16.0, 16.0, 0.0)  # move, player, the move played (by notation), value,
# best, comment
LOOKED_COLUMNS = (*AUDIT_COLUMNS[:2], 0.0, 0.0)  # no move weighed: move, player, the move played, comment
ROW_GAP = 4.0  # between two rows of diagrams (mm)
ROW_LEAST_GAP = 2.0  # under the turning point's words, over its boards, where that keeps them on the page (mm)
CAPTION_LINES = 4  # a typical caption's lines with its title, as large print's choice of layout weighs it


@frozen
class Gallery:
    """Holds the one layout of every diagram of a replay: the columns, the style, the margins every grid keeps (the
    widest any of them needs: grids and captions line up across rows and pages), and whether lines are named."""

    size: int  # the board's
    columns: int
    slot: float  # a column's width (mm)
    style: DiagramStyle
    margins: Margins
    named: bool  # the lines' names beside the diagrams, where every diagram finds room for them (`drawn_names`)
    beside: bool  # one column with room for the caption beside its diagram; else under it
    body: float  # the captions' type size (points)
    wrap: bool = False  # a caption beside its diagram and taller than it runs on under it, across the column

    @property
    def diagram_width(self) -> float:
        """Returns the width (mm) of every diagram with its margins."""
        return self.margins.left + self.style.cell * self.size + self.margins.right

    @property
    def diagram_height(self) -> float:
        """Returns the height (mm) of every diagram with its margins."""
        return self.margins.top + self.style.cell * self.size + self.margins.bottom

    def layout(self, figure: ExampleFigure) -> FigureLayout:
        """Returns where a figure's diagram and caption go in its column."""
        if self.beside:
            width = self.slot - self.diagram_width - GAP
            height = max(self.diagram_height, text_height(figure, width, self.body)) + 2.0
            if self.wrap and height > self.diagram_height + 2.0:
                return self._wrapped(figure, width)
            return FigureLayout(
                self.style,
                self.margins.left,
                self.margins.top,
                self.diagram_height,
                self.diagram_width + GAP,
                0.0,
                width,
                height,
            )
        # One diagram a row: its caption under its own labels, not under the room the other diagrams' need (the
        # scorers' boards, which name no line, had their captions 27 mm under them on 8 x 8 in large print).
        bottom = diagram_margins(figure.grid, self.style).bottom if self.columns == 1 else self.margins.bottom
        under = self.margins.top + self.style.cell * self.size + bottom + GAP
        height = under + text_height(figure, self.slot, self.body) + 2.0
        return FigureLayout(
            self.style, self.margins.left, self.margins.top, self.diagram_height, 0.0, under, self.slot, height
        )

    def _wrapped(self, figure: ExampleFigure, width: float) -> FigureLayout:
        """Returns a layout with the caption's title and first blocks beside the diagram, as many as end level with
        it, and the rest under it across the column: beside alone, 8 moves' caption of an 8 x 8 board in large print
        was taller than a page (issue 23, rp42)."""
        beside = 0
        while beside < len(figure.text) and (
            text_height(replace(figure, text=figure.text[: beside + 1], results=()), width, self.body)
            <= self.diagram_height
        ):
            beside += 1
        under = self.diagram_height + GAP
        rest = (*figure.text[beside:], *figure.results)
        height = under + blocks_height(rest, self.slot, self.body) + 2.0
        return FigureLayout(
            self.style,
            self.margins.left,
            self.margins.top,
            self.diagram_height,
            self.diagram_width + GAP,
            0.0,
            width,
            height,
            beside,
            under,
            self.slot,
        )

    def shown(self, figure: ExampleFigure) -> ExampleFigure:
        """Returns the figure as this layout draws it: its lines left unnamed where the layout names none."""
        return figure if self.named else replace(figure, grid=replace(figure.grid, named=False))


def gallery(
    figures: Sequence[ExampleFigure],
    grids: Sequence[GridPlan],
    size: int,
    width: float,
    pages: tuple[float, float],
    scale: float,
    together: tuple[Sequence[ExampleFigure], Sequence[float]] = ((), ()),
    stack: bool = False,
    headed: float = 0.0,
) -> Gallery:
    """Returns the one layout of a replay's diagrams (`figures`, the game's, with captions; `grids`, all the others) at
    the board size's cell (`board_cell`): the same board whatever the game's length. Its lines are named beside the
    diagrams where those names fit the columns and cost no row on the `pages` (mm: the room under the section's
    heading, a page's; the names above and beside an 8 x 8 board left the first page one row of two), and where the
    figures `together` (the scorers' boards) fit the first of the rooms given with them that either layout's do: the
    players' boards are compared on one page. Of those, the layout holding the most rows under the game's heading alone
    (`headed`, mm: the room under it on a page) is chosen."""
    cell, columns = board_cell(grids, size, width, scale)
    if columns == 2 and scale > 1.0:
        cell, columns = _fuller(grids, size, width, pages[-1], scale, cell)
    elif columns == 2:
        cell = _two_rows(grids, size, width, pages[-1], scale, cell)
    slot = (width - GAP * (columns - 1)) / columns
    beside, wrap = True, False
    if columns == 1 and scale > 1.0:
        least = cell
        cell, beside = _whole(grids, figures, size, width, pages, scale, cell)
        wrap = beside and cell < least
    if stack and scale > 1.0:
        cell, columns, beside, wrap = _stacked(
            grids, figures, size, width, pages[-1], scale, (cell, columns, beside, wrap)
        )
        slot = (width - GAP * (columns - 1)) / columns
    plain = _gallery([replace(grid, named=False) for grid in grids], size, columns, slot, cell, False, scale)
    plain = replace(plain, beside=plain.beside and beside, wrap=wrap)
    named = _gallery(grids, size, columns, slot, cell, True, scale)
    named = replace(named, beside=named.beside and beside, wrap=wrap)
    # Large print names the lines in the captions alone where names over or under the boards (which stand outside
    # them, issue 23, review 34, H1) would make them taller, as the rule sheet does.
    taller = scale > 1.0 and named.diagram_height > plain.diagram_height + 1e-6
    # A layout naming lines where not every diagram finds room for its names is drawn unnamed (`drawn_names`): its
    # margins kept room for names never drawn, and the game's first page held one row of 8 x 8 boards (review rv58 B1).
    every = all(tagged(named.shown(figure).grid, named.style) for figure in figures if figure.grid.segments)
    found = [named, plain] if named.diagram_width <= slot and not taller and every else [plain]
    rooms_a_page = (*pages[:-1], headed or pages[-1], pages[-1])
    most = max(_rows_a_page(candidate, figures, rooms_a_page) for candidate in found)
    found = [candidate for candidate in found if _rows_a_page(candidate, figures, rooms_a_page) == most]
    scorers, rooms = together
    for room in rooms:
        fitting = [candidate for candidate in found if _rows_height(paired(candidate, scorers), scorers) <= room]
        if fitting:
            return fitting[0]
    return found[0]


def drawn_names(layout: Gallery, figures: Sequence[ExampleFigure]) -> Gallery:
    """Returns the layout naming the lines beside the diagrams only where each of the game's diagrams with a new line
    finds room for every name: on 8 x 8 every 8 moves none did, and the legend said the lines were "named at the
    end of its line" (issue 23, des41 A4); a picture naming its lines beside a picture that does not read as if
    those had none."""
    if layout.named and not all(tagged(layout.shown(f).grid, layout.style) for f in figures if f.grid.segments):
        return replace(layout, named=False)
    return layout


def _rows_a_page(layout: Gallery, figures: Sequence[ExampleFigure], pages: tuple[float, ...]) -> tuple[int, ...]:
    """Returns how many rows of the typical height (the median row's) each of `pages` (mm) holds in `layout`."""
    heights = _row_heights(figures, layout)
    typical = sorted(heights)[len(heights) // 2] + ROW_GAP if heights else pages[-1]
    return tuple(int(page // typical) for page in pages)


def board_cell(grids: Sequence[GridPlan], size: int, width: float, scale: float) -> tuple[float, int]:
    """Returns the cell (mm) of a replay's diagrams and how many a row: REPLAY_CELL for the board size (times the
    print's scale), by half millimetres smaller until two diagrams with their coordinates fit a row, not below
    `least_cell`; else one a row, at REPLAY_ALONE_CELL (times the scale) at least. It depends on the board size, the
    paper and the print alone, never on the game: a short game's boards were drawn smaller to save a page (4 x 4 at
    40 to 64 mm, review 34, P9)."""
    least = least_cell(size, scale)
    largest = max(REPLAY_CELL[size] * scale, least)
    unnamed = [replace(grid, named=False) for grid in grids]
    slot = (width - GAP) / 2
    for cell in _cells_down(largest, least):
        if _gallery(unnamed, size, 2, slot, cell, False, scale).diagram_width <= slot:
            return cell, 2
    return max(largest, REPLAY_ALONE_CELL * scale), 1  # one a row: as large as an 8 x 8 board has room for


def _fuller(
    grids: Sequence[GridPlan], size: int, width: float, page: float, scale: float, cell: float
) -> tuple[float, int]:
    """Returns the cell and columns of large print's diagrams, two a row at `cell` or one a row at `least_cell` with
    its caption beside it (where its grid is as wide as a column of text), whichever puts more diagrams on a `page`
    mm tall, with a caption of CAPTION_LINES (the
    board size's, the paper's and the print's, never the game's). Two boards a row at 20 mm a cell and their captions
    under them took a page of their own, half of it empty: 16 moves on 4 x 4 took 11 Letter pages (session 38, H8)."""
    unnamed = [replace(grid, named=False) for grid in grids]
    two = _gallery(unnamed, size, 2, (width - GAP) / 2, cell, False, scale)
    one = _gallery(unnamed, size, 1, width, least_cell(size, scale), False, scale)
    caption = _caption_height(two.body)
    under = _typical_row(two)
    beside = max(one.diagram_height, caption) + 2.0 + ROW_GAP
    # A grid narrower than a column of text (3 x 3) would break the turning point's titles under it into four lines.
    wide = one.style.cell * size >= MIN_TEXT_COLUMN
    if one.beside and wide and int(page // beside) > 2 * int(page // under):
        return one.style.cell, 1
    return cell, 2


def _two_rows(grids: Sequence[GridPlan], size: int, width: float, page: float, scale: float, cell: float) -> float:
    """Returns the cell of normal print's diagrams two a row: `cell`, or the largest smaller one, by half millimetres
    down to `least_cell`, at which two rows with captions of CAPTION_LINES fit a `page` mm tall (the board size's and
    the paper's, never the game's); `cell` where none does. On Letter, 7 x 7 and 8 x 8 boards at their A4 cell held
    one row a page wherever a caption ran to four lines, 40 % of the page blank (review rv56 B1). Not under the game's
    heading: a cell smaller still, 8.5 mm on 8 x 8, broke a new S-O-S down a column into specks between its letters
    and their move numbers (review rv60 1), a worse loss than the game's first page holding one row (rv58 B1)."""
    unnamed = [replace(grid, named=False) for grid in grids]
    for smaller in _cells_down(cell, least_cell(size, scale)):
        two = _gallery(unnamed, size, 2, (width - GAP) / 2, smaller, False, scale)
        if 2 * _typical_row(two) <= page:
            return smaller
    return cell


def _typical_row(layout: Gallery) -> float:
    """Returns the height (mm) of a row of diagrams with their captions under them, a caption of CAPTION_LINES, and the
    gap under it."""
    return layout.diagram_height + GAP + _caption_height(layout.body) + 2.0 + ROW_GAP


def _whole(
    grids: Sequence[GridPlan],
    figures: Sequence[ExampleFigure],
    size: int,
    width: float,
    pages: tuple[float, float],
    scale: float,
    cell: float,
) -> tuple[float, bool]:
    """Returns the cell of large print's diagrams one a row, and whether their captions stand beside them: `cell` where
    each board with its caption fits its room (`pages`: the first under the section's heading and legend, the others
    a page; the first only measured on a page ran on, des42 A1), else the least cell that holds large print's letters
    (REPLAY_LEAST_CELL) with the captions beside the boards where each then fits, else under them where each does.
    At 15 mm an 8 x 8 board and its caption under it missed Letter's page: the caption's tail stood at the top of the
    next page, over another board, read as that board's (issue 23, des41 A1)."""
    unnamed = [replace(grid, named=False) for grid in grids]
    shown = [replace(figure, grid=replace(figure.grid, named=False)) for figure in figures]

    def fits(layout: Gallery) -> bool:
        rooms = [pages[0], *[pages[-1]] * (len(shown) - 1)]
        return all(layout.layout(figure).height + ROW_GAP <= room for figure, room in zip(shown, rooms, strict=True))

    if fits(_gallery(unnamed, size, 1, width, cell, False, scale)):
        return cell, True
    least = max(REPLAY_LEAST_CELL[1], REPLAY_CELL[size])
    smaller = _gallery(unnamed, size, 1, width, least, False, scale)
    if smaller.beside and fits(replace(smaller, wrap=True)):
        return least, True
    if fits(replace(smaller, beside=False)):
        return least, False
    return cell, True  # a caption longer than a page, even round the least board: it runs on (`_long`)


def _stacked(
    grids: Sequence[GridPlan],
    figures: Sequence[ExampleFigure],
    size: int,
    width: float,
    page: float,
    scale: float,
    chosen: tuple[float, int, bool, bool],
) -> tuple[float, int, bool, bool]:
    """Returns the cell, columns, captions beside and wrapped of large print's diagrams: those `chosen`, or, where
    they stand one row a `page` (mm tall), one a row with its caption beside it, two rows or more a page, where that
    puts more boards on a page, or as many at a larger cell: the largest cell, by half millimetres from REPLAY_CELL
    (times the scale) down to `least_cell`, that does so with its move numbers clear of a line down a cell's middle
    (`numbers_clear_middle`: a new S-O-S down a column broke round them into stubs before it ran on beside them). One
    7 x 7 board a page with its caption under it, or one row of two 6 x 6 boards, left the lower 45 % of every page
    of the game blank (issue 23, review rv44 B2)."""
    unnamed = [replace(grid, named=False) for grid in grids]
    shown = [replace(figure, grid=replace(figure.grid, named=False)) for figure in figures]
    cell, columns, beside, wrap = chosen
    slot = (width - GAP * (columns - 1)) / columns
    now = _gallery(unnamed, size, columns, slot, cell, False, scale)
    now = replace(now, beside=now.beside and beside, wrap=wrap)
    best = (_boards_a_page(now, shown, page), cell)
    found = chosen
    if best[0] > columns:  # two rows a page or more already
        return chosen
    for candidate in _cells_down(REPLAY_CELL[size] * scale, least_cell(size, scale)):
        one = replace(_gallery(unnamed, size, 1, width, candidate, False, scale), wrap=True)
        rows = _boards_a_page(one, shown, page)
        clear = numbers_clear_middle(candidate, SMALL_PT * scale, size * size)
        if one.beside and clear and rows >= 2 and (rows, candidate) > best:
            best, found = (rows, candidate), (candidate, 1, True, True)
    return found


def _boards_a_page(layout: Gallery, figures: Sequence[ExampleFigure], page: float) -> int:
    """Returns how many boards a page `page` mm tall holds in `layout`, in rows of the typical height (the median
    row's, `_rows_a_page`)."""
    return _rows_a_page(layout, figures, (page,))[0] * layout.columns


def _caption_height(body: float) -> float:
    """Returns the height (mm) of a typical caption: its title, a size up, and CAPTION_LINES - 1 lines of text."""
    return (step_up(body) + (CAPTION_LINES - 1) * body) * LEADING / MM + 1.5 + 1.2


def least_cell(size: int, scale: float) -> float:
    """Returns the smallest cell (mm) of a replay's diagrams: REPLAY_LEAST_CELL, and in large print the largest cell
    normal print gives the board size too (REPLAY_CELL), so that large print never draws a board smaller."""
    if scale > 1.0:
        return max(REPLAY_LEAST_CELL[1], REPLAY_CELL[size])
    return REPLAY_LEAST_CELL[0]


def _rows_height(layout: Gallery, figures: Sequence[ExampleFigure]) -> float:
    """Returns the height (mm) of the rows `figures` make in `layout`, each with the gap above it."""
    heights = [layout.layout(layout.shown(figure)).height for figure in figures]
    return sum(ROW_GAP + max(heights[k : k + layout.columns]) for k in range(0, len(heights), layout.columns))


def _gallery(
    grids: Sequence[GridPlan], size: int, columns: int, slot: float, cell: float, named: bool, scale: float
) -> Gallery:
    style = _style(cell, scale)
    found = [diagram_margins(grid, style) for grid in grids] or [Margins(1.0, 1.0, 1.0, 1.0)]
    margins = Margins(*(max(getattr(m, side) for m in found) for side in ("left", "right", "top", "bottom")))
    diagram = margins.left + size * cell + margins.right
    beside = columns == 1 and slot - diagram - GAP >= MIN_TEXT_COLUMN  # about twenty words of large print
    return Gallery(size, columns, slot, style, margins, named, beside, BODY_PT * scale)


def _style(cell: float, scale: float) -> DiagramStyle:
    """Returns the diagrams' style at `cell` mm: letters a step larger in cells that take them, coordinates and line
    names at the captions' smaller size, move numbers the smallest; in large print, names clear of the lines."""
    letter = HEADING_PT if cell >= REPLAY_LETTER_CELL * scale else BODY_PT
    return DiagramStyle(
        cell, letter * scale, NOTES_PT * scale, SMALL_PT * scale, NOTES_PT * scale, names_clear=scale > 1.0
    )


@frozen
class Pouring:
    """Holds the choices of how a replay's sections go down its pages, which trials weigh against each other."""

    whole: bool  # a table of SHORT_TABLE rows or fewer goes whole with its heading, on the next page if it must
    balance: bool  # a table over two pages or more shares its last two pages' rows evenly
    together: bool  # the players' boards of who made each S-O-S on one page, where a page holds them


# In order of preference, where two fill their pages alike: short tables whole, then split as they fall; the players'
# boards on one page, unless that costs a page or leaves one poor. In the one order of the sections (review 34, H2)
# a team game's four boards, kept together after the turning point, took 09 a fifth page, two of them a third full.
POURINGS = tuple(
    Pouring(whole, balance, together)
    for together in (True, False)
    for whole in (True, False)
    for balance in (False, True)
)
Elsewhere = Callable[[int], tuple[str, ...]]  # where a file's other languages lie, from its count of pages
LEAST_LAST = 1 / 3  # of its frame: a language's last page holds at least this much where a pouring gives it
LEAST_PAGE = 1 / 2  # of its frame: every other page holds at least this much where a pouring gives it


def render_replay(
    document: Document,
    plan: ReplayPlan,
    *,
    large_print: bool = False,
    layout: Gallery | None = None,
    plans: Sequence[ReplayPlan] = (),
    elsewhere: Elsewhere | None = None,
) -> Gallery:
    """Adds the replay in one language to `document`, starting on a new page, its diagrams in `layout` (by default
    the one its own figures call for); returns that layout, for the document's other languages. The players' boards
    of who made each S-O-S stand at one cell in each of the document's languages (`plans`, by default this one's).
    Where the file's other languages lie (`elsewhere`, from its count of pages) stands on the title's line.

    Each pouring is tried on pages laid out but not drawn, and the one that fills its pages best is drawn: the fewest
    pages, then the fewest pages left under LEAST_PAGE full (the last under LEAST_LAST), then the fullest least-full
    page but the last.
    """
    scale = scale_of(large_print)
    plans = plans or (plan,)
    chosen, best = _best_pouring(document, plan, scale, layout, plans)
    if layout is None and scale > 1.0:
        # Large print's boards one a row with their captions beside them, two rows a page (`_stacked`), where that
        # takes fewer pages, or as many at a larger cell: one row of two 6 x 6 boards a page, in 13 mm cells, took one
        # page more in French than two 17.5 mm boards one above the other.
        stacked, fewest = _best_pouring(document, plan, scale, None, plans, stack=True)
        if stacked != chosen and (fewest[0], -stacked.style.cell) < (best[0], -chosen.style.cell):
            chosen, best = stacked, fewest
    return _pour(document, plan, scale, chosen, POURINGS[best[-1]], plans, elsewhere=elsewhere)[0]


def _best_pouring(
    document: Document,
    plan: ReplayPlan,
    scale: float,
    layout: Gallery | None,
    plans: Sequence[ReplayPlan],
    stack: bool = False,
) -> tuple[Gallery, tuple[int, int, float, int]]:
    """Returns the diagrams' layout (by default the `gallery`'s, boards stacked where `stack` says) and how the
    pouring that fills its pages best fills them (its pages, its poor pages, minus its least-full page but the last,
    its rank in POURINGS)."""
    tried = []
    for rank, pouring in enumerate(POURINGS):
        found, fills = _pour(Document.trial(document.paper), plan, scale, layout, pouring, plans, stack)
        layout = found  # the diagrams' layout depends on the page, not on the pouring: made once
        poor = sum(fill < LEAST_PAGE for fill in fills[:-1]) + (fills[-1] < LEAST_LAST)
        tried.append((len(fills), poor, -min(fills[:-1], default=1.0), rank))
    # The players' boards apart only where that saves a page or a poor page, not for a fuller page alone.
    best = min(tried)
    kept = [trial for trial in tried if trial[:2] == best[:2] and POURINGS[trial[-1]].together]
    return found, min(kept, default=best)


def _grids(plan: ReplayPlan, named: bool = True) -> list[GridPlan]:
    """Returns every grid of the replay's diagrams, their lines unnamed unless `named`."""
    turning = (plan.turning.played.grid, plan.turning.better.grid) if plan.turning else ()
    grids = [figure.grid for figure in (*plan.steps, *plan.scorers)] + list(turning)
    return grids if named else [replace(grid, named=False) for grid in grids]


def _pour(
    document: Document,
    plan: ReplayPlan,
    scale: float,
    layout: Gallery | None,
    pouring: Pouring,
    plans: Sequence[ReplayPlan],
    stack: bool = False,
    elsewhere: Elsewhere | None = None,
) -> tuple[Gallery, list[float]]:
    """Adds the replay to `document` as `pouring` says; returns its diagrams' layout (by default the `gallery`'s,
    large print's boards stacked where `stack` says) and the share of each page's frame it fills. The players' boards
    stand at one cell in each language of `plans` (`_under_summary`)."""
    width, height = document.paper.size_mm
    box = Box(0, 0, width, height).inset(MARGIN)
    group = (plan.group,) if plan.group else ()
    strip = layout_strip(plan.strip, box.width, group_room([group], scale), scale)
    # Every page's number and the file's count under the frame, at the right as on the puzzle sheets: one count over
    # the whole file, whatever its languages (issue 23, rv44 B4).
    draw = partial(draw_folio, pattern=plan.folio, size=SMALL_PT * scale)
    area = Box(-box.width, -FOLIO_DEPTH * scale, box.width, FOLIO_DEPTH * scale)
    document.foot_pages(draw, area, box.right, REPLAY_FOLIO_BASELINE + SMALL_PT * scale / MM)
    first = [True]
    fills: list[float] = []
    flows: list[Flow] = []

    def start_page() -> list[Box]:
        if flows:
            fills.append((box.top - flows[0].top) / box.height)
        top = draw_strip(document.canvas, plan.strip, strip, box, scale)
        draw_group(document.canvas, group, box, strip, scale)
        if first[0]:
            title = top
            top = draw_label(document.canvas, (plan.title,), box.x, top, TITLE_PT * scale, width=box.width, bold=True)
            if elsewhere:  # after the title: text read in order reads it first
                _elsewhere(document, plan.title, (box, title), scale, elsewhere)
            first[0] = False
        return [Box(box.x, box.y, box.width, top - 2.0 - box.y)]

    page = box.height - strip.height - 2.0  # the frame of every page but the first, which has the title
    flow = Flow(document, scale, start_page, BODY_PT, later=page)
    flows.append(flow)
    document.bookmark(plan.bookmark)
    flow.blocks(plan.header)
    grids = _grids(plan)
    opening = _opening(flow, plan.final_heading, plan.final_intro, rows=True)
    size = plan.steps[0].grid.size
    # The scorers' boards follow the summary (the result is what a class looks at first): under it, else a page.
    rooms = (flow.room - opening, page - opening)
    # Either legend may head the game's pictures (`drawn_names` chooses after the layout): the first is measured under
    # the longer, or its caption's tail ran on over the next board (issue 23, des42 A1).
    legends = (plan.steps_intro, plan.steps_intro_unnamed)
    legend_opening = max(_opening(flow, plan.steps_heading, intro, rows=True) for intro in legends)
    layout = layout or gallery(
        plan.steps,
        grids,
        size,
        flow.width,
        (page - legend_opening, page),
        scale,
        (plan.scorers, rooms),
        stack,
        page - _opening(flow, plan.steps_heading, [], rows=True),
    )
    layout = drawn_names(layout, plan.steps)
    legend = plan.steps_intro if layout.named else plan.steps_intro_unnamed  # where the pictures name the lines
    # The player's column no wider than best play's: a long name took 40 % of the width and the new S-O-S lines broke
    # at their hyphens ("B1-" over "D1", review rv50 B1).
    audit = _layout(plan.audit, _audit_columns(plan.audit), flow.width, scale, (0.0, REPLAY_PLAYER_MOST * scale))
    openings = _openings(audit, pouring)
    audit_start = _start(flow, plan.audit_heading, plan.audit_intro, _giving(openings), page)
    pairs = _scorers(flow, plan, layout, plans)
    steps_start = _opening(flow, plan.steps_heading, legend, rows=True) + _first_row(plan.steps, layout)
    # One order in every format (review 34, H2): the result, who made each S-O-S (what a class looks at first, and
    # it fills the first page, which held the summary alone: issue 23, rp42), the game, the moment a class
    # discusses, then the tables for the adult. The pages fill within it; a section never moves ahead of another.
    turning_start = _turning_start(flow, plan, layout) if plan.turning is not None else 0.0
    _figures(flow, plan.final_heading, plan.final_intro, plan.scorers, pairs, steps_start, pouring.together)
    legend = _legend(flow, plan, layout, legend)
    _figures(flow, plan.steps_heading, legend, plan.steps, layout, turning_start or audit_start)
    if plan.turning is not None:
        _turning(flow, plan, plan.turning, layout)
    _section(flow, plan.audit_heading, plan.audit_intro, *_giving(openings))
    _table(
        flow,
        plan.audit,
        audit,
        pouring,
        _opening(flow, plan.audit_heading, plan.audit_intro),
        (plan.audit_note, plan.audit_marked),
        plan.audit_continued,
    )
    flow.blocks(plan.audit_note)
    if plan.analysis is None:  # no move could be weighed: the notes say why, and nothing else is needed
        _section(flow, plan.analysis_heading, plan.notes, 0.0)
    else:
        bases = _played_column(
            ANALYSIS_COLUMNS if len(plan.analysis.columns) == len(ANALYSIS_COLUMNS) else LOOKED_COLUMNS, plan.notation
        )
        # The player's column as narrow as the score sheet's: a long name took half the table's width, and comments
        # ran on in a strip beside it (review rv48 B2).
        analysis = _layout(plan.analysis, bases, flow.width, scale, (0.0, REPLAY_PLAYER_MOST * scale))
        adult = [replace(block, kind="note") for block in (*plan.adult_note, *plan.unweighed)]
        notes = flow.measure(adult)
        openings = _openings(analysis, pouring)
        # Last, its heading row and three rows, which the table may not start with (five rows break on no page):
        # where the heading, its intro and those do not fit under what is above, the section starts a page; where
        # starting a page would leave this one more than half empty, two rows start it here. It started with one row
        # under a page of French large-print intro (issue 23, des42 B1), then over the page from a heading and intro
        # left at a page's foot (dz100 1); only a table too short to break still may.
        three = 2.0 + analysis.head + sum(analysis.rows[:KEPT_ROWS])
        two = 2.0 + analysis.head + sum(analysis.rows[: KEPT_ROWS - 1])
        # A table too short to break keeps no three rows alone: started under its intro with three, a team game's five
        # went on with two on a page of their own, after a page 60 % blank (review rv80, 1). Where it does not fit
        # under them, the heading, intro and note for the adult stay together, the note never alone on a page.
        heights = (*openings[:-1], 0.0) if len(analysis.rows) < 2 * KEPT_ROWS else (*openings[:-1], three, two)
        # A table kept whole keeps the sentence after it too ("No move the program weighed lost any points"): alone,
        # it made a last page 11 % full (03 in large print).
        whole = 2.0 + analysis.head + sum(analysis.rows)
        closing = 3.0 + flow.measure(plan.notes) if plan.notes else 0.0
        heights = tuple(height + closing * (height >= whole - 1e-6) for height in heights)
        bare = flow.measure(_heading(plan.analysis_heading)) + flow.measure(plan.analysis_intro)
        opening = bare + notes
        # The note for the adult goes after the table where, with it, the heading and intro keep their first three rows
        # on no page: they stood at the foot of a Letter large-print page, the table going on over the page,
        # "continued" (issue 23, dz100 1).
        after = opening + three > flow.tallest and len(analysis.rows) >= 2 * KEPT_ROWS
        if after:
            opening, notes = bare, 0.0
        kept = KEPT_ROWS  # two rows under the heading here, rather than a page more than half empty
        if _half_empty(flow) and opening + two <= flow.room < opening + three:
            heights, kept = (two,), KEPT_ROWS - 1
        elif _half_empty(flow) and opening <= flow.room < opening + three:
            heights = (0.0,)
        _section(flow, plan.analysis_heading, plan.analysis_intro, *(notes + height for height in _giving(heights)))
        if not after:
            _adult(flow, adult)
        tail = 3.0 + flow.measure(plan.notes) + flow.measure(adult) if after else 0.0
        _table(flow, plan.analysis, analysis, pouring, opening, continued=plan.analysis_continued, kept=kept, tail=tail)
        flow.blocks(plan.notes)
        if after:
            _adult(flow, adult)
    fills.append((box.top - flow.top) / box.height)
    document.end_page()
    return layout, fills


def _adult(flow: Flow, note: Sequence[Block]) -> None:
    """Places the note for the adult, each block whole: it broke mid-sentence over two pages (French read fr48)."""
    for block in note:
        flow.keep(flow.measure([block]))
        flow.blocks([block])


def _scorers(flow: Flow, plan: ReplayPlan, layout: Gallery, plans: Sequence[ReplayPlan]) -> Gallery:
    """Returns the layout of the players' boards of who made each S-O-S (`paired`, `_under_summary`): a lone board
    with its title under it, as every other board has, but where only beside it do they stand under the summary
    (its title beside it, the only one of the replay, read as misplaced: review rv52 C6)."""
    pairs = _under_summary(flow, plan, paired(layout, plan.scorers, flow.width), plans)
    if not pairs.beside or layout.beside:
        return pairs
    under = _under_summary(flow, plan, layout, plans)
    rooms = _summary_rooms(flow, plan, plans)
    held = [
        [_rows_height(found, other.scorers) <= room for other, room in zip(plans, rooms, strict=True)]
        for found in (under, pairs)
    ]
    return pairs if any(beside and not below for below, beside in zip(*held, strict=True)) else under


def _summary_rooms(flow: Flow, plan: ReplayPlan, plans: Sequence[ReplayPlan]) -> list[float]:
    """Returns the room (mm) under the summary on the first page in each language of `plans`: this one's (`flow`
    stands under it), with that language's summary and section start instead."""
    here = flow.room + flow.measure(plan.header)
    return [
        here - flow.measure(other.header) - _opening(flow, other.final_heading, other.final_intro, rows=True)
        for other in plans
    ]


def _under_summary(flow: Flow, plan: ReplayPlan, layout: Gallery, plans: Sequence[ReplayPlan]) -> Gallery:
    """Returns the layout of the players' boards (`paired`) at the largest cell, by half millimetres down to normal
    print's REPLAY_CELL, at which they stand with their heading and legend under the summary on the first page in
    each language of `plans` where they do at any such cell (a language where they do at none keeps its summary
    alone), one cell for all, as the diagrams are. In large print a summary telling the sheet's mistakes left them a
    few millimetres short at the gallery's cell (5 x 5 and 6 x 6 on Letter), and the first page held it alone, half
    empty (issue 23, rp43 A2). `flow` stands under this language's summary."""
    if not plan.scorers:
        return layout
    rooms = _summary_rooms(flow, plan, plans)
    scale = layout.body / BODY_PT
    grids = [replace(figure.grid, named=False) for figure in plan.scorers]
    found = [layout] + [
        _gallery(grids, layout.size, layout.columns, layout.slot, cell, False, scale)
        for cell in _cells_down(layout.style.cell, REPLAY_CELL[layout.size])[1:]
    ]
    needed = [
        next((k for k, candidate in enumerate(found) if _rows_height(candidate, other.scorers) <= room), None)
        for other, room in zip(plans, rooms, strict=True)
    ]
    return found[max((k for k in needed if k is not None), default=0)]


def _legend(flow: Flow, plan: ReplayPlan, layout: Gallery, legend: list[Block]) -> list[Block]:
    """Places the pictures' legend under a heading of its own where it fits on this page and the game's heading
    does not with it and its first row; returns what is left to set under the game's heading (the legend, or
    nothing). The game's first page held its heading, the legend and one row of 5 x 5 to 8 x 8 boards, its lower half
    blank, where two rows would have fitted under the heading alone (review rv55 B2)."""
    opening = _opening(flow, plan.steps_heading, legend, rows=True) + _first_row(plan.steps, layout)
    alone = _opening(flow, plan.legend_heading, legend)
    if opening <= flow.room or alone > flow.room:
        return legend
    flow.keep(alone)  # no bookmark: a key to the pictures, not a section of the replay
    flow.blocks([*_heading(plan.legend_heading), *legend])
    return []


def _heading(text: str) -> list[Block]:
    return [Block("h2", (Run(text),))]


def _continued(text: str) -> list[Block]:
    return [Block("h3", (Run(text),))]


def _section(flow: Flow, heading: str, intro: list[Block], *following: float, rows: bool = False) -> None:
    """Starts a section: its heading and intro kept with what comes after, the first of the heights `following` (mm,
    from the most to the least kept) that fits under them on a page (the start of what it heads: a heading and its
    intro never end a page without it), and a bookmark. Only when none does do the heading and intro stay where
    they fit. What follows is `rows` of diagrams or not (`_opening`).
    """
    blocks = _heading(heading)
    opening = _opening(flow, heading, intro, rows)
    kept = [opening + height for height in following if opening + height <= flow.tallest]
    flow.keep(kept[0] if kept else opening)  # else what follows fits under them on no page: they stay where they fit
    flow.document.bookmark(heading, level=1)
    flow.blocks([*blocks, *intro])


def _start(
    flow: Flow, heading: str, intro: list[Block], following: Sequence[float], page: float, rows: bool = False
) -> float:
    """Returns the height (mm) a section keeps together to start on a `page` mm tall frame, as `_section` chooses it:
    its heading and intro with the first of the heights `following` that fits there (else the last)."""
    opening = _opening(flow, heading, intro, rows)
    return opening + next((height for height in following if opening + height <= page), following[-1])


def _elsewhere(document: Document, title: str, at: tuple[Box, float], scale: float, lines: Elsewhere) -> None:
    """Draws where the file's other languages lie at the right of the title's line (`at`: the frame, the title's
    top), on its baseline: at the text's size where it fits beside the title, else smaller; drawn once the file's
    pages are counted. Set under the title, its line took the room that kept the players' boards on the first page in
    large print, and laid out before, the replay twice."""
    box, top = at
    room = box.width - width_of(title, BOLD, TITLE_PT * scale) / MM - ELSEWHERE_GAP

    def draw(canvas: Canvas, page: int, pages: int) -> None:
        text = " · ".join(lines(pages))
        size = (BODY_PT if width_of(text, REGULAR, BODY_PT * scale) / MM <= room else SMALL_PT) * scale
        draw_label(canvas, (text,), 0.0, -(TITLE_PT * scale - size) / MM, size, align="right")

    depth = 2 * TITLE_PT * scale / MM
    document.folio(draw, Box(-room, -depth, room, depth), box.right, top)


def _opening(flow: Flow, heading: str, intro: list[Block], rows: bool = False) -> float:
    """Returns the height (mm) of a section's heading and intro; where `rows` of diagrams follow, without the space
    under the intro's last block, which the gap above the first row takes in (`Flow.space`, collapsing): a team's
    four boards missed their page by 0.4 mm, and the two under the heading left the other two half a page alone."""
    blocks = [*_heading(heading), *intro]
    return flow.measure(blocks) - (min(flow.styles[blocks[-1].kind].after, ROW_GAP) if rows else 0.0)


def _half_empty(flow: Flow) -> bool:
    """Tells whether less than half of the page's frame is used."""
    return flow.room > flow.box.height / 2


def _row_heights(figures: Sequence[ExampleFigure], layout: Gallery) -> list[float]:
    """Returns the height (mm) of each row of `figures` in the gallery's columns."""
    heights = [layout.layout(layout.shown(figure)).height for figure in figures]
    return [max(heights[k : k + layout.columns]) for k in range(0, len(heights), layout.columns)]


def _first_row(figures: Sequence[ExampleFigure], layout: Gallery) -> float:
    """Returns the height (mm) of the first row of `figures`, with the gap above it, which their heading keeps."""
    return ROW_GAP + _row_heights(figures, layout)[0] if figures else 0.0


def _figures(
    flow: Flow,
    heading: str,
    intro: list[Block],
    figures: Sequence[ExampleFigure],
    layout: Gallery,
    after: float,
    together: bool = False,
) -> None:
    """Places a section of diagrams in rows of the gallery's columns, the section's heading kept with its first row
    (with all its rows where they are `together` and a page holds them: the players' boards compared on one page)
    and the last row never alone at the top of a page when the row before it can go with it, unless the next
    section, which needs `after` mm to start, can start under it there: then the last row is not alone, and
    keeping two rows together would only leave the page before half empty."""
    shown = [layout.shown(figure) for figure in figures]
    rows = [shown[k : k + layout.columns] for k in range(0, len(shown), layout.columns)]
    layouts = [[layout.layout(figure) for figure in row] for row in rows]
    heights = _row_heights(figures, layout)
    first = _first_row(figures, layout)
    opening = _opening(flow, heading, intro, rows=True)
    # A first figure too long for a page, or for one under the heading and intro (large print, 8 x 8): the heading
    # keeps its diagram and its caption's start, and the caption runs on (the heading stood alone at a page's foot).
    split = bool(heights) and layout.columns == 1 and opening + first > flow.box.height
    starts: tuple[float, ...] = (first,)
    if split:  # the diagram, its caption's title and first block; else the diagram and its title at least
        starts = tuple(ROW_GAP + _long_start(flow, rows[0][0], layout, blocks) for blocks in (1, 0))
    _section(flow, heading, intro, *((_rows_height(layout, figures), first) if together else starts), rows=True)
    for index, (row, placed, height) in enumerate(zip(rows, layouts, heights, strict=True)):
        flow.space(ROW_GAP, collapse=True)
        alone = heights[-1] + ROW_GAP + after > flow.box.height
        if index == len(rows) - 2 and index > 0 and alone and not _half_empty(flow):
            both = height + ROW_GAP + heights[-1]
            if both <= flow.box.height:
                flow.keep(both)
        # A caption longer than a page, or the first under its heading where they do not fit a page together: it runs
        # on. Never to fill a page: a caption's tail at the top of the next page, over another board, read as that
        # board's (issue 23, des41 A1).
        if height > flow.box.height or (index == 0 and split and ROW_GAP + height > flow.room):
            for figure in row:
                _long(flow, figure, layout)
            continue
        flow.figure(height, partial(_draw_row, figures=row, layouts=placed, slot=layout.slot, body=layout.body))


def _long_start(flow: Flow, figure: ExampleFigure, layout: Gallery, blocks: int = 1) -> float:
    """Returns the height (mm) of a long figure's start (`_long`): its diagram, its caption's title and first
    `blocks` blocks."""
    return layout.diagram_height + GAP + flow.measure([Block("h3", (Run(figure.title),)), *figure.text[:blocks]])


def _long(flow: Flow, figure: ExampleFigure, layout: Gallery) -> None:
    """Places a diagram with its caption under it flowing on after it, over the pages it needs; the diagram kept with
    its caption's title (a title alone at the top of a page named the board on the page before), not with the first
    block too: a board then moved to a new page would leave the caption before it alone on a page a third full."""
    side = figure.grid.size * layout.style.cell
    flow.keep(_long_start(flow, figure, layout, 0))
    flow.figure(
        layout.diagram_height + GAP,
        lambda document, x, top: draw_diagram(
            document, figure.grid, x + layout.margins.left, top - layout.margins.top - side, layout.style
        ),
    )
    flow.blocks([Block("h3", (Run(figure.title),))])  # under its diagram, even where the text starts a page
    flow.blocks(figure.text)


def _draw_row(
    document: Document,
    x: float,
    top: float,
    *,
    figures: Sequence[ExampleFigure],
    layouts: Sequence[FigureLayout],
    slot: float,
    body: float,
) -> None:
    for figure, layout in zip(figures, layouts, strict=True):
        draw_figure(document, x, top, figure=figure, layout=layout, body=body)
        x += slot + GAP


def _played_column(bases: tuple[float, ...], notation: Notation) -> tuple[float, ...]:
    """Returns the narrowest widths of the analysis's columns, the move written's (the third) as its notation needs:
    "O in L3C3" touched the rules of the 22 mm column "O in B2" fits (review 34, P13)."""
    return (*bases[:2], ANALYSIS_PLAYED_COLUMN[notation.value], *bases[3:])


def _audit_columns(table: Table) -> tuple[float, ...]:
    """Returns the narrowest widths of the checked audit's columns: the scoring audit's own."""
    sides = len(table.columns) - 6
    if sides < 0:  # no points and no totals: the first S-O-S wins
        return (*AUDIT_COLUMNS, 0.0)
    return (*AUDIT_COLUMNS, 0.0, AUDIT_POINTS_COLUMN, *[AUDIT_TOTAL_COLUMN.get(sides, 15.0)] * sides)


def _openings(layout: TableLayout, pouring: Pouring) -> tuple[float, ...]:
    """Returns the heights (mm) of the starts of a table its section's heading keeps, from the most to the least kept:
    the whole table, if it has SHORT_TABLE rows or fewer and the pouring keeps such tables whole; its heading row and
    first KEPT_ROWS rows (all its rows if it has fewer than twice as many, since then no page break would leave
    KEPT_ROWS on each side); its heading row and first row, where rows are so tall that a page holds no more (a
    heading never ends a page without them)."""
    whole = TABLE_GAP + layout.head + sum(layout.rows)
    kept = layout.rows if len(layout.rows) < 2 * KEPT_ROWS else layout.rows[:KEPT_ROWS]
    least = TABLE_GAP + layout.head + sum(kept)
    first = TABLE_GAP + layout.head + layout.rows[0]
    return (whole, least, first) if pouring.whole and len(layout.rows) <= SHORT_TABLE else (least, first)


def _giving(heights: Sequence[float]) -> tuple[float, ...]:
    """Returns the heights (mm) of a table's starts as its section keeps them: less the part of the gap over its
    heading row that gives way (`_table`) before the rows go to the next page. Kept whole, 0.7 mm too few sent a team
    game's three-row analysis to a page of its own, under a page a third blank (issue 23, dz83 6)."""
    return tuple(height - (TABLE_GAP - TABLE_LEAST_GAP) if height else height for height in heights)


def _table(
    flow: Flow,
    table: Table,
    layout: TableLayout,
    pouring: Pouring,
    above: float,
    note: tuple[list[Block], tuple[int, ...]] = ([], ()),
    continued: str = "",
    kept: int = KEPT_ROWS,
    tail: float = 0.0,
) -> None:
    """Places a table row by row, its heading row at its top and again at the top of each new page; no page holds
    fewer than KEPT_ROWS of its rows (where a page holds that many: the first starts a page where they do not fit
    under its section's heading and intro, `above` mm), and its last two pages share their rows evenly where
    the pouring says so. The `note` (its blocks, and the rows it explains) goes under the rows of each page but the
    table's last that holds one of those rows: the star of a carried total was explained only after the table, two
    pages after the first starred total (issue 23, des41 C3); after the last, the caller places it. Each page after
    the first starts with the section's heading, `continued`: a page of bare rows did not say which table it went on
    (review rv58 C1). The first page holds `kept` rows at least where its section chose two (`_pour`), and the last
    leaves `tail` mm for what follows where it can (`_tailed`)."""
    # Its heading row and first rows (all of a table too short to break, else KEPT_ROWS), else KEPT_ROWS: the most of
    # those that a page holds under its section's heading and intro, already placed; where KEPT_ROWS do not, they
    # start the next page (the heading row and one row, only where a page holds no more).
    least = _openings(layout, pouring)[-2] if kept == KEPT_ROWS else TABLE_GAP + layout.head + sum(layout.rows[:kept])
    three = TABLE_GAP + layout.head + sum(layout.rows[:KEPT_ROWS])
    one = TABLE_GAP + layout.head + layout.rows[0]
    # A table too short to break (`_openings`) goes whole to the next page where a page holds it: there it starts
    # with its section's heading, `continued`.
    whole = len(layout.rows) < 2 * KEPT_ROWS and least <= flow.box.height
    alone = least if whole else three if three <= flow.box.height else one
    two = TABLE_GAP + layout.head + sum(layout.rows[: KEPT_ROWS - 1])  # where three under `above` fit on no page
    wanted = next(
        (height for height in ((least,) if whole else (least, three, two)) if above + height <= flow.box.height), alone
    )
    # The gap over the heading row gives way before the rows go to the next page: 0.7 mm too few left a large-print
    # page holding the section's heading and intro alone, 55 % blank (review rv78, 5).
    gap = TABLE_GAP if wanted <= flow.room or wanted - TABLE_GAP + TABLE_LEAST_GAP > flow.room else TABLE_LEAST_GAP
    moved = not flow.page_started and wanted - TABLE_GAP + gap > flow.room
    flow.keep(wanted - TABLE_GAP + gap)
    if moved and continued:
        flow.blocks(_continued(continued))
    flow.space(gap)
    footnote = flow.measure(note[0]) + 2.0 if note[1] else 0.0  # the room kept for it on every page of the table
    first = flow.room - layout.head - footnote
    # A step smaller than the section's own heading, which it repeats: at its size it cost a page's last rows.
    over = flow.measure(_continued(continued)) if continued else 0.0
    later = flow.box.height - over - layout.head - footnote
    counts = page_rows(layout.rows, first, later, KEPT_ROWS)
    if pouring.balance:
        counts = _balanced(counts, layout.rows, later)
    counts = _tailed(counts, layout.rows, first if len(counts) == 1 else later, tail)
    index = 0
    for page, count in enumerate(counts):
        if page:
            flow.next_frame()
            flow.blocks(_continued(continued) if continued else [])
        flow.figure(layout.head, partial(_draw_head, table=table, layout=layout))
        for _ in range(count):
            flow.figure(layout.rows[index], partial(_draw_row_of, table=table, layout=layout, index=index))
            index += 1
        if page < len(counts) - 1 and any(index - count <= row < index for row in note[1]):
            flow.space(2.0)
            flow.blocks(note[0])
    flow.space(3.0)


def _tailed(counts: list[int], heights: Sequence[float], room: float, tail: float) -> list[int]:
    """Returns the rows per page `counts` with the last KEPT_ROWS on a page of their own where what follows the table
    (`tail` mm) does not fit under the last page's rows (`room` mm), and the page before keeps KEPT_ROWS: the note for
    the adult stood alone on a last page."""
    if not tail or sum(heights[len(heights) - counts[-1] :]) + tail <= room or counts[-1] < 2 * KEPT_ROWS:
        return counts
    return [*counts[:-1], counts[-1] - KEPT_ROWS, KEPT_ROWS]


def _balanced(counts: list[int], heights: Sequence[float], room: float) -> list[int]:
    """Returns the rows per page `counts` with rows moved from the second last page to the last (`room` mm) until the
    last holds as many as the one before it, or no more fit."""
    counts = list(counts)
    while len(counts) > 1 and counts[-2] - 1 > counts[-1]:
        moved = sum(heights[len(heights) - counts[-1] - 1 :])
        if moved > room + 1e-6:
            break
        counts[-2] -= 1
        counts[-1] += 1
    return counts


# Kept: each pouring a replay tries sets its two tables again, at the same width.
@lru_cache(maxsize=64)
def _layout(
    table: Table, bases: tuple[float, ...], width: float, scale: float, most: tuple[float, ...] = ()
) -> TableLayout:
    """Sets a table with its headings at NOTES_PT, or SMALL_PT when that leaves the stretching column too little; the
    headings after the stretching column (points, running totals: "Total A") each on one line where that leaves it
    enough, and its own heading on one line too where it can be. The stretching column of the analysis, the last,
    runs on under its rows where it is narrower than ANALYSIS_RUN_IN (times the print's scale), from the column of the
    move written (the third): under the move's number it would read as another row. A column is no wider than its
    `most` (mm, 0: as its widest entry)."""
    layout = None
    for whole, own in ((True, True), (True, False), (False, False)):
        for head in (NOTES_PT, SMALL_PT):
            lengths = [set_label((heading,), head * scale, bold=True).width + 2 * AUDIT_HEAD_PAD + SLACK
                       for heading in table.columns]  # fmt: skip
            widened = [
                max(base, length) if whole and k > table.stretch else base
                for k, (length, base) in enumerate(zip(lengths, bases, strict=True))
            ]
            sizes = (head * scale, BODY_PT * scale)
            layout = layout_table(table, widened, width, sizes, run_in=ANALYSIS_RUN_IN * scale, indent=2, most=most)
            # Where those headings stand on one line, the stretching column's too ("New S-O-S lines").
            least = max(AUDIT_LINES_MIN, lengths[table.stretch] if own else 0.0)
            if layout.widths[table.stretch] >= least:
                return layout
    assert layout is not None
    return layout


def _draw_head(document: Document, x: float, top: float, *, table: Table, layout: TableLayout) -> None:
    draw_head(document.canvas, table, layout, x, top)


def _draw_row_of(document: Document, x: float, top: float, *, table: Table, layout: TableLayout, index: int) -> None:
    draw_row(document.canvas, table, layout, index, x, top)


def _turning(flow: Flow, plan: ReplayPlan, turning: TurningPoint, layout: Gallery) -> None:
    """Places the turning point: the board the move left beside the board the best move would have left (one above
    the other where two fit a row at no cell: `_turning_pair`), after the sentence of why."""
    layout, slot, pair = _turning_pair(layout, turning)
    placed = [layout.layout(figure) for figure in pair]
    if slot:
        placed = [_under_grid(figure, item, layout) for figure, item in zip(pair, placed, strict=True)]
        height = max(item.height for item in placed)
        # The gap over the boards gives way before the section goes to the next page: 1.5 mm too few left a Letter
        # page 60 % blank under the game's last row (issue 23, dz100 7).
        room = flow.room - _opening(flow, plan.turning_heading, turning.why) - height
        gap = ROW_LEAST_GAP if ROW_LEAST_GAP <= room < ROW_GAP else ROW_GAP
        _section(flow, plan.turning_heading, turning.why, gap + height)
        flow.space(gap)
        flow.figure(height, partial(_draw_row, figures=pair, layouts=placed, slot=slot, body=layout.body))
        return
    # One above the other: both on one page whenever a page holds them, so that the class can compare them.
    both = ROW_GAP + placed[0].height + ROW_GAP + placed[1].height
    _section(flow, plan.turning_heading, turning.why, both, ROW_GAP + placed[0].height)
    for figure, item in zip(pair, placed, strict=True):
        flow.space(ROW_GAP)
        flow.figure(item.height, partial(draw_figure, figure=figure, layout=item, body=layout.body))


def _turning_start(flow: Flow, plan: ReplayPlan, layout: Gallery) -> float:
    """Returns the height (mm) the turning point keeps together to start: its heading, its sentence of why and its
    first row of boards."""
    assert plan.turning is not None
    layout, slot, pair = _turning_pair(layout, plan.turning)
    placed = [layout.layout(figure) for figure in pair]
    if slot:
        first = max(_under_grid(figure, item, layout).height for figure, item in zip(pair, placed, strict=True))
    else:
        first = placed[0].height
    return _opening(flow, plan.turning_heading, plan.turning.why) + ROW_GAP + first


def _turning_pair(layout: Gallery, turning: TurningPoint) -> tuple[Gallery, float, list[ExampleFigure]]:
    """Returns the layout of the turning point's two boards, the width (mm) of each of their columns where they stand
    side by side (else 0: one above the other) and the two as drawn: in the gallery's layout where two fit a row
    (`_pair_slot`), else two a row at the largest cell where two fit (`_pair_cell`), else one above the other. One a
    row at large print's 13 mm, the board the move left stood at the foot of a page and the best move's at the top of
    the next, on 7 x 7 and 8 x 8, and the class could not compare them (issue 23, rp43 B4)."""
    pair = [layout.shown(turning.played), layout.shown(turning.better)]
    slot = _pair_slot(layout)
    if slot:
        return layout, slot, pair
    two = _pair_cell(layout, pair)
    if two.columns == 1:
        return layout, 0.0, pair
    return two, two.slot, [_numbered(two, figure) for figure in pair]


def _numbered(layout: Gallery, figure: ExampleFigure) -> ExampleFigure:
    """Returns the figure without its move numbers where, under them, the letters of the layout and the frame of the
    move would not stand clear of their cells' lower lines (`frame_room`), as the players' boards carry none: in 10
    mm cells (8 x 8 in large print) 18 pt letters stood on those lines, their white ground cut them, the frame of the
    move crossed them, and a 13.5 pt number, half a cell wide, stood on every path a new S-O-S takes up its cell,
    which it hid (issue 23, rp43 B4). The caption names the move and its frame marks it."""
    style = layout.style
    if frame_room(style.cell, style.letter_pt, style.number_pt) >= 0.0:
        return figure
    return replace(figure, grid=replace(figure.grid, numbers=()))


def _pair_slot(layout: Gallery) -> float:
    """Returns the width (mm) of each of the turning point's two columns where its boards stand side by side: the
    gallery's two columns, or, where it has one, half its width if a board fits there (large print's boards with
    their captions beside them); else 0: one above the other."""
    if layout.columns == 2:
        return layout.slot
    half = (layout.slot - GAP) / 2
    return half if layout.diagram_width <= half else 0.0


def paired(layout: Gallery, scorers: Sequence[ExampleFigure] = (), width: float = 0.0) -> Gallery:
    """Returns the layout of the players' boards of who made each S-O-S (`scorers`): the gallery's, or where it stands
    one board a row with its caption beside it, two a row with their titles under them, at the gallery's cell where
    two fit (`_pair_slot`), else at the largest that does (`_pair_cell`), so that a class compares them side by
    side; a lone board (one player scored) in a gallery of two columns with its title beside it, across the frame
    (`width` mm), where the second column would stand empty: under the summary, its title under it made 05 in large
    print on Letter miss page 1 by a few millimetres (issue 23, rp42)."""
    if len(scorers) == 1 and layout.columns == 2 and width - layout.diagram_width - GAP >= MIN_TEXT_COLUMN:
        return replace(layout, columns=1, slot=width, beside=True, wrap=False)
    if layout.columns == 2:
        return layout
    slot = _pair_slot(layout)
    if slot:
        return replace(layout, columns=2, slot=slot, beside=False)
    return _pair_cell(layout, scorers) if len(scorers) > 1 else layout


def _pair_cell(layout: Gallery, figures: Sequence[ExampleFigure]) -> Gallery:
    """Returns boards compared side by side (the players', the turning point's) two a row at the largest cell (by half
    millimetres, not below normal print's REPLAY_CELL for the board size) where two fit the gallery's width, else the
    gallery's layout. The players' boards carry no move number, so 18 pt letters stand clear in a cell of 10 mm
    (the turning point's leave theirs out where they would not: `_numbered`): at large print's 13 mm, one a row, the
    two boards of an 8 x 8 game fell on two pages, which a class could not compare (issue 23, rp42 decision 3)."""
    half = (layout.slot - GAP) / 2
    scale = layout.body / BODY_PT
    grids = [replace(figure.grid, named=False) for figure in figures]
    for cell in _cells_down(layout.style.cell, REPLAY_CELL[layout.size])[1:]:
        two = _gallery(grids, layout.size, 2, half, cell, False, scale)
        if two.diagram_width <= half:
            return two
    return layout


def _cells_down(largest: float, least: float) -> list[float]:
    """Returns the cells (mm) tried for a layout, from `largest` down by half millimetres to `least`."""
    return [largest - 0.5 * k for k in range(int((largest - least) / 0.5 + 1e-6) + 1)]


def _under_grid(figure: ExampleFigure, placed: FigureLayout, layout: Gallery) -> FigureLayout:
    """Returns a figure's layout with its caption under its own board, from its row labels to the grid's right edge,
    as every move's caption starts: the turning point's two captions side by side, each across its whole column, read
    as one ("Move 4: C wrote S in A3 Best: S in A4", issue 23); under their boards they stand as far apart as the
    boards do. Set from the grid's edge, they stood a label's width right of the captions above (review rv61, 7)."""
    side = layout.style.cell * layout.size
    # Under the grid's labels, as the gallery's two columns set it, where the gallery sets captions beside.
    under = layout.margins.top + side + layout.margins.bottom + GAP if layout.beside else placed.text_y
    width = layout.margins.left + side
    height = under + text_height(figure, width, layout.body) + 2.0
    return replace(placed, text_x=0.0, text_y=under, text_width=width, height=max(placed.diagram_height, height))


def fit_header(options: PrintOptions, header: GameHeader) -> None:
    """Lays out the replay's header strip in each language of the options as its pages have it, so that a class name
    or a date it cannot hold is refused (StripTextError) before the game is weighed: the refusal of the language
    whose strip holds the least, so that the limit it says holds for the whole document."""
    scale = scale_of(options.large_print)
    width = Box(0, 0, *options.paper.size_mm).inset(MARGIN).width
    refusals = []
    for lang in options.language.codes:
        group = replay_group(header, Words(lang))
        room = group_room([(group,) if group else ()], scale)
        try:
            layout_strip(replay_strip(options, lang, header), width, room, scale)
        except StripTextError as error:
            refusals.append(error)
    if refusals:  # the class name first, as the strip is laid out
        raise min(refusals, key=lambda error: (error.what != "class name", error.most))


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
        joined(options, "replay.subject", first=game.example.variant.first_sos_wins),
        kind="replay",
    )
    plans = [replay_plan(options, lang, game, moves, every) for lang in options.language.codes]
    codes, starts = options.language.codes, list[int]()

    def elsewhere(index: int) -> Elsewhere:
        def lines(pages: int) -> tuple[str, ...]:
            spans = [(first, last) for _, first, last in language_parts(options, starts, pages)]
            return part_pointers(codes, spans)[index]

        return lines

    layout = None  # the first language's: both languages' diagrams alike
    for done, plan in enumerate(plans, start=1):
        starts.append(document.pages + 1)
        lines = elsewhere(done - 1) if len(plans) > 1 else None
        layout = render_replay(
            document, plan, large_print=options.large_print, layout=layout, plans=plans, elsewhere=lines
        )
        if progress:
            progress("replay", done, len(plans))
    return finished(document, language_parts(options, starts, document.pages))
