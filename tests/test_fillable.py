"""Tests fillable audits: a field over every cell and line of the audit, named by group, row and column; the game said
in a hidden field; the printed look unchanged."""

from __future__ import annotations

import io
import re
from functools import lru_cache

import pytest
from formfill import terminal_fields, widgets
from pdfread import MM, pages, texts
from pypdf import PdfReader

from sos_print.cli import app
from sos_print.documents.audit import audit_document
from sos_print.engine.notation import Notation
from sos_print.engine.rules import Variant
from sos_print.pages.layout import Paper
from sos_print.pages.options import Language, PrintOptions

COLUMNS = ["player", "letter", "cell", "lines", "points"]
TEAMS = Variant(players=4, teams=True)


@lru_cache(maxsize=64)
def fillable(options: PrintOptions) -> bytes:
    return audit_document(options, fillable=True).data


# ---- the fields ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "variant", "groups", "class_name", "count"),
    [
        # per group: the game, the class, the date, a name per seat, 5 + a total per side in each row, the pause box
        (3, Variant(), 1, "", 1 + 1 + 1 + 2 + 9 * 7 + 2 + 1),
        (4, Variant(), 2, "", 2 * (1 + 1 + 1 + 2 + 16 * 7 + 2 + 1)),
        (4, Variant(), 1, "CM1 B", 1 + 0 + 1 + 2 + 16 * 7 + 2 + 1),  # a printed class name has no field
        (5, Variant(players=3), 1, "", 1 + 1 + 1 + 3 + 25 * 8 + 3 + 1),
        (6, Variant(players=4), 1, "", 1 + 1 + 1 + 4 + 36 * 9 + 4 + 1),
        (7, TEAMS, 3, "", 3 * (1 + 1 + 1 + 4 + 49 * 7 + 2 + 1)),
        (8, Variant(), 1, "", 1 + 1 + 1 + 2 + 64 * 7 + 2 + 1),
        (8, Variant(players=4), 2, "", 2 * (1 + 1 + 1 + 4 + 64 * 9 + 4 + 1)),
    ],
)
def test_every_cell_and_line_of_each_groups_audit_has_its_own_field(size, variant, groups, class_name, count):
    data = fillable(PrintOptions(size=size, variant=variant, groups=groups, class_name=class_name))
    names = set(terminal_fields(data))
    assert len(names) == count
    sides = ["AC", "BD"] if variant.teams else list("ABCD"[: variant.players])
    for group in range(1, groups + 1):
        expected = {f"group{group}.game", f"group{group}.date"} | ({f"group{group}.class"} if not class_name else set())
        expected |= {f"group{group}.names.{seat}" for seat in "ABCD"[: variant.players]}
        expected |= {
            f"group{group}.move.{n}.{column}"
            for n in range(1, size * size + 1)
            for column in [*COLUMNS, *(f"total.{side}" for side in sides)]
        }
        expected |= {f"group{group}.pause.score.{side}" for side in sides} | {f"group{group}.pause.next"}
        assert {name for name in names if name.startswith(f"group{group}.")} == expected


def column_edges(page, head) -> list[float]:
    """Returns the x of the table's vertical rules (pdfplumber points), left to right."""
    xs = {
        round(line["x0"], 1)
        for line in page.lines
        if abs(line["x0"] - line["x1"]) < 0.1 and line["top"] < head["bottom"] + 1 and line["bottom"] > head["bottom"]
    }
    return sorted(xs)


@pytest.mark.parametrize(
    "options",
    [
        PrintOptions(size=4),
        PrintOptions(size=8, variant=Variant(players=4)),
        PrintOptions(size=5, variant=TEAMS, language=Language.BOTH, paper=Paper.LETTER, groups=2),
        PrintOptions(size=6, language=Language.FR, large_print=True, notation=Notation.L1C1),
        PrintOptions(size=8, variant=Variant(players=3), large_print=True, paper=Paper.LETTER, language=Language.BOTH),
    ],
    ids=["4x4", "8x8-4-players", "teams-en+fr-letter-2-groups", "fr-large-l1c1", "8x8-large-en+fr-letter"],
)
def test_each_row_field_lies_inside_its_own_cell_of_the_printed_table(options):
    data = fillable(options)
    order = [*COLUMNS, *(f"total.{side}" for side in options.variant.sides)]
    placed = 0
    with pages(data) as pdf:
        for number, page in enumerate(pdf.pages):
            head = next(rect for rect in page.rects if rect["fill"] and rect["width"] > page.width / 2)
            edges = column_edges(page, head)
            assert len(edges) == len(order) + 2  # the move column, then a field column each
            rows = {
                int(word["text"]): word
                for word in page.extract_words()
                if word["x1"] < edges[1] and word["top"] > head["bottom"] and word["text"].isdigit()
            }
            for page_number, name, entries in widgets(data):
                match = re.fullmatch(r"group\d+\.move\.(\d+)\.(.+)", name)
                if page_number != number or match is None:
                    continue
                x0, y0, x1, y1 = (float(v) for v in entries["/Rect"])
                top, bottom = page.height - y1, page.height - y0  # pdfplumber measures from the top
                column = order.index(match[2]) + 1
                assert edges[column] < x0 < x1 < edges[column + 1], name
                number_word = rows[int(match[1])]  # the row's move number is printed on this page, level with it
                assert top < (number_word["top"] + number_word["bottom"]) / 2 < bottom, name
                assert head["bottom"] < top, name
                placed += 1
    n = options.size * options.size
    assert placed == options.groups * n * len(order)


def test_names_pause_and_strip_fields_sit_on_their_lines_and_the_date_on_every_page():
    options = PrintOptions(size=8, groups=2)
    data = fillable(options)
    found = widgets(data)
    per_group = len(texts(data)) // 2
    dates = [page for page, name, _ in found if name == "group2.date"]
    assert dates == list(range(per_group, 2 * per_group))  # one field, shown on each page of group 2
    with pages(data) as pdf:
        for page_number, name, entries in found:
            page = pdf.pages[page_number]
            x0, y0, x1, y1 = (float(v) for v in entries["/Rect"])
            top, bottom = page.height - y1, page.height - y0
            if re.fullmatch(r"group\d\.(names|pause\.score)\.[A-D]+|group\d\.pause\.next|group\d\.(class|date)", name):
                # a ruled line to write on runs under the field, from about its left end to its right end
                under = [
                    line
                    for line in page.lines
                    if abs(line["top"] - line["bottom"]) < 0.1
                    and 0 <= line["top"] - bottom < 1.5 * MM
                    and line["x0"] <= x0 + 0.5
                    and line["x1"] >= x1 - 0.5
                ]
                assert under, name
                assert bottom - top >= 4 * MM, name


def test_fields_are_sized_to_the_row_limited_in_length_and_invisible_until_typed_in():
    data = fillable(PrintOptions(size=8, notation=Notation.L1C1))
    fields = {name: entries for _, name, entries in widgets(data)}
    row = {column: fields[f"group1.move.7.{column}"] for column in [*COLUMNS, "total.A", "total.B"]}
    assert {column: int(entries["/MaxLen"]) for column, entries in row.items()} == {
        "player": 1,
        "letter": 1,
        "cell": 4,  # L8C8
        "lines": 80,  # 8 lines of "L1C1-L3C3, "
        "points": 1,  # at most 8 points a letter
        "total.A": 3,  # 168 lines of three cells on an 8 x 8 board
        "total.B": 3,
    }
    assert row["letter"]["/DA"] == "/Helv 12 Tf 0 g"  # the children's body size
    assert row["lines"]["/DA"] == "/Helv 0 Tf 0 g"  # fitted by the reader, however many lines
    assert int(row["lines"]["/Ff"]) & (1 << 12)  # multiline
    assert {column: int(entries["/Q"]) for column, entries in row.items()} == {
        column: 0 if column == "lines" else 1 for column in row
    }
    assert str(row["letter"]["/TU"]) == "Move 7 · Letter · S / O"
    for name, entries in fields.items():
        assert "/MK" not in entries and "/BS" not in entries and "/AP" not in entries, name  # no box, no fill
        if name != "group1.game":
            assert int(entries["/F"]) == 4, name  # printed
    assert int(fields["group1.game"]["/F"]) == 2 and int(fields["group1.game"]["/Ff"]) & 1  # hidden, read-only
    large = {name: entries for _, name, entries in widgets(fillable(PrintOptions(size=4, large_print=True)))}
    assert large["group1.move.1.cell"]["/DA"] == "/Helv 18 Tf 0 g"
    form = PdfReader(io.BytesIO(data)).trailer["/Root"]["/AcroForm"]
    assert form["/NeedAppearances"].value is True  # every reader draws what is typed, on screen and in print
    assert form["/DR"]["/Font"]["/Helv"]["/BaseFont"] == "/Helvetica"


def test_a_french_audits_fields_say_what_they_are_in_french_and_a_bilingual_ones_in_both():
    french = {name: e for _, name, e in widgets(fillable(PrintOptions(language=Language.FR)))}
    assert str(french["group1.move.3.cell"]["/TU"]) == "Coup 3 · Case"
    both = {name: e for _, name, e in widgets(fillable(PrintOptions(language=Language.BOTH)))}
    assert str(both["group1.move.3.cell"]["/TU"]) == "Move 3 · Cell / Coup 3 · Case"
    assert str(both["group1.names.B"]["/TU"]) == "Names · B / Prénoms · B"


@pytest.mark.parametrize(
    "options",
    [
        PrintOptions(size=4),
        PrintOptions(size=8, groups=3, variant=TEAMS, language=Language.BOTH, large_print=True),
        PrintOptions(size=5, paper=Paper.LETTER, language=Language.FR, class_name="CM1 B"),
    ],
)
def test_a_fillable_audit_prints_exactly_as_the_printed_one_and_gives_the_same_bytes_each_time(options):
    printed = PdfReader(io.BytesIO(audit_document(options).data))
    data = audit_document(options, fillable=True).data
    assert data == audit_document(options, fillable=True).data
    form = PdfReader(io.BytesIO(data))
    assert len(form.pages) == len(printed.pages)
    for ours, theirs in zip(form.pages, printed.pages, strict=True):
        assert ours.get_contents().get_data() == theirs.get_contents().get_data()
        assert "/Annots" in ours and "/Annots" not in theirs


def test_the_hidden_field_says_the_game_and_the_group():
    options = PrintOptions(size=5, groups=3, variant=Variant(players=3, target=4), notation=Notation.L1C1)
    fields = terminal_fields(fillable(options))
    assert [str(fields[f"group{k}.game"]["/V"]) for k in (1, 3)] == [
        "sos-print-audit 1: size=5 players=3 teams=no target=4 first-sos-wins=no notation=L1C1 group=1 groups=3",
        "sos-print-audit 1: size=5 players=3 teams=no target=4 first-sos-wins=no notation=L1C1 group=3 groups=3",
    ]


def test_the_audit_command_writes_a_fillable_audit_with_the_variant(runner, tmp_path):
    out = tmp_path / "tablet.pdf"
    result = runner.invoke(
        app, ["audit", "--fillable", "--size", "3", "--first-sos-wins", "--players", "3", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"wrote {out} (1 page, ")
    game = str(terminal_fields(out.read_bytes())["group1.game"]["/V"])
    assert "size=3 players=3 teams=no target=0 first-sos-wins=yes notation=A1 group=1 groups=1" in game
