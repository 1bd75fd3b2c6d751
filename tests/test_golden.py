"""Compares the text read back from key pages with golden text files (not golden PDFs).

Run with SOS_UPDATE_GOLDEN=1 to rewrite the files after an intended change, then read the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import EXAMPLES
from pdfread import texts

from sos_print.documents.audit import audit_document
from sos_print.documents.boards import boards_document
from sos_print.documents.teacher import teacher_document
from sos_print.engine.check import verify
from sos_print.engine.notation import Notation
from sos_print.pages.options import Language, PrintOptions

GOLDEN = Path(__file__).parent / "golden"

CASES = {
    "board-4x4-en": lambda: boards_document(PrintOptions(groups=2)).data,
    "board-3x3-fr-l1c1": lambda: (
        boards_document(PrintOptions(size=3, language=Language.FR, notation=Notation.L1C1)).data
    ),
    "audit-4x4-en": lambda: audit_document(PrintOptions()).data,
    "teacher-en": lambda: teacher_document(PrintOptions(groups=15), verify([str(EXAMPLES)])).data,
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_printed_text_matches_the_golden_file(name):
    found = "\n\f\n".join(texts(CASES[name]())) + "\n"
    golden = GOLDEN / f"{name}.txt"
    if os.environ.get("SOS_UPDATE_GOLDEN"):
        golden.write_text(found, encoding="utf-8")
    assert golden.exists(), f"no golden file {golden.name}: run with SOS_UPDATE_GOLDEN=1"
    assert found == golden.read_text(encoding="utf-8"), f"{name}: text differs from {golden.name}"
