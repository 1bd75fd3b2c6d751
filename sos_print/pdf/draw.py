"""Draws the pieces pages are made of: labels, grids, scored lines, boxes, rulers.

Every function takes finished data (labels, a grid plan, a position in mm) and a
canvas; none knows a rule of the game or touches a file.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from reportlab.pdfgen.canvas import Canvas

from sos_print.engine.frozen import frozen
from sos_print.pages.grids import GridPlan
from sos_print.pages.layout import (
    GREY,
    GRID_FRAME_PT,
    GRID_LINE_PT,
    LABEL_GAP,
    LEADING,
    MM,
    NEW_LETTER_RING_PT,
    SEGMENT_PT,
    Box,
)
from sos_print.pages.words import Label, Run
from sos_print.pdf.fonts import BOLD, REGULAR
from sos_print.pdf.textflow import Line, draw_lines, set_lines, width_of

SEGMENT_GREY = 0.55
SECOND_LANGUAGE = 0.82  # size of a label's other languages, relative to the first
CAP_HEIGHT = 0.7  # height of a capital letter, as a share of the type size


@frozen
class SetLabel:
    """Holds a label set into lines: per language, its lines and type size."""

    parts: tuple[tuple[tuple[Line, ...], float], ...]

    @property
    def height(self) -> float:
        """Returns the height in mm from the top of the first line to the bottom of the last."""
        return sum(len(lines) * size * LEADING for lines, size in self.parts) / MM

    @property
    def width(self) -> float:
        """Returns the width in mm of the widest line."""
        return max((line.width for lines, _ in self.parts for line in lines), default=0.0) / MM


@lru_cache(maxsize=1024)
def set_label(label: Label, size: float, width: float = 10_000.0, bold: bool = False) -> SetLabel:
    """Sets `label` into lines no wider than `width` mm; other languages come smaller, below."""
    parts = []
    for n, text in enumerate(label):
        part_size = size if n == 0 else size * SECOND_LANGUAGE
        parts.append((tuple(set_lines([Run(text, bold)], width, part_size)), part_size))
    return SetLabel(tuple(parts))


def draw_set_label(canvas: Canvas, label: SetLabel, x: float, top: float, align: str = "left") -> float:
    """Draws a set label with its top at `top` mm; the first language black, the others grey. Returns the bottom."""
    for n, (lines, size) in enumerate(label.parts):
        canvas.setFillGray(0 if n == 0 else GREY)
        draw_lines(canvas, lines, x, top, size, size * LEADING, align)
        top -= len(lines) * size * LEADING / MM
    canvas.setFillGray(0)
    return top


def draw_label(
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
    """Sets and draws `label` with its top at `top` mm; returns the bottom."""
    return draw_set_label(canvas, set_label(label, size, width, bold), x, top, align)


def draw_centred(canvas: Canvas, text: str, x: float, y: float, size: float, bold: bool = False) -> None:
    """Draws one short string centred on (x, y) mm, the middle of its capital letters at y."""
    canvas.setFont(BOLD if bold else REGULAR, size)
    canvas.drawCentredString(x * MM, y * MM - CAP_HEIGHT * size / 2, text)


def label_gutters(grid: GridPlan, size: float) -> tuple[float, float]:
    """Returns the room (mm) coordinate labels need beside the grid and above or below it."""
    widest = max(width_of(text, REGULAR, size) for text in grid.row_labels) / MM
    return (LABEL_GAP + widest + 1.0, LABEL_GAP + CAP_HEIGHT * size / MM + 1.0)


ALL_SIDES = ("top", "bottom", "left", "right")


def draw_grid(
    canvas: Canvas, grid: GridPlan, x: float, y: float, cell: float, label_pt: float, sides: Sequence[str] = ALL_SIDES
) -> None:
    """Draws the grid with its lower-left corner at (x, y) mm and coordinate labels on `sides`."""
    n, side = grid.size, grid.size * cell
    canvas.setLineWidth(GRID_LINE_PT * min(1.0, cell / 15.0))
    canvas.setStrokeGray(0)
    canvas.grid([(x + k * cell) * MM for k in range(n + 1)], [(y + k * cell) * MM for k in range(n + 1)])
    canvas.setLineWidth(GRID_FRAME_PT * min(1.0, cell / 15.0))
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


def cell_centre(grid: GridPlan, x: float, y: float, cell: float, col: int, row: int) -> tuple[float, float]:
    """Returns the centre (mm) of the cell at column `col`, row `row` from the top."""
    return (x + (col + 0.5) * cell, y + (grid.size - row - 0.5) * cell)


def draw_letters(canvas: Canvas, grid: GridPlan, x: float, y: float, cell: float, size: float) -> None:
    """Draws the grid's letters, each move's number in its cell's corner, and rings the marked letters."""
    for row in range(grid.size):
        for col in range(grid.size):
            letter = grid.letter(col, row)
            if not letter:
                continue
            cx, cy = cell_centre(grid, x, y, cell, col, row)
            draw_centred(canvas, letter, cx, cy, size, bold=(col, row) in grid.marked)
            number = grid.number(col, row)
            if number:
                canvas.setFillGray(GREY)
                canvas.setFont(REGULAR, size * 0.42)
                canvas.drawString((cx - cell * 0.44) * MM, (cy + cell * 0.22) * MM, str(number))
                canvas.setFillGray(0)
    canvas.setLineWidth(NEW_LETTER_RING_PT)
    for place in grid.marked:
        cx, cy = cell_centre(grid, x, y, cell, *place)
        canvas.circle(cx * MM, cy * MM, cell * 0.36 * MM, stroke=1, fill=0)


def draw_segments(canvas: Canvas, grid: GridPlan, x: float, y: float, cell: float) -> None:
    """Draws each scored line through its three cell centres (under the letters, which come after)."""
    canvas.saveState()
    canvas.setLineCap(1)
    canvas.setLineWidth(SEGMENT_PT)
    canvas.setStrokeGray(SEGMENT_GREY)
    for mark in grid.segments:
        (x0, y0), (x1, y1) = (cell_centre(grid, x, y, cell, *end) for end in (mark.start, mark.end))
        canvas.line(x0 * MM, y0 * MM, x1 * MM, y1 * MM)
    canvas.restoreState()


def tag_size(grid: GridPlan, size: float) -> tuple[float, float]:
    """Returns the width and height (mm) of the widest line-name tag of `grid` (zero if it has no lines)."""
    if not grid.segments:
        return (0.0, 0.0)
    width = max(width_of(mark.name, BOLD, size) for mark in grid.segments) / MM + 1.6
    return (width, CAP_HEIGHT * size / MM + 1.6)


def segment_tags(
    grid: GridPlan, x: float, y: float, cell: float, size: float, gap: float, label_pt: float
) -> list[tuple[str, Box]]:
    """Places each line's name outside the grid, where the line would leave it if drawn on.

    Of the line's two ends, the one leaving through a side without coordinate labels
    is preferred, then the one nearer the edge, unless its tag would overlap one
    already placed. On a labelled side the tag goes beyond the labels.
    """
    placed: list[tuple[str, Box]] = []
    gutters = label_gutters(grid, label_pt)
    _, height = tag_size(grid, size)
    for mark in grid.segments:
        width = width_of(mark.name, BOLD, size) / MM + 1.6
        options = sorted(
            (
                _exit_tag(grid, x, y, cell, a, b, (width, height), gap, gutters)
                for a, b in ((mark.start, mark.end), (mark.end, mark.start))
            ),
            key=lambda option: option[:2],
        )
        boxes = [box for *_, box in options]
        free = [box for box in boxes if not any(_overlap(box, other) for _, other in placed)]
        placed.append((mark.name, free[0] if free else boxes[0]))
    return placed


def _exit_tag(
    grid: GridPlan,
    x: float,
    y: float,
    cell: float,
    start: tuple[int, int],
    end: tuple[int, int],
    size: tuple[float, float],
    gap: float,
    gutters: tuple[float, float],
) -> tuple[int, float, tuple[float, float], Box]:
    """Returns (crosses labels, distance to the edge, position, tag box) for the line from `start` through `end`."""
    (x0, y0), (x1, y1) = (cell_centre(grid, x, y, cell, *c) for c in (start, end))
    dx, dy = (x1 - x0) / 8, (y1 - y0) / 8  # a quarter of a cell along the line
    side = grid.size * cell
    px, py, steps = x1, y1, 0.0
    while x <= px <= x + side and y <= py <= y + side:
        px, py, steps = px + dx, py + dy, steps + 0.25
    leaving = {
        "left": px < x,
        "right": px > x + side,
        "bottom": py < y,
        "top": py > y + side,
    }
    labelled = [name for name, out in leaving.items() if out and name in grid.label_sides]
    px, py = min(max(px, x), x + side), min(max(py, y), y + side)  # the point on the grid's edge
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    width, height = size
    extra_x = gutters[0] if {"left", "right"} & set(labelled) else 0.0
    extra_y = gutters[1] if {"top", "bottom"} & set(labelled) else 0.0
    cx = px + sx * (gap + extra_x + width / 2)
    cy = py + sy * (gap + extra_y + height / 2)
    return (len(labelled), steps, (cx, cy), Box(cx - width / 2, cy - height / 2, width, height))


def _overlap(a: Box, b: Box) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.top and b.y < a.top


def draw_tags(canvas: Canvas, tags: list[tuple[str, Box]], size: float) -> None:
    """Draws each line name in a small framed label."""
    canvas.setLineWidth(0.6)
    for name, box in tags:
        canvas.setStrokeGray(SEGMENT_GREY)
        canvas.setFillGray(1)
        canvas.roundRect(box.x * MM, box.y * MM, box.width * MM, box.height * MM, 0.8 * MM, stroke=1, fill=1)
        canvas.setFillGray(0)
        draw_centred(canvas, name, box.x + box.width / 2, box.y + box.height / 2, size, bold=True)
    canvas.setStrokeGray(0)


def draw_calibration(canvas: Canvas, x: float, y: float, length: float, size: float) -> None:
    """Draws a ruler `length` mm long with a tick every centimetre, its left end at (x, y) mm."""
    canvas.setLineWidth(1.0)
    canvas.setFillGray(0)
    canvas.rect(x * MM, y * MM, length * MM, 2.5 * MM, stroke=1, fill=1)
    canvas.setLineWidth(0.5)
    canvas.setFont(REGULAR, size)
    for mm in range(0, int(length) + 1):
        tick = 4.0 if mm % 10 == 0 else (2.8 if mm % 5 == 0 else 1.6)
        canvas.line((x + mm) * MM, y * MM, (x + mm) * MM, (y - tick) * MM)
        if mm % 10 == 0:
            canvas.drawCentredString((x + mm) * MM, (y - 4.0) * MM - size, str(mm))


def draw_rule_line(canvas: Canvas, x0: float, x1: float, y: float, width_pt: float = 0.6) -> None:
    """Draws a horizontal line to write on."""
    canvas.setLineWidth(width_pt)
    canvas.line(x0 * MM, y * MM, x1 * MM, y * MM)


def draw_box(canvas: Canvas, box: Box, width_pt: float = 0.9, fill_grey: float | None = None) -> None:
    """Draws a rectangle, filled with grey if asked."""
    canvas.setLineWidth(width_pt)
    if fill_grey is not None:
        canvas.setFillGray(fill_grey)
    canvas.rect(box.x * MM, box.y * MM, box.width * MM, box.height * MM, stroke=1, fill=int(fill_grey is not None))
    canvas.setFillGray(0)


def draw_dashed(canvas: Canvas, x0: float, x1: float, y: float, dash: Sequence[float]) -> None:
    """Draws a dashed horizontal line (a cut line)."""
    canvas.saveState()
    canvas.setDash([length * MM for length in dash])
    canvas.setLineWidth(0.7)
    canvas.line(x0 * MM, y * MM, x1 * MM, y * MM)
    canvas.restoreState()


TITLE_SHARE = 0.62  # of the width, for a page title; the corner keeps the rest


def corner_height(class_name: str, languages: int, size: float) -> float:
    """Returns the height (mm) of a page's top-right corner: class name, then "Group k of n" per language."""
    height = set_label((class_name,), size, bold=True).height if class_name else 0.0
    return height + set_label(("Group",) * languages, size).height


def header_height(title: Label, title_pt: float, box: Box, class_name: str, corner_pt: float) -> float:
    """Returns the height (mm) of a page header: the title on the left, the corner on the right."""
    left = set_label(title, title_pt, box.width * TITLE_SHARE, bold=True).height
    return max(left, corner_height(class_name, len(title), corner_pt))


def draw_header(canvas: Canvas, title: Label, title_pt: float, box: Box, class_name: str, corner_pt: float) -> float:
    """Draws the page title at the top left and the class name at the top right; returns the header's bottom."""
    draw_label(canvas, title, box.x, box.top, title_pt, width=box.width * TITLE_SHARE, bold=True)
    if class_name:
        draw_label(canvas, (class_name,), box.right, box.top, corner_pt, bold=True, align="right")
    return box.top - header_height(title, title_pt, box, class_name, corner_pt)


def draw_corner(canvas: Canvas, label: Label, box: Box, class_name: str, size: float) -> None:
    """Draws a page's own label (such as "Group 3 of 15") at the top right, under the class name."""
    if not label:
        return
    top = box.top - (set_label((class_name,), size, bold=True).height if class_name else 0.0)
    draw_label(canvas, label, box.right, top, size, align="right")
