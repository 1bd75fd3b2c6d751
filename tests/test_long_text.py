"""Tests pages against the text users really type: long class names, long words, markup characters.

Every command, at normal size and in large print, in English and French: either every
page keeps each character clear of every other and at least 12 mm from the paper's edge,
or the run is a clean usage error that names the limit and writes nothing.
"""

from __future__ import annotations

import itertools
from collections import defaultdict

import pytest
from conftest import EXAMPLES
from pdfminer.layout import LTChar
from pdfread import MM, chars, marks, pages

from sos_print.cli import app

NAMES = {
    20: "CE2 – Mme Martin & <B>",
    60: "CE2 – Mme Martin – École Jules-Ferry, salle 12 & <B> du fond",
    120: (
        "CM1-CM2 de Mme Anne-Sophie Dupont-Lefèvre, école élémentaire Antoine-de-Saint-Exupéry, "
        "classe bilingue & <atelier> du jeudi"
    ),
    300: "Ab" * 150,  # one word of 300 characters
}
COMMANDS = {
    "kit": ["kit", "--groups", "2"],
    "boards": ["boards", "--groups", "2", "--players", "3"],
    "audit": ["audit", "--size", "5"],
    "teacher": ["teacher"],
    "rules": ["rules", "--size", "8"],
    "grids": ["grids", "--sizes", "3,8"],
}
LOOKS = list(itertools.product([False, True], ["en", "fr"]))  # (large print, language)
CASES = [
    (command, length, *LOOKS[(k + j) % len(LOOKS)])
    for k, command in enumerate(COMMANDS)
    for j, length in enumerate(NAMES)
]


def clashes(page) -> list[str]:
    """Returns the pairs of characters whose glyphs overlap on a pdfplumber page."""
    boxes = []
    for char in chars(page):
        text, top, bottom = char.get_text(), page.height - char.y1, page.height - char.y0
        if not text.strip():
            continue
        width, height = char.x1 - char.x0, bottom - top
        # The glyph's body: a little inside its advance, the middle half of the font's box.
        boxes.append(
            (char.x0 + 0.15 * width, char.x1 - 0.15 * width, top + 0.25 * height, bottom - 0.25 * height, text)
        )
    buckets: dict[tuple[int, int], list[int]] = defaultdict(list)
    for k, (x0, _, top, _, _) in enumerate(boxes):
        buckets[(int(x0 // 20), int(top // 20))].append(k)
    found = []
    for (bx, by), members in buckets.items():
        near = [k for dx in (-1, 0, 1) for dy in (-1, 0, 1) for k in buckets.get((bx + dx, by + dy), ())]
        for a in members:
            for b in near:
                if b <= a:
                    continue
                ax0, ax1, at, ab, at_text = boxes[a]
                bx0, bx1, bt, bb, bt_text = boxes[b]
                if ax0 < bx1 and bx0 < ax1 and at < bb and bt < ab:
                    found.append(f"{at_text!r} at ({ax0:.0f}, {at:.0f}) over {bt_text!r}")
    return found


def margin_breaches(page) -> list[str]:
    """Returns the marks closer than 12 mm to the paper's edge."""
    return [
        repr(mark.get_text() if isinstance(mark, LTChar) else type(mark).__name__)
        for mark in marks(page)
        if min(mark.x0, page.height - mark.y1, page.width - mark.x1, mark.y0) < 12 * MM - 0.01
    ]


@pytest.mark.parametrize(("command", "length", "large_print", "lang"), CASES)
def test_long_user_text_prints_clear_or_is_refused_cleanly(runner, tmp_path, command, length, large_print, lang):
    out = tmp_path / ("kit" if command == "kit" else f"{command}.pdf")
    arguments = [*COMMANDS[command], "--class-name", NAMES[length], "--lang", lang, "--out", str(out)]
    result = runner.invoke(app, arguments + (["--large-print"] if large_print else []))
    assert result.exit_code in (0, 2), result.output
    if result.exit_code == 2:
        assert "class name does not fit the header strip" in result.output
        assert "characters each here" in result.output
        assert not out.exists()
        assert length >= 120, f"a {length}-character class name was refused"
        return
    files = sorted(out.glob("*.pdf")) if command == "kit" else [out]
    for file in files:
        with pages(file.read_bytes()) as pdf:
            for number, page in enumerate(pdf.pages, start=1):
                assert not clashes(page), f"{file.name} page {number}: {clashes(page)[:5]}"
                assert not margin_breaches(page), f"{file.name} page {number}: {margin_breaches(page)[:5]}"
            # The class name is printed whole, on the first page, whatever its length.
            printed = "".join(char.get_text() for char in chars(pdf.pages[0]))
        assert "".join(NAMES[length].split()) in "".join(printed.split())


def test_a_long_word_in_an_example_stays_on_the_page(tmp_path, runner):
    long_word = "Supercalifragilistic" * 15  # 300 characters without a space
    source = (EXAMPLES / "03-o-in-the-gap.toml").read_text()
    # a title's 80 characters at most, wider than the page at the title's size
    source = source.replace('en = "An O in the gap"', f'en = "{long_word[:80]}"')
    source = source.replace("Leaving S, empty, S on the board", f"{long_word}. Leaving S, empty, S on the board")
    (tmp_path / "long.toml").write_text(source)
    out = tmp_path / "teacher.pdf"
    result = runner.invoke(app, ["teacher", str(tmp_path / "long.toml"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    with pages(out.read_bytes()) as pdf:
        for page in pdf.pages:
            assert not margin_breaches(page) and not clashes(page)
        text = "".join(char.get_text() for page in pdf.pages for char in chars(page))
    # Every letter printed, none dropped; a cut between letters ends its line in a hyphen (review rv58 B2).
    assert text.replace("-", "").count("Supercalifragilistic") == 4 + 15


# A table's entry wider than its column (a child's name in the key's marking grid, issue 20): broken after its
# hyphens, as a name on a board, and a word without one between its letters; the entry after it follows its last part.
BROKEN_ENTRIES = {
    "after its hyphens": ("Maximilian-Alexander-Ferdinand", 26.8, ["Maximilian-", "Alexander-", "Ferdinand (2)"]),
    "parts share a line": (
        "Maximilian-Alexander-Ferdinand",
        40.0,
        ["Maximilian-Alexander-", "Ferdinand (2)"],
    ),
    "accents": ("Anne-Charlotte-Éléonore-Marie", 30.0, ["Anne-Charlotte-", "Éléonore-Marie", "(2)"]),
    # Each cut between letters ends in a hyphen, as a paragraph's does, and leaves three letters at least on the next
    # line: "Krishnamurthy" / "-" / "Venkataraman" left its own hyphen alone on a line (review dz89, 4).
    "between its letters": ("W" * 18, 26.8, ["WWWWWW-", "WWWWWW-", "WWWWWW", "(2)"]),
    "a hyphen first, then letters": ("Jean-" + "W" * 18, 26.8, ["Jean-", "WWWWWW-", "WWWWWW-", "WWWWWW", "(2)"]),
    "its own hyphen kept": ("Krishnamurthy-Venkataraman", 26.8, ["Krishnamur-", "thy-", "Venkataraman", "(2)"]),
    "three letters after a cut": ("Wolfeschlegelsteinhausen", 15.0, ["Wolfes-", "chlegel-", "steinha-", "usen (2)"]),
    "a name that fits, whole": ("Léa", 26.8, ["Léa (2)"]),
}


@pytest.mark.parametrize(("name", "width", "lines"), BROKEN_ENTRIES.values(), ids=BROKEN_ENTRIES)
def test_a_table_entry_wider_than_its_column_is_broken_after_its_hyphens_then_its_letters(name, width, lines):
    from sos_print.pdf.table import entry_width, set_cell
    from sos_print.plans.tables import Entry

    set_lines = set_cell((Entry(name, bold=True), Entry("(2)")), width, 10.0)
    assert [" ".join(entry.text for entry in line) for line in set_lines] == lines
    assert all(entry_width(entry, 10.0) <= width for line in set_lines for entry in line)


@pytest.mark.parametrize("name", ["Maximilian-Alexander-Ferdinand-Christoph", "W" * 40])
def test_a_table_whose_entry_is_wider_than_the_page_keeps_its_columns_on_it(name):
    from sos_print.pdf.table import layout_table
    from sos_print.plans.tables import Entry, Table

    cells = ((Entry(name, bold=True), Entry("(1)")), *[(Entry("S", bold=True), Entry("B2"))] * 6)
    table = Table(("Child", *[f"Puzzle {k}" for k in range(1, 7)]), (cells,), stretch=6, left=(0,), centred=True)
    # Before issue 20, the name's column took its width, the last column less than nothing, and the table was set
    # again and again until Python's stack ran out.
    layout = layout_table(table, (30.0, *[25.0] * 6), 180.0, (10.0, 10.0), 6.5)
    assert layout.widths == pytest.approx((30.0, *[25.0] * 6))
    assert layout.rows[0] > 6.5  # the name takes lines of its own
