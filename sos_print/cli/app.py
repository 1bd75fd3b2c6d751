"""Creates the sos-print Typer application and its global options."""

from __future__ import annotations

from typing import Annotated

import typer

from sos_print import __version__
from sos_print.cli.process import say

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
        say(f"sos-print {__version__}")
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
