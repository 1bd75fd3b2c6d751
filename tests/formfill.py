"""Fills fillable audits as a PDF reader on a tablet would, with pypdf, and reads their fields and widgets back."""

from __future__ import annotations

import io
from functools import lru_cache

from pypdf import PdfReader, PdfWriter

from sos_print.engine.notation import Notation, cell_name, segment_name
from sos_print.engine.rules import Step, Variant


def fill(data: bytes, values: dict[str, str]) -> bytes:
    """Returns the PDF `data` with its fields given `values` (full names), each drawn into its widget by pypdf.

    Many tests fill the same form with the same game: each filling is made once per run (and test process).
    """
    return _filled(data, tuple(values.items()))


@lru_cache(maxsize=64)
def _filled(data: bytes, values: tuple[tuple[str, str], ...]) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    for page in writer.pages:
        writer.update_page_form_field_values(page, dict(values), auto_regenerate=False)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def typed_in_pdfium(data: bytes, values: dict[str, str], pasted: bool = False) -> bytes:
    """Returns the PDF `data` with `values` (full names) typed into their fields as Chrome's PDF viewer (PDFium) takes
    them: a click in the middle of each field's widget, a key pressed for each character (or, `pasted`, the whole
    value put in at once, as an input method or a paste does), the field left; then saved, each field drawn by PDFium
    itself (a pasted Cyrillic name in a system font of its script, where keys pressed drew nothing)."""
    import pypdfium2
    import pypdfium2.raw as pdfium

    places = {name: (number, entries["/Rect"]) for number, name, entries in widgets(data)}
    document = pypdfium2.PdfDocument(data)
    try:
        document.init_forms()
        form = document.formenv.raw
        for name, value in values.items():
            number, box = places[name]
            page = document[number]
            pdfium.FORM_OnAfterLoadPage(page.raw, form)
            x, y = (float(box[0]) + float(box[2])) / 2, (float(box[1]) + float(box[3])) / 2
            pdfium.FORM_OnLButtonDown(form, page.raw, 0, x, y)
            pdfium.FORM_OnLButtonUp(form, page.raw, 0, x, y)
            if pasted:
                _paste(form, page.raw, value)
            for character in value if not pasted else "":
                pdfium.FORM_OnChar(form, page.raw, ord(character), 0)
            pdfium.FORM_ForceToKillFocus(form)
        out = io.BytesIO()
        document.save(out)
        return out.getvalue()
    finally:
        document.close()


def _paste(form, page, value: str) -> None:
    """Puts `value` in the focused field of `page` at once, in place of its text, as a paste or an input method does."""
    import ctypes

    import pypdfium2.raw as pdfium

    wide = (value + "\0").encode("utf-16-le")
    text = ctypes.create_string_buffer(wide, len(wide))
    pdfium.FORM_SelectAllText(form, page)
    pdfium.FORM_ReplaceSelection(form, page, ctypes.cast(text, pdfium.FPDF_WIDESTRING))


def move_values(
    steps: tuple[Step, ...] | list[Step], size: int, notation: Notation, variant: Variant, group: int = 1
) -> dict[str, str]:
    """Returns the fields of a group's table filled with a played game, every claim true, as children write it."""
    values = {}
    for number, step in enumerate(steps, start=1):
        row = f"group{group}.move.{number}."
        values[row + "player"] = step.seat
        values[row + "letter"] = step.move.letter.value
        values[row + "cell"] = cell_name(step.move.cell, size, notation)
        values[row + "lines"] = " ".join(segment_name(seg, size, notation) for seg in step.segments) or "-"
        if variant.first_sos_wins:
            continue  # its audit has no points and no totals: the first S-O-S wins
        values[row + "points"] = str(step.points)
        for side in variant.sides:
            values[row + f"total.{side}"] = str(step.after.side_scores[side])
    return values


@lru_cache(maxsize=64)
def widgets(data: bytes) -> list[tuple[int, str, dict]]:
    """Returns every widget of every page: its page (from 0), its field's full name, and its merged entries.

    A widget's entries are its own over its field's and their parents' (as a reader inherits them). Read once
    per document and run: the caller must not change what it gets.
    """
    found = []
    for number, page in enumerate(PdfReader(io.BytesIO(data)).pages):
        for annotation in page.get("/Annots", []):
            widget = annotation.get_object()
            names, entries, node = [], {}, widget
            while node is not None:
                if "/T" in node:
                    names.append(str(node["/T"]))
                entries = {**{key: value for key, value in node.items() if key != "/Parent"}, **entries}
                node = node.get("/Parent")
                node = node.get_object() if node is not None else None
            found.append((number, ".".join(reversed(names)), entries))
    return found


@lru_cache(maxsize=64)
def terminal_fields(data: bytes) -> dict[str, dict]:
    """Returns the fields that take a value (not the groups of fields above them), by full name (read once per
    document and run: the caller must not change what it gets)."""
    fields = PdfReader(io.BytesIO(data)).get_fields() or {}
    return {name: field for name, field in fields.items() if field.get("/FT") is not None}
