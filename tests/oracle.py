"""Computes points and values the slow, obvious way, to check the engine's solver and puzzles.

The oracle knows nothing of the engine: a board is a string of "S", "O" and "." (cell i is row
i // n from the bottom, column i % n, as the engine numbers cells), its lines are found here, and
the value is the definition itself, memoised on the board: V(full) = 0, a move worth g + V(after)
if it scores g > 0 and -V(after) otherwise, V the best move.
"""

from __future__ import annotations

from functools import cache


@cache
def lines_through(n: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Returns, for each cell, the lines of three cells through it, each from end to end."""
    lines = []
    for row in range(n):
        for col in range(n):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if 0 <= row + 2 * d_row < n and 0 <= col + 2 * d_col < n:
                    lines.append(tuple((row + k * d_row) * n + col + k * d_col for k in range(3)))
    return tuple(tuple(line for line in lines if i in line) for i in range(n * n))


def points(board: str, n: int, i: int, letter: str) -> int:
    """Returns the points of writing `letter` in the empty cell `i`: the lines through it that then read S-O-S."""
    after = board[:i] + letter + board[i + 1 :]
    return sum(after[a] + after[b] + after[c] == "SOS" for a, b, c in lines_through(n)[i])


def scoring_moves(board: str, n: int) -> list[tuple[int, str, int]]:
    """Returns (cell, letter, points) for every move that scores."""
    found = []
    for i, square in enumerate(board):
        if square == ".":
            for letter in "SO":
                gained = points(board, n, i, letter)
                if gained:
                    found.append((i, letter, gained))
    return found


@cache
def value(board: str, n: int) -> int:
    values = [worth for _, _, _, worth in moves(board, n)]
    return max(values) if values else 0


def moves(board: str, n: int) -> list[tuple[int, str, int, int]]:
    """Returns (cell, letter, points, value) for every legal move."""
    found = []
    for i, square in enumerate(board):
        if square == ".":
            for letter in "SO":
                gained = points(board, n, i, letter)
                after = value(board[:i] + letter + board[i + 1 :], n)
                found.append((i, letter, gained, gained + after if gained else -after))
    return found


def text_of(board) -> str:
    """Returns an engine Board as the oracle's string (cell i at index i)."""
    return "".join(letter.value if letter else "." for letter in board.letters)


def move_values(board: str, n: int) -> dict[tuple[int, str], int]:
    """Returns the value of every legal move: the same definition as `moves`, with the board as two bit sets.

    Faster than `moves` (small integers instead of strings, and plain loops) for the puzzles' larger
    positions, and just as plain: no pruning, every position below is visited once.
    """
    cells = n * n
    needs: dict[tuple[int, str], tuple[tuple[int, int], ...]] = {}
    for i in range(cells):
        for letter in "SO":
            conditions = []
            for line in lines_through(n)[i]:
                place = line.index(i)
                if (letter == "O") != (place == 1):
                    continue
                s_bits = sum(1 << cell for k, cell in enumerate(line) if cell != i and k != 1)
                o_bits = sum(1 << cell for k, cell in enumerate(line) if cell != i and k == 1)
                conditions.append((s_bits, o_bits))
            needs[i, letter] = tuple(conditions)
    full = (1 << cells) - 1
    table = [(1 << i, needs[i, "S"], needs[i, "O"]) for i in range(cells)]  # what S or O in cell i needs to score
    memo: dict[int, int] = {}

    def gained(s: int, o: int, conditions: tuple[tuple[int, int], ...]) -> int:
        return sum(s & s_bits == s_bits and o & o_bits == o_bits for s_bits, o_bits in conditions)

    def best(s: int, o: int) -> int:
        filled = s | o
        if filled == full:
            return 0
        key = filled << cells | s
        found = memo.get(key)
        if found is None:
            found = -8 * cells  # below any value
            for bit, as_s, as_o in table:  # the loops are written out: this is the oracle's whole cost
                if filled & bit:
                    continue
                got = 0
                for s_bits, o_bits in as_s:
                    if s & s_bits == s_bits and o & o_bits == o_bits:
                        got += 1
                after = best(s | bit, o)
                worth = got + after if got else -after
                if worth > found:
                    found = worth
                got = 0
                for s_bits, o_bits in as_o:
                    if s & s_bits == s_bits and o & o_bits == o_bits:
                        got += 1
                after = best(s, o | bit)
                worth = got + after if got else -after
                if worth > found:
                    found = worth
            memo[key] = found
        return found

    s = sum(1 << i for i, square in enumerate(board) if square == "S")
    o = sum(1 << i for i, square in enumerate(board) if square == "O")
    values = {}
    for i, square in enumerate(board):
        if square == ".":
            got = gained(s, o, needs[i, "S"])
            values[i, "S"] = got + best(s | 1 << i, o) if got else -best(s | 1 << i, o)
            got = gained(s, o, needs[i, "O"])
            values[i, "O"] = got + best(s, o | 1 << i) if got else -best(s, o | 1 << i)
    return values


def lines_of_four(board: str, n: int) -> int:
    """Counts the lines of four cells side by side (row, column or diagonal) that hold one letter four times."""
    found = 0
    for row in range(n):
        for col in range(n):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(row + k * d_row) * n + col + k * d_col for k in range(4)]
                if 0 <= row + 3 * d_row < n and 0 <= col + 3 * d_col < n:
                    read = {board[i] for i in cells}
                    found += len(read) == 1 and read != {"."}
    return found


def canonical(board: str, n: int) -> str:
    """Returns one name for a board and its 7 other images (quarter turns, each also mirrored): the least of them."""
    rows = [board[row * n : row * n + n] for row in range(n)]
    images = []
    for _ in range(4):
        rows = ["".join(column) for column in zip(*rows[::-1], strict=True)]  # a quarter turn
        images += ["".join(rows), "".join(row[::-1] for row in rows)]
    return min(images)
