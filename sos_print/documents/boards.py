"""Draws player boards: header strip, labelled grid, the rule in one sentence, a name and score tally per side."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

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
    strip_box,
)
from sos_print.documents.scoretable import block_height, block_slot, draw_block, draw_table, table_height, table_slots
from sos_print.engine.frozen import frozen, replace
from sos_print.engine.roster import NameFitError
from sos_print.pdf.document import Document
from sos_print.pdf.draw import (
    StripLayout,
    draw_cut_line,
    draw_group,
    draw_label,
    draw_strip,
    group_room,
    layout_corner,
    layout_strip,
    set_label,
)
from sos_print.pdf.grids import draw_grid, label_gutters
from sos_print.plans.boards import BoardPlan, board_plan
from sos_print.plans.common import GroupGame, group_games, group_labels
from sos_print.plans.layout import (
    BOARD_FOOT,
    BODY_PT,
    HEADING_PT,
    MARGIN,
    MAX_CELL,
    NOTES_PT,
    SMALL_PT,
    TITLE_PT,
    TWO_UP_MAX_SIZE,
    Box,
    LayoutError,
    min_cell,
    scale_of,
)
from sos_print.plans.options import PrintOptions
from sos_print.plans.words import Label

GAP = 3.5  # between the parts of a board, mm
SIDE_COLUMN = 74.0  # width of the tally column beside the grid on half-page boards, mm
CUT_GAP = 10.0  # space between a half-page board and the cut line, mm


@frozen
class Geometry:
    """Holds where the parts of one board go: the strip, the grid, the hint (if shown), the score table or blocks."""

    strip: StripLayout
    cell: float
    grid_x: float
    grid_y: float
    hint: Box | None
    table: Box | None = None
    table_columns: int = 1
    blocks: tuple[Box, ...] = ()


def fit(
    plan: BoardPlan,
    box: Box,
    scale: float,
    group: tuple[float, float],
    hint: bool | None = None,
    compact: bool = False,
) -> Geometry | None:
    """Places the board in `box`, trying layouts from the fullest to the most compact; None if none fits.

    The first layout whose cells reach the smallest size allowed wins: the score table
    under the grid, the tallies beside it (half pages), the table in two columns, and
    last, without the sentence on naming cells (the rule sheet explains it too). `hint`
    True or False keeps only the layouts with or without that sentence; `compact` keeps only the compact header.
    """
    n = plan.grid.size
    two_columns = len(plan.sides) > 2
    attempts: list[tuple[bool, Callable[[BoardPlan, Box, float, StripLayout], Geometry | None]]] = [
        (True, partial(_stacked, columns=1, hint=True)),
        (True, partial(_beside, hint=True)),
        *([(True, partial(_stacked, columns=2, hint=True))] if two_columns else []),
        (False, partial(_stacked, columns=1, hint=False)),
        *([(False, partial(_stacked, columns=2, hint=False))] if two_columns else []),
        (False, partial(_beside, hint=False)),
    ]
    if plan.name_lines and two_columns:
        # Printed names need the width of a one-column table more than the board needs the sentence on naming cells.
        attempts.insert(2, attempts.pop(3))
    # A compact header, the title beside the class and group, gives half pages the room they need. The board stands
    # BOARD_FOOT above the box's foot, clear of a players' file's page number, wherever some layout fits so.
    foot = BOARD_FOOT[scale > 1.0]
    for area in (Box(box.x, box.y + foot, box.width, box.height - foot), box):
        for strip in (
            None if compact else layout_strip(plan.strip, area.width, group, scale),
            layout_corner(plan.strip, area.width, group, scale),
        ):
            if strip is None:
                continue
            for with_hint, attempt in attempts:
                if hint is not None and with_hint is not hint:
                    continue
                geometry = attempt(plan, area, scale, strip)
                if geometry is not None and geometry.cell >= min_cell(n):
                    return geometry
    return None


def _header_height(plan: BoardPlan, box: Box, scale: float, strip: StripLayout) -> float:
    title = set_label(plan.title, TITLE_PT * scale, strip.title_width or box.width, bold=True).height
    height = max(title, strip.height) if strip.title_width else strip.height + title
    if plan.smaller:
        height += set_label(plan.smaller, HEADING_PT * scale, box.width, bold=True).height
    for label in (plan.rule, *plan.notes):
        height += 1.5 + set_label(label, BODY_PT * scale, box.width).height
    return height + GAP


def _body(plan: BoardPlan, box: Box, scale: float, strip: StripLayout) -> Box:
    return Box(box.x, box.y, box.width, box.height - _header_height(plan, box, scale, strip))


def _stacked(plan: BoardPlan, box: Box, scale: float, strip: StripLayout, columns: int, hint: bool) -> Geometry:
    """Puts the grid under the header, centred, then the hint, then the score table at the bottom."""
    n = plan.grid.size
    side_gutter, end_gutter = label_gutters(plan.grid, BODY_PT * scale)
    body = _body(plan, box, scale, strip)
    hint_h = set_label(plan.hint, NOTES_PT * scale, box.width).height + GAP if hint else 0.0
    table_h = table_height(plan, box.width, scale, columns)
    free_h = body.height - table_h - hint_h - GAP - 2 * end_gutter
    cell = min(free_h / n, (body.width - 2 * side_gutter) / n, MAX_CELL)
    side = n * cell
    # Spare height goes half above the grid, half between the hint and the table.
    grid_y = body.top - (free_h - side) / 2 - end_gutter - side
    hint_box = Box(box.x, grid_y - end_gutter - hint_h, box.width, hint_h - GAP) if hint else None
    table = Box(box.x, box.y, box.width, table_h)
    return Geometry(strip, cell, box.x + (box.width - side) / 2, grid_y, hint_box, table=table, table_columns=columns)


def _beside(plan: BoardPlan, box: Box, scale: float, strip: StripLayout, hint: bool) -> Geometry | None:
    """Puts the grid on the left and a column of tally blocks on the right, for half-page boards."""
    n = plan.grid.size
    side_gutter, end_gutter = label_gutters(plan.grid, BODY_PT * scale)
    body = _body(plan, box, scale, strip)
    block_h = block_height(plan, SIDE_COLUMN, scale)
    hint_h = set_label(plan.hint, NOTES_PT * scale, SIDE_COLUMN).height if hint else 0.0
    if len(plan.sides) * (block_h + GAP) + hint_h > body.height:
        return None
    cell = min((body.height - 2 * end_gutter) / n, (body.width - SIDE_COLUMN - GAP - 2 * side_gutter) / n, MAX_CELL)
    column_x = box.right - SIDE_COLUMN
    blocks = tuple(
        Box(column_x, body.top - (k + 1) * block_h - k * GAP, SIDE_COLUMN, block_h) for k in range(len(plan.sides))
    )
    hint_box = Box(column_x, blocks[-1].y - GAP - hint_h, SIDE_COLUMN, hint_h) if hint else None
    return Geometry(strip, cell, box.x + side_gutter, body.top - end_gutter - n * cell, hint_box, blocks=blocks)


def draw_board(canvas: Canvas, *, plan: BoardPlan, box: Box, geometry: Geometry, scale: float) -> None:
    """Draws everything of one board but the group number."""
    strip = geometry.strip
    top = draw_strip(canvas, plan.strip, strip, box, scale)
    bottom = draw_label(
        canvas, plan.title, box.x, top, TITLE_PT * scale, width=strip.title_width or box.width, bold=True
    )
    top = min(bottom, top - strip.height) if strip.title_width else bottom
    if plan.smaller:
        top = draw_label(canvas, plan.smaller, box.x, top, HEADING_PT * scale, width=box.width, bold=True)
    for label in (plan.rule, *plan.notes):
        top = draw_label(canvas, label, box.x, top - 1.5, BODY_PT * scale, width=box.width)
    draw_grid(canvas, plan.grid, geometry.grid_x, geometry.grid_y, geometry.cell, BODY_PT * scale)
    hint = geometry.hint
    if hint is not None:
        align, x = ("centre", hint.x + hint.width / 2) if hint.width == box.width else ("left", hint.x)
        draw_label(canvas, plan.hint, x, hint.top, NOTES_PT * scale, width=hint.width, align=align)
    if geometry.table is not None:
        draw_table(canvas, plan, geometry.table, scale, geometry.table_columns)
    for side, area in zip(plan.sides, geometry.blocks, strict=False):
        draw_block(canvas, plan, side, area, scale)


def board_box(paper: tuple[float, float], two_per_page: bool) -> Box:
    """Returns the box one board is drawn in: the page within its margins, or its upper half."""
    width, height = paper
    page = Box(0, 0, width, height).inset(MARGIN)
    if two_per_page:
        return Box(page.x, height / 2 + CUT_GAP, page.width, page.top - height / 2 - CUT_GAP)
    return page


@frozen
class BoardPage:
    """Holds one group's board as drawn: the board of its game, where its parts go, its label and its names."""

    plan: BoardPlan
    geometry: Geometry
    label: Label
    names: tuple[PrintedName, ...] = ()


def render_boards(
    document: Document,
    boards: Sequence[BoardPage],
    *,
    large_print: bool = False,
    two_per_page: bool = False,
    bookmark: str = "",
    progress: Callable[[int], None] | None = None,
) -> None:
    """Adds the boards to `document`, one or two per page; each game's board is drawn once, then its group's label
    and names on it."""
    scale = scale_of(large_print)
    width, height = document.paper.size_mm
    page = Box(0, 0, width, height).inset(MARGIN)
    box = board_box((width, height), two_per_page)
    paper = Box(0, 0, width, height)
    per_page = 2 if two_per_page else 1
    for first in range(0, len(boards), per_page):
        if first == 0 and bookmark:
            document.bookmark(bookmark)
        on_page = boards[first : first + per_page]
        for k, board in enumerate(on_page):
            # The lower board keeps the same margin from the paper's bottom edge as the upper from its top.
            shift = k * (page.y - box.y)
            plan, geometry = board.plan, board.geometry
            key = ("board", plan, box, scale, geometry)
            document.reuse(
                key, paper, partial(draw_board, plan=plan, box=box, geometry=geometry, scale=scale), 0, shift
            )
            draw_group(document.canvas, board.label, strip_box(box, shift), geometry.strip, scale)
            draw_names(document, board.names, shift)
        if len(on_page) == 2:
            caption = " / ".join(on_page[0].plan.cut)
            draw_cut_line(document.canvas, page.x, page.right, height / 2, caption, SMALL_PT)
        document.end_page()
        if progress:
            progress(first + len(on_page))


def name_slots(plan: BoardPlan, geometry: Geometry, box: Box, scale: float) -> list[Slot]:
    """Returns the lines the players' names are written on: in the score table, or in each side's block."""
    if geometry.table is not None:
        return table_slots(plan, geometry.table, scale, geometry.table_columns)
    return [block_slot(plan, side, area, scale) for side, area in zip(plan.sides, geometry.blocks, strict=False)]


def board_geometry(
    options: PrintOptions, hint: bool | None = None, plan: BoardPlan | None = None, compact: bool = False
) -> Geometry | None:
    """Returns where a board printed with `options` (as `plan`, if given) goes, or None if no layout keeps its cells
    large enough; `compact` keeps the compact header only."""
    if options.two_per_page and options.size > TWO_UP_MAX_SIZE:
        return None
    scale = scale_of(options.large_print)
    box = board_box(options.paper.size_mm, options.two_per_page)
    return fit(plan or board_plan(options), box, scale, group_room(group_labels(options), scale), hint, compact)


def add_boards(document: Document, options: PrintOptions, progress: Progress | None = None) -> None:
    """Adds one player board per group to `document`, or refuses if the cells would be too small or a child's name
    too long for its line (before anything is drawn)."""
    render_boards(
        document,
        board_pages(options),
        large_print=options.large_print,
        two_per_page=options.two_per_page,
        bookmark=joined(options, "board.bookmark"),
        progress=report(progress, "boards", options.groups),
    )


def board_pages(options: PrintOptions) -> list[BoardPage]:
    """Returns each group's board: the board of its own game (laid out once per game), its label and its names."""
    scale = scale_of(options.large_print)
    box = board_box(options.paper.size_mm, options.two_per_page)
    games = group_games(options)
    variants = dict.fromkeys(game.options.variant for game in games)
    laid = {
        variant: _laid_board([game for game in games if game.options.variant == variant], box, scale)
        for variant in variants
    }
    if len({bool(geometry.strip.title_width) for _, geometry, _ in laid.values()}) > 1:
        # A team's half page takes the compact header, a pair's beside it the class and date: every board of the
        # file takes the compact one, so that no cut sheet holds two kinds of header (sweep ad66, 6).
        laid = {
            variant: _laid_board([game for game in games if game.options.variant == variant], box, scale, True)
            for variant in variants
        }
    pages = []
    for game in games:
        plan, geometry, names = laid[game.options.variant]
        pages.append(BoardPage(plan, geometry, game.label, names[game]))
    return pages


def _laid_board(
    games: list[GroupGame], box: Box, scale: float, compact: bool = False
) -> tuple[BoardPlan, Geometry, dict[GroupGame, tuple[PrintedName, ...]]]:
    """Lays out the board of the games of one variant, with the least room its names need (none without them):
    one line above each name's line, else two; `compact`, with the compact header only."""
    options = games[0].options
    plan = board_plan(options)
    failed: NameFitError | None = None
    for lines in (1, 2) if games[0].children else (0,):
        own = replace(plan, name_lines=lines)
        geometry = board_geometry(options, plan=own, compact=compact)
        if geometry is None:
            if failed is not None:  # the board fits with names on one line: a name is what is too long
                raise failed
            from sos_print.documents.refusal import refusal  # only a refused run needs the words of a refusal

            raise LayoutError(refusal(options, lambda relaxed: board_geometry(relaxed) is not None))
        slots = name_slots(own, geometry, box, scale)
        try:
            return own, geometry, {game: place_names(game, slots, scale, "board") for game in games}
        except NameFitError as error:
            failed = error
    assert failed is not None
    raise failed


def boards_document(options: PrintOptions, progress: Progress | None = None) -> Rendered:
    """Returns one player board per group."""
    document = new_document(
        options,
        joined(options, "board.document_title", size=options.size),
        joined(options, "board.subject"),
        kind="boards",
    )
    add_boards(document, options, progress)
    return finished(document)


def grids_document(options: PrintOptions, sizes: list[int], progress: Progress | None = None) -> Rendered:
    """Returns one blank board of each size in `sizes`; the sentence on naming cells is on all of them or none."""
    listed = ", ".join(str(size) for size in sizes)
    document = new_document(
        options,
        joined(options, "common.grids_title"),
        joined(options, "common.grids_subject", sizes=listed),
        kind="grids",
    )
    singles = [replace(options, size=size, groups=1, two_per_page=False, seating=None) for size in sizes]
    hint = all(board_geometry(single, hint=True) is not None for single in singles)
    for done, single in enumerate(singles, start=1):
        geometry = board_geometry(single, hint=hint)
        if geometry is None:
            from sos_print.documents.refusal import refusal

            raise LayoutError(refusal(single, lambda relaxed: board_geometry(relaxed) is not None))
        render_boards(
            document,
            [BoardPage(board_plan(single), geometry, ())],
            large_print=options.large_print,
            bookmark=joined(single, "common.grids_bookmark", size=single.size),
        )
        if progress:
            progress("grids", done, len(sizes))
    return finished(document)
