"""Reads a fillable scoring audit filled in on a tablet or a computer back as a game record, with pypdf.

The form says its own game in a hidden field (`forms.fields`), so no option is needed. Its
rows become the table a CSV record would be, and `engine.records.record_from_table` reads
it: the same rules and messages, each problem named by the audit's row. Only pypdf and the
engine are loaded here, never reportlab or jinja2: `sos-print check` stays quick.

The field tree is walked here rather than by pypdf's `get_fields`, which keeps the first of two
fields of one name (two filled copies merged into one file would lose a game without a word) and
stops at 100,000 fields: a name that comes twice is refused, and so is a field of more than one
widget but the class and the date (one on each page of a group), and a game field that does not
match its group's fields. Then every page is walked: what sos-print did not write and would not
read is refused in one line naming it and its page, never passed over. An audit's page holds only
its own group's widgets, rows among them (no other form's field, no text typed on top of the form,
no drawing); any other page (printed ink, another form's, a cover sheet) may show what would go
unread, and is refused; every page of the group read is there, and no widget is shown on two pages; no file is
attached; nothing a PDF reader acts on by itself (JavaScript, fields loaded, reset or hidden, an XFA form) is
there. Before anything is parsed, a file of far more objects than an audit's, or holding one object far larger, is
refused. A field of the record whose drawing on the page shows other text than its value is refused too: the teacher
and the children see the drawing, the record reads the value (`forms.shown` tells the drawing's text where it can);
so is a field holding a value its widget cannot show (hidden by its flags, of no size, or off its page), one moved
from where sos-print put it, and one the page's own drawing writes over (`forms.placed`).

Only the game field's, the table's, the header's (names, class, date) and the pause box's values are read, each held
to what its field takes before it is copied or decoded, so that a hostile file costs memory and time
in proportion to its size whatever pypdf itself would decode. The header is the record's too
(`GameHeader`): the replay prints it. The pause box is a claim of the record (`Pause`), checked as its rows are; a
pause box filled in for another group than the one whose rows are is refused.
"""

from __future__ import annotations

import contextlib
import io
import logging
import math
import re
import unicodedata
import warnings
import zlib
from collections.abc import Container, Iterator
from itertools import zip_longest
from typing import Any

from pypdf import PdfReader
from pypdf.errors import PdfReadError
from pypdf.generic import ArrayObject, BooleanObject, DictionaryObject, NullObject, PdfObject, StreamObject

from sos_print.engine.errors import ExampleFileError, PrintedDocumentError, SosError, quoted
from sos_print.engine.examples import CLASS_NAME_LENGTH, Example, GameHeader, Pause
from sos_print.engine.files import PRINTED_BY, PRINTED_KINDS, as_printed, read_bounded, sniffed_text, starts_as_pdf
from sos_print.engine.frozen import replace
from sos_print.engine.grid import MAX_SIZE, MIN_SIZE
from sos_print.engine.records import RecordOptions, is_record_text, record_from_table
from sos_print.forms.defaults import SMALLEST_CLAIM, Look, why_hidden
from sos_print.forms.drawing import refuse_heavy_pages
from sos_print.forms.fields import (
    CLASS_LENGTH,
    DATE_LENGTH,
    GAME_LENGTH,
    MAX_FIELDS,
    MOVE_COLUMNS,
    NAME_LENGTH,
    NEXT_LENGTH,
    FormGame,
    form_fields,
    game_field,
    group_field,
    longest_value,
    move_columns,
    move_field,
    read_game,
    record_header,
    scored_sides,
)
from sos_print.forms.objects import dictionary, resolved
from sos_print.forms.placed import Placed, refuse_ink_over_fields, refuse_out_of_place
from sos_print.forms.shown import Budget, Shown, Unreadable, encodes, shown_text
from sos_print.forms.xref import (
    copied_later,
    listed,
    mispacked,
    misplaced,
    object_streams,
    packed_count,
    reread,
    two_starts,
    unlisted,
)

# A class's fillable audits are about 1 MB (30 groups, 4 x 4 boards) to 5 MB (30 groups, 8 x 8 boards, 4 players);
# the largest form `audit --fillable` writes (20,000 fields, forms.fields.MAX_FIELDS) is about 6 MB.
MAX_PDF_BYTES = 100_000_000


def load_filled_audit(path: str) -> Example:
    """Reads the filled audit at `path` (named in messages exactly as given) as a record of its game."""
    data = read_bounded(path, MAX_PDF_BYTES, "a filled audit")
    fields, count, shown, written, places, drawn_pages = _fields(data, path)
    if not count:
        # Some tablets share a file by printing it to PDF: what was typed becomes ink, the fields are gone.
        raise ExampleFileError(
            path,
            "is a PDF with no fields to fill in: not a fillable sos-print audit "
            "(or a filled one printed to PDF again, which keeps only the ink)",
        )
    games = _games(fields)
    _refuse_unknown_fields(fields, path)
    filled = _filled_groups(fields)
    if not games:
        if filled:  # the rows of an audit, without the page that says their game
            raise ExampleFileError(path, _NO_GAME.format(filled[0]))
        raise ExampleFileError(path, "is a PDF form, but not a fillable sos-print audit: it has no game field")
    if not filled:
        raise ExampleFileError(path, "is a fillable audit with no row filled in: there is no game to check yet")
    hidden = [group for group in filled if not shown.get(group)]
    if len(filled) > 1 and 0 < len(hidden) < len(filled):
        # One group's page cut from a class audit filled in whole (pdfseparate): its form still holds the others'
        # rows, on none of its pages, and "give each group its own copy" was no help (sweep ad82, 4).
        raise ExampleFileError(
            path,
            f"holds the filled rows of {_groups_said(hidden)} on none of its pages: it was cut from a class audit "
            "filled in whole; check the whole audit, or cut the blank audit before it is filled",
        )
    if len(filled) > 1:
        raise ExampleFileError(
            path,
            f"holds the games of {_groups_said(filled)}: a record is one game, so give each group its own copy of the "
            "audit",
        )
    group = filled[0]
    try:
        game = read_game(games[group]) if group in games else None
    except SosError as error:
        raise ExampleFileError(path, f"group {group}: {error}") from None
    if game is None:
        raise ExampleFileError(path, _NO_GAME.format(group))
    _refuse_missing_pages(game, group, shown.get(group, set()), path)
    _refuse_unless_its_own(game, group, fields, path)
    _refuse_off_the_pages(game, group, shown.get(group, set()), path)
    _refuse_unlike_its_default(games[group], written.get(game_field(group)), game_field(group), path)
    _refuse_unlike_the_class(games, game, group, path)
    _refuse_other_pauses(fields, group, path)
    _refuse_moved_or_inked(group, game.groups, places, move_columns(game.variant), (data, drawn_pages), path)
    options = RecordOptions(game.size, game.variant, game.notation, given=False)
    rows = _rows(fields, game, group)
    record = record_from_table(record_header(game.variant), rows, options, path, one_game=True)
    header = _header(fields, game, group)
    numbers = [number for number, _ in rows]
    # rows above the first filled one too: move 1 left out read as eight moves out of turn (sweep ad71, 1)
    skipped = tuple(sorted(set(range(1, numbers[-1] + 1)) - set(numbers))) if numbers else ()
    return replace(record, header=header, pause=_pause(fields, game, group, header, path), skipped=skipped)


_NO_GAME = (
    "holds rows of group {0}'s table but not its game field, which sos-print writes on group {0}'s first page: "
    "a page of the audit is missing (taken out of the file?); send the whole filled audit"
)


def _groups_said(groups: list[int]) -> str:
    """Returns groups as a message names them: "group 1", "groups 1 and 3", "groups 1, 2 and 3"."""
    if len(groups) == 1:
        return f"group {groups[0]}"
    return "groups " + ", ".join(map(str, groups[:-1])) + f" and {groups[-1]}"


def _refuse_missing_pages(game: FormGame, group: int, shown: set[str], path: str) -> None:
    """Refuses a group's audit whose pages are not all in the file: whole rows, with the names and the game field
    of its first page or the pause box of its last, on none of the file's pages (a field missing otherwise is the
    form changed, named by `_refuse_unless_its_own`)."""
    columns = move_columns(game.variant)
    last = game.size**2
    on_pages = [sum(f"move.{move}.{column}" in shown for column in columns) for move in range(1, last + 1)]
    if any(0 < count < len(columns) for count in on_pages) or not shown <= {*form_fields(game.size, game.variant)}:
        return  # a row with only some of its fields, or a field no page of the audit has: the form was changed
    rows = [move for move, count in enumerate(on_pages, start=1) if not count]
    first = ["game", *(f"names.{seat}" for seat in game.variant.seats)]
    pause = [f"pause.score.{side}" for side in scored_sides(game.variant)] + ["pause.next"]
    heads = {tail in shown for tail in first} | {1 not in rows}
    tails = {tail in shown for tail in pause} | {last not in rows}
    if not rows or len(heads) > 1 or len(tails) > 1:
        return
    parts = ["names, game field"] if 1 in rows else []
    ranges: list[list[int]] = []
    for move in rows:
        if ranges and ranges[-1][-1] == move - 1:
            ranges[-1][-1] = move
        else:
            ranges.append([move, move])
    parts += [f"rows {low} to {high}" if high > low else f"row {low}" for low, high in ranges]
    parts += ["pause box"] if last in rows else []
    named = ", ".join(parts[:-1]) + f" and {parts[-1]}" if len(parts) > 1 else parts[0]
    verb = "is" if parts == [f"row {rows[0]}"] else "are"
    raise ExampleFileError(
        path,
        f"group {group}'s {named} {verb} on none of the file's pages: a page of the audit is missing (taken out of "
        "the file?); send the whole filled audit",
    )


def _refuse_off_the_pages(game: FormGame, group: int, shown: set[str], path: str) -> None:
    """Refuses a field of the group's form whose widget is on none of the file's pages: what it holds is read, but
    nobody sees it on the audit."""
    for tail in form_fields(game.size, game.variant):
        if tail not in shown and tail != "class":  # a form made before printed class names were kept has none
            raise ExampleFileError(
                path,
                f"group {group}'s field {quoted(group_field(group, tail))} is on none of the file's pages: the form "
                "was changed; send the file the audit was filled in",
            )


def _printed(reader: PdfReader) -> str | None:
    """Returns what a PDF sos-print printed is, by the kind its keywords say (`PRINTED_KINDS`), or None for any
    other PDF, an audit's included."""
    info = reader.metadata
    keywords = str(info.get("/Keywords", "")) if info is not None else ""
    kind = keywords.rpartition(f"{PRINTED_BY} ")[2] if f", {PRINTED_BY} " in keywords else ""
    return PRINTED_KINDS.get(kind)


def _fields(
    data: bytes, path: str
) -> tuple[dict[str, str], int, dict[int, set[str]], dict[str, str], list[Placed], dict[int, Any]]:
    """Returns the fields of sos-print's audits by full name, with the value of those the record reads, how many
    fields that take a value the file has (any form's), by group the fields on the audit's pages, the default
    value (/DV) each game field was written with, and where each widget of those fields is; a file pypdf cannot read
    is one ExampleFileError."""
    if not starts_as_pdf(data):  # as check tells a folder's PDF, whatever stands before its header
        text = sniffed_text(data)
        if text is not None and is_record_text(text):  # the reverse of a PDF named .csv, told as that is (ad95, 5)
            raise ExampleFileError(
                path, "is a CSV record, not a PDF: give it a name ending in .csv, and its board size with --size"
            )
        raise ExampleFileError(path, "is not a PDF file (it does not start with %PDF-)")
    header = re.search(rb"%PDF-\d", data)  # bytes before it, from a mail or an app, are not counted in its offsets
    data = data[header.start() :] if header is not None else data
    with _quiet():
        try:
            try:
                reader, wrong = _opened(data)
            except NotImplementedError as error:  # pypdf reads the encryption as it opens the file
                if "ncryption" not in str(error):
                    raise
                raise ExampleFileError(path, _security(error)) from None
            if reader.is_encrypted and not reader.decrypt(""):
                raise ExampleFileError(path, "is protected by a password: save it again without one")
            _refuse_too_many_objects(reader, path)
            _refuse_damaged_table(wrong or misplaced(reader, data) or two_starts(data), path)
            streams = object_streams(reader)
            _refuse_too_many_objects(reader, path, packed_count(streams))
            _refuse_damaged_table(mispacked(reader, streams), path)
            reader.strict = False  # past the table, what every reader reads as null is read so (`forms.xref`)
            before = listed(reader)
            if "/OCProperties" in reader.root_object:  # ink shown in print alone, say (sweep ad103, 3)
                raise ExampleFileError(
                    path,
                    "holds layers (optional content), which a reader may show on the screen and not on paper or the "
                    "other way round, and which sos-print never writes: send the file the audit was filled in",
                )
            _refuse_huge_objects(reader, data, path)
            drawn: dict[str, tuple[Any, list[Any]]] = {}
            pages: dict[object, tuple[int, Any]] = {}
            notes: list[tuple[int, Any]] = []
            found, count, shown = _walk(reader, path, drawn, pages, notes)
            _refuse_damaged_table(unlisted(reader, before), path)
            if not count and (what := _printed(reader)):
                raise PrintedDocumentError(path, what)
            _refuse_values_not_shown(reader.root_object, found, drawn, pages, path)
            written = {
                name: _text(node.get("/DV"), GAME_LENGTH, path, name)
                for name, (node, _) in drawn.items()
                if name.endswith(".game") and "/DV" in node
            }
            wrong = unlisted(reader, before) or reread(data, reader, streams) or copied_later(data, reader)
            _refuse_damaged_table(wrong, path)
            by_number = {number: page for number, page in pages.values()}
            places = _places(found, drawn, pages, notes, _redrawn(reader.root_object, by_all=True))
            return found, count, shown, written, places, by_number
        except ExampleFileError:
            raise
        except Exception as error:  # a damaged file can fail anywhere inside pypdf, with any exception
            raise ExampleFileError(path, f"cannot be read as a PDF: it is damaged ({_reason(error)})") from None


def _refuse_values_not_shown(
    catalog: Any,
    found: dict[str, str],
    drawn: dict[str, tuple[Any, list[Any]]],
    pages: dict[object, tuple[int, Any]],
    path: str,
) -> None:
    """Refuses a field of the record's group whose widget shows other text on the page than the field's value, which
    the record reads: the teacher and the children see what the drawing shows, so a value changed without it being
    drawn again would be checked unseen. So is a field holding a value whose widget the page cannot show at all
    (hidden, of no size, or off its page: `pages` gives each widget's page and its number).

    Only a drawing whose text can be told for sure is held to it (`forms.shown`): a name, class or date in a font
    whose codes cannot be told is read by its value, unless the field holds nothing (a row the page shows would be
    dropped), and so is the pause box's who writes next where it holds a name of the names row; a claim's is refused,
    as it may show another claim or marks beside it, and so is a claim drawn in glyphs of the file's own (an embedded
    font) (A6). A drawing no reader writes for a field (`Unreadable`) is refused, and so is a field no audit has (a
    list, a comb, password or rich-text field). Where readers draw a field themselves (the form asks them to, or the
    field has no drawing), its default look is held to the same (`forms.defaults`). Spaces and line breaks are not
    compared: a reader breaks a long value into lines, and may place each character or word by itself. A drawing that
    shows no text while the field holds some is refused unless the form asks readers to draw its fields again
    (/NeedAppearances), as they then show the value.
    """
    groups = _filled_groups(found)
    if len(groups) != 1:
        return  # no game, or several: refused with its own message once the fields are read
    form = dictionary(catalog.get("/AcroForm"))
    resources = dictionary(form.get("/DR")) if form is not None else None
    fonts = dictionary(resources.get("/Font")) if resources is not None else None
    redrawn, perhaps = _redrawn(catalog, by_all=True), _redrawn(catalog)
    budget = Budget()
    prefix = f"group{groups[0]}."
    names = {_folded(value) for name, value in found.items() if name.startswith(f"{prefix}names.")}
    for name, value in found.items():
        tail = name[len(prefix) :] if name.startswith(prefix) else ""
        if not _KNOWN.fullmatch(tail):
            continue  # another group's field or a field no audit has: the record reads neither
        field, widgets = drawn[name]
        held = "".join(unicodedata.normalize("NFC", value).split())
        if held and not _kept_unseen(tail, field) and isinstance(resolved(_inherited(field, "/V")), StreamObject):
            # As the standard allows, but neither PDFium nor poppler's readers show it, drawing or not (ad105, 3).
            raise ExampleFileError(
                path,
                f"group {groups[0]}'s field {quoted(name)} holds {quoted(' '.join(value.split()))} as a text stream, "
                "which PDF readers leave out: what sos-print would read is not what the audit shows; send the file "
                "the audit was filled in",
            )
        for widget in map(dictionary, widgets if held and not _kept_unseen(tail, field) else []):
            unseen = _unseen(widget, pages.get(_identity(widget))) if widget is not None else None
            if unseen is not None:
                raise ExampleFileError(
                    path,
                    f"group {groups[0]}'s field {quoted(name)} holds {quoted(' '.join(value.split()))} but the page "
                    f"does not show it ({unseen}): what sos-print would read is not what the audit shows; send the "
                    "file the audit was filled in",
                )
            drawn_here = widget is not None and (perhaps or _appearance(widget) is None)
            hidden = _hidden_when_redrawn(widget, field, form, fonts, tail, value) if drawn_here else None
            if hidden is not None:
                typed = hidden.startswith("on ") and len(value.rstrip().splitlines()) > 1  # lines a child broke
                retype = "retype it on one line" if typed else "send the file the audit was filled in"
                raise ExampleFileError(
                    path,
                    f"group {groups[0]}'s field {quoted(name)} holds {quoted(' '.join(value.split()))} but PDF "
                    f"readers draw it {hidden}: what sos-print would read is not what the audit shows; {retype}",
                )
        for flag, shows in _NEVER_SET.items():
            if _kind(field) == "/Tx" and _flags(field) & flag:
                raise ExampleFileError(
                    path,
                    f"group {groups[0]}'s field {quoted(name)} is set to show {shows}, which sos-print never sets: "
                    "what sos-print would read may not be what the audit shows; send the file the audit was filled in",
                )
        for widget in map(dictionary, widgets if not _kept_unseen(tail, field) else []):  # never shown: not read
            box = _rectangle(widget.get("/Rect")) if widget is not None else None
            try:
                drawing = _appearance(widget) if widget is not None else None
                # a state its appearances do not hold: viewers draw nothing (PDFium), never the value
                seen = _NOTHING_SHOWN if drawing is _NO_STATE else shown_text(drawing, fonts, budget, box)
            except Unreadable as error:
                raise ExampleFileError(
                    path,
                    f"group {groups[0]}'s field {quoted(name)} holds {_holds(value)} but its drawing cannot be read "
                    f"({error}): what sos-print would read may not be what the audit shows; retype the field in a PDF "
                    "reader and save the file",
                ) from None
            if seen is None:
                continue  # no drawing: readers draw the value
            text = "".join(unicodedata.normalize("NFC", seen.text).split())
            if seen.untold and not held and not text:
                shows = "something that cannot be read"  # a row the page shows, the record would drop
            elif seen.own and tail.startswith(("move.", "pause.")):
                # Readers draw a claim in the form's Helvetica, in their own glyphs: a font program of the file's may
                # draw a "7" for the code of "1" (A6).
                raise ExampleFileError(
                    path,
                    f"group {groups[0]}'s field {quoted(name)} holds {_holds(value)} but its drawing cannot be read "
                    "(it draws text in a font of the file's own, whose glyphs may show other characters): what "
                    "sos-print would read may not be what the audit shows; retype the field in a PDF reader and save "
                    "the file",
                )
            elif seen.untold and tail == "pause.next" and _names_one(value, names):
                # A name of the names row, as a name there is read (Chrome draws "Аня" or "O’Connor" in fonts whose
                # codes cannot be told: the box was refused, retyped to the same drawing, sweep ad99, B2).
                continue
            elif seen.untold and tail.startswith(("move.", "pause.")):
                # A claim is digits, letters and cells, which every reader draws in the form's Helvetica: text whose
                # characters cannot be told may show another claim than the value, or marks beside it (A6).
                raise ExampleFileError(
                    path,
                    f"group {groups[0]}'s field {quoted(name)} holds {_holds(value)} but its drawing cannot be read "
                    "(it draws text in a font whose characters sos-print cannot tell): what sos-print would read may "
                    f"not be what the audit shows; {_retype(value)}",
                )
            elif _too_small(seen, box) and tail.startswith(("move.", "pause.")) and not redrawn:
                raise ExampleFileError(
                    path,
                    f"group {groups[0]}'s field {quoted(name)} holds {_holds(value)} but shows it at "
                    f"{seen.smallest:.1f} points, too small to read on paper: what sos-print would read may not be "
                    "what the audit shows; retype the field in a PDF reader and save the file",
                )
            elif seen.untold or not all(encodes(held, codec) for codec in seen.codecs):
                continue  # what it shows cannot be told, or the value has characters its font cannot draw
            elif text == held or (redrawn and not text):
                continue
            else:
                shows = quoted(" ".join(seen.text.split())) if text else "nothing"
            raise ExampleFileError(
                path,
                f"group {groups[0]}'s field {quoted(name)} shows {shows} on the page but holds {_holds(value)} (its "
                "value was changed without drawing it again): what sos-print would read is not what the audit shows; "
                "retype the field in a PDF reader and save the file",
            )
        if held and _kind(field) != "/Tx" and not _kept_unseen(tail, field):  # a list shows its choices (ad103, 2)
            raise ExampleFileError(
                path,
                f"group {groups[0]}'s field {quoted(name)} is made a "
                f"{_KINDS.get(_kind(field), 'field of no known type')}, which sos-print never makes: what sos-print "
                "would read may not be what the audit shows; send the file the audit was filled in",
            )


def _hidden_when_redrawn(widget: Any, field: Any, form: Any, fonts: Any, tail: str, value: str) -> str | None:
    """Returns why a widget's value, drawn by a reader from the default look (`forms.defaults`), would not show, None
    if it would. A claim is held to its font too: readers draw it in the form's Helvetica (A6)."""
    look = widget.get("/DA")
    if look is None:
        look = _inherited(field, "/DA")
    if look is None and form is not None:
        look = form.get("/DA")
    box = _rectangle(widget.get("/Rect"))
    legible = box is not None and min(box[2] - box[0], box[3] - box[1]) >= _LEGIBLE
    claim = tail.startswith(("move.", "pause."))
    sides = (box[2] - box[0], box[3] - box[1]) if box is not None and legible else None
    short = claim and tail != "pause.next"
    shown = Look(look, widget, fonts, sides, claim, short)
    most = _max_length(field)
    if short and most is not None and len(value.rstrip()) > most:  # a claim cut to its first characters (ad103, 1)
        return f"cut to its first {most} characters, as its field takes no more"
    if isinstance(resolved(_inherited(field, "/V")), ArrayObject):  # as the standard allows: poppler draws none
        return "from its value stored as a list of texts, of which readers show the first or none"
    return why_hidden(shown, value, bool(_flags(field) & _MULTILINE))


def _max_length(field: Any) -> int | None:
    """Returns the most characters a text field takes (/MaxLen, as it says it or inherits it), None if it says none."""
    most = resolved(_inherited(field, "/MaxLen"))
    return int(most) if isinstance(most, int) and not isinstance(most, bool) else None


def _inherited(field: Any, key: str) -> object:
    """Returns a field's entry `key`, as it says it or inherits it from the fields above it (None if none does)."""
    node, depth = field, 0
    while node is not None and depth <= _DEEPEST:
        if key in node:
            return node.get(key)
        node, depth = dictionary(node.get("/Parent")), depth + 1
    return None


def _names_one(value: str, names: set[str]) -> bool:
    """Tells whether a pause box's `value` is one of the `names` (folded, `_folded`) of its names row, or the start of
    one that the box cut (`_cut`: `_pause` says so)."""
    typed = _folded(value)
    return bool(typed) and any(name == typed or _cut(value, name) for name in names)


def _cut(value: str, name: str) -> bool:
    """Tells whether a pause box's `value`, as typed, is `name` cut where the box ends (NEXT_LENGTH characters; the cut
    may fall after a space), whatever its case and apostrophes."""
    typed = unicodedata.normalize("NFC", " ".join(value.split()))
    return len(value) >= NEXT_LENGTH and _folded(name).startswith(_folded(typed))


def _retype(value: str) -> str:
    """Returns what to do with a field whose drawing cannot be read: a dash a viewer drew in a font of another script
    (Chrome's, for "C3–C1") is drawn so again when retyped, where a plain hyphen is not (sweep ad97, C3)."""
    if any(dash in value for dash in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212"):
        return "type a plain hyphen (-) in place of its dash, and save the file"
    return "retype the field in a PDF reader and save the file"


def _too_small(seen: Shown, box: tuple[float, float, float, float] | None) -> bool:
    """Tells whether a drawing shows its smallest text too small to read on paper, in a widget that could show it
    larger: a widget itself too small is out of place, which `forms.placed` names."""
    return seen.smallest < SMALLEST_CLAIM and box is not None and min(box[2] - box[0], box[3] - box[1]) >= _LEGIBLE


def _redrawn(catalog: Any, by_all: bool = False) -> bool:
    """Tells whether the form asks readers to draw its fields again from their values (/NeedAppearances): with
    `by_all`, every reader (the flag written where it stands: PDFium follows no reference to it, poppler does, so a
    drawing showing nothing was shown so in Chrome: sweep ad106, 2)."""
    form = dictionary(catalog.get("/AcroForm"))
    flag = form.get("/NeedAppearances") if form is not None else None
    flag = flag if by_all else resolved(flag)
    return isinstance(flag, BooleanObject) and flag.value


def _places(
    found: dict[str, str],
    drawn: dict[str, tuple[Any, list[Any]]],
    pages: dict[object, tuple[int, Any]],
    notes: list[tuple[int, Any]],
    redrawn: bool,
) -> list[Placed]:
    """Returns where each widget of an audit's fields is: its field, its page, its box, and the value its drawing
    must show (one it has, of a form whose fields readers do not draw again: `redrawn`); `read` tells a field whose
    value the record reads and the page shows (not the game's, nor names and class printed as ink). The other
    annotations an audit's page may hold (`notes`: popups, by page number) follow, with no name and their kind."""
    groups = _filled_groups(found)
    prefix = f"group{groups[0]}." if len(groups) == 1 else "\0"
    places = []
    for name, (field, widgets) in drawn.items():
        tail = name[len(prefix) :] if name.startswith(prefix) else ""
        read = bool(_KNOWN.fullmatch(tail)) and not _kept_unseen(tail, field)
        for widget in map(dictionary, widgets):
            page = pages.get(_identity(widget)) if widget is not None else None
            box = _rectangle(widget.get("/Rect")) if page is not None else None
            if page is not None and box is not None:
                # PDFium hides a widget flagged invisible, which other readers show: its value is not looked for.
                drawing = None if redrawn or _widget_flags(widget) & _INVISIBLE else _appearance(widget)
                shows = " ".join(found.get(name, "").split()) if isinstance(drawing, StreamObject) else ""
                places.append(Placed(name, tail, read, page[0], box, shows))
    for number, note in notes:
        box = _rectangle(note.get("/Rect"))
        if box is not None:
            places.append(Placed("", str(note.get("/Subtype")), False, number, box))
    return places


def _refuse_moved_or_inked(
    group: int,
    groups: int,
    places: list[Placed],
    order: tuple[str, ...],
    pdf: tuple[bytes, dict[int, Any]],
    path: str,
) -> None:
    """Refuses a read field of the record's group that is not where sos-print put it, or that the page's drawing
    covers with ink of its own (`forms.placed`), and a page PDFium would need far more than an audit's to draw
    (`forms.drawing`); a drawing pypdf cannot read is the file's damage. `pdf` is the file and its pages by number."""
    read = [place for place in places if place.read]
    numbers = {place.number for place in read}
    refuse_out_of_place(group, read, [place for place in places if place.number in numbers], order, path)
    data, pages = pdf
    with _quiet():
        try:
            heavy = {number: (pages[number], _page_box(pages[number])) for number in numbers if number in pages}
            refuse_heavy_pages(heavy, path)
            refuse_ink_over_fields(group, groups, read, data, path)
        except ExampleFileError:
            raise
        except Exception as error:  # a damaged drawing can fail anywhere inside pypdf, with any exception
            raise ExampleFileError(path, f"cannot be read as a PDF: it is damaged ({_reason(error)})") from None


def _holds(value: str) -> str:
    """Returns a field's value as a message quotes it: its words, or nothing."""
    return quoted(" ".join(value.split())) if value.split() else "nothing"


_COMB = 1 << 24  # the field flag of a comb field (bit 25)
_PASSWORD = 1 << 13  # a text field whose value readers show as asterisks (bit 14)
_RICH = 1 << 25  # a text field whose readers show its rich text (/RV), not its value (bit 26)
_NEVER_SET = {
    _PASSWORD: "its text as asterisks (a password field)",
    _COMB: "each character in a box of its own (a comb field)",
    _RICH: "a rich text of its own in place of its value (a rich-text field)",
}
_MULTILINE = 1 << 12  # a text field whose value readers break into lines (bit 13)
_READ_ONLY = 1 << 0
# Annotation flags (PDF 32000-1, table 165): Invisible (bit 1) hides only an annotation of a type the reader does not
# know, Hidden (bit 2) any, and NoView (bit 6) any on the screen; one without Print (bit 3) is left out of print.
_INVISIBLE, _HIDDEN, _PRINT, _NO_VIEW = 1 << 0, 1 << 1, 1 << 2, 1 << 5
_NARROWEST = 1.0  # points: a widget narrower or lower than this shows nothing
_LEGIBLE = 6.0  # points: a widget at least this wide and high could show a claim large enough to read


def _kept_unseen(tail: str, field: Any) -> bool:
    """Tells whether a field is one sos-print keeps hidden and read-only: the game's, and the class's and names' when
    they are printed on the page as ink (a row's field is always shown)."""
    return tail == "game" or ((tail == "class" or tail.startswith("names.")) and bool(_flags(field) & _READ_ONLY))


def _widget_flags(widget: Any) -> int:
    """Returns a widget's annotation flags (/F), 0 where it has none or not a number."""
    flags = resolved(widget.get("/F"))
    return int(flags) if isinstance(flags, int) and not isinstance(flags, bool) else 0


def _unseen(widget: Any, page: tuple[int, Any] | None) -> str | None:
    """Returns why the page cannot show a widget (its flags hide it, it has no size, its drawing's box is empty, or
    it lies off its page `page`, a number and a page), None if it may."""
    flags = _widget_flags(widget)
    known = widget.get("/Subtype") in (None, "/Widget")  # a field's widget may leave its type unsaid
    if flags & (_HIDDEN | _NO_VIEW) or (flags & _INVISIBLE and not known):
        return "its widget's flags hide it"
    if not flags & _PRINT:  # sos-print prints every field it shows: a printed copy would show the cell empty (ad58 M5)
        return "its widget is left out of print"
    if widget.get("/OC") is not None:
        return "its widget is in optional content, which the page may hide"
    rect = _rectangle(widget.get("/Rect"))
    if rect is None or rect[2] - rect[0] < _NARROWEST or rect[3] - rect[1] < _NARROWEST:
        return "its widget has no size"
    drawing = _appearance(widget)
    if isinstance(drawing, StreamObject):
        box = _rectangle(drawing.get("/BBox"))
        matrix = resolved(drawing.get("/Matrix"))
        numbers: list[Any] = [resolved(number) for number in matrix] if isinstance(matrix, ArrayObject) else []
        a, b, c, d = (float(n) for n in numbers[:4]) if _all_numbers(numbers, 6) else (1.0, 0.0, 0.0, 1.0)
        if box is None or not (box[2] - box[0]) * (box[3] - box[1]) * abs(a * d - b * c) > 0:  # NaN is not
            return "its drawing's box is empty"
    if page is not None:
        visible = _page_box(page[1])
        if visible is not None and not (
            rect[0] < visible[2] and visible[0] < rect[2] and rect[1] < visible[3] and visible[1] < rect[3]
        ):
            return f"its widget lies outside page {page[0]}"
    return None


def _rectangle(value: object) -> tuple[float, float, float, float] | None:
    """Returns a rectangle (/Rect, /BBox, /MediaBox) as left, bottom, right, top, None if it is not four numbers."""
    array = resolved(value)
    if not isinstance(array, ArrayObject) or len(array) != 4:
        return None
    numbers: list[Any] = [resolved(number) for number in array]
    if not _all_numbers(numbers, 4):
        return None
    x0, y0, x1, y1 = (float(number) for number in numbers)
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _all_numbers(values: list[object], count: int) -> bool:
    """Tells whether `values` are `count` finite numbers."""
    return len(values) == count and all(
        isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) for value in values
    )


def _page_box(page: Any) -> tuple[float, float, float, float] | None:
    """Returns the part of a page a reader shows (its crop box within its media box, as it says them or inherits
    them), None if it says none."""
    boxes: dict[str, tuple[float, float, float, float] | None] = {}
    node, depth = page, 0
    while node is not None and depth <= _DEEPEST and len(boxes) < 2:
        for key in ("/MediaBox", "/CropBox"):
            if key not in boxes and key in node:
                boxes[key] = _rectangle(node.get(key))
        node, depth = dictionary(node.get("/Parent")), depth + 1
    media, crop = boxes.get("/MediaBox"), boxes.get("/CropBox")
    if media is None or crop is None:
        return media
    shared = (max(media[0], crop[0]), max(media[1], crop[1]), min(media[2], crop[2]), min(media[3], crop[3]))
    return shared if shared[0] <= shared[2] and shared[1] <= shared[3] else media


def _flags(field: Any) -> int:
    """Returns a field's flags (/Ff), as it says them or inherits them from the fields above it."""
    node, depth = field, 0
    while node is not None and depth <= _DEEPEST:
        flags = resolved(node.get("/Ff"))
        if flags is not None:
            return int(flags) if isinstance(flags, int) else 0
        node, depth = dictionary(node.get("/Parent")), depth + 1
    return 0


def _appearance(widget: Any) -> object:
    """Returns the drawing a widget shows (its normal appearance, or the one its state /AS names), None if none, and
    `_NO_STATE` when its appearances are states of which /AS names none: then it shows nothing (sweep 39, F4)."""
    appearances = dictionary(widget.get("/AP"))
    drawing = resolved(appearances.get("/N")) if appearances is not None else None
    if isinstance(drawing, DictionaryObject) and not isinstance(drawing, StreamObject):
        state = widget.get("/AS")
        drawing = resolved(drawing.get(state)) if isinstance(state, str) else None
        return drawing if isinstance(drawing, StreamObject) else _NO_STATE
    return drawing


_NO_STATE = object()
_NOTHING_SHOWN = Shown("", frozenset(), False, False)


def _opened(data: bytes) -> tuple[PdfReader, str | None]:
    """Returns pypdf's reader of a PDF, its cross-reference table as written (`forms.xref`), and what is wrong with
    the table if pypdf had to mend it to open the file (it is opened mended, so that its security is told first)."""
    try:
        return PdfReader(io.BytesIO(data), strict=True), None
    except PdfReadError as error:
        return PdfReader(io.BytesIO(data)), f"its index of the file's parts cannot be read: {_reason(error)}"


def _refuse_damaged_table(wrong: str | None, path: str) -> None:
    """Refuses a file whose cross-reference table does not locate what is read (`forms.xref`)."""
    if wrong is not None:
        raise ExampleFileError(
            path,
            f"cannot be read as a PDF: it is damaged ({wrong}): PDF readers each mend "
            "such a file their own way, so what sos-print would read may not be what the audit shows; send the file "
            "the audit was filled in",
        )


def _refuse_too_many_objects(reader: PdfReader, path: str, packed: int = 0) -> None:
    """Refuses a file of more objects than sos-print reads, before any is read: pypdf reads every object of a
    compressed object stream at once, so a megabyte of them would cost hundreds of megabytes. The objects are
    counted as the cross-reference lists them, not as the trailer's /Size says, which may lie, and as the streams of
    objects say they hold (`packed`, once known), listed or not."""
    count = sum(len(numbers) for numbers in reader.xref.values()) + max(len(reader.xref_objStm), packed)
    if count > _MOST_OBJECTS:
        raise ExampleFileError(
            path,
            f"holds {count:,} objects, more than sos-print reads in one file (at most {_MOST_OBJECTS:,}): not an "
            "audit, or a class's audit saved again and again by a PDF app; give each group its own copy of the audit",
        )


def _refuse_huge_objects(reader: PdfReader, data: bytes, path: str) -> None:
    """Refuses an object that is not a stream and far larger than any of an audit's, before pypdf parses it: pypdf
    reads a string or a name a byte at a time, at about 22 times its size in memory.

    Each object listed lies between its offset and the next one listed; a longer stretch than any audit's object is
    refused unless it starts a stream (read by its /Length, at the cost of its size) or its object ends well inside
    it, its strings and dictionaries closed (what follows is then an object a later save replaced, or a
    cross-reference table).
    """
    offsets = sorted({at for numbers in reader.xref.values() for at in numbers.values() if isinstance(at, int)})
    for start, end in zip(offsets, [*offsets[1:], len(data)], strict=True):
        if end - start <= _LARGEST_OBJECT or b"stream" in data[start : start + 1024]:
            continue
        close = data.find(b"endobj", start, start + _LARGEST_OBJECT)
        if close < 0 or not _balanced(data[start:close]):
            raise ExampleFileError(
                path,
                f"holds an object of {end - start:,} bytes at byte {start:,}, far larger than any object of a "
                f"sos-print audit but its streams (at most {_LARGEST_OBJECT:,}): not an audit",
            )


def _balanced(text: bytes) -> bool:
    """Tells whether an object's text closes every string and dictionary it opens (a string holding "endobj" does
    not end its object there)."""
    text = text.replace(b"\\\\", b"").replace(b"\\(", b"").replace(b"\\)", b"")
    return text.count(b"(") == text.count(b")") and text.count(b"<") == text.count(b">")


# An audit's largest object that is not a stream is its list of fields or of a page's widgets: well under a megabyte.
_LARGEST_OBJECT = 8_000_000
# The largest form `audit --fillable` writes has 28,682 objects (281 groups of 3 x 3, both languages, in large
# print); each time an app saves it whole, it may add an appearance to every field (about 20,000 objects): three such
# saves are read.
_MOST_OBJECTS = 100_000
# Far beyond what `audit --fillable` writes (see MAX_FIELDS in forms.fields); a bound on a hostile file's work.
_MOST_NODES = 4 * MAX_FIELDS
_DEEPEST = 12  # sos-print's field names have five parts at most
# The most pages of a fillable audit is about 570 (285 groups of 3 x 3, both languages, in large print).
_MOST_PAGES = 2_000
_LONGEST_PART = 64  # of a field's name: sos-print's are at most 8 characters ("group500")
# A value read back may be this many times as long as the most its field takes (spaces and line breaks a PDF reader
# lets through); a longer one is refused before it is copied or decoded, so that the work follows the file's size.
_SLACK = 4
_OURS = re.compile(r"group([1-9][0-9]{0,2})\.(.+)", re.DOTALL)
_SIDE = r"(?:[A-D]|AC|BD)"
_COLUMN = rf"(?:player|letter|cell|lines|points|total\.{_SIDE})"
_KNOWN = re.compile(rf"game|class|date|names\.[A-D]|move\.[0-9]+\.{_COLUMN}|pause\.score\.{_SIDE}|pause\.next")
# The rows of a table, under any name: a copy of a form renamed, or put under another field, by a tool joining files.
_ROW_ANYWHERE = re.compile(rf"(?:.*\.)?move\.[0-9]+\.{_COLUMN}", re.DOTALL)


def _walk(
    reader: PdfReader,
    path: str,
    drawn: dict[str, tuple[Any, list[Any]]],
    pages: dict[object, tuple[int, Any]],
    notes: list[tuple[int, Any]],
) -> tuple[dict[str, str], int, dict[int, set[str]]]:
    """Returns the fields of sos-print's audits, how many fields the file has and the audit's fields on its pages
    (`_refuse_unread_annotations`), walking the form's tree of fields, then every page; `drawn` gets the widgets of
    each field of ours, by full name, `pages` each widget's page and its number, and `notes` the popups each page
    holds, with its number."""
    catalog: Any = reader.root_object  # pypdf's objects are typed loosely: each is looked at before it is used
    budget = _Budget(path)
    _refuse_attached_files(catalog, budget, path)
    form = dictionary(catalog.get("/AcroForm"))
    _refuse_acting_on_its_own(catalog, form, budget, path)
    found: dict[str, str] = {}
    walked: dict[object, str] = {}  # the fields that take a value, by full name
    listed: set[object] = set()  # their widgets, as the fields list them
    count = 0
    roots = budget.items(form.get("/Fields") if form is not None else None)
    pending: list[tuple[Any, str, tuple[object, ...]]] = [(root, "", ()) for root in reversed(roots)]
    seen: set[object] = set()
    while pending:
        reference, parent, above = pending.pop()  # `above`: the fields it is under, the nearest last
        node = dictionary(reference)
        if node is None:
            continue
        part = _part(node.get("/T"), path)
        name = f"{parent}.{part}" if parent and part is not None else part if part is not None else parent
        _refuse_listed_again(_identity(node), above, seen, name, path)
        seen.add(_identity(node))
        _refuse_actions(node, f"field {quoted(name or '')}", budget, path)
        associated = _associated(node, budget)
        if associated is not None:
            raise ExampleFileError(path, _attached(f"files associated with field {quoted(name or '')}", associated, 2))
        kids = [kid for kid in map(dictionary, budget.items(node.get("/Kids"))) if kid is not None]
        fields = [kid for kid in kids if "/T" in kid]
        if fields and "/V" in node:  # a value its fields would inherit, which no row's field is read for
            raise ExampleFileError(path, _INHERITED.format(quoted(name or "")))
        if fields:
            pending += [(kid, name, (*above, _identity(node))) for kid in reversed(fields)]
        elif part is not None:  # a field that takes a value (its kids, if any, are its widgets)
            count += 1
            walked[_identity(node)] = name
            listed.update(_identity(widget) for widget in [node, *kids])
            ours = _OURS.fullmatch(name)
            if (ours is None or not _KNOWN.fullmatch(ours[2])) and _ROW_ANYWHERE.fullmatch(name):
                raise ExampleFileError(path, _outside(name, joined=found))
            if ours is None:
                continue  # another form's field: its value is never looked at
            if name in found:
                raise ExampleFileError(path, _twice(name))
            widgets = len(kids) + (node.get("/Subtype") == "/Widget")  # a field and its one widget may be one object
            if widgets > 1 and ours[2] not in _SHARED:
                raise ExampleFileError(path, _linked(name, f"has {widgets} widgets where an audit has one"))
            found[name] = _value(node, ours[2], name, path)
            drawn[name] = (node, [node, *kids] if node.get("/Subtype") == "/Widget" else kids)
    # A form that lists no field (none, or only objects the file lacks, as pdfunite leaves a filled form) is no form:
    # its pages may still hold every widget; so may the pages of one whose form is another's (a cover page's).
    shown = _refuse_unread_annotations(
        catalog, walked, listed, pages, notes, path, formless=not found, audit=bool(found)
    )
    return found, count, shown


_INHERITED = (
    "gives {} a value, which its fields would take as theirs (sos-print never writes one there): the form was changed; "
    "send the file the audit was filled in"
)

# The only fields of an audit given a widget on each page of their group; every other field has one widget, so a field
# of two is two copies of the audit joined by a tool that links fields of the same name (one value for both copies).
_SHARED = ("class", "date")


def _linked(name: str, how: str) -> str:
    group = name[len("group") : name.index(".")]
    return (
        f"holds joined copies of an audit: group {group}'s field {quoted(name)} {how} (a tool linked the copies' "
        "fields of the same name, so their games share one value): check each filled copy on its own"
    )


def _refuse_listed_again(identity: object, above: tuple[object, ...], seen: set[object], name: str, path: str) -> None:
    """Refuses a field met again (inside itself, or listed twice: a file a tool damaged) or nested deeper than any
    audit's, naming it."""
    if identity in above:
        raise ExampleFileError(path, f"is a damaged PDF form: the field {quoted(name)} is inside itself")
    if identity in seen:
        raise ExampleFileError(
            path,
            f"is a damaged PDF form: it lists the field {quoted(name)} twice (the same field, not a second copy)",
        )
    if len(above) > _DEEPEST:
        raise ExampleFileError(
            path, f"is a PDF form far deeper than any sos-print audit: {quoted(name)} is under {len(above)} fields"
        )


class _Budget:
    """Counts the objects a walk of the file follows, refusing the file once they are far more than any sos-print
    audit holds: checked before an array's items are looked at, so that a few kilobytes naming one object a hundred
    thousand times cost no more than the file's size."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.left = _MOST_NODES

    def items(self, value: object) -> list[Any]:
        """Returns the items of an array (an indirect reference followed), counted; anything else has none."""
        value = value.get_object() if isinstance(value, PdfObject) else value
        if not isinstance(value, ArrayObject):
            return []
        self.spend(len(value))
        return list(value)

    def spend(self, count: int) -> None:
        """Counts `count` objects followed, refusing the file once they are too many."""
        self.left -= count
        if self.left < 0:
            raise ExampleFileError(self.path, "is a PDF form far larger or deeper than any sos-print audit")


def _refuse_unread_annotations(
    catalog: Any,
    walked: dict[object, str],
    listed: set[object],
    pages: dict[object, tuple[int, Any]],
    notes: list[tuple[int, Any]],
    path: str,
    *,
    formless: bool,
    audit: bool,
) -> dict[int, set[str]]:
    """Refuses anything on a page that the record would not read, and returns, by group, the fields (after their
    `group<k>.` part) whose widgets are on the audit's pages.

    A page is the audit's when it holds widgets of a group's fields, among them rows of its table: nothing else may be
    on it but popups (they show another annotation's text). A widget outside the form's tree is refused if its name,
    as far as it can be read, is an audit's (`formless` when the form lists no audit field: the pages were copied
    without it), and so is one whose field is an audit's field of one widget that does not list it (another copy's,
    linked by half). `audit` when the form has an audit's fields: then a page without a group's widgets is a copy
    printed to PDF or another file's page (another form's, a signature's or none), added. A file attached on any page
    is refused. Each popup goes to `notes`, with its page's number: one laid over a claim shows what is not read.
    """
    budget = _Budget(path)
    bare = 0  # the first page without a widget, refused once every page has been looked at
    shown: dict[int, set[str]] = {}
    placed: dict[object, int] = {}  # each widget's page: one listed on two shows one field's value twice
    last = (0, 0)  # the group of the last audit's page, and its number
    for number, page in enumerate(_pages(catalog, path), start=1):
        groups: dict[int, set[str]] = {}  # the audit's fields with a widget on this page
        foreign: list[tuple[str, Any]] = []  # other fields' widgets: (name, field)
        marks: list[object] = []  # the kinds of the annotations neither widgets nor popups
        associated = _associated(page, budget)
        if associated is not None:
            raise ExampleFileError(path, _attached(f"files associated with page {number}", associated, 2))
        _refuse_actions(page, f"page {number}", budget, path)
        for annotation in budget.items(page.get("/Annots")):
            node = dictionary(annotation)
            if node is not None:
                what = f"{'a field' if node.get('/Subtype') == '/Widget' else 'an annotation'} on page {number}"
                _refuse_actions(node, what, budget, path)
                if (associated := _associated(node, budget)) is not None:
                    raise ExampleFileError(path, _attached(f"files associated with {what}", associated, 2))
            kind = node.get("/Subtype") if node is not None else None
            if kind == "/FileAttachment":
                raise ExampleFileError(path, _attached(f"a file attached on page {number}", _file_name(node), 1))
            if node is None or kind == "/Popup":
                notes += [(number, node)] if node is not None else []
                continue
            if kind != "/Widget":
                marks.append(kind)
                continue
            if placed.setdefault(_identity(node), number) != number:
                raise ExampleFileError(path, _AGAIN.format(number, placed[_identity(node)]))
            pages[_identity(node)] = (number, page)
            name, field = _widget_field(node, walked, listed, number, path, formless)
            ours = _OURS.fullmatch(name)
            if ours is not None and not formless and _identity(field) not in walked:
                # The audit's fields are all in the form's tree: a widget of a group of its fields (`group1.move`), or
                # of a field the form does not list, shows what no row of the record reads.
                if _KNOWN.fullmatch(ours[2]):
                    raise ExampleFileError(path, _outside(name, number))
                raise ExampleFileError(path, _NOT_A_FIELD.format(quoted(name), number))
            if ours is None:
                foreign.append((name, field))
            else:
                groups.setdefault(int(ours[1]), set()).add(ours[2])
        if not groups:
            # Not the audit's page: printed ink (fields an app put on it are no proof of more), or another file's.
            bare = bare or (number if audit else 0)
            continue
        _refuse_not_the_audits(number, groups, foreign, marks, path)
        for group, tails in groups.items():
            _refuse_out_of_order(group, tails, number, last, path)
            shown.setdefault(group, set()).update(tails)
            last = (group, number)
    if bare:
        raise ExampleFileError(path, _INK.format(bare))
    return shown


def _refuse_out_of_order(group: int, tails: set[str], number: int, last: tuple[int, int], path: str) -> None:
    """Refuses a page of group `group` (its fields `tails`) after a page of a later group (`last`: that group and its
    page): sos-print writes the groups' pages in order, so two groups' pages were swapped, or their widgets (A8)."""
    if group < last[0]:
        name = group_field(group, min(tails, key=lambda tail: (not tail.startswith("move."), tail)))
        raise ExampleFileError(
            path,
            f"has group {group}'s field {quoted(name)} on page {number}, after group {last[0]}'s page {last[1]}, where "
            "sos-print puts the groups' pages in order (pages or fields moved between the groups' sheets?): what "
            "sos-print would read may not be what the audit shows; send the file the audit was filled in",
        )


def _widget_field(
    widget: Any, walked: dict[object, str], listed: set[object], number: int, path: str, formless: bool
) -> tuple[str, Any]:
    """Returns the full name of a widget's field and the field, refusing a widget outside the form's tree that looks
    like an audit's, and one the audit's field of one widget does not list."""
    field = widget if "/T" in widget else dictionary(widget.get("/Parent"))
    if field is None:
        return "", widget
    name = walked.get(_identity(field))
    if name is not None:
        ours = _OURS.fullmatch(name)
        if _identity(widget) not in listed and ours is not None and ours[2] not in _SHARED:
            raise ExampleFileError(path, _linked(name, f"has a widget on page {number} that it does not list"))
        return name, field
    parts, node, depth = [], field, 0
    while node is not None and depth <= _DEEPEST:
        part = _part(node.get("/T"), path)
        if part is not None:
            parts.append(part)
        node, depth = dictionary(node.get("/Parent")), depth + 1
    if parts and (parts[0] in ("game", *MOVE_COLUMNS) or parts[1:2] == ["total"]):
        if formless:  # the values are all there: "printed to PDF again" would tell the teacher they are ink
            joined = " (joined after another file's pages, whose form it kept)" if walked else ""
            raise ExampleFileError(path, _FORMLESS.format(number, joined))
        raise ExampleFileError(path, _outside(".".join(reversed(parts)), number))
    return ".".join(reversed(parts)), field


def _refuse_not_the_audits(
    number: int, groups: dict[int, set[str]], foreign: list[tuple[str, Any]], marks: list[object], path: str
) -> None:
    """Refuses a page of the audit that holds what sos-print does not write there: another group's fields, another
    form's field, an annotation on top of the form, or no row of its table (a field put on another page)."""
    if len(groups) > 1:
        first, second = sorted(groups)[:2]
        raise ExampleFileError(
            path,
            f"has fields of groups {first} and {second} on page {number}, where sos-print puts one group's: "
            "the form was changed; send the file the audit was filled in",
        )
    if foreign:
        name, field = foreign[0]
        what = "a signature field" if _kind(field) == "/Sig" else "a field"
        named = f"{what} {quoted(name)}" if name else f"{what} without a name"
        raise ExampleFileError(
            path,
            f"has {named} on page {number} that is not one of the audit's (added by a PDF app?): what it holds is "
            "not read; type each row into the audit's fields, and remove it",
        )
    if marks:
        raise ExampleFileError(
            path,
            f"has on page {number} {_MARKS.get(marks[0], 'an annotation sos-print does not write')}: it is not "
            "read; type each row into the audit's fields",
        )
    ((group, tails),) = groups.items()
    # (a field no audit has is named once the form is read: `_refuse_unknown_fields`)
    if all(_KNOWN.fullmatch(tail) and not tail.startswith("move.") for tail in tails):
        raise ExampleFileError(
            path,
            f"has a page {number} with group {group}'s field {quoted(group_field(group, min(tails)))} but none of "
            "its rows: not a page sos-print wrote (a copy printed to PDF, with a field put on it?); what it shows "
            "cannot be read, so check each filled copy on its own",
        )


_KINDS: dict[object, str] = {"/Ch": "list to choose from", "/Btn": "button or box to tick", "/Sig": "signature field"}


def _kind(field: Any) -> object:
    """Returns a field's type (/Tx, /Sig...), as it says it or inherits it from the fields above it."""
    return _inherited(field, "/FT")


# What each kind of annotation a PDF reader adds on top of a page is, in plain words (sos-print writes only widgets).
_MARKS: dict[object, str] = {
    "/FreeText": "text typed on top of the form, not into its fields",
    "/Ink": "a drawing",
    "/Stamp": "a stamp",
    **dict.fromkeys(("/Square", "/Circle", "/Line", "/Polygon", "/PolyLine"), "a drawn shape"),
    "/Text": "a note",
    **dict.fromkeys(("/Highlight", "/Underline", "/Squiggly", "/StrikeOut"), "a marking of the printed text"),
    "/Caret": "an insertion mark",
    "/Redact": "a mark to black out",
    "/Link": "a link",
    **dict.fromkeys(("/Sound", "/Movie", "/Screen", "/RichMedia", "/3D"), "a sound or a video"),
    "/Watermark": "a watermark",
}


def _refuse_attached_files(catalog: Any, budget: _Budget, path: str) -> None:
    """Refuses a file that carries other files (a portfolio, or files attached to the document): a filled copy in
    them would not be read."""
    names = dictionary(catalog.get("/Names"))
    tree = dictionary(names.get("/EmbeddedFiles")) if names is not None else None
    first = _first_attached(tree, budget)
    if "/Collection" in catalog:
        named = f" (such as {first})" if first else ""
        raise ExampleFileError(
            path, f"is a PDF portfolio, a file holding other files{named}: open it and save each audit on its own"
        )
    if first is not None:
        raise ExampleFileError(path, _attached("attached files", first, 2))
    associated = _associated(catalog, budget)
    if associated is not None:
        raise ExampleFileError(path, _attached("files associated with the document", associated, 2))


def _refuse_acting_on_its_own(catalog: Any, form: Any, budget: _Budget, path: str) -> None:
    """Refuses what sos-print never writes and a PDF reader acts on: an XFA form (values kept apart from the fields,
    which a reader may show instead of them), JavaScript a reader runs by itself or actions that load, reset or hide
    fields (they may change what a field shows): the document's here, each page's, field's and widget's as they are
    walked."""
    if form is not None and "/XFA" in form:
        raise ExampleFileError(
            path,
            "is an XFA form, whose values a PDF reader may show instead of its fields' (sos-print never writes "
            "one): send the file the audit was filled in",
        )
    names = dictionary(catalog.get("/Names"))
    if names is not None and "/JavaScript" in names:
        raise ExampleFileError(path, _acting("/JavaScript", "the document"))
    _refuse_actions(catalog, "the document", budget, path)


def _refuse_actions(node: Any, where: str, budget: _Budget, path: str) -> None:
    """Refuses a document, page, field or widget `node` whose actions a reader runs by itself (on opening, on
    showing a page or a field, on formatting or calculating a value, on printing) run JavaScript or set, reset or
    hide fields, within `budget`; one run only when a child clicks (/A) changes nothing by itself."""
    pending = [node.get("/OpenAction"), *(dictionary(node.get("/AA")) or {}).values()]
    seen: set[object] = set()
    while pending:
        value = resolved(pending.pop())
        if isinstance(value, ArrayObject):  # a destination, or a list of next actions
            pending += budget.items(value)
            continue
        action = dictionary(value)
        if action is None or _identity(action) in seen:
            continue
        seen.add(_identity(action))
        kind = "/JavaScript" if "/JS" in action else action.get("/S")
        if kind in _CHANGING:
            raise ExampleFileError(path, _acting(str(kind), where))
        pending.append(action.get("/Next"))
        budget.spend(1)


# The actions that may make a reader show other values than the fields hold.
_CHANGING = ("/JavaScript", "/ImportData", "/ResetForm", "/Hide")


def _acting(kind: str, where: str) -> str:
    what = "JavaScript" if kind == "/JavaScript" else f"an action ({kind[1:]})"
    return (
        f"carries {what} that a PDF reader runs by itself (as it opens, shows, saves or prints {where}), which may "
        "change what the fields show (sos-print never writes any): send the file the audit was filled in"
    )


def _associated(node: Any, budget: _Budget) -> str | None:
    """Returns the name of the first file associated with the document or a page (PDF 2.0's /AF), "" if it cannot
    be read safely, None if there is none."""
    if "/AF" not in node:
        return None
    files = budget.items(node.get("/AF"))
    return _file_name(dictionary(files[0])) if files else ""


def _attached(what: str, name: str, count: int) -> str:
    named = f" ({name})" if name else ""
    which, them = ("which is", "it") if count == 1 else ("which are", "them")
    return (
        f"carries {what}{named}, {which} not read: save the audit again without {them}, and check each filled copy "
        "on its own"
    )


def _first_attached(tree: Any, budget: _Budget) -> str | None:
    """Returns the name of the first file of a tree of attached files ("" when it cannot be read safely), None if
    the tree names none: every node is looked at (a node may be empty, and the files in the next), within `budget`."""
    pending: list[tuple[Any, int]] = [(tree, 0)]
    seen: set[object] = set()
    while pending:
        reference, depth = pending.pop()
        node = dictionary(reference)
        if node is None or _identity(node) in seen:
            continue
        if depth > _DEEPEST:
            return ""  # deeper than any tree worth reading: not taken to hold nothing
        seen.add(_identity(node))
        pairs = budget.items(node.get("/Names"))
        if len(pairs) >= 2:
            return _file_name(dictionary(pairs[1])) or _short(pairs[0])
        pending += [(kid, depth + 1) for kid in reversed(budget.items(node.get("/Kids")))]
    return None


def _file_name(annotation_or_spec: Any) -> str:
    """Returns an attached file's name, quoted and short, from its annotation or its file specification; "" if it
    has none that can be read safely."""
    node = annotation_or_spec
    if node is None:
        return ""
    spec = node.get("/FS") if "/FS" in node else node
    if isinstance(spec, (str, bytes)):
        return _short(spec)
    spec = dictionary(spec)
    return next((name for key in ("/UF", "/F") if spec is not None and (name := _short(spec.get(key)))), "")


def _short(value: object) -> str:
    """Returns a name from the file as a message quotes it, if it is text of a sensible length; else ""."""
    value = value.get_object() if isinstance(value, PdfObject) else value
    if not isinstance(value, (str, bytes)) or len(value) > 4 * _LONGEST_PART:
        return ""
    text = value if isinstance(value, str) else _decoded(bytes(value))
    return quoted(text) if text.isprintable() and text else ""


_AGAIN = (
    "has a page {} that shows the widgets of page {} again (a copy of that page added to the file?): what it shows "
    "cannot be read; send the file the audit was filled in, or check each filled copy on its own"
)
_NOT_A_FIELD = (
    "has a widget of {} on page {}, which is not one of the audit's fields but a group of them (or a name no audit "
    "has): what it shows is not read; the form was changed, so send the file the audit was filled in"
)
_INK = (
    "has a page {} without the audit's fields (a copy printed to PDF, or a page of another file, added to it): "
    "what it shows cannot be read; check each filled copy on its own"
)
_FORMLESS = (
    "holds audit fields on page {} but not the form's list of them: its pages were copied into a new file without "
    "the form{}; send the file the audit was filled in"
)


def _pages(catalog: Any, path: str) -> Iterator[Any]:
    """Yields the pages of the file in order, walking its page tree itself: pypdf would gather every page first,
    and a file of a megabyte can hold a hundred thousand of them. More pages than any audit has are refused.

    A node is a page or a list of pages as its /Type says, as pypdf and viewers take it: a page that also has /Kids
    (an empty array, or null) is still shown, so it is read. A node that is neither, or a page with kids, is damage.
    """
    pending, seen, pages = [catalog.get("/Pages")], set(), 0
    numbers: dict[object, int] = {}  # each page's number, where it is first met
    while pending:
        node = dictionary(pending.pop())
        if node is None:
            continue
        kind = node.get("/Type")
        if _identity(node) in numbers:  # a page has no kids: listed again, it cannot loop
            raise ExampleFileError(
                path,
                f"lists page {numbers[_identity(node)]} twice (a page appears twice in the file): send the "
                "file the audit was filled in",
            )
        if _identity(node) in seen:
            raise ExampleFileError(path, "cannot be read as a PDF: it is damaged (its tree of pages loops)")
        seen.add(_identity(node))
        kids = _items(node.get("/Kids"))
        if kind == "/Page" and not kids:
            pages += 1
            numbers[_identity(node)] = pages
            yield node
        elif kind == "/Pages" and isinstance(resolved(node.get("/Kids")), ArrayObject):
            if len(kids) > _MOST_PAGES:
                raise ExampleFileError(path, _MANY_PAGES)
            pending += reversed(kids)
        else:
            what = {"/Page": "a page that lists pages", "/Pages": "a list of pages without its list"}.get(
                kind, "neither a page nor a list of pages"
            )
            raise ExampleFileError(path, f"cannot be read as a PDF: it is damaged (its tree of pages holds {what})")
        if pages > _MOST_PAGES or len(seen) > 2 * _MOST_PAGES:  # pages, or the nodes that gather them
            raise ExampleFileError(path, _MANY_PAGES)


_MANY_PAGES = f"has more pages than any sos-print audit (at most {_MOST_PAGES:,})"


def _outside(name: str, page: int | None = None, joined: Container[str] = ()) -> str:
    renamed = _SPLIT.match(name)
    original = name[: renamed.start(2)] + name[renamed.end(2) :] if renamed is not None else ""
    if renamed is not None and original in joined:  # the form's own field and a copy of it: two copies joined
        return (
            f"holds group {renamed[1]}'s fields twice, a copy's renamed ({quoted(name)} beside {quoted(original)}): "
            "two filled copies were joined into one file; check each filled copy on its own"
        )
    if renamed is not None:  # qpdf --empty --pages keeps each page's fields apart by renaming them
        return (
            f"holds group {renamed[1]}'s fields renamed by a tool that split the class file ({quoted(name)} for "
            f"{quoted(original)}): split it keeping the form's names (for "
            "pages 3 and 4: qpdf class.pdf --pages . 3-4 -- group.pdf), or hand out the whole file"
        )
    where = f" on page {page}" if page is not None else ""
    return (
        f"holds audit fields outside its form, such as {quoted(name)}{where} (pages joined from two files?): "
        "send the file the audit was filled in, or check each filled copy on its own"
    )


_SPLIT = re.compile(r"group([1-9][0-9]{0,2})(\+[0-9]+)\..*", re.DOTALL)


def _twice(name: str) -> str:
    group = re.match(r"group([0-9]+)\.", name)
    whose = f"group {group[1]}'s field {quoted(name)}" if group else f"the field {quoted(name)}"
    return (
        f"holds {whose} twice (two copies of an audit joined into one file?): "
        "a record is one game, so check each filled copy on its own"
    )


def _items(value: object) -> list[Any]:
    """Returns the items of an array (an indirect reference followed); anything else has none."""
    value = value.get_object() if isinstance(value, PdfObject) else value
    return list(value) if isinstance(value, ArrayObject) else []


def _identity(node: Any) -> object:
    """Returns what tells one object of the file from another: its object number, or the object itself if direct."""
    reference = getattr(node, "indirect_reference", None)
    return (reference.idnum, reference.generation) if reference is not None else id(node)


def _part(value: object, path: str) -> str | None:
    """Returns a part of a field's name (its /T), refusing one far longer than sos-print's before it is copied."""
    if value is None:
        return None
    if isinstance(value, (str, bytes)):
        if len(value) > _LONGEST_PART:
            raise ExampleFileError(
                path,
                f"is a PDF form whose field names are far longer than any sos-print audit's "
                f"(one part of {len(value):,} characters)",
            )
        return str(value)
    return f"<{type(value).__name__}>"  # a number or worse where a name should be: no name of ours


def _refuse_unlike_its_default(text: str, default: str | None, field: str, path: str) -> None:
    """Refuses a game field whose value is not the one the audit was written with, kept as its default value: the
    target and the count of groups change no field of the form, so nothing else would tell an edited one (a game
    played on after its target was reached read as won by no one).

    A game field with no default is refused too: sos-print writes one beside every value, so a default deleted hid
    an edited value (sweep 40, F6). The value is the field's own: one given to a field above it is refused where the
    tree is walked (`_INHERITED`), and a widget's own is read by no reader. The default can be edited alongside the
    value: `_refuse_unlike_the_class` holds it to what the other fields of the form say as well."""
    if default is None:
        raise ExampleFileError(
            path,
            f"its field {field} has no default value, which sos-print writes beside the game: the game field was "
            "changed after it was written",
        )
    if default.split() == text.split():
        return
    said = dict(item.partition("=")[::2] for item in text.split() if "=" in item)
    wrote = dict(item.partition("=")[::2] for item in default.split() if "=" in item)
    key = next((key for key in [*wrote, *said] if said.get(key) != wrote.get(key)), "")
    now, then = said.get(key, ""), wrote.get(key, "")
    change = f" says {key}={now}, but the audit was written with {key}={then}" if key else ""
    # The words without "=", its mark and version: "says 1:=, but the audit was written with 1:=" (sweep ad49, F2).
    words = [pair for pair in zip_longest(_words(text), _words(default), fillvalue="") if pair[0] != pair[1]]
    if not key and words:
        change = f" says {quoted(words[0][0])}, but the audit was written with {quoted(words[0][1])}"
    raise ExampleFileError(path, f"its field {field}{change}: the game field was changed after it was written")


def _words(text: str) -> list[str]:
    """Returns a game field's words that are not settings (key=value): its mark and its version."""
    return [item for item in text.split() if "=" not in item]


def _refuse_unlike_the_class(games: dict[int, str], game: FormGame, group: int, path: str) -> None:
    """Refuses a game field that says another game than the form's other game fields, or another count of groups
    than the form holds: a class's audit is written for one game, each group's field saying it, and the groups it
    holds are the groups it was written for.

    Why here, and not only the default value: the value and its default sit side by side in one field, and an editor
    changing the target changes both (sweep 40, F6). What the form itself holds cannot be changed alongside it
    without changing every group's field, so a single field changed is told; the target printed on the page (its
    instructions' words) is not read, and a form whose every game field was changed alike is still read as it says.
    """
    field = game_field(group)
    held = sorted(games)
    if held != list(range(1, game.groups + 1)):
        count = f"{len(held)} group{'s' * (len(held) != 1)}"
        raise ExampleFileError(
            path,
            f"its field {field} says groups={game.groups}, but the form holds the game fields of {count}: the game "
            "field was changed after it was written",
        )
    said = _class_game(games[group])
    for other in held:
        theirs = _class_game(games[other])
        key = next((key for key in [*said, *theirs] if said.get(key) != theirs.get(key)), None)
        if key is not None:
            raise ExampleFileError(
                path,
                f"its field {field} says {key}={said.get(key, '')}, but group {other}'s field "
                f"{game_field(other)} says {key}={theirs.get(key, '')}: the game field was changed after it was "
                "written",
            )


def _class_game(text: str) -> dict[str, str]:
    """Returns what a game field says of the class's game, which every group's says alike: not the group, nor its
    players and teams (a class list leaves a group of three among pairs, or a pair among teams)."""
    items = dict(item.partition("=")[::2] for item in text.split()[2:])
    return {key: value for key, value in items.items() if key not in ("group", "players", "teams")}


def _value(node: Any, tail: str, name: str, path: str) -> str:
    """Returns the value of a field of ours that the record reads (the game, a table's cell, the header's names,
    class and date, the pause box), held to the most its field takes; any other gives ""."""
    if tail == "game":
        limit = GAME_LENGTH
    elif _KNOWN.fullmatch(tail) and tail.startswith("move."):
        limit = _SLACK * longest_value(tail.split(".", 2)[2])
    elif tail in _HEADER_LIMITS or tail.startswith("names."):
        limit = _HEADER_LIMITS.get(tail, _SLACK * NAME_LENGTH)
    elif tail == "pause.next":
        limit = _SLACK * NEXT_LENGTH
    elif tail.startswith("pause.score."):
        limit = _SLACK * longest_value("total.A")
    else:
        return ""
    return _text(node.get("/V"), limit, path, name)


# A class name printed on the audit is in its hidden class field whole, as long as --class-name allows.
_HEADER_LIMITS = {"class": max(_SLACK * CLASS_LENGTH, CLASS_NAME_LENGTH), "date": _SLACK * DATE_LENGTH}


def _header(fields: dict[str, str], game: FormGame, group: int) -> GameHeader:
    """Returns what group `group`'s header says: the names typed for each seat, the class, the date, and the group
    (as its game field says it, with the class's count of groups). Each text is read as it prints (`as_printed`)."""

    def typed(*parts: str) -> str:
        return as_printed(fields.get(group_field(group, *parts), ""))

    names = tuple((seat, typed("names", seat)) for seat in game.variant.seats if typed("names", seat))
    return GameHeader(names, typed("class"), typed("date"), game.group, game.groups, game.lang)


def _text(value: object, limit: int, path: str, name: str) -> str:
    """Returns a field's value as text of at most `limit` characters: a text string, a list of them, or a text stream
    (as the PDF standard allows); a longer value is refused before it is copied or decoded."""
    value = value.get_object() if isinstance(value, PdfObject) else value
    if value is None or isinstance(value, NullObject):
        return ""
    if isinstance(value, ArrayObject):
        if len(value) > limit:
            raise ExampleFileError(path, _too_long(name, limit))
        items = [_text(item, limit, path, name) for item in value if not isinstance(item, ArrayObject)]
        text = " ".join(items)
    elif isinstance(value, StreamObject):
        text = _stream_text(value, limit, path, name)
    elif isinstance(value, (str, bytes)):
        if len(value) > limit:
            raise ExampleFileError(path, _too_long(name, limit))
        text = value if isinstance(value, str) else _decoded(bytes(value))
    elif isinstance(value, (int, float)):
        text = str(value)
    else:
        raise ExampleFileError(path, _unreadable(name))
    if len(text) > limit:
        raise ExampleFileError(path, _too_long(name, limit))
    return str(text)


def _stream_text(stream: StreamObject, limit: int, path: str, name: str) -> str:
    """Returns the text of a value stored as a stream, uncompressed or Flate-compressed, read only up to its limit:
    a few bytes that inflate to gigabytes are refused after `limit`, whatever pypdf itself would have allowed."""
    most = 4 * limit + 4  # bytes: UTF-8 takes up to 4 a character, and a byte-order mark before them
    filters = stream.get("/Filter")
    filters = list(filters) if isinstance(filters, ArrayObject) else [] if filters is None else [filters]
    parameters = stream.get("/DecodeParms")
    if filters not in ([], ["/FlateDecode"]) or not (parameters is None or isinstance(parameters, NullObject)):
        raise ExampleFileError(
            path,
            f"the value of its field {quoted(name)} is compressed in a way no PDF reader "
            "writes a field's text: save the file again from the PDF reader",
        )
    stored = StreamObject.get_data(stream)  # the bytes as stored: EncodedStreamObject.get_data inflates them whole
    if len(stored) > most + 64:  # room for the compressed form's own header and blocks
        raise ExampleFileError(path, _too_long(name, limit))
    try:
        data = zlib.decompressobj().decompress(stored, most + 1) if filters else stored
    except zlib.error:
        raise ExampleFileError(path, _unreadable(name)) from None
    text = _decoded(data)
    if len(data) > most or len(text) > limit:
        raise ExampleFileError(path, _too_long(name, limit))
    return text


def _too_long(name: str, limit: int) -> str:
    return f"the value of its field {quoted(name)} is longer than {limit:,} characters, more than the field takes"


def _unreadable(name: str) -> str:
    return f"the value of its field {quoted(name)} cannot be read"


def _decoded(data: bytes) -> str:
    """Decodes a text's bytes: UTF-16 with its mark, UTF-8 with its mark, else PDFDocEncoding (Latin-1 here)."""
    if data.startswith((b"\xfe\xff", b"\xff\xfe")):
        return data.decode("utf-16", errors="replace")
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    return data.decode("latin-1")


def _security(error: NotImplementedError) -> str:
    """Says why a file pypdf cannot decrypt is refused: encrypted with a certificate (Acrobat's "Certificate
    Security") or by a method pypdf does not know. It is no damaged file; saving it without security helps."""
    if "handler" in str(error):
        return "is encrypted with a certificate: save it again without security"
    return "is encrypted by a method sos-print cannot open: save it again without security"


def _reason(error: Exception) -> str:
    text = " ".join(str(error).split())
    text = text if text.isprintable() else repr(text)[1:-1]  # pypdf may quote the file's bytes
    text = text if len(text) <= 80 else text[:79] + "\u2026"
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """Keeps pypdf's warnings about a damaged file off the terminal: the one line of the verdict says it all."""
    logger = logging.getLogger("pypdf")  # its modules log to children of it, which take its level
    level = logger.level
    logger.setLevel(logging.CRITICAL + 1)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        logger.setLevel(level)


def _games(fields: dict[str, str]) -> dict[int, str]:
    """Returns the text of each group's game field, by group number, in order."""
    found = {}
    for name, value in fields.items():
        match = re.fullmatch(r"group([1-9][0-9]{0,2})\.game", name)
        if match is not None:
            found[int(match[1])] = value
    return dict(sorted(found.items()))


def _refuse_unknown_fields(fields: dict[str, str], path: str) -> None:
    """Refuses a field under a group's name that no audit has, in any group: a group's table renamed
    (`group1.move` made `group1.moves`) would otherwise be read as a table with no rows, its game dropped unread."""
    for name in fields:
        ours = _OURS.fullmatch(name)
        if ours is not None and not _KNOWN.fullmatch(ours[2]):
            raise ExampleFileError(path, _unknown(int(ours[1]), name))


def _unknown(group: int, name: str) -> str:
    return f"group {group}'s form has a field {quoted(name)} no sos-print audit has: the form was changed"


def _filled_groups(fields: dict[str, str]) -> list[int]:
    """Returns the groups with anything written in a row of their table, in order."""
    groups = {
        int(match[1])
        for name, value in fields.items()
        if value.strip() and (match := re.fullmatch(r"group([1-9][0-9]{0,2})\.move\.[0-9]+\..+", name))
    }
    return sorted(groups)


def _refuse_unless_its_own(game: FormGame, group: int, fields: dict[str, str], path: str) -> None:
    """Refuses a game field that does not describe its own group's form, and a form that is not as sos-print wrote
    it: another group, another board's rows, other seats or sides than its names and totals, a column missing.

    Each of these would have the record read wrongly without a word: totals or points never read, so never checked.
    The target changes no field, and is taken as the game field says; first-sos-wins leaves the points, the totals
    and the pause box's points out.
    """
    field = game_field(group)
    if game.group != group:
        raise ExampleFileError(path, f"its field {field} says group={game.group}: it is group {group}'s field")
    prefix = f"group{group}."
    own = {name[len(prefix) :] for name in fields if name.startswith(prefix)}
    _refuse_other_rows(game, group, own, path)
    variant = game.variant
    seats = sorted(tail[6:] for tail in own if re.fullmatch(r"names\.[A-D]", tail))
    if seats != list(variant.seats):
        raise ExampleFileError(
            path,
            f"its field {field} says players={variant.players}, but group {group}'s form has names for "
            f"{_sides(seats)}: the game field or the form was changed",
        )
    for where, pattern in (
        ("table has totals", rf"move\.[0-9]+\.total\.({_SIDE})"),
        ("pause box has points", rf"pause\.score\.({_SIDE})"),
    ):
        sides = sorted({match[1] for tail in own if (match := re.fullmatch(pattern, tail))}, key=_side_order)
        if sides != list(scored_sides(variant)):
            teams = "yes" if variant.teams else "no"
            first = " first-sos-wins=yes" if variant.first_sos_wins else ""
            raise ExampleFileError(
                path,
                f"its field {field} says players={variant.players} teams={teams}{first}, but group {group}'s {where} "
                f"for {_sides(sides)}, not {_sides(scored_sides(variant))}: the game field or the form was changed",
            )
    expected = form_fields(game.size, variant)
    for column in move_columns(variant):
        if not any(f"move.{move}.{column}" in own for move in range(1, game.size**2 + 1)):
            raise ExampleFileError(
                path,
                f"group {group}'s table has no {column} column: each row of a sos-print audit has one, so the "
                "form was changed and its claims could not all be checked",
            )
    missing = [tail for tail in expected if tail not in own and tail != "class"]
    if missing:
        raise ExampleFileError(path, f"group {group}'s form has no field {prefix}{missing[0]}: the form was changed")
    extra = sorted(own.difference(expected))
    if extra:
        raise ExampleFileError(path, _unknown(group, prefix + extra[0]))


def _refuse_other_rows(game: FormGame, group: int, own: set[str], path: str) -> None:
    """Refuses a table whose rows are not those of the board its game field says: a whole table of another board
    means the game field was changed, or the table's last rows taken out (which the message cannot tell apart, sweep
    ad49 F6); a row beyond the board's means the form was."""
    size, rows = game.size, {int(match[1]) for tail in own if (match := re.fullmatch(r"move\.([0-9]+)\..+", tail))}
    wanted = set(range(1, size * size + 1))
    if rows == wanted:
        return
    other = math.isqrt(len(rows))
    if rows == set(range(1, other * other + 1)) and MIN_SIZE <= other <= MAX_SIZE:
        raise ExampleFileError(
            path,
            f"its field {game_field(group)} says size={size}, but group {group}'s table has {len(rows)} rows, "
            f"not {size * size}: the game field or the table was changed after it was written",
        )
    beyond = sorted(rows - wanted)
    if beyond:  # a row missing, with none beyond, is named with the other fields missing
        row = beyond[0]
        tails = sorted(tail for tail in own if tail.startswith(f"move.{row}."))  # the row's player field, if it has one
        name = next((f"move.{row}.{column}" for column in MOVE_COLUMNS if f"move.{row}.{column}" in own), tails[0])
        raise ExampleFileError(
            path,
            f"group {group}'s form has a field {quoted(group_field(group, name))}, but the table of a "
            f"{size} × {size} audit has rows 1 to {size * size}: the form was changed",
        )


def _side_order(side: str) -> tuple[int, str]:
    return len(side), side


def _sides(sides: list[str] | tuple[str, ...]) -> str:
    """Names seats or sides as the audit prints them: "A, B, C" or "A + C, B + D"; none is "none"."""
    return ", ".join(" + ".join(side) for side in sides) or "none"


def _refuse_other_pauses(fields: dict[str, str], group: int, path: str) -> None:
    """Refuses a pause box filled in for another group than the one whose rows are: that group stopped a game whose
    moves are in no row of the file, so what its box claims could be checked against nothing, and a clean report
    would pass over a game without a word (sweep 40, F4)."""
    for name, value in fields.items():
        match = re.fullmatch(r"group([1-9][0-9]{0,2})\.pause\..+", name)
        if match is not None and int(match[1]) != group and value.strip():
            other = int(match[1])
            raise ExampleFileError(
                path,
                f"group {other}'s pause box is filled in ({quoted(name)}), but group {other}'s table has no row: the "
                f"game it pauses cannot be checked; type its moves in group {other}'s table, in a copy of its own",
            )


def _pause(fields: dict[str, str], game: FormGame, group: int, header: GameHeader, path: str) -> Pause | None:
    """Returns what group `group`'s pause box claims, for check to hold it to the game as it holds the rows: each
    side's points (whole numbers in the digits 0 to 9), and who writes next, as a seat's letter or a name of the
    names row; a box that cannot be read is refused naming its field."""
    scores = []
    for side in scored_sides(game.variant):
        name = group_field(group, "pause", "score", side)
        text = fields.get(name, "").strip()
        if not text:
            continue
        if not re.fullmatch(r"[0-9]{1,6}", text):
            said = quoted(text) if len(text) <= _SAID else "a word"  # a longer text may be a child's name
            raise ExampleFileError(
                path, f"group {group}'s field {quoted(name)} holds {said}: write the points in the digits 0 to 9"
            )
        scores.append((side, int(text)))
    name = group_field(group, "pause", "next")
    text = as_printed(fields.get(name, ""))
    seat = text.upper() if text.upper() in game.variant.seats else _named_seat(text, header, group, name, path)
    cut = [side for side, given in header.names if _cut(fields.get(name, ""), given)]
    if text and seat is None and len(cut) == 1:
        # A name longer than the box, which a viewer cut (a class list's take 40 characters): the page shows the
        # start of one child's name alone, and names that child (sweep ad104, 3; it was refused, ad99 C1).
        seat = cut[0]
    if text and seat is None and cut:
        raise ExampleFileError(
            path,
            f"group {group}'s field {quoted(name)} holds the first {NEXT_LENGTH} characters of a name, all the box "
            f"takes: write the seat's letter ({' or '.join(cut)})",
        )
    others = [f"{side}'s" for side in cut if side != seat]
    if seat is not None and others:
        # One seat's whole name is another's cut by the box: either child may be meant (sweep ad100).
        raise ExampleFileError(
            path,
            f"group {group}'s field {quoted(name)} holds {seat}'s name, which is also the first {NEXT_LENGTH} "
            f"characters of {' and '.join(others)}, all the box takes: write the seat's letter "
            f"({' or '.join(sorted({seat, *cut}))})",
        )
    if text and seat is None:
        said = quoted(text) if len(text) <= _SAID else "a word that is no name of the names row"
        seats = ", ".join(game.variant.seats)
        raise ExampleFileError(
            path,
            f"group {group}'s field {quoted(name)} holds {said}: write who writes next as a seat ({seats}) or a name "
            "typed in the names row",
        )
    return Pause(tuple(scores), seat) if scores or seat else None


def _named_seat(text: str, header: GameHeader, group: int, name: str, path: str) -> str | None:
    """Returns the seat whose name in the names row is `text`, as typed, else whatever its case; None where none has
    it. Two seats named alike ("Lea" and "LEA") gave the name to the last of them, and a true pause box was told false
    (sweep ad96, 1): a name typed as two seats have it is refused, naming them."""
    if not text:
        return None
    typed = [seat for seat, given in header.names if given == text]
    # whatever its apostrophe too: a class list's names are printed with typographic ones, a tablet types straight
    alike = [seat for seat, given in header.names if _folded(given) == _folded(text)]
    seats = typed or alike
    if len(seats) > 1:
        raise ExampleFileError(
            path,
            f"group {group}'s field {quoted(name)} holds a name that seats {' and '.join(seats)} both have in the "
            f"names row: write the seat's letter ({' or '.join(seats)})",
        )
    return seats[0] if seats else None


def _folded(name: str) -> str:
    """Returns a name as compared whatever its case, its apostrophes ("O’Connor" is "o'connor") and the marks that
    print nothing; the Turkish I's dotted and dotless forms fold to i, as a class list in capitals writes them ("IŞIK"
    is "Işık", "İREM" is "irem")."""
    return as_printed(name).replace("\u2019", "'").casefold().replace("i\u0307", "i").replace("\u0131", "i")


_SAID = 2  # the most characters of a pause box's text a message quotes: a longer one may be a child's name


def _rows(fields: dict[str, str], game: FormGame, group: int) -> list[tuple[int, list[str]]]:
    """Returns the rows of group `group`'s table that hold anything, each with its number on the audit."""
    columns = move_columns(game.variant)
    rows = []
    for move in range(1, game.size * game.size + 1):
        row = [fields.get(move_field(group, move, column), "") for column in columns]
        if any(value.strip() for value in row):
            rows.append((move, row))
    return rows
