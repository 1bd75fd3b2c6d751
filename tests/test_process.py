"""Tests how a sos-print process ends when its surroundings fail: streams, bugs, and the statuses it documents."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLES, ROOT

from sos_print.cli.process import EXIT_INTERNAL, EXIT_STREAM, run_command_line


def sos_print(*args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, code: str | None = None, env=None):
    """Runs sos-print (or `code` that ends by running it) in its own process and waits for it."""
    command = [sys.executable, "-c", code, *map(str, args)] if code else [sys.executable, "-m", "sos_print", *args]
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run(command, stdout=stdout, stderr=stderr, text=True, env=environment, timeout=60)


# ---- standard output that fails -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [["check", EXAMPLES], ["--help"], ["--version"], ["kit", "--help"]],
    ids=["check", "help", "version", "kit-help"],
)
def test_a_full_standard_output_is_one_line_and_status_74(args):
    with open("/dev/full", "w") as full:
        result = sos_print(*map(str, args), stdout=full)
    assert result.returncode == EXIT_STREAM == 74
    assert result.stderr == "sos-print: cannot write to standard output: No space left on device\n"


def test_a_closed_pipe_is_one_line_and_status_74():
    process = subprocess.Popen(
        [sys.executable, "-m", "sos_print", "check", str(EXAMPLES)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    process.stdout.close()  # as `| head -0` would: the reader is gone before the first line
    stderr = process.stderr.read()
    assert process.wait(timeout=60) == 74
    assert stderr == "sos-print: cannot write to standard output: the reader has closed the pipe\n"


def test_a_closed_pipe_after_a_kit_was_written_says_the_files_are_whole(tmp_path):
    process = subprocess.Popen(
        [sys.executable, "-m", "sos_print", "kit", "--out", str(tmp_path / "kit")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    process.stdout.close()
    stderr = process.stderr.read()
    assert process.wait(timeout=60) == 74
    assert stderr == (
        "sos-print: cannot write to standard output: the reader has closed the pipe; the files were written in full\n"
    )
    for name in ("players.pdf", "teacher.pdf"):
        assert (tmp_path / "kit" / name).read_bytes().rstrip().endswith(b"%%EOF")


def test_a_closed_standard_output_is_one_line_and_status_74():
    result = subprocess.run(
        ["sh", "-c", 'exec "$0" -m sos_print check "$1" >&-', sys.executable, str(EXAMPLES)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    assert result.returncode == 74
    assert result.stderr == "sos-print: cannot write to standard output: it is closed\n"


@pytest.mark.parametrize(
    ("args", "status"),
    [
        (["check", "missing.toml"], 1),
        (["kit", "--size", "9"], 2),
        (["check", str(EXAMPLES / "01-one-o-two-lines.toml")], 0),
    ],
)
def test_a_failing_standard_error_does_not_change_the_status(args, status):
    with open("/dev/full", "w") as full:
        result = sos_print(*args, stderr=full)
    assert result.returncode == status


# ---- the garbage collector while a run loads ------------------------------------------------------------------

GAME = EXAMPLES / "05-french-game-5x5.toml"
GC_PROBE = (
    "import gc, sys\n"
    "import sos_print.engine.analysis as analysis, sos_print.engine.check as check\n"
    "import sos_print.documents.teacher as teacher\n"
    "import sos_print.cli.application as application\n"
    "states = {}\n"
    "def probe(name, function):\n"
    "    def probed(*args, **kwargs):\n"
    "        states.setdefault(name, gc.isenabled())\n"
    "        return function(*args, **kwargs)\n"
    "    return probed\n"
    "check.verify_examples = probe('verify', check.verify_examples)\n"
    "analysis.analyse_game = probe('analysis', analysis.analyse_game)\n"
    "teacher.teacher_document = probe('teacher', teacher.teacher_document)\n"
    "application.app_for = probe('loading', application.app_for)\n"
    "sys.argv = ['sos-print', *sys.argv[1:]]\n"
    "from sos_print.cli.process import run_command_line\n"
    "status = run_command_line()\n"
    "print(status, states, gc.isenabled(), gc.get_freeze_count() > 10000)\n"
)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["kit", "--out", "{tmp}/kit"], "0 {'loading': False, 'verify': True, 'teacher': True} True True"),
        (["rules", "--out", "{tmp}/rules.pdf"], "0 {'loading': False, 'verify': True} True True"),
        (["replay", str(GAME), "--out", "{tmp}/replay.pdf"], "0 {'loading': False, 'analysis': True} True True"),
        (["analyse", str(GAME)], "0 {'loading': False, 'analysis': True} True True"),
        (["--help"], "0 {'loading': False} True True"),
        (["kit", "--size", "9"], "2 {'loading': False} True True"),
    ],
    ids=["kit", "rules", "replay", "analyse", "help", "usage-error"],
)
def test_the_collector_is_off_while_a_run_loads_and_on_again_for_its_work_and_after_it(tmp_path, args, expected):
    # Loading makes objects, not garbage: the collector is off while the command and what it draws with
    # load, then on for all the work, what was loaded left out of its walks (frozen), in every run.
    result = sos_print(*[arg.format(tmp=tmp_path) for arg in args], code=GC_PROBE)
    assert result.stdout.splitlines()[-1] == expected, result.stderr


@pytest.mark.parametrize("args", [["--version"], ["rules", "--out", "{tmp}/rules.pdf"]], ids=["version", "rules"])
def test_a_run_leaves_the_collector_as_it_found_it(tmp_path, args):
    # A caller that had turned the collector off finds it off, even after a run that turned it on for its work.
    code = GC_PROBE.replace("from sos_print.cli.process", "gc.disable()\nfrom sos_print.cli.process")
    result = sos_print(*[arg.format(tmp=tmp_path) for arg in args], code=code)
    assert result.stdout.splitlines()[-1].split()[0] == "0", result.stderr
    assert result.stdout.splitlines()[-1].split()[-2] == "False"  # gc.isenabled() after the run


# ---- bugs ------------------------------------------------------------------------------------------------------

BUG = (
    "import sys, sos_print.engine.check as check\n"
    "def broken(*args, **kwargs):\n"
    "    raise ZeroDivisionError('division by zero')\n"
    "check.check_paths = broken\n"
    "sys.argv = ['sos-print', *sys.argv[1:]]\n"
    "from sos_print.__main__ import main\n"
    "main()\n"
)


# Runs sos-print from a folder deleted after the shell entered it (a terminal left open in a folder removed in the
# file manager).
IN_A_DELETED_FOLDER = (
    "import os, sys\n"
    "os.chdir(sys.argv[1]); os.rmdir(sys.argv[1])\n"
    "sys.argv = ['sos-print', *sys.argv[2:]]\n"
    "from sos_print.__main__ import main\n"
    "main()\n"
)


@pytest.mark.parametrize(
    ("args", "status", "line"),
    [
        (
            ["rules"],
            1,
            "sos-print: the current folder no longer exists (deleted or moved): go to a folder that exists "
            "and run the command again",
        ),
        # It loads no drawing library: given whole, it works.
        (["check", EXAMPLES / "01-one-o-two-lines.toml"], 0, None),
        # A name in the folder was "internal error (FileNotFoundError ...)" (ad86, 1).
        (
            ["check", "lesson.toml"],
            1,
            "sos-print: the current folder no longer exists (deleted or moved): go to a folder that exists "
            "and run the command again",
        ),
    ],
    ids=["rules", "check", "check in the folder"],
)
def test_a_run_from_a_deleted_folder_is_one_line_not_an_internal_error(tmp_path, args, status, line):
    # reportlab asks for the current folder as it loads: "internal error (FileNotFoundError ...)", status 70 (ad85, 1)
    gone = tmp_path / "gone"
    gone.mkdir()
    result = sos_print(gone, *args, code=IN_A_DELETED_FOLDER, env={"TMPDIR": str(tmp_path)})
    assert result.returncode == status, result.stderr
    assert result.stderr.splitlines() == ([line] if line else [])
    assert not list(tmp_path.glob("sos-print-error-*"))


def test_check_of_the_deleted_current_folder_says_it_no_longer_exists(tmp_path):
    # It "held no example file or game record" (ad87, 6).
    gone = tmp_path / "gone"
    gone.mkdir()
    result = sos_print(gone, "check", ".", code=IN_A_DELETED_FOLDER, env={"TMPDIR": str(tmp_path)})
    assert (result.returncode, result.stdout.splitlines(), result.stderr) == (
        1,
        [".: this folder no longer exists (deleted or moved)", "checked no file: 1 path not checked"],
        "",
    )


def test_a_home_folder_that_is_a_file_is_one_line_naming_what_could_not_be_read(tmp_path):
    # reportlab reads ~/.reportlab_mods as it loads: HOME naming a file ended in "internal error" (ad85, 8)
    home = tmp_path / "home"
    home.write_text("")
    result = sos_print("rules", "--out", tmp_path / "rules.pdf", env={"HOME": str(home), "TMPDIR": str(tmp_path)})
    assert (result.returncode, result.stderr) == (
        1,
        f"sos-print: cannot load the drawing library: {home}/.reportlab_mods: Not a directory\n",
    )
    assert not (tmp_path / "rules.pdf").exists()


@pytest.mark.parametrize(("settings", "error"), [("raise ValueError('x')\n", "ValueError"), ("def (\n", "SyntaxError")])
def test_reportlabs_settings_in_the_home_folder_that_fail_are_one_line_not_a_bug(tmp_path, settings, error):
    # reportlab runs ~/.reportlab_mods as it loads: one that failed was "internal error; this is a bug" (ad86, 11)
    home = tmp_path / "home"
    home.mkdir()
    (home / ".reportlab_mods").write_text(settings)
    result = sos_print("rules", "--out", tmp_path / "rules.pdf", env={"HOME": str(home), "TMPDIR": str(tmp_path)})
    assert (result.returncode, result.stderr) == (
        1,
        f"sos-print: cannot load the drawing library: {home}/.reportlab_mods fails ({error})\n",
    )
    assert sorted(path.name for path in tmp_path.iterdir()) == ["home"]


def test_an_internal_error_is_one_line_asking_for_a_report_with_where_the_details_are(tmp_path):
    result = sos_print("check", EXAMPLES, code=BUG, env={"TMPDIR": str(tmp_path)})
    assert result.returncode == EXIT_INTERNAL == 70
    [details] = tmp_path.glob("sos-print-error-*.txt")
    assert result.stderr == (
        "sos-print: internal error (ZeroDivisionError: division by zero); this is a bug, please report it"
        f" with the details in {details}\n"
    )
    report = details.read_text()
    assert "Traceback (most recent call last)" in report and "ZeroDivisionError: division by zero" in report
    assert "'check'" in report and "sos-print 0." in report  # the command and the version, for the report


def test_the_debug_switch_shows_the_traceback_instead(tmp_path):
    result = sos_print("check", EXAMPLES, code=BUG, env={"TMPDIR": str(tmp_path), "SOS_PRINT_DEBUG": "1"})
    assert result.returncode == 70
    assert result.stderr.startswith("Traceback (most recent call last)")
    assert result.stderr.splitlines()[-1].startswith("sos-print: internal error (ZeroDivisionError")
    assert not list(tmp_path.glob("sos-print-error-*"))


def test_an_internal_error_without_a_place_for_the_details_says_how_to_see_them(monkeypatch, capsys):
    import tempfile

    import sos_print.engine.check as check

    def broken(*args, **kwargs):
        raise KeyError("oops")

    def no_temporary_files(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(check, "check_paths", broken)
    monkeypatch.setattr(tempfile, "mkstemp", no_temporary_files)
    monkeypatch.setattr(sys, "argv", ["sos-print", "check", str(EXAMPLES)])
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # typer sets its own; leave pytest's in place
    monkeypatch.delenv("SOS_PRINT_DEBUG", raising=False)
    assert run_command_line() == 70
    assert capsys.readouterr().err == (
        "sos-print: internal error (KeyError: 'oops'); this is a bug, please report it"
        " (run again with SOS_PRINT_DEBUG=1 to see the details)\n"
    )


# ---- the documentation --------------------------------------------------------------------------------------------


def test_every_guarantee_in_the_readme_names_a_test_that_exists():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Guarantees", 1)[1].split("\n## ", 1)[0]
    named = {name for name in __import__("re").findall(r"`(test_\w+)`", section)}
    assert len(named) >= 10, named
    defined = {
        line.split("(")[0].removeprefix("def ").strip()
        for path in Path(ROOT / "tests").glob("test_*.py")
        for line in path.read_text().splitlines()
        if line.startswith("def test_")
    }
    assert named <= defined, sorted(named - defined)
    for status in ("0", "1", "2", "70", "74", "130", "143"):
        assert f"| {status} |" in section, status


# The commands a teacher tries in turn from the README write files.
WRITERS = ("kit", "boards", "audit", "grids", "rules", "teacher", "puzzles", "replay")


def test_each_readme_example_writes_its_own_output_so_the_next_does_not_fail():
    import re
    import shlex

    from typer.main import get_command

    from sos_print.cli import app
    from sos_print.cli.replaying import replay_file

    commands = get_command(app).commands  # type: ignore[attr-defined]
    defaults = {name: str(next(p.default for p in commands[name].params if p.name == "out")) for name in WRITERS}
    readme = (ROOT / "README.md").read_text()
    written: dict[str, str] = {}
    for block in re.findall(r"```sh\n(.*?)```", readme, re.S):
        for line in block.splitlines():
            words = shlex.split(line.split("sos-print ", 1)[-1], comments=True) if "sos-print " in line else []
            if not words or words[0] not in WRITERS:
                continue
            out = words[words.index("--out") + 1] if "--out" in words else defaults[words[0]]
            if words[0] == "replay" and "--out" not in words:
                out = str(replay_file(words[1]))  # the record's name, then -replay.pdf
            assert out not in written, f"{line.strip()!r} writes {out}, as {written.get(out)!r} did: it would fail"
            # A PDF file's --out ends in .pdf, a folder's does not: either is a usage error otherwise.
            assert out.lower().endswith(".pdf") != (words[0] in ("kit", "puzzles")), line.strip()
            written[out] = line.strip()
    assert len(written) >= 10, written
