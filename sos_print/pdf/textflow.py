"""Sets styled text into lines and boxes on a reportlab canvas.

reportlab's own Paragraph and simpleSplit break lines at every Unicode space,
including the narrow no-break space French puts before ":" and "?", so the
punctuation could start a line. This module breaks at ordinary spaces and
explicit line breaks only, and keeps the rest of a word together, but for a
soft hyphen (U+00AD, which text pasted from a word processor carries): it is
invisible, and a line may break there, ending in a hyphen.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from sos_print.engine.frozen import frozen
from sos_print.pdf.fonts import BOLD, REGULAR, register_fonts
from sos_print.plans.layout import MM
from sos_print.plans.words import Run

DESCENT = 0.28  # how far letters reach below the baseline, as a share of the type size
Piece = tuple[str, str]  # (text, font name)
SOFT_HYPHEN = "\u00ad"
SEPARATOR = "\u00b7"  # between the parts of a running head or a list: it starts a line, never ends one
_AFTER_HYPHEN = re.compile(r"(?<=-)(?=.)")


def after_hyphens(text: str) -> list[str]:
    """Splits a text after each of its hyphens that something follows: "Marie-Charlotte" into "Marie-", "Charlotte"."""
    return _AFTER_HYPHEN.split(text)


@frozen
class Line:
    """Holds one set line: its words (each a list of pieces) and its width in points."""

    words: tuple[tuple[Piece, ...], ...]
    width: float


def font_of(run: Run) -> str:
    """Returns the font name a run is set in."""
    return BOLD if run.bold else REGULAR


@lru_cache(maxsize=8192)
def width_of(text: str, font: str, size: float) -> float:
    """Returns the width in points of `text` in `font` at `size` points (words recur: it remembers)."""
    register_fonts()  # measuring needs the font metrics, even before any document exists
    return float(stringWidth(text, font, size))


def set_lines(runs: Sequence[Run], width_mm: float, size: float, indent_mm: float = 0.0) -> tuple[Line, ...]:
    """Breaks `runs` into lines no wider than `width_mm` at `size` points, the first `indent_mm` narrower (it starts
    after a mark, such as a puzzle's star)."""
    return _set_lines(tuple(runs), width_mm, size, indent_mm)


@lru_cache(maxsize=2048)
def _set_lines(runs: tuple[Run, ...], width_mm: float, size: float, indent_mm: float) -> tuple[Line, ...]:
    """Sets lines once per text and measure: layouts measure a block, then draw it."""
    full = width_mm * MM
    width = full - indent_mm * MM  # the first line's room; every later line has the full width
    lines: list[Line] = []
    words: list[tuple[Piece, ...]] = []
    used = 0.0
    spaces = {font: width_of(" ", font, size) for font in (REGULAR, BOLD)}  # a space after each word, in its font
    for whole, forced_break in _words(runs):
        gap = spaces[words[-1][-1][1]] if words else 0.0
        while words and (split := _hyphenated(whole, width - used - gap, size)):
            head, whole = split  # the word does not fit whole: its part up to a soft hyphen ends the line
            words.append(head)
            lines.append(Line(tuple(words), used + gap + _width(head, size)))
            words, used, gap, width = [], 0.0, 0.0, full
        for word, word_width in _fitting(_visible(whole), full, size):
            gap = spaces[words[-1][-1][1]] if words else 0.0
            # A word too wide even alone for an indented first line leaves it empty and starts the next line.
            if (words or width < full) and used + gap + word_width > width:
                carried = _separator(words)
                if carried:  # the line gives up the separator and the space before it
                    used -= spaces[words[-1][-1][1]] + _width(carried, size)
                lines.append(Line(tuple(words), used))
                words = [carried] if carried else []
                used = _width(carried, size) if carried else 0.0
                gap, width = (spaces[carried[-1][1]] if carried else 0.0), full
            words.append(word)
            used += gap + word_width
        if forced_break:
            lines.append(Line(tuple(words), used))
            words, used, width = [], 0.0, full
    if words:
        lines.append(Line(tuple(words), used))
    return tuple(lines)


def _separator(words: list[tuple[Piece, ...]]) -> tuple[Piece, ...] | None:
    """Takes and returns a separator ("·") that would end a line after other words: it starts the next line. A key's
    running head broke "Maximilian-Alexander Vandenberghe-Oppenh ·" / "Fiche 1 sur 2", the dot left hanging (fr57)."""
    if len(words) > 1 and "".join(text for text, _ in words[-1]) == SEPARATOR:
        return words.pop()
    return None


def _fitting(word: tuple[Piece, ...], width: float, size: float) -> list[tuple[tuple[Piece, ...], float]]:
    """Returns the word whole, or cut into parts no wider than `width` points if it is wider (a long name, a URL),
    each with its width: after its own hyphens first, as many of its parts on a line as fit; a part wider still is
    cut between letters, each cut ending in a hyphen. A replay's narrow caption cut "Maximilian-Alex" / "ander",
    where "Maximilian-" fitted (review rv58 B2)."""
    whole = _width(word, size)
    if not word or whole <= width:
        return [(word, whole)] if word else []
    parts: list[tuple[tuple[Piece, ...], float]] = []
    for segment in _segments(word):
        segment_width = _width(segment, size)
        if parts and parts[-1][1] + segment_width <= width:
            joined = _joined(parts[-1][0], segment)
            parts[-1] = (joined, _width(joined, size))
        elif segment_width <= width:
            parts.append((segment, segment_width))
        else:
            parts += [(part, _width(part, size)) for part in _cut(segment, width, size)]
    return parts


def _segments(word: tuple[Piece, ...]) -> list[tuple[Piece, ...]]:
    """Splits a word after each of its hyphens: "Maximilian-Alexander" into "Maximilian-" and "Alexander"."""
    segments: list[list[Piece]] = [[]]
    for text, font in word:
        for part in after_hyphens(text):
            segments[-1].append((part, font))
            if part.endswith("-"):
                segments.append([])
    return [tuple(segment) for segment in segments if segment]


def _joined(first: tuple[Piece, ...], then: tuple[Piece, ...]) -> tuple[Piece, ...]:
    """Returns two parts of a word as one, a piece of one font across the join kept whole."""
    if first[-1][1] == then[0][1]:
        return (*first[:-1], (first[-1][0] + then[0][0], first[-1][1]), *then[1:])
    return first + then


def _cut(word: tuple[Piece, ...], width: float, size: float) -> list[tuple[Piece, ...]]:
    """Cuts a word wider than `width` points between letters into parts that fit, each but the last with a hyphen."""
    parts: list[tuple[Piece, ...]] = []
    current: list[Piece] = []
    used = 0.0
    for text, font in word:
        for char in text:
            char_width = width_of(char, font, size)
            if current and used + char_width + width_of("-", current[-1][1], size) > width:
                parts.append((*current[:-1], (current[-1][0] + "-", current[-1][1])))
                current, used = [], 0.0
            if current and current[-1][1] == font:
                current[-1] = (current[-1][0] + char, font)
            else:
                current.append((char, font))
            used += char_width
    return [*parts, tuple(current)] if current else parts


def _visible(word: tuple[Piece, ...]) -> tuple[Piece, ...]:
    """Returns a word without its soft hyphens, which print nothing where the line does not break."""
    if not any(SOFT_HYPHEN in text for text, _ in word):
        return word
    return tuple((text.replace(SOFT_HYPHEN, ""), font) for text, font in word if text.replace(SOFT_HYPHEN, ""))


def _hyphenated(
    word: tuple[Piece, ...], room: float, size: float
) -> tuple[tuple[Piece, ...], tuple[Piece, ...]] | None:
    """Returns a word that does not fit in `room` points cut at its last soft hyphen that lets its first part and a
    hyphen fit there: (that part and the hyphen, the rest), or None when it fits whole or no cut fits."""
    if not any(SOFT_HYPHEN in text for text, _ in word) or _width(_visible(word), size) <= room:
        return None
    cuts = [(k, at) for k, (text, _) in enumerate(word) for at, char in enumerate(text) if char == SOFT_HYPHEN]
    for k, at in reversed(cuts):
        text, font = word[k]
        head = _visible((*word[:k], (text[:at], font))) + (("-", font),)
        if _width(head, size) <= room:
            tail = ((text[at + 1 :], font), *word[k + 1 :]) if text[at + 1 :] else word[k + 1 :]
            return head, tail
    return None


def _words(runs: Sequence[Run]) -> list[tuple[tuple[Piece, ...], bool]]:
    """Splits runs at ordinary spaces and line breaks: (word pieces, whether a line break follows)."""
    result: list[tuple[tuple[Piece, ...], bool]] = []
    current: list[Piece] = []
    for run in runs:
        font = font_of(run)
        for n, chunk in enumerate(run.text.split("\n")):
            if n:
                result.append((tuple(current), True))
                current = []
            for k, part in enumerate(chunk.split(" ")):
                if k:
                    result.append((tuple(current), False))
                    current = []
                if part:
                    current.append((part, font))
    result.append((tuple(current), False))
    return result


def _width(word: tuple[Piece, ...], size: float) -> float:
    if len(word) == 1:  # most words are one piece: no generator to sum
        return width_of(word[0][0], word[0][1], size)
    return sum(width_of(text, font, size) for text, font in word)


def draw_lines(
    canvas: Canvas, lines: Sequence[Line], x_mm: float, top_mm: float, size: float, leading: float, align: str = "left"
) -> float:
    """Draws `lines`, the first baseline one type size below `top_mm`; returns the bottom of the last line (mm).

    `align` is "left", "centre" or "right"; for the last two, `x_mm` is the centre or the right edge.
    """
    baseline = top_mm * MM - size
    text = canvas.beginText()
    font = None
    start = None
    for line in lines:
        shift = {"left": 0.0, "centre": line.width / 2, "right": line.width}[align]
        if start is None:
            text.setTextOrigin(x_mm * MM - shift, baseline)
        else:  # from the start of the line above: "0 -12.8 Td" is shorter than a new origin, and compresses
            text.moveCursor(x_mm * MM - shift - start, leading)
        start = x_mm * MM - shift
        for run_font, run in _font_runs(line):
            if run_font != font:
                font = run_font
                text.setFont(font, size)
            text.textOut(run)
        baseline -= leading
    canvas.drawText(text)
    return (baseline + leading) / MM - DESCENT * size / MM


def _font_runs(line: Line) -> list[tuple[str, str]]:
    """Joins a line's words into (font, text) runs, so that each run is drawn by one call."""
    runs: list[tuple[str, str]] = []
    font = ""
    texts: list[str] = []  # the current run's pieces, joined once it ends (a line is drawn once: no string grows)
    for word in line.words:
        if texts:
            # As set_lines measured it, the space is set in the font the previous word ended in.
            texts.append(" ")
        for text, piece_font in word:
            if piece_font != font:
                if texts:
                    runs.append((font, "".join(texts)))
                font, texts = piece_font, []
            texts.append(text)
    if texts:
        runs.append((font, "".join(texts)))
    return runs
