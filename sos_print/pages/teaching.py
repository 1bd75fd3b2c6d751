"""Builds the plans of the pages for teaching: the teacher's notes and the children's rule sheet."""

from __future__ import annotations

from sos_print.engine.check import CheckedExample
from sos_print.engine.frozen import frozen, replace
from sos_print.engine.grid import Cell
from sos_print.engine.notation import Notation, cell_name, segment_name
from sos_print.engine.rules import Board, Letter, Move, Position
from sos_print.pages.grids import GridPlan, grid_plan
from sos_print.pages.options import PrintOptions
from sos_print.pages.players import StripPlan, example_line, strip_plan
from sos_print.pages.strategy import StrategyPlan, strategy_plan
from sos_print.pages.words import Block, Label, Words
from sos_print.pages.worked import ExampleFigure, example_figure


@frozen
class TeacherPlan:
    """Holds the teacher's notes in one language."""

    title: Label
    keep_apart: Label
    printing: list[Block]
    calibration: Label
    kit: list[Block]
    timing: list[Block]
    adapt: list[Block]
    watch: list[Block]
    talk: list[Block]
    strategy: StrategyPlan
    examples_heading: Label
    examples_intro: list[Block]
    examples: tuple[ExampleFigure, ...]
    bookmark: str
    examples_bookmark: str
    strip: StripPlan


def teacher_plan(options: PrintOptions, lang: str, examples: tuple[CheckedExample, ...]) -> TeacherPlan:
    """Returns the teacher's notes in `lang` for a kit printed with `options`, showing `examples` in its notation."""
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
        timing=words.blocks(
            "teacher.timing", size=options.size, ends_early=bool(variant.target or variant.first_sos_wins)
        ),
        adapt=words.blocks("teacher.adapt", size=options.size),
        watch=words.blocks("teacher.watch"),
        talk=words.blocks("teacher.talk"),
        strategy=strategy_plan(words, options.notation),
        examples_heading=(words("teacher.examples_heading"),),
        examples_intro=words.blocks("teacher.examples_intro", count=len(examples)),
        examples=tuple(
            example_figure(checked, k, words, options.notation) for k, checked in enumerate(examples, start=1)
        ),
        bookmark=words("teacher.bookmark"),
        examples_bookmark=words("teacher.examples_bookmark"),
        strip=strip_plan(options, fields=False, lang=lang),
    )


@frozen
class RulesPlan:
    """Holds the rule sheet in one language: a scoring move pictured, the rules, naming cells, a checked example."""

    title: Label
    intro: list[Block]
    lead: GridPlan
    lead_caption: str
    rules: tuple[list[Block], ...]  # the sheet's front: what you need, getting ready, playing, scoring, the end
    more: tuple[list[Block], ...]  # its back: being careful, questions that come up, variants
    cells: list[Block]
    coordinates: GridPlan
    example_heading: str
    legend: str
    example: ExampleFigure
    bookmark: str
    strip: StripPlan


def rules_plan(options: PrintOptions, lang: str, example: CheckedExample) -> RulesPlan:
    """Returns the rule sheet in `lang` for the kit's board, naming cells in its notation, with `example` worked."""
    words = Words(lang)
    notation, size = options.notation, options.size
    lead, caption = _scoring_move(words, notation)
    line = example_line(size, notation)
    return RulesPlan(
        title=(words("rules.title"),),
        intro=words.blocks("rules.intro"),
        lead=lead,
        lead_caption=caption,
        rules=tuple(words.blocks(f"rules.{part}") for part in ("need", "ready", "play", "scoring", "ending")),
        more=tuple(words.blocks(f"rules.{part}") for part in ("careful", "argued", "variants")),
        cells=words.blocks("rules.cells_a1" if notation is Notation.A1 else "rules.cells_l1c1", line=line),
        coordinates=naming_grid(size, notation),
        example_heading=words("rules.example_heading"),
        legend=words("rules.legend"),
        example=example_figure(example, 1, words, notation, numbered=False),
        bookmark=words("rules.bookmark"),
        strip=strip_plan(options, fields=False, lang=lang),
    )


def _scoring_move(words: Words, notation: Notation) -> tuple[GridPlan, str]:
    """Returns the picture that leads the rule sheet, played by the engine: an O between two S scores."""
    rows: list[list[Letter | None]] = [[None, None, None], [Letter.S, None, Letter.S], [None, None, None]]
    middle = Cell(1, 1)
    step = Position.start(Board.from_rows(rows)).step(Move(middle, Letter.O))
    grid = grid_plan(step.after.board, notation, marked=(middle,), segments=step.segments)
    caption = words(
        "rules.lead",
        cell=cell_name(middle, 3, notation),
        line=", ".join(segment_name(segment, 3, notation) for segment in step.segments),
        points=step.points,
    )
    return grid, caption


def naming_grid(size: int, notation: Notation) -> GridPlan:
    """Returns the rule sheet's grid that shows how cells are named: the kit's board, one cell named inside it."""
    named = Cell(1, 1) if notation is Notation.A1 else Cell(2, size - 2)  # B2, or L2C3
    grid = grid_plan(Board.empty(size), notation, marked=(named,))
    name = cell_name(named, size, notation)
    places = [(col, row) for row in range(size) for col in range(size)]
    letters = tuple(name if place == grid.marked[0] else "" for place in places)
    return replace(grid, letters=letters, marked=())
