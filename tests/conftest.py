"""Shares fixtures: paths of the repository's data and a command-line runner."""

from __future__ import annotations

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
    """Fails a run in which no test passed (all skipped or deselected): CI must never pass on nothing."""
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None and exitstatus == 0 and not reporter.stats.get("passed"):
        session.exitstatus = 1
