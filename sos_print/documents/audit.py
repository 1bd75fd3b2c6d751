"""Draws scoring audits: who plays, one row per possible move with running totals, and a box for pausing the game."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from reportlab.pdfgen.canvas import Canvas

from sos_print.documents.common import (
    PrintedName,
    Progress,
    Rendered,
    Slot,
    draw_names,
    finished,
    joined,
    new_document,
    place_names,
    report,
)
from sos_print.engine.frozen import frozen, replace
from sos_print.engine.roster import NameFitError
from sos_print.pdf.document import Document
from sos_print.pdf.draw import (
    StripLayout,
    draw_box,
    draw_centred,
    draw_group,
    draw_label,
    draw_rule_line,
    draw_strip,
    group_room,
    layout_strip,
    names_room,
    set_label,
)
from sos_print.plans.audit import AuditPlan, audit_plan
from sos_print.plans.common import GroupGame, game_rules, group_games
from sos_print.plans.layout import (
    AUDIT_CELL_COLUMN,
    AUDIT_COLUMNS,
    AUDIT_FILL_GREY,
    AUDIT_FOOT,
    AUDIT_HEAD_PAD,
    AUDIT_LINE_PT,
    AUDIT_LINES_MIN,
    AUDIT_MIN_ROW,
    AUDIT_POINTS_COLUMN,
    AUDIT_ROW,
    AUDIT_SPANNED_TOTAL,
    BODY_PT,
    HEADING_PT,
    LEADING,
    MM,
    NOTES_PT,
    SMALL_PT,
    TITLE_PT,
    Box,
    LayoutError,
    page_area,
    scale_of,
)
from sos_print.plans.options import PrintOptions
from sos_print.plans.words import Label

if TYPE_CHECKING:
    from sos_print.forms.fields import FormGame  # a fillable audit's only: a printed kit does without


GAP = 4.0
PAUSE_LINE = 8.0  # room to write a score above its line, mm
PAUSE_PAD = 3.0  # inside the pause box, mm
PAUSE_SHARE = 0.42  # of the pause box, for its title and hint
NAME_LINE = 8.0  # room to write a name above its line, mm
# From the spanning "Total"'s baseline to its rule (mm), about the room over the sides' capitals under it: the two
# tiers take no more height than two lines of the other headings, and an audit keeps its pages.
TIER_GAP = 0.9


@frozen
class AuditPage:
    """Holds one page of an audit: its rows (move numbers), their height, whether the pause box follows, and whether
    its foot leaves a players' file's page number clear (a score sheet that fills its page to the millimetre does
    not: that page goes unnumbered rather than have the number touch the table)."""

    first: bool
    moves: range
    pause: bool
    row: float = AUDIT_ROW
    numbered: bool = True


def head_size(plan: AuditPlan, width: float, scale: float) -> float:
    """Returns the type size of the column headers: NOTES_PT, or SMALL_PT when that leaves the new lines too little."""
    return next(
        (size * scale for size in (NOTES_PT, SMALL_PT) if _widths(plan, width, size * scale)[4] >= AUDIT_LINES_MIN),
        SMALL_PT * scale,
    )


def column_widths(plan: AuditPlan, width: float, scale: float) -> list[float]:
    """Returns each column's width (mm): wide enough for its longest header word; the new lines take what is left."""
    widths = _widths(plan, width, head_size(plan, width, scale))
    if widths[4] < AUDIT_LINES_MIN:
        raise LayoutError(f"the scoring audit's columns do not fit across the page ({len(plan.sides)} totals)")
    return widths


def _widths(plan: AuditPlan, width: float, size: float) -> list[float]:
    count = len(plan.sides)
    named = len(plan.columns) - count  # the columns before the totals (no points column where the first S-O-S wins)
    move, player, letter, _ = AUDIT_COLUMNS
    cell = AUDIT_CELL_COLUMN[plan.notation.value]
    bases = [move, player, letter, cell, 0.0, AUDIT_POINTS_COLUMN][:named]
    bases += [AUDIT_SPANNED_TOTAL.get(count, 12.0)] * count
    # A side's name is never broken ("A + C" over two lines reads as two sides).
    words = [_longest_word(label, size) for label in plan.columns[:named]]
    words += [set_label((side.short,), size, bold=True).width for side in plan.sides]
    widths = [max(base, word + 2 * AUDIT_HEAD_PAD) for base, word in zip(bases, words, strict=True)]
    if count:  # the spanning "Total" fits over its columns: each widens by its share when it would not
        short = _longest_word(plan.total, size) + 2 * AUDIT_HEAD_PAD - sum(widths[named:])
        widths[named:] = [w + max(short, 0.0) / count for w in widths[named:]]
    widths[4] = width - sum(widths) + widths[4]
    return widths


def _longest_word(label: Label, size: float) -> float:
    return max(set_label((word,), size, bold=True).width for text in label for word in text.split(" "))


def _header_height(plan: AuditPlan, widths: list[float], scale: float) -> float:
    size = head_size(plan, sum(widths), scale)
    own = max(
        set_label(label, size, w - 2 * AUDIT_HEAD_PAD, bold=True).height
        for label, w in zip(plan.columns[:6], widths, strict=False)
    )
    if not plan.sides:  # no totals where the first S-O-S wins
        return 2 * AUDIT_HEAD_PAD + own
    return 2 * AUDIT_HEAD_PAD + max(own, _total_height(plan, widths, size) + _sides_height(plan, widths, size))


def _total_height(plan: AuditPlan, widths: list[float], size: float) -> float:
    """Returns the height (mm) from the header's padding to the rule under the spanning "Total": its last baseline,
    then TIER_GAP ("Total" has no descender to leave room for)."""
    label = set_label(plan.total, size, sum(widths[6:]) - 2 * AUDIT_HEAD_PAD, bold=True)
    return label.height - (LEADING - 1) * size / MM + TIER_GAP


def _sides_height(plan: AuditPlan, widths: list[float], size: float) -> float:
    """Returns the height (mm) of the sides' names under the rule: their line's own room over the capitals suffices."""
    return max(
        set_label((side.short,), size, w - 2 * AUDIT_HEAD_PAD, bold=True).height
        for side, w in zip(plan.sides, widths[6:], strict=True)
    )


def _title_height(plan: AuditPlan, box: Box, scale: float, first: bool, strip: StripLayout) -> float:
    title, size = (plan.title, TITLE_PT) if first else (plan.continued, HEADING_PT)
    height = strip.height + set_label(title, size * scale, box.width, bold=True).height + GAP / 2
    if first:
        height += set_label(plan.intro, BODY_PT * scale, box.width).height + GAP
        height += _names_height(plan, scale) + GAP
    return height


def _names_height(plan: AuditPlan, scale: float) -> float:
    """Returns the height (mm) of the names row: one row of lines, or two when printed names need the room."""
    return _name_row(plan, scale) * plan.name_rows


def _name_row(plan: AuditPlan, scale: float) -> float:
    # The line 1 mm up its row, a hair free at the top for a printed name.
    names = names_room(scale, plan.name_lines) + 1.3 if plan.name_lines else 0.0
    return max(set_label(plan.names, NOTES_PT * scale).height, NAME_LINE, names)


def _names_start(plan: AuditPlan, box: Box, scale: float) -> float:
    return box.x + set_label(plan.names, NOTES_PT * scale).width + 4.0


def pause_height(plan: AuditPlan, width: float, scale: float) -> float:
    """Returns the height (mm) of the pause box: its title and hint on the left, the fields to fill on the right."""
    left, right = _pause_columns(width)
    title = set_label(plan.pause_title, BODY_PT * scale, left, bold=True).height
    hint = set_label(plan.pause_hint, NOTES_PT * scale, left).height
    caption = max(set_label(label, NOTES_PT * scale, right / 2 - 3.0).height for label in _pause_captions(plan))
    return 2 * PAUSE_PAD + max(title + 1.5 + hint, caption + PAUSE_LINE)


def _pause_captions(plan: AuditPlan) -> tuple[Label, ...]:
    """Returns the captions of the pause box's fields: each side's points (when the game has points), who is next."""
    return (plan.pause_scores, plan.pause_next) if plan.pause_scores else (plan.pause_next,)


def _pause_columns(width: float) -> tuple[float, float]:
    """Returns the widths (mm) of the pause box's two columns, inside its padding."""
    inner = width - 2 * PAUSE_PAD
    return inner * PAUSE_SHARE - 3.0, inner * (1 - PAUSE_SHARE)


def paginate(plan: AuditPlan, box: Box, scale: float, strip: StripLayout) -> list[AuditPage]:
    """Splits the rows over as few pages as rows of at least AUDIT_MIN_ROW allow (in large print, AUDIT_ROW: never
    smaller than normal print's), as evenly as they fit.

    The table header is repeated on each page and the pause box follows the last row.
    Rows are as tall as AUDIT_ROW times the scale when the pages have room: large-print handwriting is larger, and
    the rows of an audit that takes two pages fill them rather than leave both half empty.
    """
    least = AUDIT_MIN_ROW if scale == 1.0 else AUDIT_ROW
    head = _header_height(plan, column_widths(plan, box.width, scale), scale)
    pause = pause_height(plan, box.width, scale) + GAP
    first = box.height - _title_height(plan, box, scale, True, strip) - head
    later = box.height - _title_height(plan, box, scale, False, strip) - head
    plain = _rooms(plan.rows, first, later, pause, least)
    # Clear of a players' file's page number under it, wherever that costs no page.
    lifted = _rooms(plan.rows, first - AUDIT_FOOT, later - AUDIT_FOOT, pause, least)
    clear = bool(lifted and plain and len(lifted) == len(plain))
    rooms = lifted if clear else plain
    if rooms is None:
        raise LayoutError(f"an audit page has no room for rows of {least:g} mm")
    row = _tallest_row(rooms, plan.rows, (least, AUDIT_ROW * scale))
    counts = _balanced([math.floor(room / row + 1e-9) for room in rooms], plan.rows)
    result, move = [], 1
    for k, count in enumerate(counts):
        result.append(AuditPage(k == 0, range(move, move + count), k == len(counts) - 1, row, clear))
        move += count
    return result


def _rooms(rows: int, first: float, later: float, pause: float, least: float) -> list[float] | None:
    """Returns the room (mm) for rows on each of the fewest pages that hold `rows` rows of `least` mm, the first page
    `first` mm, the others `later`, the last less the pause box; None if no number of pages does."""
    for pages in range(1, rows + 1):
        rooms = [first] + [later] * (pages - 1)
        rooms[-1] -= pause
        if min(rooms) < least:
            continue
        if sum(math.floor(room / least) for room in rooms) >= rows:
            return rooms
    return None


def _tallest_row(rooms: list[float], rows: int, heights: tuple[float, float]) -> float:
    """Returns the tallest row height, from the least to the most of `heights` (mm), with which the pages still
    hold every row."""
    least, row = heights
    while row > least and sum(math.floor(room / row + 1e-9) for room in rooms) < rows:
        row = max(least, row - 0.1)
    return row


def _balanced(capacities: list[int], rows: int) -> list[int]:
    """Returns how many rows go on each page: as even as the capacities allow, none empty."""
    counts, left = [], rows
    for k, capacity in enumerate(capacities):
        pages_left = len(capacities) - k
        later = sum(capacities[k + 1 :])
        count = min(capacity, max(math.ceil(left / pages_left), left - later))
        counts.append(count)
        left -= count
    return counts


@frozen
class PageFrame:
    """Holds where the parts of one audit page go (mm from the paper's bottom): tops, and the pause box."""

    title_top: float
    intro_top: float  # the intro and the names come on the first page only
    names_top: float
    table_top: float
    bottom: float  # of the table
    pause: Box | None


def page_frame(plan: AuditPlan, page: AuditPage, box: Box, strip: StripLayout, scale: float) -> PageFrame:
    """Returns where each part of `page` goes: the drawing and a fillable audit's fields both take it from here."""
    title, size = (plan.title, TITLE_PT) if page.first else (plan.continued, HEADING_PT)
    title_top = box.top - strip.height
    intro_top = names_top = top = title_top - set_label(title, size * scale, box.width, bold=True).height - GAP / 2
    if page.first:
        names_top = intro_top - set_label(plan.intro, BODY_PT * scale, box.width).height - GAP
        top = names_top - _names_height(plan, scale) - GAP
    widths = column_widths(plan, box.width, scale)
    bottom = top - _header_height(plan, widths, scale) - len(page.moves) * page.row
    pause = None
    if page.pause:
        height = pause_height(plan, box.width, scale)
        pause = Box(box.x, bottom - GAP - height, box.width, height)
    return PageFrame(title_top, intro_top, names_top, top, bottom, pause)


def draw_audit_page(
    canvas: Canvas, *, plan: AuditPlan, page: AuditPage, box: Box, strip: StripLayout, scale: float
) -> None:
    """Draws one audit page but the group number."""
    frame = page_frame(plan, page, box, strip, scale)
    draw_strip(canvas, plan.strip, strip, box, scale)
    title, size = (plan.title, TITLE_PT) if page.first else (plan.continued, HEADING_PT)
    draw_label(canvas, title, box.x, frame.title_top, size * scale, width=box.width, bold=True)
    if page.first:
        draw_label(canvas, plan.intro, box.x, frame.intro_top, BODY_PT * scale, width=box.width)
        _draw_names(canvas, plan, box, frame.names_top, scale)
    _draw_table(canvas, plan, page, box.x, frame.table_top, column_widths(plan, box.width, scale), scale)
    if frame.pause is not None:
        _draw_pause(canvas, plan, frame.pause, scale)


def name_slots(plan: AuditPlan, box: Box, top: float, scale: float) -> list[Slot]:
    """Returns the line for each seat's player in the names row whose top is `top` (in two rows when printed names
    need the room: A and B over C and D); each slot's room reaches the top of its row."""
    row = _name_row(plan, scale)
    per_row = -(-len(plan.seats) // plan.name_rows)
    start = _names_start(plan, box, scale)
    slot = (box.right - start) / per_row
    slots = []
    for k, seat in enumerate(plan.seats):
        line = top - (k // per_row + 1) * row + 1.0
        x = start + (k % per_row) * slot
        seat_label = set_label((seat,), BODY_PT * scale, bold=True)
        slots.append(Slot(seat, x + seat_label.width + 1.5, x + slot - 3.0, line, row - 1.0))
    return slots


def _draw_names(canvas: Canvas, plan: AuditPlan, box: Box, top: float, scale: float) -> None:
    """Draws "Names:" and a line to write each seat's player on."""
    size = NOTES_PT * scale
    caption = set_label(plan.names, size)
    slots = name_slots(plan, box, top, scale)
    line = slots[0].y
    draw_label(canvas, plan.names, box.x, line + caption.height - 0.5, size)
    for slot in slots:
        seat_label = set_label((slot.key,), BODY_PT * scale, bold=True)
        x = slot.x0 - seat_label.width - 1.5
        draw_label(canvas, (slot.key,), x, slot.y + seat_label.height - 0.5, BODY_PT * scale, bold=True)
        draw_rule_line(canvas, slot.x0, slot.x1, slot.y)


def table_grid(
    plan: AuditPlan, page: AuditPage, x: float, top: float, widths: list[float], scale: float
) -> tuple[list[float], list[float]]:
    """Returns the table's column edges and row edges (mm): the header's top and bottom, then each row's bottom."""
    head = _header_height(plan, widths, scale)
    xs = [x]
    for width in widths:
        xs.append(xs[-1] + width)
    ys = [top] + [top - head - k * page.row for k in range(len(page.moves) + 1)]
    return xs, ys


def _draw_table(
    canvas: Canvas, plan: AuditPlan, page: AuditPage, x: float, top: float, widths: list[float], scale: float
) -> None:
    head = _header_height(plan, widths, scale)
    total = sum(widths)
    size = head_size(plan, total, scale)
    draw_box(canvas, Box(x, top - head, total, head), AUDIT_LINE_PT, fill_grey=AUDIT_FILL_GREY)
    xs, ys = table_grid(plan, page, x, top, widths, scale)
    for label, left, width in zip(plan.columns[:6], xs, widths, strict=False):
        draw_label(
            canvas,
            label,
            left + AUDIT_HEAD_PAD,
            top - AUDIT_HEAD_PAD,
            size,
            width=width - 2 * AUDIT_HEAD_PAD,
            bold=True,
        )
    rule = _draw_totals_head(canvas, plan, xs, top, widths, size) if plan.sides else top
    canvas.setLineWidth(AUDIT_LINE_PT)
    canvas.grid([v * MM for v in xs], [v * MM for v in ys[1:]])
    for k, column in enumerate(xs[1:-1], start=1):  # in the header, the totals' rules stop under "Total"
        canvas.line(column * MM, ys[1] * MM, column * MM, (top if k <= 6 else rule) * MM)
    for k, move in enumerate(page.moves):
        centre_y = top - head - (k + 0.5) * page.row
        draw_centred(canvas, str(move), x + widths[0] / 2, centre_y, BODY_PT * scale)


def _draw_totals_head(
    canvas: Canvas, plan: AuditPlan, xs: Sequence[float], top: float, widths: list[float], size: float
) -> float:
    """Draws one "Total" over the running totals, each headed by its side's name under a rule; returns the rule's
    height (mm)."""
    span = sum(widths[6:])
    draw_label(
        canvas,
        plan.total,
        xs[6] + span / 2,
        top - AUDIT_HEAD_PAD,
        size,
        width=span - 2 * AUDIT_HEAD_PAD,
        bold=True,
        align="centre",
    )
    rule = top - AUDIT_HEAD_PAD - _total_height(plan, widths, size)
    draw_rule_line(canvas, xs[6], xs[-1], rule, AUDIT_LINE_PT)
    for side, left, width in zip(plan.sides, xs[6:], widths[6:], strict=False):
        draw_label(
            canvas,
            (side.short,),
            left + width / 2,
            rule,
            size,
            width=width - 2 * AUDIT_HEAD_PAD,
            bold=True,
            align="centre",
        )
    return rule


def pause_slots(plan: AuditPlan, box: Box, scale: float) -> list[Slot]:
    """Returns the lines of the pause box `box`: each side's points (keyed by its name, "A + C"), then who is next."""
    inner = box.inset(PAUSE_PAD)
    _, right = _pause_columns(box.width)
    x = inner.right - right
    half = right / 2
    heights = [set_label(label, NOTES_PT * scale, half - 3.0).height for label in _pause_captions(plan)]
    line_y = inner.top - max(heights) - PAUSE_LINE
    slot = (half - 3.0) / max(1, len(plan.sides))
    slots = []
    for k, side in enumerate(plan.sides):
        sx = x + k * slot
        name = set_label((side.short,), BODY_PT * scale, bold=True)
        slots.append(Slot(side.short, sx + name.width + 1.0, sx + slot - 1.5, line_y))
    # Without points to note, who is next takes the first field's place.
    return [*slots, Slot("next", x + half if slots else x, x + half - 3.0 if not slots else inner.right, line_y)]


def _draw_pause(canvas: Canvas, plan: AuditPlan, box: Box, scale: float) -> None:
    draw_box(canvas, box, 1.2)
    inner = box.inset(PAUSE_PAD)
    left, right = _pause_columns(box.width)
    below = draw_label(canvas, plan.pause_title, inner.x, inner.top, BODY_PT * scale, bold=True, width=left)
    draw_label(canvas, plan.pause_hint, inner.x, below - 1.5, NOTES_PT * scale, width=left)
    x = inner.right - right
    half = right / 2
    for k, label in enumerate(_pause_captions(plan)):
        draw_label(canvas, label, x + k * half, inner.top, NOTES_PT * scale, width=half - 3.0)
    *scores, after = pause_slots(plan, box, scale)
    for slot in scores:
        name = set_label((slot.key,), BODY_PT * scale, bold=True)
        sx = slot.x0 - name.width - 1.0
        draw_label(canvas, (slot.key,), sx, slot.y + name.height - 1.0, BODY_PT * scale, bold=True)
        draw_rule_line(canvas, slot.x0, slot.x1, slot.y)
    draw_rule_line(canvas, after.x0, after.x1, after.y)


@frozen
class AuditGroup:
    """Holds one group's audit as drawn: the audit of its game, its strip and pages, its label and its names."""

    plan: AuditPlan
    strip: StripLayout
    pages: tuple[AuditPage, ...]
    label: Label
    names: tuple[PrintedName, ...] = ()  # a fillable audit's: only those its names fields cannot show
    game: FormGame | None = None  # a fillable audit's: the game its form says
    filled: tuple[tuple[str, str], ...] = ()  # a fillable audit's names fields, filled in: (seat, name)


def render_audits(
    document: Document,
    audits: list[AuditGroup],
    *,
    large_print: bool = False,
    bookmark: str = "",
    progress: Callable[[int], None] | None = None,
) -> None:
    """Adds one audit per group to `document`; each page layout is drawn once and reused.

    A group with a `game` is a form to fill in on screen, its names (if any) in its names fields; a name the fields'
    font lacks a letter of is printed as on paper, kept in a hidden names field.
    """
    scale = scale_of(large_print)
    width, height = document.paper.size_mm
    box = page_area((width, height), large_print)
    paper = Box(0, 0, width, height)
    for number, audit in enumerate(audits, start=1):
        if number == 1 and bookmark:
            document.bookmark(bookmark)
        plan, strip, pages = audit.plan, audit.strip, audit.pages
        for k, page in enumerate(pages, start=1):
            draw = partial(draw_audit_page, plan=plan, page=page, box=box, strip=strip, scale=scale)
            document.reuse(("audit", plan, page, box, scale, strip), paper, draw, 0, 0)
            draw_group(document.canvas, _corner(plan, audit.label, k, len(pages)), box, strip, scale)
            if audit.game is not None:
                # Loaded only for a fillable audit (it builds on this module's layout); the kit never needs it.
                from sos_print.documents.auditform import add_page_fields

                frame = page_frame(plan, page, box, strip, scale)
                add_page_fields(
                    document.form,
                    plan=plan,
                    page=page,
                    frame=frame,
                    box=box,
                    strip=strip,
                    scale=scale,
                    game=audit.game,
                    names=dict(audit.filled),
                )
            if page.first:
                draw_names(document, audit.names)
            # An audit of several pages numbers them itself ("Page 1 of 4" in its head): the file's number under it
            # disagreed ("2"), two numberings on one page (issue 23, review 33, 2.5).
            document.end_page(numbered=page.numbered and len(pages) == 1)
        if progress:
            progress(number)


def audit_groups(options: PrintOptions, fillable: bool = False) -> list[AuditGroup]:
    """Returns each group's audit: the audit of its own game (laid out once per game), its label and its names, set
    before anything is drawn (a name too long for its line is refused here)."""
    scale = scale_of(options.large_print)
    width, height = options.paper.size_mm
    box = page_area((width, height), options.large_print)
    games = group_games(options)
    labels = [game.label for game in games]
    laid = {}
    for variant in dict.fromkeys(game.options.variant for game in games):
        alike = [game for game in games if game.options.variant == variant]
        laid[variant] = _laid_audit(alike, box, labels, scale)
    audits = []
    for number, game in enumerate(games, start=1):
        plan, strip, pages, names = laid[game.options.variant]
        form = _form_game(game, number, fillable)
        printed = names[game] if form is None else _unshown(names[game], game.names)
        audits.append(AuditGroup(plan, strip, pages, game.label, printed, form, game.names if form else ()))
    return audits


def _unshown(printed: tuple[PrintedName, ...], names: tuple[tuple[str, str], ...]) -> tuple[PrintedName, ...]:
    """Returns the printed names a fillable audit's names fields could not show: those with a letter the fields' font
    lacks (a reader would drop it without a word), printed as on the paper audit."""
    from sos_print.pdf.fields import in_form_font

    by_seat = dict(names)
    return tuple(name for name in printed if not in_form_font(by_seat[name.key]))


# The room a names row gives printed names, tried in turn until every name of a game fits: (lines, rows).
NAME_ROOMS = ((1, 1), (2, 1), (1, 2), (2, 2))


def _laid_audit(
    games: list[GroupGame], box: Box, labels: list[Label], scale: float
) -> tuple[AuditPlan, StripLayout, tuple[AuditPage, ...], dict[GroupGame, tuple[PrintedName, ...]]]:
    """Lays out the audit of the games of one variant, with the least room its names need (none without them)."""
    plan = audit_plan(games[0].options)
    rooms = NAME_ROOMS if games[0].children else ((0, 1),)
    for k, (lines, rows) in enumerate(rooms):
        own = replace(plan, name_lines=lines, name_rows=rows)
        strip, pages = _laid(layout_audit(own, box, labels, scale))
        frame = page_frame(own, pages[0], box, strip, scale)
        slots = name_slots(own, box, frame.names_top, scale)
        try:
            names = {game: place_names(game, slots, scale, "audit") for game in games}
        except NameFitError:
            if k == len(rooms) - 1:
                raise
            continue
        return own, strip, pages, names
    raise AssertionError("unreachable: the last room raises")


def _laid(layout: tuple[StripLayout, list[AuditPage]]) -> tuple[StripLayout, tuple[AuditPage, ...]]:
    return layout[0], tuple(layout[1])


def _form_game(game: GroupGame, number: int, fillable: bool) -> FormGame | None:
    if not fillable:
        return None
    from sos_print.forms.fields import FormGame

    options = game.options
    return FormGame(options.size, options.variant, options.notation, number, options.groups, options.language.value)


def layout_audit(plan: AuditPlan, box: Box, groups: list[Label], scale: float) -> tuple[StripLayout, list[AuditPage]]:
    """Returns the header strip and the pages of each group's audit.

    The strip leaves room for the widest corner label, "Group 15 of 15 · Page 2 of 2", with
    the page count only if the audit takes several pages, so that a one-page audit gives the
    class line the room; a taller strip can only add pages, so this settles in a step or two.
    """
    count = 1
    while True:
        widest = [_corner(plan, label, count, count) for label in groups]  # digits are all one width
        strip = layout_strip(plan.strip, box.width, group_room(widest, scale), scale)
        pages = paginate(plan, box, scale, strip)
        if len(pages) <= count:
            return strip, pages
        count = len(pages)


def _corner(plan: AuditPlan, label: Label, page: int, pages: int) -> Label:
    """Returns the group label, with "Page i of n" when the audit takes several pages."""
    if pages == 1:
        return label
    suffix = " / ".join(pattern.format(number=page, count=pages) for pattern in plan.page)
    return (f"{label[0]} \u00b7 {suffix}",) if label else (suffix,)


def add_audits(
    document: Document, options: PrintOptions, progress: Progress | None = None, fillable: bool = False
) -> None:
    """Adds one scoring audit per group to `document`, each a form to fill in if `fillable`."""
    render_audits(
        document,
        audit_groups(options, fillable),
        large_print=options.large_print,
        bookmark=joined(options, "audit.bookmark", ends=game_rules(options.variant).ends),
        progress=report(progress, "audits", options.groups),
    )


def audit_document(options: PrintOptions, progress: Progress | None = None, fillable: bool = False) -> Rendered:
    """Returns one scoring audit per group; `fillable` makes each a form to fill in on a tablet or a computer."""
    document = new_document(
        options,
        joined(options, "audit.document_title", size=options.size, ends=game_rules(options.variant).ends),
        joined(options, "audit.subject", ends=game_rules(options.variant).ends),
        kind="audit",
    )
    add_audits(document, options, progress, fillable)
    return finished(document)
