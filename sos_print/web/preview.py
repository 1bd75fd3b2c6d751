"""Draws the first pages of a PDF as small PNG pictures, for the page's preview before a download.

PDFium (pypdfium2) reads the PDF and draws it in grey; the pictures are written as PNG here, a
few lines on zlib, rather than with an imaging library the rest of sos-print never needs.
PDFium is not safe to call from two threads at once: one lock serves the whole process.
"""

from __future__ import annotations

import struct
import threading
import zlib

PREVIEW_WIDTH = 420  # pixels: a page as wide as a phone's screen, sharp enough to read the titles
_LOCK = threading.Lock()


def preview(data: bytes, pages: int = 2) -> list[bytes]:
    """Returns the first `pages` pages of the PDF `data` as PNG pictures, PREVIEW_WIDTH pixels wide."""
    import pypdfium2

    pictures = []
    with _LOCK:
        document = pypdfium2.PdfDocument(data)
        try:
            for number in range(min(pages, len(document))):
                page = document[number]
                width = page.get_width()  # points
                bitmap = page.render(scale=PREVIEW_WIDTH / width, grayscale=True)
                pictures.append(png(bytes(bitmap.buffer), bitmap.width, bitmap.height, bitmap.stride))
                bitmap.close()
                page.close()
        finally:
            document.close()
    return pictures


def png(grey: bytes, width: int, height: int, stride: int) -> bytes:
    """Returns a PNG file of 8-bit grey pixels, rows `stride` bytes apart."""
    rows = b"".join(b"\0" + grey[row * stride : row * stride + width] for row in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)  # 8 bits, grey, no interlace
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(rows, 6)) + _chunk(b"IEND")


def _chunk(kind: bytes, data: bytes = b"") -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
