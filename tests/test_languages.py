"""Tests that every printed word exists in English and French, never leaks across, and follows French typography."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from conftest import EXAMPLES, ROOT
from pdfread import catalog, outline, texts
from rendered import CLASS, every_pdf, rendered, shipped_examples, with_class
from templates_read import macro_names, template_module

from sos_print.documents.kit import players_document
from sos_print.documents.rulesheet import rules_document
from sos_print.documents.teacher import teacher_document
from sos_print.engine.check import verify
from sos_print.engine.notation import Notation
from sos_print.engine.rules import Variant
from sos_print.plans.options import Language, PrintOptions
from sos_print.plans.words import LANGUAGES

TEMPLATES = ROOT / "templates"
DOCUMENTS = sorted(path.stem for path in (TEMPLATES / "en").glob("*.j2"))

# Words that belong to one language only (the other language never needs them).
ENGLISH = {
    "the",
    "and",
    "with",
    "you",
    "your",
    "player",
    "players",
    "board",
    "cell",
    "cells",
    "write",
    "writes",
    "move",
    "moves",
    "each",
    "every",
    "wins",
    "game",
    "line",
    "lines",
    "group",
    "team",
}
FRENCH = {
    "le",
    "la",
    "les",
    "et",
    "une",
    "un",
    "joueur",
    "joueurs",
    "grille",
    "case",
    "cases",
    "écrit",
    "écrivez",
    "coup",
    "chaque",
    "partie",
    "gagne",
    "ligne",
    "lignes",
    "avec",
    "pour",
    "dans",
    "des",
    "équipe",
    "relevé",
}


@pytest.fixture(scope="module")
def examples():
    return shipped_examples()


def documents(language: Language, notation: Notation = Notation.A1) -> dict[str, bytes]:
    """Returns every document of the registry in `language`, the team game's boards, audits and replay, and every
    document printed from a class list (rendered and read once per test process: the tests that read the English and
    French sets share one pytest-xdist group)."""
    options = PrintOptions(groups=2, language=language, notation=notation, variant=Variant(target=5))
    teams = PrintOptions(groups=2, language=language, notation=notation, variant=Variant(players=4, teams=True))
    return {
        **every_pdf(options),
        "team boards": rendered("boards", teams),
        "team audits": rendered("audit", teams),
        "team replay": rendered("replay", options, "09-team-sos.toml"),
        **{f"class {name}": data for name, data in every_pdf(with_class(options)).items()},
    }


def words(text: str) -> set[str]:
    return set(re.findall(r"[a-zàâçéèêëîïôûùüÿœ]+", text.lower()))


def test_every_template_exists_in_both_languages_with_the_same_macros():
    for lang in LANGUAGES:
        assert sorted(path.stem for path in (TEMPLATES / lang).glob("*.j2")) == DOCUMENTS, lang
    for document in DOCUMENTS:
        english, french = macro_names("en", document), macro_names("fr", document)
        assert english == french, f"{document}.j2: only in one language: {sorted(english ^ french)}"
        for name in english:
            en_args, fr_args = (getattr(template_module(lang, document), name).arguments for lang in LANGUAGES)
            assert en_args == fr_args, f"{document}.{name}: arguments differ: {en_args} / {fr_args}"


@pytest.mark.xdist_group("documents in English and French")
@pytest.mark.parametrize("notation", list(Notation))
def test_french_documents_hold_no_english_and_english_ones_no_french(examples, notation):
    for language, foreign in ((Language.FR, ENGLISH), (Language.EN, FRENCH)):
        for name, data in documents(language, notation).items():
            # The English rule sheet in L1C1 says where the L comes from: "row (ligne in French)".
            leaked = words(" ".join(texts(data)).replace("(ligne in French)", "")) & foreign
            assert not leaked, f"{language.value} {name} ({notation.value}): {sorted(leaked)}"


def test_bilingual_documents_carry_both_languages(examples):
    for name, data in documents(Language.BOTH).items():
        found = words(" ".join(texts(data)))
        assert found & ENGLISH and found & FRENCH, name


def test_bilingual_rule_sheets_come_on_consecutive_pages(examples):
    pages = texts(rules_document(PrintOptions(language=Language.BOTH), examples[:1]).data)
    assert len(pages) == 4  # one sheet, front and back, per language
    assert pages[0].startswith("SOS: the rules")
    assert pages[2].startswith("SOS\u202f: la règle du jeu")
    assert "Naming cells" in pages[1] and "Nommer les cases" in pages[3]


def french_text(examples) -> str:
    text = "\n".join(" ".join(texts(data)) for data in documents(Language.FR).values())
    # The children's names are printed as written (a table may break one between its words): they follow no
    # language's typography.
    for word in (word for name in CLASS for word in name.split()):
        text = text.replace(word, "") if set(word) & set(";:!?«»") else text
    return text


@pytest.mark.xdist_group("documents in English and French")
def test_french_punctuation_has_a_narrow_no_break_space_before_it(examples):
    text = french_text(examples)
    for match in re.finditer(r"[;:!?»]", text):
        before = text[match.start() - 1]
        assert before == "\u202f", f"{text[match.start() - 20 : match.end() + 5]!r}"
    for match in re.finditer("«", text):
        assert text[match.end()] == "\u202f"
    assert text.count("«") == text.count("»") > 0


@pytest.mark.xdist_group("documents in English and French")
def test_french_uses_typographic_apostrophes_and_keeps_accents_and_ligatures(examples):
    text = french_text(examples)
    assert "'" not in text
    assert "n’importe" in text
    for word in ("Écris", "à", "équipe", "relevé", "règle", "Imprimez", "côté"):
        assert word in text, word


def flat(text: str) -> str:
    """Joins lines with single spaces, keeping no-break spaces (which str.split() would drop)."""
    return re.sub(r"[ \n]+", " ", text)


@pytest.mark.xdist_group("documents in English and French")
def test_french_names_cells_naturally(examples):
    text = flat(french_text(examples))
    assert "la case B2" in text
    l1c1 = flat(" ".join(texts(rendered("rules", PrintOptions(language=Language.FR, notation=Notation.L1C1)))))
    assert "La case L2C3 est sur la ligne 2, dans la colonne 3." in l1c1


@pytest.mark.xdist_group("documents in English and French")
@pytest.mark.parametrize(("language", "lang"), [(Language.EN, "en"), (Language.FR, "fr-FR")])
def test_pdf_language_metadata(examples, language, lang):
    for name, data in documents(language).items():
        assert catalog(data)["/Lang"] == lang, name


def test_french_bookmarks_and_metadata(examples):
    data = players_document(PrintOptions(groups=3, language=Language.FR), examples).data
    assert outline(data) == ["Grilles de jeu", "Relevés des points", "Règles"]
    from pdfread import reader

    assert reader(data).metadata.title == "SOS, dossier de classe\u202f: 3\u00a0groupes, grilles 4\u00a0×\u00a04"


@pytest.mark.parametrize("language", list(Language))
def test_a_name_with_markup_characters_prints_literally(examples, language):
    options = PrintOptions(groups=2, language=language, class_name="Smith & Co <B>")
    for data in (
        players_document(options, examples).data,
        teacher_document(options, examples).data,
        rules_document(options, examples[:1]).data,
    ):
        for page in texts(data):
            # on every page but one left blank on purpose, which holds its one sentence in each language alone
            assert "Smith & Co <B>" in page or "This page is intentionally left blank" in page, page


def test_an_example_title_with_markup_characters_prints_literally(tmp_path):
    text = (EXAMPLES / "03-o-in-the-gap.toml").read_text()
    text = text.replace('en = "An O in the gap"', 'en = "Gaps <b>& traps</b> &amp; more"')
    (tmp_path / "markup.toml").write_text(text)
    data = teacher_document(PrintOptions(), verify([str(tmp_path / "markup.toml")])).data
    assert "1. Gaps <b>& traps</b> &amp; more" in " ".join(texts(data))


def test_templates_hold_every_printed_sentence():
    # The modules that draw pages hold no sentence of their own: only the templates do.
    # Docstrings and the messages of errors are for programmers and the terminal, not for paper.
    package = Path(__file__).resolve().parent.parent / "sos_print"
    terminal = package / "documents" / "refusal.py"  # messages for the person at the terminal, in English
    documents = [path for path in package.glob("documents/*.py") if path != terminal]
    plans = list(package.glob("plans/*.py"))
    assert len(documents) >= 10 and len(plans) >= 10, "the documents' or the plans' modules were not found"
    drawing = [*documents, *plans, package / "pdf/draw.py", package / "pdf/flow.py"]
    for path in drawing:
        module = path.relative_to(package)
        tree = ast.parse(path.read_text())
        skipped = {id(node) for raised in ast.walk(tree) if isinstance(raised, ast.Raise) for node in ast.walk(raised)}
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
                skipped |= {id(n) for n in ast.walk(body[0])}  # a docstring
        sentences = [
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in skipped
            and len(re.findall(r"[A-Za-z]{2,}", node.value)) >= 3
            and node.value.count(" ") >= 2
        ]
        assert not sentences, f"{module} prints words of its own: {sentences}"


@pytest.mark.parametrize(("language", "first", "second"), [(Language.BOTH, "en", "fr"), (Language.FR_EN, "fr", "en")])
def test_both_languages_come_in_the_order_asked_and_the_second_at_a_childs_size(
    runner, tmp_path, language, first, second
):
    from pdfread import pages

    from sos_print.cli import app

    out = tmp_path / "p"
    result = runner.invoke(app, ["puzzles", "--lang", language.value, "--seed", "2", "--out", str(out)])
    assert result.exit_code == 0, result.output
    questions = {"en": "Which move scores the most points?", "fr": "Quel coup rapporte le plus de points"}
    with pages((out / "puzzles.pdf").read_bytes()) as pdf:
        lines = pdf.pages[0].extract_text_lines()
    found = {lang: next(line for line in lines if questions[lang] in line["text"]) for lang in questions}
    assert found[first]["top"] < found[second]["top"], "the first language is not first"
    sizes = {lang: min(char["size"] for char in found[lang]["chars"]) for lang in found}
    assert sizes[second] >= 12.0 - 0.05, f"the second language is set at {sizes[second]} pt"
    players = runner.invoke(app, ["kit", "--lang", language.value, "--out", str(tmp_path / "k")])
    assert players.exit_code == 0, players.output
    title = {"en": "SOS: player board", "fr": "SOS\u202f: grille de jeu"}
    text = texts(tmp_path / "k" / "players.pdf")[0]
    assert text.index(title[first]) < text.index(title[second])


# Every document's title reads "SOS: what it is" (« SOS : ce que c'est »), the pattern a set of pages shares.
TITLES = [
    ("audit", "title"),
    ("board", "title"),
    ("common", "grids_title"),
    ("puzzles", "title"),
    ("puzzles", "key_title"),
    ("replay", "title"),
    ("rules", "title"),
    ("teacher", "title"),
]


@pytest.mark.parametrize(("template", "macro"), TITLES)
@pytest.mark.parametrize(("lang", "pattern"), [("en", r"SOS: [a-z]"), ("fr", "SOS\u202f: [a-zé]")])
def test_every_title_reads_sos_then_what_the_pages_are(template, macro, lang, pattern):
    from sos_print.plans.words import Words

    for ends in ("full", "first"):  # a first-S-O-S-wins game's score sheet is its "game sheet"
        context = {"ends": ends} if template == "audit" else {}
        if template == "rules":  # among several games' rule sheets, the title names its game
            context = {"players": 3, "teams": False, "titled": ends == "first"}
        title = Words(lang)(f"{template}.{macro}", **context)
        assert re.fullmatch(pattern + r"[^:]*", title), title
