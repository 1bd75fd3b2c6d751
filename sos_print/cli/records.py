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

from sos_print.cli.options import NotationChoice, usage, variant_of
from sos_print.cli.process import say

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


def record_loader(
    paths: list[str],
    *,
    size: int | None,
    players: int,
    teams: bool,
    target: int,
    first_sos_wins: bool,
    notation: NotationChoice,
) -> Callable[[str], Example]:
    """Returns the function that reads one record of `paths`, by its kind; a CSV without --size is a usage error."""
    from sos_print.engine.examples import load_example
    from sos_print.engine.notation import Notation
    from sos_print.engine.records import RecordOptions, load_csv_record

    variant = variant_of(players=players, teams=teams, target=target, first_sos_wins=first_sos_wins)
    tables = [path for path in paths if is_table(path)]
    sized = [path for path in tables if os.path.lexists(path)]  # a missing file is "no such file", said when read
    if sized and size is None:
        usage(f"{sized[0]}: a CSV record does not say its board size: give it with --size (3 to 8)")
    given = _given(size=size, players=players, teams=teams, target=target, first_sos_wins=first_sos_wins)
    folders = any(os.path.isdir(path) for path in paths)  # a folder may hold CSV records
    if not tables and not folders and (given or notation is not NotationChoice.A1):
        flags = ", ".join(given or ["--notation"])
        usage(f"{flags}: these options describe CSV records (.csv); a .toml or .pdf file says its own game")
    options = RecordOptions(size or 4, variant, Notation(notation.value))

    def load(path: str) -> Example:
        if is_table(path):
            return load_csv_record(path, options)
        if path.lower().endswith(".pdf"):
            from sos_print.pdf.filled import load_filled_audit  # pypdf, loaded only for a PDF

            return load_filled_audit(path)
        return load_example(path)

    return load


def played_record(
    record: str,
    *,
    size: int | None,
    players: int,
    teams: bool,
    target: int,
    first_sos_wins: bool,
    notation: NotationChoice,
    empty: str,
) -> CheckedExample:
    """Returns the game one record plays; a record that cannot be played, or holds no move, ends the run (status 1).

    `empty` ends the line said when the record holds no move ("holds no move to replay").
    """
    from sos_print.engine.check import replay_example
    from sos_print.engine.errors import SosError, shown

    load = record_loader(
        [record],
        size=size,
        players=players,
        teams=teams,
        target=target,
        first_sos_wins=first_sos_wins,
        notation=notation,
    )
    try:
        game = replay_example(load(record))
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


def _given(*, size: int | None, players: int, teams: bool, target: int, first_sos_wins: bool) -> list[str]:
    flags = [("--size", size is not None), ("--players", players != 2), ("--teams", teams)]
    flags += [("--target", target != 0), ("--first-sos-wins", first_sos_wins)]
    return [flag for flag, chosen in flags if chosen]
