"""Keeps the bank of verified best-move positions that puzzle sheets draw from, and builds it again.

Positions where the greedy move (most points now) is not the best are rare in play: fewer
than 1 in 100 positions with a scoring move, and each needs a search to know. So they are
found once, by

    python -m sos_print.engine.bank            # every size; rewrites puzzle_bank.txt
    python -m sos_print.engine.bank --jobs 3   # the three sizes at once, each in a process
    python -m sos_print.engine.bank --check    # verifies every position of puzzle_bank.txt again

and shipped in `puzzle_bank.txt` next to this module: one position a line, the seat to move and
the board as rows from the top ("B S.O./..S./O.../..O."). The builder plays games between
plausible players (`players`: a fixed seed, four playing styles in turn), keeps each position
with a scoring move, no line of four identical letters, and a number of empty cells still
wanted (`PER_EMPTY` of each number a best-move puzzle may have), screens it with one
null-window search per greedy move (`Solver.reaching`), and keeps it if no greedy move reaches
the value and the full solution makes a good best-move puzzle. Before the file is written,
every position is verified again from the text that will be written (`check_bank`, a fresh
solver); the tests verify a sample of it again on every run, and all of it in CI.
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
from sos_print.engine.players import Style, lively, play
from sos_print.engine.puzzles import EMPTY_CELLS, SIZES, Banked, PuzzleKind, canonical, choices_of, make_puzzle
from sos_print.engine.rules import Board, Position, board_text, parse_board
from sos_print.engine.solver import Solver

BANK = Path(__file__).with_name("puzzle_bank.txt")
# Positions for each number of empty cells of each size: a family of 40 sheets of 6 best-move
# puzzles draws 40 at each, and sheets of 12 draw twice as many at some (see docs/design.md).
PER_EMPTY = 48
# Games played for one size before the builder stops with what it found: on 4x4 boards few
# positions with 10 empty cells are good best-move puzzles, and a family draws on their neighbours.
MAX_GAMES = 250_000
SEED = 9
# The playing styles games alternate between: chance of taking a point, then of avoiding a gift.
STYLES = (Style(0.9, 0.85), Style(0.8, 0.7), Style(1.0, 0.9), Style(0.9, 0.95))


@cache
def banked_positions(size: int) -> tuple[Banked, ...]:
    """Returns the banked best-move positions of boards of `size`, read on first use."""
    return tuple(entry for entry in _shipped() if entry.board.size == size)


@cache
def _shipped() -> tuple[Banked, ...]:
    return tuple(read_bank(BANK.read_text(encoding="utf-8")))


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


def build_bank(
    size: int,
    per_empty: int,
    seed: int,
    report: Callable[[str], None] = lambda line: None,
    max_games: int = MAX_GAMES,
) -> tuple[list[Banked], str]:
    """Finds `per_empty` good best-move positions on boards of `size` for each number of empty cells of the kind.

    Stops after `max_games` games with what it found. Returns the positions, fewest empty cells
    first, and a line saying how many candidates and games it took and what it fell short of;
    `report` hears of each number of empty cells as it is done.
    """
    low, high = EMPTY_CELLS[PuzzleKind.BEST_MOVE][size]
    wanted = dict.fromkeys(range(low, high + 1), per_empty)
    rng = random.Random(f"bank {size} {seed}")
    geo = geometry(size)
    solver = Solver()
    found: list[Banked] = []
    seen: set[str] = set()
    games = candidates = 0
    start = time.perf_counter()
    while wanted and games < max_games:
        games += 1
        for letters, seat, empty, counts in play(geo, rng, STYLES[games % len(STYLES)], max(wanted)):
            if empty < min(wanted):
                break
            if empty not in wanted or not counts.most or not lively(size, letters):
                continue
            board = Board(size, letters)
            name = canonical(board)
            if name in seen:
                continue
            seen.add(name)
            candidates += 1
            choices = choices_of(board)
            greedy = [choice.move for choice in choices if choice.points == counts.most]
            if solver.reaching(Position(board, seat=seat), greedy)[1]:
                continue  # a greedy move is among the best: most positions end here, after one search each
            if make_puzzle(PuzzleKind.BEST_MOVE, board, seat, solver).is_good():
                found.append(Banked(seat, board, empty, name))
                wanted[empty] -= 1
                if not wanted[empty]:
                    del wanted[empty]
                    seconds = time.perf_counter() - start
                    report(f"{size}x{size}: {empty} empty cells done after {games} games, {seconds:.0f} s")
                    break  # the game's next positions are drawn for numbers still wanted
    seconds = time.perf_counter() - start
    summary = f"{size}x{size}: {len(found)} positions from {candidates} candidates in {games} games, {seconds:.0f} s"
    short = ", ".join(f"{per_empty - left} with {empty} empty cells" for empty, left in sorted(wanted.items()))
    summary += f" (only {short})" if short else ""
    return sorted(found, key=lambda entry: (entry.empty, entry.name)), summary


def _built(size: int, per_empty: int, seed: int, max_games: int) -> tuple[str, str]:
    """Builds one size's positions in a process of its own; returns them as bank lines, and the summary line."""
    entries, summary = build_bank(
        size, per_empty, seed, lambda line: print(line, file=sys.stderr, flush=True), max_games
    )
    print(summary, file=sys.stderr, flush=True)
    return "\n".join(f"{entry.seat} {board_text(entry.board)}" for entry in entries), summary


def check_bank(entries: list[Banked], report: Callable[[str], None] = lambda line: None) -> None:
    """Verifies every entry again, with a fresh solver: raises SosError naming the first that is not a good puzzle.

    Each entry must be a good best-move puzzle (`make_puzzle` solves every legal move), hold no
    line of four identical letters, have a number of empty cells of its size's range, and be
    no image (rotation or mirror image) of another entry.
    """
    names: set[str] = set()
    solver = Solver()
    for number, entry in enumerate(entries, start=1):
        size = entry.board.size
        low, high = EMPTY_CELLS[PuzzleKind.BEST_MOVE].get(size, (1, 0))
        where = f"{board_text(entry.board)} ({entry.seat} to move)"
        if not low <= entry.empty <= high:
            raise SosError(f"the bank's position {where} has {entry.empty} empty cells, not {low} to {high}")
        if entry.name in names:
            raise SosError(f"the bank's position {where} is an image of another position of the bank")
        if not lively(size, entry.board.letters):
            raise SosError(f"the bank's position {where} has four identical letters in a line")
        if not make_puzzle(PuzzleKind.BEST_MOVE, entry.board, entry.seat, solver).is_good():
            raise SosError(f"the bank's position {where} is not a good best-move puzzle")
        names.add(entry.name)
        if number % 100 == 0:
            report(f"verified {number} of {len(entries)} positions")


def bank_text(entries: list[Banked], summary: list[str], seed: int) -> str:
    """Returns the bank file: a header saying how it was made, then one position a line."""
    header = [
        "# Best-move positions for sos-print's puzzle sheets: the seat to move, then the board (rows from the top).",
        "# In each, the greedy move (most points now) is not among the best moves. Each position was verified",
        "# again when the file was written; `python -m sos_print.engine.bank --check` verifies them all again.",
        f"# Built by `python -m sos_print.engine.bank --seed {seed}`:",
        *(f"#   {line}" for line in summary),
    ]
    return "\n".join([*header, *(f"{entry.seat} {board_text(entry.board)}" for entry in entries)]) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Builds the bank again, verifies it and writes it (atomically) over puzzle_bank.txt, or where --out says."""
    import argparse  # only the building command needs these: printing never loads them
    from concurrent.futures import ProcessPoolExecutor

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--per-empty", type=int, default=PER_EMPTY, help="positions per number of empty cells")
    parser.add_argument("--seed", type=int, default=SEED, help="the seed of the games")
    parser.add_argument("--out", type=Path, default=BANK, help="the file to write (or to verify, with --check)")
    parser.add_argument("--check", action="store_true", help="verify every position of the file; build nothing")
    parser.add_argument("--max-games", type=int, default=MAX_GAMES, help="games per size before stopping")
    parser.add_argument("--jobs", type=int, default=1, help="sizes built at once, each in a process of its own")
    args = parser.parse_args(argv)
    try:
        if args.check:
            start = time.perf_counter()
            entries = read_bank(args.out.read_text(encoding="utf-8"))
            check_bank(entries, lambda line: print(line, file=sys.stderr))
            print(f"{args.out}: every position verified ({len(entries)}), {time.perf_counter() - start:.0f} s")
            return 0
        with ProcessPoolExecutor(max_workers=args.jobs) as workers:  # each size is built alone: the same bytes
            built = list(
                workers.map(
                    _built, SIZES, *([value] * len(SIZES) for value in (args.per_empty, args.seed, args.max_games))
                )
            )
        entries = read_bank("\n".join(lines for lines, _ in built))
        text = bank_text(entries, [summary for _, summary in built], args.seed)
        check_bank(read_bank(text), lambda line: print(line, file=sys.stderr))  # what will be written, read back
    except (SosError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    temporary = args.out.with_name(args.out.name + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, args.out)
    print(f"wrote {args.out} ({len(entries)} positions, each verified)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
