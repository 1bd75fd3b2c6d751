"""Benchmarks `sos-print puzzles` for a class and writes its section of docs/performance.md.

Run by hand from the repository root (never in the test suite):

    python benchmarks/bench_puzzles.py             # 5 runs of each set after a warm-up
    python benchmarks/bench_puzzles.py --runs 9

The workload is a class set: `sos-print puzzles --copies 30 --count 6` (mixed, best-move puzzles
included), on 4x4 and 5x5 boards (the target: under 30 s each, whole process), and the same
on 6x6, in French and English, and in large print. Each run is a fresh process, as a teacher
runs it, timed from start to exit, with its peak memory (`os.wait4`) and the three files'
sizes. Every figure is a median. The section between the `puzzles` markers of
docs/performance.md is replaced; `bench_kit.py` keeps it when it rewrites the rest of the file.
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

from bench_solver import ENVIRONMENT, ROOT, _cpu, write_section  # the same machine, the same report

START, END = "<!-- puzzles:start -->", "<!-- puzzles:end -->"
TARGET = 30.0  # seconds, whole process, for a class set on 4x4 and 5x5 boards
SETS = [
    ("4×4, mixed", ["--size", "4"]),
    ("5×5, mixed", ["--size", "5"]),
    ("6×6, mixed", ["--size", "6"]),
    ("5×5, mixed, en+fr", ["--size", "5", "--lang", "en+fr"]),
    ("5×5, best-move only", ["--size", "5", "--kind", "best-move"]),
    ("4×4, mixed, large print", ["--size", "4", "--large-print"]),
]
TARGETED = {"4×4, mixed", "5×5, mixed"}


def class_set(options: list[str]) -> list[str]:
    """Returns the command line of a class set: 30 different sheets of 6 puzzles."""
    return [sys.executable, "-m", "sos_print", "puzzles", "--copies", "30", "--count", "6", *options]


MAKING = (
    "import sys, time\n"
    "from sos_print.engine.puzzles import PuzzleKind, puzzle_sheets\n"
    "size, kind = int(sys.argv[1]), sys.argv[2]\n"
    "start = time.perf_counter()\n"
    "puzzle_sheets(None if kind == 'mixed' else PuzzleKind(kind), size, 6, 30, 1)\n"
    "print(time.perf_counter() - start)\n"
)


def making(options: list[str]) -> float:
    """Returns the seconds the engine takes to make a set's puzzles alone, in a fresh process (imports left out)."""
    chosen = dict(zip(options[::2], options[1::2], strict=False))
    command = [sys.executable, "-c", MAKING, chosen.get("--size", "4"), chosen.get("--kind", "mixed")]
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


def report(results: dict[str, dict[str, Any]], runs: int) -> str:
    """Returns the puzzles section of docs/performance.md."""
    today = datetime.date.today().isoformat()
    lines = [
        START,
        "## Puzzle sheets",
        "",
        f"Measured by `python benchmarks/bench_puzzles.py` on {today}: CPython {platform.python_version()}, "
        f"{_cpu()}, {os.cpu_count()} cores (shared with other work). Each figure is the median of {runs} runs "
        "after a warm-up, each run a fresh process from start to exit, as a teacher runs it: "
        "`sos-print puzzles --copies 30 --count 6 --out DIR` (30 different sheets of 6 puzzles, their key and "
        "puzzles.json), every answer computed when the sheets are made, best-move ones by the solver.",
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
        "Best-move positions come from the bank of verified positions (`engine/puzzle_bank.txt`, see "
        "docs/design.md), each solved again when its sheet is made; score-now and no-gift positions from games "
        'played on the spot. "Making the puzzles" is the engine alone (`puzzle_sheets`, in a process of its own, '
        "imports left out); the rest of the whole process is starting Python and the libraries, drawing the "
        "sheets and the key, and writing the files.",
        END,
    ]
    return "\n".join(lines)


def _pages(said: str, name: str) -> str:
    """Returns "N pages" for `name`, from the command's own line ("wrote DIR/puzzles.pdf (30 pages, 400 KB), ...")."""
    for part in said.split("), "):
        if name in part and "(" in part:
            return part.split("(", 1)[1].split(",")[0]
    return "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each class set (after one warm-up)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "performance.md", help="the report to update")
    args = parser.parse_args()
    section = report(measure(args.runs), args.runs)
    write_section(args.out, section, START, END)
    print(section)
    print(f"wrote the puzzles section of {args.out}")


if __name__ == "__main__":
    main()
