"""Draws a filled audit's pages with PDFium in a child process held to MEMORY and SECONDS, and says what each shows:
how it is turned, the last line of its text, which of the given boxes holds ink of the page's own, and which of the
boxes of fields that hold a value shows none once the widgets are drawn.

What PDFium draws cannot be bounded from the file: a 97 KB audit whose drawings call each other a hundred times three
deep took the reading to 1.5 GB, four deep past 6 GB, and killed the web page's server (issue 20, sweep ad51 F1). So
the drawing runs where the system stops it at a bound, and a page past it is refused in one line; `forms.drawing`
refuses the plainly oversized pages before any child starts.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from sos_print.engine.errors import ExampleFileError

MEMORY = 400 << 20  # bytes of address space for the child: an audit's page draws in under 250 MB of it
LAST_LINE = 200  # characters of a page's last line of text told to the parent: "Group 12 of 30 · Page 1 of 2"
SECONDS = 10  # of processor time for the child; the parent waits twice as long on the clock

Box = tuple[float, float, float, float]  # left, bottom, right, top, in points
_INK = 200  # of 255: darker than any light grey a drawing of sos-print's leaves in a cell (none)
EDGE = 1.5  # points: a field's box lies on its cell's lines, which the page draws
_SCALE = 2  # pixels a point where a widget's value is looked for: a "1" at 12 points is a stem of one point
_BAND = 6.0  # points: a field's border runs this far into its box (`forms.shown`)
_SIDE = 0.9  # of a box's width or height: ink from end to end of that much of a row or column near an edge is a side
CONTRAST = 32  # of 255: a value's ink is at least this much darker than its box's background
_LEAST_MARK = 0.5  # square points of ink: a hyphen is about 3 at 12 points, 0.7 at 6; a "1" at 1 point, 0.1


class Sight(NamedTuple):
    """Holds what a page shows: its number, its turn (degrees), the last line of its text, the first of the boxes
    asked about that holds ink of the page's own drawing (-1: none; None: the page was not drawn, being turned), and
    the first of the boxes of valued fields that shows no ink once the page's widgets are drawn too (-1: none)."""

    number: int
    rotation: int
    last: str
    inked: int | None
    blank: int = -1


def pages_seen(
    data: bytes, boxes: Mapping[int, Sequence[Box]], path: str, valued: Mapping[int, Sequence[Box]] | None = None
) -> Iterator[Sight]:
    """Yields what each page of `boxes` (by number, in order) shows, drawn in a child process, and which box of
    `valued` (by page: the boxes of fields that hold a value) shows none; raises ExampleFileError for a page the child
    could not read or draw within its bounds, once the pages before it are yielded."""
    valued = valued or {}
    asked = json.dumps(
        {
            str(number): [list(map(list, found)), list(map(list, valued.get(number, ())))]
            for number, found in boxes.items()
        }
    ).encode()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "sos_print.forms.drawn"],
            input=asked + b"\n" + data,
            capture_output=True,
            timeout=2 * SECONDS,
            check=False,
        )
        out = done.stdout
    except subprocess.TimeoutExpired as expired:
        out = expired.stdout or b""
    told = {}
    for line in out.decode("utf-8", "replace").splitlines():
        kind, number, *rest = json.loads(line)
        told[(kind, number)] = rest
    for number in sorted(boxes):
        damaged = told.get(("damaged", number))
        if damaged is not None:
            raise ExampleFileError(path, f"cannot be read as a PDF: it is damaged ({damaged[0]})")
        text, ink = told.get(("text", number)), told.get(("ink", number))
        if text is None or (ink is None and not text[0] % 360):
            raise ExampleFileError(
                path,
                f"page {number} cannot be drawn within {MEMORY >> 20:,} MB and {SECONDS} s, far more than any page "
                "of an audit takes: send the file the audit was filled in",
            )
        blank = told.get(("blank", number), [-1])
        yield Sight(number, text[0], text[1], ink[0] if ink is not None else None, blank[0])


def main() -> None:
    """Reads the boxes asked about (a line of JSON) and the PDF from standard input, and writes a line of JSON for
    each page as it is read ("text") and drawn ("ink", then "blank" with its widgets), or for the page that could not
    be ("damaged")."""
    _bounded()
    head, _, data = sys.stdin.buffer.read().partition(b"\n")
    boxes = {int(number): found for number, found in json.loads(head).items()}
    number = min(boxes, default=0)
    try:
        import pypdfium2

        document = pypdfium2.PdfDocument(data)
        if any(valued for _, valued in boxes.values()):
            document.init_forms()  # PDFium draws widgets only with its form layer, from their own drawings
        for number in sorted(boxes):
            page = document[number - 1]
            _say("text", number, page.get_rotation(), last_line(page))
            if page.get_rotation() % 360:  # its pixels would not stand where the boxes say
                continue
            found, valued = boxes[number]
            _say("ink", number, _first_inked(page, found))
            if valued:
                _say("blank", number, _first_blank(page, valued))
    except MemoryError:
        raise SystemExit(1) from None
    except Exception as error:  # a damaged drawing can fail anywhere inside PDFium
        reason = " ".join(str(error).split())[:80]
        _say("damaged", number, f"{type(error).__name__}: {reason}" if reason else type(error).__name__)


def _bounded() -> None:
    """Holds this process to MEMORY and SECONDS, where the system can (not on Windows: the parent's clock alone)."""
    try:
        import resource
    except ImportError:
        return
    for limit, value in ((resource.RLIMIT_AS, MEMORY), (resource.RLIMIT_CPU, SECONDS)):
        _, hard = resource.getrlimit(limit)
        value = value if hard == resource.RLIM_INFINITY else min(value, hard)
        resource.setrlimit(limit, (value, hard))


def _say(*line: Any) -> None:
    sys.stdout.write(json.dumps(line) + "\n")
    sys.stdout.flush()


def last_line(page: Any) -> str:
    """Returns the start of the last line of a page's text, where an audit names its group: a page whose drawings
    repeat text a million times has a last line of megabytes, which the parent would read whole."""
    text = page.get_textpage()
    try:
        lines = text.get_text_range().splitlines()
    finally:
        text.close()
    return lines[-1][:LAST_LINE] if lines else ""


def _first_inked(page: Any, boxes: Sequence[Box]) -> int:
    """Returns the first of `boxes` that holds a pixel darker than a light grey, less its edges (the table's lines),
    on the page drawn without its widgets at one pixel a point, grey; -1 for none."""
    bitmap = page.render(scale=1, draw_annots=False, may_draw_forms=False, grayscale=True)
    shown = _shown(page)
    return next((k for k, box in enumerate(boxes) if _inked(bitmap, shown, box)), -1)


def _first_blank(page: Any, boxes: Sequence[Box]) -> int:
    """Returns the first of `boxes` in which the page, drawn with its widgets as their own drawings show them (PDFium's
    form layer, which draws them again from their values only where the form asks), holds no mark of a value; -1 for
    none. A value drawn shrunk, turned or moved out of its box shows nothing there (sweep ad58, F1); the page's own
    drawing puts no ink in these boxes (`_first_inked`)."""
    bitmap = page.render(scale=_SCALE, draw_annots=True, may_draw_forms=True, grayscale=True)
    shown = _shown(page)
    return next((k for k, box in enumerate(boxes) if not _marked(bitmap, shown, box)), -1)


def _shown(page: Any) -> tuple[float, ...]:
    """Returns the part of a page a bitmap of it shows (left, bottom, right, top, in points): its crop box within its
    media box, whose top left is the bitmap's pixel 0, 0."""
    crop, media = page.get_cropbox(), page.get_mediabox()
    return (*map(max, crop[:2], media[:2]), *map(min, crop[2:], media[2:]))


def _marked(bitmap: Any, shown: Sequence[float], box: Sequence[float]) -> bool:
    """Tells whether a box, less its edges, holds a mark of a value, drawn at _SCALE pixels a point: at least
    _LEAST_MARK of ink, ink being darker than the box's own background by CONTRAST (a field may be filled in a
    colour), none of it counted in a border's sides (a row or column within _BAND of the box's edge that ink runs
    along nearly end to end, solid or dashed). A value shrunk to a speck, moved or turned out of the box leaves none
    (sweeps ad58 F1, ad59)."""
    left = max(int((box[0] - shown[0] + EDGE) * _SCALE), 0)
    right = min(int((box[2] - shown[0] - EDGE) * _SCALE), bitmap.width)
    top = max(int((shown[3] - box[3] + EDGE) * _SCALE), 0)
    bottom = min(int((shown[3] - box[1] - EDGE) * _SCALE), bitmap.height)
    width, height = right - left, bottom - top
    if width <= 0 or height <= 0:
        return False
    pixels, stride = bitmap.buffer, bitmap.stride
    grey = b"".join(bytes(pixels[row * stride + left : row * stride + right]) for row in range(top, bottom))
    band = int(_BAND * _SCALE)
    limit = min(_INK, _background(grey, width, height, band) - CONTRAST)
    block = grey.translate(bytes(int(value < limit) for value in range(256)))
    edges = [*range(min(band, width)), *range(max(width - band, 0), width)]
    sides = {column for column in edges if _spans(block[column::width], height)}
    ink = 0
    for row in range(height):
        line = block[row * width : (row + 1) * width]
        if (row < band or row >= height - band) and _spans(line, width):
            continue
        ink += sum(1 for column in _found(line) if column not in sides)
    return ink >= _LEAST_MARK * _SCALE * _SCALE


def _background(grey: bytes, width: int, height: int, band: int) -> int:
    """Returns the commonest grey of a box's pixels (rows of `width`) inside its border's reach, `band` pixels in from
    each edge (a thick border outweighs the background of a small box), or of them all where that leaves none."""
    if width > 2 * band and height > 2 * band:
        grey = b"".join(grey[row * width + band : (row + 1) * width - band] for row in range(band, height - band))
    return Counter(grey).most_common(1)[0][0]


def _spans(line: bytes, length: int) -> bool:
    """Tells whether ink runs along a row or column of `length` pixels nearly end to end, with gaps or not."""
    first = line.find(1)
    return first >= 0 and line.rfind(1) - first + 1 >= _SIDE * length


def _found(line: bytes) -> Iterator[int]:
    """Yields where a row of ones and zeros holds a one."""
    column = line.find(1)
    while column >= 0:
        yield column
        column = line.find(1, column + 1)


def _inked(bitmap: Any, shown: Sequence[float], box: Sequence[float]) -> bool:
    """Tells whether a box, less its edges, holds a pixel darker than a light grey in the `shown` part of a page
    (left, bottom, right, top) drawn at one pixel a point (grey, one byte a pixel)."""
    left, right = max(int(box[0] - shown[0] + EDGE), 0), min(int(box[2] - shown[0] - EDGE), bitmap.width)
    top, bottom = max(int(shown[3] - box[3] + EDGE), 0), min(int(shown[3] - box[1] - EDGE), bitmap.height)
    pixels, stride = bitmap.buffer, bitmap.stride
    return any(
        right > left and min(pixels[row * stride + left : row * stride + right]) < _INK for row in range(top, bottom)
    )


if __name__ == "__main__":
    main()
