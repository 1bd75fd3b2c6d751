"""Builds the pieces the players' pages share: the header strip, the sides of a game, the variant's lines, the
sentence on naming cells, and the group labels."""

from __future__ import annotations

from sos_print.engine.frozen import frozen
from sos_print.engine.notation import Notation
from sos_print.engine.rules import Variant
from sos_print.plans.options import Language, PrintOptions
from sos_print.plans.words import Label, Vocabulary
from sos_print.plans.worked import side_name


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


def group_labels(options: PrintOptions) -> list[Label]:
    """Returns "Group k of n" for each group, its languages joined, or one empty label for a single group."""
    if options.groups == 1:
        return [()]
    vocab = Vocabulary(options.language)
    # Every language on one line: the label shares the header strip's row with the class and the date.
    return [
        (" / ".join(vocab.label("common.group", number=k, count=options.groups)),) for k in range(1, options.groups + 1)
    ]
