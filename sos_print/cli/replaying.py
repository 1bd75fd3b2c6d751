"""The `replay` command: one recorded game on paper for the class, its audit checked and its moves weighed.

The record is read and played first: a record that cannot be played (a file that cannot be
read, an illegal move) is one line and status 1, before anything else is done. False claims
are what the replay is for: they are printed corrected. The analysis runs while the PDF is
made, after the output file has been checked, so that a file that may not be overwritten is
refused at once; an interruption then leaves nothing written.
"""

# No `from __future__ import annotations`: Typer reads these signatures at run time.

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from sos_print.cli.application import app
from sos_print.cli.options import NotationChoice, printing
from sos_print.cli.process import clear_progress_line, end_loading, progress_line
from sos_print.cli.records import RecordChoices, played_record, recording
from sos_print.cli.run import ProgressFn, run

if TYPE_CHECKING:
    from sos_print.documents.common import Rendered
    from sos_print.engine.check import CheckedExample
    from sos_print.plans.options import PrintOptions


@app.command(no_args_is_help=True)
@printing("lang", "paper", "large_print", "class_name", file="replay.pdf")
@recording
def replay(
    options: "PrintOptions",
    out: Path,
    force: bool,
    records: RecordChoices,
    record: Annotated[
        str,
        typer.Argument(
            help=(
                "The game: a worked-example file (.toml), a record typed from a filled audit (.csv), "
                "or an audit filled in on a tablet (.pdf)."
            ),
            metavar="RECORD",
            show_default=False,
        ),
    ],
    every: Annotated[
        int | None,
        typer.Option(
            "--every",
            min=1,
            max=64,
            show_default=False,
            help="Draw the board every N moves instead of after each move that scores (and always after the last).",
        ),
    ] = None,
    print_notation: Annotated[
        NotationChoice | None,
        typer.Option(
            "--print-notation",
            case_sensitive=False,
            show_default=False,
            help="How the printed pages name cells, A1 or L1C1; by default as the record names them.",
        ),
    ] = None,
) -> None:
    """Write one recorded game as a replay for the class: diagrams, the audit checked, and every move weighed."""
    from sos_print.engine.frozen import replace
    from sos_print.engine.notation import Notation

    game = played_record(record, records, empty="holds no move to replay")
    example = game.example
    chosen = Notation(print_notation.value) if print_notation else example.notation
    printed = replace(options, size=example.size, variant=example.variant, notation=chosen)
    run([out], force, lambda progress: [_render(printed, game, every or 0, progress)], inputs=[record])


def _render(options: "PrintOptions", game: "CheckedExample", every: int, progress: ProgressFn) -> "Rendered":
    """Weighs every move (a progress line on a terminal: it takes seconds on 4 x 4), then draws the replay."""
    from sos_print.documents.replay import replay_document
    from sos_print.engine.analysis import analyse_game
    from sos_print.system import interrupts

    show = progress_line(lambda done, total: f"weighing move {done} of {total}")

    def weighed(done: int, total: int) -> None:
        interrupts.checkpoint()
        if show:
            show(done, total)

    end_loading()
    try:
        moves = analyse_game(game.start, game.steps, weighed)
    finally:
        clear_progress_line()
    return replay_document(options, game, moves, every, progress)
