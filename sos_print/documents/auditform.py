"""Adds the fields of a fillable scoring audit: one over each cell of the table, the names, the pause box, the strip.

Each field lies inside the cell or above the line it fills, so a filled audit prints like
one filled in by hand; the fields are named as `forms.fields` says, and the hidden game field
on each group's first page says the game, so that `sos-print check FILLED.pdf` needs no options.
"""

from __future__ import annotations

from collections.abc import Iterable

from reportlab.pdfbase.pdfmetrics import stringWidth

from sos_print.documents.audit import AuditPage, PageFrame, column_widths, name_slots, pause_slots, table_grid
from sos_print.documents.common import Slot
from sos_print.forms.fields import (
    CLASS_LENGTH,
    DATE_LENGTH,
    NAME_LENGTH,
    NEXT_LENGTH,
    FormGame,
    describe_game,
    game_field,
    group_field,
    max_lengths,
    move_columns,
    move_field,
)
from sos_print.pdf.draw import StripLayout, strip_lines
from sos_print.pdf.fields import CENTRE, LEFT, FormFields, TextField, in_form_font
from sos_print.plans.audit import AuditPlan
from sos_print.plans.common import StripPlan
from sos_print.plans.layout import BODY_PT, LEADING, MM, NOTES_PT, Box
from sos_print.plans.words import Label

CELL_PAD = 0.7  # mm between a field and its cell's ruled edges: the lines stay visible around a highlighted field
LINE_PAD = 0.3  # mm between a line to write on and the field above it
LINE_ROOM = 7.0  # mm of height a field above a names or pause line takes (the drawing leaves 8 for handwriting)
FIT = 0  # a field's type size that lets the reader fit the text to the box: the new lines, however many

NBSP = "\u00a0"


def add_page_fields(
    form: FormFields,
    *,
    plan: AuditPlan,
    page: AuditPage,
    frame: PageFrame,
    box: Box,
    strip: StripLayout,
    scale: float,
    game: FormGame,
    names: dict[str, str] | None = None,
) -> None:
    """Adds the fields of one page of group `game.group`'s audit to the current page; `names` (by seat, from a class
    list) fill the names fields in, still to be changed on screen."""
    group = game.group
    if page.first:
        form.add_hidden(game_field(group), describe_game(game))
        if plan.strip.class_name:  # printed, not typed: kept for the replay, which prints it again
            form.add_hidden(group_field(group, "class"), plan.strip.class_name)
    _add_strip(form, plan.strip, strip, box, scale, group)
    if page.first:
        slots = name_slots(plan, box, frame.names_top, scale)
        _add_lines(form, slots, frame.names_top, "names", plan, scale, game, names or {})
    _add_rows(form, plan, page, frame, box, scale, game)
    if frame.pause is not None:
        slots = pause_slots(plan, frame.pause, scale)
        _add_lines(form, slots, slots[0].y + LINE_ROOM, "pause", plan, scale, game)


def _add_rows(
    form: FormFields, plan: AuditPlan, page: AuditPage, frame: PageFrame, box: Box, scale: float, game: FormGame
) -> None:
    widths = column_widths(plan, box.width, scale)
    xs, ys = table_grid(plan, page, box.x, frame.table_top, widths, scale)
    columns = move_columns(game.variant)
    lengths = max_lengths(game.size, game.notation, game.variant)
    for k, move in enumerate(page.moves):
        top, bottom = ys[k + 1], ys[k + 2]
        for c, column in enumerate(columns, start=1):
            cell = Box(xs[c], bottom, xs[c + 1] - xs[c], top - bottom).inset(CELL_PAD)
            lines = column == "lines"
            field = TextField(
                size=FIT if lines else BODY_PT * scale,
                max_length=lengths[column],
                align=LEFT if lines else CENTRE,
                multiline=lines,
                tooltip=_row_tip(plan, move, c, column),
            )
            form.add_text(move_field(game.group, move, column), cell, field)


def _row_tip(plan: AuditPlan, move: int, column_index: int, column: str) -> str:
    """Returns what a reader says of a row's field: "Move 5 · Letter · S / O", in every language."""
    hint = " · S / O" if column == "letter" else ""
    words = zip(plan.columns[0], plan.columns[column_index], strict=True)
    # A heading's no-break spaces ("Total A + C") only keep a printed line whole: a reader says plain words.
    return _joined(f"{move_word} {move} · {word.replace(NBSP, ' ')}{hint}" for move_word, word in words)


def _add_lines(
    form: FormFields,
    slots: list[Slot],
    top: float,
    part: str,
    plan: AuditPlan,
    scale: float,
    game: FormGame,
    values: dict[str, str] | None = None,
) -> None:
    """Adds a field above each line to write on of the names row or the pause box, holding `values` by slot."""
    size = min(BODY_PT * scale, (top - slots[0].y - LINE_PAD) * MM * 0.8)
    group = game.group
    lengths = max_lengths(game.size, game.notation, game.variant)
    for slot in slots:
        if part == "names":
            name, length, tip = group_field(group, "names", slot.key), NAME_LENGTH, _tip(plan.name, slot.key)
        elif slot.key == "next":
            name, length, tip = group_field(group, "pause", "next"), NEXT_LENGTH, _joined(plan.pause_next)
        else:
            side = slot.key.replace(" + ", "")
            length = lengths[f"total.{side}"]
            name, tip = group_field(group, "pause", "score", side), _tip(plan.pause_scores, slot.key)
        above = top if part != "names" else slot.y + slot.room  # a names row may take two rows
        area = Box(slot.x0, slot.y + LINE_PAD, slot.x1 - slot.x0, above - slot.y - LINE_PAD)
        value = (values or {}).get(slot.key, "")
        if not in_form_font(value):  # printed on the page as on paper (`audit.render_audits`); kept for the replay
            form.add_hidden(name, value)
            continue
        # A name filled in too long for its line at the field's size is fitted by the reader: it stays whole.
        wide = value and stringWidth(value, "Helvetica", size) > (area.width - 2 * CELL_PAD) * MM
        field = TextField(size=FIT if wide else size, max_length=length, tooltip=tip)
        form.add_text(name, area, field, value)


def _add_strip(form: FormFields, strip: StripPlan, layout: StripLayout, box: Box, scale: float, group: int) -> None:
    """Adds the class (when no class name is printed) and the date fields: one each per group, on every page."""
    size = NOTES_PT * scale
    height = size * LEADING / MM + 0.8
    captions = {"class": strip.class_caption, "date": strip.date_caption}
    for key, (x0, x1, y) in strip_lines(strip, layout, box, scale).items():
        field = TextField(
            size=size, max_length=CLASS_LENGTH if key == "class" else DATE_LENGTH, align=LEFT, tooltip=captions[key]
        )
        form.add_text(group_field(group, key), Box(x0, y + LINE_PAD, x1 - x0, height), field)


def _tip(label: Label, key: str) -> str:
    return _joined(f"{text} · {key}" for text in label)


def _joined(texts: Iterable[str]) -> str:
    return " / ".join(dict.fromkeys(texts))
