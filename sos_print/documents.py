"""Puts whole documents together: the players' file, the teacher's file, and each single document."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from sos_print.audit import render_audits
from sos_print.boards import render_boards
from sos_print.check import CheckedExample
from sos_print.notation import Notation
from sos_print.pdf import Document
from sos_print.plans import (
    PrintOptions,
    Vocabulary,
    audit_plan,
    board_plan,
    group_labels,
    rules_plan,
    teacher_plan,
)
from sos_print.rulesheet import render_rules
from sos_print.teacher import render_teacher

Progress = Callable[[str, int, int], None]  # (what, done, of)


@dataclass(frozen=True)
class Rendered:
    """Holds a finished PDF in memory and its page count."""

    data: bytes
    pages: int


def _joined(options: PrintOptions, name: str, **context: object) -> str:
    """Returns a metadata text in every language of the document, joined by a slash."""
    return " / ".join(Vocabulary(options.language).label(name, **context))


def _document(options: PrintOptions, title: str, subject: str) -> Document:
    return Document(options.paper, title=title, subject=subject, lang=options.language.codes[0], keywords="SOS")


def _report(progress: Progress | None, what: str, total: int) -> Callable[[int], None] | None:
    if progress is None:
        return None
    return lambda done: progress(what, done, total)


def _add_boards(document: Document, options: PrintOptions, progress: Progress | None) -> None:
    render_boards(
        document,
        board_plan(options),
        group_labels(options),
        large_print=options.large_print,
        two_per_page=options.two_per_page,
        bookmark=_joined(options, "board.bookmark"),
        progress=_report(progress, "boards", options.groups),
    )


def _add_audits(document: Document, options: PrintOptions, progress: Progress | None) -> None:
    render_audits(
        document,
        audit_plan(options),
        group_labels(options),
        large_print=options.large_print,
        bookmark=_joined(options, "audit.bookmark"),
        progress=_report(progress, "audits", options.groups),
    )


def rule_example(examples: tuple[CheckedExample, ...], notation: Notation) -> CheckedExample:
    """Returns the example a rule sheet shows: the first written in the sheet's notation, else the first."""
    return next((checked for checked in examples if checked.example.notation is notation), examples[0])


def _add_rules(document: Document, options: PrintOptions, example: CheckedExample) -> None:
    """Adds the rule sheet in each language of the document, one after the other."""
    for lang in options.language.codes:
        render_rules(document, rules_plan(options, lang, example), large_print=options.large_print)


def players_document(
    options: PrintOptions, examples: tuple[CheckedExample, ...], progress: Progress | None = None
) -> Rendered:
    """Returns the players' file: one board and one scoring audit per group, then the rule sheet."""
    document = _document(
        options,
        _joined(options, "common.players_title", size=options.size, groups=options.groups),
        _joined(options, "common.players_subject"),
    )
    _add_boards(document, options, progress)
    _add_audits(document, options, progress)
    _add_rules(document, options, rule_example(examples, options.notation))
    return Rendered(document.finish(), document.pages)


def rules_document(options: PrintOptions, example: CheckedExample) -> Rendered:
    """Returns the rule sheet, one language after the other for en+fr."""
    document = _document(options, _joined(options, "rules.document_title"), _joined(options, "rules.subject"))
    _add_rules(document, options, example)
    return Rendered(document.finish(), document.pages)


def boards_document(options: PrintOptions, progress: Progress | None = None) -> Rendered:
    """Returns one player board per group."""
    document = _document(
        options, _joined(options, "board.document_title", size=options.size), _joined(options, "board.subject")
    )
    _add_boards(document, options, progress)
    return Rendered(document.finish(), document.pages)


def audit_document(options: PrintOptions, progress: Progress | None = None) -> Rendered:
    """Returns one scoring audit per group."""
    document = _document(
        options, _joined(options, "audit.document_title", size=options.size), _joined(options, "audit.subject")
    )
    _add_audits(document, options, progress)
    return Rendered(document.finish(), document.pages)


def grids_document(options: PrintOptions, sizes: list[int], progress: Progress | None = None) -> Rendered:
    """Returns one blank board of each size in `sizes`."""
    listed = ", ".join(str(size) for size in sizes)
    document = _document(
        options, _joined(options, "common.grids_title"), _joined(options, "common.grids_subject", sizes=listed)
    )
    for done, size in enumerate(sizes, start=1):
        single = replace(options, size=size, groups=1, two_per_page=False)
        render_boards(
            document,
            board_plan(single),
            group_labels(single),
            large_print=options.large_print,
            bookmark=_joined(single, "common.grids_bookmark", size=size),
        )
        if progress:
            progress("grids", done, len(sizes))
    return Rendered(document.finish(), document.pages)


def teacher_document(
    options: PrintOptions, examples: tuple[CheckedExample, ...], progress: Progress | None = None
) -> Rendered:
    """Returns the teacher's notes with the checked `examples`, one section per language."""
    document = _document(options, _joined(options, "teacher.document_title"), _joined(options, "teacher.subject"))
    codes = options.language.codes
    for done, lang in enumerate(codes, start=1):
        render_teacher(document, teacher_plan(options, lang, examples), large_print=options.large_print)
        if progress:
            progress("teacher notes", done, len(codes))
    return Rendered(document.finish(), document.pages)
