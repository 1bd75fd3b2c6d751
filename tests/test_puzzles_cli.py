"""Tests `sos-print puzzles`: the three files it writes, the puzzles.json contract, every answer derived again
by the oracle, the sheets and the answer key read back from the PDFs, reprinting by seed, and refusals."""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from functools import cache
from itertools import pairwise

import pytest
from oracle import scoring_moves
from pdfread import MM, chars, marks, nearest_edge, outline, pages, reader, texts, type_sizes
from rendered import puzzle_set, sheets_made, sheets_shared
from test_puzzles_engine import expected_answers

from sos_print.cli import app
from sos_print.engine.notation import Notation
from sos_print.engine.puzzles import PuzzleKind
from sos_print.engine.rules import parse_board
from sos_print.plans.layout import FOOTER_GAP, Paper
from sos_print.plans.options import Language, PrintOptions

KINDS = {"score-now", "no-gift", "best-move"}
QUESTIONS = {
    "score-now": "Which move scores the most points?",
    "no-gift": "Find a move that gives nothing away.",
    "best-move": "Challenge: find the best move.",  # starred on the sheet
}
# The tests that read the key of a class set of 30 sheets (38 pages, seconds to make) share a pytest-xdist group, so
# that it is made once.
CLASS_SET = pytest.mark.xdist_group("puzzles, 30 sheets")
BOTH_KEY = pytest.mark.xdist_group("puzzles, 30 sheets, en+fr")
# Other option sets that tests of several kinds print: their cases share a group too, so that `made` runs once.
GROUPS = {
    (): "puzzles, default",
    ("--paper", "letter"): "puzzles, letter",
    ("--paper", "letter", "--lang", "fr"): "puzzles, letter, fr",
    ("--large-print",): "puzzles, large print",
    ("--kind", "best-move", "--count", "5", "--copies", "2", "--seed", "40"): "puzzles, best moves",
}
WROTE = re.compile(
    r"^wrote (\S+)/puzzles\.pdf \((\d+) pages?, \d+ KB\), \1/answers\.pdf \((\d+) pages?, \d+ KB\) "
    r"and \1/puzzles\.json \(\d+ KB\)$"
)


def invoke(runner, *args: object):
    result = runner.invoke(app, ["puzzles", *map(str, args)])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


@cache
def made(*args: str) -> dict[str, bytes]:
    """Runs `puzzles` once per set of options, in a folder of its own; returns the three files' bytes."""
    import tempfile
    from pathlib import Path

    from typer.testing import CliRunner

    with tempfile.TemporaryDirectory(prefix="sos-puzzles-test-") as temporary, pytest.MonkeyPatch.context() as patch:
        sheets_shared(patch)  # a set made again in another language or print makes its sheets once
        folder = Path(temporary) / "out"
        result = invoke(CliRunner(), "--out", folder, *args)
        assert result.exit_code == 0, result.output
        assert WROTE.match(result.stdout.strip()), result.stdout
        return {name: (folder / name).read_bytes() for name in ("puzzles.pdf", "answers.pdf", "puzzles.json")}


def grouped(args: tuple[str, ...], *values: object):
    """Returns a test case that prints the option set `args`: in that set's xdist group, where other tests print it."""
    marks = [pytest.mark.xdist_group(GROUPS[args])] if args in GROUPS else []
    return pytest.param(args, *values, marks=marks)


def records(*args: str) -> list[dict]:
    return json.loads(made(*args)["puzzles.json"])


# --- naming cells, written here apart from the engine ----------------------------------------


def index_of(name: str, n: int, notation: str) -> int:
    """Returns the oracle's index of a named cell (row from the bottom times n, plus the column)."""
    if notation == "A1":
        match = re.fullmatch(r"([A-Z])(\d+)", name)
        assert match, name
        return (int(match.group(2)) - 1) * n + ord(match.group(1)) - ord("A")
    match = re.fullmatch(r"L(\d+)C(\d+)", name)
    assert match, name
    return (n - int(match.group(1))) * n + int(match.group(2)) - 1


def name_of(index: int, n: int, notation: str) -> str:
    row, col = divmod(index, n)
    return f"{chr(ord('A') + col)}{row + 1}" if notation == "A1" else f"L{n - row}C{col + 1}"


def where(record: dict) -> str:
    return f"sheet {record['sheet']} puzzle {record['number']} ({record['kind']}):\n" + "\n".join(
        " ".join(row) for row in record["board"].split("/")
    )


# --- puzzles.json ----------------------------------------------------------------------------


SETS = [("--copies", "3"), ("--size", "5", "--copies", "2", "--notation", "L1C1", "--seed", "7")]


@pytest.mark.parametrize("args", SETS)
def test_puzzles_json_holds_every_puzzle_as_printed_in_the_contract_form(args):
    found = records(*args)
    n = int(dict(zip(args[::2], args[1::2], strict=True)).get("--size", "4"))
    copies = int(dict(zip(args[::2], args[1::2], strict=True))["--copies"])
    assert len(found) == 6 * copies
    assert [(r["sheet"], r["number"]) for r in found] == [(s, k) for s in range(1, copies + 1) for k in range(1, 7)]
    notation = "L1C1" if "L1C1" in args else "A1"
    for record in found:
        assert list(record) == ["sheet", "number", "kind", "size", "board", "to_move", "answers"]
        assert record["kind"] in KINDS and record["size"] == n and record["to_move"] in ("A", "B")
        rows = record["board"].split("/")
        assert len(rows) == n and all(re.fullmatch(f"[SO.]{{{n}}}", row) for row in rows), where(record)
        assert record["answers"], where(record)
        for answer in record["answers"]:
            assert list(answer) == ["cell", "letter"] and answer["letter"] in ("S", "O")
            name_of(index_of(answer["cell"], n, notation), n, notation)  # a name in the sheet's notation
    # A mixed sheet takes the three kinds in turn.
    assert Counter(r["kind"] for r in found) == Counter(dict.fromkeys(KINDS, 2 * copies))


def oracle_board(text: str) -> str:
    """The oracle's string: cell i is row i // n from the bottom; the JSON's rows go from the top."""
    return "".join(reversed(text.split("/")))


@pytest.mark.parametrize(
    "args",
    [
        ("--copies", "3"),
        grouped(("--kind", "best-move", "--count", "5", "--copies", "2", "--seed", "40")),
        ("--kind", "no-gift", "--size", "6", "--copies", "2", "--notation", "L1C1"),
        ("--kind", "score-now", "--size", "5", "--count", "4", "--copies", "2"),
    ],
)
def test_every_answer_in_puzzles_json_is_the_set_the_oracle_derives(args):
    notation = "L1C1" if "L1C1" in args else "A1"
    checked = 0
    for record in records(*args):
        n = record["size"]
        text = oracle_board(record["board"])
        if record["kind"] == "best-move" and text.count(".") > 10:
            continue  # too slow for the oracle: the bank test checks these positions with the solver
        board = parse_board(record["board"])
        # expected_answers names cells as (row from the bottom * n + column, letter), like the oracle.
        expected = expected_answers(PuzzleKind(record["kind"]), board)
        found = {(index_of(a["cell"], n, notation), a["letter"]) for a in record["answers"]}
        assert found == expected, where(record)
        assert len(found) == len(record["answers"]), where(record)  # no answer twice
        checked += 1
    assert checked >= 4


# --- the children's sheets -------------------------------------------------------------------


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace("\u202f", " "))


QUESTIONS_FR = {
    "score-now": "Quel coup rapporte le plus de points ?",
    "no-gift": "Trouve un coup sans cadeau.",
    "best-move": "Défi : trouve le meilleur coup.",
}
TURN = re.compile(r"([A-D]’s turn|[A-D] joue\.)")


def printed_questions(data: bytes) -> list[str]:
    """Returns each puzzle's question as printed: its lines between the puzzle's number and the turn's sentence."""
    found = []
    for page in texts(data):
        lines = page.split("\n")
        for k, line in enumerate(lines):
            if re.fullmatch(r"\d+\.", line.strip()):
                end = next(j for j in range(k + 1, len(lines)) if TURN.match(lines[j]))
                found.append(flat(" ".join(lines[k + 1 : end])))
    return found


@pytest.mark.parametrize(
    "args",
    [
        ("--lang", "en"),
        ("--lang", "fr"),
        ("--lang", "en", "--large-print"),
        ("--lang", "fr", "--large-print"),
        ("--lang", "fr+en"),
        ("--lang", "en+fr", "--large-print"),
        ("--lang", "fr", "--size", "6", "--copies", "2"),
        ("--lang", "fr", "--paper", "letter"),  # the narrowest line: « Il y a une seule réponse. » keeps its end
    ],
)
def test_each_question_is_printed_once_word_for_word_however_its_lines_break(args):
    # A starred question's first line is shorter, to leave room for the star: it once printed the last word of
    # that line again at the start of the next ("Défi : trouve le meilleur coup." then "coup.").
    questions = {"en": QUESTIONS, "fr": QUESTIONS_FR}
    languages = args[1].split("+")
    expected = [" ".join(questions[lang][record["kind"]] for lang in languages) for record in records(*args)]
    assert any(record["kind"] == "best-move" for record in records(*args))
    assert printed_questions(made(*args)["puzzles.pdf"]) == expected
    # « écris-en une » and « pas de cadeau » keep their last word: a line of one short word reads as a stray (readfrB);
    # so do "one answer" and « seule réponse », as "1 answer" and « 1 réponse », which the large-print en+fr sheet
    # once broke (issue 23, design F9).
    printed = "\n".join(texts(made(*args)["puzzles.pdf"]))
    assert not re.search(r"^(une|one|cadeau|answers?|réponses?)\.$", printed, re.MULTILINE)


@pytest.mark.parametrize(
    "args",
    [
        ("--count", "12"),
        ("--count", "12", "--paper", "letter"),
        ("--count", "12", "--lang", "fr"),
        ("--large-print",),
        ("--large-print", "--lang", "fr", "--count", "12"),
    ],
    ids=" ".join,
)
def test_the_answer_count_stands_whole_on_a_line_where_it_fits_one(args):
    # "There are 2 answers: / write one." and "B's turn. There is / one answer." broke the count (review dz100, 8):
    # where whose turn it is and the count do not fit one line, the count takes a line of its own. Only where that line
    # would not hold it either (large print's "There are 3 answers: write one.") does it run on after whose turn.
    large = "--large-print" in args
    for page in texts(made(*args)["puzzles.pdf"]):
        for line in page.splitlines():
            line = " ".join(line.replace("\u00a0", " ").split())
            assert not re.search(r"(There is|Il y a une seule|Il y a)$", line), line
            if not large:
                assert not re.search(r"(There are|\banswers:|\d réponses|réponses\s?:)$", line), line


def test_each_sheet_asks_its_questions_with_answer_boxes_its_code_seed_and_number():
    files = made("--copies", "3", "--seed", "12")
    found = records("--copies", "3", "--seed", "12")
    pages_text = [flat(page) for page in texts(files["puzzles.pdf"])]
    assert len(pages_text) == 3  # a 4 × 4 sheet of six puzzles is one page
    assert outline(files["puzzles.pdf"]) == ["Sheet 1", "Sheet 2", "Sheet 3"]
    codes = re.findall(r"Code (4M6-\d+)", " ".join(pages_text))
    assert len(codes) == 3 and codes[0] == "4M6-12" and len(set(codes)) == 3
    assert "seed" not in " ".join(pages_text)  # a child's sheet carries the code only; the key gives the seed
    key = flat(" ".join(texts(files["answers.pdf"])))
    for sheet, code in enumerate(codes, start=1):
        assert f"Sheet {sheet} of 3: code {code}, seed {code.split('-')[1]}" in key
    for sheet, page in enumerate(pages_text, start=1):
        # The child's sheet is numbered without the total, which would read as sheets to do.
        assert page.startswith("Class ") and "Date " in page and f"Sheet {sheet} " in page and " of 3" not in page
        assert (
            "SOS: puzzles" in page
            and "Name" in page
            and "Try not to leave an S-O-S to finish, like one of these, in any direction" in page
        )
        # the rule of play, and the one move the sheet asks (rv70, 3; fr70, 1)
        assert "In a game, each time you score, you write again. Here, write one move." in page
        assert "Write a cell as its column letter, then its row number: B2." in page
        mine = [r for r in found if r["sheet"] == sheet]
        for record in mine:
            count = len(record["answers"])
            # One pattern for every count, "There is one answer.", "There are 2 answers": the sentence once changed
            # form, "There is one answer." beside "Two answers: write one." (issue 34, P1); "1" in running text
            # read as a misprint (issue 23, session 37 P10). With several answers, the child is told to write one,
            # not to squeeze them all into the one box.
            # The count stays in digits: "There are three answers: write one." took two lines on Letter, where its
            # sheet then left out what the dashed lines are (French read fr38, B16).
            answers = "There is one answer." if count == 1 else f"There are {count} answers: write one."
            # "A’s turn.", not "It is A’s turn.": with the longer "There are 2 answers", that took a second line on a
            # row, and the Letter sheet a second page.
            expected = f"{record['number']}. {QUESTIONS[record['kind']]} {record['to_move']}’s turn. {answers}"
            assert expected in page.replace("\u00a0", " "), (expected, page)
        # The letter's box says which letters: "Letter" read as the cell's column letter, which the tip box names just
        # before it (French read fr55).
        assert page.count("Cell") == page.count("S or O") == 6
    assert any(len(record["answers"]) > 1 for record in found)  # the sentence for several answers is read
    with pages(files["puzzles.pdf"]) as pdf:
        for page in pdf.pages:
            # Two boxes to write in for each puzzle: a cell's name and a letter.
            boxes = [r for r in page.rects if 10 < r["height"] / 2.835 < 12 and r["width"] / 2.835 < 25]
            assert len(boxes) == 12
            assert nearest_edge(page) >= 12.0


def test_a_single_sheet_has_no_number_in_its_set_and_the_seed_reprints_any_sheet():
    found = records("--copies", "3", "--seed", "12")
    page = flat(texts(made("--copies", "3", "--seed", "12")["puzzles.pdf"])[1])
    code, seed = re.search(r"Code (4M6-(\d+))", page).group(1, 2)
    again = made("--seed", seed)
    assert flat(texts(again["puzzles.pdf"])[0]).count(f"Code {code}") == 1
    assert "Sheet 1" not in flat(texts(again["puzzles.pdf"])[0])
    reprinted = json.loads(again["puzzles.json"])
    assert [(r["board"], r["to_move"], r["answers"]) for r in reprinted] == [
        (r["board"], r["to_move"], r["answers"]) for r in found if r["sheet"] == 2
    ]


@pytest.mark.parametrize(
    ("args", "note"),
    [
        # Twelve large-print 6 x 6 puzzles took a page each, with room to work: 360 pages for 30 (review rv64, 6); two
        # a page in 13 mm cells, 180. Twelve 4 x 4 take four pages (dz100, 3): said nothing.
        (("--size", "6", "--large-print", "--count", "12", "--copies", "2"), "6 pages (puzzles.pdf: 12 pages)"),
        (("--size", "4", "--large-print", "--count", "12", "--copies", "2"), None),
        (("--large-print", "--copies", "2"), None),  # three pages a sheet: said nothing
        (("--copies", "2"), None),
    ],
    ids=["6x6-large-12", "4x4-large-12", "large-6", "plain"],
)
def test_a_sheet_of_many_pages_says_so_and_how_to_make_it_shorter(runner, tmp_path, args, note):
    result = invoke(runner, "--out", tmp_path / "out", *args)
    assert result.exit_code == 0, result.output
    said = f"note: each child's sheet takes {note}; a smaller --count makes it shorter\n" if note else ""
    assert result.stderr == said


def test_the_same_options_give_the_same_bytes(runner, tmp_path):
    args = ("--copies", "2", "--seed", "5", "--lang", "en+fr", "--size", "5")
    for name in ("a", "b"):
        assert invoke(runner, "--out", tmp_path / name, *args).exit_code == 0
    for name in ("puzzles.pdf", "answers.pdf", "puzzles.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name
    assert made("--seed", "5")["puzzles.json"] != made("--seed", "6")["puzzles.json"]


# --- the answer key --------------------------------------------------------------------------


def middle(char: dict, low: str, high: str) -> float:
    return (char[low] + char[high]) / 2


def marked_cells(data: bytes, numbered: bool = False) -> list[tuple[str, ...]]:
    """Reads the answer key's diagrams: each black cell's name, from the coordinates beside and under its diagram,
    and the letters written in it (in white, bold), in the order they are printed; if `numbered`, the answer's number
    written in its corner too (bold, as the letters)."""
    found = []
    with pages(data) as pdf:
        for page in pdf.pages:
            greys = [
                r
                for r in page.rects
                if r.get("non_stroking_color") in ((0.12,), [0.12], 0.12) and abs(r["width"] - r["height"]) < 0.1
            ]
            chars = page.chars

            def within(c, rect) -> bool:
                return (
                    rect["x0"] < (c["x0"] + c["x1"]) / 2 < rect["x1"]
                    and rect["top"] < (c["top"] + c["bottom"]) / 2 < rect["bottom"]
                )

            # The coordinates (an answer's number, in its black cell, is none).
            small = [
                c
                for c in chars
                if abs(c["size"] - 9.0) < 0.05
                and "Bold" not in c["fontname"]
                and not any(within(c, rect) for rect in greys)
            ]
            # A coordinate stands alone; a diagonal's name ("A1-C3") is a word of characters side by side.
            level: dict[int, list] = defaultdict(list)  # characters by whole point of height: neighbours only
            for c in small:
                level[int(c["top"])].append(c)
            labels = [
                c
                for c in small
                if not any(
                    o is not c
                    and abs(o["top"] - c["top"]) < 1
                    and (abs(o["x0"] - c["x1"]) < 2 or abs(c["x0"] - o["x1"]) < 2)
                    for row in (int(c["top"]) - 1, int(c["top"]), int(c["top"]) + 1)
                    for o in level.get(row, ())
                )
            ]
            for rect in sorted(greys, key=lambda r: (round(r["top"]), r["x0"])):
                inside = [c for c in chars if within(c, rect)]
                x0, x1, top, bottom = rect["x0"], rect["x1"], rect["top"], rect["bottom"]
                # A diagram labels the two sides its named diagonals leave free: columns below or above, rows
                # left or right; the nearest label in line with the cell names it.
                in_column = [c for c in labels if x0 < middle(c, "x0", "x1") < x1 and not top <= c["top"] <= bottom]
                in_row = [c for c in labels if top < middle(c, "top", "bottom") < bottom and not x0 <= c["x0"] <= x1]
                column = min(in_column, key=lambda c: abs(middle(c, "top", "bottom") - (top + bottom) / 2))["text"]
                row = min(in_row, key=lambda c: abs(middle(c, "x0", "x1") - (x0 + x1) / 2))["text"]
                letters = "".join(c["text"] for c in inside if c["text"] in "SO/")
                digits = "".join(c["text"] for c in inside if c["text"] not in "SO/")
                found.append((column + row, letters, digits) if numbered else (column + row, letters))
    return found


@pytest.mark.parametrize("args", [("--copies", "3"), ("--kind", "best-move", "--size", "5", "--copies", "2")])
def test_the_answer_keys_marked_cells_are_the_answers_of_puzzles_json(args):
    files = made(*args)
    expected = []
    for record in records(*args):
        cells: dict[str, list[str]] = {}
        for answer in record["answers"]:
            cells.setdefault(answer["cell"], []).append(answer["letter"])
        expected += [(cell, "/".join(sorted(letters, key="SO".index))) for cell, letters in cells.items()]
    assert Counter(marked_cells(files["answers.pdf"])) == Counter(expected)


# Answer cells side by side merged into one black bar (review rv61, 1: --copies 30, p.25, sheet 19 puzzle 3, A2 to
# C2): each cell's black stands 0.4 mm inside its lines, so two answer cells are at least 0.8 mm apart.
@CLASS_SET
def test_answer_cells_side_by_side_stay_apart():
    squares = []
    with pages(made("--copies", "30")["answers.pdf"]) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            squares += [
                (number, r["x0"], r["top"], r["x1"], r["bottom"])
                for r in page.rects
                if r.get("non_stroking_color") in ((0.12,), [0.12], 0.12)
                and abs(r["width"] - r["height"]) < 0.1
                and r["width"] > 5 * MM
            ]
    gaps = [
        max(b[1] - a[3], a[1] - b[3], b[2] - a[4], a[2] - b[4]) / MM
        for k, a in enumerate(squares)
        for b in squares[k + 1 :]
        if a[0] == b[0]
    ]
    assert gaps and min(gaps) > 0.75, sorted(gaps)[:5]
    assert any(gap < 2.0 for gap in gaps)  # side by side: sheet 19, puzzle 3


# The lines of four answers drawn on one board crossed, and gave A2 both an S and an O (review rv61, 1): a board draws
# the lines of its one answer, and none where there are several, whose list names each one's lines.
def test_the_key_draws_the_lines_of_one_answer_and_none_of_several():
    from sos_print.plans.answers import key_entry
    from sos_print.plans.words import Words

    entries = [
        (puzzle, key_entry(puzzle, 1, Words("en"), Notation.A1).grid)
        for sheet in sheets_made(None, 4, 6, 30, 1)
        for puzzle in sheet.puzzles
    ]
    several = [grid for puzzle, grid in entries if len({answer.move for answer in puzzle.answers}) > 1]
    scoring = [grid for puzzle, grid in entries if len(puzzle.answers) == 1 and puzzle.answers[0].points]
    assert several and scoring
    assert all(grid.answers and not grid.segments for grid in several)
    assert all(grid.segments for grid in scoring)


# Several answers blacked on one board read as one position: three black cells in C4 read "O S O" (issue 23, review
# 34 P4). Each is numbered in its cell's corner as in the list of answers, "(1) O in L3C4, 1 point (...); (2) ...".
@pytest.mark.parametrize("args", [("--size", "5"), ("--copies", "3"), ("--lang", "fr")])
def test_several_answers_are_numbered_in_their_cells_as_in_the_list(args):
    files = made(*args)
    expected, numbered = [], 0
    for record in records(*args):
        answers = record["answers"]
        cells = list(dict.fromkeys(answer["cell"] for answer in answers))
        # One item a move, as the sheet counts them: a no-gift puzzle's were one a cell, "S or O in B2", under a sheet
        # that counted two answers there (review rv44 C1).
        items = [answer["cell"] for answer in answers]
        numbered += len(items) if len(items) > 1 else 0
        for cell in cells:
            letters = "/".join(sorted((a["letter"] for a in answers if a["cell"] == cell), key="SO".index))
            numbers = [str(k) for k, item in enumerate(items, start=1) if item == cell and len(items) > 1]
            expected.append((cell, letters, ",".join(numbers)))
    found = marked_cells(files["answers.pdf"], numbered=True)
    assert Counter(found) == Counter(expected)
    assert numbered
    text = flat(" ".join(texts(files["answers.pdf"])))
    assert len(re.findall(r"\(\d\) [SO] (?:or O )?(?:in|en) ", text)) == numbered
    if args == ("--size", "5"):  # in L1C1, the three black cells in C4 that read "O S O"
        assert "Answers: (1) O in D3, 1 point (C3-E3); (2) S in D2, 1 point (B2-D2); (3) O in D1, 1 point" in text


def answer_cells(data: bytes) -> list[tuple[int, str, list[float], list[tuple[float, float]]]]:
    """Reads the answer key's black cells: on each, its page (from 1), its letters (bold, in the order printed), the
    size (points) of each of its letters S and O, and where its number starts from the cell's top-left corner (mm)."""
    found = []
    with pages(data) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            cells = [
                r
                for r in page.rects
                if r.get("non_stroking_color") in ((0.12,), [0.12], 0.12)
                and abs(r["width"] - r["height"]) < 0.1
                and r["width"] > 6 * MM
            ]
            for rect in cells:
                inside = [
                    c
                    for c in page.chars
                    if rect["x0"] < middle(c, "x0", "x1") < rect["x1"]
                    and rect["top"] < middle(c, "top", "bottom") < rect["bottom"]
                ]
                bold = [c for c in inside if c["text"] in "SO/"]
                digits = sorted((c for c in inside if c["text"] not in "SO/"), key=lambda c: c["x0"])
                # Every letter and number in bold: a regular white stroke is what a soft copy loses first (rv63, 1).
                assert all("Bold" in c["fontname"] for c in inside), [(c["text"], c["fontname"]) for c in inside]
                corner = [(c["x0"] - rect["x0"], min(c["top"] for c in digits) - rect["top"]) for c in digits[:1]]
                letters = "".join(c["text"] for c in bold)
                sizes = [c["size"] for c in bold if c["text"] in "SO"]
                found.append((number, letters, sizes, [(x / MM, y / MM) for x, y in corner]))
    return found


# "S/O" beside "1,2" was shrunk to 3 pt to fit an 8 mm cell's width, and a number went to the top-right corner where a
# line ran into the top-left (issue 23, review 37 H2: --copies 30, answers.pdf p.25, sheet 19, puzzle 3, cell A2;
# p.30 in en+fr; pp.40 and 62 in large print): the letters are as large as every answer's, under the number where
# they do not fit beside it, and every number starts in its cell's top-left corner.
@pytest.mark.parametrize(
    ("args", "page", "size"),
    [
        # p.26 since a sheet's heading keeps two of its puzzles (designer's review dz86, 2)
        pytest.param(("--copies", "30"), 26, 12.0, marks=CLASS_SET),
        # p.28 since the boards name no line (review rv44 C2)
        pytest.param(("--copies", "30", "--lang", "en+fr"), 28, 12.0, marks=BOTH_KEY),
    ],
    ids=["30 sheets", "30 sheets en+fr"],
)
def test_every_answer_letter_of_the_key_is_as_large_as_the_others_its_number_in_the_top_left_corner(args, page, size):
    cells = answer_cells(made(*args)["answers.pdf"])
    assert cells
    for at, letters, sizes, corner in cells:
        assert letters in {"S", "O", "S/O"}, f"p.{at}: {letters}"
        assert sizes and all(abs(found - size) < 0.05 for found in sizes), f"p.{at}, {letters}: {sizes} pt"
        for x, y in corner:
            # 0.3 mm inside its black, which stands 0.4 mm inside the cell's lines (review rv61, 1)
            assert 0.2 < x < 0.6 and y < 2.5, f"p.{at}, {letters}: its number {x:.1f} mm, {y:.1f} mm in"
    # Sheet 19, puzzle 3, cell A2: answers (1) S and (2) O.
    assert page in [at for at, letters, _, corner in cells if letters == "S/O" and corner]


# A cell of several answers is numbered "2, 3" as the list numbers them: "2,3" reads as two point three in French
# (French read fr46, P5).
@CLASS_SET
def test_a_cell_of_several_answers_is_numbered_with_a_comma_and_a_space():
    text = " ".join(texts(made("--copies", "30")["answers.pdf"]))
    assert "2,\u202f3" in text and "1,\u202f2" in text
    assert not re.search(r"\d,\d", text)


def test_the_answer_key_gives_each_sheets_code_and_every_answer_with_why():
    files = made("--copies", "3", "--seed", "12")
    text = flat(" ".join(texts(files["answers.pdf"])))
    assert text.startswith("SOS: puzzle answer key Page 1 of 5 For the teacher.")  # the number follows the title
    for record in records("--copies", "3", "--seed", "12"):
        sheet = record["sheet"]
        assert re.search(rf"Sheet {sheet} of 3: code 4M6-\d+, seed \d+", text)
        for answer in record["answers"]:  # one a move, as the sheet counts them (review rv44 C1): no "S or O in A1"
            assert f"{answer['letter']} in {answer['cell']}" in text, where(record)
    assert " S or O in " not in text
    assert "Taking the most points now (" in text and "is not best." in text
    assert "Nothing scores here. After" in text
    assert "now; no other move scores" in text
    assert outline(files["answers.pdf"]) == ["SOS: puzzle answer key", "Sheet 1", "Sheet 2", "Sheet 3"]


def ahead(value: int, other: str) -> str:
    """Says a value as the key does: "2 points more than B", "1 point fewer than A", "as many points as B"."""
    if value == 0:
        return f"as many points as {other}"
    count = f"{abs(value)} point{'s' if abs(value) > 1 else ''}"
    return f"{count} {'more' if value > 0 else 'fewer'} than {other}"


@pytest.mark.xdist_group(GROUPS["--kind", "best-move", "--count", "5", "--copies", "2", "--seed", "40"])
def test_a_best_move_answer_gives_the_values_of_the_greedy_move_and_of_the_best():
    from test_puzzles_engine import oracle

    args = ("--kind", "best-move", "--count", "5", "--copies", "2", "--seed", "40")
    found = records(*args)
    text = flat(" ".join(texts(made(*args)["answers.pdf"])))
    checked = 0
    for record in found:
        n, board = record["size"], oracle_board(record["board"])
        if board.count(".") > 10:
            continue
        values = oracle.move_values(board, n)
        gains = {move: oracle.points(board, n, *move) for move in values}
        most = max(gains.values())
        greedy = max(values[move] for move in values if gains[move] == most)
        best = max(values.values())
        seat, other = record["to_move"], "B" if record["to_move"] == "A" else "A"
        assert f"{seat} scores {ahead(greedy, other)} after " in text, where(record)
        assert f"and {ahead(best, other)} after " in text, where(record)
        checked += 1
    assert checked >= 3


# --- languages, paper, large print -----------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("--lang", "fr", "--size", "5"),
        ("--lang", "en+fr", "--paper", "letter", "--size", "6", "--notation", "L1C1"),
        ("--large-print", "--size", "4"),
        ("--large-print", "--lang", "en+fr", "--paper", "letter", "--size", "6", "--count", "12"),
        ("--class-name", "CM1 Smith & Co <B>", "--kind", "no-gift", "--count", "12"),
        # The key's running head, a sheet's code in two languages, ran under its page number in two (issue 23).
        ("--large-print", "--lang", "fr+en", "--paper", "letter", "--copies", "3"),
    ],
)
def test_every_page_keeps_its_words_apart_and_inside_the_margins(args):
    for name in ("puzzles.pdf", "answers.pdf"):
        with pages(made(*args)[name]) as pdf:
            for number, page in enumerate(pdf.pages, start=1):
                assert nearest_edge(page) >= 12.0, (name, number)
                assert not overlapping(page), (name, number)


def overlapping(page) -> list[tuple[str, str]]:
    """Returns the pairs of printed characters whose boxes overlap by more than a hair (0.3 pt)."""
    height = page.height
    boxes = [(c.x0, c.x1, height - c.y1, height - c.y0, c.get_text()) for c in chars(page)]  # top and bottom
    shown = sorted((box for box in boxes if box[4].strip()), key=lambda box: box[0])
    found = []
    for k, (_, a_x1, a_top, a_bottom, a_text) in enumerate(shown):
        for b_x0, _, b_top, b_bottom, b_text in shown[k + 1 :]:
            if b_x0 >= a_x1 - 0.3:
                break
            if min(a_bottom, b_bottom) - max(a_top, b_top) > 0.3:
                found.append((a_text, b_text))
    return found


def test_french_sheets_say_tu_and_the_french_key_says_vous():
    files = made("--lang", "fr", "--size", "5")
    sheet = flat(" ".join(texts(files["puzzles.pdf"])))
    key = flat(" ".join(texts(files["answers.pdf"])))
    # « SOS : défis » called every puzzle a défi, while only the starred ones are (issue 23, review 34 P3).
    assert "SOS : casse-têtes" in sheet and "défis" not in sheet + key and "S ou O" in sheet
    for record in records("--lang", "fr", "--size", "5"):
        # « À A de jouer » set a preposition beside a seat of the same letter (readfrB); « C'est à A de jouer. Il y a
        # une seule réponse. » took two lines where the English takes one, and the sheet two pages (issue 23); « C'est
        # à A. » was clipped speech, and « C'est au tour de A. » too wide on Letter (session 37 P9); « Au tour de A. »
        # (French read fr38, B3) and « deux réponses » in words (B16) still cost the Letter sheet its sentence on the
        # dashed lines.
        assert f"{record['number']}. " in sheet and f"{record['to_move']} joue. " in sheet
    several = [r for r in records("--lang", "fr", "--size", "5") if len(r["answers"]) > 1]
    assert several
    for record in several:
        count = len(record["answers"])
        assert f"{record['to_move']} joue. Il y a {count} réponses : écris-en une." in sheet
    single = [r for r in records("--lang", "fr", "--size", "5") if len(r["answers"]) == 1]
    assert single
    for record in single:
        assert f"{record['to_move']} joue. Il y a une seule réponse." in sheet
    assert "En jouant, chaque fois que tu marques, tu rejoues. Ici, écris un seul coup." in sheet
    assert "Gardez ce corrigé" in key and "Code 5M6-1, tirage 1" in key
    assert "Pour remplacer la fiche perdue d’un enfant, relancez l’impression d’un seul exemplaire" in key
    # Where the teacher gives the seed; the table's cells and the board's cells told apart; which file starts each
    # sheet on a page of its own (the key itself does not); « recto-verso », the noun, hyphenated (readfrB).
    assert (
        "avec le même numéro de tirage (le champ « Numéro de tirage » de la page web, --seed dans le terminal)" in key
    )
    # Every right letter: a box may hold two, each with its cells (French read fr73, 8).
    assert (
        "Chaque cellule du tableau donne toutes les bonnes réponses : chaque bonne lettre en gras (S/O si les deux "
        "conviennent), puis les cases où elle peut aller" in key.replace("’", "'")
    )
    assert "(par exemple B2) ; n’importe laquelle est juste." in key
    # A 5 x 5 sheet takes two pages: it may be printed two-sided (review rv44 B5); one sheet, no other child's.
    assert (
        "La fiche de casse-têtes (fichier puzzles.pdf) compte 2 pages : imprimez tout le fichier en recto verso." in key
    )


def test_the_gifts_the_sheet_shows_are_every_line_of_three_one_letter_completes():
    from sos_print.plans.worksheets import GIFT_PATTERNS

    # Three cells of a line, one of them empty: a gift when one letter there scores (the oracle, on a 3 × 3 row).
    lines = {a + b + c for a in "SO." for b in "SO." for c in "SO." if (a + b + c).count(".") == 1}
    gifts = {line for line in lines if scoring_moves(line + "......", 3)}
    assert gifts == {"S.S", "SO.", ".OS"} == set(GIFT_PATTERNS)
    for lang, said in (
        # The three lines pictured speak for themselves: "S, empty, S or S, O, empty (or empty, O, S)" was hard to
        # read for a child of eight alone (issue 23, review rv44 C8). Every direction, as the engine counts lines.
        # "Three cells in a line like one of these" named three cells where each picture shows two letters and a
        # gap (French read fr61, 4): "an S-O-S to finish".
        ("en", "Watch out for gifts. Try not to leave an S-O-S to finish, like one of these, in any direction: the"),
        # Advice, not a rule: the engine allows such a move, and « Ne laisse pas » read as a ban (issue 23).
        ("fr", "Attention aux cadeaux. Évite de laisser à l’autre joueur un S-O-S à finir, comme ci-contre, dans"),
    ):
        page = flat(texts(made("--lang", lang)["puzzles.pdf"])[0])
        assert said in page
        # "These" are the pictures, drawn just before the sentence: each gift's letters, its empty cell left out.
        assert page[: page.index(said)].endswith("S S S O O S ")


# « Une case se note par… » was stiff for a child of eight, to whom « noter » is to give a mark (issue 23); the line
# keeps to one line of the tip box on A4 and Letter, in both notations.
CELL_LINES = [
    (("--lang", "fr"), "Une case s’écrit avec la lettre de sa colonne, puis le numéro de sa ligne : B2."),
    (
        ("--lang", "fr", "--paper", "letter"),
        "Une case s’écrit avec la lettre de sa colonne, puis le numéro de sa ligne : B2.",
    ),
    # The labels say L and C: the sentence names them, as the rule sheet does (issue 23, review 34 P2).
    (
        ("--lang", "fr", "--notation", "L1C1"),
        "Une case s’écrit avec sa ligne L (depuis le haut), puis sa colonne C : L2C3.",
    ),
    (
        ("--lang", "fr", "--notation", "L1C1", "--paper", "letter"),
        "Une case s’écrit avec sa ligne L (depuis le haut), puis sa colonne C : L2C3.",
    ),
]


@pytest.mark.parametrize(("args", "line"), CELL_LINES, ids=[" ".join(args) for args, _ in CELL_LINES])
def test_the_french_sheet_says_how_a_cell_is_written_on_one_line(args, line):
    lines = [flat(text).strip() for text in texts(made(*args)["puzzles.pdf"])[0].split("\n")]
    assert line in lines, lines[:12]


# "Write a cell as its row from the top" beside labels L1 to L5 left the L unexplained; the box for "L2C3" was 22 mm,
# short for a child's hand (issue 23, review 34 P2). The sentence says what L is; the box is 30 mm, or as near as the
# sheets' pages allow: no page is added for it, and every sheet of a set has the same.
CELL_BOXES = [
    (("--size", "5"), 30.0, 2),
    (("--size", "6", "--lang", "en+fr"), 30.0, 2),
    ((), 28.0, 1),
    (("--copies", "3"), 28.0, 1),
    (("--size", "5", "--count", "9", "--paper", "letter"), 22.0, 2),
]


@pytest.mark.parametrize(("args", "width", "count"), CELL_BOXES, ids=[" ".join(args) for args, _, _ in CELL_BOXES])
def test_an_l1c1_sheet_says_what_l_is_and_gives_the_cell_name_a_wide_box(args, width, count):
    data = made("--notation", "l1c1", *args)["puzzles.pdf"]
    sheets = texts(data)
    assert "Write a cell as its row from the top (L for line), then its column (C): L2C3." in flat(sheets[0])
    height = 11.0 * MM
    with pages(data) as pdf:
        boxes = [r for page in pdf.pages for r in page.rects if abs(r["height"] - height) < 0.5]
    cells = [r["width"] / MM for r in boxes if r["width"] > 14.0 * MM]  # the letter's box is 12 mm
    assert cells and all(abs(cell - width) < 0.2 for cell in cells), sorted(set(round(c, 1) for c in cells))
    copies = int(args[args.index("--copies") + 1]) if "--copies" in args else 1
    assert len(sheets) == count * copies


# --- refusals --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--size", "3"], "3 × 3 positions are too easy to be interesting"),
        (["--size", "7"], "puzzles are printed on boards of 4 × 4 to 6 × 6, not 7 × 7"),
        # "not -1 × -1" named no board (ad85, 10): the line ends with the value
        (["--size", "-1"], "puzzles are printed on boards of 4 × 4 to 6 × 6, not -1\n"),
        (["--size", "0"], "puzzles are printed on boards of 4 × 4 to 6 × 6, not 0\n"),
        (["--count", "13"], "--count"),
        (["--count", "0"], "--count"),
        (["--copies", "201"], "--copies"),
        (["--seed", "1000000"], "--seed"),
        (["--kind", "easy"], "--kind"),
        (["--count", "2"], "--kind mixed takes turns between the three kinds, so it needs --count 3 or more, not 2"),
        (["--lang", "de"], "--lang"),
    ],
)
def test_impossible_requests_are_usage_errors_and_write_nothing(runner, tmp_path, args, message):
    result = invoke(runner, "--out", tmp_path / "out", *args)
    assert result.exit_code == 2, result.output
    assert message in result.output.replace("\n", " ").replace("  ", " ") or message in result.output
    assert not list(tmp_path.iterdir())


def test_an_existing_file_is_kept_without_force_and_replaced_with_it(runner, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "answers.pdf").write_bytes(b"old key")
    result = invoke(runner, "--out", out, "--count", "3")
    assert result.exit_code == 1
    assert sorted(path.name for path in out.iterdir()) == ["answers.pdf"]
    assert (out / "answers.pdf").read_bytes() == b"old key"
    assert invoke(runner, "--out", out, "--count", "3", "--force").exit_code == 0
    assert sorted(path.name for path in out.iterdir()) == ["answers.pdf", "puzzles.json", "puzzles.pdf"]


@pytest.mark.parametrize(
    ("kind", "letter", "english", "french"),
    [
        ("mixed", "M", "M for mixed", "M pour mélangés"),
        ("score-now", "P", "P for points now", "P pour les points tout de suite"),
        ("no-gift", "A", "A for avoid the gift", "A pour aucun cadeau"),  # « Aucun cadeau », as the key's columns
        ("best-move", "E", "E for expert: the best move", "E pour expert : le meilleur coup"),
    ],
)
def test_a_sheets_code_has_a_letter_that_reads_in_both_languages_and_the_key_explains_it(kind, letter, english, french):
    for lang, explained in (("en", english), ("fr", french)):
        files = made("--kind", kind, "--seed", "3", "--lang", lang)
        assert f"Code 4{letter}6-3" in flat(texts(files["puzzles.pdf"])[0])
        assert explained in flat(" ".join(texts(files["answers.pdf"]))).replace("\u202f", " ")


# --- pages a child can use, a key a teacher marks from ---------------------------------------


def _board_runs(page, size: int, blank: bool | None = None):
    """Yields each board on a page as (its vertical lines' x, left to right; its top and bottom), the lines as long
    as the board is wide, read left to right in runs of `size` + 1 (two boards may share a row): the puzzles' (a
    letter in them) where `blank` is False, the working space's blank grids where it is True, else both."""
    verticals = [line for line in page.lines if abs(line["x0"] - line["x1"]) < 0.01]
    letters = [c for c in page.chars if c["text"] in "SO"] if blank is not None else []
    for span in {(round(line["top"], 1), round(line["bottom"], 1)) for line in verticals}:
        xs = sorted(
            {round(line["x0"], 2) for line in verticals if (round(line["top"], 1), round(line["bottom"], 1)) == span}
        )
        for start in range(0, len(xs) - size, size + 1):
            run = xs[start : start + size + 1]
            if abs((run[-1] - run[0]) - (span[1] - span[0])) < 0.5:
                empty = not any(
                    run[0] < c["x0"] < run[-1] and span[0] < c["top"] < span[1] for c in letters
                )  # fmt: skip
                if blank is None or empty == blank:
                    yield run, span


def board_cells(page, size: int, blank: bool | None = None) -> list[list[float]]:
    """Returns the cell widths (mm) of each puzzle board on a page (of each blank grid, if `blank`; of both, None)."""
    return [[(b - a) / 72 * 25.4 for a, b in pairwise(run)] for run, _ in _board_runs(page, size, blank)]


def board_boxes(page, size: int, blank: bool | None = None) -> list[tuple[float, float]]:
    """Returns the left edge and top (mm from the page's top-left corner) of each puzzle board on a page (of each
    blank grid, if `blank`; of both, None)."""
    found = [(run[0] / MM, span[0] / MM) for run, span in _board_runs(page, size, blank)]
    return sorted(found, key=lambda box: (round(box[1]), box[0]))


# A sheet's boards on each page, two a row: the French sheet fell to one column on two A4 pages (a class set of 60
# pages where the English one is 30), Letter to one column, the large-print French and Letter sheets to three pages
# with a page holding the tip box alone or one row over a blank half. The French A4 sheet then took two pages of two
# columns, its text about 27 mm longer than the English: one page, as the English. The Letter sheet, 17.6 mm shorter
# than A4, took two pages, the second holding puzzles 5 and 6 alone: one page, set closer, with its 10 mm cells
# (issue 23). Large print's boards, grown with their letters to 15 mm cells at least (review rv44 A2), took a row of
# two a page, over working space, and a sheet of twelve six pages (dz100, 3): in 13 mm cells, their answer boxes beside
# them, two rows a page, the first page's under the tip box. A sheet of three pages ends with a working page of blank
# grids, as many as it holds, so that it prints two-sided (review rv44 B5). A page whose puzzles leave room at its
# foot for a row of blank grids holds them under its puzzles as working space, not a blank band (review rv50 C6). The
# boards on each page, blank grids included, and in how many columns the puzzles stand:
SHEET_PAGES = [
    ((), (6,), 2),
    (("--lang", "fr"), (6,), 2),
    (("--paper", "letter"), (6,), 2),
    (("--paper", "letter", "--lang", "fr"), (6,), 2),
    (("--large-print",), (2, 4), 2),
    # A later page says what dashed lines are in its title's place (review des41, B1).
    (("--large-print", "--lang", "fr"), (2, 4), 2),
    # Two a row on Letter too: two columns once missed the page by 1.1 mm and each page's right third stood blank
    # (review rv52 C3).
    (("--large-print", "--paper", "letter"), (2, 4), 2),
    (("--large-print", "--paper", "letter", "--lang", "fr"), (2, 4), 2),
]


@pytest.mark.parametrize(
    ("args", "boards", "columns"),
    [grouped(*case) for case in SHEET_PAGES],
    ids=[" ".join(args) or "A4" for args, _, _ in SHEET_PAGES],
)
def test_a_4x4_sheet_sets_its_boards_two_a_row_on_the_fewest_pages(args, boards, columns):
    with pages(made(*args)["puzzles.pdf"]) as pdf:
        found = [board_boxes(page, 4) for page in pdf.pages]
        puzzles = [board_boxes(page, 4, blank=False) for page in pdf.pages]
    assert tuple(len(page) for page in found) == boards
    assert {len({round(left) for left, _ in page}) for page in puzzles if len(page) > 1} == {columns}, puzzles


# A 5 x 5 sheet held puzzles 1 to 4 on its first page and 5 and 6 on the second, about 55 % of it white (a class set of
# 60 pages, 30 half blank); a 6 x 6 sheet held two under the reminder and four on the second page, a third of the first
# white (issue 23, review des38 A5). Six puzzles of either size do not fit one page with cells of 10 mm: each page
# holds three, two a row and the third alone in its row, set as they are (on 6 x 6, scoring again is told over the
# second page's). A two-language 6 x 6 sheet's reminder, twice as tall, leaves its first page no room
# for three. Since the third reads as the others, its number and question over its board and its answer boxes under
# it (review des41, B3), its row is as tall as a row of two: the cells are a step smaller, and 5 x 5 in two languages
# and 6 x 6 on Letter, whose pages do not hold three, hold two and four again, in 11 mm cells (10 before). Scoring
# again, told over the second page's puzzles, went unread on the first (review rv44 B3): the whole tip box stays on
# the first page, and a puzzle goes to the second, or the cells are a step smaller. The boards per page (a working
# space's blank grids included, review rv50 C6) and their cells (mm):
BALANCED = [
    # Three a page, the third with a blank grid beside it (review rv52 C1), and two more at the last page's foot.
    (("--size", "5"), (3 + 1, 3 + 1 + 2), 11.0),
    (("--size", "5", "--lang", "fr"), (3 + 1, 3 + 1 + 2), 11.0),
    # The first page's foot in working space (grids in 10 mm cells), not a blank band under 12 mm cells (rv70, 3).
    (("--size", "5", "--lang", "en+fr"), (2 + 2, 4), 11.0),
    (("--size", "5", "--paper", "letter"), (3 + 1, 3 + 1), 11.0),
    (("--size", "5", "--paper", "letter", "--lang", "fr"), (3 + 1, 3 + 1), 11.0),
    (("--size", "5", "--paper", "letter", "--lang", "en+fr"), (2, 4), 11.0),
    (("--size", "6"), (3 + 1, 3 + 1), 11.0),
    (("--size", "6", "--lang", "fr"), (3 + 1, 3 + 1), 11.0),  # evenly since the challenge sentence is shorter (fr49)
    (("--size", "6", "--lang", "en+fr"), (2, 4), 11.0),
    (("--size", "6", "--paper", "letter"), (2 + 2, 4), 11.0),
    (("--size", "6", "--paper", "letter", "--lang", "fr"), (3 + 1, 3 + 1), 10.0),
    # Two pages, not three and a working page's grids in 12 mm cells.
    (("--size", "6", "--paper", "letter", "--lang", "en+fr"), (2, 4), 10.0),
]


# Each answer box is named by its own word, "S or O" and "Cell", on every sheet: a caption over them, "Your answer", was
# left out only where that set the puzzles better, so that the same set read differently from paper to paper and from
# size to size (review rv56 C6). Each page's puzzles, by the letter boxes' word:
ANSWER_WORDS = [
    ((), (6,)),
    (("--paper", "letter"), (6,)),
    (("--large-print",), (2, 4)),
    (("--large-print", "--paper", "letter"), (2, 4)),
    (("--size", "5", "--lang", "fr"), (3, 3)),
    (("--size", "6"), (3, 3)),
    (("--size", "6", "--paper", "letter"), (2, 4)),
    (("--size", "6", "--lang", "en+fr"), (2, 4)),
]


@pytest.mark.parametrize(("args", "found"), ANSWER_WORDS, ids=[" ".join(args) or "A4" for args, _ in ANSWER_WORDS])
def test_every_answer_box_is_named_by_its_own_word_and_none_has_a_caption_over_it(args, found):
    read = [flat(page) for page in texts(made(*args)["puzzles.pdf"])]
    letter, cell = ("S ou O", "Case") if "fr" in args else ("S or O", "Cell")
    assert tuple(page.count(letter) for page in read) == tuple(page.count(cell) for page in read) == found
    assert not any("Your answer" in page or "Ta réponse" in page for page in read)


ANSWER_PLACES = [(), ("--lang", "fr"), ("--lang", "en+fr"), ("--lang", "fr+en"), ("--notation", "l1c1")]
# Not on Letter in two languages: the words of two lines over the boxes leave the first page no room for a third row,
# and the boxes stand after their words where that sets three puzzles a page rather than four and two.
ANSWER_PLACES += [("--paper", "letter"), ("--paper", "letter", "--lang", "fr")]
# Large print's 4 x 4 boards flush with their numbers, the boxes beside them (issue 23, dz100 3).
ANSWER_PLACES += [("--large-print",), ("--large-print", "--paper", "letter", "--lang", "fr")]


@pytest.mark.parametrize("args", ANSWER_PLACES, ids=[" ".join(args) or "A4" for args in ANSWER_PLACES])
def test_every_answer_box_stands_under_its_word_beside_the_board_in_every_language(args):
    # The boxes stood after their words in English and in en+fr, under them in fr+en and in L1C1: a class handed
    # fr+en sheets one week and en+fr the next looked for the answer in two places (review dz89, 1).
    first = "fr" if "fr" in args or "fr+en" in args else "en"
    words = {"en": ("S", "Cell"), "fr": ("S", "Case")}[first]
    with pages(made(*args)["puzzles.pdf"]) as pdf:
        page = pdf.pages[0]
        found = page.extract_words()
        boxes = [rect for rect in page.rects if 6 * MM < rect["height"] < 18 * MM and rect["width"] < 40 * MM]
        labels = [w for w in found if w["text"] in words and (w["text"] != "S" or _next_is(found, w, ("or", "ou")))]
        assert len(labels) >= 4, [w["text"] for w in found]
        for word in labels:
            under = [b for b in boxes if abs(b["x0"] - word["x0"]) < 1 * MM and 0 < b["top"] - word["bottom"] < 9 * MM]
            after = [b for b in boxes if b["x0"] > word["x1"] and b["top"] < word["top"] < b["bottom"]]
            assert under and not after, (word["text"], round(word["x0"] / MM, 1), round(word["top"] / MM, 1))


def _next_is(words: list[dict], word: dict, texts: tuple[str, ...]) -> bool:
    """Tells whether the word after `word` on its line is one of `texts`."""
    following = [w for w in words if abs(w["top"] - word["top"]) < 1 and w["x0"] > word["x1"]]
    return bool(following) and min(following, key=lambda w: w["x0"])["text"] in texts


@pytest.mark.parametrize(("args", "boards", "cell"), BALANCED, ids=[" ".join(args) for args, _, _ in BALANCED])
def test_a_5x5_or_6x6_sheet_holds_as_many_puzzles_on_each_page(args, boards, cell):
    size = int(args[1])
    with pages(made(*args)["puzzles.pdf"]) as pdf:
        found = [board_cells(page, size) for page in pdf.pages]
        puzzles = [(page, board_boxes(page, size, blank=False)) for page in pdf.pages]
        lone = [(page, boxes) for page, boxes in puzzles if len(boxes) == 3]
        for page, boxes in lone:
            # The third puzzle alone under the first's board, its number over its own board's top left corner, as
            # the others' (review des41, B3: it stood beside its board).
            left, top = boxes[-1]
            assert abs(left - boxes[0][0]) < 0.1
            words = page.extract_words()
            number = next(w for w in words if re.fullmatch(r"\d+\.", w["text"]) and 0 < top - w["bottom"] / MM < 30)
            assert number["x0"] / MM < left, (number, left)
    assert tuple(len(page) for page in found) == boards
    with pages(made(*args)["puzzles.pdf"]) as pdf:  # a foot's blank grids as the puzzles' cells, or a step smaller
        puzzled = {round(c, 1) for page in pdf.pages for board in board_cells(page, size, blank=False) for c in board}
        blank = {round(c, 1) for page in pdf.pages for board in board_cells(page, size, blank=True) for c in board}
    assert puzzled == {cell} and all(10.0 <= c <= cell for c in blank), (puzzled, blank)


# A sheet of score-now puzzles began "Watch out for gifts.", though none of its puzzles is about gifts (issue 23,
# review des38 B13): its reminder leads with its own question, beside the three lines pictured, which are where a move
# scores. The other kinds' questions are about gifts (the best move gives none away): gifts lead them.
LEADS = [
    (("--kind", "score-now"), "Score the most points. Find an S-O-S to finish, like one of these", "gifts"),
    (
        ("--kind", "score-now", "--lang", "fr"),
        "Marque le plus de points. Cherche un S-O-S à finir, comme ci-contre, dans n’importe quel sens, et écris",
        "cadeau",
    ),
    (("--kind", "no-gift"), "Watch out for gifts. Try not to leave", "Score the most points."),
    (("--kind", "best-move"), "Watch out for gifts. Try not to leave", "Score the most points."),
    ((), "Watch out for gifts. Try not to leave", "Score the most points."),
]


@pytest.mark.parametrize(("args", "lead", "absent"), LEADS, ids=[" ".join(args) or "mixed" for args, _, _ in LEADS])
def test_a_sheets_reminder_leads_with_what_its_puzzles_ask(args, lead, absent):
    text = flat(texts(made(*args)["puzzles.pdf"])[0])
    assert lead in text
    reminder = text[text.index(lead) : text.index("1. ")]
    assert absent not in reminder, reminder


# The en+fr large-print sheet's first page held the tip box alone (its 174 mm left a row of two puzzles no room), and
# each later page one row: now every page holds puzzles, the tip box shared out over the first pages' rows (issue 23).
# With its French as large as its English (1.5 times its normal size), the Letter sheet sets one puzzle a row: two
# columns of such puzzles leave no room for the tip box on any page. Its boards no smaller than normal print's (11 mm
# cells, not 10: finding 1 of the final review), the A4 sheet took four pages, the tip box shared over the first two;
# with the sentence on the star one line (issue 23, review 37 H1) it takes three, the tip box shared over all three.
TIPS = [
    "Watch out for gifts.",
    "Write a cell as its column letter",
    "Challenge: find the move that ends",
    "Here, write one move.",
]
# The sentence on dashed lines, over the first page's rows and in each later page's title, takes a fourth page from the
# A4 sheet (review des41, B1). The tip box is kept whole on the first page (review rv44 B3): the two-language sheets'
# first page, which its tall tip box leaves no room for a row of puzzles, holds it alone, and the puzzles follow, a row
# a page (the number of boards on each page).
LONE_TIPS = [
    (("--lang", "en+fr", "--large-print"), (0, 2, 2, 2)),
    (("--lang", "fr+en", "--large-print"), (0, 2, 2, 2)),
    (("--lang", "en+fr", "--large-print", "--paper", "letter"), (0, 2, 2, 2)),
    # and working space's blank grids under pages 2 and 3 (review rv50 C6), a working page's (rv44 B5)
    (("--lang", "en", "--large-print"), (2, 4)),
]


@pytest.mark.parametrize(("args", "boards"), LONE_TIPS, ids=[" ".join(args) for args, _ in LONE_TIPS])
def test_no_page_holds_the_tip_box_alone(args, boards):
    data = made(*args)["puzzles.pdf"]
    with pages(data) as pdf:
        assert tuple(len(board_boxes(page, 4)) for page in pdf.pages) == boards
    found = [flat(page) for page in texts(data)]
    assert TIPS[0] in found[0]  # what a gift is, beside the gifts pictured, opens the sheet
    for tip in TIPS:
        assert sum(page.count(tip) for page in found) == 1, tip
    star = next(k for k, page in enumerate(found) if "★" in page or "Challenge:" in page)
    assert any(TIPS[2] in page for page in found[: star + 1]), "the star is explained after the first starred puzzle"


# The tip box's parts, in each language: scoring again stood alone in a box at the top of the second page of the Letter
# two-language sheet, of the French L1C1 6 x 6 one and of the large-print 6 x 6 one of twelve puzzles (and of the A4
# 5 x 5 and 6 x 6 ones): a child working on the first page never read it (issue 23, review rv44 B3).
PANEL = {
    "en": ("Watch out for gifts.", "Here, write one move.", "Challenge: find the move that", "Write a cell as"),
    "fr": ("Attention aux cadeaux.", "Ici, écris un seul coup.", "Défi : trouve le coup qui", "Une case s’écrit"),
}
WHOLE_PANELS = [
    ("--lang", "fr+en", "--paper", "letter"),
    ("--notation", "l1c1", "--lang", "fr", "--size", "6"),
    ("--size", "6", "--large-print", "--count", "12", "--paper", "letter"),
    (
        "--size",
        "5",
    ),
    (
        "--size",
        "6",
    ),
    ("--size", "5", "--lang", "en+fr"),
    ("--size", "6", "--paper", "letter", "--lang", "en+fr"),
    ("--large-print", "--lang", "en+fr"),
    ("--large-print", "--paper", "letter"),
    ("--large-print", "--size", "5", "--lang", "fr", "--count", "12"),
]


@pytest.mark.parametrize("args", [grouped(args) for args in WHOLE_PANELS], ids=" ".join)
def test_the_first_page_holds_the_whole_tip_box_and_no_later_page_a_piece_of_it(args):
    found = [flat(page) for page in texts(made(*args)["puzzles.pdf"])]
    assert len(found) >= 2  # a sheet over pages, where the tip box could split
    langs = args[args.index("--lang") + 1].split("+") if "--lang" in args else ["en"]
    for part in (part for lang in langs for part in PANEL[lang]):
        assert part in found[0], part
        assert not any(part in page for page in found[1:]), part


# When one question of a row wrapped to a line more, its board sat a line lower than its neighbour's. (A page's third
# puzzle alone across it has no neighbour: a row of one.)
@pytest.mark.parametrize("args", [("--lang", "en+fr"), ("--lang", "fr", "--size", "6")], ids=" ".join)
def test_the_boards_of_a_row_share_their_top(args):
    size = int(args[args.index("--size") + 1]) if "--size" in args else 4
    with pages(made(*args)["puzzles.pdf"]) as pdf:
        found = [board_boxes(page, size, blank=False) for page in pdf.pages]
    assert sum(len(page) for page in found) == 6
    for page in found:
        left = min(x for x, _ in page)
        tops = [top for x, top in page if abs(x - left) < 0.1]
        rights = [top for x, top in page if abs(x - left) >= 0.1]
        assert rights and all(any(abs(top - other) < 0.1 for other in tops) for top in rights), page


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", [4, 5, 6])
def test_puzzle_cells_are_at_least_10_mm_at_the_default_count(size, paper):
    with pages(made("--size", str(size), "--paper", paper)["puzzles.pdf"]) as pdf:
        boards = [board for page in pdf.pages for board in board_cells(page, size, blank=False)]
    assert len(boards) == 6, f"{len(boards)} boards found"
    assert min(min(board) for board in boards) >= 10.0 - 0.05, [round(min(board), 1) for board in boards]


def footer_clearance(page) -> float:
    """Returns how far (mm) the sheet's code at the foot of the page, with the page number on its line, stays below
    every other mark: the grids' coordinates, the answer boxes, any word (character boxes, ascent to descent)."""
    code = max((word for word in page.extract_words() if word["text"] == "Code"), key=lambda word: word["bottom"])
    baseline, size = page.height - code["bottom"], code["bottom"] - code["top"]
    drawn = marks(page)
    footer = [mark for mark in chars(page) if abs(mark.y0 - baseline) < 1.0 and abs(mark.size - size) < 1.0]
    assert footer[0].get_text() == "C", "the sheet's code is not the lowest line of the page"
    rest = [mark for mark in drawn if not any(mark is mine for mine in footer)]
    return (min(mark.y0 for mark in rest) - max(mark.y1 for mark in footer)) / MM


LONG_CLASS = "CM1 – Mme Dupont-Lefèvre, École élémentaire Jules Ferry de Saint-Rémy"  # wraps to two lines
# The sheet's code at a page's foot once sat on the column letters of the last row (FR 11: a French question set in
# bold wraps where it was measured in regular; the first row under the reminder had no room for its gap).
FOOTED = [
    ("--kind", "no-gift", "--lang", "fr"),
    ("--kind", "no-gift", "--size", "5", "--paper", "letter", "--lang", "en+fr"),
    ("--kind", "best-move", "--size", "5", "--paper", "letter", "--lang", "en+fr", "--large-print"),
    ("--paper", "letter"),
    ("--kind", "score-now", "--size", "6", "--lang", "fr+en", "--large-print"),
    ("--kind", "no-gift", "--size", "6", "--paper", "letter", "--lang", "fr"),
    ("--kind", "score-now", "--size", "5", "--notation", "L1C1", "--lang", "en+fr", "--count", "12"),
    ("--size", "6", "--paper", "letter", "--notation", "L1C1", "--large-print", "--count", "12"),
    ("--kind", "no-gift", "--size", "4", "--large-print", "--lang", "fr", "--count", "7"),
    # A name field under the title, measured 2 mm shorter than drawn, let the answer boxes reach the code (issue 23,
    # review rv44 B1): a long class name, two languages, large print on Letter, and in normal print.
    (
        "--large-print",
        "--paper",
        "letter",
        "--lang",
        "fr+en",
        "--size",
        "6",
        "--count",
        "4",
        "--class-name",
        LONG_CLASS,
    ),
    ("--paper", "letter", "--lang", "en+fr", "--class-name", LONG_CLASS),
    ("--large-print", "--lang", "fr", "--size", "5", "--class-name", LONG_CLASS),
    ("--large-print", "--size", "6", "--count", "12", "--paper", "letter"),
    ("--large-print", "--count", "12", "--size", "5"),
]


@pytest.mark.parametrize("args", [grouped(args) for args in FOOTED], ids=" ".join)
def test_the_sheets_code_at_the_foot_of_a_page_keeps_clear_of_the_last_row(args):
    with pages(made(*args)["puzzles.pdf"]) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            gap = footer_clearance(page)
            assert gap >= FOOTER_GAP, f"page {number}: the code at the foot is {gap:.1f} mm below the last row"


def test_a_named_sheet_of_a_long_class_keeps_its_code_clear_of_the_tips_and_the_last_row(runner, tmp_path):
    # The review's sheet (rv44 B1): a child's name too long for the title's line goes under it, under a class name of
    # two lines. Its answer boxes sat on the code; with the tip box kept whole, the tip box ran over it.
    roster = tmp_path / "class.txt"
    roster.write_text("Maximilian-Alexander Vandenberghe-Oppenh\nZoé\n", encoding="utf-8")
    args = ("--large-print", "--paper", "letter", "--lang", "fr+en", "--size", "6", "--count", "4")
    result = invoke(runner, "--out", tmp_path / "out", "--roster", roster, "--class-name", LONG_CLASS, *args)
    assert result.exit_code == 0, result.output
    with pages((tmp_path / "out" / "puzzles.pdf").read_bytes()) as pdf:
        gaps = [footer_clearance(page) for page in pdf.pages]
    assert min(gaps) >= FOOTER_GAP, [round(gap, 1) for gap in gaps]


@pytest.mark.parametrize(
    "args",
    [grouped(args) for args in [("--size", "5"), ("--size", "6", "--lang", "fr"), ("--large-print",)]],
    ids=" ".join,
)
def test_the_first_puzzle_of_a_later_page_is_as_far_under_the_name_as_the_first_under_the_reminder(args):
    # On page 2 the first puzzle sat about 2 mm under the name's rule, cramped beside page 1's gap under the frame.
    with pages(made(*args)["puzzles.pdf"]) as pdf:
        assert len(pdf.pages) >= 2
        first, later = pdf.pages[0], pdf.pages[1]
        frame = max((r for r in first.rects if r["width"] > 300), key=lambda r: r["width"])
        number = min(w["top"] for w in first.extract_words() if re.fullmatch(r"\d+\.", w["text"]))
        under_frame = (number - frame["bottom"]) / MM
        name = next(w for w in later.extract_words() if w["text"] in {"Name", "Prénom"})
        rule = min(
            (
                line["top"]
                for line in later.lines
                if line["top"] > name["top"] and abs(line["top"] - line["bottom"]) < 1
            ),
        )
        number = min(w["top"] for w in later.extract_words() if re.fullmatch(r"\d+\.", w["text"]))
        under_name = (number - rule) / MM
        assert under_name >= under_frame - 0.3, f"{under_name:.1f} mm under the name, {under_frame:.1f} under the frame"


def stars(page) -> int:
    """Counts the filled stars on a page: closed paths of ten points."""
    return sum(1 for curve in page.curves if curve.get("fill") and len(curve.get("pts", ())) in (10, 11))


def test_a_best_move_puzzle_is_starred_as_a_challenge_in_both_languages():
    found = records("--seed", "4")
    challenges = sum(record["kind"] == "best-move" for record in found)
    assert challenges >= 1
    # The tip box's sentence on what the best move is opens with the star too: it said "A star" beside none, and a
    # child had to tie « Une étoile » to « Défi » alone (French read fr47, 3b).
    explained = {"en": "Challenge: find the move that ends the game", "fr": "Défi : trouve le coup qui te fera"}
    for lang, word in (("en", "Challenge: find the best move."), ("fr", "Défi\u202f: trouve le meilleur coup.")):
        data = made("--seed", "4", "--lang", lang)["puzzles.pdf"]
        assert " ".join(texts(data)).count(word) == challenges
        boxed = 0
        with pages(data) as pdf:
            assert sum(stars(page) for page in pdf.pages) == challenges + 1
            for page in pdf.pages:
                words = page.extract_words()
                for star in (c for c in page.curves if c.get("fill") and len(c.get("pts", ())) in (10, 11)):
                    # On the question's line, between the number and the question ("3. ★ Challenge: …"): on the
                    # line under it, it read as a bullet for "It is B's turn".
                    middle = (star["top"] + star["bottom"]) / 2
                    line = [w for w in words if w["top"] < middle < w["bottom"]]
                    before = [w for w in line if w["x1"] <= star["x0"]]
                    after = sorted((w for w in line if w["x0"] >= star["x1"]), key=lambda w: w["x0"])
                    if flat(" ".join(w["text"] for w in after)).startswith(explained[lang]):
                        boxed += 1
                        continue
                    assert before and re.fullmatch(r"\d+\.", max(before, key=lambda w: w["x1"])["text"]), line
                    assert after and after[0]["text"] == word.split()[0], line
        assert boxed == 1


# A sheet of no challenge draws no star: the tip box's first sentence opened with one on score-now and no-gift sheets,
# where a child looked for the starred puzzles (review rv48 A1).
@pytest.mark.parametrize(
    "args",
    [
        ("--kind", "score-now"),
        ("--kind", "no-gift", "--size", "5"),
        ("--kind", "no-gift", "--lang", "fr", "--large-print"),
    ],
    ids=["score-now", "no-gift 5x5", "no-gift fr large"],
)
def test_a_sheet_without_a_challenge_draws_no_star(args):
    with pages(made(*args)["puzzles.pdf"]) as pdf:
        assert sum(stars(page) for page in pdf.pages) == 0


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_large_print_keeps_two_columns_of_4x4_puzzles_four_a_page(paper):
    # Twelve large-print puzzles took a page each two at a time (one column), then, their boards grown with their
    # letters to 15 mm cells at least (review rv44 A2), a row of two a page over working space: six pages, 180 for a
    # class (issue 23, dz100 3). In 13 mm cells, their answer boxes beside them, four a page: two under the tip box,
    # then four, four, and the last two over working space.
    with pages(made("--large-print", "--count", "12", "--paper", paper)["puzzles.pdf"]) as pdf:
        assert len(pdf.pages) == 4
        assert [len(board_cells(page, 4, blank=False)) for page in pdf.pages] == [2, 4, 4, 2]


def second_language_sizes(data: bytes) -> dict[str, float]:
    """Returns each word printed in the second language's grey on a sheet, with the least size (points) it has."""
    found: dict[str, float] = {}
    with pages(data) as pdf:
        for page in pdf.pages:
            for word in page.extract_words(extra_attrs=["size", "non_stroking_color"]):
                if word["non_stroking_color"] in ((0.25,), [0.25], 0.25):
                    found[word["text"]] = min(found.get(word["text"], 99.0), word["size"])
    return found


# --help promises every word at least one and a half times larger: the French of an en+fr large-print sheet (the tip
# box, the questions, whose turn it is, "Case", "S ou O") was set 1.25 times its normal size (issue 23).
@pytest.mark.parametrize("lang", ["en+fr", "fr+en"])
def test_large_print_sets_the_second_language_one_and_a_half_times_its_normal_size(lang):
    normal = second_language_sizes(made("--lang", lang)["puzzles.pdf"])
    large = second_language_sizes(made("--lang", lang, "--large-print")["puzzles.pdf"])
    shared = normal.keys() & large.keys()
    assert len(shared) >= 20, sorted(shared)
    assert {"Case", "ou"} <= shared or {"Cell", "or"} <= shared
    small = {word: (normal[word], large[word]) for word in shared if large[word] < 1.5 * normal[word] - 0.01}
    assert not small, small


def test_a_two_language_keys_paragraph_and_its_translation_stand_on_one_page():
    # The French of the code's paragraph stood at page 1's foot, its English alone at page 2's head (review rv76, 9).
    read = [flat(text) for text in texts(made("--lang", "fr+en")["answers.pdf"])]
    french = [k for k, text in enumerate(read) if "Le code imprimé au bas de chaque fiche" in text]
    english = [k for k, text in enumerate(read) if "The code at the foot of a sheet" in text]
    assert french == english and len(french) == 1, (french, english)


# In the large-print key, the heads of columns 3 and 6 read "3." over "Meilleur coup": the number stands alone on its
# line (issue 23). Each head's number keeps its first word.
@pytest.mark.parametrize(
    "args",
    [("--large-print",), ("--large-print", "--lang", "fr"), ("--large-print", "--lang", "en+fr"), ("--lang", "fr")],
    ids=" ".join,
)
def test_each_head_of_the_marking_grid_keeps_its_number_with_its_first_word(args):
    with pages(made(*args)["answers.pdf"]) as pdf:
        words = pdf.pages[0].extract_words()
    numbers = [word for word in words if re.fullmatch(r"[1-6]\.", word["text"])]
    assert len(numbers) >= 6, [word["text"] for word in words[:80]]
    for number in numbers:
        after = [
            word
            for word in words
            if abs(word["top"] - number["top"]) < 1.0 and 0.0 <= word["x0"] - number["x1"] < 3.0 * MM
        ]
        assert after, (number["text"], round(number["top"]))


# The large-print grid of 12 puzzles stood alone on page 1, 70 % of it empty (issue 23, review 34 H11).
@pytest.mark.parametrize(
    "args",
    [("--copies", "1"), ("--copies", "3"), ("--large-print", "--count", "12"), ("--large-print", "--copies", "3")],
)
def test_a_marking_grid_that_leaves_most_of_its_page_empty_is_followed_by_the_explanations(args):
    key = texts(made(*args)["answers.pdf"])
    assert "Every answer explained" in key[0] and "Marking grid" in key[0], key[0][:300]


@CLASS_SET
def test_a_class_set_is_marked_from_a_grid_of_two_pages_that_lists_every_answer():
    from sos_print.plans.answers import marking_tables
    from sos_print.plans.words import Words

    # The key's first two pages are read (its 38 pages hold every answer explained).
    key = [page.extract_text() for page in reader(made("--copies", "30")["answers.pdf"]).pages[:2]]
    # The grid's last rows (sheets 27 to 30 on A4) leave most of page 2 empty: the explanations follow there.
    assert "Marking grid" in key[0] and "\n30\n" in key[1], key[1][:300]
    # Its second page says which table goes on, as the replay's tables do (review rv61, 12).
    assert key[1].split("\n")[2] == "Marking grid, continued", key[1][:300]
    # Each box of the grid holds the answers puzzles.json gives, by letter.
    sheets = puzzle_set(4, 30)
    (table,) = marking_tables(tuple(sheets), Words("en"), Notation.A1)
    by_sheet = {}
    for record in records("--copies", "30"):
        by_sheet.setdefault(record["sheet"], []).append(record)
    for row in table.rows:
        number = int(row[0][0].text)
        for record, cell in zip(by_sheet[number], row[1:], strict=True):
            listed, letter = set(), None
            for entry in cell:
                if entry.bold:
                    letter = entry.text
                elif letter is not None:
                    listed |= {(entry.text.rstrip(","), one) for one in letter.split("/")}
            assert listed == {(answer["cell"], answer["letter"]) for answer in record["answers"]}, (number, record)


# The key says "S/O means either letter", but its grid wrote "S A3 / O A3" on two lines, which read as two answers
# (issue 23, review des38 B11: --copies 30, sheet 13, puzzle 2): a cell where either letter is right is "S/O A3".
@CLASS_SET
def test_the_marking_grid_writes_a_cell_where_either_letter_is_right_once_under_s_o():
    data = made("--copies", "30")
    grid = " ".join(texts(data["answers.pdf"])[:2])
    either = []
    for record in records("--copies", "30"):
        letters: dict[str, set[str]] = {}
        for answer in record["answers"]:
            letters.setdefault(answer["cell"], set()).add(answer["letter"])
        either += [cell for cell, found in letters.items() if found == {"S", "O"}]
    assert len(either) == 10  # seed 1's class set: sheet 13, puzzle 2 (A3) and nine more
    assert "S/O A3" in grid
    assert sorted(re.findall(r"S/O (\S+)", grid)) == sorted(either)
    assert "S A3\nO A3" not in grid


# Large print is for the children's sheets: the key of 30 sheets in large print took 62 pages, its marking grid of 12
# puzzles five, answers wrapping in its columns (issue 23, review des38 A7). It keeps its size, as the kit's teacher's
# notes do: the same type sizes and words, but for the sentence on printing puzzles.pdf two-sided, which says how many
# pages the large-print sheets take (review rv44 B5).
@pytest.mark.parametrize("args", [("--copies", "3"), ("--copies", "2", "--lang", "en+fr", "--paper", "letter")])
def test_the_answer_key_keeps_its_size_in_large_print(args):
    large, normal = made(*args, "--large-print")["answers.pdf"], made(*args)["answers.pdf"]
    assert set(type_sizes(large)) == set(type_sizes(normal))
    # The same words, but for that sentence, which may move a puzzle to the next page, and so the pages' heads.
    apart = re.compile(
        r"(?:In puzzles\.pdf, |Print puzzles\.pdf ).*? back\."
        r"|Dans puzzles\.pdf, .*? verso\.|Imprimez puzzles\.pdf .*? dos\.|Page \d+ (?:of|sur) \d+( / )?"
        r"|SOS: puzzle answer key · [^·]*?seed \d+|SOS : corrigé · [^·]*?tirage \d+"
    )
    said = [apart.sub("", flat(" ".join(texts(data)))).split() for data in (large, normal)]
    assert said[0] == said[1]


# The grid of 30 sheets of 12 puzzles took three pages in two tables, puzzles 1 to 6 on pages 1 and 2 and 7 to 12 on
# pages 2 and 3: a sheet's answers were on two pages (issue 23, review des38 A7). One table, each sheet's row on one
# page, 30 rows on two pages: more than six puzzles are set at 9 pt, headed by their number, their kinds named over
# the grid.
MARKED = [
    (("--copies", "30"), 6, 10.0),
    (("--copies", "30", "--count", "12"), 12, 9.0),
    (("--copies", "30", "--count", "12", "--large-print"), 12, 9.0),
]


@pytest.mark.parametrize(
    ("args", "count", "size"),
    [pytest.param(*case, marks=CLASS_SET) if case[1] == 6 else case for case in MARKED],
    ids=[" ".join(args) for args, _, _ in MARKED],
)
def test_the_marking_grid_of_a_class_set_takes_two_pages_each_sheets_row_on_one(args, count, size):
    data = made(*args)["answers.pdf"]
    grid = [page.extract_text() for page in reader(data).pages[:2]]
    assert "To mark, print pages 1–2 only" in flat(grid[0])
    numbers: list[int] = []
    with pages(data) as pdf:
        for page in pdf.pages[:2]:
            words = page.extract_words(extra_attrs=["size", "fontname"])
            sheet = next(word for word in words if word["text"] == "Sheet")
            heads = [w for w in words if re.fullmatch(r"\d+\.", w["text"]) and abs(w["top"] - sheet["top"]) < 3]
            # Each grid page repeats the heads of every puzzle: one table.
            assert [int(word["text"][:-1]) for word in heads] == list(range(1, count + 1))
            numbers += [int(w["text"]) for w in words if w["x0"] < 26 * MM and w["text"].isdigit() and w["top"] > 80]
            letters = [word for word in words if word["text"] in ("S", "O", "S/O") and "Bold" in word["fontname"]]
            assert letters and {round(word["size"], 1) for word in letters} == {size}
    assert numbers == list(range(1, 31))  # every sheet's row once, in order
    if count > 6:
        legend = (
            "Puzzles 1, 4, 7, 10: most points now; 2, 5, 8, 11: give nothing away; 3, 6, 9, 12: best move (challenge)."
        )
        assert legend in flat(grid[0])


# The 6 x 6 key's last page held puzzle 6 alone, about 80 % white (issue 23): the puzzle before it moves on with it.
KEY_PAGES = [(("--size", "6"), [1, 3, 2]), (("--size", "6", "--lang", "fr"), [1, 3, 2])]


@pytest.mark.parametrize(("args", "counts"), KEY_PAGES, ids=[" ".join(args) for args, _ in KEY_PAGES])
def test_no_page_of_the_answer_key_holds_one_puzzle_alone_but_the_first(args, counts):
    heading = re.compile(r"^\d+\. .*(, [A-D] to play|, au tour de [A-D])$", re.MULTILINE)
    found = [len(heading.findall(flat_lines(page))) for page in texts(made(*args)["answers.pdf"])]
    assert found == counts


@CLASS_SET
def test_a_sheets_heading_in_the_key_has_two_of_its_puzzles_under_it_on_its_page():
    # "Sheet 29 of 30" ended a page with one puzzle under it, which read as the sheet's only one (designer's review
    # dz86, 2).
    sheet = re.compile(r"^Sheet \d+ of 30: code ", re.MULTILINE)
    puzzle = re.compile(r"^\d+\. .*, [A-D] to play$", re.MULTILINE)
    under = []
    for page in texts(made("--copies", "30")["answers.pdf"])[2:]:  # after the marking grid
        text = flat_lines(page)
        for found in sheet.finditer(text):
            under.append(len(puzzle.findall(text, found.end())))
    assert len(under) == 30 and min(under) >= 2, under


def flat_lines(text: str) -> str:
    return "\n".join(flat(line).strip() for line in text.split("\n"))


# Puzzles 4 and 5 swapped kinds on 5 of 30 sheets: their columns were headed by a bare "4" and "5", then "(varies)",
# then by the kind most sheets ask, the other kind's boxes naming theirs in brackets, which a teacher marking down a
# column had to read (issue 23, reviews 33 and 34, H8). Every sheet asks the same kind at each number: each head names
# it, and no box names another.
@pytest.mark.parametrize(
    ("lang", "heads"),
    [
        ("en", ["Sheet", "1. Most points now", "2. Give nothing away", "3. Best move", "4. Most points now",
                "5. Give nothing away", "6. Best move"]),
        ("fr", ["Fiche", "1. Le plus de points", "2. Aucun cadeau", "3. Le meilleur coup", "4. Le plus de points",
                "5. Aucun cadeau", "6. Le meilleur coup"]),
    ],
)  # fmt: skip
@CLASS_SET  # the same 30 sheets as the class set's tests: made once on their test process
def test_each_column_of_the_marking_grid_asks_its_heads_kind_on_every_sheet(lang, heads):
    from sos_print.plans.answers import marking_tables
    from sos_print.plans.words import Words

    sheets = puzzle_set(4, 30)
    (table,) = marking_tables(tuple(sheets), Words(lang), Notation.A1)
    assert [flat(head) for head in table.columns] == heads
    assert all("\u00a0" in head for head in table.columns[1:])  # each number kept with its first word
    for row in table.rows:
        for cell in row[1:]:
            assert cell[0].bold and cell[0].text in ("S/O", "S", "O"), cell  # the answers' first letter, no kind
    if lang == "en":
        first = flat(texts(made("--copies", "30")["answers.pdf"])[0])
        assert "(varies)" not in first and "another kind" not in first and "(Give nothing away)" not in first


# A key in two languages was printed whole once per language, one after the other: 78 pages for a class set of 30
# (issue 23, review item 2.3). It is printed once, as the puzzle sheets are: each heading and paragraph in the first
# language with the second under it, one step down in grey, its marking grid and diagrams once.
ENGLISH_WORDS = {"the", "and", "to", "play", "move", "moves", "scores", "answer", "answers", "sheet", "seed", "of"}
FRENCH_WORDS = {"le", "la", "les", "et", "une", "coup", "coups", "case", "chaque", "pour", "des", "au", "tour", "fiche"}
FRENCH_WORDS |= {"réponse", "réponses", "tirage", "marque", "aucun", "sur", "casse-têtes", "corrigé", "ce", "ici"}


@BOTH_KEY
def test_a_two_language_key_is_printed_once_its_marking_grid_headed_in_both_languages():
    data = made("--copies", "30", "--lang", "en+fr")["answers.pdf"]
    key = texts(data)
    # 39 pages each language; the names outside the boards (H1) save one, and the pictures that name all their lines or
    # none (des38 A3) one more; the pictures that name none (rv44 C2) two more
    assert len(key) == 44
    first = flat(key[0])
    assert first.startswith("SOS: puzzle answer key SOS : corrigé Page 1 of 44 / Page 1 sur 44"), first[:200]
    # « Une rangée » of the table, « une cellule » of it: « ligne » and « case » are the board's words (session 37 P28).
    for words in (
        "Marking grid Grille de correction",
        "One row for each child’s sheet",
        "Une rangée par fiche d’élève (son numéro est en haut de la fiche), une colonne par casse-tête.",
    ):
        assert words in first, words
    with pages(data) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["size", "non_stroking_color"])
    grey = ((0.25,), [0.25], 0.25)
    # Each head in English, its French under it, one step down in grey, in the same column (the head row stands in
    # the page's top 460 pt, under the advice on printing).
    for english, french in [("Sheet", "Fiche"), *((f"{n}.", f"{n}.") for n in range(1, 7))]:
        over = [w for w in words if w["text"] == english and abs(w["size"] - 10.0) < 0.05 and w["top"] < 460]
        under = [w for w in words if w["text"] == french and abs(w["size"] - 9.0) < 0.05 and w["top"] < 460]
        assert len(over) == len(under) == 1, (english, over, under)
        assert under[0]["non_stroking_color"] in grey and over[0]["non_stroking_color"] not in grey
        assert over[0]["bottom"] <= under[0]["top"] and abs(over[0]["x0"] - under[0]["x0"]) < 40, english
    heads = flat(" ".join(w["text"] for w in words if w["top"] < 460))
    for kind in ("Most", "Give", "Best", "Le plus de", "Aucun", "Le meilleur"):
        assert kind in heads, kind


@BOTH_KEY
def test_a_two_language_key_explains_every_sheet_once_in_both_languages():
    args = ("--copies", "30", "--lang", "en+fr")
    data = made(*args)["answers.pdf"]
    lines = [flat(line).strip() for page in texts(data) for line in page.split("\n")]
    assert outline(data) == [
        "SOS: puzzle answer key / SOS\u202f: corrigé",
        *(f"Sheet {n} / Fiche {n}" for n in range(1, 31)),
    ]
    for n in range(1, 31):
        assert sum(line.startswith(f"Sheet {n} of 30: code") for line in lines) == 1, n
        assert sum(line.startswith(f"Fiche {n} sur 30 : code") for line in lines) == 1, n
    # Each puzzle's heading in English, its French right under it; each diagram once, its answers marked.
    english = [k for k, line in enumerate(lines) if re.fullmatch(r"\d\. .*, [A-D] to play", line)]
    assert len(english) == 180
    assert all(re.fullmatch(r"\d\. .*, au tour de [A-D]", lines[k + 1]) for k in english)
    expected = []
    for record in records(*args):
        cells: dict[str, list[str]] = {}
        for answer in record["answers"]:
            cells.setdefault(answer["cell"], []).append(answer["letter"])
        expected += [(cell, "/".join(sorted(letters, key="SO".index))) for cell, letters in cells.items()]
    assert Counter(marked_cells(data)) == Counter(expected)
    # The explanations' introduction, each paragraph followed by its French.
    text = flat(" ".join(texts(data)[:4]))
    # Each solid line, not "a line": an answer completing two S-O-S has both drawn (French read fr64, 9).
    assert "Where there is one answer, each solid line through it is an S-O-S it completes" in text
    assert "Quand il y a une seule réponse, chaque trait plein montre un S-O-S qu’elle complète" in text
    # What the dashed lines are, as the children's sheets say it (review rv63, 5), then the French paragraph.
    assert "Dashed lines are S-O-S already made, as on the children’s sheets. Chaque réponse ci-dessous" in text
    assert "Les traits en pointillés sont des S-O-S déjà faits, comme sur les fiches des élèves." in text
    assert "Every answer explained Toutes les réponses expliquées Every answer below" in text


@BOTH_KEY
def test_the_french_of_a_two_language_key_keeps_french_typography():
    data = made("--copies", "30", "--lang", "en+fr")["answers.pdf"]
    lines = [line for page in texts(data) for line in page.split("\n")]
    checked = 0
    for line in lines:
        found = set(re.findall(r"[a-zàâçéèêëîïôûùüÿœ]+", line.lower()))
        if found & FRENCH_WORDS and not found & ENGLISH_WORDS:
            for match in re.finditer(r"[;:!?»]", line):
                assert line[match.start() - 1] == "\u202f", line
                checked += 1
            assert "'" not in line, line
        elif found & ENGLISH_WORDS and not found & FRENCH_WORDS:
            assert "\u202f" not in line, line
    assert checked >= 300


# In large print, a puzzle's text in two languages set beside its diagram was far taller than the diagram: the key
# held two puzzles a page or one, 143 pages for a class set on Letter against 137 for the two keys apart. Its text ran
# on under the diagram across the page, where it read as the diagram's or the next puzzle's (issue 23, review 37 H3):
# it keeps its column beside the diagram, the key as long.
# The key keeps its size in large print since (issue 23, review des38 A7): the test reads the Letter key of 3 sheets.
# 6 pages, not 7, since the advice on printing puzzles.pdf stands on page 1 (French read fr46, P9).
def test_a_two_language_key_keeps_each_puzzles_text_in_its_column_beside_the_diagram():
    args = ("--copies", "3", "--paper", "letter")
    key = made(*args, "--lang", "fr+en")["answers.pdf"]
    assert len(texts(key)) == 6
    assert [len(texts(made(*args, "--lang", lang)["answers.pdf"])) for lang in ("fr", "en")] == [5, 5]
    starts = ("Nothing scores here.", "This move scores", "Each of these moves scores", "Taking the most points")
    # From the first puzzle on, no word stands left of the text's column but a board's letters, coordinates, answer
    # numbers and line names, the running head and a sheet's heading (with its code).
    board = re.compile(r"^(?:[SOA-F]|\d+|[\d,]+|S/O|[A-F]\d[-–][A-F]\d)$")
    with pages(key) as pdf:
        found = [page.extract_text_lines() for page in pdf.pages]
        placed = [page.extract_words() for page in pdf.pages]
    # A why's line level with a board's row reads after its letters ("1 S S This move scores"): its first word is
    # found on the line after them.
    lines, xs = [], []
    for page, words in zip(found, placed, strict=True):
        for line in page:
            start = next((start for start in starts if start in line["text"]), None)
            before = line["text"].split(start)[0].split() if start else ["?"]
            if start and all(board.match(word) for word in before):
                lines.append(line)
                first = start.split()[0]
                xs.append(
                    max(w["x0"] for w in words if w["text"] == first and line["top"] - 1 < w["top"] < line["bottom"])
                )
    assert len(lines) == 18, [line["text"] for line in lines]  # every puzzle's why, in English under the French
    column = min(xs)
    assert column > 45 * MM, column / MM  # beside the diagram
    first = next(k for k, page in enumerate(found) if any(line in lines for line in page))
    top = min(line["top"] for line in found[first] if line in lines)
    with pages(key) as pdf:
        for k, page in enumerate(pdf.pages[first:], start=first):
            words = page.extract_words()
            headed = [w["top"] for w in words if w["text"].lower().startswith("code") or w["top"] < 40 * MM]
            left = [
                w["text"]
                for w in words
                if w["x0"] < column - 1
                and (k > first or w["top"] > top)
                and not any(abs(w["top"] - head) < 3 for head in headed)
            ]
            assert all(board.match(text) for text in left), (k + 1, left)


CLASS = [
    "Léa Martin", "Tom Dubois", "Aïcha Benali", "Noah Smith", "Emma Johnson", "Lucas Bernard", "Chloé Petit",
    "Mohammed Al-Rashid", "Olivia Brown", "Hugo Lefèvre", "Zoé Moreau", "Ethan Williams", "Inès Fontaine",
    "Jules Garnier", "Maëlle Rousseau", "Liam O'Connor", "Sofia Rossi", "Nathan Girard", "Camille Dupont",
]  # fmt: skip


@cache
def grid_lines(data: bytes) -> tuple[tuple[tuple[str, bool], ...], ...]:
    """Returns each line of text in the answer boxes of the key's marking grid (its first two pages): its words,
    each with whether it is bold; the first column (the sheet or the child) is left out (read once per key: two
    tests read the class set's)."""
    found = []
    with pages(data) as pdf:
        for page in pdf.pages[:2]:
            words = page.extract_words(extra_attrs=["fontname"])
            # The answer boxes: the headings' are shaded grey.
            boxes = [r for r in page.rects if r["width"] > 15 and 15 < r["height"] < 80 and not r["fill"]]
            first = min((r["x0"] for r in boxes), default=0.0)
            for rect in boxes:
                if rect["x0"] <= first + 1:
                    continue
                inside = [
                    w
                    for w in words
                    if rect["x0"] < (w["x0"] + w["x1"]) / 2 < rect["x1"]
                    and rect["top"] < (w["top"] + w["bottom"]) / 2 < rect["bottom"]
                ]
                lines: dict[float, list] = {}
                for word in sorted(inside, key=lambda w: w["x0"]):
                    lines.setdefault(round(word["top"]), []).append((word["text"], "Bold" in word["fontname"]))
                found += [tuple(line) for _, line in sorted(lines.items())]
    return tuple(found)


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(("--copies", "30"), marks=CLASS_SET),
        pytest.param(("--copies", "30", "--lang", "en+fr"), marks=BOTH_KEY),
        grouped(("--large-print",)),
        ("--lang", "fr", "--copies", "30"),
        ("--roster",),
    ],
    ids=" ".join,
)
def test_each_letter_of_the_marking_grid_keeps_its_cells_on_its_line(args, runner, tmp_path):
    # "S C3 O" / "A2 B2" read as S in C3, and an O with no cell: a letter and its cells are one group, broken
    # from the next group only.
    if args == ("--roster",):
        roster = tmp_path / "class.txt"
        roster.write_text("\n".join(CLASS) + "\n", encoding="utf-8")
        result = invoke(runner, "--out", tmp_path / "out", "--roster", roster)
        assert result.exit_code == 0, result.output
        data = (tmp_path / "out" / "answers.pdf").read_bytes()
    else:
        data = made(*args)["answers.pdf"]
    lines = grid_lines(data)
    groups = [line for line in lines if any(bold for _, bold in line)]
    assert len(groups) >= 30 if args != ("--large-print",) else len(groups) >= 6, lines
    for line in lines:
        assert line[0][1] and line[0][0] in {"S", "O", "S/O"}, f"a line of the grid starts without its letter: {line}"
        for (word, bold), (after, after_bold) in pairwise([*line, ("", True)]):
            if bold:
                assert word in {"S", "O", "S/O"} and after and not after_bold, f"{word} is apart from its cells: {line}"


@CLASS_SET
def test_each_letter_of_the_marking_grid_has_a_line_of_its_own_its_cells_parted_by_commas():
    # "S D2 O B3 D1" (S in D2, O in B3 or D1) was told apart by its bold letters alone, and wrapped as it fell.
    lines = grid_lines(made("--copies", "30")["answers.pdf"])
    assert sum(line[0][0] == "O" for line in lines) > 30  # the O lines: some under an S line of the same box
    for line in lines:
        assert [bold for _, bold in line].count(True) == 1, line
        cells = [word for word, bold in line if not bold]
        assert all(word.endswith(",") for word in cells[:-1]) and not cells[-1].endswith(","), line
        # In the order of their names: "O C4, B2, C1" had a teacher search the list for a child's B2.
        names = [word.rstrip(",") for word in cells]
        assert names == sorted(names, key=lambda name: (name[0], int(name[1:]))), line


def test_a_letter_whose_cells_overflow_a_box_of_the_marking_grid_starts_their_line_and_they_go_on_under_it():
    # In a grid of twelve puzzles, "O C4, B2, C1" is wider than a twelfth of the page: its cells go on under it, and
    # no letter ends a line or shares one with the end of another letter's cells.
    lines = grid_lines(made("--lang", "fr", "--copies", "5", "--count", "12")["answers.pdf"])
    assert any(not line[0][1] for line in lines)  # a group is too wide here: the case is tested
    for before, line in pairwise(lines):
        if not line[0][1]:
            assert not before[-1][1], (before, line)
        for (word, bold), (after, after_bold) in pairwise([*line, ("", True)]):
            if bold:
                assert word in {"S", "O", "S/O"} and after and not after_bold, f"{word} is apart from its cells: {line}"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_in_l1c1_a_marking_grid_of_twelve_puzzles_sets_every_letter_over_its_cells(paper):
    # In twelve columns, L1C1's "O L2C2" is wider than a box where "S L1C2" is not: "O" stood alone over "L2C2" in the
    # column where "S L1C2" stood on one line, a letter alone read as an answer of its own (review rv55, C4).
    args = ("--lang", "fr", "--copies", "5", "--count", "12", "--notation", "l1c1", "--paper", paper)
    lines = grid_lines(made(*args)["answers.pdf"])
    assert sum(any(bold for _, bold in line) for line in lines) >= 60  # five sheets of twelve puzzles
    for line, after in pairwise([*lines, ()]):
        if any(bold for _, bold in line):
            assert len(line) == 1 and line[0][0] in {"S", "O", "S/O"}, f"a letter beside its cell: {line}"
            assert after and not after[0][1], f"{line[0][0]} is not over its cells: {after}"


@pytest.mark.parametrize("args", [grouped(()), ("--lang", "fr", "--copies", "3")])
def test_every_cell_and_heading_of_the_marking_grid_is_centred(args):
    # Columns 1 to 5 were centred and the sixth (the one that takes the width left) and the headings were not.
    with pages(made(*args)["answers.pdf"]) as pdf:
        page = pdf.pages[0]
        words = page.extract_words()
        cells = [rect for rect in page.rects if rect["width"] > 20 and rect["height"] < 40]
        checked = 0
        for rect in cells:
            inside = [
                word
                for word in words
                if rect["x0"] < (word["x0"] + word["x1"]) / 2 < rect["x1"]
                and rect["top"] < (word["top"] + word["bottom"]) / 2 < rect["bottom"]
            ]
            lines: dict[float, list] = {}
            for word in inside:
                lines.setdefault(round(word["top"]), []).append(word)
            for line in lines.values():
                left = min(word["x0"] for word in line) - rect["x0"]
                right = rect["x1"] - max(word["x1"] for word in line)
                assert abs(left - right) < 2.0, (line[0]["text"], round(left, 1), round(right, 1))
                checked += 1
        assert checked >= 13  # the six headings' lines, and every answer of the row


# A teacher marking a class set holds a page that continues sheet 7: its head says so, with the sheet's code. A page
# holding several sheets' answers named the first alone: a teacher looking for sheet 2 by the heads skipped the page it
# starts halfway down (issue 23, rv48 C6); it names the first and last, as a dictionary's guide words do.
RUNNING_HEADS = [
    pytest.param(
        ("--copies", "30"),
        r"Sheet (\d+) of 30: code [0-9A-Z-]+, seed \d+",
        ("Sheets {} and {} of 30", "Sheets {} to {} of 30"),
        marks=CLASS_SET,
        id="30 sheets",
    ),
    pytest.param(
        ("--copies", "3", "--lang", "fr"),
        r"Fiche (\d+) sur 3 : code [0-9A-Z-]+, tirage \d+",
        ("Fiches {} et {} sur 3", "Fiches {} à {} sur 3"),
        id="3 sheets fr",
    ),
]


@pytest.mark.parametrize(("args", "sheet", "shared"), RUNNING_HEADS)
def test_every_page_of_the_explanations_names_in_its_running_head_the_sheets_whose_answers_it_holds(
    args, sheet, shared
):
    key = [text.replace("\u202f", " ").replace("\u00a0", " ") for text in texts(made(*args)["answers.pdf"])]
    explained = next(k for k, text in enumerate(key) if "Every answer explained" in text or "expliquée" in text)
    # The sheets' headings, as the pages give them in order.
    seen = [int(re.fullmatch(sheet, line)[1]) for line in key[explained].splitlines() if re.fullmatch(sheet, line)]
    several = 0
    for text in key[explained + 1 :]:
        head, _, *body = text.splitlines()
        started = [int(re.fullmatch(sheet, line)[1]) for line in body if re.fullmatch(sheet, line)]
        # A puzzle ("5. Give nothing away, ...") before the page's first sheet heading is the sheet carried on's.
        before = body[: next((k for k, line in enumerate(body) if re.fullmatch(sheet, line)), len(body))]
        on = ([seen[-1]] if any(re.match(r"\d+\. ", line) for line in before) else []) + started
        title = head.split(" · ")[0]
        if on[0] == on[-1]:
            # Its number and code, not the seed the code holds: after a child's name it wrapped (review rv50, C7).
            named = re.fullmatch(sheet.split(", ")[0], head[len(title) + 3 :])
            assert named and int(named[1]) == on[0], (head, on)
        else:
            several += 1
            assert head == f"{title} · " + shared[on[-1] > on[0] + 1].format(on[0], on[-1]), (head, on)
        seen.extend(started)
    assert len(key) - explained - 1 >= 2
    assert several  # the case shows a page shared by two sheets


def column_rows(page, size: int, notation: str) -> list[tuple[float, float, float]]:
    """Returns (left, right, baseline) in points of each run of a board's column names on a page ("A B C D", or
    "C1 C2 C3 C4"), each name a word of its own, left to right, level with the others."""
    names = [f"C{col + 1}" if notation == "L1C1" else "ABCDEFGH"[col] for col in range(size)]
    words = page.extract_words()
    found = []
    for word in words:
        if word["text"] != names[0]:
            continue
        level = sorted(
            (w for w in words if abs(w["bottom"] - word["bottom"]) < 0.5 and w["x0"] >= word["x0"]),
            key=lambda w: w["x0"],
        )[:size]
        if [w["text"] for w in level] == names:
            found.append((word["x0"], level[-1]["x1"], word["bottom"]))
    return found


KEYED = [
    ("--kind", "score-now"),
    (),
    ("--lang", "fr", "--paper", "letter"),
    ("--kind", "score-now", "--notation", "L1C1", "--seed", "3"),
    ("--kind", "score-now", "--size", "5", "--large-print", "--seed", "2"),
    ("--kind", "score-now", "--size", "6", "--lang", "en+fr", "--copies", "2"),
]


@pytest.mark.parametrize("args", [grouped(args) for args in KEYED], ids=" ".join)
def test_each_board_of_the_key_has_its_column_names_where_counting_starts_and_every_mark_inside_the_margins(args):
    # A diagonal's name once sent a board's column letters above it, under the letters of the board before, and hung
    # into the left margin (FR 14, EN 24c): the letters stay under the board (over it in L1C1), the names find room.
    size = int(dict(zip(args[::2], args[1::2], strict=False)).get("--size", "4"))
    notation = "L1C1" if "L1C1" in args else "A1"
    with pages(made(*args)["answers.pdf"]) as pdf:
        boards = 0
        for number, page in enumerate(pdf.pages, start=1):
            spans: dict[tuple[float, float], set[float]] = {}
            for line in page.lines:
                if abs(line["x0"] - line["x1"]) < 0.01:
                    spans.setdefault((round(line["top"], 1), round(line["bottom"], 1)), set()).add(round(line["x0"], 1))
            rows = column_rows(page, size, notation)
            for (top, bottom), xs in spans.items():
                if len(xs) < size + 1 or abs(max(xs) - min(xs) - (bottom - top)) > 1.0:
                    continue  # not a board: a table's rules
                boards += 1
                edge = top if notation == "L1C1" else bottom
                near = [
                    row
                    for row in rows
                    if 0 < (edge - row[2] if notation == "L1C1" else row[2] - edge) < 8 * MM
                    and min(xs) <= row[0] < row[1] <= max(xs)
                ]
                assert near, (
                    f"page {number}: a board's column names are not by its {'top' if edge == top else 'bottom'}"
                )
            for mark in marks(page):
                assert mark.x0 >= 15 * MM - 0.5 and mark.x1 <= page.width - 15 * MM + 0.5, (
                    f"page {number}: in the margin"
                )
        assert boards >= 6


@pytest.mark.parametrize(
    ("args", "pattern"),
    [
        pytest.param(("--copies", "30"), "Page {} of {}", marks=CLASS_SET),
        (("--copies", "3", "--lang", "fr", "--large-print"), "Page {} sur {}"),
    ],
    ids=["30 sheets", "fr large"],
)
def test_every_page_of_the_answer_key_says_page_n_of_m_beside_a_head_that_never_runs_under_it(args, pattern):
    # A teacher marking a class set from a 38-page key puts a dropped page back by its number.
    key = made(*args)["answers.pdf"]
    with pages(key) as pdf:
        count = len(pdf.pages)
        for number, page in enumerate(pdf.pages, start=1):
            (found,) = page.search(pattern.format(number, count), regex=False)
            assert found["top"] < 25 * MM and found["x1"] > page.width - 15.5 * MM, (number, found)
            beside = [
                char
                for char in page.chars
                if char["text"].strip() and char["top"] < found["bottom"] and char["bottom"] > found["top"]
                if char not in found["chars"]
            ]
            assert all(char["x1"] < found["x0"] - 2 * MM for char in beside), (number, page.extract_text()[:120])
    assert count >= 3


SPILLING = [("--paper", "letter", "--count", "8"), ("--paper", "letter", "--lang", "fr", "--count", "8")]


@pytest.mark.parametrize("args", SPILLING, ids=["en", "fr"])
def test_a_sheet_over_two_pages_leaves_no_blank_band_at_the_foot_of_its_first(args):
    # Letter's default sheet held two puzzles on page 1 over a blank band of about 80 mm, four on page 2 (it now takes
    # one page; eight puzzles take two): a page but the last ends no more than 30 mm above its footer (the code and
    # the page number).
    data = made(*args)["puzzles.pdf"]
    with pages(data) as pdf:
        assert len(pdf.pages) == 2
        first = pdf.pages[0]
        footer = max(char["top"] for char in first.chars)  # from the page's top, in points
        bottoms = [first.height - mark.y0 for mark in marks(first)]
        lowest = max(bottom for bottom in bottoms if bottom < footer - 1.0)
    assert (footer - lowest) / MM <= 30.0, (footer - lowest) / MM


@pytest.mark.parametrize(
    ("lang", "tails"),
    [
        ("fr", ["de\u00a0points\u202f?", "sans\u00a0cadeau.", "meilleur\u00a0coup."]),
        ("en", ["most\u00a0points?", "nothing\u00a0away.", "best\u00a0move."]),
    ],
)
def test_a_puzzles_question_never_leaves_its_last_word_alone_on_a_line(lang, tails):
    # In large print on Letter the French question broke "meilleur / coup.", one word alone (issue 23, review 11):
    # each question binds its last two words.
    from sos_print.plans.words import Words

    words = Words(lang)
    found = ["".join(run.text for run in block.runs) for kind in ("score-now", "no-gift", "best-move")
             for block in words.blocks("puzzles.question", kind=kind)]  # fmt: skip
    assert [text[-len(tail) :] for text, tail in zip(found, tails, strict=True)] == tails


# --- the S-O-S already on a puzzle's board ----------------------------------------------------


def sos_on(board: str) -> set[frozenset[tuple[int, int]]]:
    """Returns the S-O-S lines of a board written as puzzles.json writes it (rows from the top, "/" between), each as
    its two end cells (column, row from the top): every row, column and diagonal scanned here, apart from the engine."""
    rows = board.split("/")
    n = len(rows)
    found = set()
    for row in range(n):
        for col in range(n):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(col + k * dc, row + k * dr) for k in range(3)]
                if all(0 <= c < n and 0 <= r < n for c, r in cells) and "".join(rows[r][c] for c, r in cells) == "SOS":
                    found.add(frozenset((cells[0], cells[2])))
    return found


def dashed_lines(page, size: int) -> list[set[frozenset[tuple[int, int]]]]:
    """Returns the dashed lines drawn over each puzzle board of a page, boards in reading order, each line as its two
    end cells (column, row from the top)."""
    boards = sorted(_board_runs(page, size, blank=False), key=lambda board: (round(board[1][0]), board[0][0]))
    found: list[set[frozenset[tuple[int, int]]]] = [set() for _ in boards]
    for line in page.lines:
        if not (line.get("dash") and line["dash"][0]):
            continue
        (x0, y0), (x1, y1) = line["pts"][0], line["pts"][-1]
        for k, (run, (top, bottom)) in enumerate(boards):
            cell = (run[-1] - run[0]) / size
            if run[0] < (x0 + x1) / 2 < run[-1] and top < (y0 + y1) / 2 < bottom:
                ends = frozenset((int((x - run[0]) // cell), int((y - top) // cell)) for x, y in ((x0, y0), (x1, y1)))
                found[k].add(ends)
                break
        else:
            pytest.fail(f"a dashed line off every board: {line['pts']}")
    return found


# Boards showed no line through the S-O-S already on them: in class every S-O-S is struck when made, and a child could
# not tell old ones from the one a move makes, and counted them for "most points" (issue 34, H7). Each is drawn as the
# replay draws earlier lines, thin and dashed; nothing else on a sheet is.
@pytest.mark.parametrize("args", [(), ("--copies", "30"), ("--lang", "fr", "--size", "5")], ids=" ".join)
def test_the_dashed_lines_on_a_puzzle_board_are_exactly_its_sos_already_made(args):
    found = records(*args)
    size = found[0]["size"]
    with pages(made(*args)["puzzles.pdf"]) as pdf:
        drawn = [lines for page in pdf.pages for lines in dashed_lines(page, size)]
    assert len(drawn) == len(found)
    assert drawn == [sos_on(record["board"]) for record in found]
    assert any(drawn)  # (on 30 sheets, 98 of the 180 boards have lines, the others none)


@pytest.mark.parametrize("args", [(), ("--copies", "30")], ids=" ".join)
def test_the_key_draws_the_same_dashed_lines_on_its_boards(args):
    # The key's boards add the answers' own lines, solid: the dashed ones are the board's, as on the child's sheet.
    expected = sum(len(sos_on(record["board"])) for record in records(*args))
    with pages(made(*args)["answers.pdf"]) as pdf:
        dashed = sum(1 for page in pdf.pages for line in page.lines if line.get("dash") and line["dash"][0])
    assert expected and dashed == expected


# In large print the dashes of S-O-S already made stayed 0.88 pt and 1.1 mm long while the letters grew by half: the
# diagonal D3-B1 read as three specks between large letters (issue 23, des38 B10). They grow with the type.
# The key keeps its size in large print (des38, A7), and so its dashes.
DASHES = [
    ((), "puzzles.pdf", 0.88, 1.1),
    ((), "answers.pdf", 0.88, 1.1),
    (("--large-print",), "puzzles.pdf", 1.32, 1.65),
    (("--large-print",), "answers.pdf", 0.88, 1.1),
]


@pytest.mark.parametrize(("args", "name", "width", "dash"), DASHES)
def test_the_dashes_of_lines_already_made_grow_with_the_type(args, name, width, dash):
    with pages(made("--count", "12", *args)[name]) as pdf:
        found = [line for page in pdf.pages for line in page.lines if line.get("dash") and line["dash"][0]]
    assert found
    for line in found:
        assert abs(line["linewidth"] - width) < 0.01 and abs(line["dash"][0][0] / MM - dash) < 0.01, line


# Drawing those lines, and the sentence about them, adds no page (issue 34, H7). The class set's key is 40 pages since
# a sheet's heading keeps two of its puzzles (designer's review dz86, 2).
@pytest.mark.parametrize(
    ("args", "sheets", "key"),
    [((), 1, 2), (("--copies", "30"), 30, 40), (("--lang", "fr", "--size", "5"), 2, 2)],
    ids=["default", "copies 30", "fr 5x5"],
)
def test_the_struck_lines_add_no_page(args, sheets, key):
    files = made(*args)
    assert (len(reader(files["puzzles.pdf"]).pages), len(reader(files["answers.pdf"]).pages)) == (sheets, key)


STRUCK = {
    "en": "Dashed lines are S-O-S already made: they score nothing now.",
    "fr": "Les traits en pointillés sont des S-O-S déjà faits : ils ne rapportent plus rien.",
}
TOLD = [
    pytest.param(
        ("--paper", paper, "--lang", lang, "--copies", "2", *large), id=f"{paper} {lang}{' large' if large else ''}"
    )
    for paper in ("a4", "letter")
    for lang in ("en", "fr")
    for large in ((), ("--large-print",))
]


# The reminder says what the dashed lines are on every sheet whose boards have some, run on after scoring again: the
# Letter sheet, a page shorter than A4, left it out, though its boards carried dashed lines (issue 34, H7; issue 23,
# review 37 H1). The sentence on the star, one line now, makes the room.
@pytest.mark.parametrize("args", [*TOLD, pytest.param(("--copies", "30"), marks=CLASS_SET, id="copies 30")])
def test_every_sheet_whose_boards_carry_dashed_lines_says_what_they_are(args):
    sentence = STRUCK["fr" if "fr" in args else "en"]
    found = records(*args)
    sheets: dict[str, list[str]] = {}  # each sheet's pages, by the code at their foot, in order
    for page in texts(made(*args)["puzzles.pdf"]):
        sheets.setdefault(re.search(r"Code (\S+)", flat(page)).group(1), []).append(flat(page))
    assert len(sheets) == max(record["sheet"] for record in found)
    lined = [any(sos_on(r["board"]) for r in found if r["sheet"] == sheet) for sheet in range(1, len(sheets) + 1)]
    assert any(lined)
    for sheet, (pages_text, carried) in enumerate(zip(sheets.values(), lined, strict=True), start=1):
        # Once on the first page and, since review des41 B1, again on each later page whose boards carry some.
        assert (sentence in pages_text[0]) == carried, sheet
        assert all(page.count(sentence) <= 1 for page in pages_text), sheet
        assert carried or not any(sentence in page for page in pages_text), sheet
        if carried:  # run on in its paragraph: after scoring again, or after what the sheet asks
            assert re.search(
                rf"(one move|seul coup|could score|pourrait marquer|S-O-S)\. {re.escape(sentence)}", pages_text[0]
            )


# A sheet of two pages or more said what dashed lines are once, in its reminder, which took it to the second page with
# scoring again: the first page's boards carried dashed lines and nothing said what they were (review des41, B1). Every
# page whose boards carry dashed lines says it, over them: in the reminder, over the first page's rows, or in a later
# page's title.
DASHED_PAGES = [
    *(
        pytest.param(("--size", str(size), "--lang", lang, "--paper", paper), id=f"{size} {lang} {paper}")
        for size in (4, 5, 6)
        for lang in ("en", "fr", "en+fr", "fr+en")
        for paper in ("a4", "letter")
    ),
    *(
        pytest.param(
            ("--large-print", "--size", str(size), "--lang", lang, "--paper", paper), id=f"large {size} {lang} {paper}"
        )
        for size, lang, paper in (("4", "en", "a4"), ("4", "fr", "letter"), ("5", "en+fr", "a4"), ("6", "en", "a4"))
    ),
    pytest.param(("--large-print", "--count", "12"), id="large 12"),
]


@pytest.mark.parametrize("args", DASHED_PAGES)
def test_every_page_whose_boards_carry_dashed_lines_says_what_they_are_over_them(args):
    language = "fr" if "--lang" in args and args[args.index("--lang") + 1].startswith("fr") else "en"
    sentence, word = STRUCK[language], {"en": "Dashed", "fr": "pointillés"}[language]  # a word said nowhere else
    data = made(*args)["puzzles.pdf"]
    lined = 0
    with pages(data) as pdf:
        for number, (page, text) in enumerate(zip(pdf.pages, texts(data), strict=True), start=1):
            dashes = [line["top"] for line in page.lines if line.get("dash") and line["dash"][0]]
            if not dashes:
                continue
            lined += 1
            assert flat(text).count(sentence) == 1, number
            said = [found["top"] for found in page.extract_words() if found["text"] == word]
            assert len(said) == 1 and said[0] < min(dashes), number
    assert lined


# The key's leaders, from a diagonal's end to its name, were 0.7 pt at 0.55 grey: a cheap copier dropped them (issue
# 23, review 34 P5). They were 1 pt at 0.3 grey, as dark as the lines a photocopy keeps; the boards now name no line
# (review rv44 C2), and have no leader, nor any other grey line a copier could drop.
@pytest.mark.parametrize("args", [(), ("--notation", "l1c1", "--size", "5", "--copies", "3")])
def test_the_keys_boards_have_no_leader_a_photocopy_could_drop(args):
    found = []
    with pages(made(*args)["answers.pdf"]) as pdf:
        for page in pdf.pages:
            for stroke in page.lines:  # a leader is straight, on in its line's way; the grid's lines are black
                grey = stroke["stroking_color"]
                grey = float(grey[0] if isinstance(grey, (list, tuple)) else grey)
                solid = not (stroke.get("dash") or ((), 0))[0]  # not an S-O-S already on the board: dashed
                if 0 < grey < 1 and stroke["linewidth"] < 2.0 and solid:  # not a new S-O-S line (2.2 pt)
                    found.append((round(grey, 2), stroke["linewidth"]))
    assert not found


# The large-print gifts pictured in the reminder stood about 1 mm from its words (issue 23, review 34 P7).
@pytest.mark.parametrize("args", [(), ("--large-print",), ("--paper", "letter"), ("--large-print", "--lang", "fr")])
def test_the_gifts_pictured_in_the_reminder_stand_3_mm_from_its_words(args):
    with pages(made(*args)["puzzles.pdf"]) as pdf:
        page = pdf.pages[0]
        cell = 7.0 * (1.5 if "--large-print" in args else 1.0) * MM
        squares = [r for r in page.rects if abs(r["width"] - cell) < 1 and abs(r["height"] - cell) < 1]
        assert len(squares) == 9
        right = max(r["x1"] for r in squares) + 0.5  # the squares' frames are 1 pt
        top, bottom = min(r["top"] for r in squares), max(r["bottom"] for r in squares)
        beside = [c for c in page.chars if top <= c["top"] <= bottom and c["x0"] > right and c["text"].strip()]
        assert beside
        assert min(c["x0"] for c in beside) - right >= 3.0 * MM - 0.5 - 0.01  # a hundredth of a point: rounding


# A class set's key is 39 pages, and nothing told the teacher that the marking grid's first two suffice to mark
# (issue 23, review 34 P6): a sentence under the title names the grid's pages, found from the layout.
PRINT_MARKING = [
    (("--copies", "30"), "To mark, print pages 1–2 only; the explanations follow.", 2),
    (
        ("--copies", "30", "--lang", "fr"),
        "Pour corriger, imprimez seulement les pages 1 et 2 ; les explications suivent.",
        2,
    ),
    ((), "To mark, print page 1 only; the explanations follow.", 1),
    (("--copies", "3", "--large-print"), "To mark, print page 1 only; the explanations follow.", 1),
]


@pytest.mark.parametrize(("args", "said", "through"), PRINT_MARKING, ids=[" ".join(a) for a, _, _ in PRINT_MARKING])
def test_the_key_says_which_pages_to_print_to_mark(args, said, through):
    key = [flat(page) for page in texts(made(*args)["answers.pdf"])]
    assert said in key[0]
    copies = args[args.index("--copies") + 1] if "--copies" in args else "1"
    # The last sheet's row of the grid (a single sheet's row, "1", is told from a diagram's row number by its page).
    grid = re.compile(rf"(^| ){copies} [SO] [A-D]\d")
    assert grid.search(key[through - 1])
    assert copies == "1" or not any(grid.search(page) for page in key[through:])
    assert len(key) > through


# On 5 x 5, 6 x 6 and two-language sheets a page's third puzzle, alone in its row, had its number, question and
# answer boxes to the right of its board: reading down, a child met a board before its "3." (review des41, B3). Every
# puzzle's number now stands over its board's top edge, at its left, on every layout of a sheet.
NUMBERED = [
    *(
        pytest.param(("--size", str(size), "--lang", lang, "--paper", paper), id=f"{size} {lang} {paper}")
        for size in (4, 5, 6)
        for lang in ("en", "fr+en")
        for paper in ("a4", "letter")
    ),
    pytest.param(("--large-print", "--size", "5", "--lang", "en+fr"), id="large 5 en+fr"),
    pytest.param(("--large-print", "--size", "6"), id="large 6"),
    pytest.param(("--large-print", "--paper", "letter"), id="large letter"),
    pytest.param(("--large-print", "--count", "12"), id="large 12"),
    pytest.param(("--count", "5", "--size", "5"), id="5 puzzles"),
]


@pytest.mark.parametrize("args", NUMBERED)
def test_every_puzzles_number_stands_over_its_boards_top_edge(args):
    size = int(args[args.index("--size") + 1]) if "--size" in args else 4
    count = int(args[args.index("--count") + 1]) if "--count" in args else 6
    found = 0
    with pages(made(*args)["puzzles.pdf"]) as pdf:
        for page in pdf.pages:
            numbers = [word for word in page.extract_words() if re.fullmatch(r"\d+\.", word["text"])]
            boards = list(_board_runs(page, size, blank=False))  # not working space's grids (review rv44 B5, rv50 C6)
            assert len(numbers) == len(boards)
            heads = set()  # each board's number: the nearest over its left edge, at most eight lines of words up
            for run, (top, _) in boards:
                over = [word for word in numbers if word["bottom"] <= top and run[0] - 20 * MM <= word["x0"] < run[0]]
                assert over, (run[0] / MM, top / MM)
                nearest = min(over, key=lambda word: top - word["bottom"])
                assert top - nearest["bottom"] < 70 * MM, (run[0] / MM, top / MM)
                heads.add((nearest["x0"], nearest["top"]))
            assert len(heads) == len(boards)
            found += len(boards)
    assert found == count


# The marking grid, which the teacher prints alone, told "S/O" only in the explanations after it, and headed the
# challenges' columns "3. Best move" where the sheet says "★ Challenge" (review des41, C7). Twelve columns headed by
# their numbers alone, too narrow for a star, the line over them named "3, 6, 9, 12. Best move" (review rv56, C4).
GRID_STARS = [
    ((), "(S/O: either letter)", "Best", 2),
    (("--lang", "fr", "--copies", "3"), "(S/O si les deux conviennent)", "meilleur", 2),
    (("--kind", "score-now"), "(S/O: either letter)", "Best", 0),
    (("--large-print", "--count", "12", "--copies", "3"), "3, 6, 9, 12: best move (challenge).", "Best", 0),
    (("--lang", "fr", "--count", "12", "--copies", "3"), "Casse-têtes 1, 4, 7, 10 : le plus de points", "", 0),
]


@pytest.mark.parametrize(
    ("args", "said", "word", "stars"), GRID_STARS, ids=[" ".join(a) or "A4" for a, *_ in GRID_STARS]
)
def test_the_marking_grid_says_what_s_o_is_and_stars_the_challenges(args, said, word, stars):
    data = made(*args)["answers.pdf"]
    first = flat(texts(data)[0]).replace("’", "'")
    grid = first[: first.index("Sheet 1" if "fr" not in args else "Fiche 1")] if stars else first
    assert said in grid
    assert ("S/O: either letter" in grid or "S/O si les deux conviennent" in grid) and "Best move:" not in grid
    assert ("A star heads the challenges" in grid or "Comme sur les fiches, une étoile signale" in grid) == bool(stars)
    with pages(data) as pdf:
        page = pdf.pages[0]
        words = page.extract_words()
        head = next(w for w in words if w["text"] in ("Sheet", "Fiche"))  # the grid's first heading
        drawn = [
            c
            for c in page.curves
            if c.get("fill") and len(c.get("pts", ())) in (10, 11) and abs(c["top"] - head["top"]) < 30
        ]
        assert len(drawn) == stars
        for star in drawn:  # before the heading's first line, on it
            middle = (star["top"] + star["bottom"]) / 2
            after = [w for w in words if w["top"] < middle < w["bottom"] and w["x0"] >= star["x1"]]
            assert after and re.fullmatch(r"\d+\.", min(after, key=lambda w: w["x0"])["text"])
            assert any(
                w["text"] == word for w in words if abs(w["top"] - min(after, key=lambda w: w["x0"])["top"]) < 20
            )


# On a two-language sheet the second language's question was black, while every other word of that language is grey
# (review des41, C6): a question of one line left it first in what was drawn after the line.
@pytest.mark.parametrize(
    ("args", "first_words"),
    [
        (("--lang", "en+fr"), {"Quel", "Trouve", "Défi"}),
        (("--lang", "fr+en", "--size", "5"), {"Which", "Find", "Challenge:"}),
    ],
    ids=["en+fr", "fr+en"],
)
def test_the_second_languages_question_is_grey_as_the_rest_of_it(args, first_words):
    with pages(made(*args)["puzzles.pdf"]) as pdf:
        found = [
            word
            for page in pdf.pages
            for word in page.extract_words(extra_attrs=["non_stroking_color"])
            if word["text"] in first_words
        ]
    assert len(found) == 7  # six questions, and the tip box's sentence on the challenges
    for word in found:
        colour = word["non_stroking_color"]
        grey = float(colour[0] if isinstance(colour, (list, tuple)) else colour)
        assert abs(grey - 0.25) < 0.01, word


# --- two-sided printing ----------------------------------------------------------------------


# A sheet of several pages forced one-sided printing: the large-print 5 x 5 sheet of twelve puzzles took seven pages,
# and the key told the teacher to print one-sided unless each sheet took exactly two: 150 sheets of paper for 30
# children (review rv44 B5). Where a sheet of the set takes several pages, a sheet of an odd number of pages ends
# with a working page, one of one page too; a set of one-page sheets stays one page a sheet. The pages of each sheet:
SHEET_SIDES = [
    (("--copies", "2"), (1, 1)),
    (("--copies", "2", "--size", "5"), (2, 2)),
    (("--copies", "2", "--large-print"), (2, 2)),  # four puzzles on the second page (dz100, 3)
    (("--copies", "2", "--large-print", "--size", "5"), (4, 4)),  # three, and the working page
    (("--copies", "2", "--large-print", "--count", "12", "--size", "5"), (6, 6)),
    (("--copies", "2", "--large-print", "--lang", "en+fr", "--count", "12", "--size", "5"), (8, 8)),  # seven, working
    (
        ("--copies", "2", "--large-print", "--size", "6", "--count", "4", "--lang", "fr+en", "--notation", "L1C1"),
        (6, 6),  # five, and the working page
    ),
    # Three puzzles in two languages on Letter took two pages but on the last sheet: since the tip box's sentence on
    # the challenge is shorter (French read fr47, 3b) each takes one (a set of sheets of one and two pages: below).
    (("--copies", "10", "--count", "3", "--lang", "fr+en", "--paper", "letter"), (1,) * 10),
]


def sheets_pages(data: bytes) -> list[list[str]]:
    """Returns each sheet's pages, read back: the pages that carry its code, in order."""
    found: dict[str, list[str]] = {}
    for page in texts(data):
        code = re.search(r"Code (\S+)", page).group(1)
        found.setdefault(code, []).append(flat(page))
    return list(found.values())


@pytest.mark.parametrize(("args", "counts"), SHEET_SIDES, ids=[" ".join(args) for args, _ in SHEET_SIDES])
def test_every_sheet_of_a_set_of_several_pages_has_an_even_number_and_one_pages_stay_one(args, counts):
    sheets = sheets_pages(made(*args)["puzzles.pdf"])
    assert tuple(len(sheet) for sheet in sheets) == counts
    assert all(len(sheet) == 1 for sheet in sheets) or all(len(sheet) % 2 == 0 for sheet in sheets)
    for number, sheet in enumerate(sheets, start=1):
        for page, text in enumerate(sheet, start=1):
            assert len(sheet) == 1 or re.search(rf"Page {page} (of|sur) {len(sheet)}", text), text
            assert f"Sheet {number}" in text or f"Fiche {number}" in text


def test_a_one_page_sheet_among_sheets_of_two_pages_gets_a_working_page():
    # Not another child's sheet on its back, nor the whole set printed one-sided (review rv44 B5).
    from sos_print.documents.worksheets import sheet_pages

    options = PrintOptions(language=Language.FR_EN, paper=Paper.LETTER)
    four, five = sheets_made(None, 4, 4, 2, 1), sheets_made(None, 4, 5, 1, 3)
    assert sheet_pages(options, four) == ((1, 1), False)  # alone, one page each, no working page
    assert sheet_pages(options, five) == ((2,), False)
    assert sheet_pages(options, (*four, *five)) == ((2, 2, 2), True)


# Every later page of a sheet whose boards carry dashed lines says what they are in its title's place: page 7 of the
# large-print 5 x 5 sheet of twelve, whose boards had none, repeated the big title and read as a new sheet (review rv48
# B3). The working page keeps its own title.
@pytest.mark.parametrize("args", [("--copies", "2", "--large-print", "--count", "12", "--size", "5")], ids=["5x5 x12"])
def test_every_later_page_of_a_sheet_is_headed_alike(args):
    for sheet in sheets_pages(made(*args)["puzzles.pdf"]):
        assert "SOS: puzzles" in sheet[0]
        later = [page for page in sheet[1:] if "Copy a puzzle here" not in page]  # not the working page
        assert len(later) >= 5
        for page in later:
            assert "Dashed lines are S-O-S already made" in page and "SOS: puzzles" not in page, page[:200]


# The working page is headed as the sheet's others, its name line, the sheet's number and its page number, and holds
# as many blank grids of the sheet's boards, their cell size, coordinates on two sides, as it has room for. Its grids:
WORKING = [
    (("--copies", "2", "--large-print", "--size", "5"), "Working space", 5, 4, 15.0, ("A", "E"), ("1", "5")),
    (
        ("--copies", "2", "--large-print", "--size", "5", "--lang", "fr"),
        "Brouillon",
        5,
        4,
        15.0,
        ("A", "E"),
        ("1", "5"),
    ),
    (
        ("--copies", "2", "--large-print", "--lang", "en+fr", "--count", "12", "--size", "5"),
        "Working space Brouillon",
        5,
        4,
        15.0,
        ("A", "E"),
        (),
    ),
    (
        ("--copies", "2", "--large-print", "--size", "6", "--count", "4", "--lang", "fr+en", "--notation", "L1C1"),
        "Brouillon Working space",
        6,
        1,
        18.0,
        ("C1", "C6"),
        ("L1", "L6"),
    ),
]


@pytest.mark.parametrize(
    ("args", "title", "size", "grids", "cell", "columns", "rows"), WORKING, ids=[" ".join(a) for a, *_ in WORKING]
)
def test_a_working_page_is_headed_as_the_sheets_others_and_holds_blank_grids_of_its_boards(
    args, title, size, grids, cell, columns, rows
):
    data = made(*args)["puzzles.pdf"]
    sheets = sheets_pages(data)
    count = len(sheets[0])
    first = len(sheets[0]) - 1  # the working page of sheet 1, the last of its pages
    for number, sheet in enumerate(sheets, start=1):
        working = sheet[-1]
        # One working page: the others may end in working space, its sentence run on after its title (review rv50 C6).
        assert title in working and sum(bool(re.search("Copy a puzzle|Recopie ici", page)) for page in sheet) == 1
        assert re.search(r"(Name|Prénom)", working) and re.search(rf"(Sheet|Fiche) {number}\b", working)
        assert re.search(rf"Page {count} (of|sur) {count}", working)
        assert not re.search(r"(^| )\d+\. ", working)  # no puzzle
        # What the page is for, said under its title (French read fr46, P3).
        assert re.search(
            r"Copy a puzzle here to try your moves\.|Recopie ici un casse-tête pour essayer tes coups\.", working
        )
    with pages(data) as pdf:
        page = pdf.pages[first]
        found = board_cells(page, size)
        words = [word["text"] for word in page.extract_words()]
        inside = [
            c
            for c in page.chars
            for run, (top, bottom) in _board_runs(page, size)
            if run[0] < c["x0"] < run[-1] and top < c["top"] < bottom
        ]
    assert len(found) == grids
    assert {round(c, 1) for board in found for c in board} == {cell}
    assert not inside  # no letter in a blank grid
    for name in (*columns, *rows):
        assert words.count(name) >= grids, name


# A page whose puzzles left its lower half blank (a large-print sheet's last puzzle alone, a bilingual sheet's second
# page of three) looked misprinted and wasted paper for a class (review rv50 C6): where a blank grid of the sheet's
# boards fits under its last row, the page ends in working space, its sentence over as many grids as a row holds.
# A child copies a puzzle there in its own hand: the grids may be smaller than the puzzles', down to 10 mm cells
# (11 in large print), where a 6 x 6 large-print page was 40 % blank under boards of 15 mm cells (review rv52 B2).
# Each page's (puzzles, blank grids), and the sentence in each language:
FOOT_WORKING = [
    (("--large-print", "--size", "5", "--paper", "letter", "--lang", "fr"), ((1, 0), (2, 0), (2, 0), (1, 2))),
    (("--large-print", "--size", "5", "--paper", "letter"), ((1, 0), (2, 0), (2, 0), (1, 2))),
    # One beside the third puzzle, alone in its row (review rv52 C1); under the rows, two, each under a column's
    # board, where three spread over the page lined up with nothing above them (dz101, 3).
    (("--lang", "fr+en"), ((3, 1), (3, 1 + 2))),
    (("--count", "7"), ((4, 0), (3, 1 + 2))),
    (("--size", "5"), ((3, 1), (3, 1 + 2))),  # the grids under page 2's lone puzzle were nobody's (review rv77)
    # Four a page, and the working page.
    (("--count", "12", "--size", "6"), ((4, 0), (4, 0), (4, 0), (0, 6))),
    # Four a page in 13 mm cells, the boxes beside the boards: two pages, no room left for working space (dz100, 3).
    (("--large-print",), ((2, 0), (4, 0))),
    (("--large-print", "--lang", "fr"), ((2, 0), (4, 0))),
    (("--large-print", "--count", "12", "--size", "5"), ((2, 0), *[(2, 2)] * 5)),
    # As in English: the French tip box, 20 mm taller, left no room for a row of two under it, and the sheet took 8
    # pages, one puzzle a row (review rv55 B1).
    (("--large-print", "--lang", "fr", "--count", "12", "--size", "5"), ((2, 0), *[(2, 2)] * 5)),
    # In 13 mm cells, two rows a page on Letter, two a row on A4, the working page last (six pages before, dz100 3).
    (("--large-print", "--size", "6", "--paper", "letter"), ((1, 0), (2, 0), (2, 0), (1, 2))),
    (("--large-print", "--size", "6"), ((2, 0), (2, 2), (2, 2), (0, 4))),
    # Two puzzles a row in two languages, their boards under their numbers, fill their pages (one a page, each over a
    # blank band of 66 mm, review rv52 B1): the tip box alone on the first page, the working page last.
    (("--large-print", "--lang", "en+fr", "--count", "12", "--size", "5"), ((0, 0), *[(2, 0)] * 6, (0, 4))),
]
# One wording wherever it stands: over the foot's grids, or beside a lone puzzle over more grids at the page's foot,
# which it heads (those grids read as nobody's: review rv77). A sheet said "copy a puzzle here" on one page and "onto
# an empty board" on the next (dz95, C6).
FOOT_SENTENCES = (
    "Working space: copy a puzzle to try your moves.",
    "Brouillon : recopie un casse-tête pour essayer tes coups.",
)


@pytest.mark.parametrize(("args", "found"), [grouped(*case) for case in FOOT_WORKING], ids=lambda value: str(value))
def test_a_page_whose_foot_holds_a_blank_grid_ends_in_working_space(args, found):
    size = int(args[args.index("--size") + 1]) if "--size" in args else 4
    data = made(*args)["puzzles.pdf"]
    read = texts(data)
    with pages(data) as pdf:
        for number, (page, text) in enumerate(zip(pdf.pages, read, strict=True), start=1):
            puzzles, blanks = board_boxes(page, size, blank=False), board_boxes(page, size, blank=True)
            assert (len(puzzles), len(blanks)) == found[number - 1], number
            if not puzzles or not blanks:
                assert not any(sentence in flat(text) for sentence in FOOT_SENTENCES), number
                continue
            lowest = max(top for _, top in puzzles)
            # One line heads them all, once in each language.
            said = [sentence for sentence in FOOT_SENTENCES if flat(text).count(sentence) == 1]
            language = args[args.index("--lang") + 1] if "--lang" in args else "en"
            expected = {"en": FOOT_SENTENCES[:1], "fr": FOOT_SENTENCES[1:], "fr+en": FOOT_SENTENCES}[language]
            assert said == list(expected), (number, said)
            # Beside a puzzle alone in its row, level with its board, or under every puzzle, empty, the grids of one
            # cell: the puzzles' or smaller, never under the least.
            assert all(top > lowest + size * 10.0 or top == lowest for _, top in blanks), (blanks, puzzles)
            # A row of as many grids as the puzzles' columns stands each under a column's board (review rv55 C1).
            foot = sorted(left for left, top in blanks if top > lowest)
            columns = sorted({round(left, 1) for left, _ in puzzles})
            if len(foot) == len(columns) > 1:
                assert foot == pytest.approx(columns, abs=0.5), (foot, columns)
            cells = {round(c, 1) for board in board_cells(page, size, blank=False) for c in board}
            blank = {round(c, 1) for board in board_cells(page, size, blank=True) for c in board}
            assert len(blank) == 1 and min(cells) >= max(blank) >= (11.0 if "--large-print" in args else 10.0), blank


@pytest.mark.parametrize(
    "args", [grouped(("--lang", "fr+en")), grouped(("--lang", "en+fr", "--paper", "letter"))], ids=" ".join
)
def test_a_later_page_says_once_what_its_working_space_is_and_puts_the_name_first(args):
    # Page 2 of the default bilingual sheet said what working space is beside its lone puzzle and again over the grids
    # at its foot, read as two parts; and its name field stood under the two lines on dashed lines, pushed to the
    # right, where on page 1 it stands at the top (review rv74, 2 and 3).
    data = made(*args)["puzzles.pdf"]
    assert len(texts(data)) >= 2
    for text in texts(data):
        for foot in FOOT_SENTENCES:  # in each language
            assert flat(text).count(foot) <= 1, text
    with pages(data) as pdf:
        words = pdf.pages[1].extract_words()
    name = min(w["top"] for w in words if w["text"] in {"Name", "Prénom"})
    dashed = min(w["top"] for w in words if w["text"] in {"Dashed", "Les"})
    assert name < dashed, (name, dashed)


# More grids at a page's foot than its columns, or grids under a single board, were spread from the margin: the first
# stood 9 mm left of the board over it (review rv56 C3). They start under the first board where they fit from there to
# the margin, else at the margin. (options, the first grid under the first board)
FOOT_ALIGNED = [
    (("--lang", "fr+en"), True),  # three grids under two boards
    (("--large-print", "--size", "6", "--paper", "letter", "--lang", "fr", "--notation", "L1C1"), True),
    (("--large-print", "--size", "5", "--paper", "letter"), False),  # its two grids do not fit from there
]


@pytest.mark.parametrize(("args", "under"), FOOT_ALIGNED, ids=[" ".join(args) for args, _ in FOOT_ALIGNED])
def test_working_space_grids_start_under_the_first_board_where_they_fit(args, under):
    size = int(args[args.index("--size") + 1]) if "--size" in args else 4
    with pages(made(*args)["puzzles.pdf"]) as pdf:
        found = [(board_boxes(page, size, blank=False), board_boxes(page, size, blank=True)) for page in pdf.pages]
    feet = [(puzzles, blanks) for puzzles, blanks in found if puzzles and len(blanks) >= 2]
    assert feet
    for puzzles, blanks in feet:
        first = min(left for left, _ in blanks)
        assert (abs(first - min(left for left, _ in puzzles)) < 0.5) is under, (first, puzzles)


# The key says how to print puzzles.pdf from what its sheets take: one page each, one-sided, as two-sided would put
# another child's sheet on the back; several, two-sided, safe as each takes an even number (review rv44 B5).
SIDES_ADVICE = [
    (
        ("--copies", "2"),
        "Print puzzles.pdf one-sided: each child’s sheet takes one page, and two-sided printing would put another "
        "child’s sheet on the back.",
    ),
    pytest.param(
        ("--copies", "30"),
        "Print puzzles.pdf one-sided: each child’s sheet takes one page, and two-sided printing would put another "
        "child’s sheet on the back.",
        marks=CLASS_SET,
    ),
    (
        ("--copies", "2", "--size", "5"),
        "In puzzles.pdf, each child’s sheet starts on a page of its own. Every sheet takes 2 pages, so print that file "
        "two-sided: no child gets another’s sheet on the back.",
    ),
    (
        ("--copies", "2", "--large-print", "--size", "5"),
        "In puzzles.pdf, each child’s sheet starts on a page of its own. Every sheet takes 4 pages (where its puzzles "
        "take an odd number of pages, a working page of blank boards completes it), so print that file two-sided: no "
        "child gets another’s sheet on the back.",
    ),
    (
        ("--copies", "10", "--count", "3", "--lang", "fr+en", "--paper", "letter"),
        "Imprimez puzzles.pdf en recto simple : une fiche par page ; en recto verso, la fiche d’un autre enfant serait "
        "au dos.",
    ),
    (
        ("--copies", "2", "--large-print", "--size", "5", "--lang", "fr"),
        "Dans puzzles.pdf, chaque fiche commence sur une nouvelle page. Chaque fiche fait 4 pages ; si ses casse-têtes "
        "tiennent sur un nombre impair de pages, une page de brouillon (grilles vides) la complète. Imprimez donc "
        "puzzles.pdf en recto verso : aucun enfant n’aura la fiche d’un autre au verso.",
    ),
    # A single sheet: no other child's sheet to speak of (French read fr46, P8).
    # "The sheet takes one page." in the key read as a sentence about the key (review rv64, 5).
    (("--copies", "1"), "The puzzle sheet (the file puzzles.pdf) takes one page."),
    (
        ("--large-print", "--size", "5", "--lang", "fr"),
        # « imprimez-la » pointed to the nearest feminine noun, « une page de brouillon » (fr64, 8).
        "La fiche de casse-têtes (fichier puzzles.pdf) compte 4 pages, dont une page de brouillon (grilles vides) : "
        "imprimez tout le fichier en recto verso.",
    ),
]


@pytest.mark.parametrize(
    ("args", "advice"), SIDES_ADVICE, ids=[" ".join(getattr(case, "values", case)[0]) for case in SIDES_ADVICE]
)
def test_the_key_says_whether_puzzles_pdf_prints_two_sided_from_the_pages_its_sheets_take(args, advice):
    pages = texts(made(*args)["answers.pdf"])
    key = flat(" ".join(pages))
    # On page 1, under the pages to print to mark: it stood in the explanations' intro, on a page a teacher who
    # prints the marking grid alone never sees (French read fr46, P9).
    assert advice in flat(pages[0])
    assert "exactly two pages" not in key and "exactement deux pages" not in key


# The sheet and the key counted a puzzle's answers differently: the sheet said "There are 3 answers: write one.", the
# key listed "(1) O in A3; (2) S or O in D1" (review rv44 C1, sheet 30 of the class set, puzzle 2). The key lists one
# answer a move, as the sheet counts them. The sentence that says why follows the list:
WHY = re.compile(r" (?=This move scores|Each of these moves scores|Nothing scores here|Taking the most points now)")


def key_answer_counts(data: bytes) -> list[int]:
    """Returns how many answers the key lists for each puzzle, in order: one after "Answer:", else its numbered
    items."""
    text = flat(" ".join(texts(data)))
    blocks = [WHY.split(block)[0] for block in re.split(r"\bAnswers?: ", text)[1:]]
    heads = re.findall(r"\b(Answers?): ", text)
    return [
        1 if head == "Answer" else len(re.findall(r"\(\d+\) ", block))
        for head, block in zip(heads, blocks, strict=True)
    ]


def sheet_answer_counts(data: bytes, found: list[dict]) -> list[int]:
    """Returns how many answers each puzzle's sentence on the children's sheet says it has, in the order of `found`."""
    pages = [flat(page) for page in texts(data)]
    counts = []
    for record in found:
        page = " ".join(page for page in pages if f"Sheet {record['sheet']} " in page)  # all its pages
        said = re.search(
            rf"{record['number']}\. {re.escape(QUESTIONS[record['kind']])} {record['to_move']}’s turn\. "
            r"There (?:is (one) answer|are (\d+) answers)",
            page,
        )
        assert said, (record, page)
        counts.append(1 if said.group(1) else int(said.group(2)))
    return counts


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(("--copies", "30"), marks=CLASS_SET),
        ("--kind", "no-gift", "--copies", "4"),
        ("--size", "6", "--copies", "2", "--kind", "no-gift"),
    ],
    ids=["class set", "no-gift", "6x6 no-gift"],
)
def test_the_key_lists_as_many_answers_for_each_puzzle_as_its_sheet_says_it_has(args):
    files, found = made(*args), records(*args)
    stated = sheet_answer_counts(files["puzzles.pdf"], found)
    assert stated == [len(record["answers"]) for record in found]
    assert key_answer_counts(files["answers.pdf"]) == stated
    assert any(len({a["cell"] for a in r["answers"]}) < len(r["answers"]) for r in found)  # two answers in a cell


# The key's boards named their new S-O-S beside the grid on some puzzles ("A2–A4") and not on others, where a name found
# no room by crossing lines (review rv44 C2: puzzles 1 and 4 of the default key). The text beside each board names
# every line its answers complete: the boards name none.
LINE_NAME = re.compile(r"^(?:[A-F]\d|L\dC\d)[–-](?:[A-F]\d|L\dC\d)$")


@pytest.mark.parametrize("args", [(), ("--copies", "3", "--size", "5", "--notation", "L1C1")], ids=["A4", "5x5 L1C1"])
def test_the_keys_boards_name_no_line_beside_the_grid_the_text_names_them(args):
    data = made(*args)["answers.pdf"]
    with pages(data) as pdf:
        bare = [word["text"] for page in pdf.pages for word in page.extract_words() if LINE_NAME.match(word["text"])]
    assert not bare
    text = flat(" ".join(texts(data)))
    assert re.search(r"\d points? \((?:[A-F]\d|L\dC\d)[–-]", text)  # the lines named in the text


# A child's name that fitted beside the title only a size down was printed there, smaller than its caption "Name"
# (review rv44 C6: a name of 21 letters on a large-print French sheet): it goes under the title, where the page's
# width holds it at its caption's size. Each sheet's name and its caption, on every page, at one size:
NAME_SIZES = [
    (("--large-print", "--lang", "fr"), "Anne-Sophie Martin-Lefèvre", 18.0),
    (("--large-print",), "Jean-Baptiste Vandenberghe-Roux", 18.0),
    (("--large-print", "--lang", "en+fr"), "Jean-Baptiste Lefèvre", 18.0),
    (("--large-print", "--paper", "letter"), "Zoé", 18.0),
    (("--lang", "fr+en"), "Maximilian-Alexander Vandenberghe-Oppenh", 12.0),
    ((), "Jean-Baptiste Vandenberghe-Roux", 12.0),
]


@pytest.mark.parametrize(("args", "name", "size"), NAME_SIZES, ids=[" ".join(a) or "A4" for a, *_ in NAME_SIZES])
def test_a_childs_name_is_printed_at_the_size_of_its_caption(runner, tmp_path, args, name, size):
    roster = tmp_path / "class.txt"
    roster.write_text(f"{name}\nZoé\n", encoding="utf-8")
    result = invoke(runner, "--out", tmp_path / "out", "--roster", roster, "--count", "3", *args)
    assert result.exit_code == 0, result.output
    found = 0
    with pages((tmp_path / "out" / "puzzles.pdf").read_bytes()) as pdf:
        for page in pdf.pages:
            words = page.extract_words(extra_attrs=["size"])
            caption = next(word for word in words if word["text"] in ("Name", "Prénom"))
            printed = [word for word in words if word["text"] in (*name.split(" "), "Zoé")]
            assert printed and {round(word["size"], 1) for word in (caption, *printed)} == {size}, printed
            found += 1
    assert found >= 2


def test_the_keys_best_move_explanation_names_the_greedy_move_it_compares():
    # "B scores 1 point fewer than A after it, and 2 points more than A after O in A1": "it" read as either move
    # (review rv77, 14); the French named it already (« après S en A1 »).
    text = " ".join(flat(page) for page in texts(made("--copies", "3")["answers.pdf"]))
    found = re.findall(r"Taking the most points now \(([SO] in [A-D][1-4]): [^)]*\) is not best\.([^.]*)\.", text)
    assert found, text[:2000]
    for greedy, why in found:
        assert f"after {greedy}, and" in why, (greedy, why)


def test_every_sheet_of_a_class_list_sets_its_puzzles_alike_whatever_the_names_length(runner, tmp_path):
    # Two long names went under the title and their sheets put puzzle 1 alone on page 1, 2 and 3 on page 2: "page 2,
    # puzzle 3" was another puzzle for them than for their classmates (review rv80, 3). Every name goes where the
    # longest needs it, and every sheet of the set holds the same puzzles on each page.
    names = ["Léa Martin", "Tom", "Zoé-Anne Lefèvre-Dubois", "Noah", "Maximilien-Alexandre de la Fontaine"]
    roster = tmp_path / "class.txt"
    roster.write_text("\n".join(names) + "\n", encoding="utf-8")
    result = invoke(runner, "--out", tmp_path / "out", "--roster", roster, "--lang", "fr", "--large-print")
    assert result.exit_code == 0, result.output
    found: dict[str, list[tuple[str, ...]]] = defaultdict(list)
    with pages((tmp_path / "out" / "puzzles.pdf").read_bytes()) as pdf:
        for page in pdf.pages:
            text = page.extract_text()
            sheet = next(name for name in names if name in text)
            numbers = tuple(w["text"] for w in page.extract_words() if re.fullmatch(r"\d+\.", w["text"]))
            name_at = next(round(w["top"]) for w in page.extract_words() if w["text"] == "Prénom")
            found[sheet].append((*numbers, name_at))
    assert len(found) == len(names), found.keys()
    assert len({tuple(layout) for layout in found.values()}) == 1, found
