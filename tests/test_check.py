"""Tests `sos-print check`: example files against the rules, and its report."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import EXAMPLES, examples
from games import VARIANTS, games, segment_list, true_claims
from hypothesis import given, settings
from hypothesis import strategies as st

from sos_print.cli import app
from sos_print.engine.check import ClaimsError, check_paths, claim_problems, replay_example, verify
from sos_print.engine.examples import parse_example
from sos_print.engine.grid import all_segments
from sos_print.engine.notation import Notation

KIT = EXAMPLES / "01-one-o-two-lines.toml"


def run_check(runner, *paths):
    result = runner.invoke(app, ["check", *map(str, paths)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout.splitlines()


def test_every_shipped_example_holds(runner):
    code, lines = run_check(runner, EXAMPLES)
    assert code == 0, lines
    assert lines == [f"checked {len(list(EXAMPLES.glob('*.toml')))} files: every claim holds"]


@pytest.mark.parametrize("name", ["11-team-first-sos-wins.toml", "02-sos-o-counts-once.toml"])
def test_a_worked_example_may_write_its_letters_and_seats_in_lower_case(runner, tmp_path, name):
    # As records, filled audits and solve read them: letter = "o" was "not a letter of the game", by = "a" no seat
    # (ad85, 9). Every letter, seat, side and grid row written in lower case ("end" and "None" in capitals), its
    # claims still hold.
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    lowered = re.sub(r'^(letter|by|next) = "([A-Za-z]+)"', lambda m: f'{m[1]} = "{m[2].lower()}"', text, flags=re.M)
    lowered = re.sub(r'^next = "end"', 'next = "END"', lowered, flags=re.M)
    lowered = re.sub(r"^[SO. ]+$", lambda m: m[0].lower(), lowered, flags=re.M)  # the grid's rows
    # the result's sides and winner (ad86, 9): "winner must be A, B, draw or none, not 'a'", "unknown key 'a'"
    lowered = re.sub(
        r"^(score = .*|winner = .*)$",
        lambda m: m[0].lower() if "none" not in m[0] else 'winner = "None"',
        lowered,
        flags=re.M,
    )
    assert "score = { a" in lowered or "score = { ac" in lowered
    assert lowered.count('letter = "') == lowered.count('letter = "s"') + lowered.count('letter = "o"') > 0
    (tmp_path / name).write_text(lowered, encoding="utf-8")
    assert run_check(runner, tmp_path / name) == (0, ["checked 1 file: every claim holds"])


def test_a_false_point_claim_names_the_file_the_move_and_both_counts(runner, tmp_path):
    bad = tmp_path / "two-lines.toml"
    bad.write_text(KIT.read_text().replace("points = 2", "points = 1", 1))
    code, lines = run_check(runner, bad)
    assert code == 1
    assert lines == [
        f"{bad}: move 1: claims 1 point, the rules give 2 (B1-B3, A2-C2)",
        "checked 1 file: 1 problem in 1 file",
    ]


def test_paths_are_reported_as_given_and_folders_joined_with_file_names(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("ex").mkdir()
    Path("ex/b.toml").write_text("size = 4\n[result]\nwinner = 'A'\n")
    Path("ex/a.toml").write_text("size = 4\n")
    Path("ex/notes.md").write_text("not an example")
    code, lines = run_check(runner, "ex/", "missing.toml")
    assert code == 1
    assert lines == [
        "ex/b.toml: result: claims winner A, the rules give none (the game goes on)",
        "missing.toml: no such file or folder",
        "checked 2 files: 1 problem in 1 file; 1 path not checked",
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "size = 4\n[[move\n",
            "TOML syntax error: Expected ']]' at the end of an array declaration (at line 2, column 7)",
        ),
        ("size = 4\nsise = 3\n", "unknown key 'sise'"),
        ("size = 4\n[[move]]\ncell = 'B2'\nletter = 'O'\npionts = 1\n", "move 1: unknown key 'pionts'"),
        ("size = 4\n[result]\nwiner = 'A'\n", "result: unknown key 'winer'"),
        ("size = 4\n[title]\nde = 'SOS'\n", "title: unknown key 'de'"),
        ("notation = 'A1'\n", "missing key 'size'"),
        ("size = 9\n", "size must be 3 to 8, not 9"),
        ("size = 2\n", "size must be 3 to 8, not 2"),
        ("size = '4'\n", "size must be a whole number, not '4'"),
        ("size = 4\nteams = 1\n", "teams must be true or false, not 1"),
        ("size = 4\nplayers = true\n", "players must be a whole number, not true"),
        # TOML's dates and times were quoted as Python writes them, "datetime.date(1979, 5, 27)" (ad83, 10)
        ("size = 1979-05-27\n", "size must be a whole number, not a date (1979-05-27)"),
        ("size = 1979-05-27T07:32:00\n", "size must be a whole number, not a date and time (1979-05-27T07:32:00)"),
        ("size = 4\nplayers = 07:32:00\n", "players must be a whole number, not a time (07:32:00)"),
        # inside a list or a table: "not [True, datetime.time(7, 0)]", "not {'n': 4}" (ad84, 5)
        ("size = {n = 4}\n", "size must be a whole number, not {n = 4}"),
        ("size = 4\ntarget = [2024-01-01, true]\n", "target must be a whole number, not [2024-01-01, true]"),
        ("size = 4\nnotation = 'chess'\n", 'notation must be "A1" or "L1C1", not \'chess\''),
        ("size = 4\nplayers = 5\n", "a game has 2 to 4 players, not 5"),
        ("size = 4\nplayers = 3\nteams = true\n", "team SOS needs 4 players"),
        ("size = 4\ntarget = 2\nfirst_sos_wins = true\n", "choose either a target score or the first S-O-S wins"),
        ("size = 4\n[[move]]\ncell = 'E1'\nletter = 'S'\n", "move 1: cell E1 is not on the 4 × 4 board"),
        ("size = 4\n[[move]]\ncell = 'L1C1'\nletter = 'S'\n", "move 1: 'L1C1' is not a cell name in A1 notation"),
        ("size = 4\n[[move]]\ncell = 'A1'\nletter = 'X'\n", "move 1: 'X' is not a letter of the game"),
        ("size = 4\n[[move]]\ncell = 'A1'\nletter = '\u017f'\n", "move 1: '\u017f' is not a letter of the game"),
        ("size = 4\n[[move]]\ncell = 'A1'\nletter = 'so'\n", "move 1: 'so' is not a letter of the game"),
        # one side in two cases: the last one was taken, the other claim dropped (ad87, 1)
        (
            "size = 4\n[[move]]\ncell = 'A1'\nletter = 'S'\n[result]\nscore = { a = 0, A = 2, B = 0 }\n",
            "result: score names side A twice, as 'a' and 'A': give it once",
        ),
        ("size = 4\n[[move]]\ncell = 'A1'\n", "move 1: missing key 'letter'"),
        ("size = 4\n[[move]]\ncell = 'A1'\nletter = 'S'\nlines = ['A1-A4']\n", "move 1: 'A1-A4' is not a straight"),
        (
            "size = 4\n[[move]]\ncell = 'A1'\nletter = 'S'\nby = 'C'\n",
            "move 1: by must be a seat of this game (A, B), not 'C'",
        ),
        # A seat is one of the seats, not a part of the string "AB": "AB" and "" were taken for seats.
        (
            "size = 4\n[[move]]\ncell = 'A1'\nletter = 'S'\nby = 'AB'\n",
            "move 1: by must be a seat of this game (A, B), not 'AB'",
        ),
        (
            "size = 4\n[[move]]\ncell = 'A1'\nletter = 'S'\nby = ''\n",
            "move 1: by must be a seat of this game (A, B), not ''",
        ),
        (
            "size = 4\nplayers = 3\n[[move]]\ncell = 'A1'\nletter = 'S'\nby = 'BC'\n",
            "move 1: by must be a seat of this game (A, B, C), not 'BC'",
        ),
        (
            "size = 4\nplayers = 4\n[[move]]\ncell = 'A1'\nletter = 'S'\nnext = 'ABCD'\n",
            "move 1: next must be a seat (A, B, C, D) or \"end\", not 'ABCD'",
        ),
        (
            "size = 4\n[[move]]\ncell = 'A1'\nletter = 'S'\nnext = 'x'\n",
            "move 1: next must be a seat (A, B) or \"end\", not 'x'",
        ),
        (
            "size = 4\n[[move]]\ncell = 'B2'\nletter = 'O'\n[[move]]\ncell = 'b2'\nletter = 'S'\n",
            "move 2: cell B2 already holds a letter",
        ),
        (
            "size = 5\nnotation = 'L1C1'\n[[move]]\ncell = 'L3C3'\nletter = 'O'\n"
            "[[move]]\ncell = 'L3C3'\nletter = 'S'\n",
            "move 2: cell L3C3 already holds a letter",
        ),
        (
            'size = 3\ngrid = "S S S\\nO O O\\nS S S"\n[[move]]\ncell = "B2"\nletter = "S"\n',
            "move 1: the game is already over: no letter can go in B2",
        ),
        (
            "size = 4\ngrid = '''\n. . . .\nS X . .\n. . . .\n. . . .\n'''\n",
            "grid row 2 holds 'X': use S, O or . for an empty cell",
        ),
        ("size = 4\ngrid = '''\n. . . .\n. . . .\n. . . .\n'''\n", "grid must have 4 rows of 4 cells (found 3 rows"),
        ("size = 4\n[result]\nscore = { A = 1, C = 0 }\n", "result: score: unknown key 'C'"),
        ("size = 4\n[result]\nwinner = 'AC'\n", "result: winner must be A, B, draw, none, not 'AC'"),
    ],
)
def test_a_file_that_cannot_be_used_gets_one_line_naming_the_problem(runner, tmp_path, text, message):
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    code, lines = run_check(runner, bad)
    assert code == 1
    assert len(lines) == 2, lines
    assert lines[0].startswith(f"{bad}: {message}"), lines[0]


LAST = EXAMPLES / "06-last-letter-scores.toml"  # a whole game: the last letter scores and ends it, A wins 2 to 1


@pytest.mark.parametrize(
    ("example", "change", "message"),
    [
        (KIT, ('by = "A"', 'by = "B"'), "move 1: B wrote, but the first move is A's"),
        (KIT, ('next = "A"', 'next = "B"'), "move 1: claims B writes next, the rules give A writes next"),
        (KIT, ('next = "B"', 'next = "end"'), "move 2: claims the game ends, the rules give B writes next"),
        (
            KIT,
            ('lines = ["B1-B3", "A2-C2"]', 'lines = ["A2-C2"]'),
            "move 1: claims lines A2-C2, the rules give B1-B3, A2-C2",
        ),
        # False claims of the right size: as many lines as the rules give, but not the same ones.
        (
            KIT,
            ('lines = ["B1-B3", "A2-C2"]', 'lines = ["B1-B3", "A4-C4"]'),
            "move 1: claims lines B1-B3, A4-C4, the rules give B1-B3, A2-C2",
        ),
        (
            KIT,
            ('lines = ["B1-B3", "A2-C2"]', 'lines = ["A1-A3", "B2-D2"]'),
            "move 1: claims lines A1-A3, B2-D2, the rules give B1-B3, A2-C2",
        ),
        (
            LAST,
            ('lines = ["B1-B3"]', 'lines = ["A1-A3"]'),
            "move 9: claims lines A1-A3, the rules give B1-B3",
        ),
        (
            KIT,
            ('lines = ["B1-B3", "A2-C2"]', 'lines = ["B3-B1", "B1-B3"]'),
            "move 1: lists B1-B3 more than once: a line counts once, however it is read",
        ),
        (KIT, ("lines = []", 'lines = ["A4-C4"]'), "move 2: claims lines A4-C4, the rules give no line"),
        (KIT, ("points = 0", "points = 1"), "move 2: claims 1 point, the rules give 0"),
        (
            KIT,
            ("score = { A = 2, B = 0 }", "score = { A = 2, B = 1 }"),
            "result: claims score A 2, B 1, the rules give A 2, B 0",
        ),
        # Scores of the right total, on the wrong sides.
        (
            KIT,
            ("score = { A = 2, B = 0 }", "score = { A = 0, B = 2 }"),
            "result: claims score A 0, B 2, the rules give A 2, B 0",
        ),
        (
            LAST,
            ("score = { A = 2, B = 1 }", "score = { A = 1, B = 2 }"),
            "result: claims score A 1, B 2, the rules give A 2, B 1",
        ),
        (
            KIT,
            ('winner = "none"', 'winner = "draw"'),
            "result: claims winner draw, the rules give none (the game goes on)",
        ),
        # The end of a whole game: the wrong winner, a draw, a game that goes on, a move after the last.
        (LAST, ('winner = "A"', 'winner = "B"'), "result: claims winner B, the rules give A"),
        (LAST, ('winner = "A"', 'winner = "draw"'), "result: claims winner draw, the rules give A"),
        (LAST, ('winner = "A"', 'winner = "none"'), "result: claims winner none, the rules give A"),
        (LAST, ('next = "end"', 'next = "A"'), "move 9: claims A writes next, the rules give the game ends"),
        (LAST, ('next = "end"', 'next = "B"'), "move 9: claims B writes next, the rules give the game ends"),
    ],
)
def test_each_kind_of_false_claim_is_reported(runner, tmp_path, example, change, message):
    text = example.read_text()
    assert text.count(change[0]) >= 1, change  # the case must change the file
    bad = tmp_path / example.name
    bad.write_text(text.replace(*change, 1) if example is KIT else _replace_last(text, *change))
    code, lines = run_check(runner, bad)
    assert code == 1
    assert lines == [f"{bad}: {message}", "checked 1 file: 1 problem in 1 file"]


def _replace_last(text: str, old: str, new: str) -> str:
    """Replaces the last occurrence of `old`: the claims about the end of a game come last."""
    head, _, tail = text.rpartition(old)
    return head + new + tail


def test_every_false_claim_of_every_file_is_reported(runner, tmp_path):
    first, second = tmp_path / "a.toml", tmp_path / "b.toml"
    first.write_text(KIT.read_text().replace("points = 2", "points = 3").replace('next = "B"', 'next = "A"'))
    second.write_text("size = 4\nsise = 1\n")
    code, lines = run_check(runner, tmp_path)
    assert code == 1
    assert [line.split(": ")[0:2] for line in lines[:-1]] == [
        [str(first), "move 1"],
        [str(first), "move 2"],
        [str(second), "unknown key 'sise' (known keys"],
    ]
    assert lines[-1] == "checked 2 files: 3 problems in 2 files"


def test_a_file_that_cannot_be_used_does_not_stop_the_files_after_it(tmp_path):
    unusable, good, false = tmp_path / "a.toml", tmp_path / "b.toml", tmp_path / "c.toml"
    unusable.write_text("size = 4\nsise = 1\n")
    good.write_text(KIT.read_text())
    false.write_text(KIT.read_text().replace("points = 2", "points = 3"))
    report = check_paths([str(tmp_path)])
    assert [(problem.path, problem.where) for problem in report.problems] == [
        (str(unusable), ""),
        (str(false), "move 1"),
    ]
    # Only the example whose every claim holds is kept for printing.
    assert [checked.example.path for checked in report.checked] == [str(good)]
    assert report.files == 3
    assert not report.ok


def test_a_record_whose_player_runs_two_seats_together_does_not_stop_the_files_after_it(runner, tmp_path):
    # It once ended the whole run with exit 70: the false claim of the file after it was never reported.
    seats, false = tmp_path / "a.csv", tmp_path / "b.toml"
    seats.write_text("move,player,letter,cell,lines,points\n1,A,S,B1,-,0\n2,AB,O,B2,-,0\n")
    false.write_text(KIT.read_text().replace("points = 2", "points = 3"))
    result = runner.invoke(app, ["check", str(tmp_path), "--size", "4"])
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [
            f"{seats}: move 2 (row 3): player must be a seat of this game (A, B), not 'AB'",
            f"{false}: move 1: claims 3 points, the rules give 2 (B1-B3, A2-C2)",
            "checked 2 files: 2 problems in 2 files",
        ],
    )


def test_verify_returns_the_checked_examples_or_raises_with_the_whole_report(tmp_path):
    good, false = tmp_path / "good.toml", tmp_path / "false.toml"
    good.write_text(KIT.read_text())
    false.write_text(KIT.read_text().replace("points = 2", "points = 3").replace('next = "B"', 'next = "A"'))
    (checked,) = verify([str(good)])
    assert checked.example.path == str(good)
    assert checked.final.side_scores == {"A": 2, "B": 0}
    with pytest.raises(ClaimsError) as raised:
        verify([str(good), str(false)])
    assert str(raised.value) == "\n".join(
        [
            f"{false}: move 1: claims 3 points, the rules give 2 (B1-B3, A2-C2)",
            f"{false}: move 2: claims A writes next, the rules give B writes next",
            "checked 2 files: 2 problems in 1 file",
        ]
    )
    assert len(raised.value.report.problems) == 2


def test_an_empty_lines_claim_on_a_scoring_move_is_named(runner, tmp_path):
    bad = tmp_path / "kit.toml"
    bad.write_text(KIT.read_text().replace('lines = ["B1-B3", "A2-C2"]', "lines = []"))
    code, lines = run_check(runner, bad)
    assert code == 1
    assert lines[0] == f"{bad}: move 1: claims no line, the rules give B1-B3, A2-C2"


def test_an_empty_folder_is_a_problem_not_a_pass(runner, tmp_path):
    code, lines = run_check(runner, tmp_path)
    assert code == 1
    assert lines[0] == f"{tmp_path}: this folder holds no example file or game record (.toml, .csv, .tsv, .txt, .pdf)"


@pytest.mark.parametrize(
    ("name", "lead"),
    [
        ("group 2.pdf.bak", b""),
        ("wrong.pdf ", b""),
        ("x.PDF~", b""),
        ("noext", b""),
        # bytes before "%PDF-", which the PDF specification allows in the first 1024: a line break was read as a
        # note and passed over with exit 0 (sweep 40, F1)
        ("group1", b"\n"),
        pytest.param("group1.bak", b"\r\n" + b"saved by a tablet app " * 40, id="880 bytes before"),
    ],
)
def test_a_filled_audit_whose_name_lost_its_pdf_is_named_in_a_folder_and_read_when_named(runner, tmp_path, name, lead):
    from rendered import rendered

    from sos_print.plans.options import PrintOptions

    (tmp_path / "01.toml").write_text((EXAMPLES / "01-one-o-two-lines.toml").read_text())
    form = tmp_path / name
    form.write_bytes(lead + rendered("fillable audit", PrintOptions(size=3)))
    code, lines = run_check(runner, tmp_path)
    assert code == 1
    said = repr(str(form)) if name != name.strip() else str(form)  # a space at an end quoted, to be seen (ad84, 12)
    assert f"{said}: skipped: a PDF whose name does not end in .pdf; name it to check it" in lines
    code, lines = run_check(runner, form)  # named, it is read as the filled audit it is, not as TOML
    assert (code, lines[0]) == (1, f"{said}: is a fillable audit with no row filled in: there is no game to check yet")


def test_records_two_folders_down_are_named_as_a_folder_not_checked(runner, tmp_path):
    (tmp_path / "01.toml").write_text((EXAMPLES / "01-one-o-two-lines.toml").read_text())
    deep = tmp_path / "sub" / "deeper"
    deep.mkdir(parents=True)
    (deep / "02.toml").write_text((EXAMPLES / "02-sos-o-counts-once.toml").read_text())
    code, lines = run_check(runner, tmp_path)
    assert code == 1
    assert f"{tmp_path / 'sub'}: skipped: a folder inside the folder; name it to check it" in lines


# Links inside a folder named to check (lessons/ holds ok.toml unless said): a link to a folder of records is named
# as a folder is, never passed over with status 0 nor followed into a loop; a link to the folder itself, or to a
# folder of no records, is no record passed over.
LINK = "lessons/group3: skipped: a link to a folder of records; name the folder to check it"
LINKS = {
    "a link to a folder of records": (
        "../group3",
        True,
        [LINK],
        "checked 1 file: every claim in it holds; 1 path not checked",
    ),
    "the link alone in the folder": ("../group3", False, [LINK], "checked no file: 1 path not checked"),
    "a link to records two folders down": (
        "../deep",
        True,
        [LINK],
        "checked 1 file: every claim in it holds; 1 path not checked",
    ),
    "a link to the folder itself": (".", True, [], "checked 1 file: every claim holds"),
    "a link to a folder of no records": ("../empty", True, [], "checked 1 file: every claim holds"),
}


@pytest.mark.parametrize(("target", "ok", "reported", "summary"), LINKS.values(), ids=LINKS)
def test_a_link_to_a_folder_of_records_is_named_as_skipped(runner, tmp_path, target, ok, reported, summary):
    for folder in ("lessons", "group3", "deep/down", "empty"):
        (tmp_path / folder).mkdir(parents=True)
    bad = KIT.read_text().replace("points = 2", "points = 1", 1)
    (tmp_path / "group3" / "bad.toml").write_text(bad)
    (tmp_path / "deep" / "down" / "bad.toml").write_text(bad)
    if ok:
        (tmp_path / "lessons" / "ok.toml").write_text((EXAMPLES / "01-one-o-two-lines.toml").read_text())
    (tmp_path / "lessons" / "group3").symlink_to(target)
    code, lines = run_check(runner, tmp_path / "lessons")
    shown = [line.replace(f"{tmp_path}/", "") for line in lines]
    assert (code, shown) == (1 if reported else 0, [*reported, summary])


# A class's folder: ok.toml holds, sub/bad.toml has one false claim. Each case names them in other ways; each file is
# checked, reported and counted once, and a folder named on its own is never "skipped" as inside another.
BAD = "sub/bad.toml: move 1: claims 1 point, the rules give 2 (B1-B3, A2-C2)"
NAMED_TWICE = {
    "a file twice": (["sub/bad.toml", "sub/bad.toml"], 1, [BAD], "1 problem in 1 file"),
    "a file and itself by another name": (
        ["sub/bad.toml", "sub/../sub/./bad.toml"],
        1,
        [BAD],
        "1 problem in 1 file",
    ),
    "a file and a link to it": (["sub/bad.toml", "link.toml"], 1, [BAD], "1 problem in 1 file"),
    "a good file twice": (["ok.toml", "ok.toml"], 1, [], "every claim holds"),
    "a folder and its subfolder": (["", "sub"], 2, [BAD], "1 problem in 1 file"),
    "a subfolder and its folder": (["sub", ""], 2, [BAD], "1 problem in 1 file"),
    "a folder and a file in it": (["sub", "sub/bad.toml"], 1, [BAD], "1 problem in 1 file"),
    "a folder twice": (
        ["", "."],
        1,
        ["sub: skipped: a folder inside the folder; name it to check it"],
        "every claim in it holds; 1 path not checked",
    ),
}


@pytest.mark.parametrize(("names", "count", "reported", "summary"), NAMED_TWICE.values(), ids=NAMED_TWICE)
def test_a_file_named_twice_or_in_a_folder_named_too_is_checked_and_counted_once(
    runner, tmp_path, monkeypatch, names, count, reported, summary
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    (tmp_path / "ok.toml").write_text((EXAMPLES / "01-one-o-two-lines.toml").read_text())
    (tmp_path / "sub" / "bad.toml").write_text(KIT.read_text().replace("points = 2", "points = 1", 1))
    if "link.toml" in names:
        (tmp_path / "link.toml").symlink_to(tmp_path / "sub" / "bad.toml")
    paths = [str(tmp_path / name) if name else str(tmp_path) for name in names]
    code, lines = run_check(runner, *paths)
    shown = [line.replace(f"{tmp_path}/", "") for line in lines]
    assert (code, shown) == (1 if reported else 0, [*reported, f"checked {count} file{'s' * (count > 1)}: {summary}"])


def test_a_file_that_is_not_utf8_is_named(runner, tmp_path):
    bad = tmp_path / "latin1.toml"
    bad.write_bytes("size = 4\n[title]\nfr = 'Fran\u00e7ais'\n".encode("latin-1"))
    code, lines = run_check(runner, bad)
    assert code == 1
    assert lines[0] == f"{bad}: is not UTF-8 text (byte 27)"  # the ç, in Latin-1


def _problems(text: str) -> list[str]:
    """Returns the report lines of `check` for an example file's text named game.toml."""
    return [str(problem) for problem in claim_problems(replay_example(parse_example(text, "game.toml")))]


def _score_table(scores: dict[str, int]) -> str:
    return "{ " + ", ".join(f"{side} = {points}" for side, points in scores.items()) + " }"


def _false_claims(game, key: str, k: int | None, old: str, notation: Notation, data) -> list[str]:
    """Returns false versions of one claim, many of them the same size as the true one."""
    variant, n = game.start.variant, game.start.board.size
    if key in ("by", "next"):
        return [f'"{seat}"' for seat in variant.seats] + (['"end"'] if key == "next" else [])
    if key == "points":
        return [str(int(old) + 1)] + ([str(int(old) - 1)] if int(old) else [])
    if key == "lines":
        assert k is not None
        true = list(game.steps[k].segments)
        others = [seg for seg in all_segments(n) if seg not in true]
        if not true:
            return [segment_list([data.draw(st.sampled_from(others))], n, notation)]
        swapped = list(true)
        swapped[data.draw(st.integers(0, len(true) - 1))] = data.draw(st.sampled_from(others))  # same count
        different = data.draw(st.lists(st.sampled_from(others), min_size=len(true), max_size=len(true), unique=True))
        return [segment_list(lines, n, notation) for lines in (true[1:], swapped, different)]
    if key == "score":
        scores = dict(game.final.side_scores)
        a, b = data.draw(st.permutations(list(scores)))[:2]
        swapped = {**scores, a: scores[b], b: scores[a]}  # the same total
        shifted = {**scores, a: scores[a] - 1, b: scores[b] + 1}  # the same total
        bigger = {**scores, a: scores[a] + 10}
        return [_score_table(table) for table in (swapped, shifted, bigger) if min(table.values()) >= 0]
    return [f'"{name}"' for name in (*variant.sides, "draw", "none")]


@pytest.mark.parametrize("variant", VARIANTS, ids=str)
@settings(max_examples=examples(12))
@given(notation=st.sampled_from(Notation), data=st.data())
def test_a_random_games_true_claims_pass_and_any_one_altered_claim_fails_on_its_move(variant, notation, data):
    game = data.draw(games(variants=st.just(variant)))
    claims = true_claims(game, notation)
    problems = _problems(claims.toml())
    assert problems == [], "\n".join(problems) + "\n" + game.explain()

    targets = [(k, key) for k in range(len(game.steps)) for key in ("by", "points", "lines", "next")]
    targets += [(None, "score"), (None, "winner")]
    k, key = data.draw(st.sampled_from(targets))
    table = claims.result if k is None else claims.moves[k]
    old = table[key]
    choices = [choice for choice in _false_claims(game, key, k, old, notation, data) if choice != old]
    new = data.draw(st.sampled_from(choices))
    table[key] = new

    problems = _problems(claims.toml())
    where = "result" if k is None else f"move {k + 1}"
    assert problems, f"altered {where} {key}: {old} -> {new} passed\n" + game.explain()
    assert len(problems) == 1 and problems[0].startswith(f"game.toml: {where}: "), problems


# ---- errors of a score sheet: a total that carries an earlier error forward is not counted again --------------------

# A 4 x 4 game with four errors in its score sheet, as a group typed it (the audit's own columns): A's total after
# move 3 (1, not 0), B's after move 6 (1, not 0), the points of move 9 (1, not 0), A's total after move 13 (4: one
# more than the 3 carried forward). Every other wrong total only carries one of them forward.
SHEET = """move,player,letter,cell,lines,points,total A,total B
1,A,S,A2,-,0,0,0
2,B,S,C3,-,0,0,0
3,A,O,D4,-,0,1,0
4,B,O,C4,-,0,1,0
5,A,S,B1,-,0,1,0
6,B,S,C2,-,0,1,1
7,A,O,B2,A2-C2,1,2,1
8,A,S,B3,B1-B3,1,3,1
9,A,O,C1,-,1,3,1
10,B,S,D1,B1-D1,1,3,2
11,B,S,A1,A1-C3,1,3,3
12,B,O,A4,-,0,3,3
13,A,S,D3,-,0,4,3
14,B,O,D2,D1-D3,1,4,4
15,B,S,A3,-,0,4,4
16,A,O,B4,-,0,4,4
"""


def test_a_wrong_total_is_counted_once_and_the_totals_carrying_it_are_named_on_its_line(runner, tmp_path):
    record = tmp_path / "game.csv"
    record.write_text(SHEET)
    result = runner.invoke(app, ["check", str(record), "--size", "4"])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{record}: move 3 (row 4): claims total A 1, the rules give A 0; the totals of A on moves 4 to 12 carry it "
        "forward",
        f"{record}: move 6 (row 7): claims total B 1, the rules give B 0; the totals of B on moves 7 to 16 carry it "
        "forward",
        f"{record}: move 9 (row 10): claims 1 point, the rules give 0",
        f"{record}: move 13 (row 14): claims total A 4, the rules give A 2; the totals of A on moves 14 to 16 carry "
        "it forward",
        "checked 1 file: 4 problems in 1 file",
    ]


# Rows of a 3 x 3 game (the mover, the letter, the cell; the rules' points in the comment), and the claims written
# beside them: (player, points, total A, total B), "" for none.
MOVES3 = [("A", "O", "A1"), ("B", "S", "C1"), ("A", "O", "B1"), ("B", "O", "C2"), ("A", "S", "C3"), ("A", "S", "A3")]
# Points 0, 0, 0, 0, 1 (A: C1-C3), 0; totals after each move: A 0 0 0 0 1 1, B 0.


def _sheet3(claims: list[tuple[str, str, str, str]]) -> str:
    rows = [
        (str(k), by, letter, cell, "", points, a, b)
        for k, ((_, letter, cell), (by, points, a, b)) in enumerate(zip(MOVES3, claims, strict=True), start=1)
    ]
    return "move,player,letter,cell,lines,points,total A,total B\n" + "".join(",".join(row) + "\n" for row in rows)


RIGHT3 = [
    ("A", "0", "0", "0"),
    ("B", "0", "0", "0"),
    ("A", "0", "0", "0"),
    ("B", "0", "0", "0"),
    ("A", "1", "1", "0"),
    ("A", "0", "1", "0"),
]


def _claims3(changes: dict[tuple[int, int], str]) -> list[tuple[str, str, str, str]]:
    return [tuple(changes.get((k, c), value) for c, value in enumerate(row)) for k, row in enumerate(RIGHT3, 1)]


@pytest.mark.parametrize(
    ("changes", "lines"),
    [
        ({}, []),
        # One total one too many, carried to the end.
        (
            {(2, 2): "1", (3, 2): "1", (4, 2): "1", (5, 2): "2", (6, 2): "2"},
            ["move 2 (row 3): claims total A 1, the rules give A 0; the totals of A on moves 3 to 6 carry it forward"],
        ),
        # Carried for one move, then put right.
        (
            {(2, 3): "1", (3, 3): "1"},
            ["move 2 (row 3): claims total B 1, the rules give B 0; the total of B on move 3 carries it forward"],
        ),
        # A wrong point taken into the total: one error, the points, which the totals carry.
        (
            {(4, 1): "1", (4, 3): "1", (5, 3): "1", (6, 3): "1"},
            ["move 4 (row 5): claims 1 point, the rules give 0; the totals of B on moves 4 to 6 carry it forward"],
        ),
        # A wrong point the total did not take: one error, the total is right.
        ({(4, 1): "1"}, ["move 4 (row 5): claims 1 point, the rules give 0"]),
        # The point given to the wrong player: one error (the player), A's and B's totals carry it.
        (
            {(5, 0): "B", (5, 2): "0", (5, 3): "1", (6, 2): "0", (6, 3): "1"},
            [
                "move 5 (row 6): B wrote, but move 4 scored nothing, so A writes next; the totals of A on moves 5 "
                "to 6 and of B on moves 5 to 6 carry it forward"
            ],
        ),
        # A total wrong on its own, then wrong again by a new amount: two errors.
        (
            {(2, 2): "1", (3, 2): "3", (4, 2): "3"},
            [
                "move 2 (row 3): claims total A 1, the rules give A 0",
                "move 3 (row 4): claims total A 3, the rules give A 0; the total of A on move 4 carries it forward",
            ],
        ),
        # A blank total: the next row is read against the rules' total, not against the blank.
        (
            {(2, 2): "1", (3, 2): "", (4, 2): "1"},
            [
                "move 2 (row 3): claims total A 1, the rules give A 0",
                "move 4 (row 5): claims total A 1, the rules give A 0",
            ],
        ),
        # Both totals of one row wrong on their own: one line each.
        (
            {(4, 2): "1", (4, 3): "1"},
            [
                "move 4 (row 5): claims total A 1, the rules give A 0",
                "move 4 (row 5): claims total B 1, the rules give B 0",
            ],
        ),
    ],
)
def test_errors_of_a_score_sheet_are_counted_once(runner, tmp_path, changes, lines):
    record = tmp_path / "game.csv"
    record.write_text(_sheet3(_claims3(changes)))
    result = runner.invoke(app, ["check", str(record), "--size", "3"])
    assert result.stdout.splitlines()[:-1] == [f"{record}: {line}" for line in lines]
    assert result.exit_code == (1 if lines else 0)


def _oracle(game, claims) -> list[tuple[list[str], dict[str, int]]]:
    """Returns, for each row, its errors (as check_rows names them) and the move each carried total comes from.

    Written from the definition in terms of errors: a total's error is its claim less the rules' total; a wrong
    total is carried forward when its error is the previous row's total's error (0 where that row claims none), or
    that plus this row's own error of points for its side (what the row claims the mover's side scored, less what
    it scored).
    """
    variant = game.start.variant
    error = dict.fromkeys(variant.sides, 0)
    origin: dict[str, int] = {}
    found = []
    for number, (step, (by, points, totals)) in enumerate(zip(game.steps, claims, strict=True), start=1):
        wrong = [
            name
            for name, bad in (
                ("player", by is not None and by != step.seat),
                ("points", points is not None and points != step.points),
            )
            if bad
        ]
        carried = {}
        for side in variant.sides:
            own = (points if points is not None else step.points) * (variant.side_of(by or step.seat) == side)
            own -= step.points * (variant.side_of(step.seat) == side)
            if side not in totals:
                error[side] = 0
                continue
            new = totals[side] - step.after.side_scores[side]
            if new == 0:
                pass
            elif own != 0 and new == error[side] + own:
                origin[side] = number
                carried[side] = number
            elif new == error[side]:
                carried[side] = origin[side]
            else:
                origin[side] = number
                wrong.append(f"total {side}")
            error[side] = new
        found.append((wrong, carried))
    return found


@pytest.mark.parametrize("variant", VARIANTS, ids=str)
@settings(max_examples=examples(25))
@given(data=st.data())
def test_errors_and_totals_carried_forward_agree_with_an_oracle(variant, data):
    from sos_print.engine.check import check_rows
    from sos_print.engine.examples import ClaimedMove, Example
    from sos_print.engine.rules import Board

    game = data.draw(games(variants=st.just(variant), with_start=False))
    # Claims written as children keep a score sheet: a player and points, sometimes wrong; each total the one above
    # plus the points of the row (as scored, or as claimed), now and then with a slip, or left blank.
    claims = []
    kept = dict.fromkeys(variant.sides, 0)
    for step in game.steps:
        by = data.draw(st.sampled_from([step.seat, step.seat, step.seat, None, *variant.seats]))
        points = data.draw(st.sampled_from([step.points, step.points, None, step.points + 1, max(0, step.points - 1)]))
        totals = {}
        for side, right in step.after.side_scores.items():
            scored = step.points if variant.side_of(step.seat) == side else 0
            said = (points if points is not None else step.points) if variant.side_of(by or step.seat) == side else 0
            total = (
                kept[side]
                + data.draw(st.sampled_from([scored, scored, said]))
                + data.draw(st.sampled_from([0, 0, 0, 0, 1, -1]))
            )
            if data.draw(st.integers(0, 7)) and total >= 0:
                totals[side] = total
            kept[side] = totals.get(side, right)
        claims.append((by, points, totals))
    example = Example(
        path="game.csv",
        notation=Notation.A1,
        variant=variant,
        start=Board.empty(game.start.board.size),
        title={},
        text={},
        moves=tuple(
            ClaimedMove(k, step.move.cell, step.move.letter, by, points, None, None, k + 1, tuple(totals.items()))
            for k, (step, (by, points, totals)) in enumerate(zip(game.steps, claims, strict=True), start=1)
        ),
    )
    rows = check_rows(replay_example(example))
    expected = _oracle(game, claims)
    for number, (row, (wrong, carried)) in enumerate(zip(rows, expected, strict=True), start=1):
        assert list(row.wrong) == wrong, f"move {number}: {claims[number - 1]}\n{game.explain()}"
        assert {c.side: c.origin for c in row.carried} == carried, f"move {number}\n{game.explain()}"


# SHEET's game as a record of no claims but the moves: a whole 4 x 4 game, which a 3 x 3 board cannot hold.
WHOLE = "move,player,letter,cell,lines,points\n" + "".join(
    ",".join(row.split(",")[:4]) + ",,\n" for row in SHEET.strip().splitlines()[1:]
)


@pytest.mark.parametrize(
    ("rows", "size", "note"),
    [
        (16, 4, None),  # the whole game: nothing to say
        (
            16,
            5,
            "the record stops after 16 moves, before the end of the game: 9 of the 5 × 5 board's cells are empty; "
            "if the game was played on 4 × 4, give --size 4",
        ),
        (
            16,
            8,
            "the record stops after 16 moves, before the end of the game: 48 of the 8 × 8 board's cells are empty; "
            "if the game was played on 4 × 4, give --size 4",
        ),
        (9, 4, "the record stops after 9 moves, before the end of the game: 7 of the 4 × 4 board's cells are empty"),
        (15, 4, "the record stops after 15 moves, before the end of the game: 1 of the 4 × 4 board's cells is empty"),
        (1, 4, "the record stops after 1 move, before the end of the game: 15 of the 4 × 4 board's cells are empty"),
    ],
)
def test_a_record_that_stops_before_the_end_of_its_game_says_so_in_a_note(runner, tmp_path, rows, size, note):
    # A whole 4 x 4 game checked with --size 5 held every claim and said nothing of the nine cells left empty
    # (review nt62, 3): the claims hold, and a note on standard error says where the game stopped.
    record = tmp_path / "game.csv"
    record.write_text("".join(WHOLE.splitlines(keepends=True)[: rows + 1]))
    result = runner.invoke(app, ["check", str(record), "--size", str(size)])
    assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n")
    nothing = f"note: {record}: the record claims no points and no lines: only who wrote each move was checked\n"
    assert result.stderr == nothing + ("" if note is None else f"note: {record}: {note}\n")


def _in_l1c1(record: str) -> str:
    """Returns a 4 x 4 record with its cells named in L1C1, rows counted from the top: B1 is L4C2."""
    return re.sub(r",([A-D])([1-4]),", lambda m: f",L{5 - int(m[2])}C{'ABCD'.index(m[1]) + 1},", record)


@pytest.mark.parametrize("notation", ["a1", "l1c1"])
@pytest.mark.parametrize(("size", "note"), [(5, True), (4, False)])
def test_replay_and_analyse_of_a_whole_game_given_too_large_a_size_say_which_size_to_give(
    runner, tmp_path, size, note, notation
):
    # check said it; replay drew a 4 x 4 game on a 5 x 5 board and analyse weighed it there, without a word (ad66, 2).
    # In L1C1 the game fills the top-left corner, whose rows are L1 to L4: no command said it (sweep ad67, 1).
    record = tmp_path / "game.csv"
    record.write_text(WHOLE if notation == "a1" else _in_l1c1(WHOLE))
    said = (
        f"note: {record}: the record stops after 16 moves, before the end of the game: 9 of the 5 × 5 board's cells "
        "are empty; if the game was played on 4 × 4, give --size 4"
    )
    replay = ["replay", str(record), "--out", str(tmp_path / "r.pdf"), "--force"]
    for command in (["check", str(record)], ["analyse", str(record)], replay):
        result = runner.invoke(app, [*command, "--size", str(size), "--notation", notation])
        assert result.exit_code == 0, result.output
        assert (said in result.stderr.splitlines()) == note, (command, result.stderr)
        assert ("give --size" in result.stderr) == note, (command, result.stderr)


# g4's first eight moves, rightly claimed; in the table, the lines and points of its scoring moves 7 and 8 left empty.
EIGHT = "move,player,letter,cell,lines,points\n" + "".join(
    f"{number},{row}\n"
    for number, row in enumerate(
        ["A,S,A2,-,0", "B,S,C3,-,0", "A,O,D4,-,0", "B,O,C4,-,0", "A,S,B1,-,0", "B,S,C2,-,0", "A,O,B2,A2-C2,1"]
        + ["A,S,B3,B1-B3,1"],
        start=1,
    )
)


@pytest.mark.parametrize(
    ("blank", "note"),
    [
        ((), None),
        ((8,), "move 8 scores, but its lines and points are left empty: only who wrote it was checked"),
        ((7, 8), "moves 7 and 8 score, but their lines and points are left empty: only who wrote them was checked"),
        ((6, 8), "move 8 scores, but its lines and points are left empty: only who wrote it was checked"),
    ],
)
def test_a_scoring_move_whose_claims_are_left_empty_is_named_in_a_note(runner, tmp_path, blank, note):
    # Two scoring moves of a claimed record with their lines and points cells empty held "every claim" and nothing was
    # said of the blanks (sweep ad73, 1); a move that scores nothing, left empty, is no claim missed.
    rows = EIGHT.splitlines()
    for number in blank:
        rows[number] = ",".join(rows[number].split(",")[:4]) + ",,"
    record = tmp_path / "game.csv"
    record.write_text("\n".join(rows) + "\n")
    result = runner.invoke(app, ["check", str(record), "--size", "4"])
    assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n")
    stops = f"note: {record}: the record stops after 8 moves, before the end of the game: 8 of the 4 × 4 board's cells"
    stops += " are empty\n"
    assert result.stderr == ("" if note is None else f"note: {record}: {note}\n") + stops


def test_a_record_that_claims_no_score_says_so_in_a_note(runner, tmp_path):
    # A record typed with its lines and points columns empty held "every claim" and said no more (review nt62, 5);
    # the same moves with their claims get no such note.
    claimed, bare = tmp_path / "claimed.csv", tmp_path / "bare.csv"
    claimed.write_text("".join(SHEET.splitlines(keepends=True)[:3]))  # the header and two moves, rightly claimed
    bare.write_text("".join(WHOLE.splitlines(keepends=True)[:3]))  # the same two moves, no claim but the player's
    stops = "the record stops after 2 moves, before the end of the game: 14 of the 4 × 4 board's cells are empty"
    nothing = "the record claims no points and no lines: only who wrote each move was checked"
    for record, notes in ((claimed, [stops]), (bare, [nothing, stops])):
        result = runner.invoke(app, ["check", str(record), "--size", "4"])
        assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n")
        assert result.stderr == "".join(f"note: {record}: {note}\n" for note in notes)


def test_a_worked_example_that_stops_before_the_end_gets_no_note(runner):
    # A worked example shows a moment of a game, not a game: it stops where its point is made.
    result = runner.invoke(app, ["check", str(KIT)])
    assert (result.exit_code, result.stdout, result.stderr) == (0, "checked 1 file: every claim holds\n", "")


def _all_o(writers: str) -> str:
    """Returns a 4 x 4 record of O alone (no move scores, so the turn passes at every move) written by `writers`."""
    cells = [f"{column}{row}" for row in range(1, 5) for column in "ABCD"]
    return "move,player,letter,cell,lines,points\n" + "".join(
        f"{k},{by},O,{cell},,\n" for k, (by, cell) in enumerate(zip(writers, cells, strict=False), start=1)
    )


SLIP = WHOLE.replace("\n5,A,", "\n5,B,")  # one move written by the wrong player: no number of players fits it


@pytest.mark.parametrize(
    ("record", "options", "note"),
    [
        (WHOLE, ["--players", "3"], "in a game of 2 players: give --players 2"),
        (WHOLE, ["--players", "4"], "in a game of 2 players: give --players 2"),
        (WHOLE, ["--teams"], "in a game of 2 players: give --players 2 instead of --teams"),
        (_all_o("ABC" * 5 + "A"), ["--players", "4"], "in a game of 3 players: give --players 3"),
        (_all_o("ABC" * 5 + "A"), ["--teams"], "in a game of 3 players: give --players 3 instead of --teams"),
        (_all_o("AB"), ["--players", "3"], None),  # two moves: in turn for 3 players too
        (SLIP, ["--players", "2"], None),
        (SLIP, ["--players", "3"], None),
    ],
    ids=["2-as-3", "2-as-4", "2-as-teams", "3-as-4", "3-as-teams", "two-moves-as-3", "slip-as-2", "slip-as-3"],
)
def test_a_record_out_of_turn_says_which_number_of_players_its_turns_fit(runner, tmp_path, record, options, note):
    # A 2-player record checked with --players 3 gave eight lines of moves out of turn and no word of why (review
    # nt62, 8): the lines stay, and a note says which --players puts every move in turn.
    path = tmp_path / "game.csv"
    path.write_text(record)
    result = runner.invoke(app, ["check", str(path), "--size", "4", *options])
    if note is not None:  # the moves out of turn are still each named
        assert result.exit_code == 1 and " wrote, but " in result.stdout
    fits = [line for line in result.stderr.splitlines() if "whose turn it is" in line]
    expected = [] if note is None else [f"note: {path}: each move is written by the player whose turn it is {note}"]
    assert fits == expected, result.stdout + result.stderr
    # analyse weighed such a record's moves as the rules' turns give them, and replay printed them, without a word;
    # then, with the note, a replay still charged the children with every move out of turn (ad70, 1): both refuse it
    out = tmp_path / "replay.pdf"
    refused = [line.replace("note: ", "sos-print: ", 1) for line in expected]
    for command in (["analyse", str(path)], ["replay", str(path), "--out", str(out)]):
        result = runner.invoke(app, [*command, "--size", "4", *options])
        assert result.exit_code == (1 if note else 0), result.output
        fits = [line for line in result.stderr.splitlines() if "whose turn it is" in line]
        assert fits == refused, command
        if command[0] == "replay":
            assert out.exists() is (note is None)
            out.unlink(missing_ok=True)


@pytest.mark.parametrize("name", ["game.csv.bak", "game"])
def test_a_record_named_otherwise_gets_the_same_note_from_check_as_from_replay(runner, tmp_path, name):
    # check told a record by its suffix alone, replay and analyse by its content too: "game.csv.bak" checked with
    # --players 3 got the note from two commands of three.
    path = tmp_path / name
    path.write_text(WHOLE)
    said = f"{path}: each move is written by the player whose turn it is in a game of 2 players: give --players 2"
    replay = ["replay", str(path), "--out", str(tmp_path / "r.pdf")]
    for command, lead in ((["check", str(path)], "note"), (replay, "sos-print")):
        result = runner.invoke(app, [*command, "--size", "4", "--players", "3"])
        assert f"{lead}: {said}" in result.stderr.splitlines(), (command, result.stderr)


@pytest.mark.parametrize(
    ("writers", "options", "message"),
    [
        ("ABC", [], "player must be a seat of this game (A, B), not 'C'; if C played, give --players 3"),
        ("ABc", [], "player must be a seat of this game (A, B), not 'c'; if C played, give --players 3"),
        ("ABCD", ["--players", "3"], "not 'D'; if D played, give --players 4 or --teams"),
        ("ABE", [], "player must be a seat of this game (A, B), not 'E'\n"),  # no seat of any game
    ],
)
def test_a_record_s_seat_past_the_players_given_says_which_players_to_give(runner, tmp_path, writers, options, message):
    # The seat C in a record checked as a 2-player game named the seats and no more (review nt62, 8).
    path = tmp_path / "game.csv"
    path.write_text(_all_o(writers))
    result = runner.invoke(app, ["check", str(path), "--size", "4", *options])
    assert result.exit_code == 1
    assert f"{path}: move {len(writers)} (row {len(writers) + 1}): " in result.stdout
    assert message in result.stdout


@pytest.mark.parametrize(
    ("notation", "cell", "least"),
    [("A1", "D4", 4), ("A1", "B6", 6), ("L1C1", "L5C1", 5), ("L1C1", "L1C7", 7), ("A1", "J1", None)],
)
def test_a_cell_off_the_size_given_names_the_least_board_that_holds_it(runner, tmp_path, notation, cell, least):
    # A 4 x 4 game checked with --size 3 was told only that D4 is not on the 3 x 3 board (review nt64, 10; ad64, 7).
    path = tmp_path / "game.csv"
    path.write_text(f"move,player,letter,cell,lines,points\n1,A,S,{cell},,0\n")
    result = runner.invoke(app, ["check", str(path), "--size", "3", "--notation", notation])
    assert result.exit_code == 1
    off = f"{path}: move 1 (row 2): cell {cell} is not on the 3 × 3 board"
    hint = f"; if the game was played on a larger board, give --size {least} or more" if least else ""
    assert result.stdout.splitlines()[0] == off + hint


def test_a_worked_example_saved_as_txt_is_named_as_one_given_or_in_a_folder(runner, tmp_path):
    # Given by name it was told "save it as CSV"; in a folder, "not a game record (no header row ...)" (ad83, 9).
    folder = tmp_path / "lesson"
    folder.mkdir()
    text = folder / "example.txt"
    text.write_text((EXAMPLES / "01-one-o-two-lines.toml").read_text())
    given = runner.invoke(app, ["check", str(text), "--size", "4"])
    assert given.exit_code == 1
    assert given.stdout.splitlines()[0] == (
        f"{text}: is a TOML file (as a worked example is), not a table: a worked example is read from a file whose "
        "name ends in .toml"
    )
    listed = runner.invoke(app, ["check", str(folder)])
    assert listed.exit_code == 1
    assert listed.stdout.splitlines() == [
        f"{text}: skipped: a worked example whose name does not end in .toml; name it to check it",
        "checked no file: 1 path not checked",
    ]


def test_a_picture_given_as_a_worked_example_is_named_as_one(runner, tmp_path):
    # "pic.png: is not UTF-8 text (byte 0)" (ad83, 12)
    picture = tmp_path / "sheet.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(40))
    result = runner.invoke(app, ["check", str(picture)])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{picture}: is a picture (PNG), not a worked example (text in TOML)",
        "checked 1 file: 1 problem in 1 file",
    ]


@pytest.mark.parametrize(
    "saved",
    [
        lambda text: text.replace("\n", "\r").encode(),  # a classic Mac editor's line ends
        lambda text: ("\ufeff\ufeff" + text).encode(),  # a byte-order mark, and a tool's own again
    ],
    ids=["CR alone", "two byte-order marks"],
)
def test_a_worked_example_saved_with_cr_line_ends_or_two_marks_is_read_as_written(runner, tmp_path, saved):
    # "TOML syntax error: Found invalid character '\r'" and "Invalid statement" (sweep ad95, 7)
    example = tmp_path / "lesson.toml"
    example.write_bytes(saved((EXAMPLES / "01-one-o-two-lines.toml").read_text()))
    result = runner.invoke(app, ["check", str(example)])
    assert (result.exit_code, result.output) == (0, "checked 1 file: every claim holds\n")


@pytest.mark.parametrize(
    ("encoding", "said"), [("utf-16", "UTF-16"), ("utf-16-be", "UTF-16"), ("utf-32", "UTF-32")], ids=str
)
def test_a_worked_example_saved_as_utf16_or_utf32_is_told_to_save_it_as_utf8(runner, tmp_path, encoding, said):
    # "is not UTF-8 text (byte 0)", where records in UTF-16 are told what to do (ad84, 7)
    example = tmp_path / "lesson.toml"
    example.write_bytes((EXAMPLES / "01-one-o-two-lines.toml").read_text().encode(encoding))
    result = runner.invoke(app, ["check", str(example)])
    assert result.exit_code == 1
    assert (
        result.stdout.splitlines()[0] == f"{example}: is {said} text: save it as UTF-8 (a worked example is UTF-8 text)"
    )


@pytest.mark.parametrize("name", [" ", "a.txt ", " a.txt"], ids=["a space", "a space after", "a space before"])
def test_a_name_that_starts_or_ends_with_a_space_is_quoted(runner, tmp_path, monkeypatch, name):
    # " : no such file or folder" and "a.txt : no such file" hid the space that made the name wrong (ad84, 12)
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["check", name, "--size", "4"])
    assert result.stdout.splitlines()[0] == f"{name!r}: no such file or folder"


@pytest.mark.parametrize(
    ("title", "said"),
    [
        ("One O, two lines \u4e2d", "title (en): U+4E2D '\u4e2d' is not in the font"),
        ("Star \\uE000", "title (en): U+E000 (a private-use character) is not in the font"),
        ("\u041e\u0434\u0438\u043d O, \u0434\u0432\u0435", None),  # Cyrillic: the font has it
    ],
    ids=["Chinese", "private use", "Cyrillic"],
)
def test_check_refuses_an_example_text_the_font_cannot_print_as_printing_does(runner, tmp_path, title, said):
    # check said every claim held of a file the teacher's notes then refused, "U+4E2D is not in the font" (ad84, 6)
    lines = (EXAMPLES / "01-one-o-two-lines.toml").read_text().splitlines()
    at = lines.index('en = "One O, two lines"')
    lines[at] = f'en = "{title}"'
    example = tmp_path / "lesson.toml"
    example.write_text("\n".join(lines) + "\n")
    result = runner.invoke(app, ["check", str(example)])
    if said is None:
        assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n")
    else:
        assert (result.exit_code, result.stdout.splitlines()[0]) == (1, f"{example}: {said}")


@pytest.mark.parametrize("name", ["lesson.toml", "lesson.dat"])
def test_a_json_file_given_as_a_worked_example_is_named_as_one(runner, tmp_path, name):
    # "TOML syntax error: Invalid initial character for a key part (at line 1, column 2)" (ad84, 13)
    example = tmp_path / name
    example.write_text('{"size": 4, "move": [{"cell": "B2", "letter": "O"}]}\n')
    result = runner.invoke(app, ["check", str(example)])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == f"{example}: is a JSON file, not a worked example (TOML)"
