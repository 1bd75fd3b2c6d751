"""Draws the pieces pages are made of: labels in every language, boxes, lines to write on, rulers, the header strip.

Every function takes finished data (labels, a grid plan, a position in mm) and a
canvas; none knows a rule of the game or touches a file.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import NoReturn

from reportlab.pdfgen.canvas import Canvas

from sos_print.engine.frozen import frozen
from sos_print.pdf.fonts import BOLD, REGULAR
from sos_print.pdf.textflow import Line, after_hyphens, draw_lines, set_lines, width_of
from sos_print.plans.common import StripPlan
from sos_print.plans.layout import (
    BODY_PT,
    CUT_LINE_DASH,
    FIELD_LINE,
    INCH_MM,
    LEADING,
    MM,
    NAME_MAX_LINES,
    NAME_RISE,
    NOTES_PT,
    SECOND_LANGUAGE_GREY,
    SMALL_PT,
    STRIP_GAP,
    STRIP_MAX_LINES,
    Box,
    StripTextError,
    second_language,
)
from sos_print.plans.words import Label, Run

CAP_HEIGHT = 0.7  # height of a capital letter, as a share of the type size
CORNER_SHARE = 0.36  # of a compact header's width, for the class name and the group
STRIP_CLASS_ROOM = 40.0  # mm the class name or its line needs beside the date and the group, else it goes above


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
def set_label(label: Label, size: float, width: float = 10_000.0, bold: bool = False, indent: float = 0.0) -> SetLabel:
    """Sets `label` into lines no wider than `width` mm, its first line `indent` mm narrower; other languages come
    below (`second_language`'s size)."""
    parts = []
    for n, text in enumerate(label):
        part_size = size if n == 0 else second_language(size)
        parts.append((tuple(set_lines([Run(text, bold)], width, part_size, indent if n == 0 else 0.0)), part_size))
    return SetLabel(tuple(parts))


def draw_set_label(canvas: Canvas, label: SetLabel, x: float, top: float, align: str = "left") -> float:
    """Draws a set label with its top at `top` mm; the first language black, the others grey. Returns the bottom."""
    for n, (lines, size) in enumerate(label.parts):
        canvas.setFillGray(0 if n == 0 else SECOND_LANGUAGE_GREY)
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


def draw_calibration(canvas: Canvas, x: float, y: float, length: float, size: float) -> None:
    """Draws a ruler `length` mm long with a tick every millimetre, its left end at (x, y) mm.

    Every centimetre is numbered, or every other one when the numbers would come within
    2 mm of each other (large print).
    """
    canvas.setLineWidth(1.0)
    canvas.setFillGray(0)
    canvas.rect(x * MM, y * MM, length * MM, 2.5 * MM, stroke=1, fill=1)
    canvas.setLineWidth(0.5)
    canvas.setFont(REGULAR, size)
    widest = width_of(str(int(length)), REGULAR, size) / MM
    every = 10 if widest + 2.0 <= 10 else 20
    for mm in range(0, int(length) + 1):
        tick = 4.0 if mm % 10 == 0 else (2.8 if mm % 5 == 0 else 1.6)
        canvas.line((x + mm) * MM, y * MM, (x + mm) * MM, (y - tick) * MM)
        if mm % every == 0:
            canvas.drawCentredString((x + mm) * MM, (y - 4.0) * MM - size, str(mm))


def draw_inch_calibration(canvas: Canvas, x: float, y: float, inches: int, size: float) -> None:
    """Draws a ruler `inches` inches long with a tick every eighth of an inch and every inch numbered, its left end at
    (x, y) mm."""
    canvas.setLineWidth(1.0)
    canvas.setFillGray(0)
    canvas.rect(x * MM, y * MM, inches * INCH_MM * MM, 2.5 * MM, stroke=1, fill=1)
    canvas.setLineWidth(0.5)
    canvas.setFont(REGULAR, size)
    for eighth in range(inches * 8 + 1):
        tick = 4.0 if eighth % 8 == 0 else (2.8 if eighth % 4 == 0 else (2.2 if eighth % 2 == 0 else 1.6))
        at = x + eighth * INCH_MM / 8
        canvas.line(at * MM, y * MM, at * MM, (y - tick) * MM)
        if eighth % 8 == 0:
            canvas.drawCentredString(at * MM, (y - 4.0) * MM - size, str(eighth // 8))


def draw_rule_line(canvas: Canvas, x0: float, x1: float, y: float, width_pt: float = 0.6) -> None:
    """Draws a horizontal line to write on."""
    canvas.setLineWidth(width_pt)
    canvas.line(x0 * MM, y * MM, x1 * MM, y * MM)


def draw_star(canvas: Canvas, cx: float, cy: float, radius: float) -> None:
    """Draws a filled five-pointed star centred on (cx, cy) mm (the fonts have no star: it is drawn)."""
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.4
        angle = math.pi / 2 + k * math.pi / 5
        points.append(((cx + r * math.cos(angle)) * MM, (cy + r * math.sin(angle)) * MM))
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


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


def draw_cut_line(canvas: Canvas, x0: float, x1: float, y: float, caption: str, size: float) -> None:
    """Draws a dashed cut line from x0 to x1 mm with scissors at its start and `caption` in a gap at its middle."""
    scissors = 6.0  # mm: two finger loops, then the blades crossing towards the line
    canvas.saveState()
    canvas.setLineWidth(0.7)
    for side in (1, -1):
        canvas.circle((x0 + 1.1) * MM, (y + side * 1.4) * MM, 1.1 * MM)
        canvas.line((x0 + 2.0) * MM, (y + side * 0.9) * MM, (x0 + scissors) * MM, (y - side * 0.6) * MM)
    canvas.restoreState()
    width = width_of(caption, REGULAR, size) / MM
    middle = (x0 + scissors + x1) / 2
    gap = width / 2 + 2.0
    draw_dashed(canvas, x0 + scissors + 1.5, middle - gap, y, CUT_LINE_DASH)
    draw_dashed(canvas, middle + gap, x1, y, CUT_LINE_DASH)
    canvas.setFont(REGULAR, size)
    canvas.drawCentredString(middle * MM, y * MM - size * 0.35, caption)


@frozen
class StripLayout:
    """Holds where the header strip's parts go: the class name set into lines, the date field, the height."""

    name: SetLabel | None
    name_x: float  # from the strip's left edge to the class name or its line (mm)
    name_width: float
    date_x: float  # from the strip's left edge to the date caption (mm)
    date_top: float  # from the strip's top down to the date field and the group label (mm)
    height: float  # from the top of the strip to the top of what follows it (mm)
    title_width: float = 0.0  # in a compact header, the page title's width on the left; the strip is its corner
    group_below: float = 0.0  # how far (mm) the group label comes under the date, when they do not fit side by side

    @property
    def group_top(self) -> float:
        """Returns how far (mm) the group label's top is under the strip's top."""
        return self.date_top + self.group_below


def layout_strip(strip: StripPlan, width: float, group: tuple[float, float], scale: float) -> StripLayout:
    """Fits the strip into `width` mm: the class on the left, the date field and the group (`group` = its width
    and height) on the right, in one row when the class leaves room, else the date and group under the class.

    The class name wraps to STRIP_MAX_LINES lines and shrinks from NOTES_PT to SMALL_PT; a name that fits in
    neither, or a date (a replay prints the one typed in a filled audit) wider than the strip, is refused with a
    StripTextError naming the limit.
    """
    size = NOTES_PT * scale
    line = size * LEADING / MM
    group_width, group_height = group
    caption = width_of(strip.class_caption + " ", REGULAR, size) / MM if strip.class_caption else 0.0
    field = max(FIELD_LINE, width_of(strip.date, BOLD, size) / MM + 1.0) if strip.date else FIELD_LINE
    date = (width_of(strip.date_caption + " ", REGULAR, size) / MM + field) if strip.fields else 0.0
    gap = 6.0
    one_row = width - caption - date - group_width - 2 * gap
    name = _name_lines(strip.class_name, one_row, scale) if strip.class_name else None
    if strip.class_name:
        fits = one_row >= STRIP_CLASS_ROOM and name is not None
    else:  # the line to write the class on needs the room too
        fits = one_row >= STRIP_CLASS_ROOM or not strip.fields
    if fits:
        height = max(name.height if name else line, group_height)
        return StripLayout(name, caption, one_row, width - group_width - gap - date, 0.0, height + 1.5 + STRIP_GAP)
    # The name or its line takes the strip's whole width, the date and the group on the row under it,
    # or on a row each when they do not fit side by side.
    name = _fitted_name(strip.class_name, width - caption, scale) if strip.class_name else None
    if date > width:
        _refuse_date(strip, width, size)
    first = name.height if name else line
    below = 0.0 if date + gap + group_width <= width else line
    height = first + below + max(line if not below else 0.0, group_height)
    return StripLayout(name, caption, width - caption, 0.0, first, height + 1.5 + STRIP_GAP, group_below=below)


def layout_corner(strip: StripPlan, width: float, group: tuple[float, float], scale: float) -> StripLayout | None:
    """Fits a compact header, for half pages: the title on the left, and in the corner on the right the class
    name (if any) over the group. It has no fields to fill in. None if the class name does not fit the corner."""
    corner = max(group[0], width * CORNER_SHARE if strip.class_name else 0.0)
    name = _name_lines(strip.class_name, corner, scale) if strip.class_name else None
    if strip.class_name and name is None:
        return None
    above = name.height if name else 0.0
    return StripLayout(name, width - corner, corner, 0.0, above, above + group[1], width - corner - 6.0)


def _name_lines(name: str, room: float, scale: float) -> SetLabel | None:
    """Sets the class name in at most STRIP_MAX_LINES lines `room` mm wide, shrinking it if needed, or None."""
    for size in (NOTES_PT * scale, SMALL_PT * scale):
        fitted = set_label((name,), size, room, bold=True)
        if len(fitted.parts[0][0]) <= STRIP_MAX_LINES:
            return fitted
    return None


def _fitted_name(name: str, room: float, scale: float) -> SetLabel:
    """Sets the class name as _name_lines does, or refuses it with a StripTextError naming the limit."""
    fitted = _name_lines(name, room, scale)
    if fitted is None:
        per_line = room / (width_of("n", BOLD, SMALL_PT * scale) / MM)
        raise StripTextError(
            "class name",
            _most_letters(name, room, scale),
            len(name),
            f"the class name does not fit the header strip: {STRIP_MAX_LINES} lines of at most about "
            f"{int(per_line)} characters each here ({len(name)} given); make it shorter",
        )
    return fitted


def _most_letters(name: str, room: float, scale: float) -> int:
    """Returns how many of `name`'s letters, spaces left out, the strip's lines hold as one word (each line but the
    last ending in the hyphen of a cut, `textflow`): a name of wide letters is told the limit in its own letters."""
    letters = name.replace(" ", "") or "n"
    low, high = 0, len(name)
    while low < high:  # the most that fit, found by halves: a longer run of the same letters never fits better
        middle = (low + high + 1) // 2
        if _name_lines((letters * (middle // len(letters) + 1))[:middle], room, scale) is not None:
            low = middle
        else:
            high = middle - 1
    return low


def _refuse_date(strip: StripPlan, width: float, size: float) -> NoReturn:
    """Refuses a date wider than the strip, even on a row of its own after its caption, with a StripTextError."""
    room = width - width_of(strip.date_caption + " ", REGULAR, size) / MM - 1.0
    most = _letters(room, strip.date, size)
    raise StripTextError(
        "date",
        most,
        len(strip.date),
        f"the date does not fit the header strip: at most about {most} characters here ({len(strip.date)} given)",
    )


def _letters(room: float, text: str, size: float) -> int:
    """Returns about how many bold letters as wide as those of `text` (on average) `room` mm holds at `size` points:
    a text of wide letters is told the limit in its own letters."""
    letters = text.replace(" ", "") or "n"
    return int(room / (width_of(letters, BOLD, size) / len(letters) / MM))


def strip_lines(strip: StripPlan, layout: StripLayout, box: Box, scale: float) -> dict[str, tuple[float, float, float]]:
    """Returns the strip's lines to write on, as (x0, x1, y) mm: "class" when no class name is printed, and "date"."""
    size = NOTES_PT * scale
    top = box.top
    lines: dict[str, tuple[float, float, float]] = {}
    if layout.title_width:
        return lines
    if layout.name is None:
        baseline = top - size / MM
        lines["class"] = (
            box.x + layout.name_x + 1.0,
            box.x + layout.name_x + min(layout.name_width, 60.0),
            baseline - 0.8,
        )
    if strip.fields and not strip.date:
        x, date_top = box.x + layout.date_x, top - layout.date_top
        start = x + width_of(strip.date_caption + " ", REGULAR, size) / MM
        lines["date"] = (start, start + FIELD_LINE, date_top - size / MM - 0.8)
    return lines


def draw_strip(canvas: Canvas, strip: StripPlan, layout: StripLayout, box: Box, scale: float) -> float:
    """Draws the header strip at the top of `box`: the class, the date field, a rule under both. Returns its bottom.

    A compact header's strip is only its corner: the class name at the top right.
    """
    size = NOTES_PT * scale
    top = box.top
    canvas.setFillGray(0)
    if layout.title_width:
        if layout.name is not None:
            draw_set_label(canvas, layout.name, box.right, top, align="right")
        return top
    lines = strip_lines(strip, layout, box, scale)
    if strip.class_caption:
        draw_label(canvas, (strip.class_caption,), box.x, top, size)
    if layout.name is not None:
        draw_set_label(canvas, layout.name, box.x + layout.name_x, top)
    else:
        draw_rule_line(canvas, *lines["class"])
    if strip.fields:
        draw_label(canvas, (strip.date_caption,), box.x + layout.date_x, top - layout.date_top, size)
        if strip.date:
            caption = width_of(strip.date_caption + " ", REGULAR, size) / MM
            draw_label(canvas, (strip.date,), box.x + layout.date_x + caption, top - layout.date_top, size, bold=True)
        else:
            draw_rule_line(canvas, *lines["date"])
    rule = top - layout.height + STRIP_GAP
    draw_rule_line(canvas, box.x, box.right, rule, 0.4)
    return top - layout.height


def group_room(labels: Sequence[Label], scale: float) -> tuple[float, float]:
    """Returns the width and height (mm) the largest of a document's group labels takes in the header strip."""
    sets = [set_label(label, NOTES_PT * scale, bold=True) for label in labels if label]
    return (max((s.width for s in sets), default=0.0), max((s.height for s in sets), default=0.0))


def draw_group(canvas: Canvas, label: Label, box: Box, layout: StripLayout, scale: float) -> None:
    """Draws a page's own label, such as "Group 3 of 15", at the right end of the header strip."""
    if label:
        draw_label(canvas, label, box.right, box.top - layout.group_top, NOTES_PT * scale, bold=True, align="right")


# --- children's names printed on the lines they write them on -----------------------------


def name_height(size: float, lines: int) -> float:
    """Returns the height (mm) a name of `lines` lines at `size` points takes above its line, NAME_RISE included."""
    return NAME_RISE + size * (1 + (lines - 1) * LEADING) / MM


def names_room(scale: float, lines: int = NAME_MAX_LINES) -> float:
    """Returns the height (mm) above a line that holds a name of `lines` lines at the least size."""
    return name_height(SMALL_PT * scale, lines)


def name_lines_in(room: float, scale: float) -> int:
    """Returns how many lines of a name at the least size `room` mm above its line holds (NAME_MAX_LINES at most)."""
    return max((n for n in range(1, NAME_MAX_LINES + 1) if name_height(SMALL_PT * scale, n) <= room + 1e-6), default=0)


def set_name(name: str, width: float, height: float, scale: float, most: int = NAME_MAX_LINES) -> SetLabel | None:
    """Sets a child's name on a line `width` mm long with `height` mm of room above it, or returns None.

    The name takes one line at the children's size if it can, else a smaller size, else two lines, down to
    SMALL_PT; a line may end at a space or after a hyphen ("Marie-" / "Charlotte"), never inside a word. It takes
    at most `most` lines.
    """
    for size in (BODY_PT * scale, NOTES_PT * scale, SMALL_PT * scale):
        lines = _name_breaks(name, width, size)
        if lines is not None and len(lines) <= most and name_height(size, len(lines)) <= height + 1e-6:
            return SetLabel(((tuple(set_lines([Run(line)], 10_000.0, size)[0] for line in lines), size),))
    return None


def _name_breaks(name: str, width: float, size: float) -> list[str] | None:
    """Breaks a name into lines no wider than `width` mm at spaces and after hyphens (and at a line break: names
    one under the other); None if a part is wider."""
    lines: list[str] = []
    for text in name.split("\n"):
        broken = _broken(text, width * MM, size)
        if broken is None:
            return None
        lines += broken
    return lines


def _broken(name: str, room: float, size: float) -> list[str] | None:
    lines: list[str] = []
    current = ""
    for word in name.split(" "):
        for k, part in enumerate(after_hyphens(word)):
            joined = current + ("" if k else " ") + part if current else part
            if width_of(joined, REGULAR, size) <= room:
                current = joined
                continue
            if width_of(part, REGULAR, size) > room:
                return None
            lines.append(current)
            current = part
    return [*lines, current]


def per_line(width: float, scale: float, text: str = "n") -> int:
    """Returns about how many letters as wide as those of `text` (on average) a line `width` mm long holds at the
    least size (for messages: a name of wide letters is told the limit in its own letters)."""
    letters = text.replace(" ", "") or "n"
    return int(width / (width_of(letters, REGULAR, SMALL_PT * scale) / len(letters) / MM))


def draw_name(canvas: Canvas, name: SetLabel, x: float, y: float) -> None:
    """Draws a name set by `set_name` on the line at height `y` mm, starting at `x`: its last line just above it."""
    lines, size = name.parts[0]
    canvas.setFillGray(0)
    draw_lines(canvas, lines, x, y + name_height(size, len(lines)), size, size * LEADING)
