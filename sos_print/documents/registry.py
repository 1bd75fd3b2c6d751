"""Names every printed document once: its templates, its plan, how it is made, its file and the commands that write it.

The command line takes each document's file name and maker from here, and every test that holds
all documents to a rule (exact paper, embedded fonts, the type scale, both languages, fuzzing)
reads this table: a new document is one entry here, plus its templates, its plan and its module.
Each maker imports its document's module only when it is called, so reading the table loads no
drawing code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from sos_print.engine.frozen import frozen

if TYPE_CHECKING:
    from sos_print.documents.common import Progress, Rendered
    from sos_print.engine.analysis import MoveAnalysis
    from sos_print.engine.check import CheckedExample
    from sos_print.engine.puzzles import Sheet
    from sos_print.plans.options import PrintOptions


@frozen
class Inputs:
    """Holds what documents are made from besides the print options: examples, sizes, puzzle sheets, a game."""

    examples: tuple[CheckedExample, ...] = ()
    sizes: tuple[int, ...] = ()
    sheets: tuple[Sheet, ...] = ()
    game: CheckedExample | None = None
    moves: tuple[MoveAnalysis, ...] = ()  # the game's moves weighed
    every: int = 0  # the replay's diagrams: every N moves, or 0 after each scoring move


Maker = Callable[["PrintOptions", Inputs, "Progress | None"], "Rendered"]


@frozen
class PrintedDocument:
    """Describes one document: its name, file, templates, plan, maker, the commands that write it, its readers."""

    name: str
    file: str
    module: str  # the module of documents/ that draws it, which `make` loads
    templates: tuple[str, ...]  # the files of templates/<lang>/ its words come from
    plans: tuple[str, ...]  # the modules of plans/ that say what its pages show
    make: Maker
    commands: tuple[str, ...]
    needs: tuple[str, ...] = ()  # the fields of Inputs it is made from
    children: bool = True  # read by children (the players' pages) rather than by the adult
    pdf: bool = True  # False for puzzles.json

    @property
    def media_type(self) -> str:
        """Returns the file's media type, for a download."""
        return "application/pdf" if self.pdf else "application/json"


def _players(options: PrintOptions, inputs: Inputs, progress: Progress | None) -> Rendered:
    from sos_print.documents.kit import players_document

    return players_document(options, inputs.examples, progress)


def _teacher(options: PrintOptions, inputs: Inputs, progress: Progress | None) -> Rendered:
    from sos_print.documents.teacher import teacher_document

    return teacher_document(options, inputs.examples, progress)


def _boards(options: PrintOptions, inputs: Inputs, progress: Progress | None) -> Rendered:
    from sos_print.documents.boards import boards_document

    return boards_document(options, progress)


def _grids(options: PrintOptions, inputs: Inputs, progress: Progress | None) -> Rendered:
    from sos_print.documents.boards import grids_document

    return grids_document(options, list(inputs.sizes), progress)


def _audit(options: PrintOptions, inputs: Inputs, progress: Progress | None) -> Rendered:
    from sos_print.documents.audit import audit_document

    return audit_document(options, progress)


def _fillable_audit(options: PrintOptions, inputs: Inputs, progress: Progress | None) -> Rendered:
    from sos_print.documents.audit import audit_document

    return audit_document(options, progress, fillable=True)


def _rules(options: PrintOptions, inputs: Inputs, progress: Progress | None) -> Rendered:
    from sos_print.documents.rulesheet import rules_document

    return rules_document(options, inputs.examples)


def _puzzles(options: PrintOptions, inputs: Inputs, progress: Progress | None) -> Rendered:
    from sos_print.documents.worksheets import worksheets_document

    return worksheets_document(options, inputs.sheets, progress)


def _answers(options: PrintOptions, inputs: Inputs, progress: Progress | None) -> Rendered:
    from sos_print.documents.answers import answers_document

    return answers_document(options, inputs.sheets, progress)


def _puzzles_json(options: PrintOptions, inputs: Inputs, progress: Progress | None) -> Rendered:
    from sos_print.documents.answers import puzzles_json

    return puzzles_json(options, inputs.sheets)


def _replay(options: PrintOptions, inputs: Inputs, progress: Progress | None) -> Rendered:
    from sos_print.documents.replay import replay_document

    if inputs.game is None:
        raise ValueError("a replay is made from a game: Inputs.game is missing")
    return replay_document(options, inputs.game, inputs.moves, inputs.every, progress)


DOCUMENTS = (
    PrintedDocument(
        name="players",
        file="players.pdf",
        module="sos_print.documents.kit",
        templates=("board", "audit", "rules", "common"),
        plans=("boards", "audit", "rulesheet"),
        make=_players,
        commands=("kit",),
        needs=("examples",),
    ),
    PrintedDocument(
        name="teacher",
        file="teacher.pdf",
        module="sos_print.documents.teacher",
        templates=("teacher", "puzzles", "common"),
        plans=("teacher", "strategy", "classsheet"),
        make=_teacher,
        commands=("kit", "teacher"),
        needs=("examples",),
        children=False,
    ),
    PrintedDocument(
        name="boards",
        file="boards.pdf",
        module="sos_print.documents.boards",
        templates=("board", "common"),
        plans=("boards",),
        make=_boards,
        commands=("boards",),
        needs=(),
    ),
    PrintedDocument(
        name="grids",
        file="grids.pdf",
        module="sos_print.documents.boards",
        templates=("board", "common"),
        plans=("boards",),
        make=_grids,
        commands=("grids",),
        needs=("sizes",),
    ),
    PrintedDocument(
        name="audit",
        file="audit.pdf",
        module="sos_print.documents.audit",
        templates=("audit", "common"),
        plans=("audit",),
        make=_audit,
        commands=("audit",),
        needs=(),
    ),
    PrintedDocument(
        name="fillable audit",
        file="audit.pdf",
        module="sos_print.documents.audit",
        templates=("audit", "common"),
        plans=("audit",),
        make=_fillable_audit,
        commands=("audit",),
        needs=(),
    ),
    PrintedDocument(
        name="rules",
        file="rules.pdf",
        module="sos_print.documents.rulesheet",
        templates=("rules", "common"),
        plans=("rulesheet",),
        make=_rules,
        commands=("rules",),
        needs=("examples",),
    ),
    PrintedDocument(
        name="puzzles",
        file="puzzles.pdf",
        module="sos_print.documents.worksheets",
        templates=("puzzles", "common"),
        plans=("worksheets",),
        make=_puzzles,
        commands=("puzzles",),
        needs=("sheets",),
    ),
    PrintedDocument(
        name="answers",
        file="answers.pdf",
        module="sos_print.documents.answers",
        templates=("puzzles", "common"),
        plans=("answers",),
        make=_answers,
        commands=("puzzles",),
        needs=("sheets",),
        children=False,
    ),
    PrintedDocument(
        name="puzzles data",
        file="puzzles.json",
        module="sos_print.documents.answers",
        templates=(),
        plans=("answers",),
        make=_puzzles_json,
        commands=("puzzles",),
        needs=("sheets",),
        children=False,
        pdf=False,
    ),
    PrintedDocument(
        name="replay",
        file="replay.pdf",
        module="sos_print.documents.replay",
        templates=("replay", "audit", "teacher", "common"),
        plans=("replay",),
        make=_replay,
        commands=("replay",),
        needs=("game", "moves"),
    ),
)


def document(name: str) -> PrintedDocument:
    """Returns the document called `name` ("boards", "players"...)."""
    return next(entry for entry in DOCUMENTS if entry.name == name)


def written_by(command: str) -> tuple[PrintedDocument, ...]:
    """Returns the documents `command` writes, in the order it writes them."""
    return tuple(entry for entry in DOCUMENTS if command in entry.commands)
