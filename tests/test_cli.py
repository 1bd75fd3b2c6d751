"""Tests the command line: what it writes, what it refuses, and how it reports."""

from __future__ import annotations

import itertools
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from conftest import EXAMPLES, ROOT
from pdfread import outline, page_count, reader, texts

from sos_print.cli import app
from sos_print.documents.registry import DOCUMENTS

WROTE = re.compile(r"^wrote (\S+) \((\d+) pages?, (\d+) KB\)(?: and (\S+) \((\d+) pages?, (\d+) KB\))?$")
# A kit's players' file says where its parts are: "(32 pages: boards 1-15, score sheets 16-30, rules 31-32; 67 KB)".
KIT_WROTE = re.compile(
    r"^wrote (\S+) \((\d+) pages: boards ([\d-]+), score sheets ([\d-]+),(?: blank (\d+),)? rules ([\d-]+);"
    r" (\d+) KB\)"
    r" and (\S+) \((\d+) pages(?:, |: English 1-6, French 7-12; )(\d+) KB\)$"  # notes in two languages: each part
)


def run(runner, *args: str):
    result = runner.invoke(app, [str(arg) for arg in args])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def test_kit_writes_the_players_and_the_teachers_files_and_says_so(runner, tmp_path):
    out = tmp_path / "kit"
    result = run(runner, "kit", "--out", out, "--groups", "15")
    assert result.exit_code == 0, result.output
    players, teacher = out / "players.pdf", out / "teacher.pdf"
    match = KIT_WROTE.match(result.stdout.strip())
    assert match, result.stdout
    assert match.group(1) == str(players) and match.group(8) == str(teacher)
    assert int(match.group(2)) == page_count(players) == 32  # a board and an audit for each of 15 groups, the rules
    assert match.group(3, 4, 5, 6) == ("1-15", "16-30", None, "31-32")  # no page left blank
    assert int(match.group(9)) == page_count(teacher)
    assert int(match.group(7)) == round(players.stat().st_size / 1024)
    assert outline(players) == ["Player boards", "Score sheets", "Rules"]
    assert result.stderr == ""  # no progress when the output is not a terminal


def first_pages(path: Path) -> list[int]:
    """Returns the page (from 1) each top bookmark of a PDF points at."""
    pdf = reader(path)
    return [pdf.get_destination_page_number(item) + 1 for item in pdf.outline if not isinstance(item, list)]


def spoken(first: int, last: int, lang: str) -> str:
    if first == last:
        return f"page {first}"
    word = {"en": (" and ", " to "), "fr": (" et ", " à ")}[lang][last > first + 1]
    return f"pages {first}{word}{last}"


@pytest.mark.parametrize(
    ("args", "lang"),
    [
        (("--groups", "15"), "en"),
        (("--groups", "15", "--two-per-page", "--lang", "fr"), "fr"),
        (("--lang", "en+fr", "--size", "8"), "en"),
        (("--groups", "3", "--players", "4", "--large-print"), "en"),
        (("--groups", "3", "--rules-per-group"), "en"),
        (("--groups", "4", "--rules-per-group", "--lang", "fr"), "fr"),
        (("--size", "8", "--large-print"), "en"),  # 4 score sheets end on page 5: page 6 is left blank
        (("--size", "8", "--large-print", "--lang", "fr"), "fr"),
    ],
)
def test_the_notes_and_the_terminal_say_where_each_part_of_the_players_file_is(runner, tmp_path, args, lang):
    result = run(runner, "kit", "--out", tmp_path, *args)
    assert result.exit_code == 0, result.output
    players = tmp_path / "players.pdf"
    # Boards, score sheets, rules (one bookmark per language, the last part): read from the outline.
    starts = [*first_pages(players)[:3], page_count(players) + 1]
    pages = texts(players)
    # A page left blank (so that the rules start on a front) is in no part: a part ends on its last printed page. It
    # carries one line, in its middle, saying that it is blank on purpose, and nothing else.
    # The French a whole sentence, with its full stop (issue 23, session 37 P20).
    notice = {"en": "This page is intentionally left blank", "fr": "Page volontairement laissée blanche."}
    blank = [number for number, text in enumerate(pages, start=1) if notice[lang] in text]
    assert all(" ".join(pages[number - 1].split()) == notice[lang] for number in blank)
    spans = [
        (first, max(page for page in range(first, following) if page not in blank))
        for first, following in itertools.pairwise(starts)
    ]
    line = KIT_WROTE.match(result.stdout.strip())
    assert line, result.stdout
    assert line.group(3, 4, 6) == tuple(f"{a}-{b}" if b > a else f"{a}" for a, b in spans)
    assert line.group(5) == (str(blank[0]) if blank else None)  # the terminal names a page left blank, as the notes do
    notes = " ".join(" ".join(texts(tmp_path / "teacher.pdf")[:2]).split())
    said = [spoken(*span, lang) for span in spans]
    groups = int(args[args.index("--groups") + 1]) if "--groups" in args else 1
    if "--rules-per-group" in args:  # a rule sheet, front and back, for each group
        assert spans[2][1] - spans[2][0] + 1 == 2 * groups
        assert len(re.findall("^SOS: the rules|^SOS\u202f: la règle du jeu", "\n".join(texts(players)), re.M)) == groups
        each = {
            "en": f"then a rule sheet for each group {said[2].join(['on ', '.'])} Each group needs its board, "
            f"its score sheet, its rule sheet and a pencil per player.",
            "fr": f"puis une règle du jeu par groupe aux {said[2]}. Chaque groupe a besoin de sa grille, de son "
            "relevé, de sa règle du jeu et d’un crayon par joueur.",
        }[lang]
        assert each in notes, notes[:900]
    elif lang == "en":
        blank_said = r"(?: \([^)]*\))?"
        assert re.search(
            rf"on {said[0]}, the score sheets? on {said[1]}{blank_said}, then the rule sheet[a-z ]* on {said[2]}\.",
            notes,
        )
        if "en+fr" in args:  # each group prints the rules in its own language (issue 21, French reading F14)
            first, last = spans[2]
            english, french = spoken(first, (first + last) // 2, lang), spoken((first + last) // 2 + 1, last, lang)
            assert f"in its children’s language ({english} in English, {french} in French)" in notes, notes[:1200]
        else:
            assert f"print {said[2]} once for each group" in notes
    else:
        at = ["à la " + s if s.startswith("page ") else "aux " + s for s in said]
        blank_said = r"(?: \([^)]*\))?"
        assert re.search(
            rf"{at[0]}, les? relevés? des points {at[1]}{blank_said}, puis la règle du jeu[a-z ]* {at[2]}\.", notes
        )
        assert f"imprimez {'la' if said[2].startswith('page ') else 'les'} {said[2]} une fois par groupe" in notes
    # A blank page "so that when the whole file is printed on both sides..." beside "print the boards on one side
    # only" left the teacher unsure what to print (fr65, 2).
    left = {
        "en": "(page {} is blank: there is no need to print it)",
        "fr": "(la page {} est blanche : inutile de l’imprimer)",
    }[lang]
    assert [number for number in blank if left.format(number) in notes] == blank  # every blank page said, and why
    assert (left.split("{}")[1] in notes) == bool(blank)
    cut = {"en": "a dashed line between them: cut along it.", "fr": "coupez-la le long de ce pointillé."}[lang]
    assert (cut in notes) == ("--two-per-page" in args)  # the teacher is told to cut when the boards are two a page
    # Every kit says to print the boards and score sheets on one side only: printed on both sides, a group's board had
    # another's, or its own score sheet, on its back (review rv65, 1); two a page, because the boards are cut apart.
    one_side = {"en": "on one side of the paper only: ", "fr": " en recto simple : "}[lang]
    assert one_side in notes
    cut_apart = {"en": "the boards are cut apart", "fr": "les grilles se découpent"}[lang]
    assert (cut_apart in notes) == ("--two-per-page" in args)
    both = {"en": "The rule sheet may be printed on both sides.", "fr": "La règle peut s’imprimer en recto verso."}[
        lang
    ]
    assert both in notes


@pytest.mark.parametrize(
    ("command", "groups", "noted"),
    [("boards", "1", True), ("kit", "1", True), ("boards", "2", False), ("kit", "3", False)],
)
def test_two_per_page_for_one_group_says_its_board_stands_alone(runner, tmp_path, command, groups, noted):
    # One group's board, two a page: the page's lower half stood empty with no word of why (review rv65, 6).
    out = tmp_path / ("out.pdf" if command == "boards" else "kit")
    result = runner.invoke(app, [command, "--two-per-page", "--groups", groups, "--out", str(out)])
    assert result.exit_code == 0, result.output
    note = (
        "note: --two-per-page: one group's board stands alone in half its page; leave the option out for a board the "
        "size of the page\n"
    )
    assert result.stderr == (note if noted else "")


def test_kit_defaults_to_a_sos_kit_folder_here(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run(runner, "kit").exit_code == 0
    assert sorted(p.name for p in (tmp_path / "sos-kit").iterdir()) == ["players.pdf", "teacher.pdf"]


def test_kit_twice_gives_identical_bytes(runner, tmp_path):
    for name in ("one", "two"):
        assert run(runner, "kit", "--out", tmp_path / name, "--groups", "3", "--lang", "en+fr").exit_code == 0
    for file in ("players.pdf", "teacher.pdf"):
        assert (tmp_path / "one" / file).read_bytes() == (tmp_path / "two" / file).read_bytes()


def test_an_existing_output_survives_a_run_without_force(runner, tmp_path):
    out = tmp_path / "kit"
    out.mkdir()
    (out / "teacher.pdf").write_bytes(b"the teacher's own file")
    result = run(runner, "kit", "--out", out)
    assert result.exit_code == 1
    assert f"{out / 'teacher.pdf'} already exists; use --force to replace it" in result.stderr
    assert (out / "teacher.pdf").read_bytes() == b"the teacher's own file"
    assert not (out / "players.pdf").exists()  # nothing half-done either
    assert run(runner, "kit", "--out", out, "--force").exit_code == 0
    assert "SOS: teacher’s notes" in texts(out / "teacher.pdf")[0].splitlines()


def test_a_false_example_claim_stops_everything_with_the_check_lines(runner, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text((EXAMPLES / "01-one-o-two-lines.toml").read_text().replace("points = 2", "points = 1"))
    out = tmp_path / "kit"
    result = run(runner, "kit", "--out", out, "--examples", bad)
    assert result.exit_code == 1
    assert f"{bad}: move 1: claims 1 point, the rules give 2 (B1-B3, A2-C2)" in result.stdout
    assert "checked 1 file: 1 problem in 1 file" in result.stdout
    assert "nothing was written" in result.stderr
    assert not out.exists() or not any(out.iterdir())
    result = run(runner, "teacher", bad, "--out", tmp_path / "t.pdf")
    assert result.exit_code == 1
    assert not (tmp_path / "t.pdf").exists()


def test_a_folder_that_cannot_be_created_is_a_clear_error(runner, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = run(runner, "kit", "--out", blocker / "kit")
    assert result.exit_code == 1
    assert f"cannot create the folder {blocker / 'kit'}" in result.stderr
    assert "Traceback" not in result.output


# Runs a command as an unprivileged user when the tests run as root (as CI does), since root
# may write anywhere. The interpreter and its libraries may live where that user cannot read
# (/root), so the child loads every module first, as root, then gives up root and runs.
AS_A_USER = """
import os, pkgutil, sys, importlib
import sos_print, typer
for package in (sos_print, typer):  # typer imports some of its own modules only when a command runs
    for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if module.name != "typer.__main__":  # which would run typer's own command line at once
            try:
                importlib.import_module(module.name)
            except Exception:  # a module for another platform, or for an extra that is not installed
                pass
if os.geteuid() == 0:
    os.setgroups([])
    os.setgid(65534)
    os.setuid(65534)
    assert os.geteuid() == 65534
sys.argv = ["sos-print", *sys.argv[1:]]
from sos_print.__main__ import main
main()
"""


def working_tree_env() -> dict[str, str]:
    """Returns the environment with this working tree first on the path, before any installed copy."""
    paths = [str(ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


def sos_print_command(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """Runs `python -m sos_print ARGS` with the tests' interpreter on this working tree."""
    return subprocess.run(
        [sys.executable, "-m", "sos_print", *args], capture_output=True, text=True, cwd=cwd, env=working_tree_env()
    )


def test_a_folder_without_write_permission_is_a_clear_error():
    # tmp_path lies in a folder only its owner may enter: make one the unprivileged user can reach.
    base = Path(tempfile.mkdtemp(prefix="sos-print-"))
    try:
        base.chmod(0o755)
        locked = base / "locked"
        locked.mkdir()
        locked.chmod(0o555)  # nobody but root may write in it
        result = subprocess.run(
            [sys.executable, "-c", AS_A_USER, "boards", "--out", str(locked / "b.pdf")],
            capture_output=True,
            text=True,
            cwd=base,
            env=working_tree_env(),
        )
        assert result.returncode == 1, result.stderr
        assert result.stderr.startswith(f"sos-print: cannot write in the folder {locked}: "), result.stderr
        assert len(result.stderr.splitlines()) == 1, result.stderr  # one clear line, no traceback
        assert result.stdout == ""
        assert list(locked.iterdir()) == []
    finally:
        shutil.rmtree(base)


@pytest.mark.parametrize(
    "command",
    [
        [name, *([str(EXAMPLES / "06-last-letter-scores.toml")] if name == "replay" else [])]
        for name in sorted({command for entry in DOCUMENTS for command in entry.commands})
    ],
)
def test_an_empty_output_name_is_a_usage_error_not_the_current_folder(runner, tmp_path, monkeypatch, command):
    monkeypatch.chdir(tmp_path)
    result = run(runner, *command, "--out", "", "--force")
    assert result.exit_code == 2, result.output
    assert "Invalid value for '--out': the name is empty: give a file or folder name" in result.output
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["kit", "--size", "9"], "--size"),
        (["kit", "--size", "2"], "--size"),
        (["kit", "--groups", "0"], "--groups"),
        (["kit", "--players", "5"], "--players"),
        (["kit", "--lang", "de"], "--lang"),
        (["kit", "--paper", "a3"], "--paper"),
        (["kit", "--notation", "chess"], "--notation"),
        (["kit", "--two-per-page", "--size", "6"], "--two-per-page fits boards of 3 × 3 and 4 × 4 only, not --size 6"),
        (["kit", "--teams", "--players", "3"], "--teams needs 4 players"),
        # given as 2 it printed a four-player kit without a word (review nt62, 10); left out, --teams makes it 4
        (["kit", "--teams", "--players", "2"], "--teams needs 4 players, not --players 2"),
        (["rules", "--players", "2", "--teams"], "--teams needs 4 players, not --players 2"),
        (["grids", "--teams", "--players=2"], "--teams needs 4 players, not --players 2"),
        (
            ["kit", "--size", "3", "--target", "9"],
            "a full 3 × 3 grid holds at most 6 S-O-S, so --target 9 can never be reached",
        ),
        (["kit", "--target", "3", "--first-sos-wins"], "either a target score or the first S-O-S wins"),
        (["grids", "--sizes", "2-5"], "--sizes: '2-5' must lie between 3 and 8"),
        (["grids", "--sizes", "8-3"], "--sizes: '8-3' runs backwards: write the smaller size first, like 3-8"),
        (["grids", "--sizes", "9-3"], "--sizes: '9-3' must lie between 3 and 8"),
        # an unfinished range printed its first size alone; "4 6" was read as 46 (sweep ad74, 1 and 2)
        (["grids", "--sizes", "5-"], "--sizes: '5-' has no last size: write a range like 3-8"),
        (["grids", "--sizes", "4,6-"], "--sizes: '6-' has no last size: write a range like 3-8"),
        (["grids", "--sizes", "4 6"], "--sizes: '4 6': separate sizes with commas, like 4,6"),
        (["grids", "--sizes", "4,,6"], "--sizes: '4,,6' has an empty size between commas"),
        (["grids", "--sizes", " "], "--sizes: give a size or a range, like 4 or 3-8"),
        (["grids", "--sizes", "four"], "--sizes: 'four' is not a size or a range like 3-8"),
        (
            ["boards", "--size", "8", "--large-print", "--lang", "en+fr", "--players", "4", "--paper", "letter"],
            "does not fit on Letter with cells of at least 15 mm; try without --large-print or one language",
        ),
    ],
)
def test_bad_options_are_usage_errors(runner, tmp_path, args, message):
    result = run(runner, *args, "--out", tmp_path / "x" if args[0] == "kit" else tmp_path / "x.pdf")
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert not list(tmp_path.iterdir())


def test_the_default_paper_is_a4(runner, tmp_path):
    from pdfread import reader

    out = tmp_path / "boards.pdf"
    assert run(runner, "boards", "--out", out).exit_code == 0
    assert [tuple(float(v) for v in page.mediabox) for page in reader(out).pages] == [(0, 0, 595.28, 841.89)]


@pytest.mark.parametrize(
    ("sizes", "pages"),
    [
        ("3-8", 6),
        ("4,6", 2),
        ("3-4,8", 3),
        ("5", 1),
        ("4 - 6", 3),
        ("4\u20136", 3),
        (" 4 , 6 ", 2),
        ("0003", 1),  # "'0003' must lie between 3 and 8", where --size read it as 3 (ad86, 8)
        ("0003-00005", 3),
        ("+4", 1),  # refused where --size +4 was 4 (ad87, 10)
        ("+3-+5", 3),
    ],
)
def test_grids_print_the_sizes_asked_for(runner, tmp_path, sizes, pages):
    out = tmp_path / "g.pdf"
    assert run(runner, "grids", "--sizes", sizes, "--out", out).exit_code == 0
    assert page_count(out) == pages


@pytest.mark.parametrize(
    ("command", "pages", "title"),
    [
        ("boards", 1, "SOS: player board"),  # one group
        ("audit", 1, "SOS: score sheet"),
        ("teacher", None, "SOS: teacher’s notes"),
        ("grids", 6, "SOS: player board"),  # sizes 3 to 8
        ("rules", 2, "SOS: the rules"),  # one sheet, front and back, per language
    ],
)
def test_each_document_command_writes_one_pdf_and_says_how_many_pages(runner, tmp_path, command, pages, title):
    out = tmp_path / f"{command}.pdf"
    result = run(runner, command, "--out", out)
    assert result.exit_code == 0, result.output
    found = texts(out)
    match = WROTE.match(result.stdout.strip())
    assert match and match.group(1) == str(out), result.stdout
    assert int(match.group(2)) == len(found) == (pages or len(found))
    assert int(match.group(3)) == max(1, round(out.stat().st_size / 1024))
    assert title in found[0].splitlines()[:3], found[0][:80]  # under the class and date fields, if any


def test_every_option_has_full_sentence_help(runner):
    import typer.main

    group = typer.main.get_command(app)
    for name, command in group.commands.items():
        assert command.help and command.help.rstrip().endswith("."), name
        for param in command.params:
            if param.param_type_name == "option" and param.name != "help":
                assert param.help and param.help[0].isupper() and param.help.endswith("."), f"{name} {param.name}"


def test_a_command_that_writes_a_folder_says_in_its_help_which_files_go_into_it():
    import typer.main

    group = typer.main.get_command(app)
    helps = {name: next(p.help for p in group.commands[name].params if p.name == "out") for name in ("kit", "puzzles")}
    assert helps == {
        "kit": "The folder to write players.pdf and teacher.pdf into.",
        "puzzles": "The folder to write puzzles.pdf, answers.pdf and puzzles.json into.",
    }


def test_each_commands_help_shows_out_taking_a_path(runner):
    for command in ("kit", "boards", "grids", "audit", "teacher", "rules", "puzzles", "replay"):
        result = runner.invoke(app, [command, "--help"])
        assert result.exit_code == 0, command
        assert "--out <path>" in result.output, command


@pytest.mark.parametrize(
    "args",
    [
        ["kit", "--size", "9"],
        ["puzzles", "--seed", "-1"],
        ["puzzles", "--copies", "201"],
        ["replay", "game.csv", "--every", "0"],
        ["kit", "--lang", "de"],
        ["kit", "--no-such-option"],
        ["boards", "--two-per-page", "--size", "6"],
        ["solve", "S.O/.../...", "--to-move", "E"],
        ["check"],
    ],
)
def test_every_usage_error_is_one_line_and_status_2(runner, tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("Usage error: "), result.stderr
    assert not list(tmp_path.iterdir())


LONG = "x" * 5000
CUT = "x" * 37 + "\u2026"  # as the engine quotes a value: 40 characters with the quotation marks


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["solve", "..../..../..../....", "--to-move", LONG],
            f"Invalid value for '--to-move': '{CUT}' is not a seat: give A, B, C or D.",
        ),
        (
            ["solve", "..../..../..../....", "--notation", LONG],
            f"Invalid value for '--notation': '{CUT}' is not one of 'A1', 'L1C1'.",
        ),
        (
            ["kit", "--players", LONG],
            f"Invalid value for '--players': '{CUT}' is not a whole number in the digits 0 to 9.",
        ),
        (
            ["kit", "--size", "9" * 1000],
            "Invalid value for '--size': " + "9" * 39 + "\u2026 is not from 3 to 8.",
        ),
        (
            ["puzzles", "--kind", LONG],
            f"Invalid value for '--kind': '{CUT}' is not one of 'score-now', 'no-gift', 'best-move', 'mixed'.",
        ),
        (["kit", "--lang", LONG], f"Invalid value for '--lang': '{CUT}' is not one of 'en', 'fr', 'en+fr', 'fr+en'."),
        (
            ["kit", "--lang", "x/" * 2500],
            "Invalid value for '--lang': '" + "x/" * 18 + "x\u2026' is not one of 'en', 'fr', 'en+fr', 'fr+en'.",
        ),
        (["kit", f"--lang={LONG}"], f"Invalid value for '--lang': '{CUT}' is not one of 'en', 'fr', 'en+fr', 'fr+en'."),
        (
            ["kit", "--lang", "en\nchecked 9 files"],
            "Invalid value for '--lang': 'en\\nchecked 9 files' is not one of 'en', 'fr', 'en+fr', 'fr+en'.",
        ),
        (["kit", "--" + LONG], "No such option: --" + "x" * 37 + "\u2026"),
        ([LONG], f"No such command '{CUT}'."),
        (["grids", "--sizes", f"3,{LONG}"], f"--sizes: '{CUT}' is not a size or a range like 3-8"),
        (["grids", "--sizes", "5" * 5000], "--sizes: '" + "5" * 37 + "\u2026' must lie between 3 and 8"),
    ],
    ids=[
        "to-move",
        "notation",
        "players",
        "size-1000-digits",
        "kind",
        "lang",
        "lang-slashes",
        "lang=",
        "lang-line-break",
        "unknown-option",
        "unknown-command",
        "sizes-part",
        "sizes-5000-digits",
    ],
)
def test_a_usage_error_shortens_the_value_it_echoes(runner, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, args)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"Usage error: {message}\n")
    assert not list(tmp_path.iterdir())


NINES = "9" * 39 + "\u2026"


# A whole number of more digits than Python turns into an int (4,300) gets the option's own sentence, as one of 4,299
# does, never click's "is not a valid int range".
@pytest.mark.parametrize("digits", [4299, 5000, 100_000])
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["kit", "--target", "{}"],
            f"a full 4 × 4 grid holds at most 9 S-O-S, so --target {NINES} can never be reached",
        ),
        (["kit", "--target={}"], f"a full 4 × 4 grid holds at most 9 S-O-S, so --target {NINES} can never be reached"),
        (["puzzles", "--seed", "{}"], f"Invalid value for '--seed': {NINES} is not from 0 to 999999."),
        (["kit", "--size", "+{}"], f"Invalid value for '--size': {NINES} is not from 3 to 8."),
    ],
    ids=["target", "target=", "seed", "size-signed"],
)
def test_a_number_of_thousands_of_digits_gets_the_options_own_sentence(
    runner, tmp_path, monkeypatch, args, message, digits
):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [arg.format("9" * digits) for arg in args])
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"Usage error: {message}\n")
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["boards", "--size", "{}5", "--target", "{}2"], None),
        (["boards", "--size={}9"], "Invalid value for '--size': 9 is not from 3 to 8."),
        (["kit", "--groups", "+{}0"], "Invalid value for '--groups': 0 is not from 1 to 500."),
    ],
    ids=["size and target", "size=", "groups"],
)
def test_a_number_led_by_thousands_of_zeros_is_its_value(runner, tmp_path, monkeypatch, args, message):
    # Cut to 4,300 digits before its zeros were dropped, "000...05" was 0: "0 is not from 3 to 8", and "--target
    # 000...02" printed a board that said nothing of its target (ad85, 2).
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [arg.format("0" * 4301) for arg in [*args, "--out", "out.pdf"]])
    if message is None:
        assert result.exit_code == 0, result.output
        [page] = texts(tmp_path / "out.pdf")
        assert "The first player to reach 2 points wins" in " ".join(page.split()) and "\nE\n" in page, page
    else:
        assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"Usage error: {message}\n")


@pytest.mark.parametrize(
    ("args", "written"),
    [
        (["rules", "--out=~/rules.pdf"], ["class.txt", "rules.pdf"]),
        (["kit", "--out=~/kit"], ["class.txt", "kit"]),
        (["kit", "--roster=~/class.txt", "--out", "~/class"], ["class", "class.txt"]),
    ],
    ids=["file", "folder", "class list"],
)
def test_a_file_option_starting_with_a_tilde_names_the_home_folder(runner, tmp_path, monkeypatch, args, written):
    # The shell leaves "~" as typed after "=": a folder named "~" was made in the current one, and "wrote ~/rules.pdf"
    # sent the teacher to look in the home folder (ad85, 3).
    home, here = tmp_path / "home", tmp_path / "here"
    home.mkdir()
    here.mkdir()
    (home / "class.txt").write_text("Léa\nTom\n", encoding="utf-8")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(here)
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert (sorted(path.name for path in home.iterdir()), list(here.iterdir())) == (written, [])
    assert str(home) in result.stdout


@pytest.mark.parametrize(
    ("home", "out", "said"),
    [
        ("", "~/rules.pdf", "'~/rules.pdf' starts with ~, for your home folder (HOME), which does not exist"),
        (
            "home",
            "~nosuchuser/rules.pdf",
            "'~nosuchuser/rules.pdf' starts with ~nosuchuser, for the home folder of a "
            "user named 'nosuchuser', which does not exist",
        ),
    ],
    ids=["HOME empty", "no such user"],
)
def test_a_file_option_starting_with_a_home_folder_that_does_not_exist_is_refused(
    runner, tmp_path, monkeypatch, home, out, said
):
    # HOME empty wrote /rules.pdf at the root of the file system, "~nosuchuser/" made a folder of that name (ad86, 3)
    monkeypatch.setenv("HOME", str(tmp_path / home) if home else "")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["rules", f"--out={out}"])
    advice = f": give the full path, or ./{out} for a folder named {out.split('/')[0]} here"
    assert (result.exit_code, result.stderr) == (2, f"Usage error: Invalid value for '--out': {said}{advice}\n")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("command", "name"), [("rules", "~notes.pdf"), ("kit", "~kit")])
def test_a_file_whose_name_starts_with_a_tilde_is_a_file_here_named_whole(runner, tmp_path, monkeypatch, command, name):
    # "~notes.pdf" names no user's home folder: a file here (Excel's lock files start so too: ad86, 5), named whole,
    # where "wrote ~kit/players.pdf" read as a user's home (ad87, 2)
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [command, f"--out={name}"])
    assert (result.exit_code, result.stdout.split(" (")[0].split("/players.pdf")[0]) == (0, f"wrote {tmp_path / name}")
    assert [path.name for path in tmp_path.iterdir()] == [name]


def test_a_folder_named_with_a_tilde_in_the_current_one_is_named_whole(runner, tmp_path, monkeypatch):
    # "./~/rules.pdf" went into the folder named "~" here, and "wrote ~/rules.pdf" sent the teacher home (ad86, 2)
    (tmp_path / "~").mkdir()
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["rules", "--out", "./~/rules.pdf"])
    assert result.exit_code == 0 and (tmp_path / "~" / "rules.pdf").is_file()
    assert result.stdout.startswith(f"wrote {tmp_path / '~' / 'rules.pdf'} ("), result.stdout


@pytest.mark.parametrize("args", [["--class-name", "{}"], ["--class-name={}"]], ids=["apart", "="])
def test_a_text_option_of_thousands_of_digits_is_counted_whole(runner, tmp_path, monkeypatch, args):
    # digits were once cut to 4,300 for any option, and the message said "(4300 given)"
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["kit", *[arg.format("9" * 5000) for arg in args]])
    message = "the class name has 5000 characters: at most 1000"
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"Usage error: {message}\n")


def test_a_usage_error_names_a_path_whole_and_escapes_what_is_not_printable(runner, tmp_path):
    record = tmp_path / ("a-long-name-for-the-record-of-group-2-in-the-spring-term" + "\n" + ".csv")
    record.write_text("player,letter,cell,lines,points\n")
    result = runner.invoke(app, ["check", str(record)])
    assert (result.exit_code, result.stdout) == (2, "")
    message = "a CSV record does not say its board size: give it with --size (3 to 8)"
    assert result.stderr == f"Usage error: {str(record)!r}: {message}\n"


def test_each_commands_options_are_its_functions_parameters_in_order_with_the_models_defaults():
    import inspect

    import typer.main

    from sos_print.engine.rules import Variant
    from sos_print.plans.options import PrintOptions

    defaults = {name: getattr(PrintOptions(), name) for name in ("size", "groups", "language", "paper", "notation")}
    defaults |= {name: getattr(PrintOptions(), name) for name in ("large_print", "two_per_page", "class_name")}
    defaults |= {name: getattr(Variant(), name) for name in ("players", "teams", "target", "first_sos_wins")}
    group = typer.main.get_command(app)
    for name, command in group.commands.items():
        signature = inspect.signature(command.callback)
        assert [param.name for param in command.params] == [
            parameter for parameter in signature.parameters if parameter != "context"
        ], name
        for param in command.params:
            default = signature.parameters[param.name].default
            if param.name in defaults and default is not None:  # None: an option that may be left out
                assert default == defaults[param.name], f"{name} {param.name}"


def test_each_command_writes_the_files_the_registry_names_for_it():
    import typer.main

    from sos_print.cli.replaying import replay_file
    from sos_print.documents.registry import written_by

    group = typer.main.get_command(app)
    writers = {command for entry in DOCUMENTS for command in entry.commands}
    assert writers == {"kit", "boards", "grids", "audit", "teacher", "rules", "puzzles", "replay"}
    for name in writers - {"replay"}:
        out = next(param for param in group.commands[name].params if param.name == "out")
        files = {entry.file for entry in written_by(name)}
        assert (out.default.name in files) if len(files) == 1 else out.default.suffix == "", (name, out.default, files)
    # A replay takes its record's name before the registry's: one replay a group, in turn (review nt62, 12).
    out = next(param for param in group.commands["replay"].params if param.name == "out")
    assert out.default is None and {entry.file for entry in written_by("replay")} == {"replay.pdf"}
    assert replay_file("records/group3.pdf") == Path("group3-replay.pdf")


def test_no_arguments_shows_help(runner):
    result = runner.invoke(app, [])
    assert result.exit_code == 2
    assert "Usage" in result.output
    for command in ("check", "kit", "boards", "grids", "audit", "teacher", "rules", "solve", "puzzles", "replay"):
        assert command in result.output


def test_the_module_runs_and_never_shows_a_traceback(tmp_path):
    result = sos_print_command("check", str(tmp_path / "nope.toml"), cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"{tmp_path / 'nope.toml'}: no such file or folder",
        "checked no file: 1 path not checked",
    ]
    assert "Traceback" not in result.stderr + result.stdout


def test_the_command_finds_its_data_from_any_folder(tmp_path):
    result = sos_print_command("kit", "--groups", "2", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("wrote sos-kit/players.pdf (6 pages: boards 1-2, score sheets 3-4, rules 5-6; ")
    teacher = texts(tmp_path / "sos-kit" / "teacher.pdf")
    assert "Worked examples" in " ".join(teacher)
    assert "One O, two lines" in " ".join(teacher)  # the shipped examples were found and checked


class _Terminal:
    """Stands in for a terminal's standard error."""

    def __init__(self) -> None:
        self.written = ""

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> None:
        self.written += text

    def flush(self) -> None:
        pass


def test_progress_is_shown_on_a_terminal(runner, tmp_path, monkeypatch):
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    from sos_print.cli.run import progress

    show = progress()
    show("boards", 3, 15)
    assert "writing boards: 3/15" in terminal.written


@pytest.mark.parametrize("command", ["boards", "grids", "audit", "teacher", "rules", "replay"])
def test_an_out_file_ending_with_a_slash_is_a_usage_error_not_a_file_named_as_the_folder(
    runner, tmp_path, monkeypatch, command
):
    monkeypatch.chdir(tmp_path)
    record = [str(EXAMPLES / "01-one-o-two-lines.toml")] if command == "replay" else []
    result = runner.invoke(app, [command, *record, "--out", "newdir/"])
    assert (result.exit_code, result.stderr) == (
        2,
        "Usage error: Invalid value for '--out': 'newdir/' ends with a slash, so it names a folder: "
        "give the file's name\n",
    )
    assert list(tmp_path.iterdir()) == []


FOLDER_COMMANDS = {
    "kit": "players.pdf and teacher.pdf",
    "puzzles": "puzzles.pdf, answers.pdf and puzzles.json",
}
NOT_PDF = "does not end in .pdf: give the PDF file a name ending in .pdf"
NO_STEM = "has no name before .pdf: give the PDF file a name ending in .pdf"


@pytest.mark.parametrize(
    "command", sorted({command for entry in DOCUMENTS for command in entry.commands} - set(FOLDER_COMMANDS))
)
@pytest.mark.parametrize(
    ("name", "message"),
    [
        # A PDF under another kind's name: "check rp.csv" then reads it as a record, a double click opens a spreadsheet.
        ("rp.csv", f"'rp.csv' {NOT_PDF}"),
        ("ok.toml", f"'ok.toml' {NOT_PDF}"),
        ("replay.pdf.bak", f"'replay.pdf.bak' {NOT_PDF}"),
        # No suffix is refused too, not completed: "notes.pdf" would be a file never named, and --force replaces it.
        ("notes", f"'notes' {NOT_PDF}"),
        ("new/notes", f"'new/notes' {NOT_PDF}"),
        (".pdf", f"'.pdf' {NO_STEM}"),
        ("new/.PDF", f"'new/.PDF' {NO_STEM}"),
        (" .pdf", f"' .pdf' {NO_STEM}"),  # a name of spaces alone (sweep ad77, 7)
        ("Notes.PDF", None),  # as Windows names files: any case
    ],
)
def test_an_out_file_not_ending_in_pdf_is_a_usage_error_and_nothing_is_written(
    runner, tmp_path, monkeypatch, command, name, message
):
    monkeypatch.chdir(tmp_path)
    record = [str(EXAMPLES / "06-last-letter-scores.toml")] if command == "replay" else []
    result = runner.invoke(app, [command, *record, "--out", name])
    if message is None:
        assert result.exit_code == 0, result.output
        assert [path.name for path in tmp_path.iterdir()] == [name]
        return
    assert (result.exit_code, result.stdout, result.stderr) == (
        2,
        "",
        f"Usage error: Invalid value for '--out': {message}\n",
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", sorted(FOLDER_COMMANDS))
@pytest.mark.parametrize("name", ["kit.pdf", "kit.PDF/", "new/kit.pdf"])
def test_an_out_folder_ending_in_pdf_is_a_usage_error_not_a_folder_of_that_name(
    runner, tmp_path, monkeypatch, command, name
):
    # "--out kit.pdf" asks for one file, and got a folder called kit.pdf with the files in it.
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [command, "--out", name])
    assert (result.exit_code, result.stdout, result.stderr) == (
        2,
        "",
        f"Usage error: Invalid value for '--out': '{name}' ends in .pdf, but it names the folder to write "
        f"{FOLDER_COMMANDS[command]} into: give the folder's name\n",
    )
    assert list(tmp_path.iterdir()) == []


def test_the_folder_commands_are_those_whose_out_is_a_folder():
    import typer

    group = typer.main.get_command(app)
    helps = {name: command.params for name, command in group.commands.items()}
    folders = {
        name for name, params in helps.items() for p in params if p.name == "out" and p.help.startswith("The folder")
    }
    assert folders == set(FOLDER_COMMANDS)


def test_a_class_name_the_font_cannot_print_is_a_usage_error(runner, tmp_path):
    result = runner.invoke(app, ["boards", "--class-name", "CE2 \u2603", "--out", str(tmp_path / "b.pdf")])
    assert (result.exit_code, result.output) == (2, "Usage error: class name: U+2603 '☃' is not in the font\n")
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(
    ("args", "option", "value"),
    [
        (["puzzles", "--kind", "\u017fcore-now"], "--kind", "\u017fcore-now"),  # the long s folds to "s"
        (["puzzles", "--kind", "be\ufb06-move"], "--kind", "be\ufb06-move"),  # the "st" ligature folds to "st"
        (["boards", "--paper", "\u212a4"], "--paper", "\u212a4"),  # the Kelvin sign folds to "k", no paper is
        (["rules", "--notation", "L1C\u0131"], "--notation", "L1C\u0131"),
    ],
)
def test_a_choice_is_met_only_by_its_ascii_spelling(runner, tmp_path, args, option, value):
    # click compares choices case-folded: "ſcore-now" was "score-now" (sweep 39, F9).
    result = runner.invoke(app, [*args, "--out", str(tmp_path / "out")])
    assert result.exit_code == 2, result.output
    assert f"Invalid value for '{option}': '{value}' is not one of" in result.output
    assert not (tmp_path / "out").exists()
    upper = runner.invoke(app, ["puzzles", "--kind", "SCORE-NOW", "--out", str(tmp_path / "upper")])
    assert upper.exit_code == 0, upper.output  # any case of the ASCII spelling still does


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--groups", "\uff14"),  # a full-width 4
        ("--groups", "\u0664"),  # an Arabic-Indic 4
        ("--groups", "1_0"),  # Python's 10
        ("--size", "\u0966\u0034"),  # a Devanagari 0 before a 4
        ("--target", "\U0001d7d2"),  # a mathematical bold 4
        # Not a number at all: click's "is not a valid int range" was jargon beside the sentence above (sweep 41 C2).
        ("--target", "0x1"),
        ("--groups", "2.5"),
        ("--groups", "four"),
        ("--groups", "--"),  # the value "--": click's "is not a valid int range" (ad84, 9)
    ],
)
def test_a_whole_number_option_takes_the_digits_0_to_9_only(runner, tmp_path, monkeypatch, option, value):
    # int() takes other scripts' digits and underscores: "--groups ４" printed 4 groups, "1_0" 10 (sweep 40).
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["audit", option, value])
    message = f"Usage error: Invalid value for '{option}': {value!r} is not a whole number in the digits 0 to 9.\n"
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", message)
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("value", ["+2", " 2", "2\n"])
def test_a_whole_number_with_a_sign_or_spaces_around_its_digits_is_read_as_they_say(runner, tmp_path, value):
    # As int() reads them, and said so in the README (sweep ad58, M2): "+2" is 2, never another number.
    for given, out in ((value, "signed.pdf"), ("2", "plain.pdf")):
        result = runner.invoke(app, ["audit", "--groups", given, "--out", str(tmp_path / out)])
        assert result.exit_code == 0, result.output
    assert (tmp_path / "signed.pdf").read_bytes() == (tmp_path / "plain.pdf").read_bytes()


@pytest.mark.parametrize(
    ("args", "typed", "option", "how"),
    [
        (["check", "\u2014size", "3", "game.csv"], "\u2014size", "--size", "a long dash"),  # as a word processor types
        (["kit", "\u2013force"], "\u2013force", "--force", "a long dash"),  # an en dash
        (["kit", "\u2212\u2212lang=fr"], "\u2212\u2212lang", "--lang", "a long dash"),  # two minus signs
        (["audit", "\u2013-groups", "3"], "\u2013-groups", "--groups", "a long dash"),
        # "kit -groups 14" said only "No such option: -g" (review nt62, 9)
        (["kit", "-groups", "14"], "-groups", "--groups", "one dash"),
        (["kit", "-class-name=4B"], "-class-name", "--class-name", "one dash"),
        (["check", "game.csv", "-size", "4"], "-size", "--size", "one dash"),
    ],
)
def test_an_option_written_with_a_long_dash_or_one_is_named_with_the_one_to_type(
    runner, tmp_path, monkeypatch, args, typed, option, how
):
    # "check —size 3 game.csv" asked for --size, as if it had not been given; "kit —force" was an extra argument.
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, args)
    message = f"Usage error: {typed!r} is written with {how}: type {option}\n"
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", message)
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(
    ("command", "name"),
    [("replay", "-dash.csv"), ("check", "-g.csv"), ("analyse", "--game.csv"), ("solve", "-board.txt")],
)
def test_a_file_whose_name_starts_with_a_dash_is_told_how_to_write_it(runner, tmp_path, monkeypatch, command, name):
    # "replay -dash.csv" said only "No such option: -d" (ad64, 8).
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text("move,player,letter,cell\n")
    result = runner.invoke(app, [command, name])
    message = f"Usage error: {name!r} was read as options: a file whose name starts with a dash is written ./{name}\n"
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", message)
    assert sorted(path.name for path in tmp_path.iterdir()) == [name]


@pytest.mark.parametrize("command", [["check", "-"], ["replay", "-", "--size", "4"], ["analyse", "-", "--size", "4"]])
def test_a_record_piped_in_as_a_dash_is_told_that_no_standard_input_is_read(runner, tmp_path, monkeypatch, command):
    # "check -" said only "-: no such file or folder" (sweep ad97).
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, command, input="move,player,letter,cell\n1,A,S,B2\n")
    said = "-: no such file or folder; sos-print reads no standard input: save it as a file and name that"
    assert result.exit_code == 1
    assert said in result.stdout + result.stderr and len((result.stdout + result.stderr).splitlines()) <= 2
    assert not list(tmp_path.iterdir())


def test_an_argument_given_as_an_option_is_told_to_come_without_it(runner, tmp_path, monkeypatch):
    # "teacher --examples DIR", written as kit takes them, was offered "--players, --teams" (ad97, C5).
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["teacher", "--examples", str(tmp_path)])
    message = (
        "Usage error: No such option: --examples: teacher reads its examples as arguments, without --examples "
        "(sos-print teacher FOLDER)\n"
    )
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", message)
    assert not list(tmp_path.iterdir())


def test_an_option_given_after_a_double_dash_is_told_to_come_before_it(runner, tmp_path, monkeypatch):
    # Told that a name with spaces goes in quotes, the user looked for one (sweep ad67, 8).
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["replay", "--size", "4", "--", "-dash.csv", "--out", "d.pdf"])
    message = (
        "Usage error: Got unexpected extra argument(s) (--out d.pdf): what follows -- is read as file names; give the "
        "options before --\n"
    )
    assert (result.exit_code, result.stderr) == (2, message)
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(("command", "file"), [("replay", None), ("kit", "-dash.csv")])
def test_an_unknown_option_that_names_no_file_to_read_is_said_as_click_says_it(
    runner, tmp_path, monkeypatch, command, file
):
    # kit reads no file by name: its class list goes with --roster, which the hint would not say.
    monkeypatch.chdir(tmp_path)
    if file:
        (tmp_path / file).write_text("Léa\n")
    result = runner.invoke(app, [command, "-dash.csv"])
    assert (result.exit_code, result.stderr) == (2, "Usage error: No such option: -d\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["kit", "--size", "9"], "Invalid value for '--size': 9 is not from 3 to 8."),
        (["rules", "--target", "-1"], "Invalid value for '--target': -1 is not 0 or more."),
        (["puzzles", "--copies", "201"], "Invalid value for '--copies': 201 is not from 1 to 200."),
        (
            ["kit", "--roster", "class", "list.txt"],
            'Got unexpected extra argument(s) (list.txt): a name with spaces goes in quotes ("class list.txt")',
        ),
        (
            ["replay", "group3.csv", "group5.csv", "--size", "4"],
            'Got unexpected extra argument(s) (group5.csv): a name with spaces goes in quotes ("class list.txt"), '
            "and replay reads one record a run",
        ),
        (["solve", "S..", "O.."], 'quotes ("class list.txt"), and solve reads one board a run'),
        (["check", "--size", "4"], "Missing argument 'PATH...': sos-print check --help says what to give"),
        (["replay", "--size", "4"], "Missing argument 'RECORD': sos-print replay --help says what to give"),
    ],
)
def test_clicks_usage_errors_are_worded_for_a_teacher(runner, tmp_path, monkeypatch, args, message):
    # "9 is not in the range 3<=x<=8" and a bare "unexpected extra argument" for a name with a space in it, or for a
    # second record (review nt64, 7 and 9).
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.startswith("Usage error: ") and result.stderr.endswith(f"{message}\n"), result.stderr
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["kit", "class.txt"], "(class.txt): give a class list with --roster class.txt"),
        (["boards", "class.txt"], "(class.txt): give a class list with --roster class.txt"),
        # a second worked example after one --examples, or one with none, was told to go with --roster (ad79, 1)
        (
            ["kit", "--examples", "ex6.toml", "ex7.toml"],
            "(ex7.toml): give each worked-example file after its own --examples (--examples ex7.toml)",
        ),
        (
            ["kit", "ex6.toml"],
            "(ex6.toml): give each worked-example file after its own --examples (--examples ex6.toml)",
        ),
        # a word left over from a value with a space, or a name already given: the hint on quotes (sweep ad68, 1, 5)
        (["kit", "--class-name", "Year", "5"], '(5): a name with spaces goes in quotes ("class list.txt")'),
        (
            ["kit", "--roster", "class.txt", "class.txt"],
            '(class.txt): a name with spaces goes in quotes ("class list.txt")',
        ),
        (["kit", "game.csv"], '(game.csv): a name with spaces goes in quotes ("class list.txt")'),  # a record: no list
        (
            ["replay", "game.csv", "--size", "3", "--names", "A=Léa", "B=Tom"],
            "(B=Tom): --names takes every seat in one argument, with commas between seats",
        ),
        (["boards", "b2"], '(b2): a name with spaces goes in quotes ("class list.txt")'),  # --out names a file there
    ],
)
def test_an_argument_an_option_takes_is_told_the_option(runner, tmp_path, monkeypatch, args, said):
    # "kit class.csv" and "--names A=Léa B=Tom" were told that a name with spaces goes in quotes (review nt66, 4).
    monkeypatch.chdir(tmp_path)
    (tmp_path / "class.txt").write_text("Léa\nTom\n")
    (tmp_path / "game.csv").write_text("player,letter,cell\nA,S,A1\n")
    for name in ("ex6.toml", "ex7.toml"):
        (tmp_path / name).write_bytes((EXAMPLES / "06-last-letter-scores.toml").read_bytes())
    result = runner.invoke(app, args)
    assert (result.exit_code, result.stderr) == (2, f"Usage error: Got unexpected extra argument(s) {said}\n")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["class.txt", "ex6.toml", "ex7.toml", "game.csv"]


def test_a_long_dash_before_no_option_is_left_to_the_command(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["kit", "\u2014frob"])
    assert (result.exit_code, result.stderr) == (
        2,
        "Usage error: Got unexpected extra argument(s) (\u2014frob): "
        'a name with spaces goes in quotes ("class list.txt")\n',
    )


@pytest.mark.parametrize("value", ["4", "+4", " 4 ", "04"])
def test_a_whole_number_option_in_ascii_digits_is_read_as_before(runner, tmp_path, value):
    result = runner.invoke(app, ["audit", "--groups", value, "--out", str(tmp_path / "audit.pdf")])
    assert result.exit_code == 0, result.output
    assert page_count(tmp_path / "audit.pdf") == 4  # one score sheet a group


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        (["--lang", "EN+FR", "--paper", "Letter", "--notation", "l1c1"], ["--lang", "en+fr", "--paper", "letter"]),
        (["--lang", "Fr"], ["--lang", "fr"]),
    ],
)
def test_every_choice_is_read_whatever_its_case(runner, tmp_path, typed, meant):
    # '--paper A4' and '--notation L1C1' were read, '--lang EN+FR' refused (review nt62, 10).
    given = runner.invoke(app, ["rules", *typed, "--out", str(tmp_path / "typed.pdf")])
    assert given.exit_code == 0, given.output
    meant = [*meant, "--notation", "L1C1"] if "l1c1" in typed else meant
    plain = runner.invoke(app, ["rules", *meant, "--out", str(tmp_path / "meant.pdf")])
    assert plain.exit_code == 0, plain.output
    assert (tmp_path / "typed.pdf").read_bytes() == (tmp_path / "meant.pdf").read_bytes()


# A file set one language after the other said nowhere where the second began: a French teacher opening a bilingual
# replay met twelve pages of English first (designer review, issue 23).
@pytest.mark.parametrize(
    ("args", "said", "french_title"),
    [
        (["rules", "--lang", "en+fr"], "(4 pages: English 1-2, French 3-4; ", "SOS\u202f: la règle du jeu"),
        # Each on a front of its own: printed on both sides, the French front was the back of English page 3 (review
        # dz89, 16).
        (
            ["rules", "--lang", "en+fr", "--teams", "--first-sos-wins", "--large-print"],
            "(8 pages: English 1-3, blank 4, French 5-8; ",
            "SOS\u202f: la règle du jeu",
        ),
        (["teacher", "--lang", "fr+en"], "(12 pages: French 1-6, English 7-12; ", "SOS\u202f: notes pour l’enseignant"),
        (
            ["replay", str(EXAMPLES / "05-french-game-5x5.toml"), "--lang", "en+fr"],
            "(6 pages: English 1-3, French 4-6; ",
            "SOS\u202f: la partie rejouée",
        ),
    ],
    ids=["rules", "rules-on-a-front", "teacher", "replay"],
)
def test_a_file_in_two_languages_says_on_which_pages_each_lies(runner, tmp_path, args, said, french_title):
    out = tmp_path / "out.pdf"
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"wrote {out} {said}"), result.output
    first, _ = map(int, re.search(r"French (\d+)-(\d+)", said).groups())
    pages = texts(out)
    assert len(pages) == int(said[1 : said.index(" ")])
    assert french_title in pages[first - 1]  # the French part opens where the line says
    assert not any(french_title in page for page in pages[: first - 1])


@pytest.mark.parametrize(
    ("args", "opening"),
    [
        (
            ["teacher", "--lang", "fr+en"],
            {1: "In English: pages 7 to 12.", 7: "En français\u202f: pages 1 à 6."},
        ),
        (
            ["replay", str(EXAMPLES / "05-french-game-5x5.toml"), "--lang", "en+fr"],
            {1: "En français\u202f: pages 4 à 6.", 4: "In English: pages 1 to 3."},
        ),
        (
            ["replay", str(EXAMPLES / "05-french-game-5x5.toml"), "--lang", "en+fr", "--large-print"],
            {1: "En français\u202f: pages 5 à 8.", 5: "In English: pages 1 to 4."},
        ),
    ],
    ids=["teacher", "replay", "replay in large print"],
)
def test_each_language_of_a_file_opens_saying_where_the_other_lies(runner, tmp_path, args, opening):
    out = tmp_path / "out.pdf"
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    pages = texts(out)
    for number, line in opening.items():
        assert line in pages[number - 1].replace("\n", " "), (number, pages[number - 1][:300])
    said = [
        number
        for number, page in enumerate(pages, start=1)
        if "pages" in page and ("English:" in page or "français" in page)
    ]
    assert said == list(opening), said  # on the first page of each part only


def test_a_file_in_one_language_names_no_part(runner, tmp_path):
    result = runner.invoke(app, ["teacher", "--lang", "fr", "--out", str(tmp_path / "t.pdf")])
    assert re.fullmatch(r"wrote \S+ \(6 pages, \d+ KB\)\n", result.output), result.output


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["boards", "--notation", "R1C1"], "Invalid value for '--notation': 'R1C1' is not one of 'A1', 'L1C1'."),
        (["rules", "--lang", "de"], "Invalid value for '--lang': 'de' is not one of 'en', 'fr', 'en+fr', 'fr+en'."),
        (
            ["solve", "S.O./..S./O.../..O.", "--to-move", "Z"],
            "Invalid value for '--to-move': 'Z' is not a seat: give A, B, C or D.",
        ),
    ],
    ids=["notation", "lang", "to-move"],
)
def test_a_choice_not_offered_lists_the_choices_as_pages_write_them(runner, tmp_path, args, said):
    # click listed them as it compares them, in lower case: "'Z' is not one of 'a', 'b', 'c', 'd'" (ad83, 14)
    out = [] if args[0] == "solve" else ["--out", str(tmp_path / "x.pdf")]
    result = runner.invoke(app, [*args, *out])
    assert (result.exit_code, result.output) == (2, f"Usage error: {said}\n")


@pytest.mark.parametrize("args", [[], ["--large-print"], ["--large-print", "--paper", "letter", "--notation", "l1c1"]])
def test_saying_where_the_other_language_lies_costs_the_notes_no_page(runner, tmp_path, args):
    # On a line of its own it pushed the goals' box off page 1 of large print's notes: 26 pages for 12 and 13
    pages = {}
    for lang in ("en", "fr", "en+fr"):
        out = tmp_path / f"{lang}.pdf"
        result = runner.invoke(app, ["teacher", "--lang", lang, *args, "--out", str(out)])
        assert result.exit_code == 0, result.output
        pages[lang] = page_count(out)
    assert pages["en+fr"] == pages["en"] + pages["fr"], pages
