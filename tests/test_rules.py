"""Tests the rules engine on hand-made positions, one rule per case."""

from __future__ import annotations

import pytest

from sos_print.engine.errors import (
    BoardTextError,
    GameOverError,
    LetterError,
    OccupiedCellError,
    OffBoardError,
    VariantError,
)
from sos_print.engine.grid import Cell
from sos_print.engine.notation import Notation, parse_cell, segment_names
from sos_print.engine.rules import Board, Letter, Move, Outcome, Position, Variant, board_text, parse_board, replay


def board(text: str) -> Board:
    """Reads a board drawn top row first, as it is printed."""
    letters = {"S": Letter.S, "O": Letter.O, ".": None}
    return Board.from_rows([[letters[token] for token in line.split()] for line in text.strip().splitlines()])


def move(name: str, letter: str, size: int = 4) -> Move:
    return Move(parse_cell(name, size), Letter(letter))


def play(position: Position, *moves: str):
    """Plays moves written like "O@B2" and returns the steps."""
    n = position.board.size
    return replay(position, [move(m.split("@")[1], m.split("@")[0], n) for m in moves])


def explain(position: Position) -> str:
    return f"\n{position.board.diagram()}\nscores {position.side_scores}, {position.seat} to write"


@pytest.mark.parametrize(
    ("start", "played", "points", "lines"),
    [
        # Each new straight S-O-S through the new letter scores one point.
        (". . . .\n. . . .\nS . S .\n. . . .", "O@B2", 1, "A2-C2"),
        (". . . .\n. S . .\n. O . .\n. . . .", "S@B1", 1, "B1-B3"),  # the new letter at an end
        (". . . .\n. . S .\n. O . .\n. . . .", "S@A1", 1, "A1-C3"),  # rising diagonal
        (". . . .\nS . . .\n. O . .\n. . . .", "S@C1", 1, "A3-C1"),  # falling diagonal
        # The kit seed's worked position: one O, two lines, two points.
        (". . . .\n. S . .\nS . S .\n. S . .", "O@B2", 2, "B1-B3, A2-C2"),
        # An O completes at most four lines, one per direction.
        ("S S S .\nS . S .\nS S S .\n. . . .", "O@B3", 4, "B2-B4, A3-C3, A2-C4, A4-C2"),
        # An S completes up to eight lines, as the end of each.
        ("S . S . S\n. O O O .\nS O . O S\n. O O O .\nS . S . S", "S@C3", 8, None),
        # No gaps, no bends, no O-S-O.
        (". . . .\n. . . .\nS . . S\n. . . .", "O@B2", 0, ""),
        (". . . .\nS . . .\n. . S .\n. . . .", "O@B2", 0, ""),  # A3-B2-C2 bends
        (". . . .\n. . . .\nO . O .\n. . . .", "S@B2", 0, ""),
        # A row reading S O S O holds one S-O-S, not two.
        (". . . .\n. . . .\n. . . .\nS O . O", "S@C1", 1, "A1-C1"),
    ],
)
def test_a_move_scores_one_point_per_new_sos_segment(start, played, points, lines):
    position = Position.start(board(start))
    (step,) = play(position, played)
    assert step.points == points, explain(step.after)
    if lines is not None:
        assert segment_names(step.segments, position.board.size, Notation.A1) == lines, explain(step.after)


def test_lines_already_on_the_start_board_never_score():
    start = Position.start(board("S O S .\n. . . .\n. . . .\n. . . ."))
    (step,) = play(start, "S@D1")
    assert step.points == 0
    assert step.after.side_scores == {"A": 0, "B": 0}


def test_a_completed_line_does_not_score_again_when_its_letters_are_reused():
    start = Position.start(board(". . . .\n. . S .\n. . . .\nS O . O"))
    steps = play(start, "S@C1", "O@D4", "O@C2")
    assert [s.points for s in steps] == [1, 0, 1]
    assert [s.seat for s in steps] == ["A", "A", "B"]
    assert steps[-1].after.side_scores == {"A": 1, "B": 1}


@pytest.mark.parametrize(
    ("played", "seats"),
    [
        # No score: the turn passes.
        (["S@A1", "S@D4", "S@A4"], ["A", "B", "A"]),
        # A score gives the same player exactly one more move, then the turn passes.
        (["S@A1", "S@C1", "O@B1", "S@D4", "S@A3"], ["A", "B", "A", "A", "B"]),
        # A two-point move still gives one extra move, not two.
        (["S@B1", "S@B3", "S@A2", "S@C2", "O@B2", "O@D4", "S@A4"], ["A", "B", "A", "B", "A", "A", "B"]),
    ],
)
def test_the_turn_passes_unless_the_move_scored(played, seats):
    steps = play(Position.start(4), *played)
    assert [s.seat for s in steps] == seats


@pytest.mark.parametrize(
    ("variant", "played", "seats"),
    [
        (Variant(players=3), ["S@A1", "S@A2", "S@A4", "S@D1"], ["A", "B", "C", "A"]),
        (Variant(players=4), ["S@A1", "S@A2", "S@A4", "S@D1", "S@D4"], ["A", "B", "C", "D", "A"]),
        (Variant(players=4, teams=True), ["S@A1", "S@C1", "O@B1", "S@D4"], ["A", "B", "C", "C"]),
    ],
)
def test_seats_write_in_order_a_b_c_d(variant, played, seats):
    steps = play(Position.start(4, variant), *played)
    assert [s.seat for s in steps] == seats


def test_teams_pool_their_points_a_and_c_against_b_and_d():
    variant = Variant(players=4, teams=True)
    steps = play(Position.start(4, variant), "S@A1", "S@C1", "O@B1", "S@A3", "O@A2")
    final = steps[-1].after
    assert final.scores == (0, 0, 1, 1)
    assert final.side_scores == {"AC": 1, "BD": 1}


def test_the_move_that_fills_the_grid_scores_and_ends_the_game():
    start = Position.start(board("S S S\nO S O\n. O S"))
    (step,) = play(start, "S@A1")
    assert step.points == 2
    assert step.next_seat is None
    assert step.after.outcome == Outcome("A")
    with pytest.raises(GameOverError, match="B2"):
        step.after.play(move("B2", "S", 3))


@pytest.mark.parametrize(
    ("scores", "outcome"),
    [((2, 1), Outcome("A")), ((1, 1), Outcome(None)), ((0, 3), Outcome("B"))],
)
def test_a_full_grid_is_won_by_the_highest_total_and_equal_totals_draw(scores, outcome):
    start = Position(board("S S S\nO S O\n. O O"), scores=scores)
    (step,) = play(start, "O@A1")  # scores nothing and fills the grid
    assert step.points == 0
    assert step.after.outcome == outcome


def test_a_draw_between_the_two_best_of_three_players():
    start = Position(board("S S S\nO S O\n. O O"), Variant(players=3), scores=(2, 2, 1))
    (step,) = play(start, "O@A1")
    assert step.after.outcome == Outcome(None)
    assert step.after.outcome.is_draw
    assert not Outcome("A").is_draw


def test_the_target_score_wins_at_once_with_cells_left():
    start = Position.start(board(". . . .\n. S . .\nS . S .\n. S . ."), Variant(target=2))
    (step,) = play(start, "O@B2")
    assert step.after.outcome == Outcome("A")
    assert step.next_seat is None
    assert step.after.board.empty_cells()


def test_below_the_target_the_game_goes_on():
    start = Position.start(board(". . . .\n. S . .\nS . S .\n. S . ."), Variant(target=3))
    (step,) = play(start, "O@B2")
    assert step.after.outcome is None
    assert step.next_seat == "A"


def test_a_full_grid_before_the_target_is_decided_by_the_totals():
    start = Position(board("S S S\nO S O\n. O O"), Variant(target=5), scores=(1, 0))
    (step,) = play(start, "O@A1")
    assert step.after.outcome == Outcome("A")


def test_the_first_sos_wins_at_once():
    steps = play(Position.start(4, Variant(first_sos_wins=True)), "S@A1", "O@B2", "S@C3")
    assert steps[-1].after.outcome == Outcome("A")


def test_first_sos_wins_with_no_sos_on_a_full_grid_is_a_draw():
    start = Position.start(board("S S S\nS S S\nS S ."), Variant(first_sos_wins=True))
    (step,) = play(start, "S@C1")
    assert step.after.outcome == Outcome(None)


def test_a_full_start_board_is_a_finished_draw():
    assert Position.start(board("S S S\nS S S\nS S S")).outcome == Outcome(None)


@pytest.mark.parametrize(
    ("played", "error", "message"),
    [
        (Move(Cell(1, 1), Letter.O), OccupiedCellError, "cell B2 already holds a letter"),
        (Move(Cell(4, 0), Letter.S), OffBoardError, "cell E1 is off the board"),
        (Move(Cell(0, -1), Letter.S), OffBoardError, "off the board"),
        (Move(Cell(0, 0), "X"), LetterError, "'X' is not a letter of the game"),  # type: ignore[arg-type]
    ],
)
def test_illegal_moves_raise_an_error_naming_the_cell(played, error, message):
    position = Position.start(4).play(Move(Cell(1, 1), Letter.S))
    with pytest.raises(error, match=message):
        position.play(played)


def test_letters_are_parsed_strictly():
    assert Letter.parse("S") is Letter.S
    with pytest.raises(LetterError, match="'Q' is not a letter"):
        Letter.parse("Q")


def test_positions_are_immutable_values():
    start = Position.start(4)
    after = start.play(move("A1", "S"))
    assert start.board.filled() == 0
    assert after.board.filled() == 1
    assert start == Position.start(4)
    with pytest.raises(AttributeError):
        start.seat = "B"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 1}, "2 to 4 players"),
        ({"players": 5}, "2 to 4 players"),
        ({"teams": True}, "team SOS needs 4 players"),
        ({"players": 3, "teams": True}, "team SOS needs 4 players"),
        ({"target": -1}, "cannot be negative"),
        ({"target": 3, "first_sos_wins": True}, "either a target score or first SOS wins"),
    ],
)
def test_impossible_variants_are_refused(kwargs, message):
    with pytest.raises(VariantError, match=message):
        Variant(**kwargs)


def test_boards_are_at_least_3x3():
    with pytest.raises(VariantError, match="at least 3x3"):
        Board.empty(2)


def test_a_board_is_written_as_rows_from_the_top_separated_by_slashes():
    written = parse_board("S.O./..S./O.../..O.")
    assert written == board("S . O .\n. . S .\nO . . .\n. . O .")
    assert written[Cell(0, 3)] is Letter.S and written[Cell(2, 0)] is Letter.O  # A4 and C1
    assert board_text(written) == "S.O./..S./O.../..O."
    assert parse_board(" s.o / ... / ..o ") == parse_board("S.O/.../..O")  # spaces around rows, lower case


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("S.X/.../...", "row 1 ('S.X') holds 'X' at place 3: write S, O or . for an empty cell"),
        ("S../.-./...", "row 2 ('.-.') holds '-' at place 2"),
        ("S.../..../.../....", "row 3 ('...') has 3 cells, but there are 4 rows"),
        ("S./..", "a board has 3 to 8 rows, not 2"),
        ("/".join(["." * 9] * 9), "a board has 3 to 8 rows, not 9"),
        ("", "no board given"),
        (" / ", "row 1 ('') has 0 cells, but there are 2 rows"),
    ],
)
def test_a_board_that_cannot_be_read_is_refused_naming_the_row(text, message):
    with pytest.raises(BoardTextError) as caught:
        parse_board(text)
    assert message in str(caught.value)
