"""Builds the plan of the children's rule sheet, in one language."""

from __future__ import annotations

from sos_print.engine.check import CheckedExample
from sos_print.engine.frozen import frozen, replace
from sos_print.engine.grid import Cell
from sos_print.engine.notation import Notation, cell_name, parse_cell
from sos_print.engine.rules import Board, Letter, Move, Position, Variant
from sos_print.plans.audit import example_line
from sos_print.plans.common import GameRules, StripPlan, game_rules, strip_plan
from sos_print.plans.grids import GridPlan, SegmentMark, grid_plan
from sos_print.plans.options import PrintOptions
from sos_print.plans.words import Block, Label, Run, Words
from sos_print.plans.worked import ExampleFigure, example_figure, side_name


@frozen
class RuleStep:
    """Holds one numbered step of the rule sheet's front: its heading, its sentences and its picture (or none)."""

    heading: str
    text: tuple[Block, ...]
    picture: GridPlan | None
    # Its words without the sentence that says how the pictured game ended, where they have one (see `uncaptioned`).
    bare: tuple[Block, ...] = ()


@frozen
class RulesPlan:
    """Holds the rule sheet in one language: how to play in four pictured steps and a warning (its front), then what
    comes up, the variants, naming cells and a checked example (its back)."""

    title: Label
    intro: tuple[Block, ...]
    intro_heading: tuple[Block, ...]  # heads what of the opening paragraph opens a large-print back
    steps: tuple[RuleStep, ...]
    careful: tuple[Block, ...]  # first on the back; under the steps where it would push the back onto a third page
    more: tuple[tuple[Block, ...], tuple[Block, ...]]  # the back: questions that come up, variants
    cells: tuple[Block, ...]
    coordinates: GridPlan
    example_heading: str
    legend: str
    example: ExampleFigure
    bookmark: str
    strip: StripPlan
    # The naming grid's cells wide enough for the cell's name at a legible size; off where that would take the sheet
    # onto a third page (an 8 x 8 board in L1C1 on Letter), its name then as large as fits the grid's usual cell.
    legible_name: bool = True
    # The worked example's whole board where its diagram shows a corner (see `corner`): large print's layout, which
    # sets how large normal print's pictures may be, is that of the whole board, as large print prints it.
    whole: GridPlan | None = None
    # Naming cells before the other ways to play on the back, or after them; None: as the sheet's room says. Set where
    # the French sheet's order is every language's (see `documents.rulesheet.add_rules`).
    naming_first: bool | None = None


def rules_plan(options: PrintOptions, lang: str, example: CheckedExample) -> RulesPlan:
    """Returns the rule sheet in `lang` for the kit's board, naming cells in its notation, with `example` worked."""
    words = Words(lang)
    notation, size = options.notation, options.size
    rules = game_rules(options.variant)
    line = example_line(size, notation)
    figure = example_figure(example, 1, words, notation, numbered=False)
    more = (
        tuple(words.blocks("rules.argued", ends=rules.ends, named=options.seating is not None, teams=rules.teams)),
        tuple(
            words.blocks(
                "rules.variants", target=rules.target, ends=rules.ends, teams=rules.teams, players=rules.players
            )
        ),
    )
    game = {"players": options.variant.players, "teams": options.variant.teams, "titled": _several_games(options)}
    return RulesPlan(
        title=(words("rules.title", **game),),
        intro=tuple(
            words.blocks(
                "rules.intro",
                players=options.variant.players,
                teams=options.variant.teams,
                named=options.seating is not None,
            )
        ),
        intro_heading=tuple(words.blocks("rules.intro_heading")),
        steps=rule_steps(words, notation, rules, options.variant),
        careful=tuple(words.blocks("rules.careful", ends=rules.ends, teams=rules.teams)),
        more=more,
        cells=tuple(words.blocks("rules.cells_a1" if notation is Notation.A1 else "rules.cells_l1c1", line=line)),
        coordinates=naming_grid(size, notation),
        example_heading=words("rules.example_heading"),
        legend=words("rules.legend", **marks_shown(figure.grid), first_sos_wins=rules.ends == "first"),
        example=figure,
        bookmark=words("rules.bookmark", **game),
        strip=strip_plan(options, fields=False, lang=lang),
    )


def cornered(plan: RulesPlan) -> RulesPlan:
    """Returns the sheet with its worked example's diagram cut to the corner of the board that holds it (see
    `corner`), the whole board kept for large print's layout; the sheet as it is where the corner is the board."""
    shown = corner(plan.example.grid)
    if shown is plan.example.grid:
        return plan
    return replace(plan, example=replace(plan.example, grid=shown), whole=plan.example.grid)


def _several_games(options: PrintOptions) -> bool:
    """Tells whether the kit's groups play several games, each with its own rule sheet: a class list that leaves a
    group of another size (a group's game is that of its number of players)."""
    seating = options.seating
    return seating is not None and len({len(group) for group in seating.groups}) > 1


def marks_shown(grid: GridPlan) -> dict[str, bool]:
    """Returns which marks a diagram uses, so that its legend explains those only: framed letters, a dashed last
    letter, move numbers, and letters without one among them (there before the first move: "Il y a déjà un S en A1"
    before move 1 left a child wondering how, French read fr79, 6)."""
    numbered = any(grid.numbers)
    placed = numbered and any(letter and not number for letter, number in zip(grid.letters, grid.numbers, strict=True))
    return {"scored": bool(grid.marked), "last": grid.last is not None, "numbered": numbered, "placed": placed}


# The small games the steps picture, on a 3 x 3 board: (letter, cell) in the order they are written.
# No three letters in one line: S A3, S B2 and O C1 on a diagonal read as "S S O", a line (issue 23, review 34, P14).
LETTERS_WRITTEN = (("S", "A3"), ("O", "C2"), ("S", "B1"))
# One O that completes an S-O-S each way the rule names, across, down and diagonally (issue 23, review 34, P15): the
# picture showed a diagonal only, while its words name all three.
THREE_WAYS = (("S", "A2"), ("S", "C2"), ("S", "B3"), ("S", "B1"), ("S", "A1"), ("S", "C3"), ("O", "B2"))
A_POINT = (("S", "A2"), ("S", "C2"), ("O", "B2"))  # the O completes A2-C2
A_WHOLE_GAME = (
    ("S", "A1"), ("S", "C1"), ("O", "B1"), ("S", "A3"), ("O", "A2"), ("S", "C3"), ("O", "B3"), ("O", "C2"), ("S", "B2"),
)  # fmt: skip
# A game of the first-S-O-S variant that nobody wins: the board fills up with no S-O-S (OSO / SSO / OSS, top row first).
A_DRAWN_GAME = (
    ("S", "B2"), ("O", "A1"), ("S", "C1"), ("O", "C3"), ("S", "A2"), ("O", "C2"), ("S", "B3"), ("O", "A3"), ("S", "B1"),
)  # fmt: skip


def rule_steps(words: Words, notation: Notation, rules: GameRules, variant: Variant) -> tuple[RuleStep, ...]:
    """Returns the four steps of how to play, each pictured by a small game the engine plays by the kit's rules (the
    first S-O-S's fourth, a full board without one)."""
    first = rules.ends == "first"
    pictures = (
        _played(LETTERS_WRITTEN, notation, variant, last=True),
        _played(THREE_WAYS, notation, variant, lines=True),
        _played(A_POINT, notation, variant, scorers=True),
        _played(A_DRAWN_GAME, notation, variant) if first else _played(A_WHOLE_GAME, notation, variant, scorers=True),
    )
    steps = []
    for k, picture in enumerate(pictures, start=1):
        heading = words(f"rules.step_{k}_heading", number=k, **rules.words)
        text = tuple(words.blocks(f"rules.step_{k}", **rules.words))
        if k == 1:
            # Its picture frames the letter just written, in dashes no word explained (issue 23, des42 C5).
            (said,) = words.blocks("rules.step_1_picture")
            steps.append(RuleStep(heading, _run_on(text, said), picture, text))
            continue
        if k == 2:
            # Its picture's three S-O-S through one O read as one S-O-S that needs all three (des38, B3): the words say
            # that each way is one, as many as the engine scored, run on in the rule's paragraph as step 4's are.
            (said,) = words.blocks("rules.step_2_picture", count=len(picture.segments))
            text = _run_on(text, said)
        if k == 4 and not first:
            # How the pictured game ended, as the engine scores it; of a target game, which end it shows: it may end
            # on a full board short of the target.
            end = _final(A_WHOLE_GAME, variant)
            scores = tuple((side_name(side), points) for side, points in end.side_scores.items())
            reached = bool(rules.target) and max(points for _, points in scores) >= rules.target
            (said,) = words.blocks(
                "rules.step_4_picture", target=rules.target, full=not reached, scores=scores, teams=rules.teams
            )
            # Run on in the rule's paragraph: a paragraph of its own took the room of the large-print front's opening
            # paragraph, sent to the back, which then ran onto a fourth page.
            steps.append(RuleStep(heading, _run_on(text, said), picture, text))
            continue
        steps.append(RuleStep(heading, text, picture))
    return tuple(steps)


def _run_on(text: tuple[Block, ...], said: Block) -> tuple[Block, ...]:
    """Returns a step's words with `said` run on in its last paragraph."""
    return (*text[:-1], Block(text[-1].kind, (*text[-1].runs, Run(" "), *said.runs)))


# The sentences about the front's pictures that large print leaves out where they would cost a page, by step number:
# first what step 1's frame means, then also how step 4's game ended (`uncaptioned`).
UNCAPTIONED = ((1,), (1, 4))


def uncaptioned(plan: RulesPlan, numbers: tuple[int, ...] = UNCAPTIONED[-1]) -> RulesPlan:
    """Returns the sheet without the sentences that say what the pictures of the steps `numbers` show."""
    steps = tuple(
        replace(step, text=step.bare, bare=()) if step.bare and k in numbers else step
        for k, step in enumerate(plan.steps, start=1)
    )
    return replace(plan, steps=steps)


def _final(moves: tuple[tuple[str, str], ...], variant: Variant) -> Position:
    """Returns the 3 x 3 position after `moves` played under `variant`, up to the end of the game."""
    position = Position.start(3, variant)
    for letter, name in moves:
        if position.is_over:
            break
        position = position.play(Move(parse_cell(name, 3), Letter(letter)))
    return position


def _played(
    moves: tuple[tuple[str, str], ...],
    notation: Notation,
    variant: Variant,
    scorers: bool = False,
    lines: bool = False,
    last: bool = False,
) -> GridPlan:
    """Returns the 3 x 3 board after `moves` played by the engine under `variant`, up to the end of the game (a
    target reached ends it with cells empty), its S-O-S drawn with the seat that completed each if `scorers`, drawn
    unnamed if `lines` (the step before drawing a line is taught), or else unmarked; the last letter written in a
    dotted frame if `last`, as the worked example marks it. Without coordinates: the front names no cell (naming
    cells is taught on the back), and its column letters read as the players' letters (des38, B1)."""
    position = Position.start(3, variant)
    steps = []
    for letter, name in moves:
        if position.is_over:
            break
        steps.append(position.step(Move(parse_cell(name, 3), Letter(letter))))
        position = steps[-1].after
    scored = [(segment, step.seat) for step in steps for segment in step.segments]
    segments = tuple(segment for segment, _ in scored)
    if lines:
        plan = replace(grid_plan(position.board, notation, segments=segments), named=False)
    elif scorers:
        plan = grid_plan(position.board, notation, segments=segments, scorers=tuple(seat for _, seat in scored))
    else:
        # Step 1's picture showed three letters, not which was written: the last, framed (des38, B2).
        plan = grid_plan(position.board, notation, last=steps[-1].move.cell if last and steps else None)
    return replace(plan, labelled=False)


def naming_grid(size: int, notation: Notation) -> GridPlan:
    """Returns the rule sheet's grid that shows how cells are named: the kit's board, one cell named inside it."""
    named = Cell(1, 1) if notation is Notation.A1 else Cell(2, size - 2)  # B2, or L2C3
    grid = grid_plan(Board.empty(size), notation, marked=(named,))
    name = cell_name(named, size, notation)
    places = [(col, row) for row in range(size) for col in range(size)]
    letters = tuple(name if place == grid.marked[0] else "" for place in places)
    return replace(grid, letters=letters, marked=())


CORNER_LEAST = 4  # the worked example's diagram on a large board: its corner holding every mark, this many cells a side


def corner(grid: GridPlan) -> GridPlan:
    """Returns the corner of a large board's diagram that holds all its letters and marks, CORNER_LEAST cells a side
    or more, by its edges nearest them, its coordinates those of the board; the whole diagram where the corner would
    be nearly as large. A one-move example took a third of the page as a full 8 x 8 board (issue 23, review 34, P22)."""
    n = grid.size
    places = [(col, row) for row in range(n) for col in range(n) if grid.letter(col, row) or grid.number(col, row)]
    places += [*grid.marked, *(place for place, _ in grid.answers), *([grid.last] if grid.last else [])]
    places += [end for mark in (*grid.segments, *grid.faint) for end in (mark.start, mark.end)]
    if not places:
        return grid
    cols, rows = [col for col, _ in places], [row for _, row in places]
    side = max(CORNER_LEAST, max(cols) - min(cols) + 1, max(rows) - min(rows) + 1)
    if n - side < 2:
        return grid

    def start(low: int, high: int) -> int:
        # The window's first column (or row) that holds low to high, as near an edge of the board as it can be.
        fits = range(max(0, high - side + 1), min(low, n - side) + 1)
        return min(fits, key=lambda first: min(first, n - side - first))

    col0, row0 = start(min(cols), max(cols)), start(min(rows), max(rows))

    def moved(place: tuple[int, int]) -> tuple[int, int]:
        return (place[0] - col0, place[1] - row0)

    def line(mark: SegmentMark) -> SegmentMark:
        return SegmentMark(moved(mark.start), moved(mark.end), mark.name)

    window = [(col, row) for row in range(row0, row0 + side) for col in range(col0, col0 + side)]
    cut = {"left": col0 > 0, "right": col0 + side < n, "top": row0 > 0, "bottom": row0 + side < n}
    return replace(
        grid,
        size=side,
        open_sides=tuple(name for name, runs_on in cut.items() if runs_on),
        col_labels=grid.col_labels[col0 : col0 + side],
        row_labels=grid.row_labels[row0 : row0 + side],
        letters=tuple(grid.letter(col, row) for col, row in window) if grid.letters else (),
        marked=tuple(map(moved, grid.marked)),
        segments=tuple(map(line, grid.segments)),
        numbers=tuple(grid.number(col, row) for col, row in window) if grid.numbers else (),
        last=moved(grid.last) if grid.last is not None else None,
        answers=tuple((moved(place), text) for place, text in grid.answers),
        faint=tuple(map(line, grid.faint)),
        answer_numbers=tuple((moved(place), text) for place, text in grid.answer_numbers),
    )
