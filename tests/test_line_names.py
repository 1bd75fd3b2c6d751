"""Tests where a diagram names its lines: outside the grid, clear of the coordinates and of each other, and a
diagonal's name by the end of its drawn line, joined to it by a leader, never beside a row's or a column's labels."""

from __future__ import annotations

import math
import re
from functools import cache
from itertools import product

import pytest
from pdfread import joined_lines, pages, texts
from rendered import puzzle_set, rendered
from test_replay import MM_PT, boards, record_document

from sos_print.engine.grid import Cell, Segment
from sos_print.engine.notation import Notation, parse_cell, parse_segment, segment_name
from sos_print.engine.rules import Board, Variant
from sos_print.pdf.grids import TAG_GAP, label_gutters, segment_tags
from sos_print.plans.grids import grid_plan
from sos_print.plans.layout import Paper
from sos_print.plans.options import Language, PrintOptions

CELL = 10.0
TAG_PT = 8.0
LABEL_PT = 8.0


@cache
def diagonals(size: int) -> tuple[Segment, ...]:
    """Returns every three-cell diagonal of a board, in both directions (kept: the tables of cases below read them once
    per pair of lines, while the tests are collected)."""
    found = []
    for col, row in product(range(size - 2), range(size - 2)):
        found.append(Segment.between(Cell(col, row), Cell(col + 2, row + 2)))
        found.append(Segment.between(Cell(col, row + 2), Cell(col + 2, row)))
    return tuple(found)


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


def key_of(options: PrintOptions, copies: int) -> bytes:
    """Returns the answer key of `copies` mixed sheets of six puzzles, seed 1, printed with `options`."""
    from rendered import puzzle_set

    from sos_print.documents.registry import Inputs, document

    return document("answers").make(options, Inputs(sheets=puzzle_set(options.size, copies)), None).data


@pytest.mark.parametrize(
    ("options", "copies"),
    [
        (PrintOptions(), 2),
        (PrintOptions(size=6, paper=Paper.LETTER), 6),
        (PrintOptions(language=Language.FR, large_print=True), 2),
        (PrintOptions(size=5, language=Language.FR, large_print=True), 6),
    ],
    ids=["en-4", "en-6-letter", "fr-4-large", "fr-5-large"],
)
def test_the_keys_boards_name_no_line(options, copies):
    # The key's "B3-B5" sat in the empty cell B6 of a 6 x 6 board, its "A2-A4" on the frame of a large-print 4 x 4
    # (each then stood outside its board, 0.8 mm at least off its frame). A name found no room by crossing lines on
    # some boards, so that one puzzle named its lines and the next did not (review rv44 C2): the key's boards name
    # none, the text beside each naming every line its answers complete.
    assert not printed_names(key_of(options, copies))


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
    tags = segment_tags(grid, 0.0, 0.0, CELL, TAG_PT)
    by_name = {segment_name(line, size, notation): line for line in lines}
    for tag in tags:
        line = by_name[tag.name]
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
    tags = segment_tags(grid, 0.0, 0.0, CELL, TAG_PT)
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

    sheets = puzzle_set(4, 30)
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

    # "One O, two lines", whose two lines' names stand at the ends of leaders: large print shows the example normal
    # print does since review dz95 (C4), and the shipped set's is one line named beside it.
    shown = "01-one-o-two-lines.toml"
    example = tuple(checked for checked in shipped_examples() if checked.example.path.endswith(shown))
    return rules_document(PrintOptions(language=language, paper=paper, large_print=True), example).data


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
    # 1.2): a name keeps TAG_GAP from every line of the grid, outside the board.
    with pages(LARGE_PRINT_NAMED[made]()) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            strokes = grid_strokes(page)
            for name, box in name_boxes(page):
                nearest = min((clearance(box, stroke) for stroke in strokes), default=1000.0) / MM_PT
                assert nearest >= 0.5, f"page {number}: {name} {nearest:.2f} mm from a grid line"
                assert nearest >= TAG_GAP - 0.3, f"page {number}: {name} {nearest:.2f} mm"


def board_frames(page) -> list[tuple[float, float, float, float]]:
    """Returns each board's frame, the black square drawn round its grid, as (x0, top, x1, bottom)."""
    return [
        (r["x0"], r["top"], r["x1"], r["bottom"])
        for r in page.rects
        if _black(r) and r["stroke"] and not r["fill"] and r["width"] > 20 and abs(r["width"] - r["height"]) < 0.5
    ]


NAMED = {
    "replay 11": lambda: rendered("replay", PrintOptions(), "11-team-first-sos-wins.toml"),
    # 09 and 11 in French name their lines in the captions since boards of one size a board size (review 34, P9):
    # names beside them would cost a row.
    "replay 06, French": lambda: rendered("replay", PrintOptions(language=Language.FR), "06-last-letter-scores.toml"),
    "replay 09 every 1": lambda: record_document("09-team-sos.toml", 1, Language.EN),
    "rules": lambda: rendered("rules", PrintOptions()),
    "rules, French, Letter": lambda: rendered("rules", PrintOptions(language=Language.FR, paper=Paper.LETTER)),
    # The L1C1 rule sheets of large boards show a corner open where the board goes on, and name no line in it.
    "teacher, L1C1": lambda: rendered("teacher", PrintOptions(notation=Notation.L1C1)),
    # The answer key's boards name no line (review rv44 C2).
}


@pytest.mark.parametrize("made", list(NAMED))
def test_no_line_name_straddles_a_boards_frame_or_covers_a_grid_line(made):
    # Replay 11's "A1-C3", its corner on that of its end C3 and wider than a cell, ran over the board's right frame
    # and covered the line under D4 (review 34): a name stands inside a board or wholly outside it, and clear of
    # every line of a grid (TAG_GAP: every name stands outside the frame, issue 23, review 34, H1).
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
                assert nearest / MM_PT >= TAG_GAP - 0.1, f"page {number}: {name} {nearest / MM_PT:.2f} mm"
    assert named, "no line is named"


@pytest.mark.parametrize(("size", "lang"), [(7, Language.EN), (7, Language.FR), (8, Language.EN), (8, Language.FR)])
def test_a_rows_name_stands_past_no_open_side_of_the_corner_shown_and_the_text_names_it(size, lang):
    # The L1C1 rule sheet's "L7C1-L7C3" was centred on the cell after C3 and covered its S (issue 23, review 33), then
    # stood past C4, outside the corner shown (review 34). That corner of the board is now drawn open where the board
    # goes on (des38 B8): a name there would stand on the board's own cells, and the left side holds the row numbers.
    # So the picture names no line (all or none, des38 A3) and the text beside it does.
    data = rendered("rules", PrintOptions(size=size, notation=Notation.L1C1, language=lang))
    row = size - 1
    name = f"L{row}C1-L{row}C3"
    drawn = []
    with pages(data) as pdf:
        for page, placed in zip(pdf.pages, boards(data), strict=True):
            for word in page.extract_words(extra_attrs=["fontname"]):
                middle = (word["top"] + word["bottom"]) / 2 / MM_PT
                if word["text"] == name and any(g[1] - 10 < middle < g[1] + g[2] * g[3] + 10 for g in placed):
                    drawn.append(word)
    corner = [g for page in boards(data) for g in page if g[3] == 4]
    assert corner, "the example shows no 4 x 4 corner"
    assert not [w for w in drawn if "Bold" in w["fontname"]], drawn
    assert name in " ".join(" ".join(texts(data)).split()), f"the text does not name {name}"


@cache
def every_line(size: int) -> tuple[Segment, ...]:
    """Returns every three-cell row, column and diagonal of a board (kept: read once per notation)."""
    found = list(diagonals(size))
    for a, b in product(range(size - 2), range(size)):
        found += [Segment.between(Cell(a, b), Cell(a + 2, b)), Segment.between(Cell(b, a), Cell(b, a + 2))]
    return tuple(found)


def way_out(line: Segment, size: int) -> list[tuple[Cell, tuple[int, int], set[str]]]:
    """Returns, for each end of the line, the end, the way on past it (columns, rows up) and the sides the line drawn
    on leaves the grid by (two at a corner), worked out here cell by cell apart from the program."""
    found = []
    for end, other in ((line.start, line.end), (line.end, line.start)):
        step = (end.col - other.col) // 2, (end.row - other.row) // 2
        col, row = end.col, end.row
        while 0 <= col + step[0] < size and 0 <= row + step[1] < size:
            col, row = col + step[0], row + step[1]
        sides = set()
        if not 0 <= col + step[0] < size:
            sides.add("left" if step[0] < 0 else "right")
        if not 0 <= row + step[1] < size:
            sides.add("bottom" if step[1] < 0 else "top")
        found.append((end, step, sides))
    return found


LINE_CASES = [(size, notation, line) for size in range(3, 9) for notation in Notation for line in every_line(size)]


@pytest.mark.parametrize(("size", "notation", "line"), LINE_CASES, ids=lambda v: str(v))
def test_a_lines_name_stands_outside_the_grid_at_the_end_of_a_leader_in_the_lines_own_direction(size, notation, line):
    # « A1-C1 » in the empty cell D1 read as a fourth letter of its row, and a leader leaving C3 straight up for
    # « A1-C3 » as a struck column (issue 23, review 34, H1): the name stands outside the grid, TAG_GAP clear of it and
    # never past a labelled side, and its leader runs in the line's own direction from the point where the line, run
    # on past an end, meets the frame: a leader from the last letter through an empty cell made the S-O-S look four
    # cells long (des38 A3).
    grid = grid_plan(Board.empty(size), notation, segments=(line,))
    tags = segment_tags(grid, 0.0, 0.0, CELL, TAG_PT)
    free = [way for way in way_out(line, size) if not way[2] & set(grid.label_sides)]
    if not free:  # every way out passes between or past coordinates: the diagram's text names the line
        assert tags == []
        return
    (tag,) = tags
    side, box, picture = size * CELL, tag.box, f"{tag.name}: {tag.box}, leader {tag.leader}"
    apart = max(-box.right, box.x - side, -box.top, box.y - side)
    assert apart >= TAG_GAP - 1e-6, f"{apart:.2f} mm off the frame: {picture}"
    assert among_labels(box, grid, side) == "", picture
    beyond = {"left": box.x < 0, "right": box.right > side, "bottom": box.y < 0, "top": box.top > side}
    assert not any(beyond[name] for name in grid.label_sides), f"past a labelled side: {picture}"
    (x0, y0), (x1, y1) = tag.leader
    ends = []
    for end, (dc, dr), _ in free:
        cx, cy = centre(end)
        run = min((side - at if way > 0 else at) for at, way in ((cx, dc), (cy, dr)) if way)  # on to the frame
        ends.append(((cx + dc * run, cy + dr * run), (dc, dr)))
    start, (dc, dr) = next(((p, way) for p, way in ends if abs(p[0] - x0) + abs(p[1] - y0) < 1e-6), (None, (0, 0)))
    assert start is not None, f"the leader starts on the frame past no free end: {picture}"
    length = math.hypot(x1 - x0, y1 - y0)
    assert abs((x1 - x0) / length - dc / math.hypot(dc, dr)) < 1e-6, picture
    assert abs((y1 - y0) / length - dr / math.hypot(dc, dr)) < 1e-6, picture
    on_edge = min(abs(x1 - box.x), abs(x1 - box.right)) < 1e-6 or min(abs(y1 - box.y), abs(y1 - box.top)) < 1e-6
    assert on_edge and box.x - 1e-6 <= x1 <= box.right + 1e-6 and box.y - 1e-6 <= y1 <= box.top + 1e-6, picture


@pytest.mark.parametrize(
    ("letters", "named"),
    [
        ({}, "right"),  # A1-C1 on 4 x 4: out past C1 through the empty D1
        ({"D1": "O"}, None),  # D1 holds a letter; past A1 the row numbers: no name on the diagram
    ],
)
def test_a_rows_leader_crosses_no_letter_and_never_passes_the_row_numbers(letters, named):
    from sos_print.engine.rules import Letter

    board = Board.empty(4)
    for cell, letter in letters.items():
        board = board.with_letter(parse_cell(cell, 4), Letter.parse(letter))
    grid = grid_plan(board, Notation.A1, segments=named_on(4, "A1-C1"))
    tags = segment_tags(grid, 0.0, 0.0, CELL, TAG_PT)
    if named is None:
        assert tags == []
    else:
        assert len(tags) == 1 and tags[0].box.x >= 4 * CELL + TAG_GAP - 1e-6


LEADER_PT_READ = 1.0  # a leader's width as printed (points): half an S-O-S line's, yet kept by a photocopy


def page_strokes(page, width: float) -> list[tuple[tuple[float, float], tuple[float, float], float]]:
    """Returns the straight grey strokes `width` points wide on the page: (start, end) in mm from the page's top-left
    corner, and their grey."""
    found = []
    for line in page.lines:
        colour = line.get("stroking_color")
        grey = colour[0] if isinstance(colour, (tuple, list)) and len(colour) == 1 else colour
        if isinstance(grey, (int, float)) and 0 < grey < 1 and abs(line["linewidth"] - width) < 0.05:
            (ax, ay), (bx, by) = line["pts"][0], line["pts"][-1]
            found.append(((ax / MM_PT, ay / MM_PT), (bx / MM_PT, by / MM_PT), float(grey)))
    return found


def letter_cells(page, placed) -> set[tuple[int, int, int]]:
    """Returns the cells holding a letter (S, O, or an answer to write), as (board, column, row from the top)."""
    found = set()
    for char in page.chars:
        if char["text"] not in "SO/":
            continue
        x, y = (char["x0"] + char["x1"]) / 2 / MM_PT, (char["top"] + char["bottom"]) / 2 / MM_PT
        for k, (left, top, cell, n) in enumerate(placed):
            if 0 < x - left < cell * n and 0 < y - top < cell * n:
                found.add((k, int((x - left) // cell), int((y - top) // cell)))
    return found


SEEN = {
    "replay 07": lambda: rendered("replay", PrintOptions(), "07-target-score.toml"),
    "replay 09 every 1": lambda: record_document("09-team-sos.toml", 1, Language.EN),
    "replay 11": lambda: rendered("replay", PrintOptions(), "11-team-first-sos-wins.toml"),
    "rules": lambda: rendered("rules", PrintOptions()),
    "rules, French": lambda: rendered("rules", PrintOptions(language=Language.FR)),
    # The L1C1 rule sheets of large boards show a corner open where the board goes on, and name no line in it.
    "teacher, L1C1": lambda: rendered("teacher", PrintOptions(notation=Notation.L1C1)),
    "kit, first S-O-S wins": lambda: rendered("players", PrintOptions(variant=Variant(first_sos_wins=True))),
    "kit, teams to 5": lambda: rendered("players", PrintOptions(variant=Variant(players=4, teams=True, target=5))),
    # The answer key's boards name no line (review rv44 C2).
}


@pytest.mark.parametrize("made", list(SEEN))
def test_each_printed_name_stands_outside_its_board_led_to_by_its_lines_own_direction_through_no_letter(made):
    # Review 34, H1: « A1-C1 » in D1 of replay 09, « B1-B3 » in B4 of the rule sheet, « B5-D3 » on the French key led
    # through the O of A6. Read back from the page: every name's frame stands TAG_GAP clear of every board's frame;
    # every leader, thin and dark enough to photocopy, runs on from an S-O-S line in its direction and crosses no
    # cell holding a letter; every name is at the end of a leader.
    from sos_print.plans.layout import SEGMENT_PT

    data = SEEN[made]()
    named = 0
    with pages(data) as pdf:
        for number, (page, placed) in enumerate(zip(pdf.pages, boards(data), strict=True), start=1):
            lines = [(a, b) for a, b, _ in page_strokes(page, SEGMENT_PT)]
            leaders = page_strokes(page, LEADER_PT_READ)
            written = letter_cells(page, placed)
            for name, (x0, top, x1, bottom) in name_boxes(page):
                named += 1
                box = (x0 / MM_PT, top / MM_PT, x1 / MM_PT, bottom / MM_PT)
                for left, upper, cell, n in placed:
                    apart = max(left - box[2], box[0] - left - cell * n, upper - box[3], box[1] - upper - cell * n)
                    assert apart >= TAG_GAP - 0.1, f"p{number}: {name} {apart:.2f} mm from a board's frame"
                ends = [end for _, end, _ in leaders] + [start for start, _, _ in leaders]
                assert any(_distance(end, box) < 0.1 for end in ends), f"p{number}: {name} has no leader"
            for start, end, grey in leaders:
                assert grey <= 0.3 + 1e-6, f"p{number}: a leader too light to photocopy ({grey})"
                length = math.hypot(end[0] - start[0], end[1] - start[1])
                way = ((end[0] - start[0]) / length, (end[1] - start[1]) / length)
                assert any(_runs_on(start, way, line) for line in lines), f"p{number}: a leader off its line's way"
                for k in range(401):
                    px, py = start[0] + (end[0] - start[0]) * k / 400, start[1] + (end[1] - start[1]) * k / 400
                    for b, (left, upper, cell, _) in enumerate(placed):
                        col, row = int((px - left) // cell), int((py - upper) // cell)
                        inside = (
                            min(px - left - col * cell, (col + 1) * cell - px + left) > 0.3
                            and min(py - upper - row * cell, (row + 1) * cell - py + upper) > 0.3
                        )
                        assert not (inside and (b, col, row) in written), f"p{number}: a leader crosses a letter"
    assert named or made in UNNAMED, "no line is named"


UNNAMED = {"replay 07"}  # its layout leaves the names to the captions (« named in the caption »)


def _runs_on(start: tuple[float, float], way: tuple[float, float], line) -> bool:
    """Tells whether a leader from `start` the way `way` runs on from the drawn line, past one of its ends, in the
    line's own direction."""
    (ax, ay), (bx, by) = line
    length = math.hypot(bx - ax, by - ay)
    for (px, py), (qx, qy) in (((ax, ay), (bx, by)), ((bx, by), (ax, ay))):
        ux, uy = (qx - px) / length, (qy - py) / length  # from one end to the other: past the other, on
        if abs(ux - way[0]) < 0.01 and abs(uy - way[1]) < 0.01:
            off = abs((start[0] - qx) * uy - (start[1] - qy) * ux)
            if off < 0.2 and (start[0] - qx) * ux + (start[1] - qy) * uy > 0:
                return True
    return False


LED = {
    "rules": lambda: rendered("rules", PrintOptions()),
    "rules, French": lambda: rendered("rules", PrintOptions(language=Language.FR)),
    "rules, first S-O-S wins": lambda: rendered("rules", PrintOptions(variant=Variant(first_sos_wins=True))),
    # The L1C1 rule sheets of large boards show a corner open where the board goes on, and name no line in it.
    "teacher, L1C1": lambda: rendered("teacher", PrintOptions(notation=Notation.L1C1)),
    "rules, French, Letter, large print": lambda: _rules(Language.FR, Paper.LETTER),
    "teacher": lambda: rendered("teacher", PrintOptions()),
    "teacher, French": lambda: rendered("teacher", PrintOptions(language=Language.FR)),
    # The answer key's boards name no line, and have no leader (review rv44 C2).
    "replay 09 every 1": lambda: record_document("09-team-sos.toml", 1, Language.EN),
}


def cell_at(point: tuple[float, float], placed) -> tuple[int, int, int] | None:
    """Returns the cell (board, column, row from the top) whose inside, 0.3 mm in from its lines, holds a point (mm
    from the page's top-left corner), or None."""
    px, py = point
    for b, (left, top, cell, n) in enumerate(placed):
        col, row = int((px - left) // cell), int((py - top) // cell)
        across, up = px - left - col * cell, py - top - row * cell
        if 0 <= col < n and 0 <= row < n and min(across, cell - across, up, cell - up) > 0.3:
            return (b, col, row)
    return None


def along(start: tuple[float, float], end: tuple[float, float], steps: int = 400) -> list[tuple[float, float]]:
    return [
        (start[0] + (end[0] - start[0]) * k / steps, start[1] + (end[1] - start[1]) * k / steps)
        for k in range(steps + 1)
    ]


@pytest.mark.parametrize("made", list(LED))
def test_no_leader_runs_through_a_cell_that_is_not_one_of_its_lines_three(made):
    # "B1-B3" was reached through the empty B4 on the rule sheet's worked example, under "No gaps, no bends", and
    # "A1-C3" through D4 on the key: the S-O-S looked four cells long (issue 23, des38 A3). Read back from the page:
    # every leader runs on from an S-O-S line, and no point of it lies inside a cell other than that line's three.
    from sos_print.plans.layout import SEGMENT_PT

    data = LED[made]()
    leaders = 0
    with pages(data) as pdf:
        for number, (page, placed) in enumerate(zip(pdf.pages, boards(data), strict=True), start=1):
            # Each S-O-S whole, its pieces joined where it breaks round a move number (issue 23, rv44 C7).
            pieces = [(a, b) for a, b, _ in page_strokes(page, SEGMENT_PT)]
            lines = [(a, b) for a, b, _ in joined_lines(pieces, 0.6 * min((board[2] for board in placed), default=0))]
            for start, end, _ in page_strokes(page, LEADER_PT_READ):
                leaders += 1
                length = math.hypot(end[0] - start[0], end[1] - start[1])
                way = ((end[0] - start[0]) / length, (end[1] - start[1]) / length)
                line = next((line for line in lines if _runs_on(start, way, line)), None)
                assert line is not None, f"p{number}: a leader runs on from no S-O-S line"
                own = {cell for point in along(*line) if (cell := cell_at(point, placed)) is not None}
                assert len(own) == 3, f"p{number}: an S-O-S line through {len(own)} cells"
                inside = {cell for point in along(start, end) if (cell := cell_at(point, placed)) is not None}
                assert inside <= own, f"p{number}: a leader runs through {sorted(inside - own)}"
    assert leaders, "no line is named: the test reads nothing"


def test_a_diagram_names_every_one_of_its_lines_or_none():
    # The key's sheet 1, puzzle 4 named "A1-C3" but not "A3-C1" (its ways out pass the coordinates): a picture that
    # names some of its new lines reads as if the others were not new (issue 23, des38 A3). Its text names them all.
    lines = named_on(4, "A1-C3", "A3-C1")
    assert segment_tags(grid_plan(Board.empty(4), Notation.A1, segments=lines), 0.0, 0.0, CELL, TAG_PT) == []
    (alone,) = segment_tags(grid_plan(Board.empty(4), Notation.A1, segments=lines[:1]), 0.0, 0.0, CELL, TAG_PT)
    assert alone.name == "A1-C3"


INKED = {
    "rules": lambda: rendered("rules", PrintOptions()),
    "rules, French, first S-O-S wins": lambda: rendered(
        "rules", PrintOptions(language=Language.FR, variant=Variant(first_sos_wins=True))
    ),
    "key": lambda: rendered("answers", PrintOptions()),
    "replay": lambda: rendered("replay", PrintOptions()),
    "replay 09 every 1": lambda: record_document("09-team-sos.toml", 1, Language.EN),
    "teacher": lambda: rendered("teacher", PrintOptions()),
}


def _grey(colour) -> float:
    return float(colour[0] if isinstance(colour, (tuple, list)) else colour)


@pytest.mark.parametrize("made", list(INKED))
def test_every_sos_line_and_scorers_ring_survives_a_copier_that_drops_light_grey(made):
    # Every S-O-S line and every scorer's ring was drawn at grey 0.55, 45 % ink: a copier that thresholds at 50 %
    # dropped every line of the rule sheet's front, the line the page teaches (issue 23, des38 A2). Read back: each
    # new S-O-S line (solid, 2.2 pt) has 70 % ink at least, each scorer's ring (a white disc ringed 0.8 pt) is black.
    from test_replay import dashed

    lines = rings = 0
    with pages(INKED[made]()) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            for line in page.lines:
                if abs(line["linewidth"] - 2.2) < 0.01 and not dashed(line):
                    lines += 1
                    ink = 1 - _grey(line["stroking_color"])
                    assert ink >= 0.70, f"p{number}: an S-O-S line at {ink:.0%} ink"
            for ring in page.curves:
                round_ = abs(ring["width"] - ring["height"]) < 0.5 and ring["width"] < 30
                if round_ and ring["fill"] and _grey(ring["non_stroking_color"]) == 1 and ring["linewidth"] == 0.8:
                    rings += 1
                    assert _grey(ring["stroking_color"]) == 0, f"p{number}: a scorer's ring not black"
    assert lines, "no S-O-S line: the test reads nothing"
    assert rings or not made.startswith("rules"), "no scorer's ring on the rule sheet: the test reads nothing"
