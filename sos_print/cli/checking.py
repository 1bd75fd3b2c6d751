"""The `check` command: every claim of worked-example files and game records against the rules engine."""

# No `from __future__ import annotations`: Typer reads these signatures at run time.

from typing import TYPE_CHECKING, Annotated

import typer

from sos_print.cli.application import app
from sos_print.cli.options import FirstSosWins, Players, Target, Teams
from sos_print.cli.process import say
from sos_print.cli.records import (
    RecordNotation,
    RecordSize,
    in_turn,
    record_choices,
    record_loader,
    skipped_rows,
    unfinished,
)
from sos_print.engine.errors import shown
from sos_print.engine.notation import Notation

if TYPE_CHECKING:
    from collections.abc import Callable

    from sos_print.engine.check import CheckedExample
    from sos_print.engine.examples import Example


@app.command()
def check(
    context: typer.Context,
    paths: Annotated[
        list[str],
        typer.Argument(
            help=(
                "Worked-example files (.toml) or folders of them, and game records: score sheets typed into a "
                "spreadsheet (.csv) or filled in on screen (.pdf, made with 'sos-print audit --fillable')."
            ),
            metavar="PATH...",
            show_default=False,
        ),
    ],
    size: RecordSize = None,
    players: Players = 2,
    teams: Teams = False,
    target: Target = 0,
    first_sos_wins: FirstSosWins = False,
    notation: RecordNotation = Notation.A1,
) -> None:
    """Check every claim of worked-example files and game records against the rules; exit 1 if any is false."""
    from sos_print.engine.check import check_paths

    records = record_choices(
        context,
        size=size,
        players=players,
        teams=teams,
        target=target,
        first_sos_wins=first_sos_wins,
        notation=notation,
    )
    report = check_paths(paths, _printable(record_loader(paths, records)), tables=size is not None, forms=True)
    # Rows left empty first: the problems under them follow from them (sweep ad73, 6).
    for path, rows in report.skipped:
        say(f"note: {shown(path)}: {skipped_rows(rows)}", err=True)
    for problem in report.problems:
        say(str(problem))
    say(report.summary())
    for problem in report.passed:  # a folder's documents sos-print printed: no game in them (sweep ad97, B1)
        say(f"note: {problem}", err=True)
    for game in report.checked:
        if _claims_no_score(game):
            say(f"note: {shown(game.example.path)}: {NO_SCORE}", err=True)
        elif unclaimed := _unclaimed_scores(game):
            say(f"note: {shown(game.example.path)}: {unclaimed}", err=True)
    for game in report.unfinished:
        say(f"note: {shown(game.example.path)}: {unfinished(game)}", err=True)
    for path, fitting in report.in_turn:
        say(f"note: {shown(path)}: {in_turn(fitting, teams)}", err=True)
    raise typer.Exit(0 if report.ok else 1)


def _printable(load: "Callable[[str], Example]") -> "Callable[[str], Example]":
    """Returns `load` refusing a worked example whose title or text the font cannot print, as the printing commands
    refuse it: check said every claim held of a file the teacher's notes then refused (ad84, 6). The font is read
    only for a character beyond Latin-1 and punctuation, which the font has: check stays light."""
    from sos_print.engine.errors import ExampleFileError

    def loaded(path: str) -> "Example":
        example = load(path)
        # What braces hold ("{points 1}") is the prose's to read, and to refuse in its own words (test_prose)
        title, text = (_unbraced(texts) for texts in (example.title, example.text))
        said = "".join((*title.values(), *text.values()))
        if all(ord(char) < 0x250 or 0x2000 <= ord(char) < 0x2070 for char in said):
            return example
        from sos_print.pdf.fonts import unprintable_texts

        lines = unprintable_texts(title, text)
        if lines:
            raise ExampleFileError(path, "; ".join(lines))
        return example

    return loaded


def _unbraced(texts: dict[str, str]) -> dict[str, str]:
    from sos_print.engine.prose import without_references

    return {lang: without_references(said) for lang, said in texts.items()}


# A record typed with its lines and points columns empty held "every claim" and said no more (review nt62, 5).
NO_SCORE = "the record claims no points and no lines: only who wrote each move was checked"


def _claims_no_score(game: "CheckedExample") -> bool:
    """Tells whether a record (not a worked example) claims no points, lines or totals on any move."""
    moves = game.example.moves
    return not game.example.path.lower().endswith(".toml") and not any(
        move.points is not None or move.lines is not None or move.totals for move in moves
    )


def _unclaimed_scores(game: "CheckedExample") -> str:
    """Says which scoring moves of a record that claims scores elsewhere leave their lines and points empty, or "": two
    such moves held "every claim", the child's blanks unremarked (sweep ad73, 1)."""
    if game.example.path.lower().endswith(".toml"):
        return ""
    numbers = [
        str(number)
        for number, (move, step) in enumerate(zip(game.example.moves, game.steps, strict=True), start=1)
        if step.points and move.points is None and move.lines is None and not move.totals
    ]
    if not numbers:
        return ""
    one = len(numbers) == 1
    named = numbers[0] if one else f"{', '.join(numbers[:-1])} and {numbers[-1]}"
    return (
        f"{'move' if one else 'moves'} {named} {'scores' if one else 'score'}, but {'its' if one else 'their'} lines "
        f"and points are left empty: only who wrote {'it' if one else 'them'} was checked"
    )
