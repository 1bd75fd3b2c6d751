"""Makes strategy puzzles whose answers are exact, and sheets of them for a class.

Three kinds, each a question about one position with the side to move named:

- score-now: "Which move scores the most points now?" Answers: every move with the greatest
  points now (at least 1).
- no-gift: nothing scores; "Find a move that gives nothing away." Answers: every move after
  which the other side has no scoring move.
- best-move: "Find the best move." Answers: every move of the greatest exact value (`solver`).

A good puzzle makes the children think: a score-now position has one to three answers and
something to compare them with (another scoring move, or two points at once); a no-gift
position has one to three safe moves among at least six gifts; in a best-move position the
greedy move (most points now) is not an answer, and there are one to four answers.

Score-now and no-gift positions come from games played here by two sensible players (who
mostly take points, and mostly avoid gifts); they are common enough to find at once.
Best-move positions are rare in play (under 1 in 100 positions with a scoring move, each
needing a search), so they are drawn from a bank of verified positions (`bank`), turned by
one of the 8 symmetries of the square. Every answer is computed here, when the sheet is made.
See docs/design.md for the method and its figures.
"""

from __future__ import annotations

import enum
import hashlib
import random
from collections.abc import Callable, Iterator

from sos_print.engine.compact import Geometry, bits, geometry
from sos_print.engine.errors import SosError
from sos_print.engine.frozen import frozen
from sos_print.engine.rules import Board, Letter, Move, Position, board_text
from sos_print.engine.solver import MAX_EMPTY, Solver


class PuzzleKind(enum.Enum):
    """Names the three questions a puzzle can ask."""

    SCORE_NOW = "score-now"
    NO_GIFT = "no-gift"
    BEST_MOVE = "best-move"


class SheetKind(enum.Enum):
    """Names what a sheet asks: puzzles of one kind, or the three kinds in turn."""

    SCORE_NOW = "score-now"
    NO_GIFT = "no-gift"
    BEST_MOVE = "best-move"
    MIXED = "mixed"

    @property
    def puzzle_kind(self) -> PuzzleKind | None:
        """Returns the kind of every puzzle of the sheet, or None when the three kinds take turns."""
        return None if self is SheetKind.MIXED else PuzzleKind(self.value)


KINDS = tuple(PuzzleKind)
SIZES = (4, 5, 6)
# The empty cells of each kind's positions, by board size: a sheet rises from the first to the last.
EMPTY_CELLS: dict[PuzzleKind, dict[int, tuple[int, int]]] = {
    PuzzleKind.SCORE_NOW: {4: (3, 9), 5: (4, 13), 6: (5, 16)},
    PuzzleKind.NO_GIFT: {4: (4, 8), 5: (4, 11), 6: (5, 13)},
    PuzzleKind.BEST_MOVE: {4: (4, 10), 5: (5, 12), 6: (6, 12)},
}
_LETTERS = (Letter.S, Letter.O)
_GIVE_UP = 2000  # games played for one puzzle before saying so (never reached in the measurements)


@frozen
class Choice:
    """Holds one legal move of a puzzle: its points now, whether it is a gift, and its exact value if searched."""

    move: Move
    points: int
    gift: bool  # scores nothing and leaves the other side a scoring move
    value: int | None = None


@frozen
class Puzzle:
    """Holds one puzzle: the position, whose turn it is, every legal move and the exact answer set."""

    kind: PuzzleKind
    board: Board
    to_move: str
    choices: tuple[Choice, ...]
    answers: tuple[Choice, ...]
    value: int | None = None  # best-move: the exact value of the position, which every answer reaches

    @property
    def empty(self) -> int:
        """Returns the number of empty cells."""
        return self.board.size**2 - self.board.filled()

    @property
    def text(self) -> str:
        """Returns the board as rows from the top separated by "/"."""
        return board_text(self.board)

    @property
    def greedy(self) -> tuple[Choice, ...]:
        """Returns the moves that score the most points now, if any scores."""
        most = max((choice.points for choice in self.choices), default=0)
        return tuple(choice for choice in self.choices if most and choice.points == most)

    @property
    def gifts(self) -> int:
        """Returns how many legal moves are gifts."""
        return sum(choice.gift for choice in self.choices)

    def is_good(self) -> bool:
        """Tells whether the puzzle makes children think (see the module's docstring)."""
        greedy = self.greedy
        return good(
            self.kind,
            Counts(
                answers=len(self.answers),
                most=greedy[0].points if greedy else 0,
                scoring=sum(choice.points > 0 for choice in self.choices),
                gifts=self.gifts,
                greedy_answers=len(set(greedy) & set(self.answers)),
            ),
        )


@frozen
class Counts:
    """Holds what decides whether a position makes a good puzzle: numbers of answers, scoring moves, gifts."""

    answers: int
    most: int  # the greatest points of a move now
    scoring: int
    gifts: int
    greedy_answers: int = 0  # best-move: answers among the moves that score the most now


def good(kind: PuzzleKind, counts: Counts) -> bool:
    """Tells whether a puzzle of `kind` with these counts makes children think (see the module's docstring)."""
    if kind is PuzzleKind.SCORE_NOW:
        return 1 <= counts.answers <= 3 and counts.most >= 1 and (counts.most >= 2 or counts.scoring > counts.answers)
    if kind is PuzzleKind.NO_GIFT:
        return 1 <= counts.answers <= 3 and not counts.scoring and counts.gifts >= 6
    return 1 <= counts.answers <= 4 and counts.most >= 1 and not counts.greedy_answers


@frozen
class Banked:
    """Holds one position of the best-move bank: the seat to move, the board, its empty cells and canonical name."""

    seat: str
    board: Board
    empty: int
    name: str


@frozen
class Sheet:
    """Holds one worksheet: its number in the set, the seed that makes it again, and its puzzles in order."""

    number: int
    seed: int
    size: int
    kind: PuzzleKind | None  # None for a mixed sheet
    puzzles: tuple[Puzzle, ...]

    @property
    def identifier(self) -> str:
        """Returns the sheet's recipe, like "5M6-482913": size, kind, count, seed.

        The kind's letter reads in English and French alike: P for points now, A for avoiding a
        gift (attention), E for the best move (expert), M for mixed (mélangés). The same options
        with `--seed` and one copy print the sheet again, identically.
        """
        letter = {None: "M", PuzzleKind.SCORE_NOW: "P", PuzzleKind.NO_GIFT: "A", PuzzleKind.BEST_MOVE: "E"}[self.kind]
        return f"{self.size}{letter}{len(self.puzzles)}-{self.seed}"


def make_puzzle(kind: PuzzleKind, board: Board, to_move: str, solver: Solver | None = None) -> Puzzle:
    """Returns the puzzle of `kind` about `board`, with its exact answer set (best-move runs the solver)."""
    choices = choices_of(board)
    if kind is PuzzleKind.SCORE_NOW:
        most = max((choice.points for choice in choices), default=0)
        answers = tuple(choice for choice in choices if most and choice.points == most)
        return Puzzle(kind, board, to_move, choices, answers)
    if kind is PuzzleKind.NO_GIFT:
        if any(choice.points for choice in choices):
            raise SosError(f"a no-gift puzzle needs a position where nothing scores:\n{board.diagram()}")
        answers = tuple(choice for choice in choices if not choice.gift)
        return Puzzle(kind, board, to_move, choices, answers)
    solution = (solver or Solver()).solve(Position(board, seat=to_move))
    valued = tuple(
        Choice(entry.move, entry.points, _gift_of(choices, entry.move), entry.value) for entry in solution.moves
    )
    answers = tuple(choice for choice in valued if choice.value == solution.value)
    return Puzzle(kind, board, to_move, valued, answers, solution.value)


def puzzle_sheets(
    kind: PuzzleKind | None,
    size: int,
    count: int,
    copies: int,
    seed: int,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[Sheet, ...]:
    """Returns `copies` different sheets of `count` puzzles of `kind` (None: the three kinds in turn).

    Sheet k is made from `sheet_seed(seed, k)` alone, so any one sheet can be made again with
    that seed and one copy. `progress(done, copies)` is called after each sheet.
    """
    if size not in SIZES:
        raise SosError(f"puzzles are made on boards of {SIZES[0]}x{SIZES[0]} to {SIZES[-1]}x{SIZES[-1]}, not {size}")
    if count < 1 or copies < 1:
        raise SosError("a sheet needs at least one puzzle, and a set at least one sheet")
    sheets = []
    for number in range(1, copies + 1):
        sheets.append(puzzle_sheet(kind, size, count, sheet_seed(seed, number), number))
        if progress:
            progress(number, copies)
    return tuple(sheets)


def sheet_seed(seed: int, number: int) -> int:
    """Returns the seed of sheet `number` of a set made with `seed`: the seed itself for the first sheet."""
    if number == 1:
        return seed
    digest = hashlib.sha256(f"sos-print puzzles {seed} {number}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % 1_000_000


def puzzle_sheet(kind: PuzzleKind | None, size: int, count: int, seed: int, number: int = 1) -> Sheet:
    """Returns one sheet of `count` different puzzles, fewest empty cells first, made from `seed` alone."""
    from sos_print.engine.bank import banked_positions

    rng = random.Random(f"{kind.value if kind else 'mixed'} {size} {count} {seed}")
    geo = geometry(size)
    solver = Solver(MAX_EMPTY)
    taken: set[str] = set()
    puzzles = []
    for step, (chosen, target) in enumerate(plan(kind, size, count)):
        if chosen is PuzzleKind.BEST_MOVE:
            puzzle = _from_bank(banked_positions(size), target, rng, taken, solver)
        else:
            puzzle = _from_play(chosen, geo, target, rng, taken)
        taken.add(canonical(puzzle.board))
        puzzles.append((puzzle.empty, step, puzzle))
    ordered = tuple(puzzle for _, _, puzzle in sorted(puzzles, key=lambda item: item[:2]))
    return Sheet(number, seed, size, kind, ordered)


def plan(kind: PuzzleKind | None, size: int, count: int) -> list[tuple[PuzzleKind, int]]:
    """Returns the kind and the target number of empty cells of each puzzle of a sheet, rising through it."""
    steps = []
    for step in range(count):
        chosen = kind or KINDS[step % len(KINDS)]
        low, high = EMPTY_CELLS[chosen][size]
        share = step / (count - 1) if count > 1 else 0.0
        steps.append((chosen, low + round(share * (high - low))))
    return steps


def canonical(board: Board) -> str:
    """Returns the least text of the 8 rotations and mirror images of `board`: one name for a puzzle and its images."""
    return min(board_text(transformed(board, symmetry)) for symmetry in range(8))


def transformed(board: Board, symmetry: int) -> Board:
    """Returns the image of `board` under symmetry number `symmetry` of the square (0 = itself)."""
    cell_map = geometry(board.size).cell_maps[symmetry]
    letters: list[Letter | None] = [None] * len(board.letters)
    for i, letter in enumerate(board.letters):
        letters[cell_map[i]] = letter
    return Board(board.size, tuple(letters))


# --- positions from play ---------------------------------------------------------------------

# How each kind's players play: the chance of taking a point when one is there, then of
# avoiding a gift when a safe move is there. Careless players leave points about (score-now);
# careful ones run out of safe moves (no-gift).
_STYLES = {PuzzleKind.SCORE_NOW: (0.5, 0.6), PuzzleKind.NO_GIFT: (0.95, 0.95)}


def _from_play(kind: PuzzleKind, geo: Geometry, target: int, rng: random.Random, taken: set[str]) -> Puzzle:
    """Returns a good puzzle of `kind` near `target` empty cells, from games played with `rng`."""
    low, high = EMPTY_CELLS[kind][geo.size]
    for game in range(_GIVE_UP):
        near = 0 if game < 50 else 1 if game < 200 else 2  # widen only if the exact number is slow to come
        for letters, seat, empty, counts in play(geo, rng, *_STYLES[kind]):
            if abs(empty - target) > near or not low <= empty <= high or not good(kind, counts):
                continue
            board = Board(geo.size, letters)
            if canonical(board) not in taken:
                puzzle = make_puzzle(kind, board, seat)
                assert puzzle.is_good(), board.diagram()  # the counts of play and of the puzzle are one rule
                return puzzle
    raise SosError(f"no {kind.value} puzzle with about {target} empty cells was found on a {geo.size}x{geo.size} board")


def play(
    geo: Geometry, rng: random.Random, take: float, careful: float
) -> Iterator[tuple[tuple[Letter | None, ...], str, int, Counts]]:
    """Plays one game from the empty board and yields each position before a move.

    Yields the letters, the seat to move, the number of empty cells and the counts of a
    score-now or no-gift puzzle about the position. The player takes a point with chance
    `take` if one is there; otherwise avoids gifts with chance `careful` if a safe move is
    there; otherwise writes anything.
    """
    fresh, started, threats, empty = (1 << geo.count) - 1, 0, 0, geo.all_cells
    letters: list[Letter | None] = [None] * geo.cells
    seat = "A"
    while empty:
        scoring, safe, every = [], [], []
        most = at_most = 0
        for cell in bits(empty):
            keep = geo.others[cell]
            for letter, need in ((Letter.S, geo.need_s[cell]), (Letter.O, geo.need_o[cell])):
                move = (cell, letter, need)
                every.append(move)
                points = (threats & need).bit_count()
                if points:
                    scoring.append(move)
                    if points > most:
                        most, at_most = points, 1
                    elif points == most:
                        at_most += 1
                elif not (threats & keep) | (started & need):
                    safe.append(move)
        answers = at_most if scoring else len(safe)
        counts = Counts(answers, most, len(scoring), len(every) - len(scoring) - len(safe))
        yield tuple(letters), seat, empty.bit_count(), counts
        if scoring and rng.random() < take:
            cell, letter, need = rng.choice(scoring)
        elif safe and rng.random() < careful:
            cell, letter, need = rng.choice(safe)
        else:
            cell, letter, need = rng.choice(every)
        keep = geo.others[cell]
        points = (threats & need).bit_count()
        fresh, started, threats = fresh & keep, (started & keep) | (fresh & need), (threats & keep) | (started & need)
        empty ^= 1 << cell
        letters[cell] = letter
        if not points:
            seat = "B" if seat == "A" else "A"


def _from_bank(bank: tuple[Banked, ...], target: int, rng: random.Random, taken: set[str], solver: Solver) -> Puzzle:
    """Returns a best-move puzzle drawn from the bank near `target` empty cells, turned by a random symmetry."""
    ranked = sorted(bank, key=lambda entry: (abs(entry.empty - target), entry.name))
    # Draw among the nearest few, so that sheets differ; the bank is verified, the answers computed again here.
    pool = [entry for entry in ranked if entry.name not in taken][:6]
    if not pool:
        raise SosError("the puzzle bank holds too few best-move positions for this sheet")
    chosen = rng.choice(pool)
    puzzle = make_puzzle(PuzzleKind.BEST_MOVE, transformed(chosen.board, rng.randrange(8)), chosen.seat, solver)
    if not puzzle.is_good():
        raise SosError(f"a banked best-move position is not a good puzzle any more:\n{chosen.board.diagram()}")
    return puzzle


def choices_of(board: Board) -> tuple[Choice, ...]:
    """Returns every legal move with its points now and whether it is a gift, top row first, S before O."""
    geo = geometry(board.size)
    position = geo.compact(board)
    choices = []
    for cell in sorted(bits(position.empty), key=lambda i: (-(i // geo.size), i % geo.size)):
        for letter in _LETTERS:
            points, after = geo.play(position, cell, letter)
            choices.append(Choice(geo.move(cell, letter), points, not points and bool(after.threats)))
    return tuple(choices)


def _gift_of(choices: tuple[Choice, ...], move: Move) -> bool:
    return next(choice.gift for choice in choices if choice.move == move)
