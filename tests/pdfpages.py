"""Reads pdfplumber's pages at about twice its speed, giving the same objects.

Reading PDFs back was half or more of the heaviest modules' time (test_replay, test_puzzles_cli), and two costs
dominated it: pdfminer tokenising content streams one character class at a time, and pdfplumber resolving every
attribute of every object for references that sos-print's numbers and tuples never hold. `FastPage` tokenises each
stream with one regular expression and hands each operator to pdfminer's own interpreter and device (a stream holding
anything else is read by pdfminer's parser), and resolves only what may hold a reference. test_pdfpages.py holds both
to pdfminer's and pdfplumber's own results.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pdfplumber
from pdfminer.layout import LTChar, LTCurve, LTTextContainer
from pdfminer.pdfinterp import PDFPageInterpreter
from pdfminer.pdftypes import stream_value
from pdfminer.psparser import KWD, LIT, PSKeyword
from pdfplumber.page import ALL_ATTRS, Page, PDFPageAggregatorWithMarkedContent, lt_pat
from pdfplumber.utils.pdfinternals import resolve_all, resolve_and_decode

_SPACE = rb"[\x00\t\n\x0b\x0c\r ]"  # pdfminer skips NUL as it skips white space
_NAMED = rb"[^#/%\[\]()<>{}\t\n\x0b\x0c\r ]"  # what a name or an operator is made of, as pdfminer ends them
_TOKEN = re.compile(
    _SPACE
    + rb"*(?:"
    + rb"(?P<num>[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+))(?![^/%\[\]()<>{}\x00\t\n\x0b\x0c\r ])"
    + rb"|/(?P<name>"
    + _NAMED
    + rb"*+)(?!#)"
    + rb"|\((?P<str>(?:[^()\\]|\\[\s\S])*)\)"
    + rb"|<(?P<hex>[0-9A-Fa-f\t\n\x0b\x0c\r ]*)>"
    + rb"|(?P<open>\[)|(?P<close>\])"
    + rb"|(?P<kw>[A-Za-z]"
    + _NAMED
    + rb"*+(?!#)|['\"])"
    + rb"|(?P<end>\Z))"
)
_ESCAPE = re.compile(rb"\\([0-7]{1,3}|\r\n|[\s\S])")
_ESCAPES = {b"b": b"\b", b"t": b"\t", b"n": b"\n", b"f": b"\f", b"r": b"\r", b"(": b"(", b")": b")", b"\\": b"\\"}
# Operators whose operands or data this reader does not take apart (inline images, marked content's dictionaries).
_LEFT_TO_PDFMINER = {b"BI", b"ID", b"EI", b"BDC", b"BMC", b"EMC", b"DP", b"MP"}
_PLAIN = frozenset({int, float, str, bool, type(None)})  # types in which no reference can hide
_KINDS: dict[type, str] = {}  # "char" for LTChar, as pdfplumber names each class
_COLOUR_SPACES: dict[str, object] = {}  # a colour space's name, decoded once


class Unread(Exception):
    """Raised where a content stream holds what `tokens` does not read: pdfminer's parser reads that stream."""


def tokens(data: bytes) -> Iterator[object]:
    """Yields the operands and operators of a content stream as pdfminer's parser makes them: int or float, a literal
    for a name, bytes for a string, a list for an array, True or False, a keyword for an operator."""
    arrays: list[list[object]] = []
    at = 0
    while True:
        match = _TOKEN.match(data, at)
        if match is None:
            raise Unread(f"byte {at}")
        at, kind = match.end(), match.lastgroup
        value: object
        if kind == "end":
            if arrays:
                raise Unread("an array left open")
            return
        if kind == "open":
            arrays.append([])
            continue
        if kind == "num":
            value = float(match["num"]) if b"." in match["num"] else int(match["num"])
        elif kind == "name":
            value = _literal(match["name"])
        elif kind == "str":
            value = _string(match["str"])
        elif kind == "hex":
            value = _hex(match["hex"])
        elif kind == "close":
            if not arrays:
                raise Unread(f"byte {at}: ] without [")
            value = arrays.pop()
        else:
            value = _keyword(match["kw"])
        if arrays:
            arrays[-1].append(value)
        else:
            yield value


def _literal(raw: bytes) -> object:
    try:
        return LIT(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return LIT(raw)


def _string(raw: bytes) -> bytes:
    if b"\\" not in raw:
        return raw
    return _ESCAPE.sub(_unescaped, raw)


def _unescaped(match: re.Match[bytes]) -> bytes:
    code = match[1]
    if code[:1] in b"01234567":
        if int(code, 8) > 255:
            raise Unread("an octal escape over 255")
        return bytes((int(code, 8),))
    if code in _ESCAPES:
        return _ESCAPES[code]
    if code in (b"\r\n", b"\r", b"\n"):
        return b""  # a line's end after a backslash continues the string
    raise Unread("an escape pdfminer reads its own way")


def _hex(raw: bytes) -> bytes:
    digits = re.sub(rb"\s", b"", raw)
    if len(digits) % 2:
        raise Unread("a hex string of an odd number of digits")
    return bytes.fromhex(digits.decode("ascii"))


def _keyword(word: bytes) -> object:
    if word in _LEFT_TO_PDFMINER:
        raise Unread(word.decode("ascii"))
    return True if word == b"true" else False if word == b"false" else KWD(word)


class FastInterpreter(PDFPageInterpreter):
    """pdfminer's interpreter, its content streams tokenised by `tokens`."""

    def execute(self, streams) -> None:
        chosen = [stream_value(obj) for obj in streams]
        # pdfminer reads several streams as one, a token running on from one to the next: it reads those, and any
        # stream where its interpreter keeps no record of the streams run (a release without its guard on cycles).
        parents, running = getattr(self, "parent_stream_ids", None), getattr(self, "stream_ids", None)
        if parents is None or running is None or len(chosen) != 1 or chosen[0].objid in (None, *parents):
            return super().execute(streams)
        try:
            program = list(tokens(chosen[0].get_data()))
        except Unread:
            return super().execute(streams)
        running.clear()
        running.add(chosen[0].objid)
        operators: dict[bytes, tuple] = {}
        for obj in program:
            if not isinstance(obj, PSKeyword):
                self.push(obj)
                continue
            if obj.name not in operators:
                name = obj.name.decode("latin-1").replace("*", "_a").replace('"', "_w").replace("'", "_q")
                method = getattr(self, f"do_{name}", None)
                operators[obj.name] = (method, method.__code__.co_argcount - 1 if method else 0)
            method, count = operators[obj.name]
            if method is None:
                continue
            if not count:
                method()
            elif len(args := self.pop(count)) == count:
                method(*args)
        return None


def _resolved(value: object) -> object:
    """Returns `value` with its references resolved, as pdfplumber's `resolve_all` does, without walking plain
    numbers and tuples of them."""
    if type(value) is tuple and all(type(item) in _PLAIN for item in value):
        return value
    if type(value) is list and all(type(item) is tuple and all(type(x) in _PLAIN for x in item) for item in value):
        return list(value)  # a curve's points
    return resolve_all(value)


def _space(name: object) -> object:
    """Returns a colour space's name decoded as pdfplumber decodes it, once per name (every character has one)."""
    if not isinstance(name, str):
        return resolve_and_decode(name)
    if name not in _COLOUR_SPACES:
        _COLOUR_SPACES[name] = resolve_and_decode(name)
    return _COLOUR_SPACES[name]


class FastPage(Page):
    """A pdfplumber page read by `FastInterpreter`, its objects made as pdfplumber makes them."""

    @property
    def layout(self):
        if not hasattr(self, "_fast_layout"):
            device = PDFPageAggregatorWithMarkedContent(
                self.pdf.rsrcmgr, pageno=self.page_number, laparams=self.pdf.laparams
            )
            FastInterpreter(self.pdf.rsrcmgr, device).process_page(self.page_obj)
            self._fast_layout = device.get_result()
        return self._fast_layout

    def process_object(self, obj):
        if self.pdf.unicode_norm is not None or isinstance(getattr(obj, "fontname", ""), bytes):
            return super().process_object(obj)
        kind = _KINDS.get(type(obj))
        if kind is None:
            kind = _KINDS[type(obj)] = re.sub(lt_pat, "", type(obj).__name__).lower()
        attr = {
            key: value if type(value) in _PLAIN else _resolved(value)
            for key, value in obj.__dict__.items()
            if key in ALL_ATTRS
        }
        attr["object_type"] = kind
        attr["page_number"] = self.page_number
        for space in ("ncs", "scs"):
            if hasattr(obj, space):
                attr[space] = _space(getattr(obj, space).name)
        if isinstance(obj, (LTChar, LTTextContainer)):
            attr["text"] = obj.get_text()
        if isinstance(obj, LTChar):
            state = obj.graphicstate
            attr["stroking_color"] = state.scolor if isinstance(state.scolor, tuple) else (state.scolor,)
            attr["non_stroking_color"] = state.ncolor if isinstance(state.ncolor, tuple) else (state.ncolor,)
        elif isinstance(obj, LTCurve):
            attr["pts"] = list(map(self.point2coord, attr["pts"]))
            attr["path"] = [(command, *map(self.point2coord, points)) for command, *points in obj.original_path]
            attr["dash"] = obj.dashing_style
        left, top = self.mediabox[:2]
        if "y0" in attr:
            attr["top"] = (self.height - attr["y1"]) + top
            attr["bottom"] = (self.height - attr["y0"]) + top
            attr["doctop"] = self.initial_doctop + attr["top"]
        if "x0" in attr and left != 0:
            attr["x0"] += left
            attr["x1"] += left
        return attr


class FastPDF(pdfplumber.PDF):
    """A pdfplumber document whose pages are `FastPage`s."""

    @property
    def pages(self) -> list[Page]:
        if not hasattr(self, "_fast_pages"):
            self._fast_pages = [
                FastPage(self, page.page_obj, page_number=page.page_number, initial_doctop=page.initial_doctop)
                for page in super().pages
            ]
        return self._fast_pages


def open_pdf(data: bytes) -> FastPDF:
    """Opens the PDF in `data` for geometry."""
    return FastPDF.open(io.BytesIO(data))
