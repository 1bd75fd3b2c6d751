"""Registers the one font family every PDF is set in, Andika (shipped in fonts/), and slims the subsets it embeds.

Subsets carry no hinting and only the name records a PDF needs. Hinting (the 'fpgm',
'prep' and 'cvt ' programs and each glyph's instructions) tunes outlines to screen
pixels; paper never uses it, and it is a third of a subset. Dropping the tables alone
would leave glyph instructions calling functions that no longer exist, so the glyphs
lose their instructions too, as subsetters do when asked for no hinting.
"""

from __future__ import annotations

import struct
import unicodedata
from functools import cache
from itertools import pairwise

from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace, TTFontMaker

from sos_print import data_dir

REGULAR = "Andika"
BOLD = "Andika-Bold"
_FILES = {REGULAR: "Andika-Regular.ttf", BOLD: "Andika-Bold.ttf"}


@cache
def register_fonts() -> None:
    """Registers Andika Regular and Bold with reportlab (once per process); PDFs embed subsets."""
    folder = data_dir("fonts")
    for name, file in _FILES.items():
        font = TTFont(name, str(folder / file))
        font.face.__class__ = _EmbeddedFace  # the same parsed font, with a slimmer subsetter
        pdfmetrics.registerFont(font)
    ttfonts.makeToUnicodeCMap = to_unicode_cmap


def to_unicode_cmap(fontname: str, subset: list[int]) -> str:
    """Returns the ToUnicode CMap of a subset, each character written in UTF-16 as the PDF standard asks.

    reportlab writes a character beyond U+FFFF as five or six hex digits, an odd-length
    entry that PDF readers reject; in UTF-16 it is a surrogate pair of four bytes.
    """
    entries = [
        f"<{code:02X}> <{chr(char).encode('utf-16-be', 'surrogatepass').hex().upper()}>"
        for code, char in enumerate(subset)
    ]
    return "\n".join(
        [
            "/CIDInit /ProcSet findresource begin",
            "12 dict begin",
            "begincmap",
            "/CIDSystemInfo",
            f"<< /Registry ({fontname})",
            f"/Ordering ({fontname})",
            "/Supplement 0",
            ">> def",
            f"/CMapName /{fontname} def",
            "/CMapType 2 def",
            "1 begincodespacerange",
            f"<00> <{len(subset) - 1:02X}>",
            "endcodespacerange",
            f"{len(subset)} beginbfchar",
            *entries,
            "endbfchar",
            "endcmap",
            "CMapName currentdict /CMap defineresource pop",
            "end",
            "end",
        ]
    )


# Spaces a paragraph of markup folds into one: harmless in an example's text, not in a class name.
FOLDED_SPACES = frozenset("\t\n\r")


def missing_characters(text: str, *, folded: frozenset[str] = frozenset()) -> list[str]:
    """Returns each distinct character of `text` the embedded fonts cannot print, described ("U+4E09 '三'").

    A character is printable when both Andika Regular and Bold map it to a glyph and it is
    not a control character (those in `folded` excepted): anything else would print as an
    empty box, or as nothing at all. `text` should be in NFC already, as users' text is made.
    """
    register_fonts()
    maps = [pdfmetrics.getFont(name).face.charToGlyph for name in _FILES]
    return [
        describe(char)
        for char in dict.fromkeys(text)
        if char not in folded
        and (unicodedata.category(char) == "Cc" or any(ord(char) not in glyphs for glyphs in maps))
    ]


def not_in_font(where: str, missing: list[str], most: int = 8) -> str:
    """Returns the message for characters the font lacks: "class name: U+4E09 '三' is not in the font"."""
    named = missing[:most] + ([f"{len(missing) - most} more"] if len(missing) > most else [])
    listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
    return f"{where}: {listed} {'is' if len(missing) == 1 else 'are'} not in the font"


def describe(char: str) -> str:
    """Returns a character as messages name it: its code point, and itself if it can be shown."""
    point = f"U+{ord(char):04X}"
    if unicodedata.category(char) == "Cc":
        return f"{point} (a control character)"
    if not char.isprintable():
        return f"{point} ({unicodedata.name(char, 'an invisible character')})"
    return f"{point} {char!r}"


class _EmbeddedFace(TTFontFace):  # type: ignore[misc]  # reportlab has no type hints
    """Hands reportlab slimmer subsets to embed: no hinting, only the name records a PDF needs."""

    def makeSubset(self, subset: list[int]) -> bytes:  # reportlab's name
        return slim(super().makeSubset(subset))


HINTING = frozenset({b"fpgm", b"prep", b"cvt "})
# Copyright (0), family, style, unique name, full name, version, PostScript name (1-6), licence URL (14).
KEPT_NAMES = frozenset({0, 1, 2, 3, 4, 5, 6, 14})

_MORE_COMPONENTS = 0x0020
_ARGS_ARE_WORDS = 0x0001
_HAVE_SCALE = 0x0008
_HAVE_XY_SCALE = 0x0040
_HAVE_TWO_BY_TWO = 0x0080
_HAVE_INSTRUCTIONS = 0x0100
_X_SHORT, _Y_SHORT, _REPEAT, _X_SAME, _Y_SAME = 0x02, 0x04, 0x08, 0x10, 0x20  # simple glyph point flags


def read_tables(font: bytes) -> dict[bytes, bytes]:
    """Returns the tables of a TrueType font by tag."""
    count = struct.unpack(">H", font[4:6])[0]
    tables = {}
    for k in range(count):
        tag, _, offset, length = struct.unpack(">4sLLL", font[12 + 16 * k : 28 + 16 * k])
        tables[tag] = font[offset : offset + length]
    return tables


def slim(font: bytes) -> bytes:
    """Returns `font` without hinting and with only the essential name records."""
    tables = read_tables(font)
    head, maxp = tables[b"head"], tables[b"maxp"]
    long_offsets = struct.unpack(">h", head[50:52])[0] == 1
    glyphs = split_glyphs(tables[b"glyf"], tables[b"loca"], long_offsets)
    glyf, loca = join_glyphs([strip_instructions(glyph) for glyph in glyphs])
    tables[b"glyf"], tables[b"loca"] = glyf, loca
    tables[b"head"] = head[:50] + struct.pack(">h", 1) + head[52:]
    if len(maxp) >= 28:
        tables[b"maxp"] = maxp[:26] + struct.pack(">H", 0) + maxp[28:]  # maxSizeOfInstructions
    tables[b"name"] = essential_names(tables[b"name"])
    maker = TTFontMaker()
    for tag, data in tables.items():
        if tag not in HINTING:
            maker.add(tag.decode("latin-1"), data)
    return bytes(maker.makeStream())


def split_glyphs(glyf: bytes, loca: bytes, long_offsets: bool) -> list[bytes]:
    """Returns each glyph's data, in glyph order."""
    if long_offsets:
        offsets = list(struct.unpack(f">{len(loca) // 4}L", loca))
    else:
        offsets = [2 * offset for offset in struct.unpack(f">{len(loca) // 2}H", loca)]
    return [glyf[start:end] for start, end in pairwise(offsets)]


def join_glyphs(glyphs: list[bytes]) -> tuple[bytes, bytes]:
    """Returns a 'glyf' table and its long-format 'loca', each glyph padded to four bytes."""
    parts, offsets, position = [], [], 0
    for glyph in glyphs:
        offsets.append(position)
        padded = glyph + b"\0" * (-len(glyph) % 4)
        parts.append(padded)
        position += len(padded)
    offsets.append(position)
    return b"".join(parts), struct.pack(f">{len(offsets)}L", *offsets)


def strip_instructions(glyph: bytes) -> bytes:
    """Returns a glyph without its hinting instructions, its outline unchanged."""
    if not glyph:
        return glyph
    contours = struct.unpack(">h", glyph[:2])[0]
    if contours >= 0:
        at = 10 + 2 * contours
        length = struct.unpack(">H", glyph[at : at + 2])[0]
        outline = glyph[at + 2 + length :]
        points = struct.unpack(">H", glyph[at - 2 : at])[0] + 1 if contours else 0
        return glyph[:at] + b"\0\0" + outline[: _outline_length(outline, points)]
    at, flags = 10, _MORE_COMPONENTS
    while flags & _MORE_COMPONENTS:
        flags_at = at
        flags = struct.unpack(">H", glyph[at : at + 2])[0]
        at += 4 + (4 if flags & _ARGS_ARE_WORDS else 2)
        at += 2 if flags & _HAVE_SCALE else 4 if flags & _HAVE_XY_SCALE else 8 if flags & _HAVE_TWO_BY_TWO else 0
    if not flags & _HAVE_INSTRUCTIONS:
        return glyph[:at]
    cleared = struct.pack(">H", flags & ~_HAVE_INSTRUCTIONS)
    return glyph[:flags_at] + cleared + glyph[flags_at + 2 : at]


def _outline_length(outline: bytes, points: int) -> int:
    """Returns how many bytes of flags and coordinates describe `points` points (the rest is padding)."""
    flags = bytearray()
    at = 0
    while len(flags) < points:
        flag = outline[at]
        at += 1
        repeat = 0
        if flag & _REPEAT:
            repeat = outline[at]
            at += 1
        flags += bytes((flag,)) * (repeat + 1)
    x_sizes, y_sizes = _coordinate_sizes()
    return at + sum(flags.translate(x_sizes)) + sum(flags.translate(y_sizes))


@cache
def _coordinate_sizes() -> tuple[bytes, bytes]:
    """Returns, for each flag byte, how many bytes its point's x and its y take: 1 (short), 0 (same) or 2."""
    x = bytes(1 if flag & _X_SHORT else 0 if flag & _X_SAME else 2 for flag in range(256))
    y = bytes(1 if flag & _Y_SHORT else 0 if flag & _Y_SAME else 2 for flag in range(256))
    return x, y


def essential_names(table: bytes) -> bytes:
    """Returns a 'name' table keeping only the records in KEPT_NAMES, the OFL's full text dropped."""
    _, count, storage = struct.unpack(">HHH", table[:6])
    records, strings = [], b""
    for k in range(count):
        platform, encoding, language, name_id, length, offset = struct.unpack(">6H", table[6 + 12 * k : 18 + 12 * k])
        if name_id in KEPT_NAMES:
            text = table[storage + offset : storage + offset + length]
            records.append(struct.pack(">6H", platform, encoding, language, name_id, length, len(strings)))
            strings += text
    return struct.pack(">HHH", 0, len(records), 6 + 12 * len(records)) + b"".join(records) + strings
