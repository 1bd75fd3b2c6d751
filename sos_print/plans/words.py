"""Renders every printed word from the jinja2 templates in templates/<lang>/.

Each template file holds one document's words as macros. A macro returns a
small subset of reportlab's paragraph markup (<b>, <br/>, entities) inside
block tags (<h1>, <h2>, <p>, <li>); variables are HTML-escaped by the one
Environment, so a class called `Smith & Co <B>` prints exactly as written.
"""

from __future__ import annotations

import hashlib
import os
import re
import types
from contextlib import suppress
from functools import cache, lru_cache
from html import unescape
from typing import TYPE_CHECKING

import jinja2

from sos_print import data_dir
from sos_print.engine.errors import SosError
from sos_print.engine.files import read_bounded
from sos_print.engine.frozen import frozen
from sos_print.system.cachedir import private_folder

if TYPE_CHECKING:
    from sos_print.plans.options import Language

LANGUAGES = ("en", "fr")
BLOCK_TAGS = ("h1", "h2", "h3", "p", "li")
_NNBSP = "\u202f"

Label = tuple[str, ...]  # one phrase in every language of a document, first language first
# A block whose kind starts so is the block before it in the document's second language: set one step down, in grey.
SECOND = "second-"


@cache
def environment() -> jinja2.Environment:
    """Returns the one jinja2 Environment: strict about undefined names, escaping every variable."""
    templates = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(data_dir("templates"))),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    templates.bytecode_cache = _bytecode_cache(templates)
    return templates


def _bytecode_cache(templates: jinja2.Environment) -> jinja2.BytecodeCache | None:
    """Returns jinja2's file cache of compiled templates in this user's private folder, or None where there is none.

    Compiling the templates costs about 50 ms a run; the cache brings that to a few. jinja2 keys
    a file by the template alone, yet the code also depends on the settings that compile it
    (escaping, whitespace) and on jinja2's version: they name the files too, so that code
    compiled under other settings is never used.
    """
    folder = private_folder()
    if folder is None:
        return None
    settings = (
        jinja2.__version__,
        templates.autoescape,
        templates.trim_blocks,
        templates.lstrip_blocks,
        templates.optimized,
    )
    fingerprint = hashlib.sha1(repr(settings).encode(), usedforsecurity=False).hexdigest()[:16]
    return _OptionalCache(str(folder), pattern=f"__sos_print_{fingerprint}_%s.cache")


# A compiled template is tens of kilobytes: a cache file far larger is no template's.
_LARGEST_CACHED = 4 * 1024 * 1024


class _OptionalCache(jinja2.FileSystemBytecodeCache):
    """Is jinja2's file cache, except that a cache file that cannot be used is simply not used.

    The cache is an optimisation: a full or read-only folder, or a file in it that is damaged
    or not a file at all, must not stop a run that would succeed without it. A file is read as
    an example file is (only a regular file of a sensible size, opened without waiting), then
    given to jinja2 to load; anything but code is thrown away.
    """

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        path = os.path.join(self.directory, self.pattern % (bucket.key,))
        try:
            bucket.bytecode_from_string(read_bounded(path, _LARGEST_CACHED, "a cached template"))
        except Exception:  # a damaged file can fail anywhere in jinja2, pickle or marshal
            bucket.reset()
        if not isinstance(bucket.code, types.CodeType):  # damage can unmarshal into a mere value
            bucket.reset()

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        with suppress(OSError):
            super().dump_bytecode(bucket)


@frozen
class Run:
    """Holds a stretch of text in one style."""

    text: str
    bold: bool = False


@frozen
class Block:
    """Holds one heading, paragraph or list item as styled runs."""

    kind: str
    runs: tuple[Run, ...]

    @property
    def text(self) -> str:
        """Returns the block's words without styling."""
        return "".join(run.text for run in self.runs)


def seconded(blocks: list[Block]) -> list[Block]:
    """Returns `blocks` marked as the second language's (SECOND), to follow their first language's."""
    return [Block(SECOND + block.kind, block.runs) for block in blocks]


def interleaved(first: list[Block], second: list[Block] | None) -> list[Block]:
    """Returns each block of `first` followed by its translation, the block of `second` in its place (one language:
    `first` alone)."""
    if second is None:
        return first
    return [block for pair in zip(first, seconded(second), strict=True) for block in pair]


class Words:
    """Gives the words of one language: `words("board.title", size=4)` calls macro `title` of board.j2."""

    def __init__(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise SosError(f"no templates for language {lang!r} (known: {', '.join(LANGUAGES)})")
        self.lang = lang

    def markup(self, name: str, **context: object) -> str:
        """Returns the escaped markup of macro `name` ("document.macro")."""
        document, _, macro = name.partition(".")
        module = _module(self.lang, document)
        try:
            function = getattr(module, macro)
        except AttributeError:
            raise SosError(f"templates/{self.lang}/{document}.j2 has no macro {macro!r}") from None
        markup = str(function(**context)).strip()
        return typography(markup, self.lang)

    def blocks(self, name: str, **context: object) -> list[Block]:
        """Returns the blocks of macro `name`; text outside block tags becomes one paragraph."""
        return list(_blocks(self.lang, name, tuple(sorted(context.items()))))

    def __call__(self, name: str, **context: object) -> str:
        """Returns macro `name` as plain text, one line."""
        return " ".join(block.text for block in self.blocks(name, **context))


@lru_cache(maxsize=4096)
def _blocks(lang: str, name: str, context: tuple[tuple[str, object], ...]) -> tuple[Block, ...]:
    """Renders and parses a macro once per language and arguments: the same words recur on every page."""
    return tuple(parse_blocks(Words(lang).markup(name, **dict(context))))


@cache
def _module(lang: str, document: str) -> object:
    try:
        return environment().get_template(f"{lang}/{document}.j2").module
    except jinja2.TemplateNotFound:
        raise SosError(f"missing template templates/{lang}/{document}.j2") from None


def typography(markup: str, lang: str) -> str:
    """Applies the spacing and apostrophes of `lang` to escaped markup, the values of variables included.

    In both languages: no line break inside "4 × 4", "100 mm", "100 %", a team's name "A + C", a sequence of
    letters such as "S, O, S" or seats "A, B, C", a counting example "(1, 2, 3…)", after a number ("2 points",
    "0 pour D") or a letter standing alone ("A rejoue", "O in"; before it when it closes a phrase, "de B."), or
    before a heading's short last word: a no-break space; and typographic apostrophes (an escaped &#39; too). In
    French, a narrow no-break space before ; : ! ? % » and after «.
    """
    for pattern, replacement, needs in (*_SPACING, *(_FRENCH if lang == "fr" else _ENGLISH)):
        if any(part in markup for part in needs):  # scanned only where it can match: half the time
            markup = pattern.sub(replacement, markup)
    return markup.replace("&#39;", "\u2019").replace("'", "\u2019")


_SHORT_LAST_WORD = 7  # the longest last word of a heading that keeps the word before it ("gagne", "again")
# (pattern, replacement, what a match contains one of), applied in order.
_SPACING = (
    # A gift pictured in words, three cells of a line ("S _ S", "S O _"), is one thing a child must recognise whole.
    (re.compile(r"(?<![\w\u00a0])([S_O]) ([S_O]) ([S_O])(?![\w\u00a0])"), "\\1\u00a0\\2\u00a0\\3", ("_",)),
    (re.compile(r"(\d) \u00d7 (\d)"), "\\1\u00a0\u00d7\u00a0\\2", ("\u00d7",)),
    (re.compile(r"(\d) (mm|cm)\b"), "\\1\u00a0\\2", ("mm", "cm")),
    (re.compile(r"\b(S|O|empty|vide), (?=(?:S|O|empty|vide)\b)"), "\\1,\u00a0", (", ",)),
    (re.compile(r"\b([SO]) (?=[SO]\b)"), "\\1\u00a0", ("S ", "O ")),
    (re.compile(r"(?<![\w\-])([A-D]), (?=[A-D]\b)"), "\\1,\u00a0", (", ",)),  # seats in order, "(A, B…)"
    (re.compile(r"\b([A-D]) \+ ([A-D])\b"), "\\1\u00a0+\u00a0\\2", (" + ",)),  # a team's name, "A + C"
    # A team's two seats said in words are one thing too: "A et / C contre B et D" split a team (review dz101, 7).
    (re.compile(r"\b([A-D]) (and|et) ([A-D])\b"), "\\1\u00a0\\2\u00a0\\3", (" and ", " et ")),
    # A number never ends a line alone: it keeps the word after it ("2 points", "0 pour D", "5 autres", "9 on 3 × 3").
    # A number that is part of a name ("B2", "L2C3") or of a decimal is not one.
    (re.compile(r"(?<![\w.,\u2019'#])(\d+) (?=\w)"), "\\1\u00a0", tuple(f"{digit} " for digit in "0123456789")),
    # A counting example that trails off, "(1, 2, 3…)", is one thing: no break inside it.
    (re.compile(r"(\d), (?=\d[\d, \u00a0]*\u2026)"), "\\1,\u00a0", ("\u2026",)),
    # A heading never ends with a short word alone on its last line: the word keeps the one before it.
    (re.compile(rf"(?<=\S) (?=[^\s<]{{1,{_SHORT_LAST_WORD}}}</h[1-3]>)"), "\u00a0", ("</h",)),
    # A letter standing alone (a seat, S or O) never ends a line: it keeps the word after it ("A rejoue", "O in");
    # closing a phrase, it keeps the word before it instead ("de B.", "un S"). One neighbour, never both: "leaves B
    # nothing" held whole is carried to the next line and leaves a gap at the end of this one.
    # A seat's name is one ("player A", "l'équipe B + D"), and so is a letter with its article ("an S", "un O").
    (
        re.compile(r"\b([Pp]layer|[Tt]eam|joueur|équipe) (?=[A-D]\b)"),
        "\\1\u00a0",
        ("layer ", "eam ", "joueur ", "équipe "),
    ),
    (
        re.compile(r"\b([Aa]n?|[Tt]he|[Uu]ne?|[Ll][ea]|du|au) (?=[SO](?![\w\-\u2019']))"),
        "\\1\u00a0",
        (" S", " O"),
    ),
    (
        re.compile(r"(?<![\w\-\u2019'&#;\u00a0])([A-DSO]) (?=[\w\u00ab(])"),
        "\\1\u00a0",
        ("A ", "B ", "C ", "D ", "S ", "O "),
    ),
    (
        re.compile(r"(?<=\w) ([A-DSO])(?=[.;:!?)\u2026]|,(?!\u00a0)|<|$)"),
        "\u00a0\\1",
        (" A", " B", " C", " D", " S", " O"),
    ),
)
# Only existing spaces change: an entity such as &amp; ends in ";" with no space before it.
_FRENCH = (
    (re.compile(r"[ \u00a0]+([;:!?%\u00bb])"), _NNBSP + r"\1", (";", ":", "!", "?", "%", "\u00bb")),
    (re.compile(r"\u00ab[ \u00a0]+"), "\u00ab" + _NNBSP, ("\u00ab",)),
)
_ENGLISH = ((re.compile(r"(\d) %"), "\\1\u00a0%", (" %",)),)


# A tag as html.parser finds one: "<", a letter, the name, anything up to ">"; any other "<" is text.
_TAG = r"<(/?)([a-zA-Z][^\t\n\r\f />\x00]*)[^>]*>"


class _BlockBuilder:
    """Turns the markup subset into blocks, tag by tag; any other tag is a template error."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.kind: str | None = None
        self.runs: list[Run] = []
        self.bold = 0

    def start(self, tag: str) -> None:
        if tag in BLOCK_TAGS:
            self.close()
            self.kind = tag
        elif tag == "b":
            self.bold += 1
        elif tag == "br":
            self.runs.append(Run("\n"))
        else:
            raise SosError(f"unknown tag <{tag}> in a template")

    def end(self, tag: str) -> None:
        if tag in BLOCK_TAGS:
            self.close()
        elif tag == "b":
            self.bold -= 1

    def data(self, data: str) -> None:
        text = re.sub(r"[ \t\r\n]+", " ", unescape(data) if "&" in data else data)
        if text.strip() or (self.runs and text):
            self.runs.append(Run(text, self.bold > 0))

    def close(self) -> None:
        runs = _trim(self.runs)
        if runs:
            self.blocks.append(Block(self.kind or "p", runs))
        self.kind, self.runs = None, []


def _trim(runs: list[Run]) -> tuple[Run, ...]:
    """Drops spaces at the ends of a block and merges neighbouring runs of one style."""
    merged: list[Run] = []
    for run in runs:
        if merged and merged[-1].bold == run.bold:
            merged[-1] = Run(merged[-1].text + run.text, run.bold)
        else:
            merged.append(run)
    if merged:
        merged[0] = Run(merged[0].text.lstrip(" "), merged[0].bold)
        merged[-1] = Run(merged[-1].text.rstrip(" "), merged[-1].bold)
    return tuple(run for run in merged if run.text)


def parse_blocks(markup: str) -> list[Block]:
    """Parses the markup subset into blocks (html.parser would do, at three times the cost on every phrase)."""
    builder = _BlockBuilder()
    done = 0
    for tag in re.finditer(_TAG, markup):
        builder.data(markup[done : tag.start()])
        closing, name = tag.group(1), tag.group(2).lower()
        if closing:
            builder.end(name)
        else:
            builder.start(name)
            if tag.group(0).endswith("/>"):
                builder.end(name)
        done = tag.end()
    builder.data(markup[done:])
    builder.close()
    return builder.blocks


class Vocabulary:
    """Gives each phrase in every language of a document."""

    def __init__(self, language: Language) -> None:
        self.words = [Words(code) for code in language.codes]

    def label(self, name: str, **context: object) -> Label:
        """Returns macro `name` as one line of plain text per language."""
        return tuple(words(name, **context) for words in self.words)

    def blocks(self, name: str, **context: object) -> list[list[Block]]:
        """Returns macro `name` as blocks, one list per language."""
        return [words.blocks(name, **context) for words in self.words]
