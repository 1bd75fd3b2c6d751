"""Benchmarks the exact solver against the baseline and writes its section of docs/performance.md.

Run by hand from the repository root:

    python benchmarks/bench_solver.py                       # the full run, a few minutes
    python benchmarks/bench_solver.py --positions 3 --baseline ../shared/bench

Positions come from random play from the empty board (fixed seeds), on 4x4 and 5x5 boards,
with 12, 13 and 14 empty cells. Each position is solved in full (the value of every legal
move) once by sos_print and once by the baseline (`solver_baseline.py` in the baseline folder,
a plain memoised search), each in a process of its own so that its peak memory can be read
(`os.wait4`); both must give the same values. Times are the search alone, imports left out;
every figure is a median. The section between the `solver` markers of docs/performance.md is
replaced; `bench_kit.py` keeps it when it rewrites the rest of the file.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
START, END = "<!-- solver:start -->", "<!-- solver:end -->"
ENVIRONMENT = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
ENVIRONMENT["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")]))
GROUPS = [(4, 12), (4, 13), (4, 14), (5, 12), (5, 13), (5, 14)]
LIMIT_GROUPS = [(5, 15), (5, 16), (6, 16)]  # what lies at and near the solver's limit of empty cells


def random_position(size: int, empty: int, seed: int) -> str:
    """Returns the board after random moves from the empty board (any empty cell, either letter), as rows."""
    from sos_print.engine.rules import Letter, Move, Position, board_text

    rng = random.Random(seed)
    position = Position.start(size)
    while position.board.size**2 - position.board.filled() > empty:
        cell = rng.choice(position.board.empty_cells())
        position = position.play(Move(cell, rng.choice([Letter.S, Letter.O])))
    return board_text(position.board)


# --- workers: one search in a fresh process ---------------------------------------------------


def work_ours(board: str, symmetry_from: int | None, pause_gc: bool) -> dict[str, Any]:
    from sos_print.engine import solver as settings
    from sos_print.engine.notation import cell_name
    from sos_print.engine.rules import Position, parse_board
    from sos_print.engine.solver import Solver

    position = Position(parse_board(board))
    if symmetry_from is not None:
        settings.SYMMETRY_FROM = symmetry_from
    settings.PAUSE_GC = pause_gc
    solver = Solver()
    start, cpu = time.perf_counter(), time.process_time()
    solution = solver.solve(position)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    size = position.board.size
    moves = {f"{m.move.letter.value}{cell_name(m.move.cell, size)}": m.value for m in solution.moves}
    return {"seconds": seconds, "cpu": cpu, "value": solution.value, "moves": moves, "positions": solver.positions}


def work_baseline(board: str, folder: Path) -> dict[str, Any]:
    import runpy

    from sos_print.engine.notation import column_letters

    solve = runpy.run_path(str(folder / "solver_baseline.py"))["solve"]
    rows = board.split("/")
    start = time.perf_counter()
    result = solve(rows)
    seconds = time.perf_counter() - start
    n = len(rows)
    moves = {f"{letter}{column_letters(c)}{n - r}": value for (r, c, letter), value in result["moves"].items()}
    return {"seconds": seconds, "value": result["value"], "moves": moves, "positions": result["states"]}


def work_class_set(size: int) -> dict[str, Any]:
    from sos_print.engine.puzzles import puzzle_sheets

    start = time.perf_counter()
    sheets = puzzle_sheets(None, size, 6, 30, 1)
    return {"seconds": time.perf_counter() - start, "puzzles": sum(len(sheet.puzzles) for sheet in sheets)}


# --- running workers --------------------------------------------------------------------------


def run_worker(arguments: list[str]) -> tuple[dict[str, Any], float, int]:
    """Runs this script as a worker; returns its answer, its whole wall time and its peak memory in KB."""
    command = [sys.executable, __file__, "--worker", *arguments]
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENVIRONMENT, cwd=ROOT)
    assert process.stdout is not None and process.stderr is not None
    output = process.stdout.read()
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status):
        sys.exit(f"{' '.join(command)} failed:\n{errors.decode()}")
    return json.loads(output), wall, usage.ru_maxrss


def measure(args: argparse.Namespace) -> dict[str, Any]:
    results: dict[str, Any] = {"groups": [], "limit": []}
    for size, empty in GROUPS:
        rows = []
        for seed in range(1, args.positions + 1):
            board = random_position(size, empty, seed)
            ours, _, ours_kb = run_worker(["ours", board])
            entry = {"board": board, "ours": ours["seconds"], "ours_kb": ours_kb, "value": ours["value"]}
            if empty <= args.baseline_up_to:
                theirs, _, theirs_kb = run_worker(["baseline", board, str(args.baseline)])
                if (theirs["value"], theirs["moves"]) != (ours["value"], ours["moves"]):
                    sys.exit(f"sos_print and the baseline disagree on {board}")
                entry.update(baseline=theirs["seconds"], baseline_kb=theirs_kb)
            rows.append(entry)
            print(f"{size}x{size} {empty:2d} empty {board}: {entry}", file=sys.stderr)
        results["groups"].append({"size": size, "empty": empty, "rows": rows})
    for size, empty in LIMIT_GROUPS:
        times = [run_worker(["ours", random_position(size, empty, seed)])[0]["seconds"] for seed in range(1, 4)]
        results["limit"].append({"size": size, "empty": empty, "times": times})
        print(f"{size}x{size} {empty} empty: {times}", file=sys.stderr)
    empty_board = "/".join(["...."] * 4)
    found, wall, peak = run_worker(["ours", empty_board])
    results["empty_4x4"] = {**found, "wall": wall, "kb": peak}
    print(f"empty 4x4: {found['seconds']:.2f} s, {wall:.2f} s whole, {peak} KB", file=sys.stderr)
    fourteen = {
        size: [
            row["board"]
            for group in results["groups"]
            for row in group["rows"]
            if group["empty"] == 14 and group["size"] == size
        ]
        for size in (4, 5)
    }
    results["variants"] = compare_variants({"empty": [empty_board], "4x4 14": fourteen[4], "5x5 14": fourteen[5]})
    results["class_sets"] = {}
    for size in (4, 5):
        found, wall, peak = run_worker(["class-set", str(size)])
        results["class_sets"][size] = {"seconds": found["seconds"], "wall": wall, "kb": peak}
        print(f"class set {size}x{size}: {wall:.1f} s", file=sys.stderr)
    return results


VARIANTS = [("as shipped", []), ("no symmetric keys", ["--symmetry-from", "99"]), ("collector running", ["--gc"])]
ROUNDS = 3


def compare_variants(sets: dict[str, list[str]]) -> dict[str, dict[str, Any]]:
    """Times each variant on each set of boards, in CPU seconds (steadier than wall time on a shared machine).

    The variants take turns, in a different order each round; each board's time is its median
    over the rounds, and a set's time the sum over its boards.
    """
    times: dict[tuple[str, str, str], list[float]] = {}
    figures: dict[str, dict[str, Any]] = {name: {} for name, _ in VARIANTS}
    for round_number in range(ROUNDS):
        for name, extra in VARIANTS[round_number:] + VARIANTS[:round_number]:
            for label, boards in sets.items():
                for board in boards:
                    found, _, peak = run_worker(["ours", board, *extra])
                    times.setdefault((name, label, board), []).append(found["cpu"])
                    if label == "empty":
                        figures[name].update(positions=found["positions"], kb=peak)
            print(f"round {round_number + 1}, {name}: done", file=sys.stderr)
    for name, _ in VARIANTS:
        for label, boards in sets.items():
            figures[name][label] = sum(statistics.median(times[name, label, board]) for board in boards)
    return figures


# --- the report -------------------------------------------------------------------------------


def report(results: dict[str, Any], args: argparse.Namespace) -> str:
    from sos_print.engine.solver import MAX_EMPTY, SYMMETRY_FROM

    groups = results["groups"]
    lines = [
        START,
        "## The solver",
        "",
        f"Measured by `python benchmarks/bench_solver.py` on {datetime.date.today().isoformat()}: "
        f"{platform.python_implementation()} {platform.python_version()}, {_cpu()}, {os.cpu_count()} cores "
        "(shared with other work, so single times wobble; every figure is a median). Each position is "
        "a random game from the empty board (fixed seeds), solved in full, the value of every legal move, "
        "by sos_print and by the baseline (`solver_baseline.py`, a plain memoised search) in processes of "
        "their own; both gave the same values for every move. Times are the search alone.",
        "",
        "| board | empty cells | positions | sos_print | baseline | ratio (median, least) "
        "| peak memory, ours / baseline |",
        "|---|---|---|---|---|---|---|",
    ]
    for group in groups:
        rows = group["rows"]
        ours = statistics.median(row["ours"] for row in rows)
        ours_mb = max(row["ours_kb"] for row in rows) / 1024
        if "baseline" in rows[0]:
            theirs = statistics.median(row["baseline"] for row in rows)
            ratios = [row["baseline"] / row["ours"] for row in rows]
            theirs_mb = max(row["baseline_kb"] for row in rows) / 1024
            lines.append(
                f"| {group['size']}×{group['size']} | {group['empty']} | {len(rows)} | {ours:.3f} s | {theirs:.2f} s "
                f"| {statistics.median(ratios):.0f}×, {min(ratios):.0f}× | {ours_mb:.0f} MB / {theirs_mb:.0f} MB |"
            )
        else:
            slowest = max(row["ours"] for row in rows)
            lines.append(
                f"| {group['size']}×{group['size']} | {group['empty']} | {len(rows)} | {ours:.3f} s "
                f"(slowest {slowest:.2f} s) | not run | | {ours_mb:.0f} MB / |"
            )
    empty_4x4 = results["empty_4x4"]
    keep = sorted(name for name, value in empty_4x4["moves"].items() if value == empty_4x4["value"])
    lines += [
        "",
        f"The empty 4×4 board with the exact value of every first move: {empty_4x4['seconds']:.1f} s of search, "
        f"{empty_4x4['wall']:.1f} s for the whole process, {empty_4x4['kb'] / 1024:.0f} MB at most, "
        f"{empty_4x4['positions']:,} positions in the table. Its value is {empty_4x4['value']} (a draw); the "
        f"{len(keep)} first moves that keep the draw are every O and an S in B2, C2, B3 or C3; "
        "an S in any other cell loses by 1.",
        "",
        f"What two of the ideas pay, in CPU seconds (each variant run {ROUNDS} times in turn, the median "
        "kept; the 14-empty-cell sets are the five positions of each size above, added up):",
        "",
        "| variant | empty 4×4 | positions in the table | peak memory | five 4×4, 14 empty | five 5×5, 14 empty |",
        "|---|---|---|---|---|---|",
    ]
    for name, figures in results["variants"].items():
        lines.append(
            f"| {name} | {figures['empty']:.2f} s | {figures['positions']:,} | {figures['kb'] / 1024:.0f} MB "
            f"| {figures['4x4 14']:.2f} s | {figures['5x5 14']:.2f} s |"
        )
    limit_rows = [
        f"{entry['size']}×{entry['size']} with {entry['empty']} empty cells: "
        + ", ".join(f"{t:.1f}" for t in entry["times"])
        + " s"
        for entry in results["limit"]
    ]
    lines += [
        "",
        f"Symmetric keys are used from {SYMMETRY_FROM} empty cells up, below a root with a symmetry (dead "
        f"letters aside). The solver takes at most {MAX_EMPTY} "
        "empty cells (`MAX_EMPTY`). Near that limit, three random positions each: "
        + "; ".join(limit_rows)
        + ". The slow ones are full of threats nobody took; `sos-print solve` shows its progress on a "
        "terminal. Each further empty cell multiplies the work by about three, so more are refused before "
        "any search.",
        "",
        "A class set of puzzle sheets (`puzzle_sheets(None, size, 6, 30, 1)`: 30 different mixed sheets of "
        "6 puzzles, every answer computed, best-move ones by the solver), whole process: "
        + ", ".join(
            f"{size}×{size} {figures['wall']:.1f} s ({figures['kb'] / 1024:.0f} MB)"
            for size, figures in results["class_sets"].items()
        )
        + ".",
        "",
        "| target | measured | met |",
        "|---|---|---|",
    ]
    for target, measured, met in targets(results):
        lines.append(f"| {target} | {measured} | {'yes' if met else '**no**'} |")
    lines += ["", END]
    return "\n".join(lines)


def targets(results: dict[str, Any]) -> list[tuple[str, str, bool]]:
    groups = {(g["size"], g["empty"]): g["rows"] for g in results["groups"]}
    found = []
    for size in (4, 5):
        ratio = statistics.median(row["baseline"] / row["ours"] for row in groups[size, 12])
        found.append((f"12 empty cells, {size}×{size}: 20 times the baseline", f"{ratio:.0f}×", ratio >= 20))
    for size in (4, 5):
        seconds = statistics.median(row["ours"] for row in groups[size, 14])
        found.append((f"14 empty cells, {size}×{size}: under 1.5 s", f"{seconds:.2f} s", seconds < 1.5))
    shipped = results["empty_4x4"]
    found.append(("empty 4×4, every first move: under 15 s", f"{shipped['seconds']:.1f} s", shipped["seconds"] < 15))
    found.append(("stretch: about 4.4 s", f"{shipped['seconds']:.1f} s", shipped["seconds"] <= 4.4))
    peak = max(
        [shipped["kb"]] + [row["ours_kb"] for rows in groups.values() for row in rows]
    ) / 1024  # fmt: skip
    found.append(("peak memory under 300 MB", f"{peak:.0f} MB", peak < 300))
    for size, figures in results["class_sets"].items():
        wall = figures["wall"]
        found.append((f"class set {size}×{size} under 30 s, whole process", f"{wall:.1f} s", wall < 30))
    return found


def write_section(path: Path, section: str, start: str = START, end: str = END) -> None:
    """Replaces the section between `start` and `end` (the solver's) in `path`, or adds it at the end, keeping
    everything else."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    pattern = re.compile(re.escape(start) + ".*?" + re.escape(end), re.DOTALL)
    found = pattern.search(text)
    text = pattern.sub(lambda _: section, text) if found else text.rstrip("\n") + "\n\n" + section
    path.write_text(text.rstrip("\n") + "\n", encoding="utf-8")


def _cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=5, help="random positions per board size and empty cells")
    parser.add_argument("--baseline", type=Path, default=ROOT.parent / "shared" / "bench", help="the baseline folder")
    parser.add_argument("--baseline-up-to", type=int, default=13, help="run the baseline up to this many empty cells")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "performance.md", help="the report to update")
    parser.add_argument("--worker", nargs="+", help=argparse.SUPPRESS)
    parser.add_argument("--symmetry-from", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--gc", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        kind, *rest = args.worker
        if kind == "ours":
            answer = work_ours(rest[0], args.symmetry_from, pause_gc=not args.gc)
        elif kind == "baseline":
            answer = work_baseline(rest[0], Path(rest[1]))
        else:
            answer = work_class_set(int(rest[0]))
        print(json.dumps(answer))
        return
    args.baseline = args.baseline.resolve()
    if not (args.baseline / "solver_baseline.py").exists():
        sys.exit(f"no solver_baseline.py in {args.baseline}: give the baseline folder with --baseline")
    section = report(measure(args), args)
    write_section(args.out, section)
    print(section)
    print(f"wrote the solver section of {args.out}")


if __name__ == "__main__":
    main()
