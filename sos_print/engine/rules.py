"""Implements the rules of SOS: letters, boards, moves, scoring, turns, the end and the variants.

Positions are immutable: playing a move returns a new position. The engine
imports only the standard library, so anything can check a game with it.
"""

from __future__ import annotations

import enum
from functools import cached_property

from sos_print.engine.errors import (
    BoardTextError,
    GameOverError,
    LetterError,
    OccupiedCellError,
    OffBoardError,
    VariantError,
    a_board,
    quoted,
)
from sos_print.engine.frozen import frozen, replace
from sos_print.engine.grid import MAX_SIZE, MIN_SIZE, Cell, Segment, all_cells, all_segments, segments_through
from sos_print.engine.notation import cell_name

SEATS = "ABCD"
MAX_PLAYERS = len(SEATS)


class Letter(enum.Enum):
    """Names the two letters a player may write."""

    S = "S"
    O = "O"

    @classmethod
    def parse(cls, text: str) -> Letter:
        """Returns the letter written as `text` ("S" or "O"), or raises LetterError."""
        try:
            return cls(text)
        except ValueError:
            raise LetterError(text, quoted(text)) from None


@frozen
class Move:
    """Writes `letter` into `cell`."""

    cell: Cell
    letter: Letter


@frozen
class Board:
    """Holds the letters of a square board, indexed by row (0 = bottom) then column."""

    size: int
    letters: tuple[Letter | None, ...]

    def __post_init__(self) -> None:
        if self.size < MIN_SIZE:
            raise VariantError(f"a board needs at least {MIN_SIZE} × {MIN_SIZE} cells, not {self.size} × {self.size}")
        if len(self.letters) != self.size * self.size:
            raise ValueError(f"{a_board(self.size)} holds {self.size**2} cells, not {len(self.letters)}")

    @classmethod
    def empty(cls, size: int) -> Board:
        """Returns a board of `size` x `size` empty cells."""
        return cls(size, (None,) * (size * size))

    @classmethod
    def from_rows(cls, rows: list[list[Letter | None]]) -> Board:
        """Returns the board whose rows are given top to bottom, as printed."""
        size = len(rows)
        if any(len(row) != size for row in rows):
            raise ValueError("every row of a board needs as many cells as there are rows")
        return cls(size, tuple(letter for row in reversed(rows) for letter in row))

    def __getitem__(self, cell: Cell) -> Letter | None:
        return self.letters[cell.row * self.size + cell.col]

    def with_letter(self, cell: Cell, letter: Letter) -> Board:
        """Returns a copy of the board with `letter` written in `cell`."""
        index = cell.row * self.size + cell.col
        return replace(self, letters=self.letters[:index] + (letter,) + self.letters[index + 1 :])

    def rows(self) -> list[list[Letter | None]]:
        """Returns the letters row by row, top to bottom, as printed."""
        n = self.size
        return [list(self.letters[row * n : row * n + n]) for row in reversed(range(n))]

    def filled(self) -> int:
        """Counts the cells that hold a letter."""
        return sum(letter is not None for letter in self.letters)

    def is_full(self) -> bool:
        """Tells whether every cell holds a letter."""
        return None not in self.letters

    def empty_cells(self) -> list[Cell]:
        """Returns the empty cells, row by row from the bottom."""
        return [cell for cell in all_cells(self.size) if self[cell] is None]

    def reads_sos(self, segment: Segment) -> bool:
        """Tells whether `segment` reads S-O-S on this board."""
        # By index, with no Cell made for the middle: every segment of every board a replay draws and weighs is read.
        start, end, size, letters = segment.start, segment.end, self.size, self.letters
        return (
            letters[start.row * size + start.col] == Letter.S
            and letters[end.row * size + end.col] == Letter.S
            and letters[(start.row + end.row) // 2 * size + (start.col + end.col) // 2] == Letter.O
        )

    def sos_through(self, cell: Cell) -> tuple[Segment, ...]:
        """Returns the S-O-S segments that contain `cell`, in report order."""
        return tuple(seg for seg in segments_through(self.size)[cell] if self.reads_sos(seg))

    def sos_lines(self) -> tuple[Segment, ...]:
        """Returns every segment that reads S-O-S on this board, in report order."""
        return tuple(seg for seg in all_segments(self.size) if self.reads_sos(seg))

    def diagram(self) -> str:
        """Returns the board as text, top row first, "." for an empty cell."""
        return "\n".join(" ".join(letter.value if letter else "." for letter in row) for row in self.rows())


# Lower case is read too; every key is spelt out, as str.upper() would also make the long s "ſ" an S.
_TEXT_LETTERS = {"S": Letter.S, "s": Letter.S, "O": Letter.O, "o": Letter.O, ".": None}


def parse_board(text: str) -> Board:
    """Returns the board written as its rows from top to bottom separated by "/", each cell S, O or "."

    For example "S.O./..S./O.../..O.". Letters may be lower case, and cells and rows may be spaced ("S O . ." as a
    worked example's grid is written). Raises BoardTextError naming the row and the character at fault.
    """
    if not text.strip():
        raise BoardTextError('no board given: write its rows from top to bottom separated by "/", like S.O/..S/O..')
    raw = text.split("/")
    typed = [row.strip() for row in raw]  # quoted as typed: "S O ." was shown as 'SO.' (sweep ad76, 4)
    rows = ["".join(row.split()) for row in typed]
    # A "/" after the last row (or before the first) was blamed on row 1's length (sweep ad74, 9); a row of as many
    # spaces as there are rows is a row of empty cells typed as spaces, said to be one (ad85, 7).
    if len(rows) > 1 and not rows[-1] and len(raw[-1]) != len(rows):
        raise BoardTextError('the board ends with "/": a "/" goes between two rows only')
    if len(rows) > 1 and not rows[0] and len(raw[0]) != len(rows):
        raise BoardTextError('the board starts with "/": a "/" goes between two rows only')
    for number, row in enumerate(rows, start=1):
        for place, char in enumerate(row, start=1):
            if char not in _TEXT_LETTERS:
                slash = '; rows are separated by "/", not "\\"' if char == "\\" else ""
                raise BoardTextError(
                    f"row {number} ({quoted(typed[number - 1])}) holds {quoted(char)} at place {place}: write S, O "
                    f"or . for an empty cell{slash}"
                )
    size = len(rows)
    for number, row in enumerate(rows, start=1):
        if len(row) != size:
            parts = typed[0].split()
            # "S.O. ..S. O... ..O.": rows parted by spaces, as a grid is written on paper (sweep ad78, 6)
            spaced = size == 1 and len(parts) > 1 and all(len(part) == len(parts) for part in parts)
            # a grid pasted on several lines, however its cells are spaced: "S . O ." lines were told nothing (ad93, 7)
            spaced = spaced or any(len(text.splitlines()) > 1 for text in typed)
            raise BoardTextError(
                f"row {number} ({quoted(typed[number - 1] or raw[number - 1])}) has {len(row)} "
                f"{'cell' if len(row) == 1 else 'cells'}, "
                f"but there {'is 1 row' if size == 1 else f'are {size} rows'}: "
                "a board has as many cells in each row as it has rows, separated by /"
                + (f'; rows are separated by "/", not {_spacing("/".join(typed))}' if spaced else "")
                + ("; write . for an empty cell, not a space" if len(row) < size == len(raw[number - 1]) else "")
            )
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise BoardTextError(f"a board has {MIN_SIZE} to {MAX_SIZE} rows, not {size}")
    return Board.from_rows([[_TEXT_LETTERS[char] for char in row] for row in rows])


def _spacing(typed: str) -> str:
    """Returns what parts a board's rows as typed: "line breaks" (a grid pasted from a text), "tabs" or "spaces"."""
    return "line breaks" if len(typed.splitlines()) > 1 else "tabs" if "\t" in typed else "spaces"


def board_text(board: Board) -> str:
    """Returns the board as its rows from top to bottom separated by "/", like "S.O./..S./O.../..O."."""
    return "/".join("".join(letter.value if letter else "." for letter in row) for row in board.rows())


@frozen
class Variant:
    """Holds the rule options of a game: players, teams, a target score, the first S-O-S wins."""

    players: int = 2
    teams: bool = False
    target: int = 0
    first_sos_wins: bool = False

    def __post_init__(self) -> None:
        if not 2 <= self.players <= MAX_PLAYERS:
            raise VariantError(f"a game has 2 to {MAX_PLAYERS} players, not {self.players}")
        if self.teams and self.players != 4:
            raise VariantError(f"team SOS needs 4 players (A and C against B and D), not {self.players}")
        if self.target < 0:
            raise VariantError(f"the target score cannot be negative ({self.target})")
        if self.target and self.first_sos_wins:
            raise VariantError("choose either a target score or the first S-O-S wins, not both")

    @property
    def seats(self) -> tuple[str, ...]:
        """Returns the seats in playing order, e.g. ("A", "B", "C")."""
        # A tuple, not the string "ABC": a seat is tested by equality, and "AB" or "" is in "ABC" but not a seat.
        return tuple(SEATS[: self.players])

    @property
    def sides(self) -> tuple[str, ...]:
        """Returns the sides that score: the seats, or the teams "AC" and "BD"."""
        return ("AC", "BD") if self.teams else self.seats

    def side_of(self, seat: str) -> str:
        """Returns the side that `seat` scores for."""
        return next(side for side in self.sides if seat in side)


@frozen
class Outcome:
    """Tells how a game ended: the winning side, or None for a draw."""

    winner: str | None


@frozen
class Step:
    """Records one move: who wrote it, the new segments it completed, and the position after it."""

    seat: str
    move: Move
    segments: tuple[Segment, ...]
    after: Position

    @property
    def points(self) -> int:
        """Returns the points the move scored: one per new segment."""
        return len(self.segments)

    @property
    def next_seat(self) -> str | None:
        """Returns the seat that writes next, or None when the move ended the game."""
        return None if self.after.is_over else self.after.seat


@frozen
class Position:
    """Holds a board, the variant, whose turn it is, the scores by seat and the outcome once over."""

    board: Board
    variant: Variant = Variant()
    seat: str = "A"
    scores: tuple[int, ...] = ()
    outcome: Outcome | None = None

    def __post_init__(self) -> None:
        if not self.scores:
            object.__setattr__(self, "scores", (0,) * self.variant.players)
        if len(self.scores) != self.variant.players:
            raise ValueError(f"{len(self.scores)} scores for {self.variant.players} players")
        if self.seat not in self.variant.seats:
            raise ValueError(f"seat {self.seat!r} is not one of {', '.join(self.variant.seats)}")

    @classmethod
    def start(cls, board: Board | int, variant: Variant | None = None) -> Position:
        """Returns the position before the first move: seat A to write, no points.

        Lines already on a starting board never score. A full starting board is a drawn game.
        """
        if isinstance(board, int):
            board = Board.empty(board)
        position = cls(board, variant or Variant())
        if board.is_full():
            return replace(position, outcome=Outcome(None))
        return position

    @property
    def is_over(self) -> bool:
        """Tells whether the game has ended."""
        return self.outcome is not None

    @cached_property
    def side_scores(self) -> dict[str, int]:
        """Returns the points of each side, in seat order."""
        by_seat = dict(zip(self.variant.seats, self.scores, strict=True))
        return {side: sum(by_seat[seat] for seat in side) for side in self.variant.sides}

    def step(self, move: Move) -> Step:
        """Plays `move` for the seat to write and records the result.

        Raises GameOverError, OffBoardError, OccupiedCellError or LetterError,
        each naming the cell, if the rules forbid the move.
        """
        self._check_legal(move)
        board = self.board.with_letter(move.cell, move.letter)
        segments = board.sos_through(move.cell)
        index = self.variant.seats.index(self.seat)
        scores = self.scores[:index] + (self.scores[index] + len(segments),) + self.scores[index + 1 :]
        next_seat = self.seat if segments else self.variant.seats[(index + 1) % self.variant.players]
        after = Position(board, self.variant, next_seat, scores)
        return Step(self.seat, move, segments, replace(after, outcome=after._outcome(self.seat, len(segments))))

    def play(self, move: Move) -> Position:
        """Returns the position after `move`."""
        return self.step(move).after

    def _check_legal(self, move: Move) -> None:
        name = cell_name(move.cell, self.board.size)
        if self.is_over:
            raise GameOverError(move.cell, name)
        if not move.cell.on_board(self.board.size):
            raise OffBoardError(move.cell, name)
        if not isinstance(move.letter, Letter):
            raise LetterError(move.letter, repr(move.letter))
        if self.board[move.cell] is not None:
            raise OccupiedCellError(move.cell, name)

    def _outcome(self, mover: str, points: int) -> Outcome | None:
        """Returns how the game ends after `mover` scored `points`, or None while it goes on."""
        variant, side = self.variant, self.variant.side_of(mover)
        if points and variant.first_sos_wins:
            return Outcome(side)
        if points and variant.target and self.side_scores[side] >= variant.target:
            return Outcome(side)
        if self.board.is_full():
            return _by_totals(self.side_scores)
        return None


def _by_totals(side_scores: dict[str, int]) -> Outcome:
    """Returns the outcome of a full grid: the single highest side wins, equal highest draw."""
    best = max(side_scores.values())
    leaders = [side for side, points in side_scores.items() if points == best]
    return Outcome(leaders[0] if len(leaders) == 1 else None)


def replay(start: Position, moves: list[Move]) -> list[Step]:
    """Plays `moves` in order from `start` and returns one step per move."""
    steps: list[Step] = []
    position = start
    for move in moves:
        steps.append(position.step(move))
        position = steps[-1].after
    return steps
