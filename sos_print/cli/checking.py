"""The `check` command: every claim of worked-example files against the rules engine."""

from __future__ import annotations

from typing import Annotated

import typer

from sos_print.cli.app import app
from sos_print.cli.process import say


@app.command()
def check(
    paths: Annotated[
        list[str],
        typer.Argument(help="Worked-example files (.toml) or folders of them to check.", show_default=False),
    ],
) -> None:
    """Check every claim of worked-example files against the rules; exit 1 if any is false or a file cannot be read."""
    from sos_print.engine.check import check_paths

    report = check_paths(paths)
    for problem in report.problems:
        say(str(problem))
    say(report.summary())
    raise typer.Exit(0 if report.ok else 1)
