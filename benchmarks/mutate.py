"""Mutation testing: plants small bugs in a part of sos_print and checks that its tests catch each one.

Run by hand from the repository root (it takes a while; see docs/testing.md for the last scores):

    python benchmarks/mutate.py                          # the engine: every module of sos_print/engine/
    python benchmarks/mutate.py rules check              # some modules of the target only
    python benchmarks/mutate.py --target options         # cli/options.py; also: output, forms
    python benchmarks/mutate.py --list                   # the mutants and the tests, without running anything
    python benchmarks/mutate.py --sample 200 --seed 3    # 200 mutants drawn at random: an estimate
    python benchmarks/mutate.py --jobs 2                 # two mutants at a time (the default is one)
    python benchmarks/mutate.py --only prose#39 --tests test_prose.py   # one survivor against more tests
    python benchmarks/mutate.py --root ../old-checkout   # another checkout, with its own tests

A target is a set of modules and the test files that guard them (`TARGETS`): the engine's are
the test modules that import sos_print.engine and, at their top, no PDF reader. A mutant is one
small change to the syntax tree: a comparison, arithmetic, boolean or unary operator changed, a
number increased, a boolean flipped, a string constant changed, `not` or a minus sign dropped,
`break` and `continue` swapped; the literal text of f-strings is mutated too (messages and cell
names are made with them). Docstrings, type annotations, `@overload` signatures, `TypeVar`
names, format specifications, decorators, imports, `assert` statements and `if TYPE_CHECKING:`
blocks are left alone: they do not change what the code computes. A line ending in
`# pragma: no mutate` is left alone too; each such line must be explained in docs/testing.md.

First the target's tests run once unmutated, with a tracer that notes which functions of the
target each test calls. Then each mutant runs in a forked child of this process: the child
serves the mutated module from memory (nothing is written to disk) and runs, with pytest's
fail-fast, the tests that called the mutated function (every test of the target for a line
outside any function, run at import); a mutant they all pass is run again against every test
of the target, so that a test that reads a cached result or runs the code in a forked process
still counts. The tests run with Hypothesis derandomised (the `ci` profile), so that a score
can be reproduced, and without shrinking a failing example (a failure is all it takes). A
mutant is killed when a test fails or its run takes `--patience` times as long as the same
tests unmutated; it survives when every test of the target passes. A test that starts a new
Python process (`python -m sos_print ...`) runs the code on disk, never the mutant.

The script needs nothing beyond the test extra (`pip install '.[test]'`).
"""

from __future__ import annotations

import argparse
import ast
import copy
import importlib.abc
import importlib.util
import os
import random
import signal
import sys
import time
import types
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "sos_print" / "engine"
TESTS = ROOT / "tests"
NO_MUTATE = "# pragma: no mutate"

_SWAPS: dict[type, type] = {
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Div,
    ast.Div: ast.Mult,
    ast.FloorDiv: ast.Div,
    ast.Mod: ast.FloorDiv,
    ast.Pow: ast.Mult,
    ast.BitAnd: ast.BitOr,
    ast.BitOr: ast.BitAnd,
    ast.And: ast.Or,
    ast.Or: ast.And,
}
_SYMBOLS = {
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.In: "in",
    ast.NotIn: "not in",
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.Pow: "**",
    ast.BitAnd: "&",
    ast.BitOr: "|",
    ast.And: "and",
    ast.Or: "or",
}


@dataclass(frozen=True)
class Mutant:
    """Names one planted bug: the module, the place, what changed, and the mutated code."""

    module: str  # dotted name, e.g. sos_print.engine.rules
    path: Path
    number: int  # the mutant's rank in its module, from 1
    line: int
    change: str
    function: int = 0  # the first line of the innermost function around it (its decorators'), 0 outside any

    @property
    def name(self) -> str:
        return f"{self.path.stem}#{self.number}"

    def __str__(self) -> str:
        return f"{self.name} {self.path.relative_to(ROOT)}:{self.line}: {self.change}"


# --- Finding the mutation sites ---------------------------------------------------------


def _skipped_nodes(tree: ast.Module, lines: list[str]) -> set[int]:
    """Returns the ids of nodes that are never mutated: docstrings, annotations, decorators, asserts."""
    skipped: list[ast.AST] = []
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                skipped.append(body[0])
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            if any(ast.unparse(decorator) in ("overload", "typing.overload") for decorator in node.decorator_list):
                skipped.append(node)  # a signature for type checkers: it never runs
            skipped += [*node.decorator_list, *([node.returns] if node.returns else [])]
            args = node.args
            skipped += [a.annotation for a in (*args.posonlyargs, *args.args, *args.kwonlyargs) if a.annotation]
            skipped += [a.annotation for a in (args.vararg, args.kwarg) if a is not None and a.annotation]
        elif isinstance(node, ast.ClassDef):
            skipped += node.decorator_list
        elif isinstance(node, ast.Call) and ast.unparse(node.func) in ("TypeVar", "typing.TypeVar"):
            skipped.append(node)  # a type variable's name matters to type checkers only
        elif isinstance(node, ast.AnnAssign):
            skipped.append(node.annotation)
        elif isinstance(node, ast.Assert | ast.ImportFrom | ast.Import) or (
            isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
        ):
            skipped.append(node)
        elif isinstance(node, ast.FormattedValue) and node.format_spec is not None:
            skipped.append(node.format_spec)  # `:g`, `!r`: how a value is written, not what
        if hasattr(node, "lineno") and lines[node.lineno - 1].rstrip().endswith(NO_MUTATE):
            skipped.append(node)
    return {id(inner) for node in skipped for inner in ast.walk(node)}


def _sites(tree: ast.Module, lines: list[str]) -> Iterator[tuple[ast.AST, int, str]]:
    """Yields (node, variant, description) for every mutation of the tree, in the order of the source."""
    found = list(_all_sites(tree, lines))
    yield from sorted(found, key=lambda site: (site[0].lineno, site[0].col_offset, site[1]))  # type: ignore[attr-defined]


def _all_sites(tree: ast.Module, lines: list[str]) -> Iterator[tuple[ast.AST, int, str]]:
    skipped = _skipped_nodes(tree, lines)
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Compare):
            for k, op in enumerate(node.ops):
                yield node, k, f"{_SYMBOLS[type(op)]} -> {_SYMBOLS[_SWAPS[type(op)]]}"
        elif isinstance(node, ast.BinOp | ast.AugAssign | ast.BoolOp) and type(node.op) in _SWAPS:
            yield node, 0, f"{_SYMBOLS[type(node.op)]} -> {_SYMBOLS[_SWAPS[type(node.op)]]}"
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not | ast.USub):
            yield node, 0, f"{ast.unparse(node)} -> {ast.unparse(node.operand)}"
        elif isinstance(node, ast.Constant):
            value = node.value
            if isinstance(value, bool):
                yield node, 0, f"{value} -> {not value}"
            elif isinstance(value, int):
                yield node, 0, f"{value} -> {value + 1}"
            elif isinstance(value, str):
                yield node, 0, f"{value!r} -> {_mutated_string(value)!r}"
        elif isinstance(node, ast.Break | ast.Continue):
            yield node, 0, "break -> continue" if isinstance(node, ast.Break) else "continue -> break"


def _mutated_string(value: str) -> str:
    return f"XX{value}XX" if value else "XX"


def _mutate(node: ast.AST, variant: int) -> ast.AST:
    """Returns the mutated copy of `node`."""
    new = copy.copy(node)
    if isinstance(new, ast.Compare):
        ops = list(new.ops)
        ops[variant] = _SWAPS[type(ops[variant])]()
        new.ops = ops
    elif isinstance(new, ast.BinOp | ast.AugAssign | ast.BoolOp):
        new.op = _SWAPS[type(new.op)]()
    elif isinstance(new, ast.UnaryOp):
        return new.operand
    elif isinstance(new, ast.Constant):
        value = new.value
        if isinstance(value, bool):
            new.value = not value
        elif isinstance(value, int):
            new.value = value + 1
        else:
            new.value = _mutated_string(value)
    elif isinstance(new, ast.Break):
        return ast.copy_location(ast.Continue(), new)
    elif isinstance(new, ast.Continue):
        return ast.copy_location(ast.Break(), new)
    return new


def _replace(tree: ast.AST, old: ast.AST, new: ast.AST) -> None:
    """Puts `new` where `old` stands in `tree`."""
    for parent in ast.walk(tree):
        for field, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, field, new)
                return
            if isinstance(value, list) and any(item is old for item in value):
                value[[item is old for item in value].index(True)] = new
                return
    raise LookupError("mutation site not found")


def mutants_of(path: Path) -> list[Mutant]:
    """Returns every mutant of one module, numbered in a stable order."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    spans = _function_spans(tree)
    return [
        Mutant(module, path, number, node.lineno, change, _innermost(spans, node.lineno))
        for number, (node, _variant, change) in enumerate(_sites(tree, source.splitlines()), start=1)
    ]


def _function_spans(tree: ast.Module) -> list[tuple[int, int]]:
    """Returns (first line, last line) of every function: the first is its decorators', as its code object says."""
    return [
        (min([node.lineno, *(decorator.lineno for decorator in node.decorator_list)]), node.end_lineno or node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    ]


def _innermost(spans: list[tuple[int, int]], line: int) -> int:
    """Returns the first line of the innermost function holding `line`, or 0 if it runs at import."""
    around = [span for span in spans if span[0] <= line <= span[1]]
    return max(around)[0] if around else 0


def mutated_code(mutant: Mutant) -> types.CodeType:
    """Compiles the module with the one change of `mutant`, keeping the original line numbers."""
    source = mutant.path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    node, variant, _ = list(_sites(tree, source.splitlines()))[mutant.number - 1]
    _replace(tree, node, _mutate(node, variant))
    return compile(ast.fix_missing_locations(tree), str(mutant.path), "exec", dont_inherit=True)


# --- Running the tests against one mutant -----------------------------------------------


class _MutantFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves one module from a mutated code object instead of its file."""

    def __init__(self, mutant: Mutant) -> None:
        self.mutant = mutant

    def find_spec(self, name, path=None, target=None):  # the import protocol
        if name != self.mutant.module:
            return None
        return importlib.util.spec_from_file_location(name, self.mutant.path, loader=self)

    def create_module(self, spec):
        return None

    def exec_module(self, module) -> None:
        exec(mutated_code(self.mutant), module.__dict__)


@dataclass(frozen=True)
class Target:
    """Names what is mutated (files under the root, or a folder's modules) and the test files that guard it."""

    files: tuple[str, ...]
    tests: tuple[str, ...] = ()  # empty: the engine's tests, found by engine_tests()

    def paths(self) -> list[Path]:
        found: list[Path] = []
        for name in self.files:
            path = ROOT / name
            found += sorted(path.glob("*.py")) if path.is_dir() else [path]
        return found

    def test_files(self) -> list[str]:
        return [str(TESTS / name) for name in self.tests] if self.tests else engine_tests()


TARGETS = {
    "engine": Target(("sos_print/engine",)),
    # The shared options and how a command's were given: the CLI's own tests, and those that give options (a
    # class list's --roster, --shuffle and --seed are held by test_class_list.py).
    "options": Target(
        ("sos_print/cli/options.py",),
        (
            "test_cli.py",
            "test_solve_cli.py",
            "test_capacity.py",
            "test_records.py",
            "test_fuzz.py",
            "test_class_list.py",
        ),
    ),
    # Writing every file of a run whole, or none: the output tests, and the commands that write.
    "output": Target(
        ("sos_print/system/output.py",),
        ("test_output.py", "test_cli.py", "test_hostile_input.py", "test_fuzz.py", "test_process.py"),
    ),
    # A fillable audit's field names and reading a filled one back.
    "forms": Target(
        ("sos_print/forms/filled.py", "sos_print/forms/fields.py", "sos_print/forms/xref.py"),
        ("test_fillable.py", "test_records.py", "test_check.py"),
    ),
}


def engine_tests() -> list[str]:
    """Returns the test modules that import the engine and, at their top, no PDF reader, quickest kinds first.

    A module that reads a PDF in one test only (importing the reader inside it) still counts: its other tests
    are the engine's own, such as the prose references' messages.
    """
    found = []
    for path in sorted(TESTS.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported, at_top = _imports(ast.walk(tree)), _imports(iter(tree.body))
        if any(name.startswith("sos_print.engine") for name in imported) and "pdfread" not in at_top:
            found.append((("hypothesis" in imported), str(path)))
    # Tests without Hypothesis first: they are quick and kill most mutants.
    return [path for _, path in sorted(found)]


def _imports(nodes: Iterator[ast.AST]) -> set[str]:
    """Returns the modules the import statements among `nodes` name."""
    names: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
    return names


def _pytest_args(tests: list[str]) -> list[str]:
    return [*tests, "-x", "-q", "-p", "no:cacheprovider", "-o", "addopts=", "--no-header", "-W", "ignore"]


class _Tracer:
    """A pytest plugin that notes, for each test, which functions of the mutated files it calls, and how long it
    takes; a function called outside any test (at import, while collecting) counts for every test."""

    def __init__(self, files: set[str]) -> None:
        self.files = files
        self.current = ""
        self.calls: dict[str, set[tuple[str, int]]] = {"": set()}
        self.seconds: dict[str, float] = {}
        self.order: list[str] = []

    def trace(self, frame, event, arg):  # sys.settrace's call events only: no line is traced
        code = frame.f_code
        if code.co_filename in self.files:
            self.calls[self.current].add((code.co_filename, code.co_firstlineno))

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        self.current, started = item.nodeid, time.monotonic()
        self.calls.setdefault(item.nodeid, set())
        self.order.append(item.nodeid)
        yield
        self.seconds[item.nodeid] = time.monotonic() - started
        self.current = ""


def _fork(work) -> int:
    """Runs `work()` (which returns an exit status) in a forked child, its output sent nowhere; returns its pid."""
    pid = os.fork()
    if pid:
        return pid
    code = 3
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        code = int(work())
    finally:
        os._exit(code)


def _traced_run(tests: list[str], files: set[str], report: Path) -> int:
    """Runs the unmutated tests in a child with the tracer; the child writes what each test called to `report`."""

    def work() -> int:
        import json

        tracer = _Tracer(files)
        sys.settrace(tracer.trace)
        code = int(pytest.main(_pytest_args(tests), plugins=[tracer]))
        sys.settrace(None)
        found = {
            "order": tracer.order,
            "seconds": tracer.seconds,
            "calls": {test: sorted(calls) for test, calls in tracer.calls.items()},
        }
        report.write_text(json.dumps(found), encoding="utf-8")
        return code

    return _fork(work)


def _start(mutant: Mutant | None, tests: list[str]) -> int:
    """Forks a child that runs `tests` against `mutant` (None: the unmutated code); returns its pid."""

    def work() -> int:
        if mutant is not None:
            sys.meta_path.insert(0, _MutantFinder(mutant))
        return pytest.main(_pytest_args(tests))

    return _fork(work)


def _wait(running: dict[int, tuple[object, float, float]]) -> tuple[object, str, float]:
    """Waits for one child to finish (or kills the first to overrun its time) and returns its key, verdict and time."""
    while True:
        for pid, (key, started, timeout) in list(running.items()):
            done, status = os.waitpid(pid, os.WNOHANG)
            elapsed = time.monotonic() - started
            if done:
                del running[pid]
                code = os.waitstatus_to_exitcode(status)
                return key, "survived" if code == 0 else "killed", elapsed
            if elapsed > timeout:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                del running[pid]
                return key, "timeout", elapsed
        time.sleep(0.02)


@dataclass
class Coverage:
    """What the unmutated run of the tests found: the tests in order, each one's time, and who called what."""

    order: list[str]
    seconds: dict[str, float]
    callers: dict[tuple[str, int], list[str]]  # (file, first line of a function) -> the tests that called it
    everywhere: set[tuple[str, int]]  # functions called at import or while collecting: every test may need them
    total: float

    def tests_for(self, mutant: Mutant) -> list[str] | None:
        """Returns the tests that ran the mutated code, or None for code run at import (every test may need it)."""
        key = (str(mutant.path), mutant.function)
        if mutant.function == 0 or key in self.everywhere:
            return None
        return self.callers.get(key, [])


def measure(tests: list[str], files: set[str]) -> Coverage:
    """Runs the unmutated tests once, traced; exits if any fails."""
    import json
    import tempfile

    with tempfile.TemporaryDirectory(prefix="sos-mutate-") as folder:
        report = Path(folder) / "coverage.json"
        started = time.monotonic()
        _, verdict, _ = _wait({_traced_run(tests, files, report): (None, started, 7200.0)})
        if verdict != "survived" or not report.exists():
            sys.exit("the tests fail on the unmutated code: fix them first")
        found = json.loads(report.read_text(encoding="utf-8"))
    callers: dict[tuple[str, int], list[str]] = {}
    for test in found["order"]:
        for file, line in found["calls"][test]:
            callers.setdefault((file, line), []).append(test)
    everywhere = {(file, line) for file, line in found["calls"][""]}
    return Coverage(found["order"], found["seconds"], callers, everywhere, time.monotonic() - started)


def run(mutants: list[Mutant], tests: list[str], jobs: int, patience: float) -> dict[str, list[Mutant]]:
    """Runs every mutant against the tests that ran its code, then a survivor against every test; returns the
    mutants by verdict."""
    started = time.monotonic()
    coverage = measure(tests, {str(mutant.path) for mutant in mutants})
    print(
        f"unmutated run, traced: {coverage.total:.1f} s for {len(coverage.order)} tests; a mutant's run is cut at "
        f"{patience:g} times its tests' own time (30 s at least)",
        flush=True,
    )
    verdicts: dict[str, list[Mutant]] = {"killed": [], "timeout": [], "survived": []}
    queue: list[tuple[Mutant, bool]] = [(mutant, False) for mutant in mutants]  # (mutant, against every test)
    running: dict[int, tuple[object, float, float]] = {}
    done = 0
    while queue or running:
        while queue and len(running) < jobs:
            mutant, whole = queue.pop(0)
            chosen = None if whole else coverage.tests_for(mutant)
            if chosen == []:  # no test runs the mutated code: it survives unless a test finds it another way
                queue.insert(0, (mutant, True))
                continue
            if chosen is None:  # every test, by file
                chosen, whole, budget = tests, True, coverage.total
            else:
                budget = sum(coverage.seconds.get(test, 0.0) for test in chosen)
            timeout = max(30.0, patience * budget)
            running[_start(mutant, chosen)] = ((mutant, whole, len(chosen)), time.monotonic(), timeout)
        key, verdict, elapsed = _wait(running)
        mutant, whole, count = key  # type: ignore[misc]
        if verdict == "survived" and not whole:
            queue.insert(0, (mutant, True))  # its tests passed: try every test of the target
            continue
        verdicts[verdict].append(mutant)
        done += 1
        mark = "SURVIVED " if verdict == "survived" else ""
        against = "every test" if whole else f"{count} test{'s' if count > 1 else ''}"
        print(f"[{done}/{len(mutants)}] {verdict:8} {elapsed:6.1f} s {against:>11}  {mark}{mutant}", flush=True)
    print(f"\n{len(mutants)} mutants in {time.monotonic() - started:.0f} s")
    return verdicts


def report(mutants: list[Mutant], verdicts: dict[str, list[Mutant]], target: str) -> None:
    """Prints the score by module and every surviving mutant."""
    print(f"\n{'module':<16}{'mutants':>8}{'killed':>8}{'score':>8}")
    for path in sorted({m.path for m in mutants}):
        total = sum(m.path == path for m in mutants)
        killed = total - sum(m.path == path for m in verdicts["survived"])
        print(f"{path.name:<16}{total:>8}{killed:>8}{killed / total:>8.1%}")
    total, survived = len(mutants), len(verdicts["survived"])
    print(f"{target:<16}{total:>8}{total - survived:>8}{(total - survived) / max(total, 1):>8.1%}")
    print(f"(killed by a failing test: {len(verdicts['killed'])}, by running too long: {len(verdicts['timeout'])})")
    if survived:
        print("\nsurviving mutants:")
        for mutant in sorted(verdicts["survived"], key=lambda m: (m.path, m.number)):
            print(f"  {mutant}")


def main() -> None:
    global ROOT, TESTS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="modules of the target to mutate (default: all), e.g. rules check")
    parser.add_argument("--target", choices=list(TARGETS), default="engine", help="what to mutate (default engine)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to mutate and test (default this one)")
    parser.add_argument("--list", action="store_true", help="list the mutants and the tests, run nothing")
    parser.add_argument("--jobs", type=int, default=1, help="mutants run at the same time (default 1)")
    parser.add_argument("--sample", type=int, help="run this many mutants drawn at random (an estimate)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of --sample's draw (default 0)")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="run only these mutants, named like prose#39")
    parser.add_argument(
        "--tests", nargs="+", metavar="FILE", help="run these test files (in tests/) instead of the target's"
    )
    parser.add_argument(
        "--patience", type=float, default=10.0, help="a mutant running this many times longer is killed (default 10)"
    )
    args = parser.parse_args()
    ROOT, TESTS = args.root.resolve(), args.root.resolve() / "tests"
    target = TARGETS[args.target]

    paths = target.paths()
    if args.modules:
        paths = [path for path in paths if path.stem in args.modules]
        missing = set(args.modules) - {path.stem for path in paths}
        if missing:
            sys.exit(f"no module of {args.target} named {', '.join(sorted(missing))}")
    mutants = [mutant for path in paths for mutant in mutants_of(path)]
    if args.only:
        unknown = set(args.only) - {mutant.name for mutant in mutants}
        if unknown:
            sys.exit(f"no mutant named {', '.join(sorted(unknown))}")
        mutants = [mutant for mutant in mutants if mutant.name in args.only]
    if args.sample is not None and args.sample < len(mutants):
        chosen = set(random.Random(args.seed).sample(range(len(mutants)), args.sample))
        mutants = [mutant for k, mutant in enumerate(mutants) if k in chosen]
    tests = [str(TESTS / name) for name in args.tests] if args.tests else target.test_files()
    if args.list:
        print("tests:", *[Path(t).name for t in tests])
        for mutant in mutants:
            print(mutant)
        print(f"{len(mutants)} mutants")
        return

    # Hypothesis reads CI when it is imported: derandomised, no example database.
    os.environ["CI"] = "true"
    os.environ.pop("SOS_UPDATE_GOLDEN", None)
    sys.dont_write_bytecode = True
    sys.path[:0] = [str(ROOT), str(TESTS)]
    os.chdir(ROOT)
    # Imported once here (pytest at the top), so that each forked child starts warm; sos_print itself is imported
    # by each child.
    import typer.testing  # noqa: F401
    from hypothesis import Phase, settings

    # A failing example is enough to kill a mutant: skip shrinking it, which can take minutes.
    # The tests' conftest registers its own profile on top of this one and keeps the phases.
    settings.register_profile("mutation", settings.get_profile("ci"), phases=[Phase.explicit, Phase.generate])
    settings.load_profile("mutation")

    if any(name == "sos_print" or name.startswith("sos_print.") for name in sys.modules):
        sys.exit("sos_print was imported before the mutants could be served")
    verdicts = run(mutants, tests, args.jobs, args.patience)
    report(mutants, verdicts, args.target)


if __name__ == "__main__":
    main()
