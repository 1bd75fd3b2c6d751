"""Tests the rules engine on random games of every size 3 to 8 and every variant, against an independent referee.

Each property runs once per variant (the `variant` parameter), so every run, the
derandomised one of CI included, plays games of every variant.
"""

from __future__ import annotations

import pytest
from games import VARIANTS, Game, games, transform
from hypothesis import given, settings
from hypothesis import strategies as st
from referee import referee, sos_lines

from sos_print.engine.grid import all_cells
from sos_print.engine.rules import Letter, Move, Position, Variant, replay

PER_VARIANT = settings(max_examples=25)


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
