"""Holds a filled audit's fields to the places sos-print gave them, and refuses ink drawn over them.

A field is read by its name, but the teacher reads the page: a widget moved to another row's cell, one laid over
another, or a claim written into the page's own drawing over a field (a copy flattened and stamped on, text added
by an editor) would make what is checked differ from what the page shows (issue 20, sweep 41, A1 and A2). So each
read field of the group must sit on its row's line, in its column, with the rows in their order down the pages and
no widget over another; and no text or image of the page's drawing may stand in a read field's box.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator, Sequence
from itertools import pairwise
from typing import Any, NamedTuple

from pypdf.generic import ContentStream, DictionaryObject, PdfObject, StreamObject

from sos_print.engine.errors import ExampleFileError, quoted

Box = tuple[float, float, float, float]  # left, bottom, right, top, in points
Matrix = tuple[float, float, float, float, float, float]

_SLACK = 0.5  # points: two boxes of a form that touch along an edge do not overlap
_CLAIM = 12  # glyphs: the longest run held by its width, as long as a claim of lines is ("A1-C3 B2-D4")
_LINE = 2.0  # points: the baseline of a label above a field may dip into its box (the date's, under the class line)
_MOST_OPERATIONS = 200_000  # a page of sos-print's audit draws a few thousand; the form's own file caps its size
_DEEPEST = 8  # drawings within drawings: sos-print nests none
_ROW = re.compile(r"move\.([0-9]+)\.(.+)")
_SHOWS = {b"Tj", b"TJ", b"'", b'"'}
_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


class Placed(NamedTuple):
    """Holds one widget of an audit's field: the field's full name and name within its group, whether the record
    reads it as the page shows it, its page's number and page, and its box on the page."""

    name: str
    tail: str
    read: bool
    number: int
    page: Any
    box: Box


def refuse_out_of_place(
    group: int, placed: Sequence[Placed], others: Sequence[Placed], order: Sequence[str], path: str
) -> None:
    """Refuses a read field of `group` that is not where sos-print put it: off its row's line or its column, of
    another size than its column's, its column out of the table's `order` (left to right), its row out of order, or
    over another widget (`others`: every widget on the group's pages)."""
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
        odd = _odd_one(widgets, 0) or _odd_size(widgets)
        if odd is not None:
            how = "is not in its column" if _odd_one(widgets, 0) else "is not the size of its column's other fields"
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
                _refuse(group, other, f"lies over {quoted(widget.name)}", path)


def refuse_ink_over_fields(group: int, placed: Sequence[Placed], path: str) -> None:
    """Refuses a page whose drawing shows text or an image within a read field's box: what the page shows there is
    not the field's value (a filled copy flattened onto it, text added by an editor)."""
    by_page: dict[int, list[Placed]] = defaultdict(list)
    for widget in placed:
        by_page[widget.number].append(widget)
    for number, widgets in sorted(by_page.items()):
        page = widgets[0].page
        budget = [_MOST_OPERATIONS]
        try:
            pdf = page.indirect_reference.pdf if page.indirect_reference is not None else None
            marks = list(_marks(page.get("/Contents"), _inherited(page, "/Resources"), pdf, _IDENTITY, budget, 0))
        except _TooLarge:
            raise ExampleFileError(
                path, f"page {number}'s drawing is far larger than an audit's: the page was changed"
            ) from None
        for what, mark in marks:
            hit = next((widget for widget in widgets if _over(mark, widget.box)), None)
            if hit is not None:
                raise ExampleFileError(
                    path,
                    f"page {number} shows {what} drawn over group {group}'s field {quoted(hit.name)} (ink added to the "
                    "page, not typed in the field): what sos-print would read is not what the audit shows; send the "
                    "file the audit was filled in",
                )


class _TooLarge(Exception):
    """Signals a drawing of more operations than any audit page's."""


def _marks(
    content: Any, resources: Any, pdf: Any, ctm: Matrix, budget: list[int], depth: int
) -> Iterator[tuple[str, tuple[Box, int]]]:
    """Yields each text run and image of a drawing with its box on the page, its drawings within followed."""
    if content is None or depth > _DEEPEST:
        return
    operations = (content if isinstance(content, ContentStream) else ContentStream(content, pdf)).operations
    resources = _dictionary(resources)
    xobjects = _dictionary(resources.get("/XObject")) if resources is not None else None
    stack: list[Matrix] = []
    line = text = _IDENTITY
    leading = size = 0.0
    for operands, operator in operations:
        budget[0] -= 1
        if budget[0] < 0:
            raise _TooLarge
        if operator == b"q":
            stack.append(ctm)
        elif operator == b"Q" and stack:
            ctm = stack.pop()
        elif operator == b"cm" and _numbers(operands, 6):
            ctm = _times(_matrix(operands), ctm)
        elif operator == b"BT":
            line = text = _IDENTITY
        elif operator == b"Tm" and _numbers(operands, 6):
            line = text = _matrix(operands)
        elif operator in (b"Td", b"TD") and _numbers(operands, 2):
            leading = -float(operands[1]) if operator == b"TD" else leading
            line = text = _times((1, 0, 0, 1, float(operands[0]), float(operands[1])), line)
        elif operator == b"TL" and _numbers(operands, 1):
            leading = float(operands[0])
        elif operator == b"Tf" and len(operands) == 2 and _numbers(operands[1:], 1):
            size = float(operands[1])
        if operator in (b"T*", b"'", b'"'):
            line = text = _times((1, 0, 0, 1, 0, -leading), line)
        if operator in _SHOWS:
            yield "text", _run_box(operands, _times(text, ctm), size)
        elif operator == b"Do" and operands and xobjects is not None:
            drawing = _resolved(xobjects.get(operands[0]))
            if isinstance(drawing, StreamObject) and drawing.get("/Subtype") == "/Image":
                yield "an image", (_box((0.0, 0.0, 1.0, 1.0), ctm), 0)
            elif isinstance(drawing, StreamObject) and drawing.get("/Subtype") == "/Form":
                inner = drawing.get("/Matrix")
                placed = _times(_matrix(inner), ctm) if _numbers(inner, 6) else ctm
                within = drawing.get("/Resources") or resources
                yield from _marks(drawing, within, pdf, placed, budget, depth + 1)


def _run_box(operands: list[Any], matrix: Matrix, size: float) -> tuple[Box, int]:
    """Returns the box of a text run on the page and its count of glyphs: from its start, as wide as its glyphs at
    most (half an em each: the narrowest width of the digits a claim is made of), as high as the font."""
    shown = [item for operand in operands for item in (operand if isinstance(operand, list) else [operand])]
    count = sum(len(item) for item in shown if isinstance(item, (str, bytes)))
    return _box((0.0, 0.0, max(count, 1) * size / 2, size * 0.7), matrix), count


def _box(box: Box, matrix: Matrix) -> Box:
    """Returns the page box holding `box` as `matrix` places it."""
    a, b, c, d, e, f = matrix
    xs, ys = [], []
    for x, y in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])):
        xs.append(a * x + c * y + e)
        ys.append(b * x + d * y + f)
    return (min(xs), min(ys), max(xs), max(ys))


def _times(m: Sequence[float], n: Sequence[float]) -> Matrix:
    """Returns the matrix product m × n, as PDF composes a transformation with the one it is drawn in."""
    return (
        m[0] * n[0] + m[1] * n[2],
        m[0] * n[1] + m[1] * n[3],
        m[2] * n[0] + m[3] * n[2],
        m[2] * n[1] + m[3] * n[3],
        m[4] * n[0] + m[5] * n[2] + n[4],
        m[4] * n[1] + m[5] * n[3] + n[5],
    )


def _matrix(operands: Any) -> Matrix:
    """Returns six numbers (checked by `_numbers`) as a matrix."""
    a, b, c, d, e, f = (float(number.get_object()) for number in operands)
    return (a, b, c, d, e, f)


def _numbers(operands: Any, count: int) -> bool:
    values = [_resolved(value) for value in operands] if isinstance(operands, list) else []
    return len(values) == count and all(
        isinstance(value, (int, float)) and not isinstance(value, bool) for value in values
    )


def _over(mark: tuple[Box, int], field: Box) -> bool:
    """Tells whether a text run (or an image: no glyph) stands in a field's box: it starts within it, or, short as a
    claim is, covers its middle. A label beside or above a field may touch its edge (a descender), never either; a
    long run's width is not known (an accent takes none), so only its start is held."""
    (left, bottom, _, _), glyphs = mark
    starts = field[0] + _SLACK < left < field[2] - _SLACK and field[1] + _LINE < bottom < field[3] - _LINE
    return starts or (glyphs <= _CLAIM and _covers(mark[0], field))


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


def _inherited(page: Any, key: str) -> object:
    """Returns what a page says of `key`, or what the nearest of the page tree's nodes above it says."""
    node, depth = page, 0
    while node is not None and depth <= _DEEPEST:
        if key in node:
            return node.get(key)
        node, depth = _dictionary(node.get("/Parent")), depth + 1
    return None


def _dictionary(value: object) -> Any:
    value = value.get_object() if isinstance(value, PdfObject) else value
    return value if isinstance(value, DictionaryObject) else None


def _resolved(value: object) -> object:
    return value.get_object() if isinstance(value, PdfObject) else value
