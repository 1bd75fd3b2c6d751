"""Names the fields of a fillable scoring audit, and writes and reads the game each of its forms is for.

A fillable audit holds one form per group; every field of group k lives under `group<k>`, so
that the groups of one file never share a field:

    group3.game                        hidden and read-only: the game the form is for (`describe_game`)
    group3.class, group3.date          the header strip (one field, shown on every page of the group); a class
                                       name printed on the audit is held in a hidden read-only class field
    group3.names.A ... group3.names.D  the players' names, one per seat
    group3.move.5.player               row 5 of the table; also .letter, .cell, .lines, .points
    group3.move.5.total.A              and a running total per side (.total.AC for team A + C)
    group3.pause.score.A, group3.pause.next   the pause box

A game won by the first S-O-S has no points: its rows have no .points and no totals, and its
pause box only says who is next.

The hidden field says the board size, the variant, the notation, the group and the language, so
that a filled audit reads back as a game record with no option given, and is replayed in the
language it was printed in (a form made before the language was told reads as English). This module imports no PDF
library: the writer (documents) and the reader (forms.filled) share it.
"""

from __future__ import annotations

import re
from functools import cache

from sos_print.engine.capacity import MOST_SOS
from sos_print.engine.errors import SosError, quoted
from sos_print.engine.frozen import frozen
from sos_print.engine.grid import MAX_SIZE, MIN_SIZE, Cell, all_segments
from sos_print.engine.notation import Notation, cell_name
from sos_print.engine.roster import MAX_NAME
from sos_print.engine.rules import MAX_PLAYERS, Variant

GAME_FORM = "sos-print-audit"  # one word: a mark for programs, never printed
GAME_VERSION = 1
MOVE_COLUMNS = ("player", "letter", "cell", "lines", "points")
MOST_POINTS = 8  # an S can end a line in each of the 8 directions; an O is the middle of at most 4
MAX_GROUPS = 500  # as --groups allows
# The most fields one fillable audit holds, all its groups together, so that writing it and reading it back each
# take a few seconds and stay far under 500 MB of memory (benchmarks/bench_forms.py): 166 groups of 4 x 4 boards
# for two players, 34 of 8 x 8 for four; a class of thirty takes at most 15 groups.
_KEYS = ("size", "players", "teams", "target", "first-sos-wins", "notation", "group", "groups")
LANG = "lang"  # the one key a form may leave out: forms made before it was written say no language
LANGUAGES = ("en", "fr", "en+fr", "fr+en")  # as --lang takes them
# The longest text each kind of field takes; a name or a date is written in full, whatever its length.
NAME_LENGTH = MAX_NAME  # a class list's names fill these fields in: each holds the longest a class list does
CLASS_LENGTH = 60
DATE_LENGTH = 20
NEXT_LENGTH = 20
GAME_LENGTH = 200  # the hidden field's text is about 120 characters at most (describe_game)
MAX_FIELDS = 20_000


@frozen
class FormGame:
    """Holds what a fillable audit's form says about its game: board size, variant, notation, group, and the
    language it was printed in ("" where a form does not say it)."""

    size: int
    variant: Variant
    notation: Notation
    group: int
    groups: int
    lang: str = ""


def describe_game(game: FormGame) -> str:
    """Returns the text of a form's hidden game field, one line of words and numbers a person can read too."""
    variant = game.variant
    values = {
        "size": game.size,
        "players": variant.players,
        "teams": _yes(variant.teams),
        "target": variant.target,
        "first-sos-wins": _yes(variant.first_sos_wins),
        "notation": game.notation.value,
        "group": game.group,
        "groups": game.groups,
        LANG: game.lang,
    }
    return f"{GAME_FORM} {GAME_VERSION}: " + " ".join(f"{key}={value}" for key, value in values.items())


def read_game(text: str) -> FormGame:
    """Returns the game a hidden game field describes; raises SosError saying what is wrong with it."""
    match = re.fullmatch(rf"{GAME_FORM} (\d{{1,4}}): (.*)", text.strip())
    if match is None:
        raise SosError(f"its game field reads {quoted(text)}, not the game of a sos-print audit")
    if int(match[1]) != GAME_VERSION:
        # A tablet's copy of an older audit, or one a colleague printed with a newer sos-print: what to do differs.
        newer = int(match[1]) > GAME_VERSION
        raise SosError(
            f"it is a form of version {match[1]}, made by {'a newer' if newer else 'an older'} sos-print: this one "
            f"reads version {GAME_VERSION}; "
            + ("update sos-print to read it" if newer else "print the audit again with this sos-print")
        )
    values = _values(match[2])
    size = _number(values, "size", MIN_SIZE, MAX_SIZE)
    groups = _number(values, "groups", 1, MAX_GROUPS)
    variant = Variant(
        players=_number(values, "players", 2, MAX_PLAYERS),
        teams=_flag(values, "teams"),
        target=_number(values, "target", 0, MOST_SOS[size]),
        first_sos_wins=_flag(values, "first-sos-wins"),
    )
    try:
        notation = Notation(values["notation"])
    except ValueError:
        raise SosError(f"its game field gives the notation {quoted(values['notation'])}, not A1 or L1C1") from None
    lang = values.get(LANG, "")
    if LANG in values and lang not in LANGUAGES:
        raise SosError(f"its game field gives {LANG}={quoted(lang)}: it must be one of {', '.join(LANGUAGES)}")
    return FormGame(size, variant, notation, _number(values, "group", 1, groups), groups, lang)


def _values(text: str) -> dict[str, str]:
    """Returns the key=value pairs of a game field, each key known and given once."""
    values: dict[str, str] = {}
    for item in text.split():
        key, equals, value = item.partition("=")
        if not equals:  # "size = 4": the key, its sign and its value apart (ad50 F7 named the key '')
            raise SosError(f"its game field holds {quoted(item)}, not a key=value pair such as size=4")
        if key not in (*_KEYS, LANG):
            raise SosError(f"its game field names {quoted(key)}, which is not one of {', '.join((*_KEYS, LANG))}")
        if key in values:
            raise SosError(f"its game field gives {key} twice")
        values[key] = value
    missing = [key for key in _KEYS if key not in values]
    if missing:
        raise SosError(f"its game field does not give {', '.join(missing)}")
    return values


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _number(values: dict[str, str], key: str, low: int, high: int) -> int:
    text = values[key]
    if not re.fullmatch(r"[0-9]{1,3}", text) or not low <= int(text) <= high:
        # A one-group form's group=2 was "a whole number from 1 to 1" (sweep ad99, C3).
        must = f"be {low}" if low == high else f"be a whole number from {low} to {high}"
        raise SosError(f"its game field gives {key}={quoted(text)}: it must {must}")
    return int(text)


def _flag(values: dict[str, str], key: str) -> bool:
    if values[key] not in ("yes", "no"):
        raise SosError(f"its game field gives {key}={quoted(values[key])}: it must be yes or no")
    return values[key] == "yes"


def fields_per_group(size: int, variant: Variant) -> int:
    """Returns how many fields each group's form has: the game, the class (to type, or hidden when printed) and the
    date, a name per seat, a row per cell of the board with a total per side, and the pause box's points per side and
    who is next."""
    sides = len(scored_sides(variant))
    return 1 + 1 + 1 + variant.players + size * size * len(move_columns(variant)) + sides + 1


def most_groups(size: int, variant: Variant) -> int:
    """Returns the most groups one fillable audit takes for this board and game (MAX_FIELDS), at most MAX_GROUPS."""
    return min(MAX_GROUPS, MAX_FIELDS // fields_per_group(size, variant))


def form_fields(size: int, variant: Variant) -> tuple[str, ...]:
    """Returns the name of every field of a group's form after its `group<k>.` part, in the order of the module's
    docstring: the class field too, which a form made before printed class names were kept may leave out."""
    sides = scored_sides(variant)
    names = ["game", "class", "date", *(f"names.{seat}" for seat in variant.seats)]
    names += [f"move.{move}.{column}" for move in range(1, size * size + 1) for column in move_columns(variant)]
    return (*names, *(f"pause.score.{side}" for side in sides), "pause.next")


def group_field(group: int, *parts: str | int) -> str:
    """Returns the full name of a field of group `group`'s form: group_field(3, "names", "A") is group3.names.A."""
    return ".".join([f"group{group}", *(str(part) for part in parts)])


def game_field(group: int) -> str:
    """Returns the name of the hidden field that says the game of group `group`'s form."""
    return group_field(group, "game")


def scored_sides(variant: Variant) -> tuple[str, ...]:
    """Returns the sides whose points the audit adds up: every side, or none when the first S-O-S wins."""
    return () if variant.first_sos_wins else variant.sides


def move_columns(variant: Variant) -> tuple[str, ...]:
    """Returns the columns of a table row that take a field: the move's own, then a running total per side (a game
    won by the first S-O-S has neither points nor totals)."""
    if variant.first_sos_wins:
        return tuple(column for column in MOVE_COLUMNS if column != "points")
    return MOVE_COLUMNS + tuple(f"total.{side}" for side in variant.sides)


def move_field(group: int, move: int, column: str) -> str:
    """Returns the name of the field of `column` (as `move_columns` names it) in row `move`."""
    return group_field(group, "move", move, column)


def record_header(variant: Variant) -> list[str]:
    """Returns the column names of a record read from the form, as a typed CSV file would have them."""
    return [column.replace(".", " ") for column in move_columns(variant)]


def max_lengths(size: int, notation: Notation, variant: Variant) -> dict[str, int]:
    """Returns the most characters each column's fields take: a seat, a letter, a cell name, up to 8 lines..."""
    corners = [Cell(col, row) for col in (0, size - 1) for row in (0, size - 1)]
    cell = max(len(cell_name(corner, size, notation)) for corner in corners)
    total = len(str(len(all_segments(size))))
    lengths = {
        "player": 1,
        "letter": 1,
        "cell": cell,
        "lines": MOST_POINTS * (2 * cell + 2),  # "B1-B3, " for each line a letter can make
        "points": len(str(MOST_POINTS)),
    }
    lengths.update({f"total.{side}": total for side in variant.sides})
    return lengths


@cache
def longest_value(column: str) -> int:
    """Returns the most characters a table's `column` (as `move_columns` names it) takes on any board, in either
    notation: what its field's value is held to when a form is read back, before its game is known."""
    lengths = max_lengths(MAX_SIZE, Notation.L1C1, Variant(players=MAX_PLAYERS))
    return lengths["total.A"] if column.startswith("total.") else lengths[column]
