"""Draws a worked example as a figure: the board diagram with its scored lines, and the text beside or under it."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from reportlab.pdfgen.canvas import Canvas

from sos_print.engine.frozen import frozen, replace
from sos_print.pdf.document import Document
from sos_print.pdf.draw import SetLabel, draw_set_label, set_label
from sos_print.pdf.grids import (
    BADGE_RING,
    BADGE_SHARE,
    Tag,
    draw_answers,
    draw_grid,
    draw_leaders,
    draw_letters,
    draw_scorers,
    draw_segments,
    draw_tags,
    label_gutters,
    letter_drop,
    number_boxes,
    open_reach,
    scorer_places,
    segment_tags,
    shade_answers,
)
from sos_print.pdf.textflow import draw_lines, set_lines
from sos_print.plans.grids import GridPlan
from sos_print.plans.layout import (
    BODY_PT,
    DIAGRAM_CELL,
    LEADING,
    MM,
    SECOND_LANGUAGE_GREY,
    SMALL_PT,
    Box,
    step_down,
    step_up,
)
from sos_print.plans.words import SECOND, Block
from sos_print.plans.worked import ExampleFigure

GAP = 5.0
MIN_TEXT_COLUMN = 60.0  # narrower than this, an example's text goes under its diagram (mm)
MIN_CELL_SHARE = 0.8  # a diagram shrunk to fit its column keeps at least this share of its cell


@frozen
class DiagramStyle:
    """Holds how a diagram is drawn: its cell (mm), the sizes (points) of its letters, coordinates, numbers, names."""

    cell: float = DIAGRAM_CELL
    letter_pt: float = BODY_PT
    label_pt: float = SMALL_PT
    number_pt: float = SMALL_PT
    tag_pt: float = SMALL_PT
    # Large print: where the lines' names beside the board would take room from it, the text alone names them (see
    # rulesheet's `_shrunk`).
    names_clear: bool = False
    dashes: float = 1.0  # the width and dashes of lines scored earlier, as a share of normal print's (`draw_segments`)

    def scaled(self, scale: float) -> DiagramStyle:
        """Returns the style with every length and size multiplied by `scale` (large print)."""
        return DiagramStyle(
            self.cell * scale,
            self.letter_pt * scale,
            self.label_pt * scale,
            self.number_pt * scale,
            self.tag_pt * scale,
            self.names_clear or scale > 1.0,
            self.dashes * scale,
        )


@frozen
class FigureLayout:
    """Holds where a figure's diagram and text go, relative to its top-left corner (mm)."""

    style: DiagramStyle
    left: float  # from the figure's left edge to the grid's
    above: float  # from the figure's top to the grid's top
    diagram_height: float
    text_x: float
    text_y: float
    text_width: float
    height: float
    rest: int = -1  # where a caption wraps round its diagram: its first text block set under it, at `rest_y`
    rest_y: float = 0.0
    rest_width: float = 0.0


@frozen
class Margins:
    """Holds the room a diagram needs around its grid for coordinates and line names (mm)."""

    left: float
    right: float
    top: float
    bottom: float


@lru_cache(maxsize=4096)
def diagram_margins(grid: GridPlan, style: DiagramStyle) -> Margins:
    """Measures the room around the grid: coordinate labels on their two sides, and wherever line names and scorers'
    badges (which may stand a little past the grid's edge) fall."""
    # Cached: the rule sheet's layout measures each step's picture at every cell size it tries, for every block.
    side_gutter, end_gutter = label_gutters(grid, style.label_pt)
    labelled = grid.label_sides
    side = grid.size * style.cell
    left = side_gutter if "left" in labelled else 1.0
    right = side_gutter if "right" in labelled else 1.0
    top = end_gutter if "top" in labelled else 1.0
    bottom = end_gutter if "bottom" in labelled else 1.0
    runs_on = open_reach(style.cell)  # a corner of a board: its lines run on past the sides it continues by
    left, right, top, bottom = (
        max(margin, runs_on) if name in grid.open_sides else margin
        for name, margin in (("left", left), ("right", right), ("top", top), ("bottom", bottom))
    )
    for tag in _tags(grid, style):
        box = tag.box
        left, right = max(left, -box.x), max(right, box.right - side)
        bottom, top = max(bottom, -box.y), max(top, box.top - side)
    reach = BADGE_SHARE * style.tag_pt / MM + BADGE_RING / 2
    for x, y in scorer_places(grid, style.cell, style.tag_pt, style.letter_pt) if grid.scorers else ():
        left, right = max(left, reach - x), max(right, x + reach - side)
        bottom, top = max(bottom, reach - y), max(top, y + reach - side)
    return Margins(left, right, top, bottom)


def tagged(grid: GridPlan, style: DiagramStyle) -> bool:
    """Tells whether the diagram names its lines beside the grid in `style` (each line or none: `segment_tags`)."""
    return bool(_tags(grid, style))


@lru_cache(maxsize=512)
def _tags(grid: GridPlan, style: DiagramStyle) -> tuple[Tag, ...]:
    # Laying out a page measures the same diagram many times (each cell size tried, each column, then drawing it).
    return tuple(
        segment_tags(
            grid,
            0.0,
            0.0,
            style.cell,
            style.tag_pt,
            letter_drop(grid, style.cell, style.letter_pt, style.number_pt),
        )
    )


def fitted(figure: ExampleFigure, style: DiagramStyle, width: float) -> tuple[ExampleFigure, DiagramStyle]:
    """Returns the figure and style its diagram fits `width` mm with: the cell made smaller (down to MIN_CELL_SHARE
    of it), else the lines left unnamed beside the grid, as the example's text names each of them."""
    smallest = style.cell * MIN_CELL_SHARE
    fitting = style
    while True:
        margins = diagram_margins(figure.grid, fitting)
        if margins.left + figure.grid.size * fitting.cell + margins.right <= width:
            return figure, fitting
        if fitting.cell <= smallest:
            return replace(figure, grid=replace(figure.grid, named=False)), style
        fitting = replace(fitting, cell=max(fitting.cell - 0.25, smallest))


def layout_figure(
    figure: ExampleFigure,
    width: float,
    body: float,
    style: DiagramStyle,
    least: Margins | None = None,
    text_under: bool = False,
) -> FigureLayout:
    """Puts the text beside the diagram or under it, whichever is shorter (beside only if the column is wide enough),
    or always under it if `text_under`.

    `least` widens the diagram's margins to at least those: figures set one under another with the same `least`
    share their grid's left edge and their text's.
    """
    margins = diagram_margins(figure.grid, style)
    if least is not None:
        margins = Margins(*(max(a, b) for a, b in zip(_sides(margins), _sides(least), strict=True)))
    diagram_width = margins.left + figure.grid.size * style.cell + margins.right
    diagram_height = margins.top + figure.grid.size * style.cell + margins.bottom
    under_height = diagram_height + GAP + text_height(figure, width, body) + 2.0
    under = FigureLayout(
        style, margins.left, margins.top, diagram_height, 0.0, diagram_height + GAP, width, under_height
    )
    beside = width - diagram_width - GAP
    if beside < MIN_TEXT_COLUMN or text_under:
        return under
    height = max(diagram_height, text_height(figure, beside, body)) + 2.0
    if height > under_height:
        return under
    return FigureLayout(style, margins.left, margins.top, diagram_height, diagram_width + GAP, 0.0, beside, height)


def widest_margins(grids: Sequence[GridPlan], style: DiagramStyle) -> Margins:
    """Returns the largest left and right margins any of `grids` needs (the figures' common columns); above and
    below, each keeps its own."""
    found = [diagram_margins(grid, style) for grid in grids]
    return Margins(max(m.left for m in found), max(m.right for m in found), 0.0, 0.0)


def _sides(margins: Margins) -> tuple[float, float, float, float]:
    return (margins.left, margins.right, margins.top, margins.bottom)


def text_height(figure: ExampleFigure, width: float, body: float) -> float:
    """Returns the height (mm) of an example's title, text and account set `width` mm wide at `body` points."""
    height = _set_title(figure, step_up(body), width).height + 1.5
    for block in (*figure.text, *figure.results):
        size = _size(block, body)
        height += len(set_lines(block.runs, width, size)) * size * LEADING / MM + 1.2
    return height


def _set_title(figure: ExampleFigure, size: float, width: float) -> SetLabel:
    """Sets a figure's title in bold, its second language's under it one step down (`words.SECOND`)."""
    title = set_label((figure.title,), size, width, bold=True)
    if not figure.second:
        return title
    return SetLabel(title.parts + set_label((figure.second,), step_down(size), width, bold=True).parts)


def _size(block: Block, body: float) -> float:
    """Returns the type size of a figure's text block: `body`, one step down for a second language's."""
    return step_down(body) if block.kind.startswith(SECOND) else body


def draw_diagram(document: Document, grid: GridPlan, x: float, y: float, style: DiagramStyle) -> None:
    """Draws a board diagram with its grid's lower-left corner at (x, y) mm: lines, grid, letters, line names
    (or, for a grid with scorers, each line's scorer on it).

    The same diagram drawn again in the same document (in its other language) is a reference.
    """
    margins = diagram_margins(grid, style)
    side = grid.size * style.cell
    area = Box(-margins.left, -margins.bottom, side + margins.left + margins.right, side + margins.bottom + margins.top)

    def draw(canvas: Canvas) -> None:
        shade_answers(canvas, grid, 0.0, 0.0, style.cell)
        drop = letter_drop(grid, style.cell, style.letter_pt, style.number_pt)
        tags = _tags(grid, style)
        numbers = number_boxes(grid, 0.0, 0.0, style.cell, style.number_pt, drop)
        draw_segments(canvas, grid, 0.0, -drop, style.cell, style.dashes, numbers)
        draw_leaders(canvas, tags)
        draw_grid(canvas, grid, 0.0, 0.0, style.cell, style.label_pt, sides=grid.label_sides)
        draw_letters(canvas, grid, 0.0, 0.0, style.cell, style.letter_pt, style.number_pt)
        draw_answers(canvas, grid, 0.0, 0.0, style.cell, style.letter_pt, style.number_pt)
        draw_tags(canvas, tags, style.tag_pt)
        draw_scorers(canvas, grid, 0.0, 0.0, style.cell, style.tag_pt, style.letter_pt)

    document.reuse(("diagram", grid, style), area, draw, x, y)


def draw_figure(
    document: Document, x: float, top: float, *, figure: ExampleFigure, layout: FigureLayout, body: float
) -> None:
    """Draws a worked example with its top-left corner at (x, top) mm, its text at `body` points."""
    grid, style = figure.grid, layout.style
    draw_diagram(document, grid, x + layout.left, top - layout.above - grid.size * style.cell, style)
    if layout.rest < 0:
        draw_text(document.canvas, figure, x + layout.text_x, top - layout.text_y, layout.text_width, body)
        return
    head = replace(figure, text=figure.text[: layout.rest], results=())
    draw_text(document.canvas, head, x + layout.text_x, top - layout.text_y, layout.text_width, body)
    rest = (*figure.text[layout.rest :], *figure.results)
    _draw_blocks(document.canvas, rest, x, top - layout.rest_y, layout.rest_width, body)


def blocks_height(blocks: Sequence[Block], width: float, body: float) -> float:
    """Returns the height (mm) of an example's text blocks set `width` mm wide at `body` points, with no title."""
    return sum(
        len(set_lines(block.runs, width, _size(block, body))) * _size(block, body) * LEADING / MM + 1.2
        for block in blocks
    )


def draw_text(canvas: Canvas, figure: ExampleFigure, x: float, top: float, width: float, body: float) -> float:
    """Draws an example's title, text and account `width` mm wide; returns the bottom."""
    below = draw_set_label(canvas, _set_title(figure, step_up(body), width), x, top) - 1.5
    return _draw_blocks(canvas, (*figure.text, *figure.results), x, below, width, body)


def _draw_blocks(canvas: Canvas, blocks: Sequence[Block], x: float, below: float, width: float, body: float) -> float:
    """Draws text blocks `width` mm wide from `below` down; returns the bottom."""
    for block in blocks:
        size, second = _size(block, body), block.kind.startswith(SECOND)
        lines = set_lines(block.runs, width, size)
        if second:
            canvas.setFillGray(SECOND_LANGUAGE_GREY)
        below = draw_lines(canvas, lines, x, below, size, size * LEADING) - 1.2
        if second:
            canvas.setFillGray(0)
    return below
