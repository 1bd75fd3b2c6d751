"""The `replay` command: one recorded game on paper for the class, its audit checked and its moves weighed.

The record is read and played first: a record that cannot be played (a file that cannot be
read, an illegal move) is one line and status 1, before anything else is done. False claims
are what the replay is for: they are printed corrected. The analysis runs while the PDF is
made, after the output file has been checked, so that a file that may not be overwritten is
refused at once; an interruption then leaves nothing written. A class name or a date typed in
a filled audit that the header strip cannot hold is the file's error too (one line, status 1,
naming the form's field), said before the moves are weighed.
"""

# No `from __future__ import annotations`: Typer reads these signatures at run time.

import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from sos_print.cli.application import app
from sos_print.cli.options import (
    ClassName,
    FirstSosWins,
    Force,
    Lang,
    LargePrint,
    Names,
    PaperSize,
    Players,
    ReplayFile,
    Target,
    Teams,
    given_options,
    print_options,
    refuse_undecoded,
    usage,
)
from sos_print.cli.process import clear_progress_line, progress_line, say
from sos_print.cli.records import RecordNotation, RecordSize, played_record, record_choices
from sos_print.cli.run import ProgressFn, run
from sos_print.documents.registry import Inputs, document
from sos_print.engine.frozen import replace
from sos_print.engine.notation import Notation
from sos_print.plans.layout import Paper
from sos_print.plans.options import Language

if TYPE_CHECKING:
    from sos_print.documents.common import Rendered
    from sos_print.engine.check import CheckedExample
    from sos_print.engine.examples import GameHeader
    from sos_print.plans.options import PrintOptions


LONG_REPLAY = 16  # pages: a replay longer than this, drawn after each scoring move, is told how to be shorter


@app.command(no_args_is_help=True)
def replay(
    context: typer.Context,
    record: Annotated[
        str,
        typer.Argument(
            help=(
                "The game: a worked-example file (.toml), a record typed from a filled score sheet "
                "(.csv), or a score sheet filled in on a tablet (.pdf)."
            ),
            metavar="RECORD",
            show_default=False,
        ),
    ],
    out: ReplayFile = None,
    every: Annotated[
        int | None,
        typer.Option(
            "--every",
            min=1,
            max=64,
            show_default=False,
            help="Draw the board every N moves instead of after each move that scores (and always after the last).",
        ),
    ] = None,
    print_notation: Annotated[
        Notation | None,
        typer.Option(
            "--print-notation",
            case_sensitive=False,
            show_default=False,
            help="How the printed pages name cells, A1 or L1C1; by default as the record names them.",
        ),
    ] = None,
    size: RecordSize = None,
    players: Players = 2,
    teams: Teams = False,
    target: Target = 0,
    first_sos_wins: FirstSosWins = False,
    notation: RecordNotation = Notation.A1,
    language: Lang = Language.EN,
    paper: PaperSize = Paper.A4,
    large_print: LargePrint = False,
    class_name: ClassName = "",
    names: Names = None,
    force: Force = False,
) -> None:
    """Write one recorded game as a replay for the class: diagrams, the score sheet checked, and every move weighed."""
    look = print_options(language=language, paper=paper, large_print=large_print, class_name=class_name)
    game = played_record(
        record,
        record_choices(
            context,
            size=size,
            players=players,
            teams=teams,
            target=target,
            first_sos_wins=first_sos_wins,
            notation=notation,
        ),
        empty="holds no move to replay",
    )
    if game.example.header.lang and not given_options(context, "language"):
        # A French class's filled audit was replayed in English unless --lang was given (review nt64, 1).
        look = replace(look, language=Language(game.example.header.lang))
    given = parsed_names(names or (), game.example.variant.seats)
    header = printed_header(record, game.example.header, given, look, game.example.variant.seats)
    example = replace(game.example, header=header)
    game = replace(game, example=example)
    options = replace(
        look,
        size=example.size,
        variant=example.variant,
        notation=print_notation or example.notation,
        class_name=header.class_name,
    )

    made: list[Rendered] = []

    def render(progress: ProgressFn) -> list["Rendered"]:
        _fit_header(record, options, header, bool(look.class_name))  # before the weighing: a refusal comes at once
        made[:] = [_render(options, game, every or 0, progress)]
        return made

    run([out or replay_file(record)], force, render, inputs=[record])
    if every is None and made and made[0].pages > LONG_REPLAY:
        # A crowded 8 x 8 game drew a board after each of its scoring moves, 32 pages (review rv61, 4).
        say(
            f"note: the replay takes {made[0].pages} pages, a board after each move that scores; "
            "--every 8 draws one every 8 moves instead",
            err=True,
        )


def replay_file(record: str) -> Path:
    """Returns the file a replay of `record` is written to when --out is not given: its name, then -replay.pdf."""
    # ".csv" (a name of a suffix alone) would replay to the hidden ".csv-replay.pdf" (ad64, 5).
    return Path(f"{Path(record).stem.lstrip('.') or 'record'}-replay.pdf")


def parsed_names(texts: Sequence[str], seats: tuple[str, ...]) -> dict[str, str]:
    """Returns the names every `--names` gives ("A=Léa,B=Tom", or with semicolons as French lists have them), by
    seat, as one list; a malformed list, or a seat named twice, is a usage error naming the entry by its place (entry
    1, 2...) and never its text, which holds a child's name."""
    import re

    from sos_print.engine.roster import clean_name
    from sos_print.forms.fields import NAME_LENGTH

    for text in texts:
        refuse_undecoded("--names", text)
    found: dict[str, str] = {}
    for entry, (item, separator) in enumerate(_name_items(texts), start=1):
        word = "semicolons" if separator == ";" else "commas"
        seat, equals, name = item.partition("=")
        if re.search(r"[\s,][A-Da-d]\s*=", name):  # two names run together: "A=Léa B=Tom", "A=Léa;B=Tom,C=Zoé"
            usage(f"--names: entry {entry} names more than one seat; separate them with {word}")
        if "=" in name:
            usage(f"--names: entry {entry}: a name cannot hold '='")
        seat, name = seat.strip().upper(), clean_name(name)
        if not equals and found and separator == ",":  # "A=Dupont, Léa,B=Martin, Tom"
            usage(
                f"--names: entry {entry} is not SEAT=NAME; if a name holds a comma, separate the seats with"
                " semicolons: A=Dupont, Léa;B=Martin, Tom"
            )
        if equals and seat in ("A", "B", "C", "D") and seat not in seats:
            usage(
                f"--names: entry {entry} is for seat {seat}, which a {len(seats)}-player game has not: "
                f"name seats {', '.join(seats)}"
            )
        if not equals or seat not in seats:
            # How to write it, with no name for an example: a message never prints one (review nt64, 14).
            usage(
                f"--names: entry {entry} is not SEAT=NAME with a seat of this game ({', '.join(seats)}): write the "
                "seat's letter, =, and the name, with commas between seats"
            )
        if seat in found:
            usage(f"--names: seat {seat} is named twice")
        if not name:
            usage(f"--names: seat {seat} has no name after its =")
        if len(name) > NAME_LENGTH:
            usage(f"--names: the name of {seat} has {len(name)} characters; a name takes at most {NAME_LENGTH}")
        # "A (B)" beside "A" read as one player (ad89, 12)
        if len(name) == 1 and name.upper() in seats and name.upper() != seat:
            usage(f"--names: the name of {seat} is {name.upper()}, another seat's letter: give the player's name")
        _printable(f"--names: name of {seat}", name, usage)
        found[seat] = name
    if texts and not found:  # "--names ''" or "--names ," named nobody, and the replay said nothing of it (ad64, 8)
        usage("--names names no seat: write the seat's letter, =, and the name, with commas between seats")
    return found


def _name_items(texts: Sequence[str]) -> Iterator[tuple[str, str]]:
    """Yields each `--names` text's items, with its separator: a semicolon where the text holds one (its commas then
    belong to the names: "A=Dupont, Léa;B=Martin, Tom"), else a comma."""
    for text in texts:
        core = text.strip().rstrip(",;")  # a separator typed after the last name ("A=Léa;B=Tom,") parts nothing
        seated = all(re.match(r"\s*[A-Za-z]\s*=", item) for item in core.split(","))
        separator = ";" if ";" in core or (";" in text and not seated) else ","  # "A=Dupont, Léa;", "A=Léa,B=Tom;"
        yield from ((item, separator) for item in core.split(separator) if item.strip())


def printed_header(
    record: str, header: "GameHeader", names: dict[str, str], look: "PrintOptions", played: Sequence[str] = "ABCD"
) -> "GameHeader":
    """Returns what the replay prints of who played: `--names` over the record's names, `--class-name` over its
    class. A text of the record that the font cannot print ends the run (status 1), naming the file and the option
    that would replace it; one an option replaces is never printed, so never checked (the options' own are, as usage
    errors). A name that is the letter of another of the game's seats (`played`) gets a note."""
    from sos_print.engine.errors import quoted, shown
    from sos_print.engine.roster import clean_name
    from sos_print.forms.fields import group_field

    # A name of invisible characters alone is no name: "Players:  (A) and B" (ad92, 6)
    named = {seat: clean for seat, name in {**dict(header.names), **names}.items() if (clean := clean_name(name))}
    printed = replace(
        header,
        names=tuple((seat, named[seat]) for seat in sorted(named)),
        class_name=look.class_name or header.class_name,
    )
    remedies = {f"name of {seat}": f"; replace it with --names {seat}=NAME" for seat in named}
    remedies["class name"] = "; replace it with --class-name NAME"
    if header.group:  # a filled audit's: no option replaces a date
        remedies["date"] = f"; correct its field {quoted(group_field(header.group, 'date'))} in the form"
    for what, text in printed.texts():
        remedy = remedies.get(what, "")

        def refuse(message: str, remedy: str = remedy) -> NoReturn:
            say(f"sos-print: {shown(record)}: {message}{remedy}", err=True)
            raise typer.Exit(1)

        _printable(what, text, refuse)
    seats: dict[str, list[str]] = {}
    for seat, name in sorted(named.items()):
        seats.setdefault(name.casefold(), []).append(seat)
    # "--names A=Tom" over a form whose B is Tom printed "Tom (A) and Tom (B)" without a word (sweep ad66)
    if twins := [", ".join(same[:-1]) + " and " + same[-1] for same in seats.values() if len(same) > 1]:
        said = f"{twins[0]} have the same name" if len(twins) == 1 else f"{twins[0]} have one name, {twins[1]} another"
        say(f"note: {shown(record)}: seats {said}: give --names with an initial to tell them apart", err=True)
    # A form whose B is named "A" printed "A and A (B)" and "Player A wins" of B's win without a word (ad89, 12)
    for seat, letter in sorted((seat, name.strip().upper()) for seat, name in named.items()):
        if letter in played and len(letter) == 1 and letter != seat:  # the game's: "C" is a name in a game of two
            another = f"the name of {seat} is {letter}, another seat's letter"
            say(f"note: {shown(record)}: {another}: give --names {seat}=NAME", err=True)
    return printed


def _printable(what: str, text: str, refuse: "Callable[[str], NoReturn]") -> None:
    """Refuses a text with a character the font cannot print: one line naming it and its code point."""
    from sos_print.pdf.fonts import missing_characters, not_in_font

    missing = missing_characters(text)
    if missing:
        refuse(not_in_font(what, missing))


def _fit_header(record: str, options: "PrintOptions", header: "GameHeader", class_given: bool) -> None:
    """Checks that the replay's header strip holds the class name and the date. A text typed in the record that it
    cannot hold is the file's error (status 1), naming the file and the form's field: the user gave no option to
    change; a `--class-name` it cannot hold stays a usage error."""
    from sos_print.documents.replay import fit_header
    from sos_print.engine.errors import ExampleFileError, quoted
    from sos_print.forms.fields import group_field
    from sos_print.plans.layout import StripTextError

    try:
        fit_header(options, header)
    except StripTextError as error:
        if error.what == "class name" and class_given:
            raise  # `run` says it as the usage error it is
        field = group_field(header.group, _FIELDS[error.what])
        remedy = "give a shorter one with --class-name NAME" if error.what == "class name" else "correct it in the form"
        raise ExampleFileError(
            record,
            f"the {error.what} in its field {quoted(field)} is too long for the replay's header: "
            f"at most about {error.most} characters here ({error.given} given); {remedy}",
        ) from None


_FIELDS = {"class name": "class", "date": "date"}  # the form's field (`forms.fields`) of each text of the strip


def _render(options: "PrintOptions", game: "CheckedExample", every: int, progress: ProgressFn) -> "Rendered":
    """Weighs every move (a progress line on a terminal: it takes seconds on 4 x 4), then draws the replay."""
    from sos_print.engine.analysis import analyse_game

    try:
        moves = analyse_game(
            game.start, game.steps, progress_line(lambda done, total: f"weighing move {done} of {total}")
        )
    finally:
        clear_progress_line()
    return document("replay").make(options, Inputs(game=game, moves=moves, every=every), progress)
