"""Registers the one font family every PDF is set in: Andika, shipped in fonts/."""

from __future__ import annotations

from functools import cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from sos_print.resources import data_dir

REGULAR = "Andika"
BOLD = "Andika-Bold"
_FILES = {REGULAR: "Andika-Regular.ttf", BOLD: "Andika-Bold.ttf"}


@cache
def register_fonts() -> None:
    """Registers Andika Regular and Bold with reportlab (once per process); embedded as subsets."""
    folder = data_dir("fonts")
    for name, file in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(folder / file)))
