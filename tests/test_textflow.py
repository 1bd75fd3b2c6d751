"""Tests how text is set into lines: where lines break, what stays together, and how wide each line is.

Widths are checked against reportlab's own metrics, called here directly, so that a fault in the
module's remembered widths would show.
"""

from __future__ import annotations

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from sos_print.pdf.fonts import BOLD, REGULAR, register_fonts
from sos_print.pdf.textflow import set_lines
from sos_print.plans.words import Run

MM = 72 / 25.4
NBSP, NNBSP = "\u00a0", "\u202f"


def texts(lines) -> list[str]:
    """Returns each line as the text it shows, its words joined by spaces."""
    return [" ".join("".join(text for text, _ in word) for word in line.words) for line in lines]


def oracle_width(line) -> float:
    """Returns a line's width from reportlab's metrics: each piece, and a space after each word but the last in the
    font that word ends in."""
    register_fonts()
    total = 0.0
    for k, word in enumerate(line.words):
        if k:
            total += stringWidth(" ", line.words[k - 1][-1][1], 10)
        total += sum(stringWidth(text, font, 10) for text, font in word)
    return total


@pytest.mark.parametrize(
    ("runs", "width_mm", "expected"),
    [
        ([Run("one two three")], 200, ["one two three"]),
        ([Run("one two three")], 15, ["one two", "three"]),  # "one two" is 12.9 mm wide, the whole 22.6 mm
        ([Run("first line\nsecond line")], 200, ["first line", "second line"]),
        # "Qui gagne ?" is 18.8 mm wide: a line of 19 mm must not leave the "?" alone on the next line.
        ([Run(f"Qui gagne{NNBSP}? La case B{NBSP}2 !")], 21, [f"Qui gagne{NNBSP}?", f"La case B{NBSP}2 !"]),
        ([Run(f"Qui gagne{NNBSP}?")], 19, [f"Qui gagne{NNBSP}?"]),
        ([Run(f"4{NBSP}×{NBSP}4 grid")], 9, [f"4{NBSP}×{NBSP}4", "grid"]),  # "4 × 4" is 8.1 mm wide
        ([Run("Write "), Run("S", bold=True), Run(" or O")], 200, ["Write S or O"]),
        ([Run("")], 50, []),
        # A separator never ends a line: "Anna ·" (10.6 mm) fits 15 mm, "Anna · Sheet" (20.8 mm) does not (fr57).
        ([Run("Anna \u00b7 Sheet 1")], 15, ["Anna", "\u00b7 Sheet 1"]),
        ([Run("one \u00b7 two \u00b7 three")], 18, ["one \u00b7 two", "\u00b7 three"]),  # "one · two ·" 17.1 mm
    ],
    ids=[
        "fits",
        "breaks-at-spaces",
        "forced-break",
        "french-punctuation",
        "french-punctuation-stays",
        "no-break-space-stays",
        "bold",
        "empty",
        "separator-starts-the-line",
        "separator-after-two-words",
    ],
)
def test_lines_break_at_ordinary_spaces_and_line_breaks_only(runs, width_mm, expected):
    set_as_expected(runs, width_mm, expected)


def set_as_expected(runs, width_mm: float, expected: list[str]):
    """Sets `runs` at 10 pt in `width_mm`, checks the lines' texts and each line's width against the oracle's,
    and returns the lines."""
    lines = set_lines(runs, width_mm, 10)
    assert texts(lines) == expected
    for line in lines:
        assert line.width == pytest.approx(oracle_width(line), abs=1e-9)
    return lines


SHY = "\u00ad"


# A soft hyphen, as text pasted from a word processor carries it, prints nothing unless the line breaks there, where a
# hyphen ends the line ("There is al-" is 18.5 mm wide, "There is already" 26.3 mm;
# "un extraordi-" 21.7 mm, "un extraor-" 18.7 mm).
@pytest.mark.parametrize(
    ("runs", "width_mm", "expected"),
    [
        ([Run(f"There is al{SHY}ready an S in B1")], 200, ["There is already an S in B1"]),
        ([Run(f"There is al{SHY}ready an S in B1")], 28, ["There is already", "an S in B1"]),
        ([Run(f"There is al{SHY}ready an S in B1")], 22, ["There is al-", "ready an S in", "B1"]),
        ([Run(f"There is al{SHY}ready")], 16, ["There is", "already"]),  # "There is al-" does not fit: no break
        ([Run(f"un ex{SHY}tra{SHY}or{SHY}di{SHY}naire mot")], 21, ["un extraor-", "dinaire mot"]),
        ([Run(f"Write {SHY}"), Run(f"S{SHY}OS", bold=True)], 200, ["Write SOS"]),
    ],
    ids=[
        "invisible",
        "no-break-needed",
        "breaks-with-a-hyphen",
        "too-narrow-for-the-part",
        "last-cut-that-fits",
        "bold",
    ],
)
def test_a_soft_hyphen_is_invisible_unless_the_line_breaks_there(runs, width_mm, expected):
    for line in set_as_expected(runs, width_mm, expected):
        assert line.width <= width_mm * MM


@pytest.mark.parametrize("width_mm", [5, 12, 30])
def test_a_word_wider_than_the_line_is_cut_into_parts_that_fit_and_keep_every_character(width_mm):
    word = "Antoine-de-Saint-Exupéry" * 3
    lines = set_lines([Run(word)], width_mm, 10)
    # Every character kept in order; a cut between letters adds a hyphen, a cut after the word's own adds none.
    assert "".join(texts(lines)).replace("-", "") == word.replace("-", "")
    assert len(lines) > 1
    for line in lines:
        assert line.width <= width_mm * MM + 1e-9
        assert line.width == pytest.approx(oracle_width(line), abs=1e-9)


# A replay's narrow caption cut a child's name between letters, "Maximilian-Alex" / "ander", where "Maximilian-"
# fitted, and with no hyphen at the cut (review rv58 B2): a word too wide for its line breaks after its own hyphens
# first, as many of its parts on a line as fit, and a part wider still between letters, each cut ending in a hyphen.
@pytest.mark.parametrize(
    ("text", "width_mm", "expected"),
    [
        ("Maximilian-Alexander Vandenberghe", 25, ["Maximilian-", "Alexander", "Vandenberghe"]),
        ("Bartholomew-Maximilian-Alexander", 45, ["Bartholomew-Maximilian-", "Alexander"]),
        ("Featherstonehaugh", 12, ["Feath-", "ersto-", "nehau-", "gh"]),
    ],
    ids=["after-its-hyphen", "parts-that-fit-together", "between-letters-with-a-hyphen"],
)
def test_a_word_too_wide_for_its_line_breaks_after_its_own_hyphens_first(text, width_mm, expected):
    lines = set_lines([Run(text)], width_mm, 10)
    assert texts(lines) == expected
    for line in lines:
        assert line.width <= width_mm * MM + 1e-9
        assert line.width == pytest.approx(oracle_width(line), abs=1e-9)


@pytest.mark.parametrize(
    ("text", "indent_mm", "expected"),
    [
        (f"Défi{NNBSP}: trouve le meilleur coup.", 5, [f"Défi{NNBSP}: trouve le meilleur coup."]),
        (f"Défi{NNBSP}: trouve le meilleur coup.", 12, [f"Défi{NNBSP}: trouve le meilleur", "coup."]),
        (f"Défi{NNBSP}: trouve le meilleur coup.", 30, [f"Défi{NNBSP}: trouve le", "meilleur coup."]),
        (f"Défi{NNBSP}: trouve le meilleur coup.", 56, ["", f"Défi{NNBSP}: trouve le meilleur coup."]),
    ],
    ids=["all-fit", "last-word-down", "two-words-down", "nothing-fits-first"],
)
def test_an_indented_first_line_is_shorter_and_every_word_is_set_once(text, indent_mm, expected):
    # The room a puzzle's star takes: once set apart, it printed the first line's last word again on the next line.
    lines = set_lines([Run(text, bold=True)], 60, 10, indent_mm)
    assert texts(lines) == expected
    assert lines[0].width <= (60 - indent_mm) * MM
    assert all(line.width <= 60 * MM for line in lines)


def test_a_line_sets_each_run_in_its_own_font():
    [line] = set_lines([Run("Score "), Run("one", bold=True), Run(" point")], 200, 10)
    assert line.words == ((("Score", REGULAR),), (("one", BOLD),), (("point", REGULAR),))
    assert line.width == pytest.approx(oracle_width(line), abs=1e-9)


def test_a_word_in_two_styles_stays_one_word():
    [line] = set_lines([Run("S", bold=True), Run("-O-S is a line")], 200, 10)
    assert line.words[0] == (("S", BOLD), ("-O-S", REGULAR))


# ---- the flow of blocks down the pages ----------------------------------------------------------------------------


@pytest.mark.parametrize(("items_room", "heading_page"), [(3.2, 1), (2.6, 2), (1.2, 2)])
def test_a_heading_over_a_list_keeps_three_of_its_items_under_it(items_room, heading_page):
    """Room for three items keeps the heading at the foot of page 1; room for two or one sends it to page 2."""
    from pdfread import texts

    from sos_print.pdf.document import Document
    from sos_print.pdf.flow import Flow
    from sos_print.plans.layout import Box, Paper
    from sos_print.plans.words import Block

    document = Document(Paper.A4, title="t", subject="s", lang="en")
    flow = Flow(document, 1.0, lambda: [Box(20, 20, 170, 250)])
    heading = Block("h2", (Run("Things to watch"),))
    items = [Block("li", (Run(f"Item number {k}."),)) for k in range(1, 6)]
    one_item = flow.measure(items[:1])
    flow.blocks([Block("p", (Run("Before."),))])
    flow.top = flow.box.y + flow.measure([heading]) + items_room * one_item  # the room left at the page's foot
    flow.blocks([heading, *items])
    document.end_page()
    pages = texts(document.finish())
    on = next(k for k, text in enumerate(pages, start=1) if "Things to watch" in text)
    assert on == heading_page, pages
    assert "Item number 1." in pages[on - 1]  # the list starts under its heading


@pytest.mark.parametrize(("second_room", "page"), [(1.0, 1), (0.5, 2), (0.0, 2)])
def test_a_short_paragraph_and_its_translation_start_on_one_page(second_room, page):
    """Room for the paragraph and its translation keeps both on page 1; room for the paragraph alone, or for it and
    half its translation, sends both to page 2: a French paragraph at a page's foot and its English at the next page's
    head read as two (review rv76, 9)."""
    from pdfread import texts

    from sos_print.pdf.document import Document
    from sos_print.pdf.flow import Flow
    from sos_print.plans.layout import Box, Paper
    from sos_print.plans.words import SECOND, Block

    document = Document(Paper.A4, title="t", subject="s", lang="fr")
    flow = Flow(document, 1.0, lambda: [Box(20, 20, 170, 250)])
    first = Block("p", (Run("Le code au bas de chaque fiche permet de la réimprimer. " * 3),))
    second = Block(SECOND + "p", (Run("The code at the foot of a sheet prints it again. " * 4),))
    flow.blocks([Block("p", (Run("Avant."),))])
    flow.top = flow.box.y + flow.measure([first]) + second_room * flow.measure([second]) + 0.1
    flow.blocks([first, second])
    document.end_page()
    pages = texts(document.finish())
    assert [k for k, text in enumerate(pages, start=1) if "Le code" in text] == [page], pages
    assert [k for k, text in enumerate(pages, start=1) if "The code" in text] == [page], pages
