"""Tests scoring audits: one row per possible move, the header on every page, running totals, the pause box."""

from __future__ import annotations

import itertools
import re
from itertools import pairwise

import pytest
from pdfminer.layout import LTLine, LTRect
from pdfread import MM, chars, marks, nearest_edge, pages, reader, texts

from sos_print.documents.audit import audit_document
from sos_print.engine.notation import Notation
from sos_print.engine.rules import Variant
from sos_print.plans.layout import Paper
from sos_print.plans.options import Language, PrintOptions

HEADER = ["Move", "Player", "Letter", "Cell", "New S-O-S lines", "Points"]


@pytest.fixture(params=[False, True], ids=["printed", "fillable"])
def fillable(request) -> bool:
    """Runs a test on the printed audit and on the fillable one, which must print the same."""
    return request.param


def move_numbers(page_text: str) -> list[int]:
    return [int(line) for line in page_text.splitlines() if re.fullmatch(r"\d+", line.strip())]


@pytest.mark.parametrize("language", list(Language))
@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("size", range(3, 9))
def test_one_row_per_possible_move_with_the_header_on_every_page(size, paper, language):
    options = PrintOptions(size=size, paper=paper, language=language)
    data = audit_document(options).data
    # The fillable audit prints exactly this, page for page: what holds of these pages holds of it.
    form = reader(audit_document(options, fillable=True).data).pages
    assert [page.get_contents().get_data() for page in form] == [
        page.get_contents().get_data() for page in reader(data).pages
    ]
    found = texts(data)
    numbers = [n for text in found for n in move_numbers(text)]
    assert numbers == list(range(1, size * size + 1))
    assert all(move_numbers(text) for text in found), "a page with a table and no row"
    with pages(data) as pdf:
        for page, text in zip(pdf.pages, found, strict=True):
            drawn, height = marks(page), page.height  # pdfplumber's top is height - y1, its bottom height - y0
            head = next(
                rect for rect in drawn if isinstance(rect, LTRect) and rect.fill and rect.width > page.width / 2
            )
            table = [  # the ruled rows: as wide as the header, from its bottom down
                line
                for line in drawn
                if isinstance(line, LTLine)
                and abs(line.x0 - head.x0) < 0.1
                and abs(line.x1 - head.x1) < 0.1
                and height - line.y1 >= height - head.y0 - 0.1
            ]
            rows = sorted({round(height - line.y1, 2) for line in table})
            heights = [(b - a) * 25.4 / 72 for a, b in pairwise(rows)]
            assert len(heights) == len(move_numbers(text))
            assert min(heights) >= 9.0 - 0.01, f"rows of {min(heights):.1f} mm are too small to write in"
    if language is Language.EN:
        for text in found:
            flat = " ".join(text.split())
            for column in HEADER:
                assert column in flat
    pause = "Pausing the game" if language is not Language.FR else "Faire une pause"
    assert pause in found[-1]
    assert all(pause not in text for text in found[:-1])
    if len(found) > 1:
        of = "sur" if language is Language.FR else "of"
        assert all(f"Page {k} {of} {len(found)}" in text for k, text in enumerate(found, start=1))
        if language is Language.BOTH:
            assert all(f"Page {k} sur {len(found)}" in text for k, text in enumerate(found, start=1))


@pytest.mark.parametrize(
    ("variant", "sides"),
    [
        (Variant(), ["A", "B"]),
        (Variant(players=3), ["A", "B", "C"]),
        (Variant(players=4), ["A", "B", "C", "D"]),
        (Variant(players=4, teams=True), ["A + C", "B + D"]),
    ],
)
def test_one_total_heading_spans_a_running_total_per_player_or_team(variant, sides, fillable):
    data = audit_document(PrintOptions(variant=variant), fillable=fillable).data
    flat = " ".join(texts(data)[0].split())
    assert f"Points Total {' '.join(sides)} 1 2 3" in flat  # one "Total", then each side's name over its column
    with pages(data) as pdf:
        page = pdf.pages[0]
        head = next(rect for rect in marks(page) if isinstance(rect, LTRect) and rect.fill and rect.width > 100)
        letters = [c for c in chars(page) if head.y0 <= c.y0 and c.y1 <= head.y1]
        start = max(k for k, c in enumerate(letters) if c.get_text() == "T")
        total = letters[start : start + 5]
        assert "".join(c.get_text() for c in total) == "Total"
        names = [c for c in letters if c.get_text() in "ABCD" and c.y1 < min(t.y0 for t in total)]
    centre = (min(c.x0 for c in total) + max(c.x1 for c in total)) / 2
    ends = next(c.x0 for c in names if c.get_text() == sides[0][0]), [c.x1 for c in names][-1]
    assert abs(centre - (ends[0] + ends[1]) / 2) < 1.0, "the Total heading stands over its columns' names"
    assert len(names) == sum(len(side.replace(" + ", "")) for side in sides)
    if fillable:  # a reader says each total's column in full
        tips = {field.get("/TU") for field in reader(data).get_fields().values()}
        assert all(f"Move 1 · Total {side}" in tips for side in sides)


@pytest.mark.parametrize(("notation", "least"), [(Notation.A1, 16.0), (Notation.L1C1, 24.0)])
@pytest.mark.parametrize(("language", "large_print"), [(Language.EN, False), (Language.BOTH, True)])
def test_the_cell_column_holds_a_handwritten_cell_name(notation, least, language, large_print):
    """L2C3 at 4 to 5 mm a letter takes 24 mm; B2 takes 16."""
    options = PrintOptions(
        size=8, notation=notation, language=language, large_print=large_print, variant=Variant(players=4)
    )
    with pages(audit_document(options).data) as pdf:
        page = pdf.pages[0]
        rules = sorted({round(line.x0, 1) for line in marks(page) if isinstance(line, LTLine) and line.x0 == line.x1})
    widths = [(b - a) / MM for a, b in pairwise(rules)]
    assert widths[3] >= least - 0.1, f"the cell column is {widths[3]:.1f} mm"
    assert widths[4] >= 30.0 - 0.1, f"the new lines' column is {widths[4]:.1f} mm"


def test_the_pause_box_asks_for_the_scores_and_who_writes_next(fillable):
    text = texts(audit_document(PrintOptions(variant=Variant(players=3)), fillable=fillable).data)[-1]
    assert "Each player’s points" in text
    assert "Who writes next" in text


def test_a_team_game_pauses_with_each_teams_points(fillable):
    text = texts(audit_document(PrintOptions(variant=Variant(players=4, teams=True)), fillable=fillable).data)[-1]
    assert "Each team’s points" in text


def test_each_group_gets_its_own_audit_pages(fillable):
    data = audit_document(PrintOptions(size=8, groups=3), fillable=fillable).data
    found = texts(data)
    assert len(found) % 3 == 0
    per_group = len(found) // 3
    assert "Group 2 of 3" in found[per_group]
    assert "Group 3 of 3" in found[-1]


@pytest.mark.parametrize("paper", list(Paper))
def test_audits_stay_clear_of_the_paper_edge(paper, fillable):
    data = audit_document(
        PrintOptions(size=8, paper=paper, language=Language.BOTH, large_print=True, variant=Variant(players=4)),
        fillable=fillable,
    ).data
    edge = 12 * 72 / 25.4
    with pages(data) as pdf:
        for page in pdf.pages:
            assert nearest_edge(page) >= 12.0
            table = [rect for rect in marks(page) if isinstance(rect, LTRect) and rect.width > 100]
            assert all(rect.x0 >= edge and rect.x1 <= page.width - edge for rect in table)
            for annotation in page.annots:  # what is typed in a field prints inside it
                if annotation["data"]["F"] & 4:
                    box = (
                        annotation["x0"],
                        annotation["top"],
                        page.width - annotation["x1"],
                        page.height - annotation["bottom"],
                    )
                    assert min(box) >= edge, annotation


def test_l1c1_audits_give_an_example_in_that_notation(fillable):
    from sos_print.engine.notation import Notation

    text = texts(audit_document(PrintOptions(notation=Notation.L1C1), fillable=fillable).data)[0]
    assert "(like L2C2-L4C2)" in " ".join(text.split())
    assert "B1-B3" not in text
    # On a 3 x 3 board the example line must exist: rows L1 to L3 only.
    small = " ".join(
        texts(audit_document(PrintOptions(size=3, notation=Notation.L1C1), fillable=fillable).data)[0].split()
    )
    assert "(like L1C2-L3C2)" in small


@pytest.mark.parametrize(
    "options",
    [
        PrintOptions(language=Language.BOTH, groups=2),
        PrintOptions(language=Language.BOTH, groups=15, large_print=True),
        PrintOptions(size=8, language=Language.BOTH, groups=2, large_print=True, paper=Paper.LETTER),
        PrintOptions(size=8, language=Language.FR, groups=15, large_print=True, variant=Variant(players=4)),
    ],
    ids=["en+fr", "en+fr-large", "8x8-en+fr-large-letter", "8x8-fr-large-4-players"],
)
@pytest.mark.parametrize("document", ["audit", "boards"])
def test_the_header_strip_gives_the_class_a_line_of_40_mm_and_nothing_in_it_overlaps(options, document, fillable):
    from sos_print.documents.boards import boards_document

    if document == "boards":
        if fillable:
            return  # boards are never fillable
        data = boards_document(options).data
    else:
        data = audit_document(options, fillable=fillable).data
    with pages(data) as pdf:
        for page in pdf.pages[:2]:
            rules = [line for line in page.lines if line["width"] > page.width * 0.6]
            if not rules:
                assert document == "boards"  # a crowded board takes the compact header, which has no rule
                continue
            rule = min(rules, key=lambda line: line["top"])  # the rule under the strip
            words = [word for word in page.extract_words() if word["bottom"] < rule["top"]]
            for a, b in itertools.combinations(words, 2):
                apart = a["x1"] <= b["x0"] or b["x1"] <= a["x0"] or a["bottom"] <= b["top"] or b["bottom"] <= a["top"]
                assert apart, (a["text"], b["text"])
            caption = next(word for word in words if word["text"] in ("Class", "Classe"))
            lines = [line for line in page.lines if line["top"] < rule["top"] - 1 and line["width"] < page.width * 0.6]
            on_its_row = [
                line for line in lines if abs(line["top"] - caption["bottom"]) < 2 * MM and line["x0"] > caption["x0"]
            ]
            class_line = min(on_its_row, key=lambda line: line["x0"])
            assert class_line["width"] >= 40 * MM - 0.5, class_line["width"] / MM
            for line in lines:
                for word in words:
                    crosses = word["x0"] < line["x1"] and line["x0"] < word["x1"]
                    assert not (crosses and word["top"] < line["top"] < word["bottom"] - 1), word["text"]


@pytest.mark.parametrize("language", [Language.EN, Language.BOTH])
def test_a_teams_name_under_total_stays_on_one_line_in_large_print(language):
    data = audit_document(
        PrintOptions(language=language, large_print=True, variant=Variant(players=4, teams=True))
    ).data
    with pages(data) as pdf:
        page = pdf.pages[0]
        head = next(rect for rect in marks(page) if isinstance(rect, LTRect) and rect.fill and rect.width > 100)
        plus = [c for c in chars(page) if c.get_text() == "+" and head.y0 <= c.y0 <= head.y1]
        assert len(plus) == 2  # "A + C" and "B + D"
        for sign in plus:
            beside = [c for c in chars(page) if c.get_text() in "ABCD" and abs(c.x0 - sign.x0) < 8 * MM]
            assert sum(abs(c.y0 - sign.y0) < 1.0 for c in beside) == 2, "a team's name is broken over two lines"


@pytest.mark.parametrize(
    ("lang", "title", "pause", "scored"),
    [
        (Language.EN, "SOS: game sheet", "Who writes next?", r"Points|Total|points"),
        (Language.FR, "SOS\u202f: relevé de la partie", "À qui le tour\u202f?", r"Points|Total|points"),
    ],
)
@pytest.mark.parametrize("variant", [Variant(first_sos_wins=True), Variant(players=4, teams=True, first_sos_wins=True)])
def test_a_first_sos_wins_audit_is_no_score_sheet(lang, title, pause, scored, variant, fillable):
    # One S-O-S ends the game: nothing to add up, so neither the sheet nor its pause box speaks of points.
    text = "\n".join(texts(audit_document(PrintOptions(variant=variant, language=lang), fillable=fillable).data))
    assert title in text and pause in text
    assert not re.search(scored, text), re.search(scored, text)
    plain = texts(audit_document(PrintOptions(language=lang), fillable=fillable).data)[0]
    assert re.search(scored, plain)  # the standard game's sheet does


@pytest.mark.parametrize(
    ("lang", "variant", "said"),
    [
        (Language.EN, Variant(target=5), "The first player to reach 5\u00a0points wins: fill in that row, then stop."),
        (Language.EN, Variant(players=4, teams=True, target=1), "The first team to reach 1\u00a0point wins"),
        (Language.FR, Variant(target=5), "Le premier à 5\u00a0points gagne\u202f: remplis la rangée de ce coup"),
        (Language.FR, Variant(players=4, teams=True, target=3), "La première équipe à 3\u00a0points gagne"),
    ],
)
def test_a_target_kits_sheet_states_its_target(lang, variant, said):
    def flat(text: str) -> str:
        return re.sub(r"[\s\u00a0]+", " ", text)  # a line may break anywhere; a no-break space reads as a space

    text = flat(texts(audit_document(PrintOptions(variant=variant, language=lang)).data)[0])
    assert flat(said) in text, text[:400]
    plain = flat(texts(audit_document(PrintOptions(language=lang)).data)[0])
    assert flat(said)[:20] not in plain  # the standard game's sheet names no target


@pytest.mark.parametrize(
    ("language", "variant", "said"),
    [
        # The box says to fill it in when the game stops, and to check it before going on.
        (
            Language.EN,
            Variant(),
            ["If you stop, fill in this box.", "check it with the other player.", "New S-O-S lines"],
        ),
        (Language.EN, Variant(players=3), ["check it with the other players.", "New S-O-S lines"]),
        # The first S-O-S wins: its column holds the one winning S-O-S, not new lines of a points game.
        (Language.EN, Variant(first_sos_wins=True), ["If you stop, fill in this box.", "Winning S-O-S"]),
        (
            Language.FR,
            Variant(),
            ["Si tu t’arrêtes, remplis ce cadre.", "Pour reprendre, vérifie-le avec l’autre joueur.", "Nouveaux S-O-S"],
        ),
        (Language.FR, Variant(first_sos_wins=True), ["Si tu t’arrêtes, remplis ce cadre", "S-O-S gagnant"]),
    ],
)
def test_the_sheet_says_how_to_pause_and_names_its_lines_column_for_the_variant(fillable, language, variant, said):
    text = " ".join(
        " ".join(
            texts(audit_document(PrintOptions(language=language, variant=variant), fillable=fillable).data)
        ).split()
    )
    text = text.replace("\u202f", " ")
    for words in said:
        assert words in text, words
    assert ("New S-O-S lines" in text or "Nouveaux S-O-S" in text) is not variant.first_sos_wins


@pytest.mark.parametrize(
    ("ends", "title"), [(False, "SOS: score sheet, continued"), (True, "SOS: game sheet, continued")]
)
def test_a_continued_page_carries_the_first_pages_title(fillable, ends, title):
    found = texts(audit_document(PrintOptions(size=8, variant=Variant(first_sos_wins=ends)), fillable=fillable).data)
    assert len(found) > 1 and all(title in page for page in found[1:])
