"""Builds the replay of a recorded game as printed: who played and the result, the game in diagrams, the turning point,
each player's board of the S-O-S they made, the audit checked row by row, and every move weighed with best play.

Everything here is plain data in one language and in the kit's notation; `documents/replay.py`
draws it. The facts all come from the engine: the replayed game (`CheckedExample`) and the
solver's analysis of its moves (`MoveAnalysis`).
"""

from __future__ import annotations

from collections.abc import Callable

from sos_print.engine.analysis import Chance, MoveAnalysis, replies_in, turning_point
from sos_print.engine.check import CheckedExample, RowCheck, check_rows, claim_problems, pause_holds
from sos_print.engine.examples import END, ClaimedMove, GameHeader
from sos_print.engine.frozen import frozen, replace
from sos_print.engine.grid import Cell, Segment
from sos_print.engine.notation import Notation, cell_name, segment_name, segment_names
from sos_print.engine.rules import Move, Position, Step, Variant
from sos_print.engine.solver import solvable_variant
from sos_print.plans.common import StripPlan, game_rules, strip_plan
from sos_print.plans.grids import grid_plan
from sos_print.plans.options import PrintOptions
from sos_print.plans.tables import Entry, Table, TableCell
from sos_print.plans.words import Block, Run, Words
from sos_print.plans.worked import (
    ExampleFigure,
    called,
    move_sentence,
    side_name,
    total_heading,
    untold_move,
    untold_moves,
)

MINUS = "\u2212"
SHOWN_BEST = 3  # best moves named in a verdict; the others are counted


@frozen
class TurningPoint:
    """Holds the move that cost the most: the board it left, the board the best move would have left, and why."""

    played: ExampleFigure
    better: ExampleFigure
    why: list[Block]


@frozen
class ReplayPlan:
    """Holds the replay of one game in one language."""

    title: str
    notation: Notation  # the printed pages' cell names
    strip: StripPlan
    group: str  # "Group 2 of 3" in the strip, for a filled audit of a class of groups; else ""
    folio: str  # the foot of every page, "Group 2 · Page {number} of {count}": filled in once the pages are counted
    header: list[Block]
    bookmark: str
    steps_heading: str
    steps_intro: list[Block]  # the pictures' legend where they name each line beside it
    steps_intro_unnamed: list[Block]  # where the layout leaves those names out (the captions name the lines)
    legend_heading: str  # over the legend where it stands alone, before the game's heading (`documents.replay`)
    steps: tuple[ExampleFigure, ...]
    final_heading: str
    final_intro: list[Block]
    scorers: tuple[ExampleFigure, ...]  # one board per side that scored, its S-O-S only
    audit_heading: str
    audit_continued: str  # over the table's rows on each page after its first
    audit_intro: list[Block]
    audit: Table
    audit_note: list[Block]  # under the table: what the mark after a carried total means (none: no total carried)
    audit_marked: tuple[int, ...]  # the audit's rows holding a marked total: the note goes on each page holding one
    analysis_heading: str
    analysis_continued: str
    analysis_intro: list[Block]
    adult_note: list[Block]
    analysis: Table | None  # None when no move could be weighed
    unweighed: list[Block]  # which moves were not weighed, and why (before the table)
    notes: list[Block]  # why no move could be weighed, or that no move lost anything (after the table)
    turning_heading: str
    turning: TurningPoint | None


def replay_plan(
    options: PrintOptions, lang: str, game: CheckedExample, moves: tuple[MoveAnalysis, ...], every: int = 0
) -> ReplayPlan:
    """Returns the replay of `game` in `lang`, in the options' notation, with the solver's `moves`.

    The diagrams come after each scoring move, or every `every` moves, and after the last move.
    """
    words = Words(lang)
    notation = options.notation
    steps = tuple(_step_figure(game, span, words, notation) for span in spans(game.steps, every))
    audit, errors = _audit(game, words, notation)
    since = _first_weighed(game, moves)
    # Where the first moves were not weighed, the costliest of the others may have turned nothing: a heading that said
    # "The move that cost the most" over move 60 of 64 chose the wrong moment to teach (review rv79, 2).
    turn = turning_point(moves)
    costliest = bool(since) or _costliest_only(game, turn)
    # Named the move that cost the most, the first of several that cost as much says so (French read fr80, 8).
    tied = costliest and turn is not None and sum(move.cost == turn.cost for move in moves) > 1
    analysis, unweighed, notes = _analysis(game, moves, (costliest, tied), words, notation)
    audit_heading = words("replay.audit_heading", first=game.example.variant.first_sos_wins)
    analysis_heading = words("replay.analysis_heading", weighed=any(move.solved for move in moves))
    return ReplayPlan(
        title=words("replay.title"),
        notation=notation,
        strip=replay_strip(options, lang, game.example.header),
        group=replay_group(game.example.header, words),
        folio=replay_folio(game.example.header, words),
        header=_header(game, words, errors),
        bookmark=words("replay.bookmark"),
        steps_heading=words("replay.steps_heading"),
        steps_intro=_steps_intro(game, words, every, steps, named=True),
        steps_intro_unnamed=_steps_intro(game, words, every, steps, named=False),
        legend_heading=words("replay.legend_heading"),
        steps=steps,
        final_heading=words(
            "replay.final_heading",
            first=game.example.variant.first_sos_wins,
            lines=sum(len(step.segments) for step in game.steps),
        ),
        final_intro=_final_intro(game, words),
        scorers=scorer_boards(game, words, notation),
        audit_heading=audit_heading,
        audit_continued=words("replay.continued", heading=audit_heading),
        audit_intro=words.blocks(
            "replay.audit_intro",
            claimed=bool(errors.claimed),
            carried=bool(errors.carried_from),
            scored=len(audit.columns) > 5,
        ),
        audit=audit,
        audit_note=words.blocks("replay.audit_note", mark=CARRIED, origins=errors.carried_from)
        if errors.carried_from
        else [],
        audit_marked=tuple(
            k for k, row in enumerate(audit.rows) if any(entry.text.endswith(CARRIED) for cell in row for entry in cell)
        ),
        analysis_heading=analysis_heading,
        analysis_continued=words("replay.continued", heading=analysis_heading),
        analysis_intro=(
            words.blocks(
                "replay.analysis_intro",
                teams=game.example.variant.teams,
                who=called(game.example.header, game.example.variant.seats[0]),
                start=next((_number(game, move.number - 1) for move in moves if move.solved), 0),
            )
            if any(move.solved for move in moves)
            else []
        ),
        adult_note=words.blocks(
            "replay.adult_note",
            first=game.example.variant.first_sos_wins,
            weighed=any(move.solved for move in moves),
            teams=game.example.variant.teams,
            who=called(game.example.header, game.example.variant.seats[0]),
        ),
        analysis=analysis,
        unweighed=unweighed,
        notes=notes,
        turning_heading=words(
            "replay.turning_heading",
            costliest=costliest,
            tied=tied,
            since=since,
            last=_number(game, len(game.steps) - 1),
        ),
        turning=_turning(game, moves, words, notation),
    )


def _steps_intro(
    game: CheckedExample, words: Words, every: int, steps: tuple[ExampleFigure, ...], named: bool
) -> list[Block]:
    """Returns the legend of the game's pictures (`steps`): what the numbers, frames and lines they hold mean, and
    where lines are named. A dashed frame no picture held was explained, as were framed letters in a game without an
    S-O-S (French read fr81, 1)."""
    return words.blocks(
        "replay.steps_intro",
        every=every,
        first=game.example.variant.first_sos_wins,
        named=named,
        placed=any(letter is not None for letter in game.example.start.letters),
        scored=any(step.points for step in game.steps),
        dashed=any(figure.grid.last is not None for figure in steps),
        earlier=any(figure.grid.faint for figure in steps),
    )


def spans(steps: tuple[Step, ...], every: int = 0) -> list[range]:
    """Returns the moves each diagram shows (indices from 0): up to each scoring move, or every `every` moves,
    and up to the last move."""
    ends = [k for k, step in enumerate(steps) if ((k + 1) % every == 0 if every else step.points)]
    if steps and (not ends or ends[-1] != len(steps) - 1):
        ends.append(len(steps) - 1)
    starts = [0, *(end + 1 for end in ends[:-1])]
    return [range(start, end + 1) for start, end in zip(starts, ends, strict=True)]


def _number(game: CheckedExample, index: int) -> int:
    """Returns the number the record gives its move at `index`."""
    return game.example.moves[index].number


def _numbers(game: CheckedExample, upto: int) -> dict[Cell, int]:
    """Returns each cell written by the moves up to `upto` (an index), with the move's number in the record."""
    return {game.steps[k].move.cell: _number(game, k) for k in range(upto + 1)}


def _step_figure(game: CheckedExample, span: range, words: Words, notation: Notation) -> ExampleFigure:
    steps, last = game.steps, span[-1]
    shown = steps[span.start : last + 1]
    grid = grid_plan(
        steps[last].after.board,
        notation,
        marked=tuple(step.move.cell for step in shown if step.points),
        segments=tuple(segment for step in shown for segment in step.segments),
        numbers=_numbers(game, last),
        last=None if steps[last].points else steps[last].move.cell,
        faint=tuple(segment for step in steps[: span.start] for segment in step.segments),
    )
    title = words("replay.step_title", start=_number(game, span.start), end=_number(game, last))
    # The move's number heads its sentence, unless the diagram shows that one move only (its title says it).
    told = [k for k in span if steps[k].points or k == last]

    def sentence(k: int) -> list[Block]:
        number = _number(game, k) if len(span) > 1 else 0
        return move_sentence("replay.step_move", number, steps[k], game.example, words, notation, named=True)

    # The moves the caption does not tell, by their numbers, where they were played (see `untold_moves`).
    untold = {
        _number(game, k): untold_move(steps[k], called(game.example.header, steps[k].seat), game.example.size, notation)
        for k in span
        if k not in told
    }
    first = game.example.variant.first_sos_wins
    said = untold_moves([sentence(k) for k in told], [_number(game, k) for k in told], untold, first, words)
    ending = _ending(game, last, words)
    if ending and said:  # the last move's sentence says who won with it, as "The game ends" alone did not
        said[-1] = replace(said[-1], runs=(*said[-1].runs, Run(" "), *(run for block in ending for run in block.runs)))
    return ExampleFigure(title, tuple(said), grid, ())


def _ending(game: CheckedExample, index: int, words: Words) -> list[Block]:
    """Returns the sentence saying who won with the move at `index` where it ended the game before the board was
    full: the first S-O-S, or the target reached ("B reaches the target of 3 points and wins."); or, the record's
    last move where the game goes on, that the record stops there (French read fr81, 8); else none."""
    step, variant = game.steps[index], game.example.variant
    if index == len(game.steps) - 1 and not step.after.is_over:
        return words.blocks("replay.step_stops")
    side = variant.side_of(step.seat)
    target = variant.target if variant.target and step.after.side_scores[side] >= variant.target else 0
    if not (step.after.is_over and step.points and (target or variant.first_sos_wins)):
        return []
    who = side_name(side) if variant.teams else called(game.example.header, step.seat)
    return words.blocks("replay.step_won", who=who, target=target, teams=variant.teams)


def scorer_boards(game: CheckedExample, words: Words, notation: Notation) -> tuple[ExampleFigure, ...]:
    """Returns the last board once per side (a seat, or a team: its points are the team's) that completed an S-O-S,
    with only that side's S-O-S, titled with how many: which board a line is on says who made it, with no label on
    the lines. A side that made none has no board (three empty boards of four said nothing: review 34, P10)."""
    figures = []
    for side, made in _lines_by_side(game).items():
        if made:
            grid = replace(grid_plan(game.final.board, notation, segments=made), named=False)
            title = words("replay.scorer_title", who=_side_words(game, side), count=len(made))
            figures.append(ExampleFigure(title, (), grid, ()))
    return tuple(figures)


def _lines_by_side(game: CheckedExample) -> dict[str, tuple[Segment, ...]]:
    """Returns the S-O-S each side (a seat, or a team) completed, side by side in playing order."""
    variant = game.example.variant
    return {
        side: tuple(segment for step in game.steps if variant.side_of(step.seat) == side for segment in step.segments)
        for side in variant.sides
    }


def _side_words(game: CheckedExample, side: str) -> str:
    """Returns how the replay names a side where a name helps: a team by its players' names and its seats ("Léa + Inès
    (A + C)") where each has a name, else by its seats ("A + C"); a player as `player_name` does. A team named by its
    seats alone under "the number after each name" read as if the names given were lost (review dz89, 12)."""
    header = game.example.header
    if not game.example.variant.teams:
        return player_name(side, header)
    names = [header.name(seat) for seat in side]
    return f"{' + '.join(names)} ({side_name(side)})" if all(names) else side_name(side)


def _final_intro(game: CheckedExample, words: Words) -> list[Block]:
    """Returns the legend of the scorers' boards, saying in one sentence which sides made no S-O-S (they have none)."""
    variant = game.example.variant
    made = _lines_by_side(game)
    return words.blocks(
        "replay.final_intro",
        teams=variant.teams,
        scored=sum(step.points for step in game.steps),
        first=variant.first_sos_wins,
        over=game.final.is_over,  # a record may stop before the end of the game
        nobody=tuple(_side_words(game, side) for side, lines in made.items() if not lines),
        last=_number(game, len(game.steps) - 1),
    )


def replay_strip(options: PrintOptions, lang: str, header: GameHeader) -> StripPlan:
    """Returns the replay's header strip in `lang`: the options' class name, and the date `header` gives."""
    return replace(strip_plan(options, fields=True, lang=lang), date=header.date)


def replay_folio(header: GameHeader, words: Words) -> str:
    """Returns the pattern of the number at the foot of every page ("Group 3 · Page {number} of {count}"): the group
    where the strip names one, so that pages dropped or printed for several groups go back in order to their group."""
    group = header.group if header.groups > 1 else 0
    return words("replay.folio", group=group, number="{number}", count="{count}")


def replay_group(header: GameHeader, words: Words) -> str:
    """Returns the group the record is of, as the strip names it ("Group 3 of 15"), if it is one of several."""
    return words("common.group", number=header.group, count=header.groups) if header.groups > 1 else ""


def seat_label(seat: str, header: GameHeader) -> str:
    """Returns how a table's narrow player column names a seat: "A (Léa)" where a name is given (the seat first, as
    the score sheet has it, the name never parted from it), else "A"."""
    name = header.name(seat)
    return f"{seat}\u00a0({name})" if name and seat else seat


def _side_called(game: CheckedExample, side: str, words: Words) -> str:
    """Returns how a comment calls a side: "team A + C", or a player as `called` does ("Léa", "A", « le joueur A »)."""
    teams = game.example.variant.teams
    who = side_name(side) if teams else called(game.example.header, side)
    return words("replay.side", who=who, teams=teams, named=not teams and who != side)


def player_name(seat: str, header: GameHeader) -> str:
    """Returns how the replay names a seat's player where a name helps: "Léa (A)", or "A" when none is given."""
    name = header.name(seat)
    return f"{name} ({seat})" if name else seat


def _header(game: CheckedExample, words: Words, errors: SheetErrors) -> list[Block]:
    example, final = game.example, game.final
    variant = example.variant
    winner = final.outcome.winner if final.outcome else None

    def side(name: str) -> str:  # a team is named by its seats; a player by the name typed, if any
        return side_name(name) if variant.teams else player_name(name, example.header)

    blocks = [
        *words.blocks(
            "replay.players",
            seats=variant.seats,
            teams=variant.teams,
            names=tuple(player_name(seat, example.header) for seat in variant.seats),
        ),
        *words.blocks("replay.game", **game_rules(variant).words),
        *words.blocks("replay.board", size=example.size, count=len(game.steps)),
        *words.blocks(
            "replay.final",
            scores=tuple((side(name), points) for name, points in final.side_scores.items()),
            winner=side(winner) if winner else "",
            named=bool(winner) and not variant.teams and bool(example.header.name(winner or "")),
            teams=variant.teams,
            over=final.is_over,
            number=_number(game, len(game.steps) - 1),
            first=variant.first_sos_wins,  # no points: who won is the result
        ),
    ]
    blocks += _sheet_winner(game, words, side)
    said = _result_claim(game, words, side) + _pause_claim(game, words, side)
    # The rows left empty first: the mistakes below them follow from them.
    return (
        blocks
        + said
        + _skipped(game, words)
        + words.blocks(
            "replay.claims",
            # A sheet of players alone, all right, was "Every entry on the score sheet is right" (review rv60 2).
            claimed=errors.claimed if errors.scored else 0,
            wrong=len(errors.moves),
            wrong_moves=tuple(sorted(set(errors.moves))),
            carried_from=errors.carried_from,
            first=game.example.variant.first_sos_wins,
            typed=not game.example.path.lower().endswith(".toml"),
            # "Every entry is right" under a false result or pause box that `check` refuses (sweep ad95, 2)
            moves_only=bool(said),
        )
    )


def _pause_claim(game: CheckedExample, words: Words, side: Callable[[str], str]) -> list[Block]:
    """Returns what a filled audit's pause box said, where the game was at no such moment, and what the rules give
    after its last move: `check` refused it while the replay said nothing of it and "Every entry on the score sheet
    is right" (sweep ad95, 2). `side` names a side as the header does."""
    pause, final = game.example.pause, game.final
    if pause is None or pause_holds(game):
        return []
    return words.blocks(
        "replay.pause_claim",
        scores=tuple((side(name), points) for name, points in pause.scores),
        next=player_name(pause.next, game.example.header) if pause.next and pause.next != END else "",
        ended=pause.next == END,
        number=_number(game, len(game.steps) - 1) if game.steps else 0,
        actual=tuple((side(name), points) for name, points in final.side_scores.items()),
        actual_next=player_name(final.seat, game.example.header),
        over=final.is_over,
    )


def _skipped(game: CheckedExample, words: Words) -> list[Block]:
    """Returns the sentence naming a filled audit's rows left empty above filled ones, or none: its "13 mistakes"
    followed from one move left out, which only the terminal said (sweep ad74, 8)."""
    return words.blocks("replay.skipped", rows=game.example.skipped) if game.example.skipped else []


def _sheet_winner(game: CheckedExample, words: Words, side: Callable[[str], str]) -> list[Block]:
    """Returns the sentence that sets the winner the score sheet's own last totals give beside the right one, when
    they differ (a draw counts as a result): read out to a class, "A wins" must not stand beside a sheet that says B
    won (issue 23). A slip that leaves the winner as it was is told with the other mistakes, not here; `side` names a
    side as the header does."""
    final = game.final
    if final.outcome is None or not game.example.moves:
        return []
    claimed = dict(game.example.moves[-1].totals)
    if set(claimed) != set(final.side_scores):  # the sheet's last row does not give every side's total
        return []
    said, right = _leader(claimed), final.outcome.winner
    if said == right:
        return []
    return words.blocks(
        "replay.sheet_winner",
        said=side(said) if said else "",
        said_scores=tuple((side(name), points) for name, points in _ranked(claimed, said)),
        winner=side(right) if right else "",
        right_scores=tuple((side(name), points) for name, points in _ranked(final.side_scores, right)),
        teams=game.example.variant.teams,
    )


def _leader(scores: dict[str, int]) -> str | None:
    """Returns the side with the most points, or None where two or more share the most (a draw)."""
    most = max(scores.values())
    leaders = [side for side, points in scores.items() if points == most]
    return leaders[0] if len(leaders) == 1 else None


def _ranked(scores: dict[str, int], first: str | None) -> tuple[tuple[str, int], ...]:
    """Returns every side with its points, the winner first, then from the most to the least (in seat order where
    two have as many): "11 to 10" for two, "C with 2 points, ahead of B (1 point) and A (0)" for more, where the
    bare points "2 to 1 to 0" said nobody's (frr41)."""
    rest = sorted((item for item in scores.items() if item[0] != first), key=lambda item: -item[1])
    return ((first, scores[first]), *rest) if first else tuple(rest)


def _result_claim(game: CheckedExample, words: Words, side: Callable[[str], str]) -> list[Block]:
    """Returns what the record said of the result, when the rules say otherwise; `side` names the winner it claims
    as the header names the sides ("Tom (B)", "team A + C"): by its seat alone, it stood beside "Tom (B) wins"."""
    example, final = game.example, game.final
    actual = {side: final.side_scores[side] for side in example.score or {}}
    score = example.score is not None and example.score != actual
    winner = (final.outcome.winner or "draw") if final.outcome else "none"
    named = example.winner is not None and example.winner != winner
    if not (score or named):
        return []
    said = ", ".join(f"{side_name(side)} {points}" for side, points in (example.score or {}).items())
    claim = example.winner or ""
    return words.blocks(
        "replay.result_claim",
        score=said if score else "",
        winner=(claim if claim in ("draw", "none") else side(claim)) if named else "",
        teams=example.variant.teams,
    )


CORRECTED = "\u2192"  # between a claim struck through and the right value: "3 → 1" never reads as 31 (des38, A4)
CARRIED = "*"  # after a total that only carried an earlier error forward; the note under the table says so


def _corrected(claim: list[str], right: list[str], differs: bool, none: str = "") -> TableCell:
    """Returns a cell holding the right value, after the claim struck through and an arrow where the claim differs.

    An empty list of lines is written `none` when it is struck or is the correction. The claim and the right value
    are never side by side: "3̶1" was read as 31, from a projector and by `pdftotext` (des38, A4).
    """
    if not differs:
        return tuple(Entry(text) for text in right)
    return (
        *(Entry(text, struck=True) for text in claim or [none]),
        Entry(CORRECTED),
        *(Entry(text, bold=True, joined=k == 0) for k, text in enumerate(right or [none])),
    )


def _carried(right: str) -> TableCell:
    """Returns a total that was wrong only because it carried an earlier error forward: the right value alone, marked
    (the note under the table says why). Struck through beside the right value, it filled 12 rows of a 4 x 4 sheet
    with a wrong number that was no mistake of that row (des38, A4)."""
    return (Entry(right + CARRIED),)


@frozen
class SheetErrors:
    """Holds how the score sheet was checked: how many claims it made, the move of each error (as `check` reports
    them: a running total that only carries an earlier error forward is none), and the moves those errors were
    made on that later totals carry forward."""

    claimed: int
    moves: tuple[int, ...]
    carried_from: tuple[int, ...]
    scored: bool  # some row claims points, lines or a total: a sheet of players alone claims no score


NAMED_TOTAL_MOST = 8  # the longest name (characters) a running total's heading gives beside the seat


def _audit(game: CheckedExample, words: Words, notation: Notation) -> tuple[Table, SheetErrors]:
    """Returns the checked audit, each error framed, and what it found."""
    example = game.example
    sides = example.variant.sides
    columns = [words(f"audit.col_{name}") for name in ("move", "player", "letter", "cell")]
    ends = "first" if example.variant.first_sos_wins else "full"  # the first S-O-S wins: its column holds the winner
    columns += [words("audit.col_segments", ends=ends), words("audit.col_points")]
    # A player's total named as the player column names the seat ("Total A (Léa)"): "Total A" under a column of
    # "A (Léa)" kept the seat letters the rest of the replay had put names to (issue 23, dz100 9). Longer names keep
    # "Total A": a heading as wide as "Total A (Wolfeschlegelsteinhausen)" squeezed the other columns, and a French
    # large-print replay went from 14 pages to 21.
    short = not example.variant.teams and all(len(example.header.name(side)) <= NAMED_TOTAL_MOST for side in sides)
    columns += [
        words("audit.col_total", side=seat_label(side, example.header))  # "A (Léa)" kept whole, as in its column
        if short
        else total_heading(words("audit.col_total", side=side_name(side)))
        for side in sides
    ]
    rows, framed, claimed, origins = [], [], 0, set()
    for index, (claim, step, checked) in enumerate(zip(example.moves, game.steps, check_rows(game), strict=True)):
        cells, made = _audit_row(
            claim, step, checked, sides, example.size, notation, words("replay.no_line"), example.header
        )
        rows.append(cells)
        framed += [(index, column) for column in _framed(checked, sides, _lines_left_out(claim, step, checked))]
        claimed += made
        origins |= {carried.origin for carried in checked.carried}
    errors = SheetErrors(
        claimed,
        tuple(problem.move for problem in claim_problems(game, whole=False)),
        tuple(sorted(origins)),
        any(claim.points is not None or claim.lines is not None or claim.totals for claim in example.moves),
    )
    # Where the first S-O-S wins, the game sheet has no points: the table neither, unless a claimed one is wrong.
    shown = 5 if _pointless(game, framed) else len(columns)
    table = Table(
        tuple(columns[:shown]),
        tuple(row[:shown] for row in rows),
        stretch=4,
        framed=tuple(framed),
        whole=(1, *range(5, shown)),  # the player, the points and the running totals
    )
    return table, errors


def _pointless(game: CheckedExample, framed: list[tuple[int, int]]) -> bool:
    """Tells whether a game is played without points (the first S-O-S wins) and its checked audit frames no points
    and no total (the `framed` cells, column 5 on)."""
    return game.example.variant.first_sos_wins and all(column < 5 for _, column in framed)


_COLUMN_OF = {"player": 1, "lines": 4, "points": 5}


def _framed(checked: RowCheck, sides: tuple[str, ...], lines_left_out: bool = False) -> list[int]:
    """Returns the columns of a row of the checked audit that hold an error of their own (`_lines_left_out` too)."""
    totals = {f"total {side}": 6 + k for k, side in enumerate(sides)}
    wrong = {*checked.wrong, *(("lines",) if lines_left_out else ())}
    return sorted({**_COLUMN_OF, **totals}[name] for name in wrong if name != "next")


def _lines_left_out(claim: ClaimedMove, step: Step, checked: RowCheck) -> bool:
    """Tells whether a row counted wrong left out the lines its move made: its points said 0 where B2-B4 scored 1,
    and B2-B4, printed plain beside the corrected points, read as written by the children (review dz83, 5). A row
    with no mistake that leaves its lines out claims none, and is printed as it should read."""
    return claim.lines is None and bool(step.segments) and bool(set(checked.wrong) - {"next"})


def _audit_row(
    claim: ClaimedMove,
    step: Step,
    checked: RowCheck,
    sides: tuple[str, ...],
    size: int,
    notation: Notation,
    none: str,
    header: GameHeader,
) -> tuple[tuple[TableCell, ...], int]:
    """Returns one row of the checked audit, with how many claims it made: an error struck through, then the right
    value; a total that carried an earlier error forward, the right value marked."""

    def names(segments: tuple[Segment, ...]) -> list[str]:
        # Each name is an entry of its own (the cell may wrap between them), with its comma, as captions list them.
        named = [segment_name(segment, size, notation) for segment in segments]
        return [f"{name}," for name in named[:-1]] + named[-1:]

    totals = dict(claim.totals)
    wrong = set(checked.wrong)
    carried = {carried.side for carried in checked.carried}
    made = [claim.by, claim.points, claim.lines, *(totals.get(side) for side in sides)]
    left_out = _lines_left_out(claim, step, checked)
    cells = (
        (Entry(str(claim.number)),),
        # A long name wraps between its words, as in best play's column (review rv50 B1).
        _corrected(
            seat_label(claim.by or "", header).split(" "), seat_label(step.seat, header).split(" "), "player" in wrong
        ),
        (Entry(step.move.letter.value),),
        (Entry(cell_name(step.move.cell, size, notation)),),
        _corrected(names(claim.lines or ()), names(step.segments), "lines" in wrong or left_out, none),
        _corrected([str(claim.points)], [str(step.points)], "points" in wrong),
        *(
            _carried(str(step.after.side_scores[side]))
            if side in carried and f"total {side}" not in wrong
            else _corrected([str(totals.get(side))], [str(step.after.side_scores[side])], f"total {side}" in wrong)
            for side in sides
        ),
    )
    return cells, sum(said is not None for said in made)


def signed(value: int) -> str:
    """Returns a value as the analysis prints it: +2, 0, −1 (a true minus sign)."""
    return f"+{value}" if value > 0 else (f"{MINUS}{-value}" if value < 0 else "0")


def _analysis(
    game: CheckedExample,
    moves: tuple[MoveAnalysis, ...],
    named: tuple[bool, bool],
    words: Words,
    notation: Notation,
) -> tuple[Table | None, list[Block], list[Block]]:
    """Returns the table of every move (what one look ahead shows, and the solver's verdict where it weighs the
    move, the turning point's row tagged as such, or, where `named` says so (the move that cost the most, the first of
    several), as the move that cost the most), the note on the moves it could not weigh, and the notes after it."""
    variant = game.example.variant
    unweighed: list[Block] = []
    unsolved = [move for move in moves if not move.solved]
    if not solvable_variant(variant):
        unweighed = words.blocks(
            "replay.unsolved_variant",
            players=variant.players,
            teams=variant.teams,
            target=variant.target,
            first_sos_wins=variant.first_sos_wins,
        )
    elif unsolved:
        start, end = _number(game, unsolved[0].number - 1), _number(game, unsolved[-1].number - 1)
        unweighed = words.blocks("replay.unsolved_size", start=start, end=end)
    weighed = len(unsolved) < len(moves)  # else no column of values: each would say "not weighed"
    shown = ("played", "value", "best", "comment") if weighed else ("played", "comment")
    columns = [words("audit.col_move"), words("audit.col_player"), *(words(f"replay.col_{name}") for name in shown)]
    turn = turning_point(moves)
    rows = tuple(_analysis_row(game, move, move is turn, named, words, notation) for move in moves)
    rows = rows if weighed else tuple(row[:3] + row[5:] for row in rows)
    notes = words.blocks("replay.no_turning") if turn is None and weighed else []
    return Table(tuple(columns), rows, stretch=len(columns) - 1), unweighed, notes


def _analysis_row(
    game: CheckedExample,
    move: MoveAnalysis,
    turning: bool,
    named: tuple[bool, bool],
    words: Words,
    notation: Notation,
) -> tuple[TableCell, ...]:
    size = game.example.size
    step = game.steps[move.number - 1]
    facts = _facts(game, move, words, notation)
    if move.value is None or move.best_value is None or move.finish is None or move.best_finish is None:
        comment = words.blocks(
            "replay.looked",
            missed_fact=facts.get("missed point", ""),
            gift_fact=facts.get("gift", ""),
            wins=move.missed and _misses_a_win(game, move),
            won=_winning_lines(game, move, words, notation),
            first=game.example.variant.first_sos_wins,
            points=step.points,  # a move that scored says what it scored, not "No point missed" (review 34, P8)
            lines=segment_names(step.segments, size, notation) if step.points else "",
        )
        value = best_value = words("replay.not_weighed")
    else:
        slip = move.slip.value if move.slip else ""
        best = [_move_words(b, size, words, notation) for b in ordered_best(move, _before(game, move.number - 1))]
        side = game.example.variant.side_of(move.seat)
        comment = words.blocks(
            "replay.verdict",
            slip=slip,
            detail=facts.get(slip, ""),
            facts=tuple((kind, fact) for kind, fact in facts.items() if kind != slip),  # each said with its name
            side=_side_called(game, side, words),
            best_finish=move.best_finish,
            finish=move.finish,
            best_moves=tuple(best[:SHOWN_BEST]),
            more=max(0, len(best) - SHOWN_BEST),
            turning=turning,
            costliest=named[0],
            tied=named[1],
            points=step.points,
            lines=segment_names(step.segments, size, notation) if step.points else "",
        )
        value, best_value = signed(move.value), signed(move.best_value)
    return (
        (Entry(str(_number(game, move.number - 1))),),
        tuple(Entry(word) for word in seat_label(move.seat, game.example.header).split(" ")),  # a long name wraps
        (Entry(_move_words(move.move, size, words, notation)),),  # one piece: "S in B2" never breaks
        (Entry(value, bold=move.cost > 0),),
        (Entry(best_value),),
        _entries(comment),
    )


def _facts(game: CheckedExample, move: MoveAnalysis, words: Words, notation: Notation) -> dict[str, str]:
    """Returns what one look ahead shows of a move, by slip: the point it left, the gift it gave."""
    size, variant = game.example.size, game.example.variant
    facts = {}
    if move.missed:
        # One of the best moves where one scores as much at once, as the turning point names it: the two named
        # different moves for the same slip (review rv60 5).
        best = ordered_best(move, _before(game, move.number - 1))
        named = next((chance for chance in best if chance in move.chance.moves), move.chance.moves[0])
        better = _move_words(named, size, words, notation)
        facts["missed point"] = words(
            "replay.missed", move=better, points=move.chance.points, wins=_misses_a_win(game, move)
        )
    if move.gift:
        after = game.steps[move.number - 1].after
        side = variant.side_of(after.seat)
        chances, fresh = _chances_made(after, _before(game, move.number - 1))
        facts["gift"] = words(
            "replay.gift",
            side=_side_called(game, side, words),
            offers=_offers(chances, after, side, size, words, notation),
            # replies the move only left open "can still" be played: "now" named the gift of a move before (fr76, 1)
            fresh=fresh,
        )
    return facts


def _offers(
    chances: tuple[Chance, ...], after: Position, side: str, size: int, words: Words, notation: Notation
) -> tuple[tuple[int, str, bool], ...]:
    """Returns the replies a gift left, `chances` (`_chances_made`: only those the gift made possible where it made
    any, as the turning point names them; the table listed a point the mover had left untaken among the six moves "B
    can now score with", where the turning point said the gift made two, review rv76 2), as said: (points, the moves
    that score them, whether they win at once), most points first; replies that win are said together, whatever they
    score. SHOWN_BEST moves are named, as a verdict's best moves are, and the others counted after the last ("and 11
    more"): a gift on 8 x 8 named fourteen cells."""
    variant = after.variant
    offers: list[tuple[int, list[Move], bool]] = []
    for chance in chances:
        wins = _would_win(variant, after.side_scores[side], chance.points)
        if offers and wins and offers[-1][2]:
            offers[-1][1].extend(chance.moves)
        else:
            offers.append((chance.points, list(chance.moves), wins))
    more = max(0, sum(len(moves) for _, moves, _ in offers) - SHOWN_BEST)
    said, left = [], SHOWN_BEST
    for points, moves, wins in offers:
        if left <= 0:
            break
        shown = tuple(_move_words(m, size, words, notation) for m in moves[:left])
        left -= len(shown)
        said.append((points, shown, wins))
    return tuple(
        (points, words("replay.one_of", items=shown, more=more if k == len(said) - 1 else 0), wins)
        for k, (points, shown, wins) in enumerate(said)
    )


def _winning_lines(game: CheckedExample, move: MoveAnalysis, words: Words, notation: Notation) -> str:
    """Returns the S-O-S a move completed to win the game at once (the first S-O-S, or the target reached), joined
    as a sentence lists them ("A2-C2 and A2-C4"), or ""."""
    step = game.steps[move.number - 1]
    variant = game.example.variant
    reached = bool(variant.target) and step.after.side_scores[variant.side_of(move.seat)] >= variant.target
    if not (step.segments and step.after.is_over and (variant.first_sos_wins or reached)):
        return ""
    names = segment_names(step.segments, game.example.size, notation).split(", ")  # in report order
    return words("common.and_list", items=tuple(names))


def _misses_a_win(game: CheckedExample, move: MoveAnalysis) -> bool:
    """Tells whether the point a move missed would have won the game at once."""
    variant = game.example.variant
    before = _before(game, move.number - 1)
    return _would_win(variant, before.side_scores[variant.side_of(move.seat)], move.chance.points)


def _would_win(variant: Variant, score: int, points: int) -> bool:
    """Tells whether `points` more would win a side with `score` at once: the first S-O-S, or the target reached."""
    return variant.first_sos_wins or bool(variant.target and score + points >= variant.target)


def _entries(blocks: list[Block]) -> TableCell:
    """Splits blocks of words into table entries, one per word (no-break spaces keep their words together)."""
    return tuple(
        Entry(word, bold=run.bold) for block in blocks for run in block.runs for word in run.text.split(" ") if word
    )


def _before(game: CheckedExample, index: int) -> Position:
    """Returns the position before the move at `index`."""
    return game.start if index == 0 else game.steps[index - 1].after


def ordered_best(move: MoveAnalysis, before: Position) -> list[Move]:
    """Returns the best moves, those that score the most now first (a missed point names one that scores)."""
    return sorted(
        move.best, key=lambda best: -len(before.board.with_letter(best.cell, best.letter).sos_through(best.cell))
    )


def _move_words(move: Move, size: int, words: Words, notation: Notation) -> str:
    return words("replay.move_words", letter=move.letter.value, cell=cell_name(move.cell, size, notation))


def _turning(
    game: CheckedExample, moves: tuple[MoveAnalysis, ...], words: Words, notation: Notation
) -> TurningPoint | None:
    """Returns the turning point: the board the move left beside the board the best move would have left, and why."""
    turn = turning_point(moves)
    if turn is None or turn.slip is None:
        return None
    index, size, header = turn.number - 1, game.example.size, game.example.header
    before, step = _before(game, index), game.steps[index]
    best = ordered_best(turn, before)[0]
    better = before.step(best)
    earlier = tuple(segment for done in game.steps[:index] for segment in done.segments)
    numbers = _numbers(game, index - 1) if index else {}
    number = _number(game, index)
    played, instead = (_move_words(m, size, words, notation) for m in (step.move, best))
    figures = []
    for shown, caption in (
        (step, words("replay.turning_played", number=number, seat=called(header, step.seat), move=played)),
        (better, words("replay.turning_better", move=instead, count=len(turn.best))),
    ):
        grid = grid_plan(
            shown.after.board,
            notation,
            marked=(shown.move.cell,) if shown.points else (),
            segments=shown.segments,
            numbers={**numbers, shown.move.cell: number},
            last=None if shown.points else shown.move.cell,
            faint=earlier,
        )
        figures.append(ExampleFigure(caption, (), grid, ()))
    replies, fresh = _replies_made(step.after, before)
    ties = sum(1 for move in moves if move.cost == turn.cost) - 1
    why = words.blocks(
        "replay.turning_why",
        slip=turn.slip.value,
        number=number,
        seat=called(header, step.seat),
        next=called(header, step.after.seat),  # who the gift was left to, by name where the record gives one
        move=played,
        points=step.points,
        better=instead,
        better_points=better.points,
        replies=tuple(_move_words(reply, size, words, notation) for reply in replies[:SHOWN_BEST]),
        more=max(0, len(replies) - SHOWN_BEST),  # counted, not named, as in the table
        side=_side_called(game, game.example.variant.side_of(step.seat), words),
        best_finish=turn.best_finish,
        finish=turn.finish,
        ties=ties,
        # Moves played with too many empty cells are not weighed: "no other move in this game" was more than the
        # program knew (French read fr76, 2).
        since=_first_weighed(game, moves),
        result=_turned_again(game, game.example.variant.side_of(step.seat), turn.finish),
        # A missed point that also left a gift says both: the gift may be most of what the move cost (fr62, 2).
        gift=turn.gift,
        # Points left untaken, the move making none: "new moves" was false of them (fr64, 2).
        fresh=fresh,
        grown=fresh and _scored_before(replies, before),
        # A costliest move that changed no result says so, under its heading (French read fr79, 3).
        margin=_sign(turn.finish or 0) == _sign(turn.best_finish or 0),
        teams=game.example.variant.teams,  # what a move costs goes to its team (review rv80, 12)
        over=game.final.is_over,  # a record that stops early says nothing of the moves after it (fr81, 2)
    )
    return TurningPoint(figures[0], figures[1], why)


def _first_weighed(game: CheckedExample, moves: tuple[MoveAnalysis, ...]) -> int:
    """Returns the number of the first move weighed where moves before it were not (0 where every move was)."""
    if all(move.solved for move in moves):
        return 0
    return next((_number(game, move.number - 1) for move in moves if move.solved), 0)


def _costliest_only(game: CheckedExample, turn: MoveAnalysis | None) -> bool:
    """Tells whether the move that cost the most, `turn`, is named so, not the turning point: where it changed no
    result with best play (a side 13 points behind finishing 15 behind: review rv78, 3), or where later slips changed
    the game's result again, the game it did not decide (review rv76, 3)."""
    if turn is None or turn.slip is None or turn.finish is None or turn.best_finish is None:
        return False
    if _sign(turn.finish) == _sign(turn.best_finish):
        return True
    side = game.example.variant.side_of(game.steps[turn.number - 1].seat)
    return _turned_again(game, side, turn.finish) is not None


def _sign(lead: int) -> int:
    """Returns 1 for a lead, -1 for a deficit, 0 for level: who wins."""
    return (lead > 0) - (lead < 0)


def _turned_again(game: CheckedExample, side: str, finish: int | None) -> int | None:
    """Returns the side's final lead in the game where it has another sign than `finish`, its lead after the turning
    point with best play (later slips changed the result again), else None. "B would finish 6 points behind" over
    a page saying B won read as a contradiction (issue 23, rv44 C5)."""
    if not game.final.is_over:  # a record that stops early has no result: "in the end, a draw" was false (fr64, 1)
        return None
    scores = game.final.side_scores
    lead = scores[side] - max(points for other, points in scores.items() if other != side)
    return None if finish is None or _sign(lead) == _sign(finish) else lead


def _scored_before(replies: tuple[Move, ...], before: Position) -> bool:
    """Tells whether a move of `replies` already scored `before` the last move, which only made it score more: "left
    A a new move that scores: S in A1" was false of a move that scored a point before and two after (French read
    fr100, 2)."""
    return any(before.board.with_letter(move.cell, move.letter).sos_through(move.cell) for move in replies)


def _replies_made(position: Position, before: Position) -> tuple[tuple[Move, ...], bool]:
    """Returns every move that scores for the side to move, most points first, keeping those the last move made
    possible (`_chances_made`), and whether it made any."""
    chances, fresh = _chances_made(position, before)
    return tuple(move for chance in chances for move in chance.moves), fresh


def _chances_made(position: Position, before: Position) -> tuple[tuple[Chance, ...], bool]:
    """Returns the moves that score for the side to move, grouped by points as `replies_in` groups them, keeping those
    the last move made possible (a point that was there `before` it was only left untaken), or all of them if it made
    none; and whether it made any."""
    chances = replies_in(position)
    board = before.board
    made = tuple(
        Chance(chance.points, kept)
        for chance in chances
        if (
            kept := tuple(
                move
                for move in chance.moves
                if len(board.with_letter(move.cell, move.letter).sos_through(move.cell)) < chance.points
            )
        )
    )
    return made or chances, bool(made)
