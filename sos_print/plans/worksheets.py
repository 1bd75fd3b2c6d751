"""Builds the plan of the children's puzzle sheets, in every language of the document.

The puzzles come from `engine.puzzles`; the key (`plans.answers`) shows the same ones with their answers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sos_print.engine.frozen import frozen
from sos_print.engine.notation import Notation
from sos_print.engine.puzzles import PuzzleKind, Sheet
from sos_print.engine.rules import Board
from sos_print.plans.common import StripPlan, strip_plan
from sos_print.plans.grids import GridPlan, grid_plan
from sos_print.plans.layout import ANSWER_CELL_BOXES
from sos_print.plans.options import PrintOptions
from sos_print.plans.words import Label, Run, Vocabulary

if TYPE_CHECKING:
    from sos_print.engine.roster import Child

GIFT_PATTERNS = ("S.S", "SO.", ".OS")  # every gift, as three cells of a line ("." empty): one letter completes it

Rich = tuple[tuple[Run, ...], ...]  # a phrase with bold runs, in every language of a document, first language first


def rich(vocab: Vocabulary, name: str, **context: object) -> Rich:
    """Returns macro `name` as styled runs, one tuple per language."""
    return tuple(tuple(run for block in blocks for run in block.runs) for blocks in vocab.blocks(name, **context))


def run_on(first: Rich, then: Rich) -> Rich:
    """Returns `then` run on after `first` in one paragraph, language by language."""
    return tuple((*a, Run(" "), *b) for a, b in zip(first, then, strict=True))


@frozen
class PuzzleFigure:
    """Holds one puzzle as a child sees it: its number, the question, whose turn it is, the board."""

    number: int
    question: Label
    turn: Label  # whose turn it is
    count: Label  # how many answers there are
    grid: GridPlan
    challenge: bool = False  # a best-move puzzle: starred, as it can take a search to the end of the game


@frozen
class SheetPlan:
    """Holds one children's sheet: the header, the reminder of what to look for, the puzzles, the footer."""

    title: Label
    name_caption: str
    sheet_label: Label  # "Sheet 7 of 30" at the right of the header strip, or nothing for a single sheet
    gift: Rich
    patterns: tuple[str, ...]
    reminders: tuple[Rich, ...]  # under the gift: scoring again, what "best" means, how cells are named
    starred: int  # which of the reminders opens with the star the challenges carry (what "best" means), or -1
    answer_cell: Label
    answer_letter: Label
    notation: Notation  # how long the cell names written in the answer box are
    cell_box: float  # the width (mm) of the box for the cell's name: the first of its notation's ANSWER_CELL_BOXES
    footer: Label
    page: Label  # "Page {number} of {count}", filled in when the sheet's pages are counted
    puzzles: tuple[PuzzleFigure, ...]
    bookmark: str
    strip: StripPlan
    child: str = ""  # the name printed on the name line: a class list's child, one sheet each
    name_under: bool = False  # the name line under the title, as a longer name of the same set needs it
    struck: Rich = ()  # what the dashed lines on its boards are: run on in the first page's reminder if `told`
    told: bool = False  # else said over the first page's rows, as over the next pages'
    # The title of the page a sheet of an odd number of pages, more than one, ends with, and its blank grids: every
    # sheet of several pages is then printed two-sided with no child's page on the back of another's (issue 23, rv44
    # B5).
    working: Label = ()
    working_note: Rich = ()  # what the page is for, under its title (French read fr46, P3)
    # The two, run on, over blank grids at the foot of a page of puzzles (review rv50 C6), or beside a lone puzzle over
    # more that it heads (rv77): one wording for both ("here" there, "onto an empty board" here: dz95, C6).
    working_foot: Rich = ()
    blank: GridPlan | None = None


def class_children(options: PrintOptions, sheets: int) -> tuple[Child | None, ...]:
    """Returns the child each of `sheets` sheets is for, in the class list's order (None without a class list)."""
    if options.seating is None:
        return (None,) * sheets
    children = tuple(child for group in options.seating.groups for child in group)
    if len(children) != sheets:
        raise ValueError(f"{sheets} sheets for a class list of {len(children)} children")
    return children


def sheet_plan(options: PrintOptions, sheet: Sheet, copies: int, child: Child | None = None) -> SheetPlan:
    """Returns the plan of one children's sheet of a set of `copies`, in the options' languages and notation, with
    `child`'s name on it if given."""
    vocab = Vocabulary(options.language)
    kinds = {puzzle.kind for puzzle in sheet.puzzles}
    reminders = [rich(vocab, "puzzles.score_again")]
    if PuzzleKind.BEST_MOVE in kinds:
        reminders.append(rich(vocab, "puzzles.best_meaning"))
    hint = "puzzles.cell_a1" if options.notation is Notation.A1 else "puzzles.cell_l1c1"
    reminders.append(rich(vocab, hint))
    figures = tuple(
        PuzzleFigure(
            number,
            vocab.label("puzzles.question", kind=puzzle.kind.value),
            vocab.label("puzzles.turn", seat=puzzle.to_move),
            vocab.label("puzzles.answer_count", count=len(puzzle.answers)),
            # Every S-O-S already on the board is struck, as in class, in the replay's thin dashes: a child tells
            # it from a new one and does not count it for "most points" (issue 34, H7).
            grid_plan(puzzle.board, options.notation, faint=puzzle.board.sos_lines()),
            challenge=puzzle.kind is PuzzleKind.BEST_MOVE,
        )
        for number, puzzle in enumerate(sheet.puzzles, start=1)
    )
    return SheetPlan(
        title=vocab.label("puzzles.title"),
        name_caption=" / ".join(dict.fromkeys(vocab.label("puzzles.name_field"))),
        # The child's page numbers the sheet without the total: "1 of 30" would read as thirty sheets to do.
        sheet_label=(" / ".join(dict.fromkeys(vocab.label("puzzles.sheet", number=sheet.number))),)
        if copies > 1
        else (),
        # The sheet's own question leads, beside the lines pictured: a score-now sheet began "Watch out for gifts."
        gift=rich(vocab, "puzzles.lead", kind=sheet.kind.value if sheet.kind else "mixed"),
        patterns=GIFT_PATTERNS,
        reminders=tuple(reminders),
        starred=1 if PuzzleKind.BEST_MOVE in kinds else -1,
        answer_cell=vocab.label("puzzles.answer_cell"),
        answer_letter=vocab.label("puzzles.answer_letter"),
        notation=options.notation,
        cell_box=ANSWER_CELL_BOXES[options.notation.value][0],
        footer=(" / ".join(dict.fromkeys(vocab.label("puzzles.footer", identifier=sheet.identifier))),),
        page=vocab.label("common.page", number="{number}", count="{count}"),
        puzzles=figures,
        bookmark=" / ".join(dict.fromkeys(vocab.label("puzzles.bookmark", number=sheet.number))),
        strip=strip_plan(options, fields=True),
        child=child.name if child else "",
        struck=rich(vocab, "puzzles.struck") if any(puzzle.board.sos_lines() for puzzle in sheet.puzzles) else (),
        working=vocab.label("puzzles.working_title"),
        working_note=rich(vocab, "puzzles.working_note"),
        working_foot=rich(vocab, "puzzles.working_foot"),
        blank=grid_plan(Board.empty(sheet.size), options.notation),
    )
