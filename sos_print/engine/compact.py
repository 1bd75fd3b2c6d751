"""Describes a position as a few integers used as bit sets, so that a search can play millions of moves.

A segment (three cells in a line) is *live* while it can still read S-O-S: every letter written in
it is the one S-O-S needs there, and one of its cells at least is empty. What is left of a game
depends only on its live segments and its empty cells; a letter in no live segment never scores
again, whatever it is. So a position is four bit sets: the live segments holding no letter yet
(`fresh`), one letter (`started`), two letters (`threats`: the third letter scores), and the empty
cells. Bit k of a segment set is the k-th segment of `grid.all_segments`; bit i of a cell set is the
cell `i = row * size + col`, as in `Board.letters`.

Writing a letter in a cell moves each live segment through that cell up one set if the letter is
the one it needs there, and drops it otherwise: a handful of bitwise operations. The points of a
move are the threats it completes.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, cached_property

from sos_print.engine.frozen import frozen
from sos_print.engine.grid import Cell, all_segments
from sos_print.engine.rules import Board, Letter, Move


@frozen
class Compact:
    """Holds a position as bit sets: live segments with no, one and two letters written, and empty cells."""

    fresh: int
    started: int
    threats: int
    empty: int

    @property
    def live(self) -> int:
        """Returns the live segments: those that can still read S-O-S."""
        return self.fresh | self.started | self.threats


class Geometry:
    """Holds the bit-set tables of one board size: which segments need which letter in each cell."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.cells = size * size
        segments = all_segments(size)
        self.segments = tuple(tuple(cell.row * size + cell.col for cell in segment.cells) for segment in segments)
        self.count = len(self.segments)
        need_s, need_o = [0] * self.cells, [0] * self.cells
        for k, (first, middle, last) in enumerate(self.segments):
            need_s[first] |= 1 << k
            need_s[last] |= 1 << k
            need_o[middle] |= 1 << k
        self.need_s = tuple(need_s)  # segments in which cell i must hold an S (it is an end)
        self.need_o = tuple(need_o)  # segments in which cell i must hold an O (it is the middle)
        self.through = tuple(s | o for s, o in zip(need_s, need_o, strict=True))  # segments through cell i
        every = (1 << self.count) - 1
        self.others = tuple(every ^ through for through in self.through)  # segments not through cell i
        self.all_cells = (1 << self.cells) - 1

    def need(self, cell: int, letter: Letter) -> int:
        """Returns the segments in which `cell` must hold `letter`."""
        return self.need_o[cell] if letter is Letter.O else self.need_s[cell]

    def compact(self, board: Board) -> Compact:
        """Returns `board` as bit sets."""
        fresh = started = threats = empty = 0
        for i, letter in enumerate(board.letters):
            if letter is None:
                empty |= 1 << i
        for k, cells in enumerate(self.segments):
            written = [board.letters[i] for i in cells]
            wanted = (Letter.S, Letter.O, Letter.S)
            if any(letter not in (None, want) for letter, want in zip(written, wanted, strict=True)):
                continue
            count = sum(letter is not None for letter in written)
            if count == 0:
                fresh |= 1 << k
            elif count == 1:
                started |= 1 << k
            elif count == 2:
                threats |= 1 << k
        return Compact(fresh, started, threats, empty)

    def play(self, position: Compact, cell: int, letter: Letter) -> tuple[int, Compact]:
        """Returns the points of writing `letter` in the empty `cell`, and the position after it."""
        need, keep = self.need(cell, letter), self.others[cell]
        fresh, started, threats = position.fresh, position.started, position.threats
        started_after = (started & keep) | (fresh & need)
        after = Compact(fresh & keep, started_after, (threats & keep) | (started & need), position.empty ^ 1 << cell)
        return (threats & need).bit_count(), after

    def move(self, cell: int, letter: Letter) -> Move:
        """Returns the move that writes `letter` in cell number `cell`."""
        return Move(Cell(cell % self.size, cell // self.size), letter)

    @cached_property
    def cell_maps(self) -> tuple[tuple[int, ...], ...]:
        """Returns the 8 symmetries of the square as maps of cell numbers, the identity first."""
        n = self.size
        maps = []
        for symmetry in range(8):
            image = []
            for i in range(self.cells):
                col, row = i % n, i // n
                if symmetry & 4:
                    col = n - 1 - col
                for _ in range(symmetry & 3):
                    col, row = row, n - 1 - col
                image.append(row * n + col)
            maps.append(tuple(image))
        return tuple(maps)

    @cached_property
    def key_tables(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """Returns, for each symmetry but the identity, tables that map a search key byte by byte.

        A search key is `live | empty << count` (see `key`); the image of a key under a symmetry
        is the OR of its bytes' images.
        """
        index = {frozenset(cells): k for k, cells in enumerate(self.segments)}
        width = self.count + self.cells
        tables = []
        for cell_map in self.cell_maps[1:]:
            image = [1 << index[frozenset(cell_map[i] for i in cells)] for cells in self.segments]
            image += [1 << (self.count + cell_map[i]) for i in range(self.cells)]
            image += [0] * (-width % 8)
            chunks = []
            for start in range(0, width, 8):
                table = [0] * 256
                for value in range(1, 256):
                    low = value & -value
                    table[value] = table[value ^ low] | image[start + low.bit_length() - 1]
                chunks.append(tuple(table))
            tables.append(tuple(chunks))
        return tuple(tables)

    def key(self, position: Compact) -> int:
        """Returns the search key of a position: what is left of the game, as one integer."""
        return position.live | position.empty << self.count

    def symmetric_key(self, key: int, symmetry: int) -> int:
        """Returns the key of the image of a position under symmetry number `symmetry` (1 to 7)."""
        image = 0
        for table in self.key_tables[symmetry - 1]:
            image |= table[key & 255]
            key >>= 8
        return image


@cache
def geometry(size: int) -> Geometry:
    """Returns the bit-set tables of a `size` x `size` board, built on first use."""
    return Geometry(size)


def bits(mask: int) -> Iterator[int]:
    """Yields the numbers of the set bits of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        mask ^= low
        yield low.bit_length() - 1
