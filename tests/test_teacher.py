"""Tests the teacher's notes: printing help with a 100 mm bar, and every worked example drawn and checked."""

from __future__ import annotations

import math
import re

import pytest
from conftest import EXAMPLES
from pdfminer.layout import LTChar, LTLine, LTRect
from pdfread import MM, drawn_page, drawn_pages, joined_lines, page_count, reader, search, texts
from pypdf.generic import StreamObject
from rendered import rendered, shipped_examples

from sos_print.documents.teacher import teacher_document
from sos_print.engine.check import verify
from sos_print.engine.frozen import replace
from sos_print.engine.notation import Notation, segment_names
from sos_print.engine.rules import Variant
from sos_print.plans.layout import SEGMENT_PT, Paper
from sos_print.plans.options import Language, PrintOptions


@pytest.fixture(scope="module")
def examples():
    return shipped_examples()


def teachers_notes(options: PrintOptions) -> bytes:
    """Returns the teacher's notes printed with `options` and every shipped example (made once per run and process,
    shared with the other files' tests that read the same notes)."""
    return rendered("teacher", options)


# The tests that measure the same notes run on one pytest-xdist worker, so that the notes are drawn and read once.
FIFTEEN_GROUPS = pytest.mark.xdist_group("teacher's notes, 15 groups")
ONE_LANGUAGE = [
    pytest.param(language, marks=pytest.mark.xdist_group(f"teacher's notes, {language.value}"))
    for language in (Language.EN, Language.FR)
]


@pytest.fixture(scope="module")
def english(examples):
    return teachers_notes(PrintOptions(groups=15))


def flat(data: bytes) -> str:
    return " ".join(" ".join(texts(data)).split())


TITLES = [
    "One O, two lines",
    "S, O, S, O is one line, not two",
    "An O in the gap",
    "An S at the end of an S-O-S",
    "A 5 × 5 game: one O, two lines",
    "The last letter can still score",
    "First to 3 points",  # the file writes "First to {target}": the engine fills the target in
    "First S-O-S wins",
    "Team SOS",
]


@FIFTEEN_GROUPS
def test_every_shipped_example_is_drawn_with_its_title_and_the_engines_account(english, examples):
    text = flat(english).replace("\u00a0", " ")
    for number, title in enumerate(TITLES, start=1):
        assert f"{number}. {title}" in text
    assert "Move 1: A writes O in B2 and scores 2 points (B1-B3, A2-C2). A writes again." in text
    # The French article's game, written in L1C1, printed in this kit's notation, A1.
    assert "Move 5: A writes O in C3 and scores 2 points (C2-C4, B3-D3). A writes again." in text
    assert "Move 2: A writes S in D4, no points. B writes next." in text
    assert "Move 9: A writes S in B1 and scores 1 point (B1-B3). The game ends." in text
    assert "Score: A 2, B 1. Player A wins." in text
    assert "Score: 1 for team A + C, 1 for team B + D. The game goes on." in text


@FIFTEEN_GROUPS
def test_each_new_line_is_drawn_through_its_three_cell_centres_and_named(english, examples):
    # Every line the examples score, and the one the strategy section's "take the point" completes.
    expected = sum(step.points for checked in examples for step in checked.steps) + 1
    drawn = []
    for page in drawn_pages(english):
        # The lines and letters as pdfminer reads them: y measured from the bottom, for both alike.
        pieces = [m for m in page.marks if isinstance(m, LTLine) and abs(m.linewidth - SEGMENT_PT) < 0.01]
        # A line is broken round the move numbers in its cells' corners (issue 23, rv44 C7): its pieces are one.
        lines = joined_lines([(line.pts[0], line.pts[-1]) for line in pieces], 6.0 * MM)
        for (x0, y0), (x1, y1), _ in lines:
            length = math.hypot(x1 - x0, y1 - y0) / MM
            # Two cells of 10 mm from centre to centre, across or along a diagonal.
            assert length == pytest.approx(20.0, abs=0.05) or length == pytest.approx(20.0 * 2**0.5, abs=0.05)
            middle = ((x0 + x1) / 2, (y0 + y1) / 2)
            letters = [  # diagram letters, 12 pt
                c for c in page.marks if isinstance(c, LTChar) and c.get_text() == "O" and c.size > 11.9
            ]
            assert any(
                math.hypot((c.x0 + c.x1) / 2 - middle[0], (c.y0 + c.y1) / 2 - middle[1]) < 2 * MM for c in letters
            ), "no O at the middle of a scored line"
        drawn += lines
    assert len(drawn) == expected
    text = flat(english)
    for checked in examples:
        for step in checked.steps:
            # Named in the kit's notation (A1), whatever notation the example's file uses.
            for name in (
                segment_names(step.segments, checked.example.size, Notation.A1).split(", ") if step.segments else []
            ):
                assert name in text


@FIFTEEN_GROUPS
def test_a_100_mm_calibration_bar(english):
    first = drawn_page(english, 0)
    bars = [rect for rect in first.marks if isinstance(rect, LTRect) and abs(rect.width / MM - 100.0) < 0.01]
    assert len(bars) == 1
    assert "This bar measures 100 mm when printed at 100%." in flat(english).replace("\u00a0", " ")


@pytest.mark.parametrize("paper", [Paper.A4, Paper.LETTER])
def test_a_bilingual_notes_file_holds_each_ruler_once(examples, paper):
    # A ruler is a hundred ticks or more, one "x y m x y l S" path each; the English and French sections share it.
    data = teachers_notes(PrintOptions(paper=paper, language=Language.BOTH))
    pdf = reader(data)
    streams = [pdf.get_object(number) for number in range(1, int(pdf.trailer["/Size"]))]
    ticks = [obj.get_data().count(b" l S") for obj in streams if isinstance(obj, StreamObject)]
    assert len([count for count in ticks if count >= 33]) == (2 if paper is Paper.LETTER else 1)  # 4 inches: 33


@pytest.mark.parametrize("large_print", [False, True])
def test_the_ruler_form_holds_its_last_number_whole(examples, large_print):
    # A form shows nothing outside its box: "100", centred on the bar's end, must fit in it at every type size.
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from sos_print.pdf.fonts import REGULAR
    from sos_print.plans.layout import SMALL_PT, scale_of

    data = teachers_notes(PrintOptions(large_print=large_print))
    pdf = reader(data)
    streams = [pdf.get_object(number) for number in range(1, int(pdf.trailer["/Size"]))]
    [ruler] = [obj for obj in streams if isinstance(obj, StreamObject) and obj.get_data().count(b" l S") > 100]
    size = SMALL_PT * scale_of(large_print)
    assert float(ruler["/BBox"][2]) >= 100 * MM + stringWidth("100", REGULAR, size) / 2


@pytest.mark.parametrize(
    ("paper", "language", "sentence"),
    [
        (Paper.LETTER, Language.EN, "These bars measure 100 mm and 4 inches when printed at 100%."),
        (Paper.LETTER, Language.FR, "Ces barres mesurent 100 mm et 4 pouces quand elles sont imprimées à 100 %."),
        (Paper.A4, Language.EN, "This bar measures 100 mm when printed at 100%."),
    ],
)
def test_on_letter_paper_a_4_inch_bar_follows_the_100_mm_bar(examples, paper, language, sentence):
    data = teachers_notes(PrintOptions(paper=paper, language=language))
    first = drawn_page(data, 0)
    widths = sorted(
        round(rect.width / MM, 2) for rect in first.marks if isinstance(rect, LTRect) and rect.height / MM < 3
    )
    assert widths == ([100.0, 101.6] if paper is Paper.LETTER else [100.0])  # 4 inches: 101.6 mm
    text = flat(data).replace("\u00a0", " ").replace("\u202f", " ")
    assert sentence.replace("\u202f", " ") in text, text[:600]


@FIFTEEN_GROUPS
def test_printing_adaptations_watching_and_talking_are_covered(english):
    text = flat(english)
    for phrase in (
        "100%",
        "never “fit to page”",
        "headers and footers",
        # The four headings of "Adapting the game" in one form, each an instruction (issue 23, session 37 P27).
        "Start on 3 × 3.",
        "Write for the child.",
        "Take your time.",
        "While they play, make sure that",
        "After the game, talk about",
        "Do not hand these pages to the children",
        "How long it takes",
        "Hand over the pencil.",
        # What the teacher shows matches the rule sheet's step 3 (session 37 P2).
        "write a letter, find an S-O-S, draw a line through it and write the player’s letter beside it, then let that "
        "player write again.",
        # No player owns S: said once, plainly (session 37 P26).
        "Letters belong to no one: no player has a letter of their own; each writes S or O, as they choose, and may "
        "use the letters the others wrote.",
        "Ask each child to explain one of their moves",
        "hand the pencil to a classmate or an adult, who writes for them",
    ):
        assert phrase in text, phrase


@pytest.mark.parametrize(
    ("size", "groups", "variant", "phrases"),
    [
        (
            5,
            12,
            {"target": 4},
            [
                # The file's parts once, and what else each group needs, without the rules "also" (session 37 P23).
                "The kit’s players’ file, players.pdf, holds one 5 × 5 board for each of the 12 groups, their score "
                "sheets, in the same order, and the rule sheet. Each group needs its board, its score sheet and a "
                "pencil per player; print the rules once for each group, or put one copy where everyone can see it.",
                "The first player to reach 4 points wins at once; if the board fills up first, the player with "
                "the most",
                "This kit’s 5 × 5 board means at most 25 moves a game: the game can end sooner, when a player "
                "reaches the target",
            ],
        ),
        (4, 1, {}, ["This kit’s 4 × 4 board means 16 moves a game."]),
        (
            3,
            2,
            {"players": 4, "teams": True, "first_sos_wins": True},
            ["This kit’s 3 × 3 board means at most 9 moves a game", "one 3 × 3 board for each of the 2 groups"],
        ),
    ],
)
def test_the_notes_describe_this_kit(examples, size, groups, variant, phrases):
    options = PrintOptions(size=size, groups=groups, variant=Variant(**variant))
    text = flat(teachers_notes(options)).replace("\u00a0", " ")
    for phrase in phrases:
        assert phrase in text, phrase


@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("language", list(Language))
def test_the_notes_and_the_strategy_fit_on_two_pages_and_each_language_gets_its_own_section(examples, paper, language):
    data = teachers_notes(PrintOptions(paper=paper, language=language))
    found = texts(data)
    # Notes and strategy on the first two or three pages of each language, the examples from the next.
    starts = [k for k, text in enumerate(found) if "Worked examples" in text or "Exemples commentés" in text]
    assert len(starts) == len(language.codes)
    assert starts[0] in (2, 3)
    # The strategy section just before them (on one page, or two when the examples' heading keeps with the first):
    # it starts on one of the two pages before, its solved 4 x 4 board ends on the page before or above them.
    assert any(word in " ".join(found[starts[0] - 2 : starts[0]]) for word in ("Strategy", "Stratégie"))
    assert any(word in " ".join(found[starts[0] - 1 : starts[0] + 1]) for word in ("board, solved", "résolue"))


KEPT_HEADINGS = [
    PrintOptions(groups=15),
    PrintOptions(size=3),
    PrintOptions(size=8, kit_large_print=True),
    PrintOptions(notation=Notation.L1C1),
    PrintOptions(variant=Variant(players=3)),
]


@pytest.mark.parametrize("roster", [False, True], ids=["", "roster"])
@pytest.mark.parametrize("options", KEPT_HEADINGS, ids=str)
@pytest.mark.parametrize(
    ("language", "heading", "first"),
    [
        (Language.EN, "Worked examples", "1. One O, two lines"),
        (Language.FR, "Exemples commentés", "1. Un O, deux S-O-S"),
    ],
)
def test_the_worked_examples_heading_starts_its_page_with_the_first_example(
    examples, options, roster, language, heading, first
):
    # The heading and its introduction once sat alone at a page's foot, the first example on the next page (FR 13).
    from rendered import with_class

    options = with_class(options) if roster else options
    found = texts(teachers_notes(replace(options, language=language)))
    headed = [k for k, text in enumerate(found) if heading in text.splitlines()]
    started = [k for k, text in enumerate(found) if first in text.replace("\u00a0", " ").splitlines()]
    assert len(headed) == 1 and headed == started, f"heading on page {headed}, first example on {started}"


def test_only_the_given_examples_are_shown(examples):
    chosen = verify([str(EXAMPLES / "03-o-in-the-gap.toml")])
    text = flat(teacher_document(PrintOptions(), chosen).data)
    assert "1. An O in the gap" in text
    assert "One O, two lines" not in text
    assert "The example below was replayed move by move" in text


@pytest.mark.parametrize(
    ("language", "one", "several"),
    [
        (Language.EN, "every move, point and S-O-S it shows was checked", "every move, point and S-O-S they show was"),
        (
            Language.FR,
            "Le logiciel a rejoué l’exemple ci-dessous coup par coup en créant ce document : tous les coups, tous les "
            "points et tous les S-O-S qu’on y voit ont été vérifiés",
            "Le logiciel a rejoué les onze exemples ci-dessous",
        ),
    ],
)
def test_the_notes_say_what_was_checked_and_no_more(examples, language, one, several):
    # "every claim in them, text included, was checked" promised more than the prose check holds, which reads
    # phrasings, not meaning (sweep ad99, B1); the French said "leur texte" of a single example.
    chosen = verify([str(EXAMPLES / "03-o-in-the-gap.toml")])
    alone = flat(teacher_document(PrintOptions(language=language), chosen).data)
    every = flat(teachers_notes(PrintOptions(language=language)))
    assert one in alone and several in every
    for text in (alone, every):
        assert "text included" not in text and "affirmation" not in text


def test_large_print_in_a_kit_enlarges_the_childrens_pages_and_not_the_teachers_notes(runner, tmp_path):
    from sos_print.cli import app

    for name, extra in (("normal", []), ("large", ["--large-print"])):
        result = runner.invoke(app, ["kit", "--groups", "2", "--out", str(tmp_path / name), *extra])
        assert result.exit_code == 0, result.output
    normal, large = tmp_path / "normal", tmp_path / "large"
    # The notes keep their size and pages; only their sentence on large print says which kit they go with.
    said = {
        "normal": "The kit can also be printed in large print, the children’s pages one and a half times larger.",
        "large": "This kit is printed in large print: the children’s pages are one and a half times larger.",
    }
    # The page map of each kit's players' file differs too: larger pages take more of them.
    pages = re.compile(r"The players’ file, players\.pdf, holds .*? everyone can see it\.")
    notes = {name: pages.sub("", " ".join(" ".join(texts(tmp_path / name / "teacher.pdf")).split())) for name in said}
    assert len(texts(large / "teacher.pdf")) == len(texts(normal / "teacher.pdf"))
    assert [notes[name].replace(said[name], "") for name in said] == [notes["normal"].replace(said["normal"], "")] * 2
    assert (large / "players.pdf").read_bytes() != (normal / "players.pdf").read_bytes()
    assert page_count(large / "players.pdf") > page_count(normal / "players.pdf")


@pytest.mark.parametrize(
    ("variant", "shown"),
    [
        ({}, True),
        ({"players": 4, "teams": True}, True),  # two sides: the positions hold
        ({"target": 5}, False),
        ({"first_sos_wins": True}, False),
        ({"players": 3}, False),
    ],
)
def test_the_strategy_pages_are_printed_only_for_the_game_they_were_solved_in(examples, variant, shown):
    text = flat(teachers_notes(PrintOptions(variant=Variant(**variant))))
    assert ("Take the point" in text) is shown
    assert ("The strategy pages are left out of this kit" in text) is not shown


def test_one_group_checks_with_the_adult_and_several_swap_their_sheets(examples):
    assert "With an adult, the players check each row" in flat(teachers_notes(PrintOptions()))
    assert "Groups swap boards and score sheets and check each row" in flat(teachers_notes(PrintOptions(groups=3)))


def _crosses(line: LTLine, box: tuple[float, float, float, float]) -> bool:
    """Tells whether a drawn line passes through a box (points): its bounding box is no guide for a diagonal."""
    (x0, y0), (x1, y1) = line.pts[0], line.pts[-1]
    return any(
        box[0] <= x0 + (x1 - x0) * t / 400 <= box[2] and box[1] <= y0 + (y1 - y0) * t / 400 <= box[3]
        for t in range(401)
    )


def _grey(colour) -> float | None:
    value = colour[0] if isinstance(colour, (tuple, list)) and len(colour) == 1 else colour
    return value if isinstance(value, (int, float)) else None


@pytest.mark.parametrize("language", ONE_LANGUAGE)
def test_every_new_line_is_drawn_whole_its_move_numbers_moved_off_a_diagonal_through_their_corners(language):
    # Example 7's diagonal A4-C2 broke round moves 6 and 7 in the top-left corners of B3 and C2, and read as the
    # dashed lines of S-O-S made before (review rv71, 1): those numbers move along their cells' top edges, clear of it.
    data = teachers_notes(PrintOptions(language=language))
    lines = 0
    for number, page in enumerate(drawn_pages(data), start=1):
        # New lines, and their pieces run on thinner beside a number (earlier ones are dashed, 0.88 pt wide)
        pieces = [m for m in page.marks if isinstance(m, LTLine) and m.linewidth > SEGMENT_PT / 2]
        for start, end, drawn in joined_lines([(line.pts[0], line.pts[-1]) for line in pieces], 6.0 * MM):
            lines += 1
            assert drawn == pytest.approx(math.dist(start, end), abs=0.05 * MM), (number, start, end)
    assert lines >= 10


@pytest.mark.parametrize("language", ONE_LANGUAGE)
def test_a_line_through_a_black_answer_cell_stops_at_its_white_letter(examples, language):
    # A grey stroke across the white O of a black cell made it read as Ø (FR C21, EN 38): the cell's own black is
    # painted round the letter after the line, as white is round the other letters.
    data = teachers_notes(PrintOptions(language=language))
    crossed = 0
    for page in drawn_pages(data):
        drawn = page.marks
        cells = [m for m in drawn if isinstance(m, LTRect) and _grey(m.non_stroking_color) == 0.12]
        for k, letter in enumerate(drawn):
            if (
                not isinstance(letter, LTChar)
                or _grey(letter.graphicstate.ncolor) != 1
                or not letter.get_text().strip()
            ):
                continue
            x, base = (letter.x0 + letter.x1) / 2, letter.matrix[5]
            ink = (letter.x0, base, letter.x1, base + 0.7 * letter.size)  # a capital, on its baseline
            cell = next(c for c in cells if c.x0 < x < c.x1 and c.y0 < base < c.y1 and c.width > 20)
            lines = [
                n
                for n, m in enumerate(drawn[:k])
                if isinstance(m, LTLine) and m.x0 < ink[2] and ink[0] < m.x1 and m.y0 < ink[3] and ink[1] < m.y1
            ]
            if not lines:
                continue
            crossed += 1
            grounds = [
                n
                for n, m in enumerate(drawn[lines[-1] : k], start=lines[-1])
                if m in cells
                and m is not cell
                and m.x0 <= ink[0]
                and ink[2] <= m.x1
                and m.y0 <= ink[1]
                and ink[3] <= m.y1
            ]
            assert grounds, f"a line runs through the white {letter.get_text()} of a black cell"
    assert crossed, "no line crosses a black cell's letter: the test reads nothing"


@pytest.mark.parametrize("language", ONE_LANGUAGE)
def test_a_diagonal_through_a_cells_corner_breaks_round_its_move_number(examples, language):
    # Example 7's move numbers 6 and 7 sat under the diagonal strokes through their cells' corners (FR C21). A number
    # then went to another corner, or the middle of its cell's top, that no line ran into (issue 23, final design
    # review), where it read as the next cell's (rv44 C7): it stays in its cell's top-left corner, and a line that
    # runs into it is broken round it, as round a letter: no line runs over a number.
    data = teachers_notes(PrintOptions(language=language))
    numbers = 0
    for page in drawn_pages(data):
        drawn = page.marks
        for digit in drawn:
            if (
                not isinstance(digit, LTChar)
                or not digit.get_text().isdigit()
                or _grey(digit.graphicstate.ncolor) != 0.35
            ):
                continue
            numbers += 1
            base = digit.matrix[5]
            ink = (digit.x0, base, digit.x1, base + 0.7 * digit.size)
            lines = [m for m in drawn if isinstance(m, LTLine) and _grey(m.stroking_color) == 0.25 and _crosses(m, ink)]
            assert not lines, f"a line runs over move number {digit.get_text()}"
    assert numbers, "no move number was read: the test reads nothing"


POINTS_WORDS = {"en": r"\bpoints?\b(?! to a cell)|\bscor|\btotal", "fr": r"\bpoints?\b|\bmarqu(?!é d’un trait)|\btotal"}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    "variant", [Variant(first_sos_wins=True), Variant(players=4, teams=True, first_sos_wins=True)], ids=["two", "teams"]
)
def test_the_notes_of_a_first_sos_wins_kit_never_speak_of_points(lang, variant):
    # The first S-O-S ends the game: the notes (before the worked examples, which each follow their own game) speak of
    # a winner and a game sheet, never of points, scoring or totals.
    options = PrintOptions(variant=variant, language=Language(lang))
    text = " ".join(" ".join(texts(teachers_notes(options))).split())
    heading = {"en": "Worked examples", "fr": "Exemples commentés"}[lang]
    notes = text.split(heading)[0]
    found = re.findall(rf".{{30}}(?:{POINTS_WORDS[lang]}).{{10}}", notes, flags=re.IGNORECASE)
    assert not found, found
    plain = " ".join(" ".join(texts(teachers_notes(PrintOptions(language=Language(lang))))).split())
    assert re.search(POINTS_WORDS[lang], plain.split(heading)[0], flags=re.IGNORECASE)  # the standard game's do


@pytest.mark.parametrize(
    ("lang", "team", "seat", "wrong"),
    [
        (
            "en",
            "A to play, for team A + C.",
            "A to play.",
            ["team A + C writes again", "team A + C must write", "team B + D must write"],
        ),
        (
            "fr",
            "C’est au tour de A (l’équipe A + C).",
            "C’est au tour de A.",
            ["l’équipe A + C rejoue", "l’équipe A + C doit"],
        ),
    ],
)
def test_a_team_kits_strategy_names_the_team_that_scores_and_the_player_who_writes(lang, team, seat, wrong):
    # In a team kit the points are the team's, but one player writes: the one who scored writes again, not the team.
    def flat(variant: Variant) -> str:
        data = teachers_notes(PrintOptions(variant=variant, language=Language(lang)))
        return re.sub(r"[\s\u00a0\u202f]+", " ", " ".join(texts(data)))

    teams = flat(Variant(players=4, teams=True))
    assert team in teams, teams
    assert not [words for words in wrong if words in teams], teams
    plain = flat(Variant())
    assert seat in plain and team not in plain


# What a fresh French reader found in the notes of the variants (the second reading of issue 21).
VARIANT_NOTES = [
    (
        "en",
        Variant(players=4, teams=True, first_sos_wins=True),
        [
            "only has to complete the S-O-S to win for their team",
            "before naming the winning team",
            "Did a team win with a",
        ],
        ["An S-O-S counts only once", "Each new S-O-S is marked"],
    ),
    (
        "fr",
        Variant(players=4, teams=True, first_sos_wins=True),
        [
            "n’a plus qu’à compléter le S-O-S pour faire gagner son équipe",
            "désigner l’équipe gagnante",
            "Une équipe a-t-elle",
        ],
        ["Un S-O-S ne compte qu’une fois", "Chaque nouvel S-O-S est marqué"],
    ),
    ("fr", Variant(players=4, teams=True), ["Si les deux camps jouent au mieux", "le camp qui commence"], []),
    # « Camp » is for two teams; two players who each play for themselves are « joueurs » (session 37 P25).
    ("fr", Variant(), ["Si les deux joueurs jouent au mieux", "le joueur qui commence"], ["deux camps", "le camp qui"]),
    ("fr", Variant(players=3, target=5), ["dès qu’un joueur atteint le score visé"], ["dès qu’un camp"]),
    ("fr", Variant(players=4, teams=True, target=5), ["dès qu’une équipe atteint le score visé"], ["dès qu’un camp"]),
    # A sentence with its verb, and the move with its article (session 37 P24).
    ("fr", Variant(), ["C’est au tour de A. Un O en A3 marque 1 point (A2-A4), et A rejoue."], ["Au tour de A."]),
    # The notes alone: the players' file named once, the rules not "also" needed (session 37 P23).
    (
        "fr",
        Variant(),
        [
            "Le fichier des joueurs, qui accompagne ces notes dans le dossier, contient une grille 4 × 4, son relevé "
            "des points et la règle du jeu. "
            "Chaque groupe "
            "a besoin de sa grille, de son relevé et d’un crayon par joueur ; imprimez la règle une fois par groupe, "
            "ou affichez-en un exemplaire à la vue de tous.",
            # P2, P26, P27
            "trouver un S-O-S, tracer un trait dessus et écrire à côté la lettre du joueur",
            "Les lettres n’appartiennent à personne : aucun joueur n’a « sa » lettre ; chacun écrit S ou O, à son "
            "choix, et peut utiliser les lettres écrites par les autres.",
            "Commencer en 3 × 3.",
            "Écrire pour l’enfant.",
            "Confier le crayon.",  # not « Passer », beside « Personne ne peut passer » (fr38, B11)
            "Prendre son temps.",
        ],
        ["puis son relevé", "Le S n’est pas", "Prenez votre temps."],
    ),
    ("en", Variant(players=3), ["an example follows the standard game, two players playing to a full board"], []),
    ("fr", Variant(players=4, teams=True), ["un exemple suit la règle ordinaire, à deux joueurs"], []),
    ("en", Variant(players=4, teams=True), ["When did it put a team ahead?"], ["When did it put a player ahead?"]),
    ("en", Variant(players=4, teams=True), ["both teams playing their best"], ["both players playing their best"]),
    ("fr", Variant(players=4, teams=True), ["chaque équipe jouant au mieux"], ["chaque joueur jouant au mieux"]),
    ("fr", Variant(players=4, teams=True), ["permis à une équipe de passer en tête"], ["permis à un joueur de"]),
    ("en", Variant(), ["An S-O-S counts only once", "Each new S-O-S is marked"], ["an example follows the standard"]),
]


@pytest.mark.parametrize(("lang", "variant", "said", "unsaid"), VARIANT_NOTES)
def test_the_notes_of_each_variant_speak_of_its_own_game(lang, variant, said, unsaid):
    data = teachers_notes(PrintOptions(variant=variant, language=Language(lang)))
    text = re.sub(r"[\s\u00a0\u202f]+", " ", " ".join(texts(data))).replace("'", "’")
    for words in said:
        assert words.replace("'", "’") in text, words
    for words in unsaid:
        assert words.replace("'", "’") not in text, words


# A target kit reminds the adult, while the children play, that the game stops at the target, and warns where the
# board makes that target rare: 4 of the 6 S-O-S a 3 × 3 board holds at most, 4 of the 9 of 4 × 4; not 3 of 9.
@pytest.mark.parametrize(
    ("lang", "size", "variant", "said", "unsaid"),
    [
        (
            "en",
            3,
            Variant(target=4),
            [
                "The game stops as soon as a player reaches 4 points, even with empty cells left",
                "A 3 × 3 board holds at most 6 S-O-S lines, so 4 points are seldom reached on it",
            ],
            [],
        ),
        (
            "fr",
            3,
            Variant(target=4),
            [
                "La partie s’arrête dès qu’un joueur atteint 4 points, même s’il reste des cases vides",
                "Une grille 3 × 3 contient au plus 6 S-O-S, et on y atteint rarement 4 points",
            ],
            [],
        ),
        ("en", 4, Variant(players=4, teams=True, target=4), ["as soon as a team reaches 4 points", "at most 9"], []),
        ("fr", 4, Variant(target=3), ["dès qu’un joueur atteint 3 points"], ["rarement 3 points : la plupart"]),
        ("en", 5, Variant(target=5), ["as soon as a player reaches 5 points"], ["seldom reached on it: most"]),
        ("en", 4, Variant(), ["Ask each child to explain one of their moves"], ["The game stops as soon as"]),
        ("fr", 4, Variant(), ["Demandez à chaque enfant d’expliquer un de ses coups"], ["La partie s’arrête dès"]),
        ("en", 4, Variant(first_sos_wins=True), ["The first S-O-S ends the game at once"], ["The game stops as"]),
    ],
)
def test_the_notes_of_a_target_kit_say_it_stops_at_the_target_and_when_that_is_rare(lang, size, variant, said, unsaid):
    options = PrintOptions(size=size, variant=variant, language=Language(lang))
    text = re.sub(r"[\s\u00a0\u202f]+", " ", " ".join(texts(teachers_notes(options))))
    text = text.replace("'", "’")
    for words in said:
        assert words.replace("'", "’") in text, words
    for words in unsaid:
        assert words.replace("'", "’") not in text, words


def _says_and_not(data: bytes, said: list[str], unsaid: list[str]) -> None:
    """Asserts that the notes print every sentence of `said` and none of `unsaid`, however their lines broke."""
    text = re.sub(r"[\s\u00a0\u202f]+", " ", " ".join(texts(data)))
    for words in said:
        assert words in text, words
    for words in unsaid:
        assert words not in text, words


# The goals name a cell's parts in the order its name gives them, and a plural S-O-S is "S-O-S lines" (issue 21).
@pytest.mark.parametrize(
    ("options", "said", "unsaid"),
    [
        (PrintOptions(notation=Notation.L1C1), ["Naming a cell by its row and column"], ["its column and row"]),
        (PrintOptions(), ["Naming a cell by its column and row", "Diagonal S-O-S lines are"], ["Diagonal S-O-S are"]),
        (
            PrintOptions(notation=Notation.L1C1, language=Language.FR),
            ["Nommer une case par sa ligne et sa colonne"],
            ["sa colonne et sa ligne"],
        ),
        (PrintOptions(language=Language.FR), ["Nommer une case par sa colonne et sa ligne"], []),
        (PrintOptions(variant=Variant(target=4)), ["holds at most 6 S-O-S lines", "However many S-O-S lines"], []),
    ],
)
def test_the_notes_name_a_cell_in_its_notations_order_and_count_s_o_s_lines(options, said, unsaid):
    _says_and_not(teachers_notes(options), said, unsaid)


# The strategy positions are on 4 × 4 boards: a kit of another size is told so, a 4 × 4 kit is not (issue 21).
@pytest.mark.parametrize(
    ("options", "said", "unsaid"),
    [
        (PrintOptions(size=3), ["The positions below are on 4 × 4 boards, the next size up from this kit’s 3 × 3"], []),
        (PrintOptions(size=6), ["The positions below are on 4 × 4 boards, not this kit’s 6 × 6"], []),
        (PrintOptions(size=4), [], ["The positions below are on"]),
        (
            PrintOptions(size=3, language=Language.FR),
            ["sont sur des grilles 4 × 4, un peu plus grandes que la grille 3 × 3 de ce dossier"],
            [],
        ),
    ],
)
def test_the_strategy_says_on_which_board_its_positions_are(options, said, unsaid):
    _says_and_not(teachers_notes(options), said, unsaid)


@pytest.mark.parametrize(
    ("options", "pattern"),
    [
        pytest.param(PrintOptions(groups=15), "Page {} of {}", marks=FIFTEEN_GROUPS),
        (PrintOptions(groups=15, language=Language.BOTH, paper=Paper.LETTER), "Page {} of {}|Page {} sur {}"),
        (PrintOptions(groups=3, large_print=True, language=Language.FR), "Page {} sur {}"),
    ],
    ids=["en", "en+fr letter", "fr large"],
)
def test_every_page_of_the_notes_says_page_n_of_m_at_the_top_right(examples, options, pattern):
    # A teacher printing part of a long file needs the pages' numbers: in the head's line, at the right, small.
    data = teachers_notes(options)
    drawn = drawn_pages(data)
    count = len(drawn)
    for number, page in enumerate(drawn, start=1):
        wanted = [choice.format(number, count) for choice in pattern.split("|")]
        found = [match for text in wanted for match in search(page, text)]
        assert len(found) == 1, (number, texts(data)[number - 1][:200])
        match = found[0]
        top, right = page.height - max(char.y1 for char in match), max(char.x1 for char in match)
        assert top < 22 * MM and right > page.width - 15.5 * MM, (top, right)
        assert {round(char.size, 1) for char in match} == {13.5 if options.large_print else 9.0}
    assert count >= 5


@pytest.mark.parametrize(
    ("language", "size", "variant", "said", "unsaid"),
    [
        # Two players: the gift went to the other player, not "another" of several.
        (Language.EN, 4, Variant(), ["Which move gave a gift to the other player?"], ["another player"]),
        (Language.FR, 4, Variant(), ["Quel coup a fait un cadeau à l’autre joueur"], ["à un autre joueur"]),
        (Language.EN, 4, Variant(players=3), ["Which move gave a gift to another player?"], []),
        (Language.FR, 4, Variant(players=3), ["Quel coup a fait un cadeau à un autre joueur"], []),
        # A 3 × 3 kit holds no 4 × 4 board: the next game needs a kit of its own.
        (Language.EN, 3, Variant(), ["then print a 4 × 4 kit for the next game"], ["then move to 4 × 4"]),
        (Language.FR, 3, Variant(), ["puis imprimez un dossier 4 × 4 pour la partie suivante"], ["passez au 4"]),
        # A first game on 8 × 8 takes about half an hour of play: the lesson's slot says it may not finish.
        (Language.EN, 8, Variant(), ["may not finish in one lesson: the “Pausing the game” box keeps it"], []),
        (Language.FR, 8, Variant(), ["peut ne pas finir en une séance : le cadre « Faire une pause »"], []),
        (Language.EN, 5, Variant(), [], ["may not finish in one lesson"]),
    ],
)
def test_the_notes_speak_of_this_kits_players_and_board(examples, language, size, variant, said, unsaid):
    text = flat(teachers_notes(PrintOptions(size=size, variant=variant, language=language)))
    text = text.replace("\u202f", " ").replace("\u00a0", " ")
    notes = text.split("Worked examples" if language is Language.EN else "Exemples commentés", 1)[0]
    for words in said:
        assert words in notes, words
    for words in unsaid:
        assert words not in notes, words


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            Language.EN,
            "player B completes A1-C3 and wins. Move 1: A writes O in B2, no S-O-S. Move 2: B writes S in C3",
        ),
        (
            Language.FR,
            "le joueur B complète A1-C3 et gagne. Coup 1 : A écrit O en B2, sans compléter de S-O-S. Coup 2 : B écrit "
            "S en C3",
        ),
    ],
)
def test_a_worked_example_names_the_moves_it_does_not_tell_where_they_were_played(language, said):
    # "Move 2: B writes S in C3 ... The game ends. The other move completes no S-O-S." spoke of a move after the end,
    # and "the other move" was unclear to a child (review rv73, 4): the untold moves by their numbers, in their place,
    # as the replay's captions say them.
    options = PrintOptions(language=language, variant=Variant(first_sos_wins=True))
    text = " ".join(flat(rendered("rules", options)).replace("\u00a0", " ").replace("\u202f", " ").split())
    assert said in text, text


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        ("en", "a letter with neither a number nor a frame was there before the first move"),
        ("fr", "une lettre sans numéro ni cadre était là avant le premier coup"),
    ],
)
def test_the_examples_intro_says_what_a_letter_without_a_number_is_where_an_example_has_one(lang, sentence):
    # Example 2 starts with four letters on the board, drawn without a number, and nothing said what they were
    # (French read fr73, 3); notes whose examples start on an empty board say nothing of it.
    from sos_print.plans.teacher import teacher_plan

    examples = shipped_examples()
    assert any(checked.start.board.filled() for checked in examples)
    for shown, said in ((examples, True), (tuple(c for c in examples if not c.start.board.filled()), False)):
        intro = " ".join(block.text for block in teacher_plan(PrintOptions(), lang, shown).examples_intro)
        assert (sentence in intro.replace("\u00a0", " ").replace("\u202f", " ").replace("’", "'")) == said, intro


# A replay's caption names the moves it does not tell by their numbers, runs of three or more as "1 to 4" (French read
# fr46, P4: « Les autres coups » before any move was named); in the bold label of the told moves' lines, one form for
# one move or several (five forms in the teacher's examples broke the rhythm read aloud: French read fr73, 1).
@pytest.mark.parametrize(
    ("lang", "first", "start", "end", "seat", "sentence"),
    [
        ("en", False, 6, 6, "A", "Move 6: A writes S in C2, no points."),
        ("en", True, 4, 4, "Léa", "Move 4: Léa writes S in C2, no S-O-S."),
        ("en", False, 1, 4, "A", "Moves 1 to 4: no points."),
        ("en", True, 1, 2, "A", "Moves 1 and 2: no S-O-S."),
        ("fr", False, 6, 6, "Léa", "Coup 6 : Léa écrit S en C2, sans marquer."),
        ("fr", True, 4, 4, "B", "Coup 4 : B écrit S en C2, sans compléter de S-O-S."),
        ("fr", True, 1, 2, "A", "Coups 1 et 2 : aucun S-O-S."),
        ("fr", False, 1, 5, "A", "Coups 1 à 5 : aucun point."),
    ],
)
def test_a_replays_caption_names_the_moves_it_does_not_tell(lang, first, start, end, seat, sentence):
    # Each run of moves a caption does not tell is named in its place, a move alone with who wrote it: said together,
    # or first as a summary, moves 5 and 7 came before move 6 read aloud (French reads fr47, fr74 and fr75); a move
    # alone with its letter and cell, as the told moves beside it ("Move 10: A scores nothing.": review rv77).
    from sos_print.plans.words import Words

    (block,) = Words(lang).blocks(
        "common.other_moves", first=first, start=start, end=end, seat=seat, letter="S", cell="C2"
    )
    assert "".join(run.text for run in block.runs).replace("\u00a0", " ").replace("\u202f", " ") == sentence
    assert [run.bold for run in block.runs][:1] == [True]  # a label, as the told moves' are


@pytest.mark.parametrize(
    ("lang", "rows", "said"),
    [
        ("en", (3,), "Row 3 of the score sheet was left empty"),
        ("en", (3, 4), "Rows 3 and 4 of the score sheet were left empty"),
        ("en", (1, 3, 4, 5, 6, 9, 10), "Rows 1, 3 to 6, 9 and 10 of the score sheet were left empty"),
        ("fr", tuple(range(3, 16)), "Les lignes 3 à 15 du relevé sont vides"),
        ("fr", (1, 3, 5, 7, 9, 11, 13, 15, 17, 19), "Les lignes 1, 3, 5, 7, 9, 11, 13, 15 et deux autres du relevé"),
    ],
)
def test_a_replays_numbers_give_a_run_of_three_or_more_as_a_range(lang, rows, said):
    # "on moves 3, 4, 5, 6, 7, 8, 9, 10 and 5 more" hid that every move from the third on was marked (fr75, 2).
    from sos_print.plans.words import Words

    assert Words(lang)("replay.skipped", rows=rows).replace("\u00a0", " ").startswith(said)


@pytest.mark.parametrize("language", [Language.EN, Language.FR], ids=["en", "fr"])
@pytest.mark.parametrize("groups", [1, 2, 3])
def test_the_notes_tell_to_cut_the_boards_only_where_a_page_holds_two(language, groups):
    # With one group, two to a page, the page holds one board and nothing to cut, and the notes said "Each page of
    # boards holds two boards: cut it along the dashed line" (review rv62, 1); an odd count's last page holds one and
    # is not cut (French read fr62b, 1).
    text = " ".join(texts(rendered("teacher", PrintOptions(two_per_page=True, groups=groups, language=language))))
    text = " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())
    said = {
        Language.EN: (
            "Each page of boards holds two boards with a dashed line between them: cut along it.",
            " The last page of boards holds one and is not cut.",  # the file's last page is the rules' (fr65, 2)
            " Print the boards and score sheets on one side of the paper only",
        ),
        Language.FR: (
            "Chaque page de grilles porte deux grilles séparées par un pointillé : coupez-la le long de ce pointillé.",
            " La dernière page de grilles n’en porte qu’une et ne se coupe pas.",
            " Imprimez les grilles et les relevés des points en recto simple",
        ),
    }[language]
    if groups == 1:  # one board, not cut: printed on one side all the same (review rv65, 1; fr65, 1)
        alone = {
            Language.EN: "Print the board and the score sheet on one side of the paper only: the players write on both",
            Language.FR: "Imprimez la grille et le relevé des points en recto simple : les joueurs écrivent en même",
        }[language]
        assert said[0] not in text and alone in text
    else:
        assert f"{said[0]}{said[1] if groups % 2 else ''}{said[2]}" in text


@pytest.mark.parametrize(
    ("lang", "variant", "gifts"),
    [
        (
            "en",
            Variant(),
            "A move that scores nothing and leaves three cells side by side (across, down or diagonally) that hold "
            "“S, empty, S” or “S, O, empty”, in either direction, gives a gift to the next player",
        ),
        (
            "en",
            Variant(first_sos_wins=True),
            "hold “S, empty, S” or “S, O, empty”, in either direction, is giving a gift:",
        ),
        (
            "fr",
            Variant(),
            "Un coup qui ne marque pas et qui laisse trois cases qui se suivent (en ligne, en colonne ou en diagonale) "
            "contenant « S – case vide – S » ou « S – O – case vide », dans un sens ou dans l’autre, fait un cadeau",
        ),
    ],
)
def test_the_notes_name_every_gift_the_childrens_tip_pictures(lang, variant, gifts):
    # The rule sheet's tip shows S _ S, S O _ and _ O S; the notes named the first two only (review rv67, 19).
    text = " ".join(" ".join(texts(teachers_notes(PrintOptions(variant=variant, language=Language(lang))))).split())
    assert gifts in text.replace("\u202f", " ").replace("\u00a0", " ")


@pytest.mark.parametrize(
    ("lang", "variant", "said"),
    [
        (
            "en",
            Variant(),
            "The player who has just played fills in that move’s row on the score sheet. For each S-O-S the move "
            "completed, they also make one mark in the “One mark for each S-O-S” box by the board, beside their name. "
            "At the end of the game, each player counts their marks and writes the number in the “Total” box: it must "
            "equal the last total in their column on the score sheet.",
        ),
        (
            "en",
            Variant(first_sos_wins=True),
            "The player who has just played fills in that move’s row on the game sheet. Whoever completes the first "
            "S-O-S also writes the cells at its two ends in the “The winning S-O-S” box by the board, beside their "
            "name, then ticks the box in the “Tick the winner” column.",
        ),
        (
            "fr",
            Variant(players=4, teams=True),
            "Pour chaque S-O-S qu’il vient de compléter, il trace aussi un bâton dans le cadre « Un bâton par S-O-S », "
            "près de la grille, sur la ligne de son équipe. En fin de partie, chaque équipe compte ses bâtons et écrit "
            "ce nombre dans le cadre « Total » : il doit être égal au dernier total de la colonne de son équipe sur le "
            "relevé.",
        ),
        (
            "fr",
            Variant(first_sos_wins=True),
            "Celui qui complète le premier S-O-S le note aussi près de la grille, en face de son prénom : dans le "
            "cadre « Le S-O-S gagnant », il écrit les cases de ses deux bouts, puis il coche la case de la colonne "
            "« Coche le gagnant ».",
        ),
    ],
)
def test_the_notes_say_who_fills_in_each_row_and_each_mark_of_the_board(lang, variant, said):
    # The board's marks, its totals and the score sheet: nothing said who keeps which (review rv67, 3; the words of
    # three French readers, fr66 to fr68).
    text = " ".join(" ".join(texts(teachers_notes(PrintOptions(variant=variant, language=Language(lang))))).split())
    assert said in text.replace("\u202f", " ").replace("\u00a0", " ")
