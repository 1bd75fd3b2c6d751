"""Defines the sos-print command line; the only module that knows about Typer.

Commands import what they need when they run, so that `sos-print --help`
starts fast and loads no PDF machinery.
"""

from __future__ import annotations

from typing import Annotated

import typer

from sos_print import __version__

app = typer.Typer(
    name="sos-print",
    help="Print SOS classroom materials whose worked examples are checked by the rules engine.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"sos-print {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print the version of sos-print and exit.", callback=_show_version, is_eager=True
        ),
    ] = False,
) -> None:
    """Print SOS classroom materials whose worked examples are checked by the rules engine."""


@app.command()
def check(
    paths: Annotated[
        list[str],
        typer.Argument(help="Worked-example files (.toml) or folders of them to check.", show_default=False),
    ],
) -> None:
    """Check every claim of worked-example files against the rules; exit 1 if any is false."""
    from sos_print.check import check_paths

    report = check_paths(paths)
    for problem in report.problems:
        typer.echo(str(problem))
    typer.echo(report.summary())
    raise typer.Exit(0 if report.ok else 1)


def main() -> None:
    """Runs the command line."""
    app()
