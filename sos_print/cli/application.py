"""Creates the sos-print Typer application and its global options, and loads the commands a run needs.

Each command is declared in one module of this package, which registers it on `app` when it
is imported. A run imports only the module of the command it names (`sos-print check` never
loads the printing commands, nor through them reportlab and jinja2); a run that names no
known command (`--help`, a misspelt name) loads them all, so that the listing is complete
and click can suggest the nearest name.
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


# Each command and the module that declares it, in the order `sos-print --help` lists them.
COMMANDS = {
    "analyse": "analysing",
    "check": "checking",
    "kit": "printing",
    "boards": "printing",
    "grids": "printing",
    "audit": "printing",
    "teacher": "printing",
    "rules": "printing",
    "puzzles": "puzzling",
    "replay": "replaying",
    "solve": "solving",
}


def application(arguments: Sequence[str]) -> typer.Typer:
    """Returns the application with the command `arguments` name registered, or every command if they name none."""
    # The root takes no option with a value, so the first word that is not an option names the command.
    named = next((word for word in arguments if not word.startswith("-")), None)
    if named in COMMANDS:
        import_module(f"sos_print.cli.{COMMANDS[named]}")
        return app
    return every_command()


def every_command() -> typer.Typer:
    """Returns the application with every command registered, in the order of `COMMANDS`."""
    for module in dict.fromkeys(COMMANDS.values()):
        import_module(f"sos_print.cli.{module}")
    return app
