"""Options and reading shared by the commands that take game records: `check`, `analyse` and `replay`.

A record is a worked-example file (.toml, which says its own board and game), a CSV file typed
from a filled scoring audit (.csv: its board size, players and notation come from the options),
or a filled PDF audit (.pdf, which says its own game in the form).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

import typer

from sos_print.cli.options import given_options, usage, variant_of
from sos_print.cli.process import say
from sos_print.engine.frozen import frozen
from sos_print.engine.notation import Notation

if TYPE_CHECKING:
    from sos_print.engine.check import CheckedExample
    from sos_print.engine.examples import Example

RecordSize = Annotated[
    int | None,
    typer.Option(
        "--size",
        min=3,
        max=8,
        show_default=False,
        help="The board size of CSV records, from 3 to 8: a CSV file does not say it (a .toml or .pdf file does).",
    ),
]
RecordNotation = Annotated[
    Notation,
    typer.Option(
        "--notation",
        case_sensitive=False,
        help="How the cells of CSV records are written: A1 (column letter, row from the bottom) or L1C1.",
    ),
]
# The parameters that describe CSV records, as the commands' signatures name them.
RECORD_OPTIONS = ("size", "players", "teams", "target", "first_sos_wins", "notation")


@frozen
class RecordChoices:
    """Holds what the options say of CSV records: the board size, the game, the notation, and which were given."""

    size: int | None
    players: int
    teams: bool
    target: int
    first_sos_wins: bool
    notation: Notation
    given: tuple[str, ...]  # the flags given on the command line, such as "--size"


def record_choices(
    context: typer.Context,
    *,
    size: int | None,
    players: int,
    teams: bool,
    target: int,
    first_sos_wins: bool,
    notation: Notation,
) -> RecordChoices:
    """Returns what a record command was told of CSV records, and which of those options were given."""
    given = tuple(given_options(context, *RECORD_OPTIONS))
    return RecordChoices(size, players, teams, target, first_sos_wins, notation, given)


def record_loader(paths: list[str], records: RecordChoices) -> Callable[[str], Example]:
    """Returns the function that reads one record of `paths`, by its kind; a CSV without --size is a usage error."""
    from sos_print.engine.errors import ExampleFileError, shown
    from sos_print.engine.examples import is_example, load_example
    from sos_print.engine.files import is_pdf
    from sos_print.engine.records import RecordOptions, load_csv_record, saved_otherwise

    if "" in paths:  # a script's unset variable ("$FILE"): a line naming nothing would follow
        usage("a path given is empty: give a file or folder name")
    variant = variant_of(
        players=records.players,
        teams=records.teams,
        target=records.target,
        first_sos_wins=records.first_sos_wins,
        players_given="--players" in records.given,
    )
    tables = [path for path in paths if is_table(path)]
    # A missing file is "no such file", and a PDF "a PDF, not a CSV record", said when read: no size would help.
    sized = [path for path in tables if os.path.lexists(path) and not is_pdf(path)]
    if sized and records.size is None:
        usage(f"{shown(sized[0])}: a CSV record does not say its board size: give it with --size (3 to 8)")
    folders = any(os.path.isdir(path) for path in paths)  # a folder may hold CSV records
    # A file named otherwise that is no example or PDF either is told what it is not when read, never this.
    says_its_game = all(path.lower().endswith((".toml", ".pdf")) or is_pdf(path) or is_example(path) for path in paths)
    if not tables and not folders and says_its_game and records.given:
        flags, one = ", ".join(records.given), len(records.given) == 1
        # "--size: these options" spoke of one option as of several (review nt64, 5).
        usage(
            f"{flags} {'describes' if one else 'describe'} CSV records (.csv); a .toml or .pdf file says its own "
            f"game: leave {'it' if one else 'them'} out"
        )
    if records.size is not None:
        from sos_print.engine.capacity import check_target
        from sos_print.engine.errors import VariantError

        try:
            check_target(variant.target, records.size)
        except VariantError as error:
            usage(str(error))
    options = RecordOptions(records.size or 4, variant, records.notation)

    def load(path: str) -> Example:
        if is_table(path):
            return load_csv_record(path, options)
        if path.lower().endswith(".pdf") or is_pdf(path):  # a filled audit saved as "group 2.pdf.bak" is one too
            from sos_print.forms.filled import load_filled_audit  # pypdf, loaded only for a PDF

            return load_filled_audit(path)
        if path.lower().endswith(".toml"):
            return load_example(path)
        try:
            return load_example(path)
        except ExampleFileError as error:  # a name that says nothing, and a text that is no example either
            unread = error.message.startswith(("TOML syntax error", "is a JSON file"))
            if unread and (saved := saved_otherwise(path)):  # a record saved as a web page or as JSON
                raise ExampleFileError(path, f"is {saved}", unread=True) from None
            if not error.message.startswith("TOML syntax error") or is_example(path):  # one with a mistake in it
                raise
            raise ExampleFileError(path, NOT_A_RECORD, unread=True) from None

    return load


# Said of a file whose name ends otherwise and whose text is neither an example, a record nor a PDF.
NOT_A_RECORD = (
    "is not a worked example (TOML), a game record (CSV with its header row) or a filled audit (PDF); their names "
    "end in .toml, .csv, .tsv, .txt or .pdf"
)


def played_record(record: str, records: RecordChoices, empty: str) -> CheckedExample:
    """Returns the game one record plays; a record that cannot be played, holds no move, or whose writers take their
    turns as another number of players than the one given (`in_turn`), ends the run (status 1).

    `empty` ends the line said when the record holds no move ("holds no move to replay").
    """
    from sos_print.engine.check import filled_corner, players_in_turn, replay_example
    from sos_print.engine.errors import SosError, shown

    if os.path.isdir(record):  # "is a folder, not an example file" spoke of examples to a command of one record (ad64)
        say(f"sos-print: {shown(record)}: is a folder: give one game record (.csv, .pdf or .toml)", err=True)
        raise typer.Exit(1)
    try:
        game = replay_example(record_loader([record], records)(record))
    except SosError as error:
        say(f"sos-print: {error}", err=True)
        raise typer.Exit(1) from None
    if not game.steps:
        say(f"sos-print: {shown(record)}: {empty}", err=True)
        raise typer.Exit(1)
    if is_table(record) and (players := players_in_turn(game)):
        # A note alone let a replay charge a 2-player game read as a game of 3 with eight mistakes (ad70, 1).
        say(f"sos-print: {shown(record)}: {in_turn(players, records.teams)}", err=True)
        raise typer.Exit(1)
    if is_table(record) and filled_corner(game):
        say(f"note: {shown(record)}: {unfinished(game)}", err=True)
    if game.example.skipped:
        if (out := _left_out(game)) is not None:
            # Read on, the moves under a move left out were charged to the other player: the replay's story gave A's
            # S-O-S to B and "13 mistakes" the children did not make (French read fr75, 1).
            say(f"sos-print: {shown(record)}: {skipped_rows(game.example.skipped, left_out=out)}", err=True)
            raise typer.Exit(1)
        say(f"note: {shown(record)}: {skipped_rows(game.example.skipped)}", err=True)
    return game


def _left_out(game: CheckedExample) -> int | None:
    """Returns the first row under a filled audit's first row left empty that was written out of turn, if one was: a
    move left out there, not a row skipped; else None. Only the row just under it was looked at: under a scoring move
    left out, whose player writes again, that row is in turn by chance, and the story went wrong one row later (sweep
    ad80, 2)."""
    from sos_print.engine.check import check_rows

    empty = game.example.skipped[0]
    checked = check_rows(game)
    return next(
        (
            move.row
            for k, move in enumerate(game.example.moves)
            if move.row is not None and move.row > empty and "player" in checked[k].wrong
        ),
        None,
    )


def skipped_rows(rows: tuple[int, ...], left_out: int | None = None) -> str:
    """Says which rows of a filled audit are empty above filled ones, and how the moves are read: a row blanked in the
    middle of a game gave five problems on the rows below it and no word of the empty one (ad70, 2); or, where row
    `left_out` under them is out of turn, that a move was left out there."""
    from sos_print.engine.errors import rows_said

    named = rows_said(rows)
    verb = "is" if len(rows) == 1 else "are"
    if left_out is not None:
        return (
            f"{named} of the audit {verb} empty, and row {left_out} under {'it' if len(rows) == 1 else 'them'} is out "
            "of turn: a move was left out there; fill in its row (check names each problem)"
        )
    return (
        f"{named} of the audit {verb} empty, above filled rows: each filled row is read as the next move; "
        "if a move was left out, fill in its row"
    )


def unfinished(game: CheckedExample) -> str:
    """Says how a record that stops before the end of its game stops: how many cells it left empty, and, for a CSV
    (whose size --size gives) whose moves fill a smaller board's cells, which size to give. A whole 4 x 4 game checked
    with --size 5 held every claim and said nothing (review nt62, 3); replay and analyse drew and weighed it on
    5 x 5 without a word (ad66, 2)."""
    from sos_print.engine.check import filled_corner

    size, moves = game.example.size, len(game.steps)
    empty = size * size - game.final.board.filled()
    said = (
        f"the record stops after {moves} {'move' if moves == 1 else 'moves'}, before the end of the game: "
        f"{empty} of the {size} × {size} board's cells {'is' if empty == 1 else 'are'} empty"
    )
    smaller = filled_corner(game) if is_table(game.example.path) else 0
    if smaller:
        said += f"; if the game was played on {smaller} × {smaller}, give --size {smaller}"
    return said


def in_turn(players: int, teams: bool) -> str:
    """Says which --players a CSV record's turns fit, where the number given puts moves out of turn: a 2-player
    record read as a game of 3 was checked as eight moves out of turn, and weighed as C's moves, without a word of
    why (review nt62, 8)."""
    instead = " instead of --teams" if teams else ""
    return (
        f"each move is written by the player whose turn it is in a game of {players} players: "
        f"give --players {players}{instead}"
    )


def is_table(path: str) -> bool:
    """Tells whether `path` is a table typed from an audit, by its name or its content (`is_typed_record`)."""
    from sos_print.engine.records import is_typed_record

    return is_typed_record(path)
