"""Tells how a PDF reader draws a field when it draws the field itself, with pypdf.

A reader draws a field's value itself, rather than the field's own drawing, when the form asks it to
(/NeedAppearances, as every audit sos-print writes does) or when the field has no drawing. It then draws the value
as the field's default look says (/DA, the field's or the form's: a font, its size and a colour) in the widget's
look (/MK: its background, border and turn). `why_hidden` says why text so drawn would not show its value to the
teacher and the children as typed (docs/design.md, "PDFs": a fillable audit).
"""

from __future__ import annotations

import math
from typing import Any

from pypdf.generic import ArrayObject, ContentStream, DecodedStreamObject, NameObject, PdfObject

from sos_print.engine.frozen import frozen
from sos_print.forms.drawn import CONTRAST
from sos_print.forms.objects import dictionary, resolved
from sos_print.forms.shown import draws_as_typed, own_glyphs

_LONGEST = 256  # characters of a default look: a reader writes about 20 ("/Helv 0 Tf 0 g")
_COLOURS = {b"g": 1, b"rg": 3, b"k": 4}
_STROKES = (b"G", b"RG", b"K")  # the stroke's colour: text is filled (render mode 0)
# Text state a reader may write, at the value that leaves the text as the font draws it.
_NEUTRAL = {b"Tc": 0, b"Tw": 0, b"Tz": 100, b"Ts": 0, b"Tr": 0}
# Points: a claim shown smaller than this cannot be read on paper (readers draw them at 12, or 6 in the smallest box,
# never shrunk further: a claim is a few characters).
SMALLEST_CLAIM = 3.0
# Of a widget's height: a size at which Helvetica's capitals (0.72 of it) outgrow the widget, which cuts them (the
# largest sos-print writes is 0.8 of it).
_CAPITALS = 1.4
_FITTED = 4.0  # points: the smallest size a reader fits a field's text to (PDFium's), its lines then cut at the box
_LEADING = 1.15  # of the size: the height of each line a reader breaks a field's text into
_NARROW = 0.5  # of the size: narrower than Helvetica's capitals and digits (0.56 to 0.78), of which claims are made
_WIDEST = (200, 1200)  # thousandths of the size: the narrowest and widest letter or digit of a Latin font, and more


@frozen
class Look:
    """Holds what a reader draws a field's value from: its default look (/DA), the widget (its look, /MK: background,
    border and turn; its own fonts, /DR), the form's fonts (/DR /Font), the widget's width and height in points (None:
    no size is too small or too large, its box being too small to read anyway), whether its font must draw letters
    and digits as typed (a claim's, where a name may be drawn in any font) and whether its width is held to its box
    (a claim's of the table, a few characters, where a name may be cut by its box, as on paper)."""

    look: object
    widget: Any
    fonts: Any
    box: tuple[float, float] | None
    letters: bool
    short: bool


def why_hidden(look: Look, value: str, multiline: bool) -> str | None:
    """Returns why `value`, drawn as `look` says, does not show as typed, None if it does: in a colour too near its
    background, turned, inside a border that fills its box, in a font that may show other characters or set them
    elsewhere, at a size too small to read or too large for its box, on more lines than the box shows (`multiline`:
    the field breaks lines), or with drawing instructions no reader writes for a field. A look of size 0 fits the
    text to the widget."""
    operations = _operations(look.look)
    if operations is None:
        return "with a default look sos-print cannot read"
    size, ink = None, 0.0  # a reader starts its text black
    for operands, operator in operations:
        numbers = [float(operand) for operand in operands if isinstance(operand, (int, float))]
        if operator == b"Tf" and len(operands) == 2 and len(numbers) == 1:
            font = _font(operands[0], look)
            if look.letters and _not_letters(operands[0], font, value):
                return (
                    "in a font that may show other characters than those typed (the file's own, symbols, or codes of "
                    "its own)"
                )
            if look.letters and font is not None and _odd_widths(font, value):
                return "in a font whose widths of its own move its characters out of their places"
            size = numbers[0]
        elif operator in _COLOURS and len(numbers) == len(operands) == _COLOURS[operator]:
            ink = _grey(numbers)
        elif operator in _STROKES or (operator == b"TL" and len(numbers) == len(operands) == 1):
            continue
        elif not (operator in _NEUTRAL and numbers == [_NEUTRAL[operator]] and len(operands) == 1):
            return f"with drawing instructions no PDF reader writes for a field ({operator.decode('latin-1')[:8]})"
    looks = dictionary(look.widget.get("/MK"))
    if size is None:
        return "with a default look that names no font"
    if size < 0:
        return f"at a negative size ({size:g} points), which readers draw as nothing or upside down"
    if abs(_background(looks.get("/BG") if looks is not None else None) - ink) < CONTRAST / 255:
        return "in a colour too near its background"
    turn = resolved(looks.get("/R")) if looks is not None else None
    if isinstance(turn, (int, float)) and turn % 360:
        return f"turned by {turn:g}°, which sos-print never does (a 6 reads as a 9)"
    border = _border(look.widget) if looks is not None and looks.get("/BC") is not None else 0.0
    # Inside the border, a claim's capitals must keep half their height at least: 12-point text in 3.4 points was a
    # strip (ad106), where a reader's bevelled border of 3 points leaves 7 in a box of 19.
    room = max(SMALLEST_CLAIM, size / _CAPITALS / 2 if look.short else 0.0)
    if border and look.box is not None and look.box[1] - 2 * border < room:
        return f"inside a border {border:g} points wide, which leaves it no room in its box"
    return _out_of_size(size, value, multiline, look.box, look.short)


def _border(widget: Any) -> float:
    """Returns how far into its box a widget's border reaches (its width, twice it for a bevelled or inset border,
    whose shade is drawn inside it), as its border style (/BS) or its border array (/Border) says (1 if neither)."""
    style = dictionary(widget.get("/BS"))
    if style is not None:
        width = resolved(style.get("/W", 1))
        doubled = style.get("/S") in ("/B", "/I")
    else:
        array = resolved(widget.get("/Border"))
        width = resolved(array[2]) if isinstance(array, ArrayObject) and len(array) >= 3 else 1
        doubled = False
    return float(width) * (2 if doubled else 1) if isinstance(width, (int, float)) and width > 0 else 0.0


def _out_of_size(size: float, value: str, multiline: bool, box: tuple[float, float] | None, short: bool) -> str | None:
    """Returns why `value` at `size` (0: fitted to its box, down to 4 points) does not show in a `box` (width and
    height in points), None if it does. With `multiline`, readers break its lines at the box's width too, as `short`
    ones are counted (a claim's: a name may run on unbroken); a claim on one line that its height holds fits its
    width (at most two characters: "C3", "12")."""
    if box is None:
        return None
    width, height = box
    if 0 < size < SMALLEST_CLAIM:
        return f"at {size:.1f} points, too small to read on paper"
    if size > _CAPITALS * height:
        return f"at {size:.1f} points, too large for its box, which shows only a part of it"
    drawn = size or _FITTED
    holds = max(1, int(width / (drawn * _NARROW)))  # characters a line holds, at the least
    rows = value.rstrip().splitlines() if multiline else [" ".join(value.split())]
    lines = sum(max(1, math.ceil(len(row) / holds)) if short else 1 for row in rows)
    if multiline and lines > 1 and lines * drawn * _LEADING > height:
        return f"on {lines} lines, more than its box shows at {drawn:g} points"
    return None


def _font(name: object, look: Look) -> Any:
    """Returns the font a default look names: the widget's own (its /DR, which poppler's readers use), else the
    form's (sweep ad105, 4); None if neither has it."""
    own = dictionary(look.widget.get("/DR"))
    for fonts in (dictionary(own.get("/Font")) if own is not None else None, look.fonts):
        font = dictionary(fonts.get(name)) if fonts is not None and isinstance(name, NameObject) else None
        if font is not None:
            return font
    return None


def _not_letters(name: object, font: Any, value: str) -> bool:
    """Tells whether the font a default look names (`font`, None where the fonts hold none of that name) may draw
    other glyphs than the `value` typed: one of the file's (`own_glyphs`), one whose codes show other characters
    (`draws_as_typed`) or whose characters a map of its own tells (/ToUnicode, which readers encode the value by:
    sweep ad105, 1), or one a reader knows by its name as its symbols (Acrobat's "ZaDb" for ZapfDingbats, "Symb")."""
    if not isinstance(name, NameObject):
        return True
    if font is not None:  # a composite font or one of drawn glyphs names whatever it likes as its base font (ad102, E)
        return own_glyphs(font) or "/ToUnicode" in font or not draws_as_typed(_in_code_page(value), font)
    return name[1:].lower().startswith(("zadb", "zapf", "symb", "ding", "wingding", "webding"))


def _in_code_page(value: str) -> str:
    """Returns the characters of `value` the form's fonts draw (those of the Windows code page, as readers encode
    them): a reader draws the others (a name in Cyrillic in the pause box) in a font of its own."""
    return "".join(char for char in " ".join(value.split()) if char.encode("cp1252", "ignore"))


def _odd_widths(font: Any, value: str) -> bool:
    """Tells whether a font gives a character of `value` a width (/Widths, in thousandths of its size) no Latin font
    has, which readers set the text by: 30,000 put a "1" a cell's width away from its box (sweep ad105, 2)."""
    widths, first = resolved(font.get("/Widths")), resolved(font.get("/FirstChar"))
    if widths is None:
        return False
    if not isinstance(widths, ArrayObject) or not isinstance(first, int) or len(widths) > 256:
        return True
    codes = _in_code_page(value).encode("cp1252")
    drawn = [resolved(widths[code - first]) for code in codes if 0 <= code - first < len(widths)]
    return any(not isinstance(width, (int, float)) or not _WIDEST[0] <= width <= _WIDEST[1] for width in drawn)


def _operations(look: object) -> list[tuple[list[Any], bytes]] | None:
    """Returns the operators of a default look, None if it is not a short string pypdf can read as drawing."""
    look = resolved(look)
    if isinstance(look, bytes):  # a string pypdf could not decode as text (written in hexadecimal, say)
        look = look.decode("latin-1")
    if not isinstance(look, str) or len(look) > _LONGEST:
        return None
    stream = DecodedStreamObject()
    stream.set_data(look.encode("latin-1", "replace"))
    try:
        return [(list(operands), bytes(operator)) for operands, operator in ContentStream(stream, None).operations]
    except Exception:  # a look that is no drawing can fail anywhere inside pypdf's parser
        return None


def _background(colour: object) -> float:
    """Returns the grey of a widget's background (white where it has none: the paper shows through)."""
    colour = colour.get_object() if isinstance(colour, PdfObject) else colour
    items = list(colour) if isinstance(colour, ArrayObject) else []
    parts = [float(part) for part in items if isinstance(part, (int, float))]
    return _grey(parts) if len(parts) in (1, 3, 4) else 1.0


def _grey(parts: list[float]) -> float:
    """Returns the grey (0 black, 1 white) of a device colour of 1 (grey), 3 (RGB) or 4 (CMYK) parts."""
    parts = [min(1.0, max(0.0, part)) for part in parts]
    if len(parts) == 4:
        cyan, magenta, yellow, black = parts
        parts = [(1 - cyan) * (1 - black), (1 - magenta) * (1 - black), (1 - yellow) * (1 - black)]
    if len(parts) == 3:
        return 0.299 * parts[0] + 0.587 * parts[1] + 0.114 * parts[2]
    return parts[0]
