"""Reads a fillable scoring audit filled in on a tablet or a computer back as a game record, with pypdf.

The form says its own game in a hidden field (`pages.forms`), so no option is needed. Its
rows become the table a CSV record would be, and `engine.records.record_from_table` reads
it: the same rules and messages, each problem named by the audit's row. Only pypdf and the
engine are loaded here, never reportlab or jinja2: `sos-print check` stays quick.
"""

from __future__ import annotations

import contextlib
import io
import logging
import re
import warnings
from collections.abc import Iterator

from pypdf import PdfReader

from sos_print.engine.errors import ExampleFileError, SosError
from sos_print.engine.examples import Example
from sos_print.engine.files import read_bounded
from sos_print.engine.records import RecordOptions, record_from_table
from sos_print.forms.fields import FormGame, move_columns, move_field, read_game, record_header

# A class's fillable audits are about 1 MB (30 groups, 4 x 4 boards) to 5 MB (30 groups, 8 x 8 boards, 4 players);
# the largest form `audit --fillable` writes (500 groups, 8 x 8, 4 players) is 86 MB, and must be read back.
MAX_PDF_BYTES = 100_000_000


def load_filled_audit(path: str) -> Example:
    """Reads the filled audit at `path` (named in messages exactly as given) as a record of its game."""
    fields = _fields(read_bounded(path, MAX_PDF_BYTES, "a filled audit"), path)
    if not fields:
        # Some tablets share a file by printing it to PDF: what was typed becomes ink, the fields are gone.
        raise ExampleFileError(
            path,
            "is a PDF with no fields to fill in: not a fillable sos-print audit "
            "(or a filled one printed to PDF again, which keeps only the ink)",
        )
    games = _games(fields)
    if not games:
        raise ExampleFileError(path, "is a PDF form, but not a fillable sos-print audit: it has no game field")
    filled = _filled_groups(fields)
    if not filled:
        raise ExampleFileError(path, "is a fillable audit with no row filled in: there is no game to check yet")
    if len(filled) > 1:
        named = ", ".join(str(group) for group in filled[:-1]) + f" and {filled[-1]}"
        raise ExampleFileError(
            path,
            f"holds the games of groups {named}: a record is one game, so give each group its own copy of the audit",
        )
    group = filled[0]
    try:
        game = read_game(games[group]) if group in games else None
    except SosError as error:
        raise ExampleFileError(path, f"group {group}: {error}") from None
    if game is None:
        raise ExampleFileError(path, f"group {group} has rows filled in but no game field: not a whole sos-print audit")
    options = RecordOptions(game.size, game.variant, game.notation)
    return record_from_table(record_header(game.variant), _rows(fields, game, group), options, path)


def _fields(data: bytes, path: str) -> dict[str, str]:
    """Returns every field's full name and value as text; a file pypdf cannot read is one ExampleFileError."""
    if not data.lstrip(b"\0\t\n\f\r ").startswith(b"%PDF-"):
        raise ExampleFileError(path, "is not a PDF file (it does not start with %PDF-)")
    with _quiet():
        try:
            reader = PdfReader(io.BytesIO(data))
            if reader.is_encrypted and not reader.decrypt(""):
                raise ExampleFileError(path, "is an encrypted PDF: save it again without a password")
            found = reader.get_fields() or {}
            return {name: _text(field.get("/V")) for name, field in found.items()}
        except ExampleFileError:
            raise
        except Exception as error:  # a damaged file can fail anywhere inside pypdf, with any exception
            raise ExampleFileError(path, f"cannot be read as a PDF: it is damaged ({_reason(error)})") from None


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return " ".join(_text(item) for item in value)
    return str(value)


def _reason(error: Exception) -> str:
    text = " ".join(str(error).split())[:80]
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """Keeps pypdf's warnings about a damaged file off the terminal: the one line of the verdict says it all."""
    logger = logging.getLogger("pypdf")  # its modules log to children of it, which take its level
    level = logger.level
    logger.setLevel(logging.CRITICAL + 1)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        logger.setLevel(level)


def _games(fields: dict[str, str]) -> dict[int, str]:
    """Returns the text of each group's game field, by group number, in order."""
    found = {}
    for name, value in fields.items():
        match = re.fullmatch(r"group([1-9][0-9]{0,2})\.game", name)
        if match is not None:
            found[int(match[1])] = value
    return dict(sorted(found.items()))


def _filled_groups(fields: dict[str, str]) -> list[int]:
    """Returns the groups with anything written in a row of their table, in order."""
    groups = {
        int(match[1])
        for name, value in fields.items()
        if value.strip() and (match := re.fullmatch(r"group([1-9][0-9]{0,2})\.move\.[0-9]+\..+", name))
    }
    return sorted(groups)


def _rows(fields: dict[str, str], game: FormGame, group: int) -> list[tuple[int, list[str]]]:
    """Returns the rows of group `group`'s table that hold anything, each with its number on the audit."""
    columns = move_columns(game.variant)
    rows = []
    for move in range(1, game.size * game.size + 1):
        row = [fields.get(move_field(group, move, column), "") for column in columns]
        if any(value.strip() for value in row):
            rows.append((move, row))
    return rows
