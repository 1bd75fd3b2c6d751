"""Holds what every document module shares: the finished PDF in memory, its metadata, progress reports."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from sos_print.engine.files import PRINTED_BY
from sos_print.engine.frozen import frozen
from sos_print.engine.roster import NameFitError
from sos_print.pdf.document import Document
from sos_print.pdf.draw import (
    SetLabel,
    draw_label,
    draw_name,
    draw_strip,
    layout_strip,
    name_lines_in,
    per_line,
    set_name,
)
from sos_print.pdf.flow import Flow
from sos_print.pdf.fonts import REGULAR
from sos_print.pdf.textflow import width_of
from sos_print.plans.common import GroupGame, StripPlan, part_pointers
from sos_print.plans.layout import (
    CAPTION_GREY,
    FOLIO_DEPTH,
    FOLIO_FLOOR,
    FOLIO_WIDTH,
    MARGIN,
    MM,
    NOTES_PT,
    SMALL_PT,
    TITLE_PT,
    Box,
    scale_of,
)
from sos_print.plans.options import PrintOptions
from sos_print.plans.words import Label, Vocabulary, Words

Progress = Callable[[str, int, int], None]  # (what, done, of)


@frozen
class Rendered:
    """Holds a finished file in memory and its page count (0 for a file that is not a PDF, such as puzzles.json)."""

    data: bytes
    pages: int
    # Where each part of a file put together from several lies: (part, first page, last page), "boards" first.
    parts: tuple[tuple[str, int, int], ...] = ()


def joined(options: PrintOptions, name: str, **context: object) -> str:
    """Returns a metadata text in every language of the document, joined by a slash."""
    return " / ".join(Vocabulary(options.language).label(name, **context))


def new_document(options: PrintOptions, title: str, subject: str, *, kind: str) -> Document:
    """Starts a PDF in the options' paper and first language, with its title and subject, and its `kind` in its
    keywords, in English whatever its language: how `check` tells a document it printed from a record (see
    `engine.files.PRINTED_KINDS`)."""
    keywords = f"SOS, {PRINTED_BY} {kind}"
    return Document(options.paper, title=title, subject=subject, lang=options.language.codes[0], keywords=keywords)


def finished(document: Document, parts: tuple[tuple[str, int, int], ...] = ()) -> Rendered:
    """Returns the document's bytes and page count, and where its `parts` lie."""
    return Rendered(document.finish(), document.pages, parts)


# How the terminal's line names each language's part of a file in several ("English 1-6, French 7-12")
LANGUAGE_NAMES = {"en": "English", "fr": "French"}


def language_parts(options: PrintOptions, starts: Sequence[int], pages: int) -> tuple[tuple[str, int, int], ...]:
    """Returns where each language of a file set one language after the other lies, from the page each `starts` on
    and the file's `pages`; none for a file in one language."""
    codes = options.language.codes
    if len(codes) < 2:
        return ()
    ends = [start - 1 for start in starts[1:]] + [pages]
    return tuple((LANGUAGE_NAMES[code], start, end) for code, start, end in zip(codes, starts, ends, strict=True))


# Laid out first with the widest page numbers a file reaches, each part's lines saying where the others lie can only
# shorten, and a part then starts where it did.
_WIDEST = (999, 999)


def pointed(
    options: PrintOptions,
    new: Callable[[], Document],
    add: Callable[[Document, list[tuple[str, ...]], Progress | None], list[int]],
    progress: Progress | None = None,
) -> Rendered:
    """Returns a file set one language after the other, each part opening with lines that say where the others lie
    ("En français : pages 7 à 12."). `add` lays the parts out in a `new` document, each with its lines, and returns
    the page each starts on: once with the widest page numbers, to learn where the parts start, then with those."""
    codes = options.language.codes
    spans = [_WIDEST] * len(codes)
    for _ in range(3):
        document = new()
        starts = add(document, part_pointers(codes, spans) if len(codes) > 1 else [()], progress)
        found = list(zip(starts, [*(start - 1 for start in starts[1:]), document.pages], strict=True))
        if len(codes) < 2 or found == spans:
            return finished(document, language_parts(options, starts, document.pages))
        spans, progress = found, None  # the progress was told once
    document = new()  # met by no file tried: no line rather than one that points to the wrong page
    starts = add(document, [() for _ in codes], None)
    return finished(document, language_parts(options, starts, document.pages))


def report(progress: Progress | None, what: str, total: int) -> Callable[[int], None] | None:
    """Returns a callback that reports `done` of `total` for `what`, or None when nobody listens."""
    if progress is None:
        return None
    return lambda done: progress(what, done, total)


def strip_box(box: Box, shift: float) -> Box:
    """Returns the box of a board or page moved down by `shift` mm, where its group label goes."""
    return Box(box.x, box.y + shift, box.width, box.height)


def notes_flow(
    document: Document,
    strip: StripPlan,
    title: Label,
    scale: float,
    running: Callable[[], str | Label] | None = None,
    numbered: str = "",
) -> Flow:
    """Returns a flow of notes for the adult: its first page headed by the strip (when shown) and `title` at the
    title size, the next ones by `title` as a small grey running head, followed by what `running` returns when a
    page starts (the part the page belongs to, such as an answer key's sheet), if anything. With a `numbered`
    pattern ("Page {number} of {count}"), each page has its number in the file at the right of that head."""
    width, height = document.paper.size_mm
    box = Box(0, 0, width, height).inset(MARGIN)
    laid = layout_strip(strip, box.width, (0.0, 0.0), scale) if strip.shown else None
    pages = [0]
    # The number's room: FOLIO_WIDTH, or more for one in two languages ("Page 12 of 48 / Page 12 sur 48").
    widest = width_of(numbered.format(number=888, count=888), REGULAR, SMALL_PT * scale) / MM + 2.0
    folio = max(FOLIO_WIDTH * scale, widest)

    def start_page() -> list[Box]:
        top = line = draw_strip(document.canvas, strip, laid, box, scale) if laid else box.top
        if pages[0]:
            part = running() if running else ""
            if isinstance(part, tuple):  # the part named in each language of the title
                head = tuple(f"{text} \u00b7 {name}" if name else text for text, name in zip(title, part, strict=True))
            else:
                head = (*title[:-1], f"{title[-1]} \u00b7 {part}") if part else title
            document.canvas.setFillGray(CAPTION_GREY)
            room = box.width - (folio if numbered else 0.0)  # a long head never runs under the number
            top = draw_label(document.canvas, head, box.x, top, SMALL_PT * scale, width=room) - 1.0
            document.canvas.setFillGray(0)
        else:
            # Nor a title ("SOS : corrigé des casse-têtes" in large print on Letter ran under "Page 1 sur 12 / ...").
            room = box.width - (folio if numbered else 0.0)
            top = draw_label(document.canvas, title, box.x, top, TITLE_PT * scale, width=room, bold=True)
        if numbered:  # after the head, which a page's text starts with
            draw = partial(draw_folio, pattern=numbered, size=SMALL_PT * scale)
            area = Box(-box.width / 2, -FOLIO_DEPTH * scale, box.width / 2, FOLIO_DEPTH * scale)
            document.folio(draw, area, box.right, line)
        pages[0] += 1
        return [Box(box.x, box.y, box.width, top - 3.0 - box.y)]

    return Flow(document, scale, start_page, NOTES_PT)


def number_pages(document: Document, options: PrintOptions) -> None:
    """Numbers every page of a players' file ended from now on at the right of its bottom margin, below the drawing
    area: "Page 3", in the file's first language (the teacher's notes name the pages each part is on). The digit
    alone, under a board's last Total box, read as a score already written there (review rv62, 6)."""
    scale = scale_of(options.large_print)
    size = SMALL_PT * scale
    top = FOLIO_FLOOR + (size - pdfmetrics.getDescent(REGULAR, size)) / MM  # its letters' lowest reach (font's descent)
    words = Words(options.language.codes[0])
    document.number_pages(partial(_draw_number, words=words, size=size), document.paper.size_mm[0] - MARGIN, top)


def _draw_number(canvas: Canvas, page: int, *, words: Words, size: float) -> None:
    """Draws a page's number, its top right corner at the origin."""
    draw_label(canvas, (words("common.page_alone", number=page),), 0.0, 0.0, size, align="right")


def draw_folio(canvas: Canvas, page: int, pages: int, *, pattern: str, size: float) -> None:
    """Draws "Page 3 of 12", its top right corner at the origin, as the puzzle sheets' footer draws it."""
    draw_label(canvas, (pattern.format(number=page, count=pages),), 0.0, 0.0, size, align="right")


@frozen
class Slot:
    """Holds a line to write on (mm): from x0 to x1 at height y, what is written there (a seat, a side), and the
    height above it a printed name may take (0: none is printed there)."""

    key: str
    x0: float
    x1: float
    y: float
    room: float = 0.0


@frozen
class PrintedName:
    """Holds a child's name set on its line: drawn at (x, y) mm, the line's left end and height; `key` is the line's
    (a seat, or a team's seats)."""

    name: SetLabel
    x: float
    y: float
    key: str = ""


def place_names(game: GroupGame, slots: list[Slot], scale: float, where: str) -> tuple[PrintedName, ...]:
    """Sets the names of a group's children on their slots (a slot keyed "AC" takes A's and C's names); raises
    NameFitError, naming the lines of the class list and the limit, for names that do not fit `where` (a key of
    `roster.PLACES`: "board", "audit")."""
    seating = game.options.seating
    if seating is None:
        return ()
    at = dict(zip(game.options.variant.seats, game.children, strict=False))
    placed = []
    for slot in slots:
        children = tuple(at[seat] for seat in slot.key if seat in at)
        if not children:
            continue
        width = slot.x1 - slot.x0
        # A team's two names share one line, else take a line each, else share two lines.
        joined, apart = (separator.join(child.name for child in children) for separator in (", ", "\n"))
        tries = [(joined, 1), (apart, 2), (joined, 2)] if len(children) > 1 else [(joined, 2)]
        name = next(filter(None, (set_name(text, width, slot.room, scale, most) for text, most in tries)), None)
        if name is None:
            letters = per_line(width, scale, "".join(child.name for child in children))
            raise NameFitError(seating.path, children, where, letters, name_lines_in(slot.room, scale))
        placed.append(PrintedName(name, slot.x0, slot.y, slot.key))
    return tuple(placed)


def draw_names(document: Document, names: tuple[PrintedName, ...], shift: float = 0.0) -> None:
    """Draws the names placed by `place_names`, moved down by `shift` mm (the lower board of a page)."""
    for placed in names:
        draw_name(document.canvas, placed.name, placed.x, placed.y + shift)
