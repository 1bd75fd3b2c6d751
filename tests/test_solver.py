"""Tests the exact solver against a naive search written here from the definition of the value.

The oracle knows nothing of the engine: a board is a string of "S", "O" and "." (row 0 at the
bottom, as the engine numbers cells), its lines are found here, and the value is the definition
itself, V(full) = 0, a move worth g + V(after) if it scores g > 0 and -V(after) otherwise,
memoised on the board.
"""

from __future__ import annotations

from functools import cache

import pytest
from games import transform
from hypothesis import given, settings
from hypothesis import strategies as st

from sos_print.engine.errors import SolverError, TooManyEmptyCellsError, UnsolvableVariantError
from sos_print.engine.grid import Cell, all_cells
from sos_print.engine.rules import Board, Letter, Move, Position, Variant
from sos_print.engine.solver import MAX_EMPTY, Solution, Solver, check_solvable, position_value, solve

TWO_SIDES = [Variant(), Variant(players=4, teams=True)]


# --- the oracle ------------------------------------------------------------------------------


@cache
def oracle_lines(n: int) -> dict[int, list[tuple[int, int, int]]]:
    """Maps each cell index to the lines of three cells through it, each given from end to end."""
    lines = []
    for row in range(n):
        for col in range(n):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_row, end_col = row + 2 * d_row, col + 2 * d_col
                if 0 <= end_row < n and 0 <= end_col < n:
                    lines.append(tuple((row + k * d_row) * n + col + k * d_col for k in range(3)))
    return {i: [line for line in lines if i in line] for i in range(n * n)}


def oracle_points(board: str, n: int, i: int, letter: str) -> int:
    after = board[:i] + letter + board[i + 1 :]
    return sum(after[a] + after[b] + after[c] == "SOS" for a, b, c in oracle_lines(n)[i])


@cache
def oracle_value(board: str, n: int) -> int:
    values = [value for _, _, _, value in oracle_moves(board, n)]
    return max(values) if values else 0


def oracle_moves(board: str, n: int) -> list[tuple[int, str, int, int]]:
    """Returns (cell, letter, points, value) for every legal move."""
    moves = []
    for i, square in enumerate(board):
        if square == ".":
            for letter in "SO":
                points = oracle_points(board, n, i, letter)
                after = oracle_value(board[:i] + letter + board[i + 1 :], n)
                moves.append((i, letter, points, points + after if points else -after))
    return moves


# --- drawing positions -----------------------------------------------------------------------


@st.composite
def boards(draw: st.DrawFn, sizes: tuple[int, ...] = (3, 4), most_empty: int = 6, least_empty: int = 1) -> Board:
    """Draws a board with `least_empty` to `most_empty` empty cells, letters mostly S to make many lines."""
    n = draw(st.sampled_from(sizes))
    empty = draw(st.integers(least_empty, min(most_empty, n * n)))
    cells = draw(st.permutations(range(n * n)))
    letters = [draw(st.sampled_from([Letter.S, Letter.S, Letter.O])) for _ in range(n * n)]
    for i in cells[:empty]:
        letters[i] = None
    return Board(n, tuple(letters))


def text(board: Board) -> str:
    return "".join(letter.value if letter else "." for letter in board.letters)


def position(board: Board, variant: Variant = TWO_SIDES[0], seat: str = "A") -> Position:
    return Position(board, variant, seat)


# --- the solver against the oracle -----------------------------------------------------------


@settings(max_examples=500)
@given(boards(), st.sampled_from(TWO_SIDES), st.data())
def test_the_solver_agrees_with_the_naive_search_on_every_move(board, variant, data):
    # Each example checks the value of the position and of every move: thousands of positions in all.
    seat = data.draw(st.sampled_from(variant.seats))
    assert_agrees(board, solve(position(board, variant, seat)))


@settings(max_examples=20)
@given(boards(sizes=(4,), most_empty=8, least_empty=7))
def test_the_solver_agrees_with_the_naive_search_with_more_empty_cells(board):
    assert_agrees(board, solve(position(board)))


def assert_agrees(board: Board, solution: Solution) -> None:
    expected = {(i, letter): (points, value) for i, letter, points, value in oracle_moves(text(board), board.size)}
    n = board.size
    found = {(m.move.cell.row * n + m.move.cell.col, m.move.letter.value): (m.points, m.value) for m in solution.moves}
    assert found == expected, board.diagram()
    assert solution.value == oracle_value(text(board), n), board.diagram()
    assert {m.move for m in solution.best} == {m.move for m in solution.moves if m.value == solution.value}


@settings(max_examples=150)
@given(boards(sizes=(3, 4, 5), most_empty=8))
def test_moves_come_best_first_and_every_empty_cell_has_both_letters(board):
    solution = solve(position(board))
    values = [m.value for m in solution.moves]
    assert values == sorted(values, reverse=True), board.diagram()
    assert sorted((m.move.cell, m.move.letter.value) for m in solution.moves) == sorted(
        (cell, letter) for cell in board.empty_cells() for letter in "SO"
    )
    assert solution.best and all(m.value == solution.value for m in solution.best), board.diagram()


@settings(max_examples=100)
@given(boards(sizes=(4, 5), most_empty=10), st.integers(1, 7))
def test_a_rotated_or_mirrored_position_has_the_same_values(board, symmetry):
    n = board.size
    image = {transform(cell, n, symmetry): board[cell] for cell in all_cells(n)}
    turned = Board(n, tuple(image[cell] for cell in all_cells(n)))
    original, rotated = solve(position(board)), solve(position(turned))
    assert rotated.value == original.value, f"{board.diagram()}\n\n{turned.diagram()}"
    for entry in original.moves:
        moved = rotated.of(Move(transform(entry.move.cell, n, symmetry), entry.move.letter))
        assert (moved.points, moved.value) == (entry.points, entry.value), board.diagram()


@settings(max_examples=100)
@given(boards(sizes=(3, 4, 5, 6), most_empty=0, least_empty=0))
def test_a_full_board_is_worth_nothing_and_has_no_move(board):
    assert board.is_full()
    solution = solve(position(board))
    assert (solution.value, solution.moves, solution.best) == (0, (), ())
    assert position_value(position(board)) == 0


@settings(max_examples=100)
@given(boards(sizes=(3, 4, 5, 6), most_empty=1).filter(lambda board: not board.is_full()))
def test_the_last_move_is_worth_its_points(board):
    # V(full) = 0, so the move that fills the board is worth what it scores, and V is the best of the two letters.
    solution = solve(position(board))
    assert all(m.value == m.points for m in solution.moves), board.diagram()
    assert solution.value == max(m.points for m in solution.moves)


@settings(max_examples=30)
@given(boards(sizes=(4, 5), most_empty=9))
def test_the_value_alone_and_the_symmetry_options_agree(board):
    expected = solve(position(board))
    assert position_value(position(board)) == expected.value
    for solver in (Solver(symmetry_from=0), Solver(symmetry_from=99, pause_gc=False)):
        assert solver.solve(position(board)) == expected, board.diagram()


# --- positions worked out by hand ------------------------------------------------------------


def board_of(rows: str) -> Board:
    letters = {"S": Letter.S, "O": Letter.O, ".": None}
    return Board.from_rows([[letters[ch] for ch in row] for row in rows.split("/")])


@pytest.mark.parametrize(
    ("rows", "value", "best"),
    [
        # One empty cell: O in the middle completes the row and both diagonals (the column reads O, O, O).
        ("SOS/S.S/SOS", 3, {("B2", "O")}),
        # One empty cell: S in C3 completes row 3, column C and the diagonal C3-A1.
        ("SO./OOO/SOS", 3, {("C3", "S")}),
        # Two empty cells: an O in either scores 1 and writes again, and the other O scores 1 more;
        # an S scores nothing and hands that O to the other player (-1).
        ("S.S/OO./SOS", 2, {("B3", "O"), ("C2", "O")}),
    ],
)
def test_positions_worked_out_by_hand(rows, value, best):
    board = board_of(rows)
    solution = solve(position(board))
    names = {(f"{'ABCDEFGH'[m.move.cell.col]}{m.move.cell.row + 1}", m.move.letter.value) for m in solution.best}
    assert (solution.value, names) == (value, best), board.diagram()


def test_team_sos_is_solved_as_the_same_two_sided_game():
    board = board_of("S..S/.O../..O./S..S")
    standard = solve(position(board))
    for seat in "ABCD":
        assert solve(position(board, Variant(players=4, teams=True), seat)) == standard


# --- refusals --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "words"),
    [
        (Variant(players=3), "a game of 3 players without teams"),
        (Variant(players=4), "a game of 4 players without teams"),
        (Variant(target=5), "a game to 5 points"),
        (Variant(first_sos_wins=True), "the first S-O-S wins"),
        (Variant(players=4, teams=True, target=3), "a game to 3 points"),
    ],
)
def test_variants_with_another_aim_are_refused_with_the_reason(variant, words):
    with pytest.raises(UnsolvableVariantError) as caught:
        solve(Position(board_of("S.S/.../..."), variant))
    assert words in str(caught.value)
    assert "standard game between two sides" in str(caught.value)


def test_more_empty_cells_than_the_limit_are_refused_before_any_search():
    assert MAX_EMPTY == 16
    with pytest.raises(TooManyEmptyCellsError) as caught:
        solve(Position.start(5))
    assert (caught.value.empty, caught.value.limit) == (25, 16)
    assert "25 empty cells" in str(caught.value) and "at most 16" in str(caught.value)
    with pytest.raises(SolverError):
        check_solvable(Position.start(Board.empty(5)), limit=24)
    check_solvable(Position.start(4))  # 16 empty cells: taken


def test_a_lower_limit_refuses_sooner():
    board = board_of("S..O/..../..../S..O")
    with pytest.raises(TooManyEmptyCellsError):
        Solver(limit=11).solve(position(board))
    assert Solver(limit=12).solve(position(board)).value == solve(position(board)).value


# --- the proven 4x4 fact ---------------------------------------------------------------------

CENTRE = {Cell(1, 1), Cell(2, 1), Cell(1, 2), Cell(2, 2)}


@pytest.mark.slow
def test_the_empty_4x4_board_is_a_draw_and_only_an_s_off_centre_loses():
    # Checked once by an independent full-table search in C (3^16 positions): value 0; every O
    # and an S in one of the four centre cells keep the draw; an S anywhere else loses by 1.
    solution = solve(Position.start(4))
    assert solution.value == 0
    assert len(solution.moves) == 32
    for entry in solution.moves:
        keeps_draw = entry.move.letter is Letter.O or entry.move.cell in CENTRE
        assert (entry.points, entry.value) == (0, 0 if keeps_draw else -1), entry
    assert len(solution.best) == 20
