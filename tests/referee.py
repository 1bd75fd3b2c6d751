"""Reads the rules of SOS a second time, as plainly as possible, for property tests to compare the engine with.

Nothing here comes from sos_print: cells are (column, row) pairs with row 0 at the bottom,
letters are "S" and "O", and every S-O-S is found by reading the three cells of every
line of three on the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

# Right, up, up-right and down-right: with every start cell, these reach every line of three.
STEPS = ((1, 0), (0, 1), (1, 1), (1, -1))


@cache
def lines_of_three(size: int) -> list[list[tuple[int, int]]]:
    """Returns every line of three cells on a board of `size`: each start cell, each of the four steps."""
    lines = []
    for col in range(size):
        for row in range(size):
            for dcol, drow in STEPS:
                cells = [(col + k * dcol, row + k * drow) for k in range(3)]
                if all(0 <= c < size and 0 <= r < size for c, r in cells):
                    lines.append(cells)
    return lines


def sos_lines(grid: dict[tuple[int, int], str], size: int) -> set[frozenset[tuple[int, int]]]:
    """Returns every line of three cells on the grid that reads S, O, S."""
    return {frozenset(cells) for cells in lines_of_three(size) if [grid.get(c) for c in cells] == ["S", "O", "S"]}


@dataclass
class Turn:
    """What the rules say of one move: who wrote it, the lines it made, who writes next, the totals, the winner."""

    seat: str
    lines: set[frozenset[tuple[int, int]]]
    next_seat: str | None  # None once the game is over
    scores: dict[str, int]  # by side: a seat, or a team "AC" / "BD"
    winner: str | None  # a side, "draw", or None while the game goes on


def referee(
    size: int,
    grid: dict[tuple[int, int], str],
    moves: list[tuple[tuple[int, int], str]],
    players: int = 2,
    teams: bool = False,
    target: int = 0,
    first_sos_wins: bool = False,
) -> list[Turn]:
    """Plays `moves` from `grid` by the rules and returns one Turn per move."""
    seats = "ABCD"[:players]
    sides = ["AC", "BD"] if teams else list(seats)
    scores = dict.fromkeys(sides, 0)
    grid = dict(grid)
    seat = "A"
    turns = []
    lines = sos_lines(grid, size)
    for cell, letter in moves:
        grid[cell] = letter
        before, lines = lines, sos_lines(grid, size)
        new = lines - before
        side = next(side for side in sides if seat in side)
        scores[side] += len(new)
        winner = None
        if new and (first_sos_wins or (target and scores[side] >= target)):
            winner = side
        elif len(grid) == size * size:
            leaders = [s for s in sides if scores[s] == max(scores.values())]
            winner = leaders[0] if len(leaders) == 1 else "draw"
        if winner:
            next_seat = None
        elif new:
            next_seat = seat
        else:
            next_seat = seats[(seats.index(seat) + 1) % players]
        turns.append(Turn(seat, new, next_seat, dict(scores), winner))
        seat = next_seat
    return turns
