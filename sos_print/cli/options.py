"""Declares once each option several commands share, as an `Annotated` type, and turns what was given into options.

A command lists its options in its own signature, `size: Size = 4`, so that its source and its
`--help` agree line for line; the types below carry each option's name, range and help
sentence. Whether an option was given at all comes from the command's context
(`given_options`), never from comparing a value with a copy of its default.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from sos_print.engine.errors import quoted
from sos_print.engine.notation import Notation
from sos_print.plans.layout import Paper
from sos_print.plans.options import Language

if TYPE_CHECKING:
    from collections.abc import Sequence

    from sos_print.engine.roster import Child
    from sos_print.engine.roster import Roster as ClassList
    from sos_print.engine.rules import Variant
    from sos_print.plans.options import PrintOptions


def spell_it(name: str) -> str:
    """Returns what to do with a name whose letters the font lacks (Chinese, Hebrew...): write it in those it has;
    nothing for a symbol or a control character. A name in Chinese characters was refused with no way on (review
    nt62, 13)."""
    from sos_print.pdf.fonts import missing_characters

    if any(char.isalpha() and missing_characters(char) for char in name):
        return "; write it in Latin or Cyrillic letters"
    return ""


def _out_path(text: str | Path) -> Path:
    """Reads --out (the default comes as a Path already); an empty name would otherwise become the current folder."""
    if isinstance(text, Path):
        return text
    if not text.strip():
        raise typer.BadParameter("the name is empty: give a file or folder name")
    return _at_home(text)


def _at_home(text: str) -> Path:
    """Returns the path a file option names, "~" or "~user" at its start a home folder: the shell leaves it as typed
    after an "=" (--out=~/kit), and a folder named "~" was made in the current one, "wrote ~/kit" said (ad85, 3).

    A home folder that does not exist is refused (HOME empty wrote /y.pdf: ad86, 11), and a folder named so in the
    current one ("./~/kit") is named whole, where "~/kit" would read as the home folder (ad86, 2)."""
    first = text.split("/")[0].split(os.sep)[0]
    path = Path(text)
    if not re.fullmatch(r"~[\w.-]*", first):  # "~$game.csv", Excel's lock file, is a file here
        # "./~/kit" prints as "~/kit", read as the home folder: named whole
        return path.absolute() if path.parts and path.parts[0].startswith("~") and not text.startswith("~") else path
    home = os.path.expanduser(first) if first != "~" or os.environ.get("HOME") != "" else first  # "" reads as "/"
    if text == first and text != "~":  # "~bob" alone, as the shell reads it: bob's home, else a file here named whole
        return Path(home) if home != first and os.path.isdir(home) else path.absolute()
    if home == first or not os.path.isdir(home):
        whose = "your home folder (HOME)" if first == "~" else f"the home folder of a user named {first[1:]!r}"
        raise typer.BadParameter(
            f"{quoted(text)} starts with {first}, for {whose}, which does not exist: give the full path, or "
            f"./{text} for a folder named {first} here"
        )
    return Path(home + text[len(first) :])


def in_path(text: str | Path) -> Path:
    """Reads a file option: an empty name would otherwise become the current folder, "'.': is a folder" (ad83, 6).
    A file that cannot be read is the command's to say, in one line with status 1: click's own path type made it a
    usage error, "Path 'x' is not readable" (ad83, 7)."""
    if isinstance(text, Path):
        return text
    if not text.strip():
        raise typer.BadParameter("the name is empty: give a file's name")
    return _at_home(text)


PDF = ".pdf"


def _out_file(text: str | Path) -> Path:
    """Reads the --out of one PDF file: a name ending with a slash names a folder, which Path would silently drop,
    and a name not ending in .pdf ("replay.csv", "notes") would hold a PDF that its name says is something else."""
    if isinstance(text, str) and text.endswith(("/", os.sep)):
        raise typer.BadParameter(f"{quoted(text)} ends with a slash, so it names a folder: give the file's name")
    path = _out_path(text)
    # Refused, not completed: "notes.pdf" written for "--out notes" would be a file the user never named, and --force
    # would replace it.
    if isinstance(text, str) and not text.lower().endswith(PDF):
        raise typer.BadParameter(f"{quoted(text)} does not end in {PDF}: give the PDF file a name ending in {PDF}")
    if path.name.strip().lower() == PDF:  # a hidden file named ".pdf", which no folder shows, or " .pdf" (ad77, 7)
        raise typer.BadParameter(f"{quoted(text)} has no name before {PDF}: give the PDF file a name ending in {PDF}")
    return path


def out_folder(holds: str) -> object:
    """Returns the --out option of a command that writes several files into a folder: `holds` names them."""

    def folder(text: str | Path) -> Path:
        # "--out kit.pdf" asks for a file, and would get a folder of that name with the files in it.
        if isinstance(text, str) and text.rstrip("/" + os.sep).lower().endswith(PDF):
            raise typer.BadParameter(
                f"{quoted(text)} ends in {PDF}, but it names the folder to write {holds} into: give the folder's name"
            )
        return _out_path(text)

    return typer.Option("--out", parser=folder, metavar="<path>", help=f"The folder to write {holds} into.")


OutFile = Annotated[Path, typer.Option("--out", parser=_out_file, metavar="<path>", help="The PDF file to write.")]
# One replay a group: a teacher replaying group3.pdf, then group4.pdf, was refused the second's replay.pdf (review nt62,
# 12); each takes its record's name.
ReplayFile = Annotated[
    Path | None,
    typer.Option(
        "--out",
        parser=_out_file,
        metavar="<path>",
        show_default=False,
        help=(
            "The PDF file to write; by default the record's name followed by -replay.pdf, in the current folder "
            "(group3.pdf: group3-replay.pdf)."
        ),
    ),
]
Size = Annotated[
    int, typer.Option("--size", min=3, max=8, help="Number of rows and columns of the board, from 3 to 8.")
]
Groups = Annotated[
    int,
    typer.Option(
        "--groups", min=1, max=500, help="Number of playing groups in the class: each gets a board and a score sheet."
    ),
]
Players = Annotated[int, typer.Option("--players", min=2, max=4, help="Players per group, from 2 to 4 (seats A to D).")]
Teams = Annotated[
    bool, typer.Option("--teams", help="Play team SOS: 4 players, A and C against B and D, points to the team.")
]
Target = Annotated[
    int,
    typer.Option(
        "--target", min=0, help="Play to a target score: the first to reach it wins; 0 plays to a full board."
    ),
]
FirstSosWins = Annotated[bool, typer.Option("--first-sos-wins", help="Play the variant in which the first S-O-S wins.")]
Lang = Annotated[
    Language,
    typer.Option(
        "--lang",
        case_sensitive=False,
        help="Language of every printed word: English, French, or both (en+fr English first, fr+en French first).",
    ),
]
PaperSize = Annotated[
    Paper, typer.Option("--paper", case_sensitive=False, help="Paper size: A4 or US Letter, portrait.")
]
CellNotation = Annotated[
    Notation,
    typer.Option(
        "--notation",
        case_sensitive=False,
        help="How cells are named: A1 (column letter, row from the bottom) or L1C1 (line from the top, column).",
    ),
]
LargePrint = Annotated[
    bool,
    typer.Option(
        "--large-print",
        help=(
            "Print every word at least one and a half times larger; in a kit and with puzzles, the children's pages"
            " only."
        ),
    ),
]
TwoPerPage = Annotated[
    bool,
    typer.Option("--two-per-page", help="Print two boards per page with a cut line (3 × 3 and 4 × 4 boards only)."),
]
RulesPerGroup = Annotated[
    bool,
    typer.Option(
        "--rules-per-group",
        help="Print a rule sheet for each group after the score sheets, not one for the class.",
    ),
]
ClassName = Annotated[str, typer.Option("--class-name", help="A class or group name printed at the top of every page.")]
Force = Annotated[bool, typer.Option("--force", help="Replace output files that already exist.")]
Names = Annotated[
    list[str] | None,  # given twice, both are read: the last alone would hide a seat named twice
    typer.Option(
        "--names",
        help=(
            "The players' names, seat by seat, as the replay prints them: A=Léa,B=Tom (or A=Léa;B=Tom). "
            "A filled score sheet's own names are printed otherwise; a name given here replaces its seat's."
        ),
        show_default=False,
    ),
]
Roster = Annotated[
    Path | None,
    typer.Option(
        "--roster",
        parser=in_path,
        metavar="<file>",
        show_default=False,
        help=(
            "A class list: a text file with one name a line, or a spreadsheet saved as CSV with a column of names "
            "(first names if it has them). Its children make groups of --players (4 with --teams), in the list's "
            "order or mixed by --shuffle; two or three left over play together, and one left over joins the last "
            "group (with fours, those five play as three and two), so nobody plays alone and no group has more "
            "than four. Each name is printed beside its seat on the group's board and score sheet."
        ),
    ),
]
SheetRoster = Annotated[
    Path | None,
    typer.Option(
        "--roster",
        parser=in_path,
        metavar="<file>",
        show_default=False,
        help=(
            "A class list: a text file with one name a line, or a spreadsheet saved as CSV with a column of names. "
            "Each child gets a sheet of their own with their name at its top, and the key lists each sheet under "
            "the child's name."
        ),
    ),
]
Shuffle = Annotated[
    bool,
    typer.Option(
        "--shuffle",
        help="Mix the class list of --roster before forming the groups; the same list and --seed give the same groups.",
    ),
]
MAX_SEED = 999_999  # a seed keeps to six digits, so that a puzzle sheet's identifier is short to copy
Seed = Annotated[
    int,
    typer.Option(
        "--seed",
        min=0,
        max=MAX_SEED,
        help=(
            "The seed random choices are made from (the puzzles, the groups of --shuffle): the same seed and "
            "options print the same pages again."
        ),
    ),
]


def given_options(context: typer.Context, *names: str) -> list[str]:
    """Returns the flags of the parameters `names` (as the signature names them) given on the command line."""
    flags = {parameter.name: parameter.opts[0] for parameter in context.command.params}
    sources = {name: context.get_parameter_source(name) for name in names}
    return [flags[name] for name, source in sources.items() if source is not None and source.name == "COMMANDLINE"]


def print_options(*, variant: Variant | None = None, **chosen: object) -> PrintOptions:
    """Returns the print options of what a command was given, the rest as PrintOptions says.

    `chosen` names PrintOptions' fields; choices that contradict each other are usage errors.
    """
    from sos_print.engine.capacity import check_target
    from sos_print.engine.errors import VariantError
    from sos_print.engine.frozen import replace
    from sos_print.plans.options import PrintOptions

    options = replace(PrintOptions(), **chosen, variant=variant or PrintOptions().variant)
    size = options.size
    if options.two_per_page and size > 4:
        usage(f"--two-per-page fits boards of 3 × 3 and 4 × 4 only, not --size {size}")
    try:
        check_target(options.variant.target, size)
    except VariantError as error:
        usage(str(error))
    return replace(options, class_name=printable_class_name(options.class_name))


def printable_class_name(text: str) -> str:
    """Returns the class name in NFC without surrounding spaces; one too long, or with a character the font lacks, is
    a usage error."""
    import unicodedata

    from sos_print.engine.examples import CLASS_NAME_LENGTH

    refuse_undecoded("class name", text, "class_name")
    name = unicodedata.normalize("NFC", text).strip()  # e + U+0301, as some systems write é, is the é the font has
    if len(name) > CLASS_NAME_LENGTH:
        usage(f"the class name has {len(name)} characters: at most {CLASS_NAME_LENGTH}", field="class_name")
    if any(char in name for char in "\n\r\v\f\x85\u2028\u2029"):  # a form's text box takes a line break (ad73, 8)
        usage("class name: it holds a line break: write it on one line", field="class_name")
    if "\t" in name:  # pasted from a spreadsheet's cells (sweep ad74, 3)
        usage("class name: it holds a tab: write spaces instead", field="class_name")
    if name:
        from sos_print.pdf.fonts import missing_characters, not_in_font

        missing = missing_characters(name)
        if missing:
            usage(not_in_font("class name", missing) + spell_it(name), field="class_name")
    return name


def refuse_undecoded(what: str, text: str, field: str | None = None) -> None:
    """Refuses an option's text holding bytes that are not UTF-8: a terminal set to Latin-1 passes "é" as one such
    byte, which Python keeps as a stand-in (U+DC80 to U+DCFF) that was then "an invisible character" the font lacks
    (sweep ad81, 4)."""
    if any("\udc80" <= char <= "\udcff" for char in text):
        usage(f"{what}: it is not UTF-8 text (is the terminal set to another encoding?)", field=field)


def variant_of(*, players: int, teams: bool, target: int, first_sos_wins: bool, players_given: bool = False) -> Variant:
    """Turns the variant options into a Variant; contradictory choices are usage errors. Team SOS is four players:
    --players left at its default is taken so, but given as 2 (`players_given`) it contradicts --teams, as 3 does
    ('--teams --players 2' printed a four-player kit without a word: review nt62, 10)."""
    from sos_print.engine.errors import VariantError
    from sos_print.engine.rules import Variant

    if teams and (players not in (2, 4) or (players == 2 and players_given)):
        usage(f"--teams needs 4 players, not --players {players}")
    try:
        return Variant(players=4 if teams else players, teams=teams, target=target, first_sos_wins=first_sos_wins)
    except VariantError as error:
        usage(f"{error} (--target and --first-sos-wins)")


def game_variant(context: typer.Context, *, players: int, teams: bool, target: int, first_sos_wins: bool) -> Variant:
    """Returns `variant_of` a printing command's variant options, whether --players was given read from `context`."""
    given = bool(given_options(context, "players"))
    return variant_of(players=players, teams=teams, target=target, first_sos_wins=first_sos_wins, players_given=given)


class UsageProblem(typer.BadParameter):
    """Signals a usage error sos-print finds itself; the application prints it as it prints click's own
    (`cli/application.py`), so that every usage error is the same one line. `field` names the parameter it concerns
    when the message cannot (the web page shows it beside that field)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field

    def format_message(self) -> str:
        return self.message


def usage(message: str, field: str | None = None) -> NoReturn:
    """Reports a usage error, about the parameter `field` if given: the run ends with status 2."""
    raise UsageProblem(message, field)


def seated(
    context: typer.Context, options: PrintOptions, roster: Path | None, shuffle: bool, seed: int
) -> tuple[PrintOptions, ClassList | None]:
    """Returns the options with the groups the class list `roster` makes (none without one), and the list read.

    --shuffle and --seed without a class list, --seed without --shuffle, and --groups other than the class list's
    number of groups are usage errors; a class list that cannot be used ends the run (status 1).
    """
    from sos_print.engine.frozen import replace
    from sos_print.engine.roster import Seating, form_groups

    given = given_options(context, "groups", "shuffle", "seed")
    if shuffle and roster is None:
        usage("--shuffle mixes a class list before forming the groups: give the list with --roster")
    if "--seed" in given and not shuffle:
        usage("--seed says how --shuffle mixes a class list: give --roster and --shuffle too, or leave --seed out")
    if roster is None:
        return options, None
    class_list = read_class_list(roster)
    variant = options.variant
    groups = form_groups(class_list.children, variant.players, variant.teams, shuffle, seed)
    from sos_print.cli.process import say
    from sos_print.engine.errors import shown

    if variant.teams and (apart := _without_teams(groups)):  # a group that plays no team game: said at once
        say(f"note: {shown(roster)}: {apart}", err=True)
    if class_list.grouped and (own := _own_groups(class_list, groups, variant, shuffle)):
        say(f"note: {shown(roster)}: {own}", err=True)
    if "--groups" in given and options.groups != len(groups):
        # the lines passed over explain a count the teacher did not expect
        note_class_list(class_list)
        usage(
            f"--groups {options.groups}: the class list makes {len(groups)} "
            f"{'group' if len(groups) == 1 else 'groups'}; leave --groups out, or give {len(groups)}"
        )
    return replace(options, seating=Seating(str(roster), groups, seed if shuffle else None)), class_list


def _without_teams(groups: Sequence[Sequence[object]]) -> str:
    """Says which groups a class list makes under --teams play without teams, or nothing: only the teacher's notes
    said that 5 children play as groups of 3 and 2, and `boards` and `audit` print none (ad66, 3)."""
    from sos_print.engine.rules import MAX_PLAYERS

    count = sum(map(len, groups))
    apart = [(number, len(group)) for number, group in enumerate(groups, start=1) if len(group) != MAX_PLAYERS]
    if count < MAX_PLAYERS:
        return (
            f"its {count} children are too few for two teams of two (--teams): they play together the game for "
            f"{count} players, without teams"
        )
    if not apart:
        return ""
    said = f"its {count} children do not divide exactly into teams of two against two (--teams): "
    if len(apart) == 1:
        return said + f"group {apart[0][0]} plays the game for {apart[0][1]} players, without teams"
    (first, one), (second, other) = apart
    return said + f"groups {first} and {second} play the games for {one} and {other} players, without teams"


def _own_groups(class_list: ClassList, groups: Sequence[Sequence[Child]], variant: Variant, shuffled: bool) -> str:
    """Says how the groups made differ from those of the class list's own column of groups ("Groupe"), and what
    keeps the class's: --players where its groups are of one size and listed one after another, or the list's
    order; nothing where they are the same. The column was dropped without a word (sweep ad66, 4), and then told
    to a list whose groups of three --players 3 keeps (review nt66, 2)."""
    from sos_print.engine.roster import form_groups
    from sos_print.engine.rules import MAX_PLAYERS

    own: dict[str, set[int]] = {}
    for child, label in zip(class_list.children, class_list.own_groups, strict=True):
        own.setdefault(label.casefold(), set()).add(child.line)
    wanted = {frozenset(lines) for lines in own.values()}

    def parts(made: Sequence[Sequence[Child]]) -> set[frozenset[int]]:
        return {frozenset(child.line for child in group) for group in made}

    if parts(groups) == wanted:
        return ""
    said = f"its {_printable(class_list.grouped)} column is not read: the groups are "
    said += "mixed by --shuffle" if shuffled else "made in the list's order"
    if shuffled and parts(form_groups(class_list.children, variant.players, variant.teams, False, 0)) == wanted:
        return said + "; its groups are listed one after another: leave --shuffle out"  # not --players (ad68, 8)
    sizes = {len(lines) for lines in own.values()}
    size = sizes.pop() if len(sizes) == 1 else 0
    if 2 <= size <= MAX_PLAYERS and parts(form_groups(class_list.children, size, False, False, 0)) == wanted:
        steps = [f"give --players {size}"] + (["leave --shuffle out"] if shuffled else [])
        return said + f"; its groups are of {size}, listed one after another: {' and '.join(steps)}"
    labels = [label.casefold() for label in class_list.own_groups]
    if all(labels.index(label) == k or labels[k - 1] == label for k, label in enumerate(labels)):
        # Listed one after another already, of several sizes or of none a game is for: no option makes them (sweep
        # ad68, 4).
        counts = sorted({len(lines) for lines in own.values()})
        if len(counts) > 1:
            made = "every group made is of --players children, but the last"
            return (
                said + f"; its groups, of {_listed([str(count) for count in counts])} children, cannot be kept: {made}"
            )
        if not 2 <= counts[0] <= MAX_PLAYERS:
            return said + f"; its groups of {counts[0]} cannot be kept: a game is for 2 to {MAX_PLAYERS} players"
    keep = "leave --shuffle out and " if shuffled else ""
    return said + f"; to keep the class's own groups, {keep}list each group's children one after another"


def read_class_list(path: Path) -> ClassList:
    """Returns the class list at `path`, its names all printable; any problem ends the run with one line, status 1."""
    from sos_print.engine.errors import SosError, shown
    from sos_print.engine.roster import read_roster
    from sos_print.pdf.fonts import missing_characters, not_in_font

    try:
        class_list = read_roster(str(path))
    except SosError as error:
        refuse(str(error))
    for child in class_list.children:
        missing = missing_characters(child.name)
        if missing:
            # What to do, not only what is wrong: a name in Chinese characters was refused with no way on (nt62, 13).
            refuse(not_in_font(f"{shown(path)}: line {child.line}: a name", missing) + spell_it(child.name))
    return class_list


MAC_ROMAN = "if it stands for í (a list saved as CSV by Excel for Mac), save the list as CSV UTF-8 and run again"


def note_class_list(class_list: ClassList | None) -> None:
    """Says whether the class list's accents were read back from being saved twice, which lines were read as titles,
    which were read as names but may be titles, which had
    no first name and are called by another column, and which lines repeat a name, so that the teacher can add an
    initial; by their lines, never their words: the terminal shows no child's name."""
    from sos_print.cli.process import say
    from sos_print.engine.errors import shown

    if class_list is None:
        return
    if class_list.repaired:  # the teacher may meet the garbled names elsewhere: said once, by no name
        say(
            f"note: {shown(class_list.path)}: its accents had been saved twice (é as Ã©, UTF-8 read as Windows-1252): "
            "they are read as first typed",
            err=True,
        )
    column = _printable(class_list.borrowed_from) if class_list.borrowed else ""
    notes = (
        # A "Total;25" footer was told as a title (review nt64, 12).
        (
            class_list.passed,
            "was read as a title or a total, not a child's name",
            "were read as titles or totals, not children's names",
        ),
        (
            class_list.doubtful,
            "was read as a child's name but may be a title: remove it if it is one",
            "were read as children's names but may be titles: remove those that are",
        ),
        (
            class_list.borrowed,
            f"has no first name: the name in its {column} column is printed instead",
            f"have no first name: the name in its {column} column is printed instead",
        ),
        (
            class_list.apostrophes,
            f"holds ’ between two letters: {MAC_ROMAN}",
            f"hold ’ between two letters: {MAC_ROMAN}",
        ),
    )
    for lines, one, many in notes:
        if lines:
            said = f"line {lines[0]} {one}" if len(lines) == 1 else f"lines {_spans(lines)} {many}"
            say(f"note: {shown(class_list.path)}: {said}", err=True)
    if class_list.attendance:
        say(
            f"note: {shown(class_list.path)}: its {_printable(class_list.attendance)} column is not read: every child "
            "on the list is included; to leave a child out, take their line out of the list",
            err=True,
        )
    if class_list.surnames:  # a first-name column not recognised: every child called by their last name, said
        say(
            f"note: {shown(class_list.path)}: the names in its {_printable(class_list.surnames)} column are printed: "
            "if they are last names, head the first names' column Prénom or First name",
            err=True,
        )
    # "B" seated at A was read as seat B in the pause box of a filled audit (ad92, 2)
    from sos_print.engine.rules import SEATS

    if letters := [child.line for child in class_list.children if len(child.name) == 1 and child.name.upper() in SEATS]:
        where = f"line {letters[0]} holds" if len(letters) == 1 else f"lines {_spans(letters)} hold"
        say(
            f"note: {shown(class_list.path)}: {where} a seat's letter (A to D) for a name, which the sheets read as a "
            "seat: write the child's name, or a letter and a full stop",
            err=True,
        )
    repeated = class_list.repeated()
    if not repeated:
        return
    most = 8
    groups = [f"lines {_listed([str(line) for line in lines])}" for lines in repeated[:most]]
    said = f"{groups[0]} hold the same name" if len(groups) == 1 else f"{groups[0]} hold one name"
    said += "".join(f", {group} another" for group in groups[1:])
    if len(repeated) > most:
        said += f", and {len(repeated) - most} more names repeat"
    say(f"note: {shown(class_list.path)}: {said}: add an initial to tell them apart on their pages", err=True)


def _spans(numbers: Sequence[int], most: int = 10) -> str:
    """Returns line numbers as a reader takes them in: runs of four or more as "3 to 40", the first `most` of these
    named and the lines after them counted (a thousand title lines made a note of 129,000 characters: issue 20, sweep
    18, N12)."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][1] + 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    items: list[tuple[str, int]] = []  # what is said, and how many lines it names
    for first, last in runs:
        items += (
            [(f"{first} to {last}", last - first + 1)]
            if last - first >= 3
            else [(str(n), 1) for n in range(first, last + 1)]
        )
    if len(items) <= most:
        return _listed([said for said, _ in items])
    rest = sum(count for _, count in items[most:])
    return _listed([*(said for said, _ in items[:most]), f"{rest} more"])


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _printable(name: str) -> str:
    return name if name.isprintable() else repr(name)


def refuse(message: str) -> NoReturn:
    """Ends the run because of a file given (status 1), saying why in one line."""
    from sos_print.cli.process import say

    say(f"sos-print: {message}", err=True)
    raise typer.Exit(1)
