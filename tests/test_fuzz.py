"""Fuzzes the example parser and the command line: whatever comes in, a clean verdict comes out.

The parser gets TOML documents built from the contract's keys with values of every type,
size and depth; the command line gets random values for every option of every command.
Nothing may escape but an ExampleFileError (parser) or exit status 0, 1 or 2 with no
traceback (command line), and a run leaves either its complete outputs or nothing at all.
Examples are derandomised on CI so that a red build can be replayed.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from conftest import EXAMPLES, examples
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from sos_print.cli import app
from sos_print.documents.registry import DOCUMENTS, written_by
from sos_print.engine.check import check_paths
from sos_print.engine.errors import ExampleFileError
from sos_print.engine.examples import parse_example

FUZZ = settings(
    derandomize=bool(os.environ.get("CI")),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    deadline=None,
)

# ---- TOML documents from the contract's keys ---------------------------------------------------------------

TOP = ["size", "notation", "players", "teams", "target", "first_sos_wins", "grid", "title", "text", "move", "result"]
MOVE = ["cell", "letter", "by", "points", "lines", "next"]
RESULT = ["score", "winner"]
TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=30)
NAMES = st.sampled_from(["A1", "B2", "c3", "H8", "L2C3", "l1c1", "Z99", "A0", "B1-B3", "A1-C3", "A1-A4", "S", "O"])
SCALARS = st.one_of(
    st.integers(-10, 10),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, 3, 4, 8, 9, 2**63 - 1, 2**63, 10**30]),
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    NAMES,
    TEXT,
    st.sampled_from(["A", "B", "C", "D", "AC", "BD", "draw", "none", "end", "A1", "L1C1", "", "S O S\nO . .\nS . S"]),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from([*TOP, *MOVE, "en", "fr", "x"]), inner, max_size=4)
    ),
    max_leaves=12,
)


def toml_key(key: str) -> str:
    return key if key.replace("_", "").isalnum() and key.isascii() else toml_string(key)


def toml_string(text: str) -> str:
    """Writes a TOML basic string: JSON's escapes are TOML's, except that DEL must be escaped too."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007F")


def toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return {"nan": "nan", "inf": "inf", "-inf": "-inf"}.get(str(value), repr(value))
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(map(toml_value, value)) + "]"
    assert isinstance(value, dict)
    return "{" + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + "}"


SEATS = st.sampled_from(["A", "B", "C", "D", "AC", "BD", "E", "a", "end", "draw", "none"])
PLAUSIBLE = {
    "size": st.integers(3, 8) | st.integers(-1, 10),
    "notation": st.sampled_from(["A1", "L1C1", "l1c1", "a1", "chess", ""]),
    "players": st.integers(1, 5),
    "teams": st.booleans(),
    "target": st.integers(0, 6),
    "first_sos_wins": st.booleans(),
    "grid": st.lists(st.text("SO. x", max_size=9), max_size=9).map("\n".join),
    "title": st.dictionaries(st.sampled_from(["en", "fr", "de"]), TEXT, max_size=2),
    "text": st.dictionaries(st.sampled_from(["en", "fr"]), TEXT, max_size=2),
    "move": st.lists(
        st.fixed_dictionaries(
            {"cell": NAMES, "letter": st.sampled_from(["S", "O", "s", "X", ""])},
            optional={
                "by": SEATS,
                "points": st.integers(-1, 3),
                "lines": st.lists(NAMES, max_size=3),
                "next": SEATS,
                "pionts": st.integers(0, 2),
            },
        ),
        max_size=10,
    ),
    "result": st.fixed_dictionaries(
        {},
        optional={
            "score": st.dictionaries(SEATS, st.integers(-1, 5), max_size=3),
            "winner": SEATS,
        },
    ),
}


@st.composite
def documents(draw: st.DrawFn) -> str:
    """Draws a TOML document from the contract's keys: mostly plausible values, some of any type, some hostile."""
    keys = ["size"] if draw(st.integers(0, 9)) else []
    keys += draw(st.lists(st.sampled_from([*TOP[1:], *TOP[1:], "pionts"]), max_size=8, unique=True))
    table = {}
    for key in keys:
        plausible = PLAUSIBLE.get(key)
        table[key] = draw(plausible if plausible is not None and draw(st.integers(0, 4)) else VALUES)
    text = "\n".join(f"{toml_key(key)} = {toml_value(value)}" for key, value in table.items()) + "\n"
    hostile = draw(st.sampled_from(["", "", "", "", "bom", "deep-array", "deep-table", "digits", "garbage", "cut"]))
    depth = draw(st.sampled_from([1, 2, 50, 200, 300, 500, 700]))
    where = draw(st.sampled_from(["target", "title", "grid"]))  # known keys: the value itself must be read
    return {
        "": text,
        "bom": "\ufeff" + text,
        "deep-array": f"{where} = " + "[" * depth + "]" * depth + "\n" + text,
        "deep-table": f"{where} = " + "{a = " * depth + "1" + "}" * depth + "\n" + text,
        "digits": f"{where} = {'9' * depth * 10}\n" + text,
        "garbage": text + draw(st.text(max_size=20)),
        "cut": text[: draw(st.integers(0, len(text)))],
    }[hostile]


@settings(FUZZ, max_examples=examples(150))
@given(documents())
def test_the_example_parser_gives_an_example_or_one_file_error(text):
    try:
        parse_example(text, "fuzz.toml")
    except ExampleFileError as error:
        failure = error
    else:
        event("parsed")
        return
    event(f"refused: {failure.message.split(':')[0][:30]}")
    assert failure.path == "fuzz.toml"
    assert "\n" not in failure.message and len(failure.message) < 400, failure.message


@settings(FUZZ, max_examples=examples(60))
@given(st.lists(documents(), min_size=1, max_size=3))
def test_check_reports_every_fuzzed_file_in_one_line_each(texts):
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for number, text in enumerate(texts):
            path = Path(folder) / f"{number}.toml"
            path.write_text(text, encoding="utf-8", errors="surrogatepass")
            paths.append(str(path))
        report = check_paths([*paths, str(EXAMPLES / "01-one-o-two-lines.toml")])
    assert report.files == len(texts) + 1
    assert all("\n" not in str(problem) for problem in report.problems)
    assert {problem.path for problem in report.problems} <= set(paths)  # the good file is still checked, and holds
    assert len(report.checked) >= 1
    assert report.summary().startswith(f"checked {len(texts) + 1} files: ")


# ---- the command line ----------------------------------------------------------------------------------------

NUMBER = st.sampled_from(["-1", "0", "1", "2", "3", "4", "5", "8", "9", "x", "", "1e3", "99999999999999999999"])
OPTIONS = {
    "--size": NUMBER,
    "--groups": st.sampled_from(["0", "1", "2", "3", "501", "-2", "many", "99999999999999999999"]),
    "--players": NUMBER,
    "--target": NUMBER,
    "--lang": st.sampled_from(["en", "fr", "en+fr", "de", "EN", "", "fr+en"]),
    "--paper": st.sampled_from(["a4", "letter", "A4", "a3", ""]),
    "--notation": st.sampled_from(["A1", "L1C1", "l1c1", "chess", ""]),
    "--class-name": st.one_of(
        st.sampled_from(["CM1 B", "Smith & Co <B>", "  ", "Café", "Cafe\u0301", "三年二班", "a\tb", "x" * 300]),
        st.text(max_size=12),
    ),
    "--sizes": st.one_of(
        st.sampled_from(["3-8", "4,6", "8-3", "2-5", "", ",", "3-", "-", "4,4,4"]), st.text(max_size=6)
    ),
    "--kind": st.sampled_from(["mixed", "score-now", "no-gift", "best-move", "Best-Move", "easy", ""]),
    "--count": st.sampled_from(["1", "3", "6", "12", "13", "0", "-1", "x"]),
    "--copies": st.sampled_from(["1", "2", "0", "201", "two"]),
    "--seed": st.sampled_from(["0", "1", "999999", "1000000", "-5", "1e3"]),
    "--examples": st.sampled_from(["{shipped}", "{one}", "{missing}", "{false}", "{here}"]),
    "--example": st.sampled_from(["{one}", "{missing}", "{false}", "{here}"]),
    "--every": NUMBER,
    "--print-notation": st.sampled_from(["A1", "L1C1", "l1c1", "chess", ""]),
}
FLAGS = ["--teams", "--first-sos-wins", "--large-print", "--two-per-page", "--force"]


def _command_options() -> dict[str, list[str]]:
    """Returns, for each command that writes documents, the options of OPTIONS it takes, read from the command."""
    import typer.main

    group = typer.main.get_command(app)
    writers = sorted({command for entry in DOCUMENTS for command in entry.commands})
    return {
        name: [opt for param in group.commands[name].params for opt in param.opts if opt in OPTIONS] for name in writers
    }


COMMANDS = _command_options()
# The files each command writes into its --out folder, when it writes more than one.
OUTPUTS = {
    command: sorted(entry.file for entry in written_by(command))
    for command in COMMANDS
    if len({entry.file for entry in written_by(command)}) > 1
}


@st.composite
def command_lines(draw: st.DrawFn, command: str) -> list[str]:
    """Draws a command line: some of the command's options with random values, and some flags."""
    chosen = draw(st.lists(st.sampled_from(COMMANDS[command]), max_size=5, unique=True))
    args = [command]
    for option in chosen:
        args += [option, draw(OPTIONS[option])]
    args += draw(st.lists(st.sampled_from(FLAGS), max_size=2, unique=True))
    if command == "teacher" and draw(st.booleans()):
        args.append(draw(OPTIONS["--example"]))
    if command == "audit" and draw(st.booleans()):
        args.append("--fillable")
    if command == "replay":  # a record, always: a 3x3 game (quick to weigh), a CSV one, or one that cannot be read
        args.append(draw(st.sampled_from(["{game}", "{record}", "{one}", "{missing}", "{false}", "{here}"])))
    return args


def run_fuzzed(runner, args: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        false = work / "false.toml"
        false.write_text((EXAMPLES / "01-one-o-two-lines.toml").read_text().replace("points = 2", "points = 1"))
        record = work / "game.csv"
        record.write_text("player,letter,cell,lines,points\nA,S,A1,,0\nB,O,B2,,1\nA,S,C3,,1\n")
        places = {
            "shipped": EXAMPLES,
            "one": EXAMPLES / "07-target-score.toml",
            "missing": work / "missing.toml",
            "false": false,
            "here": work,
            "game": EXAMPLES / "06-last-letter-scores.toml",
            "record": record,
        }
        args = [arg.format(**places) if arg.startswith("{") and arg.endswith("}") else arg for arg in args]
        target = "target" if args[0] in OUTPUTS else "target.pdf"  # a folder, or one PDF (its name ends in .pdf)
        out = work / "out" / target
        result = runner.invoke(app, [*args, "--out", str(out)])
        where = f"sos-print {' '.join(map(repr, args))}: {result.exit_code} {result.output!r}"
        assert result.exception is None or isinstance(result.exception, SystemExit), (where, result.exception)
        assert result.exit_code in (0, 1, 2), where
        event(f"{args[0]} exit {result.exit_code}")
        assert "Traceback" not in result.output, where
        left = sorted(str(path.relative_to(work)) for path in work.rglob("*") if path not in (false, record))
        if result.exit_code == 0:
            names = OUTPUTS.get(args[0], [])
            expected = [f"out/target/{name}" for name in names] if names else [f"out/{target}"]
            assert left == ["out", *(["out/target"] if names else []), *expected], where
            for name in expected:
                data = (work / name).read_bytes()
                if name.endswith(".json"):
                    assert json.loads(data), where
                else:
                    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF"), where
        else:
            assert left == [], where  # no folder, no partial file, no temporary file


FUZZ_CLI = settings(
    FUZZ, max_examples=examples(25), suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)


@FUZZ_CLI
@given(st.data())
def test_every_command_with_random_options_exits_0_1_or_2_leaving_whole_outputs_or_nothing(runner, data):
    command = data.draw(st.sampled_from(sorted(COMMANDS)))
    run_fuzzed(runner, data.draw(command_lines(command)))


@settings(FUZZ_CLI, max_examples=examples(15))
@given(st.data())
def test_the_kit_with_random_options_exits_0_1_or_2_leaving_a_whole_kit_or_nothing(runner, data):
    run_fuzzed(runner, data.draw(command_lines("kit")))
