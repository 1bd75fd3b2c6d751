"""Tests the strategy section of the teacher's notes: each worked position's claims derived again by the oracle,
the proven 4 x 4 result kept in its data file (proven again by a slow test), and the sentences printed."""

from __future__ import annotations

import re
from itertools import combinations

import oracle
import pytest
from conftest import EXAMPLES
from pdfread import texts
from rendered import shared_solver

from sos_print.documents.teacher import teacher_document
from sos_print.engine.check import verify
from sos_print.engine.errors import SosError
from sos_print.engine.notation import Notation, parse_cell
from sos_print.engine.rules import Letter
from sos_print.engine.strategy import OPENING, POSITIONS, Idea, lessons, main, opening, read_opening
from sos_print.plans.options import Language, PrintOptions


def oracle_board(text: str) -> str:
    return "".join(reversed(text.split("/")))


def values(idea: Idea) -> tuple[str, dict[tuple[int, str], int], dict[tuple[int, str], int]]:
    """Returns the position (the oracle's string), each move's points now and each move's exact value."""
    board = oracle_board(POSITIONS[idea][0])
    worth = oracle.move_values(board, 4)
    gains = {move: oracle.points(board, 4, *move) for move in worth}
    return board, gains, worth


def cell(name: str) -> int:
    return (int(name[1]) - 1) * 4 + ord(name[0]) - ord("A")


@pytest.fixture(scope="module")
def notes() -> str:
    data = teacher_document(PrintOptions(), verify([str(EXAMPLES / "03-o-in-the-gap.toml")])).data
    return re.sub(r"\s+", " ", " ".join(texts(data)).replace("\u00a0", " ").replace("\u202f", " "))


def test_take_the_point_the_only_scoring_move_is_the_best_and_a_quiet_move_is_worse(notes):
    _, gains, worth = values(Idea.TAKE)
    scoring = [move for move, gain in gains.items() if gain]
    assert scoring == [(cell("A3"), "O")] and gains[scoring[0]] == 1
    assert worth[scoring[0]] == max(worth.values()) == 2
    assert [move for move, value in worth.items() if value == 2] == scoring  # the only best move
    assert max(value for move, value in worth.items() if not gains[move]) == 0
    assert (
        "Take the point A to play. O in A3 scores 1 point (A2-A4), and A writes again. It is the best move: from "
        "here, with best play on both sides, A scores 2 points more than B. If A instead plays the best move that "
        "scores nothing, A scores as many points as B from here."
    ) in notes


def test_leave_no_gift_one_move_of_sixteen_leaves_nothing_and_it_is_the_best(notes):
    board, gains, worth = values(Idea.NO_GIFT)
    assert not any(gains.values())
    safe = [move for move in gains if not oracle.scoring_moves(board[: move[0]] + move[1] + board[move[0] + 1 :], 4)]
    assert safe == [(cell("D1"), "O")] and len(gains) == 16
    # The lesson advises the safe move: it must not lose against a gift that wins more in the end.
    assert worth[safe[0]] == max(worth.values()) == 1
    assert (
        "Leave no gift A to play. Nothing scores here, and A must write a letter. Of the 16 possible moves, 15 are "
        "gifts that leave B a point to take; only O in D1 leaves B nothing. It is also the best move: from here, "
        "with best play on both sides, A scores 1 point more than B."
    ) in notes


def test_a_no_gift_position_whose_safe_move_loses_is_refused_as_a_lesson(monkeypatch):
    # Only O in C2 leaves nothing here, but S in C2 (a gift) is worth 3 points more with best play.
    monkeypatch.setitem(POSITIONS, Idea.NO_GIFT, ("S..S/...O/...O/SSOO", "A"))
    lessons.cache_clear()
    try:
        with pytest.raises(SosError, match="the worked position for 'no-gift' does not show its idea"):
            lessons()
    finally:
        monkeypatch.undo()
        lessons.cache_clear()


def test_sometimes_refuse_a_point_taking_it_loses_by_four_refusing_draws(notes):
    board, gains, worth = values(Idea.REFUSE)
    take, refuse = (cell("B1"), "S"), (cell("B1"), "O")
    assert [move for move, gain in gains.items() if gain] == [take] and gains[take] == 1
    assert worth[take] == -4 and worth[refuse] == 0 == max(worth.values())
    assert [move for move, value in worth.items() if value == 0] == [refuse]
    after = board[: take[0]] + "S" + board[take[0] + 1 :]
    assert not oracle.scoring_moves(after, 4)  # then every move left scores nothing...
    for i, square in enumerate(after):
        for letter in "SO" if square == "." else "":
            assert oracle.scoring_moves(after[:i] + letter + after[i + 1 :], 4)  # ...and gives A a point
    assert (
        "Sometimes refuse a point B to play. S in B1 scores 1 point, but then B must write again, and every move "
        "left is a gift to A: with best play on both sides, B then scores 4 points fewer than A from here. O in B1 "
        "refuses the point, and A must write: with best play on both sides, B scores as many points as A."
    ) in notes


def test_every_lesson_is_the_engines_own_solution():
    assert [lesson.idea for lesson in lessons()] == [Idea.TAKE, Idea.NO_GIFT, Idea.REFUSE]


def test_the_solved_4x4_board_is_printed_from_its_data_file(notes):
    result = opening()
    assert result.value == 0 and len(result.moves) == 32 and len(result.keeping) == 20
    assert (
        "The 4 × 4 board, solved With best play on both sides, the empty 4 × 4 board is a draw: the program proved it "
        "by searching every game. As a first move, every O keeps that result, and so does an S in B2, C2, B3 or "
        "C3, the four centre cells; any other first move loses by 1 point."
    ) in notes


def test_the_strategy_names_cells_in_the_kits_notation_and_speaks_french():
    data = teacher_document(
        PrintOptions(language=Language.FR, notation=Notation.L1C1), verify([str(EXAMPLES / "03-o-in-the-gap.toml")])
    ).data
    text = re.sub(r"\s+", " ", " ".join(texts(data)).replace("\u00a0", " ").replace("\u202f", " "))
    assert "Stratégie" in text
    assert "Prendre le point C’est au tour de A. Un O en L2C1 marque 1 point (L1C1-L3C1)" in text
    assert (
        "seul O en L4C4 ne lui laisse rien. C’est aussi le meilleur coup : d’ici la fin, si chacun joue au mieux"
        in text
    )
    assert "de même qu’un S en L2C2, L2C3, L3C2 ou L3C3, les quatre cases du centre" in text


@pytest.mark.parametrize("lang", [Language.EN, Language.FR], ids=["en", "fr"])
def test_each_positions_s_o_s_already_made_are_drawn_dashed_and_the_intro_says_what_they_are(lang):
    # "Leave no gift" showed S O S on A1-C1 and B4-D4 with no line beside "Nothing scores here": a teacher stopped at
    # it (review rv62, 5). Every S-O-S of a position is a dashed line, as on the children's puzzles; the lines of
    # three are read again here, by the referee.
    from referee import sos_lines

    from sos_print.plans.strategy import strategy_plan
    from sos_print.plans.words import Words

    plan = strategy_plan(Words(lang.value), Notation.A1)
    for lesson, figure in zip(lessons(), plan.lessons, strict=True):
        board = lesson.puzzle.board
        rows = board.diagram().splitlines()
        top = len(rows) - 1  # the diagram counts rows from the top
        grid = {(col, top - k): letter for k, row in enumerate(rows) for col, letter in enumerate(row.split())}
        drawn = {frozenset({(m.start[0], top - m.start[1]), (m.end[0], top - m.end[1])}) for m in figure.grid.faint}
        ends = {frozenset(max(combinations(line, 2), key=_apart)) for line in sos_lines(grid, board.size)}
        assert drawn == ends, board.diagram()
    assert sum(bool(figure.grid.faint) for figure in plan.lessons) >= 1
    said = {
        Language.EN: "Dashed lines are S-O-S already made: they score nothing more.",
        Language.FR: "Les traits en pointillés sont des S-O-S déjà faits : ils ne rapportent plus rien.",
    }[lang]
    text = " ".join(run.text for block in plan.intro for run in block.runs).replace("\u202f", " ")
    assert said in text


def _apart(pair: tuple[tuple[int, int], tuple[int, int]]) -> int:
    (a, b), (c, d) = pair
    return abs(a - c) + abs(b - d)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("value 0\nS A1 0\n", "line 2: write 'value V' or a move"),
        ("value 0\nX A1 0 0\n", "line 2"),
        ("value x\n", "line 1"),
        ("value 0\nS A1 0 -1\n", "every first move of the empty 4 × 4 board once"),
    ],
)
def test_an_opening_file_that_is_not_a_whole_solution_is_refused(text, message):
    with pytest.raises(SosError, match=re.escape(message)):
        read_opening(text)


@pytest.mark.slow
def test_the_opening_file_is_what_the_solver_proves_now(tmp_path, capsys, monkeypatch):
    # The builder solves the empty board and writes the exact value of every first move, as the shipped file has
    # them. It solves with the tests' shared 4 x 4 solver: the empty board is solved once per run, for every test.
    from sos_print.engine import strategy

    monkeypatch.setattr(strategy, "solve", lambda position: shared_solver(4).solve(position))
    out = tmp_path / "opening.txt"
    assert main(["--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == OPENING.read_text(encoding="utf-8")
    # What the solver proves of the empty 4 x 4 board, checked once by an independent full-table search in C
    # (3^16 positions): value 0; every O and an S in one of the four centre cells keep the draw; any other S
    # loses by 1.
    solved = read_opening(out.read_text(encoding="utf-8"))
    centre = {parse_cell(name, 4) for name in ("B2", "C2", "B3", "C3")}
    assert solved.value == 0 and len(solved.moves) == 32 and len(solved.keeping) == 20
    for entry in solved.moves:
        keeps_draw = entry.move.letter is Letter.O or entry.move.cell in centre
        assert (entry.points, entry.value) == (0, 0 if keeps_draw else -1), entry
    assert capsys.readouterr().err == f"wrote {out}: value 0, 20 first moves keep it\n"
    assert [path.name for path in tmp_path.iterdir()] == ["opening.txt"]  # no temporary file left
