"""Tests where a diagram names its lines: outside the grid, clear of the coordinates and of each other, and a
diagonal's name by the end of its drawn line, joined to it by a leader, never beside a row's or a column's labels."""

from __future__ import annotations

import re
from itertools import product

import pytest
from pdfread import pages
from rendered import rendered
from test_replay import MM_PT, boards

from sos_print.engine.grid import Cell, Segment
from sos_print.engine.notation import Notation, parse_cell, parse_segment
from sos_print.engine.rules import Board
from sos_print.pdf.grids import TAG_GAP, label_gutters, segment_tags
from sos_print.plans.grids import grid_plan
from sos_print.plans.layout import Paper
from sos_print.plans.options import Language, PrintOptions

CELL = 10.0
TAG_PT = 8.0
LABEL_PT = 8.0


def diagonals(size: int) -> list[Segment]:
    """Returns every three-cell diagonal of a board, in both directions."""
    found = []
    for col, row in product(range(size - 2), range(size - 2)):
        found.append(Segment.between(Cell(col, row), Cell(col + 2, row + 2)))
        found.append(Segment.between(Cell(col, row + 2), Cell(col + 2, row)))
    return found


def centre(cell: Cell) -> tuple[float, float]:
    """Returns the centre of a cell (mm from the grid's lower-left corner), where a drawn line ends."""
    return (cell.col + 0.5) * CELL, (cell.row + 0.5) * CELL


def among_labels(box, grid, side: float) -> str:
    """Says where a box sits among the coordinate labels: beside a labelled side within its length, or in the strip
    a side's labels are read along (level with the column letters, in line with the row numbers)."""
    sides = grid.label_sides
    if "left" in sides and box.right <= 0 and box.top > 0 and box.y < side:
        return "beside the row labels on the left"
    if "right" in sides and box.x >= side and box.top > 0 and box.y < side:
        return "beside the row labels on the right"
    if "bottom" in sides and box.top <= 0 and box.right > 0 and box.x < side:
        return "beside the column labels below"
    if "top" in sides and box.y >= side and box.right > 0 and box.x < side:
        return "beside the column labels above"
    across, up = label_gutters(grid, LABEL_PT)
    strips = {
        "left": box.x < 0 and box.right > -across,
        "right": box.x < side + across and box.right > side,
        "bottom": box.y < 0 and box.top > -up,
        "top": box.y < side + up and box.top > side,
    }
    return next((f"in line with the labels {name}" for name in sides if strips[name]), "")


def exit_sides(line: Segment, size: int) -> list[set[str]]:
    """Returns, for each end of the line, the sides the line drawn on past it leaves the grid by (two at a corner),
    worked out here cell by cell apart from the program's exits."""
    found = []
    for end, other in ((line.start, line.end), (line.end, line.start)):
        step = (end.col - other.col) // 2, (end.row - other.row) // 2  # rows counted up from the bottom
        col, row = end.col, end.row
        while 0 <= col + step[0] < size and 0 <= row + step[1] < size:
            col, row = col + step[0], row + step[1]
        sides = set()
        if col + step[0] < 0 or col + step[0] >= size:
            sides.add("left" if step[0] < 0 else "right")
        if row + step[1] < 0 or row + step[1] >= size:
            sides.add("bottom" if step[1] < 0 else "top")
        found.append(sides)
    return found


def boxed_in(line: Segment, size: int, labelled: tuple[str, ...]) -> bool:
    """Tells whether the line, drawn on past either end, leaves the grid by one labelled side: no end of it is free
    of coordinates, and its name must sit beyond them."""
    return all(len(sides) == 1 and sides <= set(labelled) for sides in exit_sides(line, size))


def cells_crossed(a: tuple[float, float], b: tuple[float, float], size: int) -> set[tuple[int, int]]:
    """Returns the cells of the grid (column, row from the bottom) whose inside the segment from a to b passes
    through, found by sampling it finely: points on a cell's border belong to none."""
    found = set()
    for k in range(1001):
        x, y = a[0] + (b[0] - a[0]) * k / 1000, a[1] + (b[1] - a[1]) * k / 1000
        col, row = int(x // CELL), int(y // CELL)
        inside = min(x - col * CELL, (col + 1) * CELL - x, y - row * CELL, (row + 1) * CELL - y) > 1e-3
        if inside and 0 <= col < size and 0 <= row < size:
            found.add((col, row))
    return found


def runs_on(a: tuple[float, float], b: tuple[float, float], line: Segment) -> bool:
    """Tells whether the segment from a to b lies on the line drawn on past its end cells (collinear with it)."""
    (x0, y0), (x1, y1) = centre(line.start), centre(line.end)
    beyond = []
    for x, y in (a, b):
        if abs((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)) > 1e-6:
            return False
        t = ((x - x0) * (x1 - x0) + (y - y0) * (y1 - y0)) / ((x1 - x0) ** 2 + (y1 - y0) ** 2)
        beyond.append(t < -0.25 - 1e-6 or t > 1.25 + 1e-6)  # past the end cells' outer corners
    return any(beyond)


def past_end(box, line: Segment, size: int) -> list[Cell]:
    """Returns the ends of the line inside the grid (the next cell along it is on the board) whose outer corner the
    box touches with its own corner, lying beyond it, along the line's direction: the name sits just past that end."""
    found = []
    for end, other in ((line.start, line.end), (line.end, line.start)):
        step = (end.col - other.col) // 2, (end.row - other.row) // 2  # rows counted up from the bottom
        if not (0 <= end.col + step[0] < size and 0 <= end.row + step[1] < size):
            continue
        x, y = centre(end)
        cx, cy = x + step[0] * CELL / 2, y + step[1] * CELL / 2
        near_x = box.x if step[0] > 0 else box.right
        near_y = box.y if step[1] > 0 else box.top
        if abs(near_x - cx) < 1e-6 and abs(near_y - cy) < 1e-6:
            found.append(end)
    return found


def check_tag(tag, line: Segment, grid, picture: str, alone: bool = True) -> None:
    """Holds one diagonal's name to where its line ends: outside the grid, joined by a leader to a corner of the
    name's frame, among no coordinate labels (beyond them, for a line with no end free of them). The leader starts at
    an end of the line on the grid's edge, or for an end inside the grid at the edge the line would reach; it never
    passes through a cell off its line, and never runs on along its line (which would look a cell longer)."""
    side, box = grid.size * CELL, tag.box
    if tag.leader is None:  # named just past an end inside the grid, in line with it
        assert past_end(box, line, grid.size), f"neither outside the grid nor just past an inner end: {picture}"
        return
    assert box.right <= 0 or box.x >= side or box.top <= 0 or box.y >= side, f"inside the grid: {picture}"
    own = {(cell.col, cell.row) for cell in (line.start, line.end, line.middle)}
    for a, b in zip(tag.leader, tag.leader[1:], strict=False):
        stray = cells_crossed(a, b, grid.size) - own
        assert not stray, f"the leader crosses the cells {sorted(stray)}: {picture}"
        assert not runs_on(a, b, line), f"the leader runs on along its line from {a} to {b}: {picture}"
    start, corner = tag.leader[0], tag.leader[-1]
    ends = [centre(line.start), centre(line.end)]
    on_edge = min(abs(start[0]), abs(start[0] - side), abs(start[1]), abs(start[1] - side)) < 1e-6
    at_end = any(abs(x - start[0]) + abs(y - start[1]) < 1e-6 for x, y in ends)
    assert at_end or on_edge, f"the leader starts neither at the line's end nor at the grid's edge: {picture}"
    if on_edge:  # from where the line drawn on leaves the grid
        assert any(runs_on(start, end, line) or cells_crossed(start, end, grid.size) <= own for end in ends), (
            f"the leader starts away from where the line leaves the grid: {picture}"
        )
    corners = [(x, y) for x in (box.x, box.right) for y in (box.y, box.top)]
    assert min(abs(x - corner[0]) + abs(y - corner[1]) for x, y in corners) < 1e-6, f"leader apart: {picture}"
    across, up = label_gutters(grid, LABEL_PT)  # at a corner, the name goes beyond both sides' labels
    out_x, out_y = max(0.0, -corner[0], corner[0] - side), max(0.0, -corner[1], corner[1] - side)
    near = out_x <= across + TAG_GAP + 1e-6 and out_y <= up + TAG_GAP + 1e-6
    assert near or not alone, f"name far from the edge: {picture}"
    where = among_labels(box, grid, side)
    if boxed_in(line, grid.size, grid.label_sides):
        assert not where.startswith("in line with"), f"the name sits {where}: {picture}"
    else:
        assert not where, f"the name sits {where}: {picture}"


CASES = [(size, notation, line) for size in range(3, 9) for notation in Notation for line in diagonals(size)]


@pytest.mark.parametrize(("size", "notation", "line"), CASES, ids=lambda v: str(v))
def test_a_diagonals_name_is_joined_to_the_end_of_its_line_and_among_no_labels(size, notation, line):
    grid = grid_plan(Board.empty(size), notation, segments=(line,))
    (tag,) = segment_tags(grid, 0.0, 0.0, CELL, TAG_PT, LABEL_PT)
    # The column letters stay where counting starts and the row numbers on the left, whatever the line (FR 14).
    assert grid.label_sides == (("left", "top") if notation is Notation.L1C1 else ("left", "bottom"))
    check_tag(tag, line, grid, f"{line} on {size} × {size} ({notation.value}): {tag.box}, leader {tag.leader}")


def named(notation: Notation, *names: str) -> tuple[Segment, ...]:
    return tuple(parse_segment(name, 4, notation) for name in names)


# Diagrams with several diagonals: the worked example "First to 3" in each notation (its two diagonals once ended
# among the row labels), and two whose names once moved the column letters above the grid.
DIAGRAMS = [
    (Notation.L1C1, named(Notation.L1C1, "L1C1-L3C3", "L1C3-L3C1", "L1C1-L1C3", "L3C1-L3C3")),
    (Notation.A1, named(Notation.A1, "A4-C2", "A2-C4", "A4-C4", "A2-C2")),
    (Notation.A1, named(Notation.A1, "A3-C1", "B1-D3")),
]


@pytest.mark.parametrize(("notation", "lines"), DIAGRAMS, ids=lambda v: str(v))
def test_the_names_of_several_lines_keep_to_their_ends_and_clear_of_each_other(notation, lines):
    grid = grid_plan(Board.empty(4), notation, segments=lines)
    tags = segment_tags(grid, 0.0, 0.0, CELL, TAG_PT, LABEL_PT)
    for tag, line in zip(tags, lines, strict=True):
        if line.start.col != line.end.col and line.start.row != line.end.row:
            check_tag(tag, line, grid, f"{tag.name} with {[t.name for t in tags]}: {tag.box}", alone=False)
    for k, tag in enumerate(tags):
        for other in tags[k + 1 :]:
            box, them = tag.box, other.box
            apart = box.right <= them.x or them.right <= box.x or box.top <= them.y or them.top <= box.y
            assert apart, f"{tag.name} covers {other.name}"


def free_end_nearby(line: Segment, size: int, labelled: tuple[str, ...]) -> list[tuple[float, float]]:
    """Returns where the leader starts for each end of the line from which it, drawn on, leaves the grid within a cell
    by a corner without coordinates on either side (worked out here cell by cell, apart from the program's exits):
    the end's centre, or the grid's corner a cell past it."""
    found = []
    for end, other in ((line.start, line.end), (line.end, line.start)):
        step = (end.col - other.col) // 2, (end.row - other.row) // 2  # rows counted up from the bottom
        col, row, crossed = end.col, end.row, 0
        while 0 <= col + step[0] < size and 0 <= row + step[1] < size:
            col, row, crossed = col + step[0], row + step[1], crossed + 1
        sides = set()
        if col + step[0] < 0 or col + step[0] >= size:
            sides.add("left" if step[0] < 0 else "right")
        if row + step[1] < 0 or row + step[1] >= size:
            sides.add("bottom" if step[1] < 0 else "top")
        if crossed <= 1 and len(sides) == 2 and not sides & set(labelled):
            # The leader starts at the end's centre, or past a cell it may not cross, at the grid's corner.
            x, y = centre(end)
            found.append(
                (x + step[0] * (crossed + 0.5) * CELL, y + step[1] * (crossed + 0.5) * CELL) if crossed else (x, y)
            )
    return found


@pytest.mark.parametrize(("size", "notation", "line"), CASES, ids=lambda v: str(v))
def test_a_diagonal_with_an_end_by_unlabelled_sides_is_named_there_not_under_the_coordinates(size, notation, line):
    # "A1-C3" under the column letters, below-left of the grid, reads as far from its line (EN 39, FR C21): where
    # the other end leaves the grid by a corner without labels, a cell away at most, the name sits there.
    grid = grid_plan(Board.empty(size), notation, segments=(line,))
    (tag,) = segment_tags(grid, 0.0, 0.0, CELL, TAG_PT, LABEL_PT)
    free = free_end_nearby(line, size, grid.label_sides)
    if free and tag.leader is None:  # just past an inner end a cell from that corner, no free end on the edge passed
        assert past_end(tag.box, line, size), f"{line}: {tag.box}"
        ends = [centre(line.start), centre(line.end)]
        assert not [p for p in free if any(abs(p[0] - x) + abs(p[1] - y) < 1e-6 for x, y in ends)], f"{line}: {free}"
    elif free:
        start = tag.leader[0]
        ends = [centre(line.start), centre(line.end)]
        # A corner a cell past an inner end no name fits past (in a cell it covered the grid's lines, review 34): the
        # name goes by the line's other end, on the grid's edge (issue 23: off that corner it hung far from C3).
        a_cell_past = not [p for p in free if any(abs(p[0] - x) + abs(p[1] - y) < 1e-6 for x, y in ends)]
        by_end = a_cell_past and any(abs(start[0] - x) + abs(start[1] - y) < 1e-6 for x, y in ends)
        assert by_end or any(abs(start[0] - x) + abs(start[1] - y) < 1e-6 for x, y in free), (
            f"{line} on {size} × {size}: named by the end at {start}, not by {free} ({grid.label_sides} labelled)"
        )


A1_NAME = re.compile(r"^([A-H])([1-8])-([A-H])([1-8])$")


def printed_names(data: bytes) -> list[tuple[str, tuple[float, float, float, float], tuple[float, float, float, int]]]:
    """Returns each line name a document prints in bold beside or on a diagram, as (name, its box, the diagram's
    (left, top, cell, cells a side)), in mm from the page's top-left corner: the diagram whose grid is nearest."""
    found = []
    with pages(data) as pdf:
        for page, placed in zip(pdf.pages, boards(data), strict=True):
            for word in page.extract_words(extra_attrs=["fontname"]):
                if A1_NAME.match(word["text"]) and "Bold" in word["fontname"] and placed:
                    box = tuple(word[key] / MM_PT for key in ("x0", "top", "x1", "bottom"))
                    middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
                    grid = min(
                        placed, key=lambda g: _distance(middle, (g[0], g[1], g[0] + g[2] * g[3], g[1] + g[2] * g[3]))
                    )
                    found.append((word["text"], box, grid))
    return found


def _distance(point: tuple[float, float], box: tuple[float, float, float, float]) -> float:
    dx = max(box[0] - point[0], 0.0, point[0] - box[2])
    dy = max(box[1] - point[1], 0.0, point[1] - box[3])
    return (dx * dx + dy * dy) ** 0.5


@pytest.mark.parametrize("name", ["teacher"])
def test_a_line_ending_inside_the_grid_is_named_just_past_that_end_not_off_the_grids_corner(name):
    # The key's "A1-C3" (its end C3 inside the 4 × 4 grid) hung off the grid's top-right corner, past D4, as did the
    # teacher's example 11: a name sits by its line's end, within a cell of that end's centre
    # (touching the end cell's outer corner) unless that end is on the grid's edge (named beyond it, by a leader).
    data = rendered(name, PrintOptions())
    named = printed_names(data)
    assert named, "no line is named"
    for text, box, (left, top, cell, size) in named:
        cols = "ABCDEFGH"
        a, b, c, d = A1_NAME.match(text).groups()
        ends = [(cols.index(a), int(b) - 1), (cols.index(c), int(d) - 1)]  # rows from the bottom
        centres = [(left + (col + 0.5) * cell, top + (size - row - 0.5) * cell) for col, row in ends]
        near = min(range(2), key=lambda k: _distance(centres[k], box))
        (col, row), (other_col, other_row) = ends[near], ends[1 - near]
        step = ((col > other_col) - (col < other_col), (row > other_row) - (row < other_row))
        on_edge = not (0 <= col + step[0] < size and 0 <= row + step[1] < size)
        # A row whose other end is by the row numbers: named on the side without them, level with its row (beyond
        # the numbers, "A1-C1 1" read as one string, issue 23).
        far_side = row == other_row and 0 in (col, other_col) and box[0] >= left + size * cell
        # Neither end on the edge, no room in a cell past either (a name there covered the grid's lines, review 34):
        # outside the grid where the line drawn on leaves it, a cell past its end.
        other_step = (-step[0], -step[1])
        inner = 0 <= other_col + other_step[0] < size and 0 <= other_row + other_step[1] < size
        outside = box[2] <= left or box[0] >= left + size * cell or box[3] <= top or box[1] >= top + size * cell
        next_out = inner and outside and _distance(centres[near], box) <= 2 * cell
        assert on_edge or far_side or next_out or _distance(centres[near], box) <= cell, (text, box, centres[near])


@pytest.mark.parametrize(
    "options",
    [
        PrintOptions(),
        PrintOptions(size=6, paper=Paper.LETTER),
        PrintOptions(language=Language.FR, large_print=True),
        PrintOptions(size=5, language=Language.FR, large_print=True),
    ],
    ids=["en-4", "en-6-letter", "fr-4-large", "fr-5-large"],
)
def test_the_keys_line_names_stand_outside_their_board_clear_of_its_frame(options):
    # The key's "B3-B5" sat in the empty cell B6 of a 6 x 6 board, its "A2-A4" on the frame of a large-print 4 x 4:
    # each name stands outside its board, its frame 2 mm from the grid's edge: its letters' boxes, which reach below
    # the baseline by the font's descent, 0.8 mm at least (0.15 mm, on the frame, before).
    named = printed_names(rendered("answers", options))
    assert named, "no line is named"
    for text, (x0, top, x1, bottom), (left, upper, cell, size) in named:
        side = cell * size
        apart = max(left - x1, x0 - left - side, upper - bottom, top - upper - side)
        assert apart >= 0.8, (text, round(apart, 2))


def label_boxes(grid, side: float) -> list[tuple[str, float, float, float, float]]:
    """Returns each coordinate label's box (text, left, bottom, right, top, mm from the grid's lower-left corner),
    placed as the board draws them on its labelled sides."""
    from sos_print.pdf.draw import CAP_HEIGHT
    from sos_print.pdf.fonts import REGULAR
    from sos_print.pdf.textflow import width_of
    from sos_print.plans.layout import LABEL_GAP, MM

    across, _ = label_gutters(grid, LABEL_PT)
    cap = CAP_HEIGHT * LABEL_PT / MM
    found = []
    for k, text in enumerate(grid.col_labels):
        half = width_of(text, REGULAR, LABEL_PT) / MM / 2
        cx = (k + 0.5) * CELL
        for name, cy in (("bottom", -LABEL_GAP - cap / 2), ("top", side + LABEL_GAP + cap / 2)):
            if name in grid.label_sides:
                found.append((text, cx - half, cy - cap / 2, cx + half, cy + cap / 2))
    for k, text in enumerate(grid.row_labels):
        half = width_of(text, REGULAR, LABEL_PT) / MM / 2
        cy = side - (k + 0.5) * CELL
        for name, cx in (("left", -across / 2 - LABEL_GAP / 2), ("right", side + across / 2 + LABEL_GAP / 2)):
            if name in grid.label_sides:
                found.append((text, cx - half, cy - cap / 2, cx + half, cy + cap / 2))
    return found


def crossings(size: int) -> list[tuple[Segment, Segment]]:
    """Returns every pair of three-cell diagonals that cross at their middle cell (an O scoring two lines at once)."""
    return [(a, b) for a in diagonals(size) for b in diagonals(size) if a.middle == b.middle and a != b and a < b]


KEY_CASES = [
    (size, notation, lines)
    for size in range(4, 7)
    for notation in Notation
    for lines in [*((line,) for line in diagonals(size)), *crossings(size)]
]


@pytest.mark.parametrize(("size", "notation", "lines"), KEY_CASES, ids=lambda v: str(v))
def test_the_keys_diagonal_names_leave_the_grid_between_labels_and_stand_clear_of_frame_and_labels(
    size, notation, lines
):
    # The key's "A1-C3" and "A3-C1" sat under the column letters of a 4 × 4 board, 7 to 12 mm off, their leaders
    # crossing the frame and brushing the letter "C" (issue 23, review 5): a name outside the grid stands 2 mm at
    # least off its frame, over no coordinate label, and its leader runs along its line to the edge, then passes
    # 1 mm at least from every label.
    grid = grid_plan(Board.empty(size), notation, segments=lines)
    side = size * CELL
    labels = label_boxes(grid, side)
    tags = segment_tags(grid, 0.0, 0.0, CELL, TAG_PT, LABEL_PT, outside=True)
    for tag, line in zip(tags, lines, strict=True):
        box, picture = tag.box, f"{tag.name} on {size} × {size} ({notation.value}): {tag.box}, leader {tag.leader}"
        apart = max(-box.right, box.x - side, -box.top, box.y - side)
        assert apart >= TAG_GAP - 1e-6, f"{round(apart, 2)} mm off the frame: {picture}"
        for text, left, bottom, right, top in labels:
            clear = box.right <= left or right <= box.x or box.top <= bottom or top <= box.y
            assert clear, f"over the label {text}: {picture}"
        assert tag.leader is not None
        (x0, y0), (x1, y1) = centre(line.start), centre(line.end)
        for a, b in zip(tag.leader, tag.leader[1:], strict=False):
            for k in range(201):
                px, py = a[0] + (b[0] - a[0]) * k / 200, a[1] + (b[1] - a[1]) * k / 200
                if 0 < px < side and 0 < py < side:  # inside the grid: on the line drawn on, nowhere else
                    assert abs((x1 - x0) * (py - y0) - (y1 - y0) * (px - x0)) < 1e-6, f"off its line: {picture}"
                for text, left, bottom, right, top in labels:
                    gap = max(left - px, px - right, bottom - py, py - top)
                    assert gap >= 1.0, f"the leader passes {round(gap, 2)} mm from the label {text}: {picture}"
    for k, tag in enumerate(tags):
        for other in tags[k + 1 :]:
            box, them = tag.box, other.box
            assert box.right <= them.x or them.right <= box.x or box.top <= them.y or them.top <= box.y


def test_the_keys_diagonal_name_leaves_by_an_end_whose_way_out_crosses_no_letter():
    # On the 6 × 6 key, "C1-E3" was named past F4 through the O written there: its leader ran through a letter.
    from sos_print.engine.rules import Letter

    lines = named_on(6, "C1-E3", "C3-E1")
    board = Board.empty(6).with_letter(parse_cell("F4", 6), Letter.parse("O"))
    grid = grid_plan(board, Notation.A1, segments=lines)
    tags = segment_tags(grid, 0.0, 0.0, CELL, TAG_PT, LABEL_PT, outside=True)
    f4 = (5.5 * CELL, 3.5 * CELL)
    for tag in tags:
        for a, b in zip(tag.leader, tag.leader[1:], strict=False):
            for k in range(201):
                px, py = a[0] + (b[0] - a[0]) * k / 200, a[1] + (b[1] - a[1]) * k / 200
                assert abs(px - f4[0]) > CELL / 2 or abs(py - f4[1]) > CELL / 2, f"{tag.name} crosses F4's O"


def named_on(size: int, *names: str) -> tuple[Segment, ...]:
    return tuple(parse_segment(name, size, Notation.A1) for name in names)


ANY_NAME = re.compile(r"^(?:[A-H][1-8]|L[1-8]C[1-8])[-–](?:[A-H][1-8]|L[1-8]C[1-8])$")
COORDINATE = re.compile(r"^(?:[1-8]|[A-H]|L[1-8]|C[1-8])$")
BESIDE = 6.0  # mm: a coordinate label level with a line name nearer than this across read as one string with it


def names_beside_labels(data: bytes) -> list[str]:
    """Returns each line name (bold) outside the grids that stands level with a coordinate label (regular), its box
    overlapping the label's up the page by half a line at least, less than BESIDE mm away across, as "page: name ~
    label, gap" (a name inside a grid has its frame between it and the labels)."""
    found = []
    with pages(data) as pdf:
        for number, (page, placed) in enumerate(zip(pdf.pages, boards(data), strict=True), start=1):
            words = page.extract_words(extra_attrs=["fontname"])

            names = [w for w in words if ANY_NAME.match(w["text"]) and "Bold" in w["fontname"] and _outside(w, placed)]
            labels = [w for w in words if COORDINATE.match(w["text"]) and "Bold" not in w["fontname"]]
            for name in names:
                for label in labels:
                    level = min(name["bottom"], label["bottom"]) - max(name["top"], label["top"])
                    across = max(label["x0"] - name["x1"], name["x0"] - label["x1"]) / MM_PT
                    if (
                        level > min(name["bottom"] - name["top"], label["bottom"] - label["top"]) / 2
                        and across < BESIDE
                    ):
                        found.append(f"p{number}: {name['text']} ~ {label['text']}, {across:.1f} mm")
    return found


def _outside(word: dict, placed: list[tuple[float, float, float, int]]) -> bool:
    """Tells whether a word stands outside every board of its page."""
    x, y = (word["x0"] + word["x1"]) / 2 / MM_PT, (word["top"] + word["bottom"]) / 2 / MM_PT
    return not any(0 < x - left < cell * n and 0 < y - top < cell * n for left, top, cell, n in placed)


def key_of_thirty_sheets() -> bytes:
    """Returns the answer key of 30 mixed 4 x 4 sheets of six puzzles, seed 1 (`puzzles --copies 30`): on sheets 1
    and 30 a row's name stood beyond the row numbers."""
    from sos_print.documents.registry import Inputs, document
    from sos_print.engine.puzzles import puzzle_sheets

    sheets = puzzle_sheets(None, 4, 6, 30, 1)
    return document("answers").make(PrintOptions(), Inputs(sheets=sheets), None).data


@pytest.mark.parametrize(
    "make",
    [
        key_of_thirty_sheets,
        lambda: rendered("rules", PrintOptions(size=8, notation=Notation.L1C1)),
        lambda: rendered("teacher", PrintOptions()),
        lambda: rendered("teacher", PrintOptions(notation=Notation.L1C1, large_print=True)),
        lambda: rendered("replay", PrintOptions(language=Language.FR), "07-target-score.toml"),
    ],
    ids=["key-30-sheets", "rules-8-l1c1", "teacher", "teacher-l1c1-large", "replay-07-fr"],
)
def test_no_line_name_stands_level_with_a_coordinate_label_beside_it(make):
    # "A1-C1" beyond the row number "1", 2.3 mm from it on its baseline, read "A1-C1 1" (the key of 30 sheets, pages 3
    # and 38), "L7C1-L7C3" beside "L7" on the 8 x 8 rule sheet (issue 23, review 33, finding 2.1): a row is named on
    # the side without numbers, and no name stands level with a coordinate label within BESIDE mm.
    assert names_beside_labels(make()) == []


@pytest.mark.parametrize(
    ("line", "other", "kind"),
    [
        ("A4-C2", "A4-C4", "faint"),
        ("A4-C2", "A4-C4", "segments"),
        ("A4-C2", "A2-A4", "faint"),
        ("A4-C2", "A2-A4", "segments"),
    ],
)
def test_a_diagonals_leader_leaves_its_end_cell_along_no_row_or_column_scored_through_it(line, other, kind):
    # Replay 07 in French: the leader of "A4-C2" left A4 straight out to the left, on from the dashed row A4-C4, and
    # read as that row's (issue 23, review 33, finding 2.1): it leaves its end cell by a side no other line runs
    # along, or by the cell's outer corner.
    lines = {"segments": named_on(4, line), "faint": ()}
    if kind == "faint":
        lines["faint"] = named_on(4, other)
    else:
        lines["segments"] = named_on(4, line, other)
    grid = grid_plan(Board.empty(4), Notation.A1, segments=lines["segments"], faint=lines["faint"])
    tag = segment_tags(grid, 0.0, 0.0, CELL, TAG_PT, LABEL_PT)[0]
    assert tag.name == line and tag.leader is not None
    (x0, y0), (x1, y1) = tag.leader[:2]
    drawn = parse_segment(other, 4, Notation.A1)
    (a, b), (c, d) = centre(drawn.start), centre(drawn.end)
    on_it = abs((c - a) * (y0 - b) - (d - b) * (x0 - a)) < 1e-6  # the leader starts in a cell of the other line
    assert on_it, "the case does not put the leader's start on the other line"
    assert abs((c - a) * (y1 - y0) - (d - b) * (x1 - x0)) > 1e-6, f"on along {other}: {tag.leader}"


def _black(item: dict) -> bool:
    colour = item.get("stroking_color")
    return colour is not None and all(value == 0 for value in (colour if isinstance(colour, tuple) else (colour,)))


def grid_strokes(page) -> list[tuple[float, float, float, float]]:
    """Returns every line a grid draws (black: its cells' lines and its frame's sides) as (x0, top, x1, bottom)."""
    found = [(line["x0"], line["top"], line["x1"], line["bottom"]) for line in page.lines if _black(line)]
    for r in page.rects:
        if _black(r) and r["stroke"] and not r["fill"] and r["width"] > 20 and abs(r["width"] - r["height"]) < 0.5:
            x0, top, x1, bottom = r["x0"], r["top"], r["x1"], r["bottom"]
            found += [(x0, top, x0, bottom), (x1, top, x1, bottom), (x0, top, x1, top), (x0, bottom, x1, bottom)]
    return found


def name_boxes(page) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Returns each line name drawn on the page with the frame round it (x0, top, x1, bottom)."""
    found = []
    for word in page.extract_words(extra_attrs=["fontname"]):
        if "Bold" not in word["fontname"] or not re.fullmatch(r"([A-H]\d|L\dC\d)-([A-H]\d|L\dC\d)", word["text"]):
            continue
        middle = (word["top"] + word["bottom"]) / 2
        frames = [
            c for c in page.curves
            if c["x0"] <= word["x0"] and word["x1"] <= c["x1"] and c["top"] <= middle <= c["bottom"]
            and c["width"] < word["x1"] - word["x0"] + 20
        ]  # fmt: skip
        assert frames, f"{word['text']} has no frame"
        frame = min(frames, key=lambda c: c["width"])
        found.append((word["text"], (frame["x0"], frame["top"], frame["x1"], frame["bottom"])))
    return found


def clearance(box: tuple[float, float, float, float], stroke: tuple[float, float, float, float]) -> float:
    """Returns the distance (points) between a box and a straight stroke, 0 where they meet."""
    dx = max(0.0, stroke[0] - box[2], box[0] - stroke[2])
    dy = max(0.0, stroke[1] - box[3], box[1] - stroke[3])
    return (dx * dx + dy * dy) ** 0.5


def _replay(name: str, language: Language, paper: Paper, every: int = 0) -> bytes:
    from rendered import game, weighed

    from sos_print.documents.replay import replay_document

    played = game(name)
    options = PrintOptions(
        language=language, paper=paper, large_print=True, size=played.example.size, variant=played.example.variant
    )
    return replay_document(options, played, weighed(name), every).data


def _rules(language: Language, paper: Paper) -> bytes:
    from rendered import shipped_examples

    from sos_print.documents.rulesheet import rules_document

    return rules_document(PrintOptions(language=language, paper=paper, large_print=True), shipped_examples()).data


LARGE_PRINT_NAMED = {
    "replay 11, French, A4": lambda: _replay("11-team-first-sos-wins.toml", Language.FR, Paper.A4),
    "replay 11, English, Letter": lambda: _replay("11-team-first-sos-wins.toml", Language.EN, Paper.LETTER),
    "replay 09 every move, Letter": lambda: _replay("09-team-sos.toml", Language.EN, Paper.LETTER, every=1),
    "replay 03, French, Letter": lambda: _replay("03-o-in-the-gap.toml", Language.FR, Paper.LETTER),
    "rules, French, Letter": lambda: _rules(Language.FR, Paper.LETTER),
    "rules, English, A4": lambda: _rules(Language.EN, Paper.A4),
}


@pytest.mark.parametrize("made", list(LARGE_PRINT_NAMED))
def test_no_large_print_line_name_touches_a_grid_line(made):
    # In large print a name set in the cell past its line's end filled the cell, on its lines and the board's frame
    # (« A1-C3 » in D4 of replay 11 in French, « A2-C2 » in D2 of the French rule sheet on Letter; issue 23, review 33,
    # 1.2): a name keeps CELL_CLEARANCE from every line of the grid, inside a cell or outside the board.
    from sos_print.pdf.grids import CELL_CLEARANCE

    with pages(LARGE_PRINT_NAMED[made]()) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            strokes = grid_strokes(page)
            for name, box in name_boxes(page):
                nearest = min((clearance(box, stroke) for stroke in strokes), default=1000.0) / MM_PT
                assert nearest >= 0.5, f"page {number}: {name} {nearest:.2f} mm from a grid line"
                assert nearest >= min(CELL_CLEARANCE, TAG_GAP) - 0.3, f"page {number}: {name} {nearest:.2f} mm"


def board_frames(page) -> list[tuple[float, float, float, float]]:
    """Returns each board's frame, the black square drawn round its grid, as (x0, top, x1, bottom)."""
    return [
        (r["x0"], r["top"], r["x1"], r["bottom"])
        for r in page.rects
        if _black(r) and r["stroke"] and not r["fill"] and r["width"] > 20 and abs(r["width"] - r["height"]) < 0.5
    ]


NAMED = {
    "replay 11": lambda: rendered("replay", PrintOptions(), "11-team-first-sos-wins.toml"),
    "replay 11, French": lambda: rendered("replay", PrintOptions(language=Language.FR), "11-team-first-sos-wins.toml"),
    "replay 11, Letter": lambda: rendered("replay", PrintOptions(paper=Paper.LETTER), "11-team-first-sos-wins.toml"),
    "replay 11, French, Letter": lambda: rendered(
        "replay", PrintOptions(language=Language.FR, paper=Paper.LETTER), "11-team-first-sos-wins.toml"
    ),
    "replay 07": lambda: rendered("replay", PrintOptions(), "07-target-score.toml"),
    "rules": lambda: rendered("rules", PrintOptions()),
    "rules, French, Letter": lambda: rendered("rules", PrintOptions(language=Language.FR, paper=Paper.LETTER)),
    "rules, 8 x 8, L1C1": lambda: rendered("rules", PrintOptions(size=8, notation=Notation.L1C1)),
    "answer key": lambda: rendered("answers", PrintOptions()),
}


@pytest.mark.parametrize("made", list(NAMED))
def test_no_line_name_straddles_a_boards_frame_or_covers_a_grid_line(made):
    # Replay 11's "A1-C3", its corner on that of its end C3 and wider than a cell, ran over the board's right frame
    # and covered the line under D4 (review 34): a name stands inside a board or wholly outside it, and clear of
    # every line of a grid (LINE_CLEARANCE inside a cell, TAG_GAP outside the frame).
    from sos_print.pdf.grids import LINE_CLEARANCE

    named = 0
    with pages(NAMED[made]()) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            frames, strokes = board_frames(page), grid_strokes(page)
            for name, (x0, top, x1, bottom) in name_boxes(page):
                named += 1
                for left, upper, right, lower in frames:
                    inside = left <= x0 and x1 <= right and upper <= top and bottom <= lower
                    apart = x1 <= left or right <= x0 or bottom <= upper or lower <= top
                    assert inside or apart, f"page {number}: {name} straddles a board's frame"
                nearest = min((clearance((x0, top, x1, bottom), stroke) for stroke in strokes), default=1000.0)
                assert nearest / MM_PT >= LINE_CLEARANCE - 0.1, f"page {number}: {name} {nearest / MM_PT:.2f} mm"
    assert named, "no line is named"


@pytest.mark.parametrize(("size", "lang"), [(7, Language.EN), (7, Language.FR), (8, Language.EN), (8, Language.FR)])
def test_a_rows_name_wider_than_a_cell_stands_outside_the_grid_level_with_its_row(size, lang):
    # The L1C1 rule sheet's "L7C1-L7C3", centred on the cell after C3, covered its S (issue 23, review 33); written
    # just past C3 inside the grid, wider than a cell, it ran across L7C4 and L7C5 over their grid line and read as
    # letters in them (review 34): it stands outside the grid, on the side without row numbers, level with its row.
    data = rendered("rules", PrintOptions(size=size, notation=Notation.L1C1, language=lang))
    row = size - 1
    name = f"L{row}C1-L{row}C3"
    found = []
    with pages(data) as pdf:
        for page, placed in zip(pdf.pages, boards(data), strict=True):
            for word in page.extract_words(extra_attrs=["fontname"]):
                if word["text"] == name and "Bold" in word["fontname"]:
                    box = tuple(word[key] / MM_PT for key in ("x0", "top", "x1", "bottom"))
                    middle = (box[1] + box[3]) / 2
                    left, top, cell, cells = next(g for g in placed if g[1] < middle < g[1] + g[2] * g[3])
                    found.append((box, left, top, cell, cells))
    assert len(found) == 1, found
    box, left, top, cell, cells = found[0]
    assert cells == size
    assert TAG_GAP <= box[0] - (left + cells * cell) <= TAG_GAP + 2.0, (box, left + cells * cell)
    middle = (box[1] + box[3]) / 2
    assert top + (row - 1) * cell < middle < top + row * cell, (box, top, cell)
