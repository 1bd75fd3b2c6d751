"""Pours headings, paragraphs, list items and figures down the pages of a document.

The rules of a careful typesetter: a heading never ends a page or column without at least
two lines of what it heads, or three items of the list it heads; a short block (a list item,
a paragraph of a few lines) is not split between columns when it fits whole in the next one;
no single line of a paragraph is left alone at the foot or the head of a column, nor the last
item of a list at the head of one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import takewhile

from reportlab.pdfgen.canvas import Canvas

from sos_print.engine.frozen import frozen, replace
from sos_print.pdf.document import Document
from sos_print.pdf.draw import draw_box
from sos_print.pdf.textflow import Line, draw_lines, set_lines
from sos_print.plans.layout import BODY_PT, CAPTION_GREY, LEADING, MM, SECOND_LANGUAGE_GREY, Box, step_down, step_up
from sos_print.plans.words import SECOND, Block, Run

BULLET_INDENT = 5.0  # mm
SHORT_BLOCK = 6  # lines: a block this short moves whole to the next column rather than split
KEPT_ITEMS = 3  # a heading over a list goes to the next column unless this many of its items fit under it
Drawer = Callable[[Document, float, float], None]  # draws with its top-left corner at (x, top) mm


@frozen
class Style:
    """Holds how one kind of block is set: type size, space before and after (mm), indent, boldness."""

    size: float
    before: float
    after: float
    indent: float = 0.0
    bold: bool = False
    keep_with_next: bool = False
    grey: bool = False  # a second language's


def styles(scale: float, body: float = BODY_PT) -> dict[str, Style]:
    """Returns the style of each block kind for a body size in points, headings one and two steps up the scale."""
    size = body * scale
    first = {
        "h1": Style(step_up(step_up(size)), 0.0, 2.5, bold=True, keep_with_next=True),
        "h2": Style(step_up(size), 3.0, 1.0, bold=True, keep_with_next=True),
        "h3": Style(size, 2.5, 1.0, bold=True, keep_with_next=True),
        "p": Style(size, 0.0, 1.5),
        "li": Style(size, 0.0, 1.0, indent=BULLET_INDENT * scale),
        "note": Style(step_down(size), 0.0, 1.5, grey=True),  # an adult's words on a children's page
    }
    # A block's translation right under it (its own space before is the block's after), a gap after the pair. An
    # adult reads it: one step down the scale, without the floor of a child's body size that `second_language` keeps.
    second = {
        SECOND + kind: replace(style, size=step_down(style.size), before=0.0, after=max(style.after, 2.5), grey=True)
        for kind, style in first.items()
    }
    return first | second


class Flow:
    """Places blocks and figures top to bottom in a page's frames (one box, or columns), then on new pages.

    `start_page` draws a page's fixed parts (its header) and returns the frames to fill,
    left to right; every frame of a flow has the same width. `later` is the height (mm) of the frames of the pages
    after the first, where the first's are shorter (a title above them).
    """

    def __init__(
        self,
        document: Document,
        scale: float,
        start_page: Callable[[], list[Box]],
        body: float = BODY_PT,
        later: float = 0.0,
    ) -> None:
        self.document, self.scale, self.body, self.later = document, scale, body, later
        self.styles = styles(scale, body)
        self._start_page = start_page
        self._open_page()

    def set_body(self, body: float) -> None:
        """Sets the blocks placed and measured from now on around a body size of `body` points."""
        self.body, self.styles = body, styles(self.scale, body)

    @property
    def canvas(self) -> Canvas:
        return self.document.canvas

    @property
    def width(self) -> float:
        """Returns the width (mm) of the frames."""
        return self.box.width

    def _open_page(self) -> None:
        self.frames = self._start_page()
        self._enter(0)

    def _enter(self, index: int) -> None:
        self.index = index
        self.box = self.frames[index]
        self.top = self.box.top
        self.page_started = True
        self.after = 0.0

    def new_page(self) -> None:
        """Ends the current page and starts the next."""
        self.document.end_page()
        self._open_page()

    def next_frame(self) -> None:
        """Moves to the next column, or to a new page after the last one."""
        if self.index + 1 < len(self.frames):
            self._enter(self.index + 1)
        else:
            self.new_page()

    def space(self, height: float, collapse: bool = False) -> None:
        """Leaves `height` mm empty, unless at the top of a frame; where it `collapse`s, the space left under the block
        just placed counts toward it (a paragraph's 1.5 mm and a row's 4 mm are one gap of 4 mm, not 5.5)."""
        if not self.page_started:
            self.top -= max(0.0, height - self.after) if collapse else height
        self.after = 0.0

    @property
    def tallest(self) -> float:
        """Returns the height (mm) of the tallest frame a page of this flow gives: this one, or a later page's."""
        return max(self.box.height, self.later)

    @property
    def room(self) -> float:
        """Returns the height (mm) left in the current frame."""
        return self.top - self.box.y

    def blocks(self, blocks: Sequence[Block], grey: bool = False) -> None:
        """Places blocks in order, keeping headings with what they head and short blocks whole."""
        for n, block in enumerate(blocks):
            style = self.styles[block.kind]
            lines = self._lines(block, style)
            if not self._stays(blocks[n:]) and not self.page_started and self._starts(lines, style, self.box.height):
                self.next_frame()
            self.space(style.before)
            self._place(block, lines, style, grey)

    def starts_here(self, blocks: Sequence[Block]) -> bool:
        """Tells whether `blocks` would start in this frame, as `blocks` places them, rather than in the next."""
        return self.page_started or self._stays(blocks)

    def _stays(self, blocks: Sequence[Block]) -> bool:
        """Tells whether the first of `blocks` may start in the room left: a heading with what it heads under it; the
        last but one item of a list with the last, where that one would stand alone at the head of the next frame."""
        block = blocks[0]
        style = self.styles[block.kind]
        lines = self._lines(block, style)
        if style.keep_with_next and len(blocks) > 1:
            under = self.room - style.before - self._height(lines, style) - style.after
            return under >= 0 and self._heads(blocks[1:], under)
        items = list(takewhile(lambda following: following.kind == "li", blocks))
        if len(items) == 2 and self._widowed(items, self.room):
            return False
        if len(blocks) > 1 and blocks[1].kind == SECOND + block.kind and len(lines) <= SHORT_BLOCK:
            # A short block and its translation start on one page: a French paragraph at a page's foot and its English
            # at the next page's head read as two (review rv76, 9).
            under = self.room - style.before - self._height(lines, style) - style.after
            second = self.styles[blocks[1].kind]
            return under >= 0 and self._starts(self._lines(blocks[1], second), second, under - second.before)
        return self._starts(lines, style, self.room - style.before)

    def _heads(self, following: Sequence[Block], room: float) -> bool:
        """Tells whether what follows a heading starts in `room` mm under it: its first KEPT_ITEMS items whole, for a
        list, and never its last item alone in the next frame where the items before it would then be fewer; the next
        block whole or two lines of it and more, for anything else."""
        nearest = self.styles[following[0].kind]
        if following[0].kind.startswith(SECOND) and nearest.keep_with_next and len(following) > 1:
            # The heading's translation: what follows it must start under it too.
            height = nearest.before + self._height(self._lines(following[0], nearest), nearest) + nearest.after
            return room - height >= 0 and self._heads(following[1:], room - height)
        items = list(takewhile(lambda block: block.kind == "li", following))
        if items:
            if len(items) - 2 < KEPT_ITEMS and self._widowed(items, room):
                return False  # the last but one would go with the last, leaving too few under the heading
            return self.measure(items[:KEPT_ITEMS]) - self.styles["li"].after <= room + 1e-6
        style = self.styles[following[0].kind]
        return self._starts(self._lines(following[0], style), style, room - style.before)

    def _widowed(self, items: Sequence[Block], room: float) -> bool:
        """Tells whether a list's `items`, set from here in `room` mm, would leave the last alone at the head of the
        next frame: every item before it fits whole, and it does not start (a French rule sheet's « SOS en équipes »
        stood alone at the top of the second column, above another section: issue 23, design review des38, B9)."""
        if len(items) < 2:
            return False
        style = self.styles["li"]
        left = room - self.measure(items[:-1])
        return left >= -1e-6 and not self._starts(self._lines(items[-1], style), style, left - style.before)

    def _starts(self, lines: Sequence[Line], style: Style, room: float) -> bool:
        """Tells whether a block can start in `room` mm: whole if short, else two lines here and two after."""
        fit = _lines_in(room, style)
        if len(lines) <= fit:
            return True
        return len(lines) > SHORT_BLOCK and fit >= 2 and len(lines) - fit >= 2

    def keep(self, height: float) -> None:
        """Moves to the next frame unless `height` mm still fit in this one (to keep a group together)."""
        if height > self.room and not self.page_started:
            self.next_frame()

    def measure(self, blocks: Sequence[Block], width: float | None = None) -> float:
        """Returns the height (mm) `blocks` take in this flow's frames, or in a column `width` mm wide."""
        return measured(self.scale, self.body, self.box.width if width is None else width, tuple(blocks))

    def figure(self, height: float, draw: Drawer) -> None:
        """Places a drawing `height` mm tall, in the next frame if it does not fit in this one."""
        if height > self.room and not self.page_started:
            self.next_frame()
        if self.document.drawn:  # a trial's canvas keeps nothing: its drawings are not even worked out
            draw(self.document, self.box.x, self.top)
        self.top -= height
        self.page_started = False
        self.after = 0.0

    def beside(
        self, heading: Sequence[Block], blocks: Sequence[Block], drawing: tuple[float, float], draw: Drawer, gap: float
    ) -> None:
        """Places `heading` across the frame, then `blocks` at its left beside a drawing (`drawing` is its width and
        height in mm) at its right, all kept together."""
        width, height = drawing
        frame = self.box
        self.box = Box(frame.x, frame.y, frame.width - width - gap, frame.height)
        text = self.measure(blocks)
        self.box = frame
        self.keep(self.measure(heading) + max(text, height))
        self.blocks(heading)
        frame, top = self.box, self.top
        self.box = Box(frame.x, frame.y, frame.width - width - gap, frame.height)
        self.blocks(blocks)
        self.box = frame
        if self.document.drawn:
            draw(self.document, frame.right - width, top)
        self.top = min(self.top, top - height)
        self.page_started, self.after = False, 0.0

    def framed(self, blocks: Sequence[Block], pad: float, line_pt: float) -> None:
        """Places `blocks` in a frame `pad` mm around them, kept whole in one frame of the flow (a box of goals, as
        published lesson material sets one apart)."""
        frame = self.box
        inner = Box(frame.x + pad, frame.y, frame.width - 2 * pad, frame.height)
        self.box = inner
        first, last = self.styles[blocks[0].kind], self.styles[blocks[-1].kind]
        height = self.measure(blocks) - first.before - last.after + 2 * pad
        self.box = frame
        self.space(first.before)
        self.keep(height)
        top = self.top
        self.box, self.top, self.page_started = inner, top - pad, True  # no space above the first block
        self.blocks(blocks)
        self.box = frame
        bottom = self.top + last.after - pad
        draw_box(self.canvas, Box(frame.x, bottom, frame.width, top - bottom), line_pt)
        self.top, self.page_started, self.after = bottom, False, 0.0

    def _lines(self, block: Block, style: Style) -> tuple[Line, ...]:
        return _lines(block, style, self.box.width)

    def _height(self, lines: Sequence[Line], style: Style) -> float:
        return _height(lines, style)

    def _place(self, block: Block, lines: tuple[Line, ...], style: Style, grey: bool) -> None:
        leading = style.size * LEADING
        first = True
        while lines:
            x = self.box.x + style.indent  # the frame may change between chunks
            room = _lines_in(self.top - self.box.y, style)
            # No single line of a paragraph alone at the foot or the head of a column.
            if room <= 0 or (room < len(lines) and (room < 2 or len(lines) - room < 2) and not self.page_started):
                self.next_frame()
                continue
            chunk, lines = lines[:room], lines[room:]
            if self.document.drawn:  # see `figure`
                self.canvas.setFillGray(CAPTION_GREY if grey else SECOND_LANGUAGE_GREY if style.grey else 0)
                if block.kind == "li" and first:
                    bullet = set_lines([Run("\u2022")], 10.0, style.size)
                    draw_lines(self.canvas, bullet, x - style.indent * 0.7, self.top, style.size, leading)
                draw_lines(self.canvas, chunk, x, self.top, style.size, leading)
                self.canvas.setFillGray(0)
            self.top -= len(chunk) * leading / MM
            self.page_started, first = False, False
            if lines:
                self.next_frame()
        self.top -= style.after
        self.after = style.after


# Kept: a layout tries its choices by measuring the same blocks at the same widths again and again (a rule sheet is
# laid out about ten times before it is drawn).
@lru_cache(maxsize=4096)
def measured(scale: float, body: float, width: float, blocks: tuple[Block, ...]) -> float:
    """Returns the height (mm) `blocks` take in a column `width` mm wide, set as a flow of `scale` and `body` size
    sets them (see `Flow.measure`)."""
    kinds = _styles(scale, body)
    return sum(
        style.before + _height(_lines(block, style, width), style) + style.after
        for block in blocks
        for style in (kinds[block.kind],)
    )


@lru_cache(maxsize=16)
def _styles(scale: float, body: float) -> dict[str, Style]:
    """Returns `styles(scale, body)`, made once: `measured` must not change it."""
    return styles(scale, body)


def _lines(block: Block, style: Style, width: float) -> tuple[Line, ...]:
    """Returns a block set in `style` in a column `width` mm wide."""
    # The block's own runs where the style adds nothing to them: set_lines finds them in its cache at once.
    runs = [run if run.bold or not style.bold else Run(run.text, True) for run in block.runs]
    return set_lines(runs, width - style.indent, style.size)


def _height(lines: Sequence[Line], style: Style) -> float:
    return len(lines) * style.size * LEADING / MM


def _lines_in(room: float, style: Style) -> int:
    """Returns how many lines of `style` fit in `room` mm (a hair's rounding error is no reason to move)."""
    return int(room / (style.size * LEADING / MM) + 1e-6)
