"""Sets and draws tables whose cells hold short entries: values, claims struck through, corrections in bold.

A cell's entries are set left to right and wrap between entries, never between an entry and the entries joined
to it, nor inside an entry but one wider than its column (a long name), which breaks after its hyphens, else between
its letters. A struck entry is printed in grey with a real line drawn through it, not a combining character: it
reads as crossed out on paper, and a program reading the PDF back finds the line over it.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from sos_print.engine.frozen import frozen, replace
from sos_print.pdf.draw import CAP_HEIGHT, SetLabel, draw_box, draw_set_label, draw_star, set_label
from sos_print.pdf.fonts import BOLD, REGULAR
from sos_print.pdf.textflow import after_hyphens, width_of
from sos_print.plans.layout import (
    AUDIT_FILL_GREY,
    AUDIT_HEAD_PAD,
    AUDIT_LINE_PT,
    AUDIT_MIN_ROW,
    CORRECTED_FILL_GREY,
    ERROR_FRAME_INSET,
    ERROR_FRAME_PT,
    GREY,
    LEADING,
    MM,
    STRIKE_PT,
    Box,
    step_down,
)
from sos_print.plans.tables import Entry, Table, TableCell

STRIKE_HEIGHT = 0.35  # of the type size, above the baseline: the middle of capitals and figures
SLASHED = 2  # characters: an entry this short is struck by a slash from its foot to its top, not across
CELL_PAD = 1.6  # inside a cell, on each side (mm)
SLACK = 0.3  # mm

Line = tuple[Entry, ...]


@frozen
class TableLayout:
    """Holds a table set for a width: its columns' widths, type sizes, and the heights of its heading and rows (mm)."""

    widths: tuple[float, ...]
    head_size: float
    size: float
    head: float
    rows: tuple[float, ...]
    bands: tuple[float, ...] = ()  # of a run-in table (`layout_table`): each row's band of cells (mm), as tall as the
    # row where its last cell stays in its column; else none
    indent: float = 0.0  # of a run-in table: from its left edge to where the lines run on under a row start (mm)


def run_in_lines(cell: TableCell, first: float, width: float, size: float) -> tuple[list[Line], list[Line]]:
    """Returns a run-in cell's lines: the whole sentences its first line holds, set `first` mm wide (its column,
    beside the row's other cells), where it holds the whole cell; else the whole cell under them, `width` mm wide
    (from the run-on's indent to the table's right edge, less the padding). Split between the two, a sentence read as
    two rows, "Gift: team A + C can now score 1 point with" | "O in B1." (review 34, H4); a first sentence beside the
    row and the rest under it set one row apart from the others, whose comments start under them with their label
    (issue 23, dz100 11)."""
    lines = set_cell(cell, first, size)
    if len(lines) <= 1:
        return lines, []
    return [], set_cell(cell, width, size)


def _font(entry: Entry) -> str:
    return BOLD if entry.bold else REGULAR


def entry_width(entry: Entry, size: float) -> float:
    """Returns the width (mm) of one entry."""
    return width_of(entry.text, _font(entry), size) / MM


def set_cell(cell: TableCell, width: float, size: float) -> list[Line]:
    """Breaks a cell's entries into lines no wider than `width` mm, between groups (an entry and those joined to it),
    never inside one; a group wider than that starts a line of its own, and only it is broken, between entries. An
    entry wider than a line (a long name in a narrow column) is broken first (`broken_entry`)."""
    lines: list[list[Entry]] = []
    used = 0.0
    for group in _groups(tuple(part for entry in cell for part in broken_entry(entry, width, size))):
        wide = _run_width(group, size)
        if lines and not group[0].apart and used + width_of(" ", _font(lines[-1][-1]), size) / MM + wide <= width:
            used += width_of(" ", _font(lines[-1][-1]), size) / MM + wide
            lines[-1].extend(group)
            continue
        lines.append([group[0]])
        used = entry_width(group[0], size)
        for entry in group[1:]:
            space = width_of(" ", _font(lines[-1][-1]), size) / MM
            if wide > width and used + space + entry_width(entry, size) > width:
                lines.append([entry])
                used = entry_width(entry, size)
            else:
                lines[-1].append(entry)
                used += space + entry_width(entry, size)
    return [tuple(line) for line in lines]


SHORTEST_CUT = 3  # letters at least on the line after a cut between letters


def broken_entry(entry: Entry, width: float, size: float) -> list[Entry]:
    """Returns an entry no wider than `width` mm whole, else in parts that are: broken after its hyphens
    ("Marie-" / "Charlotte"), as a name is on a board, and a part still too wide between its letters, each part as
    long as a line holds with the hyphen that ends it, as a paragraph's word is cut. The parts after the first start
    lines of their own, and the entries joined to the entry follow its last part. Cut with no hyphen, a part's own
    hyphen stood alone on a line ("Krishnamurthy" / "-" / "Venkataraman", review dz89, 4)."""
    if entry_width(entry, size) <= width:
        return [entry]

    def fits(text: str) -> bool:
        return entry_width(replace(entry, text=text), size) <= width

    texts: list[str] = []
    for piece in after_hyphens(entry.text):
        if texts and fits(texts[-1] + piece):
            texts[-1] += piece
            continue
        texts.append("")
        start = len(texts) - 1
        for k, char in enumerate(piece):  # a part too wide alone is cut where the line ends, with a hyphen
            hyphen = "" if k == len(piece) - 1 else "-"  # none after the part's last letter, or its own hyphen
            if texts[-1] and not fits(texts[-1] + char + hyphen):
                texts[-1] += "-"
                texts.append("")
            texts[-1] += char
        # Its last line keeps SHORTEST_CUT letters, as a paragraph's cut does: "Krishnamurth-" / "y-" read as two words
        short = SHORTEST_CUT - len(texts[-1].rstrip("-"))
        if len(texts) - start > 1 and short > 0 and fits(texts[-2][-1 - short : -1] + texts[-1]):
            moved = min(short, len(texts[-2]) - 1 - SHORTEST_CUT)
            if moved > 0:
                texts[-2], texts[-1] = texts[-2][: -1 - moved] + "-", texts[-2][-1 - moved : -1] + texts[-1]
    first = replace(entry, text=texts[0])
    return [first, *(replace(entry, text=text, joined=False, apart=True) for text in texts[1:])]


def _groups(cell: TableCell) -> list[list[Entry]]:
    """Returns a cell's entries in groups that stay on one line: each entry with the joined entries after it."""
    groups: list[list[Entry]] = []
    for entry in cell:
        if entry.joined and groups:
            groups[-1].append(entry)
        else:
            groups.append([entry])
    return groups


def _run_width(entries: Sequence[Entry], size: float) -> float:
    """Returns the width (mm) of entries set on one line, a space after each but the last."""
    spaces = sum(width_of(" ", _font(entry), size) / MM for entry in entries[:-1])
    return sum(entry_width(entry, size) for entry in entries) + spaces


def _spans(row: Sequence[TableCell], widths: Sequence[float]) -> list[float]:
    """Returns the width of each cell of a row: the last of a short row spans the columns left."""
    return [*widths[: len(row) - 1], sum(widths[len(row) - 1 :])]


def column_widths(
    table: Table, bases: Sequence[float], width: float, head_size: float, size: float, most: Sequence[float] = ()
) -> list[float]:
    """Returns each column's width (mm), the stretch column taking what the others leave.

    Every other column is at least its base and its longest heading word, and as wide as its widest entry (a `whole`
    column, as its widest cell on one line), up to its
    `most` where one is given (0: none), where the stretch column keeps its base and its own longest heading word:
    else the widest columns give the stretch column back what it lacks, then, where that is not enough, columns wider
    than their longest heading word and the widest part of an entry `broken_entry` keeps whole give from their bases
    (a class list's marking grid cut its last heading inside a word, "Bes" over "t move", 0.6 mm short: review rv50
    B2), and an entry wider than its column is broken there (`set_cell`).
    """
    widths, least, need = [], [], []
    for k, (heading, base) in enumerate(zip(table.columns, bases, strict=True)):
        words = max(set_label((word,), head_size, bold=True).width for word in heading.split(" "))
        if table.others:  # the heading's translation, one step down
            other = table.others[k].split(" ")
            words = max(words, *(set_label((word,), step_down(head_size), bold=True).width for word in other))
        entries = [
            width
            for row in table.rows
            if k < len(row) - 1 or len(row) == len(table.columns)
            for width in ([_run_width(row[k], size)] if k in table.whole else (entry_width(e, size) for e in row[k]))
        ]
        widest = max(entries, default=0.0) if k != table.stretch else 0.0
        # A hair more than the text: a word as wide as its room must not be cut by a rounding error.
        headed = words + 2 * AUDIT_HEAD_PAD + 2 * _star_room(table, k, head_size) + SLACK
        part = _widest_part(table, k, size) + 2 * CELL_PAD + SLACK  # never narrower than a name's part between hyphens
        least.append(max(base, headed))
        need.append(max(headed, part))
        fits = widest + 2 * CELL_PAD + SLACK
        if k < len(most) and most[k] and k != table.stretch:
            fits = min(fits, max(most[k], part))
        widths.append(max(least[-1], fits))
    widths[table.stretch] = width - sum(widths) + widths[table.stretch]
    # A long name widened its column past the page (issue 20): the stretch column went negative.
    lacking = least[table.stretch] - widths[table.stretch]
    # First down to its base, never inside a part `broken_entry` keeps whole, unless a part takes more than a third of
    # the table: a child's name cut mid-word, "Wolfeschlegel-" / "stein", where the puzzles' columns beside it had
    # room to give (designer's review dz95, C1).
    whole = [max(base, part) if part <= width / 3 else base for base, part in zip(least, need, strict=True)]
    for floor in (whole, need):
        for k in sorted(range(len(widths)), key=lambda k: floor[k] - widths[k]):
            if lacking <= 1e-9 or k == table.stretch:
                continue
            given = max(0.0, min(lacking, widths[k] - floor[k]))
            widths[k] -= given
            widths[table.stretch] += given
            lacking -= given
    return widths


def _widest_part(table: Table, k: int, size: float) -> float:
    """Returns the width (mm) of the widest part of column `k`'s entries that `broken_entry` keeps whole: a name
    broken after its hyphens ("Marie-" / "Charlotte"), never inside a word where a hyphen can break it."""
    return max(
        (
            entry_width(replace(entry, text=part), size)
            for row in table.rows
            if k < len(row)
            for entry in row[k]
            for part in after_hyphens(entry.text)
        ),
        default=0.0,
    )


def layout_table(
    table: Table,
    bases: Sequence[float],
    width: float,
    sizes: tuple[float, float],
    row: float = AUDIT_MIN_ROW,
    run_in: float = 0.0,
    indent: int = 0,
    most: Sequence[float] = (),
) -> TableLayout:
    """Sets `table` across `width` mm with its headings and entries at `sizes` (points); rows are at least `row` mm.

    Where the stretch column is the last and narrower than `run_in` mm, a cell of it longer than a line runs on under
    its row's other cells, from column `indent` to the right edge: a long comment beside narrow columns would run many
    lines. A column is no wider than its `most` (mm, 0: as its widest entry), if given.
    """
    widths = column_widths(table, bases, width, *sizes, most=most)
    if table.stretch == len(table.columns) - 1 and widths[-1] < run_in:
        return _run_in_layout(table, widths, sizes, row, sum(widths[:indent]))
    return _layout(table, widths, sizes, row)


def _layout(table: Table, widths: list[float], sizes: tuple[float, float], row: float) -> TableLayout:
    """Sets a table on columns `widths` mm wide, every cell in its column."""
    head_size, size = sizes
    head = 2 * AUDIT_HEAD_PAD + max(
        _head_height(table, k, head_size, w - 2 * AUDIT_HEAD_PAD - 2 * _star_room(table, k, head_size))
        for k, w in enumerate(widths)
    )
    leading = size * LEADING / MM
    heights = tuple(
        max(
            row,
            2 * CELL_PAD
            + leading
            * max(
                len(set_cell(cell, w - 2 * CELL_PAD, size))
                for cell, w in zip(cells, _spans(cells, widths), strict=True)
            ),
        )
        for cells in table.rows
    )
    return TableLayout(tuple(widths), head_size, size, head, heights)


def _star_room(table: Table, k: int, size: float) -> float:
    """Returns the room (mm) a star takes before column `k`'s heading set at `size` points, with a space; 0 for a
    heading without one. As much is kept after it, so that a centred heading keeps clear of its frame."""
    return 2 * _star_radius(size) + 0.5 * size / MM if k in table.starred else 0.0


def _star_radius(size: float) -> float:
    return size / MM * 0.45


def _head_height(table: Table, k: int, size: float, width: float) -> float:
    """Returns the height (mm) of column `k`'s heading set `width` mm wide, its translation under it."""
    height = set_label((table.columns[k],), size, width, bold=True).height
    if table.others and table.others[k]:  # none for a heading that needs none (a number)
        height += set_label((table.others[k],), step_down(size), width, bold=True).height
    return height


def _run_in_layout(
    table: Table, widths: list[float], sizes: tuple[float, float], row: float, indent: float
) -> TableLayout:
    """Sets a table whose last column runs on under its rows (`layout_table`) `indent` mm from its left edge. Where
    that saves a line in any row, every row whose last cell is longer than a line runs on, so that the table reads
    one way: such a row as tall as its other cells (or `row` mm), and as the lines its last cell adds under them."""
    head_size, size = sizes
    leading = size * LEADING / MM
    width = sum(widths)
    laid = _layout(table, widths, sizes, row)  # not `layout_table`, which sent its table here again and again
    heights, bands, saves = [], [], False
    for cells, height in zip(table.rows, laid.rows, strict=True):
        in_column = len(set_cell(cells[-1], widths[-1] - 2 * CELL_PAD, size))
        if len(cells) < len(table.columns) or in_column <= 1:  # a short row's last cell spans the columns left
            heights.append(height)
            bands.append(height)
            continue
        lines = [len(set_cell(cell, w - 2 * CELL_PAD, size)) for cell, w in zip(cells[:-1], widths, strict=False)]
        band = max(row, 2 * CELL_PAD + leading * max([1, *lines]))
        first, under = run_in_lines(cells[-1], widths[-1] - 2 * CELL_PAD, width - indent - 2 * CELL_PAD, size)
        saves = saves or in_column > len(first) + len(under)
        bands.append(band)
        heights.append(band + leading * len(under) + CELL_PAD)
    if not saves:  # running on saves no row a line: every cell stays in its column
        return laid
    return TableLayout(laid.widths, head_size, size, laid.head, tuple(heights), tuple(bands), indent)


def draw_head(canvas: Canvas, table: Table, layout: TableLayout, x: float, top: float) -> None:
    """Draws the heading row with its top-left corner at (x, top) mm, grey as on the scoring audit."""
    left = x
    for k, (heading, width) in enumerate(zip(table.columns, layout.widths, strict=True)):
        draw_box(canvas, Box(left, top - layout.head, width, layout.head), AUDIT_LINE_PT, fill_grey=AUDIT_FILL_GREY)
        centred = table.centred and k not in table.left
        x = left + width / 2 if centred else left + AUDIT_HEAD_PAD
        align = "centre" if centred else "left"
        star = _star_room(table, k, layout.head_size)
        room = width - 2 * AUDIT_HEAD_PAD - 2 * star
        parts = set_label((heading,), layout.head_size, room, bold=True).parts
        if table.others and table.others[k]:  # its translation under it, a step down, grey as a second language
            parts += set_label((table.others[k],), step_down(layout.head_size), room, bold=True).parts
        text_x = x if centred else x + star
        draw_set_label(canvas, SetLabel(parts), text_x, top - AUDIT_HEAD_PAD, align)
        if star:  # before the first line, level with the middle of its capitals, as on the children's sheet
            (first, *_), size = parts[0]
            start = text_x - first.width / MM / 2 if centred else text_x
            middle = top - AUDIT_HEAD_PAD - size / MM + CAP_HEIGHT * size / MM / 2
            draw_star(canvas, start - star + _star_radius(size), middle, _star_radius(size))
        left += width


def draw_row(canvas: Canvas, table: Table, layout: TableLayout, index: int, x: float, top: float) -> None:
    """Draws row `index` with its top-left corner at (x, top) mm; a framed cell (an error) is shaded and framed."""
    cells = table.rows[index]
    height = layout.rows[index]
    if layout.bands and layout.bands[index] < height:  # its last cell runs on under the others
        _draw_run_in(canvas, table, layout, index, x, top)
        return
    left = x
    for k, (cell, width) in enumerate(zip(cells, _spans(cells, layout.widths), strict=True)):
        framed = (index, k) in table.framed
        box = Box(left, top - height, width, height)
        draw_box(canvas, box, AUDIT_LINE_PT, fill_grey=CORRECTED_FILL_GREY if framed else None)
        if framed:
            draw_box(canvas, box.inset(ERROR_FRAME_INSET), ERROR_FRAME_PT)
        centred = (table.centred or k != table.stretch) and k not in table.left and len(cells) == len(table.columns)
        _draw_cell(canvas, cell, box, layout.size, centred)
        left += width


def _draw_run_in(canvas: Canvas, table: Table, layout: TableLayout, index: int, x: float, top: float) -> None:
    """Draws a run-in row: its cells in a band, but the last, whose first line stands beside them and whose other
    lines run on under them across the table, all in one frame (no rule between the band and what is under it)."""
    cells, size, widths = table.rows[index], layout.size, layout.widths
    width, height, band = sum(widths), layout.rows[index], layout.bands[index]
    left = x
    for k, (cell, w) in enumerate(zip(cells[:-1], widths, strict=False)):
        box = Box(left, top - band, w, band)
        draw_box(canvas, box, AUDIT_LINE_PT)
        _draw_cell(canvas, cell, box, size, k not in table.left)
        left += w
    draw_box(canvas, Box(x, top - height, width, height), AUDIT_LINE_PT)
    indent = layout.indent
    first, under = run_in_lines(cells[-1], widths[-1] - 2 * CELL_PAD, width - indent - 2 * CELL_PAD, size)
    _draw_lines(canvas, first, Box(left, top - band, widths[-1], band), size, False)
    if under:  # from the band's foot down, a padding left under the last line
        lines = size * LEADING / MM * len(under)
        _draw_lines(canvas, under, Box(x + indent, top - band - lines, width - indent, lines), size, False)


def _draw_cell(canvas: Canvas, cell: TableCell, box: Box, size: float, centred: bool) -> None:
    _draw_lines(canvas, set_cell(cell, box.width - 2 * CELL_PAD, size), box, size, centred)


def _draw_lines(canvas: Canvas, lines: Sequence[Line], box: Box, size: float, centred: bool) -> None:
    """Draws a cell's lines centred in the box's height, each centred in its width or from its left padding."""
    leading = size * LEADING / MM
    # The block of lines is centred in the cell's height: its first baseline one type size under its top.
    top = box.top - (box.height - leading * len(lines)) / 2
    for n, line in enumerate(lines):
        baseline = top - n * leading - size / MM
        widths = [entry_width(entry, size) for entry in line]
        spaces = [width_of(" ", _font(entry), size) / MM for entry in line[:-1]]
        total = sum(widths) + sum(spaces)
        x = box.x + (box.width - total) / 2 if centred else box.x + CELL_PAD
        _draw_line(canvas, line, x, baseline, size, widths, spaces)


def _draw_line(
    canvas: Canvas, line: Line, x: float, baseline: float, size: float, widths: list[float], spaces: list[float]
) -> None:
    """Draws one line of entries as one piece of text (so that it reads back with its spaces), then the strikes."""
    text = canvas.beginText()
    text.setTextOrigin(x * MM, baseline * MM)
    strikes = []
    at = x
    for n, entry in enumerate(line):
        text.setFont(_font(entry), size)
        text.setFillGray(GREY if entry.struck else 0)
        text.textOut(entry.text + (" " if n < len(line) - 1 else ""))
        if entry.struck:
            strikes.append((at, at + widths[n], len(entry.text) <= SLASHED))
        at += widths[n] + (spaces[n] if n < len(spaces) else 0.0)
    canvas.drawText(text)
    canvas.setFillGray(0)
    canvas.setLineWidth(STRIKE_PT)
    canvas.setStrokeGray(0)
    for start, end, slashed in strikes:
        y = baseline + STRIKE_HEIGHT * size / MM
        # A figure or two struck across their middle read as another sign: a 0 as θ (designer's review dz86, 8).
        low, high = (baseline - 0.1 * size / MM, baseline + 0.8 * size / MM) if slashed else (y, y)
        canvas.line((start - 0.4) * MM, low * MM, (end + 0.4) * MM, high * MM)


def page_rows(heights: Sequence[float], first: float, later: float, least: int) -> list[int]:
    """Returns how many rows of a table go on each page: rows `heights` mm tall, `first` mm of room on the page it
    starts on and `later` mm on each page after (under the heading row). A page never holds fewer than `least` rows
    of a table that has that many: a page that would end up with fewer takes them from the page before.

    The room on the first page must hold `least` rows (the table's section keeps them, or starts on a new page).
    """
    counts: list[int] = []
    room, used, on_page = first, 0.0, 0
    for height in heights:
        if on_page and used + height > room + 1e-6:
            counts.append(on_page)
            room, used, on_page = later, 0.0, 0
        used += height
        on_page += 1
    counts.append(on_page)
    while len(counts) > 1 and counts[-1] < least:
        if counts[-2] - (least - counts[-1]) < least:
            break  # a page of rows as tall as these cannot spare them: the last page keeps what it has
        counts[-2] -= least - counts[-1]
        counts[-1] = least
    return counts
