"""Tests input an adversary would give: special files, huge or deep values, odd names, missing rights, unprintable text.

Each case ends in one `<path>: message` line (or a usage error) and the documented status,
never a traceback or a hang, and the other files of the same run are still checked.
"""

from __future__ import annotations

import errno
import marshal
import os
import pwd
import re
import shutil
import stat
import subprocess
import sys
import unicodedata
import zlib
from pathlib import Path

import pytest
from conftest import EXAMPLES, ROOT
from pdfread import texts
from templates_read import macro_names
from unprivileged import as_nobody, running_as_nobody, shared_folder

from sos_print.cli import app

GOOD = EXAMPLES / "01-one-o-two-lines.toml"


def invoke(runner, *args):
    result = runner.invoke(app, [str(arg) for arg in args])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def check(runner, *paths):
    result = invoke(runner, "check", *paths)
    return result.exit_code, result.stdout.splitlines()


def sos_print(*args, timeout: float = 30, **environment: str) -> subprocess.CompletedProcess[str]:
    """Runs sos-print in a process of its own, so that a regression that blocks fails instead of hanging the suite."""
    return subprocess.run(
        [sys.executable, "-m", "sos_print", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "PYTHONPATH": str(ROOT), **environment},
    )


# ---- files that are not regular files --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [["check"], ["kit", "--out", "{out}", "--examples"], ["rules", "--out", "{out}.pdf", "--example"]],
    ids=["check", "kit", "rules"],
)
def test_a_fifo_is_refused_at_once_and_never_read(tmp_path, command):
    fifo = tmp_path / "lesson.toml"
    os.mkfifo(fifo)
    args = [part.format(out=tmp_path / "out") for part in command]
    result = sos_print(*args, fifo, timeout=20)  # reading a FIFO would block: no writer ever comes
    assert result.returncode == 1, result.stderr
    assert f"{fifo}: is a FIFO, not a regular file" in result.stdout
    assert "Traceback" not in result.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == ["lesson.toml"]


def test_an_endless_device_is_refused_before_reading():
    result = sos_print("check", "/dev/zero", timeout=20)  # read whole, it would fill memory
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "/dev/zero: is a character device, not a regular file",
        "checked no file: 1 path not checked",
    ]


def test_an_example_file_over_one_megabyte_is_refused_before_it_is_read(runner, tmp_path):
    big = tmp_path / "big.toml"
    with big.open("wb") as file:
        file.truncate(1_000_001)  # sparse: nothing is really written
    code, lines = check(runner, big)
    assert code == 1
    assert lines[0] == f"{big}: is 1,000,001 bytes; an example file may hold at most 1,000,000 bytes (1 MB)"


def test_an_example_file_of_exactly_one_megabyte_is_read(runner, tmp_path):
    text = GOOD.read_text()
    padded = tmp_path / "padded.toml"
    padded.write_text(text + "#" * (1_000_000 - len(text.encode()) - 1) + "\n")
    assert padded.stat().st_size == 1_000_000
    assert check(runner, padded) == (0, ["checked 1 file: every claim holds"])


def test_a_folder_names_every_toml_entry_it_skips(runner, tmp_path):
    (tmp_path / "a-good.toml").write_text(GOOD.read_text())
    (tmp_path / "b-dangling.toml").symlink_to(tmp_path / "gone.toml")
    os.mkfifo(tmp_path / "c-fifo.toml")
    (tmp_path / "d-folder.toml").mkdir()
    (tmp_path / "e-link.toml").symlink_to(GOOD)
    (tmp_path / "notes.md").write_text("not an example, not mentioned")
    code, lines = check(runner, tmp_path)
    assert code == 1
    assert lines == [
        f"{tmp_path / 'b-dangling.toml'}: skipped: a symbolic link to nothing",
        f"{tmp_path / 'c-fifo.toml'}: skipped: a FIFO, not a regular file",
        f"{tmp_path / 'd-folder.toml'}: skipped: a folder, not a regular file",
        "checked 2 files: every claim in them holds; 3 paths not checked",
    ]


@pytest.mark.parametrize("name", ["game.csv", "game.tsv", "game.txt"])
def test_a_link_to_nothing_named_as_a_record_is_named_so_without_size_as_with_it(runner, tmp_path, name):
    # Without --size it was "a game record typed from an audit; give --size to check it" (sweep ad78, 1).
    (tmp_path / name).symlink_to(tmp_path / "gone.csv")
    for size in ([], ["--size", "4"]):
        result = runner.invoke(app, ["check", str(tmp_path), *size])
        assert result.stdout.splitlines()[0] == f"{tmp_path / name}: skipped: a symbolic link to nothing", size


# ---- values that break parsers ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('size = 4\n[[move]]\ncell = "A' + "1" * 5000 + '"\nletter = "S"\n', "move 1: cell 'A111"),
        ('size = 4\nnotation = "L1C1"\n[[move]]\ncell = "L' + "9" * 5000 + 'C1"\nletter = "S"\n', "move 1: cell 'L999"),
        ("size = 1" + "0" * 5000 + "\n", "TOML value cannot be read: a number of 5001 digits"),
        ("size = 1" + "0" * 4000 + "\n", "size is too large (a number of about 4001 digits)"),
        ("size = 4\nplayers = 99999999999999999999\n", "players is too large (99999999999999999999)"),
        ("size = 4\n[[move]]\ncell = 'A1'\nletter = 'S'\npoints = -9999999999999999999\n", "move 1: points is too"),
        ("size = 4\nx = " + "[" * 600 + "]" * 600 + "\n", "TOML nested too deeply"),
        ("size = 4\nx = " + "{a = " * 600 + "1" + "}" * 600 + "\n", "TOML nested too deeply"),
        ("size = 4\ngrid = '''\n" + ". . . .\n" * 5000 + "'''\n", "grid must have 4 rows of 4 cells (found 5000 rows"),
        (
            'size = 4\n[title]\nen = "' + "x" * 100_000 + '"\n[text]\nde = 1\n',
            "title: en: is 100,000 characters long; a title holds at most 80",
        ),
        ("size = 4\n[[move]]\ncell = 'A1'\nletter = '" + "S" * 100_000 + "'\n", "move 1: '"),
    ],
    ids=[
        "cell-5000-digits",
        "l1c1-5000-digits",
        "int-5000-digits",
        "int-4000-digits",
        "beyond-64-bits",
        "negative-beyond-64-bits",
        "arrays-600-deep",
        "tables-600-deep",
        "5000-rows",
        "huge-title",
        "huge-letter",
    ],
)
def test_a_huge_or_deep_value_is_one_short_line_and_the_other_files_are_still_checked(runner, tmp_path, text, message):
    bad = tmp_path / "a-bad.toml"
    bad.write_text(text)
    false = tmp_path / "b-false.toml"
    false.write_text(GOOD.read_text().replace("points = 2", "points = 3"))
    code, lines = check(runner, bad, false, GOOD)
    assert code == 1
    assert len(lines) == 3, lines
    assert lines[0].startswith(f"{bad}: {message}"), lines[0]
    assert len(lines[0]) < 300, f"a message of {len(lines[0])} characters"
    assert lines[1].startswith(f"{false}: move 1: claims 3 points, the rules give 2")
    assert lines[2] == "checked 3 files: 2 problems in 2 files"


def test_a_byte_order_mark_is_accepted(runner, tmp_path):
    windows = tmp_path / "windows.toml"
    windows.write_bytes(b"\xef\xbb\xbf" + GOOD.read_bytes().replace(b"\n", b"\r\n"))
    assert check(runner, windows) == (0, ["checked 1 file: every claim holds"])
    result = invoke(runner, "teacher", windows, "--out", tmp_path / "t.pdf")
    assert result.exit_code == 0, result.output


# ---- names and reports -----------------------------------------------------------------------------------------


def test_a_file_name_with_a_newline_cannot_forge_a_line_of_the_report(runner, tmp_path):
    evil = tmp_path / "x\nchecked 9 files: every claim holds.toml"
    evil.write_text("size = 4\nsise = 1\n")
    code, lines = check(runner, evil)
    assert code == 1
    assert len(lines) == 2
    assert lines[0].startswith(repr(str(evil)) + ": unknown key 'sise'")
    assert lines[1] == "checked 1 file: 1 problem in 1 file"


@pytest.mark.parametrize(
    ("rows", "notes"),
    [
        (
            "1,A,S,A1,-,0\n2,B,O,A2,-,0\n3,A,S,A3,,\n",
            [
                "move 3 scores, but its lines and points are left empty: only who wrote it was checked",
                "the record stops after 3 moves, before the end of the game: 13 of the 4 × 4 board's cells are empty",
            ],
        ),
        (
            "1,,S,A1,,\n",
            [
                "the record claims no points and no lines: only who wrote each move was checked",
                "the record stops after 1 move, before the end of the game: 15 of the 4 × 4 board's cells are empty",
            ],
        ),
    ],
    ids=["unclaimed-and-unfinished", "no-claims"],
)
def test_a_file_name_with_a_newline_cannot_forge_a_line_of_the_notes(runner, tmp_path, rows, notes):
    # Sweep ad109, C1: a record's notes printed its path as it was, where the report's other lines quote it.
    evil = tmp_path / "x\nchecked 1 file: every claim holds.csv"
    evil.write_text("move,player,letter,cell,lines,points\n" + rows)
    result = invoke(runner, "check", tmp_path, "--size", "4")
    assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n")
    assert result.stderr.splitlines() == [f"note: {str(evil)!r}: {note}" for note in notes]


def test_a_file_name_with_a_terminal_escape_is_quoted(runner, tmp_path):
    evil = tmp_path / "\x1b[2Jclear.toml"
    evil.write_text("size = 4\nsise = 1\n")
    code, lines = check(runner, evil)
    assert code == 1
    assert "\x1b" not in "".join(lines)
    assert lines[0].startswith(repr(str(evil)))


def test_a_file_name_whose_bytes_are_not_utf8_shows_the_byte_a_listing_shows(runner, tmp_path):
    # Python reads the byte 0xFF of a name as the lone surrogate U+DCFF: it was shown as "\udcff" (sweep 41 C3).
    evil = os.fsdecode(os.fsencode(tmp_path) + b"/game\xff.toml")
    with open(os.fsencode(evil), "w") as handle:
        handle.write("size = 4\nsise = 1\n")
    code, lines = check(runner, evil)
    assert code == 1
    assert lines[0].startswith("'" + str(tmp_path) + "/game\\xff.toml': unknown key 'sise'"), lines[0]


def test_a_missing_example_file_is_no_such_file_not_a_false_claim(runner, tmp_path):
    result = invoke(runner, "kit", "--out", tmp_path / "kit", "--examples", tmp_path / "nope.toml")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [f"{tmp_path / 'nope.toml'}: no such file or folder"]
    assert result.stderr == "sos-print: an example file cannot be used; nothing was written.\n"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("make", ["missing", "empty-folder", "fifo"])
def test_the_summary_never_counts_a_path_not_read_as_a_checked_file(runner, tmp_path, make):
    path = tmp_path / "thing.toml"
    if make == "empty-folder":
        path.mkdir()
    elif make == "fifo":
        os.mkfifo(path)
    code, lines = check(runner, path)
    assert code == 1
    assert lines[-1] == "checked no file: 1 path not checked"
    assert not any(re.match(r"checked 0 files", line) for line in lines)


# ---- rights: run as an unprivileged user, since root reads and writes anywhere ----------------------------------


def test_a_file_that_cannot_be_read_says_permission_denied(runner):
    with shared_folder() as folder:
        secret = folder / "secret.toml"
        secret.write_text(GOOD.read_text())
        secret.chmod(0o000)
        code, lines = as_nobody(lambda: check(runner, secret))
    assert code == 1
    assert lines == [f"{secret}: permission denied", "checked no file: 1 path not checked"]


def test_a_folder_that_cannot_be_listed_says_so_and_the_others_are_checked(runner):
    with shared_folder() as folder:
        (folder / "closed").mkdir()
        (folder / "closed" / "a.toml").write_text(GOOD.read_text())
        (folder / "closed").chmod(0o300)  # may be entered, not listed
        good = folder / GOOD.name  # a copy: the checkout itself may be closed to other users
        good.write_text(GOOD.read_text())
        code, lines = as_nobody(lambda: check(runner, folder / "closed", good))
    assert code == 1
    assert lines == [
        f"{folder / 'closed'}: cannot list this folder: permission denied",
        "checked 1 file: every claim in it holds; 1 path not checked",
    ]


def test_what_cannot_be_opened_or_listed_inside_a_checked_folder_is_named(runner):
    # A record whose name lost its ending, a folder and a folder below one, none of which the user may read: each is
    # named, never passed over as a file of no interest (sweep 39, F2).
    with shared_folder() as folder:
        good = folder / GOOD.name  # a copy: the checkout itself may be closed to other users
        good.write_text(GOOD.read_text())
        (folder / "group2").write_text(GOOD.read_text())
        (folder / "group2").chmod(0o000)
        (folder / "group4").mkdir()
        (folder / "group4" / "a.toml").write_text(GOOD.read_text())
        (folder / "group4").chmod(0o300)  # may be entered, not listed
        (folder / "group5" / "inner").mkdir(parents=True)
        (folder / "group5" / "inner").chmod(0o300)
        code, lines = as_nobody(lambda: check(runner, folder))
    assert code == 1
    assert lines == [
        f"{folder / 'group2'}: skipped: permission denied",
        f"{folder / 'group4'}: skipped: cannot list this folder: permission denied",
        f"{folder / 'group5'}: skipped: a folder inside the folder; name it to check it",
        "checked 1 file: every claim in it holds; 3 paths not checked",
    ]


@pytest.fixture(scope="module")
def warm(tmp_path_factory):
    """Renders once as root, so that the unprivileged child finds fonts and templates already loaded."""
    from typer.testing import CliRunner

    out = tmp_path_factory.mktemp("warm")
    for command in ("boards", "kit"):
        result = CliRunner().invoke(app, [command, "--out", str(out / command) + ".pdf" * (command == "boards")])
        assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("command", "where", "message"),
    [
        (["boards", "--out", "{locked}/b.pdf"], "{locked}", "cannot write in the folder {locked}: permission denied"),
        (
            ["kit", "--out", "{locked}/new/kit", "--examples", "{examples}"],
            "{locked}",
            "cannot create the folder {locked}/new/kit: permission denied (in {locked})",
        ),
    ],
    ids=["file", "kit"],
)
def test_out_in_a_folder_the_user_cannot_write_is_one_line(runner, warm, command, where, message):
    with shared_folder() as folder:
        locked = folder / "locked"
        locked.mkdir()
        locked.chmod(0o555)
        examples = folder / "examples"  # copies: the checkout itself may be closed to other users
        shutil.copytree(EXAMPLES, examples)
        args = [part.format(locked=locked, examples=examples) for part in command]
        result = as_nobody(lambda: (lambda r: (r.exit_code, r.stdout, r.stderr))(invoke(runner, *args)))
        assert list(locked.iterdir()) == []
    assert result == (1, "", f"sos-print: {message.format(locked=locked)}\n")


def test_a_folder_that_becomes_unwritable_after_the_check_is_still_one_line(runner, warm, monkeypatch):
    """The check before rendering can be wrong (ACLs, a change meanwhile): the write itself reports too."""
    monkeypatch.setattr(os, "access", lambda *args, **kwargs: True)
    with shared_folder() as folder:
        locked = folder / "locked"
        locked.mkdir()
        locked.chmod(0o555)
        code, stderr = as_nobody(
            lambda: (lambda r: (r.exit_code, r.stderr))(invoke(runner, "boards", "--out", locked / "b.pdf"))
        )
        assert list(locked.iterdir()) == []
    assert code == 1
    assert stderr == f"sos-print: cannot write {locked / 'b.pdf'}: Permission denied; nothing was written\n"


def test_out_through_a_folder_the_user_may_enter_but_not_list_is_written(runner, warm):
    """The folders on the way are opened only to be walked through (O_PATH), as the kernel walks a path: a folder
    mode 0711 (a home folder, often) needs no right to list it (sweep 41, A4)."""
    with shared_folder() as folder:
        closed = folder / "closed"
        (closed / "open").mkdir(parents=True)
        (closed / "open").chmod(0o777)
        closed.chmod(0o711)
        result = as_nobody(
            lambda: (lambda r: (r.exit_code, r.stderr))(
                invoke(runner, "boards", "--out", closed / "open" / "sub" / "b.pdf")
            )
        )
        assert result == (0, "")
        assert [path.name for path in (closed / "open" / "sub").iterdir()] == ["b.pdf"]


# ---- text the font cannot print --------------------------------------------------------------------------------

# What a name of letters the font lacks is told to do; a symbol or a control character is told nothing (nt62, 13).
SPELL = "; write it in Latin or Cyrillic letters"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("三年二班", "U+4E09 '三', U+5E74 '年', U+4E8C '二' and U+73ED '班' are not in the font" + SPELL),
        ("כיתה ג", "U+05DB 'כ', U+05D9 'י', U+05EA 'ת', U+05D4 'ה' and U+05D2 'ג' are not in the font" + SPELL),
        ("الصف", "U+0627 'ا', U+0644 'ل', U+0635 'ص' and U+0641 'ف' are not in the font" + SPELL),
        # The font has a few Greek letters (those of symbols: Ω, μ), not a Greek name's: "write it in Greek" sent
        # the teacher back to what was refused (sweep ad94, 3).
        ("Ωμέγα", "U+03AD 'έ' is not in the font" + SPELL),
        ("Class 😀", "U+1F600 '😀' is not in the font"),
        ("A\x1bB", "U+001B (a control character) is not in the font"),
        ("A\x07B", "U+0007 (a control character) is not in the font"),
        ("A\tB", "it holds a tab: write spaces instead"),  # pasted from a spreadsheet's cells (sweep ad74, 3)
        ("A\rB", "it holds a line break: write it on one line"),  # as typed in a form's text box (sweep ad73, 8)
        ("A\nB", "it holds a line break: write it on one line"),
        ("A\u2028B", "it holds a line break: write it on one line"),
        ("a\u20ddb", "U+20DD '\u20dd' is not in the font"),  # a combining enclosing circle: no precomposed form
        (
            "一二三四五六七八九十",
            "U+4E00 '一', U+4E8C '二', U+4E09 '三', U+56DB '四', U+4E94 '五', U+516D '六', "
            "U+4E03 '七', U+516B '八' and 2 more are not in the font" + SPELL,
        ),
    ],
    ids=[
        "chinese",
        "hebrew",
        "arabic",
        "greek",
        "emoji",
        "escape",
        "bell",
        "tab",
        "return",
        "newline",
        "separator",
        "combining",
        "many",
    ],
)
@pytest.mark.parametrize("command", ["kit", "boards", "audit", "teacher", "rules", "grids"])
def test_a_class_name_the_font_cannot_print_is_a_usage_error_naming_each_character(
    runner, tmp_path, command, name, message
):
    out = tmp_path / ("out" if command == "kit" else "out.pdf")
    result = invoke(runner, command, "--out", out, "--class-name", name)
    assert result.exit_code == 2
    assert result.stderr == f"Usage error: class name: {message}\n"
    assert list(tmp_path.iterdir()) == []


def test_a_decomposed_accent_is_the_letter_the_font_has(runner, tmp_path):
    decomposed = "Cafe\u0301 CM1"
    assert unicodedata.normalize("NFC", decomposed) != decomposed
    result = invoke(runner, "boards", "--out", tmp_path / "b.pdf", "--class-name", decomposed)
    assert result.exit_code == 0, result.output
    assert "Café CM1" in texts(tmp_path / "b.pdf")[0]


def test_a_character_beyond_the_bmp_that_the_font_has_reaches_the_pdf_whole(runner, tmp_path):
    fraktur = "\U0001d516"  # MATHEMATICAL FRAKTUR CAPITAL S: Andika has it
    result = invoke(runner, "boards", "--out", tmp_path / "b.pdf", "--class-name", f"SOS {fraktur}")
    assert result.exit_code == 0, result.output
    assert f"SOS {fraktur}" in texts(tmp_path / "b.pdf")[0]
    for stream in re.findall(rb"stream\r?\n(.*?)endstream", (tmp_path / "b.pdf").read_bytes(), re.S):
        try:
            content = zlib.decompress(stream)
        except zlib.error:
            continue
        entries = b"".join(re.findall(rb"beginbfchar(.*?)endbfchar", content, re.S))
        for code, unicode in re.findall(rb"<([0-9A-F]+)> <([0-9A-F]+)>", entries):
            assert len(unicode) % 4 == 0, f"ToUnicode entry <{code.decode()}> <{unicode.decode()}> is not UTF-16"
        if b"<D835DD16>" in content:
            break
    else:
        pytest.fail("no ToUnicode entry maps a glyph to U+1D516 as the surrogate pair D835 DD16")


def with_text(example: Path, field: str, lang: str, value: str) -> Path:
    """Writes the good example at `example` with its `field` ("title" or "text") in `lang` set to `value`."""
    lines = GOOD.read_text().splitlines()
    section = lines.index(f"[{field}]")
    at = next(k for k in range(section, len(lines)) if lines[k].startswith(f"{lang} = "))
    lines[at] = f'{lang} = "{value}"'
    example.write_text("\n".join(lines) + "\n")
    return example


@pytest.mark.parametrize(
    ("field", "lang", "value", "message"),
    [
        ("title", "en", "Un exemple \u05d0", "title (en): U+05D0 'א' is not in the font"),
        ("text", "fr", "Voir \U0001f600 ici", "text (fr): U+1F600 '😀' is not in the font"),
    ],
)
def test_an_example_text_the_font_cannot_print_stops_the_printing_with_one_line(
    runner, tmp_path, field, lang, value, message
):
    example = with_text(tmp_path / "lesson.toml", field, lang, value)
    # check refuses it as printing does: it said every claim held of a file the notes then refused (ad84, 6)
    assert check(runner, example) == (1, [f"{example}: {message}", "checked 1 file: 1 problem in 1 file"])
    result = invoke(runner, "teacher", example, "--out", tmp_path / "t.pdf")
    assert result.exit_code == 1
    assert result.stderr == f"sos-print: {example}: {message}\n"
    assert not (tmp_path / "t.pdf").exists()


@pytest.mark.parametrize(
    ("field", "lang", "value", "code"),
    [("text", "en", "bell \\u0007 here", "0007"), ("title", "fr", "En \\u001b[31mrouge", "001B")],
    ids=["bell", "escape"],
)
def test_an_example_text_holding_a_control_character_is_refused_by_check_as_by_printing(
    runner, tmp_path, field, lang, value, code
):
    # check said "every claim holds" of a file the teacher's notes refused, "U+001B ... is not in the font" (ad83, 8).
    example = with_text(tmp_path / "lesson.toml", field, lang, value)
    message = f"{example}: {field}: {lang}: holds a control character (U+{code}), which no page can print"
    assert check(runner, example) == (1, [message, "checked 1 file: 1 problem in 1 file"])
    result = invoke(runner, "teacher", example, "--out", tmp_path / "t.pdf")
    assert (result.exit_code, result.stdout.splitlines()[0]) == (1, message)
    assert not (tmp_path / "t.pdf").exists()


@pytest.mark.parametrize(
    ("field", "lang", "length", "most"),
    [("title", "en", 81, 80), ("title", "fr", 100_000, 80), ("text", "en", 1501, 1500), ("text", "fr", 20_000, 1500)],
)
def test_an_example_title_or_text_longer_than_its_room_is_refused_by_check_as_by_printing(
    runner, tmp_path, field, lang, length, most
):
    # A title of 100,000 characters passed check and filled 22 pages of the teacher's notes (sweep ad89, 11).
    example = with_text(tmp_path / "lesson.toml", field, lang, "T" * length)
    message = f"{example}: {field}: {lang}: is {length:,} characters long; a {field} holds at most {most:,}"
    assert check(runner, example) == (1, [message, "checked 1 file: 1 problem in 1 file"])
    result = invoke(runner, "teacher", example, "--out", tmp_path / "t.pdf")
    assert (result.exit_code, result.stdout.splitlines()[0]) == (1, message)
    assert not (tmp_path / "t.pdf").exists()
    with_text(example, field, lang, "T" * most)
    assert check(runner, example) == (0, ["checked 1 file: every claim holds"])


def test_spaces_of_any_kind_in_an_example_text_are_folded_not_refused(runner, tmp_path):
    example = tmp_path / "lesson.toml"
    example.write_text(GOOD.read_text().replace('[text]\nen = "', '[text]\nen = "Tab\\there,\\r\\nnew line. '))
    result = invoke(runner, "teacher", example, "--out", tmp_path / "t.pdf")
    assert result.exit_code == 0, result.output
    assert "Tab here, new line." in " ".join(texts(tmp_path / "t.pdf"))


# ---- the template cache ----------------------------------------------------------------------------------------


@pytest.fixture
def cold_templates(tmp_path, monkeypatch):
    """Starts from no compiled template in memory and an empty temporary folder; restores both afterwards."""
    import tempfile

    from sos_print.plans import words

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    words.environment.cache_clear()
    words._module.cache_clear()
    words._blocks.cache_clear()
    yield tmp_path / "tmp"
    words.environment.cache_clear()
    words._module.cache_clear()
    words._blocks.cache_clear()


def test_a_full_temporary_folder_with_a_cold_template_cache_still_renders(
    runner, tmp_path, monkeypatch, cold_templates
):
    import errno
    import tempfile

    import jinja2.bccache

    class FullDisk:
        """Stands in for a new temporary file on a full disk: it opens, and every write fails."""

        def __init__(self, *args, **kwargs):
            self.file = real(*args, **kwargs)
            self.name = self.file.name

        def write(self, data):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.file.close()

    writes = []
    real = tempfile.NamedTemporaryFile
    monkeypatch.setattr(
        jinja2.bccache.tempfile, "NamedTemporaryFile", lambda *a, **k: writes.append(1) or FullDisk(*a, **k)
    )
    result = invoke(runner, "boards", "--out", tmp_path / "b.pdf")
    assert result.exit_code == 0, result.output
    assert writes, "the template cache was never written: the test did not start cold"
    assert texts(tmp_path / "b.pdf")
    cache = next(cold_templates.iterdir())
    assert [path.name for path in cache.iterdir()] == []  # nothing half written left in the cache either


def _loaded_rules(compiled: list[str]) -> tuple[str, ...]:
    """Loads the English rule sheet's words from a new Environment, noting each template jinja2 compiles."""
    from sos_print.plans import words

    words.environment.cache_clear()  # its own memory of loaded templates goes with it
    words._module.cache_clear()
    words._blocks.cache_clear()
    environment = words.environment()
    real = type(environment).compile
    environment.compile = lambda source, name=None, *args, **kwargs: (  # type: ignore[method-assign]
        compiled.append(name) or real(environment, source, name, *args, **kwargs)
    )
    try:
        return tuple(sorted(macro_names("en", "rules"))) + (
            words.Words("en")("rules.title", players=2, teams=False, titled=False),
        )
    finally:
        del environment.compile


def test_a_template_is_compiled_once_then_read_back_from_the_cache(cold_templates):
    first, second = [], []
    cold = _loaded_rules(first)
    warm = _loaded_rules(second)
    assert sorted(first) == ["en/common.j2", "en/rules.j2"]  # the rules import the common words
    assert second == [], "the compiled templates were not read back from the cache"
    assert warm == cold


# Ways a cached template's file can be damaged, each as a function of the good file's bytes.
DAMAGE = {
    "an empty file": lambda data: b"",
    "cut inside the magic": lambda data: data[:5],
    "cut inside the checksum": lambda data: data[:20],
    "cut inside the code": lambda data: data[: len(data) // 2],
    "another magic": lambda data: b"not jinja2" + data[10:],
    "another checksum": lambda data: re.sub(rb"(?<=X\(\x00\x00\x00)[0-9a-f]{40}", b"0" * 40, data, count=1),
    "garbage for code": lambda data: data[: data.index(b"q\x00.") + 3] + b"\xff\x00garbage",
    "no code but a value": lambda data: data[: data.index(b"q\x00.") + 3] + marshal.dumps(True),
    # The right code, then more than any compiled template could be: not read at all.
    "far too large": lambda data: data + bytes(5 * 1024 * 1024),
}


@pytest.mark.parametrize("why", DAMAGE)
def test_a_damaged_cached_template_is_compiled_again_and_prints_the_same(cold_templates, why):
    first, second = [], []
    cold = _loaded_rules(first)
    for cached in next(cold_templates.iterdir()).iterdir():
        damaged = DAMAGE[why](cached.read_bytes())
        assert damaged != cached.read_bytes()
        cached.write_bytes(damaged)
    assert _loaded_rules(second) == cold, why
    assert sorted(second) == sorted(first), f"{why}: a damaged file was used"


def test_a_folder_in_place_of_a_cached_template_is_passed_over(cold_templates):
    first, second = [], []
    cold = _loaded_rules(first)
    for cached in next(cold_templates.iterdir()).iterdir():
        cached.unlink()
        cached.mkdir()
    assert _loaded_rules(second) == cold
    assert sorted(second) == sorted(first)


def test_code_compiled_under_other_settings_is_never_used(cold_templates):
    """A cache written by an Environment that does not escape must not make ours stop escaping."""
    import jinja2

    from sos_print.plans import words

    ours = words.environment()
    careless = jinja2.Environment(loader=ours.loader, autoescape=False, trim_blocks=True, lstrip_blocks=True)
    careless.bytecode_cache = words._bytecode_cache(careless)
    careless.get_template("en/common.j2")  # compiled without escaping, and cached
    words.environment.cache_clear()
    words._module.cache_clear()
    words._blocks.cache_clear()
    markup = words.Words("en").markup("common.group", number="<b>1</b> & 2", count=3)
    assert "&lt;b&gt;1&lt;/b&gt; &amp; 2" in markup, markup


@pytest.mark.parametrize("stand_in", ["a named pipe", "a link to /dev/zero"])
def test_a_pipe_or_device_in_place_of_a_cached_template_neither_holds_nor_floods_the_run(tmp_path, stand_in):
    folder = tmp_path / "tmp"
    folder.mkdir()
    first = sos_print("rules", "--lang", "en", "--out", tmp_path / "first.pdf", TMPDIR=str(folder))
    assert first.returncode == 0, first.stderr
    (cache,) = folder.iterdir()
    for cached in cache.iterdir():
        cached.unlink()
        if stand_in == "a named pipe":
            os.mkfifo(cached)
        else:
            cached.symlink_to("/dev/zero")
    second = sos_print("rules", "--lang", "en", "--out", tmp_path / "second.pdf", TMPDIR=str(folder))
    assert second.returncode == 0, second.stderr
    assert texts(tmp_path / "second.pdf") == texts(tmp_path / "first.pdf")


# ---- the template cache's folder in a shared temporary folder ----------------------------------------------------


def planted(folder: Path, how: str) -> Path:
    """Puts in the shared `folder` what another user could leave at the name of our cache folder; returns it."""
    name = folder / f"sos-print-cache-{os.getuid()}"
    victim = folder / "victim.txt"
    victim.write_text("root's own file\n")
    victim.chmod(0o644)
    if how == "a link to a file of ours":
        as_nobody(lambda: os.symlink(victim, name))
    elif how == "a dangling link":
        as_nobody(lambda: os.symlink(folder / "nowhere", name))
    elif how == "another user's folder":
        as_nobody(lambda: os.mkdir(name, 0o700) or os.chmod(name, 0o777))
    else:  # a folder of ours that others may enter and write in
        name.mkdir()
        name.chmod(0o777)
    return name


@pytest.mark.parametrize(
    "how", ["a link to a file of ours", "a dangling link", "another user's folder", "our folder, open to all"]
)
def test_a_name_planted_where_the_cache_folder_goes_is_never_followed_changed_or_used(tmp_path, how):
    with shared_folder() as folder:
        folder.chmod(0o1777)  # as /tmp: anyone may create a name, only its owner may remove it
        name = planted(folder, how)
        before = os.lstat(name)
        result = sos_print("rules", "--out", tmp_path / "rules.pdf", TMPDIR=str(folder))
        assert (result.returncode, result.stderr) == (0, ""), result.stderr  # the run goes on, without the cache
        assert texts(tmp_path / "rules.pdf")
        after = os.lstat(name)
        assert (after.st_mode, after.st_uid, after.st_ino) == (before.st_mode, before.st_uid, before.st_ino)
        victim = folder / "victim.txt"
        assert stat.S_IMODE(victim.stat().st_mode) == 0o644 and victim.read_text() == "root's own file\n"
        if not name.is_symlink() and name.is_dir():
            assert not os.access(name, os.R_OK) or list(name.iterdir()) == []  # nothing of ours written there


# Another user who may rename what we make in the temporary folder (one open to all without the sticky bit, or a
# folder of theirs) swapped the checked cache folder for a link to theirs between the check and jinja2's reads: root
# loaded their compiled templates (sweep ad81, 1). Nothing is made there, and the run goes on without the cache.
# The same where the folder above it is open to all (the temporary folder, root's own, renamed away and another put in
# its place), or where it is reached through another user's link, re-pointed (sweep ad82, 1).
@pytest.mark.parametrize(
    "how",
    [
        "open to all, not sticky",
        "another user's, sticky",
        "another user's, closed",
        "ours, in a folder open to all",
        "ours, through another user's link",
    ],
)
def test_a_temporary_folder_another_user_may_change_gets_no_cache_folder(tmp_path, how):
    with shared_folder() as folder:
        nobody = pwd.getpwnam("nobody")
        temporary = folder
        if how.startswith("ours"):
            temporary = tmp_path / "private"  # root's, closed to others
            temporary.mkdir(mode=0o700)
            if how.endswith("link"):
                folder.chmod(0o1777)
                as_nobody(lambda: os.symlink(temporary, folder / "link"))
                given = folder / "link"
            else:
                given = folder / "tmp"  # a folder of ours in a folder open to all
                given.mkdir(mode=0o700)
                temporary = given
        else:
            if how != "open to all, not sticky":
                os.chown(folder, nobody.pw_uid, nobody.pw_gid)
            folder.chmod({"open to all, not sticky": 0o777, "another user's, sticky": 0o1777}.get(how, 0o755))
            given = folder
        result = sos_print("rules", "--out", tmp_path / "rules.pdf", TMPDIR=str(given))
        assert (result.returncode, result.stderr) == (0, ""), result.stderr
        assert texts(tmp_path / "rules.pdf")
        assert list(temporary.iterdir()) == []


def test_the_cache_folder_is_made_closed_to_others_and_used(tmp_path):
    folder = tmp_path / "tmp"
    folder.mkdir()
    result = sos_print("rules", "--out", tmp_path / "rules.pdf", TMPDIR=str(folder))
    assert result.returncode == 0, result.stderr
    (cache,) = folder.iterdir()
    assert cache.name == f"sos-print-cache-{os.getuid()}"
    assert stat.S_IMODE(os.lstat(cache).st_mode) == 0o700 and any(cache.iterdir())


@pytest.mark.parametrize("command", [["check"], ["solve"], ["analyse"]])
def test_a_path_longer_than_any_file_system_allows_is_shortened_in_its_one_line(runner, command):
    path = "a/" * 3000 + "x.toml"  # 6,006 characters: no system names a file so long
    result = runner.invoke(app, [*command, path])
    shown = "a/" * 30 + "\u2026" + ("a/" * 30 + "x.toml")[-60:]
    said = result.stdout + result.stderr
    assert result.exit_code == 1 and f"{shown}: cannot be read (File name too long)" in said, said[:300]
    assert all(len(line) < 300 for line in said.splitlines())


# ---- an --out folder reached through a link another user planted in a shared folder ------------------------------


@pytest.mark.parametrize(
    ("command", "out"),
    [
        (["kit", "--force"], "{link}"),
        (["kit"], "{link}/new"),
        (["rules", "--force"], "{link}/players.pdf"),
        (["puzzles", "--force"], "{link}/puzzles"),
        # the link, then "..": the folder above where the link leads, as the kernel reads it; the text made plain
        # first ("shared/kit/../mine" as "shared/mine") never looked at the link (sweep 40, F5)
        (["kit"], "{link}/../mine"),
        (["rules"], "{link}/./../rules.pdf"),
    ],
)
def test_a_link_another_user_planted_in_a_shared_folder_is_never_followed_to_write(runner, command, out):
    # The kernel's protected_symlinks rule, kept where it is off: a link in a sticky folder anyone may write in,
    # owned neither by the user nor by the folder's owner, may lead the run over the user's own files (sweep 39, F6).
    # Other shared folders and other owners: test_a_link_in_any_folder_others_may_write_in_is_followed_only_if_ours.
    if os.geteuid() != 0:
        pytest.skip("planting a link as another user needs root")
    with shared_folder() as folder:
        (folder / "shared").mkdir()
        (folder / "shared").chmod(0o1777)  # as /tmp
        victim = folder / "victim"
        victim.mkdir()
        (victim / "players.pdf").write_bytes(b"root's own file")
        link = folder / "shared" / "kit"
        as_nobody(lambda: os.symlink(victim, link))
        result = invoke(runner, *command, "--out", out.format(link=link))
        assert result.exit_code == 1, result.output
        named = Path(out.format(link=link)).parent if out.endswith(".pdf") else out.format(link=link)  # the folder
        assert result.stderr.splitlines() == [
            f"sos-print: cannot use the folder {named}: {link} is a "
            f"symbolic link another user left in the shared folder {link.parent}; give the folder it leads to, if it "
            "is yours"
        ]
        assert sorted(os.listdir(victim)) == ["players.pdf"]
        assert (victim / "players.pdf").read_bytes() == b"root's own file"
        assert sorted(os.listdir(folder)) == ["shared", "victim"]  # nothing beside where the link leads either
        os.unlink(link)  # the user's own link is followed as always
        link.symlink_to(victim)
        assert invoke(runner, *command, "--out", out.format(link=link)).exit_code == 0


def plant(link: Path, target: Path, owner: str, nobody_may_write: bool) -> None:
    """Makes the link `link` to `target` belonging to `owner`: nobody, root, or root's link with a second name."""
    if owner == "nobody" and nobody_may_write:
        as_nobody(lambda: os.symlink(target, link))  # as another user would
    elif owner == "nobody":  # a folder shared with a group: as if a member of it had made the link
        link.symlink_to(target)
        nobody = pwd.getpwnam("nobody")
        os.lchown(link, nobody.pw_uid, nobody.pw_gid)
    elif owner == "root":
        link.symlink_to(target)
    else:  # a link root made elsewhere, given a second name here (as anyone may where hard links are not protected)
        elsewhere = link.parent.parent / "roots-own-link"
        elsewhere.symlink_to(target)
        os.link(elsewhere, link, follow_symlinks=False)


@pytest.mark.parametrize(
    ("mode", "folder_owner", "link_owner", "followed"),
    [
        ("1777", "root", "nobody", False),  # as /tmp
        ("0777", "root", "nobody", False),  # anyone may write, without the sticky bit: a careless class share
        ("0775", "root", "nobody", False),  # shared with a group (a class's): a member may replace the link at will
        ("0770", "root", "nobody", False),
        ("0777", "nobody", "nobody", False),  # the folder's owner's link: anyone else may have swapped it in
        ("1777", "nobody", "nobody", False),  # the folder's owner may swap it at will, sticky or not
        ("1777", "root", "second name", False),  # root's link hard-linked there by someone else
        ("0777", "root", "root", True),  # the user's own link, even in a folder anyone may write in
        ("1777", "nobody", "root", True),
        # A folder another user owns, which only they may write in (/tmp/bob): they may swap the link at will (A7).
        ("0755", "nobody", "nobody", False),
        ("0700", "nobody", "nobody", False),
        ("0755", "nobody", "root", True),
        ("0755", "root", "nobody", True),  # root's own folder: no one but root could have put the link there
    ],
)
def test_a_link_in_any_folder_others_may_write_in_is_followed_only_if_ours(
    runner, mode, folder_owner, link_owner, followed
):
    # Anyone who may write in a folder without the sticky bit may replace any name in it, and the owner of a sticky
    # folder any name in theirs: a link there is followed only if it belongs to the user (or root), whoever owns the
    # folder (sweep 41, B1).
    if os.geteuid() != 0:
        pytest.skip("planting a link as another user needs root")
    with shared_folder() as folder:
        shared, victim = folder / "shared", folder / "victim"
        shared.mkdir()
        victim.mkdir()
        (victim / "players.pdf").write_bytes(b"root's own file")
        link = shared / "kit"
        if folder_owner == "nobody":
            nobody = pwd.getpwnam("nobody")
            os.chown(shared, nobody.pw_uid, nobody.pw_gid)
        shared.chmod(int(mode, 8))
        plant(link, victim, link_owner, nobody_may_write=folder_owner == "nobody" or mode.endswith("7"))
        result = invoke(runner, "kit", "--force", "--out", link)
        if followed:
            assert result.exit_code == 0, result.output
            assert sorted(os.listdir(victim)) == ["players.pdf", "teacher.pdf"]
            return
        assert (result.exit_code, result.stdout) == (1, ""), result.output
        where = f"the shared folder {shared}" if int(mode, 8) & 0o022 else f"{shared}, a folder of theirs"
        assert result.stderr == (
            f"sos-print: cannot use the folder {link}: {link} is a symbolic link another user left in {where}; give "
            "the folder it leads to, if it is yours\n"
        )
        assert sorted(os.listdir(victim)) == ["players.pdf"]
        assert (victim / "players.pdf").read_bytes() == b"root's own file"


# ---- a folder on the way to --out swapped for a link once it was checked -----------------------------------------


def swap(one: Path, other: Path) -> None:
    """Exchanges the names `one` and `other` (in a sticky folder root may rename anything)."""
    middle = one.with_name("swapping")
    os.rename(one, middle)
    os.rename(other, one)
    os.rename(middle, other)


@pytest.mark.parametrize(
    ("moment", "force", "refused"),
    [
        ("open", False, True),  # the first file opened after the check: the output folder, on its way
        ("open .part", False, False),  # the temporary file made
        ("link", False, False),  # the file takes its name
        ("replace", True, False),  # the file takes the name of the old one
        ("link fails", False, False),  # the file cannot take its name: its temporary file is removed
    ],
)
def test_a_folder_swapped_for_a_link_after_the_check_never_leads_the_files_elsewhere(
    runner, monkeypatch, moment, force, refused
):
    """Another user swaps their folder on the way to --out for their link to a folder of the user's at the worst
    moment: the files (and their clean-up) stay in the folder that was checked, or the link is refused (sweep 41,
    A4: the folder was looked up again by its path for each file, so root's temporary files landed in root's folder).
    """
    if os.geteuid() != 0:
        pytest.skip("planting a link as another user needs root")
    from sos_print.system import output

    with shared_folder() as folder:
        shared, victim = folder / "shared", folder / "victim"
        shared.mkdir()
        shared.chmod(0o1777)  # as /tmp
        victim.mkdir()
        (victim / "b.pdf").write_bytes(b"root's own file")  # what --force would replace, through the link
        sub, link = shared / "sub", shared / "subln"
        as_nobody(lambda: (os.mkdir(sub), os.symlink(victim, link)))
        if force:
            (sub / "b.pdf").write_bytes(b"the old boards")
        inode = sub.stat().st_ino
        real = {name: getattr(os, name) for name in ("open", "link", "replace")}
        armed: list[bool] = []

        def arm_then_write(*args, **kwargs):
            armed.append(True)
            return real_write(*args, **kwargs)

        def swapping(name):
            def call(*args, **kwargs):
                wanted = moment.split()[0] == name and (moment != "open .part" or str(args[0]).endswith(".part"))
                if armed and armed[-1] and wanted:
                    armed.append(False)  # once
                    swap(sub, link)
                    if moment == "link fails":
                        raise OSError(errno.EIO, os.strerror(errno.EIO))
                return real[name](*args, **kwargs)

            return call

        real_write = output.write_files
        monkeypatch.setattr(output, "write_files", arm_then_write)
        for name in real:
            monkeypatch.setattr(os, name, swapping(name))
        result = invoke(runner, "boards", "--out", sub / "b.pdf", *(["--force"] if force else []))
        monkeypatch.undo()
        assert armed[-1] is False, "the swap never happened"
        assert (victim / "b.pdf").read_bytes() == b"root's own file"
        assert sorted(os.listdir(victim)) == ["b.pdf"]  # no temporary file of root's left there either
        assert link.stat().st_ino == inode and link.is_dir() and not link.is_symlink()  # the folder, now named subln
        written = not refused and moment != "link fails"
        assert sorted(os.listdir(link)) == ["b.pdf"] * (force or written)  # and no temporary file left in it
        if refused:
            assert result.stderr == (
                f"sos-print: cannot use the folder {sub}: {sub} is a symbolic link another user left in the shared "
                f"folder {shared}; give the folder it leads to, if it is yours; nothing was written\n"
            )
        elif moment == "link fails":
            assert result.stderr == (
                f"sos-print: cannot write {sub / 'b.pdf'}: Input/output error; nothing was written\n"
            )
        else:
            assert result.exit_code == 0, result.output
            assert (link / "b.pdf").read_bytes().startswith(b"%PDF-")  # written in the folder that was checked


def test_a_folder_swapped_for_a_link_again_and_again_never_leads_the_files_elsewhere():
    """The attack itself, bounded to three seconds: another user swaps their folder and their link to a folder of the
    user's as fast as the system allows (renameat2 RENAME_EXCHANGE) while files are written into the folder (ad41's
    f_toctou_out.sh, within the suite): every file lands in the other user's folder or is refused, and no temporary
    file is left anywhere."""
    import ctypes
    import time
    from collections import Counter

    from sos_print.system.output import OutputError, check_targets, write_files

    if os.geteuid() != 0:
        pytest.skip("swapping as another user needs root")
    libc = ctypes.CDLL(None, use_errno=True)
    with shared_folder() as folder:
        shared, victim = folder / "shared", folder / "victim"
        shared.mkdir()
        shared.chmod(0o1777)  # as /tmp
        victim.mkdir()
        sub, link = shared / "sub", shared / "subln"
        as_nobody(lambda: (os.mkdir(sub), os.symlink(victim, link)))

        def swap_for_three_seconds() -> None:
            one, other, end = bytes(sub), bytes(link), time.monotonic() + 3
            while time.monotonic() < end:
                for _ in range(100):
                    libc.renameat2(-100, one, -100, other, 2)  # AT_FDCWD, RENAME_EXCHANGE

        outcomes: Counter[str] = Counter()
        with running_as_nobody(swap_for_three_seconds) as running:
            while running():
                target = sub / f"a{sum(outcomes.values())}.pdf"
                try:
                    check_targets([target], force=False)
                    write_files([(target, b"%PDF- root's file")], force=False)
                    outcomes["written"] += 1
                except OutputError as error:
                    outcomes[str(error).split(":")[0]] += 1
        assert os.listdir(victim) == [], outcomes
        assert [path.name for path in shared.rglob(".sos-print-*")] == [], outcomes
        assert len(list(shared.rglob("a*.pdf"))) == outcomes["written"], outcomes  # each in the other user's folder
        assert set(outcomes) <= {"written", f"cannot use the folder {sub}"}, outcomes


# A terminal set to Latin-1 passes "é" as a byte that is not UTF-8, which Python keeps as a stand-in character:
# "U+DCE9 (an invisible character) is not in the font", or "seat A has no name after its =" (sweep ad81, 4).
@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["replay", str(EXAMPLES / "06-last-letter-scores.toml"), "--names", "A=Zo\udce9"], "--names"),
        (["replay", str(EXAMPLES / "06-last-letter-scores.toml"), "--names", "A=\udce9\udce9\udce9"], "--names"),
        (["kit", "--class-name", "CM2 \udce9l\udce8ves"], "class name"),
        (["puzzles", "--class-name", "CM2 \udce9l\udce8ves"], "class name"),
        # "holds '\udce9' at place 5", "'5\udce9' is not a size" (sweep ad82, 5)
        (["grids", "--sizes", "4,5\udce9"], "--sizes"),
        (["solve", "S.O.\udce9/..S./O.../..O."], "the board"),
    ],
)
def test_an_options_text_that_is_not_utf8_is_told_so(runner, tmp_path, args, said):
    out = tmp_path / ("out" if args[0] in ("kit", "puzzles") else "out.pdf")
    result = runner.invoke(app, [*args, *(["--out", str(out)] if args[0] != "solve" else [])])
    assert result.exit_code == 2, result.output
    assert f"{said}: it is not UTF-8 text (is the terminal set to another encoding?)" in result.output, result.output
    assert not out.exists()


# Click quoted a choice's stand-in as "'\udcff' is not one of 'en', 'fr', ..." (sweep ad82, 5).
@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["rules", "--lang", "\udcff", "--out", "r.pdf"], "Invalid value for '--lang': '\\xff' is not one of"),
        (["rules", "--lang", "\u00e9\udcff", "--out", "r.pdf"], "'--lang': '\u00e9\\xff' is not one of"),
        (["solve", "S.O./..S./O.../..O.", "--to-move", "b\udce9"], "'--to-move': 'b\\xe9' is not a seat"),
        (["boards", "--paper", "a\udcc4", "--out", "b.pdf"], "'--paper': 'a\\xc4' is not one of"),
        (["boards", "--size", "\udcff3", "--out", "b.pdf"], "'--size': '\\xff3' is not a whole number"),
        (["boards", "--siz\udcff", "3", "--out", "b.pdf"], "No such option: --siz\\xff"),
    ],
)
def test_a_choice_that_is_not_utf8_shows_its_bytes_and_says_so(runner, tmp_path, monkeypatch, args, said):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert said in result.output, result.output
    assert result.output.rstrip().endswith(": it is not UTF-8 text (is the terminal set to another encoding?)")
    assert "\\udc" not in result.output and len(result.output.splitlines()) == 1, result.output
    assert os.listdir(tmp_path) == []


def test_a_misspelt_option_is_not_said_to_be_undecoded_for_a_value_it_does_not_echo(runner, tmp_path):
    result = runner.invoke(app, ["boards", "--sizz", "a\udcff", "--out", str(tmp_path / "b.pdf")])
    assert result.exit_code == 2, result.output
    assert result.output.strip() == "Usage error: No such option: --sizz (Possible options: --size)", result.output


# ---- file options: given once, named, and read by the command (sweep ad83) --------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        # Click kept the last: a.txt's children were left out of the kit without a word (ad83, 5).
        (["kit", "--roster", "a.txt", "--roster", "b.txt"], "--roster is given twice, as 'a.txt' and as 'b.txt'"),
        (["puzzles", "--roster=a.txt", "--roster=b.txt"], "--roster is given twice, as 'a.txt' and as 'b.txt'"),
        (["boards", "--size", "4", "--groups", "2", "--size", "5"], "--size is given twice, as '4' and as '5'"),
        (["rules", "--example", "a.toml", "--example=b.toml"], "--example is given twice, as 'a.toml' and as"),
        # "--" as an option's value ended the search: click kept the second roster alone (ad84, 1)
        (["kit", "--class-name", "--", "--roster", "a.txt", "--roster", "b.txt"], "--roster is given twice"),
        (["boards", "--roster", "--", "--roster", "b.txt"], "--roster is given twice, as '--' and as 'b.txt'"),
    ],
    ids=["kit roster", "puzzles roster", "size", "example", "after a value --", "a value --"],
)
def test_an_option_of_one_value_given_twice_is_a_usage_error(runner, tmp_path, monkeypatch, args, said):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.txt").write_text("Léa\nTom\nZoé\nMax\n")
    (tmp_path / "b.txt").write_text("Ana\nBob\n")
    result = runner.invoke(app, [*args, "--out", "out"])
    assert result.exit_code == 2, result.output
    assert result.output == f"Usage error: {said}" + result.output.split(said)[1], result.output
    assert result.output.rstrip().endswith(": give it once") and len(result.output.splitlines()) == 1
    assert sorted(os.listdir(tmp_path)) == ["a.txt", "b.txt"]


def test_options_that_gather_values_and_flags_may_be_given_again(runner, tmp_path):
    examples = [str(EXAMPLES / "01-one-o-two-lines.toml"), str(EXAMPLES / "03-o-in-the-gap.toml")]
    args = ["kit", "--examples", examples[0], "--examples", examples[1], "--force", "--force"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path / "kit")])
    assert result.exit_code == 0, result.output
    notes = " ".join(texts(tmp_path / "kit" / "teacher.pdf"))
    assert "One O, two lines" in notes and "in the gap" in notes.lower()


@pytest.mark.parametrize(
    "args",
    [["kit", "--roster", ""], ["puzzles", "--roster", " "], ["kit", "--examples", ""], ["rules", "--example", ""]],
    ids=["kit roster", "puzzles roster", "examples", "example"],
)
def test_an_empty_file_name_is_a_usage_error_not_the_current_folder(runner, tmp_path, monkeypatch, args):
    # "--roster ''" was "'.': is a folder, not a class list", status 1 (ad83, 6).
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [*args, "--out", "out.pdf" if args[0] == "rules" else "out"])
    assert result.exit_code == 2, result.output
    assert result.output == f"Usage error: Invalid value for '{args[1]}': the name is empty: give a file's name\n"
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize(
    ("option", "out"), [("--roster", "kit"), ("--examples", "kit"), ("--example", "rules.pdf")], ids=str
)
def test_a_file_option_the_user_cannot_read_is_one_line_with_status_1(runner, warm, option, out):
    # Click's path type made it a usage error, "Invalid value for '--roster': Path 'x' is not readable" (ad83, 7).
    with shared_folder() as folder:
        secret = folder / ("class.txt" if option == "--roster" else "game.toml")
        secret.write_text("Léa\nTom\n" if option == "--roster" else (EXAMPLES / "01-one-o-two-lines.toml").read_text())
        secret.chmod(0o600)
        command = "rules" if option == "--example" else "kit"
        args = [command, option, str(secret), "--out", str(folder / out)]
        code, stdout, stderr = as_nobody(lambda: (lambda r: (r.exit_code, r.stdout, r.stderr))(invoke(runner, *args)))
        assert sorted(path.name for path in folder.iterdir()) == [secret.name]
    assert code == 1
    if option == "--roster":
        assert (stdout, stderr) == ("", f"sos-print: {secret}: permission denied\n")
    else:  # each example file's problem on its line, as check says it, then what became of the run
        assert (stdout, stderr) == (f"{secret}: permission denied\n", EXAMPLE_REFUSED)


EXAMPLE_REFUSED = "sos-print: an example file cannot be used; nothing was written.\n"


@pytest.mark.parametrize(
    "args",
    [["kit", "--out", "kk", "--", "--roster", "a.txt"], ["analyse", "game.csv", "--", "--size", "4"]],
    ids=["kit", "analyse"],
)
def test_an_option_after_dashes_is_told_so_by_a_command_of_no_file_or_one(runner, tmp_path, monkeypatch, args):
    # Told to quote a name with spaces, as if "--roster a.txt" were one file's name (ad84, 10).
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.output.rstrip().endswith(": what follows -- is read as file names; give the options before --")
