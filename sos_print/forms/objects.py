"""Follows a PDF's indirect references to the objects pypdf read, for the readers of a filled audit."""

from __future__ import annotations

from typing import Any

from pypdf.generic import DictionaryObject, PdfObject


def dictionary(value: object) -> Any:
    """Returns `value` as a dictionary (an indirect reference followed), or None if it is anything else."""
    value = value.get_object() if isinstance(value, PdfObject) else value
    return value if isinstance(value, DictionaryObject) else None


def resolved(value: object) -> object:
    """Returns `value`, an indirect reference followed."""
    return value.get_object() if isinstance(value, PdfObject) else value
