"""Tells how a PDF reader draws a field when it draws the field itself, with pypdf.

A reader draws a field's value itself, rather than the field's own drawing, when the form asks it to
(/NeedAppearances, as every audit sos-print writes does) or when the field has no drawing. It then draws the value
as the field's default look says (/DA, the field's or the form's: a font, its size and a colour) over the widget's
background (/MK /BG). `why_hidden` says why text so drawn would not show its value to the teacher and the children:
in a colour too near its background, in a font of the file's own or of symbols, too small, or with instructions no
reader writes for a field.
"""

from __future__ import annotations

from typing import Any

from pypdf.generic import ArrayObject, ContentStream, DecodedStreamObject, NameObject, PdfObject

from sos_print.forms.drawn import CONTRAST
from sos_print.forms.shown import own_glyphs

_LONGEST = 256  # characters of a default look: a reader writes about 20 ("/Helv 0 Tf 0 g")
_COLOURS = {b"g": 1, b"rg": 3, b"k": 4}
_STROKES = (b"G", b"RG", b"K")  # the stroke's colour: text is filled (render mode 0)
# Text state a reader may write, at the value that leaves the text as the font draws it.
_NEUTRAL = {b"Tc": 0, b"Tw": 0, b"Tz": 100, b"Ts": 0, b"Tr": 0}


def why_hidden(look: object, background: object, fonts: Any, sizes: tuple[float, float] | None) -> str | None:
    """Returns why a value drawn with the default look `look` (/DA) over `background` (/MK /BG) does not show, None if
    it does; `fonts` are the form's (/DR /Font), and a size under the first of `sizes` is too small to read on paper,
    one over the second too large for the widget, which shows only a part of its capitals (None: any size shows).
    A look of size 0 fits the text to the widget."""
    operations = _operations(look)
    if operations is None:
        return "with a default look sos-print cannot read"
    size, ink = None, 0.0  # a reader starts its text black
    for operands, operator in operations:
        numbers = [float(operand) for operand in operands if isinstance(operand, (int, float))]
        if operator == b"Tf" and len(operands) == 2 and len(numbers) == 1:
            if fonts is not None and _not_letters(operands[0], fonts):
                return "in a font of the file's own or of symbols, whose glyphs may show other characters"
            size = abs(numbers[0])
        elif operator in _COLOURS and len(numbers) == len(operands) == _COLOURS[operator]:
            ink = _grey(numbers)
        elif operator in _STROKES or (operator == b"TL" and len(numbers) == len(operands) == 1):
            continue
        elif not (operator in _NEUTRAL and numbers == [_NEUTRAL[operator]] and len(operands) == 1):
            return f"with drawing instructions no PDF reader writes for a field ({operator.decode('latin-1')[:8]})"
    if size is None:
        return "with a default look that names no font"
    if abs(_background(background) - ink) < CONTRAST / 255:
        return "in a colour too near its background"
    if sizes is not None and 0 < size < sizes[0]:
        return f"at {size:.1f} points, too small to read on paper"
    if sizes is not None and size > sizes[1]:
        return f"at {size:.1f} points, too large for its box, which shows only a part of it"
    return None


def _not_letters(name: object, fonts: Any) -> bool:
    """Tells whether the font a default look names may draw other glyphs than the letters and digits typed: one of
    the file's (`own_glyphs`), or, where the form's fonts hold none of that name, one a reader knows by the name as
    its symbols (Acrobat's "ZaDb" for ZapfDingbats, "Symb")."""
    if not isinstance(name, NameObject):
        return True
    font = fonts.get(name)
    if font is not None:
        return own_glyphs(font)
    return name[1:].lower().startswith(("zadb", "zapf", "symb", "ding", "wingding", "webding"))


def _operations(look: object) -> list[tuple[list[Any], bytes]] | None:
    """Returns the operators of a default look, None if it is not a short string pypdf can read as drawing."""
    look = look.get_object() if isinstance(look, PdfObject) else look
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
