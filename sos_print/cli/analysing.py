"""The `analyse` command: every move of a recorded game weighed with perfect play, in words or as JSON.

The JSON form is a contract, one object per move:
`{"move": 9, "player": "A", "cell": "C2", "letter": "O", "points": 0, "solved": true, "value": -2,
"best_value": 1, "best": [{"cell": "B4", "letter": "S"}], "most_now": 1, "most_now_moves": [...],
"gift_points": 1, "gift_moves": [...], "lead": 0, "finish": -2, "best_finish": 1}`; where the
position had too many empty cells for the solver (or the variant is not one it weighs), `solved` is
false, `value`, `best_value`, `finish` and `best_finish` are null and `best` is empty. The look-ahead
keys are there for every move: `most_now` is the most points one letter could score at once before
the move (its moves listed), `gift_points` the most the next side can score after a move that scored
nothing (0 otherwise), `lead` the mover's side's lead before the move, `finish` and `best_finish`
its final lead with best play after the move played and after a best one.
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
                "The game: a worked-example file (.toml), a score sheet typed into a spreadsheet (.csv) "
                "or a fillable score sheet filled in on screen (.pdf)."
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
    _out_of_turn(record, game)
    interrupts.set_outcome(ANALYSIS_STOPPED)
    try:
        moves = analyse_game(game.start, game.steps, progress_line(_weighing))
    finally:
        clear_progress_line()
    interrupts.checkpoint()  # never the whole analysis, then "interrupted: the analysis stopped" (ad83, 2)
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
        # a worked example has no column nor rows: the words fit any record (ad93, 8)
        say("The record gives some moves to another player than the one whose turn it is: sos-print check names them.")
    if _false_claims(game):
        say(
            "Some of the record's claims (points, S-O-S lines, running totals, who writes next or the pause box) are "
            "not what the rules give: sos-print check names them."
        )


def _false_claims(game: "CheckedExample") -> bool:
    """Tells whether the record claims anything but its players that the rules contradict: analyse weighs the moves
    as played and said nothing of a sheet that check refuses (ad96, 2)."""
    from sos_print.engine.check import check_rows, pause_holds

    return any(set(row.wrong) - {"player"} for row in check_rows(game)) or not pause_holds(game)


def _weighing(done: int, total: int) -> str:
    return f"weighing move {done} of {total}"


def _out_of_turn(record: str, game: "CheckedExample") -> None:
    """Says, in a note, where the record names a player whose turn it is not: each move is weighed as the rules have
    it played, in turn, and "Move 1: A writes O" of a sheet giving it to B went without a word (ad92, 3)."""
    from sos_print.engine.check import check_rows
    from sos_print.engine.errors import shown

    wrong = [
        (claimed, step)
        for claimed, step, row in zip(game.example.moves, game.steps, check_rows(game), strict=False)
        if "player" in row.wrong
    ]
    if wrong:
        claimed, step = wrong[0]
        where = f"move {claimed.number}" + (f" (row {claimed.row})" if claimed.row is not None else "")
        more = f" (and {len(wrong) - 1} more {'move' if len(wrong) == 2 else 'moves'} out of turn)" if wrong[1:] else ""
        say(
            f"note: {shown(record)}: {where}: {claimed.by} wrote, but it is {step.seat}'s turn{more}; each move is "
            "weighed as played in turn",
            err=True,
        )


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
        "most_now": move.chance.points,
        "most_now_moves": [_cell(best, game) for best in move.chance.moves],
        "gift_points": move.opening.points,
        "gift_moves": [_cell(reply, game) for reply in move.opening.moves],
        "lead": move.lead,
        "finish": move.finish,
        "best_finish": move.best_finish,
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
    facts = _facts(move, game)
    # One short sentence per fact, as the replay's table says them: "Gift: A can now score 1 point with S in C2."
    said = [f"{kind.capitalize()}: {detail}." for kind, detail in facts.items()]
    if not move.solved or move.value is None or move.best_value is None:
        return " ".join([f"{head}.", *said])[:-1] + " (not weighed)."
    if not move.cost:
        though = " and ".join(facts.values())
        worth = f"as good as the best move (worth {_signed(move.value)} with best play)"
        return f"{head}: {worth}{', though ' + though if though else ''}."
    assert move.slip is not None
    slip = move.slip.value
    finish = _finishes(move, game)
    finish = f"{finish[0].upper()}{finish[1:]}." if slip in facts else f"{slip.capitalize()}: {finish}."
    return " ".join([f"{head}.", *said, finish, f"Best: {_best_words(move, game)}."])


def _facts(move: "MoveAnalysis", game: "CheckedExample") -> dict[str, str]:
    """Returns what one look ahead shows, by its name: a point left untaken, a gift left to the next side."""
    facts = {}
    if move.missed:
        facts["missed point"] = (
            f"{_named(move.chance.moves[0], game)} would have scored {_points(move.chance.points)} at once"
        )
    if move.gift:
        facts["gift"] = _gift(move, game)
    return facts


def _gift(move: "MoveAnalysis", game: "CheckedExample") -> str:
    """Says every reply a gift left, most points first: "B can now score 2 points with O in B3, or 1 point with S in
    A1 or S in C1" (where the first S-O-S wins, every reply wins)."""
    from sos_print.engine.analysis import replies_in

    after = game.steps[move.number - 1].after
    whom = _side(after.seat, game)
    replies = replies_in(after)
    if game.example.variant.first_sos_wins:
        return f"{whom} can now win with {_or([reply for chance in replies for reply in chance.moves], game)}"
    said = [f"{_points(chance.points)} with {_or(list(chance.moves), game)}" for chance in replies]
    return f"{whom} can now score {', or '.join(said)}"


def _or(moves: list["Move"], game: "CheckedExample") -> str:
    names = [_named(move, game) for move in moves]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _finishes(move: "MoveAnalysis", game: "CheckedExample") -> str:
    """Says how the move changed the mover's final margin with best play, as a teacher reads it aloud."""
    assert move.finish is not None and move.best_finish is not None
    side = _side(move.seat, game)
    best, played = _ahead(move.best_finish), _ahead(move.finish)
    return f"with best play on both sides, {side} would finish {best}; after this move, {played}"


def _ahead(lead: int) -> str:
    return "level" if not lead else f"{_points(abs(lead))} {'ahead' if lead > 0 else 'behind'}"


def _side(seat: str, game: "CheckedExample") -> str:
    variant = game.example.variant
    return f"team {' + '.join(variant.side_of(seat))}" if variant.teams else seat


def _best_words(move: "MoveAnalysis", game: "CheckedExample") -> str:
    names = [_named(best, game) for best in move.best]
    if len(names) > 3:
        return f"{', '.join(names[:3])} and {len(names) - 3} more"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _turning(move: "MoveAnalysis", game: "CheckedExample") -> str:
    return f"move {move.number}, {move.seat}'s {_named(move.move, game)}: {_finishes(move, game)}."


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
