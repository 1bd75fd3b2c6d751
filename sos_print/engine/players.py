"""Plays games between plausible players, as children play them, for the puzzles to be taken from.

A plausible player takes a point when there is one (most of the time), otherwise avoids
leaving a gift when it can (usually), and otherwise slips: writes anything. Whatever it
chooses, it does not write the fourth letter of a line of four identical letters (row,
column or diagonal), unless every move it had in mind would: careful players left to
themselves fill lines with S S S S and O O O O (an S beside an S is always safe), and no
child's game looks like that. A position that still holds such a line is not a puzzle
(`lively`).

The players work on the bit sets of `compact` (a segment is fresh, started or a threat), so
that a game costs a few milliseconds.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

from sos_print.engine.compact import Geometry, bits
from sos_print.engine.frozen import frozen
from sos_print.engine.rules import Letter

RUN = 4  # identical letters in a line that no child's game shows
_LETTERS = (Letter.S, Letter.O)


@frozen
class Style:
    """Holds how a player plays: the chance of taking a point, then of avoiding a gift, when it can."""

    take: float  # the chance of taking a point when one is there
    careful: float  # the chance of writing a safe move, when no point is taken and a safe move is there


@frozen
class Counts:
    """Holds what decides whether a position makes a good puzzle: numbers of answers, scoring moves, gifts."""

    answers: int
    most: int  # the greatest points of a move now
    scoring: int
    gifts: int
    greedy_answers: int = 0  # best-move: answers among the moves that score the most now


@cache
def runs_through(size: int) -> tuple[tuple[int, ...], ...]:
    """Returns, for each cell, the other three cells of every line of four through it, as bit sets."""
    lines = []
    for row in range(size):
        for col in range(size):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if 0 <= row + (RUN - 1) * d_row < size and 0 <= col + (RUN - 1) * d_col < size:
                    lines.append(sum(1 << (row + k * d_row) * size + col + k * d_col for k in range(RUN)))
    return tuple(tuple(line ^ 1 << cell for line in lines if line >> cell & 1) for cell in range(size * size))


def lively(size: int, letters: tuple[Letter | None, ...]) -> bool:
    """Tells whether no row, column or diagonal holds four identical letters side by side."""
    lines = runs_through(size)
    for letter in (Letter.S, Letter.O):
        written = sum(1 << i for i, mine in enumerate(letters) if mine is letter)
        if any(written & others == others for i in bits(written) for others in lines[i]):
            return False
    return True


def play(
    geo: Geometry, rng: random.Random, style: Style, upto: int
) -> Iterator[tuple[tuple[Letter | None, ...], str, int, Counts]]:
    """Plays one game from the empty board and yields each position with at most `upto` empty cells, before a move.

    Yields the letters, the seat to move, the number of empty cells and the counts of a
    score-now or no-gift puzzle about the position (answers: the moves that score the most if
    any scores, otherwise the safe moves). The player takes a point with chance `style.take`
    if one is there; otherwise writes a safe move with chance `style.careful` if one is there;
    otherwise writes anything; never the fourth of four identical letters in a line if another
    move of the kind it chose is there.
    """
    game = Game(geo)
    while game.empty:
        if len(game.open) > upto:
            pool = game.quick_pool(rng, style)
        else:
            scoring, safe, counts = game.survey()
            yield tuple(game.letters), game.seat, len(game.open), counts
            if scoring and rng.random() < style.take:
                pool = scoring
            elif safe and rng.random() < style.careful:
                pool = safe
            else:
                pool = game.every()
        game.write(*game.lively_choice(rng, pool))


_Move = tuple[int, int]  # a cell number and a letter (0 for S, 1 for O)


class Game:
    """Holds a game being played as bit sets (`compact`), with the letters and the seat to move."""

    def __init__(self, geo: Geometry) -> None:
        self.geo = geo
        self.lines = runs_through(geo.size)
        self.needs = (geo.need_s, geo.need_o)
        self.fresh, self.started, self.threats, self.empty = (1 << geo.count) - 1, 0, 0, geo.all_cells
        self.open = list(range(geo.cells))  # the empty cells
        self.letters: list[Letter | None] = [None] * geo.cells
        self.written = [0, 0]  # the cells holding an S, an O
        self.seat = "A"

    def survey(self) -> tuple[list[_Move], list[_Move], Counts]:
        """Returns the scoring moves, the safe moves, and the counts of the position."""
        threats, started, others = self.threats, self.started, self.geo.others
        scoring, safe = [], []
        most = at_most = 0
        for cell in self.open:
            kept_threats = threats & others[cell]
            for letter in (0, 1):
                need = self.needs[letter][cell]
                points = (threats & need).bit_count()
                if points:
                    scoring.append((cell, letter))
                    if points > most:
                        most, at_most = points, 1
                    elif points == most:
                        at_most += 1
                elif not kept_threats and not started & need:
                    safe.append((cell, letter))
        moves = 2 * len(self.open)
        counts = Counts(at_most if scoring else len(safe), most, len(scoring), moves - len(scoring) - len(safe))
        return scoring, safe, counts

    def every(self) -> list[_Move]:
        """Returns every legal move."""
        return [(cell, letter) for cell in self.open for letter in (0, 1)]

    def quick_pool(self, rng: random.Random, style: Style) -> list[_Move]:
        """Returns the moves the player picks among, as `play` says, without surveying every move.

        The scoring moves are the threats' missing letters; a safe move is sought among a few
        moves drawn at random (each as likely as any other safe move that makes no line of four),
        and among all only if none of them will do. The choice is as likely as after a survey.
        """
        threats = self.threats
        if threats:
            scoring = self.scoring_moves()
            if rng.random() < style.take:
                return scoring
        if rng.random() >= style.careful:
            return self.every()
        if threats:
            # A move that scores nothing leaves every threat but those through its cell, which it spoils.
            return [move for move in self._at_every_threat() if self.is_safe(*move)] or self.every()
        for _ in range(8):
            move = (rng.choice(self.open), rng.randrange(2))
            if self.is_safe(*move) and not self._dull(*move):
                return [move]
        return [move for move in self.every() if self.is_safe(*move)] or self.every()

    def is_safe(self, cell: int, letter: int) -> bool:
        """Tells whether writing `letter` (0 for S, 1 for O) in `cell` scores nothing and leaves no scoring move."""
        need = self.needs[letter][cell]
        return not self.threats & (need | self.geo.others[cell]) and not self.started & need

    def scoring_moves(self) -> list[_Move]:
        """Returns the moves that score: the missing letter of each threat, each move once."""
        moves = set()
        rest = self.threats
        while rest:
            k = (rest & -rest).bit_length() - 1
            rest &= rest - 1
            for place, cell in enumerate(self.geo.segments[k]):
                if self.empty >> cell & 1:
                    moves.add((cell, int(place == 1)))
        return sorted(moves)

    def _at_every_threat(self) -> list[_Move]:
        cells = {cell for cell, _ in self.scoring_moves()}
        return [(cell, letter) for cell in sorted(cells) for letter in (0, 1)] if len(cells) == 1 else []

    def lively_choice(self, rng: random.Random, pool: list[_Move]) -> _Move:
        """Returns a move drawn from `pool`, one that makes no line of four identical letters if there is one."""
        cell, letter = rng.choice(pool)
        if self._dull(cell, letter):
            lively_moves = [move for move in pool if not self._dull(*move)]
            if lively_moves:
                return rng.choice(lively_moves)
        return cell, letter

    def _dull(self, cell: int, letter: int) -> bool:
        written = self.written[letter]
        return any(written & line == line for line in self.lines[cell])

    def write(self, cell: int, letter: int) -> None:
        """Writes `letter` in `cell`; the seat passes unless it scored."""
        need, keep = self.needs[letter][cell], self.geo.others[cell]
        points = (self.threats & need).bit_count()
        fresh, started, threats = self.fresh, self.started, self.threats
        self.fresh, self.started, self.threats = (
            fresh & keep,
            (started & keep) | (fresh & need),
            (threats & keep) | (started & need),
        )
        self.empty ^= 1 << cell
        self.open.remove(cell)
        self.letters[cell] = _LETTERS[letter]
        self.written[letter] |= 1 << cell
        if not points:
            self.seat = "B" if self.seat == "A" else "A"
