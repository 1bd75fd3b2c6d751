"""Builds worked examples as printed: title and text with their references written out, diagram, the engine's account.

Everything is printed in the kit's notation, whatever notation the example's file was
written in: the references of the prose, the diagram's coordinates and line names, and
the engine's account of the moves.
"""

from __future__ import annotations

from sos_print.engine.check import CheckedExample
from sos_print.engine.examples import Example, GameHeader
from sos_print.engine.frozen import frozen
from sos_print.engine.grid import Segment
from sos_print.engine.notation import Notation, cell_name, column_letters, segment_name, segment_names
from sos_print.engine.prose import CellRef, Fact, LineOfCells, LineRef, Literal, Token, value_of
from sos_print.engine.rules import Step
from sos_print.plans.grids import GridPlan, grid_plan
from sos_print.plans.words import Block, Words


@frozen
class ExampleFigure:
    """Holds one worked example as printed: title, explanation, the diagram, and the engine's account."""

    title: str
    text: tuple[Block, ...]  # a block of the second language's kind (`words.SECOND`) follows its first language's
    grid: GridPlan
    results: tuple[Block, ...]
    second: str = ""  # the title in the document's second language, under it (the answer key in two languages)


def example_figure(
    checked: CheckedExample, number: int, words: Words, notation: Notation, numbered: bool = True
) -> ExampleFigure:
    """Returns a checked example in `words`' language and in `notation`: heading, text, diagram, account."""
    steps = checked.steps
    title = prose(checked, "title", words, notation)
    if not title:
        heading = words("teacher.untitled", number=number)
    elif numbered:
        heading = words("teacher.example_title", number=number, title=title)
    else:
        heading = words("teacher.example_heading", text=title)
    text = prose(checked, "text", words, notation)
    numbers = {step.move.cell: k for k, step in enumerate(steps, start=1)} if len(steps) > 1 else None
    last = steps[-1] if steps else None
    grid = grid_plan(
        checked.final.board,
        notation,
        # Letters that scored are ringed; the last letter, if it scored nothing, is marked apart.
        marked=tuple(step.move.cell for step in steps if step.points),
        segments=tuple(seg for step in steps for seg in step.segments),
        numbers=numbers,
        last=last.move.cell if last is not None and not last.points else None,
    )
    blocks = words.blocks("teacher.example_text", text=text) if text else []
    return ExampleFigure(heading, tuple(blocks), grid, tuple(_results(checked, words, notation)))


def prose(checked: CheckedExample, part: str, words: Words, notation: Notation) -> str:
    """Returns an example's title or text in `words`' language with every reference written out."""
    return "".join(_written(token, checked, words, notation) for token in checked.prose(part, words.lang))


def _written(token: Token, checked: CheckedExample, words: Words, notation: Notation) -> str:
    size = checked.example.size
    if isinstance(token, Literal):
        return token.text
    if isinstance(token, CellRef):
        return cell_name(token.cell, size, notation)
    if isinstance(token, LineRef):
        return segment_name(token.segment, size, notation)
    if isinstance(token, LineOfCells):
        return line_of_cells_name(token, size, notation)
    return _fact(token, checked, words, notation)


def line_of_cells_name(line: LineOfCells, size: int, notation: Notation) -> str:
    """Returns how the cell hint names a column or a row: column B or 2, row 2 or 4 (L1C1 counts from the top)."""
    if notation is Notation.A1:
        return column_letters(line.index) if line.column else str(line.index + 1)
    # "row 4, column 2", as the L1C1 hint says it ("L2C3 is in row 2, column 3"): a bare "C2" reads as a cell.
    return str(line.index + 1) if line.column else str(size - line.index)


def _fact(fact: Fact, checked: CheckedExample, words: Words, notation: Notation) -> str:
    value = value_of(fact, checked.start, checked.steps)
    if fact.kind == "gifts":
        assert isinstance(value, tuple)
        size = checked.example.size
        names = tuple(segment_name(line, size, notation) for line in value if isinstance(line, Segment))
        return words("common.and_list", items=names)
    if fact.kind in ("points", "target"):
        return words("common.points", count=value)
    if fact.kind == "score":
        assert isinstance(value, tuple)
        return words("common.score", high=value[0], low=value[1])
    assert isinstance(value, str)
    return side_name(value)


def side_name(side: str) -> str:
    """Returns how a side is named on every page: the seat, or the team's two seats ("A + C")."""
    return " + ".join(side)


def called(header: GameHeader, seat: str) -> str:
    """Returns how a replay's sentences call the player at `seat`: by the name the record gives ("Léa"), with the
    seat where another player has the same name ("Léa (A)"), else by the seat ("A")."""
    name = header.name(seat)
    if not name:
        return seat
    return f"{name} ({seat})" if [given for _, given in header.names].count(name) > 1 else name


def total_heading(text: str) -> str:
    """Returns a running total's column heading ("Total A + C") breakable after "Total" only: a narrow column
    stacks "Total" over "A + C", never "Total A" over "+ C"."""
    return text.replace("\u00a0", " ").replace(" + ", "\u00a0+\u00a0")


def untold_moves(
    said: list[list[Block]],
    told: list[int],
    untold: dict[int, tuple[str, str, str]],
    first_sos_wins: bool,
    words: Words,
) -> list[Block]:
    """Returns the sentences `said` of the moves numbered `told`, with the moves `untold` (number: who wrote which
    letter in which cell) named by their numbers where they were played, each run of them in one sentence:
    "Move 6: A writes S in C2 and scores nothing.", "Moves 1 to 4: no points."."""
    # "The other moves score nothing." said after "The game ends." spoke of moves after the end (French reads fr45,
    # fr46 P4; review rv73, 4); the untold moves said together where the first was played put "moves 10 to 13 and
    # 15" before move 14 (fr47, 4a), and said first as a summary, moves 5 and 7 before move 6 (fr75, 3): each run in
    # its place. A move alone names its player, where the story goes on from it (fr74, 2; fr75, 4), and its letter
    # and cell, as the told moves beside it do (review rv77: "Move 10: A scores nothing." said nothing of the move).
    said = list(said)
    for start, end in reversed(_runs(sorted(untold))):
        seat, letter, cell = untold[start]
        said.insert(
            sum(number < start for number in told),
            words.blocks(
                "common.other_moves", first=first_sos_wins, start=start, end=end, seat=seat, letter=letter, cell=cell
            ),
        )
    return [block for blocks in said for block in blocks]


def untold_move(step: Step, who: str, size: int, notation: Notation) -> tuple[str, str, str]:
    """Returns who wrote `step`'s letter, the letter and its cell's name, as `untold_moves` takes a move it names."""
    return who, step.move.letter.value, cell_name(step.move.cell, size, notation)


def _runs(numbers: list[int]) -> list[tuple[int, int]]:
    """Returns `numbers` (increasing) as runs of consecutive numbers, each its first and last."""
    runs: list[tuple[int, int]] = []
    for number in numbers:
        if runs and runs[-1][1] == number - 1:
            runs[-1] = (runs[-1][0], number)
        else:
            runs.append((number, number))
    return runs


def _results(checked: CheckedExample, words: Words, notation: Notation) -> list[Block]:
    """Returns the engine's account: each scoring move and the last one, then the score."""
    steps = checked.steps
    shown = [k for k, step in enumerate(steps) if step.points or k == len(steps) - 1]
    said = [move_sentence("teacher.move_result", k + 1, steps[k], checked.example, words, notation) for k in shown]
    first = checked.example.variant.first_sos_wins
    untold = {
        k + 1: untold_move(steps[k], steps[k].seat, checked.example.size, notation)
        for k in range(len(steps))
        if k not in shown
    }
    blocks = untold_moves(said, [k + 1 for k in shown], untold, first, words)
    final = checked.final
    winner = final.outcome.winner if final.outcome else None
    blocks += words.blocks(
        "teacher.final",
        scores=tuple((side_name(side), points) for side, points in final.side_scores.items()),
        winner=side_name(winner) if winner else "",
        teams=checked.example.variant.teams,
        over=final.is_over,
        first_sos_wins=first,
    )
    return blocks


def move_sentence(
    macro: str,
    number: int,
    step: Step,
    example: Example,
    words: Words,
    notation: Notation,
    named: bool = False,
) -> list[Block]:
    """Returns the sentence `macro` says of one move of `example`'s game: who wrote what where, what it scored (where
    the first S-O-S wins, the S-O-S it completed), who writes next; each player by the name the record gives where
    `named` (a replay: "Léa writes S in B2"), else by the seat."""
    size = example.size

    def who(seat: str | None) -> str | None:
        return called(example.header, seat) if named and seat is not None else seat

    return words.blocks(
        macro,
        number=number,
        seat=who(step.seat),
        letter=step.move.letter.value,
        cell=cell_name(step.move.cell, size, notation),
        points=step.points,
        lines=segment_names(step.segments, size, notation),
        next=who(step.next_seat),
        first_sos_wins=example.variant.first_sos_wins,
    )
