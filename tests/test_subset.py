"""Tests the embedded font subsets: whole fonts that name Andika and its licence, outlines exactly as in Andika."""

from __future__ import annotations

import io
import logging
import re

import pytest
from conftest import ROOT
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.ttLib import TTFont
from pdfread import reader, texts

from sos_print.documents.kit import players_document
from sos_print.pdf.fonts import BOLD, REGULAR, register_fonts
from sos_print.plans.options import Language, PrintOptions

TEXT = "SOS: écrivez «\u202fS\u202f» ou O, cœur, Ærø 0123456789 — A1-C3 L2C3 ?!;'’"


def embedded_fonts(data: bytes) -> dict[str, bytes]:
    found = {}
    for page in reader(data).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            program = font["/FontDescriptor"].get_object()["/FontFile2"].get_object().get_data()
            found[str(font["/BaseFont"]).split("+")[1]] = program
    return found


def mapped_characters(data: bytes) -> dict[str, set[str]]:
    """Returns, for each embedded face, the characters its subset's ToUnicode map gives, code 0 (.notdef) aside."""
    found = {}
    for page in reader(data).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            cmap = font["/ToUnicode"].get_object().get_data().decode()
            entries = re.findall(r"<([0-9A-F]+)> <([0-9A-F]+)>", cmap.split("beginbfchar")[1])
            characters = {bytes.fromhex(unicode).decode("utf-16-be") for code, unicode in entries if int(code, 16)}
            found[str(font["/BaseFont"]).split("+")[1]] = characters
    return found


@pytest.fixture(scope="module")
def players():
    from sos_print import data_dir
    from sos_print.engine.check import verify

    return players_document(PrintOptions(language=Language.BOTH), verify([str(data_dir("examples"))])).data


@pytest.fixture(scope="module")
def subsets(players):
    return embedded_fonts(players)


@pytest.mark.parametrize("face", [REGULAR, BOLD])
def test_subsets_are_whole_fonts_that_name_andika_and_its_licence(subsets, face, caplog):
    with caplog.at_level(logging.WARNING, logger="fontTools"):
        font = TTFont(io.BytesIO(subsets[face]))
        for name in font.getGlyphOrder():
            font["glyf"][name].expand(font["glyf"])
        font.save(io.BytesIO())
    assert not caplog.records, [record.getMessage() for record in caplog.records]
    assert "Andika" in font["name"].getDebugName(1)
    assert "SIL" in font["name"].getDebugName(0)


@pytest.mark.parametrize("face", [REGULAR, BOLD])
def test_a_subset_holds_only_characters_the_document_prints(players, face):
    # reportlab's default also puts every ASCII character in the first subset, printed or not: 20 to 30 glyphs that
    # no page draws, in each face of each file.
    printed = set("".join(texts(players))) | {" "}
    assert mapped_characters(players)[face] - printed == set()


@pytest.mark.parametrize(("face", "file"), [(REGULAR, "Andika-Regular.ttf"), (BOLD, "Andika-Bold.ttf")])
def test_subset_outlines_are_exactly_the_originals(face, file):
    from reportlab.pdfbase import pdfmetrics

    register_fonts()
    original = TTFont(ROOT / "fonts" / file)
    codes = sorted({ord(char) for char in TEXT})
    subset = TTFont(io.BytesIO(pdfmetrics.getFont(face).face.makeSubset(codes)))
    subset_cmap = subset["cmap"].getcmap(1, 0).cmap  # reportlab maps code k of the subset to the k-th character
    original_cmap = original.getBestCmap()
    for index, code in enumerate(codes):
        if code not in original_cmap:
            continue
        # Composite glyphs (é = e + accent) are compared as the outlines they draw.
        mine, theirs = DecomposingRecordingPen(subset.getGlyphSet()), DecomposingRecordingPen(original.getGlyphSet())
        subset.getGlyphSet()[subset_cmap[index]].draw(mine)
        original.getGlyphSet()[original_cmap[code]].draw(theirs)
        assert mine.value == theirs.value, chr(code)
        assert subset["hmtx"][subset_cmap[index]][0] == original["hmtx"][original_cmap[code]][0], chr(code)
