"""Holds a filled audit's cross-reference table (where each object of the file lies), read as written by pypdf's
strict reading, to the file: each object it lists in use begins where it says, and every object read is one it lists
in use (why: docs/design.md, "PDFs")."""

from __future__ import annotations

import re

from pypdf import PdfReader

_HEADER = re.compile(rb"[\0\t\n\f\r ]*([0-9]+)[\0\t\n\f\r ]+([0-9]+)[\0\t\n\f\r ]+obj")


def misplaced(reader: PdfReader, data: bytes) -> str | None:
    """Returns what is wrong with a strictly read table (`reader.strict`), said as what the table does: it lists an
    object in use where another object, or none, begins; None if each begins where listed."""
    for generation, numbers in reader.xref.items():
        for number, offset in numbers.items():
            if reader.xref_free_entry.get(generation, {}).get(number):
                continue
            found = _HEADER.match(data, offset) if isinstance(offset, int) and 0 <= offset < len(data) else None
            if found is None or (int(found[1]), int(found[2])) != (number, generation):
                return f"lists object {number} at byte {offset:,}, where it does not begin"
    return None


def listed(reader: PdfReader) -> frozenset[int]:
    """Returns the numbers of the objects the table lists in use, compressed ones included, as read so far."""
    numbers = {
        number
        for generation, entries in reader.xref.items()
        for number in entries
        if not reader.xref_free_entry.get(generation, {}).get(number)
    }
    return frozenset(numbers | set(reader.xref_objStm))


def unlisted(reader: PdfReader, before: frozenset[int]) -> str | None:
    """Returns what was read that the table did not list in use (`before`, from `listed`): pypdf found it by
    searching the file, where PDFium shows nothing and poppler the last copy it finds."""
    deleted = reader.xref_free_entry.get(_EVERY, {})  # pypdf notes there each number's latest entry
    for _, number in reader.resolved_objects:
        if number not in before:
            if deleted.get(number):
                return f"marks object {number} deleted, though the form uses it"
            return f"leaves out object {number}, which the form uses"
    return None


_EVERY = 65535
