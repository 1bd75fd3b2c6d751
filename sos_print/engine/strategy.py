"""Holds the strategy the teacher's notes teach, each claim proven by the solver: three worked positions, and
the exact result of the empty 4 x 4 board.

The three ideas, each shown on a small position whose claims are computed when the notes are
printed (a few milliseconds each):

- take the point: the move that scores is also the best one;
- leave no gift: in a quiet position, almost every move gives the other side a point, and the
  one that gives nothing is also the best (a lesson must not advise a move that loses);
- sometimes refuse a point: taking it is worse than writing the other letter in its cell,
  because a player who scores must write again.

The empty 4 x 4 board takes about 2 s to solve, too long to repeat in every kit, so its result
is kept in `opening_4x4.txt` next to this module, written by

    python -m sos_print.engine.strategy            # solves the empty 4 x 4 board; rewrites the file

and proven again by a test marked slow. The notes read the file; a file that does not hold a
whole solution of the empty board is refused.
"""

from __future__ import annotations

import enum
import os
import sys
from functools import cache
from pathlib import Path

from sos_print.engine.errors import NotationError, SosError
from sos_print.engine.frozen import frozen
from sos_print.engine.notation import cell_name, parse_cell
from sos_print.engine.puzzles import Puzzle, PuzzleKind, make_puzzle
from sos_print.engine.rules import Letter, Move, Position, parse_board
from sos_print.engine.solver import MoveValue, Solution, solve

OPENING = Path(__file__).with_name("opening_4x4.txt")
OPENING_SIZE = 4


class Idea(enum.Enum):
    """Names the three ideas of the strategy section, in the order they are taught."""

    TAKE = "take"
    NO_GIFT = "no-gift"
    REFUSE = "refuse"


# The worked positions: the board (rows from the top) and the seat to move. Only the positions are
# written here; what they show is computed by `lessons()` and checked there.
POSITIONS: dict[Idea, tuple[str, str]] = {
    Idea.TAKE: ("SS.O/..../S.../OSSO", "A"),
    Idea.NO_GIFT: ("SSOS/...S/..../SOS.", "A"),
    Idea.REFUSE: ("OSSS/O.../O.../S.OS", "B"),
}


@frozen
class Lesson:
    """Holds one idea's worked position as a puzzle with its exact answers (best-move, or no-gift)."""

    idea: Idea
    puzzle: Puzzle
    value: int | None = None  # no-gift: the exact value of the position, from the solver
    best: tuple[Move, ...] = ()  # no-gift: the moves that reach it

    @property
    def best_quiet(self) -> int | None:
        """Returns the best value of a move that scores nothing (best-move lessons), to compare with taking."""
        quiet = [choice.value for choice in self.puzzle.choices if not choice.points and choice.value is not None]
        return max(quiet, default=None)


@cache
def lessons() -> tuple[Lesson, ...]:
    """Returns the three worked positions with every claim computed, checking that each shows its idea."""
    found = []
    for idea, (text, seat) in POSITIONS.items():
        kind = PuzzleKind.NO_GIFT if idea is Idea.NO_GIFT else PuzzleKind.BEST_MOVE
        board = parse_board(text)
        lesson = Lesson(idea, make_puzzle(kind, board, seat))
        if idea is Idea.NO_GIFT:
            solution = solve(Position(board, seat=seat))
            lesson = Lesson(idea, lesson.puzzle, solution.value, tuple(entry.move for entry in solution.best))
        if not shows(lesson):
            raise SosError(f"the worked position for {idea.value!r} does not show its idea:\n{text}")
        found.append(lesson)
    return tuple(found)


def shows(lesson: Lesson) -> bool:
    """Tells whether a lesson's position shows its idea, from the solver's answers."""
    puzzle = lesson.puzzle
    answers = set(puzzle.answers)
    if lesson.idea is Idea.TAKE:
        # Every move that scores the most is best, and the best quiet move is worse.
        quiet, best = lesson.best_quiet, puzzle.value
        if quiet is None or best is None:
            return False
        return bool(puzzle.greedy) and set(puzzle.greedy) <= answers and quiet < best
    if lesson.idea is Idea.NO_GIFT:
        safe_is_best = {answer.move for answer in answers} <= set(lesson.best)
        # One safe move: the notes say "only ... leaves nothing", and that it is the best.
        return len(answers) == 1 and puzzle.gifts == len(puzzle.choices) - 1 and safe_is_best
    return puzzle.is_good() and all(not answer.points for answer in puzzle.answers)


# --- the empty 4 x 4 board -------------------------------------------------------------------


@frozen
class Opening:
    """Holds the exact value of the empty board and of every first move."""

    size: int
    value: int
    moves: tuple[MoveValue, ...]

    @property
    def keeping(self) -> tuple[MoveValue, ...]:
        """Returns the first moves that reach the value of the empty board."""
        return tuple(entry for entry in self.moves if entry.value == self.value)


@cache
def opening() -> Opening:
    """Returns the proven result of the empty 4 x 4 board, read from `opening_4x4.txt` on first use."""
    return read_opening(OPENING.read_text(encoding="utf-8"))


def read_opening(text: str) -> Opening:
    """Reads the opening file: a line "value V", then one line per first move ("S B2 0 -1"); "#" starts a comment."""
    value: int | None = None
    moves = []
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.split("#")[0].split()
        if not words:
            continue
        try:
            if words[0] == "value" and len(words) == 2:
                value = int(words[1])
                continue
            letter, cell, points, worth = words
            move = Move(parse_cell(cell, OPENING_SIZE), Letter.parse(letter))
            moves.append(MoveValue(move, int(points), int(worth)))
        except (ValueError, NotationError):
            raise SosError(
                f"{OPENING.name}: line {number}: write 'value V' or a move as 'S B2 0 -1' (letter, cell, points, value)"
            ) from None
    legal = {Move(cell, letter) for cell in Position.start(OPENING_SIZE).board.empty_cells() for letter in Letter}
    if value is None or {entry.move for entry in moves} != legal or len(moves) != len(legal):
        raise SosError(f"{OPENING.name}: it must hold the value and every first move of the empty 4 × 4 board once")
    return Opening(OPENING_SIZE, value, tuple(moves))


def opening_text(solution: Solution) -> str:
    """Returns the opening file for the solution of the empty board."""
    header = [
        "# The empty 4x4 board solved exactly: its value for the first player, then every first move",
        "# (letter, cell, points now, exact value). Printed in the teacher's notes; proven again by a slow test.",
        "# Built by `python -m sos_print.engine.strategy` (about 2 s).",
    ]
    lines = [
        f"{entry.move.letter.value} {cell_name(entry.move.cell, OPENING_SIZE)} {entry.points} {entry.value}"
        for entry in solution.moves
    ]
    return "\n".join([*header, f"value {solution.value}", *lines]) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Solves the empty 4x4 board and writes the result (atomically) over opening_4x4.txt, or where --out says."""
    import argparse  # only the building command needs it: printing never loads it

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=OPENING, help="the file to write")
    args = parser.parse_args(argv)
    solution = solve(Position.start(OPENING_SIZE))
    temporary = args.out.with_name(args.out.name + ".tmp")
    temporary.write_text(opening_text(solution), encoding="utf-8")
    os.replace(temporary, args.out)
    print(f"wrote {args.out}: value {solution.value}, {len(solution.best)} first moves keep it", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
