"""Checks, in an environment holding only sos-print's declared runtime dependencies, what needs no test tool.

`.ci/run` installs `pip install .` alone into a new virtual environment and runs this script there:
an audit a tablet saved with AES and an owner password only (it opens with no password) must be
read, which pypdf does only with the `cryptography` package that sos-print declares.
"""

from __future__ import annotations

import io
import subprocess
import sys
import tempfile
from pathlib import Path

from pypdf import PdfReader, PdfWriter


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        blank, filled = Path(folder) / "blank.pdf", Path(folder) / "filled.pdf"
        run("audit", "--fillable", "--size", "3", "--out", str(blank))
        writer = PdfWriter(clone_from=PdfReader(blank))
        values = {"group1.move.1.player": "A", "group1.move.1.letter": "S", "group1.move.1.cell": "A1"}
        values |= {"group1.move.1.lines": "-", "group1.move.1.points": "0"}
        for page in writer.pages:
            writer.update_page_form_field_values(page, values, auto_regenerate=False)
        writer.encrypt(user_password="", owner_password="teacher", algorithm="AES-256")
        out = io.BytesIO()
        writer.write(out)
        filled.write_bytes(out.getvalue())
        result = run("check", str(filled))
        if result.stdout != "checked 1 file: every claim holds\n":
            print(f"an AES-encrypted audit was not read: {result.stdout!r} {result.stderr!r}", file=sys.stderr)
            return 1
    print("runtime dependencies: an AES-encrypted audit reads back")
    return 0


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sos_print", *args], capture_output=True, text=True, check=False)


if __name__ == "__main__":
    sys.exit(main())
