"""The `puzzles` command: strategy worksheets for children, their answer key, and the puzzles as data.

Three files are written together, all or none: puzzles.pdf (one sheet per child), answers.pdf
(the teacher's key) and puzzles.json (every puzzle and its exact answers, for programs).
"""

# No `from __future__ import annotations`: Typer reads these signatures at run time.

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from sos_print.cli.application import app
from sos_print.cli.options import (
    CellNotation,
    ClassName,
    Force,
    Lang,
    LargePrint,
    PaperSize,
    Seed,
    SheetRoster,
    given_options,
    note_class_list,
    out_folder,
    print_options,
    read_class_list,
    usage,
)
from sos_print.cli.process import say
from sos_print.cli.run import ProgressFn, run
from sos_print.documents.registry import Inputs, written_by
from sos_print.engine.notation import Notation
from sos_print.engine.puzzles import SheetKind
from sos_print.plans.layout import Paper
from sos_print.plans.options import Language

if TYPE_CHECKING:
    from sos_print.documents.common import Rendered

LONG_SHEET = 4  # pages: a child's sheet longer than this is told how to be shorter

MAX_COUNT = 12  # puzzles on a sheet: two pages of six at most
MAX_COPIES = 200  # sheets in a set: several classes (and a class list's most children)
PuzzlesFolder = Annotated[Path, out_folder("puzzles.pdf, answers.pdf and puzzles.json")]


def puzzle_size(value: int) -> int:
    """Checks --size: puzzles are printed on boards of 4 x 4 to 6 x 6 (a usage error, status 2, otherwise)."""
    if value == 3:
        raise typer.BadParameter(
            "3 × 3 positions are too easy to be interesting; puzzles are printed on 4 × 4 to 6 × 6 boards"
        )
    if not 4 <= value <= 6:
        board = f"{value} × {value}" if value > 0 else str(value)  # "not -1 × -1" named no board (ad85, 10)
        raise typer.BadParameter(f"puzzles are printed on boards of 4 × 4 to 6 × 6, not {board}")
    return value


@app.command()
def puzzles(
    context: typer.Context,
    out: PuzzlesFolder = Path("sos-puzzles"),
    kind: Annotated[
        SheetKind,
        typer.Option(
            "--kind",
            case_sensitive=False,
            help=(
                "The question of the puzzles: the move that scores the most now, a move that gives nothing away, "
                "the best move with perfect play, or the three in turn (mixed)."
            ),
        ),
    ] = SheetKind.MIXED,
    size: Annotated[
        int,
        typer.Option(
            "--size", callback=puzzle_size, help="Number of rows and columns of the puzzles' boards, from 4 to 6."
        ),
    ] = 4,
    count: Annotated[
        int,
        typer.Option("--count", min=1, max=MAX_COUNT, help=f"Puzzles on each sheet, from 1 to {MAX_COUNT}."),
    ] = 6,
    copies: Annotated[
        int,
        typer.Option(
            "--copies",
            min=1,
            max=MAX_COPIES,
            help=f"Different sheets to print, one for each child, from 1 to {MAX_COPIES}.",
        ),
    ] = 1,
    roster: SheetRoster = None,
    seed: Seed = 1,
    language: Lang = Language.EN,
    paper: PaperSize = Paper.A4,
    notation: CellNotation = Notation.A1,
    large_print: LargePrint = False,
    class_name: ClassName = "",
    force: Force = False,
) -> None:
    """Write strategy puzzles: puzzles.pdf for the children, answers.pdf for the teacher, and puzzles.json."""
    if kind is SheetKind.MIXED and count < 3:
        usage(f"--kind mixed takes turns between the three kinds, so it needs --count 3 or more, not {count}")
    options = print_options(
        size=size,
        language=language,
        paper=paper,
        notation=notation,
        large_print=large_print,
        class_name=class_name,
    )
    class_list = None
    if roster is not None:
        from sos_print.engine.frozen import replace
        from sos_print.engine.roster import Seating

        class_list = read_class_list(roster)
        children = len(class_list.children)
        if given_options(context, "copies") and copies != children:
            # the lines passed over explain a count the teacher did not expect
            note_class_list(class_list)
            usage(f"--copies {copies}: the class list has {children} children, one sheet each; leave --copies out")
        # One sheet per child, in the list's order: the seating holds them all as one list.
        options = replace(options, seating=Seating(str(roster), (class_list.children,)))
        copies = children

    made = written_by("puzzles")
    rendered: list[Rendered] = []

    def render(progress: ProgressFn) -> list["Rendered"]:
        from sos_print.engine.puzzles import puzzle_sheets

        report = lambda done, total: progress("puzzles", done, total)  # noqa: E731
        inputs = Inputs(sheets=puzzle_sheets(kind.puzzle_kind, size, count, copies, seed, progress=report))
        rendered[:] = [entry.make(options, inputs, progress) for entry in made]
        return rendered

    run([out / entry.file for entry in made], force, render, [roster] if roster is not None else [], names_given=False)
    note_class_list(class_list)
    sheets = next((done for entry, done in zip(made, rendered, strict=False) if entry.file == "puzzles.pdf"), None)
    if sheets is not None and sheets.pages > LONG_SHEET * copies:
        # Twelve large-print 6 x 6 puzzles took a page each: 360 pages for a class of 30 (review rv64, 6).
        each = sheets.pages / copies
        said = f"{each:.0f}" if each == int(each) else f"about {each:.0f}"
        say(
            f"note: each child's sheet takes {said} pages (puzzles.pdf: {sheets.pages} pages); a smaller --count "
            "makes it shorter",
            err=True,
        )
