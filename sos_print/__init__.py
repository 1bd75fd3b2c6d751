"""Prints SOS classroom materials whose every worked example is checked by a rules engine."""

__version__ = "0.1.0"
