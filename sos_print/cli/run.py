"""Runs a printing command: checks the targets, renders in memory, writes every file or none, reports."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from sos_print.cli.options import usage
from sos_print.cli.process import StreamError, clear_progress_line, say, show_progress

if TYPE_CHECKING:
    from sos_print.documents.common import Rendered

ProgressFn = Callable[[str, int, int], None]


def run(
    targets: list[Path],
    force: bool,
    render: Callable[[ProgressFn], list[Rendered]],
    inputs: Sequence[str | Path] = (),
    names_given: bool = True,
) -> None:
    """Checks the targets, renders, then writes every file; on any error or interruption nothing is written.

    No target may be one of the `inputs` the run reads; `names_given` is false when the user gave only the targets'
    folder (`--out DIR`). Run as a job of the web page (`system.jobs`),
    the files are handed to the job by their names instead, and nothing is written.
    """
    from sos_print.engine.check import ClaimsError
    from sos_print.engine.errors import SosError, shown
    from sos_print.plans.layout import LayoutError
    from sos_print.system import interrupts, jobs
    from sos_print.system.output import check_targets, without_missing_steps, write_files

    job = jobs.current()
    if job is not None:
        targets_of_job = [path.name for path in targets]
    else:
        interrupts.set_outcome(interrupts.NOTHING_WRITTEN)
        targets = [without_missing_steps(path) for path in targets]  # no folder made only to step out of it
    existing = writing = False
    try:
        try:
            if job is not None:
                rendered = render(job.step)
                job.outputs = [
                    jobs.Output(name, d.data, d.pages) for name, d in zip(targets_of_job, rendered, strict=True)
                ]
                return
            existing = check_targets(targets, force, inputs, names_given)
            if existing:
                interrupts.set_outcome(interrupts.OLD_FILES_KEPT)
            rendered = render(progress())
            interrupts.checkpoint()  # a signal a library swallowed while rendering still stops the run here
            writing = True
            write_files([(path, document.data) for path, document in zip(targets, rendered, strict=True)], force)
        finally:
            clear_progress_line()
    except ClaimsError as error:
        for problem in error.report.problems:
            say(str(problem))
        if error.report.files:  # "checked no file: 1 path not checked" spoke of a check nobody ran (ad70, 6)
            say(error.report.summary())
        # A fact written by hand in a title or text is no false claim (sweep ad100, 1): the text is to be changed.
        prose = all(problem.where.startswith(("title", "text")) for problem in error.report.problems)
        claims = "an example's title or text must be changed" if prose else "an example claim is false"
        what = claims if error.report.only_false_claims else "an example file cannot be used"
        say(f"sos-print: {what}; nothing was written.", err=True)
        raise typer.Exit(1) from None
    except LayoutError as error:
        usage(str(error))
    except SosError as error:
        # A refusal before rendering speaks for itself; a failure while writing says what became of the files.
        kept = "; the old files are untouched" if existing else ""
        lines = str(error).splitlines()
        if writing:
            lines[-1] += f"; nothing was written{kept}"
        for line in lines:
            say(f"sos-print: {line}", err=True)
        raise typer.Exit(1) from None
    written = [
        f"{shown(path)} ({_pages(doc.pages) + _parts(doc.parts) if doc.pages else ''}{_kilobytes(len(doc.data))})"
        for path, doc in zip(targets, rendered, strict=True)
    ]
    report = " and ".join([", ".join(written[:-1]), written[-1]] if len(written) > 2 else written)
    try:
        say(f"wrote {report}")
    except StreamError as error:
        error.note = "the files were written in full"
        raise


def _pages(count: int) -> str:
    return f"{count} page" if count == 1 else f"{count} pages"


def _parts(parts: tuple[tuple[str, int, int], ...]) -> str:
    """Returns where each part of a file lies before its size, ": boards 1-15, ..., rules 31-32; ", or ", ". Parts of
    one name that follow each other (the rule sheet of each game a class plays) are said as one; a page left blank
    between two parts is said too ("blank 4"), so that nobody takes it for a page gone missing."""
    merged: list[tuple[str, int, int]] = []
    for part, first, last in parts:
        if merged and merged[-1][2] + 1 < first:
            merged.append(("blank", merged[-1][2] + 1, first - 1))
        if merged and merged[-1][0] == part and merged[-1][2] + 1 == first:
            merged[-1] = (part, merged[-1][1], last)
        else:
            merged.append((part, first, last))
    spans = [f"{part} {first}" + (f"-{last}" if last > first else "") for part, first, last in merged]
    return f": {', '.join(spans)}; " if spans else ", "


def _kilobytes(size: int) -> str:
    return f"{max(1, round(size / 1024))} KB"


def progress() -> ProgressFn:
    """Returns the progress line writer of a printing command (quiet when standard error is not a terminal).

    Each step is a checkpoint: a signal held off (see interrupts) stops the run there.
    """
    from sos_print.system import interrupts

    def step(what: str, done: int, total: int) -> None:
        interrupts.checkpoint()
        show_progress(f"writing {what}: {done}/{total}")

    return step
