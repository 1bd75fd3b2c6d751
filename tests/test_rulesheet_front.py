"""Tests the rule sheet as an eight-year-old reads it alone: its front's pictures, and the back's lists and corners
(issue 23, design review des38, B1 to B3 and B7 to B9)."""

from __future__ import annotations

import itertools
import re

import pytest
from pdfread import MM, pages, texts
from rendered import rendered
from test_replay import boards_on
from test_rulesheet import grid_frames

from sos_print.engine.notation import Notation
from sos_print.engine.rules import Variant
from sos_print.plans.layout import Paper
from sos_print.plans.options import Language, PrintOptions

VARIANTS = {
    "two": Variant(),
    "three": Variant(players=3),
    "four": Variant(players=4),
    "teams": Variant(players=4, teams=True),
    "target": Variant(target=3),
    "first": Variant(first_sos_wins=True),
    "teams first": Variant(players=4, teams=True, first_sos_wins=True),
}


def front_pictures(data: bytes) -> tuple[list[dict], list[dict], list[dict]]:
    """Returns the front's picture frames, its characters and its dashed curves."""
    with pages(data) as pdf:
        front = pdf.pages[0]
        return grid_frames(front), front.chars, [curve for curve in front.curves if curve["dash"]]


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("notation", list(Notation))
@pytest.mark.parametrize("name", ["two", "teams", "three"])
def test_the_fronts_pictures_carry_no_coordinates(name, notation, large_print):
    # Column labels "A B C" under the pictures and the players' badges "A" and "B" on them: a child took column A for
    # player A (des38, B1). The front names no cell (its words never do; naming cells is on the back): nothing smaller
    # than its words is written round its pictures, within 8 mm under, over or left of them, outside every picture.
    options = PrintOptions(variant=VARIANTS[name], notation=notation, large_print=large_print)
    frames, chars, _ = front_pictures(rendered("rules", options))
    assert len(frames) == 4

    def inside(c, frame) -> bool:
        across = frame["x0"] < c["x0"] and c["x1"] < frame["x1"]
        return across and frame["top"] < c["top"] and c["bottom"] < frame["bottom"]

    body, band = 12.0 * (1.5 if large_print else 1.0), 8 * MM
    small = [c for c in chars if c["text"].strip() and c["size"] < body - 0.5]
    small = [c for c in small if not any(inside(c, frame) for frame in frames)]
    for frame in frames:
        x0, x1, top, bottom = frame["x0"], frame["x1"], frame["top"], frame["bottom"]
        over_or_under = [c for c in small if top - band < c["bottom"] <= top or bottom <= c["top"] < bottom + band]
        near = [c["text"] for c in over_or_under if x0 <= c["x0"] and c["x1"] <= x1]
        near += [c["text"] for c in small if top <= c["top"] and c["bottom"] <= bottom and x0 - band < c["x1"] <= x0]
        assert not near, near


@pytest.mark.parametrize(
    ("name", "paper", "front"),
    [("teams", Paper.A4, True), ("first", Paper.LETTER, True), ("teams", Paper.LETTER, True), ("two", Paper.A4, False)],
)
def test_the_tip_stands_under_the_steps_only_where_it_keeps_the_sheet_to_two_pages(name, paper, front):
    # The French teams' sheet on Letter took three pages either way, and the tip stood on the back (designer's review
    # dz100, 5): with a smaller grid for naming cells on the back and the tip on the front, it takes two (dz100, 4).
    options = PrintOptions(variant=VARIANTS[name], language=Language.FR, paper=paper)
    found = texts(rendered("rules", options))
    assert ("Conseil" in found[0], len(found)) == (front, 2)


@pytest.mark.parametrize(("language", "score"), [(Language.EN, "3 to 1"), (Language.FR, "3 à 1")])
def test_the_pictured_games_score_is_never_broken_across_two_lines(language, score):
    # "le joueur A gagne 3 à" over "1." left the score's last figure alone on a line (designer's review dz100, 6).
    lines = texts(rendered("rules", PrintOptions(language=language)))[0].replace("\u00a0", " ").splitlines()
    assert any(score in line for line in lines), lines


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("language", [Language.EN, Language.FR])
@pytest.mark.parametrize("name", ["two", "teams"])
def test_the_front_is_set_a_size_up_from_the_back(name, language, paper, large_print):
    # How to play, read by a child alone, was set at 12 pt as the back is (designer's review dz97, C3): its words now
    # 14.8 pt, its step headings 14.8 pt in bold under the 18.5 pt title (at 18.5 pt, five equal headings: French read
    # fr98, 3); large print's are 18 pt and 22.2 pt already, as its back's.
    options = PrintOptions(variant=VARIANTS[name], language=language, paper=paper, large_print=large_print)
    with pages(rendered("rules", options)) as pdf:
        front, back = pdf.pages[0], pdf.pages[1]
        frames = grid_frames(front)
        words = [c for c in front.chars if c["text"].strip() and not any(f["x0"] <= c["x0"] <= f["x1"] for f in frames)]
        title = min(c["bottom"] for c in words)  # the title's first line
        steps = [c for c in words if c["top"] > title and c["top"] < min(f["top"] for f in frames[-1:]) + 40 * MM]
        regular = {round(c["size"], 1) for c in steps if "Bold" not in c["fontname"]}
        headings = [c for c in steps if re.fullmatch(r"[1-4]", c["text"]) and "Bold" in c["fontname"]]
        back_words = {round(c["size"], 1) for c in back.chars if c["text"].strip() and "Bold" not in c["fontname"]}
    assert regular == ({18.0} if large_print else {14.8}), regular
    assert [round(c["size"], 1) for c in headings] == [22.2 if large_print else 14.8] * 4
    assert (18.0 if large_print else 12.0) in back_words


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("language", [Language.EN, Language.FR])
@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_games_front_has_pictures_of_one_size(name, language, paper, large_print):
    # The teams' sheet, whose opening paragraph is longer, had 14 mm cells where the two-player sheet had 17 (des38,
    # B7): every game's front pictures have 14 mm cells, in either print, on either paper (teams whose first S-O-S
    # wins had 13.5 mm on Letter until their opening sentence was shortened, des40). In large print the full board's
    # picture has 17 mm cells: its 13.5 pt badges stood inside its ring of lines at 14 mm (dz95, B1).
    options = PrintOptions(variant=VARIANTS[name], language=language, paper=paper, large_print=large_print)
    frames, _, _ = front_pictures(rendered("rules", options))
    full_board = 17.0 if large_print and not options.variant.first_sos_wins else 14.0
    assert [round(frame["width"] / MM / 3, 2) for frame in frames] == [14.0, 14.0, 14.0, full_board]


@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("language", [Language.EN, Language.FR])
@pytest.mark.parametrize("name", ["two", "teams", "first"])
def test_the_fronts_steps_spread_down_the_page(name, language, paper):
    # The four steps stood at the top, the foot of the page a fifth blank (designer's review dz86, 12): where the
    # front has room, the steps spread evenly down it, 12 mm more between each two at most.
    options = PrintOptions(variant=VARIANTS[name], language=language, paper=paper)
    frames, _, _ = front_pictures(rendered("rules", options))
    tops = [frame["top"] / MM for frame in frames]
    gaps = [later - earlier for earlier, later in itertools.pairwise(tops)]
    assert max(gaps) - min(gaps) < 0.1, gaps
    with pages(rendered("rules", options)) as pdf:
        foot = pdf.pages[0].height / MM - max(c["bottom"] for c in pdf.pages[0].chars) / MM
    assert foot < 45.0, foot


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("name", list(VARIANTS))
def test_step_1_frames_the_letter_just_written(name, large_print):
    # Step 1's picture showed three letters, not which was just written (des38, B2): the last, in a dotted frame as the
    # worked example marks it, is the only dotted frame on the front.
    options = PrintOptions(variant=VARIANTS[name], large_print=large_print)
    frames, chars, dashed = front_pictures(rendered("rules", options))
    first = min(frames, key=lambda frame: frame["top"])
    assert len(dashed) == 1
    (mark,) = dashed
    assert first["x0"] < mark["x0"] < mark["x1"] < first["x1"] and first["top"] < mark["top"] < first["bottom"]
    middles = [(c["text"], (c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2) for c in chars]
    inside = [text for text, x, y in middles if mark["x0"] < x < mark["x1"] and mark["top"] < y < mark["bottom"]]
    assert inside == ["S"]


STEP_2 = {
    Language.EN: "In the picture, there are 3 S-O-S: one across, one down, one diagonal.",
    # In words in French, as the three « un » that follow it (fr41): a child reads « trois », not a digit.
    Language.FR: "Sur l'image, il y a trois S-O-S : un en ligne, un en colonne, un en diagonale.",
}


@pytest.mark.parametrize("language", [Language.EN, Language.FR])
@pytest.mark.parametrize("name", list(VARIANTS))
def test_step_2_says_its_picture_holds_three_sos_each_one_on_its_own(name, language):
    # Three S-O-S through one O: a child may think all three are needed for one (des38, B3).
    front = texts(rendered("rules", PrintOptions(variant=VARIANTS[name], language=language)))[0]
    front = re.sub(r"\s+", " ", front.replace("\u2019", "'").replace("\u202f", " ").replace("\u00a0", " "))
    assert STEP_2[language] in front


CORNERS = [
    (PrintOptions(notation=Notation.L1C1, size=6, language=Language.BOTH), ("top", "right")),
    (PrintOptions(size=6), ("top", "right")),
    (PrintOptions(size=8, language=Language.FR), ("top", "right")),
]


@pytest.mark.parametrize(("options", "open_sides"), CORNERS, ids=["l1c1 6 en+fr", "a1 6", "a1 8 fr"])
def test_a_corner_of_a_large_board_is_drawn_open_where_the_board_runs_on(options, open_sides):
    # The worked example of `--notation l1c1 --size 6` drew rows L3 to L6 and columns C1 to C4 framed all round, a
    # 4 x 4 board (des38, B8): the sides the board runs on past have no frame, each of its lines runs on past them
    # (a third of a cell), and the column letters stand under it, on the board's own edge.
    data = rendered("rules", options)
    with pages(data) as pdf:
        for number, page in enumerate(pdf.pages):
            if number % 2 == 0:
                continue  # the fronts
            (left, top, cell, size), *_ = [board for board in boards_on(data, number) if board[3] < options.size]
            x0, y0, side, reach = left * MM, top * MM, cell * size * MM, 0.35 * cell * MM
            assert not [r for r in grid_frames(page) if abs(r["x0"] - x0) < 1 and abs(r["top"] - y0) < 1]
            ends = {"right": [], "top": []}
            for line in page.lines:
                if abs(line["top"] - line["bottom"]) < 0.01 and abs(line["x0"] - (x0 + side)) < 0.5:
                    ends["right"].append(line["x1"] - line["x0"])
                if abs(line["x0"] - line["x1"]) < 0.01 and abs(line["bottom"] - y0) < 0.5:
                    ends["top"].append(line["bottom"] - line["top"])
            for name in open_sides:
                assert [round(length / reach, 2) for length in ends[name]] == [1.0] * (size + 1), (name, ends)
            under = [
                w["text"]
                for w in page.extract_words()
                if x0 < w["x0"] < x0 + side and y0 + side < w["top"] < y0 + side + 6 * MM
            ]
            assert len(under) == size and all(re.fullmatch(r"[A-H]|C\d", word) for word in under), under


WAYS = {
    # The list's item, not the worked example's heading of a game to a target ("First to 3 points", no stop).
    Language.EN: [r"First to \d+ points(\.| \()", r"First S-O-S wins\.", r"Three or four players\.", r"Team SOS\."],
    Language.FR: [
        r"Le premier à \d+ points",
        r"Le premier S-O-S gagne\.",
        r"Trois ou quatre joueurs\.",
        r"SOS en équipes\.",
    ],
}


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("language", [Language.EN, Language.FR])
@pytest.mark.parametrize("name", ["two", "three", "target", "first", "teams first"])
def test_the_other_ways_to_play_stay_in_one_column(name, language, paper, large_print):
    # The French sheet's last way to play, « SOS en équipes », stood alone at the top of column 2, above « Nommer les
    # cases » (des38, B9): the four ways stand in one column of one page.
    options = PrintOptions(variant=VARIANTS[name], language=language, paper=paper, large_print=large_print)
    found = []
    with pages(rendered("rules", options)) as pdf:
        for number, page in enumerate(pdf.pages[1:], 1):  # the back: the front's step 4 may be "First to 3 points"
            for pattern in WAYS[language]:
                for match in page.search(pattern):
                    found.append((number, match["x0"] < page.width / 2, pattern))
    assert sorted(pattern for *_, pattern in found) == sorted(WAYS[language]), found
    assert len({(number, left) for number, left, _ in found}) == 1, found


DASHED_BOX = {
    Language.EN: "The picture’s dashed box marks the new letter.",
    Language.FR: "Sur l’image, le cadre en pointillés marque la nouvelle lettre.",
}


@pytest.mark.parametrize(
    ("name", "language", "paper", "large_print"),
    [
        *(
            (name, language, paper, False)
            for name in VARIANTS
            for language in (Language.EN, Language.FR)
            for paper in Paper
        ),
        ("two", Language.EN, Paper.A4, True),
        ("first", Language.FR, Paper.A4, True),
    ],
)
def test_the_front_says_what_step_1s_dashed_box_shows(name, language, paper, large_print):
    # Step 1's picture frames the letter just written in dashes, and no word said what the frame meant (issue 23,
    # des42 C5). Large print leaves the sentence out only where it would cost a page or shrink the pictures (French
    # on A4 since the full board's picture grew for its badges: dz95, B1).
    options = PrintOptions(variant=VARIANTS[name], language=language, paper=paper, large_print=large_print)
    front = " ".join(texts(rendered("rules", options))[0].split())
    step_1, step_2 = front.index("1. "), front.index("2. ")
    assert DASHED_BOX[language] in front[step_1:step_2], front[step_1:step_2]
