"""Creates the sos-print Typer application and its global options, and loads the commands a run needs.

Each command is declared in one module of this package, which registers it on `app` when it
is imported. A run that starts with a command's name imports only that command's module
(`sos-print check` never loads the printing commands, nor through them reportlab and jinja2).
Any other run loads every command: `--help` (before a command too) lists them all, and a
misspelt name gets click's suggestion of the nearest one.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
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


# Each command and the module that declares it, in the order `sos-print --help` lists them: what a
# teacher prints first, the class kit, then its parts, then the sheets made from games, then the checks.
COMMANDS = {
    "kit": "printing",
    "boards": "printing",
    "grids": "printing",
    "audit": "printing",
    "teacher": "printing",
    "rules": "printing",
    "puzzles": "puzzling",
    "replay": "replaying",
    "check": "checking",
    "analyse": "analysing",
    "solve": "solving",
}


def app_for(arguments: Sequence[str]) -> typer.Typer:
    """Returns the application ready to run `arguments`: with the command they start with, or with every command."""
    if arguments and arguments[0] in COMMANDS:
        import_module(f"sos_print.cli.{COMMANDS[arguments[0]]}")
        return app
    return every_command()


def every_command() -> typer.Typer:
    """Returns the application with every command registered, in the order of `COMMANDS`."""
    for module in dict.fromkeys(COMMANDS.values()):
        import_module(f"sos_print.cli.{module}")
    return app
