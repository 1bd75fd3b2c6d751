"""Tests `sos-print solve`: the JSON contract, the sentences, the files it takes and what it refuses."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from conftest import EXAMPLES, ROOT

from sos_print.cli import app

# Worked out by hand: an O in B3 or C2 scores 1 and writes again, and the other O scores 1 more;
# an S scores nothing and hands that O to the other player.
TWO_OS = "S.S/OO./SOS"
TWO_OS_JSON = {
    "value": 2,
    "moves": [
        {"cell": "B3", "letter": "O", "points": 1, "value": 2},
        {"cell": "C2", "letter": "O", "points": 1, "value": 2},
        {"cell": "B3", "letter": "S", "points": 0, "value": -1},
        {"cell": "C2", "letter": "S", "points": 0, "value": -1},
    ],
    "best": [{"cell": "B3", "letter": "O"}, {"cell": "C2", "letter": "O"}],
}


def run(runner, *args: str):
    result = runner.invoke(app, ["solve", *map(str, args)])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def solved(runner, *args: str) -> dict:
    result = run(runner, *args, "--json")
    assert result.exit_code == 0, result.output
    assert len(result.stdout.splitlines()) == 1, "one JSON object on one line"
    return json.loads(result.stdout)


def test_json_is_the_value_every_move_best_first_and_the_best_moves(runner):
    assert solved(runner, TWO_OS) == TWO_OS_JSON


def test_json_names_cells_in_the_chosen_notation(runner):
    found = solved(runner, TWO_OS, "--notation", "L1C1")
    cells = [(m["cell"], m["letter"]) for m in found["moves"]]
    assert cells == [("L1C2", "O"), ("L2C3", "O"), ("L1C2", "S"), ("L2C3", "S")]
    assert found["best"] == [{"cell": "L1C2", "letter": "O"}, {"cell": "L2C3", "letter": "O"}]


@pytest.mark.parametrize("board", ["S.O./..S./O.../..O.", ".S.O./O..S./..SO./S..../.O.S.", "SO.S/..../O.SO/S..."])
def test_json_lists_both_letters_in_every_empty_cell_and_keeps_its_shape(runner, board):
    found = solved(runner, board)
    assert set(found) == {"value", "moves", "best"}
    rows = board.split("/")
    n = len(rows)
    empty = {f"{'ABCDE'[col]}{n - row}" for row, text in enumerate(rows) for col, ch in enumerate(text) if ch == "."}
    assert sorted((m["cell"], m["letter"]) for m in found["moves"]) == sorted((c, l) for c in empty for l in "SO")
    assert all(set(m) == {"cell", "letter", "points", "value"} for m in found["moves"])
    assert [m["value"] for m in found["moves"]] == sorted((m["value"] for m in found["moves"]), reverse=True)
    assert found["value"] == found["moves"][0]["value"]
    best = [{"cell": m["cell"], "letter": m["letter"]} for m in found["moves"] if m["value"] == found["value"]]
    assert found["best"] == best


def test_sentences_say_points_now_and_the_result_with_best_play(runner):
    result = run(runner, TWO_OS)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[:4] == ["3  S . S", "2  O O .", "1  S O S", "   A B C"]
    assert "2 empty cells." in lines
    assert "With best play, the player to move wins by 2." in lines
    assert "Best (2 moves): O in B3, O in C2." in lines
    assert "  O in B3 scores 1 now and wins by 2 with best play." in lines
    assert "  S in C2 scores nothing now and loses by 1 with best play." in lines
    assert "Points are counted from now on: the score so far is left out." in lines


def test_sentences_say_a_draw_and_name_the_seat_when_told(runner):
    result = run(runner, "OOO/O.O/OOO", "--to-move", "B")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "1 empty cell; B to move." in lines
    assert "With best play, B draws." in lines
    assert "  S in B2 scores nothing now and draws with best play." in lines
    assert "  O in B2 scores nothing now and draws with best play." in lines


def test_a_worked_example_is_solved_after_its_moves_with_its_seat_and_notation(runner):
    result = run(runner, EXAMPLES / "09-team-sos.toml")
    assert result.exit_code == 0, result.output
    assert "11 empty cells; D (team B and D) to move." in result.stdout.splitlines()
    found = solved(runner, EXAMPLES / "09-team-sos.toml", "--notation", "L1C1")
    assert all(m["cell"].startswith("L") for m in found["moves"]) and len(found["moves"]) == 22


def test_a_file_names_cells_in_its_own_notation_unless_told_otherwise(runner, tmp_path):
    game = tmp_path / "french.toml"
    game.write_text('size = 3\nnotation = "L1C1"\ngrid = """\nS.S\nOO.\nSOS\n"""\n', encoding="utf-8")
    assert solved(runner, game)["best"] == [{"cell": "L1C2", "letter": "O"}, {"cell": "L2C3", "letter": "O"}]
    assert solved(runner, game, "--notation", "A1")["best"] == TWO_OS_JSON["best"]
    assert "A to move" in run(runner, game).stdout


def test_an_l1c1_board_is_drawn_with_lines_from_the_top(runner):
    lines = run(runner, TWO_OS, "--notation", "L1C1").stdout.splitlines()
    assert lines[:4] == ["L1  S . S", "L2  O O .", "L3  S O S", " C  1 2 3"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["...../...../...../...../....."], "the position has 25 empty cells, and the solver takes at most 16"),
        ([str(EXAMPLES / "05-french-game-5x5.toml")], "the position has 20 empty cells"),
        # The options that chose the game are named (sweep ad50, F6): a file's game is the file's.
        (["S.S/.../...", "--players", "3"], "Usage error: --players: the solver weighs moves in the standard game"),
        (["S.S/.../...", "--players", "3"], "it cannot solve a game of 3 players without teams"),
        (["S.S/.../...", "--target", "3"], "Usage error: --target: the solver weighs moves in the standard game"),
        (["S.S/.../...", "--target", "3"], "it cannot solve a game to 3 points"),
        (["S.S/.../...", "--target", "1"], "it cannot solve a game to 1 point:"),  # not "1 points" (ad70, 10)
        (["S.S/.../...", "--first-sos-wins"], "Usage error: --first-sos-wins: the solver weighs moves"),
        (["S.S/.../...", "--first-sos-wins"], "it cannot solve the variant in which the first S-O-S wins"),
        ([str(EXAMPLES / "07-target-score.toml")], "Usage error: the solver weighs moves in the standard game"),
        ([str(EXAMPLES / "07-target-score.toml")], "it cannot solve a game to 3 points"),
        (["S.X/.../..."], "row 1 ('S.X') holds 'X' at place 3: write S, O or . for an empty cell"),
        (["S../..."], "row 1 ('S..') has 3 cells, but there are 2 rows"),
        (["S.../..../.../...."], "row 3 ('...') has 3 cells, but there are 4 rows"),
        (["S./.."], "a board has 3 to 8 rows, not 2"),
        (["/".join(["........."] * 9)], "a board has 3 to 8 rows, not 9"),
        (["S.S/.../...", "--to-move", "C"], "--to-move C: a game of 2 players has seats A, B"),
        (
            ["S.S/.../...", "--to-move", "e"],
            "Usage error: Invalid value for '--to-move': 'e' is not a seat: give A, B, C or D.\n",
        ),
        ([str(EXAMPLES / "01-one-o-two-lines.toml"), "--teams"], "--teams: a worked-example file says its own game"),
        (["S.S/.../...", "--notation", "chess"], "--notation"),
    ],
)
def test_what_it_cannot_solve_is_a_usage_error_saying_why(runner, args, message):
    result = run(runner, *args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert result.stdout == ""


RING = "SSSSSOSS/SOOOOOOS/SO....OS/SO....OS/SO....OS/SO....OS/SOOOOOSS/SSSSSSSS"


@pytest.mark.parametrize("json_output", [True, False])
def test_a_position_that_would_cost_more_than_the_empty_4x4_board_is_a_usage_error(runner, monkeypatch, json_output):
    import sos_print.engine.solver as solver_module

    assert solved(runner, RING)["value"] == 47  # within the limit that ships
    monkeypatch.setattr(solver_module, "WORK_LIMIT", 1000)  # as if the ring cost more than the empty 4x4 board
    result = run(runner, RING, *(["--json"] if json_output else []))
    assert result.exit_code == 2, result.output
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert "would take the solver longer than the empty 4 × 4 board" in result.stderr
    assert "With best play" not in result.stdout and (result.stdout == "" or not json_output)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["SOS/OSO/SOS"], "the game is over: every cell holds a letter, so no move is left to weigh"),
        (["SOS/OSO/SOS", "--json"], "the game is over"),
        (["missing.toml"], "missing.toml: no such file"),
        # a record's name of no file was read as a board holding "n" (sweep ad76, 3)
        (["missing.csv"], "missing.csv: no such file"),
        (["missing.pdf"], "missing.pdf: no such file"),
        (["notes.txt"], "notes.txt: no such file"),
    ],
)
def test_a_finished_game_or_a_missing_file_is_an_error(runner, args, message):
    result = run(runner, *args)
    assert result.exit_code == 1, result.output
    assert message in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("target", "message"),
    [("loopb.csv", "cannot be read (Too many levels of symbolic links)"), ("gone.csv", "a symbolic link to nothing")],
    ids=["a loop", "to nothing"],
)
def test_a_link_that_leads_to_no_file_is_an_error_as_every_command_says(runner, tmp_path, monkeypatch, target, message):
    # A loop of links was "not a game record (CSV)", a usage error (sweep ad89, 8).
    monkeypatch.chdir(tmp_path)
    os.symlink(target, "loopa.csv")
    os.symlink("loopa.csv", "loopb.csv")
    result = run(runner, "loopa.csv")
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", f"sos-print: loopa.csv: {message}\n")


RECORD = "move,player,letter,cell,lines,points\n1,A,S,B1,-,0\n2,B,O,B2,-,0\n"
SOLVE_TAKES = (
    "solve takes a board or a worked example (.toml), not {}: 'sos-print analyse' weighs every move of a record"
)


@pytest.mark.parametrize(
    ("name", "data", "kind"),
    [
        ("game.csv", RECORD.encode(), "a game record (CSV)"),  # once "TOML syntax error: Expected '=' after a key"
        ("game", RECORD.encode(), "a game record (CSV)"),  # a record told by its header row, as check tells it
        ("audit.pdf", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "a filled audit (PDF)"),  # once "is not UTF-8 text"
        ("group 2.pdf.bak", b"%PDF-1.7\n", "a filled audit (PDF)"),
    ],
)
def test_a_game_record_is_a_usage_error_pointing_to_analyse(runner, tmp_path, name, data, kind):
    record = tmp_path / name
    record.write_bytes(data)
    result = run(runner, record)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"Usage error: {record}: {SOLVE_TAKES.format(kind)}\n"


@pytest.mark.parametrize(("path", "kind"), [("/dev/null", "a character device"), ("{folder}", "a folder")])
def test_a_device_or_a_folder_is_named_as_what_it_is_not_read_as_a_board(runner, tmp_path, path, kind):
    path = path.format(folder=tmp_path)  # read as a board, "/dev/null" was a row 'dev' holding 'd'
    result = run(runner, path)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"Usage error: {path}: solve takes a board or a worked example (.toml), not {kind}\n"


@pytest.mark.parametrize("board", ["/", ".", "..", "../..", "./S"])
def test_a_board_written_as_boards_are_is_never_looked_up_as_a_path(runner, board):
    # Text of S, O, dots and slashes only is a board, even where it names a folder: "../.." said "not a folder", and
    # the web page, whose position field takes that text, told what exists on its server (sweep ad73, 2).
    result = run(runner, board)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"Usage error: BOARD '{board}': "), result.stderr
    assert result.stderr.count("\n") == 1


# Any other file was read as an example: /etc/passwd was "TOML syntax error: Expected '=' after a key" and a program
# "is not UTF-8 text", as if it were a worked example gone wrong (sweep ad49, F6). A .toml file is still read as one.
@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("passwd", b"root:x:0:0:root:/root:/bin/bash\n"),
        ("settings.ini", b"[settings]\nkey value\n"),
        ("a.out", b"\x7fELF\xff\xfe"),
        ("class.txt", "Ada\nBasile\nChlo\u00e9\n".encode()),  # a class list, named as a spreadsheet's export (ad104)
    ],
)
def test_a_file_that_is_neither_a_board_nor_an_example_is_a_usage_error(runner, tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data)
    result = run(runner, path)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"Usage error: {path}: solve takes a board or a worked example (.toml); this file is neither\n"
    )
    broken = tmp_path / "broken.toml"
    broken.write_bytes(data)
    assert run(runner, broken).exit_code == 1  # an example gone wrong: its own message, exit 1


def test_an_illegal_move_in_a_file_is_named(runner, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('size = 3\n[[move]]\ncell = "B2"\nletter = "S"\n[[move]]\ncell = "B2"\nletter = "O"\n')
    result = run(runner, bad)
    assert result.exit_code == 1
    assert f"{bad}: move 2: cell B2 already holds a letter" in result.stderr


def test_ctrl_c_stops_the_search_with_one_line_and_status_130():
    # The empty 4x4 board takes seconds: interrupt it once the position is printed.
    process = subprocess.Popen(
        [sys.executable, "-m", "sos_print", "solve", "..../..../..../...."],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as in a terminal, whatever runs the tests
    )
    assert process.stdout is not None
    for line in process.stdout:
        if line.strip() == "16 empty cells.":
            break
    time.sleep(0.2)  # into the search
    process.send_signal(signal.SIGINT)
    rest, errors = process.communicate(timeout=60)
    assert process.returncode == 130
    assert errors == "interrupted: the search stopped before it finished\n"
    assert "With best play" not in rest


@pytest.mark.parametrize(
    "board", ["S" * 300, "/".join(["S." * 50] * 100), "S.O/" + "." * 4000], ids=["a long row", "100 rows", "long"]
)
def test_a_board_too_long_for_a_file_name_is_a_short_usage_error(runner, board):
    result = runner.invoke(app, ["solve", board])
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and len(result.stderr.splitlines()) == 1, result.stderr
    assert result.stderr.startswith("Usage error: BOARD '") and len(result.stderr) < 400, result.stderr
    assert "internal error" not in result.stderr
