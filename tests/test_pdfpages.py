"""The tests' fast PDF reader (pdfpages.py) gives what pdfminer and pdfplumber give, or leaves the stream to them."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from pdfminer.pdfinterp import PDFContentParser
from pdfminer.pdftypes import PDFStream
from pdfminer.psparser import PSEOF, PSKeyword, PSLiteral
from pdfpages import FastPage, Unread, open_pdf, tokens
from pypdf import PdfReader
from rendered import BILINGUAL_SET, every_pdf

from sos_print.plans.options import Language, PrintOptions


def parsed(data: bytes) -> list:
    """Returns what pdfminer's own content parser reads from `data`."""
    stream = PDFStream({}, data)
    stream.objid = 1
    parser, found = PDFContentParser([stream]), []
    while True:
        try:
            found.append(parser.nextobject()[1])
        except PSEOF:
            return found


def typed(values: list) -> list:
    """Returns the values with their types, so that 5 and 5.0 differ."""
    return [(type(value), typed(value) if isinstance(value, list) else value) for value in values]


def read_or_left(data: bytes) -> list | None:
    try:
        return list(tokens(data))
    except Unread:
        return None


@pytest.mark.parametrize(
    ("stream", "expected"),
    [
        (b"1 0 0 1 42.51969 -.5 cm", [1, 0, 0, 1, 42.51969, -0.5, "cm"]),
        (b"/F1+0 10 Tf 12 TL", ["/F1+0", 10, "Tf", 12, "TL"]),
        (rb"(S\(O\)S\\\101) Tj", [b"S(O)S\\A", "Tj"]),
        (b"(two \\\nlines) Tj", [b"two lines", "Tj"]),
        (b"[(S) -250 <4F 53>] TJ T* ' \"", [[b"S", -250, b"OS"], "TJ", "T*", "'", '"']),
        (b"5. +3 .25 true false", [5.0, 3, 0.25, True, False]),
    ],
)
def test_a_content_stream_is_read_as_pdfminer_reads_it(stream, expected):
    found = list(tokens(stream))
    assert typed(found) == typed(parsed(stream))
    assert [shown(value) for value in found] == expected


def shown(value: object) -> object:
    """Returns a name as "/name", an operator as its name, an array's values shown so."""
    if isinstance(value, PSLiteral):
        return f"/{value.name}"
    if isinstance(value, PSKeyword):
        return value.name.decode()
    return [shown(item) for item in value] if isinstance(value, list) else value


@pytest.mark.parametrize(
    "stream",
    [
        b"(a (nested) string) Tj",  # balanced parentheses
        b"/A#20B Tf",  # a name with a hex escape
        b"(\\q) Tj",  # an escape pdfminer drops with its letter
        b"<< /MCID 0 >> BDC",  # marked content
        b"BI /W 1 /H 1 ID x EI",  # an inline image
        b"<414> Tj",  # an odd number of hex digits
        b"% a comment\n0 g",
        b"[ 1 2",  # an array left open
        b"12abc",  # a number run into an operator
    ],
)
def test_what_the_fast_reader_does_not_read_is_left_to_pdfminer(stream):
    with pytest.raises(Unread):
        list(tokens(stream))


# Every escape of a string, and a digit after a short octal one.
ESCAPES = [
    b"a",
    b"7",
    b"\\n",
    b"\\r",
    b"\\t",
    b"\\b",
    b"\\f",
    b"\\(",
    b"\\)",
    b"\\\\",
    b"\\101",
    b"\\0",
    b"\\12",
    b"\\\n",
    b"\\\r\n",
]
SPACES = st.sampled_from([b" ", b"\n", b"\r\n", b"\x00", b"\x0b", b"\t"])
# What sos-print's streams are made of, and more: every piece the fast reader reads.
OPERAND = st.one_of(
    st.integers(-(10**6), 10**6).map(lambda n: str(n).encode()),
    st.floats(-1e4, 1e4, allow_nan=False).map(lambda x: f"{x:.5f}".rstrip("0").encode()),
    st.sampled_from([b".5", b"-.25", b"+7", b"3."]),
    st.text("AFObf+._-1", max_size=6).map(lambda name: b"/" + name.encode()),
    st.binary(max_size=8).map(
        lambda raw: b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"
    ),
    st.lists(st.sampled_from(ESCAPES), max_size=6).map(lambda parts: b"(" + b"".join(parts) + b")"),
    st.binary(max_size=6).map(lambda raw: b"<" + raw.hex().encode() + b">"),
    st.sampled_from([b"true", b"false"]),
)
READ = st.one_of(
    OPERAND,
    st.lists(OPERAND, max_size=4).map(lambda items: b"[" + b" ".join(items) + b"]"),
    st.sampled_from([b"Tj", b"TJ", b"T*", b"'", b'"', b"re", b"f*", b"null", b"BT", b"cm"]),
)
# Pieces the fast reader leaves to pdfminer, and pieces out of place.
ODD = st.one_of(
    st.sampled_from([b"-", b".", b"[", b"]", b"(\\q)", b"(a(b)c)", b"<414>", b"% note", b"<<", b">>", b"{", b"BDC"]),
    st.text("AFO#2", min_size=1, max_size=4).map(lambda name: b"/" + name.encode()),
    st.text("()\\abnt0178\n\r", max_size=8).map(lambda raw: b"(" + raw.encode() + b")"),
)


@settings(max_examples=examples(500))
@given(st.lists(st.tuples(READ, SPACES), max_size=12))
def test_a_stream_of_what_the_fast_reader_reads_is_read_as_pdfminer_reads_it(pieces):
    data = b"".join(piece + space for piece, space in pieces)
    assert typed(list(tokens(data))) == typed(parsed(data)), data


@settings(max_examples=examples(500))
@given(st.lists(st.tuples(st.one_of(READ, ODD), st.one_of(SPACES, st.just(b""))), max_size=12))
def test_any_stream_is_read_as_pdfminer_reads_it_or_left_to_pdfminer(pieces):
    data = b"".join(piece + space for piece, space in pieces)
    found = read_or_left(data)
    if found is not None:
        assert typed(found) == typed(parsed(data)), data


@BILINGUAL_SET
def test_the_pages_of_every_document_are_read_as_pdfplumber_reads_them():
    options = PrintOptions(groups=2, language=Language.BOTH)
    for name, data in every_pdf(options).items():
        stock, fast = pdfplumber.open(io.BytesIO(data)), open_pdf(data)
        assert len(fast.pages) == len(stock.pages), name
        # The first two pages and the last: every kind of page (pdfplumber's own reading is the slow part here).
        for number in sorted({0, 1, len(stock.pages) - 1} & set(range(len(stock.pages)))):
            mine, theirs = fast.pages[number], stock.pages[number]
            assert isinstance(mine, FastPage)
            assert mine.objects == theirs.objects, f"{name}, page {number + 1}"
            assert mine.extract_text() == theirs.extract_text(), f"{name}, page {number + 1}"


@BILINGUAL_SET
def test_sos_prints_content_streams_are_all_read_fast():
    options = PrintOptions(groups=2, language=Language.BOTH)
    for name, data in every_pdf(options).items():
        for number, page in enumerate(PdfReader(io.BytesIO(data)).pages):
            streams = [page.get_contents()] + [
                xobject.get_object() for xobject in page["/Resources"].get("/XObject", {}).values()
            ]
            for stream in streams:
                if stream is not None:
                    assert read_or_left(stream.get_data()) is not None, f"{name}, page {number + 1}"
