"""Builds the plan of the children's rule sheet, in one language."""

from __future__ import annotations

from sos_print.engine.check import CheckedExample
from sos_print.engine.frozen import frozen, replace
from sos_print.engine.grid import Cell
from sos_print.engine.notation import Notation, cell_name, segment_name
from sos_print.engine.rules import Board, Letter, Move, Position
from sos_print.plans.audit import example_line
from sos_print.plans.common import StripPlan, strip_plan
from sos_print.plans.grids import GridPlan, grid_plan
from sos_print.plans.options import PrintOptions
from sos_print.plans.words import Block, Label, Words
from sos_print.plans.worked import ExampleFigure, example_figure


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
