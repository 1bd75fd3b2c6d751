"""Reads game records typed from a filled scoring audit (CSV) into the examples' form, claims and all.

A record is a table: a header row, then one row per move. The columns are those of the
audit, in English or French, any case and order:

    move / coup                     optional; checked against the order of the rows
    player / joueur                 the seat that wrote the letter (A to D); empty: no claim
    letter / lettre                 S or O (or s, o)
    cell / case                     in the record's notation (B2, or L2C3)
    lines / lignes                  the new S-O-S by their end cells, "B1-B3 A2-C2"; "-" for none;
                                    empty: no claim
    points                          a whole number; empty: no claim
    total A / total A + C           optional running totals, one per player or team

Every column but the move and the totals must be in the header, its cells empty if need be: a
column left out would check nothing, and a clean report would say that every claim holds. A game
won by the first S-O-S has no points: its sheet has no points column, and its lines say who won.

Spreadsheet exports are read as they come: UTF-8 with or without a byte-order mark, UTF-16 or
UTF-32, or else Windows-1252, which Excel writes in Western Europe (`files.decode_spreadsheet`,
which class lists share), commas, semicolons or tabs between
cells (or the separator Excel's first line "sep=;" names), CRLF line ends, empty rows (and rows
holding only a move number, as a typed-out audit has for moves never played). The board size,
players and notation come from `RecordOptions`: a CSV file does not say them.
"""

from __future__ import annotations

import csv
import io
import itertools
import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence

from sos_print.engine.errors import (
    ExampleFileError,
    MissingRowError,
    NotAMoveError,
    NotationError,
    SosError,
    quoted,
    rows_said,
    typed,
)
from sos_print.engine.examples import MAX_BYTES, ClaimedMove, Example
from sos_print.engine.files import (
    UNCLOSED_QUOTE,
    decode_spreadsheet,
    packed_kind,
    read_bounded,
    read_head,
    separator_line,
    sniffed_text,
    starts_as_pdf,
    trimmed_row,
)
from sos_print.engine.frozen import frozen
from sos_print.engine.grid import MAX_SIZE, Cell, Segment
from sos_print.engine.notation import LINE_ADVICE, Notation, cell_pattern, parse_cell, parse_segment
from sos_print.engine.rules import MAX_PLAYERS, SEATS, Board, Letter, Variant

COLUMNS = {
    "move": "move",
    "coup": "move",
    # a spreadsheet's heading of a numbers column (sweep ad78, 7)
    **dict.fromkeys(("#", "move #", "move no.", "move number", "no.", "n°", "coup n°", "numéro", "n° du coup"), "move"),
    "player": "player",
    "joueur": "player",
    "letter": "letter",
    "lettre": "letter",
    "cell": "cell",
    "case": "cell",
    "lines": "lines",
    "lignes": "lines",
    "new s-o-s lines": "lines",  # the audit's own headings, typed as printed
    "nouveaux s-o-s": "lines",
    "points": "points",
}
REQUIRED = ("player", "letter", "cell", "lines", "points")
WITHOUT_POINTS = ("player", "letter", "cell", "lines")  # a first-S-O-S-wins game's: its audit has no points column
# The column names a message lists, in the language of the header's own names.
NAMES = {
    "en": ("move", "player", "letter", "cell", "lines", "points", "total A"),
    "fr": ("coup", "joueur", "lettre", "case", "lignes", "points", "total A"),
}
_FRENCH = {"coup", "joueur", "lettre", "case", "lignes", "nouveaux s-o-s", "coup n°", "numéro", "n° du coup"}
# The files read as records typed from an audit: CSV, and the tab-separated text spreadsheets also export.
TABLE_SUFFIXES = (".csv", ".tsv", ".txt")
# The most characters a cell holds. The longest a real one takes is a lines cell on 8 x 8: one letter completes at
# most 8 S-O-S, "L1C1 - L3C3, " each; a longer cell is refused before it is parsed, whatever the file's size.
MAX_CELL = 400
# The most columns a record's header row may have: an audit has at most 10 (move, player, letter, cell, lines, points
# and 4 totals); a few more of a teacher's notes are read as unknown columns, a wider row is refused.
MAX_COLUMNS = 64
# What a lines cell may hold for none, compared in lower case without its spaces and full stops: "N/A" was "'N' is
# not a cell name" (ad85, 4), « néant », "no line" and "0" were told to write a line's two cells (ad87, 3).
NO_LINE = frozenset(
    {"-", "\u2013", "\u2014", "/", "-/-", "0", "n/a", "na", "n/d", "nd", "s/o", "so", "none", "noline", "nolines"}
    | {"nothing", "aucun", "aucune", "aucuneligne", "pasdeligne", "néant", "rien"}
)
_SEPARATORS = (";", ",", "\t")


@frozen
class RecordOptions:
    """Holds what a CSV record does not say: the board size, the variant and the notation of its cells, and whether
    the command line gave them (a filled audit says its own)."""

    size: int
    variant: Variant
    notation: Notation = Notation.A1
    given: bool = True


def load_csv_record(path: str, options: RecordOptions) -> Example:
    """Reads the CSV record at `path` (named in messages exactly as given)."""
    data = read_bounded(path, MAX_BYTES, "a game record")
    if starts_as_pdf(data):  # as files.is_pdf tells one
        raise ExampleFileError(
            path, "is a PDF, not a CSV record: if it is a filled audit, give it a name ending in .pdf"
        )
    if kind := packed_kind(path, data):
        raise ExampleFileError(path, f"is {kind}", unread=True)
    return parse_csv_record(decode_spreadsheet(data, path, "save it as CSV, then check that file"), options, path)


def is_table(path: str) -> bool:
    """Tells whether `path` names a record typed from an audit (.csv, or .tsv and .txt as spreadsheets export)."""
    return path.lower().endswith(TABLE_SUFFIXES)


def is_typed_record(path: str) -> bool:
    """Tells whether the commands of records read `path` as a table typed from an audit: named .csv (or .tsv and .txt
    as spreadsheets export), or named otherwise ("game.csv.bak", "game") but starting with a record's header row, as
    a PDF is told by its content."""
    return is_table(path) or (not path.lower().endswith((".toml", ".pdf")) and is_record(path))


def is_record(path: str) -> bool:
    """Tells whether `path` is a regular file that starts as a record typed from an audit does, whatever its name
    ("game.csv.bak"): a header row naming a player, a letter and a cell column (after Excel's "sep=" line)."""
    # as much of it as a named one is read: blank lines or a long title may push its header row past any first bytes
    # looked at, and a record passed over as a note let a folder pass with exit 0 (sweep 40, F3); of one larger, as
    # much, so that it is told as a record too large (sweep ad89, 1)
    data = read_head(path, MAX_BYTES)
    if data is None:
        return False
    try:
        text: str | None = decode_spreadsheet(data, path, "")
    except SosError:  # a record in an encoding it is refused in is still a record, named as one (sweep ad60, 3)
        text = sniffed_text(data)
    return text is not None and is_record_text(text)


def is_record_text(text: str) -> bool:
    """Tells whether `text` is a record typed from an audit: it holds a header row naming a player, a letter and a
    cell column, below any title lines (after Excel's "sep=" line)."""
    lines = io.StringIO(text.removeprefix("\ufeff"), newline=None)
    filled = (line for line in lines if not _blank(line))
    first = next(filled, "")
    # Anywhere in it: title lines may stand above it, more than a record read takes (then refused as such, where
    # a record named otherwise was taken for a note: sweep ad60, 3).
    return any(_is_header(line) for line in itertools.chain(() if separator_line(first) else (first,), filled))


_HEADER_WORDS = (("player", "joueur"), ("letter", "lettre"), ("cell", "case"))  # in every header row, in a language


def saved_otherwise(path: str) -> str | None:
    """Returns what a record saved as something `check` does not read is, and what to do ("a web page holding a game
    record's table; save it as CSV..."), or None: a web page (a school system's "Excel" export is one) whose table
    has a record's header row, or data naming its three columns as keys (`_KEYED`: JSON, XML, YAML...). Passed over
    as a document, its game went unchecked where the same bytes named .xls were named (ad89, 9; ad91, 6)."""
    data = read_head(path, MAX_BYTES)
    text = sniffed_text(data) if data else None
    if not text:
        return None
    if re.search(r"<t[dh]\b", text, re.IGNORECASE):
        # Rows start at <tr> only: Excel and Word write each cell on a line of its own (ad90, 2).
        cells = re.sub(r"<t[dh]\b[^>]*>", "\t", " ".join(text.split()), flags=re.IGNORECASE)
        rows = re.sub(r"<[^>]*>", "", re.sub(r"<tr\b[^>]*>", "\n", cells, flags=re.IGNORECASE))
        if any(_is_header(line.strip()) for line in rows.splitlines()):
            return "a web page holding a game record's table; save it as CSV (UTF-8) to check it"
    if all(key.search(text) for key in _KEYED):
        if text.lstrip("\ufeff \t\r\n").startswith(("[", "{")):
            return "a game record saved as JSON; save it as CSV (UTF-8) to check it"
        return (
            "a game record saved in a form sos-print does not read (it names a player, a letter and a cell): save it "
            "as CSV (UTF-8) to check it"
        )
    return None


def _keyed(words: str) -> re.Pattern[str]:
    """Returns what finds a column's name as data formats write a key: quoted ("player": JSON, SYLK, DIF), as a tag
    (<player>: XML), as an attribute (player="A") or as a key at a line's start (player: A, YAML)."""
    word = rf"(?:{words})"
    return re.compile(
        rf"""["'<][ \t]*{word}[ \t]*["'>]|^[ \t-]*{word}[ \t]*:|\s{word}[ \t]*=[ \t]*["']""",
        re.IGNORECASE | re.MULTILINE,
    )


# A record's three columns, each named as a key: JSON in any shape (a list of rows, columns by name, lines of objects),
# Excel's XML data, SYLK, DIF, YAML; only a list of objects was told (ad93, 2 and 3).
_KEYED = tuple(_keyed(words) for words in ("player|joueur", "letter|lettre", "cell|case"))


def _is_header(line: str) -> bool:
    """Tells whether a line is a record's header row: it names a player, a letter and a cell column."""
    lowered = line.lower()
    # Each column's name in it first: a megabyte of title lines took 12 s parsed as CSV one by one (ad90, 4).
    if not all(any(word in lowered for word in words) for words in _HEADER_WORDS):
        return False
    try:
        header = next(csv.reader([line], delimiter=_separator(line)), [])
    except csv.Error:
        return False
    if {"player", "letter", "cell"} <= set(_named(header)):
        return True
    # Columns parted by another mark ("|", a Markdown table) or by spaces (text copied from a PDF) are a record too,
    # refused when read with what parts them: passed over as a note, its game was never checked (sweep ad81, 2).
    mark = _other_separator(header)
    if mark is None:
        return False
    named = [_column(part) for part in (line.split() if mark == " " else line.split(mark)) if part.strip()]
    # Most of its parts name columns: a heading copied from the printed sheet ("New S-O-S lines") or with a column of
    # notes is one; a sentence naming a player, a letter and a cell is not (sweep ad82, 2).
    known = sum(name is not None for name in named)
    return {"player", "letter", "cell"} <= set(named) and 2 * known >= len(named)


# Title rows a record may hold above its header row ("Partie du 3 mars", "Groupe 2", "A;Léa"): a teacher's sheet has a
# few. Each is read for a move before it is passed over, so that the limit only bounds how far a header is looked for.
_TITLES = 10
_LOOK = 40  # rows looked through for a header further down, to name its row rather than call the file no record


def parse_csv_record(text: str, options: RecordOptions, path: str = "<record>") -> Example:
    """Reads a record from CSV text; `path` names it in messages, with the row of any problem.

    Blank lines are passed over before any cell is read, and rows are read one at a time, so that
    reading costs time and memory in proportion to the text, however many empty rows a spreadsheet
    exported.
    """
    # Rows end as CSV ends them (\n, \r\n or \r); str.splitlines would also end one at a form feed or U+2028.
    numbered = enumerate(io.StringIO(text.removeprefix("\ufeff"), newline=None), start=1)
    # A mark at a later line's start is a second file's, joined on ("cat a.csv b.csv"): its header read as a move
    lines: Iterator[tuple[int, str]] = (
        (number, line.removeprefix("\ufeff").removesuffix("\n")) for number, line in numbered if not _blank(line)
    )
    first = next(lines, None)
    if first is None:
        raise ExampleFileError(path, "holds no header row: write player, letter, cell, lines, points on the first row")
    csv.field_size_limit(max(csv.field_size_limit(), MAX_BYTES))  # a file is at most MAX_BYTES anyway
    hint = separator_line(first[1])  # Excel's "sep=;" line, as class lists read it
    said = first
    if hint:
        first = next(lines, None)
        if first is None:
            raise ExampleFileError(
                path, "holds no header row: write player, letter, cell, lines, points on the line after 'sep='"
            )
    # A title typed on several lines in quotes, as a cell is, shifted every row's number by its lines (ad84, 2): the
    # lines are joined as the header's separator parts them, the header found among the first lines
    ahead = [first, *itertools.islice(lines, _LOOK)]
    lines = itertools.chain(ahead[1:], lines)
    at = next((k for k, (_, line) in enumerate(ahead) if _is_header(line)), 0)
    if any(line.count('"') % 2 for _, line in ahead[:at]):  # a quotation mark opened above the header
        joined = _typed_on_lines(itertools.chain([first], lines), hint or _separator(ahead[at][1]))
        first, lines = next(joined), joined
    titles, first, lines = _below_titles(first, lines)
    found = _separator(first[1])
    separator = hint or found
    if hint and _known_columns(first[1], found) > _known_columns(first[1], hint):
        # Read with the separator it names, the header named no column: "is not a game record" (sweep ad79, 2).
        raise ExampleFileError(
            path,
            f"row {said[0]} says {quoted(said[1].strip())}, but the header row (row {first[0]}) is separated by "
            f"{_mark(found)}: delete row {said[0]} or make it name that separator",
        )
    # A heading typed on two lines ("New S-O-S" Alt+Enter "lines") as a cell is: "a quotation mark is never closed"
    typed = _typed_on_lines(itertools.chain([first], lines), separator)
    first = next(typed)
    header = _row(first[1], separator, path)
    _refuse_wide(header, path, first[0])
    if any("\n" in cell for cell in header):
        raise ExampleFileError(path, f"row {first[0]}: {UNCLOSED_QUOTE}")
    columns = _named(header)
    # Those nearest the header, as many as are looked through for it: past them the file is refused for its titles
    # anyway, and reading each of a megabyte of them as a move took 25 s (ad90, 4).
    for number, line in titles[-_LOOK:]:
        # A sheet sorted with its header row puts moves above it: passed over as titles, their claims went unchecked.
        if _reads_as_move(line, separator, columns):
            raise ExampleFileError(
                path, f"row {number} is a move above the header row (row {first[0]}): put the header row first"
            )
    if len(titles) > _TITLES:
        raise ExampleFileError(
            path,
            f"its header row (row {first[0]}) comes after {len(titles)} title rows: keep at most {_TITLES} above it",
        )
    rows = ((number, _row(line, separator, path)) for number, line in typed)
    return record_from_table(header, rows, options, path, separator=separator)


def _typed_on_lines(lines: Iterator[tuple[int, str]], separator: str) -> Iterator[tuple[int, str]]:
    """Yields the rows' lines, a quoted cell typed on several lines (Excel's Alt+Enter) joined into its row's line,
    each line break read as a space, with the row's number as a spreadsheet shows it: the lines of a cell above are
    one row there ("move 6 (row 8)" stood on row 7 of the sheet: ad83, 4).

    Only lines that continue a cell are joined: text with no separator before the quotation mark that closes it,
    within a cell's most characters (a lines cell of nine lines, one too many, was said never to be closed). A
    quotation mark never closed joins nothing, so that no row after it is lost in a cell.
    """
    absorbed = 0  # lines joined into a row above
    waiting: list[tuple[int, str]] = []
    while waiting or (waiting := list(itertools.islice(lines, 1))):
        number, line = waiting.pop(0)
        taken: list[tuple[int, str]] = []
        joined = line
        while joined.count('"') % 2 and len(joined) - len(line) <= MAX_CELL:
            following = waiting.pop(0) if waiting else next(lines, None)
            if following is None:
                break
            taken.append(following)
            if separator in following[1].partition('"')[0]:  # a row of its own, not the rest of a cell
                break
            joined = f"{joined} {following[1]}"
        if joined.count('"') % 2:  # never closed: the line is read alone, and refused as such
            waiting = taken + waiting
            joined, taken = line, []
        yield number - absorbed, joined
        absorbed += taken[-1][0] - number if taken else 0  # a blank line inside the cell too


def _below_titles(
    first: tuple[int, str], lines: Iterator[tuple[int, str]]
) -> tuple[list[tuple[int, str]], tuple[int, str], Iterator[tuple[int, str]]]:
    """Returns the title lines a spreadsheet may hold above a header ("Partie du 3 mars;;;"), the header row and the
    rows below it; with no header among the first lines, the first line is the header.

    A header found below more title lines than are read is returned with them all, for its row to be named."""
    if _is_header(first[1]):
        return [], first, lines
    above = [first, *itertools.islice(lines, _LOOK)]
    found = next((k for k, (_, line) in enumerate(above) if _is_header(line)), None)
    if found is None:  # further down, where a folder finds it: "names none of the columns" was said of it (ad89, 5)
        above += lines  # a record is at most MAX_BYTES
        found = next((k for k, (_, line) in enumerate(above) if k > _LOOK and _is_header(line)), 0)
    return above[:found], above[found], itertools.chain(above[found + 1 :], lines)


def _reads_as_move(line: str, separator: str, columns: Sequence[str | None]) -> bool:
    """Tells whether a line above the header reads as a move in the header's columns, split by the header's separator
    or another the reader accepts: S or O under the letter and a cell name (in either notation, on the board or not)
    under the cell, or a seat under the player and, typed with a slip or not, S or O or one character under the letter
    or a cell's name under the cell, no word under the move; or S or O and a cell's name in any of its cells
    (`_letter_and_cell`). A title ("Class 3B, game 2", "Game 1,A,S,table B2") or a seat's legend ("A,Léa") never
    does."""
    for mark in (separator, *(other for other in _SEPARATORS if other != separator)):
        try:
            row = next(csv.reader([line], delimiter=mark), [])
        except csv.Error:
            continue
        cells = {name: row[k].strip() for k, name in enumerate(columns) if name and k < len(row)}
        if cells.get("letter") in ("S", "s", "O", "o") and _CELL_NAME.fullmatch(cells.get("cell", "").upper()):
            return True
        # A move typed with a slip ("A 1", no letter, a full-width S) that the rows below would refuse: passed over,
        # it went unchecked. A word under the letter with no cell beside it is a seat's player ("A,Léa"), no move.
        seat = cells.get("player", "").upper() in ("A", "B", "C", "D")
        letter, cell = (_typed(cells.get(name, "")) for name in ("letter", "cell"))
        move = len(letter) == 1 or _SLIPPED_CELL.fullmatch(cell)
        if seat and move and not _WORD.search(cells.get("move", "")):
            return True
        if _letter_and_cell([_typed(cell) for cell in row]):
            return True
    return False


def _letter_and_cell(cells: Sequence[str]) -> bool:
    """Tells whether a row's cells (typed as `_typed` reads them) hold S or O and a cell's name, in whatever columns:
    a move shifted out of the header's columns ("A,O,D2" under move, player, letter) or typed in one cell ("O D2")
    is still a move (sweep ad58, M1)."""
    if any(cell in ("S", "O") for cell in cells) and any(_SLIPPED_CELL.fullmatch(cell) for cell in cells):
        return True
    return any(_ONE_CELL_MOVE.fullmatch(cell) for cell in cells)


def _typed(text: str) -> str:
    """Returns a cell as a slip may have typed the letter or the cell name it meant: full-width, any case, padded."""
    return unicodedata.normalize("NFKC", text).strip().upper()


_WORD = re.compile(r"[^\W\d_]")  # a letter: a title's words ("Game 1") under the move column, where a move has digits
_CELL_NAME = re.compile(r"[A-Z]+[0-9]+|L[0-9]+C[0-9]+")  # the shapes of notation.parse_cell, whatever the board
# A cell name with a slip: spaces, a dot or a hyphen between its parts ("A 1", "L1 C2"), but no word ("Salle 4").
_SLIPPED_CELL = re.compile(r"[A-Z]{1,2}[\s.-]*[0-9]{1,2}|L\s*[0-9]{1,2}[\s.-]*C\s*[0-9]{1,2}")
# A letter and a cell's name typed in one cell, either first: "O D2", "D2 O".
_ONE_CELL_MOVE = re.compile(rf"[SO]\s+(?:{_SLIPPED_CELL.pattern})|(?:{_SLIPPED_CELL.pattern})\s+[SO]")


def _blank(line: str) -> bool:
    """Tells whether a line holds nothing but separators and white space (a form feed, a no-break space too)."""
    return line.translate(_NOT_TEXT).isspace() or not line.translate(_NOT_TEXT)


_NOT_TEXT = str.maketrans("", "", ";,\t")


def _row(line: str, separator: str, path: str) -> list[str]:
    """Reads one line as a row of cells; its end is kept, so that a quotation mark never closed shows as a cell
    holding a line break."""
    try:
        return next(csv.reader([line + "\n"], delimiter=separator), [])
    except csv.Error as error:
        raise ExampleFileError(path, f"CSV cannot be read: {error}") from None


def _separator(header: str) -> str:
    """Returns the separator that splits the header into the most known column names (quotes read as CSV)."""
    return max(_SEPARATORS, key=lambda separator: _known_columns(header, separator))


def _known_columns(header: str, separator: str) -> int:
    """Returns how many known column names the header holds, split by `separator`."""
    cells = trimmed_row(next(csv.reader([header], delimiter=separator), []))
    return sum(_column(name) is not None for name in cells[: MAX_COLUMNS + 1])


def _named(header: Sequence[str]) -> list[str | None]:
    """Returns the column each header cell names, or None, as many as the cells; trailing empty ones are not read."""
    cells = trimmed_row(header)[: MAX_COLUMNS + 1]  # a wider header is refused: its far cells are not named
    return [_column(name) for name in cells] + [None] * (len(header) - len(cells))


def _refuse_wide(header: Sequence[str], path: str, row: int | None = None) -> None:
    """Refuses a header row of more columns than a record has, before anything is built for each of them: one far
    cell after a megabyte of separators made a column of each, and cost seconds (sweep 40, F7)."""
    count = len(trimmed_row(header))
    if count > MAX_COLUMNS:
        where = f"row {row}: " if row is not None else ""
        raise ExampleFileError(path, f"{where}the header row has {count:,} columns; a record has at most {MAX_COLUMNS}")


def _clean(name: str) -> str:
    """Returns a header cell as the names are looked up: NFC, lower case, single spaces."""
    return " ".join(unicodedata.normalize("NFC", name).strip().lower().split())


def _column(name: str) -> str | None:
    """Returns the column a header cell names ("move", "total AC"...), or None; a heading in both languages as the
    bilingual audit prints it ("Move / Coup") names the column its parts agree on (sweep ad80, 3)."""
    clean = _clean(name)
    if clean in COLUMNS:
        return COLUMNS[clean]
    total = re.fullmatch(r"total\s+([a-d](?:\s*\+?\s*[a-d])?)", clean)
    if total:
        return f"total {re.sub(r'[^a-d]', '', total[1]).upper()}"
    parts = name.split("/")
    named = {_column(part) for part in parts} if len(parts) == 2 else {None}
    return named.pop() if len(named) == 1 else None


def record_from_table(
    header: Sequence[str],
    rows: Iterable[tuple[int, Sequence[str]]],
    options: RecordOptions,
    path: str,
    separator: str | None = None,
    *,
    one_game: bool = False,
) -> Example:
    """Returns the record of a table: its header cells, and its rows numbered as the file counts them.

    Shared by the CSV reader (which gives the `separator` between the header's cells: a line break in a cell is a
    quotation mark never closed) and the reader of filled PDF audits (where the lines field takes several lines, and
    a group's table holds `one_game`: empty rows in it part no games, each filled row is the next move).
    """
    columns = _columns(header, options.variant, path)
    moves: list[ClaimedMove] = []
    stopped = None
    numbered: dict[str, int] = {}  # the rows that hold only a move number, by that number
    rows = iter(rows)  # the rows below one that cannot be read are read on from where it stopped
    above: tuple[int, dict[str, str]] = (0, {})  # the last move's row and cells
    widest = 0  # the most empty rows between two moves so far
    past: list[int] = []
    for row_number, row in rows:
        if len(moves) > options.size**2:
            # the board was full before the move above, which the replay refuses: the rows after it never play, and
            # are named with it (a full board's extra rows went without a word, ad93, 1)
            past += [row_number] if any(str(cell).strip() for cell in row) else []
            continue
        cells = {}
        try:
            cells = _cells(columns, row, separator)
            if _no_move(cells):
                numbered.setdefault(cells.get("move", ""), row_number)
                continue
            gap = range(above[0] + 1, row_number)  # empty, or holding no move: a record without numbers has none such
            if not one_game and len(moves) > 1 and len(gap) >= GAME_GAP and len(gap) > widest and "move" not in columns:
                # With no move numbers, a second game pasted under the first, empty rows between them, was read on as
                # one game (sweep ad77, 1); numbered moves tell it by starting again at 1. Rows spaced alike are one.
                stopped = (
                    f"row {row_number} is not read: {rows_said(gap)} above it are empty; {NEW_GAME}; if not, remove "
                    "the empty rows"
                )
                break
            moves.append(_move(cells, len(moves) + 1, row_number, options))
            widest = max(widest, len(gap)) if len(moves) > 1 else 0
            above = (row_number, cells)
        except NotAMoveError as error:
            stopped = f"row {row_number} is not a move: {error}"
            break
        except SosError as error:
            if len(moves) == options.size**2:  # ",,,,,5" under a full board was "move 17: no letter" (ad64, 1)
                stopped = f"row {row_number} is not a move: the rows above fill the board's {len(moves)} cells; " + (
                    NEW_GAME
                    if _numbered_one(columns, row, separator)
                    else "if it holds the totals or a note, remove it"
                )
                break
            # The moves after a row that cannot be read cannot be played; those before it are still checked, and the
            # rows below it that cannot be read either are named, so that a teacher mends them at once (nt64, 11).
            number = len(moves) + 1
            said = str(error)
            if cells and cells == above[1]:  # a row pasted twice was told its number was wrong (sweep ad76, 6)
                stopped = f"move {number} (row {row_number}): the row repeats row {above[0]}: remove one of them"
                break
            if isinstance(error, MissingRowError) and str(number) in numbered:
                # A move's row typed with its number alone was told to be added, as if missing (sweep ad70, 7).
                empty = numbered[str(number)]
                stopped = f"move {number} (row {empty}): the row holds the move's number alone: fill in the move"
                break
            rest = list(itertools.islice(rows, UNREAD_LOOK * options.size**2))
            below = _unread_below(iter(rest), columns, separator, options, number)
            order = _out_of_order(len(moves), [row, *(cells for _, cells in rest)], columns, separator)
            if order:
                plain = error.plain if isinstance(error, MissingRowError) else said  # no row is missing
                stopped = f"move {number} (row {row_number}): {plain}; {order}"
                break
            if isinstance(error, MissingRowError):
                # Below a row left out, the rows are numbered one ahead; below a typo in its number, as they should
                # be: the reading that finds fewer rows it cannot read is said (sweep ad68, 3).
                ahead = _unread_below(iter(rest), columns, separator, options, number + error.left)
                said, below = (said, ahead) if len(ahead) <= len(below) else (error.plain, below)
            stopped = f"move {number} (row {row_number}): {said}{_unread_said(below)}"
            break
    if not moves and stopped is None:
        raise ExampleFileError(path, "holds no move: write one row for each letter written, under the header")
    return Example(
        path=path,
        notation=options.notation,
        variant=options.variant,
        start=Board.empty(options.size),
        title={},
        text={},
        moves=tuple(moves),
        stopped=stopped,
        past=tuple(past),
    )


def _unread_below(
    rows: Iterator[tuple[int, Sequence[str]]],
    columns: list[str | None],
    separator: str | None,
    options: RecordOptions,
    number: int,
) -> list[int]:
    """Returns the rows below the row of move `number`, which cannot be read, up to the board's last move, that cannot
    be read either."""
    unread: list[int] = []
    for row_number, row in rows:
        number += 1
        if number > options.size**2:
            break
        try:
            cells = _cells(columns, row, separator)
            if _no_move(cells):
                number -= 1
                continue
            _move(cells, number, row_number, options)
        except NotAMoveError:
            break
        except SosError:
            unread.append(row_number)
    return unread


def _unread_said(unread: list[int]) -> str:
    """Returns how a message on a row that cannot be read ends, naming the rows below it that cannot be read either
    ("; rows 7 and 9 cannot be read either"), or nothing."""
    if not unread:
        return ""
    return f"; {rows_said(unread, UNREAD_NAMED)} cannot be read either"


UNREAD_NAMED = 5  # the most rows below one that cannot be read that its message names by number
UNREAD_LOOK = 4  # times the board's cells: the rows below a move number ahead read twice, to tell a typo
MISSING_MOST = 3  # the most rows a move number ahead is told may be missing above it


def _no_move(cells: dict[str, str]) -> bool:
    """Tells whether a row's cells hold no move: an empty row, or a move number the game never reached."""
    return bool(re.fullmatch(r"[0-9]*", cells.get("move", ""))) and not any(
        value for name, value in cells.items() if name != "move"
    )


def _cells(columns: list[str | None], row: Sequence[str], separator: str | None) -> dict[str, str]:
    """Returns a row's cells by column; a value beyond the header or under a column with no name is an error, and so
    is a typed row read as one cell whose text another separator splits (a header by ';', its rows by ',')."""
    typed = separator is not None
    if typed and len(columns) > 1 and not any(value.strip() for value in row[1:]) and row:
        other = next((mark for mark in _SEPARATORS if mark != separator and mark in row[0]), None)
        if other is not None:
            raise SosError(
                f"its cells are separated by {_mark(other)}, but the header's by {_mark(separator)}: "
                "use one separator throughout"
            )
    for k, value in enumerate(row):
        if len(value) > MAX_CELL:
            column = columns[k] if k < len(columns) else None
            where = f"column {k + 1} ({column})" if column else f"column {k + 1}"  # "the cell cell" said nothing
            raise SosError(f"{where} holds {len(value):,} characters; a cell of a record takes at most {MAX_CELL}")
        if typed and "\n" in value:
            # csv joins the rows after a quotation mark that is never closed into one cell: all would be lost.
            raise SosError(UNCLOSED_QUOTE)
        if value.strip() and (k >= len(columns) or columns[k] is None):
            if k < len(columns):
                raise SosError(f"{quoted(value.strip())} is under column {k + 1}, which has no name")
            raise SosError(f"{quoted(value.strip())} is {_beyond(row, len(columns), separator)}")
    return {name: row[k].strip() if k < len(row) else "" for k, name in enumerate(columns) if name}


def _beyond(row: Sequence[str], header: int, separator: str | None) -> str:
    """Says where a value past the header's last column stands, and how a row came to have too many: a cell of two
    lines written "B1-B3;A2-C2" in a file separated by ';' shifted the points into a seventh column, and "'2' is
    beyond the header's last column" said nothing of why (review nt62, 6)."""
    cells = max(k for k, value in enumerate(row) if value.strip()) + 1
    said = f"beyond the header's last column: the row has {cells} cells, the header {header}"
    # Only where a cell's name stands past the header, or two cells hold a line each: a child's name added past the
    # header was told of lines (sweep ad74, 6).
    names = [len(re.findall(r"[A-Za-z]{1,2}\s*[0-9]{1,2}", value)) for value in row]
    if separator and (any(names[header:]) or sum(count >= 2 for count in names) >= 2):
        said += f"; a cell's several lines are written with spaces between them, not {quoted(separator)}"
    return said


def _mark(separator: str | None) -> str:
    return "tabs" if separator == "\t" else f"{separator!r}"


# Two games pasted into one file, one under the other (sweep ad73, 5; ad74, 4).
NEW_GAME = "if a new game starts here, put it in a file of its own: a record holds one game"
GAME_GAP = 2  # empty rows between the moves of a record without move numbers where a second game may start

# A column of the players' names, as a teacher's sheet often has one ("Name", "Nom de l'élève", "Prénom/Nom"): told
# where names go instead.
_NAME_COLUMN = r"\b(names?|(pr[ée])?noms?|[ée]l[èe]ves?|students?|pupils?|child(ren)?|enfants?|vorname)\b"


def _columns(full: Sequence[str], variant: Variant, path: str) -> list[str | None]:
    _refuse_wide(full, path)
    header = trimmed_row(full)  # the empty cells after the last name are columns with no name, not read one by one
    names = NAMES["fr" if any(_clean(name) in _FRENCH for name in header) else "en"]
    required = dict(zip(NAMES["en"], names, strict=True))
    named = {_column(name) for name in header} - {None}
    unknown = any(name.strip() and _column(name) is None for name in header)
    if not named or (unknown and (len(named) < 2 or not named & {"player", "letter", "cell"})):
        # A class list given by mistake, or a link to another file: quoting its first row would print a child's name,
        # even when the first child's surname is a column's ("Case,Justin"). A header with a typo names two at least.
        mark = _other_separator(header)
        if mark:  # "move|player|letter" named every column, yet was told it named none (sweep ad76, 2)
            parted = "spaces" if mark == " " else quoted(mark)
            raise ExampleFileError(
                path, f"its columns are separated by {parted}: separate them with commas, semicolons or tabs"
            )
        raise ExampleFileError(path, f"is not a game record: its first row names {_how_many(named, required)}")
    columns: list[str | None] = []
    for name in header:
        column = _column(name)
        if column is None and name.strip():
            # This game's totals: "total A" beside a team game's "total A & C" named a heading it refuses (ad96, 4).
            totals = [f"total {' + '.join(side)}" for side in variant.sides]
            known = f"{', '.join((*names[:-1], *totals))}..."
            # The paper sheet heads its totals "Total" over a column for each side (review nt66, 10).
            bare = re.sub(r"\s", "", name).upper()
            side = next((side for side in variant.sides if bare in (side, "+".join(side))), None)
            hint = f": head it total {' + '.join(side)}" if side else ""
            if re.search(_NAME_COLUMN, unicodedata.normalize("NFC", name), flags=re.IGNORECASE):  # ad73, 4; ad74, 7
                hint = ": a record does not read names; remove that column (replay takes them with --names)"
            if misread := _misread(name):
                raise ExampleFileError(
                    path,
                    f"the header's {quoted(name.strip())} is {quoted(misread[0].strip())} saved as {misread[1]}: save "
                    "the file as UTF-8 (in Excel: CSV UTF-8)",
                )
            raise ExampleFileError(
                path, f"the header names an unknown column {quoted(name.strip())} (known: {known}){hint}"
            )
        if column is not None and column.startswith("total ") and column[6:] not in variant.sides:
            sides = ", ".join(f"total {' + '.join(side)}" for side in variant.sides)
            raise ExampleFileError(path, f"the header has {quoted(name.strip())}, but this game's totals are {sides}")
        if column is not None and column in columns:  # "cell" and "case" were "the column 'case' twice" (ad82)
            first, again = header[columns.index(column)].strip(), name.strip()
            twice = (
                f"the column {quoted(again)} twice"
                if first.casefold() == again.casefold()
                else f"the {column} column twice, as {quoted(first)} and as {quoted(again)}"
            )
            raise ExampleFileError(path, f"the header names {twice}: keep one")
        columns.append(column)
    columns += [None] * (len(full) - len(header))
    needed = WITHOUT_POINTS if variant.first_sos_wins else REQUIRED
    missing = [name for name in needed if name not in columns]
    if missing:
        raise ExampleFileError(
            path,
            f"the header has no {required[missing[0]]} column: the columns are "
            f"{', '.join(required[name] for name in needed)}",
        )
    return columns


# Encodings a spreadsheet offers for its CSV whose text is read as another's (UTF-8, else Windows-1252): a known
# heading came out as an unknown column, 'nø du coup' or 'n+ALA du coup' for « n° du coup » (sweep ad94, 2).
_OTHER_ENCODINGS = (("cp850", "DOS text (code page 850)"), ("cp437", "DOS text (code page 437)"), ("utf-7", "UTF-7"))


def _misread(name: str) -> tuple[str, str] | None:
    """Returns a header cell as another encoding reads its bytes, with that encoding's name, where it then names a
    known column; else None."""
    try:
        raw = name.encode("cp1252")
    except UnicodeEncodeError:
        return None
    for codec, said in _OTHER_ENCODINGS:
        try:
            again = raw.decode(codec)
        except UnicodeDecodeError:
            continue
        if again != name and _column(again) is not None:
            return again, said
    return None


def _other_separator(header: Sequence[str]) -> str | None:
    """Returns the mark that parts a header read as one cell into two known columns at least ("|", "/"), or None."""
    if len(header) != 1:
        return None
    marks = sorted(set(re.findall(r"[^\w\s+\-'\"]", header[0])))
    found = next((mark for mark in marks if len({_column(part) for part in header[0].split(mark)} - {None}) >= 2), None)
    if found is None and len({_column(part) for part in header[0].split()} - {None}) >= 2:
        return " "  # columns lined up with spaces, as text copied from a PDF has them (sweep ad81, 5)
    return found


def _how_many(named: set[str | None], required: dict[str, str]) -> str:
    """Says how many of a record's columns a first row that is no header names, in the header's language."""
    among = [name for name in REQUIRED if name in named]
    if len(among) >= 2:  # the lines and the points, with no player, letter or cell
        return f"none of the columns {', '.join(required[name] for name in ('player', 'letter', 'cell'))}"
    return f"{'only one' if among else 'none'} of the columns {', '.join(required[name] for name in REQUIRED)}"


def _cell(text: str, options: RecordOptions) -> Cell:
    """Returns the cell a row names; a cell off the board that --size gave, but on a larger one, says so: a 4 x 4
    game checked with --size 3 was told only that D4 is not on the 3 x 3 board (review nt64, 10)."""
    try:
        return parse_cell(text, options.size, options.notation)
    except NotationError as error:
        least = _least_board(text, options.notation) if options.given else 0
        if least > options.size:
            raise NotationError(
                f"{error}; if the game was played on a larger board, give --size {least} or more"
            ) from None
        raise


def _least_board(text: str, notation: Notation) -> int:
    """Returns the side of the smallest board holding the cell `text` names (D4: 4; L5C2: 5), 0 if none does."""
    try:
        cell = parse_cell(text, MAX_SIZE, notation)
    except NotationError:
        return 0
    row = cell.row + 1 if notation is Notation.A1 else MAX_SIZE - cell.row  # L1C1 counts rows from the top
    return max(cell.col + 1, row)


def _more_players(player: str, options: RecordOptions) -> str:
    """Says which --players takes a seat past the game's last, C or D, where the command line gave the players."""
    if not options.given or player not in tuple(SEATS):  # "AB" is in the string "ABCD"
        return ""
    players = SEATS.index(player) + 1
    return f"; if {player} played, give --players {players}" + (" or --teams" if players == MAX_PLAYERS else "")


def _move(cells: dict[str, str], number: int, row: int, options: RecordOptions) -> ClaimedMove:
    size, notation, variant = options.size, options.notation, options.variant
    written = cells.get("move", "")
    filled = [value for value in cells.values() if value.strip()]
    if len(filled) >= 2 and all(_column(value) for value in filled):
        # Two games pasted into one file: the second's header was "a word, not a number" (sweep ad73, 5), or, with no
        # move column, "player must be a seat" (sweep ad77, 2). The same header repeated inside one game, its moves
        # numbered on, was told of a second game (sweep ad74, 5).
        raise NotAMoveError(f"it repeats the header: remove it; {NEW_GAME}")
    if written and not re.search(r"[0-9]", written) and typed(written) == "a word":
        # A "Total" row typed at the foot, as the paper sheet has one, was "move 17: write the move's number" (nt64, 2).
        raise NotAMoveError(
            "its move column holds a word, not a number; if the row holds the totals or a note, remove it"
        )
    if len(filled) == 1 and typed(filled[0]) == "a word":
        # "Game 2" over a second game pasted under the first was "no letter" or "write the move's number" (ad77, 3).
        raise NotAMoveError(f"it holds a word and no move; {NEW_GAME}; if it is a title or a note, remove it")
    if written and not re.fullmatch(r"[0-9]+", written):  # "²" or "٢" is no number to compare: said as it is
        raise SosError(f"the move column holds {typed(written)}: write the move's number in the digits 0 to 9")
    if written and not (len(written) <= 6 and int(written) == number):
        said = f"the move column says {quoted(written)}, but this is move {number} of the record"
        left = int(written) - number if len(written) <= 6 else 0
        if 0 < left <= MISSING_MOST:  # most often rows left out above (review nt66, 9; sweep ad68, 7)
            rows = "a move's row is" if left == 1 else f"{left} moves' rows are"
            raise MissingRowError(
                f"{said}; if {rows} missing above it, add {'it' if left == 1 else 'them'}", said, left
            )
        if int(written) == 1:  # a second game pasted under the first started again without a word (sweep ad74, 4)
            said += f"; {NEW_GAME}"
        raise SosError(said)
    tallied = any(re.fullmatch(r"[0-9]+", value.strip()) or typed(value) == "a word" for value in filled)
    if number <= size * size and tallied and not (cells["letter"] or cells["cell"] or written):
        # ",Total,,,,5,4,2" under a game that stopped early was "no letter: write S or O" (sweep ad80, 4); under a full
        # board, the rows above say more (`record_from_table`).
        raise NotAMoveError(
            "it holds no letter and no cell: fill them in, or if it holds the totals or a note, remove it"
        )
    if not cells["letter"]:
        raise SosError("no letter: write S or O")
    if not cells["cell"]:
        raise SosError("no cell: write the cell the letter went in")
    player = cells["player"].upper() or None
    if player is not None and player not in variant.seats:
        seats = ", ".join(variant.seats)
        written = cells["player"]
        # A longer cell may be a child's name, which no message prints (sweep 16, F5).
        said = quoted(written) if len(written.strip()) <= 2 else "a name or a word: write the seat's letter"
        said = typed(written) if typed(written).startswith("a spreadsheet") else said  # "=A" (sweep ad67, 5), "#N/A"
        hint = _more_players(player, options) if len(written.strip()) <= 2 else ""
        raise SosError(f"player must be a seat of this game ({seats}), not {said}{hint}")
    totals = tuple(
        (name[6:], _count(value, name)) for name, value in cells.items() if name.startswith("total ") and value
    )
    return ClaimedMove(
        number=number,
        cell=_cell(cells["cell"], options),
        letter=_letter(cells["letter"]),
        by=player,
        points=_count(cells.get("points", ""), "points") if cells.get("points") else None,
        lines=_lines(cells.get("lines", ""), size, notation),
        row=row,
        totals=totals,
    )


def _letter(text: str) -> Letter:
    # "s" and "o" are the letters typed without a capital: tablets and phones often give them so. Only those:
    # str.upper() would also make the long s "ſ" an S.
    if text in ("S", "s", "O", "o"):
        return Letter.parse(text.upper())
    raise SosError(f"{typed(text)} is not a letter of the game: write S or O")


def _count(text: str, column: str) -> int:
    # "+1": what a move adds, as a child writes it; whole-number options took "+2" and points refused it (ad70, 9);
    # "1.", ended as a sentence is, as the lines cell's "A2-C2." (ad71, 3).
    number = re.fullmatch(r"\+?([0-9]+)\.?", text)
    if number is None:
        least = ", 0 or more," if re.fullmatch(r"\s*[-\u2212]\s*[0-9]+", text) else ""  # "-1" is a whole number
        raise SosError(f"{column} must be a whole number{least or ','} not {typed(text)}")
    if len(number[1]) > 6:
        raise SosError(f"{column} is too large ({quoted(text)})")
    return int(number[1])


def _numbered_one(columns: list[str | None], row: Sequence[str], separator: str | None) -> bool:
    """Tells whether a row's move column says 1: a game starting again."""
    try:
        return _cells(columns, row, separator).get("move", "") == "1"
    except SosError:
        return False


def _out_of_order(done: int, rows: Sequence[Sequence[str]], columns: list[str | None], separator: str | None) -> str:
    """Says how to mend a record whose moves 1 to `done` were read in order, and whose `rows` from there hold the
    other moves' numbers out of order (a spreadsheet sorted by another column), every number from 1 to the last once;
    else "". Such a record was told only that its first row is not move 1 and that 15 rows below it cannot be read
    (sweep ad70, 8), or, shuffled, that rows were missing (sweep ad78, 3)."""
    numbers = []
    for row in rows:
        try:
            numbers.append(_cells(columns, row, separator).get("move", ""))
        except SosError:
            return ""
    numbers = [number for number in numbers if number]
    if len(numbers) < 2 or not all(re.fullmatch(r"[0-9]{1,6}", number) for number in numbers):
        return ""
    found = [*range(1, done + 1), *map(int, numbers)]
    if sorted(found) != list(range(1, len(found) + 1)) or found == sorted(found):
        return ""
    if found == list(range(len(found), 0, -1)):
        return "the rows run from the last move to the first: sort them by the move column, smallest first"
    return "the rows are not in the order of the moves: sort them by the move column, smallest first"


def _three_in_line(names: Sequence[str], size: int, notation: Notation) -> bool:
    """Tells whether three cells' names are the cells of one line, its middle in the middle."""
    try:
        first, middle, last = (parse_cell(name, size, notation) for name in names)
        return Segment.between(first, last).middle == middle
    except (SosError, ValueError):
        return False


def _lines(text: str, size: int, notation: Notation) -> tuple[Segment, ...] | None:
    if not text:
        return None
    if re.sub(r"[\s.]", "", text.lower()) in NO_LINE:
        return ()
    if _no_cell(text):  # said whole, not by the parts it would be read into
        raise NotationError(f"{typed(text)} is not an S-O-S line: {LINE_ADVICE}, or leave the cell empty for none")
    # Two lines written with their hyphens, a slash between them ("C3-C1 / A1-A3"), are two lines: read as one line
    # with a slash for a hyphen, they were "'C3-C1-A1-A3' is not an S-O-S line" (ad85, 4).
    parts = text.split("/")
    text = ",".join(parts) if len(parts) > 1 and all(re.search(_DASH, part) for part in parts) else text
    # "A1 - A3", "A1 – A3" and "A1 — A3" are A1-A3: word processors and keyboards give these dashes and spaces; a
    # child writes "A1/A3", "A1 A3" or "A1A3", which stopped the replay of the whole game (review nt66, 1).
    joined = re.sub(r"(?:\s*[-\u2010-\u2014\u2212/])+\s*", "-", text)  # "A2 -- C2" too (sweep ad74, 10)
    # "A2 to C2", « A2 à C2 »: a line said in words was "'A2' is not an S-O-S line" (sweep ad77, 6)
    joined = re.sub(r"(?<=[0-9])\s+(?:to|à|a)\s+(?=[A-Za-z])", "-", joined, flags=re.IGNORECASE)
    # "B2 to B4 and B2 to D2", « B2 à B4 et B2 à D2 »: two lines said in words (sweep ad79, 5)
    joined = re.sub(r"(?<=[0-9])\s+(?:and|et|&)\s+(?=[A-Za-z])", ",", joined, flags=re.IGNORECASE)
    joined = re.sub(r"(?<=[A-Za-z])\s+(?=[0-9])", "", joined)  # "A 2 C 2": spaces inside its cells' names (ad68, 6)
    if notation is Notation.L1C1:  # "L2 C2-L4 C2", as its cell column takes "L4 C2": "'L2' is not a line" (ad92, 1)
        joined = re.sub(r"\b([Ll][0-9]+)\s+([Cc][0-9]+)", r"\1\2", joined)
    cell = cell_pattern(notation)
    # "A2-C2;" or "A2-C2." ended as a sentence does (ad70, 9); a comma, semicolon or full stop ends a run of lone
    # cells, so "A2; C2" is two lines' worth of ends, not the line A2-C2 (sweep ad71, 4).
    names = [
        re.sub(rf"^({cell})({cell})$", r"\1-\2", name, flags=re.IGNORECASE)
        for part in re.split(r"[,;.]+", joined)
        for name in [*part.split(), ","]
    ]
    # A line written with its three cells ("A2 B2 C2", "A2-B2-C2") is the line of its two ends (sweep ad68, 2).
    three = [re.fullmatch(rf"({cell})-({cell})-({cell})", name, flags=re.IGNORECASE) for name in names]
    names = [
        f"{found[1]}-{found[3]}" if found and _three_in_line(found.groups(), size, notation) else name
        for name, found in zip(names, three, strict=True)
        if name
    ]
    paired: list[str] = []
    run: list[str] = []  # cells standing alone side by side: a line's ends, two by two, or its three cells
    for name in names:
        if re.fullmatch(cell, name, flags=re.IGNORECASE):
            run.append(name)
            continue
        if len(run) == 3 and _three_in_line(run, size, notation):
            paired.append(f"{run[0]}-{run[2]}")
        else:
            paired += [f"{a}-{b}" for a, b in zip(run[::2], run[1::2], strict=False)] + run[len(run) // 2 * 2 :]
        run = []
        paired += [name] if name != "," else []
    if len(paired) > 1 and any(map(_no_cell, paired)):
        # a part naming no cell beside a line: "B3 - B1 n/a" was "'N' is not a cell name", quoting a part (ad87, 4)
        raise NotationError(
            f"{typed(text)} is not a list of S-O-S lines: write each line as the cells at its two ends joined by a "
            "hyphen, the lines apart by spaces"
        )
    return tuple(_segment(name, text if len(paired) == 1 else name, size, notation) for name in paired)


_DASH = "[-\u2010-\u2014\u2212]"


def _no_cell(text: str) -> bool:
    """Tells whether a lines cell's text, or a part of it, names no cell: it holds no digit."""
    return not any(char.isdigit() for char in text)


def _segment(name: str, written: str, size: int, notation: Notation) -> Segment:
    """Returns the line `name` names, read from what a cell holds (`written`): a message quotes what was written,
    not what it was read as ("A1/B3" was "'A1-B3' is not a straight line", a text the file does not hold: ad85, 4)."""
    try:
        return parse_segment(name, size, notation)
    except NotationError as error:
        said, whole = str(error), written.strip()
        if whole == name:
            raise
        if quoted(name) in said:
            raise NotationError(said.replace(quoted(name), quoted(whole), 1)) from None
        part = re.search(r"'([^']*)'", said)
        if part and part[1].lower() not in whole.lower():  # a part it was read into, not written: "'POINTS1'"
            raise NotationError(f"{quoted(whole)} is not an S-O-S line: {LINE_ADVICE}") from None
        raise
