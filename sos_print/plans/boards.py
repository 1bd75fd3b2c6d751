"""Builds the plan of the player board, in every language of the document."""

from __future__ import annotations

from sos_print.engine.frozen import frozen
from sos_print.engine.rules import Board
from sos_print.plans.audit import example_line
from sos_print.plans.common import Side, StripPlan, cell_hint, game_rules, sides, strip_plan, variant_notes
from sos_print.plans.grids import GridPlan, grid_plan
from sos_print.plans.options import PrintOptions
from sos_print.plans.words import Label, Vocabulary


@frozen
class BoardPlan:
    """Holds everything a player board shows, but the group number."""

    title: Label
    smaller: Label | None
    rule: Label
    notes: tuple[Label, ...]
    hint: Label
    grid: GridPlan
    sides: tuple[Side, ...]
    seat: Label  # the caption over the sides' names: "Player", or "Team"
    name: Label
    names: Label
    tally: Label  # the caption of the wide box: "One mark for each S-O-S", or the winning S-O-S when one wins
    total: Label  # the caption of the narrow box: "Total", or the winner's tick
    strip: StripPlan
    cut: Label  # the caption on the cut line between two boards of a page
    # The lines of room kept above each name's line for a printed name (a class list's), 0 for none: the board's
    # layout chooses 1, or 2 when a name needs them.
    name_lines: int = 0


def board_plan(options: PrintOptions) -> BoardPlan:
    """Returns the plan of the player board for `options`."""
    vocab = Vocabulary(options.language)
    n = options.size
    variant = options.variant
    if variant.first_sos_wins:  # no points to add up: the boxes say who won, and with which S-O-S
        tally = vocab.label("board.winning_line", line=example_line(n, options.notation))
        total = vocab.label("board.winner", teams=variant.teams)
    else:
        tally, total = vocab.label("board.tally"), vocab.label("board.total")
    return BoardPlan(
        title=vocab.label("board.title"),
        smaller=vocab.label("board.smaller_version", size=n) if n == 3 else None,
        rule=vocab.label("board.rule", ends=game_rules(options.variant).ends, teams=options.variant.teams),
        notes=variant_notes(options.variant, vocab),
        hint=cell_hint(options.notation, vocab),
        grid=grid_plan(Board.empty(n), options.notation),
        sides=sides(options.variant, vocab),
        seat=vocab.label("board.team" if options.variant.teams else "board.player"),
        cut=vocab.label("board.cut"),
        name=vocab.label("board.name"),
        names=vocab.label("board.names"),
        tally=tally,
        total=total,
        strip=strip_plan(options, fields=True),
    )
