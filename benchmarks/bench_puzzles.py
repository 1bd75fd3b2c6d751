"""Benchmarks `sos-print puzzles` for a class and writes its section of docs/performance.md.

Run by hand from the repository root (never in the test suite):

    python benchmarks/bench_puzzles.py             # 3 runs of each set after a warm-up
    python benchmarks/bench_puzzles.py --runs 9

The workload is a class set: `sos-print puzzles --copies 30 --count 6`, of each kind (mixed,
score-now, no-gift, best-move) on 4x4, 5x5 and 6x6 boards (the target: under 30 s each, whole
process), and mixed 5x5 in French and English and mixed 4x4 in large print. Each run is a
fresh process, as a teacher runs it, timed from start to exit, with its peak memory
(`os.wait4`) and the three files' sizes. Every figure is a median.

Then the repetition in each kind and size's class sets, made by the engine (`puzzle_sheets`)
with several seeds: the most sheets one position is on (up to the 8 rotations and reflections
of the board), the share of the set's puzzles that are distinct, the share that hold four
identical letters side by side in a row, column or diagonal, and how far two seeds' sets
differ. The section between the `puzzles` markers of docs/performance.md is replaced;
`bench_kit.py` keeps it when it rewrites the rest of the file.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
# The repetition is measured in this process: on the checkout's engine, not on a copy installed in the environment.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_solver import ENVIRONMENT, ROOT, _cpu, write_section  # the same machine, the same report

START, END = "<!-- puzzles:start -->", "<!-- puzzles:end -->"
TARGET = 30.0  # seconds, whole process, for a class set of every kind and size
# The seed of the timed sets: the last sheet of its family, so that the set makes all 40 sheets of the family (a
# seed below 25,000, the first of its family, makes 30): the slowest a set can be.
SEED = 999_999
KINDS = ("mixed", "score-now", "no-gift", "best-move")
SIZES = (4, 5, 6)
SETS = [
    *((f"{size}×{size}, {kind}", ["--size", str(size), "--kind", kind]) for kind in KINDS for size in SIZES),
    ("5×5, mixed, en+fr", ["--size", "5", "--lang", "en+fr"]),
    ("4×4, mixed, large print", ["--size", "4", "--large-print"]),
]
TARGETED = {f"{size}×{size}, {kind}" for kind in KINDS for size in SIZES}
# The seeds of the class sets whose repetition is measured: the default, two others below 25,000 (each the first
# sheet of its family) and one whose set starts in the middle of its family and goes round it.
SEEDS = (1, 2, 777, 500_017)
MOST_SHEETS, DISTINCT, FOUR_ALIKE = 2, 0.90, 0.05  # the targets of issue 22


def class_set(options: list[str]) -> list[str]:
    """Returns the command line of a class set: 30 different sheets of 6 puzzles."""
    return [
        sys.executable,
        "-m",
        "sos_print",
        "puzzles",
        "--copies",
        "30",
        "--count",
        "6",
        "--seed",
        str(SEED),
        *options,
    ]


MAKING = (
    "import sys, time\n"
    "from sos_print.engine.puzzles import PuzzleKind, puzzle_sheets\n"
    "size, kind = int(sys.argv[1]), sys.argv[2]\n"
    "start = time.perf_counter()\n"
    "puzzle_sheets(None if kind == 'mixed' else PuzzleKind(kind), size, 6, 30, int(sys.argv[3]))\n"
    "print(time.perf_counter() - start)\n"
)


def making(options: list[str]) -> float:
    """Returns the seconds the engine takes to make a set's puzzles alone, in a fresh process (imports left out)."""
    chosen = dict(zip(options[::2], options[1::2], strict=False))
    command = [sys.executable, "-c", MAKING, chosen.get("--size", "4"), chosen.get("--kind", "mixed"), str(SEED)]
    return float(subprocess.run(command, capture_output=True, text=True, env=ENVIRONMENT, cwd=ROOT, check=True).stdout)


def measure(runs: int) -> dict[str, dict[str, Any]]:
    """Runs each set once to warm up, then `runs` times in turn; returns the medians and the files."""
    results: dict[str, dict[str, Any]] = {name: {"walls": [], "peaks": [], "making": []} for name, _ in SETS}
    with tempfile.TemporaryDirectory() as scratch:
        for round_ in range(runs + 1):
            for name, options in SETS:
                out = Path(scratch) / name.replace(" ", "_").replace(",", "")
                out.mkdir(exist_ok=True)
                answer = peak_run(class_set(options), out)
                if round_:  # the first round warms the caches (bytecode, jinja2's templates)
                    results[name]["walls"].append(answer["wall"])
                    results[name]["peaks"].append(answer["peak"])
                    results[name]["making"].append(making(options))
                results[name]["files"] = answer["files"]
                results[name]["said"] = answer["said"]
                print(f"{name}: {answer['wall']:.2f} s", file=sys.stderr)
    return results


def peak_run(command: list[str], out: Path) -> dict[str, Any]:
    """Runs the command and reads its peak memory from the kernel (wait4), which communicate() cannot give."""
    start = time.perf_counter()
    process = subprocess.Popen(
        [*command, "--out", str(out), "--force"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=ENVIRONMENT,
        cwd=ROOT,
    )
    assert process.stdout is not None
    said = process.stdout.read().decode()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status):
        sys.exit(f"{' '.join(command)} failed")
    files = {path.name: path.stat().st_size for path in out.iterdir()}
    return {"wall": wall, "peak": usage.ru_maxrss / 1024, "files": files, "said": said}


# --- repetition -------------------------------------------------------------------------------


def images(rows: list[str]) -> list[str]:
    """Returns the 8 images of a board given as rows: four quarter turns, each as it is and mirrored."""
    found = []
    for _ in range(4):
        rows = ["".join(column) for column in zip(*rows[::-1], strict=True)]
        found += ["/".join(rows), "/".join(row[::-1] for row in rows)]
    return found


def four_alike(rows: list[str]) -> bool:
    """Tells whether four cells side by side in a row, column or diagonal hold the same letter."""
    n = len(rows)
    for row in range(n):
        for col in range(n):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if 0 <= row + 3 * d_row < n and 0 <= col + 3 * d_col < n:
                    read = {rows[row + k * d_row][col + k * d_col] for k in range(4)}
                    if len(read) == 1 and read != {"."}:
                        return True
    return False


def repetition(sheets: list[list[str]]) -> dict[str, Any]:
    """Returns the figures of a set given as its sheets' boards (rows from the top, "/" between them)."""
    on: dict[str, set[int]] = {}
    boards = [(number, board.split("/")) for number, sheet in enumerate(sheets) for board in sheet]
    for number, rows in boards:
        on.setdefault(min(images(rows)), set()).add(number)
    return {
        "most": max(len(numbers) for numbers in on.values()),
        "distinct": len(on) / len(boards),
        "four": sum(four_alike(rows) for _, rows in boards) / len(boards),
        "sheets": {frozenset(min(images(board.split("/"))) for board in sheet) for sheet in sheets},
        "names": set(on),
    }


def class_boards(kind: str, size: int, seed: int) -> list[list[str]]:
    """Returns the boards of each sheet of a class set (30 sheets of 6 puzzles), made by the engine."""
    from sos_print.engine.puzzles import PuzzleKind, puzzle_sheets
    from sos_print.engine.rules import board_text

    sheets = puzzle_sheets(None if kind == "mixed" else PuzzleKind(kind), size, 6, 30, seed)
    return [[board_text(puzzle.board) for puzzle in sheet.puzzles] for sheet in sheets]


def measure_repetition() -> dict[tuple[str, int], dict[str, Any]]:
    """Returns, for each kind and size, the worst figures over the seeds and how two seeds' sets differ."""
    found = {}
    for kind in KINDS:
        for size in SIZES:
            sets = [repetition(class_boards(kind, size, seed)) for seed in SEEDS]
            first, other = sets[0], sets[2]
            found[kind, size] = {
                "most": max(figures["most"] for figures in sets),
                "distinct": min(figures["distinct"] for figures in sets),
                "four": max(figures["four"] for figures in sets),
                "same sheets": len(first["sheets"] & other["sheets"]),
                "shared": len(first["names"] & other["names"]) / len(first["names"]),
            }
            print(f"{kind} {size}x{size}: {found[kind, size]}", file=sys.stderr)
    return found


def repetition_lines(found: dict[tuple[str, int], dict[str, Any]]) -> list[str]:
    """Returns the repetition table of the section, with a line saying what it measured."""
    lines = [
        "",
        "### Repetition in a class set",
        "",
        f"Class sets of 30 sheets of 6 puzzles made with the seeds {', '.join(f'{seed:,}' for seed in SEEDS)}; "
        "each figure is the worst of the four sets. A position counts once with its 8 rotations and "
        "reflections. The targets: no position on more than 2 sheets, at least 90 % of the puzzles "
        "distinct, under 5 % with four identical letters side by side in a row, column or diagonal; the "
        "last two columns compare the sets of seeds 1 and 777.",
        "",
        "| class set | most sheets a position is on | distinct puzzles | four identical letters in a line "
        "| sheets the same in both seeds' sets | positions also in the other seed's set | targets |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for (kind, size), figures in found.items():
        met = (
            figures["most"] <= MOST_SHEETS
            and figures["distinct"] >= DISTINCT
            and figures["four"] < FOUR_ALIKE
            and not figures["same sheets"]
        )
        lines.append(
            f"| {size}×{size}, {kind} | {figures['most']} | {figures['distinct']:.0%} | {figures['four']:.0%} "
            f"| {figures['same sheets']} | {figures['shared']:.0%} | {'met' if met else '**not met**'} |"
        )
    lines += [
        "",
        "Before issue 22 (the audit of `--copies 30`, seed 1): distinct puzzles 71, 73 and 73 % on mixed 4×4, 5×5 "
        "and 6×6 sets, one position on up to 8 or 9 sheets, every sheet sharing a puzzle with another; best-move "
        "sets 20 % distinct; four identical letters in a line in 14, 47 and 86 % of mixed puzzles (no-gift 27, "
        "72 and 98 %); seeds 1 and 777 drew the same 12 best-move positions.",
    ]
    return lines


def report(results: dict[str, dict[str, Any]], runs: int, found: dict[tuple[str, int], dict[str, Any]]) -> str:
    """Returns the puzzles section of docs/performance.md."""
    today = datetime.date.today().isoformat()
    lines = [
        START,
        "## Puzzle sheets",
        "",
        f"Measured by `python benchmarks/bench_puzzles.py` on {today}: CPython {platform.python_version()}, "
        f"{_cpu()}, {os.cpu_count()} cores (shared with other work). Each figure is the median of {_runs(runs)} "
        "after a warm-up, each run a fresh process from start to exit, as a teacher runs it: "
        f"`sos-print puzzles --copies 30 --count 6 --seed {SEED} --out DIR` (30 different sheets of 6 puzzles, "
        "their key and puzzles.json), every answer computed when the sheets are made, best-move ones by the "
        "solver. The seed starts its set at the last sheet of its family, so that the 40 sheets of the family "
        "are made, the slowest a set can be (a seed below 25,000 makes 30).",
        "",
        "| class set | whole process | making the puzzles | peak memory | puzzles.pdf | answers.pdf | puzzles.json "
        "| target |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for name, _ in SETS:
        figures = results[name]
        wall = statistics.median(figures["walls"])
        peak = statistics.median(figures["peaks"])
        files = figures["files"]
        met = ("met" if wall < TARGET else "**not met**") if name in TARGETED else ""
        target = f"under {TARGET:.0f} s: {met}" if met else ""
        made = statistics.median(figures["making"])
        sheets = f"{_pages(figures['said'], 'puzzles.pdf')}, {files['puzzles.pdf'] / 1024:.0f} KB"
        key = f"{_pages(figures['said'], 'answers.pdf')}, {files['answers.pdf'] / 1024:.0f} KB"
        data = f"{files['puzzles.json'] / 1024:.0f} KB"
        lines.append(f"| {name} | {wall:.1f} s | {made:.1f} s | {peak:.0f} MB | {sheets} | {key} | {data} | {target} |")
    lines += [
        "",
        "Every position comes from a game between plausible players (see docs/design.md): best-move ones from "
        "the bank of verified positions (`engine/puzzle_bank.txt`), each solved again when its sheet is made; "
        'score-now and no-gift ones from games played on the spot. "Making the puzzles" is the engine alone '
        "(`puzzle_sheets`, in a process of its own, imports left out); the rest of the whole process is "
        "starting Python and the libraries, drawing the sheets and the key, and writing the files.",
        *repetition_lines(found),
        END,
    ]
    return "\n".join(lines)


def _runs(runs: int) -> str:
    return "one run" if runs == 1 else f"{runs} runs"


def _pages(said: str, name: str) -> str:
    """Returns "N pages" for `name`, from the command's own line ("wrote DIR/puzzles.pdf (30 pages, 400 KB), ...")."""
    for part in said.split("), "):
        if name in part and "(" in part:
            return part.split("(", 1)[1].split(",")[0]
    return "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="timed runs of each class set (after one warm-up)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "performance.md", help="the report to update")
    args = parser.parse_args()
    section = report(measure(args.runs), args.runs, measure_repetition())
    write_section(args.out, section, START, END)
    print(section)
    print(f"wrote the puzzles section of {args.out}")


if __name__ == "__main__":
    main()
