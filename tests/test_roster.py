"""Tests reading class lists (every encoding and shape a teacher's file comes in) and forming groups from them."""

from __future__ import annotations

import itertools
import re

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from sos_print.engine.errors import ExampleFileError
from sos_print.engine.files import decode_spreadsheet
from sos_print.engine.roster import (
    _FIELD,
    FIRST_NAME_HEADINGS,
    HEADINGS_SAID,
    LAST_NAME_HEADINGS,
    NAME_HEADINGS,
    OTHER_HEADINGS,
    Child,
    _heading,
    _kind,
    _no_name,
    _several,
    _titled,
    _unmarked,
    clean_name,
    form_groups,
    group_sizes,
    parse_roster,
    read_roster,
)

CLASS = ["Léa", "Tom", "Zoé", "Maël", "Ana"]


def written(tmp_path, data: bytes, name: str = "class.csv") -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


# --- shapes and encodings ------------------------------------------------------------------


EXPORT = "Nom;Prénom;Date de naissance;Classe\r\nDupont;Léa;2016-03-01;CE2\r\nMartin;Tom;2016-05-12;CE2\r\n"
SHAPES = {
    "one name a line": ("Léa\nTom\nZoé\n", ["Léa", "Tom", "Zoé"]),
    "a heading over one column": ("Name\nLéa\nTom\n", ["Léa", "Tom"]),
    "a French school export": (EXPORT, ["Léa", "Tom"]),
    "first name after last name, commas": ("Last name,First name\nDupont,Léa\nMartin,Tom\n", ["Léa", "Tom"]),
    "a name column among others, tabs": ("Age\tStudent\tGroup\n8\tLéa Dupont\t1\n9\tTom\t2\n", ["Léa Dupont", "Tom"]),
    "no heading: the first column": ("Léa;8\nTom;9\n", ["Léa", "Tom"]),
    "headings in any case, accents and spaces": ("NOM ; PRENOM\nDupont ; Léa\nMartin ; Tom\n", ["Léa", "Tom"]),
    "élève": ("élève,âge\nLéa,8\nTom,9\n", ["Léa", "Tom"]),
    "quoted cells": ('"Name","Note"\n"Dupont, Léa","a, b"\n"Tom",""\n', ["Dupont, Léa", "Tom"]),
    "blank lines and rows of separators": ("\n\nLéa\n\n;;;\n   \nTom\n\n", ["Léa", "Tom"]),
    "spaces collapsed": ("  Léa   Marie \t\nTom\u00a0 Martin\n", ["Léa Marie", "Tom Martin"]),
    "a decomposed accent in NFC": ("Le\u0301a\nTom\n", ["Léa", "Tom"]),
    # A child whose first name was not typed is called by the last name, never left out.
    "an empty first name: the last name": ("Nom;Prénom\nDupont;Léa\nMartin;\nDurand;Tom\n", ["Léa", "Martin", "Tom"]),
    "duplicates kept": ("Léa\nTom\nLéa\n", ["Léa", "Tom", "Léa"]),
    "CR line ends": ("Léa\rTom\r", ["Léa", "Tom"]),
    # One comma is one name (school software exports "last name, first name"); more are refused (SEVERAL_NAMES).
    "a last name, a comma, a first name among names": ("Léa\nDupont, Zoé\nTom\n", ["Léa", "Dupont, Zoé", "Tom"]),
    "last name, comma, first name quoted on every line": (
        '"Dupont, Léa"\n"Martin, Tom"\n',
        ["Dupont, Léa", "Martin, Tom"],
    ),
    # Numbers beside the names (an age, a date) are no child: never refused, with a heading row or without.
    "no heading: a name, an age and a date": ("Léa;8;01/02/2016\nTom;9;03/04/2015\n", ["Léa", "Tom"]),
    "a number beyond the heading's last column": ("Prénom;Nom\nLéa;Dupont;8\nTom;Martin;9\n", ["Léa", "Tom"]),
    "markup as written": ("Léa\nNoé <b>\n", ["Léa", "Noé <b>"]),
    "a list whose one name holds a comma": (
        "Léa\nTom\nJohn Smith, Jr.\nZoé\n",
        ["Léa", "Tom", "John Smith, Jr.", "Zoé"],
    ),
    # A spreadsheet's column of names saved as CSV: Excel quotes a cell holding a comma or a quotation mark.
    "a quoted column": ('"Léa"\n"Tom"\n"Dupont, Zoé"\n"Ana"\n', ["Léa", "Tom", "Dupont, Zoé", "Ana"]),
    "a quoted column under its heading": ('"Prénom"\r\n"Léa"\r\n"Tom"\r\n', ["Léa", "Tom"]),
    "a quotation mark inside a quoted name": ('"Jean ""JJ"" Martin"\nTom\n', ['Jean "JJ" Martin', "Tom"]),
    "a quotation mark inside a name": ('Jean "JJ" Martin\nTom\n', ['Jean "JJ" Martin', "Tom"]),
    # Headings as schools' exports word them, and title lines above them: never printed as a child.
    "a title line above the heading": (
        "Classe de CM1 - année 2025\nNom;Prénom\nDupont;Léa\nMartin;Tom\n",
        ["Léa", "Tom"],
    ),
    "two title lines above the heading": (
        "École Ferry;;\nCM1;;\nNom;Prénom;Né(e) le\nDupont;Léa;1\nMartin;Tom;2\n",
        ["Léa", "Tom"],
    ),
    "a title line over one column": ("Classe de CM1\nPrénom\nLéa\nTom\n", ["Léa", "Tom"]),
    # Titles above a one-column heading: lines starting with a title's word, one line of several words, or several
    # set apart by an empty line (a school's export); a heading below names is refused (BELOW_NAMES).
    "a title, an empty line, the heading": ("Classe de CE2 - Mme Martin\n\nÉlève\nLéa\nTom\n", ["Léa", "Tom"]),
    "a title of several words": ("CE2 - Mme Martin\nÉlève\nLéa\nTom\n", ["Léa", "Tom"]),
    "a school and a class over one column": ("École Ferry\nCE2 Mme Martin\nÉlève\nLéa\nTom\n", ["Léa", "Tom"]),
    "titles parted from the heading": ("Mme Martin\nCE2 2025\n\nPrénom\nLéa\nTom\n", ["Léa", "Tom"]),
    # Line ends other than CR and LF (a page break, a vertical tab, NEL, U+2028, U+2029) part two children.
    "Unicode's other line ends": (
        "Léa\u2028Tom\x0bZoé\x0cAna\x85Max\u2029Sam\n",
        ["Léa", "Tom", "Zoé", "Ana", "Max", "Sam"],
    ),
    "pupil surname, pupil first name": ("Pupil surname,Pupil first name\nSmith,Ann\nJones,Bob\n", ["Ann", "Bob"]),
    "nom élève, prénom élève": (
        "Nom élève;Prénom élève;Date naissance\nDupont;Léa;01/02/2015\nMartin;Tom;03/04/2015\n",
        ["Léa", "Tom"],
    ),
    "prénom usuel": ("N°;Nom de famille;Prénom usuel\n1;Dupont;Léa\n2;Martin;Tom\n", ["Léa", "Tom"]),
    "prénom(s)": ("Nom;Prénom(s)\nDupont;Léa Marie\nMartin;Tom\n", ["Léa Marie", "Tom"]),
    "student ID is no column of names": ("Student ID,Student name\n12,Léa\n13,Tom\n", ["Léa", "Tom"]),
    "a name holding a heading's word and a number": ("Child 1\nChild 2\n", ["Child 1", "Child 2"]),
    "an empty first name, surname": ("Surname,First name,Class\nSmith,,2\nJones,Bob,2\n", ["Smith", "Bob"]),
    # A heading row again, a second class's title, titles with Excel's trailing separators, a list word heading one
    # column, a footer: never printed on a child's board.
    "the heading row repeated": ("Nom;Prénom\nDupont;Léa\nMartin;Tom\nNom;Prénom\nPetit;Zoé\n", ["Léa", "Tom", "Zoé"]),
    # Two exports pasted one under the other, their columns in another order: each part read by its own heading row
    # (issue 20, sweep 18, N8: the second part's last names were printed).
    "a heading row again, its columns swapped": (
        "Nom;Prénom\nDupont;Léa\nMartin;Tom\nPrénom;Nom\nZoé;Petit\nAna;Roux\n",
        ["Léa", "Tom", "Zoé", "Ana"],
    ),
    "a heading row again, with a class column first": (
        "Nom;Prénom;Classe\nDupont;Léa;CM1\nMartin;Tom;CM1\nClasse;Prénom;Nom\nCM2;Zoé;Petit\nCM2;Ana;Roux\n",
        ["Léa", "Tom", "Zoé", "Ana"],
    ),
    "two classes in one file": (
        "Classe CM1;\nNom;Prénom\nDupont;Léa\nMartin;Tom\nClasse CM2;\nNom;Prénom\nPetit;Zoé\nRoux;Ana\n",
        ["Léa", "Tom", "Zoé", "Ana"],
    ),
    "three title lines ending in ;;": (
        "École Jules Ferry;;\nClasse CM1;;\nAnnée 2025-2026;;\nNom;Prénom;Date de naissance\nDupont;Léa;01/02/2015\n"
        "Martin;Tom;03/04/2015\n",
        ["Léa", "Tom"],
    ),
    "a title row as wide as the heading": (
        "Classe: CM1;Enseignant: Mme X;2025\nNom;Prénom;Classe\nDupont;Léa;CM1\nMartin;Tom;CM1\n",
        ["Léa", "Tom"],
    ),
    "Élèves": ("Élèves\nLéa\nTom\n", ["Léa", "Tom"]),
    "Élèves;;": ("Élèves;;\nLéa;;\nTom;;\n", ["Léa", "Tom"]),
    "Students": ("Students\nAnn\nBob\n", ["Ann", "Bob"]),
    "Pupils": ("Pupils\nAnn\nBob\n", ["Ann", "Bob"]),
    "Class list": ("Class list\nAnn\nBob\n", ["Ann", "Bob"]),
    "Nom et prénom": ("Nom et prénom\nDupont Léa\nMartin Tom\n", ["Dupont Léa", "Martin Tom"]),
    # Merged over two columns, as spreadsheets export it: the first names are the second column (issue 20, sweep 18).
    "Nom et prénom; merged over two columns": ("Nom et prénom;\nDupont;Léa\nMartin;Tom\n", ["Léa", "Tom"]),
    "a merged heading row again": (
        "Nom et prénom;\nDupont;Léa\nMartin;Tom\nNom et prénom;\nPetit;Zoé\n",
        ["Léa", "Tom", "Zoé"],
    ),
    "Last name and first name, merged, tabs": ("Last name and first name\t\nSmith\tAmy\nJones\tBen\n", ["Amy", "Ben"]),
    "Liste des élèves": ("Liste des élèves\nLéa\nTom\n", ["Léa", "Tom"]),
    "a footer row": ("Nom;Prénom\nDupont;Léa\nMartin;Tom\n;Total : 2\n", ["Léa", "Tom"]),
    # A numbered list without a heading: the names, never the numbers; a placeholder is no name, as an empty cell.
    "numbered rows, semicolons": ("1;Léa\n2;Tom\n3;Sam\n", ["Léa", "Tom", "Sam"]),
    "numbered rows, tabs": ("1\tLéa\n2\tTom\n", ["Léa", "Tom"]),
    "placeholders for first names": ("Prénom;Nom\n-;Martin\n?;Durand\nLéa;Dupont\n", ["Martin", "Durand", "Léa"]),
    "a footer in the last-name column": ("Nom;Prénom\nDupont;Léa\nMartin;Tom\nTotal : 2 élèves;\n", ["Léa", "Tom"]),
    "a footer with its count in the names' column": ("Nom;Prénom\nDupont;Léa\nMartin;Tom\nTotal;2\n", ["Léa", "Tom"]),
    "a class's title among one name a line": ("Léa\nTom\nClasse CM2\nZoé\n", ["Léa", "Tom", "Zoé"]),
    # A row holding a name under the names' column is a child, whatever its other cells start with (issue 20, F1).
    "a last name starting with a title's word": ("Nom;Prénom\nList;Anna\nMartin;Léa\n", ["Anna", "Léa"]),
    "last names Teacher, Year, Class": (
        "Nom;Prénom\nTeacher;Sam\nYear;Tom\nClass;Amy\nMartin;Léa\n",
        ["Sam", "Tom", "Amy", "Léa"],
    ),
    "last names School and Total": ("Last name,First name\nSchool,Ann\nTotal,Ben\nMartin,Léa\n", ["Ann", "Ben", "Léa"]),
    "a last name Ecole on the last row": ("Nom;Prénom\nDupont;Léa\nEcole;Marie\n", ["Léa", "Marie"]),
    # A school's export whose first column is the group, class or year (issue 20, F2).
    "a group column first": (
        "Groupe;Nom;Prénom\nGroupe A;Dupont;Léa\nGroupe B;Martin;Tom\n",
        ["Léa", "Tom"],
    ),
    "a class column first": ("Class,First name,Last name\nClass 4B,Amy,Smith\nClass 4C,Ben,Jones\n", ["Amy", "Ben"]),
    "a year column first": ("Year,Name\nYear 4,Amy\nYear 5,Ben\n", ["Amy", "Ben"]),
    "class values, some with the word": ("Class,Name\n4B,Amy\nClass 4C,Cal\n4B,Eve\n", ["Amy", "Cal", "Eve"]),
    "a group's row between children": (
        "Groupe;Nom;Prénom\nGroupe A;;\nA;Dupont;Léa\nGroupe B;;\nB;Martin;Tom\n",
        ["Léa", "Tom"],
    ),
    "a last name alone beside a class": (
        "Class,First name,Last name\nClass 4C,,Brown\nClass 4C,Cal,Jones\n",
        ["Brown", "Cal"],
    ),
    # Headings of school exports, a count in brackets after a heading of several children (issue 20, F10).
    "Élèves (24)": ("Élèves (24)\nLéa Dupont\nTom Martin\n", ["Léa Dupont", "Tom Martin"]),
    "Students [30]": ("Students [30]\nAnn\nBob\n", ["Ann", "Bob"]),
    "Liste des élèves (2) :": ("Liste des élèves (2) :\nLéa\nTom\n", ["Léa", "Tom"]),
    "First": ("First\nLéa Dupont\nTom Martin\n", ["Léa Dupont", "Tom Martin"]),
    "Learner": ("Learner\nLéa Dupont\nTom Martin\n", ["Léa Dupont", "Tom Martin"]),
    "Learners, and a learner's ID": ("Learner ID,Learners\n1,Ann\n2,Bob\n", ["Ann", "Bob"]),
    "names with a number in brackets": ("Child (1)\nChild (2)\n", ["Child (1)", "Child (2)"]),
    # Titles, sections and footers with no digit or colon are passed over, every child read (issue 20, sweep 15 F11).
    "Classe de Mme Martin": ("Classe de Mme Martin\nLéa\nNoël\n", ["Léa", "Noël"]),
    "Classe des Lutins": ("Classe des Lutins\nLéa\nNoël\nZoé\n", ["Léa", "Noël", "Zoé"]),
    "Class of Mrs Smith": ("Class of Mrs Smith\nAmy\nBen\n", ["Amy", "Ben"]),
    "sections Groupe A;": ("Nom;Prénom\nGroupe A;\nDupont;Léa\nGroupe B;\nPetit;Zoé\n", ["Léa", "Zoé"]),
    "sections Groupe rouge;": ("Nom;Prénom\nGroupe rouge;\nDupont;Léa\nGroupe bleu;\nPetit;Zoé\n", ["Léa", "Zoé"]),
    "one-column sections Groupe A": ("Groupe A\nLéa\nNoël\nGroupe B\nZoé\n", ["Léa", "Noël", "Zoé"]),
    "a footer Total;2": ("Prénom;Nom\nLéa;Dupont\nNoël;Martin\nTotal;2\n", ["Léa", "Noël"]),
    "a footer Effectif;2": ("Prénom;Nom\nLéa;Dupont\nNoël;Martin\nEffectif;2\n", ["Léa", "Noël"]),
    # Other totals' words were seated as a child, "Somme" a partner in a group (sweep ad82, 3).
    "a footer Somme;2": ("Prénom;Nom\nLéa;Dupont\nNoël;Martin\nSomme;2\n", ["Léa", "Noël"]),
    "a footer Sum,2": ("First name,Last name\nLéa,Dupont\nNoël,Martin\nSum,2\n", ["Léa", "Noël"]),
    "a footer Totaux;2": ("Prénom;Nom\nLéa;Dupont\nNoël;Martin\nTotaux;2\n", ["Léa", "Noël"]),
    "a footer Nb;2": ("Prénom;Nom\nLéa;Dupont\nNoël;Martin\nNb;2\n", ["Léa", "Noël"]),
    # Titles and label;value lines above a heading row (issue 20, sweep 15 F12).
    "a title of as many cells as the heading": (
        "Mme Martin;CM2;2025-2026\nNom;Prénom;Classe\nDupont;Léa;CM2\nMartin;Noël;CM2\n",
        ["Léa", "Noël"],
    ),
    "an export's date and time": (
        "Export Pronote;03/09/2025;14:02\nNom;Prénom;Classe\nDupont;Léa;CM2\nMartin;Noël;CM2\n",
        ["Léa", "Noël"],
    ),
    "a class and year above two columns": ("CM2;2025-2026\nNom;Prénom\nDupont;Léa\nMartin;Noël\n", ["Léa", "Noël"]),
    "a college's title": (
        "Collège Jean Moulin;Année scolaire 2025-2026;6e B\nNom;Prénom;Classe\nDupont;Léa;6B\nMartin;Noël;6B\n",
        ["Léa", "Noël"],
    ),
    "a teacher's title, commas": (
        "Teacher: Mrs Smith,Room 4,2025\nLast name,First name,Class\nSmith,Amy,4B\nJones,Ben,4B\n",
        ["Amy", "Ben"],
    ),
    "École;Jules Ferry": ("École;Jules Ferry\nNom;Prénom;Classe\nDupont;Léa;CM2\nMartin;Noël;CM2\n", ["Léa", "Noël"]),
    "Enseignant;Mme Martin": (
        "Enseignant;Mme Martin\nNom;Prénom;Classe\nDupont;Léa;CM2\nMartin;Noël;CM2\n",
        ["Léa", "Noël"],
    ),
    "Teacher,Mrs Smith": (
        "Teacher,Mrs Smith\nLast name,First name,Class\nSmith,Amy,4B\nJones,Ben,4B\n",
        ["Amy", "Ben"],
    ),
    "Classe;CM2": ("Classe;CM2\nNom;Prénom;Né(e) le\nDupont;Léa;01/02/2016\nMartin;Noël;03/04/2016\n", ["Léa", "Noël"]),
    "Année scolaire;2025-2026": ("Année scolaire;2025-2026\nPrénom;Nom\nLéa;Dupont\nNoël;Martin\n", ["Léa", "Noël"]),
    "Date;03/09/2025": ("Date;03/09/2025\nPrénom;Nom\nLéa;Dupont\nNoël;Martin\n", ["Léa", "Noël"]),
    "Établissement;Collège Jean Moulin": (
        "Établissement;Collège Jean Moulin\nPrénom;Nom\nLéa;Dupont\nNoël;Martin\n",
        ["Léa", "Noël"],
    ),
    # A one-column list's first line that is its title (issue 20, sweep 15 F13).
    "a year above one name a line": ("2025-2026\nLéa\nNoël\nZoé\n", ["Léa", "Noël", "Zoé"]),
    "CM2 - Mme Martin": ("CM2 - Mme Martin\nLéa\nNoël\n", ["Léa", "Noël"]),
    "Mme Martin, CE1": ("Mme Martin, CE1\nLéa\nNoël\n", ["Léa", "Noël"]),
    "a title, an empty line, then names": ("Les Lutins\n\nLéa\nNoël\nZoé\n", ["Léa", "Noël", "Zoé"]),
    # Numbered or bulleted lists: the marks are no part of the names (issue 20, sweep 15 F19).
    "a first name and a digit first": ("Léa 2\nTom\nZoé\n", ["Léa 2", "Tom", "Zoé"]),
    "numbered with dots": ("1. Léa\n2. Noël\n3. Zoé\n", ["Léa", "Noël", "Zoé"]),
    "numbered with brackets": ("1) Léa\n2) Noël\n", ["Léa", "Noël"]),
    "dashes": ("- Léa\n- Noël\n", ["Léa", "Noël"]),
    "bullets": ("• Léa\n• Noël\n", ["Léa", "Noël"]),
    # Sweep 17 F6: every line indented with a tab, as pasted from Word or a web page.
    "indented with a tab": ("\tLéa\n\tNoël\n\tZoé\n", ["Léa", "Noël", "Zoé"]),
    "indented twice, with a heading": ("\t\tPrénom\n\t\tLéa\n\t\tNoël\n", ["Léa", "Noël"]),
    # Sweep 17 F4: marks the reader printed as part of the names.
    "numbered with a space": ("1 Léa\n2 Noël\n3 Zoé\n", ["Léa", "Noël", "Zoé"]),
    "numbered, no space": ("1.Léa\n2.Noël\n", ["Léa", "Noël"]),
    "numbered with a dash": ("1 - Léa\n2 - Noël\n", ["Léa", "Noël"]),
    "n° and a number": ("n°1 Léa\nn°2 Noël\n", ["Léa", "Noël"]),
    "lettered": ("a) Léa\nb) Noël\n", ["Léa", "Noël"]),
    "arrows and Word's o": ("→ Léa\no Noël\n", ["Léa", "Noël"]),
    # Sweep 18 N5: a list made for a game, headed by its players: the heading was seated as a child, with no note.
    "headed Players": ("Players\nAmy\nBen\n", ["Amy", "Ben"]),
    "headed Joueurs and a count": ("Joueurs (2)\nLéa\nNoël\n", ["Léa", "Noël"]),
    "headed Membres": ("Membres\nLéa\nNoël\n", ["Léa", "Noël"]),
    # Sweep 18 N18: more marks, each printed as part of every name.
    "numbers in brackets": ("(1) Léa\n[2] Noël\n", ["Léa", "Noël"]),
    "capital letters and brackets": ("A) Léa\nB) Noël\n", ["Léa", "Noël"]),
    "letters and dots": ("a. Léa\nb. Noël\n", ["Léa", "Noël"]),
    "1° and 1/": ("1° Léa\n2/ Noël\n", ["Léa", "Noël"]),
    "ticks and a bullet without a space": ("✓ Léa\n✔ Noël\n•Zoé\n", ["Léa", "Noël", "Zoé"]),
    "an initial first stays": ("V. Hugo\nA. Martin\n", ["V. Hugo", "A. Martin"]),
    # Names holding a hyphen, an apostrophe or the letters of a joining word stay one child (issue 20, F7).
    # The Spanish "y" and the Italian or Portuguese "e" join one child's own names: read as one, by choice (sweep 15).
    "y and e between names": (
        "Emma y Ana\nLuca e Sofia\nGarcía y López\n",
        ["Emma y Ana", "Luca e Sofia", "García y López"],
    ),
    # Saved as UTF-8, read back by a tool as Windows-1252 and saved again (issue 20, sweep 18, N6): read as typed.
    "accents saved twice": (
        "NÂ°;PrÃ©nom;Nom\n1;LÃ©a;Dupont\n2;ZoÃ©;Martin\n3;MaÃ«l;Petit\n4;FranÃ§ois;Roux\n5;Ã‰lodie;Moreau\n",
        ["Léa", "Zoé", "Maël", "François", "Élodie"],
    ),
    "Á and an apostrophe saved twice": ("Ã\x81lvaro\nNâ€™Golo\nTom\n", ["Álvaro", "N’Golo", "Tom"]),
    "a sign after Â is no accent saved twice": ("Â¡Hola\nTom\nJOÃO\n", ["Â¡Hola", "Tom", "JOÃO"]),
    "hyphens, apostrophes, and and et inside names": (
        "D'Artagnan\nJean-Luc\nMarie-Noëlle\nO’Brien\nAnand\nEtta Blanchet\nBertrand\n",
        ["D’Artagnan", "Jean-Luc", "Marie-Noëlle", "O’Brien", "Anand", "Etta Blanchet", "Bertrand"],
    ),
}


@pytest.mark.parametrize("shape", SHAPES)
def test_every_shape_of_class_list_gives_its_names(tmp_path, shape):
    text, names = SHAPES[shape]
    assert read_roster(written(tmp_path, text.encode("utf-8"))).names == tuple(names)


ENCODINGS = {
    "utf-8": lambda text: text.encode("utf-8"),
    "utf-8 with a BOM": lambda text: b"\xef\xbb\xbf" + text.encode("utf-8"),
    "utf-16 with a BOM": lambda text: text.encode("utf-16"),
    "utf-16-le without a BOM": lambda text: text.encode("utf-16-le"),
    "utf-16-be without a BOM": lambda text: text.encode("utf-16-be"),
    "utf-32 with a BOM": lambda text: text.encode("utf-32"),
    "utf-32-le without a BOM": lambda text: text.encode("utf-32-le"),
    "cp1252 (Excel's CSV in Western Europe)": lambda text: text.encode("cp1252"),
}


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_a_spreadsheet_export_reads_in_every_encoding(tmp_path, encoding):
    # A spreadsheet export as schools send it: a heading row, extra columns, accents, semicolons, CRLF.
    path = written(tmp_path, ENCODINGS[encoding](EXPORT + "Lefèvre;Maël;2016-07-30;CE2\r\n"))
    assert read_roster(path).names == ("Léa", "Tom", "Maël")


@pytest.mark.parametrize("separator", [",", ";", "\t"])
def test_each_separator_with_a_bom_and_extra_columns(tmp_path, separator):
    text = separator.join(["id", "First name", "Last name", "Class"]) + "\r\n"
    text += "".join(separator.join([str(k), name, "X", "CM1"]) + "\r\n" for k, name in enumerate(CLASS))
    path = written(tmp_path, b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert read_roster(path).names == tuple(CLASS)


def test_excels_separator_line_names_the_separator_and_is_no_child():
    roster = parse_roster("sep=;\nPrénom;Nom\nLéa;Martin\nTom;Dupont\n")
    assert [child.name for child in roster.children] == ["Léa", "Tom"]
    assert [child.name for child in parse_roster("SEP=,\nLéa, 8\nTom\n").children] == ["Léa", "Tom"]
    # as LibreOffice writes it back, with a tab, padded, or followed by the separators of empty cells
    for line in ['"sep=;"', "sep = ;", "sep=;;;", "sep=;;;;"]:
        assert [child.name for child in parse_roster(f"{line}\nNom;Prénom\nDupont;Léa\nMartin;Tom\n").children] == [
            "Léa",
            "Tom",
        ], line
    assert [child.name for child in parse_roster("sep=\t\nNom\tPrénom\nDupont\tLéa\nMartin\tTom\n").children] == [
        "Léa",
        "Tom",
    ]


# Lists saved in an encoding that is neither UTF-8 nor Windows-1252: read as Windows-1252, every byte decodes, into
# letters no child could read ("Àííà" for "Анна"). The line named is the first that shows it.
GARBLED = {
    "Cyrillic, Windows-1251": ("cp1251", ["Анна", "Иван", "Ольга"], 1),
    "Cyrillic, KOI8-R": ("koi8_r", ["Анна", "Иван", "Ольга"], 1),
    "Japanese, Shift-JIS": ("shift_jis", ["さくら", "たろう", "山田太郎"], 1),
    "Greek, Windows-1253": ("cp1253", ["Νίκος", "Ελένη"], 1),
    "Chinese, GBK": ("gbk", ["王伟", "李娜"], 1),
    "Korean, EUC-KR": ("euc_kr", ["김민준", "이서연"], 1),
    "Hebrew, Windows-1255": ("cp1255", ["דוד", "שרה"], 1),
    "Arabic, Windows-1256": ("cp1256", ["محمد", "فاطمة"], 1),
    "Polish, Windows-1250": ("cp1250", ["Zoë", "Józef", "Małgorzata"], 3),  # the first two read alike in both
    "a heading row, then Cyrillic": ("cp1251", ["Name", "Tom", "Ян"], 3),
    # Excel for Mac's "CSV" (Mac Roman): é, ë, î, à and É read as Ž, ‘, ”, ˆ and ƒ in Windows-1252.
    "French, Mac Roman, é": ("mac_roman", ["Léa", "René"], 1),
    "French, Mac Roman, ë": ("mac_roman", ["Tom", "Noël"], 2),
    "French, Mac Roman, î": ("mac_roman", ["Tom", "Benoît"], 2),
    "French, Mac Roman, à": ("mac_roman", ["Tom", "Lisa-Marià"], 2),
    "French, Mac Roman, É": ("mac_roman", ["Tom", "Élise"], 2),
    # Its ñ, ó and ú read as –, — and œ: "Nu–ez", "Ram—n", "Raœl" were printed on the children's pages (sweep ad80, 1).
    "Spanish, Mac Roman, ñ": ("mac_roman", ["Tom", "Nuñez"], 2),
    "Spanish, Mac Roman, ó": ("mac_roman", ["Tom", "Ramón"], 2),
    "Spanish, Mac Roman, ú": ("mac_roman", ["Tom", "Raúl"], 2),
    "Spanish, Mac Roman, ú before s": ("mac_roman", ["Tom", "Jesús"], 2),
}


@pytest.mark.parametrize(("codec", "names", "line"), GARBLED.values(), ids=GARBLED)
def test_a_list_in_another_encoding_than_utf_8_or_windows_1252_is_refused_naming_its_line(tmp_path, codec, names, line):
    path = written(tmp_path, "\r\n".join(names).encode(codec))
    with pytest.raises(ExampleFileError) as caught:
        read_roster(path)
    assert str(caught.value) == (
        f"{path}: line {line}: the text is not UTF-8, and read as Excel's Western European encoding (Windows-1252) "
        "it looks like another encoding's: save the file as UTF-8 (in Excel: CSV UTF-8)"
    )


@pytest.mark.parametrize(
    ("data", "line"),
    [
        (b"L\xc3\xa9a\nTom\nZo\xc3\xa9\nHugo\nJos\xe9\nAnna\n", 5),  # UTF-8, then one Latin-1 letter
        (b"\xef\xbb\xbfTom\r\nZo\xc3\xa9\r\n\r\nJos\xe9\r\n", 4),  # with a mark, CRLF and an empty line
        (b"Tom\rZo\xc3\xa9\rJos\xe9\r", 3),  # old Mac line ends
        # Windows-1252 first, UTF-8 after: read whole as Windows-1252, Zoé was "ZoÃ©" (sweep ad79, 3)
        (b"Tom\nJos\xe9\nZo\xc3\xa9\n", 2),
    ],
    ids=["LF", "mark, CRLF", "CR", "UTF-8 after"],
)
def test_a_list_typed_partly_in_another_encoding_is_refused_at_the_line_of_its_first_wrong_letter(tmp_path, data, line):
    # Read as Windows-1252, "Léa" on line 1 was blamed, where "José" on line 5 was the letter to type again (ad76, 1).
    path = written(tmp_path, data)
    with pytest.raises(ExampleFileError) as caught:
        read_roster(path)
    before = "later lines are" if data.startswith(b"Tom\nJos") else "the lines before it are"
    assert str(caught.value) == (
        f"{path}: line {line}: a letter is not UTF-8, though {before}: the file mixes two encodings; "
        "type that letter again and save the file as UTF-8 (in Excel: CSV UTF-8)"
    )


# Windows-1252 as Excel saves a Western European class: accents, ligatures, the typographic apostrophe, an Icelandic
# or Scandinavian name, a middle dot, and a school's other columns ("N°", dates, « notes »).
WESTERN = [
    "Léa",
    "Chloé",
    "François",
    "Anaïs",
    "Maëlys",
    "Thérèse",
    "Benoît",
    "Œdipe",
    "Cœur",
    "Ève",
    "ÉLOÏSE",
    "Éléa",
    "N’Golo",
    "Søren",
    "Ødegaard",
    "Jürgen",
    "Weiß",
    "Þór",
    "Guðrún",
    "Ñuño",
    "Zoë",
    "Anne–Marie",
    "Paul·e",
]


def test_a_windows_1252_list_of_western_names_reads_with_every_accent():
    text = "N°;Prénom;Né(e) le;Remarque\r\n" + "".join(
        f"{k};{name};2016-03-0{k % 9 + 1};« {'très' if k % 2 else 'Nº 2'} »\r\n" for k, name in enumerate(WESTERN)
    )
    roster = parse_roster(decode_spreadsheet(text.encode("cp1252"), "class.csv", ""), "class.csv")
    assert roster.names == tuple(WESTERN)


# Valid Windows-1252 that reads like Mac Roman to a careless guess: the typographic apostrophe between lower-case
# letters (Mac Roman's í), the euro sign after a word (Mac Roman's Ä), in the names and in ignored columns.
APOSTROPHES = {
    "an apostrophe in a note": (
        "Nom;Prénom;Observations\nMartin;Léa;absente aujourd’hui\nDurand;Tom;\n",
        ["Léa", "Tom"],
    ),
    "an apostrophe in a name": ("Ma’ilei\nTom\nZoé\n", ["Ma’ilei", "Tom", "Zoé"]),
    "a euro sign": ("Prénom;Cantine\nLéa;12€\nTom€\n", ["Léa", "Tom€"]),
}


@pytest.mark.parametrize(("text", "names"), APOSTROPHES.values(), ids=APOSTROPHES)
def test_windows_1252_apostrophes_and_euro_signs_are_no_sign_of_another_encoding(tmp_path, text, names):
    assert read_roster(written(tmp_path, text.encode("cp1252"))).names == tuple(names)


@pytest.mark.parametrize(
    ("data", "lines"),
    [
        ("María\nMartín\nTom\n".encode("mac_roman"), (1, 2)),  # read as "Mar’a", "Mart’n": the teacher is told
        ("Ma’ilei\nTom\nZoé\n".encode("cp1252"), (1,)),  # an apostrophe may stand so too: told, not refused
        ("Ma’ilei\nTom\nZoé\n".encode(), ()),  # in UTF-8 it can only be an apostrophe
        ("O’Neil\nd’Arc\nTom\n".encode("cp1252"), ()),  # before a capital, an apostrophe
        ("Ma'ilei\nl'Arc\nTom\n".encode("cp1252"), ()),  # typed straight: printed curled, no sign of Mac Roman
    ],
)
def test_a_windows_1252_list_with_an_apostrophe_inside_a_name_gives_its_lines(tmp_path, data, lines):
    # Mac Roman's í reads as ’: "María" and "Martín" were printed "Mar’a" and "Mart’n" without a word (sweep ad80, 1).
    assert read_roster(written(tmp_path, data)).apostrophes == lines


# A heading word below lines of names would make them a title: refused, naming the line, never a name dropped.
BELOW_NAMES = [
    ("Léa\nTom\nZoé\nEnfant\nInès\nJules\n", "line 4: 'Enfant' is a column heading below 3 lines read as names"),
    ("Léa\nTom\nStudent\nZoé\n", "line 3: 'Student' is a column heading below 2 lines read as names"),
    ("Léa\n\nÉlève\nTom\nZoé\n", "line 3: 'Élève' is a column heading below 1 line read as a name"),
    ("Léa Martin\nTom Durand\nPrénom\nZoé\nAna\n", "line 3: 'Prénom' is a column heading below 2 lines read as names"),
    ("Classe CE2\nLéa\nÉlèves\nZoé\nAna\n", "line 3: 'Élèves' is a column heading below 2 lines read as names"),
]


@pytest.mark.parametrize(("text", "message"), BELOW_NAMES)
def test_a_heading_below_names_in_a_one_column_list_is_refused_naming_its_line(tmp_path, text, message):
    path = written(tmp_path, text.encode("utf-8"))
    with pytest.raises(ExampleFileError) as caught:
        read_roster(path)
    assert str(caught.value) == f"{path}: {message}: put the heading on the first line, or remove it"


FIRST = "class, school, year, list, group, teacher, total, classe, école, liste..."
TITLE_OR_NAME = {
    "a full name starting with List": ("Name\nAnna List\nList Anna\nBob\n", 3),
    "a full name starting with Teacher": ("Name\nAnna\nBob\nTeacher Sam\n", 4),
    "one name a line": ("Léa\nNoël\nListe Anna\nZoé\n", 3),
    "a word of a title alone": ("Name,Group\nAmy,1\nBen,1\nList,2\nDan,2\n", 4),
    "a total without its count": ("Prénom\nAmy\nBen\nTotal\n", 4),
    "a last name alone": ("Nom;Prénom\nDupont;Léa\nClasse;\nMartin;Tom\n", 3),
    "a surname starting a full name": ("Nom\nClasse Marie\nDupont Léa\nMartin Noël\n", 2),
}


@pytest.mark.parametrize(("text", "line"), TITLE_OR_NAME.values(), ids=TITLE_OR_NAME)
def test_a_name_that_may_be_a_title_is_refused_naming_its_line_never_passed_over(tmp_path, text, line):
    # A row holding a name is never passed over as a title (issue 20, F1); a name starting with a title's word and
    # holding no digit or colon ("Classe CM2", "Total : 3") may be either, and is refused.
    path = written(tmp_path, text.encode())
    with pytest.raises(ExampleFileError) as caught:
        read_roster(path)
    assert str(caught.value) == (
        f"{path}: line {line}: a name starts with a title's word ({FIRST}), so it may be a title: remove the line if "
        "it is one, or write the child's first name first"
    )
    assert not any(name in str(caught.value) for name in ("Anna", "Sam", "List", "Dan", "Total", "Classe"))


# Above a heading row of several columns, a row of several cells with words under the names' column that are no
# title's may be a child (a sheet sorted with its heading row): refused, never passed over as a title (issue 20, F1).
CHILD_ABOVE = {
    "a last and a first name": ("Dupont;Léa\nNom;Prénom;Classe\nMartin;Tom;CM1\nPetit;Zoé;CM1\n", 1, "Prénom"),
    "a group, a last and a first name": (
        "Groupe A;Dupont;Léa\nGroupe;Nom;Prénom;Age\nGroupe A;Martin;Tom;8\nGroupe B;Petit;Zoé;9\n",
        1,
        "Prénom",
    ),
    "below a title": ("Class 4B,,\nSmith,Amy\nLast name,First name,Age\nJones,Ben,8\nBrown,Cal,9\n", 2, "First name"),
    "a child's row of as many cells": (
        "Dupont;Léa;CM2\nNom;Prénom;Classe\nMartin;Noël;CM2\nPetit;Zoé;CM2\n",
        1,
        "Prénom",
    ),
}


@pytest.mark.parametrize(("text", "line", "heading"), CHILD_ABOVE.values(), ids=CHILD_ABOVE)
def test_a_row_above_the_heading_holding_a_name_is_refused_naming_its_line(tmp_path, text, line, heading):
    path = written(tmp_path, text.encode())
    with pytest.raises(ExampleFileError) as caught:
        read_roster(path)
    assert str(caught.value) == (
        f"{path}: line {line} is above the heading row and holds words under its {heading} column: put the heading "
        "row first, or remove the line if it is a title"
    )
    assert not any(name in str(caught.value) for name in ("Léa", "Dupont", "Amy", "Smith"))


# Each line is a child, a title passed over, or a child that may be a title (noted): a line is passed over only when
# no child's name can be it, and one a name can be is seated, noted when it stands out of the lines around it as a
# title does (issue 20, sweep 16 F1 F2).
SEATED_OR_PASSED = {
    "a class tag after a first name": ("Zoé (CM2)\nLéa\nNoël\nHugo\n", ["Zoé (CM2)", "Léa", "Noël", "Hugo"], [], [1]),
    "a level after a first name": ("Léa CE2\nNoël\nZoé\n", ["Léa CE2", "Noël", "Zoé"], [], [1]),
    "two first names, an empty line": ("Jean Paul\n\nLéa\nNoël\n", ["Jean Paul", "Léa", "Noël"], [], [1]),
    "levels on every line": ("Léa CE2\nNoël CE2\nZoé CE1\n", ["Léa CE2", "Noël CE2", "Zoé CE1"], [], []),
    "numbered names": ("Élève1\nÉlève2\nÉlève3\n", ["Élève1", "Élève2", "Élève3"], [], []),
    "apostrophes, hyphens, one word": (
        "N'Diaye\nO'Brien\nAnne Marie\nJean-Paul\nLéa\nRose\nBlanche Martin\nLes\n",
        ["N’Diaye", "O’Brien", "Anne Marie", "Jean-Paul", "Léa", "Rose", "Blanche Martin", "Les"],
        [],
        [],
    ),
    "a surname that is a first name too": (
        "Léa Martin\nJimmy Page\nNoël Petit\n",
        ["Léa Martin", "Jimmy Page", "Noël Petit"],
        [],
        [],
    ),
    # Sweep 17 F2: first names a title's words were taken for (an article, a civility, a colour, a page).
    "Les Paul, Thế Anh, The Kian": (
        "Léa\nLes Paul\nThế Anh Nguyễn\nThe Kian Seng\nNoël\n",
        ["Léa", "Les Paul", "Thế Anh Nguyễn", "The Kian Seng", "Noël"],
        [],
        [],
    ),
    "initials in capitals": (
        "Léa MS\nNoël DB\nZoé MR\nHugo LM\n",
        ["Léa MS", "Noël DB", "Zoé MR", "Hugo LM"],
        [],
        [1, 3],
    ),
    "initials first": ("L. Martin\nM. Dupont\nA. Petit\n", ["L. Martin", "M. Dupont", "A. Petit"], [], []),
    "a surname Miss": ("Amy\nBen Miss\nCal\n", ["Amy", "Ben Miss", "Cal"], [], [2]),
    "colours as names, numbered": ("Léa\nRose 1\nRose 2\nNoël\n", ["Léa", "Rose 1", "Rose 2", "Noël"], [], []),
    "a colour with a class tag": ("Léa CE2\nRose CE2\nNoël CE2\n", ["Léa CE2", "Rose CE2", "Noël CE2"], [], []),
    "two letters and a digit": ("Léa\nJo1\nJo2\nMỹ 2\nNoël\n", ["Léa", "Jo1", "Jo2", "Mỹ 2", "Noël"], [], []),
    "Page alone": ("Léa\nPage\nNoël\nZoé\n", ["Léa", "Page", "Noël", "Zoé"], [], []),
    "a page's footer": ("Léa\nNoël\nZoé\nPage 1 sur 1\n", ["Léa", "Noël", "Zoé"], [4], []),
    "a team's colour": (
        "Équipe bleue\nLéa\nNoël\nÉquipe verte\nZoé\nHugo\n",
        ["Léa", "Noël", "Zoé", "Hugo"],
        [1, 4],
        [],
    ),
    "a group's name": ("Les Dauphins\nLéa\nNoël\n", ["Léa", "Noël"], [1], []),
    # Sweep 17 F3: titles no word list knows, seated, and noted now.
    "one word set apart": ("Papillons\n\nLéa\nNoël\nZoé\n", ["Papillons", "Léa", "Noël", "Zoé"], [], [1]),
    "a register's sections and footer": (
        "Cantine\nLéa\nNoël\nAbsents\nZoé\nGarderie\nHugo\nSignature du directeur\n",
        ["Léa", "Noël", "Zoé", "Hugo"],
        [1, 4, 6, 8],
        [],
    ),
    "Reception, Morning and Afternoon": (
        "Reception\nMorning\nAmy\nBen\nAfternoon\nCal\n",
        ["Amy", "Ben", "Cal"],
        [1, 2, 5],
        [],
    ),
    "Absent today": ("Name\nAmy\nBen\nAbsent today\nCal\n", ["Amy", "Ben", "Cal"], [4], []),
    "a level in capitals": ("CP\nLéa\nNoël\nZoé\n", ["CP", "Léa", "Noël", "Zoé"], [], [1]),
    "initials in capitals last": ("Léa\nNoël\nZoé\nMD\n", ["Léa", "Noël", "Zoé", "MD"], [], [4]),
    "a title, sections and a footer": (
        "Mrs Smith's class\nTeam A\nAmy\nBen\nTeam B\nCal\nDan\n4 students\n",
        ["Amy", "Ben", "Cal", "Dan"],
        [1, 2, 5, 8],
        [],
    ),
    # First names that are words too are children (issue 20, sweep 18): Mardi and Sunday were passed over as days; a
    # day alone among names is noted, as a section's title may be one; beside a number or a title's word it is one.
    "first names that are words too": (
        "Mardi\nSunday\nSummer\nWinter\nApril\nJune\nNoël\nPascal\n",
        ["Mardi", "Sunday", "Summer", "Winter", "April", "June", "Noël", "Pascal"],
        [],
        [],
    ),
    "a day's name among names": ("Léa\nMardi\nTom\nSunday\n", ["Léa", "Mardi", "Tom", "Sunday"], [], [2, 4]),
    "days as sections": ("Lundi matin\nLéa\nTom\nMardi 3\nZoé\n", ["Léa", "Tom", "Zoé"], [1, 4], []),
    # A school's name above the names, or between two classes (issue 20, sweep 18): the list was refused.
    "École Jules Ferry": ("École Jules Ferry\nLéa\nNoël\nZoé\n", ["Léa", "Noël", "Zoé"], [1], []),
    "École élémentaire Jules Ferry": ("École élémentaire Jules Ferry\nLéa\nNoël\n", ["Léa", "Noël"], [1], []),
    "Ecole Jules Ferry, no accent": ("Ecole Jules Ferry\nLéa\nNoël\n", ["Léa", "Noël"], [1], []),
    "School: Jules Ferry": ("School: Jules Ferry\nAmy\nBen\n", ["Amy", "Ben"], [1], []),
    "École Ferry first": ("École Ferry\nLéa\nNoël\n", ["Léa", "Noël"], [1], []),
    "Collège Jean Moulin": ("Collège Jean Moulin\nLéa\nNoël\n", ["Léa", "Noël"], [1], []),
    "Groupe scolaire Jean Jaurès": ("Groupe scolaire Jean Jaurès\nLéa\nNoël\n", ["Léa", "Noël"], [1], []),
    "a second school between two classes": (
        "École Jules Ferry\nLéa\nNoël\nÉcole Jean Moulin\nZoé\n",
        ["Léa", "Noël", "Zoé"],
        [1, 4],
        [],
    ),
    "Grade 4 and an empty line": ("Grade 4\n\nAmy\nBen\n", ["Amy", "Ben"], [1], []),
    "CM2 - Mme Martin": ("CM2 - Mme Martin\nLéa\nNoël\n", ["Léa", "Noël"], [1], []),
}


# Sweep 17 F1: under a heading row, a first name beside its surname is a child whatever the word ("Page"); a cell
# alone in a row under the names' columns may be a section ("CM1;").
HEADED = {
    "Page beside its surname": ("Nom;Prénom;Date de naissance\nDupont;Page;12/03/2016\nMartin;Léa;01/02/2016\n", 2, []),
    "Les Paul beside his": ("Prénom;Nom\nLes Paul;Smith\nLéa;Petit\n", 2, []),
    # Sweep 17 F7: a title's word beside a civility ("Teacher,Ms Green") is no child, and was refused as one.
    "a teacher's row": ("First name,Last name\nAmy,Jones\nBen,Brown\nTeacher,Ms Green\n", 2, [4]),
    "a section's cell alone": ("Nom;Prénom\nCM1;\nDupont;Léa\nMartin;Noël\n", 2, [2]),
}


@pytest.mark.parametrize(("text", "seated", "passed"), HEADED.values(), ids=HEADED)
def test_under_a_heading_row_a_name_beside_a_surname_is_a_child(text, seated, passed):
    roster = parse_roster(text)
    assert (len(roster.names), list(roster.passed)) == (seated, passed)


@pytest.mark.parametrize(("text", "names", "passed", "doubtful"), SEATED_OR_PASSED.values(), ids=SEATED_OR_PASSED)
def test_a_line_is_passed_over_only_when_no_name_can_be_it_and_seated_and_noted_when_it_may_be_a_title(
    text, names, passed, doubtful
):
    roster = parse_roster(text)
    assert (list(roster.names), list(roster.passed), list(roster.doubtful)) == (names, passed, doubtful)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ('Name,Note\nAnna,"allergic\nto nuts"\nBen,\nChloe,\n', ["Anna", "Ben", "Chloe"]),
        ('"First\nname",Group\nAnna,1\nBen,1\nChloe,2\n', ["Anna", "Ben", "Chloe"]),
        ('Name;Address\nAnna;"1 Main St\r\n\r\nLeeds"\nBen;"2 High St\nYork"\nChloe;\n', ["Anna", "Ben", "Chloe"]),
        # It was "a quotation mark opens a cell and is never closed": a cell was looked for on 8 lines only
        (
            'Name,Note\nAnna,"' + "\n".join(f"note {k}" for k in range(1, 11)) + '"\nBen,\nChloe,\n',
            ["Anna", "Ben", "Chloe"],
        ),
    ],
    ids=["a note", "a heading", "addresses", "a note of ten lines"],
)
def test_a_cell_typed_on_several_lines_beside_the_names_is_read(text, names):
    # A note's cell on two lines refused the whole list: "a cell holds a line break: write the name on one line"
    # (ad84, 4). Only a name on two lines is refused (one child's, or two children's?).
    roster = parse_roster(text)
    assert [child.name for child in roster.children] == names
    assert [child.line for child in roster.children][-1] == text.replace("\r\n", "\n").count("\n")


# A cell typed on two lines (Excel's Alt+Enter) and a heading row below too many titles are said as they are, not as a
# quotation mark never closed or a heading row missing (issue 20, sweep 16 F4).
MISREAD = {
    "a line break in a quoted cell": (
        'Nom;Prénom\nDupont;"Léa\nMarie"\nMartin;Noël\n',
        "line 2: a name holds a line break: write the name on one line",
    ),
    "a line break in a quoted cell, CRLF": (
        'Nom;Prénom\r\nDupont;"Léa\r\nMarie"\r\nMartin;Noël\r\n',
        "line 2: a name holds a line break: write the name on one line",
    ),
    "a line break in a one-column list": (
        '"Léa\nMarie"\nNoël\nZoé\n',
        "line 1: a name holds a line break: write the name on one line",
    ),
    # A row's cell holding another line end (FileMaker's vertical tab, U+2028): parted there, "Tom" was a child of
    # its own, with a note about his missing first name (sweep ad89, 6).
    **{
        f"a cell holding U+{ord(end):04X}": (
            f"Nom;Prénom\nMartin;Léa{end}Tom\nDupont;Noël\n",
            "line 2: a name holds a line break: write the name on one line",
        )
        for end in "\x0b\x0c\x85\u2028\u2029"
    },
    "a quotation mark never closed": (
        'Nom;Prénom\nDupont;"Léa\nMartin;Noël\n',
        "line 2: a quotation mark opens a cell and is never closed: remove it, or close it in the same row",
    ),
    "five title lines": (
        "A\nB;c\nDate;x\nMme X;y\nCM2;z\nNom;Prénom\nDupont;Léa\nMartin;Noël\n",
        "its heading row (line 6) comes after 5 title lines: keep at most 4 above it",
    ),
}


@pytest.mark.parametrize(("text", "message"), MISREAD.values(), ids=MISREAD)
def test_a_cell_on_two_lines_and_a_heading_below_five_titles_are_said_as_they_are(tmp_path, text, message):
    path = written(tmp_path, text.encode())
    with pytest.raises(ExampleFileError) as caught:
        read_roster(path)
    assert str(caught.value) == f"{path}: {message}"


def test_a_name_of_only_invisible_characters_is_no_name():
    assert [child.name for child in parse_roster("Léa\n\u200b\n\ufeff\u200b\nTom\n").children] == ["Léa", "Tom"]


def test_children_remember_their_lines():
    roster = parse_roster("Prénom\n\nLéa\n\nTom\n")
    assert roster.children == (Child("Léa", 3), Child("Tom", 5))


def test_a_child_without_a_first_name_is_called_by_the_other_name_column_and_the_lines_are_kept():
    roster = parse_roster("Nom;Prénom\nDupont;\nMartin;Tom\nDurand;\n")
    assert roster.children == (Child("Dupont", 2), Child("Tom", 3), Child("Durand", 4))
    assert roster.borrowed == (2, 4) and roster.borrowed_from == "Nom"
    assert parse_roster("Nom;Prénom\nDupont;Léa\nMartin;Tom\n").borrowed == ()
    roster = parse_roster("Prénom;Nom;Nom de famille\n;;Dupont\nTom;Martin;Martin\n")  # the column that had it
    assert roster.names == ("Dupont", "Tom") and roster.borrowed_from == "Nom de famille"


def test_repeated_names_are_found_whatever_their_case():
    roster = parse_roster("Léa\nTom\nléa\nZoé\nTom\nTom\n")
    assert roster.repeated() == ((1, 3), (2, 5, 6))
    assert parse_roster("Léa\nTom\n").repeated() == ()
    # Marks that print nothing were kept in the name, which then repeated another with no note (issue 20, sweep 18,
    # N16): a zero-width space, a soft hyphen, a left-to-right mark, a word joiner, a byte order mark.
    roster = parse_roster("Léa\nLé\u200ba\nJean\u00adPierre\nJeanPierre\nTom\u200e\nTom\nZo\u2060é\nZo\ufeffé\n")
    assert roster.names == ("Léa", "Léa", "JeanPierre", "JeanPierre", "Tom", "Tom", "Zoé", "Zoé")
    assert roster.repeated() == ((1, 2), (3, 4), (5, 6), (7, 8))
    assert parse_roster("Mehr\u200cdad\nTom\n").names == ("Mehr\u200cdad", "Tom")  # a Persian name's non-joiner stays
    # Nor the controls of direction: an override set its one name off the centre of the form's box (sweep ad100, 3).
    assert parse_roster("\u202eLéa\u202c\nT\u2067om\u2069\n").names == ("Léa", "Tom")


BAD = [
    (b"", "holds no name: write one child's name a line"),
    (b"\n \n;;\n", "holds no name: write one child's name a line"),
    # Lines of zero-width spaces alone were a heading: "holds no name under its heading row" (sweep ad89, 10).
    ("\u200b\n\u200b\n\ufeff\u00ad\n".encode(), "holds no name: write one child's name a line"),
    (b"Name\n", "holds no name under its heading row: write one child's name a row"),
    (b"Tom\n", "holds one name, on line 1: a class list holds two names at least"),
    # The file shows two names: the message says which line was passed over (issue 20, sweep 18, N7).
    (
        b"Tom\nGrade 4\n",
        "holds one name, on line 1 (line 2 was read as a title): a class list holds two names at least",
    ),
    (
        b"Classe de CM1\nTom\nTotal : 1\n",
        "holds one name, on line 2 (lines 1 and 3 were read as titles): a class list holds two names at least",
    ),
    # A "?" or "-" typed for a child whose name is not known was passed over in silence (issue 20, sweep 18, N13).
    (b"L\xc3\xa9a\n?\nTom\n-\nZo\xc3\xa9\n", "line 2 holds a mark but no name: write the child's name, or remove it"),
    (b"Nom;Pr\xc3\xa9nom\nDupont;L\xc3\xa9a\n?;?\nMartin;Tom\n", "line 3 holds a mark but no name: write the child's"),
    # So was "..." (or "…"): two sheets for three lines (sweep ad49, F5).
    (b"L\xc3\xa9a\n...\nTom\n", "line 2 holds a mark but no name: write the child's name, or remove it"),
    ("Léa\nTom\n…\n".encode(), "line 3 holds a mark but no name: write the child's name, or remove it"),
    # So was any line of marks with no letter or digit (sweep ad50, F4).
    *(
        (f"Léa\n{mark}\nTom\n".encode(), "line 2 holds a mark but no name: write the child's name, or remove it")
        for mark in (".", "\u2022", "\u00b7", "***", "()", "_", "#", "/", "!!")
    ),
    ("Prénom,Nom\nLéa,Martin\n.,.\nTom,Durand\n".encode(), "line 3 holds a mark but no name: write the child's"),
    (b"Tom\n" + b"Page 1\n" * 4, "holds one name, on line 1 (4 of its lines were read as titles): a class list"),
    (b"Nom;Prenom\nDupont;Tom\n", "holds one name, on line 2: a class list holds two names at least"),
    (  # names written across one line: the message says so, never only "one name"
        "Alice,Bruno,Chloé,Denis\n".encode(),
        "holds one name, on line 1, which holds 3 more cells: write one child's name a line",
    ),
    (
        b"Alice\tBruno\tLea\n",
        "holds one name, on line 1, which holds 2 more cells: write one child's name a line",
    ),
    ("".join(f"Child {k}\n" for k in range(201)).encode(), "holds more than 200 names; a class list holds at most 200"),
    # A megabyte of names, or of title lines, took minutes to read (issue 20, sweep 18, N11): its lines are counted.
    (b"L\xc3\xa9a\n" * 200_000, "holds more than 1,000 lines; a class list holds at most 200 names: split it"),
    (b"Tom\nSam\n" + b"Page 1\n" * 999, "holds more than 1,000 lines; a class list holds at most 200 names: split it"),
    (b"Tom\n" + b"A" * 41 + b"\n", "line 2: a name of 41 characters; a name holds at most 40"),
    (b"Last name;Class\nDupont;CE2\nMartin;CE2\n", "its heading row names no column of names"),
    (b"PK\x03\x04\x14\x00\x06\x00", "is not text (a spreadsheet's own file?): save it as CSV"),
    (b"Tom\nL\x81a\n", "line 2: a name holds a character that could not be read"),
    # A first line longer than Python's CSV reader takes (128 KiB) is a name too long, not a crash.
    (b"A" * 900_000 + b"\nTom\n", "line 1: a name of 900000 characters; a name holds at most 40"),
    (b"sep=;\n", "holds no name: write one child's name a line"),
    (b"1;L\xc3\xa9a;CM1\n2;;CM1\n3;Tom;CM1\n", "line 2: no name in column 2, the names' one, though the row holds"),
    (b"Classe CM1;;\nAnn\xc3\xa9e 2025;;\n", "holds title lines but no child's name: write one child's name a line"),
    (b"Classe CM1\nAnn\xc3\xa9e 2025\n", "holds title lines but no child's name: write one child's name a line"),
    (b"Nom;Classe\n" + b"A" * 200_000 + b";CE2\nTom;CE2\n", "line 2: a name of 200000 characters"),
    (b'Tom\n"L\xc3\xa9a\nZo\xc3\xa9\n', "line 2: a quotation mark opens a cell and is never closed"),
    (b"%PDF-1.4\n%\xe2\xe3\n1 0 obj << /T (Tom) >>\n", "is a PDF file, not a table or text: save it as CSV"),
    (b'Nom;Pr\xc3\xa9nom\nDupont;"L\xc3\xa9a\nMartin;Tom\n', "line 2: a quotation mark opens a cell"),
    # A row holding text but no name is never left out in silence.
    (b"L\xc3\xa9a;CM1\n;CM1\nTom;CM1\nSam;CM1\n", "line 2: no name in the first column, though the row holds other"),
    (b"Pr\xc3\xa9nom;Classe\nL\xc3\xa9a;CM1\n;CM1\nTom;CM1\n", "line 3: no name in its Prénom column, though the row"),
    (b"Pr\xc3\xa9nom;Date\nL\xc3\xa9a;01/02/2015\n;12/03/2015\nTom;03/04/2015\n", "line 3: no name in its Prénom"),
    (b"Pr\xc3\xa9nom;\xc3\x82ge;Num\xc3\xa9ro\nL\xc3\xa9a;9;1001\n;10;1002\nTom;9;1003\n", "line 3: no name in its"),
    # A heading row again naming last names alone: its part has no column of names (issue 20, sweep 18, N8).
    (
        "Nom;Prénom\nDupont;Léa\nMartin;Tom\nNom de famille;Classe\nPetit;CM2\n".encode(),
        "line 4 is a heading row again, naming no column of first names or names: head the names' column with one of",
    ),
    # Accents saved twice on some lines only: no reading is right for every line (issue 20, sweep 18, N6).
    (
        "Tom\nLÃ©a\nZoé\n".encode(),
        "line 2: its accents look saved twice (é shows as Ã©, UTF-8 read as Windows-1252), and other lines' do not",
    ),
    # A list saved with its formulas printed "=SUM(A1:A3)" as a child's name (sweep ad67, 3).
    (b"Name\nAnna\n=SUM(A1:A3)\nCara\n", "line 3: a name holds a spreadsheet formula: save the list with its values"),
    (b"Anna\n= Ben\nCara\n", "line 2: a name holds a spreadsheet formula: save the list with its values"),
    # Formulas that read as titles were passed over, their child left out with a note calling them one (sweep ad81, 3).
    (b'Name\n=HYPERLINK("http://x";"Anna")\nBen\nCara\n', "line 2: a name holds a spreadsheet formula: save the"),
    (b"Name\nAnna\n=A1\nCara\n", "line 3: a name holds a spreadsheet formula: save the list with its values"),
    (b'Name\nAnna\n=B1&" "&C1\nCara\n', "line 3: a name holds a spreadsheet formula: save the list with its values"),
    # A broken formula's value was "a comment", or "#NAME?" on line 1 the heading "Name" (sweep ad82, 6).
    (b"Name\nAnna\n#REF!\nCara\n", "line 3: a name holds a spreadsheet error (#REF!), a formula that broke: save"),
    (b"Anna\n#N/A\nCara\n", "line 2: a name holds a spreadsheet error (#N/A), a formula that broke: save the list"),
    (b"#NAME?\nAnna\nBen\nCara\n", "line 1: a name holds a spreadsheet error (#NAME?), a formula that broke"),
    # Inside a longer name: "Anna #N/A" was "a name holds a slash", "#REF! Anna" a comment (sweep ad82, C).
    (b"Name\nAnna #N/A\nBen\nCara\n", "line 2: a name holds a spreadsheet error (#N/A), a formula that broke"),
    (b"Name\nAnna\n#REF! Ben\nCara\n", "line 3: a name holds a spreadsheet error (#REF!), a formula that broke"),
    (b"Name\nAnna\nBen (#DIV/0!)\nCara\n", "line 3: a name holds a spreadsheet error (#DIV/0!), a formula"),
    # A comment line, as text files hold one, printed "# comment" as a child's seat (sweep ad78, 2).
    (b"Anna\nTom\n# comment\nCara\n", "line 3: a name starts with #, as a comment does: remove the line, or write"),
    (b"Anna\nTom\n// comment\nCara\n", "line 3: a name starts with //, as a comment does: remove the line"),
    # A game record, in French under a title line: its seats were read as children (ad66, 1).
    (
        b"Partie du 3 mars\ncoup;joueur;lettre;case\n1;A;S;A2\n2;B;O;B2\n",
        "is a game record (its header row names player, letter and cell columns), not a class list",
    ),
    # A title over columns no heading names: the title would be a child, and the last names printed.
    (b"Classe de CM1\nDupont;L\xc3\xa9a\nMartin;Tom\n", "line 1 holds one cell above rows of several, and no heading"),
]


@pytest.mark.parametrize(("data", "message"), BAD, ids=[message[:40] for _, message in BAD])
def test_a_class_list_that_cannot_be_used_is_one_line_naming_the_file(tmp_path, data, message):
    path = written(tmp_path, data)
    with pytest.raises(ExampleFileError) as caught:
        read_roster(path)
    text = str(caught.value)
    assert text.startswith(f"{path}: ") and message in text and "\n" not in text, text
    assert "Tom" not in text  # a name never reaches the terminal in a message


HEAD = "write one child's name a line, or head the names' column with one of " + HEADINGS_SAID
ONE_COMMA = "(a name holds one at most: last name, first name)"
ONE = "write one child's name a line"
# Several children on one line or in one cell, each refused naming the first such line, never a child: without a
# heading row, a cell of words after the name; under one, beyond its last column; a name holding a semicolon, a tab
# (or another control character) or more than one comma.
SEVERAL_NAMES = {
    "pairs on every line": (
        "Alice, Bob\nChloé, Denis\nEmma, Farid\n",
        f"line 1 holds 1 more cell (split by a comma): {HEAD}",
    ),
    "three a line, commas": (
        "Alice, Bob, Chloé,\nDenis, Emma, Farid\n",
        f"line 1 holds 2 more cells (split by a comma): {HEAD}",
    ),
    "three a line, semicolons": (
        "Alice;Bob;Chloé\nDenis;Emma;Farid\n",
        f"line 1 holds 2 more cells (split by a semicolon): {HEAD}",
    ),
    # what split the line is said: "1 more cell" did not say a tab had split "Emma<tab>Smith" (review nt64, 13)
    "two a line, tabs": ("Alice\tBob\nChloé\tDenis\n", f"line 1 holds 1 more cell (split by a tab): {HEAD}"),
    "ages, then a name": ("Léa;8\nTom;9\nZoé;Ana\n", f"line 3 holds 1 more cell (split by a semicolon): {HEAD}"),
    "numbered rows, then last and first names": (
        "1;Dupont;Léa\n2;Martin;Tom\n",
        f"line 1 holds 1 more cell (split by a semicolon): {HEAD}",
    ),
    "numbered rows with dots and a class": (
        "1.;Léa;CM1\n2.;Tom;CM1\n3.;;\n",
        f"line 1 holds 1 more cell (split by a semicolon): {HEAD}",
    ),
    # Two children or a last and a first name: the same line; quoted, or under a heading row, it is one name.
    "last name, first name on every line": (
        "Dupont, Léa\nMartin, Tom\n",
        f"line 1 holds 1 more cell (split by a comma): {HEAD}",
    ),
    "names beyond the heading's last column": (
        "Nom,Prénom,Classe\nMartin,Alice,CE2\nDurand,Bob,CE2\nPetit,Chloé,Denis,Emma\n",
        "line 4 holds 1 cell beyond the heading row's last column: write one child's name a row",
    ),
    "pairs under a heading of one column": (
        "Prénom\nAlice, Bob\nChloé, Denis\n",
        "line 2 holds 1 cell beyond the heading row's last column: write one child's name a row",
    ),
    "a semicolon in a name": (
        "Alice\nBob\nChloé\nDenis; Emma\n",
        "line 4: a name holds a semicolon: write one child's name a line",
    ),
    "a quoted semicolon under a heading": (
        'Prénom,Classe\nLéa,CM1\n"Zoé; Ana",CM1\nTom,CM1\n',
        "line 3: a name holds a semicolon: write one child's name a line",
    ),
    "a tab in a name": ("Alice\nBob\tChloé\nDenis\n", "line 2: a name holds a tab: write one child's name a line"),
    "a control character in a name": (
        "Alice\nBob\x01Chloé\nDenis\n",
        "line 2: a name holds a control character (U+0001): write one child's name a line",
    ),
    "three commas on the first line": (
        "Alice, Bob, Chloé, Denis\nEmma\nFarid\n",
        f"line 1: a name holds 3 commas {ONE_COMMA}: write one child's name a line",
    ),
    # Names joined by a sign or a word (issue 20, F7).
    "a slash between two names": ("Alice\nBob\nChloé / Denis\nEmma\n", "line 3: a name holds a slash: " + ONE),
    "an ampersand": ("Alice\nBob\nChloé & Denis\nEmma\n", "line 3: a name holds an ampersand: " + ONE),
    "a vertical bar": ("Alice\nBob\nChloé | Denis\nEmma\n", "line 3: a name holds a vertical bar: " + ONE),
    "a plus sign": ("Alice\nBob+Chloé\nEmma\n", "line 2: a name holds a plus sign: " + ONE),
    "a backslash": ("Alice\nBob\nChloé \\ Denis\nEmma\n", "line 3: a name holds a backslash: " + ONE),
    "no letter below the first line": (
        "Alice\nBob\n2025-2026\nEmma\n",
        "line 3: a name holds no letter: remove the line if it is a title, or write the name",
    ),
    "et": ("Alice\nBob\nChloé et Denis\nEmma\n", "line 3: a name holds the word 'et': " + ONE),
    "und": ("Alice\nBob\nChloé und Denis\nEmma\n", "line 3: a name holds the word 'und': " + ONE),
    "AND under a heading": (
        "Prénom;Classe\nAlice;CM1\nBob AND Chloé;CM1\n",
        "line 3: a name holds the word 'and': " + ONE,
    ),
    "two commas on a middle line": (
        "Alice\nBob\nChloé, Denis, Emma\nFarid\n",
        f"line 3: a name holds 2 commas {ONE_COMMA}: write one child's name a line",
    ),
}


@pytest.mark.parametrize(("text", "message"), SEVERAL_NAMES.values(), ids=SEVERAL_NAMES)
def test_several_children_on_one_line_or_in_one_cell_are_refused_naming_the_line(tmp_path, text, message):
    path = written(tmp_path, text.encode())
    with pytest.raises(ExampleFileError) as caught:
        read_roster(path)
    assert str(caught.value) == f"{path}: {message}"
    assert not any(name in message for name in re.findall(r"[A-ZÀ-Ý][^\W\d_]+", text))  # no child is named


@pytest.mark.parametrize(
    "data",
    [
        b"N\xc2\xb0;Nom;Pr\xc3\xa9nom\n1;Dupont;L\xc3\xa9a\n2;Martin;Tom\n3;;\n4;;\n",
        b"L\xc3\xa9a;1\nTom;2\n;3\n;4.\n",
    ],
    ids=["heading", "no heading"],
)
def test_a_templates_numbered_rows_left_empty_are_no_children(tmp_path, data):
    # A school's class list template numbers thirty rows and a class fills twenty-five: the rest are not children.
    roster = read_roster(written(tmp_path, data))
    assert [child.name for child in roster.children] == ["Léa", "Tom"]


DOCUMENTS = {
    "an HTML table saved as .xls": ("<table>\n<tr><td>Léa</td></tr>\n<tr><td>Tom</td></tr>\n</table>\n", "utf-8"),
    "a web page in UTF-16": ("<!DOCTYPE html>\n<html><body><table><tr><td>Léa</td></tr></table></body>", "utf-16"),
    "a web page in Windows-1252": ("\n  <HTML>\n<TR><TD>Léa</TD></TR>\n", "cp1252"),
    "an RTF document": ("{\\rtf1\\ansi\nLéa\\par\nTom\\par\n}\n", "cp1252"),
    # a school system's address book or calendar: each field on its own line was a child (sweep 39, F3)
    "a contacts file (vCard)": ("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Léa\r\nEND:VCARD\r\n" * 2, "utf-8"),
    "a calendar file (iCalendar)": ("BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:Léa\nEND:VEVENT\n", "utf-8"),
    "a directory export (LDIF)": ("dn: cn=Léa,dc=school\nobjectClass: person\ncn: Léa\n\n", "utf-8"),
    "a directory export (LDIF) with its version": ("version: 1\ndn: cn=Tom,dc=school\ncn: Tom\n", "utf-8"),
}


@pytest.mark.parametrize(("text", "codec"), DOCUMENTS.values(), ids=DOCUMENTS)
def test_a_web_page_or_rtf_document_is_refused_as_a_pdf_is(tmp_path, text, codec):
    path = written(tmp_path, text.encode(codec), "export.xls")
    said = next(key for key, value in DOCUMENTS.items() if value == (text, codec))
    kind = said[: said.index(")") + 1] if ")" in said else "a web page (HTML)"
    kind = "an RTF document" if "rtf" in text else kind
    with pytest.raises(ExampleFileError) as caught:
        read_roster(path)
    advice = "save it as CSV, or as text with one name a line"
    assert str(caught.value) == f"{path}: is {kind}, not a table or text: {advice}"


# puzzles.json given as a class list was "line 1 holds one cell above rows of several", a worked example "a quotation
# mark opens a cell and is never closed", and a JSON Lines file printed a kit of names "{"Name": "Anna"}" (sweep ad82).
@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ('{\n  "puzzles": [{"board": "S.O./....", "answer": "A1"}]\n}\n', "a JSON file"),
        ('[\n  "L\u00e9a",\n  "Tom",\n  "Zo\u00e9"\n]\n', "a JSON file"),
        ('{"Name": "L\u00e9a"}\n{"Name": "Tom"}\n', "a JSON file"),
        ('\ufeff# Worked example\nsize = 4\ntitle = "Two lines"\nmoves = ["A1 S", "B2 O"]\n', "a TOML file"),
    ],
    ids=["puzzles.json", "JSON list", "JSON Lines", "worked example"],
)
def test_a_json_or_toml_file_is_named_as_one_not_read_as_names(tmp_path, text, kind):
    path = written(tmp_path, text.encode(), "class.txt")
    with pytest.raises(ExampleFileError) as caught:
        read_roster(path)
    assert str(caught.value).startswith(f"{path}: is {kind}"), caught.value
    advice = (
        "a worked example is read from a file whose name ends in .toml"
        if "TOML" in kind
        else "save it as CSV, or as text with one name a line"
    )
    assert str(caught.value).endswith(f", not a table: {advice}"), caught.value


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("[CM2]\nL\u00e9a\nTom\n", ["L\u00e9a", "Tom"]),
        ("{Les Lutins}\nL\u00e9a\nTom\n", ["L\u00e9a", "Tom"]),
        ("Name\nL\u00e9a = Tom\nZo\u00e9\n", ["L\u00e9a = Tom", "Zo\u00e9"]),
        ("[2024]\nL\u00e9a\nTom\n", ["L\u00e9a", "Tom"]),  # a JSON array on its own line: "is a JSON file" (ad84, 3)
    ],
    ids=["title in brackets", "title in braces", "an equals sign", "a year in brackets"],
)
def test_a_class_list_that_only_looks_like_json_or_toml_is_read(tmp_path, text, names):
    roster = read_roster(written(tmp_path, text.encode(), "class.txt"))
    assert [child.name for child in roster.children] == names


def test_a_missing_or_large_file_is_refused_before_reading(tmp_path):
    with pytest.raises(ExampleFileError, match="no such file"):
        read_roster(str(tmp_path / "missing.csv"))
    with pytest.raises(ExampleFileError, match="at most 1,000,000 bytes"):
        read_roster(written(tmp_path, b"Tom\n" * 300_000))
    with pytest.raises(ExampleFileError, match="is a folder"):
        read_roster(str(tmp_path))


# --- groups ----------------------------------------------------------------------------------


def oracle_sizes(count: int, players: int) -> list[int]:
    """The grouping rule written from its statement: as many groups of `players` as the rest allows to be split
    into groups of 2 to 4 of another size, the rest in as few groups as it takes, largest first."""
    for full in range(count // players, -1, -1):
        rest = count - full * players
        others = [size for size in (4, 3, 2) if size != players]
        splits = [
            list(split)
            for parts in range(0, 3)
            for split in itertools.combinations_with_replacement(others, parts)
            if sum(split) == rest
        ]
        if splits:
            return [players] * full + sorted(min(splits, key=len), reverse=True)
    raise AssertionError(f"no grouping of {count}")


@pytest.mark.parametrize(("players", "teams"), [(2, False), (3, False), (4, False), (4, True)])
def test_every_class_from_2_to_60_makes_groups_of_2_to_4_and_nobody_plays_alone(players, teams):
    for count in range(2, 61):
        children = [f"child {k}" for k in range(count)]
        for shuffle, seed in ((False, 1), (True, 1), (True, 2)):
            groups = form_groups(children, players, teams, shuffle, seed)
            assert [len(group) for group in groups] == oracle_sizes(count, 4 if teams else players), (count, players)
            assert sorted(child for group in groups for child in group) == sorted(children)  # everyone exactly once
            assert all(2 <= len(group) <= 4 for group in groups)
            assert form_groups(children, players, teams, shuffle, seed) == groups  # the same seed, the same groups


def test_the_groups_follow_the_list_unless_shuffled_and_seeds_give_different_orders():
    for count in range(2, 61):
        children = list(range(count))
        plain = form_groups(children, 2, False, False, 1)
        assert [child for group in plain for child in group] == children
        orders = {tuple(c for g in form_groups(children, 2, False, True, seed) for c in g) for seed in range(10)}
        assert len(orders) > 1, count


@pytest.mark.parametrize(
    ("count", "players", "sizes"),
    [
        (31, 2, [2] * 14 + [3]),  # the example: fourteen pairs and one group of three
        (30, 2, [2] * 15),
        (3, 2, [3]),
        (7, 3, [3, 4]),
        (8, 3, [3, 3, 2]),
        (5, 4, [3, 2]),
        (9, 4, [4, 3, 2]),
        (6, 4, [4, 2]),
        (2, 4, [2]),
    ],
)
def test_the_rule_on_examples_a_teacher_can_check(count, players, sizes):
    assert group_sizes(count, players) == sizes


# A letter that begins a UTF-8 character of two bytes or more (Â to ô), then one that is a byte continuing it, both as
# Windows-1252 reads them: no name holds it, text saved twice does.
WINDOWS = {bytes([byte]).decode("cp1252", "ignore") or chr(byte): byte for byte in range(0x80, 0xC0)}
SAVED_TWICE = re.compile("[\u00c2-\u00f4][" + re.escape("".join(WINDOWS)) + "]")
NOT_A_HEADING = FIRST_NAME_HEADINGS | NAME_HEADINGS | OTHER_HEADINGS | LAST_NAME_HEADINGS
NAMES = st.text(
    alphabet=st.characters(categories=("L", "M", "Zs", "Pd", "Po"), exclude_characters=';,\t"\ufeff\ufffd'),
    min_size=1,
    max_size=40,
).filter(
    lambda name: (
        clean_name(name)
        and _heading(name) not in NOT_A_HEADING
        and _kind(name) is None
        and not _titled([name])
        and not _no_name(clean_name(name))  # "Tutor", "Mme Martin": a title's words alone are no name
        and not _several(name.strip())
        and _unmarked(clean_name(name)) == clean_name(name)  # "- Léa", "• Léa": a list's mark is no part of a name
        and not SAVED_TWICE.search(name)  # "Ãª" is "ê" saved twice, read back by design (issue 20, sweep 18, N6)
        and not name.strip().startswith(("#", "//"))  # a comment's line, refused by design (sweep ad78, 2)
        and not _FIELD.match(name.strip())  # "AA::", a contacts file's key and colon, refused by design
        and not name.strip().lower().startswith(("begin:vcard", "begin:vcalendar"))  # a contacts or calendar file's
    )
)


@settings(max_examples=examples(200))
@given(
    names=st.lists(NAMES, min_size=2, max_size=30), codec=st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "utf-32"])
)
def test_any_list_of_names_reads_back_as_written_in_any_encoding(names, codec):
    # A text of one name a line, as any editor saves it: each name back in NFC with its spaces collapsed.
    text = "\r\n".join(names) + "\r\n"
    roster = parse_roster(decode_spreadsheet(text.encode(codec), "class.txt", ""), "class.txt")
    assert roster.names == tuple(clean_name(name) for name in names)
    assert all(child.line == line for child, line in zip(roster.children, range(1, len(names) + 1), strict=True))


@pytest.mark.parametrize("separator", [",", ";", "\t"])
def test_a_heading_row_followed_by_thousands_of_empty_cells_names_its_columns_once(monkeypatch, separator):
    # A sheet with a far column formatted exports a separator for each empty cell: each was looked at as a heading,
    # seconds of work for one row (sweep 39, F5). The empty cells at the end of a row are not looked at.
    from sos_print.engine import roster

    looked: list[str] = []
    kind = roster._kind
    monkeypatch.setattr(roster, "_kind", lambda cell: looked.append(cell) or kind(cell))
    text = "Prénom" + separator * 100_000 + "\nLéa\nZoë\n"
    assert [child.name for child in parse_roster(text).children] == ["Léa", "Zoë"]
    assert len(looked) < 100, len(looked)


@pytest.mark.parametrize("line", ["FN:Léa", "SUMMARY:Sortie", "TEL;TYPE=cell:0612", "item1.EMAIL:lea@school.fr"])
def test_a_contacts_or_calendar_field_in_a_list_is_no_childs_name(line):
    # A vCard's lines pasted below a heading: "FN:Léa" and "END:VCARD" were children paired on a page (sweep 39, F3).
    with pytest.raises(ExampleFileError) as caught:
        parse_roster(f"Prénom\nTom\n{line}\nZoë\n", "class.csv")
    assert str(caught.value) == (
        "class.csv: line 3: a name starts with a key in capitals and a colon (as FN: or BEGIN:), as a contacts or "
        "calendar file's lines do: export the class as CSV"
    )
    for name in ["Léa : absente", "DUPONT Léa", "Anne-Marie", "M:Léa"]:  # a name, however written, is read
        assert parse_roster(f"Prénom\nTom\n{name}\n").children[1].name


# A photo of the class list was "line 1: the text is not UTF-8, and read as Excel's Western European encoding it looks
# like another encoding's" (ad83, 12).
PICTURES = {
    "PNG": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(40),
    "JPEG": b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + bytes(40),
    "GIF": b"GIF89a\x01\x00\x01\x00" + bytes(40),
    "BMP": b"BM\x3a\x00\x00\x00\x00\x00\x00\x00\x36\x00" + bytes(40),
    "WebP": b"RIFF\x24\x00\x00\x00WEBPVP8 " + bytes(40),
    "HEIC": b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00" + bytes(40),
    "AVIF": b"\x00\x00\x00\x1cftypavif\x00\x00\x00\x00" + bytes(40),  # it was named a HEIC picture (ad84)
    # a bitmap whose pixels' bytes read as UTF-16 text: "a name holds a control character (U+0000)" (ad84, 11)
    "BMP, its pixels like UTF-16": b"BM\x3a\x00\x00\x00\x00\x00\x00\x00\x36\x00" + b"A\x00" * 400,
}


@pytest.mark.parametrize(("name", "data"), PICTURES.items(), ids=list(PICTURES))
def test_a_picture_is_named_as_one(tmp_path, name, data):
    path = written(tmp_path, data, "class.txt")
    with pytest.raises(ExampleFileError) as caught:
        read_roster(path)
    advice = "save it as CSV, or as text with one name a line"
    assert str(caught.value) == f"{path}: is a picture ({name.split(',')[0]}), not a table or text: {advice}"


@pytest.mark.parametrize("first", ["BMW\n", "BM\n", "RIFF\n", "GIF\n"])
def test_a_list_starting_as_a_pictures_signature_does_is_read(tmp_path, first):
    roster = read_roster(written(tmp_path, f"{first}L\u00e9a\nTom\n".encode(), "class.txt"))
    assert [child.name for child in roster.children][-2:] == ["L\u00e9a", "Tom"]
