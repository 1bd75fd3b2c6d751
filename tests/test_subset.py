"""Tests the embedded font subsets: whole fonts that name Andika and its licence, outlines exactly as in Andika."""

from __future__ import annotations

import io
import logging

import pytest
from conftest import ROOT
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.ttLib import TTFont
from pdfread import reader

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


@pytest.fixture(scope="module")
def subsets():
    from sos_print import data_dir
    from sos_print.engine.check import verify

    data = players_document(PrintOptions(language=Language.BOTH), verify([str(data_dir("examples"))])).data
    return embedded_fonts(data)


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
