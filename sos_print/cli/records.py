"""Options and reading shared by the commands that take game records: `check`, `analyse` and `replay`.

A record is a worked-example file (.toml, which says its own board and game), a CSV file typed
from a filled scoring audit (.csv: its board size, players and notation come from the options),
or a filled PDF audit (.pdf, which says its own game in the form).
"""

from __future__ import annotations

import functools
import inspect
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

from sos_print.cli.options import (
    FIRST_SOS_WINS,
    PLAYERS,
    TARGET,
    TEAMS,
    NotationChoice,
    keyword_parameter,
    own_parameters,
    usage,
    variant_of,
)
from sos_print.cli.process import say
from sos_print.engine.frozen import frozen

if TYPE_CHECKING:
    from sos_print.engine.check import CheckedExample
    from sos_print.engine.examples import Example

RECORD_SIZE = Annotated[
    int | None,
    typer.Option(
        "--size",
        min=3,
        max=8,
        show_default=False,
        help="The board size of CSV records, from 3 to 8: a CSV file does not say it (a .toml or .pdf file does).",
    ),
]
RECORD_NOTATION = Annotated[
    NotationChoice,
    typer.Option(
        "--notation",
        case_sensitive=False,
        help="How the cells of CSV records are written: A1 (column letter, row from the bottom) or L1C1.",
    ),
]


@frozen
class RecordChoices:
    """Holds what the options say of CSV records: the board size, the game and the notation of their cells."""

    size: int | None = None
    players: int = 2
    teams: bool = False
    target: int = 0
    first_sos_wins: bool = False
    notation: NotationChoice = NotationChoice.A1

    def given(self) -> list[str]:
        """Returns the game options chosen on the command line (those that differ from their defaults)."""
        flags = [("--size", self.size is not None), ("--players", self.players != 2), ("--teams", self.teams)]
        flags += [("--target", self.target != 0), ("--first-sos-wins", self.first_sos_wins)]
        return [flag for flag, chosen in flags if chosen]


RECORD_OPTIONS = {
    "size": (RECORD_SIZE, None),
    "players": (PLAYERS, 2),
    "teams": (TEAMS, False),
    "target": (TARGET, 0),
    "first_sos_wins": (FIRST_SOS_WINS, False),
    "notation": (RECORD_NOTATION, NotationChoice.A1),
}


def recording(command: Callable[..., None]) -> Callable[..., None]:
    """Gives a command the options that describe CSV records, after its own, as one `records` argument."""
    own = [parameter for parameter in own_parameters(command) if parameter.name != "records"]
    added = [keyword_parameter(name, *RECORD_OPTIONS[name]) for name in RECORD_OPTIONS]
    parameters = [*own, *added]

    @functools.wraps(command)
    def run(**chosen: Any) -> None:
        records = RecordChoices(**{name: chosen.pop(name) for name in RECORD_OPTIONS})
        command(records=records, **chosen)

    del run.__wrapped__  # Typer (or `printing`) must read the signature below, not the command's own
    run.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    run.__annotations__ = {parameter.name: parameter.annotation for parameter in parameters}
    return run


def record_loader(paths: list[str], records: RecordChoices) -> Callable[[str], Example]:
    """Returns the function that reads one record of `paths`, by its kind; a CSV without --size is a usage error."""
    from sos_print.engine.examples import load_example
    from sos_print.engine.notation import Notation
    from sos_print.engine.records import RecordOptions, load_csv_record

    variant = variant_of(
        players=records.players, teams=records.teams, target=records.target, first_sos_wins=records.first_sos_wins
    )
    tables = [path for path in paths if is_table(path)]
    sized = [path for path in tables if os.path.lexists(path)]  # a missing file is "no such file", said when read
    if sized and records.size is None:
        usage(f"{sized[0]}: a CSV record does not say its board size: give it with --size (3 to 8)")
    given = records.given()
    folders = any(os.path.isdir(path) for path in paths)  # a folder may hold CSV records
    if not tables and not folders and (given or records.notation is not NotationChoice.A1):
        flags = ", ".join(given or ["--notation"])
        usage(f"{flags}: these options describe CSV records (.csv); a .toml or .pdf file says its own game")
    options = RecordOptions(records.size or 4, variant, Notation(records.notation.value))

    def load(path: str) -> Example:
        if is_table(path):
            return load_csv_record(path, options)
        if path.lower().endswith(".pdf"):
            from sos_print.forms.filled import load_filled_audit  # pypdf, loaded only for a PDF

            return load_filled_audit(path)
        return load_example(path)

    return load


def played_record(record: str, records: RecordChoices, empty: str) -> CheckedExample:
    """Returns the game one record plays; a record that cannot be played, or holds no move, ends the run (status 1).

    `empty` ends the line said when the record holds no move ("holds no move to replay").
    """
    from sos_print.engine.check import replay_example
    from sos_print.engine.errors import SosError, shown

    try:
        game = replay_example(record_loader([record], records)(record))
    except SosError as error:
        say(f"sos-print: {error}", err=True)
        raise typer.Exit(1) from None
    if not game.steps:
        say(f"sos-print: {shown(record)}: {empty}", err=True)
        raise typer.Exit(1)
    return game


def is_table(path: str) -> bool:
    """Tells whether `path` names a table typed from an audit (.csv, or .tsv and .txt as spreadsheets export)."""
    return path.lower().endswith((".csv", ".tsv", ".txt"))
