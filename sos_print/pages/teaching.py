"""Builds the plans of the pages for teaching: the teacher's notes, the rule sheet, and worked examples."""

from __future__ import annotations

from sos_print.engine.check import CheckedExample
from sos_print.engine.frozen import frozen, replace
from sos_print.engine.grid import Cell
from sos_print.engine.notation import Notation, cell_name
from sos_print.engine.rules import Board
from sos_print.pages.grids import GridPlan, grid_plan
from sos_print.pages.options import PrintOptions
from sos_print.pages.words import Block, Label, Words


@frozen
class ExampleFigure:
    """Holds one worked example as printed: title, explanation, the diagram, and the engine's account."""

    title: str
    text: list[Block]
    grid: GridPlan
    results: list[Block]


@frozen
class TeacherPlan:
    """Holds the teacher's notes in one language."""

    title: Label
    keep_apart: Label
    printing: list[Block]
    calibration: Label
    kit: list[Block]
    adapt: list[Block]
    watch: list[Block]
    talk: list[Block]
    examples_heading: Label
    examples_intro: list[Block]
    examples: tuple[ExampleFigure, ...]
    bookmark: str
    examples_bookmark: str
    class_name: str


def teacher_plan(options: PrintOptions, lang: str, examples: tuple[CheckedExample, ...]) -> TeacherPlan:
    """Returns the teacher's notes in `lang` for a kit printed with `options`, showing `examples`."""
    words = Words(lang)
    variant = options.variant
    return TeacherPlan(
        title=(words("teacher.title"),),
        keep_apart=(words("teacher.keep_apart"),),
        printing=words.blocks("teacher.printing"),
        calibration=(words("teacher.calibration"),),
        kit=words.blocks(
            "teacher.kit",
            groups=options.groups,
            size=options.size,
            players=variant.players,
            teams=variant.teams,
            target=variant.target,
            first_sos_wins=variant.first_sos_wins,
            notation=options.notation.value,
        ),
        adapt=words.blocks("teacher.adapt"),
        watch=words.blocks("teacher.watch"),
        talk=words.blocks("teacher.talk"),
        examples_heading=(words("teacher.examples_heading"),),
        examples_intro=words.blocks("teacher.examples_intro", count=len(examples)),
        examples=tuple(example_figure(checked, k, words) for k, checked in enumerate(examples, start=1)),
        bookmark=words("teacher.bookmark"),
        examples_bookmark=words("teacher.examples_bookmark"),
        class_name=options.class_name,
    )


def example_figure(checked: CheckedExample, number: int, words: Words, numbered: bool = True) -> ExampleFigure:
    """Returns a checked example as printed in `words`' language: diagram and the engine's account of it."""
    example, steps = checked.example, checked.steps
    lang = words.lang
    title = example.title.get(lang)
    if not title:
        heading = words("teacher.untitled", number=number)
    elif numbered:
        heading = words("teacher.example_title", number=number, title=title)
    else:
        heading = words("teacher.example_text", text=title)
    text = words.blocks("teacher.example_text", text=example.text[lang]) if lang in example.text else []
    numbers = {step.move.cell: k for k, step in enumerate(steps, start=1)} if len(steps) > 1 else None
    grid = grid_plan(
        checked.final.board,
        example.notation,
        # The letters that scored, and the last one written: the moves the text explains.
        marked=tuple(step.move.cell for k, step in enumerate(steps) if step.points or k == len(steps) - 1),
        segments=tuple(seg for step in steps for seg in step.segments),
        numbers=numbers,
    )
    return ExampleFigure(heading, text, grid, _results(checked, words))


def _results(checked: CheckedExample, words: Words) -> list[Block]:
    """Returns the engine's account: each scoring move and the last one, then the score."""
    example, steps = checked.example, checked.steps
    shown = [k for k, step in enumerate(steps) if step.points or k == len(steps) - 1]
    blocks: list[Block] = []
    for k in shown:
        step = steps[k]
        blocks += words.blocks(
            "teacher.move_result",
            number=k + 1,
            seat=step.seat,
            letter=step.move.letter.value,
            cell=cell_name(step.move.cell, example.size, example.notation),
            points=step.points,
            lines=checked.names(step),
            next=step.next_seat,
        )
    if len(shown) < len(steps):
        blocks += words.blocks("teacher.other_moves")
    final = checked.final
    score = ", ".join(f"{_side_name(side)} {points}" for side, points in final.side_scores.items())
    winner = final.outcome.winner if final.outcome else None
    blocks += words.blocks(
        "teacher.final",
        score=score,
        winner=_winner_label(winner, words) if winner else None,
        over=final.is_over,
    )
    return blocks


def _side_name(side: str) -> str:
    return " + ".join(side)


def _winner_label(side: str, words: Words) -> str:
    if len(side) == 2:
        return words("common.team", first=side[0], second=side[1])
    return words("common.seat", seat=side)


@frozen
class RulesPlan:
    """Holds the rule sheet in one language: the rules, the variants, naming cells, and a checked example."""

    title: Label
    intro: list[Block]
    basics: list[Block]
    argued: list[Block]
    variants: list[Block]
    cells: list[Block]
    coordinates: GridPlan
    example_heading: str
    example: ExampleFigure
    bookmark: str
    class_name: str


def rules_plan(options: PrintOptions, lang: str, example: CheckedExample) -> RulesPlan:
    """Returns the rule sheet in `lang`, naming cells in the chosen notation, with `example` worked through."""
    words = Words(lang)
    notation = options.notation
    size = min(options.size, COORDINATES_MAX)
    named = Cell(1, 1) if notation is Notation.A1 else Cell(2, size - 2)  # B2, or L2C3
    grid = grid_plan(Board.empty(size), notation, marked=(named,))
    name = cell_name(named, size, notation)
    # The named cell carries its own name, where the letter would go.
    coordinates = replace(grid, letters=tuple(name if place == grid.marked[0] else "" for place in _places(size)))
    return RulesPlan(
        title=(words("rules.title"),),
        intro=words.blocks("rules.intro"),
        basics=words.blocks("rules.basics"),
        argued=words.blocks("rules.argued"),
        variants=words.blocks("rules.variants"),
        cells=words.blocks("rules.cells_a1" if notation is Notation.A1 else "rules.cells_l1c1"),
        coordinates=coordinates,
        example_heading=words("rules.example_heading"),
        example=example_figure(example, 1, words, numbered=False),
        bookmark=words("rules.bookmark"),
        class_name=options.class_name,
    )


COORDINATES_MAX = 4  # the rule sheet's naming diagram shows at most 4 x 4 cells


def _places(size: int) -> list[tuple[int, int]]:
    """Returns every (column, row from the top), row by row from the top, as GridPlan stores letters."""
    return [(col, row) for row in range(size) for col in range(size)]
