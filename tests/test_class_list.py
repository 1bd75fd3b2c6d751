"""Tests a class list in, a class's materials out: each child's name printed where they write it on every document
asked for and nowhere else, the groups, the teacher's class sheet, personal puzzle sheets, and every bad input."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT
from formfill import fill, move_values
from pdfread import chars, outline, pages, reader, texts
from pypdf import PageObject, PdfReader
from pypdf.generic import (
    ArrayObject,
    ByteStringObject,
    DictionaryObject,
    IndirectObject,
    NameObject,
    StreamObject,
    TextStringObject,
)
from rendered import CLASS, rendered, with_class
from test_long_text import clashes

from sos_print.cli import app
from sos_print.engine.notation import Notation, cell_name
from sos_print.engine.roster import parse_roster
from sos_print.engine.rules import Board, Letter, Move, Position, Variant
from sos_print.plans.classsheet import class_sheet_plan
from sos_print.plans.options import Language, PrintOptions

GROUP = re.compile(r"(?:Group|Groupe) (\d+) (?:of|sur) (\d+)")
SHEET = re.compile(r"(?:Sheet|Fiche) (\d+)\b")


def squeezed(text: str) -> str:
    """Returns text without its white space: a name set on two lines ("Jean-" / "Baptiste") reads back whole."""
    return "".join(text.split())


def on(page: str, name: str) -> bool:
    return squeezed(name) in squeezed(page)


def groups_of(options: PrintOptions) -> list[tuple[str, ...]]:
    assert options.seating is not None
    return [tuple(child.name for child in group) for group in options.seating.groups]


def pages_by_group(data: bytes) -> dict[int, list[str]]:
    """Returns the text of each page that has a group label, by its group's number."""
    found: dict[int, list[str]] = {}
    for text in texts(data):
        for number in dict.fromkeys(int(match[1]) for match in GROUP.finditer(text)):
            found.setdefault(number, []).append(text)
    return found


# --- names printed on every page asked for ---------------------------------------------------------------------

LANGUAGES = [Language.EN, Language.FR, Language.BOTH]


@pytest.mark.parametrize("notation", list(Notation))
@pytest.mark.parametrize("language", LANGUAGES, ids=[language.value for language in LANGUAGES])
@pytest.mark.parametrize("document", ["boards", "audit", "players"])
def test_each_groups_names_are_on_its_board_and_audit_and_no_other_groups(document, language, notation):
    options = with_class(PrintOptions(language=language, notation=notation))
    groups = groups_of(options)
    by_group = pages_by_group(rendered(document, options))
    assert sorted(by_group) == list(range(1, len(groups) + 1)), document
    for number, names in enumerate(groups, start=1):
        pages = by_group[number]
        # A board is one page; an audit's names are on its first page; the players' file has both.
        expected = {"boards": 1, "audit": 1, "players": 2}[document]
        assert sum(all(on(page, name) for name in names) for page in pages) == expected, (document, number)
        others = [name for k, group in enumerate(groups, start=1) if k != number for name in group]
        assert not any(on(page, name) for page in pages for name in others), (document, number)


@pytest.mark.parametrize(
    "options",
    [
        with_class(PrintOptions(two_per_page=True)),
        with_class(PrintOptions(size=8, large_print=True, variant=Variant(players=4))),
        with_class(PrintOptions(size=3, variant=Variant(players=4, teams=True), language=Language.FR_EN)),
        with_class(PrintOptions(size=5, variant=Variant(players=3), large_print=True, language=Language.BOTH)),
    ],
    ids=["two-per-page", "8x8-large-4-players", "3x3-teams-fr+en", "5x5-3-players-large-en+fr"],
)
def test_names_are_printed_in_every_layout(options):
    groups = groups_of(options)
    for document in ("boards", "audit"):
        by_group = pages_by_group(rendered(document, options))
        for number, names in enumerate(groups, start=1):
            assert any(all(on(page, name) for name in names) for page in by_group[number]), (document, number)


@pytest.mark.parametrize(
    "options",
    [
        PrintOptions(),
        PrintOptions(two_per_page=True),
        PrintOptions(two_per_page=True, size=3, variant=Variant(players=3), language=Language.FR),
        PrintOptions(two_per_page=True, variant=Variant(players=4, teams=True)),
    ],
    ids=["one-per-page", "two-per-page", "two-per-page-3x3-three-fr", "two-per-page-teams"],
)
def test_a_short_name_is_printed_at_the_childrens_12_points_on_every_board(options):
    # On two-per-page boards "Emma" stood at 9 points beside its 10-point "Name" (review nt64, 15).
    names = ("Léa", "Tom", "Zoé", "Maël", "Inès", "Noé")
    with pages(rendered("boards", with_class(options, names))) as pdf:
        drawn = chars(pdf.pages[0])
    text = "".join(char.get_text() for char in drawn)
    found = {
        name: {round(drawn[k].size, 1) for k in range(at, at + len(name))}
        for name in names
        if (at := text.find(name)) >= 0
    }
    assert len(found) >= 2 and all(sizes == {12.0} for sizes in found.values()), found


def test_a_group_of_another_size_plays_its_own_game_on_its_own_board_and_audit():
    options = with_class(PrintOptions(variant=Variant(players=4, teams=True)))  # seven children: 4 and 3
    assert [len(group) for group in groups_of(options)] == [4, 3]
    boards = pages_by_group(rendered("boards", options))
    assert "A + C" in boards[1][0] and "A + C" not in boards[2][0]  # the three play each for themselves
    audits = pages_by_group(rendered("audit", options))
    assert "PointsTotalABC1" in squeezed(audits[2][0])  # three running totals, no D
    form = reader(rendered("fillable audit", options)).get_fields()
    assert "players=4 teams=yes" in form["group1.game"]["/V"] and "players=3 teams=no" in form["group2.game"]["/V"]


def test_a_board_is_drawn_once_per_game_and_the_names_over_it_per_page():
    names = tuple(f"Child {chr(65 + k // 26)}{chr(97 + k % 26)}" for k in range(31))  # thirty-one: 14 pairs, a three
    data = rendered("boards", with_class(PrintOptions(), names))
    pdf = PdfReader(io.BytesIO(data))
    forms = {ref.idnum for page in pdf.pages for ref in page["/Resources"]["/XObject"].values()}
    assert len(pdf.pages) == 15 and len(forms) == 2  # the pairs' board and the three's
    for number in forms:
        assert not any(name in drawn_text(pdf, number) for name in names)


def drawn_text(pdf: PdfReader, number: int) -> str:
    """Returns the text a form XObject draws, read as if it were a page of its own."""
    form = pdf.get_object(number)
    page = PageObject.create_blank_page(pdf, 595, 842)
    page[NameObject("/Resources")] = form["/Resources"]
    page[NameObject("/Contents")] = IndirectObject(number, 0, pdf)
    return page.extract_text()


@pytest.mark.parametrize("language", [*LANGUAGES, Language.FR_EN], ids=lambda language: language.value)
def test_the_teachers_class_sheet_lists_every_group_and_a_results_table_in_each_language(language):
    options = with_class(PrintOptions(language=language, variant=Variant(players=3)))
    pages = texts(rendered("teacher", options))
    titles = {"en": "Class sheet: groups and results", "fr": "Feuille de classe\u202f: groupes et résultats"}
    results = {"en": "Final score", "fr": "Score final"}
    starts = [k for k, page in enumerate(pages) for code in titles if page.startswith(titles[code])]
    assert len(starts) == len(language.codes)
    for start, code in zip(starts, language.codes, strict=True):
        sheet = pages[start]
        assert sheet.startswith(titles[code]) and results[code] in sheet
        for name in CLASS:
            assert on(sheet, name), name
    marks = outline(rendered("teacher", options))
    assert [mark for mark in marks if mark in ("Class sheet", "Feuille de classe")] == [
        {"en": "Class sheet", "fr": "Feuille de classe"}[code] for code in language.codes
    ]


NUMBER_WORDS = {
    "en": {2: "two", 3: "three", 4: "four"},
    "fr": {2: "deux", 3: "trois", 4: "quatre"},
}
# How many groups, in words in the class sheet's prose (a teacher reads "twelve groups", not "12 groups").
COUNT_WORDS = {
    "en": dict(
        enumerate(
            [
                "one",
                "two",
                "three",
                "four",
                "five",
                "six",
                "seven",
                "eight",
                "nine",
                "ten",
                "eleven",
                "twelve",
                "thirteen",
                "fourteen",
                "fifteen",
                "sixteen",
                "seventeen",
                "eighteen",
                "nineteen",
                "twenty",
            ],
            start=1,
        )
    ),
    "fr": dict(
        enumerate(
            [
                "un",
                "deux",
                "trois",
                "quatre",
                "cinq",
                "six",
                "sept",
                "huit",
                "neuf",
                "dix",
                "onze",
                "douze",
                "treize",
                "quatorze",
                "quinze",
                "seize",
                "dix-sept",
                "dix-huit",
                "dix-neuf",
                "vingt",
            ],
            start=1,
        )
    ),
}


def expected_sizes(children: int, size: int) -> list[int]:
    """Returns the groups' sizes the issue's rule gives, written here apart from the program: groups of `size`, two
    or three left over play together, one left over joins the last group (with fours, those five play as 3 and 2)."""
    full, left = divmod(children, size)
    if left == 1:
        return [size] * (full - 1) + ([3, 2] if size == 4 else [size + 1])
    return [size] * full + ([left] if left else [])


def said_groups(sizes: list[int], lang: str) -> str:
    """Returns how the class sheet says the groups: "seven groups of four and one group of three"."""
    counted: dict[int, int] = {}
    for size in sizes:
        counted[size] = counted.get(size, 0) + 1
    word, group, groups, last = {
        "en": (NUMBER_WORDS["en"], "group", "groups", " and "),
        "fr": (NUMBER_WORDS["fr"], "groupe", "groupes", " et "),
    }[lang]
    of = "of" if lang == "en" else "de"
    parts = [
        f"{COUNT_WORDS[lang].get(n, n)} {group if n == 1 else groups} {of} {word[size]}" for size, n in counted.items()
    ]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + last + parts[-1]


def intro_text(options: PrintOptions, lang: str) -> str:
    plan = class_sheet_plan(options, lang)
    assert plan is not None
    text = " ".join("".join(run.text for run in block.runs) for block in plan.intro)
    return text.replace("\u202f", " ").replace("\xa0", " ")


@pytest.mark.parametrize(("players", "teams"), [(2, False), (3, False), (4, False), (4, True)])
def test_the_class_sheet_says_the_groups_the_class_really_makes_for_every_class_size(players, teams):
    variant = Variant(players=players, teams=teams)
    size = 4 if teams else players
    for children in range(2, 61):
        names = tuple(f"Child {k}" for k in range(children))
        options = with_class(PrintOptions(variant=variant), names)
        groups = groups_of(options)
        assert sorted(name for group in groups for name in group) == sorted(names), "everybody exactly once"
        assert [len(group) for group in groups] == expected_sizes(children, size), f"{children} children"
        assert min(len(group) for group in groups) >= 2 and max(len(group) for group in groups) <= 4
        leftover = any(len(group) != size for group in groups)
        for lang, divide, few in (
            ("en", "do not divide exactly", "are too few for two teams of two"),
            ("fr", "ne se partagent pas exactement", "sont trop peu nombreux pour deux équipes de deux"),
        ):
            text = intro_text(options, lang)
            divide = few if teams and children < 4 else divide  # no team at all: said so (sweep 18, N15)
            said = f"{'The' if lang == 'en' else 'Les'} {children} "
            teamed = teams and any(len(group) == 4 for group in groups)
            after = {"en": ";", "fr": " ;"}[lang] if teamed else "."  # then, with teams, how a group of four plays
            assert said in text and said_groups(expected_sizes(children, size), lang) + after in text, (children, text)
            assert ("A and C against B and D" in text or "A et C contre B et D" in text) is teamed, (children, text)
            assert (divide in text) is leftover, (
                f"{children} children: the leftover paragraph {'missing' if leftover else 'printed'}"
            )
            odd = [number for number, group in enumerate(groups, start=1) if len(group) != size]
            for number in odd:
                assert re.search(rf"\b(Group|group|Le groupe|le groupe) {number}\b", text), (children, number, text)


RULES_INTRO = {
    (2, False): "A game for two players",
    (3, False): "A game for three players",
    (4, False): "A game for four players, each with a pencil.",
    (4, True): "A game for four players, each with a pencil, in two teams",
}


GAME_TITLE = {(2, False): "two players", (3, False): "three players", (4, False): "four players", (4, True): "teams"}


@pytest.mark.parametrize(
    ("players", "teams", "children", "games"),
    [
        (4, True, 31, [(4, True), (3, False)]),  # seven teams of four, and three who play each for themselves
        (2, False, 31, [(2, False), (3, False)]),  # fourteen pairs and a three
        (4, False, 33, [(4, False), (3, False), (2, False)]),  # seven fours, then a three and a pair
        (2, False, 30, [(2, False)]),  # no one left over: the kit's own rule sheet alone
        (3, False, 2, [(2, False)]),  # two children cannot play the game for three: theirs only
    ],
)
def test_the_players_file_holds_the_rule_sheet_of_every_game_its_groups_play(players, teams, children, games):
    names = tuple(f"Child {k}" for k in range(children))
    options = with_class(PrintOptions(variant=Variant(players=players, teams=teams)), names)
    pages = [" ".join(page.split()) for page in texts(rendered("players", options))]
    starts = [page for page in pages if page.startswith("SOS: the rules")]
    assert len(starts) == len(games), [page[:80] for page in starts]
    for page, game in zip(starts, games, strict=True):
        assert RULES_INTRO[game] in page, page[:120]
        # Among several games' rule sheets, each title names its game (issue 21, English reading 7).
        title = f"SOS: the rules for {GAME_TITLE[game]} " if len(games) > 1 else "SOS: the rules A game"
        assert page.startswith(title), page[:80]
    named = [f"Rules for {GAME_TITLE[game]}" for game in games] if len(games) > 1 else ["Rules"]
    assert [mark for mark in outline(rendered("players", options)) if mark.startswith("Rules")] == named
    for (played, teamed), group in zip(
        [(len(group), len(group) == 4 and teams) for group in groups_of(options)], groups_of(options), strict=True
    ):
        assert any(RULES_INTRO[(played, teamed)] in page for page in starts), f"no rules for a group of {len(group)}"


def test_a_smaller_groups_row_of_the_class_sheet_has_a_cell_for_every_seat():
    names = tuple(f"Child {k:02d}" for k in range(31))  # seven teams of four and a three
    data = rendered("teacher", with_class(PrintOptions(variant=Variant(players=4, teams=True)), names))
    with pages(data) as pdf:
        page = pdf.pages[0]
        words = page.extract_words(extra_attrs=["fontname"])
        heading = next(w for w in words if w["text"] == "Group" and "Bold" in w["fontname"])  # the table's heading
        boxes = [r for r in page.rects if r["width"] > 5 and r["height"] > 5]
        head = sorted(r["x0"] for r in boxes if r["top"] <= heading["top"] <= r["bottom"])
        assert len(head) == 6, "Group, Game, A, B, C, D"
        for number, name in ((1, "Child 00"), (8, "Child 28")):
            first = next(w for w in words if w["text"] == name.split()[1] and w["top"] > heading["bottom"])
            row = [r for r in boxes if r["top"] <= first["top"] <= r["bottom"] and r["top"] > heading["bottom"]]
            assert sorted(r["x0"] for r in row) == pytest.approx(head, abs=0.5), f"row {number}: cells across seats"
            label = next(w for w in words if w["text"] == str(number) and row[0]["top"] <= w["top"] <= row[0]["bottom"])
            cell = min(row, key=lambda r: r["x0"])
            assert "Bold" in label["fontname"], f"group {number}'s number is not bold"
            centre = (label["x0"] + label["x1"]) / 2
            assert centre == pytest.approx((cell["x0"] + cell["x1"]) / 2, abs=1.0), f"group {number} not centred"
        last = [r for r in boxes if r["x0"] == pytest.approx(head[-1], abs=0.5) and r["top"] > heading["bottom"]]
        empty = max(last, key=lambda r: r["top"])
        inside = [
            w["text"]
            for w in words
            if empty["x0"] < w["x0"] < empty["x1"] and empty["top"] < w["top"] < empty["bottom"]
        ]
        assert inside == ["\u2014"], f"seat D of group 8 holds {inside}"


@pytest.mark.parametrize(
    ("language", "says", "rules"),
    [
        (
            Language.EN,
            "seven groups of four and one group of three; each group of four plays in two teams",
            "the three left over make group 8 and play the game for three players, without teams",
        ),
        (
            Language.FR,
            "sept groupes de quatre et un groupe de trois ; chaque groupe de quatre joue en deux équipes",
            "les trois enfants qui restent jouent ensemble dans le groupe 8, la partie à trois joueurs, sans équipes",
        ),
    ],
)
def test_the_class_sheet_of_thirty_one_in_teams_reads_back_its_groups_and_names(language, says, rules):
    names = tuple(f"Child {k:02d}" for k in range(31))
    options = with_class(PrintOptions(language=language, variant=Variant(players=4, teams=True)), names)
    sheet = " ".join(" ".join(texts(rendered("teacher", options))[:2]).split()).replace("\u202f", " ")
    assert says in sheet and rules in sheet
    assert (
        "the players take turns in the order A, B, C, D (A, B, C in group 8)"
        if language is Language.EN
        else "chacun joue à son tour, dans l’ordre A, B, C, D (A, B, C dans le groupe 8)"
    ) in sheet
    assert "alphabetical" not in sheet and "alphabétique" not in sheet
    for name in names:
        assert on(sheet, name), name


def test_without_a_class_list_nothing_changes():
    assert "Class sheet" not in " ".join(texts(rendered("teacher", PrintOptions(groups=2))))
    assert rendered("boards", PrintOptions(groups=3)) != rendered("boards", with_class(PrintOptions()))


@pytest.mark.parametrize("language", LANGUAGES, ids=[language.value for language in LANGUAGES])
def test_each_child_has_their_own_puzzle_sheet_and_the_key_lists_it_under_their_name(language):
    options = with_class(PrintOptions(language=language))
    sheets: dict[int, str] = {}
    for page in texts(rendered("puzzles", options)):
        match = SHEET.search(page)
        assert match, page[:80]
        sheets.setdefault(int(match[1]), page)  # a sheet's first page
    assert sorted(sheets) == list(range(1, len(CLASS) + 1))
    for number, name in enumerate(CLASS, start=1):
        assert on(sheets[number], name) and not any(on(sheets[number], other) for other in CLASS if other != name)
    key = "\n".join(texts(rendered("answers", options)))
    code = {"en": "Sheet", "fr": "Fiche"}[language.codes[0]]
    for number, name in enumerate(CLASS, start=1):
        heading = re.search(rf"{re.escape(name)}\s*{code} {number} (of|sur) {len(CLASS)}", key)
        assert heading, name  # the child's name over the sheet's number and code
        assert on(key, f"{name} ({number})")  # and in the marking grid
    # The marking grid's last heading was cut inside a word, "6. Bes" over "t move" (review rv50 B2): whole words.
    grid = texts(rendered("answers", options))[0]
    headings = {"en": r"6\.\s+Best\s+move", "fr": r"6\.\s+Le\s+meilleur\s+coup"}
    assert all(re.search(headings[code], grid) for code in language.codes), grid[:600]
    # A page holding two sheets' answers names both children in its running head, first and last (issue 23, rv48 C6),
    # "and" between them: a dash read as one double-barrelled name, itself hyphenated (review rv55, C3).
    heads = [page.splitlines()[0] for page in texts(rendered("answers", options))]
    shared = [re.search(rf" · (.+) · {code}s (\d+) (and|et) (\d+) ", head) for head in heads]
    assert any(shared), heads
    for found in filter(None, shared):
        assert found[1] == f"{CLASS[int(found[2]) - 1]} {found[3]} {CLASS[int(found[4]) - 1]}", found[0]
    records = json.loads(rendered("puzzles data", options))
    assert not any(name in json.dumps(records, ensure_ascii=False) for name in CLASS)


LONG_WORDED = (
    "Léa Martin",
    "Maximilian-Alexander Wolfeschlegelstein",
    "Sophie O'Connor",
    "Aarav Krishnamurthy-Venkataraman",
)


def test_the_marking_grid_breaks_a_name_only_at_its_spaces_and_hyphens_and_curls_its_apostrophes():
    # "Wolfeschlegel-" over "stein" and "Krishnamur-" / "thy-" / "Venkataraman": a hyphen added inside a name is
    # not told from the name's own, while the puzzles' columns beside it had room (designer's review dz95, C1); the
    # straight apostrophe of "O'Connor" stood beside the typographic ones of every other word (C2).
    names = parse_roster("\n".join(LONG_WORDED)).names  # as `--roster` reads them
    grid = texts(rendered("answers", with_class(PrintOptions(), names)))[0]
    lines = [line.strip() for line in grid.splitlines()]
    for word in ("Wolfeschlegelstein", "Krishnamurthy-", "Venkataraman", "Maximilian-"):
        assert any(line.startswith(word) for line in lines), (word, lines)
    assert on(grid, "Sophie O’Connor (3)") and "'" not in grid


def test_a_two_language_keys_running_head_names_the_children_in_its_first_language_alone():
    # In two languages the head named the child in each: with a long name, four lines over every page (review rv55,
    # C3). The second language's line carries the sheets' numbers alone.
    heads = [
        page.split("\nPage ")[0]
        for page in texts(rendered("answers", with_class(PrintOptions(language=Language.BOTH))))
    ]
    named = 0
    for head in heads[1:]:
        english, french = re.split(r"SOS\s:\scorrigé", head)
        assert english.startswith("SOS: puzzle answer key"), head
        assert not any(name in french for name in CLASS), head
        children = [name for name in CLASS if name in english]
        assert bool(children) == ("Sheet" in english) == ("Fiche" in french), head  # a sheet's page names its child
        named += bool(children)
        if re.search(r"Sheets \d+ and \d+", english):
            assert f"{children[0]} and {children[-1]}" in english.replace("\n", " "), head
    assert named >= len(CLASS)


@pytest.mark.parametrize("language", ["fr+en", "en"])
def test_a_keys_running_head_after_a_long_name_breaks_before_the_sheets_number_never_inside_it(
    runner, tmp_path, language
):
    # After a 40-letter name, the bilingual large-print key's head broke "Fiche 1 sur 2 : code" / "4M6-1", its code
    # away from its label, in both languages (review rv52 C4).
    roster = tmp_path / "class.csv"
    roster.write_text("Name\nMaximilian-Alexander Vandenberghe-Oppenh\nZoé\n", encoding="utf-8")
    out = tmp_path / "out"
    result = runner.invoke(
        app, ["puzzles", "--roster", str(roster), "--large-print", "--lang", language, "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    heads = 0
    for page in texts((out / "answers.pdf").read_bytes()):
        for line in page.splitlines():
            if re.search(r"code \d", line):
                heads += 1
                assert re.search(r"(Sheet|Fiche) \d+ (of|sur) \d+\s?: code \d[A-Z]\d-\d+", line), line
            assert not re.search(r"(code|(Sheet|Fiche) \d+|(of|sur) \d+\s?:)$", line.strip()), line
            assert not line.strip().endswith("\u00b7"), line  # a separator hanging at the end of a line (fr57)
    assert heads >= 4


def test_a_name_with_markup_characters_prints_as_written():
    options = with_class(PrintOptions(language=Language.BOTH))
    for document in ("boards", "audit", "teacher", "puzzles", "answers"):
        assert any("<b>Noé</b> &amp;" in page for page in texts(rendered(document, options))), document


# --- the fillable audit ----------------------------------------------------------------------------------------


def test_a_fillable_audits_names_fields_are_filled_in_and_its_game_field_holds_no_name(runner, tmp_path):
    options = with_class(PrintOptions(size=3))
    data = rendered("fillable audit", options)
    fields = reader(data).get_fields()
    for number, names in enumerate(groups_of(options), start=1):
        for seat, name in zip("ABCD", names, strict=False):
            assert fields[f"group{number}.names.{seat}"]["/V"] == name
        assert not any(name in fields[f"group{number}.game"]["/V"] for name in CLASS)
    # The names fields stay editable, and a filled audit still reads back as its game.
    position, steps = Position.start(Board.empty(3), Variant()), []
    for name, letter in [("A1", "S"), ("B2", "O"), ("C3", "S"), ("A3", "S")]:
        steps.append(
            position.step(
                Move(next(c for c in position.board.empty_cells() if cell_name(c, 3) == name), Letter(letter))
            )
        )
        position = steps[-1].after
    values = move_values(steps, 3, Notation.A1, Variant(), group=1) | {"group1.names.A": "Léa M."}
    pdf = tmp_path / "filled.pdf"
    pdf.write_bytes(fill(data, values))
    assert reader(pdf.read_bytes()).get_fields()["group1.names.A"]["/V"] == "Léa M."
    result = runner.invoke(app, ["check", str(pdf)])
    assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n"), result.output
    # The replay of that group's game names its players as the form holds them: typed over, or as printed.
    out = tmp_path / "replay.pdf"
    result = runner.invoke(app, ["replay", str(pdf), "--out", str(out)])
    assert result.exit_code == 0, result.output
    players = " ".join(" ".join(texts(out.read_bytes())).split()).split("Players: ", 1)[1].split(",", 1)[0]
    assert players == f"Léa M. (A) and {groups_of(options)[0][1]} (B)"


# --- the command line --------------------------------------------------------------------------------------------


def class_file(tmp_path: Path, names: list[str], name: str = "class.csv") -> Path:
    path = tmp_path / name
    path.write_text("Nom;Prénom;Classe\n" + "".join(f"X;{child};CE2\n" for child in names), encoding="utf-8")
    return path


# Not "EnfantS": "Enfants", a heading's word alone, is a title no child's name can be (sweep 16, F2).
THIRTY = [f"Kid{chr(65 + k)}" for k in range(26)] + ["Léa", "Tom", "Zoé", "Maël"]


def test_a_teacher_prints_a_shuffled_kit_for_thirty_in_fifteen_groups_with_the_class_sheet(runner, tmp_path):
    roster = class_file(tmp_path, THIRTY)
    result = runner.invoke(app, ["kit", "--roster", str(roster), "--shuffle", "--out", str(tmp_path / "kit")])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("wrote ") and result.stderr == ""
    players = (tmp_path / "kit" / "players.pdf").read_bytes()
    by_group = pages_by_group(players)
    assert sorted(by_group) == list(range(1, 16))
    printed = [name for pages in by_group.values() for name in THIRTY if on(pages[0], name)]
    assert sorted(printed) == sorted(THIRTY)  # each child on exactly one group's board
    assert [name for name in THIRTY if on(by_group[1][0], name)] != THIRTY[:2]  # shuffled
    teacher = texts(tmp_path / "kit" / "teacher.pdf")
    assert teacher[0].startswith("Class sheet") and "shuffled with seed 1" in " ".join(teacher[0].split())


@pytest.mark.parametrize("command", [["boards"], ["audit"], ["audit", "--fillable"]])
def test_the_same_seed_gives_the_same_groups_and_another_seed_others(runner, tmp_path, command):
    roster = class_file(tmp_path, THIRTY)
    made = []
    for k, seed in enumerate(("7", "7", "8")):
        out = tmp_path / f"{k}.pdf"
        args = [*command, "--roster", str(roster), "--shuffle", "--seed", seed, "--out", str(out)]
        assert runner.invoke(app, args).exit_code == 0
        made.append(out.read_bytes())
    assert made[0] == made[1] != made[2]


def test_boards_and_audits_printed_apart_seat_the_same_children(runner, tmp_path):
    roster = class_file(tmp_path, THIRTY)
    common = ["--roster", str(roster), "--shuffle", "--seed", "3", "--players", "3"]
    for command in ("boards", "audit"):
        assert runner.invoke(app, [command, *common, "--out", str(tmp_path / f"{command}.pdf")]).exit_code == 0
    boards = pages_by_group((tmp_path / "boards.pdf").read_bytes())
    audits = pages_by_group((tmp_path / "audit.pdf").read_bytes())
    for number in boards:
        seated = [name for name in THIRTY if on(boards[number][0], name)]
        assert len(seated) == 3 and all(on(audits[number][0], name) for name in seated)


def test_puzzles_print_a_sheet_for_each_child(runner, tmp_path):
    roster = class_file(tmp_path, ["Léa", "Tom", "Zoé"])
    result = runner.invoke(app, ["puzzles", "--roster", str(roster), "--count", "3", "--out", str(tmp_path / "p")])
    assert result.exit_code == 0, result.output
    assert "puzzles.pdf (3 pages" in result.stdout
    records = json.loads((tmp_path / "p" / "puzzles.json").read_text())
    assert sorted({record["sheet"] for record in records}) == [1, 2, 3]


@pytest.mark.parametrize("command", ["puzzles", "boards"])
def test_a_child_whose_last_name_is_a_titles_word_gets_a_sheet_and_a_seat(runner, tmp_path, command):
    # "List;Anna" once passed for a title: Anna had no sheet, no line in the key, no seat (issue 20, F1).
    roster = tmp_path / "class.csv"
    roster.write_text("Nom;Prénom\nList;Anna\nMartin;Léa\nDupont;Bob\n", encoding="utf-8")
    out = tmp_path / ("p" if command == "puzzles" else "b.pdf")
    count = ["--count", "3"] if command == "puzzles" else []
    result = runner.invoke(app, [command, "--roster", str(roster), *count, "--out", str(out)])
    assert result.exit_code == 0 and result.stderr == "", result.output
    pages = texts(out / "puzzles.pdf") if command == "puzzles" else texts(out)
    assert all(any(on(page, name) for page in pages) for name in ("Anna", "Léa", "Bob"))
    if command == "puzzles":
        assert on("\n".join(texts(out / "answers.pdf")), "Anna (1)")


def test_repeated_names_are_kept_and_the_one_notice_names_them(runner, tmp_path):
    roster = class_file(tmp_path, ["Léa", "Tom", "Zoé", "Léa", "Tom", "Tom"])
    result = runner.invoke(app, ["boards", "--roster", str(roster), "--out", str(tmp_path / "b.pdf")])
    assert result.exit_code == 0, result.output
    # The lines, never the name: a note on the terminal shows no child's name (issue 20, sweep 16 F5).
    assert result.stderr == (
        f"note: {roster}: lines 2 and 5 hold one name, lines 3, 6 and 7 another: add an initial to tell them apart "
        "on their pages\n"
    )
    assert "Léa" not in result.stdout and "Tom" not in result.stdout
    assert sum(on(page, "Léa") for page in texts(tmp_path / "b.pdf")) == 2


def test_a_list_saved_by_excel_for_mac_with_spanish_names_is_noted_by_its_lines(runner, tmp_path):
    # Mac Roman's í reads as ’ in Windows-1252: "Mar’a" and "Mart’n" went on the boards without a word (sweep ad80, 1).
    roster = tmp_path / "class.txt"
    roster.write_bytes("María\nMartín\nTom\nHugo\n".encode("mac_roman"))
    result = runner.invoke(app, ["boards", "--roster", str(roster), "--out", str(tmp_path / "b.pdf")])
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        f"note: {roster}: lines 1 and 2 hold ’ between two letters: if it stands for í (a list saved as CSV by Excel "
        "for Mac), save the list as CSV UTF-8 and run again\n"
    )


def test_a_child_without_a_first_name_gets_a_seat_and_the_note_names_the_line(runner, tmp_path):
    roster = tmp_path / "class.csv"
    roster.write_text("Nom;Prénom\nDupont;\nMartin;Tom\nDurand;Sam\nPetit;Zoé\nRoux;Ana\n", encoding="utf-8")
    result = runner.invoke(app, ["boards", "--roster", str(roster), "--out", str(tmp_path / "b.pdf")])
    assert result.exit_code == 0, result.output
    assert result.stderr == f"note: {roster}: line 2 has no first name: the name in its Nom column is printed instead\n"
    assert sum(on(page, "Dupont") for page in texts(tmp_path / "b.pdf")) == 1
    assert not any(on(page, "Martin") for page in texts(tmp_path / "b.pdf"))


@pytest.mark.parametrize("command", ["boards", "audit"])
def test_a_childs_name_that_is_a_seats_letter_gets_a_note(runner, tmp_path, command):
    # "B" seated at A was read as seat B in a filled audit's pause box, and nothing said so (ad92, 2).
    roster = class_file(tmp_path, ["Léa", "B", "Tom", "d", "Zoé", "E."])
    result = runner.invoke(app, [command, "--roster", str(roster), "--out", str(tmp_path / "out.pdf")])
    assert result.exit_code == 0, result.output
    said = [line for line in result.stderr.splitlines() if "seat's letter" in line]
    assert said == [
        f"note: {roster}: lines 3 and 5 hold a seat's letter (A to D) for a name, which the sheets read as a seat: "
        "write the child's name, or a letter and a full stop"
    ]


NOT_A_LIST = [
    ("missing", None, "no such file or folder"),
    ("empty", b"", "holds no name: write one child's name a line"),
    ("one child", b"Tom\n", "holds one name, on line 1: a class list holds two names at least"),
    ("too many", "".join(f"Child {k}\n" for k in range(201)).encode(), "a class list holds at most 200"),
    ("a spreadsheet's own file", b"PK\x03\x04\x14\x00\x06\x00" + bytes(200), "is not text (a spreadsheet's own file?)"),
    ("a snowman", "Léa\nTom\nBob \u2603\n".encode(), "line 3: a name: U+2603 '\u2603' is not in the font"),
    (  # what to do, where the name is in a script the font lacks (review nt62, 13)
        "a name in Chinese characters",
        "Léa\nTom\n李明\n".encode(),
        "line 3: a name: U+674E '李' and U+660E '明' are not in the font; write it in Latin or Cyrillic letters",
    ),
    ("a name too long", b"Tom\nLea\n" + b"B" * 41 + b"\n", "line 3: a name of 41 characters; a name holds at most 40"),
    # Several children on a line or in a cell: refused, never read as one child or the first name of each line.
    ("pairs on every line", b"Tom, Lea\nSam, Ana\n", "line 1 holds 1 more cell (split by a comma): write one child's"),
    ("beyond the heading", b"Nom,Classe\nTom,CE2\nLea,CE2,Sam\n", "line 3 holds 1 cell beyond the heading row's last"),
    ("a semicolon in a name", b"Tom\nLea; Sam\nAna\n", "line 2: a name holds a semicolon: write one child's name a"),
    ("a slash in a name", b"Tom\nLea / Sam\nAna\n", "line 2: a name holds a slash: write one child's name a line"),
    ("a name or a title", b"Name\nTom\nList Lea\nAna\n", "line 3: a name starts with a title's word (class, "),
    # A game record's player column was read as the children's names: boards for "A" and "B" (ad66, 1).
    (
        "a game record",
        b"move,player,letter,cell,lines,points\n1,A,S,A2,-,0\n2,B,S,C3,-,0\n3,A,O,D4,-,0\n",
        "is a game record (its header row names player, letter and cell columns), not a class list; if it is a "
        "class list, head its names' column Name or Prénom",
    ),
]


@pytest.mark.parametrize(("kind", "data", "message"), NOT_A_LIST, ids=[kind for kind, _, _ in NOT_A_LIST])
@pytest.mark.parametrize("command", ["kit", "boards", "audit", "puzzles"])
def test_a_class_list_that_cannot_be_used_is_one_line_status_1_and_nothing_written(
    runner, tmp_path, command, kind, data, message
):
    roster = tmp_path / "class.csv"
    if data is not None:
        roster.write_bytes(data)
    out = tmp_path / ("out" if command in ("kit", "puzzles") else "out.pdf")
    result = runner.invoke(app, [command, "--roster", str(roster), "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert result.stdout == "" and len(result.stderr.splitlines()) == 1, result.stderr
    assert result.stderr.startswith(f"sos-print: {roster}: ") and message in result.stderr, result.stderr
    assert not out.exists()
    assert "Tom" not in result.stderr and "Léa" not in result.stderr


# A name too wide for its line: the limit is said in letters as wide as the name's own, so it is always fewer than the
# name has (a name of 40 W once heard "1 line of about 55 letters").
TOO_WIDE = {
    "a long name on a team's board": (
        "boards",
        ["--teams", "--large-print"],
        "Bartholomew-Maximilian Featherstonehaugh",
        "on a board's score table: 2 lines here hold about 13 of its letters",
    ),
    "wide letters on a puzzle sheet": (
        "puzzles",
        ["--large-print"],
        "W" * 40,
        "on a puzzle sheet: 1 line here holds about 31 of its letters",
    ),
    "wide letters on a board": ("boards", ["--large-print"], "W" * 40, "on a board's score table: 2 lines here hold"),
}


@pytest.mark.parametrize(("command", "options", "name", "said"), TOO_WIDE.values(), ids=TOO_WIDE)
def test_a_name_too_wide_for_its_line_is_refused_with_the_limit_in_its_own_letters(
    runner, tmp_path, command, options, name, said
):
    roster = class_file(tmp_path, ["Léa", "Tom", "Zoé", name])
    out = tmp_path / ("b.pdf" if command == "boards" else "p")
    result = runner.invoke(app, [command, "--roster", str(roster), *options, "--out", str(out)])
    assert result.exit_code == 1 and result.stdout == ""
    limit = re.search(r"hold(?:s)? about (\d+) of its letters", result.stderr)
    assert limit and int(limit[1]) < len(name), result.stderr
    assert result.stderr.startswith(f"sos-print: {roster}: line 5: a name of {len(name)} characters does not fit ")
    assert said in result.stderr
    assert result.stderr.endswith("; shorten it (a first name and an initial tell children apart)\n")
    assert not out.exists()


# The longest names a class list holds, on the puzzle sheets and in the key's marking grid, whose first column is
# narrower than they are: broken after their hyphens, a word of W between its letters (issue 20: the key's table sent
# itself back to be set again until Python's stack ran out). A name of 40 W does not fit a large-print sheet's line.
LONGEST_NAMES = {
    "hyphenated": "Maximilian-Alexander-Ferdinand-Christoph",
    "accented": "Anne-Charlotte-Éléonore-Marie-Bernadette",
    "one word": "W" * 40,
    "one shorter word": "W" * 18,
}
PUZZLE_LOOKS = {
    "en": [],
    "fr": ["--lang", "fr"],
    "en+fr letter": ["--lang", "en+fr", "--paper", "letter"],
    "large print": ["--large-print"],
    "large print fr letter": ["--large-print", "--lang", "fr", "--paper", "letter"],
}


# Each name in one look, each look once: five sets of puzzles cover them (twenty took 100 s of the suite).
LONGEST_CASES = [
    ("hyphenated", "en"),
    ("accented", "large print fr letter"),
    ("one word", "en+fr letter"),
    ("one word", "large print"),
    ("one shorter word", "fr"),
]


@pytest.mark.parametrize(
    ("name", "options"),
    [(LONGEST_NAMES[name], PUZZLE_LOOKS[look]) for name, look in LONGEST_CASES],
    ids=[f"{name}-{look}" for name, look in LONGEST_CASES],
)
def test_the_longest_names_print_whole_on_the_puzzle_sheets_and_in_the_key_or_are_refused(
    runner, tmp_path, name, options
):
    assert len(name) in (18, 40)
    roster = class_file(tmp_path, ["Léa", name, "Tom"])
    out = tmp_path / "p"
    result = runner.invoke(app, ["puzzles", "--roster", str(roster), *options, "--out", str(out)])
    if name == "W" * 40 and "--large-print" in options:
        assert result.exit_code == 1 and result.stdout == "", result.output
        assert result.stderr.startswith(f"sos-print: {roster}: line 3: a name of 40 characters does not fit on a ")
        assert result.stderr.endswith("; shorten it (a first name and an initial tell children apart)\n")
        assert len(result.stderr.splitlines()) == 1 and "WW" not in result.stderr
        assert not out.exists()
        return
    assert result.exit_code == 0, result.output
    for document in ("puzzles.pdf", "answers.pdf"):
        data = (out / document).read_bytes()
        # A cut between letters in the key's grid ends its line in a hyphen, as in a paragraph (review dz89, 4).
        read = [page.replace("-", "") for page in texts(data)]
        # On the child's sheet, and in the key: the marking grid (its first page) and the heading of their sheet.
        assert sum(on(page, name.replace("-", "")) for page in read) >= (1 if document == "puzzles.pdf" else 2), (
            document
        )
        if document == "answers.pdf":
            assert on(read[0], name.replace("-", "") + "(2)")
        with pages(data) as pdf:
            for number, page in enumerate(pdf.pages, start=1):
                assert not clashes(page), (document, number, clashes(page)[:3])  # a name over its neighbour's cell
                margin = 12 * 72 / 25.4
                for word in page.extract_words():
                    inside = margin <= word["x0"] and word["x1"] <= page.width - margin
                    assert inside and margin <= word["top"] and word["bottom"] <= page.height - margin, (
                        document,
                        number,
                        word["text"],
                    )


# A class list too large for one fillable audit: the refusal says how many children one file takes, and that many
# are written (the advice never fails again), one more refused.
TOO_LARGE = {
    "200 in pairs": (200, ["--players", "2"], 100, "45,600", 87, 3),
    "200 in threes": (200, ["--players", "3"], 67, "34,908", 115, 2),
    "200 in fours": (200, ["--players", "4"], 50, "29,400", 136, 2),
    "100 in pairs": (100, ["--players", "2"], 50, "22,800", 87, 2),
}


@pytest.mark.parametrize(("count", "options", "groups", "fields", "most", "files"), TOO_LARGE.values(), ids=TOO_LARGE)
def test_a_fillable_audit_of_a_class_list_too_large_for_one_form_says_how_many_children_fit(
    runner, tmp_path, count, options, groups, fields, most, files
):
    roster = class_file(tmp_path, [f"Enfant {k}" for k in range(count)])
    args = ["audit", "--fillable", "--roster", str(roster), "--size", "8", *options, "--out", str(tmp_path / "a.pdf")]
    result = runner.invoke(app, args)
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == (
        f"sos-print: {roster}: its {groups} groups of 8 × 8 boards need {fields} fields, and a fillable audit holds "
        f"at most 20,000, so at most {most} children in groups of {options[1]}: split the class list into {files} "
        f"lists of at most {most} names\n"
    )
    if count == 100:  # following the advice works: that many are written, one more is refused
        args[3] = str(class_file(tmp_path, [f"Enfant {k}" for k in range(most)]))
        assert runner.invoke(app, args).exit_code == 0
        args[3] = str(class_file(tmp_path, [f"Enfant {k}" for k in range(most + 1)]))
        assert runner.invoke(app, args).exit_code == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["kit", "--roster", "{roster}", "--groups", "3"], "--groups 3: the class list makes 2 groups"),
        (["kit", "--shuffle"], "--shuffle mixes a class list before forming the groups: give the list with --roster"),
        (["boards", "--roster", "{roster}", "--seed", "4"], "--seed says how --shuffle mixes a class list"),
        (["audit", "--seed", "4"], "--seed says how --shuffle mixes a class list"),
        (["puzzles", "--roster", "{roster}", "--copies", "3"], "--copies 3: the class list has 4 children"),
    ],
)
def test_options_that_contradict_the_class_list_are_usage_errors(runner, tmp_path, args, message):
    roster = class_file(tmp_path, ["Léa", "Tom", "Zoé", "Maël"])
    out = str(tmp_path / ("x" if args[0] in ("kit", "puzzles") else "x.pdf"))
    result = runner.invoke(app, [arg.replace("{roster}", str(roster)) for arg in args] + ["--out", out])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"Usage error: {message}") and len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize("command", ["kit", "boards"])
@pytest.mark.parametrize("children", [2, 3])
def test_a_class_too_small_for_two_teams_plays_without_teams_and_a_note_says_so(runner, tmp_path, command, children):
    # Two or three children with --teams made one group without a word on the terminal (issue 20, sweep 18, N15).
    roster = class_file(tmp_path, ["Léa", "Tom", "Zoé"][:children])
    out = str(tmp_path / ("kit" if command == "kit" else "b.pdf"))
    result = runner.invoke(app, [command, "--roster", str(roster), "--teams", "--out", out])
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        f"note: {roster}: its {children} children are too few for two teams of two (--teams): they play together "
        f"the game for {children} players, without teams\n"
    )
    assert runner.invoke(app, [command, "--roster", str(roster), "--out", out, "--force"]).stderr == ""


@pytest.mark.parametrize(
    ("children", "said"),
    [
        (5, "groups 1 and 2 play the games for 3 and 2 players, without teams"),
        (6, "group 2 plays the game for 2 players, without teams"),
        (7, "group 2 plays the game for 3 players, without teams"),
        (8, None),
        (30, "group 8 plays the game for 2 players, without teams"),
    ],
)
@pytest.mark.parametrize("command", ["boards", "audit"])
def test_a_group_a_class_list_makes_under_teams_that_plays_without_teams_is_named_in_a_note(
    runner, tmp_path, command, children, said
):
    # Only the teacher's notes said that five children play as groups of 3 and 2 without teams; boards and audit,
    # which print none, said nothing (ad66, 3).
    roster = class_file(tmp_path, [f"Child {k}" for k in range(1, children + 1)])
    result = runner.invoke(app, [command, "--roster", str(roster), "--teams", "--out", str(tmp_path / "b.pdf")])
    assert result.exit_code == 0, result.output
    expected = f"its {children} children do not divide exactly into teams of two against two (--teams): {said}"
    assert result.stderr == ("" if said is None else f"note: {roster}: {expected}\n")


@pytest.mark.parametrize(
    ("text", "heading"),
    [
        ("Name;Group\nLéa;1\nTom;2\nZoé;1\nMaël;2\n", "Group"),
        ("Prénom;Nom;Équipe\nLéa;Petit;rouge\nTom;Durand;bleu\nZoé;Roux;rouge\nMax;Blanc;bleu\n", "Équipe"),
        ("Prénom;Classe\nLéa;CM1\nTom;CM1\n", None),
        ("Prénom;GROUPE\nLéa;\nTom;\n", None),  # a column left empty holds no groups (sweep ad67, 7)
    ],
)
@pytest.mark.parametrize(
    ("command", "shuffle"),
    [("boards", False), ("boards", True), ("puzzles", False)],
    ids=["boards", "shuffled", "puzzles"],
)
def test_a_column_of_the_class_own_groups_is_said_not_to_be_read(runner, tmp_path, command, shuffle, text, heading):
    # The groups the teacher had written were dropped without a word: Léa played Tom, not Zoé (ad66, 4); shuffled,
    # they are mixed, whatever the list's order (sweep ad67, 2). A puzzle sheet is a child's own: no group is made.
    roster = tmp_path / "class.csv"
    roster.write_text(text, encoding="utf-8")
    out = tmp_path / ("out" if command == "puzzles" else "b.pdf")
    result = runner.invoke(
        app, [command, "--roster", str(roster), "--out", str(out), *(["--shuffle"] if shuffle else [])]
    )
    assert result.exit_code == 0, result.output
    made, keep = ("mixed by --shuffle", "leave --shuffle out and ") if shuffle else ("made in the list's order", "")
    note = (
        f"note: {roster}: its {heading} column is not read: the groups are {made}; to keep the class's own groups, "
        f"{keep}list each group's children one after another\n"
    )
    assert result.stderr == (note if heading and command == "boards" else "")


def test_groups_that_agree_with_the_class_list_are_no_error(runner, tmp_path):
    roster = class_file(tmp_path, ["Léa", "Tom", "Zoé", "Maël"])
    args = ["boards", "--roster", str(roster), "--groups", "2", "--out", str(tmp_path / "b.pdf")]
    assert runner.invoke(app, args).exit_code == 0


def test_the_class_list_is_never_written_over(runner, tmp_path):
    roster = class_file(tmp_path, ["Léa", "Tom"], name="class.pdf")
    before = roster.read_bytes()
    result = runner.invoke(app, ["boards", "--roster", str(roster), "--out", str(roster), "--force"])
    assert result.exit_code == 1 and roster.read_bytes() == before


# --- privacy -----------------------------------------------------------------------------------------------------

PRIVATE = ["Zéphyrine", "Quirinus", "Anaïs-Bérénice", "Théodric", "Zéphyrine"]


def encodings(name: str) -> list[bytes]:
    found = [name.encode(codec) for codec in ("utf-8", "utf-16-be", "utf-16-le", "utf-32-le")]
    return found + ([name.encode("latin-1")] if all(ord(char) < 256 for char in name) else [])


def holds_a_name(data: bytes) -> bool:
    return any(pattern in data for name in PRIVATE for pattern in encodings(name))


def pdf_leaks(data: bytes) -> list[str]:
    """Returns where a PDF holds a name outside its pages' own content (where names are printed) and the values of
    its names fields: metadata, outlines, fields, forms drawn once and reused, any other object."""
    pdf = PdfReader(io.BytesIO(data))
    contents = set()
    for page in pdf.pages:
        raw = page.raw_get("/Contents")
        contents |= {ref.idnum for ref in (raw if isinstance(raw, ArrayObject) else [raw])}
    leaks = []
    for number in range(1, int(pdf.trailer["/Size"])):
        try:
            obj = pdf.get_object(number)
        except Exception:  # a free entry of the cross-reference table
            continue
        if obj is None:
            continue
        if isinstance(obj, StreamObject) and number not in contents:
            if holds_a_name(obj.get_data()):
                leaks.append(f"stream {number}")
            if obj.get("/Subtype") == "/Form" and any(name in drawn_text(pdf, number) for name in PRIVATE):
                leaks.append(f"form {number} draws a name")
        leaks += [f"object {number}: {where}" for where in _strings_with_names(obj)]
    return leaks


def _strings_with_names(obj, where: str = "") -> list[str]:
    found = []
    if isinstance(obj, DictionaryObject):
        names_field = str(obj.get("/T", "")) in "ABCD" and _parent_name(obj) == "names"
        for key, value in obj.items():
            if names_field and key in ("/V", "/DV"):
                continue  # a fillable audit's names fields hold the names: that is where they are meant to be
            found += _strings_with_names(value, f"{where}{key}")
    elif isinstance(obj, ArrayObject):
        for value in obj:
            found += _strings_with_names(value, where)
    elif isinstance(obj, TextStringObject | ByteStringObject) and holds_a_name(_bytes(obj)):
        found.append(where)
    return found


def _bytes(string: TextStringObject | ByteStringObject) -> bytes:
    return str(string).encode("utf-8") if isinstance(string, TextStringObject) else bytes(string)


def _parent_name(obj: DictionaryObject) -> str:
    parent = obj.get("/Parent")
    return str(parent.get_object().get("/T", "")) if parent is not None else ""


def sos_print(*args: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sos_print", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        timeout=300,
    )


def test_names_go_only_into_the_pages_asked_for(tmp_path):
    roster = class_file(tmp_path, PRIVATE)
    temporary, out = tmp_path / "tmp", tmp_path / "out"
    temporary.mkdir()
    out.mkdir()
    env = {"TMPDIR": str(temporary), "HOME": str(tmp_path / "home")}
    runs = [
        ["kit", "--roster", str(roster), "--shuffle", "--lang", "en+fr", "--out", "kit"],
        ["boards", "--roster", str(roster), "--class-name", "CE2", "--out", "boards.pdf"],
        ["audit", "--roster", str(roster), "--out", "audit.pdf"],
        ["audit", "--roster", str(roster), "--fillable", "--out", "form.pdf"],
        ["puzzles", "--roster", str(roster), "--count", "3", "--out", "puzzles"],
    ]
    for args in runs:
        result = sos_print(*args, env=env, cwd=out)
        assert result.returncode == 0, result.stderr
        for line in (result.stdout + result.stderr).splitlines():
            # The terminal names children only in the notice of repeated names.
            assert not any(name in line for name in PRIVATE) or line.startswith("note: "), line
        assert result.stderr.startswith("note: ") and "Quirinus" not in result.stderr
    files = sorted(path for path in out.rglob("*") if path.is_file())
    assert [path.relative_to(out).as_posix() for path in files] == sorted(
        [
            "audit.pdf",
            "boards.pdf",
            "form.pdf",
            "kit/players.pdf",
            "kit/teacher.pdf",
            "puzzles/answers.pdf",
            "puzzles/puzzles.json",
            "puzzles/puzzles.pdf",
        ]
    )
    for path in files:
        data = path.read_bytes()
        if path.suffix == ".pdf":
            assert pdf_leaks(data) == [], path.name
            assert any(on(page, "Quirinus") for page in texts(data)) or path.name == "form.pdf", path.name
            meta = reader(data).metadata
            assert not any(name in str(value) for value in meta.values() for name in PRIVATE)
            assert not any(name in mark for mark in outline(data) for name in PRIVATE)
        else:
            assert not holds_a_name(data), path.name
    leftovers = [path for path in temporary.rglob("*") if path.is_file() and holds_a_name(path.read_bytes())]
    assert leftovers == []
    assert any(temporary.rglob("*.cache")), "the compiled templates were cached in the temporary folder"


def test_the_privacy_check_finds_a_name_in_metadata_an_outline_a_field_or_a_reused_drawing():
    from sos_print.pdf.document import Document
    from sos_print.pdf.fields import TextField
    from sos_print.plans.layout import Box, Paper

    document = Document(Paper.A4, title="Sheet of Quirinus", subject="", lang="en")
    document.bookmark("Théodric")
    document.reuse("key", Box(0, 0, 100, 100), lambda canvas: canvas.drawString(10, 10, "Anaïs-Bérénice"), 0, 0)
    document.form.add_hidden("group1.game", "Zéphyrine")
    document.form.add_text("group1.names.A", Box(0, 0, 10, 10), TextField(10, 40), "Quirinus")  # allowed
    document.end_page()
    leaks = " ".join(pdf_leaks(document.finish()))
    # The title and the bookmark (each a /Title), the drawing reused, the game field; not the names field.
    assert leaks.count("/Title") == 2 and "draws a name" in leaks and leaks.count("/V") == 1, leaks


# ---- a class that leaves a group of another size: the notes say which rule sheet is whose -------------------------

RULES_TITLE = {"en": "SOS: the rules", "fr": "SOS\u202f: la règle du jeu"}
GAME_NAME = {
    "en": {(2, False): "the two-player game", (3, False): "the three-player game", (4, True): "the team game"},
    "fr": {
        (2, False): "la partie à deux joueurs",
        (3, False): "la partie à trois joueurs",
        (4, True): "la partie en équipes",
    },
}
PAGES = {"en": ("pages {} and {}", "on "), "fr": ("pages {} et {}", "aux ")}
ORDER = {
    "en": {2: "two players, playing in the order A, B", 3: "three players, playing in the order A, B, C"},
    "fr": {
        2: "deux joueurs, qui jouent à tour de rôle dans l’ordre A, B",
        3: "trois joueurs, qui jouent à tour de rôle dans l’ordre A, B, C",
    },
}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    ("players", "teams", "children", "games"),
    [
        (2, False, 27, [((2, False), "1 to 12"), ((3, False), "13")]),  # twelve pairs, and the one left over joins 13
        (4, True, 27, [((4, True), "1 to 6"), ((3, False), "7")]),  # six teams of four, and a three on their own
    ],
)
def test_a_class_kits_notes_say_which_rule_sheet_pages_each_group_prints(
    runner, tmp_path, lang, players, teams, children, games
):
    roster = class_file(tmp_path, [f"Child {k:02d}" for k in range(children)])
    out = tmp_path / "kit"
    variant = ["--teams"] if teams else ["--players", str(players)]
    result = runner.invoke(app, ["kit", "--lang", lang, "--roster", str(roster), *variant, "--out", str(out)])
    assert result.exit_code == 0, result.output
    players_pages = texts((out / "players.pdf").read_bytes())
    starts = [number for number, page in enumerate(players_pages, start=1) if page.startswith(RULES_TITLE[lang])]
    assert len(starts) == len(games)  # a rule sheet, front and back, for each game played
    notes = " ".join(" ".join(texts((out / "teacher.pdf").read_bytes())).split()).replace("\u202f", " ")
    kit = notes.split("Ce dossier" if lang == "fr" else "This kit", 1)[1]
    pages, on = PAGES[lang]
    group = {"en": "group", "fr": "groupe"}[lang]
    for (game, numbers), first in zip(games, starts, strict=True):
        # Each game's pages are where its rule sheet really is, and name the groups that play it.
        named = f"{GAME_NAME[lang][game]} {on}{pages.format(first, first + 1)}, {'for' if lang == 'en' else 'pour'} "
        assert named in kit, kit[:700]
        said = numbers if lang == "en" else numbers.replace(" to ", " à ")
        assert re.search(rf"{named}[^;.]*\b{group}s? {said}\b", kit), kit[:700]
    # Never the one instruction that would give every group every sheet.
    assert f"{pages.format(starts[0], starts[-1] + 1)}" not in kit.replace(" to ", " and ").replace(" à ", " et ")
    # Who plays in which order, group by group, and a tie worded for three players where three play.
    if not teams:
        assert ORDER[lang][2] in kit and ORDER[lang][3] in kit
        tie = "(in group 13, a tie for the top score is a draw)" if lang == "en" else "(en tête, dans le groupe 13)"
        assert tie in kit


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_class_kits_rule_sheet_says_the_names_are_printed_and_keeps_the_seats(runner, tmp_path, lang):
    roster = class_file(tmp_path, [f"Child {k:02d}" for k in range(27)])
    named, unnamed = tmp_path / "named", tmp_path / "plain"
    assert runner.invoke(app, ["kit", "--lang", lang, "--roster", str(roster), "--out", str(named)]).exit_code == 0
    assert runner.invoke(app, ["kit", "--lang", lang, "--groups", "2", "--out", str(unnamed)]).exit_code == 0
    printed = {
        "en": "Your name is printed beside your player letter",
        "fr": "Ton prénom est imprimé à côté de ta lettre",
    }
    write = {"en": "Write your name beside your player letter", "fr": "Écris ton prénom à côté de ta lettre"}
    swap = {"en": "Next game, someone else is player A", "fr": "À la partie suivante, un autre joueur devient"}
    for folder, names in ((named, True), (unnamed, False)):
        text = " ".join(" ".join(texts((folder / "players.pdf").read_bytes())).split())
        assert (printed[lang] in text) is names
        assert (write[lang] in text) is not names and (swap[lang] in text) is not names
    # Two players: "your player letter (A or B)", three: "(A, B or C)"; on the board, which the rule sheet, whose
    # pictures carry no names, has not (issue 23, session 37 design H5).
    text = " ".join(" ".join(texts((named / "players.pdf").read_bytes())).split())
    on_board = {
        "en": "Player A starts, then player B. Your name is printed beside your player letter (A or B) on the player "
        "board.",
        "fr": "Le joueur A commence ; B joue ensuite. Ton prénom est imprimé à côté de ta lettre de joueur (A ou B), "
        "sur la grille de jeu.",
    }
    assert on_board[lang] in text.replace("\u202f", " ").replace("\u00a0", " ")
    assert ("(A, B or C)" if lang == "en" else "(A, B ou C)") in text


@pytest.mark.parametrize(
    ("lang", "players", "children", "said"),
    [
        # Two or three children with --teams ("teams" here): too few for two teams of two, said so (sweep 18, N15).
        ("en", "teams", 2, ["The 2 children are too few for two teams of two: they play together as group 1"]),
        (
            "fr",
            "teams",
            3,
            ["Les 3 enfants sont trop peu nombreux pour deux équipes de deux : ils jouent ensemble dans le groupe 1"],
        ),
        ("en", 4, 3, ["The 3 children do not divide exactly into groups of four: they play together as group 1"]),
        (
            "en",
            2,
            27,
            [
                "the one left over joins group 13, which plays the game for three players",
                "order A, B (A, B, C in group 13)",
                "each player’s final score (A 5, B 3)",
            ],
        ),
        (
            "fr",
            2,
            27,
            [
                "l’enfant qui reste rejoint le groupe 13, qui joue la partie à trois joueurs",
                "l’ordre A, B (A, B, C dans le groupe 13)",
                "le score final de chaque joueur (A 5, B 3)",
            ],
        ),
        (
            "en",
            3,
            29,
            [
                "the two left over make group 10 and play the game for two players",
                "order A, B, C (A, B in group 10)",
            ],
        ),
        (
            "fr",
            4,
            33,
            [
                "les cinq derniers forment deux groupes : le groupe 8 joue la partie à trois joueurs, "
                "et le groupe 9 la partie à deux joueurs"
            ],
        ),
    ],
)
def test_the_class_sheet_says_what_became_of_the_children_left_over(lang, players, children, said):
    variant = Variant(players=4, teams=True) if players == "teams" else Variant(players=players)
    options = with_class(PrintOptions(variant=variant), tuple(f"C{k}" for k in range(children)))
    plan = class_sheet_plan(options, lang)
    assert plan is not None
    text = " ".join(block.text for block in (*plan.intro, *plan.results_intro))
    text = text.replace("\u202f", " ").replace("\u00a0", " ")
    for words in said:
        assert words in text, text


@pytest.mark.parametrize(("first", "sheet"), [(False, "board and score sheet"), (True, "board and game sheet")])
def test_the_class_sheet_names_the_sheet_the_kit_prints(first, sheet):
    options = with_class(PrintOptions(variant=Variant(first_sos_wins=first)))
    plan = class_sheet_plan(options, "en")
    assert plan is not None
    assert sheet in " ".join(block.text for block in plan.intro)


@pytest.mark.parametrize("language", [Language.EN, Language.FR])
@pytest.mark.parametrize(
    ("players", "teams", "children", "plays", "not_played"),
    [
        (4, True, 2, ("two players", "deux joueurs"), ("two teams", "deux équipes")),
        (4, True, 3, ("three players", "trois joueurs"), ("two teams", "deux équipes")),
        (4, False, 3, ("three players", "trois joueurs"), ("four players", "quatre joueurs")),
        (3, False, 2, ("two players", "deux joueurs"), ("three players", "trois joueurs")),
    ],
)
def test_the_teachers_notes_of_a_class_too_small_for_its_groups_describe_the_game_played(
    language, players, teams, children, plays, not_played
):
    # Two children with --teams play the game for two: the notes say so, never the team game no group plays.
    names = tuple(f"Child {k}" for k in range(children))
    options = with_class(PrintOptions(language=language, variant=Variant(players=players, teams=teams)), names)
    notes = " ".join(" ".join(texts(rendered("teacher", options))[1:]).split()).replace("\u202f", " ")
    lang = 0 if language is Language.EN else 1
    assert plays[lang] in notes
    assert not_played[lang] not in notes, notes[notes.find(not_played[lang]) - 200 :][:400]


STRATEGY_CAVEAT = {
    "en": "These positions are worked out for {}; with {}, the best move is not always the same.",
    "fr": "Ces positions valent pour {} ; {}, le meilleur coup n’est plus toujours le même.",
}


@pytest.mark.parametrize(
    ("language", "players", "teams", "children", "said"),
    [
        (Language.EN, 2, False, 27, ("the two-player game (groups 1 to 12)", "three players, as in group 13")),
        (Language.FR, 2, False, 27, ("la partie à deux joueurs (groupes 1 à 12)", "à trois joueurs (groupe 13)")),
        (Language.EN, 4, True, 31, ("the team game (groups 1 to 7)", "three players, as in group 8")),
        (Language.EN, 4, True, 26, None),  # teams and a pair: two sides alternate in both, the positions hold
        (Language.EN, 2, False, 26, None),  # thirteen pairs
    ],
)
def test_the_strategy_pages_say_which_groups_of_a_class_list_they_do_not_hold_for(
    language, players, teams, children, said
):
    names = tuple(f"Child {k}" for k in range(children))
    options = with_class(PrintOptions(variant=Variant(players=players, teams=teams), language=language), names)
    notes = " ".join(" ".join(texts(rendered("teacher", options))).split())
    caveat = STRATEGY_CAVEAT[language.value]
    if said:
        assert caveat.format(*said) in notes, notes[notes.find("Strat") :][:700]
    else:
        assert caveat.split("{}")[0] not in notes


@pytest.mark.parametrize(
    ("language", "children", "said"),
    [
        (
            Language.EN,
            26,
            "an example follows the standard game, two players playing to a full board, as in group 7, "
            "not the team game (groups 1 to 6).",
        ),
        (
            Language.FR,
            26,
            "un exemple suit la règle ordinaire, à deux joueurs jusqu’à la grille pleine : celle du groupe 7, "
            "et non celle de la partie en équipes (groupes 1 à 6).",
        ),
        (
            Language.EN,
            28,
            "an example follows the standard game, two players playing to a full board, not this kit’s rule.",
        ),
    ],
)
def test_the_worked_examples_say_which_groups_play_their_rule_when_a_class_list_leaves_a_pair(language, children, said):
    names = tuple(f"Child {k}" for k in range(children))
    options = with_class(PrintOptions(variant=Variant(players=4, teams=True), language=language), names)
    notes = " ".join(" ".join(texts(rendered("teacher", options))).split())
    assert said in notes, notes[notes.find("Unless" if language is Language.EN else "Sauf si") :][:300]


@pytest.mark.parametrize(
    ("language", "players", "teams", "children", "said"),
    [
        (
            Language.EN,
            4,
            True,
            26,
            (
                "to note each team’s points (each player’s in group 7) and who writes next",
                "Which move gave a gift to the other team (or another player)?",
                "When did it put a team or a player ahead?",
            ),
        ),
        (
            Language.FR,
            4,
            True,
            26,
            (
                "pour noter les points de chaque équipe (de chacun dans le groupe 7) et à qui est le tour",
                "Quel coup a fait un cadeau à l’autre équipe (ou à un autre joueur) ?",
                "Quand a-t-il permis à une équipe ou à un joueur de passer en tête ?",
            ),
        ),
        (Language.EN, 2, False, 27, ("Which move gave a gift to another player?",)),  # group 13 plays with three
        (Language.FR, 2, False, 27, ("Quel coup a fait un cadeau à un autre joueur ?",)),
        (Language.EN, 4, True, 28, ("to note each team’s points and who writes next", "put a team ahead?")),
    ],
)
def test_the_notes_of_a_mixed_class_list_word_the_pause_and_the_questions_for_every_kind_of_group(
    language, players, teams, children, said
):
    names = tuple(f"Child {k}" for k in range(children))
    options = with_class(PrintOptions(variant=Variant(players=players, teams=teams), language=language), names)
    notes = " ".join(" ".join(texts(rendered("teacher", options))).split())
    for sentence in said:
        assert sentence in notes, sentence


@pytest.mark.parametrize(
    ("language", "children", "said"),
    [
        (
            Language.EN,
            26,
            (
                "Each child’s name is printed beside their player letter (A, B…) on their group’s board",
                "each team’s final score (A + C 5, B + D 3), or in a group without teams each player’s; the winner or "
                "“draw”; and anything worth remembering.",
            ),
        ),
        (
            Language.FR,
            26,
            ("Le nom de chaque enfant est imprimé à côté de sa lettre de joueur (A, B…) sur la grille",),
        ),
    ],
)
def test_the_class_sheet_and_notes_of_a_team_class_list_read_as_a_teacher_writes(language, children, said):
    names = tuple(f"Child {k}" for k in range(children))
    options = with_class(PrintOptions(variant=Variant(players=4, teams=True), language=language), names)
    notes = " ".join(" ".join(texts(rendered("teacher", options))).split())
    for sentence in said:
        assert sentence in notes, sentence


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        (
            "en",
            "an example follows the standard game, two players playing to a full board, as in groups 1 to 12, "
            "not the three-player game (group 13).",
        ),
        (
            "fr",
            "un exemple suit la règle ordinaire, à deux joueurs jusqu’à la grille pleine : celle des groupes 1 à "
            "12, et non celle de la partie à trois joueurs (groupe 13).",
        ),
    ],
)
def test_the_worked_examples_say_which_groups_play_their_game_when_a_pair_class_leaves_a_three(lang, says):
    # 27 children in pairs: twelve pairs and group 13 of three, which plays the three-player game.
    from sos_print.plans.teacher import teacher_plan

    options = with_class(PrintOptions(), tuple(f"Child {k}" for k in range(27)))
    assert [len(group) for group in groups_of(options)] == [2] * 12 + [3]
    intro = " ".join(block.text for block in teacher_plan(options, lang, ()).examples_intro)
    assert says in re.sub("[\u00a0\u202f]", " ", intro), intro


TITLE = "read as a title or a total, not a child's name"
TITLES = "read as titles or totals, not children's names"
MAYBE = "read as a child's name but may be a title: remove it if it is one"
PASSED_OVER = {
    # A first line that a child's name can be is seated, and the note names it: Zoé had no seat (sweep 16, F1).
    "first line with a class tag": ("Zoé (CM2)\nLéa\nNoël\nHugo\n", f"line 1 was {MAYBE}"),
    "first line with a level": ("Léa CE2\nNoël\nZoé\nHugo\n", f"line 1 was {MAYBE}"),
    "a name and a digit": ("Marie 2\nLéa\nNoël\n", f"line 1 was {MAYBE}"),
    "two words then a blank line": ("Anne Marie\n\nLéa\nNoël\nHugo\n", f"line 1 was {MAYBE}"),
    "a section's word and a word": (
        "Atelier peinture\nLéa\nNoël\nAtelier lecture\nZoé\nHugo\n",
        "lines 1 and 4 were read as children's names but may be titles: remove those that are",
    ),
    "a footer's words and a word": ("Léa\nNoël\nZoé\nFin de la liste\n", f"line 4 was {MAYBE}"),
    "a title": ("Classe de Mme Martin\nLéa\nNoël\nHugo\n", f"line 1 was {TITLE}"),
    "a footer": ("Nom;Prénom\nDupont;Léa\nMartin;Noël\nTotal;2\n", f"line 4 was {TITLE}"),
    "a title above the heading and a section": (
        "Mme Martin;CM2;2025-2026\nNom;Prénom;Classe\nDupont;Léa;CM2\nGroupe A;;\nMartin;Noël;CM2\n",
        f"lines 1 and 4 were {TITLES}",
    ),
    # Titles, sections and footers no child's name can be: a civility, an article before a group's name, or no word
    # a name can be beside a number or a title's, label's, section's or footer's word (sweep 16, F2).
    "Mrs Smith's class": ("Mrs Smith's class\nLéa\nNoël\nZoé\n", f"line 1 was {TITLE}"),
    "Mme Martin": ("Mme Martin\nLéa\nNoël\nZoé\n", f"line 1 was {TITLE}"),
    "Les Dauphins": ("Les Dauphins\nLéa\nNoël\nZoé\n", f"line 1 was {TITLE}"),
    "Homeroom 12": ("Homeroom 12\nLéa\nNoël\nZoé\n", f"line 1 was {TITLE}"),
    "Grade 4": ("Grade 4\nLéa\nNoël\nZoé\n", f"line 1 was {TITLE}"),
    "CM2": ("CM2\nLéa\nNoël\nZoé\n", f"line 1 was {TITLE}"),
    "CE2 and an empty line": ("CE2\n\nLéa\nNoël\nZoé\n", f"line 1 was {TITLE}"),
    "Register": ("Register\nLéa\nNoël\nZoé\n", f"line 1 was {TITLE}"),
    "My class": ("My class\nLéa\nNoël\nZoé\n", f"line 1 was {TITLE}"),
    "Élèves de Mme Martin": ("Élèves de Mme Martin\nLéa Dupont\nNoël Martin\n", f"line 1 was {TITLE}"),
    "Nombre d'élèves : 3": ("Léa\nNoël\nZoé\nNombre d'élèves : 3\n", f"line 4 was {TITLE}"),
    "3 students": ("Léa\nNoël\nZoé\n3 students\n", f"line 4 was {TITLE}"),
    "Page 1 sur 1": ("Léa\nNoël\nZoé\nPage 1 sur 1\n", f"line 4 was {TITLE}"),
    "Généré par PRONOTE": ("Léa\nNoël\nZoé\nGénéré par PRONOTE\n", f"line 4 was {TITLE}"),
    # A date or a web address was refused as "a name holds a slash" (issue 20, sweep 18, N10).
    "a printing date": (
        "Nom;Prénom\nDupont;Léa\nMartin;Noël\nDate d'impression : 03/09/2025;;\n",
        f"line 4 was {TITLE}",
    ),
    "a place and a date": (
        "Nom;Prénom\nDupont;Léa\nMartin;Noël\nFait à Rennes, le 03/09/2025;;\n",
        f"line 4 was {TITLE}",
    ),
    "a web address": ("Nom;Prénom\nDupont;Léa\nMartin;Noël\nhttps://onde.education.gouv.fr;;\n", f"line 4 was {TITLE}"),
    "updated on": ("Léa\nNoël\nZoé\nMis à jour le 03/09/2025\n", f"line 4 was {TITLE}"),
    "sections Table 1": ("Table 1\nLéa\nNoël\nTable 2\nZoé\n", f"lines 1 and 4 were {TITLES}"),
    # A thousand title lines made a note of their thousand numbers (issue 20, sweep 18, N12): runs and a count.
    "many titles": ("Léa\nNoël\n" + "Page 1\n" * 30, f"lines 3 to 32 were {TITLES}"),
    "many sections": (
        "".join(f"Table {k}\nChild {k}\n" for k in range(1, 16)),
        f"lines 1, 3, 5, 7, 9, 11, 13, 15, 17, 19 and 5 more were {TITLES}",
    ),
    "sections Équipe bleue": ("Équipe bleue\nLéa\nNoël\nÉquipe rouge\nZoé\n", f"lines 1 and 4 were {TITLES}"),
    "sections Team A": ("Team A\nLéa\nNoël\nTeam B\nZoé\n", f"lines 1 and 4 were {TITLES}"),
    "sections CM1 :": ("CM1 :\nLéa\nNoël\nCM2 :\nZoé\n", f"lines 1 and 4 were {TITLES}"),
    "a footer Count,3": ("First name,Last name\nAmy,Smith\nBen,Jones\nCount,3\n", f"line 4 was {TITLE}"),
    "a footer Number of pupils: 2,": (
        "First name,Last name\nAmy,Smith\nBen,Jones\nNumber of pupils: 2,\n",
        f"line 4 was {TITLE}",
    ),
    "a section Form 4B,": ("First name,Last name\nForm 4B,\nAmy,Smith\nBen,Jones\n", f"line 2 was {TITLE}"),
    "a Pronote footer": (
        "Élève;Classe\nDUPONT Léa;6A\nMARTIN Noël;6A\nNombre d'élèves : 2;\n",
        f"line 4 was {TITLE}",
    ),
    "sections CM1; under Nom;Prénom": (
        "Nom;Prénom\nCM1;\nDupont;Léa\nMartin;Noël\nCM2;\nPetit;Zoé\n",
        f"lines 2 and 5 were {TITLES}",
    ),
    "a footer Nombre d'élèves;3": ("Nom;Prénom\nDupont;Léa\nMartin;Noël\nNombre d'élèves;2\n", f"line 4 was {TITLE}"),
    "a footer Total students,3": (
        "First name,Last name\nAmy,Smith\nBen,Jones\nTotal students,2\n",
        f"line 4 was {TITLE}",
    ),
    "Google Classroom's rows": (
        'Last Name,First Name,Email Address,Quiz 1\nDate,,,"Sep 3, 2025"\nPoints possible,,,10\nClass average,,,8\n'
        "Martin,Léa,lea@x.fr,9\nDupont,Noël,noel@x.fr,7\n",
        f"lines 2, 3 and 4 were {TITLES}",
    ),
    # A label and its value above the heading row, whatever the label (sweep 16, F3).
    "Matière;Mathématiques": ("Matière;Mathématiques\nNom;Prénom\nDupont;Léa\nMartin;Noël\n", f"line 1 was {TITLE}"),
    "Subject,Maths": ("Subject,Maths\nLast name,First name\nSmith,Amy\nJones,Ben\n", f"line 1 was {TITLE}"),
    "Term,Autumn": ("Term,Autumn\nLast name,First name\nSmith,Amy\nJones,Ben\n", f"line 1 was {TITLE}"),
    "Académie;Rennes": ("Académie;Rennes\nNom;Prénom\nDupont;Léa\nMartin;Noël\n", f"line 1 was {TITLE}"),
    "Instructor,Jane Doe": (
        "Instructor,Jane Doe\nLast name,First name\nSmith,Amy\nJones,Ben\n",
        f"line 1 was {TITLE}",
    ),
    "Utilisateur;Martin Sophie": (
        "Utilisateur;Martin Sophie\nNom;Prénom\nDupont;Léa\nMartin;Noël\n",
        f"line 1 was {TITLE}",
    ),
    "three labels": (
        "Établissement;Collège Jean Moulin\nDiscipline;Français\nPériode;Trimestre 1\nNom;Prénom\nDupont;Léa\n"
        "Martin;Noël\n",
        f"lines 1, 2 and 3 were {TITLES}",
    ),
    # "Les" before a surname among full names is a child, seated and noted: Les Jones was dropped (sweep 18 N4).
    "Les Jones among full names": ("Amy Brown\nLes Jones\nBen Smith\nCal Green\n", f"line 2 was {MAYBE}"),
    "Les Dennis under Name": ("Name\nAmy Brown\nLes Dennis\nBen Smith\n", f"line 3 was {MAYBE}"),
    "Les Lutins set apart above full names": ("Les Lutins\n\nLéa Dupont\nNoël Martin\n", f"line 1 was {TITLE}"),
    "Les Dauphins among full names": (
        "Les Dauphins\nLéa Dupont\nNoël Martin\nLes Lutins\nZoé Petit\n",
        "lines 1 and 4 were read as children's names but may be titles: remove those that are",
    ),
    "a footer Total élèves;3": ("Nom;Prénom\nDupont;Léa\nMartin;Noël\nTotal élèves;2\n", f"line 4 was {TITLE}"),
}


@pytest.mark.parametrize(("text", "said"), PASSED_OVER.values(), ids=PASSED_OVER)
@pytest.mark.parametrize("command", ["audit", "boards"])
def test_every_line_read_as_a_title_or_that_may_be_one_is_named_in_a_note_never_its_words(
    runner, tmp_path, command, text, said
):
    roster = tmp_path / "class.csv"
    roster.write_text(text, encoding="utf-8")
    result = runner.invoke(app, [command, "--roster", str(roster), "--out", str(tmp_path / "x.pdf")])
    assert result.exit_code == 0, result.output
    assert result.stderr == f"note: {roster}: {said}\n"


@pytest.mark.parametrize(
    ("args", "usage"),
    [
        (
            ["boards", "--groups", "3", "--out", "x.pdf"],
            "--groups 3: the class list makes 2 groups; leave --groups out, or give 2",
        ),
        (
            ["puzzles", "--copies", "5", "--out", "x"],
            "--copies 5: the class list has 4 children, one sheet each; leave --copies out",
        ),
    ],
    ids=["boards --groups", "puzzles --copies"],
)
def test_a_count_refused_follows_the_note_on_the_lines_passed_over(runner, tmp_path, args, usage):
    # The usage error counted fewer children than the teacher saw in the file, and the note that says why was never
    # printed: the run stopped before it (issue 20, sweep 17 F5).
    roster = tmp_path / "class.txt"
    roster.write_text("Grade 4\nAmy\nBen\nCal\nDan\n", encoding="utf-8")
    result = runner.invoke(app, [*args, "--roster", str(roster)])
    assert result.exit_code == 2, result.output
    assert result.stderr == f"note: {roster}: line 1 was {TITLE}\nUsage error: {usage}\n"


SURNAMES = "if they are last names, head the first names' column Prénom or First name"
# Which column's names are printed, and the note that says so when they may be last names; the names of the other
# columns are on no page.
READ_FROM = {
    # A first-name heading with a number or an ordinal is a first-name heading, the first of them read: the surnames
    # were printed, with no word (issue 20, sweep 18 N2).
    # Given names by their number are one list, not two (sweep 18 N1): the first is read.
    "Prénom 1;Prénom 2;Nom": ("Prénom 1;Prénom 2;Nom\nLéa;Marie;Dupont\nNoël;;Martin\n", "Léa Noël", ""),
    "Nom;Prénom;Prénom 2": ("Nom;Prénom;Prénom 2\nDupont;Léa;Marie\nMartin;Noël;\n", "Léa Noël", ""),
    "Nom;Prénom 1;Prénom 2": ("Nom;Prénom 1;Prénom 2;Classe\nDupont;Léa;Marie;CE2\nMartin;Noël;;CE2\n", "Léa Noël", ""),
    "Nom;Prénom1": ("Nom;Prénom1\nDupont;Léa\nMartin;Noël\n", "Léa Noël", ""),
    "Nom;Prénom2": ("Nom;Prénom2\nDupont;Léa\nMartin;Noël\n", "Léa Noël", ""),
    "Nom;1er prénom": (
        "Nom;1er prénom;Date de naissance\nDupont;Léa;12/03/2016\nMartin;Noël;01/02/2016\n",
        "Léa Noël",
        "",
    ),
    "Last name,First name 1": ("Last name,First name 1\nSmith,Amy\nBrown,Ben\n", "Amy Ben", ""),
    "Nom élève;Prénom élève 1": ("Nom élève;Prénom élève 1\nDupont;Léa\nMartin;Noël\n", "Léa Noël", ""),
    "ONDE's export": (
        "Nom de famille;Nom d'usage;Prénom 1;Prénom 2;Date de naissance\nDUPONT;DUPONT;Léa;Marie;12/03/2016\n"
        "MARTIN;;Noël;;01/02/2016\n",
        "Léa Noël",
        "",
    ),
    # The first name a child goes by is printed where given, the legal one where not: the legal one was printed,
    # with no word (sweep 18 N3).
    "Prénom d'usage": (
        "Nom;Prénom;Prénom d'usage;Classe\nDupont;Jonathan;Jo;CE2\nMartin;Noël;;CE2\n",
        "Jo Noël",
        "",
    ),
    "Prénom usuel": ("Nom;Prénom;Prénom usuel\nDupont;Jonathan;Jo\nMartin;Noël;\n", "Jo Noël", ""),
    "Preferred name": ("Surname,Forename,Preferred name\nSmith,Jonathan,Jon\nJones,Amy,\n", "Jon Amy", ""),
    "Known as": ("Surname,Forename,Known as\nSmith,Jonathan,Jon\nJones,Amy,\n", "Jon Amy", ""),
    "SIMS's legal and preferred forenames": (
        "Legal Surname,Legal Forename,Preferred Forename,Reg Group\nSmith,Jonathan,Jon,4B\nBrown,Elizabeth,Beth,4B\n"
        "Jones,Amy,,4B\n",
        "Jon Beth Amy",
        "",
    ),
    "preferred surname and forename": (
        "Surname,Forename,Preferred Surname,Preferred Forename\nSmith,Jonathan,Smith,Jon\nBrown,Elizabeth,Brown,Beth\n",
        "Jon Beth",
        "",
    ),
    "Prénom usuel first, Nom when neither": (
        "Prénom usuel;Prénom;Nom\nJo;Jonathan;Dupont\n;Noël;Martin\n;;Petit\n",
        "Jo Noël Petit",
        "line 4 has no first name: the name in its Nom column is printed instead",
    ),
    "Les Roberts under Full name": (
        "Full name,Class\nLes Roberts,4B\nAmy Brown,4B\nBen Smith,4B\n",
        "Les Roberts,Amy Brown,Ben Smith",
        "line 2 was read as a child's name but may be a title: remove it if it is one",
    ),
    # A heading merged over two columns, as spreadsheets export it: the first names are the column its words say
    # (issue 20, sweep 18: the last names were printed with a note, or the rows refused).
    "a heading merged over two columns": ("Nom et prénom;;Classe\nDupont;Léa;CE2\nMartin;Noël;CE2\n", "Léa Noël", ""),
    "Nom et prénom; alone": ("Nom et prénom;\nDupont;Léa\nMartin;Noël\n", "Léa Noël", ""),
    "Prénom et nom; alone": ("Prénom et nom;\nLéa;Dupont\nNoël;Martin\n", "Léa Noël", ""),
    "a merged heading, a first name not typed": (
        "Nom et prénom;\nDupont;Léa\nMartin;\nPetit;Noël\n",
        "Léa Martin Noël",
        "line 3 has no first name: the name in its Nom et prénom column is printed instead",
    ),
    # A column of names printed beside a column no heading names: noted, as they may be last names.
    "a heading over the first of two columns": (
        "Nom;;Classe\nDupont;Léa;CE2\nMartin;Noël;CE2\n",
        "Dupont Martin",
        f"the names in its Nom column are printed: {SURNAMES}",
    ),
    "Nom;Vorname": (
        "Nom;Vorname\nDupont;Léa\nMartin;Noël\n",
        "Dupont Martin",
        f"the names in its Nom column are printed: {SURNAMES}",
    ),
    "Nom;Classe": ("Nom;Classe\nLéa;CE2\nNoël;CE2\n", "Léa Noël", ""),
    # A column of words headed as no partner's is a school's own (the canteen, the language, the town), never a
    # partner: refused at first (sweep 42, B1).
    "Prénom;Cantine": ("Prénom;Cantine\nLéa;Oui\nNoël;Non\nZoé;Oui\n", "Léa Noël Zoé", ""),
    "Prénom;Langue": ("Prénom;Langue\nLéa;Allemand\nNoël;Espagnol\n", "Léa Noël", ""),
    "First name,Transport": ("First name,Transport\nAmy,Bus\nBen,Walker\n", "Amy Ben", ""),
    "Prénom;Nom;Ville": ("Prénom;Nom;Ville\nLéa;Dupont;Lyon\nNoël;Martin;Nice\n", "Léa Noël", ""),
    "Élève;Commentaire, a word on some rows": ("Élève;Commentaire\nLéa;calme\nNoël;\nZoé;\n", "Léa Noël Zoé", ""),
    # Accents saved twice (UTF-8 read as Windows-1252, saved again) print as typed, and a note says so (sweep 18 N6).
    "accents saved twice": (
        "PrÃ©nom;Nom\nLÃ©a;Dupont\nNoÃ«l;Martin\nFranÃ§ois;Petit\nÃ‰lodie;Roux\n",
        "Léa Noël François Élodie",
        "its accents had been saved twice (é as Ã©, UTF-8 read as Windows-1252): they are read as first typed",
    ),
    "Nom;Commentaire": ("Nom;Commentaire\nDupont Léa;calme\nMartin Noël;bavard\n", "Dupont Léa,Martin Noël", ""),
}
NOT_READ = ["Dupont", "Martin", "Marie", "Smith", "Brown", "DUPONT", "MARTIN", "Léa", "Noël", "Jonathan", "Elizabeth"]


@pytest.mark.parametrize(("text", "names", "said"), READ_FROM.values(), ids=READ_FROM)
def test_the_names_printed_are_the_first_names_column_and_a_note_says_when_they_may_be_last_names(
    runner, tmp_path, text, names, said
):
    roster = tmp_path / "class.csv"
    roster.write_text(text, encoding="utf-8")
    out = tmp_path / "b.pdf"
    result = runner.invoke(app, ["boards", "--roster", str(roster), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stderr == (f"note: {roster}: {said}\n" if said else "")
    seated = names.split(",") if "," in names else names.split()
    page = "\n".join(texts(out))
    assert all(on(page, name) for name in seated), page
    others = [name for name in NOT_READ if not any(name in seat for seat in seated)]
    assert not any(re.search(rf"\b{name}\b", page) for name in others), page


ONE_LIST = "keep one list of names a row, a second list under the first"
# A heading row naming two columns of first names, or of names: one of them was read in silence, the children of the
# other on no page (issue 20, sweep 18 N1).
TWO_LISTS = {
    "two blocks side by side": (
        "Nom;Prénom;;Nom;Prénom\nDupont;Léa;;Roux;Hugo\nMartin;Noël;;Petit;Zoé\nBernard;Lina;;;\n",
        f"line 1 names two columns of first names (columns 2 and 5): {ONE_LIST}",
    ),
    "numbered halves": (
        "N°;Nom;Prénom;N°;Nom;Prénom\n1;Dupont;Léa;4;Roux;Hugo\n2;Martin;Noël;5;Petit;Zoé\n",
        f"line 1 names two columns of first names (columns 3 and 6): {ONE_LIST}",
    ),
    "under a title": (
        "Classe de CM2\nFirst name,Last name,First name,Last name\nAmy,Smith,Dan,Jones\nBen,Brown,Eve,White\n",
        f"line 2 names two columns of first names (columns 1 and 3): {ONE_LIST}",
    ),
    "Élèves;Élèves": (
        "Élèves;Élèves\nLéa;Hugo\nNoël;Zoé\n",
        f"line 1 names two columns of names (columns 1 and 2): {ONE_LIST}",
    ),
    "Name,Name": (
        "Name,Name\nAmy,Dan\nBen,Eve\nCal,\n",
        f"line 1 names two columns of names (columns 1 and 2): {ONE_LIST}",
    ),
    # A pair a line under a heading no list of names has: the partners were on no page, with a note about last names
    # (issue 20, sweep 41 B2).
    "Élève,Binôme": (
        "Élève,Binôme\nLéa,Tom\nZoé,Noah\nInès,Hugo\n",
        "its column 2 ('Binôme') holds names on most rows, but only column 1 ('Élève') is printed: if they are "
        "children too, put every child in one column; if not, remove column 2",
    ),
    "Student,Partner,Class with an odd child out": (
        "Student,Partner,Class\nAmy,Dan,4B\nBen,Eve,4B\nCal,,4B\n",
        "its column 2 ('Partner') holds names on most rows, but only column 1 ('Student') is printed: if they are "
        "children too, put every child in one column; if not, remove column 2",
    ),
    "Élève;Binôme;Ville": (
        "Élève;Binôme;Ville\nLéa;Tom;Lyon\nZoé;Noah;Bron\n",
        "its column 2 ('Binôme') holds names on most rows, but only column 1 ('Élève') is printed: if they are "
        "children too, put every child in one column; if not, remove column 2",
    ),
    "Prénom;Nom;Coéquipier": (
        "Prénom;Nom;Coéquipier\nLéa;Dupont;Tom\nZoé;Martin;Noah\n",
        "its column 3 ('Coéquipier') holds names on most rows, but only column 1 ('Prénom') is printed: if they are "
        "children too, put every child in one column; if not, remove column 3",
    ),
    "Prénom;Binôme": (
        "Prénom;Binôme\nLéa;Tom\nZoé;Noah\n",
        "its column 2 ('Binôme') holds names on most rows, but only column 1 ('Prénom') is printed: if they are "
        "children too, put every child in one column; if not, remove column 2",
    ),
}


@pytest.mark.parametrize(("text", "message"), TWO_LISTS.values(), ids=TWO_LISTS)
def test_a_heading_row_naming_two_lists_of_names_is_refused_naming_its_line(runner, tmp_path, text, message):
    roster = tmp_path / "class.csv"
    roster.write_text(text, encoding="utf-8")
    out = tmp_path / "b.pdf"
    result = runner.invoke(app, ["boards", "--roster", str(roster), "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert result.stderr == f"sos-print: {roster}: {message}\n"
    assert not out.exists()


@pytest.mark.parametrize(
    ("children", "teams", "fields"),
    [(6, True, 0), (4, False, 2), (8, True, 0)],
    ids=["a team and a pair", "two pairs", "two teams"],
)
def test_two_boards_cut_from_one_sheet_share_one_kind_of_header(runner, tmp_path, children, teams, fields):
    # A team's half page took the compact header (title and group, no class or date to fill in) and the pair's below
    # it the class and date: one cut sheet, two kinds of header (sweep ad66, 6).
    roster = class_file(tmp_path, [f"Child {k}" for k in range(1, children + 1)])
    out = tmp_path / "b.pdf"
    args = ["boards", "--roster", str(roster), "--two-per-page", "--out", str(out), *(["--teams"] if teams else [])]
    assert runner.invoke(app, args).exit_code == 0
    (page,) = texts(out.read_bytes())
    # The class and date to fill in on both halves, or on neither
    assert (page.count("Class"), page.count("Date"), page.count("Group ")) == (fields, fields, 2), page


THREES = "Nom;Prénom;Groupe\n" + "".join(f"N{k};Child {k};{(k - 1) // 3 + 1}\n" for k in range(1, 7))


@pytest.mark.parametrize(
    ("text", "options", "said"),
    [
        (
            THREES,
            [],
            "the groups are made in the list's order; its groups are of 3, listed one after another: give --players 3",
        ),
        (THREES, ["--players", "3"], None),  # the groups made are the class's own
        (
            THREES,
            ["--players", "3", "--shuffle"],
            "the groups are mixed by --shuffle; its groups are listed one after another: leave --shuffle out",
        ),
        ("Name;Group\nLéa;1\nZoé;1\nTom;2\nMax;2\n", [], None),
        ("Name;Group\n" + "".join(f"Child {k};{(k - 1) // 4 + 1}\n" for k in range(1, 9)), ["--teams"], None),
        # in order with --teams, mixed: only --shuffle keeps them from the class's own (sweep ad68, 8)
        (
            "Name;Group\n" + "".join(f"Child {k};{(k - 1) // 4 + 1}\n" for k in range(1, 9)),
            ["--teams", "--shuffle"],
            "the groups are mixed by --shuffle; its groups are listed one after another: leave --shuffle out",
        ),
        # in order but of several sizes, or of one child, which no option makes (sweep ad68, 4)
        (
            "Name;Group\n" + "".join(f"Child {k};{group}\n" for k, group in enumerate("1112233", start=1)),
            [],
            "the groups are made in the list's order; its groups, of 2 and 3 children, cannot be kept: every group "
            "made is of --players children, but the last",
        ),
        (
            "Name;Group\nLéa;1\nTom;2\n",
            [],
            "the groups are made in the list's order; its groups of 1 cannot be kept: a game is for 2 to 4 players",
        ),
    ],
    ids=["threes", "threes-given", "threes-shuffled", "pairs", "teams", "teams-shuffled", "several-sizes", "ones"],
)
def test_a_column_of_the_class_own_groups_is_compared_with_the_groups_made(runner, tmp_path, text, options, said):
    # A list in groups of three was told to list each group's children one after another, which it did: --players 3
    # keeps its groups, and where the groups made are the class's own there is nothing to say (review nt66, 2).
    roster = tmp_path / "class.csv"
    roster.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["boards", "--roster", str(roster), "--out", str(tmp_path / "b.pdf"), *options])
    assert result.exit_code == 0, result.output
    heading = "Groupe" if "Groupe" in text else "Group"
    assert result.stderr == ("" if said is None else f"note: {roster}: its {heading} column is not read: {said}\n")


@pytest.mark.parametrize(
    ("text", "heading"),
    [
        ("Name,Absent\nLéa,\nTom,yes\nZoé,\nMax,\n", "Absent"),
        ("Prénom;Présent\nLéa;oui\nTom;\nZoé;oui\nMax;oui\n", "Présent"),
        ("Name;Absent\nLéa;\nTom;\nZoé;\nMax;\n", None),  # a column left empty marks nobody: nothing to say
        ("Name;Birthday\nLéa;3 May\nTom;1 June\n", None),  # what no seat depends on is not said
        # headings as exports and teachers write them (sweep ad71, 2)
        ("Prénom;Absent today\nLéa;x\nTom;\nAmy;\nZoé;\n", "Absent today"),
        ("Name;Abs.\nLéa;x\nTom;\n", "Abs."),
        ("Name;Present (Y/N)\nLéa;Y\nTom;N\n", "Present (Y/N)"),
        ("Prénom;Absent/Présent\nLéa;A\nTom;P\n", "Absent/Présent"),
    ],
    ids=["absent", "present", "empty", "birthday", "absent-today", "abs", "present-yn", "absent-present"],
)
def test_a_column_marking_who_is_absent_is_said_not_to_be_read(runner, tmp_path, text, heading):
    # Tom, marked absent, got seat B of group 1 without a word (sweep ad70, 3): every child listed is seated, and the
    # teacher is told so, and how to leave a child out.
    roster = tmp_path / "class.csv"
    roster.write_text(text, encoding="utf-8")
    for command, out in (("boards", "boards.pdf"), ("kit", "kit"), ("puzzles", "sheets")):
        result = runner.invoke(app, [command, "--roster", str(roster), "--out", str(tmp_path / out)])
        assert result.exit_code == 0, result.output
        note = (
            f"note: {roster}: its {heading} column is not read: every child on the list is included; to leave a child "
            "out, take their line out of the list"
        )
        said = [line for line in result.stderr.splitlines() if "is not read" in line]
        assert said == ([note] if heading else []), out
