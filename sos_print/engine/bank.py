"""Keeps the bank of verified best-move positions that puzzle sheets draw from, and builds it again.

Positions where the greedy move (most points now) is not the best are rare in play: fewer
than 1 in 100 positions with a scoring move, and each needs a search to know. So they are
found once, by

    python -m sos_print.engine.bank            # every size; rewrites puzzle_bank.txt

and shipped in `puzzle_bank.txt` next to this module: one position a line, the seat to move and
the board as rows from the top ("B S.O./..S./O.../..O."). The builder plays games between
sensible random players (a fixed seed, four playing styles in turn), keeps each position with
a scoring move and a number of empty cells still wanted (the bank spreads its positions
evenly over each size's range), screens it with one null-window search per greedy move
(`Solver.reaching`), and keeps it if no greedy move reaches the value and the full solution
makes a good best-move puzzle. The tests verify every line again.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path

from sos_print.engine.compact import geometry
from sos_print.engine.errors import SosError
from sos_print.engine.puzzles import EMPTY_CELLS, SIZES, Banked, PuzzleKind, canonical, choices_of, make_puzzle, play
from sos_print.engine.rules import Board, Position, board_text, parse_board
from sos_print.engine.solver import Solver

BANK = Path(__file__).with_name("puzzle_bank.txt")
PER_SIZE = 84  # positions per board size: 12 or more for each number of empty cells
SEED = 9
# The playing styles games alternate between: chance of taking a point, then of avoiding a gift.
STYLES = ((0.9, 0.85), (0.7, 0.7), (1.0, 0.9), (0.6, 0.95))


@cache
def banked_positions(size: int) -> tuple[Banked, ...]:
    """Returns the banked best-move positions of boards of `size`, read on first use."""
    return tuple(entry for entry in read_bank(BANK.read_text(encoding="utf-8")) if entry.board.size == size)


def read_bank(text: str) -> list[Banked]:
    """Reads bank lines ("A S.O./..S./O.../..O."); "#" starts a comment."""
    entries = []
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.split("#")[0].split()
        if not words:
            continue
        if len(words) != 2 or words[0] not in ("A", "B"):
            raise SosError(f"{BANK.name}: line {number}: write the seat to move (A or B) and the board")
        try:
            board = parse_board(words[1])
        except SosError as error:
            raise SosError(f"{BANK.name}: line {number}: {error}") from None
        entries.append(Banked(words[0], board, board.size**2 - board.filled(), canonical(board)))
    return entries


def build_bank(size: int, count: int, seed: int, report: Callable[[str], None]) -> list[Banked]:
    """Finds `count` good best-move positions on boards of `size`, spread over the kind's empty cells."""
    low, high = EMPTY_CELLS[PuzzleKind.BEST_MOVE][size]
    wanted = {
        empty: count // (high - low + 1) + (empty - low < count % (high - low + 1)) for empty in range(low, high + 1)
    }
    rng = random.Random(f"bank {size} {seed}")
    geo = geometry(size)
    solver = Solver()
    found: list[Banked] = []
    seen: set[str] = set()
    games = candidates = 0
    start = time.perf_counter()
    while len(found) < count:
        games += 1
        for letters, seat, empty, counts in play(geo, rng, *STYLES[games % len(STYLES)]):
            if not wanted.get(empty) or not counts.most:
                continue
            board = Board(size, letters)
            choices = choices_of(board)
            most = max(choice.points for choice in choices)
            name = canonical(board)
            if not most or name in seen:
                continue
            seen.add(name)
            candidates += 1
            greedy = [choice.move for choice in choices if choice.points == most]
            if solver.reaching(Position(board, seat=seat), greedy)[1]:
                continue
            if make_puzzle(PuzzleKind.BEST_MOVE, board, seat, solver).is_good():
                wanted[empty] -= 1
                found.append(Banked(seat, board, empty, name))
    seconds = time.perf_counter() - start
    report(f"{size}x{size}: {count} positions from {candidates} candidates in {games} games, {seconds:.0f} s")
    return sorted(found, key=lambda entry: (entry.empty, entry.name))


def bank_text(entries: list[Banked], summary: list[str], seed: int) -> str:
    """Returns the bank file: a header saying how it was made, then one position a line."""
    header = [
        "# Best-move positions for sos-print's puzzle sheets: the seat to move, then the board (rows from the top).",
        "# In each, the greedy move (most points now) is not among the best moves. Checked by the tests.",
        f"# Built by `python -m sos_print.engine.bank --seed {seed}`:",
        *(f"#   {line}" for line in summary),
    ]
    return "\n".join([*header, *(f"{entry.seat} {board_text(entry.board)}" for entry in entries)]) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Builds the bank again and writes it (atomically) over puzzle_bank.txt, or where --out says."""
    import argparse  # only the building command needs it: printing never loads it

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--per-size", type=int, default=PER_SIZE, help="positions per board size")
    parser.add_argument("--seed", type=int, default=SEED, help="the seed of the games")
    parser.add_argument("--out", type=Path, default=BANK, help="the file to write")
    args = parser.parse_args(argv)
    summary: list[str] = []

    def report(line: str) -> None:
        summary.append(line)
        print(line, file=sys.stderr)

    entries = [entry for size in SIZES for entry in build_bank(size, args.per_size, args.seed, report)]
    temporary = args.out.with_name(args.out.name + ".tmp")
    temporary.write_text(bank_text(entries, summary, args.seed), encoding="utf-8")
    os.replace(temporary, args.out)
    print(f"wrote {args.out} ({len(entries)} positions)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
