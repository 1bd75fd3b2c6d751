"""Tests game records typed from filled audits (CSV): read as spreadsheets write them, checked row by row."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zlib

import pytest
from conftest import EXAMPLES, ROOT, examples
from games import VARIANTS, Game, games, true_claims
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sos_print.cli import app
from sos_print.engine.check import claim_problems, replay_example
from sos_print.engine.errors import ExampleFileError
from sos_print.engine.examples import parse_example
from sos_print.engine.notation import Notation, cell_name, segment_name
from sos_print.engine.records import RecordOptions, parse_csv_record
from sos_print.engine.rules import Variant

HEADERS = {
    "en": ["move", "player", "letter", "cell", "lines", "points"],
    "fr": ["Coup", "Joueur", "Lettre", "Case", "Lignes", "Points"],
}


def csv_text(game: Game, notation: Notation, lang: str = "en", separator: str = ",", totals: bool = False) -> str:
    """Writes `game` as a spreadsheet would export a typed-out audit, every claim true."""
    n = game.start.board.size
    sides = game.start.variant.sides
    header = HEADERS[lang] + ([f"Total {' + '.join(side)}" for side in sides] if totals else [])
    rows = [header]
    for number, step in enumerate(game.steps, start=1):
        lines = " ".join(segment_name(seg, n, notation) for seg in step.segments)
        row = [str(number), step.seat, step.move.letter.value, cell_name(step.move.cell, n, notation)]
        row += [lines or "-", str(step.points)]
        if totals:
            row += [str(step.after.side_scores[side]) for side in sides]
        rows.append(row)
    return "".join(separator.join(row) + "\r\n" for row in rows)


def options_of(game: Game, notation: Notation) -> RecordOptions:
    return RecordOptions(game.start.board.size, game.start.variant, notation)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=games(variants=st.sampled_from(VARIANTS), with_start=False),
    notation=st.sampled_from(list(Notation)),
    lang=st.sampled_from(["en", "fr"]),
    separator=st.sampled_from([",", ";", "\t"]),
    bom=st.booleans(),
    trailing=st.sampled_from(["", "\r\n", ";;;;;\r\n\r\n", "17;;;;;\r\n"]),
    totals=st.booleans(),
)
def test_a_game_written_as_csv_reads_back_as_its_toml_twin_and_every_claim_holds(
    game, notation, lang, separator, bom, trailing, totals
):
    if not game.steps:
        return  # a record of no move is refused (test_each_problem_is_one_line_on_its_move_and_row)
    text = csv_text(game, notation, lang, separator, totals) + trailing.replace(";", separator)
    text = ("\ufeff" if bom else "") + text
    record = parse_csv_record(text, options_of(game, notation), "game.csv")
    twin = parse_example(true_claims(game, notation).toml(), "game.toml")
    assert [(m.cell, m.letter, m.by, m.points, set(m.lines or ())) for m in record.moves] == [
        (m.cell, m.letter, m.by, m.points, set(m.lines or ())) for m in twin.moves
    ], game.explain()
    checked = replay_example(record)
    assert claim_problems(checked) == [], game.explain()
    assert checked.final == replay_example(twin).final


# A 4x4 game: A's S in B1, B's O in B2, A's S in B3 scores B1-B3 and A writes again (S in C1), then B.
GAME = [
    ("1", "A", "S", "B1", "", "0"),
    ("2", "B", "O", "B2", "", "0"),
    ("3", "A", "S", "B3", "B1-B3", "1"),
    ("4", "A", "S", "C1", "", "0"),
    ("5", "B", "O", "C2", "", "0"),
]


GAME_HEADER = ("move", "player", "letter", "cell", "lines", "points")


def game_csv(rows=GAME, header="move,player,letter,cell,lines,points") -> str:
    return header + "\n" + "".join(",".join(row) + "\n" for row in rows)


UNNUMBERED = game_csv([row[1:] for row in GAME], "player,letter,cell,lines,points")


def altered(row: int, column: int, value: str) -> str:
    rows = [list(r) for r in GAME]
    rows[row][column] = value
    return game_csv([tuple(r) for r in rows])


def run_check(runner, tmp_path, text: str, *options: str, name: str = "game.csv"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--size", "4", *options])
    return result.exit_code, result.stdout.splitlines(), path


def test_the_true_record_checks(runner, tmp_path):
    code, lines, _ = run_check(runner, tmp_path, game_csv())
    assert (code, lines) == (0, ["checked 1 file: every claim holds"])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (altered(2, 5, "2"), "move 3 (row 4): claims 2 points, the rules give 1 (B1-B3)"),
        (altered(2, 4, ""), None),  # an empty lines cell is no claim
        (altered(3, 3, "c 1"), None),  # a cell's name with a space inside, as a tablet types it (sweep ad66)
        # A line's ends as a child writes them: the move's claim, not a row that stops the game (review nt66, 1).
        *((altered(2, 4, lines), None) for lines in ("B1/B3", "B1 B3", "b3b1", "B1 - B3", " B3  B1 ", "B1 -- B3")),
        # a line said in words (sweep ad77, 6)
        *((altered(2, 4, lines), None) for lines in ("B1 to B3", "B1 à B3", "b1 A b3")),
        # two lines said so: "and" was "a word is not an S-O-S line" (sweep ad79, 5)
        *(
            (altered(2, 4, lines), "move 3 (row 4): claims lines B1-B3, C1-C3, the rules give B1-B3")
            for lines in ("B1 to B3 and C1 to C3", "B1 à B3 et C1 à C3", "B1-B3 & C1-C3")
        ),
        # a line ended as a sentence is, and a move's points as what it adds (ad70, 9)
        *((altered(2, 4, lines), None) for lines in ("B1-B3;", "B1-B3.", "B1-B3 ;")),
        *((altered(2, 5, points), None) for points in ("+1", "1.", "+1.")),
        (altered(2, 5, "1.5"), "move 3 (row 4): points must be a whole number, not '1.5'"),
        # -1 is a whole number (sweep ad76, 5)
        (altered(2, 5, "-1"), "move 3 (row 4): points must be a whole number, 0 or more, not '-1'"),
        (altered(2, 5, "\u22121"), "move 3 (row 4): points must be a whole number, 0 or more, not '\u22121'"),
        (altered(2, 5, "+2"), "move 3 (row 4): claims 2 points, the rules give 1 (B1-B3)"),
        (altered(2, 4, "B1 B3 C1"), "move 3 (row 4): 'C1' is not an S-O-S line"),
        # a comma, semicolon or full stop parts lines: two lone cells across one are no line's ends (sweep ad71, 4)
        *(
            (altered(2, 4, lines), "move 3 (row 4): 'B1' is not an S-O-S line")
            for lines in ("B1;B3", "B1; B3", "B1. B3")
        ),
        # its three cells, as a child writes a line (sweep ad68, 2); three that are no line stay a problem
        *((altered(2, 4, lines), None) for lines in ("B1 B2 B3", "B3 B2 B1", "B1-B2-B3", "B 1 B 3", "b 1-b 3")),
        (altered(2, 4, "B1-C2-B3"), "move 3 (row 4): 'B1-C2-B3' is not an S-O-S line"),
        (altered(2, 5, ""), None),  # nor an empty points cell
        (altered(2, 4, "-"), "move 3 (row 4): claims no line, the rules give B1-B3"),
        # "N/A" and "/" say no line, as "-" does; a slash between two lines parts them; a message quotes what was
        # written: "'N' is not a cell name", "'-' is not an S-O-S line", "'B1-B3-C1-C3'" (ad85, 4)
        *(
            (altered(2, 4, lines), "move 3 (row 4): claims no line, the rules give B1-B3")
            for lines in ("N/A", "n/a", "/", "N / A", "s/o", "n/d", "N.A.", "n.a.", "-/-")  # the last six: ad86, 4
        ),
        # in words, and a count of none: each was told to write a line's two cells (ad87, 3)
        *(
            (altered(2, 4, lines), "move 3 (row 4): claims no line, the rules give B1-B3")
            for lines in (
                "néant",
                "Rien",
                "aucune ligne",
                "pas de ligne",
                "no line",
                "nothing",
                "0",
                "None.",
                "Aucune.",
            )
        ),
        (
            altered(2, 4, "B1 - B3 n/a"),  # "'N' is not a cell name" (ad87, 4)
            "move 3 (row 4): 'B1 - B3 n/a' is not a list of S-O-S lines: write each line as the cells at its two ends "
            "joined by a hyphen, the lines apart by spaces",
        ),
        (
            altered(2, 4, "n.c."),
            "move 3 (row 4): 'n.c.' is not an S-O-S line: write the cells at its two ends joined by a hyphen, or leave "
            "the cell empty for none",
        ),
        (altered(2, 4, "B1-B3 / C1-C3"), "move 3 (row 4): claims lines B1-B3, C1-C3, the rules give B1-B3"),
        (altered(2, 4, "B1/C3"), "move 3 (row 4): 'B1/C3' is not a straight line of three adjacent cells"),
        (altered(4, 4, "A1-C3"), "move 5 (row 6): claims lines A1-C3, the rules give no line"),
        (altered(3, 1, "B"), "move 4 (row 5): B wrote, but A scored on move 3 and writes again"),
        (altered(1, 1, "A"), "move 2 (row 3): A wrote, but move 1 scored nothing, so B writes next"),
        (altered(0, 1, "B"), "move 1 (row 2): B wrote, but the first move is A's"),
        (altered(1, 0, "7"), "move 2 (row 3): the move column says '7', but this is move 2 of the record\n"),
        (  # a row left out: the next number where one is expected (review nt66, 9)
            game_csv([row for k, row in enumerate(GAME) if k != 1]),
            "move 2 (row 3): the move column says '3', but this is move 2 of the record; if a move's row is missing "
            "above it, add it\n",  # the rows below, numbered one ahead too, are not called unreadable
        ),
        (  # a typo, the rows below numbered as they should be: no row is missing (sweep ad68, 3)
            altered(1, 0, "3"),
            "move 2 (row 3): the move column says '3', but this is move 2 of the record\n",
        ),
        (  # two rows left out (sweep ad68, 7)
            game_csv([row for k, row in enumerate(GAME) if k not in (1, 2)]),
            "move 2 (row 3): the move column says '4', but this is move 2 of the record; if 2 moves' rows are "
            "missing above it, add them\n",
        ),
        # Only ASCII digits are a move number: int() reads '١' as 1 and raises on '²'. Said as it is: "says '²', but
        # this is move 2" read as "2 is not 2".
        (
            altered(1, 0, "\u00b2"),
            "move 2 (row 3): the move column holds '\u00b2': write the move's number in the digits",
        ),
        (
            altered(1, 0, "\u0662"),
            "move 2 (row 3): the move column holds '\u0662': write the move's number in the digits",
        ),
        # A header split by one separator and rows by another: each row was one cell, "the move column says '1,A...'".
        (
            game_csv(header="move;player;letter;cell;lines;points"),
            "move 1 (row 2): its cells are separated by ',', but the header's by ';': use one separator throughout",
        ),
        (
            game_csv(header="move\tplayer\tletter\tcell\tlines\tpoints").replace(",", ";"),
            "move 1 (row 2): its cells are separated by ';', but the header's by tabs: use one separator throughout",
        ),
        (
            game_csv().replace("\n3,A,S,B3,B1-B3,1", "\n3\tA\tS\tB3\tB1-B3\t1"),  # one row typed apart
            "move 3 (row 4): its cells are separated by tabs, but the header's by ',': use one separator throughout",
        ),
        (altered(1, 0, "9" * 400), "move 2 (row 3): the move column says '" + "9" * 37 + "\u2026', but this is move 2"),
        # A cell longer than any audit's is refused before it is read, naming its row and column.
        (
            altered(1, 0, "9" * 401),
            "move 2 (row 3): column 1 (move) holds 401 characters; a cell of a record takes at most 400",
        ),
        (
            altered(1, 3, "B" * 500),  # the cell column, once said "the cell cell"
            "move 2 (row 3): column 4 (cell) holds 500 characters; a cell of a record takes at most 400",
        ),
        (
            game_csv(header="move,player,letter,cell,lines,points,total A,total B").replace(
                "B2,,0\n", "B2,,0,0," + "0" * 401 + "\n"
            ),
            "move 2 (row 3): column 8 (total B) holds 401 characters; a cell of a record takes at most 400",
        ),
        (
            altered(2, 4, "A1-A3 " * 160_000),
            "move 3 (row 4): column 5 (lines) holds 960,000 characters; a cell of a record takes at most 400",
        ),
        (
            game_csv([*GAME[:2], (*GAME[2][:6], "x" * 1000)]),
            "move 3 (row 4): column 7 holds 1,000 characters; a cell of a record takes at most 400",
        ),
        # A row with text in its move column is not a blank audit row: the rows after it would go unchecked.
        (
            game_csv([*GAME[:2], ("abc", "", "", "", "", ""), *GAME[2:]]),
            "row 4 is not a move: its move column holds a word, not a number; if the row holds the totals or a note, "
            "remove it",
        ),
        # A totals row typed at the foot, as the paper sheet has one, was "move 17: write the move's number" (nt64, 2).
        (game_csv([*GAME, ("Total", "", "", "", "", "1")]), "row 7 is not a move: its move column holds a word"),
        (game_csv([*GAME, ("Coup 9", "A", "S", "D4", "", "0")]), "move 6 (row 7): the move column holds a word: write"),
        # A quotation mark never closed would swallow every row after it into one cell.
        (
            game_csv([GAME[0], ('"2', *GAME[1][1:]), *GAME[2:]]),
            "move 2 (row 3): a quotation mark opens a cell and is never closed",
        ),
        (altered(2, 4, "B1 - B3"), None),  # spaces around the hyphen, as people type
        (altered(2, 4, "B1 \u2013 B3"), None),  # and a dash, as word processors turn it
        (altered(2, 4, "B1 \u2014 B3"), None),
        (altered(2, 4, "B1\u2212B3"), None),  # a minus sign
        ('"' + game_csv(), "row 1: a quotation mark opens a cell and is never closed"),  # in the header
        (altered(3, 3, "B2"), "move 4 (row 5): cell B2 already holds a letter"),
        (altered(3, 3, "9Z"), "move 4 (row 5): '9Z' is not a cell name in A1 notation"),
        (
            altered(3, 3, "E1"),
            "move 4 (row 5): cell E1 is not on the 4 × 4 board; if the game was played on a larger board, give "
            "--size 5 or more",
        ),  # a 5 x 5 game checked with --size 4 was told no more than the first part (review nt64, 10)
        (altered(3, 3, "B7"), "move 4 (row 5): cell B7 is not on the 4 × 4 board; if the game was played on a larger"),
        # A totals row of numbers alone under a full board was "move 17: no letter" (ad64, 1).
        (
            game_csv(
                [(str(k + 1), "AB"[k % 2], "O", f"{'ABCD'[k % 4]}{k // 4 + 1}", "", "0") for k in range(16)]
                + [("", "", "", "", "", "5")]
            ),
            "row 18 is not a move: the rows above fill the board's 16 cells; if it holds the totals or a note, "
            "remove it",
        ),
        (altered(3, 3, "J1"), "move 4 (row 5): cell J1 is not on the 4 × 4 board\n"),  # on no board
        (altered(3, 1, "E"), "move 4 (row 5): player must be a seat of this game (A, B), not 'E'"),
        (altered(3, 1, "=A"), "move 4 (row 5): player must be a seat of this game (A, B), not a spreadsheet formula"),
        # Seats run together: "AB" is in the string "AB" of the seats, and was taken for one (exit 70).
        (altered(3, 1, "AB"), "move 4 (row 5): player must be a seat of this game (A, B), not 'AB'"),
        (altered(3, 1, "ab"), "move 4 (row 5): player must be a seat of this game (A, B), not 'ab'"),
        (
            altered(3, 1, "Léa"),
            "move 4 (row 5): player must be a seat of this game (A, B), not a name or a word: write the seat's letter",
        ),
        (altered(3, 2, "X"), "move 4 (row 5): 'X' is not a letter of the game"),
        (altered(3, 2, "s"), None),  # as a tablet types it, without a capital
        (altered(3, 2, "x"), "move 4 (row 5): 'x' is not a letter of the game"),
        (altered(3, 5, "two"), "move 4 (row 5): points must be a whole number, not a word"),
        # A child's name typed in the wrong column is never printed (issue 20, sweep 18, N14).
        (altered(3, 3, "Léa"), "move 4 (row 5): a word is not a cell name in A1 notation (like B2)"),
        (altered(3, 2, "Léa"), "move 4 (row 5): a word is not a letter of the game: write S or O"),
        (altered(3, 5, "Léa"), "move 4 (row 5): points must be a whole number, not a word"),
        # A spreadsheet saved with its formulas, not their values, was "a word" (ad66, 5).
        (altered(3, 5, "=SUM(F$2:F5)"), "move 4 (row 5): points must be a whole number, not a spreadsheet formula"),
        (altered(3, 2, ' =IF(A1>0;"S";"O")'), "move 4 (row 5): a spreadsheet formula is not a letter of the game"),
        (altered(3, 5, "=0"), "move 4 (row 5): points must be a whole number, not '=0'"),
        # A broken formula's value was "a word" (ad83, 11).
        (altered(3, 3, "#REF!"), "move 4 (row 5): a spreadsheet error (#REF!) is not a cell name in A1 notation"),
        (altered(3, 2, "#VALUE!"), "move 4 (row 5): a spreadsheet error (#VALUE!) is not a letter of the game"),
        (altered(3, 5, "#DIV/0!"), "move 4 (row 5): points must be a whole number, not a spreadsheet error (#DIV/0!)"),
        (altered(3, 1, "#N/A"), "move 4 (row 5): player must be a seat of this game (A, B), not a spreadsheet error"),
        (altered(3, 3, "#GETTING_DATA"), "move 4 (row 5): a spreadsheet error (#GETTING_DATA) is not a cell name"),
        (altered(2, 4, "Léa-Noël"), "move 3 (row 4): a word is not an S-O-S line: write the cells at its two ends"),
        (game_csv(header="move,player,letter,lines,points"), "the header has no cell column"),
        # A column left out would check nothing and say that every claim holds.
        (
            game_csv([row[:4] + row[5:] for row in GAME], "move,player,letter,cell,points"),
            "the header has no lines column",
        ),
        (game_csv([row[:5] for row in GAME], "move,player,letter,cell,lines"), "the header has no points column"),
        (
            game_csv(header="move,player,letter,cell,lines,pionts"),
            "the header names an unknown column 'pionts' "
            "(known: move, player, letter, cell, lines, points, total A, total B...)",
        ),
        (
            game_csv(header="coup,joueur,lettre,case,lignes,pionts").replace(",", ";"),
            "the header names an unknown column 'pionts' "
            "(known: coup, joueur, lettre, case, lignes, points, total A, total B...)",  # in the language of the header
        ),
        (
            game_csv([row[:5] for row in GAME], "coup;joueur;lettre;case;lignes").replace(",", ";"),
            "the header has no points column: the columns are joueur, lettre, case, lignes, points",
        ),
        (
            game_csv(header="coup,joueur,lettre,lines,points"),
            "the header has no case column: the columns are joueur, lettre, case, lignes, points",
        ),
        (game_csv(header="move,player,letter,cell,lines,points,total C"), "the header has 'total C', but this game"),
        # Two names of one column were "the column 'case' twice" (sweep ad82, C).
        (
            game_csv(header="move,player,letter,cell,lines,points,case"),
            "the header names the cell column twice, as 'cell' and as 'case': keep one",
        ),
        (
            game_csv(header="move,player,letter,cell,lines,points,Cell"),
            "the header names the column 'Cell' twice: keep",
        ),
        # copied from the paper sheet, whose "Total" stands over a column for each side (review nt66, 10)
        (
            game_csv(header="move,player,letter,cell,lines,points,A"),
            "the header names an unknown column 'A' (known: move, player, letter, cell, lines, points, total A, "
            "total B...): head it total A\n",
        ),
        # a column of the players' names, as a teacher's sheet has one (sweep ad73, 4)
        *(
            (
                game_csv([(*row, "Léa") for row in GAME], f"move,player,letter,cell,lines,points,{name}"),
                f"the header names an unknown column {name!r} (known: move, player, letter, cell, lines, points, "
                "total A, total B...): a record does not read names; remove that column (replay takes them with "
                "--names)\n",
            )
            for name in (
                "Name",
                "player names",
                "Prénom",
                "élève",
                "Nom de l'élève",
                "Prénom/Nom",
                "Name (first)",
                "Pupil",
            )
        ),
        # Two games pasted into one file, with or without a header between them, or a header repeated (sweep ad73, 5;
        # ad74, 4 and 5).
        (
            game_csv() + game_csv()[:60],
            "row 7 is not a move: it repeats the header: remove it; if a new game starts here, put it in a file of its "
            "own: a record holds one game\n",
        ),
        # two files joined ("cat a.csv b.csv"), each with its byte-order mark: the second's header read as a move (ad84)
        (
            "\ufeff" + game_csv() + "\ufeff" + game_csv()[:60],
            "row 7 is not a move: it repeats the header: remove it; if a new game starts here, put it in a file of its "
            "own: a record holds one game\n",
        ),
        (
            game_csv() + game_csv().split("\n", 1)[1],
            "move 6 (row 7): the move column says '1', but this is move 6 of the record; if a new game starts here, "
            "put it in a file of its own: a record holds one game",
        ),
        (
            game_csv(
                [(str(k + 1), "AB"[k % 2], "O", f"{'ABCD'[k % 4]}{k // 4 + 1}", "", "0") for k in range(16)]
                + [("1", "A", "S", "A1", "", "0")]
            ),
            "row 18 is not a move: the rows above fill the board's 16 cells; if a new game starts here, put it in a "
            "file of its own: a record holds one game\n",
        ),
        # ... and with no move column, where no number starting again at 1 tells the second game (sweep ad77, 1 to 3):
        # empty rows between them, its header again, or a title row.
        (
            UNNUMBERED + "\n\n" + UNNUMBERED.split("\n", 1)[1],
            "row 9 is not read: rows 7 and 8 above it are empty; if a new game starts here, put it in a file of its "
            "own: a record holds one game; if not, remove the empty rows\n",
        ),
        (
            UNNUMBERED + UNNUMBERED,
            "row 7 is not a move: it repeats the header: remove it; if a new game starts here, put it in a file of its "
            "own: a record holds one game\n",
        ),
        *(
            (
                game + title + game.split("\n", 1)[1],
                "row 7 is not a move: it holds a word and no move; if a new game starts here, put it in a file of its "
                "own: a record holds one game; if it is a title or a note, remove it\n",
            )
            for game, title in (
                (UNNUMBERED, "Game 2,,,,\n"),
                (game_csv(), "Game 2,,,,,\n"),
                (UNNUMBERED, ",,,,partie 2\n"),
            )
        ),
        ("\n\n".join(UNNUMBERED.split("\n")), None),  # a blank line under each row is no second game
        ("\n\n\n".join(UNNUMBERED.split("\n")), None),  # nor two, rows spaced alike
        (UNNUMBERED.replace("\n", "\n\n", 3), None),  # nor one after a move here and there
        ("\n\n", "holds no header row"),
        ("player;letter;cell;lines;points\n;;;;\n", "holds no move: write one row for each letter written"),
    ],
)
def test_each_problem_is_one_line_on_its_move_and_row(runner, tmp_path, text, message):
    code, lines, path = run_check(runner, tmp_path, text)
    if message is None:
        assert code == 0, lines
        return
    assert code == 1, lines
    assert len(lines) == 2, lines
    assert (lines[0] + "\n").startswith(f"{path}: {message}"), lines[0]  # a message ending in "\n" is the whole line


def _unreadable(rows: int, *bad: int, foot: str = "") -> str:
    """Returns a 4 x 4 record of `rows` moves (O in cell after cell, B1 first), each of the `bad` ones with an X."""
    cells = [f"{column}{row}" for row in range(1, 5) for column in "ABCD"][1:] + ["A1"] * 5
    moves = [(str(k), "AB"[(k - 1) % 2], "X" if k in bad else "O", cells[k - 1], "", "0") for k in range(1, rows + 1)]
    return game_csv(moves) + foot


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (altered(1, 2, "X"), "move 2 (row 3): 'X' is not a letter of the game: write S or O\n"),
        (
            _unreadable(5, 2, 4),
            "move 2 (row 3): 'X' is not a letter of the game: write S or O; row 5 cannot be read either\n",
        ),
        (
            _unreadable(6, 2, 3, 4, 5),
            "move 2 (row 3): 'X' is not a letter of the game: write S or O; rows 4 to 6 cannot",
        ),
        # an empty row below is no move: the move numbers below it still match
        (
            game_csv([("1", "A", "X", "B1", "", "0"), ("", "", "", "", "", ""), ("2", "B", "O", "B2", "", "0")]),
            "move 1 (row 2): 'X' is not a letter of the game: write S or O\n",
        ),
        (  # a run of rows as a range: fifteen empty rows were each named (sweep ad76, 7)
            _unreadable(13, *range(1, 14)),
            "move 1 (row 2): 'X' is not a letter of the game: write S or O; rows 3 to 14 cannot be read either\n",
        ),
        (
            _unreadable(15, *range(1, 16, 2)),
            "move 1 (row 2): 'X' is not a letter of the game: write S or O; rows 4, 6, 8, 10, 12 and 2 more cannot be "
            "read either\n",
        ),
        (  # six below: the sixth named, not "and 1 more" (sweep ad67, 6)
            _unreadable(13, *range(1, 14, 2)),
            "write S or O; rows 4, 6, 8, 10, 12 and 14 cannot be read either\n",
        ),
        # a totals row at the foot is not a move, and rows past the board's 16 moves are never moves
        (_unreadable(3, 1, 3, foot="Total,,,,,0\n3,A,X,C1,,0\n"), "; row 4 cannot be read either\n"),
        (_unreadable(19, 1, 19), "move 1 (row 2): 'X' is not a letter of the game: write S or O\n"),
    ],
    ids=[
        "one",
        "two",
        "four",
        "blank-between",
        "thirteen",
        "eight apart",
        "seven apart",
        "totals-foot",
        "past-the-board",
    ],
)
def test_a_row_that_cannot_be_read_names_those_below_it_that_cannot_either(runner, tmp_path, text, message):
    # Only the first was named, so a teacher mended a record one row a run (review nt64, 11).
    code, lines, path = run_check(runner, tmp_path, text)
    assert code == 1, lines
    assert message in lines[0] + "\n" and lines[0].startswith(f"{path}: move "), lines


MOVED_FIRST = "put the header row first"


@pytest.mark.parametrize(
    ("above", "message"),
    [
        # A sheet sorted with its header row: the moves above it were passed over as titles, their claims unchecked.
        ("1,A,S,B1,,9\n2,B,O,B2,B1-B3,9\n", f"row 1 is a move above the header row (row 3): {MOVED_FIRST}"),
        (",A,s,B1,,\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),  # no number, a small s
        (",,O,Z9,,\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),  # off the board: still a move
        (",,O,L1C2,,\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),  # the other notation
        ("Class 3B, game 2\n1,A,S,B1,,9\n", f"row 2 is a move above the header row (row 3): {MOVED_FIRST}"),
        ("\n\n1,A,S,B1,,9\n", f"row 3 is a move above the header row (row 4): {MOVED_FIRST}"),  # as the file counts
        # Titles stay titles, even split by the header's separator: a letter and a cell name make a move, not one.
        ("Class 3B, game 2\n", None),
        ("Class 3B, game 2\nPlayed on 3 March,,,,,\n", None),
        ("Game 1,A,S,table B2,,\n", None),
        ("SOS,S,O,S,,\n", None),
        ("Partie du 3 mars,,,,,\n", None),
        # A move typed with a slip the rows below would refuse: a seat under player, and a letter or a cell.
        (",A,S ,B 1,,9\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),
        (",A,,B1,,9\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),  # no letter
        (",A,S,b 1,,9\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),
        (", b ,O,,,\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),  # no cell, spaces around
        (",A,\uff33,B1,,9\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),  # a full-width S
        ("1,d,x,,,\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),
        # Split by another separator than the header's: read as a move all the same.
        ("1;A;S;B1;;9\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),
        ("\tA\tS\tB 1\t\t9\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),
        # Titles: a seat's letter under player, but a title's words under move, or nothing under letter and cell.
        ("Game 1;A;S;table B2;;\n", None),
        ("Partie du 3 mars;;;;;\n", None),
        ("Groupe,A,,,,\n", None),
        (",A,,,,\n", None),
        # A seat's legend (sweep 15, F15): a seat and a word under letter, nothing like a cell under cell. A move needs
        # S or O under letter, one character typed for it, or a cell's name under cell, typed with a slip or not.
        (",A,L\u00e9a,,,\n,B,Zo\u00e9,,,\n", None),
        (",A,,table,,\n", None),
        (",A,L\u00e9a,B 2,,\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),
        (",A,,a 1,,\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),
        (",A,,L1 C2,,\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),
        (",A,\uff33,,,\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),
        (",A, o ,,,\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),
        # S or O and a cell's name out of the header's columns, or in one cell, are a move too (sweep ad58, M1).
        ("S,B2,,,,\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),
        ("A,S,B2,,,\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),
        (",,A,O,D2,\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),
        ("A, O , D 2,,,\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),
        ("O D2\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),
        ("Group 1\nA;O;D2\n", f"row 2 is a move above the header row (row 3): {MOVED_FIRST}"),
        ("Room B2, group 3,,,,\n", None),
        # Title rows above the header (sweep 15, F18): up to ten are read; more are said, the header's row named.
        ("Partie du 3 mars\nGroupe 2\nL\u00e9a contre Zo\u00e9\n", None),
        ("".join(f"Note {k}\n" for k in range(10)), None),
        (
            "".join(f"Note {k}\n\n" for k in range(11)),
            "its header row (row 23) comes after 11 title rows: keep at most 10 above it",
        ),
        # Past the forty rows looked through first, where a folder finds it: "names none of the columns" (ad89, 5).
        pytest.param(
            "".join(f"Note {k}\n" for k in range(41)),
            "its header row (row 42) comes after 41 title rows: keep at most 10 above it",
            id="41 title rows",
        ),
        pytest.param(
            "".join(f"Note {k};;\n" for k in range(500)),
            "its header row (row 501) comes after 500 title rows: keep at most 10 above it",
            id="500 title rows",
        ),
        (
            "".join(f"Note {k}\n" for k in range(11)) + "1,A,S,B1,,9\n",
            f"row 12 is a move above the header row (row 13): {MOVED_FIRST}",
        ),
    ],
)
def test_a_move_above_the_header_row_is_refused_and_a_title_is_passed_over(runner, tmp_path, above, message):
    code, lines, path = run_check(runner, tmp_path, above + game_csv())
    if message is None:
        assert (code, lines) == (0, ["checked 1 file: every claim holds"])
        return
    assert (code, lines) == (1, [f"{path}: {message}", "checked 1 file: 1 problem in 1 file"])


@pytest.mark.parametrize(
    ("above", "message"),
    [
        # The sweep's rows, above a header with no move column (sweep 14, F6).
        ("A,S ,A 1,,9\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),
        ("A,,A1,,9\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),
        ("A,S,a 1,,9\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),
        ("A;S;A1;;9\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),
        ("Class 3B, game 2\n", None),
        ("Partie du 3 mars,,,,,\n", None),
        ("SOS,S,O,S,,\n", None),
        ("Game 1,A,S,table B2,,\n", None),
        ("A game of SOS\n", None),
        ("A,L\u00e9a\nB,Zo\u00e9\n", None),  # a seat's legend (sweep 15, F15)
        ("A;L\u00e9a;\nB;Zo\u00e9;\n", None),
        ("A,L\u00e9a,B 2,,\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),
        ("A,x,,,\n", f"row 1 is a move above the header row (row 2): {MOVED_FIRST}"),
    ],
)
def test_a_move_above_a_header_without_a_move_column_is_refused(runner, tmp_path, above, message):
    rows = [row[1:] for row in GAME]
    code, lines, path = run_check(runner, tmp_path, above + game_csv(rows, "player,letter,cell,lines,points"))
    if message is None:
        assert (code, lines) == (0, ["checked 1 file: every claim holds"])
        return
    assert (code, lines) == (1, [f"{path}: {message}", "checked 1 file: 1 problem in 1 file"])


@pytest.mark.parametrize("command", ["replay", "analyse"])
def test_replay_and_analyse_refuse_a_move_above_the_header_row(runner, tmp_path, command):
    path = tmp_path / "game.csv"
    path.write_text("1;A;S;B1;;9\n" + game_csv().replace(",", ";"))
    out = ["--out", str(tmp_path / "r.pdf")] * (command == "replay")
    result = runner.invoke(app, [command, str(path), "--size", "4", *out])
    assert result.exit_code == 1, result.output
    assert result.stderr == (
        f"sos-print: {path}: row 1 is a move above the header row (row 2): put the header row first\n"
    )
    assert sorted(tmp_path.iterdir()) == [path]


def test_a_record_over_one_megabyte_is_refused_as_a_game_record(runner, tmp_path):
    # It was called "an example file", which a CSV record is not.
    code, lines, path = run_check(runner, tmp_path, game_csv() + "\n" * 1_000_000)
    assert (code, lines[0]) == (1, f"{path}: is 1,000,102 bytes; a game record may hold at most 1,000,000 bytes (1 MB)")


def test_running_totals_are_checked_on_their_row(runner, tmp_path):
    totals = [("0", "0"), ("0", "0"), ("1", "0"), ("1", "0"), ("0", "1")]
    rows = [(*row, a, b) for row, (a, b) in zip(GAME, totals, strict=True)]
    text = game_csv(rows, header="Coup;Joueur;Lettre;Case;Lignes;Points;Total A;Total B").replace(",", ";")
    code, lines, path = run_check(runner, tmp_path, text)
    assert code == 1
    assert lines[:2] == [
        f"{path}: move 5 (row 6): claims total A 0, the rules give A 1",
        f"{path}: move 5 (row 6): claims total B 1, the rules give B 0",
    ]


@pytest.mark.parametrize(
    ("options", "why"),
    [
        (["--first-sos-wins"], "A made the first S-O-S on move 3"),
        (["--target", "1"], "A reached the target of 1 on move 3"),
        (["--players", "4", "--teams", "--target", "1"], "team A + C reached the target of 1 on move 3"),
    ],
)
def test_a_move_after_the_end_of_the_game_is_named_with_why_the_game_ended(runner, tmp_path, options, why):
    # "the game is already over" alone left a teacher to work out that --target 3 had ended it (sweep ad76, 8).
    third = "C" if "--teams" in options else "A"
    rows = [("1", "A", "O", "B1", "", ""), ("2", "B", "S", "A1", "", ""), ("3", third, "S", "C1", "A1-C1", "1")]
    rows.append(("4", third, "S", "D4", "", ""))
    code, lines, path = run_check(runner, tmp_path, game_csv(rows), *options)
    assert code == 1
    assert lines[0] == f"{path}: move 4 (row 5): the game is already over ({why}): no letter can go in D4"
    # The rows under it are named too, as under a row that cannot be read (ad92, 4).
    rows += [("5", "B", "O", "D3", "", ""), ("6", "A", "S", "D2", "", "")]
    code, lines, path = run_check(runner, tmp_path, game_csv(rows), *options)
    assert lines[0] == (
        f"{path}: move 4 (row 5): the game is already over ({why}): no letter can go in D4; rows 6 and 7 after it "
        "are not checked either"
    )


def test_the_rows_under_a_move_past_a_full_board_are_named_as_not_checked(runner, tmp_path):
    # The usual way a game ends: its rows after the full board went without a word (ad93, 1).
    cells = [f"{column}{row}" for row in "123" for column in "ABC"]
    rows = [(str(k), "AB"[(k - 1) % 2], "S", cell, "", "") for k, cell in enumerate([*cells, "A1", "B1", "C1"], 1)]
    path = tmp_path / "game.csv"
    path.write_text(game_csv(rows))
    result = runner.invoke(app, ["check", str(path), "--size", "3"])
    assert (result.exit_code, result.stdout.splitlines()[0]) == (
        1,
        f"{path}: move 10 (row 11): the game is already over (the board was full after move 9): no letter can go in "
        "A1; rows 12 and 13 after it are not checked either",
    )


def test_a_csv_record_needs_its_board_size(runner, tmp_path):
    path = tmp_path / "game.csv"
    path.write_text(game_csv())
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert f"{path}: a CSV record does not say its board size: give it with --size" in result.stderr


@pytest.mark.parametrize("command", ["check", "analyse", "replay"])
def test_a_missing_csv_record_is_named_as_missing_before_its_size_is_asked(runner, tmp_path, command):
    path = tmp_path / "missing.csv"
    result = runner.invoke(app, [command, str(path), *(["--out", str(tmp_path / "r.pdf")] * (command == "replay"))])
    assert result.exit_code == 1, result.output
    assert f"{path}: no such file or folder" in result.output
    assert "--size" not in result.output


@pytest.mark.parametrize("command", ["check", "analyse", "replay"])
@pytest.mark.parametrize("size", [[], ["--size", "4"]], ids=["no size", "size"])
@pytest.mark.parametrize("name", ["audit.csv", "audit.tsv", "AUDIT.TXT"])
def test_a_pdf_named_as_a_csv_record_is_named_a_pdf_not_read_as_text(runner, tmp_path, command, size, name):
    path = tmp_path / name
    path.write_bytes(b"%PDF-1.3\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n")  # once "unknown column"
    out = ["--out", str(tmp_path / "r.pdf")] * (command == "replay")
    result = runner.invoke(app, [command, str(path), *size, *out])
    assert result.exit_code == 1, result.output
    message = f"{path}: is a PDF, not a CSV record: if it is a filled audit, give it a name ending in .pdf"
    assert message in result.output.splitlines() or f"sos-print: {message}" in result.output.splitlines()
    assert not (tmp_path / "r.pdf").exists()


FRENCH_RECORD = "Coup;Joueur;Lettre;Case;Lignes;Points;Total A;Total B\n1;A;S;B1;;0;0;0\n2;B;O;B2;;0;0;0\n"


@pytest.mark.parametrize("command", ["check", "analyse", "replay"])
@pytest.mark.parametrize("name", ["game.csv.bak", "game.dat", "game", "game.csv "])
def test_a_csv_record_named_otherwise_is_told_by_its_header_row(runner, tmp_path, command, name):
    # A record is told by its header row whatever its name, as a PDF is by its first bytes: not read as TOML.
    path = tmp_path / name
    path.write_text(FRENCH_RECORD + "3;A;S;B3;B1-B3;1;1;0\n", encoding="utf-8")
    out = ["--out", str(tmp_path / "r.pdf")] * (command == "replay")
    result = runner.invoke(app, [command, str(path), "--size", "4", *out])
    assert result.exit_code == 0, result.output
    assert "TOML" not in result.output
    result = runner.invoke(app, [command, str(path), *out])  # without --size: asked for, as for a .csv
    assert result.exit_code == 2
    said = repr(str(path)) if name != name.strip() else str(path)  # a space at an end quoted, to be seen (ad84, 12)
    assert f"{said}: a CSV record does not say its board size: give it with --size (3 to 8)" in result.output


@pytest.mark.parametrize("command", ["check", "analyse", "replay"])
def test_a_file_named_otherwise_that_is_no_record_says_which_names_are_read(runner, tmp_path, command):
    path = tmp_path / "notes.dat"
    path.write_text("Coup joué: B2\n", encoding="utf-8")
    out = ["--out", str(tmp_path / "r.pdf")] * (command == "replay")
    result = runner.invoke(app, [command, str(path), *out])
    assert result.exit_code == 1, result.output
    message = (
        f"{path}: is not a worked example (TOML), a game record (CSV with its header row) or a filled audit (PDF); "
        "their names end in .toml, .csv, .tsv, .txt or .pdf"
    )
    assert message in result.output.splitlines() or f"sos-print: {message}" in result.output.splitlines()
    assert not (tmp_path / "r.pdf").exists()


@pytest.mark.parametrize(
    "arguments",
    [["check", ""], ["check", "lesson.toml", ""], ["analyse", "", "--size", "4"], ["replay", "", "--out", "r.pdf"]],
)
def test_an_empty_path_is_a_usage_error(runner, tmp_path, arguments, monkeypatch):
    # a script's unset variable ("check $FILE") once gave ": no such file or folder", naming nothing
    monkeypatch.chdir(tmp_path)
    (tmp_path / "lesson.toml").write_bytes((EXAMPLES / "01-one-o-two-lines.toml").read_bytes())
    result = runner.invoke(app, arguments)
    assert result.exit_code == 2, result.output
    assert "Usage error: a path given is empty: give a file or folder name" in result.output.splitlines()
    assert not (tmp_path / "r.pdf").exists()


def test_a_folders_record_named_otherwise_is_named_as_skipped(runner, tmp_path):
    (tmp_path / "game.csv.bak").write_text(FRENCH_RECORD, encoding="utf-8")
    (tmp_path / "notes").write_text("not a record\n", encoding="utf-8")
    result = runner.invoke(app, ["check", str(tmp_path), "--size", "4"])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{tmp_path / 'game.csv.bak'}: skipped: a game record whose name does not end in .csv, .tsv or .txt; name it "
        "to check it",
        "checked no file: 1 path not checked",
    ]


def _zipped(path, *names: str) -> None:
    """Writes a zip file holding `names` (empty parts), as a workbook or an archive is one."""
    import zipfile

    with zipfile.ZipFile(path, "w") as archive:
        for name in names:
            archive.writestr(name, "application/vnd.oasis.opendocument.spreadsheet" if name == "mimetype" else "<x/>")


SPREADSHEET = "a spreadsheet; save it as CSV (UTF-8) to check it"
EXCEL_XML = (
    '<?xml version="1.0"?>\n<?mso-application progid="Excel.Sheet"?>\n'
    '<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet">\n<Worksheet><Table><Row><Cell><Data>move</Data>'
    "</Cell></Row></Table></Worksheet></Workbook>\n"
)
FLAT_ODS = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<office:document'
    + "".join(f' xmlns:ns{k}="urn:oasis:names:tc:opendocument:xmlns:ns{k}:1.0"' for k in range(40))
    + ' office:mimetype="application/vnd.oasis.opendocument.spreadsheet"><office:body/></office:document>\n'
)
ARCHIVE = "an archive; unpack it, then check the files it holds"
PACKED = {  # name, how it is written, what it is
    "game.xlsx": (lambda path: _zipped(path, "[Content_Types].xml", "xl/workbook.xml"), SPREADSHEET),
    "game.ods": (lambda path: _zipped(path, "mimetype", "content.xml"), SPREADSHEET),
    "game-ods": (lambda path: _zipped(path, "mimetype", "content.xml"), SPREADSHEET),
    "game.xls": (lambda path: path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(500)), SPREADSHEET),
    "game": (lambda path: _zipped(path, "[Content_Types].xml", "xl/workbook.xml"), SPREADSHEET),  # told by its bytes
    "group3.zip": (lambda path: _zipped(path, "group3.pdf"), ARCHIVE),
    "group4.pdf.gz": (lambda path: path.write_bytes(b"\x1f\x8b\x08\x00" + bytes(40)), ARCHIVE),
    # zstd, lz4, lzip, lzma and compress (.Z), told by their bytes under any name (sweep 39, F2)
    "group5.pdf.zst": (lambda path: path.write_bytes(b"\x28\xb5\x2f\xfd" + bytes(40)), ARCHIVE),
    "group5.lz4.bin": (lambda path: path.write_bytes(b"\x04\x22\x4d\x18" + bytes(40)), ARCHIVE),
    "group5.bin": (lambda path: path.write_bytes(b"LZIP\x01" + bytes(40)), ARCHIVE),
    "group5-lzma": (lambda path: path.write_bytes(b"\x5d\x00\x00\x80\x00" + bytes(40)), ARCHIVE),
    "group5.pdf.Z": (lambda path: path.write_bytes(b"\x1f\x9d\x90" + bytes(40)), ARCHIVE),
    # a zip or a tar not named as one, holding a filled audit stored as it is: an archive by its bytes, not a Word
    # file nor a PDF for the "%PDF-" in its first bytes (sweep 40, F2)
    "group3.dat": (lambda path: _zipped(path, "group3.pdf"), ARCHIVE),
    "group3-tar": (lambda path: _tarred(path, "group3.pdf"), ARCHIVE),
    # Saved as XML, Excel 2003's and LibreOffice's flat ODS: passed over as notes (ad91, 1)
    "group2.xml": (lambda path: path.write_text(EXCEL_XML), SPREADSHEET),
    "group2": (lambda path: path.write_text(EXCEL_XML), SPREADSHEET),
    "group2.fods": (lambda path: path.write_text(FLAT_ODS), SPREADSHEET),
    "group2-fods": (lambda path: path.write_text(FLAT_ODS), SPREADSHEET),
    "group2.numbers": (lambda path: _zipped(path, "Index/Document.iwa", "Index/Tables/DataList.iwa"), SPREADSHEET),
}


def _tarred(path, name: str) -> None:
    """Writes a tar file holding one part `name`, a PDF's first bytes."""
    import io
    import tarfile

    data = b"%PDF-1.4\n" + bytes(40)
    with tarfile.open(path, "w") as archive:
        info = tarfile.TarInfo(name)
        info.size = len(data)
        archive.addfile(info, io.BytesIO(data))


@pytest.mark.parametrize("name", list(PACKED))
def test_a_folders_spreadsheet_or_archive_is_named_as_skipped(runner, tmp_path, name):
    write, kind = PACKED[name]
    write(tmp_path / name)
    (tmp_path / "lesson.toml").write_bytes((EXAMPLES / "01-one-o-two-lines.toml").read_bytes())
    result = runner.invoke(app, ["check", str(tmp_path), "--size", "4"])
    assert result.exit_code == 1, result.output
    assert result.stdout.splitlines() == [
        f"{tmp_path / name}: skipped: {kind}",
        "checked 1 file: every claim in it holds; 1 path not checked",
    ]


UNREAD = "not a file sos-print reads (a record, a worked example or a filled audit); if it is packed, unpack it"


def _zip_bytes(*parts: tuple[str, str]) -> bytes:
    """Returns a zip file's bytes holding `parts` (name, text)."""
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in parts:
            archive.writestr(name, text)
    return buffer.getvalue()


HARMLESS = {  # what a class's folder holds beside its records, passed over in silence
    # an old Word or PowerPoint file (an old Excel file's signature), an e-book, Apple's Pages: "a spreadsheet" and
    # "an archive" (ad91, 5)
    "handout.doc": b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600),
    "slides.ppt": b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600),
    "book.epub": _zip_bytes(("mimetype", "application/epub+zip"), ("OEBPS/content.opf", "<package/>")),
    "lettre.pages": _zip_bytes(("Index/Document.iwa", "x"), ("Metadata/Properties.plist", "<plist/>")),
    # more of a class's documents, named as spreadsheets or archives (ad93, 4 and 5): a Works or Project file, a page
    # linking to a spreadsheet, an unpacked ODS's manifest, an XPS print, a Visio drawing, an e-book
    "lettre.wps": b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600),
    "plan.mpp": b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600),
    "page.html": b'<html><a href="g.ods" type="application/vnd.oasis.opendocument.spreadsheet">sheet</a></html>',
    "manifest.xml": b'<?xml version="1.0"?><manifest:manifest><manifest:file-entry manifest:media-type='
    b'"application/vnd.oasis.opendocument.spreadsheet" manifest:full-path="/"/></manifest:manifest>',
    "print.xps": _zip_bytes(("FixedDocSeq.fdseq", "<x/>"), ("Documents/1/Pages/1.fpage", "<x/>")),
    "plan.vsdx": _zip_bytes(("[Content_Types].xml", "<x/>"), ("visio/document.xml", "<x/>")),
    "livre.epub": _zip_bytes(("mimetype", "application/epub+zip\n"), ("content.opf", "<package/>")),
    "book.mobi": bytes(60) + b"BOOKMOBI" + bytes(40),
    "notes.md": b"Groupe 2 : rejouer lundi\n",
    "notes-cp1252.txt.bak": "Léa a gagné\r\n".encode("cp1252"),
    "liste.rtf.old": "\ufeffA;Léa\n".encode("utf-16"),
    "board.jpg": b"\xff\xd8\xff\xe0" + bytes(40),
    "board.png": b"\x89PNG\r\n\x1a\n" + bytes(40),
    "board.webp": b"RIFF\x24\x00\x00\x00WEBPVP8 " + bytes(40),
    "IMG_0001.HEIC": b"\x00\x00\x00\x18ftypheic" + bytes(40),
    "empty": b"",
    ".DS_Store": b"\x00\x00\x00\x01Bud1" + bytes(40),
    # macOS's AppleDouble companions of files copied from a Mac, named as records: read, they failed (sweep 40)
    **{name: b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        " + bytes(40) for name in ("._game.csv", "._a.pdf")},
    "._lesson.toml": b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        " + bytes(40),
    # Windows' thumbnails of a folder of photos, and the owner file Excel keeps beside a record it has open: "a
    # spreadsheet; save it as CSV" and "is not text", the run failing (ad85, 5 and 6)
    "Thumbs.db": b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600),
    # Excel's owner file, 165 bytes: the user's name's length and the name, padded to 54; the name again in UTF-16
    "~$game.csv": (b"\x04Anne" + b" " * 49 + b"\x04\x00" + "Anne".encode("utf-16-le")).ljust(165, b"\x20"),
}


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("group2.pdf.br", b"\x8b\x02\x80" + bytes(range(1, 40))),  # brotli has no signature: named by its ending
        ("group2.pdf.new", bytes(range(256))),  # a packer no one foresaw: named as what sos-print does not read
        ("group2.sqlite", b"SQLite format 3\x00" + bytes(40)),
        ("group2.wav", b"RIFF\x24\x00\x00\x00WAVEfmt " + bytes(40)),  # a sound's RIFF, passed as a picture's (ad84)
    ],
)
def test_a_folders_file_of_no_known_kind_is_named_never_passed_over(runner, tmp_path, name, data):
    # One rule, not a list: a file that is neither read nor a note, a picture or a document may hold a record.
    (tmp_path / name).write_bytes(data)
    for harmless, content in HARMLESS.items():
        (tmp_path / harmless).write_bytes(content)
    (tmp_path / "lesson.toml").write_bytes((EXAMPLES / "01-one-o-two-lines.toml").read_bytes())
    result = runner.invoke(app, ["check", str(tmp_path)])
    reason = ARCHIVE if name.endswith(".br") else UNREAD
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [f"{tmp_path / name}: skipped: {reason}", "checked 1 file: every claim in it holds; 1 path not checked"],
    )
    (tmp_path / name).unlink()
    result = runner.invoke(app, ["check", str(tmp_path)])
    assert (result.exit_code, result.stdout.splitlines()) == (0, ["checked 1 file: every claim holds"])


def test_a_folder_a_program_keeps_beside_the_records_is_passed_over(runner, tmp_path):
    # Each was "a folder inside the folder; name it to check it", and the class's check failed (ad91, 4).
    for folder, name, data in [
        (".git/objects/3f", "a1b2c3", zlib.compress(b"blob 9\x00notes.md")),
        ("__pycache__", "sos_game.cpython-311.pyc", b"\xa7\r\r\n" + bytes(40)),
        (".venv/bin", "python", b"\x7fELF" + bytes(40)),
        ("System Volume Information", "IndexerVolumeGuid", b"\xff\xfe{\x00" + bytes(40)),
        ("$Recycle.Bin/S-1-5-21", "desktop.ini", b"\xff\xfe[\x00" + bytes(40)),  # Windows' own spelling (ad93, 5)
        (".Trash-1000/info", "a.trashinfo", b"\x00\x01" + bytes(40)),
        ("node_modules/left-pad", "index.js", b"\x00module.exports" + bytes(40)),
        ("@eaDir/group2.csv", "SYNOINDEX_MEDIA_INFO", b"\x00\x01" + bytes(40)),  # a NAS's folder named as a record
    ]:
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / name).write_bytes(data)
    (tmp_path / "lesson.toml").write_bytes((EXAMPLES / "01-one-o-two-lines.toml").read_bytes())
    result = runner.invoke(app, ["check", str(tmp_path)])
    assert (result.exit_code, result.stdout.splitlines()) == (0, ["checked 1 file: every claim holds"])
    (tmp_path / "git").mkdir()  # a folder of its own, named as one
    (tmp_path / "git" / "a1b2c3").write_bytes(zlib.compress(b"blob 9\x00notes.md"))
    (tmp_path / "__pycache__" / "group2.csv").write_text(game_csv())  # a record in one is named (ad93, 6)
    result = runner.invoke(app, ["check", str(tmp_path)])
    assert result.stdout.splitlines()[:2] == [
        f"{tmp_path / '__pycache__'}: skipped: a folder inside the folder; name it to check it",
        f"{tmp_path / 'git'}: skipped: a folder inside the folder; name it to check it",
    ]


def test_a_filled_audit_that_starts_as_a_macs_companion_file_is_still_named(runner, tmp_path):
    # Four bytes of AppleDouble before %PDF- made a PDF readers open pass over in silence (sweep 41, A5).
    (tmp_path / "lesson.toml").write_bytes((EXAMPLES / "01-one-o-two-lines.toml").read_bytes())
    (tmp_path / "._group1.pdf").write_bytes(b"\x00\x05\x16\x07\n%PDF-1.4\n" + bytes(40))
    result = runner.invoke(app, ["check", str(tmp_path)])
    assert result.exit_code == 1
    assert str(tmp_path / "._group1.pdf") in result.stdout


def test_a_subfolder_of_a_macs_companion_files_and_notes_is_passed_over(runner, tmp_path):
    # A folder copied from a Mac holds "._game.csv" beside each file, in its subfolders too: such a subfolder holds
    # nothing check reads, and naming it as skipped made the whole check exit 1.
    (tmp_path / "lesson.toml").write_bytes((EXAMPLES / "01-one-o-two-lines.toml").read_bytes())
    (tmp_path / "photos").mkdir()
    for harmless, content in HARMLESS.items():
        (tmp_path / "photos" / harmless).write_bytes(content)
    result = runner.invoke(app, ["check", str(tmp_path)])
    assert (result.exit_code, result.stdout.splitlines()) == (0, ["checked 1 file: every claim holds"])


LOCK = "is the lock file Excel keeps while game.csv is open: close it in Excel, then give game.csv"
THUMBNAILS = "is the thumbnails Windows keeps of a folder's pictures, not a file sos-print reads"


@pytest.mark.parametrize(
    ("args", "name", "status", "out"),
    [
        (["check", "{}", "--size", "4"], "~$game.csv", 1, f"{{}}: {LOCK}\nchecked no file: 1 path not checked\n"),
        (["check", "{}"], "Thumbs.db", 1, f"{{}}: {THUMBNAILS}\nchecked no file: 1 path not checked\n"),
        (["replay", "{}", "--size", "4"], "~$game.csv", 1, f"sos-print: {{}}: {LOCK}\n"),
        (["analyse", "{}"], "Thumbs.db", 1, f"sos-print: {{}}: {THUMBNAILS}\n"),
        (["kit", "--roster", "{}"], "~$game.csv", 1, f"sos-print: {{}}: {LOCK}\n"),
        # "is named as a game record (.csv), not a worked example" (ad87, 12)
        (
            ["rules", "--example", "{}"],
            "~$game.csv",
            1,
            f"{{}}: {LOCK}\nsos-print: an example file cannot be used; nothing was written.\n",
        ),
    ],
    ids=["check lock", "check thumbnails", "replay lock", "analyse thumbnails", "class list lock", "example lock"],
)
def test_a_systems_companion_file_named_is_said_to_be_one(runner, tmp_path, monkeypatch, args, name, status, out):
    # Named, they were "is not text (a spreadsheet's own file?): save it as CSV" and "is a spreadsheet" (ad86, 5)
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_bytes(HARMLESS[name])
    result = runner.invoke(app, [arg.format(name) for arg in args])
    assert (result.exit_code, result.stdout + result.stderr) == (status, out.format(name))
    assert sorted(path.name for path in tmp_path.iterdir()) == [name]


@pytest.mark.parametrize(
    ("name", "encoding"), [("._game.csv", "utf-8"), ("~$game.csv", "utf-8"), ("~$game.txt", "utf-16")]
)
def test_a_folders_record_named_as_a_systems_companion_file_is_still_read(runner, tmp_path, name, encoding):
    # An AppleDouble file or Excel's owner file is told by its bytes, not by its name: a record named so is a record.
    # A small one in UTF-16 (its zero bytes) was taken for Excel's and passed over in silence (ad88, 1).
    (tmp_path / name).write_text(FALSE_RECORD, encoding=encoding)
    (tmp_path / "._lesson.csv").write_bytes(HARMLESS["._game.csv"])
    result = runner.invoke(app, ["check", str(tmp_path), "--size", "4"])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0].startswith(f"{tmp_path / name}: move 3 (row 4): claims 2 points")
    assert result.stdout.splitlines()[-1] == "checked 1 file: 1 problem in 1 file"


@pytest.mark.parametrize(
    ("name", "parts"),
    [
        ("notes.docx", ["[Content_Types].xml", "word/document.xml"]),
        ("slides-pptx", ["[Content_Types].xml", "ppt/presentation.xml"]),  # told by its parts, whatever its name
    ],
)
def test_a_folders_word_document_is_no_spreadsheet(runner, tmp_path, name, parts):
    # a zip too, as a workbook is, but no record: passed over as a picture is
    _zipped(tmp_path / name, *parts)
    (tmp_path / "lesson.toml").write_bytes((EXAMPLES / "01-one-o-two-lines.toml").read_bytes())
    result = runner.invoke(app, ["check", str(tmp_path), "--size", "4"])
    assert (result.exit_code, result.stdout.splitlines()) == (0, ["checked 1 file: every claim holds"])


@pytest.mark.parametrize("size", [["--size", "4"], []], ids=["size", "no size"])
@pytest.mark.parametrize("name", list(PACKED))
def test_a_spreadsheet_or_archive_named_alone_says_what_it_is(runner, tmp_path, name, size):
    write, kind = PACKED[name]
    write(tmp_path / name)
    result = runner.invoke(app, ["check", str(tmp_path / name), *size])
    assert result.exit_code == 1, result.output
    assert result.stdout.splitlines() == [f"{tmp_path / name}: is {kind}", "checked no file: 1 path not checked"]


FALSE_RECORD = FRENCH_RECORD + "3;A;S;B3;B1-B3;2;2;0\n"  # claims 2 points where the rules give 1
ABOVE_HEADER = {
    "plain": "",
    "title": "Partie du 3 mars;;;;;;;\n",
    "sep and title": "sep=;\nPartie du 3 mars\n",
    "three titles": "Partie du 3 mars\nGroupe 2\nA;Léa\n",  # sweep 15, F15 and F18
    # a header row past the first 4 KB, which were all that was looked at: as a note, it passed (sweep 40, F3)
    "blank lines past 4 KB": "\n" * 5000,
    "a long title": "Partie du 3 mars, " * 300 + "\n",
}


# Besides, what a record read by name refuses and a folder's entry is still told by: more title rows than a record may
# have, and an encoding a record or an example is refused in (a Mac's CSV, Notepad's "Unicode"): each was taken for a
# teacher's note and its folder passed with exit 0 (sweep ad60, 3).
NAMED_OTHERWISE = {**ABOVE_HEADER, "eleven titles": "Partie du 3 mars\n" * 11}
# (the record's encoding, the worked example's)
ENCODINGS = {"utf-8": ("utf-8", "utf-8"), "mac roman and utf-16": ("mac_roman", "utf-16")}


@pytest.mark.parametrize("encodings", ENCODINGS.values(), ids=list(ENCODINGS))
@pytest.mark.parametrize("above", NAMED_OTHERWISE.values(), ids=list(NAMED_OTHERWISE))
@pytest.mark.parametrize("name", ["game.bak", "game", "game.csv.old"])
def test_a_folders_entry_named_otherwise_is_never_passed_over(runner, tmp_path, name, above, encodings):
    # A worked example or a record (a title line above its header too) whose name lost its ending is named.
    lesson = (EXAMPLES / "01-one-o-two-lines.toml").read_text(encoding="utf-8")
    lesson = f"# Leçon de Noël\n{lesson.replace('points = 2', 'points = 5')}"
    (tmp_path / f"lesson-{name}").write_text(lesson, encoding=encodings[1])
    (tmp_path / name).write_text(f"Partie de Léa et Noël\n{above}{FALSE_RECORD}", encoding=encodings[0])
    (tmp_path / "README.md").write_text("Lessons of the third week\n", encoding="utf-8")
    result = runner.invoke(app, ["check", str(tmp_path), "--size", "4"])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{tmp_path / name}: skipped: a game record whose name does not end in .csv, .tsv or .txt; name it to check it",
        f"{tmp_path / f'lesson-{name}'}: skipped: a worked example whose name does not end in .toml; name it to check "
        "it",
        "checked no file: 2 paths not checked",
    ]


@pytest.mark.parametrize("above", ABOVE_HEADER.values(), ids=list(ABOVE_HEADER))
@pytest.mark.parametrize("name", ["game.bak", "game"])
def test_a_record_named_otherwise_with_size_is_checked_not_a_usage_error(runner, tmp_path, name, above):
    path = tmp_path / name
    path.write_text(above + FALSE_RECORD, encoding="utf-8")
    for paths in ([path], [EXAMPLES / "01-one-o-two-lines.toml", path]):
        result = runner.invoke(app, ["check", *map(str, paths), "--size", "4"])
        assert result.exit_code == 1, result.output
        lines = result.stdout.splitlines()
        row = 4 + above.count("\n")
        assert lines[0].startswith(f"{path}: move 3 (row {row}): claims 2 points, the rules give 1")
        assert lines[-1] == f"checked {len(paths)} file{'s' * (len(paths) > 1)}: 1 problem in 1 file"


def test_a_named_file_that_is_no_record_with_size_says_what_it_is_not(runner, tmp_path):
    path = tmp_path / "README.md"
    path.write_text("Lessons of the third week\n", encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--size", "4"])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == (
        f"{path}: is not a worked example (TOML), a game record (CSV with its header row) or a filled audit (PDF); "
        "their names end in .toml, .csv, .tsv, .txt or .pdf"
    )


NOT_A_RECORD = "is not a game record: its first row names none of the columns player, letter, cell, lines, points"
ONLY_ONE = "is not a game record: its first row names only one of the columns player, letter, cell, lines, points"
ONLY_ONE_FR = "is not a game record: its first row names only one of the columns joueur, lettre, case, lignes, points"


# A class list given by mistake (sweep 14, F8): "the header names an unknown column 'Léa'" printed a child's name, and a
# link to /etc/passwd in a checked folder its first line. A first row naming no column is no header: nothing quoted.
# Nor is one naming a single column, or none of player, letter and cell (sweep 15, F14): a child whose surname is a
# column's ("Case", "Player", "Points") heads the list, and 'Justin' was quoted as an unknown column.
@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("eleves.csv", "Léa\nNoël\nZoé\n", NOT_A_RECORD),
        ("eleves.txt", "Léa\nNoël\nZoé\n", NOT_A_RECORD),
        ("weird.csv", "Léa Dupont;S;A1\nZoé;O;B2\n", NOT_A_RECORD),
        ("classe.csv", "Nom;Prénom;Classe\nDupont;Léa;CM1\n", NOT_A_RECORD),
        (
            "liste.csv",
            "Classe de CM1\nPrénom\nLéa\nNoël\n",
            NOT_A_RECORD,
        ),  # a title line above: the first row all the same
        ("pw.csv", "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n", NOT_A_RECORD),
        ("sep.csv", "sep=;\nLéa;Zoé\n", NOT_A_RECORD),
        ("case.csv", "Case,Justin\nDupont,Léa\nMartin,Noël\n", ONLY_ONE_FR),
        ("player.csv", "Player;Tom\nDupont;Léa\n", ONLY_ONE),
        ("points.csv", "Prénom;Points\nLéa;3\nNoël;5\n", ONLY_ONE),
        ("cell.csv", "Léa;Dupont;Cell\n", ONLY_ONE),
        (
            "coup.csv",
            "Coup;Tom\nDupont;Léa\n",
            NOT_A_RECORD.replace("player, letter, cell, lines", "joueur, lettre, case, lignes"),
        ),
        (
            "scores.csv",
            "Lines;Points;Tom\n3;5;Léa\n",
            "is not a game record: its first row names none of the columns player, letter, cell",
        ),
    ],
)
def test_a_file_whose_first_row_names_no_column_is_no_record_and_none_of_its_cells_is_quoted(
    runner, tmp_path, name, text, message
):
    code, lines, path = run_check(runner, tmp_path, text, name=name)
    assert (code, lines) == (1, [f"{path}: {message}", "checked 1 file: 1 problem in 1 file"])


@pytest.mark.parametrize(
    ("header", "message"),
    [
        # Two columns named, one of them player, letter or cell: a record's header with a typo, which is shown.
        ("player,letter,Tom", "the header names an unknown column 'Tom' (known: move, player, letter, cell"),
        ("joueur;Tom;lignes", "the header names an unknown column 'Tom' (known: coup, joueur, lettre, case"),
        ("move,cell,Tom", "the header names an unknown column 'Tom' (known: move, player, letter, cell"),
    ],
)
def test_a_header_naming_two_columns_shows_its_typo(runner, tmp_path, header, message):
    code, lines, path = run_check(runner, tmp_path, header + "\nA,S,B1\n")
    assert code == 1
    assert lines[0].startswith(f"{path}: {message}"), lines


# The sweep's records (sweep 15, rec3/): a class list is no record, a seat's legend and three titles are read.
SWEEP_15 = {
    "e01_case_surname": ("Case,Justin\nDupont,Léa\nMartin,Noël\n", ONLY_ONE_FR),
    "e02_player_surname": ("Player;Tom\nDupont;Léa\n", ONLY_ONE),
    "e03_points_class_scores": ("Prénom;Points\nLéa;3\nNoël;5\n", ONLY_ONE),
    "e04_three_titles": (
        "Partie du 3 mars\nGroupe 2\nLéa contre Zoé\nplayer,letter,cell,lines,points\nA,S,A1,,0\nB,O,B2,,0\n",
        None,
    ),
    "e05_title_3cells": (
        "Partie du 3 mars,Groupe 2,Salle 4\nplayer,letter,cell,lines,points\nA,S,A1,,0\nB,O,B2,,0\n",
        None,
    ),
    "e06_title_A_B": ("Joueurs,A = Léa,B = Zoé\nplayer,letter,cell,lines,points\nA,S,A1,,0\nB,O,B2,,0\n", None),
    "e07_title_seatA": ("A,Léa\nB,Zoé\nplayer,letter,cell,lines,points\nA,S,A1,,0\nB,O,B2,,0\n", None),
    "e08_title_seat_names_fr": ("A;Léa;\nB;Zoé;\njoueur;lettre;case;lignes;points\nA;S;A1;;0\nB;O;B2;;0\n", None),
    "e09_move_col_title": (
        "Game 1,A,S,table B2\nmove,player,letter,cell,lines,points\n1,A,S,A1,,0\n2,B,O,B2,,0\n",
        None,
    ),
    "e10_title_with_seat_letter": ("A vs B,S O S\nplayer,letter,cell,lines,points\nA,S,A1,,0\nB,O,B2,,0\n", None),
    "e11_sep_then_title": (
        "sep=;\nPartie du 3 mars;;;;\nplayer;letter;cell;lines;points\nA;S;A1;;0\nB;O;B2;;0\n",
        None,
    ),
}


@pytest.mark.parametrize(("text", "message"), SWEEP_15.values(), ids=list(SWEEP_15))
@pytest.mark.parametrize("command", ["check", "replay", "analyse"])
def test_the_sweeps_class_lists_are_no_records_and_its_records_with_titles_read(
    runner, tmp_path, command, text, message
):
    path = tmp_path / "game.csv"
    path.write_text(text, encoding="utf-8")
    out = ["--out", str(tmp_path / "r.pdf")] * (command == "replay")
    result = runner.invoke(app, [command, str(path), "--size", "3", *out])
    if message is not None:
        said = result.stdout.splitlines()[0] if command == "check" else result.stderr
        assert (result.exit_code, said) == (
            1,
            f"{path}: {message}" if command == "check" else f"sos-print: {path}: {message}\n",
        )
        return
    assert result.exit_code == 0, result.output
    if command == "check":
        assert result.stdout.splitlines() == ["checked 1 file: every claim holds"]


@pytest.mark.parametrize("command", ["replay", "analyse"])
def test_replay_and_analyse_of_a_class_list_quote_no_name(runner, tmp_path, command):
    path = tmp_path / "eleves.txt"
    path.write_text("Léa\nNoël\nZoé\n")
    out = ["--out", str(tmp_path / "r.pdf")] * (command == "replay")
    result = runner.invoke(app, [command, str(path), "--size", "4", *out])
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", f"sos-print: {path}: {NOT_A_RECORD}\n")
    assert sorted(tmp_path.iterdir()) == [path]


def test_a_folders_record_too_large_to_read_is_named_by_its_size(runner, tmp_path):
    # An export whose used range runs far below the game: "skipped: not a game record (no header row)" (ad88, 2)
    text = game_csv() + ",,,,,\n" * 200_000
    (tmp_path / "group2.csv").write_text(text)
    result = runner.invoke(app, ["check", str(tmp_path), "--size", "4"])
    size = f"{len(text.encode()):,}"
    assert (result.exit_code, result.stdout.splitlines()[0]) == (
        1,
        f"{tmp_path / 'group2.csv'}: is {size} bytes; a game record may hold at most 1,000,000 bytes (1 MB)",
    )


def _ad89() -> dict[str, bytes]:
    """Returns files a folder of records may hold that are records or worked examples whatever their names (sweep
    ad89): too large, with a mistake in them, cut short, or saved as a web page."""
    example = (EXAMPLES / "01-one-o-two-lines.toml").read_text()
    rows = "".join(f"<tr><td>{row.replace(',', '</td><td>')}</td></tr>" for row in game_csv().splitlines())
    # Excel's and Word's layout: each cell on a line of its own (ad90, 2)
    cells = "".join(
        " <tr>\n" + "".join(f"  <td class=xl65>{cell}</td>\n" for cell in row.split(",")) + " </tr>\n"
        for row in game_csv().splitlines()
    )
    return {
        "group2": (game_csv() + ",,,,,\n" * 200_000).encode(),  # an export's empty rows past 1 MB
        "group3": (game_csv() + ",,,,,\r\n" * 400).encode("utf-16") + b"A",  # UTF-16 over 4 KB, a stray byte after
        "group4.html": f"<html><body><table>{rows}</table></body></html>".encode(),
        "group5.htm": f"<html>\n<body>\n<table border=0>\n{cells}</table>\n</body>\n</html>\n".encode(),
        ".group6.html": f"<html><body><table>{rows}</table></body></html>".encode(),  # hidden (ad91, 2)
        "group6.json": json.dumps([dict(zip(GAME_HEADER, row, strict=True)) for row in GAME]).encode(),  # (ad91, 6)
        # other shapes of the same (ad93, 2 and 3): columns by name (pandas), lines of objects, Excel's XML data, YAML
        "group7.json": json.dumps(
            {key: dict(enumerate(column)) for key, *column in zip(GAME_HEADER, *GAME, strict=True)}
        ).encode(),
        "group8.jsonl": "".join(json.dumps(dict(zip(GAME_HEADER, row, strict=True))) + "\n" for row in GAME).encode(),
        "group9.xml": (
            "<?xml version='1.0'?>\n<Root>\n"
            + "".join(
                "<Row>" + "".join(f"<{k}>{v}</{k}>" for k, v in zip(GAME_HEADER, row, strict=True)) + "</Row>\n"
                for row in GAME
            )
            + "</Root>\n"
        ).encode(),
        "group9.yaml": "".join(
            "- " + "\n  ".join(f"{k}: {v or '-'}" for k, v in zip(GAME_HEADER, row, strict=True)) + "\n" for row in GAME
        ).encode(),
        "lesson2": (example + "# a teacher's comment\n" * 50_000).encode(),  # past 1 MB
        "lesson3.toml.bak": (example + '\n[[move]]\ncell = "C3\n').encode(),  # a quotation mark never closed
        "lesson4": example.replace("size = 4", 'size = 4\nnotaion = "A1"').encode(),  # a key misspelt
        "lesson5.txt.old": example.replace("[[move]]", "[[moves]]").encode(),
        "lesson6": example.replace("[[move]]", "[[Move]]").replace("size = 4", "size = 4\nsize = 4").encode(),
    }


# A folder of records may hold files that speak of a game's size and grid, and are no example: passed over in silence
# (a program of SOS and a settings file were named as examples, and stopped the teacher's notes: ad90, 1).
NOT_EXAMPLES = {
    "sos_game.py": b'size = 5\nplayers = 2\ngrid = [["." for _ in range(size)] for _ in range(size)]\n',
    "settings.ini": b"[display]\nsize = 5\ngrid = true\nplayers = 2\n\n[printer]\nname = Salle 12\n",
    "pyproject.toml.bak": b'[project]\nname = "sos"\n\n[[tool.mypy.overrides]]\nmodule = "grid"\n',
    "lesson.html": b"<html><body><h1>SOS</h1><table><tr><td>Player</td><td>Score</td></tr></table></body></html>",
}


AD89 = {
    ".group6.html": "a web page holding a game record's table; save it as CSV (UTF-8) to check it",
    "group2": "a game record whose name does not end in .csv, .tsv or .txt; name it to check it",
    "group3": "a game record whose name does not end in .csv, .tsv or .txt; name it to check it",
    **dict.fromkeys(
        ("group4.html", "group5.htm"), "a web page holding a game record's table; save it as CSV (UTF-8) to check it"
    ),
    **dict.fromkeys(
        ("group6.json", "group7.json", "group8.jsonl"),
        "a game record saved as JSON; save it as CSV (UTF-8) to check it",
    ),
    **dict.fromkeys(
        ("group9.xml", "group9.yaml"),
        "a game record saved in a form sos-print does not read (it names a "
        "player, a letter and a cell): save it as CSV (UTF-8) to check it",
    ),
    **dict.fromkeys(
        ("lesson2", "lesson3.toml.bak", "lesson4", "lesson5.txt.old", "lesson6"),
        "a worked example whose name does not end in .toml; name it to check it",
    ),
}


@pytest.mark.parametrize("size", [[], ["--size", "4"]], ids=["", "--size"])
def test_a_folders_record_or_example_too_large_or_with_a_mistake_is_named_whatever_its_name(runner, tmp_path, size):
    # Each was passed over as a note, and the folder passed with status 0 (sweep ad89, 1 to 3 and 9).
    (tmp_path / "lesson.toml").write_bytes((EXAMPLES / "01-one-o-two-lines.toml").read_bytes())
    for name, data in {**_ad89(), **HARMLESS, **NOT_EXAMPLES}.items():
        (tmp_path / name).write_bytes(data)
    result = runner.invoke(app, ["check", str(tmp_path), *size])
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [
            *(f"{tmp_path / name}: skipped: {reason}" for name, reason in AD89.items()),
            "checked 1 file: every claim in it holds; 15 paths not checked",
        ],
    )


def test_a_record_or_example_with_a_mistake_named_alone_is_named_for_its_mistake(runner, tmp_path):
    files = _ad89()
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    said = {
        "group2": f"is {len(files['group2']):,} bytes; a game record may hold at most 1,000,000 bytes (1 MB)",
        "group3": f"is UTF-16 text, but its bytes from byte {len(files['group3']) - 1:,} on are not (is it cut "
        "short, or joined to another file?): save it again as UTF-8 (in Excel: CSV UTF-8)",
        "group4.html": "is a web page holding a game record's table; save it as CSV (UTF-8) to check it",
        "group5.htm": "is a web page holding a game record's table; save it as CSV (UTF-8) to check it",
        "lesson2": f"is {len(files['lesson2']):,} bytes; an example file may hold at most 1,000,000 bytes (1 MB)",
        "lesson3.toml.bak": "TOML syntax error: Illegal character '\\n' (at line 39, column 11)",
        "lesson4": "unknown key 'notaion' (known keys: first_sos_wins, grid, move, notation, players, result, size, "
        "target, teams, text, title)",
        "lesson5.txt.old": "unknown key 'moves' (known keys: first_sos_wins, grid, move, notation, players, result, "
        "size, target, teams, text, title)",
    }
    for name, message in said.items():
        size = ["--size", "4"] * name.startswith("group")
        result = runner.invoke(app, ["check", str(tmp_path / name), *size])
        assert (result.exit_code, result.stdout.splitlines()[0]) == (1, f"{tmp_path / name}: {message}"), name
    # Named .csv in a folder, the cut-short record is told as named alone, not as "no header row" (ad89, 4)
    (tmp_path / "group3.csv").write_bytes(files["group3"])
    result = runner.invoke(app, ["check", str(tmp_path / "group3.csv"), "--size", "4"])
    folder = tmp_path / "only"
    folder.mkdir()
    (folder / "group3.csv").write_bytes(files["group3"])
    in_folder = runner.invoke(app, ["check", str(folder), "--size", "4"])
    assert in_folder.stdout.splitlines()[0] == result.stdout.splitlines()[0].replace(str(tmp_path), str(folder))
    assert f"from byte {len(files['group3']) - 1:,} on are not" in in_folder.stdout


def test_one_file_under_three_names_in_a_folder_is_checked_once(runner, tmp_path):
    # Its one problem was said three times and counted as three files' (sweep ad89, 7).
    (tmp_path / "g.csv").write_text(altered(2, 5, "2"))
    os.link(tmp_path / "g.csv", tmp_path / "h.csv")
    (tmp_path / "s.csv").symlink_to("g.csv")
    result = runner.invoke(app, ["check", str(tmp_path), "--size", "4"])
    assert result.exit_code == 1
    assert len(result.stdout.splitlines()) == 2 and result.stdout.startswith(f"{tmp_path / 'g.csv'}: move 3 (row 4)")
    assert result.stdout.splitlines()[-1] == "checked 1 file: 1 problem in 1 file"


def test_a_class_list_and_a_link_to_a_system_file_in_a_checked_folder_quote_nothing(runner, tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "game.csv").write_text(game_csv())
    (folder / "eleves.csv").write_text("Léa\nNoël\nZoé\n")
    (folder / "liste.csv").write_text("Prénom;Nom\nLéa;Case\n")
    (folder / "case.csv").write_text("Case,Justin\nDupont,Léa\n")  # sweep 15, fold4/
    (tmp_path / "passwd").write_text("root:x:0:0:root:/root:/bin/bash\n")
    (folder / "pw.csv").symlink_to(tmp_path / "passwd")
    result = runner.invoke(app, ["check", str(folder), "--size", "4"])
    # Named as skipped, as without --size: as records with a problem, they were counted with the real ones (ad87, 5)
    skipped = "skipped: not a game record (no header row with player, letter and cell columns)"
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [
            *(f"{folder / name}: {skipped}" for name in ("case.csv", "eleves.csv", "liste.csv", "pw.csv")),
            "checked 1 file: every claim in it holds; 4 paths not checked",
        ],
    )


def test_an_excel_export_in_windows_1252_with_french_headers_and_semicolons_reads(runner, tmp_path):
    text = "Coup;Joueur;Lettre;Case;Lignes;Points;Remarque\r\n"
    path = tmp_path / "partie.csv"
    path.write_bytes(text.encode("cp1252"))
    result = runner.invoke(app, ["check", str(path), "--size", "4"])
    assert result.exit_code == 1
    assert "the header names an unknown column 'Remarque'" in result.stdout
    path.write_bytes(game_csv().replace(",", ";").replace("move;player", "Coup;Jöueur").encode("cp1252"))
    result = runner.invoke(app, ["check", str(path), "--size", "4"])
    assert "the header names an unknown column 'Jöueur'" in result.stdout  # decoded, not mangled


def test_team_totals_are_named_as_the_audit_prints_them():
    text = "player,letter,cell,lines,points,total A + C,total B+D\nA,S,A1,,,0,0\nB,O,A2,,,0,0\nC,S,A3,,,1,0\n"
    record = parse_csv_record(text, RecordOptions(4, Variant(players=4, teams=True)), "teams.csv")
    assert record.moves[2].totals == (("AC", 1), ("BD", 0))
    assert claim_problems(replay_example(record)) == []


def test_l1c1_records_name_cells_by_line_and_column():
    text = "joueur;lettre;case;lignes;points\nA;S;L4C2;;\nB;O;L3C2;;\nA;S;L2C2;L2C2-L4C2;1\n"
    record = parse_csv_record(text, RecordOptions(4, Variant(), Notation.L1C1), "l.csv")
    assert claim_problems(replay_example(record)) == []
    broken = parse_csv_record(text.replace("L4C2", "B1"), RecordOptions(4, Variant(), Notation.L1C1), "l.csv")
    assert broken.moves == ()
    assert broken.stopped == (
        "move 1 (row 2): 'B1' is not a cell name in L1C1 notation (like L2C3), but one in A1 notation; row 4 cannot be"
        " read either"  # its lines cell names B1 too
    )
    with pytest.raises(ExampleFileError, match=r"^l\.csv: move 1 \(row 2\): 'B1' is not a cell name in L1C1 notation"):
        replay_example(broken)


@pytest.mark.parametrize(
    ("players", "note"),
    [
        ({2: "B"}, "move 3 (row 4): B wrote, but it is A's turn; each move is weighed as played in turn"),
        (
            {0: "B", 1: "A"},
            "move 1 (row 2): B wrote, but it is A's turn (and 1 more move out of turn); each move is weighed as played "
            "in turn",
        ),
        ({}, None),
    ],
    ids=["one", "two", "none"],
)
def test_analyse_says_where_the_record_names_a_player_out_of_turn(runner, tmp_path, players, note):
    # "Move 1: A writes O" of a sheet that gave it to B, status 0 and no word (ad92, 3)
    rows = [list(row) for row in GAME]
    for index, seat in players.items():
        rows[index][1] = seat
    path = tmp_path / "game.csv"
    path.write_text(game_csv([tuple(row) for row in rows]))
    result = runner.invoke(app, ["analyse", str(path), "--size", "4"])
    assert result.exit_code == 0, result.output
    said = [line for line in result.stderr.splitlines() if line.startswith("note:")]
    assert said == ([f"note: {path}: {note}"] if note else []), said
    told = "The record gives some moves to another player than the one whose turn it is: sos-print check names them."
    assert (told in result.stdout.splitlines()) is bool(note), result.stdout


FALSE_CLAIMS = "Some of the record's claims (points, S-O-S lines, running totals, who writes next or the pause box) are not what the rules give: sos-print check names them."  # noqa: E501


@pytest.mark.parametrize(
    ("row", "column", "value", "false"),
    [
        (None, 0, "", False),  # every claim holds
        (2, 5, "2", True),  # points: the rules give 1
        (1, 4, "B1-B3", True),  # an S-O-S whose last S is not written yet
        (0, 5, "1", True),
        (1, 1, "A", False),  # a player out of turn alone: its own closing line says so
    ],
    ids=["true", "points", "lines", "a point from nothing", "out of turn"],
)
def test_analyse_says_when_the_record_claims_what_the_rules_do_not_give(runner, tmp_path, row, column, value, false):
    # analyse exits 0 on a record check refuses, and said nothing of its claims (ad96, 2): it weighs the moves as
    # played and closes with a line sending the teacher to check.
    path = tmp_path / "game.csv"
    path.write_text(game_csv() if row is None else altered(row, column, value))
    result = runner.invoke(app, ["analyse", str(path), "--size", "4"])
    assert result.exit_code == 0, result.output
    assert (FALSE_CLAIMS in result.stdout.splitlines()) is false, result.stdout


@pytest.mark.parametrize("lines", ["L2 C2-L4 C2", "L2 C2 - L4 C2", "l2 c2-L4C2", "L2C2 – L4 C2"])
def test_an_l1c1_line_written_with_spaces_in_its_cells_reads_as_its_cell_column_does(lines):
    # "'L2' is not an S-O-S line", where the cell column took "L4 C2" (ad92, 1)
    text = f"joueur;lettre;case;lignes;points\nA;S;L4 C2;;\nB;O;L3C2;;\nA;S;L2 C2;{lines};1\n"
    record = parse_csv_record(text, RecordOptions(4, Variant(), Notation.L1C1), "l.csv")
    assert record.stopped is None and claim_problems(replay_example(record)) == []


def test_a_row_that_cannot_be_read_still_lets_the_rows_before_it_be_checked(runner, tmp_path):
    rows = [list(row) for row in GAME]
    rows[0][5] = "5"  # a false claim on move 1
    rows[3][3] = "9Z"  # and an unreadable cell on move 4
    code, lines, path = run_check(runner, tmp_path, game_csv([tuple(row) for row in rows]))
    assert code == 1
    assert lines == [
        f"{path}: move 1 (row 2): claims 5 points, the rules give 0",
        f"{path}: move 4 (row 5): '9Z' is not a cell name in A1 notation (like B2)",
        "checked 1 file: 2 problems in 1 file",
    ]


def test_a_letter_in_a_filled_cell_still_lets_the_moves_before_it_be_checked(runner, tmp_path):
    rows = [list(row) for row in GAME]
    rows[0][1] = "B"
    rows[3][3] = "B2"
    _, lines, path = run_check(runner, tmp_path, game_csv([tuple(row) for row in rows]))
    assert lines[:2] == [
        f"{path}: move 1 (row 2): B wrote, but the first move is A's",
        f"{path}: move 4 (row 5): cell B2 already holds a letter",
    ]


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ('"player","letter","cell","lines","points"\n"A","S","B1","",0\n"B","O","B2","-","0"\n', True),
        (
            '"player"\t"letter"\t"cell"\t"lines"\t"points"\n"A"\t"s"\t" b1 "\t""\t" 0"\n',
            True,
        ),  # tabs, quotes, lower case, spaces
        (
            "move;player;letter;cell;lines;points\n01;A;S;B1;;\n02;b;o;B2;;\n",
            True,
        ),  # move numbers as a spreadsheet pads them
        ('player,letter,cell,lines,points\nA,S,B1,"B1-B3, A2-C2",\n', False),  # read as two lines, then checked
    ],
)
def test_quoted_padded_and_lower_case_cells_read_as_typed(text, ok):
    record = parse_csv_record(text, RecordOptions(4, Variant()), "game.csv")
    assert (claim_problems(replay_example(record)) == []) is ok


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("player\tletter\tcell\tlines\tpoints\r\nA\tS\tB1\t\t\r\n".encode("utf-16"), None),  # Excel's "Unicode text"
        (  # a tool that adds a UTF-8 mark to whatever it saves, before UTF-16 text: once a garbled column name
            b"\xef\xbb\xbf" + "player;letter;cell;lines;points\r\nA;S;B1;;\r\n".encode("utf-16"),
            "mixes two encodings (a UTF-8 mark, then UTF-16 text): save it again as UTF-8 (in Excel: CSV UTF-8)",
        ),
        # UTF-16 or UTF-32 with a stray byte after its end, or cut short: read with stand-ins, it was "row 18 is not
        # a move" of no row the file shows, or "the move column holds '\ufffd'" (ad83, 13)
        (
            "player;letter;cell;lines;points\r\nA;S;B1;;\r\n".encode("utf-16") + b"\x00",
            "is UTF-16 text, but its bytes from byte 88 on are not (is it cut short, or joined to another file?): "
            "save it again as UTF-8 (in Excel: CSV UTF-8)",
        ),
        (
            "player;letter;cell;lines;points\r\nA;S;B1;;\r\n".encode("utf-32")[:-1],
            "is UTF-32 text, but its bytes from byte 172 on are not (is it cut short, or joined to another file?): "
            "save it again as UTF-8 (in Excel: CSV UTF-8)",
        ),
        (
            "player;letter;cell;lines;points\r\nA;S;B1;;\r\n".encode("utf-16-le") + b"A",
            "is UTF-16 text, but its bytes from byte 86 on are not (is it cut short, or joined to another file?): "
            "save it again as UTF-8 (in Excel: CSV UTF-8)",
        ),
        # rare encodings' marks, read as Windows-1252 into a garbled column name (sweep 39, F8)
        (b"+/v8-player;letter;cell;lines;points\r\n", "is UTF-7 text: save it as UTF-8 (in Excel: CSV UTF-8)"),
        (b"\x841\x953player;letter;cell;lines;points\r\n", "is GB18030 text: save it as UTF-8 (in Excel: CSV UTF-8)"),
        (b";;;;\r\n\t\r\nplayer;letter;cell;lines;points\r\nA;S;B1;;\r\n", None),  # rows of bare separators first
        (b"PK\x03\x04\x14\x00\x06\x00", "is a spreadsheet; save it as CSV (UTF-8) to check it"),
        # A byte-order mark, then a byte UTF-8 cannot read: the header is still read, the byte named on its row.
        (b"\xef\xbb\xbfplayer;letter;cell;lines;points\nA;S;B1;;\n\xe9", "move 2 (row 3): no letter: write S or O"),
        (
            b"player,letter,cell,lines,points\nA,S,B1,,,,B3\n",
            "move 1 (row 2): 'B3' is beyond the header's last column: the row has 7 cells, the header 5; a cell's "
            "several lines are written with spaces between them, not ','",
        ),
        (  # two lines in one cell split by the file's own separator: the points shifted one column on (nt62, 6)
            b"player;letter;cell;lines;points\nA;S;B1;;0\nB;S;B3;;0\nA;S;A2;;0\nB;S;C2;;0\nA;O;B2;B1-B3;A2-C2;2\n",
            "move 5 (row 6): '2' is beyond the header's last column: the row has 6 cells, the header 5; a cell's "
            "several lines are written with spaces between them, not ';'",
        ),
        (  # a child's name past the header is no line split in two (sweep ad74, 6)
            b"player,letter,cell,lines,points\nA,S,B1,-,0,Ann\n",
            "move 1 (row 2): 'Ann' is beyond the header's last column: the row has 6 cells, the header 5\n",
        ),
        (b"player,letter,,cell,lines,points\nA,S,x,B1,,\n", "move 1 (row 2): 'x' is under column 3, which has no name"),
        (b"player,letter,cell,lines,points\nA,S,B1,,9999999\n", "move 1 (row 2): points is too large ('9999999')"),
    ],
)
def test_what_spreadsheets_write_is_read_or_named(runner, tmp_path, data, message):
    path = tmp_path / "game.tsv"
    path.write_bytes(data)
    result = runner.invoke(app, ["check", str(path), "--size", "4"])
    if message is None:
        assert result.exit_code == 0, result.output
    else:
        assert result.stdout.splitlines()[0] == f"{path}: {message}" or result.stdout.startswith(f"{path}: {message}")


MULTI_LINE = (
    "Coup;Joueur;Lettre;Case;Lignes;Points;Total A;Total B\n1;A;S;A1;;0;0;0\n2;B;O;A2;;0;0;0\n3;A;S;A3;{};1;1;0\n"
    "4;A;S;B1;;0;1;0\n"
)


TEN = "A1-A3 B1-B3 C1-C3 D1-D3 A2-A4 B2-B4 C2-C4 D2-D4 A1-C1 B1-D1"


@pytest.mark.parametrize(
    "cell",
    [
        '"A1-A3\nB1-B3"',
        '"A1-A3\r\nB1-B3"',
        '"A1-A3\nB1-B3\nC1-C3"',
        '"A1-A3,\nB1-B3"',
        '"' + TEN.replace(" ", "\n") + '"',  # it was "never closed; rows 5 to 17 cannot be read"
    ],
    ids=["two lines", "CRLF", "three lines", "comma", "ten lines"],
)
def test_a_quoted_cell_typed_on_several_lines_is_read_with_spaces(runner, tmp_path, cell):
    # Excel's Alt+Enter: the cell was once "never closed"; its lines are read as one, the rows after it too
    code, lines, path = run_check(runner, tmp_path, MULTI_LINE.format(cell))
    assert code == 1
    claimed = "A1-A3, B1-B3, C1-C3" if "C1-" in cell else "A1-A3, B1-B3"
    claimed = "A1-A3, A2-A4, B1-B3, B2-B4, C1-C3, C2-C4, D1-D3, D2-D4, A1-C1, B1-D1" if "A1-C1" in cell else claimed
    assert lines == [
        f"{path}: move 3 (row 4): claims lines {claimed}, the rules give A1-A3",
        "checked 1 file: 1 problem in 1 file",
    ]


@pytest.mark.parametrize(
    ("cell", "row"),
    [('"A1-A3\nB1-B3"', 6), ('"A1-A3\nB1-B3\nC1-C3"', 6), ('"A1-A3\n\nB1-B3"', 6), ("A1-A3", 6)],
    ids=["two lines", "three lines", "a blank line inside", "one line"],
)
def test_a_row_below_a_cell_of_several_lines_is_named_by_its_row_in_the_sheet(runner, tmp_path, cell, row):
    # "move 6 (row 8)" stood on row 7 of the sheet, below a cell typed on two lines: a spreadsheet shows each row once,
    # whatever its cells' lines (ad83, 4).
    text = MULTI_LINE.format(cell) + "5;B;O;C1;;0;1;0\n6;A;O;C2;;5;1;0\n"
    code, lines, path = run_check(runner, tmp_path, text)
    assert code == 1
    assert f"{path}: move 6 (row {row + 1}): claims 5 points, the rules give 0" in lines, lines


@pytest.mark.parametrize(
    "heading",
    ['"New S-O-S\nlines"', '"New S-O-S\r\nlines"', '"Nouveaux\nS-O-S"'],
    ids=["English", "CRLF", "French"],
)
def test_a_heading_typed_on_two_lines_is_read(runner, tmp_path, heading):
    # Excel saves a wrapped heading (Alt+Enter) in quotes across two lines: "row 1: a quotation mark opens a cell and
    # is never closed", though it is closed (ad83, 3).
    text = f"move,player,letter,cell,{heading},points\n1,A,S,A3,,0\n2,B,O,B3,,0\n3,A,S,C3,A3-C3,1\n4,A,O,D4,,5\n"
    code, lines, path = run_check(runner, tmp_path, text)
    assert code == 1
    assert lines == [
        f"{path}: move 4 (row 5): claims 5 points, the rules give 0",
        "checked 1 file: 1 problem in 1 file",
    ]


@pytest.mark.parametrize("titles", [1, 4], ids=["a title", "four titles"])
def test_a_title_typed_on_two_lines_above_the_header_counts_as_one_row(runner, tmp_path, titles):
    # "move 6 (row 8)" stood on row 7 of the sheet under a title on two lines; under four, row 18 was row 14 (ad84, 2).
    text = '"Game 3\nGroup B"\n' * titles + MULTI_LINE.format("A1-A3") + "5;B;O;C1;;0;1;0\n6;A;O;C2;;5;1;0\n"
    code, lines, path = run_check(runner, tmp_path, text)
    assert code == 1
    assert f"{path}: move 6 (row {7 + titles}): claims 5 points, the rules give 0" in lines, lines


def test_a_quotation_mark_never_closed_joins_no_row_after_it(runner, tmp_path):
    # the next row holds a quotation mark too: joined, it would hide move 4 in a cell
    text = MULTI_LINE.format('"A1-A3').replace("4;A;S;B1;;0;1;0", '4;A;"S;B1;;0;1;0')
    code, lines, path = run_check(runner, tmp_path, text)
    assert code == 1
    assert lines[0] == (
        f"{path}: move 3 (row 4): a quotation mark opens a cell and is never closed: remove it, or close it in the "
        "same row; row 5 cannot be read either"
    )


def test_a_claim_of_many_points_is_compared_not_refused(runner, tmp_path):
    _, lines, path = run_check(runner, tmp_path, altered(2, 5, "9999"))
    assert lines[0] == f"{path}: move 3 (row 4): claims 9999 points, the rules give 1 (B1-B3)"


def test_a_line_listed_many_times_is_named_once(runner, tmp_path):
    _, lines, path = run_check(runner, tmp_path, altered(2, 4, " ".join(["B1-B3"] * 66)))  # 395 characters
    assert lines[0] == f"{path}: move 3 (row 4): lists B1-B3 more than once: a line counts once, however it is read"


def test_a_folders_records_are_checked_with_size_and_named_as_skipped_without(runner, tmp_path):
    (tmp_path / "lesson.toml").write_text("size = 3\n")
    (tmp_path / "game.csv").write_text(altered(2, 5, "2"))
    result = runner.invoke(app, ["check", str(tmp_path)])
    assert result.stdout.splitlines() == [
        f"{tmp_path / 'game.csv'}: skipped: a game record typed from an audit; give --size to check it",
        "checked 1 file: every claim in it holds; 1 path not checked",
    ]
    result = runner.invoke(app, ["check", str(tmp_path), "--size", "4"])
    assert (
        result.stdout.splitlines()[0]
        == f"{tmp_path / 'game.csv'}: move 3 (row 4): claims 2 points, the rules give 1 (B1-B3)"
    )


@pytest.mark.parametrize("size", [[], ["--size", "4"]], ids=["without --size", "with --size"])
def test_a_folders_class_list_is_named_as_no_record_not_as_one_to_give_a_size(runner, tmp_path, size):
    # A class list and an empty file beside a group's record were each "a game record typed from an audit; give
    # --size to check it" (review nt64, 6); with --size, each was a record with a problem (ad86, 6).
    (tmp_path / "game.csv").write_text(game_csv())
    (tmp_path / "class.txt").write_text("Léa\nTom\n")
    (tmp_path / "empty.txt").write_text("")
    result = runner.invoke(app, ["check", str(tmp_path), *size])
    no_record = "skipped: not a game record (no header row with player, letter and cell columns)"
    record = "checked 1 file: every claim in it holds; 2 paths not checked"
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [
            f"{tmp_path / 'class.txt'}: {no_record}",
            f"{tmp_path / 'empty.txt'}: {no_record}",
            *(
                [record]
                if size
                else [
                    f"{tmp_path / 'game.csv'}: skipped: a game record typed from an audit; give --size to check it",
                    "checked no file: 3 paths not checked",
                ]
            ),
        ],
    )


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--size", "5"], "--size describes CSV records (.csv); a .toml or .pdf file says its own game: leave it out"),
        (["--players", "3"], "--players describes CSV records"),
        (["--teams"], "--teams describes CSV records"),
        (["--notation", "L1C1"], "--notation describes CSV records"),
        (["--target", "3"], "--target describes CSV records"),
        (["--first-sos-wins"], "--first-sos-wins describes CSV records"),
        (
            ["--size", "5", "--players", "3"],
            "--size, --players describe CSV records (.csv); a .toml or .pdf file says its own game: leave them out",
        ),
    ],
)
def test_record_options_with_only_worked_example_files_are_a_usage_error(runner, options, said):
    from conftest import EXAMPLES

    for command in ("check", "analyse"):
        result = runner.invoke(app, [command, str(EXAMPLES / "03-o-in-the-gap.toml"), *options])
        assert result.exit_code == 2, (command, result.output)
        assert said in result.stderr


# ---- hostile records -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("encoding", "mark"),
    [(f"utf-{bits}{order}", mark) for bits in (16, 32) for order in ("-le", "-be") for mark in (True, False)],
)
def test_a_utf_16_or_32_export_with_or_without_its_mark_is_read_as_the_same_record(runner, tmp_path, encoding, mark):
    rows = [list(row) for row in GAME]
    rows[0][4], rows[1][4] = "\u2013", "\u2013"  # "no line" written as a dash beyond ASCII
    data = game_csv([tuple(row) for row in rows]).encode(encoding)  # the bare codecs write no mark
    if mark:  # as a spreadsheet's export has it
        data = ("\ufeff").encode(encoding) + data
    path = tmp_path / "game.csv"
    path.write_bytes(data)
    result = runner.invoke(app, ["check", str(path), "--size", "4"])
    assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n")


@pytest.mark.parametrize("letter", ["\u017f", "\uff33", "0"])  # the long s, a full-width S, a digit
def test_only_s_and_o_in_either_case_are_letters_of_the_game(runner, tmp_path, letter):
    # The long s (U+017F) is "S" to str.upper(), but no child writes it: it is refused like any other sign.
    code, lines, path = run_check(runner, tmp_path, altered(0, 2, letter))
    assert code == 1
    assert lines[0] == f"{path}: move 1 (row 2): {letter!r} is not a letter of the game: write S or O"


def test_the_long_s_is_no_letter_on_a_board_given_to_solve(runner):
    result = runner.invoke(app, ["solve", "S.O/\u017f../..."])
    assert result.exit_code == 2
    assert result.stderr == (
        "Usage error: BOARD 'S.O/\u017f../...': row 2 ('\u017f..') holds '\u017f' at place 1: write S, O or . "
        "for an empty cell (or give a worked-example file ending in .toml)\n"
    )


def test_a_record_of_blank_rows_is_read_in_memory_in_proportion_to_its_size():
    import tracemalloc

    from sos_print.engine.records import RecordOptions

    text = "player,letter,cell,lines,points\n" + "\n" * 999_000 + ",,,,\n" * 100_000
    tracemalloc.start()
    try:
        with pytest.raises(ExampleFileError, match="holds no move"):
            parse_csv_record(text, RecordOptions(4, Variant()), "blank.csv")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak <= 20 * len(text), f"{peak:,} bytes for a record of {len(text):,}"


def test_a_folders_filled_audits_are_checked_and_its_csv_records_named_when_skipped(runner, tmp_path):
    from formfill import fill, move_values

    from sos_print.documents.audit import audit_document
    from sos_print.plans.options import PrintOptions

    steps = replay_example(parse_csv_record(game_csv(), RecordOptions(4, Variant()), "g.csv")).steps
    values = move_values(steps, 4, Notation.A1, Variant())
    values["group1.move.3.points"] = "2"  # a false claim in the filled audit
    (tmp_path / "group1.pdf").write_bytes(fill(audit_document(PrintOptions(), fillable=True).data, values))
    (tmp_path / "group2.csv").write_text(game_csv())
    (tmp_path / "lesson.toml").write_text((EXAMPLES / "03-o-in-the-gap.toml").read_text())
    result = runner.invoke(app, ["check", str(tmp_path)])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{tmp_path / 'group2.csv'}: skipped: a game record typed from an audit; give --size to check it",
        f"{tmp_path / 'group1.pdf'}: move 3 (row 3): claims 2 points, the rules give 1 (B1-B3)",
        "checked 2 files: 1 problem in 1 file; 1 path not checked",
    ]
    only_forms = tmp_path / "forms"
    only_forms.mkdir()
    (tmp_path / "group1.pdf").rename(only_forms / "group1.pdf")
    result = runner.invoke(app, ["check", str(only_forms)])
    assert result.stdout.splitlines()[-1] == "checked 1 file: 1 problem in 1 file"


def test_the_rows_after_a_full_board_are_never_read(runner, tmp_path):
    import tracemalloc

    from sos_print.engine.check import replay_until_stopped
    from sos_print.engine.grid import Cell
    from sos_print.engine.notation import cell_name

    # 16 moves fill the board; move 17 is refused by the rules, and the 100,000 rows after it cannot play.
    cells = [cell_name(Cell(col, row), 4) for row in range(4) for col in range(4)]
    rows = [(str(k), "", "S", cell, "", "") for k, cell in enumerate(cells, start=1)]
    text = game_csv([*rows, ("17", "", "S", "A1", "", "")]) + "18,,S,B2,,\n" * 100_000
    tracemalloc.start()
    try:
        record = parse_csv_record(text, RecordOptions(4, Variant()), "full.csv")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(record.moves) == 17
    assert peak <= 10 * len(text), f"{peak:,} bytes for a record of {len(text):,}"  # the lines, listed once
    _, stop = replay_until_stopped(record)
    assert str(stop) == (
        "full.csv: move 17 (row 18): the game is already over (the board was full after move 16): no letter can go "
        "in A1; rows 19 to 100018 after it are not checked either"  # read for their numbers alone (ad93, 1)
    )


@pytest.mark.parametrize("suffix", [".csv", ".tsv", ".txt"])
def test_a_folders_records_are_those_a_named_file_would_be_read_as(runner, tmp_path, suffix):
    # A spreadsheet's "text" export ends in .txt: named alone it is read as a record, so in a folder too.
    record = tmp_path / f"group2{suffix}"
    record.write_text(altered(2, 5, "2").replace(",", "\t") if suffix != ".csv" else altered(2, 5, "2"))
    alone = runner.invoke(app, ["check", str(record), "--size", "4"])
    claim = f"{record}: move 3 (row 4): claims 2 points, the rules give 1 (B1-B3)"
    assert alone.stdout.splitlines() == [claim, "checked 1 file: 1 problem in 1 file"]
    in_folder = runner.invoke(app, ["check", str(tmp_path), "--size", "4"])
    assert (in_folder.exit_code, in_folder.stdout) == (alone.exit_code, alone.stdout)
    skipped = runner.invoke(app, ["check", str(tmp_path)])
    assert skipped.stdout.splitlines() == [
        f"{record}: skipped: a game record typed from an audit; give --size to check it",
        "checked no file: 1 path not checked",
    ]


def test_a_folders_pdf_named_as_a_csv_record_is_told_as_when_named_alone(runner, tmp_path):
    # In a folder: "not a game record (no header row...)"; named alone: "is a PDF" (sweep ad97, C2).
    (tmp_path / "g.csv").write_bytes(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n")
    said = "a PDF, not a CSV record: if it is a filled audit, give it a name ending in .pdf"
    alone = runner.invoke(app, ["check", str(tmp_path / "g.csv"), "--size", "4"])
    assert alone.stdout.splitlines()[0] == f"{tmp_path / 'g.csv'}: is {said}"
    in_folder = runner.invoke(app, ["check", str(tmp_path), "--size", "4"])
    assert in_folder.exit_code == 1
    assert in_folder.stdout.splitlines() == [
        f"{tmp_path / 'g.csv'}: skipped: {said}",
        "checked no file: 1 path not checked",
    ]


@pytest.mark.parametrize("mark", ["\f", "\v", "\x1c", "\x85", "\u2028", "\u2029"], ids=repr)
def test_only_a_line_break_ends_a_row_so_a_problem_is_named_on_its_own_row(runner, tmp_path, mark):
    # Python's str.splitlines also ends a line at these; a CSV row ends only at \n, \r\n or \r.
    rows = [list(row) for row in GAME]
    rows[2][4] += mark  # within move 3's lines cell, which holds B1-B3
    rows[4][5] = "3"  # move 5 claims 3 points
    code, lines, path = run_check(runner, tmp_path, game_csv([tuple(row) for row in rows]))
    assert (code, lines) == (
        1,
        [f"{path}: move 5 (row 6): claims 3 points, the rules give 0", "checked 1 file: 1 problem in 1 file"],
    )


@pytest.mark.parametrize("blank", ["\f", "\u00a0", " ; \t, ", "\u3000"], ids=repr)
def test_a_line_of_white_space_and_separators_is_a_blank_row(runner, tmp_path, blank):
    rows = "".join(",".join(row) + "\n" + blank * 1000 + "\n" for row in GAME)
    code, lines, _ = run_check(runner, tmp_path, "move,player,letter,cell,lines,points\n" + rows)
    assert (code, lines) == (0, ["checked 1 file: every claim holds"])


def test_a_header_longer_than_the_csv_modules_cell_limit_is_one_line_in_a_fresh_process(tmp_path):
    # In a fresh process: the csv module's limit on a cell (131,072 characters) is process-wide, and an earlier
    # test in this one may have raised it already.
    path = tmp_path / "long-header.csv"
    path.write_text("move,player,letter,cell,lines,points" + "x" * 131_100 + "\n1,A,S,B1,,0\n")
    result = subprocess.run(
        [sys.executable, "-m", "sos_print", "check", str(path), "--size", "4"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    cut = "points" + "x" * 31 + "\u2026"
    assert (result.returncode, result.stderr, result.stdout.splitlines()) == (
        1,
        "",
        [
            f"{path}: the header names an unknown column '{cut}' (known: move, player, letter, cell, lines, "
            "points, total A, total B...)",
            "checked 1 file: 1 problem in 1 file",
        ],
    )


def test_a_folder_of_records_inside_a_checked_folder_is_named_never_passed_over(runner, tmp_path):
    (tmp_path / "lesson.toml").write_text((EXAMPLES / "03-o-in-the-gap.toml").read_text())
    (tmp_path / "group2").mkdir()
    (tmp_path / "group2" / "game.csv").write_text(altered(4, 5, "3"))  # a false claim, in a folder inside
    (tmp_path / "photos").mkdir()
    (tmp_path / "photos" / "board.jpg").write_bytes(b"\xff\xd8")  # a folder of no record: nothing to name
    result = runner.invoke(app, ["check", str(tmp_path), "--size", "4"])
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [
            f"{tmp_path / 'group2'}: skipped: a folder inside the folder; name it to check it",
            "checked 1 file: every claim in it holds; 1 path not checked",
        ],
    )
    named = runner.invoke(app, ["check", str(tmp_path / "group2"), "--size", "4"])
    assert named.stdout.splitlines()[-1] == "checked 1 file: 1 problem in 1 file"


@pytest.mark.parametrize(
    "put",
    [
        lambda sub: (sub / "game").write_text(altered(4, 5, "3")),  # a record whose name lost its ending
        lambda sub: (sub / "lesson").write_text((EXAMPLES / "03-o-in-the-gap.toml").read_text()),
        lambda sub: _zipped(sub / "games.zip", "game.csv"),
        lambda sub: (sub / "link").symlink_to(EXAMPLES),  # a link to a folder of examples
        lambda sub: ((deep := sub.joinpath(*"abcdefghijk")).mkdir(parents=True), (deep / "g.csv").write_text("x")),
    ],
    ids=["record-without-ending", "example-without-ending", "archive", "link", "eleven-folders-down"],
)
def test_what_a_folder_inside_a_checked_folder_may_hold_is_named_never_passed_over(runner, tmp_path, put):
    (tmp_path / "lesson.toml").write_text((EXAMPLES / "03-o-in-the-gap.toml").read_text())
    (tmp_path / "sub").mkdir()
    put(tmp_path / "sub")
    result = runner.invoke(app, ["check", str(tmp_path), "--size", "4"])
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [
            f"{tmp_path / 'sub'}: skipped: a folder inside the folder; name it to check it",
            "checked 1 file: every claim in it holds; 1 path not checked",
        ],
    )


@pytest.mark.parametrize(
    ("header", "rows"),
    [
        # as its audit prints it, in English and in French: no points, no totals
        ("move,player,letter,cell,new s-o-s lines", ["1,A,S,A1,-", "2,B,O,B2,-", "3,A,S,C3,A1-C3"]),
        ("Coup;Joueur;Lettre;Case;Nouveaux S-O-S", ["1;A;S;A1;", "2;B;O;B2;aucun", "3;A;S;C3;A1-C3"]),
        # a sheet typed with the points of the standard game still reads
        ("move,player,letter,cell,lines,points", ["1,A,S,A1,-,0", "2,B,O,B2,-,0", "3,A,S,C3,A1-C3,1"]),
    ],
)
def test_a_first_sos_wins_record_needs_no_points_column(runner, tmp_path, header, rows):
    path = tmp_path / "won.csv"
    path.write_text("\n".join([header, *rows]) + "\n")
    result = runner.invoke(app, ["check", str(path), "--size", "4", "--first-sos-wins"])
    assert (result.exit_code, result.stdout.splitlines()) == (0, ["checked 1 file: every claim holds"])
    wrong = tmp_path / "wrong.csv"
    wrong.write_text("\n".join([header, *rows[:2], rows[2].replace("A1-C3", "-")]) + "\n")
    result = runner.invoke(app, ["check", str(wrong), "--size", "4", "--first-sos-wins"])
    assert result.exit_code == 1 and "move 3 (row 4)" in result.stdout, result.output
    if not header.endswith("points"):
        # The standard game keeps its points column: a sheet without one would leave every point unchecked.
        result = runner.invoke(app, ["check", str(path), "--size", "4"])
        assert result.exit_code == 1 and "has no points column" in result.stdout, result.output


@pytest.mark.parametrize(
    ("line", "separator"),
    [("sep=,", ","), ('"sep=,"', ","), (" sep = , ", ","), ("SEP=,,,,", ","), ("sep=;", ";"), ('"sep=;";;;', ";")]
    + [("sep=\t", "\t")],
    ids=repr,
)
def test_excels_separator_line_names_a_records_separator_as_a_class_lists_does(runner, tmp_path, line, separator):
    # Excel writes "sep=;" first when asked to; the rows keep the file's numbers, the line counted.
    code, lines, path = run_check(runner, tmp_path, f"{line}\r\n" + altered(2, 5, "2").replace(",", separator))
    assert (code, lines) == (
        1,
        [f"{path}: move 3 (row 5): claims 2 points, the rules give 1 (B1-B3)", "checked 1 file: 1 problem in 1 file"],
    )
    assert run_check(runner, tmp_path, f"{line}\r\n" + game_csv().replace(",", separator))[:2] == (
        0,
        ["checked 1 file: every claim holds"],
    )


@pytest.mark.parametrize(
    ("line", "separator", "said"),
    [("sep=;", ",", "','"), ("sep=,", ";", "';'"), ("sep=;", "\t", "tabs")],
    ids=repr,
)
def test_a_separator_line_that_names_another_separator_than_the_headers_is_named(
    runner, tmp_path, line, separator, said
):
    # Told "its columns are separated by ',': separate them with commas, semicolons or tabs", or that the header named
    # no column, the teacher never learnt that row 1 was wrong (sweep ad79, 2).
    code, lines, path = run_check(runner, tmp_path, f"{line}\r\n" + game_csv().replace(",", separator))
    assert (code, lines[0]) == (
        1,
        f"{path}: row 1 says '{line}', but the header row (row 2) is separated by {said}: delete row 1 or make it "
        "name that separator",
    )


@pytest.mark.parametrize(
    "header",
    [
        "Move / Coup,Player / Joueur,Letter / Lettre,Cell / Case,New S-O-S lines / Nouveaux S-O-S,Points",
        "Move/Coup,Player/Joueur,Letter/Lettre,Cell/Case,Lines/Lignes,Points",
    ],
)
def test_a_header_in_both_languages_as_the_bilingual_audit_prints_it_is_read(runner, tmp_path, header):
    # Typed as the en+fr audit heads its columns, it was "not a game record" (sweep ad80, 3).
    code, lines, _ = run_check(runner, tmp_path, game_csv(header=header))
    assert (code, lines) == (0, ["checked 1 file: every claim holds"])


@pytest.mark.parametrize("row", [",Total,,,,1", ",,,,Total,1", ",,,,,1"])
def test_a_totals_row_under_a_game_that_stopped_early_is_told_as_such(runner, tmp_path, row):
    # Under five moves of sixteen, it was "move 6 (row 7): no letter: write S or O" (sweep ad80, 4).
    code, lines, path = run_check(runner, tmp_path, game_csv() + row + "\n")
    assert (code, lines[0]) == (
        1,
        f"{path}: row 7 is not a move: it holds no letter and no cell: fill them in, or if it holds the totals or a "
        "note, remove it",
    )


def test_an_unknown_column_of_a_team_game_is_told_its_totals_as_a_team_game_heads_them():
    # "known: ..., total A" beside "total A & C": a team game refuses "total A" (sweep ad96, 4).
    text = "move,player,letter,cell,lines,points,total A & C,total B & D\r\n1,A,S,B1,,0,0,0\r\n"
    with pytest.raises(ExampleFileError) as refused:
        parse_csv_record(text, RecordOptions(4, Variant(players=4, teams=True)), "game.csv")
    assert str(refused.value) == (
        "game.csv: the header names an unknown column 'total A & C' (known: move, player, letter, cell, lines, "
        "points, total A + C, total B + D...)"
    )


def test_a_separator_line_and_nothing_after_it_asks_for_the_header():
    with pytest.raises(ExampleFileError, match=r"holds no header row: write player, .* on the line after 'sep='"):
        parse_csv_record("sep=;\r\n\r\n", RecordOptions(4, Variant()), "game.csv")


@pytest.mark.parametrize(
    ("codec", "header"),
    [("cp1251", "Ход;Игрок"), ("koi8_r", "Ход;Игрок"), ("shift_jis", "手;プレイヤー"), ("cp1253", "Κίνηση")],
)
def test_a_record_in_an_encoding_other_than_utf_8_or_windows_1252_is_named_not_read_garbled(
    runner, tmp_path, codec, header
):
    path = tmp_path / "game.csv"
    path.write_bytes(f"{header}\r\n1;A;S\r\n".encode(codec))
    result = runner.invoke(app, ["check", str(path), "--size", "4"])
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [
            f"{path}: line 1: the text is not UTF-8, and read as Excel's Western European encoding (Windows-1252) "
            "it looks like another encoding's: save the file as UTF-8 (in Excel: CSV UTF-8)",
            "checked 1 file: 1 problem in 1 file",
        ],
    )


@pytest.mark.parametrize(
    ("codec", "seen", "said"),
    [("cp850", "nø du coup", "DOS text (code page 850)"), ("utf-7", "n+ALA du coup", "UTF-7")],
)
def test_a_record_saved_in_an_encoding_read_as_another_names_its_heading_as_saved(runner, tmp_path, codec, seen, said):
    # LibreOffice offers both for a CSV: read as Windows-1252 or UTF-8, the known « n° du coup » was "an unknown
    # column 'nø du coup'" (sweep ad94, 2).
    path = tmp_path / "game.csv"
    path.write_bytes("n° du coup;joueur;lettre;case;lignes;points\r\n1;A;S;B1;;0\r\n".encode(codec))
    result = runner.invoke(app, ["check", str(path), "--size", "4"])
    assert (result.exit_code, result.stdout.splitlines()[0]) == (
        1,
        f"{path}: the header's '{seen}' is 'n° du coup' saved as {said}: save the file as UTF-8 (in Excel: CSV UTF-8)",
    )


@pytest.mark.parametrize("heading", ["Move #", "#", "No.", "N°", "Coup n°", "numéro"])
def test_a_numbers_column_headed_as_spreadsheets_head_it_is_the_move_column(runner, tmp_path, heading):
    # "Move #" was "an unknown column" (sweep ad78, 7).
    code, lines, _ = run_check(runner, tmp_path, game_csv(header=f"{heading},player,letter,cell,lines,points"))
    assert code == 0, lines
    code, lines, path = run_check(runner, tmp_path, altered(1, 0, "7").replace("move,", f"{heading},", 1))
    assert lines[0].startswith(f"{path}: move 2 (row 3): the move column says '7'"), lines


def test_a_row_pasted_twice_is_named_as_a_repeat_not_a_wrong_number(runner, tmp_path):
    # "the move column says '5', but this is move 6", with every row below named: renumbering would have been wrong
    # (sweep ad76, 6).
    rows = [("1", "A", "S", "B1", "", "0"), ("2", "B", "O", "B2", "", "0"), ("2", "B", "O", "B2", "", "0")]
    code, lines, path = run_check(runner, tmp_path, game_csv([*rows, ("3", "A", "S", "B3", "B1-B3", "1")]))
    assert code == 1
    assert lines[0] == f"{path}: move 3 (row 4): the row repeats row 3: remove one of them"


def test_a_record_typed_partly_in_another_encoding_is_refused_at_the_line_of_its_first_wrong_letter(runner, tmp_path):
    path = tmp_path / "game.csv"
    path.write_bytes(
        b"move,player,letter,cell,lines,points,note\n1,A,S,A2,,0,tr\xc3\xa8s bien\n"
        b"2,B,S,C3,,0,\n3,A,O,D4,,0,d\xe9j\xe0\n"
    )
    result = runner.invoke(app, ["check", str(path), "--size", "4"])
    assert (result.exit_code, result.stdout.splitlines()[0]) == (
        1,
        f"{path}: line 4: a letter is not UTF-8, though the lines before it are: the file mixes two encodings; type "
        "that letter again and save the file as UTF-8 (in Excel: CSV UTF-8)",
    )


def test_a_record_whose_windows_1252_title_comes_before_utf_8_is_refused_at_the_title(runner, tmp_path):
    # Read whole as Windows-1252, the UTF-8 dash of move 1's lines was quoted as "'â€“' is not an S-O-S line" (sweep
    # ad79, 3).
    path = tmp_path / "game.csv"
    path.write_bytes(b"Partie de L\xe9a\nCoup;Joueur;Lettre;Case;Lignes;Points\n1;A;S;C4;\xe2\x80\x93;0\n")
    result = runner.invoke(app, ["check", str(path), "--size", "4"])
    assert (result.exit_code, result.stdout.splitlines()[0]) == (
        1,
        f"{path}: line 1: a letter is not UTF-8, though later lines are: the file mixes two encodings; type that "
        "letter again and save the file as UTF-8 (in Excel: CSV UTF-8)",
    )


@pytest.mark.parametrize(("mark", "said"), [("|", "'|'"), (":", "':'"), ("/", "'/'"), ("   ", "spaces")])
def test_a_record_whose_columns_are_parted_by_another_mark_is_told_so(runner, tmp_path, mark, said):
    # "move|player|letter|..." was "its first row names none of the columns" (sweep ad76, 2), and columns lined up
    # with spaces, as text copied from a PDF has them, still were (sweep ad81, 5).
    path = tmp_path / "game.csv"
    path.write_text(
        f"move{mark}player{mark}letter{mark}cell{mark}lines{mark}points\n1{mark}A{mark}S{mark}A2{mark}{mark}0\n"
    )
    result = runner.invoke(app, ["check", str(path), "--size", "4"])
    assert (result.exit_code, result.stdout.splitlines()[0]) == (
        1,
        f"{path}: its columns are separated by {said}: separate them with commas, semicolons or tabs",
    )


# A folder's record in columns parted by "|", or a Markdown table of a whole game, was taken for a note: "checked 1
# file: every claim holds", exit 0, and its game never read (sweep ad81, 2). Prose naming the columns is a note still.
@pytest.mark.parametrize(
    ("name", "text", "skipped"),
    [
        ("group2.dat", "move|player|letter|cell|lines|points\n1|A|S|A2||0\n", True),
        ("group3.md", "| move | player | letter | cell | lines | points |\n|---|---|---|---|---|---|\n"
         "| 1 | A | S | A2 | | 0 |\n", True),
        ("group4.dat", "move  player  letter  cell  lines  points\n1     A       S       A2           0\n", True),
        # Copied from the printed sheet with pdftotext, or with a column of notes (sweep ad82, 2).
        ("group5.md", "Move    Player     Letter   Cell      New S-O-S lines   Points   Total\n1       A          S    "
         "    A2                          0        0\n", True),
        ("group6.md", "| move | player | letter | cell | lines | points | note |\n|---|---|---|---|---|---|---|\n"
         "| 1 | A | S | A2 | | 0 | x |\n", True),
        ("notes.md", "# Notes\nEach player writes a letter in a cell, then the next player.\n", False),
    ],
)  # fmt: skip
def test_a_folders_record_parted_by_another_mark_is_named_not_passed_over(runner, tmp_path, name, text, skipped):
    (tmp_path / "group1.csv").write_text("move,player,letter,cell,lines,points\n1,A,S,A2,,0\n", encoding="utf-8")
    (tmp_path / name).write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["check", str(tmp_path), "--size", "4"])
    line = f"{tmp_path / name}: skipped: a game record whose name does not end in .csv, .tsv or .txt; name it to check"
    assert (f"{line} it" in result.stdout.splitlines()) is skipped, result.stdout
    assert result.exit_code == (1 if skipped else 0), result.stdout


@pytest.mark.parametrize(("separator", "extra"), [(";", ""), (";", ";9")])
def test_a_header_row_followed_by_thousands_of_empty_cells_names_its_columns_once(
    runner, tmp_path, monkeypatch, separator, extra
):
    # A sheet with a far column formatted exports a separator for each empty cell: each was named as a column three
    # times over, seconds of work for one row (sweep 39, F5). The empty cells after the last name are not read.
    from sos_print.engine import records

    looked: list[str] = []
    column = records._column
    monkeypatch.setattr(records, "_column", lambda name: looked.append(name) or column(name))
    header, *rows = FRENCH_RECORD.splitlines()
    path = tmp_path / "wide.csv"
    rows[-1] += separator * 1000 + extra  # a value far under a column with no name is still refused
    path.write_text("\n".join([header + separator * 100_000, *rows]) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--size", "4"])
    assert len(looked) < 100, len(looked)
    if extra:
        assert f"'9' is under column {8 + 1000 + 1}, which has no name" in result.stdout, result.output
    else:
        assert (result.exit_code, result.stdout.splitlines()) == (0, ["checked 1 file: every claim holds"])


@pytest.mark.parametrize("name", ["wide.csv", "wide.csv.bak"])
def test_a_header_row_with_a_far_cell_is_refused_naming_its_columns_before_naming_each(
    runner, tmp_path, monkeypatch, name
):
    # One cell far to the right made each empty cell before it a column, named one by one: seconds of work for one
    # megabyte (sweep 40, F7). More than 64 columns are refused in one line, a few named at most, in a folder too.
    from sos_print.engine import records

    looked: list[str] = []
    column = records._column
    monkeypatch.setattr(records, "_column", lambda name: looked.append(name) or column(name))
    header, *rows = FRENCH_RECORD.splitlines()
    path = tmp_path / name
    path.write_text("\n".join([header + ";" * 100_000 + "x", *rows]) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--size", "4"])
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [
            f"{path}: row 1: the header row has 100,008 columns; a record has at most 64",
            "checked 1 file: 1 problem in 1 file",
        ],
    )
    assert len(looked) < 1000, len(looked)


@pytest.mark.parametrize(("count", "refused"), [(64, False), (65, True)])
def test_a_header_row_of_64_columns_is_read_and_one_of_65_refused(runner, tmp_path, count, refused):
    header, *rows = FRENCH_RECORD.splitlines()
    path = tmp_path / "notes.csv"
    named = header.count(";") + 1
    path.write_text("\n".join([header + ";note" * (count - named), *rows]) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--size", "4"])
    expected = (
        "row 1: the header row has 65 columns; a record has at most 64"
        if refused
        else "the header names an unknown column 'note' (known: coup, joueur, lettre, case, lignes, points, total A, "
        "total B...)"
    )
    assert result.stdout.splitlines()[0] == f"{path}: {expected}", result.output


def test_a_record_whose_rows_run_from_the_last_move_says_to_sort_them(runner, tmp_path):
    # A record sorted newest first was told only that its first row is not move 1 and that 15 rows below it cannot
    # be read (sweep ad70, 8).
    text = game_csv(list(reversed(GAME)))
    code, lines, path = run_check(runner, tmp_path, text)
    assert code == 1
    assert lines[0] == (
        f"{path}: move 1 (row 2): the move column says '{len(GAME)}', but this is move 1 of the record; the rows run "
        "from the last move to the first: sort them by the move column, smallest first"
    )
    # a record whose rows are only out of order is told what it was, not that rows are missing (sweep ad78, 3)
    for shuffled, number, row, said in (
        ([GAME[1], GAME[0], *GAME[2:]], 1, 2, "2"),
        ([GAME[2], GAME[4], GAME[0], GAME[3], GAME[1]], 1, 2, "3"),
        ([*GAME[:2], GAME[3], GAME[2], GAME[4]], 3, 4, "4"),
    ):
        code, lines, path = run_check(runner, tmp_path, game_csv(shuffled))
        assert code == 1 and lines[0] == (
            f"{path}: move {number} (row {row}): the move column says '{said}', but this is move {number} of the "
            "record; the rows are not in the order of the moves: sort them by the move column, smallest first"
        ), lines
    # rows missing, or a second game pasted under the first, are no order to mend
    for rows in ([*GAME[:2], *GAME[3:]], [*GAME, *GAME]):
        code, lines, path = run_check(runner, tmp_path, game_csv(rows))
        assert code == 1 and "sort them" not in lines[0], lines


def test_a_moves_row_typed_with_its_number_alone_is_told_to_be_filled_in(runner, tmp_path):
    # "3,,,,," between moves 2 and 4 was told that a move's row may be missing above move 4: it is there, empty
    # (sweep ad70, 7). Rows of numbers alone after the game's last move stay the audit's rows for moves never played.
    rows = [list(row) for row in GAME]
    rows[2] = [rows[2][0], "", "", "", "", ""]
    code, lines, path = run_check(runner, tmp_path, game_csv([tuple(row) for row in rows]))
    assert (code, lines[0]) == (1, f"{path}: move 3 (row 4): the row holds the move's number alone: fill in the move")
    code, lines, _ = run_check(runner, tmp_path, game_csv([*GAME, (str(len(GAME) + 1), "", "", "", "", "")]))
    assert (code, lines) == (0, ["checked 1 file: every claim holds"])


# Sweep ad109, C2: in a folder, a record saved otherwise under a record's name was "not a game record", where named
# alone, or named for what it is, it was told for what it is: a group's game went unread with the wrong word.
@pytest.mark.parametrize(
    ("name", "write", "what"),
    [
        ("group3.csv", lambda path: _zipped(path, "group3.csv"), ARCHIVE),
        ("group3.txt", lambda path: _zipped(path, "[Content_Types].xml", "xl/workbook.xml"), SPREADSHEET),
        (
            "group4.tsv",
            lambda path: path.write_text(
                "<table><tr><td>move</td><td>player</td><td>letter</td><td>cell</td></tr>"
                "<tr><td>1</td><td>A</td><td>S</td><td>A1</td></tr></table>"
            ),
            "a web page holding a game record's table; save it as CSV (UTF-8) to check it",
        ),
        (
            "group5.txt",
            lambda path: path.write_text('[{"move": "1", "player": "A", "letter": "S", "cell": "A1"}]'),
            "a game record saved as JSON; save it as CSV (UTF-8) to check it",
        ),
    ],
    ids=["archive-as-csv", "workbook-as-txt", "web-page-as-tsv", "json-as-txt"],
)
def test_a_record_saved_otherwise_under_a_records_name_is_told_for_what_it_is_in_a_folder(
    runner, tmp_path, name, write, what
):
    write(tmp_path / name)
    result = runner.invoke(app, ["check", str(tmp_path), "--size", "4"])
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [f"{tmp_path / name}: skipped: {what}", "checked no file: 1 path not checked"],
    )
