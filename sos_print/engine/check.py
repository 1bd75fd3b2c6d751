"""Checks the claims of worked-example files against the rules engine."""

from __future__ import annotations

import os

from sos_print.engine.errors import ExampleFileError, IllegalMoveError, SosError
from sos_print.engine.examples import DRAW, END, NONE, ClaimedMove, Example, load_example
from sos_print.engine.frozen import frozen
from sos_print.engine.notation import cell_name, segment_names
from sos_print.engine.prose import Token, fact_problems, hand_written, parse_prose
from sos_print.engine.rules import Move, Outcome, Position, Step


@frozen
class Problem:
    """Holds one problem of one file: a false claim, or a reason the file cannot be used."""

    path: str
    message: str
    where: str = ""

    def __str__(self) -> str:
        return f"{self.path}: {self.where}: {self.message}" if self.where else f"{self.path}: {self.message}"


@frozen
class CheckedExample:
    """Holds an example with the engine's own account of every move."""

    example: Example
    start: Position
    steps: tuple[Step, ...]

    @property
    def final(self) -> Position:
        """Returns the position after the last move."""
        return self.steps[-1].after if self.steps else self.start

    def names(self, step: Step) -> str:
        """Returns the new segments of `step` named in the example's notation."""
        return segment_names(step.segments, self.example.size, self.example.notation)

    def prose(self, part: str, lang: str) -> tuple[Token, ...]:
        """Returns the example's `part` ("title" or "text") in `lang` as words and references (empty if none)."""
        text = getattr(self.example, part).get(lang, "")
        return parse_prose(text, self.example.size, self.example.notation) if text else ()


@frozen
class Report:
    """Holds the outcome of checking some paths: the usable examples and every problem found."""

    checked: tuple[CheckedExample, ...]
    problems: tuple[Problem, ...]
    files: int

    @property
    def ok(self) -> bool:
        """Tells whether every claim of every file holds."""
        return not self.problems

    def summary(self) -> str:
        """Returns the closing line of a check."""
        files = _plural(self.files, "file")
        if self.ok:
            return f"checked {files}: every claim holds"
        failing = len({problem.path for problem in self.problems})
        return f"checked {files}: {_plural(len(self.problems), 'problem')} in {_plural(failing, 'file')}"


class ClaimsError(SosError):
    """Signals that some example claims are false; carries the full report."""

    def __init__(self, report: Report) -> None:
        self.report = report
        super().__init__("\n".join([*map(str, report.problems), report.summary()]))


def replay_example(example: Example) -> CheckedExample:
    """Plays the moves of `example` with the engine; an illegal move makes the file unusable."""
    start = Position.start(example.start, example.variant)
    steps: list[Step] = []
    position = start
    for claimed in example.moves:
        try:
            step = position.step(Move(claimed.cell, claimed.letter))
        except IllegalMoveError as error:
            name = cell_name(claimed.cell, example.size, example.notation)
            raise ExampleFileError(example.path, f"move {claimed.number}: {error.renamed(name)}") from None
        steps.append(step)
        position = step.after
    return CheckedExample(example, start, tuple(steps))


def claim_problems(checked: CheckedExample) -> list[Problem]:
    """Returns one problem per false claim of a replayed example."""
    example = checked.example
    problems = [
        Problem(example.path, message, f"move {claimed.number}")
        for claimed, step in zip(example.moves, checked.steps, strict=True)
        for message in _move_problems(claimed, step, checked)
    ]
    problems += [Problem(example.path, message, "result") for message in _result_problems(checked)]
    for part in ("title", "text"):
        for lang in sorted(getattr(example, part)):
            problems += [
                Problem(example.path, message, f"{part} {lang}") for message in _prose_problems(checked, part, lang)
            ]
    return problems


def _prose_problems(checked: CheckedExample, part: str, lang: str) -> list[str]:
    """Returns what is wrong with the references of a title or text, and the facts it states by hand."""
    try:
        tokens = checked.prose(part, lang)
    except SosError as error:
        return [str(error)]
    return hand_written(getattr(checked.example, part)[lang], checked.example.notation) + fact_problems(
        tokens, checked.start, checked.steps
    )


def check_paths(paths: list[str]) -> Report:
    """Checks every example file named by `paths` (files, or folders of *.toml files), in the order given."""
    checked: list[CheckedExample] = []
    problems: list[Problem] = []
    files = 0
    for path in paths:
        found, missing = expand_path(path)
        problems += missing
        files += len(found)
        for file in found:
            try:
                replayed = replay_example(load_example(file))
            except ExampleFileError as error:
                problems.append(Problem(error.path, error.message))
                continue
            false_claims = claim_problems(replayed)
            problems += false_claims
            if not false_claims:
                checked.append(replayed)
    return Report(tuple(checked), tuple(problems), files)


def verify(paths: list[str]) -> tuple[CheckedExample, ...]:
    """Returns the checked examples of `paths`, or raises ClaimsError if anything is wrong."""
    report = check_paths(paths)
    if not report.ok:
        raise ClaimsError(report)
    return report.checked


def expand_path(path: str) -> tuple[list[str], list[Problem]]:
    """Returns the example files named by `path` (a file, or a folder's *.toml sorted by name) or why there are none."""
    if os.path.isdir(path):
        names = sorted(name for name in os.listdir(path) if name.endswith(".toml"))
        files = [os.path.join(path, name) for name in names if os.path.isfile(os.path.join(path, name))]
        return files, [] if files else [Problem(path, "this folder holds no .toml example file")]
    if os.path.exists(path):
        return [path], []
    return [], [Problem(path, "no such file or folder")]


def _move_problems(claimed: ClaimedMove, step: Step, checked: CheckedExample) -> list[str]:
    problems = []
    given = f" ({checked.names(step)})" if step.segments else ""
    if claimed.by is not None and claimed.by != step.seat:
        problems.append(f"claims {claimed.by} writes this letter, the rules give {step.seat}")
    if claimed.points is not None and claimed.points != step.points:
        problems.append(f"claims {_plural(claimed.points, 'point')}, the rules give {step.points}{given}")
    if claimed.lines is not None:
        problems += _line_problems(claimed, step, checked)
    if claimed.next is not None:
        actual = step.next_seat or END
        if claimed.next != actual:
            problems.append(f"claims {_next_words(claimed.next)}, the rules give {_next_words(actual)}")
    return problems


def _line_problems(claimed: ClaimedMove, step: Step, checked: CheckedExample) -> list[str]:
    assert claimed.lines is not None
    example = checked.example
    repeated = sorted({seg for seg in claimed.lines if claimed.lines.count(seg) > 1})
    if repeated:
        names = segment_names(repeated, example.size, example.notation)
        return [f"lists {names} more than once: a line counts once, however it is read"]
    if set(claimed.lines) == set(step.segments):
        return []
    said = segment_names(claimed.lines, example.size, example.notation) or "no line"
    actual = checked.names(step) or "no line"
    return [f"claims lines {said}, the rules give {actual}"]


def _result_problems(checked: CheckedExample) -> list[str]:
    example, final = checked.example, checked.final
    problems = []
    if example.score is not None:
        actual = {side: final.side_scores[side] for side in example.score}
        if actual != example.score:
            problems.append(f"claims score {_scores(example.score)}, the rules give {_scores(actual)}")
    if example.winner is not None:
        actual_winner = _winner_name(final.outcome)
        if example.winner != actual_winner:
            going_on = " (the game goes on)" if actual_winner == NONE else ""
            problems.append(f"claims winner {example.winner}, the rules give {actual_winner}{going_on}")
    return problems


def _winner_name(outcome: Outcome | None) -> str:
    if outcome is None:
        return NONE
    return outcome.winner or DRAW


def _next_words(next_seat: str) -> str:
    return "the game ends" if next_seat == END else f"{next_seat} writes next"


def _scores(scores: dict[str, int]) -> str:
    return ", ".join(f"{side} {points}" for side, points in scores.items())


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
