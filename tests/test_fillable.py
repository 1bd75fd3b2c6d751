"""Tests fillable audits: a field over every cell and line of the audit, named by group, row and column; the game said
in a hidden field; the printed look unchanged; and a filled one checked and analysed exactly like its CSV twin."""

from __future__ import annotations

import io
import json
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from functools import lru_cache, partial
from pathlib import Path

import pytest
from conftest import ROOT, examples
from formfill import fill, move_values, terminal_fields, typed_in_pdfium, widgets
from games import VARIANTS, games
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from pdfread import MM, chars, page_count, pages, texts
from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    BooleanObject,
    ByteStringObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    IndirectObject,
    NameObject,
    NullObject,
    NumberObject,
    StreamObject,
    TextStringObject,
)
from typer.testing import CliRunner

from sos_print.cli import app
from sos_print.documents.audit import audit_document
from sos_print.engine.errors import ExampleFileError
from sos_print.engine.frozen import replace
from sos_print.engine.grid import Cell
from sos_print.engine.notation import Notation, cell_name
from sos_print.engine.rules import Board, Letter, Move, Position, Variant
from sos_print.plans.layout import Paper
from sos_print.plans.options import Language, PrintOptions

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
        (4, Variant(), 1, "CM1 B", 1 + 1 + 1 + 2 + 16 * 7 + 2 + 1),  # a printed class name: a hidden class field
        (5, Variant(players=3), 1, "", 1 + 1 + 1 + 3 + 25 * 8 + 3 + 1),
        (6, Variant(players=4), 1, "", 1 + 1 + 1 + 4 + 36 * 9 + 4 + 1),
        (7, TEAMS, 3, "", 3 * (1 + 1 + 1 + 4 + 49 * 7 + 2 + 1)),
        (8, Variant(), 1, "", 1 + 1 + 1 + 2 + 64 * 7 + 2 + 1),
        (8, Variant(players=4), 2, "", 2 * (1 + 1 + 1 + 4 + 64 * 9 + 4 + 1)),
        # the first S-O-S wins: no points, no totals, and the pause box only asks who is next
        (4, Variant(first_sos_wins=True), 1, "", 1 + 1 + 1 + 2 + 16 * 4 + 0 + 1),
        (5, Variant(players=4, teams=True, first_sos_wins=True), 1, "", 1 + 1 + 1 + 4 + 25 * 4 + 0 + 1),
    ],
)
def test_every_cell_and_line_of_each_groups_audit_has_its_own_field(size, variant, groups, class_name, count):
    data = fillable(PrintOptions(size=size, variant=variant, groups=groups, class_name=class_name))
    names = set(terminal_fields(data))
    assert len(names) == count
    sides = ["AC", "BD"] if variant.teams else list("ABCD"[: variant.players])
    sides = [] if variant.first_sos_wins else sides  # nothing to add up
    columns = [column for column in COLUMNS if column != "points" or not variant.first_sos_wins]
    for group in range(1, groups + 1):
        expected = {f"group{group}.game", f"group{group}.class", f"group{group}.date"}
        expected |= {f"group{group}.names.{seat}" for seat in "ABCD"[: variant.players]}
        expected |= {
            f"group{group}.move.{n}.{column}"
            for n in range(1, size * size + 1)
            for column in [*columns, *(f"total.{side}" for side in sides)]
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
    per_group = page_count(data) // 2
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
    assert str(both["group1.names.B"]["/TU"]) == "Name · B / Prénom · B"  # one seat: one name


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
        "sos-print-audit 1: size=5 players=3 teams=no target=4 first-sos-wins=no notation=L1C1 group=1 groups=3"
        " lang=en",
        "sos-print-audit 1: size=5 players=3 teams=no target=4 first-sos-wins=no notation=L1C1 group=3 groups=3"
        " lang=en",
    ]
    french = replace(options, language=Language.FR_EN)
    assert str(terminal_fields(fillable(french))["group2.game"]["/V"]).endswith(" group=2 groups=3 lang=fr+en")


@pytest.mark.parametrize(
    ("lang", "given", "heading"),
    [
        (Language.FR, [], "SOS : la partie rejouée"),
        (Language.FR_EN, [], "SOS : la partie rejouée"),  # French first, then English, as the audit was printed
        (Language.EN, [], "SOS: game replay"),
        (Language.FR, ["--lang", "en"], "SOS: game replay"),  # --lang given has the last word
        (None, [], "SOS: game replay"),  # a form made before its language was told: English, as before
    ],
)
def test_a_filled_audit_is_replayed_in_the_language_it_was_printed_in(
    runner, tmp_path, monkeypatch, lang, given, heading
):
    # A French class's filled audit was replayed in English unless the teacher gave --lang (review nt64, 1).
    values = move_values(few_moves(3, Variant()), 3, Notation.A1, Variant())
    if lang is None:  # the game field as sos-print wrote it before it told the language
        from sos_print.documents import auditform
        from sos_print.forms.fields import describe_game

        monkeypatch.setattr(auditform, "describe_game", lambda game: describe_game(game).removesuffix(" lang=en"))
        blank = audit_document(PrintOptions(size=3), fillable=True).data
        assert str(terminal_fields(blank)["group1.game"]["/V"]).endswith(" groups=1")
    else:
        blank = fillable(PrintOptions(size=3, language=lang))
    pdf = tmp_path / "group1.pdf"
    pdf.write_bytes(fill(blank, values))
    out = tmp_path / "replay.pdf"
    result = runner.invoke(app, ["replay", str(pdf), "--out", str(out), *given])
    assert result.exit_code == 0, result.output
    first = " ".join(texts(out.read_bytes())[0].replace("\u202f", " ").split())
    assert heading.replace("\u202f", " ") in first, first[:200]


def test_the_audit_command_writes_a_fillable_audit_with_the_variant(runner, tmp_path):
    out = tmp_path / "tablet.pdf"
    result = runner.invoke(
        app, ["audit", "--fillable", "--size", "3", "--first-sos-wins", "--players", "3", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"wrote {out} (1 page, ")
    game = str(terminal_fields(out.read_bytes())["group1.game"]["/V"])
    assert "size=3 players=3 teams=no target=0 first-sos-wins=yes notation=A1 group=1 groups=1" in game


# ---- filled in, read back ----------------------------------------------------------------------------------------


def csv_twin(values: dict[str, str], variant: Variant, group: int = 1) -> str:
    """Writes the rows of a filled form as a CSV record typed from the same audit: header, then row by row."""
    scored = () if variant.first_sos_wins else variant.sides  # a first-S-O-S-wins audit has no points, no totals
    columns = [column for column in COLUMNS if column != "points" or scored]
    sides = [f"total {side}" for side in scored]
    lines = [",".join(["move", *columns, *sides])]
    numbers = sorted({int(name.split(".")[2]) for name in values if name.startswith(f"group{group}.move.")})
    for n in numbers:
        row = [values.get(f"group{group}.move.{n}.{column}", "") for column in columns]
        row += [values.get(f"group{group}.move.{n}.total.{side}", "") for side in scored]
        lines.append(",".join([str(n), *row]))
    return "\n".join(lines) + "\n"


def record_options(size: int, variant: Variant, notation: Notation) -> list[str]:
    args = ["--size", str(size), "--players", str(variant.players), "--notation", notation.value]
    args += ["--teams"] * variant.teams + ["--first-sos-wins"] * variant.first_sos_wins
    return args + (["--target", str(variant.target)] if variant.target else [])


def alter(values: dict[str, str], how: str, move: int, variant: Variant) -> None:
    """Changes one claim of row `move` as a child might get it wrong."""
    row = f"group1.move.{move}."
    if how in ("points", "total") and variant.first_sos_wins:  # no points on its audit: the lines say who won
        how = "lines"
    if how == "points":
        values[row + "points"] = str((int(values[row + "points"]) + 1) % 9)
    elif how == "lines":
        values[row + "lines"] = "-" if values[row + "lines"] != "-" else "A1-A3"
    elif how == "player":
        values[row + "player"] = "B" if values[row + "player"] == "A" else "A"
    elif how == "total":
        values[row + f"total.{variant.sides[0]}"] = "99"
    elif how == "lower":
        values[row + "letter"] = values[row + "letter"].lower()  # s and o are read as S and O


# pypdf fills a form in time proportional to its fields times the values given: a few games of each kind.
@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=games(sizes=st.integers(3, 5), variants=st.sampled_from(VARIANTS), with_start=False),
    notation=st.sampled_from(list(Notation)),
    how=st.sampled_from(["none", "points", "lines", "player", "total", "lower"]),
    data=st.data(),
)
def test_a_filled_audit_checks_like_its_csv_twin(game, notation, how, data):
    if not game.steps:
        return
    size, variant = game.start.board.size, game.start.variant
    values = move_values(game.steps, size, notation, variant)
    alter(values, how, data.draw(st.integers(1, len(game.steps))), variant)
    runner = CliRunner()
    with tempfile.TemporaryDirectory() as folder:
        pdf, csv = Path(folder) / "game.pdf", Path(folder) / "game.csv"
        pdf.write_bytes(fill(fillable(PrintOptions(size=size, variant=variant, notation=notation)), values))
        csv.write_text(csv_twin(values, variant))
        from_pdf = runner.invoke(app, ["check", str(pdf)])
        from_csv = runner.invoke(app, ["check", str(csv), *record_options(size, variant, notation)])
    assert from_pdf.exit_code == from_csv.exit_code, (from_pdf.output, from_csv.output, game.explain())
    event(f"{how}: exit {from_pdf.exit_code}")
    # The CSV file counts its header as row 1; the audit numbers its rows from the first move.
    expected = re.sub(r"row (\d+)", lambda m: f"row {int(m[1]) - 1}", from_csv.stdout).replace(str(csv), str(pdf))
    assert from_pdf.stdout == expected, game.explain()
    assert from_pdf.exit_code == (0 if how in ("none", "lower") else 1), from_pdf.stdout


def three_by_three_game() -> tuple[Position, list]:
    position = Position.start(Board.empty(3), Variant())
    steps = []
    for name, letter in [("A1", "S"), ("B2", "O"), ("C3", "S"), ("A3", "S"), ("C1", "S"), ("B1", "O"), ("B3", "O")]:
        cell = next(c for c in position.board.empty_cells() if cell_name(c, 3) == name)
        steps.append(position.step(Move(cell, Letter(letter))))
        position = steps[-1].after
    return position, steps


def full_board_game() -> list:
    """Returns the steps of a 3 x 3 game played until the grid is full: the seven moves above, then A2 and C2."""
    position, steps = three_by_three_game()
    for name, letter in [("A2", "S"), ("C2", "S")]:
        cell = next(c for c in position.board.empty_cells() if cell_name(c, 3) == name)
        steps.append(position.step(Move(cell, Letter(letter))))
        position = steps[-1].after
    assert position.is_over and len(steps) == 9
    return steps


def test_a_filled_audit_of_a_game_played_to_the_full_grid_is_read_to_its_last_row(runner, tmp_path):
    steps = full_board_game()
    values = move_values(steps, 3, Notation.A1, Variant())
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3)), values))
    result = runner.invoke(app, ["check", str(pdf)])
    assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n")
    values["group1.move.9.points"] = "3"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3)), values))
    result = runner.invoke(app, ["check", str(pdf)])
    assert result.stdout.splitlines()[0] == f"{pdf}: move 9 (row 9): claims 3 points, the rules give 1 (A2-C2)"
    analysed = runner.invoke(app, ["analyse", str(pdf), "--json"])
    assert [move["move"] for move in json.loads(analysed.stdout)] == list(range(1, 10))


def test_a_filled_audit_is_analysed_like_its_csv_twin(runner, tmp_path):
    _, steps = three_by_three_game()
    values = move_values(steps, 3, Notation.A1, Variant())
    values["group1.move.4.points"] = "0"  # a wrong claim does not change the analysis
    pdf, csv = tmp_path / "game.pdf", tmp_path / "game.csv"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3)), values))
    csv.write_text(csv_twin(values, Variant()))
    from_pdf = runner.invoke(app, ["analyse", str(pdf), "--json"])
    from_csv = runner.invoke(app, ["analyse", str(csv), "--json", "--size", "3"])
    assert from_pdf.exit_code == from_csv.exit_code == 0, from_pdf.output
    assert from_pdf.stdout == from_csv.stdout
    assert '"move": 7' in from_pdf.stdout
    words = runner.invoke(app, ["analyse", str(pdf)])
    assert words.stdout == runner.invoke(app, ["analyse", str(csv), "--size", "3"]).stdout


def test_a_filled_audit_replayed_onto_itself_is_refused_even_with_force(runner, tmp_path):
    # A group's only record; a --out named as the record ends in .pdf (test_cli), so the name alone does not refuse it.
    _, steps = three_by_three_game()
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3)), move_values(steps, 3, Notation.A1, Variant())))
    before = pdf.read_bytes()
    result = runner.invoke(app, ["replay", str(pdf), "--out", str(pdf), "--force"])
    assert (result.exit_code, result.stderr) == (
        1,
        f"sos-print: {pdf} is the file this run reads; write to another file\n",
    )
    assert pdf.read_bytes() == before
    assert [path.name for path in tmp_path.iterdir()] == ["game.pdf"]


@pytest.mark.parametrize("lines", ["A1-C3\n", "\r\nA1-C3", "A1-C3\n\n"])
def test_a_line_break_typed_in_the_lines_field_is_only_a_space(runner, tmp_path, lines):
    # The field takes several lines on purpose (a move may make two S-O-S); the CSV rule about unclosed
    # quotation marks does not apply to a form.
    _, steps = three_by_three_game()
    values = move_values(steps, 3, Notation.A1, Variant())
    assert values["group1.move.3.lines"] == "A1-C3"
    values["group1.move.3.lines"] = lines
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3)), values))
    result = runner.invoke(app, ["check", str(pdf)])
    assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n")


def test_a_filled_audit_is_replayed_like_its_csv_twin(runner, tmp_path):
    _, steps = three_by_three_game()
    values = move_values(steps, 3, Notation.A1, Variant())
    values["group1.move.3.points"] = "2"  # the replay strikes the wrong claim through, as for the CSV file
    pdf, csv = tmp_path / "game.pdf", tmp_path / "game.csv"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3)), values))
    csv.write_text(csv_twin(values, Variant()))
    from_pdf = runner.invoke(app, ["replay", str(pdf), "--out", str(tmp_path / "from-pdf.pdf")])
    from_csv = runner.invoke(app, ["replay", str(csv), "--size", "3", "--out", str(tmp_path / "from-csv.pdf")])
    assert from_pdf.exit_code == from_csv.exit_code == 0, from_pdf.output
    replayed = texts((tmp_path / "from-pdf.pdf").read_bytes())
    assert replayed == texts((tmp_path / "from-csv.pdf").read_bytes())
    header = " ".join(replayed[0].split())
    assert "Score after move 7: A 1, B 3. The record stops there, before the end of the game." in header
    assert "Every claim of the audit is right." not in header


def test_the_replay_of_a_filled_audit_prints_the_names_class_date_and_group_the_children_typed(runner, tmp_path):
    steps = full_board_game()
    values = move_values(steps, 3, Notation.A1, Variant(), group=2)
    values.update(
        {
            "group2.names.A": "Léa",
            "group2.names.B": "Tom",
            "group2.class": "CE2 Mme Martin",
            "group2.date": "3 décembre",
        }
    )
    pdf = tmp_path / "group2.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3, groups=3)), values))
    from sos_print.forms.filled import load_filled_audit

    header = load_filled_audit(str(pdf)).header
    assert (header.names, header.class_name, header.date, header.group, header.groups) == (
        (("A", "Léa"), ("B", "Tom")),
        "CE2 Mme Martin",
        "3 décembre",
        2,
        3,
    )
    out = tmp_path / "replay.pdf"
    result = runner.invoke(app, ["replay", str(pdf), "--out", str(out)])
    assert result.exit_code == 0, result.output
    pages_text = [" ".join(text.split()) for text in texts(out.read_bytes())]
    assert pages_text[0].startswith("Class CE2 Mme Martin Date 3 décembre Group 2 of 3 SOS: game replay")
    assert "Players: Léa (A) and Tom (B), playing in that order." in pages_text[0]
    assert "Final score: Léa (A) 2, Tom (B) 3. Tom (B) wins." in pages_text[0]
    assert all(text.startswith("Class CE2 Mme Martin Date 3 décembre Group 2 of 3") for text in pages_text)
    # The command line's names and class replace the audit's.
    result = runner.invoke(
        app,
        ["replay", str(pdf), "--names", "b=Zoé", "--class-name", "CM1", "--lang", "fr", "--out", str(out), "--force"],
    )
    assert result.exit_code == 0, result.output
    first = " ".join(texts(out.read_bytes())[0].split())
    assert first.startswith("Classe CM1 Date 3 décembre Groupe 2 sur 3")
    assert "Joueurs : Léa (A) et Zoé (B), qui jouent dans cet ordre." in first.replace("\u202f", " ")


def test_a_class_lists_name_the_fields_font_lacks_a_letter_of_is_printed_as_on_paper_and_kept_for_the_replay(
    runner, tmp_path
):
    # A reader draws a field's text in Helvetica (WinAnsi): 'Łukasz' came out as 'ukasz', 'Nguyễn' as 'Nguyn'.
    roster = tmp_path / "class.txt"
    roster.write_text("Łukasz\nTom\nNguyễn\nŽeljko\n", encoding="utf-8")
    blank = tmp_path / "form.pdf"
    result = runner.invoke(app, ["audit", "--fillable", "--size", "3", "--roster", str(roster), "--out", str(blank)])
    assert result.exit_code == 0, result.output
    data = blank.read_bytes()
    shown = {name: (entries.get("/V"), entries["/F"], entries["/Ff"] & 1) for _, name, entries in widgets(data)}
    hidden, printed = 2, 4  # annotation flags
    assert [shown[f"group{group}.names.{seat}"] for group in (1, 2) for seat in "AB"] == [
        ("Łukasz", hidden, 1),  # read-only and hidden: printed on the page instead
        ("Tom", printed, 0),  # still to be changed on screen
        ("Nguyễn", hidden, 1),
        ("Željko", printed, 0),  # Ž is a letter of WinAnsi
    ]
    assert all(str(value).encode("cp1252") for value, flags, _ in shown.values() if value and flags & printed)
    # Printed where and as the paper audit prints it; the names in fields are not ink.
    paper = tmp_path / "paper.pdf"
    assert runner.invoke(app, ["audit", "--size", "3", "--roster", str(roster), "--out", str(paper)]).exit_code == 0
    with pages(data) as form, pages(paper.read_bytes()) as printed_audit:
        for page, name, absent in ((0, "Łukasz", "Tom"), (1, "Nguyễn", "Željko")):
            words = {word["text"]: word for word in form.pages[page].extract_words()}
            on_paper = {word["text"]: word for word in printed_audit.pages[page].extract_words()}
            assert absent not in words and absent in on_paper
            assert [round(words[name][key], 2) for key in ("x0", "top", "x1", "bottom")] == [
                round(on_paper[name][key], 2) for key in ("x0", "top", "x1", "bottom")
            ]
    # What a child types in a names field is the reader's to draw: read back whole, as the hidden name is.
    pdf = tmp_path / "filled.pdf"
    typed = {**move_values(full_board_game(), 3, Notation.A1, Variant()), "group1.names.B": "Şükrü"}
    pdf.write_bytes(fill(data, typed))
    out = tmp_path / "replay.pdf"
    result = runner.invoke(app, ["replay", str(pdf), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "Players: Łukasz (A) and Şükrü (B), playing in that order." in " ".join(texts(out.read_bytes())[0].split())


@pytest.mark.parametrize(
    ("lang", "head"),
    [
        (Language.EN, "Class CM2 Lune Date 3 décembre Group 2 of 2"),
        (Language.FR, "Classe CM2 Lune Date 3 décembre Groupe 2 sur 2"),
    ],
)
def test_a_class_name_printed_on_a_fillable_audit_is_kept_in_a_hidden_field_and_replayed(runner, tmp_path, lang, head):
    data = fillable(PrintOptions(size=3, groups=2, class_name="CM2 Lune", language=lang))
    class_fields = {name: field for name, field in terminal_fields(data).items() if name.endswith(".class")}
    assert sorted(class_fields) == ["group1.class", "group2.class"]
    for _, name, widget in widgets(data):
        if name.endswith(".class"):  # hidden (2) and read-only (1): the class is printed, never typed over
            assert int(widget["/F"]) & 2 and int(widget["/Ff"]) & 1, name
            assert widget["/V"] == "CM2 Lune", name
    values = move_values(full_board_game(), 3, Notation.A1, Variant(), group=2) | {"group2.date": "3 décembre"}
    pdf = tmp_path / "filled.pdf"
    pdf.write_bytes(fill(data, values))
    out = tmp_path / "replay.pdf"
    result = runner.invoke(app, ["replay", str(pdf), "--lang", lang.value, "--out", str(out)])
    assert result.exit_code == 0, result.output
    pages_text = [" ".join(text.split()) for text in texts(out.read_bytes())]
    assert all(text.startswith(head) for text in pages_text), pages_text[0][:80]


def test_a_class_name_printed_whole_is_read_back_whole_and_one_of_1001_characters_is_a_usage_error(runner, tmp_path):
    name = "x" + "\u0301" * 199  # 200 characters that print as one letter (no x with an acute to compose)
    data = fillable(PrintOptions(size=3, class_name=name))
    values = move_values(full_board_game(), 3, Notation.A1, Variant(), group=1)
    pdf = tmp_path / "filled.pdf"
    pdf.write_bytes(fill(data, values))
    from sos_print.forms.filled import load_filled_audit

    assert load_filled_audit(str(pdf)).header.class_name == name
    longest = "x" + "\u0301" * 999
    assert fillable(PrintOptions(size=3, class_name=longest))  # the most the option takes prints
    result = runner.invoke(
        app, ["audit", "--size", "3", "--class-name", longest + "x", "--out", str(tmp_path / "a.pdf")]
    )
    assert result.exit_code == 2
    assert result.stderr.strip() == "Usage error: the class name has 1001 characters: at most 1000"
    assert not (tmp_path / "a.pdf").exists()


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("group1.names.B", "Tom 三", "name of B: U+4E09 '三' is not in the font; replace it with --names B=NAME"),
        ("group1.class", "CE2 \u2603", "class name: U+2603 '☃' is not in the font; replace it with --class-name NAME"),
        # no option replaces a date: its field is named
        (
            "group1.date",
            "3/12 \U0001f600",
            "date: U+1F600 '😀' is not in the font; correct its field 'group1.date' in the form",
        ),
    ],
)
def test_a_typed_name_class_or_date_the_font_cannot_print_is_one_line_and_status_1(
    runner, tmp_path, field, value, message
):
    values = move_values(full_board_game(), 3, Notation.A1, Variant())
    values[field] = value
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3)), values))
    out = tmp_path / "replay.pdf"
    result = runner.invoke(app, ["replay", str(pdf), "--out", str(out)])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [f"sos-print: {pdf}: {message}"]
    assert not out.exists()


@pytest.mark.parametrize(
    ("field", "value", "option", "printed"),
    [
        ("group1.names.B", "Tom \U0001f600", ["--names", "B=Tom"], "Players: Ann (A) and Tom (B), playing"),
        ("group1.names.B", "Tom 三", ["--names", "b=Zoé"], "Players: Ann (A) and Zoé (B), playing"),
        ("group1.class", "אבג CM2", ["--class-name", "CM2"], "Class CM2 Date SOS: game replay"),
    ],
)
def test_a_typed_name_or_class_the_font_cannot_print_is_not_checked_when_an_option_replaces_it(
    runner, tmp_path, field, value, option, printed
):
    # It was refused all the same, the documented remedy a dead end: a text replaced is never printed.
    values = {**move_values(full_board_game(), 3, Notation.A1, Variant()), "group1.names.A": "Ann", field: value}
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3)), values))
    out = tmp_path / "replay.pdf"
    result = runner.invoke(app, ["replay", str(pdf), *option, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert printed in " ".join(texts(out.read_bytes())[0].split())
    # The other seat's name is still checked: replacing one name is no licence for the other.
    values["group1.names.A"] = "Ann 三"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3)), values))
    result = runner.invoke(app, ["replay", str(pdf), *option, "--out", str(out), "--force"])
    assert (result.exit_code, result.stderr) == (
        1,
        f"sos-print: {pdf}: name of A: U+4E09 '三' is not in the font; replace it with --names A=NAME\n",
    )


# The header strip of the replay holds a class name in two lines and a date in one, at most about this many
# capital Ws (the widest letter): the class name shrinks to SMALL_PT, the date stays at NOTES_PT.
STRIP_HOLDS = [
    # (arguments, the most Ws of a class name, of a date)
    ([], 102, 46),
    (["--large-print"], 64, 30),  # 66 before a cut between letters ended in a hyphen (review rv58 B2)
    (["--lang", "fr", "--paper", "letter"], 104, 47),
    (["--lang", "fr", "--large-print"], 64, 30),
    (["--lang", "en+fr", "--paper", "letter", "--large-print"], 66, 31),  # French holds fewer: its limit is said
]


@pytest.mark.parametrize("text", ["class", "date"])
@pytest.mark.parametrize(("args", "class_most", "date_most"), STRIP_HOLDS)
@pytest.mark.parametrize("length", ["one-more", "longest-read"])
def test_a_class_name_or_date_typed_too_long_for_the_replays_header_is_the_files_error_naming_its_field(
    runner, tmp_path, text, args, class_most, date_most, length
):
    # Typed on a tablet, not given as --class-name: no usage error (status 2) blaming an option, and never a date
    # printed past the page's margin. The form's fields hold 60 and 20 characters; a tablet may not keep to them,
    # and the form is read up to four times as much (240, 80).
    most = {"class": class_most, "date": date_most}[text]
    given = {"one-more": most + 1, "longest-read": {"class": 239, "date": 79}[text]}[length]
    values = move_values(full_board_game(), 3, Notation.A1, Variant(), group=2)
    values[f"group2.{text}"] = "W" * given
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3, groups=2)), values))
    out = tmp_path / "replay.pdf"
    result = runner.invoke(app, ["replay", str(pdf), "--out", str(out), *args])
    what = {"class": "class name", "date": "date"}[text]
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.exception is None or isinstance(result.exception, SystemExit)  # no traceback
    assert result.stderr.splitlines() == [
        f"sos-print: {pdf}: the {what} in its field 'group2.{text}' is too long for the replay's header: "
        f"at most about {most} characters here ({given} given); "
        + ("give a shorter one with --class-name NAME" if text == "class" else "correct it in the form")
    ]
    assert not out.exists()


@pytest.mark.parametrize(("args", "class_most", "date_most"), STRIP_HOLDS)
def test_the_longest_class_name_and_date_the_replays_header_holds_print_inside_the_margins(
    runner, tmp_path, args, class_most, date_most
):
    values = move_values(full_board_game(), 3, Notation.A1, Variant())
    values.update({"group1.class": "W" * class_most, "group1.date": "W" * date_most})
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3)), values))
    out = tmp_path / "replay.pdf"
    result = runner.invoke(app, ["replay", str(pdf), "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    margin = 15.0 * MM  # the replay's pages keep 15 mm from every edge
    with pages(out.read_bytes()) as document:
        for page in document.pages:
            drawn = chars(page)  # pdfplumber's characters as pdfminer reads them: the same boxes, at half the cost
            printed = "".join(char.get_text() for char in drawn)
            assert printed.count("W") >= class_most + date_most  # both texts are on every page, in full
            inside = margin - 0.01, page.width - margin + 0.01
            outside = [char.get_text() for char in drawn if not inside[0] <= char.x0 <= char.x1 <= inside[1]]
            assert outside == [], page.page_number


@pytest.mark.parametrize("args", [["--large-print"], ["--lang", "fr", "--paper", "letter", "--large-print"]])
def test_the_longest_names_a_filled_audit_is_read_with_print_inside_the_margins(runner, tmp_path, args):
    # A name field holds 40 characters and is read up to 160: the replay prints names in its sentences and captions,
    # not in the strip, where they wrap.
    values = move_values(full_board_game(), 3, Notation.A1, Variant())
    values.update({"group1.names.A": "W" * 160, "group1.names.B": "Marie-Charlotte " * 9 + "Wxyz"})
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3)), values))
    out = tmp_path / "replay.pdf"
    result = runner.invoke(app, ["replay", str(pdf), "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    margin = 15.0 * MM
    with pages(out.read_bytes()) as document:
        assert "W" * 20 in "".join(char.get_text() for char in chars(document.pages[0]))
        for page in document.pages:  # pdfplumber's characters as pdfminer reads them: the same boxes, at half the cost
            inside = margin - 0.01, page.width - margin + 0.01
            outside = [char.get_text() for char in chars(page) if not inside[0] <= char.x0 <= char.x1 <= inside[1]]
            assert outside == [], page.page_number


@pytest.mark.parametrize("field", ["group1.class", "group1.date"])
def test_a_class_name_too_long_given_as_an_option_is_still_a_usage_error(runner, tmp_path, field):
    values = move_values(full_board_game(), 3, Notation.A1, Variant())
    values[field] = "W" * 239 if field.endswith("class") else "W" * 79  # the option's text is said first
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3)), values))
    out = tmp_path / "replay.pdf"
    # 199 characters: under the most a class name has (200), and wider than the strip
    result = runner.invoke(app, ["replay", str(pdf), "--out", str(out), "--class-name", "W" * 199])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "Usage error: the class name does not fit the header strip: 2 lines of at most about 88 characters each here "
        "(199 given); make it shorter\n"
    )
    assert not out.exists()


def test_a_class_name_given_as_an_option_replaces_one_typed_too_long(runner, tmp_path):
    values = move_values(full_board_game(), 3, Notation.A1, Variant())
    values["group1.class"] = "W" * 239
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3)), values))
    out = tmp_path / "replay.pdf"
    result = runner.invoke(app, ["replay", str(pdf), "--out", str(out), "--class-name", "CM1"])
    assert result.exit_code == 0, result.output
    assert " ".join(texts(out.read_bytes())[0].split()).startswith("Class CM1 Date")


def test_check_and_the_replay_count_the_same_errors_in_a_filled_audit(runner, tmp_path):
    # The score sheet of tests/test_check.py (four errors, 22 totals that carry them forward), typed on a tablet.
    from test_check import SHEET

    from sos_print.engine.check import replay_example
    from sos_print.forms.filled import load_filled_audit
    from sos_print.plans.replay import replay_plan

    rows = [line.split(",") for line in SHEET.splitlines()[1:]]
    values = {}
    for number, player, letter, cell, lines, points, total_a, total_b in rows:
        for column, value in zip(
            ("player", "letter", "cell", "lines", "points", "total.A", "total.B"),
            (player, letter, cell, lines, points, total_a, total_b),
            strict=True,
        ):
            values[f"group1.move.{number}.{column}"] = value
    pdf = tmp_path / "group1.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions()), values))
    result = runner.invoke(app, ["check", str(pdf)])
    assert result.stdout.splitlines()[-1] == "checked 1 file: 4 problems in 1 file"
    plan = replay_plan(PrintOptions(), "en", replay_example(load_filled_audit(str(pdf))), ())
    header = " ".join(block.text for block in plan.header).replace("\u00a0", " ")  # a number keeps its next word
    assert "The score sheet has 4 mistakes, on moves 3, 6, 9 and 13." in header
    assert "From moves 3, 6 and 13 on, the totals carry these mistakes" in header


def test_a_wrong_claim_is_named_by_the_audits_row_and_its_lines(runner, tmp_path):
    _, steps = three_by_three_game()
    values = move_values(steps, 3, Notation.A1, Variant())
    assert values["group1.move.3.lines"] == "A1-C3"
    values["group1.move.3.lines"] = "A1-C3 A3-C1"
    values["group1.move.3.points"] = "2"
    del values["group1.move.2.player"]  # an empty cell is no claim
    values.update({"group1.names.A": "Zoé", "group1.pause.next": "B", "group1.date": "12/03"})  # not the record
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3)), values))
    result = runner.invoke(app, ["check", str(pdf)])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{pdf}: move 3 (row 3): claims 2 points, the rules give 1 (A1-C3)",
        f"{pdf}: move 3 (row 3): claims lines A1-C3, A3-C1, the rules give A1-C3",
        "checked 1 file: 2 problems in 1 file",
    ]


# The pause box of three_by_three_game's audit, whose scores are A 0 B 0 until move 3, A 1 B 0 until move 5, then
# B scores on moves 5, 6 and 7; each case fills group 1's rows and the boxes given, on a class's form of two groups.
PAUSE_SCORE = "group 1's field 'group1.pause.score.A' holds {}: write the points in the digits 0 to 9"
PAUSES = {
    "the score and seat after move 5": ({"group1.pause.score.A": "1", "group1.pause.score.B": "1"}, None),
    "the score after move 3, next by name": (
        {"group1.pause.score.A": "1", "group1.pause.score.B": "0", "group1.pause.next": " zoé "},
        None,
    ),
    "only who is next": ({"group1.pause.next": "b"}, None),
    "points of no moment": (
        {"group1.pause.score.A": "2", "group1.pause.score.B": "1"},
        "group 1, pause box: claims A 2, B 1, which the rules give at no moment of the game (after move 7: A 1, B 3, "
        "B writes next)",
    ),
    "a seat of no moment": (
        {"group1.pause.score.A": "1", "group1.pause.score.B": "3", "group1.pause.next": "A"},
        "group 1, pause box: claims A 1, B 3, A writes next, which the rules give at no moment of the game (after "
        "move 7: A 1, B 3, B writes next)",
    ),
    "a word for points": ({"group1.pause.score.A": "deux"}, PAUSE_SCORE.format("a word")),
    "a full-width digit": ({"group1.pause.score.A": "\uff11"}, PAUSE_SCORE.format("'\uff11'")),
    "a name of no seat": (
        {"group1.pause.next": "Léo"},
        "group 1's field 'group1.pause.next' holds a word that is no name of the names row: write who writes next as "
        "a seat (A, B) or a name typed in the names row",
    ),
    # another group's box: its game is in no row, and was passed over with exit 0 (sweep 40, F4)
    "another group's box": (
        {"group2.pause.score.A": "5", "group2.pause.score.B": "3", "group2.pause.next": "B"},
        "group 2's pause box is filled in ('group2.pause.score.A'), but group 2's table has no row: the game it "
        "pauses cannot be checked; type its moves in group 2's table, in a copy of its own",
    ),
    "another group's box, who is next only": (
        {"group2.pause.next": "A"},
        "group 2's pause box is filled in ('group2.pause.next'), but group 2's table has no row: the game it pauses "
        "cannot be checked; type its moves in group 2's table, in a copy of its own",
    ),
}


@pytest.mark.parametrize(("boxes", "problem"), PAUSES.values(), ids=list(PAUSES))
def test_every_filled_pause_box_is_held_to_its_groups_game(runner, tmp_path, boxes, problem):
    # A pause box says the points and who writes next when a group stopped; the game may go on in the same table,
    # so it must be true at some moment of the game. Another group's box pauses a game no row of the file holds.
    _, steps = three_by_three_game()
    values = {**move_values(steps, 3, Notation.A1, Variant()), "group1.names.A": "Zoé", **boxes}
    pdf = tmp_path / "class.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3, groups=2)), values))
    result = runner.invoke(app, ["check", str(pdf)])
    if problem is None:
        assert (result.exit_code, result.stdout.splitlines()) == (0, ["checked 1 file: every claim holds"])
    else:
        assert (result.exit_code, result.stdout.splitlines()) == (
            1,
            [f"{pdf}: {problem}", "checked 1 file: 1 problem in 1 file"],
        )


@pytest.mark.parametrize(
    ("names", "said"),
    [
        (("Lea", "LEA"), None),  # alike but for case: the name as typed is A's
        (
            ("Tom", "Tom"),
            "group 1's field 'group1.pause.next' holds a name that seats A and B both have in the names row: write the "
            "seat's letter (A or B)",
        ),
    ],
)
def test_a_pause_box_naming_who_is_next_reads_the_name_as_typed_first(runner, tmp_path, names, said):
    # "Lea" was read as B's "LEA", the last seat named alike, and a true box was told false (sweep ad96, 1).
    _, steps = three_by_three_game()
    values = {**move_values(steps, 3, Notation.A1, Variant()), "group1.pause.score.A": "1", "group1.pause.score.B": "0"}
    values |= {"group1.names.A": names[0], "group1.names.B": names[1], "group1.pause.next": names[0]}
    pdf = tmp_path / "class.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3, groups=2)), values))
    result = runner.invoke(app, ["check", str(pdf)])
    if said is None:
        assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n"), result.output
    else:
        assert (result.exit_code, result.stdout.splitlines()[0]) == (1, f"{pdf}: {said}"), result.output


@pytest.mark.parametrize(
    ("named", "typed"),
    [
        # A class list's "O'Connor" is printed "O’Connor" in the names row; a tablet types the pause box straight.
        ("Sophie O\u2019Connor", "sophie o'connor"),
        # A name pasted from a web page into the names row (or the box) brings a zero-width space that prints nothing.
        ("L\u00e9\u200ba", "L\u00e9a"),
        ("L\u00e9a", "L\u00e9\u200ba"),
        ("L\u00e9a\u061c", "L\u00e9a"),  # an Arabic letter mark, a direction mark as the others
        # A Turkish I, dotted or dotless, in a class list in capitals and the box in small letters, or the other way.
        ("\u0130rem", "IREM"),
        ("I\u015eIK", "I\u015f\u0131k"),
    ],
    ids=[
        "straight apostrophe",
        "zero-width space in the names row",
        "zero-width space in the box",
        "arabic letter mark",
        "dotted capital I",
        "dotless small i",
    ],
)
def test_a_pause_box_naming_a_child_reads_the_name_the_names_row_prints(runner, tmp_path, named, typed):
    _, steps = three_by_three_game()
    values = {**move_values(steps, 3, Notation.A1, Variant()), "group1.pause.score.A": "1", "group1.pause.score.B": "0"}
    values |= {"group1.names.A": named, "group1.names.B": "Tom"}
    values["group1.pause.next"] = typed
    pdf = tmp_path / "class.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3, groups=2)), values))
    result = runner.invoke(app, ["check", str(pdf)])
    assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n"), result.output


LONG_NAME = "Jean-Luc d\u2019Artagnan de la Tour du Pin"  # 37 characters: a class list takes 40


@pytest.mark.parametrize(
    ("name", "other", "said"),
    [
        ("\u0410\u043d\u044f", "Tom", None),  # Аня: a class list takes Cyrillic names
        ("Sophie O\u2019Connor", "Tom", None),  # as the names row prints it
        (LONG_NAME, "Tom", None),  # cut by the box, the start of one child's name alone (sweep ad104, 3)
        (  # two names alike in their first 20 characters (sweep ad100, 2)
            LONG_NAME,
            LONG_NAME.replace("Pin", "Mont"),
            "group 1's field 'group1.pause.next' holds the first 20 characters of a name, all the box takes: write the "
            "seat's letter (A or B)",
        ),
        (  # one child's whole name is another's cut by the box: either may be meant (sweep ad100)
            "Anne-Sophie Lefebvre",
            "Anne-Sophie Lefebvre-Morel",
            "group 1's field 'group1.pause.next' holds A's name, which is also the first 20 characters of B's, all the "
            "box takes: write the seat's letter (A or B)",
        ),
    ],
    ids=["cyrillic", "curled apostrophe", "longer than the box", "two names alike", "a name the start of another"],
)
def test_a_pause_box_typed_in_chromes_viewer_naming_a_child_of_the_names_row_is_read(
    runner, tmp_path, name, other, said
):
    # Chrome's viewer draws "Аня" and "O’Connor" in fonts whose codes sos-print cannot tell: a true box was refused,
    # "retype the field", and retyped to the same drawing; a name longer than the box was cut by the viewer, then
    # called "no name of the names row" (sweep ad99, B2 and C1), then refused asking for the seat's letter, though
    # the start it shows is one child's alone (ad104, 3). A name there falls back to its value, as the names do.
    _, steps = three_by_three_game()
    values = {**move_values(steps, 3, Notation.A1, Variant()), "group1.pause.score.A": "1", "group1.pause.score.B": "0"}
    values |= {"group1.names.A": name, "group1.names.B": other}  # as a class list writes them
    pdf = tmp_path / "class.pdf"
    pdf.write_bytes(typed_in_pdfium(fill(fillable(PrintOptions(size=3)), values), {"group1.pause.next": name}, True))
    result = runner.invoke(app, ["check", str(pdf)])
    if said is None:
        assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n"), result.output
    else:
        assert (result.exit_code, result.stdout.splitlines()[0]) == (1, f"{pdf}: {said}"), result.output


@pytest.mark.parametrize(
    ("names", "box", "scores", "said"),
    [
        # A name of marks that print nothing is no name: an empty box named it, and claimed A wrote next (sweep 80, 1).
        (("\u200b", "Tom"), "", ("1", "2"), None),
        (("\u200b", "\ufeff"), "", ("1", "2"), None),
        (("Tom", "Zo\u00e9"), "\u200b", ("1", "2"), None),  # a box that prints nothing says nothing
        (("Tom", "Zo\u00e9"), "B\u200b", ("1", "2"), None),  # a seat's letter and a mark is the seat
        (("Tom", "Zo\u00e9"), "\u200fB", ("1", "2"), None),  # a right-to-left mark typed first
        (  # two names printed alike: either child may be meant (sweep 80, 4)
            ("L\u00e9a", "L\u00e9\u200ba"),
            "L\u00e9a",
            ("1", "1"),
            "group 1's field 'group1.pause.next' holds a name that seats A and B both have in the names row: write the "
            "seat's letter (A or B)",
        ),
    ],
    ids=[
        "a name of a mark alone",
        "two names of marks alone",
        "a box of a mark alone",
        "a letter and a mark",
        "a mark and a letter",
        "two names printed alike",
    ],
)
def test_a_pause_box_reads_names_and_letters_as_they_print(runner, tmp_path, names, box, scores, said):
    _, steps = three_by_three_game()  # after move 6: A 1, B 2, B to write again; after move 5: A 1, B 1, B next
    values = {**move_values(steps, 3, Notation.A1, Variant()), "group1.pause.next": box}
    values |= {"group1.pause.score.A": scores[0], "group1.pause.score.B": scores[1]}
    values |= {"group1.names.A": names[0], "group1.names.B": names[1]}
    pdf = tmp_path / "class.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3)), values))
    result = runner.invoke(app, ["check", str(pdf)])
    if said is None:
        assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n"), result.output
    else:
        assert (result.exit_code, result.stdout.splitlines()[0]) == (1, f"{pdf}: {said}"), result.output


def test_a_pause_box_holding_a_name_that_begins_two_others_asks_for_the_seats_letter(runner, tmp_path):
    # Three children whose names the box cuts alike: the whole name typed may mean any of them (sweep ad100).
    variant = Variant(players=3)
    position, steps = Position.start(Board.empty(3), variant), []
    for name, letter in [("A1", "S"), ("B2", "O")]:
        cell = next(c for c in position.board.empty_cells() if cell_name(c, 3) == name)
        steps.append(position.step(Move(cell, Letter(letter))))
        position = steps[-1].after
    values = move_values(steps, 3, Notation.A1, variant)
    names = {"A": "Anne-Sophie Lefebvre", "B": "Anne-Sophie Lefebvre-Morel", "C": "Anne-Sophie Lefebvre-Petit"}
    values |= {f"group1.names.{seat}": name for seat, name in names.items()}
    values["group1.pause.next"] = names["A"]
    pdf = tmp_path / "class.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3, variant=variant)), values))
    result = runner.invoke(app, ["check", str(pdf)])
    said = (
        "group 1's field 'group1.pause.next' holds A's name, which is also the first 20 characters of B's and C's, all "
        "the box takes: write the seat's letter (A or B or C)"
    )
    assert (result.exit_code, result.stdout.splitlines()[0]) == (1, f"{pdf}: {said}"), result.output


REPLAYED_PAUSES = [
    ("the score and seat after move 5", None),
    (
        "points of no moment",
        "The “Pausing the game” box said Zoé (A) 2, B 1: the game was never at that point. After move 7, the score is "
        "Zoé (A) 1, B 3, B to write next. Every move on the score sheet is right.",
    ),
    (
        "a seat of no moment",
        "The “Pausing the game” box said Zoé (A) 1, B 3, Zoé (A) to write next: the game was never at that point. "
        "After move 7, the score is Zoé (A) 1, B 3, B to write next. Every move on the score sheet is right.",
    ),
]


@pytest.mark.parametrize(("case", "said"), REPLAYED_PAUSES, ids=[case for case, _ in REPLAYED_PAUSES])
def test_the_replay_names_a_false_pause_box_as_check_does(runner, tmp_path, case, said):
    # `check` refused it, and the replay said "Every entry on the score sheet is right" (sweep ad95, 2).
    _, steps = three_by_three_game()
    values = {**move_values(steps, 3, Notation.A1, Variant()), "group1.names.A": "Zoé", **PAUSES[case][0]}
    pdf, out = tmp_path / "class.pdf", tmp_path / "replay.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3, groups=2)), values))
    result = runner.invoke(app, ["replay", str(pdf), "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = " ".join(texts(out.read_bytes())[0].replace("\u00a0", " ").split())
    if said is None:
        assert "Pausing the game" not in text and "Every entry on the score sheet is right." in text, text
    else:
        assert said in text and "Every entry" not in text, text


@pytest.mark.parametrize("case", [case for case, _ in REPLAYED_PAUSES])
def test_analyse_closes_by_saying_a_pause_box_is_false(runner, tmp_path, case):
    # analyse weighed the moves of a sheet whose pause box check refuses, exit 0 and no word of it (sweep ad96, 2).
    _, steps = three_by_three_game()
    values = {**move_values(steps, 3, Notation.A1, Variant()), "group1.names.A": "Zoé", **PAUSES[case][0]}
    pdf = tmp_path / "class.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3, groups=2)), values))
    result = runner.invoke(app, ["analyse", str(pdf)])
    assert result.exit_code == 0, result.output
    closing = (
        "Some of the record's claims (points, S-O-S lines, running totals, who writes next or the pause box) are not "
        "what the rules give: sos-print check names them."
    )
    assert (closing in result.stdout.splitlines()) is (PAUSES[case][1] is not None), result.stdout


def test_a_folders_documents_sos_print_printed_are_passed_over_in_a_note_and_its_audits_checked(runner, tmp_path):
    # A teacher's loop, "replay group1.pdf" then "check .", turned red: the replay written beside the audit, and every
    # other document of the kit, counted as a problem, "a filled one printed to PDF again" (sweep ad97, B1).
    _, steps = three_by_three_game()
    values = move_values(steps, 3, Notation.A1, Variant())
    (tmp_path / "group1.pdf").write_bytes(fill(fillable(PrintOptions(size=3)), values))
    replay, rules = tmp_path / "group1-replay.pdf", tmp_path / "rules.pdf"
    assert runner.invoke(app, ["replay", str(tmp_path / "group1.pdf"), "--out", str(replay)]).exit_code == 0
    assert runner.invoke(app, ["rules", "--out", str(rules)]).exit_code == 0
    result = runner.invoke(app, ["check", str(tmp_path)])
    assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n"), result.output
    assert result.stderr.splitlines()[:2] == [
        f"note: {replay}: passed over: sos-print's replay, with no score sheet to check",
        f"note: {rules}: passed over: sos-print's rule sheet, with no score sheet to check",
    ], result.stderr
    # Named, it is refused as any file that holds no game; a printed audit, in a folder too: a filled one flattened
    # by a tablet keeps its keywords.
    result = runner.invoke(app, ["check", str(replay)])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == (
        f"{replay}: is sos-print's replay, with no score sheet to check: give a filled audit or a typed record"
    )
    assert runner.invoke(app, ["audit", "--out", str(tmp_path / "audit.pdf")]).exit_code == 0
    result = runner.invoke(app, ["check", str(tmp_path)])
    assert result.exit_code == 1 and result.stdout.startswith(f"{tmp_path / 'audit.pdf'}: is a PDF with no fields")
    # A folder of them alone holds nothing to check: "checked no file: ", status 0 (sweep ad98, 3).
    only = tmp_path / "only"
    only.mkdir()
    replay.rename(only / replay.name)
    result = runner.invoke(app, ["check", str(only)])
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [
            f"{only}: this folder holds only documents sos-print printed, with no score sheet to check",
            "checked no file: 1 path not checked",
        ],
    )


def test_a_false_claim_in_a_class_form_of_several_groups_names_its_group(runner, tmp_path):
    # "move 3 (row 3)" did not say whose of the class's groups (designer's review dz86, 14)
    _, steps = three_by_three_game()
    values = move_values(steps, 3, Notation.A1, Variant(), group=2)
    values["group2.move.3.points"] = "2"
    pdf = tmp_path / "class.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3, groups=2)), values))
    result = runner.invoke(app, ["check", str(pdf)])
    assert result.stdout.splitlines()[0] == f"{pdf}: group 2, move 3 (row 3): claims 2 points, the rules give 1 (A1-C3)"
    # The replay took the move from the problem's words, "group 2, move 3": "invalid literal for int()", status 70
    # (sweep ad95, 1).
    out = tmp_path / "replay.pdf"
    result = runner.invoke(app, ["replay", str(pdf), "--out", str(out)])
    assert result.exit_code == 0, result.output
    said = " ".join(texts(out.read_bytes())[0].replace("\u00a0", " ").split())
    assert "The score sheet has 1 mistake, on move 3." in said, said


def test_a_skipped_row_leaves_the_moves_in_order_and_named_by_their_rows(runner, tmp_path):
    _, steps = three_by_three_game()
    values = move_values(steps[:3], 3, Notation.A1, Variant())
    shifted = {name.replace(".move.3.", ".move.4."): value for name, value in values.items()}
    shifted["group1.move.4.points"] = "0"
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3)), shifted))
    result = runner.invoke(app, ["check", str(pdf)])
    assert result.stdout.splitlines()[0] == f"{pdf}: move 3 (row 4): claims 0 points, the rules give 1 (A1-C3)"
    # The empty row is named: a row blanked in the middle of a game gave problems on the rows below it and no word of
    # the empty one (ad70, 2); analyse and replay say it too.
    note = (
        f"note: {pdf}: row 3 of the audit is empty, above filled rows: each filled row is read as the next move; if a "
        "move was left out, fill in its row"
    )
    assert note in result.stderr.splitlines(), result.stderr
    assert result.output.splitlines()[0] == note  # before the problems that follow from it (sweep ad73, 6)
    for command in (["analyse", str(pdf)], ["replay", str(pdf), "--out", str(tmp_path / "r.pdf")]):
        assert note in runner.invoke(app, command).stderr.splitlines(), command
    # The replay's pages say it too, before the mistakes that follow from it, which only the terminal explained
    # (sweep ad74, 8).
    said = " ".join(texts((tmp_path / "r.pdf").read_bytes())[0].replace("\u00a0", " ").split())
    skipped = "Row 3 of the score sheet was left empty: each filled row below was read as the next move."
    assert skipped in said and said.index(skipped) < said.index("The score sheet has"), said
    # Rows left empty above the first filled one too: move 1 left out gave eight moves out of turn (sweep ad71, 1).
    down = {name: re.sub(r"\.move\.(\d+)\.", lambda m: f".move.{int(m[1]) + 2}.", name) for name in values}
    lower = {down[name]: text for name, text in values.items()}
    pdf.write_bytes(fill(fillable(PrintOptions(size=3)), lower))
    note = (
        f"note: {pdf}: rows 1 and 2 of the audit are empty, above filled rows: each filled row is read as the next "
        "move; if a move was left out, fill in its row"
    )
    assert note in runner.invoke(app, ["check", str(pdf)]).stderr.splitlines()
    # Three or more in a row as a range: fifteen were each named (sweep ad76, 7).
    down = {name: re.sub(r"\.move\.(\d+)\.", lambda m: f".move.{int(m[1]) + 3}.", name) for name in values}
    pdf.write_bytes(fill(fillable(PrintOptions(size=3)), {down[name]: text for name, text in values.items()}))
    assert f"note: {pdf}: rows 1 to 3 of the audit are empty, above" in runner.invoke(app, ["check", str(pdf)]).stderr
    # Two rows left empty in the middle of a game are read past as one is: they stopped the record with a CSV's advice
    # ("put it in a file of its own ... remove the empty rows"), which a form cannot take, under a note saying each
    # filled row was read (sweep ad94, 1).
    gap = {name: re.sub(r"\.move\.3\.", ".move.5.", name) for name in values}
    pdf.write_bytes(fill(fillable(PrintOptions(size=3)), {gap[name]: text for name, text in values.items()}))
    result = runner.invoke(app, ["check", str(pdf)])
    assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n"), result.output
    assert f"note: {pdf}: rows 3 and 4 of the audit are empty, above filled rows" in result.stderr
    assert "is not read" not in result.output and "file of its own" not in result.output, result.output


def test_a_scoring_move_left_out_stops_the_replay_where_a_later_row_is_out_of_turn(runner, tmp_path):
    # A's S in C3 scores, and A writes again: with its row 3 left empty, row 4 is in turn by chance, and B's O in B3
    # (row 6) no longer scores, so row 7 is out of turn. Only the row under the empty one was looked at: the replay
    # charged B's moves to A (sweep ad80, 2).
    position, steps = Position.start(Board.empty(3), Variant()), []
    for name, letter in [("A1", "S"), ("B2", "O"), ("C3", "S"), ("C1", "S"), ("A3", "S"), ("B3", "O"), ("A2", "O")]:
        cell = next(c for c in position.board.empty_cells() if cell_name(c, 3) == name)
        steps.append(position.step(Move(cell, Letter(letter))))
        position = steps[-1].after
    assert [step.seat for step in steps] == ["A", "B", "A", "A", "B", "B", "B"]
    values = move_values(steps, 3, Notation.A1, Variant())
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3)), {k: v for k, v in values.items() if ".move.3." not in k}))
    said = (
        f"sos-print: {pdf}: row 3 of the audit is empty, and row 7 under it is out of turn: a move was left out "
        "there; fill in its row (check names each problem)\n"
    )
    result = runner.invoke(app, ["replay", str(pdf), "--out", str(tmp_path / "r.pdf")])
    assert (result.exit_code, result.stderr) == (1, said)
    assert not (tmp_path / "r.pdf").exists()


def test_a_move_left_out_of_a_filled_audit_stops_the_replay_and_the_analysis(runner, tmp_path):
    # Row 2 left empty, B's move never written: read on, A's moves were charged to B and the replay told the class of
    # 13 mistakes the children did not make, the note on the terminal alone (French read fr75, 1). Where the row under
    # the empty one is out of turn, analyse and replay stop, naming it; check names each problem.
    _, steps = three_by_three_game()
    values = move_values(steps[:4], 3, Notation.A1, Variant())
    left = {name: value for name, value in values.items() if ".move.2." not in name}
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3)), left))
    said = (
        f"sos-print: {pdf}: row 2 of the audit is empty, and row 3 under it is out of turn: a move was left out "
        "there; fill in its row (check names each problem)\n"
    )
    for command in (["analyse", str(pdf)], ["replay", str(pdf), "--out", str(tmp_path / "r.pdf")]):
        result = runner.invoke(app, command)
        assert (result.exit_code, result.stdout, result.stderr) == (1, "", said), command
    assert not (tmp_path / "r.pdf").exists()
    checked = runner.invoke(app, ["check", str(pdf)])
    assert checked.exit_code == 1 and "move 2 (row 3): A wrote, but" in checked.stdout, checked.output


def test_the_one_filled_group_of_a_class_file_is_the_record(runner, tmp_path):
    _, steps = three_by_three_game()
    options = PrintOptions(size=3, groups=4)
    pdf = tmp_path / "class.pdf"
    pdf.write_bytes(fill(fillable(options), move_values(steps, 3, Notation.A1, Variant(), group=3)))
    result = runner.invoke(app, ["check", str(pdf)])
    assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n")


def broken(kind: str, tmp_path) -> tuple[bytes, str]:
    """Returns the bytes of a PDF that is no record, and the message that refuses it."""
    _, steps = three_by_three_game()
    blank = fillable(PrintOptions(size=3, groups=2))
    one = move_values(steps, 3, Notation.A1, Variant())
    if kind == "text":
        return b"Notes for Friday\n", "is not a PDF file (it does not start with %PDF-)"
    if kind == "record":  # a CSV record named .pdf: told as a PDF named .csv is (sweep ad95, 5)
        return b"player,letter,cell\nA,S,B2\n", "is a CSV record, not a PDF: give it a name ending in .csv, and its"
    if kind == "damaged":
        return fill(blank, one)[:4000], "cannot be read as a PDF: it is damaged ("
    if kind == "garbage":
        return b"%PDF-1.4\n" + bytes(range(256)) * 8, "cannot be read as a PDF: it is damaged ("
    if kind == "printed":
        return audit_document(PrintOptions(size=3)).data, "is a PDF with no fields to fill in: not a fillable"
    if kind == "other-form":
        other = PdfWriter()  # somebody else's form: a field for a pupil's name, filled in
        other.add_blank_page(595, 842)
        pupil = {"/T": TextStringObject("pupil"), "/FT": NameObject("/Tx"), "/V": TextStringObject("Zoé")}
        other.root_object[NameObject("/AcroForm")] = DictionaryObject(
            {NameObject("/Fields"): ArrayObject([DictionaryObject({NameObject(k): v for k, v in pupil.items()})])}
        )
        return written(other), "is a PDF form, but not a fillable sos-print audit: it has no game field"
    if kind == "empty":
        return blank, "is a fillable audit with no row filled in: there is no game to check yet"
    if kind == "two-groups":
        both = {**one, **move_values(steps, 3, Notation.A1, Variant(), group=2)}
        return fill(blank, both), "holds the games of groups 1 and 2: a record is one game, so give each group"
    if kind == "one-group-cut-out":  # group 2's page of a class audit filled in whole, as pdfseparate cuts it
        both = {**one, **move_values(steps, 3, Notation.A1, Variant(), group=2)}
        writer = cloned(fill(blank, both))
        writer.remove_page(0)
        return written(writer), (
            "holds the filled rows of group 1 on none of its pages: it was cut from a class audit filled in whole; "
            "check the whole audit, or cut the blank audit before it is filled"
        )
    if kind == "newer":
        game = str(terminal_fields(blank)["group1.game"]["/V"]).replace("audit 1:", "audit 2:")
        return (
            fill(blank, {**one, "group1.game": game}),
            "group 1: it is a form of version 2, made by a newer sos-print: this one reads version 1; update sos-print "
            "to read it",
        )
    if kind == "tampered":
        game = str(terminal_fields(blank)["group1.game"]["/V"]).replace("size=3", "size=12")
        return fill(blank, {**one, "group1.game": game}), "group 1: its game field gives size='12': it must be"
    if kind == "encrypted":
        writer = cloned(fill(blank, one))
        writer.encrypt("secret", algorithm="RC4-128")
        out = io.BytesIO()
        writer.write(out)
        return out.getvalue(), "is protected by a password: save it again without one"
    if kind in ("certificate", "unknown-encryption"):  # not damaged, as it was called (sweep 39, F7)
        writer = cloned(fill(blank, one))
        writer.encrypt("", "owner", algorithm="AES-128")
        out = io.BytesIO()
        writer.write(out)
        if kind == "certificate":  # Acrobat's "Certificate Security"
            return out.getvalue().replace(b"/Standard", b"/Adobe.PubSec", 1), (
                "is encrypted with a certificate: save it again without security"
            )
        assert out.getvalue().count(b"/V 4") == 1
        return out.getvalue().replace(b"/V 4", b"/V 9"), (
            "is encrypted by a method sos-print cannot open: save it again without security"
        )
    assert kind == "bad-cell"
    return fill(blank, {**one, "group1.move.2.cell": "Z9"}), "move 2 (row 2): cell Z9 is not on the 3 × 3 board"


KINDS = ["text", "record", "damaged", "garbage", "printed", "other-form", "empty", "two-groups", "newer", "tampered"]


# A group's page cut from a class audit filled in whole was told to "give each group its own copy" (sweep ad82, 4).
@pytest.mark.parametrize(
    "kind", [*KINDS, "encrypted", "certificate", "unknown-encryption", "bad-cell", "one-group-cut-out"]
)
def test_a_pdf_that_is_no_filled_audit_is_one_line_and_status_1(runner, tmp_path, kind):
    data, message = broken(kind, tmp_path)
    path = tmp_path / f"{kind}.pdf"
    path.write_bytes(data)
    good = tmp_path / "good.pdf"
    _, steps = three_by_three_game()
    good.write_bytes(fill(fillable(PrintOptions(size=3)), move_values(steps, 3, Notation.A1, Variant())))
    result = runner.invoke(app, ["check", str(path), str(good)])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    stops = "the record stops after 7 moves, before the end of the game: 2 of the 3 × 3 board's cells are empty"
    assert result.stderr == f"note: {good}: {stops}\n"  # the good file's game, not a word of the broken one
    lines = result.stdout.splitlines()
    assert len(lines) == 2 and lines[0].startswith(f"{path}: {message}"), result.stdout
    assert lines[1] == "checked 2 files: 1 problem in 1 file"  # the good file is still checked, and holds
    analysed = runner.invoke(app, ["analyse", str(path)])
    assert analysed.exit_code == 1
    assert analysed.stdout == ""
    assert analysed.stderr.startswith(f"sos-print: {path}: {message}") and analysed.stderr.count("\n") == 1
    out = tmp_path / "replay.pdf"
    replayed = runner.invoke(app, ["replay", str(path), "--out", str(out)])
    assert replayed.exit_code == 1 and replayed.stdout == ""
    assert replayed.stderr.startswith(f"sos-print: {path}: {message}") and replayed.stderr.count("\n") == 1
    assert not out.exists()


def _with_look(data: bytes, field: str, look: str | bytes | None, background: list[float] | None, drawn: bool) -> bytes:
    """Returns a filled audit with one widget's default look (/DA) and background (/MK /BG) changed, which readers
    draw it from: the form asks them to draw its fields again (`drawn`, as sos-print's do), or the widget has no
    drawing of its own."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    widget = next(
        annotation.get_object()
        for annotation in writer.pages[0]["/Annots"]
        if annotation.get_object().get("/T") == field.rsplit(".", 1)[1]
        and ".".join(_full_name(annotation.get_object())) == field
    )
    if look is not None:  # bytes: a string written so that pypdf cannot read it as text
        widget[NameObject("/DA")] = ByteStringObject(look) if isinstance(look, bytes) else TextStringObject(look)
    if background is not None:
        colour = ArrayObject([FloatObject(part) for part in background])
        widget[NameObject("/MK")] = DictionaryObject({NameObject("/BG"): colour})
    writer.root_object["/AcroForm"][NameObject("/NeedAppearances")] = BooleanObject(drawn)
    if not drawn:
        widget.pop("/AP", None)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _full_name(node) -> list[str]:
    parent = node.get("/Parent")
    return [*(_full_name(parent.get_object()) if parent is not None else []), str(node.get("/T", ""))]


SYMBOLS = "in a font that may show other characters than those typed (the file's own, symbols, or codes of its own)"


@pytest.mark.parametrize(
    ("look", "background", "drawn", "hidden"),
    [
        ("/Helv 12 Tf 1 1 1 rg", None, True, "in a colour too near its background"),
        ("/Helv 0 Tf 0.95 g", None, True, "in a colour too near its background"),
        ("/Helv 0 Tf 0 0 0 0 k", None, False, "in a colour too near its background"),
        (None, [0], True, "in a colour too near its background"),
        (None, [0.1, 0.1, 0.1], False, "in a colour too near its background"),
        ("/Helv 1 Tf 0 g", None, True, "at 1.0 points, too small to read on paper"),
        (
            "/Helv -12 Tf 0 g",
            None,
            True,
            "at a negative size (-12 points), which readers draw as nothing or upside down",
        ),
        ("/Helv 60 Tf 0 g", None, False, "at 60.0 points, too large for its box, which shows only a part of it"),
        ("/ZaDb 0 Tf 0 g", None, True, SYMBOLS),
        ("/Helv 0 Tf 0 g 3 Tr", None, True, "with drawing instructions no PDF reader writes for a field (Tr)"),
        ("/Helv 0 Tf 0 g 1 Tz", None, True, "with drawing instructions no PDF reader writes for a field (Tz)"),
        ("0 g", None, True, "with a default look that names no font"),
        ("/Helv 0 Tf 0 g (", None, True, "with a default look sos-print cannot read"),
        # What readers write is read: black, grey, dark blue, CMYK black, a neutral spacing on pale yellow.
        ("/Helv 12 Tf 0 g", None, True, None),
        ("/Helv 0 Tf 0.6 g", None, True, None),
        ("/Helv 10 Tf 0 0 0.5 rg", None, False, None),
        ("/Helv 0 Tf 0 0 0 1 k", None, True, None),
        (b"/Helv 0 Tf 0 g %\x7f", None, True, None),
        (b"/Helv 0 Tf 1 g %\x7f", None, True, "in a colour too near its background"),
        ("/Helv 20 Tf 0 g", None, True, None),  # capitals of 14.4 points in a box 24 points high
        ("/Helv 0 Tf 0 g 0 Tc 100 Tz", [1, 1, 0.8], True, None),
    ],
)
def test_a_claim_readers_draw_from_its_default_look_is_held_to_what_they_draw(
    runner, tmp_path, look, background, drawn, hidden
):
    # A form asking readers to draw its fields again (as sos-print's do) showed a claim in white, at 1 point or over
    # a black box as empty, and its record was read and called true (sweep ad101, 1).
    _, steps = three_by_three_game()
    filled = fill(fillable(PrintOptions(size=3)), move_values(steps, 3, Notation.A1, Variant()))
    path = tmp_path / "group.pdf"
    path.write_bytes(_with_look(filled, "group1.move.2.cell", look, background, drawn))
    result = runner.invoke(app, ["check", str(path)])
    if hidden is None:
        assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n"), result.output
        return
    assert result.exit_code == 1, result.output
    assert result.stdout.splitlines() == [
        f"{path}: group 1's field 'group1.move.2.cell' holds 'B2' but PDF readers draw it {hidden}: what sos-print "
        "would read is not what the audit shows; send the file the audit was filled in",
        "checked 1 file: 1 problem in 1 file",
    ]


def _large(widget, form) -> None:
    widget[NameObject("/DA")] = TextStringObject("/Helv 20 Tf 0 g")


def _turned(widget, form) -> None:
    widget[NameObject("/MK")] = DictionaryObject({NameObject("/R"): NumberObject(180)})


def _password(widget, form) -> None:
    widget[NameObject("/Ff")] = NumberObject(int(widget.get("/Ff", 0)) | 1 << 13)


def _bordered(widget, form, width: float = 12) -> None:
    widget[NameObject("/MK")] = DictionaryObject({NameObject("/BC"): ArrayObject([FloatObject(0)])})
    widget[NameObject("/BS")] = DictionaryObject(
        {NameObject("/W"): FloatObject(width), NameObject("/S"): NameObject("/S")}
    )


def _bordered_to_a_strip(widget, form) -> None:
    _bordered(widget, form, 10.5)  # 3.4 points left of 24.4 for 12-point text (sweep ad106, 3)


def _composite_named_helvetica(widget, form) -> None:
    font = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/Type0"),
            NameObject("/BaseFont"): NameObject("/Helvetica"),
            NameObject("/Encoding"): NameObject("/Identity-H"),
        }
    )
    form["/DR"]["/Font"][NameObject("/Hx")] = font
    widget[NameObject("/DA")] = TextStringObject("/Hx 12 Tf 0 g")


def _symbols_without_fonts(widget, form) -> None:
    del form["/DR"]
    widget[NameObject("/DA")] = TextStringObject("/ZaDb 12 Tf 0 g")


def _one_drawn_as_two(widget, form) -> None:
    encoding = {NameObject("/BaseEncoding"): NameObject("/WinAnsiEncoding")}
    encoding[NameObject("/Differences")] = ArrayObject([NumberObject(49), NameObject("/two")])
    font = {NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/Type1")}
    font |= {NameObject("/BaseFont"): NameObject("/Helvetica"), NameObject("/Encoding"): DictionaryObject(encoding)}
    form["/DR"]["/Font"][NameObject("/H1")] = DictionaryObject(font)
    widget[NameObject("/DA")] = TextStringObject("/H1 0 Tf 0 g")


def _helvetica(**entries) -> DictionaryObject:
    font = {NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/Type1")}
    font[NameObject("/BaseFont")] = NameObject("/Helvetica")
    return DictionaryObject(font | {NameObject(f"/{key}"): value for key, value in entries.items()})


def _mapped_otherwise(widget, form) -> None:
    swap = DecodedStreamObject()
    swap.set_data(b"begincmap 2 beginbfchar <31> <0032> <32> <0031> endbfchar endcmap")
    form["/DR"]["/Font"][NameObject("/H2")] = _helvetica(ToUnicode=swap)
    widget[NameObject("/DA")] = TextStringObject("/H2 0 Tf 0 g")


def _one_set_far_off(widget, form) -> None:
    wide = _helvetica(FirstChar=NumberObject(49), LastChar=NumberObject(49), Widths=ArrayObject([NumberObject(30000)]))
    form["/DR"]["/Font"][NameObject("/H3")] = wide
    widget[NameObject("/DA")] = TextStringObject("/H3 0 Tf 0 g")


def _widgets_own_font(widget, form) -> None:
    encoding = {NameObject("/BaseEncoding"): NameObject("/WinAnsiEncoding")}
    encoding[NameObject("/Differences")] = ArrayObject([NumberObject(49), NameObject("/two")])
    font = _helvetica(Encoding=DictionaryObject(encoding))
    widget[NameObject("/DR")] = DictionaryObject({NameObject("/Font"): DictionaryObject({NameObject("/Helv"): font})})


def _cut_short(widget, form) -> None:
    widget[NameObject("/MaxLen")] = NumberObject(2)


def _a_list(widget, form) -> None:
    widget[NameObject("/FT")] = NameObject("/Ch")
    widget[NameObject("/Ff")] = NumberObject(1 << 17)
    widget[NameObject("/Opt")] = ArrayObject([TextStringObject("A1-C3"), TextStringObject("B1-B3")])


def _rich(widget, form) -> None:
    widget[NameObject("/Ff")] = NumberObject(int(widget.get("/Ff", 0)) | 1 << 25)
    widget[NameObject("/RV")] = TextStringObject("<body><p>B1-B3</p></body>")


LEFT = ": what sos-print would read is not what the audit shows; send the file the audit was filled in"
MAY = ": what sos-print would read may not be what the audit shows; send the file the audit was filled in"


@pytest.mark.parametrize(
    ("field", "typed", "change", "said"),
    [
        (
            "cell",
            "",
            _turned,
            "holds 'C3' but PDF readers draw it turned by 180°, which sos-print never does (a 6 reads as a 9)" + LEFT,
        ),
        (
            "cell",
            "",
            _password,
            "is set to show its text as asterisks (a password field), which sos-print never sets: what sos-print would "
            "read may not be what the audit shows; send the file the audit was filled in",
        ),
        ("cell", "", _composite_named_helvetica, f"holds 'C3' but PDF readers draw it {SYMBOLS}" + LEFT),
        ("cell", "", _symbols_without_fonts, f"holds 'C3' but PDF readers draw it {SYMBOLS}" + LEFT),
        (
            "cell",
            "",
            _bordered_to_a_strip,
            "holds 'C3' but PDF readers draw it inside a border 10.5 points wide, which leaves it no room in its box"
            + LEFT,
        ),
        (
            "cell",
            "",
            _bordered,
            "holds 'C3' but PDF readers draw it inside a border 12 points wide, which leaves it no room in its box"
            + LEFT,
        ),
        (
            "lines",
            "\n" * 6,
            None,
            "holds 'A1-C3' but PDF readers draw it on 7 lines, more than its box shows at 4 points: what sos-print "
            "would read is not what the audit shows; retype it on one line",
        ),
        ("lines", "\n" * 3, None, None),  # at 4 points: small, on the page
        ("points", "", _one_drawn_as_two, f"holds '1' but PDF readers draw it {SYMBOLS}" + LEFT),
        ("points", "", _mapped_otherwise, f"holds '1' but PDF readers draw it {SYMBOLS}" + LEFT),
        ("points", "", _widgets_own_font, f"holds '1' but PDF readers draw it {SYMBOLS}" + LEFT),
        (
            "points",
            "",
            _one_set_far_off,
            "holds '1' but PDF readers draw it in a font whose widths of its own move its characters out of their "
            "places" + LEFT,
        ),
        (
            "lines",
            "",
            _cut_short,
            "holds 'A1-C3' but PDF readers draw it cut to its first 2 characters, as its field takes no more" + LEFT,
        ),
        ("lines", "", _a_list, "is made a list to choose from, which sos-print never makes" + MAY),
        (
            "lines",
            "",
            _rich,
            "is set to show a rich text of its own in place of its value (a rich-text field), which sos-print never "
            "sets" + MAY,
        ),
        (
            "lines",
            "A1-C3 " * 3,
            _large,
            "holds 'A1-C3 A1-C3 A1-C3 A1-C3' but PDF readers draw it on 2 lines, more than its box shows at 20 points"
            + LEFT,
        ),
        ("lines", "", _large, None),  # 'A1-C3' at 20 points: on one line
    ],
)
def test_a_claim_readers_draw_turned_hidden_in_another_font_or_pushed_out_is_refused(
    runner, tmp_path, field, typed, change, said
):
    # Each showed on the page as something else than the claim, or nothing, and was read as true (sweep ad102).
    _, steps = three_by_three_game()
    values = move_values(steps, 3, Notation.A1, Variant())
    name = f"group1.move.3.{field}"
    filled = fill(fillable(PrintOptions(size=3)), {**values, name: typed + values[name]})
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(filled)))
    form = writer.root_object["/AcroForm"]
    form[NameObject("/NeedAppearances")] = BooleanObject(True)
    widget = next(
        annotation.get_object()
        for annotation in writer.pages[0]["/Annots"]
        if ".".join(_full_name(annotation.get_object())) == name
    )
    if change is not None:
        change(widget, form)
    path = tmp_path / "group.pdf"
    with path.open("wb") as out:
        writer.write(out)
    result = runner.invoke(app, ["check", str(path)])
    if said is None:
        assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n"), result.output
        return
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [f"{path}: group 1's field {name!r} {said}", "checked 1 file: 1 problem in 1 file"],
    )


def _edited_and_checked(runner, tmp_path, edit) -> list[str]:
    """Returns what check says (status 1 asserted) of the 3 x 3 game's audit filled as pypdf fills it, then edited by
    `edit` (given the PdfWriter) and saved, the file's name first on each line as `{path}`."""
    _, steps = three_by_three_game()
    filled = fill(fillable(PrintOptions(size=3)), move_values(steps, 3, Notation.A1, Variant()))
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(filled)))
    edit(writer)
    path = tmp_path / "group.pdf"
    with path.open("wb") as out:
        writer.write(out)
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1, result.output
    return result.stdout.replace(str(path), "{path}").splitlines()


def _widget(writer, name: str):
    return next(
        annotation.get_object()
        for annotation in writer.pages[0]["/Annots"]
        if ".".join(_full_name(annotation.get_object())) == name
    )


@pytest.mark.parametrize("where", ["the file's layers", "the field's drawing"])
def test_a_filled_audit_with_layers_a_reader_may_hide_is_refused(runner, tmp_path, where):
    # Ink in a layer shown only in print blackened a claim on paper; a claim's drawing in a layer turned off showed in
    # PDFium and not in poppler's readers (sweep ad103, 3 and 4).
    def edit(writer):
        kind = {NameObject("/Type"): NameObject("/OCG"), NameObject("/Name"): TextStringObject("print")}
        layer = writer._add_object(DictionaryObject(kind))
        if where == "the file's layers":
            shown = {NameObject("/OCGs"): ArrayObject([layer])}
            shown[NameObject("/D")] = DictionaryObject({NameObject("/OFF"): ArrayObject([layer])})
            writer.root_object[NameObject("/OCProperties")] = DictionaryObject(shown)
        else:
            _widget(writer, "group1.move.2.cell")["/AP"]["/N"].get_object()[NameObject("/OC")] = layer

    said = {
        "the file's layers": "holds layers (optional content), which a reader may show on the screen and not on paper "
        "or the other way round, and which sos-print never writes: send the file the audit was filled in",
        "the field's drawing": "group 1's field 'group1.move.2.cell' holds 'B2' but its drawing cannot be read (it "
        "draws optional content, which the page may hide): what sos-print would read may not be what the audit shows; "
        "retype the field in a PDF reader and save the file",
    }[where]
    assert _edited_and_checked(runner, tmp_path, edit) == [f"{{path}}: {said}", "checked 1 file: 1 problem in 1 file"]


def test_a_page_whose_drawing_is_not_an_object_of_its_own_is_refused(runner, tmp_path):
    # Poppler drew a stream written inside the page's list of drawings; PDFium dropped the page's whole drawing, and
    # the ink it held over two claims went unseen (sweep ad106, 1).
    def edit(writer):
        inked = DecodedStreamObject()
        inked.set_data(b"0 g 100 100 20 20 re f")
        writer.pages[0][NameObject("/Contents")] = ArrayObject([writer.pages[0].raw_get("/Contents"), inked])

    assert _edited_and_checked(runner, tmp_path, edit) == [
        "{path}: page 1 holds its drawing where the PDF standard does not let it (not as an object of its own), which "
        "PDF readers read differently: send the file the audit was filled in",
        "checked 1 file: 1 problem in 1 file",
    ]


def test_a_form_asking_to_be_drawn_again_through_a_reference_is_held_to_its_drawings(runner, tmp_path):
    # PDFium follows no reference to /NeedAppearances: Chrome showed the empty drawings, an empty table, where poppler
    # drew the values again; the empty drawings were excused as drawn again (sweep ad106, 2).
    def edit(writer):
        writer.root_object["/AcroForm"][NameObject("/NeedAppearances")] = writer._add_object(BooleanObject(True))
        empty = DecodedStreamObject()
        empty.set_data(b"/Tx BMC EMC")
        empty[NameObject("/BBox")] = ArrayObject([NumberObject(n) for n in (0, 0, 44, 24)])
        drawn = DictionaryObject({NameObject("/N"): writer._add_object(empty)})
        _widget(writer, "group1.move.1.player")[NameObject("/AP")] = drawn

    assert _edited_and_checked(runner, tmp_path, edit) == [
        "{path}: group 1's field 'group1.move.1.player' shows nothing on the page but holds 'A' (its value was changed "
        "without drawing it again): what sos-print would read is not what the audit shows; retype the field in a PDF "
        "reader and save the file",
        "checked 1 file: 1 problem in 1 file",
    ]


def test_a_filled_audit_whose_page_sets_its_own_unit_of_length_is_refused(runner, tmp_path):
    # At 0.05 of a point to the unit, the page is 10 x 15 mm and its claims 0.6 points high (sweep ad104, 2).
    def edit(writer):
        writer.pages[0][NameObject("/UserUnit")] = FloatObject(0.05)

    assert _edited_and_checked(runner, tmp_path, edit) == [
        "{path}: page 1 is drawn at 0.05 times its size (/UserUnit), which sos-print never sets: readers that use it "
        "show the page 11 × 15 mm: send the file the audit was filled in",
        "checked 1 file: 1 problem in 1 file",
    ]


def test_a_filled_audit_named_toml_is_checked_as_the_audit_it_is_and_no_example(runner, tmp_path):
    # Checked, it lost the note of its unfinished game; given as an example, it was "not UTF-8 text (byte 10)" (ad101).
    path = tmp_path / "group 1.toml"
    _, steps = three_by_three_game()
    path.write_bytes(fill(fillable(PrintOptions(size=3)), move_values(steps, 3, Notation.A1, Variant())))
    result = runner.invoke(app, ["check", str(path)])
    stops = "the record stops after 7 moves, before the end of the game: 2 of the 3 × 3 board's cells are empty"
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        "checked 1 file: every claim holds\n",
        f"note: {path}: {stops}\n",
    )
    out = tmp_path / "teacher.pdf"
    taught = runner.invoke(app, ["teacher", str(path), "--out", str(out)])
    assert (taught.exit_code, taught.stdout) == (1, f"{path}: is a PDF, not a worked example (text in TOML)\n")
    assert not out.exists()


def test_pypdfs_complaints_about_a_damaged_file_stay_off_the_terminal(tmp_path):
    paths = []
    for kind in ("damaged", "garbage"):
        data, _ = broken(kind, tmp_path)
        paths.append(tmp_path / f"{kind}.pdf")
        paths[-1].write_bytes(data)
    result = subprocess.run(
        [sys.executable, "-m", "sos_print", "check", *map(str, paths)], capture_output=True, text=True, cwd=ROOT
    )
    assert (result.returncode, result.stderr) == (1, "")
    assert [line.split(": ", 1)[1][:40] for line in result.stdout.splitlines()[:2]] == [
        "cannot be read as a PDF: it is damaged ("
    ] * 2


def test_what_is_typed_is_drawn_in_its_field_for_print():
    _, steps = three_by_three_game()
    values = move_values(steps, 3, Notation.A1, Variant())
    values["group1.names.A"] = "Zoé"
    data = fill(fillable(PrintOptions(size=3)), values)
    drawn = 0
    for _, name, entries in widgets(data):
        if values.get(name):
            stream = entries["/AP"]["/N"].get_object().get_data()
            assert b"/Helv " in stream, name
            assert f"({values[name]}) Tj".encode("cp1252") in stream, (name, stream)
            drawn += 1
    assert drawn == len([value for value in values.values() if value])


def test_a_pdf_over_100_mb_is_refused_before_it_is_read(runner, tmp_path):
    big = tmp_path / "big.pdf"
    with big.open("wb") as file:
        file.truncate(100_000_001)  # sparse: nothing is written, nothing may be read
    result = runner.invoke(app, ["check", str(big)])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == (
        f"{big}: is 100,000,001 bytes; a filled audit may hold at most 100,000,000 bytes (100 MB)"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a game", "its game field reads 'a game', not the game of a sos-print audit"),
        (
            "sos-print-audit 7: size=4",
            "it is a form of version 7, made by a newer sos-print: this one reads version 1; update sos-print to read "
            "it",
        ),
        (
            "sos-print-audit 0: size=4",
            "it is a form of version 0, made by an older sos-print: this one reads version 1; print the audit again "
            "with this sos-print",
        ),
        ("sos-print-audit 1: size=4 players=2", "its game field does not give teams, target, first-sos-wins"),
        ("sos-print-audit 1: size=4 size=5", "its game field gives size twice"),
        ("sos-print-audit 1: colour=red", "its game field names 'colour', which is not one of size, players"),
        (
            "sos-print-audit 1: size = 4 players=2",
            "its game field holds 'size', not a key=value pair such as size=4",
        ),  # it named the key '' (sweep ad50, F7)
        ("size=9", "its game field gives size='9': it must be a whole number from 3 to 8"),
        ("players=5", "its game field gives players='5': it must be a whole number from 2 to 4"),
        ("teams=maybe", "its game field gives teams='maybe': it must be yes or no"),
        ("target=10", "its game field gives target='10': it must be a whole number from 0 to 9"),
        ("notation=chess", "its game field gives the notation 'chess', not A1 or L1C1"),
        ("lang=de", "its game field gives lang='de': it must be one of en, fr, en+fr, fr+en"),
        ("lang=", "its game field gives lang='': it must be one of en, fr, en+fr, fr+en"),
        ("group=3", "its game field gives group='3': it must be a whole number from 1 to 2"),
        ("group=2 groups=1", "its game field gives group='2': it must be 1"),  # not "from 1 to 1" (sweep ad99, C3)
        ("players=3 teams=yes", "team SOS needs 4 players"),
        ("target=2 first-sos-wins=yes", "choose either a target score or the first S-O-S wins, not both"),
    ],
)
def test_a_game_field_that_does_not_say_a_game_is_refused_saying_why(text, message):
    from sos_print.engine.errors import SosError
    from sos_print.forms.fields import read_game

    good = "size=4 players=2 teams=no target=0 first-sos-wins=no notation=A1 group=1 groups=2"
    if "=" in text and not text.startswith("sos-print"):
        values = dict(item.split("=") for item in good.split())
        values.update(item.split("=") for item in text.split())
        text = "sos-print-audit 1: " + " ".join(f"{key}={value}" for key, value in values.items())
    with pytest.raises(SosError) as caught:
        read_game(text)
    assert str(caught.value).startswith(message), str(caught.value)


# ---- forms as other tools leave them ---------------------------------------------------------------------------


def merged(*parts: bytes) -> bytes:
    """Returns the PDFs joined into one file as a "combine files" tool joins them, form fields and all."""
    writer = PdfWriter()
    for part in parts:
        writer.append(PdfReader(io.BytesIO(part)))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_two_filled_copies_joined_into_one_file_are_refused_never_read_as_one_game(runner, tmp_path):
    _, steps = three_by_three_game()
    blank = fillable(PrintOptions(size=3, groups=2))
    right = move_values(steps, 3, Notation.A1, Variant())
    wrong = {**move_values(steps, 3, Notation.A1, Variant(), group=2), "group2.move.3.points": "2"}
    pdf = tmp_path / "class.pdf"
    pdf.write_bytes(merged(fill(blank, right), fill(blank, wrong)))
    result = runner.invoke(app, ["check", str(pdf)])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{pdf}: holds group 1's field 'group1.game' twice (two copies of an audit joined into one file?): "
        "a record is one game, so check each filled copy on its own",
        "checked 1 file: 1 problem in 1 file",
    ]


def test_a_filled_audit_whose_form_lists_a_group_twice_is_named_as_such(runner, tmp_path):
    _, steps = three_by_three_game()
    filled = fill(fillable(PrintOptions(size=3)), move_values(steps, 3, Notation.A1, Variant()))
    writer = cloned(filled)
    fields = writer.root_object["/AcroForm"]["/Fields"]
    fields.append(fields[0])  # as a tool that damaged the form lists it: the same field object twice
    pdf = tmp_path / "audit.pdf"
    pdf.write_bytes(written(writer))
    result = runner.invoke(app, ["check", str(pdf)])
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [
            f"{pdf}: is a damaged PDF form: it lists the field 'group1' twice (the same field, not a second copy)",
            "checked 1 file: 1 problem in 1 file",
        ],
    )


def written(writer: PdfWriter) -> bytes:
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@lru_cache(maxsize=16)
def parsed(data: bytes) -> PdfReader:
    """Returns `data` read by pypdf, kept: pypdf reads each object once, then every edit of the same file clones the
    objects already read (reading was four fifths of an edit's time)."""
    return PdfReader(io.BytesIO(data))


def cloned(data: bytes) -> PdfWriter:
    """Returns a writer holding a copy of the PDF `data`, as PdfWriter(clone_from=...) makes it; `data` is read once."""
    return PdfWriter(clone_from=parsed(data))


def edited(data: bytes, change) -> bytes:
    """Returns the PDF `data` written again after `change(writer)`, as a tool that edits a PDF would."""
    writer = cloned(data)
    change(writer)
    return written(writer)


def copy_renamed(data: bytes, name: str) -> bytes:
    """Returns the form with its top field renamed, as a tool joining two copies renames the second's fields."""

    def change(writer):
        writer.root_object["/AcroForm"]["/Fields"][0].get_object()[NameObject("/T")] = TextStringObject(name)

    return edited(data, change)


def nested(data: bytes, index: int, parent: str) -> bytes:
    """Returns the form with its top field number `index` put under a new field, as some tools keep each joined
    file's fields apart."""

    def change(writer):
        fields = writer.root_object["/AcroForm"]["/Fields"]
        outer = {NameObject("/T"): TextStringObject(parent), NameObject("/Kids"): ArrayObject([fields[index]])}
        fields[index] = DictionaryObject(outer)

    return edited(data, change)


def pages_added(first: bytes, second: bytes) -> bytes:
    """Returns the first PDF with the second's pages added after its own (pypdf's add_page): their widgets come, their
    fields are left behind."""

    def change(writer):
        for page in PdfReader(io.BytesIO(second)).pages:
            writer.add_page(page)

    return edited(first, change)


def fields_left_out(first: bytes, second: bytes) -> bytes:
    """Returns both PDFs joined, with the second's fields left out of the form while its pages keep their widgets
    (as pdfunite joins filled forms)."""

    def change(writer):
        del writer.root_object["/AcroForm"]["/Fields"][1:]

    return edited(merged(first, second), change)


def refused_everywhere(runner, tmp_path, pdf, message) -> None:
    """Asserts that check, analyse and replay each refuse `pdf` with the one line `message`, and nothing is written."""
    result = runner.invoke(app, ["check", str(pdf)])
    assert (result.exit_code, result.stdout.splitlines()) == (1, [message, "checked 1 file: 1 problem in 1 file"])
    for command in (["analyse", str(pdf)], ["replay", str(pdf), "--out", str(tmp_path / "replay.pdf")]):
        refused = runner.invoke(app, command)
        assert (refused.exit_code, refused.stdout, refused.stderr) == (1, "", f"sos-print: {message}\n"), command
    assert sorted(path.name for path in tmp_path.iterdir()) == [pdf.name]


@pytest.mark.parametrize(
    ("how", "where"),
    [
        ("pages-added", "'game' on page 2"),
        ("fields-left-out", "'group1.game' on page 2"),
        ("renamed", "'group1_1.move.1.player'"),
        ("nested", "'copy.group1.move.1.player'"),
        ("first-nested", "'copy.group1.move.1.player'"),
    ],
)
def test_a_filled_copy_joined_under_a_name_the_reader_does_not_read_is_refused_never_dropped(
    runner, tmp_path, how, where
):
    _, steps = three_by_three_game()
    blank = fillable(PrintOptions(size=3))
    right = fill(blank, move_values(steps, 3, Notation.A1, Variant()))
    wrong = fill(blank, {**move_values(steps, 3, Notation.A1, Variant()), "group1.move.3.points": "2"})
    data = {
        "pages-added": lambda: pages_added(right, wrong),
        "fields-left-out": lambda: fields_left_out(right, wrong),
        "renamed": lambda: merged(right, copy_renamed(wrong, "group1_1")),
        "nested": lambda: nested(merged(right, wrong), 1, "copy"),
        "first-nested": lambda: nested(merged(right, wrong), 0, "copy"),  # the wrong copy alone was read
    }[how]()
    pdf = tmp_path / "class.pdf"
    pdf.write_bytes(data)
    message = (
        f"{pdf}: holds audit fields outside its form, such as {where} (pages joined from two files?): send the file "
        "the audit was filled in, or check each filled copy on its own"
    )
    refused_everywhere(runner, tmp_path, pdf, message)


def test_a_group_split_from_the_class_file_by_a_tool_that_renames_its_fields_says_so(runner, tmp_path):
    # qpdf --empty --pages class.pdf 3-4 -- names group 2's fields 'group2+1...': once "two filled copies joined"
    _, steps = three_by_three_game()
    filled = fill(fillable(PrintOptions(size=3, groups=2)), move_values(steps, 3, Notation.A1, Variant(), group=2))
    pdf = tmp_path / "group2.pdf"
    pdf.write_bytes(copy_renamed(_pages_kept(filled, [1], "copied"), "group2+1"))
    refused_everywhere(
        runner,
        tmp_path,
        pdf,
        f"{pdf}: holds group 2's fields renamed by a tool that split the class file ('group2+1.move.1.player' for "
        "'group2.move.1.player'): split it keeping the form's names (for pages 3 and 4: qpdf class.pdf --pages . "
        "3-4 -- group.pdf), or hand out the whole file",
    )


def test_two_copies_joined_by_a_tool_that_renames_the_seconds_fields_are_said_to_be_joined(runner, tmp_path):
    # qpdf --empty --pages right.pdf wrong.pdf -- keeps the first copy's names and renames the second's 'group1+1...':
    # two copies joined, not a class file split, and neither copy is read as the record.
    _, steps = three_by_three_game()
    blank = fillable(PrintOptions(size=3))
    right = fill(blank, move_values(steps, 3, Notation.A1, Variant()))
    wrong = fill(blank, {**move_values(steps, 3, Notation.A1, Variant()), "group1.move.3.points": "2"})
    pdf = tmp_path / "class.pdf"
    pdf.write_bytes(merged(right, copy_renamed(wrong, "group1+1")))
    refused_everywhere(
        runner,
        tmp_path,
        pdf,
        f"{pdf}: holds group 1's fields twice, a copy's renamed ('group1+1.move.1.player' beside "
        "'group1.move.1.player'): two filled copies were joined into one file; check each filled copy on its own",
    )


def test_a_page_of_another_form_added_to_a_filled_audit_is_refused(runner, tmp_path):
    # A page of another form added: its widgets are outside the form too. No audit field hides there, but the page
    # may be an audit printed to PDF that an app gave fields of its own (Acrobat's "Text1"): its ink is not read.
    _, steps = three_by_three_game()
    other = PdfWriter()
    other.add_blank_page(595, 842)
    other.pages[0][NameObject("/Annots")] = ArrayObject(
        [
            DictionaryObject(
                {
                    NameObject("/Subtype"): NameObject("/Widget"),
                    NameObject("/T"): TextStringObject(name),
                    NameObject("/FT"): NameObject("/Tx"),
                    NameObject("/Rect"): ArrayObject([]),
                }
            )
            for name in ("pupil", "remarks")
        ]
    )
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(
        pages_added(fill(fillable(PrintOptions(size=3)), move_values(steps, 3, Notation.A1, Variant())), written(other))
    )
    message = (
        f"{pdf}: has a page 2 without the audit's fields (a copy printed to PDF, or a page of another file, added to "
        "it): what it shows cannot be read; check each filled copy on its own"
    )
    refused_everywhere(runner, tmp_path, pdf, message)


# A field's own entries; the rest of a field that is its own widget (/Rect, /AP, /F, /P...) is the widget's.
FIELD_KEYS = {"/T", "/V", "/DV", "/FT", "/Ff", "/DA", "/Q", "/MaxLen", "/TU", "/Parent", "/Kids"}


def widget_entries(node) -> dict:
    """Returns the entries of a field's widget (a field of one widget may be one object with it)."""
    return {key: value for key, value in node.items() if key not in FIELD_KEYS}


def full_name(node) -> str:
    parts = []
    while node is not None:
        node = node.get_object()
        if "/T" in node:
            parts.append(str(node["/T"]))
        node = node.get("/Parent")
    return ".".join(reversed(parts))


def linked(first: bytes, second: bytes, listed: bool = True) -> bytes:
    """Returns two filled copies joined as tools that link same-named fields join forms (Acrobat's "Combine Files",
    iText's PdfCopyFields): each name is kept once, as the first copy's field, and the second copy's widgets become
    its further widgets, each with its own appearance; `listed` False leaves them out of the field's /Kids, their
    /Parent alone pointing at it (a link made by half)."""
    writer = cloned(first)
    fields = {}
    for page in writer.pages:
        for annotation in list(page["/Annots"]):
            field = annotation.get_object()
            if "/T" not in field:  # already one widget of several (the class and the date)
                fields[full_name(field)] = field["/Parent"].get_object()
                continue
            widget = writer.add_annotation(page, widget_entries(field))
            widget[NameObject("/Parent")] = field.indirect_reference
            for key in [key for key in field if key not in FIELD_KEYS]:
                del field[key]
            field[NameObject("/Kids")] = ArrayObject([widget.indirect_reference])
            page["/Annots"].remove(annotation)
            fields[full_name(field)] = field
    for page in PdfReader(io.BytesIO(second)).pages:
        names = [full_name(annotation) for annotation in page["/Annots"]]
        added = writer.add_page(page)
        copied = [annotation.get_object() for annotation in added["/Annots"]]
        added[NameObject("/Annots")] = ArrayObject()
        for name, annotation in zip(names, copied, strict=True):
            field = fields[name]
            widget = writer.add_annotation(added, widget_entries(annotation))
            widget[NameObject("/Parent")] = field.indirect_reference
            if listed:
                field["/Kids"].append(widget.indirect_reference)
    return written(writer)


@pytest.mark.parametrize(
    ("groups", "listed", "how"),
    [
        (1, True, "has 2 widgets where an audit has one"),
        (1, False, "has a widget on page 2 that it does not list"),
        (2, True, "has 2 widgets where an audit has one"),  # group 1 filled in one copy, group 2 in the other
    ],
    ids=["linked", "half linked", "two groups"],
)
def test_filled_copies_joined_with_their_fields_linked_are_refused_never_read_as_one_game(
    runner, tmp_path, groups, listed, how
):
    # sos-print gives more than one widget to a group's class and date fields only: one on each page of its audit.
    _, steps = three_by_three_game()
    blank = fillable(PrintOptions(size=3, groups=groups))
    right = fill(blank, move_values(steps, 3, Notation.A1, Variant()))
    wrong = fill(blank, {**move_values(steps, 3, Notation.A1, Variant(), groups), f"group{groups}.move.3.points": "2"})
    pdf = tmp_path / "class.pdf"
    pdf.write_bytes(linked(right, wrong, listed))
    message = (
        f"{pdf}: holds joined copies of an audit: group 1's field 'group1.game' {how} (a tool linked the copies' "
        "fields of the same name, so their games share one value): check each filled copy on its own"
    )
    refused_everywhere(runner, tmp_path, pdf, message)


@pytest.mark.parametrize("name", ["group1.move.3.points", "group1.names.B", "group1.pause.next"])
def test_any_field_but_the_class_and_date_given_a_second_widget_is_refused_naming_it(runner, tmp_path, name):
    # When every field is linked the game field is named first; a field linked alone is named all the same.
    _, steps = three_by_three_game()
    filled = fill(fillable(PrintOptions(size=3)), move_values(steps, 3, Notation.A1, Variant()))

    def change(writer):
        page = writer.pages[0]
        reference = next(a for a in page["/Annots"] if full_name(a) == name)
        field = reference.get_object()
        own = widget_entries(field)
        kids = [writer.add_annotation(page, own), writer.add_annotation(page, own)]
        for key in own:
            del field[key]
        field[NameObject("/Kids")] = ArrayObject([kid.indirect_reference for kid in kids])
        for kid in kids:
            kid[NameObject("/Parent")] = field.indirect_reference
        page["/Annots"].remove(reference)

    pdf = tmp_path / "audit.pdf"
    pdf.write_bytes(edited(filled, change))
    result = runner.invoke(app, ["check", str(pdf)])
    assert (result.exit_code, result.stdout.splitlines()[0]) == (
        1,
        f"{pdf}: holds joined copies of an audit: group 1's field '{name}' has 2 widgets where an audit has one "
        "(a tool linked the copies' fields of the same name, so their games share one value): check each filled "
        "copy on its own",
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("size=3", "size=3", "group=1", "group=2"), "its field group1.game says group=2: it is group 1's field"),
        (
            ("size=4", "size=3", "group=1", "group=1"),
            "its field group1.game says size=3, but group 1's table has 16 rows, not 9: the game field or the table "
            "was changed after it was written",
        ),
        # The target and the count of groups change no field: the value the audit was written with, kept as the
        # field's default, tells them (sweep 39, F1: a game played on after its target passed as won by no one).
        (
            ("size=3", "size=3", "target=0", "target=2"),
            "its field group1.game says target=2, but the audit was written with target=0: the game field was "
            "changed after it was written",
        ),
        (
            ("size=3", "size=3", "groups=2", "groups=500"),
            "its field group1.game says groups=500, but the audit was written with groups=2: the game field was "
            "changed after it was written",
        ),
        # Its version, which reads alike: "says 1:=, but the audit was written with 1:=" (sweep ad49, F2).
        (
            ("size=3", "size=3", "audit 1:", "audit 01:"),
            "its field group1.game says '01:', but the audit was written with '1:': the game field was changed after "
            "it was written",
        ),
    ],
)
def test_a_game_field_that_does_not_match_its_own_form_is_refused_naming_it(runner, tmp_path, change, message):
    old_size, new_size, old_group, new_group = change
    size = int(old_size[-1])
    position, steps = Position.start(Board.empty(size), Variant()), []
    for cell in position.board.empty_cells()[:3]:
        steps.append(position.step(Move(cell, Letter.S)))
        position = steps[-1].after
    blank = fillable(PrintOptions(size=size, groups=2))
    game = str(terminal_fields(blank)["group1.game"]["/V"]).replace(old_size, new_size).replace(old_group, new_group)
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(fill(blank, {**move_values(steps, size, Notation.A1, Variant()), "group1.game": game}))
    result = runner.invoke(app, ["check", str(pdf)])
    assert (result.exit_code, result.stdout.splitlines()[0]) == (1, f"{pdf}: {message}")


WRITTEN = "the game field was changed after it was written"
GAME_EDITS = {
    # the default value edited with the value: the other groups' game fields still say the class's game
    "value and default, target": (
        ("target=0", "target=2"),
        ("/V", "/DV"),
        f"its field group1.game says target=2, but group 2's field group2.game says target=0: {WRITTEN}",
    ),
    "value and default, groups": (
        ("groups=2", "groups=3"),
        ("/V", "/DV"),
        f"its field group1.game says groups=3, but the form holds the game fields of 2 groups: {WRITTEN}",
    ),
    "value, default deleted": (
        ("target=0", "target=2"),
        ("/V",),
        f"its field group1.game has no default value, which sos-print writes beside the game: {WRITTEN}",
    ),
    # the value given to the field above the game field, the game field's own taken out: refused as inherited
    "value moved to its parent": (
        ("target=0", "target=2"),
        ("parent",),
        "gives 'group1' a value, which its fields would take as theirs (sos-print never writes one there): the form "
        "was changed; send the file the audit was filled in",
    ),
}


@pytest.mark.parametrize(("change", "keys", "message"), GAME_EDITS.values(), ids=list(GAME_EDITS))
def test_a_game_field_edited_past_its_default_value_is_refused_naming_it(runner, tmp_path, change, keys, message):
    # Comparing the value with the default alone was passed by editing both, or deleting the default (sweep 40, F6).
    _, steps = three_by_three_game()
    filled = fill(fillable(PrintOptions(size=3, groups=2)), move_values(steps, 3, Notation.A1, Variant()))

    def edit(writer):
        group = writer.root_object["/AcroForm"]["/Fields"][0].get_object()
        game = next(kid.get_object() for kid in group["/Kids"] if kid.get_object()["/T"] == "game")
        value = TextStringObject(str(game["/V"]).replace(*change))
        if "parent" in keys:
            del game[NameObject("/V")]
            group[NameObject("/V")] = value
        del game[NameObject("/DV")]
        for key in keys if "parent" not in keys else ():
            game[NameObject(key)] = value

    pdf = tmp_path / "class.pdf"
    pdf.write_bytes(edited(filled, edit))
    refused_everywhere(runner, tmp_path, pdf, f"{pdf}: {message}")


def few_moves(size: int, variant: Variant) -> list:
    """Returns the steps of three S written in the first empty cells: a game any form of the board can hold."""
    position, steps = Position.start(Board.empty(size), variant), []
    for cell in position.board.empty_cells()[:3]:
        steps.append(position.step(Move(cell, Letter.S)))
        position = steps[-1].after
    return steps


SAYS = "its field group1.game says"
CHANGED = "the game field or the form was changed"


@pytest.mark.parametrize(
    ("variant", "old", "new", "message"),
    [
        (
            Variant(players=4),
            "teams=no",
            "teams=yes",
            f"{SAYS} players=4 teams=yes, but group 1's table has totals for A, B, C, D, not A + C, B + D: {CHANGED}",
        ),
        (
            TEAMS,
            "teams=yes",
            "teams=no",
            f"{SAYS} players=4 teams=no, but group 1's table has totals for A + C, B + D, not A, B, C, D: {CHANGED}",
        ),
        (Variant(), "players=2", "players=3", f"{SAYS} players=3, but group 1's form has names for A, B: {CHANGED}"),
        (
            Variant(players=4),
            "players=4",
            "players=3",
            f"{SAYS} players=3, but group 1's form has names for A, B, C, D: {CHANGED}",
        ),
    ],
    ids=["teams-yes-on-four-players", "teams-no-on-teams", "three-on-two", "three-on-four"],
)
def test_a_game_field_that_says_other_seats_or_sides_than_its_form_is_refused_naming_it(
    runner, tmp_path, variant, old, new, message
):
    # Read as the field says, the form's own totals (or a seat's) would never be read, and false totals would pass.
    blank = fillable(PrintOptions(size=3, variant=variant))
    values = move_values(few_moves(3, variant), 3, Notation.A1, variant)
    values[f"group1.move.1.total.{variant.sides[0]}"] = "7"  # a false total
    game = str(terminal_fields(blank)["group1.game"]["/V"])
    assert old in game
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(fill(blank, {**values, "group1.game": game.replace(old, new)}))
    result = runner.invoke(app, ["check", str(pdf)])
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [f"{pdf}: {message}", "checked 1 file: 1 problem in 1 file"],
    )


def without(data: bytes, unwanted) -> bytes:
    """Returns the form with the fields whose full names `unwanted` picks taken out, widgets and all."""

    def change(writer):
        gone = set()

        def prune(node, name):
            kept = ArrayObject()
            for kid in node["/Kids"]:
                field = kid.get_object()
                full = f"{name}.{field['/T']}"
                if "/Kids" in field:
                    prune(field, full)
                    kept.append(kid)
                elif unwanted(full):
                    gone.add(kid.idnum)
                else:
                    kept.append(kid)
            node[NameObject("/Kids")] = kept

        for root in writer.root_object["/AcroForm"]["/Fields"]:
            prune(root.get_object(), str(root.get_object()["/T"]))
        for page in writer.pages:
            page[NameObject("/Annots")] = ArrayObject([a for a in page["/Annots"] if a.idnum not in gone])

    return edited(data, change)


def with_extra_field(data: bytes, name: str) -> bytes:
    """Returns the form with one more field under its group, which sos-print never writes."""

    def change(writer):
        root = writer.root_object["/AcroForm"]["/Fields"][0].get_object()
        extra = {NameObject("/T"): TextStringObject(name), NameObject("/FT"): NameObject("/Tx")}
        root["/Kids"].append(DictionaryObject(extra))

    return edited(data, change)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda data: without(data, lambda name: name.endswith(".points")),
            "group 1's table has no points column: each row of a sos-print audit has one, so the form was changed "
            "and its claims could not all be checked",
        ),
        (
            lambda data: without(data, lambda name: name.endswith(".lines")),
            "group 1's table has no lines column: each row of a sos-print audit has one, so the form was changed "
            "and its claims could not all be checked",
        ),
        (
            lambda data: without(data, lambda name: name == "group1.move.5.cell"),
            "group 1's form has no field group1.move.5.cell: the form was changed",
        ),
        (
            lambda data: without(data, lambda name: re.fullmatch(r"group1\.move\.\d+\.total\.A", name)),
            f"{SAYS} players=2 teams=no, but group 1's table has totals for B, not A, B: {CHANGED}",
        ),
        (
            lambda data: without(data, lambda name: name == "group1.pause.score.B"),
            f"{SAYS} players=2 teams=no, but group 1's pause box has points for A, not A, B: {CHANGED}",
        ),
        (
            lambda data: without(data, lambda name: name == "group1.names.B"),
            f"{SAYS} players=2, but group 1's form has names for A: {CHANGED}",
        ),
        (
            lambda data: with_extra_field(data, "remarks"),
            "group 1's form has a field 'group1.remarks' no sos-print audit has: the form was changed",
        ),
    ],
    ids=["no-points", "no-lines", "a-cell-field", "no-total-a", "a-pause-field", "a-name-field", "one-more-field"],
)
def test_a_form_not_as_sos_print_wrote_it_is_refused_as_a_csv_file_without_a_column_is(
    runner, tmp_path, change, message
):
    values = move_values(few_moves(3, Variant()), 3, Notation.A1, Variant())
    values["group1.move.2.points"] = "5"  # a false claim, which a form without its points column would pass
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(change(fill(fillable(PrintOptions(size=3)), values)))
    result = runner.invoke(app, ["check", str(pdf)])
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [f"{pdf}: {message}", "checked 1 file: 1 problem in 1 file"],
    )


def node_renamed(data: bytes, name: str, part: str) -> bytes:
    """Returns the form with the field node `name` (full name) given the partial name `part`, as a form editor
    renames a field, or a tool joining files renames one that clashes: every field under it is renamed too."""

    def change(writer):
        pending = [(root.get_object(), "") for root in writer.root_object["/AcroForm"]["/Fields"]]
        while pending:
            node, parent = pending.pop()
            full = f"{parent}.{node['/T']}" if parent else str(node["/T"])
            if full == name:
                node[NameObject("/T")] = TextStringObject(part)
                return
            pending += [(kid.get_object(), full) for kid in node.get("/Kids", []) if "/T" in kid.get_object()]
        raise AssertionError(name)

    return edited(data, change)


UNKNOWN = "group 1's form has a field '{}' no sos-print audit has: the form was changed"
BEYOND = "group 1's form has a field '{}', but the table of a 3 × 3 audit has rows 1 to 9: the form was changed"


@pytest.mark.parametrize(
    ("groups", "name", "part", "message"),
    [
        # The whole table renamed: read as a table of no rows, group 1's game was dropped (or "no row filled in").
        (2, "group1.move", "moves", UNKNOWN.format("group1.moves.1.player")),
        (1, "group1.move", "moves", UNKNOWN.format("group1.moves.1.player")),
        (1, "group1.move.3", "10", BEYOND.format("group1.move.10.player")),  # once "has 9 rows, not 9"
        (1, "group1.move.3", "0", BEYOND.format("group1.move.0.player")),
        (1, "group1.move.3", "\u0663", UNKNOWN.format("group1.move.\u0663.player")),  # an Arabic-Indic 3
    ],
    ids=["table-of-one-of-two-groups", "table-of-the-only-group", "row-10", "row-0", "row-arabic-3"],
)
def test_a_group_whose_table_or_row_was_renamed_is_refused_naming_the_field_never_dropped(
    runner, tmp_path, groups, name, part, message
):
    steps = few_moves(3, Variant())
    values = move_values(steps, 3, Notation.A1, Variant())
    values["group1.move.2.points"] = "5"  # a false claim, which a table read as empty would pass
    if groups == 2:  # the other group's game holds: it alone was read
        values |= move_values(steps, 3, Notation.A1, Variant(), group=2)
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(node_renamed(fill(fillable(PrintOptions(size=3, groups=groups)), values), name, part))
    result = runner.invoke(app, ["check", str(pdf)])
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [f"{pdf}: {message}", "checked 1 file: 1 problem in 1 file"],
    )


@pytest.mark.parametrize("typed", ["AB", "C"])
def test_a_player_cell_of_two_seats_run_together_is_one_line_naming_its_row(runner, tmp_path, typed):
    # "AB" is in the string "AB" of the seats: it was taken for a seat and crashed with exit 70. A seat past the
    # form's players is named alone: the form says its players, no --players is given (review nt62, 8).
    values = move_values(few_moves(3, Variant()), 3, Notation.A1, Variant())
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(fill(fillable(PrintOptions(size=3)), {**values, "group1.move.2.player": typed}))
    message = f"{pdf}: move 2 (row 2): player must be a seat of this game (A, B), not '{typed}'"
    result = runner.invoke(app, ["check", str(pdf)])
    assert (result.exit_code, result.stdout.splitlines()) == (1, [message, "checked 1 file: 1 problem in 1 file"])
    replayed = runner.invoke(app, ["replay", str(pdf), "--out", str(tmp_path / "replay.pdf")])
    assert (replayed.exit_code, replayed.stderr.splitlines()[0]) == (1, f"sos-print: {message}")


def test_the_fields_the_reader_expects_are_those_the_writer_writes():
    from sos_print.forms.fields import form_fields

    for options in (
        PrintOptions(size=3),
        PrintOptions(size=5, variant=TEAMS, class_name="CM1"),
        PrintOptions(size=4, variant=Variant(players=3)),
    ):
        written_names = {name.removeprefix("group1.") for name in terminal_fields(fillable(options))}
        # a printed class name is kept in a hidden class field: every form has one
        assert written_names == set(form_fields(options.size, options.variant)), options


def test_an_audit_saved_with_aes_and_an_owner_password_only_is_read(runner, tmp_path):
    # "Restrict editing" on a tablet: the file opens with no password, its contents are encrypted with AES.
    _, steps = three_by_three_game()
    writer = PdfWriter(
        clone_from=PdfReader(
            io.BytesIO(fill(fillable(PrintOptions(size=3)), move_values(steps, 3, Notation.A1, Variant())))
        )
    )
    writer.encrypt(user_password="", owner_password="teacher", algorithm="AES-256")
    pdf = tmp_path / "game.pdf"
    with pdf.open("wb") as out:
        writer.write(out)
    result = runner.invoke(app, ["check", str(pdf)])
    assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n")


def with_values(data: bytes, values: dict, drawn: bool = False) -> bytes:
    """Returns the form with the /V of each field named in `values` (full names) set to the PDF object given, as a
    hostile program would write it, its drawing taken away (one showing the old value would be refused first) unless
    it is `drawn` already as the value shows."""

    def change(writer):
        for page in writer.pages:
            for annotation in page.get("/Annots", []):
                field, parts = annotation.get_object(), []
                node = field
                while node is not None:
                    parts.append(str(node["/T"]))
                    node = node["/Parent"].get_object() if "/Parent" in node else None
                name = ".".join(reversed(parts))
                if name in values:
                    field[NameObject("/V")] = values[name]() if callable(values[name]) else values[name]
                    if not drawn:
                        field.pop("/AP", None)

    return edited(data, change)


def stream(data: bytes, compressed: bool = True, **entries):
    from pypdf.generic import DecodedStreamObject

    plain = DecodedStreamObject()
    plain.set_data(data)
    result = plain.flate_encode(9) if compressed else plain
    for key, value in entries.items():
        result[NameObject(f"/{key}")] = value
    return result


LINES = [f"group1.move.{move}.lines" for move in range(1, 10)]


@lru_cache(maxsize=1)
def inflating():
    """Returns a Flate stream of a few kilobytes that inflates to 18 MB of "A1-A3 "."""
    return stream(b"A1-A3 " * 3_000_000)


TOO_LONG = "the value of its field '{}' is longer than {} characters, more than the field takes"


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"group1.move.3.lines": TextStringObject("A1-C3 " * 2000)}, TOO_LONG.format("group1.move.3.lines", 320)),
        (
            {"group1.move.3.lines": ArrayObject([TextStringObject("A1-C3")] * 1000)},
            TOO_LONG.format("group1.move.3.lines", 320),
        ),
        (
            {"group1.move.1.points": stream(b"1" * 100_000, compressed=False)},
            TOO_LONG.format("group1.move.1.points", 4),
        ),
        # 9 fields of a few kilobytes each, each inflating to 18 MB: refused after 1,284 bytes of the first
        (dict.fromkeys(LINES, inflating), TOO_LONG.format("group1.move.1.lines", 320)),
        (
            {"group1.move.2.cell": stream(b"B1", compressed=False, Filter=NameObject("/LZWDecode"))},
            "the value of its field 'group1.move.2.cell' is compressed in a way no PDF reader writes a field's text: "
            "save the file again from the PDF reader",
        ),
        (
            {
                "group1.move.2.cell": stream(
                    b"x\x9c not a zlib stream", compressed=False, Filter=NameObject("/FlateDecode")
                )
            },
            "the value of its field 'group1.move.2.cell' cannot be read",
        ),
        (
            {"group1.game": TextStringObject("sos-print-audit 1: " + "size=3 " * 100)},
            TOO_LONG.format("group1.game", 200),
        ),
    ],
    ids=["long-string", "long-array", "stored-stream", "flate-bomb", "lzw-stream", "broken-flate", "long-game-field"],
)
def test_a_value_longer_than_its_field_takes_is_refused_before_it_is_copied_or_inflated(
    runner, tmp_path, values, message
):
    _, steps = three_by_three_game()
    data = fill(fillable(PrintOptions(size=3)), move_values(steps, 3, Notation.A1, Variant()))
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(with_values(data, values))
    result = runner.invoke(app, ["check", str(pdf)])
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [f"{pdf}: {message}", "checked 1 file: 1 problem in 1 file"],
    )


def test_a_value_that_inflates_to_megabytes_costs_memory_in_proportion_to_the_file(tmp_path):
    import tracemalloc

    from sos_print.forms.filled import load_filled_audit

    _, steps = three_by_three_game()
    data = fill(fillable(PrintOptions(size=3)), move_values(steps, 3, Notation.A1, Variant()))
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(with_values(data, dict.fromkeys(LINES, inflating)))  # 9 x 18 MB, once inflated
    tracemalloc.start()
    try:
        with pytest.raises(ExampleFileError, match="longer than 320 characters"):
            load_filled_audit(str(pdf))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 10 * pdf.stat().st_size, f"{peak:,} bytes for a file of {pdf.stat().st_size:,}"


FORGED = "group1.x\nchecked 9 files: every claim holds"


def two_fields_named(name: str) -> bytes:
    """Returns a PDF whose form has two fields of the same name, as a program could write it."""
    writer = PdfWriter()
    writer.add_blank_page(595, 842)
    fields = [
        DictionaryObject({NameObject("/T"): TextStringObject(name), NameObject("/FT"): NameObject("/Tx")})
        for _ in range(2)
    ]
    writer.root_object[NameObject("/AcroForm")] = DictionaryObject({NameObject("/Fields"): ArrayObject(fields)})
    return written(writer)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda blank: two_fields_named(FORGED),
            "holds group 1's field 'group1.x\\nchecked 9 files: every clai\u2026' twice (two copies of an audit "
            "joined into one file?): a record is one game, so check each filled copy on its own",
        ),
        (
            lambda blank: copy_renamed(blank, FORGED),
            "holds audit fields outside its form, such as 'group1.x\\nchecked 9 files: every clai\u2026' (pages "
            "joined from two files?): send the file the audit was filled in, or check each filled copy on its own",
        ),
        (
            lambda blank: copy_renamed(blank, "group1" + "y" * 3000),
            "is a PDF form whose field names are far longer than any sos-print audit's (one part of 3,006 characters)",
        ),
        (
            lambda blank: two_fields_named("group1." + "y" * 50),
            f"holds group 1's field 'group1.{'y' * 30}\u2026' twice (two copies of an audit joined into one file?): "
            "a record is one game, so check each filled copy on its own",
        ),
    ],
    ids=["line-break-twice", "line-break-outside", "3000-characters", "shortened"],
)
def test_a_field_name_is_quoted_and_shortened_and_a_long_one_refused_before_it_is_copied(
    runner, tmp_path, make, message
):
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(make(fillable(PrintOptions(size=3))))
    result = runner.invoke(app, ["check", str(pdf)])
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [f"{pdf}: {message}", "checked 1 file: 1 problem in 1 file"],
    )


@pytest.mark.parametrize(
    "value",
    [lambda: NumberObject(2), lambda: ArrayObject([TextStringObject("2")])],
    ids=["number", "array"],
)
def test_a_short_value_in_any_form_the_standard_allows_is_read(runner, tmp_path, value):
    _, steps = three_by_three_game()
    claims = move_values(steps, 3, Notation.A1, Variant()) | {"group1.move.5.points": "2"}  # its drawing shows "2"
    data = fill(fillable(PrintOptions(size=3)), claims)
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(with_values(data, {"group1.move.5.points": value}, drawn=True))  # move 5 scored 1: the claim
    result = runner.invoke(app, ["check", str(pdf)])
    assert result.stdout.splitlines()[0] == f"{pdf}: move 5 (row 5): claims 2 points, the rules give 1 (A3-C1)"


@pytest.mark.parametrize(
    ("value", "drawn", "stored"),
    [
        (lambda: stream(b"2"), True, "holds '2' as a text stream, which PDF readers leave out"),
        (lambda: stream(b"2"), False, "holds '2' as a text stream, which PDF readers leave out"),
        (
            lambda: stream("\ufeff2".encode("utf-16-be"), compressed=False),
            True,
            "holds '2' as a text stream, which PDF readers leave out",
        ),
        (
            lambda: ArrayObject([TextStringObject("2")]),
            False,
            "holds '2' but PDF readers draw it from its value stored as a list of texts, of which readers show the "
            "first or none",
        ),
    ],
    ids=["flate-stream-drawn", "flate-stream", "utf-16-stream-drawn", "array"],
)
def test_a_value_stored_as_a_stream_or_a_list_readers_draw_is_refused(runner, tmp_path, value, drawn, stored):
    # A value stored as a text stream (read as its text since issue 20) showed in neither PDFium nor poppler's readers,
    # and PDFium drew an array's first text alone, poppler none (sweep ad105, 3).
    _, steps = three_by_three_game()
    claims = move_values(steps, 3, Notation.A1, Variant()) | {"group1.move.5.points": "2"}  # its drawing shows "2"
    data = fill(fillable(PrintOptions(size=3)), claims)
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(with_values(data, {"group1.move.5.points": value}, drawn=drawn))
    result = runner.invoke(app, ["check", str(pdf)])
    assert result.stdout.splitlines()[0] == (
        f"{pdf}: group 1's field 'group1.move.5.points' {stored}: what sos-print would read is not what the audit "
        "shows; send the file the audit was filled in"
    )


# ---- what the page shows -----------------------------------------------------------------------------------------

_KEEP = object()


def redrawn(
    data: bytes,
    name: str,
    value: object = _KEEP,
    content: object = _KEEP,
    font: dict | None = None,
    need_appearances: bool = False,
    flags: int = 0,
    widget: dict | None = None,
    drawn: dict | None = None,
    inner: bytes = b"BT /Helv 12 Tf (5) Tj ET",
) -> bytes:
    """Returns the form with the field `name` (full name) given `value` and its widget drawn by `content` (None: no
    drawing), in the form's Helvetica as /Helv or in `font`; `flags` are added to the field's, the entries `widget`
    set in its widget (/F, /Rect) and `drawn` in its drawing (/BBox, /Matrix); a drawing that draws /X0 draws `inner`
    there. What is not given is kept, as a tool that changes one and not the other leaves it."""

    def change(writer):
        form = writer.root_object["/AcroForm"]
        form[NameObject("/NeedAppearances")] = BooleanObject(need_appearances)
        for page in writer.pages:
            for annotation in page.get("/Annots", []):
                field, parts = annotation.get_object(), []
                node = field
                while node is not None:
                    parts += [str(node["/T"])] if "/T" in node else []
                    node = node["/Parent"].get_object() if "/Parent" in node else None
                if ".".join(reversed(parts)) != name:
                    continue
                if value is not _KEEP:
                    field[NameObject("/V")] = TextStringObject(value)
                if flags:
                    field[NameObject("/Ff")] = NumberObject(int(field["/Ff"]) | flags)
                for key, entry in (widget or {}).items():
                    field[NameObject(key)] = entry
                if content is None:
                    del field["/AP"]
                elif content is not _KEEP:
                    helv = form["/DR"]["/Font"].raw_get("/Helv")
                    fonts = {NameObject("/Helv"): helv}
                    if font is not None:
                        fonts[NameObject("/F0")] = writer._add_object(
                            DictionaryObject({NameObject(k): v for k, v in font.items()})
                        )
                    made = DecodedStreamObject()
                    made.set_data(content)
                    made.update(
                        {
                            NameObject("/Type"): NameObject("/XObject"),
                            NameObject("/Subtype"): NameObject("/Form"),
                            NameObject("/BBox"): ArrayObject([NumberObject(0)] * 2 + [NumberObject(40)] * 2),
                            NameObject("/Resources"): DictionaryObject({NameObject("/Font"): DictionaryObject(fonts)}),
                        }
                    )
                    if b"/X0 Do" in content:  # a drawing that draws another: the text is in that one
                        drawing = DecodedStreamObject()
                        drawing.set_data(inner)
                        drawing.update({k: v for k, v in made.items() if k != "/Length"})
                        made["/Resources"][NameObject("/XObject")] = DictionaryObject(
                            {NameObject("/X0"): writer._add_object(drawing)}
                        )
                    field[NameObject("/AP")] = DictionaryObject({NameObject("/N"): writer._add_object(made)})
                for key, entry in (drawn or {}).items():
                    field["/AP"]["/N"].get_object()[NameObject(key)] = entry

    return edited(data, change)


def untyped(data: bytes) -> bytes:
    """Returns the form with the type of row 3's points field taken away (a text field no more)."""

    def change(writer):
        row = writer.root_object["/AcroForm"]["/Fields"][0].get_object()
        for part in ("move", "3", "points"):
            row = next(kid.get_object() for kid in row["/Kids"] if kid.get_object()["/T"] == part)
        del row["/FT"]

    return edited(data, change)


def helvetica(**entries) -> dict:
    return {"/Type": NameObject("/Font"), "/BaseFont": NameObject("/Helvetica")} | {
        f"/{k}": v for k, v in entries.items()
    }


TYPE0 = helvetica(Subtype=NameObject("/Type0"), Encoding=NameObject("/Identity-H"))
DIFFERENCES = helvetica(
    Subtype=NameObject("/Type1"),
    Encoding=DictionaryObject({NameObject("/Differences"): ArrayObject([NumberObject(53), NameObject("/one")])}),
)
POINTS = "group1.move.3.points"  # move 3 scored 1
# A font whose codes 49 and 50 ("1" and "2" in WinAnsiEncoding) draw the glyphs five and Lslash.
RENAMED = helvetica(
    Subtype=NameObject("/Type1"),
    Encoding=DictionaryObject(
        {
            NameObject("/BaseEncoding"): NameObject("/WinAnsiEncoding"),
            NameObject("/Differences"): ArrayObject([NumberObject(49), NameObject("/five"), NameObject("/Lslash")]),
        }
    ),
)
LINES_3 = "group1.move.3.lines"  # move 3 drew A1-C3
SHOWS = (
    "group 1's field '{}' shows {} on the page but holds {} (its value was changed without drawing it again): what "
    "sos-print would read is not what the audit shows; retype the field in a PDF reader and save the file"
)
UNSEEN = (
    "group 1's field '{}' holds {} but the page does not show it ({}): what sos-print would read is not what the "
    "audit shows; send the file the audit was filled in"
)


def numbers(*values: float) -> ArrayObject:
    return ArrayObject(NumberObject(value) if float(value).is_integer() else FloatObject(value) for value in values)


UNREAD = (
    "group 1's field '{}' holds {} but its drawing cannot be read ({}): what sos-print would read may not be what the "
    "audit shows; retype the field in a PDF reader and save the file"
)
UNTOLD = (
    "group 1's field '{}' holds {} but its drawing cannot be read (it draws text in a font whose characters "
    "sos-print cannot tell): what sos-print would read may not be what the audit shows; retype the field in a PDF "
    "reader and save the file"
)
NAME = "group1.names.A"
OWN = (
    "group 1's field '{}' holds '1' but its drawing cannot be read (it draws text in a font of the file's own, whose "
    "glyphs may show other characters): what sos-print would read may not be what the audit shows; retype the field "
    "in a PDF reader and save the file"
)
# A TrueType font with its program (left out here: only its presence is looked at), as an app embeds one.
EMBEDDED = helvetica(
    Subtype=NameObject("/TrueType"),
    BaseFont=NameObject("/ABCDEF+Helvetica"),
    Encoding=NameObject("/WinAnsiEncoding"),
    FontDescriptor=DictionaryObject({NameObject("/FontFile2"): NullObject()}),
)
MARKS = "it draws lines or boxes within the field, beside its text, as no reader draws a field"
COMB = (
    "group 1's field '{}' is set to show each character in a box of its own (a comb field), which sos-print never "
    "sets: what sos-print would read may not be what the audit shows; send the file the audit was filled in"
)
FIVE = b"BT /Helv 12 Tf 2 8 Td (5) Tj ET"


def held_in(**entries) -> dict:
    """Returns a drawing's resources: Helvetica as /Helv, and `entries` (graphics states, colour spaces)."""
    font = DictionaryObject({NameObject(k): v for k, v in helvetica(Subtype=NameObject("/Type1")).items()})
    font[NameObject("/Encoding")] = NameObject("/WinAnsiEncoding")
    resources = {"/Font": DictionaryObject({NameObject("/Helv"): font})} | {f"/{k}": v for k, v in entries.items()}
    return {"/Resources": DictionaryObject({NameObject(k): v for k, v in resources.items()})}


def graphics_state(**entries) -> DictionaryObject:
    """Returns resources naming one graphics state /G0 of `entries`."""
    state = DictionaryObject({NameObject(f"/{k}"): v for k, v in entries.items()})
    return DictionaryObject({NameObject("/G0"): state})


def shown_in(code: bytes) -> bytes:
    """Returns a drawing of row 3's points (1) in the form's Helvetica, drawn after `code` (colour, scaling)."""
    return b"BT /Helv 12 Tf 0 g " + code + b" 2 8 Td (1) Tj ET"


@pytest.mark.parametrize(
    ("filled", "change", "message"),
    [
        # A value changed by a tool, its drawing left as the reader drew it: the page shows 5, check read 1.
        ({POINTS: "5"}, partial(redrawn, name=POINTS, value="1"), SHOWS.format(POINTS, "'5'", "'1'")),
        ({}, partial(redrawn, name=POINTS, value=""), SHOWS.format(POINTS, "'1'", "nothing")),
        ({}, partial(redrawn, name=POINTS, content=b"/Tx BMC EMC"), SHOWS.format(POINTS, "nothing", "'1'")),
        (
            {},
            partial(redrawn, name=LINES_3, content=b"BT /Helv 12 Tf 2 14 Td (A1-C3) Tj 0 -13 Td (B2-B4) Tj ET"),
            SHOWS.format(LINES_3, "'A1-C3 B2-B4'", "'A1-C3'"),
        ),
        ({}, partial(redrawn, name=POINTS, content=b"BT /Helv 12 Tf [(5)] TJ ET"), SHOWS.format(POINTS, "'5'", "'1'")),
        # Read as the page shows it, not as the drawing writes it: the halves of A1-C3 written in order but moved into
        # each other's places showed C3 A1- (sweep ad60, 1a); written in another order into their places, A1-C3.
        (
            {},
            partial(redrawn, name=LINES_3, content=b"BT /Helv 12 Tf 30 4 Td (A1-) Tj -28 0 Td (C3) Tj ET"),
            SHOWS.format(LINES_3, "'C3 A1-'", "'A1-C3'"),
        ),
        ({}, partial(redrawn, name=LINES_3, content=b"BT /Helv 12 Tf 22 4 Td (C3) Tj -20 0 Td (A1-) Tj ET"), None),
        (
            {},
            partial(redrawn, name=LINES_3, content=b"BT /Helv 12 Tf 12 TL (A1-) ' 0 0 (C2) \" ET"),
            SHOWS.format(LINES_3, "'A1- C2'", "'A1-C3'"),
        ),
        (
            {},
            partial(redrawn, name=POINTS, content=b"BT /Helv 12 Tf 3 Tr (1) Tj 0 Tr (5) Tj ET"),
            SHOWS.format(POINTS, "'5'", "'1'"),
        ),
        ({}, partial(redrawn, name=POINTS, content=b"q /X0 Do Q"), SHOWS.format(POINTS, "'5'", "'1'")),
        (
            {POINTS: "5"},
            lambda data: untyped(redrawn(data, name=POINTS, value="1")),
            SHOWS.format(POINTS, "'5'", "'1'"),
        ),
        (
            {"group1.names.A": "Zoé"},
            partial(redrawn, name="group1.names.A", value="Zoe"),
            SHOWS.format("group1.names.A", "'Zoé'", "'Zoe'"),
        ),
        # A font that gives a code another glyph by its name (/Differences): read through the glyph's name.
        (
            {},
            partial(redrawn, name=POINTS, content=b"BT /F0 12 Tf (1) Tj ET", font=RENAMED),
            SHOWS.format(POINTS, "'5'", "'1'"),
        ),
        # Text drawn where or as the page cannot show it: the field shows nothing.
        (
            {},
            partial(redrawn, name=POINTS, content=b"BT /Helv 0 Tf 2 8 Td (1) Tj ET"),
            SHOWS.format(POINTS, "nothing", "'1'"),
        ),
        ({}, partial(redrawn, name=POINTS, content=shown_in(b"0 Tz")), SHOWS.format(POINTS, "nothing", "'1'")),
        ({}, partial(redrawn, name=POINTS, content=shown_in(b"1 g")), SHOWS.format(POINTS, "nothing", "'1'")),
        ({}, partial(redrawn, name=POINTS, content=shown_in(b"1 1 1 rg")), SHOWS.format(POINTS, "nothing", "'1'")),
        ({}, partial(redrawn, name=POINTS, content=shown_in(b"0 0 0 0 k")), SHOWS.format(POINTS, "nothing", "'1'")),
        (
            {},
            partial(redrawn, name=POINTS, content=shown_in(b"/DeviceGray cs 1 sc")),
            SHOWS.format(POINTS, "nothing", "'1'"),
        ),
        ({}, partial(redrawn, name=POINTS, content=shown_in(b"1 G 1 Tr")), SHOWS.format(POINTS, "nothing", "'1'")),
        ({}, partial(redrawn, name=POINTS, content=shown_in(b"500 500 Td")), SHOWS.format(POINTS, "nothing", "'1'")),
        ({}, partial(redrawn, name=POINTS, content=shown_in(b"-200 0 Td")), SHOWS.format(POINTS, "nothing", "'1'")),
        (
            {},
            partial(redrawn, name=POINTS, content=b"0 0 0 0 0 0 cm " + shown_in(b"")),
            SHOWS.format(POINTS, "nothing", "'1'"),
        ),
        # A widget the page cannot show: the field is refused, whatever its drawing shows, readers drawing it or not.
        (
            {},
            partial(redrawn, name=POINTS, widget={"/F": NumberObject(4 | 2)}),
            UNSEEN.format(POINTS, "'1'", "its widget's flags hide it"),
        ),
        (
            {},
            partial(redrawn, name=POINTS, widget={"/F": NumberObject(4 | 32)}, need_appearances=True),
            UNSEEN.format(POINTS, "'1'", "its widget's flags hide it"),
        ),
        (
            {},
            partial(redrawn, name=POINTS, widget={"/F": NumberObject(2)}, flags=1),
            UNSEEN.format(POINTS, "'1'", "its widget's flags hide it"),
        ),
        # Shown on the screen, left out of print: the teacher's printed copy showed the cell empty (ad58 M5).
        (
            {},
            partial(redrawn, name=POINTS, widget={"/F": NumberObject(0)}),
            UNSEEN.format(POINTS, "'1'", "its widget is left out of print"),
        ),
        (
            {},
            partial(redrawn, name=POINTS, widget={"/F": NumberObject(1)}),
            UNSEEN.format(POINTS, "'1'", "its widget is left out of print"),
        ),
        (
            {},
            partial(redrawn, name=POINTS, widget={"/Rect": numbers(300, 400, 300, 420)}),
            UNSEEN.format(POINTS, "'1'", "its widget has no size"),
        ),
        (
            {},
            partial(redrawn, name=POINTS, drawn={"/BBox": numbers(0, 0, 0, 0)}),
            UNSEEN.format(POINTS, "'1'", "its drawing's box is empty"),
        ),
        (
            {},
            partial(redrawn, name=POINTS, drawn={"/Matrix": numbers(0, 0, 0, 0, 0, 0)}),
            UNSEEN.format(POINTS, "'1'", "its drawing's box is empty"),
        ),
        (
            {},
            partial(redrawn, name=POINTS, widget={"/Rect": numbers(-300, 400, -260, 420)}),
            UNSEEN.format(POINTS, "'1'", "its widget lies outside page 1"),
        ),
        (
            {},
            partial(redrawn, name=POINTS, widget={"/Rect": numbers(300, 900, 340, 920)}, need_appearances=True),
            UNSEEN.format(POINTS, "'1'", "its widget lies outside page 1"),
        ),
        # What the page shows is the value, drawn otherwise: the value is read.
        ({}, partial(redrawn, name=POINTS, content=None), None),
        ({}, partial(redrawn, name=LINES_3, content=b"BT /Helv 12 Tf (A1-) Tj 0 -13 Td ( C3 ) Tj ET"), None),
        ({}, partial(redrawn, name=POINTS, content=b"/Tx BMC EMC", need_appearances=True), None),
        # Text drawn as a clipping path shows what is painted in it later, not its characters (sweep ad60, 1b).
        (
            {},
            partial(redrawn, name=POINTS, content=b"BT /Helv 12 Tf 1 Tr (1) Tj 7 Tr (5) Tj ET"),
            UNREAD.format(POINTS, "'1'", "it draws text as a clipping path, which no reader does for a field"),
        ),
        ({}, partial(redrawn, name=POINTS, content=b"BT /F0 12 Tf (5) Tj ET", font=DIFFERENCES), None),
        ({}, partial(redrawn, name=POINTS, content=shown_in(b"0.5 g")), None),
        ({}, partial(redrawn, name=POINTS, content=shown_in(b"1 g 2 Tr")), None),  # white, outlined in black
        # partly in the box (from 38 points on, its "1" stood wholly past the box's edge: ad58 F1, refused below)
        ({}, partial(redrawn, name=POINTS, content=shown_in(b"33 0 Td")), None),
        ({}, partial(redrawn, name=POINTS, content=shown_in(b"1 g"), need_appearances=True), None),
        ({}, partial(redrawn, name=POINTS, widget={"/F": NumberObject(4 | 1)}), None),  # a widget is a known type
        # The game field sos-print keeps hidden is never shown: pdftk draws it clipped to its widget of no size.
        ({}, partial(redrawn, name="group1.game", content=b"q 0 0 0 0 re W n " + FIVE + b" Q"), None),
        # What a name's drawing shows cannot be told for sure: the value is read, as before (a reader may draw a letter
        # Helvetica lacks in a font of its own).
        ({NAME: "Zoé"}, partial(redrawn, name=NAME, content=b"BT /F0 12 Tf <0018> Tj ET", font=TYPE0), None),
        ({NAME: "Zoé"}, partial(redrawn, name=NAME, content=b"BT /F0 12 Tf (2) Tj ET", font=RENAMED), None),
        ({NAME: "Zoé"}, partial(redrawn, name=NAME, content=b"BT (5) Tj ET"), None),
        # A claim's cannot be told either: it may show another claim, or marks beside the value (A6).
        *(
            ({}, partial(redrawn, name=POINTS, content=content, font=font), UNTOLD.format(POINTS, "'1'"))
            for content, font in (
                (b"BT /F0 12 Tf <0018> Tj ET", TYPE0),
                (b"BT /F0 12 Tf (2) Tj ET", RENAMED),
                (b"BT (5) Tj ET", None),
                (b"BT /Helv 12 Tf 2 8 Td (1) Tj /F0 12 Tf <0007> Tj ET", TYPE0),
            )
        ),
        # Nor is text drawn in glyphs of the file's own: an embedded font may draw a "7" for the code of "1", and a
        # font named as no standard one is drawn in whatever font the reader has of that name (A6).
        *(
            ({}, partial(redrawn, name=POINTS, content=b"BT /F0 12 Tf 2 8 Td (1) Tj ET", font=font), OWN.format(POINTS))
            for font in (
                EMBEDDED,
                helvetica(
                    Subtype=NameObject("/Type1"),
                    BaseFont=NameObject("/Wingdings"),
                    Encoding=NameObject("/WinAnsiEncoding"),
                ),
            )
        ),
        ({NAME: "Zoé"}, partial(redrawn, name=NAME, content=b"BT /F0 12 Tf (Zo\xe9) Tj ET", font=EMBEDDED), None),
        (
            {},
            partial(
                redrawn,
                name=POINTS,
                content=b"BT /F0 12 Tf 2 8 Td (1) Tj ET",
                font=helvetica(
                    Subtype=NameObject("/TrueType"),
                    BaseFont=NameObject("/Arial,Bold"),
                    Encoding=NameObject("/WinAnsiEncoding"),
                ),
            ),
            None,
        ),
        ({"group1.names.A": "Łukasz"}, lambda data: data, None),  # pypdf draws "?ukasz": Helvetica has no Ł
        # A row emptied, its drawing kept: the page shows the row, the record would drop it (sweep 15 F16, A10/A11).
        (
            {},
            partial(
                redrawn,
                name=POINTS,
                value="",
                content=FIVE.hex().encode() + b">",
                drawn={"/Filter": NameObject("/ASCIIHexDecode")},
            ),
            SHOWS.format(POINTS, "'5'", "nothing"),
        ),
        (
            {},
            partial(redrawn, name=POINTS, value="", content=b"BT /F0 12 Tf <0018> Tj ET", font=TYPE0),
            SHOWS.format(POINTS, "something that cannot be read", "nothing"),
        ),
        (
            {},
            partial(redrawn, name=POINTS, value="", content=b"%" + b" " * 17_000 + b"\n" + FIVE),
            UNREAD.format(POINTS, "nothing", "it is larger than 16 KB"),
        ),
        ({}, partial(redrawn, name=POINTS, value="", content=b"BT /Helv 12 Tf () Tj ET"), None),
        # A drawing stored or drawn as no reader draws a field: refused, not trusted (sweep 15 F16, F17).
        (
            {},
            partial(
                redrawn,
                name=POINTS,
                content=zlib.compress(FIVE),
                drawn={"/Filter": NameObject("/FlateDecode"), "/DecodeParms": DictionaryObject()},
            ),
            SHOWS.format(POINTS, "'5'", "'1'"),
        ),
        (
            {},
            partial(redrawn, name=POINTS, content=FIVE, drawn={"/Filter": NameObject("/LZWDecode")}),
            UNREAD.format(POINTS, "'1'", "it is stored with a filter no reader writes for a field"),
        ),
        (
            {},
            partial(redrawn, name=POINTS, content=b"BT /Helv 12 Tf (5) Tj ET" + b" " * 20_000),
            UNREAD.format(POINTS, "'1'", "it is larger than 16 KB"),
        ),
        (
            {},
            partial(redrawn, name=POINTS, content=b"BI /W 1 /H 1 /CS /G /BPC 8 ID \x00 EI"),
            UNREAD.format(POINTS, "'1'", "it draws a picture"),
        ),
        ({}, partial(redrawn, name=POINTS, content=b"BT /Helv 12 Tf (5) Tj ET", flags=1 << 24), COMB.format(POINTS)),
        # Marks drawn beside the value, which the page shows and the record does not read (A6): only text, a border
        # along the drawing's edges and a background filling it are drawn by readers.
        *(
            (
                {},
                partial(redrawn, name=POINTS, content=content + shown_in(b""), **more),
                UNREAD.format(POINTS, "'1'", why),
            )
            for content, more, why in (
                (b"0 g 30 3 2 14 re f ", {}, MARKS),
                (b"0 G 1 w 28 16 m 36 16 l 30 3 l S ", {}, MARKS),
                (b"q /X0 Do Q ", {"inner": b"0 g 30 3 2 14 re f"}, MARKS),
                (b"0 G 0 0 40 40 re 20 w S ", {}, MARKS),
                (b"0 g 30 3 m 36 10 30 16 32 3 c f ", {}, MARKS),
                (b"0 g 37 8 1 8 re f ", {}, MARKS),
                (b"0 G 20 w 1 J 30 10 m S ", {}, MARKS),
                (b"0 g 30 3 m 2 0 d0 ", {}, "it draws with an operator no reader writes for a field (d0)"),
                (b"q /Sh0 sh Q ", {}, "it draws a picture"),
                (
                    b"BT /F0 12 Tf (7) Tj ET ",
                    {"font": helvetica(Subtype=NameObject("/Type3"))},
                    "it draws its text in a font of drawn glyphs (Type3), which may show any mark",
                ),
            )
        ),
        # A background and a border as pypdf draws them for a widget with colours (/MK), and an underline.
        *(
            ({}, partial(redrawn, name=POINTS, content=content + shown_in(b"")), None)
            for content in (
                b"q 0 0 40 40 re 1 1 0.8 rg f 1 1 38 38 re 0 0 1 RG s Q ",
                b"q 0 0 40 40 re 1 1 0.8 rg f 1.5 1.5 37 37 re 3 w 0 0 1 RG s Q ",
                b"0 G 1 w 0 0.5 m 40 0.5 l S ",
                b"0.5 g 1 1 m 1 39 l 39 39 l 38 38 l 2 38 l 2 2 l f ",
                b"0 G 1 w 0 3 m 0 1 1 0 3 0 c 37 0 l 39 0 40 1 40 3 c S ",
            )
        ),
        (
            {},
            partial(
                redrawn,
                name=POINTS,
                content=b"q /G0 gs BT 2 8 Td (5) Tj ET Q",
                drawn=held_in(ExtGState=graphics_state(Font=ArrayObject([NameObject("/Helv"), NumberObject(12)]))),
            ),
            UNREAD.format(POINTS, "'1'", "it sets a font, a blend, a mask or a transfer through a graphics state"),
        ),
        (
            {},
            partial(redrawn, name=POINTS, content=b"q /G0 gs " + shown_in(b"") + b" Q"),
            UNREAD.format(POINTS, "'1'", "it names a graphics state it does not hold"),
        ),
        (
            {},
            partial(redrawn, name=POINTS, content=b"/OC /oc0 BDC " + shown_in(b"") + b" EMC"),
            UNREAD.format(POINTS, "'1'", "it draws optional content, which the page may hide"),
        ),
        (
            {},
            partial(redrawn, name=POINTS, content=shown_in(b"/CS0 cs 1 sc")),
            UNREAD.format(POINTS, "'1'", "it draws text in a colour sos-print cannot tell"),
        ),
        # A box painted after the text, in any colour, may hide it: "5" in white on a black box over a black "1".
        *(
            (
                {},
                partial(redrawn, name=POINTS, content=shown_in(b"") + paint),
                UNREAD.format(POINTS, "'1'", "it paints over the text it shows"),
            )
            for paint in (
                b" 1 g 0 0 40 20 re f",
                b" 0 g 0 0 40 20 re f 1 g BT /Helv 12 Tf 2 8 Td (5) Tj ET",
                b" q 1 1 1 rg 0 0 40 20 re f* Q",
                b" 0 0 40 20 re B",
            )
        ),
        # Text moved or stretched out of sight while its box may still hold it (sweep 16, F6).
        *(
            (
                {},
                partial(redrawn, name=POINTS, content=content),
                UNREAD.format(POINTS, "'1'", "it moves or stretches its text as no reader does for a field"),
            )
            for content in (
                shown_in(b"30 Ts"),
                shown_in(b"-15 Ts"),
                shown_in(b"1 Tz"),
                shown_in(b"0.01 Tz"),
                shown_in(b"500 Tc"),
                b"BT /Helv 12 Tf 0 g 2 8 Td 500 Tw (1 ) Tj ET",
                b"BT /Helv 12 Tf 0 g 2 8 Td [-90000 (1)] TJ ET",
            )
        ),
        (
            {},
            partial(
                redrawn,
                name=POINTS,
                content=b"q /G0 gs " + shown_in(b"") + b" Q",
                drawn=held_in(ExtGState=graphics_state(ca=NumberObject(0), CA=NumberObject(0))),
            ),
            SHOWS.format(POINTS, "nothing", "'1'"),
        ),
        (
            {},
            partial(redrawn, name=POINTS, content=b"q 0 0 0 0 re W n " + shown_in(b"") + b" Q"),
            SHOWS.format(POINTS, "nothing", "'1'"),
        ),
        (
            {},
            partial(redrawn, name=POINTS, content=b"q 0 0 40 40 re W n " + shown_in(b"") + b" Q"),
            None,
        ),
        (
            {},
            partial(
                redrawn,
                name=POINTS,
                content=b"q /G0 gs " + shown_in(b"") + b" Q",
                drawn=held_in(ExtGState=graphics_state(ca=FloatObject(0.5), LW=NumberObject(1))),
            ),
            None,
        ),
        (
            {},
            partial(redrawn, name=POINTS, widget={"/OC": DictionaryObject({NameObject("/Type"): NameObject("/OCG")})}),
            UNSEEN.format(POINTS, "'1'", "its widget is in optional content, which the page may hide"),
        ),
        # A "5" drawn as a clip and a black box painted in it, then the value "1" clipped to a hundredth of a point:
        # the page shows 5 (sweep ad60, 1b).
        (
            {},
            partial(
                redrawn,
                name=POINTS,
                content=b"BT /Helv 12 Tf 7 Tr 14 8 Td (5) Tj ET 0 g 0 0 40 40 re f "
                b"q 14 8 0.01 0.01 re W n BT /Helv 12 Tf 0 Tr 0 g 14 8 Td (1) Tj ET Q",
            ),
            UNREAD.format(POINTS, "'1'", "it draws text as a clipping path, which no reader does for a field"),
        ),
        # A drawing's box 20 times the field's height squeezes its 12-point "1" to a dash (sweep ad60, 1c), one ten
        # times its width to a sliver; a claim drawn at 3 points cannot be read on paper either. The field is 24
        # points high, its drawing (as these tests make it) 40: a claim at 6 points shows at 3.6, and is read.
        *(
            (
                {},
                partial(redrawn, name=POINTS, content=content, drawn={"/BBox": numbers(*box)}),
                f"group 1's field '{POINTS}' holds '1' but shows it at {size} points, too small to read on paper: "
                "what sos-print would read may not be what the audit shows; retype the field in a PDF reader and save "
                "the file",
            )
            for content, box, size in (
                (shown_in(b""), (0, 0, 40, 800), "0.4"),
                (shown_in(b""), (0, 0, 400, 40), "1.2"),
                (b"BT /Helv 4 Tf 0 g 14 8 Td (1) Tj ET", (0, 0, 40, 40), "2.4"),
            )
        ),
        ({}, partial(redrawn, name=POINTS, content=b"BT /Helv 6 Tf 0 g 14 8 Td (1) Tj ET"), None),
        (
            {},
            partial(
                redrawn,
                name=POINTS,
                content=shown_in(b""),
                drawn={"/BBox": numbers(0, 0, 40, 40), "/Matrix": numbers(0, 1, -1, 0, 0, 0)},
            ),
            None,
        ),
    ],
    ids=[
        "value-changed",
        "value-emptied",
        "drawing-emptied",
        "two-lines-one-value",
        "tj-array",
        "halves-moved-into-each-others-places",
        "halves-written-out-of-order-into-their-places",
        "quote-operators",
        "invisible-text-beside-shown",
        "drawing-in-a-drawing",
        "field-type-taken-away",
        "name",
        "encoding-differences-another-glyph",
        "font-size-0",
        "scaling-0",
        "white-gray",
        "white-rgb",
        "white-cmyk",
        "white-in-a-colour-space",
        "white-outline",
        "text-outside-the-box",
        "text-left-of-the-box",
        "matrix-0",
        "widget-hidden",
        "widget-no-view-readers-redraw",
        "widget-hidden-read-only",
        "widget-not-printed",
        "widget-invisible-not-printed",
        "widget-no-width",
        "drawing-box-empty",
        "drawing-matrix-0",
        "widget-off-the-page",
        "widget-above-the-page-readers-redraw",
        "no-drawing",
        "other-spacing",
        "empty-drawing-readers-redraw",
        "outlined-text-and-clip",
        "encoding-differences-same-glyph",
        "gray-text",
        "white-text-outlined-in-black",
        "text-partly-in-the-box",
        "white-text-readers-redraw",
        "invisible-flag-on-a-widget",
        "hidden-game-field-drawn-clipped",
        "name-type0-glyph-numbers",
        "name-encoding-differences-glyph-not-told",
        "name-no-font",
        "claim-type0-glyph-numbers",
        "claim-encoding-differences-glyph-not-told",
        "claim-no-font",
        "claim-and-a-glyph-number-beside-it",
        "claim-in-an-embedded-font",
        "claim-in-a-font-named-as-no-standard-one",
        "name-in-an-embedded-font",
        "claim-in-arial-bold",
        "letter-helvetica-lacks",
        "row-emptied-drawing-hex-encoded",
        "row-emptied-drawing-in-a-font-not-told",
        "row-emptied-drawing-over-16-kb",
        "row-emptied-drawing-of-no-character",
        "flate-with-empty-parameters",
        "filter-no-reader-writes",
        "over-16-kb",
        "picture",
        "comb",
        "digit-drawn-as-a-box-beside-the-value",
        "digit-drawn-as-lines-beside-the-value",
        "digit-drawn-in-a-drawing-in-the-drawing",
        "border-too-wide",
        "digit-drawn-as-a-curve",
        "short-bar-along-an-edge",
        "dot-of-a-wide-round-cap",
        "type3-glyphs-operator",
        "shading",
        "type3-glyph",
        "background-and-border",
        "background-and-thick-border",
        "underline",
        "beveled-border",
        "rounded-underline",
        "font-through-a-graphics-state",
        "graphics-state-missing",
        "optional-content-in-the-drawing",
        "colour-space-not-told",
        "white-box-after-the-text",
        "white-text-on-a-black-box-over-the-text",
        "white-box-after-the-text-saved-state",
        "filled-and-stroked-box-after-the-text",
        "text-risen-out-of-sight",
        "text-sunk-out-of-sight",
        "text-scaled-to-1-percent",
        "text-scaled-to-a-hundredth-of-a-percent",
        "characters-spaced-out-of-sight",
        "words-spaced-out-of-sight",
        "shifted-out-of-sight-in-an-array",
        "transparent-text",
        "clipped-to-nothing",
        "clipped-to-the-box",
        "half-transparent-text",
        "widget-in-optional-content",
        "letter-drawn-as-a-clip-and-painted-value-clipped-to-a-speck",
        "drawing-box-20-times-the-fields-height",
        "drawing-box-10-times-the-fields-width",
        "claim-at-4-points-in-a-drawing-squeezed-to-3-fifths",
        "claim-at-6-points-in-a-drawing-squeezed-to-3-fifths",
        "drawing-turned-by-its-matrix",
    ],
)
def test_a_field_whose_page_shows_another_value_than_it_holds_is_refused_naming_it(
    runner, tmp_path, filled, change, message
):
    _, steps = three_by_three_game()
    values = move_values(steps, 3, Notation.A1, Variant()) | filled
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(change(fill(fillable(PrintOptions(size=3)), values)))
    result = runner.invoke(app, ["check", str(pdf)])
    if message is None:
        assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n")
    else:
        assert (result.exit_code, result.stdout.splitlines()) == (
            1,
            [f"{pdf}: {message}", "checked 1 file: 1 problem in 1 file"],
        )


# A claim's drawing whose text, font and colour read right, but which PDFium draws out of its box's sight: moved past
# its drawing's box, shrunk or turned by a matrix, or its box made a point (sweep ad58, F1). The page is drawn with its
# widgets as a viewer draws them, and a claim's box that shows no ink past its border is refused; a drawing readers
# make again from the value (/NeedAppearances) is not held to it. A claim shrunk to a tenth of a point is refused for
# its size (the third item), as its drawing is read, before any page is drawn.
OUT_OF_SIGHT = [
    ("moved-above-its-drawings-box", {"content": b"BT /Helv 12 Tf 0 g 2 50 Td (1) Tj ET"}, None),
    ("moved-up-by-a-matrix", {"content": b"1 0 0 1 0 40 cm " + shown_in(b"")}, None),
    ("shrunk-by-a-matrix", {"content": b"0.01 0 0 0.01 0 0 cm " + shown_in(b"")}, "0.1"),
    ("shrunk-by-the-text-matrix", {"content": b"BT /Helv 12 Tf 0 g 0.01 0 0 0.01 14 7 Tm (1) Tj ET"}, "0.1"),
    ("turned-out-of-its-box", {"content": b"0 1 -1 0 0 0 cm " + shown_in(b"")}, None),
    ("moved-past-its-boxs-edge", {"content": shown_in(b"38 0 Td")}, None),
    # a dashed border's sides are no mark of the value either (sweep ad59, F1); nor text too pale to read (F4)
    (
        "shrunk-inside-a-dashed-border",
        {"content": b"1 w [2 2] 0 d 1.5 1.5 37 37 re S 0.01 0 0 0.01 0 0 cm " + shown_in(b"")},
        "0.1",
    ),
    ("too-pale", {"content": shown_in(b"0.9 g")}, None),
    # a border along the box's edges, as readers draw, is ink of no value
    (
        "shrunk-inside-a-thick-border",
        {"content": b"3 w 1.5 1.5 37 37 re S 0.01 0 0 0.01 0 0 cm " + shown_in(b"")},
        "0.1",
    ),
    (
        "its-box-a-point",
        {"content": shown_in(b""), "drawn": {"/BBox": ArrayObject([NumberObject(n) for n in (0, 0, 1, 1)])}},
        None,
    ),
]


@pytest.mark.parametrize(
    ("change", "at", "need_appearances"),
    [(c, at, n) for _, c, at in OUT_OF_SIGHT for n in (False, True)],
    ids=[f"{name}{'-redrawn' * n}" for name, *_ in OUT_OF_SIGHT for n in (False, True)],
)
def test_a_claim_drawn_out_of_its_boxs_sight_is_refused_unless_readers_draw_it_again(
    runner, tmp_path, change, at, need_appearances
):
    _, steps = three_by_three_game()
    pdf = tmp_path / "game.pdf"
    filled = fill(fillable(PrintOptions(size=3)), move_values(steps, 3, Notation.A1, Variant()))
    pdf.write_bytes(redrawn(filled, POINTS, need_appearances=need_appearances, **change))
    result = runner.invoke(app, ["check", str(pdf)])
    if need_appearances:
        assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n")
        return
    unseen = (
        f"page 1 shows nothing in group 1's field '{POINTS}', which holds '1' (its drawing is too pale, clipped, "
        "shrunk, turned or moved out of sight): what sos-print would read is not what the audit shows; "
        "retype the field in a PDF reader and save the file"
    )
    small = (
        f"group 1's field '{POINTS}' holds '1' but shows it at {at} points, too small to read on paper: what sos-print "
        "would read may not be what the audit shows; retype the field in a PDF reader and save the file"
    )
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [f"{pdf}: {small if at else unseen}", "checked 1 file: 1 problem in 1 file"],
    )


# An honest drawing leaves its mark however the reader framed it: on a background of a colour the form was given, in a
# thick border that outweighs the background of a small box, or in a small type (sweep ad59, F2: a mid-grey
# background was taken for ink, and every pypdf fill of such a form refused).
SHOWN_ANYWAY = [
    ("on-a-mid-grey-background", b"0.75 g 0 0 40 40 re f " + shown_in(b"")),
    ("on-a-light-blue-background", b"0.6 0.8 1 rg 0 0 40 40 re f " + shown_in(b"")),
    ("inside-a-thick-border", b"6 w 0 g 3 3 34 34 re S BT /Helv 12 Tf 0 g 14 12 Td (1) Tj ET"),
    ("inside-a-dashed-border", b"1 w [2 2] 0 d 1.5 1.5 37 37 re S " + shown_in(b"")),
    ("at-6-points", b"BT /Helv 6 Tf 0 g 2 8 Td (1) Tj ET"),
]


@pytest.mark.parametrize("content", [content for _, content in SHOWN_ANYWAY], ids=[name for name, _ in SHOWN_ANYWAY])
def test_a_claim_drawn_on_a_background_in_a_border_or_small_is_read(runner, tmp_path, content):
    _, steps = three_by_three_game()
    pdf = tmp_path / "game.pdf"
    filled = fill(fillable(PrintOptions(size=3)), move_values(steps, 3, Notation.A1, Variant()))
    pdf.write_bytes(redrawn(filled, POINTS, content=content))
    result = runner.invoke(app, ["check", str(pdf)])
    assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n")


def test_drawings_are_read_only_up_to_their_bound_and_the_files_budget():
    from sos_print.forms.shown import LARGEST_DRAWING, Budget, Shown, Unreadable, shown_text

    font = DictionaryObject({NameObject(k): NameObject(v) for k, v in helvetica(Subtype="/Type1").items()})
    font[NameObject("/Encoding")] = NameObject("/WinAnsiEncoding")
    fonts = DictionaryObject({NameObject("/Helv"): font})

    def drawing(content: bytes):
        made = DecodedStreamObject()
        made.set_data(content)
        return made

    def unread(made, budget) -> str:
        with pytest.raises(Unreadable) as raised:
            shown_text(made, fonts, budget)
        return str(raised.value)

    text = b"BT /Helv 12 Tf (5) Tj ET"
    padded = text + b" " * (LARGEST_DRAWING - len(text))
    five = Shown("5 ", frozenset({"cp1252"}), False, False, 12.0)  # its 12-point "5", the smallest it shows
    budget = Budget(2 * LARGEST_DRAWING)
    assert shown_text(drawing(padded), fonts, budget) == five
    assert unread(drawing(padded + b" "), budget) == "it is larger than 16 KB"  # one byte over the bound
    assert shown_text(drawing(padded), fonts, budget) == five
    assert unread(drawing(text), budget) == "the file's drawings are larger than any reader writes for an audit"
    assert shown_text(drawing(padded).flate_encode(), fonts, Budget()) == five
    bomb = drawing(b"")
    bomb.set_data(zlib.compress(text + b" " * 10_000_000))
    bomb[NameObject("/Filter")] = NameObject("/FlateDecode")
    assert unread(bomb, Budget()) == "it is larger than 16 KB"
    looped = drawing(b"/X0 Do " + text)
    looped[NameObject("/Resources")] = DictionaryObject(
        {NameObject("/XObject"): DictionaryObject({NameObject("/X0"): looped})}
    )
    looped[NameObject("/Subtype")] = NameObject("/Form")
    assert unread(looped, Budget()) == (
        "it draws drawings within drawings, or itself, deeper than any reader draws a field"
    )


def test_a_form_filled_by_pypdf_for_readers_to_draw_again_is_read(runner, tmp_path):
    _, steps = three_by_three_game()
    values = move_values(steps, 3, Notation.A1, Variant()) | {"group1.names.A": "Zoé", "group1.date": "3 déc."}
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(fillable(PrintOptions(size=3)))))
    for page in writer.pages:
        writer.update_page_form_field_values(page, values, auto_regenerate=True)
    assert writer.root_object["/AcroForm"]["/NeedAppearances"]
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(written(writer))
    result = runner.invoke(app, ["check", str(pdf)])
    assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n")


def bordered(data: bytes, width: int, style: str) -> bytes:
    """Returns the form with every widget of its first page given a blue border of `width` and `style` (/S solid, /B
    beveled, /I inset, /U underline, /D dashed) on a pale yellow background, as a PDF app's field properties set it."""

    def change(writer):
        for annotation in writer.pages[0]["/Annots"]:
            annotation.get_object()[NameObject("/MK")] = DictionaryObject(
                {NameObject("/BC"): numbers(0, 0, 1), NameObject("/BG"): numbers(1, 1, 0.8)}
            )
            annotation.get_object()[NameObject("/BS")] = DictionaryObject(
                {NameObject("/W"): NumberObject(width), NameObject("/S"): NameObject(style)}
            )

    return edited(data, change)


@pytest.mark.parametrize(
    ("width", "style"), [(None, None), (1, "/S"), (3, "/S"), (1, "/B"), (3, "/B"), (2, "/I"), (1, "/U"), (1, "/D")]
)
@pytest.mark.parametrize("filler", ["pdfium", "pypdf"])
def test_a_form_filled_in_chromes_viewer_or_by_pypdf_is_read_whatever_border_its_fields_were_given(
    runner, tmp_path, filler, width, style
):
    # What real readers draw for a field, a border and a background among it, is never taken for marks beside its
    # value (A6): PDFium types each value in as Chrome's viewer does, pypdf draws them as a tablet app may.
    _, steps = three_by_three_game()
    values = move_values(steps, 3, Notation.A1, Variant()) | {"group1.names.A": "Zoé", "group1.date": "4/12"}
    blank = fillable(PrintOptions(size=3))
    blank = bordered(blank, width, style) if width is not None else blank
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(typed_in_pdfium(blank, values) if filler == "pdfium" else fill(blank, values))
    result = runner.invoke(app, ["check", str(pdf)])
    assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n")


@pytest.mark.parametrize(
    "options",
    [
        PrintOptions(size=3),
        PrintOptions(size=8, variant=Variant(players=4), class_name="CM1"),
        PrintOptions(size=6, variant=TEAMS, groups=2),
    ],
)
def test_the_cap_on_a_forms_groups_counts_its_fields_as_written(options):
    from sos_print.forms.fields import fields_per_group

    expected = options.groups * fields_per_group(options.size, options.variant)
    assert len(terminal_fields(fillable(options))) == expected


@pytest.mark.parametrize(("groups", "code"), [(34, 0), (35, 2)])
def test_the_largest_fillable_audit_sos_print_writes_is_read_back(runner, tmp_path, groups, code):
    # 34 groups of 8 x 8 for four players: 19,992 fields, the most one file holds (pypdf alone stops at 100,000).
    out = tmp_path / "class.pdf"
    result = runner.invoke(
        app, ["audit", "--fillable", "--size", "8", "--players", "4", "--groups", str(groups), "--out", str(out)]
    )
    assert result.exit_code == code, result.output
    if code:
        assert result.stderr.startswith("Usage error: --groups 35: a fillable audit holds at most 20,000 fields")
        return
    checked = runner.invoke(app, ["check", str(out)])
    assert checked.stdout.splitlines()[0] == (
        f"{out}: is a fillable audit with no row filled in: there is no game to check yet"
    )


# ---- structures no audit has: each refused at a cost in proportion to the file ---------------------------------


def packed_pdf(bodies: dict[int, bytes], unlisted=(), points: dict[int, int] | None = None) -> bytes:
    """Returns a PDF whose objects `bodies` (1 is the catalog) all lie in one compressed object stream, as
    tablets and "optimise" tools save them: a megabyte of it can hold a hundred thousand objects. The stream holds
    after them the objects `unlisted` (number, body), which the table does not list; `points` lists an object at
    another item of the stream than its own (by number, the item counted from 0)."""
    numbers = sorted(bodies)
    offsets, parts, at = [], [], 0
    items = [*((number, bodies[number]) for number in numbers), *unlisted]
    for number, body in items:  # joined once at the end: adding to a growing bytes copies it each time
        offsets.append(b"%d %d" % (number, at))
        parts.append(body + b"\n")
        at += len(parts[-1])
    head, data = b" ".join(offsets) + b"\n", b"".join(parts)
    packed = zlib.compress(head + data, 9)
    stream, xref = max(numbers) + 1, max(numbers) + 2
    out = b"%PDF-1.5\n"
    at_stream = len(out)
    out += b"%d 0 obj\n<< /Type /ObjStm /N %d /First %d /Length %d /Filter /FlateDecode >>\nstream\n" % (
        stream,
        len(items),
        len(head),
        len(packed),
    )
    out += packed + b"\nendstream\nendobj\n"
    at_xref = len(out)
    index = {number: k for k, number in enumerate(numbers)} | (points or {})
    rows = b"".join(
        struct.pack(">BII", 2, stream, index[n])
        if n in index
        else struct.pack(">BII", 1, at_stream if n == stream else at_xref, 0)
        if n in (stream, xref)
        else struct.pack(">BII", 0, 0, 65535)  # object 0, and the numbers no object has: free
        for n in range(xref + 1)
    )
    table = zlib.compress(rows, 9)
    out += b"%d 0 obj\n<< /Type /XRef /Size %d /W [1 4 4] /Root 1 0 R /Length %d /Filter /FlateDecode >>\n" % (
        xref,
        xref + 1,
        len(table),
    )
    return out + b"stream\n" + table + b"\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n" % at_xref


def tabled_pdf(bodies: dict[int, bytes], size: int | None = None) -> bytes:
    """Returns a PDF of the objects `bodies` (1 is the catalog) each on its own, listed by a cross-reference table,
    its trailer's /Size `size` if given (true or not)."""
    out, offsets = [b"%PDF-1.4\n"], {}
    at = len(out[0])
    for number in sorted(bodies):
        offsets[number] = at
        out.append(b"%d 0 obj\n%s\nendobj\n" % (number, bodies[number]))
        at += len(out[-1])
    count = max(bodies) + 1
    rows = [b"0000000000 65535 f \n"] + [
        b"%010d 00000 n \n" % offsets[n] if n in offsets else b"0000000000 65535 f \n" for n in range(1, count)
    ]
    trailer = b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (size or count, at)
    return b"".join([*out, b"xref\n0 %d\n" % count, *rows, trailer])


def page_tree(pages: bytes) -> dict[int, bytes]:
    return {1: b"<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields 4 0 R >> >>", 2: pages}


def test_a_form_naming_one_object_again_and_again_is_refused_after_as_many_objects_as_an_audit_has(
    tmp_path, monkeypatch
):
    import sos_print.forms.filled as filled

    followed = []
    dictionary = filled.dictionary
    monkeypatch.setattr(filled, "dictionary", lambda value: followed.append(1) or dictionary(value))
    # 3 kB: 50 fields each listing the same widget 50,000 times as its kids, a field that is its own kid, a field
    # listed twice in the form's own list, one field inside 13 others, each refused saying what is wrong with it.
    page = {
        **page_tree(b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>",
    }
    deep = {7 + k: b"<< /T (g%d) /Kids [%d 0 R] >>" % (k, 8 + k) for k in range(13)}
    cases = {
        "shared.pdf": (
            {
                4: b"[" + b" ".join(b"<< /T (f%d) /Kids 5 0 R >>" % k for k in range(50)) + b"]",
                5: b"[" + b"6 0 R " * 50_000 + b"]",
                6: b"<< /Subtype /Widget /Rect [0 0 1 1] >>",
            },
            "is a PDF form far larger or deeper than any sos-print audit",
        ),
        "inside-itself.pdf": (
            {4: b"[6 0 R]", 5: b"[6 0 R]", 6: b"<< /T (group1) /Kids 5 0 R >>"},
            "is a damaged PDF form: the field 'group1.group1' is inside itself",
        ),
        "listed-twice.pdf": (
            {4: b"[6 0 R 6 0 R]", 6: b"<< /T (group1) /Kids [5 0 R] >>", 5: b"<< /T (game) /V (x) >>"},
            "is a damaged PDF form: it lists the field 'group1' twice (the same field, not a second copy)",
        ),
        "deep.pdf": (
            {4: b"[7 0 R]", **deep, 20: b"<< /T (game) /V (x) >>"},
            "is a PDF form far deeper than any sos-print audit: 'g0.g1.g2.g3.g4.g5.g6.g7.g8.g9.g10.g11\u2026' is "
            "under 13 fields",
        ),
    }
    for name, (bodies, message) in cases.items():
        path = tmp_path / name
        path.write_bytes(packed_pdf({**page, **bodies}))
        followed.clear()
        with pytest.raises(ExampleFileError) as caught:
            filled.load_filled_audit(str(path))
        assert str(caught.value) == f"{path}: {message}", name
        assert len(followed) <= 100_000, f"{name}: {len(followed):,} objects followed"


@pytest.mark.parametrize("size", ["true", "lies"])
def test_a_file_of_more_objects_than_any_audit_is_refused_before_they_are_read(runner, tmp_path, size):
    import tracemalloc

    from sos_print.forms.filled import load_filled_audit

    # 110,000 pages in one object stream: a megabyte that pypdf would read into about 500 MB. The trailer's /Size
    # may say 10: the objects are counted as the cross-reference lists them.
    pages = {3 + k: b"<< /Type /Page /Parent 2 0 R >>" for k in range(110_000)}
    kids = b" ".join(b"%d 0 R" % number for number in pages)
    bodies = {**page_tree(b"<< /Type /Pages /Kids [" + kids + b"] /Count 110000 >>"), **pages}
    data = packed_pdf(bodies) if size == "true" else tabled_pdf(bodies, size=10)
    path = tmp_path / "pages.pdf"
    path.write_bytes(data)
    tracemalloc.start()
    try:
        with pytest.raises(ExampleFileError) as error:
            load_filled_audit(str(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    count = "110,004" if size == "true" else "110,002"  # the object stream and the cross-reference stream, or none
    assert str(error.value) == (
        f"{path}: holds {count} objects, more than sos-print reads in one file (at most 100,000): not an audit, or a "
        "class's audit saved again and again by a PDF app; give each group its own copy of the audit"
    )
    assert peak < 30 * path.stat().st_size, f"{peak:,} bytes for a file of {path.stat().st_size:,}"


@pytest.mark.parametrize(
    ("value", "refused"),
    [
        (b"(" + b"5" * 120_000 + b")", True),  # a string
        (b"<" + b"35" * 60_000 + b">", True),  # in hex
        (b"(endobj" + b"5" * 120_000 + b")", True),  # "endobj" in the string does not end the object
        (b"(5) >>\nendobj\n%" + b"x" * 120_000 + b"\n<<", False),  # a replaced object's bytes after its own
    ],
    ids=["string", "hex", "endobj-inside", "dead-bytes-after"],
)
def test_an_object_far_larger_than_any_of_an_audits_is_refused_before_pypdf_parses_it(
    tmp_path, monkeypatch, value, refused
):
    # pypdf reads a string a byte at a time, at about 22 times its size: a 95 MB value cost 2 GB. The limit is 8 MB;
    # lowered here, so that the file stays small.
    import sos_print.forms.filled as filled

    monkeypatch.setattr(filled, "_LARGEST_OBJECT", 100_000)
    bodies = {
        **page_tree(b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>",
        4: b"[5 0 R]",
        5: b"<< /T (group1) /Kids [6 0 R] >>",
        6: b"<< /T (game) /FT /Tx /V " + value + b" >>",
    }
    path = tmp_path / "form.pdf"
    path.write_bytes(tabled_pdf(bodies))
    with pytest.raises(ExampleFileError) as error:
        filled.load_filled_audit(str(path))
    start = path.read_bytes().index(b"6 0 obj")
    if not refused:  # read on, to its page without the audit's widgets
        assert str(error.value) == f"{path}: {INK.format(1)}"
        return
    span = path.stat().st_size - start  # the last object listed: up to the end of the file
    assert str(error.value) == (
        f"{path}: holds an object of {span:,} bytes at byte {start:,}, far larger than any object of a sos-print audit "
        "but its streams (at most 100,000): not an audit"
    )


@pytest.mark.parametrize(
    ("pages", "message"),
    [
        (2_500, "has more pages than any sos-print audit (at most 2,000)"),
        (0, "cannot be read as a PDF: it is damaged (its tree of pages loops)"),
    ],
    ids=["pages", "loop"],
)
def test_a_form_of_more_pages_than_any_audit_or_a_page_tree_that_loops_is_refused(tmp_path, pages, message):
    from sos_print.forms.filled import load_filled_audit

    game = b"<< /T (group1) /Kids [<< /T (game) /FT /Tx /V (size=3) >>] >>"
    if pages:
        leaves = {10 + k: b"<< /Type /Page /Parent 2 0 R >>" for k in range(pages)}
        tree = b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % n for n in leaves) + b"] >>"
    else:
        leaves, tree = {3: b"<< /Type /Pages /Kids [2 0 R] >>"}, b"<< /Type /Pages /Kids [3 0 R] >>"
    path = tmp_path / "form.pdf"
    path.write_bytes(packed_pdf({**page_tree(tree), 4: b"[5 0 R]", 5: game, **leaves}))
    with pytest.raises(ExampleFileError) as error:
        load_filled_audit(str(path))
    assert str(error.value) == f"{path}: {message}"


def _pages_without_form(data: bytes) -> bytes:
    """Returns the pages of a filled audit copied into a new file, as "extract pages" tools do: no /AcroForm."""
    writer = PdfWriter()
    for page in PdfReader(io.BytesIO(data)).pages:
        writer.add_page(page)
    if "/AcroForm" in writer.root_object:
        del writer.root_object["/AcroForm"]
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _pages_with_a_dangling_form(data: bytes, fields: tuple[int, ...] = (999_999,)) -> bytes:
    """Returns the pages of a filled audit copied into a new file with a form whose list of fields names objects the
    file does not hold (`fields`), as pdfunite joins filled forms, or lists none."""
    writer = PdfWriter()
    for page in PdfReader(io.BytesIO(data)).pages:
        writer.add_page(page)
    listed = ArrayObject([IndirectObject(number, 0, writer) for number in fields])
    writer.root_object[NameObject("/AcroForm")] = DictionaryObject({NameObject("/Fields"): listed})
    return written(writer)


def _page_twice(data: bytes) -> bytes:
    """Returns a filled audit whose page tree lists its first page a second time (no loop)."""
    writer = cloned(data)
    writer.add_page(writer.pages[0])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _inked(data: bytes) -> PdfReader:
    """Returns a filled audit "printed to PDF": its pages as drawn, the fields gone (their appearances are ink)."""
    writer = cloned(data)
    for page in writer.pages:
        if "/Annots" in page:
            del page["/Annots"]
    del writer.root_object["/AcroForm"]
    out = io.BytesIO()
    writer.write(out)
    return PdfReader(io.BytesIO(out.getvalue()))


def _with_an_inked_copy(data: bytes, *, first: bool = False) -> bytes:
    """Returns a filled audit with the pages of another filled copy, printed to PDF, added after it (or before it)."""
    _, steps = three_by_three_game()
    other = move_values(steps, 3, Notation.A1, Variant()) | {"group1.move.3.points": "5"}  # a false claim, in ink
    writer = cloned(data)
    for page in _inked(fill(fillable(PrintOptions(size=3)), other)).pages:
        writer.insert_page(page, 0) if first else writer.add_page(page)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _cover_form() -> bytes:
    """Returns a cover page with a form of its own: one text field."""
    from reportlab.pdfgen.canvas import Canvas

    cover = io.BytesIO()
    canvas = Canvas(cover)
    canvas.acroForm.textfield(name="Remarks", x=50, y=700, width=250, height=20)
    canvas.showPage()
    canvas.save()
    return cover.getvalue()


def _behind_a_cover_form(data: bytes) -> bytes:
    """Returns a filled audit behind a cover page whose form (one text field) a joining tool kept as the file's."""
    writer = cloned(_cover_form())
    for page in PdfReader(io.BytesIO(data)).pages:
        writer.add_page(page)  # the audit's page, its widgets with it; the file's form stays the cover's
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            _with_an_inked_copy,
            "has a page 2 without the audit's fields (a copy printed to PDF, or a page of another file, added to it): "
            "what it shows cannot be read; check each filled copy on its own",
        ),
        (
            partial(_with_an_inked_copy, first=True),
            "has a page 1 without the audit's fields (a copy printed to PDF, or a page of another file, added to it): "
            "what it shows cannot be read; check each filled copy on its own",
        ),
        (
            _behind_a_cover_form,
            # once "two filled copies joined", quoting 'game' (what could still be read of the widget's name)
            "holds audit fields on page 2 but not the form's list of them: its pages were copied into a new file "
            "without the form (joined after another file's pages, whose form it kept); send the file the audit was "
            "filled in",
        ),
        (
            _pages_without_form,
            "holds audit fields on page 1 but not the form's list of them: its pages were copied into a new file "
            "without the form; send the file the audit was filled in",
        ),
        (
            _pages_with_a_dangling_form,
            "holds audit fields on page 1 but not the form's list of them: its pages were copied into a new file "
            "without the form; send the file the audit was filled in",
        ),
        (
            partial(_pages_with_a_dangling_form, fields=()),
            "holds audit fields on page 1 but not the form's list of them: its pages were copied into a new file "
            "without the form; send the file the audit was filled in",
        ),
        (_page_twice, "lists page 1 twice (a page appears twice in the file): send the file the audit was filled in"),
    ],
    ids=["inked copy after", "inked copy before", "cover form", "no form", "pdfunite", "empty list", "page twice"],
)
def test_a_filled_audit_whose_pages_were_copied_says_what_happened(runner, tmp_path, change, message):
    # once "no fields ... printed to PDF again" (the values were all there) and "its tree of pages loops"
    _, steps = three_by_three_game()
    filled = fill(fillable(PrintOptions(size=3)), move_values(steps, 3, Notation.A1, Variant()))
    pdf = tmp_path / "audit.pdf"
    pdf.write_bytes(change(filled))
    result = runner.invoke(app, ["check", str(pdf)])
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [f"{pdf}: {message}", "checked 1 file: 1 problem in 1 file"],
    )


# ---- what else a PDF app puts on an audit's pages, or with it --------------------------------------------------


def _filled(two_pages: bool = False) -> bytes:
    """Returns a filled 3 x 3 audit, every claim true: on one page, or on two (in both languages, in large print:
    rows 1 to 5 on the first, rows 6 to 9 and the pause box on the second)."""
    _, steps = three_by_three_game()
    options = PrintOptions(size=3, language=Language.BOTH, large_print=True) if two_pages else PrintOptions(size=3)
    return fill(fillable(options), move_values(steps, 3, Notation.A1, Variant()))


def _annotation(kind: str, **entries) -> DictionaryObject:
    box = ArrayObject([NumberObject(n) for n in (400, 500, 480, 520)])
    return DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Annot"),
            NameObject("/Subtype"): NameObject(kind),
            NameObject("/Rect"): box,
            **{NameObject(f"/{key}"): value for key, value in entries.items()},
        }
    )


def _on_page(data: bytes, index: int, annotation: DictionaryObject, *, field: bool = False) -> bytes:
    """Returns the PDF with `annotation` added on top of its page `index` (listed in the form too if `field`)."""

    def change(writer):
        added = writer.add_annotation(index, annotation)
        if field:
            writer.root_object["/AcroForm"]["/Fields"].append(added.indirect_reference)

    return edited(data, change)


def _field(name: str, kind: str = "/Tx", value: str = "") -> DictionaryObject:
    """Returns a field and its widget as one object, as a PDF app adds one to a page."""
    return _annotation("/Widget", T=TextStringObject(name), FT=NameObject(kind), V=TextStringObject(value))


def _with_an_inked_page(data: bytes, annotation: DictionaryObject | None = None, *, field: bool = False) -> bytes:
    """Returns a filled audit with a page of another filled copy printed to PDF (a false claim in ink) added after
    it, `annotation` on that page."""
    _, steps = three_by_three_game()
    other = move_values(steps, 3, Notation.A1, Variant()) | {"group1.move.3.points": "5"}
    writer = cloned(data)
    writer.add_page(_inked(fill(fillable(PrintOptions(size=3)), other)).pages[0])
    data = written(writer)
    return data if annotation is None else _on_page(data, len(writer.pages) - 1, annotation, field=field)


def _date_put_on_an_inked_page(data: bytes) -> bytes:
    """Returns a two-page filled audit with a page printed to PDF added, given a widget of group 1's date field (a
    third box of the field, as a form editor copies a field onto a page)."""
    data = _with_an_inked_page(data)

    def change(writer):
        group = writer.root_object["/AcroForm"]["/Fields"][0].get_object()
        date = next(kid for kid in group["/Kids"] if kid.get_object()["/T"] == "date")
        widget = writer.add_annotation(len(writer.pages) - 1, _annotation("/Widget", Parent=date))
        date.get_object()["/Kids"].append(widget.indirect_reference)

    return edited(data, change)


def _another_groups_field_on_page_1(data: bytes) -> bytes:
    """Returns a two-group audit whose first page shows a box of group 2's date field too."""

    def change(writer):
        group = writer.root_object["/AcroForm"]["/Fields"][1].get_object()
        date = next(kid for kid in group["/Kids"] if kid.get_object()["/T"] == "date")
        widget = writer.add_annotation(0, _annotation("/Widget", Parent=date))
        date.get_object()[NameObject("/Kids")] = ArrayObject(
            [*date.get_object().get("/Kids", []), widget.indirect_reference]
        )

    _, steps = three_by_three_game()
    filled = fill(fillable(PrintOptions(size=3, groups=2)), move_values(steps, 3, Notation.A1, Variant()))
    return edited(filled, change)


def _attached(data: bytes) -> bytes:
    """Returns the filled audit with another filled copy attached to it as a file (the catalog's EmbeddedFiles)."""
    return edited(data, lambda writer: writer.add_attachment("group1 copy.pdf", data))


def _portfolio(data: bytes) -> bytes:
    """Returns a PDF portfolio: a cover page whose attached files are the audits (catalog /Collection)."""
    writer = PdfWriter()
    writer.add_blank_page(595, 842)
    writer.add_attachment("audit.pdf", data)
    writer.root_object[NameObject("/Collection")] = DictionaryObject({NameObject("/Type"): NameObject("/Collection")})
    return written(writer)


def _file_on_page(data: bytes) -> bytes:
    """Returns the filled audit with another file attached on its page (a paper-clip annotation)."""
    spec = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Filespec"),
            NameObject("/F"): TextStringObject("copy.pdf"),
            NameObject("/UF"): TextStringObject("copy.pdf"),
        }
    )
    return _on_page(data, 0, _annotation("/FileAttachment", FS=spec))


def _pages_kept(data: bytes, kept: list[int], how: str) -> bytes:
    """Returns some pages of a filled audit alone: taken out of a copy of the file (pypdf's remove_page, the form
    kept whole, as pdfseparate leaves it), or copied into a new file (pypdf's append, the fields of the other pages
    left behind, as qpdf --pages does)."""
    if how == "removed":

        def change(writer):
            for index in sorted(set(range(len(writer.pages))) - set(kept), reverse=True):
                writer.remove_page(index)

        return edited(data, change)
    writer = PdfWriter()
    writer.append(PdfReader(io.BytesIO(data)), pages=kept)
    return written(writer)


def _widget_taken_off(writer, name: str, page: int) -> None:
    """Takes the widget of row 5's `name` field off the page, its field left in the form."""
    annotations = writer.pages[page]["/Annots"]
    gone = next(
        a for a in annotations if a.get_object().get("/T") == name and a.get_object()["/Parent"].get("/T") == "5"
    )
    writer.pages[page][NameObject("/Annots")] = ArrayObject([a for a in annotations if a != gone])


def _inked_page_with_kids(data: bytes, kids) -> bytes:
    """Returns a filled audit with a page printed to PDF added that carries /Kids too (an empty array, or null): a
    viewer shows it as a page, as its /Type says."""
    return edited(_with_an_inked_page(data), lambda writer: writer.pages[1].__setitem__(NameObject("/Kids"), kids))


def _page_kinds(data: bytes, kind: str) -> bytes:
    """Returns a filled audit whose page says it is `kind` (a list of pages, or nothing) where it should say /Page."""
    return edited(data, lambda writer: writer.pages[0].__setitem__(NameObject("/Type"), NameObject(kind)))


def _page_list_of_many(data: bytes) -> bytes:
    """Returns a filled audit whose list of pages names 2,000 nulls before its page: none is cut off unread."""

    def change(writer):
        kids = writer.root_object["/Pages"]["/Kids"]
        writer.root_object["/Pages"][NameObject("/Kids")] = ArrayObject([NullObject()] * 2_000 + list(kids))

    return edited(data, change)


def _widget_of_a_group_of_fields(data: bytes) -> bytes:
    """Returns a filled audit whose page shows a widget of `group1.move`, which gathers the rows and takes no value
    (a form editor's box with its own appearance)."""

    def change(writer):
        group = writer.root_object["/AcroForm"]["/Fields"][0].get_object()
        move = next(kid for kid in group["/Kids"] if kid.get_object()["/T"] == "move")
        writer.add_annotation(0, _annotation("/Widget", Parent=move.get_object().indirect_reference))

    return edited(data, change)


def _widgets_shown_again(data: bytes) -> bytes:
    """Returns a filled audit with another copy's page printed to PDF added, given the widgets of page 1 (its list of
    annotations), as an app copying a page's form onto another page does: its ink shows under the audit's values."""

    def change(writer):
        writer.pages[1][NameObject("/Annots")] = writer.pages[0]["/Annots"]

    return edited(_with_an_inked_page(data), change)


def _attached_in_a_later_leaf(data: bytes, empty: DictionaryObject, depth: int = 0) -> bytes:
    """Returns the filled audit with a file attached in the second leaf of the catalog's tree of attached files, its
    first leaf `empty`, the tree under `depth` more nodes of one kid each."""

    def change(writer):
        spec = DictionaryObject(
            {NameObject("/Type"): NameObject("/Filespec"), NameObject("/F"): TextStringObject("copy.pdf")}
        )
        leaf = DictionaryObject({NameObject("/Names"): ArrayObject([TextStringObject("copy.pdf"), spec])})
        kids = ArrayObject([writer._add_object(empty), writer._add_object(leaf)])
        tree = DictionaryObject({NameObject("/Kids"): kids})
        for _ in range(depth):
            tree = DictionaryObject({NameObject("/Kids"): ArrayObject([writer._add_object(tree)])})
        writer.root_object[NameObject("/Names")] = DictionaryObject({NameObject("/EmbeddedFiles"): tree})

    return edited(data, change)


def _javascript(where: str, kind: str = "/JavaScript"):
    """Returns a change putting an action that sets a row's points (JavaScript) or loads, resets or hides fields into
    a filled audit: in document JavaScript, the action run on opening, or after a first action, or on printing, on
    opening page 1, or when a field is shown or formatted."""
    if kind == "/JavaScript":
        script = {
            NameObject("/S"): NameObject("/JavaScript"),
            NameObject("/JS"): TextStringObject('this.getField("group1.move.3.points").value = "5";'),
        }
    else:
        script = {NameObject("/S"): NameObject(kind), NameObject("/F"): TextStringObject("values.fdf")}

    def points_of_row_3(writer):
        widgets = [a.get_object() for page in writer.pages for a in page["/Annots"]]
        return next(w for w in widgets if w.get("/T") == "points" and w["/Parent"].get_object().get("/T") == "3")

    def change(writer):
        action = writer._add_object(DictionaryObject(script))
        root = writer.root_object
        if where == "names":
            tree = DictionaryObject({NameObject("/Names"): ArrayObject([TextStringObject("points"), action])})
            root[NameObject("/Names")] = DictionaryObject({NameObject("/JavaScript"): tree})
        elif where == "open":
            root[NameObject("/OpenAction")] = action
        elif where == "next":
            root[NameObject("/OpenAction")] = DictionaryObject(
                {
                    NameObject("/S"): NameObject("/Named"),
                    NameObject("/N"): NameObject("/FirstPage"),
                    NameObject("/Next"): ArrayObject([action]),
                }
            )
        elif where == "page":
            writer.pages[0][NameObject("/AA")] = DictionaryObject({NameObject("/O"): action})
        elif where == "link":  # an annotation that is no field, run as its page shows it
            link = DictionaryObject(
                {
                    NameObject("/Type"): NameObject("/Annot"),
                    NameObject("/Subtype"): NameObject("/Link"),
                    NameObject("/Rect"): ArrayObject(
                        [NumberObject(0), NumberObject(0), NumberObject(9), NumberObject(9)]
                    ),
                    NameObject("/AA"): DictionaryObject({NameObject("/PV"): action}),
                }
            )
            writer.pages[0]["/Annots"].append(writer._add_object(link))
        elif where == "field":
            points_of_row_3(writer)[NameObject("/AA")] = DictionaryObject({NameObject("/F"): action})
        else:
            root[NameObject("/AA")] = DictionaryObject({NameObject("/WP"): action})

    return lambda data: edited(data, change)


def _on_row_3(data: bytes, key: str, value) -> bytes:
    """Returns a filled audit whose row 3 node (`group1.move.3`, the parent of the row's fields) is given `key`."""

    def change(writer):
        widgets = [a.get_object() for page in writer.pages for a in page["/Annots"]]
        row = next(w["/Parent"].get_object() for w in widgets if w.get("/T") == "points" and w["/Parent"]["/T"] == "3")
        row[NameObject(key)] = value(writer) if callable(value) else value

    return edited(data, change)


def _xfa(data: bytes) -> bytes:
    """Returns a filled audit given an XFA form whose data says other points."""

    def change(writer):
        datasets = StreamObject()
        datasets.set_data(b"<xfa:datasets><xfa:data><points>5</points></xfa:data></xfa:datasets>")
        xfa = ArrayObject([TextStringObject("datasets"), writer._add_object(datasets)])
        writer.root_object["/AcroForm"][NameObject("/XFA")] = xfa

    return edited(data, change)


def _associated_file(data: bytes, page: int | None = None) -> bytes:
    """Returns a filled audit with another copy associated with it (PDF 2.0's /AF), or with its page `page`."""

    def change(writer):
        spec = DictionaryObject(
            {NameObject("/Type"): NameObject("/Filespec"), NameObject("/UF"): TextStringObject("copy.pdf")}
        )
        owner = writer.root_object if page is None else writer.pages[page]
        owner[NameObject("/AF")] = ArrayObject([writer._add_object(spec)])

    return edited(data, change)


UNREAD = "it is not read; type each row into the audit's fields"
NOT_THE_AUDITS = "that is not one of the audit's (added by a PDF app?): what it holds is not read; type each row into "
NOT_THE_AUDITS += "the audit's fields, and remove it"
MISSING = "a page of the audit is missing (taken out of the file?); send the whole filled audit"
ACTING = (
    "carries {} that a PDF reader runs by itself (as it opens, shows, saves or prints {}), which may change what the "
    "fields show (sos-print never writes any): send the file the audit was filled in"
)
JAVASCRIPT = ACTING.format("JavaScript", "the document")
INK = (
    "has a page {} without the audit's fields (a copy printed to PDF, or a page of another file, added to it): "
    "what it shows cannot be read; check each filled copy on its own"
)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # S10-1: a page counts as the audit's only with its own rows on it; nothing but the audit's fields is on it
        (
            lambda data: _with_an_inked_page(data, _field("Signature1", "/Sig"), field=True),
            INK.format(2),
        ),
        (  # an app's own field on a page printed to PDF is no sign of the audit's: its ink is not read
            lambda data: _with_an_inked_page(data, _field("Text1", value="5 points"), field=True),
            INK.format(2),
        ),
        (lambda data: pages_added(data, _cover_form()), INK.format(2)),  # a whole page of another form
        (
            lambda data: _date_put_on_an_inked_page(_filled(two_pages=True)),
            "has a page 3 with group 1's field 'group1.date' but none of its rows: not a page sos-print wrote (a copy "
            "printed to PDF, with a field put on it?); what it shows cannot be read, so check each filled copy on "
            "its own",
        ),
        (
            lambda data: _on_page(data, 0, _field("Text1", value="5 points"), field=True),
            f"has a field 'Text1' on page 1 {NOT_THE_AUDITS}",
        ),
        (
            lambda data: _on_page(data, 0, _field("Signature1", "/Sig")),
            f"has a signature field 'Signature1' on page 1 {NOT_THE_AUDITS}",
        ),
        (
            lambda data: _another_groups_field_on_page_1(data),
            "has fields of groups 1 and 2 on page 1, where sos-print puts one group's: the form was changed; send "
            "the file the audit was filled in",
        ),
        # S10-2: files it carries
        (
            _attached,
            "carries attached files ('group1 copy.pdf'), which are not read: save the audit again without them, and "
            "check each filled copy on its own",
        ),
        (
            _file_on_page,
            "carries a file attached on page 1 ('copy.pdf'), which is not read: save the audit again without it, "
            "and check each filled copy on its own",
        ),
        (
            _portfolio,  # once "a PDF with no fields to fill in ... printed to PDF again"
            "is a PDF portfolio, a file holding other files (such as 'audit.pdf'): open it and save each audit on "
            "its own",
        ),
        # issue 20: what sos-print never writes and a PDF reader acts on
        *[(_javascript(where), JAVASCRIPT) for where in ("names", "open", "next", "print")],
        (_javascript("page"), ACTING.format("JavaScript", "page 1")),
        (_javascript("field"), ACTING.format("JavaScript", "field 'group1.move.3.points'")),
        (_javascript("open", "/ImportData"), ACTING.format("an action (ImportData)", "the document")),
        (_javascript("page", "/ResetForm"), ACTING.format("an action (ResetForm)", "page 1")),
        (_javascript("field", "/Hide"), ACTING.format("an action (Hide)", "field 'group1.move.3.points'")),
        (_javascript("link"), ACTING.format("JavaScript", "an annotation on page 1")),
        (  # a value on a row's node, which its fields inherit: a reader shows it, no field holds it
            lambda data: _on_row_3(data, "/V", TextStringObject("5")),
            "gives 'group1.move.3' a value, which its fields would take as theirs (sos-print never writes one "
            "there): the form was changed; send the file the audit was filled in",
        ),
        (
            lambda data: _on_row_3(
                data,
                "/AF",
                lambda writer: ArrayObject(
                    [writer._add_object(DictionaryObject({NameObject("/UF"): TextStringObject("copy.pdf")}))]
                ),
            ),
            "carries files associated with field 'group1.move.3' ('copy.pdf'), which are not read: save the audit "
            "again without them, and check each filled copy on its own",
        ),
        (
            _xfa,
            "is an XFA form, whose values a PDF reader may show instead of its fields' (sos-print never writes one): "
            "send the file the audit was filled in",
        ),
        (
            _associated_file,
            "carries files associated with the document ('copy.pdf'), which are not read: save the audit again "
            "without them, and check each filled copy on its own",
        ),
        (
            partial(_associated_file, page=0),
            "carries files associated with page 1 ('copy.pdf'), which are not read: save the audit again without "
            "them, and check each filled copy on its own",
        ),
        # issue 20: a page tree, widgets and attached files as no audit has them
        (lambda data: _inked_page_with_kids(data, ArrayObject()), INK.format(2)),
        (lambda data: _inked_page_with_kids(data, NullObject()), INK.format(2)),
        (
            lambda data: _page_kinds(data, "/Pages"),
            "cannot be read as a PDF: it is damaged (its tree of pages holds a list of pages without its list)",
        ),
        (
            lambda data: _page_kinds(data, "/Annot"),
            "cannot be read as a PDF: it is damaged (its tree of pages holds neither a page nor a list of pages)",
        ),
        (
            lambda data: edited(
                data, lambda writer: writer.pages[0].__setitem__(NameObject("/Kids"), ArrayObject([NullObject()]))
            ),
            "cannot be read as a PDF: it is damaged (its tree of pages holds a page that lists pages)",
        ),
        (_page_list_of_many, "has more pages than any sos-print audit (at most 2,000)"),
        (
            _widget_of_a_group_of_fields,
            "has a widget of 'group1.move' on page 1, which is not one of the audit's fields but a group of them (or "
            "a name no audit has): what it shows is not read; the form was changed, so send the file the audit was "
            "filled in",
        ),
        (
            _widgets_shown_again,
            "has a page 2 that shows the widgets of page 1 again (a copy of that page added to the file?): what it "
            "shows cannot be read; send the file the audit was filled in, or check each filled copy on its own",
        ),
        (
            lambda data: _attached_in_a_later_leaf(data, DictionaryObject({NameObject("/Names"): ArrayObject()})),
            "carries attached files ('copy.pdf'), which are not read: save the audit again without them, and check "
            "each filled copy on its own",
        ),
        (
            lambda data: _attached_in_a_later_leaf(data, DictionaryObject({NameObject("/Kids"): ArrayObject()})),
            "carries attached files ('copy.pdf'), which are not read: save the audit again without them, and check "
            "each filled copy on its own",
        ),
        (  # a tree deeper than any looked into is not taken to hold nothing
            lambda data: _attached_in_a_later_leaf(data, DictionaryObject({NameObject("/Kids"): ArrayObject()}), 20),
            "carries attached files, which are not read: save the audit again without them, and check each filled "
            "copy on its own",
        ),
        # S10-3: what a PDF app puts on top of the form
        (
            lambda data: _on_page(data, 0, _annotation("/FreeText", Contents=TextStringObject("A S B3 0"))),
            f"has on page 1 text typed on top of the form, not into its fields: {UNREAD}",
        ),
        (lambda data: _on_page(data, 0, _annotation("/Ink")), f"has on page 1 a drawing: {UNREAD}"),
        (lambda data: _on_page(data, 0, _annotation("/Stamp")), f"has on page 1 a stamp: {UNREAD}"),
        (lambda data: _on_page(data, 0, _annotation("/Square")), f"has on page 1 a drawn shape: {UNREAD}"),
        (lambda data: _on_page(data, 0, _annotation("/Text")), f"has on page 1 a note: {UNREAD}"),
        (lambda data: _on_page(data, 0, _annotation("/Link")), f"has on page 1 a link: {UNREAD}"),
        (
            lambda data: _on_page(data, 0, _annotation("/Made-Up")),
            f"has on page 1 an annotation sos-print does not write: {UNREAD}",
        ),
        # S10-5: a group's pages, some of them
        (
            lambda data: _pages_kept(_filled(two_pages=True), [0], "removed"),
            f"group 1's rows 6 to 9 and pause box are on none of the file's pages: {MISSING}",
        ),
        (
            # once "its field group1.game says players=2 teams=no, but group 1's pause box has points for none"
            lambda data: _pages_kept(_filled(two_pages=True), [0], "copied"),
            f"group 1's rows 6 to 9 and pause box are on none of the file's pages: {MISSING}",
        ),
        (
            lambda data: _pages_kept(_filled(two_pages=True), [1], "removed"),
            f"group 1's names, game field and rows 1 to 5 are on none of the file's pages: {MISSING}",
        ),
        (
            # once "is a PDF form, but not a fillable sos-print audit: it has no game field"
            lambda data: _pages_kept(_filled(two_pages=True), [1], "copied"),
            "holds rows of group 1's table but not its game field, which sos-print writes on group 1's first page: "
            f"{MISSING}",
        ),
        (
            lambda data: edited(data, partial(_widget_taken_off, name="cell", page=0)),
            "group 1's field 'group1.move.5.cell' is on none of the file's pages: the form was changed; send the file "
            "the audit was filled in",
        ),
    ],
    ids=[
        "signature-on-inked-page",
        "text1-on-inked-page",
        "cover-form-after",
        "date-on-inked-page",
        "text1-on-audit-page",
        "signature-on-audit-page",
        "two-groups-on-a-page",
        "embedded-file",
        "file-on-page",
        "portfolio",
        "document-javascript",
        "javascript-on-opening",
        "javascript-after-a-first-action",
        "javascript-on-printing",
        "javascript-on-opening-a-page",
        "javascript-formatting-a-field",
        "fields-imported-on-opening",
        "fields-reset-on-opening-a-page",
        "a-field-hidden-as-it-is-shown",
        "javascript-of-a-link-as-its-page-shows",
        "a-value-its-fields-inherit",
        "file-associated-with-a-row",
        "xfa",
        "associated-file",
        "file-associated-with-page",
        "page-with-empty-kids",
        "page-with-null-kids",
        "page-says-pages",
        "page-says-annot",
        "page-with-kids",
        "kids-over-the-cap",
        "widget-of-group1.move",
        "widgets-shown-again",
        "attached-after-empty-leaf",
        "attached-after-empty-kid",
        "attached-twenty-levels-down",
        "free-text",
        "ink",
        "stamp",
        "square",
        "note",
        "link",
        "unknown-kind",
        "page-2-removed",
        "page-1-copied-alone",
        "page-1-removed",
        "page-2-copied-alone",
        "widget-taken-off",
    ],
)
def test_what_a_pdf_app_adds_to_an_audit_or_takes_out_of_it_is_refused_in_one_line(runner, tmp_path, change, message):
    pdf = tmp_path / "audit.pdf"
    pdf.write_bytes(change(_filled()))
    refused_everywhere(runner, tmp_path, pdf, f"{pdf}: {message}")


@pytest.mark.skipif(shutil.which("pdfunite") is None, reason="poppler-utils is not installed")
@pytest.mark.parametrize(
    ("tool", "message"),
    [
        (
            "pdfunite",  # once "two filled copies joined", quoting 'game'
            "holds audit fields on page 2 but not the form's list of them: its pages were copied into a new file "
            "without the form (joined after another file's pages, whose form it kept); send the file the audit was "
            "filled in",
        ),
        ("pdfseparate", f"group 1's rows 6 to 9 and pause box are on none of the file's pages: {MISSING}"),
    ],
)
def test_what_poppler_makes_of_an_audit_is_named_as_the_pypdf_made_files_are(runner, tmp_path, tool, message):
    # The same files as above, made by the tools themselves where they are installed (the tests above need none).
    audit, cover, pdf = tmp_path / "filled.pdf", tmp_path / "cover.pdf", tmp_path / "audit.pdf"
    audit.write_bytes(_filled(two_pages=tool == "pdfseparate"))
    cover.write_bytes(_cover_form())
    if tool == "pdfunite":
        subprocess.run(["pdfunite", cover, audit, pdf], check=True, capture_output=True)
    else:
        subprocess.run(
            ["pdfseparate", "-f", "1", "-l", "1", audit, tmp_path / "page%d.pdf"], check=True, capture_output=True
        )
        (tmp_path / "page1.pdf").rename(pdf)
        if not _lists_a_field(pdf):
            # Poppler 22.12 (Debian 12's deb12u3 build, 4 December) keeps the form's list but not the group's field
            # it lists: a list that names nothing the file holds is read as no list, the page as copied without it.
            message = COPIED_WITHOUT_FORM
    audit.unlink()
    cover.unlink()
    refused_everywhere(runner, tmp_path, pdf, f"{pdf}: {message}")


COPIED_WITHOUT_FORM = (
    "holds audit fields on page 1 but not the form's list of them: its pages were copied into a new file without the "
    "form; send the file the audit was filled in"
)


def _lists_a_field(pdf: Path) -> bool:
    """Tells whether the form's list of fields in `pdf` names a field the file holds."""
    form = PdfReader(pdf).trailer["/Root"].get("/AcroForm")
    return form is not None and any(entry.get_object() is not None for entry in form.get_object().get("/Fields", []))


def _filled_by_pypdf(data: bytes) -> bytes:
    """Returns the blank two-page audit filled as pypdf fills a form by default: each field's appearance drawn
    again, the form asking readers to draw them too (NeedAppearances)."""
    _, steps = three_by_three_game()
    values = move_values(steps, 3, Notation.A1, Variant())
    blank = fillable(PrintOptions(size=3, language=Language.BOTH, large_print=True))

    def change(writer):
        writer.set_need_appearances_writer(True)
        for page in writer.pages:
            writer.update_page_form_field_values(page, values)

    return edited(blank, change)


@pytest.mark.parametrize(
    "change",
    [
        lambda data: _filled(two_pages=True),
        _filled_by_pypdf,
        # attached to no other annotation, and over no claim: it shows nothing
        lambda data: _on_page(
            data, 0, _annotation("/Popup", Rect=ArrayObject([NumberObject(n) for n in (20, 20, 60, 40)]))
        ),
    ],
    ids=["two-pages", "pypdf-need-appearances", "popup"],
)
def test_an_audit_with_nothing_on_its_pages_but_its_own_fields_is_read(runner, tmp_path, change):
    pdf = tmp_path / "audit.pdf"
    pdf.write_bytes(change(_filled()))
    result = runner.invoke(app, ["check", str(pdf)])
    assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n")


@pytest.mark.parametrize("lang", [Language.EN, Language.FR])
def test_a_first_sos_wins_audit_asks_for_no_points_and_reads_back_and_checks(runner, tmp_path, lang):
    # The first S-O-S ends the game: its audit has no points, no totals and no points in its pause box, and a filled
    # one is read and checked all the same, the winning line and its writer included.
    variant = Variant(first_sos_wins=True)
    blank = fillable(PrintOptions(size=4, variant=variant, language=lang))
    fields = {name: entries for _, name, entries in widgets(blank)}
    assert not [name for name in fields if name.endswith(".points") or ".total." in name or ".pause.score." in name]
    assert {name.rsplit(".", 1)[1] for name in fields if name.startswith("group1.move.1.")} == {
        "player",
        "letter",
        "cell",
        "lines",
    }
    tips = " ".join(str(entries.get("/TU", "")) for entries in fields.values())
    assert "Points" not in tips and "Total" not in tips, tips
    steps, position = [], Position.start(4, variant)
    for move in (Move(Cell(0, 0), Letter.S), Move(Cell(1, 1), Letter.O), Move(Cell(2, 2), Letter.S)):
        steps.append(position.step(move))
        position = steps[-1].after
    assert steps[-1].after.is_over and steps[-1].segments
    values = move_values(steps, 4, Notation.A1, variant)
    pdf = tmp_path / "won.pdf"
    pdf.write_bytes(fill(blank, values))
    result = runner.invoke(app, ["check", str(pdf)])
    assert result.exit_code == 0, result.output
    values["group1.move.3.player"] = "B"  # A wrote the winning S, not B
    wrong = tmp_path / "wrong.pdf"
    wrong.write_bytes(fill(blank, values))
    result = runner.invoke(app, ["check", str(wrong)])
    assert result.exit_code == 1 and "move 3" in result.stdout, result.output


def in_states(data: bytes, name: str, state: str | None) -> bytes:
    """Returns the form with the drawing of field `name` kept as its appearance state /On, the widget's state set
    to `state` (None: no state said), as a tool that turned a text field's drawing into a checkbox's leaves it."""

    def change(writer):
        for page in writer.pages:
            for annotation in page.get("/Annots", []):
                field = annotation.get_object()
                names, node = [], field
                while node is not None:
                    names += [str(node["/T"])] if "/T" in node else []
                    node = node["/Parent"].get_object() if "/Parent" in node else None
                if ".".join(reversed(names)) == name:
                    drawing = field["/AP"].raw_get("/N")
                    field["/AP"][NameObject("/N")] = DictionaryObject({NameObject("/On"): drawing})
                    if state is not None:
                        field[NameObject("/AS")] = NameObject(state)

    return edited(data, change)


@pytest.mark.parametrize(("state", "refused"), [("/Off", True), (None, True), ("/On", False)])
def test_a_field_whose_appearance_state_names_no_drawing_shows_nothing_and_is_refused(runner, tmp_path, state, refused):
    # PDFium (Chrome, many tablets) draws nothing for a state its appearances do not hold: the value was read unseen
    # (sweep 39, F4). The state that names the drawing shows it, and is read.
    _, steps = three_by_three_game()
    pdf = tmp_path / "game.pdf"
    filled = fill(fillable(PrintOptions(size=3)), move_values(steps, 3, Notation.A1, Variant()))
    pdf.write_bytes(in_states(filled, POINTS, state))
    result = runner.invoke(app, ["check", str(pdf)])
    if refused:
        assert (result.exit_code, result.stdout.splitlines()) == (
            1,
            [f"{pdf}: {SHOWS.format(POINTS, 'nothing', repr('1'))}", "checked 1 file: 1 problem in 1 file"],
        )
    else:
        assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n")


def test_a_dash_typed_in_chromes_viewer_is_told_to_be_typed_as_a_hyphen(runner, tmp_path):
    # Chrome's viewer draws "A1–C3" in a font of another script, which sos-print cannot tell; told to retype the
    # field, a teacher typed the same dash and got the same drawing (sweep ad97, C3).
    _, steps = three_by_three_game()
    values = move_values(steps, 3, Notation.A1, Variant())
    values["group1.move.3.lines"] = values["group1.move.3.lines"].replace("-", "\u2013")
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(typed_in_pdfium(fillable(PrintOptions(size=3)), values))
    result = runner.invoke(app, ["check", str(pdf)])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == (
        f"{pdf}: group 1's field 'group1.move.3.lines' holds 'A1\u2013C3' but its drawing cannot be read (it draws "
        "text in a font whose characters sos-print cannot tell): what sos-print would read may not be what the "
        "audit shows; type a plain hyphen (-) in place of its dash, and save the file"
    )


def _updated(data: bytes, number: int, copy: bytes, generation: int = 0) -> bytes:
    """Returns `data` (one table, as pypdf writes) with `copy` of object `number` appended as apps save: the file
    kept whole, an update listing the copy under `generation`, its trailer the last one's and /Prev."""
    start = int(re.findall(rb"startxref\s+(\d+)", data)[-1])
    trailer = re.search(rb"trailer\s*<<(.*?)>>\s*startxref", data[start:], re.S)[1]
    row = b"%d 1\n%010d %05d n \n" % (number, len(data), generation)
    section = b"\nxref\n%strailer\n<<%s/Prev %d\n>>\n" % (row, trailer, start)
    return data + copy + section + b"startxref\n%d\n%%%%EOF\n" % (len(data) + len(copy) + 1)


def _damaged(pdf, why: str) -> str:
    """Returns the line that refuses `pdf` as damaged, `why` (a clause of the file's)."""
    return (
        f"{pdf}: cannot be read as a PDF: it is damaged ({why}): PDF readers each mend such a file their own way, so "
        "what sos-print would read may not be what the audit shows; send the file the audit was filled in"
    )


def _claim_copied_falsely(data: bytes, table=lambda rows, number, at: None, lead: bytes = b"") -> tuple[bytes, int]:
    """Returns the filled audit `data` (one classic cross-reference table, as pypdf writes it) with a false copy of a
    claim's widget saved after it (its points 1 made 2), its table's rows changed by `table(rows, number, at)` (rows:
    each object's 20-byte row by number; number: the claim's widget; at: where each object begins), `lead` put before
    its header; and the widget's number. PDFium and poppler, rebuilding a damaged table, show the false copy."""
    start = int(re.findall(rb"startxref\s+(\d+)", data)[-1])
    head = re.match(rb"xref\s+0 (\d+)\s+", data[start:])
    assert head is not None
    first = start + head.end()
    rows = {n: data[first + 20 * n : first + 20 * (n + 1)] for n in range(int(head[1]))}
    at = {n: int(row[:10]) for n, row in rows.items() if row[17:18] == b"n"}
    number = next(n for n in at if re.match(rb"%d 0 obj\s*<<[^>]*/T \(points\)[^>]*/V \(1\)" % n, data[at[n] :]))
    honest = data[at[number] : data.index(b"endobj", at[number]) + 6]
    body = data[:start] + honest.replace(b"/V (1)", b"/V (2)") + b"\n"
    table(rows, number, at)
    listed = b"".join(b"%d 1\n%s" % (n, row) for n, row in sorted(rows.items()))
    trailer = data[data.index(b"trailer", start) : data.rindex(b"startxref")]
    return lead + body + b"xref\n%s%sstartxref\n%d\n%%%%EOF\n" % (listed, trailer, len(body)), number


def _row(offset: int, free: bool = False) -> bytes:
    return b"%010d %05d %s \n" % (offset, 1 if free else 0, b"f" if free else b"n")


# Sweep ad107: a table that does not locate an object is rebuilt by PDFium and poppler from the last copy of each
# object, while pypdf looked the object up by its first copy: a false claim saved after the true one was shown, and
# "every claim holds" was said.
@pytest.mark.parametrize(
    ("table", "wrong"),
    [
        (
            lambda rows, n, at: rows.update({1: _row(at[1] + 2)}),
            "lists object 1 at byte {at[1]:,}, where it does not begin",
        ),
        (
            lambda rows, n, at: rows.update({n: _row(at[n + 1])}),
            "lists object {n} at byte {at[next]:,}, where it does not begin",
        ),
        (lambda rows, n, at: rows.update({n: _row(0, free=True)}), "marks object {n} deleted, though the form uses it"),
        (lambda rows, n, at: rows.pop(n), "leaves out object {n}, which the form uses"),
    ],
    ids=["catalog-two-bytes-off", "claim-at-the-next-object", "claim-listed-deleted", "claim-left-out"],
)
def test_a_damaged_table_of_where_each_object_lies_is_refused(runner, tmp_path, table, wrong):
    data, number = _claim_copied_falsely(_filled(), table)
    at = PdfReader(io.BytesIO(_filled())).xref[0]
    pdf = tmp_path / "audit.pdf"
    pdf.write_bytes(data)
    said = wrong.format(n=number, at={1: at[1] + 2, "next": at.get(number + 1)})
    refused_everywhere(
        runner,
        tmp_path,
        pdf,
        _damaged(pdf, f"its index of the file's parts {said}"),
    )


# Sweep ad109 (F3, F4): a loop of /Prev, or table rows of 19 bytes, which pypdf lets through, made PDFium rebuild
# the table and show the copy saved after the listed one.
@pytest.mark.parametrize("lead", [b"", b"\r\nsaved by a tablet app\r\n"], ids=["as-saved", "bytes-before-header"])
def test_a_copy_of_a_claim_saved_after_the_listed_one_and_listed_nowhere_is_refused(runner, tmp_path, lead):
    data, number = _claim_copied_falsely(_filled(), lead=lead)
    pdf = tmp_path / "audit.pdf"
    pdf.write_bytes(data)
    refused_everywhere(
        runner,
        tmp_path,
        pdf,
        _damaged(
            pdf, f"its index of the file's parts leaves out a copy of object {number} saved after the one it lists"
        ),
    )


def _saved_again(data: bytes, copy) -> tuple[bytes, int]:
    """Returns the filled audit `data` saved again as apps save (the file kept whole, an update appended listing what
    changed) with the copy `copy(honest)` of a claim's widget (points 1) listed in the update; and its number."""
    at = PdfReader(io.BytesIO(data)).xref[0]
    number = next(n for n in at if re.match(rb"%d 0 obj\s*<<[^>]*/T \(points\)[^>]*/V \(1\)" % n, data[at[n] :]))
    copy = copy(data[at[number] : data.index(b"endobj", at[number]) + 6])
    return _updated(data, number, copy, int(re.match(rb"\d+ (\d+) obj", copy)[1])), number


# Sweep ad108: what pypdf read leniently and PDFium and poppler read as the later of two (F1, F2), or by number
# alone (F3), showed a claim of 2 points where the rules give 1 and "every claim holds" was said.
def test_a_key_given_twice_in_a_claim_is_refused(runner, tmp_path):
    data, number = _saved_again(_filled(), lambda honest: honest.replace(b"/V (1)", b"/V (1) /V (2)"))
    pdf = tmp_path / "audit.pdf"
    pdf.write_bytes(data)
    result = runner.invoke(app, ["check", str(pdf)])
    said = re.fullmatch(
        rf"{re.escape(str(pdf))}: cannot be read as a PDF: it is damaged \(its object {number} breaks the standard: "
        r"Multiple definitions in dictionary at byte 0x[0-9a-f]+ for key /V\): PDF readers each mend such a file "
        "their own way, so what sos-print would read may not be what the audit shows; send the file the audit was "
        r"filled in\nchecked 1 file: 1 problem in 1 file\n",
        result.stdout,
    )
    assert (result.exit_code, said is not None) == (1, True), result.stdout


def test_a_claim_saved_again_under_another_generation_is_refused(runner, tmp_path):
    data, number = _saved_again(
        _filled(), lambda honest: re.sub(rb"^(\d+) 0 obj", rb"\1 1 obj", honest).replace(b"/V (1)", b"/V (2)")
    )
    pdf = tmp_path / "audit.pdf"
    pdf.write_bytes(data)
    refused_everywhere(
        runner,
        tmp_path,
        pdf,
        _damaged(pdf, f"its index of the file's parts lists object {number} twice, as two different objects"),
    )


@pytest.mark.parametrize("lead", [b"", b"\r\nsaved by a tablet app\r\n"], ids=["as-saved", "bytes-before-header"])
def test_a_claim_saved_again_as_apps_save_is_read_from_its_new_copy(runner, tmp_path, lead):
    # The value changed, its drawing not: refused for that, which shows the new copy is the one read (the offsets
    # counted from the header, as readers count them).
    data, _ = _saved_again(_filled(), lambda honest: honest.replace(b"/V (1)", b"/V (2)"))
    (tmp_path / "audit.pdf").write_bytes(lead + data)
    result = runner.invoke(app, ["check", str(tmp_path / "audit.pdf")])
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [
            f"{tmp_path / 'audit.pdf'}: group 1's field 'group1.move.3.points' shows '1' on the page but holds '2' "
            "(its value was changed without drawing it again): what sos-print would read is not what the audit "
            "shows; retype the field in a PDF reader and save the file",
            "checked 1 file: 1 problem in 1 file",
        ],
    )


def test_a_stream_of_objects_holding_an_object_twice_is_refused(tmp_path):
    from sos_print.forms.filled import load_filled_audit

    bodies = {**page_tree(b"<< /Type /Pages /Kids [] /Count 0 >>"), 4: b"[5 0 R]", 5: b"<< /T (group1) /V (1) >>"}
    path = tmp_path / "form.pdf"
    path.write_bytes(packed_pdf(bodies, unlisted=[(5, b"<< /T (group1) /V (2) >>")], points={5: 4}))
    with pytest.raises(ExampleFileError) as error:
        load_filled_audit(str(path))
    assert str(error.value) == (
        _damaged(path, "its index of the file's parts lists object 5 in object 6, which holds it twice")
    )


def test_objects_a_stream_holds_unlisted_count_against_the_most_a_file_may_hold(tmp_path):
    from sos_print.forms.filled import load_filled_audit

    # Sweep ad108, F4: 3,000,000 such objects in 6 MB took 37 s and 448 MB to be read, and were not counted.
    bodies = {**page_tree(b"<< /Type /Pages /Kids [] /Count 0 >>"), 4: b"[]"}
    path = tmp_path / "form.pdf"
    path.write_bytes(packed_pdf(bodies, unlisted=[(1000 + k, b"null") for k in range(110_000)]))
    with pytest.raises(ExampleFileError) as error:
        load_filled_audit(str(path))
    assert str(error.value).startswith(f"{path}: holds 110,005 objects, more than sos-print reads in one file")


def test_a_key_given_twice_in_a_compressed_object_is_refused(tmp_path):
    from sos_print.forms.filled import load_filled_audit

    bodies = {**page_tree(b"<< /Type /Pages /Kids [] /Count 0 >>"), 4: b"[5 0 R]", 5: b"<< /T (group1) /T (x) >>"}
    path = tmp_path / "form.pdf"
    path.write_bytes(packed_pdf(bodies))
    with pytest.raises(ExampleFileError) as error:
        load_filled_audit(str(path))
    assert re.fullmatch(
        rf"{re.escape(str(path))}: cannot be read as a PDF: it is damaged \(its object 5 breaks the standard: "
        r"Multiple definitions in dictionary at byte 0x[0-9a-f]+ for key /T\): PDF readers each mend such a file "
        "their own way, so what sos-print would read may not be what the audit shows; send the file the audit was "
        "filled in",
        str(error.value),
    ), str(error.value)


def _drawing_saved_again(data: bytes, tail: bytes, longer: int) -> tuple[bytes, int]:
    """Returns the filled audit `data` saved again with the drawing of a claim of 1 point written anew: `tail` after
    its operators (a stream's end and a false drawing of 2, as PDFium or poppler read on to the next "endstream"),
    its /Length `longer` bytes more than the operators; and the drawing's number."""
    at = PdfReader(io.BytesIO(data)).xref[0]
    widget = next(n for n in at if re.match(rb"%d 0 obj\s*<<[^>]*/T \(points\)[^>]*/V \(1\)" % n, data[at[n] :]))
    drawing = int(re.search(rb"/AP\s*<<\s*/N (\d+) 0 R", data[at[widget] : data.index(b"endobj", at[widget])])[1])
    honest = data[at[drawing] : data.index(b"endobj", at[drawing])]
    operators = re.search(rb"stream\r?\n(.*?)\s*endstream", honest, re.S)[1]
    head = re.sub(rb"/Length \d+", b"/Length %d" % (len(operators) + longer), honest[: honest.index(b"stream")])
    copy = head + b"stream\n" + operators + tail + b"\nendstream\nendobj"
    return _updated(data, drawing, copy), drawing


_FALSE_TWO = b"\n1 g 0 0 60 40 re f 0 g BT /Helv 12 Tf 8 8 Td (2) Tj ET"


# Sweep ad109 (F1, F2): pypdf mends a /Length one byte long and takes "endstreamX" for a stream's end; PDFium and
# poppler read on to the next "endstream", and showed the false 2 drawn after it.
@pytest.mark.parametrize(
    ("tail", "longer"),
    [(b"endstream" + _FALSE_TWO, 1), (b"\nendstreamX" + _FALSE_TWO, 0)],
    ids=["length-one-long", "endstream-run-on"],
)
def test_a_drawing_that_does_not_end_where_its_length_says_is_refused(runner, tmp_path, tail, longer):
    data, drawing = _drawing_saved_again(_filled(), tail, longer)
    pdf = tmp_path / "audit.pdf"
    pdf.write_bytes(data)
    refused_everywhere(
        runner,
        tmp_path,
        pdf,
        _damaged(pdf, f"its object {drawing} does not end where its length says (readers may read more of it)"),
    )


def test_a_drawing_saved_again_whole_is_read(runner, tmp_path):
    data, _ = _drawing_saved_again(_filled(), b"", 0)  # the same drawing, saved again as apps save
    (tmp_path / "audit.pdf").write_bytes(data)
    result = runner.invoke(app, ["check", str(tmp_path / "audit.pdf")])
    assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n")


_PAD = bytes.fromhex("28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A")


def _aes_key(encrypt, first_id: bytes) -> bytes:
    """Returns the file key of an AES-128 (revision 4) file whose user password is empty: the standard's algorithm 2,
    written here apart from pypdf's."""
    import hashlib

    permissions = (int(encrypt["/P"]) & 0xFFFFFFFF).to_bytes(4, "little")
    digest = hashlib.md5(_PAD + encrypt["/O"].original_bytes + permissions + first_id).digest()
    for _ in range(50):
        digest = hashlib.md5(digest[:16]).digest()
    return digest[:16]


def _sealed(key: bytes, number: int, plain: bytes) -> bytes:
    """Returns `plain` encrypted for object `number` as AES-128 encrypts a stream: a random block first, then the
    blocks, the last padded by the caller."""
    import hashlib

    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    own = hashlib.md5(key + number.to_bytes(3, "little") + bytes(2) + b"sAlT").digest()
    start = bytes(range(16))
    encryptor = Cipher(algorithms.AES(own), modes.CBC(start)).encryptor()
    return start + encryptor.update(plain) + encryptor.finalize()


@pytest.mark.parametrize("pad", [16, 100], ids=["honest-padding", "padding-longer-than-a-block"])
def test_an_encrypted_drawing_whose_padding_is_longer_than_a_block_is_refused(runner, tmp_path, pad):
    # Sweep ad110, 2: pypdf cut 103 bytes of padding off a drawing, where PDFium and poppler cut its last block and
    # drew what stood before it, a false 2.
    writer = cloned(_filled())
    writer.encrypt("", "owner", algorithm="AES-128")
    data = written(writer)
    reader = PdfReader(io.BytesIO(data))
    reader.decrypt("")
    key = _aes_key(reader.trailer["/Encrypt"], reader.trailer["/ID"][0].original_bytes)
    widget = next(
        annotation.get_object()
        for annotation in reader.pages[0]["/Annots"]
        if annotation.get_object().get("/T") == "points" and annotation.get_object().get("/V") == "1"
    )
    drawing = widget["/AP"].raw_get("/N")
    honest = drawing.get_object().get_data()
    if pad == 16:  # padded as the standard says: as many bytes as it adds, each of that value
        plain = honest + bytes([16 - len(honest) % 16]) * (16 - len(honest) % 16)
    else:  # a false 2 drawn after the honest drawing, then a last block whose byte says to cut both
        false = b"\nq 1 g 0 0 44 24 re f Q BT /Helv 12 Tf 0 g 17 8 Td (2) Tj ET"
        false += b" " * (-(len(honest) + len(false)) % 16)
        plain = honest + false + b"%" + b" " * 14 + bytes([16 + len(false)])
    sealed = _sealed(key, drawing.idnum, plain)
    head = re.search(rb"\d+ 0 obj\s*(<<.*?)stream", data[reader.xref[0][drawing.idnum] :], re.S)[1]
    copy = b"%d 0 obj\n%s\nstream\n" % (drawing.idnum, re.sub(rb"/Length \d+", b"/Length %d" % len(sealed), head))
    copy += sealed + b"\nendstream\nendobj"
    pdf = tmp_path / "audit.pdf"
    pdf.write_bytes(_updated(data, drawing.idnum, copy))
    result = runner.invoke(app, ["check", str(pdf)])
    if pad == 16:
        assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n")
    else:
        assert (result.exit_code, result.stdout.splitlines()) == (
            1,
            [
                _damaged(pdf, f"its object {drawing.idnum} breaks the standard: Invalid padding bytes."),
                "checked 1 file: 1 problem in 1 file",
            ],
        )


def _laid_out_for_the_web(bodies: dict[int, bytes], first_page: dict[int, bytes]) -> bytes:
    """Returns a PDF laid out for reading over the web (linearized: object 9 says so, with the file's length): a
    first-page table listing `first_page`'s copies, which lie before `bodies`, whose table ends the file and is the
    one its last startxref names."""
    parts = [b"%PDF-1.4\n", b"9 0 obj\n<< /Linearized 1 /L LLLLLLLLLL >>\nendobj\n", b"FIRST"]
    places: dict[int, int] = {}
    early = b"".join(b"%d 0 obj\n%s\nendobj\n" % (n, body) for n, body in first_page.items())
    at = len(parts[0]) + len(parts[1])
    first = b"xref\n%d 1\n%010d 00000 n \ntrailer\n<< /Size 10 /Root 1 0 R /Prev MMMMMMMMMM >>\nstartxref\n0\n%%%%EOF\n"
    first = first % (next(iter(first_page)), at + len(first % (0, 0)))
    at += len(first) + len(early)
    late = b""
    for number, body in sorted(bodies.items()):
        places[number] = at + len(late)
        late += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    main = at + len(late)
    rows = b"".join(
        b"%010d 00000 n \n" % places[n]
        if n in places
        else b"%010d 00000 n \n" % len(parts[0])
        if n == 9
        else b"0000000000 65535 f \n"
        for n in range(10)
    )
    tail = b"xref\n0 10\n%strailer\n<< /Size 10 /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (rows, main)
    data = b"".join([parts[0], parts[1], first.replace(b"MMMMMMMMMM", b"%010d" % main), early, late, tail])
    return data.replace(b"LLLLLLLLLL", b"%010d" % len(data))


def test_a_file_laid_out_for_the_web_whose_last_startxref_names_another_table_is_refused(tmp_path):
    # Sweep ad110, 1: poppler read the first-page table, which listed a false drawing, pypdf and PDFium the table
    # the last startxref named.
    from sos_print.forms.filled import load_filled_audit

    bodies = {**page_tree(b"<< /Type /Pages /Kids [] /Count 0 >>"), 4: b"[5 0 R]", 5: b"<< /T (group1) /V (1) >>"}
    path = tmp_path / "form.pdf"
    path.write_bytes(_laid_out_for_the_web(bodies, {5: b"<< /T (group1) /V (2) >>"}))
    with pytest.raises(ExampleFileError) as error:
        load_filled_audit(str(path))
    assert str(error.value) == (
        _damaged(
            path,
            "its index of the file's parts is given twice, at the start of a file laid out for the web and at its "
            "end: readers take either",
        )
    )
