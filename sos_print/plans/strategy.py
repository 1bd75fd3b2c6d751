"""Builds the strategy section of the teacher's notes: three worked positions and the solved 4 x 4 board.

Every number printed comes from `engine.strategy`, which solves the positions when the notes are
made and reads the proven result of the empty 4 x 4 board from its data file.
"""

from __future__ import annotations

from sos_print.engine.frozen import frozen
from sos_print.engine.grid import Cell, Segment
from sos_print.engine.notation import Notation, cell_name, segment_names
from sos_print.engine.puzzles import Choice, choices_of
from sos_print.engine.rules import Letter, Position
from sos_print.engine.strategy import Idea, Lesson, lessons, opening
from sos_print.plans.grids import answer_letters, grid_plan
from sos_print.plans.words import Block, Words
from sos_print.plans.worked import ExampleFigure

CENTRE_4X4 = frozenset({Cell(1, 1), Cell(2, 1), Cell(1, 2), Cell(2, 2)})


@frozen
class StrategyPlan:
    """Holds the strategy section in one language: its heading and introduction, the worked positions, the 4 x 4
    result."""

    intro: list[Block]
    lessons: tuple[ExampleFigure, ...]
    opening: list[Block]
    bookmark: str


def strategy_plan(
    words: Words,
    notation: Notation,
    teams: bool = False,
    games: tuple[tuple[object, ...], ...] = (),
    size: int = 4,
) -> StrategyPlan:
    """Returns the strategy section in `words`' language, cells named in `notation`, its sides named as teams in a
    team kit ("team A + C"); with a class list's `games` (players, teams, group numbers), it says which groups
    play a game of more than two sides, for which these two-sided positions do not hold; a kit whose board (`size`)
    is not the positions' is told on which board they are."""
    shown = max(lesson.puzzle.board.size for lesson in lessons())
    dashed = any(lesson.puzzle.board.sos_lines() for lesson in lessons())
    return StrategyPlan(
        intro=words.blocks("teacher.strategy_intro", teams=teams, games=games, size=size, shown=shown, dashed=dashed),
        lessons=tuple(lesson_figure(lesson, words, notation, teams) for lesson in lessons()),
        opening=opening_blocks(words, notation, teams),
        bookmark=words("teacher.strategy_bookmark"),
    )


def lesson_figure(lesson: Lesson, words: Words, notation: Notation, teams: bool = False) -> ExampleFigure:
    """Returns one idea's worked position: its title, the claims, and the diagram with the move it teaches."""
    puzzle = lesson.puzzle
    size = puzzle.board.size
    seat = puzzle.to_move
    other = "B" if seat == "A" else "A"
    # The sentences name the sides: the seat, or in a team kit the team (the one that scores), "team A + C".
    mover, opponent = (words("teacher.strategy_side", side=side, teams=teams) for side in (seat, other))
    # In a team kit the team scores but one player writes: after A comes B, after B comes C (A's partner).
    following = {"A": "B", "B": "C"}[seat] if teams else other
    position = Position(puzzle.board, seat=seat)

    def named(choices: tuple[Choice, ...]) -> str:
        moves = [
            words("puzzles.key_move", letters=(c.move.letter.value,), cell=cell_name(c.move.cell, size, notation))
            for c in choices
        ]
        return words("puzzles.key_or", items=tuple(moves))

    segments: tuple[Segment, ...] = ()
    if lesson.idea is Idea.TAKE:
        taken = puzzle.greedy[0]
        segments = position.step(taken.move).segments
        text = words.blocks(
            "teacher.strategy_take",
            seat=mover,
            player=seat,
            other=opponent,
            move=named((taken,)),
            points=taken.points,
            lines=segment_names(segments, size, notation),
            value=puzzle.value,
            quiet=lesson.best_quiet,
        )
    elif lesson.idea is Idea.NO_GIFT:
        text = words.blocks(
            "teacher.strategy_gift",
            seat=mover,
            player=seat,
            other=opponent,
            safe=named(puzzle.answers),
            moves=len(puzzle.choices),
            gifts=puzzle.gifts,
            value=lesson.value,
        )
    else:
        greedy = puzzle.greedy[0]
        after = position.play(greedy.move).board
        left = choices_of(after)
        text = words.blocks(
            "teacher.strategy_refuse",
            seat=mover,
            player=seat,
            next_player=following,
            other=opponent,
            greedy=named((greedy,)),
            points=greedy.points,
            all_gifts=all(choice.gift for choice in left),
            greedy_value=greedy.value,
            best=named(puzzle.answers),
            value=puzzle.value,
        )
    # The S-O-S already made, dashed as on the children's puzzles: undrawn, "Nothing scores here" beside a row that
    # reads S-O-S puzzled the reader (review rv62, 5).
    faint = puzzle.board.sos_lines()
    grid = grid_plan(puzzle.board, notation, segments=segments, answers=answer_letters(puzzle.answers), faint=faint)
    title = words(f"teacher.strategy_{'gift' if lesson.idea is Idea.NO_GIFT else lesson.idea.value}_title")
    return ExampleFigure(title, tuple(text), grid, ())


def opening_blocks(words: Words, notation: Notation, teams: bool = False) -> list[Block]:
    """Returns the proven result of the empty 4 x 4 board, from the solver's data file; a team kit's sides are its
    teams."""
    result = opening()
    keeping = result.keeping
    o_cells = [entry.move.cell for entry in keeping if entry.move.letter is Letter.O]
    s_cells = [entry.move.cell for entry in keeping if entry.move.letter is Letter.S]
    others = {entry.value for entry in result.moves if entry not in keeping}
    return words.blocks(
        "teacher.strategy_opening",
        teams=teams,
        value=result.value,
        o_all=len(o_cells) == result.size**2,
        o_cells=_cells(o_cells, result.size, words, notation),
        s_cells=_cells(s_cells, result.size, words, notation),
        centre=set(s_cells) == CENTRE_4X4,
        rest=others.pop() if len(others) == 1 else None,
    )


def _cells(cells: list[Cell], size: int, words: Words, notation: Notation) -> str:
    names = sorted(cells, key=lambda cell: (-cell.row, cell.col) if notation is Notation.L1C1 else (cell.row, cell.col))
    return words("puzzles.key_or", items=tuple(cell_name(cell, size, notation) for cell in names))
