"""Tests the rules the test suite holds itself to: a run that passes nothing fails, and CI skips nothing."""

from __future__ import annotations

import pytest
from conftest import ROOT

pytest_plugins = ["pytester"]

SKIPPING = """
import pytest

def test_runs():
    assert True

@pytest.mark.skip(reason="never runs")
def test_skipped():
    pass
"""


@pytest.fixture
def suite(pytester):
    """Returns a pytester folder whose conftest is this suite's own."""
    pytester.makeconftest((ROOT / "tests" / "conftest.py").read_text(encoding="utf-8"))
    return pytester


@pytest.mark.parametrize(("ci", "code"), [("true", 1), (None, 0)], ids=["ci", "by-hand"])
def test_a_skipped_test_fails_a_ci_run_only(suite, monkeypatch, ci, code):
    suite.makepyfile(test_sample=SKIPPING)
    if ci is None:
        monkeypatch.delenv("CI", raising=False)
    else:
        monkeypatch.setenv("CI", ci)
    result = suite.runpytest_inprocess("-p", "no:cacheprovider")
    assert result.ret == code, result.stdout.str()
    if ci:
        result.stdout.fnmatch_lines(["*CI must skip no test, and 1 skipped*"])


def test_a_run_in_which_nothing_passed_fails(suite, monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    suite.makepyfile(test_sample=SKIPPING)
    result = suite.runpytest_inprocess("-p", "no:cacheprovider", "-k", "skipped")
    assert result.ret == 1, result.stdout.str()
