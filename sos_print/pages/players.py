"""Builds the plans of the players' pages: the header strip, the board and the scoring audit, in every language."""

from __future__ import annotations

from sos_print.engine.frozen import frozen
from sos_print.engine.grid import Cell, Segment
from sos_print.engine.notation import Notation, segment_name
from sos_print.engine.rules import Board, Variant
from sos_print.pages.grids import GridPlan, grid_plan
from sos_print.pages.options import Language, PrintOptions
from sos_print.pages.words import Label, Vocabulary
from sos_print.pages.worked import side_name


@frozen
class StripPlan:
    """Holds what the header strip shows; `fields` pages (the children's) get lines to fill in."""

    class_caption: str
    class_name: str
    date_caption: str
    fields: bool

    @property
    def shown(self) -> bool:
        """Tells whether the page has a strip at all: always with fields, else only for a class name."""
        return self.fields or bool(self.class_name)


def strip_plan(options: PrintOptions, fields: bool, lang: str = "") -> StripPlan:
    """Returns the strip for a page printed with `options`: in `lang`, or every language joined by a slash."""
    vocab = Vocabulary(Language(lang) if lang else options.language)
    return StripPlan(
        class_caption=" / ".join(dict.fromkeys(vocab.label("common.class_field"))),
        class_name=options.class_name,
        date_caption=" / ".join(dict.fromkeys(vocab.label("common.date_field"))),
        fields=fields,
    )


@frozen
class Side:
    """Holds one side of a game for a tally: its label and how many players' names it needs."""

    label: Label
    short: str  # the side's name everywhere: "A", or a team's "A + C"
    players: int


def sides(variant: Variant, vocabulary: Vocabulary) -> tuple[Side, ...]:
    """Returns the sides that score: each seat, or the two teams."""
    if variant.teams:
        return tuple(
            Side(vocabulary.label("common.team", first=t[0], second=t[1]), side_name(t), 2) for t in variant.sides
        )
    return tuple(Side(vocabulary.label("common.seat", seat=seat), seat, 1) for seat in variant.seats)


def variant_notes(variant: Variant, vocabulary: Vocabulary) -> tuple[Label, ...]:
    """Returns the lines that state the variant in play, if any."""
    notes = []
    if variant.teams:
        notes.append(vocabulary.label("common.variant_teams"))
    if variant.target:
        notes.append(vocabulary.label("common.variant_target", target=variant.target, teams=variant.teams))
    if variant.first_sos_wins:
        notes.append(vocabulary.label("common.variant_first_sos", teams=variant.teams))
    return tuple(notes)


def cell_hint(notation: Notation, vocabulary: Vocabulary) -> Label:
    """Returns the sentence that explains how cells are named."""
    return vocabulary.label("common.cell_hint_a1" if notation is Notation.A1 else "common.cell_hint_l1c1")


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
    tally: Label
    total: Label
    strip: StripPlan


def board_plan(options: PrintOptions) -> BoardPlan:
    """Returns the plan of the player board for `options`."""
    vocab = Vocabulary(options.language)
    n = options.size
    return BoardPlan(
        title=vocab.label("board.title"),
        smaller=vocab.label("board.smaller_version", size=n) if n == 3 else None,
        rule=vocab.label("board.rule"),
        notes=variant_notes(options.variant, vocab),
        hint=cell_hint(options.notation, vocab),
        grid=grid_plan(Board.empty(n), options.notation),
        sides=sides(options.variant, vocab),
        seat=vocab.label("board.team" if options.variant.teams else "board.player"),
        name=vocab.label("board.name"),
        names=vocab.label("board.names"),
        tally=vocab.label("board.tally"),
        total=vocab.label("board.total"),
        strip=strip_plan(options, fields=True),
    )


@frozen
class AuditPlan:
    """Holds everything a scoring audit shows, but the group number."""

    title: Label
    continued: Label
    intro: Label
    names: Label
    seats: str
    columns: tuple[Label, ...]
    rows: int
    sides: tuple[Side, ...]
    pause_title: Label
    pause_scores: Label
    pause_next: Label
    pause_hint: Label
    strip: StripPlan
    page: Label  # "Page {number} of {count}", filled in when the audit's pages are counted


def example_line(size: int, notation: Notation) -> str:
    """Returns the name of an S-O-S that fits every board, to show how lines are written: B1-B3 in A1."""
    return segment_name(Segment(Cell(1, 0), Cell(1, 2)), size, notation)


def audit_plan(options: PrintOptions) -> AuditPlan:
    """Returns the plan of the scoring audit for `options`: one row per cell of the board."""
    vocab = Vocabulary(options.language)
    game_sides = sides(options.variant, vocab)
    names = ("move", "player", "letter", "cell", "segments", "points")
    columns = [vocab.label(f"audit.col_{name}") for name in names]
    # A narrow column heading may break anywhere between its words: "Total" over "A + C".
    columns += [
        tuple(text.replace("\u00a0", " ") for text in vocab.label("audit.col_total", side=side.short))
        for side in game_sides
    ]
    return AuditPlan(
        title=vocab.label("audit.title"),
        continued=vocab.label("audit.continued"),
        intro=vocab.label("audit.intro", line=example_line(options.size, options.notation)),
        names=vocab.label("common.names_field"),
        seats=options.variant.seats,
        columns=tuple(columns),
        rows=options.size * options.size,
        sides=game_sides,
        pause_title=vocab.label("audit.pause_title"),
        pause_scores=vocab.label("audit.pause_scores", teams=options.variant.teams),
        pause_next=vocab.label("audit.pause_next"),
        pause_hint=vocab.label("audit.pause_hint", players=options.variant.players),
        strip=strip_plan(options, fields=True),
        page=vocab.label("common.page", number="{number}", count="{count}"),
    )


def group_labels(options: PrintOptions) -> list[Label]:
    """Returns "Group k of n" for each group, its languages joined, or one empty label for a single group."""
    if options.groups == 1:
        return [()]
    vocab = Vocabulary(options.language)
    # Every language on one line: the label shares the header strip's row with the class and the date.
    return [
        (" / ".join(vocab.label("common.group", number=k, count=options.groups)),) for k in range(1, options.groups + 1)
    ]
