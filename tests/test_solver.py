"""Tests the exact solver against a naive search written from the definition of the value (tests/oracle.py)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager

import oracle
import pytest
from conftest import examples
from games import games, transform
from hypothesis import given, settings
from hypothesis import strategies as st

import sos_print.engine.solver as solver_module
from sos_print.engine.errors import SolverError, TooCostlyError, TooManyEmptyCellsError, UnsolvableVariantError
from sos_print.engine.grid import all_cells
from sos_print.engine.rules import Board, Letter, Move, Position, Variant
from sos_print.engine.solver import MAX_EMPTY, Solution, Solver, check_solvable, solve

TWO_SIDES = [Variant(), Variant(players=4, teams=True)]


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


@contextmanager
def tuned(symmetry_from: int, pause_gc: bool = True, refine_from: int | None = None) -> Iterator[None]:
    """Runs the block with the solver's symmetric keys from `symmetry_from` empty cells, the collector paused or
    not, and the cap computed again from `refine_from` empty cells (unchanged if None)."""
    saved = solver_module.SYMMETRY_FROM, solver_module.PAUSE_GC, solver_module.REFINE_FROM
    solver_module.SYMMETRY_FROM, solver_module.PAUSE_GC = symmetry_from, pause_gc
    if refine_from is not None:
        solver_module.REFINE_FROM = refine_from
    try:
        yield
    finally:
        solver_module.SYMMETRY_FROM, solver_module.PAUSE_GC, solver_module.REFINE_FROM = saved


def position(board: Board, variant: Variant = TWO_SIDES[0], seat: str = "A") -> Position:
    return Position(board, variant, seat)


# --- the solver against the oracle -----------------------------------------------------------


@settings(max_examples=examples(500))
@given(boards(), st.sampled_from(TWO_SIDES), st.data())
def test_the_solver_agrees_with_the_naive_search_on_every_move(board, variant, data):
    # Each example checks the value of the position and of every move: thousands of positions in all.
    seat = data.draw(st.sampled_from(variant.seats))
    assert_agrees(board, solve(position(board, variant, seat)))


@settings(max_examples=examples(20))
@given(boards(sizes=(4,), most_empty=8, least_empty=7))
def test_the_solver_agrees_with_the_naive_search_with_more_empty_cells(board):
    assert_agrees(board, solve(position(board)))


def assert_agrees(board: Board, solution: Solution) -> None:
    expected = {
        (i, letter): (points, value) for i, letter, points, value in oracle.moves(oracle.text_of(board), board.size)
    }
    n = board.size
    found = {(m.move.cell.row * n + m.move.cell.col, m.move.letter.value): (m.points, m.value) for m in solution.moves}
    assert found == expected, board.diagram()
    assert solution.value == oracle.value(oracle.text_of(board), n), board.diagram()
    assert {m.move for m in solution.best} == {m.move for m in solution.moves if m.value == solution.value}


@st.composite
def symmetric_boards(draw: st.DrawFn) -> Board:
    """Draws a board that is its own image under a rotation or a mirror, with few empty cells."""
    n = draw(st.sampled_from([3, 4]))
    symmetry = draw(st.sampled_from([2, 4, 5, 6]))  # half turn, and mirror images about each axis
    board = draw(boards(sizes=(n,), most_empty=5, least_empty=0))
    letters = dict(zip(all_cells(n), board.letters, strict=True))
    for cell in all_cells(n):  # copy each letter onto its image, until the board is its own image
        image = transform(cell, n, symmetry)
        letters[image] = letters[cell] if letters[cell] is not None else letters[image]
        letters[cell] = letters[image]
    return Board(n, tuple(letters[cell] for cell in all_cells(n)))


@settings(max_examples=examples(150))
@given(symmetric_boards())
def test_symmetric_positions_searched_with_symmetric_keys_agree_with_the_naive_search(board):
    if board.is_full():
        return
    with tuned(symmetry_from=0):
        assert_agrees(board, Solver().solve(position(board)))
    assert_agrees(board, solve(position(board)))


@settings(max_examples=examples(150))
@given(boards(sizes=(3, 4, 5), most_empty=8))
def test_moves_come_best_first_and_every_empty_cell_has_both_letters(board):
    solution = solve(position(board))
    values = [m.value for m in solution.moves]
    assert values == sorted(values, reverse=True), board.diagram()
    assert sorted((m.move.cell, m.move.letter.value) for m in solution.moves) == sorted(
        (cell, letter) for cell in board.empty_cells() for letter in "SO"
    )
    assert solution.best and all(m.value == solution.value for m in solution.best), board.diagram()


@settings(max_examples=examples(100))
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


@settings(max_examples=examples(100))
@given(boards(sizes=(3, 4, 5, 6), most_empty=0, least_empty=0))
def test_a_full_board_is_worth_nothing_and_has_no_move(board):
    assert board.is_full()
    solution = solve(position(board))
    assert (solution.value, solution.moves, solution.best) == (0, (), ())
    assert Solver().value(position(board)) == 0


@settings(max_examples=examples(100))
@given(boards(sizes=(3, 4, 5, 6), most_empty=1).filter(lambda board: not board.is_full()))
def test_the_last_move_is_worth_its_points(board):
    # V(full) = 0, so the move that fills the board is worth what it scores, and V is the best of the two letters.
    solution = solve(position(board))
    assert all(m.value == m.points for m in solution.moves), board.diagram()
    assert solution.value == max(m.points for m in solution.moves)


@settings(max_examples=examples(30))
@given(boards(sizes=(4, 5), most_empty=9))
def test_the_value_alone_and_the_symmetry_options_agree(board):
    expected = solve(position(board))
    assert Solver().value(position(board)) == expected.value
    for symmetry_from, pause_gc in ((0, True), (99, False)):
        with tuned(symmetry_from, pause_gc):
            assert Solver().solve(position(board)) == expected, board.diagram()


@settings(max_examples=examples(60))
@given(boards(sizes=(4, 5), most_empty=9))
def test_screening_moves_with_null_windows_finds_exactly_the_best_moves(board):
    expected = solve(position(board))
    legal = [entry.move for entry in expected.moves]
    value, reaching = Solver().reaching(position(board), legal)
    assert value == expected.value, board.diagram()
    assert set(reaching) == {entry.move for entry in expected.best}, board.diagram()


@settings(max_examples=examples(150))
@given(boards(sizes=(3, 4), most_empty=7), st.lists(st.tuples(st.integers(-12, 12), st.integers(1, 12)), max_size=6))
def test_the_search_keeps_its_promise_for_any_window_and_any_earlier_search(board, windows):
    # Fail-soft alpha-beta: a result at or below alpha is an upper bound, at or above beta a lower
    # bound, and in between the value itself; the table keeps bounds from one search to the next,
    # including windows far outside the values a position can have.
    from sos_print.engine.compact import geometry
    from sos_print.engine.solver import REFINE_FROM, SYMMETRY_FROM, _state, _Table

    value = oracle.value(oracle.text_of(board), board.size)
    state = _state(geometry(board.size).compact(board))
    for symmetry_from, refine_from in ((0, 0), (SYMMETRY_FROM, REFINE_FROM)):
        with tuned(symmetry_from, refine_from=refine_from):
            table = _Table(geometry(board.size), state, symmetry_from)
        cap = table.most_points(*state, -1)  # the exact cap, or (given none) the table's bound
        for alpha, width in windows:
            beta = alpha + width
            for found in (table.search(*state, alpha, beta), table.search(*state, alpha, beta, cap)):
                assert (found <= alpha and value <= found) or (found >= beta and value >= found) or found == value, (
                    f"{board.diagram()}\nwindow ({alpha}, {beta}): {found}, value {value}"
                )
        assert all(-table.bound <= low <= high <= table.bound for low, high in table.table.values())


def test_a_search_reports_its_progress_step_by_step():
    steps = []
    solve(position(board_of("S..O/..../..../S..O")), progress=lambda done, total: steps.append((done, total)))
    total = steps[0][1]
    assert steps == [(done, total) for done in range(total + 1)]
    assert total == 1 + 12  # the value, then 24 moves in 12 pairs of mirror images (the board is symmetric)


# --- positions crowded with threats: the rule that takes points first, and the cap ----------


@st.composite
def crowded_boards(draw: st.DrawFn, sizes: tuple[int, ...] = (4, 5), most_empty: int = 7) -> Board:
    """Draws a board whose empty cells are mostly cells that complete a line: many threats, some shared."""
    n = draw(st.sampled_from(sizes))
    text = "".join(draw(st.sampled_from("SSO")) for _ in range(n * n))
    completing = [i for i in range(n * n) if oracle.points(text[:i] + "." + text[i + 1 :], n, i, text[i])]
    others = [i for i in range(n * n) if i not in completing]
    chosen = draw(st.lists(st.sampled_from(completing), unique=True, max_size=most_empty)) if completing else []
    room = min(2, most_empty - len(chosen))
    extra = draw(st.lists(st.sampled_from(others), unique=True, max_size=room)) if others and room else []
    letters = {"S": Letter.S, "O": Letter.O}
    return Board(n, tuple(None if i in chosen or i in extra else letters[text[i]] for i in range(n * n)))


def filled_lines(board: str, n: int) -> int:
    """Returns how many lines of three read S-O-S, counting each line once."""
    lines = {line for through in oracle.lines_through(n) for line in through}
    return sum(board[a] + board[b] + board[c] == "SOS" for a, b, c in lines)


def most_lines(board: str, n: int) -> int:
    """Returns the most new S-O-S lines any filling of the empty cells makes, trying every filling."""
    holes = [i for i, square in enumerate(board) if square == "."]
    best = 0
    for letters in itertools.product("SO", repeat=len(holes)):
        filled = list(board)
        for i, letter in zip(holes, letters, strict=True):
            filled[i] = letter
        best = max(best, filled_lines("".join(filled), n) - filled_lines(board, n))
    return best


@settings(max_examples=examples(300))
@given(crowded_boards(), st.sampled_from([None, 0]))
def test_positions_crowded_with_threats_agree_with_the_naive_search(board, refine_from):
    # With refine_from 0 the cap is computed again wherever a window comes near it, on small boards too.
    with tuned(solver_module.SYMMETRY_FROM, refine_from=refine_from):
        assert_agrees(board, Solver().solve(position(board)))


@settings(max_examples=examples(300))
@given(st.one_of(crowded_boards(), boards(sizes=(3, 4, 5), most_empty=7)))
def test_a_move_that_scores_nothing_is_worse_than_a_point_that_leaves_it_scoring_nothing(board):
    # The pruning's lemma, checked on the naive search: if taking a point elsewhere first would
    # leave a move that scores nothing still scoring nothing, that move is worth less.
    n, text = board.size, oracle.text_of(board)
    worth = {(i, letter): (points, value) for i, letter, points, value in oracle.moves(text, n)}
    for (point_cell, point_letter), (points, point_value) in worth.items():
        if not points:
            continue
        after = text[:point_cell] + point_letter + text[point_cell + 1 :]
        for (cell, letter), (scored, value) in worth.items():
            if cell != point_cell and not scored and not oracle.points(after, n, cell, letter):
                where = f"{letter} in {cell} against {point_letter} in {point_cell}"
                assert value < point_value, f"{board.diagram()}\n{where}"


@settings(max_examples=examples(200))
@given(st.one_of(crowded_boards(most_empty=8), boards(sizes=(3, 4, 5), most_empty=8)), st.lists(st.integers(-2, 12)))
def test_the_cap_is_the_most_lines_any_filling_makes_and_bounds_the_value(board, floors):
    from sos_print.engine.compact import geometry
    from sos_print.engine.solver import _most_points, _state

    n, text = board.size, oracle.text_of(board)
    geo = geometry(n)
    most = _most_points(geo)
    state = _state(geo.compact(board))
    expected = most_lines(text, n)
    for floor in floors:  # a floor at or above the answer may stop it early: then it is a bound between them
        found = most(*state, floor)
        assert found == expected if expected > floor else expected <= found <= floor, f"{board.diagram()}\n{floor}"
    assert most(*state, -1) == expected, board.diagram()
    assert solver_module.most_lines(position(board)) == expected, board.diagram()
    assert -expected <= oracle.value(text, n) <= expected, board.diagram()


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


@settings(max_examples=examples(60))
@given(st.one_of(boards(sizes=(4, 5), most_empty=9), symmetric_boards().filter(lambda b: not b.is_full())), st.data())
def test_weighing_the_played_move_agrees_with_solving_every_move(board, data):
    solution = solve(position(board))
    move = data.draw(st.sampled_from([entry.move for entry in solution.moves]))
    weighed = Solver().weigh(position(board), move)
    assert weighed == (solution.value, solution.best, solution.of(move)), board
    assert Solver().weigh(position(board), move, value=solution.value) == weighed
    assert Solver().solve(position(board), value=solution.value) == solution


# The 8x8 ring of O inside S (16 empty cells, value 47).
RING = "SSSSSOSS/SOOOOOOS/SO....OS/SO....OS/SO....OS/SO....OS/SOOOOOSS/SSSSSSSS"


def test_a_search_stops_exactly_where_its_work_would_pass_the_budget():
    free = Solver()
    found = free.solve(position(board_of(RING)))
    assert found.value == 47 and free.work > 0
    with pytest.raises(TooCostlyError) as caught:
        Solver(budget=free.work - 1).solve(position(board_of(RING)))
    assert "longer than the empty 4 × 4 board" in str(caught.value)
    assert Solver(budget=free.work).solve(position(board_of(RING))) == found
    assert solve(position(board_of(RING)), budget=free.work) == found


def test_a_lower_limit_refuses_sooner():
    board = board_of("S..O/..../..../S..O")
    with pytest.raises(TooManyEmptyCellsError):
        Solver(limit=11).solve(position(board))
    assert Solver(limit=12).solve(position(board)).value == solve(position(board)).value


# --- the proven 4x4 fact ---------------------------------------------------------------------


@settings(max_examples=examples(40))
@given(games(sizes=st.integers(3, 4), variants=st.just(Variant()), to_the_end=True))
def test_a_table_kept_from_one_position_of_a_game_to_the_next_gives_the_same_values(game):
    kept = Solver(keep=True)
    positions = [game.start, *(step.after for step in game.steps)]
    for before in positions:
        if before.is_over or before.board.size**2 - before.board.filled() > 10:
            continue
        assert kept.solve(before) == Solver().solve(before), before.board.diagram()
