"""Runs the sos-print command line: `python -m sos_print`, and the `sos-print` script.

The signal handlers go in before anything else is imported: an interrupt while typer and
the rest load ends in the same one line as one during the work.
"""

from __future__ import annotations


def main() -> None:
    """Catches interrupts first, then loads and runs the command line."""
    from sos_print.system import interrupts

    interrupts.catch()

    def command_line() -> int:
        from sos_print.cli.process import run_command_line

        return run_command_line()

    interrupts.guarded(command_line)


if __name__ == "__main__":
    main()
