"""Builds the pieces the players' pages share: the header strip, the sides of a game, the variant's lines, the
sentence on naming cells, and the group labels."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sos_print.engine.frozen import frozen, replace
from sos_print.engine.notation import Notation
from sos_print.engine.rules import Variant
from sos_print.plans.options import Language, PrintOptions
from sos_print.plans.words import Label, Vocabulary, Words
from sos_print.plans.worked import side_name

if TYPE_CHECKING:
    from sos_print.engine.roster import Child


@frozen
class StripPlan:
    """Holds what the header strip shows; `fields` pages (the children's) get lines to fill in."""

    class_caption: str
    class_name: str
    date_caption: str
    fields: bool
    date: str = ""  # printed on the date's line when known (a replay of a filled audit): the line is left out

    @property
    def shown(self) -> bool:
        """Tells whether the page has a strip at all: always with fields, else only for a class name."""
        return self.fields or bool(self.class_name)


def strip_plan(options: PrintOptions, fields: bool, lang: str = "") -> StripPlan:
    """Returns the strip for a page printed with `options`: in `lang`, or every language joined by a slash."""
    vocab = Vocabulary(Language(lang) if lang else options.language)
    caption = " / ".join(dict.fromkeys(vocab.label("common.class_field")))
    # A name that says it is a class itself ("Class 3 Oak", « Classe CE2 ») printed "Class Class 3 Oak" on every
    # page (review nt62, 4): it stands without the caption.
    said = {word.casefold() for word in Vocabulary(Language.BOTH).label("common.class_field")}
    name = options.class_name
    if name.rstrip(" :").casefold() in said:  # the caption alone, no name: the caption and its line (sweep ad76, 9)
        name = ""
    elif next(iter(name.split()), "").casefold() in said:
        caption = ""
    return StripPlan(
        class_caption=caption,
        class_name=name,
        date_caption=" / ".join(dict.fromkeys(vocab.label("common.date_field"))),
        fields=fields,
    )


@frozen
class Side:
    """Holds one side of a game for a tally: its label and how many players' names it needs."""

    label: Label
    short: str  # the side's name everywhere: "A", or a team's "A + C"
    players: int
    seats: str  # its seats, in the order its name gives them: "A", or "AC"


def sides(variant: Variant, vocabulary: Vocabulary) -> tuple[Side, ...]:
    """Returns the sides that score: each seat, or the two teams."""
    if variant.teams:
        return tuple(
            Side(vocabulary.label("common.team", first=t[0], second=t[1]), side_name(t), 2, t) for t in variant.sides
        )
    return tuple(Side(vocabulary.label("common.seat", seat=seat), seat, 1, seat) for seat in variant.seats)


@frozen
class GameRules:
    """Holds how a variant's game goes, which picks the sentences that state its rules (see templates' common.j2).

    `ends` is "full" (a full grid ends the game, the most points wins), "target" (the first side to reach
    `target` points wins at once, else a full grid) or "first" (the first S-O-S wins at once).
    """

    ends: str
    target: int
    teams: bool
    players: int

    @property
    def words(self) -> dict[str, object]:
        """Returns the arguments the rule macros take: ends, target, teams, players (two sides or more: a tie for first
        place is said otherwise)."""
        return {"ends": self.ends, "target": self.target, "teams": self.teams, "players": self.players}


def game_rules(variant: Variant) -> GameRules:
    """Returns how a game of `variant` goes."""
    ends = "first" if variant.first_sos_wins else "target" if variant.target else "full"
    return GameRules(ends, variant.target, variant.teams, variant.players)


def variant_notes(variant: Variant, vocabulary: Vocabulary) -> tuple[Label, ...]:
    """Returns the lines that state how the variant in play differs: an end other than a full board, then the teams."""
    rules = game_rules(variant)
    notes = []
    # The end follows the board's rule, which says how a game is won: the teams' line between them would cut the
    # winning S-O-S off from the draw it leads to.
    if rules.ends != "full":
        notes.append(vocabulary.label("common.rule_end", **rules.words))
    if variant.teams:
        notes.append(vocabulary.label("common.variant_teams", ends=rules.ends))
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


@frozen
class GroupGame:
    """Holds one group's part of a players' document: its label, the options of its own game, its children."""

    label: Label
    options: PrintOptions  # the document's, with the group's own variant
    children: tuple[Child, ...] = ()  # a class list's, in seat order: none without a class list

    @property
    def names(self) -> tuple[tuple[str, str], ...]:
        """Returns (seat, name) for each child, seats in playing order."""
        return tuple((seat, child.name) for seat, child in zip(self.options.variant.seats, self.children, strict=False))


def group_games(options: PrintOptions) -> list[GroupGame]:
    """Returns each group's game: with a class list, a group whose size differs from the variant's players plays the
    game of its own number of players (without teams), and its children sit at seats A, B... in order."""
    labels = group_labels(options)
    seating = options.seating
    if seating is None:
        return [GroupGame(label, options) for label in labels]
    return [
        GroupGame(label, replace(options, variant=group_variant(options.variant, len(group))), group)
        for label, group in zip(labels, seating.groups, strict=True)
    ]


def games_played(options: PrintOptions) -> tuple[Variant, ...]:
    """Returns the games the groups play, in the order of the first group to play each: the kit's own, then, with
    a class list that leaves a smaller or larger group, that group's game (each needs its own rule sheet)."""
    return tuple(dict.fromkeys(game.options.variant for game in group_games(options)))


def group_variant(variant: Variant, players: int) -> Variant:
    """Returns the game a group of `players` plays in a class playing `variant`: the same, or, for a group of another
    size, that many players each on their own, to the same end."""
    if players == variant.players:
        return variant
    return Variant(players=players, target=variant.target, first_sos_wins=variant.first_sos_wins)


def part_pointers(codes: tuple[str, ...], spans: list[tuple[int, int]]) -> list[tuple[str, ...]]:
    """Returns, for each language's part of a file set one language after the other, the lines that say where each
    other part lies ("En français : pages 7 à 12."), each in that part's language."""
    said = [
        Words(code)("common.part_pages", start=start, end=end) for code, (start, end) in zip(codes, spans, strict=True)
    ]
    return [tuple(line for other, line in enumerate(said) if other != index) for index in range(len(codes))]
