"""The `check` command: every claim of worked-example files and game records against the rules engine."""

# No `from __future__ import annotations`: Typer reads these signatures at run time.

from typing import Annotated

import typer

from sos_print.cli.application import app
from sos_print.cli.options import FirstSosWins, Players, Target, Teams
from sos_print.cli.process import say
from sos_print.cli.records import RecordNotation, RecordSize, record_choices, record_loader
from sos_print.engine.notation import Notation


@app.command()
def check(
    context: typer.Context,
    paths: Annotated[
        list[str],
        typer.Argument(
            help=(
                "Worked-example files (.toml) or folders of them, and game records: score sheets typed into a "
                "spreadsheet (.csv) or filled in on screen (.pdf, made with 'sos-print audit --fillable')."
            ),
            metavar="PATH...",
            show_default=False,
        ),
    ],
    size: RecordSize = None,
    players: Players = 2,
    teams: Teams = False,
    target: Target = 0,
    first_sos_wins: FirstSosWins = False,
    notation: RecordNotation = Notation.A1,
) -> None:
    """Check every claim of worked-example files and game records against the rules; exit 1 if any is false."""
    from sos_print.engine.check import check_paths

    records = record_choices(
        context,
        size=size,
        players=players,
        teams=teams,
        target=target,
        first_sos_wins=first_sos_wins,
        notation=notation,
    )
    report = check_paths(paths, record_loader(paths, records), tables=size is not None, forms=True)
    for problem in report.problems:
        say(str(problem))
    say(report.summary())
    for note in report.notes:
        say(f"note: {note}", err=True)
    raise typer.Exit(0 if report.ok else 1)
