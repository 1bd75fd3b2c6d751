"""Measures the largest fillable audits sos-print writes: the time and peak memory of writing one and reading it back.

Run by hand from the repository root, after `pip install .` (or `-e .`):

    python benchmarks/bench_forms.py            # 3 runs of each, medians

A form holds at most 20,000 fields (`forms/fields.py` MAX_FIELDS): the two forms below are the
largest `audit --fillable` accepts for their board and players. Each is written by
`sos-print audit --fillable`, one group's first rows are filled in as a tablet would fill them
(pypdf), and `sos-print check` reads it back. Every figure is a whole process, measured from
outside (peak resident memory from the operating system's accounting of the finished child).
The target: writing and reading each under 500 MB.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FORMS = [  # (board size, players, groups): the most groups one file takes for that game
    (8, 4, 34),
    (4, 2, 166),
]


def measured(command: list[str]) -> tuple[float, float, int, str]:
    """Runs `command` in a child; returns its wall seconds, its peak memory (MB), its status and its output."""
    with tempfile.TemporaryFile("w+") as output:
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(child.pid, 0)  # the child's own accounting, peak memory included
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        output.seek(0)
        return seconds, usage.ru_maxrss / 1024, child.returncode, output.read()


def fill_first_rows(blank: Path, filled: Path, group: int) -> None:
    """Writes `filled`: `blank` with the first two rows of `group`'s table filled in, as a tablet would."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(blank))
    values = {}
    for move, (seat, cell) in enumerate([("A", "A1"), ("B", "B1")], start=1):
        row = f"group{group}.move.{move}."
        values |= {
            row + "player": seat,
            row + "letter": "S",
            row + "cell": cell,
            row + "lines": "-",
            row + "points": "0",
        }
    for page in writer.pages:
        writer.update_page_form_field_values(page, values, auto_regenerate=False)
    out = io.BytesIO()
    writer.write(out)
    filled.write_bytes(out.getvalue())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="runs of each measure")
    args = parser.parse_args()
    sos_print = [sys.executable, "-m", "sos_print"]
    rows = [
        "| form | fields | file | write: time | write: peak | read back: time | read back: peak |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for size, players, groups in FORMS:
        with tempfile.TemporaryDirectory() as folder:
            blank, filled = Path(folder) / "blank.pdf", Path(folder) / "filled.pdf"
            write = [*sos_print, "audit", "--fillable", "--size", str(size), "--players", str(players)]
            write += ["--groups", str(groups), "--out", str(blank), "--force"]
            writes = [measured(write) for _ in range(args.runs)]
            assert writes[-1][2] == 0, writes[-1][3]
            fill_first_rows(blank, filled, groups)
            reads = [measured([*sos_print, "check", str(filled)]) for _ in range(args.runs)]
            assert reads[-1][2] == 0, reads[-1][3]
            from sos_print.engine.rules import Variant
            from sos_print.forms.fields import fields_per_group

            fields = groups * fields_per_group(size, Variant(players=players), False)
            rows.append(
                f"| {groups} groups, {size} × {size}, {players} players | {fields:,} | "
                f"{blank.stat().st_size / 1e6:.1f} MB | "
                f"{statistics.median(w[0] for w in writes):.2f} s | {statistics.median(w[1] for w in writes):.0f} MB | "
                f"{statistics.median(r[0] for r in reads):.2f} s | {statistics.median(r[1] for r in reads):.0f} MB |"
            )
    print("\n".join(rows))
    write_section(rows, args.runs)
    return 0


def write_section(rows: list[str], runs: int) -> None:
    """Writes the figures into docs/performance.md between the forms markers (bench_kit.py keeps them)."""
    report = Path(__file__).resolve().parent.parent / "docs" / "performance.md"
    section = "\n".join(
        [
            "<!-- forms:start -->",
            "## The largest fillable audits",
            "",
            f"Written by `python benchmarks/bench_forms.py` (medians of {runs} runs, whole processes): the two largest",
            "forms `audit --fillable` accepts (20,000 fields), written, then read back by `sos-print check` after",
            "a group's first rows were filled in with pypdf. The target: under 500 MB each.",
            "",
            *rows,
            "<!-- forms:end -->",
        ]
    )
    old = report.read_text(encoding="utf-8")
    if "<!-- forms:start -->" in old:
        new = re.sub(r"<!-- forms:start -->.*?<!-- forms:end -->", lambda _: section, old, flags=re.DOTALL)
    else:
        new = old.rstrip("\n") + "\n\n" + section + "\n"
    report.write_text(new, encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
