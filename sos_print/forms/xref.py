"""Holds a filled audit's cross-reference table (where each object of the file lies), read as written by pypdf's
strict reading, to the file: each object it lists in use begins where it says, once; its streams of objects hold
each object where it says, once; every object read is one it lists in use, parses strictly, ends where its length
says, and has no later copy listed nowhere (why: docs/design.md, "PDFs")."""

from __future__ import annotations

import io
import re
from collections import Counter
from typing import Any

from pypdf import PdfReader
from pypdf.errors import PdfReadError
from pypdf.generic import NullObject, NumberObject, StreamObject, read_object

_HEADER = re.compile(rb"[\0\t\n\f\r ]*([0-9]+)[\0\t\n\f\r ]+([0-9]+)[\0\t\n\f\r ]+obj")


def misplaced(reader: PdfReader, data: bytes) -> str | None:
    """Returns what is wrong with a strictly read table (`reader.strict`): it lists an object in use where another
    object, or none, begins, or one number in use twice (under two generations, or compressed and not); None if each
    begins where listed."""
    seen: dict[int, int] = {number: 0 for number in reader.xref_objStm}
    for generation, numbers in reader.xref.items():
        for number, offset in numbers.items():
            if reader.xref_free_entry.get(generation, {}).get(number):
                continue
            if number in seen:
                return f"{_INDEX}lists object {number} twice, as two different objects"
            seen[number] = generation
            found = _HEADER.match(data, offset) if isinstance(offset, int) and 0 <= offset < len(data) else None
            if found is None or (int(found[1]), int(found[2])) != (number, generation):
                return f"{_INDEX}lists object {number} at byte {offset:,}, where it does not begin"
    return None


def two_starts(data: bytes) -> str | None:
    """Returns what is wrong with a file laid out for reading over the web (linearized, its /L its length, so that
    poppler reads it from the table after its first object) whose last startxref, where pypdf and PDFium start,
    points at another table (sweep ad110, 1); None if it is not laid out so, or both start at one table."""
    mark = data.find(b"/Linearized", 0, 1024)
    end = data.find(b"endobj", mark) if mark >= 0 else -1
    given = _LINEAR_LENGTH.search(data, mark, end) if end >= 0 else None
    if given is None or int(given[1]) != len(data):
        return None
    space = _SPACE.match(data, end + len(b"endobj"))
    first = space.end() if space is not None else end
    last = _STARTXREF.findall(data, max(0, len(data) - 1024))
    if last and int(last[-1]) == first:
        return None
    return f"{_INDEX}is given twice, at the start of a file laid out for the web and at its end: readers take either"


def object_streams(reader: PdfReader) -> dict[int, Any]:
    """Returns the streams the table lists compressed objects in, by number: their dictionaries, not yet decoded."""
    return {number: reader.get_object(number) for number in sorted({at for at, _ in reader.xref_objStm.values()})}


def packed_count(streams: dict[int, Any]) -> int:
    """Returns how many objects the object streams `streams` say they hold: pypdf reads each of them, listed or not."""
    counts = [stream.get("/N") if isinstance(stream, StreamObject) else None for stream in streams.values()]
    return sum(int(count) for count in counts if isinstance(count, NumberObject))


def mispacked(reader: PdfReader, streams: dict[int, Any]) -> str | None:
    """Returns what is wrong with the table's compressed objects: one listed in a stream of objects that holds
    another there, or holds its number twice (pypdf reads the first, PDFium and poppler the one listed); None if
    each is where listed."""
    held: dict[int, list[int]] = {}
    for number, stream in streams.items():
        first: Any = stream.get("/First") if isinstance(stream, StreamObject) else None
        if not isinstance(first, NumberObject):
            return f"{_INDEX}lists objects in object {number}, which is no stream of objects"
        count: Any = stream.get("/N")
        pairs = re.findall(rb"[0-9]+", stream.get_data()[: int(first)])
        held[number] = [int(n) for n in pairs[: 2 * int(count) : 2]] if isinstance(count, NumberObject) else []
        if len(set(held[number])) < len(held[number]):
            twice = next(n for n, times in Counter(held[number]).items() if times > 1)
            return f"{_INDEX}lists object {twice} in object {number}, which holds it twice"
    for number, (at, index) in reader.xref_objStm.items():
        if held[at][index : index + 1] != [number]:
            return f"{_INDEX}lists object {number} as item {index + 1} of object {at}, which holds another there"
    return None


def reread(data: bytes, reader: PdfReader, streams: dict[int, Any]) -> str | None:
    """Returns what pypdf's strict parsing finds wrong with an object `reader` (lenient) read, such as a key given
    twice in one dictionary (pypdf keeps the first, PDFium and poppler the last); None if none. Each is parsed again
    from the file, or from its stream of objects (`streams`), and not kept."""
    read = {number for (_, number), value in reader.resolved_objects.items() if not _null(value)}
    places = [(io.BytesIO(data), {n: at for numbers in reader.xref.values() for n, at in numbers.items()}, 0)]
    listed_in: dict[int, set[int]] = {at: set() for at in streams}  # a stream may keep copies later saves replaced
    for number, (at, _) in reader.xref_objStm.items():
        listed_in[at].add(number)
    for at, stream in streams.items():
        decoded, first = stream.get_data(), int(stream["/First"])
        pairs = [int(n) for n in re.findall(rb"[0-9]+", decoded[:first])]
        held = {n: offset for n, offset in zip(pairs[0::2], pairs[1::2], strict=False) if n in listed_in[at]}
        places.append((io.BytesIO(decoded), held, first))
    if reader.is_encrypted:  # decrypted leniently, a bad padding is cut where PDFium and poppler cut a block
        return _decrypted_strictly(data, read)
    reader.strict = True
    try:
        for source, offsets, first in places:
            for number in read & offsets.keys():
                source.seek(first + offsets[number])
                if not first:
                    reader.read_object_header(source)
                value = read_object(source, reader)
                if not first and isinstance(value, StreamObject) and not _sized(data, offsets[number], reader, source):
                    return f"its object {number} does not end where its length says (readers may read more of it)"
    except (PdfReadError, ValueError) as error:
        return f"its object {number} breaks the standard: {error}"
    finally:
        reader.strict = False
    return None


def _decrypted_strictly(data: bytes, read: set[int]) -> str | None:
    """Returns what a strict reader finds wrong with an encrypted file's objects `read` as it parses and decrypts
    each (a padding of more than a block, sweep ad110, 2); None if nothing."""
    strict = PdfReader(io.BytesIO(data), strict=True)
    strict.decrypt("")
    for number in sorted(read):
        try:
            strict.get_object(number)
        except (PdfReadError, ValueError) as error:
            return f"its object {number} breaks the standard: {error}"
    return None


def _sized(data: bytes, start: int, reader: PdfReader, read: io.BytesIO) -> bool:
    """Tells whether a stream object that pypdf read from `start` to where `read` stands ends where its /Length
    says, "endstream" and a delimiter right after it: pypdf mends a length one byte long and takes "endstreamX" for
    the end, where PDFium and poppler read on to the next "endstream". Its dictionary is parsed, so it gives
    /Length once; pypdf drops it from the stream it makes, so it is read from the file."""
    keyword = _STREAM.search(data, start)
    given = _LENGTH.search(data, start, keyword.start()) if keyword is not None else None
    if keyword is None or given is None:
        return False
    length: Any = reader.get_object(int(given[1])) if given[3] else NumberObject(int(given[1]))
    if not isinstance(length, NumberObject):
        return False
    end = _END.match(data, keyword.end() + int(length))
    return end is not None and end.end() == read.tell() and data[end.end() : end.end() + 1] in _DELIMITERS


_LINEAR_LENGTH = re.compile(rb"/L[\0\t\n\f\r ]+([0-9]+)")
_SPACE = re.compile(rb"(?:[\0\t\n\f\r ]|%[^\r\n]*)*")
_STARTXREF = re.compile(rb"startxref[\0\t\n\f\r ]+([0-9]+)")
_STREAM = re.compile(rb"stream *(?:\r\n|\n|\r)")
_ANY_HEADER = re.compile(
    rb"(?<![^\0\t\n\f\r ()<>\[\]{}/%])([0-9]+)[\0\t\n\f\r ]+[0-9]+[\0\t\n\f\r ]+obj(?![^\0\t\n\f\r ()<>\[\]{}/%])"
)
_LENGTH = re.compile(rb"/Length[\0\t\n\f\r ]+([0-9]+)(?:[\0\t\n\f\r ]+([0-9]+)[\0\t\n\f\r ]+(R))?")
_END = re.compile(rb"[\0\t\n\f\r ]*endstream")
_DELIMITERS = (b"", b"\0", b"\t", b"\n", b"\f", b"\r", b" ", b"%", b"(", b")", b"<", b">", b"[", b"]", b"{", b"}", b"/")


def copied_later(data: bytes, reader: PdfReader) -> str | None:
    """Returns a copy of an object read that lies after the one the table lists, or after the stream of objects
    that holds it: a reader that mends the table (a loop of /Prev, rows of 19 bytes, which pypdf lets through) takes
    the last copy. Honest saves put every new copy after the old ones, and the table lists it."""
    read = {number for (_, number), value in reader.resolved_objects.items() if not _null(value)}
    placed = {n: at for numbers in reader.xref.values() for n, at in numbers.items() if n in read}
    listed_at = {n: header.start(1) for n, at in placed.items() if (header := _HEADER.match(data, at)) is not None}
    for number, (at, _) in reader.xref_objStm.items():
        if number in read:
            listed_at[number] = placed.get(at, listed_at.get(at, 0))
    for found in _ANY_HEADER.finditer(data):
        number = int(found[1])
        if number in listed_at and found.start() > listed_at[number]:
            return f"{_INDEX}leaves out a copy of object {number} saved after the one it lists"
    return None


def _null(value: object) -> bool:
    return value is None or isinstance(value, NullObject)


def listed(reader: PdfReader) -> frozenset[int]:
    """Returns the numbers of the objects the table lists in use, compressed ones included, as read so far."""
    numbers = {
        number
        for generation, entries in reader.xref.items()
        for number in entries
        if not reader.xref_free_entry.get(generation, {}).get(number)
    }
    return frozenset(numbers | set(reader.xref_objStm))


def unlisted(reader: PdfReader, before: frozenset[int]) -> str | None:
    """Returns what was read that the table did not list in use (`before`, from `listed`): pypdf found it by
    searching the file, where PDFium shows nothing and poppler the last copy it finds."""
    deleted = reader.xref_free_entry.get(_EVERY, {})  # pypdf notes there each number's latest entry
    for (_, number), value in reader.resolved_objects.items():
        if number not in before and not _null(value):
            if deleted.get(number):
                return f"{_INDEX}marks object {number} deleted, though the form uses it"
            return f"{_INDEX}leaves out object {number}, which the form uses"
    return None


_EVERY = 65535
_INDEX = "its index of the file's parts "
