"""Starts `sos-print serve` in a process of its own for the tests that need a real server, and stops it."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from conftest import ROOT


@dataclass
class Server:
    """A running `sos-print serve`: its process, the address it printed (with its key), and its temporary folder."""

    process: subprocess.Popen[str]
    address: str
    temporary: Path
    said: list[str]  # the lines it printed on starting

    @property
    def origin(self) -> str:
        return self.address.split("/?", 1)[0]

    @property
    def key(self) -> str:
        return self.address.rsplit("key=", 1)[1]

    @property
    def port(self) -> int:
        return int(self.origin.rsplit(":", 1)[1])

    def stop(self, signum: int = signal.SIGINT, timeout: float = 30) -> tuple[int, str, str]:
        """Sends `signum`, waits, and returns the status and what the process printed on each stream."""
        if self.process.poll() is None:
            self.process.send_signal(signum)
        out, err = self.process.communicate(timeout=timeout)
        return self.process.returncode, out, err


def start(temporary: Path, *options: str, timeout: float = 30) -> Server:
    """Starts the page on a free port of 127.0.0.1, its temporary files in `temporary`; returns once it listens."""
    temporary.mkdir(parents=True, exist_ok=True)
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(temporary), "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "sos_print", "serve", "--no-browser", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment,
    )
    deadline = time.monotonic() + timeout
    assert process.stdout is not None
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        found = re.search(r"(http://\S+)", line)
        if found:  # the line after it is read too: communicate() later reads the pipe, not this file's buffer
            return Server(process, found.group(1), temporary, [line.rstrip("\n"), process.stdout.readline().rstrip()])
        if not line and process.poll() is not None:
            break
    process.kill()
    raise AssertionError(f"sos-print serve did not start: {process.communicate()}")
