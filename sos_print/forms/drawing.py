"""Refuses a filled audit's page that no reader should be asked to draw: larger than any paper, or holding far more
drawing than any audit's page, before PDFium draws it (`forms.placed`).

A page of 60,000 points a side, or a megabyte of compressed drawing that unpacks to a gigabyte, took the reading of a
92 KB or 1 MB file to 3.6 or 2 GB of memory (issue 20, sweep ad50 F3). sos-print's audits are A4 or Letter, each page
a few kilobytes of drawing and no image.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, StreamObject

from sos_print.engine.errors import ExampleFileError
from sos_print.forms.drawn import Box

MAX_SIDE = 1_200.0  # points (423 mm): far over A4's and Letter's longest side, 842 points
MAX_DRAWING = 2_000_000  # bytes of a page's drawing, unpacked (an audit's page: under 10,000)
MAX_PIXELS = 25_000_000  # an image's pixels, as it declares them (an audit has none; a photo of a page, far fewer)
_MOST_FORMS = 1_000  # the drawings a page's drawing may call, at any depth

_FAR = "send the file the audit was filled in"


def refuse_heavy_pages(pages: Mapping[int, tuple[Any, Box | None]], path: str) -> None:
    """Refuses any of the `pages` (pypdf's, by number, each with the part of it a reader shows, in points: None where
    it says none) that is larger than MAX_SIDE, or whose drawing, its forms included, unpacks to more than
    MAX_DRAWING bytes or holds an image of more than MAX_PIXELS pixels. Each stream is unpacked on its own, pypdf's
    limit on one stream holding its memory (a stream past it is refused)."""
    for number, (page, box) in sorted(pages.items()):
        left, bottom, right, top = box or (0.0, 0.0, 0.0, 0.0)
        unit = float(page.get("/UserUnit", 1.0))
        width, height = (right - left) * unit, (top - bottom) * unit
        if max(width, height) > MAX_SIDE:
            raise ExampleFileError(
                path,
                f"page {number} is {width / 72 * 25.4:,.0f} × {height / 72 * 25.4:,.0f} mm, larger than any paper "
                f"sos-print prints on (A4 or Letter): {_FAR}",
            )
        contents = page.raw_get("/Contents") if "/Contents" in page else None
        parts = list(contents) if isinstance(contents, ArrayObject) else [contents]
        if contents is not None and not all(isinstance(part, IndirectObject) for part in parts):
            # A drawing written inside the page's list of drawings: poppler drew it, PDFium dropped the whole page's
            # drawing, ink over the claims included, so the ink check saw none (sweep ad106, 1).
            raise ExampleFileError(
                path,
                f"page {number} holds its drawing where the PDF standard does not let it (not as an object of its "
                f"own), which PDF readers read differently: {_FAR}",
            )
        if unit != 1.0:  # a page of 0.05 units drew 12-point claims at 0.6 points in readers that use it (ad104, 2)
            raise ExampleFileError(
                path,
                f"page {number} is drawn at {unit:g} times its size (/UserUnit), which sos-print never sets: readers "
                f"that use it show the page {width / 72 * 25.4:,.0f} × {height / 72 * 25.4:,.0f} mm: {_FAR}",
            )
        drawn = 0
        for stream in _streams(page, number, path):
            if stream.get("/Subtype") == "/Image":
                pixels = int(stream.get("/Width", 0)) * int(stream.get("/Height", 0))
                if pixels > MAX_PIXELS:
                    raise ExampleFileError(path, f"page {number} holds an image of {pixels:,} pixels: {_FAR}")
                continue
            try:
                drawn += len(stream.get_data())
            except Exception:  # pypdf's limit on one stream's size, or a stream that cannot be unpacked
                drawn = MAX_DRAWING + 1
            if drawn > MAX_DRAWING:
                raise ExampleFileError(
                    path,
                    f"page {number} holds more than {MAX_DRAWING // 1_000_000} MB of drawing, far more than any "
                    f"page of an audit: {_FAR}",
                )


def _streams(page: Any, number: int, path: str) -> Iterator[StreamObject]:
    """Yields the streams of a page's drawing: its contents, then each form and image its resources (and theirs)
    name, each once; refuses a page that names more than _MOST_FORMS."""
    contents = page.get("/Contents")
    contents = contents.get_object() if contents is not None else None
    for stream in contents if isinstance(contents, ArrayObject) else [contents]:
        stream = stream.get_object() if stream is not None else None
        if isinstance(stream, StreamObject):
            yield stream
    seen: set[int] = set()
    waiting = [page.get("/Resources")]
    while waiting:
        resources = waiting.pop()
        resources = resources.get_object() if resources is not None else None
        objects = resources.get("/XObject") if isinstance(resources, DictionaryObject) else None
        objects = objects.get_object() if objects is not None else None
        if not isinstance(objects, DictionaryObject):
            continue
        for reference in objects.values():
            stream = reference.get_object()
            if id(stream) in seen or not isinstance(stream, StreamObject):
                continue
            seen.add(id(stream))
            if len(seen) > _MOST_FORMS:
                raise ExampleFileError(path, f"page {number} calls more than {_MOST_FORMS:,} drawings: {_FAR}")
            yield stream
            waiting.append(stream.get("/Resources"))
