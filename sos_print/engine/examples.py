"""Reads worked-example files (TOML): a start position, moves, and claims about them.

Every key is documented in docs/examples.md. Unknown keys are errors, so that a
typo never lets a claim go unchecked.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from typing import Any

from sos_print.engine.capacity import check_target
from sos_print.engine.errors import ExampleFileError, SosError, quoted
from sos_print.engine.files import (
    is_json,
    packed_kind,
    picture_kind,
    read_bounded,
    read_head,
    sniffed_text,
    starts_as_pdf,
    wide_encoding,
)
from sos_print.engine.frozen import frozen
from sos_print.engine.grid import MAX_SIZE, MIN_SIZE, Cell, Segment
from sos_print.engine.notation import Notation, parse_cell, parse_segment
from sos_print.engine.rules import Board, Letter, Variant

MAX_BYTES = 1_000_000  # far beyond any real example; a file is refused before it is read whole
LANGUAGES = ("en", "fr")
END = "end"
DRAW, NONE = "draw", "none"

_TOP_KEYS = {
    "size",
    "notation",
    "players",
    "teams",
    "target",
    "first_sos_wins",
    "grid",
    "title",
    "text",
    "move",
    "result",
}
_MOVE_KEYS = {"cell", "letter", "by", "points", "lines", "next"}
_RESULT_KEYS = {"score", "winner"}


@frozen
class ClaimedMove:
    """Holds one move of a file and the claims written beside it (None where nothing is claimed).

    A move read from a table (a CSV record, a filled audit) also knows its `row` there, and may
    claim the running `totals` after it, side by side.
    """

    number: int
    cell: Cell
    letter: Letter
    by: str | None = None
    points: int | None = None
    lines: tuple[Segment, ...] | None = None
    next: str | None = None
    row: int | None = None
    totals: tuple[tuple[str, int], ...] = ()

    @property
    def place(self) -> str:
        """Returns where a problem with this move is reported: "move 5", or "move 5 (row 6)" in a table."""
        return f"move {self.number}" if self.row is None else f"move {self.number} (row {self.row})"


@frozen
class Pause:
    """Holds what a score sheet's pause box claims, written when a group stopped mid-game: each side's points so far
    (only those written) and the seat that writes next (None if not written)."""

    scores: tuple[tuple[str, int], ...] = ()
    next: str | None = None


# The longest --class-name (the strip holds far fewer of most letters): kept whole in a fillable audit's hidden class
# field, and read back whole. Here, not with the form's fields, so that a printing run checks it without loading them.
CLASS_NAME_LENGTH = 1000


@frozen
class GameHeader:
    """Holds what a record says of its game beside the moves, as an audit's header has it: the players' names by
    seat (only the seats named), the class, the date, the group (its number and how many groups the class has;
    0 for a record that is no group's), and the language of a filled audit. A filled audit gives what the children
    typed; a class roster may give the names of a group before its game is played."""

    names: tuple[tuple[str, str], ...] = ()
    class_name: str = ""
    date: str = ""
    group: int = 0
    groups: int = 0
    lang: str = ""  # the language its audit was printed in, as --lang names it ("": not said)

    def name(self, seat: str) -> str:
        """Returns the name of the player at `seat` ("" if none is given)."""
        return dict(self.names).get(seat, "")

    def texts(self) -> list[tuple[str, str]]:
        """Returns every text of the header with what it is ("name of A", "class name", "date"), to check them."""
        named = [(f"name of {seat}", name) for seat, name in self.names]
        return [*named, ("class name", self.class_name), ("date", self.date)]


@frozen
class Example:
    """Holds a worked example as read from its file."""

    path: str
    notation: Notation
    variant: Variant
    start: Board
    title: dict[str, str]
    text: dict[str, str]
    moves: tuple[ClaimedMove, ...]
    score: dict[str, int] | None = None
    winner: str | None = None
    stopped: str | None = None  # why a record stops early: a row that cannot be read (the moves are those before it)
    header: GameHeader = GameHeader()  # who played, the class, the date, the group: none for a worked example
    pause: Pause | None = None  # what a filled audit's pause box claims: checked as the moves' claims are
    skipped: tuple[int, ...] = ()  # a filled audit's rows left empty above filled ones (its moves are read in turn)
    past: tuple[int, ...] = ()  # a table's rows under its move past a full board, not read (as the replay refuses it)

    @property
    def size(self) -> int:
        """Returns the board size."""
        return self.start.size


def load_example(path: str) -> Example:
    """Reads the example file at `path` (named in messages exactly as given)."""
    data = read_bounded(path, MAX_BYTES, "an example file")
    if kind := packed_kind(path, data):  # a workbook's bytes would be "not UTF-8 text", which says nothing to do
        raise ExampleFileError(path, f"is {kind}", unread=True)
    if starts_as_pdf(data):  # a filled audit saved as "group 1.toml" was "not UTF-8 text (byte 10)" (ad101, 3)
        raise ExampleFileError(path, "is a PDF, not a worked example (text in TOML)", unread=True)
    if picture := picture_kind(data):
        raise ExampleFileError(path, f"is {picture}, not a worked example (text in TOML)")
    if wide := wide_encoding(data):  # it was "not UTF-8 text (byte 0)", where records are told what to do (ad84, 7)
        raise ExampleFileError(path, f"is {wide} text: save it as UTF-8 (a worked example is UTF-8 text)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ExampleFileError(path, f"is not UTF-8 text (byte {error.start})") from None
    return parse_example(text, path)


def is_example(path: str) -> bool:
    """Tells whether `path` is a regular file whose text is, or is meant as, a worked example's TOML, whatever its
    name ("01-one-o.toml.bak", "one-o"): a table of an example's keys only, with moves or a grid, or text with a
    mistake in it (`_meant_as_example`), which is then named for its mistake where it is read. Told only when it
    parsed, an example with a typo under another name was passed over as a note and its folder passed (sweep ad89,
    2)."""
    data = read_head(path, MAX_BYTES)  # its first bytes, as a record's: one too large is still told as one
    # In an encoding it is refused in (UTF-16, Notepad's "Unicode"), an example is still one, named as one.
    text = (sniffed_text(data) or "").removeprefix("\ufeff") if data else ""
    try:
        table = tomllib.loads(text)
    except (ValueError, RecursionError):  # TOMLDecodeError is a ValueError
        table = {}
    example = bool(table) and set(table) <= _TOP_KEYS and bool({"move", "grid"} & set(table))
    return example or _meant_as_example(text)


# A move's table ("[[moves]]", "[[Move]]" slips for "[[move]]") and a key of a move, or a grid as an example writes it
# (a TOML string on several lines) and the board's size: lines a program's source, settings or notes do not hold
# together (a Python program of SOS and a settings file were taken for examples: ad90, 1).
_MOVE_TABLE = re.compile(r"^[ \t]*\[\[[ \t]*[A-Za-z_]+[ \t]*\]\][ \t]*$", re.MULTILINE)
_MOVE_KEY = re.compile(r"^[ \t]*(?:cell|letter|by|next|points|lines)[ \t]*=", re.MULTILINE | re.IGNORECASE)
_GRID = re.compile(r"^[ \t]*grid[ \t]*=[ \t]*(?:\"\"\"|\'\'\')", re.MULTILINE)
_SIZE = re.compile(r"^[ \t]*size[ \t]*=[ \t]*[0-9]", re.MULTILINE)
_INLINE_MOVES = re.compile(r"^[ \t]*moves?[ \t]*=[ \t]*\[", re.MULTILINE)  # move = [ { cell = "A1", ... } ]


def _meant_as_example(text: str) -> bool:
    """Tells whether a text that is no worked example as it stands is meant as one: a move's table with a move's
    keys, or the board's size with a grid on several lines or the moves in one array."""
    moves = bool(_MOVE_TABLE.search(text) and _MOVE_KEY.search(text))
    return moves or bool(_SIZE.search(text) and (_GRID.search(text) or _INLINE_MOVES.search(text)))


def parse_example(text: str, path: str = "<example>") -> Example:
    """Reads an example from TOML text; `path` names it in messages."""
    # A byte-order mark, as some Windows editors write one (twice, when a tool adds its own); lines ended by CR alone,
    # as classic Mac editors save them, which TOML does not read: "Found invalid character '\r'" (sweep ad95, 7).
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        if is_json(text):  # "TOML syntax error: Invalid initial character for a key part" (ad84, 13)
            raise ExampleFileError(path, "is a JSON file, not a worked example (TOML)") from None
        raise ExampleFileError(path, f"TOML syntax error: {error}") from None
    except RecursionError:
        raise ExampleFileError(path, "TOML nested too deeply (arrays or tables within each other)") from None
    except ValueError as error:  # tomllib turns digits into int(), which refuses more than 4,300 of them
        digits = re.search(r"value has (\d+) digits", str(error))
        reason = f"a number of {digits[1]} digits" if digits else str(error).split(":")[0]
        raise ExampleFileError(path, f"TOML value cannot be read: {reason}") from None
    try:
        return _example(table, path)
    except SosError as error:
        raise ExampleFileError(path, str(error)) from None


class _Reader:
    """Takes typed values out of one TOML table, naming the table in every complaint."""

    def __init__(self, table: dict[str, Any], where: str, allowed: set[str]) -> None:
        self.table, self.where = table, where
        unknown = sorted(set(table) - allowed)
        if unknown:
            known = ", ".join(sorted(allowed))
            raise SosError(f"{where}unknown key {quoted(unknown[0])} (known keys: {known})")

    def get(self, key: str, kind: type, default: Any = None) -> Any:
        if key not in self.table:
            return default
        value = self.table[key]
        # bool is a subclass of int in Python; TOML keeps them apart, and so do we.
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise SosError(f"{self.where}{key} must be {_KIND_NAMES[kind]}, not {quoted(value)}")
        if isinstance(value, int) and not -(2**63) <= value < 2**63:  # the TOML standard's range for whole numbers
            raise SosError(f"{self.where}{key} is too large ({quoted(value)}): TOML whole numbers fit in 64 bits")
        return value

    def require(self, key: str, kind: type) -> Any:
        if key not in self.table:
            raise SosError(f"{self.where}missing key {quoted(key)}")
        return self.get(key, kind)


_KIND_NAMES = {int: "a whole number", bool: "true or false", str: "a string", list: "a list", dict: "a table"}


def _example(table: dict[str, Any], path: str) -> Example:
    top = _Reader(table, "", _TOP_KEYS)
    size = top.require("size", int)
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise SosError(f"size must be {MIN_SIZE} to {MAX_SIZE}, not {quoted(size)}")
    notation_name = top.get("notation", str, "A1")
    try:
        notation = Notation(notation_name.upper())
    except ValueError:
        raise SosError(f'notation must be "A1" or "L1C1", not {quoted(notation_name)}') from None
    teams = top.get("teams", bool, False)
    variant = Variant(
        players=top.get("players", int, 4 if teams else 2),
        teams=teams,
        target=top.get("target", int, 0),
        first_sos_wins=top.get("first_sos_wins", bool, False),
    )
    check_target(variant.target, size, "target =")
    start = _grid(top.get("grid", str), size)
    moves = tuple(
        _move(_Reader(_table(entry, f"move {k}"), f"move {k}: ", _MOVE_KEYS), k, size, notation, variant)
        for k, entry in enumerate(top.get("move", list, []), start=1)
    )
    result = _Reader(top.get("result", dict, {}), "result: ", _RESULT_KEYS)
    return Example(
        path=path,
        notation=notation,
        variant=variant,
        start=start,
        title=_languages(top.get("title", dict, {}), "title"),
        text=_languages(top.get("text", dict, {}), "text"),
        moves=moves,
        score=_score(result.get("score", dict), variant),
        winner=_winner(result.get("winner", str), variant),
    )


def _table(entry: object, where: str) -> dict[str, Any]:
    if not isinstance(entry, dict):
        raise SosError(f"{where} must be a table ([[move]]), not {quoted(entry)}")
    return entry


def _grid(text: str | None, size: int) -> Board:
    """Reads a start position: rows top to bottom, cells S, O or "." separated by spaces."""
    if text is None:
        return Board.empty(size)
    rows = [line.split() for line in text.strip().splitlines() if line.strip()]
    # A row may also be written without spaces, like "..S..".
    rows = [list(row[0]) if len(row) == 1 else row for row in rows]
    if len(rows) != size or any(len(row) != size for row in rows):
        shape = ", ".join(str(len(row)) for row in rows[: MAX_SIZE + 1]) + (", ..." if len(rows) > MAX_SIZE + 1 else "")
        raise SosError(f"grid must have {size} rows of {size} cells (found {len(rows)} rows, of {shape} cells)")
    letters = {"S": Letter.S, "O": Letter.O, "s": Letter.S, "o": Letter.O, ".": None}
    for number, row in enumerate(rows, start=1):
        for token in row:
            if token not in letters:
                raise SosError(f"grid row {number} holds {quoted(token)}: use S, O or . for an empty cell")
    return Board.from_rows([[letters[token] for token in row] for row in rows])


def _move(reader: _Reader, number: int, size: int, notation: Notation, variant: Variant) -> ClaimedMove:
    where = f"move {number}: "
    cell_text, letter_text = reader.require("cell", str), reader.require("letter", str)
    line_texts = reader.get("lines", list)
    if line_texts is not None and not all(isinstance(line, str) for line in line_texts):
        raise SosError(f'{where}lines must be a list of segment names like "B1-B3", not {quoted(line_texts)}')
    try:
        cell = parse_cell(cell_text, size, notation)
        letter = Letter.parse(_capital(letter_text, ("S", "O")))
        lines = None if line_texts is None else tuple(parse_segment(line, size, notation) for line in line_texts)
    except SosError as error:
        raise SosError(where + str(error)) from None
    by = _capital_or_none(reader.get("by", str), variant.seats)
    if by is not None and by not in variant.seats:
        raise SosError(f"{where}by must be a seat of this game ({_choices(variant.seats)}), not {quoted(by)}")
    next_seat = _capital_or_none(reader.get("next", str), variant.seats)
    next_seat = END if next_seat is not None and next_seat.lower() == END else next_seat
    if next_seat is not None and next_seat not in (*variant.seats, END):
        raise SosError(f'{where}next must be a seat ({_choices(variant.seats)}) or "end", not {quoted(next_seat)}')
    points = reader.get("points", int)
    if points is not None and points < 0:
        raise SosError(f"{where}points cannot be negative ({quoted(points)})")
    return ClaimedMove(number, cell, letter, by, points, lines, next_seat)


def _capital_or_none(text: str | None, capitals: tuple[str, ...]) -> str | None:
    """Returns `_capital` of a key that may be missing."""
    return None if text is None else _capital(text, capitals)


def _capital(text: str, capitals: tuple[str, ...]) -> str:
    """Returns a letter or seat written in lower case as its capital ("o" for O, "a" for seat A), as records, filled
    audits and `solve` read them: a worked example's "o" was "not a letter of the game" (ad85, 9). Only those: upper()
    would also make the long s "ſ" an S."""
    return text.upper() if text.isascii() and text.upper() in capitals else text


def _languages(table: dict[str, Any], key: str) -> dict[str, str]:
    reader = _Reader(table, f"{key}: ", set(LANGUAGES))
    # NFC: an e followed by a combining acute accent, as some systems write it, is the é the font has.
    texts = {lang: unicodedata.normalize("NFC", reader.get(lang, str)) for lang in LANGUAGES if lang in table}
    for lang, text in texts.items():
        # An escape character passed check and was refused by teacher, "not in the font" (ad83, 8): no page prints one
        control = next((char for char in text if unicodedata.category(char) == "Cc" and char not in "\t\n\r"), None)
        if control is not None:
            raise SosError(f"{key}: {lang}: holds a control character (U+{ord(control):04X}), which no page can print")
        if len(text) > _LONGEST[key]:  # a title of 100,000 characters filled 22 pages of the notes (ad89, 11)
            raise SosError(f"{key}: {lang}: is {len(text):,} characters long; a {key} holds at most {_LONGEST[key]:,}")
    return texts


# The most characters of a title (a heading of one or two lines) and of a text (the shipped ones hold at most 550).
_LONGEST = {"title": 80, "text": 1500}


def _score(table: dict[str, Any] | None, variant: Variant) -> dict[str, int] | None:
    if table is None:
        return None
    if isinstance(table, dict):  # its sides in lower case too, as `by` and `next` (ad86, 9)
        capitals = [_capital(key, variant.sides) for key in table]
        twice = next((key for key in capitals if capitals.count(key) > 1), None)
        if twice is not None:  # "{ a = 0, A = 2 }": one claim was dropped without a word (ad87, 1)
            typed = " and ".join(quoted(key) for key in table if _capital(key, variant.sides) == twice)
            raise SosError(f"result: score names side {twice} twice, as {typed}: give it once")
        table = dict(zip(capitals, table.values(), strict=True))
    reader = _Reader(table, "result: score: ", set(variant.sides))
    return {side: reader.get(side, int) for side in variant.sides if side in table}


def _winner(winner: str | None, variant: Variant) -> str | None:
    allowed = (*variant.sides, DRAW, NONE)
    if winner is not None and winner.lower() in (DRAW, NONE):
        winner = winner.lower()
    winner = _capital_or_none(winner, variant.sides)
    if winner is not None and winner not in allowed:
        raise SosError(f"result: winner must be {_choices(allowed)}, not {quoted(winner)}")
    return winner


def _choices(names: tuple[str, ...] | str) -> str:
    return ", ".join(names)
