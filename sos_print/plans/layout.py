"""Holds every layout constant in one place: lengths in millimetres, font sizes in points."""

from __future__ import annotations

import enum

from sos_print.engine.errors import SosError
from sos_print.engine.frozen import frozen

MM = 72.0 / 25.4  # points per millimetre


class LayoutError(SosError):
    """Signals a page that cannot hold what was asked at the sizes the kit promises."""


class StripTextError(LayoutError):
    """Signals a text of the header strip (`what`: "class name" or "date", as `GameHeader.texts` names them) that
    the strip cannot hold: `given` characters where about `most` of its own letters fit. The command says where the
    text came from: an option (a usage error) or a file (the file's error)."""

    def __init__(self, what: str, most: int, given: int, message: str) -> None:
        self.what, self.most, self.given = what, most, given
        super().__init__(message)


class Paper(enum.Enum):
    """Names the two paper sizes, portrait."""

    A4 = "a4"
    LETTER = "letter"

    @property
    def size_mm(self) -> tuple[float, float]:
        """Returns the width and height in millimetres."""
        return {Paper.A4: (210.0, 297.0), Paper.LETTER: (215.9, 279.4)}[self]

    @property
    def size_pt(self) -> tuple[float, float]:
        """Returns the width and height in points, as the PDF page box gives them."""
        width, height = self.size_mm
        return (round(width * MM, 2), round(height * MM, 2))


@frozen
class Box:
    """Holds a rectangle on the page in millimetres, measured from the bottom-left corner."""

    x: float
    y: float
    width: float
    height: float

    @property
    def top(self) -> float:
        return self.y + self.height

    @property
    def right(self) -> float:
        return self.x + self.width

    def inset(self, left: float, bottom: float = -1, right: float = -1, top: float = -1) -> Box:
        """Returns the box shrunk on each side (one value: all sides)."""
        bottom = left if bottom < 0 else bottom
        right = left if right < 0 else right
        top = left if top < 0 else top
        return Box(self.x + left, self.y + bottom, self.width - left - right, self.height - bottom - top)


# Every mark stays at least 12 mm from the paper's edge, so that no printer clips it (but a replay's page number,
# REPLAY_FOLIO_BASELINE); the drawing area keeps a little more.
MARGIN = 15.0
# A page's number ("Page 38 of 38"): the room it may take under its top, and at the right of a running head (mm, times
# the print's scale); on the players' pages, it sits in the bottom margin, its lowest mark FOLIO_FLOOR from the edge.
FOLIO_DEPTH = 6.0
FOLIO_WIDTH = 30.0
FOLIO_FLOOR = 12.0
# A page's number rises above the bottom margin (its letters' lowest reach at FOLIO_FLOOR): a children's page keeps
# this much more at its foot (normal print, large print), so that the number stands clear of what is drawn above it.
# In normal print it rises 0.2 mm: a board keeps BOARD_FOOT and a score sheet AUDIT_FOOT more wherever some layout
# fits so (a score sheet's rows fill its page to the millimetre: a 4 x 4 one in English and French on A4 takes two
# pages with 0.3 mm less; there the page goes unnumbered). With them the number stands 2 mm clear of the board's
# Total boxes and the score sheet's table (1.2 mm from B's Total box in large print, issue 23, review 33, 2.5).
FOLIO_FOOT = (0.0, 2.0)
BOARD_FOOT = (1.2, 2.8)
AUDIT_FOOT = 2.0
# A replay's page number ("Group 3 · Page 5 of 25") stands lower, under the frame, whose page budgets hold to the
# millimetre (a footer in the frame broke them): its baseline this high (mm), where its letters, in large print too,
# stand 2 mm and more under the frame and 6 mm and more over the paper's edge, which every printer prints.
REPLAY_FOLIO_BASELINE = 9.0

# --large-print multiplies every type size by LARGE_PRINT.
LARGE_PRINT = 1.5


def page_area(paper: tuple[float, float], large_print: bool, feet: tuple[float, float] = FOLIO_FOOT) -> Box:
    """Returns where a children's page is drawn: the paper within MARGIN, its foot higher by `feet` (normal print,
    large print), clear of the page's number under it."""
    width, height = paper
    box = Box(0, 0, width, height).inset(MARGIN)
    foot = feet[large_print]
    return Box(box.x, box.y + foot, box.width, box.height - foot)


def scale_of(large_print: bool) -> float:
    """Returns the factor every type size is multiplied by."""
    return LARGE_PRINT if large_print else 1.0


# The type scale (points). Every size printed is one of these five, times LARGE_PRINT in large
# print. Each is at least 80 % of the one above it, so that a label's second language, set one
# step down, stays readable; nothing is smaller than SMALL_PT. No size of the normal scale is
# also a size of the large one (18.5 and 14.8 rather than 18 and 15), so a size alone says
# which scale it belongs to and what is one step down or up.
TITLE_PT = 18.5  # page titles
HEADING_PT = 14.8  # headings of the children's pages; letters in diagrams
BODY_PT = 12.0  # the children's text (boards, audits, rule sheet); grid coordinates; adults' headings
NOTES_PT = 10.0  # the adults' text (teacher's notes); captions on the children's pages
SMALL_PT = 9.0  # line names, move numbers, table headers: the smallest size printed
TYPE_SCALE = (TITLE_PT, HEADING_PT, BODY_PT, NOTES_PT, SMALL_PT)
LEADING = 1.28  # line height as a multiple of the type size


def _step(size: float, steps: int) -> float:
    """Returns the size `steps` places down (or up, if negative) the scale `size` belongs to, stopping at its ends."""
    found = []
    for factor in (1.0, LARGE_PRINT):
        sizes = [step * factor for step in TYPE_SCALE]
        found += [(sizes, k) for k, step in enumerate(sizes) if abs(step - size) < 1e-6]
    if len(found) != 1:
        raise ValueError(f"{size} pt is {'not on the type scale' if not found else 'on both scales'}")
    sizes, k = found[0]
    return sizes[min(max(k + steps, 0), len(sizes) - 1)]


def step_down(size: float) -> float:
    """Returns the size one step below `size` on its scale (normal or large print); the smallest stays."""
    return _step(size, 1)


def second_language(size: float) -> float:
    """Returns the size a second language is set at under words of `size`: one step down, but a child's body
    size at least (a French question under an English one must stay as readable), unless `size` is smaller."""
    return max(step_down(size), min(size, BODY_PT))


def step_up(size: float) -> float:
    """Returns the size one step above `size` on its scale (normal or large print); the largest stays."""
    return _step(size, -1)


# A label's other languages are printed one size down, in a grey dark enough to photocopy:
# 25 % grey has a contrast of 9:1 against white paper (4.5:1 is the least for small text).
SECOND_LANGUAGE_GREY = 0.25
CAPTION_GREY = 0.25

# The header strip at the top of every page: the class, the date, the group.
STRIP_GAP = 3.0  # between the strip's rule and the page title
ELSEWHERE_GAP = 8.0  # at least, between a replay's title and where its other language lies, on the title's line
STRIP_MAX_LINES = 2  # lines a class name may wrap to before it is refused
FIELD_LINE = 28.0  # length of a line to write a date or a name on
# A child's name printed from a class list sits on the line it would be written on, NAME_RISE above it, on at most
# NAME_MAX_LINES lines, shrinking to SMALL_PT before it is refused (the class name's rule).
NAME_RISE = 1.0
NAME_MAX_LINES = 2

# Player board. Cells must take a child's handwriting: at least 18 mm up to 6x6 and 15 mm
# for 7x7 and 8x8; they grow to MAX_CELL when the page allows.
MAX_CELL = 38.0


def min_cell(size: int) -> float:
    """Returns the smallest cell (mm) a board of `size` may print with."""
    return 18.0 if size <= 6 else 15.0


GRID_LINE_PT = 1.2
GRID_FRAME_PT = 2.0
LABEL_GAP = 2.5  # between the grid and its coordinate labels
TWO_UP_MAX_SIZE = 4  # two boards per page fit for 3x3 and 4x4 only
CUT_LINE_DASH = (3.0, 2.0)  # mm on, mm off

# Scoring audit. Rows take a child's handwriting: never less than AUDIT_MIN_ROW.
AUDIT_ROW = 10.0  # the height a row takes when the page has room
AUDIT_MIN_ROW = 9.0  # a row may shrink to this to keep an audit on one page
AUDIT_HEAD_PAD = 1.6
AUDIT_FILL_GREY = 0.88
AUDIT_LINE_PT = 0.6
AUDIT_COLUMNS = (13.0, 17.0, 15.0, 16.0)  # move, player, letter, cell (mm); the checked audit of a replay too
AUDIT_POINTS_COLUMN = 16.0
AUDIT_TOTAL_COLUMN = {2: 18.0, 3: 16.0, 4: 15.0}  # a replay's running total, under its own "Total A"
# "B2", or "L2C3" handwritten at 4 to 5 mm a letter. L1C1's took 30 mm, and its new lines' column, where a name is
# "L5C2-L7C2", held one name with four players (review rv62, 3): the 6 mm go to the lines.
AUDIT_CELL_COLUMN = {"A1": 16.0, "L1C1": 24.0}
# Under one "Total" spanning them, a running total's column holds its side's name and two handwritten digits.
AUDIT_SPANNED_TOTAL = {2: 14.0, 3: 13.0, 4: 12.0}
AUDIT_LINES_MIN = 30.0  # the new lines' column never gets narrower than this (mm)

# The replay of a game: its checked audit, its analysis, its diagrams.
CORRECTED_FILL_GREY = 0.94  # a cell of the checked audit that holds an error
ERROR_FRAME_PT = 1.6  # the frame inside such a cell: black and heavy, so that a cheap photocopy keeps it
ERROR_FRAME_INSET = 0.7  # mm, from the cell's edge to its frame
STRIKE_PT = 1.0  # the line through a claim the rules contradict
# The analysis's comments: where their column is narrower than this (mm, times the print's scale), a comment longer
# than a line runs on under its row's other cells, from the column of the move written to the table's right edge
# (every long comment of the table, where that saves any row a line). Beside the five columns of a weighed move it is
# (96 mm on A4 and 102 on Letter; in large print 67, where a comment ran 14 lines, now 4); beside the three of a move
# looked at only (128 mm), only in large print (116 mm at 18 pt).
ANALYSIS_RUN_IN = 110.0
# The analysis's column of the move written, by notation: "O in B2", or "O in L3C3" with air on each side (it touched
# the rules of 22 mm: review 34, P13).
ANALYSIS_PLAYED_COLUMN = {"A1": 22.0, "L1C1": 28.0}
REPLAY_PLAYER_MOST = 36.0  # the replay tables' player column at most (mm, times the print's scale): a long name wraps
# The replay's diagrams, set for children: one layout for the whole document, two a row where two fit. A cell is
# REPLAY_CELL for the board size (times the print's scale), whatever the game's length (a short game's 4 x 4 boards
# were drawn at 40 to 64 mm to save a page: review 34, P9), smaller only where two diagrams do not fit a row, and
# never below REPLAY_LEAST_CELL (normal print, large print), where the letters and the move numbers in its corner
# still stand clear of each other; in large print never below REPLAY_CELL either, so that no board is smaller than
# in normal print. An 8 x 8 board is 80 mm, two a row, its cells 10 mm: at 8 mm a class could not read its 64 cells
# and a move number's ground reached the line down its cell's middle (issue 23); two rows of two with short captions
# fit an A4 page, its lines named in the captions (review 34, H6). Letters are a size larger in cells of
# REPLAY_LETTER_CELL or more.
REPLAY_CELL = {3: 18.0, 4: 16.0, 5: 14.0, 6: 12.0, 7: 11.0, 8: 10.0}
REPLAY_LEAST_CELL = (8.0, 13.0)
REPLAY_ALONE_CELL = 10.0  # times the print's scale, at least, where one diagram stands a row (8 x 8 in large print)
REPLAY_LETTER_CELL = 12.0

# Diagrams of worked examples (teacher's notes, rule sheet).
CALIBRATION_MM = 100.0
CALIBRATION_INCHES = 4  # on Letter paper, a second bar in inches: a teacher there measures with an inch ruler
INCH_MM = 25.4
DIAGRAM_CELL = 10.0  # cell of a worked-example diagram (mm)
RULES_DIAGRAM_CELL = 11.0  # on the children's rule sheet
COORDINATE_CELL = 10.0  # the rule sheet's grid that shows how cells are named, a cell's name written in one
COORDINATE_SIDE = 45.0  # at most, so that the sheet keeps to its two sides with a board from 5 x 5 to 8 x 8
BESIDE_TEXT = 80.0  # the narrowest text set beside a diagram rather than above it
SEGMENT_PT = 2.2
# A new S-O-S line, and the frame round its name: 75 % ink. At 0.55 (45 % ink) a copier that thresholds at 50 % left
# the rule sheet's pictures without a single line, the very thing they teach (issue 23, des38 A2); the letters it
# runs behind keep a white ground, and the black grid lines stay the darker.
SEGMENT_GREY = 0.25
BADGE_RING_GREY = 0.0  # a scorer's badge's circle: black, as its letter, for the same copier
NEW_LETTER_RING_PT = 1.4
LAST_LETTER_DASH = (0.8, 0.6)  # mm on, mm off: the square around a last letter that scored nothing
# That square's line, thinner than a scored letter's frame, its outer edge where that frame's is: on 8 x 8's cells the
# frame's inside comes within 0.3 mm of its letter, and 1.4 pt dashes there read as a dotted S (review rv55, C5).
LAST_LETTER_PT = 0.8
GREY = 0.35  # move numbers in diagrams: contrast 7:1, dark enough to photocopy
# White between an answer cell's black and its cell's lines: two answer cells side by side stay two (mm).
ANSWER_MARGIN = 0.4
ANSWER_GREY = 0.12  # the answer cells of the puzzles' key: near black, a white letter in each (kept by a photocopy)
# The line from a diagonal's end to its name: at 0.7 pt, 0.55 grey, it dropped out on a cheap copier (issue 23, P5).
LEADER_PT = 1.0
LEADER_GREY = 0.3

# Puzzle sheets. The diagram's cells shrink from PUZZLE_CELL to PUZZLE_MIN_CELL to keep a sheet on
# fewer pages; children read the board, and write their answer in the boxes beside it.
PUZZLE_CELL = 12.0
PUZZLE_MIN_CELL = 10.0  # a child reads 25 to 36 letters and tries a letter in pencil: never smaller
# In large print a board grows with its letters (22.2 pt: a 5.6 mm O, 37 % of the cell's height as a 14.8 pt O is of
# a 10 mm cell): its cells shrink no further than LARGE_PRINT times normal print's least, nor than the same sheet's in
# normal print, one puzzle a row where two no longer fit. In 11 mm cells its letters nearly touched the grid lines and
# the dashed lines already made ran through them (issue 23, review rv44 A2).
PUZZLE_LARGE_MIN_CELL = 15.0
# Where that saves a page, down to 13 mm: a 22.2 pt letter there keeps more room to the grid lines than normal print's
# 14.8 pt one in its 10 mm cell, and two rows of 4 x 4 puzzles fit a page, where a sheet of twelve took six pages
# (issue 23, dz100 3).
PUZZLE_LARGE_SAVING_CELL = 13.0
PUZZLE_GAP = 5.0  # between puzzles
# The least cell (normal print, large print) of the blank grids under a page's puzzles: a child copies a puzzle there
# in pencil, in its own hand, so the grids may be smaller than the printed letters' boards (a 6 x 6 large-print
# sheet left 40 % of each page blank under boards of 15 mm cells, review rv52 B2), never under 10 mm (11 in large
# print), where a child's letter still fits a cell.
FOOT_WORKING_LEAST_CELL = (10.0, 11.0)
REMINDER_GAP = 4.0  # between the reminder's frame at the top of a sheet and its first row of puzzles
FOOTER_GAP = 2.0  # kept free between a page's last row (its coordinates, its answer boxes) and the sheet's code
ANSWER_GAP = 3.0  # between a diagram and its answer boxes
# The widths of the box for a cell's name: "B2", or "L2C3", in a child's hand; the first that prints no sheet of a set
# on more pages than the last (22 mm was short for "L2C3", issue 23, review 34 P2; 30 mm adds a page to some sheets).
ANSWER_CELL_BOXES = {"A1": (16.0,), "L1C1": (30.0, 28.0, 26.0, 22.0)}
ANSWER_LETTER_BOX = 12.0  # width of the box for the letter
ANSWER_BOX_HEIGHT = 11.0
NAME_LINE = 60.0  # the line for a child's name beside the title
PATTERN_CELL = 7.0  # the cells of the two gifts pictured at the top of a sheet
# Between those gifts and the words beside them: the closer spacing's 2 mm pad (less the frames' half width), about
# 1 mm, had the large-print pictures touch the text (issue 23, review 34 P7).
PATTERN_GUTTER = 3.0
KEY_CELL = 8.0  # the diagrams of the answer key: small, so that a sheet's six puzzles fit on a page
