"""Defines the errors of sos_print; each names the cell, file or option at fault."""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence


class SosError(ValueError):
    """Signals any problem sos_print reports to its user."""


def shown(path: object) -> str:
    """Returns a path as messages print it: as given, or quoted with escapes if any character is not printable or it
    starts or ends with a space.

    A file name may hold a newline, a terminal escape or bytes that are not text; printed as
    they are, they could forge a line of output or garble the terminal.
    """
    text = str(path)
    if len(text) > _LONGEST_PATH:  # names no file on any system, so a cut hides nothing: the line stays short
        text = f"{text[:60]}\u2026{text[-60:]}"
    # A byte that is not UTF-8 is held as a lone surrogate (Python's surrogateescape): shown as the byte, "\xff",
    # that a user can find in a listing, not as "\udcff" (issue 20, sweep 41 C3).
    # A name that starts or ends with a space is quoted too: "a.txt : no such file" hid the space that made it so (ad84)
    plain = text.isprintable() and text == text.strip()
    return text if plain else _ESCAPED_BYTE.sub(r"\1\\x\2", repr(text))


_ESCAPED_BYTE = re.compile(r"(?<!\\)((?:\\\\)*)\\udc([89a-f][0-9a-f])")
_LONGEST_PATH = 4096  # PATH_MAX on Linux, the longest of the systems sos-print runs on


def a_board(size: int, noun: str = "board") -> str:
    """Returns "a 4 × 4 board", or "an 8 × 8 board": the article English says before the number."""
    return f"{'an' if size == 8 else 'a'} {size} × {size} {noun}"


def rows_said(rows: Sequence[int], most: int = 0) -> str:
    """Returns row numbers (rising) as a message names them: "row 5", "rows 3 and 4", runs of three or more as ranges
    ("rows 1 to 15", "rows 3, 5 to 9 and 12"), past `most` parts (0: all) the others counted ("and 4 more"), never one
    alone (a count took the room its number would). Fifteen empty rows were each named (sweep ad76, 7)."""
    runs: list[list[int]] = []
    for row in rows:
        if runs and row == runs[-1][-1] + 1:
            runs[-1].append(row)
        else:
            runs.append([row])
    parts: list[tuple[str, int]] = []
    for run in runs:
        parts += [(f"{run[0]} to {run[-1]}", len(run))] if len(run) >= 3 else [(str(row), 1) for row in run]
    if most and len(parts) > most + 1:
        parts = [*parts[:most], (f"{sum(count for _, count in parts[most:])} more", 0)]
    said = [text for text, _ in parts]
    if len(rows) == 1:
        return f"row {said[0]}"
    return f"rows {said[0]}" if len(said) == 1 else f"rows {', '.join(said[:-1])} and {said[-1]}"


def typed(text: str) -> str:
    """Returns what a record's cell holds as a message shows it: quoted, or "a word" where it holds one (three letters
    in a row), which may be a child's name typed in the wrong column: no message prints a name (issue 20, sweep 18,
    N14), or "a spreadsheet formula" where it holds one ("=SUM(F$2:F2)", saved as written, not as its value)."""
    if text.lstrip().startswith("=") and re.search(r"[^\W\d_]", text):
        return "a spreadsheet formula"
    if SPREADSHEET_ERROR.fullmatch(text.strip()):  # "#REF!" was "a word" (ad83, 11)
        return f"a spreadsheet error ({text.strip()})"
    return "a word" if _WORD.search(text) else quoted(text)


# The values a spreadsheet shows for a formula that broke ("#REF!", "#N/A", "#NAME?"), saved in place of a value.
SPREADSHEET_ERROR = re.compile(
    r"#(REF!|N/A|NAME\?|VALUE!|DIV/0!|NUM!|NULL!|SPILL!|CALC!|FIELD!|BLOCKED!|CONNECT!|BUSY!|GETTING_DATA)", re.I
)


_WORD = re.compile(r"[^\W\d_]{3}")


def quoted(value: object, limit: int = 40) -> str:
    """Returns `value` as a message quotes it (its repr), cut short if it is long.

    Values come from files a user wrote: a number with thousands of digits, or a string of a
    megabyte, must not become a message of that size (nor fail: Python refuses to turn an
    integer of more than 4,300 digits into text).
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    if isinstance(value, bool):  # as TOML writes it: "not True" named no value the file held
        return str(value).lower()
    if isinstance(value, datetime.date | datetime.time):  # TOML's dates were "datetime.date(1979, 5, 27)" (ad83)
        kind = "a time" if isinstance(value, datetime.time) else "a date"
        kind += " and time" if isinstance(value, datetime.datetime) else ""
        return f"{kind} ({value.isoformat()})"
    text = _written(value, limit + 1) if isinstance(value, list | dict) else repr(value)
    # A backslash as typed: repr's two ("'S.O.\\\\..S.'") were not what the teacher wrote (ad85, 10).
    text = text.replace("\\\\", "\\") if isinstance(value, str) else text
    if len(text) <= limit:
        return text
    close = text[-1] if text[-1] in "'\"]}" else ""  # the quote still closes, so the reader sees where it ends
    return text[: limit - 1 - len(close)] + "\u2026" + close


def _written(value: object, most: int) -> str:
    """Returns a TOML value as the file writes it, [true, 07:00:00] or {n = 4}, at most about `most` characters and
    its closing bracket: Python's spelling, "[True, datetime.time(7, 0)]", named no value the file held (ad84, 5)."""
    if isinstance(value, list | dict):
        items = value.items() if isinstance(value, dict) else ((None, item) for item in value)
        opening, closing = ("{", "}") if isinstance(value, dict) else ("[", "]")
        parts: list[str] = []
        for key, item in items:
            parts.append(("" if key is None else f"{key} = ") + _written(item, most))
            if sum(map(len, parts)) > most:
                break
        return opening + ", ".join(parts) + closing
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    return repr(value)[:most]


class NotationError(SosError):
    """Signals a cell or segment name that cannot be read."""


class IllegalMoveError(SosError):
    """Signals a move the rules forbid; the message names the cell."""

    template = "{name}: illegal move"

    def __init__(self, cell: object, name: str | None = None) -> None:
        self.cell = cell
        self.name = name if name is not None else str(cell)
        super().__init__(self.template.format(name=self.name))

    def renamed(self, name: str) -> IllegalMoveError:
        """Returns the same error naming the cell as `name` (another notation)."""
        return type(self)(self.cell, name)


class OccupiedCellError(IllegalMoveError):
    """Signals a move on a cell that already holds a letter."""

    template = "cell {name} already holds a letter"


class OffBoardError(IllegalMoveError):
    """Signals a move on a cell outside the board."""

    template = "cell {name} is off the board"


class LetterError(IllegalMoveError):
    """Signals a letter other than S or O."""

    template = "{name} is not a letter of the game: write S or O"


class GameOverError(IllegalMoveError):
    """Signals a move after the game has ended."""

    template = "the game is already over: no letter can go in {name}"


class BoardTextError(SosError):
    """Signals a board written as text ("S.O./..S./O.../..O.") that cannot be read; the message names the row."""


class NotAMoveError(SosError):
    """Signals a row of a record that is no move: its move column holds words and no number, as a totals row."""


class MissingRowError(SosError):
    """Signals a record's row whose move column is a little ahead of the moves above it: moves' rows left out, or a
    typo in its number, which `plain` says without the hint."""

    def __init__(self, message: str, plain: str, left: int) -> None:
        super().__init__(message)
        self.plain = plain
        self.left = left  # how many rows it says may be missing


class VariantError(SosError):
    """Signals a combination of variant settings the rules do not allow."""


class ExampleFileError(SosError):
    """Signals a worked-example file that cannot be used; the message starts with its path.

    `unread` tells a path that could not be read at all (missing, not a regular file, too
    large, no permission) from a file that was read and is wrong.
    """

    def __init__(self, path: str, message: str, *, unread: bool = False) -> None:
        self.path = path
        self.message = message
        self.unread = unread
        super().__init__(f"{shown(path)}: {message}")


class PrintedDocumentError(ExampleFileError):
    """Signals a PDF that sos-print printed and that holds no record (a replay, a rule sheet): a folder's is passed
    over in a note, where one named is refused."""

    def __init__(self, path: str, what: str) -> None:
        self.what = what
        super().__init__(path, f"is sos-print's {what}, {NO_SCORE_SHEET}: give a filled audit or a typed record")


NO_SCORE_SHEET = "with no score sheet to check"


class SolverError(SosError):
    """Signals a position the solver will not search; the message says why."""


class TooManyEmptyCellsError(SolverError):
    """Signals a position with more empty cells than the solver searches in reasonable time."""

    def __init__(self, empty: int, limit: int) -> None:
        self.empty = empty
        self.limit = limit
        super().__init__(
            f"the position has {empty} empty cells, and the solver takes at most {limit}: "
            "each further empty cell makes the search about three times longer"
        )


class TooCostlyError(SolverError):
    """Signals a search that went past its budget of positions: the position costs more than the solver allows."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        super().__init__(
            "weighing this position would take the solver longer than the empty 4 × 4 board, the longest search "
            "it runs (boards crowded with threats cost the most): fill a few more cells and ask again"
        )


class UnsolvableVariantError(SolverError):
    """Signals a variant whose aim is not the standard game's (most points at the end, two sides)."""
