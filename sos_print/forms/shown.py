"""Reads the text a text field's appearance stream shows on the page, when it can be told for sure, with pypdf.

A PDF reader draws what a child typed into the field's appearance stream (/AP /N), and that drawing is what the page
shows and prints; the value (/V) is what the record reads. `shown_text` returns the text the drawing's text-showing
operators (Tj, TJ, ' and ") put on the page, and whether it also paints text whose characters cannot be told: a font
whose codes are glyph numbers or follow its own table (Type0, a font's built-in encoding, a glyph named in
/Differences outside the few an audit's text needs), or text shown with no font. A drawing no reader writes for a
field cannot be read at all (`Unreadable`): stored with a filter other than Flate, ASCIIHex, ASCII85 and RunLength,
larger than any reader writes, drawing itself, a picture, optional content, a colour space other than the device's,
a graphics state that sets a font, a blend, a mask or a transfer, an operator readers do not write for a field (a
curve, a shading, text drawn as a clipping path), a font of drawn glyphs (Type3), or a painted path that is neither a
border along the drawing's edges nor a background filling it (a digit drawn as a bar or lines beside the value: issue
20, A6). Text the page cannot show is left out: drawn invisible (render mode 3), in white or nearly, transparent,
clipped to nothing, at no size (a size, a horizontal scaling or a matrix of 0), or wholly outside the drawing's box.
The size on the page of the smallest text shown is told, the drawing fitted into its field's box. A white
box painted over text is not looked for: the text under it counts as shown. Each drawing is read only up to a bound,
and the drawings of one file only up to a budget, so that a hostile file costs time and memory in proportion to what
a real one holds.
"""

from __future__ import annotations

import copy
import math
import re
import string
import unicodedata
import zlib
from typing import Any

from pypdf.filters import ASCII85Decode, ASCIIHexDecode, RunLengthDecode
from pypdf.generic import (
    ArrayObject,
    ByteStringObject,
    ContentStream,
    DecodedStreamObject,
    DictionaryObject,
    NameObject,
    StreamObject,
    TextStringObject,
)

from sos_print.engine.frozen import frozen
from sos_print.forms.objects import dictionary, resolved

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
_CLIPS = (4, 5, 6, 7)  # text render modes that add the glyphs to the clipping path


class Budget:
    """Counts the bytes of drawings read in one file: once spent, no further drawing is read."""

    def __init__(self, left: int = DRAWINGS_BUDGET) -> None:
        self.left = left


class Unreadable(Exception):
    """Says why a drawing cannot be read at all (a filter, its size, a loop, a picture, a colour or state not told):
    what it shows cannot be told, and no reader draws a field so, so it is refused rather than trusted."""


@frozen
class Shown:
    """Holds the text a drawing shows, each piece followed by a space, the codecs (`codec`) of its fonts, whether it
    also paints text in a font whose codes cannot be told (`untold`): then its text cannot be told for sure, and
    whether it draws text in glyphs of the file's own (`own`: an embedded font, or one named as none of the standard
    fonts, which a reader draws in whatever font has that name), which may show other characters than their codes."""

    text: str
    codecs: frozenset[Codec]
    untold: bool
    own: bool
    smallest: float = math.inf  # points: the size on the page of its smallest text, the narrower way if squeezed


def shown_text(appearance: Any, fonts: Any, budget: Budget, field: Box | None = None) -> Shown | None:
    """Returns what the appearance stream `appearance` shows (`Shown`), None if it is no drawing; `fonts` (the form's
    /DR fonts) serve a drawing that names no font of its own, as readers take them; `field` is the widget's /Rect,
    into which the page draws it. Raises `Unreadable` when the drawing cannot be read at all."""
    stream = resolved(appearance)
    if not isinstance(stream, StreamObject):
        return None
    squeeze = _squeeze(stream, field)
    parts: list[Piece] = []
    codecs: set[Codec] = set()
    untold = [False, False]
    _read(appearance, fonts, budget, parts, codecs, untold, 0)
    smallest = min((piece[2] * squeeze for piece in parts), default=math.inf)
    return Shown(_in_reading_order(parts), frozenset(codecs), untold[0], untold[1], smallest)


def _squeeze(stream: Any, field: Box | None) -> float:
    """Returns how much the page shrinks a drawing's text to fit the drawing into the field's box (its /BBox, turned
    by its /Matrix, is stretched to the box): the smaller of the two scales, since text squeezed in either direction
    cannot be read. A /BBox 20 times the box's height squeezed a claim to a dash its text still read as the value
    (sweep ad60, 1c)."""
    box = _box(stream.get("/BBox"))
    if field is None or box is None:
        return 1.0
    left, bottom, right, top = _bounds(box, _matrix(stream.get("/Matrix")) or _IDENTITY)
    if right <= left or top <= bottom:
        return 0.0
    return min(abs(field[2] - field[0]) / (right - left), abs(field[3] - field[1]) / (top - bottom))


Piece = tuple[float, float, float, str]  # where a piece of text starts on the page (x, y), its size, its characters


def _in_reading_order(pieces: list[Piece]) -> str:
    """Returns the pieces' characters as the page shows them, line by line from the top and left to right along a
    line, not in the order the drawing writes them: digits written one at a time and moved into each other's places
    showed L2C4 where the stream read L4C2 (sweep ad60, 1a). A piece starts a new line where it stands lower than
    the line's first by more than half its size."""
    lines: list[list[Piece]] = []
    for piece in sorted(pieces, key=lambda piece: -piece[1]):
        if lines and lines[-1][0][1] - piece[1] <= max(piece[2], lines[-1][0][2]) / 2:
            lines[-1].append(piece)
        else:
            lines.append([piece])
    return "".join(piece[3] + " " for line in lines for piece in sorted(line, key=lambda piece: piece[0]))


def own_glyphs(font: Any) -> bool:
    """Tells whether a font's glyphs are the file's own: embedded (a font program in its descriptor), or named as none
    of the standard Latin fonts (Helvetica, Times, Courier and their Arial, Times New Roman and Courier New twins),
    so that a reader draws it in whatever font has that name."""
    font = dictionary(font)
    if font is None:
        return False
    descriptor = dictionary(font.get("/FontDescriptor"))
    if descriptor is not None and any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")):
        return True
    name = font.get("/BaseFont")
    return not (isinstance(name, NameObject) and _STANDARD_NAME.fullmatch(name[1:]))


# A standard font, as readers name it: the family, then any style ("Helvetica-Bold", "TimesNewRomanPS-BoldMT").
_STANDARD_NAME = re.compile(r"(?:Helvetica|Arial|Times|Courier)[A-Za-z,-]{0,24}")


def codec(font: Any) -> Codec | None:
    """Returns the codec that turns a simple font's codes into the characters it shows: a name ("standard" is the
    Adobe standard encoding, for the plain ASCII it shares), or the font's own table of codes (`Encoded`) when its
    encoding gives codes other glyphs by name (/Differences); None if its codes cannot be told for sure."""
    font = dictionary(font)
    if font is None or font.get("/Subtype") not in ("/Type1", "/TrueType", "/MMType1"):
        return None  # Type0 (glyph numbers), Type3 (drawn glyphs), or no font at all
    encoding = resolved(font.get("/Encoding"))
    differences = None
    if isinstance(encoding, DictionaryObject):
        differences = resolved(encoding.get("/Differences"))
        encoding = resolved(encoding.get("/BaseEncoding"))
    base = _base(encoding, font)
    if differences is None:
        return base
    if base is None and font.get("/Subtype") == "/TrueType":
        return None  # a TrueType font's own table may ignore the names: its codes cannot be told
    return _encoded(differences, base)


def draws_as_typed(text: str, font: Any) -> bool:
    """Tells whether a simple font shows `text` as typed when a reader draws a field's value in it: each character's
    code in the Windows code page (as readers encode the form's Helvetica) shows that character, where a /Differences
    array may give the code of "1" the glyph "two" or none (sweep ad104, 1)."""
    name = codec(font)
    if not isinstance(name, Encoded):
        return name is not None and encodes(text, name)
    try:
        codes = text.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return all(name.characters[code] == char for code, char in zip(codes, text, strict=True))


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
    for item in map(resolved, differences):
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
        self.own = False  # whether its glyphs are the file's own (`own_glyphs`)
        self.size: float | None = None  # None until a font is chosen: text shown without one cannot be told
        self.scale = 1.0  # the horizontal scaling (Tz), as a fraction
        self.mode = 0  # the text render mode
        self.spacing = (0.0, 0.0)  # the character and word spacing (Tc, Tw)
        self.leading = 0.0
        self.rise = 0.0
        self.fill: bool | None = False  # whether the colour is white (None: a colour space not told)
        self.stroke: bool | None = False
        self.alpha = (1.0, 1.0)  # the fill's and the stroke's opacity (ExtGState /ca and /CA)
        self.hidden = False  # clipped to nothing: nothing drawn now shows
        self.spaces = ["/DeviceGray", "/DeviceGray"]  # the fill's colour space, then the stroke's
        self.ctm = ctm
        self.clip = clip  # the box the drawings drawn so far clip to, in the outermost drawing's space
        self.frame = clip  # the outermost drawing's box: a border runs along its edges, a background fills it
        self.width = 1.0  # the line width (w), in the outermost drawing's space


def _read(
    appearance: Any,
    fonts: Any,
    budget: Budget,
    parts: list[Piece],
    codecs: set[Codec],
    untold: list[bool],
    depth: int,
    outer: _State | None = None,
) -> None:
    """Adds to `parts` the text a drawing shows (drawings it draws too), and sets `untold[0]` when it paints text in
    a font whose codes cannot be told; raises `Unreadable` if the drawing cannot be read. Text the page cannot show
    (drawn invisible, in white, transparent, clipped away, at no size, or wholly outside the drawing's box) is left
    out."""
    stream = resolved(appearance)
    if not isinstance(stream, StreamObject):
        raise Unreadable("it draws something that is no drawing")
    if stream.get("/OC") is not None:  # poppler hides a drawing in a layer turned off, PDFium shows it (ad103, 4)
        raise Unreadable("it draws optional content, which the page may hide")
    if depth > _DEEPEST:
        raise Unreadable("it draws drawings within drawings, or itself, deeper than any reader draws a field")
    data = _data(stream, budget)
    resources = dictionary(stream.get("/Resources"))
    own = dictionary(resources.get("/Font")) if resources is not None else None
    drawings = dictionary(resources.get("/XObject")) if resources is not None else None
    states = dictionary(resources.get("/ExtGState")) if resources is not None else None
    spaces = dictionary(resources.get("/ColorSpace")) if resources is not None else None
    fonts = own if own is not None else fonts
    state = copy.copy(outer) if outer is not None else _State(_IDENTITY, None)
    state.spaces = list(state.spaces)
    if outer is not None:
        state.ctm = _times(_matrix(stream.get("/Matrix")) or _IDENTITY, outer.ctm)
    box = _box(stream.get("/BBox"))
    if box is not None:
        clip = _meet(state.clip, _bounds(box, state.ctm))
        if clip is None:
            return  # drawn wholly outside the drawing that draws it: nothing of it shows
        state.clip = clip
        state.frame = state.frame if outer is not None else box
    plain = DecodedStreamObject()
    plain.set_data(data)
    text: Matrix = _IDENTITY
    line: Matrix = _IDENTITY
    drift = 0.0  # how far the text drawn since the line's start may have moved on, at most
    saved: list[_State] = []
    shapes: list[_Shape] = []  # the path's parts, each begun by m or re, on the page
    clipping = False  # W or W* seen: the path, once ended, clips
    for operands, operator in ContentStream(plain, None).operations:
        numbers = _numbers(operands)
        if operator not in _WRITTEN:
            if operator in (b"INLINE IMAGE", b"BI", b"sh"):
                raise Unreadable("it draws a picture")
            raise Unreadable(f"it draws with an operator no reader writes for a field ({_said(operator)})")
        if operator in _BUILDS:
            _build(shapes, operator, _points(operator, numbers, state.ctm))
        elif operator in (b"W", b"W*"):
            clipping = True
        elif operator in _ENDS_PATH:
            if operator in _FILLS and (parts or untold[0]) and not state.hidden and state.alpha[0] > _FAINTEST:
                # No reader paints after a field's text: a box painted there may hide it (sweep 14, Z16).
                raise Unreadable("it paints over the text it shows")
            if operator != b"n" and not state.hidden and state.frame is not None:
                reach = state.width * _scale(state.ctm) / 2 if operator in _STROKES else 0.0
                _refuse_marks(shapes, state.frame, reach, closed=operator != b"S")
            if clipping:
                clip = _bounds_of([point for shape in shapes for piece in shape.pieces for point in piece])
                met = _meet(state.clip, clip) if clip is not None else None
                if met is None or met[2] - met[0] <= 0 or met[3] - met[1] <= 0:
                    state.hidden = True  # clipped to nothing, or to a box of no area
                else:
                    state.clip = met
            shapes, clipping = [], False
        elif operator == b"gs":
            _graphics_state(state, states.get(operands[0]) if states is not None and operands else None)
        elif operator == b"BDC" and operands and operands[0] == "/OC":
            raise Unreadable("it draws optional content, which the page may hide")
        if operator == b"q":
            saved.append(copy.copy(state))
            state.spaces = list(state.spaces)
        elif operator == b"Q" and saved:
            state = saved.pop()
        elif operator == b"cm" and len(numbers) == 6:
            state.ctm = _times(_six(numbers), state.ctm)
        elif operator == b"w" and len(numbers) == 1:
            state.width = abs(numbers[0])
        elif operator == b"Tf" and operands:
            font = fonts.get(operands[0]) if fonts is not None and isinstance(operands[0], NameObject) else None
            if dictionary(font) is not None and dictionary(font).get("/Subtype") == "/Type3":
                raise Unreadable("it draws its text in a font of drawn glyphs (Type3), which may show any mark")
            state.font = codec(font)
            state.own = own_glyphs(font)
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
            _colour(state, operator, operands, numbers, spaces)
        if operator in (b"Tj", b"'", b'"', b"TJ"):
            pieces = operands[-1:] if operator != b"TJ" else list(_items(operands[-1:]))
            strings = [piece for piece in pieces if isinstance(piece, (TextStringObject, ByteStringObject))]
            if state.mode in _CLIPS and any(strings):
                # A letter's outline as the clip, then a box painted in it, shows that letter while no text is drawn
                # (sweep ad60, 1b): what it shows cannot be told.
                raise Unreadable("it draws text as a clipping path, which no reader does for a field")
            moves = sum(abs(float(piece)) for piece in pieces if isinstance(piece, (int, float)))
            length = sum(
                len(piece.get_original_bytes() if isinstance(piece, TextStringObject) else piece) for piece in strings
            )
            size = abs((state.size or 0.0) * state.scale)
            advance = (
                length * (2 * size + (abs(state.spacing[0]) + abs(state.spacing[1])) * abs(state.scale))
                + moves / 1000 * size
            )
            start, reach = drift, drift + advance
            drift = reach
            painted = _painted(state)
            if state.hidden or painted is False or not _seen(state, text, reach):
                continue
            raws = [
                piece.get_original_bytes() if isinstance(piece, TextStringObject) else bytes(piece) for piece in strings
            ]
            if not any(raws):
                continue  # no character drawn
            if painted is None:
                raise Unreadable("it draws text in a colour sos-print cannot tell")
            if _displaced(state, pieces):
                raise Unreadable("it moves or stretches its text as no reader does for a field")
            for raw in raws:
                decoded = _decoded(raw, state.font) if state.font is not None else None
                if decoded is None:
                    untold[0] = True  # a font whose codes cannot be told: what it shows is not read
                    continue
                parts.append(_piece(text, state, start, decoded))
                codecs.add(state.font)  # type: ignore[arg-type]
                untold[1] = untold[1] or state.own
        elif operator == b"Do" and operands:
            drawn = resolved(drawings.get(operands[0])) if drawings is not None else None
            if not isinstance(drawn, StreamObject) or drawn.get("/Subtype") != "/Form":
                raise Unreadable("it draws a picture")
            if not state.hidden:
                _read(drawn, fonts, budget, parts, codecs, untold, depth + 1, state)


# The operators a reader writes for a field: text and its state, the graphics state, colours, marked content, and
# paths (a border, a background, a clip); drawings in drawings (Do) are read as theirs. A shading, a picture inline,
# a Type3 glyph's own operators and anything else are not (A6).
_WRITTEN = frozenset(
    b"BT ET Tc Tw Tz TL Tf Tr Ts Td TD Tm T* Tj TJ ' \" q Q cm w J j M d ri i gs CS cs SC SCN sc scn G g RG rg K k "
    b"BMC BDC EMC MP DP BX EX m l c v y h re S s f F f* B B* b b* n W W* Do".split()
)
_STROKES = (b"S", b"s", b"B", b"B*", b"b", b"b*")
_BUILDS = (b"m", b"l", b"c", b"v", b"y", b"re", b"h")
# Points: a border runs this close along the drawing's edges (a thick one is 3 points wide: pypdf strokes it 3 points
# in, so it reaches 4.5 points in; PDFium and Acrobat bevel it to 6 points in); anything further in is a mark.
_BAND = 6.0


def _said(operator: object) -> str:
    """Returns an operator as a message quotes it, short and printable."""
    text = operator.decode("latin-1") if isinstance(operator, bytes) else str(operator)
    return text[:12] if text[:12].isprintable() else repr(text[:12])


Point = tuple[float, float]


class _Shape:
    """Holds a part of a path (begun by m or re), on the page: its pieces, each a straight line (two points) or a
    curve (its end points and control points), and its first and current points."""

    def __init__(self, start: Point) -> None:
        self.start = self.end = start
        self.pieces: list[list[Point]] = [[start]]  # a lone point: a dot, when stroked with round caps

    def add(self, *points: Point) -> None:
        self.pieces.append([self.end, *points])
        self.end = points[-1]

    def close(self) -> None:
        self.add(self.start)


def _build(shapes: list[_Shape], operator: bytes, points: list[Point]) -> None:
    """Adds what a path operator (m, l, c, v, y, re, h) draws, its `points` on the page, to the path's `shapes`."""
    if operator == b"h":
        if shapes:
            shapes[-1].close()
        return
    if not points:
        return
    if operator == b"re" or operator == b"m" or not shapes:
        shapes.append(_Shape(points[0]))
        if operator != b"re":
            return
        for corner in points[1:]:
            shapes[-1].add(corner)
        shapes[-1].close()
        return
    shapes[-1].add(*points)


def _refuse_marks(shapes: list[_Shape], frame: Box, reach: float, *, closed: bool) -> None:
    """Refuses a painted path that is neither a border nor a background: each straight line or curve of it (`reach`
    further out for a stroke's half width; a curve by its control points, which hold it) must lie along one edge of the
    drawing's box (`frame`), within `_BAND` of it, and each part of the path must run the box's whole width or
    height. The painted area's edges then lie along the box's edges, so it is a border, or a background filling the
    box; a bar, a digit drawn as lines, or a box within the field is a mark no reader draws (A6), which the page
    would show beside the value the record reads. A filled path is closed (`closed`), a stroked one only where h
    closes it."""
    left, bottom, right, top = frame
    band = _BAND + 0.01  # a writer's rounding of its numbers
    for shape in shapes:
        pieces = shape.pieces + ([[shape.end, shape.start]] if closed else [])
        bounds = _bounds_of([point for piece in pieces for point in piece])
        if bounds is None or not (
            (bounds[0] - reach <= left + band and bounds[2] + reach >= right - band)
            or (bounds[1] - reach <= bottom + band and bounds[3] + reach >= top - band)
        ):  # a border runs the whole length of an edge: a short bar beside the value would read as a "1"
            raise Unreadable("it draws lines or boxes within the field, beside its text, as no reader draws a field")
        for piece in pieces:
            xs, ys = [x for x, _ in piece], [y for _, y in piece]
            if not all(map(math.isfinite, xs + ys)):
                raise Unreadable("it draws a path it does not place")
            if (
                max(xs) + reach <= left + band
                or min(xs) - reach >= right - band
                or max(ys) + reach <= bottom + band
                or min(ys) - reach >= top - band
            ):
                continue  # along one edge: a border's, or a background's
            raise Unreadable("it draws lines or boxes within the field, beside its text, as no reader draws a field")


def _scale(ctm: Matrix) -> float:
    """Returns how much a matrix enlarges lengths, on average over its directions."""
    return math.sqrt(abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]))


_SETS_COLOUR = (b"g", b"rg", b"k", b"sc", b"scn", b"cs", b"G", b"RG", b"K", b"SC", b"SCN", b"CS")
_ENDS_PATH = (b"n", b"f", b"F", b"f*", b"S", b"s", b"B", b"B*", b"b", b"b*")
_FILLS = (b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*")
_FAINTEST = 1 - _PALEST  # an opacity this low shows nothing on the page
# Entries of a graphics state (ExtGState) that change only how lines and curves are drawn, or nothing of text's look.
_HARMLESS = {"/Type", "/LW", "/LC", "/LJ", "/ML", "/D", "/RI", "/OP", "/op", "/OPM", "/FL", "/SM", "/SA", "/AIS"}
_HARMLESS |= {"/TK", "/UseBlackPtComp", "/HT", "/BG", "/BG2", "/UCR", "/UCR2", "/ca", "/CA", "/BM", "/SMask"}


def _graphics_state(state: _State, value: object) -> None:
    """Applies a graphics state (gs) to `state`: its opacities; raises `Unreadable` for one that sets a font, a
    blend, a mask or a transfer (which change what text shows), or that is not there."""
    entries = dictionary(value)
    if entries is None:
        raise Unreadable("it names a graphics state it does not hold")
    blend = resolved(entries.get("/BM"))
    mask = resolved(entries.get("/SMask"))
    if (
        set(entries) - _HARMLESS
        or blend not in (None, "/Normal", "/Compatible")
        or (isinstance(blend, ArrayObject) and list(blend) != ["/Normal"])
        or mask not in (None, "/None")
    ):
        raise Unreadable("it sets a font, a blend, a mask or a transfer through a graphics state")
    fill, stroke = (resolved(entries.get(key)) for key in ("/ca", "/CA"))
    state.alpha = (
        float(fill) if isinstance(fill, (int, float)) and not isinstance(fill, bool) else state.alpha[0],
        float(stroke) if isinstance(stroke, (int, float)) and not isinstance(stroke, bool) else state.alpha[1],
    )


def _points(operator: bytes, numbers: list[float], ctm: Matrix) -> list[tuple[float, float]]:
    """Returns the points of a path operator (m, l, c, v, y, re) on the page."""
    if operator == b"re" and len(numbers) == 4:
        x, y, width, height = numbers
        corners = [(x, y), (x + width, y), (x + width, y + height), (x, y + height)]
    else:
        corners = list(zip(numbers[0::2], numbers[1::2], strict=False))
    a, b, c, d, e, f = ctm
    return [(a * x + c * y + e, b * x + d * y + f) for x, y in corners]


def _bounds_of(points: list[tuple[float, float]]) -> Box | None:
    """Returns the smallest upright box holding `points`, None if there are none or one is not finite."""
    if not points or not all(math.isfinite(x) and math.isfinite(y) for x, y in points):
        return None
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _colour(state: _State, operator: bytes, operands: list[Any], numbers: list[float], spaces: Any) -> None:
    """Notes whether the fill (lower-case operators) or stroke colour an operator sets is white, or cannot be told."""
    stroke = operator.isupper()
    kind = operator.lower()
    if kind == b"cs":
        space = operands[0] if operands and isinstance(operands[0], NameObject) else None
        named = resolved(spaces.get(space)) if spaces is not None and space is not None else None
        space = named if isinstance(named, NameObject) else space  # a name for a device space is that space
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


def _painted(state: _State) -> bool | None:
    """Tells whether text drawn now paints anything the page shows (invisible, in white, or transparent, it does
    not), None if that cannot be told (a colour in a space not told)."""
    if state.mode not in range(8):
        return True
    filled = state.mode in _FILLED and state.alpha[0] > _FAINTEST and state.fill is not True
    stroked = state.mode in _STROKED and state.alpha[1] > _FAINTEST and state.stroke is not True
    if (filled and state.fill is False) or (stroked and state.stroke is False):
        return True
    return None if filled or stroked else False


def _piece(text: Matrix, state: _State, start: float, decoded: str) -> Piece:
    """Returns a piece of text drawn from the text matrix `text`, `start` along its line (the advance of what the
    line drew before it, as `_read` reckons it), with where it starts on the page and its size there."""
    drawn = _times(text, state.ctm)
    size = abs(state.size or 0.0) * math.hypot(drawn[2], drawn[3])  # its height, however turned
    return (drawn[4] + start * drawn[0], drawn[5] + start * drawn[1], size, decoded)


def _displaced(state: _State, pieces: list[Any]) -> bool:
    """Tells whether text is raised, stretched, spaced or shifted more than any reader draws a field's value (a rise
    of 30 points or a scaling of 1 % moves it out of sight while its box still may hold it: sweep 16, F6)."""
    size = abs(state.size or 0.0)
    shifts = [abs(float(piece)) for piece in pieces if isinstance(piece, (int, float))]
    return (
        abs(state.rise) > _FREEST_RISE
        or not _NARROWEST <= abs(state.scale) <= _WIDEST
        or abs(state.spacing[0]) > size / 2
        or abs(state.spacing[1]) > size
        or any(shift > _LARGEST_SHIFT for shift in shifts)
    )


# How far readers go when they draw a field's value: no rise, a scaling near 100 %, kerning under an em.
_FREEST_RISE = 0.01
_NARROWEST, _WIDEST = 0.5, 2.0
_LARGEST_SHIFT = 1000.0  # thousandths of an em


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
    array = resolved(value)
    numbers = _numbers(list(array)) if isinstance(array, ArrayObject) and len(array) == 6 else []
    return _six(numbers) if len(numbers) == 6 else None


def _box(value: object) -> Box | None:
    """Returns a rectangle (/BBox, /Rect, /MediaBox) as left, bottom, right, top, None if it is not four numbers."""
    array = resolved(value)
    numbers = _numbers([resolved(item) for item in array]) if isinstance(array, ArrayObject) else []
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


def _data(stream: StreamObject, budget: Budget) -> bytes:
    """Returns a drawing's content, decoded through the standard filters readers write (Flate without a predictor,
    ASCIIHex, ASCII85, RunLength), read only up to `LARGEST_DRAWING` and counted against `budget`; raises `Unreadable`
    if it is larger, past the budget, or stored in any other way."""
    filters = resolved(stream.get("/Filter"))
    filters = list(filters) if isinstance(filters, ArrayObject) else [] if filters is None else [filters]
    parameters = resolved(stream.get("/DecodeParms"))
    parameters = list(parameters) if isinstance(parameters, ArrayObject) else [parameters] * len(filters)
    data = StreamObject.get_data(stream)  # the bytes as stored: EncodedStreamObject.get_data decodes them whole
    if len(data) > LARGEST_DRAWING + 1024:  # room for a filter's own bytes
        raise Unreadable(f"it is larger than {LARGEST_DRAWING // 1024} KB")
    if len(parameters) != len(filters):
        raise Unreadable("its filters are not told")
    for name, given in zip(filters, parameters, strict=True):
        decode = _DECODERS.get(str(resolved(name)))
        given = dictionary(given)
        if decode is None or (given is not None and not _plain(given)):
            raise Unreadable("it is stored with a filter no reader writes for a field")
        try:
            data = decode(data)
        except Exception:  # a damaged filter's data can fail anywhere inside pypdf or zlib
            raise Unreadable("its filter's data is damaged") from None
        if len(data) > LARGEST_DRAWING + 1024:
            raise Unreadable(f"it is larger than {LARGEST_DRAWING // 1024} KB")
    if len(data) > LARGEST_DRAWING:
        raise Unreadable(f"it is larger than {LARGEST_DRAWING // 1024} KB")
    cost = max(len(data), _LEAST_COST)  # a drawing of a few bytes drawn again and again still costs its parsing
    if cost > budget.left:
        raise Unreadable("the file's drawings are larger than any reader writes for an audit")
    budget.left -= cost
    return bytes(data)


def _inflated(data: bytes) -> bytes:
    """Returns Flate data inflated, only up to just past the largest drawing read (a small file may inflate hugely)."""
    return zlib.decompressobj().decompress(data, LARGEST_DRAWING + 1025)


_DECODERS: dict[str, Any] = {
    "/FlateDecode": _inflated,
    "/Fl": _inflated,
    "/ASCIIHexDecode": ASCIIHexDecode.decode,
    "/AHx": ASCIIHexDecode.decode,
    "/ASCII85Decode": ASCII85Decode.decode,
    "/A85": ASCII85Decode.decode,
    "/RunLengthDecode": RunLengthDecode.decode,
    "/RL": RunLengthDecode.decode,
}


def _plain(parameters: Any) -> bool:
    """Tells whether a filter's parameters (/DecodeParms) change nothing: none, or no predictor."""
    predictor = resolved(parameters.get("/Predictor"))
    return predictor in (None, 1)


def _items(value: list[Any]) -> list[Any]:
    """Returns the items of a TJ operator's array (its first operand), or none."""
    array = resolved(value[0]) if value else None
    return list(array) if isinstance(array, ArrayObject) else []
