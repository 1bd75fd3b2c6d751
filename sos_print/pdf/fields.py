"""Adds text fields a reader fills in on screen to a PDF: named in a hierarchy, transparent, text centred or not.

reportlab's own `canvas.acroForm` names fields flat (a full stop may not appear in a field's
own name), paints them light blue with a border, sets text only on the left and makes each
field's appearance itself. A form that children fill in and that still prints like the
paper audit needs none of that: its fields are invisible until typed in, over the table's own
cells. So the form is written here, with reportlab's document doing the numbering:

- a field named "group1.move.5.cell" is the field "cell" under "5" under "move" under
  "group1", as the PDF standard builds full names; a field given several boxes (the date on
  each page of a group's audit) is one field with one widget per box, so it shows one value;
- typed text is Helvetica, which every PDF reader has (the page's own font is embedded as a
  subset of the letters printed, so it could not show what is typed later);
- the form asks readers to draw what is typed (NeedAppearances): an empty field draws nothing,
  and each reader draws the values it is given, on screen and in print.

An audit has thousands of fields, so each field's dictionary is written as bytes here rather
than through reportlab's general objects (five times quicker). Every object is written in the
order the fields were added: the same fields give the same bytes.
"""

from __future__ import annotations

from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFObject, PDFObjectReference, PDFString
from reportlab.pdfgen.canvas import Canvas

from sos_print.engine.frozen import frozen
from sos_print.plans.layout import MM, Box

FONT = "Helv"  # the name the PDF standard's examples and every form tool give Helvetica in a form
ENCODING = "cp1252"  # Python's name for the font's WinAnsiEncoding: the only letters a reader draws a field's text in
# Field flags (PDF 32000-1, tables 226 and 228), counted from bit 1.
READ_ONLY = 1 << 0
MULTILINE = 1 << 12
DO_NOT_SPELL_CHECK = 1 << 22
DO_NOT_SCROLL = 1 << 23
# Annotation flags (table 165).
HIDDEN = 1 << 1
PRINT = 1 << 2
LEFT, CENTRE = 0, 1


@frozen
class TextField:
    """Holds how a text field takes its text: type size (0: the reader fits it), alignment, length, lines."""

    size: float
    max_length: int
    align: int = CENTRE
    multiline: bool = False
    tooltip: str = ""  # what a reader shows when the finger or pointer rests on it, and a screen reader says


class _Raw(PDFObject):  # type: ignore[misc]
    """A PDF object written from ready bytes, with references to other objects numbered when the file is written."""

    def __init__(self) -> None:
        self.parts: list[bytes | PDFObjectReference] = []

    def format(self, document: object) -> bytes:
        return b"".join(part if isinstance(part, bytes) else part.format(document) for part in self.parts)


class _Node:
    """One name of the field tree: a group of fields, or a field with its widgets."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.children: dict[str, _Node] = {}
        self.widgets: list[tuple[str, _Raw]] = []  # each widget's annotation name and its object
        self.entries = b""  # a field's own entries, written out: /FT /Tx /Ff ... /DA (...)
        self.kind: object = None  # what the field was made as, to refuse one name made twice differently


class FormFields:
    """Collects the fields added to a canvas page by page; `finish()` writes the form before the canvas is saved."""

    def __init__(self, canvas: Canvas) -> None:
        self._canvas = canvas
        self._root = _Node("")
        self._objects = 0  # numbers the PDF objects made here, which reportlab keeps by name
        self._entries: dict[TextField, bytes] = {}

    def add_text(self, name: str, box: Box, field: TextField, value: str = "") -> None:
        """Adds a text field `name` (its parts joined by full stops) over `box` (mm) on the current page, holding
        `value` if given (still to be changed; resetting the form brings it back).

        A name added again on a later page gets one more widget: the same value, shown in both places.
        """
        entries = self._entries.get(field)
        if entries is None:
            flags = DO_NOT_SPELL_CHECK | (MULTILINE if field.multiline else DO_NOT_SCROLL)
            entries = b" /FT /Tx /Ff %d /DA (/%s %s Tf 0 g) /Q %d /MaxLen %d" % (
                flags,
                FONT.encode(),
                _number(field.size),
                field.align,
                field.max_length,
            )
            if field.tooltip:
                entries += b" /TU " + _text(field.tooltip)
            self._entries[field] = entries
        if value:
            text = _text(value)
            entries += b" /V %s /DV %s" % (text, text)
        rect = (box.x * MM, box.y * MM, box.right * MM, box.top * MM)
        self._widget(name, entries, (field, value), rect, PRINT)

    def add_hidden(self, name: str, value: str) -> None:
        """Adds a hidden, read-only text field holding `value`: for programs, never shown or printed."""
        text = _text(value)
        entries = b" /FT /Tx /Ff %d /V %s /DV %s" % (READ_ONLY, text, text)
        self._widget(name, entries, value, (0.0, 0.0, 0.0, 0.0), HIDDEN)

    def _widget(self, name: str, entries: bytes, kind: object, rect: tuple[float, ...], flags: int) -> None:
        node = self._root
        for part in name.split("."):
            if not part.isascii() or not part.isalnum():
                raise ValueError(f"a form field's name is made of letters and digits between full stops, not {name!r}")
            node = node.children.setdefault(part, _Node(part))
        if node.children or (node.widgets and node.kind != kind):
            raise ValueError(f"the form field {name!r} is already used for something else")
        node.entries, node.kind = entries, kind
        widget = _Raw()
        widget.parts = [
            b"<< /Type /Annot /Subtype /Widget /Rect [%s] /F %d /P " % (b" ".join(map(_number, rect)), flags),
            self._canvas._doc.thisPageRef(),
        ]
        key = self._name()
        self._canvas._addAnnotation(widget, key)
        node.widgets.append((key, widget))

    def _name(self) -> str:
        self._objects += 1
        return f"sosfield{self._objects}"

    def finish(self) -> None:
        """Writes the field tree and the form's dictionary; call once, after the last page, before saving."""
        if not self._root.children:
            return
        doc = self._canvas._doc
        font = PDFDictionary(
            {
                "Type": PDFName("Font"),
                "Subtype": PDFName("Type1"),
                "BaseFont": PDFName("Helvetica"),
                "Encoding": PDFName("WinAnsiEncoding"),
            }
        )
        fields = [self._write(child, None) for child in self._root.children.values()]
        doc._catalog.AcroForm = PDFDictionary(
            {
                "Fields": PDFArray(fields),
                "NeedAppearances": "true",
                "DA": PDFString(f"/{FONT} 0 Tf 0 g"),
                "DR": PDFDictionary({"Font": PDFDictionary({FONT: doc.Reference(font, "SosFormFont")})}),
            }
        )

    def _write(self, node: _Node, parent: PDFObjectReference | None) -> PDFObjectReference:
        """Writes `node` (and what is under it) and returns the reference its parent lists among its kids."""
        doc = self._canvas._doc
        own: list[bytes | PDFObjectReference] = [b" /T " + _text(node.name)]
        if parent is not None:
            own += [b" /Parent ", parent]
        if len(node.widgets) == 1:  # one box: the field and its widget are one dictionary, as usual
            key, widget = node.widgets[0]
            widget.parts += [*own, node.entries, b" >>"]
            return doc.refAnnotation(key)
        field = _Raw()
        reference = doc.Reference(field, self._name())
        if node.widgets:
            kids = [doc.refAnnotation(key) for key, _ in node.widgets]
            for _, widget in node.widgets:
                widget.parts += [b" /Parent ", reference, b" >>"]
        else:
            kids = [self._write(child, reference) for child in node.children.values()]
        field.parts = [b"<<", *own, node.entries, b" /Kids [", *_spaced(kids), b"] >>"]
        return reference


def in_form_font(text: str) -> bool:
    """Returns whether the form's font (Helvetica, WinAnsiEncoding) draws every character of `text`: a reader drops
    the others from a field's text without a word (Ł, Ş, ễ...)."""
    try:
        text.encode(ENCODING)
    except UnicodeEncodeError:
        return False
    return True


def _spaced(references: list[PDFObjectReference]) -> list[bytes | PDFObjectReference]:
    parts: list[bytes | PDFObjectReference] = []
    for reference in references:
        parts += [b" ", reference]
    return parts


def _text(value: str) -> bytes:
    """Returns `value` as a PDF text string: in PDFDocEncoding if it can be (where it is Latin-1), else in UTF-16."""
    if all(" " <= char <= "~" or ("\u00a1" <= char <= "\u00ff" and char != "\u00ad") for char in value):
        escaped = "".join(
            f"\\{char}" if char in "\\()" else char if char <= "~" else f"\\{ord(char):03o}" for char in value
        )
        return b"(" + escaped.encode("ascii") + b")"
    return b"<FEFF" + value.encode("utf-16-be").hex().upper().encode("ascii") + b">"


def _number(value: float) -> bytes:
    """Returns `value` to a hundredth of a point: exact enough, and short in the file."""
    return (b"%.2f" % value).rstrip(b"0").rstrip(b".") or b"0"
