"""Creates PDF documents: embedded fonts, exact paper, metadata, bookmarks, deterministic bytes."""

from __future__ import annotations

import contextlib
import io
import threading
from collections.abc import Callable, Hashable, Iterator
from typing import TYPE_CHECKING, cast

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from sos_print import __version__
from sos_print.pdf.fonts import REGULAR, register_fonts
from sos_print.plans.layout import MM, Box, Paper

if TYPE_CHECKING:
    from sos_print.pdf.fields import FormFields

PDF_LANG = {"en": "en", "fr": "fr-FR"}


class Document:
    """Wraps one reportlab canvas drawing into memory; `finish()` returns the PDF bytes."""

    def __init__(self, paper: Paper, *, title: str, subject: str, lang: str, keywords: str = "") -> None:
        register_fonts()
        self.paper = paper
        self.pages = 0
        self._buffer = io.BytesIO()
        self._reused: dict[Hashable, str] = {}
        self._folios: list[tuple[str, int, Callable[[Canvas, int, int], None], Box]] = []
        self._numbered: tuple[Callable[[Canvas, int], None], float, float] | None = None
        self._footed: tuple[Callable[[Canvas, int, int], None], Box, float, float] | None = None
        self._outline_level = -1
        self._bookmarks = 0
        self._form: FormFields | None = None
        self.drawn = True  # False for a trial: what `reuse` would draw is not even worked out
        # invariant: no timestamp or random ID in the file, so the same inputs give the same bytes.
        self.canvas = Canvas(
            self._buffer,
            pagesize=paper.size_pt,
            invariant=True,
            pageCompression=1,
            initialFontName=REGULAR,
            lang=PDF_LANG.get(lang, lang),
        )
        self.canvas.setTitle(title)
        self.canvas.setSubject(subject)
        self.canvas.setKeywords(keywords)
        self.canvas.setCreator(f"sos_print {__version__}")
        self.canvas.setAuthor("sos_print")
        self.canvas.setViewerPreference("PrintScaling", "None")
        self.canvas.setViewerPreference("DisplayDocTitle", "true")

    @classmethod
    def trial(cls, paper: Paper) -> Document:
        """Returns a document that lays its pages out and counts them but draws nothing: a layout tried before it is
        chosen costs its measuring only. Layout never reads the canvas, so the pages counted are the pages a real
        document of the same content gets."""
        document = cls(paper, title="", subject="", lang="en")
        document.canvas = cast(Canvas, _Discarded())
        document.drawn = False
        return document

    @property
    def form(self) -> FormFields:
        """Returns the document's fillable fields, made on first use: a document without fields has no form."""
        if self._form is None:
            from sos_print.pdf.fields import FormFields  # only fillable audits have fields: the kit never loads it

            self._form = FormFields(self.canvas)
        return self._form

    def bookmark(self, title: str, level: int = 0) -> None:
        """Adds an outline entry pointing at the current page."""
        self._bookmarks += 1
        key = f"section{self._bookmarks}"
        self.canvas.bookmarkPage(key)
        self.canvas.addOutlineEntry(title, key, level=min(level, self._outline_level + 1))
        self._outline_level = min(level, self._outline_level + 1)

    def reuse(self, key: Hashable, area: Box, draw: Callable[[Canvas], None], x: float, y: float) -> None:
        """Draws `draw` with its origin at (x, y) mm; the first time as a form, later by reference.

        `area` is the part of the drawing's own space (mm, around its origin) that the form
        keeps. What recurs, such as thirty identical boards or an example's diagram in each
        language of a bilingual document, is then written once.
        """
        name = self._reused.get(key)
        if name is None:
            name = f"figure{len(self._reused) + 1}"
            if self.drawn:
                self.canvas.beginForm(name, area.x * MM, area.y * MM, area.right * MM, area.top * MM)
                draw(self.canvas)
                self.canvas.endForm()
            self._reused[key] = name
        self.canvas.saveState()
        self.canvas.translate(x * MM, y * MM)
        self.canvas.doForm(name)
        self.canvas.restoreState()

    def folio(self, draw: Callable[[Canvas, int, int], None], area: Box, x: float, y: float) -> None:
        """Draws the current page's number with its origin at (x, y) mm: `draw(canvas, page, pages)` draws it,
        within `area` (mm, around its origin), when the document is finished and its pages are counted ("page 3 of
        12" in a file of several parts, each drawn before the next is known)."""
        name = f"folio{len(self._folios) + 1}"
        self._folios.append((name, self.pages + 1, draw, area))
        self.canvas.saveState()
        self.canvas.translate(x * MM, y * MM)
        self.canvas.doForm(name)  # a form may be used before it is made: it is made in `finish`
        self.canvas.restoreState()

    def number_pages(self, draw: Callable[[Canvas, int], None], x: float, y: float) -> None:
        """Has every page ended from now on, but one left blank, carry its number, which `draw(canvas, page)` draws
        with its origin at (x, y) mm (in the page itself: a number alone needs no count of the pages)."""
        self._numbered = (draw, x, y)

    def foot_pages(self, draw: Callable[[Canvas, int, int], None], area: Box, x: float, y: float) -> None:
        """Has every page ended from now on, but one left blank, carry a `folio` (its number and the file's count) at
        (x, y) mm, drawn last: a page's text reads its foot last."""
        self._footed = (draw, area, x, y)

    def end_page(self, *, blank: bool = False, numbered: bool = True) -> None:
        """Finishes the current page (`blank`: one left empty on purpose; `numbered=False`: one whose drawing leaves
        no room for its number; neither carries one)."""
        if self._footed and numbered and not blank:
            self.folio(*self._footed)
        if self._numbered and numbered and not blank:
            draw, x, y = self._numbered
            self.canvas.saveState()
            self.canvas.translate(x * MM, y * MM)
            draw(self.canvas, self.pages + 1)
            self.canvas.restoreState()
        self.canvas.showPage()
        self.pages += 1

    def finish(self) -> bytes:
        """Returns the finished PDF."""
        if self.pages:
            self.canvas.showOutline()
        for name, page, draw, area in self._folios:
            self.canvas.beginForm(name, area.x * MM, area.y * MM, area.right * MM, area.top * MM)
            draw(self.canvas, page, self.pages)
            self.canvas.endForm()
        if self._form is not None:
            self._form.finish()
        with _binary_streams(), _quiet():
            self.canvas.save()
        return self._buffer.getvalue()


class _Discarded:
    """Takes every canvas call and does nothing (returning itself, for a text or path object begun on it)."""

    def __getattr__(self, name: str) -> Callable[..., _Discarded]:
        return self._nothing

    def _nothing(self, *args: object, **kwargs: object) -> _Discarded:
        return self


def _quiet() -> contextlib.AbstractContextManager[object]:
    """Keeps what reportlab prints off the run's output: it prints a dictionary it was writing when anything
    interrupts it there, Ctrl-C included (a bare except in pdfdoc), above the run's one line (tests/test_signals.py
    caught it once in CI). Only a command's own thread, where Ctrl-C lands: sys.stdout is the process's, and the web
    page's worker threads write documents side by side."""
    if threading.current_thread() is not threading.main_thread():
        return contextlib.nullcontext()
    return contextlib.redirect_stdout(io.StringIO())


@contextlib.contextmanager
def _binary_streams() -> Iterator[None]:
    """Writes compressed streams as binary, not ASCII85: a quarter smaller and quicker to write."""
    saved = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = saved
