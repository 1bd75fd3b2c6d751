"""Tests that dependencies point one way: the engine loads nothing of rendering, templates or the CLI."""

from __future__ import annotations

import subprocess
import sys

import pytest

ENGINE = ["sos_print.rules", "sos_print.notation", "sos_print.grid", "sos_print.examples", "sos_print.check"]


@pytest.mark.parametrize("module", ENGINE)
def test_the_engine_imports_only_the_standard_library(module):
    # Compare sys.modules before and after the import, so that whatever the interpreter loads
    # at start-up (site hooks, .pth files) is not charged to the engine.
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        f"import {module}\n"
        "new = {m.split('.')[0] for m in set(sys.modules) - before}\n"
        "print(' '.join(sorted(new - set(sys.stdlib_module_names) - {'sos_print'})))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == [], f"{module} pulls in {out}"
    for forbidden in ("reportlab", "jinja2", "typer", "pypdf"):
        assert forbidden not in out


def test_typer_is_imported_by_the_cli_module_only():
    from pathlib import Path

    package = Path(__file__).resolve().parent.parent / "sos_print"
    users = sorted(p.name for p in package.glob("*.py") if "import typer" in p.read_text())
    assert users == ["cli.py"]
    assert not [p.name for p in package.rglob("*.py") if "import click" in p.read_text()]
