"""Checks, in an environment holding only sos-print's declared runtime dependencies, what needs no test tool.

`.ci/run` installs `pip install .` alone into a new virtual environment and runs this script there:
an audit a tablet saved with AES and an owner password only (it opens with no password) must be
read, which pypdf does only with the `cryptography` package that sos-print declares; and the web
page of `sos-print serve` must make a document and its preview (werkzeug, pypdfium2).
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
    return serve_page()


def serve_page() -> int:
    """Starts `sos-print serve`, asks it for boards with their preview (werkzeug and pypdfium2 at work), stops it."""
    import http.client
    import json
    import re
    import signal

    process = subprocess.Popen(
        [sys.executable, "-m", "sos_print", "serve", "--no-browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        address = re.search(r"http://127\.0\.0\.1:(\d+)/\?key=(\S+)", process.stdout.readline())
        if address is None:
            print("sos-print serve did not start", file=sys.stderr)
            return 1
        port, key = address.groups()
        body = '--B\r\nContent-Disposition: form-data; name="job"\r\n\r\nboards\r\n--B--\r\n'
        connection = http.client.HTTPConnection("127.0.0.1", int(port), timeout=60)
        headers = {
            "Content-Type": "multipart/form-data; boundary=B",
            "Cookie": f"sos_print_{port}={key}",
            "Origin": f"http://127.0.0.1:{port}",
            "Accept": "application/x-ndjson",
        }
        connection.request("POST", "/en/boards", body=body, headers=headers)
        lines = [json.loads(line) for line in connection.getresponse().read().splitlines() if line.strip()]
        result = next(line["result"] for line in lines if "result" in line)
        if result["status"] != 0 or len(result["preview"]) != 1:
            print(f"the web page made no boards with their preview: {result['status']}", file=sys.stderr)
            return 1
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=30)
    print("runtime dependencies: the web page makes boards and their preview")
    return 0


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sos_print", *args], capture_output=True, text=True, check=False)


if __name__ == "__main__":
    sys.exit(main())
