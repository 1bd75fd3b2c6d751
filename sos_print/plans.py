"""Builds page plans: the finished words and board data each page shows, without drawing anything.

A Label holds one phrase in every language of a document, first language first.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace

from sos_print.check import CheckedExample
from sos_print.grid import Cell, Segment
from sos_print.layout import Paper
from sos_print.notation import Notation, cell_name, column_letters, segment_name
from sos_print.rules import Board, Variant
from sos_print.text import Block, Words

Label = tuple[str, ...]


class Language(enum.Enum):
    """Names the language choices of a document."""

    EN = "en"
    FR = "fr"
    BOTH = "en+fr"

    @property
    def codes(self) -> tuple[str, ...]:
        """Returns the language codes, first language first."""
        return tuple(self.value.split("+"))


@dataclass(frozen=True)
class PrintOptions:
    """Holds what the user chose for a printed document."""

    size: int = 4
    groups: int = 1
    variant: Variant = field(default_factory=Variant)
    language: Language = Language.EN
    paper: Paper = Paper.A4
    notation: Notation = Notation.A1
    large_print: bool = False
    two_per_page: bool = False
    class_name: str = ""


class Vocabulary:
    """Gives each phrase in every language of a document."""

    def __init__(self, language: Language) -> None:
        self.words = [Words(code) for code in language.codes]

    def label(self, name: str, **context: object) -> Label:
        """Returns macro `name` as one line of plain text per language."""
        return tuple(words(name, **context) for words in self.words)

    def blocks(self, name: str, **context: object) -> list[list[Block]]:
        """Returns macro `name` as blocks, one list per language."""
        return [words.blocks(name, **context) for words in self.words]


@dataclass(frozen=True)
class SegmentMark:
    """Holds a scored line to draw: its end cells as (column, row from the top) and its name."""

    start: tuple[int, int]
    end: tuple[int, int]
    name: str


@dataclass(frozen=True)
class GridPlan:
    """Holds a grid ready to draw: labels, letters row by row from the top, marks."""

    size: int
    col_labels: tuple[str, ...]
    row_labels: tuple[str, ...]
    letters: tuple[str, ...] = ()
    marked: tuple[tuple[int, int], ...] = ()
    segments: tuple[SegmentMark, ...] = ()
    numbers: tuple[int, ...] = ()
    from_top: bool = False  # rows are counted from the top (L1C1)

    @property
    def label_sides(self) -> tuple[str, ...]:
        """Returns the two sides a small diagram labels: left, and where counting starts."""
        return ("left", "top") if self.from_top else ("left", "bottom")

    def letter(self, col: int, row: int) -> str:
        """Returns the letter at column `col`, row `row` from the top ("" if empty)."""
        return self.letters[row * self.size + col] if self.letters else ""

    def number(self, col: int, row: int) -> int:
        """Returns the move number written in the cell's corner (0 for none)."""
        return self.numbers[row * self.size + col] if self.numbers else 0


def grid_plan(
    board: Board,
    notation: Notation,
    marked: tuple[Cell, ...] = (),
    segments: tuple[Segment, ...] = (),
    numbers: dict[Cell, int] | None = None,
) -> GridPlan:
    """Returns what a diagram of `board` shows: coordinates, the marked cells, the named lines, move numbers."""
    n = board.size

    def at(cell: Cell) -> tuple[int, int]:
        return (cell.col, n - 1 - cell.row)

    if notation is Notation.A1:
        cols = tuple(column_letters(col) for col in range(n))
        rows = tuple(str(n - row) for row in range(n))
    else:
        cols = tuple(f"C{col + 1}" for col in range(n))
        rows = tuple(f"L{row + 1}" for row in range(n))
    letters = tuple(letter.value if letter else "" for row in board.rows() for letter in row)
    marks = tuple(SegmentMark(at(seg.start), at(seg.end), segment_name(seg, n, notation)) for seg in segments)
    order: tuple[int, ...] = ()
    if numbers:
        by_place = {at(cell): number for cell, number in numbers.items()}
        order = tuple(by_place.get((col, row), 0) for row in range(n) for col in range(n))
    places = tuple(at(cell) for cell in marked)
    return GridPlan(n, cols, rows, letters, places, marks, order, notation is Notation.L1C1)


@dataclass(frozen=True)
class Side:
    """Holds one side of a game for a tally: its label and how many players' names it needs."""

    label: Label
    short: str
    players: int


def sides(variant: Variant, vocabulary: Vocabulary) -> tuple[Side, ...]:
    """Returns the sides that score: each seat, or the two teams."""
    if variant.teams:
        return tuple(Side(vocabulary.label("common.team", first=t[0], second=t[1]), t, 2) for t in variant.sides)
    return tuple(Side(vocabulary.label("common.seat", seat=seat), seat, 1) for seat in variant.seats)


def variant_notes(variant: Variant, vocabulary: Vocabulary) -> tuple[Label, ...]:
    """Returns the lines that state the variant in play, if any."""
    notes = []
    if variant.teams:
        notes.append(vocabulary.label("common.variant_teams"))
    if variant.target:
        notes.append(vocabulary.label("common.variant_target", target=variant.target))
    if variant.first_sos_wins:
        notes.append(vocabulary.label("common.variant_first_sos"))
    return tuple(notes)


def cell_hint(notation: Notation, vocabulary: Vocabulary) -> Label:
    """Returns the sentence that explains how cells are named."""
    return vocabulary.label("common.cell_hint_a1" if notation is Notation.A1 else "common.cell_hint_l1c1")


@dataclass(frozen=True)
class BoardPlan:
    """Holds everything a player board shows, but the group number."""

    title: Label
    smaller: Label | None
    rule: Label
    notes: tuple[Label, ...]
    hint: Label
    grid: GridPlan
    sides: tuple[Side, ...]
    name: Label
    names: Label
    tally: Label
    total: Label
    class_name: str


def board_plan(options: PrintOptions) -> BoardPlan:
    """Returns the plan of the player board for `options`."""
    vocab = Vocabulary(options.language)
    n = options.size
    return BoardPlan(
        title=vocab.label("board.title"),
        smaller=vocab.label("board.smaller_version", size=n) if n == 3 else None,
        rule=vocab.label("board.rule"),
        notes=variant_notes(options.variant, vocab),
        hint=cell_hint(options.notation, vocab),
        grid=grid_plan(Board.empty(n), options.notation),
        sides=sides(options.variant, vocab),
        name=vocab.label("board.name"),
        names=vocab.label("board.names"),
        tally=vocab.label("board.tally"),
        total=vocab.label("board.total"),
        class_name=options.class_name,
    )


@dataclass(frozen=True)
class AuditPlan:
    """Holds everything a scoring audit shows, but the group number."""

    title: Label
    continued: Label
    intro: Label
    columns: tuple[Label, ...]
    rows: int
    sides: tuple[Side, ...]
    pause_title: Label
    pause_scores: Label
    pause_next: Label
    pause_hint: Label
    class_name: str


def audit_plan(options: PrintOptions) -> AuditPlan:
    """Returns the plan of the scoring audit for `options`: one row per cell of the board."""
    vocab = Vocabulary(options.language)
    game_sides = sides(options.variant, vocab)
    columns = [vocab.label(f"audit.col_{name}") for name in ("move", "player", "cell", "segments", "points")]
    columns += [vocab.label("audit.col_total", side=side.short) for side in game_sides]
    return AuditPlan(
        title=vocab.label("audit.title"),
        continued=vocab.label("audit.continued"),
        intro=vocab.label("audit.intro" if options.notation is Notation.A1 else "audit.intro_l1c1"),
        columns=tuple(columns),
        rows=options.size * options.size,
        sides=game_sides,
        pause_title=vocab.label("audit.pause_title"),
        pause_scores=vocab.label("audit.pause_scores"),
        pause_next=vocab.label("audit.pause_next"),
        pause_hint=vocab.label("audit.pause_hint"),
        class_name=options.class_name,
    )


def group_labels(options: PrintOptions) -> list[Label]:
    """Returns "Group k of n" for each group, or empty labels for a single group."""
    if options.groups == 1:
        return [()]
    vocab = Vocabulary(options.language)
    return [vocab.label("common.group", number=k, count=options.groups) for k in range(1, options.groups + 1)]


@dataclass(frozen=True)
class ExampleFigure:
    """Holds one worked example as printed: title, explanation, the diagram, and the engine's account."""

    title: str
    text: list[Block]
    grid: GridPlan
    results: list[Block]


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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
