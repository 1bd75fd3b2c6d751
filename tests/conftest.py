"""Shares fixtures: paths of the repository's data and a command-line runner."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("default")


@pytest.fixture
def runner():
    """Returns a Typer test runner that keeps stdout and stderr apart."""
    from typer.testing import CliRunner

    return CliRunner()


def pytest_sessionfinish(session, exitstatus):
    """Fails a run in which no test passed (all skipped or deselected), and a CI run that skipped any test."""
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is None or exitstatus != 0:
        return
    if not reporter.stats.get("passed"):
        session.exitstatus = 1
    skipped = len(reporter.stats.get("skipped", []))
    if skipped and os.environ.get("CI"):
        # CI runs as root on a clean clone: a test that skips there never runs at all.
        reporter.write_line(f"CI must skip no test, and {skipped} skipped: see the 'SKIPPED' lines", red=True)
        session.exitstatus = 1
