"""Draws where a board's players write their names and tally their points: a table, or narrow blocks."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from sos_print.documents.common import Slot
from sos_print.pdf.draw import (
    SetLabel,
    draw_box,
    draw_label,
    draw_rule_line,
    draw_set_label,
    name_height,
    names_room,
    set_label,
)
from sos_print.plans.boards import BoardPlan
from sos_print.plans.common import Side
from sos_print.plans.layout import BODY_PT, NOTES_PT, Box
from sos_print.plans.words import Label

ROW = 12.0  # height of one side's row in the table, mm
TOTAL_BOX = 22.0  # width of the total box, mm
TALLY_BOX = 12.0  # height of the tally box in a narrow block, mm
PAD = 1.5
LINE_UP = 2.5  # from a row's bottom to its name line, mm
ROW_TOP = 0.3  # what a printed name leaves free under the top of its row, mm
COLUMN_GAP = 6.0
NAME_SHARE = 0.42  # of the width left after the label and total columns
# The same when names are printed there, or a team's row holds two written by hand (the tally keeps 40 %): at 0.42 a
# team's two lines were 23 mm each, five letters of a child's hand (review rv65, 3).
TWO_NAME_SHARE = 0.6


def _field(plan: BoardPlan, side: Side) -> Label:
    return plan.names if side.players > 1 else plan.name


def _seat(side: Side) -> Label:
    """Returns a side's name as the table's first column shows it, under its caption: "A", or "A + C"."""
    return (side.short,)


def _columns(plan: BoardPlan, width: float, scale: float) -> tuple[float, float, float, float]:
    """Returns the widths of the side, name, tally and total columns (mm)."""
    seats = max(set_label(_seat(side), BODY_PT * scale, bold=True).width for side in plan.sides)
    caption = max(set_label((word,), NOTES_PT * scale).width for text in plan.seat for word in text.split())
    label = max(seats, caption) + 2 * PAD + 1.0
    rest = width - label - TOTAL_BOX
    share = TWO_NAME_SHARE if plan.name_lines or any(side.players > 1 for side in plan.sides) else NAME_SHARE
    # Never narrower than its caption's longest word: a large-print table in two columns broke "Préno-m" (ad73, 10).
    words = (word for text in _field(plan, plan.sides[-1]) for word in text.split())
    name = max(rest * share, max(set_label((word,), NOTES_PT * scale).width for word in words) + 2 * PAD)
    return label, name, rest - name, TOTAL_BOX


def _captions(plan: BoardPlan) -> tuple[Label, Label, Label, Label]:
    return (plan.seat, _field(plan, plan.sides[-1]), plan.tally, plan.total)


def _caption_height(plan: BoardPlan, widths: tuple[float, ...], scale: float) -> float:
    return max(
        set_label(caption, NOTES_PT * scale, width - PAD).height
        for caption, width in zip(_captions(plan), widths, strict=True)
    )


def _row_height(plan: BoardPlan, scale: float) -> float:
    """Returns a side's row height (mm): ROW, or more for a large seat's letter or for printed names."""
    names = names_room(scale, plan.name_lines) + LINE_UP + ROW_TOP if plan.name_lines else 0.0
    return max(ROW, set_label(_seat(plan.sides[0]), BODY_PT * scale, bold=True).height + 2 * PAD, names)


def table_height(plan: BoardPlan, width: float, scale: float, columns: int = 1) -> float:
    """Returns the height (mm) of the score table: a caption row, then one row per side, in 1 or 2 columns."""
    widths = _columns(plan, _column_width(width, columns), scale)
    rows = -(-len(plan.sides) // columns)
    return _caption_height(plan, widths, scale) + PAD + rows * _row_height(plan, scale)


def _column_width(width: float, columns: int) -> float:
    return (width - (columns - 1) * COLUMN_GAP) / columns


def _parts(plan: BoardPlan, box: Box, columns: int) -> list[tuple[tuple[Side, ...], Box]]:
    """Returns the table's columns: the sides each holds and its box."""
    width = _column_width(box.width, columns)
    rows = -(-len(plan.sides) // columns)
    return [
        (
            plan.sides[column * rows : (column + 1) * rows],
            Box(box.x + column * (width + COLUMN_GAP), box.y, width, box.height),
        )
        for column in range(columns)
    ]


def draw_table(canvas: Canvas, plan: BoardPlan, box: Box, scale: float, columns: int = 1) -> None:
    """Draws the score table in `box`, its sides split over 1 or 2 columns."""
    for sides, part in _parts(plan, box, columns):
        _draw_part(canvas, plan, sides, part, scale)


def table_slots(plan: BoardPlan, box: Box, scale: float, columns: int = 1) -> list[Slot]:
    """Returns the line each seat's name is written on in the score table in `box`: a team's row has two."""
    return [slot for sides, part in _parts(plan, box, columns) for slot in _part_slots(plan, sides, part, scale)]


def _part_slots(plan: BoardPlan, sides: tuple[Side, ...], box: Box, scale: float) -> list[Slot]:
    label_w, name_w, _, _ = widths = _columns(plan, box.width, scale)
    top = box.top - _caption_height(plan, widths, scale) - PAD
    row = _row_height(plan, scale)
    slots = []
    for side in sides:
        share = name_w / side.players
        for k, seat in enumerate(side.seats):
            x = box.x + label_w + k * share
            # A team's row has a line per player: each starts with its seat's letter, so A knows which is theirs.
            mark = _seat_mark(seat, scale).width + 1.0 if side.players > 1 else 0.0
            slots.append(Slot(seat, x + PAD + mark, x + share - PAD, top - row + LINE_UP, row - LINE_UP - ROW_TOP))
        top -= row
    return slots


def _seat_mark(seat: str, scale: float) -> SetLabel:
    """Returns the seat's letter set before its line on a team's row."""
    return set_label((seat,), NOTES_PT * scale, bold=True)


def _draw_part(canvas: Canvas, plan: BoardPlan, sides: tuple[Side, ...], box: Box, scale: float) -> None:
    """Draws one column of the table: per side its label, a line for the name(s), a tally box and a total box."""
    widths = _columns(plan, box.width, scale)
    label_w, name_w, tally_w, total_w = widths
    x = box.x
    for caption, width in zip(_captions(plan), widths, strict=True):
        draw_label(canvas, caption, x + (PAD if x > box.x else 0.0), box.top, NOTES_PT * scale, width=width - PAD)
        x += width
    slots = iter(_part_slots(plan, sides, box, scale))
    top = box.top - _caption_height(plan, widths, scale) - PAD
    row = _row_height(plan, scale)
    for side in sides:
        label = set_label(_seat(side), BODY_PT * scale, bold=True)
        draw_set_label(canvas, label, box.x, top - (row - label.height) / 2)
        name_x = box.x + label_w
        for seat in side.seats:  # a line to write each player's name on: a team's row has two, each by its seat
            slot = next(slots)
            if side.players > 1:
                mark = _seat_mark(seat, scale)
                draw_set_label(canvas, mark, slot.x0 - mark.width - 1.0, slot.y + mark.height - 0.5)
            draw_rule_line(canvas, slot.x0, slot.x1, slot.y)
        tally = Box(name_x + name_w + PAD, top - row + 1.0, tally_w - 2 * PAD, row - 2.0)
        draw_box(canvas, tally)
        draw_box(canvas, Box(tally.right + 2 * PAD, tally.y, total_w - 2 * PAD, tally.height), width_pt=1.4)
        top -= row


def block_height(plan: BoardPlan, width: float, scale: float) -> float:
    """Returns the height (mm) of one side's block in a column `width` wide: name line, captions, boxes."""
    return _name_row(plan, scale) + 2.0 + _block_captions(plan, width, scale) + 1.0 + TALLY_BOX


def _name_row(plan: BoardPlan, scale: float) -> float:
    """Returns the height (mm) of a block's first row, its side and the line for the name(s); more for printed
    names."""
    name = set_label(plan.sides[0].label, BODY_PT * scale, bold=True).height
    if not plan.name_lines:
        return name
    # Room for a name of one line at the children's size, at least: at the least size's room, "Emma" stood at 9 points
    # beside a 10-point "Name" on two-per-page boards (review nt64, 15).
    room = max(names_room(scale, plan.name_lines), name_height(BODY_PT * scale, 1))
    return max(name, room + 1.0 + ROW_TOP)


def block_slot(plan: BoardPlan, side: Side, area: Box, scale: float) -> Slot:
    """Returns the line of a side's block in `area` the side's names are written on (a team's two, one after the
    other), keyed by its seats."""
    name = set_label(side.label, BODY_PT * scale, bold=True)
    field_x = area.x + name.width + 3.0
    field_width = set_label(_field(plan, side), NOTES_PT * scale).width
    y = area.top - _name_row(plan, scale) + 1.0
    return Slot(side.seats, field_x + field_width + 1.5, area.right, y, area.top - ROW_TOP - y)


def _block_captions(plan: BoardPlan, width: float, scale: float) -> float:
    tally = set_label(plan.tally, NOTES_PT * scale, width - TOTAL_BOX - 2.0).height
    return max(tally, set_label(plan.total, NOTES_PT * scale, TOTAL_BOX).height)


def draw_block(canvas: Canvas, plan: BoardPlan, side: Side, area: Box, scale: float) -> None:
    """Draws one side's block: its label and name line, then its tally and total boxes under their captions."""
    name = set_label(side.label, BODY_PT * scale, bold=True)
    row = _name_row(plan, scale)
    # The side and its caption sit on the line, as in the table: printed names take the room above it.
    label_top = area.top - row + name.height
    draw_set_label(canvas, name, area.x, label_top)
    field = _field(plan, side)
    draw_label(canvas, field, area.x + name.width + 3.0, label_top, NOTES_PT * scale)
    slot = block_slot(plan, side, area, scale)
    draw_rule_line(canvas, slot.x0, slot.x1, slot.y)
    caption_top = area.top - row - 2.0
    box_top = caption_top - _block_captions(plan, area.width, scale) - 1.0
    tally = Box(area.x, box_top - TALLY_BOX, area.width - TOTAL_BOX - 2.0, TALLY_BOX)
    total = Box(tally.right + 2.0, tally.y, TOTAL_BOX, TALLY_BOX)
    draw_label(canvas, plan.tally, tally.x, caption_top, NOTES_PT * scale, width=tally.width)
    draw_label(canvas, plan.total, total.x, caption_top, NOTES_PT * scale, width=total.width)
    draw_box(canvas, tally)
    draw_box(canvas, total, width_pt=1.4)
