"""Tests how the templates' markup becomes blocks of styled runs: tags, entities, spaces, and refused tags."""

from __future__ import annotations

import pytest

from sos_print.engine.errors import SosError
from sos_print.pages.words import Block, Run, parse_blocks


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
