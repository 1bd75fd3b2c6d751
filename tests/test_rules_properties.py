"""Tests the rules engine on random games of every size 3 to 8 and every variant."""

from __future__ import annotations

from games import VARIANTS, games, transform
from hypothesis import given
from hypothesis import strategies as st

from sos_print.engine.grid import all_cells
from sos_print.engine.rules import Letter, Move, Position, Variant, replay


@given(games(variants=st.just(Variant()), to_the_end=True))
def test_a_full_standard_game_scores_every_new_sos_on_the_final_board(game):
    final = game.final
    assert final.board.is_full(), game.explain()
    new_lines = final.board.sos_segments() - game.start.board.sos_segments()
    assert sum(final.scores) == sum(s.points for s in game.steps) == len(new_lines), game.explain()
    scored = [seg for s in game.steps for seg in s.segments]
    assert len(scored) == len(set(scored)) == len(new_lines), "a line scored twice\n" + game.explain()


@given(games())
def test_each_move_scores_exactly_the_sos_lines_it_adds_to_the_board(game):
    before = game.start
    for step in game.steps:
        added = step.after.board.sos_segments() - before.board.sos_segments()
        assert set(step.segments) == added, game.explain()
        assert all(step.move.cell in seg.cells for seg in step.segments), game.explain()
        limit = 4 if step.move.letter is Letter.O else 8
        assert step.points <= limit, game.explain()
        before = step.after


@given(games())
def test_turns_follow_the_rules(game):
    seats = game.start.variant.seats
    for step in game.steps:
        if step.after.is_over:
            assert step.next_seat is None
        elif step.points:
            assert step.next_seat == step.seat, game.explain()
        else:
            assert step.next_seat == seats[(seats.index(step.seat) + 1) % len(seats)], game.explain()


@given(games())
def test_the_game_ends_exactly_when_a_rule_says_so(game):
    variant = game.start.variant
    for step in game.steps:
        after = step.after
        side = variant.side_of(step.seat)
        won_by_score = step.points and (
            variant.first_sos_wins or (variant.target and after.side_scores[side] >= variant.target)
        )
        if won_by_score:
            assert after.outcome is not None and after.outcome.winner == side, game.explain()
        elif after.board.is_full():
            best = max(after.side_scores.values())
            leaders = [s for s, points in after.side_scores.items() if points == best]
            expected = leaders[0] if len(leaders) == 1 else None
            assert after.outcome is not None and after.outcome.winner == expected, game.explain()
        else:
            assert after.outcome is None, game.explain()


@given(games(variants=st.sampled_from(VARIANTS)), st.integers(1, 7))
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
