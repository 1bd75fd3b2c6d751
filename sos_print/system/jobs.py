"""Runs a command as a job of the web page: its files kept in memory, its lines kept, its progress reported.

The commands know nothing of the web page. Where a run on the command line would write its files,
print a line or show progress (`cli.run`, `cli.process`), each first asks `current()` whether it
runs as a job, and if so hands the files, lines and steps to the job instead. The job lives in a
context variable, so that each worker thread of the page has its own. A job that is cancelled
(its client went away, or it ran out of time) stops at its next step of progress.
"""

from __future__ import annotations

import contextvars
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from sos_print.engine.frozen import frozen


class Cancelled(Exception):
    """Signals that a job was cancelled: its client went away, or it ran longer than it may."""


@frozen
class Output:
    """Holds one file a job made: its name as the command would have written it, its bytes and pages."""

    name: str
    data: bytes
    pages: int


class Job:
    """Collects what one run of a command gives: files, lines, progress; and tells it when to stop.

    `on_progress` is called with (what, done, total) from the worker running the job.
    """

    def __init__(self, seconds: float, on_progress: Callable[[str, int, int], None] | None = None) -> None:
        self.deadline = time.monotonic() + seconds
        self.outputs: list[Output] = []
        self.lines: list[tuple[str, bool]] = []  # (text, on standard error)
        self._cancelled = threading.Event()
        self._on_progress = on_progress

    def cancel(self) -> None:
        """Asks the job to stop at its next step."""
        self._cancelled.set()

    @property
    def cancelled(self) -> bool:
        """Tells whether the job was asked to stop."""
        return self._cancelled.is_set()

    def step(self, what: str, done: int, total: int) -> None:
        """Reports a step of progress; raises Cancelled if the job was cancelled or ran out of time."""
        self.checkpoint()
        if self._on_progress is not None:
            self._on_progress(what, done, total)

    def checkpoint(self) -> None:
        """Raises Cancelled if the job was cancelled or ran out of time."""
        if self._cancelled.is_set():
            raise Cancelled("the job was cancelled")
        if time.monotonic() > self.deadline:
            self._cancelled.set()
            raise Cancelled("the job ran out of time")

    def say(self, text: str, err: bool) -> None:
        """Keeps a line the command would have printed."""
        self.lines.append((text, err))


_current: contextvars.ContextVar[Job | None] = contextvars.ContextVar("sos_print_job", default=None)


def current() -> Job | None:
    """Returns the job this thread runs, or None on the command line."""
    return _current.get()


@contextmanager
def running(job: Job) -> Iterator[Job]:
    """Runs the block as `job`."""
    token = _current.set(job)
    try:
        yield job
    finally:
        _current.reset(token)
