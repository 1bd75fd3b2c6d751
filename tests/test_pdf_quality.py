"""Tests what every PDF must be: exact paper, embedded fonts, metadata, bookmarks, the same bytes every time."""

from __future__ import annotations

from functools import cache

import pytest
from pdfread import catalog, font_files, fonts, outline, reader, texts

from sos_print import data_dir
from sos_print.documents.answers import answers_document
from sos_print.documents.audit import audit_document
from sos_print.documents.boards import boards_document, grids_document
from sos_print.documents.kit import players_document
from sos_print.documents.rulesheet import rules_document
from sos_print.documents.teacher import teacher_document
from sos_print.documents.worksheets import worksheets_document
from sos_print.engine.check import verify
from sos_print.engine.puzzles import puzzle_sheets
from sos_print.plans.layout import Paper
from sos_print.plans.options import Language, PrintOptions


@pytest.fixture(scope="module")
def examples():
    return verify([str(data_dir("examples"))])


@cache
def puzzle_set(size: int) -> tuple:
    """Two mixed sheets of six puzzles, made once per board size for every test of the module."""
    return puzzle_sheets(None, max(size, 4), 6, 2, 1)


def everything(options: PrintOptions, examples):
    return {
        "players": players_document(options, examples).data,
        "teacher": teacher_document(options, examples).data,
        "boards": boards_document(options).data,
        "audit": audit_document(options).data,
        "grids": grids_document(options, [3, 8]).data,
        "rules": rules_document(options, examples[:1]).data,
        "puzzles": worksheets_document(options, puzzle_set(options.size)).data,
        "answers": answers_document(options, puzzle_set(options.size)).data,
    }


@pytest.mark.parametrize(("paper", "box"), [(Paper.A4, (595.28, 841.89)), (Paper.LETTER, (612.0, 792.0))])
def test_every_page_has_the_exact_paper_size(paper, box, examples):
    for name, data in everything(PrintOptions(groups=2, paper=paper), examples).items():
        for page in reader(data).pages:
            assert tuple(float(v) for v in page.mediabox) == (0, 0, *box), name


def test_every_font_is_an_embedded_andika_subset(examples):
    for name, data in everything(PrintOptions(groups=2, language=Language.BOTH), examples).items():
        used = fonts(data)
        assert used, name
        for base, embedded in used:
            assert embedded, f"{name}: {base} is not embedded"
            prefix, _, family = base.lstrip("/").partition("+")
            assert len(prefix) == 6 and prefix.isupper(), f"{name}: {base} is not a subset"
            assert family in ("Andika", "Andika-Bold"), f"{name}: {base}"


def test_each_font_face_is_embedded_once_per_file(examples):
    data = players_document(PrintOptions(groups=5, language=Language.BOTH), examples).data
    assert font_files(data) == 2


def test_pdfs_ask_viewers_not_to_scale_and_carry_metadata(examples):
    data = players_document(PrintOptions(groups=3, size=5), examples).data
    root = catalog(data)
    assert root["/ViewerPreferences"]["/PrintScaling"] == "/None"
    assert root["/Lang"] == "en"
    meta = reader(data).metadata
    assert meta.title == "SOS class kit: 3 groups, 5\u00a0×\u00a05 boards"  # "5 × 5" never breaks
    assert "scoring audits" in meta.subject


@pytest.mark.parametrize(
    ("maker", "titles"),
    [
        (lambda o, e: players_document(o, e).data, ["Player boards", "Scoring audits", "Rules"]),
        (lambda o, e: rules_document(o, e[:1]).data, ["Rules"]),
        (lambda o, e: teacher_document(o, e).data, ["Teacher’s notes", "Strategy", "Worked examples"]),
        (lambda o, e: grids_document(o, [3, 5]).data, ["Grid 3\u00a0×\u00a03", "Grid 5\u00a0×\u00a05"]),
    ],
)
def test_one_bookmark_per_section(maker, titles, examples):
    assert outline(maker(PrintOptions(groups=4), examples)) == titles


def test_the_same_inputs_give_the_same_bytes(examples):
    options = PrintOptions(groups=3, language=Language.BOTH, class_name="4B")
    assert everything(options, examples) == everything(options, examples)


def test_no_timestamp_or_random_id_in_the_bytes(examples):
    data = players_document(PrintOptions(), examples).data
    assert b"D:2000010100000" in data  # reportlab's invariant date, never today's
    info = reader(data).metadata
    assert info["/CreationDate"].startswith("D:20000101")


def test_the_teacher_notes_never_go_into_the_players_file(examples):
    players = " ".join(" ".join(texts(players_document(PrintOptions(groups=2), examples).data)).split())
    assert "teacher" not in players.lower()
    assert "Keep these pages apart" not in players
    assert "Worked examples" not in players
    # The rule sheet shows one checked example; the others stay on the teacher's pages.
    assert "One O, two lines" in players
    assert "First to 3 points" not in players
