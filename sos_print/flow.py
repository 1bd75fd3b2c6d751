"""Pours headings, paragraphs, list items and figures down the pages of a document."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from sos_print.layout import BODY_PT, GREY, LEADING, MM, Box
from sos_print.pdf import Document
from sos_print.text import Block, Run
from sos_print.textflow import Line, draw_lines, set_lines

BULLET_INDENT = 5.0  # mm
Drawer = Callable[[Canvas, float, float], None]  # draws with its top-left corner at (x, top) mm


@dataclass(frozen=True)
class Style:
    """Holds how one kind of block is set: type size, space before and after (mm), indent, boldness."""

    size: float
    before: float
    after: float
    indent: float = 0.0
    bold: bool = False
    keep_with_next: bool = False


def styles(scale: float, body: float = BODY_PT) -> dict[str, Style]:
    """Returns the style of each block kind at a type scale, for a body size in points."""
    return {
        "h1": Style(body * 1.4 * scale, 0.0, 2.5, bold=True, keep_with_next=True),
        "h2": Style(body * 1.18 * scale, 3.5, 1.2, bold=True, keep_with_next=True),
        "h3": Style(body * scale, 2.5, 1.0, bold=True, keep_with_next=True),
        "p": Style(body * scale, 0.0, 1.8),
        "li": Style(body * scale, 0.0, 1.0, indent=BULLET_INDENT * scale),
    }


class Flow:
    """Places blocks and figures top to bottom in the page box, starting new pages as they fill."""

    def __init__(
        self, document: Document, box: Box, scale: float, start_page: Callable[[], float], body: float = BODY_PT
    ) -> None:
        self.document, self.box, self.scale = document, box, scale
        self.styles = styles(scale, body)
        self._start_page = start_page
        self.top = start_page()
        self.page_started = True

    @property
    def canvas(self) -> Canvas:
        return self.document.canvas

    def new_page(self) -> None:
        """Ends the current page and starts the next."""
        self.document.end_page()
        self.top = self._start_page()
        self.page_started = True

    def space(self, height: float) -> None:
        """Leaves `height` mm empty, unless at the top of a page."""
        if not self.page_started:
            self.top -= height

    def blocks(self, blocks: Sequence[Block], grey: bool = False) -> None:
        """Places blocks in order; a heading never ends a page alone."""
        for n, block in enumerate(blocks):
            style = self.styles[block.kind]
            lines = self._lines(block, style)
            need = self._height(lines[:1], style) + style.before
            if style.keep_with_next and n + 1 < len(blocks):
                following = self.styles[blocks[n + 1].kind]
                need += self._height(self._lines(blocks[n + 1], following)[:2], following) + style.after
            if self.top - need < self.box.y:
                self.new_page()
            self.space(style.before)
            self._place(block, lines, style, grey)

    def figure(self, height: float, draw: Drawer) -> None:
        """Places a drawing `height` mm tall, on the next page if it does not fit here."""
        if self.top - height < self.box.y and not self.page_started:
            self.new_page()
        draw(self.canvas, self.box.x, self.top)
        self.top -= height
        self.page_started = False

    def _lines(self, block: Block, style: Style) -> list[Line]:
        runs = [Run(run.text, run.bold or style.bold) for run in block.runs]
        return set_lines(runs, self.box.width - style.indent, style.size)

    def _height(self, lines: Sequence[Line], style: Style) -> float:
        return len(lines) * style.size * LEADING / MM

    def _place(self, block: Block, lines: list[Line], style: Style, grey: bool) -> None:
        leading = style.size * LEADING
        x = self.box.x + style.indent
        first = True
        while lines:
            room = int((self.top - self.box.y) / (leading / MM))
            # No single line of a paragraph alone at the foot or the head of a page.
            if room <= 0 or (room < len(lines) and (room < 2 or len(lines) - room < 2) and not self.page_started):
                self.new_page()
                continue
            chunk, lines = lines[:room], lines[room:]
            self.canvas.setFillGray(GREY if grey else 0)
            if block.kind == "li" and first:
                bullet = set_lines([Run("\u2022")], 10.0, style.size)
                draw_lines(self.canvas, bullet, x - style.indent * 0.7, self.top, style.size, leading)
            draw_lines(self.canvas, chunk, x, self.top, style.size, leading)
            self.canvas.setFillGray(0)
            self.top -= len(chunk) * leading / MM
            self.page_started, first = False, False
            if lines:
                self.new_page()
        self.top -= style.after
