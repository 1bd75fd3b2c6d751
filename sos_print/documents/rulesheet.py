"""Draws the children's rule sheet: a scoring move pictured, the rules, how cells are named, and a checked example.

Body text is set at the children's size; at normal size the sheet has two columns, in large
print one. It takes a sheet, front and back, per language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from typing import NoReturn

from sos_print.documents.common import LANGUAGE_NAMES, Rendered, finished, joined, new_document
from sos_print.documents.figures import (
    DiagramStyle,
    FigureLayout,
    diagram_margins,
    draw_diagram,
    draw_figure,
    layout_figure,
)
from sos_print.engine.check import CheckedExample, played_as
from sos_print.engine.errors import a_board
from sos_print.engine.frozen import frozen, replace
from sos_print.engine.rules import Variant
from sos_print.pdf.document import Document
from sos_print.pdf.draw import draw_label, draw_strip, layout_strip, set_label
from sos_print.pdf.flow import Flow, measured
from sos_print.pdf.fonts import REGULAR
from sos_print.pdf.grids import label_gutters, scorers_placed
from sos_print.pdf.textflow import width_of
from sos_print.plans.common import game_rules
from sos_print.plans.grids import GridPlan
from sos_print.plans.layout import (
    BESIDE_TEXT,
    BODY_PT,
    COORDINATE_CELL,
    COORDINATE_SIDE,
    HEADING_PT,
    MM,
    NOTES_PT,
    RULES_DIAGRAM_CELL,
    SMALL_PT,
    TITLE_PT,
    TYPE_SCALE,
    Box,
    LayoutError,
    Paper,
    page_area,
    scale_of,
)
from sos_print.plans.options import Language, PrintOptions
from sos_print.plans.rulesheet import UNCAPTIONED, RulesPlan, RuleStep, corner, cornered, rules_plan, uncaptioned
from sos_print.plans.words import Block, Run, Vocabulary
from sos_print.plans.worked import ExampleFigure

COLUMN_GAP = 8.0
GAP = 5.0
STEP_CELL = 11.0  # the cells of the front's pictures (mm, times the scale) its letters are sized for
# The front's pictures have this cell (mm) in either print, whatever the game: they grew into the room the words left,
# so the teams' sheet, whose longer opening paragraph leaves less, had smaller pictures than the two-player sheet
# beside it in a kit (issue 23, design review des38, B7). It is the largest that every sheet's front holds in large
# print, whose pictures are never smaller than normal print's. Where a front does not hold it (teams whose first
# S-O-S wins, in large print on Letter) its pictures shrink by half millimetres until the steps fit. A picture is
# never wider than this share of the page's width: the words beside it keep the larger.
FRONT_CELL = 14.0
STEP_PICTURE_SHARE = 0.45
# In large print the front's pictures shrink, by half millimetres, until the four steps fit its page, never below this
# cell, their letters larger than normal print's all the same (22.2 pt, not 18.5). The type keeps its size. (French
# on Letter would need less: there the opening paragraph goes to the back instead.) Normal print's pictures are never
# larger than large print's for the same sheet: a large-print picture smaller than the normal one reads as a mistake
# (issue 23, final review, finding 1).
LARGE_STEP_LEAST_CELL = 12.5
# Large print's pictures at 12.5 mm a cell (37.5 mm a picture on Letter, where normal print's A4 sheet has 43.5) left
# 1 to 2 mm of each S-O-S line between the larger letters (issue 23, review 34, B3): where its pictures would be smaller
# than this cell with the opening paragraph on the front, that paragraph opens the back instead and the pictures
# take its room (the front's cell: larger pictures are no aim any more).
LARGE_STEP_CELL = FRONT_CELL
# A picture whose scorers' badges find no place on their lines' outer sides grows by half millimetres, alone, to at
# most this cell, until they do: large print's badges (13.5 pt) need 17 mm a cell to stand between a line and the
# frame, and at 14 mm they stood inside the ring of lines, read as the neighbouring line's (issue 23, dz95, B1).
BADGED_CELL = 18.0
DIAGRAMS = DiagramStyle(RULES_DIAGRAM_CELL, HEADING_PT, NOTES_PT, SMALL_PT, SMALL_PT)
STEPS = DiagramStyle(STEP_CELL, TITLE_PT, NOTES_PT, SMALL_PT, BODY_PT)  # the front's pictures; tag_pt: the scorers
STEP_GAP = 2.0  # above each step of how to play (mm, times the scale)
# In large print, half that: the caption under step 4 (the pictured game's result) and the picture of the first S-O-S's
# step 4 would have sent the opening paragraph to the back and the back onto a fourth page (issue 23, review 34, H10).
LARGE_STEP_GAP = 1.0
STEP_SPREAD = 12.0  # mm, times the scale: the most added between two steps where the front's page has room left
NAME_PTS = (BODY_PT, SMALL_PT)  # the cell name written inside the naming grid: the text's size if it fits the cell
NAME_SHARE = 0.9  # of the naming grid's cell, the most its cell's name may take across
NAME_LEAST_PT = SMALL_PT  # the cell's name in the naming grid, at the least (in either print), where the sheet has room
LABEL_SPACE = 2.0  # between two column labels of the naming grid, at the least (mm)
NAMING_CELLS = (9.5, 9.0, 8.5, 8.0)  # the naming grid's cells (mm) a sheet tries where the usual ones cost it a page
NAMING_SLACK = 2.0  # the naming grid's room beside its labels, above or below the grid (mm)
# The worked example's smallest cell, for a board too large for the sheet's own (mm): in normal print, where a letter
# and the move number above it still stand inside their cell (at 7 mm the letters stood on the grid's lines: issue 23,
# a French teacher's read, W1), and in large print, where the letters (22.2 pt) must still stand inside their frames
# (FRAME_SHARE of the cell each side) and the diagram is never smaller than the normal sheet's (RULES_DIAGRAM_CELL).
LARGE_PAGES = 3  # the large-print sheet's pages when its back runs on: the front, then two
EXAMPLE_MIN_CELL = 9.0
LARGE_EXAMPLE_MIN_CELL = 13.0
# Normal print draws the corner of a large board that holds the game (`cornered`); the whole board is only measured,
# to choose the example as large print does, at the cell that measure has always used.
WHOLE_BOARD_MIN_CELL = 7.0


def least_example_cell(scale: float, grid: GridPlan | None = None) -> float:
    """Returns the smallest cell (mm) the worked example's diagram may shrink to at this scale; `grid`, a whole board
    that normal print draws only a corner of, is measured at WHOLE_BOARD_MIN_CELL."""
    if scale != 1.0:
        return LARGE_EXAMPLE_MIN_CELL
    return WHOLE_BOARD_MIN_CELL if grid is not None and corner(grid) is not grid else EXAMPLE_MIN_CELL


def render_rules(document: Document, plan: RulesPlan, *, large_print: bool = False) -> bool:
    """Adds the rule sheet in one language to `document`, starting on a new page: how to play on the front, in one
    column, the rest on the back, in two (one in large print).

    The warning opens the back; on a sheet whose back it would push onto a third page (French on Letter, a large
    board), it stands under the steps instead. In large print the back runs on, over two pages, when the sheet keeps
    to LARGE_PAGES; else (French, a long example) it takes three, each with whole sections: the warning and the
    questions, the other ways to play and naming cells, the worked example. No page holds a lone small section.
    Returns whether naming cells came before the other ways to play.
    """
    plan, how = _laid_out(document.paper, plan, large_print)
    _, naming_first = _render_rules(
        document,
        plan,
        large_print=how.large_print,
        sections=how.sections,
        careful_front=how.careful_front,
        most=how.most,
        intro_back=how.intro_back,
        naming=how.naming,
    )
    return naming_first


def _sheet_measure(paper: Paper, plan: RulesPlan, large_print: bool) -> tuple[int, bool]:
    """Returns the pages the sheet of `plan` takes as `render_rules` draws it, and whether naming cells come before the
    other ways to play, laid out without being drawn (each layout is kept: see `_trial`)."""
    plan, how = _laid_out(paper, plan, large_print)
    pages, _, naming_first = _trial(paper, plan, *how.key())
    return pages, naming_first


@frozen
class _How:
    """Holds how `_render_rules` lays a sheet out (see its arguments)."""

    large_print: bool
    sections: bool
    careful_front: bool
    most: float
    intro_back: bool
    naming: float = COORDINATE_CELL

    def key(self) -> tuple[bool, bool, bool, float, bool, float]:
        """Returns the layout as `_trial` takes it, after the paper and the plan."""
        return (self.large_print, self.sections, self.careful_front, self.most, self.intro_back, self.naming)


def _laid_out(paper: Paper, plan: RulesPlan, large_print: bool) -> tuple[RulesPlan, _How]:
    """Returns the plan the sheet is drawn from (its pictures' sentences left out where that saves large print a
    page) and how `_render_rules` lays it out (see `render_rules`)."""
    # Normal print's pictures are never larger than large print's, which prints the worked example's whole board, its
    # back in its own order (normal print's order is none of its pictures' business, and each order laid out anew).
    whole = plan if plan.whole is None else replace(plan, example=replace(plan.example, grid=plan.whole), whole=None)
    whole = whole if large_print else replace(whole, naming_first=None)
    large = _large_print_layout(paper, whole)
    for numbers in UNCAPTIONED:
        # What the front's pictures show, said beside them, is left out of large print where it would cost the sheet a
        # page (issue 23, review 34, P16 and H10), step 1's sentence first; that one also where it would shrink the
        # pictures (des42 C5). Normal print keeps its pictures' size from large print's.
        bare = uncaptioned(plan, numbers)
        if bare == plan:
            continue
        shorter = _large_print_layout(paper, uncaptioned(whole, numbers))
        saves = large.pages > LARGE_PAGES and shorter.pages < large.pages
        if saves or (numbers == UNCAPTIONED[0] and shorter.cell > large.cell):
            plan, large = (bare, shorter) if large_print else (plan, shorter)
            break
    if large_print:
        return plan, _How(True, large.sections, False, FRONT_CELL, large.back)
    # Where the sheet takes more than its two sides: a smaller grid for naming cells, else the tip on the front, else
    # both, the first that saves the page (the French team sheet's worked example stood alone on a third Letter page:
    # issue 23, dz100 4). The tip under the steps only so: on a sheet of three pages either way it only crowded the
    # front, its pictures 3.5 mm apart read as one tall board (dz100, 5).
    pages = _trial(paper, plan, False, False, False, large.cell, False)[0]
    fewer = (how for how in _tries() if _trial(paper, plan, False, False, how[0], large.cell, False, how[1])[0] < pages)
    careful_front, naming = next(fewer, (False, COORDINATE_CELL)) if pages > 2 else (False, COORDINATE_CELL)
    return plan, _How(False, False, careful_front, large.cell, False, naming)


def _tries(tip_on_front: bool = True) -> list[tuple[bool, float]]:
    """Returns the ways a normal-print sheet that takes a third page tries to keep to two, in order: whether the tip
    stands on the front, and the naming grid's largest cell (mm)."""
    return [
        (careful, cell) for careful in (False, True)[: 1 + tip_on_front] for cell in (COORDINATE_CELL, *NAMING_CELLS)
    ]


@frozen
class LargeLayout:
    """Holds how the large-print sheet is laid out: its back in sections, its opening paragraph on the back, and the
    cell (mm) of its front's pictures, with the pages it takes."""

    sections: bool
    back: bool
    cell: float
    pages: int
    badged: bool  # every scorer's badge of its pictures finds a place (see `_badged`)


def _large_print_layout(paper: Paper, plan: RulesPlan) -> LargeLayout:
    """Returns how the large-print sheet of `plan` is laid out on the document's paper: in the fewest pages, then with
    the front's largest pictures, its opening paragraph on the front (where `_intro_place` puts it) or opening the
    back. A caption under step 4 or a fourth picture could push the opening paragraph to the back and the back onto a
    fourth page, where the paragraph on the front and pictures a little smaller kept to three (issue 23, review 34,
    H10)."""
    front, back = (_large_trial(paper, plan, back=back) for back in (False, True))
    # Never pictures whose badges stand over the board's frame and letters (too small a cell for them); then the
    # fewest pages; then the paragraph on the front where its pictures are large enough so (LARGE_STEP_CELL).
    best = min((front, back), key=lambda layout: (not layout.badged, layout.pages))
    ties = [layout for layout in (front, back) if (layout.badged, layout.pages) == (best.badged, best.pages)]
    if front in ties and front.cell >= LARGE_STEP_CELL:
        return front
    return max(ties, key=lambda layout: (layout.cell, not layout.back))


def _large_trial(paper: Paper, plan: RulesPlan, *, back: bool) -> LargeLayout:
    """Lays out the large-print sheet of `plan` without drawing it, its opening paragraph on the `back` or not: its
    back run on where the sheet keeps to LARGE_PAGES, else in sections."""
    pages, style, _ = _trial(paper, plan, True, False, False, FRONT_CELL, back)
    badged = _badged(plan.steps, style, scale_of(True)) is not None
    if pages <= LARGE_PAGES:
        return LargeLayout(False, back, style.cell, pages, badged)
    pages = _trial(paper, plan, True, True, False, FRONT_CELL, back)[0]
    return LargeLayout(True, back, style.cell, pages, badged)


# Kept: the same layouts of a sheet are tried again (each example's sheet while one is chosen, then the one drawn; the
# large-print layout that sizes normal print's pictures).
@lru_cache(maxsize=64)
def _trial(
    paper: Paper,
    plan: RulesPlan,
    large_print: bool,
    sections: bool,
    careful_front: bool,
    most: float,
    intro_back: bool,
    naming: float = COORDINATE_CELL,
) -> tuple[int, DiagramStyle, bool]:
    """Returns the pages the sheet of `plan` takes on `paper`, laid out as `_render_rules` lays it out without being
    drawn, the style of its front's pictures, and whether naming cells came before the other ways to play."""
    trial = Document.trial(paper)
    style, naming_first = _render_rules(
        trial,
        plan,
        large_print=large_print,
        sections=sections,
        careful_front=careful_front,
        most=most,
        intro_back=intro_back,
        naming=naming,
    )
    return trial.pages, style, naming_first


def _render_rules(
    document: Document,
    plan: RulesPlan,
    *,
    large_print: bool,
    sections: bool,
    careful_front: bool,
    most: float = FRONT_CELL,
    intro_back: bool = False,
    naming: float = COORDINATE_CELL,
) -> tuple[DiagramStyle, bool]:
    """Adds the rule sheet in one language to `document` (see `render_rules`): its back run on, or in `sections`;
    the warning under the steps if `careful_front` and it fits there; the front's pictures' cells `most` mm at most
    (in normal print); the opening paragraph on the back if `intro_back`, else where `_intro_place` puts it. Returns the
    cell (mm) of the front's pictures, and whether naming cells came before the other ways to play."""
    scale = scale_of(large_print)
    width, height = document.paper.size_mm
    box = page_area((width, height), large_print)
    strip = layout_strip(plan.strip, box.width, (0.0, 0.0), scale) if plan.strip.shown else None
    pages = [0]
    back = [False]

    def start_page() -> list[Box]:
        canvas = document.canvas
        top = draw_strip(canvas, plan.strip, strip, box, scale) if strip else box.top
        if not pages[0]:
            top = draw_label(canvas, plan.title, box.x, top, TITLE_PT * scale, width=box.width, bold=True) - 1.5
        pages[0] += 1
        columns = 1 if large_print or not back[0] else 2
        column = (box.width - (columns - 1) * COLUMN_GAP) / columns
        return [Box(box.x + k * (column + COLUMN_GAP), box.y, column, top - box.y) for k in range(columns)]

    flow = Flow(document, scale, start_page, BODY_PT)
    document.bookmark(plan.bookmark)
    under = flow.measure(plan.careful) if careful_front else 0.0  # the warning at the back's size, wherever it stands
    # How to play is read by a child alone: its words a step up, where large print's are already larger (dz97, C3).
    flow.set_body(HEADING_PT if scale == 1.0 else BODY_PT)
    place = "back" if intro_back else _intro_place(flow, plan, scale)
    if place == "above":
        flow.blocks(plan.intro)
    lead = plan.intro if place == "beside" else []
    style = _steps_style(flow, plan.steps, scale, under, most, lead)
    # Who plays and who starts stays on the front where the opening paragraph opens the back: a sheet whose steps came
    # first read as a game without players (issue 23, a French teacher's read, W2); so does where to write one's name,
    # which the children do before they play: it opened the back, after "the game is over" (fr38, A2). The whole
    # paragraph stands beside the first step's picture, whose own words are short; else who plays runs across the page
    # above the steps and the name beside that picture; else who plays stands beside it alone; in each, the pictures'
    # sentences (step 1's, then step 4's: `UNCAPTIONED`) are left out rather than the name or who plays, and the
    # pictures' badges must find their places. What is left opens the back under its own heading (des40, 1).
    rest, above = plan.intro, plan.intro[:0]
    if place == "back":
        column, who_plays, name = _Column.of(flow), plan.intro[:1], plan.intro[1:]
        # Normal print keeps its pictures' sentences; large print leaves them out, step 1's first (`UNCAPTIONED`).
        bare = [uncaptioned(plan, numbers) for numbers in UNCAPTIONED] if scale != 1.0 else []
        tries = [(shown, over, kept) for over, kept in (((), plan.intro), (who_plays, name)) for shown in (plan, *bare)]
        for shown, over, kept in (*tries, *((shown, (), who_plays) for shown in (plan, *bare))):
            below = under + (flow.measure(over) if over else 0.0)
            who = _steps_style(flow, shown.steps, scale, below, most, kept)
            fits = _steps_height(column, shown.steps, who, kept) <= flow.room - below
            if fits and _badged(shown.steps, who, scale) is not None:
                plan, above, lead, style, rest = shown, over, kept, who, plan.intro[len(over) + len(kept) :]
                break
    if above:
        flow.blocks(above)
    spread = _spread(flow, plan, style, lead, under)
    for k, step in enumerate(plan.steps):
        _step(flow, step, style, [] if k else lead, spread if k else 0.0)
    flow.set_body(BODY_PT)
    on_front = careful_front and flow.measure(plan.careful) <= flow.room
    if on_front:
        flow.blocks(plan.careful)
    back[0] = True
    if pages[0] == 1:
        flow.new_page()
    else:  # large print: the front took more than a page, and a new one would leave the second mostly empty
        flow.space(GAP * scale)
    opening = ((*plan.intro_heading, *rest),) if place == "back" and rest else ()
    # The warning is a tip, not a rule: the front keeps to how to play, and the back opens with it (see render_rules).
    questions, ways = plan.more
    for section in (*opening, *(() if on_front else (plan.careful,)), questions):
        flow.blocks(section)
    if sections:
        flow.new_page()
    # The other ways to play, a list that never leaves its last item alone at the head of a column, go to the next
    # column whole: naming cells, which fits here, takes the room they leave (the French sheet's « SOS en équipes »
    # stood alone at the top of column 2: issue 23, design review des38, B9). Or as `plan.naming_first` says.
    fits = _naming_height(flow, plan, scale, naming) <= flow.room
    naming_first = fits and (not flow.starts_here(ways) if plan.naming_first is None else plan.naming_first)
    if naming_first:
        _naming(flow, plan, scale, naming)
        flow.blocks(ways)
    else:
        flow.blocks(ways)
        _naming(flow, plan, scale, naming)
    if sections:
        flow.new_page()
    _example(flow, plan, scale, one_sheet=not large_print)
    document.end_page()
    return style, naming_first


def _intro_place(flow: Flow, plan: RulesPlan, scale: float) -> str:
    """Returns where the opening paragraph goes on the front: "above" the steps, across the page, where the steps'
    pictures still fit it at their target cell (STEP_CELL; in large print LARGE_STEP_CELL); else, in large print,
    "beside" the first step's picture, above that step's words (the first step's words are short, its picture tall),
    where the pictures fit larger so, at large print's least cell at the least; else "above" where they fit at that
    cell; else the paragraph opens the "back"."""
    intro = flow.measure(plan.intro)
    if _steps_fit(flow, plan.steps, scale, flow.room - intro):
        return "above"
    if scale == 1.0:
        return "back"
    above_fits = _steps_fit(flow, plan.steps, scale, flow.room - intro, least=True)
    if _steps_fit(flow, plan.steps, scale, flow.room, plan.intro, least=True) and (
        not above_fits
        or _steps_style(flow, plan.steps, scale, 0.0, lead=plan.intro).cell
        > _steps_style(flow, plan.steps, scale, intro).cell
    ):
        return "beside"
    return "above" if above_fits else "back"


def _steps_style(
    flow: Flow,
    steps: tuple[RuleStep, ...],
    scale: float,
    under: float,
    largest: float = FRONT_CELL,
    lead: Sequence[Block] = (),
) -> DiagramStyle:
    """Returns the style of the steps' pictures: the largest cell, by half millimetres from FRONT_CELL (in either
    print; `largest` at most, in normal print large print's) down to STEP_CELL (in large print down to
    LARGE_STEP_LEAST_CELL), whose scorers' badges each find a place (see `_badged`), with which every step, `lead`
    above the first one's words, fits in the room left on the front's page, `under` mm kept below them, and its
    words keep the larger share of the page's width."""
    return _sized_steps(_Column.of(flow), steps, scale, flow.room - under, largest, tuple(lead))


@frozen
class _Column:
    """Holds what the height of the steps depends on: the flow's scale and body size (points), its frames' width
    (mm)."""

    scale: float
    body: float
    width: float

    @staticmethod
    def of(flow: Flow) -> _Column:
        """Returns the column of `flow`'s frames."""
        return _Column(flow.scale, flow.body, flow.width)

    def measure(self, blocks: Sequence[Block], width: float | None = None) -> float:
        """Returns the height (mm) `blocks` take in this column, or in one `width` mm wide (see `Flow.measure`)."""
        return measured(self.scale, self.body, self.width if width is None else width, tuple(blocks))


# Kept: a sheet is laid out about ten times before it is drawn (each choice tried), its steps the same each time.
@lru_cache(maxsize=256)
def _sized_steps(
    column: _Column, steps: tuple[RuleStep, ...], scale: float, room: float, largest: float, lead: tuple[Block, ...]
) -> DiagramStyle:
    """Returns `_steps_style` for the steps in `room` mm of a `column`."""
    style = STEPS.scaled(scale)
    least = style.cell if scale == 1.0 else LARGE_STEP_LEAST_CELL
    most = max(least, min(FRONT_CELL, largest))
    cells = [most - 0.5 * k for k in range(int((most - least) / 0.5) + 1)]
    sized = [replace(style, cell=cell) if cell >= style.cell else _zoomed(style, cell, scale) for cell in cells]
    badged = (found for candidate in sized if (found := _badged(steps, candidate, scale)) is not None)
    return next(
        (
            candidate
            for candidate in badged
            if all(
                _step_size(step, candidate)[0] <= STEP_PICTURE_SHARE * column.width for step in steps if step.picture
            )
            and _steps_height(column, steps, candidate, lead) <= room
        ),
        _badged(steps, sized[-1], scale) or sized[-1],
    )


# Kept: the same pictures are tried at each cell of each layout of a sheet.
@lru_cache(maxsize=1024)
def _badged(steps: tuple[RuleStep, ...], style: DiagramStyle, scale: float) -> DiagramStyle | None:
    """Returns the style with its scorers' badges at the largest size of the type scale, up to its own, at which each
    badge of every step's picture finds its place inside the board, clear of its frame, its letters, the other lines
    and badges (`scorers_placed`), or None where none is small enough: a badge over the frame read as a mark on the
    board's edge (issue 23, review 34, B3 and P17). One size smaller is taken where it lets each badge stand on its
    line's outer side, between the line and the frame: one inside a ring of lines was read as its neighbour's."""
    sizes = sorted((size * scale for size in TYPE_SCALE if size * scale <= style.tag_pt + 0.05), reverse=True)
    pictures = [step.picture for step in steps if step.picture is not None and step.picture.scorers]

    def placed(size: float, outward: bool = False) -> bool:
        return all(scorers_placed(picture, style.cell, size, style.letter_pt, outward=outward) for picture in pictures)

    largest = next((k for k, size in enumerate(sizes) if placed(size)), None)
    if largest is None:
        return None
    outer = next((size for size in sizes[largest : largest + 2] if placed(size, outward=True)), sizes[largest])
    return replace(style, tag_pt=outer)


def _steps_height(column: _Column, steps: tuple[RuleStep, ...], style: DiagramStyle, lead: Sequence[Block]) -> float:
    """Returns the height (mm) the steps of how to play take, the space above each included, `lead` above the first
    one's words."""
    gap = _step_gap(column.scale)
    return sum(gap + _step_height(column, step, style, [] if k else lead) for k, step in enumerate(steps))


def _steps_fit(
    flow: Flow, steps: tuple[RuleStep, ...], scale: float, room: float, lead: Sequence[Block] = (), least: bool = False
) -> bool:
    """Tells whether the steps of how to play, `lead` above the first one's words, fit `room` mm, their pictures at
    STEP_CELL (in large print at LARGE_STEP_CELL, or the `least` `_steps_style` makes them)."""
    cell = LARGE_STEP_LEAST_CELL if least else LARGE_STEP_CELL
    style = STEPS.scaled(scale) if scale == 1.0 else _zoomed(STEPS.scaled(scale), cell, scale)
    return _steps_height(_Column.of(flow), steps, style, lead) <= room


def _zoomed(style: DiagramStyle, cell: float, scale: float) -> DiagramStyle:
    """Returns the steps' style at `cell` mm: its letters, move numbers and scorers' rings smaller with its cells (a
    ring would cover a letter else), each at the size of the type scale next below, its letters never below
    HEADING_PT times the scale (larger than normal print's, and 3 mm clear of their cells' sides at 12.5 mm); its
    coordinates as they are."""
    sizes = sorted(size * scale for size in TYPE_SCALE)

    def down(size: float) -> float:
        return max((step for step in sizes if step <= size * cell / style.cell + 0.05), default=sizes[0])

    letter = max(down(style.letter_pt), HEADING_PT * scale)
    return replace(style, cell=cell, letter_pt=letter, number_pt=down(style.number_pt), tag_pt=down(style.tag_pt))


def _step_size(step: RuleStep, style: DiagramStyle) -> tuple[float, float]:
    """Returns the width and height (mm) of a step's picture with its margins, drawn in its own style."""
    assert step.picture is not None
    own = _own_style(step.picture, style)
    margins = diagram_margins(step.picture, own)
    side = step.picture.size * own.cell
    return margins.left + side + margins.right, margins.top + side + margins.bottom


# Kept: each layout of a sheet measures every step's picture several times.
@lru_cache(maxsize=256)
def _own_style(picture: GridPlan, style: DiagramStyle) -> DiagramStyle:
    """Returns the style a step's picture is drawn in: the steps' `style`, its cells grown by half millimetres up to
    BADGED_CELL until each scorer's badge stands on its line's outer side, where it does not already."""
    if not picture.scorers:
        return style

    def outward(cell: float) -> bool:
        return scorers_placed(picture, cell, style.tag_pt, style.letter_pt, outward=True)

    cells = [style.cell + 0.5 * k for k in range(int((BADGED_CELL - style.cell) / 0.5) + 1)]
    return next((replace(style, cell=cell) for cell in cells if outward(cell)), style)


def _step_height(column: _Column, step: RuleStep, style: DiagramStyle, lead: Sequence[Block] = ()) -> float:
    """Returns the height (mm) one step of how to play takes, `lead` above its words, without the space above it."""
    blocks = [*lead, _step_heading(step, column.scale), *step.text]
    if step.picture is None:
        return column.measure(blocks)
    width, height = _step_size(step, style)
    return max(height, column.measure(blocks, column.width - width - GAP))


def _step_heading(step: RuleStep, scale: float) -> Block:
    """Returns a step's heading: in bold at the front's text size in normal print, under a title one step up (a step
    up, they stood at the title's size: the page read as five equal headings, French read fr98, 3); a step up from
    the text in large print, whose title is larger still."""
    return Block("h3" if scale == 1.0 else "h2", (Run(step.heading),))


def _step_gap(scale: float) -> float:
    """Returns the space (mm) above each step of how to play, at the print's `scale`."""
    return (STEP_GAP if scale == 1.0 else LARGE_STEP_GAP) * scale


def _spread(flow: Flow, plan: RulesPlan, style: DiagramStyle, lead: Sequence[Block], careful: float) -> float:
    """Returns the space (mm) added between each two steps of how to play, so that they spread down the front's page
    rather than leave its foot blank (a fifth of the page: designer's review dz86, 12), STEP_SPREAD at most; the
    warning under them, `careful` mm tall (0: on the back), keeps its room where it fits there."""
    steps = _steps_height(_Column.of(flow), plan.steps, style, lead)
    below = careful if careful and steps + careful <= flow.room else 0.0
    spare = flow.room - steps - below - GAP * flow.scale  # a gap kept: the last step fitted to the millimetre went over
    return min(max(spare, 0.0) / max(len(plan.steps) - 1, 1), STEP_SPREAD * flow.scale)


def _step(flow: Flow, step: RuleStep, style: DiagramStyle, lead: Sequence[Block] = (), spread: float = 0.0) -> None:
    """Places one step of how to play: its heading and words beside its picture, `lead` above them, `spread` mm more
    above it than the steps' gap."""
    heading = [*lead, _step_heading(step, flow.scale)]
    flow.space(_step_gap(flow.scale) + spread)
    if step.picture is None:
        flow.keep(flow.measure(heading) + flow.measure(step.text))
        flow.blocks([*heading, *step.text])
        return
    picture = step.picture
    own = _own_style(picture, style)
    margins = diagram_margins(picture, own)
    side = picture.size * own.cell
    size = _step_size(step, style)

    def draw(document: Document, x: float, top: float) -> None:
        draw_diagram(document, picture, x + margins.left, top - margins.top - side, own)

    # The heading beside the picture too: the front keeps to one page with the warning under the steps.
    flow.beside([], [*heading, *step.text], size, draw, GAP)


@frozen
class Naming:
    """Holds how the naming grid is drawn: its grid, cell (mm), the size (points) of its coordinates and of the name
    in its cell, and the print's scale."""

    grid: GridPlan
    cell: float
    label_pt: float
    name_pt: float
    scale: float

    @property
    def gutters(self) -> tuple[float, float]:
        """Returns the room (mm) the coordinates take beside the grid and above or below it."""
        return label_gutters(self.grid, self.label_pt)

    @property
    def size(self) -> tuple[float, float]:
        """Returns the width and height (mm) of the drawing."""
        side_gutter, end_gutter = self.gutters
        side = self.grid.size * self.cell
        return side + 2 * side_gutter, side + 2 * end_gutter + NAMING_SLACK


def _naming(flow: Flow, plan: RulesPlan, scale: float, largest: float = COORDINATE_CELL) -> None:
    """Places how cells are named: the text, then a grid of the kit's board with one cell named in it, its cells
    `largest` mm at most."""
    naming = naming_layout(plan.coordinates, flow.width, scale, legible=plan.legible_name, largest=largest)
    draw = partial(_coordinates, naming=naming)
    diagram_w, diagram_h = naming.size
    if flow.width - diagram_w - GAP >= BESIDE_TEXT:
        # A frame as wide as the page (large print): the text beside the grid, as the lead sets its picture.
        flow.beside(plan.cells[:1], plan.cells[1:], (diagram_w, diagram_h), draw, GAP)
        return
    flow.keep(flow.measure(plan.cells) + diagram_h)
    flow.blocks(plan.cells)
    flow.figure(diagram_h, draw)


def _naming_height(flow: Flow, plan: RulesPlan, scale: float, largest: float = COORDINATE_CELL) -> float:
    """Returns the height (mm) `_naming` takes in the flow's frames."""
    naming = naming_layout(plan.coordinates, flow.width, scale, legible=plan.legible_name, largest=largest)
    diagram_w, diagram_h = naming.size
    if flow.width - diagram_w - GAP >= BESIDE_TEXT:
        return flow.measure(plan.cells[:1]) + max(flow.measure(plan.cells[1:], flow.width - diagram_w - GAP), diagram_h)
    return flow.measure(plan.cells) + diagram_h


def naming_layout(
    grid: GridPlan, width: float, scale: float, legible: bool = True, largest: float = COORDINATE_CELL
) -> Naming:
    """Returns how the naming grid is drawn in a frame `width` mm wide: its cell `largest` at most (times the
    scale), the grid COORDINATE_SIDE; its coordinates at the captions' size, or the smallest where those would come
    within LABEL_SPACE of each other (C1 to C8 nearly touched); the cell's name written in it at the body's size if
    it fits, else the smallest, else as large as fits its cell (in 6 × 6 to 8 × 8 cells « L2C3 »): set beside the
    grid, joined to its cell by a leader along its row, it read as a line's name (issue 23, review 34, H1), and a grid
    wide enough for it at the smallest size added a page to some sheets (review 33, 1.1)."""
    most = min(largest, COORDINATE_SIDE / grid.size) * scale
    widest = max(grid.col_labels, key=lambda label: width_of(label, REGULAR, NOTES_PT))
    label_pt = next(
        (
            size * scale
            for size in (NOTES_PT, SMALL_PT)
            if most - width_of(widest, REGULAR, size * scale) / MM >= LABEL_SPACE
        ),
        SMALL_PT * scale,
    )
    side_gutter = label_gutters(grid, label_pt)[0]
    name = max(grid.letters, key=len)
    # Cells wide enough for the name at NAME_LEAST_PT, where the sheet keeps to one sheet of paper so: in 7 x 7 and
    # 8 x 8 cells « L2C3 » shrank to 7 and 6 points (issue 23, review 34).
    least = width_of(name, REGULAR, NAME_LEAST_PT) / MM / NAME_SHARE if legible else 0.0
    cell = min(max(most, least), (width - 2 * side_gutter - 2.0) / grid.size)
    room = cell * NAME_SHARE * MM / width_of(name, REGULAR, 1.0)  # the size (points) at which the name fills its room
    size = next((size * scale for size in NAME_PTS if size * scale <= room), room)
    return Naming(grid, cell, label_pt, size, scale)


def _coordinates(document: Document, x: float, top: float, *, naming: Naming) -> None:
    """Draws a small labelled grid with one cell named in it."""
    side_gutter, end_gutter = naming.gutters
    cell, grid = naming.cell, naming.grid
    small = SMALL_PT * naming.scale
    style = DiagramStyle(cell, naming.name_pt, naming.label_pt, small, small)
    # Column labels above the grid (L1C1) take the slack under the text, so that they do not read as its last line
    # (review rv67, 16); under it (A1), the labels keep it below them.
    drop = NAMING_SLACK if "top" in grid.label_sides else 0.0
    draw_diagram(document, grid, x + side_gutter, top - drop - end_gutter - grid.size * cell, style)


def example_style(grid: GridPlan, column: float, scale: float) -> DiagramStyle:
    """Returns how the worked example's diagram is drawn: at the sheet's cell, or smaller (down to the teacher's
    notes' cell) when the kit's board would not fit a column otherwise."""
    style = DIAGRAMS.scaled(scale)
    for _ in range(2):  # the margins depend a little on the cell: once more settles it
        margins = diagram_margins(grid, style)
        cell = (column - margins.left - margins.right) / grid.size
        style = replace(style, cell=max(min(DIAGRAMS.cell * scale, cell), least_example_cell(scale, grid)))
    return style


def _example(flow: Flow, plan: RulesPlan, scale: float, *, one_sheet: bool) -> None:
    """Places the worked example, its heading kept with it, its text under its diagram: in the next column if it
    does not fit this one; then, on a sheet kept to its two sides, with a smaller diagram (its lines left unnamed, as
    its text names them, if the smallest is not enough), which beats a third page when this is the back's last; in
    large print, which has no such sheet, on a page of its own at full size, as its letters and their frames are
    sized together (see `example_style`), its text run on under its diagram where even that page is too short (see
    `_run_on`)."""
    body = BODY_PT * scale
    heading = [Block("h2", (Run(plan.example_heading),)), Block("p", (Run(plan.legend),))]
    head = flow.measure(heading)
    figure = plan.example
    style = example_style(figure.grid, flow.width, scale)
    layout = layout_figure(figure, flow.width, body, style)
    moves_on = flow.index + 1 < len(flow.frames) or not one_sheet
    if head + layout.height > flow.room and not one_sheet and not flow.page_started:
        # Large print: a smaller diagram (never below its least cell; its lines named beside it if they fit there,
        # else by the text alone) on this page beats a page holding the example alone and the page before it half
        # empty.
        smaller = _shrunk(figure, flow.width, flow.room - head, scale, style)
        if head + smaller[2].height <= flow.room:
            figure, style, layout = smaller
    if head + layout.height > flow.room and moves_on and not flow.page_started:
        flow.next_frame()
    if head + layout.height > flow.room:
        figure, style, layout = _shrunk(figure, flow.width, flow.room - head, scale, style)
    flow.keep(head + layout.height)
    if head + layout.height > flow.room:
        figure, style, layout = _shrunk(plan.example, flow.width, flow.room - head, scale, style)
    if head + layout.height > flow.room and not one_sheet:
        _run_on(flow, plan, heading, scale)
        return
    flow.blocks(heading)
    flow.figure(layout.height, partial(draw_figure, figure=figure, layout=layout, body=body))


def _run_on(flow: Flow, plan: RulesPlan, heading: list[Block], scale: float) -> None:
    """Places the large-print worked example whose diagram and text are too tall for a page even at its least cell
    (a variant's only example on a 7 × 7 or 8 × 8 board): its heading, its diagram as large as the page's room allows
    and its title under it, then its text and account run on under them, onto the next page where they must (issue
    23: `kit --large-print --teams --size 8` printed no kit)."""
    body = BODY_PT * scale
    titled = _titled(plan.example)
    head = flow.measure(heading)
    style = example_style(titled.grid, flow.width, scale)
    flow.keep(head + layout_figure(titled, flow.width, body, style, text_under=True).height)
    figure, _, layout = _shrunk(titled, flow.width, flow.room - head, scale, style, text_under=True)
    flow.blocks(heading)
    flow.figure(layout.height, partial(draw_figure, figure=figure, layout=layout, body=body))
    flow.blocks([*plan.example.text, *plan.example.results])


def _titled(figure: ExampleFigure) -> ExampleFigure:
    """Returns the worked example with its diagram and title only, its text and account left to run on."""
    return replace(figure, text=(), results=())


def _shrunk(
    figure: ExampleFigure, width: float, room: float, scale: float, style: DiagramStyle, text_under: bool = False
) -> tuple[ExampleFigure, DiagramStyle, FigureLayout]:
    """Returns the largest diagram, down to the smallest cell, whose example fits `room` mm, its lines named beside
    it if they can be (or the smallest, unnamed); its text under it if `text_under`."""
    body = BODY_PT * scale
    unnamed = replace(figure, grid=replace(figure.grid, named=False))
    while True:
        layout = layout_figure(figure, width, body, style, text_under=text_under)
        if layout.height <= room:
            return figure, style, layout
        if style.names_clear and figure.grid.named:
            # Large print names a line outside the board only (in a cell its name filled the cell): where those
            # names would take room from the board, the text names the lines and the board keeps its cells.
            plain = layout_figure(unnamed, width, body, style, text_under=text_under)
            if plain.height <= room:
                return unnamed, style, plain
        if style.cell <= least_example_cell(scale, figure.grid):
            return unnamed, style, layout_figure(unnamed, width, body, style, text_under=text_under)
        style = replace(style, cell=max(style.cell - 0.5 * scale, least_example_cell(scale, figure.grid)))


def example_fits(options: PrintOptions, plan: RulesPlan, run_on: bool = False) -> bool:
    """Tells whether the worked example of `plan` fits one column of the rule sheet printed with `options`, its diagram
    as small as the sheet allows; if `run_on` (large print), its diagram and title only, its text running on under
    them (see `_run_on`)."""
    scale = scale_of(options.large_print)
    width, height = options.paper.size_mm
    box = page_area((width, height), options.large_print)
    columns = 1 if options.large_print else 2
    column = (box.width - (columns - 1) * COLUMN_GAP) / columns
    # Normal print draws the corner that holds the game (see `_chosen_plan`): it is that which must fit.
    drawn = plan.example if options.large_print else cornered(plan).example
    style = replace(example_style(drawn.grid, column, scale), cell=least_example_cell(scale))
    margins = diagram_margins(drawn.grid, style)
    if margins.left + drawn.grid.size * style.cell + margins.right > column:
        return False
    shown = _titled(drawn) if run_on and options.large_print else drawn
    layout = layout_figure(shown, column, BODY_PT * scale, style, text_under=shown is not plan.example)
    heading = set_label((plan.example_heading,), HEADING_PT * scale, column, bold=True).height + 4.0
    heading += set_label((plan.legend,), BODY_PT * scale, column).height + 2.0
    return layout.height + heading <= box.height - 25.0 * scale


def keeps_to_one_sheet(options: PrintOptions, plan: RulesPlan, tip_on_front: bool = True) -> bool:
    """Tells whether the rule sheet of `plan` keeps to the two sides of one sheet of paper, its warning on the back or,
    if `tip_on_front`, on the front where it must (large print never does: any example that fits a column will do).
    The sheet is laid out without being drawn."""
    if options.large_print:
        return True
    return any(
        _trial(options.paper, plan, False, False, careful_front, FRONT_CELL, False, naming)[0] <= 2
        for careful_front, naming in _tries(tip_on_front)
    )


def rule_example(
    examples: tuple[CheckedExample, ...],
    options: PrintOptions,
    fits: Callable[[CheckedExample], bool] = lambda _: True,
    keeps: Callable[[CheckedExample, bool], bool] = lambda _, __: True,
) -> CheckedExample:
    """Returns the example a rule sheet shows, played on the kit's own board under the kit's own rules: the first of
    `rule_candidates` that fits and keeps the sheet to one sheet of paper (`keeps`, the warning under the steps
    allowed or not), else the first that fits (see `_first_that_keeps`).

    Raises LayoutError naming the examples and what is missing when none will do.
    """
    return _first_that_keeps(rule_candidates(examples, options), fits, keeps, examples)


def rule_candidates(
    examples: tuple[CheckedExample, ...], options: PrintOptions, option: str = "--examples"
) -> tuple[CheckedExample, ...]:
    """Returns the examples a rule sheet may show, played on the kit's own board under the kit's own rules, those
    written for the kit's variant first, then for its way of ending the game, then for its board size, then in the
    sheet's notation.

    An example written for another board or variant is shown only if it goes the same way there and every claim of
    it, its text included, still holds (`engine.check.played_as`): its play and its words are true in the kit's game.
    Raises LayoutError naming the examples, what is missing and the command's `option` that gives another when none
    will do.
    """
    size, variant = options.size, options.variant
    ends = game_rules(variant).ends
    candidates = [
        (
            checked.example.variant != variant,
            game_rules(checked.example.variant).ends != ends,
            checked.example.variant.teams != variant.teams,
            checked.example.size != size,
            checked.example.notation is not options.notation,
            moved,
        )
        for checked in examples
        if (moved := played_as(checked, size, variant)) is not None
    ]
    if not candidates:
        if len(examples) == 1:
            _one_refused(examples[0], options, option)
        names = _names(examples)
        if not any(played_as(checked, size, checked.example.variant) for checked in examples):
            raise LayoutError(
                f"the rule sheet shows its worked example on the players' {size} × {size} board, and no example "
                f"given ({names}) is on a board that size or can be shown on one: give one with {option}"
            )
        raise LayoutError(
            f"the rule sheet shows its worked example played by the sheet's rules ({rules_named(variant)}), and no "
            f"example given ({names}) goes the same way under them on {a_board(size)}: give one with {option}"
        )
    candidates.sort(key=lambda item: item[:-1])
    return tuple(checked for *_, checked in candidates)


def _one_refused(checked: CheckedExample, options: PrintOptions, option: str) -> NoReturn:
    """Raises LayoutError saying why the one example given cannot be the rule sheet's and what would print it: its
    own board size, or its own rules. "Give one with --example" said to someone who had just given one left them no
    way on."""
    size, example = options.size, checked.example
    if played_as(checked, size, example.variant) is None:
        raise LayoutError(
            f"the rule sheet shows its worked example on the players' {size} × {size} board, and the example given "
            f"({example.path}) is {a_board(example.size, 'game')}: give --size {example.size} for its board, "
            f"or another example with {option}"
        )
    variant, sheet = example.variant, options.variant
    flags = ["--teams"] if variant.teams else [] if variant.players == 2 else [f"--players {variant.players}"]
    flags += (
        ["--first-sos-wins"] if variant.first_sos_wins else [f"--target {variant.target}"] if variant.target else []
    )
    # and the options given that would clash with those: "give --target 3" beside --first-sos-wins was refused (ad90)
    leave = ["--first-sos-wins"] if sheet.first_sos_wins and not variant.first_sos_wins else []
    leave += [f"--target {sheet.target}"] if sheet.target and not variant.target else []
    leave += ["--teams"] if sheet.teams and not variant.teams else []
    two_or_four = not sheet.teams and (variant.teams or variant.players == 2)
    leave += [f"--players {sheet.players}"] if two_or_four and sheet.players not in (2, variant.players) else []
    way = " and ".join(
        [*(["give " + " ".join(flags)] * bool(flags)), *(["leave out " + " and ".join(leave)] * bool(leave))]
    )
    raise LayoutError(
        f"the rule sheet shows its worked example played by the sheet's rules ({rules_named(sheet)}), and the "
        f"example given ({example.path}) is played by other rules ({rules_named(variant)}): "
        f"{way or 'leave out the options of a variant'} to print the sheet for them, or give another example with "
        f"{option}"
    )


def _first_that_keeps(
    candidates: tuple[CheckedExample, ...],
    fits: Callable[[CheckedExample], bool],
    keeps: Callable[[CheckedExample, bool], bool],
    examples: tuple[CheckedExample, ...],
) -> CheckedExample:
    """Returns the first candidate that fits and keeps the sheet to one sheet of paper with its warning opening the
    back, else the first that keeps to it with the warning under the steps, else the first that fits; raises
    LayoutError naming `examples` when none fits. The warning under the steps made the front of some sheets more than
    how to play, where another example kept it on the back (issue 23, review 34, P19: three players in French)."""
    first = tipped = None
    for checked in (checked for checked in candidates if fits(checked)):  # tried in turn: each is laid out
        if keeps(checked, False):
            return checked
        if tipped is None and keeps(checked, True):
            tipped = checked
        first = first or checked
    if tipped is not None:
        return tipped
    if first is None:
        raise LayoutError(
            f"no worked example fits the rule sheet ({_names(examples)}): its diagram and text must fit one column of "
            "a page"
        )
    return first


def _names(examples: tuple[CheckedExample, ...]) -> str:
    return ", ".join(checked.example.path for checked in examples)


def rules_named(variant: Variant) -> str:
    """Returns a variant's rules as a terminal message names them: "3 players, first S-O-S wins"."""
    parts = ["teams A + C against B + D" if variant.teams else f"{variant.players} players"]
    if variant.first_sos_wins:
        parts.append("first S-O-S wins")
    elif variant.target:
        parts.append(f"first to {variant.target}")
    return ", ".join(parts)


def add_rules(
    document: Document,
    options: PrintOptions,
    examples: tuple[CheckedExample, ...],
    *,
    on_front: bool = False,
    option: str = "--examples",
) -> list[tuple[int, int]]:
    """Adds the rule sheet in each language of the document, one after the other, with an example that fits; each
    `on_front` of a sheet of paper printed on both sides, if asked (see `to_front`). `option` is the command's option
    that gives examples, named when none will do (kit's --examples, rules' --example). Returns the first and last
    page of each language."""
    candidates = rule_candidates(examples, options, option)  # played once: the same game in every language
    candidates = _shared(options, candidates, examples)
    codes = options.language.codes
    plans = _one_order(options, [_chosen_plan(options, lang, candidates, examples) for lang in codes], candidates)
    spans = []
    for plan in plans:
        if on_front:
            to_front(document, options)
        first = document.pages + 1
        render_rules(document, plan, large_print=options.large_print)
        spans.append((first, document.pages))
    return spans


def _one_order(
    options: PrintOptions, plans: list[RulesPlan], candidates: tuple[CheckedExample, ...]
) -> list[RulesPlan]:
    """Returns the plans of the sheet's languages with the French sheet's order of naming cells and the other ways to
    play on the back, printed in French or not, each where its sheet keeps its pages so; as they are where no French
    sheet can be laid out with the candidates (an English sheet is never refused for its French). The longer French
    moved the ways to play after naming cells where the English did not, and the backs of a bilingual class's sheets
    read in two orders (review dz89, 17)."""
    codes = options.language.codes
    if "fr" in codes:
        french = plans[codes.index("fr")]
    else:
        try:
            french = _chosen_plan(replace(options, language=Language.FR), "fr", candidates, candidates)
        except LayoutError:
            return plans
    paper, large_print = options.paper, options.large_print
    order = _sheet_measure(paper, french, large_print)[1]
    ordered = []
    for plan in plans:
        pages, naming_first = _sheet_measure(paper, plan, large_print)
        if naming_first != order:
            forced = replace(plan, naming_first=order)
            plan = forced if _sheet_measure(paper, forced, large_print)[0] <= pages else plan
        ordered.append(plan)
    return ordered


def _shared(
    options: PrintOptions, candidates: tuple[CheckedExample, ...], examples: tuple[CheckedExample, ...]
) -> tuple[CheckedExample, ...]:
    """Returns the candidates, first the one example the sheet shows in English and in French and in either print, as
    `rule_example` prefers it: the first that keeps the normal-print sheet to one sheet of paper in each language, its
    warning on the back (else anywhere), the languages of a bilingual sheet as it prints them, those of a sheet in one
    language each as its own sheet; `candidates` as they are where none does, each language then keeping to its sheet
    with an example of its own. Chosen in each language alone, the English back showed "One O, two lines" and the
    French « Un O dans le trou », and a bilingual class looked at two games, in one file (review nt62, 1) or in two
    (review dz89, 17)."""
    bilingual = options.language.bilingual
    # French first: its longer words decide, and a candidate it refuses is not laid out in English at all.
    codes = sorted(options.language.codes if bilingual else Language.BOTH.codes, key=lambda code: code != "fr")
    # Large print shows normal print's example where it fits: a class handed both saw two games (review dz95, C4).
    printed = replace(options, large_print=False)
    sheets = [(printed if bilingual else replace(printed, language=Language(code)), code) for code in codes]
    plans: dict[tuple[str, int], RulesPlan] = {}

    def plan_of(sheet: PrintOptions, lang: str, example: CheckedExample) -> RulesPlan:
        key = (lang, id(example))
        if key not in plans:
            plans[key] = rules_plan(sheet, lang, example)
        return plans[key]

    def keeps(example: CheckedExample, careful: bool) -> bool:
        return all(
            example_fits(sheet, plan_of(sheet, lang, example))
            and any(keeps_to_one_sheet(sheet, plan_of(sheet, lang, example), tip) for tip in {False, careful})
            for sheet, lang in sheets
        )

    for careful in (False, True):
        shared = next((example for example in candidates if keeps(example, careful)), None)
        if shared is not None:  # first, the others after it for a large-print sheet it does not fit
            return (shared, *(example for example in candidates if example is not shared))
    return candidates


def _chosen_plan(
    options: PrintOptions,
    lang: str,
    candidates: tuple[CheckedExample, ...],
    examples: tuple[CheckedExample, ...],
    legible: bool = True,
) -> RulesPlan:
    """Returns the rule sheet's plan in `lang` with the example `rule_example` would choose, its naming grid's cell
    named at a legible size where the sheet keeps to one sheet of paper so; each candidate's plan is made once, as it
    is measured, tried, then drawn."""
    plans: list[tuple[CheckedExample, RulesPlan]] = []

    def plan_of(example: CheckedExample) -> RulesPlan:
        made = next((plan for candidate, plan in plans if candidate is example), None)
        if made is None:
            made = replace(rules_plan(options, lang, example), legible_name=legible)
            if not legible:
                # The corner of the board that holds the named cell, in cells wide enough to write its name in: the
                # whole 8 x 8 board, in the cells the sheet had room for, printed « L2C3 » at 6 points (review rv80, 5).
                made = replace(made, coordinates=corner(made.coordinates))
            plans.append((example, made))
        return made

    def keeps(example: CheckedExample, careful: bool) -> bool:
        return keeps_to_one_sheet(options, plan_of(example), careful)

    try:
        chosen = _first_that_keeps(candidates, lambda example: example_fits(options, plan_of(example)), keeps, examples)
    except LayoutError:
        if not options.large_print:
            raise
        # A variant's only example on a 7 x 7 or 8 x 8 board is too tall for a large-print page, its diagram at its
        # least cell: its text runs on under its diagram rather than the teacher getting no kit (issue 23).
        chosen = _first_that_keeps(
            candidates, lambda example: example_fits(options, plan_of(example), run_on=True), keeps, examples
        )
    # The example is chosen on its whole board, as large print shows it: normal print's pictures take their size from
    # large print's sheet of the same example. Normal print then shows the corner that holds it.
    plan = plan_of(chosen) if options.large_print else cornered(plan_of(chosen))
    if plan.legible_name and not keeps_to_one_sheet(options, plan):
        # The naming grid's larger cells took the sheet onto a third page: its usual cells, if that keeps it to one.
        usual = _chosen_plan(options, lang, candidates, examples, legible=False)
        if keeps_to_one_sheet(options, usual):
            return usual
    return plan


def to_front(document: Document, options: PrintOptions) -> None:
    """Leaves the next page blank if it would be the back of a sheet printed on both sides: a rule sheet starts on a
    front, so that its own back is the other side of the same sheet of paper (in a kit's file after 3 boards two
    to a page and 3 score sheets, it would start on page 6, the back of the score sheets' last). The page says, small,
    in its middle, that it is blank on purpose, so that a teacher does not take it for a misprint."""
    if document.pages % 2:
        width, height = document.paper.size_mm
        label = Vocabulary(options.language).label("common.blank_page")
        draw_label(
            document.canvas, label, width / 2, height / 2, SMALL_PT * scale_of(options.large_print), align="centre"
        )
        document.end_page(blank=True)


def rules_document(options: PrintOptions, examples: tuple[CheckedExample, ...]) -> Rendered:
    """Returns the rule sheet, one language after the other for en+fr."""
    document = new_document(
        options, joined(options, "rules.document_title"), joined(options, "rules.subject"), kind="rules"
    )
    # Each language on a front of its own: printed on both sides, a sheet of three pages in English put the French
    # front on its back (review dz89, 16). A page left blank there is in no part.
    spans = add_rules(document, options, examples, on_front=True, option="--example")  # the rules command's option
    codes = options.language.codes
    parts = [(LANGUAGE_NAMES[code], first, last) for code, (first, last) in zip(codes, spans, strict=True)]
    return finished(document, tuple(parts) if len(codes) > 1 else ())
