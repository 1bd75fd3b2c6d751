"""Draws grids and board diagrams: coordinates, letters, move numbers, scored lines and their names.

Every function takes a finished grid plan, a position and sizes in millimetres and points;
none knows a rule of the game.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from itertools import islice, pairwise, permutations

from reportlab.pdfgen.canvas import Canvas

from sos_print.engine.frozen import frozen, replace
from sos_print.pdf.draw import CAP_HEIGHT, draw_centred
from sos_print.pdf.fonts import BOLD, REGULAR
from sos_print.pdf.textflow import width_of
from sos_print.plans.grids import GridPlan, SegmentMark, line_exits
from sos_print.plans.layout import (
    ANSWER_GREY,
    ANSWER_MARGIN,
    BADGE_RING_GREY,
    GREY,
    GRID_FRAME_PT,
    GRID_LINE_PT,
    LABEL_GAP,
    LAST_LETTER_DASH,
    LAST_LETTER_PT,
    LEADER_GREY,
    LEADER_PT,
    MM,
    NEW_LETTER_RING_PT,
    SEGMENT_GREY,
    SEGMENT_PT,
    Box,
)

# A line scored before the moves a diagram shows: thin dashes, dark enough that a cheap photocopy keeps them (a light
# grey vanishes and the pictures stop building up), plainly not a new line, which is solid and thick.
FAINT_GREY = 0.2
FAINT_SHARE = 0.4  # of a new line's width
FAINT_DASH = (1.1, 0.8)  # mm on, mm off
BADGE_SHARE = 0.62  # a scorer's label: its circle's radius, as a share of its type size
BADGE_RING = 0.8 / MM  # the width of a badge's ring (mm)
SCORER_CLEARANCE = 1.0  # between a scorer's badge and its line, beside which it stands (mm)
# Between a badge's ring and the inside of the grid's frame (mm): a badge over the frame read as a mark on the board's
# edge, half in and half out (issue 23, review 34, B3 and P17), so it stands wholly inside, on its line's inner side.
SCORER_FRAME_CLEARANCE = 0.5
# Where along its line a badge may stand, as shares of the line from the end it is nearer: a quarter first (halfway
# between the middle letter and an end), then nearer the middle letter or the end, where a quarter is as near another
# line round the same corner (four lines round a 3 x 3 board, in large print's cells).
SCORER_SHARES = (0.25, 0.275, 0.225, 0.3, 0.2, 0.325, 0.35)
MATCHING_BUDGET = 20_000  # places tried when matching badges to places, at the most
ALL_SIDES = ("top", "bottom", "left", "right")
OPEN_SHARE = 0.35  # of a cell, how far a corner of a board's lines run on past the sides it continues by
TAG_PAD = 0.8  # around a line name, inside its frame (mm)
TAG_GAP = 2.0  # between the grid (or its coordinates) and a line name's frame: plainly apart from the frame (mm)
ORDERS_TRIED = 24  # orders in which a diagram's lines look for a place for their names, at the most (all of four)
TAG_SPACE = 0.5  # between two line names' frames, and between a name's frame and another name's leader (mm)
LEADER_STEP = 0.25  # how far on along its leader a name moves while its place is taken (mm)
LEADER_REACH = 40.0  # how far past TAG_GAP a leader may run to find its name a place (mm)
FRAME_SHARE = 0.26  # of a cell, from its centre to the frame round a letter: clear of the move number
NUMBER_INSET = 0.6  # from a cell's corner to its move number (mm)
ANSWER_INSET = ANSWER_MARGIN + 0.3  # from an answer cell's corner to its number, just inside its black (mm)
NUMBER_CLEARANCE = 0.4  # between a move number and the frame below it (mm)
NUMBER_GAP = 0.25  # between a move number (its advance, side bearings in) and a line broken round it (mm)
NUMBER_STEP = 0.25  # a move number moved along its cell's top edge, clear of a line through its corner, moves by (mm)
PIECE_LEAST = 0.2  # a line's piece, or a break in it, shorter than this (mm) is not made
THINNED_LEAST = 0.5  # of a line's width: what must stay clear of a move number beside it for the line to run on
FRAME_CLEARANCE = 0.3  # between a framed letter and the inside of its frame, at the least (mm)
ANSWER_NUMBER_GAP = 0.4  # between an answer's number and its letters (mm)
SLASH_SCALE = 0.5  # the width of the slash of an answer's "S/O", as a share of its own: the letters fit a key's cell
Ends = tuple[tuple[float, float], tuple[float, float]]  # a line's two drawn ends (mm)
KNOCKOUT_PAD = 0.5  # around a letter, the white ground that keeps a line drawn through it off it (mm)
# Where two lines meet end to end on one row, column or diagonal (A1-C1 and C1-E1), each stops short of the shared
# cell's centre by this share of a cell, clear of its letter: a child counts two S-O-S, not one long line (issue 23).
# 6 mm between them on the smallest replay cell (8 mm), more on larger cells, where the letter is larger too.
SHARED_END_SHARE = 0.375


def label_gutters(grid: GridPlan, size: float) -> tuple[float, float]:
    """Returns the room (mm) coordinate labels need beside the grid and above or below it."""
    widest = max(width_of(text, REGULAR, size) for text in grid.row_labels) / MM
    return (LABEL_GAP + widest + 0.5, LABEL_GAP + CAP_HEIGHT * size / MM + 0.5)


def draw_grid(
    canvas: Canvas, grid: GridPlan, x: float, y: float, cell: float, label_pt: float, sides: Sequence[str] = ALL_SIDES
) -> None:
    """Draws the grid with its lower-left corner at (x, y) mm and coordinate labels on `sides`."""
    n, side = grid.size, grid.size * cell
    canvas.setLineWidth(GRID_LINE_PT * min(1.0, cell / 15.0))
    canvas.setStrokeGray(0)
    canvas.grid([(x + k * cell) * MM for k in range(n + 1)], [(y + k * cell) * MM for k in range(n + 1)])
    canvas.setLineWidth(GRID_FRAME_PT * min(1.0, cell / 15.0))
    if grid.open_sides:
        _open_frame(canvas, grid, x, y, cell)
    else:
        canvas.rect(x * MM, y * MM, side * MM, side * MM, stroke=1, fill=0)
    side_gutter, _ = label_gutters(grid, label_pt)
    offset = LABEL_GAP + CAP_HEIGHT * label_pt / MM / 2
    for k, text in enumerate(grid.col_labels):
        cx = x + (k + 0.5) * cell
        if "top" in sides:
            draw_centred(canvas, text, cx, y + side + offset, label_pt)
        if "bottom" in sides:
            draw_centred(canvas, text, cx, y - offset, label_pt)
    for k, text in enumerate(grid.row_labels):
        cy = y + side - (k + 0.5) * cell
        if "left" in sides:
            draw_centred(canvas, text, x - side_gutter / 2 - LABEL_GAP / 2, cy, label_pt)
        if "right" in sides:
            draw_centred(canvas, text, x + side + side_gutter / 2 + LABEL_GAP / 2, cy, label_pt)


def open_reach(cell: float) -> float:
    """Returns how far (mm) a corner of a board's lines run on past the sides the board continues by (`open_sides`)."""
    return OPEN_SHARE * cell


def _open_frame(canvas: Canvas, grid: GridPlan, x: float, y: float, cell: float) -> None:
    """Draws the frame of a corner of a board on its own edges only, and its lines run on a little past the sides the
    board continues by, the board's edges thick as its frame: the corner reads as part of a board, not a small one."""
    n, side, reach = grid.size, grid.size * cell, open_reach(cell)
    frame, thin = (width * min(1.0, cell / 15.0) for width in (GRID_FRAME_PT, GRID_LINE_PT))
    canvas.saveState()
    canvas.setLineWidth(frame)
    canvas.setLineCap(2)  # square ends: two sides of the frame meet in a full corner
    ends = {"left": ((x, y), (x, y + side)), "right": ((x + side, y), (x + side, y + side))}
    ends |= {"bottom": ((x, y), (x + side, y)), "top": ((x, y + side), (x + side, y + side))}
    for name, ((x0, y0), (x1, y1)) in ends.items():
        if name not in grid.open_sides:
            canvas.line(x0 * MM, y0 * MM, x1 * MM, y1 * MM)
    runs = {"left": (-1, 0), "right": (1, 0), "bottom": (0, -1), "top": (0, 1)}
    for name in grid.open_sides:
        dx, dy = runs[name]
        start = {"left": x, "right": x + side, "bottom": y, "top": y + side}[name]
        for k in range(n + 1):
            # Along the board's edge (the first or last line, on a side not open) the stub is the frame's width.
            edge = {0: ("left", "bottom"), n: ("right", "top")}.get(k, ())
            canvas.setLineWidth(frame if edge and edge[bool(dx)] not in grid.open_sides else thin)
            if dx:
                canvas.line(start * MM, (y + k * cell) * MM, (start + dx * reach) * MM, (y + k * cell) * MM)
            else:
                canvas.line((x + k * cell) * MM, start * MM, (x + k * cell) * MM, (start + dy * reach) * MM)
    canvas.restoreState()


def cell_centre(grid: GridPlan, x: float, y: float, cell: float, col: int, row: int) -> tuple[float, float]:
    """Returns the centre (mm) of the cell at column `col`, row `row` from the top."""
    return (x + (col + 0.5) * cell, y + (grid.size - row - 0.5) * cell)


def draw_letters(
    canvas: Canvas, grid: GridPlan, x: float, y: float, cell: float, size: float, number_pt: float
) -> None:
    """Draws the letters, a frame round the letters that scored, a dashed frame round the last letter when it scored
    nothing, and each move's number in its cell's corner, clear of the frame (see `frame_half`) and of the lines."""
    lined = bool(grid.segments or grid.faint)
    drop = letter_drop(grid, cell, size, number_pt)
    half = frame_half(cell, size, number_pt)
    for row in range(grid.size):
        for col in range(grid.size):
            letter = grid.letter(col, row)
            if not letter:
                continue
            cx, cy = cell_centre(grid, x, y - drop, cell, col, row)
            bold = (col, row) in grid.marked or (col, row) == grid.last
            if lined and bold:  # a line into a framed letter stops at its frame, not a hair from the letter inside it
                canvas.setFillGray(1)
                canvas.rect((cx - half) * MM, (cy - half) * MM, 2 * half * MM, 2 * half * MM, 0, 1)
                canvas.setFillGray(0)
            elif lined:  # the lines run behind the letters: a white ground keeps O from reading as θ, S as $
                _knockout(canvas, letter, cx, cy, size, bold)
            draw_centred(canvas, letter, cx, cy, size, bold=bold)
    # A frame, not a ring: a ringed O reads as a target, not as a letter.
    canvas.setLineWidth(NEW_LETTER_RING_PT)
    for place in grid.marked:
        _frame(canvas, *cell_centre(grid, x, y - drop, cell, *place), half)
    if grid.last is not None:
        canvas.saveState()
        canvas.setLineWidth(LAST_LETTER_PT)
        canvas.setDash([length * MM for length in LAST_LETTER_DASH])
        _frame(
            canvas,
            *cell_centre(grid, x, y - drop, cell, *grid.last),
            half + (NEW_LETTER_RING_PT - LAST_LETTER_PT) / 2 / MM,
        )
        canvas.restoreState()
    canvas.setFont(REGULAR, number_pt)
    canvas.setFillGray(GREY)  # every number grey: a few black among grey ones read as other marks (des41 C2)
    for (col, row), (left, baseline) in _number_origins(grid, x, y, cell, number_pt, drop).items():
        canvas.drawString(left * MM, baseline * MM, str(grid.number(col, row)))
    canvas.setFillGray(0)


def _number_origins(
    grid: GridPlan, x: float, y: float, cell: float, size: float, drop: float
) -> dict[tuple[int, int], tuple[float, float]]:
    """Returns where each move number starts (mm: its left, its baseline), by cell (column, row from the top): in its
    cell's top-left corner, NUMBER_INSET from its edges, on every cell of every board. Numbers moved to another corner
    of their cells where a line ran into the first stood beside the next cell's ("1" in G4 against H4's "53"), and a
    child could not tell which cell a number belonged to (issue 23, rv44 C7): the line breaks round it instead, but
    where a line (drawn `drop` mm under the cells' centres) runs into that corner, as a diagonal through its point
    does, the number first moves along its cell's top edge, as little as clears every line (`_cleared`)."""
    found = {}
    lines = [_drawn_ends(grid, mark, x, y - drop, cell) for mark in (*grid.segments, *grid.faint)]
    for row in range(grid.size):
        for col in range(grid.size):
            if grid.number(col, row) and grid.letter(col, row):
                cx, cy = cell_centre(grid, x, y, cell, col, row)
                origin = (cx - cell / 2 + NUMBER_INSET, cy + cell / 2 - NUMBER_INSET - 0.72 * size / MM)
                found[(col, row)] = _cleared(origin, str(grid.number(col, row)), size, cx, lines)
    return found


def _cleared(
    origin: tuple[float, float], number: str, size: float, centre: float, lines: Sequence[Ends]
) -> tuple[float, float]:
    """Returns where a move number starts: at `origin`, or moved right along its cell's top edge by the least step of
    NUMBER_STEP that keeps it clear of every line, still starting left of its cell's `centre`; at `origin` where no
    line runs into it there, or where none such is found (the line then breaks round it, or runs on beside it).

    A solid line down to the right, broken round the numbers in the corners of its middle and last cells, read as the
    dashed lines of S-O-S made before (review rv71, 1)."""
    wide = width_of(number, REGULAR, size) / MM
    left, baseline = origin
    steps = int((centre - left) / NUMBER_STEP) + 1
    # Only the lines whose bounds meet the strip every step's box lies in can run into one (a board's dozens of lines,
    # tried at every step of every number, took a quarter of a replay's drawing).
    first = _grown(_number_box(origin, wide, size, NUMBER_GAP), SEGMENT_PT / MM / 2)
    right = first.right + (steps - 1) * NUMBER_STEP
    near = [
        ends
        for ends in lines
        if min(ends[0][0], ends[1][0]) <= right
        and max(ends[0][0], ends[1][0]) >= first.x
        and min(ends[0][1], ends[1][1]) <= first.top
        and max(ends[0][1], ends[1][1]) >= first.y
    ]
    for step in range(steps):
        moved = (left + step * NUMBER_STEP, baseline)
        box = _grown(_number_box(moved, wide, size, NUMBER_GAP), SEGMENT_PT / MM / 2)
        if not any(_enters(ends, box) for ends in near):
            return moved
    return origin


def _enters(ends: Ends, box: Box) -> bool:
    """Tells whether the line between `ends` (mm) runs into `box` for more than PIECE_LEAST."""
    cut = _stretch_in(ends, box)
    return cut is not None and (cut[1] - cut[0]) * math.dist(*ends) > PIECE_LEAST


def _number_box(origin: tuple[float, float], wide: float, size: float, near: float) -> Box:
    """Returns the box (mm) a move number starting at `origin` keeps free of lines: its digits, NUMBER_GAP round
    them, `near` mm on its left and top."""
    left, baseline = origin
    return Box(left - near, baseline - NUMBER_GAP, wide + near + NUMBER_GAP, CAP_HEIGHT * size / MM + NUMBER_GAP + near)


def number_boxes(grid: GridPlan, x: float, y: float, cell: float, size: float, drop: float) -> tuple[Box, ...]:
    """Returns the box (mm) each move number of the grid keeps free of lines, drawn `drop` mm under the cells'
    centres: its digits, NUMBER_GAP round them, but towards its cell's own edges, where it stops short of the grid's
    lines (the frame's inner half is the cell's)."""
    near = min(NUMBER_GAP, NUMBER_INSET - GRID_FRAME_PT / 2 / MM)
    return tuple(
        _number_box(origin, width_of(str(grid.number(col, row)), REGULAR, size) / MM, size, near)
        for (col, row), origin in _number_origins(grid, x, y, cell, size, drop).items()
    )


@frozen
class Piece:
    """Holds a piece of a drawn line: its ends (mm) and half its width (mm)."""

    start: tuple[float, float]
    end: tuple[float, float]
    half: float


def _broken(ends: Ends, boxes: Sequence[Box], reach: float) -> list[Piece]:
    """Returns the pieces of the line between `ends` (mm), `reach` mm either side of it (half its width), that stand
    clear of every box: a line broken round a move number, as it is round a letter, so that neither hides the other.
    Where a box only reaches into one side of the line, leaving THINNED_LEAST of its width clear, the line runs on
    beside it, that much thinner, on its other side: two digits in the corner of a large-print 13 mm cell reached a
    third of a millimetre into a new S-O-S down the column, which broke into stubs a child could not see as a line."""
    (ax, ay), (bx, by) = ends
    length = math.dist(*ends)
    normal = (ay - by) / length, (bx - ax) / length  # the unit normal, on the left of the line's way
    stretches: list[tuple[float, float, float, float]] = []  # (low, high, shift, half): half 0 for a break
    for box in boxes:
        cut = _stretch_in(ends, _grown(box, reach))
        # A line that only grazes a box's corner (a diagonal past the cell's corner point) is left whole: a cut of a
        # tenth of a millimetre read as a notch, not a break.
        if cut is not None and (cut[1] - cut[0]) * length > PIECE_LEAST:
            stretches.append((*cut, *_beside(ends[0], normal, box, reach)))
    stretches = _merged(sorted(stretches))
    pieces, start = [], 0.0
    for low, high, shift, half in stretches:
        if low > start:
            pieces.append(((start, low), 0.0, reach))
        if half:
            pieces.append(((max(start, low), high), shift, half))
        start = max(start, high)
    if start < 1.0:
        pieces.append(((start, 1.0), 0.0, reach))
    nx, ny = normal
    return [
        Piece(
            (ax + (bx - ax) * low + nx * shift, ay + (by - ay) * low + ny * shift),
            (ax + (bx - ax) * high + nx * shift, ay + (by - ay) * high + ny * shift),
            half,
        )
        for (low, high), shift, half in pieces
        if (high - low) * length > PIECE_LEAST
    ]


def _beside(start: tuple[float, float], normal: tuple[float, float], box: Box, reach: float) -> tuple[float, float]:
    """Returns how the line from `start` runs on beside `box`: the shift (mm, along its left unit `normal`) and half
    width of what stays clear of the box on its other side, or (0, 0) where the box reaches across so far that less
    than THINNED_LEAST of the line's width would stay: then the line breaks."""
    (ax, ay), (nx, ny) = start, normal
    sides = [(cx - ax) * nx + (cy - ay) * ny for cx in (box.x, box.right) for cy in (box.y, box.top)]
    if min(sides) > 0:  # on the left: the line keeps from its right edge to the box
        low, high = -reach, min(min(sides), reach)
    elif max(sides) < 0:
        low, high = max(max(sides), -reach), reach
    else:
        return 0.0, 0.0
    if high - low < 2 * reach * THINNED_LEAST:
        return 0.0, 0.0
    return (low + high) / 2, (high - low) / 2


def _merged(stretches: list[tuple[float, float, float, float]]) -> list[tuple[float, float, float, float]]:
    """Returns stretches of a line (sorted) where none overlaps another: overlapping ones become one, a break unless
    they thin the line alike (the same box, or boxes on one side, the thinner kept)."""
    merged: list[tuple[float, float, float, float]] = []
    for low, high, shift, half in stretches:
        if merged and low < merged[-1][1]:
            before = merged[-1]
            same_side = half and before[3] and (shift > 0) == (before[2] > 0)
            thinner = min((before[3], before[2]), (half, shift)) if same_side else (0.0, 0.0)
            merged[-1] = (before[0], max(before[1], high), thinner[1], thinner[0])
        else:
            merged.append((low, high, shift, half))
    return merged


def _stretch_in(ends: Ends, box: Box) -> tuple[float, float] | None:
    """Returns the stretch (shares of its length, from its start) of the segment between `ends` inside `box`, or None
    where it does not enter it (Liang-Barsky clipping)."""
    (ax, ay), (bx, by) = ends
    low, high = 0.0, 1.0
    for p, q in ((ax - bx, ax - box.x), (bx - ax, box.right - ax), (ay - by, ay - box.y), (by - ay, box.top - ay)):
        if p == 0:
            if q < 0:
                return None
        elif p < 0:
            low = max(low, q / p)
        else:
            high = min(high, q / p)
    return (low, high) if low < high else None


def numbers_clear_middle(cell: float, number_pt: float, most: int) -> bool:
    """Tells whether a line drawn down the middle of a cell runs on beside move numbers up to `most`, each in its
    cell's top-left corner (`_broken`: THINNED_LEAST of its width clear of them at least): where it does not, it
    breaks round them (in 13 mm cells, two digits at 13.5 pt broke a new S-O-S down a column into stubs a child could
    not see as a line, before a line ran on beside a number)."""
    wide = width_of(str(most), REGULAR, number_pt) / MM
    reach = SEGMENT_PT / MM / 2
    return NUMBER_INSET + wide + NUMBER_GAP <= cell / 2 + reach * (1 - 2 * THINNED_LEAST)


def frame_half(cell: float, letter_pt: float, number_pt: float) -> float:
    """Returns the half side (mm) of the frame round a scored letter: FRAME_SHARE of the cell, made smaller where the
    move number in the cell's corner needs the room (in large print's cells its two digits ran into the frame), never
    so small that the frame touches its letter."""
    ring = NEW_LETTER_RING_PT / MM / 2
    letter = max(width_of("O", BOLD, letter_pt) / MM, CAP_HEIGHT * letter_pt / MM) / 2
    room = cell / 2 - NUMBER_INSET - CAP_HEIGHT * number_pt / MM - NUMBER_CLEARANCE - ring
    return max(letter + FRAME_CLEARANCE + ring, min(cell * FRAME_SHARE, room))


def letter_drop(grid: GridPlan, cell: float, letter_pt: float, number_pt: float) -> float:
    """Returns how far (mm) below its cell's centre each letter of a grid with move numbers stands, its frame and
    lines with it: none where the frame clears the number in the cell's corner, else just enough that it does (in
    large print's cells a two-digit number ran into the frame, and the frame cannot shrink past its letter)."""
    if not any(grid.number(col, row) for row in range(grid.size) for col in range(grid.size)):
        return 0.0
    return _numbered_drop(cell, letter_pt, number_pt)


def _numbered_drop(cell: float, letter_pt: float, number_pt: float) -> float:
    """Returns `letter_drop` in a grid with move numbers."""
    below = cell / 2 - NUMBER_INSET - CAP_HEIGHT * number_pt / MM - NUMBER_CLEARANCE
    return max(0.0, frame_half(cell, letter_pt, number_pt) + NEW_LETTER_RING_PT / MM / 2 - below)


def frame_room(cell: float, letter_pt: float, number_pt: float) -> float:
    """Returns the room (mm) between the frame round a scored letter, dropped under the move number in its cell's
    corner (`letter_drop`), and the line at its cell's foot (in the bottom row the board's frame, GRID_FRAME_PT wide
    in cells of 15 mm, half of it in the cell): negative where the frame crosses that line and the letter stands on
    it (18 pt letters under 13.5 pt numbers in 10 mm cells)."""
    ring = NEW_LETTER_RING_PT / MM / 2
    line = GRID_FRAME_PT * min(1.0, cell / 15.0) / MM / 2
    return cell / 2 - _numbered_drop(cell, letter_pt, number_pt) - frame_half(cell, letter_pt, number_pt) - ring - line


def _knockout(
    canvas: Canvas,
    letter: str,
    cx: float,
    cy: float,
    size: float,
    bold: bool,
    ground: float = 1.0,
    half: float | None = None,
) -> None:
    """Paints a ground (white, or an answer cell's black) just larger than a letter, or than `half` mm either side of
    `cx` where given, over the lines drawn before it."""
    if half is None:
        half = width_of(letter, BOLD if bold else REGULAR, size) / MM / 2
    half_width = half + KNOCKOUT_PAD
    half_height = CAP_HEIGHT * size / MM / 2 + KNOCKOUT_PAD
    canvas.setFillGray(ground)
    canvas.rect((cx - half_width) * MM, (cy - half_height) * MM, 2 * half_width * MM, 2 * half_height * MM, 0, 1)
    canvas.setFillGray(0)


def shade_answers(canvas: Canvas, grid: GridPlan, x: float, y: float, cell: float) -> None:
    """Fills each answer cell of a puzzle in black inside a white margin (before the grid lines, which stay on top):
    a cheap photocopy loses a light grey, and a bold letter beside regular ones is hard to tell apart, but not a
    white letter on black; answer cells side by side merged into one bar without the margin (review rv61, 1)."""
    canvas.setFillGray(ANSWER_GREY)
    for place, _ in grid.answers:
        canvas.rect(*_answer_black(grid, x, y, cell, place), stroke=0, fill=1)
    canvas.setFillGray(0)


Rect = tuple[float, float, float, float]  # left, bottom, width, height (points), as reportlab draws a rectangle


def _answer_black(grid: GridPlan, x: float, y: float, cell: float, place: tuple[int, int]) -> Rect:
    """Returns the black square of an answer cell, inside its white margin: left, bottom, width, height (points)."""
    col, row = place
    inner = (cell - 2 * ANSWER_MARGIN) * MM
    return (x + col * cell + ANSWER_MARGIN) * MM, (y + (grid.size - row - 1) * cell + ANSWER_MARGIN) * MM, inner, inner


def _clip_to(canvas: Canvas, box: Rect) -> None:
    """Keeps what is drawn next (until the state is restored) inside `box` (left, bottom, width, height, points)."""
    path = canvas.beginPath()
    path.rect(*box)
    canvas.clipPath(path, stroke=0, fill=0)


def draw_answers(
    canvas: Canvas, grid: GridPlan, x: float, y: float, cell: float, size: float, number_size: float = 0.0
) -> None:
    """Writes in each answer cell, in white, the letter to write there, bold ("S/O" when either is an answer), always
    at `size`, and its number in the key's list, `number_size` points, in the cell's top-left corner (as a move
    number): the letters beside the number where they fit there, else under it.

    A line drawn through the cell stops at the letters and the number, on the cell's own black: a grey stroke across a
    white O makes it read as Ø. "S/O" at 3 pt beside "1,2", to fit the cell's width, could not be read on paper
    (issue 23, review 37 H2), nor a number that moved to the other corner where a line ran into the first."""
    lined = bool(grid.segments or grid.faint)
    numbers = dict(grid.answer_numbers)
    for place, text in grid.answers:
        centre = cell_centre(grid, x, y, cell, *place)
        middle, level = centre
        half = _answer_width(text, size) / MM / 2
        if place in numbers:
            left, top, wide = _answer_number(numbers[place], centre, cell, number_size)
            if (cell - 2 * ANSWER_INSET) * MM - wide - ANSWER_NUMBER_GAP * MM >= 2 * half * MM:
                middle = max(middle, (left + wide) / MM + ANSWER_NUMBER_GAP + half)
            else:  # under the number, as low as keeps the letters as far from the cell's foot as it is from the top
                below = top / MM - CAP_HEIGHT * number_size / MM - ANSWER_NUMBER_GAP
                level = min(level, (below + centre[1] - cell / 2 + ANSWER_INSET) / 2)
        if lined:  # the ground stays on the cell's black, off its white margin
            canvas.saveState()
            _clip_to(canvas, _answer_black(grid, x, y, cell, place))
            _knockout(canvas, text, middle, level, size, True, ANSWER_GREY, half)
            canvas.restoreState()
        canvas.setFillGray(1)
        _draw_answer_letters(canvas, text, middle, level, size)
    for place, text in grid.answer_numbers:
        left, top, wide = _answer_number(text, cell_centre(grid, x, y, cell, *place), cell, number_size)
        baseline = top - number_size * CAP_HEIGHT
        if lined:  # a line running into the corner stops at the number, as at the letters, short of the grid's lines
            pad, edge = ANSWER_NUMBER_GAP * MM, ANSWER_INSET * MM - GRID_FRAME_PT / 2
            canvas.saveState()
            _clip_to(canvas, _answer_black(grid, x, y, cell, place))
            canvas.setFillGray(ANSWER_GREY)
            canvas.rect(
                left - min(pad, edge),
                baseline - pad,
                wide + pad + min(pad, edge),
                top - baseline + pad + min(pad, edge),
                0,
                1,
            )
            canvas.restoreState()
        canvas.setFillGray(1)
        canvas.setFont(BOLD, number_size)  # white on black: a regular stroke is what a soft copy loses first (rv63, 1)
        canvas.drawString(left, baseline, text)
    canvas.setFillGray(0)


def _answer_number(text: str, centre: tuple[float, float], cell: float, size: float) -> tuple[float, float, float]:
    """Returns where an answer's number starts and the top of its capitals (points), and its width (points): always
    in the cell's top-left corner, so that every number of a key is found in the same place."""
    wide = width_of(text, BOLD, size)
    return (centre[0] - cell / 2 + ANSWER_INSET) * MM, (centre[1] + cell / 2 - ANSWER_INSET) * MM, wide


def _answer_parts(text: str, size: float) -> list[tuple[str, float]]:
    """Returns each glyph of an answer's letters with its advance (points): "S/O" has its slash at SLASH_SCALE of its
    width, the two letters at their full size, so that they fit a key's cell (see `draw_answers`)."""
    return [(part, width_of(part, BOLD, size) * (SLASH_SCALE if part == "/" else 1.0)) for part in text]


def _answer_width(text: str, size: float) -> float:
    """Returns the width (points) of an answer's letters as `_draw_answer_letters` sets them."""
    return sum(advance for _, advance in _answer_parts(text, size))


def _draw_answer_letters(canvas: Canvas, text: str, cx: float, cy: float, size: float) -> None:
    """Draws an answer's letters in bold centred on (cx, cy) mm, the slash of "S/O" narrowed (`_answer_parts`)."""
    if "/" not in text:
        draw_centred(canvas, text, cx, cy, size, bold=True)
        return
    start = cx * MM - _answer_width(text, size) / 2
    for part, advance in _answer_parts(text, size):
        canvas.saveState()  # the slash's scale is the text state's: it would narrow every later letter
        words = canvas.beginText(start, cy * MM - CAP_HEIGHT * size / 2)
        words.setFont(BOLD, size)
        words.setHorizScale(SLASH_SCALE * 100 if part == "/" else 100)
        words.textOut(part)
        canvas.drawText(words)
        canvas.restoreState()
        start += advance


def _frame(canvas: Canvas, cx: float, cy: float, half: float) -> None:
    canvas.roundRect((cx - half) * MM, (cy - half) * MM, 2 * half * MM, 2 * half * MM, half * 0.3 * MM)


def draw_segments(
    canvas: Canvas,
    grid: GridPlan,
    x: float,
    y: float,
    cell: float,
    dashes: float = 1.0,
    numbers: Sequence[Box] = (),
) -> None:
    """Draws each scored line through its three cell centres, under the letters, which come after, broken round the
    move `numbers` (their boxes, mm: `number_boxes`).

    Lines scored earlier are drawn first, thin and dashed, their width and dashes `dashes` times normal print's: in
    large print, 0.88 pt dashes between letters half as large again read as specks (des38 B10).
    """
    canvas.saveState()
    for marks, grey, width, dash in (
        (grid.faint, FAINT_GREY, SEGMENT_PT * FAINT_SHARE * dashes, tuple(length * dashes for length in FAINT_DASH)),
        (grid.segments, SEGMENT_GREY, SEGMENT_PT, ()),
    ):
        canvas.setLineWidth(width)
        canvas.setStrokeGray(grey)
        canvas.setLineCap(0 if dash else 1)
        canvas.setDash([length * MM for length in dash])
        for mark in marks:
            for piece in _broken(_drawn_ends(grid, mark, x, y, cell), numbers, width / MM / 2):
                canvas.setLineWidth(2 * piece.half * MM)
                (x0, y0), (x1, y1) = piece.start, piece.end
                canvas.line(x0 * MM, y0 * MM, x1 * MM, y1 * MM)
    canvas.restoreState()


def _drawn_ends(
    grid: GridPlan, mark: SegmentMark, x: float, y: float, cell: float
) -> tuple[tuple[float, float], tuple[float, float]]:
    """Returns where a line is drawn from and to (mm): its end cells' centres, each drawn back by SHARED_END_SHARE of a
    cell where another line of the grid goes on from that end in the same direction."""
    start, end = (cell_centre(grid, x, y, cell, *place) for place in (mark.start, mark.end))
    length = math.dist(start, end)
    back = SHARED_END_SHARE * cell
    shared = _continued(grid, mark)
    ends = []
    for (px, py), (qx, qy), place in ((start, end, mark.start), (end, start, mark.end)):
        share = back / length if place in shared and length else 0.0
        ends.append((px + (qx - px) * share, py + (qy - py) * share))
    return ends[0], ends[1]


def _continued(grid: GridPlan, mark: SegmentMark) -> set[tuple[int, int]]:
    """Returns the end cells of `mark` where another line of the grid (new or earlier) starts or ends in the same
    direction: the two read as one long line there."""
    way = _direction(mark)
    return {
        place
        for other in (*grid.segments, *grid.faint)
        if other != mark and _direction(other) == way
        for place in (mark.start, mark.end)
        if place in (other.start, other.end)
    }


def _direction(mark: SegmentMark) -> tuple[int, int]:
    """Returns the direction of a line, the same from either end: (1, 0), (0, 1), (1, 1) or (1, -1)."""
    dx, dy = (b - a for a, b in zip(mark.start, mark.end, strict=True))
    dx, dy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    return (dx, dy) if (dx, dy) > (0, 0) else (-dx, -dy)


def scorer_places(grid: GridPlan, cell: float, size: float, letter_pt: float) -> list[tuple[float, float]]:
    """Returns where each line's scorer badge goes: its centre (mm) from the grid's lower-left corner.

    A badge stands beside its line, off it by SCORER_CLEARANCE, level with a point halfway between the middle letter
    and one end (or a little nearer either, SCORER_SHARES): the line is drawn whole and the badge reads as its label.
    Each badge stays inside the grid, clear of its frame (SCORER_FRAME_CLEARANCE), clear of every letter and every
    other line, nearer its own line than any other by a radius (at a corner between two lines it says neither), and
    at least one badge width from any other badge; lines are matched to such places by trying them in turn (the rule
    sheet's pictures have at most four lines). If no such matching exists, each badge takes its first such place;
    a line with none, a place clear of letters and lines over the frame (see `_scorer_choices`).
    """
    radius = BADGE_SHARE * size / MM
    placed = _scorer_choices(grid, cell, radius, letter_pt)
    choices = [list(clear or fallback) for clear, fallback, _ in placed]
    # Two radii, and one badge's width between them; and first no two level or plumb (within a radius): three badges
    # on one grid line of a 3 x 3 picture read as the labels of one more line (issue 23, final review, finding 3).
    # First of all, each badge on its line's outer side (see `_badge_candidates`).
    found = (
        _matched([list(outer) for _, _, outer in placed], 4 * radius, radius)
        or _matched(choices, 4 * radius, radius)
        or _matched(choices, 4 * radius)
    )
    return found if found is not None else [options[0] for options in choices]


def scorers_placed(grid: GridPlan, cell: float, size: float, letter_pt: float, *, outward: bool = False) -> bool:
    """Tells whether every scorer's badge of the grid finds a place by all of `scorer_places`' rules, no two badges
    level or plumb (else some stand where they can: on the frame, over a letter or another badge); with `outward`,
    each on its line's outer side."""
    radius = BADGE_SHARE * size / MM
    choices = [list(outer if outward else clear) for clear, _, outer in _scorer_choices(grid, cell, radius, letter_pt)]
    return all(choices) and _matched(choices, 4 * radius, radius) is not None


@lru_cache(maxsize=4096)
def _scorer_choices(
    grid: GridPlan, cell: float, radius: float, letter_pt: float
) -> tuple[tuple[tuple[tuple[float, float], ...], ...], ...]:
    """Returns, for each line, the places its badge may take by `scorer_places`' rules; those it takes if none may:
    clear of letters and lines but over the frame, else its first place inside the grid, else its first; and those
    of the first that stand on the line's outer side."""
    # Cached: the rule sheet's layout tries each picture at many cell and badge sizes, and measures it again to draw.
    lines = [_line_ends(grid, mark, cell) for mark in grid.segments]
    letters = _letter_boxes(grid, cell, letter_pt)
    side = grid.size * cell
    choices = []
    for ends in lines:
        placed = _badge_candidates(ends, radius, side)
        candidates = [point for point, _ in placed]
        inside = [point for point in candidates if _inside(point, radius, side)]
        clear = [point for point in inside if _clear(point, radius, ends, lines, letters)]
        # Last resort (a picture too small for its badges): clear of letters and lines, over the frame if it must.
        anywhere = [point for point in candidates if _clear(point, radius, ends, lines, letters)]
        outward = [point for point, outer in placed if outer and point in clear]
        choices.append((tuple(clear), tuple(anywhere or (inside or candidates)[:1]), tuple(outward)))
    return tuple(choices)


def _line_ends(grid: GridPlan, mark: SegmentMark, cell: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """Returns the centres (mm) of a line's two end cells."""
    return (cell_centre(grid, 0.0, 0.0, cell, *mark.start), cell_centre(grid, 0.0, 0.0, cell, *mark.end))


def _letter_boxes(grid: GridPlan, cell: float, letter_pt: float) -> list[Box]:
    """Returns the white ground (mm) of each letter of the grid, as `_knockout` paints it."""
    boxes = []
    for row in range(grid.size):
        for col in range(grid.size):
            letter = grid.letter(col, row)
            if letter:
                cx, cy = cell_centre(grid, 0.0, 0.0, cell, col, row)
                half_w = width_of(letter, BOLD, letter_pt) / MM / 2 + KNOCKOUT_PAD
                half_h = CAP_HEIGHT * letter_pt / MM / 2 + KNOCKOUT_PAD
                boxes.append(Box(cx - half_w, cy - half_h, 2 * half_w, 2 * half_h))
    return boxes


def _badge_candidates(
    ends: tuple[tuple[float, float], tuple[float, float]], radius: float, side: float
) -> list[tuple[tuple[float, float], bool]]:
    """Returns the places beside a line a badge may take: level with each point halfway between its middle and an
    end, on either side of it, then level with the points SCORER_SHARES give; above a row and right of a column
    first. Each comes with whether it stands on the line's outer side, away from the middle of a grid `side` mm
    wide (both sides of a line through the middle)."""
    (x0, y0), (x1, y1) = ends
    length = math.hypot(x1 - x0, y1 - y0)
    across = ((y0 - y1) / length, (x1 - x0) / length)
    if across[1] < -1e-9 or (abs(across[1]) < 1e-9 and across[0] < 0):
        across = (-across[0], -across[1])  # above a row, right of a column: read first
    # A badge between its line and the frame is no other line's, where one inside a ring of lines was read as its
    # neighbour's (reviews rv66, 1 and rv70, 4).
    outward = (x0 + x1 - side) * across[0] + (y0 + y1 - side) * across[1]
    off = radius + SEGMENT_PT / MM / 2 + SCORER_CLEARANCE
    points = []
    for share in (along for near in SCORER_SHARES for along in (near, 1.0 - near)):
        px, py = x0 + (x1 - x0) * share, y0 + (y1 - y0) * share
        points += [
            ((px + sign * off * across[0], py + sign * off * across[1]), abs(outward) < 1e-6 or sign * outward > 0)
            for sign in (1, -1)
        ]
    return points


def _clear(
    point: tuple[float, float],
    radius: float,
    own: tuple[tuple[float, float], tuple[float, float]],
    lines: list[tuple[tuple[float, float], tuple[float, float]]],
    letters: list[Box],
) -> bool:
    """Tells whether a badge at `point` stays off every line and every letter, and nearer its `own` line than any
    other by a radius."""
    reach = radius + SEGMENT_PT / MM / 2 + SCORER_CLEARANCE / 2
    if any(_to_segment(point, *ends) < reach for ends in lines):
        return False
    nearest = _to_segment(point, *own) + radius
    if any(_to_segment(point, *ends) < nearest for ends in lines if ends != own):
        return False
    return all(_to_box(point, box) >= radius for box in letters)


def _inside(point: tuple[float, float], radius: float, side: float) -> bool:
    """Tells whether a badge at `point` stands wholly inside a grid `side` mm wide, its ring SCORER_FRAME_CLEARANCE
    clear of the frame (drawn GRID_FRAME_PT wide at most, half of it inside)."""
    inner = radius + BADGE_RING / 2 + GRID_FRAME_PT / MM / 2 + SCORER_FRAME_CLEARANCE
    x, y = point
    return inner <= x <= side - inner and inner <= y <= side - inner


def _to_segment(point: tuple[float, float], start: tuple[float, float], end: tuple[float, float]) -> float:
    """Returns the distance (mm) from `point` to the segment from `start` to `end`."""
    (px, py), (x0, y0), (x1, y1) = point, start, end
    dx, dy = x1 - x0, y1 - y0
    t = max(0.0, min(1.0, ((px - x0) * dx + (py - y0) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - x0 - t * dx, py - y0 - t * dy)


def _to_box(point: tuple[float, float], box: Box) -> float:
    """Returns the distance (mm) from `point` to the nearest point of `box` (0 inside it)."""
    x, y = point
    dx = max(box.x - x, 0.0, x - box.right)
    dy = max(box.y - y, 0.0, y - box.top)
    return math.hypot(dx, dy)


def _matched(
    choices: list[list[tuple[float, float]]], apart: float, unaligned: float = 0.0
) -> list[tuple[float, float]] | None:
    """Returns one place for each line, from its choices, every two at least `apart` mm between centres and at least
    `unaligned` mm apart across and up the page (or None)."""
    chosen: list[tuple[float, float]] = []
    # The search tries the places in turn, which a board of many lines (a replay's) would make endless: past this
    # many places tried, no matching is found and each badge takes its first place.
    budget = [MATCHING_BUDGET]

    def free(point: tuple[float, float], x: float, y: float) -> bool:
        across, up = abs(point[0] - x), abs(point[1] - y)
        return math.hypot(across, up) >= apart and min(across, up) >= unaligned

    def fill(line: int) -> bool:
        if line == len(choices):
            return True
        for point in choices[line]:
            budget[0] -= 1
            if budget[0] < 0:
                return False
            if all(free(point, x, y) for x, y in chosen):
                chosen.append(point)
                if fill(line + 1):
                    return True
                chosen.pop()
        return False

    return chosen if fill(0) else None


def draw_scorers(
    canvas: Canvas, grid: GridPlan, x: float, y: float, cell: float, size: float, letter_pt: float
) -> None:
    """Draws each line's scorer, a seat letter in a white disc beside the line (see scorer_places), if the grid has
    them."""
    if not grid.scorers:
        return
    radius = BADGE_SHARE * size / MM
    canvas.setLineWidth(BADGE_RING * MM)
    for seat, (cx, cy) in zip(grid.scorers, scorer_places(grid, cell, size, letter_pt), strict=True):
        canvas.setStrokeGray(BADGE_RING_GREY)
        canvas.setFillGray(1)
        canvas.circle((x + cx) * MM, (y + cy) * MM, radius * MM, stroke=1, fill=1)
        canvas.setFillGray(0)
        draw_centred(canvas, seat, x + cx, y + cy, size, bold=True)
    canvas.setStrokeGray(0)


@frozen
class Tag:
    """Holds a line's name as drawn outside a diagram: its framed box, and the leader that joins it to its line, from
    the grid's frame, in the line's direction, to the box (see `segment_tags`)."""

    name: str
    box: Box
    leader: tuple[tuple[float, float], ...] | None = None


def segment_tags(grid: GridPlan, x: float, y: float, cell: float, size: float, drop: float = 0.0) -> list[Tag]:
    """Places each line's name outside the grid, past one end of the line in its own direction (along its row, down
    its column, on along its diagonal), joined to it by a leader from the grid's frame to the name's frame.

    A name inside the grid read as a fourth letter of its line or as a written cell, and a leader at an angle to its
    line as a struck row or column (issue 23, review 34, H1). So a name stands TAG_GAP clear of the frame and never
    past a labelled side (see `_beyond_labels`): its way out leaves the grid by a side without coordinates, and
    crosses no cell holding a letter (the name read as that of the letters past the line). The leader starts at the
    frame, never in a cell: from the line's last letter on through an empty cell it made the S-O-S look four cells
    long ("B1-B3" through B4 on the rule sheet, under "No gaps, no bends"; issue 23, des38 A3). Of the two ends, the
    one nearer the frame; a name whose place is taken moves on along its leader.

    Every line of the diagram is named, or none: a picture naming some of its new lines and not the others read as if
    those were not new (des38 A3). Where one line cannot be named so (each way out crosses a letter, reaches a
    labelled side or finds no room), the text, which names every line, names them alone.
    `drop`: how far (mm) below their cells' centres the lines are drawn (`letter_drop`).
    """
    if grid.scorers or not grid.named:
        return []  # each line carries its scorer instead of its name, or the text alone names them
    height = CAP_HEIGHT * size / MM + 2 * TAG_PAD
    sizes = {mark: (width_of(mark.name, BOLD, size) / MM + 2 * TAG_PAD, height) for mark in grid.segments}
    # Each line takes the first free place in turn; where one finds none, the lines are tried in other orders (a
    # name placed first can take the only place of another's), up to ORDERS_TRIED of them.
    for order in islice(permutations(range(len(grid.segments))), ORDERS_TRIED):
        placed: list[Tag | None] = [None] * len(order)
        for k in order:
            mark = grid.segments[k]
            tag = _led_out(grid, (x, y), drop, cell, mark, sizes[mark], [t for t in placed if t is not None])
            if tag is None:
                break
            placed[k] = tag
        else:
            return [tag for tag in placed if tag is not None]
    return []


def _led_out(
    grid: GridPlan,
    corner: tuple[float, float],
    drop: float,
    cell: float,
    mark: SegmentMark,
    size: tuple[float, float],
    placed: list[Tag],
) -> Tag | None:
    """Returns the line's name at the end of the shortest leader that leads out of the grid in the line's own
    direction to a free place (see `segment_tags`), or None. `corner`: the grid's lower-left corner (mm)."""
    width, height = size
    gx, gy = corner
    side = grid.size * cell
    # Nor past a side the board runs on by: there the name stood on the board's cells not drawn.
    labelled = (*grid.label_sides, *grid.open_sides)
    frame = Box(gx - TAG_GAP, gy - TAG_GAP, side + 2 * TAG_GAP, side + 2 * TAG_GAP)
    bands = _beyond_labels(labelled, gx, gy, side)
    taken = [_grown(tag.box, TAG_SPACE) for tag in placed]
    found: list[tuple[float, Tag]] = []
    for exit in line_exits(mark, grid.size):
        if exit.sides & set(labelled):
            continue  # out between the coordinates or past them: its name read as one of them
        col, row = exit.cell
        (dc, dr), crossed = exit.direction, exit.crossed
        if any(_written(grid, col + dc * k, row + dr * k) for k in range(1, crossed + 1)):
            continue  # through a letter, the leader read as the line drawn longer
        ex, ey = cell_centre(grid, gx, gy - drop, cell, col, row)
        sx, sy = dc, -dr  # up the page, rows down the grid
        start = _on_frame((ex, ey), (sx, sy), (gx, gy), side)
        for step in range(int(LEADER_REACH / LEADER_STEP) + 1):
            reach = TAG_GAP + step * LEADER_STEP
            end = (start[0] + sx * reach, start[1] + sy * reach)
            box = _box_at(end, (sx, sy), width, height)
            if not sx:  # a column's name over or under the grid, never past its labelled sides
                box = replace(box, x=min(max(box.x, gx), gx + side - width))
            leader = (start, end)
            if (
                _overlap(box, frame)
                or any(_overlap(box, band) for band in bands)
                or any(_overlap(box, other) for other in taken)
                or any(_meets(tag.leader, box) for tag in placed if tag.leader)
                or any(_meets(leader, other) for other in taken)
            ):
                continue
            found.append((crossed * cell + reach, Tag(mark.name, box, leader)))
            break
    return min(found, key=lambda item: item[0])[1] if found else None


def _on_frame(
    point: tuple[float, float], way: tuple[int, int], corner: tuple[float, float], side: float
) -> tuple[float, float]:
    """Returns where the line from `point` (mm, inside the grid) the way `way` (columns, up the page) first meets
    the grid's frame. `corner`: the grid's lower-left corner (mm)."""
    reach = []
    for at, step, low in ((point[0], way[0], corner[0]), (point[1], way[1], corner[1])):
        if step:
            reach.append((low + side - at) if step > 0 else (at - low))
    t = min(reach)
    return (point[0] + way[0] * t, point[1] + way[1] * t)


def _written(grid: GridPlan, col: int, row: int) -> bool:
    """Tells whether the cell holds a letter, or a puzzle's answer to write there."""
    return bool(grid.letter(col, row)) or any(place == (col, row) for place, _ in grid.answers)


def _box_at(end: tuple[float, float], way: tuple[int, int], width: float, height: float) -> Box:
    """Returns a name's frame met by its leader's `end`, beyond it the way the leader runs: a diagonal's at the
    frame's corner, a row's at the middle of its side (level with the row), a column's at the middle of its top or
    bottom (under or over the column)."""
    (qx, qy), (sx, sy) = end, way
    left = qx if sx > 0 else qx - width if sx < 0 else qx - width / 2
    bottom = qy if sy > 0 else qy - height if sy < 0 else qy - height / 2
    return Box(left, bottom, width, height)


def _grown(box: Box, pad: float) -> Box:
    return Box(box.x - pad, box.y - pad, box.width + 2 * pad, box.height + 2 * pad)


def _meets(leader: tuple[tuple[float, float], ...], box: Box) -> bool:
    """Tells whether a leader passes through the box (sampled every quarter millimetre)."""
    for (x0, y0), (x1, y1) in pairwise(leader):
        steps = max(1, int(max(abs(x1 - x0), abs(y1 - y0)) / 0.25))
        for k in range(steps + 1):
            px, py = x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps
            if box.x < px < box.right and box.y < py < box.top:
                return True
    return False


def _beyond_labels(labelled: tuple[str, ...], x: float, y: float, side: float) -> list[Box]:
    """Returns where a name may not stand for the coordinates: anywhere past a labelled side, its whole length and
    beyond (level with a row number, under or over a column letter, or in line with them past the grid's corner it
    read as one of them; and under the column letters it pushed the board's caption away from it)."""
    far = 1000.0
    strips = {
        "left": Box(x - far, y - far, far, side + 2 * far),
        "right": Box(x + side, y - far, far, side + 2 * far),
        "bottom": Box(x - far, y - far, side + 2 * far, far),
        "top": Box(x - far, y + side, side + 2 * far, far),
    }
    return [strips[name] for name in labelled]


def _overlap(a: Box, b: Box) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.top and b.y < a.top


def draw_leaders(canvas: Canvas, tags: Sequence[Tag]) -> None:
    """Draws each name's leader, thin and grey, from the grid's frame on to the name."""
    canvas.saveState()
    canvas.setLineWidth(LEADER_PT)
    canvas.setStrokeGray(LEADER_GREY)
    canvas.setLineCap(0)  # square with the frame it starts on: not a round end poking into the cell
    canvas.setLineJoin(1)
    for tag in tags:
        if tag.leader is not None:
            path = canvas.beginPath()
            path.moveTo(tag.leader[0][0] * MM, tag.leader[0][1] * MM)
            for px, py in tag.leader[1:]:
                path.lineTo(px * MM, py * MM)
            canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


def draw_tags(canvas: Canvas, tags: Sequence[Tag], size: float) -> None:
    """Draws each line name in a small framed label (its leader is drawn before, by draw_leaders)."""
    canvas.setLineWidth(0.6)
    canvas.setStrokeGray(SEGMENT_GREY)
    for tag in tags:
        box = tag.box
        canvas.setFillGray(1)
        canvas.roundRect(box.x * MM, box.y * MM, box.width * MM, box.height * MM, 0.8 * MM, stroke=1, fill=1)
        canvas.setFillGray(0)
        draw_centred(canvas, tag.name, box.x + box.width / 2, box.y + box.height / 2, size, bold=True)
    canvas.setStrokeGray(0)
