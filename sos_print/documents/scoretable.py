"""Draws where a board's players write their names and tally their points: a table, or narrow blocks."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from sos_print.pdf.draw import draw_box, draw_label, draw_rule_line, draw_set_label, set_label
from sos_print.plans.boards import BoardPlan
from sos_print.plans.common import Side
from sos_print.plans.layout import BODY_PT, NOTES_PT, Box
from sos_print.plans.words import Label

ROW = 12.0  # height of one side's row in the table, mm
TOTAL_BOX = 22.0  # width of the total box, mm
TALLY_BOX = 12.0  # height of the tally box in a narrow block, mm
PAD = 1.5
COLUMN_GAP = 6.0
NAME_SHARE = 0.42  # of the width left after the label and total columns


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
    return label, rest * NAME_SHARE, rest * (1 - NAME_SHARE), TOTAL_BOX


def _captions(plan: BoardPlan) -> tuple[Label, Label, Label, Label]:
    return (plan.seat, _field(plan, plan.sides[-1]), plan.tally, plan.total)


def _caption_height(plan: BoardPlan, widths: tuple[float, ...], scale: float) -> float:
    return max(
        set_label(caption, NOTES_PT * scale, width - PAD).height
        for caption, width in zip(_captions(plan), widths, strict=True)
    )


def _row_height(plan: BoardPlan, scale: float) -> float:
    return max(ROW, set_label(_seat(plan.sides[0]), BODY_PT * scale, bold=True).height + 2 * PAD)


def table_height(plan: BoardPlan, width: float, scale: float, columns: int = 1) -> float:
    """Returns the height (mm) of the score table: a caption row, then one row per side, in 1 or 2 columns."""
    widths = _columns(plan, _column_width(width, columns), scale)
    rows = -(-len(plan.sides) // columns)
    return _caption_height(plan, widths, scale) + PAD + rows * _row_height(plan, scale)


def _column_width(width: float, columns: int) -> float:
    return (width - (columns - 1) * COLUMN_GAP) / columns


def draw_table(canvas: Canvas, plan: BoardPlan, box: Box, scale: float, columns: int = 1) -> None:
    """Draws the score table in `box`, its sides split over 1 or 2 columns."""
    width = _column_width(box.width, columns)
    rows = -(-len(plan.sides) // columns)
    for column in range(columns):
        sides = plan.sides[column * rows : (column + 1) * rows]
        _draw_part(canvas, plan, sides, Box(box.x + column * (width + COLUMN_GAP), box.y, width, box.height), scale)


def _draw_part(canvas: Canvas, plan: BoardPlan, sides: tuple[Side, ...], box: Box, scale: float) -> None:
    """Draws one column of the table: per side its label, a line for the name(s), a tally box and a total box."""
    widths = _columns(plan, box.width, scale)
    label_w, name_w, tally_w, total_w = widths
    x = box.x
    for caption, width in zip(_captions(plan), widths, strict=True):
        draw_label(canvas, caption, x + (PAD if x > box.x else 0.0), box.top, NOTES_PT * scale, width=width - PAD)
        x += width
    top = box.top - _caption_height(plan, widths, scale) - PAD
    row = _row_height(plan, scale)
    for side in sides:
        label = set_label(_seat(side), BODY_PT * scale, bold=True)
        draw_set_label(canvas, label, box.x, top - (row - label.height) / 2)
        name_x = box.x + label_w
        # A line to write each player's name on: a team's row has two.
        part = name_w / side.players
        for k in range(side.players):
            draw_rule_line(canvas, name_x + k * part + PAD, name_x + (k + 1) * part - PAD, top - row + 2.5)
        tally = Box(name_x + name_w + PAD, top - row + 1.0, tally_w - 2 * PAD, row - 2.0)
        draw_box(canvas, tally)
        draw_box(canvas, Box(tally.right + 2 * PAD, tally.y, total_w - 2 * PAD, tally.height), width_pt=1.4)
        top -= row


def block_height(plan: BoardPlan, width: float, scale: float) -> float:
    """Returns the height (mm) of one side's block in a column `width` wide: name line, captions, boxes."""
    name = set_label(plan.sides[0].label, BODY_PT * scale, bold=True).height
    return name + 2.0 + _block_captions(plan, width, scale) + 1.0 + TALLY_BOX


def _block_captions(plan: BoardPlan, width: float, scale: float) -> float:
    tally = set_label(plan.tally, NOTES_PT * scale, width - TOTAL_BOX - 2.0).height
    return max(tally, set_label(plan.total, NOTES_PT * scale, TOTAL_BOX).height)


def draw_block(canvas: Canvas, plan: BoardPlan, side: Side, area: Box, scale: float) -> None:
    """Draws one side's block: its label and name line, then its tally and total boxes under their captions."""
    name = set_label(side.label, BODY_PT * scale, bold=True)
    draw_set_label(canvas, name, area.x, area.top)
    field = _field(plan, side)
    field_x = area.x + name.width + 3.0
    draw_label(canvas, field, field_x, area.top, NOTES_PT * scale)
    field_width = set_label(field, NOTES_PT * scale).width
    draw_rule_line(canvas, field_x + field_width + 1.5, area.right, area.top - name.height + 1.0)
    caption_top = area.top - name.height - 2.0
    box_top = caption_top - _block_captions(plan, area.width, scale) - 1.0
    tally = Box(area.x, box_top - TALLY_BOX, area.width - TOTAL_BOX - 2.0, TALLY_BOX)
    total = Box(tally.right + 2.0, tally.y, TOTAL_BOX, TALLY_BOX)
    draw_label(canvas, plan.tally, tally.x, caption_top, NOTES_PT * scale, width=tally.width)
    draw_label(canvas, plan.total, total.x, caption_top, NOTES_PT * scale, width=total.width)
    draw_box(canvas, tally)
    draw_box(canvas, total, width_pt=1.4)
