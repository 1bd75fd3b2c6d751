"""Tests that a kit speaks one notation: every cell and line of every page in the kit's, whatever its examples used."""

from __future__ import annotations

import re

import pytest
from pdfread import texts

from sos_print.cli import app

A1_NAME = re.compile(r"\b[A-H][1-8]\b")
L1C1_NAME = re.compile(r"\bL[1-8]C[1-8]\b")


@pytest.mark.parametrize(
    ("notation", "foreign", "own"),
    [("A1", L1C1_NAME, A1_NAME), ("L1C1", A1_NAME, L1C1_NAME)],
)
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [3, 5])
def test_every_page_names_cells_in_the_kits_notation(runner, tmp_path, notation, foreign, own, lang, size):
    out = tmp_path / "kit"
    args = ["kit", "--notation", notation, "--lang", lang, "--size", str(size), "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    for name in ("players.pdf", "teacher.pdf"):
        # A grid's coordinates ("C3" over a column in L1C1) stand alone on their line: they name no cell.
        lines = [line for page in texts(out / name) for line in page.splitlines()]
        text = " ".join(line for line in lines if not re.fullmatch(r"\s*[A-HLC]?[1-8]?\s*", line))
        assert not foreign.findall(text), f"{name}: {sorted(set(foreign.findall(text)))}"
        assert len(own.findall(text)) > 10, name  # the examples, the hints and the audits do name cells
