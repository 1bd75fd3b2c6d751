"""Tests `sos-print check`: example files against the rules, and its report."""

from __future__ import annotations

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
        ("size = 4\nplayers = true\n", "players must be a whole number, not True"),
        ("size = 4\nnotation = 'chess'\n", 'notation must be "A1" or "L1C1", not \'chess\''),
        ("size = 4\nplayers = 5\n", "a game has 2 to 4 players, not 5"),
        ("size = 4\nplayers = 3\nteams = true\n", "team SOS needs 4 players"),
        ("size = 4\ntarget = 2\nfirst_sos_wins = true\n", "choose either a target score or the first S-O-S wins"),
        ("size = 4\n[[move]]\ncell = 'E1'\nletter = 'S'\n", "move 1: cell E1 is not on the 4 × 4 board"),
        ("size = 4\n[[move]]\ncell = 'L1C1'\nletter = 'S'\n", "move 1: 'L1C1' is not a cell name in A1 notation"),
        ("size = 4\n[[move]]\ncell = 'A1'\nletter = 'X'\n", "move 1: 'X' is not a letter of the game"),
        ("size = 4\n[[move]]\ncell = 'A1'\n", "move 1: missing key 'letter'"),
        ("size = 4\n[[move]]\ncell = 'A1'\nletter = 'S'\nlines = ['A1-A4']\n", "move 1: 'A1-A4' is not a straight"),
        (
            "size = 4\n[[move]]\ncell = 'A1'\nletter = 'S'\nby = 'C'\n",
            "move 1: by must be a seat of this game (A, B), not 'C'",
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
    assert lines[0] == f"{bad}: move 1: claims lines no line, the rules give B1-B3, A2-C2"


def test_an_empty_folder_is_a_problem_not_a_pass(runner, tmp_path):
    code, lines = run_check(runner, tmp_path)
    assert code == 1
    assert lines[0] == f"{tmp_path}: this folder holds no example file or game record (.toml, .csv, .tsv, .txt, .pdf)"


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
