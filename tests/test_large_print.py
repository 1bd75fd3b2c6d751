"""Tests large print's pictures and tables, read back as geometry: the rule sheet's worked example and naming grid
set with the type, every line the text names labelled, nothing overlapping; score-sheet rows for larger hands."""

from __future__ import annotations

import functools
import re
from itertools import pairwise

import pytest
from conftest import EXAMPLES, ROOT
from fontTools.ttLib import TTFont
from pdfminer.layout import LTChar, LTCurve, LTLine, LTRect
from pdfread import chars, marks, page_count, pages, square_grids, texts
from rendered import rendered

from sos_print.documents.audit import audit_document
from sos_print.documents.rulesheet import rules_document
from sos_print.engine.check import verify
from sos_print.engine.frozen import replace
from sos_print.engine.notation import Notation
from sos_print.engine.rules import Variant
from sos_print.plans.layout import Paper
from sos_print.plans.options import Language, PrintOptions

PT = 72 / 25.4  # points per millimetre, for the literals below
LETTER_PT = 22.2  # a diagram's letters in large print: 14.8 pt times 1.5
TAG_PT = 13.5  # line names and move numbers: 9 pt times 1.5
BODY_PT = 18.0  # the children's text in large print: 12 pt times 1.5
LEGEND = {Language.EN: "A letter in a box scored.", Language.FR: "Une lettre encadrée a complété un S-O-S."}
LINE_NAME = re.compile(r"\b(?:[A-H][1-8]-[A-H][1-8]|L[1-8]C[1-8]-L[1-8]C[1-8])\b")


@pytest.fixture(scope="module")
def examples():
    return verify([str(EXAMPLES)])


def _sized(items, size):
    return [item for item in items if abs(item.size - size) < 0.05 and item.get_text().strip()]


def _words(page_chars) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Returns the words a list of characters spells, left to right along each line, with their boxes."""
    found: list[tuple[str, tuple[float, float, float, float]]] = []
    for char in sorted(page_chars, key=lambda c: (-round(c.y0), c.x0)):
        if found and abs(found[-1][1][1] - char.y0) < 1 and -0.5 < char.x0 - found[-1][1][2] < char.size * 0.15:
            text, (x0, y0, _, y1) = found[-1]
            found[-1] = (text + char.get_text(), (x0, min(y0, char.y0), char.x1, max(y1, char.y1)))
        else:
            found.append((char.get_text(), (char.x0, char.y0, char.x1, char.y1)))
    return found


@functools.cache
def _font(name: str) -> TTFont:
    return TTFont(ROOT / "fonts" / name)


def _ink(char: LTChar) -> tuple[float, float, float, float]:
    """Returns the box of a character's ink (points), from its glyph's outline in the font the PDF embeds: pdfminer's
    box spans the font's whole ascent and descent, far beyond a capital's."""
    font = _font("Andika-Bold.ttf" if "Bold" in char.fontname else "Andika-Regular.ttf")
    glyph = font["glyf"][font.getBestCmap()[ord(char.get_text())]]
    unit = char.size / font["head"].unitsPerEm
    x, y = char.matrix[4], char.matrix[5]  # the glyph's origin, on the baseline
    return (x + glyph.xMin * unit, y + glyph.yMin * unit, x + glyph.xMax * unit, y + glyph.yMax * unit)


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inside(inner, outer) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def _example_page(data: bytes, language: Language) -> int:
    return next(k for k, text in enumerate(texts(data)) if LEGEND[language] in " ".join(text.split()))


@pytest.mark.parametrize(
    ("size", "paper", "notation", "language", "cell"),
    [
        # A little under 16.5 mm (the normal 11 mm times 1.5), to share the last page with naming cells rather than
        # leave that section alone on a page (issue 23).
        (4, Paper.A4, Notation.A1, Language.EN, 15.5),
        (4, Paper.A4, Notation.A1, Language.FR, 16.5),  # the normal sheet's 11 mm times 1.5
        # normal print's example, as large print shows it since review dz95 (C4): a little under, to share its page
        (3, Paper.LETTER, Notation.L1C1, Language.FR, 15.0),
        (6, Paper.A4, Notation.A1, Language.EN, 16.5),
        (8, Paper.A4, Notation.A1, Language.EN, 13.0),  # the board too large for 16.5 mm: never under 13 mm
        (8, Paper.LETTER, Notation.L1C1, Language.EN, 13.0),
    ],
)
def test_the_large_print_worked_example_is_drawn_with_its_type(examples, size, paper, notation, language, cell):
    options = PrintOptions(size=size, paper=paper, notation=notation, language=language, large_print=True)
    data = rendered("rules", options)
    number = _example_page(data, language)
    text = " ".join(texts(data)[number].split())
    with pages(data) as pdf:
        page = pdf.pages[number]
        drawn = marks(page)
        grid = max(square_grids(page), key=lambda widths: widths[0])
        assert len(grid) == size
        assert min(grid) >= min(cell, 16.5) - 0.05, f"cells of {min(grid):.2f} mm"
        assert min(grid) >= 11.0, "smaller than the normal sheet's diagram"
        if cell == 16.5:
            assert grid[0] == pytest.approx(16.5, abs=0.05)
        side = size * grid[0] * PT
        # The grid: the frame round its letters, the square whose side is the grid's.
        outline = next(
            m for m in drawn if isinstance(m, LTRect) and abs(m.width - side) < 0.5 and abs(m.height - side) < 0.5
        )
        letters = [
            c
            for c in _sized(chars(page), LETTER_PT)
            if c.get_text() in "SO" and outline.x0 < c.x0 < outline.x1 and outline.y0 < c.y0 < outline.y1
        ]
        assert letters, "the diagram's letters are not set at 22.2 pt"
        step = grid[0] * PT
        for letter in letters:
            ink = _ink(letter)
            col = int(((ink[0] + ink[2]) / 2 - outline.x0) // step)
            row = int(((ink[1] + ink[3]) / 2 - outline.y0) // step)
            box = (outline.x0 + col * step, outline.y0 + row * step, outline.x0 + (col + 1) * step)
            assert _inside(ink, (*box, outline.y0 + (row + 1) * step)), f"{letter.get_text()} spills out of its cell"
        frames = [
            m
            for m in drawn
            if isinstance(m, LTCurve)
            and not isinstance(m, LTLine)
            and abs(m.width - m.height) < 0.5
            and 0.3 * step < m.width < 0.7 * step
        ]
        assert frames, "no letter is framed"
        letter_boxes = [_ink(c) for c in letters]
        for frame in frames:
            framed = [b for b in letter_boxes if _inside(_centre(b) * 2, _box(frame))]
            assert len(framed) == 1, "a frame round no letter, or round two"
            assert _inside(framed[0], _box(frame)), "a letter spills out of its frame"
        small = _words(_sized(chars(page), TAG_PT))
        numbers = [
            _ink(c) for c in _sized(chars(page), TAG_PT) if c.get_text().isdigit() and _inside(_box(c), _box(outline))
        ]
        for box in numbers:
            assert not any(_overlap(box, other) for other in letter_boxes), "a move number collides with a letter"
            assert not any(_overlap(box, _box(frame)) for frame in frames), "a move number collides with a frame"
        tags = {word: box for word, box in small if LINE_NAME.fullmatch(word)}
        named = set(LINE_NAME.findall(text.split(LEGEND[language], 1)[1]))  # the example's own text
        assert named, "the example's text names no line"
        # A name stands outside the board, never in a cell it would fill (issue 23, review 33, 1.2): where that would
        # take room from the board, the text alone names the lines.
        if tags:
            assert named <= set(tags), f"lines the text names, unlabelled on the diagram: {sorted(named - set(tags))}"
        labels = [box for _, box in _words(_sized(chars(page), 15.0))]  # the coordinates, 10 pt times 1.5
        for name, box in tags.items():
            # Outside the grid, or just past an end of its line inside it, where it covers no letter and no number.
            moves = [n for n in numbers if not _inside(_centre(n) * 2, box)]  # the name's own digits are no move's
            assert not any(_overlap(box, other) for other in letter_boxes + moves), f"{name} covers a letter"
            assert not any(_overlap(box, other) for other in labels), f"{name} covers a coordinate"
            assert not any(_overlap(box, tags[other]) for other in tags if other != name), f"{name} covers a name"


def _centre(box) -> tuple[float, float]:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def _box(mark) -> tuple[float, float, float, float]:
    return (mark.x0, mark.y0, mark.x1, mark.y1)


@pytest.mark.parametrize(("notation", "name", "size"), [(Notation.A1, "B2", BODY_PT), (Notation.L1C1, "L2C3", BODY_PT)])
@pytest.mark.parametrize("language", [Language.EN, Language.FR])
def test_the_large_print_naming_grid_names_its_cell_at_the_body_size(examples, notation, name, size, language):
    data = rendered("rules", PrintOptions(notation=notation, language=language, large_print=True))
    with pages(data) as pdf:
        found = [
            word
            for page in pdf.pages
            for word, box in _words(_sized(chars(page), size))
            for grid in square_grids(page)
            if word == name and len(grid) == 4 and min(grid) >= 15.0 - 0.05
        ]
    assert found, f"{name} is not written at {size} pt in a 4 × 4 grid of 15 mm cells"


@pytest.mark.parametrize(
    ("size", "paper", "language", "pages_count", "least"),
    [
        (3, Paper.A4, Language.EN, 1, 15.0),  # a 3 × 3 game fits one page, in rows as tall as large print takes
        (4, Paper.A4, Language.EN, 2, 15.0),  # not one page of 9 mm rows, smaller than normal print's
        (4, Paper.A4, Language.FR, 2, 15.0),  # two pages either way: rows that fill them, not 8 on half a page
        (6, Paper.LETTER, Language.FR, 3, 10.0),
        (8, Paper.A4, Language.EN, 4, 10.0),  # 64 rows: never smaller than normal print's 10 mm
        (8, Paper.LETTER, Language.BOTH, 5, 10.0),
    ],
)
def test_large_print_score_sheet_rows_take_larger_handwriting(size, paper, language, pages_count, least):
    data = audit_document(PrintOptions(size=size, paper=paper, language=language, large_print=True)).data
    heights = []
    with pages(data) as pdf:
        assert len(pdf.pages) == pages_count
        for page in pdf.pages:
            drawn = marks(page)
            head = next(m for m in drawn if isinstance(m, LTRect) and m.fill and m.width > page.width / 2)
            rows = sorted(
                {
                    round(m.y0, 2)
                    for m in drawn
                    if isinstance(m, LTLine)
                    and abs(m.x0 - head.x0) < 0.1
                    and abs(m.x1 - head.x1) < 0.1
                    and m.y0 <= head.y0 + 0.1
                }
            )
            heights += [(b - a) / PT for a, b in pairwise(rows)]
    assert len(heights) == size * size
    assert min(heights) >= least - 0.05, f"rows of {min(heights):.1f} mm"
    assert max(heights) <= 15.0 + 0.05, "rows taller than normal print's 10 mm times 1.5"


def _puzzle_boards(data: bytes, size: int) -> list[tuple[float, list[LTChar], tuple[float, float, float, float]]]:
    """Returns each board of `size` a document draws as (its cell in mm, the letters drawn in it, its box in points)."""
    found = []
    with pages(data) as pdf:
        for page in pdf.pages:
            drawn = chars(page)
            for run, (top, bottom) in _board_runs(page, size):
                box = (run[0], page.height - bottom, run[-1], page.height - top)
                inside = [c for c in drawn if c.get_text() in "SO" and _inside((c.x0, c.y0, c.x1, c.y1), box)]
                found.append(((run[1] - run[0]) / PT, inside, box))
    return found


def _board_runs(page, size: int):
    """Yields each board's vertical lines' x (a run of `size` + 1 as long as the board is wide) and top and bottom."""
    verticals = [line for line in page.lines if abs(line["x0"] - line["x1"]) < 0.01]
    for span in {(round(line["top"], 1), round(line["bottom"], 1)) for line in verticals}:
        xs = sorted({round(v["x0"], 2) for v in verticals if (round(v["top"], 1), round(v["bottom"], 1)) == span})
        for start in range(0, len(xs) - size, size + 1):
            run = xs[start : start + size + 1]
            if abs((run[-1] - run[0]) - (span[1] - span[0])) < 0.5:
                yield run, span


# Large print set the puzzles' boards smaller than normal print's: 10 mm cells with 22.2 pt letters on 4 x 4 and
# 5 x 5 A4, 11 mm where normal print takes 12 on 6 x 6 A4 (issue 23, final review, finding 1). A board in large print
# is at least as large as the same sheet's in normal print, its letters larger. In 11 mm cells (and in 11.2 mm on
# 6 x 6) its 1.5 times larger letters nearly touched the grid lines, and the dashed lines already made ran through
# them (issue 23, review rv44 A2): its cells are LARGE_CELL at least, 1.5 times normal print's least, or SAVING_CELL
# where that saves the sheet pages, and each O and S ink as clear of its cell's four sides as normal print's, and
# LETTER_CLEAR at least (2.5 mm, sideways, before). A 4 x 4 sheet of twelve took six pages, a puzzle a row's foot over
# a working row (issue 23, dz100 3): in 13 mm cells, the answer boxes beside the boards, four 4 x 4 puzzles a page; two
# 6 x 6 a page on A4, where one stood on each page of six.
PUZZLE_CELLS = [
    # The gift said with the three lines pictured (review rv44 C8) sets English A4's 4 x 4 boards a step smaller and
    # its 6 x 6 ones a step larger: the sheet's pages hold the same puzzles.
    (4, Paper.A4, Language.EN, 10.0, 13.0),
    # Two a row on Letter, where 17 mm cells set one a row (review rv52 C3).
    # Scoring again told as a rule of play in one line less (review rv70, 3): a step larger.
    (4, Paper.LETTER, Language.FR, 10.0, 13.0),
    # Normal print holds three 5 x 5 puzzles a page, the third alone in its row, with 11 mm cells (issue 23, review
    # des38 A5: four and two, in 10 mm cells on A4 and 11 on Letter); a 6 x 6 A4 sheet three a page in 10 mm, a Letter
    # one two and four in 11. The lone puzzle set as the others, its answer boxes under its board (review des41, B3),
    # made the cells of normal print a step smaller, and with them the least large print may take.
    # The tip box kept whole on the first page (review rv44 B3) takes normal print's A4 5 x 5 cells a step smaller, and
    # its 6 x 6 ones a step larger, four a page on the second.
    (5, Paper.A4, Language.FR, 11.0, 15.0),
    (5, Paper.LETTER, Language.EN, 11.0, 16.0),
    # Three a page on 6 x 6 (where 12 mm cells on A4 and 11 on Letter set two and four): a step smaller.
    (6, Paper.A4, Language.EN, 11.0, 13.0),
    (6, Paper.LETTER, Language.FR, 10.0, 13.0),
]
LARGE_CELL = 15.0
SAVING_CELL = 13.0
LETTER_CLEAR = 3.0


@pytest.mark.parametrize(("size", "paper", "language", "normal", "large"), PUZZLE_CELLS)
def test_large_print_puzzle_boards_are_as_large_as_normal_prints_with_larger_letters(
    size, paper, language, normal, large
):
    options = PrintOptions(size=size, paper=paper, language=language)
    clears = []
    for large_print, cell, letter_pt in ((False, normal, 14.8), (True, large, LETTER_PT)):
        boards = _puzzle_boards(rendered("puzzles", replace(options, large_print=large_print)), size)
        clears.append(min(_clear(letter, found, place) for found, inside, place in boards for letter in inside))
        # Two sheets of six; a sheet of three pages ends with a working page, whose blank boards hold no letter
        # (review rv44 B5).
        assert len([board for board in boards if board[1]]) == 12
        assert {round(found, 2) for found, inside, _ in boards if inside} == {cell}, large_print
        # Working space under a page's puzzles may be smaller, for a child's own hand (review rv52 B2).
        assert all(found <= cell + 0.01 for found, inside, _ in boards if not inside), large_print
        letters = [letter for _, inside, _ in boards for letter in inside]
        assert letters and {round(letter.size, 1) for letter in letters} == {letter_pt}
    assert large >= LARGE_CELL or large == SAVING_CELL
    # Large print's letters: a margin on every side, as wide as normal print's letters keep in their smaller cells.
    assert clears[1] >= max(clears[0], LETTER_CLEAR), [round(clear, 2) for clear in clears]


def _clear(letter, found: float, place: tuple[float, float, float, float]) -> float:
    """Returns how far (mm) a letter's ink stays from its cell's four sides, in a board of `found` mm cells whose
    left and bottom edges are `place`'s first two (pt)."""
    left, bottom = place[0], place[1]
    x0, y0, x1, y1 = _ink(letter)
    column = int((letter.x0 - left) / (found * PT))
    row = int(((y0 + y1) / 2 - bottom) / (found * PT))
    sides = (left + column * found * PT, left + (column + 1) * found * PT)
    ends = (bottom + row * found * PT, bottom + (row + 1) * found * PT)
    return min(x0 - sides[0], sides[1] - x1, y0 - ends[0], ends[1] - y1) / PT


# The rule sheet's four pictures were smaller in large print than in normal print: 14.5 mm cells beside 17 on A4,
# 12.5 mm with 18 pt letters (normal print's are 18.5) beside 16 on Letter (issue 23, final review, finding 1). Normal
# print's pictures are now no larger than large print's can be on the same front, and large print's letters larger.
# Large print's were still 37.5 mm on Letter (issue 23, review 34, B3): its opening paragraph now stands beside the
# first picture (English on Letter) or opens the back (French on Letter, four pages either way) where that makes them
# larger; with 16.5 mm cells their letters are 27.75 pt. The pictured game's result said under step 4 (issue 23, review
# 34, P16) takes a line of English on A4 (15 mm cells, not 16.5), and the sheet's layout is the one of fewest pages and
# then largest pictures (H10): English on Letter and French on A4 gain. Who plays and who starts now always stands on
# the front, beside the first picture where the rest of the opening paragraph opens the back (issue 23, a French
# teacher's read, W2): English on A4 gains again (17 mm), French and English on Letter lose a millimetre or so. Then
# the teams' sheet had smaller pictures than the two-player sheet (issue 23, design review des38, B7): every sheet's
# are 14 mm a cell, the largest every game's large-print front holds, in either print. The full board's picture, whose
# badges stood inside its ring of lines at 14 mm in large print, has 17 mm cells there (dz95, B1).
FRONT_CELLS = [
    (Paper.A4, Language.EN, 14.0, LETTER_PT),
    (Paper.A4, Language.FR, 14.0, LETTER_PT),
    (Paper.LETTER, Language.EN, 14.0, LETTER_PT),
    (Paper.LETTER, Language.FR, 14.0, LETTER_PT),
]
FULL_BOARD_CELL = 17.0


@pytest.mark.parametrize(("paper", "language", "cell", "large_pt"), FRONT_CELLS)
def test_the_rule_sheets_pictures_are_as_large_in_large_print_with_larger_letters(paper, language, cell, large_pt):
    for large_print, letter_pt in ((False, 18.5), (True, large_pt)):
        data = rendered("rules", PrintOptions(paper=paper, language=language, large_print=large_print))
        pictures = _puzzle_boards(data, 3)
        assert len(pictures) == 4
        full_board = FULL_BOARD_CELL if large_print else cell
        assert sorted(round(found, 2) for found, _, _ in pictures) == [cell, cell, cell, full_board], large_print
        assert {round(letter.size, 1) for _, inside, _ in pictures for letter in inside} == {letter_pt}
    for found, inside, (left, _, _, _) in pictures:  # large print's: a margin either side of each letter
        for letter in inside:
            x0, _, x1, _ = _ink(letter)
            column = int((letter.x0 - left) / (found * PT))
            sides = (left + column * found * PT, left + (column + 1) * found * PT)
            assert min(x0 - sides[0], sides[1] - x1) / PT >= 2.5, (letter.get_text(), found)


# The large-print rule sheet's pages, sizes 3 to 8, for the plain game and a target of 5 (issue 23, review 34, H10):
# the step 4 result and picture added no page (the result is left out where it would), and a target sheet takes as
# few pages as the plain one (four before, each of them). French takes four: its back holds more than two pages' worth.
SHEET_PAGES = {
    (Language.EN, Paper.A4): (4, 3, 4, 3, 3, 3),
    (Language.EN, Paper.LETTER): (3, 3, 4, 3, 3, 4),
    (Language.FR, Paper.A4): (4, 4, 4, 4, 4, 4),
    (Language.FR, Paper.LETTER): (4, 4, 4, 4, 4, 4),
}


@pytest.mark.parametrize("variant", [Variant(), Variant(target=5)], ids=str)
@pytest.mark.parametrize(("language", "paper"), list(SHEET_PAGES))
def test_the_large_print_rule_sheet_takes_no_more_pages_than_it_did(examples, language, paper, variant):
    for size, most in zip(range(3, 9), SHEET_PAGES[(language, paper)], strict=True):
        options = PrintOptions(language=language, paper=paper, size=size, large_print=True, variant=variant)
        assert page_count(rendered("rules", options)) <= most, size


HEADING = {Language.EN: "A worked example", Language.FR: "Un exemple expliqué"}
# The last sentence of the example's account, which ends the sheet: the team game goes on, player B or team B + D wins.
ENDS = {False: ("The game goes on.", "La partie continue."), True: ("wins.", "gagne.")}
TEAM, FIRST = Variant(players=4, teams=True), Variant(first_sos_wins=True)
TITLES = {  # the only shipped example each variant plays: its title, in English and French
    TEAM: ("Team SOS", "SOS en équipes"),
    Variant(players=4, teams=True, target=5): ("Team SOS", "SOS en équipes"),
    FIRST: ("First S-O-S wins", "Le premier S-O-S gagne"),
    Variant(players=3, first_sos_wins=True): ("First S-O-S wins", "Le premier S-O-S gagne"),
    Variant(players=4, teams=True, first_sos_wins=True): (
        "Team SOS, first S-O-S wins",
        "SOS en équipes, le premier S-O-S gagne",
    ),
}


# Each variant with one shipped example only, on the boards where that example's diagram and text at large print's
# least cell measured taller than a page: these sheets refused to print, and with them the kit (issue 23). A sample of
# the 80 refused (sizes 5 to 8, both papers, notations and languages): each prints its example whole on a page.
@pytest.mark.parametrize(
    ("size", "variant", "language", "paper", "notation"),
    [
        (8, FIRST, Language.EN, Paper.A4, Notation.A1),
        (8, FIRST, Language.FR, Paper.LETTER, Notation.A1),
        (7, Variant(players=3, first_sos_wins=True), Language.EN, Paper.LETTER, Notation.L1C1),
        (7, TEAM, Language.EN, Paper.A4, Notation.A1),
        (8, TEAM, Language.FR, Paper.LETTER, Notation.A1),
        (8, Variant(players=4, teams=True, target=5), Language.EN, Paper.A4, Notation.L1C1),
        (6, TEAM, Language.FR, Paper.A4, Notation.L1C1),
        (5, TEAM, Language.FR, Paper.LETTER, Notation.L1C1),
        (8, Variant(players=4, teams=True, first_sos_wins=True), Language.FR, Paper.A4, Notation.A1),
        (7, Variant(players=4, teams=True, first_sos_wins=True), Language.EN, Paper.LETTER, Notation.L1C1),
    ],
    ids=str,
)
def test_a_variants_large_print_rule_sheet_on_a_large_board_shows_its_worked_example(
    examples, size, variant, language, paper, notation
):
    options = PrintOptions(
        size=size, variant=variant, language=language, paper=paper, notation=notation, large_print=True
    )
    data = rendered("rules", options)
    found = [k for k, text in enumerate(texts(data)) if HEADING[language] in " ".join(text.split())]
    assert len(found) == 1
    text = " ".join(texts(data)[found[0]].split())
    assert TITLES[variant][language is Language.FR] in text.split(HEADING[language], 1)[1]
    assert text.endswith(ENDS[variant.first_sos_wins][language is Language.FR]), "the account ends its page"
    with pages(data) as pdf:
        assert [len(grid) for grid in square_grids(pdf.pages[found[0]])] == [size]


@pytest.mark.parametrize(
    "args",
    [
        ("kit", "--first-sos-wins", "--size", "8"),
        ("kit", "--teams", "--size", "7", "--lang", "fr", "--paper", "letter"),
        ("rules", "--teams", "--size", "8"),
    ],
    ids=" ".join,
)
def test_a_large_print_kit_of_a_variant_on_a_large_board_is_written(runner, tmp_path, args):
    from sos_print.cli import app

    out = tmp_path / ("kit" if args[0] == "kit" else "rules.pdf")
    result = runner.invoke(app, [*args, "--large-print", "--out", str(out)])
    assert result.exit_code == 0, result.output
    players = out / "players.pdf" if args[0] == "kit" else out
    heading = HEADING[Language.FR if "fr" in args else Language.EN]
    assert any(heading in " ".join(text.split()) for text in texts(players))


def test_a_worked_example_too_long_for_a_large_print_page_runs_on_under_its_diagram(examples, tmp_path):
    # An example of text three times as long (a teacher's own): on 8 x 8 its diagram and text at the least cell are
    # taller than a page. Its text runs on onto the next page, under its diagram, rather than the sheet being refused.
    shipped = (EXAMPLES / "01-one-o-two-lines.toml").read_text(encoding="utf-8")
    text = re.search(r'^en = "(There is.*)"$', shipped, re.MULTILINE).group(1)
    long = tmp_path / "long.toml"
    long.write_text(shipped.replace(text, " ".join([text] * 3), 1), encoding="utf-8")
    data = rules_document(PrintOptions(size=8, large_print=True), verify([str(long)])).data
    read = [" ".join(page.split()) for page in texts(data)]
    number = next(k for k, page in enumerate(read) if HEADING[Language.EN] in page)
    assert "One O, two lines" in read[number] and read[number].count("There is already an S") >= 1
    assert read[number + 1].rstrip().endswith("Score: A 2, B 0. The game goes on."), read[number + 1]
    with pages(data) as pdf:
        assert [len(grid) for grid in square_grids(pdf.pages[number])] == [8]
        assert not square_grids(pdf.pages[number + 1])
