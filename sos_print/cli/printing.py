"""The printing commands: the class kit, and each document on its own.

Each command declares only what is particular to it; `@printing` adds --out, the shared
options it names and --force, and hands it the PrintOptions built from them. The PDF
machinery is imported only when a command runs.
"""

# No `from __future__ import annotations`: Typer reads these signatures at run time.

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from sos_print.cli.application import app
from sos_print.cli.options import printing, usage
from sos_print.cli.run import ProgressFn, run

if TYPE_CHECKING:
    from sos_print.documents.common import Rendered
    from sos_print.engine.check import CheckedExample
    from sos_print.plans.options import PrintOptions

VARIANT = ("players", "teams", "target", "first_sos_wins")
LOOK = ("lang", "paper", "notation", "large_print", "class_name")


@app.command()
@printing("size", "groups", *VARIANT, *LOOK, "two_per_page", folder="sos-kit")
def kit(
    options: "PrintOptions",
    out: Path,
    force: bool,
    examples: Annotated[
        list[Path] | None,
        typer.Option(
            "--examples", help="Worked-example files or folders for the teacher's notes (default: the shipped ones)."
        ),
    ] = None,
) -> None:
    """Write a class kit: players.pdf (a board and an audit per group, the rules) and teacher.pdf, kept apart."""

    def render(progress: ProgressFn) -> list["Rendered"]:
        from sos_print.documents.kit import players_document
        from sos_print.documents.teacher import teacher_document

        checked = checked_examples(examples)
        return [players_document(options, checked, progress), teacher_document(options, checked, progress)]

    run([out / "players.pdf", out / "teacher.pdf"], force, render, example_files(examples))


@app.command()
@printing("size", "groups", *VARIANT, *LOOK, "two_per_page", file="boards.pdf")
def boards(options: "PrintOptions", out: Path, force: bool) -> None:
    """Write player boards: one per group, with coordinates, the rule and a score tally per player."""
    from sos_print.documents.boards import boards_document

    run([out], force, lambda progress: [boards_document(options, progress)])


@app.command()
@printing("players", "teams", *LOOK, file="grids.pdf")
def grids(
    options: "PrintOptions",
    out: Path,
    force: bool,
    sizes: Annotated[
        str,
        typer.Option("--sizes", help="The board sizes to print, one page each: a range like 3-8 or a list like 4,6."),
    ] = "3-8",
) -> None:
    """Write blank boards, one of each size asked for, for families and game designers."""
    from sos_print.documents.boards import grids_document

    chosen = parse_sizes(sizes)
    run([out], force, lambda progress: [grids_document(options, chosen, progress)])


@app.command()
@printing("size", "groups", *VARIANT, *LOOK, file="audit.pdf")
def audit(
    options: "PrintOptions",
    out: Path,
    force: bool,
    fillable: Annotated[
        bool,
        typer.Option(
            "--fillable",
            help=(
                "Make each audit a form to fill in on a tablet or a computer (it still prints); "
                "'sos-print check' reads a filled one back with no options."
            ),
        ),
    ] = False,
) -> None:
    """Write scoring audits: one table per group, a row per possible move, running totals and a pause box."""
    from sos_print.documents.audit import audit_document

    run([out], force, lambda progress: [audit_document(options, progress, fillable=fillable)])


@app.command()
@printing("size", "groups", *VARIANT, *LOOK, file="teacher.pdf")
def teacher(
    options: "PrintOptions",
    out: Path,
    force: bool,
    examples: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Worked-example files or folders to show (default: the shipped examples).", show_default=False
        ),
    ] = None,
) -> None:
    """Write the teacher's notes with worked examples, each checked by the rules engine first."""
    from sos_print.documents.teacher import teacher_document

    def render(progress: ProgressFn) -> list["Rendered"]:
        return [teacher_document(options, checked_examples(examples), progress)]

    run([out], force, render, example_files(examples))


@app.command()
@printing(*LOOK, file="rules.pdf")
def rules(
    options: "PrintOptions",
    out: Path,
    force: bool,
    example: Annotated[
        Path | None,
        typer.Option("--example", help="The worked-example file to show (default: a shipped one in the notation)."),
    ] = None,
    size: Annotated[
        int,
        typer.Option(
            "--size",
            min=3,
            max=8,
            help="Size of the board the players use, from 3 to 8: the sheet shows how its cells are named.",
        ),
    ] = 4,
) -> None:
    """Write the rule sheet: the rules, the variants, naming cells, and a worked example checked by the engine."""
    from sos_print.documents.rulesheet import rules_document
    from sos_print.engine.frozen import replace

    sheet = replace(options, size=size)

    def render(progress: ProgressFn) -> list["Rendered"]:
        return [rules_document(sheet, checked_examples([example] if example else None))]

    run([out], force, render, example_files([example] if example else None))


def parse_sizes(text: str) -> list[int]:
    """Reads "3-8", "4,6" or "3-5,8" into sorted sizes; anything else is a usage error."""
    sizes: set[int] = set()
    for part in text.replace(" ", "").split(","):
        low, _, high = part.partition("-")
        if not (low.isdigit() and (not high or high.isdigit())):
            usage(f"--sizes: {part!r} is not a size or a range like 3-8")
        first, last = int(low), int(high or low)
        if not 3 <= first <= last <= 8:
            usage(f"--sizes: {part!r} must lie between 3 and 8")
        sizes.update(range(first, last + 1))
    return sorted(sizes)


def checked_examples(paths: list[Path] | None) -> "tuple[CheckedExample, ...]":
    """Returns the examples for the teacher's notes, checked by the engine; a false claim stops everything."""
    from sos_print import data_dir
    from sos_print.engine.check import verify

    examples = verify([str(path) for path in paths] if paths else [str(data_dir("examples"))])
    refuse_unprintable(examples)
    return examples


def example_files(paths: list[Path] | None) -> list[str]:
    """Returns every example file a run reads (a folder's files, or the shipped ones): none may be its output."""
    from sos_print import data_dir
    from sos_print.engine.check import expand_path

    return [file for path in paths or [data_dir("examples")] for file in expand_path(str(path))[0]]


def refuse_unprintable(examples: "tuple[CheckedExample, ...]") -> None:
    """Raises SosError naming every character of an example's title or text that the font cannot print."""
    from sos_print.engine.errors import SosError, shown
    from sos_print.pdf.fonts import FOLDED_SPACES, missing_characters, not_in_font

    lines = [
        not_in_font(f"{shown(checked.example.path)}: {field} ({lang})", missing)
        for checked in examples
        for field, texts in (("title", checked.example.title), ("text", checked.example.text))
        for lang, text in texts.items()
        if (missing := missing_characters(text, folded=FOLDED_SPACES))
    ]
    if lines:
        raise SosError("\n".join(lines))
