"""Measures the largest fillable audits sos-print writes: the time and peak memory of writing one and reading it back.

Run by hand from the repository root, after `pip install .` (or `-e .`):

    python benchmarks/bench_forms.py            # 3 runs of each, medians
    python benchmarks/bench_forms.py --hostile  # the hostile files: a few bytes that would cost gigabytes

A form holds at most 20,000 fields (`forms/fields.py` MAX_FIELDS): the two forms below are the
largest `audit --fillable` accepts for their board and players. Each is written by
`sos-print audit --fillable`, one group's first rows are filled in as a tablet would fill them
(pypdf), and `sos-print check` reads it back. Every figure is a whole process, measured from
outside (peak resident memory from the operating system's accounting of the finished child).
The target: writing and reading each under 500 MB.

`--hostile` builds files an adversarial review found out of proportion (values shared by
thousands of fields, a few kilobytes that inflate to megabytes, a CSV cell of 160,000 lines)
and measures `sos-print check` on each: its time and peak memory must follow the file's size.
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


def raw_pdf(objects: dict[int, bytes], fields: list[int]) -> bytes:
    """Returns a PDF of one empty page whose form's fields are the objects `fields`; `objects` are the others' bodies,
    by number from 4 (1 to 3 are the catalog, the pages and the page). Raw, so that many fields can share one value."""
    references = b" ".join(b"%d 0 R" % number for number in fields)
    bodies = {
        1: b"<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [" + references + b"] >> >>",
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
        **objects,
    }
    out, offsets = bytearray(b"%PDF-1.7\n"), {}
    for number in sorted(bodies):
        offsets[number] = len(out)
        out += b"%d 0 obj\n" % number + bodies[number] + b"\nendobj\n"
    start, last = len(out), max(bodies)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (last + 1)
    out += b"".join(
        b"%010d 00000 n \n" % offsets[n] if n in offsets else b"0000000000 65535 f \n" for n in range(1, last + 1)
    )
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (last + 1, start)
    return bytes(out)


def sharing(value: bytes, names: list[bytes]) -> bytes:
    """Returns a PDF whose fields, named `names`, all take as /V the one object `value` (object 4)."""
    fields = {10 + k: b"<< /T (" + name + b") /FT /Tx /V 4 0 R >>" for k, name in enumerate(names)}
    return raw_pdf({4: value, **fields}, sorted(fields))


def flate(data: bytes) -> bytes:
    import zlib

    packed = zlib.compress(data, 9)
    return b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed) + packed + b"\nendstream"


def hostile_files(folder: Path) -> list[tuple[str, Path]]:
    """Writes the hostile files into `folder`; returns what each is and its path."""
    rows = [b"group1.move.%d.lines" % move for move in range(1, 71)]
    cases = [
        (
            "2,000 of a form's row fields, every value one string of 1 MB",
            "shared.pdf",
            sharing(b"(" + b"x" * 1_000_000 + b")", [b"group1.move.%d.lines" % k for k in range(1, 2001)]),
        ),
        (
            "2,000 fields of another form, every value one string of 1 MB",
            "shared-other.pdf",
            sharing(b"(" + b"x" * 1_000_000 + b")", [b"f%d" % k for k in range(2000)]),
        ),
        (
            "70 row fields sharing one Flate stream of 20 MB inflated",
            "flate-shared.pdf",
            sharing(flate(b"A1-A3 " * 3_400_000), rows),
        ),
        (
            "a lines value of 1.7 million segments, Flate-compressed",
            "lines-stream.pdf",
            sharing(flate(b"A1-A3 " * 1_700_000), rows[:1]),
        ),
        (
            "a value stream of 70 MB, stored",
            "stored-stream.pdf",
            sharing(b"<< /Length 70000000 >>\nstream\n" + b"A" * 70_000_000 + b"\nendstream", rows[:1]),
        ),
    ]
    written = []
    for what, name, data in cases:
        (folder / name).write_bytes(data)
        written.append((what, folder / name))
    csv = folder / "long-cell.csv"
    csv.write_text("player,letter,cell,lines,points\nA,S,A1," + "A1-A3 " * 160_000 + ",0\n")
    written.append(("a CSV record of 1 MB, one lines cell of 160,000 segments", csv))
    return written


def hostile(sos_print: list[str], runs: int) -> list[str]:
    """Returns the table of `sos-print check` on each hostile file: time, peak memory, and the line it prints."""
    rows = ["| file | size | time | peak | says |", "|---|---:|---:|---:|---|"]
    with tempfile.TemporaryDirectory() as folder:
        # Written by a child of its own: a child forked from a process that held them would count them in its peak.
        made = subprocess.run([sys.executable, __file__, "--write-hostile", folder], capture_output=True, text=True)
        assert made.returncode == 0, made.stderr
        for what, path in (line.split("\t") for line in made.stdout.splitlines()):
            path = Path(path)
            size = ["--size", "4"] if path.suffix == ".csv" else []
            checks = [measured([*sos_print, "check", str(path), *size]) for _ in range(runs)]
            said = checks[-1][3].splitlines()[0].split(": ", 1)[1]
            rows.append(
                f"| {what} | {_size(path.stat().st_size)} | {statistics.median(c[0] for c in checks):.2f} s | "
                f"{statistics.median(c[1] for c in checks):.0f} MB | {said} |"
            )
    return rows


def _size(size: int) -> str:
    return f"{size / 1e6:.1f} MB" if size >= 1e6 else f"{size / 1e3:.0f} kB"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="runs of each measure")
    parser.add_argument("--hostile", action="store_true", help="measure the hostile files instead")
    parser.add_argument("--write-hostile", metavar="FOLDER", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.write_hostile:
        for what, path in hostile_files(Path(args.write_hostile)):
            print(f"{what}\t{path}")
        return 0
    sos_print = [sys.executable, "-m", "sos_print"]
    if args.hostile:
        rows = hostile(sos_print, args.runs)
        print("\n".join(rows))
        write_section(rows, args.runs, "hostile", HOSTILE_HEADING)
        return 0
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

            fields = groups * fields_per_group(size, Variant(players=players))
            rows.append(
                f"| {groups} groups, {size} × {size}, {players} players | {fields:,} | "
                f"{blank.stat().st_size / 1e6:.1f} MB | "
                f"{statistics.median(w[0] for w in writes):.2f} s | {statistics.median(w[1] for w in writes):.0f} MB | "
                f"{statistics.median(r[0] for r in reads):.2f} s | {statistics.median(r[1] for r in reads):.0f} MB |"
            )
    print("\n".join(rows))
    write_section(rows, args.runs, "forms", FORMS_HEADING)
    return 0


FORMS_HEADING = [
    "## The largest fillable audits",
    "",
    "Written by `python benchmarks/bench_forms.py` (medians of {runs} runs, whole processes): the two largest",
    "forms `audit --fillable` accepts (20,000 fields), written, then read back by `sos-print check` after",
    "a group's first rows were filled in with pypdf. The target: under 500 MB each.",
]
HOSTILE_HEADING = [
    "## Hostile forms and records",
    "",
    "Written by `python benchmarks/bench_forms.py --hostile` (medians of {runs} runs, whole processes): files",
    "built to cost far more than their size. Before values were held to their fields' lengths, the first two took",
    "2 GB each, the third 1.4 GB, the fourth 31 s and 1 GB, the fifth failed with MemoryError, the CSV file 2.3 s.",
    "The target: time and memory in proportion to the file.",
]


def write_section(rows: list[str], runs: int, marker: str, heading: list[str]) -> None:
    """Writes the figures into docs/performance.md between the section's markers (bench_kit.py keeps them)."""
    report = Path(__file__).resolve().parent.parent / "docs" / "performance.md"
    start, end = f"<!-- {marker}:start -->", f"<!-- {marker}:end -->"
    section = "\n".join([start, *(line.format(runs=runs) for line in heading), "", *rows, end])
    old = report.read_text(encoding="utf-8")
    if start in old:
        new = re.sub(rf"{re.escape(start)}.*?{re.escape(end)}", lambda _: section, old, flags=re.DOTALL)
    else:
        new = old.rstrip("\n") + "\n\n" + section + "\n"
    report.write_text(new, encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
