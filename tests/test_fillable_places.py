"""A filled audit is read as its pages show it: every read field where sos-print put it, and no ink over one.

Each case is an audit filled with a true 3 x 3 game, then changed as an editor or a tool could change it (issue 20,
sweep 41, A1 and A2): the page then shows other claims than the fields hold, so `check` must refuse it.
"""

from __future__ import annotations

import io
import re
from functools import lru_cache

import pytest
from formfill import fill, move_values, widgets
from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    NameObject,
    NumberObject,
    StreamObject,
    TextStringObject,
)
from typer.testing import CliRunner

from sos_print.cli import app
from sos_print.documents.audit import audit_document
from sos_print.engine.notation import Notation, cell_name
from sos_print.engine.rules import Board, Letter, Move, Position, Variant
from sos_print.plans.layout import Paper
from sos_print.plans.options import Language, PrintOptions

GAME = [("A1", "S"), ("B2", "O"), ("C3", "S"), ("A3", "S"), ("C1", "S"), ("B1", "O"), ("B3", "O")]
TAIL = "what sos-print would read is not what the audit shows; send the file the audit was filled in"
MOVED = "group 1's field 'group1.{}' {} on page 1: the form was changed after it was written; " + TAIL
INKED = "page 1 shows ink drawn over group 1's field 'group1.{}' (added to the page, not typed in the field): " + TAIL


def steps(moves, size=3, variant=None):
    position, played = Position.start(Board.empty(size), variant or Variant()), []
    for name, letter in moves:
        cell = next(c for c in position.board.empty_cells() if cell_name(c, size) == name)
        played.append(position.step(Move(cell, Letter(letter))))
        position = played[-1].after
    return played


@lru_cache(maxsize=4)
def filled(wrong: bool = False) -> bytes:
    values = move_values(steps(GAME), 3, Notation.A1, Variant())
    if wrong:  # two false claims: 5 points on row 2, the lines of row 3
        values |= {"group1.move.2.points": "5", "group1.move.3.lines": "A1-A3"}
    return fill(audit_document(PrintOptions(size=3), fillable=True).data, values)


def widget(writer: PdfWriter, name: str):
    for annotation in writer.pages[0]["/Annots"]:
        node, parts = annotation.get_object(), []
        while node is not None:
            parts.insert(0, str(node.get("/T", "")))
            node = node.get("/Parent").get_object() if "/Parent" in node else None
        if ".".join(part for part in parts if part) == name:
            return annotation.get_object()
    raise AssertionError(f"no widget {name}")


def box(writer: PdfWriter, name: str) -> list[float]:
    return [float(v) for v in widget(writer, name)["/Rect"]]


def rect(values) -> ArrayObject:
    return ArrayObject([FloatObject(v) for v in values])


def swap_points(writer: PdfWriter) -> None:
    two, three = widget(writer, "group1.move.2.points"), widget(writer, "group1.move.3.points")
    two[NameObject("/Rect")], three[NameObject("/Rect")] = three["/Rect"], two["/Rect"]


def cover_with_a_blank_widget(writer: PdfWriter) -> None:
    # Row 8's empty points widget laid over row 2's, drawn as an opaque white box: row 2 shows nothing.
    two = box(writer, "group1.move.2.points")
    eight = widget(writer, "group1.move.8.points")
    eight[NameObject("/Rect")] = rect(two)
    white = DecodedStreamObject()
    white.set_data(f"1 1 1 rg 0 0 {two[2] - two[0]:.2f} {two[3] - two[1]:.2f} re f".encode())
    white[NameObject("/Subtype")] = NameObject("/Form")
    white[NameObject("/BBox")] = rect([0, 0, two[2] - two[0], two[3] - two[1]])
    eight[NameObject("/AP")] = DictionaryObject({NameObject("/N"): writer._add_object(white)})


def date_over_points(writer: PdfWriter) -> None:
    widget(writer, "group1.date")[NameObject("/Rect")] = rect(box(writer, "group1.move.2.points"))


def drawing(writer: PdfWriter, content: str, width: float, height: float) -> DictionaryObject:
    """Returns appearances whose normal one draws `content` in the form's Helvetica (/Helv) in a box of that size."""
    made = DecodedStreamObject()
    made.set_data(content.encode())
    fonts = DictionaryObject({NameObject("/Helv"): writer.root_object["/AcroForm"]["/DR"]["/Font"].raw_get("/Helv")})
    made.update(
        {
            NameObject("/Subtype"): NameObject("/Form"),
            NameObject("/BBox"): rect([0, 0, width, height]),
            NameObject("/Resources"): DictionaryObject({NameObject("/Font"): fonts}),
        }
    )
    return DictionaryObject({NameObject("/N"): writer._add_object(made)})


def popup_showing_a_digit_over_a_claim(writer: PdfWriter) -> None:
    # A popup (which an audit's page may hold, beside the note it opens) drawn as a "7" in row 2's points cell.
    x0, y0, _, y1 = box(writer, "group1.move.2.points")
    popup = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Annot"),
            NameObject("/Subtype"): NameObject("/Popup"),
            NameObject("/Rect"): rect([x0 + 2, y0 + 1, x0 + 12, y1 - 1]),
            NameObject("/F"): NumberObject(4),
            NameObject("/AP"): drawing(writer, "BT /Helv 12 Tf 0 g 1 4 Td (7) Tj ET", 10, y1 - y0 - 2),
        }
    )
    writer.pages[0]["/Annots"].append(writer._add_object(popup))


def date_laid_partly_over_a_claim(writer: PdfWriter) -> None:
    # The date's widget over the right of row 2's total of B, its middle beyond the table, typed and drawn as "7".
    x0, y0, x1, y1 = box(writer, "group1.move.2.total.B")
    date = widget(writer, "group1.date")
    date[NameObject("/Rect")] = rect([x0 + (x1 - x0) * 0.6, y0, x1 + 40, y1])
    date[NameObject("/V")] = TextStringObject("7")
    date[NameObject("/AP")] = drawing(writer, "BT /Helv 12 Tf 0 g 1 4 Td (7) Tj ET", (x1 - x0) * 0.4 + 40, y1 - y0)


def lines_out_of_their_column(writer: PdfWriter) -> None:
    lines = box(writer, "group1.move.3.lines")
    widget(writer, "group1.move.3.lines")[NameObject("/Rect")] = rect(
        [lines[0] + 120, lines[1], lines[2] + 120, lines[3]]
    )


def rows_two_and_three_swapped_whole(writer: PdfWriter) -> None:
    for column in ("player", "letter", "cell", "lines", "points", "total.A", "total.B"):
        two, three = widget(writer, f"group1.move.2.{column}"), widget(writer, f"group1.move.3.{column}")
        two[NameObject("/Rect")], three[NameObject("/Rect")] = three["/Rect"], two["/Rect"]


def totals_swapped_in_every_row(writer: PdfWriter) -> None:
    # Every row's A total under B's heading and back: each keeps its line and its column, the page names the other
    # winner (sweep 42, A4).
    for row in range(1, 10):
        one, other = widget(writer, f"group1.move.{row}.total.A"), widget(writer, f"group1.move.{row}.total.B")
        one[NameObject("/Rect")], other[NameObject("/Rect")] = other["/Rect"], one["/Rect"]


def shrunk_to_a_dot(writer: PdfWriter) -> None:
    # Row 2's points widget shrunk to a point in its cell's middle: the cell shows nothing, the field still holds 0.
    x0, y0, x1, y1 = box(writer, "group1.move.2.points")
    x, y = (x0 + x1) / 2, (y0 + y1) / 2
    widget(writer, "group1.move.2.points")[NameObject("/Rect")] = rect([x - 0.5, y - 0.5, x + 0.5, y + 0.5])


def text_in_the_pages_drawing(writer: PdfWriter) -> None:
    # As an editor's "add text" writes it: into the page's own content, over row 2's points cell.
    x0, y0, _, _ = box(writer, "group1.move.2.points")
    write_text(writer, f"{x0 + 4:.2f} {y0 + 5:.2f} Td (5) Tj")


def write_text(writer: PdfWriter, operators: str) -> None:
    """Adds text to page 1's own drawing, in the page's first font at 12 pt."""
    page = writer.pages[0]
    stamp = DecodedStreamObject()
    stamp.set_data(f"BT {next(iter(page['/Resources']['/Font']))} 12 Tf {operators} ET".encode())
    add_to_drawing(writer, page, stamp)


def add_to_drawing(writer: PdfWriter, page, stream: StreamObject) -> None:
    existing = page.raw_get("/Contents")
    items = list(existing.get_object()) if isinstance(existing.get_object(), ArrayObject) else [existing]
    page[NameObject("/Contents")] = ArrayObject([*items, writer._add_object(stream)])


def image_over_a_cell(writer: PdfWriter) -> None:
    x0, y0, x1, y1 = box(writer, "group1.move.2.points")
    page = writer.pages[0]
    image = DecodedStreamObject()
    image.set_data(b"\x00")
    image.update(
        {
            NameObject("/Subtype"): NameObject("/Image"),
            NameObject("/Width"): FloatObject(1),
            NameObject("/Height"): FloatObject(1),
            NameObject("/ColorSpace"): NameObject("/DeviceGray"),
            NameObject("/BitsPerComponent"): FloatObject(8),
        }
    )
    resources = page["/Resources"]
    xobjects = resources.get("/XObject")
    xobjects = xobjects.get_object() if xobjects is not None else DictionaryObject()
    xobjects[NameObject("/Stamp")] = writer._add_object(image)
    resources[NameObject("/XObject")] = xobjects
    draw = DecodedStreamObject()
    draw.set_data(f"q {x1 - x0:.2f} 0 0 {y1 - y0:.2f} {x0:.2f} {y0:.2f} cm /Stamp Do Q".encode())
    add_to_drawing(writer, page, draw)


def digit_drawn_as_a_path(writer: PdfWriter) -> None:
    # A "1" as a filled bar, not text: every way a page can put ink is seen as a reader draws it (sweep 42, A2).
    x0, y0, _, y1 = box(writer, "group1.move.2.points")
    bar = DecodedStreamObject()
    bar.set_data(f"0 g {x0 + 4:.2f} {y0 + 3:.2f} 2 {y1 - y0 - 6:.2f} re f".encode())
    add_to_drawing(writer, writer.pages[0], bar)


def spaces_run_into_a_cell(writer: PdfWriter) -> None:
    # A run that starts left of the table, its second "1" moved into row 2's points cell by a spacing (sweep 42, A1).
    x0, y0, _, _ = box(writer, "group1.move.2.points")
    write_text(writer, f"20 {y0 + 5:.2f} Td 0 Tc [(1) {-(x0 + 4 - 20) * 1000 / 12:.0f} (1)] TJ")


def ink_under_a_shifted_crop_box(writer: PdfWriter) -> None:
    # The shown part of the page moved by a crop box: ink must still be found where the page shows it.
    digit_drawn_as_a_path(writer)
    writer.pages[0][NameObject("/CropBox")] = rect([20, 30, 595.28, 841.89])


def turned_page(writer: PdfWriter) -> None:
    writer.pages[0][NameObject("/Rotate")] = NumberObject(90)


def wrong_copy_flattened_on_top(writer: PdfWriter) -> None:
    # A wrongly filled copy flattened (its fields turned to ink) and merged onto the right one's page.
    flat = PdfWriter(clone_from=PdfReader(io.BytesIO(filled(wrong=True))))
    values = move_values(steps(GAME), 3, Notation.A1, Variant())
    values |= {"group1.move.2.points": "5", "group1.move.3.lines": "A1-A3"}
    flat.update_page_form_field_values(flat.pages[0], values, auto_regenerate=False, flatten=True)
    flat.remove_annotations(None)
    out = io.BytesIO()
    flat.write(out)
    writer.pages[0].merge_page(PdfReader(out).pages[0])


def drawing_that_unpacks_to_three_megabytes(writer: PdfWriter) -> None:
    # A megabyte of compressed spaces that unpacked to a gigabyte took `check` to 2 GB of memory (sweep ad50 F3): a
    # page's drawing past 2 MB is refused before PDFium draws it, as this one of 3 MB (the test keeps to a few).
    spaces = DecodedStreamObject()
    spaces.set_data(b" " * 3_000_000)
    add_to_drawing(writer, writer.pages[0], spaces.flate_encode(level=9))


def page_of_a_giant(writer: PdfWriter) -> None:
    # A page 60,000 points a side took a 92 KB file's reading to 3.6 GB (sweep ad50 F3).
    writer.pages[0][NameObject("/MediaBox")] = rect([0, 0, 60000, 60000])


def image_of_a_billion_pixels(writer: PdfWriter) -> None:
    image_over_a_cell(writer)
    stamp = writer.pages[0]["/Resources"]["/XObject"]["/Stamp"].get_object()
    stamp.update({NameObject("/Width"): NumberObject(40_000), NameObject("/Height"): NumberObject(25_000)})


def a_thousand_and_one_drawings(writer: PdfWriter) -> None:
    page = writer.pages[0]
    forms = DictionaryObject()
    for k in range(1_001):
        form = DecodedStreamObject()
        form.set_data(b"")
        form.update({NameObject("/Type"): NameObject("/XObject"), NameObject("/Subtype"): NameObject("/Form")})
        forms[NameObject(f"/F{k}")] = writer._add_object(form)
    page["/Resources"][NameObject("/XObject")] = forms


def drawings_calling_each_other(writer: PdfWriter, depth: int = 3, calls: int = 100) -> None:
    # Each drawing draws the one under it a hundred times, three deep, white in a corner far from every field: 97 KB
    # that took the reading to 1.5 GB, four deep past 6 GB (sweep ad51 F1). PDFium draws in a child held to bounds.
    page = writer.pages[0]
    below = None
    for _ in range(depth + 1):
        form = DecodedStreamObject()
        form.set_data(b"1 g 0 0 1 1 re f" if below is None else b"q /D Do Q " * calls)
        form.update(
            {
                NameObject("/Type"): NameObject("/XObject"),
                NameObject("/Subtype"): NameObject("/Form"),
                NameObject("/BBox"): rect([0, 0, 10, 10]),
            }
        )
        if below is not None:
            form[NameObject("/Resources")] = DictionaryObject(
                {NameObject("/XObject"): DictionaryObject({NameObject("/D"): below})}
            )
        below = writer._add_object(form)
    page["/Resources"][NameObject("/XObject")] = DictionaryObject({NameObject("/D"): below})
    draw = DecodedStreamObject()
    draw.set_data(b"q /D Do Q")
    add_to_drawing(writer, page, draw)


FILLED_IN = "send the file the audit was filled in"
CHANGED = {
    "two widgets' places swapped": (swap_points, MOVED.format("move.2.points", "is not on its row's line")),
    "a blank widget laid over another": (
        cover_with_a_blank_widget,
        MOVED.format("move.8.points", "is not on its row's line"),
    ),
    "the date laid over a claim": (date_over_points, MOVED.format("move.2.points", "lies over 'group1.date'")),
    "a popup over a claim": (
        popup_showing_a_digit_over_a_claim,
        "page 1 has an annotation (Popup) laid over group 1's field 'group1.move.2.points' (added by a PDF app?): "
        "what it shows there is not read; remove it, or send the file the audit was filled in",
    ),
    "the date laid over a claim short of its middle": (
        date_laid_partly_over_a_claim,
        "group 1's field 'group1.date' lies over 'group1.move.2.total.B' on page 1: the form was changed after it was "
        "written; " + TAIL,
    ),
    "a field moved out of its column": (
        lines_out_of_their_column,
        MOVED.format("move.3.lines", "is not in its column"),
    ),
    "two rows swapped whole": (
        rows_two_and_three_swapped_whole,
        MOVED.format("move.3.player", "is not below 'group1.move.2.player'"),
    ),
    "the totals swapped in every row": (
        totals_swapped_in_every_row,
        MOVED.format("move.1.total.B", "stands right of 'group1.move.1.total.A', not left of it"),
    ),
    "a widget shrunk to a dot": (
        shrunk_to_a_dot,
        MOVED.format("move.2.points", "is not the size of its column's other fields"),
    ),
    "text added to the page's drawing": (text_in_the_pages_drawing, INKED.format("move.2.points")),
    "an image stamped over a cell": (image_over_a_cell, INKED.format("move.2.points")),
    "a digit drawn as a path": (digit_drawn_as_a_path, INKED.format("move.2.points")),
    "text moved into a cell by its spacing": (spaces_run_into_a_cell, INKED.format("move.2.points")),
    "ink under a shifted crop box": (ink_under_a_shifted_crop_box, INKED.format("move.2.points")),
    "a turned page": (
        turned_page,
        "page 1 is turned (rotated 90°), which sos-print never does: send the file the audit was filled in",
    ),
    "a wrong copy flattened on top": (wrong_copy_flattened_on_top, INKED.format("move.1.player")),
    "drawing that unpacks to 3 MB": (
        drawing_that_unpacks_to_three_megabytes,
        "page 1 holds more than 2 MB of drawing, far more than any page of an audit: " + FILLED_IN,
    ),
    "a page 60,000 points a side": (
        page_of_a_giant,
        "page 1 is 21,167 × 21,167 mm, larger than any paper sos-print prints on (A4 or Letter): " + FILLED_IN,
    ),
    "an image of a billion pixels": (
        image_of_a_billion_pixels,
        "page 1 holds an image of 1,000,000,000 pixels: " + FILLED_IN,
    ),
    "drawings calling each other a hundred times, three deep": (
        drawings_calling_each_other,
        "page 1 cannot be drawn within 400 MB and 10 s, far more than any page of an audit takes: " + FILLED_IN,
    ),
    "a page calling 1,001 drawings": (
        a_thousand_and_one_drawings,
        "page 1 calls more than 1,000 drawings: " + FILLED_IN,
    ),
}


@pytest.mark.parametrize(("change", "message"), CHANGED.values(), ids=CHANGED)
def test_a_field_moved_covered_or_inked_over_is_refused_naming_it_and_its_page(tmp_path, change, message):
    assert_refused(tmp_path / "group1.pdf", filled(), change, message)


def assert_refused(path, data: bytes, change, message: str) -> None:
    """Asserts that `check` refuses the filled audit `data`, changed by `change` and written to `path`, with the one
    line `message`."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    change(writer)
    writer.write(path)
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 1, result.output
    assert result.stdout.splitlines() == [f"{path}: {message}", "checked 1 file: 1 problem in 1 file"]


@lru_cache(maxsize=2)
def class_filled(group: int) -> bytes:
    """Returns a class's audit of three groups of 3 x 3, group `group`'s table filled with a true game."""
    values = move_values(steps(GAME), 3, Notation.A1, Variant(), group)
    return fill(audit_document(PrintOptions(size=3, groups=3), fillable=True).data, values)


def widgets_swapped(first: int, second: int):
    """Returns a change that moves the widgets of two pages each onto the other (each page keeps its drawing)."""

    def change(writer: PdfWriter) -> None:
        one, other = writer.pages[first - 1], writer.pages[second - 1]
        annotations = one["/Annots"], other["/Annots"]
        one[NameObject("/Annots")], other[NameObject("/Annots")] = annotations[1], annotations[0]
        for page, moved in ((other, annotations[0]), (one, annotations[1])):
            for annotation in moved:
                annotation.get_object()[NameObject("/P")] = page.indirect_reference

    return change


def drawings_swapped(first: int, second: int):
    """Returns a change that gives two pages each the other's drawing (each keeps its widgets)."""

    def change(writer: PdfWriter) -> None:
        one, other = writer.pages[first - 1], writer.pages[second - 1]
        drawings = one.raw_get("/Contents"), other.raw_get("/Contents")
        one[NameObject("/Contents")], other[NameObject("/Contents")] = drawings[1], drawings[0]

    return change


def pages_swapped(writer: PdfWriter) -> None:
    kids = writer.root_object["/Pages"]["/Kids"]
    kids[0], kids[1] = kids[1], kids[0]


ORDER = (
    "has group {}'s field 'group{}.move.1.cell' on page {}, after group {}'s page {}, where sos-print puts the groups' "
    "pages in order (pages or fields moved between the groups' sheets?): what sos-print would read may not be what the "
    "audit shows; send the file the audit was filled in"
)
HEADED = (
    "page {} is headed for group {} but holds group {}'s field 'group{}.move.1.player' (pages or fields moved between "
    "the groups' sheets): " + TAIL
)
SWAPPED = {
    "group 1's widgets on group 2's page and back": (1, widgets_swapped(1, 2), ORDER.format(1, 1, 2, 2, 1)),
    "group 1's page headed for group 2": (1, drawings_swapped(1, 2), HEADED.format(1, 2, 1, 1)),
    "group 2's page headed for group 3, group 1 unread": (2, drawings_swapped(2, 3), HEADED.format(2, 3, 2, 2)),
    "groups 1 and 2's pages in the other order": (1, pages_swapped, ORDER.format(1, 1, 2, 2, 1)),
    "the unread groups 2 and 3's widgets swapped": (1, widgets_swapped(2, 3), ORDER.format(2, 2, 3, 3, 2)),
}


@pytest.mark.parametrize(("group", "change", "message"), SWAPPED.values(), ids=SWAPPED)
def test_a_groups_fields_on_another_groups_page_or_its_pages_out_of_order_are_refused(tmp_path, group, change, message):
    # Each page of a class's audit names its group in its header: a page headed for group 2 holding group 1's claims
    # would show the teacher one group's header over another's game (issue 20, A8).
    assert_refused(tmp_path / "class.pdf", class_filled(group), change, message)


# Layouts whose own labels stand closest to a field: the pause box's in large print, the date's under a bilingual
# class line, the class and date fields meeting at a corner, a long run of accents, and the rest of the range of
# sizes, players, papers and languages.
LAYOUTS = {
    "8 x 8, four players, large print": (
        PrintOptions(size=8, variant=Variant(players=4), large_print=True, groups=2),
        2,
    ),
    "6 x 6, fr+en with a class": (
        PrintOptions(size=6, language=Language.FR_EN, class_name="CE2 B", groups=2),
        2,
    ),
    "3 x 3, en+fr, large print: the class and date fields meet": (
        PrintOptions(size=3, language=Language.BOTH, large_print=True),
        1,
    ),
    "3 x 3, a class name of 200 characters printed as one letter": (
        PrintOptions(size=3, class_name="x" + "\u0301" * 199),
        1,
    ),
    "3 x 3, teams": (PrintOptions(size=3, variant=Variant(players=4, teams=True)), 1),
    "8 x 8, four players, large print, four groups of four pages": (
        PrintOptions(size=8, variant=Variant(players=4), large_print=True, groups=4),
        3,
    ),
    "5 x 5, French, Letter": (PrintOptions(size=5, language=Language.FR, paper=Paper.LETTER), 1),
}


@pytest.mark.parametrize(("options", "group"), LAYOUTS.values(), ids=LAYOUTS)
def test_an_audit_filled_as_a_tablet_fills_it_is_read_in_every_layout(tmp_path, options, group):
    size, variant = options.size, options.variant
    moves = [cell_name(cell, size) for cell in Board.empty(size).empty_cells()]
    played = steps([(name, "S" if k % 3 else "O") for k, name in enumerate(moves)], size, variant)
    path = tmp_path / "audit.pdf"
    path.write_bytes(
        fill(audit_document(options, fillable=True).data, move_values(played, size, Notation.A1, variant, group))
    )
    result = CliRunner().invoke(app, ["check", str(path)])
    assert (result.exit_code, result.stdout) == (0, "checked 1 file: every claim holds\n")


# Every layout the audit is written in, its widgets as written: a claim's field meets another widget only at its
# edges (at most 1.5 points into it), so that a form fresh from sos-print is never taken for one laid over (A5).
FRESH = [
    *(PrintOptions(size=size, variant=Variant(players=players)) for size in range(3, 9) for players in (2, 3, 4)),
    *(PrintOptions(size=size, variant=Variant(players=4, teams=True)) for size in (3, 8)),
    *(PrintOptions(size=size, large_print=True, variant=Variant(players=4)) for size in (3, 8)),
    *(PrintOptions(size=8, language=language, paper=Paper.LETTER, large_print=True) for language in Language),
    PrintOptions(size=4, groups=40, class_name="CE2 B", language=Language.BOTH),
]


@pytest.mark.parametrize("options", FRESH)
def test_no_widget_of_a_fresh_audit_lies_over_a_claims_field(options):
    pages: dict[int, list[tuple[str, list[float]]]] = {}
    for number, name, entries in widgets(audit_document(options, fillable=True).data):
        pages.setdefault(number, []).append((name, [float(v) for v in entries["/Rect"]]))
    # Widgets are compared page by page: forty groups' thousands of fields, each against all, took 47 s.
    for number, found in pages.items():
        for name, (x0, y0, x1, y1) in found:
            if not re.fullmatch(r"group[0-9]+\.(move\.[0-9]+\..+|pause\..+)", name):
                continue
            for other_name, (u0, v0, u1, v1) in found:
                if other_name != name:
                    assert min(x1, u1) - max(x0, u0) <= 1.5 or min(y1, v1) - max(y0, v0) <= 1.5, (
                        number,
                        name,
                        other_name,
                    )


def test_a_pages_last_line_of_text_is_told_to_the_reader_cut_to_200_characters():
    # A page whose drawings repeat text a million times has a last line of megabytes, which the reading process would
    # take whole from the drawing one; the group's name stands at its start ("Group 2 of 3 · Page 1 of 2").
    from sos_print.forms.drawn import last_line

    class Text:
        def get_text_range(self) -> str:
            return "SOS: score sheet\nGroup 2 of 3 \u00b7 Page 1 of 2" + " X" * 1_000_000

        def close(self) -> None:
            pass

    class Page:
        def get_textpage(self) -> Text:
            return Text()

    last = last_line(Page())
    assert len(last) == 200 and last.startswith("Group 2 of 3 \u00b7 Page 1 of 2 X X")
