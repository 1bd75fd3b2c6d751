"""Tests the references of an example's prose: how they are read, checked by the engine and printed."""

from __future__ import annotations

import re

import pytest
from conftest import EXAMPLES

from sos_print.cli import app
from sos_print.engine.errors import SosError
from sos_print.engine.grid import Cell, Segment
from sos_print.engine.notation import Notation
from sos_print.engine.prose import CellRef, Fact, LineOfCells, LineRef, Literal, hand_written, parse_prose
from sos_print.plans.worked import line_of_cells_name

GAP = EXAMPLES / "03-o-in-the-gap.toml"
EN_TEXT = (
    'en = "{A2}, {B2} and {C2} read S, empty, S. Whoever writes O in {B2} completes {A2-C2}, scores '
    '{points 1} and writes again. Leaving S, empty, S on the board is a gift to the next player."'
)


@pytest.mark.parametrize(
    ("text", "size", "notation", "tokens"),
    [
        ("{B2}", 4, Notation.A1, (CellRef(Cell(1, 1)),)),
        ("in {L1C1}.", 4, Notation.L1C1, (Literal("in "), CellRef(Cell(0, 3)), Literal("."))),
        ("{B1-B3}", 4, Notation.A1, (LineRef(Segment(Cell(1, 0), Cell(1, 2))),)),
        ("{col B}", 4, Notation.A1, (LineOfCells(True, 1),)),
        ("{col h}", 8, Notation.A1, (LineOfCells(True, 7),)),
        ("{row 2}", 4, Notation.A1, (LineOfCells(False, 1),)),
        ("{col C2}", 4, Notation.L1C1, (LineOfCells(True, 1),)),
        ("{row L1}", 4, Notation.L1C1, (LineOfCells(False, 3),)),  # L1 is the top row: index 3 from the bottom
        ("{row L4}", 4, Notation.L1C1, (LineOfCells(False, 0),)),
        ("{points 3}", 4, Notation.A1, (Fact("points", 3),)),
        ("{next 1}", 4, Notation.A1, (Fact("next", 1),)),
        ("{score 5}, {score}", 4, Notation.A1, (Fact("score", 5), Literal(", "), Fact("score", 0))),
        ("{winner} {target}", 4, Notation.A1, (Fact("winner"), Literal(" "), Fact("target"))),
        # in any case, as cells are: "{Points 1}" was "cell 'POINTS1' is not on the 4 × 4 board" (ad86, 7)
        ("{Points 1}", 4, Notation.A1, (Fact("points", 1),)),
        ("{NEXT 1} {Col b}", 4, Notation.A1, (Fact("next", 1), Literal(" "), LineOfCells(True, 1))),
    ],
)
def test_references_are_read_in_the_files_notation(text, size, notation, tokens):
    assert parse_prose(text, size, notation) == tokens


@pytest.mark.parametrize(
    ("text", "size", "notation", "message"),
    [
        ("{col 2}", 4, Notation.A1, "{col 2}: not a column name in A1 notation"),
        ("{col B}", 4, Notation.L1C1, "{col B}: not a column name in L1C1 notation"),
        ("{row L2}", 4, Notation.A1, "{row L2}: not a row name in A1 notation"),
        ("{col E}", 4, Notation.A1, "{col E}: there is no column E on a 4 × 4 board"),
        ("{row 9}", 8, Notation.A1, "{row 9}: there is no row 9 on an 8 × 8 board"),
        ("{row L5}", 4, Notation.L1C1, "{row L5}: there is no row L5 on a 4 × 4 board"),
        ("{points}", 4, Notation.A1, "{points}: give the move number, like {points 1}"),
        ("{next two}", 4, Notation.A1, "{next two}: give the move number, like {next 1}"),
        ("{winner 3}", 4, Notation.A1, "{winner 3}: winner takes nothing"),
        # Read as cells: "{Point 1}" was "cell 'POINT1' is not on the 4 × 4 board".
        ("{Point 1}", 4, Notation.A1, "{Point 1}: write {points 1}"),
        ("{gift 2}", 4, Notation.A1, "{gift 2}: write {gifts 2}"),
        ("{cadeaux 2}", 4, Notation.A1, "{cadeaux 2}: write {gifts 2}"),
        ("{gagnant}", 4, Notation.A1, "{gagnant}: the word of this fact is winner, like {winner}"),
        ("{Scores}", 4, Notation.A1, "{Scores}: the word of this fact is score, like {score}"),
        ("{gift}", 4, Notation.A1, "{gift}: the word of this fact is gifts, like {gifts 1}"),
        # Run together, or with a number no fact takes (ad90, 9).
        ("{Point1}", 4, Notation.A1, "{Point1}: write {points 1}"),
        ("{points12}", 4, Notation.A1, "{points12}: write {points 12}"),
        ("{gagnante}", 4, Notation.A1, "{gagnante}: the word of this fact is winner, like {winner}"),
        ("{point 1-2}", 4, Notation.A1, "{point 1-2}: the word of this fact is points, like {points 1}"),
        # Move 0 was read as the last move (Python's index -1): its fact printed under another move's number.
        ("{points 0}", 4, Notation.A1, "{points 0}: moves are numbered from 1, like {points 1}"),
        ("{next 00}", 4, Notation.A1, "{next 00}: moves are numbered from 1, like {next 1}"),
        ("{gifts 0}", 4, Notation.A1, "{gifts 0}: moves are numbered from 1, like {gifts 1}"),
        ("{score 0}", 4, Notation.A1, "{score 0}: moves are numbered from 1, like {score 1}"),
        # int() reads an Arabic-Indic 1 as 1 (which the font cannot print) and fails on a superscript 2 (exit 70).
        ("{points \u0661}", 4, Notation.A1, "{points \u0661}: write the move number with the digits 0 to 9, like"),
        ("{score \u00b2}", 4, Notation.A1, "{score \u00b2}: write the move number with the digits 0 to 9, like"),
        # int() refuses more than 4,300 digits (exit 70), and the message would have been as long.
        pytest.param(
            "{next " + "9" * 5000 + "}",
            4,
            Notation.A1,
            "{next 999999\u2026}: no game has so many moves (at most 64)",
            id="5000-digits",
        ),
        # A reference of 5,000 characters was printed whole in the message, twice (issue 20, sweep ad49 F4).
        pytest.param("{B" + "9" * 5000 + "}", 4, Notation.A1, "{B" + "9" * 38 + "\u2026}: ", id="5000-characters-cell"),
        pytest.param("{col " + "X" * 5000 + "}", 4, Notation.A1, "{col " + "X" * 39 + "\u2026}: not a", id="5000-col"),
        ("{E1}", 4, Notation.A1, "{E1}: "),
        ("{B1-B4}", 4, Notation.A1, "{B1-B4}: "),
        ("a { brace", 4, Notation.A1, "an unmatched brace: references are written {B2}, {B1-B3} or {points 1}"),
    ],
)
def test_a_reference_that_cannot_be_read_is_named(text, size, notation, message):
    with pytest.raises(SosError) as error:
        parse_prose(text, size, notation)
    assert str(error.value).startswith(message), str(error.value)


@pytest.mark.parametrize("reference", ["{points 0}", "{points \u0661}"])
def test_check_and_teacher_refuse_a_move_number_alike_in_one_line(runner, tmp_path, reference):
    # {points 0} passed and the teacher's notes printed the last move's points; {points ١} passed check only.
    original = GAP.read_text()
    (tmp_path / "gap.toml").write_text(original.replace(EN_TEXT, EN_TEXT.replace("{points 1}", reference)))
    line = f"{tmp_path / 'gap.toml'}: text en: {reference}: "
    checked = runner.invoke(app, ["check", str(tmp_path)])
    assert (checked.exit_code, len(checked.stdout.splitlines())) == (1, 2), checked.stdout
    assert checked.stdout.startswith(line)
    taught = runner.invoke(app, ["teacher", str(tmp_path), "--out", str(tmp_path / "teacher.pdf")])
    assert (taught.exit_code, taught.stdout.splitlines()[0]) == (1, checked.stdout.splitlines()[0])
    assert not (tmp_path / "teacher.pdf").exists()


@pytest.mark.parametrize(
    ("added", "said"),
    [
        ("In the end B won.", "sos-print: an example's title or text must be changed; nothing was written.\n"),
        ("{points 0}", "sos-print: an example's title or text must be changed; nothing was written.\n"),
    ],
)
def test_teacher_refusing_an_examples_prose_says_its_text_must_change_not_that_a_claim_is_false(
    runner, tmp_path, added, said
):
    # "an example claim is false" closed the refusal of a fact written by hand, where no claim was false (ad100, 1).
    (tmp_path / "gap.toml").write_text(GAP.read_text().replace(EN_TEXT, f'{EN_TEXT[:-1]} {added}"'))
    taught = runner.invoke(app, ["teacher", str(tmp_path), "--out", str(tmp_path / "teacher.pdf")])
    assert (taught.exit_code, taught.stderr) == (1, said)


@pytest.mark.parametrize(
    ("text", "notation", "problems"),
    [
        ("{A2} and {col B} are fine.", Notation.A1, []),
        ("In column B", Notation.A1, ["'column B' names a column or a row: write {col B} or {row 2}"]),
        ("sur la ligne 3", Notation.A1, ["'ligne 3' names a column or a row: write {col B} or {row 2}"]),
        ("in B2", Notation.A1, ["'B2' names a cell or a line: write it in braces, like {B2} or {B1-B3}"]),
        (
            "L2C3-L4C3 again",
            Notation.L1C1,
            ["'L2C3-L4C3' names a cell or a line: write it in braces, like {L2C3} or {L2C3-L4C3}"],
        ),
        (
            "scores two points",
            Notation.A1,
            ["'two points' states a count of points: write {points N} (move N) or {target}"],
        ),
        ("marque 1 point", Notation.A1, ["'1 point' states a count of points: write {points N} (move N) or {target}"]),
        ("leads 2 to 0", Notation.A1, ["'2 to 0' states a score: write {score N} (after move N) or {score}"]),
        ("then B writes next", Notation.A1, ["'B writes next' says who writes next: write {next N} (after move N)"]),
        ("puis A rejoue", Notation.A1, ["'A rejoue' says who writes next: write {next N} (after move N)"]),
        ("so C wins", Notation.A1, ["'C wins' says who wins: write {winner}"]),
        # A count of gifts is a count of replies: the engine names them ({gifts N}), singular or plural as they are.
        ("leaves two gifts", Notation.A1, ["'two gifts' counts gifts: write {gifts N}, the lines move N leaves"]),
        ("laisse deux cadeaux", Notation.A1, ["'deux cadeaux' counts gifts: write {gifts N}, the lines move N leaves"]),
        ("B2 and B2", Notation.A1, ["'B2' names a cell or a line: write it in braces, like {B2} or {B1-B3}"]),
        # Past tenses, scores with a dash or a colon, draws, turns and small letters went through (sweep ad97, B2).
        ("in the end B won", Notation.A1, ["'B won' says who wins: write {winner}"]),
        ("the winner is A", Notation.A1, ["'winner is A' says who wins: write {winner}"]),
        ("B a gagné", Notation.A1, ["'B a gagné' says who wins: write {winner}"]),
        ("it ends 3-1", Notation.A1, ["'3-1' states a score: write {score N} (after move N) or {score}"]),
        ("it ends 3:1", Notation.A1, ["'3:1' states a score: write {score N} (after move N) or {score}"]),
        (
            "cela fait trois à un",
            Notation.A1,
            ["'trois à un' states a score: write {score N} (after move N) or {score}"],
        ),
        ("it ends in a draw", Notation.A1, ["'a draw' says the game is drawn: write {score} (the final score)"]),
        ("en cas d’égalité", Notation.A1, ["'égalité' says the game is drawn: write {score} (the final score)"]),
        ("now it is B's turn", Notation.A1, ['"B\'s turn" says who writes next: write {next N} (after move N)']),
        ("c’est au tour de C", Notation.A1, ["'tour de C' says who writes next: write {next N} (after move N)"]),
        (
            "A gets a point",
            Notation.A1,
            ["'A gets a point' states a count of points: write {points N} (move N) or {target}"],
        ),
        ("A gets 1 pt", Notation.A1, ["'1 pt' states a count of points: write {points N} (move N) or {target}"]),
        ("an O in d4", Notation.A1, ["'d4' names a cell or a line: write it in braces, like {B2} or {B1-B3}"]),
        # Prose that states no fact: a range of moves, a line drawn, a general rule.
        ("after moves 1-4, draw a line: a line is drawn; each S-O-S scores a point", Notation.A1, []),
        # More ways of saying a fact (sweep ad98, 1), and no false alarm on ranges, pairs or times (ad98, 2).
        ("B est le gagnant", Notation.A1, ["'B est le gagnant' says who wins: write {winner}"]),
        ("B will win", Notation.A1, ["'B will win' says who wins: write {winner}"]),
        ("Score: A 3, B 1", Notation.A1, ["'A 3, B 1' states a score: write {score N} (after move N) or {score}"]),
        ("it ends 3 : 1", Notation.A1, ["'3 : 1' states a score: write {score N} (after move N) or {score}"]),
        ("the game is drawn", Notation.A1, ["'game is drawn' says the game is drawn: write {score} (the final score)"]),
        (
            "au tour du joueur B",
            Notation.A1,
            ["'tour du joueur B' says who writes next: write {next N} (after move N)"],
        ),
        ("B plays next", Notation.A1, ["'B plays next' says who writes next: write {next N} (after move N)"]),
        (
            "A gets nine points",
            Notation.A1,
            ["'nine points' states a count of points: write {points N} (move N) or {target}"],
        ),
        # Leads, losses, ties, adverbs and turns in other words went through (sweep ad99, B1).
        ("A scores twice in a row", Notation.A1, ["'A scores twice' says a move scores: write {points N} (move N)"]),
        ("A marque deux fois", Notation.A1, ["'A marque deux fois' says a move scores: write {points N} (move N)"]),
        (
            "A leads two-nil",
            Notation.A1,
            [
                "'two-nil' states a score: write {score N} (after move N) or {score}",
                "'A leads' states a score: write {score N} (after move N) or {score}",
            ],
        ),
        (
            "B finally won the game, 3 against 1",
            Notation.A1,
            [
                "'3 against 1' states a score: write {score N} (after move N) or {score}",
                "'B finally won' says who wins: write {winner}",
            ],
        ),
        ("B has just won", Notation.A1, ["'B has just won' says who wins: write {winner}"]),
        ("B remporte la partie", Notation.A1, ["'B remporte' says who wins: write {winner}"]),
        ("B gagnera", Notation.A1, ["'B gagnera' says who wins: write {winner}"]),
        ("B beats A", Notation.A1, ["'B beats A' says who wins: write {winner}"]),
        ("B came out on top", Notation.A1, ["'B came out on top' says who wins: write {winner}"]),
        ("victoire de B", Notation.A1, ["'victoire de B' says who wins: write {winner}"]),
        ("A lost the game", Notation.A1, ["'A lost' says who loses: write {winner} (who won)"]),
        ("A a perdu.", Notation.A1, ["'A a perdu' says who loses: write {winner} (who won)"]),
        ("It ends in a tie", Notation.A1, ["'in a tie' says the game is drawn: write {score} (the final score)"]),
        ("Nobody wins", Notation.A1, ["'Nobody wins' says the game is drawn: write {score} (the final score)"]),
        (
            "Personne ne gagne",
            Notation.A1,
            ["'Personne ne gagne' says the game is drawn: write {score} (the final score)"],
        ),
        ("Match nul", Notation.A1, ["'Match nul' says the game is drawn: write {score} (the final score)"]),
        ("3 vs 1", Notation.A1, ["'3 vs 1' states a score: write {score N} (after move N) or {score}"]),
        ("it ends 3\u20141", Notation.A1, ["'3\u20141' states a score: write {score N} (after move N) or {score}"]),
        (
            "A takes the lead",
            Notation.A1,
            ["'A takes the lead' states a score: write {score N} (after move N) or {score}"],
        ),
        ("C’est à B de jouer", Notation.A1, ["'à B de jouer' says who writes next: write {next N} (after move N)"]),
        ("B goes next", Notation.A1, ["'B goes next' says who writes next: write {next N} (after move N)"]),
        ("Ensuite B joue", Notation.A1, ["'Ensuite B joue' says who writes next: write {next N} (after move N)"]),
        # A fact in braces after its verb, a chance lost, a tie-break, a pair: no fact written by hand.
        ("player A leads {score 5}; A lost the chance to score; a tie-break; deux-deux", Notation.A1, []),
        # Nor the article "A", "next to", a tie that is no draw, a point nobody wins, a move's own writer, a reference
        # after punctuation, a question (sweep ad100, 1).
        (
            "A win needs more than one good move. A nearly won game can slip away. B is next to the corner; player A "
            "moves next to the O. The row and the column are tied together; wear a tie. Nobody wins a point there, "
            "personne ne gagne de point, no one wins anything by it. Now A writes an S in {D4}. A leads: {score 1}; "
            "A leads ({score 5}); A leads with {score 5}. A one-two. Can B still win? Why did A lose the game here?",
            Notation.A1,
            [],
        ),
        (
            "Is B2 the best cell?",
            Notation.A1,
            ["'B2' names a cell or a line: write it in braces, like {B2} or {B1-B3}"],
        ),
        ("moves 3 to 5, les coups 3 à 5, deux à deux, une à une, ages 7-11, at 10:30", Notation.A1, []),
    ],
)
def test_facts_written_by_hand_are_reported_once_each(text, notation, problems):
    assert hand_written(text, notation) == problems


@pytest.mark.parametrize(
    ("line", "size", "a1", "l1c1"),
    [
        (LineOfCells(True, 0), 4, "A", "1"),
        (LineOfCells(True, 1), 4, "B", "2"),
        (LineOfCells(False, 0), 4, "1", "4"),  # the bottom row: 1 from the bottom, 4 from the top
        (LineOfCells(False, 3), 4, "4", "1"),
        (LineOfCells(False, 1), 8, "2", "7"),
    ],
)
def test_a_column_or_row_is_printed_as_the_kits_cell_hint_counts_it(line, size, a1, l1c1):
    assert line_of_cells_name(line, size, Notation.A1) == a1
    assert line_of_cells_name(line, size, Notation.L1C1) == l1c1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (EN_TEXT.replace("{points 1}", "{points 2}"), "text en: {points 2}: the example has 1 move"),
        (EN_TEXT.replace("writes again", "{next 1} writes again"), ""),
        # Which reference names the line: two such lines gave two lines alike (issue 20, sweep ad49 F3).
        (EN_TEXT.replace("{A2-C2}", "{A1-C1}"), "text en: {A1-C1}: names a line that does not read S-O-S"),
        (EN_TEXT.replace(" and writes", ", {winner} wins and writes"), "text en: {winner}: the game has no winner"),
        (EN_TEXT.replace("scores {points 1}", "scores {target}"), "text en: {target}: this example has no target"),
        (EN_TEXT.replace("{B2} completes", "B2 completes"), "text en: 'B2' names a cell or a line"),
        (EN_TEXT.replace("{points 1}", "1 point"), "text en: '1 point' states a count of points"),
        (EN_TEXT.replace("{C2} read", "{C2} (column C) read"), "text en: 'column C' names a column or a row"),
        (
            EN_TEXT.replace("{points 1}", "{points 1}, leaving {gifts 1}"),
            "text en: {gifts 1}: move 1 scores, so the same side writes again: it leaves no gift",
        ),
    ],
)
def test_check_reports_each_false_or_hand_written_fact_of_the_prose(runner, tmp_path, text, message):
    original = GAP.read_text()
    assert EN_TEXT in original
    bad = tmp_path / "gap.toml"
    bad.write_text(original.replace(EN_TEXT, text))
    result = runner.invoke(app, ["check", str(bad)])
    lines = result.stdout.splitlines()
    if not message:
        assert result.exit_code == 0, lines
        return
    assert result.exit_code == 1, lines
    assert re.match(rf"{re.escape(f'{bad}: {message}')}\b", lines[0]), (
        lines
    )  # a whole word ends it: "1 move", not "1 moves"


@pytest.mark.parametrize(
    ("notation", "printed", "absent"),
    [
        ("A1", "S on A1-A3 and A3-C1: player D completes A1-A3", "L2C1"),
        ("L1C1", "S on L2C1-L4C1 and L2C1-L4C3: player D completes L2C1-L4C1", "A1-A3"),
    ],
)
def test_the_team_examples_lines_are_printed_in_the_kits_notation(runner, tmp_path, notation, printed, absent):
    from pdfread import texts

    out = tmp_path / "kit"
    result = runner.invoke(app, ["kit", "--size", "4", "--notation", notation, "--out", str(out)])
    assert result.exit_code == 0, result.output
    flat = " ".join(" ".join(texts(out / "teacher.pdf")).split()).replace("\u00a0", " ")
    assert printed in flat
    assert absent not in flat


def test_a_gift_reference_names_every_line_the_move_leaves_to_complete():
    from sos_print.engine.check import replay_example
    from sos_print.engine.examples import load_example
    from sos_print.plans.words import Words
    from sos_print.plans.worked import prose

    checked = replay_example(load_example(str(EXAMPLES / "09-team-sos.toml")))
    text = prose(checked, "text", Words("en"), Notation.A1)
    # C's S in A3 leaves S, empty, S in column A and on the diagonal through B2: both are named.
    assert "C’s S in A3 leaves S, empty, S on A1-A3 and A3-C1: player D" in text.replace("'", "’")
