"""Holds what every document module shares: the finished PDF in memory, its metadata, progress reports."""

from __future__ import annotations

from collections.abc import Callable

from sos_print.engine.frozen import frozen
from sos_print.pdf.document import Document
from sos_print.pdf.draw import draw_label, draw_strip, layout_strip
from sos_print.pdf.flow import Flow
from sos_print.plans.common import StripPlan
from sos_print.plans.layout import CAPTION_GREY, MARGIN, NOTES_PT, SMALL_PT, TITLE_PT, Box
from sos_print.plans.options import PrintOptions
from sos_print.plans.words import Label, Vocabulary

Progress = Callable[[str, int, int], None]  # (what, done, of)


@frozen
class Rendered:
    """Holds a finished file in memory and its page count (0 for a file that is not a PDF, such as puzzles.json)."""

    data: bytes
    pages: int


def joined(options: PrintOptions, name: str, **context: object) -> str:
    """Returns a metadata text in every language of the document, joined by a slash."""
    return " / ".join(Vocabulary(options.language).label(name, **context))


def new_document(options: PrintOptions, title: str, subject: str) -> Document:
    """Starts a PDF in the options' paper and first language, with its title and subject."""
    return Document(options.paper, title=title, subject=subject, lang=options.language.codes[0], keywords="SOS")


def finished(document: Document) -> Rendered:
    """Returns the document's bytes and page count."""
    return Rendered(document.finish(), document.pages)


def report(progress: Progress | None, what: str, total: int) -> Callable[[int], None] | None:
    """Returns a callback that reports `done` of `total` for `what`, or None when nobody listens."""
    if progress is None:
        return None
    return lambda done: progress(what, done, total)


def strip_box(box: Box, shift: float) -> Box:
    """Returns the box of a board or page moved down by `shift` mm, where its group label goes."""
    return Box(box.x, box.y + shift, box.width, box.height)


def notes_flow(document: Document, strip: StripPlan, title: Label, scale: float) -> Flow:
    """Returns a flow of notes for the adult: its first page headed by the strip (when shown) and `title` at the
    title size, the next ones by `title` as a small grey running head."""
    width, height = document.paper.size_mm
    box = Box(0, 0, width, height).inset(MARGIN)
    laid = layout_strip(strip, box.width, (0.0, 0.0), scale) if strip.shown else None
    pages = [0]

    def start_page() -> list[Box]:
        top = draw_strip(document.canvas, strip, laid, box, scale) if laid else box.top
        if pages[0]:
            document.canvas.setFillGray(CAPTION_GREY)
            top = draw_label(document.canvas, title, box.x, top, SMALL_PT * scale, width=box.width) - 1.0
            document.canvas.setFillGray(0)
        else:
            top = draw_label(document.canvas, title, box.x, top, TITLE_PT * scale, width=box.width, bold=True)
        pages[0] += 1
        return [Box(box.x, box.y, box.width, top - 3.0 - box.y)]

    return Flow(document, scale, start_page, NOTES_PT)
