"""The sos-print command line: the only package that knows about Typer.

Each command lives in one module; a run that starts with a command's name imports only that
module (see `application.app_for`), which imports what the command needs only when it runs:
`sos-print --help` and `sos-print check` load neither reportlab nor jinja2. Errors become
exit codes here and nowhere else (see `process` for the table): 1 for a problem with files
or examples, 2 for a usage error. `sos_print.cli.app` is the application with every command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import typer

__all__ = ["app"]


def __getattr__(name: str) -> typer.Typer:
    """Gives `app`, the application with every command, loaded on first use."""
    if name == "app":
        from sos_print.cli.application import every_command

        app = every_command()
        globals()["app"] = app  # once loaded, an attribute like any other
        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
