"""Tests that the shipped worked examples hold the seeds' cases, in both languages, with their claims."""

from __future__ import annotations

import pytest
from conftest import EXAMPLES

from sos_print.engine.check import replay_example
from sos_print.engine.errors import ExampleFileError
from sos_print.engine.examples import LANGUAGES, load_example, parse_example
from sos_print.engine.notation import segment_names
from sos_print.engine.rules import Variant

FILES = sorted(EXAMPLES.glob("*.toml"))


def replayed(name: str):
    return replay_example(load_example(str(EXAMPLES / name)))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_each_example_has_english_and_french_title_and_text(path):
    example = load_example(str(path))
    for lang in LANGUAGES:
        assert example.title.get(lang, "").strip(), f"{path.name}: no {lang} title"
        assert len(example.text.get(lang, "")) > 40, f"{path.name}: no {lang} text"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_each_example_claims_who_writes_the_points_and_who_is_next_for_every_move(path):
    example = load_example(str(path))
    assert example.moves
    for move in example.moves:
        assert move.by is not None and move.next is not None, f"{path.name}: move {move.number}"
    scoring = [m for m in example.moves if m.points]
    assert all(m.lines for m in scoring), path.name
    assert example.score is not None and example.winner is not None


@pytest.mark.parametrize(
    ("name", "move", "points", "lines", "next_seat", "score", "outcome"),
    [
        # the printable kit: S at B1, B3, A2, C2; O at B2 makes two lines and the same player writes again
        ("01-one-o-two-lines.toml", 1, 2, "B1-B3, A2-C2", "A", {"A": 2, "B": 0}, None),
        # S O S O: one line; the scored line is not counted again when its S is reused
        ("02-sos-o-counts-once.toml", 1, 1, "A1-C1", "A", {"A": 1, "B": 1}, None),
        ("02-sos-o-counts-once.toml", 3, 1, "C1-C3", "B", {"A": 1, "B": 1}, None),
        # the rulebook: S, empty, S; and a column S, O, empty
        ("03-o-in-the-gap.toml", 1, 1, "A2-C2", "A", {"A": 1, "B": 0}, None),
        ("04-s-ends-a-column.toml", 1, 1, "B1-B3", "A", {"A": 1, "B": 0}, None),
        # the French seed's 5x5 game
        ("05-french-game-5x5.toml", 5, 2, "L2C3-L4C3, L3C2-L3C4", "A", {"A": 2, "B": 0}, None),
        # the last letter fills the grid, scores and ends the game
        ("06-last-letter-scores.toml", 9, 1, "B1-B3", None, {"A": 2, "B": 1}, "A"),
        # reaching the target ends the game at once, with cells still empty
        ("07-target-score.toml", 8, 2, "A2-C2, A2-C4", None, {"A": 1, "B": 3}, "B"),
        # the first S-O-S ends the game, and the gift of it loses it
        ("08-first-sos-wins.toml", 2, 1, "A1-C3", None, {"A": 0, "B": 1}, "B"),
        ("11-team-first-sos-wins.toml", 3, 1, "A1-C3", None, {"AC": 1, "BD": 0}, "AC"),
        ("09-team-sos.toml", 5, 1, "A1-A3", "D", {"AC": 1, "BD": 1}, None),
    ],
)
def test_the_seed_cases_are_reproduced(name, move, points, lines, next_seat, score, outcome):
    checked = replayed(name)
    step = checked.steps[move - 1]
    assert step.points == points, step.after.board.diagram()
    assert segment_names(step.segments, checked.example.size, checked.example.notation) == lines
    assert step.next_seat == next_seat
    assert checked.final.side_scores == score
    assert (checked.final.outcome.winner if checked.final.outcome else None) == outcome


def test_the_french_game_starts_empty_and_uses_l1c1():
    checked = replayed("05-french-game-5x5.toml")
    assert checked.example.notation.value == "L1C1"
    assert checked.start.board.filled() == 0
    assert [s.seat for s in checked.steps] == ["A", "B", "A", "B", "A"]
    assert checked.final.board.filled() == 5


def test_the_last_letter_example_fills_the_grid():
    checked = replayed("06-last-letter-scores.toml")
    assert checked.final.board.is_full()
    assert checked.steps[-2].after.side_scores == {"A": 1, "B": 1}  # the last letter breaks the tie


def test_the_variant_examples_use_their_variant():
    assert replayed("07-target-score.toml").example.variant.target == 3
    assert replayed("07-target-score.toml").final.board.empty_cells()
    assert replayed("08-first-sos-wins.toml").example.variant.first_sos_wins
    assert replayed("09-team-sos.toml").example.variant.teams
    team_first = Variant(players=4, teams=True, first_sos_wins=True)
    assert replayed("11-team-first-sos-wins.toml").example.variant == team_first


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "size = 4\nsise = 3\n",
            "unknown key 'sise' (known keys: first_sos_wins, grid, move, notation, players, result, size, target,"
            " teams, text, title)",
        ),
        ("size = 9\n", "size must be 3 to 8, not 9"),
        ("size = 4\nnotation = 1\n", "notation must be a string, not 1"),
        ("size = 4\nmove = 1\n", "move must be a list, not 1"),
        ("size = 4\nresult = 1\n", "result must be a table, not 1"),
        ("size = 4\ntitle = 'SOS'\n", "title must be a table, not 'SOS'"),
        ("size = 4\n[text]\nde = 'SOS'\n", "text: unknown key 'de' (known keys: en, fr)"),
        ("size = 4\n[text]\nen = 1\n", "text: en must be a string, not 1"),
        ("size = 4\nmove = [1]\n", "move 1 must be a table ([[move]]), not 1"),
        (
            "size = 4\ngrid = '''\n. . . .\n. . . .\n. . . .\n'''\n",
            "grid must have 4 rows of 4 cells (found 3 rows, of 4, 4, 4 cells)",
        ),
        (
            "size = 3\ngrid = '''\nSOS\n..\nOOO\n'''\n",
            "grid must have 3 rows of 3 cells (found 3 rows, of 3, 2, 3 cells)",
        ),
        ("size = 4\n[[move]]\ncell = 'A1'\nletter = 'S'\npoints = -1\n", "move 1: points cannot be negative (-1)"),
        ("size = 4\n[[move]]\ncell = 'A1'\nletter = 'S'\nlines = [1]\n", "move 1: lines must be a list of segment"),
    ],
)
def test_an_example_that_cannot_be_read_is_refused_with_its_name_and_the_reason(text, message):
    with pytest.raises(ExampleFileError) as raised:
        parse_example(text, "lesson.toml")
    assert str(raised.value).startswith(f"lesson.toml: {message}"), str(raised.value)
    assert raised.value.path == "lesson.toml"


def test_an_example_read_from_text_is_named_example_in_messages():
    with pytest.raises(ExampleFileError, match=r"^<example>: size must be 3 to 8, not 2$"):
        parse_example("size = 2\n")


def test_a_file_that_cannot_be_read_is_named_with_the_reason(tmp_path):
    (tmp_path / "notes.toml").write_text("size = 4\n")
    cases = [
        (tmp_path / "missing.toml", "no such file or folder"),
        (tmp_path, "is a folder, not an example file"),
        (tmp_path / "notes.toml" / "inside.toml", "cannot be read (Not a directory)"),  # a file used as a folder
    ]
    for path, message in cases:
        with pytest.raises(ExampleFileError) as raised:
            load_example(str(path))
        assert str(raised.value) == f"{path}: {message}"


def test_a_grid_may_be_written_with_or_without_spaces():
    spaced = parse_example("size = 3\ngrid = '''\nS O S\n. . .\nO . .\n'''\n")
    packed = parse_example("size = 3\ngrid = '''\nSOS\n...\nO..\n'''\n")
    assert spaced.start == packed.start
    assert packed.start.diagram() == "S O S\n. . .\nO . ."


@pytest.mark.parametrize(
    ("text", "players", "teams"),
    [
        ("size = 4\n", 2, False),
        ("size = 4\nteams = true\n", 4, True),  # team SOS is played by four
        ("size = 4\nplayers = 3\n", 3, False),
    ],
)
def test_the_number_of_players_defaults_to_two_or_four_for_teams(text, players, teams):
    variant = parse_example(text).variant
    assert (variant.players, variant.teams) == (players, teams)


# ---- worked examples given to kit, teacher and rules: only .toml files are examples -----------------------------

RECORD = "Move;Player;Letter;Cell\r\n1;A;S;B2\r\n"


def test_a_folder_of_examples_passes_over_its_records_and_pdfs_naming_each(runner, tmp_path):
    from sos_print.cli import app

    folder = tmp_path / "lesson"
    folder.mkdir()
    (folder / "01.toml").write_bytes((EXAMPLES / "01-one-o-two-lines.toml").read_bytes())
    (folder / "g4.csv").write_text(RECORD)
    (folder / "some.pdf").write_bytes(b"%PDF-1.4\n%\xe2\xe3\n")
    (folder / "notes.md").write_text("# not read\n")
    # Records whose names lost their suffix were passed over without a note, which check gives (sweep ad50, F5).
    (folder / "record").write_text(RECORD)
    (folder / "audit").write_bytes(b"%PDF-1.4\n%\xe2\xe3\n")
    result = runner.invoke(app, ["kit", "--examples", str(folder), "--out", str(tmp_path / "kit")])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        f"note: {folder / 'audit'}: skipped: not a worked example (.toml)",
        f"note: {folder / 'g4.csv'}: skipped: not a worked example (.toml)",
        f"note: {folder / 'record'}: skipped: not a worked example (.toml)",
        f"note: {folder / 'some.pdf'}: skipped: not a worked example (.toml)",
    ]
    assert sorted(path.name for path in (tmp_path / "kit").iterdir()) == ["players.pdf", "teacher.pdf"]


@pytest.mark.parametrize(
    ("command", "name", "data", "said"),
    [
        ("rules", "game.csv", RECORD.encode(), "is a game record (CSV), not a worked example (.toml)"),
        ("kit", "replay.pdf", b"%PDF-1.4\n%\xe2\xe3\n1 0 obj\n", "is a PDF, not a worked example (.toml)"),
        ("kit", "game.txt", RECORD.encode(), "is a game record (CSV), not a worked example (.toml)"),
        ("rules", "audit", b"%PDF-1.7\n", "is a PDF, not a worked example (.toml)"),
        # Empty, each was read as TOML: "missing key 'size'" (sweep ad50, F7).
        ("kit", "game.csv", b"", "is named as a game record (.csv), not a worked example (.toml)"),
        ("rules", "audit.pdf", b"", "is named as a filled audit (.pdf), not a worked example (.toml)"),
    ],
)
def test_a_record_or_pdf_given_as_an_example_is_named_as_what_it_is(runner, tmp_path, command, name, data, said):
    from sos_print.cli import app

    path = tmp_path / name
    path.write_bytes(data)
    option, out = ("--example", tmp_path / "r.pdf") if command == "rules" else ("--examples", tmp_path / "kit")
    result = runner.invoke(app, [command, option, str(path), "--out", str(out)])
    # No "checked no file: 1 path not checked": a command that prints was no check (sweep ad70, 6).
    assert (result.exit_code, result.stdout.splitlines()) == (1, [f"{path}: {said}"])
    assert result.stderr == "sos-print: an example file cannot be used; nothing was written.\n"
    assert not out.exists()


def test_a_folder_whose_examples_are_in_a_folder_inside_it_names_that_folder(runner, tmp_path):
    from sos_print.cli import app

    # "holds no worked example" named none of the examples one folder down (sweep ad97, C6).
    inside = tmp_path / "lesson" / "more"
    inside.mkdir(parents=True)
    (inside / "b.toml").write_text((EXAMPLES / "01-one-o-two-lines.toml").read_text())
    result = runner.invoke(app, ["kit", "--examples", str(tmp_path / "lesson"), "--out", str(tmp_path / "kit")])
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [
            f"{tmp_path / 'lesson'}: this folder holds no worked example (.toml); the folder inside it, {inside}, is "
            "not read: give it to read its examples"
        ],
    )
    assert not (tmp_path / "kit").exists()


@pytest.mark.parametrize(
    "files", [{}, {"g4.csv": RECORD}, {"notes.md": "# a note\n"}], ids=["empty", "a record", "a note"]
)
def test_a_folder_of_examples_holding_no_toml_file_is_refused(runner, tmp_path, files):
    from sos_print.cli import app

    folder = tmp_path / "lesson"
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text)
    result = runner.invoke(app, ["kit", "--examples", str(folder), "--out", str(tmp_path / "kit")])
    assert (result.exit_code, result.stdout.splitlines()) == (
        1,
        [f"{folder}: this folder holds no worked example (.toml)"],
    )
    assert result.stderr == "sos-print: an example file cannot be used; nothing was written.\n"
    assert not (tmp_path / "kit").exists()
