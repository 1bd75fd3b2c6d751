"""Runs the sos-print command line: `python -m sos_print`, and the `sos-print` script.

The signal handlers go in before anything else is imported: an interrupt while typer and
the rest load ends in the same one line as one during the work.
"""

from __future__ import annotations

import signal
import sys
from types import FrameType

# As `interrupts.SIGNALS`, by name: that module is not loaded yet.
STOPPING = (
    "SIGINT",
    "SIGTERM",
    "SIGHUP",
    "SIGQUIT",
    "SIGXCPU",
    "SIGALRM",
    "SIGUSR1",
    "SIGUSR2",
    "SIGVTALRM",
    "SIGPROF",
)


def main() -> None:
    """Catches interrupts first, then loads and runs the command line."""
    # Even the module that catches them takes a moment to import: a Ctrl-C then ended in a traceback, a SIGTERM in no
    # word at all (sweep ad77, 4). Nothing is written yet, so the line says so, as `interrupts.NOTHING_WRITTEN` does.
    for name in STOPPING:
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _stop_loading)
    from sos_print.system import interrupts

    interrupts.catch()

    def command_line() -> int:
        from sos_print.cli.process import run_command_line

        return run_command_line()

    interrupts.guarded(command_line)


def _stop_loading(signum: int, frame: FrameType | None) -> None:
    # A second signal while this one ends the run changes nothing.
    for name in STOPPING:
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)
    try:
        sys.stderr.write("interrupted: nothing written\n")
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):
        pass  # the exit status still tells
    raise SystemExit(128 + signum)


if __name__ == "__main__":
    main()
