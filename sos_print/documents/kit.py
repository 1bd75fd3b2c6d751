"""Puts the players' file of a class kit together: a board and an audit per group, then the rule sheet of each game the
groups play."""

from __future__ import annotations

from functools import partial

from sos_print.documents.audit import add_audits
from sos_print.documents.boards import add_boards
from sos_print.documents.common import Progress, Rendered, finished, joined, new_document, number_pages
from sos_print.documents.rulesheet import add_rules, to_front
from sos_print.engine.check import CheckedExample
from sos_print.engine.frozen import replace
from sos_print.engine.rules import Variant
from sos_print.pdf.document import Document
from sos_print.plans.common import games_played, group_games
from sos_print.plans.options import PrintOptions


def players_document(
    options: PrintOptions, examples: tuple[CheckedExample, ...], progress: Progress | None = None
) -> Rendered:
    """Returns the players' file: a board per group, then a scoring audit per group, then the rule sheet (with a class
    list that leaves a group of another size, which plays the game of its own number of players, that game's rule
    sheet too); it says on which pages each part lies, each game's rule sheet a part of its own (the teacher's notes
    say which pages each group prints); a page left blank so that a rule sheet starts on a front is in no part."""
    document = new_document(
        options,
        joined(options, "common.players_title", size=options.size, groups=options.groups),
        joined(options, "common.players_subject"),
        kind="kit",
    )
    number_pages(document, options)
    parts = []
    games = (
        (options.variant,)  # one part: every group's rule sheet, group by group
        if options.rules_per_group
        else games_played(options)
    )
    steps = (
        ("boards", partial(add_boards, document, options, progress)),
        ("score sheets", partial(add_audits, document, options, progress)),
        *(("rules", partial(_add_rule_sheets, document, options, examples, variant)) for variant in games),
    )
    for index, (part, add) in enumerate(steps):
        first = document.pages + 1
        add()
        parts.append((part, first, document.pages))
        if index + 1 < len(steps) and steps[index + 1][0] == "rules":
            to_front(
                document, options
            )  # each game's rules start on a front: a page left blank is in no part (notes say why)
    return finished(document, tuple(parts))


def _add_rule_sheets(
    document: Document, options: PrintOptions, examples: tuple[CheckedExample, ...], variant: Variant
) -> None:
    """Adds the rule sheet of the game `variant`, or with `rules_per_group` each group's own, group by group."""
    games = tuple(game.options.variant for game in group_games(options)) if options.rules_per_group else (variant,)
    for game in games:
        add_rules(document, replace(options, variant=game), examples, on_front=True)
