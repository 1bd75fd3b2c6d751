"""Draws scoring audits: one row per possible move, running totals, and a box for pausing the game."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from reportlab.pdfgen.canvas import Canvas

from sos_print.documents.common import Progress, Rendered, finished, joined, new_document, report
from sos_print.engine.frozen import frozen
from sos_print.pages.layout import (
    AUDIT_FILL_GREY,
    AUDIT_HEAD_PAD,
    AUDIT_LINE_PT,
    AUDIT_MIN_ROW,
    AUDIT_ROW,
    BODY_PT,
    MARGIN,
    MM,
    SMALL_PT,
    SUBTITLE_PT,
    TITLE_PT,
    Box,
    scale_of,
)
from sos_print.pages.options import PrintOptions
from sos_print.pages.players import AuditPlan, audit_plan, group_labels
from sos_print.pages.words import Label
from sos_print.pdf.document import Document
from sos_print.pdf.draw import (
    draw_box,
    draw_centred,
    draw_corner,
    draw_header,
    draw_label,
    draw_rule_line,
    header_height,
    set_label,
)

GAP = 4.0
FIXED_COLUMNS = (13.0, 19.0, 27.0)  # move, player, new letter cell (mm)
POINTS_COLUMN = 17.0
HEAD_PT = SMALL_PT * 1.1
PAUSE_LINE = 8.0  # room to write a score above its line, mm
TOTAL_COLUMN = {2: 18.0, 3: 16.0, 4: 15.0}  # by number of sides


@frozen
class AuditPage:
    """Holds one page of an audit: its rows (move numbers), their height, and whether the pause box follows."""

    first: bool
    moves: range
    pause: bool
    row: float = AUDIT_ROW


def column_widths(plan: AuditPlan, width: float, scale: float) -> list[float]:
    """Returns each column's width (mm): wide enough for its longest header word; segments take what is left."""
    bases = [*FIXED_COLUMNS, 0.0, POINTS_COLUMN] + [TOTAL_COLUMN.get(len(plan.sides), 15.0)] * len(plan.sides)
    widths = [
        max(base, _longest_word(label, HEAD_PT * scale) + 2 * AUDIT_HEAD_PAD)
        for base, label in zip(bases, plan.columns, strict=True)
    ]
    widths[3] = width - sum(widths) + widths[3]
    return widths


def _longest_word(label: Label, size: float) -> float:
    return max(set_label((word,), size, bold=True).width for text in label for word in text.split(" "))


def _header_height(plan: AuditPlan, widths: list[float], scale: float) -> float:
    return 2 * AUDIT_HEAD_PAD + max(
        set_label(label, HEAD_PT * scale, w - 2 * AUDIT_HEAD_PAD, bold=True).height
        for label, w in zip(plan.columns, widths, strict=True)
    )


def _title_height(plan: AuditPlan, box: Box, scale: float, first: bool) -> float:
    title, size = (plan.title, TITLE_PT) if first else (plan.continued, TITLE_PT * 0.8)
    height = header_height(title, size * scale, box, plan.class_name, SUBTITLE_PT * scale) + GAP / 2
    if first:
        height += set_label(plan.intro, BODY_PT * scale, box.width).height + GAP
    return height


def pause_height(plan: AuditPlan, width: float, scale: float) -> float:
    """Returns the height (mm) of the pause box: title, two captions, lines to write on, a hint."""
    inner = width - 6.0
    caption = max(
        set_label(label, SMALL_PT * scale * 1.1, inner / 2 - 4).height for label in (plan.pause_scores, plan.pause_next)
    )
    return (
        6.0
        + set_label(plan.pause_title, BODY_PT * scale, inner, bold=True).height
        + 1.5
        + caption
        + PAUSE_LINE
        + 2.0
        + set_label(plan.pause_hint, SMALL_PT * scale, inner).height
    )


def paginate(plan: AuditPlan, box: Box, scale: float) -> list[AuditPage]:
    """Splits the rows over pages, the table header repeated on each, the pause box after the last row."""
    widths = column_widths(plan, box.width, scale)
    head = _header_height(plan, widths, scale)
    pause = pause_height(plan, box.width, scale) + GAP
    room = box.height - _title_height(plan, box, scale, True) - head
    # One page if the rows, a little shorter but still large enough to write in, leave room for the pause box.
    if (room - pause) / plan.rows >= AUDIT_MIN_ROW:
        return [AuditPage(True, range(1, plan.rows + 1), True, min(AUDIT_ROW, (room - pause) / plan.rows))]
    pages: list[AuditPage] = []
    move = 1
    while move <= plan.rows:
        first = not pages
        room = box.height - _title_height(plan, box, scale, first) - head
        fits = min(int(room // AUDIT_ROW), plan.rows - move + 1)
        last = move + fits > plan.rows
        if last and room - fits * AUDIT_ROW < pause:
            # The pause box follows the last rows; a table never continues with no row in it.
            short = int(-(-(pause - (room - fits * AUDIT_ROW)) // AUDIT_ROW))
            fits, last = (fits - short, False) if fits > short else (fits, True)
        pages.append(AuditPage(first, range(move, move + fits), last))
        move += fits
    return pages


def draw_audit_page(canvas: Canvas, *, plan: AuditPlan, page: AuditPage, box: Box, scale: float) -> None:
    """Draws one audit page but the group number."""
    title, size = (plan.title, TITLE_PT) if page.first else (plan.continued, TITLE_PT * 0.8)
    top = draw_header(canvas, title, size * scale, box, plan.class_name, SUBTITLE_PT * scale) - GAP / 2
    if page.first:
        top = draw_label(canvas, plan.intro, box.x, top, BODY_PT * scale, width=box.width) - GAP
    widths = column_widths(plan, box.width, scale)
    top = _draw_table(canvas, plan, page, box.x, top, widths, scale)
    if page.pause:
        height = pause_height(plan, box.width, scale)
        _draw_pause(canvas, plan, Box(box.x, top - GAP - height, box.width, height), scale)


def _draw_table(
    canvas: Canvas, plan: AuditPlan, page: AuditPage, x: float, top: float, widths: list[float], scale: float
) -> float:
    head = _header_height(plan, widths, scale)
    total = sum(widths)
    draw_box(canvas, Box(x, top - head, total, head), AUDIT_LINE_PT, fill_grey=AUDIT_FILL_GREY)
    left = x
    for label, width in zip(plan.columns, widths, strict=True):
        draw_label(
            canvas,
            label,
            left + AUDIT_HEAD_PAD,
            top - AUDIT_HEAD_PAD,
            HEAD_PT * scale,
            width=width - 2 * AUDIT_HEAD_PAD,
            bold=True,
        )
        left += width
    bottom = top - head - len(page.moves) * page.row
    xs = [x]
    for width in widths:
        xs.append(xs[-1] + width)
    ys = [top] + [top - head - k * page.row for k in range(len(page.moves) + 1)]
    canvas.setLineWidth(AUDIT_LINE_PT)
    canvas.grid([v * MM for v in xs], [v * MM for v in ys])
    for k, move in enumerate(page.moves):
        centre_y = top - head - (k + 0.5) * page.row
        draw_centred(canvas, str(move), x + widths[0] / 2, centre_y, BODY_PT * scale * 0.9)
    return bottom


def _draw_pause(canvas: Canvas, plan: AuditPlan, box: Box, scale: float) -> None:
    draw_box(canvas, box, 1.2)
    inner = box.inset(3.0)
    top = draw_label(canvas, plan.pause_title, inner.x, inner.top, BODY_PT * scale, bold=True, width=inner.width)
    half = inner.width / 2
    caption_pt = SMALL_PT * scale * 1.1
    bottoms = [
        draw_label(canvas, label, x, top - 1.5, caption_pt, width=half - 4)
        for label, x in ((plan.pause_scores, inner.x), (plan.pause_next, inner.x + half))
    ]
    line_y = min(bottoms) - PAUSE_LINE
    slot = (half - 6) / len(plan.sides)
    for k, side in enumerate(plan.sides):
        sx = inner.x + k * slot
        name = set_label((side.short,), BODY_PT * scale, bold=True)
        draw_label(canvas, (side.short,), sx, line_y + name.height - 1.0, BODY_PT * scale, bold=True)
        draw_rule_line(canvas, sx + name.width + 1.5, sx + slot - 2.0, line_y)
    draw_rule_line(canvas, inner.x + half, inner.right, line_y)
    draw_label(canvas, plan.pause_hint, inner.x, line_y - 2.0, SMALL_PT * scale, width=inner.width)


def render_audits(
    document: Document,
    plan: AuditPlan,
    groups: list[Label],
    *,
    large_print: bool = False,
    bookmark: str = "",
    progress: Callable[[int], None] | None = None,
) -> None:
    """Adds one audit per group to `document`; each page layout is drawn once and reused."""
    scale = scale_of(large_print)
    width, height = document.paper.size_mm
    box = Box(0, 0, width, height).inset(MARGIN)
    pages = paginate(plan, box, scale)
    paper = Box(0, 0, width, height)
    for number, label in enumerate(groups, start=1):
        if number == 1 and bookmark:
            document.bookmark(bookmark)
        for k, page in enumerate(pages, start=1):
            draw = partial(draw_audit_page, plan=plan, page=page, box=box, scale=scale)
            document.reuse(("audit", plan, page, box, scale), paper, draw, 0, 0)
            _draw_group(document.canvas, plan, label, k, len(pages), box, scale)
            document.end_page()
        if progress:
            progress(number)


def _draw_group(canvas: Canvas, plan: AuditPlan, label: Label, page: int, pages: int, box: Box, scale: float) -> None:
    """Draws "Group k of n" at the top right, with "page i / n" when the audit takes several pages."""
    if pages > 1:
        suffix = f"{page} / {pages}"
        label = tuple(f"{text} \u00b7 {suffix}" for text in label) if label else (suffix,)
    draw_corner(canvas, label, box, plan.class_name, SUBTITLE_PT * scale)


def add_audits(document: Document, options: PrintOptions, progress: Progress | None = None) -> None:
    """Adds one scoring audit per group to `document`."""
    render_audits(
        document,
        audit_plan(options),
        group_labels(options),
        large_print=options.large_print,
        bookmark=joined(options, "audit.bookmark"),
        progress=report(progress, "audits", options.groups),
    )


def audit_document(options: PrintOptions, progress: Progress | None = None) -> Rendered:
    """Returns one scoring audit per group."""
    document = new_document(
        options, joined(options, "audit.document_title", size=options.size), joined(options, "audit.subject")
    )
    add_audits(document, options, progress)
    return finished(document)
