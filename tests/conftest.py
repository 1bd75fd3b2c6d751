"""Shares fixtures: paths of the repository's data and a command-line runner."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

# Two Hypothesis profiles: CI (CI set, as .ci/run runs) tries every test's full number of examples;
# a run by hand tries a fifth of them, to keep the suite quick between two edits (its times: docs/testing.md).
CI = bool(os.environ.get("CI"))
settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=20)
settings.load_profile("ci" if CI else "dev")


def examples(count: int) -> int:
    """Returns how many examples a property with `count` in CI tries in this run: all in CI, a fifth by hand."""
    return count if CI else max(2, count // 5)


@pytest.fixture
def runner():
    """Returns a Typer test runner that keeps stdout and stderr apart."""
    from typer.testing import CliRunner

    return CliRunner()


@pytest.fixture(autouse=True)
def weighing_shared_by_size(monkeypatch):
    """Makes every game a test weighs in its process (the CLI's analyses included) share its board size's solver:
    the same exact values, each position searched once per run and process, not once per test."""
    from rendered import weighing_shared

    weighing_shared(monkeypatch)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Keeps each test module's tests on one xdist worker (a test grouped across modules stays in its group): the
    documents and analyses a module caches are then made once, where spread over two workers each made them."""
    for item in items:
        if item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(item.module.__name__))


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
