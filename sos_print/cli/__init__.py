"""The sos-print command line: the only package that knows about Typer.

Each command module registers its commands on the one application and imports what a
command needs only when it runs, so that `sos-print --help` and `sos-print check` load
neither reportlab nor jinja2. Errors become exit codes here and nowhere else: 1 for a
problem with files or examples, 2 for options that cannot be used together.
"""

from __future__ import annotations

from sos_print.cli import checking, printing, solving  # noqa: F401  # each registers its commands on `app`
from sos_print.cli.app import app

__all__ = ["app", "main"]


def main() -> None:
    """Runs the command line."""
    app()
