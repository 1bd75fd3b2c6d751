"""Tests how the templates' markup becomes blocks of styled runs: tags, entities, spaces, and refused tags."""

from __future__ import annotations

import pytest

from sos_print.engine.errors import SosError
from sos_print.plans.words import Block, Run, parse_blocks


def shown(blocks: list[Block]) -> list[tuple[str, list[tuple[str, bool]]]]:
    """Returns blocks as plain data, for readable failures."""
    return [(block.kind, [(run.text, run.bold) for run in block.runs]) for block in blocks]


@pytest.mark.parametrize(
    ("markup", "expected"),
    [
        ("Write S or O.", [("p", [("Write S or O.", False)])]),
        ("<h2>Scoring</h2><p>One point.</p>", [("h2", [("Scoring", False)]), ("p", [("One point.", False)])]),
        (
            "<p>Write <b>S</b> or <b>O</b>.</p>",
            [("p", [("Write ", False), ("S", True), (" or ", False), ("O", True), (".", False)])],
        ),
        ("<li>first</li>\n  <li>second</li>", [("li", [("first", False)]), ("li", [("second", False)])]),
        ("<p>  many\n   spaces\tand\r\nlines  </p>", [("p", [("many spaces and lines", False)])]),
        (
            "<p>A &amp; B &lt;C&gt; &#39;x&#39; &#34;y&#34; &quot;z&quot;</p>",
            [("p", [('A & B <C> \'x\' "y" "z"', False)])],
        ),
        ("<p>one<br>two<br/>three</p>", [("p", [("one\ntwo\nthree", False)])]),
        ("<P>Upper <B>case</B></P>", [("p", [("Upper ", False), ("case", True)])]),
        ("<p><b>all bold</b></p>", [("p", [("all bold", True)])]),
        ("<p>a <b>b <b>c</b> d</b> e</p>", [("p", [("a ", False), ("b c d", True), (" e", False)])]),
        (
            "text before<p>para</p>text after",
            [("p", [("text before", False)]), ("p", [("para", False)]), ("p", [("text after", False)])],
        ),
        ("<p>   </p><p></p>", []),
        ("1 < 2 and 3 > 2", [("p", [("1 < 2 and 3 > 2", False)])]),
        ("<h3>\u00a0non-breaking\u202f!</h3>", [("h3", [("\u00a0non-breaking\u202f!", False)])]),
    ],
    ids=[
        "plain",
        "heading-and-paragraph",
        "bold-runs",
        "list-items",
        "spaces-fold",
        "entities",
        "line-breaks",
        "upper-case-tags",
        "all-bold",
        "nested-bold",
        "text-outside-blocks",
        "empty-blocks-dropped",
        "lone-angle-brackets",
        "no-break-spaces-kept",
    ],
)
def test_markup_becomes_blocks_of_styled_runs(markup, expected):
    assert shown(parse_blocks(markup)) == expected


@pytest.mark.parametrize("markup", ["<p>see <i>this</i></p>", "<table><tr><td>x</td></tr></table>", "<u>x</u>"])
def test_a_tag_outside_the_subset_is_a_template_error_that_names_it(markup):
    tag = markup.split(">")[0].split("<")[-1] if not markup.startswith("<p>") else "i"
    with pytest.raises(SosError, match=f"unknown tag <{tag}> in a template"):
        parse_blocks(markup)


def test_runs_are_records_with_their_style():
    [block] = parse_blocks("<p><b>S</b>-O-S</p>")
    assert block.runs == (Run("S", True), Run("-O-S", False))
    assert block.text == "S-O-S"


# ---- against an oracle: the same subset read with the standard library's HTML parser -------------------------------

from html.parser import HTMLParser  # noqa: E402  # the oracle's only

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


class _Oracle(HTMLParser):
    """Reads the markup subset with html.parser: blocks of (kind, [(text, bold)]), in the same rules."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[tuple[str, list[tuple[str, bool]]]] = []
        self.kind: str | None = None
        self.runs: list[tuple[str, bool]] = []
        self.bold = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("h1", "h2", "h3", "p", "li"):
            self.flush()
            self.kind = tag
        elif tag == "b":
            self.bold += 1
        elif tag == "br":
            self.runs.append(("\n", False))
        else:
            raise ValueError(f"unknown tag <{tag}>")

    def handle_endtag(self, tag):
        if tag in ("h1", "h2", "h3", "p", "li"):
            self.flush()
        elif tag == "b":
            self.bold -= 1

    def handle_data(self, data):
        text = " ".join(data.replace("\t", " ").replace("\r", " ").replace("\n", " ").split(" "))
        while "  " in text:
            text = text.replace("  ", " ")
        if text.strip() or (self.runs and text):
            self.runs.append((text, self.bold > 0))

    def flush(self):
        merged: list[tuple[str, bool]] = []
        for text, bold in self.runs:
            if merged and merged[-1][1] == bold:
                merged[-1] = (merged[-1][0] + text, bold)
            else:
                merged.append((text, bold))
        if merged:
            merged[0] = (merged[0][0].lstrip(" "), merged[0][1])
            merged[-1] = (merged[-1][0].rstrip(" "), merged[-1][1])
        merged = [run for run in merged if run[0]]
        if merged:
            self.blocks.append((self.kind or "p", merged))
        self.kind, self.runs = None, []


def oracle(markup: str) -> list[tuple[str, list[tuple[str, bool]]]]:
    reader = _Oracle()
    reader.feed(markup)
    reader.close()
    reader.flush()
    return reader.blocks


# No "<" in text: escaped values never hold one, and html.parser reads "<!" and "<?" as declarations,
# which templates never write (a lone "<" in a template's words is a case of the table above).
TEXT = st.text(alphabet="SOab é«»:;?!\u00a0\u202f\t\n&>#;'\"0123456789×", max_size=12)
ENTITY = st.sampled_from(["&amp;", "&lt;", "&gt;", "&#39;", "&#34;", "&quot;", "&nbsp;", "&#8209;", "&", "&amp"])
TAG = st.sampled_from(
    ["<p>", "</p>", "<h2>", "</h2>", "<h3>", "</h3>", "<li>", "</li>", "<b>", "</b>", "<br>", "<br/>", "<i>", "</x>"]
)
TAG_CASED = TAG.map(str.upper) | TAG


def outcome(read, markup: str) -> object:
    """Returns what `read` makes of the markup, or the unknown tag it refused."""
    try:
        return read(markup)
    except (SosError, ValueError) as error:
        return str(error).split(" in a template")[0]


@given(st.lists(TEXT | ENTITY | TAG_CASED, max_size=14).map("".join))
def test_markup_reads_as_the_standard_librarys_html_parser_reads_it(markup):
    assert outcome(lambda text: shown(parse_blocks(text)), markup) == outcome(oracle, markup), repr(markup)
