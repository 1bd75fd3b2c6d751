"""Tests the type sizes every document prints, read back from the PDFs: few, large enough, and readable in grey.

The specification: at most five sizes per document; nothing under 7 pt on any page and
nothing under 9 pt on the players' pages; the children's rule sheet set at 12 pt or more
(18 pt in large print); a second language at least 80 % of the first and dark enough to
photocopy (a contrast of 4.5:1 or more against white).
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from pdfminer.layout import LTChar, LTRect
from pdfread import marks, pages, type_sizes
from rendered import BILINGUAL_SET, ENGLISH_SET, PDFS, every_pdf, rendered, shipped_examples, with_class

from sos_print.engine.rules import Variant
from sos_print.plans.options import Language, PrintOptions

# The sizes the documents may use: five, each at least 80 % of the one above; times 1.5 in large print.
SCALE = (18.5, 14.8, 12.0, 10.0, 9.0)


@pytest.fixture(scope="module")
def examples():
    return shipped_examples()


# The adults' documents may go down to 7 pt; the players' pages never under 9 pt.
FLOOR = {entry.name: 9.0 if entry.children else 7.0 for entry in PDFS}


def sizes(data: bytes) -> Counter[float]:
    """Returns how often the document prints at each type size (points, to a tenth)."""
    return type_sizes(data)


def greys(data: bytes) -> set[tuple[float, float]]:
    """Returns the grey levels text is printed in (0 is black, 1 white), each with the grey of what it is printed
    on: white paper, or a filled cell (the answer key's black cells hold white letters)."""
    found = set()
    with pages(data) as pdf:
        for page in pdf.pages:
            drawn, height = marks(page), page.height  # pdfplumber's top is height - y1, its bottom height - y0
            fills = [r for r in drawn if isinstance(r, LTRect) and r.fill and r.non_stroking_color is not None]
            for char in (mark for mark in drawn if isinstance(mark, LTChar)):
                colour = char.graphicstate.ncolor
                if char.get_text().strip() and colour is not None:
                    x, y = (char.x0 + char.x1) / 2, ((height - char.y1) + (height - char.y0)) / 2
                    under = [r for r in fills if r.x0 < x < r.x1 and height - r.y1 < y < height - r.y0]
                    ground = _grey(under[-1].non_stroking_color) if under else 1.0
                    found.add((_grey(colour), ground))
    return found


def _grey(colour) -> float:
    return round(float(colour[0] if isinstance(colour, (list, tuple)) else colour), 3)


def contrast(grey: float, ground: float = 1.0) -> float:
    """Returns the contrast ratio of an sRGB grey against another, white by default (WCAG's formula)."""

    def luminance(value: float) -> float:
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    light, dark = sorted((luminance(grey), luminance(ground)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_scale_steps_down_by_at_most_a_fifth():
    assert all(smaller >= 0.8 * larger for larger, smaller in itertools.pairwise(SCALE))


CASES = [
    pytest.param(PrintOptions(groups=2, language=Language.EN), marks=ENGLISH_SET),
    PrintOptions(groups=2, language=Language.FR, large_print=True, size=5),
    PrintOptions(groups=2, language=Language.BOTH, variant=Variant(players=4, teams=True, target=5), class_name="4B"),
    PrintOptions(groups=2, language=Language.BOTH, large_print=True, size=3),
    with_class(PrintOptions(language=Language.BOTH, variant=Variant(players=3), large_print=True)),
]


@pytest.mark.parametrize("options", CASES, ids=["en", "fr-large", "en+fr-teams", "en+fr-large", "class-en+fr-large"])
def test_every_document_prints_at_most_five_sizes_all_on_the_scale(examples, options):
    for name, data in every_pdf(options).items():
        # The puzzles' answer key is the teacher's: it keeps its size in large print (issue 23, review des38 A7).
        factor = 1.5 if options.large_print and name != "answers" else 1.0
        allowed = {round(size * factor, 1) for size in SCALE}
        used = sizes(data)
        assert set(used) <= allowed, f"{name}: sizes off the scale {sorted(set(used) - allowed)}"
        assert len(used) <= 5, f"{name}: {sorted(used)}"
        assert min(used) >= FLOOR[name] * factor - 0.05, f"{name}: {min(used)} pt"


@pytest.mark.parametrize(("large_print", "body"), [(False, 12.0), (True, 18.0)])
@pytest.mark.parametrize("language", [Language.EN, Language.FR])
def test_the_childrens_rule_sheet_is_set_at_12_pt_or_more(examples, large_print, body, language):
    used = sizes(rendered("rules", PrintOptions(language=language, large_print=large_print)))
    most = used.most_common(1)[0][0]
    assert most >= body, f"the rule sheet's body is {most} pt"
    with pages(rendered("boards", PrintOptions(language=language, large_print=large_print))) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["size"])
    rule = next(word for word in words if word["text"] in ("Write", "Écris"))  # the rule over the grid
    assert rule["size"] >= body


@BILINGUAL_SET
@pytest.mark.parametrize("name", [entry.name for entry in PDFS])
def test_text_in_grey_is_dark_enough_to_photocopy(examples, name):
    data = rendered(name, PrintOptions(groups=2, language=Language.BOTH))
    for grey, ground in greys(data):
        ratio = contrast(grey, ground)
        assert ratio >= 4.5, f"{name}: text at {grey} grey on {ground} has a contrast of {ratio:.1f}:1"


def test_a_second_language_stays_at_a_childs_size_and_a_title_steps_down(examples):
    data = rendered("boards", PrintOptions(language=Language.BOTH))
    with pages(data) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["size"])
    english = next(w for w in words if w["text"] == "Write")
    french = next(w for w in words if w["text"] == "Écris")
    assert english["size"] == 12.0 and french["size"] == 12.0  # a child reads the second language too
    title, subtitle = (next(w for w in words if w["text"] == text) for text in ("player", "grille"))
    assert (round(title["size"], 1), round(subtitle["size"], 1)) == (18.5, 14.8)
