"""Tests the registry of documents: each entry names real templates, plans and commands; reading it draws nothing."""

from __future__ import annotations

import mimetypes
import subprocess
import sys

import pytest
from conftest import ROOT

from sos_print.cli import app
from sos_print.documents.registry import DOCUMENTS, Inputs, document, written_by


@pytest.mark.parametrize("entry", DOCUMENTS, ids=[entry.name for entry in DOCUMENTS])
def test_each_entry_names_templates_plans_commands_and_inputs_that_exist(entry):
    import typer.main

    commands = typer.main.get_command(app).commands
    for template in entry.templates:
        for lang in ("en", "fr"):
            assert (ROOT / "templates" / lang / f"{template}.j2").is_file(), template
    for plan in entry.plans:
        assert (ROOT / "sos_print" / "plans" / f"{plan}.py").is_file(), plan
    assert entry.commands and all(command in commands for command in entry.commands), entry.commands
    assert set(entry.needs) <= set(Inputs.__record_fields__), entry.needs
    assert document(entry.name) is entry
    assert entry.file.endswith(".pdf" if entry.pdf else ".json")
    # A download (the web page to come) is served with the media type its file's name says.
    assert entry.media_type == mimetypes.guess_type(entry.file, strict=True)[0], entry.media_type


def test_names_are_unique_and_each_command_writes_distinct_files_in_a_set():
    assert len({entry.name for entry in DOCUMENTS}) == len(DOCUMENTS)
    assert [entry.file for entry in written_by("kit")] == ["players.pdf", "teacher.pdf"]
    assert [entry.file for entry in written_by("puzzles")] == ["puzzles.pdf", "answers.pdf", "puzzles.json"]


def test_reading_the_registry_loads_no_drawing_library():
    code = (
        "import sys\nimport sos_print.documents.registry\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'reportlab', 'jinja2', 'pypdf'}))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize("entry", DOCUMENTS, ids=[entry.name for entry in DOCUMENTS])
def test_each_maker_draws_with_the_module_its_entry_names(entry):
    import inspect

    # The command line loads entry.module before a command runs (with the collector off): the maker must use it.
    assert f"from {entry.module} import" in inspect.getsource(entry.make)
