"""Builds the plan of the teacher's class sheet, in one language: a kit printed from a class list lists its groups,
each child at their seat, then gives a results table to fill in after the games."""

from __future__ import annotations

from collections import Counter

from sos_print.engine.frozen import frozen
from sos_print.engine.rules import Variant
from sos_print.plans.common import GroupGame, StripPlan, game_rules, group_games, strip_plan
from sos_print.plans.options import PrintOptions
from sos_print.plans.tables import Entry, Table, TableCell
from sos_print.plans.words import Block, Label, Words


@frozen
class ClassSheetPlan:
    """Holds the class sheet in one language: its title, the groups and the results table."""

    title: Label
    page: str  # "Page {number} of {count}": each page's number in the file, filled in when its pages are counted
    intro: list[Block]
    groups_heading: str
    groups: Table  # a row per group: its number, its game, then each seat's child
    results_heading: str
    results_intro: list[Block]
    results: Table  # a row per group: its number and children, then blank cells to fill in
    bookmark: str
    strip: StripPlan


def class_sheet_plan(options: PrintOptions, lang: str) -> ClassSheetPlan | None:
    """Returns the class sheet of a kit printed with `options` in `lang`, or None without a class list."""
    seating = options.seating
    if seating is None:
        return None
    words = Words(lang)
    games = group_games(options)
    seats = max(len(game.children) for game in games)
    variant = options.variant
    group_rows = tuple(
        (
            _number(number),
            _words(words("teacher.class_game", players=game.options.variant.players, teams=game.options.variant.teams)),
            *(_words(name) for _, name in game.names),
            *[NO_SEAT] * (seats - len(game.names)),  # a seat nobody sits at: its own cell, marked as empty
        )
        for number, game in enumerate(games, start=1)
    )
    result_rows = tuple(
        (_number(number), _words(", ".join(child.name for child in game.children)), (), (), ())
        for number, game in enumerate(games, start=1)
    )
    return ClassSheetPlan(
        title=(words("teacher.class_title"),),
        page=words("common.page", number="{number}", count="{count}"),
        intro=words.blocks(
            "teacher.class_intro",
            count=seating.children,
            group_sizes=group_counts(games),
            other_games=tuple((number, game.options.variant.players) for number, game in _others(games, variant)),
            group_size=4 if variant.teams else variant.players,
            teams=any(game.options.variant.teams for game in games),  # a class of two or three has no team
            teams_asked=variant.teams,  # and is told too few for teams, not of groups of four (sweep 18, N15)
            seed=seating.seed,
            ends=game_rules(variant).ends,  # a first-S-O-S-wins game keeps a game sheet, not a score sheet
        ),
        groups_heading=words("teacher.class_groups_heading"),
        groups=Table(
            (words("teacher.class_col_group"), words("teacher.class_col_game"), *"ABCD"[:seats]),
            group_rows,
            stretch=1 + seats,
            left=tuple(range(2, 2 + seats)),
        ),
        results_heading=words("teacher.class_results_heading"),
        results_intro=words.blocks(
            "teacher.class_results_intro",
            teams=any(game.options.variant.teams for game in games),
            other_games=tuple(number for number, _ in _others(games, variant)),
        ),
        results=Table(
            tuple(words(f"teacher.class_col_{name}") for name in ("group", "names", "score", "winner", "notes")),
            result_rows,
            stretch=4,
            left=(1,),
        ),
        bookmark=words("teacher.class_bookmark"),
        strip=strip_plan(options, fields=False, lang=lang),
    )


def group_counts(games: list[GroupGame]) -> tuple[tuple[int, int], ...]:
    """Returns (how many groups, of how many children) for each size of group, the kit's own size first, as the
    class sheet says them: "7 groups of four and 1 group of three"."""
    counts = Counter(len(game.children) for game in games)
    return tuple((count, size) for size, count in counts.items())


def _others(games: list[GroupGame], variant: Variant) -> list[tuple[int, GroupGame]]:
    """Returns (number, game) of each group that plays another game than the kit's own: the children left over."""
    return [(number, game) for number, game in enumerate(games, start=1) if game.options.variant != variant]


NO_SEAT = (Entry("—"),)  # an em dash: this group has no child at this seat


def _number(number: int) -> TableCell:
    return (Entry(str(number), bold=True),)


def _words(text: str) -> TableCell:
    """Returns a text as a cell of one entry a word, so that it wraps between its words (a name as written)."""
    return tuple(Entry(word) for word in text.split(" "))
