"""Builds the plan of the scoring audit, in every language of the document."""

from __future__ import annotations

from sos_print.engine.frozen import frozen
from sos_print.engine.grid import Cell, Segment
from sos_print.engine.notation import Notation, segment_name
from sos_print.plans.common import Side, StripPlan, game_rules, sides, strip_plan
from sos_print.plans.options import PrintOptions
from sos_print.plans.words import Label, Vocabulary
from sos_print.plans.worked import total_heading


@frozen
class AuditPlan:
    """Holds everything a scoring audit shows, but the group number."""

    title: Label
    continued: Label
    intro: Label
    names: Label
    seats: tuple[str, ...]
    columns: tuple[Label, ...]  # every column's heading in full ("Total A"), as a fillable field's tooltip says it
    total: Label  # the heading printed over the running totals' columns, each headed by its side's name
    notation: Notation  # how long a cell's name is, which the cell column is as wide as
    rows: int
    sides: tuple[Side, ...]  # the sides whose points it adds up: none when the first S-O-S wins
    pause_title: Label
    pause_scores: Label  # empty when there are no points to note
    pause_next: Label
    pause_hint: Label
    strip: StripPlan
    page: Label  # "Page {number} of {count}", filled in when the audit's pages are counted
    # The lines of room kept above each name's line for a printed name (a class list's), 0 for none, and the rows
    # the names' lines take (two: A and B over C and D): the audit's layout chooses the fewest its names need.
    name_lines: int = 0
    name_rows: int = 1
    name: Label = ()  # one player's name, as a names field's tooltip says it: "Name · A" (the row says "Names")


def example_line(size: int, notation: Notation) -> str:
    """Returns the name of an S-O-S that fits every board, to show how lines are written: B1-B3 in A1."""
    return segment_name(Segment(Cell(1, 0), Cell(1, 2)), size, notation)


def audit_plan(options: PrintOptions) -> AuditPlan:
    """Returns the plan of the scoring audit for `options`: one row per cell of the board."""
    vocab = Vocabulary(options.language)
    rules = game_rules(options.variant)
    scored = rules.ends != "first"  # a game won by the first S-O-S has no points: no points, no totals
    game_sides = sides(options.variant, vocab) if scored else ()
    names = ("move", "player", "letter", "cell", "segments", *(("points",) if scored else ()))
    columns = [vocab.label(f"audit.col_{name}") for name in names[: -2 if scored else -1]]
    columns += [
        vocab.label("audit.col_segments", ends=rules.ends),
        *([vocab.label("audit.col_points")] if scored else []),
    ]
    # A narrow column heading breaks after "Total" only: "Total" over "A + C".
    columns += [tuple(map(total_heading, vocab.label("audit.col_total", side=side.short))) for side in game_sides]
    return AuditPlan(
        title=vocab.label("audit.title", ends=rules.ends),
        continued=vocab.label("audit.continued", ends=rules.ends),
        intro=vocab.label(
            "audit.intro",
            line=example_line(options.size, options.notation),
            ends=rules.ends,
            target=rules.target,
            teams=rules.teams,
        ),
        names=vocab.label("common.names_field"),
        seats=options.variant.seats,
        columns=tuple(columns),
        total=tuple(dict.fromkeys(vocab.label("audit.col_totals"))),
        notation=options.notation,
        rows=options.size * options.size,
        sides=game_sides,
        pause_title=vocab.label("audit.pause_title"),
        pause_scores=vocab.label("audit.pause_scores", teams=options.variant.teams) if scored else (),
        pause_next=vocab.label("audit.pause_next"),
        pause_hint=vocab.label("audit.pause_hint", players=options.variant.players, ends=rules.ends),
        strip=strip_plan(options, fields=True),
        page=vocab.label("common.page", number="{number}", count="{count}"),
        name=vocab.label("board.name"),
    )
