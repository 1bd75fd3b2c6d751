"""Builds the plan of the puzzles' answer key (the teacher's), and the puzzles as data (puzzles.json).

The key shows the puzzles the sheets show, made by `engine.puzzles`; every answer, point and value printed comes
from there (the solver's, for best-move puzzles), named in the sheets' notation.
"""

from __future__ import annotations

from sos_print.engine.frozen import frozen, replace
from sos_print.engine.grid import Cell
from sos_print.engine.notation import Notation, cell_name, segment_names
from sos_print.engine.puzzles import Choice, Puzzle, PuzzleKind, Sheet
from sos_print.engine.rules import Letter, Position
from sos_print.plans.common import StripPlan, strip_plan
from sos_print.plans.grids import answer_letters, grid_plan
from sos_print.plans.options import PrintOptions
from sos_print.plans.tables import Entry, Table, TableCell
from sos_print.plans.words import Block, Label, Words, interleaved
from sos_print.plans.worked import ExampleFigure
from sos_print.plans.worksheets import class_children

# Puzzles the marking grid heads with their kind, at the key's type size. More are set a size down (documents.answers)
# and headed by their number, their kinds named over the grid: twelve heads naming their kind take 190 mm at 9 pt.
MARKING_COLUMNS = 6


@frozen
class KeySheet:
    """Holds one sheet's answers in the key: its heading and each puzzle as a figure with its answers marked."""

    heading: Label  # in each language of the key
    head: Label  # the running head of a page that carries the sheet on: its number and code (the code holds the seed)
    bookmark: str
    entries: tuple[ExampleFigure, ...]
    child: str = ""  # the name of the child the sheet is for (a class list's), over its heading


@frozen
class KeyPlan:
    """Holds the answer key: the marking grid of every sheet's answers, then each sheet explained. A key in two
    languages has its words in both, the second under the first (its blocks follow, `words.SECOND`), and its tables
    and diagrams once."""

    title: Label
    keep_apart: Label
    # "To mark, print pages 1–2 only", for a grid on one page, on two, and on more: "{through}" stands for its last
    # page, which the key's layout finds (a class set's key of 39 pages did not say which suffice, issue 23, P6).
    print_marking: tuple[Label, Label, Label]
    sides: Label  # how to print puzzles.pdf, one-sided or two: under the pages to print, which a teacher reads
    # The running head of a page holding several sheets' answers, "Sheets {first} and {last} of 30" for two sheets and
    # "... to ..." for more, as a dictionary's guide words (it named the first sheet alone, issue 23, rv48 C6).
    sheets_head: tuple[Label, Label]
    # Their children, a class list's, "{first} and {last}" (a dash between two names read as one double-barrelled
    # name, itself hyphenated: review rv55, C3).
    children_head: tuple[Label, Label]
    marking_heading: Label
    marking_continued: Label  # heads each later page of the marking grid (review rv61, 12)
    marking_intro: list[Block]
    marking: tuple[Table, ...]  # one table: a row per sheet, a column per puzzle
    marking_legend: Label  # over a grid of more than MARKING_COLUMNS puzzles, headed by number: each number's kind
    explained_heading: Label
    intro: list[Block]
    sheets: tuple[KeySheet, ...]
    bookmark: str
    strip: StripPlan
    page: str  # "Page {number} of {count}": each page's number in the file, filled in when its pages are counted


def key_plan(
    options: PrintOptions, sheets: tuple[Sheet, ...], pages: tuple[int, ...] = (1,), working: bool = False
) -> KeyPlan:
    """Returns the answer key of `sheets` in the options' languages, naming cells in the options' notation; `pages`
    are the sheets' page counts in puzzles.pdf and `working` tells whether a sheet ends with a working page: they say
    whether it may be printed two-sided."""
    languages = tuple(Words(code) for code in options.language.codes)
    words, other = languages[0], (languages[1] if len(languages) > 1 else None)
    first = sheets[0]
    kind = first.kind.value if first.kind else "mixed"
    children = tuple(child.name if child else "" for child in class_children(options, len(sheets)))

    def label(name: str, **context: object) -> Label:
        return tuple(language(name, **context) for language in languages)

    def blocks(name: str, **context: object) -> list[Block]:
        return interleaved(words.blocks(name, **context), other.blocks(name, **context) if other else None)

    return KeyPlan(
        title=label("puzzles.key_title"),
        keep_apart=label("puzzles.key_keep_apart"),
        print_marking=(
            label("puzzles.key_print_marking", through=1),
            label("puzzles.key_print_marking", through=2),
            label("puzzles.key_print_marking", through="{through}"),
        ),
        sides=label("puzzles.key_sides", sheets=len(sheets), sheet_pages=tuple(sorted(set(pages))), working=working),
        sheets_head=(
            label("puzzles.key_sheets", first_sheet="{first}", last_sheet="{last}", count=len(sheets), pair=True),
            label("puzzles.key_sheets", first_sheet="{first}", last_sheet="{last}", count=len(sheets), pair=False),
        ),
        children_head=(
            label("puzzles.key_children", first="{first}", last="{last}", pair=True),
            label("puzzles.key_children", first="{first}", last="{last}", pair=False),
        ),
        marking_heading=label("puzzles.key_grid_heading"),
        marking_continued=label("puzzles.key_grid_continued"),
        marking_intro=blocks(
            "puzzles.key_grid_intro",
            notation=options.notation.value,
            sheets=len(sheets),
            starred=any(table.starred for table in marking_tables(sheets, words, options.notation)),
        ),
        marking=marking_tables(sheets, words, options.notation, children, other),
        marking_legend=marking_legend(sheets, languages),
        explained_heading=label("puzzles.key_explained_heading"),
        intro=blocks(
            "puzzles.key_intro",
            identifier=first.identifier,
            size=first.size,
            count=len(first.puzzles),
            kind=kind,
        ),
        sheets=tuple(
            _key_sheet(sheet, len(sheets), languages, options.notation, child)
            for sheet, child in zip(sheets, children, strict=True)
        ),
        bookmark=_joined(
            label("puzzles.key_bookmark", number=first.number) if len(sheets) == 1 else label("puzzles.key_title")
        ),
        strip=strip_plan(options, fields=False, lang=words.lang),
        page=_joined(label("common.page", number="{number}", count="{count}")),
    )


def _joined(label: Label) -> str:
    """Returns a label's languages on one line, a slash between them (once where they read the same)."""
    return " / ".join(dict.fromkeys(label))


def marking_tables(
    sheets: tuple[Sheet, ...],
    words: Words,
    notation: Notation,
    children: tuple[str, ...] = (),
    other: Words | None = None,
) -> tuple[Table, ...]:
    """Returns the grid a teacher marks a class set from: a row per sheet, a column per puzzle, each cell every
    right answer, by letter (S/O, S, then O) and its cells. One table, whatever the count: split into tables of six
    puzzles, a sheet of twelve had its answers on two pages (sheets 1 to 6 on pages 1 and 2, sheets 7 to 12 on 2 and
    3, issue 23, review des38 A7). With `children` (a name per sheet), each row starts with the child's name and the
    sheet's number. With an `other` language, each head has its translation under it."""
    named = any(children)
    numbers = range(max(len(sheet.puzzles) for sheet in sheets))
    heads = column_kinds(sheets)
    numbered = len(numbers) > MARKING_COLUMNS  # headed by number alone, `marking_legend` naming the kinds
    columns, others = (
        (
            language("puzzles.key_grid_child" if named else "puzzles.key_grid_sheet"),
            *(
                (f"{k + 1}." if language is words else "")
                if numbered
                else language("puzzles.key_grid_puzzle", number=k + 1, kind=heads[k].value)
                for k in numbers
            ),
        )
        for language in (words, other or words)
    )
    # Twelve columns are too narrow for L1C1's "O L2C2" where "S L1C2" fits: the same column showed a letter beside its
    # cell and a letter alone over its cell, read as an answer of its own (review rv55, C4). There every letter stands
    # over its cells, on A4 and Letter alike.
    stacked = numbered and notation is Notation.L1C1
    rows = tuple(
        (
            _sheet_cell(sheet, children[n] if named else ""),
            *(_marked(sheet.puzzles[k], notation, stacked) if k < len(sheet.puzzles) else () for k in numbers),
        )
        for n, sheet in enumerate(sheets)
    )
    table = Table(
        columns,
        rows,
        stretch=len(columns) - 1,
        left=(0,) if named else (),
        centred=True,
        others=others if other else (),
        # A challenge's column is starred as the sheet stars its puzzle (review des41, C7); not a column headed by its
        # number alone, twelve to a page, which the star left too narrow for "12.".
        starred=() if numbered else tuple(k + 1 for k in numbers if heads[k] is PuzzleKind.BEST_MOVE),
    )
    return (table,)


def marking_legend(sheets: tuple[Sheet, ...], languages: tuple[Words, ...]) -> Label:
    """Returns the line over a marking grid of more than MARKING_COLUMNS puzzles, whose heads are numbers: the
    puzzles each kind is asked in, "Puzzles 1, 4, 7, 10: most points now; 2, 5, 8, 11: give nothing away; …" (a full
    stop after "10" read as a sentence's end, and the numbers could be taken for sheets': review rv74, 13, French read
    fr73, 7); none for fewer, whose heads name their kind. Its heads too narrow for the star a challenge's carries, the
    line names the challenges, "3, 6, 9, 12: best move (challenge)" (review rv56, C4)."""
    heads = column_kinds(sheets)
    if len(heads) <= MARKING_COLUMNS:
        return ()
    kinds = dict.fromkeys(heads.values())
    places = {kind: ", ".join(str(k + 1) for k, asked in heads.items() if asked is kind) for kind in kinds}
    parts = tuple((places[kind], kind.value) for kind in kinds)
    return tuple(words("puzzles.key_grid_legend", parts=parts) for words in languages)


def column_kinds(sheets: tuple[Sheet, ...]) -> dict[int, PuzzleKind]:
    """Returns, for each puzzle's place on the sheets (from 0), the kind every sheet asks there: its column's head in
    the marking grid (the engine keeps each kind in its places, so that a column is marked with one question)."""
    found = {}
    for k in range(max(len(sheet.puzzles) for sheet in sheets)):
        kinds = {sheet.puzzles[k].kind for sheet in sheets if k < len(sheet.puzzles)}
        if len(kinds) != 1:
            raise ValueError(f"puzzle {k + 1} asks {len(kinds)} kinds of question on the sheets of one set")
        (found[k],) = kinds
    return found


def _sheet_cell(sheet: Sheet, child: str) -> TableCell:
    """Returns a marking row's first cell: the sheet's number, or the child's name (a word an entry, so that a long
    name wraps) and the number in brackets."""
    if not child:
        return (Entry(str(sheet.number), bold=True),)
    return (*(Entry(word, bold=True) for word in child.split(" ")), Entry(f"({sheet.number})"))


def _marked(puzzle: Puzzle, notation: Notation, stacked: bool = False) -> TableCell:
    """Returns a puzzle's answers as the marking grid lists them: each letter in bold on a line of its own, then its
    cells in the order of their names, a comma between each two (`stacked`: on the lines under the letter); a cell
    where either letter is right under "S/O", as the key's diagrams and its note ("S/O means either letter") write it,
    where "S A3" and "O A3" on two lines read as two answers (issue 23, review des38 B11)."""
    size, entries = puzzle.board.size, list[Entry]()
    letters: dict[Cell, str] = {}
    for answer in sorted(puzzle.answers, key=lambda answer: answer.move.letter is not Letter.S):
        letters[answer.move.cell] = "/".join(filter(None, (letters.get(answer.move.cell), answer.move.letter.value)))
    for letter in ("S/O", Letter.S.value, Letter.O.value):
        cells = [cell for cell, found in letters.items() if found == letter]
        if cells:
            # The cells are joined to their letter: a line break between them reads as a letter without its cells.
            # The next letter starts its own line: "S D2 O B3 D1", told apart by bold alone, read as five answers.
            # In the order of their names (B2, C1, C4): a teacher looks a child's cell up in the list.
            names = sorted(cell_name(cell, size, notation) for cell in cells)
            commas = (
                Entry(
                    name + ("," if k < len(names) - 1 else ""),
                    joined=not (stacked and k == 0),
                    apart=stacked and k == 0,
                )
                for k, name in enumerate(names)
            )
            entries += [Entry(letter, bold=True, apart=bool(entries)), *commas]
    return tuple(entries)


def _key_sheet(sheet: Sheet, count: int, languages: tuple[Words, ...], notation: Notation, child: str = "") -> KeySheet:
    heading = tuple(
        words("puzzles.key_sheet", number=sheet.number, count=count, identifier=sheet.identifier, seed=sheet.seed)
        for words in languages
    )
    entries = tuple(
        _translated([key_entry(puzzle, number, words, notation) for words in languages])
        for number, puzzle in enumerate(sheet.puzzles, start=1)
    )
    bookmark = _joined(tuple(words("puzzles.key_bookmark", number=sheet.number) for words in languages))
    # A class list's name before "... code 4M6-1, seed 1" wrapped the seed onto a second line (review rv50, C7).
    head = tuple(
        words("puzzles.key_sheet_head", number=sheet.number, count=count, identifier=sheet.identifier)
        for words in languages
    )
    return KeySheet(heading, head, bookmark, entries, child)


def _translated(figures: list[ExampleFigure]) -> ExampleFigure:
    """Returns a puzzle's figure in its first language with the second's title and text under each part (one
    language: the figure itself): the diagram is drawn once."""
    if len(figures) == 1:
        return figures[0]
    first, second = figures
    return replace(first, text=tuple(interleaved(list(first.text), list(second.text))), second=second.title)


def key_entry(puzzle: Puzzle, number: int, words: Words, notation: Notation) -> ExampleFigure:
    """Returns one puzzle of the key: its heading, its answers with their points, why, and the marked diagram."""
    position = Position(puzzle.board, seat=puzzle.to_move)
    shown = _shown(puzzle)
    # Only one answer's lines are drawn: the lines of several, drawn together, crossed and gave one cell two letters
    # (review rv61, 1); the list beside the board names each answer's lines.
    segments = tuple(
        seg
        for answer in puzzle.answers
        if answer.points and len(shown) == 1
        for seg in position.step(answer.move).segments
    )
    # Several answers are numbered, in the list and in their cells: blacked together on one board they read as one
    # position (issue 23, review 34 P4).
    numbers: dict[Cell, list[str]] = {}
    for k, (cell, _) in enumerate(shown if len(shown) > 1 else (), start=1):
        numbers.setdefault(cell, []).append(str(k))
    # No line is named beside the board, as the answers' text names every line each completes: a name found no room
    # by crossing lines, so that one puzzle named its lines and the next did not (issue 23, rv44 C2).
    grid = grid_plan(
        puzzle.board,
        notation,
        segments=segments,
        answers=answer_letters(puzzle.answers),
        faint=puzzle.board.sos_lines(),  # dashed as on the child's sheet (issue 34, H7)
        # "2, 3", not "2,3": a French reader reads two point three (French read fr46, P5).
        answer_numbers={cell: ",\u202f".join(found) for cell, found in numbers.items()},
        named=False,
    )
    heading = words("puzzles.key_heading", number=number, kind=puzzle.kind.value, seat=puzzle.to_move)
    items = tuple(
        words("puzzles.key_numbered", number=k, item=_answer_item(puzzle, answer, position, words, notation))
        if len(shown) > 1
        else _answer_item(puzzle, answer, position, words, notation)
        for k, answer in enumerate(shown, start=1)
    )
    listed = words("puzzles.key_list", items=items)
    blocks = words.blocks("puzzles.key_answers", count=len(shown), answers=listed)
    blocks += _why(puzzle, words, notation)
    return ExampleFigure(heading, tuple(blocks), grid, ())


def _shown(puzzle: Puzzle) -> list[tuple[Cell, tuple[Choice, ...]]]:
    """Returns the answers as listed: one item per move, a letter in a cell, as the child's sheet counts them. A
    no-gift puzzle's were listed per cell, "(1) O in A3; (2) S or O in D1" under a sheet that said "There are 3
    answers" (issue 23, rv44 C1)."""
    return [(answer.move.cell, (answer,)) for answer in puzzle.answers]


def _answer_item(
    puzzle: Puzzle, item: tuple[Cell, tuple[Choice, ...]], position: Position, words: Words, notation: Notation
) -> str:
    cell, choices = item
    size = puzzle.board.size
    move = _move_words(choices, cell, size, words, notation)
    if puzzle.kind is PuzzleKind.NO_GIFT:
        return move
    choice = choices[0]
    lines = segment_names(position.step(choice.move).segments, size, notation)
    return f"{move}, {words('puzzles.key_points', points=choice.points, lines=lines)}"


def _move_words(choices: tuple[Choice, ...], cell: Cell, size: int, words: Words, notation: Notation) -> str:
    letters = tuple(choice.move.letter.value for choice in choices)
    return words("puzzles.key_move", letters=letters, cell=cell_name(cell, size, notation))


def _named(choices: tuple[Choice, ...], size: int, words: Words, notation: Notation) -> str:
    """Returns moves as "O in B2 or S in C3"."""
    return words("puzzles.key_or", items=tuple(_move_words((c,), c.move.cell, size, words, notation) for c in choices))


def _why(puzzle: Puzzle, words: Words, notation: Notation) -> list[Block]:
    """Returns the sentence that says why the answers are right, from the puzzle's points and values."""
    answers, size = puzzle.answers, puzzle.board.size
    other = "B" if puzzle.to_move == "A" else "A"
    others = [choice for choice in puzzle.choices if choice not in answers]
    if puzzle.kind is PuzzleKind.SCORE_NOW:
        best_other = max((choice.points for choice in others), default=0)
        most = answers[0].points
        return words.blocks("puzzles.key_why_score_now", count=len(answers), points=most, second=best_other)
    if puzzle.kind is PuzzleKind.NO_GIFT:
        return words.blocks("puzzles.key_why_no_gift", count=len(answers), others=len(others), other=other)
    greedy = puzzle.greedy
    assert puzzle.value is not None and all(choice.value is not None for choice in greedy)
    return words.blocks(
        "puzzles.key_why_best_move",
        greedy=_named(greedy, size, words, notation),
        count=len(greedy),
        points=greedy[0].points,
        greedy_value=max(choice.value for choice in greedy if choice.value is not None),
        best=_named(answers, size, words, notation),
        value=puzzle.value,
        seat=puzzle.to_move,
        other=other,
    )


# --- the puzzles as data ---------------------------------------------------------------------


def puzzle_records(sheets: tuple[Sheet, ...], notation: Notation) -> list[dict[str, object]]:
    """Returns every puzzle as printed, in the form of puzzles.json: sheet, number, kind, size, board, to_move,
    answers (each a cell in `notation` and a letter)."""
    return [
        {
            "sheet": sheet.number,
            "number": number,
            "kind": puzzle.kind.value,
            "size": puzzle.board.size,
            "board": puzzle.text,
            "to_move": puzzle.to_move,
            "answers": [
                {"cell": cell_name(answer.move.cell, puzzle.board.size, notation), "letter": answer.move.letter.value}
                for answer in puzzle.answers
            ],
        }
        for sheet in sheets
        for number, puzzle in enumerate(sheet.puzzles, start=1)
    ]
