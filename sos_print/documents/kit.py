"""Puts the players' file of a class kit together: a board and an audit per group, then the rule sheet of each game the
groups play."""

from __future__ import annotations

from sos_print.documents.audit import add_audits
from sos_print.documents.boards import add_boards
from sos_print.documents.common import Progress, Rendered, finished, joined, new_document
from sos_print.documents.rulesheet import add_rules
from sos_print.engine.check import CheckedExample
from sos_print.engine.frozen import replace
from sos_print.plans.common import games_played
from sos_print.plans.options import PrintOptions


def players_document(
    options: PrintOptions, examples: tuple[CheckedExample, ...], progress: Progress | None = None
) -> Rendered:
    """Returns the players' file: one board and one scoring audit per group, then the rule sheet; with a class list
    that leaves a group of another size, which plays the game of its own number of players, that game's rule sheet
    after the kit's own."""
    document = new_document(
        options,
        joined(options, "common.players_title", size=options.size, groups=options.groups),
        joined(options, "common.players_subject"),
    )
    add_boards(document, options, progress)
    add_audits(document, options, progress)
    for variant in games_played(options):
        add_rules(document, replace(options, variant=variant), examples)
    return finished(document)
