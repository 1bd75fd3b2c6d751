"""Tests that dependencies point one way, package by package, and that commands load only what they use.

Each package may import sos_print only from itself and the packages `BELOW` names, and only the
outside libraries `LIBRARIES` names: `engine` imports the standard library alone. Imports are
read with `ast`, so `from typer import ...` and imports inside functions count as much as a
plain `import typer`.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

PACKAGE = ROOT / "sos_print"
# The packages each package may import, besides itself: the arrows of docs/design.md.
BELOW = {
    "engine": set(),
    "system": {"engine"},
    "forms": {"engine"},
    "plans": {"engine", "system"},
    "pdf": {"engine", "plans"},
    "documents": {"engine", "plans", "pdf", "forms"},
    "web": {"engine", "system", "plans"},
    "cli": {"engine", "system", "forms", "plans", "pdf", "documents", "web"},
}
LAYERS = list(BELOW)
# The outside libraries each package may use, besides the standard library.
LIBRARIES = {
    "engine": set(),
    "system": set(),
    "forms": {"pypdf", "pypdfium2"},
    "plans": {"jinja2", "markupsafe"},
    "pdf": {"reportlab"},
    "documents": {"reportlab"},
    "web": {"werkzeug", "pypdfium2"},
    "cli": {"typer"},
}


def imported(path: Path, root: Path = ROOT) -> set[str]:
    """Returns every module a file imports, anywhere in it (functions included), by its full dotted name.

    Relative imports are resolved against the file's package, so `from ..cli import app`
    counts as `sos_print.cli`.
    """
    package = ".".join(path.relative_to(root).parent.parts)
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([base] if base else [])])
            # `from package import name` may import a module: count package.name too.
            names |= {base} | {f"{base}.{alias.name}" for alias in node.names}
    return names


def violations(layer: str, path: Path, root: Path = ROOT) -> list[str]:
    """Returns the imports of the module at `path` (in the repository `root`) that its layer may not make."""
    below = BELOW[layer] | {layer}
    found = []
    for name in sorted(imported(path, root)):
        top, _, rest = name.partition(".")
        if top == "sos_print":
            package = rest.partition(".")[0]
            if package in LAYERS and package not in below:  # `from sos_print import __version__` is fine
                found.append(f"{layer}/{path.name} imports {name}")
        elif top not in sys.stdlib_module_names and top not in LIBRARIES[layer]:
            found.append(f"{layer}/{path.name} imports {name}")
    return found


def modules_of(layer: str) -> list[Path]:
    return sorted((PACKAGE / layer).glob("*.py"))


def test_every_module_lives_in_a_layer():
    loose = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert loose == ["__init__.py", "__main__.py"]
    assert sorted(path.name for path in PACKAGE.iterdir() if path.is_dir() and path.name != "__pycache__") == sorted(
        LAYERS
    )


@pytest.mark.parametrize("layer", LAYERS)
def test_a_package_imports_only_itself_the_packages_below_and_its_libraries(layer):
    assert modules_of(layer)
    assert [found for path in modules_of(layer) for found in violations(layer, path)] == []


@pytest.mark.parametrize(
    ("layer", "source", "expected"),
    [
        ("plans", "from typer import Option\n", ["plans/bad.py imports typer", "plans/bad.py imports typer.Option"]),
        (
            "engine",
            "def later():\n    import reportlab.pdfgen.canvas\n",
            ["engine/bad.py imports reportlab.pdfgen.canvas"],
        ),
        (
            "engine",
            "class A:\n    def f(self):\n        from jinja2 import Environment\n",
            ["engine/bad.py imports jinja2", "engine/bad.py imports jinja2.Environment"],
        ),
        (
            "plans",
            "from sos_print.documents.boards import fit\n",
            ["plans/bad.py imports sos_print.documents.boards", "plans/bad.py imports sos_print.documents.boards.fit"],
        ),
        (
            "plans",
            "from ..cli import app\n",
            ["plans/bad.py imports sos_print.cli", "plans/bad.py imports sos_print.cli.app"],
        ),
        ("plans", "from sos_print import cli\n", ["plans/bad.py imports sos_print.cli"]),
        (
            "forms",
            "from sos_print.plans.words import Words\n",
            ["forms/bad.py imports sos_print.plans.words", "forms/bad.py imports sos_print.plans.words.Words"],
        ),
        ("system", "import reportlab\n", ["system/bad.py imports reportlab"]),
        ("pdf", "from .. import documents\n", ["pdf/bad.py imports sos_print.documents"]),
        (
            "engine",
            "if TYPE_CHECKING:\n    from sos_print.plans.options import PrintOptions\n",
            [
                "engine/bad.py imports sos_print.plans.options",
                "engine/bad.py imports sos_print.plans.options.PrintOptions",
            ],
        ),
        ("engine", "import os.path, re\nfrom sos_print import __version__\nfrom . import grid\n", []),
        ("cli", "from typer import Option\nfrom ..documents import boards\n", []),
    ],
)
def test_the_layer_check_sees_every_form_of_import(tmp_path, layer, source, expected):
    # A module at sos_print/<layer>/bad.py, in a folder shaped like the repository.
    folder = tmp_path / "sos_print" / layer
    folder.mkdir(parents=True)
    (folder / "bad.py").write_text(source)
    assert violations(layer, folder / "bad.py", root=tmp_path) == expected


@pytest.mark.parametrize("module", [path.stem for path in modules_of("engine")])
def test_the_engine_loads_only_the_standard_library(module):
    # Compare sys.modules before and after the import, so that whatever the interpreter loads
    # at start-up (site hooks, .pth files) is not charged to the engine.
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        f"import sos_print.engine.{module}\n"
        "new = {m.split('.')[0] for m in set(sys.modules) - before}\n"
        "print(' '.join(sorted(new - set(sys.stdlib_module_names) - {'sos_print'})))\n"
    )
    # From the repository root, so that `python -c` imports this working tree, not an installed copy.
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    out = run.stdout.split()
    assert out == [], f"sos_print.engine.{module} loads {out}"


def test_typer_appears_in_the_cli_only_and_click_nowhere():
    users = sorted(
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if any(name.partition(".")[0] == "typer" for name in imported(path))
    )
    assert users and all(user.startswith("cli/") for user in users), users
    assert not [path for path in PACKAGE.rglob("*.py") if any(n.startswith("click") for n in imported(path))]


def loaded_by(arguments: list[str], watched: set[str], top_level: bool = False) -> tuple[list[str], str]:
    """Runs sos-print with `arguments` in a child process; returns which `watched` modules it loaded (by top-level
    package name if `top_level`), and the child's standard error."""
    names = "{m.split('.')[0] for m in sys.modules}" if top_level else "set(sys.modules)"
    code = (
        "import sys\n"
        f"sys.argv = ['sos-print', *{arguments!r}]\n"
        "from sos_print.__main__ import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        f"print('LOADED', ' '.join(sorted({names} & set({sorted(watched)!r}))))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    line = next(line for line in result.stdout.splitlines() if line.startswith("LOADED"))
    return line.split()[1:], result.stderr


@pytest.mark.parametrize(
    "arguments",
    [
        ["--help"],
        ["check", "--help"],
        ["kit", "--help"],
        ["puzzles", "--help"],
        ["check", str(ROOT / "examples")],
        ["solve", "S.S/OO./SOS"],
    ],
    ids=["help", "check-help", "kit-help", "puzzles-help", "check", "solve"],
)
def test_help_check_and_solve_load_neither_reportlab_nor_jinja2(arguments):
    loaded, _ = loaded_by(arguments, {"reportlab", "jinja2", "pypdf", "werkzeug", "pypdfium2"}, top_level=True)
    assert loaded == [], f"sos-print {' '.join(arguments)} loads {loaded}"


COMMAND_MODULES = ["analysing", "checking", "printing", "puzzling", "replaying", "serving", "solving"]


def test_the_command_table_names_the_module_that_declares_each_command():
    from sos_print.cli import app
    from sos_print.cli.application import COMMANDS

    declared = {
        (info.name or info.callback.__name__.replace("_", "-")): info.callback.__module__
        for info in app.registered_commands
    }
    assert {name: f"sos_print.cli.{module}" for name, module in COMMANDS.items()} == declared
    assert sorted(set(COMMANDS.values())) == COMMAND_MODULES


@pytest.mark.parametrize("arguments", [["--help"], ["--help", "kit"], []], ids=["help", "help-before-kit", "nothing"])
def test_the_help_lists_every_command_in_the_order_of_the_table(arguments):
    from sos_print.cli.application import COMMANDS

    result = subprocess.run(
        [sys.executable, "-m", "sos_print", *arguments], capture_output=True, text=True, cwd=ROOT, check=False
    )
    listing = (result.stdout + result.stderr).split("Commands:\n")[1]
    assert [line.split()[0] for line in listing.splitlines() if line.startswith("  ")] == list(COMMANDS)
    assert list(COMMANDS)[:2] == ["kit", "boards"]  # the class kit first: what a teacher comes for


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        (["check", str(ROOT / "examples")], ["checking"]),
        (["solve", "S.S/OO./SOS"], ["solving"]),
        (["kit", "--help"], ["printing"]),
        (["replay", "--help"], ["replaying"]),
        (["--help"], COMMAND_MODULES),
        (["--help", "kit"], COMMAND_MODULES),  # the root's help, which lists every command
        (["kitt"], COMMAND_MODULES),  # a misspelt command: every name is loaded, to suggest the nearest
    ],
    ids=["check", "solve", "kit-help", "replay-help", "help", "help-before-kit", "misspelt"],
)
def test_a_run_loads_only_the_module_of_the_command_it_names(arguments, expected):
    loaded, errors = loaded_by(arguments, {f"sos_print.cli.{module}" for module in COMMAND_MODULES})
    assert loaded == [f"sos_print.cli.{module}" for module in expected], errors


def test_a_kit_loads_neither_the_form_fields_nor_argparse(tmp_path):
    watched = {"sos_print.pdf.fields", "sos_print.documents.auditform", "sos_print.forms.fields"}
    watched |= {"sos_print.plans.worksheets", "argparse", "pypdf", "werkzeug", "pypdfium2", "sos_print.web"}
    loaded, errors = loaded_by(["kit", "--out", str(tmp_path / "kit")], watched)
    assert (tmp_path / "kit" / "teacher.pdf").exists(), errors
    assert loaded == [], f"a kit run loads {loaded}, which only fillable audits, puzzle sheets and builders use"


@pytest.mark.parametrize("command", ["check", "analyse"])
def test_reading_a_filled_audit_loads_pypdf_but_neither_reportlab_nor_jinja2(tmp_path, command):
    from formfill import fill

    from sos_print.documents.audit import audit_document
    from sos_print.plans.options import PrintOptions

    filled = tmp_path / "filled.pdf"
    values = {"group1.move.1.player": "A", "group1.move.1.letter": "S", "group1.move.1.cell": "B2"}
    filled.write_bytes(fill(audit_document(PrintOptions(size=3), fillable=True).data, values))
    code = (
        "import sys\n"
        f"sys.argv = ['sos-print', {command!r}, {str(filled)!r}]\n"
        "from sos_print.__main__ import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exit:\n"
        "    print('STATUS', exit.code)\n"
        "loaded = {m.split('.')[0] for m in sys.modules}\n"
        "print('LOADED', ' '.join(sorted(loaded & {'reportlab', 'jinja2', 'pypdf'})))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert "STATUS 0" in result.stdout, result.stdout + result.stderr
    line = next(line for line in result.stdout.splitlines() if line.startswith("LOADED"))
    assert line.split()[1:] == ["pypdf"], result.stdout + result.stderr
