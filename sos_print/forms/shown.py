"""Reads the text a text field's appearance stream shows on the page, when it can be told for sure, with pypdf.

A PDF reader draws what a child typed into the field's appearance stream (/AP /N), and that drawing is what the page
shows and prints; the value (/V) is what the record reads. `shown_text` returns the text the drawing's text-showing
operators (Tj, TJ, ' and ") put on the page, or None when it cannot be told for sure: a font whose codes are glyph
numbers or follow its own table (Type0, Type3, an encoding with /Differences, a font's built-in encoding), text shown
with no font, a picture, a filter no reader uses for a field's drawing, or a drawing larger than any reader writes.
Text drawn invisible (render modes 3 and 7) is not shown. Each drawing is read only up to a bound, and the drawings of
one file only up to a budget, so that a hostile file costs time and memory in proportion to what a real one holds.
"""

from __future__ import annotations

import zlib
from typing import Any

from pypdf.generic import (
    ArrayObject,
    ByteStringObject,
    ContentStream,
    DecodedStreamObject,
    DictionaryObject,
    NameObject,
    NullObject,
    PdfObject,
    StreamObject,
    TextStringObject,
)

# pypdf draws a field of ours in about 150 bytes, a lines field on two lines in about 200; other readers add a border
# or a background. A drawing larger than this is not read (its text is not told), nor are those past the budget: an
# audit's group has at most 8 x 8 rows of 9 fields, and parsing costs about 3 s a megabyte.
LARGEST_DRAWING = 16_384
DRAWINGS_BUDGET = 500_000
_LEAST_COST = 256  # counted for each drawing read, however short: one drawn again and again costs its parsing
_DEEPEST = 3  # a drawing may draw another (Do): readers draw a field in one, rarely two

# The standard fonts whose built-in encoding is StandardEncoding (not Symbol and ZapfDingbats, whose codes are symbols).
_STANDARD = {
    f"/{family}{style}"
    for family, styles in (
        ("Helvetica", ("", "-Bold", "-Oblique", "-BoldOblique")),
        ("Courier", ("", "-Bold", "-Oblique", "-BoldOblique")),
        ("Times", ("-Roman", "-Bold", "-Italic", "-BoldItalic")),
    )
    for style in styles
}
_INVISIBLE = (3, 7)  # text render modes that paint nothing


class Budget:
    """Counts the bytes of drawings read in one file: once spent, no further drawing is read."""

    def __init__(self, left: int = DRAWINGS_BUDGET) -> None:
        self.left = left


def shown_text(appearance: Any, fonts: Any, budget: Budget) -> tuple[str, set[str]] | None:
    """Returns the text the appearance stream `appearance` shows, each piece of text drawn followed by a space, with
    the codecs (`codec`) of the fonts it is drawn in, or None when it cannot be told for sure; `fonts` (the form's /DR
    fonts) serve a drawing that names no font of its own, as readers take them."""
    parts: list[str] = []
    codecs: set[str] = set()
    return ("".join(parts), codecs) if _read(appearance, fonts, budget, parts, codecs, 0) else None


def codec(font: Any) -> str | None:
    """Returns the name of the codec that turns a simple font's codes into the characters it shows, or None if its
    codes cannot be told for sure ("standard" is the Adobe standard encoding, for the plain ASCII it shares)."""
    font = _dictionary(font)
    if font is None or font.get("/Subtype") not in ("/Type1", "/TrueType", "/MMType1"):
        return None  # Type0 (glyph numbers), Type3 (drawn glyphs), or no font at all
    encoding = _resolved(font.get("/Encoding"))
    if isinstance(encoding, DictionaryObject):
        if "/Differences" in encoding:
            return None  # codes given other glyphs, by name: not followed
        encoding = encoding.get("/BaseEncoding")
    if encoding == "/WinAnsiEncoding":
        return "cp1252"
    if encoding == "/MacRomanEncoding":
        return "mac_roman"
    if encoding in (None, "/StandardEncoding") and font.get("/BaseFont") in _STANDARD:
        return "standard"
    return None  # the font program's own encoding, or an encoding pypdf and readers do not write for a field


def encodes(text: str, name: str) -> bool:
    """Tells whether every character of `text` has a code in the codec `name` (`codec`): a character it lacks is
    drawn as something else (pypdf draws "?"), so a drawing cannot be held to the value."""
    if name == "standard":
        return all((" " <= char <= "~" and char not in "'`") or char.isspace() for char in text)
    try:
        text.encode(name)
    except UnicodeEncodeError:
        return False
    return True


def _decoded(data: bytes, name: str) -> str | None:
    """Returns the characters a font of codec `name` shows for the codes `data`, or None if one has none."""
    if name == "standard":
        text = data.decode("latin-1")
        return text if encodes(text, "standard") else None
    try:
        return data.decode(name)
    except UnicodeDecodeError:
        return None  # a code WinAnsiEncoding leaves undefined


def _read(appearance: Any, fonts: Any, budget: Budget, parts: list[str], codecs: set[str], depth: int) -> bool:
    """Adds to `parts` the text a drawing shows (drawings it draws too); False if that cannot be told for sure."""
    stream = _resolved(appearance)
    if not isinstance(stream, StreamObject) or depth > _DEEPEST:
        return False
    data = _data(stream, budget)
    if data is None:
        return False
    resources = _dictionary(stream.get("/Resources"))
    own = _dictionary(resources.get("/Font")) if resources is not None else None
    drawings = _dictionary(resources.get("/XObject")) if resources is not None else None
    fonts = own if own is not None else fonts
    plain = DecodedStreamObject()
    plain.set_data(data)
    font: str | None = None  # the codec of the font in use
    mode = 0  # the text render mode
    saved: list[tuple[str | None, int]] = []
    for operands, operator in ContentStream(plain, None).operations:
        if operator == b"q":
            saved.append((font, mode))
        elif operator == b"Q" and saved:
            font, mode = saved.pop()
        elif operator == b"Tf" and operands:
            font = codec(fonts.get(operands[0])) if fonts is not None and isinstance(operands[0], NameObject) else None
        elif operator == b"Tr" and operands and isinstance(operands[0], (int, float)):
            mode = int(operands[0])
        elif operator in (b"Tj", b"'", b'"', b"TJ"):
            pieces = operands[-1:] if operator != b"TJ" else list(_items(operands[-1:]))
            strings = [piece for piece in pieces if isinstance(piece, (TextStringObject, ByteStringObject))]
            if mode in _INVISIBLE:
                continue
            if font is None:
                return False
            for piece in strings:
                raw = piece.get_original_bytes() if isinstance(piece, TextStringObject) else bytes(piece)
                text = _decoded(raw, font)
                if text is None:
                    return False
                parts.append(text + " ")
                codecs.add(font)
        elif operator == b"Do" and operands:
            drawn = _resolved(drawings.get(operands[0])) if drawings is not None else None
            if not isinstance(drawn, StreamObject) or drawn.get("/Subtype") != "/Form":
                return False  # a picture, which may show anything
            if not _read(drawn, fonts, budget, parts, codecs, depth + 1):
                return False
        elif operator in (b"INLINE IMAGE", b"BI", b"sh"):
            return False  # a picture or a shading, which may show anything
    return True


def _data(stream: StreamObject, budget: Budget) -> bytes | None:
    """Returns a drawing's content, uncompressed or inflated from Flate, read only up to `LARGEST_DRAWING` and
    counted against `budget`; None if it is larger, past the budget, or stored in any other way."""
    filters = stream.get("/Filter")
    filters = list(filters) if isinstance(filters, ArrayObject) else [] if filters is None else [filters]
    parameters = stream.get("/DecodeParms")
    if filters not in ([], ["/FlateDecode"]) or not (parameters is None or isinstance(parameters, NullObject)):
        return None
    stored = StreamObject.get_data(stream)  # the bytes as stored: EncodedStreamObject.get_data inflates them whole
    if len(stored) > LARGEST_DRAWING + 1024:  # room for the compressed form's own header and blocks
        return None
    if filters:
        try:
            data = zlib.decompressobj().decompress(stored, LARGEST_DRAWING + 1)
        except zlib.error:
            return None
    else:
        data = stored
    cost = max(len(data), _LEAST_COST)  # a drawing of a few bytes drawn again and again still costs its parsing
    if len(data) > LARGEST_DRAWING or cost > budget.left:
        return None
    budget.left -= cost
    return bytes(data)


def _dictionary(value: object) -> Any:
    value = value.get_object() if isinstance(value, PdfObject) else value
    return value if isinstance(value, DictionaryObject) else None


def _resolved(value: object) -> object:
    return value.get_object() if isinstance(value, PdfObject) else value


def _items(value: list[Any]) -> list[Any]:
    """Returns the items of a TJ operator's array (its first operand), or none."""
    array = _resolved(value[0]) if value else None
    return list(array) if isinstance(array, ArrayObject) else []
