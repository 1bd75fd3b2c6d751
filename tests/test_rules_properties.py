"""Tests the rules engine on random games of every size 3 to 8 and every variant, against an independent referee.

Each property runs once per variant (the `variant` parameter), so every run, the
derandomised one of CI included, plays games of every variant.
"""

from __future__ import annotations

import pytest
from conftest import examples
from games import VARIANTS, Game, games, transform
from hypothesis import given, settings
from hypothesis import strategies as st
from referee import lines_of_three, referee, sos_lines

from sos_print.engine.grid import all_cells
from sos_print.engine.rules import Letter, Move, Position, Variant, replay

PER_VARIANT = settings(max_examples=examples(25))


def letters_of(game: Game) -> dict[tuple[int, int], str]:
    """Returns the start board as the referee reads it: (column, row) -> "S" or "O"."""
    board = game.start.board
    return {(i % board.size, i // board.size): letter.value for i, letter in enumerate(board.letters) if letter}


def referee_turns(game: Game):
    variant = game.start.variant
    moves = [((s.move.cell.col, s.move.cell.row), s.move.letter.value) for s in game.steps]
    return referee(
        game.start.board.size,
        letters_of(game),
        moves,
        variant.players,
        variant.teams,
        variant.target,
        variant.first_sos_wins,
    )


@pytest.mark.parametrize(("size", "count"), [(3, 8), (4, 24), (5, 48), (8, 168)])
def test_the_referee_reads_every_line_of_three_once(size, count):
    # Rows and columns: 2n(n - 2) lines; each diagonal direction: (n - 2) ** 2.
    lines = lines_of_three(size)
    assert len(lines) == len({frozenset(line) for line in lines}) == count


def test_the_referee_scores_the_kit_position_and_its_rules():
    s_around = {(1, 0): "S", (1, 2): "S", (0, 1): "S", (2, 1): "S"}
    (turn,) = referee(4, s_around, [((1, 1), "O")])
    assert turn.lines == {frozenset({(1, 0), (1, 1), (1, 2)}), frozenset({(0, 1), (1, 1), (2, 1)})}
    assert (turn.seat, turn.next_seat, turn.scores, turn.winner) == ("A", "A", {"A": 2, "B": 0}, None)
    # O-S-O, S-S-S and a bend are not lines; a line already on the board does not score again.
    grid = {(0, 0): "O", (1, 0): "S", (0, 1): "S", (1, 1): "S", (0, 3): "S", (1, 3): "O", (2, 3): "S"}
    assert sos_lines(grid, 4) == {frozenset({(0, 3), (1, 3), (2, 3)})}
    turns = referee(4, grid, [((2, 0), "O"), ((3, 3), "O")], players=4, teams=True, target=1)
    assert [(t.seat, len(t.lines), t.next_seat, t.winner) for t in turns] == [("A", 0, "B", None), ("B", 0, "C", None)]


@pytest.mark.parametrize("variant", VARIANTS, ids=str)
@PER_VARIANT
@given(data=st.data())
def test_every_move_scores_passes_the_turn_and_ends_the_game_as_the_referee_says(variant, data):
    game = data.draw(games(variants=st.just(variant)))
    for step, turn in zip(game.steps, referee_turns(game), strict=True):
        lines = {frozenset((cell.col, cell.row) for cell in seg.cells) for seg in step.segments}
        assert step.seat == turn.seat, game.explain()
        assert lines == turn.lines, game.explain()
        assert step.points == len(turn.lines), game.explain()
        assert step.next_seat == turn.next_seat, game.explain()
        assert step.after.side_scores == turn.scores, game.explain()
        winner = None if step.after.outcome is None else step.after.outcome.winner or "draw"
        assert winner == turn.winner, game.explain()
        assert len(step.segments) == len(set(step.segments)), "a line listed twice\n" + game.explain()


@given(games(variants=st.just(Variant()), to_the_end=True))
def test_a_full_standard_game_scores_every_new_sos_on_the_final_board_once(game):
    final = game.final
    assert final.board.is_full(), game.explain()
    n, start = final.board.size, letters_of(game)
    end = {**start, **{(s.move.cell.col, s.move.cell.row): s.move.letter.value for s in game.steps}}
    new_lines = sos_lines(end, n) - sos_lines(start, n)
    assert sum(final.scores) == sum(s.points for s in game.steps) == len(new_lines), game.explain()
    scored = [seg for s in game.steps for seg in s.segments]
    assert len(scored) == len(set(scored)) == len(new_lines), "a line scored twice\n" + game.explain()
    for step in game.steps:
        assert all(step.move.cell in seg.cells for seg in step.segments), game.explain()
        assert step.points <= (4 if step.move.letter is Letter.O else 8), game.explain()


@given(games(), st.integers(1, 7))
def test_a_rotated_or_mirrored_game_scores_the_same_points_move_by_move(game, symmetry):
    n = game.start.board.size
    start_board = game.start.board
    letters = {transform(cell, n, symmetry): start_board[cell] for cell in all_cells(n)}
    mirrored_start = Position.start(
        type(start_board)(n, tuple(letters[cell] for cell in all_cells(n))), game.start.variant
    )
    moves = [Move(transform(s.move.cell, n, symmetry), s.move.letter) for s in game.steps]
    mirrored = replay(mirrored_start, moves)
    assert [s.points for s in mirrored] == [s.points for s in game.steps], game.explain()
    assert [s.seat for s in mirrored] == [s.seat for s in game.steps], game.explain()
    for original, image in zip(game.steps, mirrored, strict=True):
        assert {frozenset(transform(c, n, symmetry) for c in seg.cells) for seg in original.segments} == {
            frozenset(seg.cells) for seg in image.segments
        }, game.explain()
