"""Weighs every move of a played game with perfect play: what it was worth, what was best, where the game turned.

For each move the solver gives, from the mover's side (as `solve` defines values), the value of
the position before it (`best_value`: what the best moves reach) and the value of the move
played (`value`). The difference is what the move cost. A move that cost something is:

- a *missed point* when every best move scored more now than the move played;
- a *gift* when it scored nothing and left the other side a move that scores, while a best
  move scored or left nothing;
- otherwise a *mistake*: it cost points later in the game, with best play.

The *turning point* is the move that cost the most (the first of equals). Positions with more
empty cells than `weighing_limit` allows, or variants the solver cannot weigh, are not solved.

Every move, solved or not, also gets the two facts one look ahead decides, on any board and in
every variant: whether another letter there scored more at once (`chance`: the most points a
move of the position scored, and where; a move that scored and left that much for its mover,
who writes again, missed nothing unless the solver says so), and whether a move that scored
nothing left the next side a move that scores (`opening`: the most it can score, and where; in
the variant the first S-O-S wins, that is a win). Where the solver weighs a move the two agree:
a missed point is a chance left, a gift an opening given.
"""

from __future__ import annotations

import enum
from collections.abc import Callable

from sos_print.engine.frozen import frozen, replace
from sos_print.engine.rules import Letter, Move, Position, Step
from sos_print.engine.solver import MAX_EMPTY, Solver, solvable_variant


class Slip(enum.Enum):
    """Names what a move that cost points did wrong."""

    MISSED_POINT = "missed point"
    GIFT = "gift"
    MISTAKE = "mistake"


@frozen
class Chance:
    """Holds the most points one letter scores at once in a position, and every move that scores them (none when
    no move scores)."""

    points: int = 0
    moves: tuple[Move, ...] = ()


def chance_in(position: Position) -> Chance:
    """Returns the most points one letter scores at once in `position` (none once the game is over)."""
    found = replies_in(position)
    return found[0] if found else Chance()


def replies_in(position: Position) -> tuple[Chance, ...]:
    """Returns every move that scores at once in `position`, grouped by the points it scores, most first: after a
    gift, every reply it left (none once the game is over)."""
    if position.is_over:
        return ()
    board = position.board
    scored = [
        (len(board.with_letter(cell, letter).sos_through(cell)), Move(cell, letter))
        for cell in board.empty_cells()
        for letter in (Letter.S, Letter.O)
    ]
    counts = sorted({points for points, _ in scored if points}, reverse=True)
    return tuple(Chance(count, tuple(move for points, move in scored if points == count)) for count in counts)


@frozen
class MoveAnalysis:
    """Holds one move of a game as the solver weighs it (`solved` False: the values are None, `best` empty)."""

    number: int
    seat: str
    move: Move
    points: int
    solved: bool
    value: int | None = None
    best_value: int | None = None
    best: tuple[Move, ...] = ()
    best_points: int = 0  # the most points a best move scores now
    least_best_points: int = 0  # the fewest points a best move scores now
    safe_best: bool = False  # some best move scores, or leaves the other side no scoring move
    chance: Chance = Chance()  # the most the mover could score at once, and where
    opening: Chance = Chance()  # after a move that scored nothing, the most the next side can score at once
    kept: int = 0  # after a move that scored, the most its mover, who writes again, can still score at once
    lead: int = 0  # the mover's side's points before the move, less the best other side's

    @property
    def gift(self) -> bool:
        """Tells whether the move scored nothing and left the next side a move that scores."""
        return bool(self.opening.points)

    @property
    def missed(self) -> int:
        """Returns how many more points another letter would have scored at once: 0 if none would, or if the move
        scored and left its mover, who writes again, that many still to take, unless the solver finds that taking
        them first was better (a missed point: the other orders of the same letters lost it something)."""
        if self.points and self.kept >= self.chance.points and self.slip is not Slip.MISSED_POINT:
            return 0
        return max(0, self.chance.points - self.points)

    @property
    def finish(self) -> int | None:
        """Returns the mover's side's final lead after this move, with best play from there on (None unsolved)."""
        return None if self.value is None else self.lead + self.value

    @property
    def best_finish(self) -> int | None:
        """Returns the mover's side's final lead with best play from before this move (None unsolved)."""
        return None if self.best_value is None else self.lead + self.best_value

    @property
    def cost(self) -> int:
        """Returns what the move cost against best play (0 for a best move or an unsolved one)."""
        if self.value is None or self.best_value is None:
            return 0
        return self.best_value - self.value

    @property
    def slip(self) -> Slip | None:
        """Returns what a move that cost points did wrong, or None for a best (or unsolved) move."""
        if not self.cost:
            return None
        if self.least_best_points > self.points:
            return Slip.MISSED_POINT
        if self.gift and self.safe_best:
            return Slip.GIFT
        return Slip.MISTAKE


Progress = Callable[[int, int], None]
# On 7 x 7 and 8 x 8 boards, a position with 16 empty cells crowded with S takes the solver up to
# about three times the empty 4 x 4 board (about 6 s on a two-core machine, docs/performance.md), and
# each empty cell fewer about a third as long: a game's analysis weighs many positions with no budget
# of work, so big boards start two cells later.
_BIG_BOARD, _BIG_BOARD_LIMIT = 7, 14


def weighing_limit(size: int) -> int:
    """Returns the most empty cells a position of a game on a `size` board may have to be weighed."""
    return _BIG_BOARD_LIMIT if size >= _BIG_BOARD else MAX_EMPTY


def analyse_game(
    start: Position, steps: tuple[Step, ...], progress: Progress | None = None, solver: Solver | None = None
) -> tuple[MoveAnalysis, ...]:
    """Returns every move of a game weighed by the solver, where it can solve the position before the move.

    `progress(number, total)` is called as the weighing of each move starts. The positions share
    one table (see `Solver`); a caller that weighs many games on one board size may pass its own
    `solver` (made with `keep=True` and the board's `weighing_limit`) to share it across them.
    """
    solver = solver or Solver(weighing_limit(start.board.size), keep=True)
    found: list[MoveAnalysis] = []
    for number, step in enumerate(steps, start=1):
        if progress:
            progress(number, len(steps))
        found.append(_weighed(number, step, _before(start, steps, number), solver, _known(found[-1:])))
    return tuple(found)


def _known(previous: list[MoveAnalysis]) -> int | None:
    """Returns the value of the position after the previous move, if that move was weighed: a move that scored
    is worth its points and the value after it (the same side moves again); one that scored nothing, the value
    after it with the sign turned."""
    if not previous or previous[0].value is None:
        return None
    move = previous[0]
    assert move.value is not None
    return move.value - move.points if move.points else -move.value


def _before(start: Position, steps: tuple[Step, ...], number: int) -> Position:
    return start if number == 1 else steps[number - 2].after


def _weighed(number: int, step: Step, before: Position, solver: Solver, value: int | None = None) -> MoveAnalysis:
    played = MoveAnalysis(
        number,
        step.seat,
        step.move,
        step.points,
        solved=False,
        chance=chance_in(before),
        opening=Chance() if step.points else chance_in(step.after),
        kept=chance_in(step.after).points if step.points and not step.after.is_over else 0,
        lead=_lead(before, step.seat),
    )
    empty = before.board.size**2 - before.board.filled()
    if not solvable_variant(before.variant) or empty > solver.limit:
        return played
    best_value, best, move = solver.weigh(before, step.move, value)
    return replace(
        played,
        solved=True,
        value=move.value,
        best_value=best_value,
        best=tuple(entry.move for entry in best),
        best_points=max(entry.points for entry in best),
        least_best_points=min(entry.points for entry in best),
        safe_best=any(entry.points or not _gives(before.step(entry.move)) for entry in best),
    )


def _lead(position: Position, seat: str) -> int:
    """Returns the points of `seat`'s side less the best other side's."""
    scores = position.side_scores
    side = position.variant.side_of(seat)
    return scores[side] - max(points for other, points in scores.items() if other != side)


def _gives(step: Step) -> bool:
    """Tells whether a move that scored nothing left the next side a move that scores."""
    return not step.points and bool(chance_in(step.after).points)


def turning_point(moves: tuple[MoveAnalysis, ...]) -> MoveAnalysis | None:
    """Returns the move that cost the most (the first of equals), or None if no solved move cost anything."""
    costly = [move for move in moves if move.cost > 0]
    return max(costly, key=lambda move: (move.cost, -move.number)) if costly else None
