"""Draws the children's puzzle sheets: the header strip, a reminder of the gifts, each puzzle with its board,
its question, whose turn it is and a box for the answer, and the sheet's identifier at the foot.

Each sheet starts on a new page. Its puzzles are set in rows of one or two, in the order of the
sheet (fewer empty cells first, each kind in its places); the layout takes the largest diagram cell, from
PUZZLE_CELL down to PUZZLE_MIN_CELL, and the number of columns that print the sheet on the fewest pages; it sets
the sheet closer (TIGHT) only where that saves a page. A sheet of several pages holds as many puzzles on each,
where a page's odd puzzle alone in its row allows (`_balanced`).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from functools import lru_cache

from reportlab.pdfgen.canvas import Canvas

from sos_print.documents.common import Progress, Rendered, finished, joined, new_document
from sos_print.documents.figures import DiagramStyle, diagram_margins, draw_diagram
from sos_print.engine.errors import a_board
from sos_print.engine.frozen import frozen, replace
from sos_print.engine.puzzles import Sheet
from sos_print.engine.roster import NameFitError
from sos_print.pdf.document import Document
from sos_print.pdf.draw import (
    CAP_HEIGHT,
    SetLabel,
    draw_box,
    draw_centred,
    draw_group,
    draw_name,
    draw_rule_line,
    draw_set_label,
    draw_star,
    draw_strip,
    group_room,
    layout_strip,
    name_height,
    per_line,
    set_label,
    set_name,
)
from sos_print.pdf.fonts import REGULAR
from sos_print.pdf.textflow import Line, draw_lines, set_lines, width_of
from sos_print.plans.grids import GridPlan
from sos_print.plans.layout import (
    ANSWER_BOX_HEIGHT,
    ANSWER_CELL_BOXES,
    ANSWER_GAP,
    ANSWER_LETTER_BOX,
    BODY_PT,
    CAPTION_GREY,
    FOOT_WORKING_LEAST_CELL,
    FOOTER_GAP,
    HEADING_PT,
    LARGE_PRINT,
    LEADING,
    MARGIN,
    MM,
    NAME_LINE,
    PATTERN_CELL,
    PATTERN_GUTTER,
    PUZZLE_CELL,
    PUZZLE_GAP,
    PUZZLE_LARGE_MIN_CELL,
    PUZZLE_LARGE_SAVING_CELL,
    PUZZLE_MIN_CELL,
    REMINDER_GAP,
    SECOND_LANGUAGE_GREY,
    SMALL_PT,
    TITLE_PT,
    TYPE_SCALE,
    Box,
    LayoutError,
    scale_of,
    second_language,
)
from sos_print.plans.options import PrintOptions
from sos_print.plans.words import Label
from sos_print.plans.worksheets import PuzzleFigure, Rich, SheetPlan, class_children, run_on, sheet_plan

COLUMN_GAP = 5.0
NUMBER_INDENT = 6.0  # the puzzle's number hangs in this margin, its words start after it (mm, times the scale)
PAD = 3.0  # inside the reminder's frame (mm)
MAX_SPREAD = 10.0  # at most this much room is added between two rows of puzzles (mm)
BAND = 30.0  # mm: a page but the last left with a blank band taller than this loses to a layout that fills it
HEADER_GAP = 2.0  # under the title, or under the name field set under it (mm)
NAME_GAP = 2.0  # over and under the name field set under the title (mm)
WORKING_GAP = 6.0  # at least between two rows of the working page's blank grids (mm)
MAX_WORKING_GAP = 20.0  # at most that: the rows spread down the page no further (mm)
FOOT_WORKING_GAP = 3.0  # under the working space's line at the foot of a page of puzzles, over its blank grids (mm)
NOTE_GAP = 1.0  # under the line on dashed lines at the top of a later page, as under each part of the reminder (mm)


class Answers(enum.Enum):
    """Names where a puzzle's words and answer boxes go around its diagram."""

    STACKED = "stacked"  # the words over the diagram, the boxes beside it each after its word
    UNDER = "under"  # the words over the diagram, the boxes in a row under it: a column as narrow as the diagram
    SIDE = "side"  # the words over the diagram, the boxes beside it each under its word
    # As UNDER, the diagram under the number's margin rather than under the words: two columns where the words' margin
    # left room for one (a large-print two-language 5 x 5 sheet took a page a puzzle, review rv52 B1).
    FLUSH = "flush"
    # As SIDE, the diagram under the number's margin: two rows of large-print 4 x 4 puzzles a page, where the boxes
    # under the boards set one, and a sheet of twelve took six pages (issue 23, dz100 3).
    FLUSH_SIDE = "flush side"


ROWED = (Answers.UNDER, Answers.FLUSH)  # the answer boxes in a row under the diagram
FLUSHED = (Answers.FLUSH, Answers.FLUSH_SIDE)  # the diagram under the number's margin
SIDED = (Answers.SIDE, Answers.FLUSH_SIDE)  # the answer boxes beside the diagram, each under its word


@frozen
class Spacing:
    """Holds the room (mm) a sheet leaves between its parts, and how much it takes from the top and bottom margins."""

    rows: float = PUZZLE_GAP  # between two rows of puzzles
    reminder: float = REMINDER_GAP  # under the reminder, or under the name on a later page
    words: float = 2.0  # between a puzzle's question and turn and its diagram
    pad: float = PAD  # inside the reminder's frame
    trim: float = 0.0  # taken from the top margin and from the bottom one


# A sheet that the usual room spills onto a page more is set closer, where that saves the page: a Letter sheet of six
# 4 x 4 puzzles, 17.6 mm shorter than A4, fits one page as on A4 with its 10 mm cells (issue 23). Its marks stay
# 12 mm from the paper's edge.
TIGHT = Spacing(rows=2.0, reminder=2.0, words=1.0, pad=2.0, trim=2.4)


# Among layouts that print a sheet on as many pages, with as large cells, the first of these is taken: each box under
# its word first, as every language and notation has room for (after their words in English and en+fr, under them in
# fr+en and L1C1, the boxes sent a class looking for the answer in two places: review dz89, 1).
PREFERRED = (Answers.SIDE, Answers.STACKED, Answers.UNDER, Answers.FLUSH, Answers.FLUSH_SIDE)


@frozen
class SheetLayout:
    """Holds how a sheet's puzzles are set: columns, the diagram's style, each row's size, the rows of each page."""

    columns: int
    style: DiagramStyle
    width: float  # of a puzzle block (mm)
    words: tuple[float, ...]  # each row's question and turn: the tallest of its puzzles', so its boards share a top
    heights: tuple[float, ...]  # each row's height (mm)
    # The rows on each page: on the first, under the whole reminder (none if it leaves them no room: a puzzle goes to
    # the next page, never a part of the reminder, issue 23, review rv44 B3).
    pages: tuple[int, ...]
    answers: Answers = Answers.STACKED
    spacing: Spacing = Spacing()
    # The puzzles in each row: `columns` each (none given), or a page's last row of one, in its first column
    # (`_balanced`).
    counts: tuple[int, ...] = ()

    def row_counts(self, puzzles: int) -> tuple[int, ...]:
        """Returns the puzzles in each row of a sheet of `puzzles`."""
        if self.counts:
            return self.counts
        return tuple(min(self.columns, puzzles - first) for first in range(0, puzzles, self.columns))


def other_size(size: float) -> float:
    """Returns the size a sheet's other languages are set at under words of `size`: as `second_language` says in
    normal print, and in large print that size times LARGE_PRINT, as --large-print promises every word (the French of
    an en+fr sheet was 1.25 times its normal size, issue 23). A size alone says which scale it is on."""
    if any(abs(size - step) < 1e-6 for step in TYPE_SCALE):
        return second_language(size)
    return second_language(size / LARGE_PRINT) * LARGE_PRINT


@lru_cache(maxsize=1024)
def set_words(label: Label, size: float, width: float = 10_000.0, bold: bool = False, indent: float = 0.0) -> SetLabel:
    """Sets `label` as `set_label` does, its other languages at `other_size`."""
    parts = [set_label(label[:1], size, width, bold, indent).parts[0]] if label else []
    parts += [set_label((text,), other_size(size), width, bold).parts[0] for text in label[1:]]
    return SetLabel(tuple(parts))


def draw_words(
    canvas: Canvas,
    label: Label,
    x: float,
    top: float,
    size: float,
    *,
    width: float = 10_000.0,
    bold: bool = False,
    align: str = "left",
) -> float:
    """Sets and draws `label` with its top at `top` mm, its other languages at `other_size`; returns the bottom."""
    return draw_set_label(canvas, set_words(label, size, width, bold), x, top, align)


def set_rich(text: Rich, size: float, width: float, indent: float = 0.0) -> list[tuple[tuple[Line, ...], float]]:
    """Sets a styled phrase `width` mm wide: the first language at `size`, its first line `indent` mm narrower, the
    others at `other_size`."""
    first, *others = text
    return [(set_lines(first, width, size, indent), size)] + [
        (set_lines(runs, width, other_size(size)), other_size(size)) for runs in others
    ]


def rich_height(text: Rich, size: float, width: float, indent: float = 0.0) -> float:
    """Returns the height (mm) of a styled phrase set `width` mm wide, its first line `indent` mm narrower."""
    return sum(len(lines) * part * LEADING for lines, part in set_rich(text, size, width, indent)) / MM


def draw_rich(
    canvas: Canvas, text: Rich, x: float, top: float, size: float, width: float, indent: float = 0.0
) -> float:
    """Draws a styled phrase with its top at `top` mm, its first line `indent` mm along, the other languages grey;
    returns the bottom."""
    for n, (lines, part) in enumerate(set_rich(text, size, width, indent)):
        canvas.setFillGray(0 if n == 0 else SECOND_LANGUAGE_GREY)
        if n == 0 and indent:
            draw_lines(canvas, lines[:1], x + indent, top, part, part * LEADING)
            draw_lines(canvas, lines[1:], x, top - part * LEADING / MM, part, part * LEADING)
        else:
            draw_lines(canvas, lines, x, top, part, part * LEADING)
        top -= len(lines) * part * LEADING / MM
    canvas.setFillGray(0)
    return top


# --- measuring -------------------------------------------------------------------------------


def _header_height(plan: SheetPlan, box: Box, scale: float, noted: bool = False) -> float:
    """Returns the height (mm) of a page's header: the strip, the title (or, if `noted`, the line on dashed lines in
    its place) and the name field."""
    strip = layout_strip(plan.strip, box.width, group_room([plan.sheet_label], scale), scale)
    below = _noted_below(plan, box, scale) if noted else _name_below(plan, box, scale)
    if noted:
        title = rich_height(plan.struck, BODY_PT * scale, _note_width(plan, box, scale, below))
    else:
        title = set_words(plan.title, TITLE_PT * scale, box.width, bold=True).height
    return strip.height + title + (_name_room(scale) if below else 0.0) + HEADER_GAP


def _name_room(scale: float) -> float:
    """Returns the height (mm) the name field takes under the title: a gap, its line, the gap under that.

    The header was measured 2 mm shorter than it is drawn, so a page whose name field goes under its title (a long
    class name, large print, a second language) let its last row reach the sheet's code (issue 23, review rv44 B1)."""
    return NAME_GAP + BODY_PT * scale * LEADING / MM + NAME_GAP


def _noted_below(plan: SheetPlan, box: Box, scale: float) -> bool:
    """Tells whether the name field goes under the line on dashed lines set in the title's place: as under the title,
    or where beside the name that line wraps to more than it and the name's line take."""
    if _name_below(plan, box, scale):
        return True
    body = BODY_PT * scale
    beside = rich_height(plan.struck, body, _note_width(plan, box, scale, False))
    return rich_height(plan.struck, body, box.width) + _name_room(scale) < beside


def _note_width(plan: SheetPlan, box: Box, scale: float, below: bool) -> float:
    """Returns the width (mm) of the line on dashed lines set in the title's place: the page's, or beside the name."""
    return box.width if below else box.width - _name_line(plan, box, scale) - _name_width(plan, scale) + NAME_LINE


def _name_width(plan: SheetPlan, scale: float) -> float:
    return width_of(plan.name_caption + " ", REGULAR, BODY_PT * scale) / MM + NAME_LINE + 6.0


def _name_below(plan: SheetPlan, box: Box, scale: float) -> bool:
    """Tells whether the name field goes under the title: the title is too wide to share its line, or the child's
    name printed there would not fit beside it at its caption's size.

    Beside the title, a name that fitted a size down was printed smaller than "Name" in large print (issue 23, rv44
    C6): under it, the whole width holds it at that size, or, a long name, a size down as before."""
    if plan.name_under:
        return True
    if set_words(plan.title[:1], TITLE_PT * scale, bold=True).width > box.width - _name_width(plan, scale):
        return True
    if not plan.child:
        return False
    beside = _fitted_child(plan, _beside_line(plan, box, scale), scale)
    return beside is None or beside.parts[0][1] < BODY_PT * scale


def _beside_line(plan: SheetPlan, box: Box, scale: float) -> float:
    """Returns the length (mm) of the name's line beside the title: NAME_LINE, or for a child's name printed there,
    all the room the title leaves."""
    if not plan.child:
        return NAME_LINE
    title = set_words(plan.title[:1], TITLE_PT * scale, bold=True).width
    return max(NAME_LINE, box.width - title - _name_width(plan, scale) + NAME_LINE)


def _name_line(plan: SheetPlan, box: Box, scale: float) -> float:
    """Returns the length (mm) of the name's line: beside the title, or under it, where a child's name printed there
    takes the page's width."""
    if not _name_below(plan, box, scale):
        return _beside_line(plan, box, scale)
    return box.width - _name_width(plan, scale) + NAME_LINE if plan.child else NAME_LINE


def _fitted_child(plan: SheetPlan, line: float, scale: float) -> SetLabel | None:
    return set_name(plan.child, line - 2.0, name_height(BODY_PT * scale, 1), scale, 1)


def _reminder_parts(plan: SheetPlan) -> tuple[Rich, ...]:
    """Returns the reminder's parts in order: what a gift is (beside the gifts pictured), then the rest."""
    return (plan.gift, *plan.reminders)


def _starred(plan: SheetPlan, k: int) -> bool:
    """Tells whether the reminder's part `k` (`_reminder_parts`) opens with the challenges' star: what "best" means,
    on a sheet whose challenges carry it (it said "A star" beside no star: French read fr47, 3b)."""
    return plan.starred >= 0 and k == plan.starred + 1


def _reminder_height(plan: SheetPlan, width: float, scale: float, pad: float = PAD) -> float:
    """Returns the height (mm) of the framed reminder, the gifts pictured beside its first part, `pad` mm inside its
    frame."""
    text = width - 2 * pad - _patterns_width(scale) - PATTERN_GUTTER
    body = BODY_PT * scale
    words = sum(
        rich_height(part, body, text, _star_room(body) * _starred(plan, k)) + 1.0
        for k, part in enumerate(_reminder_parts(plan))
    )
    return max(words, _patterns_height(plan, scale)) + 2 * pad


def _patterns_width(scale: float) -> float:
    return 3 * PATTERN_CELL * scale


def _patterns_height(plan: SheetPlan, scale: float) -> float:
    return len(plan.patterns) * PATTERN_CELL * scale * 1.5


def _footer_height(scale: float) -> float:
    """Returns the room (mm) kept at the foot of every page for the sheet's code and page number, and the gap that
    keeps them clear of the last row's coordinates."""
    return SMALL_PT * scale * LEADING / MM + FOOTER_GAP


def _answer_size(plan: SheetPlan, scale: float) -> tuple[float, float]:
    """Returns the width and height (mm) of the answer area: the letter's box over the cell's, each after its word."""
    body = BODY_PT * scale
    label = max(set_words(text, body).width for text in (plan.answer_letter, plan.answer_cell)) + 2.0
    boxes = max(plan.cell_box, ANSWER_LETTER_BOX) * scale
    return label + boxes, 2 * ANSWER_BOX_HEIGHT * scale + 2.0


def _answer_row_size(plan: SheetPlan, scale: float) -> tuple[float, float]:
    """Returns the width and height (mm) of the answer area set in one row: each box after its word."""
    body = BODY_PT * scale
    boxes = [(plan.answer_letter, ANSWER_LETTER_BOX), (plan.answer_cell, plan.cell_box)]
    width = sum(set_words(text, body).width + 2.0 + box * scale for text, box in boxes) + ANSWER_GAP * scale
    return width, ANSWER_BOX_HEIGHT * scale


def _indent(plan: SheetPlan, scale: float) -> float:
    """Returns the margin the puzzles' numbers hang in: room for the widest ("12.") and a space."""
    widest = set_words((f"{len(plan.puzzles)}.",), BODY_PT * scale, bold=True).width
    return max(NUMBER_INDENT * scale, widest + 1.5 * scale)


def _words_height(figures: Sequence[PuzzleFigure], width: float, scale: float) -> float:
    """Returns the height (mm) of the tallest question and turn line of `figures`, set `width` mm wide."""
    body = BODY_PT * scale
    return max(
        _set_question(figure, body, width)[0].height + _set_turn(figure, body, width).height for figure in figures
    )


def _side_size(plan: SheetPlan, scale: float) -> tuple[float, float]:
    """Returns the width and height (mm) of the answer boxes set beside a diagram each under its word."""
    body = BODY_PT * scale
    words = [set_words(text, body) for text in (plan.answer_letter, plan.answer_cell)]
    boxes = (ANSWER_LETTER_BOX * scale, plan.cell_box * scale)
    width = max(*(word.width for word in words), *boxes)
    return width, sum(word.height for word in words) + 2 * (1.0 + ANSWER_BOX_HEIGHT * scale) + 2.0


def _set_turn(figure: PuzzleFigure, body: float, width: float) -> SetLabel:
    """Sets whose turn it is and how many answers there are, `width` mm wide, language by language: on one line where
    they fit; else the count on a line of its own where it fits one ("There are 2 answers: / write one." broke the
    count, review dz100 8); else run on, as the count alone would take more lines."""
    texts = tuple(f"{turn} {count}" for turn, count in zip(figure.turn, figure.count, strict=True))
    whole, turn, count = (set_words(label, body, width) for label in (texts, figure.turn, figure.count))
    parts = []
    for one, (seat, size), (said, _) in zip(whole.parts, turn.parts, count.parts, strict=True):
        parts.append(one if len(one[0]) == 1 or len(said) > 1 else ((*seat, *said), size))
    return SetLabel(tuple(parts))


def _star_room(body: float) -> float:
    """Returns the room (mm) a challenge's star takes at the start of its question's first line, with a space."""
    return 2 * _star_radius(body) + 0.5 * body / MM


def _star_radius(body: float) -> float:
    return body / MM * 0.45


def _set_question(figure: PuzzleFigure, body: float, width: float) -> tuple[SetLabel, float]:
    """Sets a puzzle's question `width` mm wide, in bold; a challenge's first line is shortened to make room for its
    star. Returns the set question and how far its first line is moved along."""
    room = _star_room(body) if figure.challenge else 0.0
    return set_words(figure.question, body, width, bold=True, indent=room), room


def _draw_question(canvas: Canvas, figure: PuzzleFigure, x: float, top: float, body: float, width: float) -> float:
    """Draws a puzzle's question with its top at `top` mm, a challenge's first line after the star's room; returns
    the bottom."""
    question, room = _set_question(figure, body, width)
    (lines, size), *others = question.parts
    draw_lines(canvas, lines[:1], x + room, top, size, size * LEADING)
    top = draw_set_label(canvas, SetLabel(((lines[1:], size),)), x, top - size * LEADING / MM)
    # The other languages grey, as every other word of theirs: a question of one line left the second language first
    # in the label drawn after it, and so black (review des41, C6).
    canvas.setFillGray(SECOND_LANGUAGE_GREY)
    for other, other_size in others:
        draw_lines(canvas, other, x, top, other_size, other_size * LEADING)
        top -= len(other) * other_size * LEADING / MM
    canvas.setFillGray(0)
    return top


def _cells(scale: float, least: float) -> list[float]:
    """Returns the diagram cells a sheet's layout tries, largest first (mm): 1 mm apart, never under `least`."""
    largest = PUZZLE_CELL * scale
    steps = int(largest - least)
    return [largest - step for step in range(steps)] + [least]


def _least_cell(plan: SheetPlan, box: Box, scale: float) -> float:
    """Returns the smallest cell (mm) the sheet's boards may take: in large print, never smaller than the same sheet's
    in normal print (where its sentence on dashed lines goes as there: `_told_struck`), nor than PUZZLE_LARGE_MIN_CELL
    (a large letter keeps clear of its cell's sides)."""
    if scale == 1.0:
        return PUZZLE_MIN_CELL
    normal = _told_struck(plan, box, 1.0)[1]
    return max(PUZZLE_LARGE_MIN_CELL, normal.style.cell if normal is not None else PUZZLE_MIN_CELL)


def sheet_layout(plan: SheetPlan, box: Box, scale: float, least: float | None = None) -> SheetLayout | None:
    """Returns the layout that prints the sheet on the fewest pages, in two columns, with the largest cells, none
    under `least` mm (`_least_cell` if not given); None if none fits.

    Each row is as tall as its own puzzles need: a question that wraps makes its row taller, not every row of the
    sheet, and both boards of a row start level under the taller question.
    """
    found: list[tuple[tuple[int, bool, bool, bool, bool, int, bool, bool, float, int], SheetLayout]] = []
    least = _least_cell(plan, box, scale) if least is None else least
    for spacing in (Spacing(), TIGHT):
        page = _page_box(box, spacing)
        room = page.height - _header_height(plan, page, scale) - _footer_height(scale) - spacing.reminder
        # A later page says what dashed lines are in its title's place; the first, where its reminder does not, over
        # its rows.
        later = room + _header_height(plan, page, scale) - _header_height(plan, page, scale, bool(plan.struck))
        room = room if plan.told else room - _note_height(plan, page.width, scale)
        first = room - _reminder_height(plan, page.width, scale, pad=spacing.pad)  # under the whole reminder
        if first < 0:  # the reminder alone overflows the first page: it ran over the sheet's code
            continue
        for columns in (2, 1):
            width = (page.width - (columns - 1) * COLUMN_GAP) / columns
            rows = [plan.puzzles[k : k + columns] for k in range(0, len(plan.puzzles), columns)]
            words = tuple(_words_height(row, _words_width(plan, width, scale), scale) for row in rows)
            # Large print enlarges the cells' letters, and its cells are never smaller than normal print's.
            for cell in _cells(scale, least):
                style = DiagramStyle(
                    cell,
                    HEADING_PT * scale,
                    BODY_PT * scale,
                    SMALL_PT * scale,
                    SMALL_PT * scale,
                    names_clear=scale > 1.0,
                    dashes=scale,
                )
                for answers in _placements(plan, style, width, scale):
                    under = _under_words(plan, style, answers, scale)
                    heights = tuple(_stacked(height, spacing.words, under) for height in words)
                    pages = _paginate(heights, (first,), later, spacing.rows)
                    if pages is None:
                        continue
                    layout = SheetLayout(columns, style, width, words, heights, pages, answers, spacing)
                    # A sheet on two pages or more whose pages hold their puzzles unevenly (four and two: a page half
                    # white) is set evenly where a page's last puzzle alone in its row lets it (`_balanced`).
                    lopsided = _uneven(layout, len(plan.puzzles))
                    even = _balanced(plan, layout, first, later, scale) if lopsided else None
                    flush = answers in FLUSHED  # only where it saves a page, a blank band or a column
                    tight = spacing == TIGHT  # only where it saves a page, or the reminder alone on the first
                    for laid in (layout, even):
                        if laid is None:
                            continue
                        lone = laid.pages[0] == 0  # a first page holding the reminder alone
                        uneven = _uneven(laid, len(plan.puzzles))
                        band = _banded(laid, first, later)
                        bare = _bare(plan, laid, first, later, page.width, scale)
                        key = (
                            len(pages),
                            lone,
                            uneven,
                            bare,
                            tight,
                            -columns,
                            band,
                            flush,
                            -cell,
                            PREFERRED.index(answers),
                        )
                        found.append((key, laid))
    return min(found, key=lambda item: item[0])[1] if found else None


def _banded(layout: SheetLayout, first: float, room: float) -> bool:
    """Tells whether a page of `layout` but the last ends in a blank band taller than BAND: its first page has
    `first` mm for its rows, the others `room`."""
    return any(
        _band(room if k else first, layout.heights, sum(layout.pages[:k]), count, layout.spacing.rows) > BAND
        for k, count in enumerate(layout.pages[:-1])
    )


def _bare(plan: SheetPlan, layout: SheetLayout, first: float, room: float, width: float, scale: float) -> bool:
    """Tells whether a page of `layout` but the last ends in a blank band (`_banded`) that no working space's grids
    fill (`_foot_working`): tight spacing that lets them fill it wins over the usual spacing that leaves the pages
    of a large-print sheet a third white (review rv70, 3)."""
    for k, count in enumerate(layout.pages[:-1]):
        rows = (room if k else first, layout.heights, sum(layout.pages[:k]), count, layout.spacing.rows)
        if _band(*rows) > BAND and _foot_working(plan, layout, width, _spare(*rows), scale) is None:
            return True
    return False


def _uneven(layout: SheetLayout, puzzles: int) -> bool:
    """Tells whether a layout of two pages or more puts more puzzles on one page than on another by two or more."""
    counts = layout.row_counts(puzzles)
    held, start = [], 0
    for rows in layout.pages:
        held.append(sum(counts[start : start + rows]))
        start += rows
    return len(held) > 1 and max(held) - min(held) > 1


def _balanced(plan: SheetPlan, layout: SheetLayout, first: float, later: float, scale: float) -> SheetLayout | None:
    """Returns `layout`, a two-column one, on as many pages holding as many puzzles each (one more on the first
    pages where they do not share out evenly): each page's puzzles two a row, and an odd one last, alone in its row
    and set as in a row of two; None if a page's rows do not fit its room, `first` mm on the first, under the whole
    reminder, `later` mm on the others, or for a layout of one column or of one page.

    Five 5 x 5 puzzles filled the first page and the sixth half filled the second; the 6 x 6 sheet held two under the
    reminder and four on the second page, a third of the first white (issue 23, review des38 A5)."""
    pages, puzzles = len(layout.pages), len(plan.puzzles)
    if layout.columns != 2 or pages < 2:
        return None
    style, spacing = layout.style, layout.spacing
    held = [puzzles // pages + (1 if page < puzzles % pages else 0) for page in range(pages)]
    counts: list[int] = []
    for count in held:
        counts += [2] * (count // 2) + [1] * (count % 2)
    measure = _words_width(plan, layout.width, scale)
    words: list[float] = []
    heights: list[float] = []
    start = 0
    for count in counts:  # a puzzle alone in its row set as in a row of two, in its first column
        row = plan.puzzles[start : start + count]
        start += count
        words.append(_words_height(row, measure, scale))
        heights.append(_row_height(plan, style, layout.answers, words[-1], scale, spacing.words))
    rows = tuple(count // 2 + count % 2 for count in held)
    # The whole reminder over the first page's rows: scoring again, over the second page's, went unread on the first
    # (issue 23, review rv44 B3).
    rooms = (first, *[later] * (pages - 1))
    start = 0
    for available, count in zip(rooms, rows, strict=True):
        if sum(heights[start : start + count]) + (count - 1) * spacing.rows > available:
            return None
        start += count
    return replace(layout, words=tuple(words), heights=tuple(heights), pages=rows, counts=tuple(counts))


def _note_height(plan: SheetPlan, width: float, scale: float) -> float:
    """Returns the height (mm) of the line that says what dashed lines are at the top of a sheet's later pages, a
    gap under it; 0 for a sheet whose boards have none."""
    return rich_height(plan.struck, BODY_PT * scale, width) + NOTE_GAP if plan.struck else 0.0


def _page_box(box: Box, spacing: Spacing) -> Box:
    """Returns the page's drawing area within the margins, `spacing`'s trim taken from the top and bottom ones."""
    return Box(box.x, box.y - spacing.trim, box.width, box.height + 2 * spacing.trim)


def _diagram_size(plan: SheetPlan, style: DiagramStyle) -> tuple[float, float]:
    """Returns the width and height (mm) of a puzzle's diagram with its coordinates."""
    grid = plan.puzzles[0].grid
    margins = diagram_margins(grid, style)
    side = grid.size * style.cell
    return margins.left + side + margins.right, margins.top + side + margins.bottom


def _words_width(plan: SheetPlan, width: float, scale: float) -> float:
    """Returns the width (mm) a puzzle `width` mm wide sets its question in, after its number, over the diagram."""
    return width - _indent(plan, scale)


def _placements(plan: SheetPlan, style: DiagramStyle, width: float, scale: float) -> list[Answers]:
    """Returns where the answer boxes of a puzzle `width` mm wide with diagrams of `style` may stand: beside a board
    flush with the number only in large print, where nothing else sets two rows of 4 x 4 puzzles on a page."""
    allowed = [answers for answers in Answers if scale > 1.0 or answers is not Answers.FLUSH_SIDE]
    return [answers for answers in allowed if _needed_width(plan, style, answers, scale) <= width]


def _needed_width(plan: SheetPlan, style: DiagramStyle, answers: Answers, scale: float) -> float:
    """Returns the width (mm) a puzzle takes with diagrams of `style`, its answer boxes where `answers` says."""
    if answers is Answers.FLUSH:
        return max(_diagram_size(plan, style)[0], _answer_row_size(plan, scale)[0])
    diagram = (0.0 if answers in FLUSHED else _indent(plan, scale)) + _diagram_size(plan, style)[0]
    if answers is Answers.UNDER:
        return max(diagram, _answer_row_size(plan, scale)[0])
    boxes = _side_size(plan, scale) if answers in SIDED else _answer_size(plan, scale)
    return diagram + ANSWER_GAP + boxes[0]


def _row_height(
    plan: SheetPlan,
    style: DiagramStyle,
    answers: Answers,
    words: float,
    scale: float,
    gap: float = 2.0,
) -> float:
    """Returns the height (mm) of a row of puzzles whose tallest question and turn are `words` mm tall, `gap` mm over
    the diagram, and its answer boxes where `answers` says."""
    return _stacked(words, gap, _under_words(plan, style, answers, scale))


def _stacked(words: float, gap: float, parts: tuple[float, ...]) -> float:
    """Returns the height (mm) of a row whose words are `words` mm tall, `gap` mm over `parts` (`_under_words`)."""
    height = words + gap
    for part in parts:  # added one by one, in order: the same sum wherever the parts were measured
        height += part
    return height


def _under_words(plan: SheetPlan, style: DiagramStyle, answers: Answers, scale: float) -> tuple[float, ...]:
    """Returns the heights (mm) a row of puzzles stacks under its words: the same for every row of a layout."""
    diagram = _diagram_size(plan, style)[1]
    if answers in ROWED:
        return diagram, 2.0, _answer_row_size(plan, scale)[1]
    # The answer boxes start level with the grid's top, under the coordinates on that side.
    boxes = _side_size(plan, scale) if answers in SIDED else _answer_size(plan, scale)
    return (max(diagram, diagram_margins(plan.puzzles[0].grid, style).top + boxes[1]),)


def _paginate(heights: Sequence[float], rooms: Sequence[float], room: float, gap: float) -> tuple[int, ...] | None:
    """Returns how many rows `heights` mm tall go on each page, `gap` mm between each two: the first pages have `rooms`
    mm (under the reminder: none if its first row does not fit), the others `room`; None if a row never fits."""
    pages: list[int] = []
    available, used, count = rooms[0], 0.0, 0
    for height in heights:
        while used + (gap if count else 0.0) + height > available:
            if not count and pages:  # a row taller than an empty later page
                return None
            pages.append(count)
            available, used, count = rooms[len(pages)] if len(pages) < len(rooms) else room, 0.0, 0
        used += height + (gap if count else 0.0)
        count += 1
    return (*pages, count)


def _band(room: float, heights: Sequence[float], start: int, count: int, gap: float) -> float:
    """Returns the blank band (mm) that `count` rows from row `start` leave at the foot of `room` mm, `gap` mm between
    each two before their gaps are spread."""
    spare = _spare(room, heights, start, count, gap)
    return spare - max(count - 1, 0) * _spread(spare, count)


def _spare(room: float, heights: Sequence[float], start: int, count: int, gap: float) -> float:
    """Returns the room (mm) that `count` rows from row `start` leave of `room` mm, `gap` mm between each two."""
    return room - sum(heights[start : start + count]) - max(count - 1, 0) * gap


def _spread(spare: float, count: int) -> float:
    """Returns the room (mm) added to each gap between `count` rows of a page that leave `spare` mm: up to a limit,
    so that a page does not end in a blank band."""
    return min(max(spare, 0.0) / max(count, 1), MAX_SPREAD)


# --- drawing ---------------------------------------------------------------------------------


def render_sheet(document: Document, plan: SheetPlan, layout: SheetLayout, scale: float, even: bool = False) -> None:
    """Adds one sheet to `document`: its pages, each with the header and footer, the reminder on the first; a working
    page after an odd number of them where the set's sheets are `even`."""
    width, height = document.paper.size_mm
    spacing = layout.spacing
    box = _page_box(Box(0, 0, width, height).inset(MARGIN), spacing)
    pages = page_count(layout, even)
    counts = layout.row_counts(len(plan.puzzles))
    document.bookmark(plan.bookmark)
    start = 0  # the page's first row
    for page, count in enumerate(layout.pages):
        # The child who starts a page reads what the dashed lines on its boards are (review des41, B1): on every later
        # page of a sheet that has them in its title's place (a later page whose boards had none repeated the sheet's
        # big title, and read as a new sheet: review rv48 B3), on the first over its rows where its reminder does not.
        lined = plan.struck and any(plan.puzzles[k].grid.faint for k in _figures(counts, range(start, start + count)))
        top = _draw_header(document.canvas, plan, box, scale, bool(page and plan.struck))
        if not page and lined and not plan.told:
            top = draw_rich(document.canvas, plan.struck, box.x, top, BODY_PT * scale, box.width) - NOTE_GAP
        area = Box(box.x, box.y, box.width, top - box.y)
        if not page:
            top = _draw_reminder(document.canvas, plan, area, scale, pad=spacing.pad)
        # The first row keeps the same gap under the reminder or, on a later page, under the name's rule.
        top -= spacing.reminder
        heights = layout.heights[start : start + count]
        spare = top - box.y - _footer_height(scale) - sum(heights) - (count - 1) * spacing.rows
        working = _foot_working(plan, layout, box.width, spare, scale)
        gap = spacing.rows + (0.0 if working is not None else _spread(spare, count))
        slotted = False  # working space beside a lone puzzle: the foot's grids then go on from it, unheaded
        for row in range(start, start + count):
            first = sum(counts[:row])
            # A page's last puzzle alone in its row (`_balanced`) reads as the others: its number and question over its
            # diagram, its answer boxes where theirs are. Beside its diagram, the child met a board before its number
            # (review des41, B3).
            for column, figure in enumerate(plan.puzzles[first : first + counts[row]]):
                x = box.x + column * (layout.width + COLUMN_GAP)
                _draw_puzzle(document, plan, figure, x, top, layout.words[row], layout, scale)
            # Beside a puzzle alone in its row, its column's slot read as a puzzle missing (review rv52 C1); where grids
            # at the foot follow it, unheaded, its line says so where it fits (the foot's grids read as nobody's: rv77).
            said = plan.working_foot if _slot_working(plan, layout, layout.words[row], scale, plan.working_foot) else ()
            if counts[row] < layout.columns and said:
                x = box.x + counts[row] * (layout.width + COLUMN_GAP)
                _draw_working_slot(document, plan, layout, x, top, layout.words[row], scale, said)
                slotted = True
            top -= layout.heights[row] + gap
        if working is not None:  # a foot a blank board fits: working space, not a blank band (review rv50 C6)
            _draw_working_space(document, plan, layout, working, box, top + gap, scale, headed=not slotted)
        start += count
        _draw_footer(document.canvas, plan, box, scale, page + 1, pages)
        document.end_page()
    if pages > len(layout.pages):
        _draw_working(document, plan, layout, box, scale)
        _draw_footer(document.canvas, plan, box, scale, pages, pages)
        document.end_page()


def page_count(layout: SheetLayout, even: bool) -> int:
    """Returns the pages a sheet takes: its puzzles', and where the set's sheets are `even` a working page after an
    odd number of them."""
    pages = len(layout.pages)
    return pages + pages % 2 if even else pages


def _even(laid: Sequence[tuple[SheetPlan, SheetLayout]]) -> bool:
    """Tells whether a set's sheets each take an even number of pages, so that it prints two-sided: where one of them
    takes several (docs/design.md, puzzle sheets)."""
    return any(len(layout.pages) > 1 for _, layout in laid)


def _draw_working(document: Document, plan: SheetPlan, layout: SheetLayout, box: Box, scale: float) -> None:
    """Draws the working page: the header, its title "Working space" and what it is for, and as many blank grids of
    the sheet's boards, at their cell size, as the page holds, spread over it."""
    top = _draw_header(document.canvas, replace(plan, title=plan.working), box, scale) - layout.spacing.reminder
    top = draw_rich(document.canvas, plan.working_note, box.x, top, BODY_PT * scale, box.width) - WORKING_GAP
    _draw_blanks(document, plan, layout.style, box, top, scale)


def _blank_size(plan: SheetPlan, style: DiagramStyle) -> tuple[float, float]:
    """Returns the width and height (mm) of a blank grid of the sheet's boards in `style`, its coordinates included."""
    assert plan.blank is not None
    margins = diagram_margins(plan.blank, style)
    side = plan.blank.size * style.cell
    return margins.left + side + margins.right, margins.top + side + margins.bottom


def _foot_working(
    plan: SheetPlan, layout: SheetLayout, width: float, spare: float, scale: float
) -> DiagramStyle | None:
    """Returns the style of the blank grids the `spare` mm a page's puzzles leave at its foot hold under the working
    space's line: at the sheet's cell, or the largest smaller one down to FOOT_WORKING_LEAST_CELL (a child writes in
    it by hand; it need not be the printed letters' size); None where even that does not fit (the page's rows are
    then spread over it)."""
    if plan.blank is None or not plan.working_foot:
        return None
    lead = rich_height(plan.working_foot, BODY_PT * scale, width)
    largest = layout.style.cell
    least = min(FOOT_WORKING_LEAST_CELL[scale > 1.0], largest)
    for step in range(int(largest - least + 1e-6) + 1):  # a millimetre at a time, as the sheet's own cells (`_cells`)
        style = replace(layout.style, cell=largest - step)
        if spare >= layout.spacing.rows + lead + FOOT_WORKING_GAP + _blank_size(plan, style)[1]:
            return style
    return None


def _draw_working_space(
    document: Document,
    plan: SheetPlan,
    layout: SheetLayout,
    style: DiagramStyle,
    box: Box,
    top: float,
    scale: float,
    headed: bool = True,
) -> None:
    """Draws, under a page's last row of puzzles (ending `top` mm), the working space: what it is for (unless not
    `headed`), and as many blank grids in `style` as the foot of the page holds."""
    top -= layout.spacing.rows
    # One heading a page: under working space beside a lone puzzle, a second read as another part (rv74, 3); the grids
    # keep their place.
    if headed:
        draw_rich(document.canvas, plan.working_foot, box.x, top, BODY_PT * scale, box.width)
    top -= rich_height(plan.working_foot, BODY_PT * scale, box.width) + FOOT_WORKING_GAP
    # A row of as many grids as the puzzles' columns stands each under a column's board, not spread to the margins
    # (review rv55 C1).
    lefts = [
        _board_x(layout, box.x + k * (layout.width + COLUMN_GAP), _indent(plan, scale)) for k in range(layout.columns)
    ]
    _draw_blanks(document, plan, style, box, top, scale, lefts)


def _slot_working(plan: SheetPlan, layout: SheetLayout, words: float, scale: float, said: Rich) -> bool:
    """Tells whether the working space's line `said` fits where a row's questions stand (`words` mm), over a blank
    grid level with the boards: in the slot a puzzle alone in its row leaves beside it."""
    if plan.blank is None or not said:
        return False
    return rich_height(said, BODY_PT * scale, layout.width - _indent(plan, scale)) <= words


def _draw_working_slot(
    document: Document,
    plan: SheetPlan,
    layout: SheetLayout,
    x: float,
    top: float,
    words: float,
    scale: float,
    said: Rich,
) -> None:
    """Draws working space in a row's empty slot, its top-left corner at (x, top) mm: the line `said` where a
    question stands, and a blank grid of the puzzles' cells where a board stands, `words` mm under the top."""
    indent = _indent(plan, scale)
    draw_rich(document.canvas, said, x + indent, top, BODY_PT * scale, layout.width - indent)
    assert plan.blank is not None
    _draw_board(document, plan.blank, layout.style, _board_x(layout, x, indent), top - words - layout.spacing.words)


def _board_x(layout: SheetLayout, x: float, indent: float) -> float:
    """Returns where (mm) the board of a puzzle whose column starts at `x` starts: under its words, `indent` mm in,
    or under its number where `layout` sets the boards flush."""
    return x if layout.answers in FLUSHED else x + indent


def _draw_blanks(
    document: Document,
    plan: SheetPlan,
    style: DiagramStyle,
    box: Box,
    top: float,
    scale: float,
    lefts: Sequence[float] = (),
) -> None:
    """Draws as many blank grids of the sheet's boards, in `style`, as the page holds under `top` mm, over its
    footer, spread over that room; a row of as many as `lefts` with their left edges there, of more from the first
    of `lefts` where they fit."""
    assert plan.blank is not None
    width, height = _blank_size(plan, style)
    room = top - box.y - _footer_height(scale)
    columns = max(1, int((box.width + COLUMN_GAP) // (width + COLUMN_GAP)))
    rows = max(1, int((room + WORKING_GAP) // (height + WORKING_GAP)))
    lefts = _blank_lefts(box, width, columns, lefts)
    down = min((room - rows * height) / max(rows - 1, 1), MAX_WORKING_GAP)
    for row in range(rows):
        for x in lefts:
            _draw_board(document, plan.blank, style, x, top - row * (height + down))


def _blank_lefts(box: Box, width: float, columns: int, lefts: Sequence[float]) -> Sequence[float]:
    """Returns the left edges (mm) of a row of `columns` blank grids `width` mm wide: `lefts` where they are as many,
    or fewer but two or more (the puzzles' columns: three grids under two columns lined up with nothing above them,
    review dz101 3); else spread from the first of `lefts` to the margin where they fit there (review rv56 C3), else
    from margin to margin, as the puzzles' columns; a single one centred."""
    if len(lefts) == columns or 2 <= len(lefts) < columns:
        return lefts
    if columns == 1:
        return [box.x + (box.width - width) / 2]
    start = box.x
    if lefts and box.x + box.width - lefts[0] - columns * width >= (columns - 1) * COLUMN_GAP:
        start = lefts[0]
    across = (box.x + box.width - start - columns * width) / (columns - 1)
    return [start + column * (width + across) for column in range(columns)]


def _draw_board(document: Document, grid: GridPlan, style: DiagramStyle, x: float, top: float) -> None:
    """Draws a board in `style` with the top-left corner of its box, coordinates included, at (x, top) mm."""
    margins = diagram_margins(grid, style)
    draw_diagram(document, grid, x + margins.left, top - margins.top - grid.size * style.cell, style)


def _figures(counts: Sequence[int], rows: range) -> range:
    """Returns the numbers (from 0) of the puzzles in `rows`, each row holding `counts` puzzles."""
    return range(sum(counts[: rows.start]), sum(counts[: rows.stop]))


def _draw_header(canvas: Canvas, plan: SheetPlan, box: Box, scale: float, noted: bool = False) -> float:
    """Draws the strip (class, date, the sheet's number), the title (or, if `noted`, the line on dashed lines in its
    place) and the name field; returns the bottom."""
    strip = layout_strip(plan.strip, box.width, group_room([plan.sheet_label], scale), scale)
    top = draw_strip(canvas, plan.strip, strip, box, scale)
    draw_group(canvas, plan.sheet_label, box, strip, scale)
    title = BODY_PT * scale if noted else TITLE_PT * scale
    below = _noted_below(plan, box, scale) if noted else _name_below(plan, box, scale)
    body = BODY_PT * scale
    # A later page's name field too wide to stand beside its line on dashed lines goes above it, not under it: at the
    # page's top right, as on the first page, where under the line it read as stray (review rv74, 2).
    above = noted and below
    if noted:
        start = top - _name_room(scale) if above else top
        bottom = draw_rich(canvas, plan.struck, box.x, start, title, _note_width(plan, box, scale, below))
    else:
        bottom = draw_words(canvas, plan.title, box.x, top, title, width=box.width, bold=True)
    # The name's caption sits on the title's first baseline (or under the title), its line runs to the margin.
    baseline = top - title / MM
    if below:
        baseline = (top if above else bottom) - NAME_GAP - body / MM
    line = _name_line(plan, box, scale)
    caption_x = box.right - line - width_of(plan.name_caption + " ", REGULAR, body) / MM
    draw_words(canvas, (plan.name_caption,), caption_x, baseline + body / MM, body)
    draw_rule_line(canvas, box.right - line, box.right, baseline - 0.8)
    name = _set_child(plan, box, scale)
    if name is not None:
        draw_name(canvas, name, box.right - line + 1.0, baseline - 0.8)
    if below and not above:
        bottom = baseline - body * (LEADING - 1) / MM - NAME_GAP
    return bottom - HEADER_GAP


def _set_child(plan: SheetPlan, box: Box, scale: float) -> SetLabel | None:
    """Sets the child's name (if the sheet has one) on the name line, in one line."""
    return _fitted_child(plan, _name_line(plan, box, scale), scale) if plan.child else None


def _draw_reminder(canvas: Canvas, plan: SheetPlan, box: Box, scale: float, pad: float = PAD) -> float:
    """Draws the framed reminder, `pad` mm inside its frame: the gifts pictured beside what a gift is, and the rest;
    returns its bottom."""
    frame_height = _reminder_height(plan, box.width, scale, pad)
    frame = Box(box.x, box.top - frame_height, box.width, frame_height)
    canvas.setStrokeGray(CAPTION_GREY)
    draw_box(canvas, frame, 0.8)
    canvas.setStrokeGray(0)
    cell = PATTERN_CELL * scale
    for k, pattern in enumerate(plan.patterns):
        y = frame.top - pad - (k * 1.5 + 1) * cell
        for n, letter in enumerate(pattern):
            square = Box(frame.x + pad + n * cell, y, cell, cell)
            draw_box(canvas, square, 1.0)
            if letter != ".":
                draw_centred(canvas, letter, square.x + cell / 2, square.y + cell / 2, BODY_PT * scale, bold=True)
    x = frame.x + pad + PATTERN_GUTTER + _patterns_width(scale)
    text = frame.right - pad - x
    top = frame.top - pad
    body = BODY_PT * scale
    for k, part in enumerate(_reminder_parts(plan)):
        room = _star_room(body) if _starred(plan, k) else 0.0
        if room:
            _draw_star_at(canvas, x, top, body)
        top = draw_rich(canvas, part, x, top, body, text, room) - 1.0
    return frame.y


def _draw_puzzle(
    document: Document,
    plan: SheetPlan,
    figure: PuzzleFigure,
    x: float,
    top: float,
    words: float,
    layout: SheetLayout,
    scale: float,
) -> None:
    """Draws one puzzle with its top-left corner at (x, top) mm: number, question, turn, diagram, answer boxes; the
    diagram `words` mm under the top, level with the others of its row."""
    canvas = document.canvas
    body = BODY_PT * scale
    indent = _indent(plan, scale)
    style, grid = layout.style, figure.grid
    margins = diagram_margins(grid, style)
    side = grid.size * style.cell
    _draw_number(canvas, figure, x, top, indent, body)
    width = layout.width - indent
    below = _draw_question(canvas, figure, x + indent, top, body, width)
    draw_set_label(canvas, _set_turn(figure, body, width), x + indent, below)
    below = top - words - layout.spacing.words
    _draw_board(document, grid, style, _board_x(layout, x, indent), below)
    if layout.answers in ROWED:
        bottom = below - margins.top - side - margins.bottom - 2.0
        _draw_answer_row(canvas, plan, x, bottom, scale)
        return
    answer_x = _board_x(layout, x, indent) + margins.left + side + margins.right + ANSWER_GAP
    if layout.answers in SIDED:
        _draw_answer_side(canvas, plan, answer_x, below - margins.top, scale)
        return
    _draw_answer(canvas, plan, answer_x, below - margins.top, scale)


def _draw_number(canvas: Canvas, figure: PuzzleFigure, x: float, top: float, indent: float, body: float) -> None:
    """Draws the puzzle's number in the margin its words hang from and, for a challenge, a star at the start of the
    question's line (on the next line it read as a bullet for the turn)."""
    draw_words(canvas, (f"{figure.number}.",), x, top, body, bold=True)
    if figure.challenge:
        _draw_star_at(canvas, x + indent, top, body)


def _draw_star_at(canvas: Canvas, x: float, top: float, body: float) -> None:
    """Draws a challenge's star at the start of a line of `body` pt whose top is at `top` mm."""
    radius = _star_radius(body)
    middle = top - body / MM + CAP_HEIGHT * body / MM / 2  # level with the middle of the capitals
    draw_star(canvas, x + radius, middle, radius)


def _draw_answer_row(canvas: Canvas, plan: SheetPlan, x: float, top: float, scale: float) -> None:
    """Draws the answer area in one row: the letter's box and the cell's, each after its word."""
    body = BODY_PT * scale
    box_height = ANSWER_BOX_HEIGHT * scale
    for text, box_width in (
        (plan.answer_letter, ANSWER_LETTER_BOX),
        (plan.answer_cell, plan.cell_box),
    ):
        labelled = set_words(text, body)
        draw_words(canvas, text, x, top - (box_height - labelled.height) / 2, body)
        x += labelled.width + 2.0
        draw_box(canvas, Box(x, top - box_height, box_width * scale, box_height), 1.0)
        x += box_width * scale + ANSWER_GAP * scale


def _draw_answer_side(canvas: Canvas, plan: SheetPlan, x: float, top: float, scale: float) -> None:
    """Draws the answer boxes each under its word, the letter's over the cell's."""
    body = BODY_PT * scale
    box_height = ANSWER_BOX_HEIGHT * scale
    for text, box_width in (
        (plan.answer_letter, ANSWER_LETTER_BOX),
        (plan.answer_cell, plan.cell_box),
    ):
        top = draw_words(canvas, text, x, top, body) - 1.0
        draw_box(canvas, Box(x, top - box_height, box_width * scale, box_height), 1.0)
        top -= box_height + 2.0


def _draw_answer(canvas: Canvas, plan: SheetPlan, x: float, top: float, scale: float) -> None:
    """Draws the answer area: a box for the letter over one for the cell's name, each after its word."""
    body = BODY_PT * scale
    label = max(set_words(text, body).width for text in (plan.answer_letter, plan.answer_cell)) + 2.0
    box_height = ANSWER_BOX_HEIGHT * scale
    cell_box = plan.cell_box
    for text, box_width in ((plan.answer_letter, ANSWER_LETTER_BOX), (plan.answer_cell, cell_box)):
        labelled = set_words(text, body)
        draw_words(canvas, text, x, top - (box_height - labelled.height) / 2, body)
        draw_box(canvas, Box(x + label, top - box_height, box_width * scale, box_height), 1.0)
        top -= box_height + 2.0


def _draw_footer(canvas: Canvas, plan: SheetPlan, box: Box, scale: float, page: int, pages: int) -> None:
    size = SMALL_PT * scale
    canvas.setFillGray(CAPTION_GREY)
    draw_words(canvas, plan.footer, box.x, box.y + size * LEADING / MM, size)
    if pages > 1:
        label = tuple(text.format(number=page, count=pages) for text in plan.page)
        draw_words(canvas, (" / ".join(label),), box.right, box.y + size * LEADING / MM, size, align="right")
    canvas.setFillGray(0)


def _told_struck(plan: SheetPlan, box: Box, scale: float) -> tuple[SheetPlan, SheetLayout | None]:
    """Returns the sheet's plan and layout with the sentence on its dashed lines run on in a paragraph of the first
    page's reminder: after scoring again, where that adds no page, else after what the sheet asks, beside the gifts
    pictured, else over the first page's rows. A later page says it over its rows
    (`render_sheet`).

    In a paragraph of its own it took the Letter sheet, a page shorter than A4, to a second page: run on it adds a
    line and no paragraph (issue 23, review 37 H1). Run on after scoring again, it went with that part to the second
    page of a 6 x 6 or two-language sheet, whose first page's boards carry dashed lines too (review des41, B1)."""
    least = _least_cell(plan, box, scale)  # as the sheet is printed in normal print
    if not plan.struck:
        return plan, _fewest(plan, box, scale, least)
    again = replace(plan, reminders=(run_on(plan.reminders[0], plan.struck), *plan.reminders[1:]), told=True)
    lead = replace(plan, gift=run_on(plan.gift, plan.struck), told=True)
    found: list[tuple[tuple[int, bool, int], SheetPlan, SheetLayout | None]] = []
    # Or over the first page's rows, as over the next pages'.
    for rank, told in enumerate((again, lead, plan)):
        layout = _fewest(told, box, scale, least)
        if layout is None:
            found.append(((1_000, True, rank), told, None))
        else:
            found.append(((len(layout.pages), not layout.pages[0], rank), told, layout))
    _, told, layout = min(found, key=lambda item: item[0])
    return told, layout


def _fewest(plan: SheetPlan, box: Box, scale: float, least: float) -> SheetLayout | None:
    """Returns the sheet's layout with cells of `least` mm at the least, or in large print of PUZZLE_LARGE_SAVING_CELL
    where that prints it on fewer pages, a sheet of several printed two-sided (`page_count`)."""
    layout = sheet_layout(plan, box, scale, least)
    if scale == 1.0 or least <= PUZZLE_LARGE_SAVING_CELL:
        return layout
    smaller = sheet_layout(plan, box, scale, PUZZLE_LARGE_SAVING_CELL)
    if smaller is not None and (layout is None or page_count(smaller, True) < page_count(layout, True)):
        return smaller
    return layout


def _boxed(plans: Sequence[SheetPlan], box: Box, scale: float) -> list[tuple[SheetPlan, SheetLayout | None]]:
    """Returns each sheet's plan and layout (`_told_struck`) with the widest box for a cell's name of the notation's
    ANSWER_CELL_BOXES that prints no sheet of the set on more pages than the narrowest: one width for the whole set."""
    widths = ANSWER_CELL_BOXES[plans[0].notation.value] if plans else (0.0,)

    def laid(width: float) -> list[tuple[SheetPlan, SheetLayout | None]]:
        return [_told_struck(replace(plan, cell_box=width), box, scale) for plan in plans]

    def pages(layout: SheetLayout | None) -> float:
        return len(layout.pages) if layout is not None else float("inf")

    narrowest = laid(widths[-1])
    for width in widths[:-1]:
        wide = laid(width)
        if all(pages(a) <= pages(b) for (_, a), (_, b) in zip(wide, narrowest, strict=True)):
            return wide
    return narrowest


@lru_cache(maxsize=1)
def _laid_out(options: PrintOptions, sheets: tuple[Sheet, ...]) -> tuple[tuple[SheetPlan, SheetLayout], ...]:
    """Returns each sheet's plan and layout, once for the sheets and for their key, which says how many pages they
    take; raises NameFitError for a child's name the name line cannot hold, LayoutError for a sheet the page cannot."""
    scale = scale_of(options.large_print)
    width, height = options.paper.size_mm
    box = Box(0, 0, width, height).inset(MARGIN)
    children = class_children(options, len(sheets))
    plans = [sheet_plan(options, sheet, len(sheets), child) for sheet, child in zip(sheets, children, strict=True)]
    for plan, child in zip(plans, children, strict=True):  # every name is set before anything is drawn
        if child is not None and options.seating is not None and _set_child(plan, box, scale) is None:
            letters = per_line(_name_line(plan, box, scale) - 2.0, scale, child.name)
            raise NameFitError(options.seating.path, (child,), "sheet", letters, lines=1)
    # Every sheet's name where the longest needs it: under the title, the room it takes set two children's sheets out
    # otherwise ("page 2, puzzle 3" was another puzzle on a long name's sheet, review rv80, 3).
    if any(_name_below(plan, box, scale) for plan in plans):
        plans = [replace(plan, name_under=True) for plan in plans]
    laid = []
    for sheet, (plan, layout) in zip(sheets, _boxed(plans, box, scale), strict=True):
        if layout is None:
            raise LayoutError(f"{a_board(sheet.size, 'puzzle')} does not fit on the page with these options")
        laid.append((plan, layout))
    return tuple(laid)


def sheet_pages(options: PrintOptions, sheets: Sequence[Sheet]) -> tuple[tuple[int, ...], bool]:
    """Returns the pages each sheet takes in puzzles.pdf, and whether any of them ends with a working page."""
    laid = _laid_out(options, tuple(sheets))
    even = _even(laid)
    return tuple(page_count(layout, even) for _, layout in laid), any(
        page_count(layout, even) > len(layout.pages) for _, layout in laid
    )


def worksheets_document(options: PrintOptions, sheets: Sequence[Sheet], progress: Progress | None = None) -> Rendered:
    """Returns the children's sheets: each sheet of the set on pages of its own."""
    copies = len(sheets)
    document = new_document(
        options,
        joined(options, "puzzles.document_title", size=options.size, copies=copies),
        joined(options, "puzzles.subject"),
        kind="puzzles",
    )
    scale = scale_of(options.large_print)
    laid = _laid_out(options, tuple(sheets))
    for done, (plan, layout) in enumerate(laid, start=1):
        render_sheet(document, plan, layout, scale, _even(laid))
        if progress:
            progress("puzzle sheets", done, copies)
    return finished(document)
