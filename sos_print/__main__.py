"""Runs the sos-print command line as `python -m sos_print`."""

from sos_print.cli import main

main()
