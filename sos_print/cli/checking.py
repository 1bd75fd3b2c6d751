"""The `check` command: every claim of worked-example files and game records against the rules engine."""

from __future__ import annotations

from typing import Annotated

import typer

from sos_print.cli.application import app
from sos_print.cli.process import end_loading, say
from sos_print.cli.records import RecordChoices, record_loader, recording


@app.command()
@recording
def check(
    paths: Annotated[
        list[str],
        typer.Argument(
            help=(
                "Worked-example files (.toml) or folders of them, and game records: audits typed into a spreadsheet "
                "(.csv) or filled in on screen (.pdf, made with 'sos-print audit --fillable')."
            ),
            metavar="PATH...",
            show_default=False,
        ),
    ],
    records: RecordChoices,
) -> None:
    """Check every claim of worked-example files and game records against the rules; exit 1 if any is false."""
    from sos_print.engine.check import check_paths

    end_loading()
    report = check_paths(paths, record_loader(paths, records), tables=records.size is not None)
    for problem in report.problems:
        say(str(problem))
    say(report.summary())
    raise typer.Exit(0 if report.ok else 1)
