"""Describes the page's forms, one per command, as the command line declares its options; turns a filled form into
the command's arguments.

The command line builds these descriptions from its own declarations (`cli/serving.py`), so that
a form has exactly the options, ranges, defaults and help sentences of its command.
"""

from __future__ import annotations

import enum

from sos_print.engine.frozen import frozen


class Kind(enum.Enum):
    """Names what a field takes."""

    FLAG = "flag"  # a check box: the option given or not
    NUMBER = "number"  # a whole number in a range
    CHOICE = "choice"  # one of a few values
    TEXT = "text"  # a line of text
    FILE = "file"  # one uploaded file
    FILES = "files"  # several uploaded files


@frozen
class Field:
    """Describes one option or argument of a command as a field of its form."""

    name: str  # the parameter's name in the command's signature: "first_sos_wins"
    key: str  # its name in the posted form: the option without its dashes, "first-sos-wins"; "json" for --json
    flag: str  # as the command line writes it: "--first-sos-wins", or an argument's metavar: "RECORD"
    kind: Kind
    help: str  # the command line's help sentence
    default: object = None  # None: blank, the option not given
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    accept: tuple[str, ...] = ()  # for files: the suffixes the command reads
    required: bool = False
    argument: bool = False  # given by position, not after its flag
    # A text the page accepts only in this form: a position is S, O, dots and slashes, never the name of a file on
    # the server (which the command line would read).
    pattern: str = ""


@frozen
class Form:
    """Describes one command's form: its name, what it does, its fields, and whether it makes files or text."""

    command: str
    summary: str
    fields: tuple[Field, ...]
    files: tuple[str, ...]  # the files it writes, by name ("players.pdf"); none for a command that prints text

    def field(self, name: str) -> Field | None:
        """Returns the field of the parameter `name` (as the signature names it), or None."""
        return next((field for field in self.fields if field.name == name), None)


def arguments(form: Form, values: dict[str, str], uploads: dict[str, list[str]]) -> list[str]:
    """Returns the command's arguments for a filled form: `values` by field key, `uploads` the paths where each file
    field's files were saved. A field left at its default is not given, as on the command line."""
    words: list[str] = []
    positional: list[str] = []
    for field in form.fields:
        if field.kind in (Kind.FILE, Kind.FILES):
            paths = uploads.get(field.key, [])
            if field.argument:
                positional += paths
            else:
                words += [f"{field.flag}={path}" for path in paths]
            continue
        value = values.get(field.key, "")
        if field.kind is Kind.FLAG:
            if value:
                words.append(field.flag)
            continue
        value = value.strip()
        if value == "" or value == _text(field.default):
            continue
        if field.argument:
            positional.append(value)
        else:
            words.append(f"{field.flag}={value}")  # one word: a value that looks like an option stays a value
    return [*words, "--", *positional] if positional else words


def refused_text(form: Form, values: dict[str, str]) -> Field | None:
    """Returns the first text field whose value its pattern refuses (a position that could name a file), or None."""
    import re

    for field in form.fields:
        if field.pattern and not re.fullmatch(field.pattern, values.get(field.key, "")):
            return field
    return None


def refused_character(field: Field | None, value: str) -> dict[str, object]:
    """Returns the first character of `value` that `field`'s pattern (a class of characters) refuses, its code point,
    and where it stands as a position's rows are counted: its row (between slashes) and its place in that row, spaces
    not counted, as `engine.rules.parse_board` says it."""
    import re

    pattern = field.pattern if field is not None else ""
    for row, text in enumerate(value.split("/"), start=1):
        for place, char in enumerate("".join(text.split()), start=1):
            if not re.fullmatch(pattern, char):
                return {"char": char, "code": f"U+{ord(char):04X}", "row": row, "place": place}
    return {"char": "", "code": "", "row": 0, "place": 0}


def _text(default: object) -> str:
    if default is None or default is False:
        return ""
    return default.value if isinstance(default, enum.Enum) else str(default)
