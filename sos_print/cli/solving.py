"""The `solve` command: every move of a position weighed with perfect play, in words or as JSON.

Exit codes: 0 solved; 1 a worked-example file that cannot be used, or a game already over
(nothing is left to weigh); 2 a usage error, including a BOARD that cannot be read, a
position with more empty cells than the solver takes, one whose search would cost more than the
empty 4 x 4 board's (it stops there) and a variant it cannot weigh; 130
when the search is interrupted (Ctrl-C).
"""

# No `from __future__ import annotations`: Typer reads these signatures at run time.

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from sos_print.cli.application import app
from sos_print.cli.options import (
    FirstSosWins,
    Players,
    Target,
    Teams,
    given_options,
    refuse_undecoded,
    usage,
    variant_of,
)
from sos_print.cli.process import clear_progress_line, progress_line, say
from sos_print.engine.notation import Notation

SEARCH_STOPPED = "the search stopped before it finished"
FILE_HINT = " (or give a worked-example file ending in .toml)"  # the web page's field takes no file: it leaves it out

if TYPE_CHECKING:
    from sos_print.engine.rules import Position, Variant
    from sos_print.engine.solver import MoveValue, Solution


def _seat(text: str) -> str:
    """Reads --to-move: a seat of the game, A to D, in either case."""
    from sos_print.engine.rules import SEATS

    seat = text.strip().upper()
    if len(seat) != 1 or seat not in SEATS:
        # The seats as every page prints them: "'e' is not one of 'a', 'b', 'c', 'd'" (ad83, 14)
        raise typer.BadParameter(f"{text!r} is not a seat: give {', '.join(SEATS[:-1])} or {SEATS[-1]}.")
    return seat


@app.command(no_args_is_help=True)
def solve(
    context: typer.Context,
    board: Annotated[
        str,
        typer.Argument(
            help=(
                'The position: its rows from top to bottom separated by "/", each cell S, O or "." '
                "(like S.O./..S./O.../..O.), or a worked-example file (.toml), taken after its moves."
            ),
            metavar="BOARD",
            show_default=False,
        ),
    ],
    notation: Annotated[
        Notation | None,
        typer.Option(
            "--notation",
            case_sensitive=False,
            help=(
                "How cells are named: A1 (column letter, row from the bottom) or L1C1 (line from the top, "
                "column). The default is A1, or the notation of a worked-example file."
            ),
        ),
    ] = None,
    json_output: Annotated[
        bool,
        typer.Option(
            "--json",
            help='Print one JSON object instead of sentences: {"value": ..., "moves": [...], "best": [...]}.',
        ),
    ] = False,
    to_move: Annotated[
        str | None,
        typer.Option(
            "--to-move",
            parser=_seat,
            metavar="<A|B|C|D>",
            help="The seat whose turn it is on a BOARD, to name it in the sentences (a file says it itself).",
        ),
    ] = None,
    players: Players = 2,
    teams: Teams = False,
    target: Target = 0,
    first_sos_wins: FirstSosWins = False,
) -> None:
    """Weigh every move of a position with perfect play: the points it scores now and what it wins or loses by."""
    from sos_print.engine.errors import SolverError, SosError, UnsolvableVariantError
    from sos_print.engine.solver import WORK_LIMIT, check_solvable
    from sos_print.engine.solver import solve as solve_position
    from sos_print.system import interrupts

    given = given_options(context, "players", "teams", "target", "first_sos_wins", "to_move")
    try:
        _refuse_other_file(board)
        if _is_file(board):
            if given:
                usage(f"{', '.join(given)}: a worked-example file says its own game and whose turn it is")
            position, file_notation = _file_position(board)
        else:
            variant = variant_of(
                players=players,
                teams=teams,
                target=target,
                first_sos_wins=first_sos_wins,
                players_given="--players" in given,
            )
            position, file_notation = _board_position(board, variant, to_move), None
        check_solvable(position)
    except UnsolvableVariantError as error:  # the options that chose the game are named, the first one's field marked
        chosen_by = [] if _is_file(board) else [flag for flag in given if flag != "--to-move"]
        if not chosen_by:
            usage(str(error), field="board")
        field = next(parameter.name for parameter in context.command.params if chosen_by[0] in parameter.opts)
        usage(f"{', '.join(chosen_by)}: {error}", field=field)
    except SolverError as error:
        usage(str(error), field="board")
    except SosError as error:
        say(f"sos-print: {error}", err=True)
        raise typer.Exit(1) from None
    chosen = notation or file_notation or Notation.A1
    if position.is_over:
        say("sos-print: the game is over: every cell holds a letter, so no move is left to weigh", err=True)
        raise typer.Exit(1)
    named = to_move is not None or file_notation is not None
    if not json_output:
        say(_header(position, chosen, named))
    interrupts.set_outcome(SEARCH_STOPPED)  # Ctrl-C from here on: one line, status 130 (see cli.main)
    try:
        solution = solve_position(position, progress=progress_line(_searching), budget=WORK_LIMIT)
    except SolverError as error:
        usage(str(error))
    finally:
        clear_progress_line()
    interrupts.checkpoint()  # never the whole answer, then "interrupted: the search stopped" (ad83, 2)
    if json_output:
        say(json.dumps(solution_json(solution, position.board.size, chosen)))
    else:
        say(_sentences(solution, position, chosen, named))


def solution_json(solution: "Solution", size: int, notation: "Notation") -> dict[str, object]:
    """Returns the JSON object of `solve --json`: the value, every move best first, and the best moves."""
    from sos_print.engine.notation import cell_name

    def cell(entry: "MoveValue") -> dict[str, object]:
        return {"cell": cell_name(entry.move.cell, size, notation), "letter": entry.move.letter.value}

    return {
        "value": solution.value,
        "moves": [{**cell(entry), "points": entry.points, "value": entry.value} for entry in solution.moves],
        "best": [cell(entry) for entry in solution.best],
    }


def _refuse_other_file(argument: str) -> None:
    """Refuses a BOARD that names a folder or a device: read as a board, "/dev/null" was a row 'dev' of bad cells."""
    import stat

    from sos_print.engine.errors import shown
    from sos_print.engine.files import file_kind

    if argument.lower().endswith(".toml"):  # an example file: refused as other commands refuse it, by load_example
        return
    if _board_text(argument):
        return
    try:
        mode = os.stat(argument).st_mode
    except (OSError, ValueError):  # no such path (a board), a name too long for any file, or with a NUL in it
        return
    if not stat.S_ISREG(mode):
        kind = "a folder" if stat.S_ISDIR(mode) else file_kind(mode)
        usage(f"{shown(argument)}: solve takes a board or a worked example (.toml), not {kind}", field="board")


def _board_text(argument: str) -> bool:
    """Tells whether `argument` holds only what a board is written with (S, O, dots, slashes and spaces): it is then
    read as a board, never looked up as a path. The web page's position, "../.." or "/", was looked up on the
    server, whose answer ("not a folder") told what exists there (sweep ad73, 2)."""
    import re

    return re.fullmatch(r"[SOso./\s]*", argument) is not None


def _is_file(argument: str) -> bool:
    if _board_text(argument):
        return False
    try:
        # A record's name, even of no file, is a file's: "nonexist.csv" was read as a board holding "n" (sweep ad76, 3).
        return argument.lower().endswith((".toml", ".csv", ".tsv", ".txt", ".pdf")) or Path(argument).is_file()
    except (OSError, ValueError):  # a name too long for any file (a board of many cells), or with a NUL in it
        return False


def _board_position(text: str, variant: "Variant", to_move: str | None) -> "Position":
    from sos_print.engine.errors import BoardTextError, quoted
    from sos_print.engine.rules import Position, parse_board

    refuse_undecoded("the board", text)  # "holds '\udce9' at place 5" quoted a stand-in (sweep ad82, 5)
    try:
        board = parse_board(text)
    except BoardTextError as error:
        usage(f"BOARD {quoted(text)}: {error}{FILE_HINT}", field="board")
    seat = to_move or "A"
    if seat not in variant.seats:
        usage(f"--to-move {seat}: a game of {variant.players} players has seats {', '.join(variant.seats)}")
    return Position.start(board, variant) if board.is_full() else Position(board, variant, seat)


def _file_position(path: str) -> "tuple[Position, Notation]":
    from sos_print.cli.records import is_table
    from sos_print.engine.check import replay_example
    from sos_print.engine.errors import ExampleFileError, shown
    from sos_print.engine.examples import load_example
    from sos_print.engine.files import is_pdf
    from sos_print.engine.records import is_record

    # Read as TOML, a CSV record was "a TOML syntax error" and a filled audit "not UTF-8 text".
    if (
        not path.lower().endswith(".toml")
        # a name of no file, or of a link to none or a loop of links, is told so (`load_example`), whatever it ends
        # with: a loop was "not a game record (CSV)", a usage error (sweep ad89, 8)
        and os.path.exists(path)
        # a .txt named as a spreadsheet's export is a record only if it starts as one (a class list is none: ad104, 4)
        and (path.lower().endswith(".pdf") or is_pdf(path) or (is_table(path) and is_record(path)))
    ):
        kind = "a filled audit (PDF)" if path.lower().endswith(".pdf") or is_pdf(path) else "a game record (CSV)"
        usage(
            f"{shown(path)}: solve takes a board or a worked example (.toml), not {kind}: "
            "'sos-print analyse' weighs every move of a record",
            field="board",
        )
    try:
        example = load_example(path)
    except ExampleFileError as error:
        # Any file is read as an example: /etc/passwd was "a TOML syntax error" (sweep ad49, F6).
        if not path.lower().endswith(".toml") and error.message.startswith(("TOML syntax error", "is not UTF-8")):
            usage(
                f"{shown(path)}: solve takes a board or a worked example (.toml); this file is neither", field="board"
            )
        raise
    checked = replay_example(example)
    return checked.final, checked.example.notation


def _who(position: "Position", named: bool) -> str:
    if not named:
        return "the player to move"
    seat = position.seat
    if position.variant.teams:
        side = position.variant.side_of(seat)
        return f"{seat} (team {side[0]} and {side[1]})"
    return seat


def _header(position: "Position", notation: "Notation", named: bool) -> str:
    empty = position.board.size**2 - position.board.filled()
    turn = f"; {_who(position, named)} to move" if named else ""
    return f"{_diagram(position, notation)}\n\n{_cells(empty)}{turn}."


def _sentences(solution: "Solution", position: "Position", notation: "Notation", named: bool) -> str:
    from sos_print.engine.notation import cell_name

    size = position.board.size
    who = _who(position, named)

    def name(entry: "MoveValue") -> str:
        return f"{entry.move.letter.value} in {cell_name(entry.move.cell, size, notation)}"

    best = ", ".join(name(entry) for entry in solution.best)
    lines = [
        f"With best play, {who} {_result(solution.value)}.",
        f"Best: {best}." if len(solution.best) == 1 else f"Best ({len(solution.best)} moves): {best}.",
        "",
        "Every move, best first:",
        *(
            f"  {name(entry)} {_points(entry.points)} and {_result(entry.value)} with best play."
            for entry in solution.moves
        ),
        "",
        "Points are counted from now on: the score so far is left out.",
    ]
    return "\n".join(lines)


def _diagram(position: "Position", notation: "Notation") -> str:
    """Returns the board with its coordinates: A1 numbers rows from the bottom, L1C1 lines from the top."""
    from sos_print.engine.notation import Notation, column_letters

    size = position.board.size
    if notation is Notation.A1:
        labels, corner = [str(size - k) for k in range(size)], ""
        columns = [column_letters(col) for col in range(size)]
    else:
        labels, corner = [f"L{k + 1}" for k in range(size)], "C"
        columns = [str(col + 1) for col in range(size)]
    width = max(len(label) for label in labels)
    lines = [
        f"{label:>{width}}  " + " ".join(letter.value if letter else "." for letter in row)
        for label, row in zip(labels, position.board.rows(), strict=True)
    ]
    return "\n".join([*lines, f"{corner:>{width}}  " + " ".join(columns)])


def _searching(done: int, total: int) -> str:
    return f"searching: {done}/{total} (the position's value, then each move)"


def _result(value: int) -> str:
    if value > 0:
        return f"wins by {value}"
    if value < 0:
        return f"loses by {-value}"
    return "draws"


def _points(points: int) -> str:
    return "scores nothing now" if points == 0 else f"scores {points} now"


def _cells(count: int) -> str:
    return "1 empty cell" if count == 1 else f"{count} empty cells"
