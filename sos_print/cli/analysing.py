"""The `analyse` command: every move of a recorded game weighed with perfect play, in words or as JSON.

The JSON form is a contract, one object per move:
`{"move": 9, "player": "A", "cell": "C2", "letter": "O", "points": 0, "solved": true, "value": -2,
"best_value": 1, "best": [{"cell": "B4", "letter": "S"}]}`; where the position had too many empty
cells for the solver (or the variant is not one it weighs), `solved` is false, `value` and
`best_value` are null and `best` is empty.
"""

# No `from __future__ import annotations`: Typer reads these signatures at run time.

import json
from typing import TYPE_CHECKING, Annotated

import typer

from sos_print.cli.application import app
from sos_print.cli.options import FirstSosWins, Players, Target, Teams
from sos_print.cli.process import clear_progress_line, progress_line, say
from sos_print.cli.records import RecordNotation, RecordSize, played_record, record_choices
from sos_print.engine.notation import Notation

if TYPE_CHECKING:
    from sos_print.engine.analysis import MoveAnalysis
    from sos_print.engine.check import CheckedExample
    from sos_print.engine.rules import Move

ANALYSIS_STOPPED = "the analysis stopped before it finished"


@app.command(no_args_is_help=True)
def analyse(
    context: typer.Context,
    record: Annotated[
        str,
        typer.Argument(
            help=(
                "The game: a worked-example file (.toml), an audit typed into a spreadsheet (.csv) "
                "or a fillable audit filled in on screen (.pdf)."
            ),
            metavar="RECORD",
            show_default=False,
        ),
    ],
    json_output: Annotated[
        bool,
        typer.Option("--json", help="Print a JSON array, one object per move, instead of sentences."),
    ] = False,
    size: RecordSize = None,
    players: Players = 2,
    teams: Teams = False,
    target: Target = 0,
    first_sos_wins: FirstSosWins = False,
    notation: RecordNotation = Notation.A1,
) -> None:
    """Weigh every move of a recorded game with perfect play: what it was worth, what was best, where it turned."""
    from sos_print.engine.analysis import analyse_game, turning_point
    from sos_print.system import interrupts

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
        empty="the record holds no move to weigh",
    )
    interrupts.set_outcome(ANALYSIS_STOPPED)
    try:
        moves = analyse_game(game.start, game.steps, progress_line(_weighing))
    finally:
        clear_progress_line()
    if json_output:
        say(json.dumps([_json(move, game) for move in moves]))
        return
    say(
        "Each value counts the points from that move to the end of the game, the mover's against the other "
        "side's, both sides playing perfectly."
    )
    for move in moves:
        say(_sentence(move, game))
    turn = turning_point(moves)
    say("")
    if turn:
        say(f"Turning point: {_turning(turn, game)}")
    else:
        say("No weighed move lost anything." if any(m.solved for m in moves) else "No move could be weighed.")
    unsolved = [move.number for move in moves if not move.solved]
    if unsolved:
        say(_unsolved_note(unsolved, game))
    if any(claimed.by not in (None, step.seat) for claimed, step in zip(game.example.moves, game.steps, strict=True)):
        say("The record's player column disagrees with the turns on some rows: sos-print check names them.")


def _weighing(done: int, total: int) -> str:
    return f"weighing move {done} of {total}"


def _json(move: "MoveAnalysis", game: "CheckedExample") -> dict[str, object]:
    return {
        "move": move.number,
        "player": move.seat,
        **_cell(move.move, game),
        "points": move.points,
        "solved": move.solved,
        "value": move.value,
        "best_value": move.best_value,
        "best": [_cell(best, game) for best in move.best],
    }


def _cell(move: "Move", game: "CheckedExample") -> dict[str, object]:
    from sos_print.engine.notation import cell_name

    return {"cell": cell_name(move.cell, game.example.size, game.example.notation), "letter": move.letter.value}


def _named(move: "Move", game: "CheckedExample") -> str:
    cell = _cell(move, game)
    return f"{cell['letter']} in {cell['cell']}"


def _sentence(move: "MoveAnalysis", game: "CheckedExample") -> str:
    scored = "scores nothing" if not move.points else f"scores {_points(move.points)}"
    head = f"Move {move.number}: {move.seat} writes {_named(move.move, game)} and {scored}"
    if not move.solved or move.value is None or move.best_value is None:
        return f"{head} (not weighed)."
    if not move.cost:
        return f"{head}: a best move, worth {_signed(move.value)} with best play."
    assert move.slip is not None
    return (
        f"{head}: {_slip_words(move)}, costing {_points(move.cost)} "
        f"(worth {_signed(move.value)}, against {_signed(move.best_value)} for {_best_words(move, game)})."
    )


def _slip_words(move: "MoveAnalysis") -> str:
    from sos_print.engine.analysis import Slip

    words = {Slip.MISSED_POINT: "a missed point", Slip.GIFT: "a gift", Slip.MISTAKE: "a mistake"}
    return words[move.slip or Slip.MISTAKE]


def _best_words(move: "MoveAnalysis", game: "CheckedExample") -> str:
    names = [_named(best, game) for best in move.best]
    if len(names) > 3:
        return f"{', '.join(names[:3])} and {len(names) - 3} more"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _turning(move: "MoveAnalysis", game: "CheckedExample") -> str:
    return f"move {move.number}, {move.seat}'s {_named(move.move, game)}, which cost {_points(move.cost)}."


def _unsolved_note(unsolved: list[int], game: "CheckedExample") -> str:
    from sos_print.engine.analysis import weighing_limit
    from sos_print.engine.solver import solvable_variant

    if not solvable_variant(game.example.variant):
        return (
            "Not weighed: the solver weighs the standard game between two sides (2 players, or team SOS), "
            "where the most points at the end win."
        )
    span = f"move {unsolved[0]}" if len(unsolved) == 1 else f"moves {unsolved[0]} to {unsolved[-1]}"
    limit = weighing_limit(game.example.size)
    return f"Not weighed: {span}, played with more than {limit} empty cells on the board, too many to search."


def _points(count: int) -> str:
    return "1 point" if count == 1 else f"{count} points"


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)
