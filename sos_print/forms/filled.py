"""Reads a fillable scoring audit filled in on a tablet or a computer back as a game record, with pypdf.

The form says its own game in a hidden field (`forms.fields`), so no option is needed. Its
rows become the table a CSV record would be, and `engine.records.record_from_table` reads
it: the same rules and messages, each problem named by the audit's row. Only pypdf and the
engine are loaded here, never reportlab or jinja2: `sos-print check` stays quick.

The field tree is walked here rather than by pypdf's `get_fields`, which keeps the first of two
fields of one name (two filled copies of an audit merged into one file would lose a game without
a word) and stops at 100,000 fields. A name that comes twice is refused; so is a hidden game field
that does not match its group's own table.
"""

from __future__ import annotations

import contextlib
import io
import logging
import re
import warnings
from collections.abc import Iterator
from typing import Any

from pypdf import PdfReader
from pypdf.generic import StreamObject

from sos_print.engine.errors import ExampleFileError, SosError
from sos_print.engine.examples import Example
from sos_print.engine.files import read_bounded
from sos_print.engine.records import RecordOptions, record_from_table
from sos_print.forms.fields import (
    MAX_FIELDS,
    FormGame,
    game_field,
    move_columns,
    move_field,
    read_game,
    record_header,
)

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
    _refuse_unless_its_own(game, group, fields, path)
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
                raise ExampleFileError(path, "is protected by a password: save it again without one")
            return _walk(reader, path)
        except ExampleFileError:
            raise
        except Exception as error:  # a damaged file can fail anywhere inside pypdf, with any exception
            raise ExampleFileError(path, f"cannot be read as a PDF: it is damaged ({_reason(error)})") from None


# Far beyond what `audit --fillable` writes (see MAX_FIELDS in forms.fields); a bound on a hostile file's work.
_MOST_NODES = 4 * MAX_FIELDS
_DEEPEST = 12  # sos-print's field names have five parts at most


def _walk(reader: PdfReader, path: str) -> dict[str, str]:
    """Returns the value of every field that takes one, by full name, walking the form's tree of fields."""
    catalog: Any = reader.root_object  # pypdf's objects are typed loosely: each is looked at before it is used
    form = catalog.get("/AcroForm")
    roots = form.get_object().get("/Fields") if form is not None else None
    if roots is None:
        return {}
    found: dict[str, str] = {}
    pending = [(root, "", 0) for root in reversed(list(roots.get_object()))]
    nodes = 0
    while pending:
        reference, parent, depth = pending.pop()
        nodes += 1
        if nodes > _MOST_NODES or depth > _DEEPEST:
            raise ExampleFileError(path, "is a PDF form far larger or deeper than any sos-print audit")
        node: Any = reference.get_object()
        part = node.get("/T")
        name = f"{parent}.{part}" if parent and part is not None else str(part) if part is not None else parent
        kids = [kid for kid in node.get("/Kids", ()) if "/T" in kid.get_object()]
        if kids:
            pending += [(kid, name, depth + 1) for kid in reversed(kids)]
        elif part is not None:  # a field that takes a value (its kids, if any, are its widgets)
            if name in found and _GROUP.match(name):  # another form's names are not ours to judge
                raise ExampleFileError(path, _twice(name))
            found[name] = _text(node.get("/V"), path, name)
    return found


_GROUP = re.compile(r"group[1-9][0-9]{0,2}\.")


def _twice(name: str) -> str:
    group = re.match(r"group([0-9]+)\.", name)
    whose = f"group {group[1]}'s field {name}" if group else f"the field {name}"
    return (
        f"holds {whose} twice (two copies of an audit joined into one file?): "
        "a record is one game, so check each filled copy on its own"
    )


def _text(value: object, path: str, name: str) -> str:
    """Returns a field's value as text: a text string, a list of them, or a text stream (as the PDF standard allows)."""
    if value is None:
        return ""
    value = value.get_object() if hasattr(value, "get_object") else value
    if isinstance(value, (list, tuple)):
        return " ".join(_text(item, path, name) for item in value)
    if isinstance(value, StreamObject):
        try:
            return _decoded(value.get_data())
        except Exception:
            raise ExampleFileError(path, f"the value of its field {name} cannot be read") from None
    return str(value)


def _decoded(data: bytes) -> str:
    """Decodes a text stream's bytes: UTF-16 with its mark, UTF-8 with its mark, else PDFDocEncoding (Latin-1 here)."""
    if data.startswith((b"\xfe\xff", b"\xff\xfe")):
        return data.decode("utf-16")
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8")
    return data.decode("latin-1")


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


def _refuse_unless_its_own(game: FormGame, group: int, fields: dict[str, str], path: str) -> None:
    """Refuses a game field that does not describe its own group's form: another group, or another board's rows."""
    field = game_field(group)
    if game.group != group:
        raise ExampleFileError(path, f"its field {field} says group={game.group}: it is group {group}'s field")
    rows = {int(match[1]) for name in fields if (match := re.fullmatch(rf"group{group}\.move\.([0-9]+)\..+", name))}
    if rows != set(range(1, game.size**2 + 1)):
        raise ExampleFileError(
            path,
            f"its field {field} says size={game.size}, but group {group}'s table has {len(rows)} rows, "
            f"not {game.size**2}: the game field was changed",
        )


def _rows(fields: dict[str, str], game: FormGame, group: int) -> list[tuple[int, list[str]]]:
    """Returns the rows of group `group`'s table that hold anything, each with its number on the audit."""
    columns = move_columns(game.variant)
    rows = []
    for move in range(1, game.size * game.size + 1):
        row = [fields.get(move_field(group, move, column), "") for column in columns]
        if any(value.strip() for value in row):
            rows.append((move, row))
    return rows
