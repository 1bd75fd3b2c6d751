"""Tests safe writing: a set of files written whole or not at all, never clobbered, never half replaced.

Failures are injected where the system would raise them (os.write, os.fsync, os.replace,
os.link), so the tests mean the same as root in CI as anywhere else.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLES, ROOT
from pdfread import catalog, texts

from sos_print.cli import app
from sos_print.system import interrupts, output
from sos_print.system.output import check_targets, write_files

OLD_PLAYERS, OLD_TEACHER = b"the old players' file", b"the old teacher's file"


def run(runner, *args):
    result = runner.invoke(app, [str(arg) for arg in args])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def leftovers(folder: Path) -> list[str]:
    """Returns the temporary or kept files sos-print left in `folder`."""
    return sorted(path.name for path in folder.rglob(".sos-print-*"))


def old_kit(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "players.pdf").write_bytes(OLD_PLAYERS)
    (folder / "teacher.pdf").write_bytes(OLD_TEACHER)
    return folder


def assert_old_kit(folder: Path) -> None:
    assert (folder / "players.pdf").read_bytes() == OLD_PLAYERS
    assert (folder / "teacher.pdf").read_bytes() == OLD_TEACHER
    assert sorted(path.name for path in folder.iterdir()) == ["players.pdf", "teacher.pdf"]


def assert_complete_pdf(path: Path) -> None:
    data = path.read_bytes()
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF"), path
    assert texts(path)


def fail_nth(monkeypatch, name: str, nth: int, error: int, only=lambda *args: True) -> list[object]:
    """Makes the `nth` call of os.`name` for which `only(*args)` holds raise OSError(`error`); returns the calls."""
    real = getattr(os, name)
    calls: list[object] = []

    def fake(*args, **kwargs):
        if only(*args):
            calls.append(args)
            if len(calls) == nth:
                raise OSError(error, os.strerror(error))
        return real(*args, **kwargs)

    monkeypatch.setattr(os, name, fake)
    return calls


def is_part(descriptor: int, *rest) -> bool:
    return os.readlink(f"/proc/self/fd/{descriptor}").endswith(".part")


def from_part(source, *rest) -> bool:
    return str(source).endswith(".part")


# ---- modes ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002, 0o000])
def test_a_new_file_has_mode_0o666_minus_the_umask(tmp_path, umask):
    saved = os.umask(umask)
    try:
        write_files([(tmp_path / "a.pdf", b"%PDF-1.4 new")], force=False)
    finally:
        os.umask(saved)
    assert stat.S_IMODE((tmp_path / "a.pdf").stat().st_mode) == 0o666 & ~umask
    assert (tmp_path / "a.pdf").read_bytes() == b"%PDF-1.4 new"


def test_a_replaced_file_gets_a_new_files_mode_not_the_temporary_one(tmp_path):
    (tmp_path / "a.pdf").write_bytes(b"old")
    (tmp_path / "a.pdf").chmod(0o600)
    saved = os.umask(0o022)
    try:
        write_files([(tmp_path / "a.pdf", b"new")], force=True)
    finally:
        os.umask(saved)
    assert stat.S_IMODE((tmp_path / "a.pdf").stat().st_mode) == 0o644
    assert leftovers(tmp_path) == []


# ---- one file: failures at each step leave the old file and no temporary file ---------------------------------


@pytest.mark.parametrize(
    ("function", "only"),
    [("write", is_part), ("fsync", lambda *args: True), ("replace", from_part)],
    ids=["write", "flush", "replace"],
)
def test_a_failure_while_replacing_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch, function, only):
    target = tmp_path / "boards.pdf"
    target.write_bytes(b"the teacher's own boards")
    calls = fail_nth(monkeypatch, function, 1, errno.EIO, only)
    with pytest.raises(output.OutputError, match="Input/output error"):
        write_files([(target, b"%PDF new")], force=True)
    assert calls, f"os.{function} was never called"
    assert target.read_bytes() == b"the teacher's own boards"
    assert leftovers(tmp_path) == []


def test_a_failure_while_creating_leaves_no_file_at_all(tmp_path, monkeypatch):
    fail_nth(monkeypatch, "fsync", 1, errno.EIO)
    with pytest.raises(output.OutputError):
        write_files([(tmp_path / "new" / "boards.pdf", b"%PDF new")], force=False)
    assert list(tmp_path.iterdir()) == []  # the folder made for it is gone too


# ---- a kit: both files or neither ------------------------------------------------------------------------------


def test_a_full_disk_on_the_second_file_of_a_kit_writes_nothing(runner, tmp_path, monkeypatch):
    fail_nth(monkeypatch, "write", 2, errno.ENOSPC, is_part)  # players.pdf fits; teacher.pdf does not
    out = tmp_path / "new" / "kit"
    result = run(runner, "kit", "--out", out)
    assert result.exit_code == 1
    assert result.stderr == (
        f"sos-print: cannot write {out / 'teacher.pdf'}: No space left on device; nothing was written\n"
    )
    assert list(tmp_path.iterdir()) == []  # no players.pdf, no .part file, no folder


def test_a_full_disk_while_replacing_a_kit_keeps_the_whole_old_kit(runner, tmp_path, monkeypatch):
    out = old_kit(tmp_path / "kit")
    fail_nth(monkeypatch, "write", 2, errno.ENOSPC, is_part)
    result = run(runner, "kit", "--out", out, "--force")
    assert result.exit_code == 1
    assert result.stderr.endswith("nothing was written; the old files are untouched\n")
    assert_old_kit(out)


def test_a_kit_whose_second_file_cannot_be_renamed_rolls_the_first_back(runner, tmp_path, monkeypatch):
    out = old_kit(tmp_path / "kit")
    calls = fail_nth(monkeypatch, "replace", 2, errno.EIO, from_part)
    result = run(runner, "kit", "--out", out, "--force")
    assert result.exit_code == 1, result.output
    assert len(calls) == 2  # players.pdf had been replaced when teacher.pdf failed
    assert_old_kit(out)


def test_a_kit_whose_second_name_is_taken_meanwhile_creates_nothing(runner, tmp_path, monkeypatch):
    """Without --force the name is claimed when the file is made, not when the run starts."""
    from sos_print.documents import teacher

    out = tmp_path / "kit"
    real = teacher.teacher_document

    def teacher_document_and_an_intruder(*args, **kwargs):
        rendered = real(*args, **kwargs)
        (out / "teacher.pdf").write_bytes(b"written by another run meanwhile")
        return rendered

    monkeypatch.setattr(teacher, "teacher_document", teacher_document_and_an_intruder)
    out.mkdir()
    result = run(runner, "kit", "--out", out)
    assert result.exit_code == 1
    assert f"{out / 'teacher.pdf'} already exists; use --force to replace it" in result.stderr
    assert (out / "teacher.pdf").read_bytes() == b"written by another run meanwhile"
    assert sorted(path.name for path in out.iterdir()) == ["teacher.pdf"]  # players.pdf was taken back


def test_a_kit_is_replaced_whole_with_force(runner, tmp_path):
    out = old_kit(tmp_path / "kit")
    result = run(runner, "kit", "--out", out, "--force")
    assert result.exit_code == 0, result.output
    for name in ("players.pdf", "teacher.pdf"):
        assert_complete_pdf(out / name)
    assert leftovers(out) == []


@pytest.mark.parametrize("force", [False, True])
def test_where_links_are_refused_files_are_still_claimed_exclusively_and_rolled_back(tmp_path, monkeypatch, force):
    """FAT and some network file systems refuse link(2): the writer claims names with O_EXCL instead."""

    def no_links(*args, **kwargs):
        raise OSError(errno.EPERM, os.strerror(errno.EPERM))

    monkeypatch.setattr(os, "link", no_links)
    first, second = tmp_path / "players.pdf", tmp_path / "teacher.pdf"
    if force:
        first.write_bytes(OLD_PLAYERS)
        second.write_bytes(OLD_TEACHER)
    write_files([(first, b"new players"), (second, b"new teacher")], force=force)
    assert (first.read_bytes(), second.read_bytes()) == (b"new players", b"new teacher")
    assert leftovers(tmp_path) == []
    if force:
        fail_nth(monkeypatch, "replace", 2, errno.EIO, from_part)  # the second file fails after the first is in
        with pytest.raises(output.OutputError):
            write_files([(first, b"newer players"), (second, b"newer teacher")], force=True)
    else:
        with pytest.raises(output.OutputError, match="already exists"):
            write_files([(tmp_path / "other.pdf", b"x"), (second, b"y")], force=False)
        assert not (tmp_path / "other.pdf").exists()
    assert (first.read_bytes(), second.read_bytes()) == (b"new players", b"new teacher")
    assert leftovers(tmp_path) == []


def test_two_racing_kits_one_wins_and_the_other_changes_nothing(tmp_path):
    """Both runs start together on the same folder; exactly one writes its kit, whole."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    for trial in range(2):
        out = tmp_path / f"race{trial}"
        runs = {
            lang: subprocess.Popen(
                [sys.executable, "-m", "sos_print", "kit", "--out", str(out), "--lang", lang],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                env=environment,
            )
            for lang in ("en", "fr")
        }
        ends = {lang: (process.wait(timeout=60), process.stderr.read()) for lang, process in runs.items()}
        winners = [lang for lang, (code, _) in ends.items() if code == 0]
        assert len(winners) == 1, ends
        loser = "fr" if winners == ["en"] else "en"
        assert ends[loser][0] == 1 and "already exists; use --force to replace it" in ends[loser][1], ends
        lang = {"en": "en", "fr": "fr-FR"}[winners[0]]
        assert [catalog(out / name)["/Lang"] for name in ("players.pdf", "teacher.pdf")] == [lang, lang]
        assert sorted(path.name for path in out.iterdir()) == ["players.pdf", "teacher.pdf"]


# ---- what is never replaced ------------------------------------------------------------------------------------


def _dangling(path: Path) -> str:
    path.symlink_to(path.parent / "nowhere.pdf")
    return "a symbolic link"


def _link_to_file(path: Path) -> str:
    (path.parent / "real.pdf").write_bytes(b"the real file")
    path.symlink_to(path.parent / "real.pdf")
    return "a symbolic link"


def _fifo(path: Path) -> str:
    os.mkfifo(path)
    return "a FIFO"


def _device(path: Path) -> str:
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 7))  # the same device as /dev/full
    return "a character device"


def _socket(path: Path) -> str:
    import socket

    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()
    return "a socket"


@pytest.mark.parametrize("make", [_dangling, _link_to_file, _fifo, _device, _socket])
@pytest.mark.parametrize("force", [False, True])
def test_a_target_that_is_not_a_regular_file_is_never_replaced(runner, tmp_path, make, force):
    target = tmp_path / "boards.pdf"
    kind = make(target)
    before = os.lstat(target)
    result = run(runner, "boards", "--out", target, *(["--force"] if force else []))
    assert result.exit_code == 1
    assert result.stderr == (
        f"sos-print: {target} is {kind}, not a regular file: sos-print replaces only regular files\n"
    )
    after = os.lstat(target)
    assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)
    if target.is_symlink() and target.exists():
        assert target.read_bytes() == b"the real file"
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("command", ["kit", "puzzles"])
def test_a_folder_named_as_a_link_to_nothing_is_refused_and_left_alone(runner, tmp_path, command):
    # "cannot create the folder dangling: File exists" named no file (sweep ad74, 12); no folder is made at its target.
    link = tmp_path / "dangling"
    link.symlink_to(tmp_path / "nowhere")
    result = run(runner, command, "--out", link)
    assert result.exit_code == 1
    assert result.stderr == (
        f"sos-print: cannot create the folder {link}: a link of that name leads to nothing: remove it or name another "
        "folder; nothing was written\n"
    )
    assert link.is_symlink() and not (tmp_path / "nowhere").exists()


@pytest.mark.parametrize("force", [False, True])
def test_a_folder_as_the_target_file_is_refused(runner, tmp_path, force):
    # A folder's name without .pdf is refused as a name (test_cli); one named as a PDF file is found on the disk.
    folder = tmp_path / "boards.pdf"
    folder.mkdir()
    result = run(runner, "boards", "--out", folder, *(["--force"] if force else []))
    assert result.exit_code == 1
    assert result.stderr == f"sos-print: {folder} is a folder; give a file name ending in .pdf\n"


@pytest.mark.parametrize(
    ("command", "name"),
    [
        (["kit"], "players.pdf"),
        (["kit"], "teacher.pdf"),
        (["puzzles"], "puzzles.pdf"),
        (["puzzles"], "answers.pdf"),
        (["puzzles"], "puzzles.json"),
    ],
)
@pytest.mark.parametrize("force", [False, True])
def test_a_folder_where_a_run_writes_one_of_its_own_files_is_named_as_a_folder(runner, tmp_path, command, name, force):
    # --out DIR names only the folder: the file name is the run's, so "give a file name ending in .pdf" would not do.
    (tmp_path / name).mkdir()
    result = run(runner, *command, "--out", tmp_path, *(["--force"] if force else []))
    assert (result.exit_code, result.stderr) == (
        1,
        f"sos-print: {tmp_path / name} is a folder, but this run writes a file of that name: rename that folder, "
        "or give --out another folder\n",
    )
    assert sorted(path.name for path in tmp_path.iterdir()) == [name]  # nothing written beside it


@pytest.mark.parametrize(
    ("command", "name", "out"),
    [
        # A PDF's --out ends in .pdf (test_cli), so a record is its output under another name: a link to it.
        (["replay", "{input}"], "game.toml", "link.pdf"),
        (["replay", "{input}", "--size", "3"], "game.csv", "link.pdf"),
        (["rules", "--example", "{input}"], "game.toml", "link.pdf"),
        (["teacher", "{input}"], "game.toml", "link.pdf"),
        (["teacher", "{folder}"], "game.toml", "link.pdf"),  # a file the folder holds
        (["rules", "--example", "{folder}"], "game.toml", "link.pdf"),
        (["kit", "--examples", "{input}"], "players.pdf", "."),
    ],
)
def test_a_file_the_run_reads_is_never_its_output_even_with_force(runner, tmp_path, command, name, out):
    source = tmp_path / name
    original = (EXAMPLES / "06-last-letter-scores.toml").read_bytes()
    if name.endswith(".csv"):
        original = b"player,letter,cell,lines,points\nA,S,A1,,\nB,O,B2,,\n"
    source.write_bytes(original)
    target = tmp_path / out
    if out == "link.pdf":
        target.hardlink_to(source)
    args = [part.replace("{input}", str(source)).replace("{folder}", str(tmp_path)) for part in command]
    result = run(runner, *args, "--out", target, "--force")
    assert result.exit_code == 1, result.output
    named = source if out == "." else target
    assert result.stderr.startswith(f"sos-print: {named} is the file this run reads; write to another file")
    assert source.read_bytes() == original
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize(("path", "kind"), [("/dev/stdout", "a symbolic link"), ("/dev/full", "a character device")])
def test_system_devices_are_refused_even_with_force_before_anything_is_done(path, kind):
    if not os.path.lexists(path):
        pytest.fail(f"{path} is missing on this system")
    with pytest.raises(output.OutputError, match=f"^{path} is {kind}, not a regular file"):
        check_targets([Path(path)], force=True)


# ---- folders made for --out ------------------------------------------------------------------------------------


def test_folders_made_for_a_failing_run_are_removed(runner, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text((EXAMPLES / "01-one-o-two-lines.toml").read_text().replace("points = 2", "points = 1"))
    result = run(runner, "kit", "--out", tmp_path / "new" / "a" / "b", "--examples", bad)
    assert result.exit_code == 1
    assert sorted(path.name for path in tmp_path.iterdir()) == ["bad.toml"]


def test_only_the_folders_this_run_made_are_removed(runner, tmp_path, monkeypatch):
    (tmp_path / "new").mkdir()
    fail_nth(monkeypatch, "write", 1, errno.ENOSPC, is_part)
    result = run(runner, "kit", "--out", tmp_path / "new" / "a" / "b")
    assert result.exit_code == 1
    assert [path.name for path in tmp_path.iterdir()] == ["new"]
    assert list((tmp_path / "new").iterdir()) == []


@pytest.mark.parametrize(
    ("out", "written", "folders"),
    [
        ("missing/../b.pdf", "b.pdf", []),  # once left an empty folder "missing" behind
        ("a/b/../../c/d/../e.pdf", "c/e.pdf", ["c"]),
        ("here/../f.pdf", "here/../f.pdf", ["here"]),  # an existing folder stays: it may be a link
    ],
)
def test_a_folder_stepped_out_of_with_dots_is_not_made(runner, tmp_path, out, written, folders):
    (tmp_path / "here").mkdir()
    result = run(runner, "boards", "--out", tmp_path / out)
    assert result.exit_code == 0, result.output
    assert re.fullmatch(rf"wrote {re.escape(str(tmp_path / written))} \(1 page, \d+ KB\)\n", result.stdout)
    assert sorted(str(path.relative_to(tmp_path)) for path in tmp_path.rglob("*") if path.is_dir()) == sorted(
        {"here", *folders}
    )
    assert (tmp_path / written).is_file()


def test_a_folder_that_is_a_file_on_the_way_is_named(runner, tmp_path):
    (tmp_path / "file").write_text("not a folder")
    result = run(runner, "kit", "--out", tmp_path / "file" / "a" / "kit")
    assert result.exit_code == 1
    assert result.stderr == (
        f"sos-print: cannot create the folder {tmp_path / 'file' / 'a' / 'kit'}: {tmp_path / 'file'} is not a folder\n"
    )


@pytest.mark.parametrize("command", ["kit", "puzzles"])
def test_a_folder_named_as_a_file_that_is_there_says_so(runner, tmp_path, command):
    # "cannot create the folder file.txt: file.txt is not a folder" named it twice (sweep ad73, 9); the file stays.
    (tmp_path / "file.txt").write_text("notes")
    result = run(runner, command, "--out", tmp_path / "file.txt")
    assert result.exit_code == 1
    assert result.stderr == (
        f"sos-print: cannot create the folder {tmp_path / 'file.txt'}: a file of that name is already there\n"
    )
    assert (tmp_path / "file.txt").read_text() == "notes"


@pytest.mark.parametrize(("made", "kind"), [("device", "a device"), ("pipe", "a pipe")])
def test_a_folder_named_as_a_device_or_a_pipe_says_which(runner, tmp_path, made, kind):
    # "cannot create the folder /dev/null: a file of that name is already there" (ad83, 15)
    where = Path("/dev/null") if made == "device" else tmp_path / "pipe"
    if made == "pipe":
        os.mkfifo(where)
    result = run(runner, "puzzles", "--out", where)
    assert result.exit_code == 1
    assert result.stderr == f"sos-print: cannot create the folder {where}: {kind} of that name is already there\n"


# ---- names -----------------------------------------------------------------------------------------------------


def test_a_name_as_long_as_the_file_system_allows_works(runner, tmp_path):
    limit = os.pathconf(tmp_path, "PC_NAME_MAX")
    target = tmp_path / ("b" * (limit - 4) + ".pdf")
    result = run(runner, "boards", "--out", target)
    assert result.exit_code == 0, result.output
    assert_complete_pdf(target)
    assert leftovers(tmp_path) == []


def test_a_name_too_long_is_a_clean_error(runner, tmp_path):
    limit = os.pathconf(tmp_path, "PC_NAME_MAX")
    target = tmp_path / ("b" * (limit - 3) + ".pdf")
    result = run(runner, "boards", "--out", target)
    assert result.exit_code == 1
    said = f": the file name is {limit + 1} bytes long; this file system allows {limit}: give a shorter one with --out"
    said += "\n"
    assert result.stderr.endswith(said)
    assert list(tmp_path.iterdir()) == []
    # A replay names its file after its record: the name was too long though the user never typed it (sweep ad94, 4).
    record = tmp_path / ("g" * (limit - 4) + ".csv")
    record.write_text("player,letter,cell,lines,points\nA,S,B1,,0\n", encoding="utf-8")
    result = run(runner, "replay", record, "--size", "4")
    assert (result.exit_code, result.stderr[-len(said) :]) == (1, said.replace(f"{limit + 1}", f"{limit + 7}"))
    assert list(tmp_path.iterdir()) == [record]


def test_a_path_longer_than_the_system_allows_makes_no_folder(runner, tmp_path):
    # Walked one name at a time, each name is found however long the path: the path as a whole is still refused.
    out = tmp_path / ("a/" * 2100 + "kit")
    result = run(runner, "kit", "--out", out)
    assert result.exit_code == 1
    assert result.stderr.startswith("sos-print: cannot use the folder ") and result.stderr.endswith(
        ": File name too long\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_a_file_name_with_a_newline_is_quoted_in_messages(runner, tmp_path):
    target = tmp_path / "a\nwrote b.pdf"
    target.write_bytes(b"old")
    result = run(runner, "boards", "--out", target)
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1
    assert repr(str(target)) in result.stderr


# ---- interruptions, in process: where a signal is acted on -----------------------------------------------------


@pytest.fixture
def signals(monkeypatch):
    """Gives interrupts a fresh, armed state (no real handler is installed); returns a way to 'send' a signal."""
    monkeypatch.setattr(interrupts, "_state", interrupts._State())
    interrupts._state.installed = interrupts._state.armed = True
    return lambda: interrupts._on_signal(signal.SIGTERM, None)


def test_a_signal_while_the_files_are_written_stops_before_any_name_changes(tmp_path, monkeypatch, signals):
    real = os.write

    def write_and_get_a_signal(descriptor, data):
        signals()  # arrives in the middle of writing the first temporary file
        return real(descriptor, data)

    monkeypatch.setattr(os, "write", write_and_get_a_signal)
    with pytest.raises(interrupts.Interrupted) as raised:
        write_files([(tmp_path / "k" / "players.pdf", b"p"), (tmp_path / "k" / "teacher.pdf", b"t")], force=False)
    assert raised.value.exit_code == 143
    assert raised.value.line == "interrupted: nothing written"
    assert list(tmp_path.iterdir()) == []


def test_a_signal_while_names_change_is_held_until_the_kit_is_complete(tmp_path, monkeypatch, signals):
    real = os.replace

    def replace_and_get_a_signal(*args, **kwargs):
        signals()  # arrives between the first rename and the second
        return real(*args, **kwargs)

    monkeypatch.setattr(os, "replace", replace_and_get_a_signal)
    old_kit(tmp_path)
    with pytest.raises(interrupts.Interrupted) as raised:
        write_files([(tmp_path / "players.pdf", b"new p"), (tmp_path / "teacher.pdf", b"new t")], force=True)
    assert raised.value.line == "interrupted: the new files were already written in full"
    assert (tmp_path / "players.pdf").read_bytes() == b"new p"
    assert (tmp_path / "teacher.pdf").read_bytes() == b"new t"
    assert leftovers(tmp_path) == []


def test_a_signal_a_library_swallowed_still_stops_the_run_before_writing(runner, tmp_path, monkeypatch, signals):
    from sos_print.documents import boards

    real = boards.boards_document

    def render_and_swallow(*args, **kwargs):
        with contextlib.suppress(BaseException):  # as a bare `except: pass` in a library would
            signals()
        return real(*args, **kwargs)

    monkeypatch.setattr(boards, "boards_document", render_and_swallow)
    with pytest.raises(interrupts.Interrupted):
        runner.invoke(app, ["boards", "--out", str(tmp_path / "b.pdf")], catch_exceptions=False)
    assert list(tmp_path.iterdir()) == []


# ---- open folders --------------------------------------------------------------------------------------------------


def descriptors() -> set[str]:
    return set(os.listdir("/proc/self/fd"))


def _written(tmp_path, monkeypatch, signals):
    write_files([(tmp_path / "new" / "a" / "players.pdf", b"p"), (tmp_path / "new" / "a" / "teacher.pdf", b"t")], False)


def _replaced(tmp_path, monkeypatch, signals):
    old_kit(tmp_path / "kit")
    write_files([(tmp_path / "kit" / "players.pdf", b"p"), (tmp_path / "kit" / "teacher.pdf", b"t")], force=True)


def _disk_full(tmp_path, monkeypatch, signals):
    fail_nth(monkeypatch, "write", 2, errno.ENOSPC, is_part)
    write_files([(tmp_path / "new" / "players.pdf", b"p"), (tmp_path / "new" / "teacher.pdf", b"t")], False)


def _interrupted(tmp_path, monkeypatch, signals):
    real = os.write
    monkeypatch.setattr(os, "write", lambda *args: (signals(), real(*args))[1])
    write_files([(tmp_path / "new" / "players.pdf", b"p")], False)


def _file_on_the_way(tmp_path, monkeypatch, signals):
    (tmp_path / "file").write_text("not a folder")
    write_files([(tmp_path / "new" / "b.pdf", b"b"), (tmp_path / "file" / "a" / "b.pdf", b"b")], False)


def _loop_of_links(tmp_path, monkeypatch, signals):
    (tmp_path / "loop").symlink_to("loop")
    write_files([(tmp_path / "loop" / "b.pdf", b"b")], False)


def _checked(tmp_path, monkeypatch, signals):
    (tmp_path / "b.pdf").write_bytes(b"old")
    (tmp_path / "link").symlink_to(tmp_path)
    check_targets([tmp_path / "new" / "b.pdf", tmp_path / "link" / "c.pdf", tmp_path / "link" / "b.pdf"], False)


def _checked_then_interrupted(tmp_path, monkeypatch, signals):
    real = os.open
    monkeypatch.setattr(os, "open", lambda *args, **kwargs: (signals(), real(*args, **kwargs))[1])
    check_targets([tmp_path / "a.pdf"], False)


@pytest.mark.parametrize(
    ("run", "raised"),
    [
        (_written, None),
        (_replaced, None),
        (_disk_full, output.OutputError),
        (_interrupted, interrupts.Interrupted),
        (_file_on_the_way, output.OutputError),
        (_loop_of_links, output.OutputError),
        (_checked, output.OutputError),
        (_checked_then_interrupted, interrupts.Interrupted),
    ],
)
def test_every_folder_opened_is_closed_again_whatever_happens(tmp_path, monkeypatch, signals, run, raised):
    """Each folder on the way to --out is held open while it is used (sweep 41, A4); none stays open after."""
    before = descriptors()
    if raised is None:
        run(tmp_path, monkeypatch, signals)
    else:
        with pytest.raises(raised):
            run(tmp_path, monkeypatch, signals)
    monkeypatch.undo()
    assert descriptors() == before
    assert leftovers(tmp_path) == []
