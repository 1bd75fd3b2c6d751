"""The printing commands: the class kit, and each document on its own.

Each command lists its options in its signature; the shared ones are the types of
`cli.options`. The PDF machinery is imported only when a command runs.
"""

# No `from __future__ import annotations`: Typer reads these signatures at run time.

import re
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from sos_print.cli.application import app
from sos_print.cli.options import (
    CellNotation,
    ClassName,
    FirstSosWins,
    Force,
    Groups,
    Lang,
    LargePrint,
    OutFile,
    PaperSize,
    Players,
    Roster,
    RulesPerGroup,
    Seed,
    Shuffle,
    Size,
    Target,
    Teams,
    TwoPerPage,
    game_variant,
    in_path,
    note_class_list,
    out_folder,
    print_options,
    refuse,
    refuse_undecoded,
    seated,
    usage,
)
from sos_print.cli.run import ProgressFn, run
from sos_print.documents.registry import Inputs, document
from sos_print.engine.frozen import replace
from sos_print.engine.notation import Notation
from sos_print.plans.layout import Paper
from sos_print.plans.options import Language

if TYPE_CHECKING:
    from sos_print.documents.common import Rendered
    from sos_print.engine.check import CheckedExample
    from sos_print.plans.options import PrintOptions

KitFolder = Annotated[Path, out_folder("players.pdf and teacher.pdf")]
Examples = Annotated[
    list[Path] | None,
    typer.Option(
        "--examples",
        parser=in_path,
        help="Worked-example files or folders for the teacher's notes (default: the shipped ones).",
    ),
]


@app.command()
def kit(
    context: typer.Context,
    out: KitFolder = Path("sos-kit"),
    examples: Examples = None,
    size: Size = 4,
    groups: Groups = 1,
    players: Players = 2,
    teams: Teams = False,
    target: Target = 0,
    first_sos_wins: FirstSosWins = False,
    language: Lang = Language.EN,
    paper: PaperSize = Paper.A4,
    notation: CellNotation = Notation.A1,
    large_print: LargePrint = False,
    two_per_page: TwoPerPage = False,
    rules_per_group: RulesPerGroup = False,
    class_name: ClassName = "",
    roster: Roster = None,
    shuffle: Shuffle = False,
    seed: Seed = 1,
    force: Force = False,
) -> None:
    """Write a class kit: players.pdf (a board and a score sheet per group, the rules) and teacher.pdf, kept apart."""
    options = print_options(
        size=size,
        groups=groups,
        variant=game_variant(context, players=players, teams=teams, target=target, first_sos_wins=first_sos_wins),
        language=language,
        paper=paper,
        notation=notation,
        large_print=large_print,
        two_per_page=two_per_page,
        rules_per_group=rules_per_group,
        class_name=class_name,
    )
    options, class_list = seated(context, options, roster, shuffle, seed)

    made = (document("players"), document("teacher"))
    # Large print is for the children's pages: the teacher's notes keep their size (`teacher --large-print` asks).
    adult = replace(options, large_print=False, kit_large_print=options.large_print)

    notes: list[str] = []

    def render(progress: ProgressFn) -> list["Rendered"]:
        inputs = Inputs(examples=checked_examples(examples, notes))
        players = made[0].make(options, inputs, progress)
        # The notes say where each part of the players' file is: made after it, they know its pages.
        return [players, made[1].make(replace(adult, kit_pages=players.parts), inputs, progress)]

    run(
        [out / entry.file for entry in made],
        force,
        render,
        [*example_files(examples), *read_files(roster)],
        names_given=False,
    )
    say_notes(notes)
    note_class_list(class_list)
    note_lone_board(options)


@app.command()
def boards(
    context: typer.Context,
    out: OutFile = Path("boards.pdf"),
    size: Size = 4,
    groups: Groups = 1,
    players: Players = 2,
    teams: Teams = False,
    target: Target = 0,
    first_sos_wins: FirstSosWins = False,
    language: Lang = Language.EN,
    paper: PaperSize = Paper.A4,
    notation: CellNotation = Notation.A1,
    large_print: LargePrint = False,
    two_per_page: TwoPerPage = False,
    class_name: ClassName = "",
    roster: Roster = None,
    shuffle: Shuffle = False,
    seed: Seed = 1,
    force: Force = False,
) -> None:
    """Write player boards: one per group, with coordinates, the rule and a score tally per player."""
    options = print_options(
        size=size,
        groups=groups,
        variant=game_variant(context, players=players, teams=teams, target=target, first_sos_wins=first_sos_wins),
        language=language,
        paper=paper,
        notation=notation,
        large_print=large_print,
        two_per_page=two_per_page,
        class_name=class_name,
    )
    options, class_list = seated(context, options, roster, shuffle, seed)
    run([out], force, lambda progress: [document("boards").make(options, Inputs(), progress)], read_files(roster))
    note_class_list(class_list)
    note_lone_board(options)


@app.command()
def grids(
    context: typer.Context,
    out: OutFile = Path("grids.pdf"),
    sizes: Annotated[
        str,
        typer.Option("--sizes", help="The board sizes to print, one page each: a range like 3-8 or a list like 4,6."),
    ] = "3-8",
    players: Players = 2,
    teams: Teams = False,
    language: Lang = Language.EN,
    paper: PaperSize = Paper.A4,
    notation: CellNotation = Notation.A1,
    large_print: LargePrint = False,
    class_name: ClassName = "",
    force: Force = False,
) -> None:
    """Write blank boards, one of each size asked for, for families and game designers."""
    options = print_options(
        variant=game_variant(context, players=players, teams=teams, target=0, first_sos_wins=False),
        language=language,
        paper=paper,
        notation=notation,
        large_print=large_print,
        class_name=class_name,
    )
    inputs = Inputs(sizes=tuple(parse_sizes(sizes)))
    run([out], force, lambda progress: [document("grids").make(options, inputs, progress)])


@app.command()
def audit(
    context: typer.Context,
    out: OutFile = Path("audit.pdf"),
    fillable: Annotated[
        bool,
        typer.Option(
            "--fillable",
            help=(
                "Make each score sheet a form to fill in on a tablet or a computer (it still prints); "
                "'sos-print check' reads a filled one back with no options. One file holds at most "
                "20,000 fields: 166 groups of 4 × 4 for two players, 34 groups of 8 × 8 for four."
            ),
        ),
    ] = False,
    size: Size = 4,
    groups: Groups = 1,
    players: Players = 2,
    teams: Teams = False,
    target: Target = 0,
    first_sos_wins: FirstSosWins = False,
    language: Lang = Language.EN,
    paper: PaperSize = Paper.A4,
    notation: CellNotation = Notation.A1,
    large_print: LargePrint = False,
    class_name: ClassName = "",
    roster: Roster = None,
    shuffle: Shuffle = False,
    seed: Seed = 1,
    force: Force = False,
) -> None:
    """Write score sheets: one table per group, a row per possible move, running totals and a pause box."""
    options = print_options(
        size=size,
        groups=groups,
        variant=game_variant(context, players=players, teams=teams, target=target, first_sos_wins=first_sos_wins),
        language=language,
        paper=paper,
        notation=notation,
        large_print=large_print,
        class_name=class_name,
    )
    options, class_list = seated(context, options, roster, shuffle, seed)
    if fillable:
        refuse_too_large_form(options)
    made = document("fillable audit" if fillable else "audit")
    run([out], force, lambda progress: [made.make(options, Inputs(), progress)], read_files(roster))
    note_class_list(class_list)


@app.command()
def teacher(
    context: typer.Context,
    out: OutFile = Path("teacher.pdf"),
    examples: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Worked-example files or folders to show (default: the shipped examples).", show_default=False
        ),
    ] = None,
    size: Size = 4,
    groups: Groups = 1,
    players: Players = 2,
    teams: Teams = False,
    target: Target = 0,
    first_sos_wins: FirstSosWins = False,
    language: Lang = Language.EN,
    paper: PaperSize = Paper.A4,
    notation: CellNotation = Notation.A1,
    large_print: LargePrint = False,
    class_name: ClassName = "",
    force: Force = False,
) -> None:
    """Write the teacher's notes with worked examples, each checked by the rules engine first."""
    options = print_options(
        size=size,
        groups=groups,
        variant=game_variant(context, players=players, teams=teams, target=target, first_sos_wins=first_sos_wins),
        language=language,
        paper=paper,
        notation=notation,
        large_print=large_print,
        class_name=class_name,
    )

    def render(progress: ProgressFn) -> list["Rendered"]:
        return [document("teacher").make(options, Inputs(examples=checked_examples(examples, notes)), progress)]

    notes: list[str] = []
    run([out], force, render, example_files(examples))
    say_notes(notes)


@app.command()
def rules(
    context: typer.Context,
    out: OutFile = Path("rules.pdf"),
    example: Annotated[
        Path | None,
        typer.Option(
            "--example",
            parser=in_path,
            help="The worked-example file to show (default: a shipped one in the notation).",
        ),
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
    players: Players = 2,
    teams: Teams = False,
    target: Target = 0,
    first_sos_wins: FirstSosWins = False,
    language: Lang = Language.EN,
    paper: PaperSize = Paper.A4,
    notation: CellNotation = Notation.A1,
    large_print: LargePrint = False,
    class_name: ClassName = "",
    force: Force = False,
) -> None:
    """Write the rule sheet: the rules, the variants, naming cells, and a worked example checked by the engine."""
    options = print_options(
        size=size,
        variant=game_variant(context, players=players, teams=teams, target=target, first_sos_wins=first_sos_wins),
        language=language,
        paper=paper,
        notation=notation,
        large_print=large_print,
        class_name=class_name,
    )
    chosen = [example] if example else None

    def render(progress: ProgressFn) -> list["Rendered"]:
        return [document("rules").make(options, Inputs(examples=checked_examples(chosen, notes)), progress)]

    notes: list[str] = []
    run([out], force, render, example_files(chosen))
    say_notes(notes)


def refuse_too_large_form(options: "PrintOptions") -> None:
    """Refuses a fillable audit of more fields than one file may hold (so that every form written reads back)."""
    from sos_print.engine.errors import shown
    from sos_print.forms.fields import MAX_FIELDS, fields_per_group, most_groups
    from sos_print.plans.common import group_games

    n = options.size
    if options.seating is not None:
        fields = sum(fields_per_group(n, game.options.variant) for game in group_games(options))
        if fields > MAX_FIELDS:
            children = options.seating.children
            most = most_children(options, children)
            files = -(-children // most)
            refuse(
                f"{shown(options.seating.path)}: its {options.groups} groups of {n} × {n} boards need {fields:,} "
                f"fields, and a fillable audit holds at most {MAX_FIELDS:,}, so at most {most} children in groups "
                f"of {options.variant.players}: split the class list into {files} lists of at most {most} names"
            )
        return
    most = most_groups(options.size, options.variant)
    if options.groups > most:
        usage(
            f"--groups {options.groups}: a fillable audit holds at most {MAX_FIELDS:,} fields, so at most {most} "
            f"groups of {n} × {n} boards for {options.variant.players} players: print the class in several files"
        )


def most_children(options: "PrintOptions", children: int) -> int:
    """Returns the most children, up to `children`, whose groups one fillable audit takes (as many fields as
    MAX_FIELDS), grouped as a class list of that many is."""
    from sos_print.engine.roster import group_sizes
    from sos_print.engine.rules import MAX_PLAYERS
    from sos_print.forms.fields import MAX_FIELDS, fields_per_group
    from sos_print.plans.common import group_variant

    variant = options.variant
    for count in range(children, 1, -1):
        sizes = group_sizes(count, MAX_PLAYERS if variant.teams else variant.players)
        if sum(fields_per_group(options.size, group_variant(variant, size)) for size in sizes) <= MAX_FIELDS:
            return count
    return 2


def read_files(roster: Path | None) -> list[Path]:
    """Returns the class list a run reads, if any: no output may be written over it."""
    return [roster] if roster is not None else []


def parse_sizes(text: str) -> list[int]:
    """Reads "3-8", "4,6" or "3-5,8" into sorted sizes; anything else is a usage error."""
    from sos_print.engine.errors import quoted

    refuse_undecoded("--sizes", text)
    sizes: set[int] = set()
    for part in (part.strip() for part in text.split(",")):
        # Spaces only round the dash ("4 - 6"), which a word processor may make an en dash: "4 6" read as 46 (ad74, 2).
        low, dash, high = (side.strip() for side in re.sub(r"\s*[-\u2013]\s*", "-", part, count=1).partition("-"))
        low, high = low.removeprefix("+"), high.removeprefix("+")  # "+4", as --size reads it (ad87, 10)
        if not part:
            usage(
                "--sizes: give a size or a range, like 4 or 3-8"
                if not text.strip()
                else f"--sizes: {quoted(text)} has an empty size between commas"
            )
        if re.fullmatch(r"[0-9]+(\s+[0-9]+)+", part):
            usage(f"--sizes: {quoted(part)}: separate sizes with commas, like {','.join(part.split())}")
        if dash and not high:  # "5-" printed the 5 x 5 board alone, without a word (sweep ad74, 1)
            usage(f"--sizes: {quoted(part)} has no last size: write a range like 3-8")
        if not (re.fullmatch(r"[0-9]+", low) and re.fullmatch(r"[0-9]*", high)):
            usage(f"--sizes: {quoted(part)} is not a size or a range like 3-8")
        low, high = low.lstrip("0") or low[-1:], high.lstrip("0") or high[-1:]  # "0003" is 3, as --size reads it (ad86)
        if len(low) > 3 or len(high) > 3 or not (3 <= int(low) <= 8 and 3 <= int(high or low) <= 8):
            usage(f"--sizes: {quoted(part)} must lie between 3 and 8")
        if int(low) > int(high or low):  # "8-3" was told to lie between 3 and 8, which it does (sweep ad73, 3)
            usage(f"--sizes: {quoted(part)} runs backwards: write the smaller size first, like {high}-{low}")
        first, last = int(low), int(high or low)
        sizes.update(range(first, last + 1))
    return sorted(sizes)


def checked_examples(paths: list[Path] | None, notes: list[str]) -> "tuple[CheckedExample, ...]":
    """Returns the examples for the teacher's notes, checked by the engine; a false claim stops everything. Each
    file of a folder given that is no worked example (a record, a PDF) is added to `notes`, said once the run ends."""
    from sos_print import data_dir
    from sos_print.engine.check import verify_examples

    examples, passed = verify_examples([str(path) for path in paths] if paths else [str(data_dir("examples"))])
    refuse_unprintable(examples)
    notes[:] = map(str, passed)  # rendered again (a web job's retry): said once
    return examples


def note_lone_board(options: "PrintOptions") -> None:
    """Says that --two-per-page printed one board on its page, where the class is one group: the page's lower half
    stood empty, with no word of why (review rv65, 6)."""
    from sos_print.cli.process import say

    if options.two_per_page and options.groups == 1:
        say(
            "note: --two-per-page: one group's board stands alone in half its page; leave the option out for a "
            "board the size of the page",
            err=True,
        )


def say_notes(notes: list[str]) -> None:
    """Says, one line each, the files a run passed over (a folder's game records among its worked examples)."""
    from sos_print.cli.process import say

    for note in notes:
        say(f"note: {note}", err=True)


def example_files(paths: list[Path] | None) -> list[str]:
    """Returns every example file a run reads (a folder's files, or the shipped ones): none may be its output."""
    from sos_print import data_dir
    from sos_print.engine.check import expand_path

    return [file for path in paths or [data_dir("examples")] for file in expand_path(str(path))[0]]


def refuse_unprintable(examples: "tuple[CheckedExample, ...]") -> None:
    """Raises SosError naming every character of an example's title or text that the font cannot print."""
    from sos_print.engine.errors import SosError, shown
    from sos_print.pdf.fonts import unprintable_texts

    lines = [
        f"{shown(checked.example.path)}: {line}"
        for checked in examples
        for line in unprintable_texts(checked.example.title, checked.example.text)
    ]
    if lines:
        raise SosError("\n".join(lines))
