"""Tests the puzzle sheets of the engine: every answer set derived again by the oracle, the rules of a
good puzzle, sheets made again from their seeds, and the bank of best-move positions."""

from __future__ import annotations

import random
import re
from collections import Counter
from functools import cache

import oracle
import pytest
from conftest import CI
from games import transform

from sos_print.engine.bank import BANK, banked_positions, read_bank
from sos_print.engine.bank import main as bank_main
from sos_print.engine.errors import SosError
from sos_print.engine.grid import all_cells
from sos_print.engine.puzzles import (
    EMPTY_CELLS,
    SIZES,
    Counts,
    PuzzleKind,
    choices_of,
    good,
    make_puzzle,
    plan,
    puzzle_sheets,
    sheet_seed,
)
from sos_print.engine.rules import Board, Position, board_text, parse_board
from sos_print.engine.solver import Solver

SCORE_NOW, NO_GIFT, BEST_MOVE = PuzzleKind.SCORE_NOW, PuzzleKind.NO_GIFT, PuzzleKind.BEST_MOVE
ORACLE_MOST_EMPTY = 10  # the oracle visits every position below: about a second at 10 empty cells


@cache
def sheets(kind, size, count, copies, seed):
    return puzzle_sheets(kind, size, count, copies, seed)


def cell_index(choice, n: int) -> tuple[int, str]:
    return (choice.move.cell.row * n + choice.move.cell.col, choice.move.letter.value)


def expected_answers(kind: PuzzleKind, board: Board) -> set[tuple[int, str]]:
    """Derives the answer set from the definitions of the issue, with the oracle only."""
    n, text = board.size, oracle.text_of(board)
    legal = [(i, letter) for i, square in enumerate(text) if square == "." for letter in "SO"]
    if kind is SCORE_NOW:
        gains = {move: oracle.points(text, n, *move) for move in legal}
        most = max(gains.values())
        return {move for move, gain in gains.items() if most >= 1 and gain == most}
    if kind is NO_GIFT:
        assert not oracle.scoring_moves(text, n), f"something scores:\n{board.diagram()}"
        return {(i, letter) for i, letter in legal if not oracle.scoring_moves(text[:i] + letter + text[i + 1 :], n)}
    values = oracle.move_values(text, n)
    best = max(values.values())
    return {move for move, worth in values.items() if worth == best}


def canonical(board: Board) -> str:
    """The least text of the 8 images of a board, computed here with the tests' own transform."""
    n = board.size
    images = []
    for symmetry in range(8):
        image = {transform(cell, n, symmetry): board[cell] for cell in all_cells(n)}
        images.append(board_text(Board(n, tuple(image[cell] for cell in all_cells(n)))))
    return min(images)


CLASS_SETS = [(None, 4, 6, 3, 11), (SCORE_NOW, 5, 4, 2, 5), (NO_GIFT, 6, 4, 2, 8), (BEST_MOVE, 5, 3, 1, 2)]


@pytest.mark.parametrize(("kind", "size", "count", "copies", "seed"), CLASS_SETS)
def test_every_answer_set_is_the_one_the_oracle_derives(kind, size, count, copies, seed):
    checked = 0
    for sheet in sheets(kind, size, count, copies, seed):
        for puzzle in sheet.puzzles:
            if puzzle.kind is BEST_MOVE and puzzle.empty > ORACLE_MOST_EMPTY:
                continue  # too slow for the oracle: the bank test below checks those positions with the solver
            found = {cell_index(answer, size) for answer in puzzle.answers}
            assert found == expected_answers(puzzle.kind, puzzle.board), f"{puzzle.kind}\n{puzzle.board.diagram()}"
            checked += 1
    assert checked >= count * copies - copies


@pytest.mark.parametrize(("kind", "size", "count", "copies", "seed"), CLASS_SETS)
def test_every_puzzle_is_a_good_one_of_its_kind(kind, size, count, copies, seed):
    for sheet in sheets(kind, size, count, copies, seed):
        assert [puzzle.kind for puzzle in sheet.puzzles] == [step[0] for step in plan(kind, size, count)]
        for puzzle in sheet.puzzles:
            where = f"{puzzle.kind}\n{puzzle.board.diagram()}"
            n = len(puzzle.answers)
            legal = 2 * puzzle.empty
            assert len(puzzle.choices) == legal, where
            assert puzzle.to_move in ("A", "B")
            low, high = EMPTY_CELLS[puzzle.kind][size]
            assert low - 2 <= puzzle.empty <= high + 2, where
            if puzzle.kind is SCORE_NOW:
                scoring = [c for c in puzzle.choices if c.points]
                assert 1 <= n <= 3 and puzzle.answers[0].points >= 1, where
                assert puzzle.answers[0].points >= 2 or len(scoring) > n, where
            elif puzzle.kind is NO_GIFT:
                assert 1 <= n <= 3 and legal - n >= 6 and puzzle.gifts == legal - n, where
            else:
                greedy = {cell_index(c, size) for c in puzzle.greedy}
                assert greedy and not greedy & {cell_index(a, size) for a in puzzle.answers}, where
                assert 1 <= n <= 4 and all(a.value == puzzle.value for a in puzzle.answers), where
                assert all(c.value < puzzle.value for c in puzzle.greedy), where


@pytest.mark.parametrize(("kind", "size", "count", "copies", "seed"), CLASS_SETS)
def test_a_sheet_is_all_different_puzzles_with_more_empty_cells_as_it_goes(kind, size, count, copies, seed):
    for sheet in sheets(kind, size, count, copies, seed):
        names = [canonical(puzzle.board) for puzzle in sheet.puzzles]
        assert len(set(names)) == len(names) == count
        empties = [puzzle.empty for puzzle in sheet.puzzles]
        for each in {puzzle.kind for puzzle in sheet.puzzles}:
            own = [puzzle.empty for puzzle in sheet.puzzles if puzzle.kind is each]
            assert own == sorted(own)
        assert empties == sorted(empties) or kind is None  # a mixed sheet keeps its kinds' places first
        assert empties[-1] > empties[0] or count == 1


@pytest.mark.parametrize(("size", "count"), [(4, 6), (5, 9), (6, 7), (4, 12), (5, 5)])
def test_every_sheet_of_a_mixed_set_asks_the_same_kind_at_each_number(size, count):
    # Issue 23, H8: on 4 x 4 sheets 5, 6, 7, 23 and 29 of 30 puzzles 4 and 5 traded kinds, and the key's column
    # "4. Most points now" held "(Give nothing away)" boxes: a teacher marking down a column had to read them.
    expected = [PuzzleKind(("score-now", "no-gift", "best-move")[k % 3]) for k in range(count)]
    for sheet in sheets(None, size, count, 30, 1):
        assert [puzzle.kind for puzzle in sheet.puzzles] == expected, sheet.number


def test_the_same_options_make_the_same_sheets_and_each_sheet_comes_back_from_its_seed():
    first = puzzle_sheets(None, 4, 6, 3, 11)
    assert first == sheets(None, 4, 6, 3, 11)
    assert [sheet.seed for sheet in first] == family_of(11)[:3]
    assert [sheet.number for sheet in first] == [1, 2, 3]
    for sheet in first:
        again = puzzle_sheets(None, 4, 6, 1, sheet.seed)[0]
        assert again.puzzles == sheet.puzzles
    assert first[1].identifier == f"4M6-{first[1].seed}"
    assert puzzle_sheets(None, 4, 6, 1, 12)[0].puzzles != first[0].puzzles
    assert len({canonical(sheet.puzzles[-1].board) for sheet in first}) > 1  # the sheets of a set differ


def family_of(seed: int) -> list[int]:
    """Returns the seeds of the 40 sheets of a set made with `seed`."""
    return [sheet_seed(seed, number) for number in range(1, 41)]


def test_the_first_sheet_of_a_set_is_its_seed_and_a_printed_seed_keeps_its_sheets():
    assert [sheet_seed(seed, 1) for seed in (0, 1, 24_999, 25_000, 999_999)] == [0, 1, 24_999, 25_000, 999_999]
    # A sheet's identifier, once printed, must print the same sheet with later versions of sos-print.
    assert family_of(1)[:3] == [1, 43_531, 50_705]


@pytest.mark.parametrize("seed", [1, 8, 24_999, 25_000, 500_017, 999_999])
def test_the_forty_sheets_of_a_set_are_one_family_whichever_of_its_seeds_starts_it(seed):
    family = family_of(seed)
    assert len(set(family)) == 40 and all(0 <= member <= 999_999 for member in family)
    for number, member in enumerate(family, start=1):
        assert set(family_of(member)) == set(family)
        assert family_of(member)[(41 - number) % 40] == seed  # going round the family comes back to the set's seed


def test_seeds_a_teacher_might_give_two_classes_start_two_families():
    # Small seeds, and round ones far apart: no two of them make sets with a sheet in common.
    seeds = [*range(1, 31), 100, 1_000, 2_024, 25_000, 25_001, 50_000, 100_000, 200_000, 500_000, 999_999]
    families = [set(family_of(seed)) for seed in seeds]
    for i, first in enumerate(families):
        for j in range(i + 1, len(families)):
            assert not first & families[j], (seeds[i], seeds[j])


def test_a_sheet_made_alone_from_its_seed_is_the_sheet_of_its_set():
    # Sheet 2 of the set of seed 500,017 is the 22nd of its family, sheet 2 of the set of 999,999 (the 40th of its
    # family) the first of its family: each is made again alone from its own seed, after the sheets before it.
    for seed in (500_017, 999_999):
        second = sheets(None, 4, 3, 2, seed)[1]
        assert puzzle_sheets(None, 4, 3, 1, second.seed)[0].puzzles == second.puzzles
    assert sheets(None, 4, 3, 2, 999_999)[1].seed < 25_000  # seeds below 25,000 are the first of their families


def test_a_set_of_more_than_forty_goes_on_in_other_families():
    many = puzzle_sheets(SCORE_NOW, 4, 1, 45, 1)
    seeds = [sheet.seed for sheet in many]
    assert seeds[:40] == family_of(1)
    assert seeds[40:] == family_of(seeds[40])[:5] and not set(family_of(seeds[40])) & set(seeds[:40])
    names = [canonical(sheet.puzzles[0].board) for sheet in many]
    assert len(set(names[:40])) == 40  # one family shares no position


def test_the_plan_rises_through_each_kinds_range():
    mixed = [(SCORE_NOW, 4), (NO_GIFT, 5), (BEST_MOVE, 8), (SCORE_NOW, 9), (NO_GIFT, 10), (BEST_MOVE, 12)]
    assert plan(None, 5, 6) == mixed
    assert plan(BEST_MOVE, 4, 4) == [(BEST_MOVE, 4), (BEST_MOVE, 6), (BEST_MOVE, 8), (BEST_MOVE, 10)]
    assert plan(NO_GIFT, 6, 1) == [(NO_GIFT, 5)]
    # Each kind's range of empty cells on a 4x4 board, from its easiest puzzle to its hardest, as docs/design.md
    # gives them: score-now 3 to 9, no-gift 4 to 8.
    assert plan(NO_GIFT, 4, 5) == [(NO_GIFT, 4), (NO_GIFT, 5), (NO_GIFT, 6), (NO_GIFT, 7), (NO_GIFT, 8)]
    assert plan(SCORE_NOW, 4, 7) == [(SCORE_NOW, empty) for empty in range(3, 10)]


@pytest.mark.parametrize(
    ("kind", "counts", "verdict"),
    [
        (SCORE_NOW, Counts(answers=1, most=2, scoring=1, gifts=0), True),  # a two-point move
        (SCORE_NOW, Counts(answers=1, most=1, scoring=2, gifts=0), True),  # a point among other points
        (SCORE_NOW, Counts(answers=1, most=1, scoring=1, gifts=0), False),  # one point, nothing to compare
        (SCORE_NOW, Counts(answers=3, most=1, scoring=4, gifts=0), True),  # three answers, the most there may be
        (SCORE_NOW, Counts(answers=4, most=2, scoring=5, gifts=0), False),  # too many answers
        (SCORE_NOW, Counts(answers=0, most=0, scoring=0, gifts=0), False),  # nothing scores
        (NO_GIFT, Counts(answers=2, most=0, scoring=0, gifts=6), True),
        (NO_GIFT, Counts(answers=1, most=0, scoring=0, gifts=6), True),
        (NO_GIFT, Counts(answers=3, most=0, scoring=0, gifts=6), True),
        (NO_GIFT, Counts(answers=4, most=0, scoring=0, gifts=6), False),  # too many safe moves
        (NO_GIFT, Counts(answers=2, most=0, scoring=0, gifts=5), False),  # too few gifts
        (NO_GIFT, Counts(answers=0, most=0, scoring=0, gifts=20), False),  # no safe move
        (NO_GIFT, Counts(answers=1, most=1, scoring=1, gifts=9), False),  # something scores
        (BEST_MOVE, Counts(answers=2, most=1, scoring=1, gifts=3, greedy_answers=0), True),
        (BEST_MOVE, Counts(answers=1, most=1, scoring=1, gifts=3), True),
        (BEST_MOVE, Counts(answers=4, most=1, scoring=1, gifts=3), True),  # four answers, the most there may be
        (BEST_MOVE, Counts(answers=0, most=1, scoring=1, gifts=3), False),
        (BEST_MOVE, Counts(answers=2, most=1, scoring=1, gifts=3, greedy_answers=1), False),  # greedy is best
        (BEST_MOVE, Counts(answers=2, most=0, scoring=0, gifts=3), False),  # no greedy move
        (BEST_MOVE, Counts(answers=5, most=1, scoring=1, gifts=3), False),
    ],
)
def test_what_makes_a_good_puzzle(kind, counts, verdict):
    assert good(kind, counts) is verdict


def test_a_worked_position_refuses_the_point():
    # B refuses the point in C1 (an S there scores 1) and writes O there: every other move is a
    # gift, so taking the point would leave B to give one.
    board = parse_board("OOOS/OO.O/S..S/SO.S")
    puzzle = make_puzzle(BEST_MOVE, board, "B")
    assert puzzle.value == 2 and puzzle.is_good()
    assert [(a.move.letter.value, a.move.cell) for a in puzzle.answers] == [("O", all_cells(4)[2])]
    assert [(c.points, c.value) for c in puzzle.greedy] == [(1, -1)]
    assert expected_answers(BEST_MOVE, board) == {(2, "O")}


def test_a_scoring_move_is_no_gift_even_if_it_leaves_a_threat():
    # O in B4 scores (S, O, S across the top) and leaves S, O, empty in row 2: the same side writes again, so
    # what it leaves is no gift to the other. A move that scores nothing here leaves that threat: a gift.
    found = {
        (*cell_index(choice, 4), choice.points, choice.gift)
        for choice in choices_of(parse_board("S.S./..../SO../...."))
    }
    assert (13, "O", 1, False) in found  # O in B4
    assert (15, "S", 0, True) in found  # S in D4


def test_a_no_gift_puzzle_needs_a_quiet_position():
    with pytest.raises(SosError, match="nothing scores"):
        make_puzzle(NO_GIFT, parse_board("S.S/.../..."), "A")


@pytest.mark.parametrize(
    ("args", "message"), [((None, 3, 6, 1, 1), "boards of 4x4 to 6x6"), ((None, 4, 0, 1, 1), "at least one puzzle")]
)
def test_impossible_sets_are_refused(args, message):
    with pytest.raises(SosError, match=message):
        puzzle_sheets(*args)


# --- the bank --------------------------------------------------------------------------------


def test_the_bank_holds_what_a_family_of_forty_sheets_draws_and_no_image_twice():
    # A family of 40 sheets of 6 best-move puzzles draws 240 positions of each size, spread over its numbers of empty
    # cells (a number that runs out lends to its neighbours, one or two cells away).
    entries = read_bank(BANK.read_text(encoding="utf-8"))
    assert {entry.board.size for entry in entries} == set(SIZES)
    assert len({canonical(entry.board) for entry in entries}) == len(entries)
    for size, (low, high) in {4: (4, 10), 5: (5, 12), 6: (6, 12)}.items():
        spread = Counter(entry.empty for entry in banked_positions(size))
        assert set(spread) == set(range(low, high + 1)), size
        assert min(spread.values()) >= 24 and sum(spread.values()) >= 300, (size, spread)


def test_no_banked_position_holds_four_identical_letters_in_a_line():
    dull = [
        entry.board.diagram()
        for entry in read_bank(BANK.read_text(encoding="utf-8"))
        if oracle.lines_of_four(oracle.text_of(entry.board), entry.board.size)
    ]
    assert not dull, "\n\n".join(dull)


# A sample of the bank drawn with a fixed seed is verified again: of each size, 16 positions by hand and 64 in CI
# (every position would take the whole suite's time again: `python -m sos_print.engine.bank --check` does it, and
# the builder did it before it wrote the file).
SAMPLE = 5000 if CI else 16


def sampled(entries, k: int = SAMPLE):
    entries = list(entries)
    return entries if len(entries) <= k else random.Random(f"bank sample {k}").sample(entries, k)


@pytest.mark.parametrize("size", SIZES)
def test_every_banked_position_is_a_good_best_move_puzzle(size):
    solver = Solver()
    for entry in sampled(banked_positions(size)):
        position = Position(entry.board, seat=entry.seat)
        legal = [(cell, letter) for cell in entry.board.empty_cells() for letter in "SO"]
        moves = make_puzzle(SCORE_NOW, entry.board, entry.seat).choices  # points now, every legal move
        assert len(moves) == len(legal)
        most = max(choice.points for choice in moves)
        _, best = solver.reaching(position, [choice.move for choice in moves])
        greedy = {choice.move for choice in moves if choice.points == most}
        assert most >= 1 and 1 <= len(best) <= 4 and not greedy & set(best), entry.board.diagram()


@pytest.mark.parametrize("size", SIZES)
def test_the_smaller_banked_positions_agree_with_the_oracle(size):
    small = [entry for entry in banked_positions(size) if entry.empty <= 7]
    for entry in sampled(small, 5000 if CI else 4):
        puzzle = make_puzzle(BEST_MOVE, entry.board, entry.seat)
        found = {cell_index(answer, size) for answer in puzzle.answers}
        assert found == expected_answers(BEST_MOVE, entry.board), entry.board.diagram()


GOOD = "B OOOS/OO.O/S..S/SO.S"  # the worked position above: B refuses the point


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (
            [GOOD, "A S.S./O.O./S.../SO.S"],
            "the bank's position S.S./O.O./S.../SO.S (A to move) is not a good best-move puzzle",
        ),
        (
            [GOOD, "B SSSS/OO.O/S..S/SO.S"],
            "the bank's position SSSS/OO.O/S..S/SO.S (B to move) has four identical letters in a line",
        ),
        (
            [GOOD, "B S.OS/S..S/O.OO/SOOO"],  # the good position turned half a turn
            "the bank's position S.OS/S..S/O.OO/SOOO (B to move) is an image of another position of the bank",
        ),
        (
            [GOOD, "A S.S./..../..../O..."],
            "the bank's position S.S./..../..../O... (A to move) has 13 empty cells, not 4 to 10",
        ),
    ],
)
def test_the_bank_builder_verifies_every_position_before_it_writes_the_file(lines, message, tmp_path, capsys):
    bad = tmp_path / "bank.txt"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert bank_main(["--check", "--out", str(bad)]) == 1
    assert capsys.readouterr().err == f"error: {message}\n"
    good = tmp_path / "good.txt"
    good.write_text(GOOD + "\n", encoding="utf-8")
    assert bank_main(["--check", "--out", str(good)]) == 0
    assert capsys.readouterr().out.startswith(f"{good}: every position verified (1), ")


@pytest.mark.parametrize(
    ("text", "message"),
    [("C S.S/.../...", "line 1: write the seat to move (A or B) and the board"), ("A S.X/.../...", "line 1: row 1")],
)
def test_a_bank_line_that_cannot_be_read_is_named(text, message):
    with pytest.raises(SosError, match=re.escape(message)):
        read_bank(text)
