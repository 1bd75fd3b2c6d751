"""Renders the registry's documents for tests: each from the same inputs, once per set of options and per run.

Every test that holds all documents to a rule takes them from here, so that adding an entry to
`sos_print.documents.registry` puts the new document under every such test at once, and a
document that several tests read is made only once.
"""

from __future__ import annotations

from functools import cache

import pytest
from conftest import EXAMPLES

from sos_print.documents.registry import DOCUMENTS, Inputs, PrintedDocument, document
from sos_print.engine.analysis import MoveAnalysis, analyse_game, weighing_limit
from sos_print.engine.check import CheckedExample, replay_example, verify
from sos_print.engine.examples import load_example
from sos_print.engine.frozen import replace
from sos_print.engine.puzzles import puzzle_sheets
from sos_print.engine.roster import Child, Seating, form_groups
from sos_print.engine.rules import Board, Position
from sos_print.engine.solver import Solver
from sos_print.plans.options import PrintOptions

PDFS = tuple(entry for entry in DOCUMENTS if entry.pdf)
# Tests of several files that read one set of documents share a pytest-xdist group, so that the set is made once.
ENGLISH_SET = pytest.mark.xdist_group("documents, 2 groups, English")
BILINGUAL_SET = pytest.mark.xdist_group("documents, 2 groups, English and French")
GRID_SIZES = (3, 8)  # the blank grids: the smallest board and the largest
REPLAYED = "06-last-letter-scores.toml"  # a 4 x 4 game played to the end, weighed in a few seconds
# A class list for the documents printed from one (--roster): accents, a hyphen, two words, markup characters
# (printed as written), and seven children, so that pairs leave a group of three, and groups of four one of three.
CLASS = ("Léa", "Tom", "Zoé Martin", "Jean-Baptiste Lefèvre", "Maël", "Inès", "<b>Noé</b> &amp;")


@cache
def shipped_examples() -> tuple[CheckedExample, ...]:
    """Returns the shipped worked examples, checked."""
    return verify([str(EXAMPLES)])


@cache
def puzzle_set(size: int, copies: int = 2) -> tuple:
    """Returns `copies` mixed sheets of six puzzles on boards of `size` (4 at least)."""
    return sheets_made(None, max(size, 4), 6, copies, 1)


@cache
def sheets_made(kind, size: int, count: int, copies: int, seed: int) -> tuple:
    """Returns the puzzle sheets made with these arguments, once per run and test process."""
    return puzzle_sheets(kind, size, count, copies, seed)


def sheets_shared(monkeypatch) -> None:
    """Makes the puzzles command take its sheets from `sheets_made` in this test: the same sheets (each is made from
    its seed alone), without searching again what a set printed in another language or size of type searched."""
    from sos_print.engine import puzzles

    def shared(kind, size, count, copies, seed, progress=None):
        sheets = sheets_made(kind, size, count, copies, seed)
        for done in range(1, copies + 1) if progress is not None else ():
            progress(done, copies)  # as the sheets are made, one call a sheet
        return sheets

    monkeypatch.setattr(puzzles, "puzzle_sheets", shared)


def class_seating(players: int = 2, teams: bool = False, names: tuple[str, ...] = CLASS) -> Seating:
    """Returns the groups the class list `names` makes for a game of `players` (4 with teams), in the list's order."""
    children = [Child(name, line) for line, name in enumerate(names, start=2)]  # as under a heading row
    return Seating("class.csv", form_groups(children, players, teams, False, 1))


def with_class(options: PrintOptions, names: tuple[str, ...] = CLASS) -> PrintOptions:
    """Returns `options` printed from the class list `names`: the option set of a kit made with --roster."""
    variant = options.variant
    return replace(options, seating=class_seating(variant.players, variant.teams, names))


@cache
def game(name: str) -> CheckedExample:
    """Returns a shipped example's game, played by the engine."""
    return replay_example(load_example(str(EXAMPLES / name)))


@cache
def shared_solver(size: int) -> Solver:
    """Returns the solver every test game of board `size` is weighed with: one table, kept across all of them.

    On 4 x 4 it solves the empty board first (seconds, once per run and test process): every 4 x 4 game
    lies in that search, so the games, the opening file and the CLI's analyses then cost a fraction of it.
    """
    solver = Solver(weighing_limit(size), keep=True)
    if size == 4:
        solver.solve(Position.start(Board.empty(4)))
    return solver


def weigh(played: CheckedExample) -> tuple[MoveAnalysis, ...]:
    """Returns every move of a game weighed by the solver, sharing the work with every other game of its size."""
    return analyse_game(played.start, played.steps, solver=shared_solver(played.example.size))


def weighing_shared(monkeypatch) -> None:
    """Makes every analysis this test runs in its process (the CLI's included) weigh with the shared solver of its
    board size: the same exact values, without searching again what another test's game searched."""
    from sos_print.engine import analysis

    original = analysis.analyse_game

    def shared(start, steps, *args, solver=None, **kwargs):
        return original(start, steps, *args, solver=solver or shared_solver(start.board.size), **kwargs)

    monkeypatch.setattr(analysis, "analyse_game", shared)


@cache
def weighed(name: str) -> tuple[MoveAnalysis, ...]:
    """Returns every move of a shipped example's game weighed by the solver (seconds: once per run)."""
    return weigh(game(name))


def printed_options(entry: PrintedDocument, options: PrintOptions, replayed: str = REPLAYED) -> PrintOptions:
    """Returns `options` as the command that writes `entry` would pass them: the board of puzzles is 4 x 4 at least,
    and a replay takes its board and variant from its game."""
    if entry.name in ("puzzles", "answers", "puzzles data"):
        return replace(options, size=max(options.size, 4))
    if entry.name == "replay":
        played = game(replayed).example
        return replace(options, size=played.size, variant=played.variant)
    return options


@cache
def rendered(name: str, options: PrintOptions, replayed: str = REPLAYED) -> bytes:
    """Returns the bytes of document `name` printed with `options` (a replay: of the shipped game `replayed`)."""
    entry = document(name)
    chosen = printed_options(entry, options, replayed)
    inputs = Inputs(
        examples=shipped_examples(),
        sizes=GRID_SIZES,
        sheets=puzzle_set(chosen.size, *_copies(chosen)) if "sheets" in entry.needs else (),
        game=game(replayed) if entry.name == "replay" else None,
        moves=weighed(replayed) if entry.name == "replay" else (),
    )
    return entry.make(chosen, inputs, None).data


def _copies(options: PrintOptions) -> tuple[int, ...]:
    """Returns the number of puzzle sheets printed with `options`: one per child of a class list, else the default."""
    return (options.seating.children,) if options.seating is not None else ()


def every_pdf(options: PrintOptions) -> dict[str, bytes]:
    """Returns every PDF document of the registry printed with `options`, by name."""
    return {entry.name: rendered(entry.name, options) for entry in PDFS}
