"""Reads a class list and forms the class's playing groups from it.

A class list is what a teacher already has: a text file with one name a line, or a spreadsheet saved as CSV (cells
separated by commas, semicolons or tabs, in any encoding `files.decode_spreadsheet` reads). A CSV file's heading row is
one of its first lines (title lines may come above it) one of whose cells names a column of names, exactly or by a word
of it ("Name", "Prénom élève", "Pupil first name"...): that column holds the names, and a first-name column wins over a
name or last-name column, as children know each other by their first names ("Nom;Prénom", a school's export), the first
one when they bear their number ("Prénom 1;Prénom 2", "1er prénom"), a heading merged over two columns ("Nom et prénom;"
above "Dupont;Léa", as spreadsheets export it) heads both, in the order its words say, and a column of the first name a
child goes by ("Prénom d'usage", "Preferred name", "Known as") is printed where it holds a name, the legal first name
where not; a heading row naming two columns of first names, or of names, is two lists side by side
("Nom;Prénom;;Nom;Prénom"), refused naming its line; names printed from a column that may hold last names, beside one no
heading names ("Nom;Vorname"), are noted (`Roster.surnames`). A child whose first name is not typed is called by the
row's other name column (its last name), and the terminal says so; a row holding text but no name is refused, naming its
line, so that no child is left out in silence. A row of headings only, a column of names among them, is the heading row
whatever lies above it; the rows above are titles ("École;Jules Ferry", "Mme Martin;CM2;2025"), except one whose cells
under the name columns may be a child's ("Dupont;Léa;CM2"), refused naming its line. A row that is a title, a section's
title or a total ("Classe CM2", "Classe de Mme Martin", "Groupe A", "Total : 3", "Total;24") or a heading row again is
no child (the rows under a heading row again are read by its own columns: "Nom;Prénom", then "Prénom;Nom" pasted below);
a row holding a name under the names' column is one, and a name that may be a title ("List Anna") is refused, naming its
line. Without a heading row, the names are in the first column (the first column of words when the first one numbers the
rows: "1;Léa"). Any line no child's name can be is passed over as a title, a section or a footer ("Mme Martin", "Les
Dauphins", "CM2", "Grade 4", "Team A", "3 students"; `_no_name`), as is a one-column list's first line of no letter
("2025-2026"), and a school's name (a day is a child's name alone, "Mardi", a title beside a number or a title's word,
"Lundi matin"): a school's word and two words at least ("École Jules Ferry"), or one on the first line ("École Ferry";
`_school`); a line a name can be is a child, noted when it stands out as a title does ("Zoé (CM2)" above "Léa";
`_marked`). A "-" or "?" typed for a name is no name, a name with no letter is refused, and a list's mark ("1. Léa", "•
Léa") is dropped. Other columns are ignored, but a cell of words that may be a child is refused, naming its line: after
the name without a heading row ("Alice;Bob"), beyond the heading's last column under one. So is a name holding a
semicolon, a tab, more than one comma, a sign or a word joining two names ("Chloé / Denis", "Chloé \\ Denis", "Chloé et
Denis", "Chloé und Denis"); one comma is a name ("Dupont, Léa", as school software exports it).

A list whose accents were saved twice (UTF-8 read as Windows-1252, then saved as UTF-8 again: "LÃ©a") is read as
first typed when all its text beyond ASCII reads back so, into a letter or a typographic sign ("Â¡" alone stays); a
line of letters saved twice in a list that is not wholly so is refused, naming its line.

Names are kept as written, in NFC with their spaces collapsed; two children of the same name are
both kept (`Roster.repeated` says on which lines names repeat, so that the teacher can add an initial).
Messages name a child by the line of the file, never by name: a name is printed only on the pages
asked for.

Groups (`form_groups`): the children in the list's order, or shuffled with a seed, make groups of
`players` (4 with teams). When the class does not divide evenly, two or three children left over
play as a group of their own; one left over joins the last group, which plays with one more
player (a pair becomes three, three become four), and with groups of four the last four and the
one left over play as a three and a pair. So no child plays alone and no group has more than four.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice, pairwise
from typing import TypeVar

from sos_print.engine.errors import SPREADSHEET_ERROR, ExampleFileError, quoted
from sos_print.engine.files import (
    PRINTS_NOTHING,
    UNCLOSED_QUOTE,
    as_printed,
    decoded_spreadsheet,
    read_bounded,
    separator_line,
    trimmed_row,
)
from sos_print.engine.frozen import frozen, replace
from sos_print.engine.records import MAX_CELL, is_record_text
from sos_print.engine.rules import MAX_PLAYERS

MAX_BYTES = 1_000_000  # a class list of 200 names takes a few kilobytes, a school's whole export less than this
MAX_CHILDREN = 200  # as many as sheets `puzzles --copies` prints: several classes, and 100 groups at most
# Lines with text, at most: MAX_CHILDREN names with their titles, headings and footers many times over. A list of a
# megabyte's lines (200,000 names, or as many titles) took minutes to read before its count was refused, and held a
# web page's worker as long (issue 20, sweep 18, N11).
MAX_LINES = 1_000
MAX_NAME = 40  # characters: a first name and a last name; a fillable audit's names field holds as many
_SEPARATORS = (";", "\t", ",")  # in this order when a heading row does not tell: French Excel uses semicolons
_SAMPLE = 20  # rows the separator is told from
_TITLES = 4  # title lines a heading row may have above it ("Classe de CM1 - 2025", a school's name, the year)
_LOOK = 10  # lines a heading row below too many titles is looked for on, to name its line
_LONGEST_HEADING = 60  # characters: a longer cell is a name or a note, never looked at word by word

# Headings, as `_heading` reduces them (no case, accents, spaces or punctuation).
FIRST_NAME_HEADINGS = frozenset(
    {"first", "firstname", "firstnames", "givenname", "givennames", "forename", "forenames", "prenom", "prenoms"}
)
# A column of last names: the name a child is called by when the first name is not typed.
LAST_NAME_HEADINGS = frozenset({"lastname", "surname", "familyname", "nomdefamille", "nomdusage", "nomdenaissance"})
NAME_HEADINGS = frozenset(
    {
        "name",
        "names",
        "fullname",
        "pupil",
        "pupilname",
        "student",
        "studentname",
        "child",
        "childname",
        "nom",
        "noms",
        "nomcomplet",
        "eleve",
        "eleves",
        "nomdeleleve",
        "enfant",
        "enfants",
        "students",
        "pupils",
        "children",
        "classlist",
        "learner",
        "learners",
        "learnername",
        "participant",
        "participants",
        # A list made for a game is headed by its players (issue 20, sweep 18, N5: seated as a child, with no note).
        "player",
        "players",
        "joueur",
        "joueurs",
        "joueuse",
        "joueuses",
        "members",
        "membres",
        "roster",
    }
)
# Last words of a heading of several children, which a school's export may follow with their count: "Élèves (24)".
COUNTED_HEADINGS = frozenset(
    {"names", "noms", "prenoms", "firstnames", "eleves", "enfants", "students", "pupils", "children", "learners"}
    | {"participants", "players", "joueurs", "joueuses", "members", "membres"}
)
# Words of a heading of a child's partner, in a list of pairs ("Binôme", "Partner", "Coéquipier"): another child.
PARTNER_HEADINGS = frozenset(
    {"binome", "binomes", "partner", "partners", "partenaire", "partenaires", "pair", "paire", "buddy", "coequipier"}
    | {"coequipiere", "equipier", "equipiere", "teammate", "camarade", "voisin", "voisine", "neighbour", "neighbor"}
)
# Headings of other columns a school's export has: a first row of these is a heading row without names.
OTHER_HEADINGS = frozenset(
    {
        "class",
        "classe",
        "group",
        "groupe",
        "age",
        "dateofbirth",
        "birthdate",
        "birthday",
        "datedenaissance",
        "date",
        "naissance",
        "birth",
        "dob",
        "ne",
        "nee",
        "sex",
        "sexe",
        "gender",
        "genre",
        "id",
        "number",
        "numero",
        "no",
        "n",
        "email",
        "mail",
    }
)
# First words of a title, a section's title or a footer ("Classe CM2", "Année 2025-2026", "Total : 3"): never a child.
TITLE_WORDS = frozenset(
    {"classe", "class", "ecole", "school", "annee", "year", "total", "remarque", "remarques", "effectif"}
    | {"enseignant", "enseignante", "teacher", "liste", "list", "groupe", "group"}
)
# First words of a title line above a heading row besides TITLE_WORDS: a label ("Établissement;Collège X", "Date;3/9")
# or a civility ("Mme Martin;CM2"), which no child's name under the names' column starts with.
LABEL_WORDS = frozenset(
    {"etablissement", "college", "lycee", "date", "export", "anneescolaire", "enseignants", "professeur", "prof"}
    | {"mme", "mlle", "m", "mr", "mrs", "ms", "miss", "madame", "monsieur", "room", "salle", "niveau", "cycle"}
)
HEADINGS_SAID = "name, first name, student, nom, prénom, élève"  # as messages list the headings read
TITLES_SAID = "class, school, year, list, group, teacher, total, classe, école, liste..."  # as messages say them
# Words of titles, labels, sections and footers besides TITLE_WORDS and LABEL_WORDS ("Grade 4", "Team A", "Page 1 sur
# 1", "3 students", "Points possible", "Matière;Maths"): a line of these, numbers and small words alone is no child's
# name, nor one under a heading row whose first word is one of them. No first name is among them ("Rose", a colour,
# "Child", in "Child 1", and "Fin" are not).
NOT_NAME_WORDS = (
    TITLE_WORDS
    | (LABEL_WORDS - {"m"})
    | COUNTED_HEADINGS
    | frozenset({"classes", "groups", "groupes", "lists", "listes", "effectifs", "moyen", "moyenne"})
    | frozenset({"grade", "homeroom", "period", "periode", "form", "section", "sections", "team", "teams", "equipe"})
    | frozenset({"equipes", "table", "set", "atelier", "ateliers", "promotion", "promo", "rentree", "register"})
    | frozenset({"attendance", "appel", "roll", "pages", "count", "nombre", "number", "numbers", "subtotal"})
    | frozenset({"soustotal", "sous", "end", "genere", "generee", "generated", "printed", "imprime", "edite"})
    | frozenset({"exporte", "exported", "average", "points", "possible", "pronote", "division", "matiere", "subject"})
    | frozenset({"discipline"})
    | frozenset({"course", "term", "trimestre", "semestre", "semester", "tutor", "instructor", "utilisateur", "user"})
    | frozenset({"academie", "structure", "cours", "level", "garcons", "filles", "boys", "girls"})
    # Sweep 17 F3: a register's own sections and footers ("Absents", "Cantine", "Signature du directeur", "ONDE").
    | frozenset({"absent", "absents", "absente", "absentes", "cantine", "garderie", "etude", "signature", "directeur"})
    | frozenset({"directrice", "headteacher", "sortie", "reception", "nursery", "morning", "afternoon", "matin"})
    | frozenset({"mathematiques", "maths", "anglais", "maternelle", "kindergarten", "onde", "today"})
)
# Days: a section's title beside a number or a title's word ("Mardi 3", "Lundi matin"), a child's first name alone
# ("Mardi", "Sunday"), which was passed over as a title (issue 20, sweep 18).
_DAYS = frozenset({"lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche", "monday", "tuesday"})
_DAYS |= frozenset({"wednesday", "thursday", "friday", "saturday", "sunday"})
# Small words between a title's ("Fin de la liste", "Page 1 sur 1", "Généré par Pronote"): neither a name nor a title.
_SMALL = frozenset({"de", "des", "du", "d", "l", "la", "le", "les", "of", "the", "s", "sur", "par", "by", "on", "et"})
_SMALL |= frozenset({"and", "en", "au", "aux", "my", "our", "mon", "ma", "notre", "nos", "to", "for", "pour", "in"})
# Civilities: a child is never called "Mme" or "Mrs" ("Mme Martin", "Mrs Smith's class", "CM2 - Mme Martin").
_CIVILITIES = frozenset({"mme", "mmes", "mlle", "mr", "mrs", "ms", "miss", "madame", "monsieur", "mademoiselle"})
# A group's name starts with an article before a plural ("Les Dauphins", "The Owls"); "Les Paul", "Thế Anh" are names.
_ARTICLES = frozenset({"les", "the"})
# Words of a title beside a number alone ("Page 1 sur 1"): "Page" is a first name too.
_NUMBERED = frozenset({"page"})

T = TypeVar("T")
# Where a name is printed, as a message says it.
PLACES = {"board": "on a board's score table", "audit": "on a score sheet's names row", "sheet": "on a puzzle sheet"}


class NameFitError(ExampleFileError):
    """Signals a child's name too wide for the line it is printed on; the message names its line of the file (the
    name itself is printed only on the pages asked for) and the room in letters as wide as the name's own, so that a
    name of wide letters is never told a limit longer than itself."""

    def __init__(self, path: str, children: tuple[Child, ...], where: str, per_line: int, lines: int = 2) -> None:
        one = len(children) == 1
        rows = " and ".join(str(child.line) for child in children)
        sizes = " and ".join(str(len(child.name)) for child in children)
        what = f"a name of {sizes} characters does" if one else f"names of {sizes} characters together do"
        room = "1 line here holds" if lines == 1 else f"{lines} lines here hold"
        where = PLACES.get(where, where)
        super().__init__(
            path,
            f"{'line' if one else 'lines'} {rows}: {what} not fit {where}: {room} about {per_line} of "
            f"{'its' if one else 'their'} letters; shorten {'it' if one else 'them'} (a first name and an initial "
            "tell children apart)",
        )


@frozen
class Child:
    """Holds one child of a class list: the name as printed, and the line of the file it is on."""

    name: str
    line: int


@frozen
class Roster:
    """Holds a class list as read: the file it came from and its children, in the list's order.

    `borrowed` holds the lines whose first name was not typed, and `borrowed_from` the heading of the
    column their name was taken from instead ("Nom"); `passed` the lines of words read as titles, sections or
    footers, not children (a teacher is told of each: a child is never left out without a word); `doubtful` the lines
    read as children that stand out of the list as a title does ("Zoé (CM2)" above "Léa", "Noël"), for the teacher
    to check; `surnames` the heading of the names' column when its names may be last names (a first-name column
    beside it not recognised), for the teacher to be told; `repaired` whether the list's accents had been saved twice
    and were read back ("LÃ©a" as "Léa"); `grouped` the heading of a column of the class's own groups ("Groupe"),
    and `own_groups` each child's group in it, which sos-print compares with the groups it makes.
    """

    path: str
    children: tuple[Child, ...]
    borrowed: tuple[int, ...] = ()
    borrowed_from: str = ""
    passed: tuple[int, ...] = ()
    doubtful: tuple[int, ...] = ()
    surnames: str = ""
    repaired: bool = False
    grouped: str = ""
    own_groups: tuple[str, ...] = ()  # each child's group in the `grouped` column, in the list's order
    attendance: str = ""  # the heading of a column that marks who is absent or present ("Absent"), where one is filled
    # The lines of a list read as Windows-1252 whose names hold ’ between two small letters: Mac Roman's í reads so
    # ("Mar’a"), where an apostrophe may too; the teacher is told, by line (sweep ad80, 1).
    apostrophes: tuple[int, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """Returns the children's names, in the list's order."""
        return tuple(child.name for child in self.children)

    def repeated(self) -> tuple[tuple[int, ...], ...]:
        """Returns the lines of each name that more than one child has (told apart from case alone), in the order
        of the list: messages name the lines, never the name."""
        lines: dict[str, list[int]] = {}
        for child in self.children:
            lines.setdefault(child.name.casefold(), []).append(child.line)
        return tuple(tuple(found) for found in lines.values() if len(found) > 1)


@frozen
class Seating:
    """Holds the groups formed from a class list: each group's children in seat order (A, B, C, D).

    `seed` is the seed the list was shuffled with, or None when the groups follow the list's order.
    """

    path: str
    groups: tuple[tuple[Child, ...], ...]
    seed: int | None = None

    @property
    def children(self) -> int:
        """Returns how many children the groups hold."""
        return sum(len(group) for group in self.groups)


def read_roster(path: str) -> Roster:
    """Reads the class list at `path` (named in messages exactly as given); raises ExampleFileError if it cannot
    be read or holds fewer than two names or more than MAX_CHILDREN."""
    data = read_bounded(path, MAX_BYTES, "a class list")
    text, western = decoded_spreadsheet(data, path, "save it as CSV, or as text with one name a line")
    roster = parse_roster(text, path)
    return roster if western else replace(roster, apostrophes=())


_APOSTROPHE_INSIDE = re.compile(r"[a-z\u00df-\u00ff]\u2019[a-z\u00df-\u00ff]")


def parse_roster(text: str, path: str = "<class list>") -> Roster:
    """Reads a class list from its text; `path` names it in messages, with the line of any problem."""
    csv.field_size_limit(max(csv.field_size_limit(), MAX_BYTES))  # as records do: a cell is refused by its length
    if is_record_text(text):  # its "player" column was read as the children's names, A and B (ad66, 1)
        raise ExampleFileError(
            path,
            "is a game record (its header row names player, letter and cell columns), not a class list; if it is a "
            "class list, head its names' column Name or Prénom",  # a list headed Player;Letter;Cell (sweep ad67, 4)
        )
    text, repaired = _saved_twice(text, path)
    rows = list(islice(_rows(text), MAX_LINES + 1))
    if not rows:
        raise ExampleFileError(path, "holds no name: write one child's name a line")
    if len(rows) > MAX_LINES:
        raise ExampleFileError(
            path, f"holds more than {MAX_LINES:,} lines; a class list holds at most {MAX_CHILDREN} names: split it"
        )
    hint = separator_line(rows[0][1])
    if hint:
        rows = rows[1:]
        if not rows:
            raise ExampleFileError(path, "holds no name: write one child's name a line")
    separator = hint or _separator([line for _, line in rows[:_SAMPLE]])
    rows = _typed_on_lines(rows, separator)
    table = [(number, _cells(line, separator, number, path)) for number, line in rows]
    while separator is not None and all(len(cells) > 1 and not cells[0].strip() for _, cells in table):
        table = [(number, cells[1:]) for number, cells in table]  # every line indented, as pasted from a web page
    columns = _names_columns(table, separator is not None, path)
    full = _full_names(table[columns.start :], columns)
    parted = separator is None and not columns.headings and _parted_title(table)
    children, borrowed, used, titles, crowded = [], [], {}, 0, ""
    apostrophes: list[int] = []  # the lines whose name holds ’ between two small letters (see `Roster.apostrophes`)
    labels: list[str] = []  # each child's group in the class's own column of groups, if it has one
    seated: list[list[str]] = []  # the rows the children were read from
    parts: list[tuple[_Columns, list[list[str]]]] = []  # each heading row's columns and rows, before the last's
    above = table[: columns.start - 1] if columns.headings else table[: columns.start]
    passed = [number for number, cells in above if any(map(_worded, cells))]
    for index, (number, cells) in enumerate(table[columns.start :], start=columns.start):
        if _placeholder(cells):
            raise ExampleFileError(
                path, f"line {number} holds a mark but no name: write the child's name, or remove it"
            )
        if _headed(cells) or (separator is None and number == table[0][0] and _list_title(table)):
            titles += 1
            passed += [number] if not _headed(cells) else []
            if _headed(cells) and columns.headings:  # a second export pasted below, its columns in its own order
                parts.append((columns, seated))
                columns, seated = _heading_again(number, cells, table[index + 1 :], path), []
            continue
        # "Les Lutins" set apart above full names is their title, never "Les Jones" among them
        if _title_row(
            number, cells, columns, path, full and not (parted and number == table[0][0]), number == table[0][0]
        ):  # never a child, and never holds one's name
            titles += 1
            passed += [number] if any(map(_worded, cells)) else []
            continue
        crowded = crowded or _crowded(number, cells, columns, separator)
        column: int | None = columns.names
        if not _cell(cells, columns.names):  # the legal first name where none a child goes by is given, as is
            column = next((column for column in columns.given if _cell(cells, column)), None)
        if column is None or not _cell(cells, column):
            column = next((column for column in columns.others if _cell(cells, column)), None)
            if column is not None:
                borrowed.append(number)
                used[column] = columns.headings[column]
            elif not _numbered_only(cells):  # other cells but no name typed: never left out
                raise ExampleFileError(path, f"line {number}: {columns.missing}: write it, or remove the row")
        if column is not None and _cell(cells, column):
            children.append(_checked(Child(_unmarked(_cell(cells, column)), number), cells[column], path))
            if _APOSTROPHE_INSIDE.search(cells[column]):  # as written: the name printed has every apostrophe curled
                apostrophes.append(number)
            labels.append(_group_label(columns, cells))
            seated.append(cells)
        if len(children) > MAX_CHILDREN:
            raise ExampleFileError(
                path, f"holds more than {MAX_CHILDREN} names; a class list holds at most {MAX_CHILDREN}: split it"
            )
    if not children and titles:  # every row was a title or a heading
        raise ExampleFileError(path, "holds title lines but no child's name: write one child's name a line")
    if not children:
        raise ExampleFileError(path, "holds no name under its heading row: write one child's name a row")
    if len(children) == 1:
        raise ExampleFileError(path, _one_name(children[0], dict(table), passed))
    if crowded:  # after the one-name check, which says the same of a list written across its only line
        raise ExampleFileError(path, crowded)
    used_from = " or ".join(used[column] for column in sorted(used))
    marked = [_marked(child.name) or (parted and child.line == table[0][0]) for child in children]
    doubtful = [
        child.line
        for k, child in enumerate(children)
        if marked[k] and not any(marked[j] for j in (k - 1, k + 1) if 0 <= j < len(children))
    ]
    for part in [*parts, (columns, seated)]:
        _partners(*part, path)
    surnames = next(filter(None, (_surnames(*part) for part in [*parts, (columns, seated)] if part[1])), "")
    column = _group_column(columns)
    grouped = columns.headings[column] if column is not None and any(labels) else ""  # a column left empty: none
    marks = next((k for k, heading in enumerate(columns.headings) if _attendance(heading)), None)
    attendance = columns.headings[marks] if marks is not None and any(_cell(row, marks) for row in seated) else ""
    return Roster(
        path,
        tuple(children),
        tuple(borrowed),
        used_from,
        tuple(passed),
        tuple(doubtful),
        surnames,
        repaired,
        grouped,
        tuple(labels) if grouped else (),
        attendance,
        tuple(apostrophes),
    )


def _group_column(columns: _Columns) -> int | None:
    """Returns the column of the class's own groups ("Groupe"), or None."""
    return next((k for k, heading in enumerate(columns.headings) if _heading(heading) in GROUP_HEADINGS), None)


def _group_label(columns: _Columns, cells: Sequence[str]) -> str:
    """Returns a child's group as the class's own column of groups gives it ("" where it has none)."""
    column = _group_column(columns)
    return _cell(cells, column) if column is not None else ""


# Words of a heading of a column that marks who is away or here today ("Absent", "Présent (O/N)", "Abs."): not read,
# and said not to be (a child marked absent got a seat without a word: sweeps ad70, 3 and ad71, 2).
ATTENDANCE_WORDS = frozenset(
    {"absent", "absents", "absente", "absentes", "absence", "absences", "abs", "present", "presents", "presente"}
    | {"presentes", "presence", "presences", "attendance"}
)


def _attendance(heading: str) -> bool:
    """Tells whether a heading names a column of who is absent or present: one of its words says so."""
    return any(_heading(word) in ATTENDANCE_WORDS for word in re.split(r"[\W_]+", heading))


# Headings of a column of the class's own groups: read as no name, and not read as groups (ad66, 4).
GROUP_HEADINGS = frozenset({"group", "groups", "groupe", "groupes", "team", "teams", "equipe", "equipes"})


def _saved_twice(text: str, path: str) -> tuple[str, bool]:
    """Returns `text` with its accents read back when they were saved twice, and whether they were: a list saved as
    UTF-8, opened by a tool that read it as Windows-1252 and saved again as UTF-8, holds "LÃ©a" for "Léa" (issue 20,
    sweep 18, N6). Only when every run of characters that are not ASCII is such bytes, and they read back as UTF-8
    holding a letter or a sign beyond Latin-1 ("â€™" is "’"), is the text read back ("Â¡" alone stays as written); a
    line holding a letter saved twice in a text that is not wholly so is refused, naming its line."""
    body = text.removeprefix("\ufeff")
    runs = _NOT_ASCII.findall(body)
    if not runs:
        return text, False
    undone = [_undone(run) for run in runs]
    if all(run is not None for run in undone) and any(_telling(char) for run in undone for char in run or ""):
        pieces = iter(undone)
        return _NOT_ASCII.sub(lambda _: next(pieces) or "", body), True
    for number, line in enumerate(io.StringIO(body, newline=None), start=1):  # lines as `_rows` numbers them
        if any((_undone(pair) or "").isalpha() for pair in _TWICE.findall(line)):
            raise ExampleFileError(
                path,
                f"line {number}: its accents look saved twice (é shows as Ã©, UTF-8 read as Windows-1252), and other "
                "lines' do not: type the line's accents again, or save the list again as UTF-8 from where it came",
            )
    return text, False


def _telling(char: str) -> bool:
    """Tells whether a character read back from bytes saved twice tells that they were: a letter, or a sign of three
    UTF-8 bytes ("’", "–"); a sign of Latin-1 ("¡", "°") may be what a name holds beside "Â"."""
    return char.isalpha() or ord(char) > 0x7FF


def _undone(run: str) -> str | None:
    """Returns a run of characters read back from the Windows-1252 bytes they are as UTF-8, or None if they are not
    such bytes or do not read as UTF-8."""
    try:
        return bytes(_WINDOWS_BYTES[char] for char in run).decode("utf-8")
    except (KeyError, UnicodeDecodeError):
        return None


# Each character Windows-1252 decodes a byte over 127 into, with that byte; the five bytes it leaves undefined read
# as the control character of the same number, as Windows reads them ("Ã\x81" is "Á" saved twice).
_WINDOWS_BYTES = {bytes([byte]).decode("cp1252", errors="ignore") or chr(byte): byte for byte in range(128, 256)}
_NOT_ASCII = re.compile(r"[^\x00-\x7f]+")
# A letter of two UTF-8 bytes saved twice: its first byte's character (Â to ß), then its second's (0x80 to 0xBF).
_TWICE = re.compile(
    "[\u00c2-\u00df][" + "".join(re.escape(char) for char, byte in _WINDOWS_BYTES.items() if byte < 0xC0) + "]"
)


def _heading_again(number: int, cells: Sequence[str], below: Sequence[tuple[int, list[str]]], path: str) -> _Columns:
    """Returns where the names are under a heading row found again below the first (two exports pasted one under the
    other, "Nom;Prénom" then "Prénom;Nom"), the rows `below` it: its own columns, so that the rows under it are read
    by its headings, not by the first's (issue 20, sweep 18, N8)."""
    kinds = [_kind(cell) for cell in cells]
    if FIRST not in kinds and NAME not in kinds:  # a row of last names' headings alone ("Nom;Classe") names no list
        raise ExampleFileError(
            path,
            f"line {number} is a heading row again, naming no column of first names or names: head the names' column "
            f"with one of {HEADINGS_SAID}, or remove the line",
        )
    _two_lists(number, kinds, cells, path)
    return _merged(_heading_columns(number - 1, kinds, cells), below)


def _surnames(columns: _Columns, seated: Sequence[list[str]]) -> str:
    """Returns the heading of the names' column when its names may be last names, or "": a column of names, not of
    first names ("Nom"), holding one word a row beside a column whose heading names nothing known (a first-name
    heading not read, "Vorname", or none: "Nom;;Classe") with words on every row."""
    if not columns.headings or not _may_be_surnames(columns.headings[columns.names]):
        return ""
    if any(len(_cell(cells, columns.names).split()) > 1 for cells in seated):
        return ""
    beside = [
        column
        for column, heading in enumerate(columns.headings)
        if column != columns.names and _kind(heading) is None and all(_worded(_cell(cells, column)) for cells in seated)
    ]
    return columns.headings[columns.names] if beside else ""


def _partners(columns: _Columns, seated: Sequence[list[str]], path: str) -> None:
    """Refuses a list whose column headed as a partner's ("Élève;Binôme", "Student;Partner") holds names on most rows:
    a pair on each line, whose second children would not be printed (issue 20, sweep 41, B2). Only a partner's heading
    says so: a school's export has other columns of words (the canteen, the town, a house, a language) that are no
    children (sweep 42, B1)."""
    heading = columns.headings[columns.names] if columns.headings else ""
    for column, other in enumerate(trimmed_row(columns.headings)):  # not a far column's thousands of blanks
        words = {_heading(word) for word in re.split(r"[\W_]+", other) if word}
        if column == columns.names or not words & PARTNER_HEADINGS or _kind(other) is not None:
            continue
        filled = [_cell(cells, column).split() for cells in seated if _cell(cells, column)]
        # A pair a row, but for an odd child out: most rows hold a second name, and every such cell is one.
        if 2 * len(filled) > len(seated) and all(words and all(map(_name_word, words)) for words in filled):
            raise ExampleFileError(
                path,
                f"its column {column + 1} ({quoted(other, _LONGEST_HEADING + 2)}) holds names on most rows, but only "
                f"column {columns.names + 1} ({quoted(heading, _LONGEST_HEADING + 2)}) is printed: if they are "
                f"children too, put every child in one column; if not, remove column {column + 1}",
            )


def _list_title(table: Sequence[tuple[int, list[str]]]) -> bool:
    """Tells whether the first line of a list of one name a line is its title for want of a letter ("2025-2026"), no
    line under it holding a digit."""
    (title, *_), rest = table[0][1], [cells[0] for _, cells in table[1:]]
    digits = any(char.isdigit() for char in title) and not any(char.isdigit() for name in rest for char in name)
    return bool(rest) and digits and not _worded(title)


def _parted_title(table: Sequence[tuple[int, list[str]]]) -> bool:
    """Tells whether the first line of a list of one name a line stands as a title does: set apart by an empty line
    under it, where no empty line parts the names below ("Maternelle", "Anne Marie", or "Les Lutins")."""
    lines = [number for number, _ in table]
    return len(lines) > 2 and lines[1] > lines[0] + 1 and all(b == a + 1 for a, b in pairwise(lines[1:]))


def _full_names(rows: Sequence[tuple[int, list[str]]], columns: _Columns) -> bool:
    """Tells whether most names of a list are of several words ("Amy Brown"): there "Les Jones" is a child's name, a
    group's title standing out among first names alone ("Les Dauphins" above "Léa")."""
    names = [_cell(cells, columns.names) for _, cells in rows]
    names = [name for name in names if _worded(name)]
    return 2 * sum(len(name.split()) > 1 for name in names) > len(names)


def _group_name(words: Sequence[str]) -> bool:
    """Tells whether words start as a group's name does: an article before a plural ("Les Dauphins", "The Owls"),
    which "Les" before a surname is too ("Les Jones")."""
    return len(words) > 1 and words[0].casefold() in _ARTICLES and words[1].casefold().endswith(("s", "x"))


def _no_name(text: str, full: bool = False) -> bool:
    """Tells whether a line of letters is a title, a section or a footer that no child's name can be: a civility in it
    ("Mme Martin", "CM2 - Mme Martin", "Mrs Smith's class"), an article before a group's name ("Les Dauphins"; not
    "Les" before a capitalised word in a list of `full` names, "Les Jones"), or no word a name can be, with a number
    or a title's, label's, section's or footer's word among them ("CM2", "Grade 4", "Team A", "Page 1 sur 1", "3
    students", "Nombre d'élèves : 3", "Points possible"). A word a name can be is one of letters alone, longer than
    one, and none of those ("Léa", "Marie" in "Marie 2", "Zoé" in "Zoé (CM2)")."""
    if not _worded(text):
        return False
    words = [word for word in re.split(r"[\W_]+", text) if word]
    known = [_heading(word) for word in words]
    if any(_civility(word) for word in words[:-1]) or (re.match(r"\s*M\.\s", text) and len(words) > 2):
        return True
    if _group_name(words) and not (full and words[0].casefold() == "les" and words[1][:1].isupper()):
        return True  # in a list of full names, "Les Jones" is a child, seated and noted (`_marked`)
    numbered = any(map(str.isdigit, text))
    titled = numbered or any(key in NOT_NAME_WORDS | _NUMBERED | _DAYS for key in known)
    # A colour is a name beside no title's word ("Rose 2", not "Équipe bleue"); "Page" beside no number; a day beside
    # neither ("Mardi", not "Mardi 3" nor "Lundi matin").
    hues = not any(key in NOT_NAME_WORDS for key in known)
    return titled and not any(_name_word(word, hues, numbered) for word in words)


def _civility(word: str) -> bool:
    """Tells whether a word is a civility as written ("Mme", "Mrs", "Monsieur"): not a child's initials in capitals
    ("Léa MS", "Zoé MR")."""
    return _heading(word) in _CIVILITIES and not (word.isupper() and len(word) <= 3)


def _name_word(word: str, hues: bool = False, numbered: bool = False) -> bool:
    """Tells whether a word may be (part of) a child's name: letters, with the digits a teacher adds to tell two
    children apart ("Léa2", "Jo1", "Élève12"), of a name's length and no title's, label's or small word ("CM2", "4B",
    "6e", "Grade", "de" are none); a colour only where `hues` ("Rose"), "Page" only where the line is not `numbered`
    ("Page 1 sur 1"), a day only where both ("Mardi", not "Mardi 3")."""
    written = "".join(char for char in word if not char.isdigit())
    letters = _heading(written)
    least = 3 if len(written) < len(word) and written.isupper() else 2  # "CM2", "CE1": a class's two capitals
    excluded = NOT_NAME_WORDS | (_NUMBERED if numbered else frozenset()) | (frozenset() if hues else _HUES)
    excluded |= _DAYS if numbered or not hues else frozenset()
    small = written.casefold() in _SMALL  # with its accents: "Mỹ" is a name, "my" a small word
    return len(letters) >= least and letters.isalpha() and letters not in excluded and not small


def _marked(text: str) -> bool:
    """Tells whether a child's name bears what a title does: a digit, a colon, or a title's, label's or section's
    word ("Marie 2", "Zoé (CM2)", "Léa CE2", "Atelier peinture", "Fin de la liste"): seated, but named in a note when
    the lines around it bear none, as a title stands out of the list it heads; so does a line of three capitals at
    most ("CP", "GS"), and an article before a plural ("Les Jones" seated among full names)."""
    words = [_heading(word) for word in re.split(r"[\W_]+", text) if word]
    capitals = text.isupper() and len(_heading(text)) <= 3  # a level or initials alone: "CP", "GS", "MD"
    grouped = _group_name([word for word in re.split(r"[\W_]+", text) if word])  # "Les Jones", or a group's name
    return (
        capitals
        or grouped
        or any(char.isdigit() or char == ":" for char in text)
        or any(w in NOT_NAME_WORDS | _DAYS for w in words)
    )


def _unmarked(name: str) -> str:
    """Returns a name without the mark of a numbered or bulleted list it was copied from ("1. Léa", "• Léa")."""
    return _LIST_MARK.sub("", name)


# "1. Léa", "1 Léa", "1.Léa", "1 - Léa", "1° Léa", "1/ Léa", "n°1 Léa", "(1) Léa", "[1] Léa", "a) Léa", "A) Léa",
# "a. Léa", "• Léa", "•Léa", "→ Léa", "✓ Léa", and Word's bullet pasted as "o Léa" (issue 20, sweeps 17 F4 and 18 N18).
# A capital and a dot stay: "V. Hugo" is an initial. Roman numerals stay too: "I. Léa" could be one.
_LIST_MARK = re.compile(
    r"^(?:(?:n°\s?|#)?\d{1,3}(?:\s*[.)\-\u2013\u2014:°/]\s*|\s+)|[(\[]\d{1,3}[)\]]\s*|[A-Za-z]\)\s*|[a-z]\.\s+"
    r"|[\u2022\u25aa\u25e6\u2023\u2192\u25ba\u25b8\u27a2\u2713\u2714\u2611]\s*"
    r"|[-\u2013\u2014\u00b7*>o]\s+)(?=\w)"
)


def _one_name(child: Child, table: dict[int, list[str]], passed: Sequence[int]) -> str:
    """Returns why a list of one name is refused, naming its line (never the child), the lines `passed` over as titles
    (the file shows more names than one: issue 20, sweep 18, N7) and, when that line holds more cells (names written
    across a line?), how many."""
    others = sum(1 for cell in table.get(child.line, []) if cell.strip()) - 1
    if others >= 2:
        return f"holds one name, on line {child.line}, which holds {others} more cells: write one child's name a line"
    titles = f" (line {passed[0]} was read as a title)" if len(passed) == 1 else ""
    if len(passed) > 1:
        lines = f"lines {', '.join(map(str, passed[:-1]))} and {passed[-1]}"
        titles = f" ({lines if len(passed) <= 3 else f'{len(passed)} of its lines'} were read as titles)"
    return f"holds one name, on line {child.line}{titles}: a class list holds two names at least"


def _crowded(number: int, cells: Sequence[str], columns: _Columns, separator: str | None = None) -> str:
    """Returns why a row is refused for holding more than one child's cells, or "": without a heading row, a cell of
    words after the name (names written across the lines: "Alice;Bob"), and under one, a cell of words beyond the
    heading's last column, which no heading says is no name. A number (an age, a date) is never a child's name."""
    if columns.headings:
        last = max(column for column, heading in enumerate(columns.headings) if heading) + 1
        beyond = [cell for cell in cells[last:] if cell.strip()]
        if any(_worded(cell) for cell in beyond):
            return (
                f"line {number} holds {_count(len(beyond), 'cell')} beyond the heading row's last column: "
                "write one child's name a row"
            )
        return ""
    after = [cell for cell in cells[columns.names + 1 :] if cell.strip()]
    if any(_worded(cell) for cell in after):
        # "holds 1 more cell" did not say that a tab had split "Emma<tab>Smith" in two (review nt64, 13).
        split = f" (split by {_SEPARATOR_NAMES[separator]})" if separator in _SEPARATOR_NAMES else ""
        return (
            f"line {number} holds {_count(len(after), 'more cell')}{split}: write one child's name a line, or head "
            f"the names' column with one of {HEADINGS_SAID}"
        )
    return ""


_SEPARATOR_NAMES = {"\t": "a tab", ";": "a semicolon", ",": "a comma"}  # as _SEPARATORS, in words


def _count(count: int, what: str) -> str:
    return f"{count} {what}" if count == 1 else f"{count} {what}s"


@frozen
class _Columns:
    """Holds where a class list's names are: the first row of names, their column, the other name columns a
    name is taken from when its own cell is empty, the headings as written, how an empty name is said, and the legal
    first name's column, read without a word where a first name a child goes by is not given."""

    start: int
    names: int
    others: tuple[int, ...] = ()
    headings: tuple[str, ...] = ()
    missing: str = "no name in the first column, though the row holds other cells"
    given: tuple[int, ...] = ()  # the legal first name's column, read where the used one (`names`) is empty

    @property
    def read(self) -> tuple[int, ...]:
        """Returns the columns a name is read from, in the order they are tried."""
        return (self.names, *self.given, *self.others)


def _placeholder(cells: Sequence[str]) -> bool:
    """Tells whether a row holds marks but no letter and no digit: the "?", "-" or "..." a teacher types for a child
    whose name is not known yet, a bullet or a dot. It was passed over without a word, a child without a seat (issue
    20, sweep 18, N13; "..." sweep ad49, F5; ".", "•", "***", "()", ".,." sweep ad50, F4). A line of invisible
    characters alone is an empty line, as an editor shows it."""
    filled = [text for text in (cell.translate(PRINTS_NOTHING).strip() for cell in cells) if text]
    return bool(filled) and not any(character.isalnum() for cell in filled for character in cell)


def _numbered_only(cells: Sequence[str]) -> bool:
    """Tells whether a row holds nothing visible, or nothing but its number: a school's template numbers the rows it
    leaves empty ("29;;"); a row holding a date, an age or a pupil's number besides is a child whose name is missing."""
    filled = [cell.strip() for cell in cells if clean_name(cell)]
    return not filled or (len(filled) == 1 and filled[0].removesuffix(".").isdigit())


# A date or a web address in the names' cell: a footer's, never a child's name (issue 20, sweep 18, N10).
_DATED = re.compile(r"\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|://|\bwww\.", re.IGNORECASE)


def _title_row(
    number: int, cells: Sequence[str], columns: _Columns, path: str, full: bool = False, top: bool = False
) -> bool:
    """Tells whether a row below the heading row (or in a list without one) is a title, a section's title or a
    footer. Its name, the names' column's cell or else the one it would be taken from, decides: a row holding none
    (or a number alone: "Total;24") is one when its first filled cell starts with a title's word; a name starting with
    one is a title only when no name can be it, holding a digit or a colon ("Classe CM2", "Total : 3"), and is
    refused, naming its line, when a child's name can ("List Anna", "Teacher Sam"): a child is never passed over. A
    school's name is a title (`_school`; `top` on the file's first line)."""
    filled = [column for column in columns.read if _cell(cells, column)]
    name = _cell(cells, filled[0]) if filled else ""
    if name.strip().startswith("="):  # a formula is no title: refused as a name (`_checked`), never passed over
        return False
    if not _worded(name):  # "Total;24", "Nombre d'élèves;3": the count under the names, the words in a name column
        first = next((column for column, cell in enumerate(cells) if cell.strip()), 0)
        return _titled(cells) or (first in columns.read and _no_name(cells[first]))
    if _DATED.search(name):  # "Imprimé le 03/09/2025", "https://onde...": refused as names holding a slash
        return True
    if _school(name, top) or _footer(name, cells):  # "Somme;4", "Sum,4": a count under the names (sweep ad82, 3)
        return True
    if not _titled([name]):  # a section's cell alone ("CM1;", "Table 1;"), not a name beside a surname ("Dupont;Page")
        return sum(_worded(_cell(cells, column)) for column in filled) == 1 and _no_name(name, full)
    civil = any(_civility(word) for cell in cells for word in re.split(r"[\W_]+", cell)[:-1])  # "Teacher;Ms Green"
    if _title_name(name) or _footer(name, cells) or (len(name.split()) > 1 and _no_name(name)) or civil:
        return True
    raise ExampleFileError(
        path,
        f"line {number}: a name starts with a title's word ({TITLES_SAID}), so it may be a title: remove the line if "
        "it is one, or write the child's first name first",
    )


def _school(name: str, first: bool) -> bool:
    """Tells whether a name is a school's, a title: a school's word and the name it bears, of two words or more ("École
    Jules Ferry", "École élémentaire Jules Ferry", "Collège Jean Moulin"), or of one on the file's `first` line ("École
    Ferry" above the names, "Groupe scolaire Jean Jaurès"). The list was refused, or the school seated as a child
    (issue 20, sweep 18): no child's name starts with "École" and has two more words."""
    words = [word for word in map(_heading, re.split(r"[\W_]+", name)) if word]
    school = 1 if words[:1] and words[0] in _SCHOOLS else 2 if "".join(words[:2]) in _SCHOOLS else 0
    return bool(school) and len(words) - school >= (1 if first else 2)


_SCHOOLS = frozenset({"ecole", "school", "college", "lycee", "etablissement", "academy", "groupescolaire"})


def _title_name(name: str) -> bool:
    """Tells whether a cell is a title no child's name can be: it starts with a title's word and holds a digit or a
    colon ("Classe CM2", "Total : 3", "Enseignant : Mme X"), or its next word is "de", "des", "of"... ("Classe de Mme
    Martin", "Class of Mrs Smith"), or it is that word and a letter or a colour ("Groupe A", "Groupe rouge")."""
    if not _titled([name]):
        return False
    words = [word for word in map(_heading, re.split(r"[\W_]+", name)) if word]
    return (
        any(char.isdigit() or char == ":" for char in name)
        or (len(words) > 2 and words[1] in _OF)
        or (len(words) == 2 and (len(words[1]) == 1 or words[1] in _COLOURS))
    )


def _footer(name: str, cells: Sequence[str]) -> bool:
    """Tells whether a row is a footer of a count: a total's word beside numbers alone ("Total;24")."""
    others = [cell.strip() for cell in cells if cell.strip() and clean_name(cell) != name]
    return _heading(name) in _TOTALS and bool(others) and all(cell.isdigit() for cell in others)


_OF = frozenset({"de", "des", "du", "d", "of", "the"})  # "Classe de Mme Martin", "Class of Mrs Smith"
_COLOURS = frozenset({"rouge", "bleu", "vert", "jaune", "orange", "violet", "rose", "blanc", "noir", "gris", "marron"})
_COLOURS |= frozenset({"red", "blue", "green", "yellow", "purple", "pink", "white", "black", "grey", "gray", "brown"})
_TOTALS = frozenset({"total", "totals", "totaux", "effectif", "effectifs", "sum", "somme", "nb"})  # "Somme;4" (ad82, 3)
# Colours as a team's or a group's name has them ("Équipe bleue"): no name beside a title's word, a name alone ("Rose").
_HUES = _COLOURS | frozenset({"bleue", "verte", "blanche", "noire", "grise", "violette", "marron"})


def _titled(cells: Sequence[str]) -> bool:
    """Tells whether a row is a title, a section's title or a footer: its first filled cell starts with a title's
    word ("Classe CM2;", ";Total : 3", "Année 2025-2026;;"), which no child's name does."""
    first = next((cell for cell in cells if cell.strip()), "")
    words = [word for word in map(_heading, re.split(r"[\W_]+", first)) if word]
    return bool(words) and words[0] in TITLE_WORDS and len(first) <= _LONGEST_HEADING


def _headed(cells: Sequence[str]) -> bool:
    """Tells whether a row is a heading row (again, below the first one, or a second class's): each of its filled
    cells names a column, one of them a column of names."""
    kinds = [_kind(cell) for cell in cells if cell.strip()]
    return bool(kinds) and None not in kinds and bool({FIRST, NAME, LAST} & set(kinds))


def _worded(cell: str) -> bool:
    """Tells whether a cell holds a letter: a column of names does, a column of row numbers does not."""
    return any(char.isalpha() for char in cell)


def _cell(cells: Sequence[str], column: int) -> str:
    return clean_name(cells[column]) if column < len(cells) else ""


def clean_name(text: str) -> str:
    """Returns a name as printed: in NFC (an e and its accent as one é), its spaces collapsed to one, its typewriter
    apostrophes typographic ones, as in every other word printed ("O’Connor"); a name with nothing visible (only
    zero-width or format characters) is no name, nor one of punctuation alone: the "-" or "?" a teacher types for a
    name not known."""
    name = as_printed(text).replace("'", "\u2019")
    return name if any(unicodedata.category(char)[0] in "LNS" for char in name) else ""


def _rows(text: str) -> Iterator[tuple[int, str]]:
    """Yields each line that holds more than separators and spaces, with its number (lines end as CSV ends them).

    The other line ends Unicode knows (a page break, a vertical tab, U+0085, U+2028, U+2029: a word processor's
    or a web page's) end a line of one name too, or two children would read as one name; the lines they part keep
    the number an editor shows. A line holding a separator is a row of cells, whose line end inside a cell (FileMaker's
    vertical tab) is refused as a name on two lines: parted there, "Martin;Léa|Tom" made a child "Tom" (ad89, 6)."""
    numbered = enumerate(io.StringIO(text.removeprefix("\ufeff"), newline=None), start=1)
    for number, whole in numbered:
        whole = whole.removesuffix("\n")
        for line in [whole] if any(map(whole.__contains__, _SEPARATORS)) else whole.splitlines() or [""]:
            if line.translate(_NOT_TEXT).translate(PRINTS_NOTHING).strip():  # a line of zero-width spaces was a heading
                yield number, line


_NOT_TEXT = str.maketrans("", "", "".join(_SEPARATORS))


def _separator(lines: Sequence[str]) -> str | None:
    """Returns the separator of a CSV file, or None for a list of one name a line.

    A separator that splits one of the first lines into a heading of names is the one; else the one
    found in the most of the first lines, if in half of them at least: a list of one name a line in
    which a name or two hold a comma ("Smith, Jr.") stays a list.
    """
    for line in lines[: _TITLES + 1]:
        for separator in _SEPARATORS:
            cells = next(csv.reader([line], delimiter=separator), [])
            if len(cells) > 1 and any(_kind(cell) in (FIRST, NAME) for cell in trimmed_row(cells)):
                return separator
    found = {separator: sum(separator in line for line in lines) for separator in _SEPARATORS}
    best = max(_SEPARATORS, key=lambda separator: found[separator])
    return best if found[best] and 2 * found[best] >= len(lines) else None


def _cells(line: str, separator: str | None, number: int, path: str) -> list[str]:
    """Reads one row as CSV cells; a list of one name a line is a CSV file of one column (Excel quotes its cells:
    "Dupont, Léa"), read with a separator no line holds. A quotation mark never closed is refused, as in records; a
    cell typed on several lines (`_typed_on_lines`) keeps its line breaks, refused in a name alone (`_checked`)."""
    try:
        cells = next(csv.reader([line + "\n"], delimiter=separator or "\n"), [])
    except csv.Error as error:
        raise ExampleFileError(path, f"line {number}: CSV cannot be read: {error}") from None
    if line.count('"') % 2 and any("\n" in cell for cell in cells):
        raise ExampleFileError(path, f"line {number}: {UNCLOSED_QUOTE}")
    return cells


def _typed_on_lines(rows: Sequence[tuple[int, str]], separator: str | None) -> list[tuple[int, str]]:
    """Returns the rows with each cell typed on several lines (Excel's Alt+Enter) joined into its row, its line
    breaks kept, under the number of its first line: a note's cell on two lines refused the whole list, "a cell holds
    a line break: write the name on one line" (ad84, 4)."""
    joined: list[tuple[int, str]] = []
    index = 0
    while index < len(rows):
        number, line = rows[index]
        below = (rows[k][1] for k in range(index + 1, len(rows)))  # not islice: it would walk from the first row
        taken = _closed_below(line, below, separator) if line.count('"') % 2 else 0
        cell = [line, *(following for _, following in rows[index + 1 : index + 1 + taken])]
        joined.append((number, "\n".join(cell)))
        index += 1 + taken
    return joined


def _closed_below(line: str, below: Iterable[str], separator: str | None) -> int:
    """Returns on how many of the lines `below` the quotation mark a line opens is closed, each before it continuing
    the cell: no separator before its first quotation mark (else it is a row of its own), within a record cell's most
    characters, as records are read; 0 if it is not."""
    joined = line
    for count, following in enumerate(below, start=1):
        if (separator and separator in following.partition('"')[0]) or len(joined) - len(line) > MAX_CELL:
            return 0
        joined += "\n" + following
        if not joined.count('"') % 2:
            return count
    return 0


def _names_columns(table: Sequence[tuple[int, list[str]]], columns: bool, path: str) -> _Columns:
    """Returns where the names of a class list's rows are: under its heading row, found among the first lines
    (the lines above it being titles), or in the first column of every row when it has none."""
    unnamed = False
    for index, (number, cells) in enumerate(table[: _TITLES + 1]):
        named = trimmed_row(cells)  # a sheet with a far column formatted: thousands of empty cells, none a heading
        kinds = [_kind(cell) for cell in named] + [None] * (len(cells) - len(named))
        # Above a heading of several columns, titles have fewer cells filled; a list of one column has a title
        # above a known heading whole ("Prénom"), never above a word of a child's name.
        above = table[:index]
        heading = index == 0 or (
            _filled(above) < _filled([(number, cells)]) or all(_titled(row) for _, row in above) or _headed(cells)
            if columns
            else _kind(cells[0]) is not None
        )
        if not heading:
            continue
        if index and not columns and _kind(cells[0]) in (FIRST, NAME) and not _titles(above, number):
            lines = "1 line read as a name" if index == 1 else f"{index} lines read as names"
            raise ExampleFileError(
                path,
                f"line {number}: {quoted(' '.join(cells[0].split()), _LONGEST_HEADING + 2)} is a column heading below "
                f"{lines}: put the heading on the first line, or remove it",
            )
        for wanted in (FIRST, NAME):
            if wanted in kinds:
                _two_lists(number, kinds, cells, path)
                found = _merged(_heading_columns(index, kinds, cells), table[index + 1 :])
                _no_child_above(table[:index], found, path)
                return found
        if index == 0 and len(cells) > 1 and any(kinds):
            unnamed = True  # unless a heading row of names comes below it: "Classe;CM2" above "Nom;Prénom"
    far = next((index for index, (_, cells) in enumerate(table[: _LOOK + 1]) if _headed(cells)), None)
    if columns and far is not None and far > _TITLES:  # a heading below more titles than are read: named, not missed
        raise ExampleFileError(
            path,
            f"its heading row (line {table[far][0]}) comes after {far} title lines: keep at most {_TITLES} above it",
        )
    if unnamed:
        raise ExampleFileError(
            path, f"its heading row names no column of names: head the names' column with one of {HEADINGS_SAID}"
        )
    if columns and len(table) > 1 and _filled(table[:1]) == 1 and _filled(table[1:2]) > 1:
        raise ExampleFileError(
            path,
            f"line {table[0][0]} holds one cell above rows of several, and no heading row names a column of names: "
            f"if it is a title, head the names' column with one of {HEADINGS_SAID} below it",
        )
    names = _numbered(table) if columns else 0
    if names:
        return _Columns(
            0, names, missing=f"no name in column {names + 1}, the names' one, though the row holds other cells"
        )
    return _Columns(0, 0)


def _no_child_above(above: Sequence[tuple[int, list[str]]], columns: _Columns, path: str) -> None:
    """Refuses a row above a heading row of several columns that may be a child's: one of several cells, holding words
    under the names' column that are no title's ("Dupont;Léa" above "Nom;Prénom;Classe", a sheet sorted with its
    heading row); a title over the columns ("Classe : CM1;Enseignant : Mme X") or of one cell is passed over."""
    for number, cells in above:
        names = [_cell(cells, column) for column in columns.read]
        if _filled([(number, cells)]) > 1 and all(_plausible(name) for name in names):
            heading = columns.headings[columns.names]
            raise ExampleFileError(
                path,
                f"line {number} is above the heading row and holds words under its {heading} column: put the heading "
                "row first, or remove the line if it is a title",
            )


def _plausible(name: str) -> bool:
    """Tells whether a cell above a heading row may be a child's name under its column: words without a digit or a
    colon, starting with no title's, label's, section's or civility's word ("Dupont", "Léa"; not "CM2", "École",
    "Mme Martin", "Matière", "Subject", "Term", "Instructor", "Académie")."""
    words = [word for word in map(_heading, re.split(r"[\W_]+", name)) if word]
    return (
        bool(words)
        and not any(char.isdigit() or char == ":" for char in name)
        and words[0] not in NOT_NAME_WORDS | _DAYS
        and "".join(words[:2]) not in LABEL_WORDS
        and not _no_name(name)
    )


def _titles(above: Sequence[tuple[int, list[str]]], heading: int) -> bool:
    """Tells whether the lines above a one-column list's heading (on line `heading`) are titles, never names: each
    starts with a title's word ("Classe de CE2") or holds several words ("CE2 - Mme Martin"), a single word being a
    child's name; several lines of words, none of them a title's, are titles only when an empty line parts them from
    the heading (else they are a list of full names)."""
    if not all(_titled(row) or len(row[0].split()) > 1 for _, row in above):
        return False
    return len(above) == 1 or any(_titled(row) for _, row in above) or above[-1][0] + 1 < heading


def _numbered(table: Sequence[tuple[int, list[str]]]) -> int:
    """Returns the column of names of a list without a heading: the first one, unless it numbers the rows ("1;Léa",
    as pasted from a numbered table), when the names are in the first column of words after it."""
    if not all(re.fullmatch(r"\d+\.?", cells[0].strip()) for _, cells in table):
        return 0
    width = max(len(cells) for _, cells in table)
    return next((column for column in range(1, width) if any(_worded(_cell(cells, column)) for _, cells in table)), 0)


def _two_lists(number: int, kinds: Sequence[str | None], cells: Sequence[str], path: str) -> None:
    """Refuses a heading row naming two columns of first names, or two of names: two lists side by side ("Nom;Prénom;;
    Nom;Prénom", a class in two blocks to fit a page) or a parent's names beside the child's, one of which would be
    read in silence. A child's given names by their number ("Prénom 1;Prénom 2") are one list, the first read."""
    firsts = [column for column, kind in enumerate(kinds) if kind == FIRST and not _numbered_heading(cells[column])]
    used = [column for column in firsts if _preferred(cells[column])]  # beside the legal one: one list
    legal = [column for column in firsts if column not in used]
    names = [column for column, kind in enumerate(kinds) if kind == NAME]
    for columns, what in ((legal, "first names"), (used, "first names"), (names, "names")):
        if len(columns) > 1:
            raise ExampleFileError(
                path,
                f"line {number} names two columns of {what} (columns {columns[0] + 1} and {columns[1] + 1}): keep one "
                "list of names a row, a second list under the first",
            )


def _numbered_heading(cell: str) -> bool:
    """Tells whether a heading bears a number or an ordinal ("Prénom 2", "Prénom2", "2e prénom")."""
    return any(_ORDINAL.fullmatch(word) for word in map(_heading, re.split(r"[\W_]+", cell)) if word)


def _heading_columns(index: int, kinds: Sequence[str | None], cells: Sequence[str]) -> _Columns:
    """Returns the columns a heading row names: the first-name column, else the name column, and the other name
    columns, first names first."""
    order = [column for wanted in (FIRST, NAME, LAST) for column, kind in enumerate(kinds) if kind == wanted]
    used = next((column for column in order if kinds[column] == FIRST and _preferred(cells[column])), None)
    legal = next((column for column in order if kinds[column] == FIRST and column != used), None)
    names = order[0] if used is None else used
    given = () if used is None or legal is None else (legal,)
    others = tuple(column for column in order if column != names and column not in given)
    heading = " ".join(cells[names if legal is None else legal].split())
    missing = f"no name in its {heading} column, though the row holds other cells"
    headings = tuple(" ".join(cell.split()) for cell in cells)
    return _Columns(index + 1, names, others, headings, missing, given)


def _merged(columns: _Columns, below: Sequence[tuple[int, list[str]]]) -> _Columns:
    """Returns where the names are under a heading merged over two columns, as a spreadsheet exports it ("Nom et
    prénom;" over "Dupont;Léa"): the heading names a last name and a first name, the cell after it is empty, and rows
    below hold words there. The first names are in the column its words put them in ("Nom et prénom": the second), the
    last names beside them are a name a child without a first name is called by. The rows were refused for a cell
    beyond the heading row, or their last names printed (issue 20, sweep 18)."""
    column, headings = columns.names, columns.headings
    words = [word for word in map(_heading, re.split(r"[\W_]+", headings[column])) if word]
    first = next((k for k, word in enumerate(words) if word in _MERGED_FIRST), None)
    last = next((k for k, word in enumerate(words) if word in _MERGED_LAST), None)
    after = column + 1
    if first is None or last is None or columns.given or (after < len(headings) and headings[after]):
        return columns
    if not any(_worded(_cell(cells, after)) for _, cells in below):
        return columns
    names, other = (after, column) if last < first else (column, after)
    filled = (*headings[:after], headings[column], *headings[after + 1 :])
    others = (other, *(found for found in columns.others if found != other))
    return _Columns(columns.start, names, others, filled, columns.missing)


# Words of a heading merged over a column of last names and one of first names ("Nom et prénom", "Last name, first
# name", "Prénom Nom").
_MERGED_FIRST = frozenset({"prenom", "prenoms", "first", "firstname", "forename", "forenames", "given", "givenname"})
_MERGED_LAST = frozenset({"nom", "noms", "surname", "surnames", "last", "lastname", "family", "familyname"})


def _filled(rows: Sequence[tuple[int, list[str]]]) -> int:
    """Returns the most cells holding text in one of `rows`."""
    return max((sum(1 for cell in cells if cell.strip()) for _, cells in rows), default=0)


FIRST, LAST, OTHER, NAME = "first", "last", "other", "name"
_KINDS = ((FIRST, FIRST_NAME_HEADINGS), (LAST, LAST_NAME_HEADINGS), (OTHER, OTHER_HEADINGS), (NAME, NAME_HEADINGS))
KNOWN_HEADINGS = FIRST_NAME_HEADINGS | LAST_NAME_HEADINGS | OTHER_HEADINGS | NAME_HEADINGS


def _kind(cell: str) -> str | None:
    """Returns the kind of column a heading cell names (FIRST, LAST, OTHER or NAME), or None for no heading.

    A cell names a kind when it is one of its headings, or when it is made of known headings and
    small words only, one of which is of that kind ("Prénom élève", "Pupil first name", "Nom de
    l'élève"): a cell holding any other word or a number ("Child 1") is a name. First names win
    over last names, and other columns over names ("Student ID" is no column of names).
    """
    if SPREADSHEET_ERROR.fullmatch(cell.strip()):  # "#NAME?" is a broken formula's value, not the heading "Name"
        return None
    counted = re.fullmatch(r"(.*\S)\s*[(\[]\s*\d+\s*[)\]]\W*", cell)
    if counted and _heading(re.split(r"[\W_]+", counted[1].strip())[-1]) in COUNTED_HEADINGS:  # "Child (2)" is a name
        cell = counted[1]
    whole = _heading(cell)
    for kind, known in _KINDS:
        if whole in known:
            return kind
    if len(cell) > _LONGEST_HEADING:
        return None
    words = [word for word in map(_heading, re.split(r"[\W_]+", cell)) if word]
    if _preferred_words(words):  # "Preferred name" too, a first name
        return FIRST
    runs = _runs(words)
    found = next((kind for kind, known in _KINDS if runs and runs & known), None)
    return FIRST if found is None and any(map(str.isdigit, whole)) and _given_name(words) else found


def _may_be_surnames(heading: str) -> bool:
    """Tells whether a names' column's heading may head last names: it names no first names ("Nom", "Name",
    "Élève"), or a last name beside them ("Nom et prénom", as a heading merged over two columns reads)."""
    words = [_ORDINAL.sub(r"\1", word) for word in map(_heading, re.split(r"[\W_]+", heading)) if word]
    runs = _runs([word for word in words if word]) or set()
    if _preferred(heading):
        return False
    return _kind(heading) != FIRST or bool(runs & (LAST_NAME_HEADINGS | {"nom", "noms", "name", "names"}))


def _preferred(cell: str) -> bool:
    """Tells whether a heading names the first name a child goes by ("Prénom d'usage", "Prénom usuel", "Preferred
    forename", "Preferred name", "Known as"): printed where given, the legal first name where not."""
    if len(cell) > _LONGEST_HEADING:
        return False
    return _preferred_words([word for word in map(_heading, re.split(r"[\W_]+", cell)) if word])


def _preferred_words(words: Sequence[str]) -> bool:
    """Tells whether heading words name the first name a child goes by (see `_preferred`)."""
    if "".join(words) == "knownas":
        return True
    if not _PREFERRED & set(words):
        return False
    runs = _runs([word for word in words if word not in _PREFERRED])
    if not runs:
        return False
    return bool(runs & FIRST_NAME_HEADINGS) or (runs == {"name"} and "preferred" in words)


_PREFERRED = frozenset({"usage", "usuel", "usuelle", "preferred"})  # "Nom d'usage", a last name, is no first name


def _given_name(words: Sequence[str]) -> bool:
    """Tells whether heading words name one of a child's first names by its number or ordinal ("Prénom 1", "Prénom2",
    "1er prénom", "First name 1", "Prénom élève 1"), as exports list several given names: a first-name column. A
    number beside another heading is a child's name ("Child 1", "Élève 2")."""
    rest = [_ORDINAL.sub(r"\1", word) for word in words]
    if sum(word != kept for word, kept in zip(words, rest, strict=True)) != 1:
        return False
    runs = _runs([word for word in rest if word])
    if not runs:
        return False
    return next((kind for kind, known in _KINDS if runs & known), None) == FIRST


# A number or an ordinal in a heading, alone or after its word ("1", "1er", "1ère", "2nd", "prenom2"): its word kept.
_ORDINAL = re.compile(r"^([a-z]+)\d{1,2}$|^\d{1,2}(?:er|re|ere|e|eme|nd|st|rd|th)?$")


def _runs(words: Sequence[str]) -> set[str] | None:
    """Returns the known headings `words` are made of, read in order with small words between them, or None when
    a word is neither."""
    found: list[set[str] | None] = [set()] + [None] * len(words)  # found[k]: the headings words[:k] are made of
    for end in range(1, len(words) + 1):
        for start in range(end):
            before = found[start]
            run = "".join(words[start:end])
            if before is not None and (run in KNOWN_HEADINGS or run in _SMALL_WORDS):
                found[end] = before | ({run} if run in KNOWN_HEADINGS else set())
                break
    return found[-1]


# Words a heading holds beside its known ones: "Nom de l'élève", "Prénom usuel", "Preferred name".
_SMALL_WORDS = frozenset({"de", "du", "des", "d", "l", "le", "la", "of", "the", "s", "e", "usuel", "usuelle"})
_SMALL_WORDS |= frozenset({"preferred", "legal", "official", "full", "complet", "en", "french", "francais"})
_SMALL_WORDS |= frozenset({"et", "and", "liste", "list"})  # "Nom et prénom", "Liste des élèves"


def _heading(cell: str) -> str:
    """Returns a heading cell as headings are compared: no case, accents, spaces or punctuation ("Prénom" is
    "prenom", "First_Name" is "firstname")."""
    decomposed = unicodedata.normalize("NFKD", cell.casefold())
    return "".join(char for char in decomposed if char.isalnum() and not unicodedata.combining(char))


def _checked(child: Child, written: str, path: str) -> Child:
    """Returns `child` if its name, `written` as the cell holds it, can be printed; a name holding a semicolon, a tab
    (or another control character) or more than one comma is several children's names written in one cell, refused."""
    if len(f"{written}.".splitlines()) > 1:  # a name typed on two lines in one cell: one child's, or two children's?
        raise ExampleFileError(path, f"line {child.line}: a name holds a line break: write the name on one line")
    if "\ufffd" in child.name:
        raise ExampleFileError(
            path, f"line {child.line}: a name holds a character that could not be read: save the list as UTF-8"
        )
    if not _worded(child.name):
        raise ExampleFileError(
            path, f"line {child.line}: a name holds no letter: remove the line if it is a title, or write the name"
        )
    if written.strip().startswith("="):  # "=SUM(A1:A3)" or "=B2": the sheet saved with its formulas (sweep ad67, 3)
        raise ExampleFileError(
            path,
            f"line {child.line}: a name holds a spreadsheet formula: save the list with its values, not its formulas",
        )
    # "#REF!" read as a comment (sweep ad82, 6); "Léa #N/A", a name joined to a broken one, as "a slash"
    broken = SPREADSHEET_ERROR.search(written)
    if broken:
        raise ExampleFileError(
            path,
            f"line {child.line}: a name holds a spreadsheet error ({broken[0]}), a formula that broke: save the "
            "list with its values, not its formulas",
        )
    comment = next((mark for mark in ("#", "//") if written.strip().startswith(mark)), "")
    if comment:  # "# comment", as text files hold one, was printed as a child's name (sweep ad78, 2)
        raise ExampleFileError(
            path,
            f"line {child.line}: a name starts with {comment}, as a comment does: remove the line, or write the "
            "child's name",
        )
    if _FIELD.match(written.strip()):  # "FN:Léa", "SUMMARY:Sortie": a contacts or calendar file pasted in a list
        raise ExampleFileError(
            path,
            f"line {child.line}: a name starts with a key in capitals and a colon (as FN: or BEGIN:), as a contacts or "
            "calendar file's lines do: export the class as CSV",
        )
    several = _several(_unmarked(written.strip()))  # a list's mark ("1/ Léa") is no part of the name
    if several:
        raise ExampleFileError(path, f"line {child.line}: a name holds {several}: write one child's name a line")
    if len(child.name) > MAX_NAME:
        raise ExampleFileError(
            path,
            f"line {child.line}: a name of {len(child.name)} characters; a name holds at most {MAX_NAME}: "
            "shorten it (a first name and an initial tell children apart)",
        )
    return child


# A vCard's or iCalendar's property line ("FN:Léa", "TEL;TYPE=cell:06...", "item1.EMAIL:..."): no name is written so
_FIELD = re.compile(r"(?:item[0-9]+\.)?[A-Z][A-Z0-9-]+(?:;[^:]*)?:\S")


def _several(written: str) -> str:
    """Returns what in a name as written says it is several names ("a semicolon", "a slash", the word "et"), or "". One
    comma is a name: school software exports "Dupont, Léa" (last name, first name), which two children's names cannot
    be told from."""
    control = next((char for char in written if unicodedata.category(char) == "Cc"), None)
    if control == "\t":
        return "a tab"
    if control is not None:
        return f"a control character (U+{ord(control):04X})"
    if ";" in written:
        return "a semicolon"
    joined = next((_JOINS[char] for char in written if char in _JOINS), None)
    if joined:
        return joined
    # "und" too; not the Spanish "y" nor the Italian or Portuguese "e", which join one child's own names ("García y
    # López", "Maria e Silva"): "Emma y Ana" reads as one child, by choice.
    word = re.search(r"\s(et|and|und)\s", written, re.IGNORECASE)
    if word:
        return f"the word {quoted(word[1].lower())}"
    commas = written.count(",")
    if commas > 1:
        return f"{commas} commas (a name holds one at most: last name, first name)"
    return ""


# Signs that join two children's names in one cell ("Chloé / Denis"); a hyphen or an apostrophe is part of a name.
_JOINS = {"/": "a slash", "\\": "a backslash", "&": "an ampersand", "|": "a vertical bar", "+": "a plus sign"}


def group_sizes(count: int, players: int) -> list[int]:
    """Returns the sizes of the groups `count` children make, in order: groups of `players`, then the one or two
    groups the children left over make (see the module's docstring)."""
    if count < 2 or not 2 <= players <= MAX_PLAYERS:
        raise ValueError(f"{count} children cannot make groups of {players}")
    full, left = divmod(count, players)
    if left != 1:
        return [players] * full + ([left] if left else [])
    # One child left over: the last group takes them, or with groups of four, the last five play as 3 and 2.
    return [players] * (full - 1) + ([3, 2] if players == MAX_PLAYERS else [players + 1])


def form_groups(
    children: Sequence[T], players: int, teams: bool, shuffle: bool, seed: int
) -> tuple[tuple[T, ...], ...]:
    """Returns the groups `children` make: groups of `players` (4 with teams) in the list's order, or in an order
    shuffled by `seed` (the same seed, the same groups), the children left over placed as `group_sizes` says."""
    order = list(children)
    if shuffle:
        import random  # loaded only to shuffle: a kit without --shuffle does without it

        random.Random(seed).shuffle(order)
    groups = []
    start = 0
    for size in group_sizes(len(order), MAX_PLAYERS if teams else players):
        groups.append(tuple(order[start : start + size]))
        start += size
    return tuple(groups)
