"""Registers the one font family every PDF is set in: Andika, shipped in fonts/."""

from __future__ import annotations

from functools import cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

from sos_print.resources import data_dir
from sos_print.subset import slim

REGULAR = "Andika"
BOLD = "Andika-Bold"
_FILES = {REGULAR: "Andika-Regular.ttf", BOLD: "Andika-Bold.ttf"}


@cache
def register_fonts() -> None:
    """Registers Andika Regular and Bold with reportlab (once per process); PDFs embed subsets."""
    folder = data_dir("fonts")
    for name, file in _FILES.items():
        font = TTFont(name, str(folder / file))
        font.face.__class__ = _EmbeddedFace  # the same parsed font, with a slimmer subsetter
        pdfmetrics.registerFont(font)


class _EmbeddedFace(TTFontFace):  # type: ignore[misc]  # reportlab has no type hints
    """Hands reportlab slimmer subsets to embed: no hinting, only the name records a PDF needs."""

    def makeSubset(self, subset: list[int]) -> bytes:  # reportlab's name
        return slim(super().makeSubset(subset))
