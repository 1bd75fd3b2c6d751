"""Tests the rule sheet: every rule, argued point and variant, naming cells, and a worked example checked first."""

from __future__ import annotations

import re

import pytest
from conftest import EXAMPLES
from pdfread import pages, texts

from sos_print.cli import app
from sos_print.documents.kit import players_document
from sos_print.documents.rulesheet import rules_document
from sos_print.engine.check import verify
from sos_print.engine.notation import Notation
from sos_print.plans.layout import Paper
from sos_print.plans.options import Language, PrintOptions


@pytest.fixture(scope="module")
def examples():
    return verify([str(EXAMPLES)])


def flat(data: bytes) -> str:
    return re.sub(r"[ \n]+", " ", " ".join(texts(data)))


ENGLISH = [
    "What you need",
    "Getting ready",
    "take turns to start",  # the rulebook: alternate the starting player over a series
    "Playing",
    "S is not one player’s letter",
    "You cannot pass",
    "Scoring",
    "If you score, you write one more letter, however many points you made.",
    "The end",
    "The last letter can still score.",
    "if the highest totals are equal, the game is a draw",
    "Be careful",
    "read S, empty, S or S, O, empty are a gift",
    "Questions that come up",
    "Both diagonals count, rising and falling.",
    "Letters belong to no one",
    "An S-O-S counts only once, from whichever end you read it.",
    "No gaps, no bends: the three letters are side by side in a straight line.",
    "Only S, O, S counts. O, S, O scores nothing.",
    "gives one extra move, not two",
    "First to 5 points (or another number you choose together).",
    "First S-O-S wins.",
    "Three or four players.",
    "Team SOS.",
    "A and C against B and D",
    "Naming cells",
    "An S-O-S is named by the cells at its two ends",
    "A worked example",
]
FRENCH = [
    "Matériel",
    "Préparation",
    "chacun commence à son tour",
    "Déroulement",
    "le S n’est la lettre de personne",
    "On ne passe pas",
    "Les points",
    "Si tu marques, tu écris une lettre de plus, quel que soit le nombre de points.",
    "La fin",
    "La dernière lettre peut encore marquer.",
    "s’il y a égalité en tête, la partie est nulle",
    "Attention",
    "se lisent S, vide, S ou S, O, vide, c’est un cadeau",
    "Les questions qui reviennent",
    "Les deux diagonales comptent, montante et descendante.",
    "Les lettres n’appartiennent à personne",
    "Un S-O-S ne compte qu’une fois, quel que soit le sens de lecture.",
    "Ni trou ni virage : les trois lettres se suivent en ligne droite.",
    "Seul S, O, S compte. O, S, O ne rapporte rien.",
    "un seul coup de plus, pas deux",
    "Le premier à 5 points (ou un autre nombre choisi ensemble).",
    "Le premier S-O-S gagne.",
    "Trois ou quatre joueurs.",
    "SOS en équipes.",
    "Nommer les cases",
    "Un S-O-S se nomme par ses deux cases du bout",
    "Un exemple expliqué",
]


@pytest.mark.parametrize(("language", "phrases"), [(Language.EN, ENGLISH), (Language.FR, FRENCH)])
def test_the_sheet_covers_every_rule_argued_point_and_variant(examples, language, phrases):
    text = flat(rules_document(PrintOptions(language=language), examples[:1]).data).replace("\u202f", " ")
    for phrase in phrases:
        assert phrase in text, phrase


@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("notation", list(Notation))
@pytest.mark.parametrize("language", [Language.EN, Language.FR])
@pytest.mark.parametrize("size", [3, 4, 8])
@pytest.mark.parametrize(("large_print", "sheets"), [(False, 1), (True, 2)])
def test_one_sheet_front_and_back_per_language_two_in_large_print(
    examples, paper, notation, language, size, large_print, sheets
):
    options = PrintOptions(paper=paper, notation=notation, language=language, large_print=large_print, size=size)
    pages = len(texts(rules_document(options, examples).data))
    assert 2 * sheets - 1 <= pages <= 2 * sheets


@pytest.mark.parametrize(
    ("notation", "example_title", "cell", "result"),
    [
        (
            Notation.A1,
            "One O, two lines",
            "B2",
            "Move 1: A writes O in B2 and scores 2 points (B1-B3, A2-C2). A writes again.",
        ),
        (
            Notation.L1C1,
            "A 5 × 5 game: one O, two lines",
            "L2C3",
            "Move 5: A writes O in L3C3 and scores 2 points (L2C3-L4C3, L3C2-L3C4). A writes again.",
        ),
    ],
)
def test_the_example_and_the_naming_diagram_follow_the_notation(examples, notation, example_title, cell, result):
    data = rules_document(PrintOptions(notation=notation), examples).data
    text = flat(data).replace("\u00a0", " ")
    assert example_title in text
    assert result in text
    with pages(data) as pdf:
        named = [w for page in pdf.pages for w in page.extract_words() if w["text"] == cell]
    assert named, f"the naming diagram does not show {cell}"


def test_the_kit_ends_the_players_file_with_the_rule_sheet_in_each_language(examples):
    data = players_document(PrintOptions(groups=3, language=Language.BOTH), examples).data
    found = texts(data)
    assert len(found) == 3 + 3 + 4  # boards, audits, and a rule sheet front and back in each language
    assert found[-4].startswith("SOS: the rules")
    assert found[-2].startswith("SOS\u202f: la règle du jeu")


def test_a_false_claim_in_the_sheets_example_writes_nothing(runner, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text((EXAMPLES / "01-one-o-two-lines.toml").read_text().replace('next = "A"', 'next = "B"'))
    result = runner.invoke(app, ["rules", "--example", str(bad), "--out", str(tmp_path / "rules.pdf")])
    assert result.exit_code == 1
    assert f"{bad}: move 1: claims B writes next, the rules give A writes next" in result.stdout
    assert not (tmp_path / "rules.pdf").exists()


def test_the_naming_grid_follows_the_size_of_the_board(examples):
    sheets = {size: rules_document(PrintOptions(size=size), examples[:1]).data for size in (3, 4, 8)}
    assert len(set(sheets.values())) == 3
    with pages(sheets[8]) as pdf:
        words = [w["text"] for page in pdf.pages for w in page.extract_words()]
    assert "H" in words and "8" in words  # columns A to H, rows 1 to 8


@pytest.mark.parametrize("large_print", [False, True])
@pytest.mark.parametrize("language", [Language.EN, Language.FR])
def test_no_heading_ends_a_column(examples, large_print, language):
    from sos_print.plans.layout import HEADING_PT

    heading = HEADING_PT * (1.5 if large_print else 1.0)
    data = rules_document(PrintOptions(language=language, large_print=large_print), examples).data
    with pages(data) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            middle = page.width / 2
            for left in (True, False):
                chars = [c for c in page.chars if (c["x0"] < middle) is left and c["text"].strip()]
                if not chars:
                    continue
                lowest = max(c["top"] for c in chars)
                last_line = [c for c in chars if abs(c["top"] - lowest) < 2]
                assert not all(abs(c["size"] - heading) < 0.1 for c in last_line), (
                    f"page {number}: a heading ends a column: {''.join(c['text'] for c in last_line)!r}"
                )
