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

Every position comes from a game between plausible players (`players`): score-now and no-gift
positions from games played here, as they are common enough to find at once; best-move
positions, rare in play (under 1 in 100 positions with a scoring move, each needing a search),
from a bank of verified positions (`bank`), turned by one of the 8 symmetries of the square.
Every answer is computed here, when the sheet is made.

A class shares no puzzle: the sheets of a set are neighbours in a family of 40 sheets, made in
order, each avoiding every position (and its images) that the sheets before it in the family
took. See docs/design.md for the method and its figures.
"""

from __future__ import annotations

import enum
import hashlib
import random
from collections import Counter
from collections.abc import Callable, Collection

from sos_print.engine.compact import Geometry, bits, geometry
from sos_print.engine.errors import SosError
from sos_print.engine.frozen import frozen
from sos_print.engine.players import Counts, Style, lively, play
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
    that seed and one copy. Up to 40 sheets of six puzzles share no position (with more
    best-move puzzles the bank runs out, and its least used positions come back); beyond 40,
    the set goes on in another family. `progress(done, copies)` is called after each sheet.
    """
    if size not in SIZES:
        raise SosError(f"puzzles are made on boards of {SIZES[0]}x{SIZES[0]} to {SIZES[-1]}x{SIZES[-1]}, not {size}")
    if count < 1 or copies < 1:
        raise SosError("a sheet needs at least one puzzle, and a set at least one sheet")
    families: dict[int, _Family] = {}
    sheets = []
    for number in range(1, copies + 1):
        own = sheet_seed(seed, number)
        family, rank = place(own)
        sheets.append(
            Sheet(number, own, size, kind, families.setdefault(family, _Family(kind, size, count, family)).sheet(rank))
        )
        if progress:
            progress(number, copies)
    return tuple(sheets)


FAMILY = 40  # the sheets of a family, which share no position
_FAMILIES = 1_000_000 // FAMILY  # 25,000 families of 40 sheets: seeds 0 to 999,999
# Each rank's seeds are its families turned by an offset of its own (none for rank 0), so that
# the seeds of one family are far apart and unlike each other: not 1, 25,001, 50,001, nor 100,000
# and 200,000, which two classes might be given.
_OFFSETS = (
    0,
    *(
        int(hashlib.sha256(f"sos-print family rank {rank}".encode()).hexdigest(), 16) % _FAMILIES
        for rank in range(1, FAMILY)
    ),
)
# After 40 sheets a set goes on in another family, this many further: a prime, so that the five
# families of a set of 200 differ.
_NEXT_FAMILY = 7_919


def place(seed: int) -> tuple[int, int]:
    """Returns the family of a sheet's seed and its rank in the family: seeds 0 to 24,999 are the first of theirs."""
    rank = seed // _FAMILIES
    return (seed + _OFFSETS[rank]) % _FAMILIES, rank


def seed_at(family: int, rank: int) -> int:
    """Returns the seed of the sheet of `rank` in `family` (`place` read backwards)."""
    return (family - _OFFSETS[rank]) % _FAMILIES + _FAMILIES * rank


def sheet_seed(seed: int, number: int) -> int:
    """Returns the seed of sheet `number` of a set made with `seed`: the seed itself for the first sheet.

    The sheets of a set are the sheets after it in the family of `seed`, going round the
    family's 40 sheets, so that the set's sheets avoid one another's positions; after 40 sheets
    the set goes on in another family.
    """
    lap, step = divmod(number - 1, FAMILY)
    family, rank = place(seed)
    return seed_at((family + lap * _NEXT_FAMILY) % _FAMILIES, (rank + step) % FAMILY)


def puzzle_sheet(kind: PuzzleKind | None, size: int, count: int, seed: int, number: int = 1) -> Sheet:
    """Returns one sheet of `count` different puzzles, fewest empty cells first among each kind's, made from `seed`
    alone."""
    family, rank = place(seed)
    return Sheet(number, seed, size, kind, _Family(kind, size, count, family).sheet(rank))


class _Family:
    """Makes the sheets of one family in order of rank, each avoiding every position the ones before it took.

    A sheet's puzzles depend on its seed and on the sheets of lower rank in its family, which
    are made again (in order) whenever it is made: at most 39 more. Their best-move positions
    are drawn but solved only when their sheet is asked for: the sheets made only to be avoided
    cost no search.
    """

    def __init__(self, kind: PuzzleKind | None, size: int, count: int, family: int) -> None:
        self.kind, self.size, self.count, self.family = kind, size, count, family
        self.made: list[tuple[Puzzle | Banked, ...]] = []  # a best-move position is solved when its sheet is asked
        self.used: Counter[str] = Counter()  # canonical names of the positions taken, and on how many sheets
        self.geo = geometry(size)
        self.solver = Solver(MAX_EMPTY)

    def sheet(self, rank: int) -> tuple[Puzzle, ...]:
        """Returns the puzzles of the family's sheet of `rank`, making the sheets up to it."""
        while len(self.made) <= rank:
            self.made.append(self._next(seed_at(self.family, len(self.made))))
        puzzles = tuple(self._solved(item) for item in self.made[rank])
        self.made[rank] = puzzles
        return puzzles

    def _solved(self, item: Puzzle | Banked) -> Puzzle:
        if isinstance(item, Puzzle):
            return item
        # The bank is verified; the answers are computed again here, on the turned board.
        puzzle = make_puzzle(PuzzleKind.BEST_MOVE, item.board, item.seat, self.solver)
        if not puzzle.is_good():
            raise SosError(f"a banked best-move position is not a good puzzle any more:\n{item.board.diagram()}")
        return puzzle

    def _next(self, seed: int) -> tuple[Puzzle | Banked, ...]:
        from sos_print.engine.bank import banked_positions

        kind, size, count = self.kind, self.size, self.count
        rng = random.Random(f"{kind.value if kind else 'mixed'} {size} {count} {seed}")
        here: set[str] = set()
        items: list[tuple[int, int, Puzzle | Banked]] = []
        for step, (chosen, target) in enumerate(plan(kind, size, count)):
            item: Puzzle | Banked
            if chosen is PuzzleKind.BEST_MOVE:
                item = _from_bank(banked_positions(size), target, rng, self.used, here)
                name = item.name
            else:
                item = _from_play(chosen, self.geo, target, rng, self.used)
                name = canonical(item.board)
            here.add(name)
            self.used[name] += 1
            items.append((size * size - item.board.filled(), step, item))
        return _in_order(items, [chosen for chosen, _ in plan(kind, size, count)])


def _in_order(items: list[tuple[int, int, Puzzle | Banked]], kinds: list[PuzzleKind]) -> tuple[Puzzle | Banked, ...]:
    """Returns a sheet's drawn puzzles (empty cells, step, puzzle) fewest empty cells first, each kind's among its own
    places of the plan (`kinds`, one per step): puzzle k of a mixed sheet asks the same on every sheet of a set, as
    the key's marking grid heads its column (issue 23: sorting them all made puzzles 4 and 5 trade kinds)."""
    ranked = {kind: iter(sorted(entry for entry in items if kinds[entry[1]] is kind)) for kind in dict.fromkeys(kinds)}
    return tuple(next(ranked[kind])[2] for kind in kinds)


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

# The players of each kind's games (`players`): they take a point and avoid a gift when they
# can, the score-now players a little less often, so that points are left about; the no-gift
# players more often, so that they run out of safe moves.
PLAYERS = {PuzzleKind.SCORE_NOW: Style(take=0.8, careful=0.6), PuzzleKind.NO_GIFT: Style(take=0.95, careful=0.9)}


def _from_play(kind: PuzzleKind, geo: Geometry, target: int, rng: random.Random, taken: Collection[str]) -> Puzzle:
    """Returns a good puzzle of `kind` near `target` empty cells, not in `taken`, from games played with `rng`."""
    low, high = EMPTY_CELLS[kind][geo.size]
    for game in range(_GIVE_UP):
        near = 0 if game < 50 else 1 if game < 200 else 2  # widen only if the exact number is slow to come
        for letters, seat, empty, counts in play(geo, rng, PLAYERS[kind], min(high, target + near)):
            if empty < max(low, target - near):
                break  # the rest of the game has fewer empty cells still
            if not good(kind, counts):
                continue
            if not lively(geo.size, letters):
                continue
            board = Board(geo.size, letters)
            if canonical(board) not in taken:
                puzzle = make_puzzle(kind, board, seat)
                assert puzzle.is_good(), board.diagram()  # the counts of play and of the puzzle are one rule
                return puzzle
    raise SosError(f"no {kind.value} puzzle with about {target} empty cells was found on a {geo.size}x{geo.size} board")


def _from_bank(bank: tuple[Banked, ...], target: int, rng: random.Random, used: Counter[str], here: set[str]) -> Banked:
    """Returns a best-move position drawn from the bank at `target` empty cells, turned by a random symmetry.

    It draws among the positions of exactly `target` empty cells that no sheet of the family
    took yet, or of one or two more or fewer if every one was taken; when all of those were
    taken too, among the least used of them (never one of this sheet).
    """
    fresh = [entry for entry in bank if entry.name not in used]
    pool: list[Banked] = []
    for reach in range(3):
        pool = pool or [entry for entry in fresh if abs(entry.empty - target) <= reach]
    if not pool:
        near = [entry for entry in bank if abs(entry.empty - target) <= 2 and entry.name not in here]
        if not near:
            raise SosError("the puzzle bank holds too few best-move positions for this sheet")
        least = min(used[entry.name] for entry in near)
        pool = [entry for entry in near if used[entry.name] == least]
    chosen = rng.choice(pool)
    return Banked(chosen.seat, transformed(chosen.board, rng.randrange(8)), chosen.empty, chosen.name)


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
