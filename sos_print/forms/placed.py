"""Holds a filled audit's fields to the places sos-print gave them, and refuses ink drawn over them.

A field is read by its name, but the teacher reads the page: a widget moved to another row's cell, one laid over
another, or a claim written into the page's own drawing over a field (a copy flattened and stamped on, text added
by an editor) would make what is checked differ from what the page shows (issue 20, sweeps 41 and 42). So each read
field of the group must sit on its row's line, in its column, of its column's size, in the table's order of columns,
with the rows in their order down the pages and no widget over another; and the page's own drawing may put no ink in a
claim's field, as PDFium draws it.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from itertools import pairwise
from typing import NamedTuple

from sos_print.engine.errors import ExampleFileError, quoted
from sos_print.forms.drawn import EDGE as _EDGE
from sos_print.forms.drawn import Box, pages_seen

_SLACK = 0.5  # points: two boxes of a form that touch along an edge do not overlap
_ROW = re.compile(r"move\.([0-9]+)\.(.+)")


class Placed(NamedTuple):
    """Holds one widget of an audit's field: the field's full name and name within its group, whether the record
    reads it as the page shows it, its page's number, its box on the page, and the value its own drawing must show
    there (empty: none, or readers draw the value themselves); or another annotation of the page (a popup), with no
    name and its kind ("/Popup") for its name within its group."""

    name: str
    tail: str
    read: bool
    number: int
    box: Box
    shows: str = ""


def refuse_out_of_place(
    group: int, placed: Sequence[Placed], others: Sequence[Placed], order: Sequence[str], path: str
) -> None:
    """Refuses a read field of `group` that is not where sos-print put it: off its row's line or its column, of
    another size than its column's, its column out of the table's `order` (left to right), its row out of order, or
    over another widget (`others`: every widget and annotation on the group's pages). A claim's field (a row's or the
    pause box's) may have no annotation over any of its box but its edges, whatever it is: one that shows a digit
    there, a widget of another field or a popup, is seen on the page while the field's own value is read (A5)."""
    rows: dict[int, list[Placed]] = defaultdict(list)
    columns: dict[tuple[int, str], list[Placed]] = defaultdict(list)
    for widget in placed:
        row = _ROW.fullmatch(widget.tail)
        if row:
            rows[int(row[1])].append(widget)
            columns[(widget.number, row[2])].append(widget)
    for widgets in rows.values():
        pages = sorted(widget.number for widget in widgets)
        odd = _odd_one(widgets, 1) or next((w for w in widgets if w.number != pages[len(pages) // 2]), None)
        if odd is not None:
            _refuse(group, odd, "is not on its row's line", path)
    for widgets in columns.values():
        for odd, how in (
            (_odd_one(widgets, 0), "is not in its column"),
            (_odd_size(widgets), "is not the size of its column's other fields"),
        ):
            if odd is not None:
                _refuse(group, odd, how, path)
    for widgets in rows.values():
        # Whole columns swapped keep every line and column: the totals of A under B's heading (sweep 42, A4).
        known = sorted((w for w in widgets if _column(w) in order), key=lambda w: _centre(w.box, 0))
        for left, right in pairwise(known):
            if order.index(_column(left)) > order.index(_column(right)):
                _refuse(group, left, f"stands right of {quoted(right.name)}, not left of it", path)
    ordered = [rows[row][0] for row in sorted(rows)]
    for above, below in pairwise(ordered):
        if (below.number, -_centre(below.box, 1)) <= (above.number, -_centre(above.box, 1)):
            _refuse(group, below, f"is not below {quoted(above.name)}", path)
    for widget in placed:
        for other in others:
            if other.number == widget.number and other.name != widget.name and _covers(widget.box, other.box):
                _refuse_laid_over(group, widget, other, path)
    for widget in filter(_claim, placed):
        for other in others:
            if other.number == widget.number and other.name != widget.name and _overlaps(widget.box, other.box):
                _refuse_laid_over(group, widget, other, path)


def _refuse_laid_over(group: int, widget: Placed, other: Placed, path: str) -> None:
    """Refuses a widget or another annotation (`other`) laid over a read field (`widget`)."""
    if other.name:
        _refuse(group, other, f"lies over {quoted(widget.name)}", path)
    raise ExampleFileError(
        path,
        f"page {other.number} has an annotation ({other.tail.lstrip('/')}) laid over group {group}'s field "
        f"{quoted(widget.name)} (added by a PDF app?): what it shows there is not read; remove it, or send the file "
        "the audit was filled in",
    )


def refuse_ink_over_fields(group: int, groups: int, placed: Sequence[Placed], data: bytes, path: str) -> None:
    """Refuses a page whose own drawing puts ink within a claim's field (a row's or the pause box's): what the page
    shows there is not the field's value (a filled copy flattened onto it, text an editor added, a digit drawn as a
    path). The pages are drawn by PDFium without their widgets (`forms.drawn`, in a child process held to bounds), so
    whatever way the ink was written is seen as a reader shows it (sweep 42, A1 and A2). A claim's widget whose own
    drawing shows no ink in its box, though the field holds a value, is refused too: drawn shrunk, turned or moved out
    of sight (sweep ad58, F1). So is a page of a class's audit (of `groups` groups) headed for another group than the
    one whose claims it holds: two groups' pages or widgets swapped (A8)."""
    by_page: dict[int, list[Placed]] = defaultdict(list)
    for widget in filter(_claim, placed):
        by_page[widget.number].append(widget)
    boxes = {number: [widget.box for widget in widgets] for number, widgets in by_page.items()}
    valued = {number: [widget for widget in widgets if widget.shows] for number, widgets in by_page.items()}
    seen_boxes = {number: [widget.box for widget in widgets] for number, widgets in valued.items()}
    for seen in pages_seen(data, boxes, path, seen_boxes):
        widgets = by_page[seen.number]
        _refuse_headed_for_another(seen.last, seen.number, group, groups, widgets[0], path)
        if seen.rotation % 360:
            raise ExampleFileError(
                path,
                f"page {seen.number} is turned (rotated {seen.rotation}°), which sos-print never does: "
                "send the file the audit was filled in",
            )
        if seen.inked is not None and seen.inked >= 0:
            raise ExampleFileError(
                path,
                f"page {seen.number} shows ink drawn over group {group}'s field {quoted(widgets[seen.inked].name)} "
                "(added to the page, not typed in the field): what sos-print would read is not what the audit shows; "
                "send the file the audit was filled in",
            )
        if seen.blank >= 0:
            widget = valued[seen.number][seen.blank]
            raise ExampleFileError(
                path,
                f"page {seen.number} shows nothing in group {group}'s field {quoted(widget.name)}, which holds "
                f"{quoted(widget.shows)} (its drawing is too pale, clipped, shrunk, turned or moved out of sight): "
                "what sos-print would read is not what the audit shows; retype the field in a PDF reader and save the "
                "file",
            )


def _refuse_headed_for_another(last: str, number: int, group: int, groups: int, widget: Placed, path: str) -> None:
    """Refuses a page of a class's audit whose header names another group than `group`, whose claim (`widget`) it
    holds; `last` is the last line of the page's text.

    sos-print draws the group last on each page of a class's audit, at the right of its header strip: "Group 2 of 3"
    (and its page, "· Page 1 of 2"), in every language the line's first words. So the last line of the page's text is
    read as a word, a number, a word and the count of groups, whatever the words: no template is loaded here (check
    loads no jinja2). A page whose last line names no group is not held to one.
    """
    if groups < 2:
        return  # one group's audit names no group
    named = _NAMED.match(last)
    if named is not None and int(named[2]) == groups and int(named[1]) != group:
        raise ExampleFileError(
            path,
            f"page {number} is headed for group {named[1]} but holds group {group}'s field {quoted(widget.name)} "
            "(pages or fields moved between the groups' sheets): what sos-print would read is not what the audit "
            "shows; send the file the audit was filled in",
        )


_NAMED = re.compile(r"\s*[^\W\d]+\s+([0-9]{1,4})\s+[^\W\d]+\s+([0-9]{1,4})\b")


def _claim(widget: Placed) -> bool:
    """Tells whether a widget is a claim's: a row's or the pause box's."""
    return bool(_ROW.fullmatch(widget.tail)) or widget.tail.startswith("pause.")


def _overlaps(one: Box, other: Box) -> bool:
    """Tells whether two boxes share more than a strip along an edge: sos-print's own fields only touch, or meet by
    less than their edges (the class and date fields of a bilingual strip, by 2.3 points, are no claims)."""
    return (
        min(one[2], other[2]) - max(one[0], other[0]) > _EDGE and min(one[3], other[3]) - max(one[1], other[1]) > _EDGE
    )


def _covers(one: Box, other: Box) -> bool:
    """Tells whether either box holds the other's middle: a widget laid over another, not one touching its edge."""
    return _holds(one, other) or _holds(other, one)


def _holds(one: Box, other: Box) -> bool:
    return one[0] <= _centre(other, 0) <= one[2] and one[1] <= _centre(other, 1) <= one[3]


def _odd_one(widgets: Sequence[Placed], axis: int) -> Placed | None:
    """Returns a widget whose box does not reach the middle line (`axis` 1) or column (0) of the others, or None."""
    middle = sorted(_centre(widget.box, axis) for widget in widgets)[len(widgets) // 2]
    return next((widget for widget in widgets if not widget.box[axis] <= middle <= widget.box[axis + 2]), None)


def _column(widget: Placed) -> str:
    """Returns the column of a row's widget ("points", "total.A"), or "" for a widget of no row."""
    row = _ROW.fullmatch(widget.tail)
    return row[2] if row else ""


def _odd_size(widgets: Sequence[Placed]) -> Placed | None:
    """Returns a widget of another width or height than most of its column's (shrunk to a dot, squeezed), or None."""
    sizes = sorted((w.box[2] - w.box[0], w.box[3] - w.box[1]) for w in widgets)
    wide, high = sizes[len(sizes) // 2]
    return next(
        (w for w in widgets if abs(w.box[2] - w.box[0] - wide) > _SLACK or abs(w.box[3] - w.box[1] - high) > _SLACK),
        None,
    )


def _centre(box: Box, axis: int) -> float:
    return (box[axis] + box[axis + 2]) / 2


def _refuse(group: int, widget: Placed, how: str, path: str) -> None:
    raise ExampleFileError(
        path,
        f"group {group}'s field {quoted(widget.name)} {how} on page {widget.number}: the form was changed after it "
        "was written; what sos-print would read is not what the audit shows; send the file the audit was filled in",
    )
