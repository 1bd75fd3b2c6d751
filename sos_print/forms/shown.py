"""Reads the text a text field's appearance stream shows on the page, when it can be told for sure, with pypdf.

A PDF reader draws what a child typed into the field's appearance stream (/AP /N), and that drawing is what the page
shows and prints; the value (/V) is what the record reads. `shown_text` returns the text the drawing's text-showing
operators (Tj, TJ, ' and ") put on the page, or None when it cannot be told for sure: a font whose codes are glyph
numbers or follow its own table (Type0, Type3, a font's built-in encoding, a glyph named in /Differences outside the
few an audit's text needs), text shown with no font, a picture, a filter no reader uses for a field's drawing, or a
drawing larger than any reader writes. Text the page cannot show is left out: drawn invisible (render modes 3 and
7), in white or nearly, at no size (a size, a horizontal scaling or a matrix of 0), or wholly outside the drawing's
box. A white box painted over text is not looked for: the text under it counts as shown. Each drawing is read only up
to a bound, and the drawings of one file only up to a budget, so that a hostile file costs time and memory in
proportion to what a real one holds.
"""

from __future__ import annotations

import copy
import math
import string
import unicodedata
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

from sos_print.engine.frozen import frozen

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


def shown_text(appearance: Any, fonts: Any, budget: Budget) -> tuple[str, set[Codec]] | None:
    """Returns the text the appearance stream `appearance` shows, each piece of text drawn followed by a space, with
    the codecs (`codec`) of the fonts it is drawn in, or None when it cannot be told for sure; `fonts` (the form's /DR
    fonts) serve a drawing that names no font of its own, as readers take them."""
    parts: list[str] = []
    codecs: set[Codec] = set()
    return ("".join(parts), codecs) if _read(appearance, fonts, budget, parts, codecs, 0) else None


def codec(font: Any) -> Codec | None:
    """Returns the codec that turns a simple font's codes into the characters it shows: a name ("standard" is the
    Adobe standard encoding, for the plain ASCII it shares), or the font's own table of codes (`Encoded`) when its
    encoding gives codes other glyphs by name (/Differences); None if its codes cannot be told for sure."""
    font = _dictionary(font)
    if font is None or font.get("/Subtype") not in ("/Type1", "/TrueType", "/MMType1"):
        return None  # Type0 (glyph numbers), Type3 (drawn glyphs), or no font at all
    encoding = _resolved(font.get("/Encoding"))
    differences = None
    if isinstance(encoding, DictionaryObject):
        differences = _resolved(encoding.get("/Differences"))
        encoding = _resolved(encoding.get("/BaseEncoding"))
    base = _base(encoding, font)
    if differences is None:
        return base
    if base is None and font.get("/Subtype") == "/TrueType":
        return None  # a TrueType font's own table may ignore the names: its codes cannot be told
    return _encoded(differences, base)


def _base(encoding: object, font: Any) -> str | None:
    """Returns the codec of an encoding's name, or of a standard font's built-in encoding, None for any other."""
    if encoding == "/WinAnsiEncoding":
        return "cp1252"
    if encoding == "/MacRomanEncoding":
        return "mac_roman"
    if encoding in (None, "/StandardEncoding") and font.get("/BaseFont") in _STANDARD:
        return "standard"
    return None  # the font program's own encoding, or an encoding pypdf and readers do not write for a field


@frozen
class Encoded:
    """Holds the character a font shows for each code 0-255, as its /Differences names the glyphs over its base
    encoding; None for a code whose character cannot be told (a glyph named outside `_GLYPHS`, or no base)."""

    characters: tuple[str | None, ...]


Codec = str | Encoded

# The glyph names (Adobe's standard names) of the characters an audit holds: digits, letters, the Latin letters with
# accents WinAnsiEncoding has, and the punctuation of names, dates and lines. A code given any other glyph is not read.
_DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_MARKS = {"grave": "\u0300", "acute": "\u0301", "circumflex": "\u0302", "tilde": "\u0303", "dieresis": "\u0308"}
_MARKS |= {"ring": "\u030a", "cedilla": "\u0327", "caron": "\u030c"}
_PUNCTUATION = {
    "space": " ",
    "hyphen": "-",
    "comma": ",",
    "period": ".",
    "endash": "\u2013",
    "quotesingle": "'",
    "quoteright": "\u2019",
    "parenleft": "(",
    "parenright": ")",
    "slash": "/",
    "colon": ":",
}
_LIGATURES = {"AE": "Æ", "ae": "æ", "OE": "Œ", "oe": "œ", "Oslash": "Ø", "oslash": "ø", "germandbls": "ß"}
_LIGATURES |= {"Eth": "Ð", "eth": "ð", "Thorn": "Þ", "thorn": "þ"}


def _in_winansi(char: str) -> bool:
    try:
        char.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


_GLYPHS = (
    {name: str(digit) for digit, name in enumerate(_DIGITS)}
    | {letter: letter for letter in string.ascii_letters}
    | {
        letter + mark: accented
        for letter in string.ascii_letters
        for mark, combining in _MARKS.items()
        if len(accented := unicodedata.normalize("NFC", letter + combining)) == 1 and _in_winansi(accented)
    }
    | _PUNCTUATION
    | _LIGATURES
)
_MOST_DIFFERENCES = 512  # items of a /Differences array: 256 codes, each given a glyph, with a few starting codes


def _encoded(differences: object, base: str | None) -> Encoded | None:
    """Returns the table of a font's codes, its base encoding's (`base`) as /Differences changes them, or None if the
    array is not one a PDF writer makes."""
    if not isinstance(differences, ArrayObject) or len(differences) > _MOST_DIFFERENCES:
        return None
    characters = [_decoded(bytes([code]), base) if base is not None else None for code in range(256)]
    code = 0
    for item in map(_resolved, differences):
        if isinstance(item, int) and not isinstance(item, bool):
            code = int(item)
        elif isinstance(item, NameObject):
            if not 0 <= code < 256:
                return None
            characters[code] = _GLYPHS.get(item[1:])
            code += 1
        else:
            return None
    return Encoded(tuple(characters))


def encodes(text: str, name: Codec) -> bool:
    """Tells whether every character of `text` has a code in the codec `name` (`codec`): a character it lacks is
    drawn as something else (pypdf draws "?"), so a drawing cannot be held to the value. A font that names its own
    glyphs (`Encoded`) is always held to it: no reader draws a field in one, so a drawing in one was made as it is,
    and a value it has no glyph for is not what it shows."""
    if isinstance(name, Encoded):
        return True
    if name == "standard":
        return all((" " <= char <= "~" and char not in "'`") or char.isspace() for char in text)
    try:
        text.encode(name)
    except UnicodeEncodeError:
        return False
    return True


def _decoded(data: bytes, name: Codec) -> str | None:
    """Returns the characters a font of codec `name` shows for the codes `data`, or None if one has none."""
    if isinstance(name, Encoded):
        characters = [name.characters[code] for code in data]
        return None if None in characters else "".join(char or "" for char in characters)
    if name == "standard":
        text = data.decode("latin-1")
        return text if encodes(text, "standard") else None
    try:
        return data.decode(name)
    except UnicodeDecodeError:
        return None  # a code WinAnsiEncoding leaves undefined


Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]  # left, bottom, right, top
_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_FILLED = (0, 2, 4, 6)  # text render modes that fill the glyphs; 1, 2, 5 and 6 stroke them
_STROKED = (1, 2, 5, 6)
_PALEST = 0.95  # a colour this near white (each of its parts) is not seen on the white page
_SMALLEST = 0.01  # the area of a glyph's em square, once drawn, under which it shows nothing (a tenth of a point)
_DEVICE = ("/DeviceGray", "/DeviceRGB", "/DeviceCMYK")


class _State:
    """Holds what a drawing's graphics state says of how its text is drawn (saved by q, restored by Q)."""

    def __init__(self, ctm: Matrix, clip: Box | None) -> None:
        self.font: Codec | None = None  # the codec of the font in use
        self.size: float | None = None  # None until a font is chosen: text shown without one cannot be told
        self.scale = 1.0  # the horizontal scaling (Tz), as a fraction
        self.mode = 0  # the text render mode
        self.spacing = (0.0, 0.0)  # the character and word spacing (Tc, Tw)
        self.leading = 0.0
        self.rise = 0.0
        self.fill: bool | None = False  # whether the colour is white (None: a colour space not told)
        self.stroke: bool | None = False
        self.spaces = ["/DeviceGray", "/DeviceGray"]  # the fill's colour space, then the stroke's
        self.ctm = ctm
        self.clip = clip  # the box the drawings drawn so far clip to, in the outermost drawing's space


def _read(
    appearance: Any,
    fonts: Any,
    budget: Budget,
    parts: list[str],
    codecs: set[Codec],
    depth: int,
    outer: _State | None = None,
) -> bool:
    """Adds to `parts` the text a drawing shows (drawings it draws too); False if that cannot be told for sure. Text
    the page cannot show (drawn invisible, in white, at no size, or wholly outside the drawing's box) is left out."""
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
    state = copy.copy(outer) if outer is not None else _State(_IDENTITY, None)
    state.spaces = list(state.spaces)
    if outer is not None:
        state.ctm = _times(_matrix(stream.get("/Matrix")) or _IDENTITY, outer.ctm)
    box = _box(stream.get("/BBox"))
    if box is not None:
        clip = _meet(state.clip, _bounds(box, state.ctm))
        if clip is None:
            return True  # drawn wholly outside the drawing that draws it: nothing of it shows
        state.clip = clip
    plain = DecodedStreamObject()
    plain.set_data(data)
    text: Matrix = _IDENTITY
    line: Matrix = _IDENTITY
    drift = 0.0  # how far the text drawn since the line's start may have moved on, at most
    saved: list[_State] = []
    for operands, operator in ContentStream(plain, None).operations:
        numbers = _numbers(operands)
        if operator == b"q":
            saved.append(copy.copy(state))
            state.spaces = list(state.spaces)
        elif operator == b"Q" and saved:
            state = saved.pop()
        elif operator == b"cm" and len(numbers) == 6:
            state.ctm = _times(_six(numbers), state.ctm)
        elif operator == b"Tf" and operands:
            font = fonts.get(operands[0]) if fonts is not None and isinstance(operands[0], NameObject) else None
            state.font = codec(font)
            state.size = numbers[-1] if len(operands) == 2 and len(numbers) == 1 else 0.0
        elif operator == b"Tr" and operands and isinstance(operands[0], (int, float)):
            state.mode = int(operands[0])
        elif operator == b"Tz" and len(numbers) == 1:
            state.scale = numbers[0] / 100
        elif operator == b"Tc" and len(numbers) == 1:
            state.spacing = (numbers[0], state.spacing[1])
        elif operator == b"Tw" and len(numbers) == 1:
            state.spacing = (state.spacing[0], numbers[0])
        elif operator == b"TL" and len(numbers) == 1:
            state.leading = numbers[0]
        elif operator == b"Ts" and len(numbers) == 1:
            state.rise = numbers[0]
        elif operator == b"BT":
            text = line = _IDENTITY
            drift = 0.0
        elif operator in (b"Td", b"TD") and len(numbers) == 2:
            state.leading = -numbers[1] if operator == b"TD" else state.leading
            text = line = _times((1.0, 0.0, 0.0, 1.0, numbers[0], numbers[1]), line)
            drift = 0.0
        elif operator == b"Tm" and len(numbers) == 6:
            text = line = _six(numbers)
            drift = 0.0
        elif operator in (b"T*", b"'", b'"'):
            if operator == b'"' and len(numbers) >= 2:
                state.spacing = (numbers[1], numbers[0])
            text = line = _times((1.0, 0.0, 0.0, 1.0, 0.0, -state.leading), line)
            drift = 0.0
        elif operator in _SETS_COLOUR:
            _colour(state, operator, operands, numbers)
        if operator in (b"Tj", b"'", b'"', b"TJ"):
            pieces = operands[-1:] if operator != b"TJ" else list(_items(operands[-1:]))
            strings = [piece for piece in pieces if isinstance(piece, (TextStringObject, ByteStringObject))]
            moves = sum(abs(float(piece)) for piece in pieces if isinstance(piece, (int, float)))
            length = sum(
                len(piece.get_original_bytes() if isinstance(piece, TextStringObject) else piece) for piece in strings
            )
            size = abs((state.size or 0.0) * state.scale)
            advance = (
                length * (2 * size + (abs(state.spacing[0]) + abs(state.spacing[1])) * abs(state.scale))
                + moves / 1000 * size
            )
            reach = drift + advance
            drift = reach
            if not _painted(state) or not _seen(state, text, reach):
                continue
            if state.font is None:
                return False
            for piece in strings:
                raw = piece.get_original_bytes() if isinstance(piece, TextStringObject) else bytes(piece)
                decoded = _decoded(raw, state.font)
                if decoded is None:
                    return False
                parts.append(decoded + " ")
                codecs.add(state.font)
        elif operator == b"Do" and operands:
            drawn = _resolved(drawings.get(operands[0])) if drawings is not None else None
            if not isinstance(drawn, StreamObject) or drawn.get("/Subtype") != "/Form":
                return False  # a picture, which may show anything
            if not _read(drawn, fonts, budget, parts, codecs, depth + 1, state):
                return False
        elif operator in (b"INLINE IMAGE", b"BI", b"sh"):
            return False  # a picture or a shading, which may show anything
    return True


_SETS_COLOUR = (b"g", b"rg", b"k", b"sc", b"scn", b"cs", b"G", b"RG", b"K", b"SC", b"SCN", b"CS")


def _colour(state: _State, operator: bytes, operands: list[Any], numbers: list[float]) -> None:
    """Notes whether the fill (lower-case operators) or stroke colour an operator sets is white, or cannot be told."""
    stroke = operator.isupper()
    kind = operator.lower()
    if kind == b"cs":
        space = operands[0] if operands and isinstance(operands[0], NameObject) else None
        state.spaces[stroke] = str(space)
        white: bool | None = False if space in _DEVICE else None  # a device space starts black
    elif kind in (b"sc", b"scn") and state.spaces[stroke] not in _DEVICE:
        white = None  # a colour in a space of the drawing's own (a pattern, a profile): not told
    else:
        white = _white(numbers if len(numbers) == len(operands) else [])
    if stroke:
        state.stroke = white
    else:
        state.fill = white


def _white(parts: list[float]) -> bool | None:
    """Tells whether a device colour (gray, RGB or CMYK by its number of parts) is white or nearly, None if it has
    another number of parts."""
    if len(parts) in (1, 3):
        return all(part >= _PALEST for part in parts)
    if len(parts) == 4:
        return all(part <= 1 - _PALEST for part in parts)
    return None


def _painted(state: _State) -> bool:
    """Tells whether text drawn now paints anything the page shows: invisible, or in white, it does not."""
    filled = state.mode in _FILLED and state.fill is not True
    stroked = state.mode in _STROKED and state.stroke is not True
    return filled or stroked or state.mode not in range(8)


def _seen(state: _State, text: Matrix, reach: float) -> bool:
    """Tells whether text drawn from the text matrix `text`, reaching at most `reach` along its line, may show: not
    when drawn at no size (size, scaling or a matrix of 0), nor when wholly outside the drawing's box."""
    size, scale = state.size, state.scale
    if size is None:
        return True
    drawn = _times(text, state.ctm)
    area = abs(size * size * scale * (drawn[0] * drawn[3] - drawn[1] * drawn[2]))
    if not area >= _SMALLEST:  # also NaN
        return False
    if state.clip is None:
        return True
    height = 2 * abs(size) + abs(state.rise)
    across = reach + 2 * abs(size * scale)
    return _meet(state.clip, _bounds((-across, -height, across, height), drawn)) is not None


def _times(first: Matrix, then: Matrix) -> Matrix:
    """Returns the matrix that maps as `first` and then `then` do."""
    a, b, c, d, e, f = first
    p, q, r, s, t, u = then
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s, e * p + f * r + t, e * q + f * s + u)


def _six(numbers: list[float]) -> Matrix:
    """Returns six numbers as a matrix."""
    return (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])


def _numbers(operands: list[Any]) -> list[float]:
    """Returns the operands that are numbers, as floats, in order."""
    return [float(item) for item in operands if isinstance(item, (int, float)) and not isinstance(item, bool)]


def _matrix(value: object) -> Matrix | None:
    """Returns a drawing's /Matrix, None if it has none of six numbers."""
    array = _resolved(value)
    numbers = _numbers(list(array)) if isinstance(array, ArrayObject) and len(array) == 6 else []
    return _six(numbers) if len(numbers) == 6 else None


def _box(value: object) -> Box | None:
    """Returns a rectangle (/BBox, /Rect, /MediaBox) as left, bottom, right, top, None if it is not four numbers."""
    array = _resolved(value)
    numbers = _numbers([_resolved(item) for item in array]) if isinstance(array, ArrayObject) else []
    if len(numbers) != 4 or not all(map(math.isfinite, numbers)):
        return None
    return (
        min(numbers[0], numbers[2]),
        min(numbers[1], numbers[3]),
        max(numbers[0], numbers[2]),
        max(numbers[1], numbers[3]),
    )


def _bounds(box: Box, matrix: Matrix) -> Box:
    """Returns the smallest upright box holding `box` once mapped by `matrix`."""
    a, b, c, d, e, f = matrix
    xs, ys = [], []
    for x in (box[0], box[2]):
        for y in (box[1], box[3]):
            xs.append(a * x + c * y + e)
            ys.append(b * x + d * y + f)
    return (min(xs), min(ys), max(xs), max(ys))


def _meet(first: Box | None, second: Box) -> Box | None:
    """Returns the part two boxes share (`first` None: the whole of `second`), None if they share none."""
    if first is None:
        return second
    left, bottom = max(first[0], second[0]), max(first[1], second[1])
    right, top = min(first[2], second[2]), min(first[3], second[3])
    return (left, bottom, right, top) if left <= right and bottom <= top else None


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
