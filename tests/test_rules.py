"""Tests the rules engine on hand-made positions, one rule per case."""

from __future__ import annotations

import re

import pytest

from sos_print.engine.errors import (
    BoardTextError,
    GameOverError,
    IllegalMoveError,
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


@pytest.mark.parametrize(
    ("variant", "played", "seats"),
    [
        # Three players: C scores, writes once more, and the turn wraps round to A.
        (Variant(players=3), ["S@A1", "S@C1", "O@B1", "S@D4", "S@A4"], ["A", "B", "C", "C", "A"]),
        # Four players: D scores and writes again, then A.
        (Variant(players=4), ["S@A1", "S@A4", "S@C1", "O@B1", "S@D4", "S@D3"], ["A", "B", "C", "D", "D", "A"]),
        # Teams keep the seat order: D scores for B + D, writes again, then A.
        (
            Variant(players=4, teams=True),
            ["S@A1", "S@A4", "S@C1", "O@B1", "S@D4", "S@D3"],
            ["A", "B", "C", "D", "D", "A"],
        ),
        # A target or first-SOS-wins game passes the turn exactly as the plain game while it goes on.
        (Variant(target=5), ["S@A1", "S@C1", "O@B1", "S@D4", "S@A4"], ["A", "B", "A", "A", "B"]),
        (Variant(players=3, first_sos_wins=True), ["S@A1", "S@C1", "S@D4", "S@A4"], ["A", "B", "C", "A"]),
    ],
)
def test_after_an_extra_move_the_turn_goes_on_round_the_seats(variant, played, seats):
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
    with pytest.raises(GameOverError, match=r"^the game is already over: no letter can go in B2$"):
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
    assert step.after.outcome.winner is None and Outcome("A").winner == "A"


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
        (Move(Cell(0, -1), Letter.S), OffBoardError, "cell A0 is off the board"),
        (Move(Cell(0, 0), "X"), LetterError, "'X' is not a letter of the game: write S or O"),  # type: ignore[arg-type]
    ],
)
def test_illegal_moves_raise_an_error_naming_the_cell(played, error, message):
    position = Position.start(4).play(Move(Cell(1, 1), Letter.S))
    with pytest.raises(error) as raised:
        position.play(played)
    assert str(raised.value) == message


@pytest.mark.parametrize(
    ("error", "message", "renamed"),
    [
        (IllegalMoveError, "B2: illegal move", "L3C2: illegal move"),
        (OccupiedCellError, "cell B2 already holds a letter", "cell L3C2 already holds a letter"),
        (OffBoardError, "cell B2 is off the board", "cell L3C2 is off the board"),
        (
            GameOverError,
            "the game is already over: no letter can go in B2",
            "the game is already over: no letter can go in L3C2",
        ),
    ],
)
def test_an_illegal_move_error_names_its_cell_in_either_notation(error, message, renamed):
    raised = error(Cell(1, 1), "B2")
    assert str(raised) == message
    again = raised.renamed("L3C2")
    assert type(again) is error and again.cell == Cell(1, 1)
    assert str(again) == renamed
    assert str(error(Cell(1, 1))) == message.replace("B2", str(Cell(1, 1)))  # no name given: the cell itself


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Board(3, (None,) * 8), "a 3 × 3 board holds 9 cells, not 8"),
        (lambda: Board(4, (None,) * 17), "a 4 × 4 board holds 16 cells, not 17"),
        (
            lambda: Board.from_rows([[None] * 3, [None] * 3, [None] * 2]),
            "every row of a board needs as many cells as there are rows",
        ),
    ],
)
def test_a_board_of_the_wrong_shape_is_refused(make, message):
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        make()


def test_letters_are_parsed_strictly():
    assert Letter.parse("S") is Letter.S
    with pytest.raises(LetterError, match=r"^'Q' is not a letter of the game: write S or O$"):
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
        ({"players": 1}, "a game has 2 to 4 players, not 1"),
        ({"players": 5}, "a game has 2 to 4 players, not 5"),
        ({"teams": True}, "team SOS needs 4 players (A and C against B and D), not 2"),
        ({"players": 3, "teams": True}, "team SOS needs 4 players (A and C against B and D), not 3"),
        ({"target": -1}, "the target score cannot be negative (-1)"),
        ({"target": 3, "first_sos_wins": True}, "choose either a target score or the first S-O-S wins, not both"),
    ],
)
def test_impossible_variants_are_refused(kwargs, message):
    with pytest.raises(VariantError, match=f"^{re.escape(message)}$"):
        Variant(**kwargs)


def test_boards_are_at_least_3x3():
    with pytest.raises(VariantError, match=r"^a board needs at least 3 × 3 cells, not 2 × 2$"):
        Board.empty(2)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Position(Board.empty(3), Variant(players=3), scores=(0, 0)), "2 scores for 3 players"),
        (lambda: Position(Board.empty(3), Variant(), seat="C"), "seat 'C' is not one of A, B"),
        # A seat is one of the seats, not a part of their string "AB": "AB" and "" once made a position.
        (lambda: Position(Board.empty(3), Variant(), seat="AB"), "seat 'AB' is not one of A, B"),
        (lambda: Position(Board.empty(3), Variant(players=4), seat=""), "seat '' is not one of A, B, C, D"),
    ],
)
def test_a_position_must_agree_with_its_variant(make, message):
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        make()


# The end of the game in every combination of variants. Three start boards:
# OPEN: O in B1 completes A1-C1 and leaves cells empty; QUIET: O in A1 fills the grid and scores
# nothing; SCORING: S in A1 fills the grid and completes A1-A3 and A1-C1 (two points).
OPEN = (". . . .\n. . . .\n. . . .\nS . S .", "O@B1")
QUIET = ("S S S\nO S O\n. O O", "O@A1")
SCORING = ("S S S\nO S O\n. O S", "S@A1")
TWO, THREE, FOUR = Variant(), Variant(players=3), Variant(players=4)
TEAMS = Variant(players=4, teams=True)


@pytest.mark.parametrize(
    ("variant", "where", "seat", "scores", "winner", "next_seat", "side_scores"),
    [
        # Plain game: only a full grid ends it; the highest total wins, equal highest draw.
        pytest.param(TWO, OPEN, "A", (0, 0), None, "A", {"A": 1, "B": 0}, id="2-plain-goes-on"),
        pytest.param(TWO, SCORING, "A", (0, 3), "B", None, {"A": 2, "B": 3}, id="2-plain-filler-scores-but-loses"),
        pytest.param(TWO, SCORING, "A", (0, 2), "draw", None, {"A": 2, "B": 2}, id="2-plain-filler-draws"),
        pytest.param(TWO, QUIET, "B", (0, 1), "B", None, {"A": 0, "B": 1}, id="2-plain-full-b-ahead"),
        pytest.param(THREE, OPEN, "C", (2, 2, 0), None, "C", {"A": 2, "B": 2, "C": 1}, id="3-plain-goes-on"),
        pytest.param(THREE, SCORING, "C", (2, 1, 1), "C", None, {"A": 2, "B": 1, "C": 3}, id="3-plain-c-wins"),
        pytest.param(THREE, QUIET, "C", (2, 2, 1), "draw", None, {"A": 2, "B": 2, "C": 1}, id="3-plain-two-lead"),
        pytest.param(FOUR, SCORING, "D", (1, 1, 1, 0), "D", None, {"A": 1, "B": 1, "C": 1, "D": 2}, id="4-plain"),
        pytest.param(FOUR, QUIET, "D", (0, 0, 2, 2), "draw", None, {"A": 0, "B": 0, "C": 2, "D": 2}, id="4-plain-draw"),
        # Teams: the totals that count are the teams' (A + C against B + D), never a seat's.
        pytest.param(TEAMS, OPEN, "C", (0, 0, 0, 0), None, "C", {"AC": 1, "BD": 0}, id="teams-plain-goes-on"),
        pytest.param(TEAMS, QUIET, "D", (1, 1, 0, 1), "BD", None, {"AC": 1, "BD": 2}, id="teams-plain-bd-wins"),
        # B has the most points of any seat (2), but the teams are level at 2 each: a draw.
        pytest.param(TEAMS, SCORING, "B", (1, 0, 1, 0), "draw", None, {"AC": 2, "BD": 2}, id="teams-plain-draw"),
        # A has the most points of any seat (3), but B + D have more together: B + D win.
        pytest.param(TEAMS, QUIET, "A", (3, 2, 0, 2), "BD", None, {"AC": 3, "BD": 4}, id="teams-plain-seat-vs-team"),
        # Target score: reaching it wins at once, cells left or not; below it the game goes on.
        pytest.param(Variant(target=3), OPEN, "A", (2, 0), "A", None, {"A": 3, "B": 0}, id="2-target-reached"),
        pytest.param(Variant(target=3), OPEN, "A", (1, 2), None, "A", {"A": 2, "B": 2}, id="2-target-below"),
        pytest.param(Variant(target=3), SCORING, "A", (0, 2), "draw", None, {"A": 2, "B": 2}, id="2-target-full"),
        pytest.param(Variant(target=1), OPEN, "B", (0, 0), "B", None, {"A": 0, "B": 1}, id="2-target-b"),
        pytest.param(
            Variant(players=3, target=3), OPEN, "B", (0, 2, 0), "B", None, {"A": 0, "B": 3, "C": 0}, id="3-target"
        ),
        pytest.param(
            Variant(players=4, target=2),
            OPEN,
            "D",
            (0, 0, 0, 1),
            "D",
            None,
            {"A": 0, "B": 0, "C": 0, "D": 2},
            id="4-target",
        ),
        # A team reaches the target with its combined points, though neither of its seats has.
        pytest.param(
            Variant(players=4, teams=True, target=3),
            OPEN,
            "C",
            (1, 0, 1, 0),
            "AC",
            None,
            {"AC": 3, "BD": 0},
            id="teams-target-by-combined-points",
        ),
        pytest.param(
            Variant(players=4, teams=True, target=3),
            OPEN,
            "D",
            (0, 1, 1, 1),
            "BD",
            None,
            {"AC": 1, "BD": 3},
            id="teams-target-bd",
        ),
        pytest.param(
            Variant(players=4, teams=True, target=4),
            OPEN,
            "C",
            (1, 0, 1, 0),
            None,
            "C",
            {"AC": 3, "BD": 0},
            id="teams-target-below",
        ),
        # First S-O-S wins: the first scoring move ends the game; a full grid without one is a draw.
        pytest.param(Variant(first_sos_wins=True), OPEN, "A", (0, 0), "A", None, {"A": 1, "B": 0}, id="2-first"),
        pytest.param(Variant(first_sos_wins=True), OPEN, "B", (0, 0), "B", None, {"A": 0, "B": 1}, id="2-first-b"),
        pytest.param(
            Variant(first_sos_wins=True), QUIET, "A", (0, 0), "draw", None, {"A": 0, "B": 0}, id="2-first-none"
        ),
        pytest.param(
            Variant(players=3, first_sos_wins=True),
            OPEN,
            "C",
            (0, 0, 0),
            "C",
            None,
            {"A": 0, "B": 0, "C": 1},
            id="3-first",
        ),
        pytest.param(
            Variant(players=4, first_sos_wins=True),
            OPEN,
            "B",
            (0, 0, 0, 0),
            "B",
            None,
            {"A": 0, "B": 1, "C": 0, "D": 0},
            id="4-first",
        ),
        # In team SOS the first S-O-S wins for the team, not for the seat that wrote it.
        pytest.param(
            Variant(players=4, teams=True, first_sos_wins=True),
            OPEN,
            "C",
            (0, 0, 0, 0),
            "AC",
            None,
            {"AC": 1, "BD": 0},
            id="teams-first-sos-wins-for-the-team",
        ),
        pytest.param(
            Variant(players=4, teams=True, first_sos_wins=True),
            SCORING,
            "D",
            (0, 0, 0, 0),
            "BD",
            None,
            {"AC": 0, "BD": 2},
            id="teams-first-on-the-last-cell",
        ),
        pytest.param(
            Variant(players=4, teams=True, first_sos_wins=True),
            QUIET,
            "B",
            (0, 0, 0, 0),
            "draw",
            None,
            {"AC": 0, "BD": 0},
            id="teams-first-none",
        ),
    ],
)
def test_the_game_ends_when_and_as_its_variant_says(variant, where, seat, scores, winner, next_seat, side_scores):
    start, played = where
    position = Position(board(start), variant, seat, scores)
    (step,) = play(position, played)
    after = step.after
    assert step.seat == seat
    assert after.side_scores == side_scores, explain(after)
    if winner is None:
        assert after.outcome is None, explain(after)
    else:
        assert after.outcome == Outcome(None if winner == "draw" else winner), explain(after)
    assert step.next_seat == next_seat, explain(after)
    assert after.is_over == (winner is not None)


def test_a_board_is_written_as_rows_from_the_top_separated_by_slashes():
    written = parse_board("S.O./..S./O.../..O.")
    assert written == board("S . O .\n. . S .\nO . . .\n. . O .")
    assert written[Cell(0, 3)] is Letter.S and written[Cell(2, 0)] is Letter.O  # A4 and C1
    assert board_text(written) == "S.O./..S./O.../..O."
    assert parse_board(" s.o / ... / ..o ") == parse_board("S.O/.../..O")  # spaces around rows, lower case
    # cells spaced, as a worked example's grid is written, or parted by a tab: refused at place 2 (sweep ad74, 9)
    assert parse_board("S . O / . . . / . .\tO") == parse_board("S.O/.../..O")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("S.X/.../...", "row 1 ('S.X') holds 'X' at place 3: write S, O or . for an empty cell"),
        ("S../.-./...", "row 2 ('.-.') holds '-' at place 2: write S, O or . for an empty cell"),
        # a row quoted as typed, spaces kept: "S O ." was shown as 'SO.' (sweep ad76, 4)
        ("S O X/.../...", "row 1 ('S O X') holds 'X' at place 3: write S, O or . for an empty cell"),
        (
            "S O ./..S./O.../..O.",
            "row 1 ('S O .') has 3 cells, but there are 4 rows: a board has as many cells in each row as it has rows, "
            "separated by /",
        ),
        (  # rows parted by spaces, as a grid is written on paper (sweep ad78, 6)
            "S.O. ..S. O... ..O.",
            "row 1 ('S.O. ..S. O... ..O.') has 16 cells, but there is 1 row: a board has as many cells in each row as "
            'it has rows, separated by /; rows are separated by "/", not spaces',
        ),
        (  # a grid pasted from a text, or a sheet's cells: "not spaces" said of line breaks and tabs (ad92, 7)
            "S.O.\n..S.\nO...\n..O.",
            "row 1 ('S.O.\\n..S.\\nO...\\n..O.') has 16 cells, but there is 1 row: a board has as many cells in each "
            'row as it has rows, separated by /; rows are separated by "/", not line breaks',
        ),
        (  # however its cells are spaced, or a line break within rows parted by "/" (ad93, 7)
            "S . O .\n. . S .\nO . . .\n. . O .",
            "row 1 ('S . O .\\n. . S .\\nO . . .\\n. . O .') has 16 cells, but there is 1 row: a board has as many "
            'cells in each row as it has rows, separated by /; rows are separated by "/", not line breaks',
        ),
        (
            "S.O./..S.\nO.../..O.",
            "row 1 ('S.O.') has 4 cells, but there are 3 rows: a board has as many cells in each row as it has rows, "
            'separated by /; rows are separated by "/", not line breaks',
        ),
        (
            "S.O.\t..S.\tO...\t..O.",
            "row 1 ('S.O.\\t..S.\\tO...\\t..O.') has 16 cells, but there is 1 row: a board has as many cells in each "
            'row as it has rows, separated by /; rows are separated by "/", not tabs',
        ),
        (
            "S.O\\.../...",
            "row 1 ('S.O\\...') holds '\\' at place 4: write S, O or . for an empty cell; rows are "
            'separated by "/", not "\\"',
        ),
        (
            "S.../..../.../....",
            "row 3 ('...') has 3 cells, but there are 4 rows: a board has as many cells in each row as it has rows, "
            "separated by /",
        ),
        (
            "SOS",
            "row 1 ('SOS') has 3 cells, but there is 1 row: a board has as many cells in each row as it has rows, "
            "separated by /",
        ),
        ("S./..", "a board has 3 to 8 rows, not 2"),
        ("/".join(["." * 9] * 9), "a board has 3 to 8 rows, not 9"),
        ("", 'no board given: write its rows from top to bottom separated by "/", like S.O/..S/O..'),
        (" / ", 'the board ends with "/": a "/" goes between two rows only'),
        # a "/" after the last row, or before the first, was blamed on row 1's length; one cell is "1 cell" (ad74, 9)
        ("S.O/..S/O../", 'the board ends with "/": a "/" goes between two rows only'),
        ("/S.O/..S/O..", 'the board starts with "/": a "/" goes between two rows only'),
        (
            "S/O",
            "row 1 ('S') has 1 cell, but there are 2 rows: a board has as many cells in each row as it has rows, "
            "separated by /",
        ),
        (
            "S.O//O..",
            "row 2 ('') has 0 cells, but there are 3 rows: a board has as many cells in each row as it has "
            "rows, separated by /",
        ),
        # Spaces typed for empty cells: "the board ends with '/'", "row 2 ('') has 0 cells" said nothing of them (ad85)
        (
            "S O /    /    /    ",
            "row 1 ('S O') has 2 cells, but there are 4 rows: a board has as many cells in each row as it has rows, "
            "separated by /; write . for an empty cell, not a space",
        ),
        (
            "S.O./    /..../....",
            "row 2 ('    ') has 0 cells, but there are 4 rows: a board has as many cells in each row as it has rows, "
            "separated by /; write . for an empty cell, not a space",  # its spaces shown: "('')" (ad86, 10)
        ),
        ("S.O./..../..../..../ ", 'the board ends with "/": a "/" goes between two rows only'),
    ],
)
def test_a_board_that_cannot_be_read_is_refused_naming_the_row(text, message):
    with pytest.raises(BoardTextError) as caught:
        parse_board(text)
    assert str(caught.value) == message


@pytest.mark.parametrize("size", [3, 8])
def test_the_smallest_and_the_largest_board_are_read(size):
    assert parse_board("/".join(["." * size] * size)).size == size
