"""Declares once each option several commands share, as an `Annotated` type, and turns what was given into options.

A command lists its options in its own signature, `size: Size = 4`, so that its source and its
`--help` agree line for line; the types below carry each option's name, range and help
sentence. Whether an option was given at all comes from the command's context
(`given_options`), never from comparing a value with a copy of its default.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from sos_print.engine.errors import quoted
from sos_print.engine.notation import Notation
from sos_print.plans.layout import Paper
from sos_print.plans.options import Language

if TYPE_CHECKING:
    from sos_print.engine.rules import Variant
    from sos_print.plans.options import PrintOptions


def _out_path(text: str | Path) -> Path:
    """Reads --out (the default comes as a Path already); an empty name would otherwise become the current folder."""
    if isinstance(text, Path):
        return text
    if not text.strip():
        raise typer.BadParameter("the name is empty: give a file or folder name")
    return Path(text)


def _out_file(text: str | Path) -> Path:
    """Reads the --out of one file: a name ending with a slash names a folder, which Path would silently drop."""
    if isinstance(text, str) and text.endswith(("/", os.sep)):
        raise typer.BadParameter(f"{quoted(text)} ends with a slash, so it names a folder: give the file's name")
    return _out_path(text)


def out_folder(holds: str) -> object:
    """Returns the --out option of a command that writes several files into a folder: `holds` names them."""
    return typer.Option("--out", parser=_out_path, metavar="<path>", help=f"The folder to write {holds} into.")


OutFile = Annotated[Path, typer.Option("--out", parser=_out_file, metavar="<path>", help="The PDF file to write.")]
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
FirstSosWins = Annotated[bool, typer.Option("--first-sos-wins", help="Play the variant in which the first S-O-S wins.")]
Lang = Annotated[
    Language,
    typer.Option(
        "--lang",
        help="Language of every printed word: English, French, or both (en+fr English first, fr+en French first).",
    ),
]
PaperSize = Annotated[
    Paper, typer.Option("--paper", case_sensitive=False, help="Paper size: A4 or US Letter, portrait.")
]
CellNotation = Annotated[
    Notation,
    typer.Option(
        "--notation",
        case_sensitive=False,
        help="How cells are named: A1 (column letter, row from the bottom) or L1C1 (line from the top, column).",
    ),
]
LargePrint = Annotated[
    bool,
    typer.Option(
        "--large-print",
        help="Print every word at least one and a half times larger; in a kit, the children's pages only.",
    ),
]
TwoPerPage = Annotated[
    bool,
    typer.Option("--two-per-page", help="Print two boards per page with a cut line (3 × 3 and 4 × 4 boards only)."),
]
ClassName = Annotated[str, typer.Option("--class-name", help="A class or group name printed at the top of every page.")]
Force = Annotated[bool, typer.Option("--force", help="Replace output files that already exist.")]
Names = Annotated[
    str,
    typer.Option(
        "--names",
        help=(
            "The players' names, seat by seat, as the replay prints them: A=Léa,B=Tom. A filled audit's own names "
            "are printed otherwise; a name given here replaces its seat's."
        ),
        show_default=False,
    ),
]


def given_options(context: typer.Context, *names: str) -> list[str]:
    """Returns the flags of the parameters `names` (as the signature names them) given on the command line."""
    flags = {parameter.name: parameter.opts[0] for parameter in context.command.params}
    sources = {name: context.get_parameter_source(name) for name in names}
    return [flags[name] for name, source in sources.items() if source is not None and source.name == "COMMANDLINE"]


def print_options(*, variant: Variant | None = None, **chosen: object) -> PrintOptions:
    """Returns the print options of what a command was given, the rest as PrintOptions says.

    `chosen` names PrintOptions' fields; choices that contradict each other are usage errors.
    """
    from sos_print.engine.capacity import check_target
    from sos_print.engine.errors import VariantError
    from sos_print.engine.frozen import replace
    from sos_print.plans.options import PrintOptions

    options = replace(PrintOptions(), **chosen, variant=variant or PrintOptions().variant)
    size = options.size
    if options.two_per_page and size > 4:
        usage(f"--two-per-page fits boards of 3 × 3 and 4 × 4 only, not --size {size}")
    try:
        check_target(options.variant.target, size)
    except VariantError as error:
        usage(str(error))
    return replace(options, class_name=printable_class_name(options.class_name))


def printable_class_name(text: str) -> str:
    """Returns the class name in NFC without surrounding spaces; a character the font lacks is a usage error."""
    import unicodedata

    name = unicodedata.normalize("NFC", text).strip()  # e + U+0301, as some systems write é, is the é the font has
    if name:
        from sos_print.pdf.fonts import missing_characters, not_in_font

        missing = missing_characters(name)
        if missing:
            usage(not_in_font("class name", missing))
    return name


def variant_of(*, players: int, teams: bool, target: int, first_sos_wins: bool) -> Variant:
    """Turns the variant options into a Variant; contradictory choices are usage errors."""
    from sos_print.engine.errors import VariantError
    from sos_print.engine.rules import Variant

    if teams and players not in (2, 4):
        usage(f"--teams needs 4 players, not --players {players}")
    try:
        return Variant(players=4 if teams else players, teams=teams, target=target, first_sos_wins=first_sos_wins)
    except VariantError as error:
        usage(f"{error} (--target and --first-sos-wins)")


class UsageProblem(typer.BadParameter):
    """Signals a usage error sos-print finds itself; the application prints it as it prints click's own
    (`cli/application.py`), so that every usage error is the same one line."""

    def format_message(self) -> str:
        return self.message


def usage(message: str) -> NoReturn:
    """Reports a usage error: the run ends with status 2."""
    raise UsageProblem(message)
