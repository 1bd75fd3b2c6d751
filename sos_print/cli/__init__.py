"""The sos-print command line: the only package that knows about Typer.

Each command module registers its commands on the one application and imports what a
command needs only when it runs, so that `sos-print --help` and `sos-print check` load
neither reportlab nor jinja2. Errors become exit codes here and nowhere else (see
`process` for the table): 1 for a problem with files or examples, 2 for a usage error.
"""

from __future__ import annotations

from sos_print.cli import (  # noqa: F401  # each registers its commands on `app`
    analysing,
    checking,
    printing,
    puzzling,
    replaying,
    solving,
)
from sos_print.cli.app import app

__all__ = ["app", "main"]


def main() -> None:
    """Runs the command line and exits: one line and a documented status however it ends, interrupts included."""
    from sos_print.cli.process import run_command_line
    from sos_print.pdf import interrupts

    interrupts.catch()
    interrupts.guarded(run_command_line)
