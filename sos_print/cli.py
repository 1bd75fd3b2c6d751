"""Defines the sos-print command line; the only module that knows about Typer.

Commands import the PDF machinery only when they run, so that `sos-print --help`
starts fast. Errors become exit codes here and nowhere else: 1 for a problem
with files or examples, 2 for options that cannot be used together.
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from sos_print import __version__

if TYPE_CHECKING:
    from sos_print.check import CheckedExample
    from sos_print.documents import Rendered
    from sos_print.plans import PrintOptions

ProgressFn = Callable[[str, int, int], None]

app = typer.Typer(
    name="sos-print",
    help="Print SOS classroom materials whose worked examples are checked by the rules engine.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)


class Lang(enum.StrEnum):
    """Names the languages a document can be printed in."""

    EN = "en"
    FR = "fr"
    BOTH = "en+fr"


class PaperChoice(enum.StrEnum):
    """Names the paper sizes."""

    A4 = "a4"
    LETTER = "letter"


class NotationChoice(enum.StrEnum):
    """Names the ways of writing a cell."""

    A1 = "A1"
    L1C1 = "L1C1"


Size = Annotated[
    int, typer.Option("--size", min=3, max=8, help="Number of rows and columns of the board, from 3 to 8.")
]
Groups = Annotated[
    int,
    typer.Option(
        "--groups", min=1, max=500, help="Number of playing groups in the class: each gets a board and a scoring audit."
    ),
]
Players = Annotated[int, typer.Option("--players", min=2, max=4, help="Players per group, from 2 to 4 (seats A to D).")]
Teams = Annotated[
    bool, typer.Option("--teams", help="Play team SOS: 4 players, A and C against B and D, points to the team.")
]
Target = Annotated[
    int,
    typer.Option("--target", min=0, help="Play to a target score: the first to reach it wins; 0 plays to a full grid."),
]
FirstSos = Annotated[bool, typer.Option("--first-sos-wins", help="Play the variant in which the first S-O-S wins.")]
Language = Annotated[
    Lang, typer.Option("--lang", help="Language of every printed word: English, French, or both (en+fr).")
]
PaperSize = Annotated[
    PaperChoice, typer.Option("--paper", case_sensitive=False, help="Paper size: A4 or US Letter, portrait.")
]
Notation = Annotated[
    NotationChoice,
    typer.Option(
        "--notation",
        case_sensitive=False,
        help="How cells are named: A1 (column letter, row from the bottom) or L1C1 (line from the top, column).",
    ),
]
LargePrint = Annotated[
    bool, typer.Option("--large-print", help="Print every word at least one and a half times larger.")
]
TwoPerPage = Annotated[
    bool, typer.Option("--two-per-page", help="Print two boards per page with a cut line (3x3 and 4x4 boards only).")
]
ClassName = Annotated[str, typer.Option("--class-name", help="A class or group name printed at the top of every page.")]
Force = Annotated[bool, typer.Option("--force", help="Replace output files that already exist.")]


OutFile = Annotated[Path, typer.Option("--out", help="The PDF file to write.")]


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"sos-print {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print the version of sos-print and exit.", callback=_show_version, is_eager=True
        ),
    ] = False,
) -> None:
    """Print SOS classroom materials whose worked examples are checked by the rules engine."""


@app.command()
def check(
    paths: Annotated[
        list[str],
        typer.Argument(help="Worked-example files (.toml) or folders of them to check.", show_default=False),
    ],
) -> None:
    """Check every claim of worked-example files against the rules; exit 1 if any is false."""
    from sos_print.check import check_paths

    report = check_paths(paths)
    for problem in report.problems:
        typer.echo(str(problem))
    typer.echo(report.summary())
    raise typer.Exit(0 if report.ok else 1)


@app.command()
def kit(
    out: Annotated[Path, typer.Option("--out", help="The folder to write players.pdf and teacher.pdf into.")] = Path(
        "sos-kit"
    ),
    size: Size = 4,
    groups: Groups = 1,
    players: Players = 2,
    teams: Teams = False,
    target: Target = 0,
    first_sos_wins: FirstSos = False,
    lang: Language = Lang.EN,
    paper: PaperSize = PaperChoice.A4,
    notation: Notation = NotationChoice.A1,
    large_print: LargePrint = False,
    two_per_page: TwoPerPage = False,
    class_name: ClassName = "",
    examples: Annotated[
        list[Path] | None,
        typer.Option(
            "--examples", help="Worked-example files or folders for the teacher's notes (default: the shipped ones)."
        ),
    ] = None,
    force: Force = False,
) -> None:
    """Write a class kit: players.pdf (a board and an audit per group, the rules) and teacher.pdf, kept apart."""
    options = _options(
        size=size,
        groups=groups,
        players=players,
        teams=teams,
        target=target,
        first_sos_wins=first_sos_wins,
        lang=lang,
        paper=paper,
        notation=notation,
        large_print=large_print,
        two_per_page=two_per_page,
        class_name=class_name,
    )
    _run(
        [out / "players.pdf", out / "teacher.pdf"],
        force,
        lambda progress: _kit_documents(options, examples, progress),
    )


def _kit_documents(options: PrintOptions, examples: list[Path] | None, progress: ProgressFn) -> list[Rendered]:
    from sos_print.documents import players_document, teacher_document

    checked = _checked_examples(examples)
    return [players_document(options, checked, progress), teacher_document(options, checked, progress)]


@app.command()
def boards(
    out: OutFile = Path("boards.pdf"),
    size: Size = 4,
    groups: Groups = 1,
    players: Players = 2,
    teams: Teams = False,
    target: Target = 0,
    first_sos_wins: FirstSos = False,
    lang: Language = Lang.EN,
    paper: PaperSize = PaperChoice.A4,
    notation: Notation = NotationChoice.A1,
    large_print: LargePrint = False,
    two_per_page: TwoPerPage = False,
    class_name: ClassName = "",
    force: Force = False,
) -> None:
    """Write player boards: one per group, with coordinates, the rule and a score tally per player."""
    from sos_print.documents import boards_document

    options = _options(
        size=size,
        groups=groups,
        players=players,
        teams=teams,
        target=target,
        first_sos_wins=first_sos_wins,
        lang=lang,
        paper=paper,
        notation=notation,
        large_print=large_print,
        two_per_page=two_per_page,
        class_name=class_name,
    )
    _run([out], force, lambda progress: [boards_document(options, progress)])


@app.command()
def grids(
    out: OutFile = Path("grids.pdf"),
    sizes: Annotated[
        str,
        typer.Option("--sizes", help="The board sizes to print, one page each: a range like 3-8 or a list like 4,6."),
    ] = "3-8",
    players: Players = 2,
    teams: Teams = False,
    lang: Language = Lang.EN,
    paper: PaperSize = PaperChoice.A4,
    notation: Notation = NotationChoice.A1,
    large_print: LargePrint = False,
    class_name: ClassName = "",
    force: Force = False,
) -> None:
    """Write blank boards, one of each size asked for, for families and game designers."""
    from sos_print.documents import grids_document

    chosen = _parse_sizes(sizes)
    options = _options(
        size=chosen[0],
        players=players,
        teams=teams,
        lang=lang,
        paper=paper,
        notation=notation,
        large_print=large_print,
        class_name=class_name,
    )
    _run([out], force, lambda progress: [grids_document(options, chosen, progress)])


@app.command()
def audit(
    out: OutFile = Path("audit.pdf"),
    size: Size = 4,
    groups: Groups = 1,
    players: Players = 2,
    teams: Teams = False,
    lang: Language = Lang.EN,
    paper: PaperSize = PaperChoice.A4,
    notation: Notation = NotationChoice.A1,
    large_print: LargePrint = False,
    class_name: ClassName = "",
    force: Force = False,
) -> None:
    """Write scoring audits: one table per group, a row per possible move, running totals and a pause box."""
    from sos_print.documents import audit_document

    options = _options(
        size=size,
        groups=groups,
        players=players,
        teams=teams,
        lang=lang,
        paper=paper,
        notation=notation,
        large_print=large_print,
        class_name=class_name,
    )
    _run([out], force, lambda progress: [audit_document(options, progress)])


@app.command()
def teacher(
    examples: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Worked-example files or folders to show (default: the shipped examples).", show_default=False
        ),
    ] = None,
    out: OutFile = Path("teacher.pdf"),
    size: Size = 4,
    groups: Groups = 1,
    players: Players = 2,
    teams: Teams = False,
    target: Target = 0,
    first_sos_wins: FirstSos = False,
    lang: Language = Lang.EN,
    paper: PaperSize = PaperChoice.A4,
    notation: Notation = NotationChoice.A1,
    large_print: LargePrint = False,
    class_name: ClassName = "",
    force: Force = False,
) -> None:
    """Write the teacher's notes with worked examples, each checked by the rules engine first."""
    from sos_print.documents import teacher_document

    options = _options(
        size=size,
        groups=groups,
        players=players,
        teams=teams,
        target=target,
        first_sos_wins=first_sos_wins,
        lang=lang,
        paper=paper,
        notation=notation,
        large_print=large_print,
        class_name=class_name,
    )
    _run([out], force, lambda progress: [teacher_document(options, _checked_examples(examples), progress)])


@app.command()
def rules(
    out: OutFile = Path("rules.pdf"),
    example: Annotated[
        Path | None,
        typer.Option("--example", help="The worked-example file to show (default: a shipped one in the notation)."),
    ] = None,
    size: Annotated[
        int, typer.Option("--size", min=3, max=8, help="Size of the board the naming diagram shows, from 3 to 8.")
    ] = 4,
    lang: Language = Lang.EN,
    paper: PaperSize = PaperChoice.A4,
    notation: Notation = NotationChoice.A1,
    large_print: LargePrint = False,
    class_name: ClassName = "",
    force: Force = False,
) -> None:
    """Write the rule sheet: the rules, the variants, naming cells, and a worked example checked by the engine."""
    from sos_print.documents import rule_example, rules_document

    options = _options(
        size=size, lang=lang, paper=paper, notation=notation, large_print=large_print, class_name=class_name
    )

    def render(progress: ProgressFn) -> list[Rendered]:
        checked = _checked_examples([example] if example else None)
        return [rules_document(options, rule_example(checked, options.notation))]

    _run([out], force, render)


def _options(
    *,
    lang: Lang,
    paper: PaperChoice,
    notation: NotationChoice,
    large_print: bool,
    class_name: str,
    size: int = 4,
    groups: int = 1,
    players: int = 2,
    teams: bool = False,
    target: int = 0,
    first_sos_wins: bool = False,
    two_per_page: bool = False,
) -> PrintOptions:
    """Turns command-line choices into print options; contradictory choices are usage errors."""
    from sos_print.errors import VariantError
    from sos_print.layout import Paper
    from sos_print.notation import Notation as EngineNotation
    from sos_print.plans import Language as PlanLanguage
    from sos_print.plans import PrintOptions
    from sos_print.rules import Variant

    if teams and players not in (2, 4):
        _usage(f"--teams needs 4 players, not --players {players}")
    try:
        variant = Variant(players=4 if teams else players, teams=teams, target=target, first_sos_wins=first_sos_wins)
    except VariantError as error:
        _usage(f"{error} (--target and --first-sos-wins)")
    if two_per_page and size > 4:
        _usage(f"--two-per-page fits boards of 3x3 and 4x4 only, not --size {size}")
    return PrintOptions(
        size=size,
        groups=groups,
        variant=variant,
        language=PlanLanguage(lang.value),
        paper=Paper(paper.value),
        notation=EngineNotation(notation.value),
        large_print=large_print,
        two_per_page=two_per_page,
        class_name=class_name.strip(),
    )


def _parse_sizes(text: str) -> list[int]:
    """Reads "3-8", "4,6" or "3-5,8" into sorted sizes; anything else is a usage error."""
    sizes: set[int] = set()
    for part in text.replace(" ", "").split(","):
        low, _, high = part.partition("-")
        if not (low.isdigit() and (not high or high.isdigit())):
            _usage(f"--sizes: {part!r} is not a size or a range like 3-8")
        first, last = int(low), int(high or low)
        if not 3 <= first <= last <= 8:
            _usage(f"--sizes: {part!r} must lie between 3 and 8")
        sizes.update(range(first, last + 1))
    return sorted(sizes)


def _checked_examples(paths: list[Path] | None) -> tuple[CheckedExample, ...]:
    """Returns the examples for the teacher's notes, checked by the engine; a false claim stops everything."""
    from sos_print.check import verify
    from sos_print.resources import data_dir

    return verify([str(path) for path in paths] if paths else [str(data_dir("examples"))])


def _usage(message: str) -> NoReturn:
    typer.echo(f"Usage error: {message}", err=True)
    raise typer.Exit(2)


def _run(targets: list[Path], force: bool, render: Callable[[ProgressFn], list[Rendered]]) -> None:
    """Checks the targets, renders, then writes every file; on any error nothing is written."""
    from sos_print.boards import LayoutError
    from sos_print.check import ClaimsError
    from sos_print.errors import SosError
    from sos_print.output import check_targets, write_atomic

    try:
        check_targets(targets, force)
        rendered = render(_progress())
        for path, document in zip(targets, rendered, strict=True):
            write_atomic(path, document.data)
    except ClaimsError as error:
        _clear_progress()
        typer.echo(str(error))
        typer.echo("sos-print: an example claim is false; nothing was written.", err=True)
        raise typer.Exit(1) from None
    except LayoutError as error:
        _clear_progress()
        _usage(f"{error}; try without --large-print or --two-per-page")
    except SosError as error:
        _clear_progress()
        typer.echo(f"sos-print: {error}", err=True)
        raise typer.Exit(1) from None
    _clear_progress()
    typer.echo(
        "wrote "
        + " and ".join(
            f"{path} ({_pages(doc.pages)}, {_kilobytes(len(doc.data))})"
            for path, doc in zip(targets, rendered, strict=True)
        )
    )


def _pages(count: int) -> str:
    return f"{count} page" if count == 1 else f"{count} pages"


def _kilobytes(size: int) -> str:
    return f"{max(1, round(size / 1024))} KB"


def _progress() -> ProgressFn:
    """Returns a progress line writer for a terminal, or one that stays quiet when output is piped."""
    if not sys.stderr.isatty():
        return lambda what, done, total: None

    def show(what: str, done: int, total: int) -> None:
        sys.stderr.write(f"\r\033[Kwriting {what}: {done}/{total}")
        sys.stderr.flush()

    return show


def _clear_progress() -> None:
    if sys.stderr.isatty():
        sys.stderr.write("\r\033[K")
        sys.stderr.flush()


def main() -> None:
    """Runs the command line."""
    app()
