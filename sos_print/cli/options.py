"""Declares once each option several commands share, and turns the choices into PrintOptions in one place.

A printing command names the shared options it takes with `@printing(...)`; its own
function then declares only what is particular to it and receives `options` (the
PrintOptions built from the shared choices), `out` and `force`.
"""

from __future__ import annotations

import enum
import functools
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

if TYPE_CHECKING:
    from sos_print.engine.rules import Variant
    from sos_print.plans.options import PrintOptions


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


# The variant options are also named types, for a command that declares them in its own signature (solve).
PLAYERS = Annotated[int, typer.Option("--players", min=2, max=4, help="Players per group, from 2 to 4 (seats A to D).")]
TEAMS = Annotated[
    bool, typer.Option("--teams", help="Play team SOS: 4 players, A and C against B and D, points to the team.")
]
TARGET = Annotated[
    int,
    typer.Option("--target", min=0, help="Play to a target score: the first to reach it wins; 0 plays to a full grid."),
]
FIRST_SOS_WINS = Annotated[
    bool, typer.Option("--first-sos-wins", help="Play the variant in which the first S-O-S wins.")
]

# name: (annotation, default). Every command that takes one of these takes it exactly so.
SHARED: dict[str, tuple[Any, Any]] = {
    "size": (
        Annotated[
            int, typer.Option("--size", min=3, max=8, help="Number of rows and columns of the board, from 3 to 8.")
        ],
        4,
    ),
    "groups": (
        Annotated[
            int,
            typer.Option(
                "--groups",
                min=1,
                max=500,
                help="Number of playing groups in the class: each gets a board and a scoring audit.",
            ),
        ],
        1,
    ),
    "players": (PLAYERS, 2),
    "teams": (TEAMS, False),
    "target": (TARGET, 0),
    "first_sos_wins": (FIRST_SOS_WINS, False),
    "lang": (
        Annotated[
            Lang, typer.Option("--lang", help="Language of every printed word: English, French, or both (en+fr).")
        ],
        Lang.EN,
    ),
    "paper": (
        Annotated[
            PaperChoice, typer.Option("--paper", case_sensitive=False, help="Paper size: A4 or US Letter, portrait.")
        ],
        PaperChoice.A4,
    ),
    "notation": (
        Annotated[
            NotationChoice,
            typer.Option(
                "--notation",
                case_sensitive=False,
                help=(
                    "How cells are named: A1 (column letter, row from the bottom) or L1C1 (line from the top, column)."
                ),
            ),
        ],
        NotationChoice.A1,
    ),
    "large_print": (
        Annotated[bool, typer.Option("--large-print", help="Print every word at least one and a half times larger.")],
        False,
    ),
    "two_per_page": (
        Annotated[
            bool,
            typer.Option("--two-per-page", help="Print two boards per page with a cut line (3x3 and 4x4 boards only)."),
        ],
        False,
    ),
    "class_name": (
        Annotated[str, typer.Option("--class-name", help="A class or group name printed at the top of every page.")],
        "",
    ),
}


def _out_path(text: str | Path) -> Path:
    """Reads --out (the default comes as a Path already); an empty name would otherwise become the current folder."""
    if isinstance(text, Path):
        return text
    if not text.strip():
        raise typer.BadParameter("the name is empty: give a file or folder name")
    return Path(text)


OUT_FILE = Annotated[Path, typer.Option("--out", parser=_out_path, metavar="<path>", help="The PDF file to write.")]
FORCE = Annotated[bool, typer.Option("--force", help="Replace output files that already exist.")]
INJECTED = ("options", "out", "force")


def printing(
    *names: str, file: str = "", folder: str = "", holds: str = "players.pdf and teacher.pdf"
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Gives a command --out (a `file` or a `folder` by default, which `holds` the files named), the shared
    options `names`, and --force.

    In --help the command's own parameters come after --out, then the shared options, then --force.
    """
    unknown = set(names) - set(SHARED)
    if unknown:
        raise ValueError(f"no shared option {sorted(unknown)[0]!r}")

    def decorate(command: Callable[..., None]) -> Callable[..., None]:
        out_folder = Annotated[
            Path,
            typer.Option("--out", parser=_out_path, metavar="<path>", help=f"The folder to write {holds} into."),
        ]
        out_parameter = keyword_parameter("out", out_folder if folder else OUT_FILE, Path(folder or file))
        shared = [keyword_parameter(name, *SHARED[name]) for name in SHARED if name in names]  # in one order everywhere
        parameters = [out_parameter, *own_parameters(command), *shared, keyword_parameter("force", FORCE, False)]

        @functools.wraps(command)
        def run(**chosen: Any) -> None:
            out, force = chosen.pop("out"), chosen.pop("force")
            options = print_options(**{name: chosen.pop(name) for name in names})
            command(options=options, out=out, force=force, **chosen)

        del run.__wrapped__  # Typer must read the signature below, not the command's own
        run.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
        run.__annotations__ = {parameter.name: parameter.annotation for parameter in parameters}
        return run

    return decorate


def keyword_parameter(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default)


def own_parameters(command: Callable[..., None]) -> list[inspect.Parameter]:
    """Returns the command's own parameters with their annotations evaluated (the injected ones left out)."""
    own = []
    for parameter in inspect.signature(command).parameters.values():
        if parameter.name in INJECTED:
            continue
        annotation = parameter.annotation
        if isinstance(annotation, str):
            annotation = eval(annotation, command.__globals__)  # as Typer would, in the module of the command
        own.append(parameter.replace(annotation=annotation, kind=inspect.Parameter.KEYWORD_ONLY))
    return own


def print_options(
    *,
    size: int = 4,
    groups: int = 1,
    players: int = 2,
    teams: bool = False,
    target: int = 0,
    first_sos_wins: bool = False,
    lang: Lang = Lang.EN,
    paper: PaperChoice = PaperChoice.A4,
    notation: NotationChoice = NotationChoice.A1,
    large_print: bool = False,
    two_per_page: bool = False,
    class_name: str = "",
) -> PrintOptions:
    """Turns command-line choices into print options; contradictory choices are usage errors."""
    from sos_print.engine.grid import all_segments
    from sos_print.engine.notation import Notation
    from sos_print.plans.layout import Paper
    from sos_print.plans.options import Language, PrintOptions

    variant = variant_of(players=players, teams=teams, target=target, first_sos_wins=first_sos_wins)
    if two_per_page and size > 4:
        usage(f"--two-per-page fits boards of 3x3 and 4x4 only, not --size {size}")
    lines = len(all_segments(size))
    if target > lines:
        usage(
            f"--target {target} cannot be reached: a {size} × {size} board has {lines} lines of three cells, "
            f"so no side can score more than {lines} points"
        )
    class_name = printable_class_name(class_name)
    return PrintOptions(
        size=size,
        groups=groups,
        variant=variant,
        language=Language(lang.value),
        paper=Paper(paper.value),
        notation=Notation(notation.value),
        large_print=large_print,
        two_per_page=two_per_page,
        class_name=class_name,
    )


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


def usage(message: str) -> NoReturn:
    """Reports a usage error and exits with status 2."""
    from sos_print.cli.process import say

    say(f"Usage error: {message}", err=True)
    raise typer.Exit(2)
