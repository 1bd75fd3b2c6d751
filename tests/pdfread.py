"""Reads PDFs back for tests: text, fonts, outline, metadata, and geometry measured in millimetres."""

from __future__ import annotations

import io
import math
from collections import Counter, defaultdict
from functools import lru_cache
from itertools import pairwise
from pathlib import Path
from typing import NamedTuple

import pdfplumber
from pdfminer.layout import LTChar, LTContainer, LTCurve, LTLine
from pdfpages import open_pdf
from pypdf import PdfReader

MM = 72 / 25.4


def reader(data: bytes | Path) -> PdfReader:
    return PdfReader(io.BytesIO(data) if isinstance(data, bytes) else data)


def page_count(data: bytes | Path) -> int:
    """Returns how many pages the PDF has (without extracting their text)."""
    return len(reader(data).pages)


def texts(data: bytes | Path) -> list[str]:
    """Returns the extracted text of each page (of a file: of its bytes, so that a file written again the same is
    read once)."""
    return list(_texts(data if isinstance(data, bytes) else data.read_bytes()))


@lru_cache(maxsize=256)
def _texts(data: bytes) -> tuple[str, ...]:
    """Extracts the text of a PDF once: many tests read the same documents."""
    return tuple(page.extract_text() for page in reader(data).pages)


def section_texts(data: bytes, title: str) -> list[str]:
    """Returns the extracted text of each page from the one the bookmark `title` points to, to the end: a test
    about the last section of a long document reads that section only."""
    return section(data, title)[1]


def section(data: bytes, title: str) -> tuple[int, list[str]]:
    """Returns the number (from 0) of the page the bookmark `title` points to, and the text of each page from it."""
    pdf = reader(data)
    marks = [item for item in _flat_outline(pdf.outline) if item.title == title]
    assert len(marks) == 1, f"{len(marks)} bookmarks named {title!r}"
    first = pdf.get_destination_page_number(marks[0])
    return first, texts(data)[first:]


def _flat_outline(items) -> list:
    found = []
    for item in items:
        found.extend(_flat_outline(item) if isinstance(item, list) else [item])
    return found


def fonts(data: bytes | Path) -> set[tuple[str, bool]]:
    """Returns (base font name, embedded) for every font used on any page, forms included."""
    found: set[tuple[str, bool]] = set()

    def walk(resources) -> None:
        for font in resources.get("/Font", {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            embedded = descriptor is not None and any(
                key in descriptor.get_object() for key in ("/FontFile", "/FontFile2", "/FontFile3")
            )
            found.add((str(font["/BaseFont"]), embedded))
        for xobject in resources.get("/XObject", {}).values():
            xobject = xobject.get_object()
            if "/Resources" in xobject:
                walk(xobject["/Resources"])

    for page in reader(data).pages:
        walk(page["/Resources"])
    return found


def font_files(data: bytes) -> int:
    """Counts the embedded font programs in the file (one per face and subset)."""
    return data.count(b"/FontFile2")


def outline(data: bytes | Path) -> list[str]:
    """Returns the bookmark titles, depth first."""
    titles: list[str] = []

    def walk(items) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                titles.append(item.title)

    walk(reader(data).outline)
    return titles


def catalog(data: bytes | Path):
    return reader(data).trailer["/Root"]


def pages(data: bytes) -> _Kept:
    """Opens the PDF with pdfplumber for geometry (use as a context manager, or read `.pages`): once per document and
    process, so that the tests that measure the same document read its pages once (change nothing it gives)."""
    return _Kept(_opened(data))


@lru_cache(maxsize=16)
def _opened(data: bytes) -> pdfplumber.PDF:
    # pdfplumber keeps each page's objects once read: a document kept open is parsed once, whichever test reads it
    # (a few documents at a time: a parsed page of text takes megabytes).
    return open_pdf(data)


class _Kept:
    """Hands out a kept pdfplumber document: leaving a `with` block leaves it open for the next test."""

    def __init__(self, pdf: pdfplumber.PDF) -> None:
        self._pdf = pdf

    def __enter__(self) -> pdfplumber.PDF:
        return self._pdf

    def __exit__(self, *exc: object) -> None:
        return None

    def __getattr__(self, name: str):
        return getattr(self._pdf, name)


def marks(page) -> list:
    """Returns what is drawn on a pdfplumber page (characters, lines, rectangles and curves, forms' included) as the
    pdfminer layout objects pdfplumber makes its own from: the same boxes, read at less than half the cost.

    Each has x0 < x1 and y0 < y1 in points from the bottom left corner; pdfplumber's `top` is the page's
    height less y1, its `bottom` the height less y0.
    """
    found = []

    def walk(items) -> None:
        for item in items:
            if isinstance(item, LTContainer):
                walk(item)
            elif isinstance(item, (LTChar, LTCurve)):  # LTLine and LTRect are curves
                found.append(item)

    walk(page.layout)
    return found


def chars(page) -> list[LTChar]:
    """Returns the characters drawn on a pdfplumber page, as pdfminer's layout objects (see `marks`)."""
    return [mark for mark in marks(page) if isinstance(mark, LTChar)]


def vertical_lines(page) -> list[tuple[float, float, float]]:
    """Returns (x, top, bottom) in points of every vertical line drawn on a pdfplumber page (see `marks`)."""
    return [
        (mark.x0, page.height - mark.y1, page.height - mark.y0)
        for mark in marks(page)
        if isinstance(mark, LTLine) and abs(mark.x0 - mark.x1) < 0.01
    ]


def grid_cells(page) -> list[float]:
    """Returns the widths (mm) of the cells of the largest grid on a pdfplumber page."""
    verticals = [line for line in page.lines if abs(line["x0"] - line["x1"]) < 0.01]
    if not verticals:
        return []
    longest = Counter(round(line["height"], 1) for line in verticals).most_common()
    height = max(h for h, count in longest if count >= 4)
    xs = sorted({round(line["x0"], 2) for line in verticals if round(line["height"], 1) == height})
    return [(b - a) / MM for a, b in pairwise(xs)]


def square_grids(page) -> list[list[float]]:
    """Returns the column widths (mm) of every square grid on a pdfplumber page, top to bottom.

    A grid is a set of at least four vertical lines of the same span whose outer lines are as
    far apart as the lines are long; score tables and rules never make such a square.
    """
    spans: dict[tuple[float, float], set[float]] = defaultdict(set)
    for x, top, bottom in vertical_lines(page):
        spans[(round(top, 1), round(bottom, 1))].add(round(x, 2))
    found = []
    for (top, bottom), xs in sorted(spans.items()):
        ordered = sorted(xs)
        if len(ordered) >= 4 and abs((ordered[-1] - ordered[0]) - (bottom - top)) < 0.5:
            found.append([(b - a) / MM for a, b in pairwise(ordered)])
    return found


Point = tuple[float, float]


def joined_lines(pieces: list[tuple[Point, Point]], gap: float) -> list[tuple[Point, Point, float]]:
    """Returns the lines that straight `pieces` (their ends, points) make, collinear pieces less than `gap` points apart
    being one line broken (round the move numbers in its cells' corners) or run on beside a number, moved aside less
    than a point: for each, its two ends and the length drawn."""
    ways: dict[tuple[float, float], list[tuple[float, float, float]]] = defaultdict(list)
    for (ax, ay), (bx, by) in pieces:
        length = math.hypot(bx - ax, by - ay)
        ux, uy = (bx - ax) / length, (by - ay) / length
        if ux < -1e-9 or (abs(ux) < 1e-9 and uy < 0):
            ux, uy = -ux, -uy
        offset = ax * uy - ay * ux  # from the origin, across the line
        low, high = sorted((ax * ux + ay * uy, bx * ux + by * uy))
        ways[(round(ux, 2), round(uy, 2))].append((offset, low, high))
    found = []
    for (ux, uy), found_way in ways.items():
        unit = math.hypot(ux, uy)
        ux, uy = ux / unit, uy / unit
        lines: list[list[tuple[float, float, float]]] = []
        for piece in sorted(found_way):
            if lines and piece[0] - lines[-1][0][0] < 1.0:
                lines[-1].append(piece)
            else:
                lines.append([piece])
        for line in lines:
            offset = line[0][0]

            def point(at: float, ux: float = ux, uy: float = uy, offset: float = offset) -> Point:
                return (at * ux + offset * uy, at * uy - offset * ux)

            along = sorted((low, high) for _, low, high in line)
            start, end, drawn = along[0][0], along[0][1], 0.0
            for low, high in along:
                if low - end > gap:
                    found.append((point(start), point(end), drawn))
                    start, end, drawn = low, high, 0.0
                end, drawn = max(end, high), drawn + high - low
            found.append((point(start), point(end), drawn))
    return found


def nearest_edge(page) -> float:
    """Returns how close (mm) any drawn mark comes to the paper's edge."""
    height = page.height
    gaps = [min(mark.x0, height - mark.y1, page.width - mark.x1, height - (height - mark.y0)) for mark in marks(page)]
    return min(gaps) / MM


def type_sizes(data: bytes) -> Counter[float]:
    """Returns how many pieces of text the document prints at each type size (points, to a tenth).

    Read with pypdf's text visitor (forms included), the size scaled by the text and page
    matrices: the same sizes pdfplumber measures character by character, in a third of the time.
    """
    found: Counter[float] = Counter()

    def visit(text, cm, tm, font, size) -> None:
        if text.strip():
            a, b, c, d = (
                tm[0] * cm[0] + tm[1] * cm[2],
                tm[0] * cm[1] + tm[1] * cm[3],
                tm[2] * cm[0] + tm[3] * cm[2],
                tm[2] * cm[1] + tm[3] * cm[3],
            )
            found[round(size * abs(a * d - b * c) ** 0.5, 1)] += 1

    for page in reader(data).pages:
        page.extract_text(visitor_text=visit)
    return found


class Drawn(NamedTuple):
    """Holds what one page draws (see `marks`) and the page's size in points."""

    width: float
    height: float
    marks: tuple


def drawn_pages(data: bytes) -> tuple[Drawn, ...]:
    """Returns what each page of the PDF draws (see `drawn_page`)."""
    return tuple(drawn_page(data, number) for number in range(page_count(data)))


@lru_cache(maxsize=256)
def drawn_page(data: bytes, number: int) -> Drawn:
    """Returns what page `number` (from 0) of the PDF draws, read once per document and process: several tests
    measure the same pages (the caller must not change what it gets)."""
    with pages(data) as pdf:
        page = pdf.pages[number]
        return Drawn(page.width, page.height, tuple(marks(page)))


def search(page: Drawn, text: str) -> list[list[LTChar]]:
    """Returns the characters (spaces left out) of each place a page draws `text`, its characters read in the order
    they are drawn: what pdfplumber's `page.search(text, regex=False)` finds on a line, at less than half the cost."""
    owners = [mark for mark in page.marks if isinstance(mark, LTChar) for _ in mark.get_text()]  # one per letter
    joined = "".join(mark.get_text() for mark in page.marks if isinstance(mark, LTChar))
    found = []
    at = joined.find(text)
    while at >= 0:
        found.append(list(dict.fromkeys(mark for mark in owners[at : at + len(text)] if mark.get_text().strip())))
        at = joined.find(text, at + 1)
    return found
