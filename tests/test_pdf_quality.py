"""Tests what every PDF must be: exact paper, embedded fonts, metadata, bookmarks, the same bytes every time."""

from __future__ import annotations

import pytest
from pdfread import catalog, font_files, fonts, outline, reader, texts
from rendered import (
    BILINGUAL_SET,
    ENGLISH_SET,
    GRID_SIZES,
    REPLAYED,
    every_pdf,
    game,
    printed_options,
    puzzle_set,
    rendered,
    shipped_examples,
    weighed,
    with_class,
)

from sos_print.documents.boards import grids_document
from sos_print.documents.kit import players_document
from sos_print.documents.registry import DOCUMENTS, Inputs
from sos_print.documents.rulesheet import rules_document
from sos_print.documents.teacher import teacher_document
from sos_print.plans.layout import Paper
from sos_print.plans.options import Language, PrintOptions


@pytest.fixture(scope="module")
def examples():
    return shipped_examples()


@pytest.mark.parametrize(
    ("paper", "box"),
    [pytest.param(Paper.A4, (595.28, 841.89), marks=ENGLISH_SET), (Paper.LETTER, (612.0, 792.0))],
)
def test_every_page_has_the_exact_paper_size(paper, box):
    options = PrintOptions(groups=2, paper=paper)
    for name, data in [*every_pdf(options).items(), *every_pdf(with_class(options)).items()]:
        for page in reader(data).pages:
            assert tuple(float(v) for v in page.mediabox) == (0, 0, *box), name


@BILINGUAL_SET
def test_every_font_is_an_embedded_andika_subset():
    options = PrintOptions(groups=2, language=Language.BOTH)
    for name, data in [*every_pdf(options).items(), *every_pdf(with_class(options)).items()]:
        used = fonts(data)
        assert used, name
        for base, embedded in used:
            assert embedded, f"{name}: {base} is not embedded"
            prefix, _, family = base.lstrip("/").partition("+")
            assert len(prefix) == 6 and prefix.isupper(), f"{name}: {base} is not a subset"
            assert family in ("Andika", "Andika-Bold"), f"{name}: {base}"


# What each document's keywords say it is, in English whatever its language: `check` passes over a folder's
# documents sos-print printed, and never an audit (sweep ad97, B1).
KINDS = {
    "players": "kit",
    "teacher": "teacher",
    "boards": "boards",
    "grids": "grids",
    "audit": "audit",
    "fillable audit": "audit",
    "rules": "rules",
    "puzzles": "puzzles",
    "answers": "answers",
    "replay": "replay",
}


@BILINGUAL_SET
def test_every_pdf_says_its_kind_in_its_keywords():
    documents = every_pdf(PrintOptions(groups=2, language=Language.BOTH))
    assert sorted(documents) == sorted(KINDS)
    for name, data in documents.items():
        assert reader(data).metadata["/Keywords"] == f"SOS, sos-print {KINDS[name]}", name


def test_each_font_face_is_embedded_once_per_file(examples):
    data = players_document(PrintOptions(groups=5, language=Language.BOTH), examples).data
    assert font_files(data) == 2


def test_pdfs_ask_viewers_not_to_scale_and_carry_metadata(examples):
    data = players_document(PrintOptions(groups=3, size=5), examples).data
    root = catalog(data)
    assert root["/ViewerPreferences"]["/PrintScaling"] == "/None"
    assert root["/Lang"] == "en"
    meta = reader(data).metadata
    # "5 × 5" never breaks, nor a number and the word after it
    assert meta.title == "SOS class kit: 3\u00a0groups, 5\u00a0×\u00a05\u00a0boards"
    assert "score sheets" in meta.subject


@pytest.mark.parametrize(
    ("maker", "titles"),
    [
        (lambda o, e: players_document(o, e).data, ["Player boards", "Score sheets", "Rules"]),
        (lambda o, e: rules_document(o, e[:1]).data, ["Rules"]),
        (lambda o, e: teacher_document(o, e).data, ["Teacher’s notes", "Strategy", "Worked examples"]),
        (lambda o, e: grids_document(o, [3, 5]).data, ["Grid 3\u00a0×\u00a03", "Grid 5\u00a0×\u00a05"]),
    ],
)
def test_one_bookmark_per_section(maker, titles, examples):
    assert outline(maker(PrintOptions(groups=4), examples)) == titles


def test_the_same_inputs_give_the_same_bytes():
    options = PrintOptions(groups=3, language=Language.BOTH, class_name="4B")
    for entry in DOCUMENTS:
        chosen = printed_options(entry, options)
        inputs = Inputs(shipped_examples(), GRID_SIZES, puzzle_set(chosen.size), game(REPLAYED), weighed(REPLAYED))
        assert entry.make(chosen, inputs, None).data == rendered(entry.name, options), entry.name


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
    # The rule sheet shows one checked example, the French sheet's too (review dz89, 17); the others stay on the
    # teacher's pages.
    assert "An O in the gap" in players and "One O, two lines" not in players
    assert "First to 3 points" not in players
