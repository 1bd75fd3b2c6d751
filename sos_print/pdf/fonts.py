"""Registers the one font family every PDF is set in, Andika (shipped in fonts/), and says what it cannot print.

PDFs embed subsets of the two faces, made by reportlab; their character maps are written by
`to_unicode_cmap` (see docs/design.md, "PDFs").
"""

from __future__ import annotations

import unicodedata
from functools import cache

from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont

from sos_print import data_dir

REGULAR = "Andika"
BOLD = "Andika-Bold"
_FILES = {REGULAR: "Andika-Regular.ttf", BOLD: "Andika-Bold.ttf"}


@cache
def register_fonts() -> None:
    """Registers Andika Regular and Bold with reportlab (once per process); PDFs embed subsets."""
    folder = data_dir("fonts")
    for name, file in _FILES.items():
        # Not ASCII-readable: reportlab's default puts all of ASCII in each subset, printed or not (about 3 KB of
        # glyphs per face and file); readers take the text from the ToUnicode maps either way.
        pdfmetrics.registerFont(TTFont(name, str(folder / file), asciiReadable=False))
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


def unprintable_texts(title: dict[str, str], text: dict[str, str]) -> list[str]:
    """Returns, for a worked example's `title` and `text` (by language), a line for each that holds characters the
    font cannot print: "title (en): U+4E2D '中' is not in the font"."""
    return [
        not_in_font(f"{field} ({lang})", missing)
        for field, texts in (("title", title), ("text", text))
        for lang, said in texts.items()
        if (missing := missing_characters(said, folded=FOLDED_SPACES))
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
    if unicodedata.category(char) == "Co":  # a font's own symbol, which no other font shows: "invisible" it is not
        return f"{point} (a private-use character)"
    if not char.isprintable():
        return f"{point} ({unicodedata.name(char, 'an invisible character')})"
    return f"{point} {char!r}"
