"""Compares the text read back from key pages with golden text files (not golden PDFs).

After an intended change, run `SOS_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py`:
each golden file that changes is rewritten and its diff shown with the test's failure (it
fails so that the run is never mistaken for a pass); read the diff and commit. With
CI set, SOS_UPDATE_GOLDEN is refused: a golden file written by the run that checks it
would prove nothing.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest
from conftest import EXAMPLES
from pdfread import texts
from rendered import rendered

from sos_print.documents.audit import audit_document
from sos_print.documents.boards import boards_document
from sos_print.documents.teacher import teacher_document
from sos_print.engine.check import verify
from sos_print.engine.notation import Notation
from sos_print.plans.options import Language, PrintOptions

GOLDEN = Path(__file__).parent / "golden"

CASES = {
    "board-4x4-en": lambda: boards_document(PrintOptions(groups=2)).data,
    "board-3x3-fr-l1c1": lambda: (
        boards_document(PrintOptions(size=3, language=Language.FR, notation=Notation.L1C1)).data
    ),
    "audit-4x4-en": lambda: audit_document(PrintOptions()).data,
    "teacher-en": lambda: teacher_document(PrintOptions(groups=15), verify([str(EXAMPLES)])).data,
    "replay-en": lambda: rendered("replay", PrintOptions()),  # the shipped game rendered.REPLAYED, weighed once
}


def compare(name: str, found: str, golden: Path, update: bool = False, ci: bool = False) -> None:
    """Fails unless `found` is the golden text; rewrites the golden file first when asked to (`update`), outside CI."""
    if update and ci:
        pytest.fail(f"{name}: SOS_UPDATE_GOLDEN is refused when CI is set: golden files are updated by hand")
    expected = golden.read_text(encoding="utf-8") if golden.exists() else ""
    if found == expected:
        return
    diff = "".join(difflib.unified_diff(expected.splitlines(True), found.splitlines(True), golden.name, "printed"))
    if update:
        golden.write_text(found, encoding="utf-8")
        print(f"updated {golden}:\n{diff}")
        pytest.fail(f"{name}: rewrote {golden.name}; read the diff above, then run the tests again")
    assert golden.exists(), f"no golden file {golden.name}: run with SOS_UPDATE_GOLDEN=1"
    pytest.fail(f"{name}: the printed text differs from {golden.name}:\n{diff}")


@pytest.mark.parametrize("name", sorted(CASES))
def test_printed_text_matches_the_golden_file(name):
    found = "\n\f\n".join(texts(CASES[name]())) + "\n"
    compare(name, found, GOLDEN / f"{name}.txt", bool(os.environ.get("SOS_UPDATE_GOLDEN")), bool(os.environ.get("CI")))


def test_ci_refuses_to_update_a_golden_file(tmp_path):
    golden = tmp_path / "page.txt"
    golden.write_text("the old text\n")
    for found in ("the new text\n", "the old text\n"):  # refused even when nothing would change
        with pytest.raises(pytest.fail.Exception, match="SOS_UPDATE_GOLDEN is refused when CI is set"):
            compare("page", found, golden, update=True, ci=True)
    assert golden.read_text() == "the old text\n"


def test_updating_by_hand_rewrites_the_file_prints_the_diff_and_fails(tmp_path, capsys):
    golden = tmp_path / "page.txt"
    golden.write_text("title\nthe old text\n")
    with pytest.raises(pytest.fail.Exception, match=r"rewrote page\.txt"):
        compare("page", "title\nthe new text\n", golden, update=True)
    assert golden.read_text() == "title\nthe new text\n"
    assert "-the old text\n+the new text\n" in capsys.readouterr().out


def test_a_difference_fails_with_its_diff_and_leaves_the_file_alone(tmp_path):
    golden = tmp_path / "page.txt"
    golden.write_text("the old text\n")
    with pytest.raises(pytest.fail.Exception, match=r"(?s)differs from page\.txt.*-the old text\n\+the new text"):
        compare("page", "the new text\n", golden)
    assert golden.read_text() == "the old text\n"
    compare("page", "the old text\n", golden, update=True)  # equal: nothing to rewrite, a pass
