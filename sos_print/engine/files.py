"""Reads the files a run is given (worked examples, game records, filled audits) without ever blocking or flooding.

Every problem is an ExampleFileError naming the path, marked `unread` when nothing could be read.
"""

from __future__ import annotations

import io
import json
import os
import re
import stat
import tomllib
import unicodedata
import zipfile
from collections.abc import Sequence
from typing import Any

from sos_print.engine.errors import ExampleFileError

# Marks a word processor or a web page leaves in a name, which print nothing: "Lé\u200ba" and "Léa" printed the same
# name with no note that it repeats (issue 20, sweep 18, N16), and a pause box's "Léa" was no name of a names row
# holding "Lé\u200ba". A zero-width joiner or non-joiner is part of some scripts' spelling, and stays. So are the
# controls of a text's direction, which a name needs no more than the marks (an override, U+202E, set the one name
# that held it off the centre of the fillable form's box: sweep ad100, 3), the Arabic letter mark among them, and the
# invisible operators and the Mongolian vowel separator, which print nothing either. A table for `str.translate`.
PRINTS_NOTHING = dict.fromkeys(
    map(
        ord,
        "\u00ad\u061c\u180e\u200b\u200e\u200f\u2060\u2061\u2062\u2063\u2064\ufeff"
        "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069",
    )
)


def as_printed(text: str) -> str:
    """Returns text as it prints: in NFC (an e and its accent as one é), without the marks that print nothing
    (PRINTS_NOTHING), its spaces and line breaks made single spaces."""
    return " ".join(unicodedata.normalize("NFC", text).translate(PRINTS_NOTHING).split())


# A CSV reader's refusal of a quotation mark never closed, which would join every row after it into one cell.
UNCLOSED_QUOTE = "a quotation mark opens a cell and is never closed: remove it, or close it in the same row"
_KINDS = {
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFIFO: "a FIFO",
    stat.S_IFSOCK: "a socket",
    stat.S_IFLNK: "a symbolic link",
}


# Every PDF sos-print writes says its kind in its keywords, after this word ("SOS, sos-print replay"); `check` passes
# over a folder's documents it printed, which hold no record, where each counted as a problem (sweep ad97, B1). Never
# an audit: a filled one flattened by a tablet keeps its keywords, and is no more read than a printed one.
PRINTED_BY = "sos-print"
PRINTED_KINDS = {
    "replay": "replay",
    "kit": "class kit",
    "teacher": "teacher's notes",
    "rules": "rule sheet",
    "boards": "player boards",
    "grids": "blank grids",
    "puzzles": "puzzle sheets",
    "answers": "puzzle answer key",
}


def read_bounded(path: str, limit: int, kind: str) -> bytes:
    """Returns the bytes of a regular file of at most `limit` bytes, without blocking on anything else.

    `kind` names the file in messages ("an example file", "a filled audit").

    A FIFO would block a plain open until a writer comes, and /dev/zero would be read until
    memory runs out: the path is looked at first, opened without blocking, looked at again
    through the open handle (the name could have changed meanwhile), and read up to the limit.
    """
    try:
        _refuse_unless_readable(path, os.stat(path), limit, kind)
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise ExampleFileError(path, unreadable_reason(path, error), unread=True) from None
    try:
        _refuse_unless_readable(path, os.fstat(handle), limit, kind)
        chunks, size = [], 0
        while chunk := os.read(handle, 1 << 16):
            size += len(chunk)
            if size > limit:
                raise ExampleFileError(path, _too_large(size, limit, kind, growing=True), unread=True)
            chunks.append(chunk)
    except OSError as error:
        raise ExampleFileError(path, unreadable_reason(path, error), unread=True) from None
    finally:
        os.close(handle)
    return b"".join(chunks)


def read_head(path: str, limit: int) -> bytes | None:
    """Returns the first `limit` bytes of a regular file (all of a smaller one), without blocking, or None where
    `path` is no regular file or cannot be read: to tell what a file is by its content whatever its size (a record
    padded past the limit with an export's empty rows was refused as too large to look at, then passed over as a
    note: sweep ad89, 1)."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            return None
        chunks, size = [], 0
        while size < limit and (chunk := os.read(handle, min(1 << 16, limit - size))):
            size += len(chunk)
            chunks.append(chunk)
    except OSError:
        return None
    finally:
        os.close(handle)
    return b"".join(chunks)


def _refuse_unless_readable(path: str, info: os.stat_result, limit: int, kind: str) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise ExampleFileError(path, f"is a folder, not {kind}", unread=True)
    if not stat.S_ISREG(info.st_mode):
        raise ExampleFileError(path, f"is {file_kind(info.st_mode)}, not a regular file", unread=True)
    if info.st_size > limit:
        raise ExampleFileError(path, _too_large(info.st_size, limit, kind), unread=True)


def is_pdf(path: str) -> bool:
    """Tells whether `path` is a regular file that starts as a PDF does, whatever its name ("audit.pdf.bak")."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        with open(path, "rb") as file:
            return starts_as_pdf(file.read(PDF_HEAD))
    except OSError:
        return False


def is_apple_double(path: str) -> bool:
    """Tells whether `path` is a regular file of macOS's AppleDouble kind: the "._game.csv" beside each file copied
    from a Mac to a USB stick or a shared folder, holding that file's Finder data and never a record."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        with open(path, "rb") as file:
            head = file.read(PDF_HEAD)
    except OSError:
        return False
    # a filled audit with these four bytes before its %PDF- is a PDF that readers open, not a Mac's companion file
    return head.startswith(b"\x00\x05\x16\x07") and not starts_as_pdf(head)


# The PDF specification lets a reader find the header "%PDF-" anywhere in a file's first 1024 bytes (PDF 1.7,
# annex H.3): a tablet app or a mail gateway may save a line break or a few bytes before it, and readers open it.
PDF_HEAD = 1024


def starts_as_pdf(head: bytes) -> bool:
    """Tells whether a file's first bytes are a PDF's: "%PDF-" and a version digit within its first 1024 bytes."""
    if head.startswith(b"PK\x03\x04") or _packed_head(head):  # an archive holding a PDF stored unpacked
        return False
    return re.search(rb"%PDF-\d", head[:PDF_HEAD]) is not None


def picture_kind(data: bytes) -> str | None:
    """Returns what picture a file's first bytes say it is ("a picture (PNG)"), or None: a photo of a score sheet is
    no record a program can read, and its bytes said only that they were not UTF-8 (ad83, 12). Each signature is
    whole, so that no text is taken for one (a class list starting "BMW")."""
    if data[4:12] in _PICTURE_BOXES:
        return f"a picture ({_PICTURE_BOXES[data[4:12]]})"
    if data[:2] == b"BM" and data[6:10] == b"\x00" * 4:  # a bitmap's size, then four bytes that are always zero
        return "a picture (BMP)"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "a picture (WebP)"
    return next((f"a picture ({name})" for mark, name in _PICTURE_MARKS if data.startswith(mark)), None)


_PICTURE_MARKS = (
    (b"\xff\xd8\xff", "JPEG"),
    (b"\x89PNG\r\n\x1a\n", "PNG"),
    (b"GIF87a", "GIF"),
    (b"GIF89a", "GIF"),
    (b"II*\x00", "TIFF"),
    (b"MM\x00*", "TIFF"),
)


def packed_kind(path: str, data: bytes | None = None) -> str | None:
    """Returns what a spreadsheet's own file or an archive is and what to do with it, or None for any other file.

    Told by its first bytes (a zip, OLE or gzip signature) as well as its name: a group's typed audit saved as
    "game.xlsx", or sent as "group3.zip", holds a record `check` cannot read, and must never be passed over.
    `data` is the file's bytes when they were read already.
    """
    lower = path.lower()
    try:
        if data is None:
            if not stat.S_ISREG(os.stat(path).st_mode):
                return None
            with open(path, "rb") as file:
                head = file.read(_PACKED_HEAD)  # all of a lock file, to tell it by its size
        else:
            head = data[:_PACKED_HEAD]
    except OSError:
        return None
    if companion := companion_kind(path, head):
        return companion
    if head.startswith(b"PK\x03\x04") or lower.endswith(_ZIPPED):
        zipped = _zipped(path, data)
        if lower.endswith(_SPREADSHEETS) or zipped == "workbook":
            return _SPREADSHEET
        if lower.endswith(".zip"):
            return _ARCHIVE
        # a zip that cannot be listed is most likely a workbook saved under another name ("game.csv"); a Word or
        # PowerPoint file is no record, as a picture is not; any other zip is an archive whatever its name
        # ("group3.dat"), told by its parts and not by its name (sweep 40, F2)
        return {None: _SPREADSHEET, "document": None}.get(zipped, _ARCHIVE)
    if head.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1") or lower.endswith(_SPREADSHEETS):  # OLE: an old .xls
        return None if lower.endswith(_OLE_DOCUMENTS) else _SPREADSHEET
    if any(mark in head for mark in _XML_SPREADSHEETS) and head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
        return _SPREADSHEET
    if _packed_head(head) or lower.endswith(_ARCHIVES):
        return _ARCHIVE
    return None


_SPREADSHEET = "a spreadsheet; save it as CSV (UTF-8) to check it"
_ARCHIVE = "an archive; unpack it, then check the files it holds"
_SPREADSHEETS = (".xlsx", ".xlsm", ".xlsb", ".xls", ".ods", ".fods", ".numbers")
# An old Word or PowerPoint file has an old Excel file's signature: told by its name, it is a document (ad91, 5).
_OLE_DOCUMENTS = (
    ".doc",
    ".dot",
    ".ppt",
    ".pps",
    ".pot",
    ".msg",
    ".pub",
    ".vsd",
    ".wps",
    ".hwp",
    ".mpp",
    ".msi",
    ".msp",
)
# A spreadsheet saved as XML: Excel 2003's, or LibreOffice's flat ODS; its record was passed over as a note (ad91, 1).
_XML_SPREADSHEETS = (
    b'xmlns="urn:schemas-microsoft-com:office:spreadsheet"',
    b'progid="Excel.Sheet"',
    b'office:mimetype="application/vnd.oasis.opendocument.spreadsheet"',  # not a page linking to one (ad93, 4)
)
_PACKED_HEAD = 8192  # bytes looked at: a flat ODS names its kind after its namespaces
_ZIPPED = (".xlsx", ".xlsm", ".ods", ".numbers", ".zip")
_ARCHIVES = (
    *(".zip", ".gz", ".tgz", ".bz2", ".tbz2", ".xz", ".txz", ".7z", ".rar", ".tar", ".cpio"),
    *(".zst", ".tzst", ".lz4", ".lzma", ".lz", ".z", ".br"),  # zstd, lz4, lzma, lzip, compress (.Z), brotli
)
_TAR_MARK = slice(257, 262)  # where a tar file's header says "ustar" (it has no signature at its start)


def _packed_head(head: bytes) -> bool:
    """Tells whether a file's first bytes are an archive's or a compressed file's, by their signature."""
    return head.startswith(_ARCHIVE_SIGNATURES) or head[_TAR_MARK] == b"ustar"


_ARCHIVE_SIGNATURES = (
    *(b"\x1f\x8b", b"BZh", b"\xfd7zXZ\x00", b"7z\xbc\xaf\x27\x1c", b"Rar!\x1a\x07"),
    *(b"\x28\xb5\x2f\xfd", b"\x04\x22\x4d\x18", b"\x1f\x9d", b"LZIP", b"\x5d\x00\x00"),  # zstd lz4 .Z lzip lzma
    *(b"070707", b"070701", b"070702", b"\xc7\x71", b"\x71\xc7"),  # cpio, in characters or in binary
)


def is_office_companion(path: str) -> bool:
    """Tells whether `path` is a file Windows or Office keeps beside a teacher's files, never a record: "Thumbs.db",
    the thumbnails of a folder of photos (a compound file, as an old workbook is: "a spreadsheet; save it as CSV"),
    or "~$group1.csv", the owner file Excel keeps while it has group1.csv open (a user's name in a few hundred
    bytes: read as a record, "is not text"). Told by name and bytes both (ad85, 5 and 6)."""
    name = os.path.basename(path)
    if name.lower() not in _THUMBNAILS and not name.startswith("~$"):
        return False
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        with open(path, "rb") as file:
            head = file.read(_OWNER_MOST + 1)
    except OSError:
        return False
    return companion_kind(path, head) is not None


def companion_kind(path: str, data: bytes) -> str | None:
    """Returns what a file Windows or Office keeps beside a teacher's files is (`is_office_companion`), and what to
    give instead, or None: named on the command line, Excel's was "not text (a spreadsheet's own file?): save it as
    CSV" and Windows' thumbnails "a spreadsheet" (ad86, 5)."""
    name = os.path.basename(path)
    if name.startswith("~$") and _owner_file(data):
        return f"the lock file Excel keeps while {name[2:]} is open: close it in Excel, then give {name[2:]}"
    if name.lower() in _THUMBNAILS and data.startswith(_COMPOUND):
        return "the thumbnails Windows keeps of a folder's pictures, not a file sos-print reads"
    return None


def _owner_file(data: bytes) -> bool:
    """Tells whether `data` is laid out as Office's owner file: 162 (Word) or 165 (Excel) bytes, the length of the
    user's name, the name, and the name again in UTF-16 further on. Any few hundred bytes holding a zero byte were
    taken for one, and a 4 x 4 game saved as UTF-16 under "~$group2.txt" was passed over without a word (ad88, 1)."""
    if len(data) not in (162, 165) or not 0 < data[0] <= _OWNER_NAME_MOST:
        return False
    user = data[1 : 1 + data[0]]
    return b"\x00" not in user and user.decode("latin-1").encode("utf-16-le") in data[1 + data[0] :]


_OWNER_NAME_MOST = 53  # bytes: the name's room in the file's first part, padded to 54 with its length
_THUMBNAILS = ("thumbs.db", "ehthumbs.db", "ehthumbs_vista.db")
_COMPOUND = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # the signature of Microsoft's compound files
_OWNER_MOST = 512  # bytes: Office's owner files take 162 (Word) or 165 (Excel)


def unread_reason(path: str) -> str | None:
    """Returns why a folder's file `check` does not read must be named, or None when it is harmless: empty, text
    (a teacher's notes), a picture (a photo of a sheet) or an office document that is no spreadsheet.

    One rule rather than a list of what to name: a file of any other kind (packed by a tool no one foresaw, or
    damaged) may hold a record, so it is never passed over in silence; neither is one that cannot be looked at.
    """
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        return unreadable_reason(path, error)
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            return None  # a FIFO or a device holds no record, and is named where its name says it should
        head = os.read(handle, 4096)
    except OSError as error:
        return unreadable_reason(path, error)
    finally:
        os.close(handle)
    if not head or picture_kind(head) or _text(head):  # a sound's RIFF passed as a WebP picture's (ad84, 13)
        return None
    if head.startswith(b"PK\x03\x04") and _zipped(path, None) == "document":  # a Word or PowerPoint file
        return None
    if head.startswith(_COMPOUND) and path.lower().endswith(_OLE_DOCUMENTS):  # an old Word or PowerPoint file
        return None
    if path.lower().endswith(_BOOKS):  # an e-book or a notebook of OneNote's, told by its name (ad93, 5)
        return None
    return "not a file sos-print reads (a record, a worked example or a filled audit); if it is packed, unpack it"


# A phone's photo of a paper sheet, which holds no typed record: HEIC and AVIF are told by their first box
_PICTURE_BOXES = {
    **dict.fromkeys((b"ftypheic", b"ftypheix", b"ftypmif1", b"ftyphevc", b"ftypmsf1"), "HEIC"),
    b"ftypavif": "AVIF",
}


def _text(head: bytes) -> bool:
    """Tells whether the first bytes of a file are text in an encoding a note is saved in: no control characters
    but line ends and tabs once decoded (packed or binary data holds some within its first bytes)."""
    try:
        text, _ = _decoded(head, "", "")
    except ExampleFileError:
        return False
    text = text[:-1] if text.endswith("\ufffd") else text  # a character cut at the end of what was read
    return not any(
        char == "\ufffd" or (unicodedata.category(char) == "Cc" and char not in "\t\n\r\f\v\x1a") for char in text
    )


def trimmed_row(cells: Sequence[str]) -> Sequence[str]:
    """Returns a CSV row without its empty cells at the end, which name no column: a sheet with a far column
    formatted exports a separator for each of thousands of them, and naming each cost seconds (sweep 39, F5)."""
    end = len(cells)
    while end and not cells[end - 1].strip():
        end -= 1
    return cells[:end]


def _zipped(path: str, data: bytes | None) -> str | None:
    """Returns what a zip file is by its parts: "workbook" (Excel's, or LibreOffice's, whose "mimetype" part says
    so), "document" (a Word, PowerPoint or LibreOffice text or slides file), "archive" for any other, or None if it
    cannot be read as a zip."""
    try:
        with zipfile.ZipFile(io.BytesIO(data) if data is not None else path) as archive:
            names = archive.namelist()
            mimetype = archive.read("mimetype")[:100].strip() if "mimetype" in names else b""
    except (OSError, zipfile.BadZipFile, ValueError, EOFError, RuntimeError, KeyError, NotImplementedError):
        return None
    if any(name.startswith("xl/") for name in names) or mimetype.endswith(b".spreadsheet"):
        return "workbook"
    if any(name.startswith(("word/", "ppt/")) for name in names) or mimetype.endswith(_OPEN_DOCUMENTS):
        return "document"
    if "Index/Document.iwa" in names or any(name.endswith(_ZIPPED_DOCUMENTS) for name in names):
        return "document"  # Apple's Pages or Keynote (a Numbers file is told by its name), XPS, Visio (ad93, 4, 5)
    return "archive"


_BOOKS = (".mobi", ".azw", ".azw3", ".one", ".onetoc2")
_ZIPPED_DOCUMENTS = (".fdseq", ".fpage", "visio/document.xml")  # the parts an XPS or a Visio file holds


# LibreOffice's Writer, Impress and Draw files, and an e-book (a class's reading, named "an archive": ad91, 5)
_OPEN_DOCUMENTS = (b".text", b".presentation", b".graphics", b"application/epub+zip")


def file_kind(mode: int) -> str:
    """Returns what a file that is not a regular file is, in words ("a FIFO")."""
    return _KINDS.get(stat.S_IFMT(mode), "a special file")


def _too_large(size: int, limit: int, kind: str, growing: bool = False) -> str:
    at_least = "at least " if growing else ""
    return f"is {at_least}{size:,} bytes; {kind} may hold at most {limit:,} bytes ({limit // 1_000_000} MB)"


def unreadable_reason(path: str, error: OSError) -> str:
    """Says in words why `path` could not be looked at, opened or read."""
    if isinstance(error, FileNotFoundError):
        if path == "-":  # a record piped in: "no such file" gave no hint (sweep ad97)
            return "no such file or folder; sos-print reads no standard input: save it as a file and name that"
        return "a symbolic link to nothing" if os.path.islink(path) else "no such file or folder"
    if isinstance(error, PermissionError):
        return "permission denied"
    return f"cannot be read ({error.strerror or error})"


def decode_spreadsheet(data: bytes, path: str, advice: str) -> str:
    """Decodes a spreadsheet's export, or a list typed in any editor: UTF-8 (with a byte-order mark or not), UTF-16
    or UTF-32 (with their mark or without), or else Windows-1252, which Excel writes in Western Europe.

    A spreadsheet's own file, a web page or an RTF document (a school system's "Excel export" is often an HTML
    table), or any file that is not text, is an ExampleFileError ending with `advice` ("save it as CSV, then check
    that file").
    """
    return decoded_spreadsheet(data, path, advice)[0]


def decoded_spreadsheet(data: bytes, path: str, advice: str) -> tuple[str, bool]:
    """Returns what `decode_spreadsheet` returns, and whether the text was read as Windows-1252."""
    text, western = _decoded(data, path, advice)
    kind = _document(text)
    if kind:
        raise ExampleFileError(path, f"is {kind}, not a table or text: {advice}")
    kind = _data_file(text)
    if kind:  # puzzles.json given as a class list was "line 1 holds one cell above rows of several" (sweep ad82, C)
        toml = kind.startswith("a TOML")  # a worked example's name ends in .toml: "save it as CSV" misled (ad83, 9)
        raise ExampleFileError(path, f"is {kind}, not a table: " + (TOML_ADVICE if toml else advice))
    if not western:
        return text, False
    mixed, garbled = _mixed_line(data), garbled_line(text)
    line, said = garbled, _GARBLED
    if mixed is not None:
        # UTF-8 after a line of Western words, not after a line of another encoding's (Shift-JIS holds such bytes).
        first, before = mixed
        if before or garbled is None or garbled > first:
            line, said = first, _MIXED if before else _MIXED_LATER
    if line is not None:
        raise ExampleFileError(path, f"line {line}: {said} save the file as UTF-8 (in Excel: CSV UTF-8)")
    return text, True


_MIXED = (
    "a letter is not UTF-8, though the lines before it are: the file mixes two encodings; type that letter again and"
)
_MIXED_LATER = "a letter is not UTF-8, though later lines are: the file mixes two encodings; type that letter again and"
_GARBLED = (
    "the text is not UTF-8, and read as Excel's Western European encoding (Windows-1252) it looks like another "
    "encoding's:"
)


def any_text(data: bytes) -> str | None:
    """Returns the text of `data` in whichever encoding `decode_spreadsheet` reads (Windows-1252, where no other
    does, with no look at what it then reads as), or None where it is no text: to tell a record or an example by its
    words, whatever it was saved as. A Mac Roman record or a UTF-16 example whose name lost its suffix was taken for
    a note, and its folder passed (sweep ad60, 3)."""
    try:
        return _decoded(data, "", "")[0]
    except ExampleFileError:
        return None


def sniffed_text(data: bytes) -> str | None:
    """Returns the text of `data` as `any_text` reads it or, where it is UTF-16 or UTF-32 text whose bytes stop being
    so (cut short, joined to another file, or the first bytes of a larger one), the text those bytes hold: to tell a
    record or an example by its words, as it is then named when read (a UTF-16 record with one stray byte at its end
    was taken for a note, and its folder passed: sweep ad89, 3)."""
    text = any_text(data)
    if text is not None or not (wide := wide_encoding(data)):
        return text
    marked = data.startswith((b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff"))
    encoding = wide.lower() if marked else _unmarked_unicode(data[:4096]) or wide.lower()
    return data.decode(encoding, errors="replace")


def _decoded(data: bytes, path: str, advice: str) -> tuple[str, bool]:
    """Returns the text of `data` and whether it was read as Windows-1252, the encoding every byte decodes in."""
    if data.startswith((b"\xef\xbb\xbf\xff\xfe", b"\xef\xbb\xbf\xfe\xff")):  # a tool that marks whatever it saves
        raise ExampleFileError(
            path, "mixes two encodings (a UTF-8 mark, then UTF-16 text): save it again as UTF-8 (in Excel: CSV UTF-8)"
        )
    marked = next((name for mark, name in _RARE_MARKS if data.startswith(mark)), None)
    if marked:  # read as Windows-1252, its mark became the first column's name: "+/v8-move", "„1•3move"
        raise ExampleFileError(path, f"is {marked} text: save it as UTF-8 (in Excel: CSV UTF-8)")
    # A photo of the sheet was "not UTF-8 ... looks like another encoding" (ad83), and a bitmap whose pixels' bytes
    # look like UTF-16 text a list of names (ad84, 11): told by its signature first
    if picture := picture_kind(data):
        raise ExampleFileError(path, f"is {picture}, not a table or text: {advice}")
    if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):  # before UTF-16: its mark begins FF FE too
        return _wide(data, "utf-32", path), False
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return _wide(data, "utf-16", path), False  # Excel's "Unicode text"
    if b"\x00" in data[:4096] and (encoding := _unmarked_unicode(data[:4096])):
        return _wide(data, encoding, path), False
    if starts_as_pdf(data):  # printable enough to be read as Windows-1252, into garbled lines
        raise ExampleFileError(path, f"is a PDF file, not a table or text: {advice}")
    if companion := companion_kind(path, data):
        raise ExampleFileError(path, f"is {companion}")
    if data.startswith(b"PK\x03\x04") or b"\x00" in data[:4096]:
        raise ExampleFileError(path, f"is not text (a spreadsheet's own file?): {advice}")
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        return data.decode("utf-8"), False
    except UnicodeDecodeError:
        # Excel's "CSV" in Western Europe: every byte decodes, so a Cyrillic, Greek or Japanese list would too,
        # into letters no one could read on a child's board.
        return data.decode("cp1252", errors="replace"), True


def _wide(data: bytes, encoding: str, path: str) -> str:
    """Decodes UTF-16 or UTF-32 text; bytes that are not (a file cut short, or a stray byte after its end) are
    refused where they start: read as "\ufffd", they made "row 18 is not a move" of no row anyone could see (ad83)."""
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        name = "-".join(encoding.upper().split("-")[:2])
        raise ExampleFileError(
            path,
            f"is {name} text, but its bytes from byte {error.start:,} on are not (is it cut short, or joined to "
            "another file?): save it again as UTF-8 (in Excel: CSV UTF-8)",
        ) from None


def _mixed_line(data: bytes) -> tuple[int, bool] | None:
    """Returns the line of the first byte that is not UTF-8 where UTF-8 letters beyond ASCII come before it or after
    it (a list typed partly in another editor), and whether they come before it; else None. Read as Windows-1252,
    its first "Léa" was blamed, on line 1, where the "José" of line 5 was the one letter to mend (sweep ad76, 1); a
    record's UTF-8 dash after a Windows-1252 title was quoted as the line 'â€“' (sweep ad79, 3)."""
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        before = data[: error.start].decode("utf-8")
        line = len(io.StringIO(before + "|", newline=None).readlines())
        if not before.isascii():
            return line, True
        if _UTF8_LETTER.search(data, error.end):
            return line, False
    return None


# A letter beyond ASCII written in UTF-8 that Windows-1252 text hardly ever holds: three bytes (a dash, a quotation
# mark, the euro: "â€“"), or "Ã" or "Â" before a byte of 0x80 to 0xBF ("Ã©" is é, "Â°" is °).
_UTF8_LETTER = re.compile(rb"[\xe0-\xef][\x80-\xbf]{2}|[\xc2\xc3][\x80-\xbf]")


_RARE_MARKS = (
    *((b"+/v" + end, "UTF-7") for end in (b"8", b"9", b"+", b"/")),
    (b"\x84\x31\x95\x33", "GB18030"),
)


def _document(text: str) -> str | None:
    """Returns what a text that is a document's markup is ("a web page (HTML)", "an RTF document"), or None: its
    tags would be read as names or cells."""
    head = text.lstrip("\ufeff \t\r\n")[:1024].lower()
    if head.startswith("{\\rtf"):
        return "an RTF document"
    if head.startswith("<") and re.search(r"<(!doctype html|html|table|tr|td|body)\b", head):
        return "a web page (HTML)"
    # A school system's address book or calendar export: each field on a line, read as children's names
    if head.startswith("begin:vcard"):
        return "a contacts file (vCard)"
    if head.startswith("begin:vcalendar"):
        return "a calendar file (iCalendar)"
    if re.match(r"(version: *1\s+)?dn::? ", head):
        return "a directory export (LDIF)"
    return None


TOML_ADVICE = "a worked example is read from a file whose name ends in .toml"


def _data_file(text: str) -> str | None:
    """Returns what a text that is a program's data is ("a JSON file", "a TOML file"), or None: its keys and brackets
    would be read as names or cells."""
    lines = [line for line in text.splitlines() if line.strip()]
    # The whole text, or a JSON Lines file's first object: a class list under "[2024]" or "[]" is no JSON (ad84, 3)
    if is_json(text) or (lines and is_json(lines[0], dict)):
        return "a JSON file"
    try:
        return "a TOML file (as a worked example is)" if tomllib.loads(text) else None
    except tomllib.TOMLDecodeError:  # a list of names, or a CSV file, is not TOML
        return None


def is_json(text: str, kinds: Any = dict | list) -> bool:
    """Tells whether `text` is one JSON value of `kinds` (by default an object or an array)."""
    if text.lstrip("\ufeff \t\r\n")[:1] not in ("{", "["):
        return False
    try:
        return isinstance(json.loads(text), kinds)
    except (ValueError, RecursionError):
        return False


def separator_line(line: str) -> str | None:
    """Returns the separator Excel's first line of a CSV file names ("sep=;", a tab included), or None if `line` is
    not one: LibreOffice may write it back quoted or padded, and followed by the separators of empty cells."""
    hint = _SEPARATOR_LINE.fullmatch(line.strip(" "))
    return hint[1] if hint else None


_SEPARATOR_LINE = re.compile(r'"?sep *= *([^ "])\1*"?[,;\t]*', flags=re.IGNORECASE)


def wide_encoding(data: bytes) -> str | None:
    """Returns "UTF-16" or "UTF-32" for text saved so (a byte-order mark, or the zero bytes of mostly ASCII text), or
    None."""
    if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):  # before UTF-16: its mark begins FF FE too
        return "UTF-32"
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "UTF-16"
    unmarked = _unmarked_unicode(data[:4096]) if b"\x00" in data[:4096] else None
    return unmarked[:6].upper() if unmarked else None


def _unmarked_unicode(head: bytes) -> str | None:
    """Returns the encoding of UTF-16 or UTF-32 text saved with no byte-order mark, told by where its zero bytes
    fall (a spreadsheet's headings and cells are mostly ASCII: one byte of the character is not zero), or None."""
    for encoding, width in (("utf-32-le", 4), ("utf-32-be", 4), ("utf-16-le", 2), ("utf-16-be", 2)):
        low = 0 if encoding.endswith("le") else width - 1  # where an ASCII character's one byte lies
        characters = [head[k : k + width] for k in range(0, len(head) - width + 1, width)]
        ascii = sum(c[low] != 0 and not any(c[:low] + c[low + 1 :]) for c in characters)
        if len(characters) >= 8 and ascii >= 0.9 * len(characters):
            return encoding
    return None


def garbled_line(text: str) -> int | None:
    """Returns the number of the first line of `text`, decoded as Windows-1252, that reads as another encoding's bytes
    rather than Western European words, or None.

    A word is garbled when more than two thirds of its letters are accented, two at least ("Àííà" is Cyrillic
    "Анна", "Íßêïò" Greek; Icelandic "Þór" is a name), or when a symbol stands among its letters ("Ma³gorzata",
    "‚³‚Í" of Japanese): Western names have a few accented letters among plain ones ("Chloé", "Œdipe", "Søren"),
    and no symbols but apostrophes, quotation marks, dashes, the middle dot ("Paul·e"), ordinals ("N°") and the euro
    sign ("10€", a note's column).
    """
    numbered = enumerate(io.StringIO(text, newline=None), start=1)  # lines as the readers number them
    for number, line in numbered:
        if line.isascii():
            continue
        for word in _WORDS.split(line):
            if word and not word.isascii() and _garbled(word):
                return number
    return None


_WORDS = re.compile(r"[\x00-\x40\x5b-\x60\x7b-\x7f\s]+")  # anything ASCII but letters, and spaces, ends a word
# ‘ “ ” between lower-case letters are Mac Roman's ë, ì and î; ’ is its í too, but Windows-1252's apostrophe first
# ("aujourd’hui", "Ma’ilei"): a María read as "Mar’a" is left to the letters around it.
_QUOTES = frozenset("\u2018\u201c\u201d")
_NOT_WESTERN = frozenset("\u0192\u02c6\u02dc")  # ƒ ˆ ˜: Windows-1252 letters no Western name holds


def _mac_roman(word: str) -> bool:
    """Tells whether a word reads as Mac Roman (Excel for Mac's "CSV") decoded as Windows-1252: its é, ë, à, É
    become "LŽa", "No‘l", "Lˆ", "ƒlise", a capital after a letter in a word that is not all capitals, or a
    quotation mark between lower-case letters; its ñ and ó "Nu–ez", "Ram—n", a dash between lower-case letters; its
    ú "Raœl", an œ that no u or i follows, as one does in every French word (sweep ad80, 1)."""
    for k, char in enumerate(word):
        if char in _NOT_WESTERN:
            return True
        if not char.isascii() and char.isupper() and k and word[k - 1].isalpha() and not word.isupper():
            return True
        between = 0 < k < len(word) - 1 and word[k - 1].islower() and word[k + 1].islower()
        if between and (char in _QUOTES or char in "\u2013\u2014"):
            return True
        if char == "\u0153" and k > 0 and (k == len(word) - 1 or word[k + 1] not in "uiUI"):
            return True
    return False


_WESTERN_MARKS = frozenset("\ufffd\u2018\u2019\u201c\u201d\u00ab\u00bb\u2013\u2014\u00b7\u00b0\u00ba\u00aa\u20ac")


def _garbled(word: str) -> bool:
    if _mac_roman(word):
        return True
    plain = sum(char.isascii() for char in word)  # a word holds only ASCII letters besides what is not ASCII
    accented = sum(not char.isascii() and char.isalpha() for char in word)
    if accented >= 2 and accented > 2 * plain:
        return True
    symbols = (char for char in word if not char.isascii() and not char.isalpha() and char not in _WESTERN_MARKS)
    return any(unicodedata.category(char)[0] in "SPN" for char in symbols) and (plain + accented) > 0
