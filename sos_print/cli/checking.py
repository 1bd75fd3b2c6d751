"""The `check` command: every claim of worked-example files and game records against the rules engine."""

from __future__ import annotations

from typing import Annotated

import typer

from sos_print.cli.app import app
from sos_print.cli.options import FIRST_SOS_WINS, PLAYERS, TARGET, TEAMS, NotationChoice
from sos_print.cli.process import say
from sos_print.cli.records import RECORD_NOTATION, RECORD_SIZE, record_loader


@app.command()
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
    size: RECORD_SIZE = None,
    players: PLAYERS = 2,
    teams: TEAMS = False,
    target: TARGET = 0,
    first_sos_wins: FIRST_SOS_WINS = False,
    notation: RECORD_NOTATION = NotationChoice.A1,
) -> None:
    """Check every claim of worked-example files and game records against the rules; exit 1 if any is false."""
    from sos_print.engine.check import check_paths

    load = record_loader(
        paths,
        size=size,
        players=players,
        teams=teams,
        target=target,
        first_sos_wins=first_sos_wins,
        notation=notation,
    )
    report = check_paths(paths, load, tables=size is not None)
    for problem in report.problems:
        say(str(problem))
    say(report.summary())
    raise typer.Exit(0 if report.ok else 1)
