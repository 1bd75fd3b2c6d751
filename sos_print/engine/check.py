"""Checks the claims of worked-example files against the rules engine."""

from __future__ import annotations

import os
import stat
from collections import Counter
from collections.abc import Callable

from sos_print.engine.errors import (
    NO_SCORE_SHEET,
    ExampleFileError,
    GameOverError,
    IllegalMoveError,
    PrintedDocumentError,
    SosError,
    rows_said,
    shown,
)
from sos_print.engine.examples import (
    DRAW,
    END,
    MAX_BYTES,
    NONE,
    ClaimedMove,
    Example,
    is_example,
    load_example,
)
from sos_print.engine.files import (
    file_kind,
    is_apple_double,
    is_office_companion,
    is_pdf,
    packed_kind,
    unread_reason,
    unreadable_reason,
)
from sos_print.engine.frozen import frozen, replace
from sos_print.engine.grid import all_cells
from sos_print.engine.notation import Notation, cell_name, segment_names
from sos_print.engine.prose import Token, fact_problems, hand_written, parse_prose
from sos_print.engine.records import TABLE_SUFFIXES, is_record, is_typed_record, saved_otherwise
from sos_print.engine.rules import MAX_PLAYERS, Board, Move, Outcome, Position, Step, Variant


@frozen
class Problem:
    """Holds one problem of one path: a false claim, a file that cannot be used, or a path not read at all.

    `unread` marks a path that gave no file to check (missing, unreadable, not a regular file); `passed` one that
    the run does not read and says so in a note, as a folder's game records when only worked examples are wanted.
    """

    path: str
    message: str
    where: str = ""
    unread: bool = False
    passed: bool = False
    move: int = 0  # the move a false claim is on, else 0

    def __str__(self) -> str:
        path = shown(self.path)  # a newline in a file name must not forge a line of the report
        return f"{path}: {self.where}: {self.message}" if self.where else f"{path}: {self.message}"

    @property
    def false_claim(self) -> bool:
        """Tells whether this is a claim the rules contradict (not a file that cannot be used)."""
        return bool(self.where)  # only claims are placed at a move or at the result


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
    """Holds the outcome of checking some paths: the usable examples, every problem found, and the files passed over
    (named in notes: a folder's records, when only worked examples are read)."""

    checked: tuple[CheckedExample, ...]
    problems: tuple[Problem, ...]
    files: int
    passed: tuple[Problem, ...] = ()
    unfinished: tuple[CheckedExample, ...] = ()  # records (not worked examples) that stop before the game's end
    in_turn: tuple[tuple[str, int], ...] = ()  # CSV records whose writers take turns as another number of players do
    skipped: tuple[tuple[str, tuple[int, ...]], ...] = ()  # filled audits with rows left empty above filled ones

    @property
    def ok(self) -> bool:
        """Tells whether every claim of every file holds."""
        return not self.problems

    @property
    def only_false_claims(self) -> bool:
        """Tells whether every problem is a false claim (every file could be read and used)."""
        return all(problem.false_claim for problem in self.problems)

    def summary(self) -> str:
        """Returns the closing line of a check: files read and their problems, then paths not read."""
        read = [problem for problem in self.problems if not problem.unread]
        unread = len(self.problems) - len(read)
        parts = []
        if read:
            failing = len({problem.path for problem in read})
            parts.append(f"{_plural(len(read), 'problem')} in {_plural(failing, 'file')}")
        elif self.files:
            parts.append(
                "every claim holds" if not unread else f"every claim in {'it' if self.files == 1 else 'them'} holds"
            )
        if unread:
            parts.append(f"{_plural(unread, 'path')} not checked")
        files = _plural(self.files, "file") if self.files else "no file"
        return f"checked {files}: {'; '.join(parts)}"


class ClaimsError(SosError):
    """Signals that some example claims are false; carries the full report."""

    def __init__(self, report: Report) -> None:
        self.report = report
        super().__init__("\n".join([*map(str, report.problems), report.summary()]))


def replay_example(example: Example) -> CheckedExample:
    """Plays the moves of `example` with the engine; an illegal move or a row that cannot be read makes it unusable."""
    checked, stop = replay_until_stopped(example)
    if stop is not None:
        raise stop
    return checked


def replay_until_stopped(example: Example) -> tuple[CheckedExample, ExampleFileError | None]:
    """Plays the moves of `example` up to the first illegal one; returns what was played and why it stopped, if it did.

    The example of the result holds only the moves played, so that their claims can still be checked.
    """
    start = Position.start(example.start, example.variant)
    steps: list[Step] = []
    position = start
    for k, claimed in enumerate(example.moves):
        try:
            step = position.step(Move(claimed.cell, claimed.letter))
        except IllegalMoveError as error:
            name = cell_name(claimed.cell, example.size, example.notation)
            said = str(error.renamed(name))
            if isinstance(error, GameOverError) and steps:  # not why: "--target 3" took a teacher a search (ad76, 8)
                said = (
                    f"the game is already over ({_why_over(steps[-1], k, example.variant)}): no letter can go in {name}"
                    + _after(example.moves[k + 1 :], example.past)
                )
            stop = ExampleFileError(example.path, f"{claimed.place}: {said}")
            return CheckedExample(replace(example, moves=example.moves[:k]), start, tuple(steps)), stop
        steps.append(step)
        position = step.after
    unread = ExampleFileError(example.path, example.stopped) if example.stopped else None
    return CheckedExample(example, start, tuple(steps)), unread


def _after(later: tuple[ClaimedMove, ...], past: tuple[int, ...] = ()) -> str:
    """Says that the moves after one played past the game's end are not checked either, by their rows where a table
    gave them (`past`: those it did not read): the rows under it went without a word, where an unreadable row names
    them (ad92, 4)."""
    rows = [move.row for move in later if move.row is not None] + list(past)
    if rows:
        return f"; {rows_said(rows, most=6)} after it {'is' if len(rows) == 1 else 'are'} not checked either"
    if not later:
        return ""
    moves = "the move after it is" if len(later) == 1 else f"the {len(later)} moves after it are"
    return f"; {moves} not checked either"


def _why_over(last: Step, number: int, variant: Variant) -> str:
    """Says why a game ended on its move `number`, `last`: a side reached the target, made the first S-O-S, or the
    board was full."""
    scores = last.after.side_scores
    side = max(scores, key=lambda name: scores[name])
    called = f"team {' + '.join(side)}" if variant.teams else side
    if variant.first_sos_wins:
        return f"{called} made the first S-O-S on move {number}"
    if variant.target:
        return f"{called} reached the target of {variant.target} on move {number}"
    return f"the board was full after move {number}"


def played_as(checked: CheckedExample, size: int, variant: Variant) -> CheckedExample | None:
    """Returns the example played on an empty board of `size` under `variant` instead of its own board and rules, the
    same cells counted from the bottom-left corner, if it goes there as it went: every letter of it is on that board,
    every move is written by the same player, scores the same points and hands the turn to the same player (or ends
    the game), and every claim of it, its text included, holds; else None.

    So an example is shown in another variant only where that variant plays it alike: a game that ended because its
    board filled up would go on on a larger one, a point scored under "first S-O-S wins" ends the game, a third
    player takes the third turn, and a claimed score for player A is no score of a team.
    """
    example = checked.example
    if size == example.size and variant == example.variant:
        return checked
    written = [cell for cell in all_cells(example.size) if example.start[cell] is not None]
    if not all(cell.on_board(size) for cell in [*written, *(claimed.cell for claimed in example.moves)]):
        return None
    start = Board.empty(size)
    for cell in written:
        letter = example.start[cell]
        assert letter is not None
        start = start.with_letter(cell, letter)
    try:
        moved = replay_example(replace(example, start=start, variant=variant))
    except ExampleFileError:  # a move after the game ended there
        return None
    return moved if _course(moved) == _course(checked) and not claim_problems(moved) else None


def _course(checked: CheckedExample) -> tuple[tuple[tuple[str, int, str | None], ...], bool]:
    """Returns how a game went: each move's writer, points and next writer, and whether it ended."""
    return tuple((step.seat, step.points, step.next_seat) for step in checked.steps), checked.final.is_over


def claim_problems(checked: CheckedExample, whole: bool = True) -> list[Problem]:
    """Returns one problem per error of a replayed example's claims (of its moves only, if not played `whole`).

    A running total that only carries an earlier error forward is no error of its own: it is named on the line of
    the error it carries (see `check_rows`).
    """
    example = checked.example
    rows = check_rows(checked)
    previous: tuple[Step | None, ...] = (None, *checked.steps)[: len(checked.steps)]
    runs = _carried_runs(checked, rows)
    # The group of a class's audit, which holds several: "move 6 (row 6)" did not say whose (designer's review dz86)
    group = f"group {example.header.group}, " if example.header.groups > 1 else ""
    problems = [
        Problem(example.path, message, group + claimed.place, move=claimed.number)
        for claimed, step, before, row in zip(example.moves, checked.steps, previous, rows, strict=True)
        for message in _move_problems(claimed, step, before, checked, row, runs)
    ]
    if not whole:
        return problems  # the result and the text speak of the whole game
    problems += [Problem(example.path, message, group + "result") for message in _result_problems(checked)]
    problems += [Problem(example.path, message, group + "pause box") for message in _pause_problems(checked)]
    for part in ("title", "text"):
        for lang in sorted(getattr(example, part)):
            problems += [
                Problem(example.path, message, f"{part} {lang}") for message in _prose_problems(checked, part, lang)
            ]
    return problems


@frozen
class Carried:
    """Holds a running total that is wrong only because it carries an earlier error forward, and the move (as the
    record numbers it) where that error was made."""

    side: str
    origin: int


@frozen
class RowCheck:
    """Holds what checking one row of a record found: its claims that are errors of their own, in the order `check`
    reports them ("player", "points", "lines", "next", then "total A", "total AC"...), and its running totals that
    only carry an earlier error forward."""

    wrong: tuple[str, ...]
    carried: tuple[Carried, ...] = ()


def check_rows(checked: CheckedExample) -> tuple[RowCheck, ...]:
    """Returns what each row of a replayed record claims wrongly, its running totals told apart (docs/design.md,
    "Errors of a score sheet"): a wrong total is *carried forward*, and no error of its own, when its error is the
    previous row's total's, or that plus this row's own error of points (or of player): the total the row before
    claims, plus this row's points for that side as the rules give them or as the row claims them.
    """
    example = checked.example
    variant = example.variant
    before = dict(checked.start.side_scores)  # the total the row before claims (the rules' where it claims none)
    source: dict[str, int | None] = dict.fromkeys(variant.sides)  # the move whose error that total carries
    rows = []
    for claimed, step in zip(example.moves, checked.steps, strict=True):
        wrong = [name for name, failed in _claim_errors(claimed, step) if failed]
        mover, points = claimed.by or step.seat, step.points if claimed.points is None else claimed.points
        totals = dict(claimed.totals)
        carried = []
        for side in variant.sides:
            right, said = step.after.side_scores[side], totals.get(side)
            gain = step.points if variant.side_of(step.seat) == side else 0
            claimed_gain = points if variant.side_of(mover) == side else 0
            if said is None or said == right:
                before[side], source[side] = right, None
                continue
            origin = source[side]
            if claimed_gain != gain and said == before[side] + claimed_gain:
                origin = claimed.number  # the total took this row's own error of points or player
                carried.append(Carried(side, origin))
            elif said == before[side] + gain and origin is not None:
                carried.append(Carried(side, origin))
            else:
                origin = claimed.number
                wrong.append(f"total {side}")
            before[side], source[side] = said, origin
        # a total claimed for a side of another variant (an example played as the kit plays, see played_as)
        wrong += [f"total {side}" for side in totals if side not in variant.sides]
        rows.append(RowCheck(tuple(wrong), tuple(carried)))
    return tuple(rows)


def _claim_errors(claimed: ClaimedMove, step: Step) -> list[tuple[str, bool]]:
    """Returns each claim of a row but its totals, and whether the rules contradict it."""
    lines = claimed.lines
    return [
        ("player", claimed.by is not None and claimed.by != step.seat),
        ("points", claimed.points is not None and claimed.points != step.points),
        ("lines", lines is not None and (len(set(lines)) != len(lines) or set(lines) != set(step.segments))),
        ("next", claimed.next is not None and claimed.next != (step.next_seat or END)),
    ]


# The running totals that carry each error forward: by the move that made it and the side, the moves they are on.
Runs = dict[tuple[int, str], list[int]]


def _carried_runs(checked: CheckedExample, rows: tuple[RowCheck, ...]) -> Runs:
    runs: Runs = {}
    for claimed, row in zip(checked.example.moves, rows, strict=True):
        for carried in row.carried:
            runs.setdefault((carried.origin, carried.side), []).append(claimed.number)
    return runs


def _carries(number: int, sides: list[str], runs: Runs) -> str:
    """Returns what the line of the error made on move `number` adds for the totals of `sides` that carry it
    forward ("; the totals of A on moves 4 to 12 carry it forward"), or nothing."""
    found = [(side, runs[(number, side)]) for side in sides if (number, side) in runs]
    if not found:
        return ""
    spans = [
        f"{_side_name(side)} on " + (f"move {moves[0]}" if len(moves) == 1 else f"moves {moves[0]} to {moves[-1]}")
        for side, moves in found
    ]
    one = sum(len(moves) for _, moves in found) == 1
    return (
        f"; the {'total' if one else 'totals'} of {' and of '.join(spans)} {'carries' if one else 'carry'} it forward"
    )


def _prose_problems(checked: CheckedExample, part: str, lang: str) -> list[str]:
    """Returns what is wrong with the references of a title or text, and the facts it states by hand."""
    try:
        tokens = checked.prose(part, lang)
    except SosError as error:
        return [str(error)]
    return hand_written(getattr(checked.example, part)[lang], checked.example.notation) + fact_problems(
        tokens, checked.start, checked.steps, checked.example.notation
    )


def check_paths(
    paths: list[str],
    load: Callable[[str], Example] = load_example,
    tables: bool = False,
    forms: bool = False,
    examples: bool = False,
) -> Report:
    """Checks every example file named by `paths` (files, or folders of them), in the order given.

    `load` reads one file; the command line passes one that also reads game records, with `forms`
    when it reads a folder's filled audits (.pdf) and `tables` when it can read its CSV records
    too (it knows their board size). A folder's record that is not read is named as skipped. Each file
    is checked and counted once, however often it is named (itself, or in a folder and by name), and a
    folder named is never skipped as one inside another. With `examples` (worked examples wanted, not records), a
    folder's records and PDFs are passed over, each named in the report's `passed`.
    """
    checked: list[CheckedExample] = []
    problems: list[Problem] = []
    passed: list[Problem] = []
    unfinished: list[CheckedExample] = []
    in_turn: list[tuple[str, int]] = []
    skipped: list[tuple[str, tuple[int, ...]]] = []
    files = 0
    given: dict[object, str] = {}  # each path once, where it is first given
    for path in paths:
        given.setdefault(_same(path), path)
    named = {key for key, path in given.items() if os.path.isdir(path)}  # a folder named is checked, never skipped
    read: set[object] = set()  # each file once, however many folders hold it
    for path in given.values():
        found, missing = expand_path(path, tables, forms, examples)
        passed += [problem for problem in missing if problem.passed]
        missing = [problem for problem in missing if not problem.passed]
        # a folder inside this one that is named too is checked, not skipped; the problems of this one stay
        problems += [problem for problem in missing if problem.path == path or _same(problem.path) not in named]
        found = _first_of_each(found, read)
        files += len(found)
        before = len(passed)
        for file in found:
            try:
                example = load(file)
            except PrintedDocumentError as error:
                if file == path:  # named: refused, as any file that holds no record
                    problems.append(Problem(error.path, error.message))
                    continue
                passed.append(Problem(error.path, f"passed over: sos-print's {error.what}, {NO_SCORE_SHEET}"))
                files -= 1
                continue
            except ExampleFileError as error:
                problems.append(Problem(error.path, error.message, unread=error.unread))
                files -= error.unread
                continue
            if example.skipped:
                skipped.append((file, example.skipped))
            replayed, stop = replay_until_stopped(example)
            false_claims = claim_problems(replayed, whole=stop is None)
            if is_typed_record(file) and (players := players_in_turn(replayed)):
                in_turn.append((file, players))
            problems += false_claims
            if stop is not None:
                problems.append(Problem(stop.path, stop.message))
                continue
            if not false_claims:
                checked.append(replayed)
            if not (file.lower().endswith(".toml") and not is_pdf(file)) and not replayed.final.is_over:
                unfinished.append(replayed)
        if found and len(passed) - before == len(found):  # a kit's folder: "checked no file: ", status 0 (ad98, 3)
            problems.append(
                Problem(path, f"this folder holds only documents sos-print printed, {NO_SCORE_SHEET}", unread=True)
            )
    return Report(
        tuple(checked), tuple(problems), files, tuple(passed), tuple(unfinished), tuple(in_turn), tuple(skipped)
    )


def players_in_turn(game: CheckedExample) -> int:
    """Returns the fewest players (2 to 4), other than the game's own, with whom every move a record says who wrote is
    written by the player whose turn it is, where some move is written out of turn with the game's own number; else 0.

    A 2-player record checked as a game of 3 has half its moves out of turn (review nt62, 8).
    """
    example = game.example
    claimed = [move.by for move in example.moves]
    if all(by in (None, step.seat) for by, step in zip(claimed, game.steps, strict=False)):
        return 0
    own = example.variant
    for players in range(2, MAX_PLAYERS + 1):
        if players == own.players:
            continue
        position = Position.start(example.start, Variant(players, target=own.target, first_sos_wins=own.first_sos_wins))
        try:
            for by, move in zip(claimed, example.moves, strict=True):
                step = position.step(Move(move.cell, move.letter))
                if by not in (None, step.seat):
                    break
                position = step.after
            else:
                return players
        except IllegalMoveError:  # a move after that game's end
            continue
    return 0


def filled_corner(game: CheckedExample) -> int:
    """Returns the side of the smaller board whose every cell the game's moves fill, counted from the corner its
    notation counts from (a whole 4 x 4 game recorded as 5 x 5: 4), or 0 if they fill none: the bottom-left in A1,
    the top-left in L1C1, where a 4 x 4 game's rows are L1 to L4 (sweep ad67, 1)."""
    cells = [step.move.cell for step in game.steps]
    size = game.example.size
    from_top = game.example.notation is Notation.L1C1
    side = max((max(cell.col, size - 1 - cell.row if from_top else cell.row) + 1 for cell in cells), default=0)
    return side if 3 <= side < game.example.size and len(cells) + game.start.board.filled() == side * side else 0


def _first_of_each(files: list[str], read: set[object]) -> list[str]:
    """Returns the files not in `read` (by `_same`), each once, and adds them to it: in one folder too, a file and a
    hard link or a link to it beside it were three problems of one (sweep ad89, 7)."""
    first = []
    for file in files:
        if (key := _same(file)) not in read:
            read.add(key)
            first.append(file)
    return first


def _same(path: str) -> object:
    """Returns what tells a file or folder apart whatever it is called (a link, "./a.pdf", a hard link): its device
    and inode, or its absolute name when it cannot be looked at."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return os.path.abspath(path)
    return (info.st_dev, info.st_ino)


def load_worked_example(path: str) -> Example:
    """Reads the worked example at `path`; a game record or a PDF given instead is named as what it is (read as TOML,
    a record was "a TOML syntax error" and a PDF "not UTF-8 text")."""
    if not path.lower().endswith(".toml"):
        if is_office_companion(path):  # "is named as a game record (.csv)" (ad87, 12)
            raise ExampleFileError(path, f"is {packed_kind(path)}", unread=True)
        if is_pdf(path):
            raise ExampleFileError(path, "is a PDF, not a worked example (.toml)", unread=True)
        if is_record(path):
            raise ExampleFileError(path, "is a game record (CSV), not a worked example (.toml)", unread=True)
        lower = path.lower()
        # An empty one read as TOML was "missing key 'size'" (sweep ad50, F7); a .txt may be an example with a typo.
        if lower.endswith((".csv", ".tsv", _FORM)) and not is_example(path):
            kind = "a filled audit" if lower.endswith(_FORM) else "a game record"
            suffix = lower.rsplit(".", 1)[1]
            raise ExampleFileError(path, f"is named as {kind} (.{suffix}), not a worked example (.toml)", unread=True)
    return load_example(path)


def verify(paths: list[str]) -> tuple[CheckedExample, ...]:
    """Returns the checked examples of `paths`, or raises ClaimsError if anything is wrong."""
    return verify_examples(paths)[0]


def verify_examples(paths: list[str]) -> tuple[tuple[CheckedExample, ...], tuple[Problem, ...]]:
    """Returns the checked worked examples of `paths` and the files of its folders passed over as no example (records,
    PDFs), or raises ClaimsError if anything is wrong."""
    report = check_paths(paths, load_worked_example, examples=True)
    if not report.ok:
        raise ClaimsError(report)
    return report.checked, report.passed


_FOLDER_INSIDE = "skipped: a folder inside the folder"


def expand_path(
    path: str, tables: bool = False, forms: bool = False, examples: bool = False
) -> tuple[list[str], list[Problem]]:
    """Returns the files named by `path` (a file, or a folder's examples and records sorted by name) and what was
    skipped.

    A folder's *.toml files are checked, its filled audits (*.pdf) if `forms`, its records typed
    from an audit (*.csv, *.tsv, *.txt, as a file named alone is read) if `tables`; a record that
    is not is named as skipped, with the reason, so that a clean report never hides a file that
    was not read. Only regular files (or links to them) are checked; any other entry (a dangling
    link, a FIFO, a folder) is named as skipped. With `examples` (worked examples wanted: kit, teacher), its
    records and PDFs are passed over (`Problem.passed`), and its other files as always.
    """
    try:
        info = os.stat(path)
    except OSError as error:
        return [], [Problem(path, unreadable_reason(path, error), unread=True)]
    if not stat.S_ISDIR(info.st_mode):
        return [path], []  # read, or refused with a reason, by load_example
    if info.st_nlink == 0:  # "." of a shell in a folder deleted since: it "held no example file" (ad87, 6)
        return [], [Problem(path, "this folder no longer exists (deleted or moved)", unread=True)]
    try:
        names = sorted(os.listdir(path))
    except OSError as error:
        reason = "permission denied" if isinstance(error, PermissionError) else error.strerror or str(error)
        return [], [Problem(path, f"cannot list this folder: {reason}", unread=True)]
    files, skipped = [], []
    for name in names:
        lower = name.lower()
        if _companion(os.path.join(path, name)) or _tool_folder(os.path.join(path, name)):
            continue
        if examples and not lower.endswith(".toml") and _readable_name(name):
            reason = "skipped: not a worked example (.toml)"
            skipped.append(Problem(os.path.join(path, name), reason, unread=True, passed=True))
            continue
        if not _readable_name(name) and examples:  # only a worked example named otherwise is one not read
            entry = os.path.join(path, name)
            if _holds_records(entry):  # named, not read: examples are read from the folders given
                reason = f"{_FOLDER_INSIDE}; name it to read its examples"
                skipped.append(Problem(entry, reason, unread=True, passed=True))
            elif is_example(entry):
                reason = "skipped: a worked example whose name does not end in .toml; name it to read it"
                skipped.append(Problem(entry, reason, unread=True))
            elif is_pdf(entry) or is_record(entry):  # a record whose name lost its suffix: named as one with it is
                reason = "skipped: not a worked example (.toml)"
                skipped.append(Problem(entry, reason, unread=True, passed=True))
            continue
        if not _readable_name(name):
            entry = os.path.join(path, name)
            if closed := _unlisted(entry):  # a folder inside that cannot be listed may hold anything
                skipped.append(Problem(entry, f"skipped: cannot list this folder: {closed}", unread=True))
            elif _holds_records(entry):  # a folder of records inside the folder: named, so that none is passed over
                skipped.append(Problem(entry, "skipped: a folder inside the folder; name it to check it", unread=True))
            elif os.path.islink(entry) and _holds_records(entry, follow=True) and _same(entry) != _same(path):
                # named as a folder is, not followed: a link may lead back up the tree, or to files read already
                reason = "skipped: a link to a folder of records; name the folder to check it"
                skipped.append(Problem(entry, reason, unread=True))
            elif is_example(entry):  # a worked example whose name lost its .toml, as a PDF below
                reason = "skipped: a worked example whose name does not end in .toml; name it to check it"
                skipped.append(Problem(entry, reason, unread=True))
            elif is_pdf(entry):  # a filled audit whose name lost its .pdf: named, never passed over in silence
                reason = "skipped: a PDF whose name does not end in .pdf; name it to check it"
                skipped.append(Problem(entry, reason, unread=True))
            elif is_record(entry):  # a record whose name lost its .csv, as a PDF above
                reason = "skipped: a game record whose name does not end in .csv, .tsv or .txt; name it to check it"
                skipped.append(Problem(entry, reason, unread=True))
            elif kind := packed_kind(entry):  # a group's record saved as a workbook, or sent in an archive
                skipped.append(Problem(entry, f"skipped: {kind}", unread=True))
            elif unread := _unread(entry, name):  # anything else but notes, pictures and documents
                skipped.append(Problem(entry, f"skipped: {unread}", unread=True))
            continue
        entry = os.path.join(path, name)
        if lower.endswith(TABLE_SUFFIXES) and _plain(entry) and not is_record(entry):
            # A class list beside the records was "a game record typed from an audit; give --size" (review nt64, 6);
            # with --size, a class list or notes was read as a record with a problem, counted with the real ones
            # (ad86, 6; ad87, 5). A worked example saved as .txt is named as one, as under any other name (ad83, 9).
            reason = "skipped: not a game record (no header row with player, letter and cell columns)"
            if is_pdf(entry):  # as when named alone (sweep ad97, C2)
                reason = "skipped: a PDF, not a CSV record: if it is a filled audit, give it a name ending in .pdf"
            elif is_example(entry):
                reason = "skipped: a worked example whose name does not end in .toml; name it to check it"
            elif kind := packed_kind(entry) or saved_otherwise(entry):  # as when named alone (sweep ad109, C2)
                reason = f"skipped: {kind}"
            skipped.append(Problem(entry, reason, unread=True))
            continue
        if lower.endswith(TABLE_SUFFIXES) and not tables and os.path.isfile(entry):
            # only a file: a link to nothing was "a game record; give --size" (sweep ad78, 1), named below as it is
            reason = "skipped: a game record typed from an audit; give --size to check it"
            skipped.append(Problem(entry, reason, unread=True))
            continue
        if lower.endswith(_FORM) and not forms:
            skipped.append(Problem(entry, "skipped: a filled audit; sos-print check reads it", unread=True))
            continue
        try:
            mode = os.stat(entry).st_mode
        except OSError as error:
            skipped.append(Problem(entry, f"skipped: {unreadable_reason(entry, error)}", unread=True))
            continue
        if stat.S_ISREG(mode):
            files.append(entry)
        else:
            kind = "a folder" if stat.S_ISDIR(mode) else file_kind(mode)
            skipped.append(Problem(entry, f"skipped: {kind}, not a regular file", unread=True))
    if examples and not files and all(problem.passed for problem in skipped):  # its records named, no example read
        inside = [problem.path for problem in skipped if problem.message.startswith(_FOLDER_INSIDE)]
        # Its examples in a folder inside it: said in the one line, which named none of them (sweep ad97, C6).
        message = "this folder holds no worked example (.toml)"
        if inside:
            message += f"; the folder inside it, {shown(inside[0])}, is not read: give it to read its examples"
        return [], [*skipped, Problem(path, message, unread=True)]
    if not files and not skipped:
        message = "this folder holds no example file or game record (.toml, .csv, .tsv, .txt, .pdf)"
        return [], [Problem(path, message, unread=True)]
    return files, skipped


_FORM = ".pdf"


def _plain(entry: str) -> bool:
    """Tells whether a folder's entry is a regular file this run may read whole (else it is named for what stops it:
    a record of more than MAX_BYTES was "not a game record", not its size, ad88, 2)."""
    return os.path.isfile(entry) and os.access(entry, os.R_OK) and os.path.getsize(entry) <= MAX_BYTES


def _readable_name(name: str) -> bool:
    """Tells whether a folder's entry is named as a file `check` reads: an example, a record or a filled audit."""
    return name.lower().endswith((".toml", *TABLE_SUFFIXES, _FORM))


def _unlisted(entry: str) -> str | None:
    """Returns why `entry`, a folder (not a link to one), cannot be listed, or None if it can or is no folder."""
    try:
        if not stat.S_ISDIR(os.lstat(entry).st_mode):
            return None
        os.scandir(entry).close()
    except OSError as error:
        return "permission denied" if isinstance(error, PermissionError) else error.strerror or str(error)
    return None


def _unread(entry: str, name: str) -> str | None:
    """Returns why a folder's entry `check` reads in no way must be named, or None when it is harmless: a folder of
    no record, a FIFO or device, the system's hidden files (".DS_Store"), or what `unread_reason` lets pass."""
    try:
        info = os.stat(entry)
    except OSError as error:
        return unreadable_reason(entry, error)
    if saved := saved_otherwise(entry):  # a hidden one too, as a hidden record is read (ad91, 2)
        return saved
    if name.startswith(".") or not stat.S_ISREG(info.st_mode):
        return None
    return unread_reason(entry)


def _companion(entry: str) -> bool:
    """Tells whether a folder's entry is a file a system keeps beside each file or folder, passed over as ".DS_Store"
    is: a Mac's "._game.csv" (read as a record, it made a folder copied from a Mac fail), Windows' "Thumbs.db" and
    Excel's "~$game.csv". Each is told by its bytes too, so that a record named so is still read."""
    return (os.path.basename(entry).startswith("._") and is_apple_double(entry)) or is_office_companion(entry)


def _tool_folder(path: str) -> bool:
    """Tells whether a folder's entry is a folder a program keeps beside a teacher's files, passed over as ".DS_Store"
    is: a version control's, Python's, an editor's, a sync tool's, or one a Mac, Windows or a NAS keeps on a shared
    disk; named as folders that may hold records, each failed a class's check (ad91, 4; ad93, 5). One holding a file
    named as a record, an example or an audit is named still (ad93, 6)."""
    base = os.path.basename(path).lower()
    if not (base in _TOOL_FOLDERS or base.startswith(".trash-")) or os.path.islink(path) or not os.path.isdir(path):
        return False
    try:
        return not any(_readable_name(name) and os.path.isfile(os.path.join(path, name)) for name in os.listdir(path))
    except OSError:  # "lost+found" is root's alone
        return True


_TOOL_FOLDERS = frozenset({".git", ".hg", ".svn", ".venv", "venv", "__pycache__", "node_modules", ".ipynb_checkpoints"})
_TOOL_FOLDERS |= {".idea", ".vscode", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".tox", ".stversions", "@eadir"}
_TOOL_FOLDERS |= {".trash", ".trashes", ".spotlight-v100", ".fseventsd", ".temporaryitems", ".documentrevisions-v100"}
_TOOL_FOLDERS |= {"system volume information", "$recycle.bin", "lost+found"}


def _holds_records(entry: str, depth: int = 8, follow: bool = False) -> bool:
    """Tells whether `entry` is a folder (a link to one only if `follow`) that may hold what `check` reads, itself or
    in a folder below it: a file named as one, or one that is one by its content (a record, an audit or an example
    whose name lost its ending, or an archive), or a link; a folder deeper than `depth` or too long to look through
    is taken to hold some, so that nothing is passed over in silence."""
    try:
        if not stat.S_ISDIR((os.stat if follow else os.lstat)(entry).st_mode):
            return False
    except OSError:
        return False
    try:
        names = os.listdir(entry)
    except OSError:  # a folder below that cannot be listed may hold anything
        return True
    if len(names) > 1000:
        return True
    names = [
        name
        for name in names
        if not _companion(os.path.join(entry, name)) and not _tool_folder(os.path.join(entry, name))
    ]
    if any(map(_readable_name, names)) or (names and depth == 0):
        return True
    return any(_may_be_read(os.path.join(entry, name), depth - 1) for name in names)


def _may_be_read(entry: str, depth: int) -> bool:
    """Tells whether an entry of a folder inside a checked folder is, or may lead to, something `check` reads."""
    if os.path.islink(entry):
        return os.path.exists(entry)
    if os.path.isfile(entry):
        found = is_example(entry) or is_pdf(entry) or is_record(entry) or bool(packed_kind(entry))
        return found or _unread(entry, os.path.basename(entry)) is not None
    if not os.path.exists(entry):  # a name that cannot be looked at
        return _unread(entry, os.path.basename(entry)) is not None
    return _holds_records(entry, depth)


def _move_problems(
    claimed: ClaimedMove, step: Step, before: Step | None, checked: CheckedExample, row: RowCheck, runs: Runs
) -> list[str]:
    """Returns one line per error of a row's claims; the totals that carry an error forward are named on its line
    (a total's own error, else the points, else the player, whichever the totals took)."""
    wrong = set(row.wrong)
    sides = checked.example.variant.sides
    own = [side for side in sides if f"total {side}" not in wrong]  # errors of points or player carried as they are
    anchor = "points" if "points" in wrong else "player"
    problems = []
    given = f" ({checked.names(step)})" if step.segments else ""
    if "player" in wrong:
        problems.append(
            _turn_problem(claimed, step, before) + (_carries(claimed.number, own, runs) if anchor == "player" else "")
        )
    if "points" in wrong:
        problems.append(
            f"claims {_plural(claimed.points or 0, 'point')}, the rules give {step.points}{given}"
            + _carries(claimed.number, own, runs)
        )
    if "lines" in wrong:
        problems += _line_problems(claimed, step, checked)
    if "next" in wrong:
        actual = step.next_seat or END
        problems.append(f"claims {_next_words(claimed.next or END)}, the rules give {_next_words(actual)}")
    scores, totals = step.after.side_scores, dict(claimed.totals)
    for side in [*sides, *(side for side in totals if side not in sides)]:
        if f"total {side}" in wrong:
            name = _side_name(side)
            actual_total = f"the rules give {name} {scores[side]}" if side in scores else f"{name} plays no part here"
            problems.append(
                f"claims total {name} {totals[side]}, {actual_total}" + _carries(claimed.number, [side], runs)
            )
    return problems


def _turn_problem(claimed: ClaimedMove, step: Step, before: Step | None) -> str:
    """Says who should have written instead, and why: the first move, a score, or the turn passing on."""
    if before is None:
        return f"{claimed.by} wrote, but the first move is {step.seat}'s"
    if before.points:
        return f"{claimed.by} wrote, but {before.seat} scored on move {claimed.number - 1} and writes again"
    return f"{claimed.by} wrote, but move {claimed.number - 1} scored nothing, so {step.seat} writes next"


def _side_name(side: str) -> str:
    return " + ".join(side)


def _line_problems(claimed: ClaimedMove, step: Step, checked: CheckedExample) -> list[str]:
    assert claimed.lines is not None
    example = checked.example
    repeated = sorted(seg for seg, times in Counter(claimed.lines).items() if times > 1)  # linear: lists may be long
    if repeated:
        names = segment_names(repeated, example.size, example.notation)
        return [f"lists {names} more than once: a line counts once, however it is read"]
    if set(claimed.lines) == set(step.segments):
        return []
    said = segment_names(claimed.lines, example.size, example.notation)
    actual = checked.names(step) or "no line"
    return [f"claims {f'lines {said}' if said else 'no line'}, the rules give {actual}"]


def _result_problems(checked: CheckedExample) -> list[str]:
    example, final = checked.example, checked.final
    problems = []
    if example.score is not None:
        sides = final.side_scores
        unknown = [side for side in example.score if side not in sides]
        if unknown:  # an example played under another variant than its own (see played_as)
            problems.append(f"claims a score for {_side_name(unknown[0])}, who is no side of this game")
        actual = {side: sides[side] for side in example.score if side in sides}
        if not unknown and actual != example.score:
            problems.append(f"claims score {_scores(example.score)}, the rules give {_scores(actual)}")
    if example.winner is not None:
        actual_winner = _winner_name(final.outcome)
        if example.winner != actual_winner:
            going_on = " (the game goes on)" if actual_winner == NONE else ""
            problems.append(f"claims winner {example.winner}, the rules give {actual_winner}{going_on}")
    return problems


def pause_holds(checked: CheckedExample) -> bool:
    """Tells whether a record's pause box, if it has one, claims what the game gave at some moment: the points and
    the seat written there those of a moment before its first move or after one of its moves, the game not ended
    there (see `_pause_problems`)."""
    pause = checked.example.pause
    if pause is None or (not pause.scores and pause.next is None):
        return True
    for position in (checked.start, *(step.after for step in checked.steps)):
        scores = position.side_scores
        if all(scores.get(side) == points for side, points in pause.scores) and (
            pause.next is None or (not position.is_over and position.seat == pause.next)
        ):
            return True
    return False


def _pause_problems(checked: CheckedExample) -> list[str]:
    """Returns what is wrong with a pause box's claims: the points and the seat written there must be those of some
    moment of the game, before its first move or after one of its moves (the game may have gone on after the pause,
    in the same table), and the game must not have ended there."""
    pause = checked.example.pause
    if pause is None or pause_holds(checked):
        return []
    positions = [checked.start, *(step.after for step in checked.steps)]
    claimed = [f"{_side_name(side)} {points}" for side, points in pause.scores]
    claimed += [_next_words(pause.next)] if pause.next is not None else []
    last = positions[-1]
    actual = [f"{_side_name(side)} {points}" for side, points in last.side_scores.items() if pause.scores]
    actual.append(_next_words(END if last.is_over else last.seat))
    moves = len(checked.steps)
    after = f"after move {moves}" if moves else "before the first move"
    return [
        f"claims {', '.join(claimed)}, which the rules give at no moment of the game ({after}: {', '.join(actual)})"
    ]


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
