"""Holds every layout constant in one place: lengths in millimetres, font sizes in points."""

from __future__ import annotations

import enum

from sos_print.engine.frozen import frozen

MM = 72.0 / 25.4  # points per millimetre


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


# Every mark stays at least 12 mm from the paper's edge, so that no printer clips it; the
# drawing area keeps a little more.
MARGIN = 15.0

# Type sizes (points) at normal size; --large-print multiplies every one by LARGE_PRINT.
LARGE_PRINT = 1.5


def scale_of(large_print: bool) -> float:
    """Returns the factor every type size is multiplied by."""
    return LARGE_PRINT if large_print else 1.0


TITLE_PT = 20.0
SUBTITLE_PT = 12.5
BODY_PT = 11.0
LABEL_PT = 13.0  # grid coordinates
SMALL_PT = 8.5
NOTES_PT = 10.0  # body text of documents for adults: teacher notes, rule sheets
LEADING = 1.28  # line height as a multiple of the type size

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

# Scoring audit.
AUDIT_ROW = 9.0  # the height a row takes when the page has room
AUDIT_MIN_ROW = 8.0  # a row may shrink to this to keep an audit on one page
AUDIT_HEAD_PAD = 1.6
AUDIT_FILL_GREY = 0.88
AUDIT_LINE_PT = 0.6

# Teacher page.
CALIBRATION_MM = 100.0
DIAGRAM_CELL = 9.0  # cell of a worked-example diagram (mm)
DIAGRAM_LETTER_PT = 14.0
SEGMENT_PT = 2.2
NEW_LETTER_RING_PT = 1.4
GREY = 0.45
