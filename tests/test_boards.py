"""Tests player boards and blank grids, measured from the drawing: cell sizes, margins, labels, type sizes."""

from __future__ import annotations

import re

import pytest
from pdfread import grid_cells, marks, nearest_edge, pages, square_grids, texts
from rendered import rendered

from sos_print.documents.boards import boards_document, grids_document
from sos_print.engine.notation import Notation
from sos_print.engine.rules import Variant
from sos_print.plans.layout import LayoutError, Paper
from sos_print.plans.options import Language, PrintOptions

SAFE_EDGE = 12.0


# The specification's smallest cell, in millimetres: 18 mm up to 6x6, 15 mm for 7x7 and 8x8.
SMALLEST_CELL = {3: 18.0, 4: 18.0, 5: 18.0, 6: 18.0, 7: 15.0, 8: 15.0}

# (language, players): the plain board, and the crowded ones whose labels and tallies take room.
CROWDING = [(Language.EN, 2), (Language.BOTH, 2), (Language.BOTH, 4), (Language.FR, 4)]
LAYOUTS = [(size, False) for size in range(3, 9)] + [(3, True), (4, True)]  # (size, two boards per page)


def rendered_or_refused(options: PrintOptions) -> bytes | str:
    """Returns the boards' PDF, or the message of the LayoutError that refused them."""
    try:
        return boards_document(options).data
    except LayoutError as error:
        return str(error)


@pytest.mark.parametrize("paper", list(Paper), ids=lambda paper: paper.value)
@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize(("size", "two_per_page"), LAYOUTS, ids=lambda value: str(value))
@pytest.mark.parametrize(("language", "players"), CROWDING, ids=str)
def test_cells_take_handwriting_or_the_board_is_refused(paper, large_print, size, two_per_page, language, players):
    options = PrintOptions(
        size=size,
        groups=2,
        paper=paper,
        large_print=large_print,
        two_per_page=two_per_page,
        language=language,
        variant=Variant(players=players),
        class_name="Class 4B",
    )
    where = f"{size}x{size} on {paper.value}, {language.value}, {players} players"
    data = rendered_or_refused(options)
    if isinstance(data, str):
        # Refusing is allowed, except for the plain board; shrinking the cells never is.
        plain = (language, players) == (Language.EN, 2) and not (two_per_page and large_print)
        assert not plain, f"{where}: {data}"
        paper_name = "A4" if paper is Paper.A4 else "Letter"
        assert f"does not fit on {paper_name} with cells of at least {SMALLEST_CELL[size]:g} mm" in data
        return
    with pages(data) as pdf:
        grids = [grid for page in pdf.pages for grid in square_grids(page)]
        assert len(pdf.pages) == (1 if two_per_page else 2)
        assert len(grids) == 2, f"{where}: {len(grids)} grids for 2 groups"
        for cells in grids:
            assert len(cells) == size, cells
            assert min(cells) >= SMALLEST_CELL[size] - 0.01, f"{where}: cells of {min(cells):.2f} mm"
            assert max(cells) - min(cells) < 0.01, where  # equal columns
        for page in pdf.pages:
            assert nearest_edge(page) >= SAFE_EDGE, f"a mark {nearest_edge(page):.1f} mm from the edge"


def test_a_board_that_cannot_keep_its_cells_large_enough_is_refused_not_shrunk():
    options = PrintOptions(
        size=8, paper=Paper.LETTER, large_print=True, language=Language.BOTH, variant=Variant(players=4)
    )
    message = (
        "an 8 × 8 board with 4 players in large print in English and French does not fit on Letter with cells of "
        "at least 15 mm; try without --large-print or one language"
    )
    with pytest.raises(LayoutError) as refused:
        boards_document(options)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("notation", "columns", "rows"),
    [
        (Notation.A1, ["A", "B", "C", "D", "E"], ["5", "4", "3", "2", "1"]),  # row 1 at the bottom
        (Notation.L1C1, ["C1", "C2", "C3", "C4", "C5"], ["L1", "L2", "L3", "L4", "L5"]),  # line 1 at the top
    ],
)
def test_the_grid_is_labelled_in_the_chosen_notation(notation, columns, rows):
    with pages(boards_document(PrintOptions(size=5, notation=notation)).data) as pdf:
        page = pdf.pages[0]
        words = page.extract_words()
        cells = grid_cells(page)
        verticals = [line for line in page.lines if abs(line["x0"] - line["x1"]) < 0.01]
        grid_left = min(line["x0"] for line in verticals)
        grid_top = min(line["top"] for line in verticals)
        grid_bottom = max(line["bottom"] for line in verticals)
        near = 12 * 72 / 25.4  # labels sit within 12 mm of the grid
        top_labels = [w for w in words if w["text"] in columns and grid_top - near < w["top"] < grid_bottom + near]
        # Labels run left to right over the columns, top and bottom.
        ordered = [w["text"] for w in sorted(top_labels, key=lambda w: (round(w["top"]), w["x0"]))]
        assert ordered == columns + columns
        left_labels = [w for w in words if w["text"] in rows and w["x1"] < grid_left]
        assert [w["text"] for w in sorted(left_labels, key=lambda w: w["top"])] == rows
        assert len(cells) == 5


def test_a_board_has_the_title_the_rule_and_a_tally_per_player():
    text = texts(boards_document(PrintOptions(size=4, variant=Variant(players=3))).data)[0]
    assert "SOS: player board" in text
    assert "Write S or O in any empty cell." in text
    flat = " ".join(text.split())
    assert "scores one point. Each time you score, write one more letter." in flat
    assert "Player Name One mark for each S-O-S Total A B C" in flat  # the table: its captions, then a row per seat
    assert not re.search(r"\bD\b", flat.split("Total")[-1])


def test_team_boards_tally_by_team():
    text = " ".join(texts(boards_document(PrintOptions(variant=Variant(players=4, teams=True))).data)[0].split())
    assert "Team Names One mark for each S-O-S Total A + C A C B + D B D" in text  # each line by its seat
    assert "Player" not in text
    assert "A and C play together against B and D" in text


@pytest.mark.parametrize(
    ("variant", "note"),
    [
        (Variant(target=5), "The first player to reach 5 points wins at once, even with empty cells left."),
        (Variant(target=1), "The first player to reach 1 point wins at once, even with empty cells left."),
        (Variant(players=4, teams=True, target=3), "If the board fills up first, the team with the most points wins."),
        (Variant(first_sos_wins=True), "If the board fills up with no S-O-S, the game is a draw."),
    ],
)
def test_a_variant_in_play_is_stated_on_the_board(variant, note):
    assert note in " ".join(texts(boards_document(PrintOptions(variant=variant)).data)[0].split())


@pytest.mark.parametrize(
    ("lang", "win", "draw", "team"),
    [
        ("en", "your team wins at once.", "If the board fills up with no S-O-S", "Team game:"),
        ("fr", "ton équipe gagne aussitôt.", "Si la grille est remplie sans aucun S-O-S", "Partie en équipes :"),
    ],
)
def test_a_team_board_where_the_first_s_o_s_wins_says_the_win_then_the_draw_then_the_teams(lang, win, draw, team):
    # The team line once stood between the win and the draw it leads to (issue 21, English reading 19).
    options = PrintOptions(variant=Variant(players=4, teams=True, first_sos_wins=True), language=Language(lang))
    text = " ".join(texts(boards_document(options).data)[0].split()).replace("\u202f", " ")
    assert text.index(win) < text.index(draw) < text.index(team), text[:400]


def test_the_3x3_board_says_it_is_the_smaller_first_round_version():
    assert "A small board for your first games: 3 × 3" in texts(boards_document(PrintOptions(size=3)).data)[0]
    assert "A small board" not in texts(boards_document(PrintOptions(size=4)).data)[0]


def test_each_group_gets_its_numbered_board():
    found = texts(boards_document(PrintOptions(groups=3)).data)
    assert len(found) == 3
    assert ["Group 1 of 3" in found[0], "Group 2 of 3" in found[1], "Group 3 of 3" in found[2]] == [True] * 3


def test_large_print_makes_every_text_at_least_one_and_a_half_times_larger():
    def sizes(large: bool) -> dict[str, float]:
        with pages(boards_document(PrintOptions(size=4, groups=2, large_print=large)).data) as pdf:
            words = pdf.pages[0].extract_words(extra_attrs=["size"])
        return {w["text"]: w["size"] for w in words}

    normal, large = sizes(False), sizes(True)
    shared = set(normal) & set(large)
    assert len(shared) > 20
    for word in shared:
        assert large[word] >= 1.5 * normal[word] - 0.01, word


@pytest.mark.parametrize(
    ("size", "language", "caption"),
    [
        (3, Language.EN, "Cut along the dashed line"),
        (4, Language.EN, "Cut along the dashed line"),
        (4, Language.FR, "Découper le long du pointillé"),
    ],
)
@pytest.mark.parametrize("paper", list(Paper))
def test_two_boards_per_page_with_a_dashed_cut_line_scissors_and_a_caption(size, paper, language, caption):
    options = PrintOptions(size=size, groups=3, paper=paper, two_per_page=True, language=language)
    data = boards_document(options).data
    found = texts(data)
    assert len(found) == 2
    assert "1 of 3" in found[0] or "1 sur 3" in found[0]
    assert caption in found[0] and caption not in found[1]
    with pages(data) as pdf:
        first, last = pdf.pages
        middle = first.height / 2
        dashed = [line for line in first.lines if line["dash"] and line["dash"][0]]
        # The line, on both sides of its caption, at half the page's height.
        assert len(dashed) == 2 and all(abs(line["top"] - middle) < 0.5 for line in dashed)
        left, right = sorted(dashed, key=lambda line: line["x0"])
        words = [c for c in first.chars if abs((c["top"] + c["bottom"]) / 2 - middle) < 3]
        assert "".join(c["text"] for c in words).replace(" ", "") == caption.replace(" ", "")
        assert left["x1"] < min(c["x0"] for c in words) and max(c["x1"] for c in words) < right["x0"]
        # The scissors: two finger loops at the line's start, one above it, one below.
        loops = [curve for curve in first.curves if curve["x1"] <= left["x0"] and abs(curve["x1"] - curve["x0"]) < 10]
        assert sorted(curve["top"] < middle for curve in loops) == [False, True], loops
        assert not [line for line in last.lines if line["dash"] and line["dash"][0]]
        assert nearest_edge(first) >= SAFE_EDGE


def test_grids_print_one_page_per_size():
    data = grids_document(PrintOptions(), [3, 5, 8]).data
    with pages(data) as pdf:
        assert [len(grid_cells(page)) for page in pdf.pages] == [3, 5, 8]


@pytest.mark.parametrize(
    ("lang", "won", "tally"),
    [
        (Language.EN, ["The winning S-O-S (like B1-B3)", "Tick the winner"], ["One mark for each S-O-S", "Total"]),
        (Language.FR, ["Le S-O-S gagnant (par exemple B1-B3)", "Coche le gagnant"], ["Un bâton par S-O-S", "Total"]),
    ],
)
def test_a_first_sos_wins_board_asks_who_won_not_how_many(lang, won, tally):
    def flat(variant: Variant) -> str:
        data = boards_document(PrintOptions(variant=variant, language=lang)).data
        return " ".join(" ".join(texts(data)).split())

    first = flat(Variant(first_sos_wins=True))
    assert all(caption in first for caption in won) and not any(caption in first for caption in tally)
    plain = flat(Variant())
    assert all(caption in plain for caption in tally) and not any(caption in plain for caption in won)


@pytest.mark.parametrize("lang", [Language.EN, Language.FR])
def test_a_team_rows_name_lines_each_start_with_their_seat(lang):
    # Two blank lines on a team's row: each starts with its player's letter, so A and C know which is theirs.
    text = texts(boards_document(PrintOptions(variant=Variant(players=4, teams=True), language=lang)).data)[0]
    tail = text.split("Total")[-1].split()
    assert tail == ["A", "+", "C", "A", "C", "B", "+", "D", "B", "D"], tail
    plain = texts(boards_document(PrintOptions(variant=Variant(players=4), language=lang)).data)[0]
    assert plain.split("Total")[-1].split() == ["A", "B", "C", "D"]  # one line each: the row names the seat


@pytest.mark.parametrize(
    ("options", "least"),
    [
        (PrintOptions(variant=Variant(players=4, teams=True)), 30.0),
        (PrintOptions(size=6, variant=Variant(players=4, teams=True), language=Language.BOTH), 30.0),
        (PrintOptions(size=8, variant=Variant(players=4, teams=True), paper=Paper.LETTER), 30.0),
        (PrintOptions(variant=Variant(players=4)), 45.0),  # a row of one name
    ],
    ids=["teams", "teams-6x6-en+fr", "teams-8x8-letter", "four-players"],
)
def test_a_name_line_written_by_hand_holds_a_childs_name(options, least):
    # A team's row holds two lines: each was 23 mm, five letters of an eight-year-old's hand (review rv65, 3).
    with pages(boards_document(options).data) as pdf:
        page = pdf.pages[0]
        table_top = max(char["top"] for char in page.chars if char["text"] == "T")  # "Total" heads the table
        lines = [
            (line["x1"] - line["x0"]) / 72 * 25.4
            for line in page.lines
            if line["top"] > table_top and abs(line["top"] - line["bottom"]) < 0.1 and line["x1"] - line["x0"] < 200
        ]
    assert len(lines) >= 4 and min(lines) >= least, [f"{length:.1f}" for length in lines]


@pytest.mark.parametrize("paper", list(Paper), ids=lambda paper: paper.value)
@pytest.mark.parametrize(
    ("language", "captions"),
    [(Language.FR, ["Joueur", "Prénom", "Total"]), (Language.EN, ["Player", "Name", "Total"])],
    ids=["fr", "en"],
)
def test_the_score_tables_captions_keep_their_words_whole(paper, language, captions):
    # Large print's 8 x 8 board for four players keeps its table in two columns, whose name caption broke "Préno-m"
    # over two lines (sweep ad73, 10).
    options = PrintOptions(size=8, variant=Variant(players=4), large_print=True, paper=paper, language=language)
    words = texts(boards_document(options).data)[0].split()
    assert all(caption in words for caption in captions), words
    assert not [word for word in words if word.endswith("-") and word != "-"], words


# (options of a kit's players' file): a small, a usual and a large board, two per page, large print, A4 and Letter.
# With the pages left without a number: a 4 x 4 score sheet in English and French on A4 fills its page to the
# millimetre, and a number there would touch its pause box.
NUMBERED = [
    (PrintOptions(size=3), ()),
    (PrintOptions(size=4, groups=3, two_per_page=True), ()),
    (PrintOptions(size=6, language=Language.BOTH, variant=Variant(players=3)), ()),
    (PrintOptions(size=8, paper=Paper.LETTER), ()),
    (PrintOptions(size=4, large_print=True, language=Language.FR), ()),
    (PrintOptions(size=8, large_print=True, paper=Paper.LETTER), ()),
    (PrintOptions(size=4, language=Language.BOTH), (2,)),
]


BLANK_NOTICES = {"This page is intentionally left blank", "Page volontairement laissée blanche."}


@pytest.mark.parametrize(
    ("options", "unnumbered"),
    NUMBERED,
    ids=["3", "4 two per page", "6 en+fr 3 players", "8 letter", "4 large fr", "8 large letter", "4 en+fr full sheet"],
)
def test_every_page_of_the_players_file_has_its_number_in_the_foot_clear_of_the_board(options, unnumbered):
    # The teacher's notes send the teacher to pages of players.pdf ("rules: pages 5-6"): each page prints "Page 5"
    # (the digit alone, under a board's last Total box, read as a score: review rv62, 6) at the right of its bottom
    # margin, no lower than 12 mm from the edge, 1 mm clear of anything else drawn; a page left blank so that the
    # rules start on a front carries none (only a line in its middle that says it is blank on purpose), nor does a
    # page whose drawing leaves the number no room.
    data = rendered("players", options)
    mm = 72 / 25.4
    with pages(data) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            drawn = marks(page)
            words = page.extract_words(keep_blank_chars=True)
            if {word["text"] for word in words} <= BLANK_NOTICES:
                continue  # its one line (one per language), in the middle, says so; it has no number
            low = max(words, key=lambda word: word["bottom"])
            line = [word for word in words if abs(word["bottom"] - low["bottom"]) < 1.0]
            if number in unnumbered or any(
                word["text"].startswith("Page ") and word["top"] < page.height / 3 for word in words
            ):
                # A score sheet of several pages numbers them in its head ("Page 1 of 4"): one numbering a page.
                assert (page.height - low["bottom"]) / mm > 15.0, (number, line)  # nothing in the bottom margin
                continue
            assert " ".join(word["text"] for word in line) == f"Page {number}", (number, line)
            right = page.width - max(word["x1"] for word in line)
            assert right == pytest.approx(15.0 * mm, abs=0.5), number
            assert (page.height - low["bottom"]) / mm >= 12.0 - 0.05, number
            top = min(word["top"] for word in line) - 1.0 * mm
            left = min(word["x0"] for word in line) - 1.0 * mm
            others = [
                mark
                for mark in drawn
                if page.height - mark.y0 > top and mark.x1 > left and not _in_folio(mark, line, page.height)
            ]
            assert not others, (number, others[:3])


def _in_folio(mark, line, height) -> bool:
    """Tells whether a drawn mark is one of the folio's characters."""
    return any(
        word["x0"] - 0.1 <= mark.x0 and mark.x1 <= word["x1"] + 0.1 and height - mark.y0 <= word["bottom"] + 0.1
        for word in line
    )


def _apart(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    """Returns the distance (points) between two boxes (x0, top, x1, bottom), 0 where they meet."""
    dx = max(0.0, b[0] - a[2], a[0] - b[2])
    dy = max(0.0, b[1] - a[3], a[1] - b[3])
    return (dx * dx + dy * dy) ** 0.5


@pytest.mark.parametrize(
    "options",
    [
        PrintOptions(size=8, paper=Paper.LETTER, language=Language.FR, large_print=True),
        PrintOptions(size=8, large_print=True),
        PrintOptions(size=4, large_print=True, paper=Paper.LETTER),
        PrintOptions(size=4, paper=Paper.LETTER, language=Language.FR),
        PrintOptions(size=8),
        PrintOptions(size=3),
    ],
    ids=["8 fr letter large", "8 large", "4 letter large", "4 fr letter", "8", "3"],
)
def test_a_players_page_has_one_numbering_its_number_2_mm_clear_of_every_box(options):
    # The 8 x 8 kit in French on Letter in large print: the number "1" under the board touched B's Total box, and a
    # score sheet's head said "Page 1 sur 4" over a foot that said "2" (issue 23, review 33, 2.5). A page of a score
    # sheet of several pages is numbered by its head alone; any other number in the foot stands 2 mm from every box.
    mm = 72 / 25.4
    with pages(rendered("players", options)) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            words = page.extract_words()
            head = [word for word in words if word["text"] in ("Page", "page") and word["top"] < page.height / 3]
            foot = [word for word in words if word["text"] == str(number) and word["top"] > page.height - 25 * mm]
            assert not (head and foot), f"page {number} numbered twice"
            for word in foot:
                box = (word["x0"], word["top"], word["x1"], word["bottom"])
                drawn = [
                    (item["x0"], item["top"], item["x1"], item["bottom"])
                    for item in page.rects + page.curves + page.lines
                ]
                nearest = min((_apart(box, other) for other in drawn), default=1000.0) / mm
                assert nearest >= 2.0, f"page {number}: its number {nearest:.2f} mm from a box"


@pytest.mark.parametrize(
    ("name", "language", "captioned"),
    [
        ("Class 3 Oak", Language.EN, False),
        ("3 Oak", Language.EN, True),
        ("Classe CE2", Language.BOTH, False),
        ("class 4b", Language.FR, False),
        ("CE2", Language.BOTH, True),
        ("Classroom 12", Language.EN, True),
    ],
)
def test_a_class_name_that_says_class_is_not_captioned_class_again(name, language, captioned):
    # "Class 3 Oak", as a teacher types it, printed "Class Class 3 Oak" on every page (review nt62, 4).
    pages = texts(rendered("players", PrintOptions(class_name=name, language=language)))
    heads = {page.splitlines()[0] for page in pages}
    assert heads <= ({"Class", "Classe", "Class / Classe"} if captioned else {name}), heads
    assert all(name in page for page in pages)


@pytest.mark.parametrize(
    ("name", "language"), [("Class", Language.EN), ("classe :", Language.FR), ("Class:", Language.BOTH)]
)
def test_a_class_name_that_is_the_caption_alone_prints_the_caption_and_its_line(name, language):
    # "--class-name Class" printed a bare bold "Class", neither a name nor the line to write one on (sweep ad76, 9).
    assert rendered("players", PrintOptions(class_name=name, language=language)) == rendered(
        "players", PrintOptions(language=language)
    )
