"""Benchmarks the web page: a class kit from a warm `sos-print serve`, beside the command line's and the bare-reportlab
baseline's whole processes, and the page's throughput with 1, 2 and 8 clients at once.

Run by hand from the repository root, after `pip install .` (or `-e .`):

    python benchmarks/bench_serve.py                       # 7 paired runs, baseline in ../shared/bench
    python benchmarks/bench_serve.py --runs 11 --baseline ../shared/bench

Each run times, one after the other, the same 30-group kit (4 x 4, both languages, as bench_kit.py
makes it) three ways: requested from the warm page (the time the client waits for the whole
archive), made by a fresh `sos-print kit` process, and drawn by a fresh baseline process; the
ratios are taken run by run, then their medians. The page runs on 127.0.0.1 only. The figures go
into docs/performance.md between the serve markers.
"""

from __future__ import annotations

import argparse
import http.client
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

from bench_solver import write_section

ROOT = Path(__file__).resolve().parent.parent
KIT = {"job": "kit", "groups": "30", "size": "4", "lang": "en+fr"}
START, END = "<!-- serve:start -->", "<!-- serve:end -->"
TARGET = 0.5  # the warm page's kit against the baseline's whole process (issue 25)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7, help="paired runs of each measure")
    parser.add_argument("--baseline", default=str(ROOT.parent / "shared" / "bench"), help="the baseline's folder")
    parser.add_argument("--requests", type=int, default=12, help="kits asked for in each throughput measure")
    args = parser.parse_args()
    baseline = Path(args.baseline).resolve() / "rl_canvas.py"  # the baseline runs in its own folder
    with tempfile.TemporaryDirectory() as folder:
        server, address = start(Path(folder))
        try:
            port, key = int(address.split(":")[2].split("/")[0]), address.rsplit("key=", 1)[1]
            kit(port, key)  # warm-up: the first kit loads and compiles what every later one reuses
            rows = paired(port, key, baseline, Path(folder), args.runs)
            throughput = [(clients, rate(port, key, clients, args.requests)) for clients in (1, 2, 8)]
        finally:
            server.terminate()
            server.communicate(timeout=60)
    section = report(rows, throughput, args.runs, args.requests)
    print(section)
    write_section(ROOT / "docs" / "performance.md", section, START, END)
    return 0


def start(folder: Path) -> tuple[subprocess.Popen[str], str]:
    """Starts the page with one worker per core; returns the process and its address."""
    process = subprocess.Popen(
        [sys.executable, "-m", "sos_print", "serve", "--no-browser"],
        stdout=subprocess.PIPE,
        text=True,
        cwd=folder,
    )
    assert process.stdout is not None
    for line in process.stdout:
        found = re.search(r"(http://\S+)", line)
        if found:
            return process, found.group(1)
    raise RuntimeError("sos-print serve did not start")


def kit(port: int, key: str) -> float:
    """Asks the page for the kit; returns the seconds until the whole archive has arrived."""
    boundary = uuid.uuid4().hex
    body = (
        b"".join(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
            for name, value in KIT.items()
        )
        + f"--{boundary}--\r\n".encode()
    )
    headers = {
        "Content-Type": f"multipart/form-data; boundary={boundary}",
        "Cookie": f"sos_print_{port}={key}",
        "Origin": f"http://127.0.0.1:{port}",
    }
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    connection.request("POST", "/en/kit", body=body, headers=headers)
    response = connection.getresponse()
    data = response.read()
    took = time.perf_counter() - started
    if response.status != 200 or not data.startswith(b"PK"):
        raise RuntimeError(f"the page answered {response.status}")
    return took


def whole(command: list[str], folder: Path) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, cwd=folder)
    return time.perf_counter() - started


def paired(port: int, key: str, baseline: Path, folder: Path, runs: int) -> list[tuple[float, float, float]]:
    """Returns, run by run, the page's kit, the command line's whole process and the baseline's whole process."""
    cli = [sys.executable, "-m", "sos_print", "kit", *_cli_options(), "--out", str(folder / "cli"), "--force"]
    drawn = [sys.executable, str(baseline), str(folder / "baseline.pdf")]
    return [(kit(port, key), whole(cli, folder), whole(drawn, baseline.parent)) for _ in range(runs)]


def _cli_options() -> list[str]:
    return ["--groups", KIT["groups"], "--size", KIT["size"], "--lang", KIT["lang"]]


def rate(port: int, key: str, clients: int, requests: int) -> float:
    """Returns the kits a second the page gives to `clients` asking at once, `requests` in all."""
    left = list(range(requests))
    lock = threading.Lock()

    def client() -> None:
        while True:
            with lock:
                if not left:
                    return
                left.pop()
            kit(port, key)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return requests / (time.perf_counter() - started)


def report(rows: list[tuple[float, float, float]], throughput: list[tuple[int, float]], runs: int, asked: int) -> str:
    """Returns the section of docs/performance.md: the paired times and their ratios, then the throughput."""
    page = statistics.median(row[0] for row in rows)
    cli = statistics.median(row[1] for row in rows)
    base = statistics.median(row[2] for row in rows)
    to_base = statistics.median(row[0] / row[2] for row in rows)
    cli_to_base = statistics.median(row[1] / row[2] for row in rows)
    lines = [
        START,
        "## The web page",
        "",
        f"Written by `python benchmarks/bench_serve.py` (medians of {runs} paired runs): a 30-group kit (4 × 4, both",
        "languages) asked of a warm `sos-print serve` on 127.0.0.1 (the time until the whole archive has arrived),",
        "beside the command line's and the bare-reportlab baseline's whole processes, run by run. The aim: the",
        f"page's kit in at most {TARGET:.1f} × the baseline's whole process.",
        "",
        "| measure | time | against the baseline's whole process |",
        "|---|---:|---:|",
        f"| the page, warm | {page * 1000:.0f} ms | {to_base:.2f} × |",
        f"| `sos-print kit`, whole process | {cli * 1000:.0f} ms | {cli_to_base:.2f} × |",
        f"| baseline, whole process | {base * 1000:.0f} ms | 1.00 × |",
        "",
        f"Throughput: {asked} kits asked by 1, 2 and 8 clients at once, one worker per core.",
        "",
        "| clients | kits a second |",
        "|---:|---:|",
        *(f"| {clients} | {kits:.2f} |" for clients, kits in throughput),
        END,
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
