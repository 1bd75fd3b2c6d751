"""Renders the README gallery: one PNG of each document type, from real sos-print output.

Run from the repository root after `pip install '.[test]'` (pypdfium2 comes with pdfplumber):

    python docs/make_gallery.py
"""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2

from sos_print import data_dir
from sos_print.documents.answers import answers_document
from sos_print.documents.audit import audit_document
from sos_print.documents.boards import boards_document
from sos_print.documents.replay import replay_document
from sos_print.documents.rulesheet import rules_document
from sos_print.documents.teacher import teacher_document
from sos_print.documents.worksheets import worksheets_document
from sos_print.engine.analysis import analyse_game
from sos_print.engine.check import replay_example, verify
from sos_print.engine.examples import load_example
from sos_print.engine.puzzles import puzzle_sheets
from sos_print.engine.roster import Seating, form_groups, parse_roster
from sos_print.engine.rules import Variant
from sos_print.plans.options import Language, PrintOptions

OUT = Path(__file__).resolve().parent / "gallery"
DPI = 60


def save_page(pdf: bytes, page: int, name: str) -> None:
    """Writes page `page` (from 0) of `pdf` as docs/gallery/<name>.png."""
    document = pypdfium2.PdfDocument(io.BytesIO(pdf))
    image = document[page].render(scale=DPI / 72).to_pil()
    image.save(OUT / f"{name}.png", optimize=True)
    print(f"wrote {OUT / name}.png")


def class_options() -> PrintOptions:
    """Returns the options of a kit printed from a small class list, in French and English, three to a group."""
    roster = parse_roster(
        "Prénom;Nom\nLéa;Martin\nTom;Durand\nZoé;Petit\nJean-Baptiste;Lefèvre\nMaël;Roux\nInès;Morel\n"
    )
    groups = form_groups(roster.children, 3, False, False, 1)
    return PrintOptions(language=Language.FR_EN, variant=Variant(players=3), seating=Seating("class.csv", groups))


def main() -> None:
    OUT.mkdir(exist_ok=True)
    examples = verify([str(data_dir("examples"))])
    save_page(boards_document(PrintOptions(size=3)).data, 0, "board-3x3")
    save_page(boards_document(PrintOptions(size=8)).data, 0, "board-8x8")
    save_page(audit_document(PrintOptions(size=4)).data, 0, "audit-4x4")
    save_page(boards_document(class_options()).data, 1, "board-names")
    save_page(rules_document(PrintOptions(), examples).data, 0, "rules-en")
    save_page(rules_document(PrintOptions(language=Language.FR), examples).data, 0, "rules-fr")
    teacher = teacher_document(PrintOptions(groups=15), examples).data
    save_page(teacher, 0, "teacher-notes")
    save_page(teacher, 2, "teacher-examples")
    sheets = puzzle_sheets(None, 4, 6, 1, 1)
    save_page(worksheets_document(PrintOptions(), sheets).data, 0, "puzzles")
    save_page(answers_document(PrintOptions(), sheets).data, 0, "answers")
    game = replay_example(load_example(str(data_dir("examples") / "06-last-letter-scores.toml")))
    replay = replay_document(PrintOptions(size=3), game, analyse_game(game.start, game.steps)).data
    save_page(replay, 0, "replay")
    save_page(replay, 1, "replay-analysis")


if __name__ == "__main__":
    main()
